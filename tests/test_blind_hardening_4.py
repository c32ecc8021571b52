"""Outside hardening, round 4 (outsider14): the pages' forms, imports and the connection.

- The table page's forms (event, undo, redo, seat) posted by a phone that holds a seat, with what a
  careless or hostile page would send: no or a wrong CSRF token, an event that is not JSON or not
  an object, of the wrong types, for another seat, keys written twice, expected_seq that is not a
  whole number, a body over the limit, JSON instead of a form. Never a 5xx; a refused form is a
  4xx page or the table page redrawn with the refusal (303), and the game unchanged. Four tabs of
  one phone tapping at the same seq at once enter one event; the other three are told.
- The calculator pages (GET forms) with odd values in every field: never a 5xx.
- Imports of damaged export documents: refused ones create no session and no log rows; accepted
  ones replay the events and believe nothing else the document says (effects, state, undo targets).
- A real server (gunicorn 2x4 as in production, and Flask's threaded server that `make run`
  serves) on one keep-alive connection: a request smuggled inside a refused body is never run,
  and the request after a refused one is answered."""

import copy
import http.client
import json
import re
import sqlite3
import threading

import pytest

from tests.api_table import ApiTable
from tests.servers import Server, call

GAMES = ("avignon", "pillars-of-fate", "pilgrims", "we-forlorn-few", "journey")
BESEECH = {"path": 3, "player": "rome", "type": "beseech"}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


@pytest.fixture(scope="module")
def avignon(client):
    return client.get("/api/games/avignon").get_json()


class PagePhone:
    """A phone at an Avignon table that opened the join link and tapped Rosa's seat (rome)."""

    def __init__(self, client, rules):
        self.api = client
        self.table = ApiTable(client, copy.deepcopy(rules["example_setup"]))
        self.phone = client.application.test_client()
        self.phone.get(f"/play/{self.table.id}/join?token={self.table.join_token}")
        self.csrf = re.search(r'name="csrf_token" value="([^"]*)"',
                              self.phone.get(f"/play/{self.table.id}").get_data(as_text=True))[1]
        assert self.post("seat", {"seat": "rome"}).status_code == 303
        assert self.post("event", {"event": json.dumps({"path": 1, "player": "rome",
                                                        "type": "beseech"}),
                                   "expected_seq": "0"}).status_code == 303
        assert self.seq() == 1

    def post(self, form, data, **kwargs):
        return self.phone.post(f"/play/{self.table.id}/{form}",
                               data={"csrf_token": self.csrf, **data}, **kwargs)

    def seq(self):
        return self.api.get(f"/api/sessions/{self.table.id}").get_json()["seq"]

    def game(self):
        view = self.api.get(f"/api/sessions/{self.table.id}").get_json()
        return view["seq"], view["state"]


def refused(phone, response):
    """A refused form: a 4xx page, or the table page redrawn with what was refused (303 without
    `done`, which names an entry made)."""
    assert response.status_code < 500, response.get_data(as_text=True)[:300]
    if response.status_code == 303:
        assert "done=" not in response.headers["Location"], response.headers["Location"]
    else:
        assert 400 <= response.status_code < 500


# Fields of the event form (besides the CSRF token) that must be refused.
BAD_EVENT_FORMS = {
    "cut-off JSON": {"event": '{"path": ', "expected_seq": "1"},
    "an array": {"event": "[1]", "expected_seq": "1"},
    "a string": {"event": '"beseech"', "expected_seq": "1"},
    "empty": {"event": "", "expected_seq": "1"},
    "no event": {"expected_seq": "1"},
    "NaN": {"event": '{"path": NaN, "player": "avignon", "type": "beseech"}', "expected_seq": "1"},
    "600 deep": {"event": '{"a": ' * 600 + "1" + "}" * 600, "expected_seq": "1"},
    "a lone surrogate": {"event": '{"path": 3, "player": "avignon\\ud800", "type": "beseech"}',
                         "expected_seq": "1"},
    "path as a string": {"event": '{"path": "3", "player": "avignon", "type": "beseech"}',
                         "expected_seq": "1"},
    "unknown type": {"event": '{"path": 3, "player": "avignon", "type": "teleport"}',
                     "expected_seq": "1"},
    "unknown field": {"event": '{"path": 3, "player": "avignon", "type": "beseech", "x": 1}',
                      "expected_seq": "1"},
    "another seat's event": {"event": json.dumps({**BESEECH, "player": "avignon"}),
                             "expected_seq": "1"},
    "expected_seq abc": {"event": json.dumps({**BESEECH, "player": "avignon"}),
                         "expected_seq": "abc"},
    "expected_seq -1": {"event": json.dumps({**BESEECH, "player": "avignon"}),
                        "expected_seq": "-1"},
    "expected_seq 1.5": {"event": json.dumps({**BESEECH, "player": "avignon"}),
                         "expected_seq": "1.5"},
    "expected_seq huge": {"event": json.dumps({**BESEECH, "player": "avignon"}),
                          "expected_seq": "9" * 40},
    "no expected_seq": {"event": json.dumps({**BESEECH, "player": "avignon"})},
}


def test_the_event_form_refuses_what_a_hostile_page_sends_and_the_game_is_unchanged(
        client, avignon):
    """Rosa (rome) has just played: it is Aldo's turn, so an event of Rosa's seat is refused by
    the rules, and every form below is refused before that."""
    phone = PagePhone(client, avignon)
    before = phone.game()
    for name, data in BAD_EVENT_FORMS.items():
        refused(phone, phone.post("event", data))
        assert phone.game() == before, name
    legal = json.dumps({"path": 3, "player": "rome", "type": "beseech"})
    for name, response in {
        "no CSRF token": phone.phone.post(f"/play/{phone.table.id}/event",
                                          data={"event": legal, "expected_seq": "1"}),
        "a wrong CSRF token": phone.phone.post(f"/play/{phone.table.id}/event", data={
            "event": legal, "expected_seq": "1", "csrf_token": "x"}),
        "JSON instead of a form": phone.phone.post(
            f"/play/{phone.table.id}/event", content_type="application/json",
            data=json.dumps({"event": legal, "expected_seq": 1, "csrf_token": phone.csrf})),
        "a body over 64 KiB": phone.post("event", {"event": legal, "expected_seq": "1",
                                                   "pad": "x" * (65 * 1024)}),
    }.items():
        assert 400 <= response.status_code < 500, name
        assert phone.game() == before, name
    for form in ("undo", "redo"):
        response = phone.phone.post(f"/play/{phone.table.id}/{form}", data={"expected_seq": "1"})
        assert response.status_code == 400, form
    for seat in ("nope", "", "avignon\x00"):
        refused(phone, phone.post("seat", {"seat": seat}))
    assert phone.game() == before


def test_the_event_form_refuses_an_event_with_a_key_written_twice(client, avignon):
    phone = PagePhone(client, avignon)
    phone.post("undo", {"expected_seq": "1"})  # Rosa's turn again, at seq 2
    before = phone.game()
    twice = '{"player": "avignon", "path": 3, "player": "rome", "type": "beseech"}'
    refused(phone, phone.post("event", {"event": twice, "expected_seq": "2"}))
    assert phone.game() == before


@pytest.mark.parametrize("seq", ["abc", "1.5", ""], ids=["abc", "1.5", "empty"])
def test_the_undo_and_redo_forms_refuse_an_expected_seq_that_is_not_a_whole_number(
        client, avignon, seq):
    """The event form refuses these with a 400; the undo and redo forms must too, rather than
    undo or redo whatever is last (which a stale phone's seq is there to prevent)."""
    phone = PagePhone(client, avignon)
    before = phone.game()
    for form in ("undo", "redo"):
        refused(phone, phone.post(form, {"expected_seq": seq}))
        assert phone.game() == before, form


def test_tabs_posting_the_event_form_at_once_enter_one_event_and_the_rest_are_told(
        client, avignon):
    """Rosa's phone with four tabs open on the table (one cookie), each tapping another choice
    at the same seq at the same moment: one event is entered, the other tabs are redirected to
    the table without an entry, and the game is one event further."""
    phone = PagePhone(client, avignon)
    assert "done=" in phone.post("undo", {"expected_seq": "1"}).headers["Location"]
    cookie = phone.phone.get_cookie("session").value
    barrier, answers = threading.Barrier(4), []

    def tap(path):
        tab = client.application.test_client()
        tab.set_cookie("session", cookie)
        event = json.dumps({"path": path, "player": "rome", "type": "beseech"})
        barrier.wait()
        answers.append((tab, tab.post(f"/play/{phone.table.id}/event", data={
            "csrf_token": phone.csrf, "event": event, "expected_seq": "2"})))

    tabs = [threading.Thread(target=tap, args=(path,)) for path in (1, 2, 3, 4)]
    for tab in tabs:
        tab.start()
    for tab in tabs:
        tab.join()
    assert [answer.status_code for _tab, answer in answers] == [303] * 4
    told = [tab.get(answer.headers["Location"]).get_data(as_text=True)
            for tab, answer in answers if "done=" not in answer.headers["Location"]]
    assert len(told) == 3
    assert all("Nothing was entered" in page for page in told)
    assert phone.seq() == 3
    log = client.get(f"/api/sessions/{phone.table.id}/log").get_json()["entries"]
    assert [entry["seq"] for entry in log] == [1, 2, 3]


def test_the_calculator_pages_take_odd_values_in_every_field_without_a_5xx(client):
    for game in GAMES:
        page = client.get(f"/score/{game}").get_data(as_text=True)
        fields = sorted(set(re.findall(r'<(?:input|select|textarea)[^>]*name="([^"]+)"', page)))
        assert fields, game
        for field in fields[:25]:
            for value in ("x", "-1", "1e999", "9" * 40, "\x00", "<script>"):
                response = client.get(f"/score/{game}", query_string={field: value,
                                                                      "calculate": "1"})
                assert response.status_code < 500, (game, field, value)
                assert "<script>" not in response.get_data(as_text=True), (game, field)


# -- imports ------------------------------------------------------------------------------------------

def rows(database) -> tuple[int, int]:
    with sqlite3.connect(database) as connection:
        return tuple(connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
                     for table in ("sessions", "log"))


def damaged(export, change):
    document = copy.deepcopy(export)
    change(document)
    return document


def test_a_refused_import_writes_nothing_and_an_accepted_one_believes_only_the_events(
        app, tmp_path, avignon):
    client = app.test_client()
    database = tmp_path / "t.sqlite"
    table = ApiTable(client, copy.deepcopy(avignon["example_setup"]))
    for _ in range(4):
        view = client.get(f"/api/sessions/{table.id}").get_json()
        assert table.send(view["legal"][0]).status_code == 200
    table.undo()
    export = client.get(f"/api/sessions/{table.id}/export", headers=table.headers).get_json()
    live = client.get(f"/api/sessions/{table.id}").get_json()

    def at(index, key, value):
        return lambda document: document["log"][index].__setitem__(key, value)

    refusals = {
        "an illegal path": lambda d: d["log"][2]["event"].__setitem__("path", 99),
        "an unknown event type": lambda d: d["log"][2]["event"].__setitem__("type", "teleport"),
        "a seq twice": at(1, "seq", 1),
        "a seq past any": at(0, "seq", 10**30),
        "entries reversed": lambda d: d["log"].reverse(),
        "an entry of no kind": at(4, "kind", "explode"),
        "an entry that is a string": lambda d: d["log"].__setitem__(0, "x"),
        "created_at a word": at(0, "created_at", "yesterday"),
        "client_id a number": at(0, "client_id", 5),
        "one client_id twice": lambda d: [entry.__setitem__("client_id", "same")
                                          for entry in d["log"][:2]],
        "the log an object": lambda d: d.__setitem__("log", {}),
        "no log": lambda d: d.pop("log"),
        "players a string": lambda d: d.__setitem__("players", "x"),
        "another game": lambda d: d.__setitem__("game", "pilgrims"),
        "an unknown field": lambda d: d.__setitem__("seq", 99),
        "another format": lambda d: d.__setitem__("format", "tableside-session/2"),
    }
    before = rows(database)
    for name, change in refusals.items():
        response = client.post("/api/sessions/import", json=damaged(export, change))
        assert 400 <= response.status_code < 500, (name, response.get_json())
        assert response.get_json()["error"]["message"], name
        assert rows(database) == before, name

    believed_nothing = {
        "an undo naming seq 99": at(4, "target_seq", 99),
        "forged effects": at(0, "effects", [{"quote": "FORGED RULE", "text": "Rosa wins"}]),
        "a forged state": lambda d: d.__setitem__("state", {"G": {}}),
        "a garbage checkpoint": lambda d: d.__setitem__("checkpoints", {"3": {"G": "x"}}),
    }
    for name, change in believed_nothing.items():
        response = client.post("/api/sessions/import", json=damaged(export, change))
        assert response.status_code == 201, (name, response.get_json())
        copy_id = response.get_json()["id"]
        view = client.get(f"/api/sessions/{copy_id}").get_json()
        assert (view["seq"], view["state"]) == (live["seq"], live["state"]), name
        log = client.get(f"/api/sessions/{copy_id}/log").get_data(as_text=True)
        assert "FORGED" not in log and '"target_seq": 99' not in log, name
        assert "FORGED" not in client.get(f"/play/{copy_id}/log").get_data(as_text=True), name


# -- one keep-alive connection to a real server --------------------------------------------------------

@pytest.fixture(scope="module", params=["gunicorn", "flask"])
def server(request, tmp_path_factory):
    running = Server(f"sqlite:///{tmp_path_factory.mktemp('ka') / 'ka.sqlite'}", request.param)
    running.env["FLASK_RATELIMIT_ENABLED"] = "false"
    try:
        yield running.start()
    finally:  # also when it never started; killed, as a graceful stop waits for nothing here
        if running.process and running.process.poll() is None:
            running.kill()


def smuggled(game) -> bytes:
    """A whole HTTP request entering the game's first legal event, as bytes to hide in a body."""
    body = json.dumps({"event": game["legal"][0], "expected_seq": 0}).encode()
    return (f"POST /api/sessions/{game['id']}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Authorization: Bearer {game['edit_token']}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
            ).encode() + body


def on_one_connection(server, first: tuple, then_path: str):
    """`first` (method, path, body, headers) then a GET of `then_path` on one connection: the
    first status and its Connection header, and the second status (None if never answered)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        method, path, body, headers = first
        try:
            connection.request(method, path, body=body, headers=headers)
        except (BrokenPipeError, ConnectionResetError):
            pass  # answered and closed before the whole body was sent, as a body over the limit is
        response = connection.getresponse()
        response.read()
        answer = (response.status, (response.getheader("Connection") or "").lower())
        try:
            connection.request("GET", then_path)
            second = connection.getresponse()
            second.read()
            return answer, second.status
        except (http.client.RemoteDisconnected, ConnectionError):
            return answer, None
    finally:
        connection.close()


def refused_bodies(game):
    hidden = smuggled(game)
    return {
        "415 with a request inside": (hidden, "text/plain", 415),
        "400 with a request inside": (b"{" + b" " * 10 + hidden, "application/json", 400),
        "413 with a request inside": (b" " * (65 * 1024) + hidden, "application/json", 413),
    }


def new_game(server):
    status, rules = call(server.base, "GET", "/api/games/avignon")
    status, game = call(server.base, "POST", "/api/sessions", rules["example_setup"])
    assert status == 201, game
    return game


def test_a_request_hidden_in_a_refused_body_is_never_run(server):
    game = new_game(server)
    path = f"/api/sessions/{game['id']}"
    for name, (body, content_type, status) in refused_bodies(game).items():
        headers = {"Authorization": f"Bearer {game['edit_token']}", "Content-Type": content_type}
        (first, _connection), _second = on_one_connection(
            server, ("POST", path + "/events", body, headers), path)
        assert first == status, name
        assert call(server.base, "GET", path)[1]["seq"] == 0, name


@pytest.mark.parametrize("name", ["415 with a request inside", "400 with a request inside",
                                  "413 with a request inside"])
def test_the_request_after_a_refused_one_on_the_same_connection_is_answered(
        server, name):
    """A server that keeps the connection open after refusing a body must answer the next
    request on it; one that will not must say `Connection: close` with its refusal, or a phone's
    next request (perhaps an event) is dropped without an answer."""
    game = new_game(server)
    path = f"/api/sessions/{game['id']}"
    body, content_type, status = refused_bodies(game)[name]
    headers = {"Authorization": f"Bearer {game['edit_token']}", "Content-Type": content_type}
    (first, connection), second = on_one_connection(
        server, ("POST", path + "/events", body, headers), path)
    assert first == status
    assert second == 200 or (second is None and connection == "close"), (connection, second)


# -- what players type, shown back ----------------------------------------------------------------------

MARKUP_NAMES = ["<script>alert(1)</script>", '"><img src=x onerror=alert(2)>', "</text><svg onload=alert(3)>"]


def test_markup_typed_as_names_or_a_quest_result_is_shown_as_text_on_every_page(client):
    """A Journey Quest ended at once by the table with markup in two players' names and in the
    condition it reports: every page and picture shows the markup as text (escaped), and the JSON
    reads carry it as data under application/json with nosniff."""
    rules = client.get("/api/games/journey").get_json()
    condition = "<b onmouseover=alert(4)>the Gate</b>"
    for names in (MARKUP_NAMES[:2], MARKUP_NAMES[1:]):
        table = ApiTable(client, {**copy.deepcopy(rules["example_setup"]), "players": names})
        assert table.send({"type": "quest_result", "player": "p1", "outcome": "defeat",
                           "condition": condition}).status_code == 200
        phone = client.application.test_client()
        phone.get(f"/play/{table.id}/join?token={table.join_token}")
        pages = {page: client.get(f"/play/{table.id}{page}")
                 for page in ("", "/log", "/result.svg", "/qr.svg", "/other/attack")}
        pages["join page"] = phone.get(f"/play/{table.id}")
        for page, response in pages.items():
            assert response.status_code == 200, page
            text = response.get_data(as_text=True)
            for typed in [*names, condition]:
                assert typed not in text, (page, typed)
        assert any("&lt;" in response.get_data(as_text=True) and "alert(" in
                   response.get_data(as_text=True) for response in pages.values())  # as text
        for url in (f"/play/{table.id}/state.json?since=0", f"/api/sessions/{table.id}/log"):
            response = client.get(url)
            assert response.mimetype == "application/json", url
            assert response.headers.get("X-Content-Type-Options") == "nosniff", url
