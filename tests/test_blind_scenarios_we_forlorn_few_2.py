"""We Forlorn Few, outsider scenarios, round 2: from the rulebook and the API's own description only
(docs/games/we-forlorn-few.md, GET /api/games/we-forlorn-few). Later in the game than round 1: the
Ravenous turn in full, turning Ravenous, Combat won by the attacker and what may be stolen, Trading
Posts, Skulls, a tile flipped under a Ravenous Traveler, arriving in Newhaven."""

import pytest

from tests.api_table import ApiTable, quotes_from
from tests.test_blind_scenarios_we_forlorn_few import (
    HOLSTER,
    PISTOL,
    TERRAIN,
    TOOL_BOX,
    TRAVELERS,
    ailments,
    board,
    new_game,
    resources,
)

GAME = "we-forlorn-few"
book = quotes_from(GAME)

TWO_TILES = book("During the Movement Phase, Ravenous Players may move up to two tiles per turn.")
ON_THEIR_TILE = book("During the Combat Phase a Ravenous Traveler may initiate Combat against each "
                     "opponent on their current tile.")
ONCE_EACH = book("They may only attack each Player once per turn.")
DIE_PER_HUNGER = book("The number of dice a Ravenous Traveler rolls during Combat is one die for "
                      "each Hunger token currently on their Player board.")
AT_A_TRADING_POST = book("If a Player is at a Trading Post they may Trade.")
CORRESPONDING = book("For every one Resource discarded you may remove one corresponding Ailment.")
SKULL_SLOT = book("They can place the Skull tokens on any Ailment type they wish as long as there "
                  "is a slot available.")
FOUR_PHASES = book("Each Player's turn consists of four phases that MUST be resolved in the "
                   "following order:")
STEAL_UP_TO = book("The winner may steal any Resources and Equipment up to the Value of their "
                   "total roll result from the losing Player's Supply.")

# A trail of single tiles: Cedar Falls, A, B, C, D, then Newhaven; P is a Trading Post beside B.
TRAIL = [
    {"name": "CF", "kind": "Cedar Falls", "travel_cost": {"food": 1}, "adjacent": ["A"]},
    {"name": "A", "kind": "Forest", "travel_cost": {"wood": 1}, "resources": ["wood"],
     "adjacent": ["CF", "B"]},
    {"name": "B", "kind": "Prairie", "travel_cost": {"food": 1}, "resources": ["food"],
     "adjacent": ["A", "C", "P"]},
    {"name": "C", "kind": "Desert", "travel_cost": {"water": 1}, "resources": ["water"],
     "adjacent": ["B", "D"], "placed": {"food": 2}},
    {"name": "D", "kind": "Canyon", "travel_cost": {"water": 1}, "resources": ["water"],
     "adjacent": ["C", "NH"]},
    {"name": "P", "kind": "Badlands", "travel_cost": {"food": 1}, "resources": ["food"],
     "trading_post": True, "adjacent": ["B"]},
    {"name": "NH", "kind": "Newhaven", "adjacent": ["D"]},
]


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def trail(client, position, players=("Ann", "Bob", "Cleo"), terrain=TRAIL, **options):
    return ApiTable(client, {
        "game": GAME, "players": list(players),
        "options": {"terrain": terrain,
                    "travelers": {seat: TRAVELERS[seat]
                                  for seat in ("p1", "p2", "p3")[:len(players)]},
                    **options},
        "position": {"round": 3, "season_deck": 9, **position}})


def ravenous_turn(client, hunger=1, tile="A", phase="ravenous_movement", others=None):
    """Ann (p1) is Ravenous with `hunger`, at the start of the phase given."""
    return trail(client, {"phase": phase, "current": "p1", "players": {
        "p1": {"tile": tile, "status": "ravenous", "hunger": hunger}, **(others or {})}})


# --- The Ravenous turn -------------------------------------------------------------------------

def test_a_ravenous_traveler_moves_no_more_than_two_tiles(client):
    table = ravenous_turn(client)
    table.refused({"type": "ravenous_move", "player": "p1", "path": ["B", "C", "D"]}, TWO_TILES)
    table.accepted({"type": "ravenous_move", "player": "p1", "path": ["B", "C"]})
    assert board(table, "p1")["tile"] == "C"


def test_a_ravenous_traveler_picks_nothing_up(client):
    table = ravenous_turn(client, tile="B")
    table.accepted({"type": "ravenous_move", "player": "p1", "path": ["C"]})
    assert table.view()["state"]["tiles"]["C"]["placed"]["food"] == 2


def test_a_ravenous_traveler_attacks_only_on_its_own_tile(client):
    table = ravenous_turn(client, tile="B", phase="ravenous_combat",
                          others={"p2": {"tile": "C"}})
    table.refused({"type": "ravenous_attack", "player": "p1", "target": "p2", "dice": [2],
                   "target_dice": [0, 0]}, ON_THEIR_TILE)


def test_ravenous_dice_are_one_per_hunger_and_a_win_feeds_them(client):
    table = ravenous_turn(client, hunger=2, tile="C", phase="ravenous_combat",
                          others={"p2": {"tile": "C"}, "p3": {"tile": "C"}})
    table.refused({"type": "ravenous_attack", "player": "p1", "target": "p2", "dice": [2],
                   "target_dice": [0, 0]}, DIE_PER_HUNGER)
    table.accepted({"type": "ravenous_attack", "player": "p1", "target": "p2", "dice": [2, 1],
                    "target_dice": [1, 0]})
    assert board(table, "p1")["hunger"] == 1
    assert board(table, "p2")["companions"] == 3
    # Once each: the same Player again is refused, another on the tile is not (one die now).
    table.refused({"type": "ravenous_attack", "player": "p1", "target": "p2", "dice": [2],
                   "target_dice": [0, 0]}, ONCE_EACH)
    table.accepted({"type": "ravenous_attack", "player": "p1", "target": "p3", "dice": [1],
                    "target_dice": [1, 0, 0]})
    # A tie: nothing happens, and the Ravenous Traveler may still retreat.
    assert board(table, "p3")["companions"] == 4
    assert board(table, "p1")["hunger"] == 1
    table.accepted({"type": "end_combat", "player": "p1"})
    table.accepted({"type": "retreat", "player": "p1", "to": "D"})
    assert (board(table, "p1")["tile"], board(table, "p1")["hunger"]) == ("D", 2)


def test_the_fourth_hunger_takes_a_ravenous_traveler_out_of_the_game(client):
    table = ravenous_turn(client, hunger=3, tile="C", phase="ravenous_combat",
                          others={"p2": {"tile": "C"}})
    table.accepted({"type": "ravenous_attack", "player": "p1", "target": "p2",
                    "dice": [0, 0, 1], "target_dice": [2, 0]})
    assert table.view()["phase"] == "ravenous_retreat"
    table.accepted({"type": "retreat", "player": "p1", "to": "B"})
    view = table.view()
    assert view["state"]["players"]["p1"]["status"] not in ("ravenous", "traveler")
    assert view["current_players"] == ["p2"]


def test_a_ravenous_traveler_retreats_only_to_an_adjacent_tile(client):
    table = ravenous_turn(client, tile="C", phase="ravenous_retreat")
    table.refused({"type": "retreat", "player": "p1", "to": "A"},
                  "Ravenous Travelers must move to an adjacent tile")
    beside_the_post = ravenous_turn(client, tile="B", phase="ravenous_retreat")
    beside_the_post.refused({"type": "retreat", "player": "p1", "to": "P"},
                            "Ravenous Travelers cannot move onto Trading Post tiles")
    beside_the_post.accepted({"type": "retreat", "player": "p1", "to": "A"})


# --- Turning Ravenous --------------------------------------------------------------------------

def test_losing_the_last_companion_turns_the_traveler_ravenous_and_ends_the_turn(client):
    # One Companion and three Hunger: two more Hunger are two over the limit; the first takes the
    # Companion, the second the Traveler.
    table = trail(client, {"phase": "event", "current": "p2", "players": {"p2": {
        "tile": "B", "companions": 1, "ailments": ailments(3, 1, 0),
        "resources": resources(2, 1, 0)}}})
    table.accepted({"type": "event_card", "player": "p2", "card": "Locusts",
                    "ailments": {"hunger": 2}})
    player = board(table, "p2")
    assert player["status"] == "ravenous"
    assert player["hunger"] == 1
    assert player["resources"] == resources(0, 0, 0)
    assert player["equipment"] == []
    assert table.view()["current_players"] == ["p3"]


# --- Camp: Combat, Trading Posts, Recuperate, Skulls --------------------------------------------

def test_the_attacker_with_two_pistols_rolls_three_dice_and_steals_up_to_the_result(client):
    # The Outpost Matriarch (two Pistols) attacks the Sheriff's Daughter on the adjacent tile.
    table = trail(client, {"phase": "camp", "current": "p3", "players": {
        "p3": {"tile": "B"}, "p1": {"tile": "C", "resources": resources(2, 1, 1)}}})
    table.refused({"type": "combat", "player": "p3", "target": "p1", "dice": [2, 2, 2, 2],
                   "target_dice": [0, 0]},
                  "They roll one die as standard and add additional dice if they have Equipment "
                  "cards that allow them to do so.")
    table.accepted({"type": "combat", "player": "p3", "target": "p1", "dice": [2, 1, 0],
                    "target_dice": [1, 0]})
    # A result of 3: a Pistol (Value 2) and two Food are 4.
    table.refused({"type": "steal", "player": "p3",
                   "take": {"food": 2, "equipment": ["Pistol"]}}, STEAL_UP_TO)
    table.accepted({"type": "steal", "player": "p3", "take": {"food": 1, "equipment": ["Pistol"]}})
    assert board(table, "p1")["resources"] == resources(1, 1, 1)


def test_a_trading_post_only_where_there_is_one_and_for_enough_value(client):
    snare = {"bonus": "food", "name": "Snare", "type": "tool", "value": 2}
    rifle = {"dice": 1, "name": "Rifle", "type": "weapon", "value": 3}
    saddlebag = {"holds": {"tool": 1, "weapon": 0}, "name": "Saddlebag", "type": "storage",
                 "value": 2}
    offered = [snare, rifle, saddlebag]
    away = trail(client, {"phase": "camp", "current": "p2", "players": {
        "p2": {"tile": "B", "resources": resources(2, 2, 2)}}})
    away.refused({"type": "trading_post", "player": "p2", "offered": offered, "buy": ["Snare"],
                  "pay": {"food": 1, "wood": 1}}, AT_A_TRADING_POST)
    table = trail(client, {"phase": "camp", "current": "p2", "players": {
        "p2": {"tile": "P", "resources": resources(2, 2, 2)}}})
    response = table.send({"type": "trading_post", "player": "p2", "offered": offered,
                           "buy": ["Rifle"], "pay": {"food": 1, "wood": 1}})
    assert response.status_code == 422
    table.accepted({"type": "trading_post", "player": "p2", "offered": offered,
                    "buy": ["Rifle"], "pay": {"food": 1, "wood": 2}})
    player = board(table, "p2")
    assert player["resources"] == resources(1, 2, 0)
    assert "Rifle" in [card["name"] if isinstance(card, dict) else card
                       for card in player["equipment"]]


def test_recuperating_takes_the_corresponding_resource(client):
    table = trail(client, {"phase": "camp", "current": "p1", "players": {"p1": {
        "tile": "B", "resources": resources(2, 0, 1), "ailments": ailments(1, 2, 0)}}})
    table.refused({"type": "recuperate", "player": "p1", "remove": {"thirst": 1},
                   "discard": {"food": 1}}, CORRESPONDING)
    table.accepted({"type": "recuperate", "player": "p1", "remove": {"hunger": 1}})
    player = board(table, "p1")
    assert player["ailments"] == ailments(0, 2, 0)
    assert player["resources"] == resources(1, 0, 1)


def test_a_skull_needs_a_free_slot_on_its_track(client):
    table = trail(client, {"phase": "travel", "current": "p1", "players": {"p1": {
        "tile": "B", "ailments": ailments(3, 3, 2)}}})
    table.refused({"type": "sacrifice", "player": "p1", "remove": {"thirst": 3, "wagon_damage": 1},
                   "skull": "hunger"}, SKULL_SLOT)
    table.accepted({"type": "sacrifice", "player": "p1",
                    "remove": {"thirst": 3, "wagon_damage": 1}, "skull": "thirst"})
    player = board(table, "p1")
    assert player["ailments"] == ailments(3, 0, 1)
    assert player["companions"] == 3


def test_after_recuperating_it_is_too_late_to_travel(client):
    # Recuperating first is staying and skipping the Gathering; travelling after it is refused.
    table = trail(client, {"phase": "travel", "current": "p1", "players": {"p1": {
        "tile": "B", "resources": resources(2, 1, 1), "ailments": ailments(1, 0, 0)}}})
    table.accepted({"type": "recuperate", "player": "p1", "remove": {"hunger": 1}})
    assert board(table, "p1")["tile"] == "B"
    table.refused({"type": "travel", "player": "p1", "to": "C"}, FOUR_PHASES)


# --- Tiles flipped, and the end ----------------------------------------------------------------

def test_a_tile_flipped_to_a_trading_post_sends_the_ravenous_traveler_off_it(client):
    terrain = [
        {"name": "CF", "kind": "Cedar Falls", "travel_cost": {"food": 1}, "adjacent": ["A"]},
        {"name": "A", "kind": "Forest", "travel_cost": {"wood": 1}, "resources": ["wood"],
         "adjacent": ["CF", "X"]},
        {"name": "X", "face_up": False, "adjacent": ["A", "Y"]},
        {"name": "Y", "kind": "Desert", "travel_cost": {"water": 1}, "resources": ["water"],
         "adjacent": ["X", "NH"]},
        {"name": "NH", "kind": "Newhaven", "adjacent": ["Y"]},
    ]
    table = trail(client, {"phase": "travel", "current": "p2", "players": {
        "p2": {"tile": "A", "resources": resources(1, 1, 1)},
        "p3": {"tile": "X", "status": "ravenous", "hunger": 2}}}, terrain=terrain)
    table.accepted({"type": "travel", "player": "p2", "to": "X",
                    "reveal": {"kind": "Prairie", "trading_post": True,
                               "resources": ["food", "water", "wood"],
                               "travel_cost": {"food": 1}},
                    "ravenous_moves": {"p3": "Y"}})
    ravenous = board(table, "p3")
    assert (ravenous["tile"], ravenous["hunger"]) == ("Y", 3)
    assert board(table, "p2")["tile"] == "X"


def test_reaching_newhaven_paying_part_of_the_cost_in_ailments_wins(client):
    # Leaving D costs one Water: with none, a Thirst is taken instead, and Newhaven is reached.
    table = trail(client, {"phase": "travel", "current": "p2", "players": {
        "p2": {"tile": "D", "resources": resources(1, 0, 1)}}})
    table.accepted({"type": "travel", "player": "p2", "to": "NH"})
    player = board(table, "p2")
    assert player["ailments"]["thirst"] == 1
    assert player["resources"] == resources(1, 0, 1)
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["winners"] == ["p2"]


def test_the_winner_is_the_first_to_arrive_not_the_one_with_more_left(client):
    table = new_game(client, players=("Ann", "Bob"), position={
        "round": 5, "season_deck": 7, "phase": "travel", "current": "p1",
        "players": {"p1": {"tile": "M1", "resources": resources(2, 0, 1), "companions": 1},
                    "p2": {"tile": "M1", "resources": resources(6, 0, 0)}}})
    table.accepted({"type": "travel", "player": "p1", "to": "NH"})
    view = table.view()
    assert view["scores"]["winners"] == ["p1"]
    assert book("The first Player to reach Newhaven is the winner.") in \
        view["scores"]["decided_by"]["rule"]["quote"]


def test_a_placed_tool_box_picked_up_gives_its_bonus_that_gathering_phase(client):
    terrain = [dict(tile) for tile in TERRAIN]
    for tile in terrain:
        if tile["name"] == "W1":
            tile["placed"] = {"equipment": [TOOL_BOX]}
    table = new_game(client, players=("Ann", "Bob"), terrain=terrain, position={
        "round": 1, "season_deck": 11, "phase": "travel", "current": "p1",
        "players": {"p1": {"tile": "CF", "equipment": [PISTOL, HOLSTER]}}})
    table.accepted({"type": "travel", "player": "p1", "to": "W1"})
    table.accepted({"type": "gather", "player": "p1", "roll": 1, "take": ["water"]})
    assert board(table, "p1")["resources"] == resources(0, 1, 2)


def test_a_stolen_storage_card_comes_without_the_equipment_on_it(client):
    # FAQ: "The other Traveler would steal the Storage card and the other Equipment card would be
    # discarded." The Sheriff's Daughter carries a second Pistol on her Holster.
    table = trail(client, {"phase": "camp", "current": "p3", "players": {
        "p3": {"tile": "B"},
        "p1": {"tile": "B", "equipment": [PISTOL, {**HOLSTER, "stored": [PISTOL]}]}}})
    table.accepted({"type": "combat", "player": "p3", "target": "p1", "dice": [1, 0, 0],
                    "target_dice": [0, 0, 0]})
    table.accepted({"type": "steal", "player": "p3", "take": {"equipment": ["Holster"]}})

    def names(cards):
        return sorted(card["name"] if isinstance(card, dict) else card for card in cards)

    assert names(board(table, "p1")["equipment"]) == ["Pistol"]
    stolen = [card for card in board(table, "p3")["equipment"]
              if isinstance(card, dict) and card["name"] == "Holster"]
    assert stolen and not stolen[0].get("stored")
    assert names(board(table, "p3")["equipment"]) == ["Holster", "Pistol", "Pistol"]


# --- More of a Traveler's turn ------------------------------------------------------------------

def untracked_bag(client, position, **options):
    """A position whose Exploration Bag the table does not track (any token drawn is taken)."""
    return trail(client, {"bag": None, **position}, **options)


def test_travel_only_to_an_adjacent_tile(client):
    table = untracked_bag(client, {"phase": "travel", "current": "p1",
                                   "players": {"p1": {"tile": "A"}}})
    table.refused({"type": "travel", "player": "p1", "to": "C"},
                  book("Players can Travel to an adjacent tile by paying Travel Cost before "
                       "moving their Player piece to the adjacent tile of their choosing."))


def test_a_worth_1_gather_takes_one_token(client):
    table = untracked_bag(client, {"phase": "gathering", "current": "p1",
                                   "players": {"p1": {"tile": "B"}}})
    table.refused({"type": "gather", "player": "p1", "roll": 1, "take": ["food", "food"]},
                  "What they roll determines how many Resource tokens they can take")


def test_a_hunger_explored_past_three_costs_a_companion(client):
    table = untracked_bag(client, {"phase": "gathering", "current": "p1", "players": {
        "p1": {"tile": "B", "ailments": ailments(3, 0, 0)}}})
    table.accepted({"type": "explore", "player": "p1", "draw": "hunger"})
    player = board(table, "p1")
    assert player["companions"] == 3
    assert player["ailments"] == ailments(3, 0, 0)


def test_a_full_supply_returns_what_is_gathered(client):
    table = untracked_bag(client, {"phase": "gathering", "current": "p1", "players": {
        "p1": {"tile": "B", "resources": resources(3, 2, 1)}}})
    table.accepted({"type": "gather", "player": "p1", "roll": 2, "take": ["food", "food"]})
    assert board(table, "p1")["resources"] == resources(3, 2, 1)


def test_a_rejected_trade_is_the_camps_one_trade(client):
    table = untracked_bag(client, {"phase": "camp", "current": "p1", "players": {
        "p1": {"tile": "B"}, "p2": {"tile": "B"}, "p3": {"tile": "B"}}})
    table.accepted({"type": "trade", "player": "p1", "with": "p2", "give": {"food": 1},
                    "get": {"water": 1}, "accepted": False})
    table.refused({"type": "trade", "player": "p1", "with": "p3", "give": {"food": 1},
                   "get": {"water": 1}, "accepted": True},
                  "During the Camp Phase the Active Player may perform each of the following "
                  "actions once in any order")


def test_no_sacrifice_without_a_living_companion(client):
    table = untracked_bag(client, {"phase": "travel", "current": "p1", "players": {
        "p1": {"tile": "B", "companions": 0, "ailments": ailments(2, 2, 0)}}})
    table.refused({"type": "sacrifice", "player": "p1", "remove": {"hunger": 2, "thirst": 2},
                   "skull": "hunger"},
                  book("At any time during their turn, Players may Sacrifice a Companion in order "
                       "to remove four Ailment tokens currently on their Player board."))


def test_travelling_backwards_needs_two_resources_and_ailments_only_for_what_is_lacking(client):
    table = untracked_bag(client, {"phase": "travel", "current": "p1", "players": {
        "p1": {"tile": "B", "resources": resources(1, 0, 0)}}})
    table.refused({"type": "travel", "player": "p1", "to": "A", "backward": True},
                  book("Players may travel backwards to an adjacent tile by paying two Resource "
                       "tokens of any type."))
    # Leaving B costs one Food, and she holds one: she may not take a Hunger instead.
    table.refused({"type": "travel", "player": "p1", "to": "C", "pay": {},
                   "ailments": {"hunger": 1}}, "taking Ailments for those they do not have")
    table.accepted({"type": "travel", "player": "p1", "to": "C"})
    # The Food paid, and the two Food placed on C picked up.
    assert board(table, "p1")["resources"] == resources(2, 0, 0)


def test_the_herd_event_worth_0_on_both_dice_costs_a_companion(client):
    table = untracked_bag(client, {"phase": "event", "current": "p1",
                                   "players": {"p1": {"tile": "B"}}})
    table.accepted({"type": "event_card", "player": "p1",
                    "card": "A herd like that would fetch enough money to kill for.",
                    "dice": [0, 0], "draws": ["nothing"]})
    assert board(table, "p1")["companions"] == 3


def test_an_event_card_giving_another_player_a_fourth_thirst_costs_them_a_companion(client):
    table = untracked_bag(client, {"phase": "event", "current": "p1", "players": {
        "p1": {"tile": "B"}, "p2": {"tile": "C", "ailments": ailments(0, 3, 0)}}})
    table.accepted({"type": "event_card", "player": "p1", "card": "Dust storm",
                    "others": {"p2": {"ailments": {"thirst": 1}}}})
    assert board(table, "p2")["companions"] == 3
    assert board(table, "p1")["companions"] == 4


def test_the_tool_box_adds_its_wood_before_the_gathering(client):
    table = untracked_bag(client, {"phase": "gathering", "current": "p2", "players": {
        "p2": {"tile": "B", "resources": resources(0, 0, 0)}}})
    table.accepted({"type": "gather", "player": "p2", "roll": 1, "take": ["food"]})
    assert board(table, "p2")["resources"] == resources(1, 0, 1)


def test_a_summer_card_removes_a_tile_moves_its_traveler_and_fills_the_bag(client):
    # Round 4 begins after the three Spring cards: the Summer card removes tile C, where Bob
    # stands (moved to B), places a Food on D and adds tokens to the bag.
    table = trail(client, {"round": 4, "season_deck": 9, "phase": "season", "first_player": "p1",
                           "bag": {"food": 0, "water": 0, "wood": 0, "hunger": 0, "thirst": 0,
                                   "wagon_damage": 0},
                           "players": {"p1": {"tile": "B"}, "p2": {"tile": "C"}}})
    table.refused({"type": "season", "player": "p1", "season": "spring", "card": "Late frost"},
                  "Spring on top followed by Summer, Fall and then Winter")
    table.accepted({"type": "season", "player": "p1", "season": "summer", "card": "Drought",
                    "add_to_bag": {"thirst": 2, "water": 1}, "remove_tiles": ["C"],
                    "relocate": {"p2": "B"}, "place": [{"tile": "D", "food": 1}]})
    state = table.view()["state"]
    assert state["season_deck"] == 8
    assert state["bag"]["thirst"] == 2 and state["bag"]["water"] == 1
    assert board(table, "p2")["tile"] == "B"
    table.refused({"type": "travel", "player": "p1", "to": "C"}, "adjacent tile")


def test_a_gather_on_cedar_falls_takes_nothing_for_it_lists_no_resources(client):
    # "Travelers can only gather the Resources that are listed on their current tile."
    table = trail(client, {"round": 1, "season_deck": 11, "phase": "gathering", "current": "p1",
                           "bag": None, "players": {"p1": {"tile": "CF"}}}, players=("Ann", "Bob"))
    response = table.send({"type": "gather", "player": "p1", "roll": 2, "take": ["food"]})
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in (
        book("Travelers can only gather the Resources that are listed on their current tile."),
        book("Players may gather Resources by rolling one die. What they roll determines how many "
             "Resource tokens they can take from the Stockpile."))
    table.accepted({"type": "gather", "player": "p1", "roll": 2, "take": []})
    assert board(table, "p1")["resources"] == resources(1, 1, 1)
