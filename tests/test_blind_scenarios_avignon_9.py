"""Avignon: Pilgrimage, outsider scenarios round 12 (file 9): a whole game from the setup's five
draws to the Scribe's win, every entry undone and redone as it is made, the board worked out by
hand from the Game Terms and the Reference Card after each turn, a real player's slips on the way,
and the finished game against the calculator; then every table ruling no earlier outsider round
played, each both ways on the same entries (`ascetic_end_move`, `nuncio_pulls_itself`,
`ascetic_moves_itself` x `ascetic_rival_push`, `after_leaving_play`, `samaritan_compares`,
`samaritan_reversal`), checking that the ruling changes what it names and nothing else; Aldo's
Nuncio undoing Rosa's single first action under both Samaritan readings. Written
from the rulebook and the API's own description only (docs/games/avignon.md, GET
/api/games/avignon), never the referee's code."""

import pytest

from tests.api_table import ApiTable, as_seen, calculated, quotes_from

GAME = "avignon"
book = quotes_from(GAME)

SETUP_DRAW = book("Draw five cards and place them face up in a row extending outwards from Genoa.")
SELFLESS = book("The player who has the first turn of the game takes only a single action.")
TWO_ACTIONS = book("On his or her turn, each player takes exactly two of the actions listed below, "
                   "and the same action may not be taken twice.")
EXCOMMUNICATE = book("EXCOMMUNICATE: Choose a character and place it in the discard pile. Draw a "
                     "new character and place it in the exact position the removed card "
                     "occupied.")
SCORED = book("If any action causes a card to move past either the Rome or the Avignon card, it is "
              "placed face up in front of the player it was moving towards.")
SCORED_DRAW = book("That player then draws a new character and places it in the same row as the "
                   "removed card, equal to Genoa.")
TWO_COPIES = book("Use both copies of the chosen characters to form a 12 card deck.")
SCRIBE_WIN = book("At the start of your turn, if Scribe is in GENOA and you have two in your "
                  "Congregation, WIN.")
SCRIBE = book("Scribe (Faction: Noble). PETITION: PUSH Scribe, then PUSH or PULL any in a path "
              "adjacent to Scribe.")
OUT_OF_PLAY = book("Cards in a player's Congregation are considered to be out of play and cannot be "
                   "affected by actions.")
SAMARITAN = book("Players may not take actions that, at the end of their turn, have completely "
                 "reversed the previous player's turn.")
ASCETIC_END = book("If you end your turn with Ascetic in AVIGNON or ROME, move him one space closer "
                   "to GENOA.")

# Locations as distances from Genoa, Rome's side positive: PULL by Rome and PUSH by Avignon add one.
PLACES = {-2: "avignon", -1: "nice", 0: "genoa", 1: "florence", 2: "rome"}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def board(*cards):
    """Path 1 first: each card a (character, location), the location a name or a distance."""
    return [{"path": n, "character": character,
             "location": PLACES[location] if isinstance(location, int) else location}
            for n, (character, location) in enumerate(cards, start=1)]


def new_game(client, position=None, **options):
    setup = {"game": GAME, "players": ["Rosa", "Aldo"], "options": options}
    if position is not None:
        setup["position"] = position
    return ApiTable(client, setup)


def redo(table):
    response = table.client.post(f"/api/sessions/{table.id}/redo", headers=table.headers)
    assert response.status_code == 200, response.get_json()
    table.seq = response.get_json()["seq"]


def entered(table, event):
    """The event accepted; undone, the table exactly as before it (state, scores, legal, phase);
    redone, exactly as after it."""
    before = as_seen(table.view())
    effects = table.accepted(event)["effects"]
    after = as_seen(table.view())
    undone = table.undo()
    assert {k: v for k, v in undone["undo"].items() if k in event} == event
    assert as_seen(table.view()) == before, event
    redo(table)
    assert as_seen(table.view()) == after, event
    return effects


def quoted(error):
    return [error["rule"]["quote"]] + [rule["quote"] for rule in error.get("rules", [])]


# --- A whole game, setup to the Scribe's win ------------------------------------------------------

def test_a_whole_game_from_the_five_setup_draws_to_the_scribes_win_each_entry_undone_and_redone(
        client):
    table = new_game(client)
    state = table.view()["state"]
    assert state["deck"] == {character: 2 for character in
                             ("Vicar", "Nuncio", "Canonist", "Courtesan", "Ascetic", "Scribe")}
    # The setup: five cards drawn into Genoa, path 1 first; "Draw five cards" names no player.
    for n, (seat, character) in enumerate([("rome", "Vicar"), ("avignon", "Scribe"),
                                           ("rome", "Nuncio"), ("rome", "Ascetic"),
                                           ("avignon", "Canonist")], start=1):
        effects = entered(table, {"type": "draw", "player": seat, "character": character})
        assert effects[0]["rule"]["quote"] == SETUP_DRAW
        assert table.view()["state"]["board"][n - 1] == {"path": n, "character": character,
                                                         "location": "genoa"}
    state = table.view()["state"]
    assert sum(state["deck"].values()) == 7
    assert state["turn"] == "rome" and state["first_turn"] is True

    # Turn 1, Rosa (Rome), the Selfless Rule: one action, Beseech pulls the Nuncio to Florence.
    entered(table, {"type": "beseech", "player": "rome", "path": 3})
    table.refused({"type": "chastise", "player": "rome", "path": 1}, SELFLESS)
    assert table.view()["state"]["turn"] == "avignon"

    # Turn 2, Aldo (Avignon): his Chastise pushes the Nuncio on to Rome; Beseech, the Canonist
    # to Nice. A second Chastise is the same action twice.
    entered(table, {"type": "chastise", "player": "avignon", "path": 3})
    table.refused({"type": "chastise", "player": "avignon", "path": 5}, TWO_ACTIONS)
    entered(table, {"type": "beseech", "player": "avignon", "path": 5})
    assert table.view()["state"]["board"] == board(("Vicar", 0), ("Scribe", 0), ("Nuncio", 2),
                                                   ("Ascetic", 0), ("Canonist", -1))

    # Turn 3, Rosa: the Nuncio pulled past Rome is her first card; she draws its replacement into
    # Genoa before anything else, then excommunicates the Ascetic and draws into its place.
    effects = entered(table, {"type": "beseech", "player": "rome", "path": 3})
    assert any(effect["rule"]["quote"] == SCORED for effect in effects)
    assert {(e["type"], e["player"]) for e in table.view()["legal"]} == {("draw", "rome")}
    table.refused({"type": "excommunicate", "player": "rome", "path": 4}, SCORED_DRAW)
    entered(table, {"type": "draw", "player": "rome", "character": "Courtesan"})
    entered(table, {"type": "excommunicate", "player": "rome", "path": 4})
    effects = entered(table, {"type": "draw", "player": "rome", "character": "Vicar"})
    assert effects[0]["rule"]["quote"] == EXCOMMUNICATE
    state = table.view()["state"]
    assert state["board"] == board(("Vicar", 0), ("Scribe", 0), ("Courtesan", 0), ("Vicar", 0),
                                   ("Canonist", -1))
    assert state["congregations"] == {"rome": ["Nuncio"], "avignon": []}
    assert state["discard"] == ["Ascetic"] and state["turn"] == "avignon"

    # Turn 4, Aldo: the Vicar's Petition pushes both Vicars (the Bishops) toward Rome,
    # excommunicates the Courtesan, the new character (a Scribe) is drawn and pulled to Nice;
    # then Beseech takes his Canonist to Avignon.
    entered(table, {"type": "petition", "player": "avignon", "path": 1, "bishops": [1, 4],
                    "excommunicate": 3})
    # Both Vicars are on the map: a third cannot come out of the deck.
    table.refused({"type": "draw", "player": "avignon", "character": "Vicar"}, TWO_COPIES)
    entered(table, {"type": "draw", "player": "avignon", "character": "Scribe"})
    entered(table, {"type": "beseech", "player": "avignon", "path": 5})
    state = table.view()["state"]
    assert state["board"] == board(("Vicar", 1), ("Scribe", 0), ("Scribe", -1), ("Vicar", 1),
                                   ("Canonist", -2))
    assert state["discard"] == ["Ascetic", "Courtesan"]

    # Turn 5, Rosa: Beseech the Vicar to Rome; her Chastise pushes the Canonist past Avignon into
    # Aldo's Congregation, and Aldo, the player it moved towards, draws its replacement.
    entered(table, {"type": "beseech", "player": "rome", "path": 1})
    entered(table, {"type": "chastise", "player": "rome", "path": 5})
    assert {(e["type"], e["player"]) for e in table.view()["legal"]} == {("draw", "avignon")}
    table.refused({"type": "draw", "player": "rome", "character": "Nuncio"}, SCORED_DRAW)
    entered(table, {"type": "draw", "player": "avignon", "character": "Nuncio"})
    state = table.view()["state"]
    assert state["board"] == board(("Vicar", 2), ("Scribe", 0), ("Scribe", -1), ("Vicar", 1),
                                   ("Nuncio", 0))
    assert state["congregations"] == {"rome": ["Nuncio"], "avignon": ["Canonist"]}
    assert state["turn"] == "avignon"

    # Turn 6, Aldo: Beseech the Vicar back to Florence; excommunicate the other Vicar, an Ascetic
    # drawn into its exact position (Florence).
    entered(table, {"type": "beseech", "player": "avignon", "path": 1})
    entered(table, {"type": "excommunicate", "player": "avignon", "path": 4})
    entered(table, {"type": "draw", "player": "avignon", "character": "Ascetic"})
    assert table.view()["state"]["board"] == board(("Vicar", 1), ("Scribe", 0), ("Scribe", -1),
                                                   ("Ascetic", 1), ("Nuncio", 0))

    # Turn 7, Rosa: her Nuncio's Petition pushes it to Nice and pulls Nice (the Scribe and the
    # Nuncio itself) back to Genoa; Beseech the Vicar to Rome again.
    entered(table, {"type": "petition", "player": "rome", "path": 5})
    entered(table, {"type": "beseech", "player": "rome", "path": 1})
    assert table.view()["state"]["board"] == board(("Vicar", 2), ("Scribe", 0), ("Scribe", 0),
                                                   ("Ascetic", 1), ("Nuncio", 0))

    # Turn 8, Aldo: he tries to end his turn at once, then Beseech the Ascetic and Chastise a
    # Scribe to Florence.
    table.refused({"type": "end_turn", "player": "avignon"}, TWO_ACTIONS)
    entered(table, {"type": "beseech", "player": "avignon", "path": 4})
    entered(table, {"type": "chastise", "player": "avignon", "path": 2})

    # Turn 9, Rosa: the Vicar pulled past Rome is her second card (a Courtesan replaces it);
    # Chastise brings the Scribe back to Genoa: both Scribes stand in Genoa.
    entered(table, {"type": "beseech", "player": "rome", "path": 1})
    entered(table, {"type": "draw", "player": "rome", "character": "Courtesan"})
    entered(table, {"type": "chastise", "player": "rome", "path": 2})
    state = table.view()["state"]
    assert state["board"] == board(("Courtesan", 0), ("Scribe", 0), ("Scribe", 0),
                                   ("Ascetic", 0), ("Nuncio", 0))
    assert state["congregations"] == {"rome": ["Nuncio", "Vicar"], "avignon": ["Canonist"]}
    assert table.view()["over"] is False

    # Turn 10, Aldo moves only one Scribe out of Genoa and excommunicates the Ascetic (the last
    # card of the deck, a Canonist, replaces it).
    entered(table, {"type": "beseech", "player": "avignon", "path": 2})
    entered(table, {"type": "excommunicate", "player": "avignon", "path": 4})
    assert [e["character"] for e in table.view()["legal"]] == ["Canonist"]
    last = {"type": "draw", "player": "avignon", "character": "Canonist"}
    entered(table, last)

    # Rosa's turn starts with a Scribe in Genoa and two cards in her Congregation: she wins.
    view = table.view()
    assert view["over"] is True and view["legal"] == []
    assert view["scores"]["winners"] == ["rome"]
    assert SCRIBE_WIN in view["scores"]["decided_by"]["rule"]["quote"]
    assert sum(view["state"]["deck"].values()) == 0
    error = table.refused({"type": "beseech", "player": "rome", "path": 1}, SCRIBE_WIN)
    assert SCRIBE_WIN in quoted(error)

    # The calculator, given the Congregations and the Scribe, scores it the same, line by line.
    scores = calculated(client, GAME, {"congregations": {"rome": ["Nuncio", "Vicar"],
                                                         "avignon": ["Canonist"]},
                                       "scribe_in_genoa_at_start_of": "rome"})
    assert scores["winners"] == ["rome"]
    assert scores["decided_by"]["rule"]["quote"] == view["scores"]["decided_by"]["rule"]["quote"]
    assert ([(p["seat"], p["total"], p["breakdown"]) for p in scores["players"]]
            == [(p["seat"], p["total"], p["breakdown"]) for p in view["scores"]["players"]])
    assert [p["total"] for p in scores["players"]] == [2, 1]


# --- Table rulings, each both ways on the same entries --------------------------------------------

def played_both_ways(client, option, readings, position, events):
    """The same entries on one table per reading of `option`: the state each table ends in."""
    states = {}
    for reading in readings:
        table = new_game(client, position, **{option: reading})
        for event in events:
            table.accepted(event)
        states[reading] = table.view()["state"]
    return states


def differing_paths(first, second):
    return [a["path"] for a, b in zip(first["board"], second["board"], strict=True) if a != b]


def alike_but_the_board(first, second):
    keep = ("deck", "discard", "congregations", "turn", "first_turn", "actions_taken", "winner")
    return {key: first[key] for key in keep} == {key: second[key] for key in keep}


def test_ascetic_end_move_either_end_or_own_end_after_rosa_drives_both_ascetics_to_the_ends(
        client):
    # Rosa pulls one Ascetic into Rome and pushes the other into Avignon, ending her turn.
    position = {"board": board(("Ascetic", 1), ("Ascetic", -1), ("Vicar", 0), ("Scribe", 0),
                               ("Nuncio", 0)),
                "turn": "rome", "first_turn": False}
    rosas_turn = [{"type": "beseech", "player": "rome", "path": 1},
                  {"type": "chastise", "player": "rome", "path": 2}]
    states = played_both_ways(client, "ascetic_end_move", ["either_end", "own_end"], position,
                              rosas_turn)
    # either_end: every Ascetic at an end steps toward Genoa; own_end: only the one in Rome.
    assert states["either_end"]["board"] == board(("Ascetic", 1), ("Ascetic", -1), ("Vicar", 0),
                                                  ("Scribe", 0), ("Nuncio", 0))
    assert states["own_end"]["board"] == board(("Ascetic", 1), ("Ascetic", -2), ("Vicar", 0),
                                               ("Scribe", 0), ("Nuncio", 0))
    assert differing_paths(states["either_end"], states["own_end"]) == [2]
    assert alike_but_the_board(states["either_end"], states["own_end"])
    assert states["own_end"]["turn"] == "avignon"

    # Under own_end the Ascetic left in Avignon is Aldo's: it steps back when he ends his turn,
    # though he never touched it.
    table = new_game(client, position, ascetic_end_move="own_end")
    for event in rosas_turn:
        table.accepted(event)
    table.accepted({"type": "beseech", "player": "avignon", "path": 3})
    effects = table.accepted({"type": "chastise", "player": "avignon", "path": 4})["effects"]
    assert [e["text"] for e in effects if ASCETIC_END in e["rule"]["quote"]]
    assert table.view()["state"]["board"] == board(("Ascetic", 1), ("Ascetic", -1), ("Vicar", -1),
                                                   ("Scribe", 1), ("Nuncio", 0))


def test_nuncio_pulls_itself_or_not_when_rosas_nuncio_is_pushed_into_avignon(client):
    # Rosa's second action: her Nuncio in Nice is pushed to Avignon, then every character in
    # Avignon is pulled one space toward Rome (the Vicar and the Canonist there with it).
    position = {"board": board(("Nuncio", -1), ("Vicar", -2), ("Scribe", 0), ("Canonist", -2),
                               ("Courtesan", 1)),
                "turn": "rome", "first_turn": False, "actions_taken": ["beseech"]}
    petition = [{"type": "petition", "player": "rome", "path": 1}]
    states = played_both_ways(client, "nuncio_pulls_itself", [True, False], position, petition)
    assert states[True]["board"] == board(("Nuncio", -1), ("Vicar", -1), ("Scribe", 0),
                                          ("Canonist", -1), ("Courtesan", 1))
    assert states[False]["board"] == board(("Nuncio", -2), ("Vicar", -1), ("Scribe", 0),
                                           ("Canonist", -1), ("Courtesan", 1))
    assert differing_paths(states[True], states[False]) == [1]
    assert alike_but_the_board(states[True], states[False])
    assert states[False]["turn"] == "avignon"


@pytest.mark.parametrize(("moves_itself", "rival_push", "expected"), [
    (True, "rival_pushes", [1, 1]),
    (False, "rival_pushes", [0, 1]),
    (True, "toward_rival", [-1, -1]),
    (False, "toward_rival", [0, -1]),
])
def test_the_ascetics_petition_under_each_reading_of_itself_and_of_rival_push(
        client, moves_itself, rival_push, expected):
    # Rosa petitions the Ascetic on path 1; the other Ascetic (the only other Peasant) is on path 3.
    position = {"board": board(("Ascetic", 0), ("Vicar", 0), ("Ascetic", 0), ("Scribe", 0),
                               ("Nuncio", 0)),
                "turn": "rome", "first_turn": False}
    table = new_game(client, position, ascetic_moves_itself=moves_itself,
                     ascetic_rival_push=rival_push)
    before = table.view()["state"]
    table.accepted({"type": "petition", "player": "rome", "path": 1})
    after = table.view()["state"]
    assert after["board"] == board(("Ascetic", expected[0]), ("Vicar", 0), ("Ascetic", expected[1]),
                                   ("Scribe", 0), ("Nuncio", 0))
    assert (after["deck"], after["discard"], after["congregations"]) == (
        before["deck"], before["discard"], before["congregations"])
    assert after["actions_taken"] == ["petition"] and after["turn"] == "rome"


def test_after_leaving_play_nothing_or_last_position_for_rosas_scribe_pushed_past_avignon(
        client):
    # Rosa's second action: her Scribe in Avignon (path 3) pushes itself past Avignon into Aldo's
    # Congregation; Aldo draws its replacement; then "PUSH or PULL any in a path adjacent".
    position = {"board": board(("Vicar", 0), ("Nuncio", 1), ("Scribe", -2), ("Canonist", -1),
                               ("Courtesan", 0)),
                "turn": "rome", "first_turn": False, "actions_taken": ["beseech"]}
    with_target = {"type": "petition", "player": "rome", "path": 3, "target": 2, "move": "pull"}
    bare = {"type": "petition", "player": "rome", "path": 3}
    draw = {"type": "draw", "player": "avignon", "character": "Courtesan"}

    gone = new_game(client, position, after_leaving_play="nothing")
    assert [e for e in gone.view()["legal"] if e["type"] == "petition"
            and e["path"] == 3] == [bare]
    gone.refused(with_target, OUT_OF_PLAY)
    gone.accepted(bare)
    gone.accepted(draw)

    last = new_game(client, position, after_leaving_play="last_position")
    assert {(e["target"], e["move"]) for e in last.view()["legal"]
            if e["type"] == "petition" and e["path"] == 3} == {
        (2, "push"), (2, "pull"), (4, "push"), (4, "pull")}
    last.refused(bare, SCRIBE)
    last.accepted(with_target)
    last.accepted(draw)

    gone_state, last_state = gone.view()["state"], last.view()["state"]
    assert gone_state["congregations"] == last_state["congregations"] == {
        "rome": [], "avignon": ["Scribe"]}
    assert gone_state["board"] == board(("Vicar", 0), ("Nuncio", 1), ("Courtesan", 0),
                                        ("Canonist", -1), ("Courtesan", 0))
    # From the Scribe's last place, path 2 (the Nuncio in Florence) is pulled into Rome.
    assert last_state["board"] == board(("Vicar", 0), ("Nuncio", 2), ("Courtesan", 0),
                                        ("Canonist", -1), ("Courtesan", 0))
    assert differing_paths(gone_state, last_state) == [2]
    assert alike_but_the_board(gone_state, last_state)
    assert gone_state["turn"] == last_state["turn"] == "avignon"


# Aldo's previous turn: Beseech the Scribe (path 2) to Nice, excommunicate the Vicar (path 1) and
# draw the other Vicar into its place. Rosa now excommunicates the Nuncio (the other Nuncio drawn)
# and pulls the Scribe back: every path holds what it held before Aldo's turn; the discard pile
# does not.
BEFORE_ALDOS_TURN = board(("Vicar", 0), ("Scribe", 0), ("Nuncio", 0), ("Ascetic", 0),
                          ("Canonist", 0))
AFTER_ALDOS_TURN = board(("Vicar", 0), ("Scribe", -1), ("Nuncio", 0), ("Ascetic", 0),
                         ("Canonist", 0))
REVERSED_BY_EXCOMMUNICATION = {
    "board": AFTER_ALDOS_TURN, "discard": ["Vicar"], "turn": "rome", "first_turn": False,
    "previous_turn": {"player": "avignon", "actions": ["beseech", "excommunicate"],
                      "board_before": BEFORE_ALDOS_TURN, "board_after": AFTER_ALDOS_TURN}}


def test_samaritan_compares_board_or_board_and_piles_after_an_excommunication(client):
    rosas_turn = [{"type": "excommunicate", "player": "rome", "path": 3},
                  {"type": "draw", "player": "rome", "character": "Nuncio"}]
    pull_back = {"type": "beseech", "player": "rome", "path": 2}

    on_board = new_game(client, REVERSED_BY_EXCOMMUNICATION, samaritan_compares="board")
    for event in rosas_turn:
        on_board.accepted(event)
    assert pull_back not in on_board.view()["legal"]
    on_board.refused(pull_back, SAMARITAN)
    # A partial reversal is allowed: the Scribe pushed on instead.
    on_board.accepted({"type": "chastise", "player": "rome", "path": 2})

    with_piles = new_game(client, REVERSED_BY_EXCOMMUNICATION,
                          samaritan_compares="board_and_piles")
    for event in rosas_turn:
        with_piles.accepted(event)
    assert pull_back in with_piles.view()["legal"]
    with_piles.accepted(pull_back)
    state = with_piles.view()["state"]
    assert state["board"] == BEFORE_ALDOS_TURN
    assert state["discard"] == ["Vicar", "Nuncio"] and state["turn"] == "avignon"


def test_samaritan_reversal_whole_turn_or_undoes_previous_in_either_order(client):
    # Aldo's previous turn moved only the Scribe (Genoa to Nice). Rosa pulls it back AND moves the
    # Canonist: under whole_turn a partial reversal; under undoes_previous still forbidden, at
    # whichever of her two actions ends the turn.
    position = {"board": AFTER_ALDOS_TURN, "turn": "rome", "first_turn": False,
                "previous_turn": {"player": "avignon", "actions": ["beseech"],
                                  "board_before": BEFORE_ALDOS_TURN,
                                  "board_after": AFTER_ALDOS_TURN}}
    pull_back = {"type": "beseech", "player": "rome", "path": 2}
    push_canonist = {"type": "chastise", "player": "rome", "path": 5}
    for first, second in [(pull_back, push_canonist), (push_canonist, pull_back)]:
        whole = new_game(client, position, samaritan_reversal="whole_turn")
        whole.accepted(first)
        assert second in whole.view()["legal"]
        whole.accepted(second)
        assert whole.view()["state"]["turn"] == "avignon"

        undoes = new_game(client, position, samaritan_reversal="undoes_previous")
        undoes.accepted(first)
        assert second not in undoes.view()["legal"]
        before = as_seen(undoes.view())
        undoes.refused(second, SAMARITAN)
        assert as_seen(undoes.view()) == before
        assert undoes.view()["state"]["turn"] == "rome"


@pytest.mark.parametrize("reading", ["whole_turn", "undoes_previous"])
def test_aldos_nuncio_undoing_rosas_single_first_action_under_each_samaritan_reading(
        client, reading):
    # Rosa's first turn (one action): Beseech pulls the Vicar (path 1) to Florence. Aldo's
    # Nuncio (path 3, Genoa) pushed to Florence pulls Florence back to Genoa: the Vicar and
    # itself. That one action puts back all Rosa did.
    table = new_game(client, {"face_up": ["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"]},
                     samaritan_reversal=reading)
    table.accepted({"type": "beseech", "player": "rome", "path": 1})
    nuncio = {"type": "petition", "player": "avignon", "path": 3}
    pull_back = {"type": "beseech", "player": "avignon", "path": 1}
    other = {"type": "beseech", "player": "avignon", "path": 2}

    # Pulled back by hand first, the Nuncio's Petition would end the turn with the table exactly
    # as before Rosa's: refused under both readings.
    table.accepted(pull_back)
    assert nuncio not in table.view()["legal"]
    table.refused(nuncio, SAMARITAN)
    table.undo()

    # The Nuncio first, then another card moved: a partial reversal ("Partial reversals are
    # allowed.") under whole_turn; still everything Rosa did put back under undoes_previous.
    table.accepted(nuncio)
    assert table.view()["state"]["board"] == board(("Vicar", 0), ("Scribe", 0), ("Nuncio", 0),
                                                   ("Ascetic", 0), ("Canonist", 0))
    if reading == "whole_turn":
        assert other in table.view()["legal"]
        table.accepted(other)
        assert table.view()["state"]["turn"] == "rome"
    else:
        assert other not in table.view()["legal"]
        table.refused(other, SAMARITAN)
        assert table.view()["state"]["turn"] == "avignon"
