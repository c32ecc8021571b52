"""Avignon: Pilgrimage, outsider scenarios round 7: the rarer characters at the edges of the map
(the Courtesan with nothing closer to the rival, the Canonist carrying a card past Avignon, both
Ascetics at the ends when a turn ends), the mistakes a table makes with them (Aldo petitioning in
Rosa's turn), and undo at the table (the state as if the mistake never happened). Written from
the rulebook and the API's own description only (docs/games/avignon.md, GET /api/games/avignon),
never the referee's code."""

import pytest

from tests.api_table import quotes_from
from tests.test_blind_scenarios_avignon_3 import board, new_game, undo

GAME = "avignon"
book = quotes_from(GAME)

COURTESAN = book("Courtesan (Faction: Knight). PETITION: PULL a character that is closer to your "
                 "RIVAL than Courtesan.")
CANONIST = book("Canonist (Faction: Inquisitor). PETITION: Switch the positions of two other "
                "characters. PUSH one of them, then PULL the other.")
ASCETIC_END = book("If you end your turn with Ascetic in AVIGNON or ROME, move him one space closer "
                   "to GENOA.")
SCORED_DRAW = book("That player then draws a new character and places it in the same row as the "
                   "removed card, equal to Genoa.")
ALTERNATES = book("Play then alternates between the players.")
TWO_ACTIONS = book("On his or her turn, each player takes exactly two of the actions listed below, "
                   "and the same action may not be taken twice.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def rosa_to_play(client, *cards, **position):
    return new_game(client, {"board": board(*cards), "turn": "rome", "first_turn": False,
                             **position})


def locations(table):
    return [(entry["character"], entry["location"]) for entry in table.view()["state"]["board"]]


def as_seen(view):
    return view["state"], view["scores"], view["legal"], view["phase"]


# --- The Courtesan with nothing closer to the rival ---------------------------------------------

def test_romes_courtesan_in_avignon_has_nothing_closer_to_the_rival_to_pull(client):
    table = rosa_to_play(client, ("Courtesan", "avignon"), ("Vicar", "nice"),
                         ("Scribe", "genoa"), ("Nuncio", "florence"), ("Canonist", "genoa"))
    table.refused({"type": "petition", "player": "rome", "path": 1, "target": 2}, COURTESAN)
    assert not [event for event in table.view()["legal"]
                if event["type"] == "petition" and event.get("path") == 1]
    assert locations(table)[1] == ("Vicar", "nice")


def test_avignons_courtesan_in_avignon_pulls_any_card_toward_avignon(client):
    table = rosa_to_play(client, ("Courtesan", "avignon"), ("Vicar", "nice"),
                         ("Scribe", "genoa"), ("Nuncio", "florence"), ("Canonist", "genoa"),
                         turn="avignon")
    table.accepted({"type": "petition", "player": "avignon", "path": 1, "target": 4})
    assert locations(table)[3] == ("Nuncio", "genoa")


# --- The Canonist carrying a card past Avignon ---------------------------------------------------

CANONIST_BOARD = (("Vicar", "avignon"), ("Scribe", "genoa"), ("Nuncio", "florence"),
                  ("Ascetic", "genoa"), ("Canonist", "genoa"))


def test_romes_canonist_switches_pushes_one_past_avignon_and_pulls_the_other(client):
    table = rosa_to_play(client, *CANONIST_BOARD)
    # The Vicar (Avignon) and the Nuncio (Florence) switch places; the Nuncio, now in Avignon, is
    # pushed past it into Avignon's Congregation; the Vicar, now in Florence, is pulled to Rome
    # (the referee draws the Nuncio's replacement first: the book does not order the two).
    table.accepted({"type": "petition", "player": "rome", "path": 5, "switch": [1, 3],
                    "push": 1})
    assert table.view()["state"]["congregations"]["avignon"] == ["Nuncio"]
    # Avignon draws the replacement, not Rome.
    table.refused({"type": "draw", "player": "rome", "character": "Courtesan"}, SCORED_DRAW)
    table.accepted({"type": "draw", "player": "avignon", "character": "Courtesan"})
    assert locations(table)[:3] == [("Courtesan", "genoa"), ("Scribe", "genoa"),
                                    ("Vicar", "rome")]
    table.accepted({"type": "beseech", "player": "rome", "path": 4})
    assert table.view()["current_players"] == ["avignon"]


def test_the_canonist_pushing_the_card_it_should_pull_undone_then_as_meant(client):
    table = rosa_to_play(client, *CANONIST_BOARD)
    table.accepted({"type": "petition", "player": "rome", "path": 5, "switch": [2, 3],
                    "push": 3})
    undo(table)
    table.accepted({"type": "petition", "player": "rome", "path": 5, "switch": [2, 3],
                    "push": 2})
    right_first_time = rosa_to_play(client, *CANONIST_BOARD)
    right_first_time.accepted({"type": "petition", "player": "rome", "path": 5,
                               "switch": [2, 3], "push": 2})
    assert as_seen(table.view()) == as_seen(right_first_time.view())


def test_aldos_canonist_petition_in_rosas_turn_is_refused(client):
    table = rosa_to_play(client, *CANONIST_BOARD)
    table.accepted({"type": "beseech", "player": "rome", "path": 2})
    error = table.refused({"type": "petition", "player": "avignon", "path": 5,
                           "switch": [2, 3], "push": 2}, TWO_ACTIONS)
    assert ALTERNATES in [rule["quote"] for rule in error["rules"]]
    assert locations(table)[1] == ("Scribe", "florence")


# --- Both Ascetics at the ends when a turn ends ---------------------------------------------------

def test_rosa_drives_both_ascetics_to_the_ends_and_both_step_back_as_her_turn_ends(client):
    table = rosa_to_play(client, ("Ascetic", "nice"), ("Ascetic", "florence"),
                         ("Scribe", "genoa"), ("Nuncio", "florence"), ("Canonist", "genoa"))
    table.accepted({"type": "beseech", "player": "rome", "path": 2})
    assert locations(table)[1] == ("Ascetic", "rome")
    table.accepted({"type": "chastise", "player": "rome", "path": 1})
    # Her turn ends with an Ascetic in Rome and one in Avignon: each steps toward Genoa.
    assert locations(table)[:2] == [("Ascetic", "nice"), ("Ascetic", "florence")]
    assert table.view()["current_players"] == ["avignon"]


# --- The Vicar pushing itself out of play, then the rest of its Petition -------------------------

VICAR = book("Vicar (Faction: Bishop). PETITION: PUSH Bishop twice, then EXCOMMUNICATE any other "
             "character, then PULL the new character.")


def test_a_whole_turn_romes_vicar_pushed_past_avignon_then_excommunicates_and_pulls(client):
    table = rosa_to_play(client, ("Vicar", "nice"), ("Scribe", "genoa"), ("Nuncio", "florence"),
                         ("Ascetic", "genoa"), ("Canonist", "genoa"))
    # Two pushes of the Vicar: to Avignon, then past it into Aldo's Congregation.
    effects = table.accepted({"type": "petition", "player": "rome", "path": 1, "bishops": [1, 1],
                              "excommunicate": 3})["effects"]
    assert effects[0]["rule"]["quote"] == VICAR
    assert table.view()["state"]["congregations"]["avignon"] == ["Vicar"]
    # Aldo draws the Vicar's replacement; then the Nuncio goes to the discard pile and Rosa draws
    # the new character into its place, which is pulled toward Rome.
    table.refused({"type": "draw", "player": "rome", "character": "Courtesan"}, SCORED_DRAW)
    table.accepted({"type": "draw", "player": "avignon", "character": "Courtesan"})
    table.accepted({"type": "draw", "player": "rome", "character": "Ascetic"})
    assert locations(table)[:3] == [("Courtesan", "genoa"), ("Scribe", "genoa"),
                                    ("Ascetic", "rome")]
    # Her second action; her turn ends with an Ascetic in Rome: he steps back toward Genoa.
    table.accepted({"type": "chastise", "player": "rome", "path": 2})
    assert locations(table)[:3] == [("Courtesan", "genoa"), ("Scribe", "nice"),
                                    ("Ascetic", "florence")]
    assert table.view()["current_players"] == ["avignon"]
