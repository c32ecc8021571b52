"""Eighth audit of the Pillars of Fate referee (session 12), through the HTTP API.

1. Session 11's leftover: a position entered from a real game in the middle of a later Age, written
   as docs/games/pillars-of-fate.md says (the Age, the 1st player marker, whose turn it is, the
   modifier, each player's cards in the order played, the unplayed Divine cards; hands and decks
   may be left out), is accepted; when its turn does not follow the cards played, the refusal says
   which entry to change — including the marker, which passes each Age ("Pass the 1st player
   marker.") and which a table may enter as the game's starting player instead.
"""

import pytest

from tests.api_table import quotes_from
from tests.test_pillars_of_fate_audit import C, D, Q, Table

in_book = quotes_from("pillars-of-fate")
ALTERNATE = in_book("During each Age, players alternate turns, strategically placing cards from "
                    "their hand into 3 quest lanes.")
PASS_MARKER = in_book("Pass the 1st player marker.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def setup_of(position: dict) -> dict:
    return {"game": "pillars-of-fate", "players": [{"name": "Ana", "seat": "sun"},
                                                   {"name": "Ben", "seat": "moon"}],
            "position": position}


def age_two(first_player="moon", turn="moon", moon_right=(), **more) -> dict:
    """Age II of a real game: Sun started Age I, so Moon holds the marker now. Moon has played 3
    cards (two left, one center), Sun 3 (left, center, and its Age II Divine card, the Prophet,
    face down in the center); each played one Divine card in Age I. `moon_right`: more Moon cards
    in the right lane."""
    lanes = {
        "left": {"quest": Q(3, 1), "pillar": "moon", "sun": [C(5, f=1)],
                 "moon": [C(4, s=1), C(2, f=1)]},
        "center": {"quest": Q(4, -2), "pillar": "sun",
                   "sun": [C(6, f=1), D("Prophet", 3, face="down")], "moon": [C(1)]},
        "right": {"quest": Q(2, 4), "moon": list(moon_right)},
    }
    if moon_right:
        lanes["right"]["pillar"] = "moon"
    return {"age": 2, "first_player": first_player, "turn": turn, "modifier": "no_suit",
            "lanes": lanes,
            "divine": {"sun": [{"name": "Klar"}], "moon": [{"name": "Hadria"}, {"name": "Eradan"}]},
            **more}


def refusal(client, position: dict) -> dict:
    response = client.post("/api/sessions", json=setup_of(position))
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["code"] == "invalid_setup"
    return error


def test_a_later_ages_position_written_as_the_docs_say_is_accepted(client):
    """Hands and decks left out, they are worked out; entered in full (the modifier of Age I
    listed: "Each first card played will have its power doubled." leaves 9 places a player, 8 of
    them champion cards), they are checked and accepted. Moon, the marker's holder, is to play with
    3 cards each ("During each Age, players alternate turns, …"), and only Moon's phone lists plays."""
    table = Table(client, age_two())
    view = table.view()
    assert view["phase"] == "turns" and view["current_players"] == ["moon"]
    assert view["state"]["first_player"] == "moon"
    assert table.view("moon")["legal"] and not table.view("sun")["legal"]
    full = age_two(modifiers_used=["double_power"], renown={"sun": 4, "moon": 7},
                   hands={"sun": {"count": 5}, "moon": {"count": 5}},
                   decks={"sun": 28 - 8 - 2 - 5, "moon": 28 - 8 - 3 - 5})
    entered = Table(client, full).view()
    assert entered["state"]["decks"] == {"sun": 13, "moon": 12}
    assert [p["total"] for p in entered["scores"]["players"]] == [4, 7]


def test_the_games_starting_player_entered_as_a_later_ages_marker_is_told_to_fix_either(client):
    """A table entering Age II with Sun — who started the game — as `first_player`, Moon to play, 3
    cards each: as entered, the marker's holder would be to play, so the refusal (naming
    `position.turn`, quoting "During each Age, players alternate turns, …") offers both fixes: the
    turn Sun, or the marker Moon's, since it passes each Age ("Pass the 1st player marker."). The
    second is this table's (Moon is on turn at the real table): entered, it is accepted with Moon
    to play."""
    error = refusal(client, age_two(first_player="sun"))
    assert error["field"] == "position.turn" and error["rule"]["quote"] == ALTERNATE
    assert "Sun, who holds the 1st player marker, has played 3 cards this Age and Moon 3" in \
        error["message"]
    assert 'enter turn "sun"' in error["message"]
    assert 'if Moon holds the marker this Age (it passes to the other player each Age), enter ' \
        'first_player "moon"' in error["message"]
    assert Table(client, age_two(first_player="moon")).view()["current_players"] == ["moon"]


def test_the_marker_behind_the_other_player_is_told_to_pass_it(client):
    """Moon has played 4 cards and Sun 3, Sun to play, the marker entered as Sun's: the first
    player cannot be behind, so the refusal names `position.first_player` and says to enter Moon
    (or check the lanes); entered, Sun is to play."""
    position = age_two(first_player="sun", turn="sun", moon_right=[C(3)])
    error = refusal(client, position)
    assert error["field"] == "position.first_player" and error["rule"]["quote"] == ALTERNATE
    assert 'enter first_player "moon"' in error["message"]
    assert "check the cards entered in the lanes" in error["message"]
    fixed = Table(client, {**position, "first_player": "moon"}).view()
    assert fixed["current_players"] == ["sun"]


def test_the_player_one_card_ahead_is_not_on_turn_and_the_marker_cannot_fix_it(client):
    """Moon (the marker) 4 cards, Sun 3, Moon to play: it is Sun's turn. Moving the marker cannot
    make it Moon's (Sun would be the first player, and behind), so the refusal offers the turn
    only, or the lanes."""
    error = refusal(client, age_two(moon_right=[C(3)]))
    assert error["field"] == "position.turn" and error["rule"]["quote"] == ALTERNATE
    assert 'enter turn "sun", or check the cards entered in the lanes' in error["message"]
    assert "first_player" not in error["message"]


def test_two_cards_ahead_points_at_the_lanes(client):
    """Moon 5 cards, Sun 3, both with cards to play: no marker or turn makes it so — the refusal
    names `position.lanes` and says to check the cards entered there."""
    error = refusal(client, age_two(turn="sun", moon_right=[C(3), C(2)]))
    assert error["field"] == "position.lanes" and error["rule"]["quote"] == ALTERNATE
    assert "neither can be 2 cards ahead" in error["message"]
    assert "check the cards entered in the lanes" in error["message"]


def test_the_position_schema_says_the_marker_passes_each_age(client):
    """What a table reads before writing a position: `first_player` is the marker's holder this
    Age, and the schema says it passes, quoting the book."""
    schema = client.get("/api/games/pillars-of-fate").get_json()["position_schema"]
    assert PASS_MARKER in schema["properties"]["first_player"]["description"]
    assert "this Age" in schema["properties"]["first_player"]["description"]
