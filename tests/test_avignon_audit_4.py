"""Fourth independent audit of the Avignon: Pilgrimage referee (session 9), written from the rulebook
and the API's own description (GET /api/games/avignon) for what the three earlier rounds did not
play: "what can be done next" (`legal`) at a dozen points of a game, each listed move accepted and
each move the book allows listed; the sentence each new refusal quotes; what each seat and a watcher
read; a whole game from the shuffle to its end against the calculator; the first turn as the setup
leaves it.

Map order (Setup): Avignon, Nice, Genoa, Florence, Rome. A PULL moves a card toward the actor, a
PUSH toward the opponent; a card moved past Rome or Avignon joins the Congregation of the player it
was moving towards.
"""

import pytest

from referee import referees
from tests.api_table import ApiTable, calculated
from tests.test_avignon_audit import (
    COURTESAN,
    GENOA,
    OUT_OF_PLAY,
    PLAYERS,
    SAMARITAN,
    SCRIBE,
    THREE_WINS,
    board,
    ev,
    in_book,
    refused,
    start,
    state,
)
from tests.test_avignon_audit_3 import CANONIST, draw

TWO = in_book("On his or her turn, each player takes exactly two of the actions listed below, and "
              "the same action may not be taken twice.")
SELFLESS = in_book("The player who has the first turn of the game takes only a single action.")
EXCOMMUNICATE = in_book("EXCOMMUNICATE: Choose a character and place it in the discard pile. Draw a "
                        "new character and place it in the exact position the removed card "
                        "occupied.")
REPLACE = in_book("That player then draws a new character and places it in the same row as the "
                  "removed card, equal to Genoa.")
SHUFFLE = in_book("If the deck is empty, shuffle all discarded cards to form a new deck.")
COPIES = in_book("Use both copies of the chosen characters to form a 12 card deck.")
ASCETIC = in_book("PETITION: RIVAL PUSH any and all characters that share a faction with it.")
CHARACTERS = ("Vicar", "Nuncio", "Canonist", "Courtesan", "Ascetic", "Scribe")
ACTIONS = {"beseech", "chastise", "excommunicate", "petition"}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def legal(table):
    return table.view()["legal"]


def kinds(events):
    return {e["type"] for e in events}


def quotes(error):
    return [rule["quote"] for rule in error.get("rules") or [error["rule"]]]


def left_in_deck(view):
    """What can still be drawn, from what the table shows: two of each character, less the copies on
    the map, in the discard pile and in the Congregations."""
    G = view["state"]
    seen = [row["character"] for row in G["board"] if row["character"]] + G["discard"]
    seen += G["congregations"]["rome"] + G["congregations"]["avignon"]
    return {name for name in CHARACTERS if seen.count(name) < 2}


# -- (a) what can be done next, point by point ------------------------------------------------------


def test_legal_on_the_first_turn_is_romes_single_action_of_each_kind(client):
    """Setup and Turn Sequence: "The Roman player goes first." and "The player who has the first turn
    of the game takes only a single action." — at the start every listed move is Rome's: BESEECH,
    CHASTISE and EXCOMMUNICATE of each of the five characters, and a PETITION of each (the Vicar
    never excommunicating itself, the Scribe an adjacent path only); no draw, no end of turn. One of
    each kind and each Petition, entered, is accepted and ends Rome's turn."""
    table = start(client)
    events = legal(table)
    assert {e["player"] for e in events} == {"rome"}
    assert kinds(events) == ACTIONS
    for kind in ("beseech", "chastise", "excommunicate"):
        assert sorted(e["path"] for e in events if e["type"] == kind) == [1, 2, 3, 4, 5]
    petitions = [e for e in events if e["type"] == "petition"]
    assert sorted({e["path"] for e in petitions}) == [1, 2, 3, 4, 5]
    assert sorted(e["excommunicate"] for e in petitions if e["path"] == 1) == [2, 3, 4, 5]
    assert {e["target"] for e in petitions if e["path"] == 2} == {1, 3}
    chosen = [next(e for e in events if e["type"] == kind) for kind in ("beseech", "chastise")]
    chosen += [next(e for e in petitions if e["path"] == p) for p in (1, 2, 3, 4, 5)]
    for event in chosen:
        trial = start(client)
        trial.accepted(event)
        if trial.view()["phase"] == "draw":  # the Vicar's excommunication
            draw(trial, "Courtesan")
        assert trial.view()["current_players"] == ["avignon"], event


def test_legal_after_romes_single_first_action_is_avignons_two_actions(client):
    """"Play then alternates between the players." — after Rome's one action every listed move is
    Avignon's, of all four kinds (nothing is taken yet this turn)."""
    table = start(client)
    table.accepted(ev("excommunicate", path=3))
    assert {e["player"] for e in legal(table)} == {"rome"}  # the draw is Rome's
    draw(table, "Courtesan")
    events = legal(table)
    assert {e["player"] for e in events} == {"avignon"}
    assert kinds(events) == ACTIONS


def test_legal_after_a_turns_first_action_leaves_out_that_action(client):
    """"…the same action may not be taken twice." — after Avignon's BESEECH no BESEECH is listed;
    CHASTISE and EXCOMMUNICATE of every path and the Petitions are; a listed CHASTISE ends the turn."""
    table = start(client, GENOA, turn="avignon")
    table.accepted(ev("beseech", "avignon", path=2))
    events = legal(table)
    assert kinds(events) == ACTIONS - {"beseech"}
    for kind in ("chastise", "excommunicate"):
        assert sorted(e["path"] for e in events if e["type"] == kind) == [1, 2, 3, 4, 5]
    table.accepted(next(e for e in events if e["type"] == "chastise" and e["path"] == 4))
    assert table.view()["current_players"] == ["rome"]


def test_legal_in_the_draw_phase_is_the_excommunicators_draw_of_each_card_left(client):
    """"Draw a new character and place it in the exact position the removed card occupied." — while
    the card is awaited, the only moves listed are that player's draws, one per character the deck
    can still hold (worked out from the map, the discard pile and the Congregations); then Rome's
    second action is listed, without EXCOMMUNICATE."""
    table = start(client, GENOA, congregations={"rome": ["Courtesan"], "avignon": ["Vicar"]})
    table.accepted(ev("excommunicate", path=1))
    view = table.view()
    assert view["phase"] == "draw"
    assert {e["type"] for e in view["legal"]} == {"draw"}
    assert {e["player"] for e in view["legal"]} == {"rome"}
    assert {e["character"] for e in view["legal"]} == left_in_deck(view)
    assert "Vicar" not in left_in_deck(view)  # one on the discard pile, one in a Congregation
    refused(table, ev("draw", character="Vicar"), SHUFFLE)
    draw(table, "Courtesan")
    assert board(table)[0] == ("Courtesan", "genoa")
    assert kinds(legal(table)) == ACTIONS - {"excommunicate"}


def test_legal_draws_after_a_card_scores_for_the_opponent_are_the_opponents(client):
    """"That player then draws a new character…" — Rome CHASTISEs the Nuncio past Avignon: the
    listed draws are Avignon's; Rome's second action is listed only after it."""
    cells = [("Vicar", "genoa"), ("Scribe", "genoa"), ("Nuncio", "avignon"), ("Ascetic", "genoa"),
             ("Canonist", "genoa")]
    table = start(client, cells)
    table.accepted(ev("chastise", path=3))
    view = table.view()
    assert view["state"]["congregations"]["avignon"] == ["Nuncio"]
    assert {(e["type"], e["player"]) for e in view["legal"]} == {("draw", "avignon")}
    refused(table, ev("draw", character="Courtesan"), REPLACE)
    table.accepted(ev("draw", "avignon", character="Courtesan"))
    events = legal(table)
    assert {e["player"] for e in events} == {"rome"}
    assert kinds(events) == ACTIONS - {"chastise"}


def test_legal_draws_from_an_empty_deck_are_the_reshuffled_discards(client):
    """"If the deck is empty, shuffle all discarded cards to form a new deck." — with nothing left in
    the deck, the card excommunicated now joins the discards that form the new deck: the listed
    draws are exactly those characters, and a Courtesan (both in Rome's Congregation) is refused
    with the two-copies sentence."""
    cells = [("Vicar", "genoa"), ("Scribe", "nice"), ("Nuncio", "nice"), ("Ascetic", "genoa"),
             ("Canonist", "rome")]
    table = start(client, cells, congregations={"rome": ["Courtesan", "Courtesan"],
                                                "avignon": ["Vicar", "Scribe"]},
                  discard=["Nuncio", "Ascetic", "Canonist"])
    assert sum(state(table)["deck"].values()) == 0
    table.accepted(ev("excommunicate", path=3))
    view = table.view()
    assert {e["character"] for e in view["legal"]} == {"Nuncio", "Ascetic", "Canonist"}
    assert view["state"]["discard"] == []
    refused(table, ev("draw", character="Courtesan"), COPIES)
    draw(table, "Nuncio")
    assert board(table)[2] == ("Nuncio", "nice")


def test_legal_between_two_replacement_draws_of_one_petition(client):
    """The Ascetic's Petition RIVAL PUSHes both Ascetics (in Rome) toward Rome: each joins Rome's
    Congregation in turn, and Rome draws each replacement (the first before the second Ascetic
    moves); only Rome's draws are listed until both are made, then Rome's second action (no
    Petition). (Under `ascetic_end_move: own_end` both can lie in Rome at the start of Rome's
    turn: Avignon's end of turn moved neither.)"""
    cells = [("Ascetic", "rome"), ("Scribe", "nice"), ("Nuncio", "nice"), ("Ascetic", "rome"),
             ("Canonist", "genoa")]
    table = start(client, cells, options={"ascetic_end_move": "own_end"})
    table.accepted(ev("petition", path=4))
    for scored in (1, 2):
        view = table.view()
        assert view["state"]["congregations"]["rome"] == ["Ascetic"] * scored
        assert {(e["type"], e["player"]) for e in view["legal"]} == {("draw", "rome")}
        assert {e["character"] for e in view["legal"]} == left_in_deck(view)
        draw(table, "Vicar")
    assert [board(table)[0], board(table)[3]] == [("Vicar", "genoa"), ("Vicar", "genoa")]
    assert kinds(legal(table)) == ACTIONS - {"petition"}
    assert table.view()["current_players"] == ["rome"]


def test_legal_courtesan_targets_are_exactly_the_cards_closer_to_the_rival(client):
    """"PULL a character that is closer to your RIVAL than Courtesan." — Rome's Courtesan in
    Florence: the cards in Avignon, Nice and Genoa are listed, not the one in Rome; for Avignon
    the same Courtesan lists only the card in Rome."""
    cells = [("Courtesan", "florence"), ("Scribe", "avignon"), ("Nuncio", "nice"),
             ("Ascetic", "genoa"), ("Canonist", "rome")]
    rome = start(client, cells)
    assert sorted(e["target"] for e in legal(rome)
                  if e["type"] == "petition" and e["path"] == 1) == [2, 3, 4]
    refused(rome, ev("petition", path=1, target=5), COURTESAN)
    avignon = start(client, cells, turn="avignon")
    assert [e["target"] for e in legal(avignon)
            if e["type"] == "petition" and e["path"] == 1] == [5]
    avignon.accepted(ev("petition", "avignon", path=1, target=5))
    assert board(avignon)[4] == ("Canonist", "florence")


def test_legal_vicar_petitions_with_two_bishops(client):
    """"PUSH Bishop twice, then EXCOMMUNICATE any other character…" — with both Vicars on the map,
    each Vicar's listed Petitions push any Bishop twice (the same one or each once) and excommunicate
    any character but the petitioning Vicar: 4 × 4 for each."""
    cells = [("Vicar", "genoa"), ("Scribe", "genoa"), ("Vicar", "genoa"), ("Ascetic", "genoa"),
             ("Canonist", "genoa")]
    table = start(client, cells)
    vicar = [e for e in legal(table) if e["type"] == "petition" and e["path"] in (1, 3)]
    for path in (1, 3):
        mine = [(tuple(e["bishops"]), e["excommunicate"]) for e in vicar if e["path"] == path]
        assert sorted(mine) == sorted((pair, target)
                                      for pair in ((1, 1), (1, 3), (3, 1), (3, 3))
                                      for target in (1, 2, 3, 4, 5) if target != path)
    table.accepted(ev("petition", path=3, bishops=[1, 3], excommunicate=1))
    draw(table, "Nuncio")
    # both Vicars pushed to Nice; the new card took the excommunicated Vicar's place (Nice) and
    # was pulled back toward Rome
    assert board(table)[0] == ("Nuncio", "genoa") and board(table)[2] == ("Vicar", "nice")


def test_legal_for_a_scribe_pushed_out_of_play_is_its_petition_without_a_choice(client):
    """Rome's Scribe in Avignon: its PUSH takes it past Avignon, out of play ("Cards in a player's
    Congregation are considered to be out of play…"), so no path is adjacent to it (default
    `after_leaving_play: nothing`): the one listed Petition has no target, and it is accepted."""
    cells = [("Vicar", "genoa"), ("Scribe", "avignon"), ("Nuncio", "nice"), ("Ascetic", "genoa"),
             ("Canonist", "rome")]
    table = start(client, cells)
    assert [e for e in legal(table) if e["type"] == "petition" and e["path"] == 2] == [
        {"type": "petition", "player": "rome", "path": 2}]
    refused(table, ev("petition", path=2, target=1, move="pull"), OUT_OF_PLAY)
    table.accepted(ev("petition", path=2))
    assert state(table)["congregations"]["avignon"] == ["Scribe"]


@pytest.mark.parametrize("ascetic_step", ["after_the_step", "before_the_step"])
def test_legal_leaves_out_a_second_action_that_the_ascetics_step_makes_a_complete_reversal(
        client, ascetic_step):
    """The Samaritan Rule is judged "at the end of their turn", and the Ascetic moves "If you end your
    turn with Ascetic in AVIGNON or ROME": under samaritan_ascetic_step=after_the_step the referee
    compares the board after that step (under before_the_step, the default since session 19, the
    board the actions leave). Rome's turn left only the Vicar moved (Genoa → Florence). Avignon
    BESEECHes it back; a Petition of the Nuncio (to Florence and back) would leave the board as
    before Rome's turn: not listed, refused; one of the Ascetic (Nice → Avignon, then back to Nice
    at the turn's end) likewise after the step, and is a partial reversal before it; the
    Canonist's Petition is listed and accepted."""
    before = [("Vicar", "genoa"), ("Scribe", "genoa"), ("Nuncio", "genoa"), ("Ascetic", "nice"),
              ("Canonist", "genoa")]
    now = [("Vicar", "florence")] + before[1:]
    previous = {"player": "rome", "board_before": [
        {"path": p, "character": c, "location": loc} for p, (c, loc) in enumerate(before, 1)]}
    table = start(client, now, turn="avignon", previous_turn=previous,
                  options={"samaritan_ascetic_step": ascetic_step})
    table.accepted(ev("beseech", "avignon", path=1))
    petitions = {e["path"] for e in legal(table) if e["type"] == "petition"}
    refused(table, ev("petition", "avignon", path=3), SAMARITAN)
    if ascetic_step == "after_the_step":
        assert petitions == {1, 2, 5}
        refused(table, ev("petition", "avignon", path=4), SAMARITAN)
        table.accepted(ev("petition", "avignon", path=5, switch=[1, 2], push=1))
    else:
        assert petitions == {1, 2, 4, 5}
        table.accepted(ev("petition", "avignon", path=4))
        assert state(table)["board"][3] == {"path": 4, "character": "Ascetic", "location": "nice"}
    assert table.view()["current_players"] == ["rome"]


def test_legal_is_empty_once_the_game_is_over(client):
    """"The game ends when one player has three cards in his or her Congregation. That player wins
    the game." — after Rome's third card nothing is listed, nobody is to act, and any move quotes
    that sentence."""
    cells = [("Vicar", "rome"), ("Scribe", "nice"), ("Nuncio", "nice"), ("Ascetic", "genoa"),
             ("Canonist", "genoa")]
    table = start(client, cells, congregations={"rome": ["Courtesan", "Courtesan"], "avignon": []})
    table.accepted(ev("beseech", path=1))
    view = table.view()
    assert view["over"] and view["state"]["winner"] == "rome"
    assert view["legal"] == [] and view["current_players"] == []
    refused(table, ev("beseech", "avignon", path=2), THREE_WINS)


def test_legal_during_the_setup_draws_follows_the_copies_drawn(client):
    """Setup: "Draw five cards and place them face up in a row extending outwards from Genoa." —
    before the first turn the only listed moves are draws (two copies of each character); once both
    Vicars are drawn no Vicar is listed, and after the fifth card Rome's actions are."""
    table = ApiTable(client, {"game": "avignon", "players": PLAYERS})
    assert {e["character"] for e in legal(table)} == set(CHARACTERS)
    for name in ("Vicar", "Vicar", "Scribe"):
        table.accepted(ev("draw", character=name))
    assert {e["character"] for e in legal(table)} == set(CHARACTERS) - {"Vicar"}
    refused(table, ev("draw", character="Vicar"), COPIES)
    for name in ("Nuncio", "Courtesan"):
        table.accepted(ev("draw", character=name))
    assert kinds(legal(table)) == ACTIONS and {e["player"] for e in legal(table)} == {"rome"}


def _page_moves(client, table):
    import html
    import json
    import re
    page = client.get(f"/play/{table.id}").get_data(as_text=True)
    return [json.loads(html.unescape(value))
            for value in re.findall(r'name="event" value="([^"]+)"', page)]


def _same_move(event):
    """A Canonist's switch names the same two cards in either order."""
    return {**event, "switch": sorted(event["switch"])} if "switch" in event else event


def test_the_table_page_offers_exactly_the_listed_moves(client):
    """The table page's next-move list: on the first turn every button is a listed move and every
    listed move has a button (a Canonist switch once, in either order); while a card is awaited,
    exactly the listed draws."""
    table = start(client)
    client.get(f"/play/{table.id}/join?token={table.token}")
    as_key = lambda events: {repr(sorted(_same_move(e).items())) for e in events}  # noqa: E731
    assert as_key(_page_moves(client, table)) == as_key(legal(table))
    table.accepted(ev("excommunicate", path=3))
    assert as_key(_page_moves(client, table)) == as_key(legal(table))
    assert {e["type"] for e in _page_moves(client, table)} == {"draw"}


# -- (b) the sentence each refusal quotes ----------------------------------------------------------


def test_a_draw_entered_by_the_player_not_on_turn_quotes_when_a_card_is_drawn(client):
    """Avignon enters a draw during Rome's turn, when no card is awaited: what is wrong is the draw
    ("Draw a new character…" after an excommunication, "That player then draws…" after a scored
    card), not the turn order — the same two sentences a draw by Rome gets. (Was: "The Roman player
    goes first." on the first turn, "exactly two… / Play then alternates…" later.)"""
    for table in (start(client), start(client, GENOA)):
        error = refused(table, ev("draw", "avignon", character="Courtesan"), EXCOMMUNICATE)
        assert quotes(error) == [EXCOMMUNICATE, REPLACE]


def test_ending_the_first_turn_before_its_single_action_quotes_the_selfless_rule(client):
    """Rome enters end_turn before the first turn's one action: the Selfless Rule sets that turn's
    single action, so it is quoted first, then "exactly two" which it modifies. (Was: only "exactly
    two", which is not what the first turn asks.) A later turn quotes "exactly two" alone."""
    first = start(client)
    assert quotes(refused(first, ev("end_turn"), SELFLESS)) == [SELFLESS, TWO]
    later = start(client, GENOA)
    assert quotes(refused(later, ev("end_turn"), TWO)) == [TWO]


def test_the_canonist_pushing_a_card_it_did_not_switch_quotes_the_canonist(client):
    """"Switch the positions of two other characters. PUSH one of them, then PULL the other." — a
    `push` naming a third card breaks "one of them"."""
    table = start(client, GENOA)
    refused(table, ev("petition", path=5, switch=[1, 2], push=3), CANONIST)


def test_the_vicar_excommunicating_a_card_in_a_congregation_quotes_out_of_play(client):
    """The Vicar's EXCOMMUNICATE naming the Courtesan in Rome's Congregation: "Cards in a player's
    Congregation are considered to be out of play and cannot be affected by actions." """
    table = start(client, GENOA, congregations={"rome": ["Courtesan"], "avignon": []})
    refused(table, ev("petition", path=1, bishops=[1, 1],
                      excommunicate={"character": "Courtesan", "congregation": "rome"}), OUT_OF_PLAY)


def test_the_scribe_naming_its_own_path_quotes_the_scribe(client):
    """"…then PUSH or PULL any in a path adjacent to Scribe." — the Scribe's own path is not
    adjacent to it."""
    table = start(client, GENOA)
    refused(table, ev("petition", path=2, target=2, move="push"), SCRIBE)


def test_a_choice_given_to_the_ascetic_quotes_the_ascetic(client):
    """The Ascetic's Petition moves "any and all characters that share a faction with it": it has
    nothing to choose, and a `target` is refused with its own sentence."""
    table = start(client, GENOA)
    refused(table, ev("petition", path=4, target=3), ASCETIC)


def test_the_courtesan_naming_a_discarded_card_quotes_the_courtesan(client):
    """The Courtesan PULLs "a character that is closer to your RIVAL than Courtesan": the Vicar on the
    discard pile is on no path and closer to nothing; its own sentence is quoted (a discarded card
    has no sentence of its own)."""
    cells = [("Courtesan", "genoa"), ("Scribe", "genoa"), ("Nuncio", "nice"), ("Ascetic", "genoa"),
             ("Canonist", "genoa")]
    table = start(client, cells, discard=["Vicar"])
    refused(table, ev("petition", path=1, target={"character": "Vicar"}), COURTESAN)


def test_a_scribe_petition_without_its_choice_quotes_the_scribe(client):
    """The Scribe in Genoa stays in play after its PUSH: "…then PUSH or PULL any in a path adjacent to
    Scribe" must be chosen; a Petition naming neither is refused with that sentence."""
    table = start(client, GENOA)
    refused(table, ev("petition", path=2), SCRIBE)
    refused(table, ev("petition", path=2, target=1), SCRIBE)


# -- naming cards ------------------------------------------------------------------------------------


def test_a_character_named_alone_is_the_copy_on_the_map(client):
    """A card may be named by what it is; with one Vicar on the map and the other in Rome's
    Congregation, {"character": "Vicar"} is the one in play; the one in the Congregation, named, is
    refused as out of play."""
    table = start(client, GENOA, congregations={"rome": ["Vicar"], "avignon": []})
    refused(table, ev("chastise", card={"character": "Vicar", "congregation": "rome"}), OUT_OF_PLAY)
    table.accepted(ev("chastise", card={"character": "Vicar"}))
    assert board(table)[0] == ("Vicar", "nice")


def test_a_character_named_alone_with_both_copies_on_the_map_is_bad_input(client):
    """Both Vicars on the map: the name alone says neither, a 400 naming the field (not a rule)."""
    cells = [("Vicar", "genoa"), ("Scribe", "genoa"), ("Vicar", "nice"), ("Ascetic", "genoa"),
             ("Canonist", "genoa")]
    table = start(client, cells)
    response = table.send(ev("beseech", card={"character": "Vicar"}))
    assert response.status_code == 400
    assert "card" in response.get_json()["error"]["field"]
    table.accepted(ev("beseech", card={"character": "Vicar", "path": 3}))
    assert board(table)[2] == ("Vicar", "genoa")


# -- the first turn as the setup leaves it ------------------------------------------------------------


@pytest.mark.parametrize("extra, field", [
    ({"cells": [("Vicar", "florence")] + GENOA[1:]}, "position.board"),
    ({"discard": ["Courtesan"]}, "position.discard"),
    ({"congregations": {"rome": ["Courtesan"], "avignon": []}}, "position.congregations.rome"),
])
def test_a_first_turn_position_is_the_setup_untouched(client, extra, field):
    """Setup: "Draw five cards and place them face up in a row extending outwards from Genoa." and
    the Selfless Rule's first turn is the game's first: before it nothing has moved, been
    excommunicated or scored. A position on the first turn with a card out of Genoa, a discard or
    a Congregation card could not exist: a 400 naming the field. (Was accepted.)"""
    cells = extra.pop("cells", GENOA)
    board_cells = [{"path": p, "character": c, "location": loc}
                   for p, (c, loc) in enumerate(cells, start=1)]
    response = client.post("/api/sessions", json={
        "game": "avignon", "players": PLAYERS,
        "position": {"board": board_cells, "turn": "rome", "first_turn": True, **extra}})
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"] == field


# -- (c) what each seat reads -------------------------------------------------------------------------


def test_nothing_is_hidden_every_seat_and_a_watcher_read_the_same_table(client):
    """The book keeps nothing secret but the deck's order, which the referee does not know (each draw
    is entered face up): Congregations "may be looked at by either player at any time", the map and
    the discard pile are face up. Rome's phone, Avignon's phone and a watcher read the same state,
    the same moves and the same scores."""
    assert not referees()["avignon"].hidden_information
    table = start(client, GENOA, congregations={"rome": ["Courtesan"], "avignon": ["Scribe"]},
                  discard=["Ascetic"])
    table.accepted(ev("excommunicate", path=3))
    url = f"/api/sessions/{table.id}"
    seats = {}
    for seat in ("rome", "avignon"):
        claimed = client.post(f"{url}/seats", json={"seat": seat},
                              headers={"Authorization": "Bearer " + table.join_token})
        token = claimed.get_json()["seat_token"]
        seats[seat] = client.get(url, headers={"Authorization": "Bearer " + token}).get_json()
    watcher = client.get(url).get_json()
    for view in (seats["rome"], seats["avignon"], watcher):
        assert view["state"] == seats["rome"]["state"]
        assert view["scores"] == seats["rome"]["scores"]
        assert view["state"]["discard"] == ["Ascetic", "Nuncio"]
    assert seats["avignon"]["legal"] == seats["rome"]["legal"] == watcher["legal"]


# -- (d) a whole game ---------------------------------------------------------------------------------


def _distance_to(location, seat):
    order = ["avignon", "nice", "genoa", "florence", "rome"]
    return abs(order.index(location) - order.index(seat))


def _choose(view, count, petitions):
    """A simple table's play: every `petitions`-th choice the last Petition listed (never if 0);
    else PULL toward yourself the card nearest your end, then PUSH toward the rival the card
    nearest the rival's end; else the first move listed."""
    seat, events = view["current_players"][0], view["legal"]
    listed = [e for e in events if e["type"] == "petition"]
    if listed and petitions and count % petitions == 0:
        return listed[-1]
    rival = "avignon" if seat == "rome" else "rome"
    where = {row["path"]: row["location"] for row in view["state"]["board"] if row["character"]}
    for kind, toward in (("beseech", seat), ("chastise", rival)):
        options = [e for e in events if e["type"] == kind]
        if options:
            return min(options, key=lambda e: (_distance_to(where[e["path"]], toward), e["path"]))
    return events[0]


@pytest.mark.parametrize("options, petitions", [
    ({}, 0),
    ({}, 3),
    ({"win_timing": "immediately", "samaritan_reversal": "undoes_previous",
      "samaritan_compares": "board_and_piles"}, 3),
    ({"ascetic_rival_push": "toward_rival", "ascetic_end_move": "own_end",
      "nuncio_pulls_itself": False, "after_leaving_play": "last_position"}, 3),
])
def test_a_whole_game_from_the_shuffle_to_its_end_agrees_with_the_calculator(client, options,
                                                                             petitions):
    """Setup: the five face-up cards are drawn into Genoa (no position), Rome takes one action, then
    each player two, every move taken from the listed ones and every listed draw accepted, until a
    Congregation holds three cards (or the Scribe wins). The end-of-game calculator given the same
    Congregations (and the last actor) names the same winner with the same totals; nothing is
    listed after the end. Played under the default rulings (without Petitions: it ends by three
    cards; with one every third choice: by the Scribe) and two sets of the other readings."""
    table = ApiTable(client, {"game": "avignon", "players": PLAYERS, "options": options})
    deal = iter(["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"])
    for _ in range(5):
        table.accepted(ev("draw", character=next(deal)))
    assert board(table) == [(name, "genoa") for name in
                            ("Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist")]
    deal = iter(["Courtesan", "Ascetic", "Vicar", "Scribe", "Nuncio", "Canonist"] * 20)
    for count in range(300):
        view = table.view()
        if view["over"]:
            break
        if view["phase"] == "draw":  # the deck's next card, if it can be there
            drawable = {e["character"]: e for e in view["legal"]}
            table.accepted(next(drawable[name] for name in deal if name in drawable))
        else:
            table.accepted(_choose(view, count, petitions))
    view = table.view()
    assert view["over"] and view["legal"] == []
    G = view["state"]
    winner = G["winner"]
    assert all(len(cards) <= 3 for cards in G["congregations"].values())
    body = {"congregations": G["congregations"], "last_actor": G["last_actor"]}
    if len(G["congregations"][winner]) < 3:  # the Scribe's win, at the start of the winner's turn
        assert G["win_rule"] == in_book("At the start of your turn, if Scribe is in GENOA and you "
                                        "have two in your Congregation, WIN.")
        body["scribe_in_genoa_at_start_of"] = winner
    answer = calculated(client, "avignon", body)
    assert answer["winners"] == view["scores"]["winners"] == [winner]
    assert {p["seat"]: p["total"] for p in answer["players"]} == \
        {p["seat"]: p["total"] for p in view["scores"]["players"]} == \
        {seat: len(cards) for seat, cards in G["congregations"].items()}
    assert answer["decided_by"]["rule"]["quote"] == view["scores"]["decided_by"]["rule"]["quote"]


def test_vicar_petition_from_the_listed_moves_pulls_the_new_character(client):
    """The Vicar's Petition, chosen from the list on the first turn: PUSH the Vicar twice (Genoa →
    Nice → Avignon), EXCOMMUNICATE the Nuncio, Rome draws its replacement, which is then PULLed
    toward Rome; the first turn is then over."""
    table = start(client)
    event = {"type": "petition", "player": "rome", "path": 1, "bishops": [1, 1], "excommunicate": 3}
    assert event in legal(table)
    table.accepted(event)
    assert {(e["type"], e["player"]) for e in legal(table)} == {("draw", "rome")}
    draw(table, "Courtesan")
    assert board(table)[0] == ("Vicar", "avignon") and board(table)[2] == ("Courtesan", "florence")
    assert state(table)["discard"] == ["Nuncio"]
    assert table.view()["current_players"] == ["avignon"]
