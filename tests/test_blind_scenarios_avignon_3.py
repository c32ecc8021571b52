"""Avignon: Pilgrimage, outsider scenarios round 4: undo in the middle of a turn and of the
winning action, the finished game against the calculator, a replacement drawn when the deck is
empty, and a Petition of a card out of play. Written from the rulebook and the API's own
description only (docs/games/avignon.md, GET /api/games/avignon), never the referee's code."""

import pytest

from tests.api_table import ApiTable, calculated, quotes_from

GAME = "avignon"
book = quotes_from(GAME)

THREE_CARDS = book("The game ends when one player has three cards in his or her Congregation.")
OUT_OF_PLAY = book("Cards in a player's Congregation are considered to be out of play and cannot be "
                   "affected by actions.")
SCORED_DRAW = book("That player then draws a new character and places it in the same row as the "
                   "removed card, equal to Genoa.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def board(*cards):
    return [{"path": n, "character": character, "location": location}
            for n, (character, location) in enumerate(cards, start=1)]


def new_game(client, position):
    return ApiTable(client, {"game": GAME, "players": ["Rosa", "Aldo"], "position": position})


def undo(table):
    response = table.client.post(f"/api/sessions/{table.id}/undo", headers=table.headers)
    assert response.status_code == 200, response.get_json()
    table.seq = response.get_json()["seq"]


MIDGAME = {"board": board(("Vicar", "nice"), ("Scribe", "genoa"), ("Nuncio", "florence"),
                          ("Ascetic", "genoa"), ("Canonist", "genoa")),
           "turn": "avignon", "first_turn": False}


def test_undo_of_the_first_action_of_a_turn_restores_the_turn_exactly(client):
    table = new_game(client, MIDGAME)
    before = table.view()
    table.accepted({"type": "beseech", "player": "avignon", "path": 1})
    assert table.view()["state"]["board"][0]["location"] == "avignon"
    undo(table)
    after = table.view()
    assert after["state"] == before["state"]
    assert after["legal"] == before["legal"]
    # The same action may be taken again, since the turn has none yet.
    table.accepted({"type": "beseech", "player": "avignon", "path": 3})
    table.accepted({"type": "chastise", "player": "avignon", "path": 1})


def test_undo_of_a_score_and_its_replacement_draw_step_by_step(client):
    table = new_game(client, {**MIDGAME, "board": board(
        ("Vicar", "avignon"), ("Scribe", "genoa"), ("Nuncio", "florence"), ("Ascetic", "genoa"),
        ("Canonist", "genoa"))})
    before = table.view()
    table.accepted({"type": "beseech", "player": "avignon", "path": 1})
    scored = table.view()
    assert scored["state"]["congregations"]["avignon"] == ["Vicar"]
    table.accepted({"type": "draw", "player": "avignon", "character": "Courtesan"})
    undo(table)
    assert table.view()["state"] == scored["state"]
    undo(table)
    assert table.view()["state"] == before["state"]
    assert table.view()["state"]["congregations"] == {"rome": [], "avignon": []}


def test_undo_of_the_winning_action_reopens_the_game(client):
    table = new_game(client, {
        "board": board(("Vicar", "rome"), ("Scribe", "nice"), ("Nuncio", "genoa"),
                       ("Ascetic", "genoa"), ("Canonist", "genoa")),
        "congregations": {"rome": ["Courtesan", "Courtesan"], "avignon": ["Ascetic"]},
        "turn": "rome", "first_turn": False})
    before = table.view()
    table.accepted({"type": "beseech", "player": "rome", "path": 1})
    assert table.view()["over"] is True
    undo(table)
    after = table.view()
    assert after["over"] is False
    assert after["state"] == before["state"]
    assert after["legal"] == before["legal"]


def test_a_finished_game_and_the_calculator_agree(client):
    table = new_game(client, {
        "board": board(("Vicar", "rome"), ("Scribe", "nice"), ("Nuncio", "genoa"),
                       ("Ascetic", "genoa"), ("Canonist", "genoa")),
        "congregations": {"rome": ["Courtesan", "Nuncio"], "avignon": ["Ascetic"]},
        "turn": "rome", "first_turn": False})
    table.accepted({"type": "beseech", "player": "rome", "path": 1})
    live = table.view()["scores"]
    calc = calculated(client, GAME, {
        "congregations": {"rome": ["Courtesan", "Nuncio", "Vicar"], "avignon": ["Ascetic"]},
        "last_actor": "rome"})
    assert live["winners"] == calc["winners"] == ["rome"]
    assert [p["total"] for p in live["players"]] == [p["total"] for p in calc["players"]] == [3, 1]
    assert THREE_CARDS in live["decided_by"]["rule"]["quote"]
    assert THREE_CARDS in calc["decided_by"]["rule"]["quote"]


def test_a_score_with_the_deck_empty_draws_from_the_shuffled_discard_pile(client):
    # Twelve cards: five on the map, three in Congregations, four discarded: the deck is empty.
    table = new_game(client, {
        "board": board(("Vicar", "rome"), ("Scribe", "genoa"), ("Nuncio", "genoa"),
                       ("Ascetic", "genoa"), ("Canonist", "genoa")),
        "congregations": {"rome": ["Courtesan"], "avignon": ["Courtesan", "Ascetic"]},
        "discard": ["Vicar", "Scribe", "Nuncio", "Canonist"],
        "turn": "rome", "first_turn": False})
    table.accepted({"type": "beseech", "player": "rome", "path": 1})
    drawable = {e["character"] for e in table.view()["legal"] if e["type"] == "draw"}
    assert drawable == {"Vicar", "Scribe", "Nuncio", "Canonist"}
    response = table.send({"type": "draw", "player": "rome", "character": "Ascetic"})
    assert response.status_code in (400, 422)
    table.accepted({"type": "draw", "player": "rome", "character": "Scribe"})
    state = table.view()["state"]
    assert state["board"][0] == {"path": 1, "character": "Scribe", "location": "genoa"}
    assert state["discard"] == []


def test_a_petition_of_a_card_in_a_congregation_is_refused(client):
    table = new_game(client, {
        "board": board(("Vicar", "nice"), ("Scribe", "genoa"), ("Nuncio", "florence"),
                       ("Ascetic", "genoa"), ("Canonist", "genoa")),
        "congregations": {"rome": ["Courtesan"], "avignon": []},
        "turn": "rome", "first_turn": False})
    # "PETITION: Use the unique PETITION ability of one character in play."
    table.refused({"type": "petition", "player": "rome", "target": 1,
                   "card": {"character": "Courtesan", "congregation": "rome"}}, OUT_OF_PLAY)
    assert table.view()["state"]["board"][0]["location"] == "nice"
    table.accepted({"type": "beseech", "player": "rome", "path": 1})


def redo(table):
    response = table.client.post(f"/api/sessions/{table.id}/redo", headers=table.headers)
    assert response.status_code == 200, response.get_json()
    table.seq = response.get_json()["seq"]


def test_redo_after_undo_of_the_winning_action_ends_the_game_again(client):
    table = new_game(client, {
        "board": board(("Vicar", "rome"), ("Scribe", "nice"), ("Nuncio", "genoa"),
                       ("Ascetic", "genoa"), ("Canonist", "genoa")),
        "congregations": {"rome": ["Courtesan", "Courtesan"], "avignon": ["Ascetic"]},
        "turn": "rome", "first_turn": False})
    table.accepted({"type": "beseech", "player": "rome", "path": 1})
    won = table.view()
    undo(table)
    redo(table)
    again = table.view()
    assert again["over"] is True
    assert again["state"] == won["state"]
    assert again["scores"]["winners"] == ["rome"]
    assert THREE_CARDS in again["scores"]["decided_by"]["rule"]["quote"]


def test_the_selfless_first_turn_undone_takes_another_single_action(client):
    table = new_game(client, {"face_up": ["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"]})
    table.accepted({"type": "beseech", "player": "rome", "path": 2})
    assert table.view()["current_players"] == ["avignon"]
    undo(table)
    assert table.view()["current_players"] == ["rome"]
    table.accepted({"type": "chastise", "player": "rome", "path": 4})
    # Still a single action: Avignon plays next.
    assert table.view()["current_players"] == ["avignon"]
    table.refused({"type": "beseech", "player": "rome", "path": 1},
                  book("The player who has the first turn of the game takes only a single "
                       "action."))
