"""Issue 16: faults of the database and the index are each a JSON 503 naming them, waits are
bounded, reads go on while writes are stuck, /api/health tells the truth, and everything recovers
without a restart when the fault clears."""

import shutil
import sqlite3
import threading
import time
from pathlib import Path

import pytest
from sqlalchemy import create_engine, event, text

from app import create_app
from rulebook_index import indexing
from tests.databases import KINDS, database_url

SETUP = {"game": "avignon", "players": ["Rosa", "Aldo"],
         "position": {"face_up": ["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"]}}
BESEECH = {"type": "beseech", "player": "rome", "path": 1}


def make_app(url, index_dir, **config):
    return create_app({"TESTING": True, "DATABASE_URL": url, "INDEX_DIR": index_dir,
                       "DATABASE_LOCK_TIMEOUT": 0.5, **config})


def store_engine(app):
    return app.extensions["tableside.store"].engine


def on_every_connection(engine, pragma):
    """Run a PRAGMA on every new connection (the pool is emptied so that all are new)."""

    def run(dbapi_connection, _record):
        dbapi_connection.execute(pragma)

    event.listen(engine, "connect", run)
    engine.dispose()
    return lambda: (event.remove(engine, "connect", run), engine.dispose())


@pytest.fixture
def sqlite_app(tmp_path, index_dir):
    return make_app(f"sqlite:///{tmp_path / 'f.sqlite'}", index_dir)


def test_disk_full_is_a_503_health_says_so_and_it_recovers(sqlite_app):
    client = sqlite_app.test_client()
    assert client.post("/api/sessions", json=SETUP).status_code == 201
    with store_engine(sqlite_app).connect() as conn:
        pages = conn.exec_driver_sql("PRAGMA page_count").scalar()
    lift = on_every_connection(store_engine(sqlite_app), f"PRAGMA max_page_count={pages}")
    responses = [client.post("/api/sessions", json=SETUP) for _ in range(40)]
    full = [r for r in responses if r.status_code != 201]
    assert full and {r.status_code for r in full} == {503}
    assert full[0].get_json()["error"]["code"] == "disk_full"
    assert "Retry-After" in full[0].headers
    health = client.get("/api/health")
    assert health.status_code == 503
    assert health.get_json()["database"]["fault"] == "disk_full"
    lift()
    assert client.get("/api/health").get_json()["database"] == {"ok": True}
    assert client.post("/api/sessions", json=SETUP).status_code == 201


def test_a_read_only_database_is_a_503_and_reads_still_work(sqlite_app):
    client = sqlite_app.test_client()
    created = client.post("/api/sessions", json=SETUP).get_json()
    auth = {"Authorization": f"Bearer {created['edit_token']}"}
    lift = on_every_connection(store_engine(sqlite_app), "PRAGMA query_only=1")
    response = client.post(f"/api/sessions/{created['id']}/events", headers=auth,
                           json={"event": BESEECH, "expected_seq": 0})
    assert response.status_code == 503
    assert response.get_json()["error"]["code"] == "database_read_only"
    assert client.get(f"/api/sessions/{created['id']}").status_code == 200
    assert client.get("/api/health").get_json()["database"]["fault"] == "database_read_only"
    lift()
    assert client.get("/api/health").status_code == 200
    assert client.post(f"/api/sessions/{created['id']}/events", headers=auth,
                       json={"event": BESEECH, "expected_seq": 0}).status_code == 200


def test_health_writes_at_most_once_an_interval_and_still_tells_the_truth(tmp_path, index_dir):
    """/api/health is anyone's to ask and its write takes the write lock: while all is well it
    writes at most once per HEALTH_WRITE_INTERVAL; a fault a request met is checked at once (and
    on every call until it clears), and a fault no request met shows once the interval is over."""
    app = make_app(f"sqlite:///{tmp_path / 'h.sqlite'}", index_dir, HEALTH_WRITE_INTERVAL=1.0)
    client = app.test_client()
    created = client.post("/api/sessions", json=SETUP).get_json()
    auth = {"Authorization": f"Bearer {created['edit_token']}"}
    writes = []  # health's tries (the test's requests write on the driver, unseen by this hook)
    event.listen(store_engine(app), "before_cursor_execute",
                 lambda _conn, _cursor, statement, *_: statement == "BEGIN IMMEDIATE"
                 and writes.append(statement))
    checked = time.monotonic()
    for _ in range(5):
        assert client.get("/api/health").status_code == 200
    assert len(writes) == 1

    lift = on_every_connection(store_engine(app), "PRAGMA query_only=1")
    assert client.post(f"/api/sessions/{created['id']}/events", headers=auth,
                       json={"event": BESEECH, "expected_seq": 0}).status_code == 503
    health = client.get("/api/health")  # within the interval, but a request met a fault
    assert health.status_code == 503
    assert health.get_json()["database"]["fault"] == "database_read_only"
    assert client.get("/api/health").status_code == 503 and len(writes) == 3
    lift()
    assert client.get("/api/health").status_code == 200 and len(writes) == 4
    assert client.get("/api/health").status_code == 200 and len(writes) == 4
    assert time.monotonic() - checked < 1.0  # all of the above within one interval

    lift = on_every_connection(store_engine(app), "PRAGMA query_only=1")  # no request meets it
    time.sleep(1.05)
    health = client.get("/api/health")
    assert health.status_code == 503
    assert health.get_json()["database"]["fault"] == "database_read_only"
    lift()


def hold_the_lock(kind, url, tmp_path, session_id):
    """Another process's connection holding the write lock (SQLite) or the game's row (PostgreSQL)."""
    if kind == "sqlite":
        holder = sqlite3.connect(url.removeprefix("sqlite:///"), isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        return holder, lambda: (holder.execute("ROLLBACK"), holder.close())
    engine = create_engine(url)
    conn = engine.connect()
    transaction = conn.begin()
    conn.execute(text("SELECT 1 FROM sessions WHERE id = :id FOR UPDATE"), {"id": session_id})
    return conn, lambda: (transaction.rollback(), conn.close(), engine.dispose())


@pytest.mark.parametrize("kind", KINDS)
def test_a_locked_game_is_a_503_after_a_bounded_wait_and_reads_go_on(kind, tmp_path, index_dir):
    url = database_url(kind, tmp_path)
    app = make_app(url, index_dir)
    client = app.test_client()
    created = client.post("/api/sessions", json=SETUP).get_json()
    auth = {"Authorization": f"Bearer {created['edit_token']}"}
    holder, release = hold_the_lock(kind, url, tmp_path, created["id"])
    started = time.monotonic()
    response = client.post(f"/api/sessions/{created['id']}/events", headers=auth,
                           json={"event": BESEECH, "expected_seq": 0})
    waited = time.monotonic() - started
    assert response.status_code == 503
    assert response.get_json()["error"]["code"] == "database_locked"
    assert waited < 3
    assert client.get(f"/api/sessions/{created['id']}").status_code == 200
    if kind == "sqlite":  # the whole database is locked; on PostgreSQL only the game's row
        assert client.get("/api/health").get_json()["database"]["fault"] == "database_locked"
    release()
    assert client.get("/api/health").status_code == 200
    assert client.post(f"/api/sessions/{created['id']}/events", headers=auth,
                       json={"event": BESEECH, "expected_seq": 0}).status_code == 200
    store_engine(app).dispose()


def test_writers_stuck_on_a_lock_do_not_stall_readers(sqlite_app, tmp_path):
    """Eight writers wait on a lock held elsewhere while reads of the game are answered."""
    client = sqlite_app.test_client()
    created = client.post("/api/sessions", json=SETUP).get_json()
    auth = {"Authorization": f"Bearer {created['edit_token']}"}
    holder = sqlite3.connect(tmp_path / "f.sqlite", isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    statuses = []

    def write():
        statuses.append(sqlite_app.test_client().post(
            f"/api/sessions/{created['id']}/events", headers=auth,
            json={"event": BESEECH, "expected_seq": 0}).status_code)

    writers = [threading.Thread(target=write) for _ in range(8)]
    for writer in writers:
        writer.start()
    started = time.monotonic()
    assert client.get(f"/api/sessions/{created['id']}").status_code == 200
    assert time.monotonic() - started < 1
    for writer in writers:
        writer.join()
    holder.execute("ROLLBACK")
    assert set(statuses) == {503}


# Whoosh leaves a damaged file open when it fails to read it
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_a_garbled_index_is_a_503_health_says_so_and_a_repair_serves_again(tmp_path, index_dir):
    index_copy = tmp_path / "index"
    shutil.copytree(index_dir, index_copy)
    app = make_app(f"sqlite:///{tmp_path / 'i.sqlite'}", str(index_copy))
    client = app.test_client()
    assert client.get("/api/rules/search?q=discard+pile").status_code == 200
    assert client.get("/api/health").status_code == 200  # verified: read again once its files change
    live = indexing.current_dir(index_copy)
    pristine = tmp_path / "pristine"
    shutil.copytree(live, pristine)
    for path in Path(live).iterdir():
        if path.suffix in (".seg", ".toc") or path.name.endswith(".trm"):
            path.write_bytes(b"\x00garbled" * (path.stat().st_size // 8 + 1))
    app.extensions["rulebook_index"].pop("handle", None)  # as a new worker would open it
    response = client.get("/api/rules/search?q=discard+pile")
    assert response.status_code == 503
    assert response.get_json()["error"]["code"] == "index_damaged"
    health = client.get("/api/health")
    assert health.status_code == 503 and health.get_json()["index"]["fault"] == "index_damaged"
    shutil.rmtree(live)
    shutil.copytree(pristine, live)
    assert client.get("/api/health").status_code == 200
    assert client.get("/api/rules/search?q=discard+pile").status_code == 200


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_health_opens_the_index_only_when_its_files_changed(tmp_path, index_dir, monkeypatch):
    """/api/health is asked often (load balancers, uptime checks): once the index was read whole
    and found sound, it is not opened again until one of its files changes; a changed file is read
    again (and a garbled one reported), and a missing index is reported without opening anything."""
    index_copy = tmp_path / "index"
    shutil.copytree(index_dir, index_copy)
    client = make_app(f"sqlite:///{tmp_path / 'h.sqlite'}", str(index_copy)).test_client()
    opened = []
    open_current = indexing.open_current
    monkeypatch.setattr(indexing, "open_current",
                        lambda *args: opened.append(args) or open_current(*args))
    assert client.get("/api/health").status_code == 200
    assert len(opened) == 1  # read whole once
    for _ in range(3):
        assert client.get("/api/health").status_code == 200
    assert len(opened) == 1

    live = indexing.current_dir(index_copy)
    toc = next(path for path in Path(live).iterdir() if path.suffix == ".toc")
    toc.write_bytes(b"\x00garbled" * (toc.stat().st_size // 8 + 1))
    health = client.get("/api/health")
    assert len(opened) == 2
    assert health.status_code == 503 and health.get_json()["index"]["fault"] == "index_damaged"

    shutil.rmtree(live)
    health = client.get("/api/health")
    assert health.status_code == 503 and health.get_json()["index"]["fault"] == "index_unavailable"
