"""Issue 16: bad input never reaches a 500, pages are served with security headers and private
cookies, links are not built from an untrusted Host, and rate limits and caps answer 429/413."""

import json
import os

import pytest

from app import create_app

SETUP = {"game": "avignon", "players": ["Rosa", "Aldo"],
         "position": {"face_up": ["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"]}}


def post_raw(client, path, text, content_type="application/json", **headers):
    return client.post(path, data=text.encode("utf-8", "surrogatepass"),
                       headers={"Content-Type": content_type, **headers})


@pytest.fixture
def game(client):
    created = client.post("/api/sessions", json=SETUP).get_json()
    return created["id"], {"Authorization": f"Bearer {created['edit_token']}"}


# -- bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize("body, field", [
    ('{"game": "avignon", "players": ["\\ud800", "Aldo"]}', "players[0]"),
    ('{"game": "avignon", "players": [{"name": "Ro\\udfffsa"}, "Aldo"]}', "players[0].name"),
    ('{"game": "avignon", "players": ["Rosa\\u0000", "Aldo"]}', "players[0]"),
])
def test_a_lone_surrogate_or_nul_in_a_name_is_refused_at_the_door(client, body, field):
    response = post_raw(client, "/api/sessions", body)
    assert response.status_code == 400
    assert response.get_json()["error"]["field"] == field


def test_a_lone_surrogate_in_a_card_name_or_client_id_is_refused_and_the_game_still_shows(client,
                                                                                           game):
    session_id, auth = game
    event = '{"event": {"type": "draw", "player": "rome", "card": "Vic\\ud800ar"}, "expected_seq": 0}'
    assert post_raw(client, f"/api/sessions/{session_id}/events", event, **auth).status_code == 400
    by_id = '{"event": {"type": "draw", "player": "rome"}, "expected_seq": 0, "client_id": "\\udc00"}'
    response = post_raw(client, f"/api/sessions/{session_id}/events", by_id, **auth)
    assert response.status_code == 400
    assert response.get_json()["error"]["field"] == "client_id"
    for path in (f"/api/sessions/{session_id}", f"/api/sessions/{session_id}/log",
                 f"/play/{session_id}", f"/play/{session_id}/log"):
        assert client.get(path).status_code == 200


def test_json_nested_a_thousand_deep_is_a_400(client):
    response = post_raw(client, "/api/sessions", '{"game": ' + "[" * 990 + "]" * 990 + "}")
    assert response.status_code == 400
    assert "nested" in response.get_json()["error"]["message"]


@pytest.mark.parametrize("game_value", [["avignon"], {"id": "avignon"}, 7, None])
def test_game_that_is_not_a_string_is_a_400_naming_it(client, game_value):
    response = client.post("/api/sessions", json={**SETUP, "game": game_value})
    assert response.status_code == 400
    assert response.get_json()["error"]["field"] == "game"


def test_game_that_is_not_a_string_is_a_400_on_import_too(client):
    response = client.post("/api/sessions/import",
                           json={"format": "tableside-session/1", "game": ["avignon"], "log": []})
    assert response.status_code == 400
    assert response.get_json()["error"]["field"] == "game"


def test_a_whole_number_written_as_1_0_is_read_as_1(client, game):
    session_id, auth = game
    response = client.post(f"/api/sessions/{session_id}/events", headers=auth, data=json.dumps(
        {"event": {"type": "beseech", "player": "rome", "path": 1.0}, "expected_seq": 0.0}),
        content_type="application/json")
    assert response.status_code == 200, response.get_json()
    assert client.get(f"/api/sessions/{session_id}").status_code == 200


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_nan_and_infinity_are_refused_so_every_stored_log_is_json(client, game, constant):
    session_id, _auth = game
    exported = client.get(f"/api/sessions/{session_id}/export").get_json()
    text = json.dumps({**exported, "log": []})[:-1] + f', "x": {constant}}}'
    response = post_raw(client, "/api/sessions/import", text)
    assert response.status_code == 400
    assert response.get_json()["error"]["code"] == "bad_request"


def test_created_at_nan_in_an_import_is_refused(client, game):
    session_id, auth = game
    client.post(f"/api/sessions/{session_id}/events", headers=auth, json={
        "event": {"type": "beseech", "player": "rome", "path": 1}, "expected_seq": 0})
    exported = client.get(f"/api/sessions/{session_id}/export").get_json()
    assert len(exported["log"]) == 1
    text = json.dumps(exported).replace('"created_at": ', '"created_at": NaN, "x": ', 1)
    assert post_raw(client, "/api/sessions/import", text).status_code == 400


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded",
                                          "multipart/form-data; boundary=x"])
def test_json_is_accepted_only_as_application_json(client, content_type):
    response = post_raw(client, "/api/sessions", json.dumps(SETUP), content_type)
    assert response.status_code == 415
    assert response.get_json()["error"]["code"] == "unsupported_media_type"
    assert post_raw(client, "/api/sessions", json.dumps(SETUP),
                    "application/json; charset=utf-8").status_code == 201


# -- headers, cookies, hosts, secrets -----------------------------------------------------------


def test_pages_carry_security_headers_and_cannot_be_framed(client, game):
    session_id, _auth = game
    for path in ("/", f"/play/{session_id}", "/api/games/avignon"):
        headers = client.get(path).headers
        policy = headers["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy
        assert "'unsafe-inline'" not in policy.split("style-src-attr")[0]
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["X-Frame-Options"] == "DENY"
        assert headers["Referrer-Policy"] == "same-origin"


def test_no_page_has_an_inline_script_or_style_block(client, game):
    session_id, _auth = game
    for path in ("/", "/rules/avignon", "/play/new?game=avignon", f"/play/{session_id}",
                 f"/play/{session_id}/log", "/score/", "/api/docs"):
        page = client.get(path).get_data(as_text=True)
        assert "<style" not in page and " on" + "click=" not in page
        for tag in page.split("<script")[1:]:
            assert "src=" in tag.split(">")[0], (path, tag[:80])


def test_the_cookie_is_httponly_samesite_and_the_edit_token_cannot_be_read_from_it(client):
    cookie = client.get("/play/new?game=avignon").headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Secure" not in cookie
    created = client.post("/api/sessions", json=SETUP).get_json()
    with client.session_transaction() as session:
        session["edit"] = {created["id"]: created["edit_token"]}
    value = client.get_cookie("session").value
    assert created["edit_token"] not in value
    import base64
    import zlib
    payload = value.split(".")[1 if value.startswith(".") else 0]
    raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    try:
        raw = zlib.decompress(raw)
    except zlib.error:
        pass
    assert created["edit_token"].encode() not in raw


def test_the_cookie_is_secure_over_https(client):
    response = client.get("/play/new?game=avignon", base_url="https://localhost")
    assert "Secure" in response.headers["Set-Cookie"]
    assert "max-age" in response.headers["Strict-Transport-Security"]


def test_links_are_not_built_from_an_untrusted_host(client, game):
    session_id, _auth = game
    assert client.get(f"/play/{session_id}", headers={"Host": "evil.example"}).status_code == 400
    page = client.get(f"/play/{session_id}", headers={"Host": "192.168.1.20:5000"})
    assert page.status_code == 200
    assert "http://192.168.1.20:5000/play/" in page.get_data(as_text=True)


def test_with_a_public_url_links_use_it_whatever_the_host(tmp_path, index_dir):
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'p.sqlite'}",
                      "INDEX_DIR": index_dir, "PUBLIC_URL": "http://table.local:8000"})
    client = app.test_client()
    session_id = client.post("/api/sessions", json=SETUP).get_json()["id"]
    page = client.get(f"/play/{session_id}", headers={"Host": "evil.example"})
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "http://table.local:8000/play/" in text and "evil.example" not in text


def test_the_address_flask_serve_prints_is_the_public_url_of_every_link(tmp_path, index_dir):
    """One setting for where phones reach the server: `flask serve` makes the address it prints
    PUBLIC_URL (as if configured), so the laptop's own page at 127.0.0.1 invites at that address."""
    from hardening import serve_at

    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 's.sqlite'}",
                      "INDEX_DIR": index_dir})
    client = app.test_client()
    session_id = client.post("/api/sessions", json=SETUP).get_json()["id"]
    local = client.get(f"/play/{session_id}", headers={"Host": "127.0.0.1:5000"})
    assert "only this computer can open" in local.get_data(as_text=True)
    serve_at(app, "http://192.168.1.20:5000")
    assert app.config["PUBLIC_URL"] == "http://192.168.1.20:5000"
    for host in ("127.0.0.1:5000", "evil.example"):
        text = client.get(f"/play/{session_id}", headers={"Host": host}).get_data(as_text=True)
        assert "http://192.168.1.20:5000/play/" in text and "only this computer" not in text
        assert "evil.example" not in text


def test_a_secret_key_is_generated_once_per_instance(tmp_path, index_dir, monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    from hardening import secret_key
    first = secret_key(str(tmp_path))
    assert len(first) >= 40 and first != "dev"
    assert secret_key(str(tmp_path)) == first
    assert oct(os.stat(tmp_path / "secret_key").st_mode & 0o777) == "0o600"


# -- limits and caps -----------------------------------------------------------------------------


@pytest.fixture
def limited_client(tmp_path, index_dir):
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'l.sqlite'}",
                      "INDEX_DIR": index_dir, "RATELIMIT_ENABLED": True,
                      "RATELIMIT_CREATE": "3/minute", "RATELIMIT_WRITE": "2/minute",
                      "RATELIMIT_SEARCH": "2/minute", "MAX_LOG_ENTRIES": 2})
    return app.test_client()


def test_creating_games_too_fast_is_a_json_429_with_retry_after(limited_client):
    statuses = [limited_client.post("/api/sessions", json=SETUP).status_code for _ in range(4)]
    assert statuses == [201, 201, 201, 429]
    response = limited_client.post("/api/sessions", json=SETUP)
    assert response.get_json()["error"]["code"] == "too_many_requests"
    assert int(response.headers["Retry-After"]) > 0
    assert limited_client.get("/api/games/avignon").status_code == 200  # reads are not limited


def test_searching_too_fast_is_a_429(limited_client):
    statuses = [limited_client.get("/api/rules/search?q=discard").status_code for _ in range(3)]
    assert statuses == [200, 200, 429]


def test_a_full_log_is_a_413_and_an_oversized_body_is_a_json_413(tmp_path, index_dir):
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'f.sqlite'}",
                      "INDEX_DIR": index_dir, "MAX_LOG_ENTRIES": 2})
    client = app.test_client()
    created = client.post("/api/sessions", json=SETUP).get_json()
    auth = {"Authorization": f"Bearer {created['edit_token']}"}
    path = f"/api/sessions/{created['id']}"
    beseech = {"type": "beseech", "player": "rome", "path": 1}
    assert client.post(path + "/events", headers=auth,
                       json={"event": beseech, "expected_seq": 0}).status_code == 200
    assert client.post(path + "/undo", headers=auth, json={}).status_code == 200
    full = client.post(path + "/events", headers=auth, json={"event": beseech, "expected_seq": 2})
    assert full.status_code == 413
    assert full.get_json()["error"]["code"] == "log_full"
    big = client.post("/api/sessions", data=b"[" + b" " * 70_000 + b"]",
                      content_type="application/json")
    assert big.status_code == 413
    assert big.get_json()["error"]["code"] == "request_entity_too_large"


def test_rate_limits_hold_across_the_workers_of_a_server(tmp_path, index_dir):
    """Two apps on one database are two workers of one server: they count in one file, so a
    client gets its limit once, not once per worker (Flask-Limiter's memory:// counted per
    process)."""
    def worker():
        return create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'w.sqlite'}",
                           "INDEX_DIR": index_dir, "RATELIMIT_ENABLED": True,
                           "RATELIMIT_CREATE": "3/minute"}).test_client()

    one, two = worker(), worker()
    statuses = [client.post("/api/sessions", json=SETUP).status_code
                for client in (one, two, one, two)]
    assert statuses == [201, 201, 201, 429]
    assert int(two.post("/api/sessions", json=SETUP).headers["X-RateLimit-Remaining"]) == 0
    assert (tmp_path / "w-ratelimits.sqlite").exists()


def test_a_server_of_several_workers_counts_each_client_once(tmp_path):
    """gunicorn with three workers (no preload: each opens the counts itself): five creates a
    minute allowed, the sixth refused, whichever workers answered."""
    from tests.servers import Server, call

    server = Server(f"sqlite:///{tmp_path / 'g.sqlite'}", kind="gunicorn-no-preload")
    server.env["FLASK_RATELIMIT_CREATE"] = "5/minute"
    server.start()
    try:
        statuses = [call(server.base, "POST", "/api/sessions", SETUP)[0] for _ in range(6)]
    finally:
        server.stop()
    assert statuses == [201] * 5 + [429]
