"""Pilgrims: Curious Adventures, outsider scenarios round 19 (file 12): the table rulings and the
setup choices no outsider round had played, each both ways on the same entries —
`multi_type_companion` (the Shepherd, a wanderer and a beast, for a card asking one of each, with a
cross: named twice or a scoundrel converted for two clovers; the cross retiring a participating
companion only), `leader_side` B (a whole turn of each player with leaders whose abilities the table
entered: only those offered, side A's refused with the side B note, the item card drawn kept from the
other seat and a spectator, each ability once, undone), `empty_item_deck` (a turn and the next one
with the item deck and its discard pile empty: moves to a space without a card, the one card the
adventure discards shuffled into a new deck by the replenish and laid on the first empty space in
row order, the next player's move) and the empty companion deck (a campfire without a card, a
companion entered all the same, the replenish; "Draw 2 companion cards" from a deck of two, one
and none, the card put back kept from Bob). Findings 146-148 (fixed in 32c0b30), 157 (the
replenish telling the table two spaces got the one card there was) and 158 (the ability's empty
draw citing the campfire sentence). Written from the rulebook and
the API's own description only (docs/games/pilgrims.md, GET /api/games/pilgrims), never the
referee's code."""

import pytest

from tests.api_table import ApiTable, as_seen, quotes_from, reads_by_others, seat_headers
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

PARTICIPATING = book("The participating companion cards are shown by the white type symbols in the "
                     "adventure card's top-left corner.")
CROSSES = book("They show the number of participating companion cards the player must retire when "
               "completing the adventure.")
SIDE_B = book("Note: For the first game, use side A of the leader tile. In advanced games, try "
              "using side B for different abilities. All players should use the same side.")
SIDE_A = book("Each leader has two abilities: a movement diagram and reserve an adventure card.")
ONCE_PER_ACTIVATION = book("Each ability can be used only once per activation.")
DRAW_ONE = book("• Draw 1 item card from the deck.")
NO_CARD_DRAW = book("If the player moves to a space without a card (either empty or occupied by "
                    "another figure or figures), they draw a card from the corresponding deck.")
RESHUFFLE = book("Place discarded item cards in a face-up discard pile next to the item deck. If the "
                 "item deck runs out of cards, shuffle the discard pile to create a new item deck.")
ROW_BY_ROW = book("Replenish the map row by row from top to bottom, and within each row from left "
                  "to right. If a figure is on a map space, that space doesn't replenish.")
COMPANIONS_IN_BOX = book("• 32 companion cards")
TAKE_FIRST = book("Note: Always take the card first, then move the figure onto the space.")

SHEPHERD = {"name": "Shepherd", "types": ["wanderer", "beast"], "activation": ["star"]}
SCOUNDREL = {"types": ["scoundrel"], "activation": ["notes"]}
WANDERER_AND_BEAST = {"level": 1, "points": 3, "party": ["wanderer", "beast"], "crosses": 1,
                      "cost": ["leaf"]}
LEAFY = {"level": 1, "points": 2, "party": [], "crosses": 0, "cost": ["leaf"]}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def ann_to_play(client, ann, bob=None, options=None, leaders=None, **position):
    """Round 2, Ann (p1) to move from the middle space, Bob (p2) in the corner."""
    return ApiTable(client, {
        "game": GAME, "players": ["Ann", "Bob"],
        "options": {"campfires": CAMPFIRES, "public_quests": QUESTS,
                    "leaders": leaders or {"p1": LEADERS["p1"], "p2": LEADERS["p2"]},
                    **(options or {})},
        "position": {"round": 2, "current": "p1", **position,
                     "players": {"p1": {"figure": [3, 3], **ann},
                                 "p2": {"figure": [5, 5], "hand": [SWORD_FIST], **(bob or {})}}}})


def player(table, seat):
    return table.view(seat)["state"]["players"][seat]


def completions(table, index):
    return [event for event in table.view("p1")["legal"]
            if event["type"] == "complete_adventure" and event.get("index") == index]


# --- multi_type_companion -------------------------------------------------------------------------

def shepherd_and_scoundrel(client, reading):
    """Ann's party: the Shepherd and a scoundrel; the display's first card asks a wanderer and a
    beast, one cross, a leaf. She moves (a compass/leaf) and takes a clover: 2 clovers."""
    table = ann_to_play(client, {"hand": [STAR_LEAF], "clovers": 1,
                                 "party": [{"card": SHEPHERD}, {"card": SCOUNDREL}]},
                        options={"multi_type_companion": reading},
                        display=[WANDERER_AND_BEAST, {"level": 1}, {"level": 1}, {"level": 2},
                                 {"level": 2}])
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "gain_clover", "player": "p1"})
    return table


SHEPHERD_TWICE = {"type": "complete_adventure", "player": "p1", "source": "display", "index": 1,
                  "pay": [{"hand": 1}], "companions": [1, 1], "retire": [1]}
SCOUNDREL_CONVERTED = {"type": "complete_adventure", "player": "p1", "source": "display",
                       "index": 1, "pay": [{"hand": 1}], "companions": [1, 2], "retire": [2],
                       "convert_types": [2]}


def test_multi_type_companion_one_symbol_the_shepherd_named_twice_is_refused(client):
    table = shepherd_and_scoundrel(client, "one_symbol")
    # The listed way: the scoundrel's type converted (2 clovers) to meet the second symbol.
    assert SCOUNDREL_CONVERTED in completions(table, 1)
    assert not [event for event in completions(table, 1) if event["companions"] == [1, 1]]
    before = as_seen(table.view("p1"))
    error = table.refused(SHEPHERD_TWICE, PARTICIPATING)
    assert "multi_type_companion" in error["message"]
    assert as_seen(table.view("p1")) == before
    table.accepted(SCOUNDREL_CONVERTED)
    ann = player(table, "p1")
    assert [entry["card"] for entry in ann["party"]] == [SHEPHERD]
    assert ann["retired"] == [SCOUNDREL] and ann["clovers"] == 0
    assert ann["completed"] == [WANDERER_AND_BEAST]
    table.undo()
    assert as_seen(table.view("p1")) == before


def test_multi_type_companion_each_type_the_shepherd_meets_both_and_the_cross_retires_him(client):
    table = shepherd_and_scoundrel(client, "each_type")
    before = as_seen(table.view("p1"))
    # The scoundrel does not participate: the cross cannot retire it.
    table.refused(dict(SHEPHERD_TWICE, retire=[2]), CROSSES)
    assert as_seen(table.view("p1")) == before
    table.accepted(SHEPHERD_TWICE)
    ann = player(table, "p1")
    assert [entry["card"] for entry in ann["party"]] == [SCOUNDREL]
    assert ann["retired"] == [SHEPHERD]
    # No clover spent: the Shepherd's own two types met the two symbols.
    assert ann["clovers"] == 2 and ann["completed"] == [WANDERER_AND_BEAST]
    # One adventure a turn: what is left is the replenish (and two clovers' item card).
    assert {event["type"] for event in table.view("p1")["legal"]} == {"buy_item", "replenish"}
    table.undo()
    assert as_seen(table.view("p1")) == before
    # The conversion is still open under each_type: the same card, the scoundrel converted.
    table.accepted(SCOUNDREL_CONVERTED)
    assert player(table, "p1")["clovers"] == 0


def test_multi_type_companion_each_type_lists_the_shepherds_completion(client):
    # Ann's party is the Shepherd alone, no clover; she activated her leader with the sword, so
    # her Adventure phase may come. Under each_type she can complete the card (accepted below);
    # the table's list of what she may do should offer it.
    no_cross = dict(WANDERER_AND_BEAST, crosses=0)
    table = ann_to_play(client, {"hand": [STAR_LEAF], "clovers": 0,
                                 "party": [{"card": SHEPHERD}]},
                        options={"multi_type_companion": "each_type"},
                        display=[no_cross, {"level": 1}, {"level": 1}, {"level": 2},
                                 {"level": 2}])
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                    "card": SWORD_FIST})
    table.accepted({"type": "activate", "player": "p1", "character": "leader", "hand": 2})
    completion = {"type": "complete_adventure", "player": "p1", "source": "display", "index": 1,
                  "pay": [{"hand": 1}], "companions": [1, 1], "retire": []}
    listed = completions(table, 1)
    table.accepted(completion)
    assert player(table, "p1")["completed"] == [no_cross]
    assert completion in listed


# --- leader_side B --------------------------------------------------------------------------------

SIDE_B_LEADERS = {"p1": {"activation": ["sword"], "abilities": ["draw item", "gain clover"]},
                  "p2": {"activation": ["notes"], "abilities": ["take item"]}}


def test_side_b_leaders_a_turn_each_with_only_the_abilities_their_tiles_show(client):
    table = ann_to_play(client, {"hand": [SWORD_FIST], "clovers": 0},
                        bob={"hand": [NOTES_SPEECH]},
                        options={"leader_side": "B"}, leaders=SIDE_B_LEADERS)
    assert player(table, "p1")["leader"]["abilities"] == ["draw item", "gain clover"]
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "activate", "player": "p1", "character": "leader", "hand": 1})
    abilities = {event["kind"] for event in table.view("p1")["legal"] if event["type"] == "ability"}
    assert abilities == {"draw item", "gain clover"}

    # Side A's two abilities are not on this tile.
    before = as_seen(table.view("p1"))
    table.refused({"type": "ability", "player": "p1", "kind": "reserve", "source": "display",
                   "index": 1, "adventure": LEAFY}, SIDE_B)
    table.refused({"type": "ability", "player": "p1", "kind": "move", "to": [3, 1],
                   "card": STAR_LEAF}, SIDE_B)
    assert as_seen(table.view("p1")) == before

    # Draw 1 item card: Ann's alone to see; undone, the table as before; then again.
    effects = table.accepted({"type": "ability", "player": "p1", "kind": "draw item",
                              "card": STAR_LEAF})["effects"]
    assert DRAW_ONE in [effect["rule"]["quote"] for effect in effects]
    assert player(table, "p1")["hand"] == [COMPASS_LEAF, STAR_LEAF]
    assert "star" in str(table.view("p1")["state"]["players"]["p1"]["hand"])
    reads = reads_by_others(client, table, "Bob", seat_headers(client, table, "p2"))
    for name, response in reads.items():
        assert "star" not in response.get_data(as_text=True), name
    table.undo()
    assert as_seen(table.view("p1")) == before
    table.accepted({"type": "ability", "player": "p1", "kind": "draw item", "card": STAR_LEAF})
    table.accepted({"type": "ability", "player": "p1", "kind": "gain clover"})
    assert player(table, "p1")["clovers"] == 1
    table.refused({"type": "ability", "player": "p1", "kind": "gain clover"}, ONCE_PER_ACTIVATION)
    table.accepted({"type": "replenish", "player": "p1"})

    # Bob's turn: his tile shows only "take item".
    table.accepted({"type": "move", "player": "p2", "movement": 1, "to": [5, 4],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "activate", "player": "p2", "character": "leader", "hand": 1})
    assert {event["kind"] for event in table.view("p2")["legal"]
            if event["type"] == "ability"} == {"take item"}
    table.refused({"type": "ability", "player": "p2", "kind": "gain clover"}, SIDE_B)


def test_a_side_a_leader_entered_with_other_abilities_is_a_bad_request(client):
    response = client.post("/api/sessions", json={
        "game": GAME, "players": ["Ann", "Bob"],
        "options": {"campfires": CAMPFIRES, "public_quests": QUESTS, "leader_side": "A",
                    "leaders": {"p1": {"activation": ["sword"],
                                       "abilities": ["draw item", "gain clover"]},
                                "p2": LEADERS["p2"]}}})
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["field"].startswith("options.leaders.p1")
    assert SIDE_A in error["rule"]["quote"]


# --- empty_item_deck ------------------------------------------------------------------------------

def no_items_left(client, reading):
    """The item deck and its discard pile empty; B3 ([3, 2]) empty, nothing under the figures."""
    board = [[None] * 5 for _ in range(5)]
    board[2][1] = board[2][2] = board[4][4] = "empty"
    return ann_to_play(client, {"hand": [STAR_LEAF]}, options={"empty_item_deck": reading},
                       decks={"item": 0, "discard": 0}, map=board,
                       display=[LEAFY, {"level": 1}, {"level": 1}, {"level": 2}, {"level": 2}])


def empty_spaces(table):
    state = table.view("p1")["state"]
    return [[r, c] for r in range(1, 6) for c in range(1, 6)
            if state["map"][r - 1][c - 1] is None and [r, c] not in state["figures"].values()]


TO_B3 = {"type": "move", "player": "p1", "movement": 1, "to": [3, 2]}
ONTO_BOB = {"type": "move", "player": "p1", "movement": 1, "to": [5, 5]}


def test_empty_item_deck_nothing_ann_moves_to_an_empty_space_and_draws_nothing(client):
    table = no_items_left(client, "nothing")
    legal = table.view("p1")["legal"]
    assert TO_B3 in legal and ONTO_BOB in legal
    # A card entered for the draw cannot come from an empty deck and pile.
    table.refused(dict(TO_B3, card=COMPASS_LEAF), RESHUFFLE)
    effects = table.accepted(TO_B3)["effects"]
    assert NO_CARD_DRAW in [effect["rule"]["quote"] for effect in effects]
    ann = player(table, "p1")
    assert ann["hand"] == [STAR_LEAF] and table.view("p1")["state"]["figures"]["p1"] == [3, 2]

    # Her leaf pays the level I card: the one card in the discard pile.
    table.accepted({"type": "gain_clover", "player": "p1"})
    table.accepted({"type": "complete_adventure", "player": "p1", "source": "display", "index": 1,
                    "pay": [{"hand": 1}], "companions": [], "retire": []})
    state = table.view("p1")["state"]
    assert (state["decks"]["item"], state["decks"]["discard"]) == (0, 1)
    assert empty_spaces(table) == [[3, 3]]

    # The replenish shuffles it into a new deck and lays it on C3, the space Ann left.
    effects = table.accepted({"type": "replenish", "player": "p1"})["effects"]
    quotes = [effect["rule"]["quote"] for effect in effects]
    assert RESHUFFLE in quotes and ROW_BY_ROW in quotes
    state = table.view("p2")["state"]
    assert (state["decks"]["item"], state["decks"]["discard"]) == (0, 0)
    assert empty_spaces(table) == [] and state["current"] == "p2"

    # Bob moves onto Ann's figure: nothing to draw, he moves all the same.
    bob_onto_ann = {"type": "move", "player": "p2", "movement": 1, "to": [3, 2]}
    assert bob_onto_ann in table.view("p2")["legal"]
    effects = table.accepted(bob_onto_ann)["effects"]
    assert NO_CARD_DRAW in [effect["rule"]["quote"] for effect in effects]
    assert player(table, "p2")["hand"] == [SWORD_FIST]


def test_empty_item_deck_refuse_move_the_same_moves_are_refused_and_not_listed(client):
    table = no_items_left(client, "refuse_move")
    legal = table.view("p1")["legal"]
    assert TO_B3 not in legal and ONTO_BOB not in legal
    before = as_seen(table.view("p1"))
    for move in (TO_B3, ONTO_BOB):
        error = table.refused(move, RESHUFFLE)
        assert "no card to draw" in error["message"]
    assert as_seen(table.view("p1")) == before

    # A move to a space with a card is made as ever.
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 4],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "gain_clover", "player": "p1"})
    table.accepted({"type": "complete_adventure", "player": "p1", "source": "display", "index": 1,
                    "pay": [{"hand": 1}], "companions": [], "retire": []})
    assert empty_spaces(table) == [[3, 2], [3, 3]]
    table.accepted({"type": "replenish", "player": "p1"})
    # The one card shuffled from the discard pile lies on B3, first in row order; C3 stays empty.
    assert empty_spaces(table) == [[3, 3]]

    # Bob may not move to C3 now, nor onto Ann's figure; B3's card he may take.
    bob_to_c3 = {"type": "move", "player": "p2", "movement": 1, "to": [3, 3]}
    bob_listed = [event for event in table.view("p2")["legal"] if event["type"] == "move"]
    assert bob_to_c3 not in bob_listed
    table.refused(bob_to_c3, RESHUFFLE)
    table.refused({"type": "move", "player": "p2", "movement": 1, "to": [3, 4]}, RESHUFFLE)
    assert {"type": "move", "player": "p2", "movement": 1, "to": [3, 2],
            "open": ["card"]} in bob_listed
    table.accepted({"type": "move", "player": "p2", "movement": 1, "to": [3, 2],
                    "card": NOTES_SPEECH})
    assert player(table, "p2")["hand"] == [SWORD_FIST, NOTES_SPEECH]


# --- the empty companion deck ---------------------------------------------------------------------

def test_an_empty_companion_deck_a_campfire_without_a_card_gives_nothing(client):
    board = [[None] * 5 for _ in range(5)]
    board[1][1] = board[2][2] = board[4][4] = "empty"
    table = ann_to_play(client, {"hand": [STAR_LEAF]}, decks={"companion": 0}, map=board)
    to_campfire = {"type": "move", "player": "p1", "movement": 1, "to": [2, 2]}
    assert to_campfire in table.view("p1")["legal"]
    before = as_seen(table.view("p1"))
    table.refused(dict(to_campfire, card={"types": ["beast"], "activation": ["star"]}),
                  COMPANIONS_IN_BOX)
    assert as_seen(table.view("p1")) == before
    table.accepted(to_campfire)
    assert player(table, "p1")["party"] == []
    table.accepted({"type": "gain_clover", "player": "p1"})
    # The replenish fills C3 (the space Ann left) with an item card; the campfire stays bare
    # under her figure.
    table.accepted({"type": "replenish", "player": "p1"})
    state = table.view("p2")["state"]
    assert state["map"][2][2] is not None and state["map"][1][1] is None
    assert state["decks"]["companion"] == 0


# --- a position with a card under a figure --------------------------------------------------------

def test_a_position_with_a_card_under_a_figure_is_refused(client):
    board = [[None] * 5 for _ in range(5)]
    board[2][2] = STAR_LEAF
    board[4][4] = "empty"
    response = client.post("/api/sessions", json={
        "game": GAME, "players": ["Ann", "Bob"],
        "options": {"campfires": CAMPFIRES, "public_quests": QUESTS,
                    "leaders": {"p1": LEADERS["p1"], "p2": LEADERS["p2"]}},
        "position": {"round": 2, "current": "p1", "map": board,
                     "players": {"p1": {"figure": [3, 3], "hand": [STAR_LEAF]},
                                 "p2": {"figure": [5, 5], "hand": [SWORD_FIST]}}}})
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["field"].startswith("position.map")
    assert error["rule"]["quote"] in (TAKE_FIRST, ROW_BY_ROW, NO_CARD_DRAW)


def test_the_replenish_tells_the_table_only_one_space_got_the_one_card(client):
    # refuse_move's stretch above: B3 and C3 empty, one card in the discard pile. The shuffled
    # deck holds one card: B3 gets it, C3 stays empty; the table should be told so.
    table = no_items_left(client, "refuse_move")
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 4],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "gain_clover", "player": "p1"})
    table.accepted({"type": "complete_adventure", "player": "p1", "source": "display", "index": 1,
                    "pay": [{"hand": 1}], "companions": [], "retire": []})
    effects = table.accepted({"type": "replenish", "player": "p1"})["effects"]
    assert empty_spaces(table) == [[3, 3]]
    row_by_row = [effect["text"] for effect in effects if effect["rule"]["quote"] == ROW_BY_ROW]
    assert row_by_row and "1 map space" in row_by_row[0]


# --- "Draw 2 companion cards" from a deck of two, one, none ------------------------------------------

DRAW_TWO_COMPANIONS = book("• Draw 2 companion cards from the deck. Keep one, then put the other "
                           "face-down on the bottom of the companion deck.")
DRAWS_COMPANIONS = {"types": ["beast"], "activation": ["star"], "abilities": ["draw companion"]}
WANDERER = {"types": ["wanderer"], "activation": ["notes"]}
NOBLEHEART = {"types": ["nobleheart"], "activation": ["sword"]}


def drawing_companions(client, left_in_deck):
    """Ann's beast that draws companions, activated with her star/leaf; so many left in the deck."""
    table = ann_to_play(client, {"hand": [STAR_LEAF], "party": [{"card": DRAWS_COMPANIONS}]},
                        decks={"companion": left_in_deck})
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "activate", "player": "p1", "character": 1, "hand": 1})
    return table


DRAW_TWO_KEEP_ONE = {"type": "ability", "player": "p1", "kind": "draw companion",
                     "card": WANDERER, "bottom": NOBLEHEART}


def test_draw_two_companions_keep_one_the_other_to_the_bottom_unseen_by_bob(client):
    table = drawing_companions(client, 2)
    effects = table.accepted(DRAW_TWO_KEEP_ONE)["effects"]
    assert DRAW_TWO_COMPANIONS in [effect["rule"]["quote"] for effect in effects]
    state = table.view("p1")["state"]
    assert [entry["card"] for entry in state["players"]["p1"]["party"]] == [
        DRAWS_COMPANIONS, WANDERER]
    assert state["decks"]["companion"] == 1
    assert [entry["card"] for entry in state["deck_bottoms"]] == [NOBLEHEART]
    # The card put face down is Ann's alone to know.
    bob = table.view("p2")["state"]
    assert [entry["card"] for entry in bob["deck_bottoms"]] == [None]


def test_draw_two_companions_from_a_deck_of_one_keeps_the_one(client):
    table = drawing_companions(client, 1)
    before = as_seen(table.view("p1"))
    table.refused(DRAW_TWO_KEEP_ONE, COMPANIONS_IN_BOX)
    assert as_seen(table.view("p1")) == before
    table.accepted({"type": "ability", "player": "p1", "kind": "draw companion",
                    "card": WANDERER})
    state = table.view("p1")["state"]
    assert state["decks"]["companion"] == 0 and state["deck_bottoms"] == []
    assert [entry["card"] for entry in state["players"]["p1"]["party"]][-1] == WANDERER


def test_draw_two_companions_from_an_empty_deck_cites_the_ability(client):
    table = drawing_companions(client, 0)
    # A card entered all the same cannot come from the empty deck.
    table.refused({"type": "ability", "player": "p1", "kind": "draw companion",
                   "card": WANDERER}, COMPANIONS_IN_BOX)
    effects = table.accepted({"type": "ability", "player": "p1",
                              "kind": "draw companion"})["effects"]
    assert [entry["card"] for entry in player(table, "p1")["party"]] == [DRAWS_COMPANIONS]
    assert DRAW_TWO_COMPANIONS in [effect["rule"]["quote"] for effect in effects]
