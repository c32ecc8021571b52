"""Pillars of Fate: the fourteenth audit (session 19). Finding 178: whether the card Sorcerer
exchanges in at a player's first place in the center is "the first card played" under a first-card
modifier ("Each first card played will have its power doubled.") was decided without a ruling (the
place's reading). It is the table ruling sorcerer_first_place: first_place (default, the old play:
it takes the first place and its modifier; a tally needs no mark to agree with the live game) or
played_only (the modifier names the card played first, as invictus_first_card's default reads it:
the card exchanged in was not played, not modified). Live (the exchange marks the card) and in
the calculator (`exchanged` on a lane card) alike; a mark with no Sorcerer of that player, on two
cards or on the Sorcerer itself is a 400 quoting Sorcerer's text (audit22's note)."""

import pytest

from tests import test_blind_scenarios_pillars_of_fate_13 as q13
from tests.api_table import calculated


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


@pytest.mark.parametrize("ruling, power", [(None, 6), ("first_place", 6), ("played_only", 3)])
def test_the_card_sorcerer_puts_in_first_under_double_power_by_the_ruling(client, ruling, power):
    options = {"sorcerer_first_place": ruling} if ruling else {}
    table = q13.age_begun(client, options, ("Sorcerer", ["Klar", "Naka"]),
                          ("Hadria", ["Pentha", "Eradan"]), "double_power")
    table.accepted(q13.play("sun", "center", 5, 1))
    table.accepted(q13.play("moon", "center", 1))
    table.accepted(q13.play("sun", "left", 1, divine="Sorcerer"))
    table.accepted({"type": "sorcerer_exchange", "player": "sun", "lane": "center",
                    "position": 1, "power": 3, "feathers": 0, "scorpions": 2})
    assert q13.lane_values(table.view(), "center", "sun")[0] == (power, 0, 2)
    # Moon's own first card, played, is doubled under either reading.
    assert q13.lane_values(table.view(), "center", "moon")[0] == (2, 0, 0)


@pytest.mark.parametrize("ruling, power", [("first_place", 6), ("played_only", 3)])
def test_the_calculator_reads_an_exchanged_first_card_by_the_ruling(client, ruling, power):
    plain = [{"power": 2, "feathers": 1}, {"power": 2, "feathers": 1}]
    lanes = {"left": {"quest": q13.QUESTS[0], "pillar": "sun",
                      "sun": [{"power": 1, "divine": "Sorcerer"}, *plain],
                      "moon": [{"power": 2}, *plain]},
             "center": {"quest": q13.QUESTS[1], "first": "sun", "pillar": "sun",
                        "sun": [{"power": 3, "scorpions": 2, "exchanged": True}, *plain],
                        "moon": [{"power": 1}, *plain]},
             "right": {"quest": q13.QUESTS[2], "pillar": "sun", "sun": [{"power": 4}, *plain],
                       "moon": [{"power": 5, "divine": "Hadria"}, *plain]}}
    answer = calculated(client, "pillars-of-fate", {
        "options": {"sorcerer_first_place": ruling},
        "ages": [{"modifier": "double_power", "first_player": "sun", "lanes": lanes}]})
    center = next(entry for entry in answer["ages"][0]["lanes"] if entry["lane"] == "center")
    assert center["values"]["sun"][0]["power"] == power


SORCERER = q13.SORCERER


@pytest.mark.parametrize("where, sun_left, sun_center, message", [
    ("no-sorcerer", [{"power": 1, "divine": "Klar"}], [{"power": 3, "exchanged": True}],
     "Sun played no Sorcerer this Age to exchange it"),
    ("two-marked", [{"power": 1, "divine": "Sorcerer"}, {"power": 2, "exchanged": True}],
     [{"power": 3, "exchanged": True}], "Sun's Sorcerer exchanged one card, not 2"),
    ("the-sorcerer", [{"power": 1, "divine": "Sorcerer", "exchanged": True}],
     [{"power": 3}], "Sorcerer exchanges another card, not itself")])
def test_an_exchanged_mark_sorcerer_could_not_have_made_is_refused(client, where, sun_left,
                                                                   sun_center, message):
    plain = [{"power": 2, "feathers": 1}, {"power": 2, "feathers": 1}]
    lanes = {"left": {"quest": q13.QUESTS[0], "pillar": "sun", "sun": [*sun_left, *plain][:3],
                      "moon": [{"power": 2}, *plain]},
             "center": {"quest": q13.QUESTS[1], "pillar": "sun", "sun": [*sun_center, *plain],
                        "moon": [{"power": 1}, *plain]},
             "right": {"quest": q13.QUESTS[2], "pillar": "sun", "sun": [{"power": 4}, *plain],
                       "moon": [{"power": 5, "divine": "Hadria"}, *plain]}}
    error = calculated(client, "pillars-of-fate", {
        "ages": [{"modifier": "double_power", "first_player": "sun", "lanes": lanes}]},
        status=400)["error"]
    assert error["message"].startswith(message) and error["field"].endswith(".exchanged")
    assert error["rule"]["quote"] == SORCERER
