"""Pilgrims: Curious Adventures, outsider scenarios round 19 (file 19): the last turn of round 2 when
the player has just completed a level I card of the display — the Replenish refills its place
first ("4. Replenish" comes before "End of the Round"), then the round's end puts "the rightmost
level I adventure card (the middle one in the display)" on the bottom of its deck and draws a level
II card. The middle card completed: the card just drawn into its place is the one that goes under
(both adventure decks counted by hand, each entry undone exactly). The second card completed: which
card is then "the rightmost level I" depends on where the refill lies, which the book does not say.
Written from the rulebook and the API's own description only (docs/games/pilgrims.md, GET
/api/games/pilgrims), never the referee's code."""

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

RATIO_1_2 = book("During rounds 1 and 2, replenish the display to contain 3 level I and 2 level II "
                 "adventure cards.")
PLACE_THEM = book("Next, replenish adventure cards in the display. Draw level I and level II "
                  "adventure cards according to the round counter's ratio. Place them face-up.")
ROUND_TWO = book("At the end of round 2, the display's adventure card ratio changes. Put the "
                 "rightmost level I adventure card (the middle one in the display) on the bottom "
                 "of its deck. Draw a new level II adventure card, and replenish the display with "
                 "it face-up.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def adventure(cost, points, level, party=("?",)):
    return {"level": level, "points": points, "party": list(party), "crosses": 0, "cost": cost}


DISPLAY = [adventure(["fist"] * 4, 1, 1), adventure(["leaf"], 2, 1, party=()),
           adventure(["leaf"], 3, 1, party=()), adventure(["fist"] * 5, 4, 2),
           adventure(["speech"] * 5, 5, 2)]
REFILL = adventure(["fist", "leaf"], 7, 1)
NEW_LEVEL_II = adventure(["leaf"] * 4, 6, 2)


def kept(table, event):
    before = as_seen(table.view("p2"))
    table.accepted(event)
    table.undo()
    assert as_seen(table.view("p2")) == before, event
    return [effect["rule"]["quote"] for effect in table.accepted(event)["effects"]]


def bobs_last_turn_of_round_2(client, place):
    """Bob's last turn of round 2: he completes the level I card at display `place` (a leaf)."""
    table = ApiTable(client, {
        "game": GAME, "players": ["Ann", "Bob"],
        "options": {"campfires": CAMPFIRES, "public_quests": QUESTS,
                    "leaders": {"p1": LEADERS["p1"], "p2": LEADERS["p2"]}},
        "position": {"round": 2, "current": "p2", "phase": "activate", "turns": {"p1": 3, "p2": 2},
                     "display": DISPLAY,
                     "players": {"p1": {"figure": [1, 1], "hand": [SWORD_FIST],
                                        "movement": [1, 2, 3]},
                                 "p2": {"figure": [5, 5], "hand": [COMPASS_LEAF],
                                        "movement": [1, 2, 3]}}}})
    kept(table, {"type": "gain_clover", "player": "p2"})
    kept(table, {"type": "complete_adventure", "player": "p2", "source": "display",
                 "index": place, "pay": [{"hand": 1}], "companions": [], "retire": []})
    return table


def test_the_middle_card_completed_its_refill_is_the_card_that_goes_under_the_deck(client):
    table = bobs_last_turn_of_round_2(client, 3)
    decks = table.view("p2")["state"]["decks"]
    assert table.view("p2")["legal"][0] == {"type": "replenish", "player": "p2", "to_bottom": 3}
    # The refill is one card, of level I: two are a 422 quoting the ratio.
    table.refused({"type": "replenish", "player": "p2", "to_bottom": 3,
                   "display": [REFILL, REFILL], "new_level2": NEW_LEVEL_II}, RATIO_1_2)
    quotes = kept(table, {"type": "replenish", "player": "p2", "to_bottom": 3,
                          "display": [REFILL], "new_level2": NEW_LEVEL_II})
    assert ROUND_TWO in quotes
    state = table.view("p1")["state"]
    assert [spot["card"] for spot in state["display"]] == [
        DISPLAY[0], DISPLAY[1], DISPLAY[3], DISPLAY[4], NEW_LEVEL_II]
    assert [spot["level"] for spot in state["display"]] == [1, 1, 2, 2, 2]
    assert state["deck_bottoms"][-1]["card"] == REFILL
    # Level I: one drawn for the refill, one put back under it; level II: one drawn.
    assert (state["decks"]["level1"], state["decks"]["level2"]) == (
        decks["level1"], decks["level2"] - 1)
    assert (state["round"], state["current"]) == (3, "p1")


def test_where_the_refill_lies_when_the_second_card_was_completed_is_a_table_ruling(client):
    # Bob completes place 2. Filled into the gap, the refill is at place 2 and the old middle
    # card (3 points) is "the rightmost level I"; laid after the level I cards (the others
    # sliding left), the refill is. The book says only "Place them face-up."
    table = bobs_last_turn_of_round_2(client, 2)
    kept(table, {"type": "replenish", "player": "p2", "to_bottom": 3,
                 "display": [REFILL], "new_level2": NEW_LEVEL_II})
    options = client.get(f"/api/games/{GAME}").get_json()["options"]
    assert [name for name, option in options.items()
            if {PLACE_THEM, ROUND_TWO} <= {rule["quote"] for rule in option.get("rules", [])}]
