"""Pilgrims: audit (session 19, `audit21`): outsider finding 166 — the falconer's Adventure phase
entered wrongly is refused with the sentence that forbids what was entered: a public quest while
a display card can be paid quotes the quest sentence ("If the falconer is unable to complete an
adventure card, he checks the public quest tiles. …") first, not the arrow's; doing nothing while
a card can be paid, "The falconer always completes the first possible adventure card."; another
card, that sentence and the arrow's (the arrow decides which card is first).

Finding 170 — the calculator's bound on the box's 18 journey cards counts the incomplete card a
player's removed map tokens prove lies in front of them ("2. Each player draws 2 journey cards.
They choose one and place it face-up next to their player board."; "1 victory point per map token
removed from an incomplete journey card.").

Finding 174 — a discount of any adventure symbol is cited with its own line ("• Discount of 1
adventure symbol of any type."), a discount of a type with "…by 1 item card of the indicated
type. More discount abilities …".

Finding 175 — the table ruling falconer_improvements_in_missions: whether the falconer's completed
cards count by their improvements for public quest missions 4 and 6 ("Ignore the improvements on
the falconer's completed adventure cards." against the missions' own lines)."""

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


# -- finding 174: each discount cited with its own line ----------------------------------------------

ANY_LINE = in_book("Discount of 1 adventure symbol of any type.")
TYPED_LINE = in_book("Discount the cost to complete an adventure or to sign up for a public quest by "
                     "1 item card of the indicated type.")
MORE_LINE = in_book("More discount abilities (of the same or a different type) can be used to "
                    "complete a single adventure card.")
PAY_LINE = in_book("1. To pay the items cost, discard item cards with matching adventure symbols.")
COSTLY = guard.A(2, 6, [], ["fist", "leaf", "speech"])


def completing_with(client, discounts):
    """Ann's Adventure phase: her completed cards show `discounts`; the display's place 4 costs a
    fist, a leaf and a speech; she holds a fist, a leaf and a speech."""
    completed = [guard.A(1, 1, [], [], discount=d) for d in discounts]
    display = [*guard.DISPLAY[:3], COSTLY, guard.DISPLAY[4]]
    return ApiTable(client, {"game": "pilgrims", **guard.adventure(
        {"hand": [FIST, LEAF, SPEECH], "completed": completed}, display=display)})


def effect_quotes(response):
    return [effect["rule"]["quote"] for effect in response["effects"] if effect.get("rule")]


@pytest.mark.parametrize(("discounts", "pay", "cited", "not_cited"), [
    (["any"], [1, 2], [ANY_LINE], [TYPED_LINE, MORE_LINE]),
    (["leaf"], [1, 3], [TYPED_LINE], [ANY_LINE]),
    (["any", "fist"], [2], [ANY_LINE, TYPED_LINE], []),
    (["any", "any"], [1], [ANY_LINE, MORE_LINE], [TYPED_LINE]),
], ids=["any", "leaf", "any_and_fist", "two_any"])
def test_each_discount_used_is_cited_with_its_own_line(client, discounts, pay, cited, not_cited):
    table = completing_with(client, discounts)
    event = {"type": "complete_adventure", "player": "p1", "source": "display", "index": 4,
             "pay": [{"hand": n} for n in pay]}
    quotes = " ".join(effect_quotes(table.accepted(event)))
    assert PAY_LINE in quotes
    assert all(line in quotes for line in cited)
    assert not any(line in quotes for line in not_cited)


def test_a_discount_short_of_the_cost_is_still_refused(client):
    table = completing_with(client, ["any"])
    table.refused({"type": "complete_adventure", "player": "p1", "source": "display", "index": 4,
                   "pay": [{"hand": 1}]}, PAY_LINE)


# -- finding 175: the falconer's ignored improvements and missions 4 and 6 ----------------------------

IGNORE = in_book("Ignore the improvements on the falconer's completed adventure cards.")
MISSION_4 = in_book("4. Collect adventure cards with an improvement with any means of movement.")
MISSION_6 = in_book("6. Collect adventure cards with a discount improvement.")
HIS_CARDS = [guard.A(1, 2, [], ["fist"], improvement=["movement"]),
             guard.A(1, 2, [], ["fist"], improvement=["discount"], discount="leaf"),
             guard.A(2, 3, [], ["fist"], improvement=["movement", "discount"], discount="any")]


def solo_tally(mission, **table):
    return {"public_quests": {"A": "1a", "B": "2c", "C": mission}, **table, "players": [
        {"name": "Ann", "items": 0, "clovers": 0},
        {"name": "Falconer", "falconer": True, "items": 0, "adventures": HIS_CARDS,
         "quills": [{"tile": "C", "space": "top"}]}]}


def mission_line(scores, mission):
    falconer = next(p for p in scores["players"] if p.get("falconer"))
    return next(line for line in falconer["breakdown"]
                if line["label"] == f"Public quest C ({mission}): mission")


def test_the_ruling_cites_the_ignore_sentence_and_both_missions(client):
    option = client.get("/api/games/pilgrims").get_json()["options"][
        "falconer_improvements_in_missions"]
    assert option["default"] == "counted"
    assert {IGNORE, MISSION_4, MISSION_6} <= {rule["quote"] for rule in option["rules"]}


@pytest.mark.parametrize("mission", ["4", "6"])
@pytest.mark.parametrize(("ruling", "points"), [(None, 2), ("counted", 2), ("ignored", 0)])
def test_the_calculator_counts_his_improvements_as_the_table_rules(client, mission, ruling,
                                                                    points):
    table = {"falconer_improvements": ruling} if ruling else {}
    scores = calculated(client, "pilgrims", solo_tally(mission, **table))
    assert mission_line(scores, mission)["points"] == points
    # Ann's cards are no falconer's: a player's improvements always count
    ann = {"name": "Ann", "items": 0, "clovers": 0, "adventures": HIS_CARDS,
           "quills": [{"tile": "C", "space": "top"}]}
    both = calculated(client, "pilgrims", {**solo_tally(mission, **table),
                                           "players": [ann, {"name": "Bob", "items": 0}]})
    assert next(line for line in both["players"][0]["breakdown"]
                if line["label"].endswith("mission"))["points"] == 2


@pytest.mark.parametrize("mission", ["3", "5"])
def test_missions_that_do_not_look_at_improvements_count_his_cards_either_way(client, mission):
    counted = calculated(client, "pilgrims", solo_tally(mission))
    ignored = calculated(client, "pilgrims", solo_tally(mission, falconer_improvements="ignored"))
    assert mission_line(counted, mission) == mission_line(ignored, mission)


def his_live_mission(client, mission, ruling):
    """A solo game's last replenish, the falconer's, under the ruling; his top quill on tile C of
    `mission`, his completed cards HIS_CARDS: the mission's line of his final score."""
    example = guard.setup(players=("Ann",))["options"]
    quests = [{"tile": "A", "mission": "1a", "cost": ["leaf", "leaf"]},
              {"tile": "B", "mission": "2c", "cost": ["fist", "speech"]},
              {"tile": "C", "mission": mission, "cost": ["speech", "fist", "leaf"]}]
    table = ApiTable(client, {
        "game": "pilgrims", "players": ["Ann"],
        "options": {**example, "public_quests": quests,
                    "falconer_improvements_in_missions": ruling},
        "position": {"round": 4, "current": "falconer", "phase": "falconer_replenish",
                     "turns": {"p1": 3, "falconer": 2}, "quills": {"C": ["falconer"]},
                     "players": {"p1": {"figure": [1, 1], "hand": [FIST],
                                        "movement": [1, 2, 3]}},
                     "falconer": {"falcon": [2, 2], "falconer": [3, 3], "arrow": "right",
                                  "moved": ["falcon", "falconer"], "hand": [],
                                  "completed": HIS_CARDS}}})
    table.accepted({"type": "replenish", "player": "p1"})
    view = table.view("p1")
    assert view["over"] is True
    return mission_line(view["scores"], mission)


@pytest.mark.parametrize("mission", ["4", "6"])
@pytest.mark.parametrize(("ruling", "points"), [("counted", 2), ("ignored", 0)])
def test_the_live_score_counts_his_improvements_as_the_table_rules(client, mission, ruling,
                                                                    points):
    assert his_live_mission(client, mission, ruling)["points"] == points


# -- finding 179: a journey card chosen in play is the completion paragraph's -------------------------

JOURNEY_SETUP = in_book("2. Each player draws 2 journey cards. They choose one and place it face-up "
                        "next to their player board. They return the second card to the bottom of "
                        "the journey deck.")
JOURNEY_NEXT = in_book("After completing a journey card, slide it under the upper part of the "
                       "player board. Then, draw 2 journey cards from the deck.")
JOURNEY_RUN_OUT = in_book("If the journey deck runs out of cards, players can only complete the "
                          "cards they already have.")


@pytest.mark.parametrize(("decks", "quote"), [({}, JOURNEY_NEXT), ({"journey": 0}, JOURNEY_RUN_OUT)],
                         ids=["none_completed", "deck_run_out"])
def test_a_journey_card_chosen_in_play_without_a_completion_is_refused_with_its_sentence(
        client, decks, quote):
    position = guard.journey_activate({"card": guard.JOURNEY})
    position["position"]["decks"] = decks
    table = ApiTable(client, {"game": "pilgrims", **position})
    error = table.refused({"type": "choose_journey", "player": "p1", "card": guard.DONE_JOURNEY},
                          quote)
    assert JOURNEY_SETUP not in rules_of(error)



# -- finding 182: where a replenished display card lies ----------------------------------------------

PLACE_THEM = in_book("Next, replenish adventure cards in the display. Draw level I and level II "
                     "adventure cards according to the round counter's ratio. Place them face-up.")
ROUND_TWO = in_book("Put the rightmost level I adventure card (the middle one in the display) on the "
                    "bottom of its deck.")


def round_two_table(client, ruling, place):
    """Bob's last turn of round 2 (file 19's table) under display_refill_place=`ruling`: he
    completes the level I card at display `place`."""
    from tests import test_blind_scenarios_pilgrims_19 as r19
    options = {"campfires": r19.CAMPFIRES, "public_quests": r19.QUESTS,
               "leaders": {"p1": r19.LEADERS["p1"], "p2": r19.LEADERS["p2"]}}
    if ruling:
        options["display_refill_place"] = ruling
    table = ApiTable(client, {
        "game": "pilgrims", "players": ["Ann", "Bob"], "options": options,
        "position": {"round": 2, "current": "p2", "phase": "activate", "turns": {"p1": 3, "p2": 2},
                     "display": r19.DISPLAY,
                     "players": {"p1": {"figure": [1, 1], "hand": [r19.SWORD_FIST],
                                        "movement": [1, 2, 3]},
                                 "p2": {"figure": [5, 5], "hand": [r19.COMPASS_LEAF],
                                        "movement": [1, 2, 3]}}}})
    table.accepted({"type": "gain_clover", "player": "p2"})
    table.accepted({"type": "complete_adventure", "player": "p2", "source": "display",
                    "index": place, "pay": [{"hand": 1}], "companions": [], "retire": []})
    return table, r19


def test_the_ruling_cites_the_replenish_and_the_round_two_sentences(client):
    option = client.get("/api/games/pilgrims").get_json()["options"]["display_refill_place"]
    assert option["default"] == "after_its_level"
    quotes = " ".join(rule["quote"] for rule in option["rules"])
    assert PLACE_THEM in quotes and ROUND_TWO in quotes


@pytest.mark.parametrize(("ruling", "under", "kept_middle"), [
    (None, "REFILL", 2), ("after_its_level", "REFILL", 2), ("in_the_gap", 2, None)],
    ids=["default", "after_its_level", "in_the_gap"])
def test_the_rightmost_level_i_card_at_the_end_of_round_2_follows_the_ruling(
        client, ruling, under, kept_middle):
    table, r19 = round_two_table(client, ruling, 2)
    legal = [e for e in table.view("p2")["legal"] if e["type"] == "replenish"]
    assert legal == [{"type": "replenish", "player": "p2", "to_bottom": 3}]
    # the other place is refused with the round-two sentence
    table.refused({"type": "replenish", "player": "p2", "to_bottom": 2, "display": [r19.REFILL],
                   "new_level2": r19.NEW_LEVEL_II}, ROUND_TWO)
    table.accepted({"type": "replenish", "player": "p2", "to_bottom": 3, "display": [r19.REFILL],
                    "new_level2": r19.NEW_LEVEL_II})
    state = table.view("p1")["state"]
    gone = r19.REFILL if under == "REFILL" else r19.DISPLAY[under]
    assert state["deck_bottoms"][-1]["card"] == gone
    level_one = [spot["card"] for spot in state["display"] if spot["level"] == 1]
    if kept_middle:  # the refill went under: the old middle card (3 points) stays
        assert level_one == [r19.DISPLAY[0], r19.DISPLAY[2]]
    else:  # the refill lay in the gap, at place 2, and stays; the old middle card went under
        assert level_one == [r19.DISPLAY[0], r19.REFILL]
    assert [spot["card"] for spot in state["display"]][2:] == [
        r19.DISPLAY[3], r19.DISPLAY[4], r19.NEW_LEVEL_II]


def test_in_the_gap_two_cards_taken_are_refilled_each_into_its_own_place():
    from referee.pilgrims.game import placed, the_gap_left
    a, b, c, d, e = ({"group": g, "level": g, "card": name}
                     for name, g in (("a", 1), ("b", 1), ("c", 1), ("d", 2), ("e", 2)))
    display, gaps = [a, b, c, d, e], []
    the_gap_left(display, b, gaps)   # place 2
    the_gap_left(display, d, gaps)   # place 4 (the list has closed up: d was its third card)
    assert gaps == [[1, 1], [3, 2]] and display == [a, c, e]
    x, y = {"group": 2, "level": 2, "card": "x"}, {"group": 1, "level": 1, "card": "y"}
    placed(display, x, gaps)
    placed(display, y, gaps)
    assert [entry["card"] for entry in display] == ["a", "y", "c", "x", "e"] and gaps == []
    # with no gap, after the cards of its group, as under after_its_level
    z = {"group": 1, "level": 1, "card": "z"}
    placed(display, z, gaps)
    assert [entry["card"] for entry in display] == ["a", "y", "c", "z", "x", "e"]


def test_in_the_gap_a_card_taken_among_alike_unknown_cards_leaves_its_own_place():
    from referee.pilgrims.game import placed, the_gap_left
    display = [{"group": 1, "level": 1, "card": None} for _ in range(3)]
    gaps = []
    the_gap_left(display, display[2], gaps)  # the third, though the first is equal to it
    assert gaps == [[2, 1]]
    placed(display, {"group": 1, "level": 1, "card": "refill"}, gaps)
    assert [entry["card"] for entry in display] == [None, None, "refill"]


# -- the lead's 02:36 note (numbered 186): no new solo deck after round 4 ----------------------------

SOLO_DECK = in_book("After 3 turns, all 6 of the solo cards have been used. Shuffle them together "
                    "and create a new deck before starting the next round.")


def test_after_round_4_no_new_solo_deck_is_shuffled(client):
    example = guard.setup(players=("Ann",))["options"]
    table = ApiTable(client, {
        "game": "pilgrims", "players": ["Ann"], "options": example,
        "position": {"round": 4, "current": "falconer", "phase": "falconer_replenish",
                     "turns": {"p1": 3, "falconer": 2},
                     "players": {"p1": {"figure": [1, 1], "hand": [FIST], "movement": [1, 2, 3]}},
                     "falconer": {"falcon": [2, 2], "falconer": [3, 3], "arrow": "right",
                                  "moved": ["falcon", "falconer"], "hand": []}}})
    effects = table.accepted({"type": "replenish", "player": "p1"})["effects"]
    assert table.view("p1")["over"] is True
    assert SOLO_DECK not in [effect["rule"]["quote"] for effect in effects if effect.get("rule")]
