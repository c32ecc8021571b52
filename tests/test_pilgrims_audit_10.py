"""Pilgrims: a tenth audit (session 15, `audit2`): outsider findings 95 and 97, the outsider's note
on a map card named in an effect, and a space under a figure replenished (each section below).

Finding 95:

Another player's move during the Activate phase of the player on turn quoted "On their turn, each
player must use 1 of their movement tokens." — a sentence about the player on turn. It is not that
player's turn, so what they broke is the turn order: "After replenishing cards, the player's turn
is over. Play proceeds clockwise to the next player." The same held for another player's adventure
or public quest entered in the Replenish phase (it quoted the one adventure a turn). The player on
turn is still told the sentence about their own second move or second adventure.
"""

import json

import pytest

from tests.api_table import ApiTable, quotes_from, reads_by_others, seat_headers
from tests.guard_cases.pilgrims import DISPLAY, seats
from tests.guard_cases.pilgrims import setup as guard_setup
from tests.test_blind_scenarios_pilgrims import COMPASS_LEAF, NOTES_SPEECH, STAR_LEAF, SWORD_FIST
from tests.test_blind_scenarios_pilgrims_2 import BEAST_STAR, LEAFY, at_table, moved_and_clover

book = quotes_from("pilgrims")
PROCEEDS = book("After replenishing cards, the player's turn is over. Play proceeds clockwise to "
                "the next player.")
ONE_MOVEMENT = book("On their turn, each player must use 1 of their movement tokens.")
ONE_ADVENTURE = book("During this phase, the player may either complete one adventure card or sign "
                     "up for one public quest")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def ann_adventured(client):
    """Ann (p1) has moved, taken a clover and completed an adventure: her Replenish phase."""
    table = at_table(client, {"hand": [STAR_LEAF, SWORD_FIST, NOTES_SPEECH],
                              "party": [{"card": BEAST_STAR}]},
                     bob={"hand": [SWORD_FIST, NOTES_SPEECH]})
    moved_and_clover(table)
    table.accepted({"type": "complete_adventure", "player": "p1", "source": "display",
                    "index": 1, "adventure": LEAFY, "pay": [{"hand": 1}], "companions": [1],
                    "retire": []})
    return table


def test_another_players_move_in_the_activate_phase_breaks_the_turn_order(client):
    table = at_table(client, {"hand": [SWORD_FIST]})
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                    "card": COMPASS_LEAF})
    table.refused({"type": "move", "player": "p2", "movement": 1, "to": [5, 4],
                   "card": COMPASS_LEAF}, PROCEEDS)
    table.refused({"type": "move", "player": "p1", "movement": 2, "to": [3, 1],
                   "card": COMPASS_LEAF}, ONE_MOVEMENT)
    assert table.view()["current_players"] == ["p1"]


def test_another_players_adventure_or_quest_in_the_replenish_phase_breaks_the_turn_order(client):
    table = ann_adventured(client)
    table.refused({"type": "sign_up", "player": "p2", "tile": "B",
                   "pay": [{"hand": 1}, {"hand": 2}]}, PROCEEDS)
    table.refused({"type": "complete_adventure", "player": "p2", "source": "display",
                   "index": 1, "adventure": LEAFY, "pay": [{"hand": 1}], "companions": [],
                   "retire": []}, PROCEEDS)
    table.refused({"type": "move", "player": "p2", "movement": 1, "to": [5, 4],
                   "card": COMPASS_LEAF}, PROCEEDS)
    table.refused({"type": "sign_up", "player": "p1", "tile": "B",
                   "pay": [{"hand": 1}, {"hand": 2}]}, ONE_ADVENTURE)


# -- Outsider finding 97: a mission count the cards cannot reach -------------------------------------

RETIRED = book("Public quest tiles count companion cards in the player's party and retired under "
               "their leader, or adventure cards the player has completed.")
QUESTS = {"A": "1a", "B": "2c", "C": "5"}
LEVEL_I, LEVEL_II = {"level": 1, "points": 3}, {"level": 2, "points": 7}
WANDERER = {"types": ["wanderer"], "activation": ["notes"]}
BEAST = {"types": ["beast"], "activation": ["star"]}


def mission_scored(client, ann: dict, quill: dict, status=200, quests=QUESTS):
    response = client.post("/api/score/pilgrims", json={
        "public_quests": quests,
        "players": [{"name": "Ann", "items": 0, "clovers": 0, "quills": [quill], **ann},
                    {"name": "Bob", "items": 0, "clovers": 0}]})
    assert response.status_code == status, response.get_json()
    return response.get_json()


def mission_points(answer) -> int:
    ann = answer["players"][0]
    return next(line["points"] for line in ann["breakdown"] if line["label"].endswith("mission"))


@pytest.mark.parametrize(("quill", "quests", "printed"), [
    ({"tile": "A", "space": "top", "collected": 33}, QUESTS, ["• 32 companion cards"]),
    ({"tile": "B", "space": "top", "collected": 33}, {}, ["• 32 companion cards"]),
    ({"tile": "C", "space": "top", "collected": 18}, QUESTS, ["• 17 level II adventure cards"]),
    ({"tile": "C", "space": "top", "collected": 38}, {"C": "3"},
     ["• 20 level I adventure cards", "• 17 level II adventure cards"]),
], ids=["A-33", "B-33-mission-unknown", "C5-18", "C3-38"])
def test_a_mission_count_beyond_the_box_is_refused(client, quill, quests, printed):
    error = mission_scored(client, {}, quill, 400, quests)["error"]
    assert error["field"] == "players[0].quills[0].collected"
    for line in printed:
        assert book(line) in error["message"]


def test_a_c_tile_count_is_checked_against_the_completed_adventures_entered(client):
    quill = {"tile": "C", "space": "top", "collected": 3}
    error = mission_scored(client, {"adventures": [LEVEL_I] * 3}, quill, 400)["error"]
    assert error["field"] == "players[0].quills[0].collected" and RETIRED in error["message"]
    assert mission_points(mission_scored(client, {"adventures": [LEVEL_II] * 3 + [LEVEL_I]},
                                         quill)) == 4
    # Nothing entered: not checked against the cards ("do not demand what is not entered").
    assert mission_points(mission_scored(client, {}, quill)) == 4


def test_a_characteristic_left_out_gives_only_a_least_count(client):
    """Mission 3 counts adventures with a clover reward, which may be entered without it: up to
    the completed adventures entered is accepted, more is not, fewer than those marked is not."""
    quests = {**QUESTS, "C": "3"}
    plain = {"adventures": [LEVEL_I, LEVEL_I]}
    assert mission_points(mission_scored(client, plain, {"tile": "C", "space": "top",
                                                         "collected": 2}, quests=quests)) == 2
    mission_scored(client, plain, {"tile": "C", "space": "top", "collected": 3}, 400, quests)
    marked = {"adventures": [{**LEVEL_I, "clovers": 1}] * 2}
    error = mission_scored(client, marked, {"tile": "C", "space": "top", "collected": 1}, 400,
                           quests)["error"]
    assert "hold 2 for mission 3" in error["message"] and RETIRED in error["message"]


def test_an_a_tile_count_is_checked_against_the_companions_entered(client):
    quill = {"tile": "A", "space": "top", "collected": 3}
    party = {"companions": [WANDERER, WANDERER, BEAST]}
    error = mission_scored(client, party, quill, 400)["error"]
    assert error["field"] == "players[0].quills[0].collected" and RETIRED in error["message"]
    assert mission_points(mission_scored(client, party, {**quill, "collected": 2})) == 2
    assert mission_points(mission_scored(client, {}, quill)) == 4


# -- The outsider's note: a map card taken named in the effect text ---------------------------------

def test_an_item_card_taken_from_the_map_is_not_named_to_the_other_seats(client):
    """README: every item card that goes into a hand, taken by a move too, is its seat's only in
    the log and last move ("A player's hand may hold any number of item cards. Don't show them to
    other players!"). The event's card was masked for the others; its effect text named it."""
    book("A player's hand may hold any number of item cards. Don't show them to other players!")
    table = at_table(client, {"hand": [SWORD_FIST]})
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                    "card": COMPASS_LEAF})
    bob = seat_headers(client, table, "p2")
    for name, response in reads_by_others(client, table, "p2", bob).items():
        text = response.get_data(as_text=True)
        assert "leaf/compass" not in text, name
    log = client.get(f"/api/sessions/{table.id}/log", headers=table.headers).get_json()
    assert "Ann takes the item card from space" in json.dumps(log)
    assert table.view("p1")["state"]["players"]["p1"]["hand"][-1] == COMPASS_LEAF


# -- A space under a figure replenished ---------------------------------------------------------------

REPLENISH_MAP = book("Replenish the map row by row from top to bottom, and within each row from "
                     "left to right. If a figure is on a map space, that space doesn't replenish.")


def test_a_card_for_the_space_under_a_figure_is_refused_with_the_replenish_sentence(client):
    body = {"game": "pilgrims", **guard_setup({
        "phase": "replenish", "display": DISPLAY,
        "map": [["empty", None, None, None, None], [None, "empty", None, None, None]]
        + [[None] * 5] * 3, "players": seats({"movement": [1]})})}
    table = ApiTable(client, body)
    # [2, 2] is an empty campfire to replenish; [1, 1] is under Ann's figure.
    error = table.refused({"type": "replenish", "player": "p1",
                           "map": [BEAST_STAR, STAR_LEAF]}, REPLENISH_MAP)
    assert "A1" in error["message"]
    # Three cards: the spaces under both figures are empty (a figure took its card; finding
    # 148), so the two cards past the campfire's are for them, refused with the same sentence.
    error = table.refused({"type": "replenish", "player": "p1",
                           "map": [BEAST_STAR, STAR_LEAF, STAR_LEAF]}, REPLENISH_MAP)
    assert "A1, E5" in error["message"]
    table.accepted({"type": "replenish", "player": "p1", "map": [BEAST_STAR]})
    assert table.view()["current_players"] == ["p2"]
