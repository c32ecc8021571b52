"""Card effects the rulebook prints (its Duration examples and Skill Card FAQ), and the general
ways cards change an attack (Prepare for Battle; Attack Twice for 1 Action Point).

Which card does what is data (referee/data/journey-cards.json: the deck a Skill Card is in, the
duration and the effect the book prints); a card the book does not describe is played with its
cost, gain and timing entered as read. What a card changes in an attack — more Attacks for the
Action Point, more Targets, a re-roll, a changed range — is entered with the card in the attack's
`cards`, as the card reads.
"""

from __future__ import annotations

from referee.core import BadRequest, cites

from .profiles import PILGRIM_NAMES, another_pilgrims_skill, condition_card, printed_deck, skill_card
from .rules import (
    NO_DOUBLE,
    Q_BOX_ONCE,
    Q_CLOSED_GATE,
    Q_DISTRACTION,
    Q_DRAW_OWN,
    Q_DUPLICATE,
    Q_EXPIRE,
    Q_LURE,
    Q_OWN_DECK,
    Q_RED_ENTERED,
    Q_TURN_TOKENS,
    no_double_quote,
)

Q_THIS_ACTION = "The duration of the card is the action that it affects."
Q_REST_OF_TURN = ("Some cards are activated and then stay active for the rest of the current turn, "
                  "perhaps affecting many Miniatures.")
Q_CONTINUOUS = ("Finally, some cards are continuous and are active as soon as they are drawn from "
                "the deck.")
Q_PHASE_WALK = ("For example, Phase Walk allows the Monkey King to pass through Obstructions during "
                "a Move Action.")
Q_WAR_CRY = ("For example, Flaming War Cry makes Monkey the center of attention for all Demons on "
             "his Map Tile.")
Q_OM_CHANT = ("If they move on to the same Map Tile as Tripitaka, they stop on the first square and "
              "become inactive.")
Q_CARD_ENDS = ("Other cards are active for longer, for example until the end of the current action "
               "or the end of the current turn.")
Q_MERCY = ("Tripitaka - Prayer of Mercy: All effects of the Attack are ignored, including Knock Back "
           "and Condition Cards.")
Q_ASURA = ("Tripitaka - Asura Seal: Once Tripitaka is protected by the Asura Seal, he will not roll "
           "Defense Dice.")
Q_ASURA_REFLECT = "All effects of the Attack are reflected, including Knock Back and Condition Cards."
Q_ASURA_DEFEAT = ("Add all this damage up to see if the Demon is Defeated, and then Tripitaka has the "
                  "choice to Kill (automatic) or Cleanse (perform the Cleanse Ritual).")
Q_ASURA_TRACK = ("If the Demon survives, track Condition Card duration normally, but after the first "
                 "turn damage can generally be ignored as Condition Cards do not generate enough "
                 "damage for a One Hit Kill.")
Q_BROTHERHOOD = ("Monk Sha - Brotherhood of the Skull: Monk Sha will become the Target of the "
                 "attack, even if he could not normally be Targeted by the Attacker.")
Q_SEALING = ("Tripitaka - Prayer of Sealing: If a Quest says the Gates cannot be sealed, this card "
             "cannot be used.")
Q_SPIRIT = "Monk Sha - Spirit of Fortune: This can only be used to affect any Fortune Wheel spin."
Q_NINTH = ("Example The Ninth Cycle Scripture heals 1 point of damage to Tripitaka's health every "
           "time he defeats an enemy.")
Q_TWICE = "Many cards give you the ability to Attack twice, or multiple times, for 1 Action Point."
Q_SAME_TARGET = "Some cards limit the second Attack to the original Target."
Q_ANY_TARGET = ("If there is no limitation, you can choose any legal Target for the second Attack, "
                "including the same Target if you failed to remove it.")
Q_SEPARATE = "If you are attacking multiple Targets, treat each Target as a separate attack."
Q_TARGETS_BY_CARD = ("Determine the possible number of Targets. This is stated on the Miniature's "
                     "Profile Sheet, below the Range Icon, but can be modified by Skill Cards, etc.")
Q_LOS = ("None of the squares directly between the Attacker and the Target can be blocked by other "
         "Miniatures, tokens or impassable terrain, just like the rules for obstructed Movement.")
Q_CARDS_FIRST = "The rules on the cards take precedence over rules in this book."
Q_REROLL = ("Weapons, dice re-rolls such as Cleansing Flame, special actions such as making an extra "
            "Move (Flying Nimbus), Fortune Cards that heal, are all immediate.")
Q_SHADOW_WALK = ("However, if a Pilgrim enters the room without opening the door (using the Monkey "
                 "King's Shadow Walk Skill Card, for example), the Demons/Gates will become active "
                 "until the Pilgrim leaves.")
ROOM_WALLS = ("closed_door", "wall")
Q_EXTRA_ACTION = ("Many Cards give a Pilgrim an extra Action, either as an extra Action Point for "
                  "any use (Om Mala of Vigor, +1 AP) or an extra specific Action (Flying Nimbus - "
                  "an extra Move Action).")
Q_GREEDY = ("Cho Hakkai - Greedy: Cho Hakkai can take a Fortune Card regardless of whether a "
            "Mystical Box is on the Map Tile or not.")
GREEDY = "Greedy"  # the Skill Card; a use of a Mystical Box under greedy_box: counts
DURATION_QUOTES = {"immediate": Q_REROLL, "this_action": Q_THIS_ACTION, "end_of_turn": Q_REST_OF_TURN,
                   "continuous": Q_CONTINUOUS}
# Cards that apply to one attack: entered with it (`cards`), not played on their own.
USED_IN = {"attack_ignored": Q_MERCY, "takes_the_attack": Q_BROTHERHOOD,
           "fortune_wheel_spin": Q_SPIRIT}
# ... and the events they are entered with: Spirit of Fortune affects "any Fortune Wheel spin" (a
# Meditate's spinner, Quest 9's Rescue spin), the other two a Demon's attack.
USED_WITH = {"attack_ignored": (("demon_attack",), "a Demon's attack"),
             "takes_the_attack": (("demon_attack",), "a Demon's attack"),
             "fortune_wheel_spin": (("meditate", "rescue_attempt"), "a Fortune Wheel spin")}


class CardEffectsMixin:
    """The card effects of `Game`."""

    def in_play(self, card: str, pilgrim: str | None = None) -> bool:
        """A card in a Pilgrim's play area (any Pilgrim's when `pilgrim` is None); a continuous
        card is active as soon as it is in the hand."""
        names = [pilgrim] if pilgrim else list(self.G["pilgrims"])
        for name in names:
            held = self.pilgrim(name)
            if any(c["card"] == card for c in held["in_play"]):
                return True
            if skill_card(card)["duration"] == "continuous" and card in held["skills"]:
                return True
        return False

    def cards_used(self, event, effect: str) -> list[dict]:
        return [c for c in event.get("cards") or [] if skill_card(c["card"])["effect"] == effect]

    def check_own_deck(self, pilgrim: str, card: str, quote: str = Q_OWN_DECK) -> None:
        wrong = another_pilgrims_skill(pilgrim, card)
        if wrong:
            raise self.violation(wrong, quote)

    # -- playing a card ----------------------------------------------------------------------------

    @cites(Q_OWN_DECK)
    def card_from_own_deck(self, event):
        if event["type"] == "play_card" and event["kind"] != "skill":
            return True
        if event["type"] in ("master_skill", "karma_trade"):
            if "card" in event:
                self.check_own_deck(event["pilgrim"], event["card"], Q_DRAW_OWN)
            for card in event.get("discarded") or []:
                self.check_own_deck(event["pilgrim"], card, Q_DRAW_OWN)
            return True
        if event["type"] == "play_card":
            self.check_own_deck(event["pilgrim"], event["card"])
        for card in event.get("cards") or []:
            self.check_own_deck(card["pilgrim"], card["card"])
        return True

    @cites(Q_CARDS_FIRST)
    def card_as_printed(self, event):
        """What the book prints about the card: its duration, when it can be used."""
        printed = skill_card(event["card"]) if event["kind"] == "skill" else {}
        duration = printed.get("duration")
        if duration and event.get("duration", duration) != duration:
            raise self.violation(f"{event['card']} lasts {duration.replace('_', ' ')}.",
                                 DURATION_QUOTES[duration])
        effect = printed.get("effect")
        if effect in USED_IN:
            raise self.violation(f"{event['card']} is entered with what it affects ("
                                 f"{USED_WITH[effect][1]}: its cards), not on its own.",
                                 USED_IN[effect])
        if effect == "seals_gates" and not self.gates_sealable():
            raise self.violation("This Quest says the Gates cannot be sealed.", Q_SEALING)
        if "seals" in event and effect != "seals_gates":
            raise BadRequest(f"{event['card']} seals no Gate", "event.seals")
        for gate in event.get("seals") or []:
            if gate not in self.G["gates"]:
                raise BadRequest(f"there is no Gate named {gate}", "event.seals")
            if self.G["gates"][gate]["status"] == "closed":
                raise self.violation(f"{gate} is already Closed.", Q_CLOSED_GATE)
        if effect in ("attack_reflected", "om_chant", "enters_room") and "duration" not in event:
            raise BadRequest(f"enter how long {event['card']} lasts, as printed on it",
                             "event.duration")
        return True

    @cites(Q_SPIRIT)
    def card_used_where_it_applies(self, event):
        """A card the book describes for one kind of event (Spirit of Fortune: a spin; Prayer of
        Mercy, Brotherhood of the Skull: a Demon's attack) entered with another: refused with its
        sentence."""
        for card in event.get("cards") or []:
            effect = skill_card(card["card"])["effect"] if card.get("kind", "skill") == "skill" \
                else None
            if effect in USED_WITH and event["type"] not in USED_WITH[effect][0]:
                raise self.violation(f"{card['card']} affects {USED_WITH[effect][1]}, not this "
                                     f"{event['type'].replace('_', ' ')}.", USED_IN[effect])
        return True

    @cites(Q_DISTRACTION)
    def card_extra_move(self, event):
        """An extra Move Action a card gives (Flying Nimbus; another card whose text says so,
        entered as read): made at once ("all immediate"), no Action Point, and an Action for Demon
        Distraction, Lure of Demons and Curse of the Dead. Greedy names the Fortune Card taken."""
        effect = skill_card(event["card"])["effect"]
        if effect == "takes_fortune" and "draws" not in event and self.fortune_cards_left():
            raise BadRequest(f"enter the Fortune Card {event['card']} takes", "event.draws")
        if effect == "takes_fortune" and printed_deck(event.get("draws")) not in (None, "Fortune"):
            raise self.violation(f"{event['draws']} is a {printed_deck(event['draws'])} Card, not "
                                 "a Fortune Card.", Q_GREEDY)
        if effect != "takes_fortune" and "draws" in event:
            raise BadRequest("draws is the Fortune Card Greedy takes", "event.draws")
        if effect == "extra_move" and "move" not in event:
            raise BadRequest(f"enter the extra Move {event['card']} makes", "event.move")
        if "move" not in event:
            return True
        if effect not in (None, "extra_move"):
            raise BadRequest(f"{event['card']} gives no extra Move", "event.move")
        name = event["pilgrim"]
        pilgrim = self.pilgrim(name)
        taken = pilgrim["actions_this_turn"]
        if "Demon Distraction" in pilgrim["corruption"] and len(taken) >= 2:
            return "Demon Distraction: no more than 2 Actions this turn."
        lure = self.doubles_forbidden([c for c in NO_DOUBLE if c in pilgrim["corruption"]],
                                      len(taken) >= 2)
        if lure and "move" in taken:
            raise self.violation(f"{lure[0]}: move a second time this turn.",
                                 no_double_quote(lure[0]))
        probe = {**event["move"], "type": "move", "player": event["player"], "pilgrim": name,
                 "action_points": 1}
        for guard in ("straight_move", "unblocked_move", "within_movement_points",
                      "red_square_health"):
            getattr(self, guard)(probe)
        return True

    def extra_move(self, event) -> None:
        name, move = event["pilgrim"], event["move"]
        pilgrim = self.pilgrim(name)
        card = (self.passes_obstructions(name, move.get("obstruction"))
                if move.get("through_blocked") else None)
        self.effect(f"{event['card']}: {PILGRIM_NAMES[name]} makes an extra Move Action "
                    f"({move['steps']} square{'s' * (move['steps'] != 1)}), no Action Point."
                    + (f" {card} takes him through the obstruction." if card else ""),
                    Q_EXTRA_ACTION)
        pilgrim["actions_this_turn"].append("move")
        pilgrim["moved_this_turn"] = True
        if move.get("red"):
            self.damage_pilgrim(name, move["red"], "red squares entered", Q_RED_ENTERED)

    def seal_gates(self, event) -> None:
        """The Prayer of Sealing seals the Gates its text names (entered): they are Closed."""
        for gate in event["seals"]:
            self.G["gates"][gate]["status"] = "closed"
            self.effect(f"{event['card']} seals {gate}: it is Closed.", Q_CLOSED_GATE)

    def greedy_counts_as_a_box(self, event) -> bool:
        """Under the table ruling greedy_box: counts, Greedy played in Cho Hakkai's own Activation
        is his one use of a Mystical Box for it."""
        activation = self.activation()
        return (self.option("greedy_box") == "counts" and activation is not None
                and activation["pilgrim"] == event["pilgrim"])

    @cites(Q_BOX_ONCE)
    def greedy_after_a_box(self, event):
        if skill_card(event["card"])["effect"] != "takes_fortune" or \
                not self.greedy_counts_as_a_box(event):
            return True
        return (not self.activation()["boxes_used"]
                or f"{PILGRIM_NAMES[event['pilgrim']]} has used a Mystical Box this activation "
                   "(table ruling greedy_box: counts).")

    def take_fortune(self, event) -> None:
        if self.greedy_counts_as_a_box(event):
            self.activation()["boxes_used"].append(GREEDY)
        self.pilgrim(event["pilgrim"])["fortune"].append(event["draws"])
        self.effect(f"{event['card']}: Cho Hakkai takes the Fortune Card {event['draws']} (no "
                    "Mystical Box needed).", Q_GREEDY)

    def play_duration(self, event) -> str:
        printed = skill_card(event["card"])["duration"] if event["kind"] == "skill" else None
        return event.get("duration") or printed or "immediate"

    # -- Move ------------------------------------------------------------------------------------

    def passes_obstructions(self, name: str, obstruction: str | None = None) -> str | None:
        """The card played for this Move that lets the Pilgrim pass the obstruction, if any:
        Phase Walk any; Shadow Walk a closed door or a wall (ruling `shadow_walk`), any
        Obstruction under "like_phase_walk"."""
        cards = [card for card in self.pilgrim(name)["this_action"]
                 if skill_card(card)["effect"] in ("passes_obstructions", "enters_room")]
        for card in cards:
            room_only = (skill_card(card)["effect"] == "enters_room"
                         and self.option("shadow_walk") == "door_or_wall")
            if not room_only or obstruction in ROOM_WALLS:
                return card
        return None

    def room_walls_only(self, name: str) -> str | None:
        """A card played for this Move that passes only a closed door or a wall."""
        return next((card for card in self.pilgrim(name)["this_action"]
                     if skill_card(card)["effect"] == "enters_room"
                     and self.option("shadow_walk") == "door_or_wall"), None)

    # -- a Pilgrim's attack changed by cards ----------------------------------------------------------

    def strikes_granted(self, event) -> dict | None:
        cards = event.get("cards") or []
        attacks = max([c.get("attacks", 1) for c in cards] + [1])
        targets = max([c.get("targets", 1) for c in cards] + [1])
        if attacks == 1 and targets == 1:
            return None
        return {"attacks_left": attacks - 1, "targets_left": targets - 1, "targets": targets,
                "hit": [event["targets"][0]], "original": event["targets"][0],
                "same_target": any(c.get("same_target") for c in cards)}

    @cites(Q_TWICE)
    def further_attack(self, event):
        """An attack entered as one more of the same Action Point (`same_action`)."""
        if not event.get("same_action"):
            return True
        strikes = self.activation()["strikes"]
        if strikes is None:
            return "No card played with this Attack gives another for the same Action Point."
        target = event["targets"][0]
        if strikes["targets_left"] and target not in strikes["hit"]:
            return True
        if not strikes["attacks_left"]:
            raise self.violation(f"{target} has been attacked in this Attack: the card's other "
                                 "Targets are other Miniatures.", Q_TARGETS_BY_CARD)
        if strikes["same_target"] and target != strikes["original"]:
            raise self.violation(f"The card limits the second Attack to {strikes['original']}.",
                                 Q_SAME_TARGET)
        return True

    def use_strike(self, event) -> None:
        activation = self.activation()
        strikes, target = activation["strikes"], event["targets"][0]
        if strikes["targets_left"] and target not in strikes["hit"]:
            strikes["targets_left"] -= 1
            strikes["hit"].append(target)
            self.effect(f"Another Target of the same Attack: {self.name_of(target)}.", Q_SEPARATE)
        else:
            strikes["attacks_left"] -= 1
            strikes["targets_left"] = strikes["targets"] - 1
            strikes["hit"] = [target]
            self.effect(f"Another Attack for the same Action Point, on {self.name_of(target)}.",
                        Q_TWICE)
            if self.option("card_extra_attack") == "new_action":
                self.pilgrim(event["pilgrim"])["actions_this_turn"].append("attack")
                self.effect("It counts as an Action this turn (table ruling).", Q_LURE)
        if not strikes["attacks_left"] and not strikes["targets_left"]:
            activation["strikes"] = None

    def defeated_by(self, name: str) -> None:
        """A Pilgrim Defeated an enemy: continuous cards that trigger on it."""
        if name == "tripitaka" and self.in_play("Ninth Cycle Scripture", name):
            pilgrim = self.pilgrim(name)
            before = pilgrim["hp"]
            pilgrim["hp"] = min(pilgrim["profile"]["max_hp"], before + 1)
            self.effect(f"Ninth Cycle Scripture: Tripitaka heals {pilgrim['hp'] - before} Health "
                        f"Point ({pilgrim['hp']}).", Q_NINTH)

    # -- a Demon's attack changed by cards ----------------------------------------------------------

    def asura_sealed(self, event) -> bool:
        return event["target"] == "tripitaka" and self.in_play("Asura Seal", "tripitaka")

    @cites(Q_ASURA)
    def asura_no_defense(self, event):
        if not self.asura_sealed(event):
            return True
        return (not event.get("defense_dice") and not event.get("green_square")
                and not event.get("extra_defense")
                or "Tripitaka is protected by the Asura Seal: he rolls no Defense Dice.")

    @cites(Q_BROTHERHOOD)
    def brotherhood_takes_the_attack(self, event):
        taken = self.cards_used(event, "takes_the_attack")
        if not taken:
            if "instead_of" in event:
                raise BadRequest("instead_of is for an attack another Pilgrim takes with a card",
                                 "event.instead_of")
            return True
        if event["target"] != "monk_sha":
            return "The attack's Target becomes Monk Sha."
        if event.get("instead_of") not in self.G["demon_phase"]["current"]["attacks"]:
            raise BadRequest("name the Pilgrim the plan attacks whose attack Monk Sha takes",
                             "event.instead_of")
        return True

    def reflect_attack(self, event, damage: int, crushing: int, condition: str | None) -> bool:
        """Asura Seal: the attack's damage goes back to the Demon; True if it is Defeated."""
        demon_id = event["demon"]
        burn = (event.get("condition_damage") if event.get("condition_damage") is not None
                else condition_card(condition)["damage_now"] if condition else 0) or 0
        total = damage + crushing + burn
        hp = self.demon_value(demon_id, "hp", event.get("demon_hp"), "event.demon_hp",
                              "Health Points")
        demon = self.name_of(demon_id)
        self.effect(f"The Asura Seal reflects the attack onto {demon}: {damage} damage"
                    + (f", {crushing} Crushing" if crushing else "")
                    + (f", {burn} from {condition}" if burn else "") + f" = {total}.",
                    Q_ASURA_REFLECT)
        if total < hp:
            self.effect(f"{demon} survives ({total} is less than its {hp} Health Points).",
                        "Their Health Points remain unchanged by any attacks that do not Defeat "
                        "them.")
            if condition:
                self.give_demon_condition(demon_id, condition, event.get("condition_duration"))
            return False
        self.effect(f"{demon} is Defeated: Tripitaka Kills or Cleanses it.", Q_ASURA_DEFEAT)
        self.G["pending"] = {"kind": "defeated", "pilgrim": "tripitaka", "demon": demon_id}
        self.defeated_by("tripitaka")
        return True

    # -- Condition Cards on a Demon (reflected by the Asura Seal) ---------------------------------------

    def give_demon_condition(self, demon_id: str, condition: str, duration: int | None) -> None:
        card = condition_card(condition)
        duration = duration if duration is not None else card["duration"]
        if duration is None:
            raise BadRequest(f"enter the duration printed on the {condition} Condition Card",
                             "event.condition_duration")
        conditions = self.G["demons"][demon_id].setdefault("conditions", [])
        for old in [c for c in conditions if c["name"] == condition]:
            conditions.remove(old)
            self.effect(f"{self.name_of(demon_id)} already had {condition}: the old card and its "
                        f"{old['tokens']} Turn Tokens are discarded.", Q_DUPLICATE)
        conditions.append({"name": condition, "tokens": 0, "duration": duration,
                           "damage_each_turn": card["damage_each_turn"] or 0,
                           "cannot_attack": bool(card["cannot_attack"]),
                           "paralyzed": bool(card["paralyzed"]), "by": "tripitaka"})
        self.effect(f"{self.name_of(demon_id)} keeps the reflected {condition} Condition Card "
                    f"({duration} turns).", Q_ASURA_TRACK)

    def demon_condition(self, demon_id: str, flag: str) -> str | None:
        """The Condition on a Demon that has `flag` (cannot_attack, paralyzed), when the ruling
        `demon_condition_effects` applies the Condition Cards' effects to Demons."""
        if self.option("demon_condition_effects") != "applied":
            return None
        demon = self.G["demons"].get(demon_id) or {}
        return next((c["name"] for c in demon.get("conditions") or [] if c[flag]), None)

    def maintain_demons(self) -> None:
        """Maintenance: a Demon's Condition Cards expire or deal their damage, which only a One Hit
        Kill's worth Defeats (then the Pilgrim who reflected it Kills or Cleanses it)."""
        for demon_id, demon in list(self.G["demons"].items()):
            for condition in list(demon.get("conditions") or []):
                label = self.name_of(demon_id)
                if condition["tokens"] >= condition["duration"]:
                    demon["conditions"].remove(condition)
                    self.effect(f"{label}'s {condition['name']} has {condition['tokens']} Turn "
                                "Tokens: it expires, with no effect this turn.", Q_EXPIRE)
                    continue
                damage, hp = condition["damage_each_turn"], demon["profile"].get("hp")
                if not damage:
                    continue
                if hp is None or damage < hp:
                    self.effect(f"{label} takes {damage} from {condition['name']}: not a One Hit "
                                "Kill, its Health Points are unchanged.", Q_ASURA_TRACK)
                    continue
                defeat = {"kind": "defeated", "pilgrim": condition["by"], "demon": demon_id}
                if self.G["pending"]:
                    self.effect(f"{label} takes {damage} from {condition['name']}: Defeated too. "
                                f"{PILGRIM_NAMES[condition['by']]} Kills or Cleanses it next.",
                                Q_ASURA_DEFEAT)
                    self.G.setdefault("defeats_waiting", []).append(defeat)
                else:
                    self.effect(f"{label} takes {damage} from {condition['name']}: Defeated. "
                                f"{PILGRIM_NAMES[condition['by']]} Kills or Cleanses it.",
                                Q_ASURA_DEFEAT)
                    self.G["pending"] = defeat
                self.defeated_by(condition["by"])
                break  # its other Conditions wait: it is Killed or Cleansed (or recovers) first

    def demon_conditions_tick(self) -> None:
        for demon_id, demon in self.G["demons"].items():
            for condition in demon.get("conditions") or []:
                condition["tokens"] += 1
                self.effect(f"{self.name_of(demon_id)}'s {condition['name']}: Turn Token "
                            f"{condition['tokens']} of {condition['duration']}.", Q_TURN_TOKENS)

    # -- the Demon AI changed by cards ----------------------------------------------------------------

    @cites(Q_WAR_CRY)
    def war_cry_in_play(self, event):
        return (not event.get("on_monkey_kings_tile") or self.in_play("Flaming War Cry")
                or "Flaming War Cry is not in play this turn.")

    def om_chant_stops(self, demon_id: str, option: dict) -> bool:
        if option.get("map_tile") != "enters_tripitakas" or not self.in_play("Om Chant"):
            return False
        demon = self.G["demons"][demon_id]
        demon["active"], demon["held_by"] = False, "Om Chant"
        self.effect(f"{self.name_of(demon_id)} moves onto Tripitaka's Map Tile: it stops on the "
                    "first square and becomes inactive (Om Chant).", Q_OM_CHANT)
        return True

    def release_held(self) -> None:
        """Demons made inactive by a card wake when the card is no longer in play under the ruling
        `om_chant_inactive` "while_in_play"; under "rest_of_quest" (the default) they stay inactive."""
        if self.option("om_chant_inactive") == "rest_of_quest":
            return
        for demon_id, demon in self.G["demons"].items():
            card = demon.get("held_by")
            if card and not self.in_play(card):
                demon["active"], demon["held_by"] = True, None
                self.effect(f"{card} is no longer in play: {self.name_of(demon_id)} is active.",
                            Q_CARD_ENDS)
