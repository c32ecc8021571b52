"""Independent audit of the Avignon: Pilgrimage referee, written from the rulebook
(rulebook_index/data/avignon.txt) and the API's own description (GET /api/games/avignon) only, as a
held-out scenario writer would: each scenario creates a table through the HTTP API (the example
setup, or a position), enters events as the players would, and checks what a careful player checks:
200 for the legal move, 422 quoting the sentence that forbids the attempt (verbatim in the book),
and the board, Congregations and winner the book describes.

Map order (Setup): Avignon, Nice, Genoa, Florence, Rome; a PULL moves a card toward the actor, a
PUSH toward the opponent.
"""

from tests.api_table import ApiTable, quotes_from, rulebook

BOOK = rulebook("avignon")
PLAYERS = [{"name": "Rosa", "seat": "rome"}, {"name": "Aldo", "seat": "avignon"}]

in_book = quotes_from("avignon")


TWO_ACTIONS = in_book("the same action may not be taken twice")
SELFLESS = in_book("The player who has the first turn of the game takes only a single action.")
SAMARITAN = in_book("Players may not take actions that, at the end of their turn, have completely "
                    "reversed the previous player's turn.")
OUT_OF_PLAY = in_book("Cards in a player's Congregation are considered to be out of play and cannot "
                      "be affected by actions.")
THREE_WINS = in_book("The game ends when one player has three cards in his or her Congregation.")
SIMULTANEOUS = in_book("If two players would win the game at the same time, the player who took the "
                       "game's final action wins.")
VICAR_OTHER = in_book("EXCOMMUNICATE any other character")
CANONIST_OTHER = in_book("Switch the positions of two other characters.")
COURTESAN = in_book("PULL a character that is closer to your RIVAL than Courtesan.")
SCRIBE = in_book("PUSH Scribe, then PUSH or PULL any in a path adjacent to Scribe.")


def start(client, cells=None, turn="rome", **position) -> ApiTable:
    setup = {"game": "avignon", "players": PLAYERS, "options": position.pop("options", {})}
    if cells is None:
        setup["position"] = {"face_up": ["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"]}
    else:
        board = [{"path": p, "character": c, "location": loc}
                 for p, (c, loc) in enumerate(cells, start=1)]
        setup["position"] = {"board": board, "turn": turn, "first_turn": False, **position}
    return ApiTable(client, setup)


GENOA = [("Vicar", "genoa"), ("Scribe", "genoa"), ("Nuncio", "genoa"), ("Ascetic", "genoa"),
         ("Canonist", "genoa")]


def ev(kind, player="rome", **fields):
    return {"type": kind, "player": player, **fields}


def refused(table: ApiTable, event: dict, quote: str) -> dict:
    error = table.refused(event, quote)
    assert event not in table.view()["legal"]
    return error


def board(table: ApiTable) -> list:
    return [(c["character"], c["location"]) for c in table.view()["state"]["board"]]


def state(table: ApiTable) -> dict:
    return table.view()["state"]


# -- turn sequence ------------------------------------------------------------------------------


def test_selfless_rule_rome_first_turn_is_a_single_action(client):
    """"Special: The Selfless Rule The player who has the first turn of the game takes only a single
    action." — Rome's second action on the first turn is refused; Avignon then takes two."""
    table = start(client)
    table.accepted(ev("beseech", path=1))
    refused(table, ev("chastise", path=2), SELFLESS)
    assert table.view()["current_players"] == ["avignon"]
    table.accepted(ev("beseech", "avignon", path=2))
    assert table.view()["current_players"] == ["avignon"]
    table.accepted(ev("chastise", "avignon", path=3))
    assert table.view()["current_players"] == ["rome"]


def test_the_same_action_may_not_be_taken_twice(client):
    """"On his or her turn, each player takes exactly two of the actions listed below, and the same
    action may not be taken twice." — BESEECH twice (on different cards) is refused."""
    table = start(client, GENOA, turn="avignon")
    table.accepted(ev("beseech", "avignon", path=1))
    refused(table, ev("beseech", "avignon", path=2), TWO_ACTIONS)
    table.accepted(ev("excommunicate", "avignon", path=2))
    table.accepted(ev("draw", "avignon", character="Courtesan"))
    assert table.view()["current_players"] == ["rome"]


def test_pull_and_push_directions(client):
    """"When an action instructs a player to PULL a card, that player takes one card and moves it
    the distance of one Map Card toward themselves." — Avignon's BESEECH moves a Genoa card to Nice,
    its CHASTISE to Florence."""
    table = start(client, GENOA, turn="avignon")
    table.accepted(ev("beseech", "avignon", path=1))
    table.accepted(ev("chastise", "avignon", path=2))
    assert board(table)[:2] == [("Vicar", "nice"), ("Scribe", "florence")]


def test_end_turn_is_refused_while_an_action_can_be_taken(client):
    """"each player takes exactly two of the actions listed below" — ending the turn after one
    action while a second can be taken is refused."""
    table = start(client, GENOA, turn="avignon")
    table.accepted(ev("beseech", "avignon", path=1))
    response = table.send(ev("end_turn", "avignon"))
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in BOOK


def test_samaritan_complete_reversal_refused_partial_allowed(client):
    """"Special: The Samaritan Rule Players may not take actions that, at the end of their turn,
    have completely reversed the previous player's turn. Partial reversals are allowed." """
    table = start(client)
    table.accepted(ev("beseech", path=1))
    table.accepted(ev("beseech", "avignon", path=3))   # Nuncio to Nice
    table.accepted(ev("chastise", "avignon", path=4))  # Ascetic to Florence
    table.accepted(ev("beseech", path=3))               # Nuncio back to Genoa
    refused(table, ev("chastise", path=4), SAMARITAN)   # Ascetic back to Genoa: complete
    table.accepted(ev("chastise", path=5))              # a partial reversal is allowed
    assert board(table)[2:] == [("Nuncio", "genoa"), ("Ascetic", "florence"),
                                ("Canonist", "nice")]


# -- scoring and Congregations --------------------------------------------------------------------


def test_a_card_pushed_past_avignon_joins_avignon_congregation_and_is_replaced_in_genoa(client):
    """"If any action causes a card to move past either the Rome or the Avignon card, it is placed
    face up in front of the player it was moving towards." ... "That player then draws a new
    character and places it in the same row as the removed card, equal to Genoa." """
    cells = [("Vicar", "avignon")] + GENOA[1:]
    table = start(client, cells)
    table.accepted(ev("chastise", path=1))
    assert state(table)["congregations"]["avignon"] == ["Vicar"]
    table.accepted(ev("draw", "avignon", character="Courtesan"))
    assert board(table)[0] == ("Courtesan", "genoa")


def test_a_card_in_a_congregation_cannot_be_acted_on(client):
    """"Cards in a player's Congregation are considered to be out of play and cannot be affected by
    actions." — naming the Courtesan in Rome's Congregation for a BESEECH is refused."""
    table = start(client, GENOA, congregations={"rome": ["Courtesan"], "avignon": []})
    refused(table, ev("beseech", card={"character": "Courtesan", "congregation": "rome"}),
            OUT_OF_PLAY)
    refused(table, ev("excommunicate", card={"character": "Courtesan", "congregation": "rome"}),
            OUT_OF_PLAY)


def test_congregations_are_visible_to_either_player(client):
    """"Also, these cards may be looked at by either player at any time." """
    table = start(client, GENOA, congregations={"rome": ["Courtesan"], "avignon": ["Scribe"]})
    for seat in ("rome", "avignon", None):
        congregations = table.view(seat)["state"]["congregations"]
        assert congregations == {"rome": ["Courtesan"], "avignon": ["Scribe"]}


def test_excommunicate_replaces_in_the_exact_position(client):
    """"EXCOMMUNICATE: Choose a character and place it in the discard pile. Draw a new character and
    place it in the exact position the removed card occupied." """
    cells = [("Vicar", "nice")] + GENOA[1:]
    table = start(client, cells)
    table.accepted(ev("excommunicate", path=1))
    assert state(table)["discard"] == ["Vicar"]
    table.accepted(ev("draw", character="Courtesan"))
    assert board(table)[0] == ("Courtesan", "nice")


def test_a_draw_of_a_card_that_cannot_be_in_the_deck_is_refused(client):
    """"Use both copies of the chosen characters to form a 12 card deck." — with both Vicars seen,
    a third cannot be drawn."""
    cells = [("Vicar", "nice"), ("Vicar", "genoa")] + GENOA[2:]
    table = start(client, cells)
    table.accepted(ev("excommunicate", path=2))
    response = table.send(ev("draw", character="Vicar"))
    assert response.status_code == 422, response.get_json()
    assert response.get_json()["error"]["rule"]["quote"] in BOOK


def test_empty_deck_reshuffles_all_discards_for_an_excommunication(client):
    """"If the deck is empty, shuffle all discarded cards to form a new deck." — the card just
    excommunicated can come straight back."""
    cells = [("Vicar", "nice"), ("Scribe", "florence"), ("Nuncio", "genoa"), ("Ascetic", "genoa"),
             ("Canonist", "genoa")]
    table = start(client, cells, congregations={"rome": ["Courtesan", "Courtesan"],
                                                "avignon": ["Scribe"]},
                  discard=["Vicar", "Nuncio", "Ascetic", "Canonist"])
    assert sum(state(table)["deck"].values()) == 0
    table.accepted(ev("excommunicate", path=1))
    table.accepted(ev("draw", character="Vicar"))
    assert board(table)[0] == ("Vicar", "nice")


def test_empty_deck_reshuffles_the_discard_pile_for_a_replacement(client):
    """"If the deck is empty, shuffle the discard pile to form a new deck." (Scoring)"""
    cells = [("Vicar", "avignon"), ("Scribe", "genoa"), ("Nuncio", "genoa"), ("Ascetic", "genoa"),
             ("Canonist", "genoa")]
    table = start(client, cells, congregations={"rome": ["Courtesan"], "avignon": ["Courtesan"]},
                  discard=["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"])
    table.accepted(ev("chastise", path=1))
    table.accepted(ev("draw", "avignon", character="Scribe"))
    assert board(table)[0] == ("Scribe", "genoa")


# -- end of the game ------------------------------------------------------------------------------


def test_third_card_wins_even_when_pushed_in_by_the_opponent(client):
    """"The game ends when one player has three cards in his or her Congregation. That player wins
    the game." — Rome pushes Avignon's third card in: Avignon wins, and nothing more is accepted."""
    cells = [("Vicar", "avignon")] + GENOA[1:]
    table = start(client, cells, congregations={"rome": [], "avignon": ["Courtesan", "Courtesan"]})
    table.accepted(ev("chastise", path=1))
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["winners"] == ["avignon"]
    assert THREE_WINS in view["scores"]["decided_by"]["rule"]["quote"]
    assert table.send(ev("beseech", path=2)).status_code == 422


def test_simultaneous_wins_go_to_the_player_who_took_the_final_action(client):
    """"If two players would win the game at the same time, the player who took the game's final
    action wins." — Avignon's Canonist sends one card to each Congregation, both reach three."""
    cells = [("Vicar", "rome"), ("Scribe", "avignon"), ("Nuncio", "genoa"), ("Ascetic", "genoa"),
             ("Canonist", "genoa")]
    table = start(client, cells, turn="avignon",
                  congregations={"rome": ["Courtesan", "Nuncio"], "avignon": ["Courtesan", "Ascetic"]})
    # switch paths 1 and 2 (Scribe now at Rome, Vicar at Avignon): push the Scribe (to Rome), pull
    # the Vicar (to Avignon)
    table.accepted(ev("petition", "avignon", path=5, switch=[1, 2], push=1))
    view = table.view()
    while not view["over"]:
        table.accepted(view["legal"][0])
        view = table.view()
    assert view["scores"]["winners"] == ["avignon"]
    assert view["scores"]["decided_by"]["rule"]["quote"] == SIMULTANEOUS


def test_the_scribe_example_wins_at_the_start_of_your_turn(client):
    """"Example - The Scribe: You (the active player) win at the start of your turn if the Scribe is
    in Genoa and you have two characters in your Congregation." """
    cells = [("Vicar", "genoa"), ("Scribe", "genoa"), ("Nuncio", "genoa"), ("Ascetic", "genoa"),
             ("Canonist", "genoa")]
    table = start(client, cells, turn="avignon", actions_taken=["beseech"],
                  congregations={"rome": ["Courtesan", "Nuncio"], "avignon": []})
    table.accepted(ev("chastise", "avignon", path=5))  # Avignon's turn ends; Rome's begins
    view = table.view()
    assert view["over"] is True and view["scores"]["winners"] == ["rome"]


def test_no_scribe_win_when_the_scribe_is_not_in_genoa(client):
    """"At the start of your turn, if Scribe is in GENOA and you have two in your Congregation,
    WIN." — the Scribe in Florence does not win."""
    cells = [("Vicar", "genoa"), ("Scribe", "florence"), ("Nuncio", "genoa"), ("Ascetic", "genoa"),
             ("Canonist", "genoa")]
    table = start(client, cells, turn="avignon", actions_taken=["beseech"],
                  congregations={"rome": ["Courtesan", "Nuncio"], "avignon": []})
    table.accepted(ev("chastise", "avignon", path=5))
    assert table.view()["over"] is False


def test_scribe_win_is_the_active_players_not_the_opponents(client):
    """"You (the active player) win at the start of your turn" — Avignon with two cards and the
    Scribe in Genoa does not win when Rome's turn starts."""
    table = start(client, GENOA, turn="avignon", actions_taken=["beseech"],
                  congregations={"rome": [], "avignon": ["Courtesan", "Nuncio"]})
    table.accepted(ev("chastise", "avignon", path=5))
    assert table.view()["over"] is False


# -- characters -----------------------------------------------------------------------------------


def test_vicar_must_excommunicate_another_character(client):
    """"Vicar (Faction: Bishop). PETITION: PUSH Bishop twice, then EXCOMMUNICATE any other
    character, then PULL the new character." — excommunicating the Vicar itself is refused."""
    table = start(client, GENOA)
    refused(table, ev("petition", path=1, bishops=[1, 1], excommunicate=1), VICAR_OTHER)
    table.accepted(ev("petition", path=1, bishops=[1, 1], excommunicate=3))
    table.accepted(ev("draw", character="Courtesan"))
    cells = board(table)
    assert cells[0] == ("Vicar", "avignon")        # pushed twice by Rome
    assert cells[2] == ("Courtesan", "florence")   # the new character pulled toward Rome


def test_canonist_switches_two_other_characters(client):
    """"Canonist (Faction: Inquisitor). PETITION: Switch the positions of two other characters. PUSH
    one of them, then PULL the other." — switching the Canonist itself is refused."""
    cells = [("Vicar", "nice"), ("Scribe", "florence")] + GENOA[2:]
    table = start(client, cells)
    refused(table, ev("petition", path=5, switch=[5, 1], push=1), CANONIST_OTHER)
    table.accepted(ev("petition", path=5, switch=[1, 2], push=1))
    # the switch: Scribe in Nice (path 1), Vicar in Florence (path 2); push the Scribe toward
    # Avignon, pull the Vicar toward Rome
    assert board(table)[:2] == [("Scribe", "avignon"), ("Vicar", "rome")]


def test_courtesan_pulls_only_a_character_closer_to_the_rival(client):
    """"Courtesan (Faction: Knight). PETITION: PULL a character that is closer to your RIVAL than
    Courtesan." — for Rome a card in Florence is not closer to Avignon than a Genoa Courtesan."""
    cells = [("Courtesan", "genoa"), ("Scribe", "florence"), ("Nuncio", "nice"),
             ("Ascetic", "genoa"), ("Canonist", "genoa")]
    table = start(client, cells)
    refused(table, ev("petition", path=1, target=2), COURTESAN)
    refused(table, ev("petition", path=1, target=4), COURTESAN)  # same distance is not closer
    table.accepted(ev("petition", path=1, target=3))
    assert board(table)[2] == ("Nuncio", "genoa")


def test_scribe_target_must_be_in_an_adjacent_path(client):
    """"Scribe (Faction: Noble). PETITION: PUSH Scribe, then PUSH or PULL any in a path adjacent to
    Scribe." — a target two paths away is refused; an adjacent one is moved."""
    table = start(client, GENOA)
    refused(table, ev("petition", path=2, target=4, move="pull"), SCRIBE)
    table.accepted(ev("petition", path=2, target=3, move="pull"))
    assert board(table)[1:3] == [("Scribe", "nice"), ("Nuncio", "florence")]


def test_nuncio_pushes_itself_then_pulls_its_location(client):
    """"Nuncio (Faction: Cardinal). PETITION: PUSH Nuncio, then PULL all characters in the same
    location as Nuncio." """
    cells = [("Vicar", "nice"), ("Scribe", "nice"), ("Nuncio", "genoa"), ("Ascetic", "genoa"),
             ("Canonist", "florence")]
    table = start(client, cells)
    table.accepted(ev("petition", path=3))
    # Nuncio pushed to Nice; then every card in Nice (Vicar, Scribe, Nuncio) pulled to Genoa
    assert board(table) == [("Vicar", "genoa"), ("Scribe", "genoa"), ("Nuncio", "genoa"),
                            ("Ascetic", "genoa"), ("Canonist", "florence")]


def test_ascetic_at_an_end_moves_back_toward_genoa_at_the_end_of_the_turn(client):
    """"If you end your turn with Ascetic in AVIGNON or ROME, move him one space closer to GENOA."
    """
    cells = [("Vicar", "genoa"), ("Scribe", "genoa"), ("Nuncio", "genoa"), ("Ascetic", "florence"),
             ("Canonist", "genoa")]
    table = start(client, cells, turn="avignon")
    table.accepted(ev("chastise", "avignon", path=4))  # Ascetic to Rome
    assert board(table)[3] == ("Ascetic", "rome")
    table.accepted(ev("beseech", "avignon", path=1))   # the turn ends
    assert board(table)[3] == ("Ascetic", "florence")


def test_a_petition_of_a_character_in_a_congregation_is_refused(client):
    """"Cards in a player's Congregation are considered to be out of play and cannot be affected by
    actions." — the Courtesan in Avignon's Congregation cannot be petitioned."""
    table = start(client, GENOA, congregations={"rome": [], "avignon": ["Courtesan"]})
    refused(table, ev("petition", card={"character": "Courtesan", "congregation": "avignon"},
                      target=1), OUT_OF_PLAY)


def test_the_ascetic_moves_back_after_the_replacement_draw_that_ends_the_turn(client):
    """"If you end your turn with Ascetic in AVIGNON or ROME, move him one space closer to GENOA."
    with "That player then draws a new character and places it in the same row as the removed card,
    equal to Genoa." — the turn ends only once the scored card is replaced; then the Ascetic moves."""
    cells = [("Vicar", "rome"), ("Scribe", "genoa"), ("Nuncio", "genoa"), ("Ascetic", "rome"),
             ("Canonist", "genoa")]
    table = start(client, cells, turn="avignon", actions_taken=["beseech"])
    table.accepted(ev("chastise", "avignon", path=1))  # the Vicar passes Rome: Rome's Congregation
    assert state(table)["congregations"]["rome"] == ["Vicar"]
    assert board(table)[3] == ("Ascetic", "rome")
    table.accepted(ev("draw", "rome", character="Courtesan"))  # "That player then draws"
    assert board(table)[0] == ("Courtesan", "genoa") and board(table)[3] == ("Ascetic", "florence")
    assert table.view()["current_players"] == ["rome"]
