"""Journey: the readings a card's printed text leaves open (table rulings, both ways), cards used
inside an attack leaving the hand, and a table's own Quest that forbids sealing the Gates."""

import pytest

from referee.core import BadRequest
from referee.journey import Game
from referee.journey import actions as A
from referee.journey import card_effects as E
from referee.journey import combat as C
from referee.journey import rules as R
from tests.test_journey import CH, MK, MS, PILGRIMS, TP, Table, card, option


def test_every_new_ruling_defaults_to_its_first_reading_and_quotes_both_sides():
    for name in ("war_cry_focus", "om_chant_inactive", "card_extra_attack", "shadow_walk"):
        ruling = Game.options[name]
        assert ruling.default == ruling.schema["enum"][0]
        assert len(ruling.citations) == 2


# -- Flaming War Cry: "the center of attention" ----------------------------------------------------

def war_cry_table(ruling):
    table = Table({"demons": ["berrok"], "pilgrims": {MK: {"hand": ["Flaming War Cry"]}}},
                  war_cry_focus=ruling)
    table.do("maintenance")
    table.do("play_card", pilgrim=MK, card="Flaming War Cry", kind="skill")
    table.end(*PILGRIMS)
    return table


def test_war_cry_replacing_tripitaka_makes_attacking_the_monkey_king_plan_1():
    table = war_cry_table("replaces_tripitaka")
    assert table.activate("berrok-1", option([TP]), option([MK]), on_monkey_kings_tile=True) == [2]
    assert table.G["demon_phase"]["current"]["options"][1]["priority"] == 1
    table.refuse(E.Q_WAR_CRY, "demon_plan", demon="berrok-1", option=1)  # finding 136


def test_war_cry_as_a_preferred_target_leaves_tripitaka_plan_1_and_ranks_the_monkey_king_first():
    table = war_cry_table("preferred_target")
    assert table.activate("berrok-1", option([TP]), option([MK]), on_monkey_kings_tile=True) == [1]
    table = war_cry_table("preferred_target")
    # Both Plan 2; Monk Sha is weaker, but the Monkey King is the center of attention.
    table.pilgrim(MS)["hp"] = 2
    best = table.activate("berrok-1", option([MS], closer=True), option([MK], closer=True),
                          on_monkey_kings_tile=True)
    assert best == [2]
    assert any(why["quote"] == E.Q_WAR_CRY for why in table.G["demon_phase"]["current"]["why"])
    table.refuse(E.Q_WAR_CRY, "demon_plan", demon="berrok-1", option=1)
    table.do("demon_plan", demon="berrok-1", option=2)


def test_without_war_cry_the_weaker_target_is_preferred_under_either_ruling():
    table = Table({"demons": ["berrok"]}, war_cry_focus="preferred_target")
    table.to_demons()
    table.pilgrim(MS)["hp"] = 2
    assert table.activate("berrok-1", option([MS], closer=True), option([MK], closer=True)) == [1]


# -- Om Chant: how long the Demons it stops stay inactive -------------------------------------------

def om_chant_table(ruling):
    table = Table({"demons": ["berrok"], "pilgrims": {TP: {"hand": ["Om Chant"]}}},
                  om_chant_inactive=ruling)
    table.do("maintenance")
    table.do("play_card", pilgrim=TP, card="Om Chant", kind="skill", duration="end_of_turn")
    table.end(*PILGRIMS)
    table.activate("berrok-1", {**option([TP], closer=True), "map_tile": "enters_tripitakas"},
                   pick=1)
    assert not table.G["demons"]["berrok-1"]["active"]
    table.do("end_turn")
    table.do("maintenance")
    return table


def test_om_chant_demons_wake_when_the_card_leaves_play():
    table = om_chant_table("while_in_play")
    assert table.G["demons"]["berrok-1"]["active"]


def test_om_chant_demons_stay_inactive_for_the_rest_of_the_quest_under_the_other_ruling():
    table = om_chant_table("rest_of_quest")
    assert not table.G["demons"]["berrok-1"]["active"]
    table.end(*PILGRIMS)
    assert table.phase == "end"  # it does not activate
    table.do("end_turn")
    table.do("maintenance")
    table.do("room", ids=["berrok-1"], active=True)  # the table wakes it
    table.end(*PILGRIMS)
    table.do("demon_options", demon="berrok-1", options=[option([TP])])


# -- Flood Gate: decided by the book ----------------------------------------------------------------

def test_a_demon_flood_gate_moves_from_a_closed_room_to_its_gate_is_active():
    """"Place them around the Gate as if they spawned there this turn. Move them normally in the
    Demon Phase.": not open, a rule."""
    table = Table({"gates": [{"id": "g1"}], "inactive_demons": ["berrok"]})
    table.to_demons()
    table.do("spawn", gate="g1", card="special", name="Flood Gate")
    effects = table.do("flood_gate", gate="g1", closer={"berrok-1": True})
    assert table.G["demons"]["berrok-1"]["active"] and any("as if they spawned" in e
                                                           for e in effects)
    table.do("demon_options", demon="berrok-1", options=[option([TP])])


# -- A card's further Attack for the same Action Point ----------------------------------------------

def twice_table(corruption, ruling, first=()):
    table = Table({"demons": ["berrok", "berrok"], "pilgrims": {MK: {"corruption": [corruption]}}},
                  card_extra_attack=ruling)
    table.do("maintenance")
    for event in first:
        table.do(*event[:1], pilgrim=MK, **event[1])
    table.do("attack", pilgrim=MK, targets=["berrok-1"], attack_dice=[1, 0], pilgrim_die=0,
             weapon_damage=0, cards=[card(MK, "Double Strike", attacks=2)])
    return table


FURTHER = {"pilgrim": MK, "targets": ["berrok-2"], "same_action": True, "attack_dice": [0, 0],
           "pilgrim_die": 0, "weapon_damage": 0}


def test_lure_of_demons_a_cards_second_attack_is_part_of_the_same_action():
    table = twice_table("Lure of Demons", "same_action")
    table.do("attack", **FURTHER)
    assert table.pilgrim(MK)["actions_this_turn"] == ["attack"]


def test_lure_of_demons_a_cards_second_attack_as_a_new_action_is_attacking_twice():
    table = twice_table("Lure of Demons", "new_action")
    table.refuse(R.Q_LURE, "attack", **FURTHER)


def test_demon_distraction_a_cards_second_attack_after_two_actions_by_ruling():
    rest = [("rest", {})]
    table = twice_table("Demon Distraction", "same_action", rest)
    table.do("attack", **FURTHER)
    table = twice_table("Demon Distraction", "new_action", rest)
    table.refuse(R.Q_DISTRACTION, "attack", **FURTHER)


def test_a_cards_second_target_is_never_a_new_action():
    table = Table({"demons": ["berrok", "berrok"],
                   "pilgrims": {MK: {"corruption": ["Lure of Demons"]}}},
                  card_extra_attack="new_action")
    table.do("maintenance")
    table.do("attack", pilgrim=MK, targets=["berrok-1"], attack_dice=[1, 0], pilgrim_die=0,
             weapon_damage=0, cards=[card(MK, "Whirlwind", targets=2)])
    table.do("attack", **FURTHER)


# -- Shadow Walk: what its Move passes ----------------------------------------------------------------

def shadow_table(ruling):
    table = Table({"pilgrims": {MK: {"hand": ["Shadow Walk", "Shadow Walk"]}}}, shadow_walk=ruling)
    table.do("maintenance")
    with pytest.raises(BadRequest):  # its duration is not printed: entered as read
        table.do("play_card", pilgrim=MK, card="Shadow Walk", kind="skill")
    table.do("play_card", pilgrim=MK, card="Shadow Walk", kind="skill", duration="this_action")
    return table


def test_shadow_walk_passes_a_closed_door_or_a_wall_into_a_room():
    table = shadow_table("door_or_wall")
    table.refuse(A.Q_BLOCKED, "move", pilgrim=MK, steps=2, through_blocked=True,
                 obstruction="miniature")
    with pytest.raises(BadRequest):
        table.do("move", pilgrim=MK, steps=2, through_blocked=True)
    effects = table.do("move", pilgrim=MK, steps=2, through_blocked=True, obstruction="wall")
    assert any("Shadow Walk" in e for e in effects)
    table.refuse(A.Q_OBSTRUCTION["wall"], "move", pilgrim=MK, steps=2, through_blocked=True,
                 obstruction="wall")  # this Action only


def test_shadow_walk_like_phase_walk_passes_any_obstruction():
    table = shadow_table("like_phase_walk")
    table.refuse(C.Q_PURPLE, "move", pilgrim=MK, steps=2, through_purple=True)
    table.do("move", pilgrim=MK, steps=2, through_blocked=True, obstruction="miniature")


# -- Cards used inside an attack leave the hand -------------------------------------------------------

def test_a_card_used_in_a_demons_attack_is_discarded_and_cannot_be_used_again():
    table = Table({"demons": ["berrok"], "pilgrims": {TP: {"hand": ["Prayer of Mercy"]}}})
    table.to_demons()
    table.activate("berrok-1", option([TP], ("attack", "attack")), pick=1)
    effects = table.do("demon_attack", demon="berrok-1", target=TP, attack_dice=[3, 3],
                       defense_dice=[0, 0], cards=[card(TP, "Prayer of Mercy")])
    assert any("Prayer of Mercy is discarded" in e for e in effects)
    assert table.pilgrim(TP)["skills"] == []
    table.refuse(R.Q_HAND, "demon_attack", demon="berrok-1", target=TP, attack_dice=[3, 3],
                 defense_dice=[0, 0], cards=[card(TP, "Prayer of Mercy")])


def test_a_retained_card_returns_to_the_hand_and_a_fortune_card_used_is_discarded():
    table = Table({"demons": ["berrok", "berrok"],
                   "pilgrims": {MK: {"hand": ["Tiger Claw"], "fortune": ["Lucky Coin"]}}})
    table.do("maintenance")
    table.refuse(R.Q_HAND, "attack", pilgrim=MK, targets=["berrok-1"], attack_dice=[0, 0],
                 pilgrim_die=0, weapon_damage=0,
                 cards=[card(MK, "Tiger Claw", keep=True), card(MK, "Tiger Claw")])
    table.do("attack", pilgrim=MK, targets=["berrok-1"], attack_dice=[0, 0], pilgrim_die=0,
             weapon_damage=0, cards=[card(MK, "Tiger Claw", keep=True, damage=1),
                                     card(MK, "Lucky Coin", kind="fortune", damage=1)])
    assert table.pilgrim(MK)["skills"] == ["Tiger Claw"] and table.pilgrim(MK)["fortune"] == []
    table.refuse(R.Q_HAND, "attack", pilgrim=MK, targets=["berrok-2"], attack_dice=[0, 0],
                 pilgrim_die=0, weapon_damage=0, cards=[card(MK, "Lucky Coin", kind="fortune")])


def test_a_starting_skill_card_the_table_did_not_enter_is_used_once_per_unknown_card():
    table = Table({"demons": ["berrok"], "pilgrims": {MK: {"skills_unknown": 1}}})
    table.do("maintenance")
    table.refuse(R.Q_HAND, "attack", pilgrim=MK, targets=["berrok-1"], attack_dice=[0, 0],
                 pilgrim_die=0, weapon_damage=0,
                 cards=[card(MK, "Tiger Claw"), card(MK, "Iron Fist")])
    table.do("attack", pilgrim=MK, targets=["berrok-1"], attack_dice=[0, 0], pilgrim_die=0,
             weapon_damage=0, cards=[card(MK, "Tiger Claw")])
    assert table.pilgrim(MK)["skills_unknown"] == 0
    table.do("attack", pilgrim=MK, targets=["berrok-1"], attack_dice=[0, 0], pilgrim_die=0,
             weapon_damage=0)
    assert table.G["activation"]["pilgrim"] == CH


def test_a_card_used_in_a_cleanse_ritual_and_a_spin_leaves_the_hand():
    table = Table({"demons": ["berrok"], "boxes": ["box-1"],
                   "pilgrims": {MK: {"hand": ["Cleansing Flame"]},
                                MS: {"hand": ["Spirit of Fortune"]}}})
    table.do("maintenance")
    table.do("attack", pilgrim=MK, targets=["berrok-1"], attack_dice=[3, 3], pilgrim_die=0,
             weapon_damage=0)
    table.do("resolve_defeat", pilgrim=MK, choice="cleanse", cleanse_dice=[1, 1],
             cards=[card(MK, "Cleansing Flame", cleanse=1)])
    assert table.pilgrim(MK)["skills"] == []
    table.do("meditate", pilgrim=MK, box="box-1", spinner="white", kept="Wild Herbs",
             cards=[card(MS, "Spirit of Fortune", played="after_roll", timing="after_trigger")])
    assert table.pilgrim(MS)["skills"] == []


# -- Prayer of Sealing outside Quests 6 and 9 ---------------------------------------------------------

def test_a_tables_own_quest_that_forbids_sealing_refuses_the_prayer_of_sealing_and_close_gate():
    position = {"gates": [{"id": "g1"}], "pilgrims": {TP: {"hand": ["Prayer of Sealing"],
                                                          "sutras": 1}}}
    table = Table(position, gates_sealable=False, initiative=[TP, MK, CH, MS])
    table.do("maintenance")
    table.refuse(E.Q_SEALING, "play_card", pilgrim=TP, card="Prayer of Sealing", kind="skill")
    table.refuse(A.Q_FINE_TUNE, "close_gate", pilgrim=TP, gate="g1")
    table = Table(position, initiative=[TP, MK, CH, MS])
    table.do("maintenance")
    table.do("play_card", pilgrim=TP, card="Prayer of Sealing", kind="skill")
    table.do("close_gate", pilgrim=TP, gate="g1")
    assert table.G["gates"]["g1"]["status"] == "closed"



# -- Greedy and Flying Nimbus ---------------------------------------------------------------------

def test_greedy_takes_a_fortune_card_without_a_mystical_box():
    table = Table({"pilgrims": {CH: {"hand": ["Greedy"]}}})  # MK's hand unknown (finding 79)
    table.do("maintenance")
    with pytest.raises(BadRequest):  # which Fortune Card it took
        table.do("play_card", pilgrim=CH, card="Greedy", kind="skill")
    table.refuse(E.Q_OWN_DECK, "play_card", pilgrim=MK, card="Greedy", kind="skill",
                 draws="Wild Herbs")
    effects = table.do("play_card", pilgrim=CH, card="Greedy", kind="skill", draws="Wild Herbs")
    assert any("no Mystical Box" in e for e in effects)
    assert table.pilgrim(CH)["fortune"] == ["Wild Herbs"] and table.pilgrim(CH)["skills"] == []


def nimbus_table(**pilgrim):
    table = Table({"pilgrims": {MK: {"hand": ["Flying Nimbus"], **pilgrim}}})
    table.do("maintenance")
    return table


NIMBUS = {"pilgrim": MK, "card": "Flying Nimbus", "kind": "skill"}


def test_flying_nimbus_is_an_extra_move_action_for_no_action_point():
    table = nimbus_table()
    with pytest.raises(BadRequest):
        table.do("play_card", **NIMBUS)
    table.refuse(E.Q_REROLL, "play_card", **NIMBUS, duration="this_action", move={"steps": 1})
    table.refuse(A.Q_MV, "play_card", **NIMBUS, move={"steps": 5})
    table.refuse(A.Q_DIAGONAL, "play_card", **NIMBUS, move={"steps": 1, "diagonal": True})
    table.do("play_card", **NIMBUS, move={"steps": 4, "red": 1})
    assert table.G["activation"]["spent"] == 0 and table.pilgrim(MK)["hp"] == 9
    assert table.pilgrim(MK)["actions_this_turn"] == ["move"]
    table.do("move", pilgrim=MK, steps=4)
    table.do("rest", pilgrim=MK)
    assert table.G["activation"]["pilgrim"] == CH  # three Actions, two Action Points


def test_flying_nimbus_under_demon_distraction_and_lure_of_demons():
    table = nimbus_table(corruption=["Demon Distraction"])
    table.do("rest", pilgrim=MK)
    table.do("play_card", **NIMBUS, move={"steps": 2})  # the second Action
    table.refuse(R.Q_DISTRACTION, "rest", pilgrim=MK)
    table = nimbus_table(corruption=["Demon Distraction"], hand=["Flying Nimbus"] * 2)
    table.do("rest", pilgrim=MK)
    table.do("move", pilgrim=MK, steps=1)
    table.refuse(R.Q_DISTRACTION, "play_card", **NIMBUS, move={"steps": 1})
    table = nimbus_table(corruption=["Lure of Demons"])
    table.do("move", pilgrim=MK, steps=1)
    table.refuse(R.Q_LURE, "play_card", **NIMBUS, move={"steps": 1})
    table.do("rest", pilgrim=MK)
    table = nimbus_table(corruption=["Lure of Demons"])
    table.do("move", pilgrim=MK, steps=1)
    table.do("rest", pilgrim=MK)
    # a third Action may double up (the FAQ on 3 Action Points; ruling no_double_third_action)
    table.do("play_card", **NIMBUS, move={"steps": 1})
    table = Table({"pilgrims": {MK: {"hand": ["Flying Nimbus"], "corruption": ["Lure of Demons"]}}},
                  no_double_third_action="never")
    table.do("maintenance")
    table.do("move", pilgrim=MK, steps=1)
    table.do("rest", pilgrim=MK)
    table.refuse(R.Q_LURE, "play_card", **NIMBUS, move={"steps": 1})


# -- Condition Cards on Demons (the Asura Seal reflects them) ---------------------------------------

def reflected(condition, hp=4, ruling="applied", dice=(1, 0), **fields):
    demons = {"berrok": {"hp": hp, "sp": 2, "gkr": 2, "bkr": 2, "attack_dice": 2}}
    table = Table({"demons": ["berrok"], "pilgrims": {TP: {"hand": ["Asura Seal"]}}},
                  demon_profiles=demons, demon_condition_effects=ruling)
    table.do("maintenance")
    table.do("play_card", pilgrim=TP, card="Asura Seal", kind="skill", duration="end_of_turn")
    table.end(*PILGRIMS)
    table.activate("berrok-1", option([TP]), pick=1)
    table.do("demon_attack", demon="berrok-1", target=TP, attack_dice=list(dice),
             condition=condition, **fields)
    return table


def test_a_reflected_condition_is_tracked_on_the_demon_and_its_damage_ignored_below_its_hp():
    table = reflected("Poisoned")
    poisoned = table.G["demons"]["berrok-1"]["conditions"]
    assert [(c["name"], c["tokens"], c["duration"]) for c in poisoned] == [("Poisoned", 0, 3)]
    assert "Poisoned (3 turns left)" in table.model.scores()["decided_by"]["text"]
    table.do("end_turn")
    assert poisoned[0]["tokens"] == 1
    effects = table.do("maintenance")
    assert any("its Health Points are unchanged" in e for e in effects)
    assert "berrok-1" in table.G["demons"] and table.G["pending"] is None
    for _ in range(2):
        table.end(*PILGRIMS)
        table.do("demon_options", demon="berrok-1", options=[])
        table.do("demon_plan", demon="berrok-1", option=1)
        table.do("end_turn")
        effects = table.do("maintenance")
    assert any("expires" in e for e in effects)
    assert table.G["demons"]["berrok-1"]["conditions"] == []


def test_condition_damage_worth_a_one_hit_kill_defeats_the_demon_for_tripitaka():
    table = reflected("Poisoned", hp=1, dice=(0, 0), condition_damage=0)
    table.do("end_turn")
    table.do("maintenance")
    assert table.G["pending"] == {"kind": "defeated", "pilgrim": TP, "demon": "berrok-1"}
    table.do("resolve_defeat", pilgrim=TP, choice="kill")
    assert "berrok-1" not in table.G["demons"] and table.pilgrim(TP)["bad_karma"] == 2


def test_a_reflected_condition_needs_its_duration_and_a_duplicate_replaces_it():
    with pytest.raises(BadRequest):
        reflected("Disabled")
    table = reflected("Disabled", condition_duration=2)
    assert table.G["demons"]["berrok-1"]["conditions"][0]["duration"] == 2


def test_a_disabled_demon_does_not_attack_under_the_applied_ruling():
    table = reflected("Disabled", condition_duration=2)
    table.do("end_turn")
    table.do("maintenance")
    table.end(*PILGRIMS)
    table.refuse(R.Q_DISABLED, "demon_options", demon="berrok-1", options=[option([TP])])
    table.do("demon_options", demon="berrok-1", options=[])
    table = reflected("Disabled", ruling="damage_only", condition_duration=2)
    table.do("end_turn")
    table.do("maintenance")
    table.end(*PILGRIMS)
    table.do("demon_options", demon="berrok-1", options=[option([TP])])


def test_a_paralyzed_demon_takes_no_actions_under_the_applied_ruling():
    table = reflected("Paralyzed", condition_duration=2)
    table.do("end_turn")
    table.do("maintenance")
    table.end(*PILGRIMS)
    assert table.phase == "end"  # it does not activate
    table = reflected("Paralyzed", ruling="damage_only", condition_duration=2)
    table.do("end_turn")
    table.do("maintenance")
    table.end(*PILGRIMS)
    assert table.phase == "demons_activate"


# -- Neutral Creatures attack ----------------------------------------------------------------------

def creature_table(**position):
    table = Table({"demons": ["berrok", "boof"], "neutral_creatures": ["kei-lun", "spirit"],
                   **position})
    table.do("maintenance")
    return table


def test_a_neutral_creature_attacks_a_pilgrim_who_defends():
    table = creature_table()
    assert any(e["type"] == "creature_attack" and e["creature"] == "kei-lun"
               for e in table.model.legal())
    table.refuse(C.Q_DEFENSE_DICE, "creature_attack", creature="kei-lun", target=MK,
                 attack_dice=[3, 3])
    table.do("creature_attack", creature="kei-lun", target=MK, attack_dice=[3, 3, 2],
             defense_dice=[1, 0], green_square=True)
    assert table.pilgrim(MK)["hp"] == 4  # 8 - (1 + 1 for the green line)
    effects = table.do("creature_attack", creature="kei-lun", target=MS, attack_dice=[1],
                       defense_dice=[2, 0])
    assert any("complete failure" in e for e in effects) and table.pilgrim(MS)["hp"] == 9


def test_a_neutral_creature_kills_a_demon_it_defeats_with_no_karma_and_never_hits_its_own_kind():
    table = creature_table()
    table.refuse(C.Q_SAME_TYPE, "creature_attack", creature="kei-lun", target="spirit",
                 attack_dice=[3])
    table.refuse(C.Q_DEMON_NO_DEFENSE, "creature_attack", creature="kei-lun", target="boof-1",
                 attack_dice=[3], defense_dice=[1])
    table.refuse(C.Q_RANGE, "creature_attack", creature="kei-lun", target="boof-1",
                 attack_dice=[3], in_range=False)
    table.do("creature_attack", creature="kei-lun", target="boof-1", attack_dice=[3, 2])
    assert "boof-1" in table.G["demons"]  # 5 is not the 6 of a One Hit Kill
    effects = table.do("creature_attack", creature="kei-lun", target="boof-1",
                       attack_dice=[3, 3])
    assert "boof-1" not in table.G["demons"] and any("Killed" in e for e in effects)
    assert all(p["bad_karma"] == 0 and p["good_karma"] == 0 for p in table.G["pilgrims"].values())
    assert table.G["removed"][-1]["how"] == "killed"
    with pytest.raises(BadRequest):
        table.do("creature_attack", creature="berrok-1", target=MK, attack_dice=[3])


def test_a_paralyzed_or_dead_pilgrim_under_a_creatures_attack():
    table = creature_table(pilgrims={MK: {"conditions": [{"name": "Paralyzed", "duration": 2}]},
                                     MS: {"status": "dead", "hp": 0}})
    table.refuse(R.Q_PARALYZED, "creature_attack", creature="kei-lun", target=MK,
                 attack_dice=[3], defense_dice=[1, 1])
    table.do("creature_attack", creature="kei-lun", target=MK, attack_dice=[3])
    assert table.pilgrim(MK)["hp"] == 7
    table.refuse(R.Q_DEAD, "creature_attack", creature="kei-lun", target=MS, attack_dice=[3])
