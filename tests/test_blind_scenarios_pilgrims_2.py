"""Pilgrims: Curious Adventures, outsider scenarios, round 2: from the rulebook and the API's own
description only (docs/games/pilgrims.md, GET /api/games/pilgrims). Later in the game than round 1:
one adventure a turn, quills and full tiles, wild and converted items, retired companions, the
reserve, the display's ratio and an empty deck, abilities once per activation, the last turn's
scoring."""

import pytest

from tests.api_table import ApiTable, quotes_from
from tests.test_blind_scenarios_pilgrims import (
    CAMPFIRES,
    COMPASS_LEAF,
    LEADERS,
    NOTES_SPEECH,
    QUESTS,
    STAR_LEAF,
    SWORD_FIST,
    item,
    player,
)

GAME = "pilgrims"
book = quotes_from(GAME)

ONE_ADVENTURE = book("During this phase, the player may either complete one adventure card or sign "
                     "up for one public quest")
TWO_QUILLS = book("Each player has 2 quill tokens.")
EMPTY_QUILL = book("There must also be at least one empty quill space on the public quest tile.")
NO_RETIRED = book("A player can't activate retired companion cards.")
ONCE_PER_ACTIVATION = book("Each ability can be used only once per activation.")

COIN_STAR = item("coin", "star")
FIST_COMPASS = item("fist", "compass")
WANDERER_NOTES = {"types": ["wanderer"], "activation": ["notes"]}
BEAST_STAR = {"types": ["beast"], "activation": ["star"]}
LEAFY = {"level": 1, "points": 3, "party": ["?"], "crosses": 0, "cost": ["leaf"]}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def at_table(client, ann, bob=None, players=("Ann", "Bob"), **table):
    """Ann (p1) to play in round `round` (default 2), from the phase given (default move)."""
    seats = ("p1", "p2", "p3", "p4")[:len(players)]
    leaders = {**LEADERS, "p4": {"activation": ["compass"]}}
    figures = {"p2": [5, 5], "p3": [1, 5], "p4": [5, 1]}
    others = {seat: {"figure": figures[seat], "hand": [SWORD_FIST]} for seat in seats[1:]}
    if bob:
        others["p2"] = {**others["p2"], **bob}
    position = {"round": 2, "current": "p1", **table,
                "players": {"p1": {"figure": [3, 3], **ann}, **others}}
    return ApiTable(client, {
        "game": GAME, "players": list(players),
        "options": {"campfires": CAMPFIRES, "public_quests": QUESTS,
                    "leaders": {seat: leaders[seat] for seat in seats}},
        "position": position})


def moved_and_clover(table):
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "gain_clover", "player": "p1"})


def test_one_adventure_or_one_public_quest_a_turn_not_both(client):
    table = at_table(client, {"hand": [STAR_LEAF, SWORD_FIST, NOTES_SPEECH],
                              "party": [{"card": BEAST_STAR}]})
    moved_and_clover(table)
    table.accepted({"type": "complete_adventure", "player": "p1", "source": "display",
                    "index": 1, "adventure": LEAFY, "pay": [{"hand": 1}], "companions": [1],
                    "retire": []})
    table.refused({"type": "sign_up", "player": "p1", "tile": "B",
                   "pay": [{"hand": 1}, {"hand": 2}]}, ONE_ADVENTURE)


def test_a_third_quill_is_refused(client):
    table = at_table(client, {"hand": [STAR_LEAF, SWORD_FIST, NOTES_SPEECH], "quills": ["A", "B"]})
    moved_and_clover(table)
    table.refused({"type": "sign_up", "player": "p1", "tile": "C",
                   "pay": [{"hand": 1}, {"hand": 2}, {"hand": 3}]}, TWO_QUILLS)


def test_a_tile_with_three_quills_takes_no_fourth(client):
    table = at_table(client, {"hand": [STAR_LEAF, COMPASS_LEAF]},
                     players=("Ann", "Bob", "Cy", "Di"),
                     quills={"A": ["p2", "p3", "p4"]})
    moved_and_clover(table)
    table.refused({"type": "sign_up", "player": "p1", "tile": "A",
                   "pay": [{"hand": 1}, {"hand": 2}]}, EMPTY_QUILL)


def test_a_wild_coin_item_pays_any_adventure_symbol(client):
    table = at_table(client, {"hand": [COIN_STAR], "party": [{"card": BEAST_STAR}]})
    moved_and_clover(table)
    table.accepted({"type": "complete_adventure", "player": "p1", "source": "display",
                    "index": 1, "adventure": {**LEAFY, "cost": ["speech"]},
                    "pay": [{"hand": 1}], "companions": [1], "retire": []})
    assert [card["points"] for card in player(table, "p1")["completed"]] == [3]


def test_a_clover_converts_an_items_adventure_symbol(client):
    # A fist item pays a speech cost for one clover (Ann has 1, and 1 from the Activate phase).
    table = at_table(client, {"hand": [FIST_COMPASS], "clovers": 1,
                              "party": [{"card": BEAST_STAR}]})
    moved_and_clover(table)
    speech = {**LEAFY, "cost": ["speech"]}
    response = table.send({"type": "complete_adventure", "player": "p1", "source": "display",
                           "index": 1, "adventure": speech, "pay": [{"hand": 1}],
                           "companions": [1], "retire": []})
    assert response.status_code == 422
    table.accepted({"type": "complete_adventure", "player": "p1", "source": "display",
                    "index": 1, "adventure": speech, "pay": [{"hand": 1, "convert": True}],
                    "companions": [1], "retire": []})
    ann = player(table, "p1")
    assert ann["clovers"] == 1
    assert ann["hand"] == [COMPASS_LEAF]


def test_a_retired_companion_cannot_be_activated(client):
    table = at_table(client, {"hand": [STAR_LEAF], "retired": [BEAST_STAR]})
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                    "card": COMPASS_LEAF})
    table.refused({"type": "activate", "player": "p1", "character": {"retired": 1}, "hand": 1},
                  NO_RETIRED)


def test_a_retired_companions_item_is_discarded(client):
    # The fourth companion joins: the first is retired and the item it held is discarded.
    table = at_table(client, {"hand": [STAR_LEAF],
                              "party": [{"card": BEAST_STAR, "holds": COIN_STAR},
                                        {"card": WANDERER_NOTES},
                                        {"card": {"types": ["scoundrel"],
                                                  "activation": ["sword"]}}]})
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [2, 2],
                    "card": {"types": ["nobleheart"], "activation": ["compass"]}, "retire": 1})
    state = table.view("p1")["state"]
    assert COIN_STAR in state["discard_pile"]
    assert len(state["players"]["p1"]["party"]) == 3
    assert state["players"]["p1"]["retired"][0]["types"] == ["beast"] or \
        state["players"]["p1"]["retired"][0].get("card", {}).get("types") == ["beast"]


def test_the_leaders_reserve_sends_the_old_reserved_card_to_the_bottom_of_its_deck(client):
    old = {"level": 2, "points": 7, "party": ["beast"], "crosses": 1, "cost": ["fist", "fist"]}
    table = at_table(client, {"hand": [SWORD_FIST], "reserve": [old]})
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "activate", "player": "p1", "character": "leader", "hand": 1})
    table.accepted({"type": "ability", "player": "p1", "kind": "reserve", "source": "level1",
                    "adventure": LEAFY})
    state = table.view("p1")["state"]
    assert [card["points"] for card in state["players"]["p1"]["reserve"]] == [3]
    assert [entry["deck"] for entry in state["deck_bottoms"]] == ["level2"]


def test_a_reserved_adventure_is_completed_from_the_reserve(client):
    table = at_table(client, {"hand": [STAR_LEAF], "reserve": [LEAFY],
                              "party": [{"card": WANDERER_NOTES}]})
    moved_and_clover(table)
    table.accepted({"type": "complete_adventure", "player": "p1", "source": "reserve",
                    "index": 1, "pay": [{"hand": 1}], "companions": [1], "retire": []})
    ann = player(table, "p1")
    assert ann["reserve"] == []
    assert [card["points"] for card in ann["completed"]] == [3]


def test_an_ability_is_used_once_per_activation(client):
    table = at_table(client, {"hand": [SWORD_FIST]})
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "activate", "player": "p1", "character": "leader", "hand": 1})
    table.accepted({"type": "ability", "player": "p1", "kind": "reserve", "source": "level1",
                    "adventure": LEAFY})
    table.refused({"type": "ability", "player": "p1", "kind": "reserve", "source": "level2",
                   "adventure": {**LEAFY, "level": 2}}, ONCE_PER_ACTIVATION)


def test_in_round_3_a_level_ii_card_taken_is_replaced_from_an_empty_deck_by_level_i(client):
    level2 = {"level": 2, "points": 6, "party": ["?"], "crosses": 0, "cost": ["leaf"]}
    display = [{"level": 1}, {"level": 1}, level2, {"level": 2}, {"level": 2}]
    table = at_table(client, {"hand": [STAR_LEAF], "party": [{"card": BEAST_STAR}]},
                     round=3, display=display,
                     decks={"item": 40, "companion": 20, "level1": 10, "level2": 0})
    moved_and_clover(table)
    table.accepted({"type": "complete_adventure", "player": "p1", "source": "display",
                    "index": 3, "pay": [{"hand": 1}], "companions": [1], "retire": []})
    table.accepted({"type": "replenish", "player": "p1"})
    state = table.view("p1")["state"]
    assert len(state["display"]) == 5
    assert state["decks"]["level1"] == 9
    assert sorted(place["level"] for place in state["display"]) == [1, 1, 1, 2, 2]


def test_the_last_turn_of_round_4_ends_the_game_and_scores_quills_and_missions(client):
    # Tile B's mission (2c) counts companion cards with the notes symbol, in the party or
    # retired; Bob's leader shows notes but "The leader tile's activation symbols don't count."
    table = at_table(
        client,
        {"hand": [STAR_LEAF], "clovers": 7, "movement": [1, 2, 3],
         "completed": [{"level": 2, "points": 5}],
         "party": [{"card": WANDERER_NOTES},
                   {"card": {"types": ["beast"], "activation": ["notes", "star"]}}],
         "retired": [{"types": ["scoundrel"], "activation": ["notes"]}]},
        bob={"clovers": 0, "movement": [1, 2]},
        round=4, current="p2", turns={"p1": 3, "p2": 2}, quills={"B": ["p1", "p2"]})
    # Bob's last turn of round 4, the game's last.
    table.accepted({"type": "move", "player": "p2", "movement": 3, "to": [5, 4],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "gain_clover", "player": "p2"})
    table.accepted({"type": "replenish", "player": "p2"})
    view = table.view("p1")
    assert view["over"] is True
    # Ann: 5 + 7 clovers → 2 + the top quill 2 + three notes companions → 4 = 13.
    # Bob: the middle quill 1, no notes companion (his leader's notes do not count): 1.
    assert {p["seat"]: p["total"] for p in view["scores"]["players"]} == {"p1": 13, "p2": 1}
    assert view["scores"]["winners"] == ["p1"]


# --- Solo: the falconer ----------------------------------------------------------------------

def falconers_turn(client, phase, falconer, **position):
    """A solo game in round 2: Ann has had her first turn; the falconer's first, from `phase`."""
    return ApiTable(client, {
        "game": GAME, "players": ["Ann"],
        "options": {"campfires": CAMPFIRES, "public_quests": QUESTS,
                    "leaders": {"p1": LEADERS["p1"]}},
        "position": {"round": 2, "current": "falconer", "phase": phase,
                     "turns": {"p1": 1, "falconer": 0},
                     "players": {"p1": {"figure": [1, 1], "hand": [SWORD_FIST], "movement": [1]}},
                     "falconer": falconer, **position}})


def test_the_falcon_takes_a_companion_and_the_second_clover_buys_an_item_at_once(client):
    table = falconers_turn(client, "falconer_move", {"falcon": [3, 3], "falconer": [3, 3],
                                                     "clovers": 1, "hand": [SWORD_FIST]})
    table.accepted({"type": "falconer_move", "player": "p1", "figure": "falcon",
                    "reward": "none", "arrow": "right", "to": [2, 2], "card": BEAST_STAR,
                    "clover_items": [COMPASS_LEAF]})
    falconer = table.view("p1")["state"]["falconer"]
    assert falconer["clovers"] == 0
    assert falconer["companions"] == [BEAST_STAR]
    assert falconer["hand"] == [SWORD_FIST, COMPASS_LEAF]


def test_the_falconer_completes_the_first_card_in_the_arrows_direction_without_a_wild(client):
    def adventure(cost, points, level=1):
        return {"level": level, "points": points, "party": ["?"], "crosses": 0, "cost": cost}

    display = [adventure(["fist"], 2), adventure(["leaf"], 3), adventure(["speech"], 1),
               adventure(["speech"], 5, 2), adventure(["fist"], 6, 2)]
    table = falconers_turn(client, "falconer_adventure", {
        "falcon": [3, 3], "falconer": [2, 3], "clovers": 0, "arrow": "left",
        "moved": ["falcon", "falconer"], "hand": [COIN_STAR, SWORD_FIST]}, display=display)
    # With the left arrow he checks the display from right to left: place 5 (fist) first.
    table.refused({"type": "falconer_adventure", "player": "p1", "completes": 1, "pay": [2]},
                  book("The falconer always completes the first possible adventure card."))
    table.refused({"type": "falconer_adventure", "player": "p1", "completes": 5, "pay": [1]},
                  book("He only uses wild cards if absolutely necessary."))
    table.accepted({"type": "falconer_adventure", "player": "p1", "completes": 5, "pay": [2]})
    falconer = table.view("p1")["state"]["falconer"]
    assert falconer["hand"] == [COIN_STAR]
    assert [card["points"] for card in falconer["completed"]] == [6]


def test_a_companion_improvement_makes_room_for_a_fourth_companion(client):
    # "The player may have an additional companion card in their party."
    bigger_party = {"level": 2, "points": 4, "improvement": ["companion"]}
    table = at_table(client, {"hand": [STAR_LEAF], "completed": [bigger_party],
                              "party": [{"card": BEAST_STAR}, {"card": WANDERER_NOTES},
                                        {"card": {"types": ["scoundrel"],
                                                  "activation": ["sword"]}}]})
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [2, 2],
                    "card": {"types": ["nobleheart"], "activation": ["compass"]}})
    ann = player(table, "p1")
    assert len(ann["party"]) == 4
    assert ann["retired"] == []


def test_spending_two_clovers_draws_an_item_at_any_time_in_the_turn(client):
    table = at_table(client, {"hand": [STAR_LEAF], "clovers": 3})
    table.accepted({"type": "buy_item", "player": "p1", "item": NOTES_SPEECH})
    ann = player(table, "p1")
    assert ann["clovers"] == 1
    assert ann["hand"] == [STAR_LEAF, NOTES_SPEECH]
    table.refused({"type": "buy_item", "player": "p1", "item": COMPASS_LEAF},
                  book("Spend 2 clover tokens to draw an item card from the deck."))
