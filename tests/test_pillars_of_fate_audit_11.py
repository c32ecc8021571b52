"""Eleventh audit of the Pillars of Fate referee (session 16, `audit-b`), through the HTTP API.

Outsider findings 102-104: what is entered while an Age's ties wait and between the Ages.
- The next Age begun while the ties wait quotes the step that waits, “Ties in either suit or power
  are decided by the player that holds the pillar for that lane.” (Resolving an Age, 2), not the
  Age's end; once the ties are picked it is accepted.
- A Namari look or a Sorcerer exchange nobody played quotes the card's own text, as it does
  mid-Age: alone while the ties wait; in the draft, before Age I's quests and between the Ages
  (the lead's ruling on 104) with the set-up step that waits after it. A tie entered where none
  can be open, the ties sentence, likewise. The Divine action that is pending is accepted.
- A hand is entered while the ties wait (hands carry over: “Then, draw back up to 5 cards.” is the
  only thing that changes them), shown to its player only; more cards than the hand holds are
  refused with that sentence.
"""

import copy

import pytest

from tests.api_table import ApiTable, calculated, quotes_from
from tests.guard_cases.pillars_of_fate import card, last_card, opening
from tests.test_blind_scenarios_pillars_of_fate import QUESTS, play
from tests.test_blind_scenarios_pillars_of_fate_7 import NAMARI_CARD
from tests.test_blind_scenarios_pillars_of_fate_9 import level_game, two_ties

GAME = "pillars-of-fate"
book = quotes_from(GAME)
TIES = book("Ties in either suit or power are decided by the player that holds the pillar for "
            "that lane.")
AGE_END = book("The end of an Age triggers when each of the 3 lanes are full.")
NEW_QUESTS = book("Place 3 new quest cards that match the current Age.")
AGE1_QUESTS = book("Shuffle the quest cards by Age. Place 3 Age I quest cards in a row on the "
                   "table, between both players.")
KEEP = book("Players simultaneously select 1 card to keep, passing the other 2 to their opponent.")
DRAW = book("Then, draw back up to 5 cards.")
NAMARI = book("Namari - You may look at any played (including opponent's) face-down card secretly "
              "then return it.")
SORCERER = book("Sorcerer - When played, take another card from any of your lanes and exchange it "
                "with one from your hand.")
NEXT_QUESTS = [{"feather": 5, "scorpion": -2}, {"feather": 4, "scorpion": 6},
               {"feather": -3, "scorpion": 5}]
LOOK = {"type": "namari_look", "player": "moon"}
EXCHANGE = {"type": "sorcerer_exchange", "player": "sun", "lane": "left", "position": 1,
            "power": 1, "feathers": 0, "scorpions": 0}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def tie(player, lane, kind, choice):
    return {"type": "break_tie", "player": player, "lane": lane, "tie": kind, "choice": choice}


def pick_every_tie(table):
    table.accepted(tie("moon", "center", "power", "sun"))
    table.accepted(tie("moon", "center", "suit", "feathers"))
    table.accepted(tie("sun", "right", "power", "sun"))


def next_age(seat):
    return {"type": "begin_age", "player": seat, "modifier": "least_power", "quests": NEXT_QUESTS}


def quoted(error):
    """Every sentence the refusal quotes, the first one (`rule`) first."""
    return [rule["quote"] for rule in error.get("rules") or [error["rule"]]]


# -- Finding 102: the next Age while the ties wait ------------------------------------------------

@pytest.mark.parametrize("seat", ["sun", "moon"])
def test_the_next_age_waits_for_the_ties_and_is_accepted_once_they_are_picked(client, seat):
    table = two_ties(client)
    error = table.refused(next_age(seat), TIES)
    assert quoted(error) == [TIES]
    assert table.view()["phase"] == "ties"
    pick_every_tie(table)
    table.accepted(next_age(seat))
    view = table.view()
    assert (view["phase"], view["state"]["age"], view["state"]["first_player"]) == (
        "turns", 2, "moon")


@pytest.mark.parametrize("entry,text", [(LOOK, NAMARI), (EXCHANGE, SORCERER)],
                         ids=["namari", "sorcerer"])
def test_a_divine_action_while_the_ties_wait_quotes_the_card_then_the_tie_is_picked(
        client, entry, text):
    table = two_ties(client)
    error = table.refused(entry, text)
    assert quoted(error) == [text]
    table.accepted(tie("moon", "center", "power", "moon"))


def test_a_card_while_the_ties_wait_still_quotes_the_ages_end(client):
    """Round 8's pin, unchanged by the fix: a card is refused because the Age is over."""
    table = two_ties(client)
    table.refused(play("sun", "left", 3, 1), AGE_END)


# -- Finding 103: a hand while the ties wait ------------------------------------------------------

def test_a_hand_is_entered_while_the_ties_wait_and_too_many_cards_are_refused(client):
    table = two_ties(client)
    six = [{"power": p, "feathers": 0, "scorpions": 1} for p in range(1, 7)]
    error = table.refused({"type": "hand", "player": "sun", "cards": six}, DRAW)
    assert "6 cards entered for a hand of 5" in error["message"]
    table.accepted({"type": "hand", "player": "sun", "cards": six[:5]})
    assert table.view("sun")["state"]["hands"]["sun"]["cards"] == six[:5]
    assert table.view("moon")["state"]["hands"]["sun"]["cards"] == []
    assert table.view()["phase"] == "ties"
    # The hand carries into Age II: Sun plays one of its cards there.
    pick_every_tie(table)
    table.accepted(next_age("sun"))
    table.accepted(play("moon", "left", 2, 1))
    table.accepted(play("sun", "left", 4, 0, 1))
    assert len(table.view("sun")["state"]["hands"]["sun"]["cards"]) == 4


# -- Finding 104 and the same family: an action or a tie where none can be pending ----------------

@pytest.mark.parametrize("entry,text", [(LOOK, NAMARI), (EXCHANGE, SORCERER),
                                        (tie("sun", "right", "power", "moon"), TIES)],
                         ids=["namari", "sorcerer", "tie_again"])
def test_between_the_ages_an_action_or_a_tie_quotes_its_own_rule_then_the_next_ages_set_up(
        client, entry, text):
    """The lead's ruling on finding 104: the card's text (or the ties sentence) first, the next
    Age's set-up sentence after it."""
    table = two_ties(client)
    pick_every_tie(table)
    error = table.refused(entry, text)
    assert quoted(error) == [text, NEW_QUESTS]
    # The step that waits is still accepted.
    table.accepted(next_age("moon"))


def drafting(client):
    return ApiTable(client, {"game": GAME, "players": ["Ana", "Ben"]})


def drafted(client):
    table = drafting(client)
    table.accepted({"type": "draft_divine", "player": "sun", "kept": "Klar",
                    "passed": ["Naka", "Pentha"]})
    table.accepted({"type": "draft_divine", "player": "moon", "kept": "Namari",
                    "passed": ["Eradan", "Sorcerer"]})
    return table


@pytest.mark.parametrize("entry,text", [(LOOK, NAMARI), (EXCHANGE, SORCERER),
                                        (tie("sun", "left", "power", "sun"), TIES)],
                         ids=["namari", "sorcerer", "tie"])
def test_in_the_draft_and_before_age_ones_quests_an_action_or_a_tie_quotes_its_own_rule(
        client, entry, text):
    """As between the Ages (finding 104): its own rule first, the set-up step that waits after."""
    table = drafting(client)
    assert quoted(table.refused(entry, text)) == [text, KEEP]
    table.refused(play("sun", "left", 3, 1), KEEP)
    table = drafted(client)
    assert quoted(table.refused(entry, text)) == [text, AGE1_QUESTS]
    table.refused(play("sun", "left", 3, 1), AGE1_QUESTS)


def test_the_namari_look_that_is_pending_is_accepted(client):
    """The legal counterpart: Moon's own Namari, just played, looks at Sun's face-down card."""
    table = drafted(client)
    table.accepted({"type": "begin_age", "player": "sun", "first_player": "sun",
                    "modifier": "two_face_down", "quests": QUESTS})
    table.accepted(play("sun", "left", 5, 1, face="down"))
    table.accepted(play("moon", "center", face="up", **NAMARI_CARD))
    assert table.view()["phase"] == "action"
    table.accepted({"type": "namari_look", "player": "moon", "lane": "left", "side": "sun",
                    "position": 1})
    assert table.view("moon")["state"]["lanes"][0]["cards"]["sun"][0]["power"] == 5


# -- Findings 112 and 113: the calculator's impossible tallies carry the sentence that forbids them --

LANE_HOLDS = book("Each lane can hold up to 3 cards per player.")
FOUR_CARDS = book("Play 4 cards in this lane.")
ONE_DIVINE = book("You cannot use more than 1 of your Divine cards each Age.")
NEW_MODIFIER = book("Place a new quest modifier on the middle quest.")
NO_DIVINE = book("No Divine cards may be played in this lane.")
INVICTUS = book("Invictus - If this card is played first in your lane, it is just a 0 card, it does "
                "not copy your opponents card. Invictus copies the suit and power of a card above it "
                "in your lane.")


def three_ages():
    from tests.test_blind_scoring_pillars_of_fate import AGE_I, AGE_II, AGE_III
    return copy.deepcopy([AGE_I, AGE_II, AGE_III])


def scored(client, ages, status=200, **options):
    body = {"ages": ages, **({"options": options} if options else {})}
    return calculated(client, GAME, body, status=status)


def test_the_outsiders_three_ages_are_scored_as_entered(client):
    """The legal tally the refusals below change one entry of."""
    assert scored(client, three_ages())["winners"]


@pytest.mark.parametrize("change,field,sentence", [
    (lambda ages: ages[0]["lanes"]["left"]["sun"].append(card(1)), "ages[0].lanes.left.sun",
     LANE_HOLDS),
    (lambda ages: ages[0]["lanes"]["center"]["sun"][1].update(divine="Eradan"),
     "ages[0].lanes.center.sun", ONE_DIVINE),
    (lambda ages: ages[2].update(modifier="no_suit"), "ages[2].modifier", NEW_MODIFIER),
], ids=["fourth_card", "second_divine", "modifier_again"])
def test_an_impossible_tally_is_a_400_with_its_sentence(client, change, field, sentence):
    ages = three_ages()
    change(ages)
    error = scored(client, ages, status=400)["error"]
    assert (error["field"], error["rule"]["quote"]) == (field, sentence)
    assert sentence in error["message"]


def test_a_four_card_center_read_per_lane_quotes_its_modifier(client):
    """Under lane_size_modifiers: per_lane, "Play 4 cards in this lane." is two a player: a third
    is refused with the modifier's sentence, not the book's 3 per player."""
    ages = three_ages()
    center = ages[1]["lanes"]["center"]
    ages[1]["modifier"] = "four_cards"
    error = scored(client, ages, status=400, lane_size_modifiers="per_lane")["error"]
    assert (error["field"], error["rule"]["quote"]) == ("ages[1].lanes.center.sun", FOUR_CARDS)
    for seat in ("sun", "moon"):
        center[seat] = center[seat][:2]
    assert scored(client, ages, lane_size_modifiers="per_lane")["players"]


def test_a_divine_card_in_the_no_divine_center_and_invictus_with_nothing_named_quote_their_text(
        client):
    ages = three_ages()
    ages[0]["modifier"] = "no_divine"
    ages[0]["lanes"]["center"]["moon"][0]["divine"] = "Klar"
    error = scored(client, ages, status=400, divine_required="not_enforced")["error"]
    assert error["rule"]["quote"] == NO_DIVINE
    ages = three_ages()
    del ages[0]["lanes"]["left"]["sun"][1]["divine"]  # Sun's Prophet, her Age I Divine card
    ages[0]["lanes"]["right"]["sun"][2]["divine"] = "Invictus"
    error = scored(client, ages, status=400, divine_required="not_enforced")["error"]
    assert (error["field"], error["rule"]["quote"]) == ("ages[0].lanes.right.sun[2].copies",
                                                        INVICTUS)
    ages[0]["lanes"]["right"]["sun"][2]["copies"] = 2
    scored(client, ages, divine_required="not_enforced")


def position_refused(client, position):
    response = client.post("/api/sessions", json={"game": GAME, "players": ["Ann", "Ben"],
                                                  "position": position})
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    return error["field"], error["rule"]["quote"]


def test_a_position_over_a_lanes_places_with_two_divine_cards_or_a_modifier_again_quotes_it(
        client):
    """Positions refuse the same tables with the same sentences (they named the field only)."""
    position = last_card(age=2)
    assert client.post("/api/sessions", json={"game": GAME, "players": ["Ann", "Ben"],
                                              "position": position}).status_code == 201
    over = copy.deepcopy(position)
    over["lanes"]["left"]["sun"].append(card(1))
    assert position_refused(client, over) == ("position.lanes.left.sun", LANE_HOLDS)
    two = copy.deepcopy(position)
    two["lanes"]["left"]["sun"][0]["divine"] = "Klar"
    assert position_refused(client, two) == ("position.lanes", ONE_DIVINE)
    again = copy.deepcopy(position)
    again["modifier"] = "double_power"
    assert position_refused(client, again) == ("position.modifiers_used", NEW_MODIFIER)


def test_a_tie_pick_for_a_lane_not_tied_or_one_nobody_decides_is_refused(client):
    """Finding 113: a pick exists only for a tie its pillar holder decides, as in play."""
    ages = three_ages()
    ages[0]["lanes"]["left"]["ties"] = {"power": "moon"}
    error = scored(client, ages, status=400)["error"]
    assert (error["field"], error["rule"]["quote"]) == ("ages[0].lanes.left.ties.power", TIES)
    # Round 9's level game: Age III's two-card center, one face-down 3 a side, is tied and its
    # pillar never moved. Under unheld_pillar_ties: undecided nobody picks; under first_player
    # the marker's holder does, and the pick is scored.
    table = {"lane_size_modifiers": "per_lane", "face_down_limit": "per_player"}
    ages = level_game()
    ages[2]["lanes"]["center"]["ties"] = {"power": "sun", "suit": "feathers"}
    error = calculated(client, GAME, {"options": table, "ages": ages}, status=400)["error"]
    assert (error["field"], error["rule"]["quote"]) == ("ages[2].lanes.center.ties.power", TIES)
    answer = calculated(client, GAME, {"options": {**table, "unheld_pillar_ties": "first_player"},
                                       "ages": ages})
    center = next(lane for lane in answer["ages"][2]["lanes"] if lane["lane"] == "center")
    assert center["winner"] == "sun"


# -- Sweep (b): Divine cards of one name in a position ---------------------------------------------

def test_six_divine_cards_of_one_name_are_the_books_silence_but_the_ruling_none_refuses_two(
        client):
    """The book prints "20 Divine Cards" and a glossary of 16 names, and no count per name: a
    position may hold six Prophets by default (each player three, the most the book bounds:
    "Each player sets their 3 Divine cards aside."). Under the table's own ruling
    divine_duplicates: none (one card of each name) a name twice is refused, with the draft's
    sentence, as the draft and the calculator refuse it."""
    prophets = opening(divine={seat: [{"name": "Prophet"}] * 3 for seat in ("sun", "moon")})
    assert client.post("/api/sessions", json={"game": GAME, "players": ["Ann", "Ben"],
                                              "position": prophets}).status_code == 201
    none = {"game": GAME, "players": ["Ann", "Ben"], "options": {"divine_duplicates": "none"}}
    response = client.post("/api/sessions", json={**none, "position": prophets})
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert (error["field"], error["rule"]["quote"]) == ("position.divine.sun[1]", KEEP)
    across = opening(divine={"sun": [{"name": "Prophet"}, {"name": "Klar"}, {"name": "Naka"}],
                             "moon": [{"name": "Aponi"}, {"name": "Belan"}, {"name": "Klar"}]})
    error = client.post("/api/sessions", json={**none, "position": across}).get_json()["error"]
    assert (error["field"], error["rule"]["quote"]) == ("position.divine.moon[2]", KEEP)
    distinct = opening()  # the example's six different cards
    assert client.post("/api/sessions", json={**none, "position": distinct}).status_code == 201
    # Four set aside for one player is a bound the book prints, under either ruling.
    four = opening(divine={"sun": [{"name": "Prophet"}] * 4, "moon": [{"name": "Klar"}] * 3})
    assert client.post("/api/sessions", json={"game": GAME, "players": ["Ann", "Ben"],
                                              "position": four}).status_code == 400
