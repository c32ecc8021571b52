"""Avignon: Pilgrimage, outsider scenarios round 5: the opening turns as a table enters them, the
mistakes a table makes (an action tapped twice, the draw entered twice or by the wrong player, a
move from the other player's phone), positions the book makes impossible and the calculator's
own checks. Written from the rulebook and the API's own description only (docs/games/avignon.md,
GET /api/games/avignon), never the referee's code."""

import pytest

from tests.api_table import ApiTable, calculated, quotes_from
from tests.test_blind_scenarios_avignon_3 import MIDGAME, board

GAME = "avignon"
book = quotes_from(GAME)

SELFLESS = book("The player who has the first turn of the game takes only a single action.")
TWO_ACTIONS = book("On his or her turn, each player takes exactly two of the actions listed below, "
                   "and the same action may not be taken twice.")
ROME_FIRST = book("The Roman player goes first.")
EXCOMMUNICATE = book("EXCOMMUNICATE: Choose a character and place it in the discard pile. Draw a "
                     "new character and place it in the exact position the removed card occupied.")
FACE_UP = ["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"]


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def dealt(client):
    return ApiTable(client, {"game": GAME, "players": ["Rosa", "Aldo"],
                             "position": {"face_up": FACE_UP}})


def setup_answer(client, position):
    return client.post("/api/sessions", json={"game": GAME, "players": ["Rosa", "Aldo"],
                                              "position": position})


def location(table, path):
    return next(card["location"] for card in table.view()["state"]["board"]
                if card["path"] == path)


# --- The opening turns as the table enters them --------------------------------------------------

def test_the_first_three_turns_as_entered(client):
    table = dealt(client)
    table.refused({"type": "beseech", "player": "avignon", "path": 1}, ROME_FIRST)
    table.accepted({"type": "beseech", "player": "rome", "path": 3})
    assert location(table, 3) == "florence"
    # Rome's first turn is a single action: the next is Avignon's.
    table.refused({"type": "chastise", "player": "rome", "path": 2}, SELFLESS)
    table.accepted({"type": "beseech", "player": "avignon", "path": 3})
    table.accepted({"type": "chastise", "player": "avignon", "path": 1})
    assert location(table, 3) == "genoa"
    assert location(table, 1) == "florence"
    assert table.view()["current_players"] == ["rome"]
    table.accepted({"type": "chastise", "player": "rome", "path": 5})
    table.accepted({"type": "beseech", "player": "rome", "path": 1})
    assert table.view()["current_players"] == ["avignon"]


def test_the_second_action_tapped_twice_is_not_the_next_players(client):
    table = ApiTable(client, {"game": GAME, "players": ["Rosa", "Aldo"], "position": MIDGAME})
    table.accepted({"type": "beseech", "player": "avignon", "path": 3})
    table.accepted({"type": "chastise", "player": "avignon", "path": 1})
    error = table.refused({"type": "chastise", "player": "avignon", "path": 1}, TWO_ACTIONS)
    assert error["message"] == "It is Rosa's turn, not Aldo's."
    assert location(table, 1) == "genoa"


def test_the_draw_after_an_excommunication_is_entered_once(client):
    table = ApiTable(client, {"game": GAME, "players": ["Rosa", "Aldo"], "position": MIDGAME})
    table.accepted({"type": "excommunicate", "player": "avignon", "path": 2})
    table.accepted({"type": "draw", "player": "avignon", "character": "Courtesan"})
    assert table.view()["state"]["board"][1]["character"] == "Courtesan"
    table.refused({"type": "draw", "player": "avignon", "character": "Courtesan"},
                  EXCOMMUNICATE)
    assert table.view()["state"]["board"][1]["character"] == "Courtesan"


def test_no_action_is_taken_while_the_excommunicated_cards_replacement_is_undrawn(client):
    table = ApiTable(client, {"game": GAME, "players": ["Rosa", "Aldo"], "position": MIDGAME})
    table.accepted({"type": "excommunicate", "player": "avignon", "path": 2})
    table.refused({"type": "beseech", "player": "avignon", "path": 3},
                  book("Draw a new character and place it in the exact position the removed card "
                       "occupied."))
    table.accepted({"type": "draw", "player": "avignon", "character": "Scribe"})
    table.accepted({"type": "beseech", "player": "avignon", "path": 3})


def test_the_draw_for_aldos_excommunication_entered_as_rosas_is_refused(client):
    table = ApiTable(client, {"game": GAME, "players": ["Rosa", "Aldo"], "position": MIDGAME})
    table.accepted({"type": "excommunicate", "player": "avignon", "path": 2})
    table.refused({"type": "draw", "player": "rome", "character": "Courtesan"}, EXCOMMUNICATE)
    table.accepted({"type": "draw", "player": "avignon", "character": "Courtesan"})


def test_aldos_phone_cannot_enter_rosas_action(client):
    table = dealt(client)
    aldo = client.post(f"/api/sessions/{table.id}/seats",
                       headers={"Authorization": "Bearer " + table.join_token},
                       json={"seat": "avignon"}).get_json()["seat_token"]
    response = client.post(f"/api/sessions/{table.id}/events",
                           headers={"Authorization": "Bearer " + aldo},
                           json={"event": {"type": "beseech", "player": "rome", "path": 3},
                                 "expected_seq": table.seq})
    assert response.status_code == 403, response.get_json()
    assert table.view()["seq"] == table.seq


# --- Positions the book makes impossible -------------------------------------------------------

def test_a_position_with_three_vicars_is_refused(client):
    # "Use both copies of the chosen characters to form a 12 card deck."
    response = setup_answer(client, {**MIDGAME, "board": board(
        ("Vicar", "nice"), ("Vicar", "genoa"), ("Nuncio", "florence"), ("Ascetic", "genoa"),
        ("Canonist", "genoa")), "congregations": {"rome": ["Vicar"], "avignon": []}})
    assert response.status_code == 400, response.get_json()
    assert "Vicar" in response.get_json()["error"]["message"]


def test_a_position_with_thirteen_cards_is_refused(client):
    # "- 12 Character Cards": five on the map, four in the Congregations, four discarded make
    # thirteen.
    response = setup_answer(client, {**MIDGAME, "board": board(
        ("Vicar", "nice"), ("Scribe", "genoa"), ("Nuncio", "florence"), ("Ascetic", "genoa"),
        ("Canonist", "genoa")),
        "congregations": {"rome": ["Courtesan", "Vicar"], "avignon": ["Scribe", "Nuncio"]},
        "discard": ["Courtesan", "Ascetic", "Canonist", "Courtesan"]})
    assert response.status_code == 400, response.get_json()


def test_a_position_with_a_finished_game_to_play_on_is_refused(client):
    # "The game ends when one player has three cards in his or her Congregation."
    response = setup_answer(client, {**MIDGAME, "congregations": {
        "rome": ["Courtesan", "Courtesan", "Vicar"], "avignon": []}})
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"] == "position.congregations.rome"


# --- The calculator ----------------------------------------------------------------------------

def test_the_calculator_refuses_three_copies_of_a_character(client):
    answer = calculated(client, GAME, {"congregations": {
        "rome": ["Vicar", "Vicar"], "avignon": ["Vicar"]}}, status=400)
    assert "Vicar" in answer["error"]["message"]


def test_the_calculator_counts_four_cards_scored_by_one_petition(client):
    # Rome had two; a Nuncio "PULL all characters in the same location as Nuncio" carries two
    # past Rome at once: four cards, and "That player wins the game."
    answer = calculated(client, GAME, {"congregations": {
        "rome": ["Vicar", "Scribe", "Nuncio", "Ascetic"], "avignon": ["Courtesan"]}})
    assert answer["winners"] == ["rome"]
    assert [player["total"] for player in answer["players"]] == [4, 1]
    assert book("The game ends when one player has three cards in his or her Congregation.") in \
        answer["decided_by"]["rule"]["quote"]


def test_a_position_at_the_start_of_romes_turn_with_the_scribe_win_is_over_at_once(client):
    # "Scribe ... At the start of your turn, if Scribe is in GENOA and you have two in your
    # Congregation, WIN."
    response = setup_answer(client, {**MIDGAME, "turn": "rome",
                                     "congregations": {"rome": ["Vicar", "Courtesan"],
                                                       "avignon": []},
                                     "board": board(("Courtesan", "nice"), ("Scribe", "genoa"),
                                                    ("Nuncio", "florence"), ("Ascetic", "genoa"),
                                                    ("Canonist", "genoa"))})
    assert response.status_code == 201, response.get_json()
    created = response.get_json()
    assert created["over"] is True
    assert created["scores"]["winners"] == ["rome"]
    assert created["legal"] == []


def test_a_first_turn_position_with_its_single_action_taken_is_refused(client):
    response = setup_answer(client, {"board": board(*[(name, "genoa") for name in FACE_UP]),
                                     "turn": "rome", "first_turn": True,
                                     "actions_taken": ["beseech"]})
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"] == "position.actions_taken"
