"""Pilgrims: Curious Adventures, outsider scenarios round 5: a whole turn as a table enters it,
the mistakes a table makes (a step entered twice, the other player's move from a phone, an item
not in the hand), positions the book makes impossible, the calculator's checks, and the cards a
hand holds kept from the other seat and a spectator on every read. Written from the rulebook and
the API's own description only (docs/games/pilgrims.md, GET /api/games/pilgrims), never the
referee's code."""

import json

import pytest

from tests.api_table import ApiTable, calculated, quotes_from, reads_by_others, seat_headers
from tests.test_blind_scenarios_pilgrims import (
    CAMPFIRES,
    COMPASS_LEAF,
    NOTES_SPEECH,
    QUESTS,
    STAR_LEAF,
    SWORD_FIST,
    player,
)
from tests.test_blind_scenarios_pilgrims_2 import LEADERS, WANDERER_NOTES, at_table

GAME = "pilgrims"
book = quotes_from(GAME)

TURN_OVER = book("After replenishing cards, the player's turn is over.")
CLOCKWISE = book("Play then continues clockwise.")
ONE_MOVEMENT_TOKEN = book("On their turn, each player must use 1 of their movement tokens.")
MATCHING_SYMBOL = book("To activate a leader tile or a companion card, an item card must be played "
                       "face-up under a character with a matching activation symbol.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def setup_answer(client, ann, bob=None, **table):
    return client.post("/api/sessions", json={
        "game": GAME, "players": ["Ann", "Bob"],
        "options": {"campfires": CAMPFIRES, "public_quests": QUESTS,
                    "leaders": {"p1": LEADERS["p1"], "p2": LEADERS["p2"]}},
        "position": {"round": 2, "current": "p1", **table,
                     "players": {"p1": {"figure": [3, 3], **ann},
                                 "p2": {"figure": [5, 5], "hand": [SWORD_FIST],
                                        **(bob or {})}}}})


def figure(table, seat):
    return table.view(seat)["state"]["figures"][seat]


# --- A whole turn ------------------------------------------------------------------------------

def test_a_whole_turn_move_activate_the_leader_no_adventure_replenish(client):
    table = at_table(client, {"hand": [SWORD_FIST, NOTES_SPEECH], "clovers": 0})
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                    "card": COMPASS_LEAF})
    assert figure(table, "p1") == [3, 2]
    # Ann's leader shows a sword: the fist/sword item is played under it.
    table.accepted({"type": "activate", "player": "p1", "character": "leader", "hand": 1})
    assert player(table, "p1")["hand"] == [NOTES_SPEECH, COMPASS_LEAF]
    # The Adventure phase is a "may": she completes nothing and replenishes.
    table.accepted({"type": "replenish", "player": "p1"})
    view = table.view("p2")
    assert view["current_players"] == ["p2"]
    assert view["state"]["players"]["p1"]["clovers"] == 0


def test_the_replenish_tapped_twice_is_refused_the_second_time(client):
    table = at_table(client, {"hand": [STAR_LEAF], "clovers": 0})
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "gain_clover", "player": "p1"})
    table.accepted({"type": "replenish", "player": "p1"})
    table.refused({"type": "replenish", "player": "p1"}, TURN_OVER)
    assert table.view("p2")["current_players"] == ["p2"]


def test_a_second_move_in_one_turn_is_refused(client):
    table = at_table(client, {"hand": [STAR_LEAF], "clovers": 0})
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                    "card": COMPASS_LEAF})
    table.refused({"type": "move", "player": "p1", "movement": 2, "to": [3, 4],
                   "card": COMPASS_LEAF}, ONE_MOVEMENT_TOKEN)
    assert figure(table, "p1") == [3, 2]


def test_an_item_played_from_a_hand_place_that_holds_nothing_is_refused(client):
    table = at_table(client, {"hand": [SWORD_FIST], "clovers": 0})
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                    "card": COMPASS_LEAF})
    # Two cards in hand: a third place holds nothing.
    table.refused({"type": "activate", "player": "p1", "character": "leader", "hand": 3},
                  MATCHING_SYMBOL)
    assert len(player(table, "p1")["hand"]) == 2
    table.accepted({"type": "activate", "player": "p1", "character": "leader", "hand": 1})


def test_the_item_just_played_cannot_activate_a_second_character(client):
    # "The player may play another item card to activate another character this turn." is an
    # ability; without it, the Activate phase is one activation or one clover.
    table = at_table(client, {"hand": [SWORD_FIST, NOTES_SPEECH], "clovers": 0,
                              "party": [{"card": WANDERER_NOTES}]})
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "activate", "player": "p1", "character": "leader", "hand": 1})
    table.refused({"type": "activate", "player": "p1", "character": 1, "hand": 1},
                  book("During the Activate phase, do one of the following:"))


def test_bobs_phone_cannot_enter_anns_move(client):
    table = at_table(client, {"hand": [STAR_LEAF], "clovers": 0})
    bob = seat_headers(client, table, "p2")
    response = client.post(f"/api/sessions/{table.id}/events", headers=bob, json={
        "event": {"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                  "card": COMPASS_LEAF}, "expected_seq": table.seq})
    assert response.status_code == 403, response.get_json()
    as_himself = client.post(f"/api/sessions/{table.id}/events", headers=bob, json={
        "event": {"type": "move", "player": "p2", "movement": 1, "to": [5, 4],
                  "card": COMPASS_LEAF}, "expected_seq": table.seq})
    assert as_himself.status_code == 422, as_himself.get_json()
    assert CLOCKWISE in as_himself.get_json()["error"]["rule"]["quote"]


# --- Hidden information on every read ----------------------------------------------------------

def test_the_card_ann_draws_is_kept_from_bob_and_a_spectator_on_every_read(client):
    secret = {"adventure": "coin", "activation": "notes"}
    # Bob's figure stands on [3, 2]: Ann moving there draws her card from the face-down deck
    # ("If the player moves to a space without a card (either empty or occupied by another figure
    # or figures), they draw a card from the corresponding deck."), and "A player's hand may hold
    # any number of item cards. Don't show them to other players!"
    table = at_table(client, {"hand": [STAR_LEAF], "clovers": 0},
                     bob={"hand": [SWORD_FIST], "figure": [3, 2]})
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2], "card": secret})
    assert player(table, "p1")["hand"] == [STAR_LEAF, secret]
    bob = seat_headers(client, table, "p2")
    reads = reads_by_others(client, table, "bob", bob)
    for name, response in reads.items():
        text = response.get_data(as_text=True)
        if response.is_json:
            text = json.dumps(response.get_json())
        assert '"coin"' not in text and "coin" not in text.lower(), name
    hand = reads["spectator view"].get_json()["state"]["players"]["p1"]["hand"]
    assert hand == [None, None]


# --- Positions the book makes impossible -------------------------------------------------------

def test_a_position_with_two_quills_on_the_same_tile_is_refused(client):
    # "A player can't sign up twice on the same tile."
    response = setup_answer(client, {"hand": [STAR_LEAF], "quills": ["B", "B"]})
    assert response.status_code == 400, response.get_json()
    assert "quills" in response.get_json()["error"].get("field", "") + \
        response.get_json()["error"]["message"]


def test_a_position_with_a_third_quill_on_the_tiles_is_refused(client):
    # "Each player has 2 quill tokens."
    response = setup_answer(client, {"hand": [STAR_LEAF]},
                            quills={"A": ["p1"], "B": ["p1"], "C": ["p1"]})
    assert response.status_code == 400, response.get_json()
    assert "quills" in response.get_json()["error"].get("field", "") + \
        response.get_json()["error"]["message"]


def test_a_position_at_the_limits_is_accepted(client):
    response = setup_answer(client, {"hand": [STAR_LEAF], "quills": ["A", "B"],
                                     "movement": [1, 2]}, bob={"movement": [3, 4]},
                            turns={"p1": 2, "p2": 2})
    assert response.status_code == 201, response.get_json()


# --- The calculator ----------------------------------------------------------------------------

def test_the_calculator_refuses_a_player_with_three_quills(client):
    # "Each player has 2 quill tokens. Thus, players can sign up for, at most, two public quest
    # tiles."
    answer = calculated(client, GAME, {
        "public_quests": {"A": "1a", "B": "2c", "C": "5"},
        "players": [{"name": "Ann", "items": 0, "clovers": 0,
                     "quills": [{"tile": "A", "space": "top"}, {"tile": "B", "space": "top"},
                                {"tile": "C", "space": "top"}]},
                    {"name": "Bob", "items": 0, "clovers": 0}]}, status=400)
    assert "quills" in answer["error"].get("field", "") + answer["error"]["message"]


def test_the_calculator_refuses_one_quill_space_taken_twice(client):
    answer = calculated(client, GAME, {
        "public_quests": {"A": "1a", "B": "2c", "C": "5"},
        "players": [{"name": "Ann", "items": 0, "clovers": 0,
                     "quills": [{"tile": "A", "space": "top"}]},
                    {"name": "Bob", "items": 0, "clovers": 0,
                     "quills": [{"tile": "A", "space": "top"}]}]}, status=400)
    assert "quills" in answer["error"].get("field", "") + answer["error"]["message"]


def test_the_calculator_scores_the_top_and_middle_quill_spaces(client):
    # "The top quill space scores 2 victory points, and the middle space scores 1 victory point."
    answer = calculated(client, GAME, {
        "public_quests": {"A": "1a", "B": "2c", "C": "5"},
        "players": [{"name": "Ann", "items": 0, "clovers": 0,
                     "quills": [{"tile": "A", "space": "top"}]},
                    {"name": "Bob", "items": 0, "clovers": 0,
                     "quills": [{"tile": "A", "space": "middle"}]}]})
    quill_points = [sum(line["points"] for line in p["breakdown"]
                        if "quill" in line["label"].lower()) for p in answer["players"]]
    assert quill_points[0] - quill_points[1] == 1


def test_a_position_with_a_fourth_turn_in_the_round_is_refused(client):
    # "Each player takes the figure, 3 movement tokens, and 2 quill tokens which match their
    # chosen color." / "After each player completes 3 turns, the sun token moves 1 space to the
    # right."
    book("After each player completes 3 turns, the sun token moves 1 space to the right.")
    response = setup_answer(client, {"hand": [STAR_LEAF], "movement": [1, 2, 3]},
                            bob={"movement": [1, 2, 3]}, turns={"p1": 3, "p2": 3})
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"].startswith("position.")


@pytest.mark.parametrize("ann", [
    {"hand": [STAR_LEAF], "party": [{"card": WANDERER_NOTES}] * 3,
     "retired": [WANDERER_NOTES] * 30},
    {"hand": [STAR_LEAF] * 64},
])
def test_a_position_with_more_cards_than_the_box_holds_is_refused(client, ann):
    book("• 64 item cards")
    book("• 32 companion cards")
    response = setup_answer(client, ann)
    assert response.status_code == 400, response.get_json()


def test_draw_two_keep_one_hides_both_cards_from_bob_and_a_spectator(client):
    # "• Draw 2 item cards from the deck. Keep one, then put the other face-down on the bottom of
    # the item deck." and "A player's hand may hold any number of item cards. Don't show them to
    # other players!"
    drawer = {"types": ["wanderer"], "activation": ["notes"], "abilities": ["draw item"]}
    table = at_table(client, {"hand": [NOTES_SPEECH], "clovers": 0,
                              "party": [{"card": drawer}]})
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "activate", "player": "p1", "character": 1, "hand": 1})
    kept = {"adventure": "coin", "activation": "star", "name": "Zanzibar Lantern"}
    table.accepted({"type": "ability", "player": "p1", "kind": "draw item", "card": kept,
                    "bottom": {"adventure": "coin", "activation": "notes",
                               "name": "Quetzal Whistle"}})
    assert kept in player(table, "p1")["hand"]
    bob = seat_headers(client, table, "p2")
    for headers in (bob, {}):
        for path in (f"/api/sessions/{table.id}", f"/api/sessions/{table.id}/log"):
            response = client.get(path, headers=headers)
            assert response.status_code == 200, path
            text = response.get_data(as_text=True)
            assert "coin" not in text and "Zanzibar" not in text and "Quetzal" not in text, path
    for path in ("", "/log", "/state.json", "/other/activate?fragment=1",
                 "/other/complete_adventure?fragment=1", "/other/ability?fragment=1"):
        response = client.get(f"/play/{table.id}{path}")
        assert response.status_code == 200, path
        text = response.get_data(as_text=True)
        assert "Zanzibar" not in text and "Quetzal" not in text, path
    bottoms = client.get(f"/api/sessions/{table.id}").get_json()["state"]["deck_bottoms"]
    assert bottoms == [{"deck": "item", "card": None, "why": "drawn with another and not kept",
                        "by": "p1"}]


def test_a_move_entered_with_another_card_than_the_map_shows_is_refused(client):
    beast = {"types": ["beast"], "activation": ["star"]}
    campfires = {tuple(space) for space in CAMPFIRES}
    layout = [[beast if (row, column) in campfires else STAR_LEAF for column in range(1, 6)]
              for row in range(1, 6)]
    layout[2][2] = layout[4][4] = "empty"
    table = at_table(client, {"hand": [STAR_LEAF], "clovers": 0}, map=layout)
    table.refused({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                   "card": COMPASS_LEAF},
                  book("The player takes that space's card, then moves their figure to the "
                       "indicated space."))
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                    "card": STAR_LEAF})


def test_the_last_turn_of_round_two_then_round_three_begins_with_the_rooster(client):
    # "Each round begins with the first player's turn (the player with the rooster reference
    # tile)." — Bob here; Ann's third turn ends round 2 ("Remove all movement tokens from the
    # player boards.") and her replenish carries the end-of-round-2 display change.
    table = ApiTable(client, {
        "game": GAME, "players": ["Ann", "Bob"],
        "options": {"first_player": "p2", "campfires": CAMPFIRES, "public_quests": QUESTS,
                    "leaders": {"p1": LEADERS["p1"], "p2": LEADERS["p2"]}},
        "position": {"round": 2, "current": "p1", "turns": {"p1": 2, "p2": 3},
                     "players": {"p1": {"figure": [3, 3], "hand": [STAR_LEAF], "movement": [1, 2]},
                                 "p2": {"figure": [5, 5], "hand": [SWORD_FIST],
                                        "movement": [1, 2, 3]}}}})
    table.accepted({"type": "move", "player": "p1", "movement": 3, "to": [3, 2],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "gain_clover", "player": "p1"})
    replenish = [event for event in table.view("p1")["legal"] if event["type"] == "replenish"]
    assert replenish == [{"type": "replenish", "player": "p1", "to_bottom": 3}]
    table.accepted(replenish[0])
    view = table.view("p2")
    assert view["state"]["round"] == 3
    assert view["current_players"] == ["p2"]
    assert view["state"]["players"]["p1"]["movement"] == []
    table.refused({"type": "move", "player": "p1", "movement": 1, "to": [3, 4],
                   "card": COMPASS_LEAF}, CLOCKWISE)
