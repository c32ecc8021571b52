"""Hardening, the first audit of the outside hardening tester's findings (session 17, `audit-b`).

- 125: a key written twice in a JSON object was read as its last value; every body is now refused
  naming the key, at any depth, and the same body with each key once is read as before.
- 126: a setup's `options` given as false, 0, [] or "" started the game on the defaults (they read
  as "no options"); only a missing or null `options` means none, the rest is a 400 naming it. A
  campaign's `options` and `rulings` likewise.
- 127: a campaign without a game was a 404 "no campaign rules for game None"; a missing or
  wrongly typed `game` is a 400 naming the field.
- 125 on the pages: the event form's JSON read a key written twice as its last value; refused.
- 131: the table page's undo and redo forms read an expected_seq that is not a whole number as
  none given, and undid or redid whatever was last; it is handed to the API, which refuses it
  (left out, it still means "the last").
- 135: keeping a seat in Quest "x" (or "-1", "1.5", a 30-digit number) was a 404 "has no Quest
  None"; it is a 400 naming `number` and what was given.
- 132: under gunicorn a body over the limit was answered 413 with "Connection: keep-alive", and
  gunicorn (which drains at most 64 KiB of an unread body) then closed the connection on the next
  request; gunicorn.conf.py's pre_request makes such a request's answer say "Connection: close".
- 138: the calculators scored a player whose name was only spaces, which the setup refuses; one
  player-name schema (`engine.PLAYER_NAME`) in the four tallies that name players, a 400 naming
  the field and saying what a name is."""

import json

import pytest

from app import MAX_CONTENT_LENGTH
from referee.core.rules import BadRequest
from referee.web import decode_json
from tests.servers import Server
from tests.test_blind_hardening_4 import PagePhone, on_one_connection
from tests.test_journey_campaign import PROFILES


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


@pytest.mark.parametrize("twice, once, key", [
    ('{"player": "rome", "player": "avignon"}', '{"player": "avignon"}', "player"),
    ('{"event": {"type": "x", "path": 1, "path": 2}, "expected_seq": 0}',
     '{"event": {"type": "x", "path": 2}, "expected_seq": 0}', "path"),
    ('[{"a": 1}, {"b": {"c": 1.0, "c": 1}}]', '[{"a": 1}, {"b": {"c": 1}}]', "c")])
def test_a_key_written_twice_at_any_depth_is_refused_naming_it(twice, once, key):
    with pytest.raises(BadRequest) as refused:
        decode_json(twice.encode())
    assert f"'{key}' is written twice" in refused.value.message
    assert decode_json(once.encode()) == json.loads(once)


def test_a_setup_with_the_game_written_twice_is_a_400_and_no_game(client):
    example = client.get("/api/games/avignon").get_json()["example_setup"]
    text = json.dumps(example)
    twice = '{"game": "pilgrims", ' + text[1:]
    response = client.post("/api/sessions", data=twice, content_type="application/json")
    assert response.status_code == 400
    assert "'game' is written twice" in response.get_json()["error"]["message"]
    assert client.post("/api/sessions", data=text,
                       content_type="application/json").status_code == 201


@pytest.mark.parametrize("value", [False, 0, [], ""])
def test_options_that_are_not_an_object_are_refused_and_null_means_none(client, value):
    example = client.get("/api/games/pillars-of-fate").get_json()["example_setup"]
    response = client.post("/api/sessions", json={**example, "options": value})
    assert response.status_code == 400
    assert response.get_json()["error"]["field"] == "options"
    assert client.post("/api/sessions", json={**example, "options": None}).status_code == 201


def campaign(**fields):
    return {"game": "journey", "players": ["Ann", "Ben"],
            "options": {"pilgrim_profiles": PROFILES}, **fields}


@pytest.mark.parametrize("field", ["options", "rulings"])
def test_a_campaign_s_options_and_rulings_that_are_not_objects_are_refused(client, field):
    for value in (False, 0, [], ""):
        response = client.post("/api/campaigns", json=campaign(**{field: value}))
        assert response.status_code == 400, (value, response.get_json())
        assert response.get_json()["error"]["field"] == field
    assert client.post("/api/campaigns", json=campaign(rulings=None)).status_code == 201


@pytest.mark.parametrize("game", [None, 7, ["journey"]])
def test_a_campaign_without_a_game_is_a_400_naming_the_field(client, game):
    body = campaign(game=game)
    if game is None:
        del body["game"]
    error = client.post("/api/campaigns", json=body).get_json()["error"]
    assert (error["code"], error["field"]) == ("bad_request", "game")
    assert "None" not in error["message"] and "journey" in error["message"]
    assert client.post("/api/campaigns", json=campaign()).status_code == 201


@pytest.fixture(scope="module")
def avignon(client):
    return client.get("/api/games/avignon").get_json()


def test_the_event_form_refuses_a_key_written_twice_and_takes_it_written_once(client, avignon):
    phone = PagePhone(client, avignon)  # Rosa (rome) has beseeched: seq 1, Avignon to play
    twice = '{"player": "rome", "path": 3, "player": "avignon", "type": "beseech"}'
    response = phone.post("event", {"event": twice, "expected_seq": "1"})
    assert response.status_code == 400 and phone.seq() == 1
    assert "written twice" in response.get_data(as_text=True)


@pytest.mark.parametrize("sent", ["abc", "1.5", "", "-1", "١"])
def test_the_undo_form_refuses_a_garbled_seq_and_takes_a_whole_one_or_none(client, avignon, sent):
    phone = PagePhone(client, avignon)
    response = phone.post("undo", {"expected_seq": sent})
    assert response.status_code == 303 and "done=" not in response.headers["Location"]
    assert phone.seq() == 1
    page = phone.phone.get(response.headers["Location"]).get_data(as_text=True)
    assert "expected_seq is a whole number" in page.lower()
    done = phone.post("undo", {"expected_seq": "1"})
    assert "done=2" in done.headers["Location"] and phone.seq() == 2
    assert "done=3" in phone.post("redo", {}).headers["Location"]  # left out: the last


@pytest.mark.parametrize("number", ["x", "-1", "1.5", "9" * 30, "١"])
def test_a_quest_number_that_is_not_one_is_a_400_naming_it(client, number):
    made = client.post("/api/campaigns", json=campaign()).get_json()
    url = f"/api/campaigns/{made['id']}/quests/{number}/seats"
    error = client.post(url, headers={"Authorization": "Bearer x"}, json={}).get_json()["error"]
    assert (error["code"], error["field"]) == ("bad_request", "number")
    assert number[:20] in error["message"] and "None" not in error["message"]
    # a whole number the campaign does not have is a 404 naming it
    missing = client.post(url.replace(f"/{number}/", "/7/"), headers={"Authorization": "Bearer x"},
                          json={})
    assert missing.status_code == 404 and "has no Quest 7" in missing.get_json()["error"]["message"]


@pytest.fixture(scope="module")
def gunicorn(tmp_path_factory):
    running = Server(f"sqlite:///{tmp_path_factory.mktemp('gunicorn') / 'g.sqlite'}", "gunicorn")
    running.env["FLASK_RATELIMIT_ENABLED"] = "false"
    try:
        yield running.start()
    finally:
        if running.process and running.process.poll() is None:
            running.kill()


@pytest.mark.parametrize("size, status, connection", [
    (MAX_CONTENT_LENGTH + 1, 413, "close"), (2 * 1024 * 1024, 413, "close"),
    (MAX_CONTENT_LENGTH - 64, 400, "keep-alive")])
def test_gunicorn_says_close_with_a_body_over_the_limit_and_keeps_a_connection_it_can(
        gunicorn, size, status, connection):
    """Over the limit: 413 with Connection: close, the next request on a new connection (without
    the hook it said keep-alive and the next request was never answered); under it (a body of
    spaces, not JSON: a 400) the connection is kept and the next request answered on it."""
    body = b" " * size
    headers = {"Content-Type": "application/json"}
    (first, said), second = on_one_connection(gunicorn, ("POST", "/api/sessions", body, headers),
                                              "/api/health")
    assert (first, said) == (status, connection)
    assert second == 200  # after "close" http.client opens a new connection for it


SPACES = "   "
TALLIES = {  # game: (a tally with a name of spaces, the field, the same tally named)
    "journey": ({"outcome": "victory", "players": ["Ann", SPACES]}, "players.1"),
    "pilgrims": ({"players": [{"name": SPACES, "items": 1, "clovers": 0},
                              {"name": "Bob", "items": 0, "clovers": 3}]}, "players.0.name"),
    "we-forlorn-few": ({"crossing": 3, "players": [
        {"name": SPACES, "status": "arrived"},
        {"name": "Bob", "status": "traveler", "tiles_to_go": 1}]}, "players.0.name"),
    "pillars-of-fate": (None, "names.sun"),
}


@pytest.mark.parametrize("game", sorted(TALLIES))
def test_a_calculator_refuses_a_name_of_spaces_and_scores_a_name(client, game):
    """The field is the schema's path, as for every schema refusal (the calculator page puts the
    message at that input)."""
    tally, field = TALLIES[game]
    if tally is None:  # the game's own example tally, its Sun named with spaces
        tally = client.get(f"/api/games/{game}").get_json()["score_schema"]["examples"][0]
        tally = {**tally, "names": {**tally.get("names", {}), "sun": SPACES}}
    response = client.post(f"/api/score/{game}", json=tally)
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["field"] == field
    assert error["message"] == "a player's name is 1–40 characters, not only spaces"
    named = json.loads(json.dumps(tally).replace(f'"{SPACES}"', '" Ann "'))
    assert client.post(f"/api/score/{game}", json=named).status_code == 200
