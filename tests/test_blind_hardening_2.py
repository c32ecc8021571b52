"""Outside hardening, round 2 (outsider14): a crowded table of phones writing at once.

Several phones (threads, each with its own client) enter events, undos and redos into one game at
the same moment, each looking at the seq it last read, some sending each write twice with the same
client_id (a retry). Afterwards the log is 1..N with no gap and no seq twice, every acknowledged
write is in it as it was acknowledged (the event, or the undo/redo of the entry it named), every
retry was answered as a repeat of the first answer, and a fresh game given the log's events in
force is the live game. Several phones claim one seat at once, and the table replaces it at once.
(The same writes on a real server killed mid-write: test_blind_hardening_5.py.)"""

import copy
import random
import threading

import pytest

from tests.api_table import ApiTable

GAMES = ("avignon", "pillars-of-fate", "pilgrims", "we-forlorn-few", "journey")
FIRST_EVENT_EXAMPLE = {"avignon": "beseech", "pillars-of-fate": "hand", "pilgrims": "choose_corner",
                       "journey": "maintenance"}
PHONES = 4
WRITES = 10  # each phone's, in process


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


@pytest.fixture(scope="module")
def games(client):
    return {game: client.get(f"/api/games/{game}").get_json() for game in GAMES}


def first_event(rules) -> dict:
    name = FIRST_EVENT_EXAMPLE.get(rules["game"])
    if name:
        return rules["events"][name]["example"]
    return {"type": "stay", "player": "p1"}  # We Forlorn Few: the first Traveler stays


def choices(view, rules) -> list[dict]:
    """What a phone offers: the legal events that need nothing typed, else the first event."""
    offered = [event for event in view["legal"] if "open" not in event]
    return offered or [first_event(rules)]


class Phone:
    """One phone's writes, each recorded with its answer; `get` and `post` are (status, body)."""

    def __init__(self, name, get, post, rules, rng):
        self.name, self.get, self.post, self.rules, self.rng = name, get, post, rules, rng
        self.acknowledged: list[tuple[str, dict, dict]] = []  # (kind, what was sent, answer)
        self.statuses: list[int] = []

    def write(self, number):
        client_id = f"{self.name}-{number}"
        roll = self.rng.random()
        if roll < 0.6:
            status, view = self.get(f"?seat={self.seat_to_act()}")
            event = self.rng.choice(choices(view, self.rules))
            kind, body = "event", {"event": event, "expected_seq": view["seq"],
                                   "client_id": client_id}
        else:
            kind, body = ("undo" if roll < 0.85 else "redo"), {"client_id": client_id}
        status, answer = self.post(kind, body)
        self.statuses.append(status)
        if status == 200:
            self.acknowledged.append((kind, body, answer))
            if self.rng.random() < 0.3:  # the answer was lost: the phone sends it again
                again_status, again = self.post(kind, body)
                self.statuses.append(again_status)
                assert again_status == 200 and again.get("repeated"), again
                assert again["seq"] == answer["seq"], (answer, again)

    def seat_to_act(self):
        status, view = self.get("")
        return view["current_players"][0]


def settle(get_log, seats, replay, acknowledged):
    """The log after the writes: seqs 1..N, each acknowledged write at its seq as acknowledged;
    then its events in force given to a fresh game (`replay(event)`: the status). Each entry is
    read as its own seat sees it (`get_log(seat)`), since a card drawn into a hand is that seat's
    only, even in the table's log."""
    log = get_log(None)
    seqs = [entry["seq"] for entry in log["entries"]]
    assert seqs == list(range(1, log["seq"] + 1))  # no gap, no seq twice
    as_seat = {seat: {entry["seq"]: entry for entry in get_log(seat)["entries"]}
               for seat in seats}
    by_seq = {entry["seq"]: as_seat.get(entry["player"], {}).get(entry["seq"], entry)
              for entry in log["entries"]}
    assert len({answer["seq"] for _kind, _body, answer in acknowledged}) == len(acknowledged)
    for kind, body, answer in acknowledged:
        entry = by_seq[answer["seq"]]
        assert entry["kind"] == kind, (kind, answer, entry)
        if kind == "event":
            assert entry["event"] == body["event"], (answer, entry)
        else:
            assert by_seq[entry["target_seq"]]["event"] == answer[kind], (answer, entry)
    in_force = [by_seq[entry["seq"]]["event"] for entry in log["entries"]
                if entry["kind"] == "event" and not entry["undone"]]
    for event in in_force:
        assert replay(event) == 200, event


@pytest.mark.parametrize("game", GAMES)
def test_phones_writing_events_undos_and_redos_at_once_lose_nothing_and_replay_alike(
        client, games, game):
    rules = games[game]
    table = ApiTable(client, copy.deepcopy(rules["example_setup"]))
    app = client.application
    phones, errors = [], []

    def run(phone):
        try:
            for number in range(WRITES):
                phone.write(number)
        except Exception as error:  # noqa: BLE001 - reported below with its phone
            errors.append((phone.name, repr(error)))

    for index in range(PHONES):
        own = app.test_client()  # one client per thread: the test client is not thread-safe

        def get(query, own=own):
            response = own.get(f"/api/sessions/{table.id}{query}", headers=table.headers)
            return response.status_code, response.get_json()

        def post(kind, body, own=own):
            path = "events" if kind == "event" else kind
            response = own.post(f"/api/sessions/{table.id}/{path}", headers=table.headers,
                                json=body)
            return response.status_code, response.get_json()

        phones.append(Phone(f"{game}-{index}", get, post, rules, random.Random(f"{game}{index}")))
    threads = [threading.Thread(target=run, args=(phone,)) for phone in phones]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    statuses = [status for phone in phones for status in phone.statuses]
    assert set(statuses) <= {200, 409, 422}, statuses  # stale, or nothing to undo / illegal
    acknowledged = [write for phone in phones for write in phone.acknowledged]
    assert acknowledged, "no write was acknowledged"

    fresh = ApiTable(client, copy.deepcopy(rules["example_setup"]))
    seats = [player["seat"] for player in table.created["players"]]
    settle(lambda seat: client.get(f"/api/sessions/{table.id}/log",
                                   query_string={"seat": seat} if seat else {},
                                   headers=table.headers).get_json(),
           seats, lambda event: fresh.send(event).status_code, acknowledged)
    live = client.get(f"/api/sessions/{table.id}", headers=table.headers).get_json()
    replayed = client.get(f"/api/sessions/{fresh.id}", headers=fresh.headers).get_json()
    for key in ("state", "phase", "legal", "scores", "over"):
        assert live[key] == replayed[key], key


# -- seats claimed at once -------------------------------------------------------------------------

def at_once(app, count, request):
    """`request(client)` made by `count` phones at the same moment: their (status, body)."""
    barrier, answers = threading.Barrier(count), []

    def run():
        own = app.test_client()
        barrier.wait()
        response = request(own)
        answers.append((response.status_code, response.get_json()))

    threads = [threading.Thread(target=run) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def test_phones_claiming_one_seat_at_once_one_gets_it_and_a_replace_race_leaves_one_token(
        client, games):
    table = ApiTable(client, copy.deepcopy(games["pillars-of-fate"]["example_setup"]))
    url = f"/api/sessions/{table.id}/seats"

    def opens_sun(token):
        response = client.get(f"/api/sessions/{table.id}",
                              headers={"Authorization": "Bearer " + token})
        return response.status_code == 200 and response.get_json()["viewer"]["seat"] == "sun"

    for round_number in range(3):
        claims = at_once(client.application, PHONES, lambda own: own.post(
            url, headers={"Authorization": "Bearer " + table.join_token}, json={"seat": "sun"}))
        won = [body for status, body in claims if status == 201]
        if round_number == 0:
            assert sorted(status for status, _ in claims) == [201] + [409] * (PHONES - 1)
            assert {body["error"]["code"] for status, body in claims if status == 409} == {
                "seat_taken"}
        else:  # the seat is held: every claim is refused
            assert won == [] and {status for status, _ in claims} == {409}
        replaced = at_once(client.application, PHONES, lambda own: own.post(
            url, headers=table.headers, json={"seat": "sun", "replace": True}))
        assert {status for status, _ in replaced} == {201}
        tokens = [body["seat_token"] for _status, body in replaced]
        assert sum(opens_sun(token) for token in tokens) == 1  # the last replace only
        assert not any(opens_sun(body["seat_token"]) for body in won)
