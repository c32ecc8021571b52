"""Pilgrims, the rulebook's worked examples that earlier tests replay only in part
(docs/book-examples.md lists them all): the Lost Sheep example's "2 spaces diagonally". Written by
an outsider from the rulebook, docs/games/pilgrims.md and GET /api/games/pilgrims only, never the
referee's code."""

import pytest

from tests.api_table import ApiTable, quotes_from
from tests.test_blind_scenarios_pilgrims import (
    CAMPFIRES,
    COMPASS_LEAF,
    LEADERS,
    QUESTS,
    SWORD_FIST,
)

GAME = "pilgrims"
book = quotes_from(GAME)

ONE_MORE_SPACE = book("• When moving by the depicted means, you may move 1 more space in any "
                      "possible direction.")
LOST_SHEEP = {"name": "Lost Sheep", "level": 1, "points": 2, "improvement": ["movement"],
              "trigger": {"when": "means", "means": 1},
              "abilities": ["gain clover", "extra space"]}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def walking_with_the_lost_sheep(client):
    """Ann's Move phase at the middle of the map; she completed the Lost Sheep, whose improvement
    is triggered by walking (movement space 1 of her board, as the table reads it)."""
    return ApiTable(client, {
        "game": GAME, "players": ["Ann", "Bob"],
        "options": {"campfires": CAMPFIRES, "public_quests": QUESTS,
                    "leaders": {seat: LEADERS[seat] for seat in ("p1", "p2")}},
        "position": {"round": 1, "current": "p1", "players": {
            "p1": {"figure": [3, 3], "clovers": 0, "completed": [LOST_SHEEP],
                   "hand": [SWORD_FIST]},
            "p2": {"figure": [1, 5], "hand": [SWORD_FIST]}}}})


def test_the_lost_sheep_example_two_spaces_diagonally_when_walking(client):
    # "Example: When the player travels by walking, the Lost Sheep adventure card allows them to
    # gain 1 clover token and move 1 more space. That means they can move 2 spaces diagonally or
    # orthogonally instead of only 1 space." Ann walks one diagonal space and one more, diagonally.
    table = walking_with_the_lost_sheep(client)
    table.accepted({"type": "move", "player": "p1", "movement": 1, "diagram_to": [4, 4],
                    "to": [5, 5], "card": COMPASS_LEAF})
    state = table.view("p1")["state"]
    assert state["figures"]["p1"] == [5, 5]
    assert state["players"]["p1"]["hand"] == [SWORD_FIST, COMPASS_LEAF]
    clover = {"type": "ability", "player": "p1", "improvement": 1, "kind": "gain clover"}
    assert clover in table.view("p1")["legal"]
    table.accepted(clover)
    assert table.view("p1")["state"]["players"]["p1"]["clovers"] == 1


def test_the_lost_sheep_gives_one_more_space_not_two(client):
    # "move 1 more space": 2 spaces in all, never 3 — a space two beyond the diagram is refused.
    table = walking_with_the_lost_sheep(client)
    table.refused({"type": "move", "player": "p1", "movement": 1, "diagram_to": [4, 4],
                   "to": [4, 2], "card": COMPASS_LEAF}, ONE_MORE_SPACE)
    table.accepted({"type": "move", "player": "p1", "movement": 1, "diagram_to": [4, 4],
                    "to": [4, 5], "card": COMPASS_LEAF})
    assert table.view("p1")["state"]["figures"]["p1"] == [4, 5]
