"""Pilgrims referee: each enforced rule legal and illegal, driven through referee.core.engine."""

import copy
import inspect

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from referee.core import BadRequest, RuleViolation, SetupError, engine
from referee.pilgrims import Game, abilities, adventure, improvements, journey, solo
from referee.pilgrims import game as module
from rulebook_index import sections


def I(adventure, activation):  # noqa: E743 - an item card, as read off the table
    return {"adventure": adventure, "activation": activation}


def C(types, activation):
    return {"types": types, "activation": activation}


def A(level, points, party=(), cost=(), crosses=0, clovers=0, improvement=(), **more):
    return {"level": level, "points": points, "party": list(party), "cost": list(cost),
            "crosses": crosses, "clovers": clovers, "improvement": list(improvement), **more}


def start(players=("Ann", "Bob"), **options):
    body = copy.deepcopy(Game.example_setup)
    body["players"] = list(players)
    body["options"].update(options)
    if len(players) != 2:
        body["options"]["leaders"] = {f"p{n + 1}": {"activation": ["sword"]}
                                      for n in range(len(players))}
    return engine.start(Game, engine.check_setup(Game, body))


def apply(model, **event):
    return engine.apply(model, event)


def refused(model, quote_part=None, **event):
    with pytest.raises(RuleViolation) as caught:
        engine.apply(model, event)
    quote = caught.value.citation.quote
    assert sections.locate("pilgrims", quote) is not None, quote
    if quote_part:
        assert quote_part in quote, quote
    return caught.value


def corners(model):
    """Bob (p2, the last player) chooses first, then Ann."""
    apply(model, type="choose_corner", player="p2", space=[5, 5], item=I("leaf", "notes"),
          drawn=I("speech", "notes"))
    apply(model, type="choose_corner", player="p1", space=[1, 1], item=I("fist", "sword"),
          drawn=I("coin", "star"))


@pytest.fixture
def game():
    model = start()
    corners(model)
    return model


# -- citations ------------------------------------------------------------------------------------

def test_every_quote_in_the_module_is_in_the_rulebook():
    quotes = [v for m in (module, abilities, adventure, improvements, journey, solo)
              for k, v in vars(m).items() if k.startswith("Q_")]
    quotes += [m.quote for _, m in inspect.getmembers(Game) if hasattr(m, "quote")]
    quotes += [Game.phase_rule, Game.turn_rule, Game.end_rule]
    quotes += [c.quote for o in Game.options.values() for c in o.citations]
    assert len(quotes) > 80
    for quote in quotes:
        assert sections.locate("pilgrims", quote) is not None, quote


def test_effect_quotes_are_in_the_rulebook(game):
    effects = apply(game, type="move", player="p1", movement=1, to=[2, 2],
                    card=C(["beast"], ["star"]))
    for effect in effects:
        if effect.citation:
            assert sections.locate("pilgrims", effect.citation.quote), effect.citation.quote


# -- setup ----------------------------------------------------------------------------------------

def test_example_setup_is_valid_and_events_have_examples():
    model = engine.start(Game, engine.check_setup(Game, Game.example_setup))
    assert model.phase == "start_corners"
    for kind, event_type in Game.event_types.items():
        assert event_type.example["type"] == kind


@pytest.mark.parametrize("options, field", [
    ({"campfires": None}, "options.campfires"),
    ({"campfires": [[1, 1], [2, 2], [2, 4], [4, 2], [4, 4], [5, 3]]}, "options.campfires"),
    ({"public_quests": [{"tile": "A", "mission": "2a"}, {"tile": "B", "mission": "2b"},
                        {"tile": "C", "mission": "3"}]}, "options.public_quests[0]"),
    ({"public_quests": [{"tile": "A", "mission": "1a"}, {"tile": "A", "mission": "1b"},
                        {"tile": "C", "mission": "3"}]}, "options.public_quests"),
    ({"first_player": "p3"}, "options.first_player"),
])
def test_setup_refuses_an_impossible_table(options, field):
    with pytest.raises(SetupError) as caught:
        start(**options)
    assert caught.value.field == field


def test_corners_counterclockwise_from_the_last_player():
    model = start(("Ann", "Bob", "Cat"))
    assert model.current_players() == ["p3"]
    refused(model, "counterclockwise", type="choose_corner", player="p3", space=[3, 3],
            drawn=I("fist", "star"), item=I("fist", "star"))
    apply(model, type="choose_corner", player="p3", space=[1, 5], item=I("fist", "star"),
          drawn=I("leaf", "star"))
    refused(model, "different corner", type="choose_corner", player="p2", space=[1, 5],
            drawn=I("fist", "star"))
    with pytest.raises(RuleViolation):  # Ann is not next
        apply(model, type="choose_corner", player="p1", space=[1, 1], item=I("fist", "star"),
              drawn=I("leaf", "star"))
    apply(model, type="choose_corner", player="p2", space=[5, 5], item=I("fist", "star"),
          drawn=I("leaf", "star"))
    apply(model, type="choose_corner", player="p1", space=[1, 1], item=I("fist", "star"),
          drawn=I("leaf", "star"))
    assert model.phase == "turn_move" and model.current_players() == ["p1"]
    assert all(len(p["hand"]) == 2 and p["clovers"] == 1 for p in model.G["players"].values())


def test_first_player_option_rotates_the_order():
    model = start(("Ann", "Bob", "Cat"), first_player="p2")
    assert model.G["order"] == ["p2", "p3", "p1"]
    assert model.current_players() == ["p1"]  # the last player, to p2's right, picks first


# -- move -----------------------------------------------------------------------------------------

def test_move_takes_the_card_then_moves(game):
    effects = apply(game, type="move", player="p1", movement=2, to=[1, 2],
                    card=I("leaf", "compass"))
    assert game.G["figures"]["p1"] == [1, 2]
    assert game.G["players"]["p1"]["hand"][-1] == I("leaf", "compass")
    assert game.G["players"]["p1"]["movement"] == [2]
    assert game.cell([1, 2]) is None
    assert any("Always take" in e.citation.quote or "takes that space" in e.citation.quote
               for e in effects if e.citation)
    assert game.phase == "turn_activate"


def test_a_movement_space_is_used_once_per_round(game):
    game.G["players"]["p1"]["movement"] = [1]
    refused(game, "empty movement space", type="move", player="p1", movement=1, to=[1, 2],
            card=I("leaf", "compass"))


def test_campfire_gives_companions_other_spaces_items(game):
    refused(game, "Campfire map spaces", type="move", player="p1", movement=1, to=[2, 2],
            card=I("leaf", "compass"))
    # a companion entered for an item space: the sentence about the other spaces
    refused(game, "Other map spaces give item cards", type="move", player="p1", movement=1,
            to=[1, 2], card=C(["beast"], ["star"]))


def test_a_known_card_must_be_the_one_taken(game):
    apply(game, type="reveal", player="p1", space=[1, 2], card=I("fist", "notes"))
    refused(game, "takes that space's card", type="move", player="p1", movement=1, to=[1, 2],
            card=I("leaf", "compass"))
    apply(game, type="move", player="p1", movement=1, to=[1, 2])
    assert game.G["players"]["p1"]["hand"][-1] == I("fist", "notes")


def test_moving_onto_another_figure_draws_from_the_deck(game):
    game.G["figures"]["p2"] = [1, 2]
    items = game.G["decks"]["item"]
    effects = apply(game, type="move", player="p1", movement=1, to=[1, 2],
                    card=I("speech", "star"))
    assert game.G["decks"]["item"] == items - 1
    assert any("without a card" in e.citation.quote for e in effects if e.citation)
    assert game.G["map"][0][1] == {"card": None}  # the face-up card stays under Bob


def test_drawing_needs_the_card_drawn(game):
    game.G["map"][0][1] = None
    with pytest.raises(BadRequest):
        apply(game, type="move", player="p1", movement=1, to=[1, 2])


def test_party_limit_retires_a_companion_and_discards_its_item(game):
    p1 = game.G["players"]["p1"]
    p1["party"] = [{"card": C(["beast"], ["star"]), "holds": I("fist", "star")},
                   {"card": C(["wanderer"], ["notes"]), "holds": None},
                   {"card": C(["scoundrel"], ["sword"]), "holds": None}]
    refused(game, "up to 3 companion cards", type="move", player="p1", movement=1, to=[2, 2],
            card=C(["nobleheart"], ["compass"]))
    discard = game.G["decks"]["discard"]
    apply(game, type="move", player="p1", movement=1, to=[2, 2],
          card=C(["nobleheart"], ["compass"]), retire=1)
    p1 = game.G["players"]["p1"]  # a refused event restored G: look it up again
    assert [m["card"]["types"] for m in p1["party"]] == [["wanderer"], ["scoundrel"],
                                                          ["nobleheart"]]
    assert p1["retired"] == [C(["beast"], ["star"])]
    assert game.G["decks"]["discard"] == discard + 1


def test_an_improvement_allows_a_fourth_companion(game):
    p1 = game.G["players"]["p1"]
    p1["completed"] = [A(2, 5, improvement=["companion"])]
    p1["party"] = [{"card": C(["beast"], ["star"]), "holds": None}] * 3
    apply(game, type="move", player="p1", movement=1, to=[2, 2],
          card=C(["nobleheart"], ["compass"]))
    assert len(p1["party"]) == 4


# -- activate -------------------------------------------------------------------------------------

def moved(game):
    apply(game, type="move", player="p1", movement=1, to=[2, 2], card=C(["beast"], ["star"]))
    return game


def test_activate_needs_a_matching_symbol(game):
    moved(game)
    # hand: fist/sword (corner), coin/star (drawn); companion 1 is a star beast; leader is sword
    refused(game, "matching activation symbol", type="activate", player="p1", character=1,
            hand=1)
    apply(game, type="activate", player="p1", character=1, hand=2)
    assert game.G["players"]["p1"]["party"][0]["holds"] == I("coin", "star")


def test_a_clover_converts_the_activation_symbol_for_a_companion(game):
    moved(game)
    apply(game, type="activate", player="p1", character=1, hand=1, convert=True)
    assert game.G["players"]["p1"]["clovers"] == 0


def test_clover_conversion_for_the_leader_is_a_table_option(game):
    moved(game)
    refused(game, "match a companion card", type="activate", player="p1", character="leader",
            hand=2, convert=True)
    lenient = start(convert_for_leader=True)
    corners(lenient)
    moved(lenient)
    apply(lenient, type="activate", player="p1", character="leader", hand=2, convert=True)


def test_no_clover_no_conversion(game):
    moved(game)
    game.G["players"]["p1"]["clovers"] = 0
    refused(game, "Spend 1 clover", type="activate", player="p1", character=1, hand=1,
            convert=True)


def test_one_item_per_character_the_old_one_is_discarded(game):
    moved(game)
    game.G["players"]["p1"]["party"][0]["holds"] = I("leaf", "star")
    discard = game.G["decks"]["discard"]
    effects = apply(game, type="activate", player="p1", character=1, hand=2)
    assert game.G["decks"]["discard"] == discard + 1
    assert any("only hold one item" in e.citation.quote for e in effects if e.citation)


def test_retired_companions_cannot_be_activated(game):
    moved(game)
    refused(game, "only be played under characters in the player's party", type="activate",
            player="p1", character=2, hand=1)
    game.G["players"]["p1"]["retired"] = [C(["beast"], ["star"])]
    error = refused(game, "can't activate retired", type="activate", player="p1",
                    character={"retired": 1}, hand=1)
    assert error.citation.quote == module.Q_RETIRED  # the sentence, not its paragraph


def test_activate_or_gain_a_clover_not_both(game):
    moved(game)
    apply(game, type="gain_clover", player="p1")
    assert game.G["players"]["p1"]["clovers"] == 2
    refused(game, "do one of the following", type="activate", player="p1", character=1, hand=2)
    other = start()
    corners(other)
    moved(other)
    apply(other, type="activate", player="p1", character=1, hand=2)
    refused(other, "do one of the following", type="gain_clover", player="p1")


def test_leader_abilities_move_and_reserve_once_each(game):
    moved(game)
    apply(game, type="activate", player="p1", character="leader", hand=1)
    refused(game, "two abilities", type="ability", player="p1", kind="gain clover")
    apply(game, type="ability", player="p1", kind="move", to=[3, 2], card=I("leaf", "star"))
    assert game.G["figures"]["p1"] == [3, 2]
    refused(game, "only once per activation", type="ability", player="p1", kind="move",
            to=[3, 3], card=I("leaf", "star"))
    apply(game, type="ability", player="p1", kind="reserve", source="display", index=2,
          adventure=A(1, 3, ["beast"], ["leaf"]))
    assert len(game.G["display"]) == 4
    assert game.G["players"]["p1"]["reserve"][0]["points"] == 3


def test_reserving_again_returns_the_old_card_to_its_deck(game):
    moved(game)
    game.G["players"]["p1"]["reserve"] = [A(2, 6)]
    level2 = game.G["decks"]["level2"]
    apply(game, type="activate", player="p1", character="leader", hand=1)
    effects = apply(game, type="ability", player="p1", kind="reserve", source="level1",
                    adventure=A(1, 2))
    assert [a["points"] for a in game.G["players"]["p1"]["reserve"]] == [2]
    assert game.G["decks"]["level2"] == level2 + 1
    assert any("bottom of the corresponding deck" in e.citation.quote for e in effects
               if e.citation)


def test_abilities_only_after_activation(game):
    moved(game)
    with pytest.raises(RuleViolation):
        apply(game, type="ability", player="p1", kind="gain clover")


def test_another_activation_must_be_another_character(game):
    moved(game)
    game.G["players"]["p1"]["party"][0]["card"]["abilities"] = ["another activation"]
    apply(game, type="activate", player="p1", character=1, hand=2)
    apply(game, type="ability", player="p1", kind="another activation")
    refused(game, "another character", type="activate", player="p1", character=1, hand=1)
    apply(game, type="activate", player="p1", character="leader", hand=1)


def test_crossed_out_clover_costs_a_clover(game):
    moved(game)
    apply(game, type="activate", player="p1", character=1, hand=2)
    game.G["players"]["p1"]["clovers"] = 0
    refused(game, "must spend a clover token", type="ability", player="p1", kind="gain clover",
            crossed_clover=True)


def test_two_clovers_draw_an_item_any_time_in_the_turn(game):
    refused(game, "Spend 2 clover", type="buy_item", player="p1", item=I("fist", "star"))
    game.G["players"]["p1"]["clovers"] = 2
    apply(game, type="buy_item", player="p1", item=I("fist", "star"))
    assert game.G["players"]["p1"]["clovers"] == 0


# -- adventure ------------------------------------------------------------------------------------

def activated(game):
    moved(game)
    apply(game, type="gain_clover", player="p1")  # 2 clovers now
    return game


def test_adventure_only_after_activate(game):
    moved(game)
    error = refused(game, "do one of the following", type="complete_adventure", player="p1",
                    source="display", index=1, adventure=A(1, 2, ["beast"], ["fist"]),
                    pay=[{"hand": 1}])
    assert [c.quote for c in error.also] == [module.Q_PHASES]  # a phase skipped: both sentences


def test_complete_an_adventure_pays_retires_and_rewards(game):
    activated(game)
    card = A(1, 3, ["beast"], ["fist", "leaf"], crosses=1, clovers=1)
    # fist/sword pays the fist; the coin (wild) pays the leaf.
    apply(game, type="complete_adventure", player="p1", source="display", index=1,
          adventure=card, pay=[{"hand": 1}, {"hand": 2}], companions=[1], retire=[1])
    p1 = game.G["players"]["p1"]
    assert p1["completed"] == [card] and p1["hand"] == [] and p1["party"] == []
    assert p1["clovers"] == 3 and len(game.G["display"]) == 4
    assert game.phase == "turn_replenish"


def test_party_requirement_types_and_question_mark(game):
    activated(game)
    refused(game, "matching type symbol", type="complete_adventure", player="p1",
            source="display", index=1, adventure=A(1, 3, ["wanderer"], ["fist"]),
            pay=[{"hand": 1}])
    apply(game, type="complete_adventure", player="p1", source="display", index=1,
          adventure=A(1, 3, ["?"], ["fist"]), pay=[{"hand": 1}])


def test_two_clovers_convert_a_companion_type(game):
    activated(game)
    apply(game, type="complete_adventure", player="p1", source="display", index=1,
          adventure=A(1, 3, ["wanderer"], ["fist"]), pay=[{"hand": 1}], companions=[1],
          convert_types=[1])
    assert game.G["players"]["p1"]["clovers"] == 0


def test_items_cost_must_be_paid_exactly(game):
    activated(game)
    card = A(1, 3, [], ["leaf", "leaf"])
    refused(game, "discard item cards", type="complete_adventure", player="p1",
            source="display", index=1, adventure=card, pay=[{"hand": 1}])
    refused(game, "discard item cards", type="complete_adventure", player="p1",
            source="display", index=1, adventure=A(1, 3, [], ["speech"]),
            pay=[{"hand": 1}, {"hand": 2}])
    # one clover turns the fist card into a leaf; the coin is wild
    apply(game, type="complete_adventure", player="p1", source="display", index=1,
          adventure=card, pay=[{"hand": 1, "convert": True}, {"hand": 2}])
    assert game.G["players"]["p1"]["clovers"] == 1


def test_discount_improvements_and_items_held_by_the_party(game):
    activated(game)
    p1 = game.G["players"]["p1"]
    p1["completed"] = [A(2, 4, improvement=["discount"], discount="speech")]
    p1["party"][0]["holds"] = I("leaf", "star")
    apply(game, type="complete_adventure", player="p1", source="display", index=1,
          adventure=A(1, 3, [], ["speech", "leaf"]), pay=[{"character": 1}])
    assert p1["party"][0]["holds"] is None


def test_crosses_retire_participating_companions(game):
    activated(game)
    refused(game, "participating companion cards", type="complete_adventure", player="p1",
            source="display",
            index=1, adventure=A(1, 3, ["beast"], ["fist"], crosses=1), pay=[{"hand": 1}])


def test_complete_a_reserved_adventure(game):
    activated(game)
    game.G["players"]["p1"]["reserve"] = [A(1, 2, [], ["fist"])]
    apply(game, type="complete_adventure", player="p1", source="reserve", index=1,
          pay=[{"hand": 1}])
    assert game.G["players"]["p1"]["reserve"] == []


def test_public_quest_sign_up(game):
    activated(game)
    quest = game.quest("C")  # cost speech, fist, leaf
    p1 = game.G["players"]["p1"]
    p1["hand"] += [I("speech", "notes"), I("leaf", "notes")]
    apply(game, type="sign_up", player="p1", tile="C",
          pay=[{"hand": 3}, {"hand": 1}, {"hand": 4}])
    assert quest["quills"] == ["p1", None, None]
    assert p1["clovers"] == 3  # 2, and 1 for the C tile


def test_quest_tile_room_and_two_quills(game):
    activated(game)
    game.quest("A")["quills"] = ["p2", "p3", "p4"]
    refused(game, "empty quill space", type="sign_up", player="p1", tile="A", pay=[])
    game.quest("A")["quills"] = ["p1", None, None]
    refused(game, "twice on the same tile", type="sign_up", player="p1", tile="A", pay=[])
    game.quest("B")["quills"] = ["p1", None, None]
    game.quest("A")["quills"] = [None, None, None]
    game.quest("C")["quills"] = ["p1", None, None]
    refused(game, "2 quill tokens", type="sign_up", player="p1", tile="A", pay=[])


# -- replenish and rounds ---------------------------------------------------------------------------

def test_replenish_map_row_by_row_skipping_figures(game):
    activated(game)
    apply(game, type="replenish", player="p1", map=[I("fist", "notes")])
    # (1,1), which Ann left, is refilled; (2,2) has her figure and stays empty
    assert game.G["map"][0][0] == {"card": I("fist", "notes")}
    assert game.G["map"][1][1] is None
    assert game.current_players() == ["p2"]


def test_replenish_refuses_a_companion_on_an_item_space(game):
    activated(game)
    refused(game, "empty space with an item", type="replenish", player="p1",
            map=[C(["beast"], ["star"])])


def play_turn(model, seat, movement, to):
    card = C(["beast"], ["star"]) if model.space_kind(to) == "companion" else I("fist", "star")
    retire = {}
    p = model.G["players"][seat]
    if model.space_kind(to) == "companion" and len(p["party"]) >= model.party_limit(p):
        retire = {"retire": 1}
    apply(model, type="move", player=seat, movement=movement, to=to, card=card, **retire)
    apply(model, type="gain_clover", player=seat)
    apply(model, type="replenish", player=seat)


SPOTS = [[1, 2], [1, 3], [1, 4], [2, 1], [2, 3], [2, 5]]


def test_four_rounds_of_three_turns_and_the_display_ratio(game):
    for rnd in range(1, 5):
        assert game.G["round"] == rnd
        for turn in range(3):
            for n, seat in enumerate(("p1", "p2")):
                play_turn(game, seat, turn + 1, SPOTS[(turn + rnd + 3 * n) % 6])
        groups = [e["group"] for e in game.G["display"]]
        if rnd >= 2:
            assert groups == [1, 1, 2, 2, 2]
        else:
            assert groups == [1, 1, 1, 2, 2]
        assert all(p["movement"] == [] for p in game.G["players"].values())
    assert game.game_over
    refused(game, "game ends", type="gain_clover", player="p1")
    assert game.scores()["final"]


def test_three_turns_per_round_use_three_movement_spaces(game):
    for turn in range(3):
        play_turn(game, "p1", turn + 1, SPOTS[turn])
        play_turn(game, "p2", turn + 1, SPOTS[turn + 3])
    assert game.G["round"] == 2


def test_wrong_player_and_wrong_phase(game):
    refused(game, "Play then continues clockwise", type="move", player="p2", movement=1,
            to=[1, 2], card=I("fist", "star"))
    refused(game, "fixed order", type="gain_clover", player="p1")


def test_adventure_decks_run_out(game):
    activated(game)
    game.G["display"].pop(0)
    game.G["decks"]["level1"] = 0
    apply(game, type="replenish", player="p1", display=[A(2, 5)])
    assert [e["level"] for e in game.G["display"]] == [1, 1, 2, 2, 2]
    assert [e["group"] for e in game.G["display"]] == [1, 1, 1, 2, 2]


def test_item_deck_reshuffles_the_discards(game):
    game.G["decks"].update(item=0, discard=5)
    game.G["map"][0][1] = None
    effects = apply(game, type="move", player="p1", movement=1, to=[1, 2],
                    card=I("fist", "star"))
    assert any("shuffle the discard pile" in e.citation.quote for e in effects if e.citation)
    assert game.G["decks"]["item"] == 4 and game.G["decks"]["discard"] == 0


# -- journey cards ------------------------------------------------------------------------------------

def test_journey_cards_tokens_completion_and_the_next_pair():
    model = start(journey_cards=True)
    corners(model)
    assert model.phase == "start_journeys"
    apply(model, type="choose_journey", player="p2", card={"spaces": [[4, 4], [5, 4], [3, 3]],
                                                           "points": 2})
    # Ann's card marks her own corner: that token stays until she comes back
    effects = apply(model, type="choose_journey", player="p1",
                    card={"spaces": [[1, 1], [1, 2], [2, 2]], "points": 4, "clovers": 1})
    assert any("do not remove" in e.citation.quote for e in effects if e.citation)
    assert model.phase == "turn_move"
    apply(model, type="move", player="p1", movement=1, to=[1, 2], card=I("fist", "star"))
    assert model.G["players"]["p1"]["journey"]["removed"] == [[1, 2]]
    apply(model, type="activate", player="p1", character="leader", hand=1)
    apply(model, type="ability", player="p1", kind="move", to=[2, 2],
          card=C(["beast"], ["star"]))
    apply(model, type="ability", player="p1", kind="reserve", source="level1",
          adventure=A(1, 2))
    assert model.G["players"]["p1"]["journey"]["removed"] == [[1, 2], [2, 2]]
    p1 = model.G["players"]["p1"]
    p1["journey"]["removed"].append([1, 1])  # as if she had returned to her corner
    p1["journey"]["removed"].pop()
    model.G["figures"]["p1"] = [1, 2]
    p1["journey"]["card"]["spaces"][2] = [2, 3]
    effects = apply(model, type="buy_item", player="p1", item=I("fist", "star")) if \
        p1["clovers"] >= 2 else []
    model.G["turn"]["active"]["used"].remove("move")
    effects = apply(model, type="ability", player="p1", kind="move", to=[2, 3],
                    card=I("leaf", "star"))
    assert len(p1["journey"]["completed"]) == 1 and p1["clovers"] >= 2
    assert p1["journey"]["pending"]
    refused(model, "draw 2 journey cards", type="replenish", player="p1")
    deck = model.G["decks"]["journey"]
    apply(model, type="choose_journey", player="p1",
          card={"spaces": [[3, 3], [3, 4], [3, 5]], "points": 3})
    assert model.G["decks"]["journey"] == deck - 1
    score = {x["label"]: x["points"] for x in model.scores()["players"][0]["breakdown"]}
    assert score["Completed journey cards"] == 4


def test_journey_choice_only_in_the_advanced_game(game):
    refused(game, "advanced game of Pilgrims by using journey cards", type="choose_journey",
            player="p1", card={"spaces": [[3, 3], [3, 4], [3, 5]], "points": 3})


# -- solo -----------------------------------------------------------------------------------------

def solo_game():
    model = start(("Kim",))
    apply(model, type="choose_corner", player="p1", space=[1, 1], item=I("fist", "star"),
          drawn=I("leaf", "sword"), falconer_items=[I("fist", "notes"), I("coin", "star")])
    return model


def test_solo_setup_and_the_falconer_turn():
    model = solo_game()
    assert model.G["figures"]["falcon"] == [3, 3] == model.G["figures"]["falconer"]
    assert model.G["order"] == ["p1", "falconer"]
    play_turn(model, "p1", 1, [1, 2])
    assert model.phase == "falconer_move" and model.current_players() == ["p1"]
    refused(model, "falconer figure", type="falconer_move", player="p1", figure="falconer",
            reward="none", arrow="right", to=[3, 4], card=I("speech", "star"))
    # a clover from the card and one for the companion: spent at once for an item
    with pytest.raises(RuleViolation):
        apply(model, type="falconer_move", player="p1", figure="falcon", reward="clover",
              arrow="right", to=[2, 2], card=C(["beast"], ["star"]))
    apply(model, type="falconer_move", player="p1", figure="falcon", reward="clover",
          arrow="right", to=[2, 2], card=C(["beast"], ["star"]), clover_items=[I("fist", "star")])
    falconer = model.G["falconer"]
    assert falconer["clovers"] == 0 and falconer["hand"][-1] == I("fist", "star")
    assert falconer["companions"] == [C(["beast"], ["star"])]
    apply(model, type="falconer_move", player="p1", figure="falconer", reward="item",
          reward_item=I("leaf", "notes"), arrow="left", to=[3, 4], card=I("speech", "star"))
    assert model.phase == "falconer_adventure"
    for n, card in enumerate([A(1, 3, ["beast"], ["leaf", "leaf"]), A(1, 2, [], ["fist"]),
                              A(1, 1, [], ["speech"]), A(2, 5, [], ["fist", "leaf"]),
                              A(2, 4, [], ["speech"])], start=1):
        apply(model, type="reveal", player="p1", index=n, card=card)
    # arrow left: checks right to left: the level II 4-pointer (speech) comes first
    apply(model, type="falconer_adventure", player="p1")
    falconer = model.G["falconer"]
    assert [a["points"] for a in falconer["completed"]] == [4]
    assert I("speech", "star") not in falconer["hand"]
    apply(model, type="replenish", player="p1")
    assert model.current_players() == ["p1"] and model.G["current"] == "p1"


def test_falconer_uses_wild_cards_only_when_needed():
    from referee.pilgrims.payment import falconer_payment

    hand = [I("coin", "star"), I("fist", "notes"), I("leaf", "star")]
    assert falconer_payment(["fist"], hand) == [1]
    assert falconer_payment(["fist", "speech"], hand) == [0, 1]
    assert falconer_payment(["speech", "speech"], hand) is None


def test_falconer_signs_up_for_a_quest_when_no_adventure_fits():
    model = solo_game()
    play_turn(model, "p1", 1, [1, 2])
    model.G["falconer"]["hand"] = [I("fist", "star"), I("speech", "star")]
    apply(model, type="falconer_move", player="p1", figure="falcon", reward="none",
          arrow="right", to=[1, 3], card=C(["beast"], ["star"]))
    apply(model, type="falconer_move", player="p1", figure="falconer", reward="none",
          arrow="right", to=[3, 4], card=I("leaf", "star"))
    for n in range(1, 6):
        apply(model, type="reveal", player="p1", index=n,
              card=A(1 if n <= 3 else 2, 3, [], ["leaf", "leaf", "leaf"]))
    # tiles left to right: B (fist, speech), A (leaf, leaf), C (speech, fist, leaf)
    apply(model, type="falconer_adventure", player="p1")
    assert model.quest("B")["quills"][0] == "falconer"
    scores = model.scores()
    assert scores["players"][1]["seat"] == "falconer"


# -- starting mid-game ------------------------------------------------------------------------------

def test_start_from_a_position():
    body = copy.deepcopy(Game.example_setup)
    body["position"] = {
        "round": 3, "current": "p2",
        "players": {
            "p1": {"figure": [2, 3], "movement": [1], "hand": [I("fist", "star")],
                   "clovers": 4, "completed": [A(2, 5, clovers=1)], "quills": ["C"],
                   "party": [{"card": C(["beast"], ["star"]), "holds": None}]},
            "p2": {"figure": [4, 4], "hand": [], "clovers": 0, "quills": ["C"]},
        },
    }
    model = engine.start(Game, engine.check_setup(Game, body))
    assert model.phase == "turn_move" and model.current_players() == ["p2"]
    assert model.quest("C")["quills"] == ["p1", "p2", None]
    totals = {p["seat"]: p["total"] for p in model.scores()["players"]}
    # Ann: 5 + 4 // 3 = 1 + C top 2 + mission 5 (level II) 1 card -> 1 = 9; Bob: C middle 1
    assert totals == {"p1": 9, "p2": 1}


@pytest.mark.parametrize("position, field", [
    ({"players": {"p1": {"figure": [1, 1], "movement": [1, 2]},
                  "p2": {"figure": [5, 5]}}}, "position.players.p2.movement"),
    ({"players": {"p1": {"figure": [1, 1]}}}, "position.players.p2"),
    ({"current": "p2", "turns": {"p1": 0, "p2": 0},
      "players": {"p1": {"figure": [1, 1]}, "p2": {"figure": [5, 5]}}}, "position.turns"),
    ({"bogus": 1}, "position.bogus"),
    ({"players": {"p1": {"figure": [1, 1], "party": [{"card": C(["beast"], ["star"])}] * 4},
                  "p2": {"figure": [5, 5]}}}, "position.players.p1.party"),
])
def test_impossible_positions_are_refused(position, field):
    body = copy.deepcopy(Game.example_setup)
    body["position"] = position
    with pytest.raises(SetupError) as caught:
        engine.start(Game, engine.check_setup(Game, body))
    assert caught.value.field == field


# -- random play from legal() -----------------------------------------------------------------------

ITEMS = st.builds(I, st.sampled_from(["fist", "speech", "leaf", "coin"]),
                  st.sampled_from(["sword", "notes", "compass", "star"]))
COMPANIONS = st.builds(C, st.lists(st.sampled_from(["wanderer", "nobleheart", "beast",
                                                    "scoundrel"]), min_size=1, max_size=2,
                                   unique=True),
                       st.lists(st.sampled_from(["sword", "notes", "compass", "star"]),
                                min_size=1, max_size=2, unique=True))


def fill(draw, model, event):
    """Fill an event's open fields with plausible values drawn by hypothesis."""
    event = dict(event)
    for name in event.pop("open", []):
        if name in ("item", "drawn"):
            event[name] = draw(ITEMS)
        elif name == "falconer_items":
            event[name] = [draw(ITEMS), draw(ITEMS)]
        elif name == "card":
            if event["type"] == "choose_journey":
                spaces = draw(st.lists(st.tuples(st.integers(1, 5), st.integers(1, 5)),
                                       min_size=3, max_size=3, unique=True))
                event[name] = {"spaces": [list(s) for s in spaces], "points": 2}
            elif event["type"] == "reveal":
                level = model.G["display"][event["index"] - 1]["level"]
                event[name] = A(level, draw(st.integers(1, 6)), [],
                                draw(st.lists(st.sampled_from(["fist", "speech", "leaf"]),
                                              max_size=3)))
            else:
                space = event.get("to") or event.get("space") or [1, 1]
                kind = model.space_kind(space)
                event[name] = draw(ITEMS if kind == "item" else COMPANIONS)
        elif name == "to":
            event[name] = [draw(st.integers(1, 5)), draw(st.integers(1, 5))]
        elif name == "clover_items":
            clovers = model.G["falconer"]["clovers"]
            if event["type"] == "falconer_move":
                space = event["to"]
                clovers += model.space_kind(space) == "companion"
            else:
                clovers += model.falconer_clover_gain(model.falconer_plan())
            event[name] = [draw(ITEMS) for _ in range(clovers // 2)]
        elif name == "reward":
            event[name] = "none"
        elif name == "arrow":
            event[name] = draw(st.sampled_from(["left", "right"]))
    return event


@settings(max_examples=12, deadline=None, phases=[Phase.explicit, Phase.reuse, Phase.generate],
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data(), st.sampled_from([("Ann",), ("Ann", "Bob"), ("Ann", "Bob", "Cat", "Dan")]),
       st.booleans())
def test_random_games_from_legal_never_fail_unexpectedly(data, players, journeys):
    model = start(players, journey_cards=journeys)
    failed: list[dict] = []  # open events refused since the last accepted one
    for _step in range(700):
        if model.game_over:
            break
        options = [e for e in model.legal() if e not in failed]
        assert options, model.phase
        if model.phase.startswith("turn"):
            # mostly end turns quickly so that games reach their end
            quick = [e for e in options if e["type"] in ("gain_clover", "replenish")]
            if quick and data.draw(st.integers(0, 3)) > 0:
                options = quick
        choice = data.draw(st.sampled_from(options))
        event = fill(data.draw, model, choice)
        try:
            engine.apply(model, event)
            failed.clear()
        except (RuleViolation, BadRequest):
            if "open" not in choice:
                raise
            failed.append(choice)
    assert model.game_over
    scores = model.scores()
    assert scores["final"] and scores["winners"]


# -- starting mid-turn ------------------------------------------------------------------------------

def from_position(position):
    body = copy.deepcopy(Game.example_setup)
    body["position"] = position
    return engine.start(Game, engine.check_setup(Game, body))


def test_start_in_the_activate_phase_with_an_ability_used():
    model = from_position({
        "phase": "activate",
        "players": {"p1": {"figure": [2, 3], "movement": [2], "hand": [I("fist", "star")],
                           "leader_holds": I("leaf", "sword")},
                    "p2": {"figure": [5, 5]}},
        "turn": {"activated": True, "characters": ["leader"],
                 "active": {"character": "leader", "used": ["move"]}},
    })
    assert model.phase == "turn_activate" and model.current_players() == ["p1"]
    refused(model, "only once per activation", type="ability", player="p1", kind="move",
            to=[3, 3], card=I("leaf", "star"))
    refused(model, "do one of the following", type="gain_clover", player="p1")
    apply(model, type="ability", player="p1", kind="reserve", source="level1", adventure=A(1, 2))
    apply(model, type="replenish", player="p1")
    assert model.current_players() == ["p2"]


def test_start_in_the_replenish_phase():
    model = from_position({
        "phase": "replenish", "round": 2,
        "players": {"p1": {"figure": [2, 3], "movement": [3]}, "p2": {"figure": [5, 5]}},
    })
    assert model.phase == "turn_replenish"
    assert [e["type"] for e in model.legal()] == ["replenish"]


def test_start_in_the_falconers_adventure_phase():
    body = copy.deepcopy(Game.example_setup)
    body["players"] = ["Kim"]
    body["options"]["leaders"] = {"p1": {"activation": ["sword"]}}
    body["position"] = {
        "current": "falconer", "phase": "falconer_adventure",
        "players": {"p1": {"figure": [1, 1], "movement": [1]}},
        "falconer": {"falcon": [3, 4], "falconer": [2, 3], "moved": ["falcon", "falconer"],
                     "arrow": "left", "hand": [I("speech", "star")]},
        "display": [A(1, 3, [], ["leaf"]), A(1, 2, [], ["fist"]), A(1, 1, [], ["leaf"]),
                    A(2, 5, [], ["fist", "leaf"]), A(2, 4, [], ["speech"])],
    }
    model = engine.start(Game, engine.check_setup(Game, body))
    assert model.phase == "falconer_adventure"
    apply(model, type="falconer_adventure", player="p1")
    assert [a["points"] for a in model.G["falconer"]["completed"]] == [4]


@pytest.mark.parametrize("position, field", [
    ({"phase": "activate", "players": {"p1": {"figure": [1, 1]}, "p2": {"figure": [5, 5]}}},
     "position.players.p1.movement"),
    ({"phase": "replenish", "turn": {"activated": False},
      "players": {"p1": {"figure": [1, 1], "movement": [1]}, "p2": {"figure": [5, 5]}}},
     "position.turn.activated"),
    ({"phase": "activate", "turn": {"activated": True, "characters": [2]},
      "players": {"p1": {"figure": [1, 1], "movement": [1]}, "p2": {"figure": [5, 5]}}},
     "position.turn"),
    ({"phase": "move", "turn": {"activated": True},
      "players": {"p1": {"figure": [1, 1]}, "p2": {"figure": [5, 5]}}}, "position.turn"),
    ({"phase": "falconer_move",
      "players": {"p1": {"figure": [1, 1]}, "p2": {"figure": [5, 5]}}}, "position.phase"),
])
def test_impossible_mid_turn_positions_are_refused(position, field):
    with pytest.raises(SetupError) as caught:
        from_position(position)
    assert caught.value.field == field


def test_solo_cards_come_from_the_two_sets_of_the_chosen_difficulty():
    model = solo_game()  # easy: sets A and B
    play_turn(model, "p1", 1, [1, 2])
    wrong_set = refused(model, "• Easy: A and B", type="falconer_move", player="p1",
                        figure="falcon", set="C", reward="none", arrow="right", to=[2, 2],
                        card=C(["beast"], ["star"]))
    assert "uses sets A and B" in wrong_set.message
    assert "which two sets are used" in wrong_set.also[0].quote  # the list's lead-in (finding 154)
    apply(model, type="falconer_move", player="p1", figure="falcon", set="B", reward="none",
          arrow="right", to=[2, 2], card=C(["beast"], ["star"]), clover_items=[])
    assert model.G["falconer"]["sets_flipped"] == ["B"]
    model.G["falconer"]["sets_flipped"] = ["A", "A", "A", "B"]  # three turns of a round, nearly
    spent = refused(model, "four sets of 3 solo cards", type="falconer_move", player="p1",
                    figure="falconer", set="A", reward="none", arrow="left", to=[3, 4],
                    card=I("leaf", "star"))
    assert "All 3 solo cards of set A have been flipped" in spent.message
