"""Eighth audit of the Avignon: Pilgrimage referee (session 13): a position at the start of a turn
cannot hold an Ascetic the previous player's end-of-turn step has just moved.

"If you end your turn with Ascetic in AVIGNON or ROME, move him one space closer to GENOA." — at
the start of a turn after the first, the previous player has just ended theirs, so an Ascetic in
AVIGNON or ROME (under `ascetic_end_move: own_end`, in the previous player's end) is a table that
cannot be: a 400 naming `position.board` with that sentence, no game created. In the middle of a
turn (`actions_taken`) he may lie there, and under `own_end` the player now on turn's own end is
not stepped by the previous player.
"""

import pytest

from tests.api_table import quotes_from

in_book = quotes_from("avignon")
ASCETIC_END = in_book("If you end your turn with Ascetic in AVIGNON or ROME, move him one space "
                      "closer to GENOA.")
OTHERS = [("Vicar", "genoa"), ("Scribe", "nice"), ("Nuncio", "genoa"), ("Canonist", "florence")]


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def create(client, ascetic_at, turn, ruling="either_end", **extra):
    cells = [("Ascetic", ascetic_at), *OTHERS]
    board = [{"path": p, "character": c, "location": loc}
             for p, (c, loc) in enumerate(cells, start=1)]
    return client.post("/api/sessions", json={
        "game": "avignon", "players": ["Rosa", "Aldo"],
        "options": {"ascetic_end_move": ruling},
        "position": {"board": board, "turn": turn, "first_turn": False, **extra}})


@pytest.mark.parametrize("turn", ["rome", "avignon"])
@pytest.mark.parametrize("end", ["rome", "avignon"])
def test_an_ascetic_at_an_end_at_the_start_of_a_turn_is_refused(client, turn, end):
    response = create(client, end, turn)
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["field"] == "position.board"
    assert ASCETIC_END in error["message"]
    assert "path 1" in error["message"]


@pytest.mark.parametrize("turn", ["rome", "avignon"])
def test_under_own_end_only_the_previous_player_s_end_is_refused(client, turn):
    previous = "avignon" if turn == "rome" else "rome"
    response = create(client, previous, turn, ruling="own_end")
    assert response.status_code == 400, response.get_json()
    assert ASCETIC_END in response.get_json()["error"]["message"]
    response = create(client, turn, turn, ruling="own_end")
    assert response.status_code == 201, response.get_json()


@pytest.mark.parametrize("ruling", ["either_end", "own_end"])
def test_in_the_middle_of_a_turn_or_one_space_in_the_ascetic_is_accepted(client, ruling):
    response = create(client, "rome", "rome", ruling=ruling, actions_taken=["beseech"])
    assert response.status_code == 201, response.get_json()
    for location in ("nice", "florence", "genoa"):
        response = create(client, location, "avignon", ruling=ruling)
        assert response.status_code == 201, response.get_json()
