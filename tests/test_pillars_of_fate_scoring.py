"""Pillars of Fate: resolving an Age — power, suits, rewards, every Divine card that changes a lane or
scores, every quest modifier that changes a lane, the table rulings that change a result — and the
calculator (POST /api/score/pillars-of-fate)."""

import jsonschema
import pytest

from referee.core import engine
from referee.core.rules import SCORES_SCHEMA, BadRequest
from referee.pillars_of_fate import Game
from referee.pillars_of_fate.rules import (
    GLOSSARY,
    MODIFIERS,
    Q_AWARD,
    Q_MOST,
    Q_TIEBREAK,
    Q_TIES,
)
from tests.guard_cases.pillars_of_fate import card, filled

QUEST = {"feather": 3, "scorpion": -2}


def lane(sun, moon, pillar="sun", quest=QUEST, ties=None, **more):
    """A lane; its tie picks only where the test enters them (a pick for a lane that is not tied
    describes no game: finding 113)."""
    return {"quest": quest, "sun": sun, "moon": moon, "pillar": pillar, "ties": ties or {},
            **more}


# Three lanes Sun wins 5-1 with feathers dominating, so a test changes only the lane it is about.
PLAIN = lane([card(5, 1)], [card(1)])


def age(left=PLAIN, center=PLAIN, right=PLAIN, modifier="two_face_down", first_player=None):
    """An Age's tally; who held the 1st player marker is entered only when a test says."""
    entered = {"first_player": first_player} if first_player else {}
    return {"modifier": modifier, **entered,
            "lanes": {"left": left, "center": center, "right": right}}


def score(*ages, **options):
    """The calculator's answer; each Age's columns are topped up with blank cards (`filled`). The
    tallies name only the Divine card a test is about, so they are scored under
    `divine_required: not_enforced` unless a test says (tests/test_pillars_of_fate_audit_10.py
    checks the rule in a tally)."""
    options = {"divine_required": "not_enforced", **options}
    return engine.score(Game, {"ages": [filled(a, options) for a in ages], "options": options})


def lanes(answer, age_index=0):
    return {result["lane"]: result for result in answer["ages"][age_index]["lanes"]}


def lines(answer, seat):
    player = next(p for p in answer["players"] if p["seat"] == seat)
    return [(line["label"], line["points"], line["rule"]["quote"]) for line in player["breakdown"]]


def total(answer, seat):
    return next(p["total"] for p in answer["players"] if p["seat"] == seat)


# -- power, suits and rewards ----------------------------------------------------------------------


def test_the_highest_power_wins_and_the_dominant_suit_picks_the_reward():
    answer = score(age(left=lane([card(5, 0, 2)], [card(3, 1, 0)])))
    left = lanes(answer)["left"]
    assert left["power"] == {"sun": 5, "moon": 3} and left["winner"] == "sun"
    assert (left["total_feathers"], left["total_scorpions"]) == (1, 2)
    assert left["suit"] == "scorpions" and left["reward"] == -2
    assert ("Age I · left quest won, scorpions dominate", -2, Q_AWARD) in lines(answer, "sun")


def test_a_negative_reward_goes_to_the_winner_unless_the_table_rules_it_goes_to_the_loser():
    lost = lane([card(5, 0, 2)], [card(3)])
    assert total(score(age(left=lost)), "sun") == -2 + 3 + 3
    ruled = score(age(left=lost), quest_reward_to="negative_to_loser")
    assert total(ruled, "sun") == 6 and total(ruled, "moon") == -2


def test_the_dominant_suit_counts_both_players_icons_or_by_ruling_the_winners():
    contested = lane([card(5, 1)], [card(3, 0, 2)])
    assert lanes(score(age(left=contested)))["left"]["suit"] == "scorpions"
    assert lanes(score(age(left=contested), dominant_suit="winner"))["left"]["suit"] == "feathers"


def test_a_power_tie_needs_the_pillar_holders_pick():
    tied = lane([card(4, 1)], [card(4)], pillar="moon", ties={})
    with pytest.raises(BadRequest) as wrong:
        score(age(left=tied))
    assert wrong.value.field == "ages[0].lanes.left.ties.power" and "Moon" in wrong.value.message
    picked = score(age(left={**tied, "ties": {"power": "moon"}}))
    assert lanes(picked)["left"]["winner"] == "moon"


def test_a_suit_tie_needs_the_pillar_holders_pick():
    tied = lane([card(5, 1)], [card(1, 0, 1)], ties={})
    with pytest.raises(BadRequest) as wrong:
        score(age(left=tied))
    assert wrong.value.field == "ages[0].lanes.left.ties.suit"
    picked = score(age(left={**tied, "ties": {"suit": "scorpions"}}))
    assert lanes(picked)["left"]["reward"] == -2


def test_a_tie_in_a_lane_whose_pillar_never_moved_stays_undecided_or_goes_to_the_first_player():
    # a full lane whose pillar never moved: the center under "Play only 2 cards in this lane."
    # read per lane (one card each), each laid face down (face_down_limit=per_player)
    unheld = lane([card(4, 1, face="down")], [card(4, face="down")], pillar=None, ties={})
    rulings = {"face_down_limit": "per_player", "lane_size_modifiers": "per_lane"}
    answer = score(age(center=unheld, modifier="two_cards"), **rulings)
    assert lanes(answer)["center"]["winner"] is None
    assert any(quote == Q_TIES for _label, _points, quote in lines(answer, "sun")) is False
    ruled = score(age(center={**unheld, "ties": {"power": "moon"}}, modifier="two_cards",
                      first_player="moon"), unheld_pillar_ties="first_player", **rulings)
    assert lanes(ruled)["center"]["winner"] == "moon"


def test_renown_may_fall_below_zero_unless_the_table_rules_a_floor():
    losing = lane([card(5, 0, 2)], [card(3)], quest={"feather": 1, "scorpion": -4})
    draw = lane([card(1)], [card(5, 1)])
    assert total(score(age(left=losing, center=draw, right=draw)), "sun") == -4
    floored = score(age(left=losing, center=draw, right=draw), renown_floor="zero")
    assert total(floored, "sun") == 0
    assert "renown cannot fall below 0" in lines(floored, "sun")[0][0]


# -- quest modifiers -------------------------------------------------------------------------------


@pytest.mark.parametrize(("modifier", "sun_power", "sun_feathers"), [
    ("double_power", 10 + 2, 2), ("double_suit", 5 + 2, 4), ("no_power", 0 + 2, 2),
    ("no_suit", 5 + 2, 0)])
def test_each_first_card_modifier_changes_each_players_first_card(modifier, sun_power,
                                                                  sun_feathers):
    center = lane([card(5, 2), card(2)], [card(2, 1), card(1)],
                  ties={"suit": "feathers"} if modifier == "no_suit" else None)
    result = lanes(score(age(center=center, modifier=modifier)))["center"]
    assert result["power"]["sun"] == sun_power and result["feathers"]["sun"] == sun_feathers
    moon_first = {"double_power": 4, "double_suit": 2, "no_power": 0, "no_suit": 2}[modifier]
    assert result["power"]["moon"] == moon_first + 1
    assert MODIFIERS[modifier].rstrip(".") in result["values"]["sun"][0]["notes"]


def test_the_first_card_ruling_lane_first_changes_only_the_lanes_first_card():
    center = lane([card(5, 2), card(1)], [card(2, 1), card(1)], pillar="moon",
                  first="moon")
    result = lanes(score(age(center=center, modifier="double_power"),
                         first_card="lane_first"))["center"]
    assert result["power"] == {"sun": 6, "moon": 5}


def test_the_least_power_wins_the_center_under_its_modifier():
    center = lane([card(5, 1)], [card(1)])
    answer = score(age(center=center, modifier="least_power"))
    assert lanes(answer)["center"]["winner"] == "moon" and lanes(answer)["left"]["winner"] == "sun"


def test_the_calculator_refuses_more_cards_than_a_lane_holds():
    with pytest.raises(BadRequest) as wrong:
        score(age(center=lane([card(1)] * 3, [card(1)]), modifier="two_cards"))
    assert wrong.value.field == "ages[0].lanes.center.sun"
    assert lanes(score(age(center=lane([card(1, 1)] * 4, [card(1)]),
                           modifier="four_cards")))["center"]["power"]["sun"] == 4


# -- Divine cards ----------------------------------------------------------------------------------


def divine(name, power=1, feathers=0, scorpions=0, **more):
    return card(power, feathers, scorpions, divine=name, **more)


def test_aponi_makes_your_other_8s_in_its_lane_2():
    aponi = lane([card(8), divine("Aponi", 8)], [card(1)], ties={"suit": "feathers"})
    left = lanes(score(age(left=aponi)))["left"]
    assert left["power"]["sun"] == 2 + 8


def test_saghari_makes_your_other_3s_in_its_lane_7():
    left = lanes(score(age(left=lane([card(3, 1), divine("Saghari", 3)], [card(1)]))))["left"]
    assert left["power"]["sun"] == 7 + 3


def test_arbiter_face_down_has_4_scorpions():
    down = lanes(score(age(left=lane([card(5, 1), divine("Arbiter", 2, 1, face="down")],
                                     [card(1)]))))["left"]
    assert (down["feathers"]["sun"], down["scorpions"]["sun"]) == (1, 4)
    up = lanes(score(age(left=lane([card(5, 1), divine("Arbiter", 2, 1)], [card(1)]))))["left"]
    assert (up["feathers"]["sun"], up["scorpions"]["sun"]) == (2, 0)


def test_klar_face_down_has_power_minus_1():
    down = lanes(score(age(left=lane([card(5, 1), divine("Klar", 4, face="down")],
                                     [card(1)]))))["left"]
    assert down["power"]["sun"] == 5 - 1
    up = lanes(score(age(left=lane([card(5, 1), divine("Klar", 4)], [card(1)]))))["left"]
    assert up["power"]["sun"] == 9


@pytest.mark.parametrize(("itself", "icons"), [(True, (1, 2)), (False, (0, 3))])
def test_belan_reverses_your_suits_in_its_lane(itself, icons):
    left = lanes(score(age(left=lane([card(5, 2), divine("Belan", 1, 0, 1)], [card(1)])),
                       belan_includes_itself=itself))["left"]
    assert (left["feathers"]["sun"], left["scorpions"]["sun"]) == icons


# each column is full (three cards: the rest blank), so "each card" adds 2 three times
@pytest.mark.parametrize(("ruling", "left", "right"), [("lane_total", 5 + 1 + 2, 5 + 2),
                                                       ("each_card", 5 + 1 + 2 * 3, 5 + 2 * 3)])
def test_eradan_adds_2_power_to_your_other_lanes(ruling, left, right):
    answer = lanes(score(age(left=lane([card(5, 1), card(1, 1)], [card(1)]),
                             center=lane([divine("Eradan", 2)], [card(1)], ties={"suit": "feathers"})),
                         eradan_power=ruling))
    assert answer["center"]["power"]["sun"] == 2
    assert answer["left"]["power"]["sun"] == left
    assert answer["right"]["power"]["sun"] == right


def test_hadria_costs_the_opponent_5_when_they_win_its_lane():
    answer = score(age(left=lane([card(5, 1)], [divine("Hadria", 1)])))
    assert ("Age I · Hadria: won the left lane where the opponent's Hadria lies", -5,
            GLOSSARY["Hadria"]) in lines(answer, "sun")
    assert total(answer, "sun") == 3 * 3 - 5


def test_prophet_gains_5_when_you_win_its_lane():
    answer = score(age(left=lane([divine("Prophet", 5, 1)], [card(1)])))
    assert ("Age I · Prophet: won the left lane", 5, GLOSSARY["Prophet"]) in lines(answer, "sun")
    lost = score(age(left=lane([divine("Prophet", 1, 1)], [card(5)])))
    assert not any("Prophet" in label for label, _p, _q in lines(lost, "sun"))


def test_mother_to_all_gains_10_when_you_lose_every_lane():
    answer = score(age(left=lane([card(5, 1)], [divine("Mother to All", 1)])))
    assert ("Age I · Mother to All: lost all quest lanes", 10,
            GLOSSARY["Mother to All"]) in lines(answer, "moon")
    won_one = score(age(left=lane([card(1)], [divine("Mother to All", 5, 1)], pillar="moon")))
    assert not any("Mother" in label for label, _p, _q in lines(won_one, "moon"))


def test_invictus_played_first_is_a_0_card_and_otherwise_copies_a_card_above():
    first = lanes(score(age(left=lane([divine("Invictus", 9, 3), card(5, 1)], [card(1)]))))
    assert first["left"]["power"]["sun"] == 5 and first["left"]["feathers"]["sun"] == 1
    named = lanes(score(age(left=lane([card(5, 1), card(2), divine("Invictus", 9, copies=1)],
                                      [card(1)]))))
    assert named["left"]["power"]["sun"] == 5 + 2 + 5 and named["left"]["feathers"]["sun"] == 2
    above = lanes(score(age(left=lane([card(5, 1), card(2), divine("Invictus", 9)], [card(1)])),
                        invictus_copies="directly_above"))
    assert above["left"]["power"]["sun"] == 5 + 2 + 2


def test_pentha_makes_the_opposite_card_power_0():
    answer = lanes(score(age(left=lane([card(5, 1), card(4)],
                                       [card(1), divine("Pentha", 1)]))))
    assert answer["left"]["power"]["sun"] == 5 + 0
    named = lanes(score(age(left=lane([card(5, 1), card(4)],
                                      [card(1), divine("Pentha", 1, opposite=1)])),
                        opposite="named"))
    assert named["left"]["power"]["sun"] == 0 + 4


def test_isabel_reverses_the_suit_of_the_opposite_card_if_it_has_one():
    answer = lanes(score(age(left=lane([card(5, 2), card(4, 1)],
                                       [card(1), divine("Isabel", 1, 0, 0)]))))["left"]
    assert (answer["feathers"]["sun"], answer["scorpions"]["sun"]) == (2, 1)
    plain = lanes(score(age(left=lane([card(5, 2), card(4)],
                                      [card(1), divine("Isabel", 1)]))))["left"]
    assert (plain["feathers"]["sun"], plain["scorpions"]["sun"]) == (2, 0)


def test_steward_adds_scorpions_to_its_left_and_feathers_to_its_right():
    center = lane([divine("Steward", 6)], [card(1)], ties={"suit": "feathers"})
    answer = lanes(score(age(center=center)))
    assert answer["left"]["bonus"] == {"feathers": 0, "scorpions": 2}
    assert answer["right"]["bonus"] == {"feathers": 2, "scorpions": 0}
    assert answer["center"]["bonus"] == {"feathers": 0, "scorpions": 0}


def test_moons_steward_reads_left_and_right_from_moons_seat_unless_ruled_from_the_table():
    center = lane([card(1, 1)], [divine("Steward", 6, 1)], pillar="moon")
    owner = lanes(score(age(center=center)))
    assert owner["left"]["bonus"] == {"feathers": 2, "scorpions": 0}
    table = lanes(score(age(center=center), steward_sides="table"))
    assert table["left"]["bonus"] == {"feathers": 0, "scorpions": 2}


def test_the_stewards_icons_go_to_its_owner_by_ruling():
    center = lane([divine("Steward", 6)], [card(1)], ties={"suit": "feathers"})
    answer = lanes(score(age(center=center), steward_icons_to="owner"))
    assert answer["left"]["bonus"] == {"feathers": 0, "scorpions": 0}
    assert answer["left"]["scorpions"]["sun"] == 2


# -- the game's end --------------------------------------------------------------------------------


def test_after_three_ages_the_most_renown_wins():
    suitless = lane([card(5, 1)], [card(1)], ties={"suit": "feathers"})  # "no suit" takes Sun's only feather
    answer = score(age(), age(center=suitless, modifier="no_suit"), age(modifier="double_suit"))
    assert answer["winners"] == ["sun"] and total(answer, "sun") == 27
    assert answer["decided_by"]["rule"]["quote"] == Q_MOST
    jsonschema.validate(answer, SCORES_SCHEMA)


def test_a_renown_tie_goes_to_more_pillars_in_the_last_age_or_is_shared():
    sun_wins = lane([card(5, 1)], [card(1)], quest={"feather": 2, "scorpion": 0})
    moon_wins = lane([card(1)], [card(5, 1)], pillar="moon", quest={"feather": 2, "scorpion": 0})
    nothing = {"feather": 0, "scorpion": 0}
    even = age(left=sun_wins, center=lane([card(5)], [card(1)], quest=nothing, ties={"suit": "feathers"}),
               right=moon_wins)
    # Age III's center pillar never moved: under "Play only 2 cards in this lane." read per lane
    # (one card each) both lie face down (face_down_limit=per_player); pillars 1-1
    last = age(left=sun_wins, right=moon_wins, modifier="two_cards", center=lane(
        [card(3, 1, face="down")], [card(1, face="down")], pillar=None, quest=nothing))
    rulings = {"face_down_limit": "per_player", "lane_size_modifiers": "per_lane"}
    nobody = score(even, {**even, "modifier": "no_suit"}, last, **rulings)
    assert nobody["winners"] == []  # the book names no winner past its tie-breaker
    assert nobody["decided_by"]["rule"]["quote"] == Q_TIEBREAK
    shared = score(even, {**even, "modifier": "no_suit"}, last, tie_past_pillars="shared",
                   **rulings)
    assert shared["winners"] == ["sun", "moon"]
    assert shared["decided_by"]["rule"]["quote"] == Q_TIEBREAK
    ruled = score(even, {**even, "modifier": "no_suit"}, {**last, "first_player": "moon"},
                  unheld_pillar_at_end="first_player", **rulings)
    assert ruled["winners"] == ["moon"] and "Moon 2" in ruled["decided_by"]["tie_break"]


def test_fewer_than_three_ages_give_no_winner_yet():
    answer = score(age())
    assert answer["winners"] == [] and "1 of 3 Ages" in answer["decided_by"]["text"]


def test_the_calculator_refuses_a_reused_modifier_two_divine_cards_and_a_bad_pillar():
    with pytest.raises(BadRequest) as reused:
        score(age(), age())
    assert reused.value.field == "ages[1].modifier"
    with pytest.raises(BadRequest) as two:
        score(age(left=lane([divine("Prophet", 5, 1)], [card(1)]),
                  right=lane([divine("Klar", 5, 1)], [card(1)])))
    assert two.value.field.startswith("ages[0].lanes.right")
    with pytest.raises(BadRequest) as pillar:  # one card each in the center (per lane)
        score(age(center=lane([card(5, 1, face="down")], [card(1)], pillar="sun"),
                  modifier="two_cards"), lane_size_modifiers="per_lane")
    assert pillar.value.field == "ages[0].lanes.center.pillar"


def test_the_calculator_over_http_with_rulings_and_errors(client):
    body = {"ages": [filled(age())], "options": {"dominant_suit": "winner"}}
    answer = client.post("/api/score/pillars-of-fate", json=body)
    assert answer.status_code == 200
    jsonschema.validate(answer.get_json(), SCORES_SCHEMA)
    wrong = client.post("/api/score/pillars-of-fate",
                        json={"ages": [age()], "options": {"dominant_suit": "mine"}})
    assert wrong.status_code == 400 and wrong.get_json()["error"]["field"] == \
        "options.dominant_suit"
    unknown = client.post("/api/score/pillars-of-fate", json={"ages": [age()],
                                                              "options": {"colour": 1}})
    assert unknown.status_code == 400 and unknown.get_json()["error"]["field"] == "options.colour"


def test_the_steward_reaches_every_lane_on_a_side_or_by_ruling_only_the_adjacent_one():
    left = lane([divine("Steward", 6)], [card(1)], ties={"suit": "feathers"})
    answer = lanes(score(age(left=left)))
    assert answer["center"]["bonus"]["feathers"] == 2 and answer["right"]["bonus"]["feathers"] == 2
    ruled = lanes(score(age(left=left), steward_reach="adjacent"))
    assert ruled["center"]["bonus"]["feathers"] == 2 and ruled["right"]["bonus"]["feathers"] == 0
