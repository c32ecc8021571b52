"""Hardening, the first audit of the outside hardening tester's findings (session 17, `audit-b`).

- 125: a key written twice in a JSON object was read as its last value; every body is now refused
  naming the key, at any depth, and the same body with each key once is read as before.
- 126: a setup's `options` given as false, 0, [] or "" started the game on the defaults (they read
  as "no options"); only a missing or null `options` means none, the rest is a 400 naming it. A
  campaign's `options` and `rulings` likewise.
- 127: a campaign without a game was a 404 "no campaign rules for game None"; a missing or
  wrongly typed `game` is a 400 naming the field."""

import json

import pytest

from referee.core.rules import BadRequest
from referee.web import decode_json
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
