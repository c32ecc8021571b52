"""Many phones on one server, for a minute: the table pattern of issue 9, measured.

    .venv/bin/python bench/stress.py [--seconds 60] [--readers 16] [--server gunicorn|flask]
                                     [--database-url URL]

Starts a real server on a free loopback port (gunicorn 2 workers × 4 threads by default, or Flask's
threaded server as `make run` serves), opens one game of every refereed game, and then, for every
game at once, `--readers` threads read it (the API view, the table page, the log) while one writer
enters legal events, for `--seconds`. Prints, per kind of request, the count, the 5xx count and the
p50/p99 latency, then the totals. Exits 1 if any response was a 5xx. The loops are bounded in time
and talk only to 127.0.0.1.
"""

import argparse
import random
import statistics
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee import referees  # noqa: E402
from tests.servers import COMMANDS, Server, call, get_page  # noqa: E402


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--readers", type=int, default=16)
    parser.add_argument("--server", choices=sorted(COMMANDS), default="gunicorn")
    parser.add_argument("--database-url")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as work:
        url = args.database_url or f"sqlite:///{work}/stress.sqlite"
        server = Server(url, args.server).start()
        try:
            samples = run(server.base, args.seconds, args.readers)
        finally:
            server.stop()

    errors = 0
    print(f"{args.server}, {url.split(':')[0]}, {args.readers} readers + 1 writer per game, "
          f"{len(referees())} games, {args.seconds:.0f} s")
    print(f"{'request':<24}{'count':>8}{'5xx':>6}{'p50 ms':>9}{'p99 ms':>9}")
    for kind, results in sorted(samples.items()):
        latencies = [latency * 1000 for _status, latency in results]
        failed = sum(1 for status, _latency in results if status >= 500)
        errors += failed
        print(f"{kind:<24}{len(results):>8}{failed:>6}{statistics.median(latencies):>9.1f}"
              f"{percentile(latencies, 0.99):>9.1f}")
    total = sum(len(results) for results in samples.values())
    print(f"total {total} requests, {total / args.seconds:.0f}/s, {errors} responses >= 500")
    return 1 if errors else 0


def run(base: str, seconds: float, readers: int) -> dict[str, list[tuple[int, float]]]:
    samples: dict[str, list[tuple[int, float]]] = defaultdict(list)
    lock = threading.Lock()
    deadline = time.monotonic() + seconds

    def timed(kind, request):
        started = time.monotonic()
        status = request()
        with lock:
            samples[kind].append((status, time.monotonic() - started))
        return status

    def read(session_id):
        while time.monotonic() < deadline:
            timed("GET session", lambda: call(base, "GET", f"/api/sessions/{session_id}")[0])
            timed("GET table page", lambda: get_page(base, f"/play/{session_id}"))
            timed("GET log", lambda: call(base, "GET", f"/api/sessions/{session_id}/log")[0])

    def write(game_id, example_setup):
        rng = random.Random(game_id)
        while time.monotonic() < deadline:
            status, game = call(base, "POST", "/api/sessions", example_setup)
            if status != 201:
                timed("POST session", lambda status=status: status)
                return
            threads = [threading.Thread(target=read, args=(game["id"],)) for _ in range(readers)]
            for thread in threads:
                thread.start()
            while time.monotonic() < deadline:
                view = call(base, "GET", f"/api/sessions/{game['id']}")[1]
                choices = [event for event in view.get("legal", []) if "open" not in event]
                if not choices:
                    break
                body = {"event": rng.choice(choices), "expected_seq": view["seq"]}
                timed("POST event", lambda body=body, game=game: call(
                    base, "POST", f"/api/sessions/{game['id']}/events", body,
                    game["edit_token"])[0])
            for thread in threads:
                thread.join()

    writers = []
    for game_id in referees():
        example_setup = call(base, "GET", f"/api/games/{game_id}")[1]["example_setup"]
        writers.append(threading.Thread(target=write, args=(game_id, example_setup)))
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join()
    return samples


if __name__ == "__main__":
    sys.exit(main())
