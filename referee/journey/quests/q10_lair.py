"""Quest 10 Part 1 - The Lair: the Race to the Bridge. Two Gates start with Turn Tokens (4 and 8) and
stay inactive until they run out; the Part ends when a Pilgrim steps onto the Fiery Bridge (entered:
`fiery_bridge`) — a Heroic Victory with all 4 Sutra Tokens, else a Defeat — or when a Pilgrim is
Killed. Part 2 (`q10_seal_the_gate.py`) carries on from here: a campaign starts it from this end.

Which Gates are "at the lower left" and "at the top right" is the Quest Mini-Map's: entered as
`quest_setup.turn_tokens` ({gate: tokens}), by default gate-1 (4) and gate-2 (8).
"""

from __future__ import annotations

from referee.core import EventType, SetupError

from . import (
    Q_TWO_UPGRADES,
    Quest,
    QuestEvent,
    all_of,
    any_of,
    holds,
    sutras_available,
    sutras_held,
)

Q_TOKENS = ("Place 4 Turn Tokens on the Gate at the lower left side of the Game Board and 8 Turn "
            "Tokens on the Gate at the top right.")
Q_RACE = ("Race to the Bridge: In the End of Turn Phase, remove a Turn Token from each Gate, if "
          "there are Turn Tokens still in play. Gates with Turn Tokens are inactive.")
Q_ENDS = ("The Race to the Bridge ends immediately when one Pilgrim steps on the Fiery Bridge or "
          "when a Pilgrim is Killed.")
Q_HEROIC = ("Heroic Victory: The Pilgrims must have all 4 Sutra Tokens between them and then 1 "
            "Pilgrim steps onto the Fiery Bridge.")
Q_VICTORY = "Victory: There are only Heroic Victories against the Bull Demon King!"
Q_DEFEAT = ("Defeat: Any Pilgrim is Killed or they don't have 4 Sutras when 1 Pilgrim reaches "
            "the Fiery Bridge.")
DEFAULT_TOKENS = {"gate-1": 4, "gate-2": 8}
ALL_SUTRAS = 4
PILGRIM = {"enum": ["monkey_king", "cho_hakkai", "monk_sha", "tripitaka"]}


def state(game) -> dict:
    return game.G["quest_state"]


def on_bridge(game) -> bool:
    return state(game)["bridge"] is not None


def killed(game) -> bool:
    return any(p["status"] == "dead" for p in game.G["pilgrims"].values())


def four_then_bridge(game) -> bool:
    return state(game)["bridge_sutras"] is not None and state(game)["bridge_sutras"] >= ALL_SUTRAS


STEPS_ON_BRIDGE = holds("one Pilgrim steps on the Fiery Bridge", on_bridge)
PILGRIM_KILLED = holds("a Pilgrim is Killed", killed)


class TheLair(Quest):
    key = "q10a"
    number = 10
    part = 1
    title = "Quest 10 Part 1 - The Lair"
    upgrades, upgrades_quote = 2, Q_TWO_UPGRADES
    board = {"gates": 4, "villagers": 5, "sutras": 4, "boxes": 3, "broken_doors": 3}
    setup_schema = {
        "type": "object",
        "properties": {"turn_tokens": {
            "type": "object", "minProperties": 2, "maxProperties": 2,
            "additionalProperties": {"enum": [4, 8]},
            "description": "the Gate at the lower left (4 Turn Tokens) and the one at the top "
                           "right (8), by name; default {\"gate-1\": 4, \"gate-2\": 8}"}},
        "additionalProperties": False,
    }
    event_types = {
        "fiery_bridge": QuestEvent(EventType(
            "Quest 10 Part 1: a Pilgrim steps onto the Fiery Bridge with the Move just entered "
            "(also when it spent his last Action Point).",
            properties={"pilgrim": PILGRIM}, required=("pilgrim",),
            example={"type": "fiery_bridge", "player": "p1", "pilgrim": "monkey_king"}),
            # right after the Move: the last Pilgrim's last Action Point ends the Pilgrim Phase
            ("pilgrims", "demons_spawn", "demons_activate")),
    }
    ends = (any_of("end", Q_ENDS, STEPS_ON_BRIDGE, PILGRIM_KILLED),)
    heroic = all_of("heroic_victory", Q_HEROIC,
                    holds("all 4 Sutra Tokens between them", lambda game: (
                        sutras_held(game) >= ALL_SUTRAS if not on_bridge(game)
                        else four_then_bridge(game)),
                          lambda game: sutras_available(game) < ALL_SUTRAS and not
                          four_then_bridge(game)),
                    holds("then 1 Pilgrim steps onto the Fiery Bridge", on_bridge))
    victory = all_of("victory", Q_VICTORY,
                     holds("There are only Heroic Victories", lambda game: False,
                           lambda game: True))
    defeats = (all_of("defeat", Q_DEFEAT, PILGRIM_KILLED),)
    defeat_at_end = Q_DEFEAT

    @classmethod
    def prepare(cls, G, options, entered):
        tokens = entered.get("turn_tokens") or DEFAULT_TOKENS
        if sorted(tokens.values()) != [4, 8]:
            raise SetupError("one Gate takes 4 Turn Tokens and the other 8",
                             "options.quest_setup.turn_tokens")
        unknown = [g for g in tokens if g not in G["gates"]]
        if unknown:
            raise SetupError(f"there is no Gate named {unknown[0]}",
                             "options.quest_setup.turn_tokens")
        # one Turn Token removed each End of Turn: a game joined at a later Turn has lost one for
        # each Turn played; "Gates with Turn Tokens are inactive", the others active (or Closed)
        left = {gate: n - (G["turn"] - 1) for gate, n in tokens.items()}
        for gate, n in left.items():
            if G["gates"][gate]["status"] != "closed":
                G["gates"][gate]["status"] = "inactive" if n > 0 else "active"
        G["quest_state"].update({"gate_tokens": {gate: n for gate, n in left.items() if n > 0},
                                 "bridge": None, "bridge_sutras": None, "mover": None})

    @classmethod
    def after_event(cls, game, event=None):
        """Who made the last Move (a Move Action, or a card's extra Move): the Pilgrim who may step
        onto the Fiery Bridge with it — also when it spent his last Action Point and his
        activation is over."""
        if event is not None and event["type"] != "fiery_bridge":
            moved = event["type"] == "move" or (event["type"] == "play_card" and "move" in event)
            state(game)["mover"] = event["pilgrim"] if moved else None
        super().after_event(game, event)

    @classmethod
    def on_end_of_turn(cls, game):
        tokens = state(game)["gate_tokens"]
        for gate in list(tokens):
            tokens[gate] -= 1
            if tokens[gate]:
                game.effect(f"A Turn Token is removed from {gate}: {tokens[gate]} left.", Q_RACE)
                continue
            del tokens[gate]
            if game.G["gates"][gate]["status"] == "inactive":
                game.G["gates"][gate]["status"] = "active"
            game.effect(f"The last Turn Token is removed from {gate}: it is active.", Q_RACE)

    @classmethod
    def own_legal(cls, game):
        mover = state(game)["mover"]
        if mover is None or game.G["pilgrims"][mover]["status"] != "active":
            return []
        return [{"type": "fiery_bridge", "player": game.G["controllers"][mover], "pilgrim": mover}]

    @classmethod
    def event_fiery_bridge(cls, game, event):
        for name in ("controls_pilgrim", "conscious"):
            getattr(game, name)(event)
        if state(game)["mover"] != event["pilgrim"]:
            activation = game.activation()
            if activation is not None and activation["pilgrim"] != event["pilgrim"]:
                game.is_active_pilgrim(event)  # out of turn: the initiative's sentence
            raise game.violation(f"{game.name_of(event['pilgrim'])} has not just moved: a "
                                 "Pilgrim steps onto the Fiery Bridge with a Move (enter the "
                                 "Move first).", Q_ENDS)
        state(game)["bridge"] = event["pilgrim"]
        state(game)["bridge_sutras"] = sutras_held(game)
        game.effect(f"{game.name_of(event['pilgrim'])} steps onto the Fiery Bridge with "
                    f"{sutras_held(game)} Sutra Token{'s' * (sutras_held(game) != 1)} among the "
                    "Pilgrims.", Q_ENDS)


QUEST = TheLair
