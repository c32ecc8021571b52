"""Hardening, session 19: malformed input generated from each game's own JSON schemas, not written
by hand.

For every game, each event type's schema (GET /api/games/<game>) is taken apart: at every place
of a well-formed event of that type (a legal one when the position offers it, else the schema's
example), a field is dropped, its type swapped, a number pushed out of range, a string or array
made too long, an unknown field added at that level, a null put in. The variants the schema
itself refuses (checked with jsonschema, so the test does not trust the server's validator) are
posted at the start of a game and after some legal events: each is a 400 (a 413 when over the
size limit) JSON error whose `field` is the place broken or one enclosing it, and the game is
unchanged; the next legal event is then accepted. A seat's phone posting an event whose `player`
is not a seat at all, and an import whose signature is not ASCII, were 500s (fixed here).
"""

import copy
import json
import random

import jsonschema
import pytest

GAMES = ("avignon", "pillars-of-fate", "pilgrims", "we-forlorn-few", "journey")
POSITIONS = (0, 6)  # legal events played before each batch
PER_TYPE = 12  # variants posted per event type and position (a seeded draw from all of them)
DROP = object()

# a value of another JSON type for each type, and odd values of the same type
OTHER_TYPE = {"string": 7, "integer": "7", "number": "7.5", "boolean": "yes", "array": {"x": 1},
              "object": ["x"], "null": 1}
ODD_STRINGS = ("", "x" * 2000, "\u202eabc", "a\u0301", "😀" * 40, "\x01\x1f", "<b>x</b>")


def type_of(value) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    return {float: "number", str: "string", list: "array", dict: "object",
            type(None): "null"}[type(value)]


def instance(schema: dict):
    """A small value the schema accepts (its const, first enum value, first alternative, the
    required keys of an object, minItems items of an array, the minimum of a number)."""
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return schema["enum"][0]
    for key in ("oneOf", "anyOf"):
        if key in schema:
            return instance(next((s for s in schema[key] if s.get("type") != "null"), {}))
    kind = schema.get("type", "object" if "properties" in schema else None)
    if kind == "object":
        return {k: instance(schema["properties"][k]) for k in schema.get("required", ())}
    if kind == "array":
        return [instance(schema.get("items", {})) for _ in range(schema.get("minItems", 0))]
    if kind in ("integer", "number"):
        return schema.get("minimum", 0)
    if kind == "string":
        return "a" * max(1, schema.get("minLength", 1))
    return False if kind == "boolean" else None


def alternative(schema: dict, value) -> dict:
    """The branch of a oneOf/anyOf that `value` is an instance of (the schema itself if none)."""
    for key in ("oneOf", "anyOf"):
        for branch in schema.get(key, ()):
            branch = alternative(branch, value)
            if jsonschema.Draft202012Validator(branch).is_valid(value):
                return branch
    return schema


def variants(schema: dict, value, path=()):
    """(what, path, new value or DROP) for every place of `value`, as described above."""
    schema = alternative(schema, value)
    kind = type_of(value)
    if path:
        for other in (OTHER_TYPE[kind], None, [value], {"v": value}):
            yield f"{type_of(other)} for {kind}", path, other
        if kind in ("integer", "number"):
            for number in (schema.get("maximum", 10**6) + 1, schema.get("minimum", 0) - 1,
                           10**40, 0.5):
                yield f"number {number}", path, number
        if kind == "string":
            for text in ODD_STRINGS:
                yield f"string {text[:8]!r}", path, text
    if kind == "object":
        properties = schema.get("properties", {})
        for key in value:
            yield f"{key} dropped", (*path, key), DROP
        yield "unknown field", (*path, "zz_unknown"), 1
        for key, inner in value.items():
            yield from variants(properties.get(key, {}), inner, (*path, key))
        for key, inner_schema in properties.items():
            if key not in value:
                absent = instance(inner_schema)
                yield f"{key} as another type", (*path, key), OTHER_TYPE[type_of(absent)]
    if kind == "array":
        item = value[0] if value else instance(schema.get("items", {}))
        yield "array too long", path, [item] * (schema.get("maxItems", 5000) + 1)
        yield "array of null", path, [None]
        for index, inner in enumerate(value[:2]):
            yield from variants(schema.get("items", {}), inner, (*path, index))


def changed(document, path, value):
    document = copy.deepcopy(document)
    inner = document
    for key in path[:-1]:
        inner = inner[key]
    if value is DROP:
        del inner[path[-1]]
    else:
        inner[path[-1]] = value
    return document


def complete_legal(view) -> list[dict]:
    return [event for event in view["legal"] if "open" not in event and "type" in event]


def play_one(client, session_id, headers, described) -> bool:
    """Enter one event: a complete legal one of the seat to act (in a game with hidden
    information each seat reads its own), else an offered one whose open fields are filled in
    from its type's example, else the first event type's example accepted."""
    view = client.get(f"/api/sessions/{session_id}", headers=headers).get_json()
    legal, opened = [], []
    for seat in view["current_players"]:
        offered = client.get(f"/api/sessions/{session_id}?seat={seat}",
                             headers=headers).get_json()["legal"]
        legal += complete_legal({"legal": offered})
        opened += [{**(described["events"][item["type"]]["example"] or {}),
                    **{k: v for k, v in item.items() if k != "open"}}
                   for item in offered if "open" in item]
    examples = [kind["example"] for kind in described["events"].values() if kind["example"]]
    for event in legal + opened + examples:
        entered = client.post(f"/api/sessions/{session_id}/events", headers=headers,
                              json={"event": event, "expected_seq": view["seq"]})
        assert entered.status_code < 500, entered.data[:300]
        if entered.status_code == 200:
            return True
    return False


def whole_game(client, session_id, headers) -> tuple:
    view = client.get(f"/api/sessions/{session_id}", headers=headers).get_json()
    log = client.get(f"/api/sessions/{session_id}/log", headers=headers).get_json()
    return view["seq"], view["state"], view["phase"], log["entries"]


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def new_game(client, game):
    setup = client.get(f"/api/games/{game}").get_json()["example_setup"]
    created = client.post("/api/sessions", json=setup)
    assert created.status_code == 201, created.get_json()
    return created.get_json()


@pytest.mark.parametrize("game", GAMES)
def test_events_the_schema_refuses_are_400s_naming_the_place_and_change_nothing(client, game):
    described = client.get(f"/api/games/{game}").get_json()
    created = new_game(client, game)
    session_id, headers = created["id"], {"Authorization": "Bearer " + created["edit_token"]}
    draw = random.Random(game)
    posted = played = 0
    for position in POSITIONS:
        while played < position and play_one(client, session_id, headers, described):
            played += 1
        view = client.get(f"/api/sessions/{session_id}", headers=headers).get_json()
        before = whole_game(client, session_id, headers)
        for kind, described_kind in described["events"].items():
            schema = described_kind["schema"]
            base = next((e for e in complete_legal(view) if e["type"] == kind), None) \
                or described_kind["example"] or instance(schema)
            assert jsonschema.Draft202012Validator(schema).is_valid(base), (kind, base)
            refused = [(what, path, event) for what, path, new in variants(schema, base)
                       if not jsonschema.Draft202012Validator(schema).is_valid(
                           event := changed(base, path, new))]
            for what, path, event in draw.sample(refused, min(PER_TYPE, len(refused))):
                response = client.post(f"/api/sessions/{session_id}/events", headers=headers,
                                       json={"event": event, "expected_seq": view["seq"]})
                posted += 1
                case = (game, played, kind, what, path)
                assert response.status_code in (400, 413), (case, response.data[:300])
                error = response.get_json()["error"]
                assert error["code"] and error["message"], case
                if response.status_code == 400:
                    place = ".".join(map(str, ("event", *path)))
                    field = error.get("field") or ""
                    assert field.startswith("event") and (
                        place.startswith(field) or field.startswith(place)), (case, error)
        assert whole_game(client, session_id, headers) == before, game
        assert play_one(client, session_id, headers, described), (game, played)
        played += 1
    assert posted >= len(described["events"]) * len(POSITIONS)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("player", [["p1"], {"seat": "p1"}, 1, None, True])
def test_a_seats_phone_naming_no_seat_as_player_is_a_400_naming_the_player(client, game, player):
    """It was a 500: the seat check looked the player up by name before the event's shape was
    checked, and a list or an object cannot be looked up."""
    created = new_game(client, game)
    view = client.get(f"/api/sessions/{created['id']}").get_json()
    seat = view["players"][0]["seat"]
    claimed = client.post(f"/api/sessions/{created['id']}/seats", json={"seat": seat},
                          headers={"Authorization": "Bearer " + created["join_token"]})
    assert claimed.status_code == 201, claimed.get_json()
    headers = {"Authorization": "Bearer " + claimed.get_json()["seat_token"]}
    kind = next(iter(client.get(f"/api/games/{game}").get_json()["events"]))
    response = client.post(f"/api/sessions/{created['id']}/events", headers=headers,
                           json={"event": {"type": kind, "player": player},
                                 "expected_seq": view["seq"]})
    assert response.status_code == 400, response.data[:300]
    assert response.get_json()["error"]["field"].startswith("event"), response.get_json()
    assert client.get(f"/api/sessions/{created['id']}").get_json()["seq"] == view["seq"]


def test_a_seats_phone_still_may_not_enter_another_seats_well_formed_event(client):
    created = new_game(client, "we-forlorn-few")
    claimed = client.post(f"/api/sessions/{created['id']}/seats", json={"seat": "p1"},
                          headers={"Authorization": "Bearer " + created["join_token"]})
    headers = {"Authorization": "Bearer " + claimed.get_json()["seat_token"]}
    response = client.post(f"/api/sessions/{created['id']}/events", headers=headers,
                           json={"event": {"type": "stay", "player": "p2"},
                                 "expected_seq": created["seq"]})
    assert response.status_code == 403, response.get_json()


@pytest.mark.parametrize("signature", ["é" * 64, "\u202e" + "0" * 63, "😀"],
                         ids=["accented", "right-to-left", "emoji"])
def test_an_import_signed_with_characters_beyond_ascii_is_replayed_not_a_500(client, signature):
    """It was a 500: hmac.compare_digest refuses a str with a character beyond ASCII."""
    created = new_game(client, "avignon")
    headers = {"Authorization": "Bearer " + created["edit_token"]}
    exported = client.get(f"/api/sessions/{created['id']}/export", headers=headers).get_json()
    imported = client.post("/api/sessions/import", json={**exported, "signature": signature})
    assert imported.status_code == 201, imported.data[:300]
    copy_view = client.get(f"/api/sessions/{imported.get_json()['id']}").get_json()
    assert copy_view["state"] == client.get(f"/api/sessions/{created['id']}").get_json()["state"]


def test_keys_written_twice_and_deep_nesting_inside_every_event_type_are_refused(client):
    """Raw JSON texts (not a dict a client library would build): each event type's base with a
    key written twice at the top and inside, and a field nested past the depth limit."""
    for game in GAMES:
        described = client.get(f"/api/games/{game}").get_json()
        created = new_game(client, game)
        headers = {"Authorization": "Bearer " + created["edit_token"],
                   "Content-Type": "application/json"}
        for kind, described_kind in described["events"].items():
            base = described_kind["example"] or instance(described_kind["schema"])
            text = json.dumps(base)
            texts = {
                "type twice": text[:-1] + f', "type": {json.dumps(kind)}}}',
                "player twice": '{"player": "p1", ' + text[1:],
                "nested too deep": text[:-1] + ', "zz": ' + "[" * 40 + "]" * 40 + "}",
            }
            for what, event_text in texts.items():
                body = '{"event": ' + event_text + f', "expected_seq": {created["seq"]}}}'
                response = client.post(f"/api/sessions/{created['id']}/events", headers=headers,
                                       data=body.encode())
                assert response.status_code == 400, (game, kind, what, response.data[:200])
                message = response.get_json()["error"]["message"]
                assert "twice" in message or "nested" in message, (game, kind, what, message)
        assert client.get(f"/api/sessions/{created['id']}").get_json()["seq"] == created["seq"]
