"""We Forlorn Few, outsider scenarios round 4: the last Season cards and Winter, the end of the
game under both readings of when it ends, the finished game against the calculator, an empty
Exploration Bag, and undo in the middle of a turn. Written from the rulebook and the API's own
description only (docs/games/we-forlorn-few.md, GET /api/games/we-forlorn-few), never the
referee's code."""

import pytest

from tests.api_table import ApiTable, calculated, quotes_from
from tests.test_blind_scenarios_we_forlorn_few import HOLSTER, PISTOL, TOOL_BOX, TRAVELERS
from tests.test_blind_scenarios_we_forlorn_few_3 import ROAD

GAME = "we-forlorn-few"
book = quotes_from(GAME)

SEASON_ORDER = book("making sure they are grouped in the following order: Spring on top followed "
                    "by Summer, Fall and then Winter on the bottom of the deck.")
WINTER = book("If a new round begins but there are no cards left in the Season deck then all "
              "Travelers remaining on the Game Board perish and the game is over.")
FIRST_TO_NEWHAVEN = book("The first Player to reach Newhaven is the winner.")
EMPTY_BAG_PLAYERS = ("Ann", "Bob")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def road(client, position, players=("Ann", "Bob"), **options):
    travelers = {seat: TRAVELERS[seat] for seat in ("p1", "p2", "p3")[:len(players)]}
    return ApiTable(client, {"game": GAME, "players": list(players),
                             "options": {"terrain": ROAD, "travelers": travelers, **options},
                             "position": position})


def board(table, seat):
    return table.view()["state"]["players"][seat]


def undo(table):
    response = table.client.post(f"/api/sessions/{table.id}/undo", headers=table.headers)
    assert response.status_code == 200, response.get_json()
    table.seq = response.get_json()["seq"]


def quiet_turn(table, seat):
    """Stay, gather nothing, camp nothing, an Event card that does nothing."""
    table.accepted({"type": "stay", "player": seat})
    table.accepted({"type": "skip_gathering", "player": seat})
    table.accepted({"type": "end_camp", "player": seat})
    table.accepted({"type": "event_card", "player": seat, "card": "Quiet Night"})


# --- The last Season cards and Winter ----------------------------------------------------------

def test_the_last_card_of_the_season_deck_is_a_winter_card(client):
    # Twelve cards: three of each season, Winter at the bottom. One left: it is Winter's third.
    table = road(client, {"round": 12, "season_deck": 1, "phase": "season", "first_player": "p1",
                          "players": {"p1": {"tile": "A"}, "p2": {"tile": "B"}}})
    table.refused({"type": "season", "player": "p1", "season": "fall", "card": "Harvest Moon"},
                  SEASON_ORDER)
    table.accepted({"type": "season", "player": "p1", "season": "winter", "card": "First Snow"})
    assert table.view()["state"]["season_deck"] == 0
    assert table.view()["over"] is False


def test_the_round_of_the_last_winter_card_is_played_out_then_winter_sets_in(client):
    table = road(client, {"round": 12, "season_deck": 1, "phase": "season", "first_player": "p1",
                          "players": {"p1": {"tile": "A"}, "p2": {"tile": "B"}}})
    table.accepted({"type": "season", "player": "p1", "season": "winter", "card": "First Snow"})
    quiet_turn(table, "p1")
    assert table.view()["over"] is False
    quiet_turn(table, "p2")
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["winners"] == []
    assert WINTER in view["scores"]["decided_by"]["rule"]["quote"]
    assert {board(table, seat)["status"] for seat in ("p1", "p2")} == {"out"}


def test_winter_takes_a_ravenous_player_still_in_the_wilderness_too(client):
    # "...all Players who are still in the wilderness perish and the game is over."
    table = road(client, {"round": 12, "season_deck": 0, "phase": "event", "current": "p2",
                          "first_player": "p1",
                          "players": {"p1": {"tile": "E", "status": "ravenous", "hunger": 1},
                                      "p2": {"tile": "B"}}})
    table.accepted({"type": "event_card", "player": "p2", "card": "Quiet Night"})
    view = table.view()
    assert view["over"] is True
    assert board(table, "p1")["status"] == "out"
    assert board(table, "p2")["status"] == "out"
    assert view["scores"]["winners"] == []


def test_an_arrival_in_the_last_turn_before_winter_wins(client):
    table = road(client, {"round": 12, "season_deck": 0, "phase": "travel", "current": "p2",
                          "first_player": "p1",
                          "players": {"p1": {"tile": "A"},
                                      "p2": {"tile": "C", "resources": {"water": 1}}}})
    table.accepted({"type": "travel", "player": "p2", "to": "NH"})
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["winners"] == ["p2"]
    assert FIRST_TO_NEWHAVEN in view["scores"]["decided_by"]["rule"]["quote"]


# --- When every journey must end ---------------------------------------------------------------

def test_all_journeys_the_second_arrival_ends_the_game_and_the_first_still_wins(client):
    table = road(client, {"round": 6, "season_deck": 6, "phase": "travel", "current": "p2",
                          "first_player": "p1", "arrivals": ["p1"],
                          "players": {"p1": {"tile": "NH", "status": "arrived"},
                                      "p2": {"tile": "C", "resources": {"water": 1}}}},
                 game_ends_at="all_journeys")
    assert table.view()["over"] is False
    table.accepted({"type": "travel", "player": "p2", "to": "NH"})
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["winners"] == ["p1"]
    assert FIRST_TO_NEWHAVEN in view["scores"]["decided_by"]["rule"]["quote"]


def test_all_journeys_an_arrived_player_takes_no_more_turns(client):
    table = road(client, {"round": 6, "season_deck": 6, "phase": "event", "current": "p3",
                          "first_player": "p1", "arrivals": ["p1"],
                          "players": {"p1": {"tile": "NH", "status": "arrived"},
                                      "p2": {"tile": "B"}, "p3": {"tile": "A"}}},
                 players=("Ann", "Bob", "Cleo"), game_ends_at="all_journeys")
    table.accepted({"type": "event_card", "player": "p3", "card": "Quiet Night"})
    # The token passes from Ann to Bob, who resolves the Season card; Ann never plays again.
    table.accepted({"type": "season", "player": "p2", "season": "fall", "card": "Early Frost"})
    quiet_turn(table, "p2")
    quiet_turn(table, "p3")
    view = table.view()
    assert view["phase"] == "season"
    assert "p1" not in view["current_players"]


# --- The finished game and the calculator ------------------------------------------------------

def test_a_finished_game_and_the_calculator_agree(client):
    table = road(client, {"round": 8, "season_deck": 4, "phase": "travel", "current": "p1",
                          "first_player": "p1",
                          "players": {"p1": {"tile": "C", "companions": 2,
                                             "resources": {"water": 1}},
                                      "p2": {"tile": "A", "companions": 3}}})
    table.accepted({"type": "travel", "player": "p1", "to": "NH"})
    live = table.view()["scores"]
    # Cedar Falls - A - B - C - Newhaven: four tiles to cross; Bob on A has three to go.
    calc = calculated(client, GAME, {"crossing": 4, "players": [
        {"name": "Ann", "status": "arrived", "companions": 2},
        {"name": "Bob", "status": "traveler", "tiles_to_go": 3, "companions": 3}]})
    assert live["winners"] == calc["winners"] == ["p1"]
    assert ([player["total"] for player in live["players"]]
            == [player["total"] for player in calc["players"]])


def test_the_calculator_at_winter_has_no_winner(client):
    answer = calculated(client, GAME, {"crossing": 4, "winter": True, "players": [
        {"name": "Ann", "status": "out", "tiles_to_go": 1},
        {"name": "Bob", "status": "out", "tiles_to_go": 3}]})
    assert answer["winners"] == []
    assert WINTER in answer["decided_by"]["rule"]["quote"]


def test_the_calculator_refuses_a_traveler_still_on_the_board_at_winter(client):
    response = client.post(f"/api/score/{GAME}", json={"crossing": 4, "winter": True, "players": [
        {"name": "Ann", "status": "traveler", "tiles_to_go": 1}]})
    assert response.status_code == 400
    assert "players" in response.get_json()["error"].get("field", "")


# --- An empty Exploration Bag ------------------------------------------------------------------

EMPTY = {"food": 0, "water": 0, "wood": 0, "hunger": 0, "thirst": 0, "wagon_damage": 0}


def test_a_worth_0_gather_from_an_empty_bag_draws_nothing_and_ends_the_gathering(client):
    table = road(client, {"round": 3, "season_deck": 9, "phase": "gathering", "current": "p1",
                          "bag": EMPTY, "players": {"p1": {"tile": "A"}, "p2": {"tile": "B"}}})
    before = board(table, "p1")
    response = table.send({"type": "gather", "player": "p1", "roll": 0, "draw": "food"})
    assert response.status_code == 422
    table.accepted({"type": "gather", "player": "p1", "roll": 0})
    after = board(table, "p1")
    assert (after["resources"], after["ailments"]) == (before["resources"], before["ailments"])
    assert table.view()["phase"] == "turn_camp"


def test_an_explore_from_an_empty_bag_draws_nothing(client):
    table = road(client, {"round": 3, "season_deck": 9, "phase": "gathering", "current": "p1",
                          "bag": EMPTY, "players": {"p1": {"tile": "A"}, "p2": {"tile": "B"}}})
    table.accepted({"type": "explore", "player": "p1"})
    assert table.view()["phase"] == "turn_camp"


# --- Undo in the middle of a turn --------------------------------------------------------------

def test_undo_of_a_travel_paid_in_ailments_that_killed_a_companion(client):
    table = road(client, {"round": 3, "season_deck": 9, "phase": "travel", "current": "p1",
                          "players": {"p1": {"tile": "B", "companions": 3,
                                             "resources": {"water": 1},
                                             "ailments": {"wagon_damage": 3}},
                                      "p2": {"tile": "A"}}})
    before = table.view()
    table.accepted({"type": "travel", "player": "p1", "to": "C"})
    assert board(table, "p1")["companions"] == 1
    undo(table)
    after = table.view()
    assert after["state"] == before["state"]
    assert after["legal"] == before["legal"]


def test_undo_of_a_steal_leaves_the_winner_choosing_again(client):
    table = road(client, {"round": 3, "season_deck": 9, "phase": "camp", "current": "p2",
                          "players": {"p1": {"tile": "A", "resources": {"food": 2, "wood": 1}},
                                      "p2": {"tile": "B"}}})
    table.accepted({"type": "combat", "player": "p2", "target": "p1", "dice": [2, 1],
                    "target_dice": [0, 1]})
    choosing = table.view()
    table.accepted({"type": "steal", "player": "p2", "take": {"food": 2, "wood": 1}})
    assert board(table, "p1")["resources"] == {"food": 0, "water": 0, "wood": 0}
    undo(table)
    assert table.view()["state"] == choosing["state"]
    assert table.view()["phase"] == choosing["phase"]


def test_undo_of_the_arrival_that_ended_the_game(client):
    table = road(client, {"round": 8, "season_deck": 4, "phase": "travel", "current": "p1",
                          "players": {"p1": {"tile": "C", "resources": {"water": 1}},
                                      "p2": {"tile": "A"}}})
    before = table.view()
    table.accepted({"type": "travel", "player": "p1", "to": "NH"})
    assert table.view()["over"] is True
    undo(table)
    after = table.view()
    assert after["over"] is False
    assert after["state"] == before["state"]
    table.accepted({"type": "stay", "player": "p1"})


# --- Rare cases --------------------------------------------------------------------------------

def test_a_sacrifice_with_only_two_ailments_removes_both(client):
    table = road(client, {"round": 3, "season_deck": 9, "phase": "travel", "current": "p1",
                          "players": {"p1": {"tile": "A", "ailments": {"hunger": 1, "thirst": 1}},
                                      "p2": {"tile": "B"}}})
    table.accepted({"type": "sacrifice", "player": "p1",
                    "remove": {"hunger": 1, "thirst": 1}, "skull": "hunger"})
    ann = board(table, "p1")
    assert ann["companions"] == 3
    assert ann["ailments"] == {"hunger": 0, "thirst": 0, "wagon_damage": 0}


def test_a_trading_post_visit_buying_nothing_is_allowed(client):
    # "You can Trade as much or as little as you wish provided you have enough Value..."
    terrain = [dict(tile) for tile in ROAD]
    terrain[1] = {**terrain[1], "trading_post": True}
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Bob"], "options": {
        "terrain": terrain, "travelers": {"p1": TRAVELERS["p1"], "p2": TRAVELERS["p2"]}},
        "position": {"round": 3, "season_deck": 9, "phase": "camp", "current": "p1",
                     "players": {"p1": {"tile": "A", "resources": {"food": 1}},
                                 "p2": {"tile": "B"}}}})
    table.accepted({"type": "trading_post", "player": "p1",
                    "offered": ["Tool Box", "Snare", "Pistol"], "buy": []})
    assert board(table, "p1")["resources"]["food"] == 1
    table.refused({"type": "trading_post", "player": "p1",
                   "offered": ["Tool Box", "Snare", "Pistol"], "buy": []},
                  book("During the Camp Phase the Active Player may perform each of the following "
                       "actions once in any order"))


def test_a_tool_box_bonus_when_the_supply_is_full_returns_to_the_stockpile(client):
    table = road(client, {"round": 3, "season_deck": 9, "phase": "gathering", "current": "p2",
                          "players": {"p1": {"tile": "A"},
                                      "p2": {"tile": "B", "equipment": [TOOL_BOX],
                                             "resources": {"food": 2, "water": 2, "wood": 2}}}})
    table.accepted({"type": "skip_gathering", "player": "p2"})
    assert board(table, "p2")["resources"] == {"food": 2, "water": 2, "wood": 2}


def test_the_first_player_token_passes_to_a_ravenous_player_who_resolves_the_season_card(client):
    # "The First-Player token moves to the Player on their left." A Ravenous Player is still one.
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Bob"], "options": {
        "terrain": ROAD, "travelers": {"p1": TRAVELERS["p1"]}}, "position": {
        "round": 3, "season_deck": 9, "phase": "event", "current": "p1", "first_player": "p1",
        "players": {"p1": {"tile": "A"}, "p2": {"tile": "E", "status": "ravenous", "hunger": 1}}}})
    table.accepted({"type": "event_card", "player": "p1", "card": "Quiet Night"})
    table.accepted({"type": "ravenous_move", "player": "p2", "path": []})
    table.accepted({"type": "retreat", "player": "p2", "to": "B"})
    view = table.view()
    assert view["phase"] == "season"
    assert view["current_players"] == ["p2"]
    assert board(table, "p2")["hunger"] == 2
    table.refused({"type": "season", "player": "p1", "season": "summer", "card": "Heat Wave"},
                  book("At the beginning of each round the First Player will draw the top Season "
                       "card, read it aloud and resolve it."))
    table.accepted({"type": "season", "player": "p2", "season": "summer", "card": "Heat Wave"})


# --- More ends ---------------------------------------------------------------------------------

ALL_RAVENOUS = book("If all Travelers turn Ravenous, the game is over.")
RAVENOUS_RESTRICTED = book("Ravenous Travelers cannot move onto Trading Post tiles, Cedar Falls or "
                           "Newhaven.")


def test_all_journeys_the_last_traveler_turning_ravenous_after_an_arrival_ends_it(client):
    table = road(client, {"round": 6, "season_deck": 6, "phase": "event", "current": "p2",
                          "first_player": "p1", "arrivals": ["p1"],
                          "players": {"p1": {"tile": "NH", "status": "arrived"},
                                      "p2": {"tile": "B", "companions": 0,
                                             "ailments": {"hunger": 3}}}},
                 game_ends_at="all_journeys")
    table.accepted({"type": "event_card", "player": "p2", "card": "Lean Times",
                    "ailments": {"hunger": 1}})
    view = table.view()
    assert board(table, "p2")["status"] == "ravenous"
    assert view["over"] is True
    assert view["scores"]["winners"] == ["p1"]
    assert FIRST_TO_NEWHAVEN in view["scores"]["decided_by"]["rule"]["quote"]


def test_the_last_traveler_turning_ravenous_beside_a_perished_one_ends_it_with_no_winner(client):
    table = road(client, {"round": 6, "season_deck": 6, "phase": "event", "current": "p2",
                          "first_player": "p1",
                          "players": {"p1": {"tile": "E", "status": "out"},
                                      "p2": {"tile": "B", "companions": 0,
                                             "ailments": {"hunger": 3}}}})
    table.accepted({"type": "event_card", "player": "p2", "card": "Lean Times",
                    "ailments": {"hunger": 1}})
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["winners"] == []
    assert ALL_RAVENOUS in view["scores"]["decided_by"]["rule"]["quote"]


def test_a_ravenous_traveler_may_not_retreat_into_newhaven(client):
    table = road(client, {"round": 5, "season_deck": 7, "phase": "ravenous_retreat",
                          "current": "p1",
                          "players": {"p1": {"tile": "C", "status": "ravenous", "hunger": 1},
                                      "p2": {"tile": "A"}}})
    table.refused({"type": "retreat", "player": "p1", "to": "NH"}, RAVENOUS_RESTRICTED)
    table.accepted({"type": "retreat", "player": "p1", "to": "B"})


def test_a_ravenous_traveler_may_not_pass_through_cedar_falls(client):
    terrain = [dict(tile) for tile in ROAD]
    terrain[0] = {**terrain[0], "adjacent": ["A", "E"]}
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Bob"], "options": {
        "terrain": terrain, "travelers": {"p2": TRAVELERS["p2"]}}, "position": {
        "round": 5, "season_deck": 7, "phase": "ravenous_movement", "current": "p1",
        "players": {"p1": {"tile": "A", "status": "ravenous", "hunger": 1},
                    "p2": {"tile": "C"}}}})
    table.refused({"type": "ravenous_move", "player": "p1", "path": ["CF", "E"]},
                  RAVENOUS_RESTRICTED)
    table.accepted({"type": "ravenous_move", "player": "p1", "path": ["E"]})


# --- More undo ---------------------------------------------------------------------------------

def test_undo_of_a_ravenous_win_gives_back_the_companion_and_the_hunger(client):
    table = road(client, {"round": 5, "season_deck": 7, "phase": "ravenous_combat",
                          "current": "p1",
                          "players": {"p1": {"tile": "B", "status": "ravenous", "hunger": 2},
                                      "p2": {"tile": "B"}}})
    before = table.view()
    table.accepted({"type": "ravenous_attack", "player": "p1", "target": "p2", "dice": [2, 1],
                    "target_dice": [1, 0]})
    assert (board(table, "p1")["hunger"], board(table, "p2")["companions"]) == (1, 3)
    undo(table)
    after = table.view()
    assert after["state"] == before["state"]
    assert after["legal"] == before["legal"]


def test_undo_of_a_season_card_puts_it_back_on_the_deck(client):
    table = road(client, {"round": 4, "season_deck": 9, "phase": "season", "first_player": "p1",
                          "bag": dict(EMPTY),
                          "players": {"p1": {"tile": "A"}, "p2": {"tile": "B"}}})
    before = table.view()
    table.accepted({"type": "season", "player": "p1", "season": "summer", "card": "Drought",
                    "add_to_bag": {"thirst": 2}})
    assert table.view()["state"]["bag"]["thirst"] == 2
    undo(table)
    after = table.view()
    assert after["state"] == before["state"]
    assert after["phase"] == "season"


# --- The cities --------------------------------------------------------------------------------

def test_a_trade_in_cedar_falls_is_allowed_where_combat_is_not(client):
    table = road(client, {"round": 2, "season_deck": 10, "phase": "camp", "current": "p1",
                          "players": {"p1": {"tile": "CF", "resources": {"food": 2}},
                                      "p2": {"tile": "CF", "resources": {"water": 2}}}})
    table.refused({"type": "combat", "player": "p1", "target": "p2", "dice": [2, 0],
                   "target_dice": [0, 0]},
                  book("No, attacking a Traveler in a city would be unseemly."))
    table.accepted({"type": "trade", "player": "p1", "with": "p2", "give": {"food": 1},
                    "get": {"water": 1}, "accepted": True})
    assert board(table, "p1")["resources"] == {"food": 1, "water": 1, "wood": 0}
    assert board(table, "p2")["resources"] == {"food": 1, "water": 1, "wood": 0}


# --- The Season deck ---------------------------------------------------------------------------

def test_a_season_deck_of_more_than_twelve_cards_is_refused_at_setup(client):
    # "Draw the top three cards from each Season and combine them into a single deck".
    response = client.post("/api/sessions", json={
        "game": GAME, "players": ["Ann", "Bob"],
        "options": {"terrain": ROAD, "travelers": {"p1": TRAVELERS["p1"]}},
        "position": {"round": 1, "season_deck": 13, "phase": "season", "first_player": "p1",
                     "players": {"p1": {"tile": "CF"}, "p2": {"tile": "CF"}}}})
    assert response.status_code == 400
    assert response.get_json()["error"]["field"].endswith("season_deck")


def test_with_three_cards_left_the_next_is_winter(client):
    table = road(client, {"round": 10, "season_deck": 3, "phase": "season", "first_player": "p1",
                          "players": {"p1": {"tile": "A"}, "p2": {"tile": "B"}}})
    table.refused({"type": "season", "player": "p1", "season": "fall", "card": "Last Leaves"},
                  SEASON_ORDER)
    table.accepted({"type": "season", "player": "p1", "season": "winter", "card": "Blizzard"})


def test_a_game_ended_by_winter_and_the_calculator_agree(client):
    table = road(client, {"round": 12, "season_deck": 0, "phase": "event", "current": "p2",
                          "first_player": "p1",
                          "players": {"p1": {"tile": "A", "companions": 4},
                                      "p2": {"tile": "B", "companions": 2}}})
    table.accepted({"type": "event_card", "player": "p2", "card": "Quiet Night"})
    live = table.view()["scores"]
    calc = calculated(client, GAME, {"crossing": 4, "winter": True, "players": [
        {"name": "Ann", "status": "out", "tiles_to_go": 3},
        {"name": "Bob", "status": "out", "tiles_to_go": 2}]})
    assert live["winners"] == calc["winners"] == []
    assert ([player["total"] for player in live["players"]]
            == [player["total"] for player in calc["players"]])


def test_undo_of_the_event_card_that_let_winter_in(client):
    table = road(client, {"round": 12, "season_deck": 0, "phase": "event", "current": "p2",
                          "first_player": "p1",
                          "players": {"p1": {"tile": "A"}, "p2": {"tile": "B"}}})
    before = table.view()
    table.accepted({"type": "event_card", "player": "p2", "card": "Quiet Night"})
    assert table.view()["over"] is True
    undo(table)
    after = table.view()
    assert after["over"] is False
    assert after["state"] == before["state"]
    assert after["legal"] == before["legal"]


# --- A Storage card discarded with its load ----------------------------------------------------

def test_an_event_card_discarding_the_holster_discards_the_pistol_on_it(client):
    # "Q: What if I am required to discard a Storage card that currently has another Equipment
    # card on it? A: In this instance, both cards would be discarded."
    table = road(client, {"round": 3, "season_deck": 9, "phase": "event", "current": "p1",
                          "players": {"p1": {"tile": "A",
                                             "equipment": [{**HOLSTER, "stored": [PISTOL]}]},
                                      "p2": {"tile": "B"}}})
    table.accepted({"type": "event_card", "player": "p1", "card": "Broken Axle",
                    "lose": {"equipment": ["Holster"]}})
    assert board(table, "p1")["equipment"] == []


# --- Bad input late in a game ------------------------------------------------------------------

def test_a_position_naming_a_seat_not_at_the_table_to_play_is_refused(client):
    response = client.post("/api/sessions", json={
        "game": GAME, "players": ["Ann", "Bob"],
        "options": {"terrain": ROAD, "travelers": {"p1": TRAVELERS["p1"]}},
        "position": {"round": 3, "season_deck": 9, "phase": "travel", "current": "p1",
                     "to_play": ["p4"], "players": {"p1": {"tile": "A"}, "p2": {"tile": "B"}}}})
    assert response.status_code == 400
    assert response.get_json()["error"]["field"].startswith("position.to_play")


TRADE_CAPACITY = book("Anytime a Traveler receives a token or card that exceeds their Supply "
                      "capacity, they must immediately discard either something from their "
                      "Supply to make space, or return the newly acquired item to the Stockpile.")


def test_a_trade_proposal_discarding_what_needs_no_room_is_refused_at_once(client):
    table = road(client, {"round": 3, "season_deck": 9, "phase": "camp", "current": "p1",
                          "players": {"p1": {"tile": "A"}, "p2": {"tile": "B"}}})
    # Ann holds one of each Resource; one Water for one Food leaves her three: no room is needed.
    table.refused({"type": "trade", "player": "p1", "with": "p2", "give": {"food": 1},
                   "get": {"water": 1}, "discard": {"food": 6, "wood": 11}}, TRADE_CAPACITY)
    table.accepted({"type": "trade", "player": "p1", "with": "p2", "give": {"food": 1},
                    "get": {"water": 1}})
    # Every acceptance `legal` offers in full is one the referee accepts.
    answer = next(event for event in table.view()["legal"] if event["type"] == "trade_answer"
                  and event.get("accepted") and "open" not in event)
    table.accepted(answer)
    assert board(table, "p1")["resources"] == {"food": 0, "water": 2, "wood": 1}


BACKWARDS_TWO = book("Players may travel backwards to an adjacent tile by paying two Resource "
                     "tokens of any type.")


def test_travelling_backwards_paid_with_three_ailments_is_refused_with_the_rule(client):
    table = road(client, {"round": 5, "season_deck": 7, "phase": "travel", "current": "p1",
                          "players": {"p1": {"tile": "A", "resources": {"water": 2, "wood": 2}},
                                      "p2": {"tile": "B"}}})
    table.refused({"type": "travel", "player": "p1", "to": "CF", "backward": True,
                   "ailments": {"wagon_damage": 3}}, BACKWARDS_TWO)
    table.accepted({"type": "travel", "player": "p1", "to": "CF", "backward": True,
                    "pay": {"water": 1, "wood": 1}})
    assert board(table, "p1")["tile"] == "CF"


STEAL = book("The winner may steal any Resources and Equipment up to the Value of their total "
             "roll result from the losing Player's Supply.")


def test_stealing_the_holster_and_the_pistol_on_it_in_either_order(client):
    holstered = [{**HOLSTER, "stored": [PISTOL]}]
    for order in (["Holster", "Pistol"], ["Pistol", "Holster"]):
        table = road(client, {"round": 5, "season_deck": 7, "phase": "camp", "current": "p1",
                              "players": {"p1": {"tile": "A", "equipment": [PISTOL]},
                                          "p2": {"tile": "B", "equipment": holstered}}})
        table.accepted({"type": "combat", "player": "p1", "target": "p2", "dice": [2, 1],
                        "target_dice": [0, 0]})
        # A result of 3: the Holster (Value 1) and the Pistol it carries (Value 2).
        assert {"type": "steal", "player": "p1", "take": {"equipment": ["Holster", "Pistol"]}} \
            in table.view()["legal"]
        table.accepted({"type": "steal", "player": "p1", "take": {"equipment": order}})
        assert board(table, "p2")["equipment"] == []
        carried = [card["name"] for card in board(table, "p1")["equipment"]]
        carried += [stored["name"] for card in board(table, "p1")["equipment"]
                    for stored in card.get("stored") or []]
        assert sorted(carried) == ["Holster", "Pistol", "Pistol"]
