"""Pilgrims: Curious Adventures, outsider scenarios round 8 (file 7): three players, Bob on turn —
Ann's (who has played) and Cleo's (who is next) entries in each phase of Bob's turn (before his
move, after it, after his clover), every kind of entry, each refused with the sentence saying whose
turn it is; the game's last turn played and every entry after it refused with the game's end, by
either seat; the last replenish undone and replayed. Written from the rulebook and the API's own
description only (docs/games/pilgrims.md, GET /api/games/pilgrims), never the referee's code."""

import json

import pytest

from tests.api_table import as_seen, quotes_from, reads_by_others, seat_headers
from tests.test_blind_scenarios_pilgrims import COMPASS_LEAF, STAR_LEAF, SWORD_FIST, player
from tests.test_blind_scenarios_pilgrims_2 import at_table
from tests.test_blind_scenarios_pilgrims_3 import last_turn_of_the_game, undo
from tests.test_blind_scenarios_pilgrims_6 import mid_game, plain_turn

GAME = "pilgrims"
book = quotes_from(GAME)

CLOCKWISE = book("Play then continues clockwise.")
PROCEEDS = book("After replenishing cards, the player's turn is over. Play proceeds clockwise to "
                "the next player.")
GAME_ENDS = book("After round 4, the game ends.")

ENTRIES = {
    "move": {"type": "move", "movement": 2, "to": [3, 1], "card": COMPASS_LEAF},
    "gain_clover": {"type": "gain_clover"},
    "activate": {"type": "activate", "character": "leader", "hand": 1},
    "replenish": {"type": "replenish"},
    "buy_item": {"type": "buy_item", "item": {"activation": "compass", "adventure": "coin"}},
    "sign_up": {"type": "sign_up", "pay": [{"hand": 1}], "tile": "A"},
    "complete_adventure": {"type": "complete_adventure", "companions": [], "index": 1,
                           "pay": [{"hand": 1}], "retire": [], "source": "display"},
    "ability": {"type": "ability", "kind": "gain clover"},
}
BOBS_STEPS = {
    "before-his-move": [],
    "after-his-move": [{"type": "move", "player": "p2", "movement": 1, "to": [5, 4],
                        "card": COMPASS_LEAF}],
    "after-his-clover": [{"type": "move", "player": "p2", "movement": 1, "to": [5, 4],
                          "card": COMPASS_LEAF}, {"type": "gain_clover", "player": "p2"}],
}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def refused_with_the_turn_order(table, event):
    """Refused (422), nothing written, with one of the book's two sentences saying play goes
    clockwise from the player on turn among those quoted."""
    before = table.seq
    response = table.send(event)
    assert response.status_code == 422, response.get_json()
    error = response.get_json()["error"]
    quoted = [error["rule"]["quote"]] + [rule["quote"] for rule in error.get("rules") or []]
    assert any(CLOCKWISE in quote or PROCEEDS in quote for quote in quoted), (quoted, error)
    assert table.seq == before


CASES = [(step, seat, entry) for step in BOBS_STEPS for seat in ("p1", "p3") for entry in ENTRIES]


@pytest.mark.parametrize("step,seat,entry", CASES,
                         ids=[f"{step}-{seat}-{entry}" for step, seat, entry in CASES])
def test_ann_or_cleo_entering_in_each_phase_of_bobs_turn_is_refused_with_the_turn_order(
        client, step, seat, entry):
    table = mid_game(client, 3)
    plain_turn(table, "p1", 1, [3, 2])
    for event in BOBS_STEPS[step]:
        table.accepted(event)
    before = as_seen(table.view())
    refused_with_the_turn_order(table, {**ENTRIES[entry], "player": seat})
    assert as_seen(table.view()) == before
    assert table.view()["current_players"] == ["p2"]


def test_bobs_whole_turn_with_cleos_entries_between_his_steps_then_cleos_turn(client):
    table = mid_game(client, 3)
    plain_turn(table, "p1", 1, [3, 2])
    cleo_moves = {"type": "move", "player": "p3", "movement": 1, "to": [1, 4],
                  "card": COMPASS_LEAF}
    for step in ({"type": "move", "player": "p2", "movement": 1, "to": [5, 4],
                  "card": COMPASS_LEAF},
                 {"type": "gain_clover", "player": "p2"},
                 {"type": "replenish", "player": "p2"}):
        refused_with_the_turn_order(table, cleo_moves)
        table.accepted(step)
    assert table.view()["current_players"] == ["p3"]
    table.accepted(cleo_moves)


@pytest.fixture(scope="module")
def finished(module_client):
    table = last_turn_of_the_game(module_client)
    table.accepted({"type": "move", "player": "p2", "movement": 3, "to": [5, 4],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "gain_clover", "player": "p2"})
    table.accepted({"type": "replenish", "player": "p2"})
    assert table.view()["over"] is True
    return table


@pytest.mark.parametrize("seat", ["p1", "p2"])
@pytest.mark.parametrize("entry", list(ENTRIES))
def test_every_entry_after_the_last_turn_of_round_4_is_refused_with_the_games_end(
        finished, seat, entry):
    before = as_seen(finished.view())
    finished.refused({**ENTRIES[entry], "player": seat}, GAME_ENDS)
    assert as_seen(finished.view()) == before


def test_the_games_last_replenish_undone_and_entered_again_ends_it_the_same(client):
    table = last_turn_of_the_game(client)
    table.accepted({"type": "move", "player": "p2", "movement": 3, "to": [5, 4],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "gain_clover", "player": "p2"})
    before = as_seen(table.view())
    table.accepted({"type": "replenish", "player": "p2"})
    ended = as_seen(table.view())
    undo(table)
    assert as_seen(table.view()) == before
    # Ann's entry now is still Bob's turn's, not the end's.
    refused_with_the_turn_order(table, {"type": "gain_clover", "player": "p1"})
    table.accepted({"type": "replenish", "player": "p2"})
    assert as_seen(table.view()) == ended


def test_an_item_bought_with_clovers_then_undone_is_never_shown_to_bob_or_a_spectator(client):
    table = at_table(client, {"hand": [STAR_LEAF], "clovers": 4}, players=("Ann", "Bob", "Cleo"),
                     round=1)
    bob = seat_headers(client, table, "p2")

    def coins_seen():
        return {name: (json.dumps(response.get_json()) if response.is_json
                       else response.get_data(as_text=True)).count("coin")
                for name, response in reads_by_others(client, table, "p2", bob).items()}

    before = coins_seen()
    table.accepted({"type": "buy_item", "player": "p1",
                    "item": {"activation": "compass", "adventure": "coin"}})
    assert player(table, "p1")["clovers"] == 2
    assert coins_seen() == before
    undo(table)
    assert player(table, "p1")["clovers"] == 4
    assert coins_seen() == before
    # Redone by the table: still Ann's only.
    redone = client.post(f"/api/sessions/{table.id}/redo", headers=table.headers)
    assert redone.status_code == 200, redone.get_json()
    table.seq = redone.get_json()["seq"]
    assert coins_seen() == before


# --- Ann's whole turn with the mistakes a table makes in the Activate phase ----------------------

MATCHING_SYMBOL = book("To activate a leader tile or a companion card, an item card must be played "
                       "face-up under a character with a matching activation symbol.")
ONE_OF = book("During the Activate phase, do one of the following:")


def test_anns_activate_phase_a_card_she_lacks_a_card_that_does_not_match_then_twice(client):
    table = at_table(client, {"hand": [STAR_LEAF, SWORD_FIST], "clovers": 0},
                     players=("Ann", "Bob", "Cleo"), round=1)
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                    "card": COMPASS_LEAF})
    before = as_seen(table.view())
    # Her leader shows a sword: a ninth card she does not hold, then the star card.
    table.refused({"type": "activate", "player": "p1", "character": "leader", "hand": 9},
                  MATCHING_SYMBOL)
    table.refused({"type": "activate", "player": "p1", "character": "leader", "hand": 1},
                  MATCHING_SYMBOL)
    assert as_seen(table.view()) == before
    assert [e for e in table.view("p1")["legal"] if e["type"] == "activate"] == [
        {"type": "activate", "player": "p1", "character": "leader", "hand": 2}]
    table.accepted({"type": "activate", "player": "p1", "character": "leader", "hand": 2})
    # One of the two: no second activation, no clover after it.
    table.refused({"type": "activate", "player": "p1", "character": "leader", "hand": 1}, ONE_OF)
    table.refused({"type": "gain_clover", "player": "p1"}, ONE_OF)
    table.accepted({"type": "replenish", "player": "p1"})
    assert table.view()["current_players"] == ["p2"]
    assert player(table, "p1")["clovers"] == 0
