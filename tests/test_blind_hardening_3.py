"""Outside hardening, round 3 (outsider14): hidden information through every view.

Two games are played alike except for one seat's secrets (Pillars of Fate: the Sun player's hand,
one card of it played face down, the card drawn after it entered; Pilgrims: the item card the
second player draws into their hand).
Every read that another seat's phone, a spectator and the table's token without a seat can make
— the API view and log, the export, the table page, its log page, state.json, each "Something
else happened…" form, the ask page, the pictures — must then be the same in both games once the
ids, tokens and times are blanked: anything that differs would tell the secret. The seat itself
must see the difference (so the comparison can fail), and the export is the table's only. The
Moon's refused attempts on the Sun's face-down card are answered alike in both games too."""

import copy
import json
import re

import pytest

from tests.api_table import ApiTable

PAGES = ("", "/log", "/state.json?since=0", "/ask?q=hand", "/result.svg", "/export")  # not qr.svg


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def blanked(text: str, table: ApiTable) -> str:
    for secret in (table.id, table.token, table.join_token):
        text = text.replace(secret, "ID")
    text = re.sub(r'name="csrf_token" value="[^"]*"', 'name="csrf_token"', text)
    text = re.sub(r'<svg [^>]*class="qr".*?</svg>', "QR of the link", text, flags=re.S)
    text = re.sub(r'"at": ?[0-9.]+', '"at"', text)
    return re.sub(r"\b\d\d:\d\d(:\d\d)?\b", "hh:mm", text)


def seat_token(client, table, seat) -> dict:
    response = client.post(f"/api/sessions/{table.id}/seats",
                           headers={"Authorization": "Bearer " + table.join_token},
                           json={"seat": seat})
    assert response.status_code == 201, response.get_json()
    return {"Authorization": "Bearer " + response.get_json()["seat_token"]}


def page_phone(client, table, seat):
    """A phone that opened the join link and tapped its seat on the table page (its own cookie)."""
    phone = client.application.test_client()
    assert phone.get(f"/play/{table.id}/join?token={table.join_token}").status_code == 303
    page = phone.get(f"/play/{table.id}").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" value="([^"]*)"', page).group(1)
    response = phone.post(f"/play/{table.id}/seat",
                          data={"csrf_token": csrf, "expected_seq": table.seq, "seat": seat})
    assert response.status_code == 303, response.get_data(as_text=True)[:300]
    return phone


def reads(client, table, other, other_phone, event_types) -> dict:
    """Every read of the game that does not belong to the seat with the secret: the other seat
    (its phone's pages, and the API as that seat through the table's token), a spectator (API
    and pages) and the table's token without a seat: name -> (status, body blanked)."""
    api = {}
    for who, headers, query in (("other seat", table.headers, {"seat": other}),
                                ("spectator", {}, {}), ("table", table.headers, {})):
        for suffix in ("", "/log"):
            api[f"{who} {suffix or 'view'}"] = client.get(f"/api/sessions/{table.id}{suffix}",
                                                          headers=headers, query_string=query)
    api["spectator export"] = client.get(f"/api/sessions/{table.id}/export")
    pages = {}
    for who, phone in (("spectator", client), ("other seat", other_phone)):
        pages.update({f"{who} page {page}": phone.get(f"/play/{table.id}{page}")
                      for page in PAGES})
        pages.update({f"{who} form {kind}": phone.get(f"/play/{table.id}/other/{kind}")
                      for kind in event_types})
        pages.update({f"{who} form {kind} fragment":
                      phone.get(f"/play/{table.id}/other/{kind}?fragment=1")
                      for kind in event_types})
    out = {}
    for name, response in {**api, **pages}.items():
        assert response.status_code < 500, name
        out[name] = (response.status_code, blanked(response.get_data(as_text=True), table))
    return out


def differences(one: dict, two: dict) -> list[str]:
    return [name for name in one if one[name] != two[name]]


# -- Pillars of Fate: the Sun player's hand ---------------------------------------------------------

OTHER_SUN_HAND = [{"feathers": 2, "power": 6, "scorpions": 0},
                  {"feathers": 1, "power": 1, "scorpions": 1},
                  {"feathers": 0, "power": 7, "scorpions": 2},
                  {"feathers": 0, "power": 4, "scorpions": 0},
                  {"feathers": 3, "power": 2, "scorpions": 1}]


DRAWN = [{"feathers": 3, "power": 9, "scorpions": 3}, {"feathers": 1, "power": 0, "scorpions": 0}]


def pillars_table(client, rules, sun_hand):
    """A Pillars of Fate game with the Sun's hand `sun_hand`: the table, the Sun seat's token
    (claimed through the API) and the Moon's phone (its seat tapped on the table page)."""
    setup = copy.deepcopy(rules["example_setup"])
    setup["position"]["hands"]["sun"]["cards"] = sun_hand
    table = ApiTable(client, setup)
    return table, seat_token(client, table, "sun"), page_phone(client, table, "moon")


def moon_refusals(client, table, rules) -> list:
    """The answers to the Moon's attempts on the Sun's face-down card (and a card of no hand),
    entered through the table's token as the Moon's phone would: status and body, blanked."""
    attempts = [
        {"type": "namari_look", "player": "moon", "lane": "left", "position": 1, "side": "sun"},
        {"type": "sorcerer_exchange", "player": "moon", "lane": "left", "position": 1,
         "power": 4, "feathers": 1, "scorpions": 1},
        {"type": "play", "player": "moon", "lane": "left", "face": "up",
         "power": 11, "feathers": 0, "scorpions": 0},
        {**rules["events"]["break_tie"]["example"], "player": "moon"},
    ]
    answers = []
    for event in attempts:
        response = client.post(f"/api/sessions/{table.id}/events", headers=table.headers,
                               json={"event": event, "expected_seq": table.seq})
        assert 400 <= response.status_code < 500, event
        answers.append((response.status_code, blanked(response.get_data(as_text=True), table)))
    return answers


def test_the_sun_hand_and_its_face_down_card_are_the_sun_seats_only_in_every_read(client):
    rules = client.get("/api/games/pillars-of-fate").get_json()
    hands = [rules["example_setup"]["position"]["hands"]["sun"]["cards"], OTHER_SUN_HAND]
    assert hands[0] != hands[1]
    tables = [pillars_table(client, rules, hand) for hand in hands]
    before = [reads(client, table, "moon", moon, rules["events"])
              for table, _sun, moon in tables]
    assert differences(*before) == []
    assert before[0]["other seat page "] != before[0]["spectator page "]  # the Moon's own hand

    for (table, sun, _moon), hand in zip(tables, hands, strict=True):
        card = hand[2]
        response = client.post(f"/api/sessions/{table.id}/events", headers=sun, json={
            "event": {"type": "play", "player": "sun", "lane": "left", "face": "down", **card},
            "expected_seq": table.seq})
        assert response.status_code == 200, response.get_json()
        table.seq = response.get_json()["seq"]
        sun_view = client.get(f"/api/sessions/{table.id}", headers=sun).get_json()
        assert card not in sun_view["state"]["hands"]["sun"]["cards"]
    after_play = [reads(client, table, "moon", moon, rules["events"])
                  for table, _sun, moon in tables]
    assert differences(*after_play) == []
    refusals = [moon_refusals(client, table, rules) for table, _sun, _moon in tables]
    assert refusals[0] == refusals[1]  # what the Moon is told when refused tells it nothing

    # the card drawn back up to 5, entered by the Sun ("Seen only by that player")
    for (table, sun, _moon), drawn in zip(tables, DRAWN, strict=True):
        response = client.post(f"/api/sessions/{table.id}/events", headers=sun, json={
            "event": {"type": "hand", "player": "sun", "cards": [drawn]},
            "expected_seq": table.seq})
        assert response.status_code == 200, response.get_json()
        table.seq = response.get_json()["seq"]
    after = [reads(client, table, "moon", moon, rules["events"]) for table, _sun, moon in tables]
    assert differences(*after) == []
    assert after[0]["spectator export"][0] == 401
    assert after[0]["spectator page /export"][0] == after[0]["other seat page /export"][0] == 403

    # the comparison can fail: the Sun seat's own reads differ between the two games; and even
    # the Sun seat's token cannot export (the export holds both hands): the table's token only
    sun_views = [blanked(client.get(f"/api/sessions/{table.id}", headers=sun).get_data(
        as_text=True), table) for table, sun, _moon in tables]
    assert sun_views[0] != sun_views[1]
    table, sun, _moon = tables[0]
    assert client.get(f"/api/sessions/{table.id}/export", headers=sun).status_code == 403
    export = client.get(f"/api/sessions/{table.id}/export", headers=table.headers)
    assert export.status_code == 200 and export.get_json()["log"]


# -- Pilgrims: the item card drawn into a hand ------------------------------------------------------

def test_an_item_card_drawn_into_a_hand_is_its_seats_only_in_every_read(client):
    rules = client.get("/api/games/pilgrims").get_json()
    corner = rules["events"]["choose_corner"]["example"]
    player = corner["player"]
    drawn_cards = [corner["drawn"], {"activation": "sword", "adventure": "speech"}]
    assert drawn_cards[0] != drawn_cards[1]
    seen, phones = [], {}
    for drawn in drawn_cards:
        table = ApiTable(client, copy.deepcopy(rules["example_setup"]))
        other = next(seat["seat"] for seat in table.created["players"] if seat["seat"] != player)
        mine, their_phone = seat_token(client, table, player), page_phone(client, table, other)
        phones[table.id] = their_phone
        response = client.post(f"/api/sessions/{table.id}/events", headers=mine, json={
            "event": {**corner, "drawn": drawn}, "expected_seq": table.seq})
        assert response.status_code == 200, response.get_json()
        table.seq = response.get_json()["seq"]
        seen.append((table, mine, reads(client, table, other, their_phone, rules["events"])))
    assert differences(seen[0][2], seen[1][2]) == []
    assert seen[0][2]["other seat page "] != seen[0][2]["spectator page "]  # a seat's own page
    assert seen[0][2]["spectator export"][0] == 401
    own_logs = [blanked(client.get(f"/api/sessions/{table.id}/log", headers=mine).get_data(
        as_text=True), table) for table, mine, _ in seen]
    assert own_logs[0] != own_logs[1]  # the seat itself reads its card

    # the game goes on alike in both (the other player's corner, then their first move, which
    # takes a card into their hand): the first player's card stays theirs in every read
    later = []
    for table, _mine, _reads in seen:
        other = next(seat["seat"] for seat in table.created["players"] if seat["seat"] != player)
        their_phone = phones[table.id]
        for event in ({"type": "choose_corner", "player": other, "space": [5, 5],
                       "item": {"activation": "notes", "adventure": "leaf"},
                       "drawn": {"activation": "sword", "adventure": "speech"}},
                      {"type": "move", "player": other, "movement": 1, "to": [5, 4],
                       "card": {"activation": "star", "adventure": "coin"}}):
            assert table.send(event).status_code == 200, event
        later.append(reads(client, table, other, their_phone, rules["events"]))
    assert differences(*later) == []


def test_a_seat_token_reads_only_its_seat_however_the_query_names_seats(client):
    """`?seat=` written twice, empty, in capitals, with a NUL or a space: the Sun's token reads as
    the Sun or is refused, never as the Moon, in the view and the log."""
    rules = client.get("/api/games/pillars-of-fate").get_json()
    table, sun, _moon = pillars_table(client, rules, OTHER_SUN_HAND)
    moon_hand = rules["example_setup"]["position"]["hands"]["moon"]["cards"]
    as_moon = client.get(f"/api/sessions/{table.id}?seat=moon", headers=table.headers)
    assert all(json.dumps(card, sort_keys=True)[1:-1] in as_moon.get_data(as_text=True)
               for card in moon_hand)  # the search below can find them
    for query in ("seat=sun&seat=moon", "seat=moon&seat=sun", "seat=moon", "seat=&seat=moon",
                  "seat=moon%00", "seat=MOON", "seat=+moon", "seat=moon&seat=moon"):
        for suffix in ("", "/log"):
            response = client.get(f"/api/sessions/{table.id}{suffix}?{query}", headers=sun)
            assert response.status_code in (200, 400, 403), (query, suffix)
            body = response.get_data(as_text=True)
            assert all(json.dumps(card, sort_keys=True)[1:-1] not in body
                       for card in moon_hand), (query, suffix)
            if suffix == "" and response.status_code == 200:
                assert response.get_json()["viewer"] == {"role": "seat", "seat": "sun"}, query
