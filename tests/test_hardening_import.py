"""Issue 16: an import's work is bounded. An export of this deployment is signed with its key and
carries its states, so importing it restores them and replays nothing; any other import is replayed
to check it, at most `max_import_replay` events applied (the replays of its undos counted too)."""

import pytest

from referee.core import engine
from referee.core.rules import BadRequest
from referee.core.sessions import Sessions
from referee.core.store import Store
from tests.toy_game import Lanes

KEY = b"k" * 32


@pytest.fixture
def store(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'i.sqlite'}")
    yield store
    store.engine.dispose()


def sessions_with(store, **options):
    return Sessions(store, {Lanes.game_id: Lanes}, **options)


def played(sessions, events=12, undos=2):
    game = sessions.create({"game": "pillars-of-fate", "players": ["Ann", "Bob"]})
    for _ in range(events):
        view = sessions.get(game["id"])
        sessions.post_event(game["id"], game["edit_token"],
                            {"event": view["legal"][-1], "expected_seq": view["seq"]})
    for _ in range(undos):
        sessions.undo(game["id"], game["edit_token"], {})
    return game


@pytest.fixture
def applied(monkeypatch):
    """Every event applied by the engine (replays included)."""
    calls = []
    original = engine.apply

    def counted(model, event, replaying=False, **options):
        calls.append(event)
        return original(model, event, replaying, **options)

    monkeypatch.setattr(engine, "apply", counted)
    return calls


def test_an_export_of_this_deployment_is_restored_without_replay(store, applied, monkeypatch):
    from referee.core import sessions as sessions_module

    monkeypatch.setattr(sessions_module, "CHECKPOINT_EVERY", 4)
    sessions = sessions_with(store, signing_key=KEY, max_import_replay=3)
    game = played(sessions)
    exported = sessions.export(game["id"], game["edit_token"])
    assert exported["signature"] and exported["checkpoints"] and exported["state"]
    applied.clear()
    imported = sessions.import_(exported)
    assert applied == []  # nothing replayed, though the budget is 3 events
    original = sessions.get(game["id"])
    copy = sessions.get(imported["id"])
    assert copy["state"] == original["state"] and copy["seq"] == original["seq"] == 14
    assert copy["last_event"] == original["last_event"] and copy["can_redo"]
    assert sessions.log(imported["id"])["entries"] == sessions.log(game["id"])["entries"]
    # its checkpoints came with it: an undo replays from the nearest one, not from the start
    applied.clear()
    sessions.undo(imported["id"], imported["edit_token"], {})
    assert 0 < len(applied) < 4
    assert sessions.get(imported["id"])["state"] == engine.replay(
        Lanes, engine.Setup(**{k: exported[k] for k in ("players", "options", "position")}),
        [e["event"] for e in exported["log"][:9]]).G


def test_a_changed_export_loses_its_signature_and_is_replayed(store, applied):
    sessions = sessions_with(store, signing_key=KEY)
    game = played(sessions, events=6, undos=0)
    exported = sessions.export(game["id"], game["edit_token"])
    exported["log"][0]["event"]["player"] = "moon"  # sun plays first
    applied.clear()
    with pytest.raises(BadRequest) as refused:
        sessions.import_(exported)
    assert applied and "entry 1 is not legal" in refused.value.message


def test_an_export_signed_with_another_key_is_replayed(store, applied):
    exported = played(sessions_with(store, signing_key=b"other" * 8), events=6, undos=0)
    document = sessions_with(store, signing_key=b"other" * 8).export(exported["id"],
                                                                     exported["edit_token"])
    applied.clear()
    sessions_with(store, signing_key=KEY).import_(document)
    assert len(applied) == 6


def test_an_unsigned_import_past_its_replay_budget_is_refused(store):
    game = played(sessions_with(store), events=10, undos=0)
    document = sessions_with(store).export(game["id"], game["edit_token"])
    assert "signature" not in document
    assert sessions_with(store, max_import_replay=10).import_(document)["seq"] == 10
    with pytest.raises(BadRequest) as refused:
        sessions_with(store, max_import_replay=9).import_(document)
    assert refused.value.code == "import_too_long" and refused.value.field == "log"


def test_the_replays_of_an_imports_undos_count_against_its_budget(store, monkeypatch):
    """Undo then redo, over and over, far from a checkpoint: each undo replays the events since
    the last checkpoint, so a short log can cost many events; the budget counts them."""
    game = played(sessions_with(store), events=8, undos=0)
    document = sessions_with(store).export(game["id"], game["edit_token"])
    for _ in range(5):
        document["log"] += [{"seq": len(document["log"]) + 1, "kind": "undo"},
                            {"seq": len(document["log"]) + 2, "kind": "redo"}]
    # 8 events, then 5 x (an undo replaying 7 events + a redo applying 1) = 48 events applied
    assert sessions_with(store, max_import_replay=48).import_(document)["seq"] == 18
    with pytest.raises(BadRequest) as refused:
        sessions_with(store, max_import_replay=47).import_(document)
    assert refused.value.code == "import_too_long"


def test_over_http_an_export_reimports_signed_and_a_long_unsigned_log_is_a_413(client, app):
    setup = {"game": "avignon", "players": ["Rosa", "Aldo"],
             "position": {"face_up": ["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"]}}
    created = client.post("/api/sessions", json=setup).get_json()
    path, auth = f"/api/sessions/{created['id']}", {"Authorization": f"Bearer {created['edit_token']}"}
    for seq in range(4):
        legal = client.get(path).get_json()["legal"]
        client.post(path + "/events", headers=auth, json={"event": legal[0], "expected_seq": seq})
    exported = client.get(path + "/export", headers=auth).get_json()
    app.config["MAX_IMPORT_REPLAY"] = 2
    signed = client.post("/api/sessions/import", json=exported)
    assert signed.status_code == 201 and signed.get_json()["seq"] == 4
    unsigned = {k: v for k, v in exported.items() if k != "signature"}
    refused = client.post("/api/sessions/import", json=unsigned)
    assert refused.status_code == 413
    assert refused.get_json()["error"]["code"] == "import_too_long"


def test_an_export_carries_a_few_checkpoints_spread_back_from_the_latest(store, applied,
                                                                       monkeypatch):
    """Every export under the log cap must fit the import's body: at most
    MAX_EXPORTED_CHECKPOINTS states travel, the latest among them."""
    from referee.core import sessions as sessions_module

    monkeypatch.setattr(sessions_module, "CHECKPOINT_EVERY", 2)
    monkeypatch.setattr(sessions_module, "MAX_EXPORTED_CHECKPOINTS", 3)
    sessions = sessions_with(store, signing_key=KEY)
    game = played(sessions, events=14, undos=0)  # checkpoints 2, 4, ..., 14
    exported = sessions.export(game["id"], game["edit_token"])
    assert sorted(map(int, exported["checkpoints"])) == [2, 8, 14]  # every third, back from 14
    imported = sessions.import_(exported)
    applied.clear()
    sessions.undo(imported["id"], imported["edit_token"], {})  # from checkpoint 8: 9 to 13
    assert len(applied) == 5
    assert sessions.get(imported["id"])["state"] == engine.replay(
        Lanes, engine.Setup(**{k: exported[k] for k in ("players", "options", "position")}),
        [e["event"] for e in exported["log"][:13]]).G
