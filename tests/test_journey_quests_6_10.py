"""Quests 6-10 through the HTTP API: each Quest's setup as printed, every special rule (the illegal
case refused with its sentence, the legal case accepted), Heroic Victory, Victory and Defeat reached
by play from the Quest's setup, and the table rulings under both readings."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core import BadRequest, RuleViolation, engine
from referee.journey import Game
from referee.journey.quests import q06_kogaiji as Q6
from referee.journey.quests import q07_demon_army as Q7
from referee.journey.quests import q08_iron_fan as Q8
from referee.journey.quests import q09_kogaijis_trap as Q9
from referee.journey.quests import q10_lair as Q10A
from referee.journey.quests import q10_seal_the_gate as Q10B
from tests.test_journey_quests_framework import (
    CH,
    DEMONS,
    HIT,
    MISS,
    MK,
    MS,
    PROFILES,
    TP,
    QuestTable,
)
from tests.test_journey_random import fill

LORDS = {**DEMONS, "yazuiji": {"hp": 8, "sp": 3, "gkr": 4, "bkr": 4, "attack_dice": 2},
         "koorogg": {"hp": 9, "sp": 3, "gkr": 5, "bkr": 5, "attack_dice": 2}}
NINE = {"attack_dice": [3, 3], "pilgrim_die": 3, "weapon_damage": 3}  # 9 damage
DEAD = {"hp": 0, "status": "dead"}
ON_HIS_BACK = {"hp": 0, "status": "unconscious", "posture": "back"}


def table_for(client, quest, position=None, **options):
    """A Quest played on its own, its Pilgrims as the position gives them (the Karma Upgrades of a
    Quest's setup are tested on their own below)."""
    return QuestTable(client, quest, position, demon_profiles=LORDS,
                      **{"karma_upgrades": "in_position", **options})


def demon_attacks(table, demon, target, dice=(3, 3), **extra):
    """The acting Demon attacks `target` once (its plan entered, then the roll)."""
    view = table.view()
    if any(e["type"] == "measure" for e in view["legal"]):
        table.do("measure", of="demons",
                 distances={d: (0 if d == demon else i + 1) for i, d in
                            enumerate(table.G["demons"])})
    table.do("demon_options", demon=demon,
             options=[{"actions": ["attack"], "targets": [target], "squares": 0}])
    table.do("demon_plan", demon=demon, option=1)
    return table.do("demon_attack", demon=demon, target=target, attack_dice=list(dice),
                    defense_dice=[0, 0], **extra)


# -- Quest 6 - Kogaiji -----------------------------------------------------------------------------

def q6(client, position=None, **options):
    return table_for(client, "q6", position, **options)


def test_q6_setup_every_gate_asleep(client):
    G = q6(client).G
    assert {g["status"] for g in G["gates"].values()} == {"inactive"}
    assert sorted(G["demons"]) == ["berrok-1", "berrok-2", "kogaiji-1", "koorogg-1"]
    assert len(G["tokens"]["sutras"]) == 3 and G["tokens"]["villagers"] == ["villager-1"]


def test_q6_a_gate_wakes_when_a_pilgrim_steps_on_its_map_tile(client):
    table = q6(client)
    table.do("maintenance")
    effects = table.do("gate_tile", pilgrim=MK, gates=["gate-2"])
    assert table.G["gates"]["gate-2"]["status"] == "active" and Q6.Q_WAKE
    assert "becomes active" in effects[0]
    assert table.G["gates"]["gate-1"]["status"] == "inactive"
    table.refuse(Q6.Q_WAKE, "gate_tile", pilgrim=CH, gates=["gate-1"])  # not his activation
    table.to_demon_phase()
    table.do("spawn", gate="gate-2", card="reinforcement", demons=["berrok"])
    assert "berrok-3" in table.G["demons"]


def test_q6_one_gate_at_most_is_sealed(client):
    table = q6(client, {"pilgrims": {TP: {"sutras": 2}}},
               initiative=[TP, MK, CH, MS])
    table.do("maintenance")
    table.do("close_gate", pilgrim=TP, gate="gate-1")
    assert table.G["gates"]["gate-1"]["status"] == "closed"
    table.refuse(Q6.Q_SEAL_ONE, "close_gate", pilgrim=TP, gate="gate-2")
    table.refuse(Q6.Q_SEAL_ONE, "play_card", pilgrim=TP, card="Prayer of Sealing", kind="skill")


def test_q6_the_prayer_of_sealing_seals_the_one_gate(client):
    """"A maximum of 1 Gate can be sealed, regardless of the means": the Prayer of Sealing played
    first is the one (which Gate it seals is the table's: the card's text is not printed)."""
    table = q6(client, {"pilgrims": {TP: {"sutras": 2, "hand": ["Prayer of Sealing",
                                                                "Prayer of Sealing"]}}},
               initiative=[TP, MK, CH, MS])
    table.do("maintenance")
    effects = table.do("play_card", pilgrim=TP, card="Prayer of Sealing", kind="skill")
    assert any("one Gate this Quest lets" in effect for effect in effects)
    table.refuse(Q6.Q_SEAL_ONE, "close_gate", pilgrim=TP, gate="gate-1")
    table.refuse(Q6.Q_SEAL_ONE, "play_card", pilgrim=TP, card="Prayer of Sealing", kind="skill")
    assert {gate["status"] for gate in table.G["gates"].values()} == {"inactive"}


def test_q6_the_bull_demon_king_attacks_but_never_moves(client):
    table = q6(client)
    table.to_demon_phase()
    table.do("measure", of="demons", distances={"koorogg-1": 1, "kogaiji-1": 2, "berrok-1": 3,
                                                "berrok-2": 4})
    table.refuse(Q6.Q_KING, "demon_options", demon="koorogg-1",
                 options=[{"actions": ["move", "attack"], "targets": [TP], "squares": 2,
                           "ends": "closer"}])
    table.do("demon_options", demon="koorogg-1",
             options=[{"actions": ["attack"], "targets": [MK], "squares": 0}])
    table.do("demon_plan", demon="koorogg-1", option=1)
    effects = table.do("demon_attack", demon="koorogg-1", target=MK, attack_dice=[1, 0],
                       demon_die=0, defense_dice=[0, 0])
    assert table.G["pilgrims"][MK]["hp"] == 9
    assert effects
    # Kogaiji moves and attacks normally
    table.do("demon_options", demon="kogaiji-1",
             options=[{"actions": ["move", "attack"], "targets": [TP], "squares": 2}])


def test_q6_victory_two_sutras_then_kogaiji_defeated(client):
    table = q6(client)
    table.do("maintenance")
    table.do("collect_sutra", pilgrim=MK, sutra="sutra-1")
    table.do("collect_sutra", pilgrim=MK, sutra="sutra-2")
    assert table.status("victory") == ["not_yet"]
    table.do("attack", pilgrim=CH, targets=["kogaiji-1"], **NINE)
    result = table.result()
    assert result["outcome"] == "victory" and result["quote"] == Q6.Q_VICTORY
    assert table.G["pilgrims"][CH]["bad_karma"] == 0  # Defeated, not Killed: no Karma
    assert table.view()["over"]


def test_q6_heroic_victory_villager_rescued_two_sutras_kogaiji(client):
    table = q6(client)
    table.do("maintenance")
    table.do("collect_sutra", pilgrim=MK, sutra="sutra-1")
    table.do("collect_sutra", pilgrim=MK, sutra="sutra-2")
    table.do("rescue_villager", pilgrim=CH, villager="villager-1")
    table.do("attack", pilgrim=CH, targets=["kogaiji-1"], **NINE)
    result = table.result()
    assert result["outcome"] == "heroic_victory" and result["quote"] == Q6.Q_HEROIC


def test_q6_defeat_kogaiji_defeated_without_two_sutras(client):
    table = q6(client)
    table.do("maintenance")
    table.do("collect_sutra", pilgrim=MK, sutra="sutra-1")
    table.do("attack", pilgrim=MK, targets=["kogaiji-1"], **NINE)
    result = table.result()
    assert result["outcome"] == "defeat" and result["quote"] == Q6.Q_DEFEAT


def test_q6_defeat_tripitaka_defeated(client):
    table = q6(client, {"pilgrims": {TP: {"hp": 1}}})
    table.to_demon_phase()
    demon_attacks(table, "berrok-1", TP)
    result = table.result()
    assert result["outcome"] == "defeat" and result["quote"] == Q6.Q_DEFEAT


def test_q6_ruling_possess_2_sutras_exactly_or_at_least(client):
    for ruling, outcome in (("exactly", "defeat"), ("at_least", "victory")):
        table = q6(client, q6_sutras=ruling)
        table.do("maintenance")
        table.do("collect_sutra", pilgrim=MK, sutra="sutra-1")
        table.do("collect_sutra", pilgrim=MK, sutra="sutra-2")
        table.do("collect_sutra", pilgrim=CH, sutra="sutra-3")
        table.do("attack", pilgrim=CH, targets=["kogaiji-1"], **NINE)
        assert table.result()["outcome"] == outcome, ruling


def test_q6_two_sutras_are_no_longer_possible_once_spent(client):
    table = q6(client, {"pilgrims": {TP: {"sutras": 1}}}, initiative=[TP, MK, CH, MS])
    table.do("maintenance")
    table.do("collect_sutra", pilgrim=TP, sutra="sutra-1")
    table.do("close_gate", pilgrim=TP, gate="gate-1")
    assert table.status("victory") == ["not_yet"]
    table.end(MK)
    G = table.G
    assert G["pilgrims"][TP]["sutras"] == 1 and len(G["tokens"]["sutras"]) == 2


# -- Quest 7 - Demon Army --------------------------------------------------------------------------

def q7(client, position=None, **setup):
    options = {key: setup.pop(key) for key in list(setup) if key.startswith("q7_")}
    return table_for(client, "q7", position, quest_setup={"kei_lun_hp": 6, **setup}, **options)


def after_the_pilgrims(table):
    if table.view()["phase"] == "maintenance":
        table.do("maintenance")
    while (activation := table.G["activation"]) is not None:
        table.do("end_activation", pilgrim=activation["pilgrim"])


def test_q7_setup_kei_lun_hp_and_the_chest(client):
    G = QuestTable(client, "q7", karma_upgrades="in_position").G
    assert G["quest_state"]["kei_lun"]["hp"] is None  # entered with the first attack on him
    G = q7(client).G
    assert G["quest_state"]["chest"] == "box-1" and G["quest_state"]["kei_lun"]["hp"] == 6
    assert {g["status"] for g in G["gates"].values()} == {"active"}


def test_q7_the_chest_is_not_a_mystical_box(client):
    table = q7(client)
    table.do("maintenance")
    table.refuse(Q7.Q_NOT_A_BOX, "pray", pilgrim=MK, box="box-1", card="Wild Herbs")
    table.refuse(Q7.Q_NOT_A_BOX, "meditate", pilgrim=MK, box="box-1", spinner="black",
                 misfortune="Ambush")


def test_q7_kei_lun_plays_directly_after_the_pilgrims(client):
    table = q7(client)
    table.do("maintenance")
    table.refuse(Q7.Q_ONE_AP, "kei_lun_ally", action="rotate", guarding=False, towards_chest=True)
    after_the_pilgrims(table)
    assert table.view()["phase"] == "pilgrims"  # waiting for Kei Lun
    assert "kei_lun_ally" in [e["type"] for e in table.view()["legal"]]
    table.do("kei_lun_ally", action="rotate", guarding=False, towards_chest=True)
    assert table.view()["phase"] == "demons_spawn"


def test_q7_kei_lun_moves_towards_the_chest_first(client):
    table = q7(client)
    after_the_pilgrims(table)
    table.refuse(Q7.Q_MOVE, "kei_lun_ally", action="attack", guarding=False, in_range=[MK],
                 attacks=[{"target": MK, "attack_dice": [1]}])
    table.refuse(Q7.Q_MOVE, "kei_lun_ally", action="move", guarding=False, towards_chest=False)
    table.refuse(Q7.Q_MOVE, "kei_lun_ally", action="none", guarding=False)
    table.do("kei_lun_ally", action="move", guarding=False, towards_chest=True, guarding_after=True)
    assert table.G["quest_state"]["peach"]["guarding"] is True


def test_q7_kei_lun_guarding_attacks_everything_in_range_and_kills_demons(client):
    table = q7(client)
    table.to_demon_phase()
    table.do("kei_lun_ally", action="move", guarding=False, towards_chest=True)
    table.quiet_demon_phase()  # each Gate spawns a Berrok
    table.do("end_turn")
    after_the_pilgrims(table)
    table.refuse(Q7.Q_MOVE, "kei_lun_ally", action="move", guarding=True, towards_chest=True)
    table.refuse(Q7.Q_ATTACK, "kei_lun_ally", action="attack", guarding=True,
                 in_range=["berrok-1", MK], attacks=[{"target": "berrok-1",
                                                      "attack_dice": [3, 3]}])
    table.refuse(Q7.Q_ATTACK, "kei_lun_ally", action="none", guarding=True, in_range=["berrok-1"])
    effects = table.do("kei_lun_ally", action="attack", guarding=True, in_range=["berrok-1", MK],
                       attacks=[{"target": "berrok-1", "attack_dice": [3, 3]},
                                {"target": MK, "attack_dice": [2, 1], "defense_dice": [1, 0]}])
    G = table.G
    assert "berrok-1" not in G["demons"] and G["removed"][-1]["how"] == "killed"
    assert G["pilgrims"][MK]["hp"] == 8 and all(p["bad_karma"] == 0
                                                for p in G["pilgrims"].values())
    assert any("no Cleanse Ritual" in e for e in effects)


def test_q7_ruling_attack_first(client):
    table = q7(client, q7_kei_lun="attack_first")
    after_the_pilgrims(table)
    table.refuse(Q7.Q_QUEST5, "kei_lun_ally", action="rotate", guarding=False, towards_chest=True,
                 in_range=[MK])
    table.do("kei_lun_ally", action="attack", guarding=False, in_range=[MK],
             attacks=[{"target": MK, "attack_dice": [0, 0], "defense_dice": [0, 0]}])


def test_q7_the_treasure_chest_costs_an_action_point(client):
    table = q7(client)
    table.do("maintenance")
    table.refuse(Q7.Q_CHEST, "treasure_chest", pilgrim=MK, action="set_down")
    table.do("treasure_chest", pilgrim=MK, action="pick_up")
    assert table.G["activation"]["spent"] == 1
    table.do("treasure_chest", pilgrim=MK, action="set_down")
    assert table.G["activation"]["pilgrim"] == CH


def test_q7_the_golden_peach_gives_plus_one_to_the_cleanse_ritual(client):
    table = q7(client, {"pilgrims": {MK: {"sutras": 4}}})
    table.to_demon_phase()
    table.do("kei_lun_ally", action="move", guarding=False, towards_chest=True, guarding_after=True)
    table.quiet_demon_phase()
    table.do("end_turn")
    table.do("golden_peach", guarding=True, same_tile=True)
    table.do("maintenance")
    table.do("attack", pilgrim=MK, targets=["berrok-1"], **HIT)
    table.refuse(Q7.Q_PEACH, "resolve_defeat", pilgrim=MK, choice="cleanse", cleanse_dice=[1])
    table.do("resolve_defeat", pilgrim=MK, choice="cleanse", cleanse_dice=[1], cleanse_bonus=1)
    assert "berrok-1" not in table.G["demons"]
    table.do("golden_peach", guarding=True, same_tile=False)  # no peach: no bonus needed
    table.do("attack", pilgrim=MK, targets=["berrok-2"], **HIT)
    table.do("resolve_defeat", pilgrim=MK, choice="cleanse", cleanse_dice=[2])


def clear_the_deck(table, deck_cards=4):
    """One Demon Phase drawing the whole (small) deck: each Gate a Berrok, then the Gates sleep."""
    table.to_demon_phase()
    table.do("kei_lun_ally", action="rotate", guarding=False, towards_chest=True)
    table.quiet_demon_phase()
    assert {g["status"] for g in table.G["gates"].values()} == {"inactive"}
    table.do("end_turn")
    table.do("maintenance")


def kill_every_demon(table):
    """The Pilgrims, in their order, Kill every Demon on the board (one hit each)."""
    for demon in list(table.G["demons"]):
        if table.result():
            return
        pilgrim = table.G["activation"]["pilgrim"]
        table.do("attack", pilgrim=pilgrim, targets=[demon], **HIT)
        table.do("resolve_defeat", pilgrim=pilgrim, choice="kill")


def test_q7_heroic_victory_deck_played_once_all_demons_removed(client):
    table = q7(client, deck_cards=4)
    clear_the_deck(table)
    kill_every_demon(table)
    result = table.result()
    assert result["outcome"] == "heroic_victory" and result["quote"] == Q7.Q_HEROIC


def test_q7_victory_when_a_pilgrim_died(client):
    table = q7(client, {"pilgrims": {MS: DEAD}}, deck_cards=4)
    assert table.status("heroic_victory") == ["no_longer_possible"]
    clear_the_deck(table)
    kill_every_demon(table)
    result = table.result()
    assert result["outcome"] == "victory" and result["quote"] == Q7.Q_VICTORY


def test_q7_defeat_kei_lun_killed(client):
    table = q7(client)
    table.to_demon_phase()
    table.do("kei_lun_ally", action="rotate", guarding=False, towards_chest=True)
    for gate in ("gate-1", "gate-2", "gate-3", "gate-4"):
        if table.view()["phase"] == "demons_spawn":
            if any(e["type"] == "measure" for e in table.view()["legal"]):
                table.do("measure", of="gates", distances={g: i for i, g in
                                                           enumerate(table.G["gates"])})
            table.do("spawn", gate=gate, card="reinforcement", demons=["berrok"])
    plan_on_kei_lun(table, "berrok-1")
    table.do("kei_lun_attacked", demon="berrok-1", attack_dice=[3, 3])
    result = table.result()
    assert result["outcome"] == "defeat" and result["quote"] == Q7.Q_DEFEAT


# -- Quest 8 - Iron Fan's Interruption --------------------------------------------------------------

def q8(client, position=None, **options):
    return table_for(client, "q8", position, **options)


def defeat_iron_fan(table, pilgrim=MK):
    iron_fan = next(d for d, demon in table.G["demons"].items() if demon["type"] == "yazuiji")
    return table.do("attack", pilgrim=pilgrim, targets=[iron_fan], attack_dice=[3, 3],
                    pilgrim_die=2, weapon_damage=2)


def test_q8_no_demon_deck(client):
    table = q8(client)
    table.do("maintenance")
    while (activation := table.G["activation"]) is not None:
        effects = table.do("end_activation", pilgrim=activation["pilgrim"])
    assert table.view()["phase"] == "demons_activate"  # nothing to draw
    assert "No Demon Card is drawn: the Gate spawns nothing." in effects
    assert table.post("spawn", gate="gate-1", card="reinforcement",
                      demons=["berrok"]).status_code == 422


def test_q8_iron_fan_takes_every_demon_with_her_and_respawns_with_her_allies(client):
    table = q8(client)
    table.do("maintenance")
    table.do("attack", pilgrim=MK, targets=["berrok-1"], **HIT)
    table.do("resolve_defeat", pilgrim=MK, choice="kill")
    assert table.G["pilgrims"][MK]["bad_karma"] == 2  # minions: Karma as normal
    effects = defeat_iron_fan(table, MK)
    G = table.G
    assert G["demons"] == {} and G["pending"] is None
    assert G["pilgrims"][MK]["bad_karma"] == 2 and G["pilgrims"][MK]["good_karma"] == 0
    assert any("no Karma" in e for e in effects)
    assert G["activation"]["pilgrim"] == CH  # the Monkey King's two Action Points are spent
    for quote, kind, count in ((Q8.Q_FIRST, "bharhaz", 4), (Q8.Q_SECOND, "boof", 3),
                               (Q8.Q_THIRD, "borrack", 2)):
        table.to_demon_phase()
        kinds = sorted(d["type"] for d in table.G["demons"].values())
        assert kinds == sorted([kind] * count + ["yazuiji"]), kinds
        log = client.get(f"/api/sessions/{table.session['id']}/log").get_json()["entries"]
        assert log[-1]["effects"][-1]["rule"]["quote"] == quote
        table.quiet_demon_phase()
        table.do("end_turn")
        table.do("maintenance")
        defeat_iron_fan(table)
        assert table.G["demons"] == {}
    result = table.result()
    assert result["outcome"] == "heroic_victory" and result["quote"] == Q8.Q_HEROIC
    assert table.G["quest_state"]["defeats"] == 4


def test_q8_victory_tripitaka_survives(client):
    table = q8(client, {"pilgrims": {MS: DEAD}})
    table.do("maintenance")
    defeat_iron_fan(table)
    for _ in range(3):
        table.to_demon_phase()
        table.quiet_demon_phase()
        table.do("end_turn")
        table.do("maintenance")
        defeat_iron_fan(table)
    result = table.result()
    assert result["outcome"] == "victory" and result["quote"] == Q8.Q_VICTORY


def test_q8_defeat_tripitaka_killed(client):
    table = q8(client, {"pilgrims": {TP: ON_HIS_BACK}})
    effects = table.do("maintenance")
    assert any("dead" in e for e in effects)
    result = table.result()
    assert result["outcome"] == "defeat" and result["quote"] == Q8.Q_DEFEAT


# -- Quest 9 - Kogaiji's Trap ----------------------------------------------------------------------

def q9(client, position=None, **options):
    return table_for(client, "q9", position, **options)


def test_q9_no_gate_can_be_sealed(client):
    table = q9(client, {"pilgrims": {TP: {"sutras": 1}}}, initiative=[TP, MK, CH, MS])
    table.do("maintenance")
    table.refuse(Q9.Q_NO_SEAL, "close_gate", pilgrim=TP, gate="gate-1")
    table.refuse(Q9.Q_NO_SEAL, "play_card", pilgrim=TP, card="Prayer of Sealing", kind="skill")


def test_q9_kogaiji_is_immune_and_still_under_his_spell(client):
    table = q9(client)
    assert table.G["demons"]["kogaiji-1"]["active"] is False
    table.do("maintenance")
    table.refuse(Q9.Q_SPELL, "attack", pilgrim=MK, targets=["kogaiji-1"], **NINE)
    table.refuse(Q9.Q_SPIN, "rescue_villager", pilgrim=MK, villager="villager-1")
    table.to_demon_phase()
    table.do("measure", of="gates", distances={"gate-1": 1, "gate-2": 2})
    table.do("spawn", gate="gate-1", card="reinforcement", demons=["berrok"])
    table.do("spawn", gate="gate-2", card="reinforcement", demons=["berrok"])
    table.do("measure", of="demons", distances={"berrok-1": 1, "berrok-2": 2})
    table.refuse(Q9.Q_SPELL, "demon_options", demon="kogaiji-1", options=[])


def test_q9_bad_fortune_breaks_the_deception_and_without_a_model_the_rage_begins(client):
    table = q9(client)
    table.do("maintenance")
    table.refuse(Q9.Q_SPIN_FULL, "rescue_attempt", pilgrim=MK, villager="villager-1",
                 spinner="black", full_rotation=False)
    table.do("rescue_attempt", pilgrim=MK, villager="villager-1", spinner="black")
    table.do("rescue_attempt", pilgrim=MK, villager="villager-2", spinner="black")
    G = table.G
    assert sorted(G["demons"]) == ["borrack-1", "borrack-2", "kogaiji-1"]
    assert G["pilgrims"][MK]["good_karma"] == 0 and G["activation"]["pilgrim"] == CH
    effects = table.do("rescue_attempt", pilgrim=CH, villager="villager-3", spinner="black")
    G = table.G
    assert G["rage"] is True and G["quest_state"]["rage"] is True
    assert G["tokens"]["villagers"] == ["villager-4"]  # token_removed
    assert any("Demon Rage begins" in e for e in effects)
    table.refuse(Q9.Q_FINAL, "rescue_attempt", pilgrim=CH, villager="villager-4", spinner="black")
    table.do("rescue_attempt", pilgrim=CH, villager="villager-4")  # the last: the Elder Monk
    G = table.G
    assert G["pilgrims"][CH]["good_karma"] == 3 and G["demons"]["kogaiji-1"]["active"]
    assert G["quest_state"]["spell"] is False
    table.to_demon_phase()
    table.quiet_demon_phase()
    table.do("end_turn")
    effects = table.do("maintenance")
    assert table.G["rage"] is True and any("until Kogaiji is Defeated" in e for e in effects)


def test_q9_ruling_the_token_stays_without_a_model(client):
    table = q9(client, q9_no_model="token_stays")
    table.do("maintenance")
    for villager in ("villager-1", "villager-2"):
        table.do("rescue_attempt", pilgrim=MK if villager == "villager-1" else MK,
                 villager=villager, spinner="black")
    table.do("rescue_attempt", pilgrim=CH, villager="villager-3", spinner="black")
    assert table.G["tokens"]["villagers"] == ["villager-3", "villager-4"]
    assert table.G["rage"] is True


def test_q9_the_elder_monk_replaces_the_other_tokens_and_rulings_on_rage(client):
    for ruling, raging in (("rage", True), ("no_rage", False)):
        table = q9(client, q9_rage_on_elder_monk=ruling)
        table.do("maintenance")
        effects = table.do("rescue_attempt", pilgrim=MK, villager="villager-1", spinner="white")
        G = table.G
        assert G["tokens"]["villagers"] == [] and G["pilgrims"][MK]["villagers"] == 1
        assert sorted(d["type"] for d in G["demons"].values()) == ["borrack", "borrack",
                                                                   "kogaiji"]
        assert G["rage"] is raging, ruling
        assert any("facing Tripitaka" in e for e in effects)


def test_q9_only_the_tokens_in_kogaijis_room_become_bull_generals(client):
    """"If there are other Villager Tokens in the room, immediately replace them with Bull
    Generals": a token outside the room stays, and is a Bull General when a Rescue is tried."""
    table = q9(client, quest_setup={"room": ["villager-1", "villager-2", "villager-3"]})
    table.do("maintenance")
    effects = table.do("rescue_attempt", pilgrim=MK, villager="villager-1", spinner="white")
    G = table.G
    assert G["tokens"]["villagers"] == ["villager-4"]
    assert sorted(d["type"] for d in G["demons"].values()) == ["borrack", "borrack", "kogaiji"]
    assert any("not in the room, still a Villager Token" in e for e in effects)
    # only one token is the Elder Monk: the last one left is a Bull General, found without a spin
    assert table.refuse(Q9.Q_TRAP, "rescue_attempt", pilgrim=MK, villager="villager-4",
                        spinner="white") == "The Elder Monk was found: villager-4 is a Bull General."
    table.do("rescue_attempt", pilgrim=MK, villager="villager-4")
    assert table.G["tokens"]["villagers"] == [] and table.G["pilgrims"][MK]["villagers"] == 1
    assert table.G["rage"] is True  # no third Bull General model


def test_q9_the_room_names_villager_tokens(client):
    answer = client.post("/api/sessions", json={
        "game": "journey", "players": ["Solo"],
        "options": {"pilgrim_profiles": PROFILES, "demon_profiles": LORDS, "quest": "q9",
                    "karma_upgrades": "in_position", "quest_setup": {"room": ["villager-9"]}}})
    assert answer.status_code == 400
    assert answer.get_json()["error"]["field"] == "options.quest_setup.room"


def test_q9_ruling_no_cards_while_the_rage_lasts(client):
    for ruling, spawning in (("this_phase_only", True), ("none_while_raging", False)):
        table = q9(client, q9_rage_draws=ruling)
        table.do("maintenance")
        table.do("rescue_attempt", pilgrim=MK, villager="villager-1", spinner="white")
        table.to_demon_phase()
        assert (table.view()["phase"] == "demons_spawn") is spawning, ruling
        if not spawning:
            assert table.view()["phase"] == "demons_activate"


def q9_kogaiji_defeated(table):
    table.do("maintenance")
    table.do("rescue_attempt", pilgrim=MK, villager="villager-1", spinner="white")
    table.do("attack", pilgrim=MK, targets=["kogaiji-1"], **NINE)


def test_q9_kogaiji_defeated_is_out_of_play_and_the_gates_stop(client):
    table = q9(client)
    q9_kogaiji_defeated(table)
    G = table.G
    assert "kogaiji-1" not in G["demons"] and G["pending"] is None
    assert G["pilgrims"][MK]["bad_karma"] == 0 and G["pilgrims"][MK]["good_karma"] == 3
    assert {g["status"] for g in G["gates"].values()} == {"inactive"}
    assert table.result() is None  # the Generals are still in play


def test_q9_heroic_victory_minions_removed_and_kogaiji_defeated(client):
    table = q9(client)
    q9_kogaiji_defeated(table)
    kill_every_demon(table)
    result = table.result()
    assert result["outcome"] == "heroic_victory" and result["quote"] == Q9.Q_HEROIC


def test_q9_victory_tripitaka_survives(client):
    table = q9(client, {"pilgrims": {MS: DEAD}})
    q9_kogaiji_defeated(table)
    kill_every_demon(table)
    result = table.result()
    assert result["outcome"] == "victory" and result["quote"] == Q9.Q_VICTORY


def test_q9_defeat_tripitaka_killed(client):
    table = q9(client, {"pilgrims": {TP: ON_HIS_BACK}})
    table.do("maintenance")
    result = table.result()
    assert result["outcome"] == "defeat" and result["quote"] == Q9.Q_DEFEAT


# -- Quest 10 Part 1 - The Lair --------------------------------------------------------------------

def q10a(client, position=None, **options):
    return table_for(client, "q10a", position, **options)


def test_q10a_gates_with_turn_tokens_stay_inactive_until_they_run_out(client):
    table = q10a(client)
    G = table.G
    assert G["quest_state"]["gate_tokens"] == {"gate-1": 4, "gate-2": 8}
    assert [G["gates"][g]["status"] for g in ("gate-1", "gate-2", "gate-3", "gate-4")] == [
        "inactive", "inactive", "active", "active"]
    for _turn in range(4):
        table.quiet_turn()
    assert table.G["gates"]["gate-1"]["status"] == "active"
    assert table.G["quest_state"]["gate_tokens"] == {"gate-2": 4}


def test_q10a_heroic_victory_four_sutras_then_the_fiery_bridge(client):
    table = q10a(client)
    table.do("maintenance")
    for pilgrim, sutras in ((MK, ("sutra-1", "sutra-2")), (CH, ("sutra-3", "sutra-4"))):
        for sutra in sutras:
            table.do("collect_sutra", pilgrim=pilgrim, sutra=sutra)
    assert table.status("victory") == ["no_longer_possible"]  # only Heroic Victories
    table.do("move", pilgrim=MS, steps=1)  # onto the Fiery Bridge
    table.do("fiery_bridge", pilgrim=MS)
    result = table.result()
    assert result["outcome"] == "heroic_victory" and result["quote"] == Q10A.Q_HEROIC


def test_q10a_defeat_on_the_bridge_without_the_four_sutras(client):
    table = q10a(client)
    table.do("maintenance")
    table.do("collect_sutra", pilgrim=MK, sutra="sutra-1")
    table.refuse("In the Pilgrim Phase, each Pilgrim is activated in order, as determined by the "
                 "Initiative Tokens assigned during the Game Setup.", "fiery_bridge", pilgrim=MS)
    table.do("move", pilgrim=MK, steps=1)
    table.do("fiery_bridge", pilgrim=MK)
    result = table.result()
    assert result["outcome"] == "defeat" and result["quote"] == Q10A.Q_DEFEAT


def test_q10a_defeat_a_pilgrim_killed(client):
    table = q10a(client, {"pilgrims": {MS: ON_HIS_BACK}})
    table.do("maintenance")
    result = table.result()
    assert result["outcome"] == "defeat" and result["quote"] == Q10A.Q_DEFEAT


def test_q10a_four_sutras_no_longer_possible_once_one_is_spent(client):
    table = q10a(client, {"pilgrims": {TP: {"sutras": 0}}}, initiative=[TP, MK, CH, MS])
    table.do("maintenance")
    table.do("collect_sutra", pilgrim=TP, sutra="sutra-1")
    table.do("close_gate", pilgrim=TP, gate="gate-3")
    assert table.status("heroic_victory") == ["no_longer_possible"]


# -- Quest 10 Part 2 - Seal the Gate ----------------------------------------------------------------

def q10b(client, position=None, **options):
    return table_for(client, "q10b", position, **options)


LORD_IDS = ["kogaiji-1", "yazuiji-1", "koorogg-1"]


def test_q10b_setup_tripitaka_holds_the_four_sutras(client):
    G = q10b(client, {"pilgrims": {MK: {"sutras": 2, "villagers": 1}}}).G
    assert G["pilgrims"][TP]["sutras"] == 4 and G["pilgrims"][MK]["sutras"] == 0
    assert G["pilgrims"][MK]["villagers"] == 0
    assert G["quest_state"]["lair_gates"] == ["gate-1", "gate-2"]
    assert {g["status"] for g in G["gates"].values()} == {"inactive"}


def test_q10b_the_lords_chant_the_summoning_mantra(client):
    table = q10b(client)
    table.to_demon_phase()
    assert table.view()["phase"] == "demons_spawn"
    table.refuse(Q10B.Q_GATES, "spawn", gate="gate-1", card="reinforcement", demons=["berrok"])
    table.refuse(Q10B.Q_SEAL, "spawn", gate="gate-3", card="reinforcement", demons=["berrok"])
    table.do("lords_tiles", with_pilgrims=["kogaiji-1"])
    G = table.G
    assert G["quest_state"]["mantra_draws"] == 4 and G["quest_state"]["chanting"] == [
        "yazuiji-1", "koorogg-1"]
    table.do("mantra_spawn", gate="gate-1", card="reinforcement", demons=["berrok", "berrok"])
    table.refuse(Q10B.Q_MANTRA, "mantra_spawn", gate="gate-1", card="reinforcement",
                 demons=["berrok"])
    table.refuse(Q10B.Q_MANTRA, "mantra_spawn", gate="gate-3", card="reinforcement",
                 demons=["berrok"])
    table.do("mantra_spawn", gate="gate-2", card="unique", demons=["kogaiji"])  # in play: again
    table.do("mantra_spawn", gate="gate-2", card="reinforcement", demons=["bharhaz"])
    table.do("mantra_spawn", gate="gate-1", card="special", name="Wild Attacks")
    table.do("mantra_spawn", gate="gate-2", card="reinforcement", demons=["boof"])
    assert table.view()["phase"] == "demons_activate"
    assert sorted(d["type"] for d in table.G["demons"].values()).count("berrok") == 2
    table.refuse(Q10B.Q_CHANT, "demon_options", demon="koorogg-1", options=[])


def test_q10b_the_mantra_promotes_a_card_with_no_model_left(client):
    """The promotion scheme is a figure: the table enters the promoted Demons and the card's, and
    the referee checks that no model of the card's Demons was left (as for the core's spawn)."""
    table = q10b(client)
    table.to_demon_phase()
    table.do("lords_tiles", with_pilgrims=[])
    table.do("mantra_spawn", gate="gate-1", card="reinforcement", demons=["boof", "boof"])
    table.do("mantra_spawn", gate="gate-2", card="reinforcement", demons=["boof"])
    assert table.refuse(Q10B.Q_RUN_OUT, "mantra_spawn", gate="gate-1", card="reinforcement",
                        demons=["boof"]).startswith("No Boof (Bullserker) model is left: promote")
    table.refuse(Q10B.Q_PROMOTE, "mantra_spawn", gate="gate-1", card="reinforcement",
                 demons=["borrack"], promoted_from=["berrok"])
    effects = table.do("mantra_spawn", gate="gate-1", card="reinforcement", demons=["borrack"],
                       promoted_from=["boof"])
    assert "Promoted from Boof (Bullserker)." in effects
    assert sum(d["type"] == "borrack" for d in table.G["demons"].values()) == 1


def test_q10b_a_demon_lord_never_leaves_his_map_tile(client):
    table = q10b(client)
    table.to_demon_phase()
    table.do("lords_tiles", with_pilgrims=LORD_IDS)
    table.do("measure", of="demons", distances={"kogaiji-1": 1, "yazuiji-1": 2, "koorogg-1": 3})
    leaving = {"actions": ["move", "attack"], "targets": [TP], "squares": 3, "ends": "closer",
               "map_tile": "leaves_its_own"}
    assert table.refuse(Q10B.Q_STAY, "demon_options", demon="kogaiji-1", options=[
        {"actions": ["attack"], "targets": [MK], "squares": 0}, leaving]) == (
        "Option 2: Kogaiji kogaiji-1 will not leave the Map Tile he was placed on.")
    table.refuse(Q10B.Q_STAY, "demon_options", demon="kogaiji-1",
                 options=[{**leaving, "map_tile": "enters_tripitakas"}])
    table.do("demon_options", demon="kogaiji-1", options=[
        {"actions": ["move", "attack"], "targets": [TP], "squares": 2, "ends": "closer"}])


def test_q10b_a_demon_lord_reacts_only_to_pilgrims_on_his_map_tile(client):
    table = q10b(client)
    table.to_demon_phase()
    answer = table.post("lords_tiles", "p1", with_pilgrims=["kogaiji-1"],
                        pilgrims_on_tile={"yazuiji-1": [MK]})
    assert answer.status_code == 400 and answer.get_json()["error"]["field"] == "event.pilgrims_on_tile"
    table.do("lords_tiles", with_pilgrims=["kogaiji-1"], pilgrims_on_tile={"kogaiji-1": [MK]})
    for gate in ("gate-1", "gate-2", "gate-1", "gate-2"):
        table.do("mantra_spawn", gate=gate, card="special", name="Wild Attacks")
    table.do("measure", of="demons", distances={"kogaiji-1": 1, "yazuiji-1": 2, "koorogg-1": 3})
    assert table.refuse(Q10B.Q_STAY, "demon_options", demon="kogaiji-1", options=[
        {"actions": ["attack"], "targets": [MK], "squares": 0},
        {"actions": ["attack"], "targets": [TP], "squares": 0}]) == (
        "Option 2: Kogaiji kogaiji-1 only reacts to Pilgrims on his Map Tile, and Tripitaka is "
        "not on it.")
    table.do("demon_options", demon="kogaiji-1", options=[
        {"actions": ["attack"], "targets": [MK], "squares": 0}])


def test_q10b_ruling_the_single_gates_also_draw_each_turn(client):
    table = q10b(client, q10b_lair_gates="also_each_turn")
    assert table.G["gates"]["gate-1"]["status"] == "active"
    table.to_demon_phase()
    table.do("lords_tiles", with_pilgrims=LORD_IDS)
    table.do("measure", of="gates", distances={"gate-1": 1, "gate-2": 2})
    table.do("spawn", gate="gate-1", card="reinforcement", demons=["berrok"])


def test_q10b_killed_lords_respawn_cleansed_lords_are_gone(client):
    table = q10b(client)
    table.do("maintenance")
    table.do("attack", pilgrim=MK, targets=["koorogg-1"], **NINE)
    table.do("resolve_defeat", pilgrim=MK, choice="kill")
    assert table.G["quest_state"]["respawn"] == {"koorogg": 2}
    assert table.G["pilgrims"][MK]["bad_karma"] == 5  # Karma as normal
    table.do("attack", pilgrim=MK, targets=["kogaiji-1"], **NINE)
    table.do("resolve_defeat", pilgrim=MK, choice="cleanse", cleanse_dice=[3])
    assert "kogaiji" not in table.G["quest_state"]["respawn"]
    for left in (1, 0):
        table.to_demon_phase()
        table.do("lords_tiles", with_pilgrims=["yazuiji-1"])
        table.quiet_demon_phase()
        table.do("end_turn")
        assert table.G["quest_state"]["respawn"] == {"koorogg": left}
    effects = table.do("maintenance")
    assert any("respawns" in e for e in effects)
    assert "koorogg-1" in table.G["demons"] and table.G["quest_state"]["respawn"] == {}


def test_q10b_ruling_no_karma_for_demon_lords(client):
    table = q10b(client, q10b_lord_karma="none")
    table.do("maintenance")
    table.do("attack", pilgrim=MK, targets=["koorogg-1"], **NINE)
    table.do("resolve_defeat", pilgrim=MK, choice="kill")
    assert table.G["pilgrims"][MK]["bad_karma"] == 0


def test_q10b_villager_tokens_add_an_attack_die_against_the_bull_demon_king(client):
    table = q10b(client)
    table.do("maintenance")
    table.do("rescue_villager", pilgrim=MK, villager="villager-1")
    assert table.G["pilgrims"][MK]["good_karma"] == 3
    assert table.refuse("A Pilgrim gets +1 ATT against the Bull Demon King for each Villager Token "
                        "in their possession.", "attack", pilgrim=MK, targets=["koorogg-1"],
                        **MISS) == "Monkey King rolls 3 Attack Dice, not 2."
    table.do("attack", pilgrim=MK, targets=["koorogg-1"], attack_dice=[0, 0, 0], pilgrim_die=0,
             weapon_damage=0)


def kill_every_lord(table):
    for pilgrim, lord in zip((MK, CH, MS), LORD_IDS, strict=True):
        table.do("attack", pilgrim=pilgrim, targets=[lord], **NINE)
        table.do("resolve_defeat", pilgrim=pilgrim, choice="kill")


def test_q10b_heroic_victory_the_sealing_ritual(client):
    table = q10b(client, initiative=[MK, CH, MS, TP])
    table.do("maintenance")
    table.do("attack", pilgrim=MK, targets=["koorogg-1"], **NINE)
    table.do("resolve_defeat", pilgrim=MK, choice="kill")
    table.end(MK)
    table.do("attack", pilgrim=CH, targets=["kogaiji-1"], **NINE)
    table.do("resolve_defeat", pilgrim=CH, choice="kill")
    table.end(CH)
    table.refuse(Q10B.Q_RITUAL, "sealing_ritual", pilgrim=MS)
    table.do("attack", pilgrim=MS, targets=["yazuiji-1"], **NINE)
    table.do("resolve_defeat", pilgrim=MS, choice="kill")
    table.end(MS)
    table.refuse(Q10B.Q_ADJACENT, "sealing_ritual", pilgrim=TP, adjacent=False)
    table.do("sealing_ritual", pilgrim=TP)
    result = table.result()
    assert result["outcome"] == "heroic_victory" and result["quote"] == Q10B.Q_HEROIC
    assert table.G["pilgrims"][TP]["sutras"] == 0


def test_q10b_no_ritual_while_a_lord_is_in_the_lair_and_the_waiting_ruling(client):
    table = q10b(client, initiative=[TP, MK, CH, MS])
    table.do("maintenance")
    table.refuse(Q10B.Q_NO_LORDS, "sealing_ritual", pilgrim=TP)
    table = q10b(client, initiative=[MK, CH, MS, TP], q10b_waiting_lords="in_lair")
    table.do("maintenance")
    table.do("attack", pilgrim=MK, targets=["koorogg-1"], **NINE)
    table.do("resolve_defeat", pilgrim=MK, choice="cleanse", cleanse_dice=[3])
    table.end(MK)
    table.do("attack", pilgrim=CH, targets=["kogaiji-1"], **NINE)
    table.do("resolve_defeat", pilgrim=CH, choice="cleanse", cleanse_dice=[3])
    table.end(CH)
    table.do("attack", pilgrim=MS, targets=["yazuiji-1"], **NINE)
    table.do("resolve_defeat", pilgrim=MS, choice="kill")  # waiting to respawn
    table.end(MS)
    message = table.refuse(Q10B.Q_NO_LORDS, "sealing_ritual", pilgrim=TP)
    assert "Iron Fan" in message or "Yazuiji" in message


def test_q10b_the_seal_is_not_closed_and_sutras_spent_end_the_ritual(client):
    table = q10b(client, initiative=[TP, MK, CH, MS])
    table.do("maintenance")
    table.refuse(Q10B.Q_SEAL, "close_gate", pilgrim=TP, gate="gate-3")
    table.do("close_gate", pilgrim=TP, gate="gate-1")
    assert table.status("heroic_victory") == ["no_longer_possible"]


def test_q10b_defeat_tripitaka_defeated(client):
    table = q10b(client, {"pilgrims": {TP: {"hp": 1}}})
    table.to_demon_phase()
    table.do("lords_tiles", with_pilgrims=LORD_IDS)
    demon_attacks(table, "kogaiji-1", TP, dice=(3, 3), demon_die=0)
    result = table.result()
    assert result["outcome"] == "defeat" and result["quote"] == Q10B.Q_DEFEAT


# -- a Quest played on its own: the Karma Upgrades of its setup ---------------------------------------

def alone(client, quest, **quest_setup):
    return client.post("/api/sessions", json={"game": "journey", "players": ["Solo"], "options": {
        "quest": quest, "pilgrim_profiles": PROFILES, "demon_profiles": LORDS,
        "quest_setup": quest_setup}})


def refused_quote(answer) -> str:
    assert answer.status_code == 422, answer.get_json()
    return answer.get_json()["error"]["rule"]["quote"]


def test_a_quest_played_on_its_own_gives_the_karma_upgrades_of_its_setup(client):
    """"Setup normally and then give each Pilgrim 1 Karma Upgrade.": a Quest 6 on its own takes
    them at setup (ruling karma_upgrades, default at_setup), as a campaign does between Quests."""
    assert refused_quote(alone(client, "q6")) == Q6.Q_ONE_UPGRADE
    assert refused_quote(alone(client, "q10a", upgrades=upgrades_each(1))) == Q10A.Q_TWO_UPGRADES
    halves = {**upgrades_each(1), MS: [{"good_karma": 5, "bad_karma": 5}]}
    assert refused_quote(alone(client, "q8", upgrades=halves)) == (
        "However, you must take the Upgrades in 10 point blocks.")
    started = alone(client, "q9", upgrades=upgrades_each(1))
    assert started.status_code == 201, started.get_json()
    pilgrims = started.get_json()["state"]["pilgrims"]
    assert (pilgrims[MK]["weapon_level"], pilgrims[MK]["corruption"]) == (2, ["Permanent Limp"])
    assert (pilgrims[MS]["skills"], pilgrims[MS]["skills_unknown"]) == (["monk_sha 0"], 2)
    assert pilgrims[TP]["weapon_level"] == 1
    # a Quest that gives none, or Pilgrims that come with theirs, take none at setup
    for quest, options in (("q5", {}), ("q6", {"karma_upgrades": "in_position"})):
        answer = client.post("/api/sessions", json={"game": "journey", "players": ["Solo"],
                                                     "options": {
            "quest": quest, "pilgrim_profiles": PROFILES, "demon_profiles": LORDS,
            "quest_setup": {"upgrades": upgrades_each(1)}, **options}})
        assert answer.status_code == 400, answer.get_json()
        assert answer.get_json()["error"]["field"] == "options.quest_setup.upgrades"


# -- random play from each Quest's setup ---------------------------------------------------------

def fill_quest(event, model, rng):
    """The open fields of the core's and the Quests' events filled as a table might, right or
    wrong."""
    kind, G = event["type"], model.G
    if kind not in ("gate_tile", "kei_lun_ally", "treasure_chest", "golden_peach",
                    "kei_lun_attacked", "rescue_attempt", "fiery_bridge", "lords_tiles",
                    "mantra_spawn", "sealing_ritual"):
        return fill(event, model, rng)
    event = {k: v for k, v in event.items() if k != "open"}
    dice = lambda n: [rng.choice([0, 1, 2, 3]) for _ in range(n)]  # noqa: E731
    figures = [*G["demons"], *G["pilgrims"]]
    if kind == "gate_tile":
        event["gates"] = rng.sample(list(G["gates"]), k=1)
    elif kind == "kei_lun_ally":
        in_range = rng.sample(figures, k=min(len(figures), rng.randint(0, 2)))
        event.update(action=rng.choice(["move", "rotate", "attack", "none"]),
                     guarding=rng.random() < 0.5, towards_chest=rng.random() < 0.8,
                     guarding_after=rng.random() < 0.5, in_range=in_range,
                     attacks=[{"target": t, "attack_dice": dice(2)} for t in in_range])
    elif kind == "golden_peach":
        event.update(guarding=rng.random() < 0.5, same_tile=rng.random() < 0.5)
    elif kind == "kei_lun_attacked":
        event.update(attack_dice=dice(2))
    elif kind == "rescue_attempt":
        event.update(spinner=rng.choice(["white", "black", "black"]))
    elif kind == "lords_tiles":
        lords = [d for d, demon in G["demons"].items() if demon["profile"]["lord"]]
        event.update(with_pilgrims=rng.sample(lords, k=rng.randint(0, len(lords))))
    elif kind == "mantra_spawn":
        event.update(card=rng.choice(["reinforcement", "reinforcement", "unique", "rage"]),
                     demons=[rng.choice(["berrok", "bharhaz", "kogaiji"])])
    elif kind == "sealing_ritual":
        event.update(adjacent=rng.random() < 0.7)
    return event


def upgrades_each(count):
    """Each Pilgrim's Karma Upgrades at a Quest's setup: the Monkey King's Bad, the others' Good."""
    bad, good = {"bad_karma": 10, "corruption": "Permanent Limp"}, {"good_karma": 10}
    return {name: [bad if name == MK else {**good, "card": f"{name} {n}"} for n in range(count)]
            for name in (MK, CH, MS, TP)}


QUEST_SETUPS = {"q6": {"quest_setup": {"upgrades": upgrades_each(1)}},
                "q7": {"quest_setup": {"kei_lun_hp": 5, "deck_cards": 6,
                                       "upgrades": upgrades_each(1)}},
                "q8": {"quest_setup": {"upgrades": upgrades_each(1)}},
                "q9": {"quest_setup": {"upgrades": upgrades_each(1)}},
                "q10a": {"quest_setup": {"upgrades": upgrades_each(2)}}, "q10b": {}}


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), quest=st.sampled_from(sorted(QUEST_SETUPS)))
def test_random_play_of_quests_6_to_10_refuses_cleanly_and_replays_exactly(seed, quest):
    rng = random.Random(seed)
    setup = engine.check_setup(Game, {"players": ["Solo"], "options": {
        "quest": quest, "pilgrim_profiles": PROFILES, "demon_profiles": LORDS,
        **QUEST_SETUPS[quest]}})
    model = engine.start(Game, setup)
    played = []
    for _ in range(120):
        if model.game_over or not (choices := model.legal()):
            break
        event = fill_quest(rng.choice(choices), model, rng)
        if event is None:
            continue
        before = (json.dumps(model.G, sort_keys=True), model.phase)
        try:
            engine.apply(model, event)
        except (RuleViolation, BadRequest):
            assert (json.dumps(model.G, sort_keys=True), model.phase) == before
            continue
        played.append(event)
    replayed = engine.replay(Game, setup, played)
    assert json.dumps(replayed.G, sort_keys=True) == json.dumps(model.G, sort_keys=True)
    assert played and (model.game_over or len(played) > 3)


def test_q10b_the_ritual_needs_the_four_sutras_collected_in_the_village(client):
    table = q10b(client, initiative=[TP, MK, CH, MS])
    table.do("maintenance")
    table.do("close_gate", pilgrim=TP, gate="gate-1")  # a Sutra spent
    table.end(TP)
    for pilgrim, lord in ((MK, "koorogg-1"), (MK, "kogaiji-1"), (CH, "yazuiji-1")):
        table.do("attack", pilgrim=pilgrim, targets=[lord], **NINE)
        table.do("resolve_defeat", pilgrim=pilgrim, choice="kill")
    assert table.G["pilgrims"][TP]["sutras"] == 3
    table.to_demon_phase()
    table.quiet_demon_phase()
    table.do("end_turn")
    table.do("maintenance")
    message = table.refuse(Q10B.Q_RITUAL, "sealing_ritual", pilgrim=TP)
    assert "3 Sutra Tokens" in message


def test_q7_kei_lun_health_entered_with_the_first_attack_on_him(client):
    table = table_for(client, "q7")
    berroks_at_the_four_gates(table)
    plan_on_kei_lun(table, "berrok-1", attacks=["attack", "attack"])
    answer = table.post("kei_lun_attacked", demon="berrok-1", attack_dice=[1, 1])
    assert answer.status_code == 400
    assert answer.get_json()["error"]["field"] == "event.kei_lun_hp"
    table.do("kei_lun_attacked", demon="berrok-1", attack_dice=[1, 1], kei_lun_hp=5)
    assert table.G["quest_state"]["kei_lun"] == {"hp": 3, "max_hp": 5, "acted_turn": 1}
    assert table.G["demon_phase"]["current"]["demon"] == "berrok-1"  # its second attack
    table.do("kei_lun_attacked", demon="berrok-1", attack_dice=[0, 1])
    assert table.G["demon_phase"]["current"] is None
    assert table.result() is None


def berroks_at_the_four_gates(table):
    """Quest 7's first Demon Phase: Kei Lun rotates, then a Berrok spawns at each of the 4 Gates."""
    table.to_demon_phase()
    table.do("kei_lun_ally", action="rotate", guarding=False, towards_chest=True)
    table.do("measure", of="gates", distances={"gate-1": 1, "gate-2": 2, "gate-3": 3,
                                               "gate-4": 4})
    for gate in ("gate-1", "gate-2", "gate-3", "gate-4"):
        table.do("spawn", gate=gate, card="reinforcement", demons=["berrok"])


def plan_on_kei_lun(table, demon, attacks=("attack",)):
    """The acting Demon's only option attacks Kei Lun (as a fifth Pilgrim)."""
    if any(e["type"] == "measure" for e in table.view()["legal"]):
        table.do("measure", of="demons",
                 distances={d: (0 if d == demon else i + 1) for i, d in
                            enumerate(table.G["demons"])})
    table.do("demon_options", demon=demon,
             options=[{"actions": list(attacks), "targets": ["kei_lun"], "squares": 0}])
    table.do("demon_plan", demon=demon, option=1)


def test_q7_demons_treat_kei_lun_as_a_fifth_pilgrim(client):
    table = q7(client)
    berroks_at_the_four_gates(table)
    table.do("measure", of="demons", distances={"berrok-1": 1, "berrok-2": 2, "berrok-3": 3,
                                                "berrok-4": 4})
    # Tripitaka is the primary target: Plan 1 over an attack on Kei Lun
    table.do("demon_options", demon="berrok-1", options=[
        {"actions": ["move", "attack"], "targets": ["kei_lun"], "squares": 1, "ends": "closer"},
        {"actions": ["move", "attack"], "targets": [TP], "squares": 2}])
    assert table.G["demon_phase"]["current"]["best"] == [2]
    table.refuse("Priority 1: Use the Action Points to attack Tripitaka, possibly more than "
                 "once.", "demon_plan", demon="berrok-1", option=1)
    table.do("demon_plan", demon="berrok-1", option=2)
    table.do("demon_attack", demon="berrok-1", target=TP, attack_dice=[0, 0],
             defense_dice=[0, 0])
    # the weakest Target: Kei Lun (6 Health Points) or the Monkey King (10)
    table.do("demon_options", demon="berrok-2", options=[
        {"actions": ["move", "attack"], "targets": [MK], "squares": 1, "ends": "closer"},
        {"actions": ["move", "attack"], "targets": ["kei_lun"], "squares": 1,
         "ends": "closer"}])
    assert table.G["demon_phase"]["current"]["best"] == [2]
    table.do("demon_plan", demon="berrok-2", option=2)
    assert [e["type"] for e in table.view()["legal"] if e["type"].startswith(("demon_att",
                                                                               "kei_lun_att"))] \
        == ["kei_lun_attacked"]
    table.refuse(Q7.Q_FIFTH, "demon_attack", demon="berrok-2", target="kei_lun",
                 attack_dice=[1, 1])
    table.do("kei_lun_attacked", demon="berrok-2", attack_dice=[1, 1])
    assert table.G["quest_state"]["kei_lun"]["hp"] == 4
