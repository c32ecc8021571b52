"""We Forlorn Few, outsider scenarios, round 2b: from the rulebook and the API's own description
only (docs/games/we-forlorn-few.md, GET /api/games/we-forlorn-few), never the referee's code. Late
in the game and rules combined: a Skull's lowered limit paid in Ailments, the Exploration Bag as
Season cards fill it, a Pistol carried on a Holster, two Tools, a Ravenous win against a Traveler
with no Companion left, Winter after an arrival, the calculator, a steal past six Resources, a
fourth Hunger drawn, an Event card turning a Traveler Ravenous, a tile removed by a Season card."""

import pytest

from tests.api_table import ApiTable, calculated, quotes_from
from tests.test_blind_scenarios_we_forlorn_few import HOLSTER, PISTOL, TOOL_BOX, TRAVELERS

GAME = "we-forlorn-few"
book = quotes_from(GAME)

SNARE = {"name": "Snare", "type": "tool", "value": 1, "bonus": "food"}

# Cedar Falls, then A, B, C in a line to Newhaven; E is beside A and B, a step aside.
ROAD = [
    {"name": "CF", "kind": "Cedar Falls", "travel_cost": {"food": 1}, "adjacent": ["A"]},
    {"name": "A", "kind": "Prairie", "travel_cost": {"food": 1, "wood": 1},
     "resources": ["food", "water", "wood"], "adjacent": ["CF", "B", "E"]},
    {"name": "B", "kind": "Mountain", "travel_cost": {"wood": 2}, "resources": ["water"],
     "adjacent": ["A", "C", "E"]},
    {"name": "E", "kind": "Forest", "travel_cost": {"water": 1}, "resources": ["wood"],
     "adjacent": ["A", "B"]},
    {"name": "C", "kind": "Desert", "travel_cost": {"water": 1}, "resources": ["water"],
     "adjacent": ["B", "NH"]},
    {"name": "NH", "kind": "Newhaven", "adjacent": ["C"]},
]


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def road(client, position, players=("Ann", "Bob", "Cleo"), travelers=None, **options):
    """A game joined in round 4 (8 Season cards left) on the road above."""
    chosen = travelers or {seat: TRAVELERS[seat] for seat in ("p1", "p2", "p3")[:len(players)]}
    return ApiTable(client, {
        "game": GAME, "players": list(players),
        "options": {"terrain": ROAD, "travelers": chosen, **options},
        "position": {"season_deck": 8, **position}})


def board(table, seat):
    return table.view()["state"]["players"][seat]


def test_a_skull_on_wagon_damage_makes_the_third_token_cost_a_companion(client):
    # Ann has sacrificed a Companion onto the Wagon Damage track: two tokens are all it takes now.
    table = road(client, {"phase": "travel", "current": "p1", "players": {
        "p1": {"tile": "B", "companions": 3, "skulls": {"wagon_damage": 1},
               "ailments": {"wagon_damage": 2}, "resources": {"water": 1}}}})
    # The Mountain's Travel Cost is two Wood; she has none: two Wagon Damage, both over the limit.
    table.accepted({"type": "travel", "player": "p1", "to": "C"})
    ann = board(table, "p1")
    assert ann["tile"] == "C"
    assert ann["companions"] == 1


def test_the_exploration_bag_holds_what_the_season_cards_put_in_it(client):
    table = road(client, {"phase": "season", "first_player": "p1",
                          "bag": {"food": 0, "water": 0, "wood": 0, "hunger": 0, "thirst": 0,
                                  "wagon_damage": 0},
                          "players": {"p1": {"tile": "A"}}}, players=("Ann",))
    table.accepted({"type": "season", "player": "p1", "season": "summer", "card": "Dry Spell",
                    "add_to_bag": {"thirst": 2}})
    table.accepted({"type": "stay", "player": "p1"})
    response = table.send({"type": "explore", "player": "p1", "draw": "food"})
    assert response.status_code == 422
    table.accepted({"type": "explore", "player": "p1", "draw": "thirst"})
    assert board(table, "p1")["ailments"]["thirst"] == 1
    assert table.view()["state"]["bag"]["thirst"] == 1


def test_a_pistol_carried_on_the_holster_still_adds_its_combat_die(client):
    # The Sheriff's Daughter keeps her Pistol on her Holster (Storage); Bob is on the next tile.
    table = road(client, {"phase": "camp", "current": "p1", "players": {
        "p1": {"tile": "A", "equipment": [{**HOLSTER, "stored": [PISTOL]}]},
        "p2": {"tile": "B", "equipment": [TOOL_BOX]}}}, players=("Ann", "Bob"))
    response = table.send({"type": "combat", "player": "p1", "target": "p2", "dice": [2],
                           "target_dice": [1]})
    assert response.status_code == 422
    table.accepted({"type": "combat", "player": "p1", "target": "p2", "dice": [2, 1],
                    "target_dice": [1]})
    table.accepted({"type": "steal", "player": "p1", "take": {"equipment": ["Tool Box"]}})
    assert [card["name"] for card in board(table, "p2")["equipment"]] == []


def test_two_tools_give_two_tokens_before_gathering(client):
    table = road(client, {"phase": "gathering", "current": "p2", "players": {
        "p2": {"tile": "E", "resources": {}, "equipment": [TOOL_BOX, SNARE]}}},
        players=("Ann", "Bob"), travelers={"p1": TRAVELERS["p1"], "p2": {
            "name": "The Self-Made Entrepreneur", "equipment": [PISTOL, TOOL_BOX]}})
    table.accepted({"type": "gather", "player": "p2", "roll": 1, "take": ["wood"]})
    assert board(table, "p2")["resources"] == {"food": 1, "water": 0, "wood": 2}


def test_travelling_backwards_must_head_toward_cedar_falls(client):
    table = road(client, {"phase": "travel", "current": "p1", "players": {
        "p1": {"tile": "A", "resources": {"food": 1, "water": 1}}}}, players=("Ann",))
    table.refused({"type": "travel", "player": "p1", "to": "E", "backward": True,
                   "pay": {"food": 1, "water": 1}},
                  book("If you're stuck, you can travel backwards toward Cedar Falls for a Travel Cost "
                       "of any two Resources."))
    table.accepted({"type": "travel", "player": "p1", "to": "CF", "backward": True,
                    "pay": {"food": 1, "water": 1}})
    assert board(table, "p1")["tile"] == "CF"


def test_a_ravenous_win_over_a_traveler_with_no_companion_left_turns_them_ravenous(client):
    table = road(client, {"phase": "ravenous_combat", "current": "p1", "players": {
        "p1": {"tile": "B", "status": "ravenous", "hunger": 2},
        "p2": {"tile": "B", "companions": 0}}}, players=("Ann", "Bob"))
    table.accepted({"type": "ravenous_attack", "player": "p1", "target": "p2", "dice": [2, 1],
                    "target_dice": [2, 0]})
    bob = board(table, "p2")
    assert bob["status"] == "ravenous"
    assert board(table, "p1")["hunger"] == 1
    # Both Players are Ravenous: the game is over, nobody won.
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["winners"] == []
    assert view["scores"]["decided_by"]["rule"]["quote"] == book(
        "If all Travelers turn Ravenous, the game is over.")


def test_winter_after_an_arrival_when_every_journey_must_end(client):
    # Under the reading that the game ends when all journeys have ended, Ann arrived first and Bob
    # is still on the road when Winter comes: Bob perishes, Ann is the winner.
    table = road(client, {"phase": "event", "current": "p2", "season_deck": 0,
                          "first_player": "p1", "arrivals": ["p1"], "players": {
                              "p1": {"tile": "NH", "status": "arrived"},
                              "p2": {"tile": "C"}}},
                 players=("Ann", "Bob"), game_ends_at="all_journeys")
    assert table.view()["over"] is False
    table.accepted({"type": "event_card", "player": "p2", "card": "Quiet Night"})
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["winners"] == ["p1"]
    assert view["state"]["players"]["p2"]["status"] == "out"
    assert book("The first Player to reach Newhaven is the winner.") in \
        view["scores"]["decided_by"]["rule"]["quote"]
    assert "Winter" in view["scores"]["decided_by"]["text"]


def test_the_calculator_names_the_first_arrival_whoever_has_more_companions(client):
    answer = calculated(client, GAME, {"crossing": 6, "players": [
        {"name": "Ann", "status": "arrived", "arrived": 2, "companions": 4},
        {"name": "Bob", "status": "arrived", "arrived": 1, "companions": 1},
        {"name": "Cleo", "status": "traveler", "tiles_to_go": 1, "companions": 4}]})
    assert answer["winners"] == ["p2"]
    assert book("The first Player to reach Newhaven is the winner.") in \
        answer["decided_by"]["rule"]["quote"]


@pytest.mark.parametrize("discard, kept", [(None, {"food": 3, "water": 2, "wood": 1}),
                                           ({"food": 2}, {"food": 1, "water": 2, "wood": 3})])
def test_stolen_tokens_over_six_are_returned_unless_room_is_made(client, discard, kept):
    table = road(client, {"phase": "camp", "current": "p1", "players": {
        "p1": {"tile": "A", "resources": {"food": 3, "water": 2}},
        "p2": {"tile": "A", "resources": {"wood": 3}}}}, players=("Ann", "Bob"))
    table.accepted({"type": "combat", "player": "p1", "target": "p2", "dice": [2, 2],
                    "target_dice": [0, 0]})
    table.accepted({"type": "steal", "player": "p1", "take": {"wood": 3},
                    **({"discard": discard} if discard else {})})
    assert board(table, "p1")["resources"] == kept
    assert board(table, "p2")["resources"] == {"food": 0, "water": 0, "wood": 0}


def test_a_worth_0_gather_draws_a_fourth_hunger_and_a_companion_perishes(client):
    table = road(client, {"phase": "gathering", "current": "p1", "bag": None, "players": {
        "p1": {"tile": "B", "companions": 2, "ailments": {"hunger": 3},
               "equipment": [PISTOL]}}}, players=("Ann",))
    table.accepted({"type": "gather", "player": "p1", "roll": 0, "draw": "hunger"})
    ann = board(table, "p1")
    assert ann["companions"] == 1
    # The Gathering Phase ended with the draw: on to the Camp.
    response = table.send({"type": "gather", "player": "p1", "roll": 2,
                           "take": ["water", "water"]})
    assert response.status_code == 422


def test_an_event_card_taking_the_last_companion_then_another_turns_the_traveler_ravenous(
        client):
    table = road(client, {"phase": "event", "current": "p1", "players": {
        "p1": {"tile": "B", "companions": 1, "resources": {"food": 2}},
        "p2": {"tile": "C"}}}, players=("Ann", "Bob"))
    table.accepted({"type": "event_card", "player": "p1", "card": "Rockslide", "perish": 2})
    ann = board(table, "p1")
    assert ann["status"] == "ravenous"
    assert ann["hunger"] == 1
    assert ann["resources"] == {"food": 0, "water": 0, "wood": 0}
    # Her turn is over: Bob plays.
    assert table.view()["current_players"] == ["p2"]


def test_a_season_card_removing_the_tile_under_a_traveler_moves_them(client):
    table = road(client, {"phase": "season", "first_player": "p1", "players": {
        "p1": {"tile": "E"}, "p2": {"tile": "A"}}}, players=("Ann", "Bob"))
    table.accepted({"type": "season", "player": "p1", "season": "summer", "card": "Wildfire",
                    "remove_tiles": ["E"], "relocate": {"p1": "B"}})
    assert board(table, "p1")["tile"] == "B"
    table.refused({"type": "travel", "player": "p1", "to": "E"},
                  book("Players can Travel to an adjacent tile by paying Travel Cost before moving "
                       "their Player piece to the adjacent tile of their choosing."))


# B becomes a Trading Post with two Food placed on it.
POST_ROAD = [{**tile, "trading_post": True, "placed": {"food": 2}} if tile["name"] == "B" else tile
             for tile in ROAD]


def post_road(client, position, players=("Ann", "Bob")):
    return ApiTable(client, {
        "game": GAME, "players": list(players),
        "options": {"terrain": POST_ROAD,
                    "travelers": {seat: TRAVELERS[seat] for seat in ("p1", "p2")}},
        "position": {"season_deck": 8, **position}})


def test_a_traveler_moved_by_a_season_card_picks_up_what_lies_there(client):
    table = post_road(client, {"phase": "season", "first_player": "p1", "players": {
        "p1": {"tile": "E", "resources": {}}, "p2": {"tile": "A"}}})
    table.accepted({"type": "season", "player": "p1", "season": "summer", "card": "Wildfire",
                    "remove_tiles": ["E"], "relocate": {"p1": "B"}})
    assert board(table, "p1")["resources"] == {"food": 2, "water": 0, "wood": 0}


def test_two_cards_bought_at_a_trading_post_for_their_value_and_the_third_goes_back(client):
    table = post_road(client, {"phase": "camp", "current": "p1", "players": {
        "p1": {"tile": "B", "resources": {"food": 2, "water": 2}}}})
    offered = [SNARE, {"name": "Rifle", "type": "weapon", "value": 3, "dice": 1},
               {"name": "Saddlebag", "type": "storage", "value": 2,
                "holds": {"tool": 1, "weapon": 0}}]
    table.refused({"type": "trading_post", "player": "p1", "offered": offered,
                   "buy": ["Snare", "Saddlebag"], "pay": {"food": 2, "water": 2}},
                  book("Then, you may purchase from those cards by discarding Resources and/or "
                       "Equipment of equal Value."))
    table.accepted({"type": "trading_post", "player": "p1", "offered": offered,
                    "buy": ["Snare", "Saddlebag"], "pay": {"food": 2, "water": 1}})
    ann = board(table, "p1")
    assert ann["resources"] == {"food": 0, "water": 1, "wood": 0}
    names = [card["name"] for card in ann["equipment"]]
    assert "Snare" in names and "Saddlebag" in names and "Rifle" not in names


def test_a_traveler_turned_ravenous_by_another_players_event_card_plays_ravenous_next(client):
    # Bob has no Companion left and three Thirst; Ann's Event card gives every other Player a
    # Thirst: one over the limit, a Companion must perish, and there is none.
    table = road(client, {"phase": "event", "current": "p1", "first_player": "p1", "players": {
        "p1": {"tile": "B"}, "p2": {"tile": "C", "companions": 0, "ailments": {"thirst": 3}}}},
        players=("Ann", "Bob"))
    table.accepted({"type": "event_card", "player": "p1", "card": "Dust Storm",
                    "others": {"p2": {"ailments": {"thirst": 1}}}})
    bob = board(table, "p2")
    assert (bob["status"], bob["hunger"]) == ("ravenous", 1)
    assert bob["ailments"] == {"hunger": 0, "thirst": 0, "wagon_damage": 0}
    assert bob["resources"] == {"food": 0, "water": 0, "wood": 0} and bob["equipment"] == []
    view = table.view()
    assert (view["phase"], view["current_players"]) == ("ravenous_movement", ["p2"])


def test_a_ravenous_traveler_fed_down_to_no_hunger_rolls_no_die_in_the_next_combat(client):
    table = road(client, {"phase": "ravenous_combat", "current": "p1", "players": {
        "p1": {"tile": "B", "status": "ravenous", "hunger": 1},
        "p2": {"tile": "B"}, "p3": {"tile": "B"}}})
    table.accepted({"type": "ravenous_attack", "player": "p1", "target": "p2", "dice": [2],
                    "target_dice": [1, 0]})
    assert (board(table, "p1")["hunger"], board(table, "p2")["companions"]) == (0, 3)
    die_per_hunger = book("The number of dice a Ravenous Traveler rolls during Combat is one die "
                          "for each Hunger token currently on their Player board.")
    table.refused({"type": "ravenous_attack", "player": "p1", "target": "p3", "dice": [1],
                   "target_dice": [0, 0, 0]}, die_per_hunger)
    # No die against Cleo's three blanks: a tie, nothing happens.
    table.accepted({"type": "ravenous_attack", "player": "p1", "target": "p3", "dice": [],
                    "target_dice": [0, 0, 0]})
    assert board(table, "p3")["companions"] == 4
    assert board(table, "p1")["hunger"] == 0


@pytest.mark.parametrize("their_discard, bob", [
    (None, {"food": 2, "water": 4, "wood": 0}), ({"water": 1}, {"food": 3, "water": 3, "wood": 0})])
def test_a_trade_past_the_partners_six_resources(client, their_discard, bob):
    # Bob, on the next tile, holds 5 Water; he gives 1 and takes Ann's 3 Food: 7 tokens.
    table = road(client, {"phase": "camp", "current": "p1", "players": {
        "p1": {"tile": "A", "resources": {"food": 3}},
        "p2": {"tile": "B", "resources": {"water": 5}}}}, players=("Ann", "Bob"))
    table.accepted({"type": "trade", "player": "p1", "with": "p2", "give": {"food": 3},
                    "get": {"water": 1}, "accepted": True,
                    **({"their_discard": their_discard} if their_discard else {})})
    assert board(table, "p1")["resources"] == {"food": 0, "water": 1, "wood": 0}
    assert board(table, "p2")["resources"] == bob
