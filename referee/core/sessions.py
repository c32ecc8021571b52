"""Game sessions: create, view, append events, undo, redo, export and import.

Each write runs in one database transaction that locks the session row, checks `expected_seq`,
applies the change to the state and appends one log entry: a rejected event writes nothing, and an
event is committed before it is acknowledged.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import secrets
from dataclasses import dataclass

from . import engine
from .rules import BadRequest, Citation, Referee, RuleViolation
from .store import CHECKPOINT_EVERY, Append, Store
from .views import ViewCache

logger = logging.getLogger(__name__)

EXPORT_FORMAT = "tableside-session/1"
SESSION_ID_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"  # no 0/o, 1/l/i: read aloud at a table
SESSION_ID_LENGTH = 16  # 16 of 31 letters: 79 bits, not a thing to guess (8 was 39.6 bits)
STEP_TRIES = 5  # an undo or redo without expected_seq starts again when another write came first
NOT_THIS_GAMES_TOKEN = "this token does not open this game"


class NotFound(BadRequest):
    def __init__(self, message: str):
        super().__init__(message, code="not_found")


class Stale(Exception):
    """The client's `expected_seq` is not the session's current seq."""

    def __init__(self, seq: int):
        super().__init__(f"the game has moved on: it is at seq {seq}")
        self.seq = seq


class Forbidden(Exception):
    def __init__(self, message: str, status: int):
        super().__init__(message)
        self.message = message
        self.status = status


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def effects_json(effects) -> list[dict]:
    """Effects as stored: text and the quote of their rule (resolved to a section when shown)."""
    return [{"text": e.text, "quote": e.citation.quote if e.citation else None} for e in effects]


def show_effects(game_id: str, stored: list[dict]) -> list[dict]:
    shown = []
    for effect in stored:
        item = {"text": effect["text"]}
        if effect.get("quote"):
            item["rule"] = Citation(game_id, effect["quote"]).to_json()
        shown.append(item)
    return shown


@dataclass(frozen=True)
class Viewer:
    """Who is asking, by the token they hold: the table (the edit token: enters for anyone, and may
    look as any seat), a seat's phone (a seat token), a phone that may claim a seat (the join token),
    or a spectator (no token). `seat` is whose hidden information they see."""

    role: str  # "table", "seat", "join" or "spectator"
    seat: str | None = None



def may_enter(role: str, seat: str | None, anyone_enters, player) -> bool:
    """A seat's phone enters (and undoes, and redoes) its own seat's events, unless the table lets
    anyone enter for anyone (one shared phone); the table's phone enters any seat's."""
    return role != "seat" or bool(anyone_enters) or player == seat

class Sessions:
    """`max_log_entries`: a game's log is full at this many entries (a write is then refused);
    `signing_key`: exports are signed with it, and an import signed with it is restored from its
    own states instead of replayed; `max_import_replay`: the events an import not signed by this
    server may have applied to check it (replays of undos included)."""

    def __init__(self, store: Store, games: dict[str, type[Referee]],
                 views: ViewCache | None = None, *, max_log_entries: int | None = None,
                 signing_key: bytes | None = None, max_import_replay: int | None = None):
        self.store = store
        self.games = games
        self.views = views if views is not None else ViewCache()
        self.max_log_entries = max_log_entries
        self.signing_key = signing_key
        self.max_import_replay = max_import_replay

    def game(self, game_id: str) -> type[Referee]:
        if game_id not in self.games:
            raise NotFound(f"no referee for game {game_id!r}; games: {', '.join(self.games)}")
        return self.games[game_id]

    # -- create ------------------------------------------------------------------------------------

    def create(self, body: dict) -> dict:
        if not isinstance(body, dict):
            raise BadRequest("the body must be a JSON object")
        _refuse_unknown(body, {"game", "players", "options", "position", "anyone_enters"})
        game = self.game(body.get("game"))
        setup = engine.check_setup(game, body)
        return self._insert(game, setup, engine.start(game, setup), ())

    def _insert(self, game, setup, model, entries, saved=None) -> dict:
        token, join_token = secrets.token_urlsafe(24), secrets.token_urlsafe(24)
        for _attempt in range(5):
            session_id = "".join(secrets.choice(SESSION_ID_ALPHABET) for _ in range(SESSION_ID_LENGTH))
            if self.store.session(session_id) is None:
                break
        self.store.create(session_id, game.game_id, token_hash(token), token_hash(join_token),
                          setup.to_json(), model.snapshot(), game.rules_version, entries, saved)
        return {"id": session_id, "edit_token": token, "join_token": join_token, **self._describe(
            session_id, game, setup, model, len(entries))}

    # -- who is asking -----------------------------------------------------------------------------

    def viewer(self, row: dict, token: str | None, seat: str | None = None, conn=None) -> Viewer:
        """The reader or writer holding `token`; `seat` is the seat the table's phone looks as."""
        seats = [player["seat"] for player in row["setup"]["players"]]
        if seat is not None and seat not in seats:
            raise BadRequest(f"seat must be one of {', '.join(seats)}", "seat")
        if not token:
            if seat is not None:
                raise Forbidden("looking as a seat needs that seat's token", 401)
            return Viewer("spectator")
        hashed = token_hash(token)
        if hmac.compare_digest(hashed, row["token_hash"]):
            return Viewer("table", seat)
        held = self.store.token(row["id"], hashed, conn)
        if held is None:
            raise Forbidden(NOT_THIS_GAMES_TOKEN, 403)
        if held["role"] == "join":
            if seat is not None:
                raise Forbidden("a join link claims a seat; it does not look at one", 403)
            return Viewer("join")
        if seat is not None and seat != held["seat"]:
            raise Forbidden("a seat's token shows that seat only", 403)
        return Viewer("seat", held["seat"])

    def claim_seat(self, session_id: str, token: str | None, body: dict) -> dict:
        """A phone says who it is ("I'm Ben"): the table's or the join token claims a seat and gets
        that seat's token. A claimed seat is claimed again only by the table, with `replace`
        (a phone that died): the old phone's token stops working."""
        if not isinstance(body, dict):
            raise BadRequest("the body must be a JSON object with the seat to claim")
        _refuse_unknown(body, {"seat", "replace"})
        replace = body.get("replace", False)
        if not isinstance(replace, bool):
            raise BadRequest("replace is true or false", "replace")
        with self.store.write() as conn:
            row = self.store.lock(conn, session_id)
            if row is None:
                raise NotFound(f"no game session {session_id!r}")
            seat = body.get("seat")
            if not isinstance(seat, str):
                raise BadRequest("seat is required: the seat this phone plays", "seat")
            viewer = self.viewer(row, token, None, conn)
            if viewer.role not in ("table", "join"):
                raise Forbidden("a seat is claimed with the game's join link", 401
                                if viewer.role == "spectator" else 403)
            if seat not in [player["seat"] for player in row["setup"]["players"]]:
                raise BadRequest("no such seat in this game", "seat")
            claimed = self.store.seat_claims(conn, session_id)
            if seat in claimed:
                if not (replace and viewer.role == "table"):
                    raise SeatTaken(seat)
                self.store.revoke_token(conn, claimed[seat])
            seat_token = secrets.token_urlsafe(24)
            self.store.add_token(conn, session_id, token_hash(seat_token), "seat", seat)
        name = next(p["name"] for p in row["setup"]["players"] if p["seat"] == seat)
        return {"id": session_id, "seat": seat, "name": name, "seat_token": seat_token}

    # -- read --------------------------------------------------------------------------------------

    def _row(self, session_id: str, conn=None) -> dict:
        row = self.store.session(session_id, conn)
        if row is None:
            raise NotFound(f"no game session {session_id!r}")
        return row

    def _model(self, row: dict, entries) -> Referee:
        """The game after its last entry: from the snapshot, or by replay of `entries()` (read
        only then) when the snapshot was written by an older version of the game's rules."""
        game = self.game(row["game"])
        setup = engine.Setup(**row["setup"])
        if row["snapshot_version"] == game.rules_version:
            return engine.restore(game, setup, row["snapshot"])
        in_force, _redo = engine.active_events(entries())
        try:
            return engine.replay(game, setup, [entry.event for entry in in_force])
        except (BadRequest, RuleViolation) as refused:  # the new rules refuse an old event
            logger.warning("session %s no longer replays under %s rules version %s (%s); "
                        "serving the state the table last saw", row["id"], game.game_id,
                        game.rules_version, refused)
            return engine.restore(game, setup, row["snapshot"])

    def _describe(self, session_id, game, setup, model, seq, viewer: Viewer = Viewer("table"),
                  legal=None) -> dict:
        return {
            "id": session_id,
            "game": game.game_id,
            "players": setup.players,
            "options": setup.options,
            "anyone_enters": setup.anyone_enters,
            "seq": seq,
            "viewer": {"role": viewer.role, "seat": viewer.seat},
            **engine.view(model, viewer.seat, legal),
        }

    def get(self, session_id: str, token: str | None = None, seat: str | None = None) -> dict:
        """The game now, as the holder of `token` may see it (`seat`: the seat the table's phone
        looks as)."""
        return json.loads(self.view_text(session_id, token, seat)[1])

    def view_text(self, session_id: str, token: str | None = None,
                  seat: str | None = None) -> tuple[tuple, str]:
        """(key, JSON text) of `get`: described once per (session, seq, reader) in this process
        (referee/core/views.py); only the session row is read when it was described before."""
        head = self.store.session_head(session_id)  # a statement of its own (no transaction)
        if head is None:
            raise NotFound(f"no game session {session_id!r}")
        viewer = self.viewer(head, token, seat)
        key = (head["id"], head["seq"], head["snapshot_version"], viewer.role, viewer.seat)
        return key, self.views.text(key, lambda: json.dumps(self._described_now(head, viewer)))

    def _described_now(self, head: dict, viewer: Viewer) -> dict:
        """The view at the seq of `head`: the snapshot is read now, and if a write has moved the
        game on meanwhile, the view is worked out from the log's entries up to that seq."""
        row = self.store.session(head["id"])
        if row["seq"] != head["seq"]:
            row = {**row, "seq": head["seq"], "snapshot_version": None}
        game = self.game(row["game"])
        in_force, redo = self.stacks(row["id"], row["seq"])
        model = self._model(row, lambda: _log_entries(self.store.entries(row["id"],
                                                                         upto=row["seq"])))
        legal = self.views.legal_events(
            (row["id"], row["seq"], row["snapshot_version"]),
            lambda: [] if model.game_over else model.legal())
        described = self._describe(row["id"], game, engine.Setup(**row["setup"]), model, row["seq"],
                                   viewer=viewer, legal=legal)
        shown = self.store.events_at(row["id"], [seqs[-1] for seqs in (in_force, redo) if seqs])
        described["can_undo"] = bool(in_force)
        described["can_redo"] = bool(redo)
        described["last_event"] = engine.shown_event(
            model, shown[in_force[-1]] if in_force else None, viewer.seat)
        described["next_redo"] = engine.shown_event(
            model, shown[redo[-1]] if redo else None, viewer.seat)
        engine.done_with(model)
        return described

    def stacks(self, session_id: str, seq: int, conn=None) -> tuple[tuple, tuple]:
        """The seqs of the events in force and of the redo stack after log entry `seq` (kept per
        process and carried forward, so a long log is not read whole per request)."""
        return self.views.stacks(session_id, seq, lambda after: self.store.log_index(
            session_id, conn, upto=seq, after=after))

    def state_after(self, session_id: str, in_force: tuple[int, ...]) -> Referee:
        """The game after the events `in_force` (seqs of event entries, a prefix of the events in
        force at some point of the log): from the nearest checkpoint, replaying only the events
        since."""
        with self.store.read() as conn:
            row = self._row(session_id, conn)
            game = self.game(row["game"])
            return self._state_after(conn, row, game, engine.Setup(**row["setup"]), in_force)

    def seq(self, session_id: str) -> int:
        return self._row(session_id)["seq"]

    def log(self, session_id: str, token: str | None = None, seat: str | None = None,
            last: int | None = None, between: tuple[int, int] | None = None) -> dict:
        """The log as the holder of `token` may see it: whole, its `last` entries only, or the
        entries `between` two seqs (both included: a page of a long log). An undo or redo always
        comes after the entry it names, so what the last entries say of those entries is among
        them; an event of a page undone after it shows as undone, without `undone_at`."""
        with self.store.read() as conn:
            row = self._row(session_id, conn)
            viewer = self.viewer(row, token, seat, conn)
            if last is not None:
                between = (row["seq"] - last + 1, row["seq"])
            if between is None:
                entries = self.store.entries(session_id, conn)
            else:
                entries = self.store.entries_from(session_id, between[0], conn,
                                                  upto=min(between[1], row["seq"]))
            in_force, _redo = self.stacks(session_id, row["seq"], conn)
        game = self.game(row["game"])
        model = engine.restore(game, engine.Setup(**row["setup"]), row["snapshot"])
        in_force_seqs = set(in_force)
        undone_at = {}
        for entry in entries:
            if entry["kind"] == "undo":
                undone_at[entry["target_seq"]] = entry["created_at"]
            elif entry["kind"] == "redo":
                undone_at.pop(entry["target_seq"], None)
        out = []
        for entry in entries:
            item = {
                "seq": entry["seq"],
                "kind": entry["kind"],
                "player": entry["player"],
                "at": entry["created_at"],
            }
            if entry["kind"] == "event":
                item["event"] = engine.shown_event(model, entry["event"], viewer.seat)
                item["effects"] = show_effects(row["game"], entry["effects"])
                item["undone"] = entry["seq"] not in in_force_seqs
                if item["undone"]:
                    item["undone_at"] = undone_at.get(entry["seq"])
            else:
                item["target_seq"] = entry["target_seq"]
            out.append(item)
        engine.done_with(model)
        return {"id": session_id, "game": row["game"], "seq": row["seq"], "entries": out}

    # -- write -------------------------------------------------------------------------------------

    def authorize(self, conn, row: dict, token: str | None) -> Viewer:
        """The writer holding `token`: the table's edit token or a seat's token."""
        if not token:
            raise Forbidden("an edit token or a seat's token is needed to change this game", 401)
        viewer = self.viewer(row, token, None, conn)
        if viewer.role == "join":
            raise Forbidden("a join link only claims a seat: claim one to enter moves", 403)
        return viewer

    def check_seat(self, row: dict, writer: Viewer, player, what: str) -> None:
        """Refuse an entry `may_enter` does not allow."""
        if may_enter(writer.role, writer.seat, row["setup"].get("anyone_enters"), player):
            return
        names = {p["seat"]: p["name"] for p in row["setup"]["players"]}
        raise Forbidden(f"this phone plays for {names[writer.seat]}: {what} is "
                        f"{names.get(player, player)}'s to enter", 403)

    def post_event(self, session_id: str, token: str | None, body: dict) -> dict:
        if not isinstance(body, dict):
            raise BadRequest("the body must be a JSON object with event and expected_seq")
        _refuse_unknown(body, {"event", "expected_seq", "client_id"})
        expected_seq = _expected_seq(body, required=True)
        client_id = _client_id(body.get("client_id"), "client_id")
        if "event" not in body:
            raise BadRequest("event is required", "event")

        # Read, check and apply with no lock held (each read a statement of its own); then append
        # only if nobody wrote meanwhile (the session's seq is still the one the event was applied
        # to): the write lock is never held while a model is built or an event applied.
        row = self._row(session_id)
        writer = self.authorize(None, row, token)
        self._check_room(row)
        game = self.game(row["game"])
        # its shape first: whose seat a malformed event names (a list, an object) is not a seat
        engine.check_event_of(game, tuple(p["seat"] for p in row["setup"]["players"]),
                              body["event"])
        self.check_seat(row, writer, body["event"]["player"], "this event")
        for seat in game.decided_by_others(body["event"]):
            self.check_seat(row, writer, seat, "the answer in this event")
        earlier = self._earlier(session_id, client_id)
        if earlier is not None:
            return self._repeated(row, earlier, "event", body["event"])
        if expected_seq != row["seq"]:
            raise Stale(row["seq"])
        model = self._model(row, lambda: _log_entries(self.store.entries(session_id)))
        effects = effects_json(engine.apply(model, body["event"], disposable=True))
        seq = row["seq"] + 1
        earlier = self._append(row, token, writer, model, {
            "seq": seq, "kind": "event", "client_id": client_id, "event": body["event"],
            "effects": effects,
        })
        if earlier is not None:  # the same post, retried while the first was entered
            return self._repeated(row, earlier, "event", body["event"])
        self.views.carry_stacks(session_id, seq - 1, [(seq, "event", None)])
        engine.done_with(model)
        return {"accepted": True, "seq": seq, "effects": show_effects(row["game"], effects)}

    def _append(self, row: dict, token: str, writer: Viewer, model: Referee,
                entry: dict) -> dict | None:
        """Append `entry` (worked out on `model` from `row`, with no lock held) and commit it, if
        the game is still at the seq of `row` and the writer's seat token still opens it. None
        once it is on disk; the earlier entry of its client_id when the same post was entered
        meanwhile. Raises Stale when another write came first, Forbidden when the seat was given
        to another phone meanwhile: either way nothing is written."""
        seq = entry["seq"]
        outcome = self.store.append_entry(Append(
            row["id"], row["seq"], entry, model.snapshot_text(), model.rules_version,
            checkpoint=entry["kind"] == "event" and seq % CHECKPOINT_EVERY == 0,
            seat_token_hash=token_hash(token) if writer.role == "seat" else None))
        if outcome == "revoked":
            raise Forbidden(NOT_THIS_GAMES_TOKEN, 403)
        if outcome == "moved":
            earlier = self._earlier(row["id"], entry.get("client_id"))
            if earlier is not None:
                return earlier
            raise Stale(self.store.session_head(row["id"])["seq"])
        return None

    def _earlier(self, session_id: str, client_id: str | None) -> dict | None:
        """The entry already logged under this client_id (a post retried after a lost answer)."""
        if client_id is None:
            return None
        return self.store.entry_by_client_id(None, session_id, client_id)

    def _repeated(self, row: dict, earlier: dict, kind: str, event) -> dict:
        """The answer to a post whose client_id was entered before: the original result, unless
        the client_id came with another entry (another kind, or another event)."""
        if earlier["kind"] != kind:
            raise BadRequest(f"this client_id was already used for another entry than {kind}",
                             "client_id", code="client_id_reused")
        if kind == "event":
            if earlier["event"] != event:
                raise BadRequest("this client_id was already used for another event",
                                 "client_id", code="client_id_reused")
            return {"accepted": True, "repeated": True, "seq": earlier["seq"],
                    "effects": show_effects(row["game"], earlier["effects"])}
        target = earlier["target_seq"]
        return {"accepted": True, "repeated": True, "seq": earlier["seq"],
                kind: self.store.events_at(row["id"], [target])[target]}

    def _check_room(self, row: dict) -> None:
        if self.max_log_entries is not None and row["seq"] >= self.max_log_entries:
            raise BadRequest(f"this game's log is full ({row['seq']} entries): export it and "
                             "start a new one", code="log_full")

    def undo(self, session_id: str, token: str | None, body: dict) -> dict:
        return self._step(session_id, token, body, "undo")

    def redo(self, session_id: str, token: str | None, body: dict) -> dict:
        return self._step(session_id, token, body, "redo")

    def _step(self, session_id, token, body, kind) -> dict:
        """An undo or redo, worked out with no lock held (a checkpoint restored and the events since
        replayed, or the event redone) and appended as an event is. Without `expected_seq` it
        undoes or redoes what is last when it is written: another write meanwhile makes it start
        again (a few times at most), not a 409."""
        if not isinstance(body, dict):
            raise BadRequest("the body must be a JSON object")
        _refuse_unknown(body, {"expected_seq", "client_id"})
        expected_seq = _expected_seq(body, required=False)
        client_id = _client_id(body.get("client_id"), "client_id")
        for attempt in range(STEP_TRIES):
            try:
                return self._step_once(session_id, token, kind, expected_seq, client_id)
            except Stale:
                if expected_seq is not None or attempt == STEP_TRIES - 1:
                    raise
        raise AssertionError("unreachable")

    def _step_once(self, session_id, token, kind, expected_seq, client_id) -> dict:
        row = self._row(session_id)
        writer = self.authorize(None, row, token)
        self._check_room(row)
        earlier = self._earlier(session_id, client_id)
        if earlier is not None:  # a retry after a lost answer: the step already taken
            return self._repeated(row, earlier, kind, None)
        if expected_seq is not None and expected_seq != row["seq"]:
            raise Stale(row["seq"])
        game = self.game(row["game"])
        setup = engine.Setup(**row["setup"])
        with self.store.read() as conn:  # the log up to the row's seq, which never changes
            in_force, redo = self.stacks(session_id, row["seq"], conn)
            if kind == "undo":
                if not in_force:
                    raise NothingTo("there is nothing to undo")
                target = in_force[-1]
                event = self.store.events_at(session_id, [target], conn)[target]
                self.check_seat(row, writer, event["player"], "undoing this event")
                model = self._state_after(conn, row, game, setup, in_force[:-1])
            else:
                if not redo:
                    raise NothingTo("there is nothing to redo")
                target = redo[-1]
                event = self.store.events_at(session_id, [target], conn)[target]
                self.check_seat(row, writer, event["player"], "redoing this event")
                model = self._model(row, lambda: _log_entries(self.store.entries(session_id,
                                                                                 conn)))
        if kind == "redo":
            engine.apply(model, event, disposable=True)
        seq = row["seq"] + 1
        earlier = self._append(row, token, writer, model, {
            "seq": seq, "kind": kind, "target_seq": target, "event": None, "effects": [],
            "client_id": client_id,
        })
        if earlier is not None:
            return self._repeated(row, earlier, kind, None)
        self.views.carry_stacks(session_id, seq - 1, [(seq, kind, target)])
        engine.done_with(model)
        return {"accepted": True, "seq": seq, kind: event}

    def _state_after(self, conn, row, game, setup, in_force: tuple[int, ...]) -> Referee:
        """The game after these events in force (their seqs): from the nearest checkpoint among
        them, replaying only the events since (at most CHECKPOINT_EVERY, unless undo and redo
        wandered)."""
        saved = self.store.checkpoint_seqs(conn, row["id"], game.rules_version)
        start = next((i for i in range(len(in_force) - 1, -1, -1) if in_force[i] in saved), None)
        if start is None:
            model, rest = engine.start(game, setup), in_force
        else:
            snapshot = self.store.checkpoint(conn, row["id"], in_force[start])
            model, rest = engine.restore(game, setup, snapshot), in_force[start + 1:]
        events = self.store.events_at(row["id"], rest, conn)
        for seq in rest:
            engine.apply(model, events[seq], replaying=True)
        return model

    # -- export and import -------------------------------------------------------------------------

    def export(self, session_id: str, token: str | None = None) -> dict:
        """The whole game as one document. A game with hidden information exports only to the
        table (the edit token): the log holds every hand. Signed with this deployment's key, with
        its states (the last one and the checkpoints), so that importing it here restores them
        instead of replaying the log."""
        with self.store.read() as conn:
            row = self._row(session_id, conn)
            game = self.game(row["game"])
            if game.hidden_information and self.viewer(row, token, None, conn).role != "table":
                raise Forbidden("this game has hidden information: only the table's edit token "
                                "exports it", 401 if not token else 403)
            document = {
                "format": EXPORT_FORMAT,
                "game": row["game"],
                **row["setup"],
                "log": [
                    {key: entry[key] for key in
                     ("seq", "kind", "event", "target_seq", "client_id", "created_at", "effects")}
                    for entry in self.store.entries(session_id, conn)
                ],
            }
            if self.signing_key is None or row["snapshot_version"] != game.rules_version:
                return document
            document["rules_version"] = game.rules_version
            document["state"] = row["snapshot"]
            saved = self.store.checkpoints(conn, session_id, game.rules_version)
            document["checkpoints"] = {str(seq): saved[seq] for seq in _exported_checkpoints(saved)}
        document["signature"] = _signature(self.signing_key, document)
        return document

    def import_(self, document: dict) -> dict:
        """Create a new session from an export. One signed by this deployment is restored from
        its own states; any other has its whole log replayed to check it, at most
        `max_import_replay` events applied (undos' replays included)."""
        if not isinstance(document, dict) or document.get("format") != EXPORT_FORMAT:
            raise BadRequest(f"an export document has format {EXPORT_FORMAT!r}", "format")
        _refuse_unknown(document, {"format", "game", "players", "options", "position",
                                   "anyone_enters", "log", *SIGNED_FIELDS})
        game = self.game(document.get("game"))
        setup = engine.check_setup(game, document)
        log_items = document.get("log")
        if not isinstance(log_items, list):
            raise BadRequest("log must be a list of entries", "log")
        entries = _import_entries(log_items)
        if self._signed_here(document, game):
            saved = {int(seq): snapshot for seq, snapshot in document["checkpoints"].items()}
            for entry, item in zip(entries, log_items, strict=True):
                entry["target_seq"] = item.get("target_seq")
                entry["effects"] = item.get("effects") or []
            return self._insert(game, setup, engine.restore(game, setup, document["state"]),
                                tuple(entries), saved)
        return self._import_replayed(game, setup, entries)

    def _signed_here(self, document: dict, game) -> bool:
        """Whether the document is an export of this deployment (its signature, under this
        deployment's key) of the game's current rules."""
        signature = document.get("signature")
        if self.signing_key is None or not isinstance(signature, str):
            return False
        unsigned = {key: value for key, value in document.items() if key != "signature"}
        # as bytes: compare_digest refuses a str with a character beyond ASCII (a TypeError)
        return (hmac.compare_digest(signature.encode(), _signature(self.signing_key, unsigned).encode())
                and document.get("rules_version") == game.rules_version
                and isinstance(document.get("state"), dict)
                and isinstance(document.get("checkpoints"), dict))

    def _import_replayed(self, game, setup, entries: list[dict]) -> dict:
        """Replay an import's log to check every entry, within the budget of events applied."""
        budget = self.max_import_replay

        def spend(events: int, index: int) -> None:
            nonlocal budget
            if budget is None:
                return
            budget -= events
            if budget < 0:
                raise BadRequest(
                    f"checking this log would apply more than {self.max_import_replay} events "
                    f"(at entry {index}): a log this long is imported from an export of this "
                    "server, which is signed and not replayed", "log", code="import_too_long")

        model = engine.start(game, setup)
        # the events in force and the redo stack, kept as the log is read (not recomputed per
        # entry), and checkpoints as a session keeps them, so an undo replays a few events only
        in_force: list[tuple[int, dict]] = []
        redo: list[tuple[int, dict]] = []
        saved: dict[int, str] = {}
        for entry in entries:
            index, field = entry["seq"], f"log[{entry['seq'] - 1}]"
            try:
                if entry["kind"] == "event":
                    spend(1, index)
                    entry["effects"] = effects_json(engine.apply(model, entry["event"],
                                                                 disposable=True))
                    in_force.append((index, entry["event"]))
                    redo.clear()
                    if index % CHECKPOINT_EVERY == 0:
                        saved[index] = model.snapshot_text()
                elif entry["kind"] == "undo":
                    if not in_force:
                        raise BadRequest("an undo with nothing to undo", field)
                    entry["target_seq"], entry["event"] = in_force[-1][0], None
                    redo.append(in_force.pop())
                    model = _replayed_from_checkpoint(game, setup, in_force, saved,
                                                      lambda count, at=index: spend(count, at))
                else:
                    if not redo:
                        raise BadRequest("a redo with nothing to redo", field)
                    entry["target_seq"], entry["event"] = redo[-1][0], None
                    spend(1, index)
                    engine.apply(model, redo[-1][1], disposable=True)
                    in_force.append(redo.pop())
            except RuleViolation as violation:
                raise BadRequest(f"entry {index} is not legal: {violation.message}",
                                 field) from None
        return self._insert(game, setup, model, tuple(entries),
                            {seq: json.loads(text) for seq, text in saved.items()})


SIGNED_FIELDS = ("rules_version", "state", "checkpoints", "signature")

# An export carries at most this many checkpoints, evenly spread back from the latest, so that every
# export of a game under the log cap still fits the import's body (a state is ~10 KB: 400 of them at
# 20,000 entries would not); an undo of the imported game replays a few hundred events at worst.
MAX_EXPORTED_CHECKPOINTS = 20


def _exported_checkpoints(saved: dict) -> list[int]:
    latest_first = sorted(saved, reverse=True)
    step = -(-len(latest_first) // MAX_EXPORTED_CHECKPOINTS)  # ceiling division
    return sorted(latest_first[::step]) if latest_first else []


def _signature(key: bytes, document: dict) -> str:
    """HMAC-SHA256 of the document as canonical JSON (sorted keys; a whole float written as an
    integer, as the API reads JSON), so that it survives a trip through any JSON client."""
    canonical = json.dumps(_whole_floats_as_ints(document), sort_keys=True, separators=(",", ":"),
                           ensure_ascii=True)
    return hmac.new(key, canonical.encode(), hashlib.sha256).hexdigest()


def _whole_floats_as_ints(value):
    if isinstance(value, float) and value.is_integer() and abs(value) <= 2 ** 53:
        return int(value)
    if isinstance(value, list):
        return [_whole_floats_as_ints(item) for item in value]
    if isinstance(value, dict):
        return {key: _whole_floats_as_ints(item) for key, item in value.items()}
    return value


def _import_entries(log_items: list) -> list[dict]:
    """The log entries of an import, each checked for its shape (kind, numbering, client_id,
    created_at); events and undo/redo targets are checked by replay, or trusted when signed."""
    entries = []
    client_ids: set[str | None] = set()
    for index, item in enumerate(log_items, start=1):
        field = f"log[{index - 1}]"
        if not isinstance(item, dict) or item.get("kind") not in ("event", "undo", "redo"):
            raise BadRequest("a log entry has kind event, undo or redo", field)
        if item.get("seq") != index:
            raise BadRequest(f"log entries are numbered 1, 2, 3…; expected {index}",
                             field + ".seq")
        client_id = _client_id(item.get("client_id"), field + ".client_id")
        if client_id is not None and client_id in client_ids:
            raise BadRequest("a client_id is used once", field + ".client_id")
        client_ids.add(client_id)
        created_at = item.get("created_at")
        if created_at is not None and (not isinstance(created_at, (int, float))
                                       or isinstance(created_at, bool)):
            raise BadRequest("created_at is a time in seconds", field + ".created_at")
        entries.append({"seq": index, "kind": item["kind"], "event": item.get("event"),
                        "target_seq": None, "client_id": client_id, "created_at": created_at,
                        "effects": []})
    return entries


def _replayed_from_checkpoint(game, setup, in_force: list[tuple[int, dict]],
                              saved: dict[int, str], spend) -> Referee:
    """The game after the events in force, from the nearest checkpoint among them (an import's);
    `spend(count)` is told how many events are replayed before they are."""
    start = next((i for i in range(len(in_force) - 1, -1, -1) if in_force[i][0] in saved), None)
    if start is None:
        model, rest = engine.start(game, setup), in_force
    else:
        model = engine.restore(game, setup, json.loads(saved[in_force[start][0]]))
        rest = in_force[start + 1:]
    spend(len(rest))
    for _seq, event in rest:
        engine.apply(model, event, replaying=True)
    return model


class SeatTaken(BadRequest):
    def __init__(self, seat: str):
        super().__init__(f"seat {seat} is already claimed by another phone; the table can give it "
                         "to this phone with replace", "seat", code="seat_taken")


class NothingTo(BadRequest):
    def __init__(self, message: str):
        super().__init__(message, code="nothing_to_do")


def _log_entries(rows: list[dict]) -> list[engine.LogEntry]:
    return [engine.LogEntry(row["seq"], row["kind"], row["event"], row["target_seq"])
            for row in rows]


def _refuse_unknown(body: dict, known: set[str]) -> None:
    unknown = sorted(set(body) - known)
    if unknown:
        raise BadRequest(f"unknown field {unknown[0]!r}; expected: {', '.join(sorted(known))}",
                         unknown[0])


def _client_id(value, field: str) -> str | None:
    """A phone's id for an event, so that a retried post is entered once."""
    if value is not None and (not isinstance(value, str) or not 1 <= len(value) <= 64
                              or "\x00" in value):  # a page's form may send one; PostgreSQL not
        raise BadRequest("client_id is a string of 1–64 characters (no NUL)", field)
    return value


def _expected_seq(body: dict, required: bool) -> int | None:
    value = body.get("expected_seq")
    if value is None:
        if required:
            raise BadRequest("expected_seq is required: the seq of the state you are looking at",
                             "expected_seq")
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise BadRequest("expected_seq is a whole number ≥ 0", "expected_seq")
    return value

