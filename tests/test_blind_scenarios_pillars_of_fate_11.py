"""Pillars of Fate, outsider scenarios round 12 (file 11): the table rulings played at the table,
each both ways — one whole Age I played card by card under `dominant_suit`, `quest_reward_to`,
`renown_floor` and `champion_deck_size` (each reading changes the line it names and nothing
else: the same powers, winners and pillars); `face_down_limit` and `face_down_divine_counts`
at the second face-down card of a lane (refused as printed and nothing written; accepted under
the other reading, offered in `legal`, the player's own second one still refused; undone); Pentha
under `opposite` (the card at her place, played before or after her, or the card named);
Eradan under `eradan_power` (a lane lost on its lane total, won on each card); the draft
under `divine_duplicates`; a whole Age whose center is played face down by both players, so its
pillar never moves and its power tie is nobody's (`unheld_pillar_ties`: unwon, or the marker
holder's pick, undone and made the other way); the Steward from either seat under
`steward_sides` and `steward_reach`; Invictus under `invictus_copies`; the end-of-game
calculator given the same Ages under the same rulings, line for line; and two face-down cards of
one lane under `face_down_limit: per_player`, each kept from the other seat and a spectator on
every read. Written from the rulebook and the API's own description only
(docs/games/pillars-of-fate.md, GET /api/games/pillars-of-fate), never the referee's code."""

import json

import pytest

from tests.api_table import ApiTable, as_seen, calculated, quotes_from, reads_by_others, seat_headers
from tests.test_blind_scenarios_pillars_of_fate import QUESTS, drafted, lane, play

GAME = "pillars-of-fate"
book = quotes_from(GAME)

ONE_FACE_DOWN = book("1 card per lane may be played face down.")
KEEP_ONE = book("Players simultaneously select 1 card to keep, passing the other 2 to their "
                "opponent.")
PENTHA = book("Pentha - The opponent card's power opposite of Pentha becomes 0.")
AWARD = book("Award renown according to the conditional rewards for each quest.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def refused_unchanged(table, event, quote):
    before = as_seen(table.view())
    table.refused(event, quote)
    assert as_seen(table.view()) == before


# --- One whole Age I under the rulings that decide its renown -----------------------------------

# Sun kept Prophet (Pentha and Eradan from Moon), Moon kept Hadria (Klar and Naka from Sun); quests
# left 3 feather / -1 scorpion, center 2 / 4, right -2 / 3. Sun starts; 18 plays, each player's
# Divine card among them.
AGE_ONE = [
    play("sun", "left", 8, 0, 1), play("moon", "center", 5, 0, 1), play("sun", "right", 4, 1),
    play("moon", "left", 2, 2), play("sun", "center", 3, 1), play("moon", "right", 1, 0, 1),
    play("sun", "left", 7, 0, 1), play("moon", "center", 5, 0, 1), play("sun", "right", 4, 1),
    play("moon", "left", 2, 2), play("sun", "center", 3, 1), play("moon", "right", 1, 0, 1),
    play("sun", "left", 6, 0, 1), play("moon", "center", 5, 0, 1, divine="Klar"),
    play("sun", "right", 4), play("moon", "left", 2, 1),
    play("sun", "center", 1, divine="Prophet"), play("moon", "right", 1, 0, 1),
]
# By the book: left Sun 21 against 6, icons feathers 5 to scorpions 3; center Moon 15 against 7,
# feathers 2 to scorpions 3; right Sun 12 against 3, feathers 2 to scorpions 3. Pillars: Sun left
# and right, Moon center (the first face-up card in each).
WINNERS = {"left": "sun", "center": "moon", "right": "sun"}
POWER = {"left": {"sun": 21, "moon": 6}, "center": {"sun": 7, "moon": 15},
         "right": {"sun": 12, "moon": 3}}
PILLARS = {"left": "sun", "center": "moon", "right": "sun"}

# (options, each lane's dominant suit, renown after Age I). Both players' icons: left feathers
# (3 to Sun), center and right scorpions (4 to Moon, 3 to Sun). Only the winner's icons: Sun's in
# the left are 3 scorpions (-1 to her), in the right 2 feathers (-2 to her). Sending the sickles
# to the loser gives Moon both. Renown floored at zero: Sun cannot lose renown she does not hold.
# A 20-card champion deck changes the cards left, not the Age.
BOTH = {"left": "feathers", "center": "scorpions", "right": "scorpions"}
WINNERS_ICONS = {"left": "scorpions", "center": "scorpions", "right": "feathers"}
RULINGS = [
    ({}, BOTH, {"sun": 6, "moon": 4}),
    ({"dominant_suit": "winner"}, WINNERS_ICONS, {"sun": -3, "moon": 4}),
    ({"dominant_suit": "winner", "quest_reward_to": "negative_to_loser"}, WINNERS_ICONS,
     {"sun": 0, "moon": 4 - 1 - 2}),
    ({"dominant_suit": "winner", "renown_floor": "zero"}, WINNERS_ICONS, {"sun": 0, "moon": 4}),
    ({"renown_floor": "zero"}, BOTH, {"sun": 6, "moon": 4}),
    ({"champion_deck_size": 20}, BOTH, {"sun": 6, "moon": 4}),
]


@pytest.mark.parametrize("options, suits, renown", RULINGS,
                         ids=["as_printed", "winner_icons", "winner_icons_sickles_to_loser",
                              "winner_icons_floor_zero", "floor_zero", "deck_of_20"])
def test_age_one_played_whole_under_each_ruling_changes_only_what_it_names(
        client, options, suits, renown):
    table = drafted(client, options=options)
    for event in AGE_ONE:
        table.accepted(event)
    view = table.view()
    state = view["state"]
    assert view["phase"] == "quests" and state["age_over"] is True
    (age,) = state["ages"]
    lanes = {entry["lane"]: entry for entry in age["lanes"]}
    assert {name: entry["winner"] for name, entry in lanes.items()} == WINNERS
    assert {name: entry["power"] for name, entry in lanes.items()} == POWER
    assert {name: entry["suit"] for name, entry in lanes.items()} == suits
    assert age["pillars"] == PILLARS
    assert state["renown"] == renown
    assert {p["seat"]: p["total"] for p in view["scores"]["players"]} == renown
    # Each total is its lines' sum; every line is a quest's award (the Prophet's center was lost,
    # so no +5), the lane it names won by the player it is written for, or lost under
    # negative_to_loser.
    for player in view["scores"]["players"]:
        assert sum(line["points"] for line in player["breakdown"]) == player["total"]
        for line in player["breakdown"]:
            assert line["rule"]["quote"] == AWARD
            (name,) = [name for name in WINNERS if f"{name} quest" in line["label"]]
            to_loser = (line["points"] < 0
                        and options.get("quest_reward_to") == "negative_to_loser")
            assert (player["seat"] == WINNERS[name]) is not to_loser
    # Setup: 4 set aside, 5 drawn; 8 champion cards each played and drawn back for.
    size = options.get("champion_deck_size", 32)
    assert state["decks"] == {"sun": size - 4 - 5 - 8, "moon": size - 4 - 5 - 8}
    assert {seat: hand["count"] for seat, hand in state["hands"].items()} == {"sun": 5, "moon": 5}


# --- The second face-down card of a lane ---------------------------------------------------------

def offered_face_down(table, seat, lane_name):
    return [event for event in table.view(seat)["legal"]
            if event.get("lane") == lane_name and event.get("face") == "down"]


def sun_face_down_in_the_left(client, **options):
    """Age I: Sun lays an 8 face down in the left lane; Moon is to play."""
    table = drafted(client, options=options)
    table.accepted(play("sun", "left", 8, 0, 1, face="down"))
    return table


MOONS_FACE_DOWN = play("moon", "left", 2, 2, face="down")


def test_a_second_face_down_card_in_a_lane_is_the_other_players_only_per_player(client):
    # As printed: the lane's one face-down place is Sun's card; Moon's is refused, nothing
    # written, and her phone is offered no face-down play there (other lanes still).
    printed = sun_face_down_in_the_left(client)
    refused_unchanged(printed, MOONS_FACE_DOWN, ONE_FACE_DOWN)
    assert offered_face_down(printed, "moon", "left") == []
    assert offered_face_down(printed, "moon", "right") != []
    printed.accepted(play("moon", "left", 2, 2))
    # Per player: Moon has a face-down place of her own in the left lane.
    per_player = sun_face_down_in_the_left(client, face_down_limit="per_player")
    assert offered_face_down(per_player, "moon", "left") != []
    per_player.accepted(MOONS_FACE_DOWN)
    (seen,) = lane(per_player, "left", "sun")["cards"]["moon"]
    assert seen["face"] == "down" and "power" not in seen and "feathers" not in seen
    # ... but Sun still has only one: her second face-down card there is refused.
    refused_unchanged(per_player, play("sun", "left", 7, 0, 1, face="down"), ONE_FACE_DOWN)
    assert offered_face_down(per_player, "sun", "left") == []
    # Undone, Moon's face-down card leaves the lane and her turn is back.
    per_player.undo()
    assert lane(per_player, "left")["cards"]["moon"] == []
    assert per_player.view()["state"]["turn"] == "moon"
    # Moon's face-up 2 took the printed table's pillar; in the other only face-down cards lie
    # there, so it is still on the quest.
    assert lane(printed, "left")["pillar"] == "moon"
    assert lane(per_player, "left")["pillar"] is None


MOONS_FACE_DOWN_KLAR = play("moon", "left", 5, 0, 1, face="down", divine="Klar")


def test_a_face_down_divine_card_takes_the_lanes_face_down_place_unless_ruled_otherwise(client):
    printed = sun_face_down_in_the_left(client)
    refused_unchanged(printed, MOONS_FACE_DOWN_KLAR, ONE_FACE_DOWN)
    # Ruled that a Divine back hides nothing: Moon's Klar goes face down beside Sun's card.
    ruled = sun_face_down_in_the_left(client, face_down_divine_counts=False)
    ruled.accepted(MOONS_FACE_DOWN_KLAR)
    # A face-down champion card is still one too many in that lane, for either player.
    ruled.accepted(play("sun", "center", 3, 1))
    refused_unchanged(ruled, play("moon", "left", 2, 2, face="down"), ONE_FACE_DOWN)
    assert offered_face_down(ruled, "moon", "left") == []
    # What Sun's phone sees of Moon's card: a Divine back, face down, no name, no values.
    (seen,) = lane(ruled, "left", "sun")["cards"]["moon"]
    assert seen["face"] == "down" and seen.get("divine") == "?"
    assert "power" not in seen and "scorpions" not in seen


# --- Pentha: which card is opposite her ----------------------------------------------------------

def pentha_table(client, **options):
    """Age I: Sun a 5 into the left lane, Moon a 9 there; Sun is to play her second card."""
    table = drafted(client, options=options)
    table.accepted(play("sun", "left", 5, 1))
    table.accepted(play("moon", "left", 9, 0, 1))
    return table


def pentha(**extra):
    return play("sun", "left", 2, 0, 1, divine="Pentha", **extra)


def left_power(table):
    """The left lane's power if the Age ended now, as every phone reads it (all face up here)."""
    return next(entry for entry in table.view()["scores"]["lanes"]
                if entry["lane"] == "left")["power"]


def test_pentha_zeroes_the_card_at_her_place_even_one_played_after_her(client):
    table = pentha_table(client)
    table.accepted(pentha())
    # Moon's card at Pentha's place (second) is not there yet: Moon's 9 keeps its power.
    assert left_power(table) == {"sun": 5 + 2, "moon": 9}
    table.accepted(play("moon", "left", 8, 0, 1))
    assert left_power(table) == {"sun": 5 + 2, "moon": 9 + 0}
    # The 8 undone and a 6 played there instead: still 0.
    table.undo()
    assert left_power(table) == {"sun": 7, "moon": 9}
    table.accepted(play("moon", "left", 6, 0, 1))
    assert left_power(table) == {"sun": 7, "moon": 9}


def test_pentha_under_the_named_ruling_zeroes_the_card_named_and_only_one_that_is_there(client):
    table = pentha_table(client, opposite="named")
    # Moon has no second card in the lane to name.
    refused_unchanged(table, pentha(opposite=2), PENTHA)
    table.accepted(pentha(opposite=1))
    assert left_power(table) == {"sun": 7, "moon": 0}
    # Moon's next card there is not opposite her: it counts in full.
    table.accepted(play("moon", "left", 8, 0, 1))
    assert left_power(table) == {"sun": 7, "moon": 0 + 8}


# --- Eradan: 2 power on each other lane, or on each card there ------------------------------------

ERADAN_AGE = [
    play("sun", "left", 1, divine="Eradan"), play("moon", "left", 5, 0, 1),
    play("sun", "left", 8, 1), play("moon", "left", 5, 0, 1),
    play("sun", "left", 8, 1), play("moon", "left", 5, 0, 1),
    play("sun", "center", 2, 1), play("moon", "center", 4),
    play("sun", "center", 2, 1), play("moon", "center", 3),
    play("sun", "center", 2, 1), play("moon", "center", 3, divine="Klar"),
    play("sun", "right", 1, 1), play("moon", "right", 4, 0, 1),
    play("sun", "right", 1, 1), play("moon", "right", 4),
    play("sun", "right", 1, 1), play("moon", "right", 2),
]
# Left (3 / -1): Sun 17 against 15, scorpions 3 to feathers 2: -1 to Sun, either way. Center
# (2 / 4), feathers 3 to 0: Sun 6 + 2 = 8 against 10 (Moon, 2), or 6 + 3 x 2 = 12 (Sun, 2). Right
# (-2 / 3), feathers 3 to 1: Sun 3 + 2 = 5 or 3 + 6 = 9, against 10: Moon's, -2, either way.
ERADAN = {
    "lane_total": ({"left": "sun", "center": "moon", "right": "moon"},
                   {"center": {"sun": 8, "moon": 10}, "right": {"sun": 5, "moon": 10}},
                   {"sun": -1, "moon": 2 - 2}),
    "each_card": ({"left": "sun", "center": "sun", "right": "moon"},
                  {"center": {"sun": 12, "moon": 10}, "right": {"sun": 9, "moon": 10}},
                  {"sun": -1 + 2, "moon": -2}),
}


@pytest.mark.parametrize("reading", ["lane_total", "each_card"])
def test_eradans_two_power_under_each_reading_of_a_whole_age(client, reading):
    winners, power, renown = ERADAN[reading]
    options = {} if reading == "lane_total" else {"eradan_power": reading}
    table = drafted(client, options=options)
    for event in ERADAN_AGE:
        table.accepted(event)
    (age,) = table.view()["state"]["ages"]
    lanes = {entry["lane"]: entry for entry in age["lanes"]}
    assert {name: entry["winner"] for name, entry in lanes.items()} == winners
    assert {name: lanes[name]["power"] for name in power} == power
    # Eradan's own lane gets nothing: 1 + 8 + 8.
    assert lanes["left"]["power"] == {"sun": 17, "moon": 15}
    assert table.view()["state"]["renown"] == renown


# --- The draft under divine_duplicates -----------------------------------------------------------

PROPHET_TWICE = {"type": "draft_divine", "player": "sun", "kept": "Prophet",
                 "passed": ["Prophet", "Klar"]}


def test_a_draft_naming_a_card_twice_is_refused_only_when_the_deck_has_one_of_each(client):
    allowed = ApiTable(client, {"game": GAME, "players": ["Ana", "Ben"]})
    allowed.accepted(PROPHET_TWICE)
    allowed.undo()
    assert allowed.view()["state"]["draft"] == ApiTable(
        client, {"game": GAME, "players": ["Ana", "Ben"]}).view()["state"]["draft"]
    one_each = ApiTable(client, {"game": GAME, "players": ["Ana", "Ben"],
                                 "options": {"divine_duplicates": "none"}})
    refused_unchanged(one_each, PROPHET_TWICE, KEEP_ONE)
    one_each.accepted({"type": "draft_divine", "player": "sun", "kept": "Prophet",
                       "passed": ["Naka", "Klar"]})
    one_each.accepted({"type": "draft_divine", "player": "moon", "kept": "Hadria",
                       "passed": ["Pentha", "Eradan"]})
    one_each.accepted({"type": "begin_age", "player": "sun", "first_player": "sun",
                       "modifier": "two_face_down", "quests": QUESTS})
    assert one_each.view()["phase"] == "turns"


# --- A tie in a lane whose pillar never moved -----------------------------------------------------

# Face-down places per player and the two-card center counted per lane (one card each): both
# players lay their center card face down, so no face-up card ever moves its pillar. Center 5 to 5
# (feathers 2 to scorpions 1); the left Sun's (16 to 6, feathers: 3, and her Prophet's 5); the
# right Moon's (18 to 9, scorpions: 3).
UNHELD_AGE = [
    play("sun", "center", 5, 2, face="down"), play("moon", "center", 5, 0, 1, face="down"),
    play("sun", "left", 8, 1), play("moon", "left", 2, 0, 1), play("sun", "left", 7, 1),
    play("moon", "left", 2), play("sun", "left", 1, divine="Prophet"),
    play("moon", "right", 9, 0, 1), play("sun", "right", 3),
    play("moon", "right", 5, 0, 1, divine="Klar"), play("sun", "right", 3),
    play("moon", "right", 4), play("sun", "right", 3), play("moon", "left", 2),
]
CENTER_TIE = {"type": "break_tie", "player": "sun", "lane": "center", "tie": "power",
              "choice": "moon"}


def unheld_center_age(client, **options):
    table = ApiTable(client, {"game": GAME, "players": ["Ana", "Ben"], "options": {
        "face_down_limit": "per_player", "lane_size_modifiers": "per_lane", **options}})
    table.accepted({"type": "draft_divine", "player": "sun", "kept": "Prophet",
                    "passed": ["Klar", "Naka"]})
    table.accepted({"type": "draft_divine", "player": "moon", "kept": "Hadria",
                    "passed": ["Pentha", "Eradan"]})
    table.accepted({"type": "begin_age", "player": "sun", "first_player": "sun",
                    "modifier": "two_cards", "quests": QUESTS})
    for event in UNHELD_AGE:
        table.accepted(event)
    return table


def test_a_power_tie_under_an_unheld_pillar_is_nobodys_to_decide_as_printed(client):
    table = unheld_center_age(client)
    view = table.view()
    # Nobody holds the center's pillar, so nobody decides: the Age is scored at once, the center
    # unwon and its reward given to nobody.
    assert view["phase"] == "quests" and view["legal"] == []
    center = next(entry for entry in view["state"]["ages"][0]["lanes"]
                  if entry["lane"] == "center")
    assert (center["pillar"], center["winner"], center["power_tie"]) == (None, None, True)
    assert view["state"]["renown"] == {"sun": 3 + 5, "moon": 3}
    assert not any("center" in line["label"] for player in view["scores"]["players"]
                   for line in player["breakdown"])


def test_a_power_tie_under_an_unheld_pillar_is_the_marker_holders_under_first_player(client):
    table = unheld_center_age(client, unheld_pillar_ties="first_player")
    view = table.view()
    assert view["phase"] == "ties" and view["state"]["renown"] == {"sun": 0, "moon": 0}
    # Sun holds the 1st player marker: Moon's pick is refused, Sun's accepted.
    refused_unchanged(table, {**CENTER_TIE, "player": "moon"}, book(
        "Ties in either suit or power are decided by the player that holds the pillar for that "
        "lane."))
    table.accepted(CENTER_TIE)
    # Sun hands the center to Moon: feathers dominate, 2 to Moon. The other lanes as before.
    assert table.view()["state"]["renown"] == {"sun": 3 + 5, "moon": 3 + 2}
    table.undo()
    assert table.view()["phase"] == "ties"
    table.accepted({**CENTER_TIE, "choice": "sun"})
    assert table.view()["state"]["renown"] == {"sun": 3 + 5 + 2, "moon": 3}


# --- The Steward's sides and reach, from either seat ----------------------------------------------


def drafted_with(client, sun_kept, sun_passed, options):
    """Age I as in `drafted`, but Sun keeps `sun_kept` and passes `sun_passed` to Moon."""
    table = ApiTable(client, {"game": GAME, "players": ["Ana", "Ben"], "options": options})
    table.accepted({"type": "draft_divine", "player": "sun", "kept": sun_kept,
                    "passed": sun_passed})
    table.accepted({"type": "draft_divine", "player": "moon", "kept": "Hadria",
                    "passed": ["Pentha", "Eradan"]})
    table.accepted({"type": "begin_age", "player": "sun", "first_player": "sun",
                    "modifier": "two_face_down", "quests": QUESTS})
    return table


def steward_bonus(table):
    return {entry["lane"]: entry["bonus"] for entry in table.view()["scores"]["lanes"]}


NO_ICON = {"feathers": 0, "scorpions": 0}
FEATHERS, SCORPIONS = {"feathers": 2, "scorpions": 0}, {"feathers": 0, "scorpions": 2}

# (options, whose Steward and where, each lane's 2 icons). Moon sits across the table: her left is
# the lane the table calls "right". The Steward's own lane gets none.
STEWARD_READINGS = [
    ({}, ("moon", "center"), {"left": FEATHERS, "center": NO_ICON, "right": SCORPIONS}),
    ({"steward_sides": "table"}, ("moon", "center"),
     {"left": SCORPIONS, "center": NO_ICON, "right": FEATHERS}),
    ({}, ("sun", "left"), {"left": NO_ICON, "center": FEATHERS, "right": FEATHERS}),
    ({"steward_reach": "adjacent"}, ("sun", "left"),
     {"left": NO_ICON, "center": FEATHERS, "right": NO_ICON}),
    ({"steward_reach": "adjacent"}, ("moon", "center"),
     {"left": FEATHERS, "center": NO_ICON, "right": SCORPIONS}),
]


@pytest.mark.parametrize("options, played, bonus", STEWARD_READINGS,
                         ids=["moon-owner-sides", "moon-table-sides", "sun-left-all",
                              "sun-left-adjacent", "moon-center-adjacent"])
def test_the_stewards_icons_by_whose_left_and_how_far(client, options, played, bonus):
    owner, lane_name = played
    if owner == "sun":
        table = drafted_with(client, "Steward", ["Klar", "Naka"], options)
    else:
        table = drafted_with(client, "Prophet", ["Steward", "Naka"], options)
        table.accepted(play("sun", "left", 3))
    table.accepted(play(owner, lane_name, 2, divine="Steward"))
    assert steward_bonus(table) == bonus
    # Undone, no lane has the icons.
    table.undo()
    assert all(entry == NO_ICON for entry in steward_bonus(table).values())


# --- Invictus: the card named, or the card directly above ------------------------------------------

INVICTUS = book("Invictus copies the suit and power of a card above it in your lane.")


def invictus_lane(client, **options):
    """Sun kept Invictus; the left lane: Sun 3 (a feather), Moon 2, Sun 8 (2 scorpions), Moon 2.
    Sun is to play."""
    table = drafted_with(client, "Invictus", ["Klar", "Naka"], options)
    for event in (play("sun", "left", 3, 1), play("moon", "left", 2),
                  play("sun", "left", 8, 0, 2), play("moon", "left", 2)):
        table.accepted(event)
    return table


def left_values(table):
    entry = next(entry for entry in table.view()["scores"]["lanes"] if entry["lane"] == "left")
    return entry["power"]["sun"], [(card["power"], card["feathers"], card["scorpions"])
                                   for card in entry["values"]["sun"]]


def test_invictus_with_two_cards_above_copies_the_one_named_as_printed(client):
    table = invictus_lane(client)
    refused_unchanged(table, play("sun", "left", 0, divine="Invictus"), INVICTUS)
    table.accepted(play("sun", "left", 0, divine="Invictus", copies=1))
    assert left_values(table) == (3 + 8 + 3, [(3, 1, 0), (8, 0, 2), (3, 1, 0)])


def test_invictus_under_directly_above_copies_the_card_before_it(client):
    table = invictus_lane(client, invictus_copies="directly_above")
    # The card the ruling leaves is the 8 at position 2: naming the 3 is naming another card.
    refused_unchanged(table, play("sun", "left", 0, divine="Invictus", copies=1), INVICTUS)
    table.accepted(play("sun", "left", 0, divine="Invictus"))
    assert left_values(table) == (3 + 8 + 8, [(3, 1, 0), (8, 0, 2), (8, 0, 2)])


# --- The calculator given the same Age under each ruling ------------------------------------------

def tally_of(plays, modifier="two_face_down", first_player="sun"):
    """An Age as the calculator takes it: each lane's quest, pillar, first player and columns in
    the order played."""
    lanes = {}
    for name, quest in zip(("left", "center", "right"), QUESTS, strict=True):
        columns = {"sun": [], "moon": []}
        for event in plays:
            if event["lane"] == name:
                columns[event["player"]].append({key: event[key] for key in (
                    "power", "feathers", "scorpions", "face", "divine") if key in event})
        first_up = next((event["player"] for event in plays
                         if event["lane"] == name and event["face"] == "up"), None)
        first = next(event["player"] for event in plays if event["lane"] == name)
        lanes[name] = {"quest": quest, "pillar": first_up, "first": first, **columns}
    return {"modifier": modifier, "first_player": first_player, "lanes": lanes}


@pytest.mark.parametrize("options, suits, renown", RULINGS,
                         ids=["as_printed", "winner_icons", "winner_icons_sickles_to_loser",
                              "winner_icons_floor_zero", "floor_zero", "deck_of_20"])
def test_the_calculator_scores_age_one_as_the_table_did_under_each_ruling(
        client, options, suits, renown):
    table = drafted(client, options=options)
    for event in AGE_ONE:
        table.accepted(event)
    answer = calculated(client, GAME, {"names": {"sun": "Ana", "moon": "Ben"}, "options": options,
                                       "ages": [tally_of(AGE_ONE)]})
    assert {p["seat"]: p["total"] for p in answer["players"]} == renown
    table_lines = {p["seat"]: [(line["label"], line["points"]) for line in p["breakdown"]]
                   for p in table.view()["scores"]["players"]}
    calculator_lines = {p["seat"]: [(line["label"], line["points"]) for line in p["breakdown"]]
                        for p in answer["players"]}
    assert calculator_lines == table_lines
    # One Age is not the game: nobody has won yet.
    assert answer["winners"] == []


@pytest.mark.parametrize("ruling, pick, renown", [
    ("undecided", None, {"sun": 3 + 5, "moon": 3}),
    ("first_player", "moon", {"sun": 3 + 5, "moon": 3 + 2}),
    ("first_player", "sun", {"sun": 3 + 5 + 2, "moon": 3}),
])
def test_the_calculator_scores_the_unheld_center_tie_as_the_table_did(client, ruling, pick, renown):
    options = {"face_down_limit": "per_player", "lane_size_modifiers": "per_lane"}
    if ruling != "undecided":
        options["unheld_pillar_ties"] = ruling
    age = tally_of(UNHELD_AGE, modifier="two_cards")
    assert age["lanes"]["center"]["pillar"] is None
    if pick:
        # Without the marker holder's pick the tie cannot be scored.
        calculated(client, GAME, {"options": options, "ages": [age]}, status=400)
        age["lanes"]["center"]["ties"] = {"power": pick}
    else:
        # Nobody holds the pillar, so nobody's pick can be scored.
        picked = {**age, "lanes": {**age["lanes"], "center": {**age["lanes"]["center"],
                                                                "ties": {"power": "sun"}}}}
        calculated(client, GAME, {"options": options, "ages": [picked]}, status=400)
    answer = calculated(client, GAME, {"options": options, "ages": [age]})
    assert {p["seat"]: p["total"] for p in answer["players"]} == renown


# --- Two face-down cards in one lane under per_player, kept from the other seat -------------------

SUNS_SECRET, MOONS_SECRET, SUNS_DIVINE_SECRET = 37, 29, 23


def secrets_in(reads):
    """Which of the secret powers each read shows (as JSON values or as page text)."""
    shown = {}
    for name, response in reads.items():
        text = json.dumps(response.get_json()) if response.is_json else response.get_data(
            as_text=True)
        shown[name] = {power for power in (SUNS_SECRET, MOONS_SECRET, SUNS_DIVINE_SECRET)
                       if f'"power": {power}' in text or f">{power}<" in text}
        if "Prophet" in text:
            shown[name].add("Prophet")
    return shown


def test_each_players_face_down_card_in_a_shared_lane_is_theirs_alone_until_the_reveal(client):
    table = drafted(client, options={"face_down_limit": "per_player"})
    table.accepted(play("sun", "left", SUNS_SECRET, 0, 1, face="down"))
    table.accepted(play("moon", "left", MOONS_SECRET, 1, face="down"))
    table.accepted(play("sun", "center", SUNS_DIVINE_SECRET, divine="Prophet", face="down"))
    sun, moon = seat_headers(client, table, "sun"), seat_headers(client, table, "moon")
    seen_by_moon = secrets_in(reads_by_others(client, table, "moon", moon))
    seen_by_sun = secrets_in(reads_by_others(client, table, "sun", sun))
    for name, shown in seen_by_moon.items():
        assert not shown & {SUNS_SECRET, SUNS_DIVINE_SECRET, "Prophet"}, (name, shown)
        if name.startswith("spectator"):
            assert not shown, (name, shown)
    for name, shown in seen_by_sun.items():
        assert MOONS_SECRET not in shown, (name, shown)
    # While Sun's Divine card lies face down, Moon cannot tell it from the cards left: every one of
    # Sun's unplayed Divine cards is a back to her, even the two she passed.
    unplayed = table.view("moon")["state"]["divine"]["sun"]["unplayed"]
    assert [card["name"] for card in unplayed] == ["?", "?"]
    # Sun's own phone sees her cards.
    left = lane(table, "left", "sun")["cards"]["sun"]
    assert [card.get("power") for card in left] == [SUNS_SECRET]
