"""Avignon: Pilgrimage, outsider scenarios round 19 (file 11): a whole game under table rulings no
whole game was played with — `courtesan_no_target: nothing_moves`, `ascetic_end_move: own_end` and
each `win_timing` — from the five setup draws to the Canonist's Petition that sends one card past
Avignon and one past Rome: every entry undone and redone as it is made, the board worked out by hand
from the Game Terms and the Reference Card after each turn; Rosa's first turn a Courtesan Petition
that moves nothing; Aldo's Ascetic carried into his own Congregation by its own Petition; Aldo's
push giving Rosa her second card (Rosa draws its replacement in Aldo's turn, Aldo's draw refused);
an Ascetic left in Rome at the end of Aldo's turn (his end is Avignon); the end under `immediately`
(Aldo's third card, the pull never made) and under `end_of_action` (Aldo draws, the pull gives Rosa
her third, the final actor wins), each against the calculator, and nothing entered after it. Written
from the rulebook and the API's own description only (docs/games/avignon.md, GET
/api/games/avignon), never the referee's code."""

import pytest

from tests.api_table import ApiTable, as_seen, calculated, quotes_from

GAME = "avignon"
book = quotes_from(GAME)

SETUP_DRAW = book("Draw five cards and place them face up in a row extending outwards from Genoa.")
COURTESAN = book("Courtesan (Faction: Knight). PETITION: PULL a character that is closer to your "
                 "RIVAL than Courtesan.")
SCORED = book("If any action causes a card to move past either the Rome or the Avignon card, it is "
              "placed face up in front of the player it was moving towards.")
SCORED_DRAW = book("That player then draws a new character and places it in the same row as the "
                   "removed card, equal to Genoa.")
ASCETIC_END = book("If you end your turn with Ascetic in AVIGNON or ROME, move him one space closer "
                   "to GENOA.")
CANONIST = book("Canonist (Faction: Inquisitor). PETITION: Switch the positions of two other "
                "characters. PUSH one of them, then PULL the other.")
THREE_CARDS = book("The game ends when one player has three cards in his or her Congregation.")
FINAL_ACTION = book("If two players would win the game at the same time, the player who took the "
                    "game's final action wins.")

PLACES = {-2: "avignon", -1: "nice", 0: "genoa", 1: "florence", 2: "rome"}
RULINGS = {"courtesan_no_target": "nothing_moves", "ascetic_end_move": "own_end"}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def board(*cards):
    """Path 1 first: each card a (character, distance from Genoa, Rome's side positive)."""
    return [{"path": n, "character": character, "location": PLACES[distance]}
            for n, (character, distance) in enumerate(cards, start=1)]


def redo(table):
    response = table.client.post(f"/api/sessions/{table.id}/redo", headers=table.headers)
    assert response.status_code == 200, response.get_json()
    table.seq = response.get_json()["seq"]


def entered(table, event):
    """The event accepted; undone, the table exactly as before it; redone, exactly as after it."""
    before = as_seen(table.view())
    effects = table.accepted(event)["effects"]
    after = as_seen(table.view())
    table.undo()
    assert as_seen(table.view()) == before, event
    redo(table)
    assert as_seen(table.view()) == after, event
    return effects


def quoted(effects):
    return [effect["rule"]["quote"] for effect in effects]


def state(table):
    return table.view()["state"]


def played_to_the_canonist(client, win_timing):
    """The game from the setup to Rosa's turn 11, each turn checked; the table."""
    table = ApiTable(client, {"game": GAME, "players": ["Rosa", "Aldo"],
                              "options": {**RULINGS, "win_timing": win_timing}})
    for seat, character in [("rome", "Courtesan"), ("avignon", "Vicar"), ("rome", "Ascetic"),
                            ("avignon", "Nuncio"), ("rome", "Scribe")]:
        assert quoted(entered(table, {"type": "draw", "player": seat,
                                      "character": character}))[0] == SETUP_DRAW
    start = board(("Courtesan", 0), ("Vicar", 0), ("Ascetic", 0), ("Nuncio", 0), ("Scribe", 0))
    assert state(table)["board"] == start

    # Turn 1, Rosa, one action: her Courtesan has nothing closer to Aldo; it moves nothing.
    effects = entered(table, {"type": "petition", "player": "rome", "path": 1})
    assert COURTESAN in quoted(effects)
    assert state(table)["board"] == start and state(table)["turn"] == "avignon"

    # Turn 2, Aldo: the Nuncio pulled to Nice, the Vicar pushed to Florence.
    entered(table, {"type": "beseech", "player": "avignon", "path": 4})
    entered(table, {"type": "chastise", "player": "avignon", "path": 2})
    # Turn 3, Rosa: the Vicar pulled into Rome, the Ascetic pushed to Nice.
    entered(table, {"type": "beseech", "player": "rome", "path": 2})
    entered(table, {"type": "chastise", "player": "rome", "path": 3})
    assert state(table)["board"] == board(("Courtesan", 0), ("Vicar", 2), ("Ascetic", -1),
                                          ("Nuncio", -1), ("Scribe", 0))

    # Turn 4, Aldo: the Ascetic pulled into Avignon, then its own Petition — RIVAL PUSH, the
    # rival pushing toward its user — carries it past Avignon: Aldo's first card; he draws.
    entered(table, {"type": "beseech", "player": "avignon", "path": 3})
    assert SCORED in quoted(entered(table, {"type": "petition", "player": "avignon", "path": 3}))
    assert state(table)["congregations"] == {"rome": [], "avignon": ["Ascetic"]}
    entered(table, {"type": "draw", "player": "avignon", "character": "Canonist"})

    # Turn 5, Rosa: the Vicar pulled past Rome, her first card, replaced from her draw; then her
    # Courtesan pulls the Nuncio, the one card closer to Aldo, back to Genoa.
    entered(table, {"type": "beseech", "player": "rome", "path": 2})
    entered(table, {"type": "draw", "player": "rome", "character": "Nuncio"})
    entered(table, {"type": "petition", "player": "rome", "path": 1, "target": 4})
    assert state(table)["board"] == board(("Courtesan", 0), ("Nuncio", 0), ("Canonist", 0),
                                          ("Nuncio", 0), ("Scribe", 0))
    assert state(table)["congregations"] == {"rome": ["Vicar"], "avignon": ["Ascetic"]}

    # Turn 6, Aldo: the Scribe to Nice, the Courtesan to Florence. Turn 7, Rosa: the Courtesan
    # into Rome, the Scribe into Avignon.
    for event in [{"type": "beseech", "player": "avignon", "path": 5},
                  {"type": "chastise", "player": "avignon", "path": 1},
                  {"type": "beseech", "player": "rome", "path": 1},
                  {"type": "chastise", "player": "rome", "path": 5}]:
        entered(table, event)
    assert state(table)["board"] == board(("Courtesan", 2), ("Nuncio", 0), ("Canonist", 0),
                                          ("Nuncio", 0), ("Scribe", -2))

    # Turn 8, Aldo: the Scribe pulled past Avignon (his second card, his draw), then his push
    # sends the Courtesan past Rome: it is placed in front of Rosa, and Rosa draws its
    # replacement, in Aldo's turn.
    entered(table, {"type": "beseech", "player": "avignon", "path": 5})
    entered(table, {"type": "draw", "player": "avignon", "character": "Ascetic"})
    entered(table, {"type": "chastise", "player": "avignon", "path": 1})
    assert state(table)["congregations"] == {"rome": ["Vicar", "Courtesan"],
                                             "avignon": ["Ascetic", "Scribe"]}
    assert {(e["type"], e["player"]) for e in table.view()["legal"]} == {("draw", "rome")}
    table.refused({"type": "draw", "player": "avignon", "character": "Vicar"}, SCORED_DRAW)
    entered(table, {"type": "draw", "player": "rome", "character": "Vicar"})
    assert state(table)["turn"] == "rome"

    # Turn 9, Rosa: the Ascetic to Florence, the Vicar to Nice. Turn 10, Aldo: the Ascetic
    # pushed into Rome, the Vicar pulled into Avignon. His turn ends with the Ascetic in Rome,
    # which is not his end: under own_end it stays.
    for event in [{"type": "beseech", "player": "rome", "path": 5},
                  {"type": "chastise", "player": "rome", "path": 1},
                  {"type": "chastise", "player": "avignon", "path": 5}]:
        entered(table, event)
    effects = entered(table, {"type": "beseech", "player": "avignon", "path": 1})
    assert ASCETIC_END not in quoted(effects)
    assert state(table)["board"] == board(("Vicar", -2), ("Nuncio", 0), ("Canonist", 0),
                                          ("Nuncio", 0), ("Ascetic", 2))
    assert state(table)["turn"] == "rome"
    assert sum(state(table)["deck"].values()) == 3
    return table


# Turn 11, Rosa's Canonist: the Ascetic (Rome) and the Vicar (Avignon) switch places; she pushes
# the Ascetic, now in Avignon, past it (Aldo's third card) and pulls the Vicar, now in Rome, past
# Rome (her third).
CANONIST_PETITION = {"type": "petition", "player": "rome", "path": 3, "switch": [5, 1], "push": 1}


def test_a_whole_game_won_by_aldos_third_card_under_win_timing_immediately(client):
    table = played_to_the_canonist(client, "immediately")
    effects = entered(table, CANONIST_PETITION)
    assert CANONIST in quoted(effects)
    final = table.view()
    assert final["over"] is True and final["scores"]["winners"] == ["avignon"]
    # The pull never happened: the Vicar stays in Rome, no replacement drawn.
    assert final["state"]["congregations"] == {"rome": ["Vicar", "Courtesan"],
                                               "avignon": ["Ascetic", "Scribe", "Ascetic"]}
    assert final["state"]["board"][4] == {"path": 5, "character": "Vicar", "location": "rome"}
    assert final["legal"] == []
    for event in ({"type": "draw", "player": "avignon", "character": "Courtesan"},
                  {"type": "beseech", "player": "rome", "path": 2}):
        before = table.seq
        refused = table.send(event)
        assert refused.status_code == 422 and table.seq == before
        assert THREE_CARDS in refused.get_json()["error"]["rule"]["quote"]

    calc = calculated(client, GAME, {"congregations": final["state"]["congregations"]})
    assert calc["winners"] == final["scores"]["winners"]
    assert [p["total"] for p in calc["players"]] == [p["total"] for p in
                                                     final["scores"]["players"]] == [2, 3]
    assert THREE_CARDS in calc["decided_by"]["rule"]["quote"]


def test_the_same_game_under_end_of_action_is_won_by_rosa_the_final_actor(client):
    table = played_to_the_canonist(client, "end_of_action")
    entered(table, CANONIST_PETITION)
    # Aldo's third card waits for the rest of the action: its replacement is his to draw, then
    # the Vicar is pulled past Rome.
    assert table.view()["over"] is False
    assert {(e["type"], e["player"]) for e in table.view()["legal"]} == {("draw", "avignon")}
    table.refused({"type": "draw", "player": "rome", "character": "Courtesan"}, SCORED_DRAW)
    effects = entered(table, {"type": "draw", "player": "avignon", "character": "Courtesan"})
    assert SCORED in quoted(effects)
    final = table.view()
    assert final["over"] is True and final["scores"]["winners"] == ["rome"]
    assert final["state"]["congregations"] == {"rome": ["Vicar", "Courtesan", "Vicar"],
                                               "avignon": ["Ascetic", "Scribe", "Ascetic"]}
    assert FINAL_ACTION in final["scores"]["decided_by"]["rule"]["quote"]

    calc = calculated(client, GAME, {"congregations": final["state"]["congregations"],
                                     "last_actor": "rome"})
    assert calc["winners"] == ["rome"]
    assert [p["total"] for p in calc["players"]] == [3, 3]
    assert FINAL_ACTION in calc["decided_by"]["rule"]["quote"]
