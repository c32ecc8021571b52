"""Pillars of Fate: the twelfth audit (session 17, `audit-b`).

Under the table ruling divine_duplicates: none (the table's Divine deck holds one card of each
name) a position and the calculator's tally were checked by two helpers walking the cards alike
and quoting different sentences: a position always the draft's ("Players simultaneously select 1
card to keep, passing the other 2 to their opponent."), the tally the Divine play's ("You may
select from any of your 3 unplayed Divine cards.") for a player's own second play and the draft's
for the other player's. Now one helper and one reading: where either card of the name is one
played, the play names a card not among its player's unplayed three (played before, or the other
player's), and it is refused with the sentence the game refuses that play with; two cards set
aside unplayed name one card the draft gave to one player, the draft's sentence.

Finding 139: whether a lane nobody won is lost for Mother to All was decided without a ruling (not
lost); it is the table ruling `mother_to_all_unwon` ('not_lost' default, as before; 'lost').

Finding 140: the calculator scored tallies the table refuses as plays — an Invictus naming a card
not directly above it under `invictus_copies: directly_above`, a Pentha or Isabel naming an
opposite card other than its own position under `opposite: same_position`, and (under any
`first_card`) a lane's `first` player whose first card lies face up without its pillar; each is a
400 naming the field, quoting the sentence the play is refused with."""

import pytest

from tests.api_table import calculated, quotes_from
from tests.guard_cases.pillars_of_fate import last_card, opening
from tests.test_blind_scoring_pillars_of_fate_2 import MOTHER, mother_beside_an_unmoved_center
from tests.test_pillars_of_fate_audit import C, D, age, quiet

GAME = "pillars-of-fate"
book = quotes_from(GAME)
KEEP = book("Players simultaneously select 1 card to keep, passing the other 2 to their opponent.")
SELECT = book("You may select from any of your 3 unplayed Divine cards.")
NONE = {"divine_duplicates": "none"}
UNCHECKED = {"divine_required": "not_enforced"}  # the tallies name only the Prophets
PROPHET = {"name": "Prophet", "power": 4, "feathers": 1, "scorpions": 0}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def created(client, position, options):
    return client.post("/api/sessions", json={"game": GAME, "players": ["Ann", "Ben"],
                                              "options": options, "position": position})


def refused_field(response, field, quote):
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert (error["field"], error["rule"]["quote"]) == (field, quote)
    assert quote in error["message"] and "divine_duplicates" in error["message"]


@pytest.mark.parametrize("holder", ["sun", "moon"])
def test_a_position_s_played_divine_card_also_set_aside_quotes_the_divine_play(client, holder):
    """Sun's Prophet lies in the left lane (Age I) and is also listed set aside unplayed, by Sun
    or by Moon: with one Prophet the card played is not among anyone's unplayed three."""
    divine = last_card()["divine"]
    divine[holder] = [divine[holder][0], PROPHET]  # in place of Steward's or Eradan's
    position = last_card(divine=divine)
    assert created(client, position, {}).status_code == 201  # as printed: two Prophets may exist
    refused_field(created(client, position, NONE), f"position.divine.{holder}[1]", SELECT)


def test_two_unplayed_cards_of_one_name_quote_the_draft(client):
    """Both set aside unplayed (one each side): the draft gave the one Prophet to one player."""
    both = opening(divine={"sun": [{"name": "Prophet"}, {"name": "Klar"}, {"name": "Naka"}],
                           "moon": [{"name": "Aponi"}, {"name": "Belan"}, {"name": "Prophet"}]})
    refused_field(created(client, both, NONE), "position.divine.moon[2]", KEEP)
    distinct = opening(divine={"sun": [{"name": "Prophet"}, {"name": "Klar"}, {"name": "Naka"}],
                               "moon": [{"name": "Aponi"}, {"name": "Belan"}, {"name": "Isabel"}]})
    assert created(client, distinct, NONE).status_code == 201


@pytest.mark.parametrize("second", ["sun", "moon"])
def test_a_divine_name_played_twice_in_the_tally_quotes_the_divine_play_whoever_played_it(
        client, second):
    """Sun's Prophet in Age I; a Prophet again in Age III by Sun (played before) or by Moon (Sun's
    card): the same sentence either way, naming the second play; a different name is scored."""
    ages = [age({"left": quiet(sun_divine="Prophet"), "center": quiet(), "right": quiet()},
                "double_power", "sun"),
            age({"left": quiet(), "center": quiet(), "right": quiet()}, "no_suit", "moon"),
            age({"left": quiet(), "center": quiet(), "right": quiet(**{f"{second}_divine":
                                                                       "Prophet"})},
                "two_face_down", "sun")]
    assert calculated(client, GAME, {"ages": ages, "options": UNCHECKED})["players"]
    error = calculated(client, GAME, {"ages": ages, "options": {**UNCHECKED, **NONE}}, 400)["error"]
    assert (error["field"], error["rule"]["quote"]) == (f"ages[2].lanes.right.{second}[0]",
                                                        SELECT)
    ages[2]["lanes"]["right"] = quiet(**{f"{second}_divine": "Naka"})
    assert calculated(client, GAME, {"ages": ages, "options": {**UNCHECKED, **NONE}})["players"]


@pytest.mark.parametrize("ruling, moon", [(None, 0), ("not_lost", 0), ("lost", 10)])
def test_mother_to_all_beside_a_lane_nobody_won_follows_the_table_s_ruling(client, ruling, moon):
    """Moon's Mother to All; Sun wins the left and the right, the center is tied and undecided
    (its pillar never moved): Moon gains 10 only when the table counts that lane as lost."""
    body = mother_beside_an_unmoved_center()
    if ruling:
        body["options"]["mother_to_all_unwon"] = ruling
    scores = calculated(client, GAME, body)
    lines = [(line["points"], line["rule"]["quote"]) for line in scores["players"][1]["breakdown"]
             if line["rule"]["quote"] == MOTHER]
    assert lines == ([(10, MOTHER)] if moon else [])
    option = client.get(f"/api/games/{GAME}").get_json()["options"]["mother_to_all_unwon"]
    assert option["default"] == "not_lost"
    assert MOTHER in [rule["quote"] for rule in option["rules"]]


INVICTUS = book("Invictus - If this card is played first in your lane, it is just a 0 card, it does "
                "not copy your opponents card. Invictus copies the suit and power of a card above "
                "it in your lane.")
PENTHA = book("Pentha - The opponent card's power opposite of Pentha becomes 0.")
PILLAR = book("If you are the first to place a face-up card in a lane, move the pillar to your side.")


def one_age(left, options):
    return {"ages": [age({"left": left, "center": quiet(), "right": quiet()}, "double_power",
                         "sun")], "options": {"divine_required": "not_enforced", **options}}


@pytest.mark.parametrize("refused, accepted, field, options, quote", [
    ({**quiet(), "sun": [C(7), C(1), D("Invictus", copies=1)]},
     {**quiet(), "sun": [C(7), C(1), D("Invictus", copies=2)]},
     "ages[0].lanes.left.sun[2].copies", {"invictus_copies": "directly_above"}, INVICTUS),
    ({**quiet(), "moon": [D("Pentha", 2, opposite=2), C(2), C(2)]},
     {**quiet(), "moon": [D("Pentha", 2, opposite=1), C(2), C(2)]},
     "ages[0].lanes.left.moon[0].opposite", {}, PENTHA),
    ({**quiet(), "pillar": "sun", "first": "moon"},
     {**quiet(), "pillar": "moon", "first": "moon"},
     "ages[0].lanes.left.first", {}, PILLAR)])
def test_a_tally_the_table_would_refuse_as_a_play_is_refused(client, refused, accepted, field,
                                                             options, quote):
    error = calculated(client, GAME, one_age(refused, options), 400)["error"]
    assert (error["field"], error["rule"]["quote"]) == (field, quote)
    assert calculated(client, GAME, one_age(accepted, options))["players"]
