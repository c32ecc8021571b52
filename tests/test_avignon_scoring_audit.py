"""Scoring audit of Avignon: Pilgrimage (session 7): the Congregations, the end of the game and the
calculator, written from the rulebook (the Scoring and Ending the Game sections, the Scribe's card)
and the API's own description, through the HTTP API. The live score of a game played to its end
must agree with the calculator (POST /api/score/avignon) on the same Congregations.

From the book: a card moved past Rome or Avignon joins the Congregation of the player it was moving
towards, and "That player then draws" its replacement; three cards in a Congregation win; the
Scribe wins at the start of its owner's turn in Genoa with two cards; two players winning at once:
the player who took the game's final action wins. No other tie-breaker, no other score.
"""

import pytest

from tests.api_table import ApiTable, calculated
from tests.test_avignon_audit import PLAYERS, SIMULTANEOUS, THREE_WINS, ev, in_book, start, state
from tests.test_avignon_audit_2 import EXCOMMUNICATE, REPLACE, SCRIBE_WIN, genoa

SCORED = in_book("If any action causes a card to move past either the Rome or the Avignon card, it "
                 "is placed face up in front of the player it was moving towards.")
NO_SCRIBE = genoa("Vicar", "Nuncio", "Ascetic", "Canonist")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def same_result(live: dict, sheet: dict) -> None:
    """The live score and the calculator's answer say the same: totals, lines, winner, rule."""
    def summary(scores):
        return ({p["seat"]: (p["total"], [(line["label"], line["points"]) for line in p["breakdown"]])
                 for p in scores["players"]},
                scores["winners"], scores["decided_by"]["rule"]["quote"])
    assert summary(live) == summary(sheet)


# -- the live score ----------------------------------------------------------------------------


def test_each_card_in_a_congregation_is_one_line_citing_the_scoring_sentence(client):
    table = start(client, [("Courtesan", "rome")] + NO_SCRIBE,
                  congregations={"rome": ["Scribe"], "avignon": ["Ascetic"]})
    table.accepted(ev("beseech", path=1))
    scores = table.view()["scores"]
    rome = next(p for p in scores["players"] if p["seat"] == "rome")
    assert rome["total"] == 2
    assert [(line["label"], line["points"]) for line in rome["breakdown"]] == [
        ("Scribe", 1), ("Courtesan", 1)]
    assert all(line["rule"]["quote"] == SCORED for line in rome["breakdown"])
    assert scores["winners"] == [] and scores["decided_by"]["rule"]["quote"].startswith(THREE_WINS)


def test_a_game_won_by_three_cards_agrees_with_the_calculator(client):
    congregations = {"rome": ["Vicar", "Nuncio"], "avignon": ["Ascetic"]}
    table = start(client, [("Courtesan", "rome")] + NO_SCRIBE, congregations=congregations)
    table.accepted(ev("beseech", path=1))
    live = table.view()["scores"]
    assert live["winners"] == ["rome"] and live["decided_by"]["rule"]["quote"].startswith(THREE_WINS)
    sheet = calculated(client, "avignon", {"congregations": {"rome": ["Vicar", "Nuncio", "Courtesan"],
                                                 "avignon": ["Ascetic"]}})
    same_result(live, sheet)


def test_pushing_the_opponents_third_card_makes_the_opponent_win(client):
    """"it is placed face up in front of the player it was moving towards" — Rome's CHASTISE of a
    card in Avignon gives Avignon its third card: Avignon wins, on Rome's action; no draw is asked."""
    table = start(client, [("Courtesan", "avignon")] + NO_SCRIBE,
                  congregations={"rome": ["Vicar", "Nuncio"], "avignon": ["Ascetic", "Scribe"]})
    table.accepted(ev("chastise", path=1))
    view = table.view()
    assert view["over"] is True and view["phase"] == "over"
    assert view["scores"]["winners"] == ["avignon"]
    assert view["scores"]["decided_by"]["rule"]["quote"].startswith(THREE_WINS)


def test_both_third_cards_in_one_action_the_final_actor_wins_as_the_calculator_says(client):
    """"If two players would win the game at the same time, the player who took the game's final
    action wins." — Avignon's Canonist switches the Vicar (Rome) and the Scribe (Avignon), pushes
    the Scribe past Rome (Rome's third; Rome draws its replacement in the middle of Avignon's
    action) and pulls the Vicar past Avignon (Avignon's third): Avignon took the final action."""
    cells = [("Vicar", "rome"), ("Scribe", "avignon")] + genoa("Nuncio", "Ascetic", "Canonist")
    before = {"rome": ["Courtesan", "Nuncio"], "avignon": ["Courtesan", "Ascetic"]}
    table = start(client, cells, turn="avignon", congregations=before)
    table.accepted(ev("petition", "avignon", path=5, switch=[1, 2], push=1))
    assert state(table)["pending"]["draw"]["by"] == "rome"
    table.refused(ev("draw", "avignon", character="Vicar"), REPLACE)
    table.accepted(ev("draw", "rome", character="Vicar"))
    view = table.view()
    assert view["over"] is True and view["scores"]["winners"] == ["avignon"]
    assert view["scores"]["decided_by"]["rule"]["quote"] == SIMULTANEOUS
    congregations = view["state"]["congregations"]
    assert len(congregations["rome"]) == 3 and len(congregations["avignon"]) == 3
    same_result(view["scores"], calculated(client, "avignon", {"congregations": congregations,
                                                   "last_actor": "avignon"}))
    table.refused(ev("beseech", "rome", path=3), SIMULTANEOUS)  # the rule that ended this game


# -- who draws the replacement ----------------------------------------------------------------


def test_the_player_a_card_was_moving_towards_draws_its_replacement(client):
    """"That player then draws a new character and places it in the same row as the removed card,
    equal to Genoa." — Rome pushes a card past Avignon: Avignon draws, Rome's draw is refused."""
    table = start(client, [("Courtesan", "avignon")] + NO_SCRIBE)
    table.accepted(ev("chastise", path=1))
    assert [e["player"] for e in table.view()["legal"]] and \
        {e["player"] for e in table.view()["legal"]} == {"avignon"}
    error = table.refused(ev("draw", "rome", character="Scribe"), REPLACE)
    assert "Aldo draws" in error["message"]
    table.accepted(ev("draw", "avignon", character="Scribe"))
    assert state(table)["board"][0] == {"path": 1, "character": "Scribe", "location": "genoa"}


def test_the_excommunicating_player_draws_the_new_character(client):
    """"EXCOMMUNICATE: ... Draw a new character and place it in the exact position the removed card
    occupied." — the draw is the excommunicating player's."""
    table = start(client, genoa("Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"),
                  turn="avignon")
    table.accepted(ev("excommunicate", "avignon", path=2))
    table.refused(ev("draw", "rome", character="Courtesan"), EXCOMMUNICATE)
    table.accepted(ev("draw", "avignon", character="Courtesan"))


def test_the_setups_five_cards_may_be_entered_from_either_seat(client):
    """"Draw five cards and place them face up in a row extending outwards from Genoa." names no
    player: either seat may enter them."""
    table = ApiTable(client, {"game": "avignon", "players": PLAYERS, "options": {}})
    for seat, name in zip(["avignon", "rome", "avignon", "rome", "avignon"],
                          ["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"], strict=True):
        table.accepted(ev("draw", seat, character=name))
    assert table.view()["current_players"] == ["rome"]


# -- the Scribe -------------------------------------------------------------------------------


def test_the_scribe_win_in_play_agrees_with_the_calculator(client):
    """"At the start of your turn, if Scribe is in GENOA and you have two in your Congregation, WIN."
    — Avignon's turn begins with the Scribe in Genoa and two cards in Avignon's Congregation."""
    congregations = {"rome": ["Vicar"], "avignon": ["Courtesan", "Nuncio"]}
    table = start(client, genoa("Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"),
                  actions_taken=["beseech"], congregations=congregations)
    table.accepted(ev("chastise", path=5))
    live = table.view()["scores"]
    assert live["winners"] == ["avignon"] and live["decided_by"]["rule"]["quote"] == SCRIBE_WIN
    same_result(live, calculated(client, "avignon", {"congregations": congregations,
                                         "scribe_in_genoa_at_start_of": "avignon"}))


def test_calculator_the_scribe_needs_two_cards_of_the_player_whose_turn_starts(client):
    """"you have two in your Congregation" — it is Rome's turn that starts: Avignon's two cards do
    not count, nor does Rome's one."""
    sheet = calculated(client, "avignon", {"congregations": {"rome": ["Vicar"],
                                                 "avignon": ["Courtesan", "Nuncio"]},
                               "scribe_in_genoa_at_start_of": "rome"})
    assert sheet["winners"] == []
    sheet = calculated(client, "avignon", {"congregations": {"rome": ["Vicar", "Ascetic"],
                                                 "avignon": ["Courtesan", "Nuncio"]},
                               "scribe_in_genoa_at_start_of": "rome"})
    assert sheet["winners"] == ["rome"] and sheet["decided_by"]["rule"]["quote"] == SCRIBE_WIN


def test_calculator_a_third_card_already_ended_the_game_before_any_scribe_check(client):
    sheet = calculated(client, "avignon", {"congregations": {"rome": ["Vicar", "Ascetic"],
                                                 "avignon": ["Courtesan", "Nuncio", "Canonist"]},
                               "scribe_in_genoa_at_start_of": "rome"})
    assert sheet["winners"] == ["avignon"] and sheet["decided_by"]["rule"]["quote"].startswith(THREE_WINS)


def test_calculator_no_scribe_in_genoa_when_both_are_in_congregations(client):
    """Both Scribes in Congregations are out of play: a Scribe in Genoa is impossible (400)."""
    error = calculated(client, "avignon", {"congregations": {"rome": ["Scribe", "Scribe"], "avignon": []},
                               "scribe_in_genoa_at_start_of": "rome"}, status=400)["error"]
    assert error["field"] == "scribe_in_genoa_at_start_of"


# -- the calculator's inputs ------------------------------------------------------------------


def test_calculator_a_tie_of_three_names_the_missing_last_actor(client):
    error = calculated(client, "avignon", {"congregations": {"rome": ["Vicar", "Scribe", "Nuncio"],
                                                 "avignon": ["Vicar", "Scribe", "Nuncio"]}},
                      status=400)["error"]
    assert error["field"] == "last_actor"


def test_calculator_a_name_that_is_not_a_character_is_bad_input(client):
    error = calculated(client, "avignon", {"congregations": {"rome": ["Pope"], "avignon": []}},
                      status=400)["error"]
    assert "rome" in error["field"]


def test_calculator_the_last_actor_alone_decides_nothing(client):
    """Only a tie of three cards asks who acted last: with one three, the three-card rule wins."""
    sheet = calculated(client, "avignon", {"congregations": {"rome": ["Vicar", "Scribe", "Nuncio"],
                                                 "avignon": ["Ascetic"]},
                               "last_actor": "avignon"})
    assert sheet["winners"] == ["rome"] and sheet["decided_by"]["rule"]["quote"].startswith(THREE_WINS)


def test_calculator_lines_and_totals_and_no_winner_yet(client):
    sheet = calculated(client, "avignon", {"congregations": {"rome": ["Vicar", "Scribe"], "avignon": []}})
    totals = {p["seat"]: p["total"] for p in sheet["players"]}
    assert totals == {"rome": 2, "avignon": 0}
    assert all(line["rule"]["quote"] == SCORED
               for p in sheet["players"] for line in p["breakdown"])
    assert sheet["winners"] == [] and sheet["decided_by"]["rule"]["quote"].startswith(THREE_WINS)


def test_calculator_page_scores_the_scribe_win(client):
    """The /score/avignon form offers the Scribe's field and names the winner with its rule."""
    query = ("calculate=1&congregations.rome%23Vicar=1&congregations.rome%23Nuncio=1"
             "&congregations.avignon%23Ascetic=1&scribe_in_genoa_at_start_of=rome")
    page = client.get(f"/score/avignon?{query}").get_data(as_text=True)
    assert 'name="scribe_in_genoa_at_start_of"' in page
    assert "if Scribe is in GENOA and you have two in your Congregation, WIN." in page


def test_a_scribe_drawn_into_genoa_as_a_replacement_wins_for_the_next_player(client):
    """A scored card's replacement goes "in the same row as the removed card, equal to Genoa": Rome
    pulls the Courtesan past Rome with her second action and draws a Scribe; Avignon's turn starts
    with the Scribe in Genoa and two cards in Avignon's Congregation — Avignon wins."""
    table = start(client, [("Courtesan", "rome")] + NO_SCRIBE, actions_taken=["chastise"],
                  congregations={"rome": [], "avignon": ["Vicar", "Nuncio"]})
    table.accepted(ev("beseech", path=1))
    assert table.view()["over"] is False
    table.accepted(ev("draw", "rome", character="Scribe"))
    view = table.view()
    assert view["over"] is True and view["scores"]["winners"] == ["avignon"]
    assert view["scores"]["decided_by"]["rule"]["quote"] == SCRIBE_WIN
