"""Models kept per thread between requests, and writes that apply their event with no lock held
(issue 16): cheap in process, each asserting what is kept, reused or written, never a time.

A thread keeps a model whose request went well (`engine.done_with`) and reloads it for its next
request instead of building a `transitions` machine again; a model whose request failed in any way
is never kept. An event is applied outside the write transaction, which then appends only if the
game is still at the seq the event was applied to."""

import threading

import pytest

from referee.core import RuleViolation, engine, rules
from referee.core.sessions import Forbidden, Sessions, Stale
from referee.core.store import Store
from tests.databases import KINDS, database_url
from tests.toy_game import Lanes


@pytest.fixture(params=KINDS)
def sessions(request, tmp_path):
    store = Store(database_url(request.param, tmp_path), lock_timeout=1)
    yield Sessions(store, {Lanes.game_id: Lanes})
    store.engine.dispose()


@pytest.fixture
def game(sessions):
    return sessions.create({"game": "pillars-of-fate", "players": ["Ann", "Bob"]})


def event(seq, lane=1, power=1):
    return {"type": "play", "player": "sun" if seq % 2 == 0 else "moon", "lane": lane,
            "power": power}


def post(sessions, game, seq, lane=1, power=1, **extra):
    return sessions.post_event(game["id"], game["edit_token"],
                               {"event": event(seq, lane, power), "expected_seq": seq, **extra})


@pytest.fixture
def restored(monkeypatch):
    """Every model `engine.restore` hands out, in order."""
    handed = []
    original = engine.restore

    def restore(game, setup, snapshot):
        handed.append(original(game, setup, snapshot))
        return handed[-1]

    monkeypatch.setattr(engine, "restore", restore)
    return handed


def replayed(sessions, game):
    log = sessions.log(game["id"])["entries"]
    setup = engine.Setup(**sessions.store.session(game["id"])["setup"])
    return engine.replay(Lanes, setup, [e["event"] for e in log if not e["undone"]]).snapshot()


def test_a_thread_reloads_the_model_of_its_last_request_with_nothing_of_the_old_game(
        sessions, game, restored):
    other = sessions.create({"game": "pillars-of-fate", "players": ["Cy", "Di"],
                             "options": {"double_power": True}})
    post(sessions, game, 0, lane=2, power=5)
    kept = restored[-1]
    machine = kept.machine
    kept.leftover = "from the last request"  # what a game might leave on its model
    post(sessions, other, 0, lane=3, power=7)
    assert restored[-1] is kept and kept.machine is machine  # no machine built
    assert not hasattr(kept, "leftover")
    assert kept.players == [{"seat": "sun", "name": "Cy"}, {"seat": "moon", "name": "Di"}]
    assert kept.table_options == {"double_power": True}
    assert sessions.get(other["id"])["state"]["lanes"][2]["sun"] == [7]
    assert sessions.get(game["id"])["state"]["lanes"][2]["sun"] == []
    # its triggers act on its own machine (`trigger` is rules.fire on the model, which runs the
    # machine's transitions or falls back to its trigger_event)
    assert kept.play.func.__self__ is machine
    assert kept.trigger.func is rules.fire and kept.trigger.args == (kept,)


def test_a_model_is_never_shared_between_threads(sessions, game, restored):
    post(sessions, game, 0)
    kept = restored[-1]
    other = []
    thread = threading.Thread(target=lambda: other.append(post(sessions, game, 1)))
    thread.start()
    thread.join()
    assert other[0]["accepted"] and restored[-1] is not kept
    assert restored[-1].machine is not kept.machine


def test_a_failure_mid_transition_takes_its_model_away_and_the_next_request_is_clean(
        sessions, game, restored, monkeypatch):
    post(sessions, game, 0)
    kept = restored[-1]

    def broken(self, event):
        raise RuntimeError("injected failure mid-transition")

    with monkeypatch.context() as patched:
        patched.setattr(Lanes, "place_and_pass", broken)
        with pytest.raises(RuntimeError):
            post(sessions, game, 1)
    failed = restored[-1]
    assert failed is kept  # the failed request had the kept model ...
    post(sessions, game, 1, lane=2)
    assert restored[-1] is not failed  # ... and the next one does not get it back
    post(sessions, game, 2, lane=3)
    assert sessions.seq(game["id"]) == 3
    assert sessions.store.session(game["id"])["snapshot"] == replayed(sessions, game)


def test_a_refused_event_is_not_kept_either(sessions, game, restored):
    for seq in range(6):
        post(sessions, game, seq, lane=1)
    with pytest.raises(RuleViolation):
        post(sessions, game, 6, lane=1)  # lane 1 holds 3 of sun's cards already
    refused = restored[-1]
    post(sessions, game, 6, lane=2)
    assert restored[-1] is not refused
    assert sessions.store.session(game["id"])["snapshot"] == replayed(sessions, game)


def test_a_reset_binds_the_model_to_its_new_machine(caplog):
    """`transitions` leaves a removed model's methods bound to the old machine and will not bind
    a name the model has: reset used to leave every trigger acting on the machine it threw away
    (and logged a warning per name)."""
    setup = engine.check_setup(Lanes, {"players": ["Ann", "Bob"]})
    model = engine.start(Lanes, setup)
    old = model.machine
    engine.apply(model, {"type": "play", "player": "sun", "lane": 1, "power": 1})
    model.reset(model.G, model.phase)
    assert model.machine is not old
    for name in ("may_trigger", "play", "may_play", "is_turn"):
        assert getattr(model, name).func.__self__ is model.machine, name
    assert model.trigger.func is rules.fire and model.trigger.args == (model,)
    assert "Skip binding" not in caplog.text
    engine.apply(model, {"type": "play", "player": "moon", "lane": 1, "power": 1})
    assert model.G["lanes"][0] == {"sun": [1], "moon": [1]}


def test_the_write_lock_is_free_while_the_event_is_applied(sessions, game, monkeypatch):
    other = sessions.create({"game": "pillars-of-fate", "players": ["Cy", "Di"]})
    original = engine.apply
    written = []

    def apply(model, event, replaying=False, **options):
        if event["lane"] == 3:  # another game's write, while this one's event is applied
            written.append(post(sessions, other, 0, lane=1))
        return original(model, event, replaying, **options)

    monkeypatch.setattr(engine, "apply", apply)
    assert post(sessions, game, 0, lane=3)["accepted"] and written[0]["accepted"]


def test_a_write_that_came_first_meanwhile_makes_this_one_stale_and_nothing_is_written(
        sessions, game, monkeypatch):
    original = engine.apply

    def apply(model, event, replaying=False, **options):
        if event["lane"] == 3:  # another phone enters at the same seq meanwhile
            sessions.post_event(game["id"], game["edit_token"],
                                {"event": {**event, "lane": 2}, "expected_seq": 0})
        return original(model, event, replaying, **options)

    monkeypatch.setattr(engine, "apply", apply)
    with pytest.raises(Stale) as stale:
        post(sessions, game, 0, lane=3)
    assert stale.value.seq == 1
    log = sessions.log(game["id"])["entries"]
    assert [entry["event"]["lane"] for entry in log] == [2]
    assert sessions.store.session(game["id"])["snapshot"] == replayed(sessions, game)


def test_the_same_post_retried_meanwhile_is_answered_as_a_repeat(sessions, game, monkeypatch):
    original = engine.apply
    calls, retried = [], []

    def apply(model, event, replaying=False, **options):
        calls.append(event)
        if len(calls) == 1:  # the phone retries (the same client_id) while the first is applied
            retried.append(post(sessions, game, 0, client_id="phone-1"))
        return original(model, event, replaying, **options)

    monkeypatch.setattr(engine, "apply", apply)
    answer = post(sessions, game, 0, client_id="phone-1")
    assert answer["repeated"] and answer["seq"] == retried[0]["seq"] == 1
    assert len(sessions.log(game["id"])["entries"]) == 1


def test_a_seat_token_revoked_while_its_event_is_applied_writes_nothing(sessions, game,
                                                                        monkeypatch):
    ann = sessions.claim_seat(game["id"], game["join_token"], {"seat": "sun"})
    original = engine.apply

    def apply(model, event, replaying=False, **options):  # the table gives sun's seat to another phone
        sessions.claim_seat(game["id"], game["edit_token"], {"seat": "sun", "replace": True})
        return original(model, event, replaying, **options)

    monkeypatch.setattr(engine, "apply", apply)
    with pytest.raises(Forbidden):
        sessions.post_event(game["id"], ann["seat_token"], {"event": event(0), "expected_seq": 0})
    assert sessions.seq(game["id"]) == 0 and sessions.log(game["id"])["entries"] == []
