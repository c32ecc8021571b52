"""Issue 16: undo and import replay from checkpoints (the state after every CHECKPOINT_EVERY-th log
entry), never from the start; whatever the mix of events, undos and redos, the state is exactly the
replay of the events in force, and every export imports to the same state."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core import engine
from referee.core import sessions as sessions_module
from referee.core.sessions import Sessions
from referee.core.store import Store
from tests.toy_game import Lanes


@pytest.fixture
def store(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'c.sqlite'}")
    yield store
    store.engine.dispose()


def replayed_state(sessions, session_id, token):
    exported = sessions.export(session_id, token)
    entries = [engine.LogEntry(e["seq"], e["kind"], e["event"], e["target_seq"])
               for e in exported["log"]]
    in_force, _redo = engine.active_events(entries)
    setup = engine.Setup(**{key: exported[key] for key in ("players", "options", "position")})
    return engine.replay(Lanes, setup, [entry.event for entry in in_force]).G, exported


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(steps=st.lists(st.sampled_from(["event", "event", "undo", "redo"]), min_size=5,
                      max_size=40), picks=st.randoms(use_true_random=False))
def test_any_mix_of_events_undos_and_redos_restores_the_exact_state(store, steps, picks,
                                                                     monkeypatch):
    monkeypatch.setattr(sessions_module, "CHECKPOINT_EVERY", 3)
    sessions = Sessions(store, {Lanes.game_id: Lanes})
    game = sessions.create({"game": "pillars-of-fate", "players": ["Ann", "Bob"]})
    session_id, token = game["id"], game["edit_token"]
    for step in steps:
        view = sessions.get(session_id)
        if step == "event" and view["legal"]:
            sessions.post_event(session_id, token, {"event": picks.choice(view["legal"]),
                                                    "expected_seq": view["seq"]})
        elif step == "undo" and view["can_undo"]:
            sessions.undo(session_id, token, {})
        elif step == "redo" and view["can_redo"]:
            sessions.redo(session_id, token, {})
        state, exported = replayed_state(sessions, session_id, token)
        assert sessions.get(session_id)["state"] == state
    imported = sessions.import_(exported)
    assert imported["state"] == state


def test_an_undo_reads_only_the_events_since_the_nearest_checkpoint(store, monkeypatch):
    monkeypatch.setattr(sessions_module, "CHECKPOINT_EVERY", 4)
    sessions = Sessions(store, {Lanes.game_id: Lanes})
    game = sessions.create({"game": "pillars-of-fate", "players": ["Ann", "Bob"]})
    for seq in range(10):
        legal = sessions.get(game["id"])["legal"]
        sessions.post_event(game["id"], game["edit_token"], {"event": legal[0], "expected_seq": seq})
    read = []
    original = store.events_at
    monkeypatch.setattr(store, "events_at", lambda sid, seqs, conn=None: (
        read.append(sorted(seqs)), original(sid, seqs, conn))[1])
    sessions.undo(game["id"], game["edit_token"], {})
    # undoing event 10: the state after 9 is checkpoint 8 and event 9 replayed
    assert read == [[10], [9]]
