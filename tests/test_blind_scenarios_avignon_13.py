"""Avignon: Pilgrimage, outsider scenarios round 19 (file 13): the two table rulings added this
session, each played both ways, and each changing only what it names — `samaritan_ascetic_step`
(finding 162: the Samaritan Rule judges Aldo's turn before or after the Ascetic's end-of-turn step;
a reversal with no Ascetic in it is refused under both) and `vicar_excommunicate` (the Vicar's
"then EXCOMMUNICATE any other character" is or is not the turn's EXCOMMUNICATE action, in either
order; another character's Petition and the EXCOMMUNICATE action are one turn under both). Written
from the rulebook and the API's own description only (docs/games/avignon.md, GET
/api/games/avignon), never the referee's code."""

import pytest

from tests.api_table import ApiTable, as_seen, quotes_from
from tests.test_blind_scenarios_avignon_12 import act, board, state, two_ascetics_table

GAME = "avignon"
book = quotes_from(GAME)

SAMARITAN = book("Players may not take actions that, at the end of their turn, have completely "
                 "reversed the previous player's turn.")
ASCETIC_END = book("If you end your turn with Ascetic in AVIGNON or ROME, move him one space closer "
                   "to GENOA.")
SAME_ACTION = book("On his or her turn, each player takes exactly two of the actions listed below, "
                   "and the same action may not be taken twice.")
VICAR = book("Vicar (Faction: Bishop). PETITION: PUSH Bishop twice, then EXCOMMUNICATE any other "
             "character, then PULL the new character.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


# --- samaritan_ascetic_step --------------------------------------------------------------------------

@pytest.mark.parametrize(("reading", "allowed"), [("before_the_step", True),
                                                  ("after_the_step", False)])
def test_a_reversal_completed_only_by_the_ascetics_step_under_each_reading(client, reading,
                                                                            allowed):
    # Rosa's turn changed the Vicar only (her Ascetic stepped back from Avignon). Aldo pulls the
    # Vicar back and pushes the other Ascetic into Rome; it steps back to Florence as his turn ends.
    table = two_ascetics_table(client, {"samaritan_ascetic_step": reading})
    table.accepted(act("avignon", "beseech", 2))
    before = as_seen(table.view())
    if allowed:
        effects = table.accepted(act("avignon", "chastise", 1))["effects"]
        assert ASCETIC_END in [effect["rule"]["quote"] for effect in effects]
        # After the step the board is as before Rosa's turn; the turn passes all the same.
        assert state(table)["board"] == board(("Ascetic", "florence"), ("Vicar", "genoa"),
                                              ("Nuncio", "genoa"), ("Courtesan", "florence"),
                                              ("Ascetic", "nice"))
        assert state(table)["turn"] == "rome"
    else:
        table.refused(act("avignon", "chastise", 1), SAMARITAN)
        assert as_seen(table.view()) == before


@pytest.mark.parametrize("reading", ["before_the_step", "after_the_step"])
def test_a_reversal_with_no_ascetic_in_it_is_refused_under_either_reading(client, reading):
    table = ApiTable(client, {"game": GAME, "players": ["Rosa", "Aldo"],
                              "options": {"samaritan_ascetic_step": reading}})
    for character in ["Canonist", "Vicar", "Nuncio", "Courtesan", "Scribe"]:
        table.accepted(act("rome", "draw", character))
    for event in [act("rome", "beseech", 1), act("avignon", "beseech", 5),
                  act("avignon", "chastise", 4),
                  # Rosa: the Vicar pulled to Florence, the Nuncio pushed to Nice.
                  act("rome", "beseech", 2), act("rome", "chastise", 3),
                  # Aldo pulls the Vicar back to Genoa...
                  act("avignon", "beseech", 2)]:
        table.accepted(event)
    # ...and pushing the Nuncio back to Genoa would undo all of Rosa's turn.
    before = as_seen(table.view())
    table.refused(act("avignon", "chastise", 3), SAMARITAN)
    assert as_seen(table.view()) == before
    # Pushing the Courtesan instead is a partial reversal.
    table.accepted(act("avignon", "chastise", 1))
    assert state(table)["turn"] == "rome"


# --- vicar_excommunicate ------------------------------------------------------------------------------

VICARS_PETITION = {"type": "petition", "player": "avignon", "path": 1, "bishops": [1, 1],
                   "excommunicate": 3}


def aldos_turn(client, reading):
    """Aldo's first turn: the Vicar (path 1) in Genoa, the Nuncio pulled to Florence by Rosa."""
    table = ApiTable(client, {"game": GAME, "players": ["Rosa", "Aldo"],
                              "options": {"vicar_excommunicate": reading}})
    for character in ["Vicar", "Nuncio", "Canonist", "Courtesan", "Scribe"]:
        table.accepted(act("rome", "draw", character))
    table.accepted(act("rome", "beseech", 2))
    return table


def then(table, event, allowed, quote):
    before = as_seen(table.view())
    if allowed:
        table.accepted(event)
        assert as_seen(table.view()) != before
    else:
        table.refused(event, quote)
        assert as_seen(table.view()) == before


@pytest.mark.parametrize(("reading", "allowed"), [("part_of_petition", True),
                                                  ("the_action", False)])
def test_the_vicars_petition_then_the_excommunicate_action(client, reading, allowed):
    table = aldos_turn(client, reading)
    effects = table.accepted(VICARS_PETITION)["effects"]
    assert VICAR in [effect["rule"]["quote"] for effect in effects]
    table.accepted(act("avignon", "draw", "Ascetic"))
    # Pushed twice toward Rome; the Ascetic drawn into the Canonist's place is pulled to Nice.
    assert [(card["character"], card["location"]) for card in state(table)["board"][:3]] == [
        ("Vicar", "rome"), ("Nuncio", "florence"), ("Ascetic", "nice")]
    then(table, act("avignon", "excommunicate", 4), allowed, SAME_ACTION)


@pytest.mark.parametrize(("reading", "allowed"), [("part_of_petition", True),
                                                  ("the_action", False)])
def test_the_excommunicate_action_then_the_vicars_petition(client, reading, allowed):
    table = aldos_turn(client, reading)
    table.accepted(act("avignon", "excommunicate", 4))
    table.accepted(act("avignon", "draw", "Ascetic"))
    then(table, VICARS_PETITION, allowed, SAME_ACTION)


@pytest.mark.parametrize("reading", ["part_of_petition", "the_action"])
def test_another_characters_petition_and_the_excommunicate_action_make_a_turn_either_way(
        client, reading):
    # The Nuncio (path 2, Florence) pushed to Rome pulls everything there — itself — back to
    # Florence; then the EXCOMMUNICATE action.
    table = aldos_turn(client, reading)
    table.accepted({"type": "petition", "player": "avignon", "path": 2})
    table.accepted(act("avignon", "excommunicate", 4))
    table.accepted(act("avignon", "draw", "Ascetic"))
    assert state(table)["turn"] == "rome"
