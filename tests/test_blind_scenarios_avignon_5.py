"""Avignon: Pilgrimage, outsider scenarios round 6: the end-of-game calculator on its own (the
final action's tie-breaker asked for, the Scribe's win and its two cards, a game not yet won), and
the mistakes a table makes (a Petition of a character not in play, a draw nobody owes, a turn
ended before its actions, a path off the map). Written from the rulebook and the API's own
description only (docs/games/avignon.md, GET /api/games/avignon), never the referee's code."""

import pytest

from tests.api_table import ApiTable, calculated, quotes_from
from tests.test_blind_scenarios_avignon_3 import MIDGAME

GAME = "avignon"
book = quotes_from(GAME)

THREE_WIN = book("The game ends when one player has three cards in his or her Congregation. That "
                 "player wins the game.")
FINAL_ACTION = book("If two players would win the game at the same time, the player who took the "
                    "game's final action wins.")
SCRIBE_WIN = book("At the start of your turn, if Scribe is in GENOA and you have two in your "
                  "Congregation, WIN.")
TWO_ACTIONS = book("On his or her turn, each player takes exactly two of the actions listed below, "
                   "and the same action may not be taken twice.")
ROME_THREE = ["Vicar", "Scribe", "Nuncio"]
AVIGNON_THREE = ["Ascetic", "Canonist", "Courtesan"]


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def midgame(client):
    """Aldo (Avignon) to play: Vicar in Nice, Nuncio in Florence, the rest in Genoa."""
    return ApiTable(client, {"game": GAME, "players": ["Rosa", "Aldo"], "position": MIDGAME})


# --- The calculator ------------------------------------------------------------------------------

def test_the_calculator_asks_who_took_the_final_action_when_both_have_three(client):
    tally = {"congregations": {"rome": ROME_THREE, "avignon": AVIGNON_THREE}}
    answer = calculated(client, GAME, tally, status=400)
    assert answer["error"]["field"] == "last_actor"
    answer = calculated(client, GAME, {**tally, "last_actor": "avignon"})
    assert answer["winners"] == ["avignon"]
    assert FINAL_ACTION in answer["decided_by"]["rule"]["quote"]
    assert [player["total"] for player in answer["players"]] == [3, 3]


def test_the_calculator_with_two_and_one_names_no_winner_yet(client):
    answer = calculated(client, GAME, {"congregations": {"rome": ["Vicar", "Scribe"],
                                                         "avignon": ["Ascetic"]}})
    assert answer["winners"] == []


def test_the_calculator_scribe_in_genoa_wins_only_with_two_in_the_congregation(client):
    one = calculated(client, GAME, {"congregations": {"rome": ["Vicar"], "avignon": []},
                                    "scribe_in_genoa_at_start_of": "rome"})
    assert one["winners"] == []
    two = calculated(client, GAME, {"congregations": {"rome": ["Vicar", "Nuncio"],
                                                      "avignon": ["Ascetic"]},
                                    "scribe_in_genoa_at_start_of": "rome"})
    assert two["winners"] == ["rome"]
    assert SCRIBE_WIN in two["decided_by"]["rule"]["quote"]


def test_the_calculator_refuses_a_scribe_in_genoa_with_both_scribes_scored(client):
    book("Cards in a player's Congregation are considered to be out of play and cannot be "
         "affected by actions.")
    answer = calculated(client, GAME, {"congregations": {"rome": ["Scribe", "Scribe"],
                                                         "avignon": []},
                                       "scribe_in_genoa_at_start_of": "rome"}, status=400)
    assert answer["error"]["field"] == "scribe_in_genoa_at_start_of"


def test_the_calculator_three_cards_won_before_the_scribe_could_count(client):
    # Avignon's third card ended the game; Rome's Scribe would only have counted at the start of
    # Rome's next turn.
    answer = calculated(client, GAME, {"congregations": {"rome": ["Vicar", "Nuncio"],
                                                         "avignon": AVIGNON_THREE},
                                       "scribe_in_genoa_at_start_of": "rome"})
    assert answer["winners"] == ["avignon"]
    assert THREE_WIN in answer["decided_by"]["rule"]["quote"]


# --- Mistakes a table makes ----------------------------------------------------------------------

def test_a_petition_of_a_character_not_in_play_is_refused(client):
    table = midgame(client)
    table.refused({"type": "petition", "player": "avignon", "card": {"character": "Courtesan"},
                   "target": 1},
                  book("PETITION: Use the unique PETITION ability of one character in play."))
    table.accepted({"type": "beseech", "player": "avignon", "path": 1})


def test_a_draw_nobody_owes_is_refused(client):
    table = midgame(client)
    table.refused({"type": "draw", "player": "avignon", "character": "Vicar"},
                  book("Draw a new character and place it in the exact position the removed card "
                       "occupied."))
    assert [card["character"] for card in table.view()["state"]["board"]] == \
        ["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"]


def test_the_turn_ended_before_its_two_actions_is_refused(client):
    table = midgame(client)
    table.refused({"type": "end_turn", "player": "avignon"}, TWO_ACTIONS)
    table.accepted({"type": "chastise", "player": "avignon", "path": 3})
    table.refused({"type": "end_turn", "player": "avignon"}, TWO_ACTIONS)
    table.accepted({"type": "beseech", "player": "avignon", "path": 1})
    assert table.view()["current_players"] == ["rome"]


def test_a_path_off_the_map_is_a_bad_request(client):
    book("Set up the Map Cards between the players in this order: Avignon, Nice, Genoa, Florence "
         "and Rome.")
    table = midgame(client)
    response = table.send({"type": "beseech", "player": "avignon", "path": 6})
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"] == "event.path"
