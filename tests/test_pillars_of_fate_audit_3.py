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

from tests.guard_cases.pillars_of_fate import filled
from tests.test_pillars_of_fate_audit import (
    RULEBOOK,
    SEATS,
    C,
    D,
    Q,
    Table,
    age,
    finish,
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
    before = alternated(copy.deepcopy(lanes), seat, lane)
    card = before[lane][seat].pop()
    full = sum(len(cards.get(seat, [])) for cards in lanes.values()) == 9
    turn = ("moon" if seat == "sun" else "sun") if full else seat  # someone with a place left
    setup = {"game": "pillars-of-fate", "players": [{"name": "Ana", "seat": "sun"},
                                                     {"name": "Ben", "seat": "moon"}],
             "options": options, "position": position(alternated(copy.deepcopy(lanes), turn, lane,
                                                                 laid=0),
                                                      turn=turn, modifier=modifier)}
    as_position = client.post("/api/sessions", json=setup)
    pos = position(before, turn=seat, modifier=modifier)
    if "divine" in card:  # the card played is one of the seat's unplayed, as many as before
        rest = [d for d in pos["divine"][seat] if d["name"] != card["divine"]]
        pos["divine"][seat] = [{"name": card["divine"]}] + rest[:len(pos["divine"][seat]) - 1]
    event = {k: v for k, v in card.items() if k != "face"}
    as_play = Table(client, pos, **options).play(seat, lane, card, **event)
    as_tally = score(client, [filled(age(lanes, modifier, "sun"), options)], **options)
    return as_position, as_play, as_tally


def alternated(lanes, seat, lane, laid=1):
    """The lanes as a table where `seat` is to play (after taking back its last `laid` card of
    `lane`) could lie: players alternate turns ("During each Age, players alternate turns, ..."),
    so the player to play has played as many cards as the other or one fewer. The player ahead
    takes back the last cards of the other lanes (the tally tops them up again, `filled`)."""
    count = {side: sum(len(cards.get(side, [])) for cards in lanes.values()) for side in SEATS}
    count[seat] -= laid
    rival = "moon" if seat == "sun" else "sun"
    excess = {seat: max(0, count[seat] - count[rival]), rival: max(0, count[rival] - count[seat] - 1)}
    for side, extra in excess.items():
        for name in ("left", "right", "center"):
            while extra and name != lane and len(lanes[name].get(side, [])) > 1:
                lanes[name][side].pop()
                extra -= 1
        assert not extra, (side, lanes)
    return lanes


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


# == A third look: scoring lines, the tie-breaker, Divine cards that score, impossible tables =======

Q_TIEBREAK = "Tie breaker: Whoever has more pillars in the last round wins."
Q_MOST = "The player with the most renown wins."
Q_SELECT = "You may select from any of your 3 unplayed Divine cards."


def tally(lanes, modifier="double_power", first_player="sun"):
    """One Age's final lanes for the calculator, quiet lanes (Moon wins 6-3, reward 0) where none
    is given."""
    full = {"left": quiet(), "center": quiet(), "right": quiet()}
    full.update(lanes)
    return age(full, modifier, first_player)


def totals(response):
    assert response.status_code == 200, response.get_json()
    return {p["seat"]: p["total"] for p in response.get_json()["players"]}


def lines_of(response, seat):
    player = next(p for p in response.get_json()["players"] if p["seat"] == seat)
    return [(line["label"], line["points"], line["rule"]["quote"]) for line in player["breakdown"]]


def held(pillars):
    """Three quiet lanes whose pillars are held as listed (left, center, right)."""
    return {name: {**quiet(), "pillar": holder} for name, holder in zip(
        ("left", "center", "right"), pillars, strict=True)}


def test_the_tie_breaker_counts_the_last_ages_pillars_only(client):
    """Game End: "Tie breaker: Whoever has more pillars in the last round wins." Renown is level
    (every quest rewards 0); Sun held all three pillars in Ages I and II (six), Moon two of Age
    III's three: Moon wins, on the last round's pillars, not the game's."""
    ages = [tally(held(("sun",) * 3), "double_power"), tally(held(("sun",) * 3), "no_suit", "moon"),
            tally(held(("moon", "moon", "sun")), "two_face_down")]
    response = score(client, ages)
    assert totals(response) == {"sun": 0, "moon": 0}
    result = response.get_json()
    assert result["winners"] == ["moon"]
    assert result["decided_by"]["rule"]["quote"] == Q_TIEBREAK


def test_most_renown_wins_before_pillars_count(client):
    """Game End: "The player with the most renown wins." Sun holds every Age III pillar but Moon
    won 2 renown in Age I: Moon wins on renown; the tie-breaker is not reached."""
    won = {"left": {**quiet(), "quest": Q(2, 0)}}  # Moon wins the left, feathers: 2
    ages = [tally(won, "double_power"), tally({}, "no_suit", "moon"),
            tally(held(("sun",) * 3), "two_face_down")]
    response = score(client, ages)
    assert totals(response) == {"sun": 0, "moon": 2}
    assert response.get_json()["winners"] == ["moon"]
    assert response.get_json()["decided_by"]["rule"]["quote"] == Q_MOST


def test_a_face_down_prophet_still_gains_five(client):
    """Glossary: "Prophet - If you win the lane that you have played the Prophet in, gain 5
    renown." and Resolving an Age: "Reveal all face-down cards." Sun's Prophet lay face down in
    the left lane Sun wins (4 + 5 + 5 against 3): Sun gains 5 (and the quest's 0)."""
    left = {"quest": Q(0, 0), "pillar": "sun",
            "sun": [D("Prophet", 4, f=1, face="down"), C(5, f=1), C(5)],
            "moon": [C(1), C(1), C(1)]}
    response = score(client, [tally({"left": left})])
    assert totals(response) == {"sun": 5, "moon": 0}
    prophet = "Prophet - If you win the lane that you have played the Prophet in, gain 5 renown."
    assert [(points, quote) for _label, points, quote in lines_of(response, "sun")
            if quote == prophet] == [(5, prophet)]


def test_hadria_costs_nothing_when_her_owner_wins_her_lane(client):
    """Glossary: "Hadria - If your opponent wins the lane where Hadria is played, they lose 5
    Renown in addition to any quest awards." Moon wins the lane Hadria lies in: nobody loses 5;
    Moon takes the feather reward 3."""
    left = {"quest": Q(3, 0), "pillar": "moon",
            "moon": [D("Hadria", 5, f=1), C(5), C(5)], "sun": [C(1)] * 3}
    assert totals(score(client, [tally({"left": left})])) == {"sun": 0, "moon": 3}


def test_hadria_strikes_the_opponent_who_wins_her_lane_by_the_pillar_pick(client):
    """Hadria's text with "in a tie for power, that player will pick who wins." Left lane 9 to 9,
    Sun holds its pillar and picks Sun: Sun gains the feather reward 2 and loses 5 for Moon's
    Hadria: -3."""
    left = {"quest": Q(2, 0), "pillar": "sun", "ties": {"power": "sun"},
            "sun": [C(3, f=1), C(3), C(3)], "moon": [D("Hadria", 3), C(3), C(3)]}
    assert totals(score(client, [tally({"left": left})])) == {"sun": -3, "moon": 0}


def test_mother_to_all_counts_a_lane_lost_by_the_pillar_pick(client):
    """Glossary: "Mother to All - Gain 10 renown if you lose all quest lanes." Sun's left lane is
    level on power and Moon, holding its pillar, picks Moon: with the two quiet lanes Moon wins,
    Sun lost all three and gains 10."""
    left = {"quest": Q(0, 0), "pillar": "moon", "ties": {"power": "moon"},
            "sun": [D("Mother to All", 3, f=1), C(3), C(3)], "moon": [C(3), C(3), C(3, f=2)]}
    assert totals(score(client, [tally({"left": left})])) == {"sun": 10, "moon": 0}


def test_the_renown_floor_can_turn_a_lost_game_into_a_pillar_tie(client):
    """Table ruling renown_floor ("Omega symbols are positive renown and sickles are negative
    renown." / "After 3 Ages, players count their victory point tokens."). Sun wins a sickle
    quest (-3) in Age I; Sun holds every Age III pillar. As printed Moon wins 0 to -3; with the
    floor both have 0 and Sun wins on "Tie breaker: Whoever has more pillars in the last round
    wins." """
    sickle = {"left": {"quest": Q(-3, 0), "pillar": "sun", "sun": [C(3, f=1)] * 3,
                       "moon": [C(1)] * 3}}
    ages = [tally(sickle, "double_power"), tally({}, "no_suit", "moon"),
            tally(held(("sun",) * 3), "two_face_down")]
    printed = score(client, ages)
    assert totals(printed) == {"sun": -3, "moon": 0} and printed.get_json()["winners"] == ["moon"]
    floored = score(client, ages, renown_floor="zero")
    assert totals(floored) == {"sun": 0, "moon": 0}
    assert floored.get_json()["winners"] == ["sun"]
    assert floored.get_json()["decided_by"]["rule"]["quote"] == Q_TIEBREAK


def test_every_scoring_line_is_cited_and_adds_up(client):
    """Resolving an Age: "Award renown according to the conditional rewards for each quest." Every
    line of the score sheet quotes the book, and each player's total is the sum of their lines
    (Sun's Prophet lane: reward 4 and Prophet 5; Moon's two quiet lanes: 0)."""
    left = {"quest": Q(4, 0), "pillar": "sun", "sun": [D("Prophet", 4, f=1), C(5, f=1), C(5)],
            "moon": [C(1)] * 3}
    response = score(client, [tally({"left": left})])
    for seat, total in totals(response).items():
        found = lines_of(response, seat)
        assert sum(points for _label, points, _quote in found) == total
        assert all(quote in RULEBOOK for _label, _points, quote in found)
    assert totals(response)["sun"] == 9


def test_a_position_cannot_hold_a_fourth_divine_card(client):
    """Setup: "Each player sets their 3 Divine cards aside." and "You may select from any of your
    3 unplayed Divine cards." Sun's Divine card lies in the left lane and three more are listed
    unplayed: four cards, refused naming position.divine.sun."""
    pos = position({"left": {"quest": Q(1, 1), "pillar": "sun", "sun": [D("Prophet", 4, f=1)]}})
    pos["divine"]["sun"] = [{"name": n} for n in ("Klar", "Steward", "Aponi")]
    response = client.post("/api/sessions", json={
        "game": "pillars-of-fate", "players": [{"name": "Ana", "seat": "sun"},
                                               {"name": "Ben", "seat": "moon"}],
        "position": pos})
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"] == "position.divine.sun"


@pytest.mark.parametrize(("moon_age_two", "quote"), [("Prophet", Q_SELECT), ("Naka", None)])
def test_one_card_of_each_name_in_the_calculator(client, moon_age_two, quote):
    """Table ruling divine_duplicates=none: Sun played Prophet in Age I, and (a) Moon "plays
    Prophet" in Age II: with one card of each name it was Sun's, not among Moon's unplayed three,
    refused naming Moon's card with the sentence a play of it is refused with (session 17: it
    quoted the draft's); (b) Moon's Naka is accepted. As printed (allowed) both are."""
    ages = [tally({"left": quiet(sun_divine="Prophet")}, "double_power"),
            tally({"left": quiet(moon_divine=moon_age_two)}, "no_suit", "moon")]
    assert score(client, ages).status_code == 200
    response = score(client, ages, divine_duplicates="none")
    if quote is None:
        assert response.status_code == 200, response.get_json()
    else:
        refused_as_a_table(response, quote, "ages[1].lanes.left.moon[0]")


def test_the_same_player_cannot_play_one_divine_card_twice_in_the_calculator(client):
    """Divine Cards: "You may select from any of your 3 unplayed Divine cards." Under
    divine_duplicates=none Sun's Prophet, played in Age I, is not unplayed in Age III."""
    ages = [tally({"left": quiet(sun_divine="Prophet")}, "double_power"),
            tally({}, "no_suit", "moon"),
            tally({"right": quiet(sun_divine="Prophet")}, "two_face_down")]
    refused_as_a_table(score(client, ages, divine_duplicates="none"), Q_SELECT,
                       "ages[2].lanes.right.sun[0]")


def test_the_game_waits_for_age_threes_tie_before_naming_a_winner(client):
    """Resolving an Age: "Ties in either suit or power are decided by the player that holds the
    pillar for that lane." and Game End: "The player with the most renown wins." Age III's last card
    leaves the left lane 9 to 9 with Moon's pillar: the game is not over and nobody has won until
    Moon picks; Sun cannot pick for Moon's lane; Moon picks Moon, takes the feather reward 2 and
    wins 7 to 5."""
    lanes = {"left": {"quest": Q(2, 0), "pillar": "moon", "sun": [C(3, f=1)] * 3,
                      "moon": [C(3)] * 3},
             "center": quiet(sun_divine="Namari"), "right": quiet(moon_divine="Naka")}
    table, response = finish(client, lanes, last=("moon", "left"), age=3,
                             renown={"sun": 5, "moon": 5},
                             modifiers_used=["least_power", "no_suit"])
    assert response.status_code == 200, response.get_json()
    view = table.view()
    assert view["over"] is False and view["scores"]["winners"] == []
    refused(table.post(type="break_tie", player="sun", lane="left", tie="power", choice="sun"),
            "Ties in either suit or power are decided by the player that holds the pillar for "
            "that lane.")
    table.ok(type="break_tie", player="moon", lane="left", tie="power", choice="moon")
    view = table.view()
    assert view["over"] is True and view["state"]["renown"] == {"sun": 5, "moon": 7}
    assert view["scores"]["winners"] == ["moon"]
