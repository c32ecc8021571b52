"""Pillars of Fate, outsider scenarios round 4: undo at the end of an Age and in the middle of
one, and the Age resolved at the table against the end-of-game calculator for the same lanes.
Written from the rulebook and the API's own description only (docs/games/pillars-of-fate.md,
GET /api/games/pillars-of-fate), never the referee's code."""

import pytest

from tests.api_table import calculated, quotes_from
from tests.test_blind_scenarios_pillars_of_fate import (
    age_one_almost_full,
    card,
    drafted,
    from_the_draft,
    play,
)

GAME = "pillars-of-fate"
book = quotes_from(GAME)

PILLAR_DECIDES = book("Ties in either suit or power are decided by the player that holds the pillar "
                      "for that lane.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def undo(table):
    response = table.client.post(f"/api/sessions/{table.id}/undo", headers=table.headers)
    assert response.status_code == 200, response.get_json()
    table.seq = response.get_json()["seq"]


def test_undo_of_the_play_that_ended_the_age_takes_back_its_renown(client):
    table = age_one_almost_full(client, [card(5, 1), card(2, 0, 1)])
    before = table.view()
    table.accepted(play("moon", "right", 4, 1, 1))
    assert table.view()["state"]["renown"] == {"sun": 4, "moon": 7}
    undo(table)
    after = table.view()
    assert after["state"] == before["state"]
    assert after["phase"] == before["phase"]
    assert after["legal"] == before["legal"]


def test_undo_of_a_tie_broken_by_the_pillar_holder_asks_again(client):
    table = age_one_almost_full(client, [card(5, 1), card(2, 0, 1)])
    table.accepted(play("moon", "right", 1, 1, 1))
    asking = table.view()
    table.accepted({"type": "break_tie", "player": "sun", "lane": "right", "tie": "power",
                    "choice": "sun"})
    undo(table)
    assert table.view()["state"] == asking["state"]
    assert table.view()["phase"] == "ties"
    table.refused({"type": "break_tie", "player": "moon", "lane": "right", "tie": "power",
                   "choice": "moon"}, PILLAR_DECIDES)


def test_undo_of_the_first_face_up_card_puts_the_pillar_back(client):
    table = drafted(client)
    before = table.view("sun")
    table.accepted(play("sun", "left", 4, 1))
    left = next(entry for entry in table.view()["state"]["lanes"] if entry["name"] == "left")
    assert left["pillar"] == "sun"
    undo(table)
    after = table.view("sun")
    assert after["state"] == before["state"]
    # Moon's face-up card is now the first in the lane: the pillar goes to Moon's side.
    table.accepted(play("sun", "center", 4, 1))
    table.accepted(play("moon", "left", 3, 0, 1))
    left = next(entry for entry in table.view()["state"]["lanes"] if entry["name"] == "left")
    assert left["pillar"] == "moon"


def test_an_age_resolved_at_the_table_and_by_the_calculator_agree(client):
    table = age_one_almost_full(client, [card(5, 1), card(2, 0, 1)])
    table.accepted(play("moon", "right", 4, 1, 1))
    live = table.view()["scores"]
    lanes = {
        "left": {"quest": {"feather": 3, "scorpion": -1}, "pillar": "sun",
                 "sun": [card(5, 1), card(4, 1, divine="Prophet"), card(2, 0, 1)],
                 "moon": [card(3, 0, 1), card(6, 0, 2), card(1, 1)]},
        "center": {"quest": {"feather": 2, "scorpion": 4}, "pillar": "moon",
                   "sun": [card(2, 1), card(7, 0, 1), card(1, 2)],
                   "moon": [card(6, 0, 2), card(3, 1, divine="Hadria"), card(2, 0, 2)]},
        "right": {"quest": {"feather": -2, "scorpion": 3}, "pillar": "sun",
                  "sun": [card(1, 0, 1), card(3, 1), card(4, 0, 2)],
                  "moon": [card(5, 1), card(2, 0, 1), card(4, 1, 1)]}}
    calc = calculated(client, GAME, {"ages": [{"modifier": "two_face_down",
                                               "first_player": "sun", "lanes": lanes}]})
    assert ({p["seat"]: p["total"] for p in live["players"]}
            == {p["seat"]: p["total"] for p in calc["players"]} == {"sun": 4, "moon": 7})


# --- The Divine draft and hidden information ---------------------------------------------------

def test_the_card_kept_in_the_draft_is_hidden_from_the_opponent(client):
    table = from_the_draft(client)
    table.accepted({"type": "draft_divine", "player": "sun", "kept": "Prophet",
                    "passed": ["Klar", "Naka"]})
    table.accepted({"type": "draft_divine", "player": "moon", "kept": "Hadria",
                    "passed": ["Pentha", "Eradan"]})
    moon_sees = table.view("moon")
    # Moon passed Pentha and Eradan to Sun and knows them; Sun's own pick is Sun's secret.
    assert "Prophet" not in repr(moon_sees["state"])
    assert "Prophet" not in repr(moon_sees["last_event"])
    names = [card_["name"] for card_ in moon_sees["state"]["divine"]["sun"]["unplayed"]]
    assert sorted(names) == ["?", "Eradan", "Pentha"]


def test_a_spectator_learns_no_divine_card_from_the_draft(client):
    table = from_the_draft(client)
    table.accepted({"type": "draft_divine", "player": "sun", "kept": "Prophet",
                    "passed": ["Klar", "Naka"]})
    table.accepted({"type": "draft_divine", "player": "moon", "kept": "Hadria",
                    "passed": ["Pentha", "Eradan"]})
    spectator_state = client.get(f"/api/sessions/{table.id}").get_json()
    spectator_log = client.get(f"/api/sessions/{table.id}/log").get_json()
    for read in (spectator_state, spectator_log):
        for name in ("Prophet", "Klar", "Naka", "Hadria", "Pentha", "Eradan"):
            assert name not in repr(read), name


def test_a_face_down_divine_card_shows_its_back_but_not_its_name(client):
    # "Even when played face down, your opponent will be aware that you've played a Divine card
    # in that position because of their unique back."
    table = drafted(client)
    table.accepted(play("sun", "left", 5, 1, face="down", divine="Pentha"))
    for read in (table.view("moon"), client.get(f"/api/sessions/{table.id}").get_json()):
        left = next(entry for entry in read["state"]["lanes"] if entry["name"] == "left")
        (card_,) = left["cards"]["sun"]
        assert card_["face"] == "down"
        assert card_.get("divine") and card_["divine"] != "Pentha"
        assert "power" not in card_ or card_["power"] is None
        assert "Pentha" not in repr(read["last_event"])


def test_the_draft_is_simultaneous_so_moon_picks_before_seeing_what_sun_passed(client):
    # "Players simultaneously select 1 card to keep, passing the other 2 to their opponent."
    table = from_the_draft(client)
    join = {"Authorization": "Bearer " + table.join_token}
    claimed = client.post(f"/api/sessions/{table.id}/seats", headers=join, json={"seat": "moon"})
    assert claimed.status_code == 201
    moon_reads = {"Authorization": "Bearer " + claimed.get_json()["seat_token"]}
    table.accepted({"type": "draft_divine", "player": "sun", "kept": "Prophet",
                    "passed": ["Klar", "Naka"]})
    moon_state = client.get(f"/api/sessions/{table.id}", headers=moon_reads).get_json()
    moon_log = client.get(f"/api/sessions/{table.id}/log", headers=moon_reads).get_json()
    for read in (moon_state, moon_log):
        for name in ("Prophet", "Klar", "Naka"):
            assert name not in repr(read), name
    # Once Moon has picked too, the two cards Sun passed are Moon's to see.
    table.accepted({"type": "draft_divine", "player": "moon", "kept": "Hadria",
                    "passed": ["Pentha", "Eradan"]})
    moon_state = client.get(f"/api/sessions/{table.id}", headers=moon_reads).get_json()
    names = [card_["name"] for card_ in moon_state["state"]["divine"]["moon"]["unplayed"]]
    assert sorted(names) == ["Hadria", "Klar", "Naka"]


def test_undo_of_the_start_of_age_two_goes_back_to_the_resolved_age(client):
    table = age_one_almost_full(client, [card(5, 1), card(2, 0, 1)])
    table.accepted(play("moon", "right", 4, 1, 1))
    resolved_age = table.view()
    table.accepted({"type": "begin_age", "player": "sun", "modifier": "least_power",
                    "quests": [{"feather": 5, "scorpion": -2}, {"feather": 4, "scorpion": 6},
                               {"feather": -3, "scorpion": 5}]})
    assert table.view()["state"]["age"] == 2
    undo(table)
    after = table.view()
    assert after["state"] == resolved_age["state"]
    assert after["phase"] == resolved_age["phase"]
