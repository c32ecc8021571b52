"""Pilgrims: the fifteenth audit (session 19), last session's open note: the table ruling
empty_item_deck decided only a figure's move to a space without a card when the item deck and its
discard pile are both empty; "Draw 1 item card from the deck." (an ability, an improvement's
reward) and a passed-over space with a figure on it were refused whatever the ruling. The ruling now
governs every such draw: under "nothing" (the default) the ability is used and no card is drawn,
quoting its own sentence, and `legal` offers it with no card to enter; under "refuse_move" it is
refused and not listed. A card entered all the same, or a draw of 2 keeping one, is refused."""

import copy

import pytest

from referee.core import engine
from tests.api_table import ApiTable, quotes_from
from tests.guard_cases import pilgrims as guard
from tests.test_pilgrims import I, apply, corners, refused, start
from tests.test_pilgrims_abilities import activate_companion, give

in_book = quotes_from("pilgrims")
DRAW_ONE = in_book("• Draw 1 item card from the deck.")
PASSED_OVER = in_book("• Take 1 item card from a passed-over space during travel. If a figure is "
                      "on that space, draw an item card as usual.")
RESHUFFLE = in_book("If the item deck runs out of cards, shuffle the discard pile to create a new "
                    "item deck.")
STAR = guard.I("leaf", "star")
DRAW = guard.ev("ability", kind="draw item")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def drawing_items(client, ruling):
    """Ann activates a beast whose ability is "draw item"; no item card in the deck or its pile."""
    drawer = guard.C(["beast"], ["star"], abilities=["draw item"])
    body = guard.activate({"hand": [STAR], "party": [guard.M(drawer)]},
                          decks={"item": 0, "discard": 0})
    table = ApiTable(client, {"game": "pilgrims", **guard.with_options(
        body, empty_item_deck=ruling)})
    table.accepted(guard.ev("activate", character=1, hand=1))
    return table


def draws_listed(table):
    return [event for event in table.view("p1")["legal"] if event.get("kind") == "draw item"]


def test_under_nothing_the_draw_item_ability_draws_no_card_quoting_its_sentence(client):
    table = drawing_items(client, "nothing")
    assert draws_listed(table) == [DRAW]
    table.refused({**DRAW, "card": I("fist", "notes")}, RESHUFFLE)
    table.refused({**DRAW, "card": I("fist", "notes"), "bottom": I("leaf", "notes")}, RESHUFFLE)
    hand = table.view("p1")["state"]["players"]["p1"]["hand"]
    effects = table.accepted(DRAW)["effects"]
    assert [effect["rule"]["quote"] for effect in effects
            if "no card is drawn" in effect["text"]] == [DRAW_ONE]
    assert table.view("p1")["state"]["players"]["p1"]["hand"] == hand
    assert not draws_listed(table)  # used: "Each ability can be used only once per activation."


def test_under_refuse_move_the_draw_item_ability_is_refused_and_not_listed(client):
    table = drawing_items(client, "refuse_move")
    assert draws_listed(table) == []
    error = table.refused(DRAW, RESHUFFLE)
    assert "no card to draw" in error["message"]


@pytest.mark.parametrize("ruling", ["nothing", "refuse_move"])
def test_a_passed_over_space_with_a_figure_on_it_and_no_item_card_left(ruling):
    model = start(empty_item_deck=ruling)
    corners(model)
    give(model, ["passed-over item"])
    model.G["figures"]["p2"] = [2, 1]
    apply(model, type="move", player="p1", movement=1, to=[3, 1], card=I("fist", "star"))
    activate_companion(model)
    model.G["decks"].update(item=0, discard=0)
    model.G["discard_pile"] = []
    take = {"type": "ability", "player": "p1", "kind": "passed-over item", "space": [2, 1]}
    if ruling == "refuse_move":
        refused(model, RESHUFFLE, **take)
        return
    hand = copy.deepcopy(model.G["players"]["p1"]["hand"])
    effects = engine.apply(model, take)
    assert [effect.citation.quote for effect in effects
            if "no card is drawn" in effect.text] == [PASSED_OVER]
    assert model.G["players"]["p1"]["hand"] == hand
