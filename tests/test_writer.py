"""One writer for every process on SQLite (issue 16, `store.Writer`).

The process holding the flock on `<database>-writer.lock` commits every process's appends, sent
over `<database>-writer.sock`. An append is answered only once the writer's commit holding it is
on disk; a writer that dies fails the request waiting on it at once (503) and the next append makes
another process the writer; one that does not answer fails it after the lock timeout (503); two
processes racing to become the writer end with one; the writer only compare-and-sets, so an append
worked out on an old row is answered "moved". Here the other processes are small Python processes
(or a second Store in this one), not servers: tests/test_server.py kills a whole gunicorn."""

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from sqlalchemy import text

from referee.core.sessions import Sessions
from referee.core.store import Append, Store, fault_of
from tests.test_faults import on_every_connection
from tests.test_write_lock import hold_the_write_lock
from tests.toy_game import Lanes

ROOT = Path(__file__).resolve().parent.parent

# Another process that becomes the writer of a database, says so, and serves until it is killed.
WRITER = """
import sys, time
from referee.core.store import Store
store = Store(sys.argv[1], lock_timeout=5)
assert store._writer._become_writer()
print("writing", flush=True)
time.sleep(600)
"""

# Processes racing to be the writer: each appends to its own game at the same moment (a file
# that appears is the start signal) and prints its outcome and whether it became the writer.
RACER = """
import json, sys, time
from pathlib import Path
from referee.core.store import Append, Store
store = Store(sys.argv[1], lock_timeout=5)
go = Path(sys.argv[3])
while not go.exists():
    time.sleep(0.001)
append = Append(sys.argv[2], 0, {"seq": 1, "kind": "event", "event": {"type": "play"}},
                "{}", 1)
store.append_entry(append)
print(append.outcome, store._writer._is_writer(), flush=True)
time.sleep(1)  # the writer answers the others until they are done
"""


def start_writer(url: str) -> subprocess.Popen:
    writer = subprocess.Popen([sys.executable, "-c", WRITER, url], cwd=ROOT,
                              stdout=subprocess.PIPE, text=True)
    assert writer.stdout.readline().strip() == "writing"
    writer.stdout.close()
    return writer


def play(sessions, game, seq):
    event = {"type": "play", "player": "sun" if seq % 2 == 0 else "moon", "lane": 1 + seq % 3,
             "power": 1}
    return sessions.post_event(game["id"], game["edit_token"],
                               {"event": event, "expected_seq": seq})


@pytest.fixture
def url(tmp_path):
    return f"sqlite:///{tmp_path / 'w.sqlite'}"


def test_another_process_commits_this_ones_appends(url):
    """Two Stores of one database (as two workers): the first to append is the writer, the
    other's appends go over the socket, and an append worked out on an old row is "moved"."""
    first, second = Store(url), Store(url)
    try:
        sessions = Sessions(first, {Lanes.game_id: Lanes})
        game = sessions.create({"game": "pillars-of-fate", "players": ["Ann", "Bob"]})
        assert play(sessions, game, 0)["seq"] == 1
        assert first._writer._is_writer()
        through_the_writer = Sessions(second, {Lanes.game_id: Lanes})
        assert play(through_the_writer, game, 1)["seq"] == 2
        assert not second._writer._is_writer()
        stale = Append(game["id"], 1, {"seq": 2, "kind": "event", "event": {"type": "play"}},
                       "{}", 1)
        assert second.append_entry(stale) == "moved"
        with second.read() as conn:
            assert conn.execute(text("SELECT count(*) FROM log")).scalar() == 2
    finally:
        first.close()
        second.close()


def test_a_fault_of_the_writers_commit_is_the_senders_503(url):
    first, second = Store(url, lock_timeout=0.5), Store(url, lock_timeout=0.5)
    try:
        sessions = Sessions(first, {Lanes.game_id: Lanes})
        game = sessions.create({"game": "pillars-of-fate", "players": ["Ann", "Bob"]})
        play(sessions, game, 0)
        lift = on_every_connection(first.engine, "PRAGMA query_only=1")  # the writer's database
        with pytest.raises(Exception) as refused:
            play(Sessions(second, {Lanes.game_id: Lanes}), game, 1)
        assert fault_of(refused.value).code == "database_read_only"
        lift()
        assert play(Sessions(second, {Lanes.game_id: Lanes}), game, 1)["seq"] == 2
    finally:
        first.close()
        second.close()


def test_a_closed_writer_lets_another_process_become_it(url):
    first, second = Store(url), Store(url)
    sessions = Sessions(first, {Lanes.game_id: Lanes})
    game = sessions.create({"game": "pillars-of-fate", "players": ["Ann", "Bob"]})
    play(sessions, game, 0)
    first.close()
    try:
        assert play(Sessions(second, {Lanes.game_id: Lanes}), game, 1)["seq"] == 2
        assert second._writer._is_writer()
    finally:
        second.close()


def test_every_acknowledged_append_survives_a_kill_9_of_the_writer(url, tmp_path):
    """A stream of events committed by another process, killed with SIGKILL while a request
    waits on it (held at the write lock): that request fails at once with a 503, not after the
    lock timeout; the next append makes this process the writer; every acknowledged event is in
    the log."""
    store = Store(url, lock_timeout=5)
    sessions = Sessions(store, {Lanes.game_id: Lanes})
    game = sessions.create({"game": "pillars-of-fate", "players": ["Ann", "Bob"]})
    writer = start_writer(url)
    try:
        acknowledged = [play(sessions, game, seq)["seq"] for seq in range(3)]
        assert not store._writer._is_writer()
        holder = hold_the_write_lock(tmp_path / "w.sqlite", 60)  # the writer's commit waits
        failed = []

        def waiting():
            started = time.monotonic()
            try:
                play(sessions, game, 3)
            except Exception as error:
                failed.append((fault_of(error), time.monotonic() - started))

        request = threading.Thread(target=waiting)
        request.start()
        time.sleep(0.3)
        writer.kill()
        request.join(timeout=10)
        holder.kill()
        holder.wait(timeout=10)
        [(fault, waited)] = failed
        assert fault.code == "database_unavailable" and waited < 2  # not the 5 s lock timeout
        for seq in range(3, 6):
            acknowledged.append(play(sessions, game, seq)["seq"])
        assert store._writer._is_writer()
    finally:
        writer.kill()
        writer.wait(timeout=10)
    with store.read() as conn:
        logged = list(conn.execute(text("SELECT seq FROM log ORDER BY seq")).scalars())
    assert acknowledged == logged == [1, 2, 3, 4, 5, 6]
    store.close()


def test_a_writer_that_does_not_answer_fails_the_request_after_the_lock_timeout(url):
    store = Store(url, lock_timeout=0.5)
    sessions = Sessions(store, {Lanes.game_id: Lanes})
    game = sessions.create({"game": "pillars-of-fate", "players": ["Ann", "Bob"]})
    writer = start_writer(url)
    try:
        play(sessions, game, 0)
        os.kill(writer.pid, signal.SIGSTOP)
        started = time.monotonic()
        with pytest.raises(Exception) as refused:
            play(sessions, game, 1)
        assert time.monotonic() - started < 2
        assert fault_of(refused.value).code == "database_locked"
    finally:
        os.kill(writer.pid, signal.SIGCONT)
        writer.kill()
        writer.wait(timeout=10)
        store.close()


def test_processes_racing_to_become_the_writer_end_with_one(url, tmp_path):
    store = Store(url)
    sessions = Sessions(store, {Lanes.game_id: Lanes})
    games = [sessions.create({"game": "pillars-of-fate", "players": ["Ann", "Bob"]})
             for _ in range(3)]
    store.close()
    go = tmp_path / "go"
    racers = [subprocess.Popen([sys.executable, "-c", RACER, url, game["id"], str(go)],
                               cwd=ROOT, stdout=subprocess.PIPE, text=True) for game in games]
    time.sleep(1.5)  # each has imported the store and waits for the signal
    go.touch()
    said = [racer.communicate(timeout=30)[0].split() for racer in racers]
    assert sorted(said) == [["appended", "False"], ["appended", "False"], ["appended", "True"]]
