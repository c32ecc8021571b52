"""Pilgrims, outsider scoring scenarios round 11: three players' end of the game worked by hand from
"End of the Game" and "Journey Cards" — every category (adventures, clover thirds, top, middle
quill spaces, each mission row and the cap, missions counted from the companions and adventures
entered, completed journey cards and removed tokens), each line citing its sentence and the lines
summing to the totals, all three tied and two of them on items too (shared); the same tally entered
by counts; the falconer's journey bonus and clovers; tallies the book makes impossible (a fourth
quill on a tile, a one-player game without the falconer); Bob's last turn of round 4 played through
the API, scored live as the calculator scores it. Written from the rulebook and the API's own
description only (docs/games/pilgrims.md, GET /api/games/pilgrims), never the referee's code."""

import copy

import pytest

from tests.api_table import ApiTable, calculated, quotes_from
from tests.test_blind_scenarios_pilgrims import (
    CAMPFIRES,
    QUESTS,
    STAR_LEAF,
    SWORD_FIST,
)
from tests.test_blind_scenarios_pilgrims_6 import plain_turn

GAME = "pilgrims"
book = quotes_from(GAME)

ADVENTURES = book("Each completed adventure card")
CLOVERS = book("1 victory point per 3 remaining clover tokens")
QUILLS = book("The top quill space scores 2 victory points, and the middle space scores 1 victory "
              "point.")
MISSION_TABLE = book("Collected cards\tVictory points\n1\t1\n2\t2\n3\t4\n4\t6")
MISSION_CAP = book("Players can't score more than 6 victory points from completing a public quest "
                   "tile's mission.")
JOURNEYS = book("Each completed journey card.")
TOKENS = book("1 victory point per map token removed from an incomplete journey card.")
SHARED = book("In case of a tie, the player with more item cards left in their hand wins. If there "
              "is still a tie, the players share the victory.")
FALCONER_JOURNEYS = book("When playing a solo game with journey cards, the falconer does not "
                         "complete them like the player. Instead, he gains an additional 5 victory "
                         "points at the end of the game.")
FALCONER_ITEMS = book("1 victory point per remaining item card")
FALCONER_CLOVERS = book("Note: The falconer does not score for a remaining clover token.")
SOLO = book("In a solo Pilgrims game, one player competes against the falconer!")
MOST_POINTS = book("The player with the most victory points is the most experienced pilgrim, and "
                   "wins the game!")
GAME_ENDS = book("After round 4, the game ends.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def adventure(level, points):
    return {"level": level, "points": points}


def companion(types, activation):
    return {"types": types, "activation": activation}


# Tiles: A 1c (beasts), B 2a (star symbols), C 5 (level II adventures).
TILES = {"A": "1c", "B": "2a", "C": "5"}
# Ann: 3 + 8 + 7 = 18; 8 clovers 2; A top 2 + two beasts 2; B middle 1 + two stars 2; journeys
# 4 + 3 completed and 2 tokens off the third: 36, 2 item cards.
ANN = {"name": "Ann", "items": 2, "clovers": 8,
       "adventures": [adventure(1, 3), adventure(2, 8), adventure(2, 7)],
       "companions": [companion(["beast"], ["star"]), companion(["beast", "wanderer"], ["sword"]),
                      companion(["scoundrel"], ["star", "notes"])],
       "quills": [{"tile": "A", "space": "top"}, {"tile": "B", "space": "middle"}],
       "journey": {"completed": [4, 3], "removed": 2}}
# Bob: 9 + 6 + 5 + 2 = 22; 2 clovers 0; C top 2 + three level II 4; A middle 1 + five beasts 6
# (capped); no journey completed, 1 token off: 36, 5 item cards.
BOB = {"name": "Bob", "items": 5, "clovers": 2,
       "adventures": [adventure(2, 9), adventure(2, 6), adventure(2, 5), adventure(1, 2)],
       "companions": [companion(["beast"], ["sword"])] * 5,
       "quills": [{"tile": "C", "space": "top"}, {"tile": "A", "space": "middle"}],
       "journey": {"completed": [], "removed": 1}}
# Cara: 3 + 4 + 15 = 22; 14 clovers 4; B top 2 + one star 1; C middle 1 + no level II 0; one
# journey of 6: 36, 5 item cards.
CARA = {"name": "Cara", "items": 5, "clovers": 14,
        "adventures": [adventure(1, 3), adventure(1, 4), adventure(1, 15)],
        "companions": [companion(["wanderer"], ["star"])],
        "quills": [{"tile": "B", "space": "top"}, {"tile": "C", "space": "middle"}],
        "journey": {"completed": [6], "removed": 0}}
TALLY = {"journey_cards": True, "public_quests": TILES, "players": [ANN, BOB, CARA]}

LINES = {
    "Ann": [(18, ADVENTURES), (2, CLOVERS), (2, QUILLS), (2, MISSION_TABLE), (1, QUILLS),
            (2, MISSION_TABLE), (7, JOURNEYS), (2, TOKENS)],
    "Bob": [(22, ADVENTURES), (0, CLOVERS), (2, QUILLS), (4, MISSION_TABLE), (1, QUILLS),
            (6, MISSION_CAP), (0, JOURNEYS), (1, TOKENS)],
    "Cara": [(22, ADVENTURES), (4, CLOVERS), (2, QUILLS), (1, MISSION_TABLE), (1, QUILLS),
             (0, MISSION_TABLE), (6, JOURNEYS), (0, TOKENS)],
}


def lines(player):
    return sorted((line["points"], line["rule"]["quote"]) for line in player["breakdown"])


def test_every_category_worked_by_hand_three_tied_and_two_share_on_items(client):
    scores = calculated(client, GAME, TALLY)
    for player in scores["players"]:
        assert lines(player) == sorted(LINES[player["name"]]), player["name"]
        assert sum(line["points"] for line in player["breakdown"]) == player["total"] == 36
    assert sorted(scores["winners"]) == ["Bob", "Cara"]
    assert scores["decided_by"]["rule"]["quote"] == SHARED
    assert {entry["name"]: entry["place"] for entry in scores["ranking"]} == {
        "Bob": 1, "Cara": 1, "Ann": 3}

    # One more item card for Cara: "the player with more item cards left in their hand wins".
    cara_ahead = copy.deepcopy(TALLY)
    cara_ahead["players"][2]["items"] = 6
    scores = calculated(client, GAME, cara_ahead)
    assert scores["winners"] == ["Cara"]
    assert scores["decided_by"]["rule"]["quote"] == SHARED
    assert [player["total"] for player in scores["players"]] == [36, 36, 36]


def test_the_same_tally_by_counts_scores_alike_and_a_count_the_cards_deny_is_refused(client):
    counted = copy.deepcopy(TALLY)
    for player, counts in zip(counted["players"], ([2, 2], [3, 5], [1, 0]), strict=True):
        del player["companions"], player["adventures"]
        for quill, collected in zip(player["quills"], counts, strict=True):
            quill["collected"] = collected
    levels = {"Ann": [(1, 3), (2, 8), (2, 7)], "Bob": [(2, 9), (2, 6), (2, 5), (1, 2)],
              "Cara": [(1, 3), (1, 4), (1, 15)]}
    for player in counted["players"]:
        player["adventures"] = [adventure(*card) for card in levels[player["name"]]]
    by_cards, by_counts = calculated(client, GAME, TALLY), calculated(client, GAME, counted)
    assert [(p["total"], lines(p)) for p in by_counts["players"]] == [
        (p["total"], lines(p)) for p in by_cards["players"]]
    assert by_counts["winners"] == by_cards["winners"]

    # Bob's five beasts entered, and four claimed for tile A: the cards say five.
    wrong = copy.deepcopy(TALLY)
    wrong["players"][1]["quills"][1]["collected"] = 4
    error = calculated(client, GAME, wrong, status=400)["error"]
    assert error["field"] == "players[1].quills[1].collected"


def test_the_falconers_journey_bonus_and_his_clovers(client):
    ann = {"name": "Ann", "items": 3, "clovers": 3, "adventures": [adventure(1, 4)],
           "journey": {"completed": [2], "removed": 1}}
    falconer = {"name": "Falconer", "falconer": True, "items": 3, "clovers": 6,
                "adventures": [adventure(1, 2)]}
    scores = calculated(client, GAME, {"journey_cards": True, "players": [ann, falconer]})
    by_name = {player["name"]: player for player in scores["players"]}
    assert lines(by_name["Ann"]) == sorted([(4, ADVENTURES), (1, CLOVERS), (2, JOURNEYS),
                                            (1, TOKENS)])
    assert lines(by_name["Falconer"]) == sorted([(2, ADVENTURES), (3, FALCONER_ITEMS),
                                                 (0, FALCONER_CLOVERS), (5, FALCONER_JOURNEYS)])
    assert (by_name["Ann"]["total"], by_name["Falconer"]["total"]) == (8, 10)
    assert scores["winners"] == ["Falconer"]

    # Without journey cards Ann has 5 and the falconer 5, 3 item cards each: they share.
    del ann["journey"]
    scores = calculated(client, GAME, {"players": [ann, falconer]})
    assert [player["total"] for player in scores["players"]] == [5, 5]
    assert sorted(scores["winners"]) == ["Ann", "Falconer"]


def test_a_fourth_quill_on_a_tile_is_refused(client):
    # "Up to three players can sign up for each tile." — three quill spaces, top, middle, bottom.
    players = [{"name": name, "items": 0,
                "quills": [{"tile": "A", "space": space, "collected": 1}]}
               for name, space in (("Ann", "top"), ("Bob", "middle"), ("Cara", "bottom"),
                                   ("Dan", "bottom"))]
    error = calculated(client, GAME, {"players": players}, status=400)["error"]
    assert error["field"] == "players[3].quills"


def test_one_player_without_the_falconer_is_refused(client):
    error = calculated(client, GAME, {"players": [{"name": "Ann", "items": 3, "clovers": 3,
                                                   "adventures": [adventure(1, 4)]}]},
                       status=400)["error"]
    assert error["field"] == "players"
    assert SOLO in error["message"] or error.get("rule", {}).get("quote") == SOLO


@pytest.mark.parametrize(("body", "field"), [
    ({"players": [ANN, BOB], "colour": "red"}, "colour"),
    ({"players": [{**ANN, "quills": [{"tile": "D", "space": "top"}]}, BOB]}, "players"),
    ({"players": [{**ANN, "clovers": -1}, BOB]}, "players"),
    ({"players": [ANN, BOB], "public_quests": {"A": "2a"}}, "public_quests"),
    ({"players": [{key: value for key, value in ANN.items() if key != "items"}, BOB]}, "players"),
])
def test_a_malformed_tally_is_a_400_naming_its_field(client, body, field):
    error = calculated(client, GAME, body, status=400)["error"]
    assert error.get("field", "").startswith(field) or field in error["message"], error


# --- A game ended through the API against the calculator ----------------------------------------

# Round 4, Bob's last turn. Tiles (round 1's table): A 1a wanderers, B 2c notes, C 5 level II.
# Ann: 6 + 4; 7 clovers 2; A top 2 + a wanderer in her party and one retired 2; B middle 1 + the
# notes on her party's wanderer 1 (her leader's sword does not count); a journey of 3 completed and
# 2 tokens off the next: 23. Bob: 8 + 5; 2 clovers and the one his turn gains, 3: 1; B top 2 + his
# beast's notes 1; C top 2 + two level II cards 2; his journey card untouched: 21.
LAST_TURN = {
    "game": GAME, "players": ["Ann", "Bob"],
    "options": {"campfires": CAMPFIRES, "public_quests": QUESTS, "journey_cards": True,
                "leaders": {"p1": {"activation": ["sword"]}, "p2": {"activation": ["notes"]}}},
    "position": {"round": 4, "current": "p2",
                 "quills": {"A": ["p1"], "B": ["p2", "p1"], "C": ["p2"]},
                 "players": {
                     "p1": {"figure": [3, 3], "movement": [1, 2, 3], "clovers": 7,
                            "hand": [STAR_LEAF, SWORD_FIST],
                            "completed": [adventure(2, 6), adventure(1, 4)],
                            "party": [{"card": companion(["wanderer"], ["notes"])}],
                            "retired": [companion(["wanderer"], ["star"])],
                            "journey": {"card": {"spaces": [[1, 1], [2, 3], [4, 5]], "points": 4},
                                        "removed": [[1, 1], [2, 3]],
                                        "completed": [{"spaces": [[1, 2], [2, 1], [5, 5]],
                                                       "points": 3}]}},
                     "p2": {"figure": [5, 1], "movement": [1, 2], "clovers": 2,
                            "hand": [SWORD_FIST],
                            "completed": [adventure(2, 8), adventure(2, 5)],
                            "party": [{"card": companion(["beast"], ["notes"])}],
                            "journey": {"card": {"spaces": [[1, 3], [3, 1], [4, 4]], "points": 5},
                                        "removed": []}}}}}
END_TALLY = {"journey_cards": True, "public_quests": {"A": "1a", "B": "2c", "C": "5"}, "players": [
    {"name": "Ann", "seat": "p1", "items": 2, "clovers": 7,
     "adventures": [adventure(2, 6), adventure(1, 4)],
     "companions": [companion(["wanderer"], ["notes"]), companion(["wanderer"], ["star"])],
     "quills": [{"tile": "A", "space": "top"}, {"tile": "B", "space": "middle"}],
     "journey": {"completed": [3], "removed": 2}},
    {"name": "Bob", "seat": "p2", "items": 2, "clovers": 3,
     "adventures": [adventure(2, 8), adventure(2, 5)],
     "companions": [companion(["beast"], ["notes"])],
     "quills": [{"tile": "B", "space": "top"}, {"tile": "C", "space": "top"}],
     "journey": {"completed": [], "removed": 0}}]}


def scored(scores):
    return [(player["total"], lines(player)) for player in scores["players"]]


def test_the_last_turn_played_scores_live_as_the_calculator_does(client):
    table = ApiTable(client, LAST_TURN)
    plain_turn(table, "p2", 3, [5, 2])
    live = table.view()
    assert live["over"] is True
    by_hand = calculated(client, GAME, END_TALLY)
    assert scored(live["scores"]) == scored(by_hand)
    assert [total for total, _ in scored(by_hand)] == [23, 21]
    assert live["scores"]["winners"] == by_hand["winners"] == ["p1"]
    assert live["scores"]["decided_by"]["rule"]["quote"] == MOST_POINTS
    table.refused({"type": "replenish", "player": "p1"}, GAME_ENDS)

    # Bob's replenish undone: the game is open again, nobody has won, and the same replenish
    # ends it as before.
    undone = client.post(f"/api/sessions/{table.id}/undo", headers=table.headers)
    assert undone.status_code == 200
    table.seq = undone.get_json()["seq"]
    reopened = table.view()
    assert reopened["over"] is False and reopened["scores"]["winners"] == []
    table.accepted({"type": "replenish", "player": "p2"})
    assert table.view()["scores"] == live["scores"]
