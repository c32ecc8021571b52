"""Writes that pay fewer fsyncs and hold no lock while they work (issue 16), in process.

On SQLite the appends of a process's concurrent requests share one transaction and one commit
(`store.GroupCommit`); each request is answered only once the commit holding its entry is over, a
fault of that commit is every one of its requests' fault with nothing written, and one append's own
failure does not fail the others. Undo and redo are worked out with no lock held and appended only
if nobody wrote meanwhile, as an event is."""

import sqlite3
import threading
import time

import pytest

from referee.core import engine
from referee.core.sessions import Sessions, Stale
from referee.core.store import Store, fault_of
from tests.databases import KINDS, database_url
from tests.toy_game import Lanes


def lanes_game(sessions):
    return sessions.create({"game": "pillars-of-fate", "players": ["Ann", "Bob"]})


def play(sessions, game, seq, lane=1, **extra):
    event = {"type": "play", "player": "sun" if seq % 2 == 0 else "moon", "lane": lane,
             "power": 1}
    return sessions.post_event(game["id"], game["edit_token"],
                               {"event": event, "expected_seq": seq, **extra})


@pytest.fixture
def sqlite_sessions(tmp_path):
    store = Store(database_url("sqlite", tmp_path), lock_timeout=1)
    yield Sessions(store, {Lanes.game_id: Lanes})
    store.engine.dispose()


@pytest.fixture
def commits(sqlite_sessions, monkeypatch):
    """Every commit's appends (their session ids), in order; the first commit is held until
    `gather` more appends wait behind it, so that they all go into the next one."""
    store = sqlite_sessions.store
    original = store._commits.commit
    log = {"batches": [], "committed": set(), "gather": 0, "first": threading.Event()}

    def commit(take):
        if not log["batches"]:  # the first commit takes its append before the others come
            first = take()
            log["first"].set()
            deadline = time.monotonic() + 10
            while len(store._commits.pending) < log["gather"] and time.monotonic() < deadline:
                time.sleep(0.001)
            take = lambda: first  # noqa: E731
        taken = []

        def recorded():
            taken.extend(take())
            log["batches"].append([append.session_id for append in taken])
            return taken

        original(recorded)
        log["committed"].update(append.session_id for append in taken)

    monkeypatch.setattr(store._commits, "commit", commit)
    return log


def at_once(calls):
    """Run each call on a thread of its own; their results or exceptions, in order."""
    results = [None] * len(calls)

    def run(index):
        try:
            results[index] = calls[index]()
        except Exception as error:  # the test looks at what each request got
            results[index] = error

    threads = [threading.Thread(target=run, args=(index,)) for index in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return results


def test_concurrent_events_share_a_commit_and_each_is_answered_once_it_is_on_disk(
        sqlite_sessions, commits):
    games = [lanes_game(sqlite_sessions) for _ in range(4)]
    commits["gather"] = 3
    answered_after_commit = []

    def post(game):
        answer = play(sqlite_sessions, game, 0)
        answered_after_commit.append(game["id"] in commits["committed"])
        return answer

    first = threading.Thread(target=post, args=(games[0],))
    first.start()
    commits["first"].wait(10)  # the first post leads the first commit before the others come
    results = at_once([lambda game=game: post(game) for game in games[1:]])
    first.join(timeout=30)
    assert all(result["accepted"] for result in results)
    assert [len(batch) for batch in commits["batches"]] == [1, 3]
    assert answered_after_commit == [True] * 4
    assert [sqlite_sessions.seq(game["id"]) for game in games] == [1, 1, 1, 1]


def test_appends_that_come_while_the_leader_waits_for_the_write_lock_go_into_its_commit(
        sqlite_sessions, tmp_path, monkeypatch):
    """Another process holds SQLite's write lock: the leader waits for it, and the events posted
    meanwhile are committed with the leader's, in one commit, once the lock is free."""
    store = sqlite_sessions.store
    games = [lanes_game(sqlite_sessions) for _ in range(3)]
    original, batches = store._commits.commit, []

    def commit(take):
        original(lambda: batches.append(take()) or batches[-1])

    monkeypatch.setattr(store._commits, "commit", commit)
    other_process = sqlite3.connect(tmp_path / "tableside.sqlite", isolation_level=None)
    other_process.execute("BEGIN IMMEDIATE")
    results = [None] * 3

    def post(index):
        results[index] = play(sqlite_sessions, games[index], 0)

    leader = threading.Thread(target=post, args=(0,))
    leader.start()
    deadline = time.monotonic() + 10
    while not store._commits.leading and time.monotonic() < deadline:
        time.sleep(0.001)
    followers = [threading.Thread(target=post, args=(index,)) for index in (1, 2)]
    for thread in followers:
        thread.start()
    while len(store._commits.pending) < 3 and time.monotonic() < deadline:
        time.sleep(0.001)
    assert not batches  # the leader is still waiting for the lock
    other_process.rollback()
    for thread in (leader, *followers):
        thread.join(timeout=30)
    other_process.close()
    assert [len(batch) for batch in batches] == [3]
    assert all(result["accepted"] and result["seq"] == 1 for result in results)


def three_games_one_append_failing(sessions, commits, monkeypatch, failing, error):
    """Three games' first events: the first commits alone, the other two share the next commit,
    in which the append of game `failing` raises `error`. The games and the two requests' results."""
    games = [lanes_game(sessions) for _ in range(3)]
    store = sessions.store
    original = store._append_one

    def append_one(cursor, append):
        if append.session_id == games[failing]["id"]:
            raise error
        return original(cursor, append)

    monkeypatch.setattr(store, "_append_one", append_one)
    commits["gather"] = 2
    first = threading.Thread(target=play, args=(sessions, games[0], 0))
    first.start()
    commits["first"].wait(10)
    results = at_once([lambda: play(sessions, games[1], 0), lambda: play(sessions, games[2], 0)])
    first.join(timeout=30)
    return games, results


def test_a_fault_of_a_shared_commit_is_every_one_of_its_requests_fault_and_nothing_is_written(
        sqlite_sessions, commits, monkeypatch):
    # the second append of the shared commit fails, after the first's writes
    games, results = three_games_one_append_failing(
        sqlite_sessions, commits, monkeypatch, 2,
        sqlite3.OperationalError("database or disk is full"))
    assert [len(batch) for batch in commits["batches"]] == [1, 2]
    assert [fault_of(result).code for result in results] == ["disk_full", "disk_full"]
    assert results[0] is not results[1]  # each request raises its own copy
    assert [sqlite_sessions.seq(game["id"]) for game in games] == [1, 0, 0]
    assert sqlite_sessions.log(games[1]["id"])["entries"] == []


def test_one_appends_own_failure_does_not_fail_the_others_of_its_commit(sqlite_sessions, commits,
                                                                        monkeypatch):
    games, results = three_games_one_append_failing(
        sqlite_sessions, commits, monkeypatch, 1,
        sqlite3.IntegrityError("UNIQUE constraint failed: log.session_id, log.client_id"))
    assert "UNIQUE" in str(results[0]) and results[1]["accepted"]
    assert [sqlite_sessions.seq(game["id"]) for game in games] == [1, 0, 1]


@pytest.fixture(params=KINDS)
def sessions(request, tmp_path):
    store = Store(database_url(request.param, tmp_path), lock_timeout=1)
    yield Sessions(store, {Lanes.game_id: Lanes})
    store.engine.dispose()


def replayed(sessions, game):
    log = sessions.log(game["id"])["entries"]
    setup = engine.Setup(**sessions.store.session(game["id"])["setup"])
    return engine.replay(Lanes, setup, [e["event"] for e in log
                                        if e["kind"] == "event" and not e["undone"]]).snapshot()


def during_the_undos_replay(monkeypatch, action):
    """Run `action` once, while an undo replays the events it keeps (no lock may be held)."""
    original, done = engine.apply, []

    def apply(model, event, replaying=False, **options):
        if replaying and not done:
            done.append(action())
        return original(model, event, replaying, **options)

    monkeypatch.setattr(engine, "apply", apply)
    return done


def test_another_games_write_goes_through_while_an_undo_replays(sessions, monkeypatch):
    game, other = lanes_game(sessions), lanes_game(sessions)
    play(sessions, game, 0)
    play(sessions, game, 1)
    written = during_the_undos_replay(monkeypatch, lambda: play(sessions, other, 0))
    assert sessions.undo(game["id"], game["edit_token"], {"expected_seq": 2})["seq"] == 3
    assert written[0]["accepted"]


def test_a_write_that_came_first_makes_an_undo_at_a_stated_seq_stale_and_it_writes_nothing(
        sessions, monkeypatch):
    game = lanes_game(sessions)
    play(sessions, game, 0)
    play(sessions, game, 1)
    during_the_undos_replay(monkeypatch, lambda: play(sessions, game, 2, lane=3))
    with pytest.raises(Stale) as stale:
        sessions.undo(game["id"], game["edit_token"], {"expected_seq": 2})
    assert stale.value.seq == 3
    assert [entry["kind"] for entry in sessions.log(game["id"])["entries"]] == ["event"] * 3
    assert sessions.store.session(game["id"])["snapshot"] == replayed(sessions, game)


def test_an_undo_without_a_seq_undoes_what_is_last_when_it_is_written(sessions, monkeypatch):
    game = lanes_game(sessions)
    play(sessions, game, 0)
    play(sessions, game, 1)
    during_the_undos_replay(monkeypatch, lambda: play(sessions, game, 2, lane=3))
    answer = sessions.undo(game["id"], game["edit_token"], {})
    assert answer["seq"] == 4 and answer["undo"]["lane"] == 3
    entries = sessions.log(game["id"])["entries"]
    assert [(entry["kind"], entry.get("target_seq")) for entry in entries] == [
        ("event", None), ("event", None), ("event", None), ("undo", 3)]
    assert sessions.store.session(game["id"])["snapshot"] == replayed(sessions, game)


def test_a_retried_undo_is_answered_as_a_repeat_and_its_client_id_is_not_a_redos(sessions):
    game = lanes_game(sessions)
    play(sessions, game, 0)
    first = sessions.undo(game["id"], game["edit_token"], {"client_id": "phone-1"})
    again = sessions.undo(game["id"], game["edit_token"], {"client_id": "phone-1"})
    assert again["repeated"] and again["seq"] == first["seq"] == 2
    assert again["undo"] == first["undo"]
    with pytest.raises(Exception) as reused:
        sessions.redo(game["id"], game["edit_token"], {"client_id": "phone-1"})
    assert reused.value.code == "client_id_reused"
    assert sessions.seq(game["id"]) == 2
