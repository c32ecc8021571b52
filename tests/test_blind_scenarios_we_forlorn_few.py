"""We Forlorn Few scenarios written as an outsider: from the rulebook and the API's own description
only (docs/games/we-forlorn-few.md, GET /api/games/we-forlorn-few), never the referee's code. The
book's worked examples are played as printed."""

import pytest

from tests.api_table import ApiTable, quotes_from

GAME = "we-forlorn-few"
book = quotes_from(GAME)

SEASON_BY_FIRST = book("At the beginning of each round the First Player will draw the top Season "
                       "card, read it aloud and resolve it.")
ONLY_LISTED = book("Travelers can only gather the Resources that are listed on their current tile.")
BACKWARDS_TWO = book("Players may travel backwards to an adjacent tile by paying two Resource "
                     "tokens of any type.")
CAMP_ONCE = book("During the Camp Phase the Active Player may perform each of the following "
                 "actions once in any order")
NO_CITY_COMBAT = book("No, attacking a Traveler in a city would be unseemly.")
TRADE_NEAR = book("The Active Player may Trade with other Players who are on the same Terrain tile, "
                  "or on the Terrain tiles adjacent to them.")
EVENT_BEFORE_END = book("The Active Player must draw and resolve an Event card before ending their "
                        "turn.")
RAVENOUS_RESTRICTED = book("Ravenous Travelers cannot move onto Trading Post tiles, Cedar Falls or "
                           "Newhaven.")
FIRST_TO_NEWHAVEN = book("The first Player to reach Newhaven is the winner.")
WINTER = book("If a new round begins but there are no cards left in the Season deck then all "
              "Travelers remaining on the Game Board perish and the game is over.")

SEASON_ORDER = book("making sure they are grouped in the following order: Spring on top followed "
                    "by Summer, Fall and then Winter on the bottom of the deck.")

HERD = "A herd like that would fetch enough money to kill for."

TERRAIN = [
    {"name": "CF", "kind": "Cedar Falls", "travel_cost": {"food": 1, "water": 1},
     "adjacent": ["W1", "P1"]},
    {"name": "W1", "kind": "Wetlands", "travel_cost": {"food": 1, "water": 1, "wood": 3},
     "resources": ["water", "food"], "adjacent": ["P1", "M1"]},
    {"name": "P1", "kind": "Prairie", "travel_cost": {"food": 1, "wood": 1},
     "resources": ["food", "water", "wood"], "trading_post": True, "adjacent": ["M1", "F1"]},
    {"name": "F1", "kind": "Forest", "travel_cost": {"water": 1, "wood": 1}, "resources": ["wood"],
     "adjacent": ["M1"], "placed": {"food": 2, "bag_draw": 1}},
    {"name": "M1", "kind": "Mountain", "travel_cost": {"food": 2, "wood": 1},
     "resources": ["water"], "adjacent": ["NH"]},
    {"name": "NH", "kind": "Newhaven", "adjacent": []},
]
PISTOL = {"name": "Pistol", "type": "weapon", "value": 2, "dice": 1}
HOLSTER = {"name": "Holster", "type": "storage", "value": 1, "holds": {"tool": 0, "weapon": 1}}
TOOL_BOX = {"name": "Tool Box", "type": "tool", "value": 2, "bonus": "wood"}
TRAVELERS = {
    "p1": {"name": "The Sheriff's Daughter", "equipment": [PISTOL, HOLSTER]},
    "p2": {"name": "The Self-Made Entrepreneur", "equipment": [PISTOL, TOOL_BOX]},
    "p3": {"name": "The Outpost Matriarch", "equipment": [PISTOL, PISTOL]},
}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def new_game(client, players=("Ann", "Bob", "Cleo"), position=None, **options):
    setup = {"game": GAME, "players": list(players),
             "options": {"terrain": TERRAIN,
                         "travelers": {seat: TRAVELERS[seat]
                                       for seat in ("p1", "p2", "p3")[:len(players)]},
                         **options}}
    if position:
        setup["position"] = position
    return ApiTable(client, setup)


def board(table, seat):
    return table.view()["state"]["players"][seat]


def resources(food=0, water=0, wood=0):
    return {"food": food, "water": water, "wood": wood}


def ailments(hunger=0, thirst=0, wagon_damage=0):
    return {"hunger": hunger, "thirst": thirst, "wagon_damage": wagon_damage}


def spring(player="p1"):
    return {"type": "season", "player": player, "season": "spring", "card": "Thaw",
            "add_to_bag": {"food": 2, "water": 2, "hunger": 1}}


def test_six_players_cannot_sit_down(client):
    response = client.post("/api/sessions", json={
        "game": GAME, "players": ["A", "B", "C", "D", "E", "F"], "options": {"terrain": TERRAIN}})
    assert 400 <= response.status_code < 500


def test_every_traveler_starts_in_cedar_falls_with_one_of_each_resource_and_four_companions(
        client):
    table = new_game(client)
    for seat in ("p1", "p2", "p3"):
        player = board(table, seat)
        assert player["tile"] == "CF"
        assert player["resources"] == resources(1, 1, 1)
        assert player["companions"] == 4
        assert player["status"] == "traveler"


def test_a_traveler_with_starting_equipment_not_on_its_board_is_refused(client):
    response = client.post("/api/sessions", json={
        "game": GAME, "players": ["Ann"],
        "options": {"terrain": TERRAIN, "travelers": {
            "p1": {"name": "The Widowed Heiress", "equipment": [PISTOL]}}}})
    assert 400 <= response.status_code < 500
    assert "error" in response.get_json()


def test_the_first_player_resolves_the_season_card_then_plays_first(client):
    table = new_game(client)
    assert table.view()["current_players"] == ["p1"]
    table.refused(spring("p2"), SEASON_BY_FIRST)
    table.accepted(spring("p1"))
    view = table.view()
    assert view["state"]["season_deck"] == 11
    assert view["current_players"] == ["p1"]
    assert {event["player"] for event in view["legal"]} == {"p1"}


def test_spring_is_on_top_of_the_season_deck(client):
    table = new_game(client)
    table.refused({"type": "season", "player": "p1", "season": "winter", "card": "Frost"},
                  SEASON_ORDER)
    assert table.view()["state"]["season_deck"] == 12


def test_the_travel_example(client):
    # The Sheriff's Daughter on a Wetlands tile (cost one Food, one Water, three Wood) with two
    # Food, one Water and one Wood: discards one of each and adds two Wagon Damage.
    table = new_game(client, players=("Ann", "Bob"), position={
        "round": 1, "season_deck": 11, "phase": "travel", "current": "p1",
        "players": {"p1": {"tile": "W1", "resources": resources(2, 1, 1)}}})
    table.accepted({"type": "travel", "player": "p1", "to": "M1"})
    player = board(table, "p1")
    assert player["tile"] == "M1"
    assert player["resources"] == resources(1, 0, 0)
    assert player["ailments"] == ailments(wagon_damage=2)
    assert player["companions"] == 4


def test_travelling_backwards_costs_two_resources(client):
    position = {"round": 1, "season_deck": 11, "phase": "travel", "current": "p1",
                "players": {"p1": {"tile": "W1", "resources": resources(0, 1, 0)}}}
    table = new_game(client, players=("Ann", "Bob"), position=position)
    table.refused({"type": "travel", "player": "p1", "to": "CF", "backward": True},
                  BACKWARDS_TWO)
    position["players"]["p1"]["resources"] = resources(1, 1, 1)
    table = new_game(client, players=("Ann", "Bob"), position=position)
    table.accepted({"type": "travel", "player": "p1", "to": "CF", "backward": True,
                    "pay": {"food": 1, "wood": 1}})
    player = board(table, "p1")
    assert player["tile"] == "CF"
    assert player["resources"] == resources(0, 1, 0)


def test_placed_items_are_picked_up_on_arrival_and_a_bag_draw_token_draws(client):
    table = new_game(client, players=("Ann", "Bob"), position={
        "round": 1, "season_deck": 11, "phase": "travel", "current": "p1",
        "bag": {"water": 1},
        "players": {"p1": {"tile": "P1", "resources": resources(1, 0, 1)}}})
    table.accepted({"type": "travel", "player": "p1", "to": "F1", "draws": ["water"]})
    player = board(table, "p1")
    assert player["resources"] == resources(2, 1, 0)
    tile = table.view()["state"]["tiles"]["F1"]["placed"]
    assert tile["food"] == 0 and tile["bag_draw"] == 0


def test_the_gathering_example_tool_bonus_then_two_of_the_tiles_resources(client):
    table = new_game(client, players=("Ann", "Bob"), position={
        "round": 1, "season_deck": 11, "phase": "gathering", "current": "p2",
        "players": {"p2": {"tile": "P1", "resources": resources(0, 0, 0)}}})
    table.accepted({"type": "gather", "player": "p2", "roll": 2, "take": ["water", "food"]})
    # The Tool Box gives its Wood first; then one Water and one Food from the Prairie.
    assert board(table, "p2")["resources"] == resources(1, 1, 1)


def test_gathering_a_resource_the_tile_does_not_list_is_refused(client):
    table = new_game(client, players=("Ann", "Bob"), position={
        "round": 1, "season_deck": 11, "phase": "gathering", "current": "p1",
        "players": {"p1": {"tile": "M1", "resources": resources(0, 0, 0)}}})
    table.refused({"type": "gather", "player": "p1", "roll": 1, "take": ["wood"]}, ONLY_LISTED)
    table.accepted({"type": "gather", "player": "p1", "roll": 1, "take": ["water"]})


def test_a_worth_0_gather_draws_from_the_bag_and_ends_the_gathering(client):
    table = new_game(client, players=("Ann", "Bob"), position={
        "round": 1, "season_deck": 11, "phase": "gathering", "current": "p1",
        "bag": {"thirst": 1},
        "players": {"p1": {"tile": "M1", "resources": resources(0, 0, 0)}}})
    table.accepted({"type": "gather", "player": "p1", "roll": 0, "draw": "thirst"})
    assert board(table, "p1")["ailments"] == ailments(thirst=1)
    assert table.view()["phase"] == "turn_camp"


def test_supply_holds_six_resources(client):
    table = new_game(client, players=("Ann", "Bob"), position={
        "round": 1, "season_deck": 11, "phase": "gathering", "current": "p1",
        "players": {"p1": {"tile": "P1", "resources": resources(2, 2, 1)}}})
    table.accepted({"type": "gather", "player": "p1", "roll": 2, "take": ["food", "food"]})
    assert sum(board(table, "p1")["resources"].values()) == 6


def test_the_recuperate_example(client):
    table = new_game(client, position={
        "round": 1, "season_deck": 11, "phase": "camp", "current": "p3",
        "players": {"p3": {"tile": "W1", "resources": resources(1, 2, 3),
                           "ailments": ailments(2, 1, 3)}}})
    table.accepted({"type": "recuperate", "player": "p3",
                    "remove": {"hunger": 1, "thirst": 1, "wagon_damage": 3}})
    player = board(table, "p3")
    assert player["ailments"] == ailments(1, 0, 0)
    assert player["resources"] == resources(0, 1, 0)
    table.refused({"type": "recuperate", "player": "p3", "remove": {"thirst": 0, "hunger": 1}},
                  CAMP_ONCE)


def test_the_combat_example_the_defender_wins_and_steals_up_to_four(client):
    # The Outpost Matriarch (two pistols: three dice) attacks the Sheriff's Daughter (one pistol:
    # two dice) on an adjacent tile: 2+1+0 = 3 against 2+2 = 4.
    table = new_game(client, position={
        "round": 1, "season_deck": 11, "phase": "camp", "current": "p3",
        "players": {"p3": {"tile": "W1", "resources": resources(2, 2, 2)},
                    "p1": {"tile": "M1", "resources": resources(0, 0, 0)}}})
    table.refused({"type": "combat", "player": "p3", "target": "p1", "dice": [2, 1],
                   "target_dice": [2, 2]},
                  book("They roll one die as standard and add additional dice if they have "
                       "Equipment cards that allow them to do so."))
    table.accepted({"type": "combat", "player": "p3", "target": "p1", "dice": [2, 1, 0],
                    "target_dice": [2, 2]})
    table.refused({"type": "steal", "player": "p1", "take": {"food": 2, "water": 2, "wood": 1}},
                  book("The winner may steal any Resources and Equipment up to the Value of their "
                       "total roll result from the losing Player's Supply."))
    table.accepted({"type": "steal", "player": "p1", "take": {"food": 2, "water": 2}})
    assert board(table, "p1")["resources"] == resources(2, 2, 0)
    assert board(table, "p3")["resources"] == resources(0, 0, 2)


def test_no_combat_against_a_traveler_in_cedar_falls(client):
    table = new_game(client, position={
        "round": 1, "season_deck": 11, "phase": "camp", "current": "p3",
        "players": {"p3": {"tile": "W1"}, "p1": {"tile": "CF"}}})
    table.refused({"type": "combat", "player": "p3", "target": "p1", "dice": [2, 1, 0],
                   "target_dice": [0, 0]}, NO_CITY_COMBAT)


def test_no_trade_with_a_player_two_tiles_away(client):
    table = new_game(client, position={
        "round": 1, "season_deck": 11, "phase": "camp", "current": "p1",
        "players": {"p1": {"tile": "CF"}, "p2": {"tile": "M1"}}})
    table.refused({"type": "trade", "player": "p1", "with": "p2", "accepted": True,
                   "give": {"food": 1}, "get": {"water": 1}}, TRADE_NEAR)


def test_the_event_example_the_highest_die_counts_then_a_bag_draw(client):
    table = new_game(client, players=("Ann", "Bob"), position={
        "round": 1, "season_deck": 11, "phase": "event", "current": "p2",
        "bag": {"water": 1},
        "players": {"p2": {"tile": "W1", "resources": resources(0, 0, 0)}}})
    table.accepted({"type": "event_card", "player": "p2", "card": HERD, "dice": [2, 1],
                    "draws": ["water"]})
    assert board(table, "p2")["resources"] == resources(2, 1, 0)
    # Bob's was the round's last turn: the First-Player token passes left to him, who draws the
    # next Season card.
    view = table.view()
    assert view["phase"] == "season"
    assert view["state"]["first_player"] == "p2"
    assert view["current_players"] == ["p2"]


def test_the_next_player_cannot_start_before_the_event_card(client):
    table = new_game(client, players=("Ann", "Bob"), position={
        "round": 1, "season_deck": 11, "phase": "camp", "current": "p1",
        "players": {"p1": {"tile": "W1"}}})
    table.accepted({"type": "end_camp", "player": "p1"})
    table.refused({"type": "stay", "player": "p2"}, EVENT_BEFORE_END)


def test_the_ailments_and_perishing_example(client):
    # The Exiled Woodsman has two Hunger and three Thirst and gains two of each: one Hunger is
    # added and one Companion perishes; two Thirst over the threshold: two more perish.
    table = new_game(client, players=("Ann", "Bob"), position={
        "round": 1, "season_deck": 11, "phase": "event", "current": "p1",
        "players": {"p1": {"tile": "W1", "ailments": ailments(2, 3, 0)}}})
    table.accepted({"type": "event_card", "player": "p1", "card": "A dry stretch",
                    "ailments": {"hunger": 2, "thirst": 2}})
    player = board(table, "p1")
    assert player["companions"] == 1
    assert player["status"] == "traveler"
    assert player["ailments"]["hunger"] == 3


def test_the_sacrifice_example(client):
    # The Outpost Matriarch, on a Mountain with three Hunger, two Thirst and one Wagon Damage,
    # sacrifices her last Companion: two Hunger, one Thirst and the Wagon Damage go, the Skull on
    # Wagon Damage; then she can gain only two Wagon Damage before another Companion perishes.
    table = new_game(client, position={
        "round": 1, "season_deck": 11, "phase": "travel", "current": "p3",
        "players": {"p3": {"tile": "M1", "companions": 1, "resources": resources(0, 0, 0),
                           "ailments": ailments(3, 2, 1)}}})
    table.accepted({"type": "sacrifice", "player": "p3",
                    "remove": {"hunger": 2, "thirst": 1, "wagon_damage": 1},
                    "skull": "wagon_damage"})
    player = board(table, "p3")
    assert player["companions"] == 0
    assert player["ailments"] == ailments(1, 1, 0)
    assert player["skulls"] == ailments(wagon_damage=1)
    assert player["status"] == "traveler"


def test_a_sacrifice_out_of_turn_is_refused(client):
    table = new_game(client, players=("Ann", "Bob"), position={
        "round": 1, "season_deck": 11, "phase": "travel", "current": "p1",
        "players": {"p2": {"tile": "M1", "ailments": ailments(3, 1, 0)}}})
    table.refused({"type": "sacrifice", "player": "p2", "remove": {"hunger": 3, "thirst": 1},
                   "skull": "hunger"}, "during their turn")


def test_a_ravenous_traveler_cannot_move_onto_a_trading_post(client):
    table = new_game(client, players=("Ann", "Bob"), position={
        "round": 1, "season_deck": 11, "phase": "ravenous_movement", "current": "p2",
        "players": {"p2": {"tile": "W1", "status": "ravenous", "hunger": 1}}})
    table.refused({"type": "ravenous_move", "player": "p2", "path": ["P1"]}, RAVENOUS_RESTRICTED)
    table.accepted({"type": "ravenous_move", "player": "p2", "path": ["M1"]})


def test_the_first_to_reach_newhaven_wins(client):
    table = new_game(client, players=("Ann", "Bob"), position={
        "round": 3, "season_deck": 9, "phase": "travel", "current": "p1",
        "players": {"p1": {"tile": "M1", "resources": resources(2, 0, 1)},
                    "p2": {"tile": "M1", "resources": resources(2, 0, 1)}}})
    table.accepted({"type": "travel", "player": "p1", "to": "NH"})
    view = table.view()
    assert view["scores"]["winners"] == ["p1"]
    assert FIRST_TO_NEWHAVEN in view["scores"]["decided_by"]["rule"]["quote"]
    assert view["over"] is True


def test_winter_ends_the_game_with_no_winner(client):
    table = new_game(client, players=("Ann", "Bob"), position={
        "round": 12, "season_deck": 0, "phase": "event", "current": "p2", "first_player": "p1",
        "players": {"p1": {"tile": "M1"}, "p2": {"tile": "W1"}}})
    table.accepted({"type": "event_card", "player": "p2", "card": "Quiet night"})
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["winners"] == []
    assert WINTER in view["scores"]["decided_by"]["rule"]["quote"]


def test_perishing_while_paying_the_travel_cost_leaves_the_traveler_on_their_tile(client):
    # No Companion left and three Wagon Damage: the Wood lacked for the Wetlands' cost is a fourth
    # Wagon Damage, a Companion must perish and none is left: the Traveler turns Ravenous.
    table = new_game(client, players=("Ann", "Bob"), position={
        "round": 1, "season_deck": 11, "phase": "travel", "current": "p1",
        "players": {"p1": {"tile": "W1", "companions": 0, "resources": resources(1, 1, 0),
                           "ailments": ailments(wagon_damage=3)}}})
    table.accepted({"type": "travel", "player": "p1", "to": "M1"})
    player = board(table, "p1")
    assert player["tile"] == "W1"
    assert player["status"] == "ravenous"
    assert player["hunger"] == 1
    assert player["resources"] == resources(0, 0, 0)
    assert player["equipment"] == []
    assert table.view()["current_players"] == ["p2"]


def test_a_combat_tie_changes_nothing(client):
    table = new_game(client, position={
        "round": 1, "season_deck": 11, "phase": "camp", "current": "p3",
        "players": {"p3": {"tile": "W1", "resources": resources(2, 2, 2)},
                    "p1": {"tile": "W1", "resources": resources(1, 1, 1)}}})
    table.accepted({"type": "combat", "player": "p3", "target": "p1", "dice": [2, 0, 0],
                    "target_dice": [1, 1]})
    view = table.view()
    assert view["phase"] == "turn_camp"
    assert not any(event["type"] == "steal" for event in view["legal"])
    assert board(table, "p1")["resources"] == resources(1, 1, 1)
    assert board(table, "p3")["resources"] == resources(2, 2, 2)


def test_the_last_traveler_turning_ravenous_ends_the_game(client):
    table = new_game(client, players=("Ann", "Bob"), position={
        "round": 2, "season_deck": 10, "phase": "event", "current": "p1",
        "players": {"p1": {"tile": "W1", "companions": 0, "ailments": ailments(hunger=3)},
                    "p2": {"tile": "M1", "status": "ravenous", "hunger": 1}}})
    table.accepted({"type": "event_card", "player": "p1", "card": "Lean times",
                    "ailments": {"hunger": 1}})
    view = table.view()
    assert board(table, "p1")["status"] == "ravenous"
    assert view["over"] is True
    assert view["scores"]["winners"] == []
    assert book("If all Travelers turn Ravenous, the game is over.") in \
        view["scores"]["decided_by"]["rule"]["quote"]


def test_the_ravenous_turn_example(client):
    # The Ravenous Traveler (one Hunger) moves two tiles onto the Wetlands where the Self-Made
    # Entrepreneur is, crossing a face-down tile it does not flip; rolls Worth 1 against his
    # Worth 2 and loses, so retreats at once onto the face-down tile, then adds one Hunger.
    # (The example's Entrepreneur rolls one die: here he holds no Pistol any more.)
    terrain = [
        {"name": "CF", "kind": "Cedar Falls", "travel_cost": {"food": 1}, "adjacent": ["A"]},
        {"name": "A", "kind": "Forest", "travel_cost": {"wood": 1}, "resources": ["wood"],
         "adjacent": ["X"]},
        {"name": "X", "face_up": False, "adjacent": ["W"]},
        {"name": "W", "kind": "Wetlands", "travel_cost": {"water": 1}, "resources": ["water"],
         "adjacent": ["NH"]},
        {"name": "NH", "kind": "Newhaven", "adjacent": []},
    ]
    table = ApiTable(client, {
        "game": GAME, "players": ["Ann", "Bob"],
        "options": {"terrain": terrain, "travelers": {"p2": TRAVELERS["p2"]}},
        "position": {"round": 2, "season_deck": 10, "phase": "ravenous_movement", "current": "p1",
                     "players": {"p1": {"tile": "A", "status": "ravenous", "hunger": 1},
                                 "p2": {"tile": "W", "equipment": [TOOL_BOX]}}}})
    table.accepted({"type": "ravenous_move", "player": "p1", "path": ["X", "W"]})
    assert table.view()["state"]["tiles"]["X"]["face_up"] is False
    table.accepted({"type": "ravenous_attack", "player": "p1", "target": "p2", "dice": [1],
                    "target_dice": [2]})
    view = table.view()
    assert view["phase"] == "ravenous_retreat"
    assert board(table, "p2")["companions"] == 4
    table.accepted({"type": "retreat", "player": "p1", "to": "X"})
    ravenous = board(table, "p1")
    assert (ravenous["tile"], ravenous["hunger"]) == ("X", 2)
    assert table.view()["state"]["tiles"]["X"]["face_up"] is False
    assert table.view()["current_players"] == ["p2"]


def test_the_next_round_begins_with_the_player_left_of_the_first_player(client):
    # Three Players: Cleo (p3) ends round 1; the token passes from Ann to Bob, who resolves the
    # Season card and plays first; then Cleo, then Ann.
    table = new_game(client, position={
        "round": 1, "season_deck": 11, "phase": "event", "current": "p3", "first_player": "p1",
        "players": {"p1": {"tile": "W1"}, "p2": {"tile": "W1"}, "p3": {"tile": "W1"}}})
    table.accepted({"type": "event_card", "player": "p3", "card": "Quiet night"})
    table.refused(spring("p1"), SEASON_BY_FIRST)
    table.accepted(spring("p2"))
    order = []
    for _ in range(3):
        seat = table.view()["current_players"][0]
        order.append(seat)
        table.accepted({"type": "stay", "player": seat})
        table.accepted({"type": "skip_gathering", "player": seat})
        table.accepted({"type": "end_camp", "player": seat})
        table.accepted({"type": "event_card", "player": seat, "card": "Quiet night"})
    assert order == ["p2", "p3", "p1"]
    assert table.view()["state"]["first_player"] == "p3"


def test_summer_follows_the_three_spring_cards(client):
    table = new_game(client, players=("Ann", "Bob"), position={
        "round": 4, "season_deck": 9, "phase": "season", "first_player": "p1",
        "players": {"p1": {"tile": "W1"}, "p2": {"tile": "W1"}}})
    table.refused(spring("p1"), SEASON_ORDER)
    table.accepted({"type": "season", "player": "p1", "season": "summer", "card": "Heat"})
    assert table.view()["state"]["season_deck"] == 8


def test_an_event_card_does_not_affect_a_ravenous_player(client):
    table = new_game(client, position={
        "round": 1, "season_deck": 11, "phase": "event", "current": "p1",
        "players": {"p1": {"tile": "W1"}, "p2": {"tile": "W1", "status": "ravenous", "hunger": 1},
                    "p3": {"tile": "W1"}}})
    table.refused({"type": "event_card", "player": "p1", "card": "Storm",
                   "others": {"p2": {"ailments": {"hunger": 1}},
                              "p3": {"ailments": {"thirst": 1}}}},
                  book("A: No, Event cards do not affect you."))
    table.accepted({"type": "event_card", "player": "p1", "card": "Storm",
                    "others": {"p3": {"ailments": {"thirst": 1}}}})
    assert board(table, "p3")["ailments"] == ailments(thirst=1)
    assert board(table, "p2")["hunger"] == 1


def test_legal_drops_a_camp_action_once_taken_and_combat_against_the_city(client):
    # Cleo recuperates at the Trading Post; Ann and Bob are in Cedar Falls, next to her.
    table = new_game(client, position={
        "round": 1, "season_deck": 11, "phase": "camp", "current": "p3",
        "players": {"p3": {"tile": "P1", "resources": resources(1, 2, 3),
                           "ailments": ailments(2, 1, 3)}}})
    table.accepted({"type": "recuperate", "player": "p3", "remove": {"hunger": 1}})
    kinds = {event["type"] for event in table.view()["legal"]}
    assert {"trade", "trading_post", "end_camp"} <= kinds
    assert "recuperate" not in kinds and "combat" not in kinds
