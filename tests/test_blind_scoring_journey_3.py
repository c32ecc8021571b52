"""Journey: Wrath of Demons, outsider scoring scenarios round 19: the calculator for three Players
(rounds 11 and 13 scored two, four and one) — a Heroic Victory and a simple one on the API and on
the page, line for line alike ("These make no difference except personal pride."), every Player
winning together and every line citing the team sentence; a Defeat for the same three; and five
Players refused (finding 150: the calculator answers in the schema's words where the table says the
game is for 1–4 players). Written from the rulebook and the API's own description only
(docs/games/journey.md, GET /api/games/journey), never the referee's code."""

import pytest

from tests.api_table import calculated, quotes_from
from tests.test_blind_scoring_journey import calculator_page

GAME = "journey"
book = quotes_from(GAME)

WIN = book("The Players win when the Quest's Victory Conditions are met, typically during the "
           "Pilgrim Phase. The game stops immediately.")
FAIL = book("The Players fail the Quest when other Conditions are met.")
TEAM = book("The Pilgrims win or lose as a team, so it is essential for the Players to strategize "
            "and play cooperatively.")
THREE = ["Ann", "Ben", "Cy"]


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def totals_and_lines(scores):
    found = {}
    for player in scores["players"]:
        assert sum(line["points"] for line in player["breakdown"]) == player["total"]
        found[player["name"]] = (player["total"], [(line["points"], line["rule"]["quote"])
                                                   for line in player["breakdown"]])
    return found


def test_three_players_heroic_or_simple_victory_score_alike_and_win_together(client):
    heroic = calculated(client, GAME, {"outcome": "heroic_victory", "players": THREE})
    simple = calculated(client, GAME, {"outcome": "victory", "players": THREE})
    for scores in (heroic, simple):
        assert scores["winners"] == ["p1", "p2", "p3"]
        assert scores["decided_by"]["rule"]["quote"] == WIN
        assert all(lines == [(1, TEAM)] for _, lines in totals_and_lines(scores).values())
    # "These make no difference except personal pride.": the same totals, the same winners.
    assert totals_and_lines(heroic) == totals_and_lines(simple)


def test_three_players_defeated_lose_together(client):
    defeat = calculated(client, GAME, {"outcome": "defeat", "players": THREE})
    assert defeat["winners"] == []
    assert FAIL in defeat["decided_by"]["rule"]["quote"]
    assert all(total == 0 for total, _ in totals_and_lines(defeat).values())


@pytest.mark.parametrize("outcome", ["heroic_victory", "victory"])
def test_the_page_gives_three_players_the_victory_as_the_api_does(client, outcome):
    html = calculator_page(client, outcome, THREE)
    assert WIN.replace("'", "&#39;") in html
    assert '<p class="winner">No winner</p>' not in html
    for name in THREE:
        assert name in html


def test_five_players_are_refused_naming_the_games_limit(client):
    five = ["Ann", "Ben", "Cy", "Di", "Ed"]
    table = client.post("/api/sessions", json={"game": GAME, "players": five})
    assert table.status_code == 400
    assert "1–4 players" in table.get_json()["error"]["message"]
    error = calculated(client, GAME, {"outcome": "victory", "players": five},
                       status=400)["error"]
    assert error["field"] == "players"
    assert "1–4 players" in error["message"]
