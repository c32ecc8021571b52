"""A Journey campaign run from the pages (issue 14): "Start a campaign" on the new-game form, the
campaign page's "Start the next Quest" form with the Karma Upgrades (too many refused with the
Quest's sentence), and a phone keeping its seat from one Quest to the next. Plain POST + redirect,
with the CSRF token, in process (the Flask test client)."""

import json
import re

import pytest

from referee.journey import campaign as C

PROFILES = {"options.pilgrim_profiles.monkey_king.max_hp": "10",
            "options.pilgrim_profiles.cho_hakkai.max_hp": "12",
            "options.pilgrim_profiles.cho_hakkai.mv": "3",
            "options.pilgrim_profiles.tripitaka.mv": "3",
            "options.pilgrim_profiles.monk_sha.max_hp": "9",
            "options.pilgrim_profiles.tripitaka.max_hp": "8"}
NEW = "/play/new?game=journey"
NEW_CAMPAIGN = "/play/campaigns/new?game=journey"


def csrf_of(html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def seq_of(html: str) -> int:
    return int(re.search(r'data-seq="(\d+)"', html).group(1))


def start_campaign(phone, quest="free", players=("Ann", "Ben"), **fields):
    form = phone.get(NEW)
    return phone.post(NEW_CAMPAIGN, data={
        "csrf_token": csrf_of(form.text), "start": "position", "player": list(players),
        "options.quest": quest, **PROFILES, **fields})


def table_of(answer) -> str:
    assert answer.status_code == 303, answer.text
    return re.match(r"/play/(\w+)\?created=1", answer.headers["Location"]).group(1)


def campaign_of_page(phone, session_id) -> str:
    page = phone.get(f"/play/{session_id}").text
    return re.search(r'href="/play/campaigns/(\w+)"', page).group(1)


def enter(phone, session_id, event):
    page = phone.get(f"/play/{session_id}")
    answer = phone.post(f"/play/{session_id}/event", data={
        "csrf_token": csrf_of(page.text), "expected_seq": seq_of(page.text),
        "event": json.dumps(event)})
    assert answer.status_code == 303, answer.text
    return answer


def won(phone, session_id):
    enter(phone, session_id, {"type": "quest_result", "player": "p1", "outcome": "victory",
                              "condition": "the table's own Quest"})


def next_quest(phone, campaign_id, **fields):
    return phone.post(f"/play/campaigns/{campaign_id}/quests", data={
        "csrf_token": csrf_of(phone.get(NEW).text), **fields})


def one_upgrade_each(**chosen):
    fields = {}
    for name in ("monkey_king", "cho_hakkai", "monk_sha", "tripitaka"):
        kind, card = chosen.get(name, ("good", f"{name} skill"))
        fields[f"upgrades.{name}.0.kind"], fields[f"upgrades.{name}.0.card"] = kind, card
    return fields


def api_state(client, session_id):
    return client.get(f"/api/sessions/{session_id}").get_json()


@pytest.fixture
def phones(app):
    return app.test_client(), app.test_client(), app.test_client()


def test_the_journey_new_game_form_offers_a_campaign_without_javascript(client):
    page = client.get(NEW).text
    assert f'formaction="{NEW_CAMPAIGN}"' in page  # the same form, another submit button
    assert 'name="campaign.quest_upgrades"' in page and 'name="upgrades.tripitaka.2.kind"' in page
    assert client.post(NEW_CAMPAIGN, data={"player": ["Ann"], **PROFILES}).status_code == 400
    assert client.post("/play/campaigns/new?game=avignon",
                       data={"csrf_token": csrf_of(page)}).status_code == 404


def test_a_campaign_is_started_quest_by_quest_from_the_pages_and_seats_are_kept(phones, client):
    table, ben, stranger = phones
    first = table_of(start_campaign(table))
    campaign_id = campaign_of_page(table, first)
    # Ben's phone joins the first Quest and claims his seat
    join = re.search(r"/play/\w+/join\?token=[\w-]+", table.get(f"/play/{first}").text).group(0)
    ben.get(join)
    seat_page = ben.get(f"/play/{first}")
    claimed = ben.post(f"/play/{first}/seat", data={"csrf_token": csrf_of(seat_page.text),
                                                    "seat": "p2"})
    assert claimed.status_code == 303
    # only the phone holding the campaign's token may start the next Quest
    assert "Start the next Quest" not in ben.get(f"/play/campaigns/{campaign_id}").text
    refused = next_quest(ben, campaign_id, quest="q6")
    assert refused.status_code == 403
    not_over = next_quest(table, campaign_id, quest="q6", **one_upgrade_each())
    assert not_over.status_code == 422 and C.Q_IN_ORDER in not_over.text
    won(table, first)
    page = table.get(f"/play/campaigns/{campaign_id}").text
    assert "Start the next Quest" in page and 'value="q6"' in page

    # too many Upgrades: refused with the Quest's sentence, the form keeps what was entered
    too_many = next_quest(table, campaign_id, quest="q6", **one_upgrade_each(),
                          **{"upgrades.monkey_king.1.kind": "bad",
                             "upgrades.monkey_king.1.card": "Permanent Limp"})
    assert too_many.status_code == 422
    assert C.Q_ONE_UPGRADE in too_many.text and "took 2" in too_many.text
    assert 'value="Permanent Limp"' in too_many.text
    halves = next_quest(table, campaign_id, quest="q6",
                        **one_upgrade_each(monkey_king=("split", "Iron Skin")))
    assert halves.status_code == 422 and C.Q_BLOCKS in halves.text
    assert len(client.get(f"/api/campaigns/{campaign_id}").get_json()["quests"]) == 1

    started = next_quest(table, campaign_id, quest="q6", **one_upgrade_each(
        monkey_king=("bad", "Permanent Limp")),
        **{"adjust.monk_sha.draw": "Spirit of Fortune, Healing Fellowship"})
    second = table_of(started)
    state = api_state(client, second)
    assert state["options"]["quest"] == "q6"
    monkey = state["state"]["pilgrims"]["monkey_king"]
    assert (monkey["weapon_level"], monkey["corruption"]) == (2, ["Permanent Limp"])
    assert state["state"]["pilgrims"]["monk_sha"]["skills"] == [
        "Spirit of Fortune", "Healing Fellowship", "monk_sha skill"]
    # the table's phone runs the new Quest too
    assert "Only watching" not in table.get(f"/play/{second}").text

    # Ben's phone keeps his seat: one tap on the campaign page
    offer = ben.get(f"/play/campaigns/{campaign_id}").text
    assert "Play Ben in Quest 6 - Kogaiji" in offer
    kept = ben.post(f"/play/campaigns/{campaign_id}/seat", data={"csrf_token": csrf_of(offer)})
    assert kept.status_code == 303 and kept.headers["Location"] == f"/play/{second}"
    assert "This phone plays Ben again" in ben.get(f"/play/{second}").text
    with ben.session_transaction() as cookie:
        key = cookie["games"][second]
    assert (key["role"], key["seat"]) == ("seat", "p2")
    viewer = client.get(f"/api/sessions/{second}",
                        headers={"Authorization": f"Bearer {key['token']}"}).get_json()["viewer"]
    assert viewer == {"role": "seat", "seat": "p2"}
    # a phone that never held the seat cannot take it, even with the new Quest's join link
    stranger.get(re.search(r"/play/\w+/join\?token=[\w-]+",
                           table.get(f"/play/{second}").text).group(0))
    taken = stranger.post(f"/play/{second}/seat", data={
        "csrf_token": csrf_of(stranger.get(f"/play/{second}").text), "seat": "p2"},
        follow_redirects=True)
    assert "Another phone already plays that seat" in taken.text
    assert "Play Ben" not in stranger.get(f"/play/campaigns/{campaign_id}").text


def test_a_campaign_beginning_at_quest_6_takes_its_upgrades_on_the_new_game_form(client):
    refused = start_campaign(client, quest="q6")
    assert refused.status_code == 400 and C.Q_ONE_UPGRADE in refused.text
    assert 'value="q6" selected' in refused.text  # the form keeps what was entered
    first = table_of(start_campaign(client, quest="q6", **one_upgrade_each(
        tripitaka=("bad", "Lure of Demons")), **{"campaign.quest_upgrades": "given"}))
    tripitaka = api_state(client, first)["state"]["pilgrims"]["tripitaka"]
    assert (tripitaka["weapon_level"], tripitaka["corruption"]) == (2, ["Lure of Demons"])
    earned = table_of(start_campaign(client, quest="q6",
                                     **{"campaign.quest_upgrades": "earned_only"}))
    assert api_state(client, earned)["state"]["pilgrims"]["tripitaka"]["weapon_level"] == 1


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def test_the_api_keeps_a_seat_only_for_the_phone_that_held_it(client):
    created = client.post("/api/campaigns", json={
        "game": "journey", "players": ["Ann", "Ben"],
        "options": {"pilgrim_profiles": {"monkey_king": {"max_hp": 10},
                                         "cho_hakkai": {"max_hp": 12, "mv": 3},
                                         "monk_sha": {"max_hp": 9},
                                         "tripitaka": {"max_hp": 8, "mv": 3}}},
        "first": {"quest": "free"}}).get_json()
    edit, first = created["edit_token"], created["first"]
    bad_first = client.post("/api/campaigns", json={"game": "journey", "players": ["A"],
                                                    "first": {"quest": "nope"}})
    assert bad_first.status_code == 400 and bad_first.get_json()["error"]["field"] == "first.quest"
    seat = client.post(f"/api/sessions/{first['id']}/seats", headers=auth(first["join_token"]),
                       json={"seat": "p2"}).get_json()["seat_token"]
    client.post(f"/api/sessions/{first['id']}/events", headers=auth(edit), json={
        "event": {"type": "quest_result", "player": "p1", "outcome": "defeat",
                  "condition": "lost"}, "expected_seq": 0})
    second = client.post(f"/api/campaigns/{created['id']}/quests", headers=auth(edit),
                         json={"quest": "free"}).get_json()
    assert second["seats_kept"] == ["p2"]
    url = f"/api/campaigns/{created['id']}/quests/2/seats"
    assert client.post(url).status_code == 401
    assert client.post(url, headers=auth(first["join_token"])).status_code == 403
    assert client.post(url, headers=auth(second["join_token"])).status_code == 403
    assert client.post(f"/api/campaigns/{created['id']}/quests/3/seats",
                       headers=auth(seat)).status_code == 404
    # no join link claims the kept seat
    claim = client.post(f"/api/sessions/{second['id']}/seats", headers=auth(second["join_token"]),
                        json={"seat": "p2"})
    assert claim.status_code == 409
    kept = client.post(url, headers=auth(seat))
    assert kept.status_code == 201 and kept.get_json()["seat"] == "p2"
    assert client.post(url, headers=auth(seat)).status_code == 409  # kept once
    # the table gives a seat to another phone: the old phone's token no longer follows it
    client.post(f"/api/sessions/{second['id']}/events", headers=auth(edit), json={
        "event": {"type": "quest_result", "player": "p1", "outcome": "victory",
                  "condition": "won"}, "expected_seq": 0})
    third = client.post(f"/api/campaigns/{created['id']}/quests", headers=auth(edit),
                        json={"quest": "free"}).get_json()
    client.post(f"/api/sessions/{third['id']}/seats", headers=auth(edit),
                json={"seat": "p2", "replace": True})
    refused = client.post(f"/api/campaigns/{created['id']}/quests/3/seats",
                          headers=auth(kept.get_json()["seat_token"]))
    assert refused.status_code == 409 and refused.get_json()["error"]["code"] == "seat_taken"


def test_a_quest_played_on_its_own_takes_its_karma_upgrades_on_the_new_game_form(client):
    form = client.get(NEW)
    fields = {"csrf_token": csrf_of(form.text), "start": "position", "player": ["Ann"],
              "options.quest": "q7", **PROFILES}
    refused = client.post(NEW, data=fields)
    assert refused.status_code == 400 and C.Q_ONE_UPGRADE in refused.text
    started = client.post(NEW, data={**fields, **one_upgrade_each(
        cho_hakkai=("bad", "Demon Distraction"))})
    session_id = table_of(started)
    cho = api_state(client, session_id)["state"]["pilgrims"]["cho_hakkai"]
    assert (cho["weapon_level"], cho["corruption"]) == (2, ["Demon Distraction"])
    carried = client.post(NEW, data={**fields, "options.karma_upgrades": "in_position"})
    assert carried.status_code == 303  # ruling: the Pilgrims come as entered, no Upgrade given


def test_the_next_quest_form_takes_the_board_of_a_quest_with_no_quest_rules(client):
    """A Quest with no Quest rules ("free") has only the board the table enters: the next-Quest
    form offers the board and the Initiative Tokens, as the new-game form does; a board a Quest of
    the Guide does not print is refused, the values kept, nothing started."""
    first = table_of(start_campaign(client))
    campaign_id = campaign_of_page(client, first)
    won(client, first)
    page = client.get(f"/play/campaigns/{campaign_id}").text
    assert 'name="position.gates.0.id"' in page and 'name="position.demons#berrok"' in page
    assert 'name="options.initiative.3"' in page
    wrong = next_quest(client, campaign_id, quest="q1", **{"position.gates.0.id": "gate-a",
                                                           "position.gates.1.id": "gate-b"})
    assert wrong.status_code == 422 and "Meeting places 1 Gate; the position has 2" in wrong.text
    assert "- Gate x 1" in wrong.text  # the Quest's Board Setup line, quoted
    assert 'value="gate-b"' in wrong.text
    short = next_quest(client, campaign_id, quest="free", **{"options.initiative.0": "monk_sha"})
    assert short.status_code == 400 and "“initiative”" in short.text and "is too short" not in short.text
    assert len(client.get(f"/api/campaigns/{campaign_id}").get_json()["quests"]) == 1
    order = ["tripitaka", "monk_sha", "cho_hakkai", "monkey_king"]
    started = next_quest(client, campaign_id, quest="free", **{
        "position.gates.0.id": "north-gate", "position.gates.1.id": "south-gate",
        "position.gates.1.status": "inactive", "position.demons#berrok": "2",
        "position.boxes.0": "box-1", **{f"options.initiative.{n}": p for n, p in enumerate(order)}})
    state = api_state(client, table_of(started))["state"]
    assert state["gates"] == {"north-gate": {"status": "active"},
                              "south-gate": {"status": "inactive"}}
    assert sorted(state["demons"]) == ["berrok-1", "berrok-2"]
    assert state["tokens"]["boxes"] == ["box-1"] and state["initiative"] == order
