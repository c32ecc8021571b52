"""Pilgrims: Curious Adventures, outsider scenarios round 19 (file 16): the lines of "Reference:
Abilities" and "Reference: Triggers" no outsider round had played — an item card from a passed-over
space (drawn when a figure stands there; a space not passed over refused), "an additional adventure
card reserved" (without it the reserved card goes under its deck; with it both stay, and with both
places full the player names which one goes), discounts "of the same or a different type" used on
one card, "Multiple instances of this ability stack" for the extra space, and "Multiple abilities
can be triggered at once. Perform their effects in any order." — each reward once. Each accepted
entry undone to the table exactly as before. Written from the rulebook and the API's own
description only (docs/games/pilgrims.md, GET /api/games/pilgrims), never the referee's code."""

import pytest

from tests.api_table import ApiTable, as_seen, quotes_from
from tests.test_blind_scenarios_pilgrims import (
    CAMPFIRES,
    COMPASS_LEAF,
    LEADERS,
    NOTES_SPEECH,
    QUESTS,
    STAR_LEAF,
    SWORD_FIST,
)

GAME = "pilgrims"
book = quotes_from(GAME)

PASSED_OVER = book("• Take 1 item card from a passed-over space during travel. If a figure is on "
                   "that space, draw an item card as usual.")
OLD_TO_BOTTOM = book("To reserve a new adventure card, first put the current reserved adventure "
                     "card on the bottom of the corresponding deck. Then, reserve the new one as "
                     "usual.")
PAY = book("1. To pay the items cost, discard item cards with matching adventure symbols.")
DISCOUNTS = book("More discount abilities (of the same or a different type) can be used to "
                 "complete a single adventure card.")
ANY_SYMBOL = book("Discount of 1 adventure symbol of any type.")
OF_A_TYPE = book("Discount the cost to complete an adventure or to sign up for a public quest by 1 "
                 "item card of the indicated type.")
EXTRA_SPACE = book("• When moving by the depicted means, you may move 1 more space in any possible "
                   "direction. Only gain the card from the space where the figure ended its "
                   "movement. Multiple instances of this ability stack.")
CORNER = book("• When the player moves their figure to a corner space on the map.")
FIGURE = book("• When the player moves their figure over or onto a space with another player's "
              "figure (even solo figures).")
WANDERER = {"card": {"types": ["wanderer"], "activation": ["notes"]}}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def anns_turn(client, ann, phase="move", bob=(5, 5)):
    """Round 2; Ann (p1) at [1, 1] to play from `phase` (after her move: movement space 1
    used); Bob at `bob`."""
    if phase != "move":
        ann = {"movement": [1], **ann}
    position = {"round": 2, "current": "p1", "phase": phase, "turns": {"p1": 0, "p2": 0},
                "players": {"p1": {"figure": [1, 1], **ann},
                            "p2": {"figure": list(bob), "hand": [SWORD_FIST]}}}
    if phase != "move":
        del position["turns"]
    return ApiTable(client, {"game": GAME, "players": ["Ann", "Bob"],
                             "options": {"campfires": CAMPFIRES, "public_quests": QUESTS,
                                         "leaders": {"p1": LEADERS["p1"], "p2": LEADERS["p2"]}},
                             "position": position})


def improvement(abilities, when="means", **trigger):
    return {"level": 1, "points": 1, "improvement": ["other"],
            "trigger": {"when": when, **trigger}, "abilities": abilities}


def adventure(cost, points, level):
    return {"level": level, "points": points, "party": ["?"], "crosses": 0, "cost": cost}


def kept(table, event):
    """Accepted; undone, the table exactly as before; entered again. The effects' quotes."""
    before = as_seen(table.view("p1"))
    table.accepted(event)
    table.undo()
    assert as_seen(table.view("p1")) == before, event
    return [effect["rule"]["quote"] for effect in table.accepted(event)["effects"]]


def ann(table):
    return table.view("p1")["state"]["players"]["p1"]


# --- An item card from a passed-over space ------------------------------------------------------

@pytest.mark.parametrize("bob", [(2, 1), (5, 5)], ids=["bob_on_the_space", "space_free"])
def test_a_passed_over_space_gives_its_item_card_or_a_drawn_one_under_a_figure(client, bob):
    table = anns_turn(client, {"hand": [SWORD_FIST],
                               "completed": [improvement(["passed-over item"], means=2)]}, bob=bob)
    # Down the column by the second movement space, over [2, 1], to [3, 1].
    kept(table, {"type": "move", "player": "p1", "movement": 2, "to": [3, 1],
                 "card": COMPASS_LEAF})
    assert {"type": "ability", "player": "p1", "improvement": 1, "kind": "passed-over item",
            "open": ["space", "card"]} in table.view("p1")["legal"]
    table.refused({"type": "ability", "player": "p1", "kind": "passed-over item",
                   "improvement": 1, "space": [2, 2], "card": STAR_LEAF}, PASSED_OVER)
    quotes = kept(table, {"type": "ability", "player": "p1", "kind": "passed-over item",
                          "improvement": 1, "space": [2, 1], "card": STAR_LEAF})
    assert PASSED_OVER in quotes
    assert ann(table)["hand"] == [SWORD_FIST, COMPASS_LEAF, STAR_LEAF]
    # One card per use: a second is refused.
    before = table.seq
    again = table.send({"type": "ability", "player": "p1", "kind": "passed-over item",
                        "improvement": 1, "space": [2, 1], "card": STAR_LEAF})
    assert again.status_code == 422 and table.seq == before


# --- An additional adventure card reserved --------------------------------------------------------

HELD, HELD_TOO = adventure(["fist"], 2, 1), adventure(["speech"], 1, 1)
NEW = adventure(["leaf", "leaf"], 4, 2)
RESERVE_MORE = {"level": 2, "points": 3, "improvement": ["reserve"]}


def leader_reserving(client, reserve, completed):
    table = anns_turn(client, {"hand": [SWORD_FIST, NOTES_SPEECH], "completed": completed,
                               "reserve": reserve}, phase="activate")
    kept(table, {"type": "activate", "player": "p1", "character": "leader", "hand": 1})
    return table


def test_without_the_improvement_the_reserved_card_goes_under_its_deck_for_the_new_one(client):
    table = leader_reserving(client, [HELD], [])
    level1 = table.view("p1")["state"]["decks"]["level1"]
    quotes = kept(table, {"type": "ability", "player": "p1", "kind": "reserve",
                          "source": "level2", "adventure": NEW})
    assert OLD_TO_BOTTOM in quotes
    state = table.view("p1")["state"]
    assert state["players"]["p1"]["reserve"] == [NEW]
    assert state["deck_bottoms"][-1]["card"] == HELD
    assert state["decks"]["level1"] == level1 + 1


def test_with_an_additional_reserve_both_cards_stay_reserved(client):
    table = leader_reserving(client, [HELD], [RESERVE_MORE])
    quotes = kept(table, {"type": "ability", "player": "p1", "kind": "reserve",
                          "source": "level2", "adventure": NEW})
    assert OLD_TO_BOTTOM not in quotes
    state = table.view("p1")["state"]
    assert state["players"]["p1"]["reserve"] == [HELD, NEW]
    assert state["deck_bottoms"] == []


@pytest.mark.parametrize(("goes", "stays"), [(1, HELD_TOO), (2, HELD)], ids=["first", "second"])
def test_with_both_reserve_places_full_the_card_named_goes_under_its_deck(client, goes, stays):
    table = leader_reserving(client, [HELD, HELD_TOO], [RESERVE_MORE])
    quotes = kept(table, {"type": "ability", "player": "p1", "kind": "reserve",
                          "source": "level2", "adventure": NEW, "return": goes})
    assert OLD_TO_BOTTOM in quotes
    state = table.view("p1")["state"]
    assert state["players"]["p1"]["reserve"] == [stays, NEW]
    assert state["deck_bottoms"][-1]["card"] == [HELD, HELD_TOO][goes - 1]


def test_a_reserved_card_named_that_is_not_there_is_a_bad_request(client):
    table = leader_reserving(client, [HELD, HELD_TOO], [RESERVE_MORE])
    before = as_seen(table.view("p1"))
    response = table.send({"type": "ability", "player": "p1", "kind": "reserve",
                           "source": "level2", "adventure": NEW, "return": 3})
    assert response.status_code == 400
    assert response.get_json()["error"]["field"] == "event.return"
    assert as_seen(table.view("p1")) == before


# --- Discounts of the same or a different type on one card ---------------------------------------

COSTLY = adventure(["fist", "leaf", "speech"], 6, 2)


def discount(kind):
    return {"level": 1, "points": 1, "improvement": ["discount"], "discount": kind}


def completing(client, discounts):
    table = anns_turn(client, {"hand": [SWORD_FIST, COMPASS_LEAF, NOTES_SPEECH],
                               "completed": [discount(kind) for kind in discounts],
                               "reserve": [COSTLY], "party": [WANDERER]}, phase="activate")
    kept(table, {"type": "gain_clover", "player": "p1"})
    return table


DISCOUNTED = [
    (["any"], [1, 2], [NOTES_SPEECH]),                   # the any-symbol discount: the speech
    (["leaf"], [1, 3], [COMPASS_LEAF]),                   # the leaf discount: the leaf
    (["any", "fist"], [2], [SWORD_FIST, NOTES_SPEECH]),  # two discounts, two cards fewer
]
DISCOUNT_IDS = ["any", "leaf", "any_and_fist"]


@pytest.mark.parametrize(("discounts", "pay", "left"), DISCOUNTED, ids=DISCOUNT_IDS)
def test_discounts_of_any_type_and_of_a_type_pay_part_of_one_card(client, discounts, pay, left):
    table = completing(client, discounts)
    event = {"type": "complete_adventure", "player": "p1", "source": "reserve", "index": 1,
             "pay": [{"hand": n} for n in pay], "companions": [1], "retire": []}
    assert event in table.view("p1")["legal"]
    quotes = " ".join(kept(table, event))
    # (a lone any-symbol discount is cited with its own line, not the stacking sentence: 174)
    assert PAY in quotes and (DISCOUNTS in quotes or discounts == ["any"])
    state = ann(table)
    assert state["hand"] == left and state["reserve"] == []
    assert [card["points"] for card in state["completed"]][-1] == 6


@pytest.mark.parametrize(("discounts", "pay", "left"), DISCOUNTED, ids=DISCOUNT_IDS)
def test_each_discount_used_is_cited_with_its_own_line(client, discounts, pay, left):
    table = completing(client, discounts)
    quotes = " ".join(kept(table, {
        "type": "complete_adventure", "player": "p1", "source": "reserve", "index": 1,
        "pay": [{"hand": n} for n in pay], "companions": [1], "retire": []}))
    for kind in discounts:
        assert (ANY_SYMBOL if kind == "any" else OF_A_TYPE) in quotes, kind


@pytest.mark.parametrize(("discounts", "pay"), [(["any"], [1]), (["leaf"], [1, 2])],
                         ids=["any_covers_one_card_only", "leaf_does_not_cover_the_speech"])
def test_a_discount_short_of_the_cost_is_refused(client, discounts, pay):
    table = completing(client, discounts)
    table.refused({"type": "complete_adventure", "player": "p1", "source": "reserve", "index": 1,
                   "pay": [{"hand": n} for n in pay], "companions": [1], "retire": []}, PAY)
    assert ann(table)["reserve"] == [COSTLY]


# --- One more space, stacked ------------------------------------------------------------------------

@pytest.mark.parametrize(("improvements", "to", "allowed"), [
    (1, [2, 3], True),    # the diagram ends on [1, 2]; one more space, diagonally
    (1, [1, 4], False),   # two more spaces with one improvement
    (2, [1, 4], True),    # two improvements stack: two more spaces
    (2, [3, 3], True),
], ids=["one_for_one", "two_for_one", "two_for_two", "two_diagonal_for_two"])
def test_one_more_space_a_card_and_its_instances_stack(client, improvements, to, allowed):
    table = anns_turn(client, {"hand": [SWORD_FIST],
                               "completed": [improvement(["extra space"], means=1)]
                               * improvements})
    move = {"type": "move", "player": "p1", "movement": 1, "diagram_to": [1, 2], "to": to,
            "card": COMPASS_LEAF}
    if allowed:
        assert EXTRA_SPACE in kept(table, move)
        state = table.view("p1")["state"]
        assert state["figures"]["p1"] == to and ann(table)["hand"] == [SWORD_FIST, COMPASS_LEAF]
    else:
        table.refused(move, EXTRA_SPACE)


# --- Two triggers at once ---------------------------------------------------------------------------

@pytest.mark.parametrize("first", [1, 2], ids=["corner_first", "figure_first"])
def test_two_triggers_of_one_move_are_rewarded_in_either_order_once_each(client, first):
    # Along the top row from [1, 1] over Bob's figure in [1, 3] to the corner [1, 5].
    table = anns_turn(client, {"hand": [SWORD_FIST],
                               "completed": [improvement(["gain clover"], when="corner"),
                                             improvement(["gain clover"], when="figure")]},
                      bob=(1, 3))
    kept(table, {"type": "move", "player": "p1", "movement": 1, "to": [1, 5],
                 "card": COMPASS_LEAF})
    offered = [event for event in table.view("p1")["legal"] if event["type"] == "ability"]
    assert sorted(event["improvement"] for event in offered) == [1, 2]
    clovers = ann(table)["clovers"]
    second = 3 - first
    for n in (first, second):
        kept(table, {"type": "ability", "player": "p1", "kind": "gain clover", "improvement": n})
    assert ann(table)["clovers"] == clovers + 2
    table.refused({"type": "ability", "player": "p1", "kind": "gain clover", "improvement": first},
                  [CORNER, FIGURE][first - 1])
