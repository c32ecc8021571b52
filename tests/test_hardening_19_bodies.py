"""Hardening, session 19: the other bodies a client posts, taken apart by the same generator as the
events (tests/test_hardening_19_generated.py): each game's example setup (its players, options
and position), a calculator tally drawn from its score schema, an export of a short game sent
back as an import, and a Journey campaign's creation and its next Quest. Never a 5xx; an answer
is JSON; a refused import or setup creates nothing. Starting a campaign's Quest with a Demon
Profile that is not an object was a 500 (the game's campaign rules merged it before the options
were checked); the request's options are now checked first, naming the field.
"""

import random

import pytest

from tests.test_hardening_19_generated import changed, instance, new_game, play_one, variants
from tests.test_journey_campaign import BOARD, DEMONS, PROFILES

GAMES = ("avignon", "pillars-of-fate", "pilgrims", "we-forlorn-few", "journey")
PER_BODY = 60  # variants posted per game and kind of body (a seeded draw)


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def each_variant(document, schema, seed, count=PER_BODY):
    found = [(what, path, changed(document, path, new)) for what, path, new
             in variants(schema, document)]
    return random.Random(seed).sample(found, min(count, len(found)))


def answered_as_json(response, case):
    assert response.status_code < 500, (case, response.data[:300])
    assert response.is_json, (case, response.data[:300])
    if response.status_code >= 400:
        error = response.get_json()["error"]
        assert error["code"] and error["message"], case
    return response


def session_count(client) -> int:
    app = client.application
    with app.extensions["tableside.store"].engine.connect() as conn:
        return conn.exec_driver_sql("SELECT count(*) FROM sessions").scalar()


@pytest.mark.parametrize("game", GAMES)
def test_setups_options_positions_tallies_and_imports_never_5xx(client, game):
    described = client.get(f"/api/games/{game}").get_json()
    setup = described["example_setup"]
    for what, path, body in each_variant(setup, {}, f"{game} setup"):
        before = session_count(client)
        created = answered_as_json(client.post("/api/sessions", json=body), (what, path))
        if created.status_code != 201:
            assert session_count(client) == before, (what, path)
    for name, option in described["options"].items():
        value = setup.get("options", {}).get(name, option.get("default"))
        for what, path, wrong in each_variant({name: value}, {}, f"{game} {name}", 6):
            body = {**setup, "options": {**setup.get("options", {}), **wrong}}
            answered_as_json(client.post("/api/sessions", json=body), (name, what, path))
    if described["score_schema"]:
        tally = instance(described["score_schema"])
        for what, path, body in each_variant(tally, described["score_schema"], f"{game} tally"):
            answered_as_json(client.post(f"/api/score/{game}", json=body), (what, path))
    created = new_game(client, game)
    headers = {"Authorization": "Bearer " + created["edit_token"]}
    for _ in range(3):
        assert play_one(client, created["id"], headers, described)
    exported = client.get(f"/api/sessions/{created['id']}/export", headers=headers).get_json()
    for what, path, body in each_variant(exported, {}, f"{game} import"):
        before = session_count(client)
        imported = answered_as_json(client.post("/api/sessions/import", json=body),
                                    (what, path))
        if imported.status_code != 201:
            assert session_count(client) == before, (what, path)


def new_campaign(client):
    created = client.post("/api/campaigns", json={
        "game": "journey", "players": ["Ann", "Ben"], "options": {"pilgrim_profiles": PROFILES}})
    assert created.status_code == 201, created.get_json()
    campaign = created.get_json()
    return campaign, {"Authorization": "Bearer " + campaign["edit_token"]}


@pytest.mark.parametrize("profile", [None, ["max_hp"], 7, "x"], ids=str)
def test_a_quests_demon_profile_that_is_not_an_object_is_a_400_naming_it(client, profile):
    campaign, headers = new_campaign(client)
    body = {"quest": "free", "position": BOARD,
            "options": {"demon_profiles": {**DEMONS, "berrok": profile}}}
    answer = client.post(f"/api/campaigns/{campaign['id']}/quests", json=body, headers=headers)
    assert answer.status_code == 400, answer.data[:300]
    assert answer.get_json()["error"]["field"] == "options.demon_profiles.berrok"
    assert client.get(f"/api/campaigns/{campaign['id']}").get_json()["quests"] == []
    first = {**body, "options": {"demon_profiles": DEMONS}}
    answer = client.post(f"/api/campaigns/{campaign['id']}/quests", json=first, headers=headers)
    assert answer.status_code == 201, answer.get_json()


def test_a_campaigns_first_quest_with_a_wrong_option_names_it_under_first(client):
    answer = client.post("/api/campaigns", json={
        "game": "journey", "players": ["Ann", "Ben"], "options": {"pilgrim_profiles": PROFILES},
        "first": {"quest": "free", "position": BOARD, "options": {"demon_profiles": ["x"]}}})
    assert answer.status_code == 400, answer.data[:300]
    assert answer.get_json()["error"]["field"] == "first.options.demon_profiles"


def test_campaign_bodies_taken_apart_never_5xx(client):
    create = {"game": "journey", "players": ["Ann", "Ben"], "options": {"pilgrim_profiles": PROFILES},
              "rulings": {}, "first": {"quest": "free", "position": BOARD}}
    for what, path, body in each_variant(create, {}, "campaign"):
        answered_as_json(client.post("/api/campaigns", json=body), (what, path))
    campaign, headers = new_campaign(client)
    start = {"quest": "free", "position": BOARD, "options": {"demon_profiles": DEMONS},
             "expected_quests": 0}
    for what, path, body in each_variant(start, {}, "quest", 120):
        answer = answered_as_json(client.post(f"/api/campaigns/{campaign['id']}/quests",
                                              json=body, headers=headers), (what, path))
        if answer.status_code == 201:  # a variant the rules accept: the next one on a new one
            campaign, headers = new_campaign(client)
