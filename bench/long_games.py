"""Long games: a 5,000-event Avignon game (played at random without ending, as
bench/referee_speed.py does) imported through the API, then the time of its table page (the first
in this process, which also compiles the templates, then the median), its live view (first reader
and cached), an undo and a redo, its log page (the latest page, the first time — the templates
compiled before on another game — and again; then an older page), and the imports: unsigned
(replayed: MAX_IMPORT_REPLAY lifted for this bench, else a 413) and its own export (signed:
restored, not replayed). Target (issue 16): the page, the log page and an undo at 5,000 events
<= 50 ms.

    .venv/bin/python bench/long_games.py [events]
"""

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app import create_app  # noqa: E402
from bench.referee_speed import SETUP_BODY, play_events  # noqa: E402

EVENTS = int(sys.argv[1]) if len(sys.argv) > 1 else 5000


def timed(action, repeat=5) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def main() -> None:
    started = time.perf_counter()
    events = play_events(EVENTS, seed=7, end_allowed=False)
    print(f"played {len(events)} events in {time.perf_counter() - started:.0f} s", flush=True)
    with tempfile.TemporaryDirectory() as work:
        app = create_app({"DATABASE_URL": f"sqlite:///{work}/long.sqlite",
                          "RATELIMIT_ENABLED": False, "MAX_IMPORT_REPLAY": None})
        client = app.test_client()
        document = {"format": "tableside-session/1", "game": "avignon", **SETUP_BODY,
                    "log": [{"seq": i, "kind": "event", "event": e}
                            for i, e in enumerate(events, start=1)]}
        began = time.perf_counter()
        imported = client.post("/api/sessions/import", json=document)
        import_ms = (time.perf_counter() - began) * 1000
        assert imported.status_code == 201, imported.get_json()
        game = imported.get_json()
        path, auth = f"/api/sessions/{game['id']}", {"Authorization": f"Bearer {game['edit_token']}"}
        first = timed(lambda: client.get(path), repeat=1)
        cached = timed(lambda: client.get(path))
        first_page = timed(lambda: client.get(f"/play/{game['id']}"), repeat=1)
        small = client.post("/api/sessions", json={"game": "avignon", **SETUP_BODY}).get_json()
        client.get(f"/play/{small['id']}/log")  # compiles the log page's templates
        log_page = f"/play/{game['id']}/log"
        first_log = timed(lambda: client.get(log_page), repeat=1)
        log = timed(lambda: client.get(log_page))
        older_log = timed(lambda: client.get(log_page + f"?from={EVENTS // 2}"))
        page = timed(lambda: client.get(f"/play/{game['id']}"))
        undo = timed(lambda: client.post(path + "/undo", headers=auth, json={}))
        redo = timed(lambda: client.post(path + "/redo", headers=auth, json={}))
        page_after = timed(lambda: client.get(f"/play/{game['id']}"), repeat=1)
        export = client.get(path + "/export", headers=auth)
        assert export.get_json().get("signature")
        reimport = timed(lambda: client.post("/api/sessions/import", json=export.get_json()), 1)
    print(f"import of {EVENTS} events, unsigned (replayed) {import_ms:8.0f} ms")
    print(f"re-import of its export, signed (restored)    {reimport:8.0f} ms "
          f"({len(export.data) // 1024} KiB)")
    print(f"GET session, first reader        {first:8.1f} ms")
    print(f"GET session, cached              {cached:8.1f} ms")
    print(f"table page, first in process     {first_page:8.1f} ms   (compiles the templates)")
    print(f"table page                       {page:8.1f} ms   (target ≤ 50)")
    print(f"table page after an undo, redo   {page_after:8.1f} ms")
    print(f"log page, first time             {first_log:8.1f} ms   (target ≤ 50)")
    print(f"log page, again                  {log:8.1f} ms")
    print(f"log page, an older page          {older_log:8.1f} ms   (median of 5, each walked anew)")
    print(f"undo (median of 5)               {undo:8.1f} ms   (target ≤ 50)")
    print(f"redo (median of 5)               {redo:8.1f} ms")


if __name__ == "__main__":
    main()
