"""Rate-limit counters every worker of a server shares, with no service to run: a storage for the
`limits` package (which Flask-Limiter counts with) in a SQLite file of the instance.

Flask-Limiter's `memory://` storage counts per process, so a server of N workers let a client make
N times its limit. Redis or Memcached would share the counts between machines, but they are a
service to install and keep running for what is, at a table, one server. A SQLite file beside the
game database (not in it: a count must never wait for a game's write lock) is shared by every
worker that opens it: one upsert per counted request, WAL, and `synchronous=OFF` (a count lost to a
power cut is a minute of grace, not a lost game). Several machines share their counts by pointing
RATELIMIT_STORAGE_URI at a Redis (`redis://…`), which Flask-Limiter supports as it is.

    RATELIMIT_STORAGE_URI = "tableside+sqlite:///path/to/ratelimits.sqlite"
"""

from __future__ import annotations

import itertools
import os
import sqlite3
import threading
import time

from limits.storage import Storage

SWEEP_EVERY = 1000  # counts between two deletions of the expired ones (per process)


class SQLiteStorage(Storage):
    """Fixed-window counters (Flask-Limiter's default strategy) in one SQLite table. Each thread
    has its own connection, opened in the process that uses it (never inherited across a fork)."""

    STORAGE_SCHEME = ["tableside+sqlite"]

    def __init__(self, uri: str, wrap_exceptions: bool = False, **options):
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        self.path = uri.split("://", 1)[1]
        self.local = threading.local()
        self.counted = itertools.count(1)
        with self._connection() as connection:
            connection.execute("CREATE TABLE IF NOT EXISTS counters (key TEXT PRIMARY KEY, "
                               "count INTEGER NOT NULL, expires_at REAL NOT NULL)")

    @property
    def base_exceptions(self):
        return sqlite3.Error

    def _connection(self) -> sqlite3.Connection:
        held = getattr(self.local, "held", None)
        if held is not None and held[0] == os.getpid():
            return held[1]
        connection = sqlite3.connect(self.path, timeout=5, isolation_level=None)
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=OFF")
        self.local.held = (os.getpid(), connection)
        return connection

    def incr(self, key: str, expiry: float, amount: int = 1) -> int:
        """Count `amount` more in the window of `key`, starting a new window (of `expiry` seconds)
        when the last one has ended; the count in the window now."""
        now = time.time()
        connection = self._connection()
        count = connection.execute(
            "INSERT INTO counters (key, count, expires_at) VALUES (?1, ?2, ?3) "
            "ON CONFLICT (key) DO UPDATE SET "
            "count = CASE WHEN expires_at <= ?4 THEN ?2 ELSE count + ?2 END, "
            "expires_at = CASE WHEN expires_at <= ?4 THEN ?3 ELSE expires_at END "
            "RETURNING count", (key, amount, now + expiry, now)).fetchone()[0]
        if next(self.counted) % SWEEP_EVERY == 0:
            connection.execute("DELETE FROM counters WHERE expires_at <= ?", (now,))
        return count

    def get(self, key: str) -> int:
        row = self._connection().execute(
            "SELECT count FROM counters WHERE key = ? AND expires_at > ?",
            (key, time.time())).fetchone()
        return row[0] if row else 0

    def get_expiry(self, key: str) -> float:
        row = self._connection().execute(
            "SELECT expires_at FROM counters WHERE key = ? AND expires_at > ?",
            (key, time.time())).fetchone()
        return row[0] if row else time.time()

    def check(self) -> bool:
        try:
            return self._connection().execute("SELECT 1").fetchone() == (1,)
        except sqlite3.Error:
            return False

    def reset(self) -> int | None:
        return self._connection().execute("DELETE FROM counters").rowcount

    def clear(self, key: str) -> None:
        self._connection().execute("DELETE FROM counters WHERE key = ?", (key,))
