"""Pilgrims: Curious Adventures, outsider scenarios round 19 (file 18): the journey deck at its end
in a live advanced game — Ann completes a journey card (its clover at once) with two, one or no
journey cards left: she draws two and keeps one (the other under the deck), keeps the only one, or
draws none and plays on ("If the journey deck runs out of cards, players can only complete the cards
they already have."); a second choice refused; each entry undone to the table exactly as before;
and the sentence the mid-game draw is cited with. Written from the rulebook and the API's own
description only (docs/games/pilgrims.md, GET /api/games/pilgrims), never the referee's code."""

import pytest

from tests.api_table import ApiTable, as_seen, quotes_from
from tests.test_blind_scenarios_pilgrims import (
    CAMPFIRES,
    COMPASS_LEAF,
    LEADERS,
    QUESTS,
    SWORD_FIST,
)

GAME = "pilgrims"
book = quotes_from(GAME)

THIRD_TOKEN = book("Once a player removes the third map token, the journey card is completed and "
                   "the player gains the reward shown in the top-right corner.")
NEXT_CARD = book("After completing a journey card, slide it under the upper part of the player "
                 "board. Then, draw 2 journey cards from the deck. Choose one and return the other "
                 "face-down to the bottom of the deck.")
SETUP_STEP = book("2. Each player draws 2 journey cards. They choose one and place it face-up next "
                  "to their player board. They return the second card to the bottom of the "
                  "journey deck.")
RUNS_OUT = book("If the journey deck runs out of cards, players can only complete the cards they "
                "already have.")

ANNS_CARD = {"points": 3, "spaces": [[1, 2], [2, 2], [3, 3]], "clovers": 1}
BOBS_CARD = {"points": 2, "spaces": [[4, 4], [5, 4], [4, 5]]}
NEXT = {"points": 5, "spaces": [[4, 1], [5, 1], [5, 2]]}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def about_to_complete(client, deck):
    """Round 2, Ann to move, two of her card's three tokens removed, `deck` journey cards left;
    her move onto [1, 2] removes the third."""
    table = ApiTable(client, {
        "game": GAME, "players": ["Ann", "Bob"],
        "options": {"campfires": CAMPFIRES, "public_quests": QUESTS, "journey_cards": True,
                    "leaders": {"p1": LEADERS["p1"], "p2": LEADERS["p2"]}},
        "position": {"round": 2, "current": "p1", "phase": "move", "turns": {"p1": 0, "p2": 0},
                     "decks": {"journey": deck},
                     "players": {
                         "p1": {"figure": [1, 1], "hand": [SWORD_FIST], "clovers": 1,
                                "journey": {"card": ANNS_CARD, "removed": [[2, 2], [3, 3]],
                                            "completed": []}},
                         "p2": {"figure": [5, 5], "hand": [SWORD_FIST],
                                "journey": {"card": BOBS_CARD, "removed": [],
                                            "completed": []}}}}})
    before = as_seen(table.view("p1"))
    move = {"type": "move", "player": "p1", "movement": 1, "to": [1, 2], "card": COMPASS_LEAF}
    table.accepted(move)
    table.undo()
    assert as_seen(table.view("p1")) == before
    effects = table.accepted(move)["effects"]
    assert THIRD_TOKEN in [effect["rule"]["quote"] for effect in effects]
    ann = table.view("p1")["state"]["players"]["p1"]
    assert ann["journey"]["completed"] == [ANNS_CARD] and ann["journey"]["card"] is None
    assert ann["clovers"] == 2  # the card's immediate reward
    return table


def journey(table):
    return table.view("p1")["state"]["players"]["p1"]["journey"]


@pytest.mark.parametrize(("deck", "left"), [(2, 1), (1, 0)], ids=["two_left", "one_left"])
def test_a_completed_journey_card_is_followed_by_one_kept_from_what_the_deck_has(
        client, deck, left):
    table = about_to_complete(client, deck)
    assert [event["type"] for event in table.view("p1")["legal"]] == ["choose_journey"]
    before = as_seen(table.view("p1"))
    choose = {"type": "choose_journey", "player": "p1", "card": NEXT}
    table.accepted(choose)
    table.undo()
    assert as_seen(table.view("p1")) == before
    table.accepted(choose)
    assert journey(table)["card"] == NEXT and journey(table)["removed"] == []
    assert table.view("p1")["state"]["decks"]["journey"] == left
    # Once chosen, no second card: Ann goes on to her Activate phase.
    before = table.seq
    again = table.send(choose)
    assert again.status_code == 422 and table.seq == before
    assert {event["type"] for event in table.view("p1")["legal"]} >= {"gain_clover"}


def test_with_the_journey_deck_run_out_no_card_follows_and_the_turn_goes_on(client):
    table = about_to_complete(client, 0)
    legal = table.view("p1")["legal"]
    assert "choose_journey" not in [event["type"] for event in legal]
    assert {event["type"] for event in legal} >= {"gain_clover"}
    before = table.seq
    refused = table.send({"type": "choose_journey", "player": "p1", "card": NEXT})
    assert refused.status_code == 422 and table.seq == before
    table.accepted({"type": "gain_clover", "player": "p1"})
    table.accepted({"type": "replenish", "player": "p1"})
    assert table.view("p1")["state"]["current"] == "p2"
    assert journey(table)["card"] is None


def test_a_journey_card_entered_with_the_deck_run_out_is_refused_with_that_sentence(client):
    table = about_to_complete(client, 0)
    table.refused({"type": "choose_journey", "player": "p1", "card": NEXT}, RUNS_OUT)


def test_the_journey_card_chosen_after_a_completion_is_cited_with_the_completion_paragraph(
        client):
    table = about_to_complete(client, 2)
    effects = table.accepted({"type": "choose_journey", "player": "p1", "card": NEXT})["effects"]
    quotes = " ".join(effect["rule"]["quote"] for effect in effects)
    assert NEXT_CARD in quotes and SETUP_STEP not in quotes
