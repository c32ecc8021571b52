"""Pillars of Fate: the thirteenth audit (session 18, `audit18`): finding 149 (outsider18), also
found by audit18's sweep.

The center's first-card modifiers ("Each first card played will have its power doubled.", "... its
suit doubled.", "... no power.", "... no suit.") and the Divine cards' texts on the same card —
Saghari's "cards ... that have a power of 3 become 7", Aponi's "... of 8 become 2", face-down Klar's
"its power becomes -1", face-down Arbiter's "its suit will be 4 scorpions" — meet with no order
printed. The referee applied the texts to the printed values and the modifier after without a
ruling; it is now the table ruling `first_card_modifier_order`: `divine_first` (default, as before)
or `modifier_first` (the modifier on the printed card, then the texts)."""

import pytest

from tests.api_table import calculated, quotes_from
from tests.test_pillars_of_fate_audit import C, D, Q, age, quiet

GAME = "pillars-of-fate"
book = quotes_from(GAME)
KLAR = book("Klar - If this card is played face down, its power becomes -1.")
ARBITER = book("Arbiter - If this card is played face down, its suit will be 4 scorpions.")
SAGHARI = book("Saghari - Other cards in your lane with Saghari that have a power of 3 become 7.")
APONI = book("Aponi - Other cards in your lane with Aponi that have a power of 8 become 2.")
DOUBLED = book("Each first card played will have its power doubled.")
POWER_VALUE = book("Power Value: Number representing the card's strength.")
SUIT_DOUBLED = book("Each first card played will have its suit doubled.")
NO_POWER = book("Each first card played will have no power.")
NO_SUIT = book("Each first card played will have no suit.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def center_age(sun, ruling, modifier="double_power"):
    """Age I under the doubled-power modifier; in the center Sun's column `sun` against Moon's
    4, 2, 2 (its first card doubled: 12); Sun holds the pillar, suits never tie."""
    center = {"quest": Q(5, 5), "pillar": "sun", "sun": sun, "moon": [C(4), C(2), C(2)]}
    options = {"divine_required": "not_enforced"}
    if ruling:
        options["first_card_modifier_order"] = ruling
    return {"ages": [age({"left": quiet(), "center": center, "right": quiet()}, modifier, "sun")],
            "options": options}


def center(scores):
    lane = scores["ages"][0]["lanes"][1]
    assert lane["lane"] == "center"
    return lane


@pytest.mark.parametrize("ruling, first, sun_power, winner", [
    (None, 14, 16, "sun"), ("divine_first", 14, 16, "sun"), ("modifier_first", 6, 8, "moon")])
def test_saghari_beside_the_doubled_first_card(client, ruling, first, sun_power, winner):
    scores = calculated(client, GAME, center_age([C(3, f=1), C(1), D("Saghari", 1)], ruling))
    lane = center(scores)
    assert lane["values"]["sun"][0]["power"] == first
    assert (lane["power"], lane["winner"]) == ({"sun": sun_power, "moon": 12}, winner)
    notes = lane["notes"]["sun"]
    assert ("Saghari: 3 becomes 7" in notes) == (ruling != "modifier_first")


@pytest.mark.parametrize("ruling, first, sun_power", [
    (None, 8, 10), ("divine_first", 8, 10), ("modifier_first", 2, 4)])
def test_aponi_beside_the_doubled_first_card(client, ruling, first, sun_power):
    scores = calculated(client, GAME, center_age([C(4, f=1), C(1), D("Aponi", 1)], ruling))
    lane = center(scores)
    assert lane["values"]["sun"][0]["power"] == first
    assert lane["power"] == {"sun": sun_power, "moon": 12} and lane["winner"] == "moon"


@pytest.mark.parametrize("modifier, ruling, power", [
    ("double_power", "divine_first", -2), ("double_power", "modifier_first", -1),
    ("no_power", "divine_first", 0), ("no_power", "modifier_first", -1)])
def test_a_face_down_klar_first_in_the_center(client, modifier, ruling, power):
    sun = [D("Klar", 5, f=1, face="down"), C(1), C(1)]
    lane = center(calculated(client, GAME, center_age(sun, ruling, modifier)))
    assert lane["values"]["sun"][0]["power"] == power
    assert lane["power"]["sun"] == power + 2


@pytest.mark.parametrize("modifier, ruling, scorpions", [
    ("double_suit", "divine_first", 8), ("double_suit", "modifier_first", 4),
    ("no_suit", "divine_first", 0), ("no_suit", "modifier_first", 4)])
def test_a_face_down_arbiter_first_in_the_center(client, modifier, ruling, scorpions):
    sun = [D("Arbiter", 2, f=1, face="down"), C(1, f=1), C(1, f=1)]
    lane = center(calculated(client, GAME, center_age(sun, ruling, modifier)))
    first = lane["values"]["sun"][0]
    assert (first["feathers"], first["scorpions"]) == (0, scorpions)


def test_the_ruling_cites_the_four_texts_the_four_modifiers_and_the_power_value(client):
    option = client.get(f"/api/games/{GAME}").get_json()["options"]["first_card_modifier_order"]
    assert option["default"] == "divine_first"
    assert [rule["quote"] for rule in option["rules"]] == [
        SAGHARI, APONI, KLAR, ARBITER, DOUBLED, SUIT_DOUBLED, NO_POWER, NO_SUIT, POWER_VALUE]
