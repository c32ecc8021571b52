"""Avignon: Pilgrimage, whole games as a table enters them, written as an outsider (the rulebook,
docs/games/avignon.md and the API's description only, never the referee's code): from the setup's
five draws to the end, every action and every draw in the book's order, checking the map, the
Congregations, the discard pile, whose turn it is and what `legal` offers after each step, the slips
a real table makes (refused with the sentence that forbids them, nothing written), and at the end the
winner and every score line against the book and the calculator (POST /api/score/avignon)."""

import pytest

from tests.api_table import ApiTable, assert_replayed_alike, calculated, quotes_from

GAME = "avignon"
book = quotes_from(GAME)
ROME, AVIGNON = "rome", "avignon"

FIRST_PLAYER = book("The Roman player goes first.")
SELFLESS = book("The player who has the first turn of the game takes only a single action.")
NOT_TWICE = book("each player takes exactly two of the actions listed below, and the same action "
                 "may not be taken twice.")
SAMARITAN = book("Players may not take actions that, at the end of their turn, have completely "
                 "reversed the previous player's turn.")
SCORED = book("If any action causes a card to move past either the Rome or the Avignon card, it is "
              "placed face up in front of the player it was moving towards.")
THAT_PLAYER_DRAWS = book("That player then draws a new character and places it in the same row as "
                         "the removed card, equal to Genoa.")
OUT_OF_PLAY = book("Cards in a player's Congregation are considered to be out of play and cannot be "
                   "affected by actions.")
TWO_COPIES = book("Use both copies of the chosen characters to form a 12 card deck.")
THREE_CARDS = book("The game ends when one player has three cards in his or her Congregation.")
SCRIBE_WIN = book("At the start of your turn, if Scribe is in GENOA and you have two in your "
                  "Congregation, WIN.")
EXCOMMUNICATE = book("Draw a new character and place it in the exact position the removed card "
                     "occupied.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def new_table(client):
    return ApiTable(client, {"game": GAME, "players": ["Rosa", "Aldo"]})


def act(table, kind, player, **choices):
    return table.accepted({"type": kind, "player": player, **choices})


def draw(table, player, character):
    return table.accepted({"type": "draw", "player": player, "character": character})


def refused(table, kind, player, quote, **choices):
    """The slip refused with `quote`, and the table exactly as before it."""
    before = table.view()
    table.refused({"type": kind, "player": player, **choices}, quote)
    after = table.view()
    assert (after["state"], after["seq"], after["legal"]) == (
        before["state"], before["seq"], before["legal"])


def board(table):
    return [(card["character"], card["location"]) for card in table.view()["state"]["board"]]


def congregations(table):
    return table.view()["state"]["congregations"]


def offered(table):
    return table.view()["legal"]


def offered_kinds(table, player):
    return {event["type"] for event in offered(table) if event["player"] == player}


def on_turn(table):
    return table.view()["current_players"]


def set_up(table, cards):
    """The setup: five cards drawn face up in a row outwards from Genoa, path 1 first."""
    for n, character in enumerate(cards, start=1):
        assert {event["type"] for event in offered(table)} == {"draw"}
        draw(table, ROME, character)
        assert board(table)[:n] == [(c, "genoa") for c in cards[:n]]
    assert sum(table.view()["state"]["deck"].values()) == 7
    assert on_turn(table) == [ROME]


def test_a_game_won_by_three_cards_in_rome(client):
    """Rome wins with a third card pulled past Rome by its Canonist; Avignon holds one."""
    table = new_table(client)
    set_up(table, ["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"])

    # Turn 1, Rome: the Selfless Rule — one action. Avignon reaching in first is the slip.
    refused(table, "beseech", AVIGNON, FIRST_PLAYER, path=1)
    assert {event["player"] for event in offered(table)} == {ROME}
    act(table, "beseech", ROME, path=1)
    assert board(table)[0] == ("Vicar", "florence")
    assert on_turn(table) == [AVIGNON]
    refused(table, "chastise", ROME, SELFLESS, path=2)
    assert {event["player"] for event in offered(table)} == {AVIGNON}

    # Turn 2, Avignon: two different actions.
    act(table, "beseech", AVIGNON, path=2)
    assert on_turn(table) == [AVIGNON]
    assert "beseech" not in offered_kinds(table, AVIGNON)
    refused(table, "beseech", AVIGNON, NOT_TWICE, path=4)
    act(table, "chastise", AVIGNON, path=3)
    assert board(table) == [("Vicar", "florence"), ("Scribe", "nice"), ("Nuncio", "florence"),
                            ("Ascetic", "genoa"), ("Canonist", "genoa")]
    assert on_turn(table) == [ROME]
    refused(table, "beseech", AVIGNON, NOT_TWICE, path=4)

    # Turn 3, Rome: the Vicar to Rome, the Scribe pushed to the edge of Avignon.
    act(table, "beseech", ROME, path=1)
    refused(table, "draw", ROME, EXCOMMUNICATE, character="Scribe")
    act(table, "chastise", ROME, path=2)
    assert board(table)[:2] == [("Vicar", "rome"), ("Scribe", "avignon")]

    # Turn 4, Avignon: the Scribe moves past Avignon into Avignon's Congregation; Avignon draws.
    act(table, "beseech", AVIGNON, path=2)
    assert congregations(table) == {ROME: [], AVIGNON: ["Scribe"]}
    assert {(event["type"], event["player"]) for event in offered(table)} == {("draw", AVIGNON)}
    refused(table, "draw", ROME, THAT_PLAYER_DRAWS, character="Courtesan")
    draw(table, AVIGNON, "Courtesan")
    assert board(table)[1] == ("Courtesan", "genoa")
    act(table, "excommunicate", AVIGNON, path=1)
    assert table.view()["state"]["discard"] == ["Vicar"]
    draw(table, AVIGNON, "Nuncio")
    assert board(table)[0] == ("Nuncio", "rome")
    assert on_turn(table) == [ROME]

    # Turn 5, Rome: the Nuncio past Rome (Rome draws), then the other Nuncio's Petition: pushed
    # to Genoa, it pulls every card in Genoa (itself too) to Florence.
    act(table, "beseech", ROME, path=1)
    assert congregations(table)[ROME] == ["Nuncio"]
    draw(table, ROME, "Scribe")
    act(table, "petition", ROME, path=3)
    assert board(table) == [("Scribe", "florence"), ("Courtesan", "florence"),
                            ("Nuncio", "florence"), ("Ascetic", "florence"),
                            ("Canonist", "florence")]

    # Turn 6, Avignon.
    act(table, "beseech", AVIGNON, path=1)
    act(table, "excommunicate", AVIGNON, path=5)
    draw(table, AVIGNON, "Ascetic")
    assert board(table)[4] == ("Ascetic", "florence")
    assert table.view()["state"]["discard"] == ["Vicar", "Canonist"]

    # Turn 7, Rome: the Courtesan pulls the Scribe (in Genoa, closer to Avignon than she is).
    act(table, "beseech", ROME, path=3)
    act(table, "petition", ROME, path=2, target=1)
    assert board(table)[:3] == [("Scribe", "florence"), ("Courtesan", "florence"),
                                ("Nuncio", "rome")]

    # Turn 8, Avignon: the Ascetic's Petition — the rival pushes both Peasants toward Avignon.
    act(table, "petition", AVIGNON, path=4)
    assert board(table)[3:] == [("Ascetic", "genoa"), ("Ascetic", "genoa")]
    act(table, "beseech", AVIGNON, path=3)

    # Turn 9, Rome: the Nuncio back to Rome, then its Petition pulls Florence's cards to Rome.
    act(table, "beseech", ROME, path=3)
    act(table, "petition", ROME, path=3)
    assert board(table) == [("Scribe", "rome"), ("Courtesan", "rome"), ("Nuncio", "rome"),
                            ("Ascetic", "genoa"), ("Ascetic", "genoa")]

    # Turn 10, Avignon: a third Ascetic cannot come out of the deck.
    act(table, "beseech", AVIGNON, path=1)
    act(table, "excommunicate", AVIGNON, path=2)
    drawable = {event["character"] for event in offered(table)}
    assert drawable == {"Vicar", "Canonist", "Courtesan"}
    refused(table, "draw", AVIGNON, TWO_COPIES, character="Ascetic")
    draw(table, AVIGNON, "Vicar")
    assert board(table)[:3] == [("Scribe", "florence"), ("Vicar", "rome"), ("Nuncio", "rome")]

    # Turn 11, Rome: the Vicar scores (second card); the Canonist switches the Nuncio in Rome with
    # the Scribe in Florence, pushes the Nuncio and pulls the Scribe past Rome: the third card.
    act(table, "beseech", ROME, path=2)
    draw(table, ROME, "Canonist")
    act(table, "petition", ROME, path=2, switch=[3, 1], push=1)
    view = table.view()
    assert view["over"] is True
    assert view["state"]["congregations"] == {ROME: ["Nuncio", "Vicar", "Scribe"],
                                              AVIGNON: ["Scribe"]}
    assert view["state"]["board"][0]["character"] == "Nuncio"
    assert view["legal"] == [] and view["current_players"] == []
    scores = view["scores"]
    assert scores["winners"] == [ROME]
    assert THREE_CARDS in scores["decided_by"]["rule"]["quote"]
    lines = {p["seat"]: [(line["label"], line["points"]) for line in p["breakdown"]]
             for p in scores["players"]}
    assert lines == {ROME: [("Nuncio", 1), ("Vicar", 1), ("Scribe", 1)],
                     AVIGNON: [("Scribe", 1)]}
    assert all(line["rule"]["quote"] == SCORED
               for p in scores["players"] for line in p["breakdown"])
    assert {p["seat"]: p["total"] for p in scores["players"]} == {ROME: 3, AVIGNON: 1}
    refused(table, "beseech", AVIGNON, THREE_CARDS, path=1)

    assert_replayed_alike(client, table, {"type": "petition", "player": ROME, "path": 2,
                                          "switch": [3, 1], "push": 1})
    by_hand = calculated(client, GAME, {"congregations": {ROME: ["Nuncio", "Vicar", "Scribe"],
                                                          AVIGNON: ["Scribe"]},
                                        "last_actor": ROME})
    assert by_hand["winners"] == [ROME]
    assert by_hand["decided_by"]["rule"] == scores["decided_by"]["rule"]
    assert [(p["seat"], p["total"], p["breakdown"]) for p in by_hand["players"]] == [
        (p["seat"], p["total"], p["breakdown"]) for p in scores["players"]]


def test_a_game_won_by_the_scribe_in_genoa_for_avignon(client):
    """Avignon, two cards in its Congregation, starts a turn with the Scribe in Genoa: it wins.
    Along the way the Samaritan Rule, the Ascetic's end-of-turn step and a Congregation card."""
    table = new_table(client)
    set_up(table, ["Scribe", "Ascetic", "Vicar", "Nuncio", "Courtesan"])

    act(table, "beseech", ROME, path=4)  # turn 1: the Nuncio to Florence
    act(table, "beseech", AVIGNON, path=2)
    act(table, "chastise", AVIGNON, path=3)
    assert board(table) == [("Scribe", "genoa"), ("Ascetic", "nice"), ("Vicar", "florence"),
                            ("Nuncio", "florence"), ("Courtesan", "genoa")]

    # Turn 3, Rome: the Vicar pushed back is a partial reversal (allowed); the Ascetic pulled back
    # too would leave the map as before Avignon's turn — not offered, refused.
    act(table, "chastise", ROME, path=3)
    assert {"type": "beseech", "player": ROME, "path": 2} not in offered(table)
    assert {"type": "beseech", "player": ROME, "path": 5} in offered(table)
    refused(table, "beseech", ROME, SAMARITAN, path=2)
    act(table, "beseech", ROME, path=5)

    # Turn 4, Avignon ends its turn with the Ascetic in Avignon: he steps back to Nice.
    act(table, "beseech", AVIGNON, path=2)
    assert board(table)[1] == ("Ascetic", "avignon")
    act(table, "excommunicate", AVIGNON, path=5)
    draw(table, AVIGNON, "Canonist")
    assert board(table) == [("Scribe", "genoa"), ("Ascetic", "nice"), ("Vicar", "genoa"),
                            ("Nuncio", "florence"), ("Canonist", "florence")]

    # Turn 5, Rome pushes the Ascetic to Avignon; ending the turn he steps back to Nice again.
    act(table, "chastise", ROME, path=2)
    act(table, "beseech", ROME, path=1)
    assert board(table)[:2] == [("Scribe", "florence"), ("Ascetic", "nice")]

    # Turn 6, Avignon: the Ascetic to Avignon, then his Petition: the rival pushes him past
    # Avignon into Avignon's Congregation; Avignon draws his replacement into Genoa.
    act(table, "beseech", AVIGNON, path=2)
    act(table, "petition", AVIGNON, path=2)
    assert congregations(table) == {ROME: [], AVIGNON: ["Ascetic"]}
    draw(table, AVIGNON, "Vicar")
    assert board(table)[1] == ("Vicar", "genoa")

    # Turn 7, Rome leaves the Scribe in Genoa (Avignon has one card: no win yet).
    act(table, "beseech", ROME, path=4)
    act(table, "chastise", ROME, path=1)
    assert board(table)[0] == ("Scribe", "genoa")
    assert not table.view()["over"] and on_turn(table) == [AVIGNON]

    # Turn 8, Avignon: the Ascetic in its Congregation is out of play.
    refused(table, "beseech", AVIGNON, OUT_OF_PLAY,
            card={"character": "Ascetic", "congregation": AVIGNON})
    act(table, "beseech", AVIGNON, path=1)
    act(table, "excommunicate", AVIGNON, path=4)
    draw(table, AVIGNON, "Ascetic")  # drawn into Rome; the turn ends: he steps to Florence
    assert board(table) == [("Scribe", "nice"), ("Vicar", "genoa"), ("Vicar", "genoa"),
                            ("Ascetic", "florence"), ("Canonist", "florence")]
    assert table.view()["state"]["discard"] == ["Courtesan", "Nuncio"]

    # Turn 9, Rome.
    act(table, "beseech", ROME, path=4)
    act(table, "chastise", ROME, path=5)
    assert board(table)[3:] == [("Ascetic", "florence"), ("Canonist", "genoa")]

    # Turn 10, Avignon: the Canonist switches the Scribe (Avignon) and a Vicar (Genoa), pushes
    # the Scribe and pulls the Vicar past Avignon: the second card.
    act(table, "beseech", AVIGNON, path=1)
    act(table, "petition", AVIGNON, path=5, switch=[1, 2], push=2)
    assert congregations(table) == {ROME: [], AVIGNON: ["Ascetic", "Vicar"]}
    draw(table, AVIGNON, "Nuncio")
    assert board(table)[:2] == [("Nuncio", "genoa"), ("Scribe", "florence")]

    # Turn 11, Rome pushes the Scribe to Genoa: at the start of Avignon's turn, Avignon wins.
    act(table, "beseech", ROME, path=4)
    assert not table.view()["over"]
    act(table, "chastise", ROME, path=2)
    view = table.view()
    assert board(table)[1] == ("Scribe", "genoa")
    assert view["over"] is True and view["legal"] == []
    scores = view["scores"]
    assert scores["winners"] == [AVIGNON]
    assert scores["decided_by"]["rule"]["quote"] == SCRIBE_WIN
    assert {p["seat"]: (p["total"], [line["label"] for line in p["breakdown"]])
            for p in scores["players"]} == {ROME: (0, []), AVIGNON: (2, ["Ascetic", "Vicar"])}
    refused(table, "beseech", AVIGNON, SCRIBE_WIN, path=2)
    refused(table, "beseech", ROME, SCRIBE_WIN, path=2)

    by_hand = calculated(client, GAME, {"congregations": {ROME: [], AVIGNON: ["Ascetic", "Vicar"]},
                                        "scribe_in_genoa_at_start_of": AVIGNON})
    assert by_hand["winners"] == [AVIGNON]
    assert by_hand["decided_by"]["rule"]["quote"] == SCRIBE_WIN
    assert [(p["seat"], p["total"]) for p in by_hand["players"]] == [(ROME, 0), (AVIGNON, 2)]


SAME_TIME = book("If two players would win the game at the same time, the player who took the "
                 "game's final action wins.")


def test_a_game_where_both_reach_three_cards_in_one_action_won_by_its_taker(client):
    """Two cards each; Avignon's Canonist switches the Nuncio in Rome with the Vicar in Avignon,
    pushes the Vicar past Rome (Rome's third, Rome draws its replacement in the middle of the
    Petition) and pulls the Nuncio past Avignon (Avignon's third): Avignon took the final action."""
    table = new_table(client)
    set_up(table, ["Vicar", "Nuncio", "Courtesan", "Canonist", "Courtesan"])
    act(table, "beseech", ROME, path=1)
    act(table, "beseech", AVIGNON, path=2)
    act(table, "chastise", AVIGNON, path=1)
    act(table, "beseech", ROME, path=1)          # the Vicar past Rome
    draw(table, ROME, "Nuncio")
    act(table, "chastise", ROME, path=2)
    act(table, "beseech", AVIGNON, path=2)       # the Nuncio past Avignon
    draw(table, AVIGNON, "Vicar")
    act(table, "chastise", AVIGNON, path=3)
    act(table, "beseech", ROME, path=3)
    act(table, "chastise", ROME, path=5)
    act(table, "beseech", AVIGNON, path=5)
    act(table, "chastise", AVIGNON, path=3)      # a Courtesan pushed past Rome: Rome draws
    draw(table, ROME, "Canonist")
    act(table, "beseech", ROME, path=1)
    act(table, "chastise", ROME, path=5)         # the other Courtesan pushed past Avignon
    draw(table, AVIGNON, "Ascetic")
    act(table, "beseech", AVIGNON, path=2)
    act(table, "chastise", AVIGNON, path=1)
    act(table, "beseech", ROME, path=3)
    act(table, "chastise", ROME, path=2)
    assert congregations(table) == {ROME: ["Vicar", "Courtesan"], AVIGNON: ["Nuncio", "Courtesan"]}
    assert board(table) == [("Nuncio", "rome"), ("Vicar", "avignon"), ("Canonist", "florence"),
                            ("Canonist", "genoa"), ("Ascetic", "genoa")]
    assert not table.view()["over"]

    act(table, "petition", AVIGNON, path=4, switch=[1, 2], push=1)
    assert congregations(table)[ROME] == ["Vicar", "Courtesan", "Vicar"]
    assert not table.view()["over"]  # the Petition is not over: the pull is still to come
    assert {(e["type"], e["player"]) for e in offered(table)} == {("draw", ROME)}
    refused(table, "draw", AVIGNON, THAT_PLAYER_DRAWS, character="Ascetic")
    draw(table, ROME, "Ascetic")
    view = table.view()
    assert view["state"]["congregations"] == {ROME: ["Vicar", "Courtesan", "Vicar"],
                                              AVIGNON: ["Nuncio", "Courtesan", "Nuncio"]}
    assert view["over"] is True and view["legal"] == []
    scores = view["scores"]
    assert scores["winners"] == [AVIGNON]
    assert scores["decided_by"]["rule"]["quote"] == SAME_TIME
    assert {p["seat"]: p["total"] for p in scores["players"]} == {ROME: 3, AVIGNON: 3}
    refused(table, "beseech", ROME, SAME_TIME, path=3)

    by_hand = calculated(client, GAME, {"congregations": view["state"]["congregations"],
                                        "last_actor": AVIGNON})
    assert by_hand["winners"] == [AVIGNON]
    assert by_hand["decided_by"]["rule"]["quote"] == SAME_TIME
