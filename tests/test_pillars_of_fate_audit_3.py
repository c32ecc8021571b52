"""Pillars of Fate: a third look, as a player with the book open, and last session's leftovers.

The leftovers first: the face-down limits checked alike by a play, a position and the calculator
(one check, `resolve.face_down_refusal`), and the Divine draft naming one card twice. Then
scenarios where the first two audits (tests/test_pillars_of_fate_audit.py, _audit_2.py, whose table
helpers are reused) did not go. Every scenario goes through the HTTP API (one app for the module),
quotes its rule in its docstring, and checks acceptance, or the refusal with the sentence that
forbids what was attempted, and the state a player checks. The numbers were worked out by hand.
"""

import copy

import pytest

from tests.test_pillars_of_fate_audit import (
    RULEBOOK,
    C,
    D,
    Q,
    Table,
    age,
    position,
    quiet,
    refused,
    score,
    start_from_setup,
)

Q_FACE_DOWN = "1 card per lane may be played face down."
Q_TWO_DOWN = "2 cards can be played face down in this lane."
Q_NAKA = "Naka - Your other quest lanes may have 2 face-down cards."
Q_FACE_UP_ICON = ("While some Divine cards must be played face up, indicated by an icon, most "
                  "Divine cards can be played face down.")
Q_KEEP = "Players simultaneously select 1 card to keep, passing the other 2 to their opponent."


@pytest.fixture
def client(module_client):
    """One app and database for the whole file (each scenario starts its own session)."""
    return module_client


def refused_as_a_table(response, sentence, field):
    """A position or a tally refused: a 400 naming the card's field, quoting `sentence`."""
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["field"] == field, error
    assert sentence in RULEBOOK and error["rule"]["quote"] == sentence, error
    assert sentence in error["message"]


# == Leftover 1: face-down limits, one check for the play, the position and the calculator =========


def three_ways(client, lanes, last, modifier="double_power", **options):
    """The same lanes entered three ways: as a position (every card lying there), as a play (the
    last card of `last` = (seat, lane) laid onto the position without it) and as the calculator's
    tally. The three answers."""
    seat, lane = last
    before = copy.deepcopy(lanes)
    card = before[lane][seat].pop()
    full = sum(len(cards.get(seat, [])) for cards in lanes.values()) == 9
    turn = ("moon" if seat == "sun" else "sun") if full else seat  # someone with a place left
    setup = {"game": "pillars-of-fate", "players": [{"name": "Ana", "seat": "sun"},
                                                     {"name": "Ben", "seat": "moon"}],
             "options": options, "position": position(lanes, turn=turn, modifier=modifier)}
    as_position = client.post("/api/sessions", json=setup)
    pos = position(before, turn=seat, modifier=modifier)
    if "divine" in card:
        pos["divine"][seat] = [{"name": card["divine"]}]
    event = {k: v for k, v in card.items() if k != "face"}
    as_play = Table(client, pos, **options).play(seat, lane, card, **event)
    as_tally = score(client, [age(lanes, modifier, "sun")], **options)
    return as_position, as_play, as_tally


def lanes_with(**test_lanes):
    """The lanes quiet (full, decided, nothing face down) unless given; Sun's first card face up
    in a lane given holds its pillar."""
    lanes = {"left": quiet(), "center": quiet(), "right": quiet()}
    lanes.update({name: {"pillar": "sun", **lane} for name, lane in test_lanes.items()})
    return lanes


def test_a_second_face_down_card_in_a_lane_is_refused_three_ways(client):
    """On Your Turn: "1 card per lane may be played face down." (per lane, the default): Sun's
    face-down card lies in the center; Moon's face-down card there is refused as a play (422), and
    the same lane entered as a position or a tally is refused naming Moon's card (400), all three
    quoting that sentence."""
    lanes = lanes_with(center={"quest": Q(2, 1), "sun": [C(5, f=1), C(3, face="down")],
                               "moon": [C(2), C(4, face="down")]})
    as_position, as_play, as_tally = three_ways(client, lanes, ("moon", "center"))
    refused_as_a_table(as_position, Q_FACE_DOWN, "position.lanes.center.moon[1]")
    refused(as_play, Q_FACE_DOWN)
    refused_as_a_table(as_tally, Q_FACE_DOWN, "ages[0].lanes.center.moon[1]")


def test_one_face_down_card_each_under_the_per_player_ruling_three_ways(client):
    """Table ruling face_down_limit=per_player (beside "Each lane can hold up to 3 cards per
    player."): the same lanes are accepted three ways."""
    lanes = lanes_with(center={"quest": Q(2, 1), "sun": [C(5, f=1), C(3, face="down")],
                               "moon": [C(2), C(4, face="down")]})
    as_position, as_play, as_tally = three_ways(client, lanes, ("moon", "center"),
                                                face_down_limit="per_player")
    assert as_position.status_code == 201, as_position.get_json()
    assert as_play.status_code == 200, as_play.get_json()
    assert as_tally.status_code == 200, as_tally.get_json()


def test_the_modifier_allows_two_face_down_cards_not_three_three_ways(client):
    """Quest Modifiers: "2 cards can be played face down in this lane." Two of Sun's lie face
    down in the center; Moon's would be the third: refused three ways with the modifier's line."""
    lanes = lanes_with(center={"quest": Q(2, 1), "sun": [C(5, f=1), C(1, face="down"),
                                                         C(2, face="down")],
                               "moon": [C(3, face="down")]})
    as_position, as_play, as_tally = three_ways(client, lanes, ("moon", "center"),
                                                modifier="two_face_down")
    refused_as_a_table(as_position, Q_TWO_DOWN, "position.lanes.center.moon[0]")
    refused(as_play, Q_TWO_DOWN)
    refused_as_a_table(as_tally, Q_TWO_DOWN, "ages[0].lanes.center.moon[0]")
    two = copy.deepcopy(lanes)
    two["center"]["moon"] = [C(3)]
    two["left"] = quiet(sun_divine="Prophet")  # Sun's Divine card for the Age is played
    accepted = three_ways(client, two, ("sun", "center"), modifier="two_face_down")
    assert [answer.status_code for answer in accepted] == [201, 200, 200]


def test_naka_allows_two_face_down_cards_in_its_owners_other_lanes_three_ways(client):
    """Glossary: "Naka - Your other quest lanes may have 2 face-down cards." Sun's Naka lies in
    the right lane: Sun's second face-down card in the center (Moon's is the first) is accepted
    three ways; a third face-down card there is refused three ways, quoting Naka."""
    two = lanes_with(right=quiet(sun_divine="Naka"),
                     center={"quest": Q(2, 1), "sun": [C(5, f=1), C(1, face="down")],
                             "moon": [C(3, face="down")]})
    accepted = three_ways(client, two, ("sun", "center"))
    assert [answer.status_code for answer in accepted] == [201, 200, 200], \
        [answer.get_json() for answer in accepted]
    three = copy.deepcopy(two)
    three["center"]["sun"].append(C(2, face="down"))
    as_position, as_play, as_tally = three_ways(client, three, ("sun", "center"))
    refused_as_a_table(as_position, Q_NAKA, "position.lanes.center.sun[2]")
    refused(as_play, Q_NAKA)
    refused_as_a_table(as_tally, Q_NAKA, "ages[0].lanes.center.sun[2]")


def test_naka_is_its_owners_not_the_opponents(client):
    """Naka gives "Your other quest lanes" 2 face-down places, not the opponent's: with Sun's Naka
    on the right and Sun's face-down card in the center, Moon's face-down card there is refused
    with "1 card per lane may be played face down." (the play knows who lays last)."""
    lanes = lanes_with(right=quiet(sun_divine="Naka"),
                       center={"quest": Q(2, 1), "sun": [C(5, f=1), C(1, face="down")],
                               "moon": [C(3, face="down")]})
    _position, as_play, _tally = three_ways(client, lanes, ("moon", "center"))
    refused(as_play, Q_FACE_DOWN)


def test_a_face_up_divine_card_lying_face_down_is_refused_three_ways(client):
    """Divine Cards: "While some Divine cards must be played face up, indicated by an icon, most
    Divine cards can be played face down." Sun's Prophet, carrying the icon, face down in the
    center: refused three ways with that sentence."""
    lanes = lanes_with(center={"quest": Q(2, 1), "moon": [C(3)], "sun": [
        C(5, f=1), D("Prophet", 4, f=1, face="down", face_up_icon=True)]})
    as_position, as_play, as_tally = three_ways(client, lanes, ("sun", "center"))
    refused_as_a_table(as_position, Q_FACE_UP_ICON, "position.lanes.center.sun[1]")
    refused(as_play, Q_FACE_UP_ICON)
    refused_as_a_table(as_tally, Q_FACE_UP_ICON, "ages[0].lanes.center.sun[1]")


def test_a_face_down_divine_card_uses_no_place_under_its_ruling_three_ways(client):
    """Table ruling face_down_divine_counts=false ("Even when played face down, your opponent
    will be aware that you've played a Divine card in that position because of their unique
    back."): Moon's face-down card and Sun's face-down Klar share the center, three ways."""
    lanes = lanes_with(center={"quest": Q(2, 1), "moon": [C(3, face="down")],
                               "sun": [C(5, f=1), D("Klar", 4, face="down")]})
    ruled = three_ways(client, lanes, ("sun", "center"), face_down_divine_counts=False)
    assert [answer.status_code for answer in ruled] == [201, 200, 200]
    as_position, as_play, as_tally = three_ways(client, lanes, ("sun", "center"))
    # which of the two came second a position cannot tell: it names the later one it checks
    refused_as_a_table(as_position, Q_FACE_DOWN, "position.lanes.center.moon[0]")
    refused(as_play, Q_FACE_DOWN)
    refused_as_a_table(as_tally, Q_FACE_DOWN, "ages[0].lanes.center.moon[0]")


# == Leftover 2: the Divine draft naming one card twice =============================================


def test_a_kept_card_may_share_its_name_with_a_passed_one(client):
    """Components: "20 Divine Cards"; the glossary names 16: some name is printed twice, so a
    player may be dealt two Prophets and keep one (the default ruling divine_duplicates=allowed).
    After the draft Moon holds the other Prophet."""
    table = start_from_setup(client)
    table.ok(type="draft_divine", player="sun", kept="Prophet", passed=["Prophet", "Naka"])
    table.ok(type="draft_divine", player="moon", kept="Hadria", passed=["Pentha", "Eradan"])
    moon = table.view("moon")["state"]["divine"]["moon"]["unplayed"]
    assert sorted(card["name"] for card in moon) == ["Hadria", "Naka", "Prophet"]


@pytest.mark.parametrize(("kept", "passed"), [("Prophet", ["Prophet", "Naka"]),
                                               ("Klar", ["Naka", "Naka"])])
def test_one_card_of_each_name_under_its_ruling(client, kept, passed):
    """Table ruling divine_duplicates=none (the table's Divine deck has one card of each name):
    "Players simultaneously select 1 card to keep, passing the other 2 to their opponent." — a
    draft naming one card twice is refused with it, and nothing is written."""
    table = start_from_setup(client, divine_duplicates="none")
    refused(table.post(type="draft_divine", player="sun", kept=kept, passed=passed), Q_KEEP)
    assert table.view()["state"]["draft"]["sun"] is None
    table.ok(type="draft_divine", player="sun", kept="Prophet", passed=["Klar", "Naka"])
