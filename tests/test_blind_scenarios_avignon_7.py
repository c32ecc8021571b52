"""Avignon: Pilgrimage, outsider scenarios round 8 (file 7): the wrong seat at every step of a turn
— Rosa's entries in Aldo's turn before his first action, between his two actions, and while the card
his action calls for is still to be drawn (an Excommunicate, a card scored) — each refused with the
turn order; the draw for the other player's action; a pending draw undone (the table as if the
action had never been taken). Written from the rulebook and the API's own description only
(docs/games/avignon.md, GET /api/games/avignon), never the referee's code."""

import pytest

from tests.api_table import as_seen, quotes_from
from tests.test_blind_scenarios_avignon_3 import MIDGAME, board, new_game, undo

GAME = "avignon"
book = quotes_from(GAME)

ALTERNATES = book("Play then alternates between the players.")
EXCOMMUNICATE = book("EXCOMMUNICATE: Choose a character and place it in the discard pile. Draw a "
                     "new character and place it in the exact position the removed card "
                     "occupied.")
SCORED_DRAW = book("That player then draws a new character and places it in the same row as the "
                   "removed card, equal to Genoa.")

ROSAS = [{"type": "beseech", "player": "rome", "path": 1},
         {"type": "chastise", "player": "rome", "path": 2},
         {"type": "excommunicate", "player": "rome", "path": 2},
         {"type": "petition", "player": "rome", "path": 5},
         {"type": "end_turn", "player": "rome"}]
IDS = [event["type"] for event in ROSAS]


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def refused_with_the_turn_order(table, event):
    """Refused (422), nothing written, and the turn order among the sentences quoted."""
    before = table.seq
    response = table.send(event)
    assert response.status_code == 422, response.get_json()
    error = response.get_json()["error"]
    quoted = [error["rule"]["quote"]] + [rule["quote"] for rule in error.get("rules", [])]
    assert ALTERNATES in quoted, (quoted, error["message"])
    assert table.seq == before


def aldo_to_play(client):
    table = new_game(client, MIDGAME)
    assert table.view()["state"]["turn"] == "avignon"
    return table


@pytest.mark.parametrize("event", ROSAS, ids=IDS)
def test_rosas_entry_before_aldos_first_action_is_refused_with_the_turn_order(client, event):
    table = aldo_to_play(client)
    refused_with_the_turn_order(table, event)


@pytest.mark.parametrize("event", ROSAS, ids=IDS)
def test_rosas_entry_between_aldos_two_actions_is_refused_with_the_turn_order(client, event):
    table = aldo_to_play(client)
    table.accepted({"type": "beseech", "player": "avignon", "path": 2})
    refused_with_the_turn_order(table, event)
    table.accepted({"type": "chastise", "player": "avignon", "path": 3})
    assert table.view()["state"]["turn"] == "rome"


@pytest.mark.parametrize("event", ROSAS, ids=IDS)
def test_rosas_entry_while_aldos_excommunicate_draw_is_pending_is_refused_with_the_turn_order(
        client, event):
    table = aldo_to_play(client)
    table.accepted({"type": "excommunicate", "player": "avignon", "path": 3})
    refused_with_the_turn_order(table, event)


@pytest.mark.parametrize("event", ROSAS, ids=IDS)
def test_rosas_entry_while_the_draw_for_aldos_scored_card_is_pending_is_refused(client, event):
    table = new_game(client, {"board": board(("Vicar", "avignon"), ("Scribe", "genoa"),
                                             ("Nuncio", "florence"), ("Ascetic", "genoa"),
                                             ("Canonist", "genoa")),
                              "turn": "avignon", "first_turn": False})
    table.accepted({"type": "beseech", "player": "avignon", "path": 1})
    assert table.view()["state"]["pending"]
    refused_with_the_turn_order(table, event)


def test_the_card_for_aldos_excommunicate_is_drawn_by_aldo_not_rosa(client):
    table = aldo_to_play(client)
    table.accepted({"type": "excommunicate", "player": "avignon", "path": 3})
    table.refused({"type": "draw", "player": "rome", "character": "Vicar"}, EXCOMMUNICATE)
    # Aldo's second action before the draw: the draw comes first.
    table.refused({"type": "beseech", "player": "avignon", "path": 2}, EXCOMMUNICATE)
    table.accepted({"type": "draw", "player": "avignon", "character": "Vicar"})
    assert table.view()["state"]["board"][2]["character"] == "Vicar"
    assert table.view()["state"]["board"][2]["location"] == "florence"
    table.accepted({"type": "beseech", "player": "avignon", "path": 2})
    assert table.view()["state"]["turn"] == "rome"


def test_aldos_excommunicate_and_its_draw_undone_leave_his_turn_as_it_was(client):
    table = aldo_to_play(client)
    before = as_seen(table.view())
    table.accepted({"type": "excommunicate", "player": "avignon", "path": 3})
    pending = as_seen(table.view())
    table.accepted({"type": "draw", "player": "avignon", "character": "Vicar"})
    undo(table)
    assert as_seen(table.view()) == pending
    undo(table)
    assert as_seen(table.view()) == before
    # He meant a Beseech: two actions and Rosa's turn, the Nuncio still in Florence.
    table.accepted({"type": "beseech", "player": "avignon", "path": 3})
    table.accepted({"type": "chastise", "player": "avignon", "path": 1})
    state = table.view()["state"]
    assert state["turn"] == "rome" and state["discard"] == []
    assert state["board"][2]["character"] == "Nuncio"


def test_the_draw_for_a_scored_card_by_the_wrong_player_then_by_the_right_one(client):
    table = new_game(client, {"board": board(("Vicar", "avignon"), ("Scribe", "genoa"),
                                             ("Nuncio", "florence"), ("Ascetic", "genoa"),
                                             ("Canonist", "genoa")),
                              "turn": "avignon", "first_turn": False})
    table.accepted({"type": "beseech", "player": "avignon", "path": 1})
    assert table.view()["state"]["congregations"]["avignon"] == ["Vicar"]
    table.refused({"type": "draw", "player": "rome", "character": "Scribe"}, SCORED_DRAW)
    table.accepted({"type": "draw", "player": "avignon", "character": "Scribe"})
    assert table.view()["state"]["board"][0]["location"] == "genoa"


def test_a_third_copy_of_a_character_drawn_is_refused(client):
    table = new_game(client, {"board": board(("Vicar", "nice"), ("Vicar", "genoa"),
                                             ("Nuncio", "florence"), ("Ascetic", "genoa"),
                                             ("Canonist", "genoa")),
                              "turn": "avignon", "first_turn": False})
    table.accepted({"type": "excommunicate", "player": "avignon", "path": 3})
    table.refused({"type": "draw", "player": "avignon", "character": "Vicar"},
                  book("Use both copies of the chosen characters to form a 12 card deck."))
    # The Nuncio's second copy is still in the deck.
    table.accepted({"type": "draw", "player": "avignon", "character": "Nuncio"})
    state = table.view()["state"]
    assert state["deck"]["Nuncio"] == 0 and state["discard"] == ["Nuncio"]
