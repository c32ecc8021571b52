"""Pillars of Fate: a second independent audit, written from the rulebook alone.

The scenarios below were listed from the rulebook before the referee was read, and written where
the first audit (tests/test_pillars_of_fate_audit.py, whose table helpers are reused here) did not
go: Divine cards meeting the quest modifiers, ties meeting Prophet, Mother to All and the least
power lane, negative rewards meeting Hadria, Divine actions with nothing to act on, the third Age's
marker and modifier, what can be entered after an Age ends, and the calculator's own limits. Every
scenario goes through the HTTP API, quotes its rule in its docstring, and checks acceptance, or a
422 quoting the sentence that forbids what was attempted, and the state a player checks. The
numbers were worked out by hand from the rulebook.
"""

import json

import pytest

from tests.test_pillars_of_fate_audit import (
    EXAMPLE_HAND,
    C,
    D,
    Q,
    Table,
    age,
    finish,
    named,
    position,
    quiet,
    refused,
    refused_one_of,
    score,
)


@pytest.fixture
def client(module_client):
    """One app and database for the whole file (each scenario starts its own session)."""
    return module_client


AGE_THREE = [dict(Q(6, -4), age=3), dict(Q(2, 8), age=3), dict(Q(-5, 9), age=3)]


def resolved(table, lane, index=0):
    return named(table.spectator()["state"]["ages"][index]["lanes"], lane)


# == Divine cards meeting the quest modifiers ========================================================


def test_face_down_klar_first_in_the_doubled_lane(client):
    """Glossary: "Klar - If this card is played face down, its power becomes -1." with "Each first
    card played will have its power doubled." Sun's first center card is Klar face down (printed
    6): -1 doubled is -2, + 3 + 3 = 4; Moon 1 doubled + 1 + 2 = 5 wins the feather reward 3."""
    lanes = {"left": quiet(), "right": quiet(moon_divine="Naka"),
             "center": {"quest": Q(3, 0), "pillar": "sun",
                        "sun": [D("Klar", 6, face="down"), C(3, f=1), C(3, f=1)],
                        "moon": [C(1), C(1), C(2)]}}
    table, response = finish(client, lanes, last=("moon", "center"), modifier="double_power")
    assert response.status_code == 200, response.get_json()
    assert resolved(table, "center")["power"] == {"sun": 4, "moon": 5}
    assert table.state["renown"] == {"sun": 0, "moon": 3}


def test_face_down_arbiter_first_in_the_doubled_suit_lane(client):
    """Glossary: "Arbiter - If this card is played face down, its suit will be 4 scorpions." with
    "Each first card played will have its suit doubled." Sun's first center card, Arbiter face
    down: 8 scorpions; feathers 2 (Sun) + 2 + 1 + 1 (Moon's first doubled) = 6. Sun wins 8 to 3
    and gains the scorpion reward 7 (undoubled, 4 scorpions to 6 feathers would give 1)."""
    lanes = {"left": quiet(), "right": quiet(moon_divine="Naka"),
             "center": {"quest": Q(1, 7), "pillar": "moon",
                        "sun": [D("Arbiter", 2, f=1, face="down"), C(3, f=1), C(3, f=1)],
                        "moon": [C(1, f=1)] * 3}}
    table, response = finish(client, lanes, last=("moon", "center"), modifier="double_suit")
    assert response.status_code == 200, response.get_json()
    center = resolved(table, "center")
    assert center["scorpions"]["sun"] == 8
    assert table.state["renown"] == {"sun": 7, "moon": 0}


def test_face_down_arbiter_first_in_the_no_suit_lane(client):
    """Glossary: "Arbiter - If this card is played face down, its suit will be 4 scorpions." with
    "Each first card played will have no suit." Both first cards lose their suit (Arbiter's 4
    scorpions, Moon's 3 scorpions): 1 feather to 0, the feather reward 2 to Sun (8 to 3), not 9."""
    lanes = {"left": quiet(), "right": quiet(moon_divine="Naka"),
             "center": {"quest": Q(2, 9), "pillar": "sun",
                        "sun": [D("Arbiter", 2, face="down"), C(3, f=1), C(3)],
                        "moon": [C(1, s=3), C(1), C(1)]}}
    table, response = finish(client, lanes, last=("moon", "center"), modifier="no_suit")
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"] == {"sun": 2, "moon": 0}


def test_a_face_down_divine_card_in_the_no_divine_lane(client):
    """Quest Modifiers: "No Divine cards may be played in this lane." Face down too: "your opponent
    will be aware that you've played a Divine card in that position because of their unique back."
    Sun's Prophet face down in the center is refused; on the left it is accepted."""
    table = Table(client, position({}, turn="sun", modifier="no_divine"))
    refused(table.play("sun", "center", D("Prophet", 4, f=1, face="down")),
            "No Divine cards may be played in this lane.")
    assert table.play("sun", "left", D("Prophet", 4, f=1, face="down")).status_code == 200


def test_least_power_lane_and_the_prophet(client):
    """"The player with the least power will win this lane." and "Prophet - If you win the lane
    that you have played the Prophet in, gain 5 renown." Sun's center: Prophet 1 + 1 + 1 = 3
    against Moon's 9: Sun wins the center, the feather reward 2 and the Prophet's 5."""
    lanes = {"left": quiet(), "right": quiet(moon_divine="Naka"),
             "center": {"quest": Q(2, 0), "pillar": "moon",
                        "sun": [D("Prophet", 1, f=1), C(1), C(1)], "moon": [C(3)] * 3}}
    table, response = finish(client, lanes, last=("moon", "center"), modifier="least_power")
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"] == {"sun": 7, "moon": 0}


def test_least_power_lane_and_eradan(client):
    """"Eradan - Your other lanes have an additional 2 power." with "The player with the least power
    will win this lane." Moon's Eradan on the left lifts Moon's center from 5 to 7, above Sun's 6:
    Sun wins the center and its feather reward 4 (without Eradan Moon would have)."""
    lanes = {"left": quiet(moon_divine="Eradan"), "right": quiet(),
             "center": {"quest": Q(4, 0), "pillar": "moon", "sun": [C(2, f=1)] * 3,
                        "moon": [C(1), C(2), C(2)]}}
    table, response = finish(client, lanes, last=("moon", "center"), modifier="least_power")
    assert response.status_code == 200, response.get_json()
    assert resolved(table, "center")["power"] == {"sun": 6, "moon": 7}
    assert table.state["renown"] == {"sun": 4, "moon": 0}


def test_least_power_tie_goes_to_the_pillar_holder(client):
    """"The player with the least power will win this lane." and "Ties in either suit or power are
    decided by the player that holds the pillar for that lane." Center 6 to 6, Sun holds the
    pillar: Moon may not pick; Sun picks itself and gains the feather reward 4."""
    lanes = {"left": quiet(sun_divine="Namari"), "right": quiet(moon_divine="Naka"),
             "center": {"quest": Q(4, 0), "pillar": "sun", "sun": [C(2, f=1)] * 3,
                        "moon": [C(2)] * 3}}
    table, response = finish(client, lanes, last=("moon", "center"), modifier="least_power")
    assert response.status_code == 200, response.get_json()
    assert table.view()["current_players"] == ["sun"]
    refused(table.post(type="break_tie", player="moon", lane="center", tie="power",
                       choice="moon"),
            "Ties in either suit or power are decided by the player that holds the pillar for "
            "that lane.")
    table.ok(type="break_tie", player="sun", lane="center", tie="power", choice="sun")
    assert table.state["renown"] == {"sun": 4, "moon": 0}


def test_the_four_card_lane_still_takes_one_face_down_card(client):
    """"Play 4 cards in this lane." changes how many cards, not how many face down: "1 card per
    lane may be played face down." A second face-down card in the four-card center is refused."""
    lanes = {"center": {"quest": Q(1, 1), "pillar": "moon", "sun": [C(1, face="down")],
                        "moon": [C(2)]}}
    table = Table(client, position(lanes, turn="sun", modifier="four_cards"))
    refused(table.play("sun", "center", C(3, face="down")),
            "1 card per lane may be played face down.")
    assert table.play("sun", "center", C(3)).status_code == 200


# == Ties meeting the Divine cards ===================================================================


@pytest.mark.parametrize("choice,renown", [("moon", {"sun": 0, "moon": 4}),
                                           ("sun", {"sun": 9, "moon": 0})])
def test_a_tied_prophet_lane_is_won_by_the_pick(client, choice, renown):
    """"in a tie for power, that player will pick who wins." then "Prophet - If you win the lane
    that you have played the Prophet in, gain 5 renown." Left 6 to 6, Moon's pillar: Moon picking
    itself denies the Prophet; picking Sun gives Sun the feather reward 4 and the Prophet's 5."""
    lanes = {"left": {"quest": Q(4, 0), "pillar": "moon",
                      "sun": [D("Prophet", 2, f=1), C(2), C(2)], "moon": [C(2)] * 3},
             "center": quiet(), "right": quiet(moon_divine="Naka")}
    table, response = finish(client, lanes, last=("moon", "left"))
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"] == {"sun": 0, "moon": 0}
    table.ok(type="break_tie", player="moon", lane="left", tie="power", choice=choice)
    assert table.state["renown"] == renown


@pytest.mark.parametrize("choice,sun", [("moon", 10), ("sun", 1)])
def test_mother_to_all_waits_for_the_tie(client, choice, sun):
    """"Mother to All - Gain 10 renown if you lose all quest lanes." Sun loses the center and the
    right; the left is tied 6 to 6 and Moon holds its pillar: Moon picking itself makes Sun lose
    all three (+10); picking Sun gives Sun the left's reward 1 and no 10."""
    lanes = {"left": {"quest": Q(1, 0), "pillar": "moon",
                      "sun": [D("Mother to All", 2, f=1), C(2), C(2)], "moon": [C(2)] * 3},
             "center": quiet(), "right": quiet(moon_divine="Naka")}
    table, response = finish(client, lanes, last=("moon", "left"))
    assert response.status_code == 200, response.get_json()
    table.ok(type="break_tie", player="moon", lane="left", tie="power", choice=choice)
    assert table.state["renown"]["sun"] == sun


def test_a_lane_tied_on_power_and_suit_needs_both_picks(client):
    """"Ties in either suit or power are decided by the player that holds the pillar for that lane.
    In a tie for suit, that player will pick either suit, and in a tie for power, that player will
    pick who wins." Left: 6 to 6, 1 feather to 1 scorpion, Sun's pillar. After the power pick the
    Age still waits for the suit; Sun gives itself the scorpion reward 5."""
    lanes = {"left": {"quest": Q(2, 5), "pillar": "sun", "sun": [C(2, f=1), C(2), C(2)],
                      "moon": [C(2, s=1), C(2), C(2)]},
             "center": quiet(sun_divine="Namari"), "right": quiet(moon_divine="Naka")}
    table, response = finish(client, lanes, last=("moon", "left"))
    assert response.status_code == 200, response.get_json()
    table.ok(type="break_tie", player="sun", lane="left", tie="power", choice="sun")
    view = table.view()
    assert view["phase"] == "ties" and view["state"]["renown"] == {"sun": 0, "moon": 0}
    table.ok(type="break_tie", player="sun", lane="left", tie="suit", choice="scorpions")
    assert table.state["renown"] == {"sun": 5, "moon": 0}


# == Negative rewards ================================================================================


@pytest.mark.parametrize("rule,renown", [("winner", {"sun": -8, "moon": 0}),
                                         ("negative_to_loser", {"sun": -5, "moon": -3})])
def test_hadria_on_a_sickle_reward(client, rule, renown):
    """"Omega symbols are positive renown and sickles are negative renown." and "Hadria - If your
    opponent wins the lane where Hadria is played, they lose 5 Renown in addition to any quest
    awards." Sun wins Moon's Hadria lane whose feather path is a sickle 3: -3 - 5 = -8. Ruling
    quest_reward_to=negative_to_loser: the -3 goes to Moon, and Sun, who won, still loses 5."""
    lanes = {"left": {"quest": Q(-3, 0), "pillar": "sun", "sun": [C(5, f=1)] * 3,
                      "moon": [D("Hadria", 3, f=1), C(1), C(1)]},
             "center": quiet(sun_divine="Namari"), "right": quiet()}
    table, response = finish(client, lanes, last=("moon", "left"),
                             options={"quest_reward_to": rule})
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"] == renown


def test_the_winner_with_negative_renown(client):
    """Game End: "The player with the most renown wins." Renown may be negative ("sickles are
    negative renown"): Sun ends Age III on -2, Moon on -5 (each gains 0 in Age III): Sun wins."""
    lanes = {"left": quiet(sun_divine="Namari"), "right": quiet(moon_divine="Naka"),
             "center": quiet()}
    table, response = finish(client, lanes, last=("moon", "left"), age=3,
                             renown={"sun": -2, "moon": -5},
                             modifiers_used=["least_power", "no_suit"])
    assert response.status_code == 200, response.get_json()
    view = table.view()
    assert view["over"] is True and view["state"]["renown"] == {"sun": -2, "moon": -5}
    assert view["scores"]["winners"] == ["sun"]


# == Divine actions with nothing to act on ===========================================================


def test_sorcerer_as_your_first_card_has_nothing_to_take(client):
    """"Sorcerer - When played, take another card from any of your lanes and exchange it with one
    from your hand." Sun's first card of the Age is Sorcerer: there is no other card of Sun's in
    any lane, so there is nothing to exchange and Moon plays next."""
    divine = {"sun": [{"name": "Sorcerer", "power": 1}, {"name": "Klar"}, {"name": "Steward"}],
              "moon": [{"name": "Hadria"}, {"name": "Pentha"}, {"name": "Eradan"}]}
    table = Table(client, position({}, turn="sun", divine=divine))
    assert table.play("sun", "left", D("Sorcerer", 1)).status_code == 200
    refused(table.post(type="sorcerer_exchange", player="sun", lane="left", position=1, **C(2)),
            "Sorcerer - When played, take another card from any of your lanes")
    assert table.play("moon", "left", C(2)).status_code == 200


def test_namari_with_no_face_down_card_on_the_table(client):
    """"Namari - You may look at any played (including opponent's) face-down card secretly then
    return it." With no face-down card played there is nothing to look at: Moon plays next."""
    lanes = {"left": {"quest": Q(1, 1), "pillar": "moon", "moon": [C(2)], "sun": [C(1)]}}
    divine = {"sun": [{"name": "Namari", "power": 2}, {"name": "Klar"}, {"name": "Steward"}],
              "moon": [{"name": "Hadria"}, {"name": "Pentha"}, {"name": "Eradan"}]}
    table = Table(client, position(lanes, turn="sun", divine=divine))
    assert table.play("sun", "center", D("Namari", 2)).status_code == 200
    assert table.state["turn"] == "moon"
    assert table.play("moon", "center", C(2)).status_code == 200


def test_sorcerer_cannot_take_the_opponents_card(client):
    """"Sorcerer - When played, take another card from any of your lanes and exchange it with one
    from your hand." Sun names Moon's card in the left lane (side moon): refused with Sorcerer's
    text; Sun's own card there is exchanged."""
    lanes = {"left": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(2, f=1)], "moon": [C(9)]},
             "right": {"quest": Q(1, 1), "pillar": "moon", "moon": [D("Naka", 1)], "sun": [C(1)]}}
    divine = {"sun": [{"name": "Sorcerer", "power": 1}, {"name": "Klar"}, {"name": "Steward"}],
              "moon": [{"name": "Hadria"}, {"name": "Pentha"}]}
    table = Table(client, position(lanes, turn="sun", divine=divine))
    assert table.play("sun", "center", D("Sorcerer", 1)).status_code == 200
    refused(table.post(type="sorcerer_exchange", player="sun", lane="left", side="moon",
                       position=1, **C(4)),
            "take another card from any of your lanes")
    table.ok(type="sorcerer_exchange", player="sun", lane="left", side="sun", position=1,
             **C(4))
    left = table.lane("left", "sun")["cards"]
    assert left["sun"][0]["power"] == 4 and left["moon"][0]["power"] == 9


def test_namari_cannot_look_at_itself(client):
    """"Namari - You may look at any played (including opponent's) face-down card secretly then
    return it." Namari played face down does not look at itself; Moon's face-down card may be."""
    lanes = {"left": {"quest": Q(1, 1), "pillar": "moon", "moon": [C(7, s=3, face="down"), C(2)],
                      "sun": [C(1), C(1)]}}
    divine = {"sun": [{"name": "Namari", "power": 2}, {"name": "Klar"}, {"name": "Steward"}],
              "moon": [{"name": "Hadria"}, {"name": "Pentha"}, {"name": "Eradan"}]}
    table = Table(client, position(lanes, turn="sun", divine=divine))
    assert table.play("sun", "center", D("Namari", 2, face="down")).status_code == 200
    refused(table.post(type="namari_look", player="sun", lane="center", side="sun", position=1),
            "Namari - You may look at any played (including opponent's) face-down card")
    table.ok(type="namari_look", player="sun", lane="left", side="moon", position=1)


# == The draft, turns and later Ages =================================================================


def test_after_the_draft_each_holds_three(client):
    """Setup 4-5: each keeps 1 and receives the 2 the opponent passed: "Each player sets their 3
    Divine cards aside." Sun then holds Prophet, Eradan, Belan; Moon holds Hadria, Naka, Klar. A
    card Sun passed is Moon's now: "You may select from any of your 3 unplayed Divine cards." """
    table = Table(client)
    table.ok(type="draft_divine", player="sun", kept="Prophet", passed=["Naka", "Klar"])
    table.ok(type="draft_divine", player="moon", kept="Hadria", passed=["Eradan", "Belan"])
    for seat, cards in (("sun", {"Prophet", "Eradan", "Belan"}),
                        ("moon", {"Hadria", "Naka", "Klar"})):
        unplayed = table.view(seat)["state"]["divine"][seat]["unplayed"]
        assert {card["name"] for card in unplayed} == cards
    table.ok(type="begin_age", player="sun", quests=[Q(1, 2), Q(3, 4), Q(5, 6)],
             modifier="no_suit", first_player="sun")
    refused(table.play("sun", "left", D("Naka", 1)),
            "You may select from any of your 3 unplayed Divine cards.")
    assert table.play("sun", "left", D("Eradan", 1)).status_code == 200


def age_two_ended(client):
    """Age II over (Moon held the marker; Age I's modifier was double_power), nothing tied."""
    lanes = {"left": quiet(sun_divine="Namari"), "right": quiet(moon_divine="Naka"),
             "center": quiet()}
    table, response = finish(client, lanes, last=("sun", "left"), age=2, first_player="moon",
                             modifier="least_power", modifiers_used=["double_power"])
    assert response.status_code == 200, response.get_json()
    return table


def test_the_marker_comes_back_for_age_three(client):
    """Starting a New Age: "Pass the 1st player marker." Moon held it in Age II, so Sun opens Age
    III; Moon playing first is refused."""
    table = age_two_ended(client)
    table.ok(type="begin_age", player="sun", quests=AGE_THREE, modifier="no_suit")
    assert table.state["first_player"] == "sun" and table.state["age"] == 3
    refused(table.play("moon", "left", C(1)), "players alternate turns")
    assert table.play("sun", "left", C(1)).status_code == 200


def test_age_ones_modifier_does_not_return_in_age_three(client):
    """Starting a New Age: "Place a new quest modifier on the middle quest." Age I's double_power
    and Age II's least_power are both spent."""
    table = age_two_ended(client)
    for spent in ("double_power", "least_power"):
        refused(table.post(type="begin_age", player="sun", quests=AGE_THREE, modifier=spent),
                "Place a new quest modifier on the middle quest.")
    refused(table.post(type="begin_age", player="sun", modifier="no_suit",
                       quests=[dict(Q(4, -2), age=2), *AGE_THREE[1:]]),
            "Place 3 new quest cards that match the current Age.")


def test_no_card_between_ages(client):
    """"An Age ends when each of the 3 lanes are full." Once Age I is resolved, the next card waits
    for the next Age's quests ("Place 3 new quest cards that match the current Age.")."""
    lanes = {"left": quiet(sun_divine="Namari"), "right": quiet(moon_divine="Naka"),
             "center": quiet()}
    table, response = finish(client, lanes, last=("moon", "left"))
    assert response.status_code == 200, response.get_json()
    refused_one_of(table.play("sun", "left", C(1)),
                   "An Age ends when each of the 3 lanes are full.",
                   "The end of an Age triggers when each of the 3 lanes are full.",
                   "Place 3 new quest cards that match the current Age.")


def test_eradan_face_down_still_adds_power(client):
    """"Eradan - Your other lanes have an additional 2 power." and "1. Reveal all face-down cards."
    Moon's Eradan face down on the left lifts Moon's center 5 + 2 = 7 above Sun's 6: Moon wins the
    center's feather reward 3."""
    left = quiet()
    left["moon"] = [D("Eradan", 2, f=1, face="down"), C(2, f=1), C(2, f=1)]
    lanes = {"left": left, "right": quiet(sun_divine="Namari"),
             "center": {"quest": Q(3, 0), "pillar": "sun", "sun": [C(2, f=1)] * 3,
                        "moon": [C(1), C(2), C(2)]}}
    table, response = finish(client, lanes, last=("moon", "center"))
    assert response.status_code == 200, response.get_json()
    assert resolved(table, "center")["power"] == {"sun": 6, "moon": 7}
    assert table.state["renown"] == {"sun": 0, "moon": 3}


# == The calculator ==================================================================================


def test_calculator_steward_turns_the_suit(client):
    """Calculator. "Steward - Lanes to the left of this card will have 2 additional total scorpions
    and lanes to the right of this card will have 2 additional total feathers." Sun's Steward on
    the left: the center (Moon 1 scorpion, nobody a feather) gets 2 feathers: feathers 2 to 1, so
    Moon, who wins it, gains 5 instead of the sickle 2."""
    center = quiet()
    center["quest"] = Q(5, -2)
    center["moon"] = [C(2, s=1), C(2), C(2)]
    center["sun"] = [C(1)] * 3
    lanes = {"left": quiet(sun_divine="Steward"), "center": center, "right": quiet()}
    response = score(client, [age(lanes, "two_face_down", "sun")])
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["ages"][0]["renown"] == {"sun": 0, "moon": 5}


def test_calculator_prophet_and_hadria_in_one_lane(client):
    """Calculator. Sun's Prophet and Moon's Hadria both on the left, which Sun wins with the feather
    reward 3: "gain 5 renown" and "they lose 5 Renown in addition to any quest awards": Sun 3."""
    left = {"quest": Q(3, 0), "pillar": "sun", "sun": [D("Prophet", 5, f=1), C(5), C(5)],
            "moon": [D("Hadria", 1), C(1), C(1)]}
    lanes = {"left": left, "center": quiet(), "right": quiet()}
    response = score(client, [age(lanes, "two_face_down", "sun")])
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["ages"][0]["renown"] == {"sun": 3, "moon": 0}


def test_calculator_four_and_two_card_lanes(client):
    """Calculator. "Play 4 cards in this lane.": a center of 4 cards a side is scored (Sun 8 to 4,
    the feather reward 6); "Play only 2 cards in this lane.": 3 cards a side is a 400 naming the
    column."""
    center = {"quest": Q(6, 0), "pillar": "sun", "sun": [C(2, f=1)] * 4, "moon": [C(1)] * 4}
    lanes = {"left": quiet(), "center": center, "right": quiet()}
    response = score(client, [age(lanes, "four_cards", "sun")])
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["ages"][0]["renown"] == {"sun": 6, "moon": 0}
    lanes["center"] = quiet()
    response = score(client, [age(lanes, "two_cards", "sun")])
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"].startswith("ages[0].lanes.center.")


def test_calculator_a_least_power_tie_needs_its_pick(client):
    """Calculator. "The player with the least power will win this lane." and "in a tie for power,
    that player will pick who wins.": a center tied 6 to 6 without the pick is a 400 naming
    ties.power; with Moon's pick of Moon, Moon gains the feather reward 4."""
    center = {"quest": Q(4, 0), "pillar": "moon", "sun": [C(2, f=1)] * 3, "moon": [C(2)] * 3}
    lanes = {"left": quiet(), "center": center, "right": quiet()}
    response = score(client, [age(lanes, "least_power", "sun")])
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"] == "ages[0].lanes.center.ties.power"
    center["ties"] = {"power": "moon"}
    response = score(client, [age(lanes, "least_power", "sun")])
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["ages"][0]["renown"] == {"sun": 0, "moon": 4}


def test_calculator_two_divine_cards_of_one_player(client):
    """Calculator. "Note: You cannot use more than 1 of your Divine cards each Age." Sun's Prophet
    on the left and Klar in the center of one Age is a 400."""
    lanes = {"left": quiet(sun_divine="Prophet"), "center": quiet(sun_divine="Klar"),
             "right": quiet()}
    response = score(client, [age(lanes, "two_face_down", "sun")])
    assert response.status_code == 400, response.get_json()


def test_an_action_out_of_turn_quotes_the_card_not_the_turn(client):
    """A refusal quotes the sentence for what was attempted: Moon, who played no Namari or Sorcerer
    and has no tie to decide mid-Age, is refused with Namari's and Sorcerer's texts and "Ties in
    either suit or power are decided by the player that holds the pillar for that lane." rather
    than "players alternate turns" (it is Sun's turn)."""
    table = Table(client, position({}, turn="sun"))
    refused(table.post(type="namari_look", player="moon", lane="left", side="sun", position=1),
            "Namari - You may look at any played (including opponent's) face-down card")
    refused(table.post(type="sorcerer_exchange", player="moon", lane="left", position=1, **C(1)),
            "Sorcerer - When played, take another card from any of your lanes")
    refused(table.post(type="break_tie", player="moon", lane="left", tie="power", choice="moon"),
            "Ties in either suit or power are decided by the player that holds the pillar for "
            "that lane.")


# == Second batch: suits at zero, chained card effects, a secret exchange, the calculator's Steward ==


def test_no_icons_at_all_is_a_suit_tie(client):
    """"The dominant suit determines which conditional reward applies." and "In a tie for suit, that
    player will pick either suit": the left lane shows no icon at all (0 to 0), so neither suit
    dominates; Sun (9 to 3) holds the pillar and picks scorpions: the scorpion reward 6, not 1."""
    lanes = {"left": {"quest": Q(1, 6), "pillar": "sun", "sun": [C(3)] * 3, "moon": [C(1)] * 3},
             "center": quiet(sun_divine="Namari"), "right": quiet(moon_divine="Naka")}
    table, response = finish(client, lanes, last=("moon", "left"))
    assert response.status_code == 200, response.get_json()
    view = table.view()
    assert view["phase"] == "ties" and view["current_players"] == ["sun"]
    table.ok(type="break_tie", player="sun", lane="left", tie="suit", choice="scorpions")
    assert table.state["renown"] == {"sun": 6, "moon": 0}


def test_pentha_opposite_a_face_down_klar(client):
    """"Klar - If this card is played face down, its power becomes -1." then "Pentha - The opponent
    card's power opposite of Pentha becomes 0." Sun's first card is Klar face down (-1), Moon's
    first is Pentha: the -1 becomes 0. Sun 0 + 3 + 3 = 6 beats Moon 2 + 1 + 2 = 5 and gains the
    feather reward 4 (-1 + 6 = 5 would have tied)."""
    lanes = {"left": {"quest": Q(4, 0), "pillar": "moon",
                      "sun": [D("Klar", 6, face="down"), C(3, f=1), C(3, f=1)],
                      "moon": [D("Pentha", 2), C(1), C(2)]},
             "center": quiet(), "right": quiet()}
    table, response = finish(client, lanes, last=("moon", "left"))
    assert response.status_code == 200, response.get_json()
    assert resolved(table, "left")["power"] == {"sun": 6, "moon": 5}
    assert table.state["renown"] == {"sun": 4, "moon": 0}


def test_isabel_opposite_a_face_down_arbiter(client):
    """"Arbiter - If this card is played face down, its suit will be 4 scorpions." then "Isabel - If
    the opponent card opposite of Isabel in this lane has a suit, reverse the suit." Moon's
    face-down Arbiter (4 scorpions) faces Sun's Isabel: 4 feathers. Moon wins 10 to 3 and gains
    the feather reward 2, not the scorpion reward 8."""
    lanes = {"left": {"quest": Q(2, 8), "pillar": "sun",
                      "sun": [D("Isabel", 1), C(1), C(1)],
                      "moon": [D("Arbiter", 2, face="down"), C(4), C(4)]},
             "center": quiet(), "right": quiet()}
    table, response = finish(client, lanes, last=("moon", "left"))
    assert response.status_code == 200, response.get_json()
    left = resolved(table, "left")
    assert left["feathers"]["moon"] == 4 and left["scorpions"]["moon"] == 0
    assert table.state["renown"] == {"sun": 0, "moon": 2}


def test_a_face_down_card_exchanged_by_sorcerer_stays_secret(client):
    """"Sorcerer - When played, take another card from any of your lanes and exchange it with one
    from your hand." and "1 card per lane may be played face down." Sun exchanges its face-down
    left card for the 8 from hand: the 8 lies face down, so Moon and a spectator see neither it
    in the lane, nor in the event or the log; Sun sees it."""
    lanes = {"left": {"quest": Q(1, 1), "pillar": "moon", "sun": [C(2, f=1, face="down")],
                      "moon": [C(3)]},
             "right": {"quest": Q(1, 1), "pillar": "moon", "moon": [D("Naka", 1)], "sun": [C(1)]}}
    pos = position(lanes, turn="sun",
                   divine={"sun": [{"name": "Sorcerer", "power": 1}, {"name": "Klar"},
                                   {"name": "Steward"}],
                           "moon": [{"name": "Hadria"}, {"name": "Pentha"}]},
                   hands={"sun": {"count": 5, "cards": EXAMPLE_HAND}, "moon": {"count": 5}})
    table = Table(client, pos)
    assert table.play("sun", "center", D("Sorcerer", 1)).status_code == 200
    table.ok(type="sorcerer_exchange", player="sun", lane="left", position=1, **C(8, s=2))
    assert table.lane("left", "sun")["cards"]["sun"][0]["power"] == 8
    log = f"/api/sessions/{table.id}/log"
    for view, entries in ((table.view("moon"), client.get(log + "?seat=moon",
                                                          headers=table.headers)),
                          (table.spectator(), client.get(log))):
        card = named(view["state"]["lanes"], "left")["cards"]["sun"][0]
        assert card["face"] == "down" and card.get("power") is None
        text = json.dumps([view.get("last_event"), entries.get_json()])
        assert '"power": 8' not in text and "power 8" not in text


@pytest.mark.parametrize("sides,renown", [("owner", {"sun": 0, "moon": 9}),
                                          ("table", {"sun": 0, "moon": 1})])
def test_calculator_moons_steward_from_moons_seat(client, sides, renown):
    """Calculator. "Steward - Lanes to the left of this card will have 2 additional total scorpions
    and lanes to the right of this card will have 2 additional total feathers." Moon's Steward in
    the table's left lane (lanes are named as Sun sees them; from Moon's seat that lane is on the
    right). Ruling steward_sides=owner (default): the center and right are to Moon's left, +2
    scorpions each: the center (1 feather, 0 scorpions) turns to scorpions, Moon wins it and gains
    9. Ruling table: they are to the right, +2 feathers: the feather reward 1."""
    center = {"quest": Q(1, 9), "pillar": "sun", "sun": [C(1, f=1), C(1), C(1)],
              "moon": [C(2)] * 3}
    lanes = {"left": quiet(moon_divine="Steward"), "center": center, "right": quiet()}
    for lane in ("left", "right"):
        lanes[lane]["quest"] = Q(0, 0)
    response = score(client, [age(lanes, "two_face_down", "sun")], steward_sides=sides)
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["ages"][0]["renown"] == renown


def test_no_card_before_the_ages_quests(client):
    """Setup 6: "Shuffle the quest cards by Age. Place 3 Age I quest cards in a row on the table,
    between both players." comes before any turn: after the draft, a card played before Age I's
    quests are placed is refused with that step (not Starting a New Age's "Place 3 new quest cards
    that match the current Age.", which is for Ages II and III, and quoted there)."""
    table = Table(client)
    table.ok(type="draft_divine", player="sun", kept="Prophet", passed=["Naka", "Klar"])
    table.ok(type="draft_divine", player="moon", kept="Hadria", passed=["Eradan", "Belan"])
    refused(table.play("sun", "left", C(3)),
            "Shuffle the quest cards by Age. Place 3 Age I quest cards in a row on the table, "
            "between both players.")
    table = age_two_ended(client)
    refused(table.play("sun", "left", C(3)),
            "Place 3 new quest cards that match the current Age.")


def test_calculator_no_divine_card_in_the_no_divine_lane(client):
    """Calculator. "No Divine cards may be played in this lane.": a center entered with Sun's
    Prophet under that modifier cannot have been played: a 400 naming the column (as the live
    game refuses the play and a position refuses it); on the left it is scored."""
    lanes = {"left": quiet(), "center": quiet(sun_divine="Prophet"), "right": quiet()}
    response = score(client, [age(lanes, "no_divine", "sun")])
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"] == "ages[0].lanes.center.sun"
    lanes = {"left": quiet(sun_divine="Prophet"), "center": quiet(), "right": quiet()}
    assert score(client, [age(lanes, "no_divine", "sun")]).status_code == 200


def test_calculator_invictus_names_the_card_it_copies(client):
    """Calculator. "Invictus copies the suit and power of a card above it in your lane." With two
    of Sun's cards above it (ruling invictus_copies=named, the default), the calculator needs the
    one it copies, as the live game does: without `copies` a 400 naming it, and position 3 (itself)
    is not above it. Copying the first card (6, 2 scorpions): 6 + 1 + 6 = 13 beats 12, scorpions
    4 to 3 feathers: Sun gains 9."""
    left = {"quest": Q(1, 9), "pillar": "sun", "sun": [C(6, s=2), C(1), D("Invictus", 0)],
            "moon": [C(4, f=1)] * 3}
    lanes = {"left": left, "center": quiet(), "right": quiet()}
    response = score(client, [age(lanes, "two_face_down", "sun")])
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"] == "ages[0].lanes.left.sun[2].copies"
    left["sun"][2]["copies"] = 3
    assert score(client, [age(lanes, "two_face_down", "sun")]).status_code == 400
    left["sun"][2]["copies"] = 1
    response = score(client, [age(lanes, "two_face_down", "sun")])
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["ages"][0]["renown"] == {"sun": 9, "moon": 0}
