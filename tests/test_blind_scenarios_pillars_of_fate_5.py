"""Pillars of Fate, outsider scenarios round 5: the opening of an Age as a table enters it (the
hand entered, each card played in turn), the mistakes a table makes (a card not in the hand
entered, a Divine card played a second time, an Age begun twice, the other player's card from a
phone, a play after the last Age), positions the book makes impossible, the calculator's own
checks, and a hand kept from the opponent and a spectator on every read. Written from the
rulebook and the API's own description only (docs/games/pillars-of-fate.md,
GET /api/games/pillars-of-fate), never the referee's code."""

import json
import re

import pytest

from tests.api_table import ApiTable, calculated, quotes_from, reads_by_others, seat_headers
from tests.test_blind_scenarios_pillars_of_fate import (
    QUESTS,
    age_one_almost_full,
    card,
    drafted,
    lane,
    play,
)

GAME = "pillars-of-fate"
book = quotes_from(GAME)

FROM_THE_HAND = book("placing cards from their hand into 3 quest lanes")
ALTERNATE = book("During each Age, players alternate turns")
UNPLAYED_DIVINE = book("You may select from any of your 3 unplayed Divine cards.")
THREE_PER_PLAYER = book("Each lane can hold up to 3 cards per player.")
AFTER_THREE_AGES = book("After 3 Ages, players count their victory point tokens.")
SUN_HAND = [card(5, 1), card(3, 0, 1), card(8, 0, 2), card(1, 2), card(4, 1, 1)]

# the marked card's power as a number on its own (a random token or nonce may hold "-13")
MARKED_POWER = re.compile(r"(?<![\w-])-13(?![\w-])")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def strip_face(cards):
    return [{key: value for key, value in entry.items() if key != "face"} for entry in cards]


def setup_answer(client, position):
    return client.post("/api/sessions", json={"game": GAME, "players": ["Ana", "Ben"],
                                              "position": position})


def lanes_of(sun_left, moon_left=None):
    return {"left": {"quest": QUESTS[0], "sun": sun_left, "moon": moon_left or []},
            "center": {"quest": QUESTS[1], "sun": [], "moon": []},
            "right": {"quest": QUESTS[2], "sun": [], "moon": []}}


# --- The opening of an Age as the table enters it ------------------------------------------------

def test_the_opening_of_age_one_hand_entered_then_three_plays_in_turn(client):
    table = drafted(client)
    table.accepted({"type": "hand", "player": "sun", "cards": strip_face(SUN_HAND)})
    table.accepted(play("sun", "left", 8, 0, 2))
    assert lane(table, "left")["pillar"] == "sun"
    table.refused(play("sun", "center", 5, 1), ALTERNATE)
    table.accepted(play("moon", "left", 6, 0, 1))
    table.accepted(play("sun", "center", 5, 1, face="down"))
    assert lane(table, "center")["pillar"] is None
    view = table.view("sun")
    assert view["state"]["hands"]["sun"]["count"] == 5
    assert view["current_players"] == ["moon"]


def test_a_card_not_in_the_entered_hand_is_refused(client):
    table = drafted(client)
    table.accepted({"type": "hand", "player": "sun", "cards": strip_face(SUN_HAND)})
    table.refused(play("sun", "left", 9, 0, 0), FROM_THE_HAND)
    table.accepted(play("sun", "left", 4, 1, 1))


def test_the_same_card_of_the_hand_played_twice_needs_it_twice(client):
    # One 8-power card in hand: after it is played, the card drawn back is entered, not another 8.
    table = drafted(client)
    table.accepted({"type": "hand", "player": "sun", "cards": strip_face(SUN_HAND)})
    table.accepted(play("sun", "left", 8, 0, 2, drawn=strip_face([card(2, 0, 0)])))
    table.accepted(play("moon", "left", 6, 0, 1))
    table.refused(play("sun", "right", 8, 0, 2), FROM_THE_HAND)
    table.accepted(play("sun", "right", 2, 0, 0))


def test_a_divine_card_played_in_age_one_cannot_be_played_again_in_age_two(client):
    position = {"age": 2, "first_player": "moon", "turn": "moon", "modifier": "four_cards",
                "modifiers_used": ["two_face_down"], "lanes": lanes_of([]),
                "divine": {"sun": [{"name": "Klar"}, {"name": "Steward"}],
                           "moon": [{"name": "Pentha"}, {"name": "Eradan"}]}}
    table = ApiTable(client, {"game": GAME, "players": ["Ana", "Ben"], "position": position})
    table.accepted(play("moon", "left", 3, 0, 1))
    table.refused(play("sun", "left", 4, 1, divine="Prophet"), UNPLAYED_DIVINE)
    table.accepted(play("sun", "left", 5, 0, 1, divine="Klar"))


def test_the_age_begun_twice_is_refused_the_second_time(client):
    table = drafted(client)
    # The Age is under way: it is time to play ("An Age ends when each of the 3 lanes are full.").
    table.refused({"type": "begin_age", "player": "sun", "first_player": "sun",
                   "modifier": "two_face_down", "quests": QUESTS},
                  book("First, play 1 card into any lane."))
    table.accepted(play("sun", "left", 5, 1))


def test_moons_phone_cannot_play_suns_card(client):
    table = drafted(client)
    moon = client.post(f"/api/sessions/{table.id}/seats",
                       headers={"Authorization": "Bearer " + table.join_token},
                       json={"seat": "moon"}).get_json()["seat_token"]
    response = client.post(f"/api/sessions/{table.id}/events",
                           headers={"Authorization": "Bearer " + moon},
                           json={"event": play("sun", "left", 5, 1), "expected_seq": table.seq})
    assert response.status_code == 403, response.get_json()
    assert table.view()["seq"] == table.seq


# --- After the last Age ------------------------------------------------------------------------

def test_after_the_third_age_nothing_more_is_played(client):
    table = age_one_almost_full(client, [card(5, 1), card(2, 0, 1)], age=3,
                                modifiers_used=["two_cards", "least_power"],
                                divine={"sun": [], "moon": []})
    table.accepted(play("moon", "right", 4, 1, 1))
    view = table.view()
    assert view["over"] is True
    for event in (play("sun", "left", 3),
                  {"type": "begin_age", "player": "sun", "first_player": "moon",
                   "modifier": "double_suit", "quests": QUESTS}):
        table.refused(event, AFTER_THREE_AGES)


# --- Positions the book makes impossible -------------------------------------------------------

def test_a_position_with_four_cards_in_one_players_column_is_refused(client):
    response = setup_answer(client, {
        "age": 1, "first_player": "sun", "turn": "moon", "modifier": "two_face_down",
        "lanes": lanes_of([card(1), card(2), card(3), card(4)], [card(1), card(2), card(3)]),
        "divine": {"sun": [{"name": "Klar"}, {"name": "Steward"}, {"name": "Prophet"}],
                   "moon": [{"name": "Pentha"}, {"name": "Eradan"}, {"name": "Hadria"}]}})
    assert response.status_code == 400, response.get_json()
    assert "lanes" in response.get_json()["error"]["field"]


def test_a_position_with_a_pillar_on_a_side_with_no_face_up_card_is_refused(client):
    lanes = lanes_of([card(3, face="down")], [card(2)])
    lanes["left"]["pillar"] = "sun"
    response = setup_answer(client, {
        "age": 1, "first_player": "sun", "turn": "sun", "modifier": "two_face_down",
        "lanes": lanes,
        "divine": {"sun": [{"name": "Klar"}, {"name": "Steward"}, {"name": "Prophet"}],
                   "moon": [{"name": "Pentha"}, {"name": "Eradan"}, {"name": "Hadria"}]}})
    assert response.status_code == 400, response.get_json()
    assert "pillar" in json.dumps(response.get_json()["error"])


def test_a_position_with_two_divine_cards_of_one_player_in_an_age_is_refused(client):
    response = setup_answer(client, {
        "age": 1, "first_player": "sun", "turn": "sun", "modifier": "two_face_down",
        "lanes": lanes_of([card(4, 1, divine="Prophet"), card(5, 0, 1, divine="Klar")],
                          [card(2), card(3)]),
        "divine": {"sun": [{"name": "Steward"}],
                   "moon": [{"name": "Pentha"}, {"name": "Eradan"}, {"name": "Hadria"}]}})
    assert response.status_code == 400, response.get_json()


# --- The calculator ----------------------------------------------------------------------------

def full_age(first_player="sun", modifier="double_power"):
    return {"first_player": first_player, "modifier": modifier, "lanes": {
        "left": {"quest": QUESTS[0], "pillar": "sun",
                 "sun": [card(5, 1), card(4, 1, divine="Prophet"), card(2, 0, 1)],
                 "moon": [card(3, 0, 1), card(6, 0, 2), card(1, 1)]},
        "center": {"quest": QUESTS[1], "pillar": "moon",
                   "sun": [card(2, 1), card(7, 0, 1), card(1, 2)],
                   "moon": [card(6, 0, 2), card(3, 1, divine="Hadria"), card(2, 0, 2)]},
        "right": {"quest": QUESTS[2], "pillar": "sun",
                  "sun": [card(1, 0, 1), card(3, 1), card(4, 0, 2)],
                  "moon": [card(5, 1), card(2, 0, 1), card(4, 1, 1)]}}}


def test_the_calculator_refuses_a_fourth_age(client):
    answer = calculated(client, GAME, {"ages": [full_age(), full_age("moon", "double_suit"),
                                                full_age("sun", "no_power"),
                                                full_age("moon", "no_suit")]}, status=400)
    assert "ages" in answer["error"].get("field", "") + answer["error"]["message"]


def test_the_calculator_refuses_a_column_of_four_cards(client):
    age = full_age()
    age["lanes"]["left"]["sun"].append(card(1))
    answer = calculated(client, GAME, {"ages": [age]}, status=400)
    assert "left" in answer["error"].get("field", "") + answer["error"]["message"]


def test_the_calculator_refuses_the_same_modifier_in_two_ages(client):
    # "Place a new quest modifier on the middle quest."
    answer = calculated(client, GAME, {"ages": [full_age(), full_age("moon")]}, status=400)
    assert "modifier" in answer["error"].get("field", "") + answer["error"]["message"]


# --- A hand kept from the opponent and a spectator ---------------------------------------------

def test_suns_entered_hand_is_not_read_by_moon_or_a_spectator_anywhere(client):
    marked = {"power": -13, "feathers": 11, "scorpions": 0}
    table = drafted(client)
    table.accepted({"type": "hand", "player": "sun",
                    "cards": [marked] + strip_face(SUN_HAND[1:])})
    assert marked in table.view("sun")["state"]["hands"]["sun"]["cards"]
    moon = seat_headers(client, table, "moon")
    for name, response in reads_by_others(client, table, "moon", moon).items():
        assert not MARKED_POWER.search(response.get_data(as_text=True)), name


# --- What `legal` offers -----------------------------------------------------------------------

def test_legal_offers_no_full_column_and_no_second_face_down_card_in_a_lane(client):
    # Sun's left column is full ("Each lane can hold up to 3 cards per player.") and Moon has a
    # card face down in the center ("1 card per lane may be played face down.").
    hand = [{"power": 5, "feathers": 1, "scorpions": 0}, {"power": 3, "feathers": 0, "scorpions": 1}]
    table = ApiTable(client, {"game": GAME, "players": ["Ana", "Ben"], "position": {
        "age": 1, "first_player": "sun", "turn": "sun", "modifier": "double_power",
        "lanes": {"left": {"quest": QUESTS[0], "pillar": "sun", "first": "sun",
                           "sun": [card(1), card(2), card(3)], "moon": [card(1), card(2)]},
                  "center": {"quest": QUESTS[1], "sun": [], "moon": [card(2, face="down")]},
                  "right": {"quest": QUESTS[2], "sun": [], "moon": []}},
        "hands": {"sun": {"cards": hand + [{"power": 1, "feathers": 0, "scorpions": 0}] * 3,
                          "count": 5}, "moon": {"count": 5}},
        "divine": {"sun": [{"name": "Klar", "power": 5, "feathers": 0, "scorpions": 1},
                           {"name": "Prophet", "power": 4, "feathers": 1, "scorpions": 0},
                           {"name": "Steward"}],
                   "moon": [{"name": "Pentha"}, {"name": "Eradan"}, {"name": "Hadria"}]}}})
    legal = table.view("sun")["legal"]
    assert {event["lane"] for event in legal} == {"center", "right"}
    assert {(event["lane"], event["face"]) for event in legal} == {
        ("center", "up"), ("right", "up"), ("right", "down")}
    assert {event.get("divine") for event in legal} == {None, "Klar", "Prophet", "Steward"}
    # Moon's phone and a spectator are offered nothing on Sun's turn.
    assert table.view("moon")["legal"] == []
    assert client.get(f"/api/sessions/{table.id}").get_json()["legal"] == []
    table.refused(play("sun", "left", 5, 1), THREE_PER_PLAYER)
    table.refused(play("sun", "center", 5, 1, face="down"),
                  book("1 card per lane may be played face down."))
    table.accepted(play("sun", "right", 5, 1, face="down"))


def test_no_other_token_reads_suns_hand_by_asking_as_sun(client):
    # Moon's phone, the join link and a spectator asking for Sun's seat or the whole export.
    marked = {"power": -13, "feathers": 11, "scorpions": 0}
    table = drafted(client)
    table.accepted({"type": "hand", "player": "sun",
                    "cards": [marked] + strip_face(SUN_HAND[1:])})
    join = {"Authorization": "Bearer " + table.join_token}
    moon = {"Authorization": "Bearer " + client.post(
        f"/api/sessions/{table.id}/seats", headers=join, json={"seat": "moon"}).get_json()[
        "seat_token"]}
    for headers, status in ((moon, 403), (join, 403), ({}, 401)):
        for path in (f"/api/sessions/{table.id}?seat=sun", f"/api/sessions/{table.id}/export"):
            response = client.get(path, headers=headers)
            assert response.status_code == status, (path, response.status_code)
            assert not MARKED_POWER.search(response.get_data(as_text=True))
    for path in ("?seat=sun", "/state.json?since=0", "/other/play?fragment=1",
                 "/other/hand?fragment=1", "/other/sorcerer_exchange?fragment=1"):
        response = client.get(f"/play/{table.id}{path}")
        assert response.status_code == 200, path
        assert not MARKED_POWER.search(response.get_data(as_text=True)), path


# --- Positions: renown and Divine cards the Ages cannot have given -------------------------------

D3 = {"sun": [{"name": "Klar"}, {"name": "Steward"}, {"name": "Prophet"}],
      "moon": [{"name": "Pentha"}, {"name": "Eradan"}, {"name": "Hadria"}]}


def opening(**position):
    return {"age": 1, "first_player": "sun", "turn": "sun", "modifier": "double_power",
            "lanes": lanes_of([]), "divine": D3, **position}


def test_a_position_with_renown_before_the_first_age_ends_is_refused(client):
    # Renown comes only when an Age is resolved: "3. Award renown according to the conditional
    # rewards for each quest."
    book("3. Award renown according to the conditional rewards for each quest.")
    response = setup_answer(client, opening(renown={"sun": 5, "moon": 0}))
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"].startswith("position.renown")


@pytest.mark.parametrize("position", [
    opening(divine={"sun": [{"name": "Klar"}, {"name": "Steward"}], "moon": D3["moon"]}),
    opening(age=3, modifiers_used=["two_cards", "least_power"]),
])
def test_a_position_with_the_wrong_number_of_unplayed_divine_cards_is_refused(client, position):
    # Three Divine cards each from the draft, and "Once per Age, you must play a Divine card.":
    # in Age I three are unplayed less one in the lanes; in Age III at most one is left.
    book("Once per Age, you must play a Divine card.")
    response = setup_answer(client, position)
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"].startswith("position.divine")


def test_a_divine_card_played_with_other_values_than_entered_is_refused(client):
    # Sun's Klar was entered with power 5 and one scorpion: a 7-power Klar is not one of "your 3
    # unplayed Divine cards", as a champion card not in the hand entered is refused.
    table = ApiTable(client, {"game": GAME, "players": ["Ana", "Ben"], "position": opening(
        divine={"sun": [{"name": "Klar", "power": 5, "feathers": 0, "scorpions": 1},
                        {"name": "Steward"}, {"name": "Prophet"}], "moon": D3["moon"]})})
    table.refused(play("sun", "left", 7, 0, 1, divine="Klar"), UNPLAYED_DIVINE)
    table.accepted(play("sun", "left", 5, 0, 1, divine="Klar"))
