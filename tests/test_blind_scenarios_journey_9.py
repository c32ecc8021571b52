"""Journey: Wrath of Demons, outsider scenarios round 9 (file 9): Quest 2 played from its setup to
its ending by play — two whole turns, the Demon Phase of Turn 1 (spawn, activation, a Berrok's
attack on Tripitaka), Cho Hakkai turned each Maintenance until Tripitaka revives him, the last Demon
killed for the Victory, the calculator, the entries after the end and undo; the Demon Activation
step while a Demon's attack is owed (the other Pilgrims, the next Demon, the spawn, the End of Turn,
and the Demon's attack once more); a Bull General's Knock Back with its Follow owed; and the
Monkey King's Follow with the next Pilgrim waiting. Written from the rulebook and the API's own
description only (docs/games/journey.md, GET /api/games/journey), never the referee's code."""

import pytest

from tests.api_table import ApiTable, as_seen, calculated, quotes_from, seat_headers
from tests.test_blind_scenarios_journey_3 import ONE_UPGRADE
from tests.test_blind_scenarios_journey_4 import ORDER, PROFILES, SEAT, STRIKE, free_play

GAME = "journey"
book = quotes_from(GAME)

UNCONSCIOUS = book("Pilgrims cannot play cards or take any other actions when they are "
                   "Unconscious.")
REVIVE = book("When Tripitaka is adjacent to an Unconscious Pilgrim, Tripitaka can Revive the "
              "Pilgrim, at a cost:")
Q2_ENDS = book("The Quest ends immediately when both Map Tiles are free of Demons or when one of "
               "the Pilgrims, including Cho Hakkai, dies.")
Q2_VICTORY = book("Victory: The Pilgrims must (1) Revive Cho Hakkai, (2) possess at least 2 Sutra "
                  "Tokens.")
DEMON_PHASE = book("Demon Phase: Spawn new Demons, then each Demon is activated in turn and "
                   "completes their actions, before the next Demon activates.")
ONE_DEMON = book("Complete all actions for one Demon before activating the next Demon.")
TWO_AP = book("Demons normally get 2 Action Points, but if they are in a Demon Rage, they will "
              "get 3.")
EACH_GATE = book("For each Active Gate, draw a Demon Card from the Demon Deck, follow the "
                 "instructions on the card, and discard the card.")
TARGETING = book("So \"attack Tripitaka\" really means \"attack Tripitaka and all other Pilgrims "
                 "in range, with LOS\".")
WILL_FOLLOW = book("So a Demon able to make a second attack will follow the Target, if the Knock "
                   "Back pushes the Target out of Range")
NOT_BACKWARDS = book("Sometimes the Attacker will not be able to \"Follow\", for example when "
                     "obstructions block the way, or if the move would be along a diagonal or "
                     "backwards.")
IN_RANGE = book("The Attacker can only attack Targets that are in range and that the Attacker can "
                "see clearly.")
FOLLOW_NOW = book("Immediately after moving the Target, decide if you want to make a free "
                  "\"Follow\" move for the Attacker.")
IN_ORDER = book("In the Pilgrim Phase, each Pilgrim is activated in order, as determined by the "
                "Initiative Tokens assigned during the Game Setup.")
CONTROLLED = book("The Pilgrims are controlled by the Players")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def act(table, pilgrim, event_type, **facts):
    return table.accepted({"type": event_type, "player": SEAT[pilgrim], "pilgrim": pilgrim,
                           **facts})


def by(pilgrim, event_type, **facts):
    return {"type": event_type, "player": SEAT[pilgrim], "pilgrim": pilgrim, **facts}


def pilgrim(table, name):
    return table.view()["state"]["pilgrims"][name]


def refused_unchanged(table, event, quote):
    before = as_seen(table.view())
    table.refused(event, quote)
    assert as_seen(table.view()) == before


# --- Quest 2, from its setup to its Victory ------------------------------------------------------

def quest_2(client):
    """Quest 2 as printed (initiative Monkey, Monk Sha, Tripitaka, Cho Hakkai), nothing entered."""
    return ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"],
                             "options": {"quest": "q2", "initiative": ORDER,
                                         "pilgrim_profiles": PROFILES}})


def quest_2_turn_1_to_the_berroks_attack(client):
    """Turn 1 of Quest 2: the Monkey King takes a Sutra and kills a Berrok, Monk Sha takes the
    second Sutra, Tripitaka walks towards Cho Hakkai; the Gates spawn a Berrok and a Bharhaz; the
    Berrok closest to Tripitaka moves and is to attack him."""
    table = quest_2(client)
    table.accepted({"type": "maintenance", "player": "p1"})
    assert pilgrim(table, "cho_hakkai")["posture"] == "side"
    act(table, "monkey_king", "collect_sutra", sutra="sutra-1", adjacent=True)
    act(table, "monkey_king", "attack", targets=["berrok-1"], target_hp=3, **STRIKE)
    act(table, "monkey_king", "resolve_defeat", choice="kill", reward=1)
    act(table, "monk_sha", "collect_sutra", sutra="sutra-2", adjacent=True)
    # Ann cannot have Cho Hakkai do anything while he lies Unconscious.
    refused_unchanged(table, by("cho_hakkai", "rest"), UNCONSCIOUS)
    act(table, "monk_sha", "end_activation")
    act(table, "tripitaka", "move", steps=3)
    act(table, "tripitaka", "end_activation")
    # Cho Hakkai, Unconscious, has no activation: the Demon Phase follows Tripitaka.
    assert table.view()["phase"] == "demons_spawn"
    table.accepted({"type": "measure", "player": "p2", "of": "gates",
                    "distances": {"gate-1": 5, "gate-2": 9}})
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                    "demons": ["berrok"]})
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-2", "card": "reinforcement",
                    "demons": ["bharhaz"]})
    demons = sorted(table.view()["state"]["demons"])
    assert len(demons) == 4 and sum(name.startswith("bharhaz") for name in demons) == 1
    spawned_berrok = next(name for name in demons
                          if name.startswith("berrok") and name not in ("berrok-2", "berrok-3"))
    bharhaz = next(name for name in demons if name.startswith("bharhaz"))
    table.accepted({"type": "measure", "player": "p2", "of": "demons",
                    "distances": {"berrok-2": 3, "berrok-3": 6, spawned_berrok: 8, bharhaz: 10}})
    table.accepted({"type": "demon_options", "player": "p2", "demon": "berrok-2", "options": [
        {"actions": ["move", "attack"], "ends": "closer", "squares": 1,
         "targets": ["tripitaka"]}]})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "berrok-2", "option": 1})
    return table, spawned_berrok, bharhaz


TWO_MOVES = [{"actions": ["move", "move"], "ends": "closer", "squares": 2, "targets": []}]


def test_quest_2_played_from_its_setup_to_the_victory_in_two_turns(client):
    table, spawned_berrok, bharhaz = quest_2_turn_1_to_the_berroks_attack(client)
    table.accepted({"type": "demon_attack", "player": "p2", "demon": "berrok-2",
                    "target": "tripitaka", "attack_dice": [2, 1], "defense_dice": [1, 0]})
    assert pilgrim(table, "tripitaka")["hp"] == 8 - 2
    for demon in ("berrok-3", spawned_berrok, bharhaz):
        table.accepted({"type": "demon_options", "player": "p2", "demon": demon,
                        "options": TWO_MOVES})
        table.accepted({"type": "demon_plan", "player": "p2", "demon": demon, "option": 1})
    table.accepted({"type": "end_turn", "player": "p1"})
    # Turn 2: "If they are on their side, place them on their back." — the last turn he can be
    # revived.
    table.accepted({"type": "maintenance", "player": "p1"})
    assert pilgrim(table, "cho_hakkai")["posture"] == "back"
    assert table.view()["state"]["turn"] == 2
    for target in ("berrok-2", "berrok-3"):
        act(table, "monkey_king", "attack", targets=[target], target_hp=3, **STRIKE)
        act(table, "monkey_king", "resolve_defeat", choice="kill")
    act(table, "monk_sha", "attack", targets=[spawned_berrok], target_hp=3, **STRIKE)
    act(table, "monk_sha", "resolve_defeat", choice="kill")
    act(table, "monk_sha", "end_activation")
    # Tripitaka revives him: 6 Health Points are more than Revive costs, a second Revive is one
    # too many (he is no longer Unconscious).
    table.refused(by("tripitaka", "revive", target="cho_hakkai", hp=6, chi=0, adjacent=True),
                  book("1-5 Health Points"))
    act(table, "tripitaka", "revive", target="cho_hakkai", hp=2, chi=0, adjacent=True)
    cho = pilgrim(table, "cho_hakkai")
    assert (cho["hp"], cho["chi"], cho["status"]) == (2, 0, "active")
    assert pilgrim(table, "tripitaka")["hp"] == 6 - 2
    refused_unchanged(table, by("tripitaka", "revive", target="cho_hakkai", hp=1, chi=0,
                                adjacent=True), REVIVE)
    act(table, "tripitaka", "end_activation")
    # Cho Hakkai's place in the order is after Tripitaka's: he acts, and kills the last Demon.
    act(table, "cho_hakkai", "attack", targets=[bharhaz], target_hp=4, **STRIKE)
    assert table.view()["over"] is False
    effects = act(table, "cho_hakkai", "resolve_defeat", choice="kill", reward=1)["effects"]
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["decided_by"]["rule"]["quote"] == Q2_VICTORY
    assert view["scores"]["winners"] == ["p1", "p2"]
    conditions = {c["outcome"]: c for c in view["scores"]["quest"]["conditions"]}
    assert conditions["end"]["quote"] == Q2_ENDS and conditions["end"]["status"] == "met"
    assert conditions["victory"]["status"] == "met"
    assert conditions["heroic_victory"]["status"] != "met"
    assert "victory" in effects[-1]["text"].lower()
    # The calculator, told the same outcome, scores the band the same.
    calc = calculated(client, GAME, {"players": ["Ann", "Ben"], "outcome": "victory"})
    assert calc["winners"] == view["scores"]["winners"]
    assert [p["total"] for p in calc["players"]] == [p["total"] for p in view["scores"]["players"]]
    # Nothing more is entered; undo of the last Kill opens the Quest again with that choice owed.
    table.refused(by("monk_sha", "rest"), Q2_VICTORY)
    table.refused({"type": "end_turn", "player": "p1"}, Q2_VICTORY)
    table.undo()
    view = table.view()
    assert view["over"] is False and bharhaz in view["state"]["demons"]
    assert {event["type"] for event in view["legal"]} >= {"resolve_defeat"}


# --- The Demon Activation step with a Demon's attack owed ---------------------------------------

@pytest.mark.parametrize("event, quote", [
    (by("monkey_king", "move", steps=1), DEMON_PHASE),
    (by("tripitaka", "revive", target="cho_hakkai", hp=2, chi=0, adjacent=True), DEMON_PHASE),
    ({"type": "end_turn", "player": "p1"}, DEMON_PHASE),
    ({"type": "maintenance", "player": "p2"}, DEMON_PHASE),
    ({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
      "demons": ["berrok"]}, EACH_GATE),
    ({"type": "demon_options", "player": "p2", "demon": "berrok-3", "options": TWO_MOVES},
     ONE_DEMON),
    ({"type": "demon_attack", "player": "p2", "demon": "berrok-3", "target": "tripitaka",
      "attack_dice": [2, 1], "defense_dice": [1, 0]}, ONE_DEMON),
    ({"type": "demon_attack", "player": "p2", "demon": "berrok-2", "target": "monk_sha",
      "attack_dice": [2, 1], "defense_dice": [1, 0]}, TARGETING),
], ids=["a-pilgrims-move", "tripitakas-revive", "end-of-turn", "maintenance", "a-second-spawn",
        "the-next-demons-options", "the-next-demons-attack", "a-target-not-in-its-plan"])
def test_with_the_berroks_attack_on_tripitaka_owed_every_other_entry_is_refused(
        client, event, quote):
    table, _, _ = quest_2_turn_1_to_the_berroks_attack(client)
    owed = table.view()
    assert [e for e in owed["legal"] if e["type"] == "demon_attack" and e["player"] == "p2"] == [
        {"type": "demon_attack", "player": "p2", "demon": "berrok-2", "target": "tripitaka",
         "open": ["attack_dice", "defense_dice"]}]
    refused_unchanged(table, event, quote)
    # The owed attack is still the one to enter.
    table.accepted({"type": "demon_attack", "player": "p2", "demon": "berrok-2",
                    "target": "tripitaka", "attack_dice": [1, 1], "defense_dice": [0, 0]})
    assert pilgrim(table, "tripitaka")["hp"] == 8 - 2


def test_the_berrok_attacking_again_after_its_move_and_attack_has_no_action_point_left(client):
    table, _, _ = quest_2_turn_1_to_the_berroks_attack(client)
    table.accepted({"type": "demon_attack", "player": "p2", "demon": "berrok-2",
                    "target": "tripitaka", "attack_dice": [2, 1], "defense_dice": [1, 0]})
    # Its plan was Move then Attack: both Action Points spent. A second roll on Tripitaka is a
    # third Action.
    refused_unchanged(table, {"type": "demon_attack", "player": "p2", "demon": "berrok-2",
                              "target": "tripitaka", "attack_dice": [2, 1],
                              "defense_dice": [1, 0]}, TWO_AP)


# --- A Bull General's Knock Back, its Follow owed -----------------------------------------------

def borrack_knocks_the_monkey_king_out_of_range(client):
    """Free play: no Pilgrim acts; Borrack (closest) attacks the Monkey King twice, and his first
    roll — a 1 on the Demon Die — knocks him back out of Borrack's range."""
    table = free_play(client, demons=("borrack", "berrok"))
    for name in ORDER:
        act(table, name, "end_activation")
    table.accepted({"type": "measure", "player": "p2", "of": "demons",
                    "distances": {"borrack-1": 2, "berrok-1": 5}})
    table.accepted({"type": "demon_options", "player": "p2", "demon": "borrack-1", "options": [
        {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
         "targets": ["monkey_king"]}]})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "borrack-1", "option": 1})
    table.accepted({"type": "demon_attack", "player": "p2", "demon": "borrack-1",
                    "target": "monkey_king", "attack_dice": [1, 1], "demon_die": 1,
                    "defense_dice": [1, 0], "pushed_out_of_range": True})
    assert pilgrim(table, "monkey_king")["hp"] == 10 - 1
    return table


SECOND_ROLL = {"type": "demon_attack", "player": "p2", "demon": "borrack-1",
               "target": "monkey_king", "attack_dice": [1, 1], "demon_die": 0,
               "defense_dice": [1, 0]}


def test_borrack_follows_before_his_second_attack_and_nothing_else_comes_between(client):
    table = borrack_knocks_the_monkey_king_out_of_range(client)
    refused_unchanged(table, SECOND_ROLL, WILL_FOLLOW)
    refused_unchanged(table, {"type": "demon_options", "player": "p2", "demon": "berrok-1",
                              "options": TWO_MOVES}, ONE_DEMON)
    refused_unchanged(table, by("monkey_king", "move", steps=1), DEMON_PHASE)
    refused_unchanged(table, {"type": "end_turn", "player": "p1"}, DEMON_PHASE)
    # The Monkey King cannot "Follow" for the Demon, nor can Borrack step backwards.
    refused_unchanged(table, {"type": "follow", "player": "p1", "attacker": "monkey_king",
                              "steps": 1}, FOLLOW_NOW)
    refused_unchanged(table, {"type": "follow", "player": "p2", "attacker": "borrack-1",
                              "steps": 1, "backwards": True}, NOT_BACKWARDS)
    table.accepted({"type": "follow", "player": "p2", "attacker": "borrack-1", "steps": 1})
    table.accepted(SECOND_ROLL)
    assert pilgrim(table, "monkey_king")["hp"] == 10 - 2
    # Borrack is done; the Berrok is next.
    table.accepted({"type": "demon_options", "player": "p2", "demon": "berrok-1",
                    "options": TWO_MOVES})


def test_while_borracks_follow_is_owed_legal_offers_only_the_follow(client):
    table = borrack_knocks_the_monkey_king_out_of_range(client)
    legal = table.view()["legal"]
    assert any(event["type"] == "follow" for event in legal)
    assert not [event for event in legal if event["type"] == "demon_attack"]


def test_borrack_not_following_cannot_attack_the_monkey_king_out_of_his_range(client):
    table = borrack_knocks_the_monkey_king_out_of_range(client)
    # The table says he does not (cannot) Follow: the Monkey King stays out of his range.
    table.accepted({"type": "follow", "player": "p2", "attacker": "borrack-1", "steps": 0})
    refused_unchanged(table, SECOND_ROLL, IN_RANGE)
    assert pilgrim(table, "monkey_king")["hp"] == 10 - 1


# --- The Monkey King's Follow with Monk Sha waiting ---------------------------------------------

KNOCKING_BLOW = {"targets": ["berrok-1"], "attack_dice": [1, 0], "pilgrim_die": 1,
                 "weapon_damage": 1, "target_hp": 3, "knock_back": 1}


def test_the_monkey_kings_follow_after_his_last_action_is_his_alone_and_only_at_once(client):
    table = free_play(client, demons=("berrok", "berrok"))
    act(table, "monkey_king", "rest")
    act(table, "monkey_king", "attack", **KNOCKING_BLOW)
    # His last Action Point is spent: Monk Sha is next, but the Follow may still be taken now —
    # by Ann, who controls the Monkey King, not by Ben's phone.
    view = table.view()
    assert view["state"]["activation"]["pilgrim"] == "monk_sha"
    assert {"type": "follow", "player": "p1", "attacker": "monkey_king", "steps": 0} in view[
        "legal"]
    ben = seat_headers(client, table, "p2")
    response = client.post(f"/api/sessions/{table.id}/events", headers=ben, json={
        "event": {"type": "follow", "player": "p2", "attacker": "monkey_king", "steps": 1},
        "expected_seq": table.seq})
    assert response.status_code == 422, response.get_json()
    assert CONTROLLED in response.get_json()["error"]["rule"]["quote"]
    # Monk Sha's Rest is the next event: the moment for the Follow has passed.
    act(table, "monk_sha", "rest")
    assert not [e for e in table.view()["legal"] if e["type"] == "follow"]
    refused_unchanged(table, {"type": "follow", "player": "p1", "attacker": "monkey_king",
                              "steps": 1}, FOLLOW_NOW)


def test_monk_sha_cannot_act_while_the_monkey_king_has_an_action_point_and_a_follow(client):
    table = free_play(client, demons=("berrok", "berrok"))
    act(table, "monkey_king", "attack", **KNOCKING_BLOW)
    refused_unchanged(table, by("monk_sha", "rest"), IN_ORDER)
    table.accepted({"type": "follow", "player": "p1", "attacker": "monkey_king", "steps": 1})
    assert table.view()["state"]["activation"]["pilgrim"] == "monkey_king"
    act(table, "monkey_king", "rest")
    assert table.view()["state"]["activation"]["pilgrim"] == "monk_sha"


# --- A table ruling changes only what it names: box_once -----------------------------------------

ONCE_A_BOX = book("Each Pilgrim can only use a Mystical Box once (to Pray or Meditate) each time "
                  "they are Activated, even if the Pilgrim has Action Points left.")
Q9_ORDER = ["monkey_king", "monk_sha", "tripitaka", "cho_hakkai"]


@pytest.mark.parametrize("box_once", ["any_box", "each_box"])
def test_quest_9s_two_mystical_boxes_under_each_reading_of_box_once(client, box_once):
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"], "options": {
        "quest": "q9", "initiative": Q9_ORDER, "pilgrim_profiles": PROFILES,
        "box_once": box_once, "quest_setup": {"upgrades": ONE_UPGRADE}}})
    table.accepted({"type": "maintenance", "player": "p1"})
    act(table, "monkey_king", "pray", box="box-1", card="Wild Herbs")
    # The same box twice in one activation: refused under either reading.
    refused_unchanged(table, by("monkey_king", "pray", box="box-1", card="Wild Ginseng"),
                      ONCE_A_BOX)
    # The other box: the reading decides, and nothing else differs.
    second = by("monkey_king", "pray", box="box-2", card="Wild Ginseng")
    if box_once == "any_box":
        refused_unchanged(table, second, ONCE_A_BOX)
        assert pilgrim(table, "monkey_king")["fortune"] == ["Wild Herbs"]
        act(table, "monkey_king", "end_activation")
    else:
        table.accepted(second)
        assert pilgrim(table, "monkey_king")["fortune"] == ["Wild Herbs", "Wild Ginseng"]
    # Monk Sha's own activation: the first box is his to use under either reading.
    assert table.view()["state"]["activation"]["pilgrim"] == "monk_sha"
    act(table, "monk_sha", "pray", box="box-1", card="Om Mala of Vigor")
    assert pilgrim(table, "monk_sha")["fortune"] == ["Om Mala of Vigor"]
