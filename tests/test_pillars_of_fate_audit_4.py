"""Pillars of Fate: a fourth independent audit. The scenarios were listed from the rulebook first
(every "must / only / cannot / unless" sentence, each glossary card meeting the others and the
modifiers, the ties, the end) and then played through the HTTP API only, where the three earlier
audits (tests/test_pillars_of_fate_audit.py, _audit_2.py, _audit_3.py, whose table helpers are
reused) did not go: a Divine action as the Age's last card, Sorcerer and the hand it exchanges with,
the pillar holder handing a sickle to the opponent, Divine cards meeting the first-card modifiers
and the least-power lane, a hand with no card left, negative totals at the end. The numbers were
worked out by hand from the book. Each docstring quotes its rule.
"""

import re

import pytest

from tests.test_pillars_of_fate_audit import (
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
from tests.test_pillars_of_fate_audit_2 import resolved
from tests.test_pillars_of_fate_pages import csrf_of, new_table, tap

Q_SORCERER = ("Sorcerer - When played, take another card from any of your lanes and exchange it "
              "with one from your hand.")
Q_HAND = "placing cards from their hand into 3 quest lanes"


@pytest.fixture
def client(module_client):
    """One app and database for the whole file (each scenario starts its own session)."""
    return module_client


def age_one_divine(sun_card):
    """Age I's unplayed Divine cards, all three each ("Once per Age, you must play a Divine
    card."): Sun's `sun_card` (power 1) and two it does not play, Moon's three (none played)."""
    return {"sun": [{"name": sun_card, "power": 1}, {"name": "Klar"}, {"name": "Steward"}],
            "moon": [{"name": "Naka"}, {"name": "Hadria"}, {"name": "Pentha"}]}


def hand_cards(table, seat):
    return table.view(seat)["state"]["hands"][seat]["cards"]


# == Divine actions meeting the end of the Age and the hand ========================================


def test_sorcerer_as_the_last_card_exchanges_before_the_age_is_resolved(client):
    """ "The Divine cards that must be played face up usually possess an action that you will
    perform immediately upon playing." and "The end of an Age triggers when each of the 3 lanes are
    full." Sun's Sorcerer fills the last place; the exchange comes first (Sun's left 1 for a 9 from
    the hand), then the Age resolves: Sun's left is 9 + 1 + 1 = 11 against Moon's 6, the feather
    reward 4 to Sun (resolved before the exchange, Moon would have won it)."""
    lanes = {"left": dict(quiet(), quest=Q(4, 0)), "center": quiet(moon_divine="Naka"),
             "right": {"quest": Q(0, 0), "pillar": "sun", "sun": [C(1, f=1), C(1, f=1), D("Sorcerer", 1)],
                       "moon": [C(2, f=1)] * 3}}
    table, response = finish(client, lanes, last=("sun", "right"), first_player="moon")
    assert response.status_code == 200, response.get_json()
    assert table.view()["phase"] == "action"
    assert table.state["ages"] == []
    table.ok(type="sorcerer_exchange", player="sun", lane="left", position=1, power=9, feathers=0,
             scorpions=0)
    assert resolved(table, "left")["power"] == {"sun": 11, "moon": 6}
    assert table.state["renown"] == {"sun": 4, "moon": 0}


def test_namari_as_the_last_card_looks_before_the_reveal(client):
    """ "Namari - You may look at any played (including opponent's) face-down card secretly then
    return it." Namari fills Sun's last place: the look (or declining it) comes before "1. Reveal
    all face-down cards."; then the Age is scored."""
    lanes = {"left": {"quest": Q(0, 0), "pillar": "sun", "sun": [C(1, f=1)] * 3,
                      "moon": [C(2, f=1), C(2, f=1), C(5, face="down")]},
             "center": quiet(moon_divine="Naka"),
             "right": {"quest": Q(0, 0), "pillar": "sun", "sun": [C(1, f=1), C(1, f=1), D("Namari", 1)],
                       "moon": [C(2, f=1)] * 3}}
    table, response = finish(client, lanes, last=("sun", "right"), first_player="moon")
    assert response.status_code == 200, response.get_json()
    assert table.view()["phase"] == "action" and table.state["ages"] == []
    table.ok(type="namari_look", player="sun", lane="left", side="moon", position=3)
    assert len(table.state["ages"]) == 1 and resolved(table, "left")["power"]["moon"] == 9


def test_sorcerer_puts_the_taken_card_in_the_hand_and_the_given_one_leaves_it(client):
    """ "Sorcerer - When played, take another card from any of your lanes and exchange it with one
    from your hand." Sun's hand is entered: the 9 goes to the left lane, the left lane's 3 comes to
    the hand. Next turn the 9 cannot be played again ("placing cards from their hand into 3 quest
    lanes"), the 3 can."""
    hand = [C(9), C(2), C(2), C(4, s=1), C(6, f=1)]
    pos = position({"left": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(3, f=1)], "moon": [C(2)]}},
                   turn="sun", hands={"sun": {"count": 5, "cards": hand}, "moon": {"count": 5}},
                   divine=age_one_divine("Sorcerer"))
    table = Table(client, pos)
    table.ok(type="play", player="sun", lane="right", face="up", divine="Sorcerer")
    table.ok(type="sorcerer_exchange", player="sun", lane="left", position=1, power=9, feathers=0,
             scorpions=0)
    cards = hand_cards(table, "sun")
    assert C(3, f=1) in cards and C(9) not in cards and len(cards) == 5
    assert table.state["hands"]["sun"]["count"] == 5
    table.ok(type="play", player="moon", lane="left", face="up", power=1, feathers=0, scorpions=0)
    refused(table.play("sun", "center", C(9)), Q_HAND)
    assert table.play("sun", "center", C(3, f=1)).status_code == 200


def test_sorcerer_cannot_exchange_with_a_card_not_in_the_hand(client):
    """ "...exchange it with one from your hand." Sun's whole hand is entered and holds no 9: the
    exchange naming a 9 is refused, and the left lane keeps its 3."""
    hand = [C(2), C(2), C(4, s=1), C(6, f=1), C(1)]
    pos = position({"left": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(3, f=1)], "moon": [C(2)]}},
                   turn="sun", hands={"sun": {"count": 5, "cards": hand}, "moon": {"count": 5}},
                   divine=age_one_divine("Sorcerer"))
    table = Table(client, pos)
    table.ok(type="play", player="sun", lane="right", face="up", divine="Sorcerer")
    refused_one_of(table.post(type="sorcerer_exchange", player="sun", lane="left", position=1, power=9,
                              feathers=0, scorpions=0), Q_SORCERER, Q_HAND)
    assert table.lane("left")["cards"]["sun"][0]["power"] == 3


def test_the_hand_entered_while_the_sorcerer_waits_checks_the_exchange(client):
    """ "Sorcerer - When played, take another card from any of your lanes and exchange it with one
    from your hand." The hand is the player's to enter when they want it checked: with the
    exchange pending, Sun enters the hand, and an exchange naming a card not in it is refused; one in
    it is accepted."""
    pos = position({"left": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(3, f=1)], "moon": [C(2)]}},
                   turn="sun", divine=age_one_divine("Sorcerer"))
    table = Table(client, pos)
    table.ok(type="play", player="sun", lane="right", face="up", divine="Sorcerer")
    table.ok(type="hand", player="sun", cards=[C(8), C(2), C(2), C(4, s=1), C(6, f=1)])
    refused_one_of(table.post(type="sorcerer_exchange", player="sun", lane="left", position=1, power=9,
                              feathers=0, scorpions=0), Q_SORCERER, Q_HAND)
    table.ok(type="sorcerer_exchange", player="sun", lane="left", position=1, power=8, feathers=0,
             scorpions=0)
    assert C(3, f=1) in hand_cards(table, "sun")


def test_sorcerer_puts_a_card_into_the_doubled_first_place(client):
    """ "Each first card played will have its power doubled." and Sorcerer's exchange: the card put
    in takes the first card's place, so it is the one doubled. Sun's center: 5 (put in for the 2) x 2
    + 1 + 1 = 12 against Moon's 4 x 2 + 1 + 1 = 10; Sun gains the feather reward 3."""
    lanes = {"left": quiet(), "right": dict(quiet(), sun=[C(1, f=1), C(1, f=1), D("Sorcerer", 1)]),
             "center": {"quest": Q(3, 0), "pillar": "sun", "sun": [C(2, f=1), C(1), C(1)],
                        "moon": [C(4), C(1), D("Naka", 1)]}}
    table, response = finish(client, lanes, last=("sun", "right"), first_player="moon",
                             modifier="double_power")
    assert response.status_code == 200, response.get_json()
    table.ok(type="sorcerer_exchange", player="sun", lane="center", position=1, power=5, feathers=1,
             scorpions=0)
    assert resolved(table, "center")["power"] == {"sun": 12, "moon": 10}
    assert table.state["renown"]["sun"] == 3


def test_the_pillar_stays_when_sorcerer_takes_the_card_that_moved_it(client):
    """ "If you are the first to place a face-up card in a lane, move the pillar to your side." —
    Sun was first; Sorcerer taking that card back changes nothing about who was first."""
    pos = position({"left": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(3, f=1)], "moon": [C(2)]}},
                   turn="sun", divine=age_one_divine("Sorcerer"))
    table = Table(client, pos)
    table.ok(type="play", player="sun", lane="right", face="up", divine="Sorcerer")
    table.ok(type="sorcerer_exchange", player="sun", lane="left", position=1, power=7, feathers=0,
             scorpions=0)
    assert table.lane("left")["pillar"] == "sun"


# == Ties, negative renown, the end ================================================================


def test_the_pillar_holder_may_hand_a_sickle_to_the_opponent(client):
    """ "...in a tie for power, that player will pick who wins." — any player, the holder's rival too.
    Left: 6 to 6 under a sickle reward (feathers -4); Sun holds the pillar and picks Moon, who loses
    4 renown."""
    lanes = {"left": {"quest": Q(-4, 0), "pillar": "sun", "sun": [C(2, f=1)] * 3,
                      "moon": [C(2), C(2), C(2)]},
             "center": quiet(sun_divine="Namari"), "right": quiet(moon_divine="Naka")}
    table, response = finish(client, lanes, last=("moon", "left"))
    assert response.status_code == 200, response.get_json()
    table.ok(type="break_tie", player="sun", lane="left", tie="power", choice="moon")
    assert table.state["renown"] == {"sun": 0, "moon": -4}


def test_the_least_negative_total_wins(client):
    """ "The player with the most renown wins." Sun ends on -3 and Moon on -5: Sun wins; pillars
    never come into it (Moon holds all three of Age III's)."""
    sickle = {"quest": Q(-1, 0), "pillar": "moon", "sun": [C(2, f=1)] * 3, "moon": [C(1, f=1)] * 3}
    moon_sickle = {"quest": Q(-5, 0), "pillar": "moon", "sun": [C(1, f=1)] * 3, "moon": [C(2, f=1)] * 3}
    ages = [age({"left": sickle, "center": quiet(), "right": quiet()}, "double_suit", "sun"),
            age({"left": sickle, "center": quiet(), "right": quiet()}, "no_suit", "moon"),
            age({"left": sickle, "center": dict(quiet(), pillar="moon"), "right": moon_sickle},
                "two_face_down", "sun")]
    response = score(client, ages)
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    totals = {p["seat"]: p["total"] for p in answer["players"]}
    assert totals == {"sun": -3, "moon": -5}
    assert answer["winners"] == ["sun"]


# == Divine cards meeting the modifiers =============================================================


def test_hadria_in_the_least_power_lane(client):
    """ "Hadria - If your opponent wins the lane where Hadria is played, they lose 5 Renown in
    addition to any quest awards." with "The player with the least power will win this lane." Moon's
    Hadria lifts nothing: Sun's 3 is the least, Sun wins the center, gains the reward 2 and loses 5."""
    lanes = {"left": quiet(sun_divine="Namari"), "right": quiet(),
             "center": {"quest": Q(2, 0), "pillar": "moon", "sun": [C(1, f=1)] * 3,
                        "moon": [C(3), D("Hadria", 3), C(3)]}}
    table, response = finish(client, lanes, last=("moon", "center"), modifier="least_power")
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"] == {"sun": -3, "moon": 0}


def test_klar_face_down_in_the_least_power_lane(client):
    """ "Klar - If this card is played face down, its power becomes -1." in the least-power center:
    Sun's 1 + (-1) + 1 = 1 against Moon's 2: Sun wins and gains the feather reward 3 (face up, Klar's
    printed 4 makes 6, and Moon would win)."""
    lanes = {"left": quiet(), "right": quiet(moon_divine="Naka"),
             "center": {"quest": Q(3, 0), "pillar": "moon",
                        "sun": [C(1, f=1), D("Klar", 4, face="down"), C(1)],
                        "moon": [C(1), C(1), C(0)]}}
    table, response = finish(client, lanes, last=("moon", "center"), modifier="least_power")
    assert response.status_code == 200, response.get_json()
    assert resolved(table, "center")["power"] == {"sun": 1, "moon": 2}
    assert table.state["renown"] == {"sun": 3, "moon": 0}


def test_pentha_opposite_the_doubled_first_card(client):
    """ "Pentha - The opponent card's power opposite of Pentha becomes 0." Moon's Pentha first in the
    doubled center faces Sun's first card (a 5): 0, doubled or not. Sun 0 + 2 + 2 = 4, Moon Pentha 1
    x 2 + 1 + 1 = 4: a power tie, Sun's pillar picks."""
    lanes = {"left": quiet(sun_divine="Namari"), "right": quiet(),
             "center": {"quest": Q(2, 0), "pillar": "sun", "sun": [C(5, f=1), C(2), C(2)],
                        "moon": [D("Pentha", 1), C(1), C(1)]}}
    table, response = finish(client, lanes, last=("moon", "center"), modifier="double_power")
    assert response.status_code == 200, response.get_json()
    assert table.view()["phase"] == "ties"
    table.ok(type="break_tie", player="sun", lane="center", tie="power", choice="sun")
    assert resolved(table, "center")["power"] == {"sun": 4, "moon": 4}
    assert table.state["renown"] == {"sun": 2, "moon": 0}


def test_invictus_copies_the_printed_first_card_not_its_doubled_power(client):
    """ "Invictus copies the suit and power of a card above it in your lane." and "Each first card
    played will have its power doubled." Sun's center: 5 (doubled 10), 1, Invictus copying the 5: it
    copies the card (5), not the modifier's doubling. 10 + 1 + 5 = 16 against Moon's 3 x 2 + 4 + 5 =
    15: Sun wins and gains the feather reward 2."""
    lanes = {"left": quiet(), "right": quiet(moon_divine="Naka"),
             "center": {"quest": Q(2, 0), "pillar": "sun",
                        "sun": [C(5, f=1), C(1), D("Invictus", 0, copies=1)],
                        "moon": [C(3), C(4), C(5)]}}
    pos_divine = {"sun": [{"name": "Klar"}, {"name": "Invictus", "power": 0}, {"name": "Steward"}],
                  "moon": [{"name": "Hadria"}, {"name": "Pentha"}]}
    table, response = finish(client, lanes, last=("sun", "center"), first_player="moon",
                             modifier="double_power", divine=pos_divine)
    assert response.status_code == 200, response.get_json()
    assert resolved(table, "center")["power"] == {"sun": 16, "moon": 15}
    assert table.state["renown"] == {"sun": 2, "moon": 0}


def test_saghari_then_no_power_for_the_first_card(client):
    """ "Saghari - Other cards in your lane with Saghari that have a power of 3 become 7." and "Each
    first card played will have no power." Sun's center: 3 (first: no power), Saghari 1, 3 (7): 8
    against Moon's 9 x 0 + 4 + 3 = 7. Sun wins the feather reward 2."""
    lanes = {"left": quiet(), "right": quiet(moon_divine="Naka"),
             "center": {"quest": Q(2, 0), "pillar": "sun", "sun": [C(3, f=1), D("Saghari", 1), C(3)],
                        "moon": [C(9), C(4), C(3)]}}
    table, response = finish(client, lanes, last=("moon", "center"), modifier="no_power")
    assert response.status_code == 200, response.get_json()
    assert resolved(table, "center")["power"] == {"sun": 8, "moon": 7}
    assert table.state["renown"] == {"sun": 2, "moon": 0}


def test_isabel_swaps_a_card_with_both_suits(client):
    """ "Isabel - If the opponent card opposite of Isabel in this lane has a suit, reverse the suit."
    Sun's second card shows 3 feathers and 1 scorpion; Moon's Isabel opposite makes it 1 feather and
    3 scorpions: scorpions 3 + 1 = 4 beat feathers 1 + 1 = 2, and Sun (winning 9 to 6) gains the
    scorpion reward 6."""
    lanes = {"left": {"quest": Q(1, 6), "pillar": "sun", "sun": [C(3, f=1), C(3, f=3, s=1), C(3)],
                      "moon": [C(2, s=1), D("Isabel", 2), C(2)]},
             "center": quiet(sun_divine="Namari"), "right": quiet()}
    table, response = finish(client, lanes, last=("moon", "left"))
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"] == {"sun": 6, "moon": 0}


def test_belan_and_the_opponents_isabel_on_one_card(client):
    """ "Belan - All of your cards played in the same lane as Belan have their suits reversed." and
    "Isabel - If the opponent card opposite of Isabel in this lane has a suit, reverse the suit."
    Sun's second card is reversed twice: Belan 1, 3 (2 feathers -> 2 scorpions -> 2 feathers), 3 (1
    scorpion -> 1 feather) = 7 beats Moon's 6; feathers 3 to 0: Sun gains the feather reward 5."""
    lanes = {"left": {"quest": Q(5, -2), "pillar": "sun", "sun": [D("Belan", 1), C(3, f=2), C(3, s=1)],
                      "moon": [C(2), D("Isabel", 2), C(2)]},
             "center": quiet(), "right": quiet()}
    table, response = finish(client, lanes, last=("moon", "left"))
    assert response.status_code == 200, response.get_json()
    assert table.state["renown"] == {"sun": 5, "moon": 0}


def test_the_pillar_holder_denies_mother_to_all_by_handing_her_owner_a_lane(client):
    """ "Mother to All - Gain 10 renown if you lose all quest lanes." and "...in a tie for power, that
    player will pick who wins." Sun (Mother to All) loses left and right; the center is tied 6 to 6
    and Moon holds its pillar: Moon picks Sun, who then has not lost all lanes — no 10, just the
    center's reward 1."""
    lanes = {"left": quiet(sun_divine="Mother to All"), "right": quiet(),
             "center": {"quest": Q(1, 0), "pillar": "moon", "sun": [C(2, f=1)] * 3,
                        "moon": [C(2), C(2), D("Naka", 2)]}}
    table, response = finish(client, lanes, last=("moon", "center"))
    assert response.status_code == 200, response.get_json()
    table.ok(type="break_tie", player="moon", lane="center", tie="power", choice="sun")
    assert table.state["renown"] == {"sun": 1, "moon": 0}


def test_hadrias_owner_holding_the_pillar_hands_her_lane_to_the_opponent(client):
    """ "Hadria - If your opponent wins the lane where Hadria is played, they lose 5 Renown in
    addition to any quest awards." Moon's Hadria lane is tied 6 to 6 and Moon holds the pillar:
    Moon picks Sun, who gains the feather reward 2 and loses 5."""
    lanes = {"left": {"quest": Q(2, 0), "pillar": "moon", "sun": [C(2, f=1)] * 3,
                      "moon": [C(2), D("Hadria", 2), C(2)]},
             "center": quiet(sun_divine="Namari"), "right": quiet()}
    table, response = finish(client, lanes, last=("moon", "left"))
    assert response.status_code == 200, response.get_json()
    table.ok(type="break_tie", player="moon", lane="left", tie="power", choice="sun")
    assert table.state["renown"] == {"sun": -3, "moon": 0}


def test_aponi_before_the_doubled_first_card(client):
    """ "Aponi - Other cards in your lane with Aponi that have a power of 8 become 2." and "Each first
    card played will have its power doubled." (the referee's documented order: the card's own value,
    then its owner's Aponi, then the modifier). Sun's center: 8 first -> 2 -> 4, Aponi 1, 1 = 6
    against Moon's 3 x 2 + 1 + 1 = 8: Moon wins the feather reward 3."""
    lanes = {"left": quiet(), "right": quiet(moon_divine="Naka"),
             "center": {"quest": Q(3, 0), "pillar": "sun", "sun": [C(8, f=1), D("Aponi", 1), C(1)],
                        "moon": [C(3), C(1), C(1)]}}
    table, response = finish(client, lanes, last=("moon", "center"), modifier="double_power")
    assert response.status_code == 200, response.get_json()
    assert resolved(table, "center")["power"] == {"sun": 6, "moon": 8}
    assert table.state["renown"] == {"sun": 0, "moon": 3}


def test_eradan_takes_the_prophets_lane(client):
    """ "Eradan - Your other lanes have an additional 2 power." and "Prophet - If you win the lane that
    you have played the Prophet in, gain 5 renown." Sun's Prophet lane: Sun 6 against Moon's 5 + 2
    (Eradan in the center) = 7: Moon wins it, Sun gains no 5."""
    lanes = {"left": {"quest": Q(0, 0), "pillar": "sun", "sun": [D("Prophet", 2), C(2), C(2)],
                      "moon": [C(1, s=1), C(2), C(2)]},
             "center": quiet(moon_divine="Eradan"), "right": quiet()}
    table, response = finish(client, lanes, last=("moon", "left"))
    assert response.status_code == 200, response.get_json()
    assert resolved(table, "left")["power"] == {"sun": 6, "moon": 7}
    assert table.state["renown"] == {"sun": 0, "moon": 0}


def test_pentha_in_the_least_power_lane_helps_the_opponent(client):
    """ "Pentha - The opponent card's power opposite of Pentha becomes 0." in the least-power center:
    Moon's Pentha zeroes Sun's 9, so Sun's 0 + 1 + 1 = 2 is the least against Moon's 1 + 1 + 1 = 3:
    Sun wins the center and its feather reward 4."""
    lanes = {"left": quiet(sun_divine="Namari"), "right": quiet(),
             "center": {"quest": Q(4, 0), "pillar": "sun", "sun": [C(9, f=1), C(1), C(1)],
                        "moon": [D("Pentha", 1), C(1), C(1)]}}
    table, response = finish(client, lanes, last=("moon", "center"), modifier="least_power")
    assert response.status_code == 200, response.get_json()
    assert resolved(table, "center")["power"] == {"sun": 2, "moon": 3}
    assert table.state["renown"] == {"sun": 4, "moon": 0}


def test_the_stewards_icons_are_not_doubled_by_the_suit_modifier(client):
    """ "Each first card played will have its suit doubled." — a card's suit; the Steward's "2
    additional total scorpions" are the lane's, not a first card's. Sun's Steward in the left lane
    adds 2 feathers to the center (to its right): Sun's first card 1 feather x 2 = 2, + 2 = 4
    feathers against Moon's first 2 scorpions x 2 = 4 and 1 more = 5 scorpions: scorpions win,
    Sun (winning on power) gains the scorpion reward 6."""
    lanes = {"left": dict(quiet(sun_divine="Steward")),
             "center": {"quest": Q(1, 6), "pillar": "sun", "sun": [C(5, f=1), C(5), C(5)],
                        "moon": [C(1, s=2), C(1, s=1), D("Naka", 1)]},
             "right": quiet()}
    response = score(client, [age(lanes, "double_suit", "sun")])
    assert response.status_code == 200, response.get_json()
    center = named(response.get_json()["ages"][0]["lanes"], "center")
    assert (center["total_feathers"], center["total_scorpions"]) == (4, 5)
    assert response.get_json()["ages"][0]["renown"]["sun"] == 6


def test_a_suit_tie_among_the_winners_icons_under_the_winner_ruling(client):
    """Table ruling dominant_suit=winner: only the winner's icons count. Sun wins the left 9 to 3
    with 1 feather and 1 scorpion (Moon's 3 feathers do not count): a suit tie, and Moon holding the
    pillar picks scorpions — Sun gains the sickle -2."""
    lanes = {"left": {"quest": Q(5, -2), "pillar": "moon", "sun": [C(3, f=1), C(3, s=1), C(3)],
                      "moon": [C(1, f=1), C(1, f=1), C(1, f=1)]},
             "center": quiet(sun_divine="Namari"), "right": quiet(moon_divine="Naka")}
    table, response = finish(client, lanes, last=("moon", "left"), options={"dominant_suit": "winner"})
    assert response.status_code == 200, response.get_json()
    assert table.view()["phase"] == "ties"
    table.ok(type="break_tie", player="moon", lane="left", tie="suit", choice="scorpions")
    assert table.state["renown"] == {"sun": -2, "moon": 0}


def test_namari_may_look_at_her_players_own_face_down_card(client):
    """ "Namari - You may look at any played (including opponent's) face-down card secretly then
    return it." — any, one's own too: Sun looks at Sun's own face-down card; nothing changes on the
    table and Moon's turn follows."""
    pos = position({"left": {"quest": Q(1, 1), "pillar": "moon", "sun": [C(3, face="down")],
                             "moon": [C(2)]}},
                   turn="sun", divine=age_one_divine("Namari"))
    table = Table(client, pos)
    table.ok(type="play", player="sun", lane="right", face="up", divine="Namari")
    table.ok(type="namari_look", player="sun", lane="left", side="sun", position=1)
    assert table.view()["current_players"] == ["moon"]
    assert table.lane("left", "moon")["cards"]["sun"][0].get("power") is None


def test_a_face_down_sorcerer_still_exchanges(client):
    """ "Sorcerer - When played, take another card from any of your lanes and exchange it with one
    from your hand." — when played, whatever its face (the referee's reading: "effects apply face up
    or face down once revealed; Sorcerer's and Namari's actions happen when played whatever the
    face"). Sun's face-down Sorcerer exchanges the left lane's 3 for a 7."""
    pos = position({"left": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(3, f=1)], "moon": [C(2)]}},
                   turn="sun", divine=age_one_divine("Sorcerer"))
    table = Table(client, pos)
    table.ok(type="play", player="sun", lane="right", face="down", divine="Sorcerer")
    assert table.view()["phase"] == "action"
    table.ok(type="sorcerer_exchange", player="sun", lane="left", position=1, power=7, feathers=0,
             scorpions=0)
    assert table.lane("left")["cards"]["sun"][0]["power"] == 7


def test_pentha_zeroes_the_card_played_opposite_it_later(client):
    """ "Pentha - The opponent card's power opposite of Pentha becomes 0." (table ruling opposite,
    default same_position). Moon's Pentha lies first in the left lane before Sun has a card there;
    Sun's 9 played first in that lane later is the card opposite: 0 if the Age ended now, on Sun's
    own view too."""
    pos = position({"left": {"quest": Q(1, 1), "pillar": "moon", "sun": [], "moon": [D("Pentha", 1)]}},
                   turn="sun", divine={"sun": [{"name": "Klar"}, {"name": "Steward"}, {"name": "Aponi"}],
                                       "moon": [{"name": "Hadria"}, {"name": "Eradan"}]})
    table = Table(client, pos)
    table.ok(type="play", player="sun", lane="left", face="up", power=9, feathers=1, scorpions=0)
    assert table.live("left")["power"] == {"sun": 0, "moon": 1}
    assert table.live("left", "sun")["power"] == {"sun": 0, "moon": 1}


# == Hands and decks ===============================================================================


def test_a_position_cannot_give_the_turn_to_a_player_with_nothing_to_play(client):
    """On Your Turn: "First, play 1 card into any lane." Sun's hand and deck are empty and the Age's
    Divine card is played: with places left Sun still has nothing to play, so the turn cannot be
    Sun's (before the fix the table started with no legal move and stood still). A 400 naming
    `position.turn`, as for a player with no place left."""
    lanes = {"left": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(1), C(1)], "moon": [C(1), C(1)]},
             "center": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(1), D("Naka", 1)],
                        "moon": [C(1), C(1)]}}
    # (hands and decks this short need a smaller deck: champion_deck_size 25)
    pos = position(lanes, turn="sun", age=3, hands={"sun": {"count": 0}, "moon": {"count": 3}},
                   decks={"sun": 0, "moon": 0}, divine={"sun": [], "moon": [{"name": "Hadria", "power": 1}]})
    response = client.post("/api/sessions", json={
        "game": "pillars-of-fate", "players": [{"name": "Ana", "seat": "sun"},
                                               {"name": "Ben", "seat": "moon"}], "position": pos,
        "options": {"champion_deck_size": 25}})
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"] == "position.turn"
    pos["turn"] = "moon"
    table = Table(client, pos, champion_deck_size=25)
    table.ok(type="play", player="moon", lane="right", face="up", divine="Hadria")
    assert table.view()["current_players"] == ["moon"]  # Sun has nothing: Moon plays again


def test_a_player_whose_hand_runs_out_is_passed_over(client):
    """ "Then, draw back up to 5 cards." — from an empty deck nothing comes. Sun plays the last card
    of the hand; Moon plays; Sun, with places left but no card and the Divine card played, is passed
    over and Moon plays again (the referee's reading: the Age goes on until the lanes are full or
    nobody can play)."""
    lanes = {"left": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(1), C(1)], "moon": [C(1), C(1)]},
             "center": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(1), D("Naka", 1)],
                        "moon": [C(1), D("Hadria", 1)]}}
    pos = position(lanes, turn="sun", age=3, hands={"sun": {"count": 1}, "moon": {"count": 3}},
                   decks={"sun": 0, "moon": 0}, divine={"sun": [], "moon": []})
    table = Table(client, pos, champion_deck_size=25)  # hands this short need a smaller deck
    table.ok(type="play", player="sun", lane="right", face="up", power=4, feathers=0, scorpions=0)
    assert table.state["hands"]["sun"]["count"] == 0
    table.ok(type="play", player="moon", lane="right", face="up", power=2, feathers=0, scorpions=0)
    assert table.view()["current_players"] == ["moon"]
    refused_one_of(table.play("sun", "right", C(3)), Q_HAND, "During each Age, players alternate turns")


# == What the pages show ===========================================================================


def test_the_table_page_per_seat_hides_the_hand_and_teaches_a_refusal(client):
    """What the players see: Sun's phone shows Sun's entered hand (a 13 with 3 feathers) and the taps
    for it; Moon's phone and a watcher do not show that card. A fourth card tapped into Sun's full
    left lane is refused on the page with the sentence ("Each lane can hold up to 3 cards per
    player.") and a link to it in the rulebook."""
    hand = [C(13, f=3), C(2), C(2), C(4, s=1), C(6, f=1)]
    pos = position({"left": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(3, f=1), C(1), C(1)],
                             "moon": [C(2), C(2)]},
                    "right": {"quest": Q(0, 0), "moon": [C(2)]}},  # 3 cards each: Sun to play
                   turn="sun", hands={"sun": {"count": 5, "cards": hand}, "moon": {"count": 5}})
    table = new_table(client, pos)
    host_page = client.get(table).text
    join = re.search(r'id="join-link" href="http://localhost([^"]+)"', host_page).group(1)
    phones = {}
    for seat in ("sun", "moon"):
        phone = client.application.test_client()
        phone.get(join)
        page = phone.get(table).text
        phone.post(f"{table}/seat", data={"csrf_token": csrf_of(page), "seat": seat})
        phones[seat] = phone
    sun_page, moon_page = (phones[seat].get(table).text for seat in ("sun", "moon"))
    watcher = client.application.test_client().get(table).text
    assert '<span class="pof-chip">13 · 3 feathers</span>' in sun_page
    assert "card 13 into the center lane" in sun_page  # a tap for it
    for page in (moon_page, watcher):
        assert "13 · 3 feathers" not in page and "card 13 into" not in page
        assert "In hand: 5" in page or "Hand 5" in page
    answer = tap(phones["sun"], table, {"type": "play", "player": "sun", "lane": "left", "face": "up",
                                        "power": 2, "feathers": 0, "scorpions": 0})
    assert "Each lane can hold up to 3 cards per player." in answer.text
    assert "/rules/pillars-of-fate#" in answer.text
