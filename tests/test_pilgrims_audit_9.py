"""Pilgrims: a ninth audit (session 14, `audit2`): a mistake the vocabulary could not express.

"2. The player places a quill token on the tile's top-most empty quill space." The referee placed
the quill itself, so a table putting it on another space (to take the top space's 2 points, or
leaving the top one for a friend) had nothing to enter and nothing was refused. A sign-up may now
name its quill `space`: the top-most empty one is accepted (left out, it is where the quill goes,
as before), another is refused with that sentence, and nothing is written.

And the question writer's solo corner: the solo player takes the corner's item card (settled by
the book: docs/games/pilgrims.md, session 14).

Then outsider finding 89 (tests written by the first auditor, `audit`): the calculator scored totals
no table can reach — more completed adventure cards of a level, item cards left in hand or companion
cards than Game Components prints ("• 17 level II adventure cards", "• 64 item cards"...), all
players together. No rule substitutes for a card, so those are a 400 naming `players`. Clover
tokens are not capped: "There is no limit to the number of clover tokens a player can acquire. If
the supply runs out, use any suitable substitute." — 30 of them still score 10 points.
"""

import copy

import pytest

from tests.api_table import ApiTable, quotes_from
from tests.test_blind_scenarios_pilgrims import NOTES_SPEECH, STAR_LEAF, SWORD_FIST
from tests.test_blind_scenarios_pilgrims_2 import at_table, moved_and_clover

book = quotes_from("pilgrims")
TOP_MOST = book("2. The player places a quill token on the tile's top-most empty quill space.")
PAY_B = [{"hand": 1}, {"hand": 2}]  # tile B costs a fist and a speech bubble


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def signing_up(client, quills):
    table = at_table(client, {"hand": [SWORD_FIST, NOTES_SPEECH, STAR_LEAF]},
                     players=("Ann", "Bob", "Cy"), quills=quills)
    moved_and_clover(table)
    return table


def tile_b(table):
    return next(q for q in table.view()["state"]["quests"] if q["tile"] == "B")


@pytest.mark.parametrize("quills, wrong, right", [
    ({}, "middle", "top"),
    ({}, "bottom", "top"),
    ({"B": ["p2"]}, "top", "middle"),
    ({"B": ["p2"]}, "bottom", "middle"),
    ({"B": ["p2", "p3"]}, "middle", "bottom"),
], ids=["empty-tile-middle", "empty-tile-bottom", "top-taken-top", "top-taken-bottom",
        "two-taken-middle"])
def test_the_quill_goes_on_the_top_most_empty_space(client, quills, wrong, right):
    table = signing_up(client, quills)
    before = tile_b(table)["quills"]
    table.refused({"type": "sign_up", "player": "p1", "tile": "B", "pay": PAY_B, "space": wrong},
                  TOP_MOST)
    assert tile_b(table)["quills"] == before
    table.accepted({"type": "sign_up", "player": "p1", "tile": "B", "pay": PAY_B, "space": right})
    assert tile_b(table)["quills"][("top", "middle", "bottom").index(right)] == "p1"


def test_a_sign_up_naming_no_space_takes_the_top_most_empty_one(client):
    table = signing_up(client, {"B": ["p2"]})
    table.accepted({"type": "sign_up", "player": "p1", "tile": "B", "pay": PAY_B})
    assert tile_b(table)["quills"][:2] == ["p2", "p1"]


# == The solo player's corner (the question writer's reading, settled by the book) ==============

def test_the_solo_player_takes_the_corner_item_card_as_step_6_says(client):
    """"1. Perform game setup as usual. During step #6 of player setup, place the player's figure
    on any corner of the map." — setup as usual: step 6's player "takes that space's item card and
    adds it to their hand", on any corner (see docs/games/pilgrims.md, session 14)."""
    book("1. Perform game setup as usual. During step #6 of player setup, place the player's "
         "figure on any corner of the map.")
    book("each player chooses one of the corner spaces, takes that space's item card and adds it "
         "to their hand, then places their figure on that space.")
    setup = copy.deepcopy(client.get("/api/games/pilgrims").get_json()["example_setup"])
    setup["players"] = ["Kim"]
    setup["options"]["leaders"] = {"p1": {"activation": ["sword"]}}
    table = ApiTable(client, setup)
    table.accepted({"type": "choose_corner", "player": "p1", "space": [5, 5], "item": SWORD_FIST,
                    "drawn": STAR_LEAF, "falconer_items": [NOTES_SPEECH, NOTES_SPEECH]})
    state = table.view("p1")["state"]
    assert state["players"]["p1"]["hand"] == [SWORD_FIST, STAR_LEAF]
    assert state["figures"]["p1"] == [5, 5]


# == Finding 89: the calculator and the box ======================================================

LEVEL_I, LEVEL_II = {"level": 1, "points": 2}, {"level": 2, "points": 3}


def calculated(client, *players):
    return client.post("/api/score/pilgrims", json={"players": [
        {"name": name, "items": 0, "clovers": 0, **tally}
        for name, tally in zip(("Ann", "Bob"), players, strict=False)]})


@pytest.mark.parametrize("ann, bob, printed", [
    ({"adventures": [LEVEL_II] * 10}, {"adventures": [LEVEL_II] * 8},
     "• 17 level II adventure cards"),
    ({"adventures": [LEVEL_I] * 21}, {}, "• 20 level I adventure cards"),
    ({"items": 40}, {"items": 25}, "• 64 item cards"),
], ids=["eighteen-level-ii-between-them", "twenty-one-level-i", "sixty-five-items-between-them"])
def test_more_cards_than_the_box_holds_are_refused(client, ann, bob, printed):
    book(printed)
    answer = calculated(client, ann, bob)
    assert answer.status_code == 400, answer.get_json()
    error = answer.get_json()["error"]
    assert error["field"] == "players" and printed in error["message"]


def test_the_whole_box_is_scored(client):
    answer = calculated(client, {"adventures": [LEVEL_II] * 9, "items": 30},
                        {"adventures": [LEVEL_II] * 8 + [LEVEL_I] * 20, "items": 34})
    assert answer.status_code == 200, answer.get_json()
    assert [p["total"] for p in answer.get_json()["players"]] == [27, 64]


def test_clover_tokens_beyond_the_supply_still_score(client):
    book("There is no limit to the number of clover tokens a player can acquire. If the supply "
         "runs out, use any suitable substitute.")
    answer = calculated(client, {"clovers": 30}, {"clovers": 14})
    assert answer.status_code == 200, answer.get_json()
    assert [p["total"] for p in answer.get_json()["players"]] == [10, 4]
