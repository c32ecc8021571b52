"""Pilgrims: audit (session 19, `audit21`): outsider finding 166 — the falconer's Adventure phase
entered wrongly is refused with the sentence that forbids what was entered: a public quest while
a display card can be paid quotes the quest sentence ("If the falconer is unable to complete an
adventure card, he checks the public quest tiles. …") first, not the arrow's; doing nothing while
a card can be paid, "The falconer always completes the first possible adventure card."; another
card, that sentence and the arrow's (the arrow decides which card is first)."""

import pytest

from tests.api_table import ApiTable, quotes_from
from tests.guard_cases import pilgrims as guard

in_book = quotes_from("pilgrims")
QUEST_ONLY_IF = in_book("If the falconer is unable to complete an adventure card, he checks the "
                        "public quest tiles. Follow the arrow's direction as before.")
FIRST = in_book("The falconer always completes the first possible adventure card. He only needs "
                "to meet the items cost.")
ARROW = in_book("The arrow on the last flipped solo card shows the direction in which the falconer "
                "checks the display. For example, with a right arrow he checks the display from "
                "left to right.")
FIST, LEAF, SPEECH = guard.I("fist", "star"), guard.I("leaf", "star"), guard.I("speech", "star")
# the example setup's public quests, checked from the left with a right arrow: B (fist, speech),
# A (leaf, leaf), C (speech, fist, leaf)
UNPAYABLE = [guard.A(2, 4, [], ["speech"] * 3)] * 5


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def his_adventure_phase(client, display=guard.DISPLAY, hand=(FIST, LEAF, LEAF)):
    """The falconer has moved both figures (right arrow); the display's place 1 costs a fist."""
    return ApiTable(client, {"game": "pilgrims",
                             **guard.falconer_adventure(display, hand=list(hand))})


def rules_of(error):
    return [rule["quote"] for rule in error.get("rules", [error["rule"]])]


def falconer_adventure(**fields):
    return {"type": "falconer_adventure", "player": "p1", **fields}


def test_a_quest_while_a_card_can_be_paid_quotes_the_quest_sentence_first(client):
    table = his_adventure_phase(client)
    error = table.refused(falconer_adventure(signs_up="A", pay=[2, 3]), QUEST_ONLY_IF)
    assert rules_of(error) == [QUEST_ONLY_IF, FIRST]
    assert "complete the adventure card at display place 1" in error["message"]
    # the legal entry: place 1 with the fist
    table.accepted(falconer_adventure(completes=1, pay=[1]))
    assert table.view("p1")["state"]["falconer"]["hand"] == [LEAF, LEAF]


def test_nothing_while_a_card_can_be_paid_quotes_always_completes(client):
    table = his_adventure_phase(client)
    error = table.refused(falconer_adventure(nothing=True), FIRST)
    assert rules_of(error) == [FIRST]


def test_another_card_quotes_always_completes_and_the_arrow(client):
    table = his_adventure_phase(client, hand=(FIST, LEAF, SPEECH))
    error = table.refused(falconer_adventure(completes=3, pay=[2]), FIRST)
    assert rules_of(error) == [FIRST, ARROW]


def test_with_no_card_payable_the_first_quest_in_the_arrows_direction_is_his(client):
    table = his_adventure_phase(client, UNPAYABLE, hand=(LEAF, LEAF, FIST, SPEECH))
    error = table.refused(falconer_adventure(signs_up="A", pay=[1, 2]), QUEST_ONLY_IF)
    assert rules_of(error) == [QUEST_ONLY_IF]
    assert table.view("p1")["legal"] == [falconer_adventure(signs_up="B", pay=[3, 4])]
    table.accepted(falconer_adventure(signs_up="B", pay=[3, 4]))
    assert table.view("p1")["state"]["falconer"]["hand"] == [LEAF, LEAF]
