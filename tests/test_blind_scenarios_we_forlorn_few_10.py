"""We Forlorn Few, outsider scenarios round 10: the book's worked examples played under each
reading of the table rulings they touch, each ruling changing only what it names — the Ravenous
Turn example with the Self-Made Entrepreneur still holding his printed Pistol
(`defense_against_ravenous`), the same turn reached from Bob's Event card (`ravenous_hunger`: when
the Hunger comes, and a fourth one at the start of the turn), the Gathering example with its Snare
(`gather_same_kind`, `tool_bonus_optional`), the Travel example paid otherwise
(`ailment_for_held_resource`) and a way back with one Resource (`backwards_with_ailments`), and a
Combat from Cedar Falls (`attack_from_city`). Written from the rulebook and the API's own
description only (docs/games/we-forlorn-few.md, GET /api/games/we-forlorn-few), never the
referee's code."""

import pytest

from tests.api_table import ApiTable, as_seen, quotes_from
from tests.test_blind_scenarios_we_forlorn_few import PISTOL, TERRAIN, TRAVELERS
from tests.test_blind_scenarios_we_forlorn_few_3 import board, road
from tests.test_blind_scenarios_we_forlorn_few_5 import QUIET

GAME = "we-forlorn-few"
book = quotes_from(GAME)

COMBAT_DICE = book("They roll one die as standard and add additional dice if they have Equipment "
                   "cards that allow them to do so.")
DIE_PER_HUNGER = book("The number of dice a Ravenous Traveler rolls during Combat is one die for "
                      "each Hunger token currently on their Player board.")
FOURTH_HUNGER = book("Note: If a Ravenous Traveler adds a fourth Hunger token to their Player board, "
                     "either by losing Combat, or by gaining a Hunger token at the start of their "
                     "turn, they have perished and they are out of the game.")
HUNGER_AFTER_RETREAT = book("After completing their Retreat Phase, the Ravenous Player adds one "
                            "Hunger token to their Player board and ends their turn.")
WORTH_TWO_EXAMPLE = book('They roll a "Worth 2" result, which allows them to choose two of the '
                         'tokens listed on the Terrain tile to add to their Supply.')
TOOL_BONUS = book("Travelers with Tools in their Supply begin their Gathering Phase by adding the "
                  "Resource tokens specified on their Tool card(s) from the Stockpile to their "
                  "Supply.")
AILMENTS_FOR_LACKING = book("NOTE: Players may pay the Travel Costs by a combination of discarding "
                            "required Resources that they have in their Supply, and taking "
                            "Ailments for those they do not have.")
BACKWARDS_TWO = book("Players may travel backwards to an adjacent tile by paying two Resource "
                     "tokens of any type.")
NO_CITY_COMBAT = book("No, attacking a Traveler in a city would be unseemly.")

SNARE = {"name": "Snare", "type": "tool", "value": 1, "bonus": "food"}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


# --- The Ravenous Turn example: the defender's dice --------------------------------------------

# Cedar Falls, the Forest A, the face-down X, the Wetlands W, Newhaven.
EXAMPLE_TRAIL = [
    {"name": "CF", "kind": "Cedar Falls", "travel_cost": {"food": 1}, "adjacent": ["A"]},
    {"name": "A", "kind": "Forest", "travel_cost": {"wood": 1}, "resources": ["wood"],
     "adjacent": ["X"]},
    {"name": "X", "face_up": False, "adjacent": ["W"]},
    {"name": "W", "kind": "Wetlands", "travel_cost": {"water": 1}, "resources": ["water"],
     "adjacent": ["NH"]},
    {"name": "NH", "kind": "Newhaven", "adjacent": []},
]


def ravenous_example(client, phase="ravenous_movement", current="p1", hunger=1, **options):
    """Ann (p1) Ravenous on A with `hunger`; Bob (p2), the Self-Made Entrepreneur with his printed
    Pistol and Tool Box, on the Wetlands W. Bob holds the First-Player token: Ann plays after
    him."""
    return ApiTable(client, {
        "game": GAME, "players": ["Ann", "Bob"],
        "options": {"terrain": EXAMPLE_TRAIL, "travelers": {"p2": TRAVELERS["p2"]}, **options},
        "position": {"round": 2, "season_deck": 10, "phase": phase, "current": current,
                     "first_player": "p2",
                     "players": {"p1": {"tile": "A", "status": "ravenous", "hunger": hunger},
                                 "p2": {"tile": "W"}}}})


def attack(target_dice):
    return {"type": "ravenous_attack", "player": "p1", "target": "p2", "dice": [1],
            "target_dice": target_dice}


def played_to_the_retreat(table, target_dice):
    table.accepted({"type": "ravenous_move", "player": "p1", "path": ["X", "W"]})
    table.accepted(attack(target_dice))
    assert table.view()["phase"] == "ravenous_retreat"
    table.accepted({"type": "retreat", "player": "p1", "to": "X"})


def test_the_ravenous_example_as_the_combat_rules_read_bobs_pistol_adds_a_die(client):
    table = ravenous_example(client)
    table.accepted({"type": "ravenous_move", "player": "p1", "path": ["X", "W"]})
    offered = {len(e["target_dice"]) for e in table.view()["legal"]
               if e["type"] == "ravenous_attack" and "target_dice" in e}
    assert offered == {2}
    before = as_seen(table.view())
    # The example's one die for him is refused: his Pistol is still in his Supply.
    table.refused(attack([2]), COMBAT_DICE)
    assert as_seen(table.view()) == before
    # Worth 2 and Worth 0: 2 against Ann's 1, she loses and retreats onto X, unflipped.
    table.accepted(attack([2, 0]))
    assert table.view()["phase"] == "ravenous_retreat"
    table.accepted({"type": "retreat", "player": "p1", "to": "X"})
    ann = board(table, "p1")
    assert (ann["tile"], ann["hunger"]) == ("X", 2)
    assert table.view()["state"]["tiles"]["X"]["face_up"] is False


def test_the_ravenous_example_under_one_die_is_played_as_printed_and_ends_alike(client):
    table = ravenous_example(client, defense_against_ravenous="one_die")
    table.accepted({"type": "ravenous_move", "player": "p1", "path": ["X", "W"]})
    offered = {len(e["target_dice"]) for e in table.view()["legal"]
               if e["type"] == "ravenous_attack" and "target_dice" in e}
    assert offered == {1}
    before = as_seen(table.view())
    table.refused(attack([2, 0]), "")
    assert as_seen(table.view()) == before
    # "In defense, The Self-Made Entrepreneur rolls one die which results in a Worth 2".
    table.accepted(attack([2]))
    table.accepted({"type": "retreat", "player": "p1", "to": "X"})
    # The ruling names the defender's dice only: the turn ends as under the Combat rules' reading.
    as_printed = ravenous_example(client)
    played_to_the_retreat(as_printed, [2, 0])
    assert table.view()["state"]["players"] == as_printed.view()["state"]["players"]
    assert table.view()["current_players"] == as_printed.view()["current_players"]
    assert table.view()["phase"] == as_printed.view()["phase"]


# --- When the Ravenous Hunger comes --------------------------------------------------------------

def test_after_retreat_the_hunger_comes_after_the_retreat(client):
    table = ravenous_example(client, phase="event", current="p2")
    table.accepted({"type": "event_card", "player": "p2", "card": QUIET})
    assert (table.view()["current_players"], board(table, "p1")["hunger"]) == (["p1"], 1)
    table.accepted({"type": "ravenous_move", "player": "p1", "path": ["X", "W"]})
    # One Hunger, one die.
    assert {len(e["dice"]) for e in table.view()["legal"]
            if e["type"] == "ravenous_attack" and "dice" in e} == {1}
    table.accepted(attack([2, 0]))
    response = table.accepted({"type": "retreat", "player": "p1", "to": "X"})
    assert HUNGER_AFTER_RETREAT in [e["rule"]["quote"] for e in response["effects"]
                                    if "rule" in e]
    assert board(table, "p1")["hunger"] == 2


def test_start_of_turn_moves_the_hunger_to_the_start_and_nothing_else(client):
    table = ravenous_example(client, phase="event", current="p2",
                             ravenous_hunger="start_of_turn")
    table.accepted({"type": "event_card", "player": "p2", "card": QUIET})
    # Her turn begins with the Hunger: two on her board, so two dice.
    assert (table.view()["current_players"], board(table, "p1")["hunger"]) == (["p1"], 2)
    table.accepted({"type": "ravenous_move", "player": "p1", "path": ["X", "W"]})
    assert {len(e["dice"]) for e in table.view()["legal"]
            if e["type"] == "ravenous_attack" and "dice" in e} == {2}
    table.refused(attack([2, 0]), DIE_PER_HUNGER)
    table.accepted({"type": "ravenous_attack", "player": "p1", "target": "p2", "dice": [1, 0],
                    "target_dice": [2, 0]})
    table.accepted({"type": "retreat", "player": "p1", "to": "X"})
    # No second Hunger after the Retreat; the turn ends where it ends under after_retreat.
    as_printed = ravenous_example(client, phase="event", current="p2")
    as_printed.accepted({"type": "event_card", "player": "p2", "card": QUIET})
    played_to_the_retreat(as_printed, [2, 0])
    assert table.view()["state"]["players"] == as_printed.view()["state"]["players"]
    assert (table.view()["phase"], table.view()["current_players"]) == (
        as_printed.view()["phase"], as_printed.view()["current_players"])


@pytest.mark.parametrize("ruling", ["after_retreat", "start_of_turn"])
def test_a_ravenous_player_on_three_hunger_at_the_start_of_her_turn(client, ruling):
    table = ravenous_example(client, phase="event", current="p2", hunger=3,
                             ravenous_hunger=ruling)
    response = table.accepted({"type": "event_card", "player": "p2", "card": QUIET})
    ann = board(table, "p1")
    view = table.view()
    if ruling == "start_of_turn":
        # The fourth Hunger at the start of her turn: out of the game before she moves; the round
        # ends and Bob, the only one left, resolves the next Season card. The game goes on.
        assert (ann["status"], ann["hunger"]) == ("out", 4)
        assert FOURTH_HUNGER in [e["rule"]["quote"] for e in response["effects"] if "rule" in e]
        assert (view["phase"], view["current_players"], view["over"]) == (
            "season", ["p2"], False)
    else:
        # Her turn is played at three; the fourth comes after her Retreat.
        assert (ann["status"], ann["hunger"]) == ("ravenous", 3)
        assert (view["phase"], view["current_players"]) == ("ravenous_movement", ["p1"])
        table.accepted({"type": "ravenous_move", "player": "p1", "path": ["X"]})
        table.accepted({"type": "end_combat", "player": "p1"})
        table.accepted({"type": "retreat", "player": "p1", "to": "A"})
        assert (board(table, "p1")["status"], board(table, "p1")["hunger"]) == ("out", 4)
        assert table.view()["over"] is False


# --- The Gathering example with its Snare --------------------------------------------------------

def entrepreneur_gathering(client, **options):
    """The Self-Made Entrepreneur (Bob) on the Prairie P1, the Snare in his Supply (here beside
    his Pistol, the Tool Box traded away), nothing else."""
    return ApiTable(client, {
        "game": GAME, "players": ["Ann", "Bob"],
        "options": {"terrain": TERRAIN,
                    "travelers": {"p1": TRAVELERS["p1"], "p2": TRAVELERS["p2"]}, **options},
        "position": {"round": 1, "season_deck": 11, "phase": "gathering", "current": "p2",
                     "players": {"p2": {"tile": "P1",
                                        "resources": {"food": 0, "water": 0, "wood": 0},
                                        "equipment": [PISTOL, SNARE]}}}})


THE_EXAMPLE = {"type": "gather", "player": "p2", "roll": 2, "take": ["water", "wood"]}
TWO_WATER = {"type": "gather", "player": "p2", "roll": 2, "take": ["water", "water"]}
NO_SNARE_FOOD = {**THE_EXAMPLE, "tool_bonus": {}}

# For each ruling: the supply after each entry, or the sentence refusing it.
GATHERING = {
    "as_printed": ({}, {"example": {"food": 1, "water": 1, "wood": 1},
                        "two_water": {"food": 1, "water": 2, "wood": 0},
                        "no_snare_food": {"food": 0, "water": 1, "wood": 1}}),
    "different_kinds": ({"gather_same_kind": False},
                        {"example": {"food": 1, "water": 1, "wood": 1},
                         "two_water": WORTH_TWO_EXAMPLE,
                         "no_snare_food": {"food": 0, "water": 1, "wood": 1}}),
    "tool_bonus_required": ({"tool_bonus_optional": False},
                            {"example": {"food": 1, "water": 1, "wood": 1},
                             "two_water": {"food": 1, "water": 2, "wood": 0},
                             "no_snare_food": TOOL_BONUS}),
}
ENTRIES = {"example": THE_EXAMPLE, "two_water": TWO_WATER, "no_snare_food": NO_SNARE_FOOD}


@pytest.mark.parametrize("reading", list(GATHERING))
@pytest.mark.parametrize("entry", list(ENTRIES))
def test_the_gathering_example_under_each_reading(client, reading, entry):
    options, expected = GATHERING[reading]
    table = entrepreneur_gathering(client, **options)
    if isinstance(expected[entry], str):
        before = as_seen(table.view())
        table.refused(ENTRIES[entry], expected[entry])
        assert as_seen(table.view()) == before
    else:
        table.accepted(ENTRIES[entry])
        assert board(table, "p2")["resources"] == expected[entry]
        assert table.view()["phase"] == "turn_camp"


# --- The Travel example paid otherwise; a way back with one Resource -----------------------------

WETLANDS = [
    {"name": "CF", "kind": "Cedar Falls", "travel_cost": {"food": 1}, "adjacent": ["W"]},
    {"name": "W", "kind": "Wetlands", "travel_cost": {"food": 1, "water": 1, "wood": 3},
     "resources": ["water", "food"], "adjacent": ["CF", "Y"]},
    {"name": "Y", "face_up": False, "adjacent": ["NH"]},
    {"name": "NH", "kind": "Newhaven", "adjacent": []},
]
DESERT = {"kind": "Desert", "travel_cost": {"water": 1}, "resources": ["water"]}


def sheriffs_daughter_on_the_wetlands(client, **options):
    """The Travel example: the Sheriff's Daughter (Ann) on the Wetlands (Travel Cost one Food, one
    Water, three Wood) with two Food, one Water and one Wood, declaring for the face-down Y."""
    return ApiTable(client, {
        "game": GAME, "players": ["Ann", "Bob"],
        "options": {"terrain": WETLANDS,
                    "travelers": {"p1": TRAVELERS["p1"], "p2": TRAVELERS["p2"]}, **options},
        "position": {"round": 1, "season_deck": 11, "phase": "travel", "current": "p1",
                     "players": {"p1": {"tile": "W",
                                        "resources": {"food": 2, "water": 1, "wood": 1}},
                                 "p2": {"tile": "W"}}}})


KEEPING_HER_WOOD = {"type": "travel", "player": "p1", "to": "Y", "reveal": DESERT,
                    "pay": {"food": 1, "water": 1}, "ailments": {"wagon_damage": 3}}


@pytest.mark.parametrize("held", [False, True], ids=["as_printed", "any_mix"])
def test_the_travel_example_and_the_same_travel_keeping_her_wood(client, held):
    options = {"ailment_for_held_resource": True} if held else {}
    # As printed: one Food, one Water, one Wood discarded and two Wagon Damage, whatever the ruling.
    example = sheriffs_daughter_on_the_wetlands(client, **options)
    example.accepted({"type": "travel", "player": "p1", "to": "Y", "reveal": DESERT})
    ann = board(example, "p1")
    assert (ann["tile"], ann["resources"], ann["ailments"]["wagon_damage"]) == (
        "Y", {"food": 1, "water": 0, "wood": 0}, 2)
    # Keeping her Wood and taking a third Wagon Damage for it: only the Quick Reference's mix.
    table = sheriffs_daughter_on_the_wetlands(client, **options)
    if held:
        table.accepted(KEEPING_HER_WOOD)
        ann = board(table, "p1")
        assert (ann["tile"], ann["resources"], ann["ailments"]["wagon_damage"],
                ann["companions"]) == ("Y", {"food": 1, "water": 0, "wood": 1}, 3, 4)
    else:
        before = as_seen(table.view())
        table.refused(KEEPING_HER_WOOD, AILMENTS_FOR_LACKING)
        assert as_seen(table.view()) == before


def anns_way_back_with_one_wood(client, **options):
    return road(client, {"phase": "travel", "current": "p1", "players": {
        "p1": {"tile": "B", "resources": {"wood": 1}}, "p2": {"tile": "A"}}},
        players=("Ann", "Bob"), **options)


BACK_WITH_A_HUNGER = {"type": "travel", "player": "p1", "to": "A", "backward": True,
                      "pay": {"wood": 1}, "ailments": {"hunger": 1}}


def test_a_way_back_with_one_resource_is_refused_as_printed(client):
    table = anns_way_back_with_one_wood(client)
    before = as_seen(table.view())
    table.refused(BACK_WITH_A_HUNGER, BACKWARDS_TWO)
    table.refused({"type": "travel", "player": "p1", "to": "A", "backward": True}, BACKWARDS_TWO)
    assert as_seen(table.view()) == before


def test_backwards_with_ailments_takes_an_ailment_for_the_missing_resource_only(client):
    table = anns_way_back_with_one_wood(client, backwards_with_ailments=True)
    table.accepted(BACK_WITH_A_HUNGER)
    ann = board(table, "p1")
    assert (ann["tile"], ann["resources"], ann["ailments"]) == (
        "A", {"food": 0, "water": 0, "wood": 0}, {"hunger": 1, "thirst": 0, "wagon_damage": 0})
    assert table.view()["phase"] == "turn_gathering"


def test_backwards_with_ailments_still_takes_resources_first(client):
    """The ruling lets Ailments stand in for Resources one lacks, not for ones one holds."""
    table = road(client, {"phase": "travel", "current": "p1", "players": {
        "p1": {"tile": "B", "resources": {"wood": 1, "water": 1}}, "p2": {"tile": "A"}}},
        players=("Ann", "Bob"), backwards_with_ailments=True)
    table.refused(BACK_WITH_A_HUNGER, AILMENTS_FOR_LACKING)
    table.accepted({"type": "travel", "player": "p1", "to": "A", "backward": True,
                    "pay": {"wood": 1, "water": 1}})
    assert board(table, "p1")["ailments"] == {"hunger": 0, "thirst": 0, "wagon_damage": 0}


# --- A Combat from Cedar Falls ---------------------------------------------------------------------

def bob_in_cedar_falls(client, **options):
    return road(client, {"phase": "camp", "current": "p2", "players": {
        "p1": {"tile": "A", "resources": {"food": 1}},
        "p2": {"tile": "CF", "resources": {"food": 1}}}}, players=("Ann", "Bob"), **options)


FROM_THE_CITY = {"type": "combat", "player": "p2", "target": "p1", "dice": [2, 0],
                 "target_dice": [0, 0]}


@pytest.mark.parametrize("from_city", [True, False])
def test_a_combat_from_cedar_falls_under_both_readings(client, from_city):
    table = bob_in_cedar_falls(client, attack_from_city=from_city)
    offered = {e.get("target") for e in table.view()["legal"] if e["type"] == "combat"}
    if from_city:
        assert offered == {"p1"}
        table.accepted(FROM_THE_CITY)
        assert table.view()["current_players"] == ["p2"]
        table.accepted({"type": "steal", "player": "p2", "take": {"food": 1}})
        assert board(table, "p1")["resources"]["food"] == 0
    else:
        assert offered == set()
        before = as_seen(table.view())
        table.refused(FROM_THE_CITY, NO_CITY_COMBAT)
        assert as_seen(table.view()) == before
    # The ruling names the attacker's city: the rest of Bob's Camp is open either way.
    assert {"recuperate", "end_camp"} & {e["type"] for e in table.view()["legal"]}


@pytest.mark.parametrize("from_city", [True, False])
def test_ann_attacking_bob_in_cedar_falls_is_refused_under_both_readings(client, from_city):
    table = road(client, {"phase": "camp", "current": "p1", "players": {
        "p1": {"tile": "A", "resources": {"food": 1}},
        "p2": {"tile": "CF", "resources": {"food": 1}}}}, players=("Ann", "Bob"),
        attack_from_city=from_city)
    table.refused({"type": "combat", "player": "p1", "target": "p2", "dice": [2, 0],
                   "target_dice": [0, 0]}, NO_CITY_COMBAT)
