"""Quests 1-5 through the HTTP API: each Quest's setup as printed, every special rule (refused with
its sentence, and the legal case accepted), Heroic Victory, Victory and Defeat reached by play from
the Quest's setup, and the table rulings under both readings."""

from referee.journey.quests import q01_meeting as Q1
from tests.test_journey_quests_framework import CH, HIT, MK, MS, PROFILES, TP, QuestTable

TRIPITAKA_FIRST = ["tripitaka", "monkey_king", "cho_hakkai", "monk_sha"]
BOTH_IN_HOUSE = {"house": ["berrok-1", "berrok-2"]}


# -- Quest 1 - Meeting ---------------------------------------------------------------------------------

def q1(client, **options):
    return QuestTable(client, "q1", quest_setup=BOTH_IN_HOUSE, **options)


def test_q1_setup_as_printed(client):
    table = q1(client)
    G = table.G
    assert list(G["gates"]) == ["gate-1"] and G["tokens"]["villagers"] == ["villager-1"]
    assert G["tokens"]["boxes"] == ["box-1"] and G["tokens"]["doors"] == ["door-1"]
    assert sorted(G["demons"]) == ["berrok-1", "berrok-2"]
    assert not any(d["active"] for d in G["demons"].values())  # behind the closed door
    assert G["quest_state"]["villager_tokens"] == {"villager-1": 5}
    assert G["quest_state"]["house"] == ["berrok-1", "berrok-2"]


def test_q1_the_house_defaults_to_the_demons_behind_the_door_and_must_be_known(client):
    table = QuestTable(client, "q1", {"gates": [{"id": "g"}], "villagers": ["v"], "boxes": ["b"],
                                      "doors": ["d"], "demons": ["berrok"],
                                      "inactive_demons": ["berrok"]})
    assert table.G["quest_state"]["house"] == ["berrok-2"]
    answer = client.post("/api/sessions", json={
        "game": "journey", "players": ["Solo"],
        "options": {"quest": "q1", "pilgrim_profiles": PROFILES}})
    assert answer.status_code == 400
    assert answer.get_json()["error"]["field"] == "options.quest_setup.house"


def test_q1_victory_defeat_all_demons_in_the_house(client):
    table = q1(client)
    table.do("maintenance")
    table.do("break_door", pilgrim=MK, door="door-1", opens=["berrok-1", "berrok-2"])
    table.do("attack", pilgrim=MK, targets=["berrok-1"], **HIT)
    table.do("resolve_defeat", pilgrim=MK, choice="kill")
    assert table.result() is None
    assert table.status("victory") == ["not_yet"]
    table.do("attack", pilgrim=CH, targets=["berrok-2"], **HIT)
    assert table.result() is None  # Defeated, not yet removed
    table.do("resolve_defeat", pilgrim=CH, choice="kill")
    result = table.result()
    assert result["outcome"] == "victory" and result["quote"] == Q1.Q_VICTORY
    heroic = table.view()["scores"]["quest"]["conditions"][1]
    assert [p["status"] for p in heroic["parts"]] == ["not_yet", "not_yet", "not_yet", "met"]


def test_q1_heroic_victory_all_four_parts(client):
    table = q1(client, initiative=TRIPITAKA_FIRST)
    table.do("maintenance")
    table.do("meditate", pilgrim=TP, box="box-1", spinner="white",
             seen=["Wild Herbs", "Wild Ginseng", "Om Mala of Vigor"], kept="Wild Herbs")
    table.end(TP)
    table.do("break_door", pilgrim=MK, door="door-1", opens=["berrok-1", "berrok-2"])
    table.do("rescue_villager", pilgrim=MK, villager="villager-1")
    table.do("play_card", pilgrim=CH, card="Iron Skin", kind="skill")
    table.do("attack", pilgrim=CH, targets=["berrok-1"], **HIT)
    table.do("resolve_defeat", pilgrim=CH, choice="kill")
    assert table.result() is None
    table.end(CH)
    table.do("attack", pilgrim=MS, targets=["berrok-2"], **HIT)
    table.do("resolve_defeat", pilgrim=MS, choice="kill")
    result = table.result()
    assert result["outcome"] == "heroic_victory" and result["quote"] == Q1.Q_HEROIC


def test_q1_defeat_tripitaka_is_defeated(client):
    table = q1(client)
    table.to_demon_phase()
    table.do("spawn", gate="gate-1", card="reinforcement", demons=["berrok"])
    table.do("demon_options", demon="berrok-3",
             options=[{"actions": ["attack", "attack"], "targets": [TP], "squares": 0}])
    table.do("demon_plan", demon="berrok-3", option=1)
    table.do("demon_attack", demon="berrok-3", target=TP, attack_dice=[3, 3],
             defense_dice=[0, 0])
    assert table.result() is None
    table.do("demon_attack", demon="berrok-3", target=TP, attack_dice=[3, 3],
             defense_dice=[0, 0])
    result = table.result()
    assert result["outcome"] == "defeat" and result["quote"] == Q1.Q_DEFEAT
    assert table.view()["over"]


def test_q1_the_villager_turns_into_a_bull_warrior_after_five_turns(client):
    table = q1(client)
    for turn in range(1, 6):
        table.quiet_turn()
        assert table.G["quest_state"]["villager_tokens"]["villager-1"] == 5 - turn
    assert "villager-1" in table.G["tokens"]["villagers"]
    effects = table.do("maintenance")
    assert any("replaced with a Bull Warrior" in e for e in effects)
    G = table.G
    assert G["tokens"]["villagers"] == [] and G["quest_state"]["transformed"] == ["villager-1"]
    new = [d for d in G["quest_state"]["house"] if d not in ("berrok-1", "berrok-2")]
    assert len(new) == 1 and G["demons"][new[0]]["type"] == "berrok"
    assert not G["demons"][new[0]]["active"]  # in the house, behind the closed door
    heroic = table.view()["scores"]["quest"]["conditions"][1]
    assert heroic["status"] == "no_longer_possible"
    assert heroic["parts"][0]["status"] == "no_longer_possible"
    table.refuse(Q1.Q_TRANSFORM, "rescue_villager", pilgrim=MK, villager="villager-1")


def test_q1_ruling_not_counted_leaves_the_transformed_villager_out_of_the_house(client):
    table = q1(client, q1_transformed_villager="not_counted")
    for _ in range(5):
        table.quiet_turn()
    table.do("maintenance")
    G = table.G
    assert G["quest_state"]["house"] == ["berrok-1", "berrok-2"]
    new = [d for d, demon in G["demons"].items() if demon["active"] and d not in (
        "berrok-1", "berrok-2")]
    assert new


def test_q1_a_rescued_villager_does_not_transform(client):
    table = q1(client)
    table.do("maintenance")
    table.do("break_door", pilgrim=MK, door="door-1", opens=["berrok-1", "berrok-2"])
    table.do("rescue_villager", pilgrim=MK, villager="villager-1")
    assert table.view()["scores"]["quest"]["conditions"][1]["parts"][0]["status"] == "met"
    table.end(CH, MS, TP)
    assert table.G["quest_state"]["villager_tokens"]["villager-1"] == 5


def test_q1_the_demon_deck_holds_only_minion_reinforcements(client):
    table = q1(client)
    table.to_demon_phase()
    table.refuse(Q1.Q_DECK, "spawn", gate="gate-1", card="unique", demons=["kogaiji"])
    table.refuse(Q1.Q_DECK, "spawn", gate="gate-1", card="special", name="Wild Attacks")
    table.do("spawn", gate="gate-1", card="reinforcement", demons=["boof"])


def test_q1_borrack_is_unique_and_may_respawn_once_removed(client):
    table = q1(client)
    table.to_demon_phase()
    table.do("spawn", gate="gate-1", card="reinforcement", demons=["borrack"])
    table.quiet_demon_phase()
    table.do("end_turn")
    table.to_demon_phase()
    message = table.refuse(Q1.Q_UNIQUE, "spawn", gate="gate-1", card="reinforcement",
                           demons=["borrack"])
    assert "borrack-1" in message
    table.do("spawn", gate="gate-1", card="reinforcement", demons=["berrok"])
    table.quiet_demon_phase()
    table.do("end_turn")
    table.do("maintenance")
    table.do("attack", pilgrim=MK, targets=["borrack-1"], **HIT)
    table.do("resolve_defeat", pilgrim=MK, choice="kill")
    table.to_demon_phase()
    table.do("spawn", gate="gate-1", card="reinforcement", demons=["borrack"])  # respawns


def test_q1_demons_walking_into_the_house_must_be_defeated_too(client):
    table = q1(client)
    table.to_demon_phase()
    table.do("spawn", gate="gate-1", card="reinforcement", demons=["berrok"])
    table.do("house", demons=["berrok-3"], inside=True)
    assert table.G["quest_state"]["house"] == ["berrok-1", "berrok-2", "berrok-3"]
    table.do("house", demons=["berrok-3"], inside=False)
    assert table.G["quest_state"]["house"] == ["berrok-1", "berrok-2"]
    bad = table.post("house", demons=["nobody-1"], inside=True)
    assert bad.status_code == 400
