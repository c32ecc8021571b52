"""Quest 7 - Demon Army: Kei Lun fights beside the Pilgrims (1 Action Point after the Pilgrims:
move or rotate towards the treasure chest, or attack everything in range), the treasure chest that
is not a Mystical Box, the Golden Peach's +1 on Cleanse Rituals, Demons that attack Kei Lun, and
Gates that go inactive when the whole Demon Deck has been played once.

Entered from the board: Kei Lun's Action (`kei_lun`, with whether he guards the chest — it is in one
of the 2 squares directly in front of him — whether a move takes him towards it, and the figures in
his range/LOS), the chest picked up or set down (`treasure_chest`), the Golden Peach's board
conditions (`golden_peach`), a Demon's attack on Kei Lun (`kei_lun_attacked`). Kei Lun's Health
Points are on his Profile Sheet, not in the rulebook: `quest_setup.kei_lun_hp`, or entered with the
first attack on him (`kei_lun_attacked.kei_lun_hp`) and remembered. The Demon Deck holds
50 cards less the Rage Card (Game Components): `quest_setup.deck_cards` (default 49) if the table's
differs.
"""

from __future__ import annotations

from referee.core import (
    BadRequest,
    Citation,
    EventType,
    Option,
    SetupError,
    citations,
    cites,
)

from ..combat import Q_DEMON_NO_DEFENSE, Q_GREEN_NONE
from ..rules import Q_DEAD, Q_LURE
from . import Q_ONE_UPGRADE, Quest, QuestEvent, all_of, any_of, dead, gates_in, holds, printed_in, sutras_held
from .common import kei_lun_acts_by_his_own_event
from .q06_kogaiji import TOKEN, may_act, pilgrim_acts

Q_NOT_A_BOX = "It is not a Mystical Box. Pilgrims cannot use it to Pray or Meditate."
Q_ONE_AP = ("Kei Lun has 1 Action Point each turn and plays directly after the Pilgrims. He can "
            "only take 1 of 2 actions:")
Q_MOVE = ("Priority 1: Move 1 square forwards or rotate. He will move towards the treasure chest to "
          "guard it, i.e. when the box is in 1 of the 2 squares directly in front of him.")
Q_ATTACK = ("Priority 2: Attack all Demons and Pilgrims in range/LOS. Resolve all attacks "
            "separately.")
Q_KILLS = ("Kei Lun's attacks Kill Demons (no Cleanse Ritual) but there is no need to track Bad "
           "Karma for Kei Lun.")
Q_QUEST5 = ("He will attack all Pilgrims in range/LOS or, if there are no attacks to be made, he "
            "will move as described below.")
Q_CHEST = ("Treasure Chest: Pilgrims can spend 1 AP to pick up or set down the treasure chest. They "
           "can use this to move Kei Lun to a more advantageous spot.")
Q_KEEPS = ("The revived Pilgrim keeps all their Skill Cards, etc. Only Health Points and Chi are "
           "changed when Pilgrims are revived.")
Q_NO_ACTIONS = ("Pilgrims cannot play cards or take any other actions when they are "
                "Unconscious.")
Q_PEACH = ("Bathed in its radiant glow, Pilgrims gain +1 on all Cleanse Ritual rolls automatically "
           "when these 3 conditions are satisfied:")
Q_GUARDING = ("Kei Lun must be in position guarding the treasure chest and the Golden Peach to "
              "release its power.")
Q_ALL_SUTRAS = "The Pilgrims must possess all 4 Sutras."
Q_SAME_TILE = ("The Pilgrims carrying the Sutras must be on the same Map Tile as the treasure "
               "chest.")
Q_FIFTH = ("Demon Actions: When assigning the Action Points for the Demons, treat Kei Lun as if he "
           "were a fifth pilgrim.")
Q_DECK = ("Demon Deck: All Gates are active from the start of the Quest, but become inactive when "
          "the entire Demon Spawn Deck has been played once.")
Q_ENDS = ("The Quest ends immediately when the Gates are inactive and all Demons have been removed "
          "from play or when either Tripitaka or Kei Lun is Killed.")
Q_HEROIC = "Heroic Victory: All the Pilgrims and Kei Lun survive."
Q_VICTORY = "Victory: Tripitaka and Kei Lun survive."
Q_DEFEAT = "Defeat: Tripitaka or Kei Lun are Killed."
ALL_SUTRAS = 4
KEI_LUN = "kei_lun"  # his id among the Demons' Targets
DECK_CARDS = 49  # "50 Demon Cards", less "the Rage Card, which must be removed from the deck"
PILGRIM = {"enum": ["monkey_king", "cho_hakkai", "monk_sha", "tripitaka"]}
DICE = {"type": "array", "items": {"enum": [0, 1, 2, 3]}, "maxItems": 6}


def state(game) -> dict:
    return game.G["quest_state"]


def kei_lun(game) -> dict:
    return state(game)["kei_lun"]


@cites(Q_NOT_A_BOX)
def chest_is_not_a_box(game, event):
    if event["type"] in ("pray", "meditate") and event["box"] == state(game)["chest"]:
        return f"{event['box']} is the treasure chest, not a Mystical Box."
    return True


@cites(Q_PEACH)
def golden_peach_bonus(game, event):
    if (event["type"] == "resolve_defeat" and event["choice"] == "cleanse"
            and golden_peach(game) and event.get("cleanse_bonus", 0) < 1):
        return ("The Golden Peach is released: +1 on the Cleanse Ritual roll (enter "
                "cleanse_bonus 1, plus any card's).")
    return True


@cites(Q_FIFTH)
def kei_lun_attacked_apart(game, event):
    if event["type"] == "demon_attack" and event["target"] == KEI_LUN:
        return "A Demon's attack on Kei Lun is entered as kei_lun_attacked."
    return True


@cites(Q_ONE_AP)
def kei_lun_after_the_pilgrims(game, event):
    if event["type"] == "kei_lun_ally" and (game.activation() is not None or game.G["pending"]):
        return "Kei Lun plays directly after the Pilgrims: a Pilgrim is still acting."
    return True


def chest_action(game, event) -> str:
    """The Action a pick-up or set-down of the chest is, as Lure of Demons counts them (ruling
    `q7_chest_action`)."""
    if game.option("q7_chest_action") == "one_action":
        return "treasure_chest"
    return f"{event['action']}_treasure_chest"


def golden_peach(game) -> bool:
    peach = state(game)["peach"]
    return (peach["guarding"] and peach["same_tile"] and sutras_held(game) >= ALL_SUTRAS
            and not dead_carriers(game) and not kei_lun_killed(game))


def dead_carriers(game) -> list[str]:
    """Dead Pilgrims whose Sutras the Pilgrims still possess (dead_pilgrim_sutras: still_held):
    their Miniature is off the board, on no Map Tile (finding 173)."""
    return [name for name, pilgrim in game.G["pilgrims"].items()
            if pilgrim["status"] == "dead" and pilgrim["sutras"]
            and game.option("dead_pilgrim_sutras") == "still_held"]


def gates_inactive(game) -> bool:
    return all(gate["status"] != "active" for gate in game.G["gates"].values())


def kei_lun_killed(game) -> bool:
    hp = kei_lun(game)["hp"]
    return hp is not None and hp <= 0


def all_survive(game) -> bool:
    return not kei_lun_killed(game) and all(p["status"] != "dead"
                                            for p in game.G["pilgrims"].values())


def two_survive(game) -> bool:
    return not kei_lun_killed(game) and not dead("tripitaka")(game)


CLEARED = holds("the Gates are inactive and all Demons have been removed from play",
                lambda game: gates_inactive(game) and not game.G["demons"])
TRIPITAKA_OR_KEI_LUN = holds("either Tripitaka or Kei Lun is Killed",
                             lambda game: dead("tripitaka")(game) or kei_lun_killed(game))


class DemonArmy(Quest):
    key = "q7"
    number = 7
    title = "Quest 7 - Demon Army"
    upgrades, upgrades_quote = 1, printed_in(title, Q_ONE_UPGRADE)
    board = {"broken_doors": 2, "gates": 4, "wells": 2, "sutras": 4, "boxes": 1}
    setup_schema = {
        "type": "object",
        "properties": {
            "kei_lun_hp": {"type": "integer", "minimum": 1, "maximum": 30,
                           "description": "Kei Lun's Health Points (his Profile Sheet)"},
            "chest": {**TOKEN, "description": "the Mystical Box Token that is the treasure chest "
                                              "(default: the one on the board)"},
            "deck_cards": {"type": "integer", "minimum": 1, "maximum": 60,
                           "description": "the Demon Spawn Deck's cards (default 49: the 50 "
                                          "Demon Cards less the Rage Card)"},
            "drawn": {"type": "integer", "minimum": 0, "maximum": 60,
                      "description": "Demon Cards drawn so far (a game joined mid-way; default "
                                     "0)"}},
        "additionalProperties": False,
    }
    options = {
        "q7_kei_lun": Option(
            "Quest 7 table ruling: Kei Lun's priorities. \"move_first\": as numbered — he moves "
            "or rotates towards the treasure chest until he guards it, and attacks only when he "
            "guards it; \"attack_first\": as in Quest 5, he attacks whatever is in range/LOS and "
            "moves only when there is nothing to attack.",
            {"enum": ["move_first", "attack_first"]}, "move_first",
            citations("journey", Q_MOVE, Q_QUEST5)),
        "q7_chest_action": Option(
            "Quest 7 table ruling: picking up and setting down the treasure chest, as Lure of "
            "Demons and Curse of the Dead count Actions (\"the same Action twice in one turn\"). "
            "\"one_action\": the Quest's one Treasure Chest Action, 1 AP to pick up or set down "
            "(a Pilgrim under Lure picks it up or sets it down once a turn); \"two_actions\": "
            "picking up and setting down are two Actions (he may pick it up and set it down in "
            "one turn).",
            {"enum": ["one_action", "two_actions"]}, "one_action",
            citations("journey", Q_CHEST, Q_LURE)),
        "q7_chest_when_down": Option(
            "Quest 7 table ruling: the treasure chest held by a Pilgrim knocked out (the book "
            "is silent). \"kept\": he keeps it while Unconscious, as he keeps his cards, and "
            "nobody else may pick it up until he sets it down; \"dropped\": it falls to the "
            "ground on his square, where any Pilgrim may pick it up (1 AP). Either way, when he "
            "dies his Miniature leaves the board and the chest stays on the ground.",
            {"enum": ["kept", "dropped"]}, "kept",
            citations("journey", Q_KEEPS, Q_NO_ACTIONS)),
    }
    rules = (chest_is_not_a_box, golden_peach_bonus, kei_lun_after_the_pilgrims,
             kei_lun_attacked_apart, kei_lun_acts_by_his_own_event(Q_ONE_AP, "kei_lun_ally"))
    event_types = {
        "kei_lun_ally": QuestEvent(EventType(
            "Quest 7: Kei Lun's 1 Action after the Pilgrims: move 1 square forwards or rotate "
            "(towards the treasure chest), attack all Demons and Pilgrims in range/LOS (one roll "
            "each), or nothing. Whether he guards the chest (it is in 1 of the 2 squares directly "
            "in front of him) before acting, and after a move.",
            properties={"action": {"enum": ["move", "rotate", "attack", "none"]},
                        "guarding": {"type": "boolean"},
                        "towards_chest": {"type": "boolean"},
                        "guarding_after": {"type": "boolean"},
                        "in_range": {"type": "array", "items": TOKEN, "maxItems": 20},
                        "attacks": {"type": "array", "maxItems": 20, "items": {
                            "type": "object",
                            "properties": {"target": TOKEN, "attack_dice": DICE,
                                           "defense_dice": DICE,
                                           "green_square": {"type": "boolean"}},
                            "required": ["target", "attack_dice"],
                            "additionalProperties": False}}},
            required=("action", "guarding"),
            example={"type": "kei_lun_ally", "player": "p1", "action": "rotate", "guarding": False,
                     "towards_chest": True}),
            ("pilgrims",)),
        "treasure_chest": QuestEvent(EventType(
            "Quest 7: a Pilgrim picks up or sets down the treasure chest (1 Action Point).",
            properties={"pilgrim": PILGRIM, "action": {"enum": ["pick_up", "set_down"]}},
            required=("pilgrim", "action"),
            example={"type": "treasure_chest", "player": "p1", "pilgrim": "monkey_king",
                     "action": "pick_up"}),
            ("pilgrims",)),
        "golden_peach": QuestEvent(EventType(
            "Quest 7: the Golden Peach's conditions on the board: Kei Lun in position guarding "
            "the treasure chest; the Pilgrims carrying the Sutras on the chest's Map Tile.",
            properties={"guarding": {"type": "boolean"}, "same_tile": {"type": "boolean"}},
            required=("guarding", "same_tile"),
            example={"type": "golden_peach", "player": "p1", "guarding": True,
                     "same_tile": True}),
            ("maintenance", "pilgrims", "demons_spawn", "demons_activate", "end")),
        "kei_lun_attacked": QuestEvent(EventType(
            "Quest 7: a Demon attacks Kei Lun (treated as a fifth Pilgrim): its Attack Dice, "
            "Demon Die damage and Kei Lun's Defense Dice if his Profile Sheet has them.",
            properties={"demon": TOKEN, "attack_dice": DICE, "extra_damage":
                        {"type": "integer", "minimum": 0, "maximum": 20},
                        "defense_dice": DICE,
                        "kei_lun_hp": {"type": "integer", "minimum": 1, "maximum": 30,
                                       "description": "his Profile Sheet's Health Points, where "
                                                      "the table has not entered them"}},
            required=("demon", "attack_dice"),
            example={"type": "kei_lun_attacked", "player": "p1", "demon": "berrok-1",
                     "attack_dice": [2, 1]}),
            ("demons_activate",)),
    }
    ends = (any_of("end", Q_ENDS, CLEARED, TRIPITAKA_OR_KEI_LUN),)
    heroic = all_of("heroic_victory", Q_HEROIC,
                    holds("All the Pilgrims and Kei Lun survive", all_survive,
                          lambda game: not all_survive(game)))
    victory = all_of("victory", Q_VICTORY,
                     holds("Tripitaka and Kei Lun survive", two_survive,
                           lambda game: not two_survive(game)))
    defeats = (all_of("defeat", Q_DEFEAT, TRIPITAKA_OR_KEI_LUN),)

    @classmethod
    def prepare(cls, G, options, entered):
        boxes = G["tokens"]["boxes"]
        chest = entered.get("chest") or (boxes[0] if len(boxes) == 1 else None)
        if chest not in boxes:
            raise SetupError("Quest 7: name the Mystical Box Token that is the treasure chest",
                             "options.quest_setup.chest")
        G["quest_state"].update({
            "kei_lun": {"hp": entered.get("kei_lun_hp"), "max_hp": entered.get("kei_lun_hp"),
                        "acted_turn": None},
            "chest": chest, "chest_holder": None,
            "peach": {"guarding": False, "same_tile": False},
            "deck": entered.get("deck_cards", DECK_CARDS), "drawn": entered.get("drawn", 0),
            "ruling": options.get("q7_kei_lun", "move_first")})
        quest = G["quest_state"]
        if quest["drawn"] and G["turn"] == 1:
            raise BadRequest("no Demon Card is drawn before Turn 1: enter the cards drawn with a "
                             "position at a later Turn", "options.quest_setup.drawn")
        if quest["drawn"] > quest["deck"]:
            raise SetupError(f"the Demon Spawn Deck has {quest['deck']} cards",
                             "options.quest_setup.drawn")
        if quest["drawn"] == quest["deck"]:  # played once: "…become inactive"
            for gate in G["gates"].values():
                if gate["status"] == "active":
                    gate["status"] = "inactive"
        inactive = gates_in(G, "inactive")
        if inactive and quest["drawn"] < quest["deck"]:  # finding 86
            raise SetupError(f"Quest 7: {', '.join(inactive)} cannot be inactive with "
                             f"{quest['deck'] - quest['drawn']} of the Demon Spawn Deck's "
                             f"{quest['deck']} cards still to play", "position.gates",
                             Citation("journey", Q_DECK))

    # -- Kei Lun's turn, directly after the Pilgrims ------------------------------------------------

    @classmethod
    def waiting_for_kei_lun(cls, game) -> bool:
        return (game.phase == "pilgrims" and game.activation() is None and not game.G["pending"]
                and not kei_lun_killed(game) and kei_lun(game)["acted_turn"] != game.G["turn"])

    @classmethod
    def holds_phase(cls, game):
        return cls.waiting_for_kei_lun(game)

    @classmethod
    def cleanse_bonus(cls, game) -> dict[str, int]:
        return {"the Golden Peach": 1} if golden_peach(game) else {}

    @classmethod
    def forbidden_quote(cls, game, kind):
        """While Kei Lun's Action is due, what the phase refuses waits for him; once he has taken
        it, another is refused with the same sentence (his 1 Action Point each turn). A spawn once
        the Demon Spawn Deck has been played: the Quest's Demon Deck sentence."""
        if cls.waiting_for_kei_lun(game) or (kind == "kei_lun_ally"
                                             and kei_lun(game)["acted_turn"] == game.G["turn"]):
            return Q_ONE_AP
        if kind == "spawn" and state(game)["drawn"] >= state(game)["deck"]:
            return Q_DECK  # the Quest's own sentence makes the Gates inactive (finding 137)
        return super().forbidden_quote(game, kind)

    @classmethod
    def own_legal(cls, game):
        table = game.G["controllers"]["tripitaka"]
        out = [{"type": "golden_peach", "player": table, "open": ["guarding", "same_tile"]}]
        if cls.waiting_for_kei_lun(game):
            out.append({"type": "kei_lun_ally", "player": table,
                        "open": ["action", "guarding", "in_range", "attacks"]})
        activation = game.activation()
        if activation is not None:
            holder = state(game)["chest_holder"]
            pilgrim = activation["pilgrim"]
            chest = {"type": "treasure_chest", "player": game.G["controllers"][pilgrim],
                     "pilgrim": pilgrim, "action": "pick_up" if holder is None else "set_down"}
            if holder in (None, pilgrim) and may_act(game, chest, chest_action(game, chest)):
                out.append(chest)
        current = game.G["demon_phase"] and game.G["demon_phase"]["current"]
        if (game.phase == "demons_activate" and current and current["plan"] is not None
                and KEI_LUN in current["attacks"]):
            out.append({"type": "kei_lun_attacked", "player": table, "demon": current["demon"],
                        "open": ["attack_dice"]})
        return out

    @classmethod
    def extra_targets(cls, game) -> dict:
        """Kei Lun among the Demons' Targets, "as if he were a fifth pilgrim" (his Health Points
        for the weakest-Target preference; 99 while the table has not entered them)."""
        if kei_lun_killed(game):
            return {}
        hp = kei_lun(game)["hp"]
        return {KEI_LUN: 99 if hp is None else hp}

    @classmethod
    def event_kei_lun_ally(cls, game, event):
        if not cls.waiting_for_kei_lun(game):
            raise game.violation("Kei Lun has taken his 1 Action this turn (or cannot act).",
                                 Q_ONE_AP)
        action, guarding = event["action"], event["guarding"]
        in_range = event.get("in_range") or []
        attack_first = state(game)["ruling"] == "attack_first"
        if action in ("move", "rotate"):
            if guarding:
                raise game.violation("Kei Lun guards the treasure chest: he does not move.",
                                     Q_MOVE)
            if attack_first and in_range:
                raise game.violation("There are Demons or Pilgrims in his range/LOS: he attacks "
                                     "(table ruling).", Q_QUEST5)
            if not event.get("towards_chest", False):
                raise game.violation("Kei Lun moves or rotates towards the treasure chest.",
                                     Q_MOVE)
        elif action == "attack":
            if not guarding and not attack_first:
                raise game.violation("Kei Lun does not guard the treasure chest yet: he moves "
                                     "towards it first.", Q_MOVE)
            if not in_range:
                raise game.violation("Nothing is in Kei Lun's range/LOS.", Q_ATTACK)
        else:
            if not guarding and not (attack_first and in_range):
                raise game.violation("Kei Lun does not guard the treasure chest: he moves "
                                     "towards it.", Q_MOVE)
            if in_range:
                raise game.violation("Kei Lun attacks all Demons and Pilgrims in range/LOS.",
                                     Q_ATTACK)
        kei_lun(game)["acted_turn"] = game.G["turn"]
        if action == "attack":
            cls.kei_lun_attacks(game, event, in_range)
            state(game)["peach"]["guarding"] = guarding
        elif action == "none":
            state(game)["peach"]["guarding"] = guarding
            game.effect("Kei Lun guards the treasure chest; nothing is in his range.", Q_ATTACK)
        else:
            state(game)["peach"]["guarding"] = bool(event.get("guarding_after"))
            game.effect(f"Kei Lun {'moves 1 square forwards' if action == 'move' else 'rotates'} "
                        "towards the treasure chest.", Q_MOVE)

    @classmethod
    def kei_lun_attacks(cls, game, event, in_range):
        attacks = event.get("attacks") or []
        targets = [a["target"] for a in attacks]
        if sorted(targets) != sorted(set(in_range)) or len(targets) != len(set(targets)):
            raise game.violation("One attack roll for each Demon and Pilgrim in his range/LOS, "
                                 "each once.", Q_ATTACK)
        for attack in attacks:
            target, damage = attack["target"], sum(attack["attack_dice"])
            if target in game.G["pilgrims"]:
                defense = sum(attack.get("defense_dice") or []) + bool(attack.get("green_square"))
                game.effect(f"Kei Lun attacks {game.name_of(target)}: {damage} damage against "
                            f"{defense} defense.", Q_ATTACK)
                game.damage_pilgrim(target, max(0, damage - defense), "Kei Lun's attack",
                                    Q_ATTACK)
                continue
            if target not in game.G["demons"]:
                raise BadRequest(f"no Demon or Pilgrim named {target}", "event.attacks")
            if attack.get("defense_dice"):
                raise game.violation(f"{game.name_of(target)} rolls no Defense Dice.",
                                     Q_DEMON_NO_DEFENSE)
            if attack.get("green_square"):
                game.effect(f"{game.name_of(target)} stands on a green line but uses no Defense "
                            "Dice: no bonus.", Q_GREEN_NONE)
            hp = game.G["demons"][target]["profile"].get("hp")
            if hp is None:
                raise BadRequest(f"enter the Health Points of {game.name_of(target)} at setup "
                                 "(demon_profiles)", "event.attacks")
            if damage >= hp:
                name = game.name_of(target)
                game.remove_demon(target, "killed")
                game.effect(f"Kei Lun Kills {name} ({damage} damage): no Cleanse Ritual, no "
                            "Karma.", Q_KILLS)
            else:
                game.effect(f"Kei Lun attacks {game.name_of(target)}: {damage} damage, not the "
                            f"{hp} of a One Hit Kill.", Q_ATTACK)

    # -- the treasure chest and the Golden Peach ---------------------------------------------------

    @classmethod
    def event_treasure_chest(cls, game, event):
        action = chest_action(game, event)
        pilgrim_acts(game, event, action)
        holder = state(game)["chest_holder"]
        if event["action"] == "pick_up" and holder is not None:
            if game.G["pilgrims"][holder]["status"] != "active":
                raise game.violation(f"{game.name_of(holder)}, Unconscious, keeps the treasure "
                                     "chest (table ruling q7_chest_when_down).", Q_KEEPS)
            raise game.violation(f"{game.name_of(holder)} holds the treasure chest.", Q_CHEST)
        if event["action"] == "set_down" and holder != event["pilgrim"]:
            raise game.violation(f"{game.name_of(event['pilgrim'])} does not hold the treasure "
                                 "chest.", Q_CHEST)
        game.spend(event, action)
        state(game)["chest_holder"] = event["pilgrim"] if event["action"] == "pick_up" else None
        game.effect(f"{game.name_of(event['pilgrim'])} "
                    f"{'picks up' if event['action'] == 'pick_up' else 'sets down'} the treasure "
                    "chest.", Q_CHEST)
        game.after_action()

    @classmethod
    def on_pilgrim_down(cls, game, pilgrim):
        if state(game)["chest_holder"] != pilgrim:
            return
        name = game.name_of(pilgrim)
        if game.option("q7_chest_when_down") == "dropped":
            state(game)["chest_holder"] = None
            game.effect(f"{name} is Unconscious: the treasure chest falls to the ground on his "
                        "square (table ruling q7_chest_when_down).", Q_NO_ACTIONS)
        else:
            game.effect(f"{name} is Unconscious and keeps the treasure chest (table ruling "
                        "q7_chest_when_down).", Q_KEEPS)

    @classmethod
    def on_pilgrim_dead(cls, game, pilgrim):
        if state(game)["chest_holder"] == pilgrim:
            state(game)["chest_holder"] = None
            game.effect(f"{game.name_of(pilgrim)} is removed from the board; the treasure chest "
                        "stays on the ground where he lay.", Q_DEAD)

    @classmethod
    def event_golden_peach(cls, game, event):
        if event["same_tile"] and dead_carriers(game):
            names = " and ".join(game.name_of(name) for name in dead_carriers(game))
            raise game.violation(f"{names} carries a Sutra and is dead: his Miniature is off the "
                                 "board, on no Map Tile (table ruling dead_pilgrim_sutras: "
                                 "still_held).", (Q_SAME_TILE, Q_DEAD))
        state(game)["peach"] = {"guarding": event["guarding"], "same_tile": event["same_tile"]}
        if golden_peach(game):
            game.effect("The Golden Peach is released: +1 on every Cleanse Ritual roll.", Q_PEACH)
        elif not event["guarding"]:
            game.effect("No Golden Peach: Kei Lun is not guarding the treasure chest.", Q_GUARDING)
        elif sutras_held(game) < ALL_SUTRAS:
            game.effect(f"No Golden Peach: the Pilgrims possess {sutras_held(game)} Sutras.",
                        Q_ALL_SUTRAS)
        else:
            game.effect("No Golden Peach: the Sutras are not on the chest's Map Tile.",
                        Q_SAME_TILE)

    # -- the Demons ----------------------------------------------------------------------------------

    @classmethod
    def event_kei_lun_attacked(cls, game, event):
        current = game.G["demon_phase"]["current"]
        if (current is None or current["demon"] != event["demon"] or current["plan"] is None
                or KEI_LUN not in current["attacks"]):
            raise game.violation(f"{game.name_of(event['demon'])} is not attacking Kei Lun now "
                                 "(its plan names its Targets).", Q_FIFTH)
        if kei_lun_killed(game):
            raise game.violation("Kei Lun is Killed.", Q_DEFEAT)
        kei = kei_lun(game)
        if kei["hp"] is None:
            if "kei_lun_hp" not in event:
                raise BadRequest("enter Kei Lun's Health Points from his Profile Sheet (not "
                                 "printed in the rulebook)", "event.kei_lun_hp")
            kei["hp"] = kei["max_hp"] = event["kei_lun_hp"]
        elif event.get("kei_lun_hp", kei["max_hp"]) != kei["max_hp"]:
            raise BadRequest(f"Kei Lun's Profile Sheet says {kei['max_hp']} Health Points",
                             "event.kei_lun_hp")
        damage = sum(event["attack_dice"]) + event.get("extra_damage", 0)
        hit = max(0, damage - sum(event.get("defense_dice") or []))
        kei["hp"] = max(0, kei["hp"] - hit)
        game.effect(f"{game.name_of(event['demon'])} attacks Kei Lun: {hit} damage, "
                    f"{kei['hp']} Health Points left.", Q_FIFTH)
        game.demon_attack_done({"target": KEI_LUN})

    @classmethod
    def after_event(cls, game, event=None):
        if event and event["type"] == "spawn":  # a card that begins a Rage was drawn too
            quest = state(game)
            quest["drawn"] += 1
            if quest["drawn"] >= quest["deck"]:
                for gate in game.G["gates"].values():
                    if gate["status"] == "active":
                        gate["status"] = "inactive"
                if quest["drawn"] == quest["deck"]:
                    game.effect(f"The Demon Spawn Deck has been played once ({quest['deck']} "
                                "cards): every Gate is inactive.", Q_DECK)
        super().after_event(game, event)


QUEST = DemonArmy
