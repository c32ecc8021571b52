"""We Forlorn Few, outsider scoring scenarios round 11: the standings of a game played through the API
— a Traveler, a Ravenous Player and the one who reaches Newhaven — against the calculator fed the
same table, line by line (label, points, the sentence cited) before and after the arrival, and the
arrival undone; the three ends in the calculator (Newhaven, Winter, all Ravenous) with their
sentences and the lines summing to the totals; `all_ravenous_winners` changing only what it names,
in the calculator and in a game whose last Traveler turns Ravenous through the API (live as
calculated under each reading); tallies that contradict themselves; the calculator page's result
line. Written from the rulebook and the API's own description only (docs/games/we-forlorn-few.md,
GET /api/games/we-forlorn-few), never the referee's code."""

import copy

import pytest

from tests.api_table import calculated, quotes_from
from tests.test_blind_scenarios_we_forlorn_few import new_game
from tests.test_blind_scenarios_we_forlorn_few_4 import road

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


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def lines(scores):
    """Each player's total and lines as (label, points, sentence), in seat order."""
    return [(player["total"], [(line["label"], line["points"], line["rule"]["quote"])
                               for line in player["breakdown"]])
            for player in scores["players"]]


def agree(live, calculator):
    """The live standings and the calculator's: the same totals, every calculator line among the
    live ones; the live standings' own extra lines (each Ailment against its limit, a Ravenous
    Player's Hunger, which the tallies do not take) score nothing."""
    for (live_total, live_lines), (total, calculated_lines) in zip(
            lines(live), lines(calculator), strict=True):
        assert live_total == total
        assert all(line in live_lines for line in calculated_lines)
        assert all(line[1] == 0 for line in live_lines if line not in calculated_lines)


def decided(scores):
    return scores["winners"], scores["decided_by"]["rule"]["quote"]


# Cedar Falls - A - B - C - Newhaven: four tiles to cross. Ann on C (1 to go), Bob on A (3 to go),
# Cleo Ravenous on B (2 to go).
POSITION = {"round": 8, "season_deck": 4, "phase": "travel", "current": "p1", "first_player": "p1",
            "players": {"p1": {"tile": "C", "companions": 2, "resources": {"water": 1}},
                        "p2": {"tile": "A", "companions": 3},
                        "p3": {"tile": "B", "status": "ravenous", "hunger": 1}}}
TALLY = {"crossing": 4, "players": [
    {"name": "Ann", "status": "traveler", "tiles_to_go": 1, "companions": 2},
    {"name": "Bob", "status": "traveler", "tiles_to_go": 3, "companions": 3},
    {"name": "Cleo", "status": "ravenous", "tiles_to_go": 2}]}


def test_the_standings_of_a_game_played_are_the_calculators_before_and_after_the_arrival(client):
    table = road(client, POSITION, players=("Ann", "Bob", "Cleo"))
    before = table.view()
    on_the_way = calculated(client, GAME, TALLY)
    agree(before["scores"], on_the_way)
    assert decided(before["scores"]) == decided(on_the_way) == ([], OBJECTIVE)
    assert [total for total, _ in lines(on_the_way)] == [3, 1, 2]

    table.accepted({"type": "travel", "player": "p1", "to": "NH"})
    after = table.view()
    arrived = copy.deepcopy(TALLY)
    arrived["players"][0] = {"name": "Ann", "status": "arrived", "companions": 2}
    finished = calculated(client, GAME, arrived)
    agree(after["scores"], finished)
    assert after["scores"]["winners"] == finished["winners"] == ["p1"]
    assert FIRST_TO_NEWHAVEN in after["scores"]["decided_by"]["rule"]["quote"]
    assert after["scores"]["decided_by"]["rule"] == finished["decided_by"]["rule"]
    # Ann's line is the whole crossing, citing the sentence that makes her the winner.
    assert [(points, FIRST_TO_NEWHAVEN in quote) for _, points, quote in lines(finished)[0][1]] == [
        (4, True)]

    undone = client.post(f"/api/sessions/{table.id}/undo", headers=table.headers)
    assert undone.status_code == 200
    table.seq = undone.get_json()["seq"]
    again = table.view()
    assert (again["state"], again["scores"], again["phase"]) == (
        before["state"], before["scores"], before["phase"])


def test_each_end_with_its_sentence_and_lines_summing_to_the_totals(client):
    winter = calculated(client, GAME, {"crossing": 6, "winter": True, "players": [
        {"name": "Ann", "status": "out", "tiles_to_go": 1},
        {"name": "Bob", "status": "arrived", "companions": 1},
        {"name": "Cleo", "status": "out", "tiles_to_go": 4}]})
    # Bob reached Newhaven before Winter: "The first Player to reach Newhaven is the winner."
    assert winter["winners"] == ["p2"]
    assert FIRST_TO_NEWHAVEN in winter["decided_by"]["rule"]["quote"]
    nobody = calculated(client, GAME, {"crossing": 6, "winter": True, "players": [
        {"name": "Ann", "status": "out", "tiles_to_go": 1},
        {"name": "Bob", "status": "out", "tiles_to_go": 4}]})
    assert decided(nobody) == ([], WINTER)
    ravenous = calculated(client, GAME, {"crossing": 6, "players": [
        {"name": "Ann", "status": "ravenous", "tiles_to_go": 1},
        {"name": "Bob", "status": "ravenous", "tiles_to_go": 4}]})
    assert decided(ravenous) == ([], ALL_RAVENOUS)
    for scores in (winter, nobody, ravenous):
        for player in scores["players"]:
            assert sum(line["points"] for line in player["breakdown"]) == player["total"]
    assert [player["total"] for player in ravenous["players"]] == [5, 2]
    cut_off = calculated(client, GAME, {"crossing": 6, "players": [
        {"name": "Ann", "status": "traveler", "cut_off": True, "companions": 2},
        {"name": "Bob", "status": "traveler", "tiles_to_go": 4, "companions": 1}]})
    assert [player["total"] for player in cut_off["players"]] == [0, 2]
    assert cut_off["winners"] == []


def test_all_ravenous_winners_changes_only_the_all_ravenous_end(client):
    all_ravenous = {"crossing": 7, "players": [
        {"name": "Ann", "status": "ravenous", "tiles_to_go": 3},
        {"name": "Bob", "status": "out"},
        {"name": "Cleo", "status": "ravenous", "tiles_to_go": 5}]}
    literal = calculated(client, GAME, all_ravenous)
    ruled = calculated(client, GAME, {**all_ravenous, "all_ravenous_winners": "surviving_ravenous"})
    assert lines(literal) == lines(ruled)
    assert decided(literal) == ([], ALL_RAVENOUS)
    assert decided(ruled) == (["p1", "p3"], RAVENOUS_GOAL)

    with_arrival = copy.deepcopy(all_ravenous)
    with_arrival["players"][1] = {"name": "Bob", "status": "arrived"}
    assert calculated(client, GAME, with_arrival) == calculated(
        client, GAME, {**with_arrival, "all_ravenous_winners": "surviving_ravenous"})


def test_a_cut_off_player_in_newhaven_is_refused(client):
    error = calculated(client, GAME, {"crossing": 4, "players": [
        {"name": "Ann", "status": "arrived", "cut_off": True},
        {"name": "Bob", "status": "traveler", "tiles_to_go": 3}]}, status=400)["error"]
    assert error["field"] == "players[0].cut_off"


def test_a_player_in_newhaven_with_tiles_still_to_go_is_refused(client):
    error = calculated(client, GAME, {"crossing": 4, "players": [
        {"name": "Ann", "status": "arrived", "tiles_to_go": 2},
        {"name": "Bob", "status": "traveler", "tiles_to_go": 3}]}, status=400)["error"]
    assert error["field"] == "players[0].tiles_to_go"


@pytest.mark.parametrize(("body", "field"), [
    ({"crossing": 4, "players": [{"name": "Ann", "status": "lost"}]}, "players"),
    ({"crossing": 0, "players": [{"name": "Ann", "status": "traveler"}]}, "crossing"),
    ({"crossing": 4, "players": [{"name": "Ann", "status": "traveler", "companions": 5}]},
     "players"),
    ({"crossing": 4, "players": [{"name": f"P{n}", "status": "traveler"} for n in range(6)]},
     "players"),
    ({"crossing": 4, "players": [{"name": "Ann", "status": "traveler"}], "seasons": 3}, "seasons"),
    ({"players": [{"name": "Ann", "status": "traveler"}]}, "crossing"),
])
def test_a_malformed_tally_is_a_400_naming_its_field(client, body, field):
    error = calculated(client, GAME, body, status=400)["error"]
    assert error.get("field", "").startswith(field) or repr(field) in error["message"], error


def test_the_calculator_page_names_the_first_to_reach_newhaven(client):
    page = client.get("/score/we-forlorn-few", query_string={
        "count": "2", "crossing": "5", "players.0.name": "Ann", "players.0.status": "arrived",
        "players.1.name": "Bob", "players.1.status": "traveler", "players.1.tiles_to_go": "2",
        "players.1.companions": "0", "calculate": "1"})
    html = page.get_data(as_text=True)
    assert '<p class="winner">Ann wins</p>' in html
    assert FIRST_TO_NEWHAVEN in html


def test_the_calculator_page_announces_no_winner_at_winter(client):
    page = client.get("/score/we-forlorn-few", query_string={
        "count": "2", "crossing": "5", "winter": "1", "winter.present": "1",
        "players.0.name": "Ann", "players.0.status": "out",
        "players.1.name": "Bob", "players.1.status": "out", "calculate": "1"})
    html = page.get_data(as_text=True)
    assert WINTER in html
    assert '<p class="winner">No winner</p>' in html


# --- The last Traveler turning Ravenous, played, under both all_ravenous_winners readings -------

# Round 1's terrain: Cedar Falls - W1 - M1 - Newhaven, three tiles to cross. Ann on W1 with no
# Companion and three Hunger draws "Lean times" (one Hunger): her Traveler perishes and she turns
# Ravenous, the last Traveler to. Bob has been Ravenous on M1 since round 1.
LAST_TRAVELER = {"round": 2, "season_deck": 10, "phase": "event", "current": "p1",
                 "players": {"p1": {"tile": "W1", "companions": 0,
                                    "ailments": {"hunger": 3, "thirst": 0, "wagon_damage": 0}},
                             "p2": {"tile": "M1", "status": "ravenous", "hunger": 1}}}
ALL_RAVENOUS_TALLY = {"crossing": 3, "players": [
    {"name": "Ann", "status": "ravenous", "tiles_to_go": 2},
    {"name": "Bob", "status": "ravenous", "tiles_to_go": 1}]}


@pytest.mark.parametrize(("reading", "winners", "sentence"), [
    ("none", [], ALL_RAVENOUS), ("surviving_ravenous", ["p1", "p2"], RAVENOUS_GOAL)])
def test_the_last_traveler_turning_ravenous_is_scored_live_as_the_calculator_does(
        client, reading, winners, sentence):
    table = new_game(client, players=("Ann", "Bob"), position=LAST_TRAVELER,
                     all_ravenous_winners=reading)
    table.accepted({"type": "event_card", "player": "p1", "card": "Lean times",
                    "ailments": {"hunger": 1}})
    live = table.view()
    assert live["over"] is True
    assert live["state"]["players"]["p1"]["status"] == "ravenous"
    by_hand = calculated(client, GAME, {**ALL_RAVENOUS_TALLY, "all_ravenous_winners": reading})
    agree(live["scores"], by_hand)
    assert [total for total, _ in lines(by_hand)] == [1, 2]
    assert decided(live["scores"]) == decided(by_hand) == (winners, sentence)
