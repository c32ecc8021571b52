"""Pillars of Fate: the twelfth audit (session 17, `audit-b`).

Under the table ruling divine_duplicates: none (the table's Divine deck holds one card of each
name) a position and the calculator's tally were checked by two helpers walking the cards alike
and quoting different sentences: a position always the draft's ("Players simultaneously select 1
card to keep, passing the other 2 to their opponent."), the tally the Divine play's ("You may
select from any of your 3 unplayed Divine cards.") for a player's own second play and the draft's
for the other player's. Now one helper and one reading: where either card of the name is one
played, the play names a card not among its player's unplayed three (played before, or the other
player's), and it is refused with the sentence the game refuses that play with; two cards set
aside unplayed name one card the draft gave to one player, the draft's sentence."""

import pytest

from tests.api_table import calculated, quotes_from
from tests.guard_cases.pillars_of_fate import last_card, opening
from tests.test_pillars_of_fate_audit import age, quiet

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
