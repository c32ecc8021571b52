"""Pilgrims: Curious Adventures, outsider scenarios round 19 (file 20): undo after every kind of
entry in one turn — at each step of Ann's Activate, Adventure and Replenish phases (a companion
activated, its clover and "another activation", a second companion drawing an item card, a reserved
adventure completed, the replenish), every complete entry the phone is offered is accepted, undone to
exactly the table before it (as Ann and as Bob see it) and redone to exactly the table after it.
Written from the rulebook and the API's own description only (docs/games/pilgrims.md, GET
/api/games/pilgrims), never the referee's code."""

import pytest

from tests.api_table import ApiTable, as_seen
from tests.test_blind_scenarios_pilgrims import (
    CAMPFIRES,
    COMPASS_LEAF,
    LEADERS,
    NOTES_SPEECH,
    QUESTS,
    STAR_LEAF,
    SWORD_FIST,
    item,
)

GAME = "pilgrims"
COIN_STAR = item("coin", "star")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def redo(table):
    response = table.client.post(f"/api/sessions/{table.id}/redo", headers=table.headers)
    assert response.status_code == 200, response.get_json()
    table.seq = response.get_json()["seq"]


def seen(table):
    return [as_seen(table.view(seat)) for seat in ("p1", "p2")]


def every_offer_undone_and_redone(table):
    """Each complete entry offered now: accepted, undone exactly, redone exactly, undone."""
    start = seen(table)
    offers = [event for event in table.view("p1")["legal"] if "open" not in event]
    for event in offers:
        table.accepted(event)
        after = seen(table)
        table.undo()
        assert seen(table) == start, event
        redo(table)
        assert seen(table) == after, event
        table.undo()
    return len(offers)


def companion(types, symbol, abilities):
    return {"card": {"types": types, "activation": [symbol], "abilities": abilities}}


def test_every_entry_offered_in_anns_turn_is_undone_and_redone_exactly(client):
    table = ApiTable(client, {
        "game": GAME, "players": ["Ann", "Bob"],
        "options": {"campfires": CAMPFIRES, "public_quests": QUESTS,
                    "leaders": {"p1": LEADERS["p1"], "p2": LEADERS["p2"]}},
        "position": {"round": 2, "current": "p1", "phase": "activate",
                     "players": {
                         "p1": {"figure": [1, 1], "movement": [1], "clovers": 4,
                                "hand": [SWORD_FIST, NOTES_SPEECH, STAR_LEAF, COMPASS_LEAF],
                                "party": [companion(["wanderer"], "notes",
                                                   ["gain clover", "another activation"]),
                                          companion(["beast"], "star", ["draw item"])],
                                "reserve": [{"level": 1, "points": 2, "party": ["?"],
                                             "crosses": 0, "cost": ["fist"]}]},
                         "p2": {"figure": [5, 5], "hand": [SWORD_FIST]}}}})
    checked = 0
    for step in [
        {"type": "activate", "player": "p1", "character": 1, "hand": 2},
        {"type": "ability", "player": "p1", "kind": "gain clover"},
        {"type": "ability", "player": "p1", "kind": "another activation"},
        {"type": "activate", "player": "p1", "character": 2, "hand": 2},
        {"type": "ability", "player": "p1", "kind": "draw item", "card": COIN_STAR},
        {"type": "complete_adventure", "player": "p1", "source": "reserve", "index": 1,
         "pay": [{"hand": 1}], "companions": [1], "retire": []},
        {"type": "replenish", "player": "p1"},
    ]:
        checked += every_offer_undone_and_redone(table)
        table.accepted(step)
    assert table.view("p1")["state"]["current"] == "p2"
    assert checked >= 20
