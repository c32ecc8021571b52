"""Pilgrims: Curious Adventures, outsider scenarios round 19 (file 14): the whole of round 4 — six
turns to the end of the game — with side B leaders whose abilities the table entered and
`multi_type_companion: each_type`: Ann's leader draws an item card (kept from Bob and a spectator)
and gains a clover, her Shepherd alone meets a wanderer-and-beast card; Bob's leader only gains a
clover; every entry undone and redone as it is made; the end scored by hand from "End of the Game"
(completed adventures, one point per three clovers, item cards in hand for a tie) against the live
scores and the calculator, and nothing entered after it. Written from the rulebook and the API's
own description only (docs/games/pilgrims.md, GET /api/games/pilgrims), never the referee's
code."""

import pytest

from tests.api_table import ApiTable, calculated, quotes_from, reads_by_others, seat_headers
from tests.test_blind_scenarios_pilgrims import (
    CAMPFIRES,
    COMPASS_LEAF,
    NOTES_SPEECH,
    QUESTS,
    STAR_LEAF,
    SWORD_FIST,
    item,
)
from tests.test_blind_scenarios_pilgrims_9 import entered

GAME = "pilgrims"
book = quotes_from(GAME)

SIDE_B = book("Note: For the first game, use side A of the leader tile. In advanced games, try "
              "using side B for different abilities. All players should use the same side.")
MOST_POINTS = book("The player with the most victory points is the most experienced pilgrim, and "
                   "wins the game!")
GAME_ENDS = book("After round 4, the game ends.")

SHEPHERD = {"name": "Shepherd", "types": ["wanderer", "beast"], "activation": ["star"]}
WANDERER_AND_BEAST = {"level": 1, "points": 4, "party": ["wanderer", "beast"], "crosses": 0,
                      "cost": ["leaf"]}
COIN_STAR = item("coin", "star")
LEAFY = {"level": 1, "points": 2, "party": [], "crosses": 0, "cost": ["leaf"]}
EARLIER = {"level": 1, "points": 3, "party": [], "crosses": 0, "cost": ["fist"]}
LEADERS_B = {"p1": {"activation": ["sword"], "abilities": ["draw item", "gain clover"]},
             "p2": {"activation": ["notes"], "abilities": ["gain clover"]}}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def round_four(client):
    return ApiTable(client, {
        "game": GAME, "players": ["Ann", "Bob"],
        "options": {"campfires": CAMPFIRES, "public_quests": QUESTS, "leader_side": "B",
                    "leaders": LEADERS_B, "multi_type_companion": "each_type"},
        "position": {
            "round": 4, "current": "p1",
            "display": [WANDERER_AND_BEAST, LEAFY, {"level": 2}, {"level": 2}, {"level": 2}],
            "players": {
                "p1": {"figure": [3, 3], "hand": [SWORD_FIST, STAR_LEAF], "clovers": 2,
                       "party": [{"card": SHEPHERD}], "completed": [EARLIER]},
                "p2": {"figure": [5, 5], "hand": [NOTES_SPEECH], "clovers": 1}}}})


def player(table, seat):
    return table.view(seat)["state"]["players"][seat]


def test_round_four_with_side_b_leaders_to_the_end_scored_by_hand(client):
    table = round_four(client)

    def enter(event):
        return entered(table, event)

    # Ann, turn 1: a compass/leaf from C2; her leader activated with the sword: it shows only
    # "draw item" and "gain clover" (side A's reserve refused with the side B note).
    enter({"type": "move", "player": "p1", "movement": 1, "to": [3, 2], "card": COMPASS_LEAF})
    enter({"type": "activate", "player": "p1", "character": "leader", "hand": 1})
    assert {e["kind"] for e in table.view("p1")["legal"] if e["type"] == "ability"} == {
        "draw item", "gain clover"}
    table.refused({"type": "ability", "player": "p1", "kind": "reserve", "source": "display",
                   "index": 3, "adventure": {"level": 2, "points": 5}}, SIDE_B)
    enter({"type": "ability", "player": "p1", "kind": "draw item", "card": COIN_STAR})
    enter({"type": "ability", "player": "p1", "kind": "gain clover"})
    assert player(table, "p1")["hand"] == [STAR_LEAF, COMPASS_LEAF, COIN_STAR]
    reads = reads_by_others(client, table, "Bob", seat_headers(client, table, "p2"))
    assert table.view("p2")["state"]["players"]["p1"]["hand"] == [None, None, None]
    for name, response in reads.items():
        assert "coin" not in response.get_data(as_text=True), name
    # Her Shepherd alone meets the wanderer and the beast; the star/leaf pays the leaf.
    enter({"type": "complete_adventure", "player": "p1", "source": "display", "index": 1,
           "pay": [{"hand": 1}], "companions": [1, 1], "retire": []})
    enter({"type": "replenish", "player": "p1"})

    # Bob, turn 1: a compass/leaf; a clover; the leaf pays the level I card left in the display
    # (now its first place: the new card was laid after it).
    assert table.view("p2")["state"]["display"][0]["card"] == LEAFY
    enter({"type": "move", "player": "p2", "movement": 1, "to": [5, 4], "card": COMPASS_LEAF})
    enter({"type": "gain_clover", "player": "p2"})
    enter({"type": "complete_adventure", "player": "p2", "source": "display", "index": 1,
           "pay": [{"hand": 2}], "companions": [], "retire": []})
    enter({"type": "replenish", "player": "p2"})

    # Turn 2 each: a card and a clover.
    enter({"type": "move", "player": "p1", "movement": 2, "to": [3, 1], "card": SWORD_FIST})
    enter({"type": "gain_clover", "player": "p1"})
    enter({"type": "replenish", "player": "p1"})
    enter({"type": "move", "player": "p2", "movement": 2, "to": [4, 5], "card": STAR_LEAF})
    enter({"type": "gain_clover", "player": "p2"})
    enter({"type": "replenish", "player": "p2"})

    # Turn 3: Ann's leader again (the sword she took on turn 2), its clover; Bob's leader with his notes,
    # its only ability a clover.
    enter({"type": "move", "player": "p1", "movement": 3, "to": [2, 1], "card": COMPASS_LEAF})
    sword = player(table, "p1")["hand"].index(SWORD_FIST) + 1
    enter({"type": "activate", "player": "p1", "character": "leader", "hand": sword})
    enter({"type": "ability", "player": "p1", "kind": "gain clover"})
    enter({"type": "replenish", "player": "p1"})
    enter({"type": "move", "player": "p2", "movement": 3, "to": [3, 5], "card": COMPASS_LEAF})
    enter({"type": "activate", "player": "p2", "character": "leader", "hand": 1})
    assert {e["kind"] for e in table.view("p2")["legal"] if e["type"] == "ability"} == {
        "gain clover"}
    enter({"type": "ability", "player": "p2", "kind": "gain clover"})
    enter({"type": "replenish", "player": "p2"})

    # The end. Ann: 3 + 4 adventure points, 2 + 1 + 1 + 1 = 5 clovers (1 point): 8, with
    # compass/leaf, coin/star, compass/leaf in hand. Bob: 2 points, 1 + 1 + 1 + 1 = 4 clovers
    # (1 point): 3, with star/leaf, compass/leaf in hand.
    live = table.view()
    assert live["over"] is True
    ann, bob = player(table, "p1"), player(table, "p2")
    assert (ann["clovers"], len(ann["hand"]), ann["completed"]) == (
        5, 3, [EARLIER, WANDERER_AND_BEAST])
    assert (bob["clovers"], len(bob["hand"]), bob["completed"]) == (4, 2, [LEAFY])
    tally = {"public_quests": {quest["tile"]: quest["mission"] for quest in QUESTS},
             "players": [
                 {"name": "Ann", "seat": "p1", "items": 3, "clovers": 5,
                  "adventures": [{"level": 1, "points": 3}, {"level": 1, "points": 4}],
                  "companions": [SHEPHERD]},
                 {"name": "Bob", "seat": "p2", "items": 2, "clovers": 4,
                  "adventures": [{"level": 1, "points": 2}], "companions": []}]}
    by_hand = calculated(client, GAME, tally)
    for scores in (live["scores"], by_hand):
        assert [(p["total"], [(line["label"], line["points"]) for line in p["breakdown"]])
                for p in scores["players"]] == [
            (8, [("Completed adventures", 7), ("Remaining clover tokens", 1)]),
            (3, [("Completed adventures", 2), ("Remaining clover tokens", 1)])]
        assert scores["decided_by"]["rule"]["quote"] == MOST_POINTS
    assert live["scores"]["winners"] == by_hand["winners"] == ["p1"]
    table.refused({"type": "move", "player": "p1", "movement": 4, "to": [1, 1],
                   "card": COMPASS_LEAF}, GAME_ENDS)
