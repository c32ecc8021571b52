"""We Forlorn Few: a ninth audit (session 13), through the HTTP API. A position's `to_play` lists
every Player still to take a turn this round: "Beginning with the First Player and moving to the
left, the Player turns are resolved." The book skips no one, so a seat to the current Player's
left (up to the First Player) that is still in the game — a Traveler or a Ravenous Traveler — and
is left out is a 400 naming `position.to_play` with that sentence. A seat that takes no more turns
(perished, or in Newhaven: "Once a Traveler reaches Newhaven their journey is over and they have
completed the game.") may be listed or left out.

Then outsider finding 68 (a round and a Season deck that cannot go together were accepted) and the
question writer's S13 (every Traveler turns Ravenous: who wins), table ruling
`all_ravenous_winners`."""

import pytest

from tests.api_table import quotes_from
from tests.guard_cases.we_forlorn_few import TERRAIN as GUARD_TERRAIN
from tests.guard_cases.we_forlorn_few import at, ravenous, traveler
from tests.test_we_forlorn_few_audit import TERRAIN, board, position

in_book = quotes_from("we-forlorn-few")
Q_ROUND = in_book("Beginning with the First Player and moving to the left, the Player turns are "
                  "resolved.")


@pytest.fixture
def client(module_client):
    return module_client


def create(client, p2, to_play):
    return client.post("/api/sessions", json={
        "game": "we-forlorn-few", "players": ["Ann", "Bob", "Cleo"], "options": {"terrain": TERRAIN},
        "position": position("travel", p1=board("A1"), p2=p2, p3=board("CF"))
        | {"to_play": to_play}})


@pytest.mark.parametrize("p2", [board("A2"), {"tile": "A2", "status": "ravenous", "hunger": 1}],
                         ids=["traveler", "ravenous"])
def test_a_seat_still_in_the_game_left_out_of_to_play_is_refused(client, p2):
    response = create(client, p2, ["p3"])
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["field"] == "position.to_play"
    assert Q_ROUND in error["message"] and "p2" in error["message"]
    for to_play in ([], ["p2"]):  # Cleo left out too, or alone
        response = create(client, p2, to_play)
        assert response.status_code == 400, response.get_json()
        assert response.get_json()["error"]["field"] == "position.to_play"
    response = create(client, p2, ["p2", "p3"])
    assert response.status_code == 201, response.get_json()


def test_a_seat_that_takes_no_more_turns_may_be_left_out(client):
    for to_play in (["p3"], ["p2", "p3"]):
        response = create(client, {"status": "out"}, to_play)
        assert response.status_code == 201, response.get_json()


# == Finding 68: the round and the Season deck go together =========================================

Q_SEASON_DRAW = in_book("At the beginning of each round the First Player will draw the top Season "
                        "card, read it aloud and resolve it.")


def setup_with(client, **position):
    return client.post("/api/sessions", json={
        "game": "we-forlorn-few", "players": ["Ann", "Bob"], "options": {"terrain": TERRAIN},
        "position": {"players": {"p1": board("A1"), "p2": board("A2")}, **position}})


@pytest.mark.parametrize(("phase", "round_", "left"), [
    ("travel", 2, 3), ("travel", 2, 11), ("travel", 4, 9), ("season", 4, 8), ("season", 1, 11)])
def test_a_round_and_season_deck_that_do_not_go_together_are_refused(client, phase, round_, left):
    """ "Draw the top three cards from each Season and combine them into a single deck" (twelve)
    and one is drawn each round ("At the beginning of each round the First Player will draw the
    top Season card…"): in round r, 13 - r are left before its card (the Season phase), 12 - r
    after. Any other count is a 400 naming `position.season_deck` with the draw sentence."""
    extra = {"current": "p1"} if phase != "season" else {}
    response = setup_with(client, phase=phase, round=round_, season_deck=left, **extra)
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["field"] == "position.season_deck" and Q_SEASON_DRAW in error["message"]


@pytest.mark.parametrize(("phase", "round_", "left"), [
    ("travel", 2, 10), ("travel", 12, 0), ("season", 4, 9), ("season", 1, 12)])
def test_a_round_and_season_deck_that_go_together_are_accepted(client, phase, round_, left):
    extra = {"current": "p1"} if phase != "season" else {}
    response = setup_with(client, phase=phase, round=round_, season_deck=left, **extra)
    assert response.status_code == 201, response.get_json()


@pytest.mark.parametrize(("phase", "left", "round_"), [("travel", 8, 4), ("season", 8, 5),
                                                        ("event", 0, 12)])
def test_either_one_entered_alone_gives_the_other(client, phase, left, round_):
    extra = {"current": "p1"} if phase != "season" else {}
    response = setup_with(client, phase=phase, season_deck=left, **extra)
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["state"]["round"] == round_
    response = setup_with(client, phase=phase, round=round_, **extra)
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["state"]["season_deck"] == left


# == S13: every Traveler turns Ravenous — table ruling all_ravenous_winners ========================

Q_ALL_RAVENOUS = in_book("If all Travelers turn Ravenous, the game is over.")
Q_RAVENOUS_GOAL = in_book("To survive until all Players have perished OR until a Player reaches "
                          "Newhaven and ends the game.")


def the_last_traveler_turns_ravenous(client, **options):
    """Ann, the last Traveler (no Companion left, three Hunger), draws a card giving one more
    Hunger: she turns Ravenous; Bob and Cleo already are."""
    response = client.post("/api/sessions", json={
        "game": "we-forlorn-few", "players": ["Ann", "Bob", "Cleo"],
        "options": {"terrain": GUARD_TERRAIN, **options},
        "position": at("event", p1=traveler("W1", companions=0, ailments={"hunger": 3}),
                       p2=ravenous("M1"), p3=ravenous("P1"))})
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    answer = client.post(f"/api/sessions/{body['id']}/events",
                         headers={"Authorization": f"Bearer {body['edit_token']}"},
                         json={"event": {"type": "event_card", "player": "p1", "card": "Famine",
                                         "ailments": {"hunger": 1}},
                               "expected_seq": body["seq"]})
    assert answer.status_code == 200, answer.get_json()
    return client.get(f"/api/sessions/{body['id']}").get_json()


def test_by_default_nobody_wins_when_every_traveler_turned_ravenous(client):
    view = the_last_traveler_turns_ravenous(client)
    assert view["over"] is True
    assert view["scores"]["winners"] == []
    assert view["scores"]["decided_by"]["rule"]["quote"] == Q_ALL_RAVENOUS


def test_under_surviving_ravenous_the_ravenous_still_in_the_game_win(client):
    view = the_last_traveler_turns_ravenous(client, all_ravenous_winners="surviving_ravenous")
    assert view["over"] is True
    assert view["scores"]["winners"] == ["p1", "p2", "p3"]
    assert view["scores"]["decided_by"]["rule"]["quote"] == Q_RAVENOUS_GOAL


def calculated(client, **ruling):
    response = client.post("/api/score/we-forlorn-few", json={"crossing": 5, **ruling, "players": [
        {"name": "Ann", "status": "ravenous", "tiles_to_go": 3},
        {"name": "Bob", "status": "out"},
        {"name": "Cleo", "status": "ravenous", "cut_off": True}]})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_the_calculator_takes_the_same_ruling(client):
    assert calculated(client)["winners"] == []
    assert calculated(client, all_ravenous_winners="none")["winners"] == []
    survivors = calculated(client, all_ravenous_winners="surviving_ravenous")
    assert survivors["winners"] == ["p1", "p3"]
    assert survivors["decided_by"]["rule"]["quote"] == Q_RAVENOUS_GOAL
    assert "Ann, Cleo" in survivors["decided_by"]["text"]


# == Findings 70, 71, 78: positions a table cannot be in ===========================================

Q_PHASES = in_book("Each Player's turn consists of four phases that MUST be resolved in the "
                   "following order:")
Q_TURNS_RAVENOUS_WHEN = in_book("A Player turns Ravenous once all of their Companions and their "
                                "Traveler have perished.")


def two_players(client, p2=None, **position):
    return client.post("/api/sessions", json={
        "game": "we-forlorn-few", "players": ["Ann", "Bob"], "options": {"terrain": TERRAIN},
        "position": {"round": 2, "season_deck": 10, "current": "p1",
                     "players": {"p1": board("A1"), "p2": p2 or board("A2")}, **position}})


def refused_field(response):
    assert response.status_code == 400, response.get_json()
    return response.get_json()["error"]


@pytest.mark.parametrize("phase", ["travel", "gathering", "event"])
def test_camp_actions_done_belong_to_the_camp_phase(client, phase):
    error = refused_field(two_players(client, phase=phase, camp_done=["recuperate"]))
    assert error["field"] == "position.camp_done" and Q_PHASES in error["message"]
    assert two_players(client, phase="camp", camp_done=["recuperate"]).status_code == 201


def test_who_was_attacked_belongs_to_the_ravenous_combat_phase(client):
    ravenous_bob = {"tile": "A2", "status": "ravenous", "hunger": 1}
    error = refused_field(two_players(client, ravenous_bob, phase="ravenous_movement",
                                      current="p2", attacked=["p1"]))
    assert error["field"] == "position.attacked"
    assert two_players(client, ravenous_bob, phase="ravenous_combat", current="p2",
                       attacked=["p1"]).status_code == 201


@pytest.mark.parametrize(("given", "field"), [
    ({"companions": 2}, "companions"), ({"resources": {"food": 1}}, "resources"),
    ({"ailments": {"thirst": 1}}, "ailments"), ({"equipment": ["Snare"]}, "equipment")])
def test_a_ravenous_board_entered_with_what_was_returned_is_refused(client, given, field):
    bob = {"tile": "A2", "status": "ravenous", "hunger": 1, **given}
    error = refused_field(two_players(client, bob, phase="camp"))
    assert error["field"] == f"position.players.p2.{field}"
    assert Q_TURNS_RAVENOUS_WHEN in error["message"]
    fine = {"tile": "A2", "status": "ravenous", "hunger": 1, "companions": 0,
            "resources": {"food": 0}}
    assert two_players(client, fine, phase="camp").status_code == 201


@pytest.mark.parametrize(("phase", "left", "season", "ok"), [
    ("travel", 10, "spring", True), ("travel", 8, "summer", True), ("travel", 8, "winter", False),
    ("travel", 8, "spring", False), ("season", 9, "spring", True), ("season", 8, "summer", True),
    ("travel", 0, "winter", True), ("season", 12, "spring", False)])
def test_the_season_card_in_effect_is_the_last_one_drawn(client, phase, left, season, ok):
    """ "…Spring on top followed by Summer, Fall and then Winter on the bottom of the deck.", three
    of each: with 8 left four were drawn, the fourth a Summer card; with 12 left none is in
    effect."""
    position = {"phase": phase, "season_deck": left, "season": {"season": season}}
    if phase == "season":
        position["first_player"] = "p1"
    response = client.post("/api/sessions", json={
        "game": "we-forlorn-few", "players": ["Ann", "Bob"], "options": {"terrain": TERRAIN},
        "position": {**position, **({"current": "p1"} if phase != "season" else {}),
                     "players": {"p1": board("A1"), "p2": board("A2")}}})
    assert (response.status_code == 201) is ok, response.get_json()
    if not ok:
        assert response.get_json()["error"]["field"].startswith("position.season")
