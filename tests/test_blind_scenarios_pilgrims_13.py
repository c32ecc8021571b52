"""Pilgrims: Curious Adventures, outsider scenarios round 19 (file 13): the solo game's four
difficulties, the setup choice no outsider round had set — each difficulty's two sets accepted and
the other two refused for every flipped solo card (finding 154: quoting the lead-in sentence, not
the difficulty's own line), and the whole first round of a Hard game from its setup: the six solo
cards, three of set A and three of set D, a fourth A refused ("four sets of 3 solo cards"), the
falconer's two figures and his Adventure phase taken as the referee works it out, every entry undone
and redone, then round 2's new solo deck. Written from the rulebook and the API's own description
only (docs/games/pilgrims.md, GET /api/games/pilgrims), never the referee's code."""

import pytest

from tests.api_table import ApiTable, quotes_from
from tests.test_blind_scenarios_pilgrims import (
    CAMPFIRES,
    COMPASS_LEAF,
    LEADERS,
    NOTES_SPEECH,
    QUESTS,
    STAR_LEAF,
    SWORD_FIST,
)
from tests.test_blind_scenarios_pilgrims_9 import entered
from tests.test_blind_scenarios_pilgrims_10 import ROUND_ONE_DISPLAY, falconer_move

GAME = "pilgrims"
book = quotes_from(GAME)

DIFFICULTY = book("The solo game's difficulty is determined by which two sets are used:")
LINES = {"easy": book("• Easy: A and B"), "medium": book("• Medium: B and C"),
         "hard": book("• Hard: A and D"), "hardcore": book("• Hardcore: C and D")}
SETS = {"easy": "AB", "medium": "BC", "hard": "AD", "hardcore": "CD"}
SOLO_SETS = book("Pilgrims includes four sets of 3 solo cards, marked A, B, C, and D.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def solo_game(client, difficulty):
    """Ann's solo game at the given difficulty, from her corner, the display revealed."""
    table = ApiTable(client, {"game": GAME, "players": ["Ann"],
                              "options": {"campfires": CAMPFIRES, "public_quests": QUESTS,
                                          "leaders": {"p1": LEADERS["p1"]},
                                          "solo_difficulty": difficulty}})
    table.accepted({"type": "choose_corner", "player": "p1", "space": [1, 1],
                    "drawn": NOTES_SPEECH, "item": SWORD_FIST,
                    "falconer_items": [COMPASS_LEAF, STAR_LEAF]})
    for index, card in enumerate(ROUND_ONE_DISPLAY, start=1):
        table.accepted({"type": "reveal", "player": "p1", "index": index, "card": card})
    return table


def anns_turn(table, movement, to, enter=None):
    enter = enter or (lambda event: table.accepted(event))
    enter({"type": "move", "player": "p1", "movement": movement, "to": to, "card": COMPASS_LEAF})
    enter({"type": "gain_clover", "player": "p1"})
    enter({"type": "replenish", "player": "p1"})


def falcon_card(set_letter):
    return falconer_move("falcon", "right", [2, 3], SWORD_FIST, set=set_letter)


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard", "hardcore"])
def test_each_difficulty_takes_its_two_sets_and_refuses_the_other_two(client, difficulty):
    table = solo_game(client, difficulty)
    anns_turn(table, 1, [1, 2])
    for letter in "ABCD":
        if letter in SETS[difficulty]:
            table.accepted(falcon_card(letter))
            assert table.view("p1")["state"]["figures"]["falcon"] == [2, 3]
            table.undo()
        else:
            # the difficulty's own line first, the list's lead-in after it (finding 154)
            error = table.refused(falcon_card(letter), LINES[difficulty])
            assert [rule["quote"] for rule in error["rules"]] == [LINES[difficulty], DIFFICULTY]
            assert f"sets {SETS[difficulty][0]} and {SETS[difficulty][1]}" in error["message"]
            assert table.view("p1")["state"]["figures"]["falcon"] == [3, 3]


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard", "hardcore"])
def test_a_card_outside_the_difficulty_quotes_that_difficultys_line(client, difficulty):
    table = solo_game(client, difficulty)
    anns_turn(table, 1, [1, 2])
    outside = next(letter for letter in "ABCD" if letter not in SETS[difficulty])
    response = table.send(falcon_card(outside))
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert LINES[difficulty] in [error["rule"]["quote"]] + [
        rule["quote"] for rule in error.get("rules", [])]


def test_a_hard_games_first_round_six_cards_of_sets_a_and_d_then_a_new_deck(client):
    table = solo_game(client, "hard")

    def enter(event):
        return entered(table, event)

    def falconers_adventure():
        listed = [e for e in table.view("p1")["legal"] if e["type"] == "falconer_adventure"]
        assert len(listed) == 1
        enter(listed[0])
        enter({"type": "replenish", "player": "p1"})

    # Turn 1: two set A cards.
    anns_turn(table, 1, [1, 2], enter)
    enter(falconer_move("falcon", "right", [2, 3], SWORD_FIST, set="A"))
    enter(falconer_move("falconer", "right", [4, 3], NOTES_SPEECH, set="A"))
    falconers_adventure()
    # Turn 2: the third A, a D.
    anns_turn(table, 2, [2, 1], enter)
    enter(falconer_move("falcon", "left", [3, 2], COMPASS_LEAF, set="A"))
    enter(falconer_move("falconer", "left", [3, 4], STAR_LEAF, set="D"))
    falconers_adventure()
    # Turn 3: a fourth A is not among the six (three A cards are flipped); a set B card is not
    # in a Hard deck at all; the last two are D cards.
    anns_turn(table, 3, [3, 1], enter)
    fourth_a = falconer_move("falcon", "right", [4, 1], COMPASS_LEAF, set="A")
    table.refused(fourth_a, SOLO_SETS)
    table.refused({**fourth_a, "set": "B"}, LINES["hard"])  # then DIFFICULTY (finding 154)
    enter({**fourth_a, "set": "D"})
    enter(falconer_move("falconer", "right", [5, 2], NOTES_SPEECH, set="D"))
    flipped = table.view("p1")["state"]["falconer"]
    assert (flipped["flipped"], flipped["sets_flipped"]) == (6, ["A", "A", "A", "D", "D", "D"])
    falconers_adventure()

    # Round 2: the six cards shuffled into a new deck; an A card may be flipped again.
    state = table.view("p1")["state"]
    assert state["round"] == 2
    anns_turn(table, 1, [2, 5], enter)
    enter(falconer_move("falcon", "right", [3, 3], COMPASS_LEAF, set="A"))
    assert table.view("p1")["state"]["figures"]["falcon"] == [3, 3]
    flipped = table.view("p1")["state"]["falconer"]
    assert (flipped["flipped"], flipped["sets_flipped"]) == (1, ["A"])
