"""We Forlorn Few: the eleventh audit (session 15): outsider finding 94 — an event entered by a
Player whose turn it is not quotes the turn order ("Beginning with the First Player and moving to
the left, the Player turns are resolved."), in a Ravenous turn as in a Traveler's; the Player on
turn who enters an event of the other kind of turn is still told the phases."""

import pytest

from tests.api_table import quotes_from
from tests.test_blind_scenarios_we_forlorn_few_2 import ravenous_turn
from tests.test_blind_scenarios_we_forlorn_few_5 import HAND, two_on_the_road

book = quotes_from("we-forlorn-few")
TURN_ORDER = book("Beginning with the First Player and moving to the left, the Player turns are "
                  "resolved.")
RAVENOUS_PHASES = book("A Ravenous Player's turn consists of three Phases that are to be resolved "
                       "in the following order: Movement Phase, Combat Phase, Retreat Phase.")
TRAVELER_PHASES = book("Each Player's turn consists of four phases that MUST be resolved in the "
                       "following order:")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def test_a_ravenous_players_move_in_a_travelers_turn_quotes_the_turn_order(client):
    table = two_on_the_road(client, p2={"status": "ravenous", "hunger": 1, "resources": {}})
    table.refused({"type": "ravenous_move", "player": "p2", "path": ["B"]}, TURN_ORDER)
    table.refused({"type": "ravenous_move", "player": "p1", "path": ["B"]}, TRAVELER_PHASES)
    table.accepted({"type": "stay", "player": "p1"})


def test_in_a_ravenous_turn_the_traveler_is_told_the_turn_order_the_ravenous_player_the_phases(
        client):
    table = ravenous_turn(client, others={"p2": {"tile": "A", "resources": dict(HAND)}})
    table.refused({"type": "stay", "player": "p2"}, TURN_ORDER)
    table.refused({"type": "travel", "player": "p1", "to": "B"}, RAVENOUS_PHASES)
    table.accepted({"type": "ravenous_move", "player": "p1", "path": ["B"]})


def test_a_phase_anns_turn_has_passed_entered_by_bob_quotes_the_turn_order(client):
    """The widened finding 94: Bob's Gather in Ann's Camp Phase broke the turn order, not the
    phase order. His Travel Phase entered in her Event Phase keeps the Event card's sentence (the
    outsider's earlier scenario: her turn ends only with the Event card)."""
    table = two_on_the_road(client, phase="camp")
    table.refused({"type": "gather", "player": "p2", "roll": 1, "take": ["food"]}, TURN_ORDER)
    table.refused({"type": "gather", "player": "p1", "roll": 1, "take": ["food"]},
                  book("receive Tool Bonuses, then Gather Resources OR Explore."))
    table.accepted({"type": "end_camp", "player": "p1"})
    table.refused({"type": "stay", "player": "p2"},
                  book("The Active Player must draw and resolve an Event card before ending "
                       "their turn."))


# -- book walk: what a Traveler's travel enters and a Ravenous move never does ---------------------

FREE = book("They do not pay Travel Costs.")
NO_PICKUP = book("They do not pick up any tokens or cards on any tiles they move onto.")


def test_a_ravenous_move_or_retreat_paying_a_travel_cost_or_drawing_for_a_bag_draw_is_refused(
        client):
    """`travel`'s `pay`, `ailments` and `draws` could not be entered on a Ravenous move (a schema
    400): a table carrying a Traveler's habit over is now told the Ravenous sentence."""
    table = ravenous_turn(client, tile="B")
    table.refused({"type": "ravenous_move", "player": "p1", "path": ["C"], "pay": {"food": 1}},
                  FREE)
    table.refused({"type": "ravenous_move", "player": "p1", "path": ["C"],
                   "ailments": {"hunger": 1}}, FREE)
    table.refused({"type": "ravenous_move", "player": "p1", "path": ["C"], "draws": ["food"]},
                  NO_PICKUP)
    assert all(set(event) <= {"type", "player", "path", "open"} for event in table.view()["legal"]
               if event["type"] == "ravenous_move")
    table.accepted({"type": "ravenous_move", "player": "p1", "path": ["C"], "pay": {}})
    table.accepted({"type": "end_combat", "player": "p1"})
    table.refused({"type": "retreat", "player": "p1", "to": "B", "pay": {"wood": 2}}, FREE)
    table.refused({"type": "retreat", "player": "p1", "to": "B", "draws": ["hunger"]}, NO_PICKUP)
    table.accepted({"type": "retreat", "player": "p1", "to": "B"})


def test_an_explore_drawing_two_tokens_is_refused(client):
    """"If a Player chooses to Explore, they draw one token at random from the Exploration Bag…":
    a second token drawn could not be entered (`draw` names one); `also_drawn` is refused."""
    bag = {"food": 1, "water": 1, "wood": 0, "hunger": 0, "thirst": 0, "wagon_damage": 0}
    table = two_on_the_road(client, phase="gathering", bag=bag)
    table.refused({"type": "explore", "player": "p1", "draw": "food", "also_drawn": ["water"]},
                  book("If a Player chooses to Explore, they draw one token at random from the "
                       "Exploration Bag and then immediately end their Gathering Phase."))
    assert not any("also_drawn" in event for event in table.view()["legal"])
    table.accepted({"type": "explore", "player": "p1", "draw": "food"})
    assert table.view()["state"]["bag"]["water"] == 1


def test_a_third_player_while_the_winner_steals_is_told_the_turn_order_first(client):
    """Finding 101: Bob (on turn) won his Combat against Ann and chooses what to steal; Cleo's
    entry broke the turn order (the steal sentence follows); Bob's own Camp entry waits for the
    steal with its sentence; Ann's `steal` is the steal's."""
    from tests.test_blind_scenarios_we_forlorn_few_8 import bob_won_against_ann

    steal = book("The winner may steal any Resources and Equipment up to the Value of their total "
                 "roll result from the losing Player's Supply.")
    table = bob_won_against_ann(client)
    error = table.refused({"type": "end_camp", "player": "p3"}, TURN_ORDER)
    assert [rule["quote"] for rule in error["rules"]][1] == steal
    table.refused({"type": "steal", "player": "p1", "take": {"food": 1}}, steal)
    table.accepted({"type": "steal", "player": "p2", "take": {"food": 2, "wood": 1}})
