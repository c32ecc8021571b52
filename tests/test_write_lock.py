"""The app's write lock on SQLite (issue 16).

Every write transaction of every process takes an exclusive flock on `<database>-writelock` before
SQLite's BEGIN IMMEDIATE and lets go of it after its commit (`store.WriteLock`): a writer of
another process waits for it and then commits; a lock held past DATABASE_LOCK_TIMEOUT is a 503
`database_locked`; a lock file that cannot be made is a 503 naming it."""

import fcntl
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from sqlalchemy import text

from app import create_app
from referee.core import engine
from referee.core.sessions import Sessions
from referee.core.store import Store, WriteLock
from tests.toy_game import Lanes

ROOT = Path(__file__).resolve().parent.parent
SETUP = {"game": "avignon", "players": ["Rosa", "Aldo"],
         "position": {"face_up": ["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"]}}
BESEECH = {"type": "beseech", "player": "rome", "path": 1}

# Another process: takes the write lock as the app does, says so, holds it `seconds`.
HOLDER = """
import sys, time
from pathlib import Path
from referee.core.store import WriteLock
with WriteLock(Path(sys.argv[1]), timeout=5).held():
    print("held", flush=True)
    time.sleep(float(sys.argv[2]))
"""


def hold_the_write_lock(database: Path, seconds: float) -> subprocess.Popen:
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, f"{database}-writelock", str(seconds)],
                              cwd=ROOT, stdout=subprocess.PIPE, text=True)
    held = holder.stdout.readline().strip()
    holder.stdout.close()
    assert held == "held"
    return holder


def lock_is_free(database: Path) -> bool:
    handle = os.open(f"{database}-writelock", os.O_RDONLY)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False
    finally:
        os.close(handle)


def make_app(database: Path, index_dir, **config):
    return create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{database}",
                       "INDEX_DIR": index_dir, "DATABASE_LOCK_TIMEOUT": 0.5, **config})


def post_event(client, created, seq=0):
    return client.post(f"/api/sessions/{created['id']}/events",
                       headers={"Authorization": f"Bearer {created['edit_token']}"},
                       json={"event": BESEECH, "expected_seq": seq})


def test_a_writer_waits_while_another_process_holds_the_lock_then_commits(tmp_path, index_dir):
    database = tmp_path / "w.sqlite"
    client = make_app(database, index_dir, DATABASE_LOCK_TIMEOUT=5).test_client()
    created = client.post("/api/sessions", json=SETUP).get_json()
    holder = hold_the_write_lock(database, 0.6)
    started = time.monotonic()
    response = post_event(client, created)
    waited = time.monotonic() - started
    assert holder.wait(timeout=10) == 0
    assert response.status_code == 200 and response.get_json()["seq"] == 1
    assert 0.3 < waited < 4  # it waited for the other process, and went on once it let go
    assert client.get(f"/api/sessions/{created['id']}").get_json()["seq"] == 1
    assert lock_is_free(database)


def test_a_lock_held_past_the_timeout_is_a_503_and_the_wait_given_up_leaves_no_lock(
        tmp_path, index_dir):
    database = tmp_path / "w.sqlite"
    client = make_app(database, index_dir).test_client()
    created = client.post("/api/sessions", json=SETUP).get_json()
    holder = hold_the_write_lock(database, 60)
    try:
        started = time.monotonic()
        response = post_event(client, created)
        assert time.monotonic() - started < 3  # DATABASE_LOCK_TIMEOUT 0.5 s, not SQLite's 5 s
        assert response.status_code == 503
        assert response.get_json()["error"]["code"] == "database_locked"
        assert "w.sqlite-writelock" in response.get_json()["error"]["message"]
        health = client.get("/api/health")
        assert health.status_code == 503
        assert health.get_json()["database"]["fault"] == "database_locked"
        assert client.get(f"/api/sessions/{created['id']}").status_code == 200  # reads go on
    finally:
        holder.kill()
        holder.wait(timeout=10)
    # the waits given up are taken over by the process's waiting thread, which lets go of the
    # lock as soon as it gets it: nothing is left holding it
    deadline = time.monotonic() + 5
    while not lock_is_free(database) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert lock_is_free(database)
    assert client.get("/api/health").status_code == 200
    assert post_event(client, created).status_code == 200


def freeze(folder: Path):
    """Make `folder` read-only, even for root (immutable); None when this system cannot."""
    if os.geteuid() != 0:
        folder.chmod(0o555)
        return lambda: folder.chmod(0o755)
    chattr = shutil.which("chattr")
    if chattr is None or subprocess.run([chattr, "+i", str(folder)],
                                        capture_output=True).returncode != 0:
        return None
    return lambda: subprocess.run([chattr, "-i", str(folder)], check=True)


def test_a_write_lock_file_in_a_read_only_folder_is_a_503_naming_it(tmp_path, index_dir):
    folder = tmp_path / "frozen"
    folder.mkdir()
    database = folder / "r.sqlite"
    client = make_app(database, index_dir).test_client()
    created = client.post("/api/sessions", json=SETUP).get_json()  # the WAL is open from here on
    Path(f"{database}-writelock").unlink()
    thaw = freeze(folder)
    if thaw is None:
        pytest.skip("this system cannot make a folder read-only for root (chattr)")
    try:
        response = post_event(client, created)
        assert response.status_code == 503
        error = response.get_json()["error"]
        assert error["code"] == "database_read_only"
        assert "r.sqlite-writelock" in error["message"] and str(folder) not in error["message"]
        health = client.get("/api/health")
        assert health.status_code == 503
        assert health.get_json()["database"]["fault"] == "database_read_only"
        assert client.get(f"/api/sessions/{created['id']}").status_code == 200
    finally:
        thaw()
    assert client.get("/api/health").status_code == 200
    assert post_event(client, created).status_code == 200


def test_appends_that_come_while_the_leader_waits_for_the_lock_go_into_its_commit(
        tmp_path, monkeypatch):
    """Another process holds the write lock: the events of this process posted meanwhile are
    committed in the leader's commit, once the lock is free."""
    database = tmp_path / "g.sqlite"
    store = Store(f"sqlite:///{database}", lock_timeout=5)
    sessions = Sessions(store, {Lanes.game_id: Lanes})
    games = [sessions.create({"game": "pillars-of-fate", "players": ["Ann", "Bob"]})
             for _ in range(3)]
    original, batches = store._commits.commit, []
    monkeypatch.setattr(store._commits, "commit",
                        lambda take: original(lambda: batches.append(take()) or batches[-1]))
    holder = hold_the_write_lock(database, 60)
    results = [None] * 3

    def post(index):
        event = {"type": "play", "player": "sun", "lane": 1, "power": 1}
        results[index] = sessions.post_event(games[index]["id"], games[index]["edit_token"],
                                             {"event": event, "expected_seq": 0})

    threads = [threading.Thread(target=post, args=(index,)) for index in range(3)]
    try:
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 10
        while len(store._commits.pending) < 3 and time.monotonic() < deadline:
            time.sleep(0.001)
        assert not batches  # the leader is still waiting for the lock
    finally:
        holder.kill()
        holder.wait(timeout=10)
    for thread in threads:
        thread.join(timeout=30)
    store.engine.dispose()
    assert [len(batch) for batch in batches] == [3]
    assert all(result["accepted"] and result["seq"] == 1 for result in results)


def test_the_lock_is_held_for_the_commit_only(tmp_path, monkeypatch):
    """Taken before BEGIN IMMEDIATE (held while SQLite commits, so through FULL's fsync) and let
    go of once the transaction is over; never while the event is worked out."""
    database = tmp_path / "d.sqlite"
    store = Store(f"sqlite:///{database}")
    sessions = Sessions(store, {Lanes.game_id: Lanes})
    game = sessions.create({"game": "pillars-of-fate", "players": ["Ann", "Bob"]})
    seen = []
    append_one, apply = store._append_one, engine.apply

    def appending(cursor, append):
        seen.append(("append", lock_is_free(database)))
        return append_one(cursor, append)

    def applying(*args, **kwargs):
        seen.append(("apply", lock_is_free(database)))
        return apply(*args, **kwargs)

    monkeypatch.setattr(store, "_append_one", appending)
    monkeypatch.setattr(engine, "apply", applying)
    event = {"type": "play", "player": "sun", "lane": 1, "power": 1}
    answer = sessions.post_event(game["id"], game["edit_token"],
                                 {"event": event, "expected_seq": 0})
    assert answer["accepted"] and lock_is_free(database)
    assert seen == [("apply", True), ("append", False)]
    with store.engine.connect() as conn:  # SQLite syncs every commit itself (FULL)
        assert conn.execute(text("PRAGMA synchronous")).scalar() == 2
    store.engine.dispose()


def test_the_lock_is_taken_from_a_second_thread_only_when_it_is_contended(tmp_path):
    """Uncontended, the lock is taken with no thread; a wait runs on one waiting thread per
    process, started on first use."""
    lock = WriteLock(tmp_path / "x-writelock", timeout=1)
    with lock.held():
        pass
    assert lock._waits is None
    holder = hold_the_write_lock(tmp_path / "x", 0.3)
    with lock.held():
        assert lock._waits_pid == os.getpid()
    holder.wait(timeout=10)
