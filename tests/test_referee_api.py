"""The referee's HTTP API, for every game that has a referee: what it declares, and how it answers
good and bad requests."""

import json

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import referees
from referee.core.rules import SCORES_SCHEMA

GAMES = sorted(referees())


def start(client, game_id):
    rules = client.get(f"/api/games/{game_id}").get_json()
    response = client.post("/api/sessions", json=rules["example_setup"])
    assert response.status_code == 201, response.get_json()
    game = response.get_json()
    if not game["legal"] and game["current_players"]:  # hidden information: look as the seat to act
        seat = game["current_players"][0]
        game["legal"] = client.get(f"/api/sessions/{game['id']}?seat={seat}", headers={
            "Authorization": f"Bearer {game['edit_token']}"}).get_json()["legal"]
    return game


def first_legal(client, game):
    """The first legal event, its open fields (values only the table knows) filled from the
    event type's example."""
    event = dict(game["legal"][0])
    open_fields = event.pop("open", [])
    if open_fields:
        example = client.get(f"/api/games/{game['game']}").get_json()["events"][event["type"]]
        event.update({name: example["example"][name] for name in open_fields})
    return event


def post(client, game, body, token=None):
    token = game["edit_token"] if token is None else token
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return client.post(f"/api/sessions/{game['id']}/events", json=body, headers=headers)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_declares_its_events_phases_options_and_an_example_setup(client, game_id):
    rules = client.get(f"/api/games/{game_id}").get_json()
    assert rules["game"] == game_id and rules["title"]
    assert rules["events"], "a game declares its event types"
    for name, event in rules["events"].items():
        jsonschema.Draft202012Validator.check_schema(event["schema"])
        jsonschema.validate(event["example"], event["schema"])
        assert event["example"]["type"] == name and event["description"]
    assert rules["phases"]["mermaid"].startswith("---")
    assert "stateDiagram-v2" in rules["phases"]["mermaid"]
    assert rules["phases"]["states"]
    for option in rules["options"].values():
        jsonschema.validate(option["default"], option["schema"])
        assert all(rule["section_id"] for rule in option["rules"])
    phase = rules["rules"]["phase"]
    for rule in [rules["rules"]["turn"], rules["rules"]["end"],
                 *(phase.values() if "quote" not in phase else [phase])]:
        assert rule["section_id"], rule


@pytest.mark.parametrize("game_id", GAMES)
def test_the_calculator_answers_its_example_in_the_shared_scores_shape(client, game_id):
    schema = client.get(f"/api/games/{game_id}").get_json()["score_schema"]
    response = client.post(f"/api/score/{game_id}", json=schema["examples"][0])
    assert response.status_code == 200, response.get_json()
    jsonschema.validate(response.get_json(), SCORES_SCHEMA)
    assert response.get_json()["winners"] and response.get_json()["decided_by"]["rule"]["section_id"]
    refused = client.post(f"/api/score/{game_id}", json={**schema["examples"][0], "extra": 1})
    assert refused.status_code == 400 and refused.get_json()["error"]["field"] == "extra"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_example_setup_starts_a_game_with_postable_legal_events(client, game_id):
    game = start(client, game_id)
    assert game["seq"] == 0 and len(game["id"]) == 16
    assert game["legal"], "a new game has something to do"
    shown = client.get(f"/api/sessions/{game['id']}").get_json()
    assert shown["state"] == game["state"] and shown["seq"] == 0
    assert shown["current_players"]
    response = post(client, game, {"event": first_legal(client, game), "expected_seq": 0})
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["seq"] == 1


@pytest.mark.parametrize("game_id", GAMES)
def test_a_stale_phone_gets_409_with_the_current_seq(client, game_id):
    game = start(client, game_id)
    first = first_legal(client, game)
    assert post(client, game, {"event": first, "expected_seq": 0}).status_code == 200
    stale = post(client, game, {"event": first, "expected_seq": 0})
    assert stale.status_code == 409
    assert stale.get_json()["seq"] == 1 and stale.get_json()["error"]["code"] == "stale"


def test_tokens_are_required_and_checked(client):
    game = start(client, GAMES[0])
    body = {"event": game["legal"][0], "expected_seq": 0}
    missing = post(client, game, body, token="")
    assert missing.status_code == 401 and missing.get_json()["error"]["code"] == "unauthorized"
    wrong = post(client, game, body, token="x" * 32)
    assert wrong.status_code == 403
    assert client.post(f"/api/sessions/{game['id']}/undo").status_code == 401
    assert client.get(f"/api/sessions/{game['id']}/log").get_json()["entries"] == []


@pytest.mark.parametrize("body, field", [
    ({"expected_seq": 0}, "event"),
    ({"event": {"type": "nonsense", "player": "x"}, "expected_seq": 0}, "event.type"),
    ({"event": {}, "expected_seq": "0"}, "expected_seq"),
    ({"event": {}, "expected_seq": 0, "extra": 1}, "extra"),
    ([], None),
])
def test_malformed_requests_are_400_naming_the_field(client, body, field):
    game = start(client, GAMES[0])
    response = post(client, game, body)
    assert response.status_code == 400
    assert response.get_json()["error"].get("field") == field
    assert client.get(f"/api/sessions/{game['id']}").get_json()["seq"] == 0


def test_bodies_that_are_not_json_or_too_big(client):
    game = start(client, GAMES[0])
    headers = {"Authorization": f"Bearer {game['edit_token']}", "Content-Type": "application/json"}
    url = f"/api/sessions/{game['id']}/events"
    broken = client.post(url, data="{not json", headers=headers)
    assert broken.status_code == 400 and "JSON" in broken.get_json()["error"]["message"]
    huge = client.post(url, data=json.dumps({"event": {"x": "y" * 70_000}}), headers=headers)
    assert huge.status_code == 413 and huge.get_json()["error"]["message"]
    assert client.post("/api/sessions", data="").status_code == 400


def test_unknown_games_and_sessions_are_404(client):
    assert client.get("/api/games/chess").status_code == 404
    assert client.post("/api/sessions", json={"game": "chess", "players": ["a"]}).status_code == 404
    assert client.get("/api/sessions/nosuch12").status_code == 404
    assert client.get("/api/sessions/nosuch12/log").status_code == 404
    assert client.post("/api/score/chess", json={}).status_code == 404
    missing = client.post("/api/sessions/nosuch12/events", json={})
    assert missing.status_code == 404 and missing.get_json()["error"]["code"] == "not_found"


def test_undo_redo_log_export_import_over_http(client):
    game = start(client, GAMES[0])
    auth = {"Authorization": f"Bearer {game['edit_token']}"}
    first = game["legal"][0]
    assert post(client, game, {"event": first, "expected_seq": 0}).status_code == 200
    undone = client.post(f"/api/sessions/{game['id']}/undo", json={"expected_seq": 1}, headers=auth)
    assert undone.status_code == 200 and undone.get_json()["undo"] == first
    assert client.get(undone.get_json()["view_url"]).get_json()["state"] == game["state"]
    nothing = client.post(f"/api/sessions/{game['id']}/undo", headers=auth)
    assert nothing.status_code == 422 and nothing.get_json()["error"]["code"] == "nothing_to_do"
    redone = client.post(f"/api/sessions/{game['id']}/redo", headers=auth)
    assert redone.status_code == 200 and redone.get_json()["seq"] == 3
    log = client.get(f"/api/sessions/{game['id']}/log").get_json()["entries"]
    assert [entry["kind"] for entry in log] == ["event", "undo", "redo"]
    assert not log[0]["undone"]

    exported = client.get(f"/api/sessions/{game['id']}/export")
    assert "attachment" in exported.headers["Content-Disposition"]
    imported = client.post("/api/sessions/import", json=exported.get_json())
    assert imported.status_code == 201
    copy = imported.get_json()
    assert copy["id"] != game["id"] and copy["edit_token"] != game["edit_token"]
    assert copy["state"] == client.get(redone.get_json()["view_url"]).get_json()["state"]
    assert copy["seq"] == 3
    bad = client.post("/api/sessions/import", json={**exported.get_json(), "format": "x"})
    assert bad.status_code == 400 and bad.get_json()["error"]["field"] == "format"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(event=st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.sampled_from(["type", "player", "path", "card", "x"]) | st.text(max_size=5),
                      children, max_size=5),
    max_leaves=12,
))
def test_no_event_whatever_its_shape_gives_a_500(client, event):
    game = start(client, GAMES[0])
    response = post(client, game, {"event": event, "expected_seq": 0})
    assert response.status_code in (200, 400, 422), response.get_json()
    assert "error" in response.get_json() or response.get_json()["accepted"]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_write_answers_its_seq_and_effects_and_the_state_is_read_at_view_url(client, game_id):
    """The answer to an event, undo or redo is small (no state, scores or legal events: described
    only when a phone reads the view); every phone, the writer's too, reads the new state at
    view_url, the view of the seq the write answered."""
    game = start(client, game_id)
    event = first_legal(client, game)
    entered = post(client, game, {"event": event, "expected_seq": 0, "client_id": "phone-1"})
    assert entered.status_code == 200, entered.get_json()
    answer = entered.get_json()
    assert set(answer) == {"accepted", "seq", "effects", "view_url"}
    assert answer["seq"] == 1 and answer["view_url"] == f"/api/sessions/{game['id']}"
    auth = {"Authorization": f"Bearer {game['edit_token']}"}
    shown = client.get(answer["view_url"], headers=auth).get_json()
    assert shown["seq"] == 1 and shown["last_event"]["type"] == event["type"] and shown["can_undo"]

    again = post(client, game, {"event": event, "expected_seq": 0, "client_id": "phone-1"})
    assert again.get_json() == {**answer, "repeated": True}

    undone = client.post(f"/api/sessions/{game['id']}/undo", json={"expected_seq": 1}, headers=auth)
    assert undone.get_json() == {"accepted": True, "seq": 2, "undo": event,
                                 "view_url": answer["view_url"]}
    assert client.get(answer["view_url"], headers=auth).get_json()["state"] == game["state"]
    redone = client.post(f"/api/sessions/{game['id']}/redo", json={"expected_seq": 2}, headers=auth)
    assert redone.get_json() == {"accepted": True, "seq": 3, "redo": event,
                                 "view_url": answer["view_url"]}
    assert client.get(answer["view_url"], headers=auth).get_json()["state"] == shown["state"]
