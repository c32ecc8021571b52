"""Pillars of Fate: the thirteenth audit (session 18, `audit18`): finding 149 (outsider18), also
found by audit18's sweep.

The center's "Each first card played will have its power doubled." and Saghari's / Aponi's "cards
... that have a power of 3 become 7" / "... of 8 become 2" meet on the same card and the book
prints no order. The referee applied the Divine cards to the printed power and doubled after
(3 → 7 → 14; a 4 stays 4 beside Aponi, then 8) without a ruling; it is now the table ruling
`saghari_aponi_first_card`: `printed` (default, as before: "Power Value: Number representing the
card's strength.") or `modified` (the power the modifier gave it: a doubled 3 is 6; a doubled 4
has a power of 8 and becomes 2). The other first-card modifiers give the same totals either way."""

import pytest

from tests.api_table import calculated, quotes_from
from tests.test_pillars_of_fate_audit import C, D, Q, age, quiet

GAME = "pillars-of-fate"
book = quotes_from(GAME)
SAGHARI = book("Saghari - Other cards in your lane with Saghari that have a power of 3 become 7.")
APONI = book("Aponi - Other cards in your lane with Aponi that have a power of 8 become 2.")
DOUBLED = book("Each first card played will have its power doubled.")
POWER_VALUE = book("Power Value: Number representing the card's strength.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def center_age(sun, ruling):
    """Age I under the doubled-power modifier; in the center Sun's column `sun` against Moon's
    4, 2, 2 (its first card doubled: 12); Sun holds the pillar, suits never tie."""
    center = {"quest": Q(5, 5), "pillar": "sun", "sun": sun, "moon": [C(4), C(2), C(2)]}
    options = {"divine_required": "not_enforced"}
    if ruling:
        options["saghari_aponi_first_card"] = ruling
    return {"ages": [age({"left": quiet(), "center": center, "right": quiet()}, "double_power",
                         "sun")], "options": options}


def center(scores):
    lane = scores["ages"][0]["lanes"][1]
    assert lane["lane"] == "center"
    return lane


@pytest.mark.parametrize("ruling, first, sun_power, winner", [
    (None, 14, 16, "sun"), ("printed", 14, 16, "sun"), ("modified", 6, 8, "moon")])
def test_saghari_beside_the_doubled_first_card(client, ruling, first, sun_power, winner):
    scores = calculated(client, GAME, center_age([C(3, f=1), C(1), D("Saghari", 1)], ruling))
    lane = center(scores)
    assert lane["values"]["sun"][0]["power"] == first
    assert (lane["power"], lane["winner"]) == ({"sun": sun_power, "moon": 12}, winner)
    notes = lane["notes"]["sun"]
    assert ("Saghari: 3 becomes 7" in notes) == (ruling != "modified")


@pytest.mark.parametrize("ruling, first, sun_power", [
    (None, 8, 10), ("printed", 8, 10), ("modified", 2, 4)])
def test_aponi_beside_the_doubled_first_card(client, ruling, first, sun_power):
    scores = calculated(client, GAME, center_age([C(4, f=1), C(1), D("Aponi", 1)], ruling))
    lane = center(scores)
    assert lane["values"]["sun"][0]["power"] == first
    assert lane["power"] == {"sun": sun_power, "moon": 12} and lane["winner"] == "moon"


def test_the_ruling_cites_both_cards_the_modifier_and_the_power_value(client):
    option = client.get(f"/api/games/{GAME}").get_json()["options"]["saghari_aponi_first_card"]
    assert option["default"] == "printed"
    assert [rule["quote"] for rule in option["rules"]] == [SAGHARI, APONI, DOUBLED, POWER_VALUE]
