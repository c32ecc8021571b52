"""Pilgrims: the twelfth audit (session 17): a calculator tally or a position holding what a rule
forbids is a 400 carrying the sentence as `rule` (a second one in `rules`), as every game's now
does; it was quoted inside the message only, or was the message itself. The legal tally next to
each is scored. Then outsider finding 120 (a second corner after the setup) and the book's silent
case of a multi-type companion for two symbols (table ruling multi_type_companion)."""

import re

import pytest

from tests.api_table import ApiTable, quotes_from
from tests.guard_cases import pilgrims as guard
from tests.test_blind_scenarios_pilgrims_9 import STAR_LEAF, SWORD_FIST, cornered

in_book = quotes_from("pilgrims")
TWO_QUILLS = in_book("Each player has 2 quill tokens. Thus, players can sign up for, at most, two "
                     "public quest tiles. A player can't sign up twice on the same tile.")
SOLO = in_book("In a solo Pilgrims game, one player competes against the falconer!")
FALCONER_JOURNEY = in_book("When playing a solo game with journey cards, the falconer does not "
                           "complete them like the player. Instead, he gains an additional 5 "
                           "victory points at the end of the game.")
ADVANCED = in_book("Experienced players can play an advanced game of Pilgrims by using journey "
                   "cards to add variety and complexity.")
LEVEL_1, LEVEL_2 = in_book("• 20 level I adventure cards"), in_book("• 17 level II adventure cards")
ANN = {"name": "Ann", "items": 3, "clovers": 3, "adventures": [{"level": 1, "points": 4}]}
BOB = {"name": "Bob", "items": 1, "clovers": 0, "adventures": []}
FALCONER = {"name": "Falconer", "falconer": True, "items": 2, "clovers": 0, "adventures": []}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def refused_with(response, field: str, *quotes: str) -> None:
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["field"] == field
    assert error["rule"]["quote"] == quotes[0] and error["rule"]["section_id"]
    assert [rule["quote"] for rule in error.get("rules", [error["rule"]])] == list(quotes)
    assert all(f"“{quote}”" in error["message"] for quote in quotes)


def quill(tile, space, collected=0):
    return {"tile": tile, "space": space, "collected": collected}


@pytest.mark.parametrize(("tally", "field", "quotes", "legal"), [
    ({"players": [ANN]}, "players", [SOLO], {"players": [ANN, FALCONER]}),
    ({"players": [{**ANN, "quills": [quill("A", "top"), quill("A", "middle")]}, BOB]},
     "players[0].quills", [TWO_QUILLS],
     {"players": [{**ANN, "quills": [quill("A", "top"), quill("B", "top")]}, BOB]}),
    ({"players": [{**ANN, "quills": [quill("A", "top"), quill("B", "top"), quill("C", "top")]},
                  BOB]}, "players[0].quills", [TWO_QUILLS],
     {"players": [{**ANN, "quills": [quill("A", "top"), quill("B", "top")]}, BOB]}),
    ({"players": [ANN, {**FALCONER, "journey": {"completed": [], "removed": 0}}]},
     "players[1].journey", [FALCONER_JOURNEY], {"players": [ANN, FALCONER]}),
    ({"journey_cards": False,
      "players": [{**ANN, "journey": {"completed": [], "removed": 0}}, BOB]},
     "players[0].journey", [ADVANCED], {"journey_cards": False, "players": [ANN, BOB]}),
    ({"players": [{**ANN, "quills": [quill("C", "top", 38)]}, BOB]},
     "players[0].quills[0].collected", [LEVEL_1, LEVEL_2],
     {"players": [{**ANN, "quills": [quill("C", "top", 1)]}, BOB]}),
], ids=["one-player", "twice-on-a-tile", "three-quills", "falconer-journey", "journey-off",
        "mission-beyond-the-box"])
def test_an_impossible_tally_carries_its_sentence_as_rule(client, tally, field, quotes, legal):
    refused_with(client.post("/api/score/pilgrims", json=tally), field, *quotes)
    response = client.post("/api/score/pilgrims", json=legal)
    assert response.status_code == 200, response.get_json()


# --- Finding 120: a corner chosen again after the setup ------------------------------------------

CORNERS = in_book("6. Starting with the last player (seated to the right of the first player) and "
                  "proceeding counterclockwise, each player chooses one of the corner spaces, "
                  "takes that space's item card and adds it to their hand, then places their "
                  "figure on that space.")


@pytest.mark.parametrize("seat", ["p1", "p2"])
def test_finding_120_a_second_corner_quotes_the_setup_step_and_offers_no_journey_card(client,
                                                                                      seat):
    table = cornered(client)  # Bob [5, 5], then Ann [1, 1] (accepted): Ann's Move phase
    error = table.refused({"type": "choose_corner", "player": seat, "space": [1, 5],
                           "drawn": STAR_LEAF, "item": SWORD_FIST}, CORNERS)
    assert "choose journey" not in error["message"] and "falconer" not in error["message"]
    assert "move" in re.split(r"possible now(?: for [^:]+)?:", error["message"])[1]


# --- The book's silent case (session 17): the Shepherd for two symbols (multi_type_companion) -----

PARTICIPANTS = in_book("The participating companion cards are shown by the white type symbols in "
                       "the adventure card's top-left corner.")
MULTIPLE_TYPES = in_book("Note: Some companion cards, like the Shepherd, have multiple types.")
PARTICIPATING = in_book("They show the number of participating companion cards the player must "
                        "retire when completing the adventure.")


def shepherds_table(client, ruling, crosses=0):
    body = guard.with_options(guard.adventure(
        {"hand": [guard.I("fist", "sword")], "party": [guard.M(guard.SHEPHERD)]},
        display=[guard.A(1, 3, ["wanderer", "beast"], ["fist"], crosses=crosses),
                 *guard.DISPLAY[1:]]), multi_type_companion=ruling)
    return ApiTable(client, {"game": "pilgrims", **body})


def completes(companions, retire=()):
    return {"type": "complete_adventure", "player": "p1", "source": "display", "index": 1,
            "pay": [{"hand": 1}], "companions": companions, "retire": list(retire)}


def test_the_shepherd_meets_a_wanderer_and_a_beast_symbol_only_under_each_type(client):
    table = shepherds_table(client, "one_symbol")
    table.refused(completes([1, 1]), PARTICIPANTS)
    table = shepherds_table(client, "each_type")
    table.accepted(completes([1, 1]))
    assert table.view("p1")["state"]["players"]["p1"]["completed"][0]["points"] == 3


def test_under_each_type_a_cross_still_retires_a_different_participating_companion(client):
    table = shepherds_table(client, "each_type", crosses=2)
    table.refused(completes([1, 1], retire=[1]), PARTICIPATING)  # one card for two crosses
    table = shepherds_table(client, "each_type", crosses=1)
    table.accepted(completes([1, 1], retire=[1]))
    assert table.view("p1")["state"]["players"]["p1"]["party"] == []
