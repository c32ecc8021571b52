"""Avignon: a ninth audit (session 15, `audit2`): more than the box holds, refused with its lines.

A position or a calculator's Congregations holding a third copy of a character was refused without
the book's words; now the refusal quotes the Game Components line "- 12 Character Cards" and the
deck's "Use both copies of the chosen characters to form a 12 card deck.". Two copies are accepted.

Outsider finding 98: the other player's entry while the card the player on turn's action calls for
is still to be drawn quoted only the draw's sentence; it is the turn order the entry breaks ("On his
or her turn, each player takes exactly two of the actions listed below, and the same action may not
be taken twice." / "Play then alternates between the players."), so those come first and the draw's
sentence follows. The player on turn is still told to draw first, and the player who draws a scored
card's replacement (even in the other's turn) draws it.
"""

import pytest

from tests.api_table import ApiTable, calculated, quotes_from

GAME = "avignon"
book = quotes_from(GAME)
LINES = [book("- 12 Character Cards"),
         book("Use both copies of the chosen characters to form a 12 card deck.")]


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def created(client, position):
    return client.post("/api/sessions", json={"game": GAME, "players": ["Rosa", "Aldo"],
                                              "position": position})


@pytest.mark.parametrize("position", [
    {"face_up": ["Vicar", "Vicar", "Vicar", "Scribe", "Nuncio"]},
    {"board": [{"path": p, "character": c, "location": "genoa"} for p, c in
               enumerate(["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"], start=1)],
     "discard": ["Vicar", "Vicar"]},
], ids=["face-up", "board-and-discard"])
def test_a_position_with_a_third_copy_quotes_the_box(client, position):
    response = created(client, position)
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["message"].startswith("3 Vicar cards")
    assert all(line in error["message"] for line in LINES)
    position["face_up" if "face_up" in position else "discard"][:3] = \
        ["Vicar", "Vicar", "Courtesan"] if "face_up" in position else ["Vicar"]
    assert created(client, position).status_code == 201


def test_the_calculator_with_a_third_copy_quotes_the_box(client):
    error = calculated(client, GAME, {"congregations": {"rome": ["Vicar", "Vicar", "Scribe"],
                                                        "avignon": ["Vicar"]}}, status=400)["error"]
    assert error["field"] == "congregations"
    assert all(line in error["message"] for line in LINES)
    assert calculated(client, GAME, {"congregations": {"rome": ["Vicar", "Vicar", "Scribe"],
                                                       "avignon": ["Nuncio"]}})["winners"] == ["rome"]


TWO = book("On his or her turn, each player takes exactly two of the actions listed below, and the "
           "same action may not be taken twice.")
ALTERNATES = book("Play then alternates between the players.")
EXCOMMUNICATE = book("EXCOMMUNICATE: Choose a character and place it in the discard pile. Draw a "
                     "new character and place it in the exact position the removed card occupied.")
SCORED_DRAW = book("That player then draws a new character and places it in the same row as the "
                   "removed card, equal to Genoa.")


def board(*cards):
    return [{"path": n, "character": character, "location": location}
            for n, (character, location) in enumerate(cards, start=1)]


def aldos_turn(client, *cards):
    return ApiTable(client, {"game": GAME, "players": ["Rosa", "Aldo"], "position": {
        "board": board(*cards), "turn": "avignon", "first_turn": False}})


def test_rosas_action_while_aldos_excommunicate_draw_is_pending_breaks_the_turn_order(client):
    table = aldos_turn(client, ("Vicar", "nice"), ("Scribe", "genoa"), ("Nuncio", "florence"),
                       ("Ascetic", "genoa"), ("Canonist", "genoa"))
    table.accepted({"type": "excommunicate", "player": "avignon", "path": 3})
    error = table.refused({"type": "beseech", "player": "rome", "path": 1}, TWO)
    assert error["message"].startswith("It is Aldo's turn, not Rosa's")
    assert [r["quote"] for r in error["rules"]] == [TWO, ALTERNATES, EXCOMMUNICATE]
    table.refused({"type": "beseech", "player": "avignon", "path": 1}, EXCOMMUNICATE)
    table.accepted({"type": "draw", "player": "avignon", "character": "Courtesan"})
    table.accepted({"type": "beseech", "player": "avignon", "path": 1})


def test_rosa_draws_the_card_scored_into_her_congregation_in_aldos_turn_but_acts_not(client):
    """Aldo's CHASTISE pushes the Vicar past Rome: Rosa's Congregation, and Rosa draws its
    replacement ("That player then draws a new character…"); her action before it is the turn
    order's, with the draw's sentence after."""
    table = aldos_turn(client, ("Vicar", "rome"), ("Scribe", "genoa"), ("Nuncio", "florence"),
                       ("Ascetic", "genoa"), ("Canonist", "genoa"))
    table.accepted({"type": "chastise", "player": "avignon", "path": 1})
    error = table.refused({"type": "end_turn", "player": "rome"}, TWO)
    assert [r["quote"] for r in error["rules"]] == [TWO, ALTERNATES, SCORED_DRAW]
    table.accepted({"type": "draw", "player": "rome", "character": "Courtesan"})
    assert table.view()["state"]["turn"] == "avignon"
