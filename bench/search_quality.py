"""Search quality on question sets: hit@1, hit@3 and MRR per game and overall.

    .venv/bin/python bench/search_quality.py [questions.jsonl ...] [--limit 10] [--misses]

With no file, both sets are measured: bench/questions-dev.jsonl (the set the ranking was
tuned on; look at its misses freely) and bench/questions-holdout.jsonl (written blind; a
validation set: judge a change by its aggregate figures, do not tune on its questions).

Each line of a question file is {"game": id, "q": "player question", "answer": "verbatim
rulebook phrase"}. A hit is a returned passage whose text contains the answer phrase, with
whitespace normalized. Searches are filtered to the question's game, as the app does when a
player has picked their game. The index is built fresh in a temporary directory.
"""

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulebook_index import indexing, search, sections  # noqa: E402

DEFAULT_SETS = [ROOT / "bench" / "questions-dev.jsonl", ROOT / "bench" / "questions-holdout.jsonl"]


def norm(text: str) -> str:
    return " ".join(text.split())


def evaluate(searcher, questions, limit, all_games=False):
    """(ranks per game, unreachable questions, misses) of one question set."""
    stats: dict[str, list[int | None]] = {}
    unreachable, misses = [], []
    for item in questions:
        game, q, answer = item["game"], item["q"], norm(item["answer"])
        if not any(answer in norm(p.text) for p in sections.passages_for(game)):
            unreachable.append(item)
        res = search.search(searcher, q, None if all_games else game, limit)
        rank = next(
            (i for i, h in enumerate(res.hits, 1) if h.game == game and answer in norm(h.text)),
            None,
        )
        stats.setdefault(game, []).append(rank)
        if rank is None or rank > 3:
            misses.append((item, rank, res))
    return stats, unreachable, misses


def summary(ranks) -> tuple[float, float, float]:
    n = len(ranks) or 1
    h1 = sum(1 for r in ranks if r == 1) / n
    h3 = sum(1 for r in ranks if r and r <= 3) / n
    mrr = sum(1 / r for r in ranks if r) / n
    return h1, h3, mrr


def report(name, stats, unreachable, misses, show_misses):
    def line(label, ranks):
        h1, h3, mrr = summary(ranks)
        print(f"{label:<18} {len(ranks):>4}  {h1:>6.3f}  {h3:>6.3f}  {mrr:>6.3f}")

    print(f"== {name}")
    print(f"{'game':<18} {'n':>4}  {'hit@1':>6}  {'hit@3':>6}  {'MRR':>6}")
    for game, ranks in stats.items():
        line(game, ranks)
    line("overall", [r for ranks in stats.values() for r in ranks])
    if unreachable:
        print(f"\n{len(unreachable)} answer(s) lie in no single passage (cannot be hit):")
        for item in unreachable:
            print(f"  [{item['game']}] {item['answer'][:90]}")
    if show_misses:
        print("\nmisses (not in top 3):")
        for item, rank, res in misses:
            print(f"- [{item['game']}] {item['q']!r} rank={rank} corrected={res.corrected!r}")
            print(f"    answer: {item['answer'][:100]}")
            for h in res.hits[:3]:
                print(f"    got: {h.section_id} | {norm(h.text)[:90]}")
    print()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("questions", nargs="*", help="question files (default: dev and holdout)")
    ap.add_argument("--limit", type=int, default=10)
    ap.add_argument("--misses", action="store_true",
                    help="list questions not hit in the top 3 (dev set only, unless a file "
                         "is named explicitly)")
    ap.add_argument("--all-games", action="store_true", help="search without the game filter")
    args = ap.parse_args(argv)
    paths = [Path(p) for p in args.questions] or DEFAULT_SETS
    explicit = bool(args.questions)

    with tempfile.TemporaryDirectory() as tmp:
        indexing.build(tmp)
        _, ix = indexing.open_current(tmp)
        with ix.searcher(weighting=search.WEIGHTING) as s:
            for path in paths:
                if not path.exists():
                    print(f"== {path.name}: missing\n")
                    continue
                questions = [json.loads(x) for x in open(path, encoding="utf-8") if x.strip()]
                stats, unreachable, misses = evaluate(s, questions, args.limit, args.all_games)
                show = args.misses and (explicit or "holdout" not in path.name)
                report(path.name, stats, unreachable, misses, show)
        ix.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
