"""Pilgrims: the thirteenth audit (session 18, `audit18`): outsider19's findings 146-148.

146: under `multi_type_companion: each_type` the Shepherd meeting a wanderer-and-beast card alone
was accepted but never listed in `legal` (the list offered only a way spending two clovers to
convert another companion); `legal` now lists each companion for one symbol per type it shows, by
the same check the completion makes (`payment.over_its_types`).
147: a side A leader entered with abilities side A does not show was accepted and the abilities
silently dropped; it is a 400 naming `options.leaders.<seat>.abilities` with "Each leader has two
abilities: a movement diagram and reserve an adventure card." (and the side B note).
148: a position whose entered map puts a card under a figure was accepted and the card stayed
there; it is a 400 naming the map space with "Note: Always take the card first, then move the
figure onto the space." (and the replenish's "If a figure is on a map space, that space doesn't
replenish."); a space under a figure entered as `null` (a card not entered) is read as empty."""

import pytest

from tests.api_table import as_seen, quotes_from
from tests.test_blind_scenarios_pilgrims import CAMPFIRES, COMPASS_LEAF, LEADERS, QUESTS, STAR_LEAF
from tests.test_blind_scenarios_pilgrims_12 import (
    SHEPHERD,
    SHEPHERD_TWICE,
    WANDERER_AND_BEAST,
    ann_to_play,
    completions,
    shepherd_and_scoundrel,
)

GAME = "pilgrims"
book = quotes_from(GAME)
MULTIPLE_TYPES = book("Note: Some companion cards, like the Shepherd, have multiple types.")
SIDE_A = book("Each leader has two abilities: a movement diagram and reserve an adventure card.")
SIDE_B = book("Note: For the first game, use side A of the leader tile. In advanced games, try "
              "using side B for different abilities. All players should use the same side.")
TAKE_FIRST = book("Note: Always take the card first, then move the figure onto the space.")
NOT_REPLENISHED = book("If a figure is on a map space, that space doesn't replenish.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


# --- 146 -------------------------------------------------------------------------------------------

def test_each_type_lists_the_shepherd_for_both_symbols_and_one_symbol_does_not(client):
    each = shepherd_and_scoundrel(client, "each_type")
    listed = completions(each, 1)
    # No clover needed: the Shepherd alone meets both symbols, the cross retires him.
    assert SHEPHERD_TWICE in listed
    assert all("convert_types" not in event for event in listed)
    one = shepherd_and_scoundrel(client, "one_symbol")
    assert {tuple(event["companions"]) for event in completions(one, 1)} == {(1, 2)}
    assert all(event["convert_types"] == [2] for event in completions(one, 1))


def test_the_shepherd_is_not_listed_nor_accepted_for_one_type_twice(client):
    two_wanderers = dict(WANDERER_AND_BEAST, party=["wanderer", "wanderer"], crosses=0)
    table = ann_to_play(client, {"hand": [STAR_LEAF], "clovers": 0,
                                 "party": [{"card": SHEPHERD}]},
                        options={"multi_type_companion": "each_type"},
                        display=[two_wanderers, {"level": 1}, {"level": 1}, {"level": 2},
                                 {"level": 2}])
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "gain_clover", "player": "p1"})
    assert completions(table, 1) == []
    before = as_seen(table.view("p1"))
    error = table.refused(dict(SHEPHERD_TWICE, retire=[]), MULTIPLE_TYPES)
    assert "Companion 1 (wanderer/beast)" in error["message"]
    assert as_seen(table.view("p1")) == before


# --- 147 -------------------------------------------------------------------------------------------

def new_game(client, p1_leader, side):
    return client.post("/api/sessions", json={
        "game": GAME, "players": ["Ann", "Bob"],
        "options": {"campfires": CAMPFIRES, "public_quests": QUESTS, "leader_side": side,
                    "leaders": {"p1": p1_leader, "p2": LEADERS["p2"]}}})


def test_a_side_a_leader_with_other_abilities_is_refused_naming_them(client):
    response = new_game(client, {"activation": ["sword"], "abilities": ["gain clover"]}, "A")
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["field"] == "options.leaders.p1.abilities"
    assert [rule["quote"] for rule in error["rules"]] == [SIDE_A, SIDE_B]
    assert "gain clover" in error["message"]


@pytest.mark.parametrize("leader, side, abilities", [
    ({"activation": ["sword"], "abilities": ["reserve", "move"]}, "A", ["move", "reserve"]),
    ({"activation": ["sword"]}, "A", ["move", "reserve"]),
    ({"activation": ["sword"], "abilities": ["gain clover"]}, "B", ["gain clover"])])
def test_a_leader_showing_what_its_side_shows_is_accepted(client, leader, side, abilities):
    response = new_game(client, leader, side)
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["state"]["players"]["p1"]["leader"]["abilities"] == abilities


# --- 148 -------------------------------------------------------------------------------------------

def position_with(client, under_ann):
    board = [[None] * 5 for _ in range(5)]
    board[2][2] = under_ann
    board[4][4] = "empty"
    return client.post("/api/sessions", json={
        "game": GAME, "players": ["Ann", "Bob"],
        "options": {"campfires": CAMPFIRES, "public_quests": QUESTS,
                    "leaders": {"p1": LEADERS["p1"], "p2": LEADERS["p2"]}},
        "position": {"round": 2, "current": "p1", "map": board,
                     "players": {"p1": {"figure": [3, 3], "hand": [STAR_LEAF]},
                                 "p2": {"figure": [5, 5], "hand": [COMPASS_LEAF]}}}})


def test_a_card_under_a_figure_is_refused_and_a_card_not_entered_there_is_no_card(client):
    response = position_with(client, STAR_LEAF)
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["field"] == "position.map.2.2"
    assert error["rules"][0]["quote"] == TAKE_FIRST
    assert NOT_REPLENISHED in error["rules"][1]["quote"]
    for under in (None, "empty"):
        response = position_with(client, under)
        assert response.status_code == 201, response.get_json()
        state = response.get_json()["state"]
        assert state["map"][2][2] is None and state["map"][4][4] is None
        assert state["map"][0][0] is not None  # a card not entered elsewhere stays a card
