"""We Forlorn Few, outsider scenarios round 9: a Trade waiting for its answer and what each of the
three Players enters meanwhile (the proposer, the partner, the third Player), the answer undone,
and a rejected Trade under both readings of `rejected_trade_uses_camp_trade`; then table rulings
played on the book's own worked examples, each changing only what it names — `combat_result` on
the Combat example, `excess_ailments` on the Ailments and Perishing example, `sacrifice_removes`
on a Sacrifice of fewer than four tokens. Written from the rulebook and the API's own description
only (docs/games/we-forlorn-few.md, GET /api/games/we-forlorn-few), never the referee's code."""

import pytest

from tests.api_table import as_seen, quotes_from
from tests.test_blind_scenarios_we_forlorn_few import PISTOL, TOOL_BOX
from tests.test_blind_scenarios_we_forlorn_few_3 import board, road
from tests.test_blind_scenarios_we_forlorn_few_5 import QUIET

GAME = "we-forlorn-few"
book = quotes_from(GAME)

TURN_ORDER = book("Beginning with the First Player and moving to the left, the Player turns are "
                  "resolved.")
TRADE_ANSWER = book("The Player they are proposing the Trade with may then accept or reject the "
                    "terms of the Trade and any tokens and cards are exchanged immediately.")
SACRIFICE = book("At any time during their turn, Players may Sacrifice a Companion in order to "
                 "remove four Ailment tokens currently on their Player board.")
UP_TO_FOUR = book("Sacrificing a Companion allows you to remove up to four Ailment tokens from your "
                  "board.")
CAMP_ONCE = book("During the Camp Phase the Active Player may perform each of the following "
                 "actions once in any order")
HIGHEST_WINS = book("The Player with the highest result wins the Combat.")
TIE = book("If both Players roll the same result then it is a tie and nothing happens to either "
           "Player.")
STEAL = book("The winner may steal any Resources and Equipment up to the Value of their total roll "
             "result from the losing Player's Supply.")
HAND = {"food": 1, "water": 1, "wood": 1}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def quotes_of(error):
    return [error["rule"]["quote"]] + [rule["quote"] for rule in error.get("rules") or []]


# --- A Trade waiting for its answer ------------------------------------------------------------

def anns_camp(client, **options):
    """Round 4, Ann's (p1, the Sheriff's Daughter) Camp Phase on the Prairie A, two Hunger and two
    Thirst on her board; Bob (p2) beside her on A, Cleo (p3) on the Mountain B next door."""
    return road(client, {"phase": "camp", "current": "p1", "players": {
        "p1": {"tile": "A", "resources": {"food": 2, "water": 1, "wood": 1},
               "ailments": {"hunger": 2, "thirst": 2}},
        "p2": {"tile": "A", "resources": dict(HAND), "ailments": {"hunger": 1}},
        "p3": {"tile": "B", "resources": dict(HAND)}}}, **options)


FOOD_FOR_WATER = {"type": "trade", "player": "p1", "with": "p2", "give": {"food": 1},
                  "get": {"water": 1}}

ANNS_OWN = {
    "recuperate": {"type": "recuperate", "player": "p1", "remove": {"hunger": 1}},
    "combat": {"type": "combat", "player": "p1", "target": "p3", "dice": [2, 0],
               "target_dice": [0, 0, 0]},
    "second_trade": {"type": "trade", "player": "p1", "with": "p3", "give": {"food": 1}},
    "end_camp": {"type": "end_camp", "player": "p1"},
    "event_card": {"type": "event_card", "player": "p1", "card": QUIET},
    "answers_herself": {"type": "trade_answer", "player": "p1", "accepted": True},
}
OTHERS = {
    "bob_recuperates": {"type": "recuperate", "player": "p2", "remove": {"hunger": 1}},
    "bob_attacks": {"type": "combat", "player": "p2", "target": "p1", "dice": [2, 0],
                    "target_dice": [0, 0]},
    "bob_stays": {"type": "stay", "player": "p2"},
    "cleo_stays": {"type": "stay", "player": "p3"},
    "cleo_gathers": {"type": "gather", "player": "p3", "roll": 1, "take": ["water"]},
    "cleo_ends_camp": {"type": "end_camp", "player": "p3"},
    "cleo_event_card": {"type": "event_card", "player": "p3", "card": QUIET},
}


@pytest.mark.parametrize("entry", list(ANNS_OWN))
def test_anns_own_entries_while_bob_answers_her_trade_wait_for_his_answer(client, entry):
    table = anns_camp(client)
    table.accepted(FOOD_FOR_WATER)
    assert table.view()["current_players"] == ["p2"]
    before = as_seen(table.view())
    table.refused(ANNS_OWN[entry], TRADE_ANSWER)
    assert as_seen(table.view()) == before


@pytest.mark.parametrize("entry", list(OTHERS))
def test_bobs_or_cleos_own_entry_while_bob_answers_is_refused_with_the_turn_order(client, entry):
    table = anns_camp(client)
    table.accepted(FOOD_FOR_WATER)
    before = as_seen(table.view())
    error = table.refused(OTHERS[entry], "")
    assert as_seen(table.view()) == before
    assert any(TURN_ORDER in quote for quote in quotes_of(error)), quotes_of(error)


def test_bobs_and_cleos_entries_while_bob_answers_change_nothing(client):
    """What finding 105 leaves standing: each of those entries is refused (422, a sentence of the
    book), and the table is as it was."""
    table = anns_camp(client)
    table.accepted(FOOD_FOR_WATER)
    before = as_seen(table.view())
    for entry in OTHERS.values():
        table.refused(entry, "")
    assert as_seen(table.view()) == before


def test_only_ann_sacrifices_while_bob_answers_then_his_answer_exchanges_at_once(client):
    table = anns_camp(client)
    table.accepted(FOOD_FOR_WATER)
    # Bob and Cleo cannot Sacrifice: it is not their turn.
    table.refused({"type": "sacrifice", "player": "p2", "remove": {"hunger": 1},
                   "skull": "hunger"}, SACRIFICE)
    table.refused({"type": "sacrifice", "player": "p3", "remove": {}, "skull": "hunger"},
                  SACRIFICE)
    # Ann can: it is still her turn. Her four tokens go, the Skull on Thirst.
    table.accepted({"type": "sacrifice", "player": "p1", "remove": {"hunger": 2, "thirst": 2},
                    "skull": "thirst"})
    ann = board(table, "p1")
    assert (ann["companions"], ann["skulls"]["thirst"], ann["ailments"]) == (
        3, 1, {"hunger": 0, "thirst": 0, "wagon_damage": 0})
    # Still waiting for Bob: the Trade is his to answer.
    assert table.view()["current_players"] == ["p2"]
    waiting = as_seen(table.view())
    table.accepted({"type": "trade_answer", "player": "p2", "accepted": True})
    assert board(table, "p1")["resources"] == {"food": 1, "water": 2, "wood": 1}
    assert board(table, "p2")["resources"] == {"food": 2, "water": 0, "wood": 1}
    # Back to Ann's Camp: her Trade is spent, the rest is open.
    view = table.view()
    assert view["current_players"] == ["p1"]
    offered = {e["type"] for e in view["legal"]}
    assert "trade" not in offered
    assert {"combat", "end_camp"} <= offered
    table.refused({"type": "trade", "player": "p1", "with": "p2", "give": {"wood": 1}},
                  CAMP_ONCE)
    # The answer undone: the Trade waits for Bob again, exactly as before.
    table.undo()
    assert as_seen(table.view()) == waiting
    table.accepted({"type": "trade_answer", "player": "p2", "accepted": False})
    assert board(table, "p1")["resources"] == {"food": 2, "water": 1, "wood": 1}
    assert board(table, "p2")["resources"] == HAND


@pytest.mark.parametrize("uses_the_trade", [True, False])
def test_a_rejected_trade_under_both_readings_of_rejected_trade_uses_camp_trade(
        client, uses_the_trade):
    table = anns_camp(client, rejected_trade_uses_camp_trade=uses_the_trade)
    table.accepted(FOOD_FOR_WATER)
    table.accepted({"type": "trade_answer", "player": "p2", "accepted": False})
    offered = {e["type"] for e in table.view()["legal"]}
    # Nothing changed hands either way.
    assert board(table, "p1")["resources"] == {"food": 2, "water": 1, "wood": 1}
    assert board(table, "p2")["resources"] == HAND
    second = {"type": "trade", "player": "p1", "with": "p3", "give": {"wood": 1},
              "get": {"water": 1}}
    if uses_the_trade:
        assert "trade" not in offered
        table.refused(second, CAMP_ONCE)
    else:
        assert "trade" in offered
        table.accepted(second)
        table.accepted({"type": "trade_answer", "player": "p3", "accepted": True})
        assert board(table, "p1")["resources"] == {"food": 2, "water": 2, "wood": 0}
        # Once accepted, it is spent under this reading too.
        table.refused({"type": "trade", "player": "p1", "with": "p2", "give": {"food": 1}},
                      CAMP_ONCE)
    # The other Camp actions are untouched by the ruling.
    assert {"recuperate", "combat", "end_camp"} <= {e["type"] for e in table.view()["legal"]}


# --- The Combat example under both readings of combat_result ----------------------------------

def cleos_camp_beside_ann(client, **options):
    """The Combat example: the Outpost Matriarch (Cleo, p3, two Pistols) on the Mountain B attacks
    the Sheriff's Daughter (Ann, p1, one Pistol) on the adjacent Prairie A."""
    return road(client, {"phase": "camp", "current": "p3", "players": {
        "p1": {"tile": "A", "resources": {"food": 1}},
        "p2": {"tile": "C", "resources": dict(HAND)},
        "p3": {"tile": "B", "resources": {"food": 2, "water": 2, "wood": 1}}}}, **options)


EXAMPLE_COMBAT = {"type": "combat", "player": "p3", "target": "p1", "dice": [2, 1, 0],
                  "target_dice": [2, 2]}


def test_the_combat_example_as_printed_the_defender_wins_four_and_steals(client):
    table = cleos_camp_beside_ann(client)
    response = table.accepted(EXAMPLE_COMBAT)
    assert HIGHEST_WINS in [e["rule"]["quote"] for e in response["effects"] if "rule" in e]
    # 2 + 1 + 0 = 3 against 2 + 2 = 4: Ann wins and steals up to 4 Value, Cleo cannot.
    assert table.view()["current_players"] == ["p1"]
    table.refused({"type": "steal", "player": "p3", "take": {"food": 1}}, STEAL)
    # All five of Cleo's tokens are worth 5: one too many.
    table.refused({"type": "steal", "player": "p1", "take": {"food": 2, "water": 2, "wood": 1}},
                  STEAL)
    table.accepted({"type": "steal", "player": "p1", "take": {"food": 1, "water": 2, "wood": 1}})
    assert board(table, "p1")["resources"] == {"food": 2, "water": 2, "wood": 1}
    assert board(table, "p3")["resources"] == {"food": 1, "water": 0, "wood": 0}
    assert table.view()["current_players"] == ["p3"]


def test_the_combat_example_under_highest_is_a_tie_and_changes_nothing_else(client):
    """Under `combat_result: highest` (the Quick Reference's "Highest roll result wins.") the same
    dice are 2 against 2: a tie. Nothing happens to either Player; the Combat is still Cleo's one
    Combat of the Camp; everything else is as the same table before the Combat."""
    table = cleos_camp_beside_ann(client, combat_result="highest")
    before = table.view()
    response = table.accepted(EXAMPLE_COMBAT)
    assert TIE in [e["rule"]["quote"] for e in response["effects"] if "rule" in e]
    after = table.view()
    assert after["state"]["players"] == before["state"]["players"]
    assert after["current_players"] == ["p3"]
    assert {e["type"] for e in after["legal"]} == {e["type"] for e in before["legal"]} - {
        "combat"}
    error = table.refused({"type": "steal", "player": "p1", "take": {"food": 1}}, "")
    assert any(STEAL in quote or TIE in quote for quote in quotes_of(error)), quotes_of(error)
    table.refused({"type": "combat", "player": "p3", "target": "p1", "dice": [2, 2, 2],
                   "target_dice": [0, 0]}, CAMP_ONCE)


# --- The Ailments and Perishing example under both readings of excess_ailments -------------------

WOODSMAN_AND_ENTREPRENEUR = {
    "p1": {"name": "The Exiled Woodsman", "equipment": []},
    "p2": {"name": "The Self-Made Entrepreneur", "equipment": [PISTOL, TOOL_BOX]},
}
EXAMPLE_CARD = {"type": "event_card", "player": "p1", "card": "Drought",
                "ailments": {"hunger": 2, "thirst": 2}}


def woodsmans_event_phase(client, **options):
    """The Exiled Woodsman (Ann) with two Hunger and three Thirst, four Companions, in her Event
    Phase; Bob next."""
    return road(client, {"phase": "event", "current": "p1", "players": {
        "p1": {"tile": "A", "resources": dict(HAND), "ailments": {"hunger": 2, "thirst": 3}},
        "p2": {"tile": "A", "resources": dict(HAND)}}},
        players=("Ann", "Bob"), travelers=WOODSMAN_AND_ENTREPRENEUR, **options)


@pytest.mark.parametrize("ruling,track", [
    ({}, {"hunger": 3, "thirst": 3, "wagon_damage": 0}),
    ({"excess_ailments": "kept"}, {"hunger": 4, "thirst": 5, "wagon_damage": 0}),
], ids=["discarded", "kept"])
def test_the_ailments_example_loses_three_companions_under_either_reading(client, ruling, track):
    as_printed = woodsmans_event_phase(client)
    as_printed.accepted(EXAMPLE_CARD)
    table = woodsmans_event_phase(client, **ruling)
    table.accepted(EXAMPLE_CARD)
    ann = board(table, "p1")
    # "Therefore, they must discard three Companion tokens total to complete the Event card."
    assert ann["companions"] == 1
    assert ann["ailments"] == track
    # The ruling names the tokens over the limit, nothing else: the rest of her board, Bob's,
    # whose turn it is and what Bob may do are as under the printed default.
    printed_ann = board(as_printed, "p1")
    assert {k: v for k, v in ann.items() if k != "ailments"} == {
        k: v for k, v in printed_ann.items() if k != "ailments"}
    assert board(table, "p2") == board(as_printed, "p2")
    view, printed = table.view(), as_printed.view()
    assert view["current_players"] == printed["current_players"] == ["p2"]
    assert view["legal"] == printed["legal"]
    assert view["phase"] == printed["phase"]


# --- A Sacrifice of fewer than four under both readings of sacrifice_removes --------------------

def anns_travel_with_five_ailments(client, **options):
    return road(client, {"phase": "travel", "current": "p1", "players": {
        "p1": {"tile": "A", "resources": dict(HAND), "ailments": {"hunger": 3, "thirst": 2}},
        "p2": {"tile": "A", "resources": dict(HAND)}}}, players=("Ann", "Bob"), **options)


TWO_OF_FIVE = {"type": "sacrifice", "player": "p1", "remove": {"hunger": 2}, "skull": "hunger"}


def test_a_sacrifice_removing_two_of_five_tokens_is_refused_as_printed(client):
    table = anns_travel_with_five_ailments(client)
    before = as_seen(table.view())
    table.refused(TWO_OF_FIVE, SACRIFICE)
    assert as_seen(table.view()) == before
    table.accepted({"type": "sacrifice", "player": "p1", "remove": {"hunger": 2, "thirst": 2},
                    "skull": "hunger"})
    assert board(table, "p1")["ailments"] == {"hunger": 1, "thirst": 0, "wagon_damage": 0}


def test_up_to_four_takes_the_same_sacrifice_and_changes_only_how_many_go(client):
    table = anns_travel_with_five_ailments(client, sacrifice_removes="up_to_four")
    # More than four is refused under this reading too, with the sentence it follows.
    table.refused({"type": "sacrifice", "player": "p1", "remove": {"hunger": 3, "thirst": 2},
                   "skull": "thirst"}, UP_TO_FOUR)
    table.accepted(TWO_OF_FIVE)
    printed = anns_travel_with_five_ailments(client)
    printed.accepted({"type": "sacrifice", "player": "p1", "remove": {"hunger": 2, "thirst": 2},
                      "skull": "hunger"})
    ann, printed_ann = board(table, "p1"), board(printed, "p1")
    assert ann["ailments"] == {"hunger": 1, "thirst": 2, "wagon_damage": 0}
    # One Companion and one Skull on Hunger either way; still her Travel Phase.
    assert (ann["companions"], ann["skulls"]) == (printed_ann["companions"],
                                                  printed_ann["skulls"]) == (
        3, {"hunger": 1, "thirst": 0, "wagon_damage": 0})
    assert table.view()["phase"] == printed.view()["phase"]
    assert table.view()["current_players"] == ["p1"]
