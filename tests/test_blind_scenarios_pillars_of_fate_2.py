"""Pillars of Fate, outsider scenarios, round 2: from the rulebook and the API's own description only
(docs/games/pillars-of-fate.md, GET /api/games/pillars-of-fate). Later in an Age than round 1: suit
ties, the other quest modifiers, Naka, the Sorcerer, Namari, the Steward seen from Moon's seat,
Hadria against the Prophet, a hand kept secret, an empty champion deck."""

import pytest

from tests.api_table import ApiTable, quotes_from
from tests.test_blind_scenarios_pillars_of_fate import (
    MUST_PLAY_DIVINE,
    PILLAR_DECIDES,
    age_one_almost_full,
    card,
    drafted,
    lane,
    one_age,
    play,
    resolved,
)

GAME = "pillars-of-fate"
book = quotes_from(GAME)

FOUR_CARDS = book("Play 4 cards in this lane.")
TWO_FACE_DOWN = book("2 cards can be played face down in this lane.")
ONE_FACE_DOWN = book("1 card per lane may be played face down.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def test_a_suit_tie_is_picked_by_the_pillar_holder_against_the_lanes_winner(client):
    # Right lane: Sun 8 power, 1 feather 3 scorpions; Moon 5 + 2 + 3 = 10, 1 + 0 + 2 feathers and
    # 0 + 1 + 0 scorpions: 4 feathers to 4 scorpions. Moon wins; Sun holds the pillar and picks
    # feathers, whose path gives -2.
    table = age_one_almost_full(client, [card(5, 1), card(2, 0, 1)])
    table.accepted(play("moon", "right", 3, 2, 0))
    assert table.view()["phase"] == "ties"
    table.refused({"type": "break_tie", "player": "moon", "lane": "right", "tie": "suit",
                   "choice": "scorpions"}, PILLAR_DECIDES)
    table.accepted({"type": "break_tie", "player": "sun", "lane": "right", "tie": "suit",
                    "choice": "feathers"})
    # Left: Sun -1 and the Prophet's 5; center: Moon 4; right: Moon -2.
    assert table.view()["state"]["renown"] == {"sun": 4, "moon": 2}


def test_the_four_card_lane_takes_a_fourth_card_but_not_a_fifth(client):
    table = drafted(client, modifier="four_cards")
    for _ in range(4):
        table.accepted(play("sun", "center", 1, 1))
        table.accepted(play("moon", "left", 1, 0, 1) if _ < 3 else play("moon", "right", 1, 0, 1))
    table.refused(play("sun", "center", 1, 1), FOUR_CARDS)
    table.accepted(play("sun", "left", 1, 1))


def test_the_center_may_hold_two_face_down_cards_not_three(client):
    table = drafted(client, modifier="two_face_down")
    table.accepted(play("sun", "center", 5, 1, face="down"))
    table.accepted(play("moon", "center", 4, 0, 1, face="down"))
    table.refused(play("sun", "center", 3, 1, face="down"), TWO_FACE_DOWN)
    table.accepted(play("sun", "left", 3, 1, face="down"))
    table.refused(play("moon", "left", 3, 0, 1, face="down"), ONE_FACE_DOWN)


def test_naka_gives_its_owner_a_second_face_down_card_in_the_other_lanes(client):
    # Moon received Naka in the draft.
    table = drafted(client, modifier="double_power")
    table.accepted(play("sun", "left", 5, 1, face="down"))
    table.refused(play("moon", "left", 4, 0, 1, face="down"), ONE_FACE_DOWN)
    table.accepted({"type": "play", "player": "moon", "lane": "center", "divine": "Naka",
                    "power": 1, "feathers": 0, "scorpions": 1})
    table.accepted(play("sun", "right", 2, 1))
    table.accepted(play("moon", "left", 4, 0, 1, face="down"))
    assert sum(1 for entry in lane(table, "left")["cards"]["sun"] +
               lane(table, "left")["cards"]["moon"] if entry["face"] == "down") == 2


def test_double_suit_no_power_and_no_suit_touch_only_each_players_first_card(client):
    lanes, _ = resolved(client, one_age("double_suit", {"center": {
        "sun": [card(2, 1), card(2, 1, divine="Klar"), card(2, 1)]}}))
    assert (lanes["center"]["feathers"]["sun"], lanes["center"]["scorpions"]["moon"]) == (4, 8)
    lanes, _ = resolved(client, one_age("no_power", {"center": {
        "sun": [card(9, 1), card(2, 1, divine="Klar"), card(2, 1)]}}))
    assert lanes["center"]["power"] == {"sun": 4, "moon": 2}
    lanes, _ = resolved(client, one_age("no_suit", {"center": {
        "sun": [card(2, 3), card(2, 1, divine="Klar"), card(2, 1)]}}))
    assert (lanes["center"]["feathers"]["sun"], lanes["center"]["scorpions"]["moon"]) == (2, 4)


def test_the_steward_played_by_moon_reads_left_and_right_from_moons_seat(client):
    # From Moon's seat the lane named "right" (from Sun's seat) is on the left.
    lanes, _ = resolved(client, one_age("two_face_down", {"center": {
        "moon": [card(1, 0, 2), card(2, divine="Steward"), card(1, 0, 2)]}}))
    assert lanes["right"]["total_scorpions"] == 6 + 2
    assert lanes["left"]["total_feathers"] == 3 + 2
    assert lanes["left"]["total_scorpions"] == 6


def test_hadria_and_the_prophet_in_one_lane_cancel_out_for_its_winner(client):
    _, scores = resolved(client, one_age("two_face_down", {"left": {
        "sun": [card(2, 1, divine="Prophet"), card(2, 1), card(2, 1)],
        "moon": [card(1, 0, 2, divine="Hadria"), card(1, 0, 2), card(1, 0, 2)]}}))
    # Sun wins every lane with scorpions dominating: 3 each; the Prophet +5, Hadria -5.
    assert {p["seat"]: p["total"] for p in scores["players"]} == {"sun": 9, "moon": 0}


def test_a_klar_face_up_keeps_its_printed_power(client):
    lanes, _ = resolved(client, one_age("two_face_down", {"left": {
        "sun": [card(5, 1, divine="Klar"), card(3, 1), card(3, 1)]}}))
    assert lanes["left"]["power"]["sun"] == 11


def test_a_hand_entered_is_seen_by_its_player_only(client):
    table = drafted(client)
    table.accepted({"type": "hand", "player": "sun",
                    "cards": [{"power": 7, "feathers": 3, "scorpions": 0}]})
    own = table.view("sun")["state"]["hands"]["sun"]
    assert own["cards"][0]["power"] == 7
    other = table.view("moon")["state"]["hands"]["sun"]
    assert not other.get("cards") and other["count"] == 5
    watcher = table.client.get(f"/api/sessions/{table.id}").get_json()
    assert not watcher["state"]["hands"]["sun"].get("cards")
    assert "7" not in str(watcher["last_event"])


def test_with_the_champion_deck_empty_nothing_is_drawn(client):
    # Age III, the decks spent: 32 less 4 set aside, 16 places filled in Ages I and II (two of
    # them by Divine cards: one an Age) and those in the lanes leave Sun 4 and Moon 5 in hand.
    # (Session 13: the position's unplayed Divine cards must fit the Ages, finding 77; it listed
    # two each, with 2 and 3 in hand.)
    table = age_one_almost_full(client, [card(5, 1), card(2, 0, 1)], age=3,
                                modifiers_used=["double_power", "least_power"],
                                divine={"sun": [], "moon": []},
                                decks={"sun": 0, "moon": 0},
                                hands={"sun": {"count": 4}, "moon": {"count": 5}})
    table.accepted(play("moon", "right", 4, 1, 1))
    assert table.view()["state"]["hands"]["moon"]["count"] == 4


def sorcerer_table(client):
    lanes = {name: {"quest": {"feather": 2, "scorpion": 3}} for name in ("left", "center",
                                                                         "right")}
    lanes["left"].update({"pillar": "sun", "first": "sun", "sun": [card(1, 1)],
                          "moon": [card(6, 0, 2)]})
    return ApiTable(client, {"game": GAME, "players": ["Ana", "Ben"], "position": {
        # one card each: the marker's holder is to play ("players alternate turns")
        "age": 2, "first_player": "sun", "turn": "sun", "modifier": "two_cards",
        "modifiers_used": ["double_power"], "lanes": lanes,
        "hands": {"sun": {"count": 5, "cards": [{"power": 8, "feathers": 0, "scorpions": 2}]},
                  "moon": {"count": 5}},
        "divine": {"sun": [{"name": "Sorcerer", "face_up_icon": True, "power": 1,
                            "feathers": 1, "scorpions": 0}, {"name": "Klar"}],
                   "moon": [{"name": "Pentha"}, {"name": "Eradan"}]}}})


def test_the_sorcerer_exchanges_a_card_of_its_players_own_lanes_only(client):
    table = sorcerer_table(client)
    table.accepted({"type": "play", "player": "sun", "lane": "right", "divine": "Sorcerer",
                    "power": 1, "feathers": 1, "scorpions": 0, "face_up_icon": True})
    table.refused({"type": "sorcerer_exchange", "player": "sun", "lane": "left", "position": 1,
                   "side": "moon", "power": 8, "feathers": 0, "scorpions": 2},
                  "take another card from any of your lanes")
    table.accepted({"type": "sorcerer_exchange", "player": "sun", "lane": "left", "position": 1,
                    "power": 8, "feathers": 0, "scorpions": 2})
    left = lane(table, "left", "sun")["cards"]["sun"]
    assert (left[0]["power"], left[0]["scorpions"]) == (8, 2)


def test_a_divine_card_with_the_face_up_icon_cannot_be_played_face_down(client):
    table = sorcerer_table(client)
    table.refused({"type": "play", "player": "sun", "lane": "right", "divine": "Sorcerer",
                   "power": 1, "feathers": 1, "scorpions": 0, "face_up_icon": True,
                   "face": "down"},
                  "While some Divine cards must be played face up, indicated by an icon")


def test_namari_shows_the_face_down_card_to_its_player_only(client):
    lanes = {name: {"quest": {"feather": 2, "scorpion": 3}} for name in ("left", "center",
                                                                         "right")}
    lanes["left"].update({"pillar": "sun", "first": "sun", "sun": [card(1, 1)],
                          "moon": [card(9, 0, 3, face="down")]})
    table = ApiTable(client, {"game": GAME, "players": ["Ana", "Ben"], "position": {
        # one card each: the marker's holder is to play ("players alternate turns")
        "age": 2, "first_player": "sun", "turn": "sun", "modifier": "double_power",
        "modifiers_used": ["no_suit"], "lanes": lanes,
        "hands": {"sun": {"count": 5}, "moon": {"count": 5}},
        "divine": {"sun": [{"name": "Namari", "power": 2, "feathers": 1, "scorpions": 0},
                           {"name": "Klar"}],
                   "moon": [{"name": "Pentha"}, {"name": "Eradan"}]}}})
    table.accepted({"type": "play", "player": "sun", "lane": "center", "divine": "Namari",
                    "power": 2, "feathers": 1, "scorpions": 0})
    table.accepted({"type": "namari_look", "player": "sun", "lane": "left", "side": "moon",
                    "position": 1})
    assert "9" in str(table.view("sun")["state"])
    seen_by_watcher = table.client.get(f"/api/sessions/{table.id}").get_json()
    left = next(entry for entry in seen_by_watcher["state"]["lanes"] if entry["name"] == "left")
    assert left["cards"]["moon"][0].get("power") is None
    assert "9" not in str(seen_by_watcher["last_event"])


def test_isabel_leaves_a_suitless_card_opposite_her_as_it_is(client):
    lanes, _ = resolved(client, one_age("two_face_down", {"center": {
        "sun": [card(4), card(2, 1), card(2, 1)],
        "moon": [card(1, 0, 2, divine="Isabel"), card(3, 0, 2), card(3, 0, 2)]}}))
    assert (lanes["center"]["feathers"]["sun"], lanes["center"]["scorpions"]["sun"]) == (2, 0)


def test_a_power_tie_in_the_least_power_lane_is_the_pillar_holders_to_decide(client):
    lanes = {name: {"quest": {"feather": 2, "scorpion": 3}, "pillar": "moon", "first": "moon",
                    "sun": [card(2, 1)] * 3, "moon": [card(1, 0, 2)] * 3}
             for name in ("left", "center", "right")}
    lanes["left"]["sun"] = [card(2, 1, divine="Klar"), card(2, 1), card(2, 1)]
    lanes["right"]["moon"] = [card(1, 0, 2, divine="Aponi"), card(1, 0, 2)]
    lanes["center"]["sun"] = [card(1, 1), card(1, 1), card(1, 1)]
    lanes["center"]["moon"] = [card(1, 0, 2), card(1, 0, 2), card(1, 0, 2)]
    table = ApiTable(client, {"game": GAME, "players": ["Ana", "Ben"], "position": {
        "age": 1, "first_player": "sun", "turn": "moon", "modifier": "least_power",
        "lanes": lanes, "hands": {"sun": {"count": 5}, "moon": {"count": 5}},
        "divine": {"sun": [{"name": "Prophet"}, {"name": "Steward"}],
                   "moon": [{"name": "Pentha"}, {"name": "Eradan"}]}}})
    table.accepted(play("moon", "right", 1, 0, 2))
    assert table.view()["phase"] == "ties"
    table.refused({"type": "break_tie", "player": "sun", "lane": "center", "tie": "power",
                   "choice": "sun"}, PILLAR_DECIDES)
    table.accepted({"type": "break_tie", "player": "moon", "lane": "center", "tie": "power",
                    "choice": "moon"})
    # Left and right: Sun 6 against Moon 3, scorpions 6-3: 3 each to Sun; center to Moon: 3.
    assert table.view()["state"]["renown"] == {"sun": 6, "moon": 3}


def test_champions_filling_every_place_a_divine_card_may_go_are_refused(client):
    # The center takes no Divine card: once Sun's left and right hold five champions, a sixth
    # there would leave Sun only center places, where the Divine card cannot be played.
    table = drafted(client, modifier="no_divine")
    for lane_name in ("left", "left", "left", "right", "right"):
        table.accepted(play("sun", lane_name, 1, 1))
        table.accepted(play("moon", "center", 1, 0, 1) if lane_name == "left"
                       else play("moon", "left", 1, 0, 1))
    table.refused(play("sun", "right", 1, 1), MUST_PLAY_DIVINE)
    table.accepted(play("sun", "center", 1, 1))


def test_a_divine_card_played_face_down_takes_the_lanes_face_down_place(client):
    table = drafted(client, modifier="double_power")
    table.accepted(play("sun", "left", 5, 1, face="down"))
    table.refused({"type": "play", "player": "moon", "lane": "left", "divine": "Klar",
                   "power": 5, "scorpions": 1, "face": "down"}, ONE_FACE_DOWN)
    table.accepted({"type": "play", "player": "moon", "lane": "left", "divine": "Klar",
                    "power": 5, "scorpions": 1, "face": "up"})


def test_renown_may_go_below_zero(client):
    # Sun wins the left lane (feathers -> 3) but the other two with scorpions dominating on a
    # sickle path: quests whose scorpion reward is -2.
    lanes = {name: {"quest": {"feather": 2, "scorpion": -2}, "pillar": "sun", "first": "sun",
                    "sun": [card(5, 0, 1)] * 3, "moon": [card(1, 0, 2)] * 3}
             for name in ("left", "center", "right")}
    lanes["left"]["sun"] = [card(5, 0, 1, divine="Klar"), card(5, 0, 1), card(5, 0, 1)]
    lanes["right"]["moon"] = [card(1, 0, 2, divine="Aponi"), card(1, 0, 2), card(1, 0, 2)]
    _, scores = resolved(client, {"modifier": "two_face_down", "first_player": "sun",
                                  "lanes": lanes})
    assert {p["seat"]: p["total"] for p in scores["players"]} == {"sun": -6, "moon": 0}


def test_the_age_end_reveals_every_face_down_card_to_both_players(client):
    table = age_one_almost_full(client, [card(5, 1), card(2, 0, 1)])
    table.accepted(play("moon", "right", 4, 1, 1, face="down"))
    state = table.view("sun")["state"]
    assert state["renown"] == {"sun": 4, "moon": 7}
    watcher = table.client.get(f"/api/sessions/{table.id}").get_json()
    right = next(entry for entry in watcher["state"]["lanes"] if entry["name"] == "right")
    assert right["cards"]["moon"][-1]["power"] == 4
