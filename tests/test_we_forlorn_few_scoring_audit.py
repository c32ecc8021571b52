"""Scoring audit of We Forlorn Few (session 7): the end of the game and the standings, written from
the book's Objective and End of Game and the Ravenous' Goal, through the HTTP API.

The book keeps no score: "The first Player to reach Newhaven is the winner."; the game also ends
when Winter sets in (no Season card at a new round: everyone still on the board perishes) or when
all Travelers are Ravenous. The standings show the tiles crossed toward Newhaven (citing the
Objective) only as a measure of progress. A game played to its end and the calculator given the
same table must name the same winner; the calculator refuses a table the book makes impossible.
"""

import pytest

from tests.test_we_forlorn_few_audit import BOOK, Table, board, position
from tests.test_we_forlorn_few_audit_3 import Q_FIRST, Q_OBJECTIVE, calculate, ravenous

Q_RAVENOUS_ONCE = "A Player turns Ravenous once all of their Companions and their Traveler have perished."
Q_WINTER = ("If a new round begins but there are no cards left in the Season deck then all "
            "Travelers remaining on the Game Board perish and the game is over.")
Q_ALL_RAVENOUS = "If all Travelers turn Ravenous, the game is over."
Q_RAVENOUS_GOAL = ("To survive until all Players have perished OR until a Player reaches Newhaven "
                   "and ends the game.")
CROSSING = 3  # the audit trail: CF - A1 - B1 - NH, or CF - A2 - B2 - NH


@pytest.fixture
def client(module_client):
    return module_client


def answer(response) -> dict:
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_the_quotes_are_the_books():
    for quote in (Q_RAVENOUS_ONCE, Q_WINTER, Q_ALL_RAVENOUS, Q_RAVENOUS_GOAL):
        assert quote in BOOK


def test_an_arrival_played_and_the_calculator_name_the_same_winner(client):
    """Ann travels from B2 to Newhaven: "The first Player to reach Newhaven is the winner." Bob and
    Cleo are still at Cedar Falls (3 tiles to go). The standings: Ann's crossing 3, the others 0;
    the calculator given the same table says the same totals, winner and rule."""
    t = Table(client, position(p1=board("B2", water=1, wood=1), p2=board(), p3=board()))
    t.ok({"type": "travel", "player": "p1", "to": "NH"})
    live = t.view()["scores"]
    sheet = answer(calculate(client, CROSSING, {"name": "Ann", "status": "arrived"},
                             {"name": "Bob", "status": "traveler", "tiles_to_go": 3},
                             {"name": "Cleo", "status": "traveler", "tiles_to_go": 3}))
    assert [p["total"] for p in live["players"]] == [p["total"] for p in sheet["players"]] == \
        [3, 0, 0]
    assert live["winners"] == sheet["winners"] == ["p1"]
    assert Q_FIRST in live["decided_by"]["rule"]["quote"]
    assert live["decided_by"]["rule"]["quote"] == sheet["decided_by"]["rule"]["quote"]
    arrived = live["players"][0]["breakdown"][0]
    assert arrived["label"] == "Reached Newhaven" and Q_FIRST in arrived["rule"]["quote"]


def test_the_first_arrival_ends_the_game_and_later_events_quote_why(client):
    """The Ravenous' Goal: "...until a Player reaches Newhaven and ends the game." (game_ends_at,
    default first_arrival): nothing more is played; a refusal quotes that sentence."""
    t = Table(client, position(p1=board("B2", water=1, wood=1), p2=board(), p3=board()))
    t.ok({"type": "travel", "player": "p1", "to": "NH"})
    assert t.view()["over"] is True and t.view()["scores"]["final"] is True
    t.refused({"type": "travel", "player": "p2", "to": "A1"}, Q_RAVENOUS_GOAL)


def test_the_last_traveler_arriving_second_ends_the_game_the_first_still_wins(client):
    """Under all_journeys: Ann arrived first, Bob is Ravenous; Cleo reaches Newhaven second: every
    Traveler's journey is over, the game ends, and Ann — the first to reach Newhaven — wins."""
    pos = position(current="p3", p1=board("NH", status="arrived"), p2=ravenous("A1"),
                   p3=board("B2", water=1, wood=1))
    pos["arrivals"] = ["p1"]
    t = Table(client, pos, options={"game_ends_at": "all_journeys"})
    t.ok({"type": "travel", "player": "p3", "to": "NH"})
    view = t.view()
    assert view["state"]["players"]["p3"]["status"] == "arrived"
    assert view["over"] is True and view["scores"]["winners"] == ["p1"]
    totals = [p["total"] for p in view["scores"]["players"]]
    assert totals[0] == totals[2] == CROSSING  # both crossed; only the first wins


def test_winter_everyone_on_the_board_perishes_and_nobody_wins(client):
    """Winter with nobody in Newhaven: every Traveler and Ravenous Player still on the board
    perishes; no winner, decided by the Winter sentence. The calculator, given everyone out, names
    nobody either."""
    pos = position("event", current="p3", p1=ravenous("A1"), p2=board("B1"), p3=board("A2"))
    pos["season_deck"] = 0
    del pos["round"]  # the round follows from the cards left
    t = Table(client, pos)
    t.ok({"type": "event_card", "player": "p3", "card": "Quiet night"})
    live = t.view()["scores"]
    assert live["final"] is True and live["winners"] == []
    assert live["decided_by"]["rule"]["quote"] == Q_WINTER
    assert {p["status"] for p in live["players"]} == {"out"}
    everyone_out = [{"name": n, "status": "out"} for n in ("Ann", "Bob", "Cleo")]
    sheet = answer(client.post("/api/score/we-forlorn-few", json={
        "crossing": CROSSING, "players": everyone_out, "winter": True}))
    assert sheet["winners"] == [] and sheet["decided_by"]["rule"]["quote"] == Q_WINTER
    # told nothing of Winter, everyone out is every Traveler turned Ravenous (and then perished)
    sheet = answer(calculate(client, CROSSING, *everyone_out))
    assert sheet["winners"] == [] and sheet["decided_by"]["rule"]["quote"] == Q_ALL_RAVENOUS


def test_winter_after_the_first_arrival_keeps_the_winner(client):
    """Under all_journeys Ann arrived; Winter comes: Bob and Cleo, still on the board, perish; Ann
    still wins ("The first Player to reach Newhaven is the winner.")."""
    pos = position("event", current="p3", p1=board("NH", status="arrived"), p2=board("B1"),
                   p3=board("A2"))
    pos["arrivals"] = ["p1"]
    pos["season_deck"] = 0
    del pos["round"]  # the round follows from the cards left
    t = Table(client, pos, options={"game_ends_at": "all_journeys"})
    t.ok({"type": "event_card", "player": "p3", "card": "Quiet night"})
    view = t.view()
    assert view["over"] is True and view["scores"]["winners"] == ["p1"]
    assert [p["status"] for p in view["scores"]["players"]] == ["arrived", "out", "out"]


def test_all_ravenous_played_and_in_the_calculator(client):
    """"If all Travelers turn Ravenous, the game is over." — Ann, the last Traveler, turns
    Ravenous: nobody wins; the calculator given three Ravenous Players names nobody."""
    pos = position("gathering", p1=board("A2", hunger=3, companions=0), p2=ravenous("A1"),
                   p3=ravenous("B2"))
    t = Table(client, pos)
    t.ok({"type": "explore", "player": "p1", "draw": "hunger"})
    live = t.view()["scores"]
    assert live["winners"] == [] and live["decided_by"]["rule"]["quote"] == Q_ALL_RAVENOUS
    sheet = answer(calculate(client, CROSSING,
                             {"name": "Ann", "status": "ravenous", "tiles_to_go": 2},
                             {"name": "Bob", "status": "ravenous", "tiles_to_go": 2},
                             {"name": "Cleo", "status": "ravenous", "tiles_to_go": 1}))
    assert sheet["winners"] == [] and sheet["decided_by"]["rule"]["quote"] == Q_ALL_RAVENOUS
    assert [p["total"] for p in live["players"]] == [p["total"] for p in sheet["players"]]


def test_standings_before_the_end_name_no_winner_and_say_why(client):
    """Before anyone arrives the standings are progress only: no winner, not final, the Objective
    cited; a Ravenous Player shows its Hunger toward the fourth."""
    t = Table(client, position(p1=board("B1"), p2=ravenous("A1", hunger=2), p3=board()))
    scores = t.view()["scores"]
    assert scores["winners"] == [] and scores["final"] is False
    assert scores["decided_by"]["rule"]["quote"] == Q_OBJECTIVE
    hunger = next(x for x in scores["players"][1]["breakdown"] if x["label"] == "Ravenous")
    assert hunger["counts"] == "Hunger 2 of 4" and hunger["points"] == 0


def test_calculator_travelers_still_on_their_way_is_no_winner_yet(client):
    """With Travelers still on the board and nobody in Newhaven the game has not ended (Winter
    would have made them perish): the calculator says no winner *yet* (it said "there is no
    winner")."""
    sheet = answer(calculate(client, CROSSING,
                             {"name": "Ann", "status": "traveler", "tiles_to_go": 1},
                             {"name": "Bob", "status": "ravenous", "tiles_to_go": 2}))
    assert sheet["winners"] == [] and "yet" in sheet["decided_by"]["text"]
    assert sheet["decided_by"]["rule"]["quote"] == Q_OBJECTIVE


def test_calculator_a_ravenous_player_with_companions_is_refused(client):
    """"A Player turns Ravenous once all of their Companions and their Traveler have perished." —
    a Ravenous (or out) Player with Companions cannot be (400 naming the field)."""
    for status in ("ravenous", "out"):
        response = calculate(client, CROSSING, {"name": "Ann", "status": status,
                                                "tiles_to_go": 2, "companions": 2})
        assert response.status_code == 400, response.get_json()
        error = response.get_json()["error"]
        assert error["field"] == "players[0].companions"
        assert Q_RAVENOUS_ONCE in error["message"]


def test_calculator_an_arrival_with_companions_left_is_fine(client):
    sheet = answer(calculate(client, CROSSING, {"name": "Ann", "status": "arrived",
                                                "companions": 2},
                             {"name": "Bob", "status": "out"}))
    assert sheet["winners"] == ["p1"]


def season_card(client, **players):
    pos = position("season", current=None, **players)
    pos["first_player"] = "p1"
    return Table(client, pos)


def test_a_season_card_cannot_put_a_traveler_in_newhaven(client):
    """"Once a Traveler reaches Newhaven their journey is over": a piece moved off a removed tile
    onto Newhaven would stand there without having reached it (no winner, "0 tiles to go"), so the
    entry is refused (400 naming the field); moved onto the trail it is accepted."""
    t = season_card(client, p1=board("B1"), p2=board("A2"), p3=board("A2"))
    event = {"type": "season", "player": "p1", "remove_tiles": ["B1"], "relocate": {"p1": "NH"}}
    response = t.post(event)
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"] == "event.relocate.p1"
    t.ok({**event, "relocate": {"p1": "A1"}})
    assert t.p("p1")["tile"] == "A1"


def test_a_season_card_cannot_put_a_ravenous_player_on_a_city(client):
    """"Ravenous Travelers cannot move onto Trading Post tiles, Cedar Falls or Newhaven." — also
    when a Season card moves them off a removed tile (422 with that sentence)."""
    t = season_card(client, p1=board("A2"), p2=ravenous("B2"), p3=board("A2"))
    t.refused({"type": "season", "player": "p1", "remove_tiles": ["B2"],
               "relocate": {"p2": "NH"}}, "Ravenous Travelers cannot move onto")
    t.ok({"type": "season", "player": "p1", "remove_tiles": ["B2"], "relocate": {"p2": "A2"}})
