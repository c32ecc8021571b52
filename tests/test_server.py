"""The referee against a real server process: racing writers, and a crash in the middle of a game.

The server is gunicorn with two worker processes, so the race is between processes, as in
production, and the only thing that can keep two writers apart is the database: SQLite and, where
TEST_POSTGRES_URL is set (CI sets it), PostgreSQL.
"""

import http.client
import threading
import time

import pytest

from referee import referees
from referee.core import engine
from tests.databases import KINDS, database_url
from tests.servers import Server, call

GAME = "avignon"


@pytest.fixture(params=KINDS)
def server(request, tmp_path):
    url = database_url(request.param, tmp_path)
    running = Server(url).start()
    yield running
    running.stop()


def new_game(base):
    status, rules = call(base, "GET", f"/api/games/{GAME}")
    assert status == 200
    status, game = call(base, "POST", "/api/sessions", rules["example_setup"])
    assert status == 201, game
    return game


def test_two_racing_writers_one_wins_one_is_told_it_is_stale(server):
    for _round in range(5):
        game = new_game(server.base)
        event = game["legal"][0]
        results = []
        barrier = threading.Barrier(2)

        def post(event=event, game=game, barrier=barrier, results=results):
            barrier.wait()
            try:
                results.append(call(server.base, "POST", f"/api/sessions/{game['id']}/events",
                                    {"event": event, "expected_seq": game["seq"]},
                                    game["edit_token"]))
            except Exception as error:  # noqa: BLE001 - reported by the assertion below
                results.append((None, repr(error)))

        threads = [threading.Thread(target=post) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(str(status) for status, _ in results) == ["200", "409"], results
        stale = next(body for status, body in results if status == 409)
        assert stale["seq"] == game["seq"] + 1
        status, log = call(server.base, "GET", f"/api/sessions/{game['id']}/log")
        assert [entry["seq"] for entry in log["entries"]] == [1]


def test_every_acknowledged_event_survives_a_kill_9(server):
    acknowledged = {}  # session id -> the events the server acknowledged, in order
    enough = threading.Event()

    def kill_mid_stream():
        enough.wait(timeout=60)
        time.sleep(0.03)  # most likely in the middle of the next request
        server.kill()

    killer = threading.Thread(target=kill_mid_stream)
    killer.start()
    try:
        while killer.is_alive():
            game = new_game(server.base)
            events = acknowledged.setdefault(game["id"], [])
            view = game
            while view["legal"]:
                event = view["legal"][len(events) * 7 % len(view["legal"])]
                status, body = call(server.base, "POST", f"/api/sessions/{game['id']}/events",
                                    {"event": event, "expected_seq": view["seq"]},
                                    game["edit_token"])
                assert status == 200, body
                events.append(event)
                if sum(map(len, acknowledged.values())) >= 25:
                    enough.set()
                view = call(server.base, "GET", f"/api/sessions/{game['id']}")[1]
    except (OSError, http.client.HTTPException):
        pass  # the server died under us: what matters is what it had acknowledged
    killer.join()
    assert sum(map(len, acknowledged.values())) >= 25

    server.start()
    Game = referees()[GAME]
    for session_id, events in acknowledged.items():
        status, export = call(server.base, "GET", f"/api/sessions/{session_id}/export")
        assert status == 200
        logged = [entry["event"] for entry in export["log"]]
        assert logged[:len(events)] == events
        status, after = call(server.base, "GET", f"/api/sessions/{session_id}")
        setup = engine.Setup(export["players"], export["options"], export["position"])
        replayed = engine.replay(Game, setup, logged)
        assert after["state"] == replayed.G
