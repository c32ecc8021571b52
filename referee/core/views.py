"""The live view, described once per (session, seq, reader) in each process.

A session's state is immutable per `seq` (every write appends an entry and bumps it), so what
GET /api/sessions/<id> answers is a pure function of the session, its seq and who reads it. Every
phone at a table polls after every move; without this each of them replayed the read (log, model,
`legal()`, scores). The current seq is still read from the database on every request, so a process
never serves an old seq as current, whichever server wrote the new one.

The same holds for the stacks of a session's log (the events in force and the redo stack), which
undo, redo and the view need: kept per session at its latest seq seen, and carried forward by reading
only the log entries written since, so a long game's log is read whole once per process, not per
request.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from . import engine


class ViewCache:
    """A bounded LRU of JSON texts by key, and of `legal()` lists by (session, seq), behind a lock.

    Values are immutable (strings, tuples): a caller gets its own copy by parsing the text."""

    def __init__(self, size: int = 2048):
        self.size = size
        self.lock = threading.Lock()
        self.texts: OrderedDict[tuple, str] = OrderedDict()
        self.legal: OrderedDict[tuple, tuple] = OrderedDict()
        self.encoded: OrderedDict[tuple, bytes] = OrderedDict()
        # session id -> (seq, seqs of the events in force, seqs of the redo stack); fewer sessions
        # than views: a 20,000-entry game's stacks are ~160 KB
        self.stacks_by_session: OrderedDict[str, tuple[int, tuple, tuple]] = OrderedDict()
        self.stacks_size = max(1, size // 4)

    def text(self, key: tuple, compute) -> str:
        return self._get(self.texts, key, compute)

    def legal_events(self, key: tuple, compute) -> tuple:
        return self._get(self.legal, key, lambda: tuple(compute()))

    def encoded_text(self, key: tuple, encoding: str, compute) -> bytes:
        """The text of `key` compressed with `encoding` (compressed once, served to every phone)."""
        return self._get(self.encoded, (*key, encoding), compute)

    def stacks(self, session_id: str, seq: int, read_after) -> tuple[tuple, tuple]:
        """The seqs of the events in force and of the redo stack after log entry `seq`.
        `read_after(after)` reads the log's (seq, kind, target_seq) after seq `after` up to `seq`:
        only the entries since the stacks this process last saw are read."""
        with self.lock:
            known = self.stacks_by_session.get(session_id)
        if known is not None and known[0] == seq:
            return known[1], known[2]
        if known is None or known[0] > seq:
            known = (0, (), ())
        in_force, redo = engine.stacks(read_after(known[0]), known[1], known[2])
        self.remember_stacks(session_id, seq, in_force, redo)
        return in_force, redo

    def carry_stacks(self, session_id: str, seq: int, entries) -> None:
        """After a committed write of `entries` on top of entry `seq`: if the stacks at `seq` are
        kept, keep the ones after `entries` instead (the next request reads nothing)."""
        with self.lock:
            known = self.stacks_by_session.get(session_id)
        if known is not None and known[0] == seq:
            in_force, redo = engine.stacks(entries, known[1], known[2])
            self.remember_stacks(session_id, entries[-1][0], in_force, redo)

    def remember_stacks(self, session_id: str, seq: int, in_force: tuple, redo: tuple) -> None:
        """Keep the stacks after entry `seq` (only once that entry is committed), unless newer ones
        are kept already."""
        with self.lock:
            known = self.stacks_by_session.get(session_id)
            if known is None or known[0] < seq:
                self.stacks_by_session[session_id] = (seq, in_force, redo)
            self.stacks_by_session.move_to_end(session_id)
            while len(self.stacks_by_session) > self.stacks_size:
                self.stacks_by_session.popitem(last=False)

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
