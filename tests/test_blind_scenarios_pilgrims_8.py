"""Pilgrims: Curious Adventures, outsider scenarios round 9 (file 8): the falconer's turn step by
step — Ann's entries between his sub-steps, his steps out of their fixed order, the display to be
revealed before his Adventure phase can be worked out, then his choice and Ann's next turn; the
solo game's last turn ending in a tie on points that the item cards in hand decide (Ann, the
falconer, or shared), against the calculator; a display card revealed in a two-player game (by
the player on turn, and by the other seat); and payments with the wrong number of item cards.
Written from the rulebook and the API's own description only (docs/games/pilgrims.md,
GET /api/games/pilgrims), never the referee's code."""

import pytest

from tests.api_table import ApiTable, as_seen, calculated, quotes_from, seat_headers
from tests.test_blind_scenarios_pilgrims import (
    CAMPFIRES,
    COMPASS_LEAF,
    LEADERS,
    NOTES_SPEECH,
    QUESTS,
    STAR_LEAF,
    SWORD_FIST,
)
from tests.test_blind_scenarios_pilgrims_2 import BEAST_STAR, WANDERER_NOTES, at_table

GAME = "pilgrims"
book = quotes_from(GAME)

PLAYER_THEN_FALCONER = book("The game plays as usual. The player goes first, and then the "
                            "falconer.")
FALCONER_PHASES = book("The falconer's turn consists of three phases in fixed order: Move, "
                       "Adventure, and Replenish. He doesn't have an Activate phase.")
FALCONER_FIGURE = book("4. Flip the next card of the solo deck and move the falconer figure in "
                       "the same way.")
FIRST_POSSIBLE = book("The falconer always completes the first possible adventure card. He only "
                      "needs to meet the items cost.")
SOLO_TIE = book("The player with more victory points wins. In case of tie, the player with more "
                "item cards left in their hand wins.")
SHARE = book("If there is still a tie, the players share the victory.")
FALCONER_ITEMS = book("1 victory point per remaining item card")
FALCONER_NO_CLOVER = book("Note: The falconer does not score for a remaining clover token.")
PAY_ADVENTURE = book("1. To pay the items cost, discard item cards with matching adventure "
                     "symbols.")
PAY_QUEST = book("1. Discard item cards to pay the items cost. This follows the same process as "
                 "when completing an adventure card.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def adventure(cost, points, level=1, party=("?",)):
    return {"level": level, "points": points, "party": list(party), "crosses": 0, "cost": cost}


def refused_unchanged(table, event, quote):
    before = as_seen(table.view("p1"))
    table.refused(event, quote)
    assert as_seen(table.view("p1")) == before


def quoted(error):
    return [error["rule"]["quote"]] + [rule["quote"] for rule in error.get("rules", [])]


# --- The falconer's turn, step by step -----------------------------------------------------------

def solo(client, **position):
    return ApiTable(client, {
        "game": GAME, "players": ["Ann"],
        "options": {"campfires": CAMPFIRES, "public_quests": QUESTS,
                    "leaders": {"p1": LEADERS["p1"]}},
        "position": position})


def falconers_first_turn_of_round_2(client):
    """Round 2: Ann has had her first turn (movement space 1); the falconer's first turn begins.
    The display was not entered (its cards unknown)."""
    return solo(client, round=2, current="falconer", phase="falconer_move",
                turns={"p1": 1, "falconer": 0},
                players={"p1": {"figure": [1, 1], "hand": [SWORD_FIST], "movement": [1]}},
                falconer={"falcon": [3, 3], "falconer": [3, 3], "clovers": 0,
                          "hand": [SWORD_FIST]})


ANNS = [{"type": "move", "player": "p1", "movement": 2, "to": [1, 2], "card": COMPASS_LEAF},
        {"type": "gain_clover", "player": "p1"},
        {"type": "buy_item", "player": "p1", "item": COMPASS_LEAF},
        {"type": "activate", "player": "p1", "character": "leader", "hand": 1}]
FALCON = {"type": "falconer_move", "player": "p1", "figure": "falcon", "reward": "none",
          "arrow": "right", "to": [2, 2], "card": BEAST_STAR}
FALCONER = {"type": "falconer_move", "player": "p1", "figure": "falconer", "reward": "none",
            "arrow": "left", "to": [3, 2], "card": STAR_LEAF}
# Round 2's display: 3 level I places, then 2 level II places.
DISPLAY = [adventure(["leaf"], 3), adventure(["speech"], 2), adventure(["speech", "speech"], 4),
           adventure(["fist", "fist"], 5, level=2), adventure(["speech"], 6, level=2)]


def anns_entries_are_refused(table):
    for event in ANNS:
        before = as_seen(table.view("p1"))
        response = table.send(event)
        assert response.status_code == 422, (event, response.get_json())
        assert PLAYER_THEN_FALCONER in quoted(response.get_json()["error"]), event
        assert as_seen(table.view("p1")) == before


def test_the_falconers_turn_step_by_step_with_anns_entries_between_his_steps(client):
    table = falconers_first_turn_of_round_2(client)
    # Move, first step: the falcon. Ann plays nothing; the falconer's figure and his later
    # phases wait.
    anns_entries_are_refused(table)
    refused_unchanged(table, FALCONER, FALCONER_FIGURE)
    refused_unchanged(table, {"type": "falconer_adventure", "player": "p1", "nothing": True},
                      FALCONER_PHASES)
    refused_unchanged(table, {"type": "replenish", "player": "p1"}, FALCONER_PHASES)
    table.accepted(FALCON)
    falconer = table.view("p1")["state"]["falconer"]
    assert falconer["companions"] == [BEAST_STAR] and falconer["clovers"] == 1
    # Move, second step: the falconer's figure — not the falcon again.
    anns_entries_are_refused(table)
    refused_unchanged(table, {**FALCON, "to": [4, 4]}, FALCONER_FIGURE)
    table.accepted(FALCONER)
    assert table.view("p1")["state"]["falconer"]["hand"] == [SWORD_FIST, STAR_LEAF]
    # Adventure: the display must be known to work out his choice.
    assert table.view("p1")["phase"] == "falconer_adventure"
    anns_entries_are_refused(table)
    refused_unchanged(table, {"type": "replenish", "player": "p1"}, FALCONER_PHASES)
    refused_unchanged(table, {"type": "falconer_adventure", "player": "p1", "nothing": True},
                      FIRST_POSSIBLE)
    for place, card in enumerate(DISPLAY, start=1):
        table.accepted({"type": "reveal", "player": "p1", "index": place, "card": card})
    # "The arrow on the last flipped solo card shows the direction in which the falconer checks
    # the display." The last one points left: from place 5 back to place 1. He holds a fist and a
    # leaf: 5 (speech), 4 (two fists), 3 and 2 (speech) cannot be paid; place 1 (leaf) can.
    legal = table.view("p1")["legal"]
    assert legal == [{"type": "falconer_adventure", "player": "p1", "completes": 1, "pay": [2]}]
    refused_unchanged(table, {"type": "falconer_adventure", "player": "p1", "nothing": True},
                      FIRST_POSSIBLE)
    table.accepted(legal[0])
    falconer = table.view("p1")["state"]["falconer"]
    assert falconer["hand"] == [SWORD_FIST]
    assert [card["points"] for card in falconer["completed"]] == [3]
    # Replenish: still his turn; then Ann's second turn of the round.
    anns_entries_are_refused(table)
    table.accepted({"type": "replenish", "player": "p1"})
    state = table.view("p1")["state"]
    assert state["current"] == "p1" and state["turns"] == {"p1": 1, "falconer": 1}
    table.accepted(ANNS[0])


def test_the_display_revealed_twice_or_with_a_card_of_the_wrong_level_is_a_bad_request(client):
    table = falconers_first_turn_of_round_2(client)
    table.accepted(FALCON)
    table.accepted(FALCONER)
    table.accepted({"type": "reveal", "player": "p1", "index": 1, "card": DISPLAY[0]})
    before = as_seen(table.view("p1"))
    for event in ({"type": "reveal", "player": "p1", "index": 1, "card": DISPLAY[1]},
                  {"type": "reveal", "player": "p1", "index": 2, "card": DISPLAY[3]},
                  {"type": "reveal", "player": "p1", "index": 4, "card": DISPLAY[1]}):
        response = table.send(event)
        assert response.status_code == 400, (event, response.get_json())
        assert as_seen(table.view("p1")) == before


# --- The solo game's last turn: a tie on points, the item cards in hand decide -----------------

LAST_DISPLAY = [adventure(["speech"], 2), adventure(["speech", "speech"], 3),
                adventure(["speech"], 2, level=2), adventure(["speech", "fist"], 5, level=2),
                adventure(["speech"], 6, level=2)]


def falconers_last_turn(client, anns_items):
    """Round 4, the falconer's third turn: Ann has 5 points of adventures and 3 clovers (6), the
    falconer 4 points of adventures and a fist item card; he will take a leaf item and a beast
    companion (and its clover), complete nothing, and end the game on 4 + 2 items = 6."""
    hand = [SWORD_FIST, NOTES_SPEECH, STAR_LEAF][:anns_items]
    table = solo(client, round=4, current="falconer", phase="falconer_move",
                 turns={"p1": 3, "falconer": 2}, display=LAST_DISPLAY,
                 players={"p1": {"figure": [1, 1], "hand": hand, "movement": [1, 2, 3],
                                 "clovers": 3, "completed": [adventure(["leaf"], 5)]}},
                 falconer={"falcon": [3, 3], "falconer": [3, 3], "clovers": 0,
                           "hand": [SWORD_FIST], "completed": [adventure(["fist"], 4)]})
    table.accepted({**FALCON, "to": [3, 2], "card": STAR_LEAF})
    table.accepted({**FALCONER, "to": [2, 2], "card": BEAST_STAR})
    assert table.view("p1")["legal"] == [{"type": "falconer_adventure", "player": "p1",
                                          "nothing": True}]
    table.accepted({"type": "falconer_adventure", "player": "p1", "nothing": True})
    assert table.view("p1")["over"] is False
    table.accepted({"type": "replenish", "player": "p1"})
    return table


@pytest.mark.parametrize("anns_items, winners, quote", [
    (3, ["p1"], SOLO_TIE), (1, ["falconer"], SOLO_TIE), (2, ["p1", "falconer"], SHARE)],
    ids=["ann-has-more", "the-falconer-has-more", "as-many-shared"])
def test_the_solo_games_last_turn_ties_on_points_and_the_items_in_hand_decide(
        client, anns_items, winners, quote):
    table = falconers_last_turn(client, anns_items)
    view = table.view("p1")
    assert view["over"] is True
    scores = view["scores"]
    lines = {p["seat"]: {line["rule"]["quote"]: line["points"] for line in p["breakdown"]}
             for p in scores["players"]}
    assert {p["seat"]: p["total"] for p in scores["players"]} == {"p1": 6, "falconer": 6}
    assert lines["falconer"][FALCONER_ITEMS] == 2
    assert lines["falconer"][FALCONER_NO_CLOVER] == 0  # he took a clover with the beast
    assert sorted(scores["winners"]) == sorted(winners)
    assert quote in scores["decided_by"]["rule"]["quote"]
    # The calculator, given the same tallies, says the same.
    calc = calculated(client, GAME, {"players": [
        {"name": "Ann", "items": anns_items, "clovers": 3,
         "adventures": [{"level": 1, "points": 5}]},
        {"name": "Falconer", "falconer": True, "items": 2, "clovers": 1,
         "adventures": [{"level": 1, "points": 4}]}]})
    assert [p["total"] for p in calc["players"]] == [6, 6]
    assert sorted({"Ann": "p1", "Falconer": "falconer"}[p["name"]] for p in calc["players"]
                  if p["seat"] in calc["winners"]) == sorted(winners)
    assert quote in calc["decided_by"]["rule"]["quote"]
    # After the last replenish nothing more is entered.
    assert view["legal"] == []
    response = table.send({"type": "reveal", "player": "p1", "space": [3, 2],
                           "card": COMPASS_LEAF})
    assert response.status_code in (400, 422), response.get_json()
    assert table.view("p1")["over"] is True


# --- A display card revealed in a two-player game ----------------------------------------------

def anns_adventure_phase(client):
    """Round 2, Ann's turn, the display not entered: Ann (a wanderer in her party, a leaf and a
    compass/leaf in hand) has moved and taken a clover."""
    table = at_table(client, {"hand": [STAR_LEAF, COMPASS_LEAF],
                              "party": [{"card": WANDERER_NOTES}]})
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                    "card": NOTES_SPEECH})
    table.accepted({"type": "gain_clover", "player": "p1"})
    return table


def test_ann_reveals_the_display_card_she_completes_after_naming_it_unknown_is_refused(client):
    table = anns_adventure_phase(client)
    response = table.send({"type": "complete_adventure", "player": "p1", "source": "display",
                           "index": 1, "pay": [{"hand": 1}], "companions": [1]})
    assert response.status_code == 400, response.get_json()
    table.accepted({"type": "reveal", "player": "p1", "index": 1,
                    "card": adventure(["leaf"], 3)})
    assert {"type": "complete_adventure", "player": "p1", "source": "display", "index": 1} in [
        {k: v for k, v in event.items() if k in ("type", "player", "source", "index")}
        for event in table.view("p1")["legal"]]
    table.accepted({"type": "complete_adventure", "player": "p1", "source": "display",
                    "index": 1, "pay": [{"hand": 1}], "companions": [1]})
    assert [card["points"] for card in table.view("p1")["state"]["players"]["p1"]["completed"]
            ] == [3]


def test_bobs_phone_tells_the_referee_a_face_up_display_card_in_anns_turn(client):
    table = anns_adventure_phase(client)
    bob = seat_headers(client, table, "p2")
    response = client.post(f"/api/sessions/{table.id}/events", headers=bob, json={
        "event": {"type": "reveal", "player": "p2", "index": 1, "card": adventure(["leaf"], 3)},
        "expected_seq": table.seq})
    assert response.status_code == 200, response.get_json()
    assert table.view("p1")["state"]["display"][0]["card"] is not None


# --- Paying with the wrong number of item cards ------------------------------------------------

TWO_LEAVES = [adventure(["leaf", "leaf"], 3), adventure(["speech"], 2), adventure(["fist"], 2),
              adventure(["speech", "fist"], 5, level=2), adventure(["leaf"], 6, level=2)]


def anns_turn_with_two_leaves(client):
    table = at_table(client, {"hand": [STAR_LEAF, COMPASS_LEAF, NOTES_SPEECH],
                              "party": [{"card": WANDERER_NOTES}]}, display=TWO_LEAVES)
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                    "card": SWORD_FIST})
    table.accepted({"type": "gain_clover", "player": "p1"})
    return table


@pytest.mark.parametrize("pay", [[{"hand": 1}], [{"hand": 1}, {"hand": 2}, {"hand": 3}]],
                         ids=["one-leaf-for-two", "three-cards-for-two"])
def test_an_adventure_paid_with_too_few_or_too_many_item_cards_is_refused(client, pay):
    table = anns_turn_with_two_leaves(client)
    refused_unchanged(table, {"type": "complete_adventure", "player": "p1", "source": "display",
                              "index": 1, "pay": pay, "companions": [1]}, PAY_ADVENTURE)
    table.accepted({"type": "complete_adventure", "player": "p1", "source": "display",
                    "index": 1, "pay": [{"hand": 1}, {"hand": 2}], "companions": [1]})
    assert table.view("p1")["state"]["players"]["p1"]["hand"] == [NOTES_SPEECH, SWORD_FIST]


def test_the_same_item_card_paid_twice_is_a_bad_request(client):
    table = anns_turn_with_two_leaves(client)
    before = as_seen(table.view("p1"))
    response = table.send({"type": "complete_adventure", "player": "p1", "source": "display",
                           "index": 1, "pay": [{"hand": 1}, {"hand": 1}], "companions": [1]})
    assert response.status_code == 400, response.get_json()
    assert as_seen(table.view("p1")) == before


@pytest.mark.parametrize("pay", [[{"hand": 1}], [{"hand": 1}, {"hand": 2}, {"hand": 3}]],
                         ids=["one-leaf-for-two", "three-cards-for-two"])
def test_a_public_quest_paid_with_the_wrong_number_of_cards_quotes_its_own_step(client, pay):
    table = anns_turn_with_two_leaves(client)
    before = as_seen(table.view("p1"))
    response = table.send({"type": "sign_up", "player": "p1", "tile": "A", "pay": pay})
    assert response.status_code == 422, response.get_json()
    assert PAY_QUEST in quoted(response.get_json()["error"])
    assert as_seen(table.view("p1")) == before


# --- A table ruling changes only what it names: needless_conversion ------------------------------

CONVERT_ADVENTURE = book("Spend 1 clover token in the Adventure phase to convert an item card's "
                         "adventure symbol to match the items cost and complete the adventure.")


def leaf_adventure_to_complete(client, needless_conversion):
    """Round 2, Ann's Adventure phase: display place 1 costs one leaf; she holds a star/leaf item
    and a wanderer, and has 3 clovers."""
    table = ApiTable(client, {
        "game": GAME, "players": ["Ann", "Bob"],
        "options": {"campfires": CAMPFIRES, "public_quests": QUESTS,
                    "leaders": {"p1": LEADERS["p1"], "p2": LEADERS["p2"]},
                    "needless_conversion": needless_conversion},
        "position": {"round": 2, "current": "p1", "display": TWO_LEAVES[1:3] + [
            adventure(["leaf"], 3)] + TWO_LEAVES[3:],
            "players": {"p1": {"figure": [3, 3], "hand": [STAR_LEAF], "clovers": 2,
                               "party": [{"card": WANDERER_NOTES}]},
                        "p2": {"figure": [5, 5], "hand": [SWORD_FIST]}}}})
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                    "card": SWORD_FIST})
    table.accepted({"type": "gain_clover", "player": "p1"})
    return table


LEAF_PAID = {"type": "complete_adventure", "player": "p1", "source": "display", "index": 3,
             "pay": [{"hand": 1}], "companions": [1]}


def test_needless_conversion_changes_only_a_clover_spent_on_a_leaf_that_pays_a_leaf(client):
    refuse = leaf_adventure_to_complete(client, "refuse")
    accept = leaf_adventure_to_complete(client, "accept")
    converted = {**LEAF_PAID, "pay": [{"hand": 1, "convert": True}]}
    refused_unchanged(refuse, converted, CONVERT_ADVENTURE)
    accept.accepted(converted)
    refuse.accepted(LEAF_PAID)
    anns = {name: table.view("p1")["state"]["players"]["p1"]
            for name, table in (("refuse", refuse), ("accept", accept))}
    # The same adventure completed with the same card; the accepted conversion cost one clover.
    assert anns["refuse"]["completed"] == anns["accept"]["completed"]
    assert [card["points"] for card in anns["accept"]["completed"]] == [3]
    assert anns["refuse"]["hand"] == anns["accept"]["hand"] == [SWORD_FIST]
    assert (anns["refuse"]["clovers"], anns["accept"]["clovers"]) == (3, 2)
