"""Second independent audit of the Pilgrims: Curious Adventures referee (session 6), written from the
rulebook (rulebook_index/data/pilgrims.txt) and the API's own description (GET /api/games/pilgrims)
only, for the situations the first audit (tests/test_pilgrims_audit.py) did not play: the setup
order and what it hands out, a character already holding an item, the party limit's improvement,
multi-type companions, '?' and two-symbol party requirements, discounts, the display's ratio and
its decks running out, the map's replenish, clovers at any time of the turn, the final scoring
lines (clover thirds, the mission table and its cap, journey cards), the score calculator, an
empty companion deck, and the setup headline on the table page.

The table (example setup): campfires at (1,3) (2,2) (2,4) (4,2) (4,4) (5,3); public quest tiles, left
to right: B (mission 2c, notes; cost fist + speech), A (1a, wanderers; leaf + leaf), C (5, level II
adventures; speech + fist + leaf); p1's leader shows a sword, p2's notes.
"""

import re

import pytest

from tests.test_pilgrims_audit import (
    DISPLAY,
    A,
    C,
    I,
    M,
    activate_phase,
    adventure_phase,
    ev,
    in_book,
    me,
    start,
    totals,
    two,
)

BEAST, WANDERER = C(["beast"], ["star"]), C(["wanderer"], ["notes"])


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def last_turn(client, p1=None, p2=None, options=None, **position):
    """Round 4, Bob's last turn after his move and clover: his replenish ends the game."""
    return start(client, {"round": 4, "current": "p2", "phase": "replenish",
                          "turns": {"p1": 3, "p2": 2}, "display": DISPLAY,
                          "turn": {"activated": True},
                          "players": two({"movement": [1, 2, 3], **(p1 or {})},
                                         {"movement": [1, 2, 3], **(p2 or {})}), **position},
                 **(options or {}))


def breakdown(view, seat) -> dict:
    player = next(p for p in view["scores"]["players"] if p["seat"] == seat)
    return {line["label"]: line["points"] for line in player["breakdown"]}


def quote_of(response) -> str:
    assert response.status_code == 422, response.get_json()
    return response.get_json()["error"]["rule"]["quote"]


# -- setup ----------------------------------------------------------------------------------------


def test_three_players_choose_corners_from_the_last_counterclockwise(client):
    """"Starting with the last player (seated to the right of the first player) and proceeding
    counterclockwise, each player chooses one of the corner spaces" — with three players: Cat, then
    Bob, then Ann."""
    table = start(client, players=("Ann", "Bob", "Cat"))
    assert table.view()["current_players"] == ["p3"]
    corner = in_book("6. Starting with the last player")
    assert corner in quote_of(table.send(ev("choose_corner", "p2", space=[1, 1],
                                            item=I("fist", "sword"), drawn=I("leaf", "star"))))
    table.accepted(ev("choose_corner", "p3", space=[1, 1], item=I("fist", "sword"),
                      drawn=I("leaf", "star")))
    assert table.view()["current_players"] == ["p2"]
    table.accepted(ev("choose_corner", "p2", space=[5, 5], item=I("fist", "sword"),
                      drawn=I("leaf", "star")))
    assert table.view()["current_players"] == ["p1"]


def test_setup_gives_two_item_cards_and_a_clover_each(client):
    """"4. Each player draws 1 item card from the deck and adds it to their hand." "5. Each player
    gains 1 clover token from the supply." and the corner's item card."""
    table = start(client)
    table.accepted(ev("choose_corner", "p2", space=[5, 5], item=I("fist", "sword"),
                      drawn=I("leaf", "star")))
    table.accepted(ev("choose_corner", "p1", space=[1, 1], item=I("speech", "notes"),
                      drawn=I("coin", "star")))
    for seat in ("p1", "p2"):
        player = me(table, seat)
        assert len(player["hand"]) == 2 and player["clovers"] == 1
    assert table.view()["state"]["figures"]["p1"] == [1, 1]
    assert table.view()["current_players"] == ["p1"]  # the first player takes the first turn


def test_the_setup_headline_names_who_chooses_a_corner(client):
    """Bob (the last player) chooses his corner first: the table page's round line says so, and not
    that it is Ann's turn (the session-5 page said "Ann's turn 1 of 3 · setup")."""
    table = start(client)
    page = client.get(f"/play/{table.id}", headers=table.headers).text
    headline = re.sub(r"\s+", " ", re.search(r'<p class="pg-round">(.*?)</p>', page, re.S).group(1))
    assert "Bob to choose a corner" in headline and "turn" not in headline


def test_solo_setup_the_falconer_starts_in_the_middle(client):
    """"Place both of the falconer's figures on the middle space of the map." """
    table = start(client, players=("Kim",))
    figures = table.view()["state"]["figures"]
    assert figures["falcon"] == [3, 3] and figures["falconer"] == [3, 3]


# -- the Move phase -------------------------------------------------------------------------------


def test_a_campfire_occupied_by_a_figure_draws_a_companion_from_the_deck(client):
    """"If the player moves to a space without a card (either empty or occupied by another figure
    or figures), they draw a card from the corresponding deck." — "On campfire map spaces, they draw
    a companion card." """
    table = start(client, {"display": DISPLAY, "players": two(None, {"figure": [2, 2]})})
    deck = table.view()["state"]["decks"]["companion"]
    table.accepted(ev("move", movement=1, to=[2, 2], card=BEAST))
    assert me(table)["party"] == [M(BEAST)]
    assert table.view()["state"]["decks"]["companion"] == deck - 1


def test_a_companion_improvement_lets_a_fourth_companion_join(client):
    """"Note: Some improvements allow players to have more than 3 companion cards in their
    party." — "The player may have an additional companion card in their party." """
    party = [M(BEAST), M(WANDERER), M(C(["scoundrel"], ["sword"]))]
    table = start(client, {"display": DISPLAY, "players": two(
        {"party": party, "completed": [A(2, 4, improvement=["companion"])]})})
    table.accepted(ev("move", movement=1, to=[2, 2], card=C(["nobleheart"], ["compass"])))
    assert len(me(table)["party"]) == 4 and me(table)["retired"] == []


def test_retiring_when_the_party_has_room_is_bad_input(client):
    table = start(client, {"display": DISPLAY, "players": two({"party": [M(BEAST)]})})
    response = table.send(ev("move", movement=1, to=[2, 2], card=WANDERER, retire=1))
    assert response.status_code == 400 and "retire" in str(response.get_json())


def test_a_card_entered_for_a_campfire_when_the_companion_deck_is_empty_is_refused(client):
    """The book is silent on an empty companion deck (ruling empty_companion_deck: nothing is
    drawn). A companion entered all the same for an occupied campfire cannot come from the deck:
    a 422 quoting the component count, not a silent drop; without a card the move is accepted."""
    position = {"display": DISPLAY, "decks": {"companion": 0},
                "players": two(None, {"figure": [2, 2]})}
    table = start(client, position)
    assert quote_of(table.send(ev("move", movement=1, to=[2, 2], card=BEAST))) == \
        in_book("• 32 companion cards")
    table.accepted(ev("move", movement=1, to=[2, 2]))
    assert me(table)["party"] == [] and table.view()["state"]["figures"]["p1"] == [2, 2]


def test_a_companion_entered_to_replenish_a_campfire_with_an_empty_deck_is_refused(client):
    """Known leftover of session 5: the replenish dropped it silently."""
    empty_campfire = [[None] * 5, [None, "empty", None, None, None]] + [[None] * 5] * 3
    position = {"phase": "replenish", "display": DISPLAY, "decks": {"companion": 0},
                "map": empty_campfire, "turn": {"activated": True},
                "players": two({"movement": [1]})}
    table = start(client, position)
    assert quote_of(table.send(ev("replenish", map=[BEAST]))) == in_book("• 32 companion cards")
    table.accepted(ev("replenish"))
    assert table.view()["state"]["map"][1][1] is None


# -- the Activate phase ---------------------------------------------------------------------------


def test_activating_a_character_that_holds_an_item_discards_the_old_one(client):
    """"Each character can only hold one item card at a time. To activate a character that is
    already holding one, first discard the existing item card." """
    table = activate_phase(client, {"hand": [I("fist", "sword")],
                                    "leader_holds": I("leaf", "sword")})
    discard = table.view()["state"]["decks"]["discard"]
    table.accepted(ev("activate", character="leader", hand=1))
    state = table.view()["state"]
    assert state["players"]["p1"]["leader"]["holds"] == I("fist", "sword")
    assert state["decks"]["discard"] == discard + 1
    assert state["discard_pile"][-1] == I("leaf", "sword")


def test_a_clover_converts_an_activation_symbol_for_a_companion(client):
    """"Spend 1 clover token in the Activate phase to convert an item card's activation symbol to
    match a companion card." """
    table = activate_phase(client, {"hand": [I("fist", "notes")], "party": [M(BEAST)],
                                    "clovers": 1})
    table.accepted(ev("activate", character=1, hand=1, convert=True))
    assert me(table)["clovers"] == 0 and me(table)["party"][0]["holds"] == I("fist", "notes")


def test_the_convert_for_leader_ruling_allows_the_leader(client):
    table = activate_phase(client, {"hand": [I("fist", "notes")], "clovers": 1})
    assert in_book("to match a companion card") in quote_of(
        table.send(ev("activate", character="leader", hand=1, convert=True)))
    table = start(client, {"phase": "activate", "display": DISPLAY, "players": two(
        {"movement": [1], "hand": [I("fist", "notes")], "clovers": 1})}, convert_for_leader=True)
    table.accepted(ev("activate", character="leader", hand=1, convert=True))


def test_a_multi_symbol_companion_is_activated_by_either_symbol(client):
    """"Note: Some companion cards, like the Shepherd, have multiple types." — a companion showing
    two activation symbols matches an item of either."""
    table = activate_phase(client, {"hand": [I("fist", "compass")],
                                    "party": [M(C(["wanderer"], ["star", "compass"]))]})
    table.accepted(ev("activate", character=1, hand=1))


def test_the_leader_reserves_from_a_deck(client):
    """"To reserve a card, either take any one adventure card from the display or draw one from
    either adventure deck. Place the reserved adventure card face-up to the right of the player
    board." """
    table = activate_phase(client, {"hand": [I("fist", "sword")]})
    level2 = table.view()["state"]["decks"]["level2"]
    table.accepted(ev("activate", character="leader", hand=1))
    table.accepted(ev("ability", kind="reserve", source="level2", adventure=A(2, 7, [], ["fist"])))
    assert me(table)["reserve"] == [A(2, 7, [], ["fist"])]
    assert table.view()["state"]["decks"]["level2"] == level2 - 1
    assert len(table.view()["state"]["display"]) == 5


def test_buying_an_item_before_moving(client):
    """"They may do this any time during their turn." — two clovers spent before the move."""
    table = start(client, {"display": DISPLAY, "players": two({"clovers": 2, "hand": []})})
    table.accepted(ev("buy_item", item=I("fist", "star")))
    table.accepted(ev("move", movement=1, to=[1, 2], card=I("leaf", "star")))
    assert me(table)["hand"] == [I("fist", "star"), I("leaf", "star")]


# -- the Adventure phase --------------------------------------------------------------------------


def test_two_beasts_required_needs_two_companions(client):
    """"Their party must have companion card(s) with a matching type symbol" — two beast symbols
    need two beasts."""
    card = A(1, 4, ["beast", "beast"], ["fist"])
    table = adventure_phase(client, {"hand": [I("fist", "star")], "party": [M(BEAST)]},
                            display=[card, *DISPLAY[1:]])
    response = table.send(ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}],
                             companions=[1]))
    assert response.status_code == 422
    assert in_book("Their party must have companion card(s) with a matching type symbol") in \
        quote_of(response)


def test_a_question_mark_is_met_by_any_companion(client):
    """"Note: The question mark means the party requirement is satisfied by any companion,
    regardless of the type." """
    card = A(1, 2, ["?"], ["fist"])
    table = adventure_phase(client, {"hand": [I("fist", "star")],
                                     "party": [M(C(["scoundrel"], ["sword"]))]},
                            display=[card, *DISPLAY[1:]])
    table.accepted(ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}],
                      companions=[1]))
    assert me(table)["completed"] == [card]


def test_a_two_type_companion_meets_either_type_but_counts_once(client):
    """"Note: Some companion cards, like the Shepherd, have multiple types." — a wanderer-beast meets
    a beast requirement; it cannot stand for both of two symbols."""
    shepherd = C(["wanderer", "beast"], ["star"])
    card = A(1, 4, ["wanderer", "beast"], ["fist"])
    table = adventure_phase(client, {"hand": [I("fist", "star")], "party": [M(shepherd)]},
                            display=[A(1, 2, ["beast"], ["fist"]), card, *DISPLAY[2:]])
    assert table.send(ev("complete_adventure", source="display", index=2, pay=[{"hand": 1}],
                         companions=[1])).status_code == 422
    table.accepted(ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}],
                      companions=[1]))


def test_the_items_cost_cannot_be_underpaid(client):
    """"1. To pay the items cost, discard item cards with matching adventure symbols." — one item
    for a two-item card."""
    table = adventure_phase(client, {"hand": [I("fist", "star")]})
    response = table.send(ev("complete_adventure", source="display", index=4, pay=[{"hand": 1}]))
    assert response.status_code == 422
    assert in_book("To pay the items cost, discard item cards with matching adventure symbols") in \
        quote_of(response)


def test_a_discount_improvement_lowers_the_cost(client):
    """"Discount the cost to complete an adventure or to sign up for a public quest by 1 item card
    of the indicated type." — a fist discount: the fist + leaf card costs a leaf."""
    table = adventure_phase(client, {"hand": [I("leaf", "star")],
                                     "completed": [A(1, 2, improvement=["discount"],
                                                     discount="fist")]})
    table.accepted(ev("complete_adventure", source="display", index=4, pay=[{"hand": 1}]))
    assert len(me(table)["completed"]) == 2 and me(table)["hand"] == []


def test_a_discount_improvement_lowers_a_public_quest_cost(client):
    """The same discount "to sign up for a public quest": tile A (leaf + leaf) with a leaf
    discount costs one leaf."""
    table = adventure_phase(client, {"hand": [I("leaf", "star")],
                                     "completed": [A(1, 2, improvement=["discount"],
                                                     discount="leaf")]})
    table.accepted(ev("sign_up", tile="A", pay=[{"hand": 1}]))
    tile = next(q for q in table.view()["state"]["quests"] if q["tile"] == "A")
    assert tile["quills"][0] == "p1"


def test_completing_the_reserved_card_frees_the_reserve(client):
    """"Note: A player may complete either a reserved adventure card or one from the display." —
    the reserved card completed leaves the reserve empty."""
    reserved = A(2, 6, [], ["speech"])
    table = adventure_phase(client, {"hand": [I("speech", "star")], "reserve": [reserved]})
    table.accepted(ev("complete_adventure", source="reserve", index=1, pay=[{"hand": 1}]))
    assert me(table)["reserve"] == [] and me(table)["completed"] == [reserved]


def test_the_adventure_phase_is_optional(client):
    """"The Adventure phase is optional." — replenish straight after the Activate phase."""
    table = adventure_phase(client, {"hand": [I("fist", "star")]})
    table.accepted(ev("replenish"))
    assert table.view()["current_players"] == ["p2"]


def test_quill_spaces_fill_top_middle_bottom(client):
    """"Up to three players can sign up for each tile." — the third player takes the bottom space,
    which scores no quill points ("The top quill space scores 2 victory points, and the middle space
    scores 1 victory point.")."""
    hand = [I("leaf", "star"), I("leaf", "star")]
    table = start(client, {"phase": "activate", "turn": {"activated": True}, "display": DISPLAY,
                           "quills": {"A": ["p2", "p3"]},
                           "players": {"p1": {"figure": [1, 1], "movement": [1], "hand": hand},
                                       "p2": {"figure": [5, 5]}, "p3": {"figure": [1, 5]}}},
                  players=("Ann", "Bob", "Cat"))
    table.accepted(ev("sign_up", tile="A", pay=[{"hand": 1}, {"hand": 2}]))
    tile = next(q for q in table.view()["state"]["quests"] if q["tile"] == "A")
    assert tile["quills"] == ["p2", "p3", "p1"]
    points = totals(table.view())
    assert points == {"p1": 0, "p2": 2, "p3": 1}


# -- replenish and the end of a round -------------------------------------------------------------


def test_the_map_is_replenished_except_under_a_figure(client):
    """"If a figure is on a map space, that space doesn't replenish." — Ann moved to an item space;
    the space she left is replenished, hers is not."""
    table = start(client, {"display": DISPLAY, "players": two()})
    table.accepted(ev("move", movement=1, to=[1, 2], card=I("leaf", "star")))
    table.accepted(ev("gain_clover"))
    table.accepted(ev("replenish", map=[I("fist", "star")]))
    board = table.view()["state"]["map"]
    assert board[0][0] == {"card": I("fist", "star")}  # (1,1), left by Ann
    assert board[0][1] is None                          # (1,2), under Ann


def test_the_display_refills_from_the_other_deck_when_one_is_empty(client):
    """"If an adventure deck has no cards remaining, instead draw from the remaining deck." — the
    level I deck is empty: the level I place is refilled from the level II deck."""
    table = adventure_phase(client, {"hand": [I("fist", "star")]},
                            decks={"level1": 0, "level2": 5})
    table.accepted(ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}]))
    table.accepted(ev("replenish", display=[A(2, 9, [], ["leaf"])]))
    state = table.view()["state"]
    assert state["decks"]["level2"] == 4 and len(state["display"]) == 5


def test_rounds_three_and_four_display_two_level_one_and_three_level_two(client):
    """"During rounds 3 and 4, replenish the display to contain 2 level I and 3 level II adventure
    cards." — after round 2's change, a level II card completed is replaced by a level II card."""
    display = [A(1, 1, [], ["fist"]), A(1, 2, [], ["speech"]), A(2, 4, [], ["fist"]),
               A(2, 5, [], ["speech"]), A(2, 6, [], ["leaf"])]
    table = start(client, {"round": 3, "phase": "activate", "turn": {"activated": True},
                           "display": display,
                           "players": two({"movement": [1], "hand": [I("fist", "star")]})})
    level1, level2 = (table.view()["state"]["decks"][d] for d in ("level1", "level2"))
    table.accepted(ev("complete_adventure", source="display", index=3, pay=[{"hand": 1}]))
    table.accepted(ev("replenish", display=[A(2, 8, [], ["leaf"])]))
    decks = table.view()["state"]["decks"]
    assert (decks["level1"], decks["level2"]) == (level1, level2 - 1)


def test_a_round_ends_after_each_players_third_turn(client):
    """"When all players have completed 3 turns, the round ends." "Move the sun token 1 space to the
    right." "Remove all movement tokens from the player boards." """
    table = start(client, {"current": "p2", "turns": {"p1": 3, "p2": 2}, "display": DISPLAY,
                           "players": two({"movement": [1, 2, 3]}, {"movement": [1, 2]})})
    table.accepted(ev("move", "p2", movement=3, to=[4, 5], card=I("leaf", "star")))
    table.accepted(ev("gain_clover", "p2"))
    table.accepted(ev("replenish", "p2"))
    state = table.view()["state"]
    assert state["round"] == 2 and table.view()["current_players"] == ["p1"]
    assert me(table)["movement"] == [] and me(table, "p2")["movement"] == []


def test_a_fourth_turn_in_a_round_is_impossible_every_movement_space_used(client):
    """"On their turn, each player must use 1 of their movement tokens." — each player has 3."""
    table = start(client, {"turns": {"p1": 2, "p2": 2}, "display": DISPLAY,
                           "players": two({"movement": [1, 2]}, {"movement": [3, 4]})})
    for taken in (1, 2):
        response = table.send(ev("move", movement=taken, to=[1, 2], card=I("leaf", "star")))
        assert quote_of(response) == in_book("During the Move phase, place a movement token on "
                                             "any empty movement space.")


# -- the end of the game --------------------------------------------------------------------------


def test_clovers_score_one_point_per_three(client):
    """"1 victory point per 3 remaining clover tokens" — 8 clovers score 2."""
    table = last_turn(client, {"clovers": 8}, {"clovers": 2})
    table.accepted(ev("replenish", "p2"))
    view = table.view()
    assert view["over"] is True and totals(view) == {"p1": 2, "p2": 0}


def test_mission_points_follow_the_table_and_stop_at_six(client):
    """"Collected cards 1 1 / 2 2 / 3 4 / 4 6" and "Players can't score more than 6 victory points
    from completing a public quest tile's mission." — Ann has 5 wanderers on tile A (top quill):
    2 + 6; Bob 3 (middle): 1 + 4."""
    wanderers = [C(["wanderer"], ["star"])] * 5
    table = last_turn(client, {"party": [M(c) for c in wanderers[:3]], "retired": wanderers[3:]},
                      {"party": [M(c) for c in wanderers[:3]]}, quills={"A": ["p1", "p2"]})
    table.accepted(ev("replenish", "p2"))
    assert totals(table.view()) == {"p1": 8, "p2": 5}


def test_a_mission_with_no_matching_card_scores_only_the_quill(client):
    table = last_turn(client, quills={"A": ["p1"]})
    table.accepted(ev("replenish", "p2"))
    assert totals(table.view())["p1"] == 2


def test_b_mission_counts_a_companion_showing_the_symbol_among_others(client):
    """"B tile missions require companion cards with the shown activation symbol." — tile B
    (notes): a companion showing star and notes counts; 2 such companions score 2."""
    notes = C(["beast"], ["star", "notes"])
    table = last_turn(client, {"party": [M(notes), M(notes), M(BEAST)]}, quills={"B": ["p1"]})
    table.accepted(ev("replenish", "p2"))
    assert totals(table.view())["p1"] == 2 + 2


def test_c_mission_level_two_adventures(client):
    """"5. Collect level II adventure cards." (tile C) — 3 completed level II cards score 4, the
    level I card none."""
    completed = [A(2, 0), A(2, 0), A(2, 0), A(1, 0)]
    table = last_turn(client, {"completed": completed}, quills={"C": ["p1"]})
    table.accepted(ev("replenish", "p2"))
    assert totals(table.view())["p1"] == 2 + 4


def test_the_tie_break_more_items_in_hand(client):
    """"In case of a tie, the player with more item cards left in their hand wins." """
    table = last_turn(client, {"completed": [A(1, 5)], "hand": [I("fist", "star")] * 2},
                      {"completed": [A(2, 5)], "hand": [I("fist", "star")] * 3})
    table.accepted(ev("replenish", "p2"))
    view = table.view()
    assert totals(view) == {"p1": 5, "p2": 5} and view["scores"]["winners"] == ["p2"]


def test_journey_cards_score_completed_cards_and_removed_tokens(client):
    """"Each completed journey card." and "1 victory point per map token removed from an
    incomplete journey card." """
    journey = {"card": {"points": 3, "spaces": [[2, 2], [4, 3], [1, 4]]},
               "removed": [[2, 2], [4, 3]], "completed": [{"points": 4, "spaces": [[1, 2], [2, 3],
                                                                                     [3, 4]]}]}
    table = last_turn(client, {"journey": journey}, {"journey": {
        "card": {"points": 2, "spaces": [[2, 2], [4, 3], [1, 4]]}}},
        options={"journey_cards": True})
    table.accepted(ev("replenish", "p2"))
    assert totals(table.view())["p1"] == 4 + 2


# -- the score calculator -------------------------------------------------------------------------


def test_score_calculator_adds_adventures_clovers_and_quills(client):
    body = {"players": [
        {"name": "Ann", "items": 2, "clovers": 7, "adventures": [A(1, 5), A(2, 8)],
         "quills": [{"tile": "A", "space": "top", "collected": 4}]},
        {"name": "Bob", "items": 3, "clovers": 3, "adventures": [A(1, 5), A(1, 3)]}]}
    sheet = client.post("/api/score/pilgrims", json=body).get_json()
    points = {p["name"]: p["total"] for p in sheet["players"]}
    assert points == {"Ann": 5 + 8 + 2 + 2 + 6, "Bob": 9}
    assert sheet["winners"] == ["Ann"]


def test_score_calculator_caps_a_mission_at_six_and_breaks_ties_on_items(client):
    body = {"players": [
        {"name": "Ann", "items": 1, "clovers": 0, "quills": [{"tile": "B", "space": "top",
                                                             "collected": 9}]},
        {"name": "Bob", "items": 4, "clovers": 0, "adventures": [A(1, 8)]}]}
    sheet = client.post("/api/score/pilgrims", json=body).get_json()
    points = {p["name"]: p["total"] for p in sheet["players"]}
    assert points == {"Ann": 8, "Bob": 8} and sheet["winners"] == ["Bob"]


# -- hidden information ---------------------------------------------------------------------------


def test_the_companion_put_face_down_on_the_bottom_is_seen_only_by_its_player(client):
    """"Draw 2 companion cards from the deck. Keep one, then put the other face-down on the bottom
    of the companion deck." — the kept one joins the party face up; the other was seen by Ann
    alone: Bob's phone and a spectator read that a card went to the bottom, not which (in the
    state and in the log), and Ann's hand stays hers ("Don't show them to other players!")."""
    scout = C(["wanderer"], ["star"], abilities=["draw companion"])
    table = activate_phase(client, {"hand": [I("fist", "star"), I("leaf", "notes")],
                                    "party": [M(scout)]})
    table.accepted(ev("activate", character=1, hand=1))
    table.accepted(ev("ability", kind="draw companion", card=BEAST, bottom=WANDERER))
    assert me(table)["party"][1]["card"] == BEAST
    mine = table.view("p1")["state"]
    assert mine["deck_bottoms"][-1]["card"] == WANDERER
    for seat in ("p2", None):
        seen = table.view(seat)["state"]
        assert seen["deck_bottoms"][-1]["card"] is None
        assert seen["players"]["p1"]["hand"] == [None]
        assert seen["players"]["p1"]["party"][1]["card"] == BEAST
        log = client.get(f"/api/sessions/{table.id}/log" + (f"?seat={seat}" if seat else ""),
                         headers=table.headers).get_json()
        assert str(WANDERER) not in str(log) and "bottom" in str(log)


# -- more of the Adventure phase ------------------------------------------------------------------


def test_discounts_of_the_same_type_stack(client):
    """"More discount abilities (of the same or a different type) can be used to complete a single
    adventure card." — two fist discounts and an any-symbol discount pay a fist + fist + leaf card
    with no item card."""
    discounts = [A(1, 1, improvement=["discount"], discount="fist"),
                 A(1, 1, improvement=["discount"], discount="fist"),
                 A(1, 1, improvement=["discount"], discount="any")]
    card = A(2, 7, [], ["fist", "fist", "leaf"])
    table = adventure_phase(client, {"hand": [], "completed": discounts},
                            display=[*DISPLAY[:4], card])
    table.accepted(ev("complete_adventure", source="display", index=5, pay=[]))
    assert me(table)["completed"][-1] == card


def test_two_clovers_convert_a_companions_type(client):
    """"Spend 2 clover tokens during the Adventure phase to convert a companion card's type to match
    an adventure card's party requirement." """
    card = A(1, 3, ["nobleheart"], ["fist"])
    table = adventure_phase(client, {"hand": [I("fist", "star")], "party": [M(BEAST)],
                                     "clovers": 2}, display=[card, *DISPLAY[1:]])
    table.accepted(ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}],
                      companions=[1], convert_types=[1]))
    assert me(table)["clovers"] == 0 and me(table)["completed"] == [card]


def test_a_quest_cost_may_be_paid_with_a_wild_coin(client):
    """"A wild item card substitutes for any adventure symbol." — tile B (fist + speech) paid with a
    fist and a coin."""
    table = adventure_phase(client, {"hand": [I("fist", "star"), I("coin", "star")]})
    table.accepted(ev("sign_up", tile="B", pay=[{"hand": 1}, {"hand": 2}]))
    assert me(table)["hand"] == []


def test_an_adventure_for_points_only_gives_no_improvement(client):
    """"Note: Some adventure cards only offer victory points!" — completing one gives its points at
    the end and nothing else."""
    table = adventure_phase(client, {"hand": [I("fist", "star")], "clovers": 0})
    table.accepted(ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}]))
    assert me(table)["clovers"] == 0
    assert totals(table.view())["p1"] == 1


def test_the_reserve_is_not_the_display_a_reserved_card_completed_from_the_display_index(client):
    """"Note: A player may complete either a reserved adventure card or one from the display." — a
    reserved card is completed from the reserve; the display's card at the same place stays."""
    reserved = A(2, 6, [], ["speech"])
    table = adventure_phase(client, {"hand": [I("speech", "star")], "reserve": [reserved]})
    table.accepted(ev("complete_adventure", source="reserve", index=1, pay=[{"hand": 1}]))
    assert len(table.view()["state"]["display"]) == 5


# -- journey cards --------------------------------------------------------------------------------


def test_a_journey_token_is_removed_when_the_figure_moves_onto_its_space(client):
    """"When their figure moves onto a marked space, remove the corresponding map token." """
    journey = {"card": {"points": 3, "spaces": [[1, 2], [4, 3], [1, 4]]}}
    table = start(client, {"display": DISPLAY, "players": two({"journey": journey}, {"journey": {
        "card": {"points": 2, "spaces": [[2, 2], [4, 3], [1, 4]]}}})}, journey_cards=True)
    table.accepted(ev("move", movement=1, to=[1, 2], card=I("leaf", "star")))
    assert me(table)["journey"]["removed"] == [[1, 2]]


def test_a_new_journey_card_marking_the_figures_space_keeps_that_token(client):
    """"If a figure's position and a new journey card's marked space are the same, do not remove
    that space's map token. The player must move their figure and return later to remove it." —
    Ann completes her journey on (1,2) and keeps a new card marking (1,2): its token stays."""
    journey = {"card": {"points": 3, "spaces": [[1, 2], [4, 3], [1, 4]]},
               "removed": [[4, 3], [1, 4]]}
    table = start(client, {"display": DISPLAY, "players": two({"journey": journey}, {"journey": {
        "card": {"points": 2, "spaces": [[2, 2], [4, 3], [1, 4]]}}})}, journey_cards=True)
    table.accepted(ev("move", movement=1, to=[1, 2], card=I("leaf", "star")))
    assert len(me(table)["journey"]["completed"]) == 1
    table.accepted(ev("choose_journey", card={"points": 4, "spaces": [[1, 2], [3, 3], [5, 1]]}))
    assert me(table)["journey"]["removed"] == []


# -- solo -----------------------------------------------------------------------------------------


def falconer_adventure_phase(client, display, **falconer):
    return start(client, {"current": "falconer", "phase": "falconer_adventure",
                          "turns": {"p1": 1, "falconer": 0}, "display": display,
                          "players": {"p1": {"figure": [1, 1], "movement": [2]}},
                          "falconer": {"falcon": [3, 4], "falconer": [2, 3],
                                       "moved": ["falcon", "falconer"], "arrow": "right",
                                       **falconer}},
                 players=("Kim",))


def test_the_falconer_signs_up_for_a_quest_when_no_adventure_can_be_paid(client):
    """"If the falconer is unable to complete an adventure card, he checks the public quest tiles.
    Follow the arrow's direction as before." — with two leaves and no payable adventure, the right
    arrow checks B (fist + speech) then A (leaf + leaf): he signs up for A."""
    display = [A(1, 1, [], ["speech"])] * 3 + [A(2, 4, [], ["fist", "fist"])] * 2
    table = falconer_adventure_phase(client, display,
                                     hand=[I("leaf", "star"), I("leaf", "notes")])
    expected = next(e for e in table.view("p1")["legal"] if e["type"] == "falconer_adventure")
    assert expected.get("signs_up") == "A"
    table.accepted(ev("falconer_adventure"))
    tile = next(q for q in table.view()["state"]["quests"] if q["tile"] == "A")
    assert tile["quills"][0] == "falconer"
    assert table.view()["state"]["falconer"]["hand"] == []


def test_the_falconer_ignores_the_party_requirement(client):
    """"The falconer always completes the first possible adventure card. He only needs to meet the
    items cost." — a card asking for two beasts and a cross is completed with a fist."""
    display = [A(1, 3, ["beast", "beast"], ["fist"], crosses=1)] + DISPLAY[1:]
    table = falconer_adventure_phase(client, display, hand=[I("fist", "star")])
    table.accepted(ev("falconer_adventure"))
    falconer = table.view()["state"]["falconer"]
    assert [a["points"] for a in falconer["completed"]] == [3]


def test_the_falconer_scores_a_mission_with_his_companions(client):
    """"The falconer can score victory points at the end of the game if their companion cards match
    a public quest tile." — two wanderers on tile A (his quill on top): 2 + 2."""
    table = start(client, {"display": DISPLAY, "quills": {"A": ["falconer"]},
                           "players": {"p1": {"figure": [1, 1]}},
                           "falconer": {"falcon": [3, 3], "falconer": [3, 3], "hand": [],
                                        "companions": [WANDERER, WANDERER]}},
                  players=("Kim",))
    assert totals(table.view())["falconer"] == 4


def test_score_calculator_solo_with_journey_cards(client):
    """The player: "Each completed journey card." and "1 victory point per map token removed from an
    incomplete journey card."; the falconer: "1 victory point per remaining item card", no clover
    points, and "he gains an additional 5 victory points at the end of the game"."""
    body = {"journey_cards": True, "players": [
        {"name": "Kim", "items": 2, "clovers": 5, "adventures": [A(1, 4)],
         "journey": {"completed": [3, 4], "removed": 2}},
        {"name": "Falconer", "falconer": True, "items": 3, "clovers": 5, "adventures": [A(1, 4)]}]}
    sheet = client.post("/api/score/pilgrims", json=body).get_json()
    points = {p["name"]: p["total"] for p in sheet["players"]}
    assert points == {"Kim": 4 + 1 + 7 + 2, "Falconer": 4 + 3 + 5}
    assert sheet["winners"] == ["Kim"]


def test_an_improvement_triggered_by_the_color_of_the_item_played(client):
    """"When the player plays an item card of the shown color to activate a character." — a red
    fist improvement rewards a clover when a fist item activates a character, not a leaf."""
    improvement = A(1, 2, improvement=["other"], abilities=["gain clover"],
                    trigger={"when": "color", "color": "fist"})
    for item, triggered in ((I("fist", "sword"), True), (I("leaf", "sword"), False)):
        table = activate_phase(client, {"hand": [item], "completed": [improvement], "clovers": 0})
        table.accepted(ev("activate", character="leader", hand=1))
        event = ev("ability", kind="gain clover", improvement=1)
        if triggered:
            table.accepted(event)
            assert me(table)["clovers"] == 1
        else:
            assert quote_of(table.send(event)) == in_book(
                "• When the player plays an item card of the shown color to activate a character.")


def test_an_improvement_triggered_by_passing_over_another_figure(client):
    """"When the player moves their figure over or onto a space with another player's figure (even
    solo figures)." — Ann travels along row 1 over Bob's space: the clover is hers; with Bob
elsewhere, no."""
    improvement = A(1, 2, improvement=["other"], abilities=["gain clover"],
                    trigger={"when": "figure"})
    for bob, triggered in (([1, 2], True), ([4, 1], False)):  # the referee works out the path
        table = start(client, {"display": DISPLAY, "players": two(
            {"completed": [improvement], "clovers": 0}, {"figure": bob})})
        table.accepted(ev("move", movement=1, to=[1, 3], card=BEAST))
        event = ev("ability", kind="gain clover", improvement=1)
        if triggered:
            table.accepted(event)
            assert me(table)["clovers"] == 1
        else:
            assert table.send(event).status_code == 422
