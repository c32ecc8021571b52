"""Hardening, session 19: a NUL character where an id or a label is looked up, on SQLite and on
PostgreSQL (which refuses a NUL in text: each of these was a 500 there).

A session's or a campaign's id holding a NUL (%00 in the URL) is unknown, a 404 as any unknown id,
for the API and the pages, and the request after it is answered as usual; a card library's label
with a NUL is refused on the page, the library unchanged. And a Host header no URL can be built
for is a 400 on the pages as on the API (the styled error page needs links: it was a 500).
"""

import json
import re

import pytest

from app import create_app
from tests.databases import KINDS, database_url


@pytest.fixture(params=KINDS)
def client(request, tmp_path, index_dir):
    app = create_app({"TESTING": True, "DATABASE_URL": database_url(request.param, tmp_path),
                      "INDEX_DIR": index_dir})
    yield app.test_client()
    app.extensions["tableside.store"].engine.dispose()


UNKNOWN = ("/api/sessions/a%00b", "/api/sessions/a%00b/log", "/api/sessions/a%00b/export",
           "/api/campaigns/a%00b", "/play/a%00b", "/play/a%00b/log", "/play/a%00b/state.json")


@pytest.mark.parametrize("address", UNKNOWN)
def test_an_id_with_a_nul_is_unknown_and_the_next_request_is_answered(client, address):
    answer = client.get(address)
    assert answer.status_code == 404, answer.data[:200]
    if address.startswith("/api/"):
        assert answer.get_json()["error"]["code"] == "not_found"
    assert client.get("/api/games/avignon").status_code == 200


def test_writes_to_a_session_or_campaign_id_with_a_nul_are_4xx_json(client):
    for address in ("/api/sessions/a%00b/events", "/api/sessions/a%00b/undo",
                    "/api/sessions/a%00b/seats", "/api/campaigns/a%00b/quests"):
        answer = client.post(address, json={"expected_seq": 0, "event": {}, "seat": "p1",
                                            "quest": "free"},
                             headers={"Authorization": "Bearer x"})
        assert answer.status_code in (400, 404) and answer.is_json, (address, answer.data[:200])


def test_a_card_label_with_a_nul_is_refused_and_the_library_is_unchanged(client):
    page = client.get("/play/cards/pilgrims").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" value="([^"]*)"', page).group(1)
    answer = client.post("/play/cards/pilgrims/delete", data={"csrf_token": csrf,
                                                              "label": "a\x00b"})
    assert answer.status_code == 303
    assert "NUL" in client.get("/play/cards/pilgrims").get_data(as_text=True)
    assert client.get("/play/cards/pilgrims.json").get_json()["cards"] == {}


@pytest.mark.parametrize("step", ["event", "undo"])
def test_a_page_posting_a_client_id_with_a_nul_is_refused_and_nothing_is_entered(client, step):
    """The table page passes its form's client_id to the core as it is: one with a NUL reached
    the database (a 500 on PostgreSQL)."""
    setup = client.get("/api/games/avignon").get_json()["example_setup"]
    created = client.post("/api/sessions", json=setup).get_json()
    headers = {"Authorization": "Bearer " + created["edit_token"]}
    legal = client.get(f"/api/sessions/{created['id']}", headers=headers).get_json()["legal"][0]
    assert client.post(f"/api/sessions/{created['id']}/events", headers=headers,
                       json={"event": legal, "expected_seq": 0}).status_code == 200
    phone = client.application.test_client()
    phone.get(f"/play/{created['id']}/join?token={created['edit_token']}")
    page = phone.get(f"/play/{created['id']}").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" value="([^"]*)"', page).group(1)
    legal = client.get(f"/api/sessions/{created['id']}", headers=headers).get_json()["legal"][0]
    form = {"csrf_token": csrf, "expected_seq": "1", "client_id": "tap\x001"}
    if step == "event":
        answer = phone.post(f"/play/{created['id']}/event",
                            data={**form, "event": json.dumps(legal)})
    else:
        answer = phone.post(f"/play/{created['id']}/undo", data=form)
    assert answer.status_code < 500, answer.status_code
    assert client.get(f"/api/sessions/{created['id']}").get_json()["seq"] == 1


@pytest.mark.parametrize("host", ["x" * 64, "x" * 5000, "a." + "b" * 70 + ".c"])
def test_a_host_no_url_can_be_built_for_is_a_400_on_pages_and_api(client, host):
    """A Host with a label over 63 characters: werkzeug builds no URL for it, and the styled
    error page (which links its stylesheet) was a 500; the API's JSON error was not."""
    for address in ("/play/", "/play/abc", "/rules", "/"):
        assert client.get(address, headers={"Host": host}).status_code == 400, address
    answer = client.get("/api/games/avignon", headers={"Host": host})
    assert answer.status_code == 400 and answer.is_json
    assert client.get("/play/").status_code == 200
