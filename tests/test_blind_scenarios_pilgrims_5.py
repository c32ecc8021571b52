"""Pilgrims: Curious Adventures, outsider scenarios round 6: the end-of-game calculator on its own
(the mission table's cap, clovers by three, totals the box cannot reach), steps entered out of
their phase, and a card drawn then undone kept from the other seat and a spectator. Written from
the rulebook and the API's own description only (docs/games/pilgrims.md, GET /api/games/pilgrims),
never the referee's code."""

import pytest

from tests.api_table import calculated, quotes_from, seat_headers
from tests.test_blind_scenarios_pilgrims import COMPASS_LEAF, STAR_LEAF, SWORD_FIST
from tests.test_blind_scenarios_pilgrims_2 import at_table
from tests.test_blind_scenarios_pilgrims_4 import setup_answer

GAME = "pilgrims"
book = quotes_from(GAME)

FIXED_ORDER = book("A player's turn consists of the following phases in a fixed order:")
MOST_POINTS = book("The player with the most victory points is the most experienced pilgrim, and "
                   "wins the game!")
LEVEL_II = {"level": 2, "points": 3}
PUBLIC_QUESTS = {"A": "1a", "B": "2a", "C": "5"}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def line(answer, seat_index, label_start):
    return next(line for line in answer["players"][seat_index]["breakdown"]
                if line["label"].startswith(label_start))


# --- The calculator ------------------------------------------------------------------------------

def test_the_calculator_caps_a_mission_at_six_points_for_five_cards(client):
    book("Players can't score more than 6 victory points from completing a public quest tile's "
         "mission.")
    answer = calculated(client, GAME, {"public_quests": PUBLIC_QUESTS, "players": [
        {"name": "Ann", "items": 0, "clovers": 0, "adventures": [LEVEL_II] * 5,
         "quills": [{"tile": "C", "space": "top"}]},
        {"name": "Bob", "items": 0, "clovers": 0}]})
    assert line(answer, 0, "Public quest C (5): mission")["points"] == 6
    assert line(answer, 0, "Public quest C (5): quill space")["points"] == 2
    assert answer["players"][0]["total"] == 15 + 2 + 6
    assert MOST_POINTS in answer["decided_by"]["rule"]["quote"]


@pytest.mark.parametrize("clovers, points", [(2, 0), (3, 1), (8, 2)])
def test_the_calculator_scores_one_point_per_three_clovers_rounded_down(client, clovers, points):
    book("• 1 victory point per 3 remaining clover tokens")
    answer = calculated(client, GAME, {"players": [
        {"name": "Ann", "items": 0, "clovers": clovers}, {"name": "Bob", "items": 0, "clovers": 0}]})
    assert line(answer, 0, "Remaining clover tokens")["points"] == points


def test_the_calculator_counts_the_quill_spaces_and_the_mission_of_one_level_ii_card(client):
    answer = calculated(client, GAME, {"public_quests": PUBLIC_QUESTS, "players": [
        {"name": "Ann", "items": 0, "clovers": 0, "adventures": [LEVEL_II],
         "quills": [{"tile": "C", "space": "top"}]},
        {"name": "Bob", "items": 0, "clovers": 0, "adventures": [LEVEL_II, LEVEL_II],
         "quills": [{"tile": "C", "space": "middle"}]}]})
    # Ann: 3 + top space 2 + one card 1 = 6; Bob: 6 + middle space 1 + two cards 2 = 9.
    assert [player["total"] for player in answer["players"]] == [6, 9]
    assert answer["winners"] == [answer["players"][1]["seat"]]


@pytest.mark.parametrize("players, printed", [
    ([{"name": "Ann", "items": 0, "clovers": 0, "adventures": [LEVEL_II] * 18},
      {"name": "Bob", "items": 0, "clovers": 0}], "• 17 level II adventure cards"),
    ([{"name": "Ann", "items": 65, "clovers": 0}, {"name": "Bob", "items": 0, "clovers": 0}],
     "• 64 item cards"),
], ids=["eighteen-level-ii-cards", "sixty-five-items"])
def test_the_calculator_refuses_more_cards_than_the_box_holds(client, players, printed):
    book(printed)
    answer = calculated(client, GAME, {"players": players}, status=400)
    assert "players" in answer["error"].get("field", "")


@pytest.mark.parametrize("players", [
    [{"name": "Ann", "items": 0, "clovers": 30}, {"name": "Bob", "items": 0, "clovers": 0}],
    [{"name": "Ann", "items": 0, "clovers": 14}, {"name": "Bob", "items": 0, "clovers": 14}],
], ids=["thirty-clovers", "twenty-eight-clovers-between-them"])
def test_the_calculator_scores_more_clovers_than_the_box_holds(client, players):
    # Finding 89's clover half, answered by the book (the lead, session 14): the 26 tokens of
    # Game Components are no limit.
    book("There is no limit to the number of clover tokens a player can acquire. If the supply "
         "runs out, use any suitable substitute.")
    answer = calculated(client, GAME, {"players": players})
    assert len(answer["players"]) == 2


# --- Steps out of their phase ------------------------------------------------------------------

def test_the_replenish_entered_before_the_move_is_refused(client):
    book("On their turn, each player must use 1 of their movement tokens.")
    table = at_table(client, {"hand": [STAR_LEAF, SWORD_FIST], "clovers": 0})
    table.refused({"type": "replenish", "player": "p1"}, FIXED_ORDER)
    table.refused({"type": "activate", "player": "p1", "character": "leader", "hand": 2},
                  FIXED_ORDER)
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "activate", "player": "p1", "character": "leader", "hand": 2})


def test_the_activation_tapped_twice_is_refused_the_second_time(client):
    table = at_table(client, {"hand": [SWORD_FIST], "clovers": 0})
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "activate", "player": "p1", "character": "leader", "hand": 1})
    table.refused({"type": "activate", "player": "p1", "character": "leader", "hand": 1},
                  book("During the Activate phase, do one of the following:"))
    table.accepted({"type": "replenish", "player": "p1"})


# --- Hidden information through undo -----------------------------------------------------------

def test_a_drawn_card_undone_stays_hidden_and_bobs_phone_cannot_undo_it(client):
    book("A player's hand may hold any number of item cards. Don't show them to other players!")
    secret = {"adventure": "coin", "activation": "notes", "name": "Zanzibar Lantern"}
    table = at_table(client, {"hand": [STAR_LEAF], "clovers": 0},
                     bob={"hand": [SWORD_FIST], "figure": [3, 2]})
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2], "card": secret})
    bob = seat_headers(client, table, "p2")
    refused = client.post(f"/api/sessions/{table.id}/undo", headers=bob, json={})
    assert refused.status_code == 403, refused.get_json()
    undone = client.post(f"/api/sessions/{table.id}/undo", headers=table.headers, json={})
    assert undone.status_code == 200, undone.get_json()
    refused_redo = client.post(f"/api/sessions/{table.id}/redo", headers=bob, json={})
    assert refused_redo.status_code == 403, refused_redo.get_json()
    assert "Zanzibar" not in refused.get_data(as_text=True) + refused_redo.get_data(as_text=True)
    for headers in (bob, {}):
        for path in (f"/api/sessions/{table.id}", f"/api/sessions/{table.id}/log"):
            text = client.get(path, headers=headers).get_data(as_text=True)
            assert "Zanzibar" not in text and "coin" not in text, path
    for path in ("", "/log", "/state.json?since=0"):
        text = client.get(f"/play/{table.id}{path}").get_data(as_text=True)
        assert "Zanzibar" not in text, path
    export = client.get(f"/api/sessions/{table.id}/export", headers=bob)
    assert export.status_code == 403


@pytest.mark.parametrize("ann, bob", [({"clovers": 30}, {}), ({"clovers": 14}, {"clovers": 14})],
                         ids=["thirty-clovers", "twenty-eight-between-them"])
def test_a_position_with_more_clovers_than_the_box_holds_is_accepted(client, ann, bob):
    # Finding 89's addendum, answered by the book (the lead, session 14): clovers are uncapped.
    book("There is no limit to the number of clover tokens a player can acquire.")
    response = setup_answer(client, {"hand": [STAR_LEAF], **ann}, bob)
    assert response.status_code == 201, response.get_json()


def test_a_position_with_the_boxs_twenty_six_clovers_is_played_on(client):
    table = at_table(client, {"hand": [STAR_LEAF, SWORD_FIST], "clovers": 26})
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "activate", "player": "p1", "character": "leader", "hand": 2})
    table.accepted({"type": "replenish", "player": "p1"})
