"""The live view, described once per (session, seq, reader) in each process.

A session's state is immutable per `seq` (every write appends an entry and bumps it), so what
GET /api/sessions/<id> answers is a pure function of the session, its seq and who reads it. Every
phone at a table polls after every move; without this each of them replayed the read (log, model,
`legal()`, scores). The current seq is still read from the database on every request, so a process
never serves an old seq as current, whichever server wrote the new one.
"""

from __future__ import annotations

import threading
from collections import OrderedDict


class ViewCache:
    """A bounded LRU of JSON texts by key, and of `legal()` lists by (session, seq), behind a lock.

    Values are immutable (strings, tuples): a caller gets its own copy by parsing the text."""

    def __init__(self, size: int = 2048):
        self.size = size
        self.lock = threading.Lock()
        self.texts: OrderedDict[tuple, str] = OrderedDict()
        self.legal: OrderedDict[tuple, tuple] = OrderedDict()

    def text(self, key: tuple, compute) -> str:
        return self._get(self.texts, key, compute)

    def legal_events(self, key: tuple, compute) -> tuple:
        return self._get(self.legal, key, lambda: tuple(compute()))

    def _get(self, table: OrderedDict, key: tuple, compute):
        with self.lock:
            if key in table:
                table.move_to_end(key)
                return table[key]
        value = compute()  # outside the lock: two threads may compute one key, both get equals
        with self.lock:
            table[key] = value
            table.move_to_end(key)
            while len(table) > self.size:
                table.popitem(last=False)
        return value
