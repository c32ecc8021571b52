"""Avignon: a ninth audit (session 15, `audit2`): more than the box holds, refused with its lines.

A position or a calculator's Congregations holding a third copy of a character was refused without
the book's words; now the refusal quotes the Game Components line "- 12 Character Cards" and the
deck's "Use both copies of the chosen characters to form a 12 card deck.". Two copies are accepted.
"""

import pytest

from tests.api_table import calculated, quotes_from

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
