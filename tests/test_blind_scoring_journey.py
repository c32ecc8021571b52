"""Journey: Wrath of Demons, outsider scoring scenarios round 11: each end of a Quest (Heroic Victory,
Victory, Defeat) reported by the table in free play, the live standings against the calculator fed
the same players and outcome (winners, the sentence that decided it, each player's outcome line),
the end undone and every entry after it refused with that sentence; the Heroic and the simple
Victory alike ("These make no difference except personal pride."); one to four players and not
five; the live breakdown's lines against its total; the calculator page's result line; Tripitaka
brought to 0 by a Demon under both `tripitaka_defeat` readings (a Defeat scored as the calculator
scores it, or the Quest going on); malformed tallies. Written from the rulebook and the API's own
description only (docs/games/journey.md, GET /api/games/journey), never the referee's code."""

import re

import pytest

from tests.api_table import ApiTable, calculated, quotes_from
from tests.test_blind_scenarios_journey import INITIATIVE_ORDER, LAYOUT, PROFILES
from tests.test_blind_scenarios_journey_2 import all_pilgrims_done

GAME = "journey"
book = quotes_from(GAME)

WIN = book("The Players win when the Quest's Victory Conditions are met, typically during the "
           "Pilgrim Phase. The game stops immediately.")
FAIL = book("The Players fail the Quest when other Conditions are met.")
TRIPITAKA_DEFEATED = book("Defeat: Tripitaka is defeated.")
TEAM = book("The Pilgrims win or lose as a team, so it is essential for the Players to strategize "
            "and play cooperatively.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def free_play(client):
    return ApiTable(client, client.get(f"/api/games/{GAME}").get_json()["example_setup"])


def outcome_lines(scores):
    """Each player's seat, total and the line of the Quest's outcome (the first that cites the
    team sentence)."""
    return [(player["seat"], player["total"],
             [(line["label"], line["points"]) for line in player["breakdown"]
              if line["rule"]["quote"] == TEAM])
            for player in scores["players"]]


ENDS = [("heroic_victory", "All the Pilgrims survive.", ["p1", "p2"], WIN, 1),
        ("victory", "The Pilgrims must defeat all Demons in the Villagers' house.", ["p1", "p2"],
         WIN, 1),
        ("defeat", "Tripitaka is Killed.", [], FAIL, 0)]


@pytest.mark.parametrize(("outcome", "condition", "winners", "sentence", "points"), ENDS)
def test_a_quest_ended_by_the_table_is_scored_live_as_the_calculator_scores_it(
        client, outcome, condition, winners, sentence, points):
    table = free_play(client)
    before = table.view()
    assert before["over"] is False and before["scores"]["winners"] == []
    table.accepted({"type": "quest_result", "player": "p1", "outcome": outcome,
                    "condition": condition})
    live = table.view()
    assert live["over"] is True and live["legal"] == []
    by_hand = calculated(client, GAME, {"outcome": outcome, "players": ["Ann", "Ben"]})
    assert live["scores"]["winners"] == by_hand["winners"] == winners
    assert sentence in live["scores"]["decided_by"]["rule"]["quote"]
    assert live["scores"]["decided_by"]["rule"] == by_hand["decided_by"]["rule"]
    assert outcome_lines(live["scores"]) == outcome_lines(by_hand)
    assert [total for _, total, _ in outcome_lines(by_hand)] == [points, points]

    table.refused({"type": "maintenance", "player": "p1"}, sentence)
    undone = client.post(f"/api/sessions/{table.id}/undo", headers=table.headers)
    assert undone.status_code == 200
    table.seq = undone.get_json()["seq"]
    again = table.view()
    assert (again["state"], again["scores"], again["over"]) == (
        before["state"], before["scores"], False)


def test_the_heroic_and_the_simple_victory_score_alike(client):
    heroic = calculated(client, GAME, {"outcome": "heroic_victory", "players": ["Ann", "Ben"]})
    simple = calculated(client, GAME, {"outcome": "victory", "players": ["Ann", "Ben"]})
    # "There will often be two Victory Conditions, the Heroic Victory and the Victory. These make
    # no difference except personal pride."
    assert [player["total"] for player in heroic["players"]] == [
        player["total"] for player in simple["players"]]
    assert (heroic["winners"], heroic["decided_by"]["rule"]) == (
        simple["winners"], simple["decided_by"]["rule"])
    for scores in (heroic, simple):
        for player in scores["players"]:
            assert sum(line["points"] for line in player["breakdown"]) == player["total"]
            assert all(line["rule"]["quote"] == TEAM for line in player["breakdown"])


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_one_to_four_players_win_or_lose_together(client, count):
    names = ["Ann", "Ben", "Cy", "Di"][:count]
    seats = [f"p{n}" for n in range(1, count + 1)]
    assert calculated(client, GAME, {"outcome": "victory", "players": names})["winners"] == seats
    lost = calculated(client, GAME, {"outcome": "defeat", "players": names})
    assert lost["winners"] == []
    assert [player["total"] for player in lost["players"]] == [0] * count


def test_five_players_are_refused(client):
    # "Depending on the number of players, you may be controlling more than 1 Pilgrim (all 4
    # Pilgrims will always start the game):" — One, Two, Three or Four Players.
    error = calculated(client, GAME, {"outcome": "victory",
                                      "players": ["Ann", "Ben", "Cy", "Di", "Ed"]},
                       status=400)["error"]
    assert error["field"] == "players"


def test_the_live_breakdown_of_a_finished_quest_sums_to_its_total(client):
    table = free_play(client)
    table.accepted({"type": "quest_result", "player": "p1", "outcome": "heroic_victory",
                    "condition": "All the Pilgrims survive."})
    for player in table.view()["scores"]["players"]:
        assert sum(line["points"] for line in player["breakdown"]) == player["total"], player


def test_the_result_picture_of_a_finished_quest_draws_the_outcome_not_health_or_chi(client):
    """Finding 116's picture: the legend names only what drew a bar (the Quest's outcome), not the
    Pilgrims' Health Points and Chi that score nothing, and no legend text runs past the picture."""
    table = free_play(client)
    table.accepted({"type": "quest_result", "player": "p1", "outcome": "heroic_victory",
                    "condition": "All the Pilgrims survive."})
    svg = client.get(f"/play/{table.id}/result.svg", headers=table.headers).get_data(as_text=True)
    width = int(re.search(r'<svg[^>]* width="(\d+)"', svg).group(1))
    legend = re.findall(r'<text x="(\d+)" y="\d+" font-size="13" fill="#5b5248">([^<]*)</text>', svg)
    assert legend and not any("Health" in label or "Chi" in label for _, label in legend)
    assert all(int(x) + 7 * len(label) <= width for x, label in legend)


@pytest.mark.parametrize(("body", "field"), [
    ({"outcome": "draw", "players": ["Ann"]}, "outcome"),
    ({"outcome": "victory", "players": []}, "players"),
    ({"outcome": "victory"}, "players"),
    ({"players": ["Ann"]}, "outcome"),
    ({"outcome": "victory", "players": ["Ann"], "quest": "q10a"}, "quest"),
    ({"outcome": "victory", "players": [""]}, "players"),
])
def test_a_malformed_tally_is_a_400_naming_its_field(client, body, field):
    error = calculated(client, GAME, body, status=400)["error"]
    assert error.get("field", "").startswith(field) or repr(field) in error["message"], error


def calculator_page(client, outcome, players):
    fields = {"count": "2", "outcome": outcome, "calculate": "1"}
    fields.update({f"players.{n}": name for n, name in enumerate(players)})
    fields.update({f"players.{n}": "" for n in range(len(players), 4)})
    page = client.get(f"/score/{GAME}", query_string=fields)
    assert page.status_code == 200
    return page.get_data(as_text=True)


def test_the_calculator_page_names_who_wins_a_victory(client):
    html = calculator_page(client, "victory", ["Ann", "Ben"])
    assert '<p class="winner">Ann and Ben win</p>' in html
    assert WIN.replace("'", "&#39;") in html


def test_the_calculator_page_announces_no_winner_for_a_defeat(client):
    html = calculator_page(client, "defeat", ["Ann", "Ben"])
    assert FAIL in html
    assert '<p class="winner">No winner</p>' in html


# --- tripitaka_defeat: the end of a free Quest when a Demon brings Tripitaka to 0 ----------------

def tripitaka_at_two_in_the_demon_phase(client, **options):
    table = ApiTable(client, {
        "game": GAME, "players": ["Ann", "Ben"],
        "options": {"initiative": INITIATIVE_ORDER, "pilgrim_profiles": PROFILES, **options},
        "position": {**LAYOUT, "demons": ["berrok"], "gates": [{"id": "gate-1", "status": "inactive"}],
                     "pilgrims": {"tripitaka": {"hp": 2}}}})
    table.accepted({"type": "maintenance", "player": "p1"})
    all_pilgrims_done(table)
    table.accepted({"type": "demon_options", "player": "p2", "demon": "berrok-1",
                    "options": [{"actions": ["attack", "attack"], "ends": "not_closer",
                                 "squares": 0, "targets": ["tripitaka"]}]})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "berrok-1", "option": 1})
    return table


BERROK_HITS = {"type": "demon_attack", "player": "p2", "demon": "berrok-1", "target": "tripitaka",
               "attack_dice": [3, 2], "defense_dice": [1, 0]}


def test_tripitaka_defeated_ends_the_free_quest_in_defeat_as_the_calculator_scores_it(client):
    table = tripitaka_at_two_in_the_demon_phase(client)
    table.accepted(BERROK_HITS)
    live = table.view()
    assert live["over"] is True and live["legal"] == []
    assert TRIPITAKA_DEFEATED in live["scores"]["decided_by"]["rule"]["quote"]
    by_hand = calculated(client, GAME, {"outcome": "defeat", "players": ["Ann", "Ben"]})
    assert live["scores"]["winners"] == by_hand["winners"] == []
    assert outcome_lines(live["scores"]) == outcome_lines(by_hand)


def test_under_killed_the_same_attack_leaves_the_quest_going_on(client):
    table = tripitaka_at_two_in_the_demon_phase(client, tripitaka_defeat="killed")
    table.accepted(BERROK_HITS)
    view = table.view()
    assert view["state"]["pilgrims"]["tripitaka"]["hp"] == 0
    assert view["over"] is False and view["legal"]
    assert view["scores"]["winners"] == []
    assert all(not lines for _, _, lines in outcome_lines(view["scores"]))
