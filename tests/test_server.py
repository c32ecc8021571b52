"""The referee against a real server process: racing writers, and a crash in the middle of a game.

The server is gunicorn with two worker processes, so the race is between processes, as in
production, and the only thing that can keep two writers apart is the database: SQLite and, where
TEST_POSTGRES_URL is set (CI sets it), PostgreSQL.
"""

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from referee import referees
from referee.core import engine
from tests.databases import KINDS, database_url

ROOT = Path(__file__).resolve().parent.parent
GAME = "avignon"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def call(base, method, path, body=None, token=None):
    request = urllib.request.Request(base + path, method=method)
    if body is not None:
        request.data = json.dumps(body).encode()
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


class Server:
    def __init__(self, database_url):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.env = {**os.environ, "DATABASE_URL": database_url}
        self.process = None

    def start(self):
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--preload", "--workers", "2", "--threads", "4",
             "--bind", f"127.0.0.1:{self.port}", "app:create_app()"],
            cwd=ROOT, env=self.env, start_new_session=True,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 60  # a first start also builds the rules index
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.base + "/api/games/" + GAME, timeout=5):
                    return self
            except OSError:  # refused, reset or timed out: not up yet
                time.sleep(0.2)
        raise RuntimeError("the server did not start")

    def kill(self):
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self):
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


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
        replayed.release()
