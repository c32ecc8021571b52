"""Karma: rewards, the mandatory trades at 10 points, and the Master Skill action."""

from __future__ import annotations

from referee.core import BadRequest, cites

from .profiles import (
    CORRUPTION_CARDS,
    MASTER_SKILL_COST,
    MAX_WEAPON_LEVEL,
    PILGRIM_NAMES,
    TRADE_BLOCK,
)
from .rules import Q_NO_CARDS

Q_MASTER_ROW = ("| 4 Good Karma + 1 Action Point | A One-time-use Skill Card. This is the Master Skill "
                "Action. |")
Q_GOOD_ROW = "| 10 Good Karma | A Permanent Skill Card (mandatory trade). |"
Q_BAD_ROW = "| 10 Bad Karma | An upgraded Weapon Card & a Corruption Card (mandatory trade). |"
Q_MANDATORY = "The trades marked as mandatory must be made when the Karma level is met or exceeded."
Q_MASTER_ONCE = "Each Pilgrim can only Master a new skill once per Activation."
Q_DRAW_UNTIL = ("If you draw a card of the wrong type, place it in the Discard Pile (don't worry, the "
                "Discard Pile will be shuffled and reused later), and keep drawing until you find a "
                "card that is the right type.")
Q_UPGRADE = ("By trading in 10 Bad Karma Points at a time, upgrade first to the Level 2 and then to "
             "the Level 3 Weapon Card.")
Q_FULLY_UPGRADED = ("Once the Weapon Card has been fully upgraded, the Pilgrim must still trade 10 "
                    "Points of Bad Karma for another Corruption Card each time their Bad Karma "
                    "reaches or exceeds 10 Points.")
Q_CORRUPTION = "The Pilgrim also takes a Corruption Card when making this trade."
Q_RETAINED = ("When taking Good Karma rewards, draw a Skill Card from your deck and check that it "
              "says it is \"discarded after use\" if you are looking for a One-time-use Skill Card, "
              "or \"retained\" if you are looking for a Permanent Skill Card.")


class KarmaMixin:
    """Good and Bad Karma of `Game`."""

    def gain_karma(self, name: str, kind: str, points: int, quote: str) -> None:
        if not points:
            return
        pilgrim = self.pilgrim(name)
        pilgrim[f"{kind}_karma"] += points
        self.effect(f"{PILGRIM_NAMES[name]} gains {points} {kind.title()} Karma: "
                    f"{pilgrim[f'{kind}_karma']}.", quote)
        if pilgrim[f"{kind}_karma"] >= TRADE_BLOCK:
            self.effect(f"{PILGRIM_NAMES[name]} has {pilgrim[f'{kind}_karma']} {kind.title()} "
                        "Karma: the trade is mandatory now.", Q_MANDATORY)

    def corruption_cards_left(self) -> int:
        """Corruption Cards still to draw: the deck less those the Pilgrims hold (permanent, never
        discarded)."""
        held = sum(len(p["corruption"]) for p in self.G["pilgrims"].values())
        return max(0, CORRUPTION_CARDS - held)

    def trades_due(self, name: str) -> list[str]:
        """The mandatory trades due ("Good", "Bad"): both at once when both wheels reached 10
        ("…trade in points of both types. Simply apply all effects.")."""
        pilgrim = self.pilgrim(name)
        return [kind.title() for kind in ("good", "bad") if pilgrim[f"{kind}_karma"] >= TRADE_BLOCK]

    # -- the mandatory trades ------------------------------------------------------------------------

    @cites(Q_MANDATORY)
    def trade_is_due(self, event):
        points = self.pilgrim(event["pilgrim"])[f"{event['kind']}_karma"]
        if points >= TRADE_BLOCK:
            return True
        row = Q_GOOD_ROW if event["kind"] == "good" else Q_BAD_ROW
        raise self.violation(f"{PILGRIM_NAMES[event['pilgrim']]} has {points} "
                             f"{event['kind'].title()} Karma, not 10.", row)

    @cites(Q_UPGRADE)
    def trade_draw(self, event):
        if event["kind"] == "good":
            if "card" not in event:
                raise BadRequest("name the Permanent Skill Card (\"retained\") kept", "event.card")
            if "corruption" in event or "upgrade_weapon" in event:
                raise self.violation("Good Karma gives a Permanent Skill Card.", Q_GOOD_ROW)
            return True
        left = self.corruption_cards_left()
        if "corruption" not in event and left:
            raise BadRequest("name the Corruption Card drawn", "event.corruption")
        if "corruption" in event and not left:
            raise self.violation(f"The Pilgrims hold all {CORRUPTION_CARDS} Corruption Cards: "
                                 "none can be drawn.", Q_NO_CARDS)
        if "card" in event:
            raise self.violation("Bad Karma gives a weapon upgrade and a Corruption Card.",
                                 Q_BAD_ROW)
        level = self.pilgrim(event["pilgrim"])["weapon_level"]
        if level >= MAX_WEAPON_LEVEL:
            if event.get("upgrade_weapon"):
                raise self.violation("The Level 3 Weapon Card is the last: only a Corruption "
                                     "Card.", Q_FULLY_UPGRADED)
            return True
        return (event.get("upgrade_weapon", True)
                or f"The Level {level} Weapon Card is upgraded to Level {level + 1}.")

    def do_karma_trade(self, event):
        name, kind = event["pilgrim"], event["kind"]
        pilgrim, label = self.pilgrim(name), PILGRIM_NAMES[name]
        pilgrim[f"{kind}_karma"] -= TRADE_BLOCK
        if kind == "good":
            pilgrim["skills"].append(event["card"])
            wrong = event.get("discarded") or []
            self.effect(f"{label} trades 10 Good Karma for the Permanent Skill Card "
                        f"{event['card']}" + (f" ({len(wrong)} wrong-type cards discarded)"
                                              if wrong else "") + ".", Q_RETAINED)
        else:
            if pilgrim["weapon_level"] < MAX_WEAPON_LEVEL:
                pilgrim["weapon_level"] += 1
                self.effect(f"{label} trades 10 Bad Karma: the Level {pilgrim['weapon_level']} "
                            "Weapon Card.", Q_UPGRADE)
            else:
                self.effect(f"{label} trades 10 Bad Karma: the weapon is fully upgraded.",
                            Q_FULLY_UPGRADED)
            if "corruption" in event:
                pilgrim["corruption"].append(event["corruption"])
                self.effect(f"{label} takes the Corruption Card {event['corruption']}.",
                            Q_CORRUPTION)
            else:
                self.effect(f"{label} takes no Corruption Card: the Pilgrims hold all "
                            f"{CORRUPTION_CARDS}.", Q_NO_CARDS)

    # -- Master Skill ------------------------------------------------------------------------------

    @cites(Q_MASTER_ONCE)
    def master_once(self, event):
        return (not self.activation()["mastered"]
                or f"{PILGRIM_NAMES[event['pilgrim']]} has Mastered a skill this activation.")

    @cites(Q_MASTER_ROW)
    def good_karma_for_skill(self, event):
        points = self.pilgrim(event["pilgrim"])["good_karma"]
        return (points >= MASTER_SKILL_COST
                or f"{PILGRIM_NAMES[event['pilgrim']]} has {points} Good Karma, not 4.")

    def do_master_skill(self, event):
        self.spend(event, "master_skill")
        self.activation()["mastered"] = True
        pilgrim = self.pilgrim(event["pilgrim"])
        pilgrim["good_karma"] -= MASTER_SKILL_COST
        pilgrim["skills"].append(event["card"])
        self.effect(f"{PILGRIM_NAMES[event['pilgrim']]} Masters a skill: 4 Good Karma for the "
                    f"One-time-use Skill Card {event['card']}.", Q_DRAW_UNTIL)
        self.after_action()
