"""Pillars of Fate, outsider scoring scenarios round 19: the calculator on what rounds 11 and 13 did
not score — the "Other" of Aponi and Saghari (the card itself and the opponent's cards untouched),
worked by hand; Pentha zeroing the card Saghari raised (0 in either order); Hadria and the
Prophet in one lane, won by either player, every line citing its sentence; and the tallies a
table would refuse — two face-down cards in a lane under each `face_down_limit`, with Naka's
"other quest lanes" and not its own; a lane not full; an Age without a player's Divine card under
each `divine_required`. Written from the rulebook and the API's own description only
(docs/games/pillars-of-fate.md, GET /api/games/pillars-of-fate), never the referee's code."""

import pytest

from tests.api_table import calculated, quotes_from
from tests.test_blind_scoring_pillars_of_fate_2 import card, lane, one_age, plain

GAME = "pillars-of-fate"
book = quotes_from(GAME)

AWARD = book("Award renown according to the conditional rewards for each quest.")
APONI = book("Aponi - Other cards in your lane with Aponi that have a power of 8 become 2.")
SAGHARI = book("Saghari - Other cards in your lane with Saghari that have a power of 3 become 7.")
PENTHA = book("Pentha - The opponent card's power opposite of Pentha becomes 0.")
PROPHET = book("Prophet - If you win the lane that you have played the Prophet in, gain 5 renown.")
HADRIA = book("Hadria - If your opponent wins the lane where Hadria is played, they lose 5 Renown "
              "in addition to any quest awards.")
FACE_DOWN = book("1 card per lane may be played face down.")
NAKA = book("Naka - Your other quest lanes may have 2 face-down cards.")
LANES_FULL = book("The end of an Age triggers when each of the 3 lanes are full.")
MUST_DIVINE = book("Once per Age, you must play a Divine card.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def lane_result(scores, name):
    """The calculator's own account of one lane of Age I: each side's card powers, totals, winner."""
    found = next(entry for entry in scores["ages"][0]["lanes"] if entry["lane"] == name)
    powers = {seat: [value["power"] for value in found["values"][seat]] for seat in ("sun", "moon")}
    return powers, found["power"], found["winner"]


def lines(scores, seat):
    player = next(player for player in scores["players"] if player["seat"] == seat)
    assert sum(line["points"] for line in player["breakdown"]) == player["total"]
    return [(line["label"], line["points"], line["rule"]["quote"]) for line in player["breakdown"]]


# --- "Other cards" ---------------------------------------------------------------------------------

def test_aponi_and_saghari_change_their_owners_other_cards_only(client):
    # Left: Sun's Aponi is itself an 8, beside another 8 (becomes 2); Moon's 8 opposite is not in
    # "your lane" of Sun's: 8+2+1 = 11 against Moon's 8+1+1 = 10, Sun wins; feathers 2-1 (3).
    left = lane([card(8, 2, divine="Aponi"), card(8), card(1)],
                [card(8, 0, 1), card(1), card(1)], 3, 5, "sun")
    # Right: Moon's Saghari is itself a 3, beside another 3 (becomes 7); Sun's 3 stays 3:
    # Moon 3+7+1 = 11 against Sun 3+3+4 = 10; scorpions 1-0, Moon takes the scorpion path (5).
    right = lane([card(3), card(3), card(4)],
                 [card(3, 0, 1, divine="Saghari"), card(3), card(1)], 4, 5, "moon")
    scores = calculated(client, GAME, one_age(left, right=right))
    assert lane_result(scores, "left") == ({"sun": [8, 2, 1], "moon": [8, 1, 1]},
                                           {"sun": 11, "moon": 10}, "sun")
    assert lane_result(scores, "right") == ({"sun": [3, 3, 4], "moon": [3, 7, 1]},
                                            {"sun": 10, "moon": 11}, "moon")
    assert lines(scores, "sun") == [
        ("Age I · left quest won, feathers dominate", 3, AWARD),
        ("Age I · center quest won, feathers dominate", 1, AWARD)]
    assert lines(scores, "moon") == [("Age I · right quest won, scorpions dominate", 5, AWARD)]


# --- Pentha against Saghari ------------------------------------------------------------------------

def test_pentha_zeroes_the_card_saghari_raised(client):
    # Moon's Pentha opposite Sun's first card, a 3 that Sun's Saghari would make 7: 0 in whichever
    # order the two are read (the order against the center's modifiers is finding 149's, by
    # outsider18); Sun's other 3 is 7: 0+1+7 = 8 against Moon's 1+5+1 = 7.
    left = lane([card(3, 2), card(1, divine="Saghari"), card(3)],
                [card(1, divine="Pentha"), card(5, 0, 1), card(1)], 3, 5, "sun")
    scores = calculated(client, GAME, one_age(left))
    assert lane_result(scores, "left") == ({"sun": [0, 1, 7], "moon": [1, 5, 1]},
                                           {"sun": 8, "moon": 7}, "sun")


# --- Hadria and the Prophet in one lane --------------------------------------------------------------

def test_sun_winning_with_her_prophet_over_moons_hadria_gains_5_and_loses_5(client):
    # Sun 2+5+1 = 8 against Moon 1+3+1 = 5, feathers 2-1: the 3, Prophet's +5, Hadria's -5.
    left = lane([card(2, 2), card(5, divine="Prophet"), card(1)],
                [card(1, 0, 1), card(3, divine="Hadria"), card(1)], 3, 5, "sun")
    scores = calculated(client, GAME, one_age(left))
    sun = lines(scores, "sun")
    assert sun[:3] == [
        ("Age I · left quest won, feathers dominate", 3, AWARD),
        ("Age I · Prophet: won the left lane", 5, PROPHET),
        ("Age I · Hadria: won the left lane where the opponent's Hadria lies", -5, HADRIA)]
    assert [line[1] for line in sun[3:]] == [1, 1] and lines(scores, "moon") == []


def test_moon_winning_her_hadrias_lane_gains_nothing_from_either_card(client):
    # Moon 1+6+1 = 8 against Sun 2+1+1 = 4: the lane's 3 to Moon; Sun's Prophet lost its lane,
    # and Hadria takes renown only from the opponent who wins.
    left = lane([card(2, 2), card(1, divine="Prophet"), card(1)],
                [card(1, 0, 1), card(6, divine="Hadria"), card(1)], 3, 5, "sun")
    scores = calculated(client, GAME, one_age(left))
    assert lines(scores, "moon") == [("Age I · left quest won, feathers dominate", 3, AWARD)]
    assert [line[0] for line in lines(scores, "sun")] == [
        "Age I · center quest won, feathers dominate", "Age I · right quest won, feathers dominate"]


# --- Tallies a table would refuse ------------------------------------------------------------------

ONE_EACH_FACE_DOWN = lane([card(3, 2, face="down"), card(1), card(1)],
                          [card(2, 0, 1, face="down"), card(1), card(1)], 3, 5, "sun")
DIVINES_ON_THE_RIGHT = plain(sun_divine="Sorcerer", moon_divine="Namari")


def test_two_face_down_cards_in_a_lane_under_each_face_down_limit(client):
    refused = calculated(client, GAME, one_age(ONE_EACH_FACE_DOWN, right=DIVINES_ON_THE_RIGHT),
                         status=400)["error"]
    assert refused["field"] == "ages[0].lanes.left.moon[0]"
    assert refused["rule"]["quote"] == FACE_DOWN
    per_player = calculated(client, GAME, one_age(ONE_EACH_FACE_DOWN, right=DIVINES_ON_THE_RIGHT,
                                                  face_down_limit="per_player"))
    assert lane_result(per_player, "left")[2] == "sun"
    # Per player still one each: Sun's second face-down card in the lane is refused.
    sun_twice = lane([card(3, 2, face="down"), card(1, face="down"), card(1)],
                     [card(2, 0, 1), card(1), card(1)], 3, 5, "sun")
    error = calculated(client, GAME, one_age(sun_twice, right=DIVINES_ON_THE_RIGHT,
                                             face_down_limit="per_player"), status=400)["error"]
    assert (error["field"], error["rule"]["quote"]) == ("ages[0].lanes.left.sun[1]", FACE_DOWN)


def test_naka_lets_its_owners_other_lanes_hold_two_face_down_cards_not_its_own(client):
    # Sun's Naka on the right: the left lane may hold two face-down cards.
    scores = calculated(client, GAME, one_age(ONE_EACH_FACE_DOWN,
                                              right=plain(sun_divine="Naka",
                                                          moon_divine="Namari")))
    assert lane_result(scores, "left")[2] == "sun"
    # Naka in the left lane itself: that lane keeps its one face-down card.
    naka_here = lane([card(3, 2, face="down"), card(1, divine="Naka"), card(1)],
                     [card(2, 0, 1, face="down"), card(1), card(1)], 3, 5, "sun")
    error = calculated(client, GAME, one_age(naka_here, right=plain(moon_divine="Namari")),
                       status=400)["error"]
    assert error["field"] == "ages[0].lanes.left.moon[0]"
    assert error["rule"]["quote"] in (FACE_DOWN, NAKA)


def test_a_lane_not_full_is_not_an_age_to_score(client):
    short = lane([card(3, 2), card(1)], [card(2, 0, 1), card(1), card(1)], 3, 5, "sun")
    error = calculated(client, GAME, one_age(short, right=DIVINES_ON_THE_RIGHT),
                       status=400)["error"]
    assert (error["field"], error["rule"]["quote"]) == ("ages[0].lanes.left.sun", LANES_FULL)


def test_an_age_without_suns_divine_card_under_each_divine_required(client):
    without = one_age(plain(), right=plain(moon_divine="Namari"))
    error = calculated(client, GAME, without, status=400)["error"]
    assert (error["field"], error["rule"]["quote"]) == ("ages[0].lanes", MUST_DIVINE)
    kept = calculated(client, GAME, {**without, "options": {"divine_required": "not_enforced"}})
    sun = lines(kept, "sun")
    assert [points for _, points, _ in sun] == [1, 1, 1, 0]
    assert sun[-1][2] == MUST_DIVINE and "not_enforced" in sun[-1][0]
