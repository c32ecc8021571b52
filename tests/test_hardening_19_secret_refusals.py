"""Hardening, session 19: what the Moon is told about the Sun's secrets when it enters things,
generated rather than picked.

Two Pillars of Fate games differ only in the Sun's hand (test_blind_hardening_3's pair), and in
both the Sun has played the same-numbered card of it face down. The Moon's phone (its own seat
token) then enters the same long series in both: every event type's example as the Moon, and the
variants the schema generator makes of it (fields dropped, swapped, out of range, unknown), each
at the seq the Moon reads. Every answer, accepted or refused, must be the same text in both games
once ids are blanked: an answer that differed would tell the Moon something of the Sun's hand or
of the face-down card. The Sun's own view differs (so the comparison can fail).
"""

import random

import pytest

from tests.test_blind_hardening_3 import OTHER_SUN_HAND, blanked, pillars_table
from tests.test_hardening_19_generated import changed, variants

PER_TYPE = 20


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def moon_token(client, table) -> dict:
    """The Moon's seat given to an API phone by the table (its page phone holds it already)."""
    claimed = client.post(f"/api/sessions/{table.id}/seats", headers=table.headers,
                          json={"seat": "moon", "replace": True})
    assert claimed.status_code == 201, claimed.get_json()
    return {"Authorization": "Bearer " + claimed.get_json()["seat_token"]}


def test_the_moons_entries_are_answered_alike_whatever_the_suns_hand(client):
    rules = client.get("/api/games/pillars-of-fate").get_json()
    hands = [rules["example_setup"]["position"]["hands"]["sun"]["cards"], OTHER_SUN_HAND]
    games = []
    for hand in hands:
        table, sun, _moon_phone = pillars_table(client, rules, hand)
        played = client.post(f"/api/sessions/{table.id}/events", headers=sun, json={
            "event": {"type": "play", "player": "sun", "lane": "left", "face": "down", **hand[2]},
            "expected_seq": table.seq})
        assert played.status_code == 200, played.get_json()
        games.append((table, sun, moon_token(client, table)))
    draw = random.Random("moon")
    series = []
    for kind, described in rules["events"].items():
        base = {**(described["example"] or {"type": kind}), "player": "moon"}
        found = [changed(base, path, new) for _what, path, new
                 in variants(described["schema"], base)]
        series += [base, *draw.sample(found, min(PER_TYPE, len(found)))]
    answered = []
    for table, _sun, moon in games:
        answers = []
        for event in series:
            seq = client.get(f"/api/sessions/{table.id}", headers=moon).get_json()["seq"]
            response = client.post(f"/api/sessions/{table.id}/events", headers=moon,
                                   json={"event": event, "expected_seq": seq})
            assert response.status_code < 500, (event, response.data[:300])
            answers.append((response.status_code, blanked(response.get_data(as_text=True),
                                                          table)))
        answered.append(answers)
    differing = [(event, one, two) for event, one, two in zip(series, *answered, strict=True)
                 if one != two]
    assert differing == [], differing[:3]
    assert {status for status, _ in answered[0]} >= {400, 422}
    sun_views = [blanked(client.get(f"/api/sessions/{table.id}", headers=sun).get_data(
        as_text=True), table) for table, sun, _moon in games]
    assert sun_views[0] != sun_views[1]
