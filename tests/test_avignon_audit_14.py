"""Avignon: Pilgrimage — audit (session 19, `audit21`). Two silences of the book made table rulings.

Finding 162 (outsider21), `samaritan_ascetic_step`: whether the Samaritan Rule judges a turn on the
board its actions leave or after the Ascetic's end-of-turn step ("Players may not take actions
that, at the end of their turn, have completely reversed the previous player's turn." / "If you
end your turn with Ascetic in AVIGNON or ROME, move him one space closer to GENOA.").

The question writers' case (session 19), `vicar_excommunicate`: whether the Vicar's "then
EXCOMMUNICATE any other character" is the turn's EXCOMMUNICATE for "the same action may not be
taken twice"."""

import pytest

from tests.api_table import ApiTable, quotes_from

GAME = "avignon"
book = quotes_from(GAME)
SAMARITAN = book("Players may not take actions that, at the end of their turn, have completely "
                 "reversed the previous player's turn.")
ASCETIC_END = book("If you end your turn with Ascetic in AVIGNON or ROME, move him one space closer "
                   "to GENOA.")
TWO = book("On his or her turn, each player takes exactly two of the actions listed below, and the "
           "same action may not be taken twice.")
VICAR = book("Vicar (Faction: Bishop). PETITION: PUSH Bishop twice, then EXCOMMUNICATE any other "
             "character, then PULL the new character.")
PETITION = book("PETITION: Use the unique PETITION ability of one character in play.")
EXCOMMUNICATE = book("EXCOMMUNICATE: Choose a character and place it in the discard pile. Draw a "
                     "new character and place it in the exact position the removed card occupied.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def board(*cards):
    return [{"path": n, "character": character, "location": location}
            for n, (character, location) in enumerate(cards, start=1)]


def act(player, kind, path):
    return {"type": kind, "player": player, "path": path}


def options_of(client):
    return client.get(f"/api/games/{GAME}").get_json()["options"]


def rules_of(error):
    return [rule["quote"] for rule in error.get("rules", [error["rule"]])]


# -- finding 162: the Samaritan Rule and the Ascetic's end-of-turn step ------------------------------

def after_rosas_turn(client, options):
    """Rosa's turn began with the Ascetics in Florence (path 1) and Nice (path 5), the Vicar in
    Genoa; she pushed the Nice Ascetic into Avignon and pulled the Vicar to Florence; her turn
    ended and the Ascetic stepped back to Nice. Aldo has pulled the Vicar back to Genoa."""
    before = board(("Ascetic", "florence"), ("Vicar", "genoa"), ("Nuncio", "genoa"),
                   ("Courtesan", "florence"), ("Ascetic", "nice"))
    left = board(("Ascetic", "florence"), ("Vicar", "florence"), ("Nuncio", "genoa"),
                 ("Courtesan", "florence"), ("Ascetic", "nice"))
    table = ApiTable(client, {"game": GAME, "players": ["Rosa", "Aldo"], "options": options,
                              "position": {"board": left, "turn": "avignon",
                                           "previous_turn": {"player": "rome",
                                                             "actions": ["beseech", "chastise"],
                                                             "board_before": before}}})
    table.accepted(act("avignon", "beseech", 2))
    return table


def test_the_ruling_cites_both_sentences_and_defaults_to_the_board_the_actions_leave(client):
    option = options_of(client)["samaritan_ascetic_step"]
    assert option["default"] == "before_the_step"
    assert {SAMARITAN, ASCETIC_END} <= {rule["quote"] for rule in option["rules"]}


def test_before_the_step_the_ascetic_aldo_left_in_rome_makes_his_turn_a_partial_reversal(client):
    table = after_rosas_turn(client, {})
    assert act("avignon", "chastise", 1) in table.view()["legal"]
    effects = table.accepted(act("avignon", "chastise", 1))["effects"]
    assert ASCETIC_END in [effect["rule"]["quote"] for effect in effects]
    # the step happened all the same: the board is as before Rosa's turn, and the turn is Rosa's
    state = table.view()["state"]
    assert state["board"][0] == {"path": 1, "character": "Ascetic", "location": "florence"}
    assert state["turn"] == "rome"


def test_before_the_step_a_reversal_by_the_actions_themselves_is_still_refused(client):
    # Aldo pushes the Nuncio to Florence (a partial reversal of Rosa's turn: accepted); Rosa's
    # two actions putting the Nuncio and the Vicar back reverse his whole turn: refused at the
    # second, whichever ruling (no Ascetic stands at an end)
    table = after_rosas_turn(client, {})
    table.accepted(act("avignon", "chastise", 3))
    table.accepted(act("rome", "chastise", 3))
    assert act("rome", "beseech", 2) not in table.view()["legal"]
    error = table.refused(act("rome", "beseech", 2), SAMARITAN)
    assert rules_of(error) == [SAMARITAN]


def test_after_the_step_the_same_turn_is_a_complete_reversal(client):
    table = after_rosas_turn(client, {"samaritan_ascetic_step": "after_the_step"})
    assert act("avignon", "chastise", 1) not in table.view()["legal"]
    before = table.view()["state"]
    error = table.refused(act("avignon", "chastise", 1), SAMARITAN)
    assert rules_of(error) == [SAMARITAN]
    assert table.view()["state"] == before
    table.accepted(act("avignon", "chastise", 3))  # another second action stays legal


# -- the Vicar's EXCOMMUNICATE and "the same action may not be taken twice" --------------------------

FIVE_IN_GENOA = board(("Vicar", "genoa"), ("Nuncio", "genoa"), ("Canonist", "genoa"),
                      ("Courtesan", "genoa"), ("Scribe", "genoa"))


def romes_turn(client, options):
    return ApiTable(client, {"game": GAME, "players": ["Rosa", "Aldo"], "options": options,
                             "position": {"board": FIVE_IN_GENOA, "turn": "rome"}})


def vicar_petition(table):
    """Rosa pushes the Vicar twice (to Avignon), excommunicates the Canonist, draws the Ascetic
    into its place and pulls it to Florence."""
    table.accepted({"type": "petition", "player": "rome", "path": 1, "bishops": [1, 1],
                    "excommunicate": 3})
    table.accepted({"type": "draw", "player": "rome", "character": "Ascetic"})
    assert table.view()["state"]["board"][2] == {"path": 3, "character": "Ascetic",
                                                 "location": "florence"}


def test_the_ruling_cites_the_turn_sentence_and_the_vicars_and_defaults_to_part_of_the_petition(
        client):
    option = options_of(client)["vicar_excommunicate"]
    assert option["default"] == "part_of_petition"
    assert {TWO, VICAR, PETITION, EXCOMMUNICATE} <= {rule["quote"] for rule in option["rules"]}


def test_by_default_the_excommunicate_action_follows_a_vicars_petition(client):
    table = romes_turn(client, {})
    vicar_petition(table)
    assert act("rome", "excommunicate", 2) in table.view()["legal"]
    table.accepted(act("rome", "excommunicate", 2))


def test_as_the_action_the_excommunicate_action_after_a_vicars_petition_is_refused(client):
    table = romes_turn(client, {"vicar_excommunicate": "the_action"})
    vicar_petition(table)
    assert not [e for e in table.view()["legal"] if e["type"] == "excommunicate"]
    error = table.refused(act("rome", "excommunicate", 2), TWO)
    assert rules_of(error) == [TWO, VICAR]
    table.accepted(act("rome", "beseech", 2))  # another action ends the turn


def test_as_the_action_a_vicars_petition_after_the_excommunicate_action_is_refused(client):
    table = romes_turn(client, {"vicar_excommunicate": "the_action"})
    table.accepted(act("rome", "excommunicate", 3))
    table.accepted({"type": "draw", "player": "rome", "character": "Ascetic"})
    legal = table.view()["legal"]
    assert not [e for e in legal if e["type"] == "petition" and e["path"] == 1]
    error = table.refused({"type": "petition", "player": "rome", "path": 1, "bishops": [1, 1],
                           "excommunicate": 2}, TWO)
    assert rules_of(error) == [TWO, VICAR]
    # another character's Petition is no EXCOMMUNICATE: accepted
    assert {"type": "petition", "player": "rome", "path": 2} in legal
    table.accepted({"type": "petition", "player": "rome", "path": 2})


def test_as_the_action_the_next_turn_may_excommunicate_again(client):
    table = romes_turn(client, {"vicar_excommunicate": "the_action"})
    vicar_petition(table)
    table.accepted(act("rome", "beseech", 2))
    table.accepted(act("avignon", "excommunicate", 4))
