"""Latency of the search endpoint, in process: p50 and p99 over the dev questions.

    .venv/bin/python bench/search_speed.py [questions.jsonl] [--rounds 5]

Runs GET /api/rules/search through Flask's test client (no network), once per question with
its game and once across all games. The first round is reported on its own as "cold": a fresh
process warmed as the app warms itself at start-up (INDEX_WARM: vocabulary, glossaries, the
searcher's stored fields and passage caches) but whose per-word score memo holds only a few
questions. The next rounds are "warm". Target: p50 under 15 ms; `--no-warm` skips the
start-up warming. The process's cache of question embeddings is emptied before every request,
so each pays for embedding its question, as a question a player has not asked before does
(`--keep-question-cache` keeps it: the warm rounds then ask questions already embedded).
Each figure is given by the wall clock and by this thread's CPU time (which
other processes on a busy machine do not inflate). A question without a game is searched twice:
once over every game to find its game, then in that game.
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
from rulebook_index import embedding  # noqa: E402


def pct(values, p):
    values = sorted(values)
    k = min(len(values) - 1, max(0, round(p / 100 * (len(values) - 1))))
    return values[k]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("questions", nargs="?", default=str(ROOT / "bench" / "questions-dev.jsonl"))
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--no-warm", action="store_true", help="skip the app's start-up warming")
    ap.add_argument("--keep-question-cache", action="store_true",
                    help="keep the question embeddings between requests")
    args = ap.parse_args(argv)
    questions = [json.loads(x) for x in open(args.questions, encoding="utf-8") if x.strip()]

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"TESTING": True, "INDEX_DIR": str(Path(tmp) / "index"),
                          "DATABASE_URL": "sqlite:///" + str(Path(tmp) / "t.sqlite"),
                          "INDEX_WARM": not args.no_warm})
        client = app.test_client()
        params = [{"q": q["q"], "game": q["game"]} for q in questions]
        params += [{"q": q["q"]} for q in questions]
        client.get("/api/rules/search", query_string={"q": "setup"})  # open the index

        def timed_round():
            out = []
            for p in params:
                if not args.keep_question_cache:
                    embedding.question_vector.cache_clear()
                t, c = time.perf_counter(), time.thread_time()
                r = client.get("/api/rules/search", query_string=p)
                out.append(((time.perf_counter() - t) * 1000, (time.thread_time() - c) * 1000))
                assert r.status_code == 200, r.get_data(as_text=True)
            return out

        cold = timed_round()
        warm = [t for _ in range(args.rounds) for t in timed_round()]

    print(f"search endpoint, in-process ({len(questions)} questions, each with its game and "
          "across all games)")
    for name, rows in (("cold", cold), (f"warm x{args.rounds}", warm)):
        for clock, times in (("wall", [w for w, _ in rows]), ("cpu", [c for _, c in rows])):
            print(f"  {name:<8} {clock:<4} n={len(times):<5} p50 {pct(times, 50):6.2f} ms   "
                  f"p90 {pct(times, 90):6.2f} ms   p99 {pct(times, 99):6.2f} ms   "
                  f"max {max(times):6.2f} ms   mean {statistics.mean(times):6.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
