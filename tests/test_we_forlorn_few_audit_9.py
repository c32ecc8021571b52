"""We Forlorn Few: a ninth audit (session 13), through the HTTP API. A position's `to_play` lists
every Player still to take a turn this round: "Beginning with the First Player and moving to the
left, the Player turns are resolved." The book skips no one, so a seat to the current Player's
left (up to the First Player) that is still in the game — a Traveler or a Ravenous Traveler — and
is left out is a 400 naming `position.to_play` with that sentence. A seat that takes no more turns
(perished, or in Newhaven: "Once a Traveler reaches Newhaven their journey is over and they have
completed the game.") may be listed or left out."""

import pytest

from tests.api_table import quotes_from
from tests.test_we_forlorn_few_audit import TERRAIN, board, position

in_book = quotes_from("we-forlorn-few")
Q_ROUND = in_book("Beginning with the First Player and moving to the left, the Player turns are "
                  "resolved.")


@pytest.fixture
def client(module_client):
    return module_client


def create(client, p2, to_play):
    return client.post("/api/sessions", json={
        "game": "we-forlorn-few", "players": ["Ann", "Bob", "Cleo"], "options": {"terrain": TERRAIN},
        "position": position("travel", p1=board("A1"), p2=p2, p3=board("CF"))
        | {"to_play": to_play}})


@pytest.mark.parametrize("p2", [board("A2"), board("A2", status="ravenous")],
                         ids=["traveler", "ravenous"])
def test_a_seat_still_in_the_game_left_out_of_to_play_is_refused(client, p2):
    response = create(client, p2, ["p3"])
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["field"] == "position.to_play"
    assert Q_ROUND in error["message"] and "p2" in error["message"]
    for to_play in ([], ["p2"]):  # Cleo left out too, or alone
        response = create(client, p2, to_play)
        assert response.status_code == 400, response.get_json()
        assert response.get_json()["error"]["field"] == "position.to_play"
    response = create(client, p2, ["p2", "p3"])
    assert response.status_code == 201, response.get_json()


def test_a_seat_that_takes_no_more_turns_may_be_left_out(client):
    for to_play in (["p3"], ["p2", "p3"]):
        response = create(client, {"status": "out"}, to_play)
        assert response.status_code == 201, response.get_json()
