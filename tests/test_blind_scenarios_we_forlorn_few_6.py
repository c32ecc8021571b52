"""We Forlorn Few, outsider scenarios round 6: whole turns with the optional steps a table forgets
or enters twice, the mistakes a table makes (a combat die not on the die, a second steal, what the
loser does not have, a trade of what one does not hold, a third player answering, anything after
Winter or after the last Traveler turned Ravenous), positions already over, and the end-of-game
calculator on its own. Written from the rulebook and the API's own description only
(docs/games/we-forlorn-few.md, GET /api/games/we-forlorn-few), never the referee's code."""

import pytest

from tests.api_table import calculated, quotes_from
from tests.test_blind_scenarios_we_forlorn_few_2 import ravenous_turn
from tests.test_blind_scenarios_we_forlorn_few_3 import board, road
from tests.test_blind_scenarios_we_forlorn_few_5 import (
    CAMP_ONCE,
    FOUR_PHASES,
    HAND,
    QUIET,
    STEAL,
    quiet_turn,
    setup_error,
    two_on_the_road,
)

GAME = "we-forlorn-few"
book = quotes_from(GAME)

SACRIFICE_ANY_TIME = book("At any time during their turn, Players may Sacrifice a Companion in "
                          "order to remove four Ailment tokens currently on their Player board.")
TRADE_ANSWER = book("The Player they are proposing the Trade with may then accept or reject the "
                    "terms of the Trade")
WINTER = book("If a new round begins but there are no cards left in the Season deck then all "
              "Travelers remaining on the Game Board perish and the game is over.")
ALL_RAVENOUS = book("If all Travelers turn Ravenous, the game is over.")
FIRST_TO_NEWHAVEN = book("The first Player to reach Newhaven is the winner.")
RAVENOUS = {"status": "ravenous", "companions": 0, "hunger": 1,
            "resources": {"food": 0, "water": 0, "wood": 0}}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


# --- Whole turns, with the optional steps ------------------------------------------------------

def test_a_whole_turn_with_a_sacrifice_before_travelling_and_a_trade_in_camp(client):
    table = two_on_the_road(client, p1={"ailments": {"hunger": 3, "thirst": 1}})
    # The Sacrifice is taken first thing in the Travel Phase; the turn goes on from there.
    table.accepted({"type": "sacrifice", "player": "p1", "remove": {"hunger": 3, "thirst": 1},
                    "skull": "hunger"})
    ann = board(table, "p1")
    assert (ann["companions"], ann["ailments"]) == (3, {"hunger": 0, "thirst": 0,
                                                        "wagon_damage": 0})
    table.accepted({"type": "stay", "player": "p1"})
    table.accepted({"type": "gather", "player": "p1", "roll": 2, "take": ["food", "wood"]})
    table.accepted({"type": "trade", "player": "p1", "with": "p2", "give": {"wood": 1},
                    "get": {"water": 1}})
    table.accepted({"type": "trade_answer", "player": "p2", "accepted": True})
    table.accepted({"type": "end_camp", "player": "p1"})
    table.accepted({"type": "event_card", "player": "p1", "card": QUIET})
    assert board(table, "p1")["resources"] == {"food": 2, "water": 2, "wood": 1}
    assert table.view()["current_players"] == ["p2"]


def test_a_sacrifice_in_the_camp_phase_after_gathering_is_still_her_turn(client):
    table = two_on_the_road(client, phase="camp", p1={"ailments": {"thirst": 2, "hunger": 2}})
    table.accepted({"type": "sacrifice", "player": "p1", "remove": {"thirst": 2, "hunger": 2},
                    "skull": "thirst"})
    assert board(table, "p1")["companions"] == 3
    # Still her Camp Phase: a Camp action follows.
    table.accepted({"type": "end_camp", "player": "p1"})


def test_the_stay_tapped_twice_is_refused_the_second_time(client):
    table = two_on_the_road(client)
    table.accepted({"type": "stay", "player": "p1"})
    table.refused({"type": "stay", "player": "p1"}, FOUR_PHASES)
    assert board(table, "p1")["tile"] == "A"
    table.accepted({"type": "skip_gathering", "player": "p1"})


def test_the_end_of_camp_tapped_twice_does_not_draw_bobs_event_card(client):
    table = two_on_the_road(client, phase="camp")
    table.accepted({"type": "end_camp", "player": "p1"})
    # The Event Phase: the Event card (and a Sacrifice, "at any time during their turn") only.
    assert {event["type"] for event in table.view()["legal"]} <= {"event_card", "sacrifice"}
    table.refused({"type": "end_camp", "player": "p1"}, FOUR_PHASES)
    table.accepted({"type": "event_card", "player": "p1", "card": QUIET})
    assert table.view()["current_players"] == ["p2"]


def test_the_event_card_is_not_drawn_while_a_trade_waits_for_its_answer(client):
    table = two_on_the_road(client, phase="camp")
    table.accepted({"type": "trade", "player": "p1", "with": "p2", "give": {"food": 1},
                    "get": {"water": 1}})
    table.refused({"type": "end_camp", "player": "p1"}, TRADE_ANSWER)
    table.accepted({"type": "trade_answer", "player": "p2", "accepted": False})
    table.accepted({"type": "end_camp", "player": "p1"})


# --- Mistakes a table makes ----------------------------------------------------------------------

def test_a_combat_die_showing_three_is_not_on_the_die(client):
    book("Each die has three potential outcomes: Worth 2, Worth 1, and Worth 0.")
    table = two_on_the_road(client, phase="camp")
    response = table.send({"type": "combat", "player": "p1", "target": "p2", "dice": [3, 1],
                           "target_dice": [0, 0]})
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"].startswith("event.dice")
    table.accepted({"type": "combat", "player": "p1", "target": "p2", "dice": [2, 1],
                    "target_dice": [0, 0]})


def test_a_second_steal_after_one_combat_is_refused(client):
    table = two_on_the_road(client, phase="camp")
    table.accepted({"type": "combat", "player": "p1", "target": "p2", "dice": [2, 2],
                    "target_dice": [0, 0]})
    table.accepted({"type": "steal", "player": "p1", "take": {"food": 1}})
    table.refused({"type": "steal", "player": "p1", "take": {"water": 1}}, STEAL)
    assert board(table, "p2")["resources"] == {"food": 0, "water": 1, "wood": 1}


def test_stealing_what_the_loser_does_not_have_is_refused(client):
    table = two_on_the_road(client, phase="camp", p2={"resources": {"food": 1, "water": 0,
                                                                    "wood": 0}})
    table.accepted({"type": "combat", "player": "p1", "target": "p2", "dice": [2, 2],
                    "target_dice": [0, 0]})
    table.refused({"type": "steal", "player": "p1", "take": {"water": 1}}, STEAL)
    table.accepted({"type": "steal", "player": "p1", "take": {"food": 1}})


def test_a_second_combat_in_one_camp_is_refused(client):
    table = two_on_the_road(client, phase="camp")
    table.accepted({"type": "combat", "player": "p1", "target": "p2", "dice": [1, 0],
                    "target_dice": [1, 0]})
    table.refused({"type": "combat", "player": "p1", "target": "p2", "dice": [2, 2],
                   "target_dice": [0, 0]}, CAMP_ONCE)


def test_a_trade_offering_what_she_does_not_hold_is_refused(client):
    table = two_on_the_road(client, phase="camp")
    # Promises are negotiation ("repaying a debt on a future turn"); tokens are exchanged now.
    table.refused({"type": "trade", "player": "p1", "with": "p2", "give": {"food": 3},
                   "get": {"water": 1}},
                  book("any tokens and cards are exchanged immediately."))
    assert board(table, "p1")["resources"] == HAND
    table.accepted({"type": "trade", "player": "p1", "with": "p2", "give": {"food": 1},
                    "get": {"water": 1}})


def test_a_trade_answered_by_a_third_player_is_refused(client):
    table = road(client, {"phase": "camp", "current": "p1", "players": {
        "p1": {"tile": "A", "resources": dict(HAND)}, "p2": {"tile": "A", "resources": dict(HAND)},
        "p3": {"tile": "A", "resources": dict(HAND)}}})
    table.accepted({"type": "trade", "player": "p1", "with": "p2", "give": {"food": 1},
                    "get": {"water": 1}})
    table.refused({"type": "trade_answer", "player": "p3", "accepted": True}, TRADE_ANSWER)
    table.accepted({"type": "trade_answer", "player": "p2", "accepted": True})


def test_after_winter_sets_in_nothing_more_is_entered(client):
    table = road(client, {"round": 12, "season_deck": 0, "phase": "event", "current": "p2",
                          "first_player": "p1",
                          "players": {"p1": {"tile": "A"}, "p2": {"tile": "B"}}},
                 players=("Ann", "Bob"))
    table.accepted({"type": "event_card", "player": "p2", "card": QUIET})
    assert table.view()["over"] is True
    for event in ({"type": "season", "player": "p2", "season": "winter", "card": "Frost"},
                  {"type": "stay", "player": "p1"}, {"type": "travel", "player": "p2", "to": "C"}):
        table.refused(event, WINTER)


def test_after_the_last_traveler_turned_ravenous_nothing_more_is_entered(client):
    # Bob is Ravenous; Ann, with no Companion left, takes a fourth Thirst travelling: "If a
    # Player is required to have a Companion perish, but they have no remaining Companion tokens
    # on their Player Board, their Traveler turns Ravenous".
    table = road(client, {"phase": "travel", "current": "p1", "players": {
        "p1": {"tile": "E", "companions": 0, "ailments": {"thirst": 3},
               "resources": {"food": 0, "water": 0, "wood": 0}},
        "p2": {"tile": "B", **RAVENOUS}}}, players=("Ann", "Bob"))
    table.accepted({"type": "travel", "player": "p1", "to": "B"})
    view = table.view()
    assert view["over"] is True
    assert ALL_RAVENOUS in view["scores"]["decided_by"]["rule"]["quote"]
    for event in ({"type": "ravenous_move", "player": "p2", "path": ["A"]},
                  {"type": "stay", "player": "p1"}):
        table.refused(event, ALL_RAVENOUS)


# --- Positions already over --------------------------------------------------------------------

def test_a_position_after_a_traveler_reached_newhaven_is_refused(client):
    error = setup_error(client, {"round": 6, "season_deck": 6, "phase": "travel", "current": "p2",
                                 "arrivals": ["p1"],
                                 "players": {"p1": {"tile": "NH", "status": "arrived"},
                                             "p2": {"tile": "A"}}})
    assert error["field"] == "position.arrivals"


def test_a_position_with_every_traveler_ravenous_is_refused(client):
    error = setup_error(client, {"round": 6, "season_deck": 6, "phase": "ravenous_movement",
                                 "current": "p1",
                                 "players": {"p1": {"tile": "A", **RAVENOUS},
                                             "p2": {"tile": "B", **RAVENOUS}}})
    assert error["field"] == "position.players"


def test_a_position_at_a_new_round_with_no_season_card_left_is_refused(client):
    error = setup_error(client, {"round": 13, "season_deck": 0, "phase": "season",
                                 "first_player": "p1",
                                 "players": {"p1": {"tile": "A"}, "p2": {"tile": "B"}}})
    assert error["field"] == "position.season_deck"


def test_all_journeys_a_position_after_the_first_arrival_is_played_on(client):
    book("Once a Traveler reaches Newhaven their journey is over and they have completed the game.")
    table = road(client, {"round": 6, "season_deck": 6, "phase": "travel", "current": "p2",
                          "arrivals": ["p1"],
                          "players": {"p1": {"tile": "NH", "status": "arrived"},
                                      "p2": {"tile": "A", "resources": dict(HAND)}}},
                 players=("Ann", "Bob"), game_ends_at="all_journeys")
    assert table.view()["over"] is False
    quiet_turn(table, "p2")
    view = table.view()
    assert (view["phase"], view["over"]) == ("season", False)
    # The token passed to Bob; the round is his alone: Ann's journey is over.
    table.accepted({"type": "season", "player": "p2", "season": "fall", "card": "Early Frost"})
    view = table.view()
    assert view["current_players"] == ["p2"]
    assert {event["player"] for event in view["legal"]} == {"p2"}


# --- The end-of-game calculator ------------------------------------------------------------------

def test_the_calculator_every_traveler_ravenous_has_no_winner_by_default(client):
    answer = calculated(client, GAME, {"crossing": 5, "players": [
        {"name": "Ann", "status": "ravenous", "tiles_to_go": 2},
        {"name": "Bob", "status": "out"}]})
    assert answer["winners"] == []
    assert ALL_RAVENOUS in answer["decided_by"]["rule"]["quote"]


def test_the_calculator_surviving_ravenous_ruling_gives_the_ravenous_still_in_the_game(client):
    answer = calculated(client, GAME, {"crossing": 5, "all_ravenous_winners": "surviving_ravenous",
                                       "players": [
                                           {"name": "Ann", "status": "ravenous", "tiles_to_go": 2},
                                           {"name": "Bob", "status": "out"}]})
    assert answer["winners"] == [answer["players"][0]["seat"]]


def test_the_calculator_refuses_an_arrival_order_with_a_gap(client):
    answer = calculated(client, GAME, {"crossing": 5, "players": [
        {"name": "Ann", "status": "arrived", "arrived": 1},
        {"name": "Bob", "status": "arrived", "arrived": 3}]}, status=400)
    assert answer["error"]["field"] == "players[1].arrived"


def test_the_calculator_refuses_a_ravenous_player_with_companions(client):
    book("A Player turns Ravenous once all of their Companions and their Traveler have perished.")
    answer = calculated(client, GAME, {"crossing": 5, "players": [
        {"name": "Ann", "status": "ravenous", "companions": 2, "tiles_to_go": 2},
        {"name": "Bob", "status": "traveler", "companions": 2, "tiles_to_go": 2}]}, status=400)
    assert answer["error"]["field"] == "players[0].companions"


def test_the_calculator_refuses_a_traveler_with_no_tile_left_to_go(client):
    answer = calculated(client, GAME, {"crossing": 5, "players": [
        {"name": "Ann", "status": "traveler", "companions": 3, "tiles_to_go": 0},
        {"name": "Bob", "status": "traveler", "companions": 2, "tiles_to_go": 2}]}, status=400)
    assert answer["error"]["field"] == "players[0].tiles_to_go"


def test_the_calculator_with_nobody_arrived_and_no_winter_names_no_winner(client):
    answer = calculated(client, GAME, {"crossing": 5, "players": [
        {"name": "Ann", "status": "traveler", "companions": 4, "tiles_to_go": 1},
        {"name": "Bob", "status": "traveler", "companions": 4, "tiles_to_go": 3}]})
    # Closer is not a win: only the first to reach Newhaven wins.
    assert answer["winners"] == []
    assert book("The objective of the game is to be the first Traveler to successfully cross the "
                "Game Board and reach Newhaven.") in answer["decided_by"]["rule"]["quote"]


# --- A Ravenous turn with the optional steps left out ------------------------------------------

def test_a_ravenous_turn_that_moves_then_retreats_without_a_combat(client):
    table = ravenous_turn(client, hunger=1, tile="B", others={"p2": {"tile": "C"},
                                                              "p3": {"tile": "C"}})
    table.accepted({"type": "ravenous_move", "player": "p1", "path": ["C"]})
    # The movement tapped twice: the Movement Phase is over.
    table.refused({"type": "ravenous_move", "player": "p1", "path": ["D"]},
                  book("A Ravenous Player's turn consists of three Phases that are to be resolved "
                       "in the following order: Movement Phase, Combat Phase, Retreat Phase."))
    # "may initiate Combat": no Combat entered, the retreat straight away.
    table.accepted({"type": "retreat", "player": "p1", "to": "D"})
    ann = board(table, "p1")
    assert (ann["tile"], ann["hunger"]) == ("D", 2)
    assert table.view()["current_players"] == ["p2"]


# --- Positions with more than the box holds ------------------------------------------------------

BAG = {"food": 0, "water": 0, "wood": 0, "hunger": 0, "thirst": 0, "wagon_damage": 0}


@pytest.mark.parametrize("bag, players, printed", [
    ({**BAG, "food": 30}, {}, "25 Food tokens"),
    ({**BAG, "hunger": 41}, {}, "40 Hunger tokens"),
    ({**BAG, "food": 20}, {"p1": {"resources": {"food": 6}}, "p2": {"resources": {"food": 6}}},
     "25 Food tokens"),
], ids=["thirty-food-in-the-bag", "forty-one-hunger-in-the-bag", "thirty-two-food-in-all"])
def test_a_position_with_more_tokens_than_the_box_holds_is_refused(client, bag, players, printed):
    book(printed)
    error = setup_error(client, {"round": 4, "season_deck": 8, "phase": "travel", "current": "p1",
                                 "bag": bag,
                                 "players": {"p1": {"tile": "A", **players.get("p1", {})},
                                             "p2": {"tile": "A", **players.get("p2", {})}}})
    assert error["field"].startswith("position")


def test_a_position_with_the_whole_box_of_food_in_the_bag_is_played_on(client):
    table = two_on_the_road(client, phase="gathering", bag={**BAG, "food": 23})
    table.accepted({"type": "explore", "player": "p1", "draw": "food"})
    assert board(table, "p1")["resources"]["food"] == 2
    assert table.view()["state"]["bag"]["food"] == 22


# --- The wrong player named ----------------------------------------------------------------------

COMBAT_WHO = book("To initiate combat, the Active Player selects another Player on their current "
                  "tile, or an adjacent tile, and then makes a Combat roll.")


def test_a_combat_against_a_player_two_tiles_away_is_refused(client):
    table = two_on_the_road(client, phase="camp", p2={"tile": "C"})
    table.refused({"type": "combat", "player": "p1", "target": "p2", "dice": [2, 2],
                   "target_dice": [0, 0]}, COMBAT_WHO)
    assert board(table, "p2")["resources"] == HAND


def test_a_combat_or_a_trade_with_herself_is_refused(client):
    table = two_on_the_road(client, phase="camp")
    table.refused({"type": "combat", "player": "p1", "target": "p1", "dice": [2, 2],
                   "target_dice": [0, 0]}, COMBAT_WHO)
    table.refused({"type": "trade", "player": "p1", "with": "p1", "give": {"food": 1},
                   "get": {"water": 1}},
                  book("The Active Player may Trade with other Players who are on the same Terrain "
                       "tile, or on the Terrain tiles adjacent to them."))
    table.accepted({"type": "combat", "player": "p1", "target": "p2", "dice": [1, 0],
                    "target_dice": [1, 0]})
