"""Pillars of Fate, outsider scenarios, round 2b: from the rulebook and the API's own description
only (docs/games/pillars-of-fate.md, GET /api/games/pillars-of-fate), never the referee's code.
Rules combined at an Age's end: Eradan in a least-power lane, Mother to All and the Prophet
through a tie the pillar holder decides, the Steward from the left lane, renown below zero; and
the start of Age II: new quests of that Age, a new modifier, the marker passed, a Divine card
already played not played again."""

import pytest

from tests.api_table import calculated, quotes_from
from tests.test_blind_scenarios_pillars_of_fate import (
    QUESTS,
    age_one_almost_full,
    card,
    one_age,
    play,
    resolved,
)

GAME = "pillars-of-fate"
book = quotes_from(GAME)


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def test_eradan_makes_its_owner_lose_the_least_power_lane(client):
    # Center: the least power wins. Sun's three 2s (6) against Moon's 7; Eradan in Sun's left lane
    # adds 2 to Sun's other lanes, the center too: 8 against 7, Moon wins the center.
    center = {"moon": [card(3, 0, 2), card(2, 0, 2), card(2, 0, 2)]}
    without, _ = resolved(client, one_age("least_power", {"center": center}))
    assert without["center"]["winner"] == "sun"
    lanes, _ = resolved(client, one_age("least_power", {
        "left": {"sun": [card(2, 1, divine="Eradan"), card(2, 1), card(2, 1)]},
        "center": center}))
    assert lanes["center"]["power"] == {"sun": 8, "moon": 7}
    assert lanes["center"]["winner"] == "moon"


def test_mother_to_all_counts_a_lane_lost_on_a_tie_the_opponent_decided(client):
    # Moon holds the center pillar; the center is level on power (6 each) and Moon picks Moon.
    # Sun, with Mother to All, loses every lane: 10 renown.
    strong = [card(5, 0, 2)] * 3
    age = one_age("two_face_down", {
        "left": {"moon": strong, "sun": [card(1, 1, divine="Mother to All"), card(2, 1),
                                         card(2, 1)]},
        "center": {"pillar": "moon", "first": "moon", "moon": [card(2, 0, 2)] * 3,
                   "ties": {"power": "moon"}},
        "right": {"moon": strong}})
    lanes, scores = resolved(client, age)
    assert [lanes[name]["winner"] for name in ("left", "center", "right")] == ["moon"] * 3
    totals = {player["seat"]: player["total"] for player in scores["players"]}
    assert totals["sun"] == 10


def test_the_prophet_wins_its_lane_on_a_power_tie_its_player_decides(client):
    # Left: Sun 2 + 2 + 2 with the Prophet, Moon 2 + 2 + 2: level; Sun holds the pillar and
    # picks Sun. The lane's reward (scorpions dominate: 3) and the Prophet's 5.
    age = one_age("two_face_down", {
        "left": {"sun": [card(2, 1, divine="Prophet"), card(2, 1), card(2, 1)],
                 "moon": [card(2, 0, 2)] * 3, "ties": {"power": "sun"}},
        "center": {"moon": [card(5, 0, 2)] * 3}, "right": {"moon": [card(5, 0, 2)] * 3}})
    lanes, scores = resolved(client, age)
    assert lanes["left"]["winner"] == "sun"
    totals = {player["seat"]: player["total"] for player in scores["players"]}
    assert totals["sun"] == 3 + 5


def test_the_steward_in_the_left_lane_gives_feathers_to_both_lanes_on_its_right(client):
    lanes, _ = resolved(client, one_age("two_face_down", {
        "left": {"sun": [card(2, 1), card(2, divine="Steward"), card(2, 1)]}}))
    assert lanes["center"]["total_feathers"] == 3 + 2
    assert lanes["right"]["total_feathers"] == 3 + 2
    assert lanes["left"]["total_feathers"] == 2


def test_renown_goes_below_zero_and_the_least_negative_wins(client):
    # Every quest's scorpion path is a sickle: Moon's scorpions dominate everywhere and Moon wins
    # everywhere, taking -2 three times; Sun takes nothing.
    age = one_age("two_face_down", {
        name: {"quest": {"feather": 4, "scorpion": -2}, "moon": [card(5, 0, 2)] * 3}
        for name in ("left", "center", "right")})
    _, scores = resolved(client, age)
    totals = {player["seat"]: player["total"] for player in scores["players"]}
    assert totals == {"sun": 0, "moon": -6}


def test_age_two_needs_its_own_quests_a_new_modifier_and_the_marker_passed(client):
    table = age_one_almost_full(client, [card(5, 1), card(2, 0, 1)])
    table.accepted(play("moon", "right", 4, 1, 1))
    age_two = [{**quest, "age": 2} for quest in QUESTS]
    table.refused({"type": "begin_age", "player": "moon", "modifier": "no_suit",
                   "quests": [{**quest, "age": 1} for quest in QUESTS]},
                  book("Place 3 new quest cards that match the current Age."))
    # Age I's center held '2 cards can be played face down in this lane.'
    table.refused({"type": "begin_age", "player": "moon", "modifier": "two_face_down",
                   "quests": age_two}, book("Place a new quest modifier on the middle quest."))
    table.refused({"type": "begin_age", "player": "moon", "modifier": "no_suit",
                   "quests": age_two, "first_player": "sun"}, book("Pass the 1st player marker."))
    table.accepted({"type": "begin_age", "player": "moon", "modifier": "no_suit",
                    "quests": age_two})
    view = table.view()
    assert view["current_players"] == ["moon"]
    # The cards are removed and the pillars are back on top of the quests.
    assert [(lane["cards"], lane["pillar"]) for lane in view["state"]["lanes"]] == [
        ({"sun": [], "moon": []}, None)] * 3
    # Sun played the Prophet in Age I: it is no longer among his unplayed Divine cards.
    table.accepted(play("moon", "left", 3, 1))
    table.refused(play("sun", "left", 4, 1, divine="Prophet"),
                  book("You may select from any of your 3 unplayed Divine cards."))
    table.accepted(play("sun", "left", 5, 0, 1, divine="Klar"))


SICKLES = {name: {"quest": {"feather": 4, "scorpion": -2}, "moon": [card(5, 0, 2)] * 3}
           for name in ("left", "center", "right")}


@pytest.mark.parametrize("options, totals", [
    ({}, {"sun": 0, "moon": -6}),
    ({"quest_reward_to": "negative_to_loser"}, {"sun": -6, "moon": 0})])
def test_a_sickle_reward_goes_where_the_table_ruling_sends_it(client, options, totals):
    scores = calculated(client, GAME, {"ages": [one_age("two_face_down", SICKLES)],
                                       "options": options})
    assert {player["seat"]: player["total"] for player in scores["players"]} == totals
    # One Age is not a whole game: nobody has won yet.
    assert scores["winners"] == []


def test_three_ages_summed_and_age_three_decides(client):
    # Age I: Sun wins every lane (3 each). Age II: Moon takes the left (3), Sun the center, where
    # his first card is doubled, and the right (6). Age III's richer quests (8 for scorpions) all
    # go to Moon: 24. Sun 15, Moon 27.
    age_one = one_age("two_face_down", {})
    age_two = {**one_age("double_power", {"left": {"moon": [card(5, 0, 2)] * 3}}),
               "first_player": "moon"}
    age_three = one_age("no_suit", {
        name: {"quest": {"feather": 6, "scorpion": 8}, "moon": [card(5, 0, 2)] * 3}
        for name in ("left", "center", "right")})
    scores = calculated(client, GAME, {"ages": [age_one, age_two, age_three]})
    assert {player["seat"]: player["total"] for player in scores["players"]} == {
        "sun": 15, "moon": 27}
    assert scores["winners"] == ["moon"]
    assert scores["decided_by"]["rule"]["quote"] == book("The player with the most renown wins.")
