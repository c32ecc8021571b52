"""Pilgrims: a tenth audit (session 15, `audit2`): outsider finding 95.

Another player's move during the Activate phase of the player on turn quoted "On their turn, each
player must use 1 of their movement tokens." — a sentence about the player on turn. It is not that
player's turn, so what they broke is the turn order: "After replenishing cards, the player's turn
is over. Play proceeds clockwise to the next player." The same held for another player's adventure
or public quest entered in the Replenish phase (it quoted the one adventure a turn). The player on
turn is still told the sentence about their own second move or second adventure.
"""

import pytest

from tests.api_table import quotes_from
from tests.test_blind_scenarios_pilgrims import COMPASS_LEAF, NOTES_SPEECH, STAR_LEAF, SWORD_FIST
from tests.test_blind_scenarios_pilgrims_2 import BEAST_STAR, LEAFY, at_table, moved_and_clover

book = quotes_from("pilgrims")
PROCEEDS = book("After replenishing cards, the player's turn is over. Play proceeds clockwise to "
                "the next player.")
ONE_MOVEMENT = book("On their turn, each player must use 1 of their movement tokens.")
ONE_ADVENTURE = book("During this phase, the player may either complete one adventure card or sign "
                     "up for one public quest")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def ann_adventured(client):
    """Ann (p1) has moved, taken a clover and completed an adventure: her Replenish phase."""
    table = at_table(client, {"hand": [STAR_LEAF, SWORD_FIST, NOTES_SPEECH],
                              "party": [{"card": BEAST_STAR}]},
                     bob={"hand": [SWORD_FIST, NOTES_SPEECH]})
    moved_and_clover(table)
    table.accepted({"type": "complete_adventure", "player": "p1", "source": "display",
                    "index": 1, "adventure": LEAFY, "pay": [{"hand": 1}], "companions": [1],
                    "retire": []})
    return table


def test_another_players_move_in_the_activate_phase_breaks_the_turn_order(client):
    table = at_table(client, {"hand": [SWORD_FIST]})
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                    "card": COMPASS_LEAF})
    table.refused({"type": "move", "player": "p2", "movement": 1, "to": [5, 4],
                   "card": COMPASS_LEAF}, PROCEEDS)
    table.refused({"type": "move", "player": "p1", "movement": 2, "to": [3, 1],
                   "card": COMPASS_LEAF}, ONE_MOVEMENT)
    assert table.view()["current_players"] == ["p1"]


def test_another_players_adventure_or_quest_in_the_replenish_phase_breaks_the_turn_order(client):
    table = ann_adventured(client)
    table.refused({"type": "sign_up", "player": "p2", "tile": "B",
                   "pay": [{"hand": 1}, {"hand": 2}]}, PROCEEDS)
    table.refused({"type": "complete_adventure", "player": "p2", "source": "display",
                   "index": 1, "adventure": LEAFY, "pay": [{"hand": 1}], "companions": [],
                   "retire": []}, PROCEEDS)
    table.refused({"type": "move", "player": "p2", "movement": 1, "to": [5, 4],
                   "card": COMPASS_LEAF}, PROCEEDS)
    table.refused({"type": "sign_up", "player": "p1", "tile": "B",
                   "pay": [{"hand": 1}, {"hand": 2}]}, ONE_ADVENTURE)
