"""Scoring audit of Pilgrims: Curious Adventures (session 7): the end of the game, the live score and
the calculator (POST /api/score/pilgrims), written from the rulebook's "End of the Game", "Public
Quests", "Journey Cards" and "Solo: End of the Game" and the API's description, through the HTTP
API. A game played to its end and the calculator given the same tallies must say the same.

From the book: each completed adventure card's points; 1 per 3 remaining clovers; a quill on the top
space 2, the middle 1 (the bottom nothing); a mission 1/2/4/6 for 1/2/3/4 cards, never more than 6;
journey cards' points and 1 per map token removed from the incomplete one; the falconer: adventures,
quests, 1 per item card, no clovers, 5 instead of journey cards. Ties: more item cards left in the
hand, then the players share the victory (solo: the item cards, then — silent — as usual).
"""

import pytest

from tests.api_table import calculated
from tests.test_pilgrims_audit import DISPLAY, A, C, I, M, ev, in_book, start, totals, two
from tests.test_pilgrims_audit_2 import breakdown, last_turn

TOP_MIDDLE = in_book("The top quill space scores 2 victory points, and the middle space scores 1 "
                     "victory point.")
CAP = in_book("Players can't score more than 6 victory points from completing a public quest "
              "tile's mission.")
TWO_QUILLS = in_book("Each player has 2 quill tokens. Thus, players can sign up for, at most, two "
                     "public quest tiles. A player can't sign up twice on the same tile.")
FALCONER_JOURNEY = in_book("When playing a solo game with journey cards, the falconer does not "
                           "complete them like the player. Instead, he gains an additional 5 "
                           "victory points at the end of the game.")
TIE = in_book("In case of a tie, the player with more item cards left in their hand wins. If there "
              "is still a tie, the players share the victory.")
WINNER = in_book("The player with the most victory points is the most experienced pilgrim, and "
                 "wins the game!")
SOLO_END = in_book("The game ends after round 4.")
SOLO_WIN = in_book("The player with more victory points wins. In case of tie, the player with more "
                   "item cards left in their hand wins.")

WANDERER = C(["wanderer"], ["star"])
QUESTS = {"A": "1a", "B": "2c", "C": "5"}  # the example setup's public quest tiles


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def summary(scores) -> tuple:
    """Each player's total and lines by name (seats differ: the calculator names players), the
    winners' names and the tie-break."""
    names = {p["seat"]: p["name"] for p in scores["players"]}
    return ({p["name"]: (p["total"], [(x["label"], x["points"]) for x in p["breakdown"]])
             for p in scores["players"]},
            sorted(names[w] for w in scores["winners"]), scores["decided_by"]["tie_break"],
            scores["decided_by"]["rule"]["quote"])


def finish(table) -> dict:
    table.accepted(ev("replenish", "p2"))
    view = table.view()
    assert view["over"] is True and view["scores"]["final"] is True
    return view["scores"]


# -- the end of a game played, against the calculator -----------------------------------------------


def test_a_finished_game_and_the_calculator_agree_line_by_line(client):
    """Ann: adventures 3 + 5 (level II); 7 clovers -> 2; tile A (wanderers) top 2, a wanderer in the
    party and one retired -> 2 cards = 2; tile C (level II) middle 1, one card = 1. Total 16.
    Bob: adventure 4; 2 clovers -> 0; tile C top 2, no level II = 0. Total 6."""
    table = last_turn(
        client,
        {"completed": [A(1, 3), A(2, 5)], "clovers": 7, "hand": [I("fist", "star")],
         "party": [M(WANDERER)], "retired": [C(["wanderer"], ["sword"])]},
        {"completed": [A(1, 4)], "clovers": 2, "hand": []},
        quills={"A": ["p1"], "C": ["p2", "p1"]})
    live = finish(table)
    assert totals({"scores": live}) == {"p1": 16, "p2": 6}
    assert breakdown({"scores": live}, "p1")["Public quest C (5): quill space"] == 1
    sheet = calculated(client, "pilgrims", {"public_quests": QUESTS, "players": [
        {"name": "Ann", "items": 1, "clovers": 7, "adventures": [A(1, 3), A(2, 5)],
         "companions": [WANDERER, C(["wanderer"], ["sword"])],
         "quills": [{"tile": "A", "space": "top"}, {"tile": "C", "space": "middle"}]},
        {"name": "Bob", "items": 0, "clovers": 2, "adventures": [A(1, 4)],
         "quills": [{"tile": "C", "space": "top"}]}]})
    assert summary(live) == summary(sheet)
    assert live["decided_by"]["rule"]["quote"] == WINNER


def test_the_scores_before_the_end_name_no_winner(client):
    """"The player with the most victory points at the end of round 4 wins!" — before its end the
    sheet shows who leads, with no winner and not final."""
    table = last_turn(client, {"completed": [A(1, 5)]}, {"completed": [A(1, 2)]})
    scores = table.view()["scores"]
    assert scores["final"] is False and scores["winners"] == []
    assert "Ann" in scores["decided_by"]["text"] and "lead" in scores["decided_by"]["text"]


def test_three_quills_on_one_tile_score_two_one_and_nothing(client):
    """"The top quill space scores 2 victory points, and the middle space scores 1 victory point."
    — three players on tile B (notes), none with a notes companion: 2, 1, 0."""
    position = {"round": 4, "current": "p3", "phase": "replenish", "turn": {"activated": True},
                "turns": {"p1": 3, "p2": 3, "p3": 2}, "display": DISPLAY,
                "quills": {"B": ["p2", "p3", "p1"]},
                "players": {"p1": {"figure": [1, 1], "movement": [1, 2, 3]},
                            "p2": {"figure": [5, 5], "movement": [1, 2, 3]},
                            "p3": {"figure": [1, 5], "movement": [1, 2, 3]}}}
    table = start(client, position, players=("Ann", "Bob", "Cleo"))
    table.accepted(ev("replenish", "p3"))
    scores = table.view()["scores"]
    quill = {p["seat"]: next(x for x in p["breakdown"] if x["label"].endswith("quill space"))
             for p in scores["players"]}
    assert {seat: x["points"] for seat, x in quill.items()} == {"p2": 2, "p3": 1, "p1": 0}
    assert all(x["rule"]["quote"] == TOP_MIDDLE for x in quill.values())
    assert scores["winners"] == ["p2"]


def test_the_activate_clover_of_the_last_turn_makes_a_third(client):
    """"1 victory point per 3 remaining clover tokens" — Bob's 8 clovers are 2 points; the clover
    he gains instead of activating on his very last turn makes 9: 3 points."""
    table = start(client, {"round": 4, "current": "p2", "turns": {"p1": 3, "p2": 2},
                           "display": DISPLAY,
                           "players": two({"movement": [1, 2, 3]},
                                          {"movement": [1, 2], "clovers": 8})})
    assert breakdown(table.view(), "p2")["Remaining clover tokens"] == 2
    table.accepted(ev("move", "p2", movement=4, to=[4, 5], card=I("leaf", "star")))
    table.accepted(ev("gain_clover", "p2"))
    scores = finish(table)
    assert breakdown({"scores": scores}, "p2")["Remaining clover tokens"] == 3


def test_an_adventure_completed_on_the_last_turn_counts_and_costs_its_hand_card(client):
    """Bob completes the level I adventure (cost: a fist) with his only hand card on his last turn:
    its point counts, and he ends with no item card in hand for the tie-break. Ann 1 point, one
    item card; Bob 1 point, none: Ann wins on items."""
    table = start(client, {"round": 4, "current": "p2", "phase": "activate",
                           "turn": {"activated": True}, "turns": {"p1": 3, "p2": 2},
                           "display": DISPLAY,
                           "players": two({"movement": [1, 2, 3], "completed": [A(1, 1)],
                                           "hand": [I("leaf", "star")]},
                                          {"movement": [1, 2, 4], "hand": [I("fist", "star")]})})
    table.accepted(ev("complete_adventure", "p2", source="display", index=1,
                      pay=[{"hand": 1}]))
    scores = finish(table)
    assert totals({"scores": scores}) == {"p1": 1, "p2": 1}
    assert scores["winners"] == ["p1"] and scores["decided_by"]["tie_break"] == "items"
    assert scores["decided_by"]["rule"]["quote"] == TIE


def test_item_cards_held_by_the_party_are_not_in_the_hand(client):
    """"the player with more item cards left in their hand wins" — Ann's two item cards under her
    companions do not count; Bob's one in hand does."""
    party = [M(WANDERER, holds=I("fist", "star")), M(C(["beast"], ["notes"]),
                                                    holds=I("leaf", "notes"))]
    table = last_turn(client, {"completed": [A(1, 3)], "party": party, "hand": []},
                      {"completed": [A(1, 3)], "hand": [I("fist", "star")]})
    scores = finish(table)
    assert scores["winners"] == ["p2"] and scores["decided_by"]["tie_break"] == "items"


def test_a_reserved_adventure_scores_nothing(client):
    """"They'll also score victory points at the end of the game." is said of completed adventures
    only; a reserved card is not completed (and "Reserved adventure cards don't count.")."""
    table = last_turn(client, {"completed": [A(1, 2)], "reserve": [A(2, 8)]})
    assert totals({"scores": finish(table)})["p1"] == 2


def test_a_mission_of_five_cards_scores_six_citing_the_cap(client):
    """Tile A (wanderers): three in the party and two retired — five cards, 6 points (the table stops
    at 4 cards for 6; "Players can't score more than 6 ...")."""
    party = [M(WANDERER), M(WANDERER), M(C(["wanderer", "beast"], ["sword"]))]
    table = last_turn(client, {"party": party, "retired": [WANDERER, WANDERER]},
                      quills={"A": ["p1"]})
    scores = finish(table)
    player = next(p for p in scores["players"] if p["seat"] == "p1")
    mission = next(x for x in player["breakdown"] if x["label"] == "Public quest A (1a): mission")
    assert mission["points"] == 6 and mission["rule"]["quote"] == CAP
    assert mission["counts"].startswith("5 ")
    assert player["total"] == 2 + 6


def test_journey_cards_live_and_in_the_calculator(client):
    """"Each completed journey card." and "1 victory point per map token removed from an incomplete
    journey card." — Ann: completed cards of 4 and 3, two tokens removed from her current card:
    9; Bob, nothing removed: 0."""
    journey = {"card": {"points": 5, "spaces": [[2, 2], [4, 3], [1, 4]]},
               "removed": [[2, 2], [4, 3]],
               "completed": [{"points": 4, "spaces": [[1, 2], [2, 3], [3, 4]]},
                             {"points": 3, "spaces": [[3, 2], [5, 3], [2, 5]]}]}
    table = last_turn(client, {"journey": journey, "hand": []}, {"journey": {
        "card": {"points": 2, "spaces": [[2, 2], [4, 3], [1, 4]]}}, "hand": []},
        options={"journey_cards": True})
    live = finish(table)
    assert totals({"scores": live}) == {"p1": 9, "p2": 0}
    sheet = calculated(client, "pilgrims", {"journey_cards": True, "public_quests": QUESTS, "players": [
        {"name": "Ann", "items": 0, "journey": {"completed": [4, 3], "removed": 2}},
        {"name": "Bob", "items": 0, "journey": {"completed": [], "removed": 0}}]})
    assert summary(live) == summary(sheet)


# -- solo -------------------------------------------------------------------------------------


def solo_end(client, p1, falconer, **position):
    table = start(client, {**position, "round": 4, "current": "falconer", "phase": "falconer_replenish",
                           "turns": {"p1": 3, "falconer": 2}, "display": DISPLAY,
                           "players": {"p1": {"figure": [1, 1], "movement": [1, 2, 3], **p1}},
                           "falconer": {"falcon": [3, 4], "falconer": [2, 3],
                                        "moved": ["falcon", "falconer"], "arrow": "left",
                                        **falconer}},
                  players=("Kim",))
    ended = table.accepted(ev("replenish"))
    view = table.view()
    assert view["over"] is True
    # the solo game's end is printed in its own section ("The game ends after round 4."), and
    # an event after it is refused with that sentence, not the multi-player one
    assert SOLO_END in [e["rule"]["quote"] for e in ended["effects"] if e.get("rule")]
    assert table.refused(ev("gain_clover"), SOLO_END)["rule"]["section_path"].endswith(
        "Solo Game")
    return view["scores"]


def test_solo_end_the_falconer_scores_his_quest_items_and_no_clover_as_the_calculator(client):
    """The falconer: adventure 3; tile A top (his two wanderers, 2 cards) 2 + 2; 2 item cards 2; 1
    clover not scored: 9. Kim: adventure 5, 6 clovers 2: 7."""
    live = solo_end(client, {"completed": [A(1, 5)], "clovers": 6, "hand": []},
                    {"completed": [A(1, 3)], "clovers": 1, "companions": [WANDERER, WANDERER],
                     "hand": [I("fist", "star"), I("leaf", "star")]}, quills={"A": ["falconer"]})
    assert totals({"scores": live}) == {"p1": 7, "falconer": 9}
    sheet = calculated(client, "pilgrims", {"public_quests": QUESTS, "players": [
        {"name": "Kim", "items": 0, "clovers": 6, "adventures": [A(1, 5)]},
        {"name": "Falconer", "falconer": True, "items": 2, "clovers": 1, "adventures": [A(1, 3)],
         "companions": [WANDERER, WANDERER], "quills": [{"tile": "A", "space": "top"}]}]})
    assert summary(live) == summary(sheet)
    assert live["decided_by"]["rule"]["quote"] == SOLO_WIN


def test_solo_tied_on_points_and_items_is_shown_as_shared(client):
    """The solo rule stops at the item cards; "The game plays as usual." — the usual "If there is
    still a tie, the players share the victory." is the reading taken: both are winners."""
    live = solo_end(client, {"completed": [A(1, 3)], "hand": [I("fist", "star")]},
                    {"completed": [A(1, 2)], "hand": [I("fist", "star")]})
    assert totals({"scores": live}) == {"p1": 3, "falconer": 3}
    assert sorted(live["winners"]) == ["falconer", "p1"]
    assert live["decided_by"]["tie_break"] == "shared" and live["decided_by"]["rule"]["quote"] == TIE


# -- the calculator's impossible inputs -------------------------------------------------------------


def test_calculator_the_falconer_has_no_journey_cards(client):
    """"the falconer does not complete them like the player": a journey entry for him is refused
    (it was silently ignored)."""
    error = calculated(client, "pilgrims", {"journey_cards": True, "players": [
        {"name": "Kim", "items": 0},
        {"name": "Falconer", "falconer": True, "items": 0,
         "journey": {"completed": [4], "removed": 1}}]}, status=400)["error"]
    assert error["field"] == "players[1].journey" and error["rule"]["quote"] == FALCONER_JOURNEY


def test_calculator_journey_points_need_the_advanced_game(client):
    """A table that says it played without journey cards cannot score one (it was scored)."""
    error = calculated(client, "pilgrims", {"journey_cards": False, "players": [
        {"name": "Ann", "items": 0, "journey": {"completed": [4], "removed": 0}}]},
        status=400)["error"]
    assert error["field"] == "players[0].journey"


def test_calculator_three_quills_quote_the_two_quill_tokens(client):
    error = calculated(client, "pilgrims", {"players": [{"name": "Ann", "items": 0, "quills": [
        {"tile": t, "space": "top", "collected": 1} for t in "ABC"]}]}, status=400)["error"]
    assert error["field"] == "players[0].quills" and error["rule"]["quote"] == TWO_QUILLS


def test_calculator_a_third_map_token_completes_the_card(client):
    """"Once a player removes the third map token, the journey card is completed" — an incomplete
    card with three tokens removed cannot be."""
    error = calculated(client, "pilgrims", {"journey_cards": True, "players": [
        {"name": "Ann", "items": 0, "journey": {"completed": [], "removed": 3}}]},
        status=400)["error"]
    assert "removed" in error["field"]


def test_calculator_four_players_two_share_after_items(client):
    """Ann, Bob and Cleo tie on 5 points; Ann and Bob have 2 item cards each, Cleo 1: Ann and Bob
    share the victory, Cleo third, Dan (3 points) fourth."""
    players = [{"name": n, "items": items, "adventures": [A(1, points)]}
               for n, items, points in (("Ann", 2, 5), ("Bob", 2, 5), ("Cleo", 1, 5),
                                        ("Dan", 4, 3))]
    sheet = calculated(client, "pilgrims", {"players": players})
    assert sorted(sheet["winners"]) == ["Ann", "Bob"]
    assert sheet["decided_by"]["tie_break"] == "shared"
    assert {r["name"]: r["place"] for r in sheet["ranking"]} == {
        "Ann": 1, "Bob": 1, "Cleo": 3, "Dan": 4}
