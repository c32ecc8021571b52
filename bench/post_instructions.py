"""Instructions an event POST costs, counted by callgrind: a figure the machine's load does not move.

The WSGI app is called directly in one thread (no HTTP server), with an Avignon game 50 events in
(legal events played in advance, as bench/live_view.py does), SQLite with synchronous=NORMAL (the
fsync's CPU is the kernel's, which callgrind does not count). Only the N POSTs are counted (or N
hello-world requests of the same app): a small C helper, compiled on the fly, starts callgrind's
instrumentation and collection right before the loop and stops them after it, so the start-up (the
app, the rules index, the chain of events) is neither counted nor slowed down.

    valgrind --tool=callgrind --instr-atstart=no --collect-atstart=no \\
        .venv/bin/python bench/post_instructions.py [N] [hello]
    # then: instructions a request = callgrind's "Collected" / N

Run without valgrind, it prints the CPU time a request (noisy on a shared machine). Session 10
measured each of its cuts with it (docs/deployment.md); run it with PYTHONHASHSEED=0 for counts
that repeat to within ~0.1 %.
"""

import ctypes
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from werkzeug.test import EnvironBuilder

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app import create_app  # noqa: E402
from bench.referee_speed import SETUP_BODY, play_events  # noqa: E402

WARM = 50  # events posted before counting: the game is 50 in, and every cache is warm

CONTROL = """
#include <valgrind/callgrind.h>
void counting_on(void) { CALLGRIND_START_INSTRUMENTATION; CALLGRIND_TOGGLE_COLLECT; }
void counting_off(void) { CALLGRIND_TOGGLE_COLLECT; CALLGRIND_STOP_INSTRUMENTATION; }
"""


def callgrind_control(folder: Path) -> ctypes.CDLL:
    """counting_on() / counting_off(): no-ops when not run under valgrind."""
    (folder / "control.c").write_text(CONTROL)
    subprocess.run(["cc", "-O1", "-shared", "-fPIC", "-o", str(folder / "control.so"),
                    str(folder / "control.c")], check=True)
    return ctypes.CDLL(str(folder / "control.so"))


def main(count: int = 100, hello: bool = False) -> None:
    with tempfile.TemporaryDirectory() as work:
        work = Path(work)
        app = create_app({"DATABASE_URL": f"sqlite:///{work / 'bench.sqlite'}",
                          "RATELIMIT_ENABLED": False, "DATABASE_SQLITE_SYNCHRONOUS": "NORMAL"})
        app.add_url_rule("/bench/hello", "bench_hello", lambda: "hello")
        chain = play_events(WARM + count, seed=5, end_allowed=False)
        game = app.test_client().post("/api/sessions", json={"game": "avignon", **SETUP_BODY})
        game = game.get_json()
        headers = {"Host": "127.0.0.1:8000"}
        posts = [EnvironBuilder(
            path=f"/api/sessions/{game['id']}/events", method="POST",
            headers={**headers, "Authorization": f"Bearer {game['edit_token']}",
                     "Content-Type": "application/json"},
            data=json.dumps({"event": event, "expected_seq": seq})).get_environ()
            for seq, event in enumerate(chain)]
        hellos = [EnvironBuilder(path="/bench/hello", headers=headers).get_environ()
                  for _ in range(WARM + count)]
        statuses = []

        def call(environ) -> None:
            body = app.wsgi_app(environ, lambda status, _headers, _exc=None: statuses.append(status))
            for _chunk in body:
                pass
            body.close()

        for environ in posts[:WARM] + hellos[:WARM]:
            call(environ)
        counted = hellos[WARM:] if hello else posts[WARM:]
        control = callgrind_control(work)
        started = time.process_time()
        control.counting_on()
        for environ in counted:
            call(environ)
        control.counting_off()
        cpu = (time.process_time() - started) * 1000 / count
        refused = [status for status in statuses if not status.startswith("200")]
        if refused:
            raise SystemExit(f"not every request was answered 200: {refused[:3]}")
    print(f"{count} {'hello-world requests' if hello else 'event POSTs'}: {cpu:.3f} ms of CPU "
          "a request (valgrind: callgrind's Collected / N is the instructions a request)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100, sys.argv[2:] == ["hello"])
