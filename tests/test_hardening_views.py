"""Issue 16: the live view is described once per (session, seq, reader) in a process, `legal()` is
computed once per seq, a phone that has the view gets a 304, and a new seq is never hidden by the
cache."""

from referee.avignon import Game as Avignon

SETUP = {"game": "avignon", "players": ["Rosa", "Aldo"],
         "position": {"face_up": ["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"]}}


def test_legal_is_computed_once_per_seq_and_a_write_is_seen_at_once(client, monkeypatch):
    calls = []
    original = Avignon.legal

    def counted(self):
        calls.append(1)
        return original(self)

    monkeypatch.setattr(Avignon, "legal", counted)
    created = client.post("/api/sessions", json=SETUP).get_json()
    path = f"/api/sessions/{created['id']}"
    calls.clear()  # the create answer lists legal events too
    views = [client.get(path).get_json() for _ in range(5)]
    assert len(calls) == 1 and all(view == views[0] for view in views)
    event = views[0]["legal"][0]
    posted = client.post(path + "/events", json={"event": event, "expected_seq": 0},
                         headers={"Authorization": f"Bearer {created['edit_token']}"})
    assert posted.status_code == 200
    after = client.get(path).get_json()
    assert after["seq"] == 1 and after["last_event"] == event and after["can_undo"]
    assert len(calls) == 2


def test_a_phone_that_has_the_view_gets_a_304_until_the_game_moves(client):
    created = client.post("/api/sessions", json=SETUP).get_json()
    path = f"/api/sessions/{created['id']}"
    first = client.get(path)
    etag = first.headers["ETag"]
    assert client.get(path, headers={"If-None-Match": etag}).status_code == 304
    legal = first.get_json()["legal"][0]
    client.post(path + "/events", json={"event": legal, "expected_seq": 0},
                headers={"Authorization": f"Bearer {created['edit_token']}"})
    moved = client.get(path, headers={"If-None-Match": etag})
    assert moved.status_code == 200 and moved.get_json()["seq"] == 1


def test_each_reader_has_its_own_view(client):
    created = client.post("/api/sessions", json=SETUP).get_json()
    path = f"/api/sessions/{created['id']}"
    spectator = client.get(path)
    table = client.get(path, headers={"Authorization": f"Bearer {created['edit_token']}"})
    assert spectator.get_json()["viewer"]["role"] == "spectator"
    assert table.get_json()["viewer"]["role"] == "table"
    assert spectator.headers["ETag"] != table.headers["ETag"]


def test_the_view_is_served_compressed(client):
    created = client.post("/api/sessions", json=SETUP).get_json()
    response = client.get(f"/api/sessions/{created['id']}", headers={"Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"
