"""We Forlorn Few, outsider scenarios round 18 (file 12): the Exploration Bag from the game's first
Season card under `starting_bag` both ways (the one ruling no round played); the NOTE on a Ravenous
Traveler standing on a face-down tile that another Traveler flips to a Trading Post (moved off,
where it may not go, the Hunger it adds, a fourth Hunger, undone); an Event card that names a
Ravenous Player among the others (the FAQ); and a whole first round of three Players from the start
with the mistakes a table makes along it — the wrong seat, a die out of range, a Gather twice, the
Event card skipped, the Season card of round two by the old First Player — each refused with its
sentence and nothing changed, then the First-Player token passed and round two's Season card
undone; a Season card's items placed where a Traveler stands; and, under `all_journeys`, the
Travelers who reached Newhaven out of the others' reach; a Ravenous turn offered step by step; a
Holster carrying a Pistol paid away at a Trading Post. Written from the rulebook and the API's own
description only (docs/games/we-forlorn-few.md, GET /api/games/we-forlorn-few), never the referee's
code."""

import json

import pytest

from tests.api_table import ApiTable, as_seen, quotes_from, reads_by_others, seat_headers

GAME = "we-forlorn-few"
book = quotes_from(GAME)

BAG_FILLS = book("Adding tokens to the Exploration Bag: When resolving a Season card, all the "
                 "tokens that are listed on the card are to be immediately added to the "
                 "Exploration Bag from the Stockpile.")
TRADING_POST_FLIPPED = book("NOTE: If a Ravenous Traveler is on a face-down tile and another "
                            "Traveler flips it to reveal a Trading Post tile, the Ravenous Traveler "
                            "immediately moves to an adjacent tile and adds one Hunger to their "
                            "Player board.")
NOT_ONTO = book("Ravenous Travelers cannot move onto Trading Post tiles, Cedar Falls or Newhaven.")
FOURTH_HUNGER = book("Note: If a Ravenous Traveler adds a fourth Hunger token to their Player "
                     "board, either by losing Combat, or by gaining a Hunger token at the start of "
                     "their turn, they have perished and they are out of the game.")
NOT_ON_RAVENOUS = book("No, Event cards do not affect you.")
SEASON_BY_FIRST = book("At the beginning of each round the First Player will draw the top Season "
                       "card, read it aloud and resolve it.")
TURN_ORDER = book("Beginning with the First Player and moving to the left, the Player turns are "
                  "resolved.")
EVENT_BEFORE_ENDING = book("The Active Player must draw and resolve an Event card before ending "
                           "their turn.")
GATHER_OR_EXPLORE = book("During the Gathering Phase, Players can take the following actions: "
                         "receive Tool Bonuses, then Gather Resources OR Explore.")

QUIET = "Quiet Night"

# Cedar Falls, the Prairie A, the Mountain B with a Trading Post, the face-down X, the Desert C
# with two Food placed on it, Newhaven.
TRAIL = [
    {"name": "CF", "kind": "Cedar Falls", "travel_cost": {"food": 1}, "adjacent": ["A"]},
    {"name": "A", "kind": "Prairie", "travel_cost": {"food": 1, "wood": 1},
     "resources": ["food", "water", "wood"], "adjacent": ["B", "X"]},
    {"name": "B", "kind": "Mountain", "travel_cost": {"wood": 1}, "resources": ["water"],
     "trading_post": True, "adjacent": ["X", "C"]},
    {"name": "X", "face_up": False, "adjacent": ["C"]},
    {"name": "C", "kind": "Desert", "travel_cost": {"water": 1}, "resources": ["water"],
     "adjacent": ["NH"], "placed": {"food": 2}},
    {"name": "NH", "kind": "Newhaven", "adjacent": []},
]
NOTHING = {"food": 0, "water": 0, "wood": 0}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def new_game(client, players=("Ann", "Bob"), **options):
    return ApiTable(client, {"game": GAME, "players": list(players),
                             "options": {"terrain": TRAIL, **options}})


def board(table, seat):
    return table.view()["state"]["players"][seat]


def refused_unchanged(table, event, quote, status=422):
    """Refused with `quote` as its rule (or among its rules), nothing in the game changed."""
    before, seq = as_seen(table.view()), table.seq
    response = table.send(event)
    assert response.status_code == status, response.get_json()
    error = response.get_json()["error"]
    quotes = [error["rule"]["quote"]] + [rule["quote"] for rule in error.get("rules", [])]
    assert any(quote in entry for entry in quotes), (quote, quotes, error["message"])
    assert table.seq == seq and as_seen(table.view()) == before
    return error


# --- The Exploration Bag from the first Season card (starting_bag) -------------------------------

THAW = {"type": "season", "player": "p1", "card": "Thaw", "season": "spring",
        "add_to_bag": {"food": 1, "hunger": 1}}


def explore(seat, token):
    return {"type": "explore", "player": seat, "draw": token}


def first_turn_explored(client, **options):
    """Round 1: Ann resolves Thaw (1 Food and 1 Hunger into the bag), stays in Cedar Falls,
    explores and draws the Hunger, and resolves a quiet Event card; Bob is on turn."""
    table = new_game(client, **options)
    table.accepted(THAW)
    table.accepted(explore("p1", "hunger"))
    table.accepted({"type": "event_card", "player": "p1", "card": QUIET})
    assert table.view()["current_players"] == ["p2"]
    assert board(table, "p1")["ailments"]["hunger"] == 1
    return table


def test_an_empty_starting_bag_holds_only_what_the_season_card_put_in_it(client):
    table = first_turn_explored(client)
    assert table.view()["state"]["bag"] == {"food": 1, "water": 0, "wood": 0, "hunger": 0,
                                            "thirst": 0, "wagon_damage": 0}
    # Nothing put a Water in the bag, nor a second Hunger: Bob cannot draw either.
    refused_unchanged(table, explore("p2", "water"), BAG_FILLS)
    refused_unchanged(table, explore("p2", "hunger"), BAG_FILLS)
    table.accepted(explore("p2", "food"))
    assert board(table, "p2")["resources"] == {"food": 2, "water": 1, "wood": 1}
    assert table.view()["state"]["bag"]["food"] == 0
    # Undone: the Food is back in the bag and Bob's draw is his to make again.
    table.undo()
    assert table.view()["state"]["bag"]["food"] == 1
    assert board(table, "p2")["resources"] == {"food": 1, "water": 1, "wood": 1}


def test_a_bag_not_tracked_accepts_any_token_and_changes_nothing_else(client):
    table = first_turn_explored(client, starting_bag="not_tracked")
    # The table's own start: what was in the bag before Thaw is not counted, so Bob's Water
    # and a second Hunger are draws the referee cannot refuse.
    table.accepted(explore("p2", "water"))
    assert board(table, "p2")["resources"] == {"food": 1, "water": 2, "wood": 1}
    table.undo()
    table.accepted(explore("p2", "hunger"))
    assert board(table, "p2")["ailments"]["hunger"] == 1
    # Everything else of the turn is as printed: Bob's Gathering Phase is over, his Camp is on.
    assert table.view()["phase"] == "turn_camp"
    refused_unchanged(table, explore("p2", "food"), GATHER_OR_EXPLORE)


# --- A Ravenous Traveler on a face-down tile flipped to a Trading Post ---------------------------

TRADING_POST = {"kind": "Mountain", "travel_cost": {"wood": 1}, "resources": ["water"],
                "trading_post": True}


def ann_beside_ravenous_bob_on_x(client, hunger=1):
    """Round 2, Ann's Travel Phase on the Prairie A with 2 Food and 2 Wood; Bob, Ravenous with
    `hunger` Hunger, stands on the face-down X."""
    return ApiTable(client, {
        "game": GAME, "players": ["Ann", "Bob"], "options": {"terrain": TRAIL},
        "position": {"round": 2, "season_deck": 10, "first_player": "p1", "phase": "travel",
                     "current": "p1", "players": {
                         "p1": {"tile": "A", "resources": {"food": 2, "wood": 2}},
                         "p2": {"tile": "X", "status": "ravenous", "hunger": hunger}}}})


def to_x(**extra):
    return {"type": "travel", "player": "p1", "to": "X", "reveal": TRADING_POST, **extra}


def test_a_ravenous_traveler_moves_off_a_tile_flipped_to_a_trading_post_and_hungers(client):
    table = ann_beside_ravenous_bob_on_x(client)
    before = as_seen(table.view())
    # The table must say where Bob goes; not onto the Trading Post B, not to a tile that is not
    # adjacent to X.
    refused_unchanged(table, to_x(), TRADING_POST_FLIPPED)
    refused_unchanged(table, to_x(ravenous_moves={"p2": "B"}), NOT_ONTO)
    refused_unchanged(table, to_x(ravenous_moves={"p2": "NH"}), TRADING_POST_FLIPPED)
    table.accepted(to_x(ravenous_moves={"p2": "C"}))
    state = table.view()["state"]
    assert state["tiles"]["X"]["face_up"] is True and state["tiles"]["X"]["trading_post"] is True
    assert board(table, "p1")["tile"] == "X"
    assert board(table, "p1")["resources"] == {"food": 1, "water": 0, "wood": 1}
    bob = board(table, "p2")
    assert (bob["tile"], bob["status"], bob["hunger"]) == ("C", "ravenous", 2)
    # Moved by the NOTE, not by his own Movement: he picks up nothing of C's two Food.
    assert bob["resources"] == NOTHING and state["tiles"]["C"]["placed"]["food"] == 2
    # Ann goes on to her Gathering Phase.
    assert table.view()["phase"] == "turn_gathering"
    assert table.view()["current_players"] == ["p1"]
    # Undone: X face down again, Bob back on it with one Hunger, Ann on A with what she paid.
    table.undo()
    assert as_seen(table.view()) == before


def test_the_hunger_added_off_a_revealed_trading_post_may_be_the_fourth(client):
    # The fourth-Hunger note names losing Combat and the start of a turn; the NOTE's Hunger is a
    # Hunger token added to the board all the same: Bob has perished and is out of the game.
    table = ann_beside_ravenous_bob_on_x(client, hunger=3)
    table.accepted(to_x(ravenous_moves={"p2": "A"}))
    bob = board(table, "p2")
    assert bob["status"] == "out" and bob["hunger"] == 4
    view = table.view()
    # Ann is the one Traveler left and plays on; nobody has won.
    assert view["over"] is False and view["current_players"] == ["p1"]


# --- An Event card among the others names a Ravenous Player --------------------------------------

def ann_drawing_her_event_card(client):
    """Round 2, Ann's Event Phase on A; Bob, Ravenous, on X; Cat, a Traveler, on A."""
    return ApiTable(client, {
        "game": GAME, "players": ["Ann", "Bob", "Cat"], "options": {"terrain": TRAIL},
        "position": {"round": 2, "season_deck": 10, "first_player": "p1", "phase": "event",
                     "current": "p1", "players": {
                         "p1": {"tile": "A"},
                         "p2": {"tile": "X", "status": "ravenous", "hunger": 1},
                         "p3": {"tile": "A"}}}})


def dust_storm(others):
    return {"type": "event_card", "player": "p1", "card": "Dust storm",
            "ailments": {"wagon_damage": 1}, "others": others}


def test_an_event_card_does_not_reach_a_ravenous_player(client):
    table = ann_drawing_her_event_card(client)
    refused_unchanged(table, dust_storm({"p2": {"ailments": {"wagon_damage": 1}}}),
                      NOT_ON_RAVENOUS)
    refused_unchanged(table, dust_storm({"p2": {"ailments": {"hunger": 1}},
                                         "p3": {"ailments": {"wagon_damage": 1}}}),
                      NOT_ON_RAVENOUS)
    table.accepted(dust_storm({"p3": {"ailments": {"wagon_damage": 1}}}))
    assert board(table, "p1")["ailments"]["wagon_damage"] == 1
    assert board(table, "p3")["ailments"]["wagon_damage"] == 1
    assert board(table, "p2")["hunger"] == 1
    # Ann's turn is over: Bob's Ravenous turn begins with his Movement Phase.
    assert table.view()["current_players"] == ["p2"]
    assert table.view()["phase"] == "ravenous_movement"


# --- A whole first round of three, with the table's mistakes --------------------------------------

def test_round_one_of_three_players_from_the_start_with_the_tables_mistakes(client):
    table = new_game(client, players=("Ann", "Bob", "Cat"))
    # Bob reaching for the Season card: it is the First Player's.
    refused_unchanged(table, {**THAW, "player": "p2"}, SEASON_BY_FIRST)
    table.accepted(THAW)
    assert table.view()["state"]["season_deck"] == 11
    # Ann travels from Cedar Falls to the Prairie A, paying its one Food.
    refused_unchanged(table, {"type": "travel", "player": "p2", "to": "A"}, TURN_ORDER)
    table.accepted({"type": "travel", "player": "p1", "to": "A"})
    assert board(table, "p1")["resources"] == {"food": 0, "water": 1, "wood": 1}
    # A die shows Worth 2, 1 or 0: a 3 is no roll (a 400 naming the field, nothing written).
    seq = table.seq
    response = table.send({"type": "gather", "player": "p1", "roll": 3, "take": ["food"] * 3})
    assert response.status_code == 400 and "roll" in json.dumps(response.get_json()["error"])
    assert table.seq == seq
    table.accepted({"type": "gather", "player": "p1", "roll": 2, "take": ["food", "wood"]})
    assert board(table, "p1")["resources"] == {"food": 1, "water": 1, "wood": 2}
    # Gather OR Explore, once: a second Gather is refused.
    refused_unchanged(table, {"type": "gather", "player": "p1", "roll": 1, "take": ["water"]},
                      GATHER_OR_EXPLORE)
    table.accepted({"type": "end_camp", "player": "p1"})
    # The Event card is not skipped: Bob cannot begin while Ann's is unresolved.
    refused_unchanged(table, {"type": "stay", "player": "p2"}, EVENT_BEFORE_ENDING)
    assert table.view()["current_players"] == ["p1"]
    table.accepted({"type": "event_card", "player": "p1", "card": QUIET})
    # Bob stays and explores: the bag's Food.
    table.accepted({"type": "stay", "player": "p2"})
    table.accepted(explore("p2", "food"))
    table.accepted({"type": "event_card", "player": "p2", "card": QUIET})
    # Cat travels to A and gathers one Water; her Event card ends the round.
    table.accepted({"type": "travel", "player": "p3", "to": "A"})
    table.accepted({"type": "gather", "player": "p3", "roll": 1, "take": ["water"]})
    table.accepted({"type": "event_card", "player": "p3", "card": QUIET})
    view = table.view()
    # The First-Player token has passed to Bob: round 2's Season card is his, not Ann's.
    assert view["state"]["first_player"] == "p2" and view["state"]["round"] == 2
    assert view["current_players"] == ["p2"]
    spring = {"type": "season", "player": "p1", "card": "Rain", "season": "spring",
              "add_to_bag": {"water": 2}}
    error = refused_unchanged(table, spring, SEASON_BY_FIRST)
    assert "Bob" in error["message"]
    before = as_seen(table.view())
    table.accepted({**spring, "player": "p2"})
    state = table.view()["state"]
    assert state["season_deck"] == 10 and state["bag"]["water"] == 2
    # Bob, the First Player, plays first in round 2.
    assert table.view()["current_players"] == ["p2"]
    table.undo()
    assert as_seen(table.view()) == before
    # What each board holds after round 1, as Cat's phone and a spectator read it alike.
    reads = reads_by_others(client, table, "p3", seat_headers(client, table, "p3"))
    seen = reads["spectator view"].get_json()["state"]["players"]
    assert {seat: (seen[seat]["tile"], seen[seat]["resources"]) for seat in seen} == {
        "p1": ("A", {"food": 1, "water": 1, "wood": 2}),
        "p2": ("CF", {"food": 2, "water": 1, "wood": 1}),
        "p3": ("A", {"food": 0, "water": 2, "wood": 1})}


# --- A Season card placing items on the tile a Traveler stands on ---------------------------------

PLACED_ITEMS = book("When a Player travels to, or is moved to, a Terrain tile that has any tokens "
                    "and/or cards placed on it, they immediately add everything currently on the "
                    "tile to their Player board.")
BAG_DRAW_TOKEN = book("If a Player picks up one of these tokens, they must immediately draw from "
                      "the Exploration Bag.")
SUPPLY_DROP = {"type": "season", "player": "p1", "card": "Supply drop", "season": "summer",
               "add_to_bag": {"hunger": 1}, "place": [{"tile": "A", "food": 2, "bag_draw": 1}]}


def supply_drop_on_anns_tile(client):
    """Round 4 (the first Summer card), Ann on the Prairie A, Bob on the Mountain B; Ann resolves a
    Summer card that puts a Hunger in the bag and places 2 Food and a Bag Draw token on A."""
    table = ApiTable(client, {
        "game": GAME, "players": ["Ann", "Bob"], "options": {"terrain": TRAIL},
        "position": {"round": 4, "season_deck": 9, "first_player": "p1", "phase": "season",
                     "players": {"p1": {"tile": "A"}, "p2": {"tile": "B"}}}})
    table.accepted(SUPPLY_DROP)
    return table


def test_items_placed_where_a_traveler_stands_wait_for_one_who_travels_there(client):
    table = supply_drop_on_anns_tile(client)
    placed = table.view()["state"]["tiles"]["A"]["placed"]
    assert (placed["food"], placed["bag_draw"]) == (2, 1)
    # Ann neither travelled to A nor was moved there: staying, she adds nothing.
    table.accepted({"type": "stay", "player": "p1"})
    table.accepted({"type": "gather", "player": "p1", "roll": 1, "take": ["water"]})
    assert board(table, "p1")["resources"] == {"food": 1, "water": 2, "wood": 1}
    table.accepted({"type": "event_card", "player": "p1", "card": QUIET})
    assert table.view()["state"]["tiles"]["A"]["placed"]["food"] == 2
    # Bob travels from B to A (one Wood) and picks everything up; the Bag Draw token makes him
    # draw at once — the Hunger the Summer card put in the bag, and nothing else is in it.
    to_a = {"type": "travel", "player": "p2", "to": "A"}
    seq = table.seq
    response = table.send(to_a)
    assert response.status_code == 400
    assert response.get_json()["error"]["field"] == "event.draws" and table.seq == seq
    refused_unchanged(table, {**to_a, "draws": ["hunger", "hunger"]}, BAG_DRAW_TOKEN)
    refused_unchanged(table, {**to_a, "draws": ["food"]}, BAG_FILLS)
    before = as_seen(table.view())
    answer = table.accepted({**to_a, "draws": ["hunger"]})
    cited = [effect["rule"]["quote"] for effect in answer["effects"] if effect.get("rule")]
    assert PLACED_ITEMS in cited and BAG_DRAW_TOKEN in cited
    bob = board(table, "p2")
    assert (bob["tile"], bob["resources"], bob["ailments"]["hunger"]) == (
        "A", {"food": 3, "water": 1, "wood": 0}, 1)
    state = table.view()["state"]
    assert state["tiles"]["A"]["placed"]["food"] == 0
    assert state["tiles"]["A"]["placed"]["bag_draw"] == 0 and state["bag"]["hunger"] == 0
    # Undone: the 2 Food and the Bag Draw token lie on A again, the Hunger back in the bag.
    table.undo()
    assert as_seen(table.view()) == before


# --- Under all_journeys, the Travelers who reached Newhaven are out of the others' reach ----------

JOURNEY_OVER = book("Once a Traveler reaches Newhaven their journey is over and they have completed "
                    "the game.")
UNSEEMLY = book("A: No, attacking a Traveler in a city would be unseemly.")
OBJECTIVE = book("The objective of the game is to be the first Traveler to successfully cross the "
                 "Game Board and reach Newhaven.")


def bob_beside_newhaven(client, phase):
    """Round 4 under `all_journeys`: Ann reached Newhaven first; Bob (the First Player, on turn in
    `phase`) and Cat stand on the Desert C beside it."""
    return ApiTable(client, {
        "game": GAME, "players": ["Ann", "Bob", "Cat"],
        "options": {"terrain": TRAIL, "game_ends_at": "all_journeys"},
        "position": {"round": 4, "season_deck": 8, "first_player": "p2", "phase": phase,
                     "current": "p2", "arrivals": ["p1"], "players": {
                         "p1": {"tile": "NH", "status": "arrived"},
                         "p2": {"tile": "C", "resources": {"food": 2}},
                         "p3": {"tile": "C"}}}})


def test_under_all_journeys_an_arrived_traveler_is_out_of_reach_and_passed_over(client):
    table = bob_beside_newhaven(client, "camp")
    refused_unchanged(table, {"type": "trade", "player": "p2", "with": "p1",
                              "give": {"food": 1}, "get": {}}, JOURNEY_OVER)
    refused_unchanged(table, {"type": "combat", "player": "p2", "target": "p1", "dice": [2],
                              "target_dice": [0]}, UNSEEMLY)
    # Cat, still on her journey beside him, can be traded with.
    table.accepted({"type": "trade", "player": "p2", "with": "p3", "give": {"food": 1}, "get": {},
                    "accepted": True})
    assert board(table, "p3")["resources"]["food"] == 2
    table.accepted({"type": "end_camp", "player": "p2"})
    # An Event card reaches the other Players still journeying, not Ann.
    plague = {"type": "event_card", "player": "p2", "card": "Plague", "ailments": {"hunger": 1}}
    refused_unchanged(table, {**plague, "others": {"p1": {"ailments": {"hunger": 1}}}},
                      JOURNEY_OVER)
    table.accepted({**plague, "others": {"p3": {"ailments": {"hunger": 1}}}})
    assert board(table, "p1")["ailments"]["hunger"] == 0
    assert board(table, "p3")["ailments"]["hunger"] == 1
    # Cat reaches Newhaven second (C's Travel Cost: one Water); Ann is still the winner, and the
    # game goes on while Bob journeys.
    before = as_seen(table.view())
    table.accepted({"type": "travel", "player": "p3", "to": "NH"})
    view = table.view()
    assert view["state"]["arrivals"] == ["p1", "p3"] and view["over"] is False
    assert view["scores"]["winners"] == ["p1"]
    assert view["scores"]["decided_by"]["rule"]["quote"] == OBJECTIVE
    # The First-Player token passes left over the two who completed the game: Bob resolves the
    # next Season card.
    assert (view["phase"], view["current_players"], view["state"]["first_player"]) == (
        "season", ["p2"], "p2")
    table.undo()
    assert as_seen(table.view()) == before


# --- A Ravenous turn: what the phone offers at each step ------------------------------------------

EACH_OPPONENT_HERE = book("During the Combat Phase a Ravenous Traveler may initiate Combat against "
                          "each opponent on their current tile.")
ONCE_EACH = book("They may only attack each Player once per turn.")
HUNGER_AFTER_RETREAT = book("After completing their Retreat Phase, the Ravenous Player adds one "
                            "Hunger token to their Player board and ends their turn.")
RETREAT = book("After the Combat Phase, Ravenous Travelers must move to an adjacent tile, following "
               "their movement rules and restrictions.")


def test_a_ravenous_turn_offers_what_the_book_allows_at_each_step(client):
    # Round 4: Bob, Ravenous with 2 Hunger, on the face-down X (next to A, B and C); Ann on the
    # Prairie A, Cat on the Desert C. Bob's turn.
    table = ApiTable(client, {
        "game": GAME, "players": ["Ann", "Bob", "Cat"], "options": {"terrain": TRAIL},
        "position": {"round": 4, "season_deck": 8, "first_player": "p1",
                     "phase": "ravenous_movement", "current": "p2", "players": {
                         "p1": {"tile": "A"}, "p2": {"tile": "X", "status": "ravenous",
                                                     "hunger": 2},
                         "p3": {"tile": "C"}}}})
    # Up to two tiles, never onto the Trading Post B, Cedar Falls or Newhaven.
    paths = [event["path"] for event in table.view()["legal"] if event["type"] == "ravenous_move"]
    assert sorted(paths) == [[], ["A"], ["A", "X"], ["C"], ["C", "X"]]
    table.accepted({"type": "ravenous_move", "player": "p2", "path": ["C"]})
    # Combat: only Cat shares his tile; Ann, on A, is not his to attack.
    offered = {event.get("target") for event in table.view()["legal"]
               if event["type"] == "ravenous_attack"}
    assert offered == {"p3"}
    refused_unchanged(table, {"type": "ravenous_attack", "player": "p2", "target": "p1",
                              "dice": [2, 2], "target_dice": [0]}, EACH_OPPONENT_HERE)
    # One die a Hunger; a tie: nothing happens, and Cat has been attacked once this turn.
    before = as_seen(table.view())
    table.accepted({"type": "ravenous_attack", "player": "p2", "target": "p3", "dice": [1, 0],
                    "target_dice": [1]})
    assert board(table, "p3")["companions"] == 4 and board(table, "p2")["hunger"] == 2
    assert [event["type"] for event in table.view()["legal"]] == ["end_combat"]
    refused_unchanged(table, {"type": "ravenous_attack", "player": "p2", "target": "p3",
                              "dice": [2, 2], "target_dice": [0]}, ONCE_EACH)
    table.undo()
    assert as_seen(table.view()) == before
    table.accepted({"type": "ravenous_attack", "player": "p2", "target": "p3", "dice": [1, 0],
                    "target_dice": [1]})
    # The Retreat: from C only to the face-down X (B is a Trading Post, NH Newhaven).
    table.accepted({"type": "end_combat", "player": "p2"})
    assert [event.get("to") for event in table.view()["legal"] if event["type"] == "retreat"] == [
        "X"]
    refused_unchanged(table, {"type": "retreat", "player": "p2", "to": "B"}, NOT_ONTO)
    answer = table.accepted({"type": "retreat", "player": "p2", "to": "X"})
    cited = [effect["rule"]["quote"] for effect in answer["effects"] if effect.get("rule")]
    assert RETREAT in cited and HUNGER_AFTER_RETREAT in cited
    bob = board(table, "p2")
    assert (bob["tile"], bob["hunger"]) == ("X", 3)
    assert table.view()["state"]["tiles"]["X"]["face_up"] is False
    assert table.view()["current_players"] == ["p3"]


# --- A Storage card carrying a Pistol paid away at a Trading Post (the FAQ) -----------------------

BOTH_DISCARDED = book("A: In this instance, both cards would be discarded.")
PISTOL = {"name": "Pistol", "type": "weapon", "value": 2, "dice": 1}
HOLSTER = {"name": "Holster", "type": "storage", "value": 1, "holds": {"tool": 0, "weapon": 1}}
KNIFE = {"name": "Knife", "type": "weapon", "value": 1, "dice": 0}
SNARE = {"name": "Snare", "type": "tool", "value": 2, "bonus": "food"}
RIFLE = {"name": "Rifle", "type": "weapon", "value": 3, "dice": 1}


@pytest.mark.parametrize("load", [None, "discarded", "kept"])
def test_a_holster_paid_at_a_trading_post_takes_its_pistol_with_it(client, load):
    # Ann (a Matriarch with one Tool slot, no Weapon slot, one Storage slot) in her Camp Phase on
    # the Mountain B, a Trading Post, her Holster carrying a Pistol. The Post shows a Knife, a
    # Snare and a Rifle; she buys the Snare (Value 2) with the Holster (1) and a Food (1).
    options = {"terrain": TRAIL, "equipment_cards": [PISTOL, HOLSTER, KNIFE, SNARE, RIFLE],
               "travelers": {"p1": {"name": "The Outpost Matriarch", "equipment": [],
                                    "slots": {"tool": 1, "weapon": 0, "storage": 1}}}}
    if load:
        options["traded_storage_load"] = load
    table = ApiTable(client, {
        "game": GAME, "players": ["Ann", "Bob"], "options": options,
        "position": {"round": 2, "season_deck": 10, "first_player": "p1", "phase": "camp",
                     "current": "p1", "players": {
                         "p1": {"tile": "B", "equipment": [{"name": "Holster",
                                                            "stored": ["Pistol"]}]},
                         "p2": {"tile": "A"}}}})
    before = as_seen(table.view())
    answer = table.accepted({"type": "trading_post", "player": "p1",
                             "offered": ["Knife", "Snare", "Rifle"], "buy": ["Snare"],
                             "pay": {"equipment": ["Holster"], "food": 1}})
    # Paying is discarding Equipment of equal Value: the Pistol on the Holster goes with it,
    # whatever the ruling on a Storage card traded between Players says.
    assert any("Pistol" in effect["text"] for effect in answer["effects"])
    ann = board(table, "p1")
    assert [card["name"] for card in ann["equipment"]] == ["Snare"]
    assert ann["resources"] == {"food": 0, "water": 1, "wood": 1}
    assert BOTH_DISCARDED in [effect["rule"]["quote"] for effect in answer["effects"]
                              if effect.get("rule")]
    table.undo()
    assert as_seen(table.view()) == before
