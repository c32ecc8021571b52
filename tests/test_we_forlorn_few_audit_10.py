"""We Forlorn Few: the tenth audit (session 14): outsider finding 92 — a position holding more
Resource or Ailment tokens than the box has.

Components: "• 25 Food tokens, 25 Water tokens, 25 Wood tokens" and "• 40 Hunger tokens, 40 Thirst
tokens, 40 Wagon Damage tokens"; every token in the Exploration Bag, on a Player board or placed on
a tile comes from the Stockpile and the book prints no substitute. A Ravenous Player's Hunger tokens
count (they are Hunger tokens on the Ravenous side). The outsider's cases (the bag, the bag and the
Supplies) are in tests/test_blind_scenarios_we_forlorn_few_6.py.
"""

import pytest

from tests.api_table import quotes_from
from tests.test_blind_scenarios_we_forlorn_few_5 import setup_error, two_on_the_road

book = quotes_from("we-forlorn-few")
HUNGER_LINE = book("• 40 Hunger tokens, 40 Thirst tokens, 40 Wagon Damage tokens")
BAG = {"food": 0, "water": 0, "wood": 0, "hunger": 0, "thirst": 0, "wagon_damage": 0}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def test_a_ravenous_players_hunger_counts_against_the_forty(client):
    ravenous = {"p2": {"status": "ravenous", "tile": "B", "hunger": 3}}
    error = setup_error(client, {"round": 4, "season_deck": 8, "phase": "travel", "current": "p1",
                                 "bag": {**BAG, "hunger": 38},
                                 "players": {"p1": {"tile": "A"}, **ravenous}})
    assert error["field"] == "position.bag"
    assert HUNGER_LINE in error["message"] and "41 Hunger tokens" in error["message"]


def test_the_whole_box_is_a_position_to_play_on(client):
    # 37 in the bag, Ann's 3 on her track: all 40 Hunger tokens of the box.
    table = two_on_the_road(client, p1={"ailments": {"hunger": 3}}, bag={**BAG, "hunger": 37})
    assert table.view()["state"]["bag"]["hunger"] == 37


# -- book walk: a mistake the vocabulary could not express -------------------------------------------

FLIP = book("They may travel to face-down tiles, but when they do, they DO NOT flip them.")
DESERT = {"kind": "Desert", "travel_cost": {"water": 2}, "resources": []}


def ravenous_on_m1(client, phase):
    from tests.guard_cases import we_forlorn_few as cases

    setup = cases.table(cases.at(phase, "p3", p3=cases.ravenous("M1")))
    created = client.post("/api/sessions", json={"game": "we-forlorn-few", **setup})
    assert created.status_code == 201, created.get_json()
    return created.get_json()


def send(client, session, event):
    return client.post(f"/api/sessions/{session['id']}/events",
                       headers={"Authorization": f"Bearer {session['edit_token']}"},
                       json={"event": event, "expected_seq": session["seq"]})


def test_a_ravenous_move_that_flips_a_face_down_tile_is_refused(client):
    """A table used to flipping a tile on arrival flips it for a Ravenous Traveler too: entered
    with the tile's face (`reveal`), refused with the Ravenous sentence; without it, accepted and
    the tile stays face down."""
    session = ravenous_on_m1(client, "ravenous_movement")
    move = {"type": "ravenous_move", "player": "p3", "path": ["W1", "D1"]}
    answer = send(client, session, {**move, "reveal": {"D1": DESERT}})
    assert answer.status_code == 422, answer.get_json()
    assert answer.get_json()["error"]["rule"]["quote"] == FLIP
    assert send(client, session, move).status_code == 200
    state = client.get(f"/api/sessions/{session['id']}").get_json()["state"]
    assert state["tiles"]["D1"]["face_up"] is False


def test_a_retreat_that_flips_a_face_down_tile_is_refused(client):
    session = ravenous_on_m1(client, "ravenous_retreat")
    answer = send(client, session, {"type": "retreat", "player": "p3", "to": "W1",
                                    "reveal": DESERT})
    assert answer.status_code == 422, answer.get_json()
    assert answer.get_json()["error"]["rule"]["quote"] == FLIP
