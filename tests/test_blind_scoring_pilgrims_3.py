"""Pilgrims, outsider scoring scenarios round 19: the calculator on what "Public Quests" makes
conditional — cards matching every tile score no mission without a quill on it ("but only after
signing up for them!"), and a quill on a tile with no matching card scores its space alone; the
falconer's companion pile scoring his tile's mission ("The falconer can score victory points at
the end of the game if their companion cards match a public quest tile."), his item cards and no
clover, worked line by line against a player; and the solo tallies the book rules out — two players
with the falconer, two falconers — refused (finding 152: without the solo sentence its sibling, one
player without the falconer, quotes). Written from the rulebook and the API's own description only
(docs/games/pilgrims.md, GET /api/games/pilgrims), never the referee's code."""

import pytest

from tests.api_table import calculated, quotes_from

GAME = "pilgrims"
book = quotes_from(GAME)

SIGN_UP_FIRST = book("Public quests are shared objectives that any player can complete to earn "
                     "additional victory points—but only after signing up for them!")
SOLO = book("In a solo Pilgrims game, one player competes against the falconer!")
SOLO_END = book("The player with more victory points wins. In case of tie, the player with more "
                "item cards left in their hand wins.")

TILES = {"A": "1c", "B": "2a", "C": "5"}
BEAST_STAR = {"types": ["beast"], "activation": ["star"]}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def lines(scores):
    found = {}
    for player in scores["players"]:
        assert sum(line["points"] for line in player["breakdown"]) == player["total"]
        found[player["name"]] = [(line["label"], line["points"]) for line in player["breakdown"]]
    return found


def test_matching_cards_score_no_mission_without_a_quill_and_a_quill_scores_its_space_alone(
        client):
    # Ann: three beasts with the star (tiles A and B) and two level II cards (tile C), no quill.
    # Bob: the top quill of A and of C, no beast and no level II card.
    scores = calculated(client, GAME, {"public_quests": TILES, "players": [
        {"name": "Ann", "items": 1, "clovers": 4, "companions": [BEAST_STAR] * 3,
         "adventures": [{"level": 2, "points": 6}, {"level": 2, "points": 5}], "quills": []},
        {"name": "Bob", "items": 1, "clovers": 0, "companions": [],
         "adventures": [{"level": 1, "points": 3}],
         "quills": [{"tile": "A", "space": "top"}, {"tile": "C", "space": "top"}]}]})
    found = lines(scores)
    assert found["Ann"] == [("Completed adventures", 11), ("Remaining clover tokens", 1)]
    assert found["Bob"] == [("Completed adventures", 3), ("Remaining clover tokens", 0),
                            ("Public quest A (1c): quill space", 2),
                            ("Public quest A (1c): mission", 0),
                            ("Public quest C (5): quill space", 2),
                            ("Public quest C (5): mission", 0)]
    assert scores["winners"] == ["Ann"]
    # Signed up for A with the middle space instead, Ann's three beasts score 4.
    signed = calculated(client, GAME, {"public_quests": TILES, "players": [
        {"name": "Ann", "items": 1, "clovers": 4, "companions": [BEAST_STAR] * 3,
         "adventures": [{"level": 2, "points": 6}, {"level": 2, "points": 5}],
         "quills": [{"tile": "A", "space": "middle"}]},
        {"name": "Bob", "items": 1, "clovers": 0, "companions": [],
         "adventures": [{"level": 1, "points": 3}],
         "quills": [{"tile": "A", "space": "top"}, {"tile": "C", "space": "top"}]}]})
    assert lines(signed)["Ann"][2:] == [("Public quest A (1c): quill space", 1),
                                        ("Public quest A (1c): mission", 4)]


def test_the_falconers_companion_pile_scores_his_tile_with_his_items_and_no_clover(client):
    # Ann: 9 points of adventures, 6 clovers (2), A top (2) with one beast (1): 14, 2 items.
    # The falconer: 6 points of adventures, 5 item cards, 4 clovers (nothing), A middle (1)
    # with his pile's three beasts (4): 16.
    scores = calculated(client, GAME, {"public_quests": TILES, "players": [
        {"name": "Ann", "items": 2, "clovers": 6, "companions": [BEAST_STAR],
         "adventures": [{"level": 1, "points": 4}, {"level": 1, "points": 5}],
         "quills": [{"tile": "A", "space": "top"}]},
        {"name": "Falconer", "falconer": True, "items": 5, "clovers": 4,
         "companions": [BEAST_STAR] * 3, "adventures": [{"level": 2, "points": 6}],
         "quills": [{"tile": "A", "space": "middle"}]}]})
    found = lines(scores)
    assert found["Ann"] == [("Completed adventures", 9), ("Remaining clover tokens", 2),
                            ("Public quest A (1c): quill space", 2),
                            ("Public quest A (1c): mission", 1)]
    assert found["Falconer"] == [("Completed adventures", 6), ("Remaining item cards", 5),
                                 ("Remaining clover tokens", 0),
                                 ("Public quest A (1c): quill space", 1),
                                 ("Public quest A (1c): mission", 4)]
    assert scores["winners"] == ["Falconer"]
    assert scores["decided_by"]["rule"]["quote"] == SOLO_END


def test_one_player_without_the_falconer_quotes_the_solo_sentence(client):
    error = calculated(client, GAME, {"players": [{"name": "Ann", "items": 1, "clovers": 0}]},
                       status=400)["error"]
    assert (error["field"], error["rule"]["quote"]) == ("players", SOLO)


FALCONER = {"name": "Falconer", "falconer": True, "items": 3, "clovers": 0}


@pytest.mark.parametrize("players", [
    [{"name": "Ann", "items": 1, "clovers": 0}, {"name": "Bob", "items": 1, "clovers": 0},
     FALCONER],
    [FALCONER, {**FALCONER, "name": "Falcon"}],
], ids=["two players and the falconer", "two falconers"])
def test_a_solo_tally_the_book_rules_out_quotes_the_solo_sentence(client, players):
    error = calculated(client, GAME, {"players": players}, status=400)["error"]
    assert error["field"] == "players"
    assert error["rule"]["quote"] == SOLO
