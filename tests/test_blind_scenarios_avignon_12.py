"""Avignon: Pilgrimage, outsider scenarios round 19 (file 12): a whole game in which the deck runs
out — seven Excommunications in seven turns draw the deck dry, the eighth shuffles the discard pile
(the card just excommunicated with it) into a new deck, and the game goes on, because running out
of cards ends nothing in the book — to Aldo's third card, with a Scribe win entered and undone on the
way; then the Samaritan Rule on a turn whose only change is undone by the Ascetic's end-of-turn
step, and the mistakes of a table typing a number or a name out of range. Written from the rulebook
and the API's own description only (docs/games/avignon.md, GET /api/games/avignon), never the
referee's code."""

import pytest

from tests.api_table import ApiTable, as_seen, assert_replayed_alike, calculated, quotes_from

GAME = "avignon"
book = quotes_from(GAME)

EXCOMMUNICATE = book("EXCOMMUNICATE: Choose a character and place it in the discard pile. Draw a new "
                     "character and place it in the exact position the removed card occupied.")
RESHUFFLE = book("If the deck is empty, shuffle all discarded cards to form a new deck.")
TWO_COPIES = book("Use both copies of the chosen characters to form a 12 card deck.")
SCORED = book("If any action causes a card to move past either the Rome or the Avignon card, it is "
              "placed face up in front of the player it was moving towards.")
THREE_CARDS = book("The game ends when one player has three cards in his or her Congregation. That "
                   "player wins the game.")
SCRIBE_WIN = book("At the start of your turn, if Scribe is in GENOA and you have two in your "
                  "Congregation, WIN.")
SAMARITAN = book("Players may not take actions that, at the end of their turn, have completely "
                 "reversed the previous player's turn.")
ASCETIC_END = book("If you end your turn with Ascetic in AVIGNON or ROME, move him one space closer "
                   "to GENOA.")
EMPTY = {character: 0 for character in
         ("Vicar", "Nuncio", "Canonist", "Courtesan", "Ascetic", "Scribe")}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def board(*cards):
    """Path 1 first: each card a (character, location)."""
    return [{"path": n, "character": character, "location": location}
            for n, (character, location) in enumerate(cards, start=1)]


def redo(table):
    response = table.client.post(f"/api/sessions/{table.id}/redo", headers=table.headers)
    assert response.status_code == 200, response.get_json()
    table.seq = response.get_json()["seq"]


def entered(table, event):
    """The event accepted; undone, the table exactly as before it; redone, exactly as after it.
    The effects' quotes."""
    before = as_seen(table.view())
    effects = table.accepted(event)["effects"]
    after = as_seen(table.view())
    table.undo()
    assert as_seen(table.view()) == before, event
    redo(table)
    assert as_seen(table.view()) == after, event
    return [effect["rule"]["quote"] for effect in effects]


def act(player, kind, what):
    key = "character" if kind == "draw" else "path"
    return {"type": kind, "player": player, key: what}


def state(table):
    return table.view()["state"]


def test_a_whole_game_through_the_empty_deck_and_its_reshuffle_to_aldos_third_card(client):
    table = ApiTable(client, {"game": GAME, "players": ["Rosa", "Aldo"]})
    for character in ["Vicar", "Nuncio", "Canonist", "Courtesan", "Scribe"]:
        entered(table, act("rome", "draw", character))
    assert sum(state(table)["deck"].values()) == 7

    # Seven turns, an Excommunication in each: each draws one card from the deck, in the
    # removed card's exact position, until the deck is empty.
    for turn in [[("rome", "excommunicate", 1), ("rome", "draw", "Ascetic")],
                 [("avignon", "excommunicate", 1), ("avignon", "draw", "Ascetic"),
                  ("avignon", "beseech", 2)],
                 [("rome", "excommunicate", 3), ("rome", "draw", "Canonist"),
                  ("rome", "chastise", 2)],
                 [("avignon", "excommunicate", 4), ("avignon", "draw", "Courtesan"),
                  ("avignon", "beseech", 5)],
                 [("rome", "excommunicate", 5), ("rome", "draw", "Scribe"),
                  ("rome", "beseech", 3)],
                 [("avignon", "excommunicate", 3), ("avignon", "draw", "Vicar"),
                  ("avignon", "beseech", 4)],
                 [("rome", "excommunicate", 4), ("rome", "draw", "Nuncio")]]:
        for player, kind, what in turn:
            quotes = entered(table, act(player, kind, what))
            assert RESHUFFLE not in quotes
            if kind == "excommunicate":
                assert EXCOMMUNICATE in quotes
    now = state(table)
    # The Scribe drawn into the Scribe's place in Nice, the Vicar into the Canonist's in Florence,
    # the Nuncio into the Courtesan's in Nice: "the exact position the removed card occupied".
    assert now["board"] == board(("Ascetic", "genoa"), ("Nuncio", "avignon"),
                                 ("Vicar", "florence"), ("Nuncio", "nice"), ("Scribe", "nice"))
    assert now["deck"] == EMPTY
    assert now["discard"] == ["Vicar", "Ascetic", "Canonist", "Courtesan", "Scribe", "Canonist",
                              "Courtesan"]
    # The deck running out ends nothing: Rosa still has her second action.
    view = table.view()
    assert view["over"] is False and now["turn"] == "rome" and now["actions_taken"] == [
        "excommunicate"]
    assert {event["type"] for event in view["legal"]} >= {"beseech", "chastise", "petition"}
    entered(table, act("rome", "beseech", 2))

    # Aldo excommunicates the Ascetic with the deck empty: the discard pile, the Ascetic with it,
    # is shuffled into a new deck of eight; he may draw any character of those eight, and no
    # Nuncio (both are on the map).
    quotes = entered(table, act("avignon", "excommunicate", 1))
    assert quotes == [EXCOMMUNICATE, RESHUFFLE]
    now = state(table)
    assert now["discard"] == [] and sum(now["deck"].values()) == 8
    assert now["deck"] == {"Vicar": 1, "Nuncio": 0, "Canonist": 2, "Courtesan": 2,
                           "Ascetic": 2, "Scribe": 1}
    assert sorted(event["character"] for event in table.view()["legal"]) == [
        "Ascetic", "Canonist", "Courtesan", "Scribe", "Vicar"]
    assert {event["player"] for event in table.view()["legal"]} == {"avignon"}
    table.refused(act("avignon", "draw", "Nuncio"), TWO_COPIES)
    assert EXCOMMUNICATE in entered(table, act("avignon", "draw", "Canonist"))
    entered(table, act("avignon", "beseech", 2))
    assert state(table)["board"] == board(("Canonist", "genoa"), ("Nuncio", "avignon"),
                                          ("Vicar", "florence"), ("Nuncio", "nice"),
                                          ("Scribe", "nice"))

    # Rosa pulls the Vicar to Rome and pushes the Nuncio past Avignon: Aldo's first card, his
    # draw. Aldo pulls the Scribe to Avignon and pushes the Vicar past Rome: Rosa's first, hers.
    for player, kind, what in [("rome", "beseech", 3), ("rome", "chastise", 2),
                               ("avignon", "draw", "Courtesan"), ("avignon", "beseech", 5),
                               ("avignon", "chastise", 3), ("rome", "draw", "Ascetic")]:
        entered(table, act(player, kind, what))
    assert state(table)["congregations"] == {"rome": ["Vicar"], "avignon": ["Nuncio"]}

    # Rosa pushes the Scribe past Avignon (Aldo's second card) and Aldo draws the other Scribe
    # into Genoa. Were Rosa to end her turn leaving it there, Aldo wins as his turn starts.
    assert SCORED in entered(table, act("rome", "chastise", 5))
    entered(table, act("avignon", "draw", "Scribe"))
    assert state(table)["board"][4] == {"path": 5, "character": "Scribe", "location": "genoa"}
    table.accepted(act("rome", "beseech", 1))
    won = table.view()
    assert won["over"] is True and won["scores"]["winners"] == ["avignon"]
    assert won["state"]["win_rule"] == SCRIBE_WIN
    table.undo()
    assert table.view()["over"] is False
    # She pulls the Scribe out of Genoa instead: no win.
    entered(table, act("rome", "beseech", 5))
    assert table.view()["over"] is False and state(table)["turn"] == "avignon"

    # Aldo pulls the Nuncio to Avignon and pushes the Scribe to Rome; Rosa pulls it past Rome
    # (her second card, her draw) and pushes the Canonist to Nice.
    for player, kind, what in [("avignon", "beseech", 4), ("avignon", "chastise", 5),
                               ("rome", "beseech", 5), ("rome", "draw", "Vicar"),
                               ("rome", "chastise", 1)]:
        entered(table, act(player, kind, what))
    now = state(table)
    assert now["board"] == board(("Canonist", "nice"), ("Courtesan", "genoa"),
                                 ("Ascetic", "genoa"), ("Nuncio", "avignon"), ("Vicar", "genoa"))
    assert now["congregations"] == {"rome": ["Vicar", "Scribe"], "avignon": ["Nuncio", "Scribe"]}
    assert now["deck"] == {"Vicar": 0, "Nuncio": 0, "Canonist": 1, "Courtesan": 1,
                           "Ascetic": 1, "Scribe": 0}

    # Aldo pulls the Nuncio past Avignon: his third card, the game over at once, no draw owed.
    quotes = entered(table, act("avignon", "beseech", 4))
    assert SCORED in quotes and THREE_CARDS in quotes
    final = table.view()
    assert final["over"] is True and final["legal"] == []
    assert final["scores"]["winners"] == ["avignon"]
    assert final["state"]["congregations"]["avignon"] == ["Nuncio", "Scribe", "Nuncio"]
    error = table.refused(act("avignon", "draw", "Canonist"), THREE_CARDS)
    assert error["rule"]["quote"] == THREE_CARDS

    calc = calculated(client, GAME, {"congregations": final["state"]["congregations"]})
    assert calc["winners"] == ["avignon"]
    assert calc["decided_by"]["rule"]["quote"] == THREE_CARDS
    assert [[line["label"] for line in player["breakdown"]] for player in calc["players"]] == [
        [line["label"] for line in player["breakdown"]] for player in final["scores"]["players"]
    ] == [["Vicar", "Scribe"], ["Nuncio", "Scribe", "Nuncio"]]
    assert [player["total"] for player in calc["players"]] == [2, 3]
    # Exported and imported, the same game; the last pull undone reopens it, redone ends it.
    assert_replayed_alike(client, table, act("avignon", "beseech", 4))


def two_ascetics_table(client, options):
    """Rosa's second turn begins: the Ascetics in Florence (path 1) and Nice (path 5), the Vicar and
    Nuncio in Genoa, the Courtesan in Florence. Rosa pushes the Nice Ascetic into Avignon and
    pulls the Vicar to Florence."""
    table = ApiTable(client, {"game": GAME, "players": ["Rosa", "Aldo"], "options": options})
    for character in ["Ascetic", "Vicar", "Nuncio", "Courtesan", "Ascetic"]:
        table.accepted(act("rome", "draw", character))
    for player, kind, path in [("rome", "beseech", 1), ("avignon", "beseech", 5),
                               ("avignon", "chastise", 4)]:
        table.accepted(act(player, kind, path))
    assert state(table)["board"] == BEFORE_ROSAS_TURN
    table.accepted(act("rome", "chastise", 5))
    table.accepted(act("rome", "beseech", 2))
    return table


BEFORE_ROSAS_TURN = board(("Ascetic", "florence"), ("Vicar", "genoa"), ("Nuncio", "genoa"),
                          ("Courtesan", "florence"), ("Ascetic", "nice"))


def test_under_own_end_the_ascetic_left_in_rome_by_aldo_makes_his_turn_a_partial_reversal(client):
    # Rosa's turn ends with the Ascetic in Avignon, not her end (Rome): it stays. Aldo pulls the
    # Vicar back to Genoa and pushes the Florence Ascetic into Rome; his turn ends: the Avignon
    # Ascetic (his end) steps back to Nice, the one in Rome (not his) stays. Path 1 differs from
    # before Rosa's turn: a partial reversal, allowed.
    table = two_ascetics_table(client, {"ascetic_end_move": "own_end"})
    assert state(table)["board"][4] == {"path": 5, "character": "Ascetic", "location": "avignon"}
    table.accepted(act("avignon", "beseech", 2))
    quotes = [effect["rule"]["quote"] for effect in
              table.accepted(act("avignon", "chastise", 1))["effects"]]
    assert ASCETIC_END in quotes
    assert state(table)["board"] == board(("Ascetic", "rome"), ("Vicar", "genoa"),
                                          ("Nuncio", "genoa"), ("Courtesan", "florence"),
                                          ("Ascetic", "nice"))
    assert state(table)["turn"] == "rome"


def test_under_either_end_a_turn_reversed_only_by_an_ascetics_own_step_back_is_a_choice(client):
    # Rosa's turn ends with the Ascetic in Avignon: it steps back to Nice, so her turn changed
    # the Vicar only. Aldo pulls the Vicar back and pushes the Florence Ascetic into Rome: after
    # his actions path 1 differs from before Rosa's turn; after the Ascetic's end-of-turn step
    # back to Florence nothing does. Refused or accepted, it is refused or accepted whole.
    table = two_ascetics_table(client, {})
    assert state(table)["board"] == board(("Ascetic", "florence"), ("Vicar", "florence"),
                                          ("Nuncio", "genoa"), ("Courtesan", "florence"),
                                          ("Ascetic", "nice"))
    table.accepted(act("avignon", "beseech", 2))
    before = as_seen(table.view())
    response = table.send(act("avignon", "chastise", 1))
    if response.status_code == 422:
        assert response.get_json()["error"]["rule"]["quote"] == SAMARITAN
        assert as_seen(table.view()) == before
    else:
        assert response.status_code == 200, response.get_json()
        assert state(table)["turn"] == "rome"


def test_whether_the_ascetics_end_step_counts_for_the_samaritan_rule_is_a_table_ruling(client):
    options = client.get(f"/api/games/{GAME}").get_json()["options"]
    assert [name for name, option in options.items()
            if {SAMARITAN, ASCETIC_END} <= {rule["quote"] for rule in option.get("rules", [])}]


@pytest.mark.parametrize(("event", "field"), [
    (act("rome", "beseech", 0), "event.path"),
    (act("rome", "chastise", 6), "event.path"),
    (act("rome", "excommunicate", "2"), "event.path"),
    ({"type": "beseech", "player": "rome"}, "event.path"),
    ({"type": "petition", "player": "rome", "path": 1, "switch": [2, 9], "push": 2},
     "event.switch.1"),
    ({"type": "petition", "player": "rome", "path": 2, "target": 1, "move": "sideways"},
     "event.move"),
    (act("pope", "beseech", 1), "event.player"),
    (act("rome", "draw", "Pope"), "event.character"),
    ({"type": "pray", "player": "rome"}, "event.type"),
], ids=["path_0", "path_6", "path_as_text", "no_path", "switch_path_9", "move_sideways",
        "unknown_seat", "unknown_character", "unknown_action"])
def test_a_number_or_name_out_of_range_is_a_400_naming_its_field_and_writes_nothing(
        client, event, field):
    table = ApiTable(client, {"game": GAME, "players": ["Rosa", "Aldo"]})
    for character in ["Canonist", "Scribe", "Nuncio", "Courtesan", "Vicar"]:
        table.accepted(act("rome", "draw", character))
    before = as_seen(table.view())
    seq = table.seq
    response = table.send(event)
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"] == field
    assert table.seq == seq and as_seen(table.view()) == before
