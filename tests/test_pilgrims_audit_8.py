"""Pilgrims: an eighth audit (session 13): outsider finding 69 — what a player entering an event in
another player's turn broke.

"After replenishing cards, the player's turn is over. Play proceeds clockwise to the next player."
A player whose turn this round is over (Ann, who has just replenished) entering anything during the
next player's Move phase — her replenish tapped twice, a clover, a move — broke that sentence:
`error.rule` quotes it, `error.rules` adds "… Play then continues clockwise." (it quoted the order
of the phases, or only the clockwise sentence). A player still to play this round (Cleo) is told
the clockwise order, whatever the event, not the order of the phases.

Then findings 74 (a fourth turn in a round) and 75 (more cards held than the box holds).
"""

import pytest

from tests.api_table import quotes_from
from tests.test_blind_scenarios_pilgrims import COMPASS_LEAF, STAR_LEAF
from tests.test_blind_scenarios_pilgrims_2 import WANDERER_NOTES, at_table
from tests.test_blind_scenarios_pilgrims_4 import setup_answer

book = quotes_from("pilgrims")
TURN_OVER = book("After replenishing cards, the player's turn is over. Play proceeds clockwise to "
                 "the next player.")
CLOCKWISE = book("Play then continues clockwise.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def after_anns_turn(client):
    table = at_table(client, {"hand": [STAR_LEAF], "clovers": 0},
                     players=("Ann", "Bob", "Cleo"))
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "gain_clover", "player": "p1"})
    table.accepted({"type": "replenish", "player": "p1"})
    assert table.view()["current_players"] == ["p2"]
    return table


def refusal(table, event):
    seq = table.seq
    response = table.send(event)
    assert response.status_code == 422, response.get_json()
    assert table.seq == seq
    error = response.get_json()["error"]
    return error["rule"]["quote"], [rule["quote"] for rule in error.get("rules", [error["rule"]])]


@pytest.mark.parametrize("event", [
    {"type": "replenish"}, {"type": "gain_clover"},
    {"type": "move", "movement": 2, "to": [3, 4], "card": COMPASS_LEAF}],
    ids=["replenish", "gain_clover", "move"])
def test_a_player_whose_turn_is_over_is_told_so_whatever_the_event(client, event):
    table = after_anns_turn(client)
    first, every = refusal(table, {**event, "player": "p1"})
    assert first == TURN_OVER
    assert any(CLOCKWISE in quote for quote in every)


@pytest.mark.parametrize("event", [
    {"type": "replenish"}, {"type": "move", "movement": 1, "to": [1, 4], "card": COMPASS_LEAF}],
    ids=["replenish", "move"])
def test_a_player_still_to_play_is_told_the_clockwise_order(client, event):
    table = after_anns_turn(client)
    first, every = refusal(table, {**event, "player": "p3"})
    assert CLOCKWISE in first
    assert TURN_OVER not in every


# == Findings 74 and 75: positions a table cannot be in ===========================================

THREE_TURNS = book("After each player completes 3 turns, the sun token moves 1 space to the right.")


def position_answer(client, ann, bob=None, **table):
    return setup_answer(client, ann, bob, **table)


def test_the_current_player_with_three_turns_taken_has_none_left(client):
    response = position_answer(client, {"hand": [STAR_LEAF], "movement": [1, 2, 3]},
                               bob={"movement": [1, 2, 3]}, turns={"p1": 3, "p2": 3})
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["field"] == "position.turns" and THREE_TURNS in error["message"]
    response = position_answer(client, {"hand": [STAR_LEAF], "movement": [1, 2]},
                               bob={"movement": [1, 2]}, turns={"p1": 2, "p2": 2})
    assert response.status_code == 201, response.get_json()


@pytest.mark.parametrize(("ann", "ok"), [
    ({"hand": [STAR_LEAF] * 63}, True),  # Bob holds one: 64
    ({"hand": [STAR_LEAF] * 64}, False),
    ({"hand": [STAR_LEAF] * 62, "leader_holds": STAR_LEAF}, True),
    ({"hand": [STAR_LEAF] * 63, "leader_holds": STAR_LEAF}, False),
    ({"hand": [STAR_LEAF], "retired": [WANDERER_NOTES] * 32}, True),
    ({"hand": [STAR_LEAF], "party": [{"card": WANDERER_NOTES}], "retired": [WANDERER_NOTES] * 32},
     False)])
def test_no_more_cards_are_held_than_the_box_holds(client, ann, ok):
    """ "• 64 item cards", "• 32 companion cards": hands, the cards held under the leader and the
    companions, parties and retired companions, all players together."""
    response = position_answer(client, ann)
    assert (response.status_code == 201) is ok, response.get_json()
    if not ok:
        error = response.get_json()["error"]
        assert error["field"] == "position.players" and "cards”" in error["message"]
