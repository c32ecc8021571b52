"""Pilgrims: Curious Adventures scenarios written as an outsider: from the rulebook and the API's
own description only (docs/games/pilgrims.md, GET /api/games/pilgrims), never the referee's code."""

import pytest

from tests.api_table import ApiTable, calculated, quotes_from

GAME = "pilgrims"
book = quotes_from(GAME)

CORNERS_FROM_LAST = book("Starting with the last player (seated to the right of the first player) "
                         "and proceeding counterclockwise, each player chooses one of the corner "
                         "spaces")
DIFFERENT_CORNER = book("Each player must choose a different corner.")
CLOCKWISE = book("Play then continues clockwise.")
EMPTY_MOVEMENT_SPACE = book("During the Move phase, place a movement token on any empty movement "
                            "space.")
FIXED_ORDER = book("A player's turn consists of the following phases in a fixed order:")
MATCHING_SYMBOL = book("To activate a leader tile or a companion card, an item card must be played "
                       "face-up under a character with a matching activation symbol.")
CAMPFIRE_COMPANIONS = book("Campfire map spaces give companion cards.")
TWO_CLOVERS = book("Spend 2 clover tokens to draw an item card from the deck.")
NOT_FROM_MAP = book("Players can't spend clover tokens to take an item card from the map.")
TWICE_SAME_TILE = book("A player can't sign up twice on the same tile.")
MOST_POINTS = book("The player with the most victory points is the most experienced pilgrim, and "
                   "wins the game!")
MORE_ITEMS = book("In case of a tie, the player with more item cards left in their hand wins.")
SHARE = book("If there is still a tie, the players share the victory.")

CAMPFIRES = [[1, 3], [2, 2], [2, 4], [4, 2], [4, 4], [5, 3]]
QUESTS = [{"tile": "A", "mission": "1a", "cost": ["leaf", "leaf"]},
          {"tile": "B", "mission": "2c", "cost": ["fist", "speech"]},
          {"tile": "C", "mission": "5", "cost": ["speech", "fist", "leaf"]}]


def item(adventure, activation):
    return {"adventure": adventure, "activation": activation}


SWORD_FIST = item("fist", "sword")
NOTES_SPEECH = item("speech", "notes")
COMPASS_LEAF = item("leaf", "compass")
STAR_LEAF = item("leaf", "star")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


LEADERS = {"p1": {"activation": ["sword"]}, "p2": {"activation": ["notes"]},
           "p3": {"activation": ["star"]}}


def new_game(client, players=("Ann", "Bob")):
    seats = ("p1", "p2", "p3")[:len(players)]
    return ApiTable(client, {
        "game": GAME, "players": list(players),
        "options": {"campfires": CAMPFIRES, "public_quests": QUESTS,
                    "leaders": {seat: LEADERS[seat] for seat in seats}}})


def cornered(client):
    """Two players: Bob (the last player) takes corner [5, 5], then Ann [1, 1]. Ann's hand: a
    fist/sword item (the corner's) and a speech/notes item (drawn)."""
    table = new_game(client)
    table.accepted({"type": "choose_corner", "player": "p2", "space": [5, 5],
                    "drawn": STAR_LEAF, "item": SWORD_FIST})
    table.accepted({"type": "choose_corner", "player": "p1", "space": [1, 1],
                    "drawn": NOTES_SPEECH, "item": SWORD_FIST})
    return table


def plain_turn(table, seat, movement, to):
    """Move onto an item space taking a compass/leaf card, take a clover, replenish."""
    table.accepted({"type": "move", "player": seat, "movement": movement, "to": to,
                    "card": COMPASS_LEAF})
    table.accepted({"type": "gain_clover", "player": seat})
    table.accepted({"type": "replenish", "player": seat})


def player(table, seat):
    return table.view(seat)["state"]["players"][seat]


def test_five_players_cannot_sit_down(client):
    response = client.post("/api/sessions", json={
        "game": GAME, "players": ["A", "B", "C", "D", "E"]})
    assert 400 <= response.status_code < 500


def test_the_setup_deals_the_map_and_the_display_from_full_decks(client):
    state = new_game(client).view()["state"]
    # 64 items: 19 on the map's empty spaces and one drawn by each of the two players.
    assert state["decks"]["item"] == 64 - 19 - 2
    assert state["decks"]["companion"] == 32 - 6
    assert (state["decks"]["level1"], state["decks"]["level2"]) == (20 - 3, 17 - 2)
    assert [place["level"] for place in state["display"]] == [1, 1, 1, 2, 2]
    assert all(p["clovers"] == 1 for p in state["players"].values())


def test_corners_are_chosen_from_the_last_player_counterclockwise_and_all_different(client):
    table = new_game(client, players=("Ann", "Bob", "Cleo"))
    # The last player (right of the first) is Cleo; then counterclockwise: Bob, then Ann.
    table.refused({"type": "choose_corner", "player": "p1", "space": [1, 1],
                   "drawn": STAR_LEAF, "item": SWORD_FIST}, CORNERS_FROM_LAST)
    table.refused({"type": "choose_corner", "player": "p3", "space": [1, 3],
                   "drawn": STAR_LEAF, "item": SWORD_FIST}, "corner")
    table.accepted({"type": "choose_corner", "player": "p3", "space": [5, 5],
                    "drawn": STAR_LEAF, "item": SWORD_FIST})
    table.refused({"type": "choose_corner", "player": "p2", "space": [5, 5],
                   "drawn": STAR_LEAF, "item": SWORD_FIST}, DIFFERENT_CORNER)
    table.accepted({"type": "choose_corner", "player": "p2", "space": [1, 5],
                    "drawn": STAR_LEAF, "item": SWORD_FIST})
    table.accepted({"type": "choose_corner", "player": "p1", "space": [1, 1],
                    "drawn": STAR_LEAF, "item": SWORD_FIST})
    assert table.view()["current_players"] == ["p1"]


def test_a_hand_is_its_owners_only(client):
    table = cornered(client)
    assert player(table, "p1")["hand"] == [SWORD_FIST, NOTES_SPEECH]
    seen_by_bob = table.view("p2")["state"]["players"]["p1"]["hand"]
    assert seen_by_bob == [None, None]
    watcher = table.client.get(f"/api/sessions/{table.id}").get_json()
    assert "sword" not in str(watcher["state"]["players"]["p1"]["hand"])


def test_the_first_player_moves_first_and_bob_must_wait(client):
    table = cornered(client)
    table.refused({"type": "move", "player": "p2", "movement": 1, "to": [5, 4],
                   "card": COMPASS_LEAF}, CLOCKWISE)
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [1, 2],
                    "card": COMPASS_LEAF})


def test_the_phases_come_in_a_fixed_order(client):
    table = cornered(client)
    table.refused({"type": "gain_clover", "player": "p1"}, FIXED_ORDER)


def test_a_movement_space_holds_one_token_a_round(client):
    table = cornered(client)
    plain_turn(table, "p1", 1, [1, 2])
    plain_turn(table, "p2", 1, [5, 4])
    table.refused({"type": "move", "player": "p1", "movement": 1, "to": [2, 1],
                   "card": COMPASS_LEAF}, EMPTY_MOVEMENT_SPACE)
    table.accepted({"type": "move", "player": "p1", "movement": 2, "to": [2, 1],
                    "card": COMPASS_LEAF})


def test_a_move_cannot_take_the_cards_of_two_black_dot_spaces(client):
    """"If the movement diagram shows multiple black dot spaces, choose just one. Players can't
    gain cards from both spaces!" — the two cards can be entered, and are refused with it."""
    table = cornered(client)
    table.refused({"type": "move", "player": "p1", "movement": 1, "to": [1, 2],
                   "card": [COMPASS_LEAF, STAR_LEAF]},
                  book("Players can't gain cards from both spaces!"))
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [1, 2],
                    "card": COMPASS_LEAF})


def test_a_campfire_gives_a_companion_not_an_item(client):
    table = cornered(client)
    table.refused({"type": "move", "player": "p1", "movement": 1, "to": [2, 2],
                   "card": COMPASS_LEAF}, CAMPFIRE_COMPANIONS)
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [2, 2],
                    "card": {"types": ["beast"], "activation": ["star"]}})
    assert [c["card"]["types"] for c in player(table, "p1")["party"]] == [["beast"]]


def test_activation_needs_a_matching_symbol(client):
    table = cornered(client)
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [1, 2],
                    "card": COMPASS_LEAF})
    # Ann's leader shows a sword: the notes item does not match it, the sword item does.
    table.refused({"type": "activate", "player": "p1", "character": "leader", "hand": 2},
                  MATCHING_SYMBOL)
    table.accepted({"type": "activate", "player": "p1", "character": "leader", "hand": 1})
    assert player(table, "p1")["leader"]["holds"] == SWORD_FIST


def test_activate_or_a_clover_not_both(client):
    table = cornered(client)
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [1, 2],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "gain_clover", "player": "p1"})
    assert player(table, "p1")["clovers"] == 2
    table.refused({"type": "activate", "player": "p1", "character": "leader", "hand": 1},
                  book("During the Activate phase, do one of the following:"))


def test_an_item_card_costs_two_clovers_and_never_comes_off_the_map(client):
    table = cornered(client)
    table.refused({"type": "buy_item", "player": "p1", "item": STAR_LEAF}, TWO_CLOVERS)
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [1, 2],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "gain_clover", "player": "p1"})
    table.refused({"type": "buy_item", "player": "p1", "space": [3, 3]}, NOT_FROM_MAP)
    table.accepted({"type": "buy_item", "player": "p1", "item": STAR_LEAF})
    ann = player(table, "p1")
    assert ann["clovers"] == 0
    assert len(ann["hand"]) == 4


def signed_up_for_b(client):
    """Ann's first turn: a move, a clover, and public quest tile B, which costs a fist and a
    speech item: her two starting cards."""
    table = cornered(client)
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [1, 2],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "gain_clover", "player": "p1"})
    table.accepted({"type": "sign_up", "player": "p1", "tile": "B",
                    "pay": [{"hand": 1}, {"hand": 2}]})
    return table


def test_a_public_quest_signed_up_for_once_on_the_top_quill_space(client):
    table = signed_up_for_b(client)
    state = table.view("p1")["state"]
    quest = next(q for q in state["quests"] if q["tile"] == "B")
    assert quest["quills"][0] == "p1"
    assert state["players"]["p1"]["hand"] == [COMPASS_LEAF]
    table.accepted({"type": "replenish", "player": "p1"})
    plain_turn(table, "p2", 1, [5, 4])
    table.accepted({"type": "move", "player": "p1", "movement": 2, "to": [2, 1],
                    "card": SWORD_FIST})
    table.accepted({"type": "gain_clover", "player": "p1"})
    table.accepted({"type": "buy_item", "player": "p1", "item": NOTES_SPEECH})
    table.refused({"type": "sign_up", "player": "p1", "tile": "B",
                   "pay": [{"hand": 2}, {"hand": 3}]}, TWICE_SAME_TILE)


def test_a_round_is_three_turns_each_then_the_sun_moves_and_tokens_come_off(client):
    table = cornered(client)
    spaces = {"p1": [[1, 2], [2, 1], [3, 1]], "p2": [[5, 4], [4, 5], [3, 5]]}
    for turn in range(3):
        for seat in ("p1", "p2"):
            assert table.view()["state"]["round"] == 1
            plain_turn(table, seat, turn + 1, spaces[seat][turn])
    state = table.view("p1")["state"]
    assert state["round"] == 2
    assert state["players"]["p1"]["movement"] == []
    assert table.view()["current_players"] == ["p1"]


def test_the_calculator_counts_adventures_clovers_by_three_and_quills(client):
    scores = calculated(client, GAME, {
        "public_quests": {"A": "1a", "B": "2c", "C": "5"},
        "players": [
            {"name": "Ann", "items": 2, "clovers": 8,
             "adventures": [{"level": 1, "points": 5}, {"level": 2, "points": 8}],
             "quills": [{"tile": "A", "space": "top", "collected": 3},
                        {"tile": "B", "space": "top", "collected": 0}]},
            {"name": "Bob", "items": 1, "clovers": 2,
             "adventures": [{"level": 1, "points": 3}],
             "quills": [{"tile": "B", "space": "middle", "collected": 5}]}]})
    totals = {p["name"]: p["total"] for p in scores["players"]}
    # Ann: 5 + 8, 8 clovers → 2, two top quills 2 + 2, three collected on A → 4, none on B: 23.
    # Bob: 3, 2 clovers → 0, the middle quill 1, five collected → at most 6: 10.
    assert totals == {"Ann": 23, "Bob": 10}
    assert winners_by_name(scores) == ["Ann"]
    assert MOST_POINTS in scores["decided_by"]["rule"]["quote"]


def winners_by_name(scores):
    return sorted(p["name"] for p in scores["players"] if p["seat"] in scores["winners"])


def test_a_tie_goes_to_more_item_cards_in_hand_then_is_shared(client):
    def tally(bob_items):
        return {"players": [
            {"name": "Ann", "items": 2, "clovers": 3, "adventures": [{"level": 1, "points": 6}]},
            {"name": "Bob", "items": bob_items, "clovers": 0,
             "adventures": [{"level": 1, "points": 7}]}]}
    scores = calculated(client, GAME, tally(3))
    assert [p["total"] for p in scores["players"]] == [7, 7]
    assert winners_by_name(scores) == ["Bob"]
    assert MORE_ITEMS in scores["decided_by"]["rule"]["quote"]
    shared = calculated(client, GAME, tally(2))
    assert winners_by_name(shared) == ["Ann", "Bob"]
    assert SHARE in shared["decided_by"]["rule"]["quote"]


def test_the_mission_table(client):
    expected = {0: 0, 1: 1, 2: 2, 3: 4, 4: 6, 7: 6}
    for collected, points in expected.items():
        scores = calculated(client, GAME, {
            "public_quests": {"A": "1a"},
            "players": [{"name": "Ann", "items": 0, "clovers": 0,
                         "quills": [{"tile": "A", "space": "top",
                                     "collected": collected}]},
                        # one player alone is the solo game (finding 114, the lead's ruling)
                        {"name": "Bob", "items": 0}]})
        assert scores["players"][0]["total"] == 2 + points, collected


def test_after_round_four_the_game_ends(client):
    table = cornered(client)
    spaces = {"p1": [[1, 2], [2, 1]], "p2": [[5, 4], [4, 5]]}
    for round_number in range(1, 5):
        for turn in range(3):
            for seat in ("p1", "p2"):
                plain_turn(table, seat, turn + 1, spaces[seat][(round_number + turn) % 2])
    view = table.view("p1")
    assert view["over"] is True
    assert view["legal"] == []
    error = table.refused({"type": "move", "player": "p1", "movement": 1, "to": [1, 2],
                           "card": COMPASS_LEAF}, book("After round 4, the game ends."))
    assert error["code"] == "illegal"
    # Twelve clovers each (one at the start, one a turn): 13 → 4 points; no other points.
    assert {p["seat"]: p["total"] for p in view["scores"]["players"]} == {"p1": 4, "p2": 4}


def test_a_fourth_companion_needs_one_retired(client):
    table = cornered(client)
    companions = [{"types": ["beast"], "activation": ["star"]},
                  {"types": ["wanderer"], "activation": ["sword"]},
                  {"types": ["scoundrel"], "activation": ["notes"]},
                  {"types": ["nobleheart"], "activation": ["compass"]}]
    campfires = {"p1": [[2, 2], [1, 3], [2, 4], [2, 2]], "p2": [[4, 4], [5, 3], [4, 2]]}
    for turn in range(3):
        table.accepted({"type": "move", "player": "p1", "movement": turn + 1,
                        "to": campfires["p1"][turn], "card": companions[turn]})
        table.accepted({"type": "gain_clover", "player": "p1"})
        table.accepted({"type": "replenish", "player": "p1"})
        table.accepted({"type": "move", "player": "p2", "movement": turn + 1,
                        "to": campfires["p2"][turn], "card": companions[turn]})
        table.accepted({"type": "gain_clover", "player": "p2"})
        table.accepted({"type": "replenish", "player": "p2"})
    assert len(player(table, "p1")["party"]) == 3
    move = {"type": "move", "player": "p1", "movement": 1, "to": [2, 2], "card": companions[3]}
    table.refused(move, book("If they would gain another companion card, the player must retire an "
                             "old one to free up space."))
    table.accepted({**move, "retire": 1})
    ann = player(table, "p1")
    assert len(ann["party"]) == 3
    assert len(ann["retired"]) == 1


def test_completing_an_adventure_pays_items_retires_for_each_cross_and_takes_its_clover(client):
    table = cornered(client)
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [2, 2],
                    "card": {"types": ["beast"], "activation": ["star"]}})
    table.accepted({"type": "gain_clover", "player": "p1"})
    wanderers = {"level": 1, "points": 3, "party": ["wanderer"], "crosses": 0, "cost": ["fist"]}
    table.refused({"type": "complete_adventure", "player": "p1", "source": "display", "index": 1,
                   "adventure": wanderers, "pay": [{"hand": 1}], "companions": [1],
                   "retire": []},
                  book("Their party must have companion card(s) with a matching type symbol"))
    beasts = {"level": 1, "points": 3, "party": ["beast"], "crosses": 1, "cost": ["fist"],
              "clovers": 1}
    table.accepted({"type": "complete_adventure", "player": "p1", "source": "display",
                    "index": 1, "adventure": beasts, "pay": [{"hand": 1}], "companions": [1],
                    "retire": [1]})
    ann = player(table, "p1")
    assert ann["hand"] == [NOTES_SPEECH]
    assert ann["party"] == [] and len(ann["retired"]) == 1
    assert ann["clovers"] == 3
    assert [card["points"] for card in ann["completed"]] == [3]


def test_a_live_tie_after_round_four_goes_to_more_item_cards_in_hand(client):
    # Both end on 4 points (13 and 12 clovers), but Bob played one item card under his leader:
    # Ann has one more item card in her hand and wins.
    table = cornered(client)
    spaces = {"p1": [[1, 2], [2, 1]], "p2": [[5, 4], [4, 5]]}
    for round_number in range(1, 5):
        for turn in range(3):
            for seat in ("p1", "p2"):
                to = spaces[seat][(round_number + turn) % 2]
                if (round_number, turn, seat) == (1, 0, "p2"):
                    table.accepted({"type": "move", "player": "p2", "movement": 1, "to": to,
                                    "card": NOTES_SPEECH})
                    table.accepted({"type": "activate", "player": "p2", "character": "leader",
                                    "hand": 3})
                    table.accepted({"type": "replenish", "player": "p2"})
                else:
                    plain_turn(table, seat, turn + 1, to)
    view = table.view("p1")
    assert view["over"] is True
    assert {p["seat"]: p["total"] for p in view["scores"]["players"]} == {"p1": 4, "p2": 4}
    assert view["scores"]["winners"] == ["p1"]
    assert MORE_ITEMS in view["scores"]["decided_by"]["rule"]["quote"]


def test_a_move_onto_an_occupied_space_draws_from_the_deck(client):
    table = cornered(client)
    before = table.view("p1")["state"]["decks"]["item"]
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [5, 5],
                    "card": STAR_LEAF})
    state = table.view("p1")["state"]
    assert state["decks"]["item"] == before - 1
    assert state["players"]["p1"]["hand"][-1] == STAR_LEAF


def test_a_character_holding_an_item_discards_it_before_holding_another(client):
    table = cornered(client)
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [1, 2],
                    "card": SWORD_FIST})
    table.accepted({"type": "activate", "player": "p1", "character": "leader", "hand": 1})
    table.accepted({"type": "replenish", "player": "p1"})
    plain_turn(table, "p2", 1, [5, 4])
    table.accepted({"type": "move", "player": "p1", "movement": 2, "to": [2, 1],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "activate", "player": "p1", "character": "leader", "hand": 2})
    state = table.view("p1")["state"]
    assert state["discard_pile"] == [SWORD_FIST]
    assert state["players"]["p1"]["leader"]["holds"] == SWORD_FIST
    assert state["players"]["p1"]["hand"] == [NOTES_SPEECH, COMPASS_LEAF]


def test_signing_up_for_the_c_tile_gives_a_clover_at_once(client):
    table = cornered(client)
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [1, 2],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "activate", "player": "p1", "character": "leader", "hand": 1})
    # Tile C costs speech, fist and leaf: the speech card, the fist card the leader holds, the leaf.
    table.accepted({"type": "sign_up", "player": "p1", "tile": "C",
                    "pay": [{"hand": 1}, {"character": "leader"}, {"hand": 2}]})
    ann = player(table, "p1")
    assert ann["clovers"] == 2
    assert ann["hand"] == []


def test_the_lost_sheep_example_one_more_space_and_a_clover_when_walking(client):
    # "When the player travels by walking, the Lost Sheep adventure card allows them to gain 1
    # clover token and move 1 more space." Walking is movement space 1 here.
    lost_sheep = {"name": "Lost Sheep", "level": 1, "points": 2, "improvement": ["movement"],
                  "trigger": {"when": "means", "means": 1},
                  "abilities": ["gain clover", "extra space"]}
    table = ApiTable(client, {
        "game": GAME, "players": ["Ann", "Bob"],
        "options": {"campfires": CAMPFIRES, "public_quests": QUESTS,
                    "leaders": {seat: LEADERS[seat] for seat in ("p1", "p2")}},
        "position": {"round": 1, "current": "p1", "players": {
            "p1": {"figure": [3, 3], "clovers": 1, "completed": [lost_sheep],
                   "hand": [SWORD_FIST]},
            "p2": {"figure": [5, 5], "hand": [SWORD_FIST]}}}})
    table.accepted({"type": "move", "player": "p1", "movement": 1, "diagram_to": [3, 4],
                    "to": [3, 5], "card": COMPASS_LEAF})
    state = table.view("p1")["state"]
    assert state["figures"]["p1"] == [3, 5]
    assert state["players"]["p1"]["hand"] == [SWORD_FIST, COMPASS_LEAF]
    clover = {"type": "ability", "player": "p1", "improvement": 1, "kind": "gain clover"}
    assert clover in table.view("p1")["legal"]
    table.accepted(clover)
    assert player(table, "p1")["clovers"] == 2


def test_the_end_of_round_2_swaps_the_rightmost_level_i_card_for_a_level_ii(client):
    table = cornered(client)
    spaces = {"p1": [[1, 2], [2, 1]], "p2": [[5, 4], [4, 5]]}
    for round_number in (1, 2):
        for turn in range(3):
            for seat in ("p1", "p2"):
                plain_turn(table, seat, turn + 1, spaces[seat][(round_number + turn) % 2])
    state = table.view("p1")["state"]
    assert state["round"] == 3
    assert [place["level"] for place in state["display"]] == [1, 1, 2, 2, 2]
    assert (state["decks"]["level1"], state["decks"]["level2"]) == (17 + 1, 15 - 1)
    assert [entry["deck"] for entry in state["deck_bottoms"]] == ["level1"]


BEAST = {"types": ["beast"], "activation": ["star"]}


def test_two_clovers_convert_a_companions_type_and_a_question_mark_takes_any(client):
    wanderers = {"level": 1, "points": 4, "party": ["wanderer"], "crosses": 0, "cost": ["fist"]}
    anyone = {"level": 1, "points": 2, "party": ["?"], "crosses": 0, "cost": ["fist"]}
    # Ann's beast plays a wanderer for two clovers (one at the start, one from the Activate phase).
    table = cornered(client)
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [2, 2], "card": BEAST})
    table.accepted({"type": "gain_clover", "player": "p1"})
    table.accepted({"type": "complete_adventure", "player": "p1", "source": "display",
                    "index": 1, "adventure": wanderers, "pay": [{"hand": 1}],
                    "companions": [1], "retire": [], "convert_types": [1]})
    ann = player(table, "p1")
    assert (ann["clovers"], [card["points"] for card in ann["completed"]]) == (0, [4])
    # With one clover she cannot convert; the "?" adventure needs no conversion. The fist item
    # her leader holds pays for it.
    table = cornered(client)
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [2, 2], "card": BEAST})
    table.accepted({"type": "activate", "player": "p1", "character": "leader", "hand": 1})
    table.refused({"type": "complete_adventure", "player": "p1", "source": "display",
                   "index": 1, "adventure": wanderers, "pay": [{"character": "leader"}],
                   "companions": [1], "retire": [], "convert_types": [1]},
                  book("Spend 2 clover tokens during the Adventure phase to convert a companion "
                       "card's type to match an adventure card's party requirement."))
    table.accepted({"type": "complete_adventure", "player": "p1", "source": "display",
                    "index": 1, "adventure": anyone, "pay": [{"character": "leader"}],
                    "companions": [1], "retire": []})
    ann = player(table, "p1")
    assert ann["leader"]["holds"] is None
    assert [card["points"] for card in ann["completed"]] == [2]


def test_legal_after_a_public_quest_is_only_the_clover_draw_and_the_replenish(client):
    table = signed_up_for_b(client)
    assert {event["type"] for event in table.view("p1")["legal"]} == {"buy_item", "replenish"}
