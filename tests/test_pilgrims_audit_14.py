"""Pilgrims: audit (session 18, `audit19`): outsider findings 154 (a solo card of a set the
difficulty does not use quotes that difficulty's line first), 157 (the replenish counts the spaces
that got a card and names those left without one) and 158 (the companion ability's draw from an
empty deck cites the ability; `legal` offers no card to enter); and, found beside 146, a
completion that leaves `companions` out under multi_type_companion each_type finds the Shepherd
for both symbols."""

import pytest

from tests.api_table import ApiTable, quotes_from
from tests.guard_cases import pilgrims as guard

in_book = quotes_from("pilgrims")
LEAD_IN = in_book("The solo game's difficulty is determined by which two sets are used:")
LINES = {"easy": in_book("• Easy: A and B"), "medium": in_book("• Medium: B and C"),
         "hard": in_book("• Hard: A and D"), "hardcore": in_book("• Hardcore: C and D")}
OUTSIDE = {"easy": "C", "medium": "D", "hard": "B", "hardcore": "A"}
ROW_BY_ROW = in_book("Replenish the map row by row from top to bottom, and within each row from "
                     "left to right. If a figure is on a map space, that space doesn't replenish.")
RESHUFFLE = in_book("Place discarded item cards in a face-up discard pile next to the item deck. "
                    "If the item deck runs out of cards, shuffle the discard pile to create a new "
                    "item deck.")
CAMPFIRE = in_book("• Replenish each campfire space with a companion card.")
DRAW_TWO = in_book("• Draw 2 companion cards from the deck. Keep one, then put the other "
                   "face-down on the bottom of the companion deck.")
COMPANIONS_IN_BOX = in_book("• 32 companion cards")
STAR = guard.I("leaf", "star")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def table_of(client, body):
    return ApiTable(client, {"game": "pilgrims", **body})


def rules_of(error):
    return [rule["quote"] for rule in error.get("rules", [error["rule"]])]


# --- Finding 154 -----------------------------------------------------------------------------------

@pytest.mark.parametrize("difficulty", list(LINES))
def test_a_card_of_another_set_quotes_the_difficultys_line_then_the_lead_in(client, difficulty):
    table = table_of(client, guard.setup(guard.SOLO_FALCONER, players=("Kim",),
                                         solo_difficulty=difficulty))
    move = guard.ev("falconer_move", figure="falcon", reward="none", arrow="left", to=[2, 3],
                    card=guard.I("fist", "star"))
    error = table.refused({**move, "set": OUTSIDE[difficulty]}, LINES[difficulty])
    assert rules_of(error) == [LINES[difficulty], LEAD_IN]
    assert error["message"].startswith("An easy" if difficulty == "easy" else f"A {difficulty}")
    table.accepted({**move, "set": LINES[difficulty][-1]})


# --- Finding 157 -----------------------------------------------------------------------------------

def replenish_table(client, board, **decks):
    return table_of(client, guard.setup({"phase": "replenish", "display": guard.DISPLAY,
                                         "map": board, "decks": decks,
                                         "players": guard.seats({"movement": [1]})}))


def test_the_replenish_counts_the_spaces_filled_and_names_those_left_bare(client):
    board = [[None] * 5 for _ in range(5)]
    board[0][1] = board[0][2] = board[0][3] = "empty"  # B1, C1 (a campfire), D1
    table = replenish_table(client, board, item=0, discard=1, companion=0)
    effects = table.accepted({"type": "replenish", "player": "p1", "map": [STAR]})["effects"]
    texts = {effect["text"]: effect["rule"]["quote"] for effect in effects if "rule" in effect}
    assert texts["1 map space(s) replenished."] == ROW_BY_ROW
    assert texts["D1 stays without a card: the item deck and its discard pile are empty."] == \
        RESHUFFLE
    assert texts["C1 stays without a card: the companion deck is empty (table ruling "
                 "empty_companion_deck: nothing)."] == CAMPFIRE
    state = table.view("p2")["state"]
    assert state["map"][0][1] == {"card": STAR} and state["map"][0][3] is None


def test_a_full_replenish_names_no_bare_space(client):
    board = [[None] * 5 for _ in range(5)]
    board[0][1] = "empty"
    effects = replenish_table(client, board).accepted(
        {"type": "replenish", "player": "p1", "map": [STAR]})["effects"]
    assert not [effect for effect in effects if "without a card" in effect["text"]]


# --- Finding 158 -----------------------------------------------------------------------------------

def drawing_companions(client, left):
    drawer = guard.C(["beast"], ["star"], abilities=["draw companion"])
    table = table_of(client, guard.activate({"hand": [STAR], "party": [guard.M(drawer)]},
                                            decks={"companion": left}))
    table.accepted(guard.ev("activate", character=1, hand=1))
    return table


def test_the_empty_companion_deck_draw_cites_the_ability_and_offers_no_card(client):
    table = drawing_companions(client, 0)
    listed = [event for event in table.view("p1")["legal"] if event.get("kind") == "draw companion"]
    assert listed == [{"type": "ability", "player": "p1", "kind": "draw companion"}]
    table.refused(guard.ev("ability", kind="draw companion", card=guard.C(["beast"], ["notes"])),
                  COMPANIONS_IN_BOX)
    effects = table.accepted(listed[0])["effects"]
    assert [effect["rule"]["quote"] for effect in effects if "no card is drawn" in
            effect["text"]] == [DRAW_TWO]


def test_a_companion_deck_with_cards_still_offers_the_card_to_enter(client):
    table = drawing_companions(client, 3)
    listed = [event for event in table.view("p1")["legal"] if event.get("kind") == "draw companion"]
    assert listed and listed[0]["open"] == ["card"]


# --- each_type, companions left out ----------------------------------------------------------------

def shepherd_alone(client, ruling):
    body = guard.with_options(guard.adventure(
        {"hand": [guard.I("fist", "sword")], "party": [guard.M(guard.SHEPHERD)]},
        display=[guard.A(1, 3, ["wanderer", "beast"], ["fist"]), *guard.DISPLAY[1:]]),
        multi_type_companion=ruling)
    return table_of(client, body)


def test_each_type_finds_the_shepherd_when_companions_are_left_out(client):
    completion = guard.ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}])
    shepherd_alone(client, "one_symbol").refused(
        completion, "Their party must have companion card(s) with a matching type symbol")
    table = shepherd_alone(client, "each_type")
    table.accepted(completion)
    assert table.view("p1")["state"]["players"]["p1"]["completed"][0]["points"] == 3


# --- The sweep: "Draw 1 item card" with no item card left ------------------------------------------

def test_draw_item_is_not_offered_when_the_item_deck_and_its_pile_are_empty(client):
    """Under empty_item_deck: refuse_move (under nothing, audit20's finding 167: offered with no
    card to enter, tests/test_pilgrims_audit_15.py)."""
    drawer = guard.C(["beast"], ["star"], abilities=["draw item", "gain clover"])
    for decks, offered in (({"item": 0, "discard": 0}, False), ({"item": 0, "discard": 2}, True)):
        body = guard.with_options(guard.activate({"hand": [STAR], "party": [guard.M(drawer)]},
                                                 decks=decks), empty_item_deck="refuse_move")
        table = table_of(client, body)
        table.accepted(guard.ev("activate", character=1, hand=1))
        kinds = {event["kind"] for event in table.view("p1")["legal"]
                 if event["type"] == "ability"}
        assert kinds == ({"draw item", "gain clover"} if offered else {"gain clover"})
        if not offered:
            table.refused(guard.ev("ability", kind="draw item"), RESHUFFLE)
