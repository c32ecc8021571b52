"""Avignon: Pilgrimage — audit (session 18, `audit19`): outsider finding 153. One final action sends
at most two cards to one player (the Scribe moves the character of one adjacent path: "any in a
path adjacent"), so the calculator refuses more than four in one Congregation and scores four."""

import pytest

from tests.api_table import calculated, quotes_from

END = quotes_from("avignon")("The game ends when one player has three cards in his or her "
                             "Congregation. That player wins the game.")
FIVE = ["Vicar", "Nuncio", "Canonist", "Courtesan", "Ascetic"]


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


@pytest.mark.parametrize("seat", ["rome", "avignon"])
def test_five_in_one_congregation_is_refused_and_four_scored(client, seat):
    rival = "avignon" if seat == "rome" else "rome"
    error = calculated(client, "avignon", {"congregations": {seat: FIVE, rival: []}},
                       status=400)["error"]
    assert error["field"] == f"congregations.{seat}"
    assert error["rule"]["quote"] == END
    assert "2 of them towards one player" in error["message"]
    answer = calculated(client, "avignon", {"congregations": {seat: FIVE[:4], rival: FIVE[:1]}})
    assert answer["winners"] == [seat]
