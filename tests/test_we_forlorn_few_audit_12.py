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

from tests.api_table import calculated, quotes_from
from tests.test_blind_scenarios_we_forlorn_few_5 import QUIET
from tests.test_blind_scenarios_we_forlorn_few_9 import FOOD_FOR_WATER, anns_camp
from tests.test_we_forlorn_few_audit import Table, board, position

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


# -- Finding 115: the calculator and a Player in Newhaven with tiles still to go --------------------

NEWHAVEN = book("Once a Traveler reaches Newhaven their journey is over and they have completed the "
                "game.")


@pytest.mark.parametrize("to_go", [1, 2])
def test_a_player_in_newhaven_with_tiles_to_go_is_refused_and_without_them_scored(client, to_go):
    bob = {"name": "Bob", "status": "traveler", "tiles_to_go": 3}
    error = calculated(client, "we-forlorn-few", {"crossing": 4, "players": [
        {"name": "Ann", "status": "arrived", "tiles_to_go": to_go}, bob]}, status=400)["error"]
    assert error["field"] == "players[0].tiles_to_go"
    assert NEWHAVEN in error["message"]
    for ann in ({"name": "Ann", "status": "arrived"},
                {"name": "Ann", "status": "arrived", "tiles_to_go": 0}):
        answer = calculated(client, "we-forlorn-few", {"crossing": 4, "players": [ann, bob]})
        assert answer["winners"] == ["p1"]


# -- Sweep (d): the Sacrificing Companions Example, to its end --------------------------------------

def test_the_sacrificing_example_played_on_the_matriarch_pays_the_mountain_in_ailments(client):
    """"They wish to Travel, but they do not have enough Resources to do so and gaining the
    corresponding Ailments would result in the death of a Companion and the Matriarch herself.
    Instead, they decide to Sacrifice their last remaining Companion …" then "They then must pay
    the Travel Cost to move off the Mountain tile and continue their turn." On the Mountain B1
    (Travel Cost two Food and one Wood), nothing in her Supply: without the Sacrifice the two
    Hunger over three cost the Companion and the Traveler (she turns Ravenous, on B1: "Paying
    Travel Cost happens before your Traveler moves"); after it, two Hunger (1 → 3) and one Wagon
    Damage (0 → 1, its limit 2 under the Skull) cost nothing and she reaches B2."""
    matriarch = board("B1", food=0, water=0, wood=0, hunger=3, thirst=2, wagon=1, companions=1)
    unsacrificed = Table(client, position(p1=dict(matriarch), p2=board(), p3=board()))
    unsacrificed.ok({"type": "travel", "player": "p1", "to": "B2"})
    ann = unsacrificed.view()["state"]["players"]["p1"]
    assert (ann["status"], ann["tile"]) == ("ravenous", "B1")

    table = Table(client, position(p1=dict(matriarch), p2=board(), p3=board()))
    table.ok({"type": "sacrifice", "player": "p1",
              "remove": {"hunger": 2, "thirst": 1, "wagon_damage": 1}, "skull": "wagon_damage"})
    table.ok({"type": "travel", "player": "p1", "to": "B2"})
    ann = table.view()["state"]["players"]["p1"]
    assert (ann["status"], ann["tile"], ann["companions"]) == ("traveler", "B2", 0)
    assert ann["ailments"] == {"hunger": 3, "thirst": 1, "wagon_damage": 1}
