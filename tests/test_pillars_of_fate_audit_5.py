"""Fifth independent audit of the Pillars of Fate referee (session 9), written from the rulebook and
the API's own description for what the four earlier rounds did not play: the two leftovers (a
position's hands and decks against what the setup and the draws leave; the calculator and an Age
whose lanes are not full), "what can be done next" (`legal`, as each phone reads it) at each phase,
what another seat and a watcher must not read, and a whole game from the draft to the end of Age
III through the API against the calculator given the same lanes.

What the book fixes about cards: "64 Champion Cards" in two decks (32 each, the table ruling
`champion_deck_size`); setup "draws 4 cards to place to the side" and "Each player draws 5 cards";
each turn "play 1 card" then "Then, draw back up to 5 cards."; Divine cards are set aside, not
drawn. "An Age ends when each of the 3 lanes are full."
"""

import json

import pytest

from tests.api_table import calculated, quotes_from
from tests.guard_cases.pillars_of_fate import DRAFTS, filled
from tests.test_pillars_of_fate_audit import C, D, Q, Table, position, quiet, refused

in_book = quotes_from("pillars-of-fate")
DRAW = in_book("Then, draw back up to 5 cards.")
RESOLVE = in_book("The end of an Age triggers when each of the 3 lanes are full.")
TIES = in_book("Ties in either suit or power are decided by the player that holds the pillar for "
               "that lane.")
TIE_PICK = in_book("In a tie for suit, that player will pick either suit, and in a tie for power, "
                   "that player will pick who wins.")
NAMARI = in_book("Namari - You may look at any played (including opponent's) face-down card "
                 "secretly then return it.")
SORCERER = in_book("Sorcerer - When played, take another card from any of your lanes and exchange "
                   "it with one from your hand.")
ALTERNATE = in_book("During each Age, players alternate turns")
LANES = ("left", "center", "right")
HAND = [C(7, f=1), C(4, s=2), C(2, f=1), C(9), C(1, s=1)]


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def legal(table, seat):
    return table.view(seat)["legal"]


def setup_answer(client, pos, **options):
    return client.post("/api/sessions", json={
        "game": "pillars-of-fate", "options": options, "position": pos,
        "players": [{"name": "Ana", "seat": "sun"}, {"name": "Ben", "seat": "moon"}]})


def refused_setup(response, field, sentence=DRAW):
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["field"] == field, error
    assert error["rule"]["quote"] == sentence
    return error


# == Leftover 1: a position's hands and decks ======================================================


def test_an_opening_deck_is_the_32_less_4_set_aside_and_5_drawn(client):
    """Setup 1 and 9: 32 − 4 − 5 = 23 in each deck before the first card. A position saying 30 could
    not exist: a 400 naming `position.decks.sun`, quoting "Then, draw back up to 5 cards." (the
    deck is what the draws leave); 23 is accepted, and so is leaving `decks` out (worked out)."""
    error = refused_setup(setup_answer(client, position({}, decks={"sun": 30, "moon": 23})),
                          "position.decks.sun")
    assert "28" in error["message"]  # 32 less the 4 set aside
    assert Table(client, position({}, decks={"sun": 23, "moon": 23})).state["decks"] == \
        {"sun": 23, "moon": 23}
    assert Table(client, position({})).state["decks"] == {"sun": 23, "moon": 23}


def test_a_deck_counts_the_champion_cards_already_played_and_not_the_divine_ones(client):
    """Sun has played 2 champion cards and a Divine card this Age, Moon 3 champion cards: after each
    play the hand was drawn back up to 5, so the decks hold 23 − 2 = 21 and 23 − 3 = 20; the
    Divine card (set aside, not drawn) takes nothing from the deck."""
    lanes = {"left": {"quest": Q(1, 0), "pillar": "sun", "sun": [C(3, f=1), D("Prophet", 4, f=1)],
                      "moon": [C(2), C(2)]},
             "right": {"quest": Q(1, 0), "pillar": "sun", "sun": [C(5)], "moon": [C(1)]}}
    assert Table(client, position(lanes)).state["decks"] == {"sun": 21, "moon": 20}
    refused_setup(setup_answer(client, position(lanes, decks={"sun": 20, "moon": 20})),
                  "position.decks.sun")


def test_a_hand_short_of_five_while_the_deck_has_cards_is_refused(client):
    """"Then, draw back up to 5 cards." — while the deck holds cards the hand is 5 after every turn:
    a position with a hand of 3 and 20 cards in the deck is refused, naming the hand's count."""
    pos = position({}, hands={"sun": {"count": 3}, "moon": {"count": 5}},
                   decks={"sun": 25, "moon": 23})
    refused_setup(setup_answer(client, pos), "position.hands.sun.count")


def test_a_later_age_deck_follows_the_earlier_ages_places(client):
    """Age II with Age I's modifier listed (`double_power`: 9 places a player, one of them the
    Divine card): 32 − 4 − 5 − 8 = 15 left in each deck. With Age I's modifier not listed the
    referee cannot tell whether Age I held 8, 9 or 10 places a player, so 14 to 16 is accepted and
    17 is refused."""
    known = position({}, age=2, modifiers_used=["double_power"])
    assert Table(client, known).state["decks"] == {"sun": 15, "moon": 15}
    unknown = position({}, age=2, modifier="no_suit")
    for deck in (14, 16):
        Table(client, {**unknown, "decks": {"sun": deck, "moon": 15}})
    refused_setup(setup_answer(client, {**unknown, "decks": {"sun": 17, "moon": 15}}),
                  "position.decks.sun")


def test_a_smaller_deck_leaves_a_short_hand_in_age_three(client):
    """Table ruling `champion_deck_size` 25 (the book: "64 Champion Cards"): by Age III a player has
    played 16 champion cards, so 5 remain — all in hand; after one more play the hand is 4 and the
    deck 0. With the printed 32 the same table would hold 12: a hand of 5 and an empty deck are
    refused there."""
    pos = position({}, age=3, modifiers_used=["double_power", "no_suit"],
                   hands={"sun": {"count": 5}, "moon": {"count": 5}},
                   decks={"sun": 0, "moon": 0})
    refused_setup(setup_answer(client, pos), "position.decks.sun")
    table = Table(client, pos, champion_deck_size=25)
    table.ok(type="play", player="sun", lane="left", face="up", power=3, feathers=1, scorpions=0)
    assert table.state["hands"]["sun"]["count"] == 4 and table.state["decks"]["sun"] == 0


def test_a_left_out_hand_count_is_what_is_left(client):
    """Under `champion_deck_size` 25, Age III after 2 champion cards of Sun's: 25 − 4 − 16 − 2 = 3
    cards left, all in hand — the hand count left out is 3 (it was taken as 5), and a hand of 4
    entered cards is refused as more than the hand holds."""
    lanes = {"left": {"quest": Q(1, 0), "pillar": "sun", "sun": [C(3, f=1), C(2)],
                      "moon": [C(1), C(1)]}}
    pos = position(lanes, age=3, modifiers_used=["double_power", "no_suit"],
                   hands={"sun": {}, "moon": {}})
    table = Table(client, pos, champion_deck_size=25)
    assert table.state["hands"]["sun"]["count"] == 3 and table.state["decks"]["sun"] == 0
    four = {**pos, "hands": {"sun": {"cards": HAND[:4]}, "moon": {}}}
    answer = setup_answer(client, four, champion_deck_size=25)
    assert answer.status_code == 400
    assert answer.get_json()["error"]["field"] == "position.hands.sun.cards"


# == Leftover 2: the calculator scores an Age once its lanes are full ==============================


def full_lanes(quest=None):
    return {name: {"quest": quest or Q(2, 1), "pillar": "sun", "sun": [C(3, f=1), C(3, f=1), C(3, f=1)],
                   "moon": [C(2), C(2), C(2)]} for name in LANES}


def test_the_calculator_refuses_an_age_whose_lanes_are_not_full(client):
    """"The end of an Age triggers when each of the 3 lanes are full." — a tally with Moon's right
    column two cards short is not an Age that ended: a 400 naming that column, quoting the
    sentence. The full Age is scored (Sun wins each lane 9 to 6 on feathers: 2 × 3)."""
    lanes = full_lanes()
    lanes["right"]["moon"] = [C(2)]
    answer = calculated(client, "pillars-of-fate",
                        {"ages": [{"modifier": "no_suit", "lanes": lanes}]}, 400)
    assert answer["error"]["field"] == "ages[0].lanes.right.moon"
    assert answer["error"]["rule"]["quote"] == RESOLVE
    whole = calculated(client, "pillars-of-fate",
                       {"ages": [{"modifier": "no_suit", "lanes": full_lanes()}]})
    assert {p["seat"]: p["total"] for p in whole["players"]} == {"sun": 6, "moon": 0}


@pytest.mark.parametrize("modifier, options, center, status", [
    ("four_cards", {}, 4, 200),
    ("four_cards", {}, 3, 400),
    ("two_cards", {}, 2, 200),
    ("two_cards", {"lane_size_modifiers": "per_lane"}, 1, 200),
    ("two_cards", {"lane_size_modifiers": "per_lane"}, 0, 400),
])
def test_a_full_center_is_what_its_modifier_makes_it(client, modifier, options, center, status):
    """"Play 4 cards in this lane." / "Play only 2 cards in this lane." (per player, or half each
    under `lane_size_modifiers: per_lane`): the center is full at that count."""
    lanes = full_lanes()
    lanes["center"]["sun"] = [C(3, f=1)] * center
    lanes["center"]["moon"] = [C(2)] * center
    if center == 0:
        lanes["center"]["pillar"] = None
    answer = calculated(client, "pillars-of-fate",
                        {"ages": [{"modifier": modifier, "lanes": lanes}], "options": options},
                        status)
    if status == 400:
        assert answer["error"]["rule"]["quote"] == RESOLVE


def test_a_short_column_is_scored_when_its_player_had_no_champion_card_left(client):
    """The one way a column stays short: its player has played every champion card (the referee then
    passes them over). With `champion_deck_size` 20 (16 to play after the 4 set aside), 8 champion
    cards in each of Ages I and II leave none for Age III: Age III's columns hold only the Divine
    card, and the tally is scored; with 21 the same Age III is refused."""
    def age(modifier, first_player, divine):
        lanes = full_lanes(Q(1, 0))
        lanes["left"]["sun"][0] = D(divine[0], 3, f=1)
        lanes["left"]["moon"][0] = D(divine[1], 2)
        return {"modifier": modifier, "first_player": first_player, "lanes": lanes}
    last = {"modifier": "no_suit", "first_player": "sun", "lanes": {
        "left": {"quest": Q(5, 0), "pillar": "sun", "sun": [D("Prophet", 3, f=1)],
                 "moon": [D("Hadria", 1)]},
        "center": {"quest": Q(0, 0)}, "right": {"quest": Q(0, 0)}}}
    ages = [age("double_power", "sun", ("Naka", "Mother to All")),
            age("least_power", "moon", ("Arbiter", "Saghari")), last]
    answer = calculated(client, "pillars-of-fate",
                        {"ages": ages, "options": {"champion_deck_size": 20}})
    assert [lane["winner"] for lane in answer["ages"][2]["lanes"]][0] == "sun"
    short = calculated(client, "pillars-of-fate",
                       {"ages": ages, "options": {"champion_deck_size": 21}}, 400)
    assert short["error"]["field"].startswith("ages[2].lanes.")


def test_under_lane_first_the_center_needs_who_played_its_first_card(client):
    """Table ruling `first_card: lane_first` ("Each first card played will have its power doubled."
    read as the lane's one first card): Moon laid the center's first card face down (a 4), Sun then
    the first face-up card (a 3) and so holds the pillar. Who played first is not the pillar
    holder here, so a tally or a position that leaves `first` out is a 400 naming it (it was
    taken to be Sun, doubling Sun's 3); with `first: moon` Moon's 4 is doubled."""
    center = {"quest": Q(2, 0), "pillar": "sun", "sun": [C(3, f=1), C(3), C(3)],
              "moon": [C(4, face="down"), C(1, f=1), C(1)]}
    lanes = {name: {"quest": Q(1, 0), "pillar": "sun", "sun": [C(3, f=1)] * 3,
                    "moon": [C(1)] * 3} for name in ("left", "right")}
    body = {"ages": [{"modifier": "double_power", "lanes": {**lanes, "center": dict(center)}}],
            "options": {"first_card": "lane_first"}}
    unnamed = calculated(client, "pillars-of-fate", body, 400)
    assert unnamed["error"]["field"] == "ages[0].lanes.center.first"
    body["ages"][0]["lanes"]["center"]["first"] = "moon"
    named_first = calculated(client, "pillars-of-fate", body)
    center_result = next(r for r in named_first["ages"][0]["lanes"] if r["lane"] == "center")
    assert center_result["power"] == {"sun": 9, "moon": 10}
    pos = position({"center": {**center, "sun": center["sun"][:2]}}, modifier="double_power")
    refused_position = setup_answer(client, pos, first_card="lane_first")
    assert refused_position.status_code == 400
    assert refused_position.get_json()["error"]["field"] == "position.lanes.center.first"
    Table(client, {**pos, "lanes": {**pos["lanes"], "center": {**pos["lanes"]["center"],
                                                                "first": "moon"}}},
          first_card="lane_first")


# == (a) what can be done next, phase by phase ======================================================


def test_legal_in_the_draft_is_each_undrafted_players_own_entry(client):
    """Setup 4: "Players simultaneously select 1 card to keep…" — each phone lists its own draft
    entry (the cards dealt are not known to the referee: the names are open); once Sun has drafted
    only Moon's is listed, and the first Age's quests only after both."""
    table = Table(client)
    assert [e["type"] for e in legal(table, "sun")] == ["draft_divine"]
    assert [e["player"] for e in legal(table, "moon")] == ["moon"]
    table.ok(**DRAFTS[0])
    assert legal(table, "sun") == []
    assert [e["type"] for e in legal(table, "moon")] == ["draft_divine"]
    table.ok(**DRAFTS[1])
    assert {e["type"] for e in legal(table, "sun")} == {"begin_age"}


def test_legal_for_the_quests_asks_the_first_player_in_age_one_only(client):
    """Setup 6–10 ("Choose a starting player…") and Starting a New Age ("Pass the 1st player
    marker."): Age I's entry leaves the first player open, Age II's does not (the marker passes)."""
    table = Table(client)
    table.ok(**DRAFTS[0])
    table.ok(**DRAFTS[1])
    assert [e["open"] for e in legal(table, "sun")] == [["quests", "modifier", "first_player"]]
    age_two = Table(client, position(full_but_one(), turn="moon"))
    age_two.ok(type="play", player="moon", lane="right", face="up", power=1, feathers=1,
               scorpions=0)
    view = age_two.view("sun")
    assert view["phase"] == "quests"
    assert [e["open"] for e in view["legal"]] == [["quests", "modifier"]]


def test_legal_at_the_start_of_age_two_is_the_new_first_players(client):
    """Starting a New Age: "Pass the 1st player marker." — Sun held it in Age I; once Age II's quests
    are placed Moon's phone lists Moon's plays and Sun's lists none; the hands carried over (5)."""
    table = Table(client, position(full_but_one(), turn="moon", first_player="sun"))
    table.ok(type="play", player="moon", lane="right", face="up", power=1, feathers=1,
             scorpions=0)
    table.ok(type="begin_age", player="sun", modifier="no_suit",
             quests=[Q(4, -1), Q(3, 3), Q(-2, 5)])
    assert table.state["first_player"] == "moon"
    assert table.view()["current_players"] == ["moon"]
    assert legal(table, "sun") == []
    plays = legal(table, "moon")
    assert plays and {e["player"] for e in plays} == {"moon"}
    assert {e["lane"] for e in plays} == set(LANES)
    assert table.state["hands"]["moon"]["count"] == 5


def full_but_one():
    """Every place taken but Moon's last in the right lane; each lane decided (no tie)."""
    lanes = {"left": quiet(sun_divine="Prophet"), "center": quiet(moon_divine="Hadria"),
             "right": quiet()}
    lanes["right"]["moon"] = lanes["right"]["moon"][:2]
    return lanes


def test_legal_on_a_turn_is_every_hand_card_and_divine_card_in_every_lane_both_faces(client):
    """"First, play 1 card into any lane." with the hand entered: Sun's phone lists each of its 5
    cards and its 3 Divine cards in each lane, face up and face down — 48 plays, each accepted; Moon's
    phone lists nothing (not Moon's turn)."""
    pos = position({}, hands={"sun": {"count": 5, "cards": HAND}, "moon": {"count": 5}},
                   divine={"sun": [{"name": "Prophet", "power": 4, "feathers": 1, "scorpions": 0},
                                   {"name": "Klar", "power": 5, "feathers": 0, "scorpions": 1},
                                   {"name": "Steward", "power": 2, "feathers": 0, "scorpions": 0}],
                           "moon": [{"name": "Hadria"}, {"name": "Pentha"}, {"name": "Eradan"}]})
    table = Table(client, pos)
    events = legal(table, "sun")
    assert len(events) == (5 + 3) * 3 * 2
    assert {(e["lane"], e["face"]) for e in events} == {(lane, face) for lane in LANES
                                                         for face in ("up", "down")}
    assert legal(table, "moon") == []
    for event in (events[0], next(e for e in events if e.get("divine") == "Klar"
                                  and e["face"] == "down")):
        Table(client, pos).ok(**event)


def test_legal_leaves_out_a_full_column_and_a_second_face_down_card(client):
    """"Each lane can hold up to 3 cards per player." and "1 card per lane may be played face down."
    (per lane, the default): Sun's left column is full and Moon's face-down card lies in the center,
    so Sun's listed plays are the center face up and the right either way; the left and a face-down
    center card are refused with those sentences."""
    lanes = {"left": {"quest": Q(1, 0), "pillar": "sun", "sun": [C(1), C(1), C(1)],
                      "moon": [C(2), C(2)]},
             "center": {"quest": Q(1, 0), "pillar": "sun", "sun": [C(1)],
                        "moon": [C(2, face="down")]},
             "right": {"quest": Q(0, 0), "moon": [C(2)]}}  # 4 cards each: Sun to play
    pos = position(lanes, modifier="no_suit",
                   hands={"sun": {"count": 5, "cards": HAND}, "moon": {"count": 5}})
    table = Table(client, pos)
    places = {(e["lane"], e["face"]) for e in legal(table, "sun")}
    assert places == {("center", "up"), ("right", "up"), ("right", "down")}
    refused(table.play("sun", "left", HAND[0]), "Each lane can hold up to 3 cards per player.")
    refused(table.play("sun", "center", {**HAND[0], "face": "down"}),
            "1 card per lane may be played face down.")


def test_legal_after_the_ages_divine_card_lists_champion_cards_only(client):
    """"You cannot use more than 1 of your Divine cards each Age." — once Sun's Prophet lies in a lane
    no Divine card is listed for Sun, and playing Klar is refused with that sentence."""
    lanes = {"left": {"quest": Q(1, 0), "pillar": "sun", "sun": [D("Prophet", 4, f=1)],
                      "moon": [C(2)]}}
    pos = position(lanes, modifier="no_suit",
                   hands={"sun": {"count": 5, "cards": HAND}, "moon": {"count": 5}},
                   divine={"sun": [{"name": "Klar", "power": 5, "feathers": 0, "scorpions": 1},
                                   {"name": "Steward", "power": 2, "feathers": 0, "scorpions": 0}],
                           "moon": [{"name": "Hadria"}, {"name": "Pentha"}, {"name": "Eradan"}]})
    table = Table(client, pos)
    assert not any(e.get("divine") for e in legal(table, "sun"))
    refused(table.post(type="play", player="sun", lane="right", face="up", divine="Klar"),
            "You cannot use more than 1 of your Divine cards each Age.")


def test_legal_keeps_the_last_place_for_the_divine_card_owed(client):
    """"Once per Age, you must play a Divine card." — Sun has one place left and has not played its
    Divine card: only its 3 Divine cards' plays are listed there; a champion card is refused with
    that sentence (default `divine_required: refuse`)."""
    lanes = {"left": quiet(), "center": quiet(moon_divine="Hadria"), "right": quiet()}
    lanes["right"]["sun"] = lanes["right"]["sun"][:2]
    pos = position(lanes, turn="sun",
                   hands={"sun": {"count": 5, "cards": HAND}, "moon": {"count": 5}},
                   divine={"sun": [{"name": "Prophet", "power": 4, "feathers": 1, "scorpions": 0},
                                   {"name": "Klar", "power": 5, "feathers": 0, "scorpions": 1},
                                   {"name": "Steward", "power": 2, "feathers": 0, "scorpions": 0}],
                           "moon": [{"name": "Pentha"}, {"name": "Eradan"}]})
    table = Table(client, pos)
    events = legal(table, "sun")
    assert all(e.get("divine") and e["lane"] == "right" for e in events)
    assert {e["divine"] for e in events} == {"Prophet", "Klar", "Steward"}
    refused(table.play("sun", "right", HAND[0]), "Once per Age, you must play a Divine card.")


def sorcerer_played(client, lane: str, left: dict) -> Table:
    """Sun, holding HAND, has just played the Sorcerer face up into `lane`; the left lane holds
    `left` (each side's cards), and Moon still holds its three Divine cards."""
    lanes = {"left": {"quest": Q(1, 0), "pillar": "sun", **left}}
    pos = position(lanes, modifier="no_suit",
                   hands={"sun": {"count": 5, "cards": HAND}, "moon": {"count": 5}},
                   divine={"sun": [{"name": "Sorcerer", "power": 1, "feathers": 0,
                                    "scorpions": 0}, {"name": "Klar"}, {"name": "Steward"}],
                           "moon": [{"name": "Hadria"}, {"name": "Pentha"}, {"name": "Eradan"}]})
    table = Table(client, pos)
    table.ok(type="play", player="sun", lane=lane, face="up", divine="Sorcerer")
    return table


def test_legal_while_the_sorcerer_waits_is_its_players_exchanges_of_their_own_cards(client):
    """"Sorcerer - When played, take another card from any of your lanes and exchange it with one
    from your hand." — after Sun's Sorcerer the only listed events are Sun's exchanges: each of
    Sun's two other lane cards for each hand card (not the Sorcerer, not Moon's cards); Moon's
    phone lists nothing, and Moon's play is refused quoting the action sentence."""
    table = sorcerer_played(client, "right", {"sun": [C(5, f=1), C(3)], "moon": [C(2), C(6)]})
    events = legal(table, "sun")
    assert {e["type"] for e in events} == {"sorcerer_exchange"}
    assert {(e["lane"], e["position"]) for e in events} == {("left", 1), ("left", 2)}
    assert len(events) == 2 * len(HAND)
    assert legal(table, "moon") == []
    refused(table.play("moon", "left", C(1)),
            "The Divine cards that must be played face up usually possess an action that you "
            "will perform immediately upon playing.")
    table.ok(**events[0])
    assert table.view()["phase"] == "turns"


def test_legal_while_namari_waits_is_each_face_down_card_or_declining(client):
    """"Namari - You may look at any played (including opponent's) face-down card secretly then
    return it." — Sun's Namari lists a look at each face-down card (Moon's and Sun's own), and
    declining; not a face-up card. A look at a face-up card is refused with Namari's text."""
    lanes = {"left": {"quest": Q(1, 0), "pillar": "sun", "sun": [C(5, f=1), C(3, face="down")],
                      "moon": [C(2)]},
             "right": {"quest": Q(1, 0), "pillar": "moon", "sun": [C(1)],
                       "moon": [C(2), C(6, face="down")]}}
    pos = position(lanes, modifier="no_suit",
                   divine={"sun": [{"name": "Namari", "power": 1, "feathers": 0,
                                    "scorpions": 0}, {"name": "Klar"}, {"name": "Steward"}],
                           "moon": [{"name": "Hadria"}, {"name": "Pentha"}, {"name": "Eradan"}]})
    table = Table(client, pos)
    table.ok(type="play", player="sun", lane="center", face="up", divine="Namari")
    looks = {(e.get("lane"), e.get("side"), e.get("position")) for e in legal(table, "sun")}
    assert looks == {(None, None, None), ("left", "sun", 2), ("right", "moon", 2)}
    refused(table.post(type="namari_look", player="sun", lane="left", side="moon", position=1),
            NAMARI)
    table.ok(type="namari_look", player="sun", lane="right", side="moon", position=2)
    assert table.lane("right", "sun")["cards"]["moon"][1].get("power") == 6
    assert table.lane("right", "moon")["cards"]["moon"][1].get("power") == 6
    assert "power" not in table.lane("right")["cards"]["moon"][1]


def tied_center_age():
    """Every place taken but Sun's last, into the center: after it the center is tied 6–6 on power,
    and 3 scorpions (Sun's) to 3 feathers (Moon's); Moon holds its pillar. Left and right are
    decided."""
    lanes = {"left": quiet(sun_divine="Prophet"), "right": quiet(moon_divine="Hadria"),
             "center": {"quest": Q(2, -1), "pillar": "moon", "first": "moon",
                        "sun": [C(2, s=1), C(2, s=1)], "moon": [C(2, f=1), C(2, f=1), C(2, f=1)]}}
    return position(lanes, turn="sun")


def test_legal_in_a_tie_is_the_pillar_holders_pick_only(client):
    """"Ties in either suit or power are decided by the player that holds the pillar for that lane.
    In a tie for suit, that player will pick either suit, and in a tie for power, that player will
    pick who wins." — the center ends tied on power and suit: Moon's phone lists the power pick
    (Sun or Moon), then the suit pick (feathers or scorpions); Sun's lists nothing. Sun picking is
    refused with the ties sentence; Moon picking a suit for the power tie with the pick sentence."""
    table = Table(client, tied_center_age())
    table.ok(type="play", player="sun", lane="center", face="up", power=2, feathers=0, scorpions=1)
    assert table.view()["phase"] == "ties"
    # one tie at a time: power first, then suit
    assert {(e["tie"], e["choice"]) for e in legal(table, "moon")} == {("power", "sun"),
                                                                       ("power", "moon")}
    assert legal(table, "sun") == []
    refused(table.post(type="break_tie", player="sun", lane="center", tie="power", choice="sun"),
            TIES)
    refused(table.post(type="break_tie", player="moon", lane="center", tie="power",
                       choice="feathers"), TIE_PICK)
    table.ok(type="break_tie", player="moon", lane="center", tie="power", choice="moon")
    assert {(e["tie"], e["choice"]) for e in legal(table, "moon")} == {("suit", "feathers"),
                                                                       ("suit", "scorpions")}
    table.ok(type="break_tie", player="moon", lane="center", tie="suit", choice="scorpions")
    center = next(r for r in table.state["ages"][0]["lanes"] if r["lane"] == "center")
    assert center["winner"] == "moon" and center["reward"] == -1


def test_legal_is_empty_for_everyone_once_the_game_is_over(client):
    """"After 3 Ages, players count their victory point tokens." — Age III's last card ends the game:
    neither phone lists anything and a further play quotes that sentence."""
    pos = position(full_but_one(), turn="moon", age=3, modifiers_used=["double_power", "no_suit"],
                   modifier="least_power", hands={"sun": {}, "moon": {}})  # 4 and 5 left
    table = Table(client, pos)
    table.ok(type="play", player="moon", lane="right", face="up", power=1, feathers=1,
             scorpions=0)
    view = table.view("sun")
    assert view["over"] and view["legal"] == [] and table.view("moon")["legal"] == []
    refused(table.play("sun", "left", C(1)),
            "After 3 Ages, players count their victory point tokens.")


# == (c) what another seat and a watcher read ======================================================


def test_the_hand_listed_in_legal_is_shown_to_its_seat_only(client):
    """The hand is secret: Sun's phone lists plays naming Sun's hand cards (a 9 with no icon among
    them); Moon's phone and a watcher read no legal list and no trace of that hand."""
    pos = position({}, hands={"sun": {"count": 5, "cards": HAND}, "moon": {"count": 5}})
    table = Table(client, pos)
    assert any(e.get("power") == 9 for e in legal(table, "sun"))
    for view in (table.view("moon"), table.spectator()):
        assert view["legal"] == []
        assert view["state"]["hands"]["sun"]["cards"] in ([], None) or \
            all(card == {"hidden": True} for card in view["state"]["hands"]["sun"]["cards"])
        assert view["state"]["hands"]["sun"]["count"] == 5


def test_a_face_down_card_is_secret_in_the_state_the_event_and_the_log(client):
    """"Use face-down cards to mislead your opponent." — Sun's face-down 8 with 2 scorpions: Sun reads
    it; Moon and a watcher see a face-down card only, in the lane, the last event and the log."""
    table = Table(client, position({}, hands={"sun": {"count": 5}, "moon": {"count": 5}}))
    table.ok(type="play", player="sun", lane="left", face="down", power=8, feathers=0, scorpions=2)
    assert table.lane("left", "sun")["cards"]["sun"][0]["power"] == 8
    for seat in ("moon", None):
        view = table.view(seat) if seat else table.spectator()
        card = next(lane for lane in view["state"]["lanes"]
                    if lane["name"] == "left")["cards"]["sun"][0]
        assert card["face"] == "down" and "power" not in card and "scorpions" not in card
        assert "power" not in (view["last_event"] or {}).get("event", {})
    log = table.client.get(f"/api/sessions/{table.id}/log").get_json()
    assert '"power": 8' not in json.dumps(log) and '"scorpions": 2' not in json.dumps(log)


# == (d) a whole game through the API, against the calculator ======================================


def _pillar(order):
    """Who holds a lane's pillar: the first to place a face-up card there."""
    return next((seat for seat, card in order if card.get("face", "up") == "up"), None)


@pytest.mark.parametrize("options", [
    {},
    {"dominant_suit": "winner", "quest_reward_to": "negative_to_loser",
     "face_down_limit": "per_player", "first_card": "lane_first", "renown_floor": "zero"},
])
def test_a_whole_game_from_the_draft_agrees_with_the_calculator(client, options):
    """Two players (the only count the book has): the draft, three Ages card by card from the listed
    plays (hands never entered: each card's values typed in), each Divine card's printed values
    entered, ties picked from the listed picks — then the calculator given the same lanes (in play
    order, faces, pillars as the book moves them, who played each lane's first card, the picks,
    the first players) names the same renown, winner and tie-break as the game. Under the default
    rulings and a set of the other readings."""
    table = Table(client, **options)
    table.ok(**DRAFTS[0])
    table.ok(**DRAFTS[1])
    modifiers = ["double_power", "no_suit", "least_power"]
    tallies, turn_no = [], 0
    for age in range(3):
        quests = [Q(3 + age, -1), Q(2, 2 + age), Q(-1, 4 + age)]
        table.ok(type="begin_age", player="sun", modifier=modifiers[age],
                 quests=[dict(q) for q in quests], **({"first_player": "sun"} if age == 0 else {}))
        first_player = table.state["first_player"]
        order = {lane: [] for lane in LANES}
        ties = {lane: {} for lane in LANES}
        seat = first_player
        while True:
            view = table.view(seat)  # one read a move: as the seat expected to act
            if view["phase"] not in ("turns", "ties"):
                break
            if seat not in view["current_players"]:
                seat = view["current_players"][0]
                view = table.view(seat)
            events = view["legal"]
            if view["phase"] == "ties":
                event = events[0]
                table.ok(**event)
                ties[event["lane"]][event["tie"]] = event["choice"]
                continue
            turn_no += 1
            divine = [e for e in events if e.get("divine") and e["face"] == "up"]
            wanted = LANES[turn_no % 3]
            event = dict(divine[0] if divine and turn_no % 4 == 0 else
                         next((e for e in events if not e.get("divine") and e["lane"] == wanted
                               and e["face"] == ("down" if turn_no % 5 == 0 else "up")),
                              next((e for e in events if not e.get("divine")), events[0])))
            for field in event.pop("open", []):
                event[field] = {"power": (turn_no * 7 + age) % 9, "feathers": turn_no % 2,
                                "scorpions": (turn_no // 2) % 2}[field]
            table.ok(**event)
            card = {key: event[key] for key in ("power", "feathers", "scorpions", "face", "divine")
                    if key in event}
            order[event["lane"]].append((seat, card))
            seat = "moon" if seat == "sun" else "sun"
        lanes = {}
        for index, lane in enumerate(LANES):
            lanes[lane] = {"quest": quests[index], "pillar": _pillar(order[lane]),
                           "first": order[lane][0][0], "ties": ties[lane],
                           **{seat: [c for s, c in order[lane] if s == seat]
                              for seat in ("sun", "moon")}}
        tallies.append({"modifier": modifiers[age], "first_player": first_player,
                        "lanes": lanes})
    view = table.view()
    assert view["over"] and len(view["state"]["ages"]) == 3
    answer = calculated(client, "pillars-of-fate", {"ages": tallies, "options": options})
    game = view["scores"]
    assert {p["seat"]: p["total"] for p in answer["players"]} == \
        {p["seat"]: p["total"] for p in game["players"]}
    assert answer["winners"] == game["winners"]
    assert answer["decided_by"]["rule"]["quote"] == game["decided_by"]["rule"]["quote"]
    assert [a["lanes"] for a in answer["ages"]] == [a["lanes"] for a in view["state"]["ages"]]


# == (b) the sentence each refusal quotes ==========================================================


def test_the_sorcerer_taking_itself_quotes_another_card(client):
    """Sorcerer takes "another card from any of your lanes": naming the Sorcerer's own place is
    refused with its text."""
    table = sorcerer_played(client, "left", {"sun": [C(5, f=1)], "moon": [C(2)]})
    refused(table.post(type="sorcerer_exchange", player="sun", lane="left", position=2,
                       **HAND[0]), SORCERER)


def test_a_play_by_the_player_not_on_turn_quotes_alternating_turns(client):
    """"During each Age, players alternate turns, …" — Moon's card on Sun's turn."""
    table = Table(client, position({}))
    refused(table.play("moon", "left", C(4)), ALTERNATE)


def test_fewer_than_three_ages_in_the_calculator_name_no_winner_yet(client):
    """"After 3 Ages, players count their victory point tokens." — one full Age scored: renown, no
    winner yet; the same Age twice is refused (its modifier is spent: "Place a new quest modifier
    on the middle quest.")."""
    age = filled({"modifier": "double_power", "lanes": {lane: {"quest": Q(2, 0), "pillar": "sun",
                                                          "sun": [C(3, f=1)], "moon": [C(1)]}
                                                   for lane in LANES}})
    answer = calculated(client, "pillars-of-fate", {"ages": [age]})
    assert answer["winners"] == [] and {p["total"] for p in answer["players"]} == {6, 0}
    calculated(client, "pillars-of-fate", {"ages": [age, age]}, 400)
