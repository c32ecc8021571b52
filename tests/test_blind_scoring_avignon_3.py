"""Avignon: Pilgrimage, outsider scoring scenarios round 19: the most cards one action can score,
played through the API and in the calculator — Aldo's Vicar pushes both Bishops past Rome (Rosa's
third and fourth cards, each replaced by Rosa's draw in Aldo's turn), excommunicates the Scribe in
Avignon and pulls its replacement past Avignon (Aldo's third): both would win at once and Aldo,
who took the final action, wins 3 against 4, as the calculator says given the same Congregations
and who acted last (and asks who did when told nothing); the same Petition under `win_timing:
immediately` ends at Rosa's third card, 3 against 2. Then a Congregation of five, which no action
can reach — one action sends at most two cards to one player (finding 153). Written from the
rulebook and the API's own description only (docs/games/avignon.md, GET /api/games/avignon), never
the referee's code."""

import pytest

from tests.api_table import ApiTable, calculated, quotes_from

GAME = "avignon"
book = quotes_from(GAME)

VICAR = book("Vicar (Faction: Bishop). PETITION: PUSH Bishop twice, then EXCOMMUNICATE any other "
             "character, then PULL the new character.")
SCORED = book("If any action causes a card to move past either the Rome or the Avignon card, it is "
              "placed face up in front of the player it was moving towards.")
SCORED_DRAW = book("That player then draws a new character and places it in the same row as the "
                   "removed card, equal to Genoa.")
THREE_CARDS = book("The game ends when one player has three cards in his or her Congregation.")
FINAL_ACTION = book("If two players would win the game at the same time, the player who took the "
                    "game's final action wins.")

PLACES = {-2: "avignon", -1: "nice", 0: "genoa", 1: "florence", 2: "rome"}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def board(*cards):
    return [{"path": n, "character": character, "location": PLACES[distance]}
            for n, (character, distance) in enumerate(cards, start=1)]


# Aldo's turn: both Vicars in Rome, the Scribe in Avignon; Rosa holds two cards, Aldo two. The deck
# holds a Nuncio, a Canonist and a Scribe.
TWO_AND_TWO = {"board": board(("Vicar", 2), ("Vicar", 2), ("Scribe", -2), ("Courtesan", 0),
                              ("Ascetic", 0)),
               "congregations": {"rome": ["Courtesan", "Nuncio"],
                                 "avignon": ["Canonist", "Ascetic"]},
               "turn": "avignon", "first_turn": False}
VICARS_PETITION = {"type": "petition", "player": "avignon", "path": 1, "bishops": [2, 1],
                   "excommunicate": 3}


def new_game(client, **options):
    return ApiTable(client, {"game": GAME, "players": ["Rosa", "Aldo"], "options": options,
                             "position": TWO_AND_TWO})


def totals(scores):
    return {player["seat"]: player["total"] for player in scores["players"]}


def test_aldos_vicar_scores_two_for_rosa_and_one_for_himself_and_aldo_wins_as_final_actor(client):
    table = new_game(client)
    effects = table.accepted(VICARS_PETITION)["effects"]
    assert [e["text"] for e in effects if e["rule"]["quote"] == SCORED] == [
        "PUSH: Vicar (path 2) moves past Rome and joins Rosa's Congregation (3)."]
    # Rosa's third card does not end Aldo's action (the default win_timing): she draws its
    # replacement; Aldo may not.
    assert table.view()["over"] is False
    table.refused({"type": "draw", "player": "avignon", "character": "Nuncio"}, SCORED_DRAW)
    effects = table.accepted({"type": "draw", "player": "rome", "character": "Nuncio"})["effects"]
    assert "PUSH: Vicar (path 1) moves past Rome and joins Rosa's Congregation (4)." in [
        e["text"] for e in effects]
    table.accepted({"type": "draw", "player": "rome", "character": "Canonist"})
    # The Scribe excommunicated; Aldo draws into its exact place, Avignon, and pulls it past.
    view = table.view()
    assert view["state"]["discard"] == ["Scribe"]
    assert {(e["type"], e["player"]) for e in view["legal"]} == {("draw", "avignon")}
    effects = table.accepted({"type": "draw", "player": "avignon", "character": "Scribe"})["effects"]
    assert "PULL: Scribe (path 3) moves past Avignon and joins Aldo's Congregation (3)." in [
        e["text"] for e in effects]

    final = table.view()
    congregations = final["state"]["congregations"]
    assert congregations == {"rome": ["Courtesan", "Nuncio", "Vicar", "Vicar"],
                             "avignon": ["Canonist", "Ascetic", "Scribe"]}
    assert final["over"] is True and final["scores"]["winners"] == ["avignon"]
    assert totals(final["scores"]) == {"rome": 4, "avignon": 3}
    assert FINAL_ACTION in final["scores"]["decided_by"]["rule"]["quote"]

    calc = calculated(client, GAME, {"congregations": congregations, "last_actor": "avignon"})
    assert (calc["winners"], totals(calc)) == (["avignon"], {"rome": 4, "avignon": 3})
    assert FINAL_ACTION in calc["decided_by"]["rule"]["quote"]
    lines = [line for player in calc["players"] for line in player["breakdown"]]
    assert len(lines) == 7 and all(line["rule"]["quote"] == SCORED for line in lines)
    # Told nothing of who acted last, the calculator asks.
    error = calculated(client, GAME, {"congregations": congregations}, status=400)["error"]
    assert error["field"] == "last_actor"


def test_under_immediately_the_same_petition_ends_at_rosas_third_card(client):
    table = new_game(client, win_timing="immediately")
    table.accepted(VICARS_PETITION)
    final = table.view()
    assert final["over"] is True and final["scores"]["winners"] == ["rome"]
    congregations = final["state"]["congregations"]
    assert congregations == {"rome": ["Courtesan", "Nuncio", "Vicar"],
                             "avignon": ["Canonist", "Ascetic"]}
    # Nothing else of the Petition happened: the other Vicar still in Rome, the Scribe in Avignon.
    assert [(c["character"], c["location"]) for c in final["state"]["board"]][:3] == [
        ("Vicar", "rome"), (None, None), ("Scribe", "avignon")]
    calc = calculated(client, GAME, {"congregations": congregations})
    assert (calc["winners"], totals(calc)) == (["rome"], {"rome": 3, "avignon": 2})
    assert THREE_CARDS in calc["decided_by"]["rule"]["quote"]


def test_a_congregation_of_five_is_refused(client):
    error = calculated(client, GAME, {"congregations": {
        "rome": ["Vicar", "Nuncio", "Canonist", "Courtesan", "Ascetic"], "avignon": []}},
        status=400)["error"]
    assert error["field"] == "congregations.rome"
    assert THREE_CARDS in error["rule"]["quote"]
