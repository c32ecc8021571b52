"""Issue 16, section 6: what made the live view and writes cost more than they must. Each test
asserts the behaviour a fix relies on (what is read, computed or kept), never a time: the figures
are bench/live_view.py's and bench/long_games.py's."""

import gzip

import brotli
import pytest
from itsdangerous import BadSignature

from referee.core.rules import BadRequest
from referee.core.sessions import Sessions
from referee.core.store import Store
from referee.core.views import ViewCache
from tests.toy_game import Lanes

SETUP = {"game": "avignon", "players": ["Rosa", "Aldo"],
         "position": {"face_up": ["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"]}}


@pytest.fixture
def store(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 's.sqlite'}")
    yield store
    store.engine.dispose()


def play(sessions, game, count):
    for _ in range(count):
        view = sessions.get(game["id"])
        sessions.post_event(game["id"], game["edit_token"],
                            {"event": view["legal"][0], "expected_seq": view["seq"]})


def counting(monkeypatch, store):
    """The `after` of every read of the log's index."""
    reads = []
    original = store.log_index

    def log_index(session_id, conn=None, upto=None, after=0):
        reads.append(after)
        return original(session_id, conn, upto=upto, after=after)

    monkeypatch.setattr(store, "log_index", log_index)
    return reads


def test_the_log_is_read_whole_once_per_process_then_only_what_was_written_since(store,
                                                                                  monkeypatch):
    sessions = Sessions(store, {Lanes.game_id: Lanes})
    game = sessions.create({"game": "pillars-of-fate", "players": ["Ann", "Bob"]})
    play(sessions, game, 6)
    reads = counting(monkeypatch, store)
    # a new process: nothing kept yet, so the first reader reads the whole log
    cold = Sessions(store, {Lanes.game_id: Lanes}, ViewCache())
    assert cold.get(game["id"])["can_undo"] and reads == [0]
    cold.undo(game["id"], game["edit_token"], {})
    cold.redo(game["id"], game["edit_token"], {})
    cold.undo(game["id"], game["edit_token"], {})
    view = cold.get(game["id"])
    assert reads == [0]  # this process's own writes carried the stacks forward
    assert view["can_redo"] and view["next_redo"]["lane"]
    # a write by another process (server), which last saw seq 6: each reads only what it has not
    # seen (the other entries 7-9, this one entry 10), never the whole log again
    sessions.redo(game["id"], game["edit_token"], {})
    assert cold.get(game["id"])["seq"] == 10 and reads == [0, 6, 9]


def test_the_stacks_kept_match_a_replay_of_the_log(store):
    from referee.core import engine

    sessions = Sessions(store, {Lanes.game_id: Lanes})
    game = sessions.create({"game": "pillars-of-fate", "players": ["Ann", "Bob"]})
    play(sessions, game, 4)
    for step in (sessions.undo, sessions.undo, sessions.redo):
        step(game["id"], game["edit_token"], {})
    play(sessions, game, 1)
    sessions.undo(game["id"], game["edit_token"], {})
    entries = [engine.LogEntry(e["seq"], e["kind"], e["event"], e["target_seq"])
               for e in store.entries(game["id"])]
    in_force, redo = engine.active_events(entries)
    kept = sessions.stacks(game["id"], len(entries))
    assert kept == (tuple(e.seq for e in in_force), tuple(e.seq for e in redo))
    assert kept == Sessions(store, {Lanes.game_id: Lanes}).stacks(game["id"], len(entries))


def test_a_full_log_refuses_undo_and_redo_too(store):
    sessions = Sessions(store, {Lanes.game_id: Lanes}, max_log_entries=3)
    game = sessions.create({"game": "pillars-of-fate", "players": ["Ann", "Bob"]})
    play(sessions, game, 2)
    sessions.undo(game["id"], game["edit_token"], {})
    with pytest.raises(BadRequest) as full:
        sessions.redo(game["id"], game["edit_token"], {})
    assert full.value.code == "log_full"
    assert sessions.get(game["id"])["seq"] == 3


@pytest.mark.parametrize("encoding, decode", [("br", brotli.decompress),
                                              ("gzip", gzip.decompress)])
def test_the_view_is_compressed_once_and_its_etag_names_the_encoding(client, monkeypatch,
                                                                     encoding, decode):
    import referee.web

    created = client.post("/api/sessions", json=SETUP).get_json()
    path = f"/api/sessions/{created['id']}"
    plain = client.get(path)
    compressions = []
    original = referee.web.compress
    monkeypatch.setattr(referee.web, "compress",
                        lambda text, enc: compressions.append(enc) or original(text, enc))
    answers = [client.get(path, headers={"Accept-Encoding": encoding}) for _ in range(3)]
    assert compressions == [encoding]
    assert all(a.headers["Content-Encoding"] == encoding for a in answers)
    assert decode(answers[0].data) == plain.data
    assert "Accept-Encoding" in answers[0].headers["Vary"]
    assert answers[0].headers["ETag"] != plain.headers["ETag"]
    again = client.get(path, headers={"Accept-Encoding": encoding,
                                      "If-None-Match": answers[0].headers["ETag"]})
    assert again.status_code == 304


def test_the_cookie_serializer_is_built_once_per_secret(app):
    interface = app.session_interface
    serializer = interface.get_signing_serializer(app)
    assert interface.get_signing_serializer(app) is serializer
    cookie = serializer.dumps({"games": {"abc": {"token": "secret-token"}}})
    assert b"secret-token" not in cookie.encode()
    assert serializer.loads(cookie) == {"games": {"abc": {"token": "secret-token"}}}
    app.secret_key = "another secret " * 4
    with pytest.raises(BadSignature):
        interface.get_signing_serializer(app).loads(cookie)


# -- the table page of a long game ---------------------------------------------------------------


def long_avignon(client, events, undos):
    """An Avignon game of `events` random legal events (bench/referee_speed.py plays them), then
    `undos` undos."""
    from bench.referee_speed import SETUP_BODY, play_events

    created = client.post("/api/sessions", json={"game": "avignon", **SETUP_BODY}).get_json()
    path = f"/api/sessions/{created['id']}"
    auth = {"Authorization": f"Bearer {created['edit_token']}"}
    for seq, event in enumerate(play_events(events, seed=3, end_allowed=False)):
        assert client.post(path + "/events", headers=auth,
                           json={"event": event, "expected_seq": seq}).status_code == 200
    for _ in range(undos):
        assert client.post(path + "/undo", headers=auth, json={}).status_code == 200
    return created["id"], auth


def told_texts(app, session_id, first):
    """The history walk's texts from `first` on, on a fresh walk (a new process)."""
    from referee.pages.describe import history
    from referee.web import get_sessions

    with app.test_request_context():
        app.extensions.pop("tableside.history", None)
        sessions = get_sessions()
        view = sessions.get(session_id)
        setup = engine_setup(sessions, session_id)
        names = {p["seat"]: p["name"] for p in view["players"]}
        return history(sessions, sessions.game("avignon"), setup, session_id, view, names, None,
                       first)


def engine_setup(sessions, session_id):
    from referee.core import engine

    return engine.Setup(**sessions.store.session_head(session_id)["setup"])


def test_the_table_page_of_a_long_game_replays_only_from_the_nearest_checkpoint(app, client,
                                                                               monkeypatch):
    from referee.core import engine
    from referee.core import sessions as sessions_module

    monkeypatch.setattr(sessions_module, "CHECKPOINT_EVERY", 10)
    session_id, _auth = long_avignon(client, events=60, undos=0)
    applied = []
    original = engine.apply
    monkeypatch.setattr(engine, "apply", lambda model, event, replaying=False, **options: (
        applied.append(event), original(model, event, replaying, **options))[1])
    app.extensions.pop("tableside.history", None)  # as a new process: no walk kept
    page = client.get(f"/play/{session_id}")
    assert page.status_code == 200
    # the state before the 8 entries shown: checkpoint 50, then events 51, 52 (up to 53); then 8
    assert len(applied) <= 10 + 8
    assert "The whole log (60 entries)" in page.get_data(as_text=True)


def test_a_walk_started_at_a_checkpoint_tells_what_the_whole_walk_tells(app, client, monkeypatch):
    from referee.core import sessions as sessions_module

    monkeypatch.setattr(sessions_module, "CHECKPOINT_EVERY", 10)
    session_id, _auth = long_avignon(client, events=40, undos=3)  # undos: 41-43, targets 40, 39, 38
    whole = told_texts(app, session_id, first=1)
    tail = told_texts(app, session_id, first=37)
    assert set(tail["texts"]) == {37, 38, 39, 40}
    assert all(tail["texts"][seq] == whole["texts"][seq] for seq in tail["texts"])
    assert (tail["undo"], tail["redo"]) == (whole["undo"], whole["redo"]) == (37, 38)
    # an undo's target before the shown entries is told on its own, as the whole walk tells it
    alone = told_texts(app, session_id, first=42)
    assert alone["texts"][38] == whole["texts"][38] and alone["texts"][37] == whole["texts"][37]


@pytest.mark.parametrize("setting, pragma", [(None, 2), ("FULL", 2), ("NORMAL", 1)])
def test_sqlite_syncs_every_commit_unless_told_otherwise(tmp_path, setting, pragma):
    from sqlalchemy import text

    options = {} if setting is None else {"sqlite_synchronous": setting}
    store = Store(f"sqlite:///{tmp_path / 'y.sqlite'}", **options)
    with store.engine.connect() as conn:
        assert conn.execute(text("PRAGMA synchronous")).scalar() == pragma  # 2 FULL, 1 NORMAL
    store.engine.dispose()
    with pytest.raises(ValueError):
        Store(f"sqlite:///{tmp_path / 'z.sqlite'}", sqlite_synchronous="OFF")


def test_the_walk_restores_once_through_undo_and_redo_back_and_forth(app, client, monkeypatch):
    """Undo, redo, undo, redo…: the walk restores the state from a checkpoint once, when it needs
    it (the next event, or the end), not at every undo; and tells what a fresh walk tells."""
    from referee.core import sessions as sessions_module

    monkeypatch.setattr(sessions_module, "CHECKPOINT_EVERY", 10)
    session_id, auth = long_avignon(client, events=25, undos=0)
    path = f"/api/sessions/{session_id}"
    assert client.get(f"/play/{session_id}").status_code == 200  # the walk is kept at seq 25
    for _ in range(3):
        client.post(path + "/undo", headers=auth, json={})
        client.post(path + "/redo", headers=auth, json={})
    client.post(path + "/undo", headers=auth, json={})
    restores = []
    original = Sessions.state_after
    monkeypatch.setattr(Sessions, "state_after", lambda self, sid, in_force: (
        restores.append(in_force), original(self, sid, in_force))[1])
    page = client.get(f"/play/{session_id}")
    assert page.status_code == 200
    assert len(restores) == 1 and len(restores[0]) == 24
    kept = app.extensions["tableside.history"][(session_id, None)]
    monkeypatch.setattr(Sessions, "state_after", original)
    fresh = told_texts(app, session_id, first=1)
    assert all(kept["texts"][seq] == fresh["texts"][seq] for seq in kept["texts"])
    assert (fresh["undo"], fresh["redo"]) == (24, 25)


def test_fewer_sessions_stacks_are_kept_than_views():
    views = ViewCache(size=8)
    for number in range(5):
        views.remember_stacks(f"s{number}", 3, (1, 2, 3), ())
    assert list(views.stacks_by_session) == ["s3", "s4"]
    read = []
    assert views.stacks("s0", 3, lambda after: read.append(after) or [
        (1, "event", None), (2, "event", None), (3, "undo", 2)]) == ((1,), (2,))
    assert read == [0]  # forgotten: read again from the start
