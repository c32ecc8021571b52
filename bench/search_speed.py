"""Latency of the search endpoint, in process: p50 and p99 over the dev questions.

    .venv/bin/python bench/search_speed.py [questions.jsonl] [--rounds 5]

Runs GET /api/rules/search through Flask's test client (no network), once per question with
its game and once across all games, after a warm-up round. Target: p50 under 15 ms.
"""

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app import create_app  # noqa: E402


def pct(values, p):
    values = sorted(values)
    k = min(len(values) - 1, max(0, round(p / 100 * (len(values) - 1))))
    return values[k]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("questions", nargs="?", default=str(ROOT / "bench" / "questions-dev.jsonl"))
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args(argv)
    questions = [json.loads(x) for x in open(args.questions, encoding="utf-8") if x.strip()]

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"TESTING": True, "INDEX_DIR": str(Path(tmp) / "index"),
                          "DATABASE_URL": "sqlite:///" + str(Path(tmp) / "t.sqlite")})
        client = app.test_client()
        params = [{"q": q["q"], "game": q["game"]} for q in questions]
        params += [{"q": q["q"]} for q in questions]
        for p in params:  # warm-up: caches, vocabulary, OS page cache
            client.get("/api/rules/search", query_string=p)
        times = []
        for _ in range(args.rounds):
            for p in params:
                t = time.perf_counter()
                r = client.get("/api/rules/search", query_string=p)
                times.append((time.perf_counter() - t) * 1000)
                assert r.status_code == 200, r.get_data(as_text=True)
    print(f"search endpoint, in-process: {len(times)} requests "
          f"({len(questions)} questions x2 (game / all games) x{args.rounds})")
    print(f"  p50 {pct(times, 50):6.2f} ms")
    print(f"  p90 {pct(times, 90):6.2f} ms")
    print(f"  p99 {pct(times, 99):6.2f} ms")
    print(f"  max {max(times):6.2f} ms   mean {statistics.mean(times):6.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
