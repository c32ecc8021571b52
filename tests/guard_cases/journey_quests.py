"""Journey's Quests (referee/journey/quests/): refusals of the Quests' own rules, one case each, with
the Quest Guide's sentence and why it is that one. Added to Journey's CASES (journey.py), so the
guard walk plays them through the API like the core game's."""

from __future__ import annotations

from referee.journey import card_effects as E
from referee.journey import rules as R
from referee.journey.quests import q05_beasts as Q5
from referee.journey.quests import q06_kogaiji as Q6
from referee.journey.quests import q09_kogaijis_trap as Q9
from referee.journey.quests import q10_lair as Q10A
from referee.journey.quests import q10_seal_the_gate as Q10B

from . import Case

PILGRIMS = ("monkey_king", "cho_hakkai", "monk_sha", "tripitaka")
MK, TP = "monkey_king", "tripitaka"
PROFILES = {"monkey_king": {"max_hp": 10}, "cho_hakkai": {"max_hp": 12, "mv": 3},
            "monk_sha": {"max_hp": 9}, "tripitaka": {"max_hp": 8, "mv": 3, "cleanse_dice": 1}}
DEMONS = {"berrok": {"hp": 4, "sp": 2, "gkr": 2, "bkr": 2, "attack_dice": 2},
          "kogaiji": {"hp": 8, "sp": 3, "gkr": 4, "bkr": 4, "attack_dice": 2},
          "yazuiji": {"hp": 8, "sp": 3, "gkr": 4, "bkr": 4, "attack_dice": 2},
          "koorogg": {"hp": 9, "sp": 3, "gkr": 5, "bkr": 5, "attack_dice": 2}}


def quest(key, position=None, **options) -> dict:
    return {"players": ["Solo"],
            "options": {"pilgrim_profiles": PROFILES, "demon_profiles": DEMONS, "quest": key,
                        "karma_upgrades": "in_position", **options},
            "position": position or {}}


def ev(type_, **fields) -> dict:
    return {"type": type_, "player": "p1", **fields}


M = ev("maintenance")
TO_DEMONS = [M, *(ev("end_activation", pilgrim=p) for p in PILGRIMS)]
LEAVES = {"actions": ["move", "attack"], "targets": [TP], "squares": 3, "ends": "closer",
          "map_tile": "leaves_its_own"}

CASES = [
    Case("q1_no_sight_into_the_closed_house", quest("q1"),
         ev("attack", pilgrim=MK, targets=["berrok-1"], attack_dice=[3, 3], pilgrim_die=2,
            weapon_damage=2), E.Q_LOS,
         "an Attack on a Demon in the Villagers' house before its door is broken: the walls and "
         "the closed door block the Line of Sight", [M], also=(R.Q_ROOMS,)),
    Case("q5_kei_lun_acts_first", quest("q5", initiative=[MK, "cho_hakkai", "monk_sha", TP]),
         ev("spawn", gate="gate-1", card="reinforcement", demons=["berrok"]), Q5.Q_KEI_LUN,
         "a spawn entered once the Pilgrims have acted, before Kei Lun's Action",
         [M, *(ev("end_activation", pilgrim=p) for p in (MK, "cho_hakkai", "monk_sha", TP))],
         also=("Pilgrim Phase: Each Pilgrim is activated in the order shown by the Initiative "
               "Markers and completes all their actions, before the next Pilgrim activates.",)),
    Case("q6_one_gate_sealed",
         quest("q6", {"pilgrims": {TP: {"hand": ["Prayer of Sealing"]}}},
               initiative=[TP, MK, "cho_hakkai", "monk_sha"]),
         ev("close_gate", pilgrim=TP, gate="gate-1"), Q6.Q_SEAL_ONE,
         "Closing a Gate after the Prayer of Sealing sealed one: the Quest allows one Gate "
         "\"regardless of the means\"",
         [M, ev("play_card", pilgrim=TP, card="Prayer of Sealing", kind="skill")]),
    Case("q9_elder_monk_found", quest("q9", quest_setup={"room": ["villager-1"]}),
         ev("rescue_attempt", pilgrim=MK, villager="villager-2", spinner="white"), Q9.Q_TRAP,
         "a white spin for a token left outside Kogaiji's room after the Elder Monk was found: "
         "only 1 of the tokens is the Elder Monk, the others are Bull Generals",
         [M, ev("rescue_attempt", pilgrim=MK, villager="villager-1", spinner="white")]),
    Case("q7_chest_under_lure_of_demons",
         quest("q7", {"pilgrims": {MK: {"corruption": ["Lure of Demons"]}}},
               initiative=list(PILGRIMS), quest_setup={"kei_lun_hp": 10}),
         ev("treasure_chest", pilgrim=MK, action="set_down"), R.Q_LURE,
         "the Monkey King under Lure of Demons setting the chest down in the turn he picked it "
         "up: one Treasure Chest Action (ruling q7_chest_action), the same Action twice",
         [M, ev("treasure_chest", pilgrim=MK, action="pick_up")]),
    Case("q10a_bridge_without_a_move",
         quest("q10a", {"turn": 14, "gates": [{"id": f"gate-{n}"} for n in range(1, 5)],
                        "villagers": [f"villager-{n}" for n in range(1, 6)], "sutras": [],
                        "boxes": ["box-1", "box-2", "box-3"],
                        "broken_doors": ["broken-door-1", "broken-door-2", "broken-door-3"],
                        "pilgrims": {MK: {"sutras": 4}}}, initiative=list(PILGRIMS)),
         ev("fiery_bridge", pilgrim=MK), Q10A.Q_ENDS,
         "the Monkey King stepping onto the Fiery Bridge after a Rest, with no Move: a Pilgrim "
         "steps on it with the Move just made",
         [M, ev("rest", pilgrim=MK)]),
    Case("q10b_lords_stay_on_their_tile", quest("q10b"),
         ev("demon_options", demon="kogaiji-1", options=[LEAVES]), Q10B.Q_STAY,
         "a Demon Lord's option that takes him off the Map Tile he was placed on",
         [*TO_DEMONS, ev("lords_tiles", with_pilgrims=["kogaiji-1", "yazuiji-1", "koorogg-1"]),
          ev("measure", of="demons", distances={"kogaiji-1": 1, "yazuiji-1": 2,
                                                 "koorogg-1": 3})]),
    Case("q10b_lords_react_only_on_their_tile", quest("q10b"),
         ev("demon_options", demon="kogaiji-1", options=[
             {"actions": ["attack"], "targets": [TP], "squares": 0}]), Q10B.Q_STAY,
         "a Demon Lord attacking Tripitaka when the table named only the Monkey King on his Map "
         "Tile: he reacts only to Pilgrims on his Map Tile",
         [*TO_DEMONS, ev("lords_tiles", with_pilgrims=["kogaiji-1"],
                         pilgrims_on_tile={"kogaiji-1": [MK]}),
          *(ev("mantra_spawn", gate=gate, card="special", name="Wild Attacks")
            for gate in ("gate-1", "gate-2", "gate-1", "gate-2")),
          ev("measure", of="demons", distances={"kogaiji-1": 1, "yazuiji-1": 2,
                                                 "koorogg-1": 3})]),
    Case("q10b_mantra_no_model", quest("q10b"),
         ev("mantra_spawn", gate="gate-1", card="reinforcement", demons=["boof"]), Q10B.Q_RUN_OUT,
         "a Mantra card placing a Boof when every Boof model is on the board: promote or Rage",
         [*TO_DEMONS, ev("lords_tiles", with_pilgrims=[]),
          ev("mantra_spawn", gate="gate-1", card="reinforcement", demons=["boof", "boof"]),
          ev("mantra_spawn", gate="gate-2", card="reinforcement", demons=["boof"])]),
    Case("q10b_mantra_promotion", quest("q10b"),
         ev("mantra_spawn", gate="gate-1", card="reinforcement", demons=["borrack"],
            promoted_from=["berrok"]), Q10B.Q_PROMOTE,
         "a promotion in the Mantra while models of the card's Demons are left: the scheme "
         "replaces only Demons with no model to place",
         [*TO_DEMONS, ev("lords_tiles", with_pilgrims=[])]),
]
