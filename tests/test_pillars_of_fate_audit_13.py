"""Pillars of Fate: the thirteenth audit (session 18, `audit18`): finding 149 (outsider18), also
found by audit18's sweep.

The center's first-card modifiers ("Each first card played will have its power doubled.", "... its
suit doubled.", "... no power.", "... no suit.") and the Divine cards' texts on the same card —
Saghari's "cards ... that have a power of 3 become 7", Aponi's "... of 8 become 2", face-down Klar's
"its power becomes -1", face-down Arbiter's "its suit will be 4 scorpions" — meet with no order
printed. The referee applied the texts to the printed values and the modifier after without a
ruling; it is now the table ruling `first_card_modifier_order`: `divine_first` (default, as before)
or `modifier_first` (the modifier on the printed card, then the texts).

Finding 155 (outsider18): whose the second face-down place Naka gives a shared lane is was decided
(the owner's) without a ruling; it is `naka_second_place`: `owner` (default, as before: "Your other
quest lanes" read as Eradan's "Your other lanes", the owner's side) or `lane` (the lane may have 2,
whoever lays them).

The sweep: what Invictus copies of a card the opponent's Pentha or Isabel opposite it changed was
decided (the printed card) without a ruling; it is `invictus_copies_texts`: `printed` (default, as
before) or `as_it_stands` (a zeroed 5 copied as 0, a reversed suit as reversed)."""

import pytest

from tests.api_table import ApiTable, as_seen, calculated, quotes_from
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


# --- Finding 155: whose Naka's second face-down place is -------------------------------------------

NAKA = book("Naka - Your other quest lanes may have 2 face-down cards.")
ONE_FACE_DOWN = book("1 card per lane may be played face down.")
ERADAN = book("Eradan - Your other lanes have an additional 2 power.")
QUESTS = [{"feather": 3, "scorpion": -1}, {"feather": 2, "scorpion": 4},
          {"feather": -2, "scorpion": 3}]


def naka_in_the_center(client, ruling):
    """Age I: Sun plays Naka in the center; Sun lays a 4 face down in the left lane; Moon is to
    play."""
    options = {"naka_second_place": ruling} if ruling else {}
    table = ApiTable(client, {"game": GAME, "players": ["Ana", "Ben"], "options": options})
    table.accepted({"type": "draft_divine", "player": "sun", "kept": "Naka",
                    "passed": ["Klar", "Prophet"]})
    table.accepted({"type": "draft_divine", "player": "moon", "kept": "Hadria",
                    "passed": ["Pentha", "Eradan"]})
    table.accepted({"type": "begin_age", "player": "sun", "first_player": "sun",
                    "modifier": "double_power", "quests": QUESTS})
    table.accepted(card("sun", "center", 1, divine="Naka"))
    table.accepted(card("moon", "right", 3))
    table.accepted(card("sun", "left", 4, face="down"))
    return table


def card(player, lane, power, face="up", **extra):
    return {"type": "play", "player": player, "lane": lane, "power": power, "feathers": 0,
            "scorpions": 0, "face": face, **extra}


@pytest.mark.parametrize("ruling", [None, "owner"])
def test_by_default_the_second_place_is_nakas_owners(client, ruling):
    table = naka_in_the_center(client, ruling)
    before = as_seen(table.view())
    table.refused(card("moon", "left", 3, face="down"), ONE_FACE_DOWN)
    assert as_seen(table.view()) == before
    table.accepted(card("moon", "left", 3))


def test_under_lane_either_player_lays_the_second_and_no_one_a_third(client):
    table = naka_in_the_center(client, "lane")
    table.accepted(card("moon", "left", 3, face="down"))
    table.accepted(card("sun", "right", 2))
    before = as_seen(table.view())
    table.refused(card("moon", "left", 2, face="down"), NAKA)
    assert as_seen(table.view()) == before
    left = next(lane for lane in table.view()["state"]["lanes"] if lane["name"] == "left")
    assert [c["face"] for c in left["cards"]["sun"] + left["cards"]["moon"]] == ["down", "down"]


def test_the_naka_ruling_cites_naka_the_printed_limit_and_eradan(client):
    option = client.get(f"/api/games/{GAME}").get_json()["options"]["naka_second_place"]
    assert option["default"] == "owner"
    assert [rule["quote"] for rule in option["rules"]] == [NAKA, ONE_FACE_DOWN, ERADAN]


# --- The sweep: what Invictus copies of a card a Divine text changed --------------------------------

INVICTUS = book("Invictus - If this card is played first in your lane, it is just a 0 card, it does "
                "not copy your opponents card. Invictus copies the suit and power of a card above "
                "it in your lane.")
PENTHA = book("Pentha - The opponent card's power opposite of Pentha becomes 0.")
ISABEL = book("Isabel - If the opponent card opposite of Isabel in this lane has a suit, reverse "
              "the suit.")


def left_lane_age(sun, moon, ruling):
    """Age I (the least-power center, left alone); on the left Sun's column `sun` against Moon's
    `moon`."""
    left = {"quest": Q(5, 5), "pillar": "sun", "sun": sun, "moon": moon}
    options = {"divine_required": "not_enforced"}
    if ruling:
        options["invictus_copies_texts"] = ruling
    return {"ages": [age({"left": left, "center": quiet(), "right": quiet()}, "least_power",
                         "sun")], "options": options}


def left(scores):
    lane = scores["ages"][0]["lanes"][0]
    assert lane["lane"] == "left"
    return lane


@pytest.mark.parametrize("ruling, copy", [(None, 5), ("printed", 5), ("as_it_stands", 0)])
def test_invictus_copying_a_card_pentha_zeroed(client, ruling, copy):
    # Moon's Pentha sits opposite Sun's 5 (position 2); Sun's Invictus copies the card above it.
    sun = [C(1, f=2), C(5, f=1), D("Invictus", 0, copies=2)]
    moon = [C(2, s=1), D("Pentha", 1, s=1), C(2, s=1)]
    lane = left(calculated(client, GAME, left_lane_age(sun, moon, ruling)))
    assert lane["values"]["sun"][1]["power"] == 0
    assert lane["values"]["sun"][2]["power"] == copy
    assert lane["power"]["sun"] == 1 + 0 + copy


@pytest.mark.parametrize("ruling, copied", [(None, (2, 0)), ("as_it_stands", (0, 2))])
def test_invictus_copying_a_card_isabel_reversed(client, ruling, copied):
    # Moon's Isabel opposite Sun's 4 with 2 feathers: it shows 2 scorpions.
    sun = [C(1, f=1), C(4, f=2), D("Invictus", 0, copies=2)]
    moon = [C(2, s=1), D("Isabel", 1, s=1), C(2, s=1)]
    lane = left(calculated(client, GAME, left_lane_age(sun, moon, ruling)))
    assert lane["values"]["sun"][1]["scorpions"] == 2
    invictus = lane["values"]["sun"][2]
    assert (invictus["feathers"], invictus["scorpions"]) == copied


def test_the_invictus_ruling_cites_its_text_and_the_texts_it_may_copy(client):
    option = client.get(f"/api/games/{GAME}").get_json()["options"]["invictus_copies_texts"]
    assert option["default"] == "printed"
    assert [rule["quote"] for rule in option["rules"]] == [INVICTUS, POWER_VALUE, PENTHA, ISABEL]
