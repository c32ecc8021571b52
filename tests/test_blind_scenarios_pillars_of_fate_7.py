"""Pillars of Fate, outsider scenarios round 7: a whole Age played card by card with the Sorcerer
and Namari (the exchange and the look entered as a table would, the mistakes around them: the
opponent's card before the action, the Sorcerer exchanging itself, the exchange entered twice,
Namari looking at a face-up card), what the look shows to whom, undo at the table (the state as if
the mistake never happened), positions the book makes impossible, and the calculator's suit tie.
Written from the rulebook and the API's own description only (docs/games/pillars-of-fate.md,
GET /api/games/pillars-of-fate), never the referee's code."""

import json

import pytest

from tests.api_table import ApiTable, calculated, quotes_from, reads_by_others, seat_headers
from tests.test_blind_scenarios_pillars_of_fate import QUESTS, card, drafted, lane, play
from tests.test_blind_scenarios_pillars_of_fate_5 import lanes_of, setup_answer

GAME = "pillars-of-fate"
book = quotes_from(GAME)

SORCERER = book("Sorcerer - When played, take another card from any of your lanes and exchange it "
                "with one from your hand.")
NAMARI = book("Namari - You may look at any played (including opponent's) face-down card secretly "
              "then return it.")
AT_ONCE = book("The Divine cards that must be played face up usually possess an action that you "
               "will perform immediately upon playing.")
ONE_FACE_DOWN = book("1 card per lane may be played face down.")
PILLAR_DECIDES = book("Ties in either suit or power are decided by the player that holds the pillar "
                      "for that lane.")
MARKED = 13  # a power no champion card of the book's examples has: easy to find in a read
SORCERER_CARD = {"divine": "Sorcerer", "power": 1, "feathers": 0, "scorpions": 0}
NAMARI_CARD = {"divine": "Namari", "power": 1, "feathers": 0, "scorpions": 0}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def sorcerer_and_namari(client):
    """Sun keeps the Sorcerer (passes Klar, Naka); Moon keeps Namari (passes Pentha, Eradan); Age
    I's quests as in round 1, two face-down cards allowed in the center; Sun starts."""
    table = ApiTable(client, {"game": GAME, "players": ["Ana", "Ben"]})
    table.accepted({"type": "draft_divine", "player": "sun", "kept": "Sorcerer",
                    "passed": ["Klar", "Naka"]})
    table.accepted({"type": "draft_divine", "player": "moon", "kept": "Namari",
                    "passed": ["Pentha", "Eradan"]})
    table.accepted({"type": "begin_age", "player": "sun", "first_player": "sun",
                    "modifier": "two_face_down", "quests": QUESTS})
    return table


def opening(table):
    """Six plays: a column each in every lane; Moon's center card face down."""
    table.accepted(play("sun", "left", 5, 1))
    table.accepted(play("moon", "left", 4, 0, 1))
    table.accepted(play("sun", "center", 6, 0, 1))
    table.accepted(play("moon", "center", 3, 1, face="down"))
    table.accepted(play("sun", "right", 2, 1))
    table.accepted(play("moon", "right", 7, 0, 2))


def as_seen(view):
    return view["state"], view["scores"], view["legal"], view["phase"]


# --- A whole Age with the Sorcerer and Namari ---------------------------------------------------

def test_a_whole_age_with_the_sorcerers_exchange_and_namaris_look(client):
    table = sorcerer_and_namari(client)
    opening(table)
    table.accepted(play("sun", "left", face="up", **SORCERER_CARD))
    # The exchange comes at once: Moon's card before it is refused.
    table.refused(play("moon", "left", 6, 1), AT_ONCE)
    # Sun's 2-feather card in the right lane goes back to her hand for an 8 with a scorpion.
    table.accepted({"type": "sorcerer_exchange", "player": "sun", "lane": "right", "position": 1,
                    "power": 8, "feathers": 0, "scorpions": 1})
    right = lane(table, "right")
    assert (right["cards"]["sun"][0]["power"], right["pillar"]) == (8, "sun")
    table.accepted(play("moon", "left", 6, 1))
    table.accepted(play("sun", "center", 4, 1, face="down"))
    table.accepted(play("moon", "center", face="up", **NAMARI_CARD))
    table.accepted({"type": "namari_look", "player": "moon", "lane": "center", "side": "sun",
                    "position": 2})
    for event in (play("sun", "right", 3, 0, 1), play("moon", "right", 2),
                  play("sun", "left", 2, 1), play("moon", "left", 3, 0, 1),
                  play("sun", "center", 5, 0, 1), play("moon", "center", 2, 1),
                  play("sun", "right", 1)):
        table.accepted(event)
    assert table.view()["state"]["age_over"] is False
    table.accepted(play("moon", "right", 4, 0, 1))
    view = table.view()
    # Left: Sun 5+1+2 = 8 against Moon 4+6+3 = 13, feathers 3 to scorpions 2: Moon takes 3.
    # Center: Sun 6+4+5 = 15 against 3+1+2 = 6, feathers 3 to 2: Sun takes 2.
    # Right: Sun 8+3+1 = 12 (the Sorcerer's 8) against 7+2+4 = 13, scorpions 5: Moon takes 3.
    assert view["state"]["renown"] == {"sun": 2, "moon": 6}
    assert view["state"]["age_over"] is True


def test_the_sorcerer_cannot_exchange_itself(client):
    table = sorcerer_and_namari(client)
    opening(table)
    table.accepted(play("sun", "left", face="up", **SORCERER_CARD))
    table.refused({"type": "sorcerer_exchange", "player": "sun", "lane": "left", "position": 2,
                   "power": 8, "feathers": 0, "scorpions": 1}, SORCERER)
    table.accepted({"type": "sorcerer_exchange", "player": "sun", "lane": "left", "position": 1,
                    "power": 8, "feathers": 0, "scorpions": 1})


def test_the_sorcerers_exchange_entered_twice_is_refused_the_second_time(client):
    table = sorcerer_and_namari(client)
    opening(table)
    table.accepted(play("sun", "left", face="up", **SORCERER_CARD))
    table.accepted({"type": "sorcerer_exchange", "player": "sun", "lane": "right", "position": 1,
                    "power": 8, "feathers": 0, "scorpions": 1})
    table.refused({"type": "sorcerer_exchange", "player": "sun", "lane": "center", "position": 1,
                   "power": 9, "feathers": 0, "scorpions": 0}, SORCERER)
    assert lane(table, "center")["cards"]["sun"][0]["power"] == 6
    assert table.view()["current_players"] == ["moon"]


def test_the_sorcerers_card_takes_the_place_and_face_of_the_one_it_replaces(client):
    table = sorcerer_and_namari(client)
    table.accepted(play("sun", "left", 5, 1, face="down"))
    table.accepted(play("moon", "left", 4, 0, 1))
    # Moon holds the pillar of the left lane (the first face-up card there).
    assert lane(table, "left")["pillar"] == "moon"
    table.accepted(play("sun", "center", face="up", **SORCERER_CARD))
    table.accepted({"type": "sorcerer_exchange", "player": "sun", "lane": "left", "position": 1,
                    "power": 9, "feathers": 0, "scorpions": 2})
    left = lane(table, "left")
    assert left["pillar"] == "moon"
    assert left["cards"]["sun"][0]["face"] == "down"
    # Face down still: Moon learns nothing of it.
    assert lane(table, "left", "moon")["cards"]["sun"][0].get("power") is None


def test_namari_looking_at_a_face_up_card_is_refused_then_the_face_down_one(client):
    table = sorcerer_and_namari(client)
    table.accepted(play("sun", "left", 5, 1))
    table.accepted(play("moon", "right", 4, 0, 1))
    table.accepted(play("sun", "right", 2, 1, face="down"))
    table.accepted(play("moon", "center", face="up", **NAMARI_CARD))
    table.refused({"type": "namari_look", "player": "moon", "lane": "left", "side": "sun",
                   "position": 1}, NAMARI)
    table.accepted({"type": "namari_look", "player": "moon", "lane": "right", "side": "sun",
                    "position": 1})
    assert table.view()["current_players"] == ["sun"]


def test_namari_with_nothing_face_down_on_the_table_asks_no_look(client):
    table = sorcerer_and_namari(client)
    table.accepted(play("sun", "left", 5, 1))
    table.accepted(play("moon", "left", face="up", **NAMARI_CARD))
    assert table.view()["current_players"] == ["sun"]
    table.refused({"type": "namari_look", "player": "moon", "lane": "left", "side": "sun",
                   "position": 1}, NAMARI)


def test_namaris_look_is_moons_only_on_every_read(client):
    table = sorcerer_and_namari(client)
    table.accepted(play("sun", "center", MARKED, 0, 3, face="down"))
    table.accepted(play("moon", "left", face="up", **NAMARI_CARD))
    table.accepted({"type": "namari_look", "player": "moon", "lane": "center", "side": "sun",
                    "position": 1})
    moon = seat_headers(client, table, "moon")
    moon_view = client.get(f"/api/sessions/{table.id}", headers=moon).get_json()
    assert f"\"power\": {MARKED}" in json.dumps(moon_view["state"])
    # Sun's own phone and the table know the card; nobody else reads it.
    sun = seat_headers(client, table, "sun")
    spectator = {name: response for name, response in
                 reads_by_others(client, table, "sun", sun).items()
                 if name.startswith("spectator")}
    for name, response in spectator.items():
        text = json.dumps(response.get_json()) if response.is_json else response.get_data(
            as_text=True)
        assert f'"power": {MARKED}' not in text and f">{MARKED}<" not in text, name


# --- Undo at the table --------------------------------------------------------------------------

def test_the_sorcerers_exchange_with_the_wrong_hand_card_undone_then_the_right_one(client):
    def to_the_exchange():
        table = sorcerer_and_namari(client)
        opening(table)
        table.accepted(play("sun", "left", face="up", **SORCERER_CARD))
        return table
    table = to_the_exchange()
    table.accepted({"type": "sorcerer_exchange", "player": "sun", "lane": "right", "position": 1,
                    "power": 3, "feathers": 1, "scorpions": 0})
    table.undo()
    table.accepted({"type": "sorcerer_exchange", "player": "sun", "lane": "right", "position": 1,
                    "power": 8, "feathers": 0, "scorpions": 1})
    right_first_time = to_the_exchange()
    right_first_time.accepted({"type": "sorcerer_exchange", "player": "sun", "lane": "right",
                               "position": 1, "power": 8, "feathers": 0, "scorpions": 1})
    assert as_seen(table.view()) == as_seen(right_first_time.view())


def test_a_card_played_into_the_wrong_lane_undone_leaves_that_lanes_pillar_unheld(client):
    table = sorcerer_and_namari(client)
    table.accepted(play("sun", "right", 5, 1))
    assert lane(table, "right")["pillar"] == "sun"
    table.undo()
    table.accepted(play("sun", "left", 5, 1))
    assert (lane(table, "left")["pillar"], lane(table, "right")["pillar"]) == ("sun", None)
    right_first_time = sorcerer_and_namari(client)
    right_first_time.accepted(play("sun", "left", 5, 1))
    assert as_seen(table.view()) == as_seen(right_first_time.view())


# --- Positions the book makes impossible -------------------------------------------------------

DIVINE = {"sun": [{"name": "Klar"}, {"name": "Steward"}, {"name": "Prophet"}],
          "moon": [{"name": "Pentha"}, {"name": "Eradan"}, {"name": "Hadria"}]}


def test_a_position_with_two_face_down_cards_in_a_side_lane_is_refused(client):
    response = setup_answer(client, {
        "age": 1, "first_player": "sun", "turn": "sun", "modifier": "two_face_down",
        "lanes": lanes_of([card(3, face="down")], [card(2, 1, face="down")]), "divine": DIVINE})
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["field"].startswith("position.lanes.left"), error
    assert ONE_FACE_DOWN in json.dumps(error)


def test_a_position_with_six_cards_in_a_hand_is_refused(client):
    response = setup_answer(client, {
        "age": 1, "first_player": "sun", "turn": "moon", "modifier": "two_face_down",
        "lanes": lanes_of([card(3)]), "divine": DIVINE,
        "hands": {"sun": {"count": 6}, "moon": {"count": 5}}})
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    # "Then, draw back up to 5 cards.": a hand never holds more.
    assert error["field"].startswith("position.hands.sun"), error


def test_a_position_in_age_two_with_age_ones_modifier_again_is_refused(client):
    book("Place a new quest modifier on the middle quest.")
    response = setup_answer(client, {
        "age": 2, "first_player": "moon", "turn": "moon", "modifier": "double_power",
        "modifiers_used": ["double_power"], "lanes": lanes_of([]),
        "divine": {"sun": [{"name": "Klar"}, {"name": "Steward"}],
                   "moon": [{"name": "Pentha"}, {"name": "Eradan"}]}})
    assert response.status_code == 400, response.get_json()
    assert "modifier" in json.dumps(response.get_json()["error"])


# --- The calculator -----------------------------------------------------------------------------

def one_lane_age(sun, moon, pillar, ties=None):
    """An Age whose center lane is the one that matters; left and right are Sun's and Moon's."""
    weak = [card(1), card(1), card(1)]
    center = {"quest": QUESTS[1], "pillar": pillar, "sun": sun, "moon": moon}
    if ties:
        center["ties"] = ties
    return {"first_player": "sun", "modifier": "two_face_down", "lanes": {
        "left": {"quest": QUESTS[0], "pillar": "sun",
                 "sun": [card(1, 1, divine="Prophet"), card(5, 1), card(5, 1)], "moon": weak},
        "center": center,
        "right": {"quest": QUESTS[2], "pillar": "moon", "sun": weak,
                  "moon": [card(1, 0, 1, divine="Pentha"), card(5, 0, 1), card(5, 0, 1)]}}}


SUIT_TIE = ([card(6, 1), card(2), card(2)], [card(3, 0, 1), card(2), card(2)])


def test_the_calculator_asks_the_pillar_holders_pick_for_a_suit_tie(client):
    answer = calculated(client, GAME, {"names": {"sun": "Ana", "moon": "Ben"},
                                       "ages": [one_lane_age(*SUIT_TIE, pillar="moon")]},
                        status=400)
    assert "ties" in json.dumps(answer["error"])


@pytest.mark.parametrize(("suit", "center_reward"), [("feathers", 2), ("scorpions", 4)])
def test_the_calculator_gives_the_center_by_the_suit_the_pillar_holder_picked(
        client, suit, center_reward):
    answer = calculated(client, GAME, {"names": {"sun": "Ana", "moon": "Ben"}, "ages": [
        one_lane_age(*SUIT_TIE, pillar="moon", ties={"suit": suit})]})
    totals = {p["seat"]: p["total"] for p in answer["players"]}
    # Left: Sun 11 against 3, three feathers: 3, and the Prophet's 5. Right: Pentha makes Sun's
    # first card 0 (2 against 11), three scorpions: Moon 3. Center: Sun 10 against 7, one icon
    # each: Moon holds the pillar and picks the suit, Sun takes its reward.
    assert totals == {"sun": 8 + center_reward, "moon": 3}


# --- A whole Age with Invictus, a face-down Klar and the doubled center, then Age II ------------

INVICTUS = book("Invictus copies the suit and power of a card above it in your lane.")
QUESTS_II = [{"feather": 4, "scorpion": -2}, {"feather": 3, "scorpion": 5},
             {"feather": -3, "scorpion": 4}]


def invictus_and_klar(client):
    """Sun keeps Invictus (passes Prophet, Hadria); Moon keeps Klar (passes Naka, Eradan); the
    center doubles each first card's power; Sun starts."""
    table = ApiTable(client, {"game": GAME, "players": ["Ana", "Ben"]})
    table.accepted({"type": "draft_divine", "player": "sun", "kept": "Invictus",
                    "passed": ["Prophet", "Hadria"]})
    table.accepted({"type": "draft_divine", "player": "moon", "kept": "Klar",
                    "passed": ["Naka", "Eradan"]})
    table.accepted({"type": "begin_age", "player": "sun", "first_player": "sun",
                    "modifier": "double_power", "quests": QUESTS})
    return table


def test_a_whole_age_with_invictus_copying_and_klar_face_down_then_age_two(client):
    table = invictus_and_klar(client)
    for event in (play("sun", "left", 4, 1), play("moon", "left", 6, 0, 1),
                  play("sun", "center", 5, 0, 1), play("moon", "center", 2, 1),
                  play("sun", "right", 6, 1), play("moon", "right", 5, 0, 2)):
        table.accepted(event)
    # Invictus must copy a card above it: Sun's column holds one card, the first.
    table.refused(play("sun", "left", 0, divine="Invictus", copies=2), INVICTUS)
    table.accepted(play("sun", "left", 0, divine="Invictus", copies=1))
    table.accepted(play("moon", "left", 5, 0, 1, face="down", divine="Klar"))
    for event in (play("sun", "center", 3, 1), play("moon", "center", 4, 0, 1),
                  play("sun", "right", 2, 0, 1), play("moon", "right", 3, 1),
                  play("sun", "left", 1), play("moon", "left", 2, 1),
                  play("sun", "center", 2, 0, 1), play("moon", "center", 6),
                  play("sun", "right", 1, 1)):
        table.accepted(event)
    table.accepted(play("moon", "right", 4, 0, 1))
    state = table.view()["state"]
    # Left: Sun 4 + 4 (Invictus copies the 4) + 1 = 9 against 6 - 1 (Klar face down) + 2 = 7;
    # feathers 3 to scorpions 2: Sun takes 3. Center: Sun 10 (doubled) + 3 + 2 = 15 against 4
    # (doubled) + 4 + 6 = 14; scorpions 3 to feathers 2: Sun takes 4. Right: Sun 9 against 12,
    # scorpions 4 to feathers 3: Moon takes 3.
    assert state["renown"] == {"sun": 7, "moon": 3}
    assert state["age_over"] is True
    # Age II: the 1st player marker passes to Moon.
    table.refused({"type": "begin_age", "player": "sun", "first_player": "sun",
                   "modifier": "least_power", "quests": QUESTS_II},
                  book("Pass the 1st player marker."))
    table.accepted({"type": "begin_age", "player": "moon", "first_player": "moon",
                    "modifier": "least_power", "quests": QUESTS_II})
    view = table.view()
    assert (view["state"]["age"], view["current_players"]) == (2, ["moon"])
    assert all(entry["pillar"] is None for entry in view["state"]["lanes"])


def test_the_divine_card_sun_kept_played_face_down_is_hidden_on_every_read(client):
    # Moon knows the two cards she passed to Sun, not the one Sun kept; a face-down card's back
    # shows it is a Divine card ("…your opponent will be aware that you've played a Divine card in
    # that position because of their unique back."), not which.
    table = drafted(client)
    table.accepted(play("sun", "left", MARKED, 1, face="down", divine="Prophet"))
    moon = seat_headers(client, table, "moon")
    for name, response in reads_by_others(client, table, "moon", moon).items():
        text = json.dumps(response.get_json()) if response.is_json else response.get_data(
            as_text=True)
        assert "Prophet" not in text, name
        assert f'"power": {MARKED}' not in text and f">{MARKED}<" not in text, name
    assert lane(table, "left", "moon")["cards"]["sun"][0].get("divine")


def test_the_sorcerers_exchange_takes_a_card_from_the_hand_as_entered_and_draws_nothing(client):
    table = sorcerer_and_namari(client)
    opening(table)
    hand = [card(8, 0, 1), card(1), card(3, 0, 1), card(2, 1), card(5, 0, 1)]
    table.accepted({"type": "hand", "player": "sun",
                    "cards": [{key: c[key] for key in ("power", "feathers", "scorpions")}
                              for c in hand]})
    deck = table.view()["state"]["decks"]["sun"]
    table.accepted(play("sun", "left", face="up", **SORCERER_CARD))
    # A 9 is not in the hand she entered.
    table.refused({"type": "sorcerer_exchange", "player": "sun", "lane": "right", "position": 1,
                   "power": 9, "feathers": 0, "scorpions": 1}, SORCERER)
    table.accepted({"type": "sorcerer_exchange", "player": "sun", "lane": "right", "position": 1,
                    "power": 8, "feathers": 0, "scorpions": 1})
    sun = table.view("sun")["state"]
    held = sorted((c["power"], c["feathers"], c["scorpions"]) for c in sun["hands"]["sun"]["cards"])
    # The 8 went into the lane, the lane's 2-feather card came back: five cards, none drawn.
    assert held == [(1, 0, 0), (2, 1, 0), (2, 1, 0), (3, 0, 1), (5, 0, 1)]
    assert (sun["hands"]["sun"]["count"], sun["decks"]["sun"]) == (5, deck)
    assert not table.view("moon")["state"]["hands"]["sun"].get("cards")
