"""Pillars of Fate, outsider scenarios round 18 (file 12): four whole Ages I played card by card,
each under a table ruling no earlier round played at the table, both ways — Invictus in the
center under 'Each first card played will have its power doubled.' (`invictus_first_card`: the
center's winner turns on it); the Steward's icons to the lane or to its owner
(`steward_icons_to`) under each `dominant_suit`; Mother to All beside a center nobody won
(`mother_to_all_unwon`); Belan reversing its own suit or not (`belan_includes_itself`). Each
ruling changes only the line it names (the same powers and pillars), the end-of-game calculator
scores the same Age line for line, and undo after the Divine card restores the table exactly.
Then what Invictus copies of the center's first card under each first-card modifier and
`first_card`, and Saghari, Aponi, Klar and Arbiter on a modified first card, where the book prints
no order; a face-down Invictus kept from Moon; and a whole game of three Ages, as printed and under
five rulings at once, at the table and by the calculator line for line.
Written from the rulebook and the API's own description only (docs/games/pillars-of-fate.md,
GET /api/games/pillars-of-fate), never the referee's code."""

import json

import pytest

from tests.api_table import ApiTable, as_seen, calculated, quotes_from, reads_by_others, seat_headers

GAME = "pillars-of-fate"
book = quotes_from(GAME)

AWARD = book("Award renown according to the conditional rewards for each quest.")
INVICTUS = book("Invictus copies the suit and power of a card above it in your lane.")
DOUBLED = book("Each first card played will have its power doubled.")
STEWARD = book("Steward - Lanes to the left of this card will have 2 additional total scorpions "
               "and lanes to the right of this card will have 2 additional total feathers.")
MOTHER = book("Mother to All - Gain 10 renown if you lose all quest lanes.")
BELAN = book("Belan - All of your cards played in the same lane as Belan have their suits "
             "reversed.")
ALTERNATE = book("During each Age, players alternate turns")

# Left 3 feathers / -1 scorpions, center 2 / 4, right -2 / 3 (sickles negative).
QUESTS = [{"feather": 3, "scorpion": -1}, {"feather": 2, "scorpion": 4},
          {"feather": -2, "scorpion": 3}]
LANES = ("left", "center", "right")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def play(player, lane, power, feathers=0, scorpions=0, face="up", **extra):
    return {"type": "play", "player": player, "lane": lane, "power": power,
            "feathers": feathers, "scorpions": scorpions, "face": face, **extra}


def age_begun(client, options, sun_kept, moon_kept, modifier):
    """The draft (Sun keeps `sun_kept` and passes Klar and Naka; Moon keeps `moon_kept` and passes
    Pentha and Eradan), then Age I's quests with `modifier` in the center; Sun starts."""
    table = ApiTable(client, {"game": GAME, "players": ["Ana", "Ben"], "options": options})
    table.accepted({"type": "draft_divine", "player": "sun", "kept": sun_kept,
                    "passed": ["Klar", "Naka"]})
    table.accepted({"type": "draft_divine", "player": "moon", "kept": moon_kept,
                    "passed": ["Pentha", "Eradan"]})
    table.accepted({"type": "begin_age", "player": "sun", "first_player": "sun",
                    "modifier": modifier, "quests": QUESTS})
    return table


def resolved(table):
    """Age I as the table resolved it: each lane's power, winner, suit, and the pillars."""
    view = table.view()
    assert view["phase"] == "quests" and view["state"]["age_over"] is True
    (age,) = view["state"]["ages"]
    lanes = {entry["lane"]: entry for entry in age["lanes"]}
    return ({name: lanes[name]["power"] for name in LANES},
            {name: lanes[name]["winner"] for name in LANES},
            {name: lanes[name]["suit"] for name in LANES},
            age["pillars"])


def renown_and_lines(scores):
    """Each seat's total, and its breakdown as (label, points, quote) — the total its lines' sum."""
    totals, lines = {}, {}
    for player in scores["players"]:
        assert sum(line["points"] for line in player["breakdown"]) == player["total"]
        totals[player["seat"]] = player["total"]
        lines[player["seat"]] = [(line["label"], line["points"], line["rule"]["quote"])
                                 for line in player["breakdown"]]
    return totals, lines


def tally_of(plays, modifier):
    """The same Age as the calculator takes it: each lane's quest, pillar (the first face-up card),
    first player and columns in the order played."""
    lanes = {}
    for name, quest in zip(LANES, QUESTS, strict=True):
        columns = {"sun": [], "moon": []}
        for event in plays:
            if event["lane"] == name:
                columns[event["player"]].append({key: event[key] for key in (
                    "power", "feathers", "scorpions", "face", "divine", "copies", "opposite")
                    if key in event})
        first_up = next((event["player"] for event in plays
                         if event["lane"] == name and event["face"] == "up"), None)
        first = next(event["player"] for event in plays if event["lane"] == name)
        lanes[name] = {"quest": quest, "pillar": first_up, "first": first, **columns}
    return {"modifier": modifier, "first_player": "sun", "lanes": lanes}


def assert_the_calculator_agrees(client, table, options, plays, modifier):
    answer = calculated(client, GAME, {"names": {"sun": "Ana", "moon": "Ben"},
                                       "options": options, "ages": [tally_of(plays, modifier)]})
    assert renown_and_lines(answer) == renown_and_lines(table.view()["scores"])
    # One Age is not the game: nobody has won yet.
    assert answer["winners"] == []


def points_for(lines, lane):
    return [points for label, points, _ in lines if label.startswith(f"Age I · {lane}")]


# --- Invictus copying the center's doubled first card (invictus_first_card) ----------------------

# Sun kept Invictus; Moon plays the Klar Sun passed her (face up, power 1). Center under
# double_power: Sun 4 (a feather, doubled to 8), 5 (a feather), Invictus copying position 1;
# Moon 5 (a scorpion, doubled to 10), 5 (a scorpion), 5. Left: Sun 6, 6 (a scorpion each), 2 (a
# feather) against 3, 3 (a feather each) and Klar. Right: Sun 7 (a scorpion), 1, 1 against 4, 4, 4
# (a scorpion, a scorpion, a feather). Sun plays first in every lane, face up: her three pillars.
INVICTUS_PLAY = play("sun", "center", 0, divine="Invictus", copies=1)
INVICTUS_AGE = [
    play("sun", "center", 4, 1), play("moon", "center", 5, 0, 1),
    play("sun", "center", 5, 1), play("moon", "center", 5, 0, 1),
    play("sun", "left", 6, 0, 1), play("moon", "left", 3, 1),
    play("sun", "left", 6, 0, 1), play("moon", "left", 3, 1),
    play("sun", "right", 7, 0, 1), play("moon", "left", 1, divine="Klar"),
    play("sun", "right", 1), play("moon", "right", 4, 0, 1),
    INVICTUS_PLAY, play("moon", "right", 4, 0, 1),
    play("sun", "left", 2, 1), play("moon", "right", 4, 1),
    play("sun", "right", 1), play("moon", "center", 5),
]
# Left: Sun 14 to 7, feathers 3 to scorpions 2: Sun +3. Right: Moon 12 to 9, scorpions 3 to
# feathers 1: Moon +3. Center: feathers 3 (Invictus copies the feather) to 2 either way; Sun
# 8 + 5 + Invictus against Moon 10 + 5 + 5 = 20. Invictus copying the 4 as printed: 17, Moon
# wins (+2); copying it as the modifier left it, 8: 21, Sun wins (+2).
INVICTUS_RULINGS = [
    ({}, 4, {"sun": 3, "moon": 2 + 3}, "moon"),
    ({"invictus_first_card": "own_values"}, 4, {"sun": 3, "moon": 2 + 3}, "moon"),
    ({"invictus_first_card": "modified"}, 8, {"sun": 3 + 2, "moon": 3}, "sun"),
]


@pytest.mark.parametrize("options, copied, renown, center_winner", INVICTUS_RULINGS,
                         ids=["as_printed", "own_values", "modified"])
def test_invictus_in_the_doubled_center_under_each_reading_of_a_whole_age(
        client, options, copied, renown, center_winner):
    table = age_begun(client, options, "Invictus", "Hadria", "double_power")
    at = INVICTUS_AGE.index(INVICTUS_PLAY)
    for event in INVICTUS_AGE[:at]:
        table.accepted(event)
    # A card above it: position 3 is Invictus' own place, nothing of Sun's lies there yet.
    before = as_seen(table.view())
    table.refused({**INVICTUS_PLAY, "copies": 3}, INVICTUS)
    assert as_seen(table.view()) == before
    # Played, then undone: the table exactly as before, Invictus unplayed again.
    table.accepted(INVICTUS_PLAY)
    assert table.view()["state"]["divine"]["sun"]["played_in_age"]
    table.undo()
    assert as_seen(table.view()) == before
    assert "Invictus" in [card["name"]
                          for card in table.view("sun")["state"]["divine"]["sun"]["unplayed"]]
    table.accepted(INVICTUS_PLAY)
    # Invictus' values as the center stands: the copy of position 1 under the ruling.
    center = next(entry for entry in table.view()["scores"]["lanes"] if entry["lane"] == "center")
    assert [(value["power"], value["feathers"]) for value in center["values"]["sun"]] == [
        (8, 1), (5, 1), (copied, 1)]
    for event in INVICTUS_AGE[at + 1:]:
        table.accepted(event)
    power, winners, suits, pillars = resolved(table)
    assert power == {"left": {"sun": 14, "moon": 7},
                     "center": {"sun": 8 + 5 + copied, "moon": 20},
                     "right": {"sun": 9, "moon": 12}}
    assert winners == {"left": "sun", "center": center_winner, "right": "moon"}
    assert suits == {"left": "feathers", "center": "feathers", "right": "scorpions"}
    assert pillars == {"left": "sun", "center": "sun", "right": "sun"}
    totals, lines = renown_and_lines(table.view()["scores"])
    assert totals == renown == table.view()["state"]["renown"]
    assert points_for(lines[center_winner], "center") == [2]
    assert all(quote == AWARD for seat in lines for _, _, quote in lines[seat])
    assert_the_calculator_agrees(client, table, options, INVICTUS_AGE, "double_power")


# --- The Steward's two icons: to the lane, or to its owner (steward_icons_to) --------------------

# Sun kept the Steward (power 1, no icon) and plays it in the center: the left lane has 2 more
# scorpions, the right 2 more feathers (as Sun sees the lanes). Left: Sun 6, 6, 2 (a feather
# each) against 3, 3 (a scorpion each) and Moon's Klar. Center: Sun 4, 5 (a feather each),
# Steward against 5, 5, 5 (a scorpion each). Right: Sun 7, 1 (a scorpion each), 1 against 4 (a
# scorpion), 4, 4.
STEWARD_PLAY = play("sun", "center", 1, divine="Steward")
STEWARD_AGE = [
    play("sun", "left", 6, 1), play("moon", "left", 3, 0, 1),
    play("sun", "center", 4, 1), play("moon", "center", 5, 0, 1),
    play("sun", "right", 7, 0, 1), play("moon", "right", 4, 0, 1),
    play("sun", "left", 6, 1), play("moon", "left", 3, 0, 1),
    play("sun", "center", 5, 1), play("moon", "center", 5, 0, 1),
    play("sun", "right", 1, 0, 1), play("moon", "right", 4),
    STEWARD_PLAY, play("moon", "left", 1, divine="Klar"),
    play("sun", "left", 2, 1), play("moon", "center", 5, 0, 1),
    play("sun", "right", 1), play("moon", "right", 4),
]
# Sun wins the left 14 to 7, Moon the center 15 to 10 and the right 12 to 9, whatever the ruling.
# Both players' icons counted: left feathers 3 to scorpions 2 + 2 (Sun -1); center scorpions 3 to
# 2 (Moon +4); right feathers 0 + 2 to scorpions 2 + 1 (Moon +3) — the icons reach the count
# whoever holds them. Only the winner's icons: left Sun's feathers 3 to the Steward's scorpions
# 2 (+3 to her, the owner's either way); right Moon's one scorpion against the lane's 2 feathers
# (Moon -2), but the Steward's feathers are Sun's under `owner`, and Sun lost (Moon +3).
STEWARD_RULINGS = [
    ({}, {"left": "scorpions", "right": "scorpions"}, {"sun": -1, "moon": 4 + 3}),
    ({"steward_icons_to": "owner"}, {"left": "scorpions", "right": "scorpions"},
     {"sun": -1, "moon": 4 + 3}),
    ({"dominant_suit": "winner"}, {"left": "feathers", "right": "feathers"},
     {"sun": 3, "moon": 4 - 2}),
    ({"dominant_suit": "winner", "steward_icons_to": "owner"},
     {"left": "feathers", "right": "scorpions"}, {"sun": 3, "moon": 4 + 3}),
    ({"dominant_suit": "winner", "steward_icons_to": "lane"},
     {"left": "feathers", "right": "feathers"}, {"sun": 3, "moon": 4 - 2}),
]


@pytest.mark.parametrize("options, suits, renown", STEWARD_RULINGS,
                         ids=["as_printed", "owner_both_icons", "winner_icons_lane",
                              "winner_icons_owner", "winner_icons_lane_named"])
def test_the_stewards_icons_to_the_lane_or_its_owner_in_a_whole_age(client, options, suits, renown):
    table = age_begun(client, options, "Steward", "Hadria", "two_face_down")
    for event in STEWARD_AGE:
        table.accepted(event)
    power, winners, lane_suits, pillars = resolved(table)
    assert power == {"left": {"sun": 14, "moon": 7}, "center": {"sun": 10, "moon": 15},
                     "right": {"sun": 9, "moon": 12}}
    assert winners == {"left": "sun", "center": "moon", "right": "moon"}
    assert lane_suits == {**suits, "center": "scorpions"}
    assert pillars == {"left": "sun", "center": "sun", "right": "sun"}
    totals, lines = renown_and_lines(table.view()["scores"])
    assert totals == renown == table.view()["state"]["renown"]
    assert points_for(lines["moon"], "center") == [4]
    assert_the_calculator_agrees(client, table, options, STEWARD_AGE, "two_face_down")


def test_the_stewards_icons_are_undone_with_it(client):
    table = age_begun(client, {"dominant_suit": "winner", "steward_icons_to": "owner"},
                      "Steward", "Hadria", "two_face_down")
    at = STEWARD_AGE.index(STEWARD_PLAY)
    for event in STEWARD_AGE[:at]:
        table.accepted(event)
    before = as_seen(table.view())
    # Moon cannot play the Steward on Sun's turn.
    table.refused({**STEWARD_PLAY, "player": "moon"}, ALTERNATE)
    suns_icons = {entry["lane"]: (entry["feathers"]["sun"], entry["scorpions"]["sun"])
                  for entry in table.view()["scores"]["lanes"]}
    table.accepted(STEWARD_PLAY)
    # Under `owner` the two icons are Sun's own: 2 scorpions on her left, 2 feathers on her right,
    # nothing to the lane's total, nothing to the center.
    lanes = {entry["lane"]: entry for entry in table.view()["scores"]["lanes"]}
    assert {name: (entry["feathers"]["sun"], entry["scorpions"]["sun"])
            for name, entry in lanes.items()} == {
        "left": (suns_icons["left"][0], suns_icons["left"][1] + 2),
        "center": suns_icons["center"],
        "right": (suns_icons["right"][0] + 2, suns_icons["right"][1])}
    assert all(entry["bonus"] == {"feathers": 0, "scorpions": 0} for entry in lanes.values())
    table.undo()
    assert as_seen(table.view()) == before
    assert {entry["lane"]: (entry["feathers"]["sun"], entry["scorpions"]["sun"])
            for entry in table.view()["scores"]["lanes"]} == suns_icons
    assert table.view()["current_players"] == ["sun"]


# --- Mother to All beside a center nobody won (mother_to_all_unwon) ------------------------------

# Each player one card in the center (Play only 2 cards in this lane, the lane's total) and one
# face-down place each there: both 5s laid face down, so the pillar never moves and the tie in
# power (and suit: a feather against a scorpion) is nobody's. Sun takes the left (6, 6, 6, a
# feather each, against 2, 2 with a scorpion each and Mother to All) and the right (6, 6 with a
# scorpion each and her Prophet against 2 (a feather), 2, 2). Moon lost the left and the right and
# did not win the center.
UNWON_TABLE = {"lane_size_modifiers": "per_lane", "face_down_limit": "per_player"}
MOTHER_AGE = [
    play("sun", "center", 5, 1, face="down"), play("moon", "center", 5, 0, 1, face="down"),
    play("sun", "left", 6, 1), play("moon", "left", 2, 0, 1),
    play("sun", "right", 6, 0, 1), play("moon", "right", 2, 1),
    play("sun", "left", 6, 1), play("moon", "left", 2, 0, 1),
    play("sun", "right", 6, 0, 1), play("moon", "right", 2),
    play("sun", "right", 1, divine="Prophet"), play("moon", "left", 1, divine="Mother to All"),
    play("sun", "left", 6, 1), play("moon", "right", 2),
]


@pytest.mark.parametrize("ruling, mother", [(None, 0), ("not_lost", 0), ("lost", 10)])
def test_mother_to_all_beside_a_center_nobody_won_under_each_ruling(client, ruling, mother):
    options = dict(UNWON_TABLE, **({"mother_to_all_unwon": ruling} if ruling else {}))
    table = age_begun(client, options, "Prophet", "Mother to All", "two_cards")
    for event in MOTHER_AGE:
        table.accepted(event)
    power, winners, suits, pillars = resolved(table)
    assert power == {"left": {"sun": 18, "moon": 5}, "center": {"sun": 5, "moon": 5},
                     "right": {"sun": 13, "moon": 6}}
    assert winners == {"left": "sun", "center": None, "right": "sun"}
    assert suits["left"] == "feathers" and suits["right"] == "scorpions"
    assert pillars == {"left": "sun", "center": None, "right": "sun"}
    totals, lines = renown_and_lines(table.view()["scores"])
    # Sun: the left (+3), the right (+3) and her Prophet there (+5); nothing for the center.
    assert totals == {"sun": 3 + 3 + 5, "moon": mother} == table.view()["state"]["renown"]
    assert [points for _, points, quote in lines["moon"] if quote == MOTHER] == (
        [10] if mother else [])
    assert not points_for(lines["sun"], "center") and not points_for(lines["moon"], "center")
    assert_the_calculator_agrees(client, table, options, MOTHER_AGE, "two_cards")
    # The last card undone: the Age open again, Moon to play, no renown awarded; entered again,
    # the same totals (the Age scored once).
    table.undo()
    view = table.view()
    assert view["state"]["ages"] == [] and view["current_players"] == ["moon"]
    assert view["state"]["renown"] == {"sun": 0, "moon": 0}
    table.accepted(MOTHER_AGE[-1])
    assert table.view()["state"]["renown"] == {"sun": 11, "moon": mother}


# --- Belan reversing its own suit, or only the others' (belan_includes_itself) -------------------

# Sun kept Belan (power 1, 3 scorpions) and plays it in the right lane (-2 feathers / 3
# scorpions) beside her 4 (a feather) and 5; Moon 3 (a scorpion), 3, 3. Left: Sun 6, 6, 2 (a
# feather each) against 3, 3 (a scorpion each) and Klar. Center: Sun 4, 5 (a feather each), 1
# against 5, 5, 5 (a scorpion each).
BELAN_PLAY = play("sun", "right", 1, 0, 3, divine="Belan")
BELAN_AGE = [
    play("sun", "left", 6, 1), play("moon", "left", 3, 0, 1),
    play("sun", "center", 4, 1), play("moon", "center", 5, 0, 1),
    play("sun", "right", 4, 1), play("moon", "right", 3, 0, 1),
    play("sun", "left", 6, 1), play("moon", "left", 3, 0, 1),
    BELAN_PLAY, play("moon", "center", 5, 0, 1),
    play("sun", "center", 5, 1), play("moon", "right", 3),
    play("sun", "left", 2, 1), play("moon", "left", 1, divine="Klar"),
    play("sun", "center", 1), play("moon", "center", 5, 0, 1),
    play("sun", "right", 5), play("moon", "right", 3),
]
# Sun wins the right 10 to 9. All of her cards reversed, Belan too: her 4 a scorpion, Belan 3
# feathers; feathers 3 to scorpions 2: Sun -2. Belan keeping its own: scorpions 1 + 3 + 1 = 5:
# Sun +3. Left Sun +3, center Moon +4 either way.
BELAN_RULINGS = [
    ({}, "feathers", {"sun": 3 - 2, "moon": 4}, [(0, 1), (3, 0), (0, 0)]),
    ({"belan_includes_itself": True}, "feathers", {"sun": 3 - 2, "moon": 4},
     [(0, 1), (3, 0), (0, 0)]),
    ({"belan_includes_itself": False}, "scorpions", {"sun": 3 + 3, "moon": 4},
     [(0, 1), (0, 3), (0, 0)]),
]


@pytest.mark.parametrize("options, right_suit, renown, suns_right_icons", BELAN_RULINGS,
                         ids=["as_printed", "includes_itself", "only_the_others"])
def test_belan_in_a_whole_age_under_each_reading(client, options, right_suit, renown,
                                                 suns_right_icons):
    table = age_begun(client, options, "Belan", "Hadria", "two_face_down")
    at = BELAN_AGE.index(BELAN_PLAY)
    for event in BELAN_AGE[:at]:
        table.accepted(event)
    before = as_seen(table.view())
    table.accepted(BELAN_PLAY)
    table.undo()
    assert as_seen(table.view()) == before
    for event in BELAN_AGE[at:]:
        table.accepted(event)
    right = next(entry for entry in table.view()["scores"]["lanes"] if entry["lane"] == "right")
    assert [(value["feathers"], value["scorpions"])
            for value in right["values"]["sun"]] == suns_right_icons
    assert [(value["feathers"], value["scorpions"])
            for value in right["values"]["moon"]] == [(0, 1), (0, 0), (0, 0)]
    power, winners, suits, pillars = resolved(table)
    assert power == {"left": {"sun": 14, "moon": 7}, "center": {"sun": 10, "moon": 15},
                     "right": {"sun": 10, "moon": 9}}
    assert winners == {"left": "sun", "center": "moon", "right": "sun"}
    assert suits == {"left": "feathers", "center": "scorpions", "right": right_suit}
    assert pillars == {"left": "sun", "center": "sun", "right": "sun"}
    totals, lines = renown_and_lines(table.view()["scores"])
    assert totals == renown == table.view()["state"]["renown"]
    assert points_for(lines["sun"], "right") == [-2 if right_suit == "feathers" else 3]
    assert_the_calculator_agrees(client, table, options, BELAN_AGE, "two_face_down")


# --- What Invictus copies of the center's first card under each first-card modifier ---------------

# The center: Sun's first card there a 4 with a feather; Moon 5s with a scorpion. Sun's Invictus
# at her third place copies position 1. Each row: the modifier, `first_card`, who plays first in
# the center, and Invictus' (power, feathers) as the card printed / as the modifier left it.
FIRST_CARD_ROWS = [
    ("double_power", "each_player", "sun", (4, 1), (8, 1)),
    ("double_power", "each_player", "moon", (4, 1), (8, 1)),
    ("double_power", "lane_first", "sun", (4, 1), (8, 1)),
    # Moon's card is the lane's first: Sun's 4 is not modified, so there is nothing to copy but 4.
    ("double_power", "lane_first", "moon", (4, 1), (4, 1)),
    ("no_power", "each_player", "sun", (4, 1), (0, 1)),
    ("double_suit", "each_player", "sun", (4, 1), (4, 2)),
    ("no_suit", "each_player", "sun", (4, 1), (4, 0)),
    # No first-card modifier: the ruling has nothing to read.
    ("two_face_down", "each_player", "sun", (4, 1), (4, 1)),
]


def center_up_to_invictus(first):
    suns = [play("sun", "center", 4, 1), play("sun", "center", 5, 1)]
    moons = [play("moon", "center", 5, 0, 1), play("moon", "center", 5, 0, 1)]
    if first == "sun":
        return [suns[0], moons[0], suns[1], moons[1]]
    return [play("sun", "left", 6, 0, 1), moons[0], suns[0], moons[1], suns[1],
            play("moon", "left", 3, 1)]


@pytest.mark.parametrize("ruling", ["own_values", "modified"])
@pytest.mark.parametrize("modifier, first_card, first, printed, modified", FIRST_CARD_ROWS,
                         ids=[f"{row[0]}-{row[1]}-{row[2]}" for row in FIRST_CARD_ROWS])
def test_what_invictus_copies_of_the_centers_first_card(
        client, modifier, first_card, first, printed, modified, ruling):
    options = {"invictus_first_card": ruling, "first_card": first_card}
    table = age_begun(client, options, "Invictus", "Hadria", modifier)
    for event in center_up_to_invictus(first):
        table.accepted(event)
    table.accepted(INVICTUS_PLAY)
    center = next(entry for entry in table.view()["scores"]["lanes"] if entry["lane"] == "center")
    copy = center["values"]["sun"][2]
    assert (copy["power"], copy["feathers"]) == (printed if ruling == "own_values" else modified)
    # The card copied is scored as the modifier leaves it under either reading.
    first_value = center["values"]["sun"][0]
    assert (first_value["power"], first_value["feathers"]) == (
        modified if (first == "sun" or first_card == "each_player") else printed)


# --- Saghari and Aponi on the center's first card under a first-card modifier ---------------------

SAGHARI = book("Saghari - Other cards in your lane with Saghari that have a power of 3 become 7.")
APONI = book("Aponi - Other cards in your lane with Aponi that have a power of 8 become 2.")

# Sun's first card in the center and her Divine card beside it; Moon a 1 there. The book prints no
# order between a Divine card's text and the center's modifier: a 3 doubled "has a power of" 6
# (Saghari leaves it) or becomes 7 and is doubled to 14; a 4 doubled has a power of 8 (Aponi makes
# it 2) or is a 4 Aponi leaves, doubled to 8.
ORDER_CASES = [("Saghari", 3, {6, 14}), ("Aponi", 4, {2, 8}), ("Aponi", 8, {4, 16})]


@pytest.mark.parametrize("divine, printed, readings", ORDER_CASES,
                         ids=[f"{case[0]}-{case[1]}" for case in ORDER_CASES])
def test_a_divine_text_and_the_doubled_first_card_give_one_of_the_two_readings(
        client, divine, printed, readings):
    table = age_begun(client, {}, divine, "Hadria", "double_power")
    table.accepted(play("sun", "center", printed, 1))
    table.accepted(play("moon", "center", 1))
    table.accepted(play("sun", "center", 1, divine=divine))
    center = next(entry for entry in table.view()["scores"]["lanes"] if entry["lane"] == "center")
    first = center["values"]["sun"][0]
    assert first["power"] in readings
    # Undone, the Divine card's text leaves the first card as the modifier alone makes it.
    table.undo()
    center = next(entry for entry in table.view()["scores"]["lanes"] if entry["lane"] == "center")
    assert center["values"]["sun"][0]["power"] == printed * 2


KLAR = book("Klar - If this card is played face down, its power becomes -1.")
ARBITER = book("Arbiter - If this card is played face down, its suit will be 4 scorpions.")
SUIT_DOUBLED = book("Each first card played will have its suit doubled.")


@pytest.mark.parametrize("text, modifier_text", [
    (SAGHARI, DOUBLED), (APONI, DOUBLED), (KLAR, DOUBLED), (ARBITER, SUIT_DOUBLED)],
    ids=["saghari", "aponi", "klar", "arbiter"])
def test_the_order_of_a_divine_text_and_a_first_card_modifier_is_a_table_ruling(
        client, text, modifier_text):
    options = client.get(f"/api/games/{GAME}").get_json()["options"]
    assert [name for name, option in options.items()
            if {text, modifier_text} <= {rule["quote"] for rule in option.get("rules", [])}]


@pytest.mark.parametrize("divine, modifier, printed, readings", [
    ("Klar", "double_power", (5, 0), {"power": {-1, -2}}),
    ("Arbiter", "double_suit", (2, 1), {"scorpions": {4, 8}})], ids=["klar", "arbiter"])
def test_a_face_down_klar_or_arbiter_first_in_the_center_is_scored_one_of_the_two_readings(
        client, divine, modifier, printed, readings):
    # The Invictus Age with Sun's first center card the Divine card face down and a 5 where
    # Invictus was, scored by the calculator (the card's values show once revealed).
    plays = [play("sun", "center", printed[0], printed[1], face="down", divine=divine),
             *INVICTUS_AGE[1:12], play("sun", "center", 5), *INVICTUS_AGE[13:]]
    answer = calculated(client, GAME, {"options": {"divine_required": "not_enforced"},
                                       "ages": [tally_of(plays, modifier)]})
    center = next(entry for entry in answer["ages"][0]["lanes"] if entry["lane"] == "center")
    ((field, values),) = readings.items()
    assert center["values"]["sun"][0][field] in values


# --- A face-down Invictus: what it copies stays Sun's until the reveal ---------------------------

def test_a_face_down_invictus_hides_what_it_copies_until_the_age_ends(client):
    table = age_begun(client, {}, "Invictus", "Hadria", "double_power")
    hidden_play = {**INVICTUS_PLAY, "face": "down"}
    age = [hidden_play if event is INVICTUS_PLAY else event for event in INVICTUS_AGE]
    at = age.index(hidden_play)
    for event in age[:at + 1]:
        table.accepted(event)
    reads = reads_by_others(client, table, "moon", seat_headers(client, table, "moon"))
    for name, response in reads.items():
        text = json.dumps(response.get_json()) if response.is_json else response.get_data(
            as_text=True)
        assert '"copies"' not in text and "copies position" not in text, name
    for name in ("moon view", "spectator view"):
        state = reads[name].get_json()["state"]
        center = next(entry for entry in state["lanes"] if entry["name"] == "center")
        assert center["cards"]["sun"][2]["face"] == "down"
        assert center["cards"]["sun"][2].get("divine") == "?", name
        projected = next(entry for entry in reads[name].get_json()["scores"]["lanes"]
                         if entry["lane"] == "center")
        # Left out of the projection until it is revealed: Sun's 8 and 5.
        assert projected["values"]["sun"][2] is None and projected["power"]["sun"] == 13
    for event in age[at + 1:]:
        table.accepted(event)
    # Revealed at the Age's end, it copies the 4 as printed: the Age as with it face up.
    power, winners, _, pillars = resolved(table)
    assert power["center"] == {"sun": 8 + 5 + 4, "moon": 20} and winners["center"] == "moon"
    assert pillars == {"left": "sun", "center": "sun", "right": "sun"}
    assert table.view()["state"]["renown"] == {"sun": 3, "moon": 2 + 3}


# --- A whole game of three Ages under the printed rules and under five rulings at once ------------

def moon_first(plays):
    """The same Age with each pair of plays entered Moon's first (Moon holds the marker)."""
    return [event for pair in zip(plays[1::2], plays[::2], strict=True) for event in pair]


def renamed(plays, names):
    """The same Age with the Divine cards renamed (the draft gave other cards); no `copies`."""
    return [{key: value for key, value in {**event, "divine": names[event["divine"]]}.items()
             if key != "copies"} if "divine" in event else event for event in plays]


# Sun keeps the Steward and gets the Prophet and Mother to All; Moon keeps Hadria and gets Klar and
# Naka. Age I (Sun's marker, two face-down cards in the center): the Steward Age. Age II (Moon's,
# power doubled): the Belan Age with Sun's Prophet for Belan and Moon's Naka for Klar, Moon first in
# each pair. Age III (Sun's, least power wins the center): the Invictus Age with Sun's Mother to All
# (power 0) for Invictus and Moon's Hadria for Klar.
WHOLE_GAME = [
    ("two_face_down", "sun", STEWARD_AGE),
    ("double_power", "moon", moon_first(renamed(BELAN_AGE, {"Belan": "Prophet", "Klar": "Naka"}))),
    ("least_power", "sun", renamed(INVICTUS_AGE, {"Invictus": "Mother to All", "Klar": "Hadria"})),
]
PASS_MARKER = book("Pass the 1st player marker.")
FIVE_RULINGS = {"dominant_suit": "winner", "quest_reward_to": "negative_to_loser",
                "renown_floor": "zero", "steward_icons_to": "owner", "tie_past_pillars": "shared",
                "unheld_pillar_at_end": "first_player"}


@pytest.mark.parametrize("options, renown", [({}, {"sun": 10, "moon": 14}),
                                             (FIVE_RULINGS, {"sun": 11, "moon": 13})],
                         ids=["as_printed", "five_rulings"])
def test_a_whole_game_at_the_table_and_by_the_calculator_line_for_line(client, options, renown):
    table = ApiTable(client, {"game": GAME, "players": ["Ana", "Ben"], "options": options})
    table.accepted({"type": "draft_divine", "player": "sun", "kept": "Steward",
                    "passed": ["Klar", "Naka"]})
    table.accepted({"type": "draft_divine", "player": "moon", "kept": "Hadria",
                    "passed": ["Prophet", "Mother to All"]})
    tallies = []
    for number, (modifier, marker, plays) in enumerate(WHOLE_GAME):
        begin = {"type": "begin_age", "player": "sun", "modifier": modifier, "quests": QUESTS}
        if number == 0:
            begin["first_player"] = "sun"
        else:
            # The marker passes: naming the player who held it is refused.
            table.refused({**begin, "first_player": WHOLE_GAME[number - 1][1]}, PASS_MARKER)
        table.accepted(begin)
        assert table.view()["state"]["first_player"] == marker
        for event in plays:
            table.accepted(event)
        tally = {**tally_of(plays, modifier), "first_player": marker}
        if table.view()["phase"] == "ties":
            # As printed, Age III's least-power center is tied in suit, two feathers to two
            # scorpions: Sun holds its pillar and picks feathers.
            assert number == 2 and not options
            table.accepted({"type": "break_tie", "player": "sun", "lane": "center",
                            "tie": "suit", "choice": "feathers"})
            tally["lanes"]["center"]["ties"] = {"suit": "feathers"}
        tallies.append(tally)
    view = table.view()
    assert view["over"] is True and view["state"]["renown"] == renown
    assert view["scores"]["winners"] == ["moon"]
    answer = calculated(client, GAME, {"names": {"sun": "Ana", "moon": "Ben"},
                                       "options": options, "ages": tallies})
    assert renown_and_lines(answer) == renown_and_lines(view["scores"])
    assert answer["winners"] == ["moon"]
    assert answer["decided_by"]["rule"]["quote"] == view["scores"]["decided_by"]["rule"]["quote"]


# --- Naka's second face-down place in a lane both players share ----------------------------------

NAKA = book("Naka - Your other quest lanes may have 2 face-down cards.")
ONE_FACE_DOWN = book("1 card per lane may be played face down.")


def naka_in_the_center(client):
    """Age I as printed (one face-down card a lane): Sun kept Naka and plays it in the center;
    Moon is to play."""
    table = ApiTable(client, {"game": GAME, "players": ["Ana", "Ben"]})
    table.accepted({"type": "draft_divine", "player": "sun", "kept": "Naka",
                    "passed": ["Klar", "Prophet"]})
    table.accepted({"type": "draft_divine", "player": "moon", "kept": "Hadria",
                    "passed": ["Pentha", "Eradan"]})
    table.accepted({"type": "begin_age", "player": "sun", "first_player": "sun",
                    "modifier": "double_power", "quests": QUESTS})
    table.accepted(play("sun", "center", 1, divine="Naka"))
    return table


def test_nakas_second_face_down_place_is_its_owners_whichever_card_lies_there_first(client):
    # Moon's face-down card first: Sun's is the lane's second, by Naka; a third is refused.
    moon_first = naka_in_the_center(client)
    moon_first.accepted(play("moon", "left", 3, face="down"))
    moon_first.accepted(play("sun", "left", 4, face="down"))
    moon_first.refused(play("moon", "left", 3, face="down"), ONE_FACE_DOWN)
    moon_first.accepted(play("moon", "right", 3))
    moon_first.refused(play("sun", "left", 4, face="down"), NAKA)
    # Sun's first: the lane's second face-down place is not Moon's.
    sun_first = naka_in_the_center(client)
    sun_first.accepted(play("moon", "right", 3))
    sun_first.accepted(play("sun", "left", 4, face="down"))
    sun_first.refused(play("moon", "left", 3, face="down"), ONE_FACE_DOWN)


def test_whose_nakas_second_face_down_place_is_is_a_table_ruling(client):
    options = client.get(f"/api/games/{GAME}").get_json()["options"]
    assert [name for name, option in options.items()
            if NAKA in [rule["quote"] for rule in option.get("rules", [])]]


# --- Invictus copying a card the opponent's Pentha or Isabel has changed ------------------------

PENTHA = book("Pentha - The opponent card's power opposite of Pentha becomes 0.")
ISABEL = book("Isabel - If the opponent card opposite of Isabel in this lane has a suit, reverse "
              "the suit.")
INVICTUS_GLOSSARY = book("Invictus - If this card is played first in your lane, it is just a 0 "
                         "card, it does not copy your opponents card. Invictus copies the suit and "
                         "power of a card above it in your lane.")


def invictus_copies_a_changed_card(client, moons_divine, suns_first):
    """Sun (Invictus) lays `suns_first` in the left lane; Moon lays `moons_divine` opposite it
    (the same position); Sun's Invictus copies position 1. Sun's column as the lane stands."""
    table = ApiTable(client, {"game": GAME, "players": ["Ana", "Ben"]})
    table.accepted({"type": "draft_divine", "player": "sun", "kept": "Invictus",
                    "passed": ["Klar", "Naka"]})
    table.accepted({"type": "draft_divine", "player": "moon", "kept": moons_divine,
                    "passed": ["Prophet", "Eradan"]})
    table.accepted({"type": "begin_age", "player": "sun", "first_player": "sun",
                    "modifier": "two_face_down", "quests": QUESTS})
    table.accepted(suns_first)
    table.accepted(play("moon", "left", 2, divine=moons_divine))
    table.accepted(play("sun", "left", 0, divine="Invictus", copies=1))
    left = next(entry for entry in table.view()["scores"]["lanes"] if entry["lane"] == "left")
    return [(value["power"], value["feathers"], value["scorpions"])
            for value in left["values"]["sun"]]


def test_invictus_copying_a_card_pentha_zeroed_or_isabel_reversed_reads_it_one_of_two_ways(
        client):
    # Pentha: Sun's 8 becomes 0; Invictus copies its 8 as printed or the 0 it became.
    first, copy = invictus_copies_a_changed_card(client, "Pentha", play("sun", "left", 8, 1))
    assert first == (0, 1, 0) and copy in {(8, 1, 0), (0, 1, 0)}
    # Isabel: Sun's two feathers become two scorpions; Invictus copies them either way.
    first, copy = invictus_copies_a_changed_card(client, "Isabel", play("sun", "left", 5, 2))
    assert first == (5, 0, 2) and copy in {(5, 2, 0), (5, 0, 2)}


@pytest.mark.parametrize("text", [PENTHA, ISABEL], ids=["pentha", "isabel"])
def test_what_invictus_copies_of_a_card_another_divine_card_changed_is_a_table_ruling(
        client, text):
    options = client.get(f"/api/games/{GAME}").get_json()["options"]
    assert [name for name, option in options.items()
            if {INVICTUS_GLOSSARY, text} <= {rule["quote"] for rule in option.get("rules", [])}]
