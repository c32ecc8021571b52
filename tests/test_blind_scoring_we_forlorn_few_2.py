"""We Forlorn Few, outsider scoring scenarios round 13: a Ravenous Player put out of the game by a
fourth Hunger at the start of her turn (`ravenous_hunger: start_of_turn`), then the last Traveler
reaching Newhaven, played through the API — the standings before and after against the calculator
fed the same table (the Player out of the game as `out`), the arrival undone; the calculator page
filled in as a phone sends it, every field present and the blank ones empty: five Players on the
longest crossing, one of each status, and two arrivals with and without their order; a Summer
card removing the last tile before Newhaven, cutting both Travelers off, live as the calculator
scores `cut_off`, and undone; a name of spaces (finding 138). Written from the rulebook and the
API's own description only (docs/games/we-forlorn-few.md, GET /api/games/we-forlorn-few), never
the referee's code."""

import pytest

from tests.api_table import calculated, quotes_from
from tests.test_blind_scenarios_we_forlorn_few import spring
from tests.test_blind_scenarios_we_forlorn_few_4 import road
from tests.test_blind_scenarios_we_forlorn_few_10 import QUIET, ravenous_example

GAME = "we-forlorn-few"
book = quotes_from(GAME)

OBJECTIVE = book("The objective of the game is to be the first Traveler to successfully cross the "
                 "Game Board and reach Newhaven.")
FIRST_TO_NEWHAVEN = book("The first Player to reach Newhaven is the winner.")
FOURTH_HUNGER = book("Note: If a Ravenous Traveler adds a fourth Hunger token to their Player board, "
                     "either by losing Combat, or by gaining a Hunger token at the start of their "
                     "turn, they have perished and they are out of the game.")
WINTER = book("If a new round begins but there are no cards left in the Season deck then all "
              "Travelers remaining on the Game Board perish and the game is over.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def lines(scores):
    return [(player["total"], [(line["label"], line["points"], line["rule"]["quote"])
                               for line in player["breakdown"]])
            for player in scores["players"]]


def agree(live, calculator):
    """The same totals; every calculator line among the live ones; the live standings' own extra
    lines (Companions and Ailments against their limits, being out of the game) score nothing."""
    for (live_total, live_lines), (total, calculated_lines) in zip(
            lines(live), lines(calculator), strict=True):
        assert live_total == total
        assert all(line in live_lines for line in calculated_lines)
        assert all(line[1] == 0 for line in live_lines if line not in calculated_lines)
        assert sum(line[1] for line in live_lines) == live_total


# The trail CF - A - X - W - NH: four tiles to cross. Ann Ravenous on A with three Hunger, Bob
# (four Companions) on W, one tile from Newhaven.
def test_a_player_out_of_the_game_then_the_last_traveler_arriving_scored_as_calculated(client):
    table = ravenous_example(client, phase="event", current="p2", hunger=3,
                             ravenous_hunger="start_of_turn")
    effects = table.accepted({"type": "event_card", "player": "p2", "card": QUIET})["effects"]
    assert FOURTH_HUNGER in [effect["rule"]["quote"] for effect in effects if "rule" in effect]
    out = table.view()
    assert out["state"]["players"]["p1"]["status"] == "out" and out["over"] is False
    on_the_way = calculated(client, GAME, {"crossing": 4, "players": [
        {"name": "Ann", "status": "out"},
        {"name": "Bob", "status": "traveler", "tiles_to_go": 1, "companions": 4}]})
    agree(out["scores"], on_the_way)
    assert [player["total"] for player in on_the_way["players"]] == [0, 3]
    assert out["scores"]["winners"] == on_the_way["winners"] == []
    assert out["scores"]["decided_by"]["rule"]["quote"] == OBJECTIVE
    out_lines = [line for line in out["scores"]["players"][0]["breakdown"]
                 if line["rule"]["quote"] == FOURTH_HUNGER]
    assert [line["points"] for line in out_lines] == [0]

    # Bob, the only one left, resolves the Season card and reaches Newhaven.
    table.accepted(spring("p2"))
    before_arrival = table.view()
    table.accepted({"type": "travel", "player": "p2", "to": "NH"})
    final = table.view()
    assert final["over"] is True and final["legal"] == []
    arrived = calculated(client, GAME, {"crossing": 4, "players": [
        {"name": "Ann", "status": "out"}, {"name": "Bob", "status": "arrived", "companions": 4}]})
    agree(final["scores"], arrived)
    assert final["scores"]["winners"] == arrived["winners"] == ["p2"]
    assert FIRST_TO_NEWHAVEN in arrived["decided_by"]["rule"]["quote"]
    assert final["scores"]["decided_by"]["rule"] == arrived["decided_by"]["rule"]
    assert [player["total"] for player in arrived["players"]] == [0, 4]
    svg = client.get(f"/play/{table.id}/result.svg")
    assert svg.status_code == 200 and "Bob" in svg.get_data(as_text=True)

    table.undo()
    again = table.view()
    assert (again["state"], again["scores"], again["legal"], again["over"]) == (
        before_arrival["state"], before_arrival["scores"], before_arrival["legal"], False)


BLANK = {"arrived": "", "companions": "", "tiles_to_go": "", "cut_off.present": "1"}


def page_form(crossing, *players, **more):
    """The calculator page as a phone submits it: every field of every Player, the blank ones
    empty (an unticked box sends only its `.present`)."""
    fields = {"count": str(len(players)), "crossing": str(crossing), "all_ravenous_winners": "",
              **more}
    for n, player in enumerate(players):
        for key, value in {**BLANK, **player}.items():
            fields[f"players.{n}.{key}"] = value
    fields["calculate"] = "1"
    return fields


def result_of(html):
    return html[html.index('id="calc-result"'):]


FIVE = (
    {"name": "Ann", "status": "traveler", "tiles_to_go": "25", "companions": "4"},
    {"name": "Bob", "status": "ravenous", "tiles_to_go": "1"},
    {"name": "Cleo", "status": "arrived", "companions": "0"},
    {"name": "Dev", "status": "out"},
    {"name": "Eve", "status": "traveler", "cut_off": "on", "companions": "2"},
)
FIVE_TALLY = {"crossing": 25, "players": [
    {"name": "Ann", "status": "traveler", "tiles_to_go": 25, "companions": 4},
    {"name": "Bob", "status": "ravenous", "tiles_to_go": 1},
    {"name": "Cleo", "status": "arrived", "companions": 0},
    {"name": "Dev", "status": "out"},
    {"name": "Eve", "status": "traveler", "cut_off": True, "companions": 2}]}


def test_five_players_of_every_status_on_the_longest_crossing_by_the_page(client):
    api = calculated(client, GAME, FIVE_TALLY)
    # Ann has crossed nothing, Bob 24, Cleo the whole 25, Dev out, Eve cut off.
    assert [player["total"] for player in api["players"]] == [0, 24, 25, 0, 0]
    assert api["winners"] == ["p3"]
    assert FIRST_TO_NEWHAVEN in api["decided_by"]["rule"]["quote"]
    for player in api["players"]:
        assert sum(line["points"] for line in player["breakdown"]) == player["total"]

    html = client.get("/score/we-forlorn-few", query_string=page_form(25, *FIVE)).get_data(
        as_text=True)
    result = result_of(html)
    assert '<p class="winner">Cleo wins</p>' in result
    assert FIRST_TO_NEWHAVEN in result
    for player in api["players"]:
        assert f'data-player="{player["name"]}">{player["total"]}<' in result


def test_two_arrivals_on_the_page_need_their_order_and_the_first_wins(client):
    arrivals = ({"name": "Ann", "status": "arrived"}, {"name": "Bob", "status": "arrived"},
                {"name": "Cleo", "status": "traveler", "tiles_to_go": "2", "companions": "1"})
    unordered = result_of(client.get("/score/we-forlorn-few", query_string=page_form(
        6, *arrivals)).get_data(as_text=True))
    assert 'class="winner"' not in unordered
    assert 'role="alert"' in unordered and "(players[0].arrived)" in unordered

    ordered = ({**arrivals[0], "arrived": "2"}, {**arrivals[1], "arrived": "1"}, arrivals[2])
    html = result_of(client.get("/score/we-forlorn-few", query_string=page_form(
        6, *ordered)).get_data(as_text=True))
    assert '<p class="winner">Bob wins</p>' in html
    assert 'data-player="Ann">6<' in html and 'data-player="Bob">6<' in html
    assert 'data-player="Cleo">4<' in html


def test_winter_ticked_on_the_page_takes_everyone_still_on_the_board(client):
    players = ({"name": "Ann", "status": "out", "tiles_to_go": "1"},
               {"name": "Bob", "status": "out", "tiles_to_go": "3"})
    html = result_of(client.get("/score/we-forlorn-few", query_string=page_form(
        5, *players, **{"winter": "on", "winter.present": "1"})).get_data(as_text=True))
    assert '<p class="winner">No winner</p>' in html
    assert WINTER in html
    # A Traveler still on the board at Winter is a tally the book makes impossible.
    still = ({"name": "Ann", "status": "traveler", "tiles_to_go": "1", "companions": "2"},
             players[1])
    refused = result_of(client.get("/score/we-forlorn-few", query_string=page_form(
        5, *still, **{"winter": "on", "winter.present": "1"})).get_data(as_text=True))
    assert 'class="winner"' not in refused and 'role="alert"' in refused
    assert "(players[0].status)" in refused and WINTER in refused


def test_a_name_of_spaces_is_refused_naming_it(client):
    error = calculated(client, GAME, {"crossing": 3, "players": [
        {"name": "   ", "status": "arrived"},
        {"name": "Bob", "status": "traveler", "tiles_to_go": 1}]}, status=400)["error"]
    # the schema's path, as every schema refusal names its field (audit-b, finding 138)
    assert error["field"] == "players.0.name"


# --- A Season card cutting every Traveler off from Newhaven ---------------------------------------

def test_a_season_card_removing_the_last_way_to_newhaven_cuts_both_off_as_calculated(client):
    # The road CF - A - B - C - NH (E beside A and B): four tiles to cross. Round 4 opens with
    # the Summer card Drought, which removes C: Ann on A and Bob on B have no way left.
    table = road(client, {"round": 4, "season_deck": 9, "phase": "season", "first_player": "p1",
                          "players": {"p1": {"tile": "A", "companions": 2},
                                      "p2": {"tile": "B", "companions": 1}}})
    before = table.view()
    on_the_way = calculated(client, GAME, {"crossing": 4, "players": [
        {"name": "Ann", "status": "traveler", "tiles_to_go": 3, "companions": 2},
        {"name": "Bob", "status": "traveler", "tiles_to_go": 2, "companions": 1}]})
    agree(before["scores"], on_the_way)
    assert [player["total"] for player in on_the_way["players"]] == [1, 2]

    table.accepted({"type": "season", "player": "p1", "season": "summer", "card": "Drought",
                    "remove_tiles": ["C"]})
    cut = table.view()
    assert cut["over"] is False
    cut_off = calculated(client, GAME, {"crossing": 4, "players": [
        {"name": "Ann", "status": "traveler", "cut_off": True, "companions": 2},
        {"name": "Bob", "status": "traveler", "cut_off": True, "companions": 1}]})
    agree(cut["scores"], cut_off)
    assert [player["total"] for player in cut_off["players"]] == [0, 0]
    assert cut["scores"]["winners"] == cut_off["winners"] == []
    assert cut["scores"]["decided_by"]["rule"]["quote"] == OBJECTIVE

    table.undo()
    again = table.view()
    assert (again["state"], again["scores"], again["legal"]) == (
        before["state"], before["scores"], before["legal"])
