"""Outside hardening, round 5 (outsider14): an acknowledged write survives a crash.

Six phones enter events, undos and redos over HTTP into one Avignon game on a real server (gunicorn
2 workers x 4 threads, as in production, and Flask's threaded server, what `make run` serves), on
SQLite and on PostgreSQL, each resending some writes
with the same client_id; the server is killed with SIGKILL while they write, after 30 or more
writes were acknowledged, and started again on the same database. Every acknowledged write is
still in the log as it was acknowledged, the log is 1..N, and a fresh game given its events in
force is the live game."""

import http.client
import random
import threading

import pytest

from tests.databases import KINDS, database_url
from tests.servers import Server, call
from tests.test_blind_hardening_2 import Phone, settle

SERVER_PHONES = 6


@pytest.fixture(params=[(kind, db) for kind in ("gunicorn", "flask") for db in KINDS],
                ids=lambda param: "-".join(param))
def server(request, tmp_path):
    kind, db = request.param
    running = Server(database_url(db, tmp_path), kind)
    running.env["FLASK_RATELIMIT_ENABLED"] = "false"
    try:
        yield running.start()
    finally:  # also when it never started; killed, as a graceful stop waits for nothing here
        if running.process and running.process.poll() is None:
            running.kill()


def test_writes_acknowledged_before_a_kill_survive_it_and_the_log_replays(server):
    status, rules = call(server.base, "GET", "/api/games/avignon")
    status, game = call(server.base, "POST", "/api/sessions", rules["example_setup"])
    assert status == 201, game
    path, token = f"/api/sessions/{game['id']}", game["edit_token"]
    killed = threading.Event()
    phones, errors = [], []

    def run(phone):
        number = 0
        while not killed.is_set():
            try:
                phone.write(number)
            except (OSError, http.client.HTTPException):  # the server went down mid-request
                return
            except Exception as error:  # noqa: BLE001 - reported below with its phone
                errors.append((phone.name, repr(error)))
                return
            number += 1

    for index in range(SERVER_PHONES):
        def get(query):
            return call(server.base, "GET", path + query, token=token)

        def post(kind, body):
            return call(server.base, "POST", f"{path}/{'events' if kind == 'event' else kind}",
                        body, token)

        phones.append(Phone(f"http-{index}", get, post, rules, random.Random(index)))
    threads = [threading.Thread(target=run, args=(phone,)) for phone in phones]
    for thread in threads:
        thread.start()
    while sum(len(phone.acknowledged) for phone in phones) < 30 and not errors:
        if not any(thread.is_alive() for thread in threads):
            break
        threading.Event().wait(0.05)
    server.kill()  # SIGKILL to every process of the server, while the phones are writing
    killed.set()
    for thread in threads:
        thread.join()
    assert errors == []
    acknowledged = [write for phone in phones for write in phone.acknowledged]
    assert len(acknowledged) >= 30
    statuses = [status for phone in phones for status in phone.statuses]
    assert set(statuses) <= {200, 409, 422}, statuses

    server.start()  # the same database, a new server
    status, _ = call(server.base, "GET", path)
    assert status == 200

    status, fresh = call(server.base, "POST", "/api/sessions", rules["example_setup"])
    assert status == 201, fresh

    def replay(event):
        status, answer = call(server.base, "POST", f"/api/sessions/{fresh['id']}/events",
                              {"event": event, "expected_seq": fresh["seq"]}, fresh["edit_token"])
        fresh["seq"] = answer.get("seq", fresh["seq"])
        return status

    settle(lambda seat: call(server.base, "GET", path + "/log", token=token)[1], [], replay,
           acknowledged)  # Avignon hides nothing
    live = call(server.base, "GET", path, token=token)[1]
    replayed = call(server.base, "GET", f"/api/sessions/{fresh['id']}",
                    token=fresh["edit_token"])[1]
    for key in ("state", "phase", "legal", "scores", "over"):
        assert live[key] == replayed[key], key
