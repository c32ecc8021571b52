"""Outside hardening, round 1 (outsider14): the API attacked as a careless or hostile client,
learned from the README, the OpenAPI document and `GET /api/games/<game>` only.

Every JSON endpoint is sent bodies that are not JSON objects, the wrong content type, bodies over
the size limit, duplicate keys, unknown fields, missing fields and values of the wrong type (in
every field of each game's first event, of its setup and of its calculator tally); the URLs get
unknown games, sessions, seats, sections and campaigns and the wrong methods; the search gets its
own syntax. Each must be a 4xx JSON error whose message (or `field`) names the problem, never a
5xx, and a game it was aimed at must be unchanged: same seq, same state, same log. After all that,
the next legal event is accepted and leaves the game as a fresh game given the same event."""

import copy
import json

import pytest

from tests.api_table import ApiTable

GAMES = ("avignon", "pillars-of-fate", "pilgrims", "we-forlorn-few", "journey")

# A legal first event of each game's example setup (its declared example where that is legal at
# the start; We Forlorn Few's first Traveler staying on its tile, as its first legal choice says).
FIRST_EVENT_EXAMPLE = {"avignon": "beseech", "pillars-of-fate": "hand", "pilgrims": "choose_corner",
                       "journey": "maintenance"}
FIRST_EVENT = {"we-forlorn-few": {"type": "stay", "player": "p1"}}

# One value of each JSON shape a careless client sends where another belongs.
ODD_VALUES = {
    "string digit": "1", "float": 1.5, "true": True, "false": False, "null": None,
    "object": {"a": 1}, "list": [1], "empty list": [], "huge": 10**30, "negative": -1,
    "empty string": "", "long string": "x" * 5000, "unicode": "Ünï😀",
}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


@pytest.fixture(scope="module")
def games(client):
    return {game: client.get(f"/api/games/{game}").get_json() for game in GAMES}


def first_event(games, game) -> dict:
    if game in FIRST_EVENT:
        return dict(FIRST_EVENT[game])
    return dict(games[game]["events"][FIRST_EVENT_EXAMPLE[game]]["example"])


def table_of(client, games, game) -> ApiTable:
    return ApiTable(client, copy.deepcopy(games[game]["example_setup"]))


def whole_game(table) -> dict:
    """Everything a refused request must leave as it was: the table's view and its log."""
    view = table.client.get(f"/api/sessions/{table.id}", headers=table.headers).get_json()
    log = table.client.get(f"/api/sessions/{table.id}/log", headers=table.headers).get_json()
    return {"seq": view["seq"], "state": view["state"], "phase": view["phase"],
            "legal": view["legal"], "log": log["entries"]}


def error_of(response, *statuses) -> dict:
    """The response is a JSON error of one of `statuses` (any 4xx when none is given), with a
    code and a message; the error."""
    assert response.status_code < 500, response.data[:300]
    if statuses:
        assert response.status_code in statuses, response.get_json()
    else:
        assert 400 <= response.status_code < 500, response.get_json()
    assert response.is_json, response.data[:300]
    error = response.get_json()["error"]
    assert error["code"] and error["message"], error
    return error


def names(error: dict, *words: str) -> bool:
    text = (error["message"] + " " + error.get("field", "")).lower()
    return any(word.lower() in text for word in words)


def json_type(value) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    return {float: "number", str: "string", dict: "object", list: "array",
            type(None): "null"}[type(value)]


def leaves(value, path=()):
    """Every path into a JSON value (the first item of each list), the root excluded."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield (*path, key)
            yield from leaves(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value[:1]):
            yield (*path, index)
            yield from leaves(inner, (*path, index))


def replaced(document, path, value):
    document = copy.deepcopy(document)
    inner = document
    for key in path[:-1]:
        inner = inner[key]
    inner[path[-1]] = value
    return document


def then_a_legal_event_is_as_on_a_fresh_game(client, games, game, table):
    """A failure in one request never affects the next: the first event is accepted and the game
    is exactly a fresh game's after the same event."""
    event = first_event(games, game)
    assert table.send(event).status_code == 200
    fresh = table_of(client, games, game)
    assert fresh.send(event).status_code == 200
    assert whole_game(table)["state"] == whole_game(fresh)["state"]


# -- bodies that are not JSON objects -------------------------------------------------------------

BAD_BODIES = {
    # name: (bytes, content type, words one of which the error must name)
    "cut-off JSON": (b'{"event": ', "application/json", ("JSON",)),
    "JSON with trailing text": (b'{"a": 1} and more', "application/json", ("JSON",)),
    "latin-1 bytes": ('{"a": "\xe9"}'.encode("latin-1"), "application/json", ("JSON", "utf")),
    "text/plain": (b"{}", "text/plain", ("application/json",)),
    "a form": (b"event=beseech", "application/x-www-form-urlencoded", ("application/json",)),
    "no content type": (b"{}", None, ("application/json",)),
    "an array": (b"[1, 2]", "application/json", ("object", "format")),
    "a string": (b'"beseech"', "application/json", ("object", "format")),
    "null": (b"null", "application/json", ("object", "format")),
    "a number": (b"7", "application/json", ("object", "format")),
    "NaN": (b'{"expected_seq": NaN}', "application/json", ("NaN", "JSON", "number")),
    "deeply nested": (b'{"a": ' * 600 + b"1" + b"}" * 600, "application/json",
                      ("deep", "nest", "JSON")),
}
EMPTY_BODY = (b"", "application/json", ("empty",))


def session_endpoints(table):
    join = {"Authorization": "Bearer " + table.join_token}
    return {
        "events": (f"/api/sessions/{table.id}/events", table.headers),
        "undo": (f"/api/sessions/{table.id}/undo", table.headers),
        "redo": (f"/api/sessions/{table.id}/redo", table.headers),
        "seats": (f"/api/sessions/{table.id}/seats", join),
    }


OTHER_ENDPOINTS = ["/api/sessions", "/api/sessions/import", "/api/campaigns",
                   *(f"/api/score/{game}" for game in GAMES)]


@pytest.mark.parametrize("game", GAMES)
def test_a_session_endpoint_refuses_every_body_that_is_not_a_json_object_and_the_game_is_unchanged(
        client, games, game):
    table = table_of(client, games, game)
    before = whole_game(table)
    for endpoint, (url, headers) in session_endpoints(table).items():
        bodies = dict(BAD_BODIES)
        if endpoint in ("events", "seats"):  # undo and redo take an empty body as "no options"
            bodies["empty"] = EMPTY_BODY
        for name, (data, content_type, words) in bodies.items():
            sent = dict(headers)
            if content_type:
                sent["Content-Type"] = content_type
            error = error_of(client.post(url, data=data, headers=sent))
            assert names(error, *words), (endpoint, name, error)
        over = b'{"client_id": "' + b"x" * (65 * 1024) + b'"}'
        error = error_of(client.post(url, data=over, headers={**headers,
                                                              "Content-Type": "application/json"}),
                         413)
        assert names(error, "64 KiB", "larger"), error
    assert whole_game(table) == before
    then_a_legal_event_is_as_on_a_fresh_game(client, games, game, table)


@pytest.mark.parametrize("url", OTHER_ENDPOINTS)
def test_creating_importing_and_scoring_refuse_every_body_that_is_not_a_json_object(client, url):
    for name, (data, content_type, words) in {**BAD_BODIES, "empty": EMPTY_BODY}.items():
        headers = {"Content-Type": content_type} if content_type else {}
        error = error_of(client.post(url, data=data, headers=headers))
        assert names(error, *words), (name, error)


def test_a_body_over_the_limit_is_a_json_413_naming_the_limit_everywhere(client):
    over = b'{"game": "' + b"x" * (65 * 1024) + b'"}'
    for url in ("/api/sessions", "/api/campaigns", *(f"/api/score/{game}" for game in GAMES)):
        error = error_of(client.post(url, data=over, content_type="application/json"), 413)
        assert names(error, "64 KiB"), (url, error)
    import_over = b'{"game": "' + b"x" * (8 * 1024 * 1024 + 1) + b'"}'
    error = error_of(client.post("/api/sessions/import", data=import_over,
                                 content_type="application/json"), 413)
    assert names(error, "MiB", "larger"), error


def test_a_game_created_from_a_refused_body_does_not_exist(client, games):
    """A refused create writes nothing: no session appears for a bad setup."""
    setup = copy.deepcopy(games["avignon"]["example_setup"])
    setup["players"] = [{"name": "Rosa", "seat": "rome"}, {"name": "Aldo", "seat": "nowhere"}]
    response = client.post("/api/sessions", json=setup)
    error_of(response, 400)
    assert "id" not in response.get_json()


# -- duplicate keys ---------------------------------------------------------------------------------

def duplicated(body: dict, key: str, first) -> bytes:
    """`body` as JSON text with `key` written twice: first `first`, then its own value."""
    text = json.dumps(body)
    opening = "{" + json.dumps(key) + ": " + json.dumps(first) + ", "
    return (opening + text[1:]).encode()


@pytest.mark.parametrize("game", GAMES)
def test_an_event_with_a_key_written_twice_is_refused_naming_the_key(client, games, game):
    """Two phones' software (or a proxy and the app) reading `{"player": "x", "player": "y"}`
    differently is how a request smuggles past a check: RFC 8259 leaves it to the reader, so an
    API that promises to refuse what it cannot read must refuse it, naming the key."""
    table = table_of(client, games, game)
    before = whole_game(table)
    event = first_event(games, game)
    other_seat = next(seat["seat"] for seat in table.created["players"]
                      if seat["seat"] != event["player"])
    inner = duplicated(event, "player", other_seat).decode()
    body = '{"event": ' + inner + ', "expected_seq": ' + str(table.seq) + "}"
    response = client.post(f"/api/sessions/{table.id}/events", data=body,
                           headers={**table.headers, "Content-Type": "application/json"})
    error = error_of(response, 400)
    assert names(error, "player"), error
    assert whole_game(table) == before


def test_a_setup_with_the_game_written_twice_is_refused_naming_the_key(client, games):
    setup = copy.deepcopy(games["avignon"]["example_setup"])
    response = client.post("/api/sessions", data=duplicated(setup, "game", "pilgrims"),
                           content_type="application/json")
    error = error_of(response, 400)
    assert names(error, "game"), error


# -- the event's body, field by field ---------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_every_field_of_an_event_with_a_value_of_the_wrong_shape_is_a_400_naming_it(
        client, games, game):
    table = table_of(client, games, game)
    before = whole_game(table)
    event = first_event(games, game)
    url = f"/api/sessions/{table.id}/events"
    for path in leaves(event):
        for name, value in ODD_VALUES.items():
            response = table.send(replaced(event, path, value))
            if json_type(value) != json_type(_at(event, path)):
                error = error_of(response, 400)
                assert error.get("field", "").startswith("event"), (path, name, error)
            elif response.status_code == 200:  # a value of the right shape the game allows
                table.undo()
                before["seq"], before["log"] = whole_game(table)["seq"], None
            else:
                error_of(response, 400, 422)
    unknown = {"event": {**event, "colour": "red"}, "expected_seq": table.seq}
    error = error_of(client.post(url, headers=table.headers, json=unknown), 400)
    assert names(error, "colour"), error
    for key in event:
        missing = {"event": {k: v for k, v in event.items() if k != key},
                   "expected_seq": table.seq}
        error = error_of(client.post(url, headers=table.headers, json=missing), 400, 422)
        assert error.get("field", "").startswith("event") or names(error, key), (key, error)
    after = whole_game(table)
    if before["log"] is None:  # something was accepted and undone: the log says so
        after["log"] = None
    assert after == before
    then_a_legal_event_is_as_on_a_fresh_game(client, games, game, table)


def _at(document, path):
    for key in path:
        document = document[key]
    return document


@pytest.mark.parametrize("game", GAMES)
def test_the_envelope_of_an_event_refuses_wrong_values_missing_and_unknown_fields(
        client, games, game):
    table = table_of(client, games, game)
    before = whole_game(table)
    event = first_event(games, game)
    url = f"/api/sessions/{table.id}/events"
    for name, value in ODD_VALUES.items():
        if name == "huge":  # a whole number no game reaches: the game has moved on (409 stale)
            error = error_of(client.post(url, headers=table.headers,
                                         json={"event": event, "expected_seq": value}), 409)
        else:
            error = error_of(client.post(url, headers=table.headers,
                                         json={"event": event, "expected_seq": value}), 400)
        assert error["field"] == "expected_seq", (name, error)
        if name not in ("string digit", "null", "unicode"):  # strings of 1-64 characters
            error = error_of(client.post(url, headers=table.headers, json={
                "event": event, "expected_seq": table.seq, "client_id": value}), 400)
            assert error["field"] == "client_id", (name, error)
        if name not in ("object",):
            error = error_of(client.post(url, headers=table.headers,
                                         json={"event": value, "expected_seq": table.seq}), 400)
            assert names(error, "event"), (name, error)
    for body, field in (({"expected_seq": table.seq}, "event"), ({"event": event}, "expected_seq"),
                        ({"event": event, "expected_seq": table.seq, "seat": "x"}, "seat")):
        error = error_of(client.post(url, headers=table.headers, json=body), 400)
        assert names(error, field), (body, error)
    error = error_of(client.post(url, headers=table.headers, json={
        "event": {**event, "type": "teleport"}, "expected_seq": table.seq}), 400)
    assert names(error, "teleport", "event.type"), error
    assert whole_game(table) == before
    then_a_legal_event_is_as_on_a_fresh_game(client, games, game, table)


@pytest.mark.parametrize("game", GAMES)
def test_undo_redo_and_seats_refuse_wrong_values_and_unknown_fields(client, games, game):
    table = table_of(client, games, game)
    assert table.send(first_event(games, game)).status_code == 200
    before = whole_game(table)
    join = {"Authorization": "Bearer " + table.join_token}
    seat = table.created["players"][0]["seat"]
    for name, value in ODD_VALUES.items():
        for kind in ("undo", "redo"):
            url = f"/api/sessions/{table.id}/{kind}"
            if name != "null":  # null: "undo what is last", as with no expected_seq
                error = error_of(client.post(url, headers=table.headers,
                                             json={"expected_seq": value}),
                                 409 if name == "huge" else 400)
                assert error["field"] == "expected_seq", (kind, name, error)
            error = error_of(client.post(url, headers=table.headers, json={"step": value}), 400)
            assert names(error, "step"), error
        url = f"/api/sessions/{table.id}/seats"
        error = error_of(client.post(url, headers=join, json={"seat": value}), 400, 404)
        assert names(error, "seat"), (name, error)
        if name not in ("true", "false"):
            error = error_of(client.post(url, headers=join, json={"seat": seat, "replace": value}),
                             400)
            assert names(error, "replace"), (name, error)
    assert whole_game(table) == before


# -- setups and tallies -----------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_a_setup_with_a_wrong_value_anywhere_is_a_4xx_and_creates_nothing(client, games, game):
    """Null is read as "not given" (an optional field left out) and a player as a plain name or
    {name, seat}; every other value of another JSON type than the example's is refused."""
    setup = games[game]["example_setup"]
    for path in leaves(setup):
        original = _at(setup, path)
        for name, value in ODD_VALUES.items():
            if (json_type(value) == json_type(original) or name == "null"
                    or (path[0] == "players" and len(path) == 2 and isinstance(value, str))):
                continue
            response = client.post("/api/sessions", json=replaced(setup, path, value))
            error = error_of(response, 400, 422)
            assert "id" not in response.get_json()
            assert error.get("field") or error["message"], (path, name, error)
    error = error_of(client.post("/api/sessions", json={**setup, "colour": "red"}), 400)
    assert names(error, "colour"), error
    for key in ("game", "players"):
        error = error_of(client.post("/api/sessions",
                                     json={k: v for k, v in setup.items() if k != key}), 400)
        assert names(error, key), error


@pytest.mark.parametrize("value", [False, 0, [], ""], ids=["false", "zero", "empty list",
                                                            "empty string"])
@pytest.mark.parametrize("game", ["avignon", "pillars-of-fate"])
def test_options_that_are_not_an_object_are_refused_naming_options(client, games, game, value):
    """A position given as false, 0, [] or "" is refused naming `position`; options given so are
    taken as "no options" and the game starts on the book's defaults, which the client never
    asked for in that shape."""
    setup = {**games[game]["example_setup"], "options": value}
    error = error_of(client.post("/api/sessions", json=setup), 400)
    assert names(error, "options"), error


@pytest.mark.parametrize("game", GAMES)
def test_a_calculator_tally_with_a_wrong_value_anywhere_is_refused(client, games, game):
    """Every path of the game's example tally, each odd value: a value of another JSON type is a
    400 naming where; a value of the right type is scored or refused, never a 5xx."""
    tally = games[game]["score_schema"]["examples"][0]
    url = f"/api/score/{game}"
    assert client.post(url, json=tally).status_code == 200
    for path in leaves(tally):
        original = _at(tally, path)
        for name, value in ODD_VALUES.items():
            response = client.post(url, json=replaced(tally, path, value))
            if json_type(value) == json_type(original):
                assert response.status_code in (200, 400, 422), (path, name)
                if response.status_code != 200:
                    error_of(response)
            else:
                error = error_of(response, 400, 422)
                assert error.get("field") or error["message"], (path, name, error)
    error = error_of(client.post(url, json={**tally, "colour": "red"}), 400)
    assert names(error, "colour"), error
    for key in games[game]["score_schema"]["required"]:
        error = error_of(client.post(url, json={k: v for k, v in tally.items() if k != key}), 400)
        assert names(error, key), error


def test_a_campaign_without_a_game_is_a_400_naming_the_missing_field(client):
    error = error_of(client.post("/api/campaigns", json={"players": ["Ann", "Ben"]}), 400)
    assert error.get("field") == "game" and "None" not in error["message"], error


def test_a_campaign_with_an_unknown_or_wrongly_typed_game_is_refused_naming_it(client):
    for game in ("nope", "avignon", 7, ["journey"], {"id": "journey"}, ""):
        error = error_of(client.post("/api/campaigns",
                                     json={"game": game, "players": ["Ann", "Ben"]}))
        assert names(error, "game", "campaign"), (game, error)


# -- URLs -------------------------------------------------------------------------------------------

UNKNOWN_SESSION_READS = ["", "/log", "/export"]
UNKNOWN_SESSION_WRITES = ["/events", "/undo", "/redo", "/seats"]


@pytest.mark.parametrize("session_id", ["nope", "x" * 64, "%00", "Ünï", "' OR '1'='1"])
def test_an_unknown_session_is_a_404_naming_it_for_every_endpoint(client, session_id):
    for suffix in UNKNOWN_SESSION_READS:
        error = error_of(client.get(f"/api/sessions/{session_id}{suffix}"), 404)
        assert names(error, "session"), (suffix, error)
    for suffix in UNKNOWN_SESSION_WRITES:
        error = error_of(client.post(f"/api/sessions/{session_id}{suffix}",
                                     headers={"Authorization": "Bearer x"}, json={}), 400, 404)
        assert names(error, "session", "event", "seat"), (suffix, error)
    for page in ("", "/log", "/state.json", "/export", "/result.svg", "/qr.svg", "/ask?q=move"):
        assert client.get(f"/play/{session_id}{page}").status_code == 404, page


def test_unknown_games_sections_campaigns_and_quest_numbers_are_404s_naming_them(client):
    for url in ("/api/games/nope", "/api/rules/nope/sections/setup",
                "/api/rules/avignon/sections/nope", "/api/campaigns/nope"):
        error = error_of(client.get(url), 404)
        assert "nope" in error["message"], (url, error)
    error = error_of(client.post("/api/score/nope", json={}), 404)
    assert "nope" in error["message"], error
    error = error_of(client.get("/api/rules/search", query_string={"q": "move", "game": "nope"}),
                     404)
    assert error["field"] == "game", error
    for url in ("/api/campaigns/nope/quests", "/api/campaigns/nope/quests/1/seats"):
        error = error_of(client.post(url, headers={"Authorization": "Bearer x"}, json={}), 400,
                         404)
    for page in ("/score/nope", "/play/cards/nope", "/rules/nope", "/play/campaigns/nope"):
        assert client.get(page).status_code == 404, page


@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_seat_in_a_query_is_a_400_naming_seat_and_a_seat_read_needs_its_token(
        client, games, game):
    table = table_of(client, games, game)
    for suffix in ("", "/log"):
        url = f"/api/sessions/{table.id}{suffix}"
        for seat in ("nope", "", "Ünï", "x" * 500):
            error = error_of(client.get(url, query_string={"seat": seat},
                                        headers=table.headers), 400)
            assert error["field"] == "seat", (seat, error)
        real = table.created["players"][0]["seat"]
        error_of(client.get(url, query_string={"seat": real}), 401, 403)


WRONG_METHODS = [
    ("put", "/api/sessions"), ("delete", "/api/sessions/{id}"), ("put", "/api/sessions/{id}"),
    ("get", "/api/sessions/{id}/events"), ("delete", "/api/sessions/{id}/events"),
    ("get", "/api/sessions/{id}/undo"), ("get", "/api/sessions/{id}/redo"),
    ("delete", "/api/sessions/{id}/seats"), ("post", "/api/sessions/{id}/log"),
    ("post", "/api/sessions/{id}/export"),
    ("post", "/api/games"), ("delete", "/api/games/avignon"), ("post", "/api/rules/search"),
    ("post", "/api/rules/avignon/sections/setup"), ("get", "/api/score/avignon"),
    ("put", "/api/score/avignon"), ("delete", "/api/health"), ("post", "/api/openapi.json"),
    ("get", "/api/campaigns"), ("patch", "/api/campaigns/{id}"),
]


def test_a_wrong_method_is_a_json_405_with_the_methods_allowed(client, games):
    table = table_of(client, games, "avignon")
    before = whole_game(table)
    for method, url in WRONG_METHODS:
        response = getattr(client, method)(url.format(id=table.id), headers=table.headers)
        error = error_of(response, 405)
        assert error["code"] == "method_not_allowed", (method, url)
        assert response.headers.get("Allow"), (method, url)
    assert whole_game(table) == before


# -- the rules search -------------------------------------------------------------------------------

SEARCH_SYNTAX = ['"', '""', '"unclosed phrase', "*", "?", "*:*", "AND", "OR", "NOT", "AND OR NOT",
                 "(", ")", "((((", "a AND (b OR", "~", "a~2", "^", "a^3", "[a TO z]", "{a TO}",
                 "title:x", "text:move", "section_id:scoring", "field:", ":::", "\\", "/regex/",
                 "<script>alert(1)</script>", "%", "'", "-", "+", "!", "\u200b", "😀", "\ufeff",
                 "İ", "moving* tile?"]


@pytest.mark.parametrize("game", GAMES)
def test_search_syntax_is_read_as_words_and_never_leaves_the_game_asked_for(client, game):
    for q in SEARCH_SYNTAX:
        response = client.get("/api/rules/search", query_string={"q": q, "game": game})
        assert response.status_code == 200, (q, response.data[:300])
        answer = response.get_json()
        assert isinstance(answer["answered"], bool) and answer["game"] == game, q
        assert answer["count"] == len(answer["results"]) <= answer["limit"], q
        for result in answer["results"]:
            assert result["game"] == game, (q, result["game"], result["section_id"])
            assert "<script>" not in result["highlight"], q
    other = next(g for g in GAMES if g != game)
    answer = client.get("/api/rules/search",
                        query_string={"q": f"game:{other} rules", "game": game}).get_json()
    assert {result["game"] for result in answer["results"]} <= {game}


def test_an_empty_blank_or_overlong_question_and_a_bad_limit_are_400s_naming_them(client):
    for q in ("", " ", "\t\n", "\x00"):
        error = error_of(client.get("/api/rules/search", query_string={"q": q}), 400)
        assert error["field"] == "q", (q, error)
    error_of(client.get("/api/rules/search"), 400)
    for q in ("x" * 501, "move " * 2048):  # the second is 10 kB
        error = error_of(client.get("/api/rules/search", query_string={"q": q}), 400)
        assert error["field"] == "q" and "500" in error["message"], error
    for limit in ("0", "-1", "51", "abc", "1.5", "9" * 30, "true", "1e1"):
        error = error_of(client.get("/api/rules/search",
                                    query_string={"q": "move", "limit": limit}), 400)
        assert error["field"] == "limit", (limit, error)
    for game in ("AVIGNON", "journey\x00", "../avignon"):
        error = error_of(client.get("/api/rules/search",
                                    query_string={"q": "move", "game": game}), 404)
        assert error["field"] == "game", (game, error)


def test_a_question_that_is_not_utf8_is_answered_or_refused_never_a_5xx(client):
    for raw in ("%ff%fe", "%ed%a0%80", "%c0%af", "%e2%82"):
        response = client.get(f"/api/rules/search?q={raw}&game=avignon")
        assert response.status_code in (200, 400), (raw, response.data[:300])
        assert response.is_json


# -- campaigns ----------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def campaign_body(games):
    return {"game": "journey", "players": ["Ann", "Ben"],
            "options": games["journey"]["example_setup"]["options"]}


def test_a_campaign_refuses_wrong_values_and_a_refused_quest_start_starts_nothing(
        client, campaign_body):
    for key in ("players", "options", "rulings", "anyone_enters", "first", "colour"):
        for name, value in ODD_VALUES.items():
            if name == "null" and key != "players" or (key == "anyone_enters" and name in (
                    "true", "false")):
                continue  # null: "not given"; a bool is anyone_enters' own type
            response = client.post("/api/campaigns", json={**campaign_body, key: value})
            error = error_of(response, 400, 422)
            assert "id" not in response.get_json()
            assert error.get("field") or error["message"], (key, name, error)
    created = client.post("/api/campaigns", json=campaign_body)
    assert created.status_code == 201, created.get_json()
    campaign = created.get_json()
    url = f"/api/campaigns/{campaign['id']}/quests"
    headers = {"Authorization": "Bearer " + campaign["edit_token"]}
    for key in ("quest", "expected_quests", "upgrades", "colour"):
        for name, value in ODD_VALUES.items():
            body = {"quest": "q1", "expected_quests": 0, key: value}
            error = error_of(client.post(url, headers=headers, json=body))
            assert error.get("field") or error["message"], (key, name, error)
    assert client.get(f"/api/campaigns/{campaign['id']}").get_json()["quests"] == []
    for headers_sent in ({}, {"Authorization": "Bearer x"}):
        error_of(client.post(url, headers=headers_sent, json={"quest": "q1",
                                                              "expected_quests": 0}), 401, 403)
    started = client.post(url, headers=headers, json={"quest": "q1", "expected_quests": 0})
    assert started.status_code == 201, started.get_json()
    assert len(client.get(f"/api/campaigns/{campaign['id']}").get_json()["quests"]) == 1


@pytest.mark.parametrize("number", ["x", "-1", "1.5"])
def test_keeping_a_seat_in_a_quest_that_is_not_a_number_names_what_was_given(
        client, campaign_body, number):
    campaign = client.post("/api/campaigns", json=campaign_body).get_json()
    error = error_of(client.post(f"/api/campaigns/{campaign['id']}/quests/{number}/seats",
                                 headers={"Authorization": "Bearer x"}, json={}), 400, 404)
    assert number in error["message"] and "None" not in error["message"], error


def test_the_search_pages_take_search_syntax_and_markup_without_a_5xx_or_an_echo(client, games):
    """The same questions, and markup, typed into every page that searches: answered or refused,
    never a 5xx, and the markup never comes back as markup."""
    table = table_of(client, games, "avignon")
    markup = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>']
    for q in [*SEARCH_SYNTAX[::2], *markup, "x" * 501, "", " "]:  # every other one: the time
        for url in ("/", "/rules", "/rules/journey", f"/play/{table.id}/ask"):
            response = client.get(url, query_string={"q": q})
            assert response.status_code in (200, 400), (url, q, response.status_code)
            page = response.get_data(as_text=True)
            assert "<script>alert" not in page and "<img src=x" not in page, (url, q)
