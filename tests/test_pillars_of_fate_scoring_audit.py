"""Scoring audit of Pillars of Fate (session 7): the end of the game, the tie past the tie-breaker,
the live result against the calculator, and the face-down refusal of a table entered whole.

From the book (Resolving an Age, Game End): each lane's dominant suit picks the quest's reward, the
highest power wins it, the pillar holder decides ties; "After 3 Ages, players count their victory
point tokens. The player with the most renown wins. Tie breaker: Whoever has more pillars in the
last round wins." — and nothing past it. Through the HTTP API (one app for the module); the tables
reuse the earlier audits' helpers.
"""

import pytest

from tests.test_pillars_of_fate_audit import C, D, Q, finish, position, quiet, score
from tests.test_pillars_of_fate_audit_3 import held, tally

Q_MOST = "The player with the most renown wins."
Q_TIEBREAK = "Tie breaker: Whoever has more pillars in the last round wins."
Q_FACE_DOWN = "1 card per lane may be played face down."


@pytest.fixture
def client(module_client):
    return module_client


def result(response) -> dict:
    assert response.status_code == 200, response.get_json()
    return response.get_json()


# -- the end of the game ---------------------------------------------------------------------------


def unheld_center():
    """Age III's center under `two_cards` with only face-down cards (each player's Divine card,
    which uses no face-down place under face_down_divine_counts=false, and one champion card
    each, per player): no face-up card, so its pillar never moved. Moon wins it 4 to 3, reward 0."""
    return {"quest": Q(0, 0), "pillar": None,
            "sun": [D("Prophet", 1, f=1, face="down"), C(2, f=1, face="down")],
            "moon": [D("Hadria", 2, f=1, face="down"), C(2, f=1, face="down")]}


FULL_TIE_RULINGS = {"face_down_limit": "per_player", "face_down_divine_counts": False}


def full_tie_ages():
    """Renown 0 to 0 (every reward 0, no Divine card scoring); Age III's pillars: Sun the left,
    Moon the right, nobody the center."""
    return [tally(held(("sun",) * 3), "double_power"),
            tally(held(("moon",) * 3), "no_suit", "moon"),
            tally({"left": {**quiet(), "pillar": "sun"}, "center": unheld_center(),
                   "right": {**quiet(), "pillar": "moon"}}, "two_cards")]


def test_a_tie_past_the_tie_breaker_has_no_winner_by_default(client):
    """Renown tied and Age III's pillars tied (1 to 1, one never moved): "The player with the most
    renown wins." and "Tie breaker: Whoever has more pillars in the last round wins." name nobody,
    and the book says nothing more: no winner (table ruling tie_past_pillars, default)."""
    answer = result(score(client, full_tie_ages(), **FULL_TIE_RULINGS))
    assert {p["seat"]: p["total"] for p in answer["players"]} == {"sun": 0, "moon": 0}
    assert answer["winners"] == []
    assert answer["decided_by"]["rule"]["quote"] == Q_TIEBREAK
    assert answer["decided_by"]["tie_break"] == "pillars in Age III: Sun 1, Moon 1"
    assert "no winner" in answer["decided_by"]["text"]


def test_a_tie_past_the_tie_breaker_is_shared_under_its_ruling(client):
    answer = result(score(client, full_tie_ages(), tie_past_pillars="shared", **FULL_TIE_RULINGS))
    assert answer["winners"] == ["sun", "moon"]
    assert "shared" in answer["decided_by"]["text"]


def test_the_ruling_is_a_named_option_citing_both_sentences(client):
    option = client.get("/api/games/pillars-of-fate").get_json()["options"]["tie_past_pillars"]
    assert option["default"] == "no_winner"
    assert [c["quote"] for c in option["rules"]] == [Q_MOST, Q_TIEBREAK]


def test_a_full_tie_at_the_end_of_a_played_game(client):
    """The same Age III played to its end from a position (renown 4 to 4 before it): nobody wins by
    default; the game is over and shows the pillars it counted."""
    lanes = {"left": {**quiet(), "pillar": "sun"}, "center": unheld_center(),
             "right": {**quiet(), "pillar": "moon"}}
    table, response = finish(client, lanes, last=("moon", "right"), age=3,
                             renown={"sun": 4, "moon": 4}, modifier="two_cards",
                             modifiers_used=["double_power", "no_suit"],
                             options=FULL_TIE_RULINGS)
    assert response.status_code == 200, response.get_json()
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["winners"] == []
    assert view["scores"]["decided_by"]["tie_break"] == "pillars in Age III: Sun 1, Moon 1"


def test_pillars_count_for_their_holder_even_in_a_lane_it_lost(client):
    """The tie-breaker counts pillars held, not lanes won: in Age III Moon wins every lane (quiet
    lanes, reward 0) but Sun holds two pillars: Sun wins the tied game."""
    ages = [tally({}, "double_power"), tally({}, "no_suit", "moon"),
            tally(held(("sun", "sun", "moon")), "two_face_down")]
    answer = result(score(client, ages))
    assert all(lane["winner"] == "moon" for lane in answer["ages"][2]["lanes"])
    assert answer["winners"] == ["sun"] and answer["decided_by"]["rule"]["quote"] == Q_TIEBREAK


def test_the_played_end_and_the_calculator_agree(client):
    """Age I: Sun wins the left lane (15 to 3, feathers): +3. Age II: nothing. Age III, played: Moon
    wins the left lane (6 to 3, feathers) of a 4-feather quest: +4. Moon 4, Sun 3: Moon wins —
    the game played from Age III (renown 3 to 0 before it) and the calculator given the three Ages
    say the same totals, winner and rule."""
    age_one_left = {"quest": Q(3, 0), "pillar": "sun", "sun": [C(5, f=1)] * 3,
                    "moon": [C(1), C(1), C(1)]}
    age_three_left = {**quiet(sun_divine="Namari"), "quest": Q(4, 0)}
    lanes = {"left": age_three_left, "center": quiet(), "right": quiet(moon_divine="Naka")}
    table, response = finish(client, lanes, last=("moon", "center"), age=3,
                             renown={"sun": 3, "moon": 0},
                             modifiers_used=["least_power", "no_suit"])
    assert response.status_code == 200, response.get_json()
    live = table.view()["scores"]
    answer = result(score(client, [tally({"left": age_one_left}, "least_power"),
                                   tally({}, "no_suit", "moon"),
                                   tally(lanes, "two_face_down")]))
    assert {p["seat"]: p["total"] for p in live["players"]} == \
        {p["seat"]: p["total"] for p in answer["players"]} == {"sun": 3, "moon": 4}
    assert live["winners"] == answer["winners"] == ["moon"]
    assert live["decided_by"]["rule"]["quote"] == answer["decided_by"]["rule"]["quote"] == Q_MOST


def test_each_ages_renown_adds_up_to_the_total(client):
    ages = [tally({"left": {**quiet(), "quest": Q(2, 0)}}, "double_power"),
            tally({"right": {**quiet(), "quest": Q(-1, 0)}}, "no_suit", "moon"),
            tally({"center": {**quiet(), "quest": Q(5, 0)}}, "two_face_down")]
    answer = result(score(client, ages))
    assert [age["renown"]["moon"] for age in answer["ages"]] == [2, -1, 5]
    moon = next(p for p in answer["players"] if p["seat"] == "moon")
    assert moon["total"] == 6 == sum(line["points"] for line in moon["breakdown"])


# -- the face-down limit of a table entered whole ------------------------------------------------


def test_a_face_down_limit_broken_by_two_players_names_both_cards(client):
    """"1 card per lane may be played face down." — a tally with a face-down card of each player in
    the left lane: which was laid last is not entered, so the refusal names both cards."""
    left = {**quiet(), "sun": [C(1, f=1, face="down"), C(1, f=1), C(1, f=1)],
            "moon": [C(2, f=1), C(2, f=1, face="down"), C(2, f=1)]}
    response = score(client, [tally({"left": left})])
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["rule"]["quote"] == Q_FACE_DOWN
    assert "Sun's at position 1" in error["message"] and "Moon's at position 2" in error["message"]


def test_a_position_names_both_cards_too(client):
    lanes = {"left": {"quest": Q(0, 0), "sun": [C(1, f=1, face="down")],
                      "moon": [C(2, f=1, face="down")]}}
    response = client.post("/api/sessions", json={
        "game": "pillars-of-fate", "players": [{"name": "Ana", "seat": "sun"},
                                               {"name": "Ben", "seat": "moon"}],
        "position": position(lanes, turn="sun")})
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert "Sun's at position 1" in error["message"] and "Moon's at position 1" in error["message"]
    assert error["rule"]["quote"] == Q_FACE_DOWN


def test_per_player_names_only_that_players_cards(client):
    """Under face_down_limit=per_player the limit is each player's: Sun's two face-down cards break
    it, Moon's does not come into it."""
    left = {**quiet(), "sun": [C(1, f=1, face="down"), C(1, f=1, face="down"), C(1, f=1)],
            "moon": [C(2, f=1), C(2, f=1, face="down"), C(2, f=1)]}
    response = score(client, [tally({"left": left})], face_down_limit="per_player")
    assert response.status_code == 400
    message = response.get_json()["error"]["message"]
    assert "Sun's at position 1" in message and "Sun's at position 2" in message
    assert "Moon's" not in message
