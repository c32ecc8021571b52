"""Pilgrims: audit (session 19, `audit21`): outsider finding 166 — the falconer's Adventure phase
entered wrongly is refused with the sentence that forbids what was entered: a public quest while
a display card can be paid quotes the quest sentence ("If the falconer is unable to complete an
adventure card, he checks the public quest tiles. …") first, not the arrow's; doing nothing while
a card can be paid, "The falconer always completes the first possible adventure card."; another
card, that sentence and the arrow's (the arrow decides which card is first).

Finding 170 — the calculator's bound on the box's 18 journey cards counts the incomplete card a
player's removed map tokens prove lies in front of them ("2. Each player draws 2 journey cards.
They choose one and place it face-up next to their player board."; "1 victory point per map token
removed from an incomplete journey card.")."""

import pytest

from tests.api_table import ApiTable, calculated, quotes_from
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


# -- finding 170: the journey cards in front of the players are out of the box too -------------------

EIGHTEEN = in_book("• 18 journey cards")
TILES = {"A": "1a", "B": "2a", "C": "5"}


def journey_tally(*journeys):
    return {"public_quests": TILES, "journey_cards": True, "players": [
        {"name": name, "items": 0, "clovers": 0, "journey": journey}
        for name, journey in zip(("Ann", "Bob"), journeys, strict=True)]}


@pytest.mark.parametrize("journeys", [
    ({"completed": [4] * 9, "removed": 1}, {"completed": [4] * 9}),
    ({"completed": [4] * 9, "removed": 2}, {"completed": [4] * 9, "removed": 1}),
    ({"completed": [4] * 17, "removed": 1}, {"completed": [4], "removed": 1}),
], ids=["nineteen", "twenty", "seventeen_and_two_in_front"])
def test_completed_cards_and_those_in_front_beyond_eighteen_are_refused(client, journeys):
    error = calculated(client, "pilgrims", journey_tally(*journeys), status=400)["error"]
    assert error["field"] == "players"
    assert error["rule"]["quote"] == EIGHTEEN
    assert "in front of a player with map tokens removed" in error["message"]


@pytest.mark.parametrize("journeys", [
    ({"completed": [4] * 9}, {"completed": [4] * 9, "removed": 0}),
    ({"completed": [4] * 9, "removed": 2}, {"completed": [4] * 8}),
    ({"completed": [4] * 8, "removed": 1}, {"completed": [4] * 8, "removed": 2}),
], ids=["eighteen_completed", "seventeen_and_one_in_front", "sixteen_and_two_in_front"])
def test_eighteen_journey_cards_in_all_are_scored(client, journeys):
    scores = calculated(client, "pilgrims", journey_tally(*journeys))
    assert [player["total"] for player in scores["players"]] == [
        4 * len(j["completed"]) + j.get("removed", 0) for j in journeys]


# -- finding 169's aside: "an A tile" ---------------------------------------------------------------

@pytest.mark.parametrize(("left", "words"), [({"tile": "A", "mission": "2c"}, "2c is not on an A tile"),
                                             ({"tile": "B", "mission": "1a"}, "1a is not on a B tile")])
def test_a_mission_on_another_letter_is_refused_in_plain_words(client, left, words):
    quests = [{**left, "cost": ["fist"]},
              {"tile": "B" if left["tile"] == "A" else "A",
               "mission": "2a" if left["tile"] == "A" else "1b", "cost": ["leaf"]},
              {"tile": "C", "mission": "5", "cost": ["leaf"]}]
    response = client.post("/api/sessions", json={
        "game": "pilgrims", "players": ["Ann", "Bob"],
        "options": {"campfires": guard.setup()["options"]["campfires"], "public_quests": quests}})
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert words in error["message"] and error["field"] == "options.public_quests[0]"
