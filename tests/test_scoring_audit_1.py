"""The end-of-game calculators, audit (session 18, `audit19`): outsider findings 150 and 152.

150: a tally of more players than the game seats is told the game's player count, as at setup
("We Forlorn Few is for 1–5 players, not 6"), not the schema's words; five Companions in the We
Forlorn Few calculator quote the book's four-Companion sentence. 152: the Pilgrims calculator's
impossible solo tallies (two players and the falconer, two falconers) quote the solo sentence."""

import pytest

from tests.api_table import calculated, quotes_from

FOUR_COMPANIONS = quotes_from("we-forlorn-few")(
    "Travelers can have up to a total of four Companions on their Player board at any time.")
SOLO = quotes_from("pilgrims")("In a solo Pilgrims game, one player competes against the "
                               "falconer!")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def wff_player(name, **more):
    return {"name": name, "status": "traveler", "tiles_to_go": 3, **more}


def pilgrim(name, **more):
    return {"name": name, "items": 1, "clovers": 0, **more}


FALCONER = pilgrim("Falconer", falconer=True)
NAMES = ["Ann", "Ben", "Cy", "Di", "Ed", "Flo"]


@pytest.mark.parametrize(("game", "tally", "too_many", "limit"), [
    ("we-forlorn-few", lambda names: {"crossing": 8, "players": [wff_player(n) for n in names]},
     6, "We Forlorn Few is for 1–5 players"),
    ("journey", lambda names: {"outcome": "victory", "players": names}, 5,
     "Journey: Wrath of Demons is for 1–4 players"),
    ("pilgrims", lambda names: {"players": [pilgrim(n) for n in names]}, 6,
     "Pilgrims: Curious Adventures is for 1–4 players"),
], ids=["we-forlorn-few", "journey", "pilgrims"])
def test_too_many_players_are_told_the_games_player_count(client, game, tally, too_many, limit):
    error = calculated(client, game, tally(NAMES[:too_many]), status=400)["error"]
    assert error["field"] == "players"
    assert error["message"] == f"{limit}, not {too_many}"
    calculated(client, game, tally(NAMES[:too_many - 1 - (game == "pilgrims")]))


def test_five_pilgrims_without_the_falconer_are_told_the_same(client):
    error = calculated(client, "pilgrims", {"players": [pilgrim(n) for n in NAMES[:5]]},
                       status=400)["error"]
    assert error["message"] == "Pilgrims: Curious Adventures is for 1–4 players, not 5"


def test_no_player_is_told_the_games_player_count(client):
    error = calculated(client, "journey", {"outcome": "victory", "players": []},
                       status=400)["error"]
    assert error["field"] == "players" and "is for 1–4 players, not 0" in error["message"]


def test_five_companions_quote_the_four_companion_sentence_and_four_are_scored(client):
    error = calculated(client, "we-forlorn-few", {"crossing": 8, "players": [
        wff_player("Ada", companions=5), {"name": "Bea", "status": "arrived"}]},
        status=400)["error"]
    assert error["field"] == "players[0].companions"
    assert error["rule"]["quote"] == FOUR_COMPANIONS
    answer = calculated(client, "we-forlorn-few", {"crossing": 8, "players": [
        wff_player("Ada", companions=4), {"name": "Bea", "status": "arrived"}]})
    assert answer["players"][0]["breakdown"][1]["counts"] == "4 of 4"


@pytest.mark.parametrize("players", [
    [pilgrim("Ann"), pilgrim("Bob"), FALCONER],
    [FALCONER, {**FALCONER, "name": "Falcon"}],
    [pilgrim("Ann")],
], ids=["two players and the falconer", "two falconers", "one player alone"])
def test_an_impossible_solo_tally_quotes_the_solo_sentence(client, players):
    error = calculated(client, "pilgrims", {"players": players}, status=400)["error"]
    assert error["field"] == "players" and error["rule"]["quote"] == SOLO


def test_one_player_and_the_falconer_are_scored(client):
    answer = calculated(client, "pilgrims", {"players": [pilgrim("Ann"), FALCONER]})
    assert [player["name"] for player in answer["players"]] == ["Ann", "Falconer"]
