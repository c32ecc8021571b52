"""Pillars of Fate, outsider scoring scenarios round 11: a whole game of three Ages entered in the
calculator where every lane is worked out by hand from the book — each source of renown (the quest
paths, a sickle reward, Prophet, Hadria, Mother to All, a modifier that changes the winner or the
suit, a suit tie picked by the pillar holder), every line citing the sentence it scores and the
lines summing to the totals, the renown tie broken by the last Age's pillars only; the same game
with Sun below zero under both `renown_floor` readings; Age I played through the API with a
face-down card (left out of everyone's live projection, scored once revealed, as the calculator
scores it); tallies the book makes impossible refused naming the field and quoting the sentence
that forbids them; malformed tallies. Written from the rulebook and the API's own description only
(docs/games/pillars-of-fate.md, GET /api/games/pillars-of-fate), never the referee's code."""

import copy

import pytest

from tests.api_table import calculated, quotes_from, seat_headers
from tests.test_blind_scenarios_pillars_of_fate_8 import AGES as AGES_PLAYED
from tests.test_blind_scenarios_pillars_of_fate_8 import begin, drafted_for_the_game, entered

GAME = "pillars-of-fate"
book = quotes_from(GAME)

AWARD = book("Award renown according to the conditional rewards for each quest.")
PROPHET = book("Prophet - If you win the lane that you have played the Prophet in, gain 5 renown.")
HADRIA = book("Hadria - If your opponent wins the lane where Hadria is played, they lose 5 Renown in "
              "addition to any quest awards.")
MOTHER = book("Mother to All - Gain 10 renown if you lose all quest lanes.")
MOST_RENOWN = book("The player with the most renown wins.")
PILLARS_TIE = book("Tie breaker: Whoever has more pillars in the last round wins.")
AFTER_THREE = book("After 3 Ages, players count their victory point tokens.")
LANE_HOLDS = book("Each lane can hold up to 3 cards per player.")
ONE_DIVINE = book("You cannot use more than 1 of your Divine cards each Age.")
NEW_MODIFIER = book("Place a new quest modifier on the middle quest.")
TIES = book("Ties in either suit or power are decided by the player that holds the pillar for that "
            "lane.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def card(power, feathers=0, scorpions=0, **more):
    return {"power": power, "feathers": feathers, "scorpions": scorpions, **more}


def lane(sun, moon, feather, scorpion, pillar, **more):
    return {"sun": sun, "moon": moon, "quest": {"feather": feather, "scorpion": scorpion},
            "pillar": pillar, **more}


def age(first_player, modifier, left, center, right):
    return {"first_player": first_player, "modifier": modifier,
            "lanes": {"left": left, "center": center, "right": right}}


# Age I. Left: Sun 11 power, 2 feathers; Moon 6, 1 scorpion: feathers dominate, Sun wins (+3) with
# her Prophet (+5). Center (no suit on each first card): Sun's 3 feathers and Moon's first scorpion
# vanish, Moon's second scorpion dominates, Moon wins 9-6 (+4, the scorpion path; the feather path's
# 2 without the modifier). Right: 3 feathers against 4 scorpions, Moon wins 11-8 (+3).
AGE_I = age(
    "sun", "no_suit",
    lane([card(5, 1), card(4, 1, divine="Prophet"), card(2)],
         [card(3, 0, 1), card(2), card(1)], 3, -1, "sun"),
    lane([card(2, 3), card(3), card(1)], [card(4, 0, 1), card(3, 0, 1), card(2)], 2, 4, "sun"),
    lane([card(1, 0, 1), card(3, 1), card(4, 0, 2)],
         [card(5, 1), card(2, 0, 1, divine="Naka"), card(4, 1)], -2, 3, "moon"))
# Age II (least power wins the center). Left: feathers 2-1, Sun wins 12-9 (+4) where Moon's Hadria
# lies (-5). Center: Moon's 6 power beats Sun's 18, scorpions 2-1 (+2). Right: scorpions 2-1, the
# sickle path, Sun wins 11-4 and takes the -3.
AGE_II = age(
    "moon", "least_power",
    lane([card(6, 1), card(5, 1), card(1)],
         [card(2, 0, 1), card(3, divine="Hadria"), card(4)], 4, 1, "sun"),
    lane([card(7, 1), card(6), card(5)], [card(1, 0, 2), card(2), card(3)], 5, 2, "moon"),
    lane([card(8, 0, 2), card(2, divine="Namari"), card(1)],
         [card(2, 1), card(1), card(1)], 3, -3, "sun"))
# Age III (each first card's power doubled in the center; Sun's Eradan on the right: +2 power in
# her other lanes). Left: feathers 2-1, Sun 14-6 (+6). Center: Sun 12+1+1+2 = 16 against Moon's
# 4+5+4 = 13 (undoubled, 10 against 11: Moon's), one feather each: the suit tie is Sun's to pick,
# as the pillar's holder — scorpions (+5). Right: scorpions 2-1, Sun 9-6 (+4). Moon lost all three
# lanes with her Mother to All (+10).
AGE_III = age(
    "sun", "double_power",
    lane([card(5, 1), card(4, 1), card(3)],
         [card(1, 0, 1), card(2, divine="Mother to All"), card(3)], 6, 2, "moon"),
    lane([card(6, 0, 1), card(1), card(1)], [card(2, 1), card(5), card(4)], 3, 5, "sun",
         ties={"suit": "scorpions"}),
    lane([card(3, 0, 1), card(3, 0, 1, divine="Eradan"), card(3)],
         [card(2, 1), card(2), card(2)], 2, 4, "moon"))

SUN_LINES = [(3, AWARD), (5, PROPHET), (4, AWARD), (-5, HADRIA), (-3, AWARD), (6, AWARD),
             (5, AWARD), (4, AWARD)]
MOON_LINES = [(4, AWARD), (3, AWARD), (2, AWARD), (10, MOTHER)]


def seat(scores, name):
    return next(player for player in scores["players"] if player["seat"] == name)


def lines(scores, name):
    return sorted((line["points"], line["rule"]["quote"]) for line in seat(scores, name)["breakdown"])


def test_three_ages_worked_by_hand_line_by_line_tied_and_won_on_the_last_ages_pillars(client):
    scores = calculated(client, GAME, {"ages": [AGE_I, AGE_II, AGE_III]})
    assert lines(scores, "sun") == sorted(SUN_LINES)
    assert lines(scores, "moon") == sorted(MOON_LINES)
    for name in ("sun", "moon"):
        player = seat(scores, name)
        assert sum(line["points"] for line in player["breakdown"]) == player["total"] == 19
    # Sun held two pillars in each of Ages I and II; only Age III's count, where Moon holds two.
    assert scores["winners"] == ["moon"]
    assert scores["decided_by"]["rule"]["quote"] == PILLARS_TIE


def test_the_last_ages_pillars_turned_over_turn_the_win_and_renown_beats_pillars(client):
    sun_pillars = copy.deepcopy(AGE_III)
    sun_pillars["lanes"]["left"]["pillar"] = "sun"
    scores = calculated(client, GAME, {"ages": [AGE_I, AGE_II, sun_pillars]})
    assert (scores["winners"], scores["decided_by"]["rule"]["quote"]) == (["sun"], PILLARS_TIE)
    assert [player["total"] for player in scores["players"]] == [19, 19]

    # Had Sun, the center's pillar holder, picked feathers (the 3 path instead of the 5), she has 17
    # and Moon's 19 wins on renown, whoever holds the pillars.
    feathers = copy.deepcopy(AGE_III)
    feathers["lanes"]["center"]["ties"] = {"suit": "feathers"}
    scores = calculated(client, GAME, {"ages": [AGE_I, AGE_II, feathers]})
    assert [player["total"] for player in scores["players"]] == [17, 19]
    assert (scores["winners"], scores["decided_by"]["rule"]["quote"]) == (["moon"], MOST_RENOWN)


def test_before_the_third_age_nobody_has_won(client):
    scores = calculated(client, GAME, {"ages": [AGE_I, AGE_II]})
    assert [player["total"] for player in scores["players"]] == [4, 9]
    assert scores["winners"] == []
    assert scores["decided_by"]["rule"]["quote"] == AFTER_THREE


def test_the_suit_tie_left_unpicked_is_asked_of_the_pillar_holder(client):
    unpicked = copy.deepcopy(AGE_III)
    del unpicked["lanes"]["center"]["ties"]
    error = calculated(client, GAME, {"ages": [AGE_I, AGE_II, unpicked]}, status=400)["error"]
    assert error["field"] == "ages[2].lanes.center.ties.suit"
    assert "Sun" in error["message"]


def fourth_card_on_the_left():
    ages = copy.deepcopy([AGE_I, AGE_II, AGE_III])
    ages[0]["lanes"]["left"]["sun"].append(card(1))
    return ages, "ages[0].lanes.left.sun", LANE_HOLDS


def two_divine_cards_in_age_one():
    ages = copy.deepcopy([AGE_I, AGE_II, AGE_III])
    ages[0]["lanes"]["center"]["sun"][1]["divine"] = "Eradan"
    return ages, "ages[0].lanes.center.sun", ONE_DIVINE


def the_modifier_of_age_one_again():
    ages = copy.deepcopy([AGE_I, AGE_II, AGE_III])
    ages[2]["modifier"] = "no_suit"
    return ages, "ages[2].modifier", NEW_MODIFIER


@pytest.mark.parametrize("impossible", [fourth_card_on_the_left, two_divine_cards_in_age_one,
                                        the_modifier_of_age_one_again])
def test_an_impossible_tally_is_a_400_naming_the_field(client, impossible):
    ages, field, _ = impossible()
    error = calculated(client, GAME, {"ages": ages}, status=400)["error"]
    assert error["field"] == field


@pytest.mark.parametrize("impossible", [fourth_card_on_the_left, two_divine_cards_in_age_one,
                                        the_modifier_of_age_one_again])
def test_an_impossible_tally_quotes_the_sentence_that_forbids_it(client, impossible):
    ages, _, sentence = impossible()
    error = calculated(client, GAME, {"ages": ages}, status=400)["error"]
    assert error["rule"]["quote"] == sentence


def test_a_pick_for_a_lane_that_is_not_tied_is_refused(client):
    # Age I's left lane: Sun 11 power to Moon's 6, feathers 2 to 1 — nothing for anyone to decide.
    ages = copy.deepcopy([AGE_I, AGE_II, AGE_III])
    ages[0]["lanes"]["left"]["ties"] = {"power": "moon"}
    error = calculated(client, GAME, {"ages": ages}, status=400)["error"]
    assert error["field"].startswith("ages[0].lanes.left.ties")
    assert error["rule"]["quote"] == TIES


@pytest.mark.parametrize(("body", "field"), [
    ({"ages": [AGE_I], "colour": "sun"}, "colour"),
    ({"ages": [AGE_I, AGE_II, AGE_III, AGE_I]}, "ages"),
    ({"ages": [{**AGE_I, "modifier": "triple_power"}]}, "ages[0].modifier"),
    ({"ages": [AGE_I], "options": {"quest_reward_to": "everyone"}}, "options.quest_reward_to"),
    ({"ages": [AGE_I], "names": {"mars": "Ann"}}, "names"),
])
def test_a_malformed_tally_is_a_400_naming_its_field(client, body, field):
    error = calculated(client, GAME, body, status=400)["error"]
    # The schema's messages write a list index as `.0`, the game's own as `[0]`.
    assert error["field"].replace(".0.", "[0].").startswith(field), error


# --- Age I played through the API with a face-down card: projected blind, scored revealed --------

# Round 8's Age I (every champion card one feather; Sun kept Klar, Moon Naka), but Sun's first card
# on the right is an 8 laid face down with 5 scorpions and no feather. Revealed, the right lane
# holds Sun's 2 feathers and 5 scorpions against Moon's 2 feathers: scorpions dominate, and Sun
# (8 + 7 + 6 = 21 against Moon's 1 + 2 + 2) takes the scorpion path's 3 instead of the feather
# path's 1. With her left lane (3) and Moon's center (3): Sun 6, Moon 3.
HIDDEN_EIGHT = {"type": "play", "player": "sun", "lane": "right", "power": 8, "feathers": 0,
                "scorpions": 5, "face": "down"}


def right_lane_as_seen(client, table, headers):
    view = client.get(f"/api/sessions/{table.id}", headers=headers).get_json()
    lane = next(lane for lane in view["scores"]["lanes"] if lane["lane"] == "right")
    return lane["power"]["sun"], lane["scorpions"]["sun"], lane["hidden"]["sun"], lane["values"][
        "sun"]


def test_a_face_down_card_is_left_out_of_the_projection_and_scored_once_revealed(client):
    first, modifier, quests, plays = AGES_PLAYED[0]
    table = drafted_for_the_game(client)
    begin(table, 0)
    moon = seat_headers(client, table, "moon")
    for n, (player, lane, what) in enumerate(plays):
        table.accepted(HIDDEN_EIGHT if n == 2 else entered(player, lane, what))
        if n == 2:
            # Sun's 8 lies face down: Moon, a spectator and the table see one hidden card, no power
            # and no scorpion from it.
            for headers in (moon, {}, table.headers):
                assert right_lane_as_seen(client, table, headers) == (0, 0, 1, [None])
    view = table.view()
    age = view["scores"]["ages"][0]
    right = next(lane for lane in age["lanes"] if lane["lane"] == "right")
    assert (right["power"]["sun"], right["scorpions"]["sun"], right["suit"], right["winner"],
            right["reward"]) == (21, 5, "scorpions", "sun", 3)
    assert age["renown"] == {"sun": 6, "moon": 3}

    lanes = {}
    for name, quest in zip(("left", "center", "right"), quests, strict=True):
        columns = {"sun": [], "moon": []}
        for n, (player, lane, what) in enumerate(plays):
            if lane == name:
                event = HIDDEN_EIGHT if n == 2 else entered(player, lane, what)
                columns[player].append({key: event[key] for key in (
                    "power", "feathers", "scorpions", "face", "divine") if key in event})
        lanes[name] = {"quest": quest, "pillar": "sun" if name != "center" else "moon", **columns}
    by_hand = calculated(client, GAME, {"ages": [{"first_player": first, "modifier": modifier,
                                                  "lanes": lanes}]})
    assert [(p["total"], lines(by_hand, p["seat"])) for p in by_hand["players"]] == [
        (p["total"], lines(view["scores"], p["seat"])) for p in view["scores"]["players"]]
    assert [p["total"] for p in by_hand["players"]] == [6, 3]


def test_renown_floor_changes_only_the_renown_a_player_does_not_have(client):
    # The same three Ages with Age II's lanes played first: Sun opens on 4 - 5 - 3 = -4.
    third = copy.deepcopy(AGE_III)
    third["first_player"] = "moon"
    ages = [AGE_II, AGE_I, third]
    printed = calculated(client, GAME, {"ages": ages})
    floored = calculated(client, GAME, {"ages": ages, "options": {"renown_floor": "zero"}})
    # "sickles are negative renown": with no floor Sun is at -4 after Age I and ends 19-19, Moon
    # winning on Age III's pillars, as in the game played in order.
    assert [age["renown"]["sun"] for age in printed["ages"]] == [-4, 8, 15]
    assert [p["total"] for p in printed["players"]] == [19, 19]
    assert decided_by(printed) == (["moon"], PILLARS_TIE)
    # Under `zero` Sun loses only the 4 she has: Hadria's -5 costs her 4, the sickle nothing.
    assert [age["renown"]["sun"] for age in floored["ages"]] == [0, 8, 15]
    assert [p["total"] for p in floored["players"]] == [23, 19]
    assert decided_by(floored) == (["sun"], MOST_RENOWN)
    assert lines(floored, "moon") == lines(printed, "moon")
    changed = sorted(set(lines(printed, "sun")) ^ set(lines(floored, "sun")))
    assert changed == sorted([(-5, HADRIA), (-3, AWARD), (-4, HADRIA), (0, AWARD)])
    for scores in (printed, floored):
        for player in scores["players"]:
            assert sum(line["points"] for line in player["breakdown"]) == player["total"]


def decided_by(scores):
    return scores["winners"], scores["decided_by"]["rule"]["quote"]


def page_fields(ages, **options):
    """The calculator page's fields for `ages` (the browser leaves the unused ones empty)."""
    fields = {"count": str(len(ages)), "calculate": "1"}
    fields.update({f"options.{name}": value for name, value in options.items()})
    for a, entry in enumerate(ages):
        fields[f"ages.{a}.first_player"] = entry["first_player"]
        fields[f"ages.{a}.modifier"] = entry["modifier"]
        for name, lane_entry in entry["lanes"].items():
            prefix = f"ages.{a}.lanes.{name}"
            fields[f"{prefix}.pillar"] = lane_entry["pillar"]
            for path, reward in lane_entry["quest"].items():
                fields[f"{prefix}.quest.{path}"] = str(reward)
            for tie, pick in lane_entry.get("ties", {}).items():
                fields[f"{prefix}.ties.{tie}"] = pick
            for side in ("sun", "moon"):
                for n, entry_card in enumerate(lane_entry[side]):
                    for key, value in entry_card.items():
                        fields[f"{prefix}.{side}.{n}.{key}"] = str(value)
    return fields


def test_the_calculator_page_scores_the_hand_worked_game_as_the_api_does(client):
    page = client.get("/score/pillars-of-fate", query_string=page_fields([AGE_I, AGE_II, AGE_III]))
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert '<p class="winner">Moon wins</p>' in html
    assert PILLARS_TIE in html
    assert 'data-player="Sun">19<' in html and 'data-player="Moon">19<' in html

    third = copy.deepcopy(AGE_III)
    third["first_player"] = "moon"
    html = client.get("/score/pillars-of-fate", query_string=page_fields(
        [AGE_II, AGE_I, third], renown_floor="zero")).get_data(as_text=True)
    assert '<p class="winner">Sun wins</p>' in html
    assert 'data-player="Sun">23<' in html
