"""Second independent audit of the Avignon: Pilgrimage referee (session 6), written from the rulebook
(rulebook_index/data/avignon.txt) and the API's own description (GET /api/games/avignon) only, as a
held-out scenario writer would, for the situations the first audit (tests/test_avignon_audit.py)
did not play: Rome's side of every direction, each character's exceptions at the map's ends, the
out-of-turn and after-the-end refusals, the draws, both Samaritan readings' edges, the Scribe for
Avignon, and the score calculator.

Map order (Setup): Avignon, Nice, Genoa, Florence, Rome. A PULL moves a card toward the actor, a
PUSH toward the opponent; a card moved past Rome or Avignon joins the Congregation of the player it
was moving towards.
"""

import pytest

from tests.api_table import ApiTable
from tests.test_avignon_audit import (
    BOOK,
    CANONIST_OTHER,
    COURTESAN,
    GENOA,
    PLAYERS,
    SAMARITAN,
    SCRIBE,
    SIMULTANEOUS,
    THREE_WINS,
    TWO_ACTIONS,
    board,
    ev,
    in_book,
    refused,
    start,
    state,
)

ROME_FIRST = in_book("The Roman player goes first.")
ALTERNATE = in_book("Play then alternates between the players.")
EXCOMMUNICATE = in_book("Draw a new character and place it in the exact position the removed card "
                        "occupied.")
REPLACE = in_book("That player then draws a new character and places it in the same row as the "
                  "removed card, equal to Genoa.")
COPIES = in_book("Use both copies of the chosen characters to form a 12 card deck.")
PETITION_IN_PLAY = in_book("PETITION: Use the unique PETITION ability of one character in play.")
VICAR = in_book("PUSH Bishop twice, then EXCOMMUNICATE any other character, then PULL the new "
                "character.")
SCRIBE_WIN = in_book("At the start of your turn, if Scribe is in GENOA and you have two in your "
                     "Congregation, WIN.")
ASCETIC_END = in_book("If you end your turn with Ascetic in AVIGNON or ROME, move him one space "
                      "closer to GENOA.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def genoa(*names):
    return [(name, "genoa") for name in names]


def quotes(error: dict) -> list:
    return [rule["quote"] for rule in error.get("rules", [error["rule"]])]


def draw(table: ApiTable, *characters):
    """Enter the replacement draws the table is waiting for, in order."""
    for character in characters:
        pending = state(table)["pending"]["draw"]
        table.accepted(ev("draw", pending["by"], character=character))
    assert not state(table).get("pending")


# -- setup and the turn sequence ------------------------------------------------------------------


def test_setup_five_face_up_in_genoa_and_seven_left_in_the_deck(client):
    """"Shuffle the Character Cards. Draw five cards and place them face up in a row extending
    outwards from Genoa. Place the remaining cards face-down in a deck" — 12 cards, 2 of each."""
    table = start(client)
    assert board(table) == GENOA
    deck = state(table)["deck"]
    assert sum(deck.values()) == 7
    assert deck["Vicar"] == 1 and deck["Courtesan"] == 2


def test_a_setup_with_three_copies_of_a_character_is_bad_input(client):
    """"Use both copies of the chosen characters to form a 12 card deck." — a third Vicar cannot be
    on the table: a 4xx naming the problem, no game created."""
    response = client.post("/api/sessions", json={
        "game": "avignon", "players": PLAYERS,
        "position": {"face_up": ["Vicar", "Vicar", "Vicar", "Ascetic", "Canonist"]}})
    assert 400 <= response.status_code < 500, response.get_json()
    assert "Vicar" in response.get_json()["error"]["message"]


def test_avignon_acting_first_is_refused_the_roman_player_goes_first(client):
    """"One player will play as Rome and the other as Avignon. The Roman player goes first." """
    table = start(client)
    refused(table, ev("beseech", "avignon", path=1), ROME_FIRST)
    assert table.view()["current_players"] == ["rome"]


def test_rome_pull_moves_toward_rome_and_push_toward_avignon(client):
    """PULL: "moves it the distance of one Map Card toward themselves"; PUSH: "toward his or her
    opponent" — for Rome, Genoa → Florence and Genoa → Nice."""
    table = start(client, GENOA)
    table.accepted(ev("beseech", path=1))
    table.accepted(ev("chastise", path=2))
    assert board(table)[:2] == [("Vicar", "florence"), ("Scribe", "nice")]
    assert table.view()["current_players"] == ["avignon"]


def test_petition_twice_in_one_turn_is_refused_even_for_two_characters(client):
    """"the same action may not be taken twice" — a PETITION of the Scribe after a PETITION of the
    Nuncio is the same action taken twice."""
    table = start(client, GENOA)
    table.accepted(ev("petition", path=3))
    refused(table, ev("petition", path=2, target=1, move="pull"), TWO_ACTIONS)


def test_excommunicate_twice_in_one_turn_is_refused(client):
    table = start(client, GENOA)
    table.accepted(ev("excommunicate", path=1))
    table.accepted(ev("draw", character="Courtesan"))
    refused(table, ev("excommunicate", path=2), TWO_ACTIONS)


def test_avignon_cutting_into_romes_turn_quotes_both_sentences(client):
    """Rome has taken one of her two actions: Avignon acting now breaks "each player takes exactly
    two of the actions" and "Play then alternates between the players." """
    table = start(client, GENOA)
    table.accepted(ev("beseech", path=1))
    error = refused(table, ev("chastise", "avignon", path=2), TWO_ACTIONS)
    assert ALTERNATE in quotes(error)


def test_a_third_action_is_refused(client):
    table = start(client, GENOA)
    table.accepted(ev("beseech", path=1))
    table.accepted(ev("chastise", path=2))
    error = refused(table, ev("excommunicate", "rome", path=3), TWO_ACTIONS)
    assert ALTERNATE in quotes(error)


def test_the_selfless_rule_holds_only_for_the_first_turn(client):
    """The first player takes a single action on the game's first turn only: her second turn is
    two actions."""
    table = start(client)
    table.accepted(ev("beseech", path=1))
    table.accepted(ev("beseech", "avignon", path=2))
    table.accepted(ev("chastise", "avignon", path=3))
    table.accepted(ev("chastise", path=4))
    assert table.view()["current_players"] == ["rome"]
    table.accepted(ev("beseech", path=5))
    assert table.view()["current_players"] == ["avignon"]


# -- draws ----------------------------------------------------------------------------------------


def test_no_action_until_the_excommunicated_card_is_replaced(client):
    """"Draw a new character and place it in the exact position the removed card occupied." — an
    action before that draw is refused with the sentence."""
    table = start(client, GENOA)
    table.accepted(ev("excommunicate", path=4))
    refused(table, ev("beseech", path=1), EXCOMMUNICATE)
    table.accepted(ev("draw", character="Ascetic"))
    assert board(table)[3] == ("Ascetic", "genoa")
    assert state(table)["discard"] == ["Ascetic"]


def test_a_draw_when_none_is_due_is_refused(client):
    table = start(client, GENOA)
    error = refused(table, ev("draw", character="Courtesan"), "")
    assert any(EXCOMMUNICATE in q for q in quotes(error))
    assert any(REPLACE in q for q in quotes(error))


def test_a_third_courtesan_cannot_be_drawn(client):
    """Both Courtesans are in Congregations: the deck cannot hold one."""
    table = start(client, GENOA, congregations={"rome": ["Courtesan"], "avignon": ["Courtesan"]})
    table.accepted(ev("excommunicate", path=1))
    refused(table, ev("draw", character="Courtesan"), COPIES)
    table.accepted(ev("draw", character="Canonist"))


def test_rome_pulls_a_card_past_rome_into_her_own_congregation(client):
    """"If any action causes a card to move past either the Rome or the Avignon card, it is placed
    face up in front of the player it was moving towards." — Rome's BESEECH of a card in Rome."""
    cells = [("Courtesan", "rome")] + GENOA[1:]
    table = start(client, cells)
    table.accepted(ev("beseech", path=1))
    assert state(table)["congregations"] == {"rome": ["Courtesan"], "avignon": []}
    table.accepted(ev("draw", character="Nuncio"))
    assert board(table)[0] == ("Nuncio", "genoa")


def test_rome_pushes_a_card_past_avignon_into_avignons_congregation(client):
    cells = [("Courtesan", "avignon")] + GENOA[1:]
    table = start(client, cells)
    table.accepted(ev("chastise", path=1))
    assert state(table)["congregations"] == {"rome": [], "avignon": ["Courtesan"]}


def test_a_card_moved_to_rome_but_not_past_it_stays_on_the_map(client):
    cells = [("Courtesan", "florence")] + GENOA[1:]
    table = start(client, cells)
    table.accepted(ev("beseech", path=1))
    assert board(table)[0] == ("Courtesan", "rome")
    assert state(table)["congregations"]["rome"] == []


# -- the end of the game --------------------------------------------------------------------------


NO_SCRIBE = genoa("Vicar", "Nuncio", "Ascetic", "Canonist")


def test_a_position_at_the_start_of_romes_turn_with_the_scribe_win_is_already_over(client):
    """"At the start of your turn, if Scribe is in GENOA and you have two in your Congregation,
    WIN." — a table entered at the start of Rome's turn, the Scribe in Genoa, two cards: Rome has
    won, and an action is refused with that sentence."""
    table = start(client, GENOA, congregations={"rome": ["Vicar", "Nuncio"], "avignon": []})
    assert table.view()["scores"]["winners"] == ["rome"]
    refused(table, ev("beseech", path=1), SCRIBE_WIN)


def test_rome_pulling_her_own_third_card_wins_and_no_draw_is_asked(client):
    """"The game ends when one player has three cards in his or her Congregation. That player wins
    the game." """
    cells = [("Courtesan", "rome")] + NO_SCRIBE
    table = start(client, cells, congregations={"rome": ["Vicar", "Nuncio"], "avignon": []})
    table.accepted(ev("beseech", path=1))
    view = table.view()
    assert view["over"] is True and view["scores"]["winners"] == ["rome"]
    assert THREE_WINS in view["scores"]["decided_by"]["rule"]["quote"]


def test_after_the_end_every_action_is_refused_with_the_rule_that_ended_it(client):
    cells = [("Courtesan", "rome")] + NO_SCRIBE
    table = start(client, cells, congregations={"rome": ["Vicar", "Nuncio"], "avignon": []})
    table.accepted(ev("beseech", path=1))
    for event in (ev("chastise", path=2), ev("beseech", "avignon", path=2), ev("end_turn")):
        refused(table, event, THREE_WINS)


def test_two_cards_is_not_yet_a_win(client):
    cells = [("Courtesan", "rome")] + GENOA[1:]
    table = start(client, cells, congregations={"rome": ["Vicar"], "avignon": []})
    table.accepted(ev("beseech", path=1))
    assert table.view()["over"] is False


def test_the_scribe_wins_for_avignon_at_the_start_of_avignons_turn(client):
    """"At the start of your turn, if Scribe is in GENOA and you have two in your Congregation,
    WIN." — Avignon, with two cards, when Rome's turn ends with a Scribe in Genoa."""
    table = start(client, GENOA, actions_taken=["beseech"],
                  congregations={"rome": [], "avignon": ["Courtesan", "Nuncio"]})
    table.accepted(ev("chastise", path=5))
    view = table.view()
    assert view["over"] is True and view["scores"]["winners"] == ["avignon"]
    assert SCRIBE_WIN in view["scores"]["decided_by"]["rule"]["quote"]


def test_the_scribe_win_needs_two_not_one(client):
    table = start(client, GENOA, actions_taken=["beseech"],
                  congregations={"rome": [], "avignon": ["Courtesan"]})
    table.accepted(ev("chastise", path=5))
    assert table.view()["over"] is False


def test_a_scribe_in_a_congregation_is_not_in_genoa(client):
    """The Scribe win needs a Scribe in GENOA: the one in Avignon's Congregation is out of play."""
    cells = genoa("Vicar", "Canonist", "Nuncio", "Ascetic") + [("Scribe", "nice")]
    table = start(client, cells, actions_taken=["beseech"],
                  congregations={"rome": [], "avignon": ["Scribe", "Nuncio"]})
    table.accepted(ev("chastise", path=1))
    assert table.view()["over"] is False


def test_the_second_scribe_copy_in_genoa_also_wins(client):
    """"if Scribe is in GENOA" — either copy (the factions sentence: a name refers to any card)."""
    cells = [("Scribe", "nice"), ("Scribe", "genoa")] + genoa("Nuncio", "Ascetic", "Canonist")
    table = start(client, cells, actions_taken=["beseech"],
                  congregations={"rome": [], "avignon": ["Courtesan", "Vicar"]})
    table.accepted(ev("chastise", path=5))
    assert table.view()["scores"]["winners"] == ["avignon"]


# -- characters -----------------------------------------------------------------------------------


def test_vicar_pushed_past_avignon_by_its_own_petition_is_scored_and_the_petition_goes_on(client):
    """"PUSH Bishop twice, then EXCOMMUNICATE any other character, then PULL the new character." —
    Rome's Vicar in Nice: the first push takes it to Avignon, the second past Avignon (Avignon's
    Congregation); the excommunication and the pull still happen."""
    cells = [("Vicar", "nice")] + GENOA[1:]
    table = start(client, cells)
    table.accepted(ev("petition", path=1, bishops=[1, 1], excommunicate=3))
    assert state(table)["congregations"]["avignon"] == ["Vicar"]
    draw(table, "Courtesan", "Courtesan")  # the Vicar's replacement, then the Nuncio's
    assert board(table)[0] == ("Courtesan", "genoa")
    assert state(table)["discard"] == ["Nuncio"]
    assert board(table)[2] == ("Courtesan", "florence")  # the new character, pulled toward Rome


def test_vicar_pushes_both_bishops_once_each(client):
    """"PUSH Bishop twice" with both Vicars on the map: each pushed once (Avignon pushes toward
    Rome)."""
    cells = [("Vicar", "genoa"), ("Vicar", "nice")] + genoa("Scribe", "Nuncio", "Ascetic")
    table = start(client, cells, turn="avignon")
    table.accepted(ev("petition", "avignon", path=1, bishops=[1, 2], excommunicate=3))
    table.accepted(ev("draw", "avignon", character="Canonist"))
    assert board(table)[:3] == [("Vicar", "florence"), ("Vicar", "genoa"), ("Canonist", "nice")]


def test_vicar_pushing_a_non_bishop_is_refused(client):
    table = start(client, GENOA)
    refused(table, ev("petition", path=1, bishops=[1, 3], excommunicate=2), VICAR)


def test_nuncio_at_avignon_pushed_past_it_by_rome_pulls_nothing_by_default(client):
    """"PUSH Nuncio, then PULL all characters in the same location as Nuncio." — Rome pushes her
    Nuncio from Avignon past Avignon; it is out of play, so nothing is in its location (ruling
    after_leaving_play, default)."""
    cells = [("Vicar", "avignon"), ("Scribe", "genoa"), ("Nuncio", "avignon"), ("Ascetic", "genoa"),
             ("Canonist", "genoa")]
    table = start(client, cells)
    table.accepted(ev("petition", path=3))
    assert state(table)["congregations"]["avignon"] == ["Nuncio"]
    draw(table, "Courtesan")
    assert board(table)[2] == ("Courtesan", "genoa")
    assert board(table)[0] == ("Vicar", "avignon")


def test_nuncio_last_position_ruling_pulls_its_old_location(client):
    cells = [("Vicar", "avignon"), ("Scribe", "genoa"), ("Nuncio", "avignon"), ("Ascetic", "genoa"),
             ("Canonist", "genoa")]
    table = start(client, cells, options={"after_leaving_play": "last_position"})
    table.accepted(ev("petition", path=3))
    draw(table, "Courtesan")
    assert board(table)[0] == ("Vicar", "nice")


def test_nuncio_does_not_pull_itself_under_the_other_ruling(client):
    cells = [("Vicar", "nice")] + genoa("Scribe", "Nuncio", "Ascetic", "Canonist")
    table = start(client, cells, options={"nuncio_pulls_itself": False})
    table.accepted(ev("petition", path=3))
    assert board(table)[:3] == [("Vicar", "genoa"), ("Scribe", "genoa"), ("Nuncio", "nice")]


def test_canonist_switch_then_push_past_the_end_scores(client):
    """"Switch the positions of two other characters. PUSH one of them, then PULL the other." —
    after the switch the Vicar is in Avignon; Rome pushes it past Avignon."""
    cells = [("Vicar", "florence"), ("Scribe", "avignon")] + genoa("Nuncio", "Ascetic", "Canonist")
    table = start(client, cells)
    table.accepted(ev("petition", path=5, switch=[1, 2], push=2))
    assert state(table)["congregations"]["avignon"] == ["Vicar"]
    draw(table, "Courtesan")  # the ability goes on once the scored card is replaced
    assert board(table)[0] == ("Scribe", "rome")


def test_canonist_cannot_switch_a_card_with_itself(client):
    table = start(client, GENOA)
    refused(table, ev("petition", path=5, switch=[1, 1], push=1), CANONIST_OTHER)


def test_courtesan_for_avignon_pulls_a_card_closer_to_rome(client):
    """"PULL a character that is closer to your RIVAL than Courtesan." — Avignon's rival is Rome:
    a card in Florence is closer to Rome than a Genoa Courtesan; one in Nice is not."""
    cells = [("Courtesan", "genoa"), ("Scribe", "florence"), ("Nuncio", "nice")] + \
        genoa("Ascetic", "Canonist")
    table = start(client, cells, turn="avignon")
    refused(table, ev("petition", "avignon", path=1, target=3), COURTESAN)
    table.accepted(ev("petition", "avignon", path=1, target=2))
    assert board(table)[1] == ("Scribe", "genoa")


def test_courtesan_cannot_pull_itself(client):
    cells = [("Courtesan", "genoa")] + GENOA[1:]
    table = start(client, cells)
    refused(table, ev("petition", path=1, target=1), COURTESAN)


def test_ascetic_petition_moves_both_ascetics_toward_its_user(client):
    """"RIVAL PUSH any and all characters that share a faction with it." — the rival pushes, so the
    Peasants move toward Rome, who used it (ruling ascetic_rival_push, default), the Ascetic too
    (ascetic_moves_itself, default)."""
    cells = [("Ascetic", "genoa"), ("Ascetic", "nice")] + genoa("Vicar", "Scribe", "Nuncio")
    table = start(client, cells)
    table.accepted(ev("petition", path=1))
    assert board(table)[:2] == [("Ascetic", "florence"), ("Ascetic", "genoa")]


def test_ascetic_toward_rival_ruling_moves_them_away(client):
    cells = [("Ascetic", "genoa"), ("Ascetic", "nice")] + genoa("Vicar", "Scribe", "Nuncio")
    table = start(client, cells, options={"ascetic_rival_push": "toward_rival"})
    table.accepted(ev("petition", path=1))
    assert board(table)[:2] == [("Ascetic", "nice"), ("Ascetic", "avignon")]


def test_ascetic_in_avignon_at_the_end_of_romes_turn_moves_to_nice(client):
    """"If you end your turn with Ascetic in AVIGNON or ROME, move him one space closer to GENOA."
    — the Avignon end (default either_end ruling)."""
    cells = [("Ascetic", "nice")] + GENOA[1:]
    table = start(client, cells, actions_taken=["beseech"])
    table.accepted(ev("chastise", path=1))
    assert board(table)[0] == ("Ascetic", "nice")


def test_ascetic_own_end_ruling_leaves_the_far_ascetic(client):
    cells = [("Ascetic", "nice")] + GENOA[1:]
    table = start(client, cells, actions_taken=["beseech"], options={"ascetic_end_move": "own_end"})
    table.accepted(ev("chastise", path=1))
    assert board(table)[0] == ("Ascetic", "avignon")


def test_ascetic_moves_back_after_the_first_turns_single_action(client):
    """The first turn is a single action: it ends there. (This scenario once began the first turn
    with the Ascetic in Florence, so that Rome's one BESEECH took it to Rome and the end of the
    turn moved it back; a first turn starts from the setup's five cards in Genoa, so that position
    is refused since audit 4, and no single action can take an Ascetic from Genoa to an end.)"""
    cells = [("Ascetic", "florence")] + GENOA[1:]
    board_cells = [{"path": p, "character": c, "location": loc}
                   for p, (c, loc) in enumerate(cells, start=1)]
    response = client.post("/api/sessions", json={
        "game": "avignon", "players": PLAYERS,
        "position": {"board": board_cells, "turn": "rome", "first_turn": True}})
    assert response.status_code == 400
    assert response.get_json()["error"]["field"] == "position.board"
    table = start(client, [("Ascetic", "genoa")] + GENOA[1:], first_turn=True)
    table.accepted(ev("beseech", path=1))
    assert board(table)[0] == ("Ascetic", "florence")
    assert table.view()["current_players"] == ["avignon"]


def test_scribe_on_path_one_has_only_path_two_adjacent(client):
    """"PUSH Scribe, then PUSH or PULL any in a path adjacent to Scribe." — path 1's only adjacent
    path is 2."""
    cells = [("Scribe", "genoa")] + genoa("Vicar", "Nuncio", "Ascetic", "Canonist")
    table = start(client, cells)
    refused(table, ev("petition", path=1, target=5, move="push"), SCRIBE)
    table.accepted(ev("petition", path=1, target=2, move="push"))
    assert board(table)[:2] == [("Scribe", "nice"), ("Vicar", "nice")]


def test_petition_of_a_discarded_character_is_refused(client):
    """"PETITION: Use the unique PETITION ability of one character in play." — both Courtesans are
    in the discard pile."""
    table = start(client, GENOA, discard=["Courtesan", "Courtesan"])
    refused(table, ev("petition", card={"character": "Courtesan"}, target=1), PETITION_IN_PLAY)


# -- the Samaritan Rule ---------------------------------------------------------------------------


def test_samaritan_reversal_of_a_two_action_turn_is_refused_at_the_second_action(client):
    """Rome pulled path 1 and pushed path 2; Avignon pulling path 1 back and pushing path 2 back
    completely reverses it."""
    table = start(client, GENOA, first_turn=False)
    table.accepted(ev("beseech", path=1))
    table.accepted(ev("chastise", path=2))
    table.accepted(ev("beseech", "avignon", path=1))
    refused(table, ev("chastise", "avignon", path=2), SAMARITAN)
    table.accepted(ev("chastise", "avignon", path=3))


def test_samaritan_does_not_apply_after_an_excommunication(client):
    """An excommunication cannot be reversed by moves: the board differs, so a turn moving the
    other cards back is allowed."""
    table = start(client, GENOA)
    table.accepted(ev("excommunicate", path=1))
    table.accepted(ev("draw", character="Courtesan"))
    table.accepted(ev("beseech", path=2))
    table.accepted(ev("beseech", "avignon", path=2))
    table.accepted(ev("chastise", "avignon", path=3))


# -- the score calculator -------------------------------------------------------------------------


def test_score_calculator_three_cards_win(client):
    body = {"congregations": {"rome": ["Vicar", "Scribe", "Nuncio"], "avignon": ["Ascetic"]}}
    sheet = client.post("/api/score/avignon", json=body).get_json()
    assert sheet["winners"] == ["rome"]
    assert THREE_WINS in sheet["decided_by"]["rule"]["quote"]


def test_score_calculator_both_three_needs_the_last_actor(client):
    body = {"congregations": {"rome": ["Vicar", "Scribe", "Nuncio"],
                              "avignon": ["Ascetic", "Canonist", "Courtesan"]}}
    response = client.post("/api/score/avignon", json=body)
    assert response.status_code == 400
    assert "last_actor" in str(response.get_json())
    sheet = client.post("/api/score/avignon", json={**body, "last_actor": "avignon"}).get_json()
    assert sheet["winners"] == ["avignon"]
    assert sheet["decided_by"]["rule"]["quote"] == SIMULTANEOUS


def test_score_calculator_refuses_three_copies(client):
    body = {"congregations": {"rome": ["Vicar", "Vicar"], "avignon": ["Vicar"]}}
    response = client.post("/api/score/avignon", json=body)
    assert response.status_code == 400 and "Vicar" in str(response.get_json())


def test_score_calculator_no_winner_yet(client):
    body = {"congregations": {"rome": ["Vicar", "Scribe"], "avignon": ["Ascetic"]}}
    sheet = client.post("/api/score/avignon", json=body).get_json()
    assert sheet["winners"] == []


def test_vicar_pulls_the_new_character_past_rome(client):
    """"then EXCOMMUNICATE any other character, then PULL the new character." — the excommunicated
    card stood in Rome: its replacement, drawn into Rome, is pulled past Rome into Rome's
    Congregation and itself replaced in Genoa."""
    cells = [("Vicar", "genoa"), ("Scribe", "rome")] + genoa("Nuncio", "Ascetic", "Canonist")
    table = start(client, cells)
    table.accepted(ev("petition", path=1, bishops=[1, 1], excommunicate=2))
    draw(table, "Courtesan", "Courtesan")
    assert state(table)["congregations"]["rome"] == ["Courtesan"]
    assert board(table)[:2] == [("Vicar", "avignon"), ("Courtesan", "genoa")]
    assert state(table)["discard"] == ["Scribe"]


def test_scribe_pushed_out_of_play_has_no_adjacent_path(client):
    """"PUSH Scribe, then PUSH or PULL any in a path adjacent to Scribe." — Rome's Scribe in Avignon
    is pushed past Avignon: out of play, no path is adjacent to it (after_leaving_play, default),
    so a target is refused and the petition without one is accepted."""
    cells = [("Scribe", "avignon")] + NO_SCRIBE
    table = start(client, cells)
    response = table.send(ev("petition", path=1, target=2, move="pull"))
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in BOOK
    table.accepted(ev("petition", path=1))
    assert state(table)["congregations"]["avignon"] == ["Scribe"]


def test_ascetic_petition_can_score_an_ascetic_for_its_user(client):
    """The rival pushes the Peasants toward Rome (default ruling): an Ascetic in Rome moves past
    Rome into Rome's Congregation. (Mid-turn: Rome's BESEECH brought him to Rome; at the start of
    a turn he would have stepped back toward Genoa.)"""
    cells = [("Ascetic", "rome")] + NO_SCRIBE
    table = start(client, cells, actions_taken=["beseech"])
    table.accepted(ev("petition", path=1))
    assert state(table)["congregations"]["rome"] == ["Ascetic"]


def test_win_timing_immediately_the_first_third_card_wins(client):
    """The other reading of win_timing: the game ends the moment a third card arrives. Avignon's
    Canonist pushes the Scribe past Rome first (Rome's third card): Rome wins, though the pull
    would have given Avignon its third."""
    cells = [("Vicar", "rome"), ("Scribe", "avignon")] + genoa("Nuncio", "Ascetic", "Canonist")
    table = start(client, cells, turn="avignon", options={"win_timing": "immediately"},
                  congregations={"rome": ["Courtesan", "Nuncio"],
                                 "avignon": ["Courtesan", "Ascetic"]})
    table.accepted(ev("petition", "avignon", path=5, switch=[1, 2], push=1))
    view = table.view()
    assert view["over"] is True and view["scores"]["winners"] == ["rome"]
    assert len(view["state"]["congregations"]["avignon"]) == 2


def test_romes_first_turn_excommunication_ends_with_its_draw(client):
    """The Selfless Rule's single action may be an EXCOMMUNICATE: the turn ends once its
    replacement is drawn, and Avignon plays."""
    table = start(client)
    table.accepted(ev("excommunicate", path=2))
    assert table.view()["phase"] == "draw"  # whoever holds the deck enters the card
    table.accepted(ev("draw", character="Courtesan"))
    assert table.view()["current_players"] == ["avignon"]
    assert board(table)[1] == ("Courtesan", "genoa")


@pytest.mark.parametrize("reading, refused_at_the_end", [("whole_turn", False),
                                                         ("undoes_previous", True)])
def test_samaritan_undoing_the_single_first_action_and_doing_more(client, reading,
                                                                  refused_at_the_end):
    """Rome's first turn pulled path 1; Avignon pulls it back AND pushes path 2. "Partial reversals
    are allowed." — the literal reading (whole_turn) allows it, the table ruling undoes_previous
    refuses it at the action that ends the turn, quoting the Samaritan Rule."""
    table = start(client, options={"samaritan_reversal": reading})
    table.accepted(ev("beseech", path=1))
    table.accepted(ev("beseech", "avignon", path=1))
    if refused_at_the_end:
        refused(table, ev("chastise", "avignon", path=2), SAMARITAN)
    else:
        table.accepted(ev("chastise", "avignon", path=2))
        assert board(table)[:2] == [("Vicar", "genoa"), ("Scribe", "florence")]


def test_samaritan_board_and_piles_an_excommunicated_card_cannot_be_put_back(client):
    """Under samaritan_compares board_and_piles, Rome's turn that excommunicated a card can never be
    completely reversed; under the default (board), a turn that puts the same character (the other
    copy) back in the same place by an excommunication, and the moved card back, is a complete
    reversal."""
    cells = [("Canonist", "genoa"), ("Vicar", "nice")] + genoa("Scribe", "Nuncio", "Ascetic")
    for compares, allowed in (("board", False), ("board_and_piles", True)):
        table = start(client, cells, options={"samaritan_compares": compares})
        table.accepted(ev("excommunicate", path=1))       # the Canonist to the discard pile
        table.accepted(ev("draw", character="Courtesan"))
        table.accepted(ev("beseech", path=3))              # Scribe to Florence
        table.accepted(ev("excommunicate", "avignon", path=1))
        table.accepted(ev("draw", "avignon", character="Canonist"))  # the other copy
        event = ev("beseech", "avignon", path=3)           # Scribe back to Genoa
        if allowed:
            table.accepted(event)
        else:
            refused(table, event, SAMARITAN)
