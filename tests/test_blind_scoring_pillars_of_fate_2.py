"""Pillars of Fate, outsider scoring scenarios round 13: every Divine card whose glossary sentence
changes a lane's power or suit, and every quest modifier round 11 did not score, each as a
calculator case worked by hand from the book: one lane whose winner or rewarded path the card (or
the modifier) turns, against the same lane without it, every line citing "Award renown according
to the conditional rewards for each quest."; the table rulings that touch them both ways
(`belan_includes_itself`, `eradan_power`, `invictus_copies`, `steward_reach`, `steward_sides`,
`dominant_suit`, `first_card`); a lane the modifier makes impossible
refused naming the field and quoting the modifier; a power tie picked by the pillar's holder, and
a tie in a lane whose pillar never moved under both `unheld_pillar_ties`; three Ages tied on renown
and on the last round's pillars (one never moved) under `tie_past_pillars` and
`unheld_pillar_at_end` both ways, the 1st player marker not passed refused quoting it, and a sickle
reward under both `quest_reward_to` readings; the tied game on the calculator page under the
rulings chosen on it, with the players' names; Age I played through the API with Moon's Hadria
face down, never named in any read of Sun's phone or a spectator's (nor a Hadria line in the live
scores) until the last card reveals it, then Sun's -5 for everyone, as the calculator scores the
same lanes. Written from the rulebook
and the API's own description only (docs/games/pillars-of-fate.md, GET /api/games/pillars-of-fate),
never the referee's code."""

import pytest

from tests.api_table import calculated, quotes_from, reads_by_others, seat_headers
from tests.test_blind_scenarios_pillars_of_fate import drafted, play

GAME = "pillars-of-fate"
book = quotes_from(GAME)

AWARD = book("Award renown according to the conditional rewards for each quest.")
POWER_TIE = book("in a tie for power, that player will pick who wins")
APONI = book("Aponi - Other cards in your lane with Aponi that have a power of 8 become 2.")
ARBITER = book("Arbiter - If this card is played face down, its suit will be 4 scorpions.")
BELAN = book("Belan - All of your cards played in the same lane as Belan have their suits "
             "reversed.")
ERADAN = book("Eradan - Your other lanes have an additional 2 power.")
INVICTUS = book("Invictus copies the suit and power of a card above it in your lane.")
ISABEL = book("Isabel - If the opponent card opposite of Isabel in this lane has a suit, reverse the "
              "suit.")
KLAR = book("Klar - If this card is played face down, its power becomes -1.")
PENTHA = book("Pentha - The opponent card's power opposite of Pentha becomes 0.")
SAGHARI = book("Saghari - Other cards in your lane with Saghari that have a power of 3 become 7.")
STEWARD = book("Steward - Lanes to the left of this card will have 2 additional total scorpions and "
               "lanes to the right of this card will have 2 additional total feathers.")
DOUBLE_SUIT = book("Each first card played will have its suit doubled.")
NO_POWER = book("Each first card played will have no power.")
TWO_CARDS = book("Play only 2 cards in this lane.")
FOUR_CARDS = book("Play 4 cards in this lane.")
NO_DIVINE = book("No Divine cards may be played in this lane.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def card(power, feathers=0, scorpions=0, **more):
    return {"power": power, "feathers": feathers, "scorpions": scorpions, **more}


def lane(sun, moon, feather, scorpion, pillar, **more):
    return {"sun": sun, "moon": moon, "quest": {"feather": feather, "scorpion": scorpion},
            "pillar": pillar, **more}


def plain(sun_divine=None, moon_divine=None):
    """A lane Sun wins 6-5 on 2 feathers to 1 scorpion (the feather path: 1); a Divine card that
    changes neither power nor suit (Namari, Sorcerer) stands in for the player's one of the Age."""
    sun = [card(2, 2), card(3), card(1)]
    moon = [card(1, 0, 1), card(2), card(2)]
    if sun_divine:
        sun[1] = card(3, divine=sun_divine)
    if moon_divine:
        moon[1] = card(2, divine=moon_divine)
    return lane(sun, moon, 1, 2, "sun")


def one_age(left, center=None, right=None, modifier="two_face_down", **options):
    """Age I with `left` (quest: 3 on the feather path, 5 on the scorpion path) as the lane worked
    by hand; the center and right lanes each give Sun the 1 of their feather path unless named."""
    body = {"ages": [{"first_player": "sun", "modifier": modifier, "lanes": {
        "left": left, "center": center or plain(), "right": right or plain()}}]}
    if options:
        body["options"] = options
    return body


def left_lane(scores):
    """Who took the left quest and what: (seat, points, sentence) of the one line naming it."""
    found = [(player["seat"], line["points"], line["rule"]["quote"])
             for player in scores["players"] for line in player["breakdown"]
             if line["label"].startswith("Age I · left")]
    assert len(found) == 1, found
    return found[0]


def summed(scores):
    for player in scores["players"]:
        assert sum(line["points"] for line in player["breakdown"]) == player["total"]
    return {player["seat"]: player["total"] for player in scores["players"]}


# Each case: the left lane with the Divine card, the same lane with a Divine card that changes
# nothing in its place, and who takes the left quest for what in each. The other player's Divine
# card of the Age lies in the right lane.
DIVINE_CASES = {
    # Sun's 8 becomes 2: 2+1+1 = 4 against Moon's 8; feathers 2-1, so Moon takes the 3.
    "aponi": (APONI,
              lane([card(8, 2), card(1, divine="Aponi"), card(1)],
                   [card(4, 0, 1), card(3), card(1)], 3, 5, "sun"),
              ("moon", 3), ("sun", 3), "moon"),
    # Sun's two 3s become 7: 7+1+7 = 15 against Moon's 12.
    "saghari": (SAGHARI,
                lane([card(3), card(1, 2, divine="Saghari"), card(3)],
                     [card(5, 0, 1), card(4), card(3)], 3, 5, "sun"),
                ("sun", 3), ("moon", 3), "moon"),
    # Face down, Sun's Arbiter is 4 scorpions against Moon's 2 feathers: the scorpion path.
    "arbiter face down": (ARBITER,
                          lane([card(2, divine="Arbiter", face="down"), card(5), card(1)],
                               [card(4, 2), card(1), card(1)], 3, 5, "sun"),
                          ("sun", 5), ("sun", 3), "moon"),
    # Face down, Sun's Klar (5) is -1: -1+2+1 = 2 against Moon's 7.
    "klar face down": (KLAR,
                       lane([card(5, divine="Klar", face="down"), card(2, 2), card(1)],
                            [card(3, 0, 1), card(2), card(2)], 3, 5, "sun"),
                       ("moon", 3), ("sun", 3), "moon"),
    # Moon's Pentha makes Sun's first card (opposite it) 0: 0+1+1 = 2 against Moon's 6.
    "pentha": (PENTHA,
               lane([card(6, 2), card(1), card(1)],
                    [card(1, divine="Pentha"), card(3, 0, 1), card(2)], 3, 5, "moon"),
               ("moon", 3), ("sun", 3), "sun"),
    # Moon's Isabel reverses Sun's 3 feathers opposite: 4 scorpions to none; Moon 7-6.
    "isabel": (ISABEL,
               lane([card(4, 3), card(1), card(1)],
                    [card(5, 0, 1, divine="Isabel"), card(1), card(1)], 3, 5, "moon"),
               ("moon", 5), ("moon", 3), "sun"),
}


def divine_left_out(left, owner):
    """The same lane with the Divine card played as a card that does nothing to it (Namari)."""
    column = [dict(entry) for entry in left[owner]]
    for entry in column:
        if "divine" in entry:
            entry["divine"] = "Namari"
            entry.pop("face", None)
    return {**left, owner: column}


@pytest.mark.parametrize("name", DIVINE_CASES)
def test_a_divine_card_turns_the_lane_as_its_sentence_says(client, name):
    sentence, left, with_card, without_card, other = DIVINE_CASES[name]
    owner = "moon" if other == "sun" else "sun"
    right = plain(**{f"{other}_divine": "Sorcerer"})
    scored = calculated(client, GAME, one_age(left, right=right))
    assert left_lane(scored) == (*with_card, AWARD), sentence
    bare = calculated(client, GAME, one_age(divine_left_out(left, owner), right=right))
    assert left_lane(bare) == (*without_card, AWARD)
    summed(scored)
    summed(bare)


# Belan with 4 feathers among Sun's cards: reversed with the rest (the default reading) Sun's
# suit is 1+4 = 5 scorpions, with Moon's 2: the scorpion path; Belan left as it is, 1+2 = 3
# scorpions against its 4 feathers: the feather path. Sun wins 8-4 either way.
BELAN_LANE = lane([card(4, 1), card(3, 4, divine="Belan"), card(1)],
                  [card(2, 0, 2), card(1), card(1)], 3, 5, "sun")


@pytest.mark.parametrize(("includes_itself", "points"), [(True, 5), (False, 3)])
def test_belan_reverses_its_own_suit_only_under_its_ruling(client, includes_itself, points):
    scores = calculated(client, GAME, one_age(BELAN_LANE, right=plain(moon_divine="Sorcerer"),
                                              belan_includes_itself=includes_itself))
    assert left_lane(scores) == ("sun", points, AWARD), BELAN
    # The other lanes are Sun's 1 each whatever the ruling.
    assert summed(scores) == {"sun": points + 2, "moon": 0}


# Sun's Eradan in the right lane; on the left Sun's 3+3+3 = 9 against Moon's 4+4+4 = 12 (one
# scorpion: the 5). +2 to the lane's total is 11 (Moon's); +2 to each card is 15 (Sun's).
ERADAN_LEFT = lane([card(3), card(3), card(3)], [card(4, 0, 1), card(4), card(4)], 3, 5, "moon")


@pytest.mark.parametrize(("reading", "taker"), [("lane_total", "moon"), ("each_card", "sun")])
def test_eradan_adds_to_the_other_lanes_as_the_ruling_reads(client, reading, taker):
    right = lane([card(2, 2), card(3, divine="Eradan"), card(1)],
                 [card(1, 0, 1), card(2, divine="Sorcerer"), card(2)], 1, 2, "sun")
    scores = calculated(client, GAME, one_age(ERADAN_LEFT, right=right, eradan_power=reading))
    assert left_lane(scores) == (taker, 5, AWARD), ERADAN


# Invictus third in Sun's column: copying her 7 (the first card), 7+1+7 = 15 beats Moon's 14;
# copying the 1 (the second), 7+1+1 = 9 does not. The suit: Moon's one scorpion.
@pytest.mark.parametrize(("copies", "taker"), [(1, "sun"), (2, "moon")])
def test_invictus_copies_the_card_named(client, copies, taker):
    left = lane([card(7), card(1), card(0, divine="Invictus", copies=copies)],
                [card(5, 0, 1), card(5), card(4)], 3, 5, "sun")
    scores = calculated(client, GAME, one_age(left, right=plain(moon_divine="Sorcerer"),
                                              invictus_copies="named"))
    assert left_lane(scores) == (taker, 5, AWARD), INVICTUS


# Under directly_above Invictus copies the card played just before it: third, Sun's 1 (7+1+1 =
# 9, Moon's 14 wins); second, her 7 (7+7+1 = 15, Sun's).
@pytest.mark.parametrize(("column", "taker"), [
    ([card(7), card(1), card(0, divine="Invictus")], "moon"),
    ([card(7), card(0, divine="Invictus"), card(1)], "sun")])
def test_invictus_directly_above_copies_the_card_before_it(client, column, taker):
    left = lane(column, [card(5, 0, 1), card(5), card(4)], 3, 5, "sun")
    scores = calculated(client, GAME, one_age(left, right=plain(moon_divine="Sorcerer"),
                                              invictus_copies="directly_above"))
    assert left_lane(scores) == (taker, 5, AWARD), INVICTUS


def test_invictus_naming_a_card_not_directly_above_it_is_refused_under_directly_above(client):
    # Third in Sun's column, naming her first card (the 7): the table refuses this play under
    # the ruling (422); the calculator scores it as copying the 1 (Moon wins the lane).
    left = lane([card(7), card(1), card(0, divine="Invictus", copies=1)],
                [card(5, 0, 1), card(5), card(4)], 3, 5, "sun")
    error = calculated(client, GAME, one_age(left, right=plain(moon_divine="Sorcerer"),
                                             invictus_copies="directly_above"),
                       status=400)["error"]
    assert error["field"].startswith("ages[0].lanes.left.sun")
    assert error["rule"]["quote"].endswith(INVICTUS)


def test_pentha_naming_an_opposite_card_is_refused_under_same_position(client):
    # Moon's Pentha first in her column names Sun's second card: the table refuses the play
    # ("leave out `opposite`"); the calculator zeroes Sun's first card instead.
    left = lane([card(6, 2), card(1), card(1)],
                [card(1, divine="Pentha", opposite=2), card(3, 0, 1), card(2)], 3, 5, "moon")
    error = calculated(client, GAME, one_age(left, right=plain(sun_divine="Sorcerer")),
                       status=400)["error"]
    assert error["field"].startswith("ages[0].lanes.left.moon")
    assert error["rule"]["quote"] == PENTHA


def test_the_steward_gives_scorpions_to_its_left_and_feathers_to_its_right(client):
    # Sun's Steward in the center. Left: Sun's 1 feather against 2 added scorpions: the 5, not
    # the 3. Right: Moon's 2 scorpions against Sun's 1 feather and 2 added: the feather path (1).
    left = lane([card(5, 1), card(1), card(1)], [card(1), card(1), card(1)], 3, 5, "sun")
    center = lane([card(2, 2), card(3, divine="Steward"), card(1)],
                  [card(1, 0, 1), card(2, divine="Sorcerer"), card(2)], 1, 2, "sun")
    right = lane([card(4, 1), card(1), card(1)], [card(1, 0, 2), card(1), card(1)], 4, 6, "sun")
    scores = calculated(client, GAME, one_age(left, center=center, right=right))
    assert left_lane(scores) == ("sun", 5, AWARD), STEWARD
    assert summed(scores) == {"sun": 5 + 1 + 4, "moon": 0}
    without = calculated(client, GAME, one_age(
        left, center={**center, "sun": [card(2, 2), card(3, divine="Namari"), card(1)]},
        right=right))
    assert summed(without) == {"sun": 3 + 1 + 6, "moon": 0}


@pytest.mark.parametrize(("reading", "points"), [("all", 4), ("adjacent", 6)])
def test_the_steward_reaches_the_far_lane_only_under_all(client, reading, points):
    # Sun's Steward on the left: the right lane, two lanes away, has Moon's 1 scorpion against
    # none; the 2 added feathers (all) make it the feather path (4), else the scorpion path (6).
    left = lane([card(2, 2), card(3, divine="Steward"), card(1)],
                [card(1, 0, 1), card(2), card(2)], 1, 2, "sun")
    right = lane([card(4), card(1), card(1)], [card(1, 0, 1), card(2, divine="Sorcerer"), card(1)],
                 4, 6, "sun")
    scores = calculated(client, GAME, one_age(left, right=right, steward_reach=reading))
    assert [line["points"] for line in scores["players"][0]["breakdown"]
            if line["label"].startswith("Age I · right")] == [points], STEWARD


@pytest.mark.parametrize(("reading", "left_points", "right_points"), [
    ("owner", 3, 6), ("table", 5, 4)])
def test_a_moon_stewards_left_and_right_as_steward_sides_reads_them(client, reading, left_points,
                                                                   right_points):
    # Moon's Steward in the center; Sun takes both side lanes without an icon. Read from Moon's
    # seat (owner) the table's right lane is her left (scorpions) and the left lane feathers;
    # read as the lanes are named (table), the other way round.
    center = lane([card(2, 2), card(3), card(1)], [card(1, 0, 1), card(2, divine="Steward"),
                                                   card(2)], 1, 2, "sun")
    left = lane([card(5), card(1, divine="Namari"), card(1)], [card(1), card(1), card(1)],
                3, 5, "sun")
    right = lane([card(5), card(1), card(1)], [card(1), card(1), card(1)], 4, 6, "sun")
    scores = calculated(client, GAME, one_age(left, center=center, right=right,
                                              steward_sides=reading))
    assert left_lane(scores) == ("sun", left_points, AWARD), STEWARD
    assert summed(scores) == {"sun": left_points + 1 + right_points, "moon": 0}


@pytest.mark.parametrize(("reading", "points"), [("both", 5), ("winner", 3)])
def test_the_dominant_suit_counts_whose_icons_dominant_suit_says(client, reading, points):
    # Sun wins 10-3 with 1 feather; Moon's 3 scorpions dominate the lane, not the winner's icons.
    left = lane([card(6, 1), card(3), card(1)], [card(1, 0, 3), card(1), card(1)], 3, 5, "sun")
    scores = calculated(client, GAME, one_age(left, center=plain(sun_divine="Namari"),
                                              right=plain(moon_divine="Sorcerer"),
                                              dominant_suit=reading))
    assert left_lane(scores) == ("sun", points, AWARD)


# --- The quest modifiers round 11 did not score, on the center quest ---------------------------

def center_lane(scores):
    found = [(player["seat"], line["points"])
             for player in scores["players"] for line in player["breakdown"]
             if line["label"].startswith("Age I · center")]
    assert len(found) == 1, found
    return found[0]


def with_divines_elsewhere(center, modifier, **options):
    return one_age(plain(sun_divine="Namari"), center=center,
                   right=plain(moon_divine="Sorcerer"), modifier=modifier, **options)


def test_double_suit_doubles_each_players_first_card_only(client):
    # Sun's first card: 2 feathers, doubled 4; Moon's 3 scorpions are on her second card: 4-3,
    # the feather path (2). Without the modifier 2-3: the scorpion path (6). Sun wins 6-5.
    center = lane([card(2, 2), card(3), card(1)], [card(1), card(2, 0, 3), card(2)], 2, 6, "sun")
    assert center_lane(calculated(client, GAME, with_divines_elsewhere(
        center, "double_suit"))) == ("sun", 2), DOUBLE_SUIT
    assert center_lane(calculated(client, GAME, with_divines_elsewhere(
        center, "least_power"))) == ("moon", 6)


@pytest.mark.parametrize(("reading", "taker"), [("each_player", "moon"), ("lane_first", "sun")])
def test_double_power_doubles_the_first_cards_first_card_says(client, reading, taker):
    # Sun played first in the center. Both first cards doubled: Sun 6+1+1 = 8, Moon 8+1+0 = 9;
    # only the lane's first card: Sun 8, Moon 5. Sun's 1 feather: the 2.
    center = lane([card(3), card(1, 1), card(1)], [card(4), card(1), card(0)], 2, 6, "sun",
                  first="sun")
    assert center_lane(calculated(client, GAME, with_divines_elsewhere(
        center, "double_power", first_card=reading))) == (taker, 2)


PILLAR_MOVES = book("If you are the first to place a face-up card in a lane, move the pillar to "
                    "your side.")


def test_a_first_card_face_up_by_moon_with_suns_pillar_is_refused_under_each_player(client):
    # Moon played the center's first card, face up: she holds its pillar, whatever the ruling.
    center = lane([card(3), card(1, 1), card(1)], [card(4), card(1), card(0)], 2, 6, "sun",
                  first="moon")
    error = calculated(client, GAME, with_divines_elsewhere(center, "double_power"),
                       status=400)["error"]
    assert error["field"] == "ages[0].lanes.center.first"
    assert error["rule"]["quote"] == PILLAR_MOVES


def test_no_power_empties_each_players_first_card(client):
    # Sun 9+1+1 = 11 against Moon 1+3+3 = 7; without the first cards 2 against 6: Moon's. One
    # feather against none: the 2.
    center = lane([card(9, 1), card(1), card(1)], [card(1), card(3), card(3)], 2, 6, "sun")
    assert center_lane(calculated(client, GAME, with_divines_elsewhere(
        center, "no_power"))) == ("moon", 2), NO_POWER
    assert center_lane(calculated(client, GAME, with_divines_elsewhere(
        center, "two_face_down"))) == ("sun", 2)


def test_play_only_two_cards_refuses_a_third_and_scores_two(client):
    two = lane([card(2, 2), card(3)], [card(1, 0, 1), card(2)], 2, 6, "sun")
    assert center_lane(calculated(client, GAME, with_divines_elsewhere(
        two, "two_cards"))) == ("sun", 2)
    three = lane([card(2, 2), card(3), card(1)], [card(1, 0, 1), card(2)], 2, 6, "sun")
    error = calculated(client, GAME, with_divines_elsewhere(three, "two_cards"),
                       status=400)["error"]
    assert error["field"] == "ages[0].lanes.center.sun"
    assert error["rule"]["quote"] == TWO_CARDS


def test_play_four_cards_scores_the_fourth_and_refuses_it_elsewhere(client):
    # Moon's fourth card (5) makes her 10 against Sun's 6.
    four = lane([card(2, 2), card(3), card(1), card(0)], [card(1, 0, 1), card(2), card(2),
                                                           card(5)], 2, 6, "sun")
    assert center_lane(calculated(client, GAME, with_divines_elsewhere(
        four, "four_cards"))) == ("moon", 2), FOUR_CARDS
    error = calculated(client, GAME, with_divines_elsewhere(four, "double_power"),
                       status=400)["error"]
    assert error["field"].startswith("ages[0].lanes.center")


def test_no_divine_refuses_a_divine_card_in_the_center(client):
    body = one_age(plain(), center=plain(sun_divine="Namari"),
                   right=plain(moon_divine="Sorcerer"), modifier="no_divine")
    error = calculated(client, GAME, body, status=400)["error"]
    assert error["field"].startswith("ages[0].lanes.center.sun")
    assert error["rule"]["quote"] == NO_DIVINE


# --- Power ties ---------------------------------------------------------------------------------

# Sun 3+2+1 = 6 against Moon's 6, 2 feathers to 1 scorpion: the feather path (3).
TIED = lane([card(3, 2), card(2), card(1)], [card(1, 0, 1), card(3), card(2)], 3, 5, "moon")


@pytest.mark.parametrize("pick", ["sun", "moon"])
def test_a_power_tie_goes_to_whom_the_pillar_holder_picks(client, pick):
    scores = calculated(client, GAME, one_age({**TIED, "ties": {"power": pick}},
                                              right=plain(moon_divine="Sorcerer"),
                                              center=plain(sun_divine="Namari")))
    assert left_lane(scores) == (pick, 3, AWARD), POWER_TIE


def test_a_power_tie_left_unpicked_is_asked_of_the_pillar_holder(client):
    error = calculated(client, GAME, one_age(TIED, right=plain(moon_divine="Sorcerer"),
                                             center=plain(sun_divine="Namari")),
                       status=400)["error"]
    assert error["field"] == "ages[0].lanes.left.ties.power"
    assert "Moon" in error["message"]


def unmoved_pillar(**options):
    """The center under 'Play only 2 cards in this lane.' read as the lane's total (one card
    each) and one face-down card per player: both play face down, so no face-up card ever moved
    its pillar. 4 power each, 2 feathers to 1 scorpion (the 3)."""
    center = lane([card(4, 2, face="down")], [card(4, 0, 1, face="down")], 3, 5, None, **options)
    return one_age(plain(sun_divine="Namari"), center=center,
                   right=plain(moon_divine="Sorcerer"), modifier="two_cards",
                   lane_size_modifiers="per_lane", face_down_limit="per_player")


def test_a_power_tie_where_no_pillar_moved_is_unwon_by_default(client):
    scores = calculated(client, GAME, unmoved_pillar())
    assert not [line for player in scores["players"] for line in player["breakdown"]
                if line["label"].startswith("Age I · center")]
    assert summed(scores) == {"sun": 2, "moon": 0}


@pytest.mark.parametrize("pick", ["sun", "moon"])
def test_under_first_player_the_marker_holder_picks_the_power_tie(client, pick):
    body = unmoved_pillar(ties={"power": pick})
    body["options"]["unheld_pillar_ties"] = "first_player"
    assert center_lane(calculated(client, GAME, body)) == (pick, 3)
    unpicked = unmoved_pillar()
    unpicked["options"]["unheld_pillar_ties"] = "first_player"
    error = calculated(client, GAME, unpicked, status=400)["error"]
    assert error["field"] == "ages[0].lanes.center.ties.power"
    assert "1st player marker" in error["message"]


# --- The end of the game: renown tied, pillars tied, and the rulings past the tie-breaker --------

PILLARS_TIE = book("Tie breaker: Whoever has more pillars in the last round wins.")
PASS_MARKER = book("Pass the 1st player marker.")


def won(winner, points, pillar=None):
    """A lane `winner` takes 7-3 on 2 feathers to none: the feather path's `points`."""
    winning, losing = [card(5, 2), card(1), card(1)], [card(1), card(1), card(1)]
    return lane(winning if winner == "sun" else losing, losing if winner == "sun" else winning,
                points, 0, pillar or winner)


def with_divine(column_lane, seat, name):
    return {**column_lane, seat: [column_lane[seat][0], card(1, divine=name),
                                  column_lane[seat][2]]}


def age(first_player, modifier, left, center, right):
    return {"first_player": first_player, "modifier": modifier,
            "lanes": {"left": left, "center": center, "right": right}}


# Age I: Sun 3 + 2, Moon 3. Age II: Sun 3, Moon 2 + 3. Age III (the center's 2 cards read as the
# lane's, one face down each, so its pillar never moved): Sun 3 + 3 (5 power to 4), Moon 6.
# Renown 14 each; the last round's pillars: Sun the left, Moon the right, nobody the center.
TIED_GAME = [
    age("sun", "double_power", with_divine(won("sun", 3), "sun", "Namari"), won("sun", 2),
        with_divine(won("moon", 3), "moon", "Sorcerer")),
    age("moon", "double_suit", with_divine(won("sun", 3), "sun", "Namari"), won("moon", 2),
        with_divine(won("moon", 3), "moon", "Sorcerer")),
    age("sun", "two_cards", with_divine(won("sun", 3), "sun", "Namari"),
        lane([card(5, 2, face="down")], [card(4, 0, 1, face="down")], 3, 5, None),
        with_divine(won("moon", 6), "moon", "Sorcerer")),
]
UNMOVED_CENTER = {"lane_size_modifiers": "per_lane", "face_down_limit": "per_player"}


@pytest.mark.parametrize(("rulings", "winners"), [
    ({}, []),
    ({"tie_past_pillars": "shared"}, ["sun", "moon"]),
    ({"unheld_pillar_at_end": "first_player"}, ["sun"]),
    ({"unheld_pillar_at_end": "first_player", "tie_past_pillars": "shared"}, ["sun"]),
])
def test_renown_and_pillars_tied_under_the_rulings_past_the_tie_breaker(client, rulings, winners):
    scores = calculated(client, GAME, {"ages": TIED_GAME,
                                       "options": {**UNMOVED_CENTER, **rulings}})
    assert summed(scores) == {"sun": 14, "moon": 14}
    assert all(line["rule"]["quote"] == AWARD
               for player in scores["players"] for line in player["breakdown"])
    assert sorted(scores["winners"]) == sorted(winners)
    assert scores["decided_by"]["rule"]["quote"] == PILLARS_TIE


def test_the_marker_not_passed_between_ages_is_refused_quoting_it(client):
    ages = [*TIED_GAME[:2], {**TIED_GAME[2], "first_player": "moon"}]
    error = calculated(client, GAME, {"ages": ages, "options": UNMOVED_CENTER},
                       status=400)["error"]
    assert error["field"] == "ages[2].first_player"
    assert error["rule"]["quote"] == PASS_MARKER


@pytest.mark.parametrize(("reading", "renown"), [
    ("winner", {"sun": 5, "moon": -2}), ("negative_to_loser", {"sun": 3, "moon": 0})])
def test_a_sickle_reward_goes_where_quest_reward_to_says(client, reading, renown):
    # Moon takes the right lane on its feather path, which shows 2 sickles.
    sickle = age("sun", "double_power", with_divine(won("sun", 3), "sun", "Namari"),
                 won("sun", 2), with_divine(won("moon", -2), "moon", "Sorcerer"))
    scores = calculated(client, GAME, {"ages": [sickle], "options": {"quest_reward_to": reading}})
    assert summed(scores) == renown
    right = [(player["seat"], line["points"]) for player in scores["players"]
             for line in player["breakdown"] if line["label"].startswith("Age I · right")]
    assert right == [("moon" if reading == "winner" else "sun", -2)]


def page_fields(ages, names, **options):
    """The calculator page's form as a phone sends it for `ages`: the table rulings chosen, the
    players' names, each card's fields; a pillar that never moved left at "—" (empty)."""
    fields = {"count": str(len(ages)), "calculate": "1",
              "names.sun": names[0], "names.moon": names[1]}
    fields.update({f"options.{name}": value for name, value in options.items()})
    for a, entry in enumerate(ages):
        fields[f"ages.{a}.first_player"] = entry["first_player"]
        fields[f"ages.{a}.modifier"] = entry["modifier"]
        for name, lane_entry in entry["lanes"].items():
            prefix = f"ages.{a}.lanes.{name}"
            fields[f"{prefix}.pillar"] = lane_entry["pillar"] or ""
            for path, reward in lane_entry["quest"].items():
                fields[f"{prefix}.quest.{path}"] = str(reward)
            for side in ("sun", "moon"):
                for n, entry_card in enumerate(lane_entry[side]):
                    for key, value in entry_card.items():
                        fields[f"{prefix}.{side}.{n}.{key}"] = str(value)
    return fields


@pytest.mark.parametrize(("rulings", "shown"), [
    ({}, "No winner"), ({"tie_past_pillars": "shared"}, "Ayla and Bo win"),
    ({"unheld_pillar_at_end": "first_player"}, "Ayla wins")])
def test_the_page_scores_the_tied_game_under_the_rulings_chosen_on_it(client, rulings, shown):
    html = client.get("/score/pillars-of-fate", query_string=page_fields(
        TIED_GAME, ("Ayla", "Bo"), **UNMOVED_CENTER, **rulings)).get_data(as_text=True)
    result = html[html.index('id="calc-result"'):]
    assert f'<p class="winner">{shown}</p>' in result
    assert PILLARS_TIE in result
    assert 'data-player="Ayla">14<' in result and 'data-player="Bo">14<' in result
    assert result.count(f'title="{AWARD}"') == 9


# --- Hadria face down: hidden from Sun's live scores until the Age ends, then scored -------------

HADRIA_SENTENCE = book("Hadria - If your opponent wins the lane where Hadria is played, they lose 5 "
                       "Renown in addition to any quest awards.")
HADRIA_DOWN = {"type": "play", "player": "moon", "lane": "left", "divine": "Hadria", "power": 3,
               "feathers": 0, "scorpions": 1, "face": "down"}
PROPHET_UP = {"type": "play", "player": "sun", "lane": "center", "divine": "Prophet", "power": 1,
              "feathers": 0, "scorpions": 0, "face": "up"}
REVEAL = book("Reveal all face-down cards.")


def test_moons_face_down_hadria_is_hidden_from_sun_until_the_reveal_then_costs_her_five(client):
    # Round 1's draft: Sun kept Prophet, Moon Hadria (Sun never saw it). Age I, quests 3/-1,
    # 2/4, -2/3. Sun takes the left lane 10-6 on her 2 feathers, where Moon's Hadria lies face
    # down (3 power, 1 scorpion), and the right 9-6 on her 1 scorpion; Moon the center 9-6 on her
    # 1 feather, where Sun's Prophet lies.
    table = drafted(client)
    sun = seat_headers(client, table, "sun")
    plays = [play("sun", "left", 8, 2), HADRIA_DOWN, play("sun", "left", 1),
             play("moon", "left", 2), play("sun", "left", 1), play("moon", "center", 5, 1),
             play("sun", "center", 4), play("moon", "center", 3), PROPHET_UP,
             play("moon", "center", 1), play("sun", "center", 1), play("moon", "right", 2),
             play("sun", "right", 3, 0, 1), play("moon", "right", 2), play("sun", "right", 3),
             play("moon", "right", 2), play("sun", "right", 3), play("moon", "left", 1)]
    for n, entry in enumerate(plays[:-1]):
        table.accepted(entry)
        if n >= 1:
            for name, read in reads_by_others(client, table, "sun", sun).items():
                assert "Hadria" not in read.get_data(as_text=True), (n, name)
            seen = client.get(f"/api/sessions/{table.id}", headers=sun).get_json()["scores"]
            assert not [line for player in seen["players"] for line in player["breakdown"]
                        if line["rule"]["quote"] == HADRIA_SENTENCE], n
    table.accepted(plays[-1])
    for headers in (sun, {}):
        revealed = client.get(f"/api/sessions/{table.id}", headers=headers).get_json()
        lines = {player["seat"]: sorted((line["points"], line["rule"]["quote"])
                                        for line in player["breakdown"])
                 for player in revealed["scores"]["players"]}
        assert lines == {"sun": sorted([(3, AWARD), (-5, HADRIA_SENTENCE), (3, AWARD)]),
                         "moon": [(2, AWARD)]}, REVEAL
    final = table.view()["state"]["lanes"]
    by_hand = calculated(client, GAME, {"ages": [{
        "first_player": "sun", "modifier": "two_face_down",
        "lanes": {entry["name"]: {
            "quest": entry["quest"], "pillar": entry["pillar"],
            **{seat: [{key: card_entry[key] for key in (
                "power", "feathers", "scorpions", "face", "divine") if key in card_entry}
                for card_entry in entry["cards"][seat]] for seat in ("sun", "moon")}}
            for entry in final}}]})
    assert summed(by_hand) == {"sun": 1, "moon": 2}
    assert {player["seat"]: sorted((line["points"], line["rule"]["quote"])
                                   for line in player["breakdown"])
            for player in by_hand["players"]} == lines


# --- Mother to All and a lane nobody won ---------------------------------------------------------

MOTHER = book("Mother to All - Gain 10 renown if you lose all quest lanes.")


def mother_beside_an_unmoved_center(**options):
    """Moon's Mother to All in the right lane; Sun takes the left and the right (1 each); the
    center's pillar never moved and its power is tied 4-4."""
    body = unmoved_pillar(**options)
    body["ages"][0]["lanes"]["right"] = plain(moon_divine="Mother to All")
    return body


def test_mother_to_all_pays_when_the_marker_holder_gives_her_owner_the_last_lane(client):
    # Under unheld_pillar_ties first_player Sun, the marker's holder, picks herself for the
    # center: Moon has lost all three quest lanes.
    body = mother_beside_an_unmoved_center(ties={"power": "sun"})
    body["options"]["unheld_pillar_ties"] = "first_player"
    scores = calculated(client, GAME, body)
    assert summed(scores) == {"sun": 5, "moon": 10}
    assert [(line["points"], line["rule"]["quote"])
            for line in scores["players"][1]["breakdown"]] == [(10, MOTHER)]


def test_a_lane_nobody_won_and_mother_to_all_is_a_table_ruling(client):
    options = client.get(f"/api/games/{GAME}").get_json()["options"]
    assert [name for name, option in options.items()
            if MOTHER in [rule["quote"] for rule in option.get("rules", [])]]
