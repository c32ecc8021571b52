"""Hardening, session 19: the table page's event form, with field names generated from each event
type's schema (every name the form readers know: `event.<field>`, `event*<key>` with fixed keys,
`event#<value>`, `event.<field>.<n>`, `.present`) and odd values in them, plus a `fixed` JSON.

What the page reads back is an event or a refusal naming a field in a player's words, never an
exception (it was a 500 when `event*<key>` made the whole event a list: the `*` reader is tried
first on every name, the event's own too).
"""

import random
import re

import pytest
from werkzeug.datastructures import MultiDict

from referee import referees
from referee.core import engine
from referee.core.rules import BadRequest
from referee.pages import forms
from tests.test_hardening_19_generated import new_game

ODD_VALUES = ("", "x", "-1", "0", "2", "1e400", "9" * 30, "1 2 3", "3 2", "[", "{}", "[1,[2]]",
              "null", "true", '{"a":1,"a":2}', "é", "1.5", "NaN", " ".join(["1"] * 500),
              "[" * 500, '{"name": "x"}', '"Lost Sheep"', "on", "p1", "sun", "fist")
FORMS_PER_TYPE = 40


def field_names(schema: dict, prefix: str, depth: int = 0) -> list[str]:
    """Every form field name the readers of `referee.pages.forms` look for under `prefix`."""
    out = [prefix]
    if depth > 4:
        return out
    for key in ("oneOf", "anyOf"):
        for branch in schema.get(key, ()):
            out += field_names(branch, prefix, depth + 1)
    for key, inner in schema.get("properties", {}).items():
        out += [*field_names(inner, f"{prefix}.{key}", depth + 1), f"{prefix}*{key}",
                f"{prefix}.{key}.present"]
    items = schema.get("items")
    if isinstance(items, dict):
        out += [f"{prefix}.0", f"{prefix}.9", *field_names(items, f"{prefix}.0", depth + 1)]
        out += [f"{prefix}*{key};level=2" for key in items.get("properties", {})]
        out += [f"{prefix}#{value}" for value in items.get("enum", ())]
    for key in schema.get("propertyNames", {}).get("enum", ())[:3]:
        out.append(f"{prefix}.{key}")
    return sorted(set(out))


@pytest.mark.parametrize("game_id", sorted(referees()))
def test_generated_event_forms_are_an_event_or_a_refusal_in_words(game_id):
    game = referees()[game_id]
    seats = game.seats_for(game.max_players)
    draw = random.Random(game_id)
    for kind in game.event_types:
        schema = game.event_types[kind].schema(kind, seats)
        names = field_names(schema, "event")
        for _ in range(FORMS_PER_TYPE):
            form = MultiDict([("type", kind)])
            for name in draw.sample(names, min(len(names), draw.randint(1, 6))):
                form.add(name, draw.choice(ODD_VALUES))
            if draw.random() < 0.2:
                form.add("fixed", draw.choice((*ODD_VALUES, '{"player": "p1"}', "[]")))
            try:
                event = forms.event_from_form(game, seats, form)
                assert isinstance(event, dict), (kind, form)
                engine.check_event_of(game, tuple(seats), event)
            except BadRequest as refused:
                text, _field = forms.in_words(schema, refused.field, refused.message)
                assert text, (kind, form, refused.message)


@pytest.mark.parametrize("fields", [{"event*type": "1"}, {"event*player": "1 2"},
                                    {"event*player": "1", "fixed": '{"name": "x"}'}], ids=str)
def test_an_event_form_whose_star_field_names_the_event_itself_is_refused_not_a_500(client,
                                                                                   fields):
    created = new_game(client, "avignon")
    phone = client.application.test_client()
    assert phone.get(f"/play/{created['id']}/join?token={created['edit_token']}").status_code \
        in (302, 303)
    page = phone.get(f"/play/{created['id']}").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" value="([^"]*)"', page).group(1)
    answer = phone.post(f"/play/{created['id']}/event", data={
        "csrf_token": csrf, "expected_seq": "0", "type": "beseech", **fields})
    assert answer.status_code == 400, answer.status_code
    assert "Choose what happened again" in answer.get_data(as_text=True) or \
        "choose what happened again" in answer.get_data(as_text=True)
    assert client.get(f"/api/sessions/{created['id']}").get_json()["seq"] == 0


LIBRARY_FILES = {  # a card library file as JSON text, with one thing the API refuses in a body
    "a NaN": '{{"format": {f}, "game": "pilgrims", "cards": {{"a": {{"name": NaN}}}}}}',
    "a lone surrogate": '{{"format": {f}, "game": "pilgrims", "cards": {{"\\ud800": {{}}}}}}',
    "a NUL": '{{"format": {f}, "game": "pilgrims", "cards": {{"a\\u0000": {{"name": "x"}}}}}}',
    "a key twice": '{{"format": {f}, "game": "pilgrims", "cards": {{"a": {{}}, "a": {{}}}}}}',
}


@pytest.mark.parametrize("what", LIBRARY_FILES)
def test_a_card_library_file_is_read_as_the_api_reads_a_body(client, what):
    """A lone surrogate in a label was a 500 (the database cannot store it); NaN and a NUL were
    saved (PostgreSQL refuses a NUL in text); a key written twice kept its last card."""
    from referee.pages.library import EXPORT_FORMAT

    phone = client.application.test_client()
    page = phone.get("/play/cards/pilgrims").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" value="([^"]*)"', page).group(1)
    text = LIBRARY_FILES[what].format(f=f'"{EXPORT_FORMAT}"')
    answer = phone.post("/play/cards/pilgrims/import", data={"csrf_token": csrf, "text": text})
    assert answer.status_code == 303, answer.status_code
    assert "not a card library" in phone.get("/play/cards/pilgrims").get_data(as_text=True)
    assert phone.get("/play/cards/pilgrims.json").get_json()["cards"] == {}
    good = text.replace("NaN", '"x"').replace("\\ud800", "b").replace("\\u0000", "") \
        .replace('"a": {}, "a"', '"a": {}, "c"')
    assert phone.post("/play/cards/pilgrims/import",
                      data={"csrf_token": csrf, "text": good}).status_code == 303
    assert phone.get("/play/cards/pilgrims.json").get_json()["cards"] != {}


def journey_phone(client):
    created = new_game(client, "journey")
    phone = client.application.test_client()
    assert phone.get(f"/play/{created['id']}/join?token={created['edit_token']}").status_code \
        in (302, 303)
    page = phone.get(f"/play/{created['id']}").get_data(as_text=True)
    return created["id"], phone, re.search(r'name="csrf_token" value="([^"]*)"', page).group(1)


@pytest.mark.parametrize("condition", ['"\\ud800"', '"a\\u0000b"', "NaN", "Infinity"])
def test_the_event_forms_json_is_read_as_the_api_reads_a_body(client, condition):
    """A lone surrogate in a free-text field of the form's JSON was entered, and from then on the
    table page and its log page were 500s for every phone (the page could not be encoded); a NUL
    was entered too (PostgreSQL refuses it in text). Refused now, as the API refuses them."""
    session_id, phone, csrf = journey_phone(client)
    event = ('{"type": "quest_result", "player": "p1", "outcome": "defeat", "condition": '
             + condition + "}")
    answer = phone.post(f"/play/{session_id}/event",
                        data={"csrf_token": csrf, "expected_seq": "0", "event": event})
    assert answer.status_code == 400, answer.status_code
    assert client.get(f"/api/sessions/{session_id}").get_json()["seq"] == 0
    for page in ("", "/log"):
        assert phone.get(f"/play/{session_id}{page}").status_code == 200


def test_a_nul_typed_into_an_event_forms_text_field_is_refused_naming_it(client):
    session_id, phone, csrf = journey_phone(client)
    answer = phone.post(f"/play/{session_id}/event", data={
        "csrf_token": csrf, "expected_seq": "0", "type": "quest_result",
        "event.player": "p1", "event.outcome": "defeat", "event.condition": "a\x00b"})
    assert answer.status_code == 400, answer.status_code
    assert "NUL" in answer.get_data(as_text=True)
    assert client.get(f"/api/sessions/{session_id}").get_json()["seq"] == 0
    answer = phone.post(f"/play/{session_id}/event", data={
        "csrf_token": csrf, "expected_seq": "0", "type": "quest_result",
        "event.player": "p1", "event.outcome": "defeat", "event.condition": "ab"})
    assert answer.status_code in (200, 303), answer.status_code
    assert client.get(f"/api/sessions/{session_id}").get_json()["seq"] == 1


def test_a_nul_typed_into_a_player_name_on_the_new_game_form_is_refused(client):
    """The API refuses a NUL in a player's name; the new-game form started the game with it."""
    page = client.get("/play/new?game=avignon").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" value="([^"]*)"', page).group(1)
    answer = client.post("/play/new?game=avignon", data={
        "csrf_token": csrf, "game": "avignon", "player": ["Ro\x00sa", "Aldo"]})
    assert answer.status_code == 400, answer.status_code
    assert "NUL" in answer.get_data(as_text=True)
    answer = client.post("/play/new?game=avignon", data={
        "csrf_token": csrf, "game": "avignon", "player": ["Rosa", "Aldo"]})
    assert answer.status_code == 303, answer.status_code
