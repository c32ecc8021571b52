"""A seat per phone (issue 17): a phone claims its seat with the join link, reads the game as that
seat, and enters that seat's events; what the rulebook keeps secret reaches only the seat that may
see it, in every read of the API."""

import pytest

from referee import referees
from referee.core import engine

HIDDEN = sorted(game_id for game_id, game in referees().items() if game.hidden_information)


def create(client, game_id, **extra):
    setup = client.get(f"/api/games/{game_id}").get_json()["example_setup"]
    created = client.post("/api/sessions", json={**setup, **extra})
    assert created.status_code == 201, created.get_json()
    return created.get_json()


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def claim(client, game, seat, token=None, **extra):
    return client.post(f"/api/sessions/{game['id']}/seats", headers=bearer(token or game["join_token"]),
                       json={"seat": seat, **extra})


def test_a_phone_claims_its_seat_once_and_the_table_can_give_it_to_another(client):
    game = create(client, "avignon")
    first = claim(client, game, "rome")
    assert first.status_code == 201
    assert first.get_json()["name"] == game["players"][0]["name"]
    again = claim(client, game, "rome")
    assert again.status_code == 409 and again.get_json()["error"]["code"] == "seat_taken"
    assert claim(client, game, "rome", replace=True).status_code == 409  # the join link may not
    replaced = claim(client, game, "rome", game["edit_token"], replace=True)
    assert replaced.status_code == 201
    old_token = first.get_json()["seat_token"]
    assert client.get(f"/api/sessions/{game['id']}", headers=bearer(old_token)).status_code == 403
    seat_token = replaced.get_json()["seat_token"]
    view = client.get(f"/api/sessions/{game['id']}", headers=bearer(seat_token)).get_json()
    assert view["viewer"] == {"role": "seat", "seat": "rome"}


@pytest.mark.parametrize("body, status, field", [
    ({"seat": "nowhere"}, 400, "seat"),
    ({"seat": 3}, 400, "seat"),
    ({}, 400, "seat"),
    ({"seat": "rome", "color": "red"}, 400, "color"),
    ({"seat": "rome", "replace": "yes"}, 400, "replace"),
])
def test_a_malformed_claim_is_a_400_naming_the_field(client, body, status, field):
    game = create(client, "avignon")
    answer = client.post(f"/api/sessions/{game['id']}/seats", headers=bearer(game["join_token"]),
                         json=body)
    assert answer.status_code == status
    assert answer.get_json()["error"]["field"] == field


def test_claiming_needs_the_join_link_or_the_table(client):
    game = create(client, "avignon")
    url = f"/api/sessions/{game['id']}/seats"
    assert client.post(url, json={"seat": "rome"}).status_code == 401
    assert client.post(url, headers=bearer("wrong"), json={"seat": "rome"}).status_code == 403
    seat_token = claim(client, game, "rome").get_json()["seat_token"]
    assert client.post(url, headers=bearer(seat_token), json={"seat": "avignon"}).status_code == 403


def test_a_seat_enters_its_own_events_and_the_table_enters_anyones(client):
    game = create(client, "avignon")
    rome = claim(client, game, "rome").get_json()["seat_token"]
    avignon = claim(client, game, "avignon").get_json()["seat_token"]
    event = game["legal"][0]
    assert event["player"] == "rome"
    url = f"/api/sessions/{game['id']}/events"
    refused = client.post(url, headers=bearer(avignon), json={"event": event, "expected_seq": 0})
    assert refused.status_code == 403
    assert "plays for" in refused.get_json()["error"]["message"]
    assert client.post(url, headers=bearer(game["join_token"]),
                       json={"event": event, "expected_seq": 0}).status_code == 403
    assert client.post(url, headers=bearer(rome),
                       json={"event": event, "expected_seq": 0}).status_code == 200
    undo = f"/api/sessions/{game['id']}/undo"
    assert client.post(undo, headers=bearer(avignon)).status_code == 403
    assert client.post(undo, headers=bearer(game["edit_token"])).status_code == 200


def test_a_shared_phone_table_lets_any_seat_enter_for_anyone(client):
    game = create(client, "avignon", anyone_enters=True)
    avignon = claim(client, game, "avignon").get_json()["seat_token"]
    answer = client.post(f"/api/sessions/{game['id']}/events", headers=bearer(avignon),
                         json={"event": game["legal"][0], "expected_seq": 0})
    assert answer.status_code == 200
    assert client.get(f"/api/sessions/{game['id']}/export").get_json()["anyone_enters"] is True


def test_looking_as_a_seat_needs_the_table_or_that_seat(client):
    game = create(client, "avignon")
    url = f"/api/sessions/{game['id']}"
    assert client.get(url + "?seat=rome").status_code == 401
    assert client.get(url + "?seat=nowhere", headers=bearer(game["edit_token"])).status_code == 400
    rome = claim(client, game, "rome").get_json()["seat_token"]
    assert client.get(url + "?seat=avignon", headers=bearer(rome)).status_code == 403
    assert client.get(url + "?seat=rome", headers=bearer(rome)).status_code == 200
    as_table = client.get(url + "?seat=avignon", headers=bearer(game["edit_token"])).get_json()
    assert as_table["viewer"] == {"role": "table", "seat": "avignon"}


@pytest.mark.parametrize("game_id", HIDDEN)
def test_hidden_information_reaches_only_its_seat_in_every_read(client, game_id):
    game = create(client, game_id)
    Game = referees()[game_id]
    setup = engine.check_setup(Game, client.get(f"/api/games/{game_id}").get_json()["example_setup"])
    model = engine.start(Game, setup)
    url = f"/api/sessions/{game['id']}"
    spectator = client.get(url).get_json()
    assert spectator["state"] == model.visible_state(None)
    assert spectator["legal"] == []
    for seat in Game.seats_for(len(setup.players)):
        token = claim(client, game, seat).get_json()["seat_token"]
        seen = client.get(url, headers=bearer(token)).get_json()
        assert seen["state"] == model.visible_state(seat)
        assert all(event["player"] == seat for event in seen["legal"])
        assert seen["legal"] == [e for e in model.legal() if e["player"] == seat]
    assert client.get(url + "/export").status_code == 401
    assert client.get(url + "/export", headers=bearer(game["join_token"])).status_code == 403
    assert client.get(url + "/export", headers=bearer(game["edit_token"])).status_code == 200


def test_pillars_hands_and_face_down_cards_stay_with_their_seat(client):
    game = create(client, "pillars-of-fate")
    url = f"/api/sessions/{game['id']}"
    sun = claim(client, game, "sun").get_json()["seat_token"]
    moon = claim(client, game, "moon").get_json()["seat_token"]
    own = client.get(url, headers=bearer(sun)).get_json()
    assert own["state"]["hands"]["sun"]["cards"], "the sun seat sees its own hand"
    for token in (moon, None):
        other = client.get(url, headers=bearer(token) if token else {}).get_json()
        assert other["state"]["hands"]["sun"]["cards"] == []
        assert other["state"]["hands"]["sun"]["count"] == own["state"]["hands"]["sun"]["count"]
    play = next(e for e in own["legal"] if e["type"] == "play" and e.get("face") == "down")
    posted = client.post(url + "/events", headers=bearer(sun), json={"event": play, "expected_seq": 0})
    assert posted.status_code == 200, posted.get_json()
    for token in (moon, None):
        headers = bearer(token) if token else {}
        entry = client.get(url + "/log", headers=headers).get_json()["entries"][0]
        assert "power" not in entry["event"]
        assert "power" not in client.get(url, headers=headers).get_json()["last_event"]
    mine = client.get(url + "/log", headers=bearer(sun)).get_json()["entries"][0]
    assert mine["event"]["power"] == play["power"]
