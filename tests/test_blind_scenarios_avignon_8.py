"""Avignon: Pilgrimage, outsider scenarios round 9 (file 8): the Vicar's Petition that scores the
Vicar for Rosa in the middle of Aldo's turn — two replacement draws by two seats inside one action,
Rosa's own entries while her draw is pending, undo between the draws — and the same Petition giving
both players their third card (the final actor wins, against the calculator); the book's one worked
example (the Scribe) reached by play, Aldo's second card scored by Rosa's own push; both
Congregations shown to everyone ("may be looked at by either player at any time"); and Petitions
entered with the wrong count of cards. Written from the rulebook and the API's own description only
(docs/games/avignon.md, GET /api/games/avignon), never the referee's code."""

import json

import pytest

from tests.api_table import ApiTable, as_seen, calculated, quotes_from, reads_by_others, seat_headers
from tests.test_blind_scenarios_avignon_3 import board, new_game, undo

GAME = "avignon"
book = quotes_from(GAME)

VICAR = book("Vicar (Faction: Bishop). PETITION: PUSH Bishop twice, then EXCOMMUNICATE any other "
             "character, then PULL the new character.")
EXCOMMUNICATE = book("EXCOMMUNICATE: Choose a character and place it in the discard pile. Draw a "
                     "new character and place it in the exact position the removed card "
                     "occupied.")
SCORED = book("If any action causes a card to move past either the Rome or the Avignon card, it is "
              "placed face up in front of the player it was moving towards.")
SCORED_DRAW = book("That player then draws a new character and places it in the same row as the "
                   "removed card, equal to Genoa.")
ALTERNATES = book("Play then alternates between the players.")
TWO_ACTIONS = book("On his or her turn, each player takes exactly two of the actions listed below, "
                   "and the same action may not be taken twice.")
BOTH_WIN = book("If two players would win the game at the same time, the player who took the "
                "game's final action wins.")
SCRIBE_WIN = book("At the start of your turn, if Scribe is in GENOA and you have two in your "
                  "Congregation, WIN.")

ROSAS = [{"type": "beseech", "player": "rome", "path": 2},
         {"type": "chastise", "player": "rome", "path": 4},
         {"type": "excommunicate", "player": "rome", "path": 5},
         {"type": "petition", "player": "rome", "path": 4},
         {"type": "end_turn", "player": "rome"}]


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def quoted(error):
    return [error["rule"]["quote"]] + [rule["quote"] for rule in error.get("rules", [])]


def locations(table):
    return [(entry["character"], entry["location"]) for entry in table.view()["state"]["board"]]


# --- The Vicar scoring itself for Rosa in Aldo's turn: two draws, two seats ----------------------

VICAR_IN_FLORENCE = {"board": board(("Vicar", "florence"), ("Scribe", "nice"),
                                    ("Nuncio", "genoa"), ("Ascetic", "genoa"),
                                    ("Canonist", "genoa")),
                     "turn": "avignon", "first_turn": False}


def test_the_vicar_pushed_past_rome_mid_petition_rosa_draws_then_aldo_draws_and_pulls(client):
    table = new_game(client, VICAR_IN_FLORENCE)
    # Aldo pushes his Vicar twice toward Rome: Florence, Rome, then past Rome — Rosa's card.
    effects = table.accepted({"type": "petition", "player": "avignon", "path": 1,
                              "bishops": [1, 1], "excommunicate": 3})["effects"]
    assert any(effect["rule"]["quote"] == SCORED for effect in effects)
    state = table.view()["state"]
    assert state["congregations"] == {"rome": ["Vicar"], "avignon": []}
    # "That player then draws": Rosa, the player it was moving towards, and only she.
    legal = table.view()["legal"]
    assert legal and {(event["type"], event["player"]) for event in legal} == {("draw", "rome")}
    table.refused({"type": "draw", "player": "avignon", "character": "Courtesan"}, SCORED_DRAW)
    # Rosa may draw, but it is still Aldo's turn: her actions are refused with the turn order.
    for event in ROSAS:
        before = table.seq
        response = table.send(event)
        assert response.status_code == 422, (event, response.get_json())
        assert ALTERNATES in quoted(response.get_json()["error"]), event
        assert table.seq == before
    # Aldo cannot go on to another action before the card is drawn.
    table.refused({"type": "beseech", "player": "avignon", "path": 2}, SCORED_DRAW)
    before_rosas_draw = as_seen(table.view())

    effects = table.accepted({"type": "draw", "player": "rome", "character": "Courtesan"})["effects"]
    assert effects[0]["rule"]["quote"] == SCORED_DRAW
    assert any(effect["rule"]["quote"] == EXCOMMUNICATE for effect in effects)
    assert locations(table)[0] == ("Courtesan", "genoa")
    state = table.view()["state"]
    assert state["discard"] == ["Nuncio"] and locations(table)[2] == (None, None)
    # The excommunicated card's replacement is Aldo's to draw ("Draw a new character"), then pulled.
    legal = table.view()["legal"]
    assert legal and {(event["type"], event["player"]) for event in legal} == {("draw", "avignon")}
    table.refused({"type": "draw", "player": "rome", "character": "Scribe"}, EXCOMMUNICATE)
    after_rosas_draw = as_seen(table.view())

    effects = table.accepted({"type": "draw", "player": "avignon", "character": "Scribe"})["effects"]
    assert any(effect["rule"]["quote"] == VICAR for effect in effects)
    # The Scribe drawn into Genoa on path 3 is pulled one space toward Aldo: Nice.
    assert locations(table) == [("Courtesan", "genoa"), ("Scribe", "nice"), ("Scribe", "nice"),
                                ("Ascetic", "genoa"), ("Canonist", "genoa")]
    # One action taken: the second may be anything but another Petition, and it is Aldo's.
    legal = table.view()["legal"]
    assert {event["player"] for event in legal} == {"avignon"}
    assert {event["type"] for event in legal} == {"beseech", "chastise", "excommunicate"}
    table.refused({"type": "petition", "player": "avignon", "path": 4}, TWO_ACTIONS)

    # Undo walks back through the two draws, each to the table as it was.
    undo(table)
    assert as_seen(table.view()) == after_rosas_draw
    undo(table)
    assert as_seen(table.view()) == before_rosas_draw


def test_the_vicars_petition_gives_both_players_a_third_card_and_aldo_the_final_actor_wins(
        client):
    table = new_game(client, {"board": board(("Vicar", "florence"), ("Scribe", "nice"),
                                             ("Nuncio", "avignon"), ("Ascetic", "genoa"),
                                             ("Canonist", "genoa")),
                              "congregations": {"rome": ["Courtesan", "Ascetic"],
                                                "avignon": ["Courtesan", "Scribe"]},
                              "turn": "avignon", "first_turn": False})
    # The Vicar goes past Rome: Rosa's third card, but the Petition is not over.
    table.accepted({"type": "petition", "player": "avignon", "path": 1, "bishops": [1, 1],
                    "excommunicate": 3})
    view = table.view()
    assert len(view["state"]["congregations"]["rome"]) == 3
    assert view["over"] is False and view["scores"]["winners"] == []
    table.accepted({"type": "draw", "player": "rome", "character": "Canonist"})
    # The Nuncio (Avignon) is excommunicated; the new card, drawn into Avignon, is pulled past it.
    assert table.view()["over"] is False
    effects = table.accepted({"type": "draw", "player": "avignon", "character": "Nuncio"})["effects"]
    assert effects[-1]["rule"]["quote"] == BOTH_WIN
    view = table.view()
    assert view["over"] is True and view["legal"] == []
    assert view["state"]["congregations"] == {"rome": ["Courtesan", "Ascetic", "Vicar"],
                                              "avignon": ["Courtesan", "Scribe", "Nuncio"]}
    assert view["scores"]["winners"] == ["avignon"]
    assert view["scores"]["decided_by"]["rule"]["quote"] == BOTH_WIN
    assert [line["label"] for line in view["scores"]["players"][1]["breakdown"]] == [
        "Courtesan", "Scribe", "Nuncio"]
    # The calculator, told the same Congregations and who acted last, says the same.
    answer = calculated(client, GAME, {"congregations": view["state"]["congregations"],
                                       "last_actor": "avignon"})
    assert answer["winners"] == ["avignon"]
    assert answer["decided_by"]["rule"]["quote"] == BOTH_WIN
    assert [(p["seat"], p["total"]) for p in answer["players"]] == [
        (p["seat"], p["total"]) for p in view["scores"]["players"]]
    # Nothing more: Rosa's turn never comes, and the refusal names the tie's sentence.
    table.refused({"type": "beseech", "player": "rome", "path": 2}, BOTH_WIN)
    # Undo of the last draw: the game is open again, Aldo's draw the only thing to enter.
    undo(table)
    view = table.view()
    assert view["over"] is False and view["scores"]["winners"] == []
    assert {(event["type"], event["player"]) for event in view["legal"]} == {("draw", "avignon")}


# --- The book's Scribe example, reached by play ---------------------------------------------------

def rosa_scores_aldos_second_card(client):
    """Rosa to play; Aldo holds one card. Her Chastise pushes the Nuncio past Avignon: his
    second, and he draws its replacement — the Scribe — into Genoa, in her turn."""
    table = new_game(client, {"board": board(("Nuncio", "avignon"), ("Vicar", "nice"),
                                             ("Canonist", "florence"), ("Ascetic", "genoa"),
                                             ("Courtesan", "genoa")),
                              "congregations": {"rome": [], "avignon": ["Courtesan"]},
                              "turn": "rome", "first_turn": False})
    table.accepted({"type": "chastise", "player": "rome", "path": 1})
    assert table.view()["state"]["congregations"]["avignon"] == ["Courtesan", "Nuncio"]
    table.refused({"type": "draw", "player": "rome", "character": "Scribe"}, SCORED_DRAW)
    table.accepted({"type": "draw", "player": "avignon", "character": "Scribe"})
    assert locations(table)[0] == ("Scribe", "genoa")
    view = table.view()
    assert view["over"] is False and view["state"]["turn"] == "rome"
    return table


def test_rosa_leaving_the_scribe_in_genoa_hands_aldo_the_win_at_the_start_of_his_turn(client):
    # "Example - The Scribe: You (the active player) win at the start of your turn if the Scribe
    # is in Genoa and you have two characters in your Congregation."
    table = rosa_scores_aldos_second_card(client)
    effects = table.accepted({"type": "beseech", "player": "rome", "path": 3})["effects"]
    assert any(effect["rule"]["quote"] == SCRIBE_WIN for effect in effects)
    view = table.view()
    assert view["over"] is True and view["legal"] == []
    assert view["scores"]["winners"] == ["avignon"]
    assert view["scores"]["decided_by"]["rule"]["quote"] == SCRIBE_WIN
    answer = calculated(client, GAME, {"congregations": view["state"]["congregations"],
                                       "scribe_in_genoa_at_start_of": "avignon"})
    assert answer["winners"] == ["avignon"]
    assert answer["decided_by"]["rule"]["quote"] == SCRIBE_WIN
    table.refused({"type": "beseech", "player": "avignon", "path": 1}, SCRIBE_WIN)


def test_rosa_pulling_the_scribe_out_of_genoa_with_her_second_action_denies_the_win(client):
    table = rosa_scores_aldos_second_card(client)
    table.accepted({"type": "beseech", "player": "rome", "path": 1})
    assert locations(table)[0] == ("Scribe", "florence")
    view = table.view()
    assert view["over"] is False and view["scores"]["winners"] == []
    assert view["state"]["turn"] == "avignon"
    assert view["legal"] and {event["player"] for event in view["legal"]} == {"avignon"}
    # And Aldo, with his two cards, does not win at the start of a later turn of Rosa's either:
    # he pulls the Scribe back to Genoa and ends his turn; it is Rosa's turn that starts.
    table.accepted({"type": "beseech", "player": "avignon", "path": 1})
    table.accepted({"type": "chastise", "player": "avignon", "path": 2})
    view = table.view()
    assert locations(table)[0] == ("Scribe", "genoa")
    assert view["over"] is False and view["state"]["turn"] == "rome"


# --- Both Congregations are open to everyone -----------------------------------------------------

def test_both_congregations_are_shown_to_the_other_seat_and_to_a_spectator(client):
    table = rosa_scores_aldos_second_card(client)
    rosa = seat_headers(client, table, "rome")
    reads = reads_by_others(client, table, "rome", rosa)
    # "Also, these cards may be looked at by either player at any time."
    for name in ("rome view", "spectator view"):
        congregations = reads[name].get_json()["state"]["congregations"]
        assert congregations["avignon"] == ["Courtesan", "Nuncio"], name
    page = reads["spectator page"].get_data(as_text=True)
    assert "Nuncio" in page and "Courtesan" in page
    # The deck is face down: what a phone sees of it is how many of each character it can still
    # hold, worked out from the open cards (two copies each, minus the map and both piles).
    deck = reads["spectator view"].get_json()["state"]["deck"]
    assert deck == {"Vicar": 1, "Nuncio": 1, "Canonist": 1, "Courtesan": 0, "Ascetic": 1,
                    "Scribe": 1}


# --- Petitions entered with the wrong number of cards -------------------------------------------

@pytest.mark.parametrize("petition, field", [
    ({"path": 1, "bishops": [1], "excommunicate": 3}, "bishops"),
    ({"path": 1, "bishops": [1, 1, 1], "excommunicate": 3}, "bishops"),
    ({"path": 5, "switch": [1, 2, 3], "push": 1}, "switch"),
    ({"path": 5, "switch": [1], "push": 1}, "switch"),
    ({"path": 2, "target": 1, "move": "both"}, "move"),
], ids=["vicar-one-push", "vicar-three-pushes", "canonist-three", "canonist-one", "scribe-both"])
def test_a_petition_with_the_wrong_count_of_cards_is_a_bad_request_and_writes_nothing(
        client, petition, field):
    table = new_game(client, {"board": board(("Vicar", "nice"), ("Scribe", "genoa"),
                                             ("Nuncio", "florence"), ("Ascetic", "genoa"),
                                             ("Canonist", "genoa")),
                              "turn": "avignon", "first_turn": False})
    before = as_seen(table.view())
    response = table.send({"type": "petition", "player": "avignon", **petition})
    assert response.status_code == 400, response.get_json()
    assert field in json.dumps(response.get_json()["error"])
    assert as_seen(table.view()) == before and table.seq == 0
    # The same Petition, entered as the card says, is accepted.
    right = {"bishops": {"path": 1, "bishops": [1, 1], "excommunicate": 3},
             "switch": {"path": 5, "switch": [1, 2], "push": 1},
             "move": {"path": 2, "target": 1, "move": "pull"}}[field]
    table.accepted({"type": "petition", "player": "avignon", **right})


# --- A table ruling changes only what it names: win_timing ----------------------------------------

THREE_CARDS = book("The game ends when one player has three cards in his or her Congregation. That "
                   "player wins the game.")
BOTH_AT_TWO = {"board": board(("Vicar", "florence"), ("Scribe", "nice"), ("Nuncio", "avignon"),
                              ("Ascetic", "genoa"), ("Canonist", "genoa")),
               "congregations": {"rome": ["Courtesan", "Ascetic"],
                                 "avignon": ["Courtesan", "Scribe"]},
               "turn": "avignon", "first_turn": False}


def test_under_win_timing_immediately_rosas_third_card_ends_the_vicars_petition_at_once(client):
    def table_with(win_timing):
        return ApiTable(client, {"game": GAME, "players": ["Rosa", "Aldo"],
                                 "options": {"win_timing": win_timing}, "position": BOTH_AT_TWO})

    literal, immediate = table_with("end_of_action"), table_with("immediately")
    petition = {"type": "petition", "player": "avignon", "path": 1, "bishops": [1, 1],
                "excommunicate": 3}
    literal.accepted(petition)
    effects = immediate.accepted(petition)["effects"]
    assert effects[-1]["rule"]["quote"] == THREE_CARDS
    # The same cards moved and scored under either reading...
    for table in (literal, immediate):
        state = table.view()["state"]
        assert state["congregations"]["rome"] == ["Courtesan", "Ascetic", "Vicar"]
        assert state["board"][0] == {"path": 1, "character": None, "location": None}
    # ...but under `immediately` the game is over the moment Rosa's third card arrives: no draw,
    # no excommunication, Rosa the winner; under the default the Petition goes on.
    view = immediate.view()
    assert view["over"] is True and view["legal"] == [] and view["state"]["pending"] is None
    assert view["scores"]["winners"] == ["rome"]
    assert view["state"]["board"][2] == {"path": 3, "character": "Nuncio", "location": "avignon"}
    immediate.refused({"type": "draw", "player": "rome", "character": "Canonist"}, THREE_CARDS)
    view = literal.view()
    assert view["over"] is False and view["scores"]["winners"] == []
    assert {(event["type"], event["player"]) for event in view["legal"]} == {("draw", "rome")}
