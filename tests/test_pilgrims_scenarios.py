"""Pilgrims: held-out style scenarios, written from the rulebook text as an outside tester would.

(a) End-of-game scoring worked out by hand from "End of the Game", "Journey Cards" and "Solo: End of
the Game", through the calculator (`Game.score`) and through the live `scores()` of a position.
(b) Rule scenarios driven through referee.core.engine from positions (`Game.position_schema`): each
rule once legal and once refused, the refusal quoting the rulebook verbatim.

The table used (Game.example_setup): campfires at (1,3) (2,2) (2,4) (4,2) (4,4) (5,3); public quest
tiles, left to right: B (mission 2c, notes; cost fist + speech), A (1a, wanderers; leaf + leaf),
C (5, level II adventures; speech + fist + leaf); Ann's (p1) leader shows a sword, Bob's (p2) notes.
"""

import copy

import pytest

from referee.core import BadRequest, RuleViolation, engine
from referee.pilgrims import Game
from rulebook_index import sections


def I(adventure, activation):  # noqa: E743 - an item card, as read off the table
    return {"adventure": adventure, "activation": activation}


def C(types, activation, **more):
    return {"types": list(types), "activation": list(activation), **more}


def A(level, points, party=(), cost=(), crosses=0, clovers=0, improvement=(), **more):
    return {"level": level, "points": points, "party": list(party), "cost": list(cost),
            "crosses": crosses, "clovers": clovers, "improvement": list(improvement), **more}


def M(card, holds=None):  # a party member
    return {"card": card, "holds": holds}


FULL_DISPLAY = [A(1, 1, [], ["fist"]), A(1, 2, [], ["speech"]), A(1, 3, [], ["leaf"]),
                A(2, 4, [], ["fist", "leaf"]), A(2, 5, [], ["speech", "speech"])]


def body(players=("Ann", "Bob"), position=None, **options):
    setup = copy.deepcopy(Game.example_setup)
    setup["players"] = list(players)
    setup["options"].update(options)
    if len(players) != 2 and "leaders" not in options:
        setup["options"]["leaders"] = {f"p{n + 1}": {"activation": ["sword"]}
                                       for n in range(len(players))}
    if position is not None:
        setup["position"] = position
    return setup


def at(position, players=("Ann", "Bob"), **options):
    """A game already on the table."""
    return engine.start(Game, engine.check_setup(Game, body(players, position, **options)))


def players(p1=None, p2=None, **more):
    out = {"p1": {"figure": [1, 1], **(p1 or {})}, "p2": {"figure": [5, 5], **(p2 or {})}}
    out.update(more)
    return out


def activate_phase(p1=None, p2=None, **more):
    """Ann's turn 1, her movement token placed: the Activate phase."""
    return at({"phase": "activate", "display": FULL_DISPLAY,
               "players": players({"movement": [1], **(p1 or {})}, p2), **more})


def adventure_phase(p1=None, p2=None, **more):
    """Ann has gained her clover for the Activate phase: the Adventure phase is next."""
    return at({"phase": "activate", "display": FULL_DISPLAY, "turn": {"activated": True},
               "players": players({"movement": [1], **(p1 or {})}, p2), **more})


def ok(model, **event):
    return engine.apply(model, event)


def refused(model, quote_part, **event):
    before = copy.deepcopy(model.G)
    with pytest.raises(RuleViolation) as caught:
        engine.apply(model, event)
    citation = caught.value.citation
    assert citation is not None
    assert sections.locate("pilgrims", citation.quote) is not None, citation.quote
    assert quote_part in citation.quote, (caught.value.message, citation.quote)
    assert model.G == before  # a refused event changes nothing
    return caught.value


# a second player with nothing scored: one player alone is the solo game (finding 114)
BOB = {"name": "Bob", "items": 0}


def totals(result):
    return {p.get("seat", p["name"]): p["total"] for p in result["players"]}


def breakdown(result, who):
    player = next(p for p in result["players"] if who in (p["name"], p.get("seat")))
    return {x["label"]: x["points"] for x in player["breakdown"]}


def legal_types(model):
    return [e["type"] for e in model.legal()]


def accepted(model, event):
    """`event` is accepted; the game is then put back as it was."""
    saved = model.snapshot()
    try:
        engine.apply(model, event)
    finally:
        model.reset(saved["G"], saved["phase"])


def all_legal_accepted(model):
    offered = [e for e in model.legal() if "open" not in e]
    for event in offered:
        accepted(model, event)
    return offered


# == (a) scoring ================================================================================

@pytest.mark.parametrize("clovers, points", [(0, 0), (2, 0), (3, 1), (5, 1), (6, 2), (8, 2),
                                             (9, 3), (14, 4)])
def test_one_point_per_three_clovers_rounded_down(clovers, points):
    result = Game.score({"players": [{"name": "Ann", "items": 0, "clovers": clovers}, BOB]})
    assert breakdown(result, "Ann")["Remaining clover tokens"] == points
    assert totals(result) == {"Ann": points, "Bob": 0}


@pytest.mark.parametrize("collected, points", [(0, 0), (1, 1), (2, 2), (3, 4), (4, 6), (5, 6),
                                               (8, 6)])
def test_mission_points_table_capped_at_six(collected, points):
    result = Game.score({"players": [
        {"name": "Ann", "items": 0,
         "quills": [{"tile": "A", "space": "bottom", "collected": collected}]},
        {"name": "Bob", "items": 0, "quills": [{"tile": "A", "space": "top", "collected": 0}]},
        {"name": "Cat", "items": 0, "quills": [{"tile": "A", "space": "middle",
                                                "collected": 0}]},
    ]})
    # the bottom quill space scores nothing itself; top 2, middle 1
    assert totals(result) == {"Ann": points, "Bob": 2, "Cat": 1}


def test_a_tile_counts_companions_in_the_party_and_retired():
    result = Game.score({"public_quests": {"A": "1c", "B": "2a", "C": "3"}, "players": [{
        "name": "Ann", "items": 0, "clovers": 0,
        "companions": [C(["beast"], ["star"]), C(["beast", "wanderer"], ["sword"]),
                       C(["scoundrel"], ["star", "notes"]), C(["beast"], ["compass"]),
                       C(["nobleheart"], ["notes"])],
        "adventures": [A(1, 2, clovers=1), A(2, 5), A(1, 1, clovers=2)],
        "quills": [{"tile": "A", "space": "top"}, {"tile": "B", "space": "top"}],
    }, BOB]})
    # adventures 2 + 5 + 1 = 8; A top 2, beasts: 3 (the two-type card once) -> 4;
    # B top 2, star: 2 companions -> 2.  8 + 2 + 4 + 2 + 2 = 18 (C: no quill, nothing)
    assert totals(result) == {"Ann": 18, "Bob": 0}
    assert breakdown(result, "Ann")["Public quest A (1c): mission"] == 4
    assert breakdown(result, "Ann")["Public quest B (2a): mission"] == 2


@pytest.mark.parametrize("mission, expected", [
    ("3", 2),  # clover rewards: the 2 cards with clovers
    ("4", 1),  # an improvement with a means of movement
    ("5", 3),  # level II
    ("6", 2),  # a discount improvement
])
def test_c_tile_missions_count_completed_adventures(mission, expected):
    adventures = [A(1, 2, clovers=1), A(2, 5, improvement=["movement"]),
                  A(2, 4, improvement=["discount"], discount="fist"), A(2, 3, clovers=1),
                  A(1, 1, improvement=["discount"], discount="any")]
    result = Game.score({"public_quests": {"C": mission}, "players": [
        {"name": "Ann", "items": 0, "adventures": adventures,
         "quills": [{"tile": "C", "space": "top"}]}, BOB]})
    points = {0: 0, 1: 1, 2: 2, 3: 4, 4: 6}[expected]
    assert breakdown(result, "Ann")[f"Public quest C ({mission}): mission"] == points
    assert totals(result) == {"Ann": 15 + 2 + points, "Bob": 0}


def test_no_quill_no_mission_points():
    # "but only after signing up for them!"
    result = Game.score({"public_quests": {"A": "1a", "B": "2b", "C": "5"}, "players": [{
        "name": "Ann", "items": 0, "adventures": [A(2, 5), A(2, 6)],
        "companions": [C(["wanderer"], ["sword"])] * 3}, BOB]})
    assert totals(result) == {"Ann": 11, "Bob": 0}


def test_full_two_player_game_by_hand():
    result = Game.score({
        "public_quests": {"A": "1d", "B": "2c", "C": "4"},
        "players": [
            {"name": "Ann", "items": 1, "clovers": 10,
             "adventures": [A(1, 3, clovers=1), A(2, 6, improvement=["movement"]),
                            A(2, 5, improvement=["movement"]), A(1, 2)],
             "companions": [C(["scoundrel"], ["notes"]), C(["scoundrel", "beast"], ["notes"]),
                            C(["wanderer"], ["sword"])],
             "quills": [{"tile": "C", "space": "top"}, {"tile": "B", "space": "middle"}]},
            {"name": "Bob", "items": 4, "clovers": 2,
             "adventures": [A(2, 7), A(2, 6), A(1, 2, improvement=["movement"])],
             "companions": [C(["scoundrel"], ["notes"]), C(["nobleheart"], ["notes", "star"]),
                            C(["beast"], ["notes"]), C(["wanderer"], ["notes"]),
                            C(["beast"], ["notes"])],
             "quills": [{"tile": "B", "space": "top"}, {"tile": "A", "space": "top"}]},
        ],
    })
    # Ann: 3 + 6 + 5 + 2 = 16; 10 // 3 = 3; C top 2, movement: 2 cards -> 2; B middle 1,
    # notes: 2 -> 2.  16 + 3 + 2 + 2 + 1 + 2 = 26
    # Bob: 7 + 6 + 2 = 15; 2 // 3 = 0; B top 2, notes: 5 -> capped 6; A top 2, scoundrels: 1 -> 1.
    # 15 + 0 + 2 + 6 + 2 + 1 = 26.  A tie: Bob has 4 item cards left, Ann 1: Bob wins.
    assert totals(result) == {"Ann": 26, "Bob": 26}
    assert result["winners"] == ["Bob"]
    assert result["decided_by"]["tie_break"] == "items"
    assert "more item cards left in their hand" in result["decided_by"]["rule"]["quote"]


def test_tie_on_points_and_items_is_shared():
    result = Game.score({"players": [
        {"name": "Ann", "items": 2, "clovers": 3, "adventures": [A(1, 4)]},
        {"name": "Bob", "items": 2, "clovers": 0, "adventures": [A(2, 5)]},
        {"name": "Cat", "items": 7, "clovers": 0, "adventures": [A(1, 4)]},
    ]})
    assert totals(result) == {"Ann": 5, "Bob": 5, "Cat": 4}
    assert sorted(result["winners"]) == ["Ann", "Bob"]
    assert result["decided_by"]["tie_break"] == "shared"
    assert "share the victory" in result["decided_by"]["rule"]["quote"]


def test_journey_cards_completed_and_tokens_removed():
    result = Game.score({"journey_cards": True, "players": [
        {"name": "Ann", "items": 0, "journey": {"completed": [3, 5], "removed": 2}},
        {"name": "Bob", "items": 0, "journey": {"completed": [], "removed": 1}},
    ]})
    # Ann 3 + 5 + 2 tokens = 10; Bob 1 token
    assert totals(result) == {"Ann": 10, "Bob": 1}


def test_solo_falconer_scoring_by_hand():
    result = Game.score({
        "journey_cards": True,
        "public_quests": {"A": "1b", "B": "2d", "C": "3"},
        "players": [
            {"name": "Kim", "items": 3, "clovers": 7,
             "adventures": [A(1, 3, clovers=1), A(2, 5)],
             "companions": [C(["nobleheart"], ["compass"])],
             "quills": [{"tile": "A", "space": "middle"}],
             "journey": {"completed": [4], "removed": 1}},
            {"name": "Falconer", "falconer": True, "items": 5, "clovers": 1,
             "adventures": [A(1, 2, clovers=1), A(2, 6, clovers=1), A(1, 1)],
             "companions": [C(["nobleheart"], ["compass"]), C(["nobleheart"], ["star"]),
                            C(["beast"], ["compass"])],
             "quills": [{"tile": "A", "space": "top"}, {"tile": "C", "space": "top"}]},
        ],
    })
    # Kim: 3 + 5 = 8; 7 // 3 = 2; A middle 1, noblehearts 1 -> 1; journey 4 + 1 token.
    # 8 + 2 + 1 + 1 + 4 + 1 = 17
    # Falconer: 2 + 6 + 1 = 9; 5 items -> 5; clovers not scored; A top 2, noblehearts 2 -> 2;
    # C top 2, clover rewards 2 -> 2; +5 instead of journey cards.  9 + 5 + 2 + 2 + 2 + 2 + 5 = 27
    assert totals(result) == {"Kim": 17, "Falconer": 27}
    falconer = breakdown(result, "Falconer")
    assert falconer["Remaining clover tokens"] == 0
    assert falconer["Remaining item cards"] == 5
    assert falconer["Journey cards"] == 5
    assert "Remaining item cards" not in breakdown(result, "Kim")


def test_solo_without_journey_cards_no_five_points():
    result = Game.score({"players": [
        {"name": "Kim", "items": 0, "clovers": 3},
        {"name": "Falconer", "falconer": True, "items": 0, "clovers": 9},
    ]})
    assert totals(result) == {"Kim": 1, "Falconer": 0}


def test_solo_tie_broken_by_item_cards_in_hand():
    result = Game.score({"players": [
        {"name": "Kim", "items": 1, "clovers": 6, "adventures": [A(1, 4)]},
        {"name": "Falconer", "falconer": True, "items": 3, "adventures": [A(1, 3)]},
    ]})
    # Kim 4 + 2 = 6; falconer 3 + 3 items = 6; the falconer holds more item cards
    assert totals(result) == {"Kim": 6, "Falconer": 6}
    assert result["winners"] == ["Falconer"]
    assert result["decided_by"]["tie_break"] == "items"
    assert "In case of tie" in result["decided_by"]["rule"]["quote"]


def test_live_scores_count_retired_companions_and_skip_reserved_adventures():
    model = at({"round": 4, "players": players(
        {"clovers": 5, "hand": [I("fist", "star")],
         "completed": [A(2, 5), A(1, 2, clovers=1)],
         "reserve": [A(2, 6)],
         "party": [M(C(["wanderer"], ["notes"]))],
         "retired": [C(["wanderer"], ["star"]), C(["beast"], ["notes"])],
         "quills": ["A", "C"]},
        {"clovers": 2, "hand": [], "completed": [A(2, 4)], "quills": ["B"],
         "party": [M(C(["scoundrel"], ["notes"]))]})})
    scores = model.scores()
    # Ann: 5 + 2 = 7; 5 // 3 = 1; A top 2, wanderers 2 (one retired) -> 2;
    # C top 2, level II completed 1 (the reserved one doesn't count) -> 1.  = 15
    # Bob: 4; 0; B top 2, notes: 1 companion (his leader's notes doesn't count) -> 1.  = 7
    assert totals(scores) == {"p1": 15, "p2": 7}
    # before the end of round 4 nobody has won: the ranking says who leads
    assert scores["winners"] == [] and scores["final"] is False
    assert scores["ranking"][0]["id"] == "p1" and "Ann leads" in scores["decided_by"]["text"]


def test_live_scores_with_the_falconer():
    model = at({"players": {"p1": {"figure": [1, 1], "clovers": 3, "completed": [A(1, 3)],
                                   "hand": [I("leaf", "star")]}},
                "falconer": {"falcon": [3, 3], "falconer": [3, 3], "clovers": 1,
                             "hand": [I("fist", "star"), I("leaf", "star")],
                             "completed": [A(2, 4)],
                             "companions": [C(["wanderer"], ["notes"])],
                             "quills": ["A"]}},
               players=("Kim",), journey_cards=False)
    scores = model.scores()
    # Kim 3 + 1 = 4; falconer 4 + 2 items + A top 2 + wanderers 1 -> 1 = 9 (no clover points)
    assert totals(scores) == {"p1": 4, "falconer": 9}


# == (b) rules ==================================================================================

# -- the turn: phases, movement tokens, turns and rounds --------------------------------------

def test_phases_in_fixed_order():
    model = at({"players": players()})
    refused(model, "fixed order", type="gain_clover", player="p1")
    refused(model, "fixed order", type="replenish", player="p1")
    refused(model, "fixed order", type="complete_adventure", player="p1", source="display",
            index=1, pay=[])
    ok(model, type="move", player="p1", movement=2, to=[1, 2], card=I("leaf", "star"))
    # a second movement this turn: the sentence about one movement token per turn
    refused(model, "must use 1 of their movement tokens", type="move", player="p1", movement=3,
            to=[2, 1], card=I("leaf", "star"))
    skipped = refused(model, "do one of the following", type="replenish", player="p1")
    assert "fixed order" in skipped.also[0].quote  # the Activate phase skipped: both sentences
    ok(model, type="gain_clover", player="p1")
    ok(model, type="replenish", player="p1")  # (1,1) still holds its card; (1,2) has Ann
    assert model.current_players() == ["p2"]


def test_one_movement_token_on_an_empty_movement_space():
    model = at({"current": "p1", "players": players({"movement": [1, 3]}, {"movement": [2, 4]})})
    refused(model, "empty movement space", type="move", player="p1", movement=3, to=[1, 2],
            card=I("leaf", "star"))
    ok(model, type="move", player="p1", movement=4, to=[1, 2], card=I("leaf", "star"))
    assert model.G["players"]["p1"]["movement"] == [1, 3, 4]


def test_legal_moves_use_only_empty_movement_spaces():
    model = at({"players": players({"movement": [2]}, {"movement": [2]})})
    spaces = {e["movement"] for e in model.legal() if e["type"] == "move"}
    assert spaces == {1, 3, 4}


def test_three_turns_a_round_four_rounds():
    model = at({"round": 4, "current": "p2", "turns": {"p1": 3, "p2": 2},
                "players": players({"movement": [1, 2, 3]}, {"movement": [1, 2]})})
    ok(model, type="move", player="p2", movement=4, to=[4, 5], card=I("leaf", "star"))
    ok(model, type="gain_clover", player="p2")
    ok(model, type="replenish", player="p2")
    assert model.game_over and model.scores()["final"]
    refused(model, "game ends", type="move", player="p1", movement=4, to=[1, 2])


def test_end_of_a_round_removes_the_movement_tokens_and_moves_the_sun():
    model = at({"round": 1, "current": "p2", "turns": {"p1": 3, "p2": 2},
                "players": players({"movement": [1, 2, 4]}, {"movement": [1, 3]})})
    ok(model, type="move", player="p2", movement=4, to=[4, 5], card=I("leaf", "star"))
    ok(model, type="gain_clover", player="p2")
    effects = ok(model, type="replenish", player="p2")
    assert model.G["round"] == 2
    assert all(p["movement"] == [] for p in model.G["players"].values())
    assert model.current_players() == ["p1"]  # the round begins with the first player
    assert any("sun token" in e.citation.quote for e in effects if e.citation)


def test_first_player_starts_every_round():
    model = at({"round": 2, "current": "p1", "turns": {"p1": 2, "p2": 3},
                "players": players({"movement": [1, 2]}, {"movement": [1, 2, 3]})},
               first_player="p2")
    ok(model, type="move", player="p1", movement=3, to=[1, 2], card=I("leaf", "star"))
    ok(model, type="gain_clover", player="p1")
    ok(model, type="replenish", player="p1")
    assert model.G["round"] == 3 and model.current_players() == ["p2"]


def test_the_display_ratio_changes_at_the_end_of_round_2():
    display = [A(1, 1, [], ["fist"]), A(1, 2, [], ["speech"]), A(1, 3, [], ["leaf"]),
               A(2, 4, [], ["fist"]), A(2, 5, [], ["leaf"])]
    model = at({"round": 2, "current": "p2", "turns": {"p1": 3, "p2": 2}, "display": display,
                "players": players({"movement": [1, 2, 3]}, {"movement": [1, 2]})})
    level1, level2 = model.G["decks"]["level1"], model.G["decks"]["level2"]
    ok(model, type="move", player="p2", movement=3, to=[4, 5], card=I("leaf", "star"))
    ok(model, type="gain_clover", player="p2")
    effects = ok(model, type="replenish", player="p2", new_level2=A(2, 7))
    # the rightmost level I card (3 points) goes under its deck; a new level II card comes in
    assert [e["card"]["points"] for e in model.G["display"]] == [1, 2, 4, 5, 7]
    assert model.G["decks"]["level1"] == level1 + 1
    assert model.G["decks"]["level2"] == level2 - 1
    assert any("ratio changes" in e.citation.quote for e in effects if e.citation)


def test_rounds_3_and_4_replenish_to_two_level_one_and_three_level_two():
    display = [A(1, 1, [], ["fist"]), A(1, 2, [], ["speech"]), A(2, 4, [], ["fist"]),
               A(2, 5, [], ["leaf"]), A(2, 6, [], ["leaf"])]
    model = at({"round": 3, "phase": "activate", "turn": {"activated": True},
                "display": display, "players": players(
                    {"movement": [1], "hand": [I("fist", "star"), I("leaf", "star")]})})
    ok(model, type="complete_adventure", player="p1", source="display", index=3,
       pay=[{"hand": 1}])
    refused(model, "2 level I and 3 level II", type="replenish", player="p1",
            display=[A(1, 3)])
    ok(model, type="replenish", player="p1", display=[A(2, 8)])
    assert [e["level"] for e in model.G["display"]] == [1, 1, 2, 2, 2]


def test_rounds_1_and_2_replenish_to_three_level_one_and_two_level_two():
    model = adventure_phase({"hand": [I("speech", "star")]})
    ok(model, type="complete_adventure", player="p1", source="display", index=2,
       pay=[{"hand": 1}])
    refused(model, "3 level I and 2 level II", type="replenish", player="p1",
            display=[A(2, 8)])
    ok(model, type="replenish", player="p1", display=[A(1, 9)])
    assert [e["card"]["points"] for e in model.G["display"]] == [1, 3, 9, 4, 5]


def test_an_empty_adventure_deck_draws_from_the_other():
    model = adventure_phase({"hand": [I("speech", "star")]}, decks={"level1": 0})
    ok(model, type="complete_adventure", player="p1", source="display", index=2,
       pay=[{"hand": 1}])
    ok(model, type="replenish", player="p1", display=[A(2, 9)])
    assert len(model.G["display"]) == 5
    both = adventure_phase({"hand": [I("speech", "star")]}, decks={"level1": 0, "level2": 0})
    ok(both, type="complete_adventure", player="p1", source="display", index=2,
       pay=[{"hand": 1}])
    refused(both, "If both adventure decks run out of cards, do not replenish the display.",
            type="replenish", player="p1", display=[A(2, 9)])
    ok(both, type="replenish", player="p1")
    assert len(both.G["display"]) == 4


# -- move: take the card first, companion or item by space, drawing --------------------------

def test_an_item_space_gives_an_item_to_the_hand():
    model = at({"players": players({"hand": []})})
    ok(model, type="move", player="p1", movement=1, to=[2, 1], card=I("speech", "compass"))
    p1 = model.G["players"]["p1"]
    assert p1["hand"] == [I("speech", "compass")] and model.G["figures"]["p1"] == [2, 1]
    assert model.cell([2, 1]) is None


def test_a_campfire_gives_a_companion_to_the_party():
    model = at({"players": players()})
    refused(model, "Campfire map spaces", type="move", player="p1", movement=1, to=[2, 2],
            card=I("speech", "compass"))
    ok(model, type="move", player="p1", movement=1, to=[2, 2], card=C(["beast"], ["star"]))
    assert model.G["players"]["p1"]["party"] == [M(C(["beast"], ["star"]))]


def test_the_card_on_the_space_is_the_one_taken():
    grid = [[None] * 5 for _ in range(5)]
    grid[0][1] = I("fist", "notes")
    model = at({"map": grid, "players": players()})
    refused(model, "takes that space's card", type="move", player="p1", movement=1,
            to=[1, 2], card=I("leaf", "star"))
    ok(model, type="move", player="p1", movement=1, to=[1, 2])
    assert model.G["players"]["p1"]["hand"][-1] == I("fist", "notes")


def test_an_empty_space_draws_from_the_corresponding_deck():
    grid = [[None] * 5 for _ in range(5)]
    grid[0][1] = "empty"
    grid[1][1] = "empty"
    model = at({"map": grid, "players": players()})
    items = model.G["decks"]["item"]
    effects = ok(model, type="move", player="p1", movement=1, to=[1, 2], card=I("leaf", "star"))
    assert model.G["decks"]["item"] == items - 1
    assert any("without a card" in e.citation.quote for e in effects if e.citation)
    other = at({"map": grid, "players": players()})
    companions = other.G["decks"]["companion"]
    ok(other, type="move", player="p1", movement=1, to=[2, 2], card=C(["wanderer"], ["notes"]))
    assert other.G["decks"]["companion"] == companions - 1
    assert other.G["players"]["p1"]["party"][0]["card"]["types"] == ["wanderer"]


def test_a_space_occupied_by_another_figure_draws_and_stays_without_a_card():
    # Bob's figure took the card of [3, 3] (a position may not put one under it: finding 148).
    grid = [[None] * 5 for _ in range(5)]
    grid[2][2] = "empty"
    model = at({"map": grid, "players": players(None, {"figure": [3, 3]})})
    items = model.G["decks"]["item"]
    ok(model, type="move", player="p1", movement=1, to=[3, 3], card=I("leaf", "star"))
    assert model.G["players"]["p1"]["hand"][-1] == I("leaf", "star")
    assert model.G["decks"]["item"] == items - 1 and model.cell([3, 3]) is None


def test_party_limit_retire_an_old_companion():
    party = [M(C(["beast"], ["star"]), holds=I("fist", "star")), M(C(["wanderer"], ["notes"])),
             M(C(["scoundrel"], ["sword"]))]
    model = at({"players": players({"party": party})})
    refused(model, "up to 3 companion cards", type="move", player="p1", movement=1, to=[2, 2],
            card=C(["nobleheart"], ["compass"]))
    discard = model.G["decks"]["discard"]
    ok(model, type="move", player="p1", movement=1, to=[2, 2],
       card=C(["nobleheart"], ["compass"]), retire=1)
    p1 = model.G["players"]["p1"]
    assert len(p1["party"]) == 3 and p1["retired"] == [C(["beast"], ["star"])]
    assert model.G["decks"]["discard"] == discard + 1  # the item under it is discarded


def test_legal_moves_to_a_campfire_with_a_full_party_name_the_retired_companion():
    party = [M(C(["beast"], ["star"]))] * 3
    model = at({"players": players({"party": party})})
    to_campfire = [e for e in model.legal() if e["type"] == "move" and e["to"] == [2, 2]]
    assert to_campfire and all("retire" in e for e in to_campfire)


# -- activate ------------------------------------------------------------------------------------

def test_activate_with_a_matching_symbol_or_a_clover_for_a_companion():
    model = activate_phase({"hand": [I("fist", "notes"), I("leaf", "star")], "clovers": 1,
                            "party": [M(C(["beast"], ["star"]))]})
    refused(model, "matching activation symbol", type="activate", player="p1", character=1,
            hand=1)
    refused(model, "matching activation symbol", type="activate", player="p1",
            character="leader", hand=2)
    ok(model, type="activate", player="p1", character=1, hand=1, convert=True)
    assert model.G["players"]["p1"]["clovers"] == 0
    assert model.G["players"]["p1"]["party"][0]["holds"] == I("fist", "notes")


def test_activate_or_one_clover():
    model = activate_phase({"hand": [I("fist", "sword")], "clovers": 0})
    ok(model, type="activate", player="p1", character="leader", hand=1)
    refused(model, "do one of the following", type="gain_clover", player="p1")
    other = activate_phase({"hand": [I("fist", "sword")], "clovers": 0})
    ok(other, type="gain_clover", player="p1")
    assert other.G["players"]["p1"]["clovers"] == 1
    refused(other, "do one of the following", type="activate", player="p1",
            character="leader", hand=1)
    refused(other, "gain 1 clover", type="gain_clover", player="p1")


def test_one_item_per_character_the_old_one_is_discarded_first():
    model = activate_phase({"hand": [I("fist", "sword")], "leader_holds": I("leaf", "sword")})
    discard = model.G["decks"]["discard"]
    ok(model, type="activate", player="p1", character="leader", hand=1)
    assert model.G["players"]["p1"]["leader"]["holds"] == I("fist", "sword")
    assert model.G["decks"]["discard"] == discard + 1


def test_retired_companions_cannot_be_activated():
    model = activate_phase({"hand": [I("fist", "star")], "party": [],
                            "retired": [C(["beast"], ["star"])]})
    refused(model, "only be played under characters in the player's party", type="activate",
            player="p1", character=1, hand=1)
    # named as what it is, the retired companion is refused with the sentence about retirement
    error = refused(model, "can't activate retired", type="activate", player="p1",
                    character={"retired": 1}, hand=1)
    assert error.citation.quote == "A player can't activate retired companion cards."


def test_leader_side_a_move_and_reserve():
    model = activate_phase({"hand": [I("fist", "sword")]})
    ok(model, type="activate", player="p1", character="leader", hand=1)
    refused(model, "two abilities", type="ability", player="p1", kind="draw item",
            card=I("leaf", "star"))
    ok(model, type="ability", player="p1", kind="move", to=[2, 1], card=I("leaf", "star"))
    refused(model, "only once per activation", type="ability", player="p1", kind="move",
            to=[3, 1], card=I("leaf", "star"))
    ok(model, type="ability", player="p1", kind="reserve", source="level2", adventure=A(2, 6))
    assert model.G["players"]["p1"]["reserve"] == [A(2, 6)]


def test_reserve_one_card_the_old_one_goes_under_its_deck():
    model = activate_phase({"hand": [I("fist", "sword")], "reserve": [A(1, 2)]})
    level1 = model.G["decks"]["level1"]
    ok(model, type="activate", player="p1", character="leader", hand=1)
    ok(model, type="ability", player="p1", kind="reserve", source="display", index=5)
    p1 = model.G["players"]["p1"]
    assert p1["reserve"] == [FULL_DISPLAY[4]]
    assert model.G["decks"]["level1"] == level1 + 1
    assert len(model.G["display"]) == 4


# -- the Adventure phase -----------------------------------------------------------------------

def test_complete_an_adventure_from_the_display():
    card = A(1, 3, ["beast"], ["fist", "leaf"], crosses=1, clovers=2)
    display = [card, *FULL_DISPLAY[1:]]
    party = [M(C(["beast"], ["star"]), holds=I("leaf", "star")), M(C(["wanderer"], ["notes"]))]
    model = at({"phase": "activate", "turn": {"activated": True}, "display": display,
                "players": players({"movement": [1], "hand": [I("fist", "sword")],
                                    "party": party, "clovers": 0})})
    ok(model, type="complete_adventure", player="p1", source="display", index=1,
       pay=[{"hand": 1}, {"character": 1}], companions=[1], retire=[1])
    p1 = model.G["players"]["p1"]
    assert p1["completed"] == [card] and p1["hand"] == []
    assert p1["retired"] == [C(["beast"], ["star"])]
    assert [m["card"]["types"] for m in p1["party"]] == [["wanderer"]]
    assert p1["clovers"] == 2
    assert model.phase == "turn_replenish"


def test_party_requirement_needs_one_companion_per_symbol():
    card = A(2, 6, ["beast", "beast"], ["fist"])
    model = at({"phase": "activate", "turn": {"activated": True},
                "display": [*FULL_DISPLAY[:3], {"level": 2}, FULL_DISPLAY[4]],
                "players": players({"movement": [1], "hand": [I("fist", "sword")],
                                    "party": [M(C(["beast"], ["star"])),
                                              M(C(["wanderer"], ["star"]))]})})
    refused(model, "participating companion cards are shown", type="complete_adventure",
            player="p1", source="display", index=4, adventure=card, pay=[{"hand": 1}],
            companions=[1, 1])
    refused(model, "matching type symbol", type="complete_adventure", player="p1",
            source="display", index=4, adventure=card, pay=[{"hand": 1}])
    refused(model, "matching type symbol", type="complete_adventure", player="p1",
            source="display", index=4, adventure=card, pay=[{"hand": 1}], companions=[1, 2])


def test_a_known_display_card_is_the_one_completed():
    model = adventure_phase({"hand": [I("fist", "sword")]})
    with pytest.raises((RuleViolation, BadRequest)):
        ok(model, type="complete_adventure", player="p1", source="display", index=1,
           adventure=A(1, 9, [], ["fist"]), pay=[{"hand": 1}])


def test_the_leader_is_not_a_companion_for_the_party_requirement():
    model = at({"phase": "activate", "turn": {"activated": True},
                "display": [A(1, 2, ["?"], ["fist"]), *FULL_DISPLAY[1:]],
                "players": players({"movement": [1], "hand": [I("fist", "sword")],
                                    "party": []})})
    refused(model, "party requirement", type="complete_adventure", player="p1",
            source="display", index=1, pay=[{"hand": 1}])


def test_question_mark_is_any_companion():
    display = [A(1, 2, ["?", "beast"], ["fist"]), *FULL_DISPLAY[1:]]
    model = at({"phase": "activate", "turn": {"activated": True}, "display": display,
                "players": players({"movement": [1], "hand": [I("fist", "sword")],
                                    "party": [M(C(["scoundrel"], ["star"])),
                                              M(C(["beast"], ["notes"]))]})})
    ok(model, type="complete_adventure", player="p1", source="display", index=1,
       pay=[{"hand": 1}])


def test_multi_type_companion_meets_either_type():
    display = [A(1, 2, ["nobleheart"], ["fist"]), *FULL_DISPLAY[1:]]
    model = at({"phase": "activate", "turn": {"activated": True}, "display": display,
                "players": players({"movement": [1], "hand": [I("fist", "sword")],
                                    "party": [M(C(["beast", "nobleheart"], ["star"]))]})})
    ok(model, type="complete_adventure", player="p1", source="display", index=1,
       pay=[{"hand": 1}], companions=[1])


def test_coin_is_wild_and_cost_must_be_matched():
    model = adventure_phase({"hand": [I("coin", "star"), I("speech", "star")]})
    # cost fist + leaf: the speech card pays for nothing
    refused(model, "", type="complete_adventure", player="p1", source="display", index=4,
            pay=[{"hand": 1}, {"hand": 2}])
    refused(model, "", type="complete_adventure", player="p1", source="display",
            index=4, pay=[{"hand": 1}])
    ok(model, type="complete_adventure", player="p1", source="display", index=1,
       pay=[{"hand": 1}])  # the coin pays for the fist


def test_one_clover_converts_an_adventure_symbol():
    model = adventure_phase({"hand": [I("speech", "star"), I("leaf", "star")], "clovers": 1})
    ok(model, type="complete_adventure", player="p1", source="display", index=4,
       pay=[{"hand": 1, "convert": True}, {"hand": 2}])
    assert model.G["players"]["p1"]["clovers"] == 0
    poor = adventure_phase({"hand": [I("speech", "star"), I("leaf", "star")], "clovers": 0})
    refused(poor, "Spend 1 clover", type="complete_adventure", player="p1", source="display",
            index=4, pay=[{"hand": 1, "convert": True}, {"hand": 2}])


def test_two_clovers_convert_a_companion_type():
    display = [A(1, 2, ["nobleheart"], ["fist"]), *FULL_DISPLAY[1:]]
    position = {"phase": "activate", "turn": {"activated": True}, "display": display,
                "players": players({"movement": [1], "hand": [I("fist", "sword")],
                                    "party": [M(C(["beast"], ["star"]))], "clovers": 1})}
    model = at(position)
    refused(model, "Spend 2 clover", type="complete_adventure", player="p1", source="display",
            index=1, pay=[{"hand": 1}], companions=[1], convert_types=[1])
    position["players"]["p1"]["clovers"] = 2
    model = at(position)
    ok(model, type="complete_adventure", player="p1", source="display", index=1,
       pay=[{"hand": 1}], companions=[1], convert_types=[1])
    assert model.G["players"]["p1"]["clovers"] == 0


def test_discount_improvements():
    model = adventure_phase({"hand": [I("leaf", "star")],
                             "completed": [A(2, 4, improvement=["discount"], discount="fist")]})
    # fist + leaf: the fist is discounted
    ok(model, type="complete_adventure", player="p1", source="display", index=4,
       pay=[{"hand": 1}])
    two = adventure_phase({"hand": [], "completed": [
        A(2, 4, improvement=["discount"], discount="speech"),
        A(1, 2, improvement=["discount"], discount="any")]})
    # speech + speech: one discounted by the speech discount, one by the "any" discount
    ok(two, type="complete_adventure", player="p1", source="display", index=5, pay=[])


def test_crosses_retire_participating_companions():
    display = [A(1, 4, ["beast", "wanderer"], ["fist"], crosses=1), *FULL_DISPLAY[1:]]
    party = [M(C(["beast"], ["star"])), M(C(["scoundrel"], ["star"])),
             M(C(["wanderer"], ["notes"]))]
    position = {"phase": "activate", "turn": {"activated": True}, "display": display,
                "players": players({"movement": [1], "hand": [I("fist", "sword")],
                                    "party": party})}
    model = at(position)
    refused(model, "participating companion cards", type="complete_adventure", player="p1",
            source="display",
            index=1, pay=[{"hand": 1}], companions=[1, 3], retire=[])
    refused(model, "participating companion cards", type="complete_adventure", player="p1",
            source="display",
            index=1, pay=[{"hand": 1}], companions=[1, 3], retire=[2])
    ok(model, type="complete_adventure", player="p1", source="display", index=1,
       pay=[{"hand": 1}], companions=[1, 3], retire=[3])
    p1 = model.G["players"]["p1"]
    assert p1["retired"] == [C(["wanderer"], ["notes"])] and len(p1["party"]) == 2


def test_complete_a_reserved_adventure():
    model = adventure_phase({"hand": [I("fist", "sword")], "reserve": [A(2, 7, [], ["fist"])]})
    ok(model, type="complete_adventure", player="p1", source="reserve", index=1,
       pay=[{"hand": 1}])
    p1 = model.G["players"]["p1"]
    assert p1["reserve"] == [] and p1["completed"] == [A(2, 7, [], ["fist"])]
    assert len(model.G["display"]) == 5


def test_one_adventure_or_one_public_quest_per_turn():
    model = adventure_phase({"hand": [I("fist", "sword"), I("speech", "star"),
                                      I("fist", "notes")]})
    ok(model, type="complete_adventure", player="p1", source="display", index=1,
       pay=[{"hand": 1}])
    # a second adventure (or a public quest) after one: "either ... or ..." says one of them
    refused(model, "either complete one adventure card or sign up for one public quest",
            type="complete_adventure", player="p1", source="display", index=1,
            pay=[{"hand": 1}])
    refused(model, "either complete one adventure card or sign up for one public quest",
            type="sign_up", player="p1", tile="B", pay=[{"hand": 1}, {"hand": 2}])


# -- public quests ---------------------------------------------------------------------------

def test_sign_up_pays_and_takes_the_top_most_empty_quill_space():
    model = adventure_phase({"hand": [I("fist", "sword"), I("speech", "star")]},
                            {"quills": ["B"]})
    ok(model, type="sign_up", player="p1", tile="B", pay=[{"hand": 1}, {"hand": 2}])
    assert model.quest("B")["quills"] == ["p2", "p1", None]
    assert model.G["players"]["p1"]["hand"] == []


def test_sign_up_must_pay_the_tiles_cost():
    model = adventure_phase({"hand": [I("fist", "sword"), I("leaf", "star")]})
    refused(model, "", type="sign_up", player="p1", tile="B", pay=[{"hand": 1}, {"hand": 2}])
    refused(model, "", type="sign_up", player="p1", tile="B", pay=[{"hand": 1}])


def test_c_tile_sign_up_gives_a_clover():
    model = adventure_phase({"hand": [I("speech", "star"), I("fist", "star"),
                                      I("leaf", "star")], "clovers": 0})
    ok(model, type="sign_up", player="p1", tile="C",
       pay=[{"hand": 1}, {"hand": 2}, {"hand": 3}])
    assert model.G["players"]["p1"]["clovers"] == 1


def test_two_quills_per_player_never_twice_on_a_tile_three_per_tile():
    hand = [I("coin", "star")] * 3
    model = adventure_phase({"hand": hand, "quills": ["B", "C"]})
    refused(model, "2 quill tokens", type="sign_up", player="p1", tile="A",
            pay=[{"hand": 1}, {"hand": 2}])
    model = adventure_phase({"hand": hand, "quills": ["A"]})
    refused(model, "twice on the same tile", type="sign_up", player="p1", tile="A",
            pay=[{"hand": 1}, {"hand": 2}])
    full = at({"phase": "activate", "turn": {"activated": True},
               "players": {"p1": {"figure": [1, 1], "movement": [1], "hand": hand},
                           "p2": {"figure": [5, 5], "quills": ["A"]},
                           "p3": {"figure": [1, 5], "quills": ["A"]},
                           "p4": {"figure": [5, 1], "quills": ["A"]}}},
              players=("Ann", "Bob", "Cat", "Dan"))
    refused(full, "empty quill space", type="sign_up", player="p1", tile="A",
            pay=[{"hand": 1}, {"hand": 2}])
    assert not any(e["type"] == "sign_up" and e["tile"] == "A" for e in full.legal())


def test_legal_sign_ups_are_accepted():
    model = adventure_phase({"hand": [I("fist", "sword"), I("speech", "star"),
                                      I("leaf", "star"), I("leaf", "notes")]})
    offered = [e for e in model.legal() if e["type"] in ("sign_up", "complete_adventure")
               and "open" not in e]
    assert {e.get("tile") for e in offered if e["type"] == "sign_up"} == {"A", "B", "C"}
    for event in offered:
        accepted(model, event)


# -- clovers -----------------------------------------------------------------------------------

def test_two_clovers_buy_an_item_any_time_in_the_turn():
    model = at({"players": players({"clovers": 5, "hand": []})})
    ok(model, type="buy_item", player="p1", item=I("fist", "star"))
    ok(model, type="move", player="p1", movement=1, to=[1, 2], card=I("leaf", "star"))
    ok(model, type="buy_item", player="p1", item=I("leaf", "notes"))
    refused(model, "Spend 2 clover", type="buy_item", player="p1", item=I("leaf", "notes"))
    assert model.G["players"]["p1"]["clovers"] == 1
    assert len(model.G["players"]["p1"]["hand"]) == 3


def test_crossed_out_clover_ability_costs_one():
    party = [M(C(["beast"], ["star"], abilities=["draw item"]))]
    model = activate_phase({"hand": [I("fist", "star")], "party": party, "clovers": 0})
    ok(model, type="activate", player="p1", character=1, hand=1)
    refused(model, "must spend a clover token", type="ability", player="p1", kind="draw item",
            crossed_clover=True, card=I("leaf", "star"))
    ok(model, type="ability", player="p1", kind="draw item", card=I("leaf", "star"))


# -- replenish -----------------------------------------------------------------------------------

def test_replenish_row_by_row_left_to_right_skipping_figures():
    grid = [[None] * 5 for _ in range(5)]
    grid[0][1] = "empty"  # (1,2) item space
    grid[0][2] = "empty"  # (1,3) campfire
    grid[2][2] = "empty"  # (3,3) has Bob's figure: not replenished
    grid[3][0] = "empty"  # (4,1) item space
    model = at({"phase": "replenish", "map": grid,
                "players": players({"movement": [1]}, {"figure": [3, 3]})})
    refused(model, "empty space with an item", type="replenish", player="p1",
            map=[C(["beast"], ["star"]), C(["beast"], ["star"])])
    ok(model, type="replenish", player="p1",
       map=[I("fist", "star"), C(["beast"], ["star"]), I("leaf", "notes")])
    assert model.cell([1, 2]) == {"card": I("fist", "star")}
    assert model.cell([1, 3]) == {"card": C(["beast"], ["star"])}
    assert model.cell([4, 1]) == {"card": I("leaf", "notes")}
    assert model.cell([3, 3]) is None


def test_replenish_with_an_empty_item_deck_reshuffles_the_discards():
    grid = [[None] * 5 for _ in range(5)]
    grid[0][1] = "empty"
    model = at({"phase": "replenish", "map": grid, "decks": {"item": 0, "discard": 4},
                "players": players({"movement": [1]})})
    ok(model, type="replenish", player="p1", map=[I("fist", "star")])
    assert model.G["decks"]["item"] == 3 and model.G["decks"]["discard"] == 0


def test_an_item_card_entered_for_the_map_when_no_item_card_is_left_is_refused():
    """The item deck and its discard pile both empty: the space is not replenished, and a card
    entered for it all the same is refused with the sentence (it was dropped without a word)."""
    grid = [[None] * 5 for _ in range(5)]
    grid[0][1] = "empty"
    model = at({"phase": "replenish", "map": grid, "decks": {"item": 0, "discard": 0},
                "players": players({"movement": [1]})})
    refused(model, "If the item deck runs out of cards, shuffle the discard pile", type="replenish",
            player="p1", map=[I("fist", "star")])
    ok(model, type="replenish", player="p1")
    assert model.cell([1, 2]) is None


# -- journey cards ---------------------------------------------------------------------------

def test_journey_card_completed_by_visiting_its_three_spaces():
    journey = {"card": {"spaces": [[1, 2], [2, 1], [3, 3]], "points": 3, "clovers": 1},
               "removed": [[2, 1], [3, 3]]}
    other = {"card": {"spaces": [[4, 4], [4, 5], [3, 5]], "points": 2}}
    model = at({"players": players({"journey": journey, "clovers": 0}, {"journey": other})},
               journey_cards=True)
    ok(model, type="move", player="p1", movement=1, to=[1, 2], card=I("fist", "star"))
    p1 = model.G["players"]["p1"]
    assert [c["points"] for c in p1["journey"]["completed"]] == [3]
    assert p1["clovers"] == 1
    refused(model, "draw 2 journey cards", type="gain_clover", player="p1")
    ok(model, type="choose_journey", player="p1",
       card={"spaces": [[1, 2], [4, 4], [5, 1]], "points": 2})
    # the figure stands on a new marked space: that token stays
    assert model.G["players"]["p1"]["journey"]["removed"] == []
    scores = breakdown(model.scores(), "p1")
    assert scores["Completed journey cards"] == 3 and scores["Incomplete journey card"] == 0


# -- the falconer --------------------------------------------------------------------------------

def solo(position, **options):
    return at(position, players=("Kim",), **options)


def test_falconer_turn_move_adventure_replenish():
    model = solo({"current": "falconer", "turns": {"p1": 1, "falconer": 0},
                  "display": FULL_DISPLAY,
                  "players": {"p1": {"figure": [1, 1], "movement": [2]}},
                  "falconer": {"falcon": [3, 3], "falconer": [3, 3],
                               "hand": [I("coin", "star"), I("leaf", "star")]}})
    assert model.phase == "falconer_move"
    refused(model, "falconer figure", type="falconer_move", player="p1", figure="falconer",
            reward="none", arrow="left", to=[2, 3], card=I("fist", "star"))
    ok(model, type="falconer_move", player="p1", figure="falcon", reward="none",
       arrow="left", to=[2, 2], card=C(["beast"], ["star"]))
    assert model.G["falconer"]["clovers"] == 1  # a companion gives him a clover
    ok(model, type="falconer_move", player="p1", figure="falconer", reward="none",
       arrow="right", to=[2, 3], card=I("fist", "notes"))
    # right arrow: checks the display left to right; first the 1-point fist card, paid with
    # the fist (not the coin: wild cards only if absolutely necessary)
    ok(model, type="falconer_adventure", player="p1")
    falconer = model.G["falconer"]
    assert [a["points"] for a in falconer["completed"]] == [1]
    assert falconer["hand"] == [I("coin", "star"), I("leaf", "star")]
    ok(model, type="replenish", player="p1", display=[A(1, 8)])
    assert model.current_players() == ["p1"] and model.G["current"] == "p1"


def test_falconer_ignores_the_party_requirement_and_keeps_his_companions():
    display = [A(2, 5, ["beast", "beast"], ["leaf"], crosses=2, clovers=1), *FULL_DISPLAY[1:]]
    model = solo({"current": "falconer", "phase": "falconer_adventure",
                  "turns": {"p1": 1, "falconer": 0}, "display": display,
                  "players": {"p1": {"figure": [1, 1], "movement": [2]}},
                  "falconer": {"falcon": [3, 4], "falconer": [2, 3],
                               "moved": ["falcon", "falconer"], "arrow": "right",
                               "clovers": 1, "hand": [I("leaf", "star")],
                               "companions": [C(["wanderer"], ["star"])]}})
    # 2 clovers: spent at once on an item card (a rule, so a 422 with it, not a 400)
    refused(model, "he spends them immediately", type="falconer_adventure", player="p1")
    ok(model, type="falconer_adventure", player="p1", clover_items=[I("fist", "star")])
    falconer = model.G["falconer"]
    assert [a["points"] for a in falconer["completed"]] == [5]
    assert falconer["companions"] == [C(["wanderer"], ["star"])]
    assert falconer["clovers"] == 0 and falconer["hand"] == [I("fist", "star")]


def test_falconer_with_nothing_to_complete_does_nothing():
    model = solo({"current": "falconer", "phase": "falconer_adventure",
                  "turns": {"p1": 1, "falconer": 0}, "display": FULL_DISPLAY,
                  "players": {"p1": {"figure": [1, 1], "movement": [2]}},
                  "falconer": {"falcon": [3, 4], "falconer": [2, 3],
                               "moved": ["falcon", "falconer"], "arrow": "left",
                               "hand": []}})
    effects = ok(model, type="falconer_adventure", player="p1")
    assert any("does nothing" in e.citation.quote for e in effects if e.citation)
    assert model.G["falconer"]["completed"] == []


def test_falconer_solo_deck_resets_and_three_turns_a_round():
    model = solo({"current": "falconer", "phase": "falconer_replenish", "round": 1,
                  "turns": {"p1": 3, "falconer": 2},
                  "players": {"p1": {"figure": [1, 1], "movement": [1, 2, 3]}},
                  "falconer": {"falcon": [3, 4], "falconer": [2, 3],
                               "moved": ["falcon", "falconer"], "arrow": "left"}})
    effects = ok(model, type="replenish", player="p1")
    assert model.G["round"] == 2 and model.current_players() == ["p1"]
    assert model.G["falconer"]["flipped"] == 0
    assert any("solo cards" in e.citation.quote for e in effects if e.citation)


# -- legal() offers nothing that is then refused ------------------------------------------------

CAMPFIRES = ([1, 3], [2, 2], [2, 4], [4, 2], [4, 4], [5, 3])
KNOWN_MAP = [["empty" if [r, c] in ([1, 1], [5, 5])  # under the figures: taken (finding 148)
               else C(["beast"], ["star"]) if [r, c] in CAMPFIRES else I("leaf", "notes")
               for c in range(1, 6)] for r in range(1, 6)]

LEGAL_POSITIONS = [
    {"map": KNOWN_MAP, "players": players({"movement": [1, 3], "party": [M(C(["beast"], ["star"]))] * 3,
                         "clovers": 2}, {"movement": [1, 3]}),
     "current": "p1", "turns": {"p1": 2, "p2": 2}},
    {"phase": "activate", "display": FULL_DISPLAY,
     "players": players({"movement": [1], "clovers": 1,
                         "hand": [I("fist", "notes"), I("coin", "sword"), I("leaf", "star")],
                         "party": [M(C(["beast"], ["star"]), I("speech", "star")),
                                   M(C(["wanderer", "scoundrel"], ["notes", "compass"]))],
                         "reserve": [A(2, 6, ["wanderer"], ["leaf"], crosses=1)]})},
    {"phase": "activate", "turn": {"activated": True},
     "display": [A(1, 2, ["?", "beast"], ["fist"], crosses=2), *FULL_DISPLAY[1:]],
     "players": players({"movement": [1], "clovers": 0,
                         "hand": [I("fist", "notes"), I("coin", "sword"), I("leaf", "star"),
                                  I("speech", "star"), I("speech", "notes")],
                         "completed": [A(2, 4, improvement=["discount"], discount="leaf")],
                         "party": [M(C(["beast"], ["star"])), M(C(["scoundrel"], ["notes"]))],
                         "quills": ["A"]}, {"quills": ["B"]})},
    {"phase": "replenish", "players": players({"movement": [1], "clovers": 3})},
]


@pytest.mark.parametrize("position", LEGAL_POSITIONS)
def test_every_complete_legal_event_is_accepted(position):
    model = at(copy.deepcopy(position))
    assert all_legal_accepted(model)


def test_legal_offers_the_adventures_that_can_be_paid_and_no_more():
    model = at(copy.deepcopy(LEGAL_POSITIONS[2]))
    adventures = {(e["source"], e["index"]) for e in model.legal()
                  if e["type"] == "complete_adventure"}
    # 1: ? + beast, fist: payable (crosses 2 retire both); 2: speech; 3: leaf (discounted);
    # 4: fist + leaf; 5: speech + speech
    assert adventures == {("display", n) for n in (1, 2, 3, 4, 5)}
    sign_ups = {e["tile"] for e in model.legal() if e["type"] == "sign_up"}
    # A is signed already; B: fist + speech; C: speech + fist + leaf
    assert sign_ups == {"B", "C"}


def test_a_move_leads_away_from_the_figures_space():
    model = at({"map": KNOWN_MAP, "players": players()})
    refused(model, "current position", type="move", player="p1", movement=1, to=[1, 1])
    assert not any(e["type"] == "move" and e["to"] == [1, 1] for e in model.legal())
    ok(model, type="move", player="p1", movement=1, to=[2, 1])


# -- the falconer, more ------------------------------------------------------------------------

def falconer_adventure(hand, arrow, display=FULL_DISPLAY, **falconer):
    return solo({"current": "falconer", "phase": "falconer_adventure",
                 "turns": {"p1": 1, "falconer": 0}, "display": display,
                 "players": {"p1": {"figure": [1, 1], "movement": [2]}},
                 "falconer": {"falcon": [3, 4], "falconer": [2, 3],
                              "moved": ["falcon", "falconer"], "arrow": arrow, "hand": hand,
                              **falconer}})


def test_falconer_checks_the_display_in_the_arrows_direction():
    hand = [I("fist", "star"), I("leaf", "star"), I("speech", "star")]
    right = falconer_adventure(hand, "right")
    ok(right, type="falconer_adventure", player="p1")
    assert [a["points"] for a in right.G["falconer"]["completed"]] == [1]
    left = falconer_adventure(hand, "left")
    ok(left, type="falconer_adventure", player="p1")
    # from the right: 5 (speech + speech) cannot be paid; 4 (fist + leaf) can
    assert [a["points"] for a in left.G["falconer"]["completed"]] == [4]
    assert left.G["falconer"]["hand"] == [I("speech", "star")]


def test_falconer_uses_a_wild_card_only_when_absolutely_necessary():
    display = [A(1, 1, [], ["fist", "speech"]), *FULL_DISPLAY[1:]]
    model = falconer_adventure([I("coin", "star"), I("speech", "notes"), I("fist", "sword"),
                                I("coin", "notes")], "right", display)
    ok(model, type="falconer_adventure", player="p1")
    assert model.G["falconer"]["hand"] == [I("coin", "star"), I("coin", "notes")]
    short = falconer_adventure([I("coin", "star"), I("speech", "notes")], "right", display)
    ok(short, type="falconer_adventure", player="p1")
    assert short.G["falconer"]["hand"] == []


def test_falconer_signs_up_for_a_quest_in_the_arrows_direction():
    # no display card can be paid with leaf + leaf + speech + fist ... except none: all need
    # other symbols
    display = [A(1, 1, [], ["fist", "fist"]), A(1, 2, [], ["speech", "speech"]),
               A(1, 3, [], ["fist", "fist"]), A(2, 4, [], ["speech", "speech"]),
               A(2, 5, [], ["leaf", "leaf", "leaf"])]
    hand = [I("leaf", "star"), I("leaf", "star"), I("speech", "star"), I("fist", "star")]
    # tiles left to right: B (fist + speech), A (leaf + leaf), C (speech + fist + leaf)
    right = falconer_adventure(hand, "right", display)
    ok(right, type="falconer_adventure", player="p1")
    assert right.quest("B")["quills"][0] == "falconer"
    left = falconer_adventure(hand, "left", display, clovers=1)
    ok(left, type="falconer_adventure", player="p1", clover_items=[I("fist", "notes")])
    assert left.quest("C")["quills"][0] == "falconer"  # and a clover: 2, spent on an item
    assert left.G["falconer"]["clovers"] == 0
    assert left.G["falconer"]["hand"] == [I("leaf", "star"), I("fist", "notes")]


def test_falconer_never_signs_up_twice_on_a_tile_nor_more_than_twice():
    display = [A(1, 1, [], ["fist", "fist"])] * 3 + [A(2, 4, [], ["fist", "fist"])] * 2
    hand = [I("fist", "star"), I("speech", "star"), I("leaf", "star"), I("leaf", "notes")]
    model = falconer_adventure(hand, "right", display, quills=["B"])
    ok(model, type="falconer_adventure", player="p1")
    assert model.quest("B")["quills"] == ["falconer", None, None]
    assert model.quest("A")["quills"] == ["falconer", None, None]
    done = falconer_adventure(hand, "right", display, quills=["B", "A"])
    ok(done, type="falconer_adventure", player="p1")
    assert done.quest("C")["quills"] == [None, None, None]


def test_falcon_landing_on_a_figure_draws_a_card():
    grid = [[None] * 5 for _ in range(5)]
    grid[0][0] = "empty"  # Ann's figure took its card
    model = solo({"current": "falconer", "turns": {"p1": 1, "falconer": 0}, "map": grid,
                  "players": {"p1": {"figure": [1, 1], "movement": [2]}},
                  "falconer": {"falcon": [2, 2], "falconer": [3, 3]}})
    items = model.G["decks"]["item"]
    ok(model, type="falconer_move", player="p1", figure="falcon", reward="item",
       reward_item=I("leaf", "star"), arrow="left", to=[1, 1], card=I("speech", "star"))
    assert model.G["decks"]["item"] == items - 2
    assert model.cell([1, 1]) is None
    assert model.G["falconer"]["hand"][-2:] == [I("leaf", "star"), I("speech", "star")]


def test_mission_4_counts_an_improvement_triggered_by_a_means_of_travel():
    lost_sheep = A(1, 2, trigger={"when": "means", "means": 1},
                   abilities=["gain clover", "extra space"])
    result = Game.score({"public_quests": {"C": "4"}, "players": [
        {"name": "Ann", "items": 0, "adventures": [lost_sheep, A(2, 5, improvement=["movement"]),
                                                   A(2, 4)],
         "quills": [{"tile": "C", "space": "top"}]}, BOB]})
    # 2 + 5 + 4 = 11; C top 2; two cards with a means of movement -> 2.  = 15
    assert totals(result) == {"Ann": 15, "Bob": 0}


# -- empty decks, reveal ---------------------------------------------------------------------------

def test_an_empty_companion_deck_leaves_a_campfire_empty():
    grid = [[None] * 5 for _ in range(5)]
    grid[0][2] = "empty"  # (1,3) campfire
    grid[0][3] = "empty"  # (1,4) item space
    model = at({"phase": "replenish", "map": grid, "decks": {"companion": 0},
                "players": players({"movement": [1]})})
    ok(model, type="replenish", player="p1", map=[None, I("fist", "star")])
    assert model.cell([1, 3]) is None and model.cell([1, 4]) == {"card": I("fist", "star")}


def test_end_of_round_2_with_an_empty_level_two_deck_draws_level_one():
    display = [A(1, 1, [], ["fist"]), A(1, 2, [], ["speech"]), A(1, 3, [], ["leaf"]),
               A(2, 4, [], ["fist"]), A(2, 5, [], ["leaf"])]
    model = at({"round": 2, "phase": "replenish", "current": "p2",
                "turns": {"p1": 3, "p2": 2}, "display": display, "decks": {"level2": 0},
                "players": players({"movement": [1, 2, 3]}, {"movement": [1, 2, 3]})})
    with pytest.raises(BadRequest):
        ok(model, type="replenish", player="p2", new_level2=A(2, 9))
    ok(model, type="replenish", player="p2", new_level2=A(1, 9))
    assert [e["level"] for e in model.G["display"]] == [1, 1, 2, 2, 1]


def test_reveal_a_display_card_then_complete_it():
    model = at({"phase": "activate", "turn": {"activated": True},
                "display": [{"level": 1}, *FULL_DISPLAY[1:]],
                "players": players({"movement": [1], "hand": [I("leaf", "star")]})})
    assert any(e["type"] == "complete_adventure" and e.get("open") for e in model.legal())
    with pytest.raises(BadRequest):  # a level II card cannot lie in a level I place
        ok(model, type="complete_adventure", player="p1", source="display", index=1,
           adventure=A(2, 5, [], ["leaf"]), pay=[{"hand": 1}])
    ok(model, type="reveal", player="p1", index=1, card=A(1, 3, [], ["leaf"]))
    ok(model, type="complete_adventure", player="p1", source="display", index=1,
       pay=[{"hand": 1}])
    assert model.G["players"]["p1"]["completed"] == [A(1, 3, [], ["leaf"])]


def test_a_position_gives_quills_tile_by_tile_the_falconer_first():
    model = at({"players": {"p1": {"figure": [1, 1], "completed": [A(2, 5)]}},
                "falconer": {"falcon": [3, 3], "falconer": [3, 3], "completed": [A(2, 6)]},
                "quills": {"C": ["falconer", "p1"]}}, players=("Kim",))
    assert model.quest("C")["quills"] == ["falconer", "p1", None]
    # Kim 5 + C middle 1 + level II 1 -> 1 = 7; falconer 6 + C top 2 + 1 = 9
    assert totals(model.scores()) == {"p1": 7, "falconer": 9}


@pytest.mark.parametrize("quills", [
    {"A": ["p1", "p1"]},
    {"A": ["p1"], "B": ["p1"], "C": ["p1"]},
    {"A": ["p3"]},
])
def test_impossible_quills_in_a_position_are_refused(quills):
    from referee.core import SetupError

    with pytest.raises(SetupError):
        at({"players": players(), "quills": quills})
    with pytest.raises(SetupError):
        at({"players": {f"p{n}": {"figure": corner, "quills": ["A"]}
                        for n, corner in enumerate(([1, 1], [1, 5], [5, 1], [5, 5]), 1)}},
           players=("Ann", "Bob", "Cat", "Dan"))


def test_an_empty_journey_deck_gives_no_new_journey_card():
    journey = {"card": {"spaces": [[1, 2], [2, 1], [3, 3]], "points": 4},
               "removed": [[2, 1], [3, 3]]}
    other = {"card": {"spaces": [[4, 4], [4, 5], [3, 5]], "points": 2}}
    model = at({"decks": {"journey": 0},
                "players": players({"journey": journey}, {"journey": other})},
               journey_cards=True)
    ok(model, type="move", player="p1", movement=1, to=[1, 2], card=I("fist", "star"))
    assert not model.G["players"]["p1"]["journey"]["pending"]
    ok(model, type="gain_clover", player="p1")
    assert breakdown(model.scores(), "p1")["Completed journey cards"] == 4


def test_solo_with_journey_cards_the_falconer_gets_five_points_live():
    journey = {"card": {"spaces": [[1, 2], [2, 1], [3, 3]], "points": 4}, "removed": [[2, 1]]}
    model = at({"players": {"p1": {"figure": [1, 1], "journey": journey, "clovers": 0}},
                "falconer": {"falcon": [3, 3], "falconer": [3, 3], "hand": [I("fist", "star")]}},
               players=("Kim",), journey_cards=True)
    # Kim: 1 map token removed -> 1; the falconer: 1 item card + 5 instead of journey cards
    assert totals(model.scores()) == {"p1": 1, "falconer": 6}


def test_an_unpaid_cost_cites_the_items_cost_rule_even_with_a_coin():
    model = adventure_phase({"hand": [I("coin", "star"), I("speech", "star")]})
    refused(model, "To pay the items cost", type="complete_adventure", player="p1",
            source="display", index=4, pay=[{"hand": 1}])
    effects = ok(model, type="complete_adventure", player="p1", source="display", index=4,
                 pay=[{"hand": 1}, {"hand": 2, "convert": True}])
    assert any("wild (coin)" in e.citation.quote for e in effects if e.citation)


# -- issue 10: what the referee computes is shown, the table's own entry accepted or refused -----

def test_the_discard_pile_holds_the_cards_discarded_top_last():
    model = adventure_phase({"hand": [I("fist", "sword"), I("speech", "star")],
                             "party": [M(C(["beast"], ["star"]), I("leaf", "notes"))]})
    ok(model, type="complete_adventure", player="p1", source="display", index=4,
       pay=[{"hand": 1}, {"character": 1}])
    assert model.G["discard_pile"] == [I("fist", "sword"), I("leaf", "notes")]
    assert model.G["decks"]["discard"] == 2


def test_a_reserved_card_replaced_is_recorded_at_the_bottom_of_its_deck():
    old = A(2, 6, ["wanderer"], ["leaf"])
    model = activate_phase({"hand": [I("fist", "sword")], "reserve": [old]})
    ok(model, type="activate", player="p1", character="leader", hand=1)
    ok(model, type="ability", player="p1", kind="reserve", source="display", index=1)
    assert model.G["deck_bottoms"] == [{"deck": "level2", "card": old,
                                        "why": "a reserved card replaced"}]


def test_the_end_of_round_2_display_change_is_shown_and_the_tables_entry_checked():
    position = {"round": 2, "phase": "replenish", "current": "p2", "display": FULL_DISPLAY,
                "turns": {"p1": 3, "p2": 2},
                "players": players({"movement": [1, 2, 3]}, {"movement": [1, 2, 3]})}
    model = at(copy.deepcopy(position))
    assert model.legal()[0] == {"type": "replenish", "player": "p2", "to_bottom": 3}
    refused(model, "rightmost level I adventure card", type="replenish", player="p2",
            to_bottom=2)
    ok(model, type="replenish", player="p2", to_bottom=3, new_level2=A(2, 7))
    assert model.G["deck_bottoms"][-1]["card"] == FULL_DISPLAY[2]
    assert [e["group"] for e in model.G["display"]] == [1, 1, 2, 2, 2]


def test_buying_the_maps_card_with_clovers_is_refused_and_from_the_deck_accepted():
    model = activate_phase({"clovers": 2})
    refused(model, "take an item card from the map", type="buy_item", player="p1",
            space=[1, 2])
    ok(model, type="buy_item", player="p1", item=I("leaf", "star"))
    assert model.G["players"]["p1"]["clovers"] == 0


def test_the_falconers_adventure_is_shown_and_the_tables_entry_accepted_when_it_agrees():
    position = {"current": "falconer", "phase": "falconer_adventure",
                "turns": {"p1": 1, "falconer": 0}, "display": FULL_DISPLAY,
                "players": {"p1": {"figure": [1, 1], "movement": [2]}},
                "falconer": {"falcon": [3, 4], "falconer": [2, 3],
                             "moved": ["falcon", "falconer"], "arrow": "left",
                             "hand": [I("coin", "star"), I("speech", "star"),
                                      I("speech", "notes")]}}
    model = solo(copy.deepcopy(position))
    # a left arrow: from the right, the 5-point card (two speech) is the first he can pay, with
    # the two speech cards and not the coin
    assert model.legal() == [{"type": "falconer_adventure", "player": "p1", "completes": 5,
                              "pay": [2, 3]}]
    refused(model, "first possible adventure card", type="falconer_adventure", player="p1",
            nothing=True)
    refused(model, "first possible adventure card", type="falconer_adventure", player="p1",
            completes=2, pay=[2])
    refused(model, "wild cards if absolutely necessary", type="falconer_adventure",
            player="p1", completes=5, pay=[1, 2])
    ok(model, type="falconer_adventure", player="p1", completes=5, pay=[3, 2])
    assert model.G["falconer"]["hand"] == [I("coin", "star")]
    assert model.G["discard_pile"] == [I("speech", "star"), I("speech", "notes")]


def test_the_falconers_clovers_between_his_steps_are_in_the_state():
    model = solo({"current": "falconer", "turns": {"p1": 1, "falconer": 0},
                  "display": FULL_DISPLAY,
                  "players": {"p1": {"figure": [1, 1], "movement": [2]}},
                  "falconer": {"falcon": [3, 3], "falconer": [3, 3], "hand": []}})
    ok(model, type="falconer_move", player="p1", figure="falcon", reward="clover",
       arrow="left", to=[2, 2], card=C(["beast"], ["star"]), clover_items=[I("fist", "star")])
    assert model.G["falconer"]["steps"] == [
        {"step": "falcon", "when": "after the solo card's reward", "clovers": 1},
        {"step": "falcon", "when": "after taking a card", "clovers": 2},
        {"step": "falcon", "when": "after spending", "clovers": 0}]


def test_draw_two_keep_one_records_the_card_put_on_the_bottom():
    party = [M(C(["beast"], ["star"], abilities=["draw item"]))]
    model = activate_phase({"hand": [I("fist", "star")], "party": party})
    deck = model.G["decks"]["item"]
    ok(model, type="activate", player="p1", character=1, hand=1)
    ok(model, type="ability", player="p1", kind="draw item", card=I("leaf", "star"),
       bottom=I("coin", "notes"))
    assert model.G["players"]["p1"]["hand"] == [I("leaf", "star")]
    assert model.G["decks"]["item"] == deck - 1  # two drawn, one put back
    assert model.G["deck_bottoms"] == [{"deck": "item", "card": I("coin", "notes"),
                                        "why": "drawn with another and not kept", "by": "p1"}]
