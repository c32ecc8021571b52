"""Pilgrims abilities, improvements and their triggers, journey rewards and the falconer's priority:
each rule the rulebook prints, legal and illegal. Card contents (an ability's colour, an improvement's
trigger and reward) are not printed: they are entered with the card, as here."""

import pytest

from referee.core import BadRequest, RuleViolation
from tests.test_pilgrims import A, C, I, apply, corners, refused, start

# The map of Game.example_setup: campfires at (1,3) (2,2) (2,4) (4,2) (4,4) (5,3); Ann (p1) starts
# on (1,1), Bob (p2) on (5,5).


@pytest.fixture
def game():
    model = start()
    corners(model)
    return model


def give(game, abilities, seat="p1"):
    """A companion with the abilities entered, in the player's party."""
    game.G["players"][seat]["party"].append(
        {"card": {**C(["beast"], ["star"]), "abilities": abilities}, "holds": None})
    game.G["players"][seat]["hand"].append(I("leaf", "star"))


def activate_companion(game, seat="p1"):
    hand = game.G["players"][seat]["hand"]
    apply(game, type="activate", player=seat, character=len(game.G["players"][seat]["party"]),
          hand=len(hand))


def improvement(game, trigger, abilities, seat="p1", **more):
    game.G["players"][seat]["completed"].append(
        A(2, 5, improvement=["movement"], trigger=trigger, abilities=abilities, **more))
    return len(game.G["players"][seat]["completed"])


# -- take an item card of the shown colour, from the map or an adjacent space ----------------------

def test_take_item_of_the_shown_colour(game):
    give(game, ["take item"])
    apply(game, type="move", player="p1", movement=1, to=[1, 2], card=I("fist", "star"))
    activate_companion(game)
    refused(game, "of the shown color from the map", type="ability", player="p1",
            kind="take item", color="speech", space=[3, 3], card=I("leaf", "notes"))
    with pytest.raises(BadRequest):  # the colour the ability shows is entered
        apply(game, type="ability", player="p1", kind="take item", space=[3, 3],
              card=I("leaf", "notes"))
    apply(game, type="ability", player="p1", kind="take item", color="leaf", space=[3, 3],
          card=I("leaf", "notes"))
    assert game.G["players"]["p1"]["hand"][-1] == I("leaf", "notes")
    assert game.cell([3, 3]) is None


def test_take_item_from_an_orthogonally_adjacent_space(game):
    give(game, ["take item"])
    apply(game, type="move", player="p1", movement=1, to=[3, 2], card=I("fist", "star"))
    activate_companion(game)
    refused(game, "orthogonally adjacent space", type="ability", player="p1", kind="take item",
            color="leaf", adjacent=True, space=[2, 1], card=I("leaf", "notes"))  # diagonal
    refused(game, "orthogonally adjacent space", type="ability", player="p1", kind="take item",
            color="leaf", adjacent=True, space=[2, 2])  # a campfire: no item card
    apply(game, type="ability", player="p1", kind="take item", color="leaf", adjacent=True,
          space=[3, 1], card=I("leaf", "notes"))


def test_a_known_card_is_the_one_taken(game):
    give(game, ["take item"])
    apply(game, type="reveal", player="p1", space=[3, 3], card=I("fist", "notes"))
    apply(game, type="move", player="p1", movement=1, to=[1, 2], card=I("fist", "star"))
    activate_companion(game)
    refused(game, "shown color", type="ability", player="p1", kind="take item", color="leaf",
            space=[3, 3])


# -- a passed-over space -----------------------------------------------------------------------------

def test_take_an_item_from_a_passed_over_space(game):
    give(game, ["passed-over item"])
    apply(game, type="move", player="p1", movement=1, to=[3, 1], card=I("fist", "star"))
    activate_companion(game)
    refused(game, "passed-over space", type="ability", player="p1", kind="passed-over item",
            space=[2, 2], card=I("leaf", "notes"))
    refused(game, "passed-over space", type="ability", player="p1", kind="passed-over item",
            space=[3, 1], card=I("leaf", "notes"))  # where the figure ended is not passed over
    apply(game, type="ability", player="p1", kind="passed-over item", space=[2, 1],
          card=I("leaf", "notes"))
    assert game.cell([2, 1]) is None


def test_a_one_space_move_passes_over_nothing(game):
    give(game, ["passed-over item"])
    apply(game, type="move", player="p1", movement=1, to=[1, 2], card=I("fist", "star"))
    activate_companion(game)
    refused(game, "passed-over space", type="ability", player="p1", kind="passed-over item",
            space=[1, 1], card=I("leaf", "notes"))


def test_a_figure_on_the_passed_over_space_means_a_draw(game):
    give(game, ["passed-over item"])
    game.G["figures"]["p2"] = [2, 1]
    apply(game, type="move", player="p1", movement=1, to=[3, 1], card=I("fist", "star"))
    activate_companion(game)
    items = game.G["decks"]["item"]
    effects = apply(game, type="ability", player="p1", kind="passed-over item", space=[2, 1],
                    card=I("coin", "notes"))
    assert game.G["decks"]["item"] == items - 1
    assert game.G["map"][1][0] == {"card": None}  # the face-up card stays under Bob
    assert any("draw an item card as usual" in e.citation.quote for e in effects if e.citation)


def test_a_diagram_off_the_lines_has_its_passed_over_spaces_entered(game):
    give(game, ["passed-over item"])
    with pytest.raises(BadRequest):  # on a line the referee works them out
        apply(game, type="move", player="p1", movement=1, to=[3, 1], over=[[2, 1]],
              card=I("fist", "star"))
    with pytest.raises(BadRequest):  # not between the start and the end
        apply(game, type="move", player="p1", movement=1, to=[3, 2], over=[[4, 4]],
              card=I("fist", "star"))
    apply(game, type="move", player="p1", movement=1, to=[3, 2], over=[[2, 1]],
          card=I("fist", "star"))
    activate_companion(game)
    refused(game, "passed-over space", type="ability", player="p1", kind="passed-over item",
            space=[2, 2], card=I("leaf", "notes"))
    apply(game, type="ability", player="p1", kind="passed-over item", space=[2, 1],
          card=I("leaf", "notes"))


# -- move 1 more space ---------------------------------------------------------------------------------

def test_move_one_more_space_by_the_depicted_means(game):
    improvement(game, {"when": "means", "means": 1}, ["gain clover", "extra space"])
    refused(game, "1 more space", type="move", player="p1", movement=2, diagram_to=[2, 1],
            to=[3, 1], card=I("fist", "star"))  # no such improvement for movement space 2
    refused(game, "Multiple instances of this ability stack", type="move", player="p1",
            movement=1, diagram_to=[2, 1], to=[4, 1], card=I("fist", "star"))
    effects = apply(game, type="move", player="p1", movement=1, diagram_to=[2, 1], to=[3, 2],
                    card=I("fist", "star"))
    assert game.G["figures"]["p1"] == [3, 2]
    assert game.G["map"][1][0] == {"card": None}  # only the end space's card is gained
    assert any("1 more space" in e.citation.quote for e in effects if e.citation)


def test_extra_spaces_stack_and_crossed_clovers_are_paid(game):
    improvement(game, {"when": "means", "means": 1}, ["extra space"])
    improvement(game, {"when": "means", "means": 1}, ["extra space"], crossed_clover=True)
    game.G["players"]["p1"]["clovers"] = 0
    refused(game, "crossed-out clover", type="move", player="p1", movement=1, diagram_to=[2, 1],
            to=[4, 1], card=I("fist", "star"))
    game.G["players"]["p1"]["clovers"] = 1
    apply(game, type="move", player="p1", movement=1, diagram_to=[2, 1], to=[4, 1],
          card=I("fist", "star"))
    assert game.G["players"]["p1"]["clovers"] == 0


# -- Reference: Triggers --------------------------------------------------------------------------------

def test_means_trigger(game):
    n = improvement(game, {"when": "means", "means": 1}, ["gain clover"])
    refused(game, "depicted means", type="ability", player="p1", improvement=n,
            kind="gain clover")  # not moved yet
    apply(game, type="move", player="p1", movement=2, to=[1, 2], card=I("fist", "star"))
    refused(game, "depicted means", type="ability", player="p1", improvement=n,
            kind="gain clover")
    other = start()
    corners(other)
    n = improvement(other, {"when": "means", "means": 1}, ["gain clover"])
    apply(other, type="move", player="p1", movement=1, to=[1, 2], card=I("fist", "star"))
    apply(other, type="ability", player="p1", improvement=n, kind="gain clover")
    assert other.G["players"]["p1"]["clovers"] == 2
    refused(other, "depicted means", type="ability", player="p1", improvement=n,
            kind="gain clover")  # once per time it is triggered
    refused(other, "reward to the arrow's right", type="ability", player="p1", improvement=n,
            kind="draw item", card=I("fist", "star"))  # not the reward the card shows


def test_corner_trigger(game):
    n = improvement(game, {"when": "corner"}, ["gain clover"])
    apply(game, type="move", player="p1", movement=1, to=[1, 2], card=I("fist", "star"))
    refused(game, "corner space", type="ability", player="p1", improvement=n, kind="gain clover")
    apply(game, type="activate", player="p1", character="leader", hand=1)
    apply(game, type="ability", player="p1", kind="move", to=[1, 1], card=I("leaf", "star"))
    apply(game, type="ability", player="p1", improvement=n, kind="gain clover")


def test_another_figure_trigger_over_or_onto(game):
    n = improvement(game, {"when": "figure"}, ["gain clover"])
    game.G["figures"]["p2"] = [2, 1]
    apply(game, type="move", player="p1", movement=1, to=[1, 2], card=I("fist", "star"))
    refused(game, "another player's figure", type="ability", player="p1", improvement=n,
            kind="gain clover")
    over = start()
    corners(over)
    n = improvement(over, {"when": "figure"}, ["gain clover"])
    over.G["figures"]["p2"] = [2, 1]
    apply(over, type="move", player="p1", movement=1, to=[3, 1], card=I("fist", "star"))
    apply(over, type="ability", player="p1", improvement=n, kind="gain clover")


def test_colour_and_activation_symbol_triggers(game):
    by_colour = improvement(game, {"when": "color", "color": "coin"}, ["gain clover"])
    by_symbol = improvement(game, {"when": "activation", "activation": "sword"}, ["gain clover"])
    apply(game, type="move", player="p1", movement=1, to=[2, 2], card=C(["beast"], ["star"]))
    # hand: fist/sword, coin/star; the companion activates with star
    apply(game, type="activate", player="p1", character=1, hand=2)  # coin/star
    apply(game, type="ability", player="p1", improvement=by_colour, kind="gain clover")
    refused(game, "shown activation symbol", type="ability", player="p1", improvement=by_symbol,
            kind="gain clover")


def test_completing_an_adventure_triggers_other_cards_not_itself(game):
    apply(game, type="move", player="p1", movement=1, to=[2, 2], card=C(["beast"], ["star"]))
    apply(game, type="gain_clover", player="p1")
    card = A(1, 2, [], ["fist"], trigger={"when": "adventure"}, abilities=["gain clover"],
             improvement=["other"])
    apply(game, type="complete_adventure", player="p1", source="display", index=1,
          adventure=card, pay=[{"hand": 1}])
    refused(game, "excluding this one", type="ability", player="p1", improvement=1,
            kind="gain clover")

    other = start()
    corners(other)
    n = improvement(other, {"when": "adventure"}, ["gain clover"])
    apply(other, type="move", player="p1", movement=1, to=[2, 2], card=C(["beast"], ["star"]))
    apply(other, type="gain_clover", player="p1")
    refused(other, "excluding this one", type="ability", player="p1", improvement=n,
            kind="gain clover")
    apply(other, type="complete_adventure", player="p1", source="display", index=1,
          adventure=A(1, 2, [], ["fist"]), pay=[{"hand": 1}])
    apply(other, type="ability", player="p1", improvement=n, kind="gain clover")


def test_an_improvement_with_a_crossed_out_clover_costs_one(game):
    n = improvement(game, {"when": "means", "means": 1}, ["draw item"], crossed_clover=True)
    apply(game, type="move", player="p1", movement=1, to=[1, 2], card=I("fist", "star"))
    game.G["players"]["p1"]["clovers"] = 0
    refused(game, "must spend a clover token", type="ability", player="p1", improvement=n,
            kind="draw item", card=I("fist", "star"))
    game.G["players"]["p1"]["clovers"] = 1
    apply(game, type="ability", player="p1", improvement=n, kind="draw item",
          card=I("fist", "star"))
    assert game.G["players"]["p1"]["clovers"] == 0


def test_an_improvement_without_an_entered_trigger_is_not_checked(game):
    game.G["players"]["p1"]["completed"].append(A(2, 5, improvement=["other"]))
    apply(game, type="ability", player="p1", improvement=1, kind="gain clover")


# -- swap two item cards --------------------------------------------------------------------------

def test_swap_two_orthogonally_adjacent_item_cards_before_moving(game):
    n = improvement(game, {"when": "means", "means": 2}, ["gain clover", "swap items"])
    apply(game, type="reveal", player="p1", space=[3, 1], card=I("fist", "notes"))
    apply(game, type="reveal", player="p1", space=[3, 2], card=I("leaf", "star"))
    refused(game, "mutually orthogonally adjacent", type="ability", player="p1", improvement=n,
            kind="swap items", swap=[[3, 1], [2, 2]])  # a campfire
    refused(game, "mutually orthogonally adjacent", type="ability", player="p1", improvement=n,
            kind="swap items", swap=[[3, 1], [4, 2]])  # diagonal
    apply(game, type="ability", player="p1", improvement=n, kind="swap items",
          swap=[[3, 1], [3, 2]])
    assert game.cell([3, 1]) == {"card": I("leaf", "star")}
    refused(game, "depicted means", type="move", player="p1", movement=1, to=[1, 2],
            card=I("fist", "star"))
    apply(game, type="move", player="p1", movement=2, to=[1, 2], card=I("fist", "star"))
    apply(game, type="ability", player="p1", improvement=n, kind="gain clover")
    refused(game, "Before moving", type="ability", player="p1", improvement=n,
            kind="swap items", swap=[[3, 1], [3, 2]])


def test_a_character_swaps_before_its_move(game):
    give(game, ["swap items", "move"])
    apply(game, type="move", player="p1", movement=1, to=[1, 2], card=I("fist", "star"))
    activate_companion(game)
    apply(game, type="ability", player="p1", kind="move", to=[3, 3], card=I("leaf", "star"))
    refused(game, "Before moving", type="ability", player="p1", kind="swap items",
            swap=[[3, 1], [3, 2]])


def test_extra_space_is_used_with_the_move_not_as_an_event(game):
    n = improvement(game, {"when": "means", "means": 1}, ["extra space"])
    apply(game, type="move", player="p1", movement=1, to=[1, 2], card=I("fist", "star"))
    with pytest.raises(BadRequest):
        apply(game, type="ability", player="p1", improvement=n, kind="extra space")


# -- journey card rewards -------------------------------------------------------------------------------

def test_a_journey_cards_immediate_reward_is_taken_once_that_turn():
    model = start(journey_cards=True)
    corners(model)
    apply(model, type="choose_journey", player="p2",
          card={"spaces": [[4, 4], [5, 4], [3, 3]], "points": 2})
    apply(model, type="choose_journey", player="p1",
          card={"spaces": [[1, 2], [3, 4], [3, 5]], "points": 4, "abilities": ["draw item"]})
    p1 = model.G["players"]["p1"]
    p1["journey"]["removed"] = [[3, 4], [3, 5]]
    refused(model, "journey card is completed", type="ability", player="p1", journey=1,
            kind="draw item", card=I("fist", "star"))  # not completed yet
    apply(model, type="move", player="p1", movement=1, to=[1, 2], card=I("fist", "star"))
    assert len(model.G["players"]["p1"]["journey"]["completed"]) == 1
    apply(model, type="choose_journey", player="p1",
          card={"spaces": [[2, 3], [3, 4], [3, 5]], "points": 3})
    refused(model, "reward shown in the top-right corner", type="ability", player="p1",
            journey=1, kind="gain clover")
    apply(model, type="ability", player="p1", journey=1, kind="draw item", card=I("leaf", "star"))
    refused(model, "immediate reward", type="ability", player="p1", journey=1, kind="draw item",
            card=I("fist", "star"))


# -- the falconer's priority -----------------------------------------------------------------------------

def solo():
    model = start(("Kim",))
    apply(model, type="choose_corner", player="p1", space=[1, 1], item=I("fist", "star"),
          drawn=I("leaf", "sword"), falconer_items=[I("fist", "notes"), I("coin", "star")])
    apply(model, type="move", player="p1", movement=1, to=[1, 2], card=I("fist", "star"))
    apply(model, type="gain_clover", player="p1")
    apply(model, type="replenish", player="p1")
    return model


def test_the_falconer_takes_the_first_numbered_space_on_the_map():
    model = solo()
    # from the middle (3,3): number 1 is 3 rows up (off the map), number 2 one space right
    priority = [[-3, 0], [0, 1], [1, 0]]
    refused(model, "first possible numbered space", type="falconer_move", player="p1",
            figure="falcon", reward="none", arrow="right", priority=priority, to=[4, 3],
            card=I("leaf", "notes"))
    apply(model, type="falconer_move", player="p1", figure="falcon", reward="none",
          arrow="right", priority=priority, card=I("leaf", "notes"))
    assert model.G["figures"]["falcon"] == [3, 4]
    with pytest.raises(BadRequest):  # neither the card's spaces nor the destination
        apply(model, type="falconer_move", player="p1", figure="falconer", reward="none",
              arrow="right")
    with pytest.raises(RuleViolation):
        apply(model, type="falconer_move", player="p1", figure="falconer", reward="none",
              arrow="right", priority=[[0, 1]], to=[3, 2], card=I("leaf", "notes"))


def test_legal_lists_an_improvement_once_its_trigger_happened(game):
    n = improvement(game, {"when": "means", "means": 1}, ["gain clover"])
    reward = {"type": "ability", "player": "p1", "improvement": n, "kind": "gain clover"}
    assert reward not in game.legal()
    apply(game, type="move", player="p1", movement=1, to=[1, 2], card=I("fist", "star"))
    assert reward in game.legal()
    apply(game, **reward)
    assert reward not in game.legal()
