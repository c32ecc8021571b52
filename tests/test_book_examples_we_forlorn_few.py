"""We Forlorn Few, the rulebook's worked examples that earlier tests replay only in part
(docs/book-examples.md lists them all): the Sacrificing Companions Example played to its last
bullet. Written by an outsider from the rulebook, docs/games/we-forlorn-few.md and
GET /api/games/we-forlorn-few only, never the referee's code."""

import pytest

from tests.api_table import ApiTable, quotes_from

GAME = "we-forlorn-few"
book = quotes_from(GAME)

PERISH_WHILE_PAYING = book("Paying Travel Cost happens before your Traveler moves, so you'd remain "
                           "on the same tile.")

TURN_ENDS = book("They then add one Hunger token to their Player board. If it is currently their "
                 "turn, they must end their turn immediately.")

# The Mountain's Travel Cost is not printed in the example; this table's Mountain asks two Food
# and one Wood, so that paying it all in Ailments would, as the example says, "result in the death
# of a Companion and the Matriarch herself".
TERRAIN = [
    {"name": "CF", "kind": "Cedar Falls", "travel_cost": {"food": 1, "water": 1},
     "adjacent": ["M1"]},
    {"name": "M1", "kind": "Mountain", "travel_cost": {"food": 2, "wood": 1},
     "resources": ["water"], "adjacent": ["F1"]},
    {"name": "F1", "kind": "Forest", "travel_cost": {"water": 1, "wood": 1}, "resources": ["wood"],
     "adjacent": ["NH"]},
    {"name": "NH", "kind": "Newhaven", "adjacent": []},
]
PISTOL = {"name": "Pistol", "type": "weapon", "value": 2, "dice": 1}
TRAVELERS = {
    "p1": {"name": "The Sheriff's Daughter",
           "equipment": [PISTOL, {"name": "Holster", "type": "storage", "value": 1,
                                  "holds": {"tool": 0, "weapon": 1}}]},
    "p2": {"name": "The Outpost Matriarch", "equipment": [PISTOL, PISTOL]},
}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def matriarch_on_the_mountain(client):
    """'The Outpost Matriarch begins their turn on a Mountain tile with three Hunger tokens, two
    Thirst tokens and one Wagon Damage token on their Player board', her last Companion with her
    and no Resources."""
    return ApiTable(client, {"game": GAME, "players": ["Ann", "Dora"], "options": {
        "terrain": TERRAIN, "travelers": TRAVELERS}, "position": {
        "round": 1, "season_deck": 11, "phase": "travel", "current": "p2",
        "players": {"p1": {"tile": "CF"},
                    "p2": {"tile": "M1", "companions": 1,
                           "resources": {"food": 0, "water": 0, "wood": 0},
                           "ailments": {"hunger": 3, "thirst": 2, "wagon_damage": 1}}}}})


def matriarch(table):
    return table.view()["state"]["players"]["p2"]


def test_without_the_sacrifice_the_travel_costs_her_companion_and_herself(client):
    # "They wish to Travel, but they do not have enough Resources to do so and gaining the
    # corresponding Ailments would result in the death of a Companion and the Matriarch herself."
    table = matriarch_on_the_mountain(client)
    answer = table.accepted({"type": "travel", "player": "p2", "to": "F1",
                             "ailments": {"hunger": 2, "wagon_damage": 1}})
    dora = matriarch(table)
    assert (dora["status"], dora["companions"], dora["tile"]) == ("ravenous", 0, "M1")
    assert dora["hunger"] == 1
    quoted = [effect["rule"]["quote"] for effect in answer["effects"] if effect.get("rule")]
    assert any(PERISH_WHILE_PAYING in quote for quote in quoted)
    assert TURN_ENDS in quoted
    # Her turn was the round's last: the next round's Season card is next.
    assert table.view()["phase"] == "season"


def test_the_sacrificing_companions_example_to_its_last_bullet(client):
    table = matriarch_on_the_mountain(client)
    # "They select to remove two of the Hunger tokens, one of their Thirst tokens and their one
    # Wagon Damage token." "They select Wagon Damage and place their Companion token Skull-side up
    # on the bottom most space on the Wagon Damage track."
    table.accepted({"type": "sacrifice", "player": "p2",
                    "remove": {"hunger": 2, "thirst": 1, "wagon_damage": 1},
                    "skull": "wagon_damage"})
    dora = matriarch(table)
    assert dora["ailments"] == {"hunger": 1, "thirst": 1, "wagon_damage": 0}
    assert dora["skulls"] == {"hunger": 0, "thirst": 0, "wagon_damage": 1}
    assert (dora["companions"], dora["status"]) == (0, "traveler")
    # "They then must pay the Travel Cost to move off the Mountain tile and continue their turn."
    table.accepted({"type": "travel", "player": "p2", "to": "F1",
                    "ailments": {"hunger": 2, "wagon_damage": 1}})
    dora = matriarch(table)
    assert (dora["tile"], dora["status"]) == ("F1", "traveler")
    assert dora["ailments"] == {"hunger": 3, "thirst": 1, "wagon_damage": 1}
    assert table.view()["phase"] == "turn_gathering"
    assert table.view()["state"]["current"] == "p2"
