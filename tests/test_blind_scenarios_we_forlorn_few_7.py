"""We Forlorn Few, outsider scenarios round 7: the Explore step turn by turn (what is drawn, where
it goes, the bag it leaves, a full Supply, the Tool Bonus first, the mistakes around it), the
Ravenous rules as a table plays them (what a Ravenous Player may and may not enter, a lost Combat,
face-down tiles not flipped, Trading Posts and the tile they stand on), undo at the table (the
state as if the mistake never happened), positions the Ravenous rules make impossible, and the
calculator. Written from the rulebook and the API's own description only
(docs/games/we-forlorn-few.md, GET /api/games/we-forlorn-few), never the referee's code."""

import pytest

from tests.api_table import calculated, quotes_from
from tests.test_blind_scenarios_we_forlorn_few_2 import ravenous_turn, trail
from tests.test_blind_scenarios_we_forlorn_few_3 import board, road
from tests.test_blind_scenarios_we_forlorn_few_5 import (
    HAND,
    QUIET,
    TURN_ORDER,
    setup_error,
    two_on_the_road,
)

GAME = "we-forlorn-few"
book = quotes_from(GAME)

EXPLORE = book("If a Player chooses to Explore, they draw one token at random from the "
               "Exploration Bag and then immediately end their Gathering Phase.")
GATHER_OR_EXPLORE = book("receive Tool Bonuses, then Gather Resources OR Explore.")
RAVENOUS_PHASES = book("A Ravenous Player's turn consists of three Phases that are to be resolved "
                       "in the following order: Movement Phase, Combat Phase, Retreat Phase.")
LOST_COMBAT = book("They must immediately begin the Retreat Phase.")
NOT_FLIPPED = book("They may travel to face-down tiles, but when they do, they DO NOT flip them.")
RESTRICTED = book("Ravenous Travelers cannot move onto Trading Post tiles, Cedar Falls or "
                  "Newhaven.")
RETREAT = book("After the Combat Phase, Ravenous Travelers must move to an adjacent tile, "
               "following their movement rules and restrictions.")
SACRIFICE = book("At any time during their turn, Players may Sacrifice a Companion in order to "
                 "remove four Ailment tokens currently on their Player board.")
EMPTY_BAG = {"food": 0, "water": 0, "wood": 0, "hunger": 0, "thirst": 0, "wagon_damage": 0}


def bag(**tokens):
    return {**EMPTY_BAG, **tokens}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def without_undone(view):
    return view["state"], view["scores"], view["legal"], view["phase"]


# --- The Explore step, turn by turn ------------------------------------------------------------

def test_a_whole_turn_exploring_a_thirst_token_onto_her_board(client):
    table = two_on_the_road(client, bag=bag(thirst=1, food=1))
    table.accepted({"type": "stay", "player": "p1"})
    table.accepted({"type": "explore", "player": "p1", "draw": "thirst"})
    view = table.view()
    assert view["state"]["players"]["p1"]["ailments"]["thirst"] == 1
    assert view["state"]["players"]["p1"]["resources"] == HAND
    assert view["state"]["bag"] == bag(food=1)
    # The Explore ended the Gathering Phase: a Gather now is refused, the Camp goes on.
    assert view["phase"] == "turn_camp"
    table.refused({"type": "gather", "player": "p1", "roll": 2, "take": ["food", "food"]},
                  GATHER_OR_EXPLORE)
    table.accepted({"type": "recuperate", "player": "p1", "remove": {"thirst": 1}})
    table.accepted({"type": "end_camp", "player": "p1"})
    table.accepted({"type": "event_card", "player": "p1", "card": QUIET})
    assert board(table, "p1")["ailments"]["thirst"] == 0
    assert table.view()["current_players"] == ["p2"]


def test_an_explored_food_token_goes_to_the_supply_and_leaves_the_bag(client):
    table = two_on_the_road(client, phase="gathering", bag=bag(food=2, hunger=1))
    table.accepted({"type": "explore", "player": "p1", "draw": "food"})
    assert board(table, "p1")["resources"] == {"food": 2, "water": 1, "wood": 1}
    assert table.view()["state"]["bag"] == bag(food=1, hunger=1)


def test_an_explore_twice_in_one_gathering_phase_is_refused(client):
    table = two_on_the_road(client, phase="gathering", bag=bag(water=2))
    table.accepted({"type": "explore", "player": "p1", "draw": "water"})
    table.refused({"type": "explore", "player": "p1", "draw": "water"}, GATHER_OR_EXPLORE)
    assert table.view()["state"]["bag"] == bag(water=1)


def test_an_explore_entered_in_the_travel_phase_means_she_stayed(client):
    table = two_on_the_road(client, bag=bag(wood=1))
    table.accepted({"type": "explore", "player": "p1", "draw": "wood"})
    assert board(table, "p1")["tile"] == "A"
    assert board(table, "p1")["resources"]["wood"] == 2
    table.refused({"type": "travel", "player": "p1", "to": "B"},
                  "MUST be resolved in the following order")


def test_an_explore_into_a_full_supply_returns_the_token_unless_she_makes_room(client):
    full = {"food": 2, "water": 2, "wood": 2}
    returned = two_on_the_road(client, phase="gathering", p1={"resources": full},
                               bag=bag(water=1))
    returned.accepted({"type": "explore", "player": "p1", "draw": "water"})
    assert board(returned, "p1")["resources"] == full
    assert returned.view()["state"]["bag"] == EMPTY_BAG
    kept = two_on_the_road(client, phase="gathering", p1={"resources": full}, bag=bag(water=1))
    kept.accepted({"type": "explore", "player": "p1", "draw": "water", "discard": {"food": 1}})
    assert board(kept, "p1")["resources"] == {"food": 1, "water": 3, "wood": 2}


def test_the_tool_box_gives_its_wood_before_bob_explores(client):
    table = road(client, {"phase": "gathering", "current": "p2", "bag": bag(hunger=1),
                          "players": {"p1": {"tile": "A"},
                                      "p2": {"tile": "A", "resources": dict(HAND)}}},
                 players=("Ann", "Bob"))
    table.accepted({"type": "explore", "player": "p2", "draw": "hunger"})
    bob = board(table, "p2")
    assert bob["resources"] == {"food": 1, "water": 1, "wood": 2}
    assert bob["ailments"]["hunger"] == 1


def test_bobs_explore_entered_during_anns_gathering_is_refused(client):
    table = two_on_the_road(client, phase="gathering", bag=bag(food=1))
    table.refused({"type": "explore", "player": "p2", "draw": "food"}, TURN_ORDER)
    assert table.view()["state"]["bag"] == bag(food=1)
    table.accepted({"type": "explore", "player": "p1", "draw": "food"})


def test_an_explore_entered_by_mistake_undone_then_the_gather_as_if_it_never_happened(client):
    table = two_on_the_road(client, phase="gathering", bag=bag(hunger=1, food=1))
    table.accepted({"type": "explore", "player": "p1", "draw": "hunger"})
    undone = client.post(f"/api/sessions/{table.id}/undo", headers=table.headers)
    assert undone.status_code == 200, undone.get_json()
    table.seq = undone.get_json()["seq"]
    table.accepted({"type": "gather", "player": "p1", "roll": 2, "take": ["food", "water"]})
    right_first_time = two_on_the_road(client, phase="gathering", bag=bag(hunger=1, food=1))
    right_first_time.accepted({"type": "gather", "player": "p1", "roll": 2,
                               "take": ["food", "water"]})
    assert without_undone(table.view()) == without_undone(right_first_time.view())
    assert table.view()["state"]["bag"] == bag(hunger=1, food=1)


# --- The Ravenous, as a table plays them -------------------------------------------------------

@pytest.mark.parametrize("event", [
    {"type": "travel", "player": "p1", "to": "B"},
    {"type": "gather", "player": "p1", "roll": 1, "take": ["wood"]},
    {"type": "explore", "player": "p1"},
    {"type": "event_card", "player": "p1", "card": QUIET},
    {"type": "end_camp", "player": "p1"},
], ids=["travel", "gather", "explore", "event-card", "camp"])
def test_a_ravenous_player_enters_none_of_a_travelers_phases(client, event):
    table = ravenous_turn(client, others={"p2": {"tile": "A"}})
    table.refused(event, RAVENOUS_PHASES)
    table.accepted({"type": "ravenous_move", "player": "p1", "path": ["B"]})


def test_a_ravenous_loss_ends_the_combat_even_with_another_traveler_on_the_tile(client):
    table = ravenous_turn(client, hunger=1, tile="C", phase="ravenous_combat",
                          others={"p2": {"tile": "C"}, "p3": {"tile": "C"}})
    table.accepted({"type": "ravenous_attack", "player": "p1", "target": "p2", "dice": [1],
                    "target_dice": [2, 0]})
    table.refused({"type": "ravenous_attack", "player": "p1", "target": "p3", "dice": [2],
                   "target_dice": [0, 0]}, LOST_COMBAT)
    assert board(table, "p3")["companions"] == 4
    table.accepted({"type": "retreat", "player": "p1", "to": "D"})


def test_a_ravenous_path_onto_the_trading_post_and_back_is_refused(client):
    table = ravenous_turn(client, tile="B")
    table.refused({"type": "ravenous_move", "player": "p1", "path": ["P", "B"]}, RESTRICTED)
    assert board(table, "p1")["tile"] == "B"
    table.accepted({"type": "ravenous_move", "player": "p1", "path": ["C", "D"]})


FACE_DOWN = [
    {"name": "CF", "kind": "Cedar Falls", "travel_cost": {"food": 1}, "adjacent": ["A"]},
    {"name": "A", "kind": "Forest", "travel_cost": {"wood": 1}, "resources": ["wood"],
     "adjacent": ["CF", "X"]},
    {"name": "X", "face_up": False, "adjacent": ["A", "Y"]},
    {"name": "Y", "kind": "Desert", "travel_cost": {"water": 1}, "resources": ["water"],
     "adjacent": ["X", "NH"]},
    {"name": "NH", "kind": "Newhaven", "adjacent": ["Y"]},
]


def test_a_ravenous_move_onto_a_face_down_tile_flipping_it_is_refused(client):
    table = trail(client, {"phase": "ravenous_movement", "current": "p1", "players": {
        "p1": {"tile": "A", "status": "ravenous", "hunger": 1}, "p2": {"tile": "Y"}}},
        terrain=FACE_DOWN)
    table.refused({"type": "ravenous_move", "player": "p1", "path": ["X"],
                   "reveal": {"X": {"kind": "Prairie", "resources": ["food"],
                                    "travel_cost": {"food": 1}}}}, NOT_FLIPPED)
    table.accepted({"type": "ravenous_move", "player": "p1", "path": ["X", "Y"]})
    view = table.view()
    assert view["state"]["players"]["p1"]["tile"] == "Y"
    assert view["state"]["tiles"]["X"]["face_up"] is False


def test_a_ravenous_retreat_onto_the_tile_it_stands_on_is_refused(client):
    table = ravenous_turn(client, tile="C", phase="ravenous_retreat")
    table.refused({"type": "retreat", "player": "p1", "to": "C"}, RETREAT)
    table.accepted({"type": "retreat", "player": "p1", "to": "B"})
    assert (board(table, "p1")["tile"], board(table, "p1")["hunger"]) == ("B", 2)


def test_a_ravenous_whole_turn_two_wins_then_the_retreat_then_bobs_turn(client):
    table = ravenous_turn(client, hunger=2, tile="B",
                          others={"p2": {"tile": "C"}, "p3": {"tile": "C"}})
    table.accepted({"type": "ravenous_move", "player": "p1", "path": ["C"]})
    # Nothing picked up on C: its two Food stay placed.
    assert table.view()["state"]["tiles"]["C"]["placed"]["food"] == 2
    table.accepted({"type": "ravenous_attack", "player": "p1", "target": "p2", "dice": [2, 0],
                    "target_dice": [1, 0]})
    table.accepted({"type": "ravenous_attack", "player": "p1", "target": "p3", "dice": [1],
                    "target_dice": [0, 0, 0]})
    assert [board(table, seat)["companions"] for seat in ("p2", "p3")] == [3, 3]
    assert board(table, "p1")["hunger"] == 0
    table.accepted({"type": "retreat", "player": "p1", "to": "D"})
    view = table.view()
    assert (view["state"]["players"]["p1"]["tile"],
            view["state"]["players"]["p1"]["hunger"]) == ("D", 1)
    assert view["current_players"] == ["p2"]
    assert view["phase"] == "turn_travel"


def test_bobs_travel_entered_during_a_ravenous_turn_is_refused(client):
    table = ravenous_turn(client, others={"p2": {"tile": "A", "resources": dict(HAND)}})
    table.refused({"type": "travel", "player": "p2", "to": "B"}, TURN_ORDER)
    table.accepted({"type": "ravenous_move", "player": "p1", "path": ["B"]})


def test_a_ravenous_attack_on_the_wrong_player_undone_then_the_right_one(client):
    others = {"p2": {"tile": "C"}, "p3": {"tile": "C"}}
    table = ravenous_turn(client, hunger=1, tile="C", phase="ravenous_combat", others=others)
    table.accepted({"type": "ravenous_attack", "player": "p1", "target": "p2", "dice": [2],
                    "target_dice": [0, 0]})
    undone = client.post(f"/api/sessions/{table.id}/undo", headers=table.headers)
    assert undone.status_code == 200, undone.get_json()
    table.seq = undone.get_json()["seq"]
    table.accepted({"type": "ravenous_attack", "player": "p1", "target": "p3", "dice": [2],
                    "target_dice": [0, 0, 0]})
    right_first_time = ravenous_turn(client, hunger=1, tile="C", phase="ravenous_combat",
                                     others=others)
    right_first_time.accepted({"type": "ravenous_attack", "player": "p1", "target": "p3",
                               "dice": [2], "target_dice": [0, 0, 0]})
    assert without_undone(table.view()) == without_undone(right_first_time.view())
    assert board(table, "p2")["companions"] == 4


# --- Positions the Ravenous rules make impossible ----------------------------------------------

def test_a_position_with_a_ravenous_player_holding_four_hunger_is_refused(client):
    error = setup_error(client, {"round": 4, "season_deck": 8, "phase": "travel",
                                 "current": "p1", "players": {
                                     "p1": {"tile": "A"},
                                     "p2": {"tile": "B", "status": "ravenous", "hunger": 4}}})
    assert error["field"].startswith("position.players.p2"), error


def test_a_position_with_a_ravenous_player_in_newhaven_is_refused(client):
    # RESTRICTED; a Traveler who turns Ravenous in Cedar Falls or on a Trading Post may stand
    # there (the book moves them off neither), so only Newhaven is impossible.
    error = setup_error(client, {"round": 4, "season_deck": 8, "phase": "travel",
                                 "current": "p1", "players": {
                                     "p1": {"tile": "A"},
                                     "p2": {"tile": "NH", "status": "ravenous", "hunger": 1}}})
    assert error["field"].startswith("position.players.p2"), error


# --- The calculator ----------------------------------------------------------------------------

def test_the_calculator_refuses_an_arrival_rank_for_a_player_who_never_arrived(client):
    answer = calculated(client, GAME, {"crossing": 5, "players": [
        {"name": "Ann", "status": "arrived", "arrived": 1},
        {"name": "Bob", "status": "out", "arrived": 2}]}, status=400)
    assert "arrived" in answer["error"]["message"] + answer["error"].get("field", "")


def test_the_calculator_refuses_a_ravenous_player_still_on_the_board_at_winter(client):
    answer = calculated(client, GAME, {"crossing": 5, "winter": True, "players": [
        {"name": "Ann", "status": "out"},
        {"name": "Bob", "status": "ravenous", "tiles_to_go": 2}]}, status=400)
    assert "players" in answer["error"].get("field", "") + answer["error"]["message"]


def test_the_calculator_a_ravenous_player_beside_the_first_arrival_does_not_win(client):
    answer = calculated(client, GAME, {"crossing": 5, "players": [
        {"name": "Ann", "status": "ravenous", "tiles_to_go": 1},
        {"name": "Bob", "status": "arrived"},
        {"name": "Cleo", "status": "traveler", "companions": 4, "tiles_to_go": 1}]})
    assert answer["winners"] == [answer["players"][1]["seat"]]
    assert book("The first Player to reach Newhaven is the winner.") in (
        answer["decided_by"]["rule"]["quote"])


# --- Round 7, part 2: the Explore that ends a Traveler, the Ravenous turn's order -----------------

def test_an_explore_that_costs_the_last_companion_and_the_traveler_ends_her_turn_at_once(client):
    book("If it is currently their turn, they must end their turn immediately.")
    table = two_on_the_road(client, phase="gathering", bag=bag(hunger=2),
                            p1={"companions": 0, "ailments": {"hunger": 3}})
    table.accepted({"type": "explore", "player": "p1", "draw": "hunger"})
    view = table.view()
    ann = view["state"]["players"]["p1"]
    assert (ann["status"], ann["hunger"], ann["resources"]) == (
        "ravenous", 1, {"food": 0, "water": 0, "wood": 0})
    # No Camp Phase, no Event card: Bob's turn.
    assert view["current_players"] == ["p2"]
    table.refused({"type": "end_camp", "player": "p1"}, TURN_ORDER)


def test_an_explore_entered_without_its_token_is_refused_while_the_bag_holds_some(client):
    table = two_on_the_road(client, phase="gathering", bag=bag(wood=1))
    response = table.send({"type": "explore", "player": "p1"})
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"] == "event.draw"
    assert table.view()["state"]["bag"] == bag(wood=1)
    table.accepted({"type": "explore", "player": "p1", "draw": "wood"})


def test_a_ravenous_move_after_the_first_attack_is_refused(client):
    table = ravenous_turn(client, hunger=2, tile="C",
                          others={"p2": {"tile": "C"}, "p3": {"tile": "D"}})
    table.accepted({"type": "ravenous_attack", "player": "p1", "target": "p2", "dice": [1, 1],
                    "target_dice": [2, 0]})
    table.refused({"type": "ravenous_move", "player": "p1", "path": ["D"]}, RAVENOUS_PHASES)
    assert board(table, "p1")["tile"] == "C"


def test_bobs_turn_cannot_start_before_the_ravenous_retreat(client):
    table = ravenous_turn(client, tile="C", phase="ravenous_combat",
                          others={"p2": {"tile": "B", "resources": dict(HAND)}})
    table.accepted({"type": "end_combat", "player": "p1"})
    table.refused({"type": "stay", "player": "p2"}, TURN_ORDER)
    table.accepted({"type": "retreat", "player": "p1", "to": "B"})
    table.accepted({"type": "stay", "player": "p2"})


def test_a_ravenous_player_has_no_companion_to_sacrifice(client):
    table = ravenous_turn(client, hunger=2)
    error = table.refused({"type": "sacrifice", "player": "p1", "remove": {"hunger": 1},
                           "skull": "thirst"}, SACRIFICE)
    assert RAVENOUS_PHASES in [rule["quote"] for rule in error["rules"]]
    assert board(table, "p1")["hunger"] == 2


def test_a_ravenous_retreat_onto_a_face_down_tile_leaves_it_face_down(client):
    table = trail(client, {"phase": "ravenous_retreat", "current": "p1", "players": {
        "p1": {"tile": "A", "status": "ravenous", "hunger": 1}, "p2": {"tile": "Y"}}},
        terrain=FACE_DOWN)
    table.refused({"type": "retreat", "player": "p1", "to": "X",
                   "reveal": {"kind": "Desert", "resources": ["water"],
                              "travel_cost": {"water": 1}}}, NOT_FLIPPED)
    table.accepted({"type": "retreat", "player": "p1", "to": "X"})
    view = table.view()
    assert view["state"]["tiles"]["X"]["face_up"] is False
    assert (view["state"]["players"]["p1"]["tile"], view["state"]["players"]["p1"]["hunger"]) == (
        "X", 2)


def test_a_retreat_to_the_wrong_tile_undone_then_the_right_one(client):
    table = ravenous_turn(client, tile="C", phase="ravenous_retreat")
    table.accepted({"type": "retreat", "player": "p1", "to": "D"})
    undo_response = client.post(f"/api/sessions/{table.id}/undo", headers=table.headers)
    assert undo_response.status_code == 200, undo_response.get_json()
    table.seq = undo_response.get_json()["seq"]
    assert (board(table, "p1")["tile"], board(table, "p1")["hunger"]) == ("C", 1)
    table.accepted({"type": "retreat", "player": "p1", "to": "B"})
    right_first_time = ravenous_turn(client, tile="C", phase="ravenous_retreat")
    right_first_time.accepted({"type": "retreat", "player": "p1", "to": "B"})
    assert without_undone(table.view()) == without_undone(right_first_time.view())


def test_the_calculator_a_traveler_cut_off_from_newhaven_has_crossed_nothing(client):
    # A Season card's removed tiles can leave no way on ("Season Effect: Each Season card also
    # includes an effect that will alter the state of the board by removing tiles…").
    book("removing tiles or placing tokens or Equipment cards on specific tiles.")
    answer = calculated(client, GAME, {"crossing": 5, "players": [
        {"name": "Ann", "status": "traveler", "companions": 3, "cut_off": True},
        {"name": "Bob", "status": "traveler", "companions": 1, "tiles_to_go": 2}]})
    assert [player["total"] for player in answer["players"]] == [0, 3]
    assert answer["winners"] == []
    both = calculated(client, GAME, {"crossing": 5, "players": [
        {"name": "Ann", "status": "traveler", "companions": 3, "cut_off": True,
         "tiles_to_go": 2},
        {"name": "Bob", "status": "traveler", "companions": 1, "tiles_to_go": 2}]}, status=400)
    assert both["error"]["field"] == "players[0].tiles_to_go"
    arrived = calculated(client, GAME, {"crossing": 5, "players": [
        {"name": "Ann", "status": "arrived", "cut_off": True},
        {"name": "Bob", "status": "traveler", "companions": 1, "tiles_to_go": 2}]}, status=400)
    assert arrived["error"]["field"] == "players[0].cut_off"


# --- Bob's entry in each phase of Ann's turn: the turn order ------------------------------------

BOBS = {"stay": {"type": "stay", "player": "p2"},
        "gather": {"type": "gather", "player": "p2", "roll": 1, "take": ["food"]},
        "end_camp": {"type": "end_camp", "player": "p2"},
        "recuperate": {"type": "recuperate", "player": "p2", "remove": {"hunger": 1}},
        "event_card": {"type": "event_card", "player": "p2", "card": QUIET}}


@pytest.mark.parametrize(("phase", "bobs"), [
    ("travel", "stay"), ("travel", "event_card"), ("gathering", "gather"),
    ("camp", "recuperate"), ("event", "event_card"),
    ("gathering", "stay"),
    ("camp", "stay"),
    ("camp", "gather"),
    # Bob's stay in Ann's Event Phase is the next turn begun before her Event card: the lead's ruling
    # (session 15) keeps test_blind_scenarios_we_forlorn_few.py's
    # test_the_next_player_cannot_start_before_the_event_card, which quotes that sentence
    ("event", "gather"),
    ("event", "end_camp"),
    ("event", "recuperate"),
])
def test_bobs_entry_in_any_phase_of_anns_turn_is_refused_with_the_turn_order(client, phase, bobs):
    table = two_on_the_road(client, phase=phase, p2={"ailments": {"hunger": 2}})
    table.refused(BOBS[bobs], TURN_ORDER)
    assert table.view()["current_players"] == ["p1"]
