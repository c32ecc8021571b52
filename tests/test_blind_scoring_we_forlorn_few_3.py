"""We Forlorn Few, outsider scoring scenarios round 19: the calculator on the ends rounds 11 and 13
left — three Players where the first and the second reach Newhaven and the third is still on the
board (every line worked by hand from the crossing: tiles crossed, Newhaven, the Companions
counted); Winter under both readings of `all_ravenous_winners` (the ruling names only the
all-Ravenous end: at Winter nobody still on the board survives it, Ravenous or not); every Traveler
cut off from Newhaven by Season cards (the game goes on: neither Winter nor all Ravenous yet);
and the tallies a table would refuse — a Ravenous Player left on the board at Winter, a cut-off
Player with tiles to go or in Newhaven, five Companions and six Players (finding 150: answered in
the schema's words, without the book's line, where the table names its limit). Written from the
rulebook and the API's own description only (docs/games/we-forlorn-few.md,
GET /api/games/we-forlorn-few), never the referee's code."""

import pytest

from tests.api_table import calculated, quotes_from

GAME = "we-forlorn-few"
book = quotes_from(GAME)

OBJECTIVE = book("The objective of the game is to be the first Traveler to successfully cross the "
                 "Game Board and reach Newhaven.")
FIRST_TO_NEWHAVEN = book("The first Player to reach Newhaven is the winner.")
WINTER = book("If a new round begins but there are no cards left in the Season deck then all "
              "Travelers remaining on the Game Board perish and the game is over.")
ALL_RAVENOUS = book("If all Travelers turn Ravenous, the game is over.")
RAVENOUS_GOAL = book("To survive until all Players have perished OR until a Player reaches "
                     "Newhaven and ends the game.")
FOUR_COMPANIONS = book("Travelers can have up to a total of four Companions on their Player board "
                       "at any time.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def player(name, status, **more):
    return {"name": name, "status": status, **more}


def lines(scores):
    """Each player's lines (label, points, counts), checked to sum to the player's total."""
    found = {}
    for entry in scores["players"]:
        assert sum(line["points"] for line in entry["breakdown"]) == entry["total"]
        found[entry["name"]] = [(line["label"], line["points"], line.get("counts"))
                                for line in entry["breakdown"]]
    return found


def test_two_arrivals_and_a_traveler_still_out_there_line_by_line(client):
    # A crossing of 9 tiles. Bea arrived first, Cal second, Ada is 4 tiles short with 2
    # Companions: 5 tiles crossed; each arrival has crossed all 9.
    scores = calculated(client, GAME, {"crossing": 9, "players": [
        player("Ada", "traveler", tiles_to_go=4, companions=2),
        player("Bea", "arrived", arrived=1, companions=1),
        player("Cal", "arrived", arrived=2, companions=3)]})
    assert scores["winners"] == ["p2"]
    assert scores["decided_by"]["rule"]["quote"].endswith(FIRST_TO_NEWHAVEN)
    assert "Bea" in scores["decided_by"]["text"]
    found = lines(scores)
    assert found["Ada"][0] == ("Tiles crossed toward Newhaven", 5, "4 tile(s) to go")
    assert [line[:2] for line in found["Ada"]] == [("Tiles crossed toward Newhaven", 5),
                                                   ("Companions", 0)]
    assert found["Ada"][1][2] == "2 of 4"
    assert [line[:2] for line in found["Bea"]] == [("Reached Newhaven", 9)]
    assert [line[:2] for line in found["Cal"]] == [("Reached Newhaven", 9)]
    # The tiles crossed cite the Objective, not a way to win.
    ada = next(entry for entry in scores["players"] if entry["name"] == "Ada")
    assert ada["breakdown"][0]["rule"]["quote"] == OBJECTIVE

    # Entered the other way round, Cal wins: only the order decides.
    swapped = calculated(client, GAME, {"crossing": 9, "players": [
        player("Ada", "traveler", tiles_to_go=4, companions=2),
        player("Bea", "arrived", arrived=2, companions=1),
        player("Cal", "arrived", arrived=1, companions=3)]})
    assert swapped["winners"] == ["p3"]
    assert [entry["total"] for entry in swapped["players"]] == [
        entry["total"] for entry in scores["players"]]


@pytest.mark.parametrize("reading", ["none", "surviving_ravenous"])
def test_winter_takes_everyone_on_the_board_under_either_all_ravenous_reading(client, reading):
    # Ada had turned Ravenous, Bea was still a Traveler: Winter sets in, both perish.
    winter = calculated(client, GAME, {"crossing": 8, "winter": True,
                                       "all_ravenous_winners": reading,
                                       "players": [player("Ada", "out"), player("Bea", "out")]})
    assert winter["winners"] == []
    assert winter["decided_by"]["rule"]["quote"] == WINTER
    # The same two, Ada Ravenous and still hunting with 3 tiles to go, Bea out before Winter:
    # the all-Ravenous end, where the reading decides.
    ravenous = calculated(client, GAME, {"crossing": 8, "all_ravenous_winners": reading,
                                         "players": [player("Ada", "ravenous", tiles_to_go=3),
                                                     player("Bea", "out")]})
    assert (ravenous["winners"], ravenous["decided_by"]["rule"]["quote"]) == (
        ([], ALL_RAVENOUS) if reading == "none" else (["p1"], RAVENOUS_GOAL))
    # A Ravenous Player left on the board at Winter is a tally the book does not allow.
    error = calculated(client, GAME, {"crossing": 8, "winter": True,
                                      "all_ravenous_winners": reading,
                                      "players": [player("Ada", "ravenous", tiles_to_go=3),
                                                  player("Bea", "out")]}, status=400)["error"]
    assert error["field"] == "players[0].status" and WINTER in error["message"]


def test_every_traveler_cut_off_the_game_goes_on(client):
    # Season cards removed the tiles between both Travelers and Newhaven: nobody can arrive, but
    # neither Winter nor all Ravenous has ended the game.
    scores = calculated(client, GAME, {"crossing": 8, "players": [
        player("Ada", "traveler", cut_off=True, companions=1),
        player("Bea", "ravenous", cut_off=True)]})
    assert scores["winners"] == []
    assert "no winner yet" in scores["decided_by"]["text"]
    assert [line[:2] for line in lines(scores)["Bea"]] == [("Tiles crossed toward Newhaven", 0)]
    # Winter then takes them both.
    winter = calculated(client, GAME, {"crossing": 8, "winter": True, "players": [
        player("Ada", "out"), player("Bea", "out")]})
    assert winter["decided_by"]["rule"]["quote"] == WINTER


@pytest.mark.parametrize(("ada", "field"), [
    (player("Ada", "traveler", cut_off=True, tiles_to_go=3), "players[0].tiles_to_go"),
    (player("Ada", "arrived", cut_off=True), "players[0].cut_off"),
    (player("Ada", "traveler", tiles_to_go=0), "players[0].tiles_to_go"),
])
def test_a_cut_off_or_arrived_tally_that_contradicts_itself_is_refused(client, ada, field):
    error = calculated(client, GAME, {"crossing": 8, "players": [
        ada, player("Bea", "traveler", tiles_to_go=2)]}, status=400)["error"]
    assert error["field"] == field


def test_five_companions_are_refused_with_the_books_limit(client):
    error = calculated(client, GAME, {"crossing": 8, "players": [
        player("Ada", "traveler", tiles_to_go=3, companions=5),
        player("Bea", "arrived")]}, status=400)["error"]
    assert error["field"] in ("players.0.companions", "players[0].companions")
    assert error["rule"]["quote"] == FOUR_COMPANIONS


def test_six_players_are_refused_naming_the_games_limit(client):
    table = client.post("/api/sessions", json={"game": GAME,
                                               "players": ["A", "B", "C", "D", "E", "F"]})
    assert table.status_code == 400
    assert "1–5 players" in table.get_json()["error"]["message"]
    error = calculated(client, GAME, {"crossing": 8, "players": [
        player(name, "traveler", tiles_to_go=3) for name in "ABCDE"] + [
        player("F", "arrived")]}, status=400)["error"]
    assert error["field"] == "players"
    assert "1–5 players" in error["message"]
