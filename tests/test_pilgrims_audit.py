"""Independent audit of the Pilgrims: Curious Adventures referee, written from the rulebook
(rulebook_index/data/pilgrims.txt) and the API's own description (GET /api/games/pilgrims) only, as a
held-out scenario writer would: each scenario creates a table through the HTTP API (the example setup
with a position), enters events as the players would, and checks what a careful player checks: 200
for the legal move, 422 quoting the sentence that forbids the attempt (verbatim in the book), and the
state and scores the book describes.

The table (example setup): campfires at (1,3) (2,2) (2,4) (4,2) (4,4) (5,3); public quest tiles, left
to right: B (mission 2c, notes; cost fist + speech), A (1a, wanderers; leaf + leaf), C (5, level II
adventures; speech + fist + leaf); p1's leader shows a sword, p2's notes.
"""

import copy

from tests.api_table import ApiTable, quotes_from, rulebook

BOOK = rulebook("pilgrims")


in_book = quotes_from("pilgrims")


def I(adventure, activation):  # noqa: E743 - an item card as read off the table
    return {"adventure": adventure, "activation": activation}


def C(types, activation, **more):
    return {"types": list(types), "activation": list(activation), **more}


def A(level, points, party=(), cost=(), crosses=0, clovers=0, **more):
    return {"level": level, "points": points, "party": list(party), "cost": list(cost),
            "crosses": crosses, "clovers": clovers, **more}


def M(card, holds=None):
    return {"card": card, "holds": holds}


DISPLAY = [A(1, 1, [], ["fist"]), A(1, 2, [], ["speech"]), A(1, 3, [], ["leaf"]),
           A(2, 4, [], ["fist", "leaf"]), A(2, 5, [], ["speech", "speech"])]


def example_setup(client, players=("Ann", "Bob"), **options) -> dict:
    """The API's example setup for `players` with `options` (each leader activated by a sword
    when there are not two players)."""
    setup = copy.deepcopy(client.get("/api/games/pilgrims").get_json()["example_setup"])
    setup["players"] = list(players)
    setup["options"].update(options)
    if len(players) != 2:
        setup["options"]["leaders"] = {f"p{n + 1}": {"activation": ["sword"]}
                                       for n in range(len(players))}
    return setup


def start(client, position=None, players=("Ann", "Bob"), **options) -> ApiTable:
    """The example setup for `players` with `options`, from `position` (None: a new game)."""
    setup = example_setup(client, players, **options)
    if position is not None:
        setup["position"] = position
    return ApiTable(client, setup)


def two(p1=None, p2=None):
    return {"p1": {"figure": [1, 1], **(p1 or {})}, "p2": {"figure": [5, 5], **(p2 or {})}}


def adventure_phase(client, p1=None, p2=None, **position):
    """Ann has moved and taken her clover: the Adventure phase is next."""
    return start(client, {"phase": "activate", "turn": {"activated": True}, "display": DISPLAY,
                          "players": two({"movement": [1], **(p1 or {})}, p2), **position})


def activate_phase(client, p1=None, p2=None, **position):
    return start(client, {"phase": "activate", "display": DISPLAY,
                          "players": two({"movement": [1], **(p1 or {})}, p2), **position})


def ev(event_type, player="p1", **fields):
    return {"type": event_type, "player": player, **fields}


def me(table: ApiTable, seat="p1") -> dict:
    return table.view(seat)["state"]["players"][seat]


def totals(view) -> dict:
    return {p["seat"]: p["total"] for p in view["scores"]["players"]}


# -- the turn -----------------------------------------------------------------------------------


def test_phases_in_a_fixed_order(client):
    """"A player's turn consists of the following phases in a fixed order:" — the Activate phase's
    clover before the move is refused."""
    table = start(client, {"display": DISPLAY, "players": two()})
    table.refused(ev("gain_clover"), in_book("in a fixed order"))
    table.accepted(ev("move", movement=2, to=[1, 2], card=I("leaf", "star")))
    table.accepted(ev("gain_clover"))
    table.accepted(ev("replenish"))
    assert table.view()["current_players"] == ["p2"]


def test_a_movement_token_goes_on_an_empty_movement_space(client):
    """"During the Move phase, place a movement token on any empty movement space." """
    table = start(client, {"display": DISPLAY, "players": two({"movement": [1, 3]},
                                                            {"movement": [2, 4]})})
    table.refused(ev("move", movement=3, to=[1, 2], card=I("leaf", "star")),
            in_book("place a movement token on any empty movement space"))
    table.accepted(ev("move", movement=4, to=[1, 2], card=I("leaf", "star")))


def test_a_campfire_gives_a_companion_and_a_full_party_must_retire(client):
    """"A player may have up to 3 companion cards in their party, in addition to their leader. If
    they would gain another companion card, the player must retire an old one to free up space."
    ... "Discard all item cards played under a retired companion card." """
    party = [M(C(["beast"], ["star"]), holds=I("fist", "star")), M(C(["wanderer"], ["notes"])),
             M(C(["scoundrel"], ["sword"]))]
    table = start(client, {"display": DISPLAY, "players": two({"party": party})})
    table.refused(ev("move", movement=1, to=[2, 2], card=C(["nobleheart"], ["compass"])),
            in_book("A player may have up to 3 companion cards in their party"))
    discard = table.view()["state"]["decks"]["discard"]
    table.accepted(ev("move", movement=1, to=[2, 2], card=C(["nobleheart"], ["compass"]),
                      retire=1))
    p1 = me(table)
    assert len(p1["party"]) == 3 and p1["retired"] == [C(["beast"], ["star"])]
    assert table.view()["state"]["decks"]["discard"] == discard + 1


def test_a_space_with_another_figure_draws_from_the_deck(client):
    """"If the player moves to a space without a card (either empty or occupied by another figure
    or figures), they draw a card from the corresponding deck." """
    table = start(client, {"display": DISPLAY, "players": two(None, {"figure": [1, 2]})})
    table.accepted(ev("move", movement=1, to=[1, 2], card=I("fist", "notes")))
    assert me(table)["hand"][-1] == I("fist", "notes")
    assert table.view()["state"]["figures"]["p1"] == [1, 2]


def test_activate_needs_a_matching_symbol_or_a_clover(client):
    """"To activate a leader tile or a companion card, an item card must be played face-up under a
    character with a matching activation symbol." and "Spend 1 clover token in the Activate phase
    to convert an item card's activation symbol to match a companion card." """
    table = activate_phase(client, {"hand": [I("fist", "notes")], "clovers": 1,
                                    "party": [M(C(["beast"], ["star"]))]})
    table.refused(ev("activate", character=1, hand=1),
            in_book("an item card must be played face-up under a character with a matching "
                    "activation symbol"))
    table.accepted(ev("activate", character=1, hand=1, convert=True))
    assert me(table)["clovers"] == 0


def test_activate_or_gain_a_clover_not_both(client):
    """"During the Activate phase, do one of the following:" — a clover after an activation is
    refused."""
    table = activate_phase(client, {"hand": [I("fist", "sword")], "clovers": 0})
    table.accepted(ev("activate", character="leader", hand=1))
    table.refused(ev("gain_clover"), in_book("do one of the following"))


def test_retired_companions_cannot_be_activated(client):
    """"A player can't activate retired companion cards." """
    table = activate_phase(client, {"hand": [I("fist", "star")], "party": [],
                                    "retired": [C(["beast"], ["star"])]})
    table.refused(ev("activate", character={"retired": 1}, hand=1),
            in_book("A player can't activate retired companion cards."))


def test_leader_reserve_and_the_old_reserved_card_goes_under_its_deck(client):
    """"A player may only have one adventure card in their reserve at a time." ... "To reserve a
    new adventure card, first put the current reserved adventure card on the bottom of the
    corresponding deck." """
    table = activate_phase(client, {"hand": [I("fist", "sword")],
                                    "reserve": [A(2, 7, [], ["fist"])]})
    table.accepted(ev("activate", character="leader", hand=1))
    level2 = table.view()["state"]["decks"]["level2"]
    table.accepted(ev("ability", kind="reserve", source="display", index=1))
    p1 = me(table)
    assert [a["points"] for a in p1["reserve"]] == [1]
    assert table.view()["state"]["decks"]["level2"] == level2 + 1


def test_each_ability_once_per_activation(client):
    """"Each ability can be used only once per activation." — the leader's reserve twice."""
    table = activate_phase(client, {"hand": [I("fist", "sword")]})
    table.accepted(ev("activate", character="leader", hand=1))
    table.accepted(ev("ability", kind="reserve", source="display", index=1))
    table.refused(ev("ability", kind="reserve", source="display", index=2),
            in_book("Each ability can be used only once per activation."))


# -- adventures and public quests ------------------------------------------------------------------


def test_complete_an_adventure_pays_retires_and_rewards(client):
    """"If there are one or more cross symbols in the party requirement, retire one companion card
    from the party for each cross symbol." ... "If there are one or more clover tokens next to the
    victory point symbol, take them from the supply." """
    card = A(1, 3, ["beast"], ["fist", "leaf"], crosses=1, clovers=2)
    party = [M(C(["beast"], ["star"]), holds=I("leaf", "star")), M(C(["wanderer"], ["notes"]))]
    table = start(client, {"phase": "activate", "turn": {"activated": True},
                           "display": [card, *DISPLAY[1:]],
                           "players": two({"movement": [1], "hand": [I("fist", "sword")],
                                           "party": party, "clovers": 0})})
    table.accepted(ev("complete_adventure", source="display", index=1,
                      pay=[{"hand": 1}, {"character": 1}], companions=[1], retire=[1]))
    p1 = me(table)
    assert p1["completed"] == [card] and p1["clovers"] == 2
    assert p1["retired"] == [C(["beast"], ["star"])] and len(p1["party"]) == 1


def test_retiring_for_a_cross_discards_the_item_the_companion_held(client):
    """"To retire a companion card, slide it under the leader tile. Discard all item cards played
    under a retired companion card." — a companion retired for an adventure's cross, holding an item
    not used to pay, loses that item to the discard pile."""
    card = A(1, 3, ["beast"], ["fist"], crosses=1)
    party = [M(C(["beast"], ["star"]), holds=I("leaf", "star"))]
    table = start(client, {"phase": "activate", "turn": {"activated": True},
                           "display": [card, *DISPLAY[1:]],
                           "players": two({"movement": [1], "hand": [I("fist", "sword")],
                                           "party": party})})
    discard = table.view()["state"]["decks"]["discard"]
    table.accepted(ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}],
                      companions=[1], retire=[1]))
    # the fist paid (1) and the leaf held by the retired Beast (1)
    assert table.view()["state"]["decks"]["discard"] == discard + 2
    assert me(table)["hand"] == []


def test_party_requirement_the_leader_is_no_companion(client):
    """"Symbols in this box indicate companions a player needs to have in their party to complete
    the adventure card." with "The question mark means the party requirement is satisfied by any
    companion" — a leader alone does not meet a '?'."""
    table = start(client, {"phase": "activate", "turn": {"activated": True},
                           "display": [A(1, 2, ["?"], ["fist"]), *DISPLAY[1:]],
                           "players": two({"movement": [1], "hand": [I("fist", "sword")],
                                           "party": []})})
    response = table.send(ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}]))
    assert response.status_code == 422
    assert "party" in response.get_json()["error"]["rule"]["quote"]


def test_coin_is_wild_and_a_clover_converts_an_adventure_symbol(client):
    """"A wild item card substitutes for any adventure symbol." and "Spend 1 clover token in the
    Adventure phase to convert an item card's adventure symbol to match the items cost and complete
    the adventure." """
    table = adventure_phase(client, {"hand": [I("coin", "star"), I("speech", "star")],
                                     "clovers": 0})
    table.refused(ev("complete_adventure", source="display", index=4,
                      pay=[{"hand": 1}, {"hand": 2, "convert": True}]),
            in_book("Spend 1 clover token in the Adventure phase"))
    table.accepted(ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}]))


def test_one_adventure_or_one_public_quest_per_turn(client):
    """"During this phase, the player may either complete one adventure card or sign up for one
    public quest" """
    table = adventure_phase(client, {"hand": [I("fist", "sword"), I("fist", "star"),
                                              I("speech", "star")]})
    table.accepted(ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}]))
    table.refused(ev("sign_up", tile="B", pay=[{"hand": 1}, {"hand": 2}]),
            in_book("either complete one adventure card or sign up for one public quest"))


def test_sign_up_takes_the_top_most_empty_quill_space(client):
    """"The player places a quill token on the tile's top-most empty quill space." """
    table = adventure_phase(client, {"hand": [I("fist", "sword"), I("speech", "star")]},
                            {"quills": ["B"]})
    table.accepted(ev("sign_up", tile="B", pay=[{"hand": 1}, {"hand": 2}]))
    quests = table.view()["state"]["quests"]
    tile_b = next(q for q in quests if q["tile"] == "B")
    assert tile_b["quills"][:2] == ["p2", "p1"]


def test_never_twice_on_the_same_tile_and_at_most_two_quills(client):
    """"A player can't sign up twice on the same tile." and "Each player has 2 quill tokens." """
    hand = [I("coin", "star")] * 3
    table = adventure_phase(client, {"hand": hand, "quills": ["A"]})
    table.refused(ev("sign_up", tile="A", pay=[{"hand": 1}, {"hand": 2}]),
            in_book("A player can't sign up twice on the same tile."))
    table = adventure_phase(client, {"hand": hand, "quills": ["B", "C"]})
    table.refused(ev("sign_up", tile="A", pay=[{"hand": 1}, {"hand": 2}]),
            in_book("Each player has 2 quill tokens."))


def test_a_full_tile_refuses_a_fourth_player(client):
    """"There must also be at least one empty quill space on the public quest tile. Up to three
    players can sign up for each tile." """
    hand = [I("coin", "star")] * 3
    table = start(client, {"phase": "activate", "turn": {"activated": True}, "display": DISPLAY,
                           "players": {"p1": {"figure": [1, 1], "movement": [1], "hand": hand},
                                       "p2": {"figure": [5, 5], "quills": ["A"]},
                                       "p3": {"figure": [1, 5], "quills": ["A"]},
                                       "p4": {"figure": [5, 1], "quills": ["A"]}}},
                  players=("Ann", "Bob", "Cat", "Dan"))
    table.refused(ev("sign_up", tile="A", pay=[{"hand": 1}, {"hand": 2}]),
            in_book("There must also be at least one empty quill space on the public quest tile."))


def test_c_tile_sign_up_gives_a_clover(client):
    """"In addition, if a player signs up for the C tile, they immediately gain a clover token." """
    table = adventure_phase(client, {"hand": [I("speech", "star"), I("fist", "star"),
                                              I("leaf", "star")], "clovers": 0})
    table.accepted(ev("sign_up", tile="C", pay=[{"hand": 1}, {"hand": 2}, {"hand": 3}]))
    assert me(table)["clovers"] == 1


def test_clovers_cannot_take_a_card_from_the_map(client):
    """"Note: Players can't spend clover tokens to take an item card from the map." """
    table = start(client, {"display": DISPLAY, "players": two({"clovers": 4})})
    table.refused(ev("buy_item", space=[1, 2]),
            in_book("Players can't spend clover tokens to take an item card from the map."))
    table.accepted(ev("buy_item", item=I("fist", "star")))
    assert me(table)["clovers"] == 2


def test_two_clovers_needed_to_buy_an_item(client):
    """"Spend 2 clover tokens to draw an item card from the deck." — with 1 clover it is refused."""
    table = start(client, {"display": DISPLAY, "players": two({"clovers": 1})})
    table.refused(ev("buy_item", item=I("fist", "star")), in_book("Spend 2 clover tokens"))


# -- end of the round and of the game ----------------------------------------------------------


def test_the_game_ends_after_round_4_and_nothing_more_is_accepted(client):
    """"When all players have completed round 4, the game ends." """
    table = start(client, {"round": 4, "current": "p2", "turns": {"p1": 3, "p2": 2},
                           "display": DISPLAY,
                           "players": two({"movement": [1, 2, 3]}, {"movement": [1, 2]})})
    table.accepted(ev("move", "p2", movement=4, to=[4, 5], card=I("leaf", "star")))
    table.accepted(ev("gain_clover", "p2"))
    table.accepted(ev("replenish", "p2"))
    view = table.view()
    assert view["over"] is True and view["scores"]["final"] is True
    assert table.send(ev("move", movement=4, to=[1, 2])).status_code == 422


def test_final_scores_clovers_quills_missions_and_the_item_tie_break(client):
    """"1 victory point per 3 remaining clover tokens"; "The top quill space scores 2 victory
    points, and the middle space scores 1 victory point."; "In case of a tie, the player with more
    item cards left in their hand wins." """
    # Ann: adventures 4; 5 clovers -> 1; A top 2, wanderers 1 in party + 1 retired -> 2.  = 9
    # Bob: adventures 6; 3 clovers -> 1; A middle 1, wanderers 1 -> 1.  = 9; 2 items vs Ann's 1
    table = start(client, {"round": 4, "current": "p2", "turns": {"p1": 3, "p2": 2},
                           "display": DISPLAY, "quills": {"A": ["p1", "p2"]},
                           "players": two(
                               {"movement": [1, 2, 3], "clovers": 5, "hand": [I("fist", "star")],
                                "completed": [A(1, 4)], "party": [M(C(["wanderer"], ["star"]))],
                                "retired": [C(["wanderer"], ["sword"])]},
                               {"movement": [1, 2], "clovers": 2,
                                "hand": [I("fist", "star")], "completed": [A(2, 6)],
                                "party": [M(C(["wanderer"], ["star"]))]})})
    table.accepted(ev("move", "p2", movement=4, to=[4, 5], card=I("leaf", "star")))
    table.accepted(ev("gain_clover", "p2"))
    table.accepted(ev("replenish", "p2"))
    view = table.view()
    assert totals(view) == {"p1": 9, "p2": 9}
    assert view["scores"]["winners"] == ["p2"]


def test_a_tie_on_points_and_items_is_shared(client):
    """"If there is still a tie, the players share the victory." """
    table = start(client, {"round": 4, "current": "p2", "turns": {"p1": 3, "p2": 2},
                           "display": DISPLAY,
                           "players": two({"movement": [1, 2, 3], "completed": [A(1, 3)],
                                           "hand": [I("fist", "star")]},
                                          {"movement": [1, 2], "completed": [A(1, 3)],
                                           "hand": []})})
    table.accepted(ev("move", "p2", movement=4, to=[4, 5], card=I("leaf", "star")))
    table.accepted(ev("gain_clover", "p2"))
    table.accepted(ev("replenish", "p2"))
    view = table.view()
    assert totals(view) == {"p1": 3, "p2": 3}
    assert sorted(view["scores"]["winners"]) == ["p1", "p2"]


def test_b_mission_ignores_the_leaders_symbol_and_c_ignores_reserved_cards(client):
    """"Note: The leader tile's activation symbols don't count." and "Note: Reserved adventure cards
    don't count." """
    # Bob's leader shows notes (tile B: mission 2c, notes); tile C: mission 5, level II adventures
    table = start(client, {"display": DISPLAY, "quills": {"B": ["p2"], "C": ["p2"]},
                           "players": two(None, {"reserve": [A(2, 6)],
                                                 "party": [M(C(["beast"], ["star"]))]})})
    # Bob: B top 2 + 0 notes companions; C top 2 + 0 completed level II
    assert totals(table.view())["p2"] == 4


# -- solo -----------------------------------------------------------------------------------------


def solo(client, position, **options) -> ApiTable:
    return start(client, position, players=("Kim",), **options)


def test_solo_the_player_goes_first_then_the_falconer(client):
    """"The game plays as usual. The player goes first, and then the falconer." """
    table = solo(client, {"display": DISPLAY, "players": {"p1": {"figure": [1, 1]}},
                          "falconer": {"falcon": [3, 3], "falconer": [3, 3]}})
    assert table.view()["current_players"] == ["p1"]
    table.accepted(ev("move", movement=2, to=[1, 2], card=I("leaf", "star")))
    table.accepted(ev("gain_clover"))
    table.accepted(ev("replenish"))
    assert table.view()["state"]["current"] == "falconer"


def test_solo_the_falcon_moves_first_and_a_companion_gives_him_a_clover(client):
    """"Move the falcon figure according to the solo card's movement diagram." ... "When the
    falconer takes a companion card, they also gain 1 clover token." """
    table = solo(client, {"current": "falconer", "turns": {"p1": 1, "falconer": 0},
                          "display": DISPLAY, "players": {"p1": {"figure": [1, 1], "movement": [2]}},
                          "falconer": {"falcon": [3, 3], "falconer": [3, 3], "hand": []}})
    response = table.send(ev("falconer_move", figure="falconer", reward="none", arrow="left",
                             to=[2, 3], card=I("fist", "star")))
    assert response.status_code == 422
    table.accepted(ev("falconer_move", figure="falcon", reward="none", arrow="left", to=[2, 2],
                      card=C(["beast"], ["star"])))
    assert table.view()["state"]["falconer"]["clovers"] == 1


def test_solo_two_clovers_are_spent_at_once_on_an_item(client):
    """"Any time the falconer has 2 clover tokens, he spends them immediately to draw an item
    card." """
    table = solo(client, {"current": "falconer", "turns": {"p1": 1, "falconer": 0},
                          "display": DISPLAY, "players": {"p1": {"figure": [1, 1], "movement": [2]}},
                          "falconer": {"falcon": [3, 3], "falconer": [3, 3], "hand": [],
                                       "clovers": 1}})
    table.accepted(ev("falconer_move", figure="falcon", reward="none", arrow="left", to=[2, 2],
                      card=C(["beast"], ["star"]), clover_items=[I("fist", "star")]))
    falconer = table.view()["state"]["falconer"]
    assert falconer["clovers"] == 0 and falconer["hand"] == [I("fist", "star")]


def test_solo_final_scores_items_not_clovers_and_the_tie_break(client):
    """"1 victory point per remaining item card" and "Note: The falconer does not score for a
    remaining clover token." and "In case of tie, the player with more item cards left in their hand
    wins." """
    table = solo(client, {"round": 4, "current": "falconer", "phase": "falconer_replenish",
                          "turns": {"p1": 3, "falconer": 2}, "display": DISPLAY,
                          "players": {"p1": {"figure": [1, 1], "movement": [1, 2, 3],
                                             "completed": [A(1, 5)], "clovers": 0,
                                             "hand": [I("fist", "star")] * 3}},
                          "falconer": {"falcon": [3, 4], "falconer": [2, 3], "clovers": 1,
                                       "moved": ["falcon", "falconer"], "arrow": "left",
                                       "completed": [A(1, 3)],
                                       "hand": [I("fist", "star"), I("leaf", "star")]}})
    table.accepted(ev("replenish"))
    view = table.view()
    assert view["over"] is True
    assert totals(view) == {"p1": 5, "falconer": 5}
    assert view["scores"]["winners"] == ["p1"]


def test_solo_with_journey_cards_the_falconer_gains_five(client):
    """"When playing a solo game with journey cards, the falconer does not complete them like the
    player. Instead, he gains an additional 5 victory points at the end of the game." """
    journey = {"card": {"points": 3, "spaces": [[2, 2], [4, 3], [1, 4]]}}
    table = solo(client, {"players": {"p1": {"figure": [1, 1], "journey": journey}},
                          "falconer": {"falcon": [3, 3], "falconer": [3, 3]}},
                 journey_cards=True)
    assert totals(table.view())["falconer"] == 5


# -- empty decks --------------------------------------------------------------------------------


def test_a_move_with_the_item_deck_and_discards_empty_draws_nothing(client):
    """"If the player moves to a space without a card (either empty or occupied by another figure
    or figures), they draw a card from the corresponding deck." with "If the item deck runs out of
    cards, shuffle the discard pile to create a new item deck." — with both empty the book forbids no
    move: by default (table ruling empty_item_deck: nothing) the figure moves and draws no card.
    (Finding: the referee refused the move, quoting the reshuffle sentence, which forbids nothing.)
    """
    position = {"display": DISPLAY, "decks": {"item": 0, "discard": 0},
                "players": two({"hand": []}, {"figure": [1, 2]})}
    table = start(client, position)
    offered = [e for e in table.view("p1")["legal"] if e["type"] == "move" and e["to"] == [1, 2]]
    assert offered and all("open" not in e for e in offered)
    table.accepted(ev("move", movement=1, to=[1, 2]))
    assert table.view()["state"]["figures"]["p1"] == [1, 2] and me(table)["hand"] == []
    # a card named as drawn from the empty decks is refused
    table = start(client, position)
    response = table.send(ev("move", movement=1, to=[1, 2], card=I("fist", "star")))
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in BOOK


def test_the_refuse_move_ruling_refuses_a_move_whose_card_cannot_be_drawn(client):
    """The other reading of empty_item_deck: the move cannot be made (its card cannot be drawn)."""
    table = start(client, {"display": DISPLAY, "decks": {"item": 0, "discard": 0},
                           "players": two(None, {"figure": [1, 2]})}, empty_item_deck="refuse_move")
    assert not [e for e in table.view("p1")["legal"] if e["type"] == "move" and e["to"] == [1, 2]]
    table.refused(ev("move", movement=1, to=[1, 2]), in_book("shuffle the discard pile"))


def test_two_clovers_buy_nothing_when_the_item_deck_and_discards_are_empty(client):
    """"Spend 2 clover tokens to draw an item card from the deck." with the item deck and its discard pile
    both empty: there is no card to draw, so it is not offered and, entered, refused."""
    table = start(client, {"display": DISPLAY, "decks": {"item": 0, "discard": 0},
                           "players": two({"clovers": 2})})
    assert not [e for e in table.view("p1")["legal"] if e["type"] == "buy_item"]
    table.refused(ev("buy_item", item=I("fist", "star")), in_book("shuffle the discard pile"))
    assert me(table)["clovers"] == 2


def test_both_adventure_decks_empty_the_display_is_not_replenished(client):
    """"If both adventure decks run out of cards, do not replenish the display." """
    table = start(client, {"phase": "replenish", "display": DISPLAY[:4],
                           "decks": {"level1": 0, "level2": 0},
                           "players": two({"movement": [1]})})
    table.accepted(ev("replenish"))
    assert len(table.view()["state"]["display"]) == 4


def test_a_display_card_entered_when_both_adventure_decks_are_empty_is_refused(client):
    """"If both adventure decks run out of cards, do not replenish the display." — a card entered
    for the display all the same is a move the rule forbids (422 with that sentence, not a 400),
    and a card more than the display takes is refused by its ratio."""
    table = start(client, {"phase": "replenish", "display": DISPLAY[:4],
                           "decks": {"level1": 0, "level2": 0},
                           "players": two({"movement": [1]})})
    error = table.refused(ev("replenish", display=[A(1, 2, [], ["fist"])]),
                          in_book("If both adventure decks run out of cards, do not replenish "
                                  "the display."))
    assert "empty" in error["message"]
    assert len(table.view()["state"]["display"]) == 4
    table = start(client, {"phase": "replenish", "display": DISPLAY[:4],
                           "players": two({"movement": [1]})})
    table.refused(ev("replenish", display=[A(2, 4, [], ["leaf"]), A(1, 1, [], ["fist"])]),
                  in_book("During rounds 1 and 2, replenish the display to contain 3 level I and "
                          "2 level II adventure cards."))
    table.accepted(ev("replenish", display=[A(2, 4, [], ["leaf"])]))


def test_sign_up_may_pay_with_an_item_held_by_the_party(client):
    """"1. Discard item cards to pay the items cost. This follows the same process as when
    completing an adventure card." — "The player may discard item cards held by their party and/or
    item cards from their hand." """
    table = adventure_phase(client, {"hand": [I("fist", "sword")],
                                     "party": [M(C(["beast"], ["star"]), holds=I("speech", "star"))]})
    table.accepted(ev("sign_up", tile="B", pay=[{"hand": 1}, {"character": 1}]))
    assert me(table)["party"][0]["holds"] is None
    tile_b = next(q for q in table.view()["state"]["quests"] if q["tile"] == "B")
    assert tile_b["quills"][0] == "p1"


def test_buying_an_item_is_only_during_your_own_turn(client):
    """"They may do this any time during their turn." — Bob's purchase during Ann's turn is
    refused."""
    table = start(client, {"display": DISPLAY, "players": two(None, {"clovers": 4})})
    response = table.send(ev("buy_item", "p2", item=I("fist", "star")))
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in BOOK


def test_three_tie_on_points_two_on_items_share_the_victory(client):
    """"In case of a tie, the player with more item cards left in their hand wins. If there is still
    a tie, the players share the victory." — three on 3 points; Ann and Bob have 1 item, Cat none."""
    table = start(client, {"round": 4, "current": "p3", "turns": {"p1": 3, "p2": 3, "p3": 2},
                           "display": DISPLAY, "players": {
                               "p1": {"figure": [1, 1], "movement": [1, 2, 3],
                                      "completed": [A(1, 3)], "hand": [I("fist", "star")]},
                               "p2": {"figure": [5, 5], "movement": [1, 2, 3],
                                      "completed": [A(1, 3)], "hand": [I("fist", "star")]},
                               "p3": {"figure": [1, 5], "movement": [1, 2],
                                      "completed": [A(1, 3)], "hand": []}}},
                  players=("Ann", "Bob", "Cat"))
    table.accepted(ev("move", "p3", movement=4, to=[2, 4], card=C(["beast"], ["star"])))
    table.accepted(ev("gain_clover", "p3"))
    table.accepted(ev("replenish", "p3"))
    view = table.view()
    assert totals(view) == {"p1": 3, "p2": 3, "p3": 3}
    assert sorted(view["scores"]["winners"]) == ["p1", "p2"]


def test_first_player_begins_every_round_in_a_three_player_game(client):
    """"Each round begins with the first player's turn (the player with the rooster reference
    tile). Play then continues clockwise." — with Bob first, round 2 begins with Bob."""
    table = start(client, {"round": 1, "current": "p1", "turns": {"p1": 2, "p2": 3, "p3": 3},
                           "display": DISPLAY, "players": {
                               "p1": {"figure": [1, 1], "movement": [1, 2]},
                               "p2": {"figure": [5, 5], "movement": [1, 2, 3]},
                               "p3": {"figure": [1, 5], "movement": [1, 2, 3]}}},
                  players=("Ann", "Bob", "Cat"), first_player="p2")
    table.accepted(ev("move", movement=3, to=[1, 2], card=I("leaf", "star")))
    table.accepted(ev("gain_clover"))
    table.accepted(ev("replenish"))
    view = table.view()
    assert view["state"]["round"] == 2 and view["current_players"] == ["p2"]


def test_solo_the_player_starts_on_a_corner(client):
    """"During step #6 of player setup, place the player's figure on any corner of the map." """
    setup = copy.deepcopy(client.get("/api/games/pilgrims").get_json()["example_setup"])
    setup["players"] = ["Kim"]
    setup["options"]["leaders"] = {"p1": {"activation": ["sword"]}}
    table = ApiTable(client, setup)
    table.refused(ev("choose_corner", space=[3, 3], item=I("fist", "star"),
                      drawn=I("leaf", "star"), falconer_items=[I("fist", "star")] * 2),
            in_book("place the player's figure on any corner of the map."))


def test_solo_falconer_c_tile_clover_makes_two_and_buys_an_item(client):
    """"The falconer receives clover tokens from adventure cards and public quest tiles as usual."
    with "Any time the falconer has 2 clover tokens, he spends them immediately to draw an item
    card." — no adventure payable; with a left arrow he checks the tiles from the right: C."""
    hard = [A(1, 1, [], ["fist"] * 3)] * 3 + [A(2, 4, [], ["fist"] * 4)] * 2
    table = solo(client, {"current": "falconer", "phase": "falconer_adventure",
                          "turns": {"p1": 1, "falconer": 0}, "display": hard,
                          "players": {"p1": {"figure": [1, 1], "movement": [2]}},
                          "falconer": {"falcon": [3, 4], "falconer": [2, 3],
                                       "moved": ["falcon", "falconer"], "arrow": "left",
                                       "clovers": 1, "hand": [I("speech", "star"),
                                                              I("fist", "star"),
                                                              I("leaf", "star")]}})
    table.refused(ev("falconer_adventure"), in_book("he spends them immediately"))
    table.accepted(ev("falconer_adventure", clover_items=[I("fist", "notes")]))
    state = table.view()["state"]
    assert state["falconer"]["clovers"] == 0
    assert state["falconer"]["hand"] == [I("fist", "notes")]
    assert next(q for q in state["quests"] if q["tile"] == "C")["quills"][0] == "falconer"


def test_missions_count_party_and_retired_companions_and_skip_reserved_adventures(client):
    """"Public quest tiles count companion cards in the player's party and retired under their
    leader, or adventure cards the player has completed." and "Note: Reserved adventure cards don't
    count." — tiles A 1d (scoundrels), B 2a (star), C 3 (adventures with a clover reward)."""
    quests = [{"tile": "A", "mission": "1d", "cost": ["fist"]},
              {"tile": "B", "mission": "2a", "cost": ["fist"]},
              {"tile": "C", "mission": "3", "cost": ["fist"]}]
    table = start(client, {"display": DISPLAY, "quills": {"A": ["p1"], "B": ["p2", "p1"],
                                                           "C": ["p2"]},
                           "players": two(
                               {"party": [M(C(["scoundrel", "beast"], ["star"]))],
                                "retired": [C(["scoundrel"], ["sword"]),
                                            C(["wanderer"], ["star", "notes"])], "clovers": 0},
                               {"completed": [A(1, 2, clovers=1), A(2, 5, clovers=2), A(1, 1)],
                                "reserve": [A(1, 3, clovers=1)],
                                "party": [M(C(["beast"], ["star"]))], "clovers": 0})},
                  public_quests=quests)
    # Ann: A top 2 + 2 scoundrels 2; B middle 1 + 2 stars 2 = 7
    # Bob: adventures 8; B top 2 + 1 star 1; C top 2 + 2 clover-reward adventures 2 = 15
    assert totals(table.view()) == {"p1": 7, "p2": 15}


def test_a_second_activation_needs_the_another_activation_ability(client):
    """"During the Activate phase, do one of the following:" — a second item card played without
    "The player may play another item card to activate another character this turn." is refused."""
    table = activate_phase(client, {"hand": [I("fist", "sword"), I("leaf", "star")],
                                    "party": [M(C(["beast"], ["star"]))]})
    table.accepted(ev("activate", character="leader", hand=1))
    table.refused(ev("activate", character=1, hand=1), in_book("do one of the following"))


def test_an_additional_reserve_improvement_keeps_both_reserved_cards(client):
    """"The player may have an additional adventure card reserved." — with that improvement a
    second reservation keeps the first card."""
    table = activate_phase(client, {"hand": [I("fist", "sword")], "reserve": [A(1, 2)],
                                    "completed": [A(1, 1, improvement=["reserve"])]})
    table.accepted(ev("activate", character="leader", hand=1))
    table.accepted(ev("ability", kind="reserve", source="display", index=1))
    assert len(me(table)["reserve"]) == 2


def test_reserving_from_an_empty_adventure_deck_is_refused_and_says_so(client):
    """"To reserve a card, either take any one adventure card from the display or draw one from
    either adventure deck." — an empty deck has no card to draw (the message named the item deck's
    discards before this audit)."""
    table = activate_phase(client, {"hand": [I("fist", "sword")]},
                           decks={"level1": 0, "level2": 0})
    table.accepted(ev("activate", character="leader", hand=1))
    response = table.send(ev("ability", kind="reserve", source="level1", adventure=A(1, 2)))
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error["rule"]["quote"] in BOOK
    assert error["message"] == "The level I adventure deck is empty: no card to draw."
    table.accepted(ev("ability", kind="reserve", source="display", index=2))
