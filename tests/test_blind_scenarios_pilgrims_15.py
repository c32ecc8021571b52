"""Pilgrims: Curious Adventures, outsider scenarios round 19 (file 15): a whole solo game against the
falconer, from Ann's corner to the end of round 4 — 12 turns of hers and 12 of his, every entry
undone and redone as it is made. His Adventure phase worked out by hand each turn (the arrow's
direction, a card he can pay, a public quest when none, both quills placed then nothing; the C
tile's clover); his clovers (a companion's, a solo card's, each two spent at once on an item card);
a new solo deck each round (three cards of each set of the Easy difficulty, a fourth of one set
refused); his figures in their order; a numbered-space card with its first space off the map; the
display's refresh after each card taken, and the end-of-round-2 change made by his replenish (the
rightmost level I card to the bottom of its deck, a new level II card); both public quests shared
(Ann's quills on the top spaces, his on the top of C and the middle of B); then "Solo: End of the
Game" by hand (his adventures, quills, missions and item cards, no point for his clover; Ann's
clovers by three) against the live scores and the calculator, and nothing entered after it.
Written from the rulebook and the API's own description only (docs/games/pilgrims.md, GET
/api/games/pilgrims), never the referee's code."""

import pytest

from tests.api_table import ApiTable, assert_replayed_alike, calculated, quotes_from
from tests.test_blind_scenarios_pilgrims import (
    CAMPFIRES,
    COMPASS_LEAF,
    LEADERS,
    NOTES_SPEECH,
    QUESTS,
    STAR_LEAF,
    SWORD_FIST,
    item,
)
from tests.test_blind_scenarios_pilgrims_9 import entered

GAME = "pilgrims"
book = quotes_from(GAME)

FIRST_POSSIBLE = book("The falconer always completes the first possible adventure card. He only "
                      "needs to meet the items cost.")
ARROW = book("The arrow on the last flipped solo card shows the direction in which the falconer "
             "checks the display.")
QUESTS_NEXT = book("If the falconer is unable to complete an adventure card, he checks the public "
                   "quest tiles. Follow the arrow's direction as before.")
DOES_NOTHING = book("If falconer cannot complete an adventure card or sign up for a public quest "
                    "tile, he does nothing during this phase.")
C_TILE_CLOVER = book("In addition, if a player signs up for the C tile, they immediately gain a "
                     "clover token.")
SPENDS_TWO = book("Any time the falconer has 2 clover tokens, he spends them immediately to draw "
                  "an item card.")
COMPANION_CLOVER = book("When the falconer takes a companion card, they also gain 1 clover token.")
FALCONER_SECOND = book("4. Flip the next card of the solo deck and move the falconer figure in the "
                       "same way.")
PRIORITY = book("The falconer selects the first possible numbered space in ascending order.")
SOLO_SETS = book("Pilgrims includes four sets of 3 solo cards, marked A, B, C, and D.")
NEW_SOLO_DECK = book("After 3 turns, all 6 of the solo cards have been used. Shuffle them together "
                     "and create a new deck before starting the next round.")
ROUND_TWO = book("At the end of round 2, the display's adventure card ratio changes. Put the "
                 "rightmost level I adventure card (the middle one in the display) on the bottom "
                 "of its deck. Draw a new level II adventure card, and replenish the display with "
                 "it face-up.")
SOLO_WIN = book("The player with more victory points wins.")
FALCONER_ITEMS = book("1 victory point per remaining item card")
NO_CLOVER_POINTS = book("Note: The falconer does not score for a remaining clover token.")
SOLO_AFTER_ROUND_4 = book("The game ends after round 4.")

COIN_STAR = item("coin", "star")
WANDERER = {"types": ["wanderer"], "activation": ["notes"]}
BEAST = {"types": ["beast"], "activation": ["star"]}


def adventure(cost, points, level, clovers=0):
    card = {"level": level, "points": points, "party": ["?"], "crosses": 0, "cost": cost}
    return {**card, "clovers": clovers} if clovers else card


FOUR_FISTS = adventure(["fist"] * 4, 1, 1)
FIVE_FISTS = adventure(["fist"] * 5, 1, 2)
SPEECH_FIST = adventure(["speech", "fist"], 3, 1, clovers=1)
THREE_LEAVES = adventure(["leaf"] * 3, 6, 2)
TWO_SPEECHES = adventure(["speech", "speech"], 4, 2)
TWO_LEAVES = adventure(["leaf", "leaf"], 3, 2)
FIST_SPEECH = adventure(["fist", "speech"], 5, 2)


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def quotes(effects):
    return [effect["rule"]["quote"] for effect in effects if effect.get("rule")]


def falconer(table):
    return table.view("p1")["state"]["falconer"]


def display(table):
    return [place["card"] for place in table.view("p1")["state"]["display"]]


def anns_turn(table, movement, to, card=COMPASS_LEAF, adventure_phase=None):
    """Ann moves taking `card`, gains a clover, maybe signs up or completes, replenishes."""
    entered(table, {"type": "move", "player": "p1", "movement": movement, "to": to, "card": card})
    entered(table, {"type": "gain_clover", "player": "p1"})
    if adventure_phase:
        entered(table, adventure_phase)
    entered(table, {"type": "replenish", "player": "p1"})


def flip(figure, arrow, card, solo_set, to=None, **more):
    event = {"type": "falconer_move", "player": "p1", "figure": figure,
             "reward": more.pop("reward", "none"), "arrow": arrow, "card": card, "set": solo_set,
             **more}
    return {**event, "to": to} if to else event


def his_adventure_phase(table, expected):
    """The falconer's Adventure phase: the one event `legal` offers is the one worked out by
    hand; entered, its effects' quotes."""
    legal = table.view("p1")["legal"]
    assert legal == [{"type": "falconer_adventure", "player": "p1", **expected}]
    return quotes(entered(table, legal[0]))


ROUND_ONE = [FOUR_FISTS, SPEECH_FIST, FOUR_FISTS, FIVE_FISTS, THREE_LEAVES]


def to_his_first_adventure_phase(client):
    """The solo game from Ann's corner to the falconer's first Adventure phase: he holds the fist
    and speech he started with and the two leaves his figures took."""
    table = ApiTable(client, {"game": GAME, "players": ["Ann"],
                              "options": {"campfires": CAMPFIRES, "public_quests": QUESTS,
                                          "leaders": {"p1": LEADERS["p1"]}}})
    entered(table, {"type": "choose_corner", "player": "p1", "space": [1, 1],
                    "drawn": NOTES_SPEECH, "item": SWORD_FIST,
                    "falconer_items": [SWORD_FIST, NOTES_SPEECH]})
    for index, card in enumerate(ROUND_ONE, start=1):
        entered(table, {"type": "reveal", "player": "p1", "index": index, "card": card})
    # Ann takes a leaf. The falconer's figures, the falcon first, take two leaves.
    anns_turn(table, 1, [1, 2])
    table.refused(flip("falconer", "right", COMPASS_LEAF, "B", [4, 3]), FALCONER_SECOND)
    entered(table, flip("falcon", "right", COMPASS_LEAF, "A", [2, 3]))
    entered(table, flip("falconer", "right", COMPASS_LEAF, "B", [4, 3]))
    assert falconer(table)["hand"] == [SWORD_FIST, NOTES_SPEECH, COMPASS_LEAF, COMPASS_LEAF]
    return table


def test_a_quest_entered_for_the_falconer_when_a_card_can_be_paid_quotes_the_quest_sentence(
        client):
    table = to_his_first_adventure_phase(client)
    # Place 2 (speech, fist) can be paid; tile A (leaf, leaf) too. The quest sentence is the one
    # that lets him check the tiles only "If the falconer is unable to complete an adventure card".
    error = table.refused({"type": "falconer_adventure", "player": "p1", "signs_up": "A",
                           "pay": [3, 4]}, "")
    quoted = [rule["quote"] for rule in error.get("rules", [error["rule"]])]
    assert QUESTS_NEXT in quoted
    assert ARROW not in " ".join(quoted)


def test_a_whole_solo_game_against_the_falconer_over_four_rounds_scored_by_hand(client):
    # --- Round 1 ---
    # With the right arrow he checks from the left: place 1 (four fists) cannot be paid,
    # place 2 (speech, fist) can, with the fist and the speech he started with: 3 points and
    # its clover.
    table = to_his_first_adventure_phase(client)
    his_adventure_phase(table, {"completes": 2, "pay": [1, 2]})
    assert falconer(table)["clovers"] == 1
    assert falconer(table)["hand"] == [COMPASS_LEAF, COMPASS_LEAF]
    entered(table, {"type": "replenish", "player": "p1", "display": [FOUR_FISTS]})
    assert display(table) == [FOUR_FISTS, FOUR_FISTS, FOUR_FISTS, FIVE_FISTS, THREE_LEAVES]

    # Ann signs up for tile A (two leaves): its top quill space.
    anns_turn(table, 2, [2, 1], adventure_phase={
        "type": "sign_up", "player": "p1", "tile": "A", "pay": [{"hand": 3}, {"hand": 4}]})
    # The falcon takes a wanderer at a campfire: a clover, his second, spent at once.
    table.refused(flip("falcon", "left", WANDERER, "A", [2, 2]), SPENDS_TWO)
    effects = quotes(entered(table, flip("falcon", "left", WANDERER, "A", [2, 2],
                                         clover_items=[SWORD_FIST])))
    assert COMPANION_CLOVER in " ".join(effects) and SPENDS_TWO in " ".join(effects)
    entered(table, flip("falconer", "left", NOTES_SPEECH, "B", [3, 4]))
    # Leaf, leaf, fist, speech: three leaves for place 5 are one too few, no display card can
    # be paid; the left arrow checks tile C first (speech, fist, leaf): its top quill and a clover.
    assert C_TILE_CLOVER in his_adventure_phase(table, {"signs_up": "C", "pay": [1, 3, 4]})
    assert (falconer(table)["hand"], falconer(table)["clovers"]) == ([COMPASS_LEAF], 1)
    entered(table, {"type": "replenish", "player": "p1"})

    # The falcon's solo card shows a clover: his second, spent on the coin at once; then the
    # star leaf of its space. Right arrow: place 5 (three leaves) with the three leaves, not the
    # coin.
    anns_turn(table, 3, [3, 1])
    entered(table, flip("falcon", "right", STAR_LEAF, "A", [1, 2], reward="clover",
                        clover_items=[COIN_STAR]))
    entered(table, flip("falconer", "right", COMPASS_LEAF, "B", [5, 2]))
    assert falconer(table)["hand"] == [COMPASS_LEAF, STAR_LEAF, COIN_STAR, COMPASS_LEAF]
    table.refused({"type": "falconer_adventure", "player": "p1", "completes": 4,
                   "pay": [1, 2, 3]}, FIRST_POSSIBLE)
    his_adventure_phase(table, {"completes": 5, "pay": [1, 2, 4]})
    effects = quotes(entered(table, {"type": "replenish", "player": "p1",
                                     "display": [TWO_SPEECHES]}))
    assert NEW_SOLO_DECK in effects
    state = table.view("p1")["state"]
    assert (state["round"], state["current"]) == (2, "p1")

    # --- Round 2: a new solo deck; three cards of each set again ---
    # Ann signs up for tile B (fist, speech): its top space.
    anns_turn(table, 1, [3, 2], adventure_phase={
        "type": "sign_up", "player": "p1", "tile": "B", "pay": [{"hand": 1}, {"hand": 2}]})
    entered(table, flip("falcon", "right", SWORD_FIST, "A", [3, 3]))
    entered(table, flip("falconer", "right", BEAST, "B", [2, 4]))
    # Coin and fist: no display card; tile A (leaf, leaf) cannot be paid, tile B (fist, speech)
    # can, the coin for the speech: the middle space under Ann's quill.
    his_adventure_phase(table, {"signs_up": "B", "pay": [1, 2]})
    assert [quest["quills"] for quest in table.view("p1")["state"]["quests"]] == [
        ["p1", None, None], ["p1", "falconer", None], ["falconer", None, None]]
    entered(table, {"type": "replenish", "player": "p1"})

    anns_turn(table, 2, [3, 1])
    entered(table, flip("falcon", "left", NOTES_SPEECH, "A", [1, 4]))
    entered(table, flip("falconer", "left", NOTES_SPEECH, "B", [4, 1]))
    his_adventure_phase(table, {"completes": 5, "pay": [1, 2]})
    entered(table, {"type": "replenish", "player": "p1", "display": [FIVE_FISTS]})

    # His last turn of round 2: both quills placed, no card payable: nothing. His replenish ends
    # the round: the rightmost level I card (place 3) goes to the bottom of its deck, a new
    # level II card comes in, and the display reads 2 level I and 3 level II.
    anns_turn(table, 3, [2, 1])
    third_a = flip("falcon", "right", COMPASS_LEAF, "A", [5, 4])
    entered(table, third_a)
    table.refused({**third_a, "figure": "falconer", "to": [4, 5]}, SOLO_SETS)
    entered(table, flip("falconer", "right", COMPASS_LEAF, "B", [4, 5]))
    assert DOES_NOTHING in his_adventure_phase(table, {"nothing": True})
    assert table.view("p1")["legal"] == [{"type": "replenish", "player": "p1", "to_bottom": 3}]
    decks = table.view("p1")["state"]["decks"]
    table.refused({"type": "replenish", "player": "p1", "to_bottom": 1,
                   "new_level2": TWO_LEAVES}, ROUND_TWO)
    effects = quotes(entered(table, {"type": "replenish", "player": "p1", "to_bottom": 3,
                                     "new_level2": TWO_LEAVES}))
    assert ROUND_TWO in effects and NEW_SOLO_DECK in effects
    state = table.view("p1")["state"]
    assert [place["level"] for place in state["display"]] == [1, 1, 2, 2, 2]
    assert display(table) == [FOUR_FISTS, FOUR_FISTS, FIVE_FISTS, FIVE_FISTS, TWO_LEAVES]
    assert (state["decks"]["level1"], state["decks"]["level2"]) == (
        decks["level1"] + 1, decks["level2"] - 1)
    assert state["deck_bottoms"][-1]["card"] == FOUR_FISTS
    assert (state["round"], state["current"]) == (3, "p1")

    # --- Round 3 ---
    # Ann takes a wanderer from a campfire (tiles A and B: a wanderer, a notes symbol).
    anns_turn(table, 1, [1, 3], card=WANDERER)
    entered(table, flip("falcon", "right", SWORD_FIST, "A", [3, 5]))
    entered(table, flip("falconer", "right", STAR_LEAF, "B", [5, 5]))
    his_adventure_phase(table, {"completes": 5, "pay": [1, 2]})
    entered(table, {"type": "replenish", "player": "p1", "display": [FIST_SPEECH]})
    # The falcon's solo card gives an item card; the left arrow: place 5 (fist, speech) first.
    anns_turn(table, 2, [1, 2])
    entered(table, flip("falcon", "left", NOTES_SPEECH, "A", [1, 5], reward="item",
                        reward_item=NOTES_SPEECH))
    entered(table, flip("falconer", "left", COMPASS_LEAF, "B", [2, 5]))
    assert ARROW in " ".join(his_adventure_phase(table, {"completes": 5, "pay": [1, 3]}))
    entered(table, {"type": "replenish", "player": "p1", "display": [FIVE_FISTS]})
    anns_turn(table, 3, [2, 1])
    entered(table, flip("falcon", "right", COMPASS_LEAF, "A", [1, 4]))
    entered(table, flip("falconer", "right", COMPASS_LEAF, "B", [3, 5]))
    his_adventure_phase(table, {"nothing": True})
    entered(table, {"type": "replenish", "player": "p1"})

    # --- Round 4 ---
    # Two companions in one turn: the wanderer's clover is his second, spent at once; the
    # beast's leaves him one.
    anns_turn(table, 1, [3, 1])
    entered(table, flip("falcon", "left", WANDERER, "A", [4, 2], clover_items=[SWORD_FIST]))
    entered(table, flip("falconer", "left", BEAST, "B", [4, 4]))
    assert (falconer(table)["clovers"], len(falconer(table)["companions"])) == (1, 4)
    his_adventure_phase(table, {"nothing": True})
    entered(table, {"type": "replenish", "player": "p1"})
    anns_turn(table, 2, [4, 1])
    entered(table, flip("falcon", "right", STAR_LEAF, "A", [5, 2]))
    entered(table, flip("falconer", "right", STAR_LEAF, "B", [5, 4]))
    his_adventure_phase(table, {"nothing": True})
    entered(table, {"type": "replenish", "player": "p1"})
    # The game's last turn. The falcon (in [5, 2]) by its numbered spaces: the first lies off the
    # map, the second is Ann's space [5, 1] (he draws, as on any figure's space).
    anns_turn(table, 3, [5, 1])
    numbered = flip("falcon", "right", COMPASS_LEAF, "A", priority=[[1, 0], [0, -1]])
    table.refused({**numbered, "to": [4, 2]}, PRIORITY)
    entered(table, numbered)
    assert table.view("p1")["state"]["figures"]["falcon"] == [5, 1]
    entered(table, flip("falconer", "right", NOTES_SPEECH, "B", [4, 5]))
    his_adventure_phase(table, {"nothing": True})
    entered(table, {"type": "replenish", "player": "p1"})

    view = table.view("p1")
    assert view["over"] is True and view["legal"] == []
    # By hand. The falconer: adventures 3 + 6 + 4 + 3 + 5 = 21; tile C's top quill 2 and four
    # level II cards (mission 5) 6; tile B's middle quill 1 and two notes companions (2c) 2; ten
    # item cards 10; his clover nothing: 42. Ann: 13 clovers (1 + 12 turns) 4; tile A's top 2
    # and one wanderer 1; tile B's top 2 and one notes companion 1: 10.
    lines = {p["seat"]: {line["label"]: line["points"] for line in p["breakdown"]}
             for p in view["scores"]["players"]}
    assert lines["falconer"] == {
        "Completed adventures": 21, "Remaining item cards": 10, "Remaining clover tokens": 0,
        "Public quest B (2c): quill space": 1, "Public quest B (2c): mission": 2,
        "Public quest C (5): quill space": 2, "Public quest C (5): mission": 6}
    assert lines["p1"] == {
        "Completed adventures": 0, "Remaining clover tokens": 4,
        "Public quest A (1a): quill space": 2, "Public quest A (1a): mission": 1,
        "Public quest B (2c): quill space": 2, "Public quest B (2c): mission": 1}
    falconer_lines = next(p for p in view["scores"]["players"]
                          if p["seat"] == "falconer")["breakdown"]
    by_label = {line["label"]: line["rule"]["quote"] for line in falconer_lines}
    assert FALCONER_ITEMS in by_label["Remaining item cards"]
    assert NO_CLOVER_POINTS in by_label["Remaining clover tokens"]
    assert {p["seat"]: p["total"] for p in view["scores"]["players"]} == {"p1": 10,
                                                                          "falconer": 42}
    assert view["scores"]["winners"] == ["falconer"]
    assert SOLO_WIN in view["scores"]["decided_by"]["rule"]["quote"]
    ann = view["state"]["players"]["p1"]
    assert (len(ann["hand"]), ann["clovers"]) == (9, 13)
    # A spectator sees that Ann holds nine cards, not which.
    spectator = client.get(f"/api/sessions/{table.id}").get_json()
    assert spectator["state"]["players"]["p1"]["hand"] == [None] * 9

    before = table.seq
    refused = table.send({"type": "move", "player": "p1", "movement": 1, "to": [5, 2],
                          "card": COMPASS_LEAF})
    assert refused.status_code == 422 and table.seq == before
    assert refused.get_json()["error"]["rule"]["quote"] == SOLO_AFTER_ROUND_4

    calc = calculated(client, GAME, {
        "public_quests": {"A": "1a", "B": "2c", "C": "5"},
        "players": [
            {"name": "Ann", "items": 9, "clovers": 13,
             "quills": [{"tile": "A", "space": "top", "collected": 1},
                        {"tile": "B", "space": "top", "collected": 1}]},
            {"name": "Falconer", "falconer": True, "items": 10, "clovers": 1,
             "adventures": [{"level": 1, "points": 3}, {"level": 2, "points": 6},
                            {"level": 2, "points": 4}, {"level": 2, "points": 3},
                            {"level": 2, "points": 5}],
             "quills": [{"tile": "C", "space": "top", "collected": 4},
                        {"tile": "B", "space": "middle", "collected": 2}]}]})
    assert [p["total"] for p in calc["players"]] == [10, 42]
    assert [p["name"] for p in calc["players"] if p["seat"] in calc["winners"]] == ["Falconer"]

    # The whole game exported and imported is the same game; its last replenish undone reopens
    # it, redone ends it alike.
    assert_replayed_alike(client, table, {"type": "replenish", "player": "p1"})
