"""Journey: Wrath of Demons, outsider scoring scenarios round 13: the largest and the smallest tables
the book allows ("Depending on the number of players, you may be controlling more than 1
Pilgrim") ending a Quest through the API — four Players, the third reporting the Victory from her
own phone, and one Player controlling all four Pilgrims in Defeat — each scored live as the
calculator scores the same players and outcome, with the result picture naming every Player; the
calculator page as a phone sends it with an optional name left blank between two filled, or only
spaces typed in it; a name of spaces sent to the API (finding 138). Written from the rulebook and
the API's own description only (docs/games/journey.md, GET /api/games/journey), never the
referee's code."""

import re

import pytest

from tests.api_table import ApiTable, calculated, quotes_from, seat_headers

GAME = "journey"
book = quotes_from(GAME)

WIN = book("The Players win when the Quest's Victory Conditions are met, typically during the "
           "Pilgrim Phase. The game stops immediately.")
FAIL = book("The Players fail the Quest when other Conditions are met.")
TEAM = book("The Pilgrims win or lose as a team, so it is essential for the Players to strategize "
            "and play cooperatively.")
MORE_THAN_ONE = book("Depending on the number of players, you may be controlling more than 1 "
                     "Pilgrim")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def table_of(client, players):
    setup = client.get(f"/api/games/{GAME}").get_json()["example_setup"]
    return ApiTable(client, {**setup, "players": players})


def standings(scores):
    return [(player["seat"], player["name"], player["total"],
             sorted((line["label"], line["points"], line["rule"]["quote"])
                    for line in player["breakdown"] if line["rule"]["quote"] == TEAM))
            for player in scores["players"]]


FOUR = ["Ann", "Ben", "Cy", "Di"]


def test_four_players_win_together_when_the_third_reports_the_victory_from_her_phone(client):
    table = table_of(client, FOUR)
    before = table.view()
    cy = seat_headers(client, table, "p3")
    response = client.post(f"/api/sessions/{table.id}/events", headers=cy, json={
        "event": {"type": "quest_result", "player": "p3", "outcome": "victory",
                  "condition": "All the Pilgrims survive."}, "expected_seq": table.seq})
    assert response.status_code == 200, response.get_json()
    table.seq = response.get_json()["seq"]
    live = table.view()
    assert live["over"] is True and live["legal"] == []
    by_hand = calculated(client, GAME, {"outcome": "victory", "players": FOUR})
    assert standings(live["scores"]) == standings(by_hand)
    assert live["scores"]["winners"] == by_hand["winners"] == ["p1", "p2", "p3", "p4"]
    assert live["scores"]["decided_by"]["rule"]["quote"] == by_hand["decided_by"]["rule"][
        "quote"] == WIN
    for player in by_hand["players"]:
        assert sum(line["points"] for line in player["breakdown"]) == player["total"] == 1
    svg = client.get(f"/play/{table.id}/result.svg").get_data(as_text=True)
    assert all(name in svg for name in FOUR)

    table.undo()
    again = table.view()
    assert (again["state"], again["scores"], again["over"]) == (
        before["state"], before["scores"], False)


def test_one_player_controlling_all_four_pilgrims_loses_alone(client):
    table = table_of(client, ["Ann"])
    assert table.view()["current_players"] == ["p1"], MORE_THAN_ONE
    table.accepted({"type": "quest_result", "player": "p1", "outcome": "defeat",
                    "condition": "Tripitaka is Killed."})
    live = table.view()
    assert live["over"] is True
    by_hand = calculated(client, GAME, {"outcome": "defeat", "players": ["Ann"]})
    assert standings(live["scores"]) == standings(by_hand)
    assert live["scores"]["winners"] == by_hand["winners"] == []
    assert FAIL in by_hand["decided_by"]["rule"]["quote"]
    assert [player["total"] for player in by_hand["players"]] == [0]
    picture = client.get(f"/play/{table.id}/result.svg")
    assert picture.status_code == 200 and "Ann" in picture.get_data(as_text=True)


def page(client, outcome, names):
    fields = {"count": "4", "outcome": outcome, "calculate": "1"}
    fields.update({f"players.{n}": name for n, name in enumerate(names)})
    html = client.get(f"/score/{GAME}", query_string=fields).get_data(as_text=True)
    return html[html.index('id="calc-result"'):]


@pytest.mark.parametrize("blank", ["", "   "])
def test_the_page_skips_an_optional_name_left_blank_between_two(client, blank):
    result = page(client, "heroic_victory", ["Ann", blank, "Ben", ""])
    assert '<p class="winner">Ann and Ben win</p>' in result
    assert re.findall(r'data-player="([^"]*)"', result) == ["Ann", "Ben"]
    assert WIN.replace("'", "&#39;") in result


def test_a_name_of_spaces_is_refused_naming_it(client):
    error = calculated(client, GAME, {"outcome": "victory", "players": ["Ann", "   "]},
                       status=400)["error"]
    # the schema's path, as every schema refusal names its field (audit-b, finding 138)
    assert error["field"] == "players.1"
