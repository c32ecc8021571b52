"""Sessions and their append-only logs, in SQLite (the default) or PostgreSQL, through SQLAlchemy Core.

The log is the truth; the snapshot on a session row is a cache of the state after its last entry,
written in the same transaction as that entry. `(session_id, seq)` is the log's primary key, so two
writers can never both append the same seq, whatever process or server they run in.
"""

from __future__ import annotations

import copy
import errno
import fcntl
import os
import queue
import sqlite3
import threading
import time
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import (
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    select,
    text,
    update,
)
from sqlalchemy import exc as db_errors
from sqlalchemy.engine import Connection, Engine, make_url

from . import jsontext

metadata = MetaData()

sessions = Table(
    "sessions",
    metadata,
    Column("id", String(16), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("token_hash", String(64), nullable=False),
    Column("setup", Text, nullable=False),
    Column("seq", Integer, nullable=False),
    Column("snapshot", Text, nullable=False),
    Column("snapshot_version", Integer, nullable=False),
)

log = Table(
    "log",
    metadata,
    Column("session_id", String(16), ForeignKey("sessions.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("client_id", String(64)),
    Column("player", String(32)),
    Column("event", Text),
    Column("effects", Text, nullable=False),
    Column("target_seq", Integer),
    Column("created_at", Float, nullable=False),
    UniqueConstraint("session_id", "client_id", name="log_client_id_once"),
)

# The keys to a session besides its edit token (the table's, on the session row): a join token,
# which lets a phone claim a free seat, and a seat token per claimed seat, which reads the game as
# that seat (its hand) and enters that seat's events.
tokens = Table(
    "tokens",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("session_id", String(16), ForeignKey("sessions.id"), nullable=False, index=True),
    Column("role", String(8), nullable=False),  # "join" or "seat"
    Column("seat", String(32)),
    Column("created_at", Float, nullable=False),
)

# A table's card library (issue 17): card contents the rulebook does not print, typed once and named
# by the number or title printed on the card, offered again in every game of that game.
cards = Table(
    "cards",
    metadata,
    Column("game", String(32), primary_key=True),
    Column("label", String(60), primary_key=True),
    Column("card", Text, nullable=False),
    Column("updated_at", Float, nullable=False),
)


# Checkpoints: the state after an event, kept every CHECKPOINT_EVERY log entries, so that an undo
# (or an import's undo) replays only the events since the nearest one, not the whole log. The state
# after event entry N is the same whenever that event is in force (undo and redo only ever restore
# the exact prefix it was entered on), so a checkpoint never goes stale.
CHECKPOINT_EVERY = 25  # 50 until the log page was paged by 25 (issue 16): a page starts at one

checkpoints = Table(
    "checkpoints",
    metadata,
    Column("session_id", String(16), ForeignKey("sessions.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("snapshot", Text, nullable=False),
    Column("snapshot_version", Integer, nullable=False),
)


# Campaigns: a sequence of sessions of one game played back to back (Journey's "Back to Back Game
# Play"), each Quest a session that starts from the one before. The campaign's edit token is the
# edit token of every session in it. `quests` on the row counts its sessions: a new one is appended
# under the row's write lock, so two phones starting the next Quest at once cannot both append.
campaigns = Table(
    "campaigns",
    metadata,
    Column("id", String(16), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("token_hash", String(64), nullable=False),
    Column("setup", Text, nullable=False),
    Column("quests", Integer, nullable=False),
)

campaign_sessions = Table(
    "campaign_sessions",
    metadata,
    Column("campaign_id", String(16), ForeignKey("campaigns.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("session_id", String(16), ForeignKey("sessions.id"), nullable=False, unique=True),
    Column("quest", String(32), nullable=False),
    Column("carry_over", Text, nullable=False),
    Column("created_at", Float, nullable=False),
)

# The statements every request runs, built once: a statement built per call costs more to build and to
# look up in SQLAlchemy's compiled cache than SQLite takes to run it.
_SESSION_HEAD = select(*[column for column in sessions.c if column.name != "snapshot"]).where(
    sessions.c.id == bindparam("session_id"))
_SESSION = select(sessions).where(sessions.c.id == bindparam("session_id"))
_LOCK = _SESSION.with_for_update()
_APPEND = log.insert()

# The statements of the hot path (every view, every event, undo and redo), run on the driver's own
# connection: SQLAlchemy's execution of a statement (events, result wrapping) and SQLite's BEGIN and
# COMMIT around a lone read cost ~0.5 ms of CPU a request, several times what SQLite takes to run
# them. Written with `?`; PostgreSQL's driver is given `%s`.
_HOT = {
    "session": "SELECT id, game, created_at, token_hash, setup, seq, snapshot, snapshot_version "
               "FROM sessions WHERE id = ?",
    "session_head": "SELECT id, game, created_at, token_hash, setup, seq, snapshot_version "
                    "FROM sessions WHERE id = ?",
    "token": "SELECT token_hash, session_id, role, seat, created_at FROM tokens "
             "WHERE session_id = ? AND token_hash = ?",
    "entry_by_client_id": "SELECT session_id, seq, kind, client_id, player, event, effects, "
                          "target_seq, created_at FROM log WHERE session_id = ? AND client_id = ?",
    "seat_token_held": "SELECT 1 FROM tokens WHERE session_id = ? AND token_hash = ? "
                       "AND role = 'seat'",
    "advance": "UPDATE sessions SET seq = ?, snapshot = ?, snapshot_version = ? "
               "WHERE id = ? AND seq = ?",
    "append": "INSERT INTO log (session_id, seq, kind, client_id, player, event, effects, "
              "target_seq, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    "checkpoint": "INSERT INTO checkpoints (session_id, seq, snapshot, snapshot_version) "
                  "VALUES (?, ?, ?, ?)",
}


@dataclass
class Append:
    """One log entry to append on top of entry `from_seq`, with the session's new snapshot (JSON
    text): written only if the session is still at `from_seq` (compare-and-set: the entry was
    worked out with no lock held) and, when `seat_token_hash` is given, only if that seat's token
    still opens the game. `outcome` after the commit: "appended", "moved" (another write came
    first: nothing written) or "revoked" (the seat's token was taken back: nothing written)."""

    session_id: str
    from_seq: int
    entry: dict
    snapshot: str
    snapshot_version: int
    checkpoint: bool = False  # keep the snapshot as the checkpoint at the entry's seq too
    seat_token_hash: str | None = None
    outcome: str | None = None


def is_storable(key: str) -> bool:
    """Whether `key` (an id from a URL) can be in the database at all: PostgreSQL refuses a NUL in
    text, so a look-up by an id holding one was a 500 where SQLite finds nothing."""
    return "\x00" not in key


class StoreFault(Exception):
    """The database cannot do what was asked, for a reason that is not the request's fault and that
    may clear by itself: answered 503 with the code naming it."""

    def __init__(self, code: str, message: str, retry_after: int = 5):
        super().__init__(message)
        self.code, self.message, self.retry_after = code, message, retry_after


# (code, message) by what SQLite says and by PostgreSQL's SQLSTATE
SQLITE_FAULTS = (
    ("database is locked", "database_locked",
     "the database is locked by another writer: try again in a moment"),
    ("database table is locked", "database_locked",
     "the database is locked by another writer: try again in a moment"),
    ("database or disk is full", "disk_full", "the database's disk is full: nothing was written"),
    ("readonly database", "database_read_only",
     "the database is read-only: nothing can be written until it is writable again"),
    ("disk i/o error", "database_io_error", "the database's disk failed to read or write"),
    ("unable to open database", "database_unavailable", "the database file cannot be opened"),
)
POSTGRESQL_FAULTS = {
    "55P03": ("database_locked", "the game is locked by another writer: try again in a moment"),
    "57014": ("database_busy", "the database took too long to answer: try again in a moment"),
    "40P01": ("database_busy", "two writers deadlocked: try again"),
    "53100": ("disk_full", "the database's disk is full: nothing was written"),
    "53200": ("database_busy", "the database is out of memory"),
    "53300": ("database_busy", "the database has too many connections"),
    "25006": ("database_read_only", "the database is read-only (a standby?): nothing was written"),
    "57P01": ("database_unavailable", "the database is shutting down"),
    "57P03": ("database_unavailable", "the database is starting up"),
}


def fault_of(error: Exception) -> StoreFault | None:
    """The StoreFault a database error means, or None when it is a bug rather than a fault."""
    if isinstance(error, db_errors.TimeoutError):
        return StoreFault("database_busy", "every database connection is busy: try again")
    if not isinstance(error, db_errors.DBAPIError):
        return None
    original = error.orig
    sqlstate = getattr(original, "sqlstate", None)
    if sqlstate in POSTGRESQL_FAULTS:
        return StoreFault(*POSTGRESQL_FAULTS[sqlstate])
    text_ = str(original).lower()
    for needle, code, message in SQLITE_FAULTS:
        if needle in text_:
            detail = getattr(original, "detail", None)  # the app's write lock: what failed
            return StoreFault(code, f"{message} ({detail})" if detail else message)
    if error.connection_invalidated or isinstance(error, db_errors.OperationalError):
        return StoreFault("database_unavailable", "the database cannot be reached")
    return None


MIGRATIONS = Path(__file__).resolve().parents[2] / "migrations"


health = Table(
    "health",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("checked_at", Float, nullable=False),
    Column("padding", Text),
)


class Store:
    """`lock_timeout` bounds how long a write waits for another writer's lock (SQLite's busy
    timeout, PostgreSQL's lock_timeout); `statement_timeout` bounds any one PostgreSQL statement.
    Past them the database's error is raised, and the app answers 503. `sqlite_synchronous`: FULL
    (the default) syncs the log to disk at every commit, so an acknowledged event survives a power
    cut; NORMAL syncs at WAL checkpoints only: an acknowledged event survives the server being
    killed, not the machine losing power (docs/deployment.md measures the difference)."""

    def __init__(self, url: str, lock_timeout: float = 5.0, statement_timeout: float = 15.0,
                 sqlite_synchronous: str = "FULL", health_interval: float = 1.0):
        self.is_sqlite = url.startswith("sqlite")
        # SQLite: the app's processes take a write lock of their own before SQLite's
        database = make_url(url).database if self.is_sqlite else None
        self._write_lock = WriteLock(Path(database + "-writelock"), lock_timeout) if database else None
        if self.is_sqlite:
            if sqlite_synchronous not in SQLITE_SYNCHRONOUS:
                raise ValueError(f"sqlite_synchronous is one of {', '.join(SQLITE_SYNCHRONOUS)}")
            self.engine = create_engine(url, connect_args={"timeout": lock_timeout},
                                        pool_timeout=lock_timeout)
            _sqlite_write_transactions_begin_immediate(self.engine, sqlite_synchronous)
        else:
            options = (f"-c lock_timeout={int(lock_timeout * 1000)} "
                       f"-c statement_timeout={int(statement_timeout * 1000)}")
            self.engine = create_engine(url, pool_pre_ping=True, pool_timeout=lock_timeout,
                                        connect_args={"options": options})
        self.last_fault: str | None = None
        self.health_interval = health_interval
        self._healthy_at: float | None = None  # time.monotonic() of health's last write that worked
        self._hot = {name: sql if self.is_sqlite else sql.replace("?", "%s")
                     for name, sql in _HOT.items()}
        self._driver_error = self.engine.dialect.loaded_dbapi.Error
        # SQLite: one writer at a time, and with FULL an fsync per commit under its lock, so the
        # appends of a process's concurrent requests share a commit. PostgreSQL locks rows and
        # flushes concurrent commits together itself: each request commits its own.
        self._commits = GroupCommit(self._commit_appends) if self.is_sqlite else None
        self._local = _ThreadConnection()
        migrate(self.engine)
        self.engine.dispose()  # no pooled connection may outlive a fork (gunicorn --preload)

    def ping(self) -> bool:
        with self.engine.connect() as conn:
            return conn.execute(text("SELECT 1")).scalar() == 1

    def health(self) -> dict:
        """Whether the database can be read and written now, and if not, the fault's code. A write
        is tried and rolled back: it takes the write locks, the app's and SQLite's (and so finds a
        locked or read-only database, or a write lock file that cannot be opened) without writing;
        a full disk shows only when something is written, so the
        health table is written for real (64 KiB, then deleted) while the last write failed for
        lack of space.

        The write is tried at most once per `health_interval` seconds while all is well (a check
        is anyone's to ask, and each took the write lock): in between, health answers from the
        last write that worked, unless a fault was met since (a request's 503 sets `last_fault`),
        which is checked at once and on every call until it clears. A fault no request has met
        shows within `health_interval`."""
        if (self.last_fault is None and self._healthy_at is not None
                and time.monotonic() - self._healthy_at < self.health_interval):
            return {"ok": True}
        try:
            with (self.engine.connect().execution_options(immediate_write=True) as conn,
                  self._write_locked()):
                transaction = conn.begin()
                try:
                    conn.execute(update(health).values(checked_at=time.time()))
                    if self.last_fault == "disk_full":  # room for 64 KiB more?
                        conn.execute(insert(health).values(id=2, checked_at=0, padding="x" * 65536))
                        conn.execute(delete(health).where(health.c.id == 2))
                        transaction.commit()
                finally:
                    if transaction.is_active:
                        transaction.rollback()
        except Exception as error:  # health reports a fault; it never raises
            fault = fault_of(error)
            self.last_fault = fault.code if fault else "database_error"
            return {"ok": False, "fault": self.last_fault,
                    "message": fault.message if fault else str(error)[:200]}
        self.last_fault = None
        self._healthy_at = time.monotonic()
        return {"ok": True}

    # -- reads -------------------------------------------------------------------------------------

    @contextmanager
    def read(self):
        """One read transaction, so that a session row and its log are seen at the same moment."""
        with self.engine.connect() as conn:
            with conn.begin():
                yield conn

    @contextmanager
    def _using(self, conn: Connection | None):
        if conn is not None:
            yield conn
        else:
            with self.engine.connect() as own:
                yield own

    def _driver(self) -> _Driver:
        """A connection of the database's own driver, for the hot path's statements (`_HOT`).
        On SQLite a read on it is a statement of its own, without BEGIN (the connection is in
        autocommit mode; WAL gives each statement a consistent snapshot). The driver's errors are
        raised as SQLAlchemy's, so a fault is answered as it is everywhere else (a 503 naming it).

        SQLite: each thread keeps a connection of its own (`_thread_connection`): the pool's
        checkout and return cost ~0.03 ms of CPU each, and a POST took two, more than SQLite
        takes to run its statements. It is let go of after any error, so a fault that clears
        (a disk with room again, a writable file) is met with a fresh connection. PostgreSQL: a
        pooled connection, given back after each use, and dropped from the pool when broken."""
        return _Driver(self)

    def _thread_connection(self):
        """This thread's own SQLite connection: taken out of the pool once (so the pool's connect
        hooks, the PRAGMAs, ran on it) and kept. A new one after the pool was disposed (the
        engine's connections are all to be new) or in a forked process."""
        held = self._local.held
        if held is not None and held[0] == os.getpid() and held[1] is self.engine.pool:
            return held[2]
        if held is not None and held[0] == os.getpid():
            held[2].close()
        pooled = self.engine.raw_connection()
        pooled.detach()
        self._local.held = (os.getpid(), self.engine.pool, pooled.dbapi_connection)
        return pooled.dbapi_connection

    def _fetch_one(self, name: str, params: tuple) -> dict | None:
        with self._driver() as connection:
            cursor = connection.cursor()
            try:
                cursor.execute(self._hot[name], params)
                row = cursor.fetchone()
                return (None if row is None else
                        dict(zip([column[0] for column in cursor.description], row,
                                 strict=True)))
            finally:
                cursor.close()

    def session(self, session_id: str, conn: Connection | None = None) -> dict | None:
        if not is_storable(session_id):
            return None
        if conn is None:
            row = self._fetch_one("session", (session_id,))
        else:
            row = conn.execute(_SESSION, {"session_id": session_id}).mappings().first()
        return _session_dict(row) if row else None

    def session_head(self, session_id: str, conn: Connection | None = None) -> dict | None:
        """A session row without its snapshot (what a cached view needs: seq, setup, token)."""
        if not is_storable(session_id):
            return None
        if conn is None:
            row = self._fetch_one("session_head", (session_id,))
        else:
            row = conn.execute(_SESSION_HEAD, {"session_id": session_id}).mappings().first()
        if row is None:
            return None
        return {**row, "setup": jsontext.loads(row["setup"])}

    def entries(self, session_id: str, conn: Connection | None = None,
                upto: int | None = None) -> list[dict]:
        query = select(log).where(log.c.session_id == session_id).order_by(log.c.seq)
        if upto is not None:
            query = query.where(log.c.seq <= upto)
        with self._using(conn) as used:
            rows = used.execute(query).mappings().all()
        return [_entry_dict(row) for row in rows]

    def entries_from(self, session_id: str, first: int, conn: Connection | None = None,
                     upto: int | None = None) -> list[dict]:
        """The log entries from seq `first` on (up to `upto`), whole."""
        query = (select(log).where(log.c.session_id == session_id, log.c.seq >= first)
                 .order_by(log.c.seq))
        if upto is not None:
            query = query.where(log.c.seq <= upto)
        with self._using(conn) as used:
            return [_entry_dict(row) for row in used.execute(query).mappings()]

    def log_index(self, session_id: str, conn: Connection | None = None, upto: int | None = None,
                  after: int = 0) -> list[tuple[int, str, int | None]]:
        """The log's (seq, kind, target_seq) after seq `after` (up to `upto`), without events and
        effects: enough to know which events are in force, at a fraction of the cost of
        `entries`."""
        query = (select(log.c.seq, log.c.kind, log.c.target_seq)
                 .where(log.c.session_id == session_id, log.c.seq > after).order_by(log.c.seq))
        if upto is not None:
            query = query.where(log.c.seq <= upto)
        with self._using(conn) as used:
            return [tuple(row) for row in used.execute(query).all()]  # fetched at once: ~3x faster

    def events_at(self, session_id: str, seqs, conn: Connection | None = None) -> dict[int, dict]:
        """{seq: event} of these log entries."""
        seqs = list(seqs)
        if not seqs:
            return {}
        query = select(log.c.seq, log.c.event).where(log.c.session_id == session_id,
                                                     log.c.seq.in_(seqs))
        with self._using(conn) as used:
            return {row.seq: jsontext.loads(row.event) for row in used.execute(query)
                    if row.event is not None}

    def checkpoint_seqs(self, conn: Connection, session_id: str, version: int) -> set[int]:
        query = select(checkpoints.c.seq).where(checkpoints.c.session_id == session_id,
                                                checkpoints.c.snapshot_version == version)
        return set(conn.execute(query).scalars())

    def checkpoint(self, conn: Connection, session_id: str, seq: int) -> dict:
        query = select(checkpoints.c.snapshot).where(checkpoints.c.session_id == session_id,
                                                     checkpoints.c.seq == seq)
        return jsontext.loads(conn.execute(query).scalar_one())

    def checkpoints(self, conn: Connection, session_id: str, version: int) -> dict[int, dict]:
        """{seq: state} of every checkpoint of a session kept under rules `version`."""
        query = select(checkpoints.c.seq, checkpoints.c.snapshot).where(
            checkpoints.c.session_id == session_id, checkpoints.c.snapshot_version == version)
        return {row.seq: jsontext.loads(row.snapshot) for row in conn.execute(query)}

    def entry_by_client_id(self, conn: Connection | None, session_id: str,
                           client_id: str) -> dict | None:
        if conn is None:
            row = self._fetch_one("entry_by_client_id", (session_id, client_id))
        else:
            row = conn.execute(
                select(log).where(log.c.session_id == session_id, log.c.client_id == client_id)
            ).mappings().first()
        return _entry_dict(row) if row else None

    def token(self, session_id: str, token_hash: str, conn: Connection | None = None) -> dict | None:
        """The join or seat token of this session with this hash, if there is one."""
        if conn is None:
            return self._fetch_one("token", (session_id, token_hash))
        query = select(tokens).where(tokens.c.session_id == session_id,
                                     tokens.c.token_hash == token_hash)
        row = conn.execute(query).mappings().first()
        return dict(row) if row else None

    def seat_claims(self, conn: Connection, session_id: str) -> dict[str, str]:
        """{seat: token hash} of the seats claimed so far."""
        query = select(tokens.c.seat, tokens.c.token_hash).where(
            tokens.c.session_id == session_id, tokens.c.role == "seat")
        return {row.seat: row.token_hash for row in conn.execute(query)}

    def cards(self, game: str) -> dict[str, dict]:
        """{label: card} of a game's card library, by label."""
        query = select(cards.c.label, cards.c.card).where(cards.c.game == game).order_by(cards.c.label)
        with self._using(None) as used:
            return {row.label: jsontext.loads(row.card) for row in used.execute(query)}

    # -- writes ------------------------------------------------------------------------------------

    def create(self, session_id: str, game: str, token_hash: str, join_token_hash: str,
               setup: dict, snapshot: dict, snapshot_version: int,
               entries: tuple[dict, ...] = (), saved: dict[int, dict] | None = None) -> None:
        """Insert a new session (with an imported log, if any, and its checkpoints `saved`, by
        seq) in one transaction."""
        with self.write() as conn:
            self.insert_session(conn, session_id, game, token_hash, join_token_hash, setup,
                                snapshot, snapshot_version, entries, saved)

    def insert_session(self, conn: Connection, session_id: str, game: str, token_hash: str,
                       join_token_hash: str, setup: dict, snapshot: dict, snapshot_version: int,
                       entries: tuple[dict, ...] = (), saved: dict[int, dict] | None = None) -> None:
        """`create` inside a write transaction the caller holds (a campaign's next Quest)."""
        conn.execute(insert(sessions).values(
            id=session_id, game=game, created_at=time.time(), token_hash=token_hash,
            setup=jsontext.dumps(setup), seq=len(entries), snapshot=jsontext.dumps(snapshot),
            snapshot_version=snapshot_version,
        ))
        self.add_token(conn, session_id, join_token_hash, "join")
        if entries:  # one statement for the whole log (executemany), not one per entry
            conn.execute(_APPEND, [_log_row(session_id, entry) for entry in entries])
        if saved:
            conn.execute(insert(checkpoints), [
                {"session_id": session_id, "seq": seq, "snapshot": jsontext.dumps(checkpoint),
                 "snapshot_version": snapshot_version} for seq, checkpoint in saved.items()])

    def add_token(self, conn: Connection, session_id: str, token_hash: str, role: str,
                  seat: str | None = None) -> None:
        conn.execute(insert(tokens).values(token_hash=token_hash, session_id=session_id, role=role,
                                           seat=seat, created_at=time.time()))

    def revoke_token(self, conn: Connection, token_hash: str) -> None:
        conn.execute(delete(tokens).where(tokens.c.token_hash == token_hash))

    @contextmanager
    def write(self):
        """A write transaction: IMMEDIATE on SQLite, so concurrent writers queue instead of failing."""
        with self.engine.connect().execution_options(immediate_write=True) as conn:
            with self._write_locked(), conn.begin():
                yield conn

    def _write_locked(self):
        """The app's write lock on SQLite (`WriteLock`), taken before BEGIN IMMEDIATE."""
        return self._write_lock.held() if self._write_lock is not None else nullcontext()

    def lock(self, conn: Connection, session_id: str) -> dict | None:
        """Read a session for update inside a write transaction."""
        row = conn.execute(_LOCK, {"session_id": session_id}).mappings().first()
        return _session_dict(row) if row else None

    def save_cards(self, game: str, labelled: dict[str, dict], limit: int) -> int:
        """Add or replace cards of a game's library, keeping at most `limit` cards in it; the number
        of cards saved (none when they would not fit)."""
        with self.write() as conn:
            have = {row.label for row in conn.execute(
                select(cards.c.label).where(cards.c.game == game))}
            if len(have | set(labelled)) > limit:
                return 0
            for label, card in labelled.items():
                conn.execute(delete(cards).where(cards.c.game == game, cards.c.label == label))
                conn.execute(insert(cards).values(game=game, label=label, card=jsontext.dumps(card),
                                                  updated_at=time.time()))
        return len(labelled)

    def delete_card(self, game: str, label: str) -> None:
        with self.write() as conn:
            conn.execute(delete(cards).where(cards.c.game == game, cards.c.label == label))

    # -- campaigns -----------------------------------------------------------------------------

    def create_campaign(self, campaign_id: str, game: str, token_hash: str, setup: dict) -> None:
        with self.write() as conn:
            conn.execute(insert(campaigns).values(id=campaign_id, game=game, created_at=time.time(),
                                                  token_hash=token_hash, setup=jsontext.dumps(setup),
                                                  quests=0))

    def campaign(self, campaign_id: str, conn: Connection | None = None,
                 for_update: bool = False) -> dict | None:
        if not is_storable(campaign_id):
            return None
        query = select(campaigns).where(campaigns.c.id == campaign_id)
        if for_update:
            query = query.with_for_update()
        with self._using(conn) as used:
            row = used.execute(query).mappings().first()
        if row is None:
            return None
        return {**row, "setup": jsontext.loads(row["setup"])}

    def campaign_quests(self, campaign_id: str, conn: Connection | None = None) -> list[dict]:
        query = (select(campaign_sessions).where(campaign_sessions.c.campaign_id == campaign_id)
                 .order_by(campaign_sessions.c.number))
        with self._using(conn) as used:
            rows = used.execute(query).mappings().all()
        return [{**row, "carry_over": jsontext.loads(row["carry_over"])} for row in rows]

    def campaign_of(self, session_id: str) -> dict | None:
        """{"campaign_id", "number"} of the campaign session this is, or None."""
        if not is_storable(session_id):
            return None
        query = select(campaign_sessions.c.campaign_id, campaign_sessions.c.number).where(
            campaign_sessions.c.session_id == session_id)
        with self._using(None) as used:
            row = used.execute(query).mappings().first()
        return dict(row) if row else None

    def add_campaign_quest(self, conn: Connection, campaign_id: str, number: int, session_id: str,
                           quest: str, carry_over: dict) -> None:
        conn.execute(insert(campaign_sessions).values(
            campaign_id=campaign_id, number=number, session_id=session_id, quest=quest,
            carry_over=jsontext.dumps(carry_over), created_at=time.time()))
        conn.execute(update(campaigns).where(campaigns.c.id == campaign_id).values(quests=number))

    def append_entry(self, append: Append) -> str:
        """Append one log entry if its session is still where it was read (`Append`), and commit:
        its `outcome` once it is on disk (SQLite: in a commit shared with the process's other
        appends waiting at that moment, `GroupCommit`)."""
        if self._commits is not None:
            self._commits.submit(append)
        else:
            self._commit_appends(lambda: [append])
        return append.outcome

    def _commit_appends(self, take) -> None:
        """One write transaction for the appends `take()` returns once it has begun (on SQLite,
        once it holds the write lock: those that came while it waited for the lock go in too), in
        order: each moves its session on from its `from_seq` (`UPDATE … WHERE seq = from_seq`: on
        PostgreSQL the row's lock, re-read after waiting for it), its entry and checkpoint are
        inserted, or it is left out ("moved", "revoked") with nothing of it written. On SQLite the
        app's write lock (`WriteLock`) is taken before BEGIN and let go of after the commit. The
        outcomes are set only once it has committed."""
        outcomes = []
        with self._driver() as connection, self._write_locked():
            cursor = connection.cursor()
            try:
                if self.is_sqlite:
                    cursor.execute("BEGIN IMMEDIATE")  # psycopg begins by itself
                appends = take()
                for append in appends:
                    outcomes.append(self._append_one(cursor, append))
                connection.commit()
            except BaseException:
                connection.rollback()
                raise
            finally:
                cursor.close()
        for append, outcome in zip(appends, outcomes, strict=True):
            append.outcome = outcome

    def _append_one(self, cursor, append: Append) -> str:
        hot, session_id, entry = self._hot, append.session_id, append.entry
        if append.seat_token_hash is not None:
            cursor.execute(hot["seat_token_held"], (session_id, append.seat_token_hash))
            if cursor.fetchone() is None:
                return "revoked"
        cursor.execute(hot["advance"], (entry["seq"], append.snapshot, append.snapshot_version,
                                        session_id, append.from_seq))
        if cursor.rowcount != 1:
            return "moved"
        row = _log_row(session_id, entry)
        cursor.execute(hot["append"], (session_id, row["seq"], row["kind"], row["client_id"],
                                       row["player"], row["event"], row["effects"],
                                       row["target_seq"], row["created_at"]))
        if append.checkpoint:
            cursor.execute(hot["checkpoint"], (session_id, entry["seq"], append.snapshot,
                                               append.snapshot_version))
        return "appended"


class _Driver:
    """`Store._driver`'s context: a class, not a generator (@contextmanager cost a POST ~10,000
    instructions for its two uses)."""

    __slots__ = ("store", "own", "pooled")

    def __init__(self, store: Store):
        self.store = store

    def __enter__(self):
        store = self.store
        self.own = store._thread_connection() if store.is_sqlite else None
        self.pooled = None if self.own is not None else store.engine.raw_connection()
        return self.own if self.own is not None else self.pooled

    def __exit__(self, _type, error, _traceback) -> bool:
        store, own, pooled = self.store, self.own, self.pooled
        try:
            if error is None:
                return False
            if own is not None:
                store._local.held = None
                own.close()
            if not isinstance(error, store._driver_error):
                return False
            broken = store.engine.dialect.is_disconnect(
                error, own if own is not None else pooled.dbapi_connection, None)
            if broken and pooled is not None:
                pooled.invalidate()
            raise db_errors.DBAPIError.instance(None, None, error, store._driver_error,
                                                connection_invalidated=broken) from error
        finally:
            if pooled is not None:
                pooled.close()  # back to the pool, which rolls back whatever is left open


class _ThreadConnection(threading.local):
    """Per thread: (pid, pool, connection) of `Store._thread_connection`, or None."""

    held: tuple | None = None


class GroupCommit:
    """Appends of one process committed together (SQLite). Every commit with `synchronous=FULL`
    waits for an fsync (~2–4 ms here) while holding SQLite's write lock, the whole database's: one
    commit per event capped a database at ~250–400 events a second whatever the CPU. Here the
    request threads of a process that want to append at the same moment share one transaction and
    one fsync: the first becomes the leader, waits for the write locks (the app's `WriteLock`, then
    SQLite's) and then takes every append pending by then (those that came while it waited for the
    other processes' commits go in too); those that come later wait, and the first of them leads
    the next commit. Each request is answered only after the commit that holds its entry, so an
    acknowledged event is on disk as before. No thread of its own: a leader is a request thread
    (safe across gunicorn's fork; nothing to start or stop)."""

    def __init__(self, commit):
        self.commit = commit  # commit(take): begins, commits the appends take() returns, or raises
        self.lock = threading.Lock()
        self.pending: list[_Waiting] = []
        self.leading = False

    def submit(self, append: Append) -> None:
        """Return once `append` is committed (its `outcome` set), or raise what its commit raised."""
        waiting = _Waiting(append)
        with self.lock:
            self.pending.append(waiting)
            leads, self.leading = not self.leading, True
            if not leads:  # made before the lock is let go, so whoever wakes it finds it
                waiting.woken = threading.Event()
        if not leads:
            waiting.woken.wait()
            if waiting.done:
                return waiting.result()
            # woken to lead: the commit before is over, and this one is first in the queue
        batch: list[_Waiting] = []

        def take() -> list[Append]:
            with self.lock:
                batch.extend(self.pending)
                self.pending = []
            return [waiting.append for waiting in batch]

        try:
            self._commit(batch, take)
        finally:
            with self.lock:
                if self.pending:  # came while this batch committed: the first of them leads
                    self.pending[0].woken.set()
                else:
                    self.leading = False
        return waiting.result()

    def _commit(self, batch: list[_Waiting], take) -> None:
        try:
            try:
                self.commit(take)
            except Exception as error:
                if not batch:  # failed before it took any (no lock): it fails those waiting
                    take()
                if len(batch) == 1 or fault_of(error) is not None:
                    raise
                # not a fault of the database but of one append (a client_id sent twice at
                # once): each on its own, so that the others still go through
                for waiting in batch:
                    try:
                        self.commit(lambda waiting=waiting: [waiting.append])
                    except Exception as own:
                        waiting.error = own
        except BaseException as error:
            if not batch:
                take()
            for waiting in batch:
                waiting.error = error
            raise
        finally:
            for waiting in batch:
                waiting.done = True
                if waiting.woken is not None:
                    waiting.woken.set()


class _Waiting:
    """An append in a GroupCommit's queue, and what its request thread is woken for."""

    def __init__(self, append: Append):
        self.append = append
        # a follower's (the leader waits for nothing; an Event is ~1 % of a POST's instructions):
        # set when its commit is over (`done`), or when it is to lead the next
        self.woken: threading.Event | None = None
        self.done = False
        self.error: BaseException | None = None

    def result(self) -> None:
        if self.error is None:
            return
        try:  # each thread raises its own copy of a shared commit's error (its own traceback)
            own = copy.copy(self.error)
        except Exception:
            raise self.error from None
        raise own from self.error


class WriteLock:
    """An exclusive `flock` on a file beside a SQLite database (`<database>-writelock`), which every
    write transaction of the app's processes takes before SQLite's `BEGIN IMMEDIATE` and lets go of
    once it has committed or rolled back. SQLite's own lock makes a writer that finds it taken sleep
    in its busy handler (1, 2, 5, 10… ms between tries), so the lock sat idle between two workers'
    commits; the kernel hands a flock to the next waiter the moment it is let go. SQLite's lock
    still guards the database against writers outside the app (its busy timeout applies after the
    flock is taken).

    The wait is bounded by `timeout` (then a "database is locked" error, a 503 `database_locked`)
    without polling: flock has no timeout, so a contended lock is waited for by a daemon thread of
    the process, and the request waits on an Event; a wait given up hands its file to that thread,
    which closes it (letting the lock go) as soon as it has it. A lock file that cannot be opened
    (a read-only folder) is the database's fault of that kind, named in the error."""

    def __init__(self, path: Path, timeout: float):
        self.path, self.timeout = path, timeout
        self._guard = threading.Lock()
        self._waits: queue.SimpleQueue | None = None
        self._waits_pid = 0

    @contextmanager
    def held(self):
        handle = self._open()
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self._wait(handle)  # when it raises, it has closed the file or handed it on
        except OSError as error:
            os.close(handle)
            raise self._flock_failed(error) from error
        try:
            yield
        finally:
            os.close(handle)

    def _open(self) -> int:
        try:
            return os.open(self.path, os.O_RDONLY | os.O_CREAT | os.O_CLOEXEC, 0o644)
        except OSError as error:
            reason = {errno.EACCES: "readonly database", errno.EPERM: "readonly database",
                      errno.EROFS: "readonly database", errno.ENOSPC: "database or disk is full",
                      errno.EDQUOT: "database or disk is full"}.get(error.errno,
                                                                     "unable to open database")
            raise _sqlite_error(reason, f"its write lock file {self.path.name} cannot be opened: "
                                        f"{error.strerror}") from error

    def _wait(self, handle: int) -> None:
        wait = _LockWait(handle)
        self._waiting_thread().put(wait)
        wait.taken.wait(self.timeout)
        with wait.guard:
            wait.given_up = not wait.taken.is_set()
        if wait.given_up:  # the waiting thread closes the file once it has the lock
            raise _sqlite_error("database is locked", f"another writer held {self.path.name} for "
                                                      f"{self.timeout:g} s")
        if wait.error is not None:
            os.close(handle)
            raise self._flock_failed(wait.error) from wait.error

    def _flock_failed(self, error: OSError) -> db_errors.OperationalError:
        return _sqlite_error("unable to open database",
                             f"flock on {self.path.name} failed: {error.strerror}")

    def _waiting_thread(self) -> queue.SimpleQueue:
        """The queue of this process's waiting thread, started on first use in each process (a
        forked worker starts its own)."""
        with self._guard:
            if self._waits_pid != os.getpid():
                self._waits, self._waits_pid = queue.SimpleQueue(), os.getpid()
                threading.Thread(target=_wait_for_locks, args=(self._waits,), daemon=True,
                                 name="sqlite-write-lock").start()
            return self._waits


class _LockWait:
    def __init__(self, handle: int):
        self.handle = handle
        self.guard = threading.Lock()
        self.taken = threading.Event()
        self.given_up = False
        self.error: OSError | None = None


def _wait_for_locks(waits: queue.SimpleQueue) -> None:
    while True:
        wait = waits.get()
        try:
            fcntl.flock(wait.handle, fcntl.LOCK_EX)
        except OSError as error:
            wait.error = error
        with wait.guard:  # a wait given up meanwhile left the file to this thread
            if wait.given_up:
                os.close(wait.handle)
            else:
                wait.taken.set()


class WriteError(sqlite3.OperationalError):
    """A fault of the app's own SQLite write lock, worded as SQLite words its faults
    (`reason`, so that `fault_of` names it as it names SQLite's), with what failed (`detail`, told
    in the 503 and by /api/health: a file's name, never its folder)."""

    def __init__(self, reason: str, detail: str):
        super().__init__(f"{reason}: {detail}")
        self.detail = detail


def _sqlite_error(reason: str, detail: str) -> db_errors.OperationalError:
    """A `WriteError` raised as SQLAlchemy raises SQLite's errors."""
    return db_errors.OperationalError("BEGIN IMMEDIATE", None, WriteError(reason, detail))


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration (migrations/), safely when several processes start
    at once on an empty database: the first takes a lock (PostgreSQL: an advisory lock; SQLite: the
    write lock of BEGIN IMMEDIATE) and migrates, the others wait for it and then find nothing to do."""
    from alembic import command
    from alembic.config import Config

    with engine.connect().execution_options(immediate_write=True) as conn:
        with conn.begin():
            if engine.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(7216731)"))  # any fixed number
            config = Config()
            config.set_main_option("script_location", str(MIGRATIONS))
            config.attributes["connection"] = conn
            command.upgrade(config, "head")


SQLITE_SYNCHRONOUS = ("FULL", "NORMAL")


def _sqlite_write_transactions_begin_immediate(engine: Engine, synchronous: str) -> None:
    """Let SQLAlchemy, not pysqlite, begin transactions; make write transactions IMMEDIATE.

    With pysqlite's deferred BEGIN, two read-then-insert writers both read, and one then fails to
    upgrade its lock. WAL lets readers go on while a writer holds the lock.
    """

    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection, _record):
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA synchronous={synchronous}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def on_begin(conn):
        immediate = conn.get_execution_options().get("immediate_write")
        conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def _log_row(session_id: str, entry: dict) -> dict:
    return {"session_id": session_id, "seq": entry["seq"], "kind": entry["kind"],
            "client_id": entry.get("client_id"), "player": (entry.get("event") or {}).get("player"),
            "event": jsontext.dumps(entry["event"]) if entry.get("event") is not None else None,
            "effects": jsontext.dumps(entry.get("effects", [])), "target_seq": entry.get("target_seq"),
            "created_at": entry.get("created_at") or time.time()}


def _session_dict(row) -> dict:
    out = dict(row)
    out["setup"] = jsontext.loads(out["setup"])
    out["snapshot"] = jsontext.loads(out["snapshot"])
    return out


def _entry_dict(row) -> dict:
    out = dict(row)
    out["event"] = jsontext.loads(out["event"]) if out["event"] is not None else None
    out["effects"] = jsontext.loads(out["effects"])
    return out
