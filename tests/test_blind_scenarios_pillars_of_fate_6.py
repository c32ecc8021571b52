"""Pillars of Fate, outsider scenarios round 6: the mistakes a table makes (a Divine card passed to
the opponent, Namari's look or the Sorcerer's exchange with neither played, a tie broken before
the Age is resolved, a new Age begun mid-Age), and the end-of-game calculator on its own (a tie
without the pillar holder's pick, an Age in which a player played no Divine card). Written from
the rulebook and the API's own description only (docs/games/pillars-of-fate.md,
GET /api/games/pillars-of-fate), never the referee's code."""

import copy

import pytest

from tests.api_table import calculated, quotes_from
from tests.test_blind_scenarios_pillars_of_fate import QUESTS, drafted, lane, play

GAME = "pillars-of-fate"
book = quotes_from(GAME)

UNPLAYED_DIVINE = book("You may select from any of your 3 unplayed Divine cards.")
PILLAR_DECIDES = book("Ties in either suit or power are decided by the player that holds the pillar "
                      "for that lane.")
MUST_PLAY_DIVINE = book("Once per Age, you must play a Divine card.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


@pytest.fixture(scope="module")
def first_age(client):
    """The API's own example tally, its first Age only (Sun's Prophet, Moon's Hadria)."""
    example = client.get(f"/api/games/{GAME}").get_json()["score_schema"]["examples"][0]
    return {"names": example["names"], "ages": copy.deepcopy(example["ages"][:1])}


# --- Mistakes a table makes ----------------------------------------------------------------------

def test_the_divine_card_sun_passed_to_moon_is_not_hers_to_play(client):
    # Sun kept Prophet and passed Klar and Naka; Moon passed her Pentha and Eradan.
    table = drafted(client)
    table.refused(play("sun", "left", 5, 0, 1, divine="Klar"), UNPLAYED_DIVINE)
    table.accepted(play("sun", "left", 2, 0, 1, divine="Pentha"))
    assert lane(table, "left")["cards"]["sun"][0]["power"] == 2


def test_namaris_look_with_no_namari_played_is_refused(client):
    table = drafted(client)
    table.accepted(play("sun", "left", 5, 1, face="down"))
    table.refused({"type": "namari_look", "player": "moon", "lane": "left", "position": 1,
                   "side": "sun"},
                  book("Namari - You may look at any played (including opponent's) face-down card "
                       "secretly then return it."))
    # Nothing was shown to Moon.
    assert lane(table, "left", "moon")["cards"]["sun"][0].get("power") != 5


def test_the_sorcerers_exchange_with_no_sorcerer_played_is_refused(client):
    table = drafted(client)
    table.accepted(play("sun", "left", 5, 1))
    table.accepted(play("moon", "right", 3, 0, 1))
    table.refused({"type": "sorcerer_exchange", "player": "sun", "lane": "left", "position": 1,
                   "power": 8, "feathers": 0, "scorpions": 2},
                  book("Sorcerer - When played, take another card from any of your lanes and "
                       "exchange it with one from your hand."))
    assert lane(table, "left")["cards"]["sun"][0]["power"] == 5


def test_a_tie_broken_before_the_age_is_resolved_is_refused(client):
    table = drafted(client)
    table.accepted(play("sun", "left", 5, 1))
    table.accepted(play("moon", "left", 5, 1))
    table.refused({"type": "break_tie", "player": "sun", "lane": "left", "tie": "power",
                   "choice": "sun"}, PILLAR_DECIDES)


def test_a_new_age_begun_in_the_middle_of_an_age_is_refused(client):
    table = drafted(client)
    table.accepted(play("sun", "left", 5, 1))
    table.refused({"type": "begin_age", "player": "moon", "first_player": "moon",
                   "modifier": "no_divine", "quests": QUESTS},
                  book("An Age ends when each of the 3 lanes are full."))
    assert table.view()["state"]["age"] == 1


# --- The calculator ------------------------------------------------------------------------------

def test_the_calculator_asks_the_pillar_holders_pick_for_a_power_tie(client, first_age):
    tally = copy.deepcopy(first_age)
    left = tally["ages"][0]["lanes"]["left"]
    # Sun 5 + 4 + 2 = 11; Moon's first card made a 4: 4 + 6 + 1 = 11.
    left["moon"][0]["power"] = 4
    answer = calculated(client, GAME, tally, status=400)
    assert answer["error"]["field"] == "ages[0].lanes.left.ties.power"
    left["ties"] = {"power": "moon"}
    answer = calculated(client, GAME, tally)
    resolved = next(entry for entry in answer["ages"][0]["lanes"] if entry["lane"] == "left")
    assert (resolved["power_tie"], resolved["decider"]) == (True, "sun")
    # Moon wins the lane by Sun's pick: scorpions dominate (Moon 3 + Sun 1 against 3), -1 to Moon,
    # and Sun's Prophet gives nothing.
    assert resolved["suit"] == "scorpions"
    sun_lines = [line["label"] for line in answer["players"][0]["breakdown"]]
    assert not any("Prophet" in label for label in sun_lines)


def test_the_calculator_names_no_winner_before_the_third_age(client, first_age):
    answer = calculated(client, GAME, first_age)
    assert answer["winners"] == []
    assert book("After 3 Ages, players count their victory point tokens.") in \
        answer["decided_by"]["rule"]["quote"]


def test_the_calculator_refuses_an_age_without_suns_divine_card(client, first_age):
    tally = copy.deepcopy(first_age)
    tally["ages"][0]["lanes"]["left"]["sun"][1].pop("divine")
    tally["options"] = {"divine_required": "refuse"}
    answer = calculated(client, GAME, tally, status=400)
    assert answer["error"]["field"].startswith("ages[0]")
    assert MUST_PLAY_DIVINE in answer["error"]["message"] + str(answer["error"].get("rule"))
