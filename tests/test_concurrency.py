"""Several phones reading one game while one phone writes, on a real server (issue 9).

For every refereed game, under gunicorn (2 workers × 4 threads) and under Flask's threaded
development server (what `make run` serves), on SQLite and on PostgreSQL: 16 threads read the game
(the API and the table page) as fast as they can while one writer enters legal events. No response
may be a 5xx, and the final state must equal a replay of the log.
"""

import random
import threading

import pytest

from referee import referees
from referee.core import engine
from tests.databases import KINDS, database_url
from tests.servers import COMMANDS, Server, call, get_page

READERS = 16
EVENTS = 40  # at most: a game may run out of events that need no table input (dice, cards drawn)
READS = 15  # rounds each reader makes at least, however few events the writer could enter


@pytest.fixture(scope="module", params=[(server, db) for server in COMMANDS for db in KINDS],
                ids=lambda param: "-".join(param))
def server(request, tmp_path_factory):
    kind, db = request.param
    running = Server(database_url(db, tmp_path_factory.mktemp(db)), kind).start()
    yield running
    running.stop()


@pytest.mark.parametrize("game_id", sorted(referees()))
def test_readers_and_a_writer_on_one_game_never_see_a_5xx(server, game_id):
    status, rules = call(server.base, "GET", f"/api/games/{game_id}")
    status, game = call(server.base, "POST", "/api/sessions", rules["example_setup"])
    assert status == 201, game
    statuses: list[int] = []
    writing = threading.Event()
    writing.set()

    def read():
        paths = [f"/api/sessions/{game['id']}", f"/play/{game['id']}",
                 f"/api/sessions/{game['id']}/log"]
        rounds = 0
        while writing.is_set() or rounds < READS:
            rounds += 1
            for path in paths:
                statuses.append(get_page(server.base, path) if path.startswith("/play/")
                                else call(server.base, "GET", path)[0])

    readers = [threading.Thread(target=read) for _ in range(READERS)]
    for reader in readers:
        reader.start()
    rng = random.Random(game_id)
    try:
        view = game
        for _event in range(EVENTS):
            # the table's phone, looking as the seat to act (its hand, where hands are hidden)
            seat = "&".join(f"seat={s}" for s in view["current_players"][:1])
            status, view = call(server.base, "GET", f"/api/sessions/{game['id']}?{seat}",
                                token=game["edit_token"])
            choices = [event for event in view["legal"] if "open" not in event]
            if status != 200 or not choices:
                break
            status, body = call(server.base, "POST", f"/api/sessions/{game['id']}/events",
                                {"event": rng.choice(choices), "expected_seq": view["seq"]},
                                game["edit_token"])
            statuses.append(status)
            assert status == 200, body
    finally:
        writing.clear()
        for reader in readers:
            reader.join()

    assert [status for status in statuses if status >= 500] == []
    assert len(statuses) >= READERS * READS * 3
    status, export = call(server.base, "GET", f"/api/sessions/{game['id']}/export",
                          token=game["edit_token"])
    in_force, _redo = engine.active_events([
        engine.LogEntry(entry["seq"], entry["kind"], entry["event"], entry["target_seq"])
        for entry in export["log"]])
    setup = engine.Setup(export["players"], export["options"], export["position"],
                         export["anyone_enters"])
    replayed = engine.replay(referees()[game_id], setup, [entry.event for entry in in_force])
    status, final = call(server.base, "GET", f"/api/sessions/{game['id']}")
    assert final["state"] == replayed.visible_state(None) and final["phase"] == replayed.phase
