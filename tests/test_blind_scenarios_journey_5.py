"""Journey: Wrath of Demons, outsider scenarios round 5: a whole turn as a table enters it, the
mistakes a table makes (a Pilgrim entered out of turn, a step skipped or entered twice, a die
face that is not on the die, a card played twice or not held, the other seat's Pilgrim from a
phone, an event after the end), positions the book makes impossible, the calculator, and what a
spectator can read. Written from the rulebook and the API's own description only
(docs/games/journey.md, GET /api/games/journey), never the referee's code."""

import pytest

from tests.api_table import ApiTable, calculated, quotes_from
from tests.test_blind_scenarios_journey_4 import (
    LAYOUT,
    ORDER,
    PROFILES,
    act,
    end,
    free_play,
    state,
)

GAME = "journey"
book = quotes_from(GAME)

INITIATIVE = book("In the Pilgrim Phase, each Pilgrim is activated in order, as determined by the "
                  "Initiative Tokens assigned during the Game Setup.")
NO_COMING_BACK = book("However, if they choose to end their Activation without using all their "
                      "Action Points, they cannot come back and use the remaining Action Points "
                      "later in the turn.")
PILGRIM_PHASE = book("Pilgrim Phase: Each Pilgrim is activated in the order shown by the Initiative "
                     "Markers and completes all their actions, before the next Pilgrim activates.")
MAINTENANCE_FIRST = book("At the start of each Turn, each Player should examine the active cards to "
                         "see if anything needs to be updated.")
IN_THE_HAND = book("Inactive cards are in the Pilgrim's hand")
CONTROLLED = book("The Pilgrims are controlled by the Players")
book("Each dice is numbered 0-3, with some numbers being duplicated.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def laid_out(client, position=None, **options):
    """A free-play Quest as laid out, nothing entered yet (its first Maintenance to come)."""
    return ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"],
                             "options": {"initiative": ORDER, "pilgrim_profiles": PROFILES,
                                         **options},
                             "position": {**LAYOUT, "demons": ["berrok"], **(position or {})}})


def setup_answer(client, position):
    return client.post("/api/sessions", json={
        "game": GAME, "players": ["Ann", "Ben"],
        "options": {"initiative": ORDER, "pilgrim_profiles": PROFILES},
        "position": {**LAYOUT, **position}})


def refused_setup(client, position, field_or_quote):
    """The position refused: a 4xx naming the problem (its field or the book's sentence)."""
    response = setup_answer(client, position)
    assert 400 <= response.status_code < 500, response.get_json()
    error = response.get_json()["error"]
    said = " ".join(str(error.get(key, "")) for key in ("message", "field"))
    said += " " + str((error.get("rule") or {}).get("quote", ""))
    said += " ".join(str(rule.get("quote", "")) for rule in error.get("rules") or [])
    assert field_or_quote in said, error
    return error


def pass_pilgrims(table, *pilgrims):
    for pilgrim in pilgrims:
        end(table, pilgrim)


def offered(table, event_type):
    return [event for event in table.view()["legal"]
            if event["type"] == event_type and "open" not in event]


# --- A whole turn as the table enters it -------------------------------------------------------

def test_a_whole_turn_from_maintenance_to_the_next_maintenance(client):
    table = laid_out(client)
    start = table.view()
    assert start["phase"] != "pilgrim"
    table.accepted({"type": "maintenance", "player": "p1"})
    act(table, "monkey_king", "move", steps=2)
    act(table, "monkey_king", "rest")
    assert state(table)["pilgrims"]["monkey_king"]["chi"] == 10
    act(table, "monk_sha", "move", steps=1)
    end(table, "monk_sha")
    act(table, "tripitaka", "rest")
    end(table, "tripitaka")
    act(table, "cho_hakkai", "move", steps=3)
    act(table, "cho_hakkai", "move", steps=1)
    # The Pilgrim Phase is over; the Demon Phase is played from `legal` (each step one tap).
    for _ in range(12):
        view = table.view()
        if offered(table, "maintenance"):
            break
        steps = [event for event in view["legal"] if "open" not in event]
        assert steps, view["legal"]
        table.accepted(steps[0])
    else:
        pytest.fail("the Demon Phase and the End of Turn never came back to a Maintenance")
    before = table.view()
    table.accepted({"type": "maintenance", "player": "p1"})
    # The second turn starts with the first Pilgrim again, his Action Points whole.
    act(table, "monkey_king", "rest")
    act(table, "monkey_king", "rest")
    assert table.view()["state"] != before["state"]


def test_a_pilgrim_moving_before_the_maintenance_is_refused_with_the_turns_order(client):
    table = laid_out(client)
    table.refused({"type": "move", "player": "p1", "pilgrim": "monkey_king", "steps": 2},
                  MAINTENANCE_FIRST)
    table.accepted({"type": "maintenance", "player": "p1"})
    act(table, "monkey_king", "move", steps=2)


def test_the_maintenance_entered_twice_is_refused_the_second_time(client):
    table = free_play(client)
    seq = table.seq
    table.refused({"type": "maintenance", "player": "p2"}, PILGRIM_PHASE)
    assert table.seq == seq


def test_the_end_of_turn_entered_before_the_pilgrims_have_acted_is_refused(client):
    table = free_play(client)
    table.refused({"type": "end_turn", "player": "p1"}, PILGRIM_PHASE)
    act(table, "monkey_king", "rest")


def test_the_second_pilgrim_entered_before_the_first_has_finished_is_refused(client):
    table = free_play(client)
    act(table, "monkey_king", "move", steps=1)
    table.refused({"type": "move", "player": "p2", "pilgrim": "monk_sha", "steps": 1}, INITIATIVE)
    end(table, "monkey_king")
    act(table, "monk_sha", "move", steps=1)


def test_the_end_of_an_activation_tapped_twice_does_not_end_the_next_pilgrims(client):
    table = free_play(client)
    act(table, "monkey_king", "rest")
    end(table, "monkey_king")
    error = table.refused({"type": "end_activation", "player": "p1", "pilgrim": "monkey_king"},
                          NO_COMING_BACK)
    assert "monkey" in error["message"].lower() or "Monkey" in error["message"]
    act(table, "monk_sha", "rest")
    act(table, "monk_sha", "rest")


def test_the_next_maintenance_without_the_end_of_turn_is_refused(client):
    table = free_play(client)
    pass_pilgrims(table, "monkey_king", "monk_sha", "tripitaka", "cho_hakkai")
    table.accepted({"type": "demon_options", "player": "p2", "demon": "berrok-1", "options": []})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "berrok-1", "option": 1})
    table.refused({"type": "maintenance", "player": "p1"},
                  book("End of Turn Phase: Perform End of Turn Phase actions, such as using Turn "
                       "Tokens to track passing time."))
    table.accepted({"type": "end_turn", "player": "p1"})
    table.accepted({"type": "maintenance", "player": "p1"})


def test_the_same_entry_resent_by_a_phone_is_entered_once(client):
    table = free_play(client, pilgrims={"monkey_king": {"chi": 2}})
    body = {"event": {"type": "rest", "player": "p1", "pilgrim": "monkey_king"},
            "expected_seq": table.seq, "client_id": "ann-phone-0007"}
    url = f"/api/sessions/{table.id}/events"
    first = client.post(url, headers=table.headers, json=body)
    again = client.post(url, headers=table.headers, json=body)
    assert first.status_code == 200, first.get_json()
    assert again.status_code == 200, again.get_json()
    assert again.get_json()["seq"] == first.get_json()["seq"]
    table.seq = first.get_json()["seq"]
    assert state(table)["pilgrims"]["monkey_king"]["chi"] == 7


def test_a_demon_attack_entered_in_the_pilgrim_phase_is_refused(client):
    table = free_play(client)
    table.refused({"type": "demon_attack", "player": "p1", "demon": "berrok-1",
                   "target": "tripitaka", "attack_dice": [2, 1], "defense_dice": [0, 0]},
                  PILGRIM_PHASE)
    assert state(table)["pilgrims"]["tripitaka"]["hp"] == 8


# --- The other seat, the dice, the cards ---------------------------------------------------------

def claimed(client, table, seat):
    response = client.post(f"/api/sessions/{table.id}/seats",
                           headers={"Authorization": "Bearer " + table.join_token},
                           json={"seat": seat})
    assert response.status_code == 201, response.get_json()
    return {"Authorization": "Bearer " + response.get_json()["seat_token"]}


def test_bens_phone_cannot_enter_the_monkey_kings_move_for_ann(client):
    table = free_play(client)
    ben = claimed(client, table, "p2")
    url = f"/api/sessions/{table.id}/events"
    as_ann = client.post(url, headers=ben, json={"event": {
        "type": "move", "player": "p1", "pilgrim": "monkey_king", "steps": 2},
        "expected_seq": table.seq})
    assert as_ann.status_code == 403, as_ann.get_json()
    as_himself = client.post(url, headers=ben, json={"event": {
        "type": "move", "player": "p2", "pilgrim": "monkey_king", "steps": 2},
        "expected_seq": table.seq})
    assert as_himself.status_code == 422, as_himself.get_json()
    assert CONTROLLED in as_himself.get_json()["error"]["rule"]["quote"]
    assert table.view()["seq"] == table.seq


def test_an_attack_die_showing_four_is_not_a_face_of_the_die(client):
    table = free_play(client)
    response = table.send({"type": "attack", "player": "p1", "pilgrim": "monkey_king",
                           "targets": ["berrok-1"], "target_hp": 3, "attack_dice": [4, 1],
                           "pilgrim_die": 3, "weapon_damage": 3})
    # The published schema holds the faces ("the face rolled: 0 for X, else 1-3"): a 400 naming
    # the die, as the book has it: "Each dice is numbered 0-3, with some numbers being duplicated."
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"] == "event.attack_dice.0"
    assert "berrok-1" in state(table)["demons"]


def test_a_pilgrim_die_showing_five_is_refused(client):
    table = free_play(client)
    response = table.send({"type": "attack", "player": "p1", "pilgrim": "monkey_king",
                           "targets": ["berrok-1"], "target_hp": 3, "attack_dice": [1, 1],
                           "pilgrim_die": 5, "weapon_damage": 3})
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"] == "event.pilgrim_die"


# --- The book's movement figures, entered as a table would --------------------------------------

def test_figures_3_and_4_monk_sha_rotates_for_two_points_then_steps_once(client):
    table = free_play(client)
    end(table, "monkey_king")
    # Figure 4: two 90° turns and one step forwards use all 3 Movement Points.
    table.refused({"type": "move", "player": "p2", "pilgrim": "monk_sha", "steps": 2,
                   "turns": 2},
                  book("While performing a Move Action, a Miniature can turn by 90° for a cost of "
                       "one Movement Point."))
    act(table, "monk_sha", "move", steps=1, turns=2)
    # Figure 3: a Move of the turns alone, its last point left unused, is lost.
    act(table, "monk_sha", "move", steps=0, turns=2)
    table.refused({"type": "rest", "player": "p2", "pilgrim": "monk_sha"},
                  book("Normally, each Pilgrim has 2 Action Points to spend, although this can be "
                       "altered by the effects of certain cards in play."))


def test_figure_5_cho_hakkai_rotates_twice_then_steps_forwards(client):
    table = free_play(client)
    pass_pilgrims(table, "monkey_king", "monk_sha", "tripitaka")
    act(table, "cho_hakkai", "move", steps=1, turns=2)
    act(table, "cho_hakkai", "move", steps=3, turns=0)


def test_figure_36_a_berrok_with_no_attack_double_moves_towards_tripitaka(client):
    table = free_play(client)
    pass_pilgrims(table, "monkey_king", "monk_sha", "tripitaka", "cho_hakkai")
    table.accepted({"type": "demon_options", "player": "p2", "demon": "berrok-1", "options": []})
    current = state(table)["demon_phase"]["current"]
    assert [option["priority"] for option in current["options"]] == [4]
    assert current["options"][0]["actions"] == ["move", "move"]
    plans = offered(table, "demon_plan")
    # the Demons are run by the Players: the plan is listed for Ben (Tripitaka's) and Ann alike
    assert plans == [{"type": "demon_plan", "player": seat, "demon": "berrok-1", "option": 1}
                     for seat in ("p2", "p1")]


MISS = {"type": "attack", "player": "p1", "pilgrim": "monkey_king", "pilgrim_die": 0,
        "weapon_damage": 0}


def test_three_attack_dice_for_a_pilgrim_are_refused(client):
    # "Pilgrims attack by rolling 2 red Attack Dice and 1 white Pilgrim Die"
    table = free_play(client)
    for dice in ([0, 0, 0], [1]):
        table.refused({**MISS, "targets": ["berrok-1"], "target_hp": 3, "attack_dice": dice},
                      book("Roll the number of Attack Dice shown on the Pilgrim Profile Sheet or "
                           "the Demon Profile Sheet and add up all the numbers shown."))
    table.accepted({**MISS, "targets": ["berrok-1"], "target_hp": 3, "attack_dice": [0, 0]})


def test_a_second_berrok_entered_with_other_health_points_is_refused(client):
    # One Profile Sheet a kind of Demon: the Berrok's Health Points entered once hold for all.
    table = free_play(client, demons=("berrok", "berrok"))
    table.accepted({**MISS, "targets": ["berrok-1"], "target_hp": 3, "attack_dice": [0, 0]})
    response = table.send({**MISS, "targets": ["berrok-2"], "target_hp": 5,
                           "attack_dice": [0, 0]})
    assert response.status_code == 400, response.get_json()
    assert "3" in response.get_json()["error"]["message"]


def demon_phase_on_monk_sha(client):
    table = free_play(client)
    pass_pilgrims(table, "monkey_king", "monk_sha", "tripitaka", "cho_hakkai")
    table.accepted({"type": "demon_options", "player": "p2", "demon": "berrok-1",
                    "options": [{"actions": ["attack", "attack"], "ends": "not_closer",
                                 "squares": 0, "targets": ["monk_sha"]}]})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "berrok-1", "option": 1})
    return table


def test_monk_sha_defending_with_three_or_one_defense_dice_is_refused(client):
    # "Pilgrims defend with 2 blue Defense Dice."
    table = demon_phase_on_monk_sha(client)
    for dice in ([0, 0, 0], [0]):
        table.refused({"type": "demon_attack", "player": "p2", "demon": "berrok-1",
                       "target": "monk_sha", "attack_dice": [1, 1], "defense_dice": dice},
                      book("Each Pilgrim rolls the number of Defense Dice shown on their Profile "
                           "Sheet."))
    table.accepted({"type": "demon_attack", "player": "p2", "demon": "berrok-1",
                    "target": "monk_sha", "attack_dice": [2, 1], "defense_dice": [1, 0]})
    assert state(table)["pilgrims"]["monk_sha"]["hp"] == 7


def test_a_berrok_rolling_the_demon_die_is_refused(client):
    table = demon_phase_on_monk_sha(client)
    table.refused({"type": "demon_attack", "player": "p2", "demon": "berrok-1",
                   "target": "monk_sha", "attack_dice": [1, 1], "defense_dice": [0, 0],
                   "demon_die": 2},
                  book("Consult the Demon's Profile Sheet to check whether the black Demon Die is "
                       "required in combat"))


def test_the_same_wild_herbs_played_twice_is_refused_the_second_time(client):
    table = free_play(client, pilgrims={"monkey_king": {"hp": 3, "fortune": ["Wild Herbs"]}})
    act(table, "monkey_king", "play_card", card="Wild Herbs", kind="fortune")
    assert state(table)["pilgrims"]["monkey_king"]["hp"] == 6
    table.refused({"type": "play_card", "player": "p1", "pilgrim": "monkey_king",
                   "card": "Wild Herbs", "kind": "fortune"}, IN_THE_HAND)
    assert state(table)["pilgrims"]["monkey_king"]["hp"] == 6


def test_a_fortune_card_another_pilgrim_holds_is_not_in_this_ones_hand(client):
    table = free_play(client, pilgrims={"monkey_king": {"hp": 3, "fortune": []},
                                        "monk_sha": {"fortune": ["Wild Herbs"]}})
    table.refused({"type": "play_card", "player": "p1", "pilgrim": "monkey_king",
                   "card": "Wild Herbs", "kind": "fortune"}, IN_THE_HAND)
    # Monk Sha plays his own, on himself, any time ("Play Anytime").
    table.accepted({"type": "play_card", "player": "p2", "pilgrim": "monk_sha",
                    "card": "Wild Herbs", "kind": "fortune"})


# --- After the end -----------------------------------------------------------------------------

def test_after_tripitaka_falls_in_free_play_no_card_nor_maintenance_is_entered(client):
    table = free_play(client, pilgrims={"tripitaka": {"hp": 2},
                                        "monkey_king": {"fortune": ["Wild Herbs"]}})
    pass_pilgrims(table, "monkey_king", "monk_sha", "tripitaka", "cho_hakkai")
    table.accepted({"type": "demon_options", "player": "p2", "demon": "berrok-1",
                    "options": [{"actions": ["attack", "attack"], "ends": "not_closer",
                                 "squares": 0, "targets": ["tripitaka"]}]})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "berrok-1", "option": 1})
    table.accepted({"type": "demon_attack", "player": "p2", "demon": "berrok-1",
                    "target": "tripitaka", "attack_dice": [3, 2], "defense_dice": [1, 0]})
    view = table.view()
    assert view["over"] is True
    ended_by = view["scores"]["decided_by"]["rule"]["quote"]
    for event in ({"type": "maintenance", "player": "p1"},
                  {"type": "play_card", "player": "p1", "pilgrim": "monkey_king",
                   "card": "Wild Herbs", "kind": "fortune"},
                  {"type": "end_turn", "player": "p2"}):
        table.refused(event, ended_by)


# --- Positions the book makes impossible -------------------------------------------------------

def test_a_position_with_an_active_pilgrim_at_zero_health_is_refused(client):
    error = refused_setup(client, {"demons": ["berrok"],
                                   "pilgrims": {"monk_sha": {"hp": 0, "status": "active"}}},
                          "position.pilgrims.monk_sha")
    assert "Unconscious" in error["message"]


def test_a_position_with_health_above_the_pilgrims_maximum_is_refused(client):
    error = refused_setup(client, {"demons": ["berrok"], "pilgrims": {"monkey_king": {"hp": 14}}},
                          "position.pilgrims.monkey_king")
    assert "maximum" in error["message"]


def test_a_position_with_chi_above_ten_is_refused(client):
    error = refused_setup(client, {"demons": ["berrok"], "pilgrims": {"tripitaka": {"chi": 14}}},
                          "position.pilgrims.tripitaka")
    assert "Chi" in error["message"]


def test_a_position_with_two_kogaijis_on_the_board_is_refused(client):
    refused_setup(client, {"demons": ["kogaiji", "kogaiji"]}, "kogaiji")


def test_a_position_with_sixteen_bull_warriors_is_refused(client):
    refused_setup(client, {"demons": ["berrok"] * 16}, "berrok")


def test_a_position_at_the_limits_is_accepted(client):
    response = setup_answer(client, {"demons": ["berrok"] * 15 + ["kogaiji"],
                                     "pilgrims": {"monkey_king": {"hp": 10, "chi": 10},
                                                  "monk_sha": {"hp": 0, "status": "unconscious",
                                                               "posture": "face_down"}}})
    assert response.status_code == 201, response.get_json()


# --- The calculator ----------------------------------------------------------------------------

def test_the_calculator_scores_a_heroic_victory_above_a_victory_for_everyone(client):
    heroic = calculated(client, GAME, {"players": ["Ann", "Ben", "Cy"], "outcome": "heroic_victory"})
    plain = calculated(client, GAME, {"players": ["Ann", "Ben", "Cy"], "outcome": "victory"})
    lost = calculated(client, GAME, {"players": ["Ann", "Ben", "Cy"], "outcome": "defeat"})
    for answer in (heroic, plain):
        assert len(answer["winners"]) == 3
        assert len({player["total"] for player in answer["players"]}) == 1
    assert lost["winners"] == []
    assert heroic["players"][0]["total"] >= plain["players"][0]["total"] > \
        lost["players"][0]["total"]
    for answer in (heroic, plain, lost):
        book(answer["decided_by"]["rule"]["quote"])


def test_the_calculator_refuses_an_outcome_the_book_does_not_have(client):
    answer = calculated(client, GAME, {"players": ["Ann"], "outcome": "draw"}, status=400)
    assert "outcome" in str(answer["error"].get("field", "")) + answer["error"]["message"]


# --- What a spectator reads --------------------------------------------------------------------

def test_a_spectator_reads_the_game_but_no_token_and_enters_nothing(client):
    table = free_play(client)
    act(table, "monkey_king", "rest")
    secrets = (table.token, table.join_token)
    for path in ("", "/log"):
        response = client.get(f"/api/sessions/{table.id}{path}")
        assert response.status_code == 200, response.get_json()
        text = response.get_data(as_text=True)
        assert not any(secret in text for secret in secrets)
    for page in ("", "/log", "/state.json"):
        response = client.get(f"/play/{table.id}{page}")
        assert response.status_code == 200, page
        assert not any(secret in response.get_data(as_text=True) for secret in secrets), page
    entered = client.post(f"/api/sessions/{table.id}/events", json={
        "event": {"type": "rest", "player": "p1", "pilgrim": "monkey_king"},
        "expected_seq": table.seq})
    assert entered.status_code == 401, entered.get_json()
    undone = client.post(f"/api/sessions/{table.id}/undo", json={})
    assert undone.status_code == 401
    assert table.view()["seq"] == table.seq


def test_legal_offers_no_third_rest_and_no_other_pilgrims_action(client):
    # "Resting can be performed twice per Activation, if required." and 2 Action Points.
    table = free_play(client, pilgrims={"monkey_king": {"chi": 0}})
    act(table, "monkey_king", "rest")
    legal = table.view()["legal"]
    pilgrims = {event.get("pilgrim") for event in legal if "pilgrim" in event}
    assert pilgrims == {"monkey_king"}
    assert {"type": "rest", "player": "p1", "pilgrim": "monkey_king"} in legal
    act(table, "monkey_king", "rest")
    legal = table.view()["legal"]
    assert {"type": "rest", "player": "p1", "pilgrim": "monkey_king"} not in legal
    assert {event.get("pilgrim") for event in legal if event["type"] == "rest"} == {"monk_sha"}


# --- The same thing entered twice --------------------------------------------------------------

@pytest.mark.parametrize("event_type, thing, quote", [
    ("rescue_villager", {"villager": "villager-1"},
     "A Pilgrim that is adjacent to a Villager can spend 1 Action Point to rescue the Villager."),
    ("collect_sutra", {"sutra": "sutra-1"},
     "A Pilgrim that is adjacent to a Sutra can spend 1 Action Point to pick it up."),
    ("break_door", {"door": "door-1"},
     "It will stay Open for the remainder of the Quest."),
])
def test_a_villager_sutra_or_door_entered_twice_is_refused_the_second_time(
        client, event_type, thing, quote):
    table = free_play(client)
    act(table, "monkey_king", event_type, **thing)
    table.refused({"type": event_type, "player": "p1", "pilgrim": "monkey_king", **thing},
                  book(quote))


def test_a_berrok_killed_cannot_be_attacked_again(client):
    table = free_play(client, demons=("berrok", "berrok"))
    act(table, "monkey_king", "attack", targets=["berrok-1"], target_hp=3,
        attack_dice=[3, 3], pilgrim_die=3, weapon_damage=3)
    act(table, "monkey_king", "resolve_defeat", choice="kill", reward=1)
    table.refused({**MISS, "targets": ["berrok-1"], "target_hp": 3, "attack_dice": [1, 1]},
                  book("The Attacker can only attack Targets that are in range and that the "
                       "Attacker can see clearly."))
    act(table, "monkey_king", "attack", targets=["berrok-2"], target_hp=3, attack_dice=[0, 0],
        pilgrim_die=0, weapon_damage=0)


def test_a_pilgrim_die_rolled_by_a_pilgrim_with_no_weapon_is_refused(client):
    table = free_play(client, pilgrims={"monkey_king": {"weapon_level": 0}})
    table.refused({"type": "attack", "player": "p1", "pilgrim": "monkey_king",
                   "targets": ["berrok-1"], "target_hp": 3, "attack_dice": [1, 1],
                   "pilgrim_die": 2, "weapon_damage": 2},
                  book("If the Pilgrim currently has no weapon, do not roll the Pilgrim Die."))
    act(table, "monkey_king", "attack", targets=["berrok-1"], target_hp=3, attack_dice=[1, 1])


# --- Positions: the components and a duplicate Condition -----------------------------------------

def test_a_position_with_two_poisoned_cards_on_one_pilgrim_is_refused(client):
    # One Pilgrim never carries two of a kind.
    book("If the second card is a duplicate, immediately discard the existing card and its "
         "counters. Then apply the new card normally.")
    response = setup_answer(client, {"demons": ["berrok"], "pilgrims": {"monk_sha": {
        "conditions": [{"name": "Poisoned", "tokens": 0}, {"name": "Poisoned", "tokens": 1}]}}})
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"].startswith("position.pilgrims.monk_sha")


@pytest.mark.parametrize("objects, held", [
    ({"sutras": ["s1", "s2", "s3", "s4"]}, {"sutras": 4}),
    ({"villagers": ["v1", "v2", "v3"]}, {"villagers": 3}),
])
def test_a_position_with_more_sutras_or_villagers_than_the_box_holds_is_refused(
        client, objects, held):
    book("- 5 Villager Objective Tokens")
    book("- 7 Sutra Objective Tokens")
    response = setup_answer(client, {"demons": ["berrok"], **objects,
                                     "pilgrims": {"tripitaka": held}})
    assert response.status_code == 400, response.get_json()


def test_a_position_with_another_pilgrims_skill_card_in_hand_is_refused(client):
    # "Each Pilgrim has his own specific card deck." / "Monk Sha starts with Healing Fellowship
    # and one random draw."
    book("Monk Sha starts with Healing Fellowship and one random draw.")
    response = setup_answer(client, {"demons": ["berrok"], "pilgrims": {
        "monkey_king": {"hand": ["Healing Fellowship"]}}})
    assert response.status_code == 400, response.get_json()
    book("Each Pilgrim has his own specific card deck.")
    assert response.get_json()["error"]["field"].startswith("position.pilgrims.monkey_king")


def test_a_skill_card_played_and_discarded_cannot_be_played_again(client):
    table = free_play(client, pilgrims={"monk_sha": {"hand": ["Healing Fellowship"]}})
    table.accepted({"type": "play_card", "player": "p2", "pilgrim": "monk_sha",
                    "card": "Healing Fellowship", "kind": "skill", "cost": {"chi": 2}})
    table.refused({"type": "play_card", "player": "p2", "pilgrim": "monk_sha",
                   "card": "Healing Fellowship", "kind": "skill", "cost": {"chi": 2}}, IN_THE_HAND)
    assert state(table)["pilgrims"]["monk_sha"]["chi"] == 8


def test_a_third_unnamed_skill_card_is_more_than_the_two_starting_cards(client):
    # Free play: two starting Skill Cards not named at setup; a third unnamed one is not held.
    table = free_play(client)
    for card in ("First Unnamed", "Second Unnamed"):
        table.accepted({"type": "play_card", "player": "p2", "pilgrim": "monk_sha", "card": card,
                        "kind": "skill"})
    table.refused({"type": "play_card", "player": "p2", "pilgrim": "monk_sha",
                   "card": "Third Unnamed", "kind": "skill"}, IN_THE_HAND)


@pytest.mark.parametrize("quest, gates, quote", [
    ("q6", [{"id": "gate-1", "status": "closed"}, {"id": "gate-2", "status": "closed"},
            {"id": "gate-3", "status": "inactive"}],
     "Seal 1 Gate: A maximum of 1 Gate can be sealed, regardless of the means."),
    ("q9", [{"id": "gate-1", "status": "closed"}, {"id": "gate-2", "status": "inactive"}],
     "Cannot Seal Gates: None of the Gates can be sealed, even with the Prayer of Sealing."),
])
def test_a_quest_position_with_gates_sealed_that_the_quest_forbids_is_refused(
        client, quest, gates, quote):
    book(quote)
    response = client.post("/api/sessions", json={
        "game": GAME, "players": ["Ann", "Ben"],
        "options": {"quest": quest, "initiative": ORDER, "pilgrim_profiles": PROFILES,
                    "karma_upgrades": "in_position"},
        "position": {"gates": gates}})
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"].startswith("position.gates")


@pytest.mark.parametrize("quest, pilgrims", [
    (None, {"tripitaka": {"hp": 0, "status": "dead"}}),
    (None, {"tripitaka": {"hp": 0, "status": "unconscious", "posture": "face_down"}}),
    ("q4", {"monkey_king": {"hp": 0, "status": "unconscious", "posture": "face_down"}}),
])
def test_a_position_whose_quest_is_already_lost_is_refused(client, quest, pilgrims):
    # Free play (ruling tripitaka_defeat, default "defeated"): "Defeat: Tripitaka is defeated.";
    # Quest 4: "The game play ends when the Pilgrims attack Kogaiji for the first time or when a
    # Pilgrim is Defeated." A table cannot go on from there, as an Avignon position with three
    # cards in a Congregation is refused ("that game is already over").
    book("Defeat: Tripitaka is defeated.")
    book("The game play ends when the Pilgrims attack Kogaiji for the first time or when a "
         "Pilgrim is Defeated.")
    options = {"initiative": ORDER, "pilgrim_profiles": PROFILES}
    position = {"pilgrims": pilgrims}
    if quest:
        options.update(quest=quest, karma_upgrades="in_position")
    else:
        position.update(LAYOUT, demons=["berrok"])
    response = client.post("/api/sessions", json={
        "game": GAME, "players": ["Ann", "Ben"], "options": options, "position": position})
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"].startswith("position.pilgrims")
