"""We Forlorn Few, outsider scenarios round 5: a whole round as a table enters it, the mistakes a
table makes (the other player's move, a step entered twice, a die that is not on the die, the
wrong side answering a Trade or stealing, an event after the end), positions the book makes
impossible, and the calculator's own checks. Written from the rulebook and the API's own
description only (docs/games/we-forlorn-few.md, GET /api/games/we-forlorn-few), never the
referee's code."""

import pytest

from tests.api_table import calculated, quotes_from
from tests.test_blind_scenarios_we_forlorn_few_3 import board, road

GAME = "we-forlorn-few"
book = quotes_from(GAME)

TURN_ORDER = book("Beginning with the First Player and moving to the left, the Player turns are "
                  "resolved.")
SEASON_BY_FIRST = book("At the beginning of each round the First Player will draw the top Season "
                       "card, read it aloud and resolve it.")
FOUR_PHASES = book("Each Player's turn consists of four phases that MUST be resolved in the "
                   "following order:")
GATHER_OR_EXPLORE = book("During the Gathering Phase, Players can take the following actions: "
                         "receive Tool Bonuses, then Gather Resources OR Explore.")
CAMP_ONCE = book("During the Camp Phase the Active Player may perform each of the following "
                 "actions once in any order")
WORTH = book("Each die has three potential outcomes: Worth 2, Worth 1, and Worth 0.")
STEAL = book("The winner may steal any Resources and Equipment up to the Value of their total roll "
             "result from the losing Player's Supply.")
COMBAT_DICE = book("They roll one die as standard and add additional dice if they have Equipment "
                   "cards that allow them to do so.")
FIRST_TO_NEWHAVEN = book("The first Player to reach Newhaven is the winner.")
NEWHAVEN_ENDS = book("To survive until all Players have perished OR until a Player reaches Newhaven "
                     "and ends the game.")
SIX_RESOURCES = book("Players can carry any combination of up to six Resource tokens.")
QUIET = "Quiet Night"
HAND = {"food": 1, "water": 1, "wood": 1}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def two_on_the_road(client, p1=None, p2=None, phase="travel", **position):
    """Ann (p1, the Sheriff's Daughter: Pistol, Holster) and Bob (p2, the Entrepreneur: Pistol,
    Tool Box) on tile A in round 4, Ann's turn."""
    players = {"p1": {"tile": "A", "resources": dict(HAND), **(p1 or {})},
               "p2": {"tile": "A", "resources": dict(HAND), **(p2 or {})}}
    where = {"current": "p1"} if phase != "season" else {"first_player": "p1"}
    return road(client, {"phase": phase, **where, "players": players, **position},
                players=("Ann", "Bob"))


def quiet_turn(table, seat):
    table.accepted({"type": "stay", "player": seat})
    table.accepted({"type": "skip_gathering", "player": seat})
    table.accepted({"type": "end_camp", "player": seat})
    table.accepted({"type": "event_card", "player": seat, "card": QUIET})


def setup_error(client, position, players=("Ann", "Bob")):
    from tests.test_blind_scenarios_we_forlorn_few import TRAVELERS
    from tests.test_blind_scenarios_we_forlorn_few_3 import ROAD
    travelers = {seat: TRAVELERS[seat] for seat in ("p1", "p2", "p3")[:len(players)]}
    response = client.post("/api/sessions", json={
        "game": GAME, "players": list(players),
        "options": {"terrain": ROAD, "travelers": travelers}, "position": position})
    assert 400 <= response.status_code < 500, response.get_json()
    return response.get_json()["error"]


# --- A whole round ------------------------------------------------------------------------------

def test_a_whole_round_of_two_turns_then_the_token_passes_left(client):
    table = two_on_the_road(client, phase="season")
    table.accepted({"type": "season", "player": "p1", "season": "summer", "card": "Long Days"})
    # Ann: travel to B (A's cost, one Food and one Wood, paid from her Supply), gather two Water
    # on the Mountain, no Camp action, the Event card.
    table.accepted({"type": "travel", "player": "p1", "to": "B"})
    assert board(table, "p1")["tile"] == "B"
    assert board(table, "p1")["resources"] == {"food": 0, "water": 1, "wood": 0}
    table.accepted({"type": "gather", "player": "p1", "roll": 2, "take": ["water", "water"]})
    assert board(table, "p1")["resources"]["water"] == 3
    table.accepted({"type": "end_camp", "player": "p1"})
    table.accepted({"type": "event_card", "player": "p1", "card": QUIET})
    # Bob: stays, his Tool Box gives its Wood first, explores nothing, camps, the Event card.
    quiet_turn(table, "p2")
    view = table.view()
    assert view["phase"] == "season"
    # "At the end of each round, it will pass to the Player to the left."
    assert view["state"]["first_player"] == "p2"
    # The new round's Season card is Bob's to resolve.
    table.refused({"type": "season", "player": "p1", "season": "summer", "card": "Heat"},
                  SEASON_BY_FIRST)
    table.accepted({"type": "season", "player": "p2", "season": "summer", "card": "Heat"})
    assert table.view()["current_players"] == ["p2"]


# --- The other player's move, a step entered twice ---------------------------------------------

def test_bobs_travel_entered_during_anns_turn_is_refused(client):
    table = two_on_the_road(client)
    table.refused({"type": "travel", "player": "p2", "to": "B"}, TURN_ORDER)
    assert board(table, "p2")["tile"] == "A"
    table.accepted({"type": "stay", "player": "p1"})


def test_the_event_card_tapped_twice_does_not_play_bobs_event(client):
    table = two_on_the_road(client, phase="event")
    table.accepted({"type": "event_card", "player": "p1", "card": QUIET})
    table.refused({"type": "event_card", "player": "p1", "card": QUIET}, TURN_ORDER)
    table.accepted({"type": "stay", "player": "p2"})


def test_a_second_gather_in_the_same_gathering_phase_is_refused(client):
    table = two_on_the_road(client, phase="gathering")
    table.accepted({"type": "gather", "player": "p1", "roll": 1, "take": ["food"]})
    table.refused({"type": "gather", "player": "p1", "roll": 2, "take": ["wood", "wood"]},
                  GATHER_OR_EXPLORE)
    assert board(table, "p1")["resources"] == {"food": 2, "water": 1, "wood": 1}


def test_an_explore_after_a_gather_is_refused(client):
    table = two_on_the_road(client, phase="gathering",
                            bag={"food": 2, "water": 0, "wood": 0, "hunger": 0, "thirst": 0,
                                 "wagon_damage": 0})
    table.accepted({"type": "gather", "player": "p1", "roll": 1, "take": ["food"]})
    table.refused({"type": "explore", "player": "p1", "draw": "food"}, GATHER_OR_EXPLORE)
    assert board(table, "p1")["resources"]["food"] == 2


def test_recuperating_twice_in_one_camp_is_refused(client):
    table = two_on_the_road(client, phase="camp",
                            p1={"ailments": {"hunger": 2}, "resources": {"food": 2}})
    table.accepted({"type": "recuperate", "player": "p1", "remove": {"hunger": 1}})
    table.refused({"type": "recuperate", "player": "p1", "remove": {"hunger": 1}}, CAMP_ONCE)
    assert board(table, "p1")["ailments"]["hunger"] == 1


def test_a_camp_action_after_the_camp_was_ended_is_refused(client):
    table = two_on_the_road(client, phase="camp", p1={"ailments": {"hunger": 1}})
    table.accepted({"type": "end_camp", "player": "p1"})
    table.refused({"type": "recuperate", "player": "p1", "remove": {"hunger": 1}}, FOUR_PHASES)
    assert board(table, "p1")["ailments"]["hunger"] == 1


# --- Dice ---------------------------------------------------------------------------------------

def test_a_gathering_die_worth_three_is_not_on_the_die(client):
    table = two_on_the_road(client, phase="gathering")
    response = table.send({"type": "gather", "player": "p1", "roll": 3,
                           "take": ["food", "food", "food"]})
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"] == "event.roll"
    table.accepted({"type": "gather", "player": "p1", "roll": 2, "take": ["food", "food"]})


def test_a_gather_taking_more_than_the_die_shows_is_refused(client):
    table = two_on_the_road(client, phase="gathering")
    table.refused({"type": "gather", "player": "p1", "roll": 1, "take": ["food", "wood"]},
                  book("What they roll determines how many Resource tokens they can take from "
                       "the Stockpile."))
    assert board(table, "p1")["resources"] == HAND


def test_a_defender_without_a_weapon_rolling_two_dice_is_refused(client):
    # Bob (Pistol, Tool Box) loses his Pistol: a Traveler with no Weapon rolls one die.
    table = two_on_the_road(client, phase="camp",
                            p2={"equipment": [{"name": "Tool Box", "type": "tool", "value": 2,
                                               "bonus": "wood"}]})
    table.refused({"type": "combat", "player": "p1", "target": "p2", "dice": [1, 1],
                   "target_dice": [2, 2]}, COMBAT_DICE)
    table.accepted({"type": "combat", "player": "p1", "target": "p2", "dice": [1, 1],
                    "target_dice": [2]})


# --- The wrong side ----------------------------------------------------------------------------

def test_the_loser_of_a_combat_cannot_steal(client):
    table = two_on_the_road(client, phase="camp")
    table.accepted({"type": "combat", "player": "p1", "target": "p2", "dice": [2, 2],
                    "target_dice": [0, 1]})
    table.refused({"type": "steal", "player": "p2", "take": {"food": 1}}, STEAL)
    table.accepted({"type": "steal", "player": "p1", "take": {"food": 1, "water": 1, "wood": 1}})
    assert board(table, "p2")["resources"] == {"food": 0, "water": 0, "wood": 0}


def test_a_steal_worth_more_than_the_roll_is_refused(client):
    table = two_on_the_road(client, phase="camp")
    table.accepted({"type": "combat", "player": "p1", "target": "p2", "dice": [1, 0],
                    "target_dice": [0, 0]})
    table.refused({"type": "steal", "player": "p1", "take": {"food": 1, "water": 1}}, STEAL)
    table.accepted({"type": "steal", "player": "p1", "take": {"water": 1}})


def test_the_proposer_cannot_answer_her_own_trade(client):
    table = two_on_the_road(client, phase="camp")
    table.accepted({"type": "trade", "player": "p1", "with": "p2", "give": {"food": 1},
                    "get": {"water": 1}})
    table.refused({"type": "trade_answer", "player": "p1", "accepted": True},
                  book("The Player they are proposing the Trade with may then accept or reject the "
                       "terms of the Trade"))
    assert board(table, "p1")["resources"] == HAND
    table.accepted({"type": "trade_answer", "player": "p2", "accepted": True})
    assert board(table, "p1")["resources"] == {"food": 0, "water": 2, "wood": 1}


def test_bobs_phone_cannot_enter_anns_stay(client):
    table = two_on_the_road(client)
    seat = client.post(f"/api/sessions/{table.id}/seats",
                       headers={"Authorization": "Bearer " + table.join_token},
                       json={"seat": "p2"}).get_json()["seat_token"]
    response = client.post(f"/api/sessions/{table.id}/events",
                           headers={"Authorization": "Bearer " + seat},
                           json={"event": {"type": "stay", "player": "p1"},
                                 "expected_seq": table.seq})
    assert response.status_code == 403, response.get_json()
    assert table.view()["seq"] == table.seq


# --- After the end -----------------------------------------------------------------------------

def test_after_the_first_arrival_nothing_more_is_entered(client):
    table = two_on_the_road(client, p1={"tile": "C", "resources": {"water": 2}})
    table.accepted({"type": "travel", "player": "p1", "to": "NH"})
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["winners"] == ["p1"]
    for event in ({"type": "stay", "player": "p2"},
                  {"type": "event_card", "player": "p1", "card": QUIET},
                  {"type": "season", "player": "p2", "season": "summer", "card": "Heat"}):
        table.refused(event, NEWHAVEN_ENDS)


# --- Positions the book makes impossible -------------------------------------------------------

def test_a_position_with_seven_resources_in_a_supply_is_refused(client):
    error = setup_error(client, {"round": 4, "season_deck": 8, "phase": "travel", "current": "p1",
                                 "players": {"p1": {"tile": "A",
                                                    "resources": {"food": 4, "water": 3}}}})
    assert "p1" in error.get("field", "") + error["message"]


def test_a_position_on_a_tile_not_on_the_table_is_refused(client):
    error = setup_error(client, {"round": 4, "season_deck": 8, "phase": "travel", "current": "p1",
                                 "players": {"p1": {"tile": "Z9"}}})
    assert "Z9" in error["message"] or "tile" in error.get("field", "")


def test_a_position_whose_round_and_season_deck_do_not_add_up_is_refused(client):
    # "Draw the top three cards from each Season and combine them into a single deck" (twelve),
    # and "At the beginning of each round the First Player will draw the top Season card": in
    # round 2's Travel Phase ten are left, never three.
    error = setup_error(client, {"round": 2, "season_deck": 3, "phase": "travel", "current": "p1",
                                 "players": {"p1": {"tile": "A"}}})
    assert "season_deck" in error.get("field", "") + error["message"] or \
        "round" in error.get("field", "")


def test_a_position_with_four_thirst_and_every_companion_is_refused(client):
    # "Players can accrue up to three of each Ailment type without penalty. However for each token
    # that exceeds that limit, a Companion perishes": a fourth Thirst has cost a Companion.
    error = setup_error(client, {"round": 4, "season_deck": 8, "phase": "travel", "current": "p1",
                                 "players": {"p1": {"tile": "A", "companions": 4,
                                                    "ailments": {"thirst": 4}}}})
    assert "p1" in error.get("field", "") + error["message"]


# --- The calculator ----------------------------------------------------------------------------

def test_the_calculator_refuses_two_arrivals_without_their_order(client):
    answer = calculated(client, GAME, {"crossing": 5, "players": [
        {"name": "Ann", "status": "arrived"}, {"name": "Bob", "status": "arrived"}]}, status=400)
    assert "arrived" in answer["error"]["message"] + answer["error"].get("field", "")


def test_the_calculator_refuses_two_players_both_first_to_arrive(client):
    answer = calculated(client, GAME, {"crossing": 5, "players": [
        {"name": "Ann", "status": "arrived", "arrived": 1},
        {"name": "Bob", "status": "arrived", "arrived": 1}]}, status=400)
    assert "arrived" in answer["error"]["message"] + answer["error"].get("field", "")


def test_the_calculator_gives_the_first_of_two_arrivals_the_win(client):
    answer = calculated(client, GAME, {"crossing": 5, "players": [
        {"name": "Ann", "status": "arrived", "arrived": 2},
        {"name": "Bob", "status": "arrived", "arrived": 1},
        {"name": "Cleo", "status": "traveler", "companions": 4, "tiles_to_go": 1}]})
    assert answer["winners"] == [answer["players"][1]["seat"]]
    assert FIRST_TO_NEWHAVEN in answer["decided_by"]["rule"]["quote"]


# --- More entries a table gets wrong -----------------------------------------------------------

HERD = "A herd like that would fetch enough money to kill for."


def test_the_herd_card_rolled_with_one_die_by_a_traveler_with_a_pistol_is_refused(client):
    # "They have one pistol in their Supply so they roll two dice for the Combat roll."
    table = two_on_the_road(client, phase="event",
                            bag={"food": 1, "water": 0, "wood": 0, "hunger": 0, "thirst": 0,
                                 "wagon_damage": 0})
    table.refused({"type": "event_card", "player": "p1", "card": HERD, "dice": [2],
                   "draws": ["food"]}, COMBAT_DICE)
    assert board(table, "p1")["resources"] == HAND
    table.accepted({"type": "event_card", "player": "p1", "card": HERD, "dice": [2, 1],
                    "draws": ["food"]})
    assert board(table, "p1")["resources"]["food"] == 4


def test_travel_paid_with_an_ailment_for_a_resource_she_holds_is_refused(client):
    # A's cost is one Food and one Wood; Ann holds both.
    table = two_on_the_road(client)
    response = table.send({"type": "travel", "player": "p1", "to": "B", "pay": {"food": 1},
                           "ailments": {"wagon_damage": 1}})
    assert response.status_code == 422, response.get_json()
    assert book("NOTE: Players may pay the Travel Costs by a combination of discarding required "
                "Resources that they have in their Supply, and taking Ailments for those they "
                "do not have.") in response.get_json()["error"]["rule"]["quote"]
    assert board(table, "p1")["tile"] == "A"


def test_recuperating_a_thirst_with_no_water_is_refused(client):
    # Water for Thirst.
    table = two_on_the_road(client, phase="camp",
                            p1={"ailments": {"thirst": 2}, "resources": {"food": 2, "wood": 1}})
    table.refused({"type": "recuperate", "player": "p1", "remove": {"thirst": 1}},
                  book("The Active Player may discard any number of Resource tokens from their "
                       "Supply to remove the corresponding Ailment tokens from their Player "
                       "board."))
    assert board(table, "p1")["ailments"]["thirst"] == 2


def test_a_sacrifice_removing_five_ailments_is_refused(client):
    table = two_on_the_road(client, p1={"ailments": {"hunger": 3, "thirst": 2}})
    table.refused({"type": "sacrifice", "player": "p1", "remove": {"hunger": 3, "thirst": 2},
                   "skull": "hunger"},
                  book("Sacrificing a Companion allows you to remove up to four Ailment tokens "
                       "from your board."))
    table.accepted({"type": "sacrifice", "player": "p1", "remove": {"hunger": 3, "thirst": 1},
                    "skull": "thirst"})
    assert board(table, "p1")["ailments"] == {"hunger": 0, "thirst": 1, "wagon_damage": 0}


# --- Optional steps the table forgets to enter -------------------------------------------------

def test_a_gather_entered_without_the_stay_means_she_stayed(client):
    # "A Player may choose to stay on their current tile and go straight to the Gathering Phase."
    table = two_on_the_road(client)
    table.accepted({"type": "gather", "player": "p1", "roll": 1, "take": ["food"]})
    ann = board(table, "p1")
    assert ann["tile"] == "A"
    assert ann["resources"] == {"food": 2, "water": 1, "wood": 1}
    table.refused({"type": "travel", "player": "p1", "to": "B"}, FOUR_PHASES)


def test_the_event_card_entered_first_thing_keeps_the_tool_bonus_and_ends_the_turn(client):
    # Travelers with Tools "begin their Gathering Phase by adding the Resource tokens specified on
    # their Tool card(s)": a turn that stays, gathers nothing and camps nothing still has it.
    table = two_on_the_road(client, p1={"equipment": [{"name": "Tool Box", "type": "tool",
                                                       "value": 2, "bonus": "wood"}]})
    table.accepted({"type": "event_card", "player": "p1", "card": QUIET})
    assert board(table, "p1")["tile"] == "A"
    assert board(table, "p1")["resources"] == {"food": 1, "water": 1, "wood": 2}
    assert table.view()["current_players"] == ["p2"]


def test_legal_on_anns_turn_offers_only_anns_entries(client):
    # "Note: Players may Sacrifice a Companion at any time during their turn." — their own turn.
    table = two_on_the_road(client, p1={"ailments": {"hunger": 2}},
                            p2={"ailments": {"thirst": 3}})
    legal = table.view()["legal"]
    assert legal
    assert {event["player"] for event in legal} == {"p1"}
    table.refused({"type": "sacrifice", "player": "p2", "remove": {"thirst": 3},
                   "skull": "thirst"},
                  book("At any time during their turn, Players may Sacrifice a Companion in order "
                       "to remove four Ailment tokens currently on their Player board."))


def test_a_position_in_the_travel_phase_with_a_camp_action_done_is_refused(client):
    # The phases "MUST be resolved in the following order": in the Travel Phase nothing of this
    # turn's Camp Phase has happened yet.
    error = setup_error(client, {"round": 4, "season_deck": 8, "phase": "travel", "current": "p1",
                                 "camp_done": ["recuperate"],
                                 "players": {"p1": {"tile": "A", "ailments": {"hunger": 1},
                                                    "resources": {"food": 2}},
                                             "p2": {"tile": "B"}}})
    assert error["field"] == "position.camp_done"


def test_a_position_with_a_ravenous_player_holding_companions_and_food_is_refused(client):
    # "A Player turns Ravenous once all of their Companions and their Traveler have perished."
    # and "the Player then returns all Ailment tokens, Resource tokens, and Equipment cards to the
    # Stockpile".
    error = setup_error(client, {"round": 4, "season_deck": 8, "phase": "camp", "current": "p1",
                                 "players": {"p1": {"tile": "A"},
                                             "p2": {"tile": "B", "status": "ravenous",
                                                    "companions": 3, "hunger": 1,
                                                    "resources": {"food": 3}}}})
    assert error["field"].startswith("position.players.p2")


def test_a_position_whose_season_card_does_not_fit_the_deck_is_refused(client):
    # Four cards drawn of "Spring on top followed by Summer, Fall and then Winter on the bottom of
    # the deck", three of each: the fourth is a Summer card.
    book("Draw the top three cards from each Season and combine them into a single deck")
    error = setup_error(client, {"round": 4, "season_deck": 8, "phase": "travel", "current": "p1",
                                 "season": {"season": "winter", "card": "Frost"},
                                 "players": {"p1": {"tile": "A"}, "p2": {"tile": "A"}}})
    assert error["field"].startswith("position.season")


BAG = {"food": 2, "water": 1, "wood": 0, "hunger": 0, "thirst": 0, "wagon_damage": 0}


@pytest.mark.parametrize("draws", [["food", "water"], []])
def test_the_herd_card_entered_with_the_wrong_number_of_bag_draws_is_refused(client, draws):
    table = two_on_the_road(client, phase="event", bag=dict(BAG))
    table.refused({"type": "event_card", "player": "p1", "card": HERD, "dice": [2, 1],
                   "draws": draws}, book("Then draw one token from the Exploration Bag."))
    table.accepted({"type": "event_card", "player": "p1", "card": HERD, "dice": [2, 1],
                    "draws": ["water"]})


def test_the_herd_card_entered_with_the_sum_of_the_dice_is_refused(client):
    # The highest die, Worth 2: two Food; not the Worth 1 of the other die, nor three.
    table = two_on_the_road(client, phase="event", bag=dict(BAG))
    table.refused({"type": "event_card", "player": "p1", "card": HERD, "dice": [2, 1],
                   "draws": ["food"], "gain": {"food": 1}},
                  book("Note: If a Player rolls multiple dice in order to resolve an Event card, "
                       "they use the result of the highest scoring die, not a combined result."))


def test_an_explored_token_the_bag_does_not_hold_is_refused(client):
    table = two_on_the_road(client, phase="gathering", bag=dict(BAG))
    response = table.send({"type": "explore", "player": "p1", "draw": "wood"})
    assert response.status_code == 422, response.get_json()
    assert "Wood" in response.get_json()["error"]["message"]
    table.accepted({"type": "explore", "player": "p1", "draw": "water"})
    assert board(table, "p1")["resources"]["water"] == 2


def test_a_travel_cost_overpaid_is_refused(client):
    table = two_on_the_road(client, p1={"resources": {"food": 3, "wood": 2}})
    table.refused({"type": "travel", "player": "p1", "to": "B", "pay": {"food": 2, "wood": 1}},
                  book("Travel Costs: This section indicates Resources required to move off the "
                       "Terrain tile"))
    table.accepted({"type": "travel", "player": "p1", "to": "B", "pay": {"food": 1, "wood": 1}})
    assert board(table, "p1")["resources"] == {"food": 2, "water": 0, "wood": 1}


def test_three_players_a_round_from_bobs_season_card_goes_left_and_the_token_to_cleo(client):
    # "The First Player resolves a Season card. Beginning with the First Player and moving to the
    # left, the Player turns are resolved." and the token "will pass to the Player to the left."
    table = road(client, {"phase": "season", "first_player": "p2",
                          "players": {"p1": {"tile": "A"}, "p2": {"tile": "A"},
                                      "p3": {"tile": "B"}}})
    first_round = table.view()["state"]["round"]
    table.accepted({"type": "season", "player": "p2", "season": "summer", "card": "Heat"})
    order = []
    for _ in range(3):
        seat = table.view()["current_players"][0]
        order.append(seat)
        quiet_turn(table, seat)
    assert order == ["p2", "p3", "p1"]
    view = table.view()
    assert (view["phase"], view["state"]["first_player"]) == ("season", "p3")
    assert view["state"]["round"] == first_round + 1
    table.refused({"type": "season", "player": "p2", "season": "summer", "card": "Drought"},
                  SEASON_BY_FIRST)
