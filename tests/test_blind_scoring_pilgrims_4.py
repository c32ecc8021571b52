"""Pilgrims, outsider scoring scenarios round 19 (file 4): the calculator on the advanced game's
journey cards ("Journey Cards (Advanced Game)"): a tie on points between two players whose journey
lines decide nothing but the total — each completed card its points, each token removed from the
incomplete card one — broken by the item cards left in hand; the falconer's five points and his
journey cards refused; and what the box's 18 journey cards allow once the incomplete cards lying in
front of the players are counted too. Written from the rulebook and the API's own description only
(docs/games/pilgrims.md, GET /api/games/pilgrims), never the referee's code."""

import pytest

from tests.api_table import calculated, quotes_from

GAME = "pilgrims"
book = quotes_from(GAME)

COMPLETED = book("Each completed journey card.")
TOKENS = book("1 victory point per map token removed from an incomplete journey card.")
MORE_ITEMS = book("In case of a tie, the player with more item cards left in their hand wins.")
FALCONER_JOURNEY = book("When playing a solo game with journey cards, the falconer does not "
                        "complete them like the player. Instead, he gains an additional 5 victory "
                        "points at the end of the game.")
EIGHTEEN = book("• 18 journey cards")
DECK_RUNS_OUT = book("If the journey deck runs out of cards, players can only complete the cards "
                     "they already have.")

TILES = {"A": "1a", "B": "2c", "C": "5"}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def lines(scores):
    found = {}
    for player in scores["players"]:
        assert sum(line["points"] for line in player["breakdown"]) == player["total"]
        found[player["name"]] = {line["label"]: (line["points"], line["rule"]["quote"])
                                 for line in player["breakdown"]}
    return found


def test_a_journey_game_tied_on_points_is_won_by_more_item_cards_left(client):
    # Ann: one level I adventure (3), 5 clovers (1), three journey cards completed (4 + 3 + 5) and
    # two tokens off her fourth: 3 + 1 + 12 + 2 = 18. Bob: 7 + 2 (9), 6 clovers (2), one journey
    # card (6) and one token: 9 + 2 + 6 + 1 = 18. Bob holds three item cards, Ann two.
    scores = calculated(client, GAME, {"public_quests": TILES, "journey_cards": True, "players": [
        {"name": "Ann", "items": 2, "clovers": 5, "adventures": [{"level": 1, "points": 3}],
         "journey": {"completed": [4, 3, 5], "removed": 2}},
        {"name": "Bob", "items": 3, "clovers": 6,
         "adventures": [{"level": 2, "points": 7}, {"level": 1, "points": 2}],
         "journey": {"completed": [6], "removed": 1}}]})
    found = lines(scores)
    assert found["Ann"]["Completed journey cards"] == (12, COMPLETED)
    assert found["Ann"]["Incomplete journey card"] == (2, TOKENS)
    assert found["Bob"]["Completed journey cards"] == (6, COMPLETED)
    assert found["Bob"]["Incomplete journey card"] == (1, TOKENS)
    assert [p["total"] for p in scores["players"]] == [18, 18]
    assert scores["winners"] == ["Bob"]
    assert MORE_ITEMS in scores["decided_by"]["rule"]["quote"]


def test_the_falconer_scores_five_for_the_journey_game_and_enters_no_journey_cards(client):
    solo = {"public_quests": TILES, "journey_cards": True, "players": [
        {"name": "Ann", "items": 2, "clovers": 3, "journey": {"completed": [4], "removed": 0}},
        {"name": "Falconer", "falconer": True, "items": 3, "clovers": 1}]}
    found = lines(calculated(client, GAME, solo))
    assert found["Falconer"]["Journey cards"] == (5, FALCONER_JOURNEY)
    # His total: 3 item cards and the 5; his clover scores nothing.
    assert sum(points for points, _ in found["Falconer"].values()) == 8
    solo["players"][1]["journey"] = {"completed": [6], "removed": 1}
    error = calculated(client, GAME, solo, status=400)["error"]
    assert error["rule"]["quote"] == FALCONER_JOURNEY


def test_eighteen_journey_cards_completed_and_in_front_of_the_players_are_scored(client):
    # Eight completed each and each working on one more: 16 + 2 cards, the whole deck.
    scores = calculated(client, GAME, {"public_quests": TILES, "journey_cards": True, "players": [
        {"name": "Ann", "items": 1, "clovers": 0,
         "journey": {"completed": [4] * 8, "removed": 1}},
        {"name": "Bob", "items": 1, "clovers": 0,
         "journey": {"completed": [3] * 8, "removed": 2}}]})
    assert [p["total"] for p in scores["players"]] == [33, 26]


def test_nine_completed_each_and_tokens_off_two_more_cards_is_more_than_the_box_holds(client):
    # Nine completed each is the whole deck; a token removed from an incomplete card means a
    # nineteenth and a twentieth card lie in front of them — the deck ran out, so "players can
    # only complete the cards they already have", and they have none.
    error = calculated(client, GAME, {"public_quests": TILES, "journey_cards": True, "players": [
        {"name": "Ann", "items": 1, "clovers": 0,
         "journey": {"completed": [4] * 9, "removed": 2}},
        {"name": "Bob", "items": 1, "clovers": 0,
         "journey": {"completed": [4] * 9, "removed": 1}}]}, status=400)["error"]
    assert error["rule"]["quote"] in (EIGHTEEN, DECK_RUNS_OUT)
