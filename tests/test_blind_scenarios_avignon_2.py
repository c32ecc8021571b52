"""Avignon: Pilgrimage, outsider scenarios, round 2: from the rulebook and the API's own description
only (docs/games/avignon.md, GET /api/games/avignon). Later in the game than round 1: two Petitions
in a turn, the Canonist's "other", the Ascetic's Petition scoring a card, the Ascetic at Rome's end,
the Scribe's win read from the active player's Congregation, the Courtesan from Avignon's side."""

import pytest

from tests.api_table import quotes_from
from tests.test_blind_scenarios_avignon import (
    COURTESAN,
    EXACTLY_TWO,
    SCRIBE_WIN,
    THREE_CARDS,
    board,
    new_game,
    where,
)

GAME = "avignon"
book = quotes_from(GAME)

OTHER_TWO = book("Switch the positions of two other characters.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def mid_game(client, cards, turn="rome", congregations=None):
    position = {"board": board(*cards), "turn": turn, "first_turn": False}
    if congregations:
        position["congregations"] = congregations
    return new_game(client, position)


OPEN = (("Vicar", "genoa"), ("Scribe", "nice"), ("Nuncio", "genoa"), ("Courtesan", "florence"),
        ("Canonist", "genoa"))


def test_two_petitions_in_one_turn_are_the_same_action_twice(client):
    table = mid_game(client, OPEN)
    table.accepted({"type": "petition", "player": "rome", "path": 3})
    table.refused({"type": "petition", "player": "rome", "path": 2, "target": 1,
                   "move": "push"}, EXACTLY_TWO)
    table.accepted({"type": "chastise", "player": "rome", "path": 5})
    assert table.view()["current_players"] == ["avignon"]


def test_the_canonist_cannot_switch_itself(client):
    table = mid_game(client, OPEN)
    table.refused({"type": "petition", "player": "rome", "path": 5, "switch": [5, 1],
                   "push": 1}, OTHER_TWO)


def test_the_ascetics_petition_carries_one_past_rome_into_the_congregation_for_the_win(client):
    # Rome uses the Ascetic in Genoa: every Peasant is pushed by the rival toward Rome; the
    # Ascetic already in Rome moves past it: Rome's third card.
    table = new_game(client, {"board": board(("Ascetic", "rome"), ("Scribe", "nice"),
                                             ("Nuncio", "genoa"), ("Ascetic", "genoa"),
                                             ("Canonist", "genoa")),
                              "turn": "rome", "first_turn": False, "actions_taken": ["beseech"],
                              "congregations": {"rome": ["Vicar", "Courtesan"], "avignon": []}})
    table.accepted({"type": "petition", "player": "rome", "path": 4})
    view = table.view()
    assert view["state"]["congregations"]["rome"] == ["Vicar", "Courtesan", "Ascetic"]
    assert view["over"] is True
    assert view["scores"]["winners"] == ["rome"]
    assert THREE_CARDS in view["scores"]["decided_by"]["rule"]["quote"]


def test_an_ascetic_left_in_rome_steps_back_toward_genoa_when_avignon_ends_a_turn(client):
    # Avignon chastises the Ascetic from Florence into Rome, then beseeches another card: the
    # turn ends with the Ascetic in ROME, so he moves one space closer to GENOA.
    table = mid_game(client, (("Vicar", "genoa"), ("Scribe", "nice"), ("Nuncio", "genoa"),
                              ("Ascetic", "florence"), ("Canonist", "genoa")), turn="avignon")
    table.accepted({"type": "chastise", "player": "avignon", "path": 4})
    assert where(table, 4) == ("Ascetic", "rome")
    table.accepted({"type": "beseech", "player": "avignon", "path": 1})
    assert where(table, 4) == ("Ascetic", "florence")


def test_the_scribe_wins_only_for_the_player_whose_turn_starts(client):
    # Rome holds two; Avignon's turn starts with the Scribe in Genoa: no win for anyone. Avignon
    # leaves it there; Rome's turn starts: Rome wins.
    table = mid_game(client, (("Vicar", "nice"), ("Scribe", "genoa"), ("Nuncio", "genoa"),
                              ("Ascetic", "florence"), ("Canonist", "genoa")), turn="avignon",
                     congregations={"rome": ["Vicar", "Courtesan"], "avignon": []})
    assert table.view()["over"] is False
    table.accepted({"type": "beseech", "player": "avignon", "path": 3})
    assert table.view()["over"] is False
    table.accepted({"type": "chastise", "player": "avignon", "path": 5})
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["winners"] == ["rome"]
    assert SCRIBE_WIN in view["scores"]["decided_by"]["rule"]["quote"]


def test_the_scribe_outside_genoa_gives_no_win(client):
    table = mid_game(client, (("Vicar", "nice"), ("Scribe", "florence"), ("Nuncio", "genoa"),
                              ("Ascetic", "florence"), ("Canonist", "genoa")), turn="avignon",
                     congregations={"rome": ["Vicar", "Courtesan"], "avignon": []})
    table.accepted({"type": "beseech", "player": "avignon", "path": 3})
    table.accepted({"type": "chastise", "player": "avignon", "path": 5})
    assert table.view()["over"] is False


def test_avignons_courtesan_pulls_a_card_closer_to_rome_only(client):
    # Avignon's rival is Rome. The Courtesan is in Genoa: the Vicar in Florence is closer to
    # Rome, the Scribe in Nice is not.
    table = mid_game(client, (("Vicar", "florence"), ("Scribe", "nice"), ("Nuncio", "genoa"),
                              ("Courtesan", "genoa"), ("Canonist", "genoa")), turn="avignon")
    table.refused({"type": "petition", "player": "avignon", "path": 4, "target": 2}, COURTESAN)
    table.accepted({"type": "petition", "player": "avignon", "path": 4, "target": 1})
    assert where(table, 1) == ("Vicar", "genoa")


def test_a_card_pulled_past_avignon_by_the_scribe_is_scored_and_replaced_in_genoa(client):
    # Avignon's Scribe (Nice) pushes itself to Genoa, then pulls the Vicar in the adjacent path
    # from Avignon past it: Avignon's Congregation, and a new card drawn into Genoa.
    table = mid_game(client, (("Vicar", "avignon"), ("Scribe", "nice"), ("Nuncio", "genoa"),
                              ("Courtesan", "florence"), ("Canonist", "genoa")), turn="avignon")
    table.accepted({"type": "petition", "player": "avignon", "path": 2, "target": 1,
                    "move": "pull"})
    assert table.view()["state"]["congregations"]["avignon"] == ["Vicar"]
    assert where(table, 2) == ("Scribe", "genoa")
    table.accepted({"type": "draw", "player": "avignon", "character": "Nuncio"})
    assert where(table, 1) == ("Nuncio", "genoa")


def test_the_vicar_pushes_bishops_only_and_excommunicates_another_character(client):
    table = mid_game(client, (("Vicar", "florence"), ("Scribe", "nice"), ("Nuncio", "genoa"),
                              ("Vicar", "rome"), ("Canonist", "genoa")))
    table.refused({"type": "petition", "player": "rome", "path": 1, "bishops": [2, 1],
                   "excommunicate": 3}, "PUSH Bishop twice")
    table.refused({"type": "petition", "player": "rome", "path": 1, "bishops": [1, 4],
                   "excommunicate": 1}, "EXCOMMUNICATE any other character")
    # Both Vicars are Bishops: each pushed once toward Avignon, then the Nuncio excommunicated.
    table.accepted({"type": "petition", "player": "rome", "path": 1, "bishops": [1, 4],
                    "excommunicate": 3})
    assert where(table, 1) == ("Vicar", "genoa")
    assert where(table, 4) == ("Vicar", "florence")


def test_romes_nuncio_pushed_past_avignon_joins_avignons_congregation(client):
    # Rome's Petition pushes its Nuncio from Avignon past the Avignon card: it is Avignon's, and
    # Avignon's new character is drawn into Genoa.
    table = mid_game(client, (("Vicar", "genoa"), ("Scribe", "nice"), ("Nuncio", "avignon"),
                              ("Courtesan", "florence"), ("Canonist", "genoa")))
    table.accepted({"type": "petition", "player": "rome", "path": 3})
    assert table.view()["state"]["congregations"]["avignon"] == ["Nuncio"]
    table.accepted({"type": "draw", "player": "avignon", "character": "Ascetic"})
    assert where(table, 3) == ("Ascetic", "genoa")


def test_avignons_ascetic_petition_draws_the_peasants_toward_avignon(client):
    table = new_game(client, {"board": board(("Ascetic", "avignon"), ("Scribe", "nice"),
                                             ("Nuncio", "genoa"), ("Ascetic", "florence"),
                                             ("Canonist", "genoa")),
                              "turn": "avignon", "first_turn": False,
                              "actions_taken": ["beseech"]})
    table.accepted({"type": "petition", "player": "avignon", "path": 4})
    assert table.view()["state"]["congregations"]["avignon"] == ["Ascetic"]
    # The replacement is drawn into Genoa, then the rest of the Petition moves the other one.
    table.accepted({"type": "draw", "player": "avignon", "character": "Vicar"})
    assert where(table, 1) == ("Vicar", "genoa")
    assert where(table, 4) == ("Ascetic", "genoa")
