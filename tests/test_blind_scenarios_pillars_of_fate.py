"""Pillars of Fate scenarios written as an outsider: from the rulebook and the API's own description
only (docs/games/pillars-of-fate.md, GET /api/games/pillars-of-fate), never the referee's code."""

import pytest

from tests.api_table import ApiTable, calculated, quotes_from

GAME = "pillars-of-fate"
book = quotes_from(GAME)

KEEP_ONE = book("Players simultaneously select 1 card to keep, passing the other 2 to their opponent.")
PLACE_AGE_I = book("Place 3 Age I quest cards in a row on the table, between both players.")
ALTERNATE = book("During each Age, players alternate turns")
THREE_PER_PLAYER = book("Each lane can hold up to 3 cards per player.")
ONE_FACE_DOWN = book("1 card per lane may be played face down.")
ONE_DIVINE_AN_AGE = book("You cannot use more than 1 of your Divine cards each Age.")
UNPLAYED_DIVINE = book("You may select from any of your 3 unplayed Divine cards.")
MUST_PLAY_DIVINE = book("Once per Age, you must play a Divine card.")
ONLY_TWO = book("Play only 2 cards in this lane.")
NO_DIVINE = book("No Divine cards may be played in this lane.")
PILLAR_DECIDES = book("Ties in either suit or power are decided by the player that holds the pillar "
                      "for that lane.")
PASS_MARKER = book("Pass the 1st player marker.")
MOST_RENOWN = book("The player with the most renown wins.")
PILLAR_TIE_BREAK = book("Tie breaker: Whoever has more pillars in the last round wins.")

QUESTS = [{"feather": 3, "scorpion": -1}, {"feather": 2, "scorpion": 4},
          {"feather": -2, "scorpion": 3}]


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def card(power, feathers=0, scorpions=0, face="up", divine=None):
    entry = {"power": power, "feathers": feathers, "scorpions": scorpions, "face": face}
    if divine:
        entry["divine"] = divine
    return entry


def play(player, lane, power, feathers=0, scorpions=0, face="up", **extra):
    return {"type": "play", "player": player, "lane": lane, "power": power,
            "feathers": feathers, "scorpions": scorpions, "face": face, **extra}


def from_the_draft(client, options=None):
    setup = {"game": GAME, "players": ["Ana", "Ben"]}
    if options:
        setup["options"] = options
    return ApiTable(client, setup)


def drafted(client, modifier="two_face_down", options=None):
    """Sun keeps Prophet (passes Klar, Naka); Moon keeps Hadria (passes Pentha, Eradan); Age I's
    quests are placed with `modifier` in the center and Sun as the starting player."""
    table = from_the_draft(client, options)
    table.accepted({"type": "draft_divine", "player": "sun", "kept": "Prophet",
                    "passed": ["Klar", "Naka"]})
    table.accepted({"type": "draft_divine", "player": "moon", "kept": "Hadria",
                    "passed": ["Pentha", "Eradan"]})
    table.accepted({"type": "begin_age", "player": "sun", "first_player": "sun",
                    "modifier": modifier, "quests": QUESTS})
    return table


def lane(table, name, seat=None):
    return next(entry for entry in table.view(seat)["state"]["lanes"] if entry["name"] == name)


def test_the_draft_keeps_one_and_passes_two(client):
    table = from_the_draft(client)
    table.accepted({"type": "draft_divine", "player": "sun", "kept": "Prophet",
                    "passed": ["Klar", "Naka"]})
    table.refused({"type": "draft_divine", "player": "sun", "kept": "Klar",
                   "passed": ["Prophet", "Naka"]}, KEEP_ONE)
    table.accepted({"type": "draft_divine", "player": "moon", "kept": "Hadria",
                    "passed": ["Pentha", "Eradan"]})
    sun = {c["name"] for c in table.view("sun")["state"]["divine"]["sun"]["unplayed"]}
    assert sun == {"Prophet", "Pentha", "Eradan"}
    moon = {c["name"] for c in table.view("moon")["state"]["divine"]["moon"]["unplayed"]}
    assert moon == {"Hadria", "Klar", "Naka"}
    # Moon never saw the card Sun kept.
    assert "Prophet" not in str(table.view("moon")["state"]["divine"]["sun"])
    assert "Prophet" not in str(table.view("moon")["state"]["draft"])


def test_no_card_is_played_before_age_one_quests_are_placed(client):
    table = from_the_draft(client)
    table.accepted({"type": "draft_divine", "player": "sun", "kept": "Prophet",
                    "passed": ["Klar", "Naka"]})
    table.accepted({"type": "draft_divine", "player": "moon", "kept": "Hadria",
                    "passed": ["Pentha", "Eradan"]})
    table.refused(play("sun", "left", 5, 1), PLACE_AGE_I)


def test_the_starting_player_plays_first_then_turns_alternate(client):
    table = drafted(client)
    assert table.view()["current_players"] == ["sun"]
    table.refused(play("moon", "left", 5, 1), ALTERNATE)
    table.accepted(play("sun", "left", 5, 1))
    assert table.view()["current_players"] == ["moon"]
    table.refused(play("sun", "right", 4), ALTERNATE)


def test_a_champion_play_draws_back_up_to_five(client):
    table = drafted(client)
    before = table.view()["state"]
    table.accepted(play("sun", "left", 5, 1))
    after = table.view()["state"]
    assert after["hands"]["sun"]["count"] == 5
    assert after["decks"]["sun"] == before["decks"]["sun"] - 1
    assert before["decks"]["sun"] == 32 - 4 - 5


def test_the_first_face_up_card_takes_the_pillar_and_a_face_down_one_does_not(client):
    table = drafted(client)
    table.accepted(play("sun", "left", 5, 1, face="down"))
    assert lane(table, "left")["pillar"] is None
    table.accepted(play("moon", "left", 3, 0, 1))
    assert lane(table, "left")["pillar"] == "moon"
    table.accepted(play("sun", "left", 6, 0, 2))
    assert lane(table, "left")["pillar"] == "moon"


def test_a_fourth_card_in_a_lane_is_refused(client):
    table = drafted(client)
    for _ in range(3):
        table.accepted(play("sun", "left", 2, 1))
        table.accepted(play("moon", "right", 2, 1))
    table.refused(play("sun", "left", 2, 1), THREE_PER_PLAYER)
    assert not any(e.get("lane") == "left" and e["type"] == "play"
                   for e in table.view("sun")["legal"])


def test_a_second_face_down_card_in_a_lane_is_refused_even_from_the_other_player(client):
    table = drafted(client)
    table.accepted(play("sun", "left", 5, 1, face="down"))
    table.refused(play("moon", "left", 3, 0, 1, face="down"), ONE_FACE_DOWN)
    table.accepted(play("moon", "left", 3, 0, 1, face="up"))


def test_a_face_down_card_is_secret_from_the_opponent_and_the_watchers(client):
    table = drafted(client)
    table.accepted(play("sun", "left", 9, 3, face="down"))
    own = lane(table, "left", "sun")["cards"]["sun"][0]
    assert own["power"] == 9
    other = lane(table, "left", "moon")["cards"]["sun"][0]
    assert other.get("power") is None and other["face"] == "down"
    watcher = table.client.get(f"/api/sessions/{table.id}").get_json()
    assert "9" not in str(next(lane for lane in watcher["state"]["lanes"]
                               if lane["name"] == "left")["cards"]["sun"])
    assert "power" not in str(table.view("moon")["last_event"])
    assert "power" not in str(watcher["last_event"])


def test_a_divine_card_not_among_your_three_is_refused(client):
    table = drafted(client)
    table.refused({"type": "play", "player": "sun", "lane": "left", "divine": "Hadria",
                   "power": 3, "feathers": 1}, UNPLAYED_DIVINE)
    table.accepted({"type": "play", "player": "sun", "lane": "left", "divine": "Prophet",
                    "power": 4, "feathers": 1})


def test_only_one_divine_card_an_age(client):
    table = drafted(client)
    table.accepted({"type": "play", "player": "sun", "lane": "left", "divine": "Prophet",
                    "power": 4, "feathers": 1})
    table.accepted(play("moon", "left", 3, 0, 1))
    table.refused({"type": "play", "player": "sun", "lane": "right", "divine": "Pentha",
                   "power": 2, "scorpions": 1}, ONE_DIVINE_AN_AGE)


def test_a_champion_card_in_the_last_place_of_an_age_without_a_divine_card_is_refused(client):
    table = drafted(client)
    # Sun fills eight of its nine places with champion cards; Moon plays along.
    lanes = ["left"] * 3 + ["center"] * 3 + ["right"] * 2
    for lane_name in lanes:
        table.accepted(play("sun", lane_name, 1, 1))
        table.accepted(play("moon", lane_name, 1, 0, 1))
    table.refused(play("sun", "right", 1, 1), MUST_PLAY_DIVINE)
    table.accepted({"type": "play", "player": "sun", "lane": "right", "divine": "Prophet",
                    "power": 4, "feathers": 1})


def test_the_two_card_lane_takes_two(client):
    table = drafted(client, modifier="two_cards")
    table.accepted(play("sun", "center", 1, 1))
    table.accepted(play("moon", "left", 1, 1))
    table.accepted(play("sun", "center", 1, 1))
    table.accepted(play("moon", "left", 1, 1))
    table.refused(play("sun", "center", 1, 1), ONLY_TWO)


def test_no_divine_card_in_the_no_divine_lane(client):
    table = drafted(client, modifier="no_divine")
    table.refused({"type": "play", "player": "sun", "lane": "center", "divine": "Prophet",
                   "power": 4, "feathers": 1}, NO_DIVINE)
    table.accepted({"type": "play", "player": "sun", "lane": "left", "divine": "Prophet",
                    "power": 4, "feathers": 1})


def age_one_almost_full(client, moon_right, *, center_moon_last=None, pillars=None, **position):
    """Age I with every place filled but Moon's last in the right lane. Left: Sun 11 power
    (with Prophet) against Moon 10, 3 feathers to 4 scorpions. Center: Sun 10 against Moon 11."""
    pillars = pillars or {"left": "sun", "center": "moon", "right": "sun"}
    lanes = {
        "left": {"quest": {"feather": 3, "scorpion": -1}, "pillar": pillars["left"],
                 "sun": [card(5, 1), card(4, 1, divine="Prophet"), card(2, 0, 1)],
                 "moon": [card(3, 0, 1), card(6, 0, 2), card(1, 1)]},
        "center": {"quest": {"feather": 2, "scorpion": 4}, "pillar": pillars["center"],
                   "sun": [card(2, 1), card(7, 0, 1), card(1, 2)],
                   "moon": [card(6, 0, 2), card(3, 1, divine="Hadria"),
                            center_moon_last or card(2, 0, 2)]},
        "right": {"quest": {"feather": -2, "scorpion": 3}, "pillar": pillars["right"],
                  "sun": [card(1, 0, 1), card(3, 1), card(4, 0, 2)],
                  "moon": moon_right},
    }
    for entry in lanes.values():
        entry["first"] = entry["pillar"]
    return ApiTable(client, {"game": GAME, "players": ["Ana", "Ben"], "position": {
        "age": 1, "first_player": "sun", "turn": "moon", "modifier": "two_face_down",
        "lanes": lanes,
        "divine": {"sun": [{"name": "Klar"}, {"name": "Steward"}],
                   "moon": [{"name": "Pentha"}, {"name": "Eradan"}]}, **position}})


def test_the_age_ends_when_the_lanes_are_full_and_renown_follows_suit_and_power(client):
    table = age_one_almost_full(client, [card(5, 1), card(2, 0, 1)])
    table.accepted(play("moon", "right", 4, 1, 1))
    view = table.view()
    state = view["state"]
    # Left: Sun wins 11-10, scorpions dominate 4-3: -1, and the Prophet's 5. Center: Moon wins
    # 11-10, scorpions 5-4: 4. Right: Moon wins 11-8, scorpions 5-3: 3.
    assert state["renown"] == {"sun": 4, "moon": 7}
    assert [p["total"] for p in view["scores"]["players"]] == [4, 7]
    assert state["age"] in (1, 2)
    assert view["phase"] == "quests"


def test_a_power_tie_is_decided_by_the_pillar_holder_only(client):
    # Right: Sun 8 against Moon 5 + 2 + 1 = 8, pillar with Sun.
    table = age_one_almost_full(client, [card(5, 1), card(2, 0, 1)])
    table.accepted(play("moon", "right", 1, 1, 1))
    assert table.view()["phase"] == "ties"
    table.refused({"type": "break_tie", "player": "moon", "lane": "right", "tie": "power",
                   "choice": "moon"}, PILLAR_DECIDES)
    table.accepted({"type": "break_tie", "player": "sun", "lane": "right", "tie": "power",
                    "choice": "moon"})
    state = table.view()["state"]
    # Right goes to Moon by Sun's pick: scorpions 4-3 → 3 renown.
    assert state["renown"] == {"sun": 4, "moon": 4 + 3}


def test_the_next_age_passes_the_first_player_marker(client):
    table = age_one_almost_full(client, [card(5, 1), card(2, 0, 1)])
    table.accepted(play("moon", "right", 4, 1, 1))
    quests = [{"feather": 5, "scorpion": -2}, {"feather": 4, "scorpion": 6},
              {"feather": -3, "scorpion": 5}]
    table.refused({"type": "begin_age", "player": "sun", "first_player": "sun",
                   "modifier": "least_power", "quests": quests}, PASS_MARKER)
    table.refused({"type": "begin_age", "player": "sun", "first_player": "moon",
                   "modifier": "two_face_down", "quests": quests}, "new quest modifier")
    table.accepted({"type": "begin_age", "player": "sun", "modifier": "least_power",
                    "quests": quests})
    state = table.view()["state"]
    assert state["age"] == 2
    assert state["first_player"] == "moon" and state["turn"] == "moon"
    assert all(not entry["cards"]["sun"] and not entry["cards"]["moon"] and entry["pillar"] is None
               for entry in state["lanes"])


def test_the_least_power_lane_goes_to_the_weaker_side(client):
    lanes = {name: {"quest": {"feather": 2, "scorpion": 2}, "pillar": "sun", "first": "sun",
                    "sun": [card(1, 1), card(1, 1), card(1, 1)],
                    "moon": [card(5, 0, 2), card(5, 0, 2), card(5, 0, 2)]}
             for name in ("left", "center", "right")}
    lanes["left"]["sun"][0] = card(1, 1, divine="Prophet")
    lanes["right"]["moon"][0] = card(3, 0, 2, divine="Hadria")
    body = {"ages": [{"modifier": "least_power", "first_player": "sun", "lanes": lanes}]}
    scores = calculated(client, GAME, body)
    by_seat = {p["seat"]: p["total"] for p in scores["players"]}
    # Center (least power wins): Sun 3 beats Moon 15 → 2. Left and right: Moon 15 beats Sun 3 →
    # 2 each; the Prophet's lane is lost, Hadria's opponent did not win hers.
    assert by_seat == {"sun": 2, "moon": 4}


def test_a_renown_tie_after_three_ages_goes_to_more_pillars_in_the_last_age(client):
    def age(modifier, first_player, quests, moon_wins, sun_pillars, divine):
        lanes = {}
        for name in ("left", "center", "right"):
            size = 4 if name == "center" and modifier == "four_cards" else 3
            strong, weak = [card(5, 1)] * size, [card(1, 1)] * size
            pillar = "sun" if name in sun_pillars else "moon"
            lanes[name] = {"quest": quests[name], "pillar": pillar, "first": pillar,
                           "sun": weak if name in moon_wins else strong,
                           "moon": strong if name in moon_wins else weak}
        for seat, name in divine.items():
            column = lanes["right"][seat]
            lanes["right"][seat] = column[:-1] + [{**column[-1], "divine": name}]
        return {"modifier": modifier, "first_player": first_player, "lanes": lanes}

    two = {"feather": 2, "scorpion": 2}
    evens = {"left": two, "center": two, "right": two}
    body = {"ages": [
        # Age I: Moon wins the left lane only (Sun 4, Moon 2) and holds every pillar.
        age("double_suit", "sun", evens, {"left"}, set(), {"sun": "Klar", "moon": "Aponi"}),
        # Age II: Moon wins two lanes (Sun 2, Moon 4) and holds every pillar.
        age("no_suit", "moon", evens, {"left", "center"}, set(),
            {"sun": "Arbiter", "moon": "Saghari"}),
        # Age III: Moon wins the 4-renown lane, Sun the two 2-renown lanes (4 each): 10 all.
        # Sun holds two of the last Age's pillars, Moon one (and seven over the game).
        age("four_cards", "sun", {"left": {"feather": 4, "scorpion": 4}, "center": two,
                                  "right": two},
            {"left"}, {"left", "right"}, {"sun": "Namari", "moon": "Naka"}),
    ]}
    scores = calculated(client, GAME, body)
    assert {p["seat"]: p["total"] for p in scores["players"]} == {"sun": 10, "moon": 10}
    assert scores["winners"] == ["sun"]
    assert PILLAR_TIE_BREAK in scores["decided_by"]["rule"]["quote"]


def test_more_renown_wins_whatever_the_pillars_and_not_before_the_third_age(client):
    def age(modifier, first_player, divine):
        lanes = {name: {"quest": {"feather": 2, "scorpion": 2}, "pillar": "moon", "first": "moon",
                        "sun": [card(5, 1), card(5, 1), card(5, 1)],
                        "moon": [card(1, 1), card(1, 1), card(1, 1)]}
                 for name in ("left", "center", "right")}
        lanes["left"]["sun"][0] = card(5, 1, divine=divine["sun"])
        lanes["left"]["moon"][0] = card(1, 1, divine=divine["moon"])
        return {"modifier": modifier, "first_player": first_player, "lanes": lanes}

    # the 1st player marker passes at each new Age ("Pass the 1st player marker.")
    ages = [age("double_power", "moon", {"sun": "Klar", "moon": "Aponi"}),
            age("no_suit", "sun", {"sun": "Arbiter", "moon": "Saghari"}),
            age("two_face_down", "moon", {"sun": "Namari", "moon": "Naka"})]
    after_one = calculated(client, GAME, {"ages": ages[:1]})
    assert after_one["winners"] == []
    scores = calculated(client, GAME, {"ages": ages})
    # Sun wins every lane (6 an Age); Moon holds every pillar.
    assert {p["seat"]: p["total"] for p in scores["players"]} == {"sun": 18, "moon": 0}
    assert scores["winners"] == ["sun"]
    assert MOST_RENOWN in scores["decided_by"]["rule"]["quote"]


def one_age(modifier, lanes):
    """An Age of three lanes (quest 2 feathers / 3 scorpions): Sun's columns 2-power feather cards,
    Moon's 1-power two-scorpion cards, unless `lanes` says otherwise. A player `lanes` gives no
    Divine card plays Namari as the first card of the left column ("Once per Age, you must play a
    Divine card."): Namari's text changes no card's power or suit, so no total changes."""
    base = {name: {"quest": {"feather": 2, "scorpion": 3}, "pillar": "sun", "first": "sun",
                   "sun": [card(2, 1)] * 3, "moon": [card(1, 0, 2)] * 3}
            for name in ("left", "center", "right")}
    for name, columns in lanes.items():
        base[name].update(columns)
    for seat in ("sun", "moon"):
        if not any("divine" in entry for lane in base.values() for entry in lane[seat]):
            first, *rest = base["left"][seat]
            base["left"][seat] = [{**first, "divine": "Namari"}, *rest]
    return {"modifier": modifier, "first_player": "sun", "lanes": base}


def resolved(client, age):
    scores = calculated(client, GAME, {"ages": [age]})
    return {entry["lane"]: entry for entry in scores["ages"][0]["lanes"]}, scores


def test_the_first_card_of_each_player_in_the_center_has_its_power_doubled(client):
    lanes, _ = resolved(client, one_age("double_power", {"center": {
        "sun": [card(5, 1), card(2, 1, divine="Klar"), card(2, 1)],
        "moon": [card(4, 0, 1), card(4, 0, 1, divine="Aponi"), card(1, 0, 2)]}}))
    assert lanes["center"]["power"] == {"sun": 5 * 2 + 2 + 2, "moon": 4 * 2 + 4 + 1}
    assert lanes["center"]["winner"] == "sun"


def test_eradan_adds_two_power_to_its_owners_other_lanes(client):
    lanes, _ = resolved(client, one_age("two_face_down", {
        "left": {"sun": [card(2, 1, divine="Eradan"), card(2, 1), card(2, 1)]},
        "center": {"moon": [card(4, 0, 1), card(4, 0, 1, divine="Aponi"), card(1, 0, 2)]}}))
    assert lanes["left"]["power"]["sun"] == 6
    assert lanes["center"]["power"]["sun"] == 6 + 2
    assert lanes["right"]["power"]["sun"] == 6 + 2


def test_mother_to_all_gives_ten_renown_for_losing_every_lane(client):
    strong = [card(5, 0, 2)] * 3
    _, scores = resolved(client, one_age("two_face_down", {
        "left": {"moon": strong}, "right": {"moon": strong},
        "center": {"sun": [card(1, 1), card(1, 1, divine="Mother to All"), card(1, 1)],
                   "moon": [card(4, 0, 1), card(4, 0, 1, divine="Aponi"), card(1, 0, 2)]}}))
    # Moon wins all three lanes, scorpions dominating each: 3 renown each.
    assert {p["seat"]: p["total"] for p in scores["players"]} == {"sun": 10, "moon": 9}


def test_after_age_three_a_renown_tie_goes_to_more_pillars_and_the_game_is_over(client):
    # The Age I lanes above played as Age III: Sun +4, Moon +7 on 10 and 7 renown: 14 all. Sun
    # holds two of the last Age's pillars (left, right), Moon one.
    table = age_one_almost_full(client, [card(5, 1), card(2, 0, 1)], age=3,
                                modifiers_used=["double_power", "least_power"],
                                divine={"sun": [], "moon": []},
                                renown={"sun": 10, "moon": 7})
    table.accepted(play("moon", "right", 4, 1, 1))
    view = table.view()
    assert view["over"] is True
    assert view["state"]["renown"] == {"sun": 14, "moon": 14}
    assert view["scores"]["winners"] == ["sun"]
    assert PILLAR_TIE_BREAK in view["scores"]["decided_by"]["rule"]["quote"]
    table.refused({"type": "begin_age", "player": "sun", "modifier": "no_suit",
                   "quests": QUESTS}, book("After 3 Ages, players count their victory point "
                                           "tokens."))


@pytest.mark.parametrize("lanes, lane_name, side, expected", [
    # Klar face down: power -1.
    ({"left": {"sun": [card(5, 1, divine="Klar", face="down"), card(3, 1), card(3, 1)]}},
     "left", "sun", {"power": -1 + 3 + 3}),
    # Saghari: the other 3s in its lane become 7.
    ({"center": {"moon": [card(1, 0, 2, divine="Saghari"), card(3, 0, 2), card(3, 0, 2)]}},
     "center", "moon", {"power": 1 + 7 + 7}),
    # Aponi: the other 8s in its lane become 2.
    ({"right": {"sun": [card(8, 1, divine="Aponi"), card(8, 1), card(2, 1)]}},
     "right", "sun", {"power": 8 + 2 + 2}),
    # Arbiter face down: 4 scorpions.
    ({"left": {"sun": [card(2, 1, divine="Arbiter", face="down"), card(3, 1), card(3, 1)]}},
     "left", "sun", {"feathers": 2, "scorpions": 4}),
    # Belan: its owner's cards in its lane have their suits reversed.
    ({"center": {"moon": [card(1, 2, 0, divine="Belan"), card(3, 0, 2), card(3, 0, 2)]}},
     "center", "moon", {"feathers": 4, "scorpions": 2}),
    # Pentha: the opponent's card opposite it has power 0.
    ({"left": {"sun": [card(2, 1, divine="Pentha"), card(3, 1), card(3, 1)],
               "moon": [card(9, 0, 2), card(1, 0, 2), card(1, 0, 2)]}},
     "left", "moon", {"power": 0 + 1 + 1}),
    # Isabel: the opponent's card opposite it has its suit reversed.
    ({"center": {"moon": [card(1, 0, 2, divine="Isabel"), card(3, 0, 2), card(3, 0, 2)]}},
     "center", "sun", {"feathers": 2, "scorpions": 1}),
    # Invictus played first is a 0 card; later it copies the card above it.
    ({"left": {"sun": [card(0, divine="Invictus"), card(3, 1), card(3, 1)]}},
     "left", "sun", {"power": 6, "feathers": 2}),
    ({"left": {"sun": [card(3, 1), card(0, divine="Invictus"), card(3, 1)]}},
     "left", "sun", {"power": 9, "feathers": 3}),
])
def test_the_divine_card_glossary(client, lanes, lane_name, side, expected):
    resolved_lanes, _ = resolved(client, one_age("two_face_down", lanes))
    lane_entry = resolved_lanes[lane_name]
    assert {key: lane_entry[key][side] for key in expected} == expected


def test_the_steward_adds_scorpions_to_its_left_and_feathers_to_its_right(client):
    resolved_lanes, _ = resolved(client, one_age("two_face_down", {
        "center": {"sun": [card(2, 1), card(2, divine="Steward"), card(2, 1)]}}))
    assert resolved_lanes["left"]["total_scorpions"] == 6 + 2
    assert resolved_lanes["right"]["total_feathers"] == 3 + 2
    assert (resolved_lanes["center"]["total_feathers"],
            resolved_lanes["center"]["total_scorpions"]) == (2, 6)


def test_hadria_costs_the_opponent_who_wins_her_lane_five_renown(client):
    _, scores = resolved(client, one_age("two_face_down", {
        "left": {"moon": [card(1, 0, 2, divine="Hadria"), card(1, 0, 2), card(1, 0, 2)]},
        "right": {"sun": [card(2, 1, divine="Klar"), card(2, 1), card(2, 1)]}}))
    # Sun wins all three lanes (3 each) and loses 5 for the left one.
    assert {p["seat"]: p["total"] for p in scores["players"]} == {"sun": 9 - 5, "moon": 0}


def test_a_divine_card_comes_from_the_three_set_aside_so_nothing_is_drawn(client):
    table = drafted(client)
    before = table.view("sun")["state"]
    table.accepted({"type": "play", "player": "sun", "lane": "left", "divine": "Prophet",
                    "power": 4, "feathers": 1})
    after = table.view("sun")["state"]
    assert after["hands"]["sun"]["count"] == before["hands"]["sun"]["count"] == 5
    assert after["decks"]["sun"] == before["decks"]["sun"]
    assert [card_["name"] for card_ in after["divine"]["sun"]["unplayed"]] == ["Pentha", "Eradan"]
