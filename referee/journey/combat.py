"""Attacks: Targets, the attacker's damage, the Target's defense, Defeat, Knock Back and Crushing
Damage, Kill or Cleanse, and Karma for each. Dice are entered as rolled (0 for X)."""

from __future__ import annotations

from referee.core import BadRequest, cites

from .card_effects import (
    Q_ASURA_DEFEAT,
    Q_BROTHERHOOD,
    Q_CARDS_FIRST,
    Q_LOS,
    Q_MERCY,
    Q_REROLL,
    Q_SEPARATE,
    Q_TWICE,
)
from .profiles import PILGRIM_NAMES, demon_name, weapon_damage
from .rules import (
    Q_BEFORE_TRIGGER,
    Q_BLUE,
    Q_CONDITION_UNDEFENDED,
    Q_DEAD,
    Q_DISABLED,
    Q_HAND,
    Q_NO_INTERRUPT,
    Q_PARALYZED,
    Q_RED_ENTERED,
    Q_ROOMS,
    Q_UNCONSCIOUS,
)

Q_RETURN = "Then return the card to your hand or discard it, as instructed by the card."
Q_MUST_KILL = "If the Attacker has no other option, the Defeated Target must be Killed."
Q_KARMA_WHEELS = ("This step is only required if the Attacker has adjustable Good and Bad Karma "
                  "Wheels on their Profile Sheet.")
Q_SAME_TYPE = ("Pilgrims cannot target other Pilgrims, Neutral Creatures cannot target other "
               "Neutral Creatures and Demons cannot target other Demons.")
Q_ONE_TARGET = ("This indicates that no matter how many Targets are in this Pilgrim's Attack "
                "Range, he can only select 1 Target to attack each Attack Action.")
Q_RANGE = ("The Attacker can only attack Targets that are in range and that the Attacker can see "
           "clearly.")
Q_ATTACK_DICE = ("Roll the number of Attack Dice shown on the Pilgrim Profile Sheet or the Demon "
                 "Profile Sheet and add up all the numbers shown.")
Q_NO_WEAPON = "If the Pilgrim currently has no weapon, do not roll the Pilgrim Die."
Q_WEAPON = ("Instead of simply adding the roll to the damage total, lookup the number rolled on the "
            "Weapon Card to see the actual result.")
Q_WEAPON_DIE = ("Characters with a Weapon Card equipped will roll a Pilgrim Die for the weapon as "
                "part of the attack roll.")
Q_DEFEAT = ("To see if you Defeat the Target, see how much damage is actually done. The total "
            "damage is the difference between the Attacker's damage and the Target's defense.")
Q_ONE_HIT = ("If the Health Points of the Target (HP) is an individual value, the Target is a One "
             "Hit Kill. You must do at least this much damage in one attack to Defeat the character. "
             "Their Health Points remain unchanged by any attacks that do not Defeat them.")
Q_TRACK = ("If the Profile Sheet has a Health Track, the Target will accumulate damage over several "
           "attacks. Reduce the current Health Points by the Total Damage.")
Q_FAILURE = ("If the total damage is 0 or less, for example the Attacker scores 2 damage and the "
             "Target scores 3 defense, the attack is a complete failure.")
Q_CRUSH = ("For each square that the Target cannot be moved, give the Target 1 point of Crushing "
           "Damage. The Target cannot defend against Crushing Damage.")
Q_KILL = ("Killing is automatic and does not require any further dice rolls. The Miniature is "
          "removed from the Game Board, see below.")
Q_CLEANSE_ROLL = ("Roll the dice specified in the Attacker's Cleanse Ritual Attribute and apply any "
                  "bonuses from cards and skills that are in effect.")
Q_CARDS_IN_PLAY = ("The base rolls for both the Attacker and the Target are modified by any cards in "
                   "play.")
Q_CLEANSED = ("If the result is equal to or greater than the Soul Power displayed on the Target's "
              "Profile Sheet, you have successfully saved the Target's soul.")
Q_BACKFIRE = ("However, if the Cleanse Ritual roll is less than the Target's Soul Power, the ritual "
              "has backfired and reinvigorated the Target. The Target fully recovers from the hit.")
Q_BKR = ("If the Attacker chooses to Kill a Defeated Target, the Attacker must increase its Bad "
         "Karma by the amount shown on the Target's Profile Sheet for the Bad Karma Reward "
         "Attribute (BKR).")
Q_GKR = ("Find the value for the Good Karma Reward (GKR) on the Target's Profile Sheet and add that "
         "to the Attacker's Good Karma.")
Q_DEFENSE_DICE = "Each Pilgrim rolls the number of Defense Dice shown on their Profile Sheet."
Q_DEMON_NO_DEFENSE = ("Only certain characters use Defense Dice, for example the Pilgrims do and "
                      "the Bull Demons do not.")
Q_DEMON_DIE = ("Consult the Demon's Profile Sheet to check whether the black Demon Die is required "
               "in combat and for the exact meaning of the roll, but a good roll may increase the "
               "Demon's attack roll result.")
Q_GREEN = ("When characters that use the Defense Dice stand on a defensive feature, they get a +1 "
           "bonus to defense.")
Q_GREEN_NONE = "If a model does not use Defense Dice and stands on a defensive feature, it gains no bonus."
Q_KNOCK_BACK = ("The number in the Knock Back effect is the number of squares that the Target is "
                "moved, typically 1 or 2.")
Q_REMOVED = ("If a Miniature is Killed, it is removed from the Game Board, any cards attached to the "
             "Miniature are discarded and related ongoing conditions are immediately canceled.")
Q_RED_DEMONS = ("Red Lines: These lines indicate the squares that damage the Pilgrims but do not "
                "damage the Demons.")
Q_PURPLE = ("Purple Lines: Completely impassable under all circumstances, even with special Skill "
            "Cards or when being Knocked Back.")
Q_DEFEAT_OPTIONS = "Once a Miniature is Defeated, the Attacker may have some options."
Q_FOLLOW = ("Immediately after moving the Target, decide if you want to make a free \"Follow\" move "
            "for the Attacker.")
Q_FOLLOW_MOVE = ("Make the move as if it were a normal, legal, single Move Action, although it does "
                 "not cost any Action Points.")
Q_FOLLOW_ONLY = ("It allows the Attacker to move with the Target, to keep the Target in Attack Range "
                 "and cannot be used for any other kind of Movement, for example in a different "
                 "direction.")
Q_DEMON_FOLLOW = ("So a Demon able to make a second attack will follow the Target, if the Knock Back "
                  "pushes the Target out of Range but a Demon with no more Attacks this turn will "
                  "leave the space between the Miniatures, to force the Target to spend an Action "
                  "Point on a Move on its next turn.")
Q_FOLLOW_BLOCKED = ("Sometimes the Attacker will not be able to \"Follow\", for example when "
                    "obstructions block the way, or if the move would be along a diagonal or "
                    "backwards.")
Q_FOLLOW_FORWARDS = "Only forwards movement is a legal \"Follow\" Move."


class CombatMixin:
    """Attacks by Pilgrims and by Demons."""

    # -- a Pilgrim attacks ---------------------------------------------------------------------------

    @cites(Q_DISABLED)
    def not_disabled(self, event):
        return (not self.has_condition(event["pilgrim"], "cannot_attack")
                or f"{PILGRIM_NAMES[event['pilgrim']]} is Disabled: no attacks.")

    @cites(Q_SAME_TYPE)
    def targets_demons(self, event):
        pilgrims = [t for t in event["targets"] if t in self.G["pilgrims"]]
        return not pilgrims or f"{PILGRIM_NAMES[pilgrims[0]]} is a Pilgrim."

    @cites(Q_ONE_TARGET)
    def one_target(self, event):
        n = len(event["targets"])
        if n == 1:
            return True
        if any(card.get("targets", 1) > 1 for card in event.get("cards") or []):
            raise self.violation(f"{n} Targets: enter one attack per Target, each with its own "
                                 "roll (the next ones as the same Action).", Q_SEPARATE)
        return f"{n} Targets in one Attack Action."

    @cites(Q_RANGE)
    def target_on_board(self, event):
        target = event["targets"][0]
        return target in self.G["demons"] or f"There is no Demon named {target} on the board."

    def in_a_closed_room(self, demon_id: str) -> bool:
        """A Demon inactive behind a closed door (no Pilgrim in its room): not one a card or the
        Quest holds inactive in the open (Om Chant, Quest 9's spell, Quest 10's Mantra)."""
        demon = self.G["demons"].get(demon_id)
        return (demon is not None and not demon["active"] and not demon.get("held_by")
                and not self.quest().held_in_the_open(self, demon_id))

    def sight_blocked(self, event, target: str) -> None:
        """Line of Sight, for every Attacker: the table's `los`, and the walls and closed door of a
        room no Pilgrim is in (its Demons are inactive: "Tokens block movement and LOS", "Miniatures
        cannot draw Line of Sight across a yellow line")."""
        if self.in_a_closed_room(target):
            raise self.violation(f"{self.name_of(target)} is behind a closed door, with no Pilgrim "
                                 "in its room: the walls and the door block the Line of Sight.",
                                 (Q_LOS, Q_ROOMS))
        if event.get("los") is False:
            raise self.violation("A Miniature, token or impassable terrain blocks the Line of "
                                 "Sight.", Q_LOS)

    @cites(Q_RANGE)
    def target_in_range(self, event):
        self.sight_blocked(event, event["targets"][0])
        if event.get("in_range", True):
            return True
        ranged = [c["card"] for c in event.get("cards") or [] if c.get("range")]
        if ranged:
            self.effect(f"{ranged[0]} changes the range of the Attack: the Target is in it.",
                        Q_CARDS_FIRST)
            return True
        return "The Target is not in range with Line of Sight."

    @cites(Q_DEMON_NO_DEFENSE)
    def demon_does_not_defend(self, event):
        return not event.get("defense_dice") or "Demons roll no Defense Dice."

    def no_green_line_for_a_demon(self, event, target):
        """A Demon standing on a green line is a fact of the board, not a mistake: it gains no
        bonus (it uses no Defense Dice), and the Attack goes on."""
        if event.get("green_square") and target in self.G["demons"]:
            self.effect(f"{self.name_of(target)} stands on a green line but uses no Defense Dice: "
                        "no bonus.", Q_GREEN_NONE)

    @cites(Q_ATTACK_DICE)
    def attack_dice_rolled(self, event):
        dice = self.pilgrim(event["pilgrim"])["profile"]["attack_dice"]
        quest = self.quest()
        extra = getattr(quest, "extra_attack_dice", None)  # a Quest's +1 ATT
        bonus = extra(self, event) if dice is not None and extra is not None else 0
        rolled = len(event["attack_dice"])
        if dice is None or rolled == dice + bonus:
            return True
        wrong = f"{PILGRIM_NAMES[event['pilgrim']]} rolls {dice + bonus} Attack Dice, not {rolled}."
        if bonus:
            raise self.violation(wrong, (quest.extra_attack_quote, Q_ATTACK_DICE))
        return wrong

    @cites(Q_WEAPON)
    def weapon_damage_read(self, event):
        pilgrim = self.pilgrim(event["pilgrim"])
        level = pilgrim["weapon_level"]
        if level == 0:
            if "pilgrim_die" in event or "weapon_damage" in event:
                raise self.violation("No weapon: no Pilgrim Die.", Q_NO_WEAPON)
            return True
        if "pilgrim_die" not in event:
            raise self.violation("Roll the Pilgrim Die for the weapon.", Q_WEAPON_DIE)
        printed = weapon_damage(event["pilgrim"], level, event["pilgrim_die"])
        if printed is None:
            if "weapon_damage" not in event:
                raise BadRequest("enter the damage the Weapon Card gives for that face",
                                 "event.weapon_damage")
            return True
        if event.get("weapon_damage", printed) != printed:
            return (f"The Level {level} Weapon Card gives {printed} for a "
                    f"{event['pilgrim_die'] or 'X'}, not {event['weapon_damage']}.")
        return True

    @cites(Q_NO_INTERRUPT)
    def cards_in_time(self, event):
        for card in event.get("cards") or []:
            who = PILGRIM_NAMES[card["pilgrim"]]
            if self.pilgrim(card["pilgrim"])["status"] != "active":
                raise self.violation(f"{who} is {self.pilgrim(card['pilgrim'])['status']}.",
                                     Q_UNCONSCIOUS)
            if self.has_condition(card["pilgrim"], "paralyzed"):
                raise self.violation(f"{who} is Paralyzed.", Q_PARALYZED)
            if card["played"] != "after_roll" or card.get("reroll"):
                continue  # a re-roll card is played once the dice are seen: the card says so
            if card["timing"] == "before_trigger":
                raise self.violation(f"{card['card']} is activated before the roll, not after "
                                     "seeing it.", Q_BEFORE_TRIGGER)
            if card["timing"] == "anytime":
                return (f"{card['card']} cannot be played once the dice are revealed, until "
                        "their result is applied.")
        return True

    @cites(Q_HAND)
    def cards_used_in_hand(self, event):
        """Every card used in the event is in its Pilgrim's hand (a Skill Card may be one of the
        starting cards the table did not enter)."""
        wanted: dict = {}
        for card in event.get("cards") or []:
            key = (card["pilgrim"], card.get("kind", "skill"), card["card"])
            wanted[key] = wanted.get(key, 0) + 1
        unknown: dict = {}
        for (name, kind, title), count in wanted.items():
            pilgrim = self.pilgrim(name)
            held = pilgrim["skills"] if kind == "skill" else pilgrim["fortune"]
            short = count - held.count(title)
            if short <= 0:
                continue
            unknown[name] = unknown.get(name, 0) + short
            if kind == "fortune" or unknown[name] > pilgrim["skills_unknown"]:
                return f"{PILGRIM_NAMES[name]} holds no {kind} card {title}."
        return True

    def discard_used(self, card: dict) -> None:
        """A card used in an attack or a spin leaves the hand, unless it says it is retained."""
        pilgrim, title = self.pilgrim(card["pilgrim"]), card["card"]
        held = pilgrim["skills"] if card.get("kind", "skill") == "skill" else pilgrim["fortune"]
        keep = bool(card.get("keep"))
        if title in held:
            if not keep:
                held.remove(title)
        else:  # one of the starting Skill Cards the table did not enter
            pilgrim["skills_unknown"] -= 1
            if keep:
                held.append(title)
        self.effect(f"{PILGRIM_NAMES[card['pilgrim']]}'s {title} "
                    f"{'returns to the hand' if keep else 'is discarded'}.", Q_RETURN)

    def card_bonus(self, event, key: str) -> int:
        return sum(card.get(key, 0) for card in event.get("cards") or [])

    def pay_cards_used(self, event) -> None:
        for card in event.get("cards") or []:
            pilgrim = self.pilgrim(card["pilgrim"])
            if card.get("reroll"):
                self.effect(f"{card['card']}: a re-roll; the dice entered are the new ones.",
                            Q_REROLL)
            if card.get("chi"):
                if pilgrim["chi"] < card["chi"]:
                    raise self.violation(f"{card['card']} costs {card['chi']} Chi.",
                                         "In all cases, the Pilgrim must have enough points to "
                                         "pay the cost in order to activate the card and the cost "
                                         "must be paid, regardless of the result.")
                pilgrim["chi"] -= card["chi"]
            if card.get("hp"):
                if pilgrim["hp"] - card["hp"] < 1:
                    raise self.violation(f"{card['card']} would leave no Health Point.",
                                         "Note the Health Point costs are a special case. Other "
                                         "payments can reduce the total points left to zero, but "
                                         "when paying Health Point costs, you must leave the "
                                         "Pilgrim with at least 1 Health Point.")
                pilgrim["hp"] -= card["hp"]
            self.discard_used(card)

    def demon_value(self, demon_id: str, key: str, entered, field: str, label: str) -> int:
        """A Demon Profile Sheet value: the one the table set up, else the one entered now."""
        demon = self.G["demons"][demon_id]
        known = demon["profile"].get(key)
        if known is None:
            if entered is None:
                raise BadRequest(f"enter the {label} on the {demon['name']} Profile Sheet (not "
                                 "printed in the rulebook)", field)
            self.G["entered_profiles"].setdefault(demon["type"], {})[key] = entered
            for other in self.G["demons"].values():
                if other["type"] == demon["type"]:
                    other["profile"][key] = entered
            return entered
        if entered is not None and entered != known:
            raise BadRequest(f"the {self.G['demons'][demon_id]['name']} Profile Sheet says "
                             f"{known}, not {entered}", field)
        return known

    def do_attack(self, event):
        name, target = event["pilgrim"], event["targets"][0]
        if event.get("same_action"):
            self.use_strike(event)
        else:
            self.spend(event, "attack")
            strikes = self.strikes_granted(event)
            self.activation()["strikes"] = strikes
            if strikes:
                self.effect(f"{PILGRIM_NAMES[name]}'s card: {strikes['attacks_left'] + 1} "
                            f"Attack(s) of {strikes['targets']} Target(s) for this Action Point, "
                            "each resolved separately.", Q_TWICE)
        self.pay_cards_used(event)
        self.no_green_line_for_a_demon(event, target)
        hp = self.demon_value(target, "hp", event.get("target_hp"), "event.target_hp",
                              "Health Points")
        weapon = event.get("weapon_damage")
        if "pilgrim_die" in event and weapon is None:
            weapon = weapon_damage(name, self.pilgrim(name)["weapon_level"], event["pilgrim_die"])
        self.bonus_effect(event, "extra_damage", "damage", Q_CARDS_IN_PLAY)
        damage = (sum(event["attack_dice"]) + (weapon or 0) + event.get("extra_damage", 0)
                  + self.card_bonus(event, "damage"))
        crushing = event.get("knock_back_blocked", 0)
        total = damage + crushing
        label, demon = PILGRIM_NAMES[name], self.name_of(target)
        self.knocked_back(event, name, target, self.knock_back_of(event) - crushing)
        if total <= 0:
            self.effect(f"{label} attacks {demon}: 0 damage, a complete failure.", Q_FAILURE)
        elif total < hp:
            self.effect(f"{label} attacks {demon}: {total} damage, not the {hp} of a One Hit "
                        "Kill; its Health Points are unchanged.", Q_ONE_HIT)
        else:
            self.effect(f"{label} attacks {demon}: {total} damage — Defeated. Kill or Cleanse?",
                        Q_ONE_HIT)
            self.G["pending"] = {"kind": "defeated", "pilgrim": name, "demon": target}
            self.defeated_by(name)
            return
        self.after_action()

    # -- Kill or Cleanse -----------------------------------------------------------------------------

    @cites(Q_DEFEAT_OPTIONS)
    def defeat_to_resolve(self, event):
        pending = self.G["pending"]
        last = next((r for r in reversed(self.G["removed"]) if r["how"] not in ("removed", "left")),
                    None)
        if pending is None and last and last.get("quote"):  # the Quest took it out at its Defeat
            raise self.violation(f"{demon_name(last['demon'].rsplit('-', 1)[0])} left play at its "
                                 "Defeat, as the Quest says: it is not Killed or Cleansed.",
                                 (last["quote"], Q_DEFEAT_OPTIONS))
        if pending is None:
            return "No Defeated Target is waiting to be Killed or Cleansed."
        return (pending["pilgrim"] == event["pilgrim"]
                or f"{PILGRIM_NAMES[pending['pilgrim']]} Defeated it: the Attacker chooses.")

    def cleanse_possible(self, event):
        if event["choice"] != "cleanse":
            for field in ("cleanse_dice", "cleanse_bonus", "bonus_from"):
                if field in event:
                    raise BadRequest("a Kill rolls no dice", f"event.{field}")
            return True
        if "cleanse_dice" not in event:
            raise BadRequest("enter the Cleanse Ritual dice rolled", "event.cleanse_dice")
        printed = self.pilgrim(event["pilgrim"])["profile"]["cleanse_dice"]
        if not event["cleanse_dice"] and printed is None:
            raise BadRequest("enter the Cleanse Ritual dice rolled (the number on the Pilgrim's "
                             "Profile Sheet, not printed in the rulebook)", "event.cleanse_dice")
        return True

    @cites(Q_CLEANSE_ROLL)
    def cleanse_dice_rolled(self, event):
        if event["choice"] != "cleanse":
            return True
        dice = self.pilgrim(event["pilgrim"])["profile"]["cleanse_dice"]
        rolled = len(event["cleanse_dice"])
        return (dice is None or rolled == dice
                or f"{PILGRIM_NAMES[event['pilgrim']]}'s Cleanse Ritual is {dice} "
                   f"{'die' if dice == 1 else 'dice'}, not {rolled}.")

    def in_effect(self, card: str, pilgrim: str, event) -> bool:
        """A card in a Pilgrim's playing area, one of the Pilgrim's Corruption Cards (permanent),
        or one used in this event."""
        return (self.in_play(card) or card in self.pilgrim(pilgrim)["corruption"]
                or any(used["card"] == card for used in event.get("cards") or []))

    def bonus_named(self, event, field: str, unnamed: int, what: str, holder: str | None = None,
                    shared_with: tuple[str, ...] = (), unnamed_is: str = ""):
        """A bonus entered in `field` comes from the cards named in `bonus_from`, each in effect;
        `unnamed`: the part of it no card gives (the Quest's own); `holder`: the Pilgrim whose
        Corruption Cards count (the attacker by default); `shared_with`: the event's other bonus
        fields `bonus_from` may name cards for; `unnamed_is`: what else may give it, in words."""
        holder = holder or event["pilgrim"]
        named = event.get("bonus_from") or []
        if named and not any(event.get(f) for f in (field, *shared_with)):
            raise BadRequest(f"bonus_from names the cards that give the {what}: enter it",
                             f"event.{field}")
        own = {"extra_damage": "damage", "cleanse_bonus": "cleanse", "extra_defense": "defense"}[field]
        counted = [c["card"] for c in event.get("cards") or [] if own in c and c["card"] in named]
        if counted:
            raise BadRequest(f"{counted[0]}'s bonus is entered with it in cards ({own}): it is not "
                             f"named again for {field}", "event.bonus_from")
        if event.get(field, 0) > unnamed and not named:
            return (f"{event[field] - unnamed} {what} with no card named: name the card or skill "
                    f"in effect that gives it (bonus_from){unnamed_is}.")
        for card in named:
            if not self.in_effect(card, holder, event):
                return (f"{card} is not in effect: it is in no Pilgrim's playing area, not among "
                        f"{PILGRIM_NAMES[holder]}'s Corruption Cards, nor used in this event.")
        return True

    @cites(Q_CARDS_IN_PLAY)
    def damage_bonus_named(self, event):
        return self.bonus_named(event, "extra_damage", 0, "extra damage")

    @cites(Q_CARDS_IN_PLAY)
    def defense_bonus_named(self, event):
        return self.bonus_named(event, "extra_defense", 0, "extra defense", event["target"],
                                shared_with=("extra_damage",))

    def demon_die_unread(self, event) -> bool:
        """The Demon rolled its Demon Die and the referee does not know what this face does (the
        Profile Sheet's result, printed in the book for few faces, not entered at setup)."""
        return ("demon_die" in event
                and str(event["demon_die"]) not in self.G["demons"][event["demon"]]["profile"]
                .get("demon_die_results", {}))

    @cites(Q_CARDS_IN_PLAY)
    def demon_damage_bonus_named(self, event):
        """A Demon's attack adds its Demon Die's result (the Profile Sheet) and what cards in play
        add: with the die's result known, or no die rolled, extra damage names its cards."""
        unread = self.demon_die_unread(event)
        return self.bonus_named(event, "extra_damage", event.get("extra_damage", 0) if unread else 0,
                                "extra damage", event["target"], shared_with=("extra_defense",),
                                unnamed_is="; only the Demon Die's result read off the Profile "
                                           "Sheet needs none")

    @cites(Q_CLEANSE_ROLL)
    def cleanse_bonus_named(self, event):
        if event["choice"] != "cleanse":
            return True
        return self.bonus_named(event, "cleanse_bonus",
                                sum(self.quest().cleanse_bonus(self).values()),
                                "added to the Cleanse Ritual roll")

    def bonus_effect(self, event, field: str, what: str, quote: str) -> None:
        amount = event.get(field, 0)
        if amount:
            sources = [*(event.get("bonus_from") or [])]
            if field == "cleanse_bonus":
                sources += list(self.quest().cleanse_bonus(self))
            self.effect(f"+{amount} {what} from {', '.join(sources)}.", quote)

    def do_resolve_defeat(self, event):
        pending = self.G["pending"]
        name, target = pending["pilgrim"], pending["demon"]
        label, demon = PILGRIM_NAMES[name], self.name_of(target)
        self.G["pending"] = None
        if event["choice"] == "kill":
            reward = self.demon_value(target, "bkr", event.get("reward"), "event.reward",
                                      "Bad Karma Reward")
            self.remove_demon(target, "killed")
            self.effect(f"{label} Kills {demon}.", Q_KILL)
            self.gain_karma(name, "bad", reward, Q_BKR)
        else:
            soul = self.demon_value(target, "sp", event.get("soul_power"), "event.soul_power",
                                    "Soul Power")
            profile = self.pilgrim(name)["profile"]
            if profile["cleanse_dice"] is None:  # not printed, not entered at setup: as rolled
                profile["cleanse_dice"] = len(event["cleanse_dice"])
                self.effect(f"{label}'s Cleanse Ritual: {profile['cleanse_dice']} "
                            f"{'die' if profile['cleanse_dice'] == 1 else 'dice'}, as rolled — "
                            "his Profile Sheet's number from now on.", Q_CLEANSE_ROLL)
            self.pay_cards_used(event)
            self.bonus_effect(event, "cleanse_bonus", "on the Cleanse Ritual roll", Q_CLEANSE_ROLL)
            roll = (sum(event["cleanse_dice"]) + event.get("cleanse_bonus", 0)
                    + self.card_bonus(event, "cleanse"))
            if roll >= soul:
                reward = self.demon_value(target, "gkr", event.get("reward"), "event.reward",
                                          "Good Karma Reward")
                self.remove_demon(target, "cleansed")
                self.effect(f"{label} Cleanses {demon}: {roll} against Soul Power {soul}.",
                            Q_CLEANSED)
                self.gain_karma(name, "good", reward, Q_GKR)
            else:
                self.effect(f"The Cleanse Ritual backfires: {roll} against Soul Power {soul}; "
                            f"{demon} fully recovers.", Q_BACKFIRE)
        self.after_defeat_resolved()

    def after_defeat_resolved(self) -> None:
        """The game goes on once a Defeated Demon is Killed, Cleansed (or taken out of play by a
        Quest): the next Demon Defeated with it, else the Demon's activation (Asura Seal), else the
        Pilgrim's."""
        waiting = [d for d in self.G.get("defeats_waiting") or [] if d["demon"] in self.G["demons"]]
        self.G["defeats_waiting"] = waiting
        if waiting:
            self.G["pending"] = waiting.pop(0)
            self.effect(f"{self.name_of(self.G['pending']['demon'])} is Defeated too: "
                        f"{PILGRIM_NAMES[self.G['pending']['pilgrim']]} Kills or Cleanses it.",
                        Q_ASURA_DEFEAT)
            return
        if self.phase == "demons_activate":
            self.after_reflected_defeat()
        elif self.activation() is None:
            self.next_activation()
        else:
            self.after_action()

    def remove_demon(self, demon_id: str, how: str) -> None:
        demon = self.G["demons"].pop(demon_id)
        if demon.get("conditions"):
            self.effect(f"Its Condition Cards ({', '.join(c['name'] for c in demon['conditions'])}) "
                        "are discarded.", Q_REMOVED)
        self.G["removed"].append({"demon": demon_id, "how": how, "turn": self.G["turn"]})
        self.quest().on_demon_removed(self, demon_id, how)

    # -- a Demon attacks ------------------------------------------------------------------------------

    def die_result(self, demon_id: str, face) -> dict:
        if face is None:
            return {}
        return self.G["demons"][demon_id]["profile"].get("demon_die_results", {}).get(str(face), {})

    @cites(Q_ATTACK_DICE)
    def demon_attack_dice(self, event):
        dice = self.G["demons"][event["demon"]]["profile"].get("attack_dice")
        rolled = len(event["attack_dice"])
        return (dice is None or rolled == dice
                or f"{self.name_of(event['demon'])} rolls {dice} Attack Dice, not {rolled}.")

    @cites(Q_DEMON_DIE)
    def demon_die_rolled(self, event):
        uses = self.G["demons"][event["demon"]]["profile"].get("demon_die")
        if uses and "demon_die" not in event:
            return f"{self.name_of(event['demon'])} rolls the Demon Die."
        if not uses and "demon_die" in event:
            return f"{self.name_of(event['demon'])} has no Demon Die on its Profile Sheet."
        return True

    @cites(Q_DEFENSE_DICE)
    def defense_dice_rolled(self, event):
        if self.asura_sealed(event):
            return True  # asura_no_defense: he rolls none
        target = self.pilgrim(event["target"])
        rolled = len(event.get("defense_dice") or [])
        paralyzed = self.has_condition(event["target"], "paralyzed")
        by_this = (self.die_result(event["demon"], event.get("demon_die")).get("condition")
                   or event.get("condition")) == "Paralyzed"
        if paralyzed or (by_this and self.option("paralyzed_by_this_attack") == "no_defense"):
            if rolled or event.get("extra_defense"):
                raise self.violation(f"{PILGRIM_NAMES[event['target']]} is Paralyzed: no defense.",
                                     Q_PARALYZED)
            return True
        dice = target["profile"]["defense_dice"]
        return (dice is None or rolled == dice
                or f"{PILGRIM_NAMES[event['target']]} rolls {dice} Defense Dice, not {rolled}.")

    @cites(Q_GREEN)
    def green_square_defender(self, event):
        if not event.get("green_square"):
            return True
        if self.has_condition(event["target"], "paralyzed"):
            raise self.violation("A Paralyzed Pilgrim does not defend: no defense bonus.",
                                 Q_PARALYZED)
        return True

    def knock_back_of(self, event) -> int:
        """Squares of Knock Back: a Demon's from its Demon Die (or entered), a Pilgrim's as read on
        the Weapon Card or a card (entered)."""
        if event["type"] == "attack":
            return event.get("knock_back", 0)
        result = self.die_result(event["demon"], event.get("demon_die"))
        return event.get("knock_back", result.get("knock_back", 0))

    @cites(Q_CRUSH)
    def knock_back_blocked_within(self, event):
        knock = self.knock_back_of(event)
        blocked = event.get("knock_back_blocked", 0)
        if blocked > knock:
            return f"{blocked} blocked squares, but the Knock Back is {knock}."
        red = event.get("knock_back_red", 0)
        if red > knock - blocked:
            raise self.violation(f"Knocked Back {knock - blocked} square"
                                 f"{'s' * (knock - blocked != 1)}: it cannot enter {red} red "
                                 "squares.", Q_KNOCK_BACK)
        return True

    def knocked_back(self, event, attacker: str, target: str, moved: int) -> None:
        """After a Knock Back that moved its Target, the Attacker may Follow (the next event)."""
        if moved <= 0 or not (attacker in self.G["pilgrims"] or attacker in self.G["demons"]):
            return
        current = self.G["demon_phase"]["current"] if event["type"] == "demon_attack" else None
        must = bool(event.get("pushed_out_of_range") and current and current["attacks"])
        self.G["follow_next"] = {"attacker": attacker, "target": target, "squares": moved,
                                 "must": must}
        if must:
            self.effect(f"{self.name_of(attacker)} has another Attack and the Target is out of its "
                        "Range: it Follows.", Q_DEMON_FOLLOW)
        self.effect(f"{self.name_of(attacker)} may Follow {self.name_of(target)} (a free single "
                    "Move, forwards only).", Q_FOLLOW)

    # -- the free "Follow" move --------------------------------------------------------------------

    @cites(Q_DEMON_FOLLOW)
    def follow_first(self, event):
        follow = self.G.get("follow")
        return (not (follow and follow["must"])
                or f"{self.name_of(follow['attacker'])} Follows its Target before attacking again.")

    @cites(Q_FOLLOW)
    def follow_after_knock_back(self, event):
        follow = self.G.get("follow")
        if follow is None:
            return "No Target was just Knocked Back: there is nothing to Follow."
        return (follow["attacker"] == event["attacker"]
                or f"{self.name_of(follow['attacker'])} made the Knock Back, not "
                   f"{self.name_of(event['attacker'])}.")

    def follow_controlled(self, event):
        """A Pilgrim's Follow is entered by his Player; a Demon's by any Player."""
        if event["attacker"] in self.G["pilgrims"]:
            return self.controls_pilgrim({**event, "pilgrim": event["attacker"]})
        return True

    @cites(Q_DEMON_FOLLOW)
    def demon_follows_to_attack_again(self, event):
        if event["attacker"] in self.G["pilgrims"] or event["steps"] == 0:
            return True
        current = self.G["demon_phase"]["current"] if self.G["demon_phase"] else None
        attacking = current and current["demon"] == event["attacker"] and current["attacks"]
        return bool(attacking) or (f"{self.name_of(event['attacker'])} has no more Attacks this "
                                   "turn: it leaves the space between them.")

    @cites(Q_FOLLOW_FORWARDS)
    def follow_forwards(self, event):
        if event.get("turns"):
            raise self.violation("A Follow move does not turn: it goes with the Target.",
                                 Q_FOLLOW_ONLY)
        if event.get("diagonal") or event.get("backwards"):
            raise self.violation("A Follow move along a diagonal or backwards is not possible.",
                                 Q_FOLLOW_BLOCKED)
        return True

    @cites(Q_FOLLOW_BLOCKED)
    def follow_unobstructed(self, event):
        if event.get("through_purple"):
            raise self.violation("A purple line cannot be crossed.", Q_PURPLE)
        return not event.get("through_blocked") or "An obstruction blocks the way."

    @cites(Q_FOLLOW_MOVE)
    def follow_within_move(self, event):
        attacker = event["attacker"]
        if event["steps"] == 0:
            return True
        if attacker in self.G["pilgrims"]:
            mv = self.mv(attacker, bool(event.get("mv_halved")))
            cost = event["steps"] + event.get("blue", 0)
            if event.get("blue", 0) > event["steps"]:
                raise BadRequest("more blue squares than steps", "event.blue")
        else:
            if event.get("blue"):
                raise self.violation("A blue square costs a Demon nothing extra.", Q_BLUE)
            if event.get("red"):
                raise self.violation("A red square does not damage a Demon.", Q_RED_DEMONS)
            mv = self.G["demons"][attacker]["profile"].get("mv")
            if mv is not None and event.get("mv_halved"):
                mv //= 2
            cost = event["steps"]
        return (mv is None or cost <= mv
                or f"That Follow costs {cost} Movement Points; a single Move has {mv}.")

    def follow_red_health(self, event):
        if event["attacker"] not in self.G["pilgrims"]:
            return True
        return self.red_square_health({**event, "pilgrim": event["attacker"]})

    def do_follow(self, event):
        attacker, steps = event["attacker"], event["steps"]
        follow = self.G["follow"]
        if steps == 0:
            self.effect(f"{self.name_of(attacker)} does not Follow.", Q_FOLLOW)
            if follow["must"]:
                self.left_out_of_range(attacker, follow["target"])
            return
        self.effect(f"{self.name_of(attacker)} Follows {self.name_of(follow['target'])}: "
                    f"{steps} square{'s' * (steps > 1)} forwards, no Action Point.", Q_FOLLOW_MOVE)
        if event.get("red"):
            self.damage_pilgrim(attacker, event["red"], "red squares entered", Q_RED_ENTERED)

    # -- a Neutral Creature attacks ------------------------------------------------------------------

    def creature_on_board(self, event):
        if event["creature"] not in self.G.get("neutral_creatures", []):
            raise BadRequest(f"no Neutral Creature named {event['creature']} is on the board",
                             "event.creature")
        return True

    @cites(Q_SAME_TYPE)
    def creature_target_other_type(self, event):
        return (event["target"] not in self.G.get("neutral_creatures", [])
                or f"{event['target']} is a Neutral Creature too.")

    @cites(Q_DEAD)
    def creature_target_on_board(self, event):
        target = event["target"]
        if target in self.G["pilgrims"]:
            return (self.pilgrim(target)["status"] != "dead"
                    or f"{PILGRIM_NAMES[target]} is dead, off the board.")
        if target not in self.G["demons"]:
            raise BadRequest(f"no Pilgrim or Demon named {target} is on the board",
                             "event.target")
        return True

    @cites(Q_RANGE)
    def creature_target_in_range(self, event):
        self.sight_blocked(event, event["target"])
        return event.get("in_range", True) or "The Target is not in the creature's Attack Range."

    @cites(Q_DEFENSE_DICE)
    def creature_target_defense(self, event):
        target, rolled = event["target"], len(event.get("defense_dice") or [])
        if target in self.G["demons"]:
            if rolled:
                raise self.violation("Demons roll no Defense Dice.", Q_DEMON_NO_DEFENSE)
            return True
        if self.has_condition(target, "paralyzed"):
            if rolled or event.get("green_square"):
                raise self.violation(f"{PILGRIM_NAMES[target]} is Paralyzed: no defense.",
                                     Q_PARALYZED)
            return True
        dice = self.pilgrim(target)["profile"]["defense_dice"]
        return (dice is None or rolled == dice
                or f"{PILGRIM_NAMES[target]} rolls {dice} Defense Dice, not {rolled}.")

    def do_creature_attack(self, event):
        creature, target = event["creature"], event["target"]
        damage = sum(event["attack_dice"])
        if target in self.G["pilgrims"]:
            defense = sum(event.get("defense_dice") or []) + (1 if event.get("green_square") else 0)
            self.effect(f"{creature} attacks {PILGRIM_NAMES[target]}: {damage} damage against "
                        f"{defense} defense.", Q_DEFEAT)
            if damage - defense <= 0:
                self.effect("A complete failure: no damage.", Q_FAILURE)
            self.damage_pilgrim(target, damage - defense, f"{creature}'s attack", Q_TRACK)
            return
        self.no_green_line_for_a_demon(event, target)
        hp = self.demon_value(target, "hp", event.get("target_hp"), "event.target_hp",
                              "Health Points")
        demon = self.name_of(target)
        if damage < hp:
            self.effect(f"{creature} attacks {demon}: {damage} damage, not the {hp} of a One Hit "
                        "Kill; its Health Points are unchanged.", Q_ONE_HIT)
            return
        self.effect(f"{creature} attacks {demon}: {damage} damage — Defeated.", Q_ONE_HIT)
        self.remove_demon(target, "killed")
        self.effect(f"{creature} has no Cleanse Ritual: {demon} is Killed.", Q_MUST_KILL)
        self.effect(f"{creature} has no Karma Wheels: no Karma.", Q_KARMA_WHEELS)

    def do_demon_attack(self, event):
        demon_id, name = event["demon"], event["target"]
        self.pay_cards_used(event)
        if event.get("instead_of"):
            self.effect(f"Brotherhood of the Skull: Monk Sha becomes the Target of the attack on "
                        f"{PILGRIM_NAMES[event['instead_of']]}.", Q_BROTHERHOOD)
        if self.cards_used(event, "attack_ignored"):
            self.effect(f"Prayer of Mercy: {self.name_of(demon_id)}'s attack on "
                        f"{PILGRIM_NAMES[name]} is ignored, Knock Back and Condition included.",
                        Q_MERCY)
            self.demon_attack_done(event)
            return
        result = self.die_result(demon_id, event.get("demon_die"))
        die_damage = result.get("damage", 0)
        knock = event.get("knock_back", result.get("knock_back", 0))
        undefended_extra = 0
        if knock and self.option("knock_back_damage") == "undefended":
            undefended_extra, die_damage = die_damage, 0
        damage = (sum(event["attack_dice"]) + die_damage + event.get("extra_damage", 0)
                  + self.card_bonus(event, "damage"))
        if event.get("extra_damage"):
            source = ("the Demon Die's result on the Profile Sheet"
                      if self.demon_die_unread(event) and not event.get("bonus_from")
                      else ", ".join(event["bonus_from"]))
            self.effect(f"+{event['extra_damage']} damage from {source}.",
                        Q_DEMON_DIE if source.startswith("the Demon Die") else Q_CARDS_IN_PLAY)
        self.bonus_effect(event, "extra_defense", "defense", Q_CARDS_IN_PLAY)
        defense = (sum(event.get("defense_dice") or []) + (1 if event.get("green_square") else 0)
                   + event.get("extra_defense", 0) + self.card_bonus(event, "defense"))
        hit = max(0, damage - defense)
        crushing = event.get("knock_back_blocked", 0)
        label, demon = PILGRIM_NAMES[name], self.name_of(demon_id)
        condition = event.get("condition") or result.get("condition")
        if self.asura_sealed(event):
            defeated = self.reflect_attack(event, damage + undefended_extra, crushing, condition)
            self.demon_attack_done(event, defeated)
            return
        self.effect(f"{demon} attacks {label}: {damage} damage against {defense} defense.",
                    Q_DEFEAT)
        self.damage_pilgrim(name, hit, f"{demon}'s attack", Q_TRACK)
        self.damage_pilgrim(name, undefended_extra, "the Knock Back's extra damage", Q_KNOCK_BACK)
        if knock:
            self.effect(f"{label} is Knocked Back {knock} square{'s' * (knock > 1)}.", Q_KNOCK_BACK)
        self.damage_pilgrim(name, crushing, "Crushing Damage", Q_CRUSH)
        self.damage_pilgrim(name, event.get("knock_back_red", 0),
                            "Knocked Back onto red squares", Q_RED_ENTERED)
        if condition and self.pilgrim(name)["status"] == "active":
            self.give_condition(name, condition, event.get("condition_duration"), None, None,
                                Q_CONDITION_UNDEFENDED)
        self.demon_attack_done(event)
        self.knocked_back(event, demon_id, name, knock - crushing)
