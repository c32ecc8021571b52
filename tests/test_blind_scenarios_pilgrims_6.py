"""Pilgrims: Curious Adventures, outsider scenarios round 6: whole rounds with 3 and 4 players as
a table enters them (corners from the last player counterclockwise, turns clockwise from the
rooster, nine and twelve turns to a round, each player's own movement spaces), the mistakes of the
seats not on turn, undo at the table (the state as if the mistake never happened), hands hidden
from every other seat and a spectator, and the calculator with more players. Written from the
rulebook and the API's own description only (docs/games/pilgrims.md, GET /api/games/pilgrims),
never the referee's code."""

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
from tests.test_blind_scenarios_pilgrims_2 import at_table

GAME = "pilgrims"
book = quotes_from(GAME)

CORNERS_FROM_LAST = book("Starting with the last player (seated to the right of the first player) "
                         "and proceeding counterclockwise, each player chooses one of the corner "
                         "spaces")
CLOCKWISE = book("Play then continues clockwise.")
PROCEEDS = book("After replenishing cards, the player's turn is over. Play proceeds clockwise to "
                "the next player.")
SHARE = book("If there is still a tie, the players share the victory.")
FOUR_LEADERS = {"p1": {"activation": ["sword"]}, "p2": {"activation": ["notes"]},
                "p3": {"activation": ["star"]}, "p4": {"activation": ["compass"]}}
SEATS = ("p1", "p2", "p3", "p4")
NAMES = ("Ann", "Bob", "Cleo", "Dora")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def new_table(client, count):
    return ApiTable(client, {
        "game": GAME, "players": list(NAMES[:count]),
        "options": {"campfires": CAMPFIRES, "public_quests": QUESTS,
                    "leaders": {seat: FOUR_LEADERS[seat] for seat in SEATS[:count]}}})


def mid_game(client, count, **position):
    """`count` players in round 1, Ann (p1) to move with a star/leaf item and no clover; Bob
    holds a fist/sword and a speech/notes item, the others a fist/sword."""
    return at_table(client, {"hand": [STAR_LEAF], "clovers": 0},
                    bob={"hand": [SWORD_FIST, NOTES_SPEECH]}, players=NAMES[:count],
                    **{"round": 1, **position})


def plain_turn(table, seat, movement, to):
    table.accepted({"type": "move", "player": seat, "movement": movement, "to": to,
                    "card": COMPASS_LEAF})
    table.accepted({"type": "gain_clover", "player": seat})
    table.accepted({"type": "replenish", "player": seat})


def as_seen(view):
    return view["state"], view["scores"], view["legal"], view["phase"]


# --- Four players: the corners, then the first turn ---------------------------------------------

def test_four_players_corners_from_dora_counterclockwise_then_ann_moves_first(client):
    table = new_table(client, 4)
    # The last player, seated right of the first, is Dora (p4); then Cleo, Bob, Ann.
    table.refused({"type": "choose_corner", "player": "p1", "space": [1, 1],
                   "drawn": STAR_LEAF, "item": SWORD_FIST}, CORNERS_FROM_LAST)
    table.accepted({"type": "choose_corner", "player": "p4", "space": [5, 1],
                    "drawn": STAR_LEAF, "item": SWORD_FIST})
    table.refused({"type": "choose_corner", "player": "p2", "space": [1, 5],
                   "drawn": STAR_LEAF, "item": SWORD_FIST}, CORNERS_FROM_LAST)
    for seat, corner in (("p3", [5, 5]), ("p2", [1, 5]), ("p1", [1, 1])):
        table.accepted({"type": "choose_corner", "player": seat, "space": corner,
                        "drawn": STAR_LEAF, "item": SWORD_FIST})
    view = table.view()
    assert view["current_players"] == ["p1"]
    assert view["state"]["figures"] == {"p1": [1, 1], "p2": [1, 5], "p3": [5, 5], "p4": [5, 1]}
    # Dora chose first but the rooster is Ann's: Dora's move now is out of turn.
    table.refused({"type": "move", "player": "p4", "movement": 1, "to": [5, 2],
                   "card": COMPASS_LEAF}, CLOCKWISE)


# --- Whole rounds with three and four players ---------------------------------------------------

def test_three_players_a_whole_round_of_nine_turns_clockwise_then_the_sun_moves(client):
    table = mid_game(client, 3)
    spaces = {"p1": [[3, 2], [2, 1], [3, 1]], "p2": [[5, 4], [4, 5], [4, 3]],
              "p3": [[1, 4], [2, 5], [1, 2]]}
    order = []
    for turn in range(3):
        for seat in ("p1", "p2", "p3"):
            order.append(table.view()["current_players"][0])
            assert table.view()["state"]["round"] == 1
            plain_turn(table, seat, turn + 1, spaces[seat][turn])
    assert order == ["p1", "p2", "p3"] * 3
    view = table.view()
    assert view["state"]["round"] == 2
    assert view["current_players"] == ["p1"]
    assert all(p["movement"] == [] for p in view["state"]["players"].values())
    assert [view["state"]["players"][seat]["clovers"] for seat in ("p1", "p2", "p3")] == [3, 4, 4]


def test_four_players_each_uses_the_same_movement_space_on_their_own_board(client):
    table = mid_game(client, 4)
    spaces = {"p1": [3, 2], "p2": [5, 4], "p3": [1, 4], "p4": [5, 2]}
    for seat in SEATS:
        plain_turn(table, seat, 1, spaces[seat])
    view = table.view()
    assert [view["state"]["players"][seat]["movement"] for seat in SEATS] == [[1]] * 4
    assert view["current_players"] == ["p1"]
    # Her own movement space 1 is taken now; space 2 is not.
    table.refused({"type": "move", "player": "p1", "movement": 1, "to": [3, 3],
                   "card": COMPASS_LEAF},
                  book("During the Move phase, place a movement token on any empty movement "
                       "space."))
    table.accepted({"type": "move", "player": "p1", "movement": 2, "to": [3, 3],
                    "card": COMPASS_LEAF})


def test_four_players_the_last_turn_of_a_round_by_dora_then_ann_has_the_rooster(client):
    done = {"hand": [STAR_LEAF], "movement": [1, 2, 3]}
    table = ApiTable(client, {
        "game": GAME, "players": list(NAMES),
        "options": {"campfires": CAMPFIRES, "public_quests": QUESTS, "leaders": FOUR_LEADERS},
        "position": {"round": 1, "current": "p4", "players": {
            "p1": {"figure": [3, 3], **done}, "p2": {"figure": [5, 5], **done},
            "p3": {"figure": [1, 5], **done},
            "p4": {"figure": [5, 1], "hand": [STAR_LEAF], "movement": [1, 3]}}}})
    # Dora's movement space 2 is the only one left empty on her board.
    table.refused({"type": "move", "player": "p4", "movement": 1, "to": [5, 2],
                   "card": COMPASS_LEAF},
                  book("During the Move phase, place a movement token on any empty movement "
                       "space."))
    plain_turn(table, "p4", 2, [5, 2])
    view = table.view()
    assert view["state"]["round"] == 2
    # "Each round begins with the first player's turn (the player with the rooster reference
    # tile)."
    assert view["current_players"] == ["p1"]
    assert all(p["movement"] == [] for p in view["state"]["players"].values())


# --- The seats not on turn ---------------------------------------------------------------------

@pytest.mark.parametrize("event", [
    pytest.param({"type": "move", "player": "p3", "movement": 1, "to": [1, 4],
                  "card": COMPASS_LEAF}),
    {"type": "gain_clover", "player": "p3"},
    {"type": "activate", "player": "p3", "character": "leader", "hand": 1},
    {"type": "replenish", "player": "p4"},
], ids=["cleo-moves", "cleo-takes-a-clover", "cleo-activates", "dora-replenishes"])
def test_four_players_the_seats_not_on_turn_cannot_act_in_bobs_turn(client, event):
    table = mid_game(client, 4)
    plain_turn(table, "p1", 1, [3, 2])
    table.accepted({"type": "move", "player": "p2", "movement": 1, "to": [5, 4],
                    "card": COMPASS_LEAF})
    table.refused(event, PROCEEDS)
    assert table.view()["current_players"] == ["p2"]
    table.accepted({"type": "gain_clover", "player": "p2"})
    table.accepted({"type": "replenish", "player": "p2"})
    assert table.view()["current_players"] == ["p3"]


def test_three_players_cleos_phone_cannot_replenish_for_bob(client):
    table = mid_game(client, 3)
    plain_turn(table, "p1", 1, [3, 2])
    table.accepted({"type": "move", "player": "p2", "movement": 1, "to": [5, 4],
                    "card": COMPASS_LEAF})
    cleo = seat_headers(client, table, "p3")
    response = client.post(f"/api/sessions/{table.id}/events", headers=cleo, json={
        "event": {"type": "replenish", "player": "p2"}, "expected_seq": table.seq})
    assert response.status_code == 403, response.get_json()
    # As herself, out of turn: the rule.
    response = client.post(f"/api/sessions/{table.id}/events", headers=cleo, json={
        "event": {"type": "replenish", "player": "p3"}, "expected_seq": table.seq})
    assert response.status_code == 422, response.get_json()
    assert PROCEEDS in response.get_json()["error"]["rule"]["quote"]
    assert table.view()["current_players"] == ["p2"]


# --- Undo at the table --------------------------------------------------------------------------

def test_three_players_a_move_to_the_wrong_space_undone_then_the_right_one(client):
    table = mid_game(client, 3)
    table.accepted({"type": "move", "player": "p1", "movement": 2, "to": [2, 3],
                    "card": NOTES_SPEECH})
    table.undo()
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                    "card": COMPASS_LEAF})
    right_first_time = mid_game(client, 3)
    right_first_time.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                               "card": COMPASS_LEAF})
    assert as_seen(table.view("p1")) == as_seen(right_first_time.view("p1"))


def test_four_players_bobs_clover_and_replenish_undone_then_his_leader_activated(client):
    table = mid_game(client, 4)
    plain_turn(table, "p1", 1, [3, 2])
    table.accepted({"type": "move", "player": "p2", "movement": 1, "to": [5, 4],
                    "card": SWORD_FIST})
    table.accepted({"type": "gain_clover", "player": "p2"})
    table.accepted({"type": "replenish", "player": "p2"})
    assert table.view()["current_players"] == ["p3"]
    # He meant to play his speech/notes item under his leader (notes) instead of the clover:
    # the replenish and the clover undone, then the activation.
    table.undo()
    table.undo()
    assert table.view()["current_players"] == ["p2"]
    bobs_hand = player(table, "p2")["hand"]
    table.accepted({"type": "activate", "player": "p2", "character": "leader",
                    "hand": bobs_hand.index(NOTES_SPEECH) + 1})
    table.accepted({"type": "replenish", "player": "p2"})
    right_first_time = mid_game(client, 4)
    plain_turn(right_first_time, "p1", 1, [3, 2])
    right_first_time.accepted({"type": "move", "player": "p2", "movement": 1, "to": [5, 4],
                               "card": SWORD_FIST})
    right_first_time.accepted({"type": "activate", "player": "p2", "character": "leader",
                               "hand": bobs_hand.index(NOTES_SPEECH) + 1})
    right_first_time.accepted({"type": "replenish", "player": "p2"})
    assert as_seen(table.view()) == as_seen(right_first_time.view())


# --- Hidden information with four players --------------------------------------------------------

def test_four_players_the_card_cleo_takes_is_hidden_from_ann_bob_dora_and_a_spectator(client):
    secret = {"adventure": "coin", "activation": "star"}
    table = mid_game(client, 4)
    plain_turn(table, "p1", 1, [3, 2])
    plain_turn(table, "p2", 1, [5, 4])
    # Ann's figure stands on [3, 2]: Cleo moving there draws from the face-down deck.
    table.accepted({"type": "move", "player": "p3", "movement": 1, "to": [3, 2],
                    "card": secret})
    assert player(table, "p3")["hand"][-1] == secret
    for other in ("p1", "p2", "p4"):
        headers = seat_headers(client, table, other)
        reads = reads_by_others(client, table, other, headers)
        for name, response in reads.items():
            text = response.get_data(as_text=True)
            if response.is_json:
                text = json.dumps(response.get_json())
            assert "coin" not in text.lower(), name


# --- The calculator with more players -----------------------------------------------------------

def test_the_calculator_four_players_two_tied_on_points_and_items_share(client):
    answer = calculated(client, GAME, {"players": [
        {"name": "Ann", "items": 2, "clovers": 3, "adventures": [{"level": 1, "points": 6}]},
        {"name": "Bob", "items": 1, "clovers": 0, "adventures": [{"level": 2, "points": 7}]},
        {"name": "Cleo", "items": 2, "clovers": 0, "adventures": [{"level": 2, "points": 7}]},
        {"name": "Dora", "items": 5, "clovers": 5, "adventures": [{"level": 1, "points": 2}]}]})
    totals = {p["name"]: p["total"] for p in answer["players"]}
    assert totals == {"Ann": 7, "Bob": 7, "Cleo": 7, "Dora": 3}
    winners = sorted(p["name"] for p in answer["players"] if p["seat"] in answer["winners"])
    assert winners == ["Ann", "Cleo"]
    assert SHARE in answer["decided_by"]["rule"]["quote"]


# --- The end of a four-player game -----------------------------------------------------------------

def test_four_players_doras_last_turn_ends_the_game_in_a_tie_ann_and_cleo_share(client):
    def adventure(level, points):
        return {"level": level, "points": points}
    done = [1, 2, 3]
    table = ApiTable(client, {
        "game": GAME, "players": list(NAMES),
        "options": {"campfires": CAMPFIRES, "public_quests": QUESTS, "leaders": FOUR_LEADERS},
        "position": {"round": 4, "current": "p4", "players": {
            "p1": {"figure": [3, 3], "movement": done, "clovers": 0,
                   "hand": [STAR_LEAF, SWORD_FIST], "completed": [adventure(1, 5)]},
            "p2": {"figure": [5, 5], "movement": done, "clovers": 0, "hand": [SWORD_FIST],
                   "completed": [adventure(1, 5)]},
            "p3": {"figure": [1, 5], "movement": done, "clovers": 3,
                   "hand": [NOTES_SPEECH, SWORD_FIST], "completed": [adventure(2, 4)]},
            "p4": {"figure": [5, 1], "movement": [1, 2], "clovers": 0, "hand": [SWORD_FIST],
                   "completed": [adventure(1, 2)]}}}})
    plain_turn(table, "p4", 3, [5, 2])
    view = table.view()
    assert view["over"] is True
    totals = {p["seat"]: p["total"] for p in view["scores"]["players"]}
    # Ann 5, Bob 5, Cleo 4 + 1 (three clovers), Dora 2 (one clover: none); Ann and Cleo hold two
    # item cards each, Bob one.
    assert totals == {"p1": 5, "p2": 5, "p3": 5, "p4": 2}
    assert sorted(view["scores"]["winners"]) == ["p1", "p3"]
    assert SHARE in view["scores"]["decided_by"]["rule"]["quote"]
    table.refused({"type": "move", "player": "p1", "movement": 1, "to": [3, 2],
                   "card": COMPASS_LEAF}, book("After round 4, the game ends."))


# --- The calculator: a mission count that cannot be reached -----------------------------------------

LEVEL_I = {"level": 1, "points": 3}


@pytest.mark.parametrize(("quill", "adventures", "printed"), [
    ({"tile": "C", "space": "top", "collected": 3}, [LEVEL_I, LEVEL_I, LEVEL_I],
     "5. Collect level II adventure cards."),
    ({"tile": "A", "space": "top", "collected": 33}, [LEVEL_I], "• 32 companion cards"),
], ids=["three-level-ii-cards-from-three-level-i", "thirty-three-companions"])
def test_the_calculator_refuses_a_mission_count_the_cards_cannot_reach(
        client, quill, adventures, printed):
    book(printed)
    book("Public quest tiles count companion cards in the player's party and retired under their "
         "leader, or adventure cards the player has completed.")
    answer = calculated(client, GAME, {
        "public_quests": {"A": "1a", "B": "2c", "C": "5"},
        "players": [{"name": "Ann", "items": 0, "clovers": 0, "adventures": adventures,
                     "quills": [quill]},
                    {"name": "Bob", "items": 0, "clovers": 0, "adventures": []}]}, status=400)
    assert "players" in answer["error"].get("field", ""), answer


# --- Positions with three and four players the book makes impossible -----------------------------

def position_answer(client, count, current, round_number=1, **players):
    figures = {"p1": [3, 3], "p2": [5, 5], "p3": [1, 5], "p4": [5, 1]}
    seats = SEATS[:count]
    return client.post("/api/sessions", json={
        "game": GAME, "players": list(NAMES[:count]),
        "options": {"campfires": CAMPFIRES, "public_quests": QUESTS,
                    "leaders": {seat: FOUR_LEADERS[seat] for seat in seats}},
        "position": {"round": round_number, "current": current, "players": {
            seat: {"figure": figures[seat], "hand": [STAR_LEAF], **players.get(seat, {})}
            for seat in seats}}})


@pytest.mark.parametrize(("current", "round_number", "players", "field"), [
    ("p3", 1, {"p1": {"movement": [1]}}, "position.players.p2.movement"),
    ("p2", 1, {"p1": {"movement": [1, 2]}}, "position.players.p1.movement"),
    ("p2", 2, {}, "position.players.p1.movement"),
], ids=["cleo-to-play-before-bob-has", "ann-two-turns-ahead-of-bob", "bob-opening-round-two"])
def test_three_players_a_position_out_of_the_clockwise_order_is_refused(
        client, current, round_number, players, field):
    # "Each round begins with the first player's turn (the player with the rooster reference
    # tile). Play then continues clockwise." and "On their turn, each player must use 1 of their
    # movement tokens."
    book("On their turn, each player must use 1 of their movement tokens.")
    response = position_answer(client, 3, current, round_number, **players)
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"] == field


def test_four_players_a_position_with_four_companions_in_a_party_is_refused(client):
    book("A player may have up to 3 companion cards in their party, in addition to their leader.")
    wanderer = {"card": {"types": ["wanderer"], "activation": ["notes"]}}
    response = position_answer(client, 4, "p1", 2, p1={"party": [wanderer] * 4})
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"] == "position.players.p1.party"
