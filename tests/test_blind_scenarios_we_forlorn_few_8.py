"""We Forlorn Few, outsider scenarios round 8: three Travelers, Bob the First Player — the other
two Players' entries at every step of the round (Bob's Season card, each phase of Bob's turn, each
phase of Cleo's), each refused with the sentence saying who plays now; a Season card undone and
another entered (the table as if the first had never been drawn). Written from the rulebook and
the API's own description only (docs/games/we-forlorn-few.md, GET /api/games/we-forlorn-few),
never the referee's code."""

import pytest

from tests.api_table import as_seen, quotes_from
from tests.test_blind_scenarios_we_forlorn_few_2 import ravenous_turn
from tests.test_blind_scenarios_we_forlorn_few_3 import road
from tests.test_blind_scenarios_we_forlorn_few_5 import QUIET, quiet_turn

GAME = "we-forlorn-few"
book = quotes_from(GAME)

TURN_ORDER = book("Beginning with the First Player and moving to the left, the Player turns are "
                  "resolved.")
SEASON_BY_FIRST = book("At the beginning of each round the First Player will draw the top Season "
                       "card, read it aloud and resolve it.")

# Bob (p2) holds the First Player token: the round goes Bob, Cleo, Ann.
STEPS = {"travel": [], "gathering": [{"type": "stay"}],
         "camp": [{"type": "stay"}, {"type": "skip_gathering"}],
         "event": [{"type": "stay"}, {"type": "skip_gathering"}, {"type": "end_camp"}]}
ENTRIES = {"travel": {"type": "travel", "to": "B"}, "stay": {"type": "stay"},
           "gather": {"type": "gather", "roll": 2, "take": ["water", "water"]},
           "skip_gathering": {"type": "skip_gathering"}, "end_camp": {"type": "end_camp"},
           "event_card": {"type": "event_card", "card": QUIET}}
# In the Event Phase a Travel Phase entry by another player is the open question of finding 94's
# event-stay case (the Event Phase's sentence or the turn order): left to that finding.
SWEEP = [(step, seat, entry) for step in STEPS for seat in ("p1", "p3") for entry in ENTRIES
         if not (step == "event" and entry in ("travel", "stay"))]


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def bobs_round(client):
    table = road(client, {"phase": "season", "first_player": "p2",
                          "players": {"p1": {"tile": "A"}, "p2": {"tile": "A"},
                                      "p3": {"tile": "A"}}})
    return table


@pytest.mark.parametrize("seat", ["p1", "p3"])
@pytest.mark.parametrize("entry", list(ENTRIES))
def test_another_players_entry_before_bobs_season_card_is_refused(client, seat, entry):
    table = bobs_round(client)
    before = as_seen(table.view())
    # audit-b, session 17 (the lead's standing ruling: another seat acting while a step waits is
    # told the turn order first, the waiting step's sentence after it): was SEASON_BY_FIRST first
    error = table.refused({**ENTRIES[entry], "player": seat}, TURN_ORDER)
    assert [rule["quote"] for rule in error["rules"]][1] == SEASON_BY_FIRST
    assert as_seen(table.view()) == before


@pytest.mark.parametrize("step,seat,entry", SWEEP,
                         ids=[f"{step}-{seat}-{entry}" for step, seat, entry in SWEEP])
def test_ann_or_cleo_entering_in_each_phase_of_bobs_turn_is_refused_with_the_turn_order(
        client, step, seat, entry):
    table = bobs_round(client)
    table.accepted({"type": "season", "player": "p2", "season": "summer", "card": "Heat"})
    for event in STEPS[step]:
        table.accepted({**event, "player": "p2"})
    before = as_seen(table.view())
    table.refused({**ENTRIES[entry], "player": seat}, TURN_ORDER)
    assert as_seen(table.view()) == before
    assert table.view()["current_players"] == ["p2"]


@pytest.mark.parametrize("seat", ["p1", "p2"])
@pytest.mark.parametrize("entry", ["travel", "stay", "gather", "end_camp"])
def test_bob_or_ann_entering_in_cleos_turn_is_refused_with_the_turn_order(client, seat, entry):
    table = bobs_round(client)
    table.accepted({"type": "season", "player": "p2", "season": "summer", "card": "Heat"})
    quiet_turn(table, "p2")
    assert table.view()["current_players"] == ["p3"]
    table.refused({**ENTRIES[entry], "player": seat}, TURN_ORDER)
    quiet_turn(table, "p3")
    assert table.view()["current_players"] == ["p1"]


def test_a_second_season_card_in_the_round_is_refused_whoever_enters_it(client):
    table = bobs_round(client)
    table.accepted({"type": "season", "player": "p2", "season": "summer", "card": "Heat"})
    for seat in ("p1", "p2", "p3"):
        table.refused({"type": "season", "player": seat, "season": "summer", "card": "Drought"},
                      SEASON_BY_FIRST)


def test_bobs_season_card_undone_then_another_as_if_the_first_was_never_drawn(client):
    table = bobs_round(client)
    before = as_seen(table.view())
    deck = before[0]["season_deck"]
    table.accepted({"type": "season", "player": "p2", "season": "summer", "card": "Heat"})
    response = client.post(f"/api/sessions/{table.id}/undo", headers=table.headers)
    assert response.status_code == 200, response.get_json()
    table.seq = response.get_json()["seq"]
    assert as_seen(table.view()) == before
    # The card on top was Long Days: Bob resolves it, the deck one shorter, his turn begins.
    table.refused({"type": "season", "player": "p3", "season": "summer", "card": "Long Days"},
                  SEASON_BY_FIRST)
    table.accepted({"type": "season", "player": "p2", "season": "summer", "card": "Long Days"})
    view = table.view()
    assert view["state"]["season_deck"] == deck - 1
    assert view["current_players"] == ["p2"]
    assert "Heat" not in str(view["state"].get("season"))


# --- Ann Ravenous: Bob's and Cleo's entries in each of her three phases -------------------------

RAVENOUS_PHASES = ["ravenous_movement", "ravenous_combat", "ravenous_retreat"]
THEIRS = {**ENTRIES, "ravenous_move": {"type": "ravenous_move", "path": ["B"]},
          "ravenous_attack": {"type": "ravenous_attack", "target": "p1", "dice": [2],
                              "target_dice": [0, 0]}}


@pytest.mark.parametrize("phase", RAVENOUS_PHASES)
@pytest.mark.parametrize("seat", ["p2", "p3"])
@pytest.mark.parametrize("entry", list(THEIRS))
def test_bob_or_cleo_entering_in_each_phase_of_anns_ravenous_turn_is_refused(
        client, phase, seat, entry):
    table = ravenous_turn(client, hunger=1, tile="A", phase=phase,
                          others={"p2": {"tile": "A"}, "p3": {"tile": "A"}})
    before = as_seen(table.view())
    table.refused({**THEIRS[entry], "player": seat}, TURN_ORDER)
    assert as_seen(table.view()) == before


# --- Bob won a Combat in his Camp Phase: the others while he chooses what to steal ---------------

STEAL = book("The winner may steal any Resources and Equipment up to the Value of their total roll "
             "result from the losing Player's Supply.")
IN_THE_STEAL = {"stay": {"type": "stay"}, "gather": {"type": "gather", "roll": 1, "take": ["food"]},
                "end_camp": {"type": "end_camp"}, "event_card": {"type": "event_card", "card": QUIET},
                "combat": {"type": "combat", "target": "p2", "dice": [2], "target_dice": [0]},
                "recuperate": {"type": "recuperate", "remove": {"hunger": 1}}}


def bob_won_against_ann(client):
    table = road(client, {"round": 3, "season_deck": 9, "phase": "camp", "current": "p2",
                          "players": {"p1": {"tile": "A", "resources": {"food": 2, "wood": 1}},
                                      "p2": {"tile": "B"}, "p3": {"tile": "B"}}})
    table.accepted({"type": "combat", "player": "p2", "target": "p1", "dice": [2, 1],
                    "target_dice": [0, 1]})
    assert "steal" in {e["type"] for e in table.view()["legal"]}
    return table


@pytest.mark.parametrize("seat", ["p1", "p3"])
@pytest.mark.parametrize("entry", list(IN_THE_STEAL))
def test_ann_or_cleo_entering_while_bob_chooses_what_to_steal_is_refused_with_the_turn_order(
        client, seat, entry):
    table = bob_won_against_ann(client)
    before = as_seen(table.view())
    response = table.send({**IN_THE_STEAL[entry], "player": seat})
    assert response.status_code == 422, response.get_json()
    error = response.get_json()["error"]
    quotes = [error["rule"]["quote"]] + [rule["quote"] for rule in error.get("rules") or []]
    assert any(TURN_ORDER in quote for quote in quotes), (quotes, error["message"])
    assert as_seen(table.view()) == before


def test_the_loser_cannot_choose_what_bob_steals_then_bob_steals_and_camps_on(client):
    table = bob_won_against_ann(client)
    table.refused({"type": "steal", "player": "p1", "take": {"food": 1}}, STEAL)
    table.refused({"type": "steal", "player": "p3", "take": {"food": 1}}, STEAL)
    table.accepted({"type": "steal", "player": "p2", "take": {"food": 2, "wood": 1}})
    assert table.view()["state"]["players"]["p1"]["resources"] == {
        "food": 0, "water": 0, "wood": 0}
    table.accepted({"type": "end_camp", "player": "p2"})
