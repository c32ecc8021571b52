"""Avignon: Pilgrimage, outsider scenarios round 19 (file 10): the two table rulings no outsider
round had played, each both ways on the same entries — `vicar_pushes_itself` (two Vicars on the
map: the Vicar pushing himself and the other Bishop, or the other Bishop only, pushed past Avignon
mid-Petition with Aldo's replacement before Rosa's excommunication draw; one Vicar on the map: his
PUSHes made or not, the rest of the ability the same) and `courtesan_no_target` (Rome's Courtesan
in Avignon with nothing closer to Aldo: no ability to use, or a Petition that moves nothing and
still counts as the turn's Petition; the same on the Selfless first turn straight from the setup's
five draws), with a real player's slips on the way (a target level with the Courtesan, the draw
entered from the wrong phone, an action while a card is to be drawn, the Petition twice) and undo
after each; then `after_leaving_play` both ways for the Nuncio pushed past Avignon by its own
Petition (round 12 played the Scribe). Written from the rulebook and the API's own description
only (docs/games/avignon.md, GET /api/games/avignon), never the referee's code."""

import pytest

from tests.api_table import ApiTable, as_seen, quotes_from

GAME = "avignon"
book = quotes_from(GAME)

VICAR = book("Vicar (Faction: Bishop). PETITION: PUSH Bishop twice, then EXCOMMUNICATE any other "
             "character, then PULL the new character.")
COURTESAN = book("Courtesan (Faction: Knight). PETITION: PULL a character that is closer to your "
                 "RIVAL than Courtesan.")
TWO_ACTIONS = book("On his or her turn, each player takes exactly two of the actions listed below, "
                   "and the same action may not be taken twice.")
ROME_FIRST = book("The Roman player goes first.")
SELFLESS = book("The player who has the first turn of the game takes only a single action.")
SCORED = book("If any action causes a card to move past either the Rome or the Avignon card, it is "
              "placed face up in front of the player it was moving towards.")
SCORED_DRAW = book("That player then draws a new character and places it in the same row as the "
                   "removed card, equal to Genoa.")
EXCOMMUNICATE = book("EXCOMMUNICATE: Choose a character and place it in the discard pile. Draw a "
                     "new character and place it in the exact position the removed card "
                     "occupied.")

# Locations as distances from Genoa, Rome's side positive: PULL by Rome and PUSH by Avignon add one.
PLACES = {-2: "avignon", -1: "nice", 0: "genoa", 1: "florence", 2: "rome"}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def board(*cards):
    """Path 1 first: each card a (character, distance from Genoa); None for an empty path."""
    return [{"path": n, "character": None, "location": None} if card is None else
            {"path": n, "character": card[0], "location": PLACES[card[1]]}
            for n, card in enumerate(cards, start=1)]


def new_game(client, position, **options):
    return ApiTable(client, {"game": GAME, "players": ["Rosa", "Aldo"], "options": options,
                             "position": position})


def texts(effects, quote):
    return [effect["text"] for effect in effects if effect["rule"]["quote"] == quote]


def petitions(table, path):
    return [event for event in table.view()["legal"]
            if event["type"] == "petition" and event["path"] == path]


# --- vicar_pushes_itself, two Vicars on the map ----------------------------------------------------

TWO_VICARS = {"board": board(("Vicar", 0), ("Scribe", 0), ("Nuncio", 1), ("Vicar", -1),
                             ("Courtesan", 0)),
              "turn": "rome", "first_turn": False}
PUSH_HIMSELF_AND_THE_OTHER = {"type": "petition", "player": "rome", "path": 1, "bishops": [1, 4],
                              "excommunicate": 3}
PUSH_THE_OTHER_TWICE = {"type": "petition", "player": "rome", "path": 1, "bishops": [4, 4],
                        "excommunicate": 3}


def test_vicar_pushes_itself_true_pushes_himself_and_the_other_bishop_false_refuses_it(client):
    # Rosa's Vicar (path 1, Genoa) and the other Vicar (path 4, Nice) are the two Bishops.
    pushes_himself = new_game(client, TWO_VICARS, vicar_pushes_itself=True)
    assert {tuple(event["bishops"]) for event in petitions(pushes_himself, 1)} == {
        (1, 1), (1, 4), (4, 1), (4, 4)}
    effects = pushes_himself.accepted(PUSH_HIMSELF_AND_THE_OTHER)["effects"]
    assert texts(effects, VICAR)[:2] == ["PUSH: Vicar (path 1) moves to Nice.",
                                         "PUSH: Vicar (path 4) moves to Avignon."]
    assert pushes_himself.view()["state"]["board"] == board(
        ("Vicar", -1), ("Scribe", 0), None, ("Vicar", -2), ("Courtesan", 0))

    others_only = new_game(client, TWO_VICARS, vicar_pushes_itself=False)
    assert {tuple(event["bishops"]) for event in petitions(others_only, 1)} == {(4, 4)}
    before = as_seen(others_only.view())
    error = others_only.refused(PUSH_HIMSELF_AND_THE_OTHER, VICAR)
    assert "vicar_pushes_itself" in error["message"]
    others_only.refused(dict(PUSH_HIMSELF_AND_THE_OTHER, bishops=[1, 1]), VICAR)
    assert as_seen(others_only.view()) == before


@pytest.mark.parametrize("pushes_itself", [True, False])
def test_the_other_vicar_pushed_twice_past_avignon_mid_petition_under_either_reading(
        client, pushes_itself):
    # Both pushes on the other Vicar (Nice): to Avignon, then past it into Aldo's Congregation.
    # Aldo draws its replacement into Genoa, then the Nuncio is excommunicated, Rosa draws into
    # Florence, and the new character is pulled into Rome. The same under both readings.
    table = new_game(client, TWO_VICARS, vicar_pushes_itself=pushes_itself)
    start = as_seen(table.view())
    effects = table.accepted(PUSH_THE_OTHER_TWICE)["effects"]
    assert texts(effects, VICAR) == ["PUSH: Vicar (path 4) moves to Avignon."]
    assert texts(effects, SCORED) == [
        "PUSH: Vicar (path 4) moves past Avignon and joins Aldo's Congregation (1)."]
    view = table.view()
    assert {(event["type"], event["player"]) for event in view["legal"]} == {("draw", "avignon")}
    assert view["state"]["congregations"] == {"rome": [], "avignon": ["Vicar"]}

    # Rosa's phone enters the draw Aldo owes; then Rosa tries her second action: both refused.
    table.refused({"type": "draw", "player": "rome", "character": "Ascetic"}, SCORED_DRAW)
    table.refused({"type": "beseech", "player": "rome", "path": 2}, SCORED_DRAW)
    table.accepted({"type": "draw", "player": "avignon", "character": "Ascetic"})

    # Only now is the Nuncio excommunicated; Rosa draws into its exact place, then pulls it.
    view = table.view()
    assert view["state"]["discard"] == ["Nuncio"]
    assert view["state"]["board"] == board(("Vicar", 0), ("Scribe", 0), None, ("Ascetic", 0),
                                           ("Courtesan", 0))
    assert {(event["type"], event["player"]) for event in view["legal"]} == {("draw", "rome")}
    table.refused({"type": "draw", "player": "avignon", "character": "Canonist"}, EXCOMMUNICATE)
    effects = table.accepted({"type": "draw", "player": "rome", "character": "Canonist"})["effects"]
    assert texts(effects, EXCOMMUNICATE) == ["Rosa draws Canonist into path 3 (Florence)."]
    assert texts(effects, VICAR) == ["PULL: Canonist (path 3) moves to Rome."]
    state = table.view()["state"]
    assert state["board"] == board(("Vicar", 0), ("Scribe", 0), ("Canonist", 2), ("Ascetic", 0),
                                   ("Courtesan", 0))
    assert state["discard"] == ["Nuncio"]
    assert state["deck"] == {"Vicar": 0, "Nuncio": 1, "Canonist": 1, "Courtesan": 1,
                             "Ascetic": 1, "Scribe": 1}
    assert (state["turn"], state["actions_taken"]) == ("rome", ["petition"])
    aldo = next(player for player in table.view()["scores"]["players"] if player["seat"] == "avignon")
    assert (aldo["total"], [line["label"] for line in aldo["breakdown"]]) == (1, ["Vicar"])

    # A second Petition this turn is the same action twice; undone three times, the table is as
    # it was before the Petition.
    table.refused({"type": "petition", "player": "rome", "path": 5, "target": 2}, TWO_ACTIONS)
    for _ in range(3):
        table.undo()
    assert as_seen(table.view()) == start


# --- vicar_pushes_itself, the only Vicar on the map -------------------------------------------------

ONE_VICAR = {"board": board(("Vicar", 0), ("Scribe", 0), ("Nuncio", 1), ("Canonist", -1),
                            ("Courtesan", 0)),
             "turn": "rome", "first_turn": False}


def test_the_only_vicar_pushes_himself_twice_or_not_at_all_the_rest_of_his_ability_alike(client):
    petition = {"type": "petition", "player": "rome", "path": 1, "bishops": [1, 1],
                "excommunicate": 3}
    states = {}
    for pushes_itself in (True, False):
        table = new_game(client, ONE_VICAR, vicar_pushes_itself=pushes_itself)
        # The Scribe is no Bishop under either reading.
        table.refused(dict(petition, bishops=[1, 2]), VICAR)
        effects = table.accepted(petition)["effects"]
        pushes = texts(effects, VICAR)
        if pushes_itself:
            assert pushes == ["PUSH: Vicar (path 1) moves to Nice.",
                              "PUSH: Vicar (path 1) moves to Avignon."]
        else:
            assert len(pushes) == 2 and all("cannot be made" in text for text in pushes)
        table.accepted({"type": "draw", "player": "rome", "character": "Ascetic"})
        states[pushes_itself] = table.view()["state"]

    assert states[True]["board"] == board(("Vicar", -2), ("Scribe", 0), ("Ascetic", 2),
                                          ("Canonist", -1), ("Courtesan", 0))
    assert states[False]["board"] == board(("Vicar", 0), ("Scribe", 0), ("Ascetic", 2),
                                           ("Canonist", -1), ("Courtesan", 0))
    keep = ("deck", "discard", "congregations", "turn", "actions_taken", "pending")
    assert {key: states[True][key] for key in keep} == {key: states[False][key] for key in keep}
    assert states[True]["discard"] == ["Nuncio"] and states[True]["actions_taken"] == ["petition"]


# --- courtesan_no_target --------------------------------------------------------------------------

# Rosa (Rome) petitions her Courtesan in Avignon: nothing is closer to Aldo than Avignon; the
# Canonist there is level with it, the Scribe in Nice farther.
COURTESAN_AT_AVIGNON = {"board": board(("Vicar", 0), ("Scribe", -1), ("Nuncio", 1),
                                       ("Canonist", -2), ("Courtesan", -2)),
                        "turn": "rome", "first_turn": False}
BARE = {"type": "petition", "player": "rome", "path": 5}


def test_courtesan_no_target_refused_leaves_no_petition_of_the_courtesan_to_take(client):
    table = new_game(client, COURTESAN_AT_AVIGNON, courtesan_no_target="refused")
    assert petitions(table, 5) == []
    before = as_seen(table.view())
    table.refused(BARE, COURTESAN)
    level = table.refused(dict(BARE, target=4), COURTESAN)
    assert "not closer" in level["message"]
    table.refused(dict(BARE, target=2), COURTESAN)
    assert as_seen(table.view()) == before
    # Her turn goes on with two other actions.
    table.accepted({"type": "beseech", "player": "rome", "path": 2})
    table.accepted({"type": "chastise", "player": "rome", "path": 3})
    assert table.view()["state"]["turn"] == "avignon"


def test_courtesan_no_target_nothing_moves_takes_the_petition_and_moves_nothing(client):
    table = new_game(client, COURTESAN_AT_AVIGNON, courtesan_no_target="nothing_moves")
    assert petitions(table, 5) == [BARE]
    # A target is still only a card closer to the rival: the level Canonist is refused.
    table.refused(dict(BARE, target=4), COURTESAN)
    before = table.view()
    effects = table.accepted(BARE)["effects"]
    assert len(texts(effects, COURTESAN)) == 1 and "nothing moves" in effects[0]["text"]
    after = table.view()
    for key in ("board", "deck", "discard", "congregations", "turn"):
        assert after["state"][key] == before["state"][key], key
    assert after["state"]["actions_taken"] == ["petition"]
    assert not [event for event in after["legal"] if event["type"] == "petition"]
    table.refused({"type": "petition", "player": "rome", "path": 1, "bishops": [1, 1],
                   "excommunicate": 2}, TWO_ACTIONS)
    table.undo()
    assert as_seen(table.view()) == as_seen(before)
    table.accepted(BARE)
    table.accepted({"type": "beseech", "player": "rome", "path": 3})
    assert table.view()["state"]["turn"] == "avignon"


@pytest.mark.parametrize("reading", ["refused", "nothing_moves"])
def test_the_selfless_first_turn_from_the_setup_draws_with_the_courtesan_level_with_all(
        client, reading):
    # The setup: five cards drawn into Genoa; every card is level with the Courtesan, so none is
    # closer to Aldo. Under nothing_moves Rosa's single first action may be that Petition.
    table = ApiTable(client, {"game": GAME, "players": ["Rosa", "Aldo"],
                              "options": {"courtesan_no_target": reading}})
    for seat, character in [("rome", "Courtesan"), ("avignon", "Vicar"), ("rome", "Nuncio"),
                            ("avignon", "Scribe"), ("rome", "Ascetic")]:
        table.accepted({"type": "draw", "player": seat, "character": character})
    start = table.view()
    assert start["state"]["first_turn"] is True and start["state"]["turn"] == "rome"
    courtesan = {"type": "petition", "player": "rome", "path": 1}
    if reading == "refused":
        assert petitions(table, 1) == []
        table.refused(courtesan, COURTESAN)
        assert as_seen(table.view()) == as_seen(start)
        return
    assert petitions(table, 1) == [courtesan]
    table.accepted(courtesan)
    state = table.view()["state"]
    assert state["board"] == start["state"]["board"]
    assert (state["turn"], state["first_turn"]) == ("avignon", False)
    # Rosa has had her single action: a second one now is Aldo's turn, not hers.
    error = table.refused({"type": "beseech", "player": "rome", "path": 2}, SELFLESS)
    assert "Aldo" in error["message"]
    table.undo()
    assert as_seen(table.view()) == as_seen(start)
    table.refused({"type": "petition", "player": "avignon", "path": 1}, ROME_FIRST)


# --- after_leaving_play, the Nuncio ----------------------------------------------------------------

NUNCIO = book("Nuncio (Faction: Cardinal). PETITION: PUSH Nuncio, then PULL all characters in the "
              "same location as Nuncio.")
OUT_OF_PLAY = book("Cards in a player's Congregation are considered to be out of play and cannot be "
                   "affected by actions.")


@pytest.mark.parametrize("reading", ["nothing", "last_position"])
def test_rosas_nuncio_pushed_past_avignon_pulls_its_last_location_or_nothing(client, reading):
    # Rosa's second action: her Nuncio in Avignon pushes itself past Avignon (Aldo's card; Aldo
    # draws its replacement into Genoa), then "PULL all characters in the same location": the
    # Vicar and the Canonist in Avignon under last_position; nothing once it is out of play.
    # (Round 12 played the Scribe under this ruling; this is the Nuncio.)
    position = {"board": board(("Nuncio", -2), ("Vicar", -2), ("Scribe", 0), ("Canonist", -2),
                               ("Courtesan", 1)),
                "turn": "rome", "first_turn": False, "actions_taken": ["beseech"]}
    table = new_game(client, position, after_leaving_play=reading)
    effects = table.accepted({"type": "petition", "player": "rome", "path": 1})["effects"]
    assert texts(effects, SCORED) == [
        "PUSH: Nuncio (path 1) moves past Avignon and joins Aldo's Congregation (1)."]
    table.refused({"type": "draw", "player": "rome", "character": "Ascetic"}, SCORED_DRAW)
    effects = table.accepted({"type": "draw", "player": "avignon", "character": "Ascetic"})[
        "effects"]
    state = table.view()["state"]
    if reading == "nothing":
        assert texts(effects, NUNCIO) == [] and len(texts(effects, OUT_OF_PLAY)) == 1
        assert state["board"] == board(("Ascetic", 0), ("Vicar", -2), ("Scribe", 0),
                                       ("Canonist", -2), ("Courtesan", 1))
    else:
        assert texts(effects, NUNCIO) == ["PULL: Vicar (path 2) moves to Nice.",
                                          "PULL: Canonist (path 4) moves to Nice."]
        # The new card in Genoa is not in the Nuncio's last location: it stays.
        assert state["board"] == board(("Ascetic", 0), ("Vicar", -1), ("Scribe", 0),
                                       ("Canonist", -1), ("Courtesan", 1))
    assert state["congregations"] == {"rome": [], "avignon": ["Nuncio"]}
    assert state["turn"] == "avignon"
