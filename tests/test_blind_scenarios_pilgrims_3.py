"""Pilgrims: Curious Adventures, outsider scenarios round 4: the end of the game against the
calculator, the solo and journey scoring, undo in the middle of a turn, a hand kept secret through
the log, and what is refused once round 4 is over. Written from the rulebook and the API's own
description only (docs/games/pilgrims.md, GET /api/games/pilgrims), never the referee's code."""

import pytest

from tests.api_table import calculated, quotes_from
from tests.test_blind_scenarios_pilgrims import (
    COMPASS_LEAF,
    NOTES_SPEECH,
    STAR_LEAF,
    cornered,
    plain_turn,
    player,
)
from tests.test_blind_scenarios_pilgrims_2 import (
    BEAST_STAR,
    WANDERER_NOTES,
    at_table,
    moved_and_clover,
)

GAME = "pilgrims"
book = quotes_from(GAME)

MORE_ITEMS_SOLO = book("The player with more victory points wins. In case of tie, the player with "
                       "more item cards left in their hand wins.")
FALCONER_NO_CLOVER = book("Note: The falconer does not score for a remaining clover token.")
AFTER_ROUND_4 = book("After round 4, the game ends.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def undo(table):
    response = table.client.post(f"/api/sessions/{table.id}/undo", headers=table.headers)
    assert response.status_code == 200, response.get_json()
    table.seq = response.get_json()["seq"]


def last_turn_of_the_game(client):
    """Round 4, Bob's third turn: Ann has played hers."""
    return at_table(
        client,
        {"hand": [STAR_LEAF, NOTES_SPEECH], "clovers": 7, "movement": [1, 2, 3],
         "completed": [{"level": 2, "points": 5}, {"level": 1, "points": 2, "clovers": 1}],
         "party": [{"card": WANDERER_NOTES}]},
        bob={"clovers": 4, "movement": [1, 2], "completed": [{"level": 2, "points": 9}]},
        round=4, current="p2", turns={"p1": 3, "p2": 2}, quills={"B": ["p1"]})


def finish(table):
    table.accepted({"type": "move", "player": "p2", "movement": 3, "to": [5, 4],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "gain_clover", "player": "p2"})
    table.accepted({"type": "replenish", "player": "p2"})


def test_the_finished_game_and_the_calculator_agree(client):
    table = last_turn_of_the_game(client)
    finish(table)
    live = table.view("p1")["scores"]
    assert table.view("p1")["over"] is True
    calc = calculated(client, GAME, {
        "public_quests": {"A": "1a", "B": "2c", "C": "5"},
        "players": [
            {"name": "Ann", "items": 2, "clovers": 7,
             "adventures": [{"level": 2, "points": 5}, {"level": 1, "points": 2, "clovers": 1}],
             "companions": [WANDERER_NOTES], "quills": [{"tile": "B", "space": "top"}]},
            {"name": "Bob", "items": 2, "clovers": 5,
             "adventures": [{"level": 2, "points": 9}]}]})
    # Ann: 5 + 2, 7 clovers → 2, the top quill on B 2 and one notes companion → 1: 12.
    # Bob: 9, 5 clovers → 1: 10.
    assert [p["total"] for p in live["players"]] == [12, 10]
    assert [p["total"] for p in calc["players"]] == [p["total"] for p in live["players"]]
    assert live["winners"] == ["p1"]
    assert [p["name"] for p in calc["players"] if p["seat"] in calc["winners"]] == ["Ann"]


def test_nothing_is_entered_after_round_four(client):
    table = last_turn_of_the_game(client)
    finish(table)
    assert table.view("p1")["legal"] == []
    table.refused({"type": "buy_item", "player": "p1", "item": COMPASS_LEAF}, AFTER_ROUND_4)


def test_undo_of_the_last_replenish_reopens_the_game(client):
    table = last_turn_of_the_game(client)
    table.accepted({"type": "move", "player": "p2", "movement": 3, "to": [5, 4],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "gain_clover", "player": "p2"})
    before = table.view("p1")
    table.accepted({"type": "replenish", "player": "p2"})
    undo(table)
    after = table.view("p1")
    assert after["over"] is False
    assert after["state"] == before["state"]


def test_undo_of_a_move_gives_the_card_back_to_the_map(client):
    table = at_table(client, {"hand": [STAR_LEAF], "clovers": 1})
    before = table.view("p1")
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                    "card": COMPASS_LEAF})
    assert player(table, "p1")["hand"] == [STAR_LEAF, COMPASS_LEAF]
    undo(table)
    after = table.view("p1")
    assert after["state"] == before["state"]
    assert after["legal"] == before["legal"]


def test_undo_of_an_activation_takes_the_item_back_to_the_hand(client):
    table = at_table(client, {"hand": [STAR_LEAF, NOTES_SPEECH], "clovers": 1,
                              "party": [{"card": WANDERER_NOTES}]})
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                    "card": COMPASS_LEAF})
    before = table.view("p1")
    table.accepted({"type": "activate", "player": "p1", "character": 1, "hand": 2})
    undo(table)
    assert table.view("p1")["state"] == before["state"]


def test_an_item_bought_with_clovers_stays_out_of_the_other_seats_log(client):
    table = at_table(client, {"hand": [STAR_LEAF], "clovers": 3})
    join = {"Authorization": "Bearer " + table.join_token}
    bob = client.post(f"/api/sessions/{table.id}/seats", headers=join, json={"seat": "p2"})
    assert bob.status_code == 201
    bob_reads = {"Authorization": "Bearer " + bob.get_json()["seat_token"]}
    table.accepted({"type": "buy_item", "player": "p1", "item": NOTES_SPEECH})
    log = client.get(f"/api/sessions/{table.id}/log", headers=bob_reads).get_json()
    seen = client.get(f"/api/sessions/{table.id}", headers=bob_reads).get_json()
    for text in (repr(log), repr(seen["last_event"]), repr(seen["state"]["players"]["p1"])):
        assert "notes" not in text and "speech" not in text
    spectator = client.get(f"/api/sessions/{table.id}/log").get_json()
    assert "notes" not in repr(spectator)


# --- Solo and journey scoring ------------------------------------------------------------------

def test_the_falconer_scores_his_items_not_his_clovers(client):
    scores = calculated(client, GAME, {"players": [
        {"name": "Ann", "items": 1, "clovers": 6, "adventures": [{"level": 1, "points": 4}]},
        {"name": "Falconer", "falconer": True, "items": 3, "clovers": 6,
         "adventures": [{"level": 2, "points": 2}]}]})
    totals = {p["name"]: p["total"] for p in scores["players"]}
    # Ann: 4 + 6 clovers → 2 = 6. The falconer: 2 + 3 items, his clovers nothing = 5.
    assert totals == {"Ann": 6, "Falconer": 5}
    assert [p["name"] for p in scores["players"] if p["seat"] in scores["winners"]] == ["Ann"]


def test_a_solo_tie_goes_to_more_items_in_hand(client):
    scores = calculated(client, GAME, {"players": [
        {"name": "Ann", "items": 4, "clovers": 0, "adventures": [{"level": 1, "points": 5}]},
        {"name": "Falconer", "falconer": True, "items": 2, "clovers": 0,
         "adventures": [{"level": 1, "points": 3}]}]})
    assert [p["total"] for p in scores["players"]] == [5, 5]
    assert [p["name"] for p in scores["players"] if p["seat"] in scores["winners"]] == ["Ann"]
    assert MORE_ITEMS_SOLO in scores["decided_by"]["rule"]["quote"]


def test_journey_cards_score_completed_cards_tokens_removed_and_the_falconers_five(client):
    scores = calculated(client, GAME, {"journey_cards": True, "players": [
        {"name": "Ann", "items": 0, "clovers": 0, "journey": {"completed": [4, 3], "removed": 2}},
        {"name": "Falconer", "falconer": True, "items": 0, "clovers": 0}]})
    totals = {p["name"]: p["total"] for p in scores["players"]}
    assert totals == {"Ann": 4 + 3 + 2, "Falconer": 5}


# --- Empty decks -------------------------------------------------------------------------------

def test_with_both_adventure_decks_empty_the_display_is_not_replenished(client):
    level1 = {"level": 1, "points": 3, "party": ["?"], "crosses": 0, "cost": ["leaf"]}
    display = [level1, {"level": 1}, {"level": 1}, {"level": 2}, {"level": 2}]
    table = at_table(client, {"hand": [STAR_LEAF], "party": [{"card": BEAST_STAR}]},
                     display=display,
                     decks={"item": 30, "companion": 20, "level1": 0, "level2": 0})
    moved_and_clover(table)
    table.accepted({"type": "complete_adventure", "player": "p1", "source": "display",
                    "index": 1, "pay": [{"hand": 1}], "companions": [1], "retire": []})
    table.accepted({"type": "replenish", "player": "p1"})
    state = table.view("p1")["state"]
    assert len(state["display"]) == 4
    assert (state["decks"]["level1"], state["decks"]["level2"]) == (0, 0)


def test_an_empty_item_deck_is_the_discard_pile_shuffled(client):
    table = at_table(client, {"hand": [STAR_LEAF], "clovers": 2},
                     decks={"item": 0, "discard": 6, "companion": 20, "level1": 10,
                            "level2": 10})
    table.accepted({"type": "buy_item", "player": "p1", "item": NOTES_SPEECH})
    decks = table.view("p1")["state"]["decks"]
    assert (decks["item"], decks["discard"]) == (5, 0)
    assert player(table, "p1")["hand"] == [STAR_LEAF, NOTES_SPEECH]


def test_a_live_tie_with_as_many_items_in_hand_is_shared(client):
    table = at_table(
        client,
        {"hand": [STAR_LEAF, NOTES_SPEECH], "clovers": 0, "movement": [1, 2, 3],
         "completed": [{"level": 2, "points": 9}]},
        bob={"hand": [STAR_LEAF], "clovers": 0, "movement": [1, 2],
             "completed": [{"level": 2, "points": 9}]},
        round=4, current="p2", turns={"p1": 3, "p2": 2})
    # Bob takes a second item card on his last move: two each, 9 points each.
    table.accepted({"type": "move", "player": "p2", "movement": 3, "to": [5, 4],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "gain_clover", "player": "p2"})
    table.accepted({"type": "replenish", "player": "p2"})
    scores = table.view("p1")["scores"]
    assert [p["total"] for p in scores["players"]] == [9, 9]
    assert sorted(scores["winners"]) == ["p1", "p2"]
    assert book("If there is still a tie, the players share the victory.") in \
        scores["decided_by"]["rule"]["quote"]


def test_a_reserved_level_ii_card_does_not_count_for_the_c_tile(client):
    # Tile C's mission (5) counts level II adventure cards: "Reserved adventure cards don't count."
    table = at_table(
        client,
        {"hand": [STAR_LEAF], "clovers": 0, "movement": [1, 2, 3],
         "completed": [{"level": 2, "points": 6}],
         "reserve": [{"level": 2, "points": 8, "party": ["?"], "crosses": 0,
                      "cost": ["fist"]}]},
        bob={"clovers": 0, "movement": [1, 2]},
        round=4, current="p2", turns={"p1": 3, "p2": 2}, quills={"C": ["p1"]})
    finish(table)
    scores = table.view("p1")["scores"]
    # Ann: 6, the top quill on C 2, one level II card completed → 1: 9.
    assert scores["players"][0]["total"] == 9


def test_undo_of_the_replenish_that_ended_round_2_takes_back_the_display_change(client):
    table = cornered(client)
    spaces = {"p1": [[1, 2], [2, 1]], "p2": [[5, 4], [4, 5]]}
    for round_number in (1, 2):
        for turn in range(3):
            for seat in ("p1", "p2"):
                if (round_number, turn, seat) == (2, 2, "p2"):
                    continue
                plain_turn(table, seat, turn + 1, spaces[seat][(round_number + turn) % 2])
    table.accepted({"type": "move", "player": "p2", "movement": 3, "to": [5, 4],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "gain_clover", "player": "p2"})
    before = table.view("p1")
    table.accepted({"type": "replenish", "player": "p2"})
    assert table.view("p1")["state"]["round"] == 3
    undo(table)
    after = table.view("p1")
    assert after["state"] == before["state"]
    assert after["state"]["round"] == 2


def test_a_cross_retires_a_participating_companion_not_another(client):
    # "They show the number of participating companion cards the player must retire when
    # completing the adventure."
    beasts_only = {"level": 1, "points": 4, "party": ["beast"], "crosses": 1, "cost": ["leaf"]}
    display = [beasts_only, {"level": 1}, {"level": 1}, {"level": 2}, {"level": 2}]
    table = at_table(client, {"hand": [STAR_LEAF],
                              "party": [{"card": BEAST_STAR}, {"card": WANDERER_NOTES}]},
                     display=display)
    moved_and_clover(table)
    table.refused({"type": "complete_adventure", "player": "p1", "source": "display",
                   "index": 1, "pay": [{"hand": 1}], "companions": [1], "retire": [2]},
                  book("They show the number of participating companion cards the player must "
                       "retire when completing the adventure."))
    table.accepted({"type": "complete_adventure", "player": "p1", "source": "display",
                    "index": 1, "pay": [{"hand": 1}], "companions": [1], "retire": [1]})
    ann = player(table, "p1")
    assert [entry["card"] for entry in ann["party"]] == [WANDERER_NOTES]
    assert ann["retired"] == [BEAST_STAR]
