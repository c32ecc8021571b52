"""What the search returns for every fit-set question, dumped to compare a speed change by.

    .venv/bin/python bench/search_dump.py OUT.jsonl [--compare BEFORE.jsonl]

For every question of every fit set (bench/search_quality.FIT_SETS; never a blind set), three
searches as the endpoint runs them: with its game at the API's default limit (5), with its game
at bench/search_quality.py's limit (10), and without a game (the game detected, limit 5). Each
line holds the question, the game asked and detected, the corrected query and expansions,
`answered`, `confidence`, the confidence's features (rounded to 1e-9) and, per hit, the passage
id, score, answer offsets and a hash of the highlighted fragment. The index is built afresh in a
temporary folder and the searcher warmed as the app warms it. With --compare, the lines that
differ from BEFORE are printed and the exit status is 1 when any does: a change meant only to
make the search faster must leave the dump identical. It runs under PYTHONHASHSEED=0 (it restarts
itself so): a sum over a set follows the set's order, which the hash seed decides.
"""

import argparse
import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.search_quality import FIT_SETS, load, set_paths  # noqa: E402
from rulebook_index import indexing, search  # noqa: E402

RUNS = ((True, 5), (True, 10), (False, 5))  # (with its game, limit)


def record(res: search.SearchResult) -> dict:
    return {
        "game": res.game, "detected": res.detected, "corrected": res.corrected,
        "expansions": res.expansions, "answered": res.answered,
        "confidence": round(res.confidence, 9),
        "features": {k: round(v, 9) for k, v in sorted(res.features.items())},
        "hits": [[h.game, h.passage_id, round(h.score, 9), h.answer_start, h.answer_end,
                  hashlib.sha1(h.fragment.encode()).hexdigest()[:12]] for h in res.hits],
    }


def dump(out: Path) -> int:
    paths = [p for name in FIT_SETS for p in set_paths(name)]
    assert not any("blind-9" in p.name for p in paths), "never a blind-9 file"
    n = 0
    with tempfile.TemporaryDirectory() as tmp, open(out, "w", encoding="utf-8") as f:
        indexing.build(tmp)
        _, ix = indexing.open_current(tmp)
        with ix.searcher(weighting=search.WEIGHTING) as s:
            search.warm()
            search.warm(s)
            for p in paths:
                for i, item in enumerate(load([p])):
                    for with_game, limit in RUNS:
                        game = item["game"] if with_game else None
                        res = search.search(s, item["q"], game, limit, detect=True)
                        line = {"set": p.name, "i": i, "q": item["q"], "asked": game,
                                "limit": limit, **record(res)}
                        f.write(json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n")
                        n += 1
    return n


def compare(before: Path, after: Path) -> int:
    a = before.read_text(encoding="utf-8").splitlines()
    b = after.read_text(encoding="utf-8").splitlines()
    differ = [(x, y) for x, y in zip(a, b, strict=False) if x != y]
    for x, y in differ[:20]:
        print("-", x, "\n+", y)
    if len(a) != len(b):
        print(f"{len(a)} lines before, {len(b)} after")
    print(f"{len(differ)} of {len(a)} searches differ")
    return 1 if differ or len(a) != len(b) else 0


def main(argv=None) -> int:
    if os.environ.get("PYTHONHASHSEED") != "0":
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--compare", type=Path, help="a dump to compare OUT with")
    args = ap.parse_args(argv)
    n = dump(args.out)
    print(f"{n} searches dumped to {args.out}")
    return compare(args.compare, args.out) if args.compare else 0


if __name__ == "__main__":
    raise SystemExit(main())
