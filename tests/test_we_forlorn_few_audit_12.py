"""We Forlorn Few: the twelfth audit (session 16, `audit-b`): another Player's entry while a step
of the Active Player's Camp waits on someone — the partner's answer to a Trade (outsider finding
105) and the winner's steal after a Combat, whoever won it.

The lead's ruling (as for finding 101): a Player whose turn it is not — the partner, a defender who
won, a third Player — is told the turn order first ("Beginning with the First Player and moving to
the left, the Player turns are resolved."), the waiting step's sentence after it; the Active Player
is told the waiting step's sentence alone. Before this round, the partner's and a third Player's
entries quoted the Trade's sentence alone, and in a steal the Active Player's and the defender-
winner's Camp entries quoted the four phases' order, which does not forbid a Camp action in the
Camp Phase."""

import pytest

from tests.api_table import quotes_from
from tests.test_blind_scenarios_we_forlorn_few_5 import QUIET
from tests.test_blind_scenarios_we_forlorn_few_9 import FOOD_FOR_WATER, anns_camp

book = quotes_from("we-forlorn-few")
TURN_ORDER = book("The First Player resolves a Season card. Beginning with the First Player and "
                  "moving to the left, the Player turns are resolved.")
TRADE_ANSWER = book("The Player they are proposing the Trade with may then accept or reject the "
                    "terms of the Trade and any tokens and cards are exchanged immediately.")
STEAL = book("The winner may steal any Resources and Equipment up to the Value of their total roll "
             "result from the losing Player's Supply.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def quoted(error):
    return [rule["quote"] for rule in error.get("rules") or [error["rule"]]]


def camp_entries(seat):
    return {"recuperate": {"type": "recuperate", "player": seat, "remove": {"hunger": 1}},
            "end_camp": {"type": "end_camp", "player": seat},
            "event_card": {"type": "event_card", "player": seat, "card": QUIET}}


@pytest.mark.parametrize("seat", ["p2", "p3"])
@pytest.mark.parametrize("entry", ["recuperate", "end_camp", "event_card"])
def test_while_bob_answers_ann_s_trade_bob_and_cleo_are_told_the_turn_order_then_the_trade(
        client, seat, entry):
    table = anns_camp(client)
    table.accepted(FOOD_FOR_WATER)
    error = table.refused(camp_entries(seat)[entry], TURN_ORDER)
    assert quoted(error) == [TURN_ORDER, TRADE_ANSWER]
    # Ann's own entry waits for the answer, with its sentence alone; Bob's answer is accepted.
    assert quoted(table.refused(camp_entries("p1")[entry], TRADE_ANSWER)) == [TRADE_ANSWER]
    table.accepted({"type": "trade_answer", "player": "p2", "accepted": True})
    assert table.view()["state"]["players"]["p2"]["resources"]["food"] == 2


def test_cleo_answering_a_trade_proposed_to_bob_is_told_the_trade_alone(client):
    """Who answers is the Trade's own sentence ("The Player they are proposing the Trade with"),
    as a third Player's steal is the steal's (finding 101)."""
    table = anns_camp(client)
    table.accepted(FOOD_FOR_WATER)
    error = table.refused({"type": "trade_answer", "player": "p3", "accepted": True},
                          TRADE_ANSWER)
    assert quoted(error) == [TRADE_ANSWER]


def ann_lost_to_bob(client):
    """Ann (p1, on turn, the Sheriff's Daughter: a Pistol, two dice) attacks Bob (p2, two dice)
    beside her and loses 0 to 4: Bob, the defender, chooses what to steal."""
    table = anns_camp(client)
    table.accepted({"type": "combat", "player": "p1", "target": "p2", "dice": [0, 0],
                    "target_dice": [2, 2]})
    assert table.view()["current_players"] == ["p2"]
    return table


@pytest.mark.parametrize("entry", ["recuperate", "end_camp", "event_card"])
def test_while_the_defender_who_won_steals_ann_waits_and_bob_and_cleo_are_told_the_turn_order(
        client, entry):
    table = ann_lost_to_bob(client)
    assert quoted(table.refused(camp_entries("p1")[entry], STEAL)) == [STEAL]
    for seat in ("p2", "p3"):
        error = table.refused(camp_entries(seat)[entry], TURN_ORDER)
        assert quoted(error) == [TURN_ORDER, STEAL]
    table.accepted({"type": "steal", "player": "p2", "take": {"water": 1, "wood": 1}})
    assert table.view()["current_players"] == ["p1"]
    table.accepted(camp_entries("p1")[entry])


def test_the_active_winner_s_own_camp_entry_waits_for_the_steal(client):
    """Ann wins her own Combat: her Camp entry before she steals quotes the steal alone (it quoted
    the four phases' order)."""
    table = anns_camp(client)
    table.accepted({"type": "combat", "player": "p1", "target": "p2", "dice": [2, 2],
                    "target_dice": [0, 0]})
    assert quoted(table.refused({"type": "end_camp", "player": "p1"}, STEAL)) == [STEAL]
    table.accepted({"type": "steal", "player": "p1", "take": {"food": 1}})
    table.accepted({"type": "end_camp", "player": "p1"})
