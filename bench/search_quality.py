"""Search quality on a question set: hit@1, hit@3 and MRR per game and overall.

    .venv/bin/python bench/search_quality.py [questions.jsonl] [--limit 10] [--misses]

Each line of the question file is {"game": id, "q": "player question", "answer": "verbatim
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


def norm(text: str) -> str:
    return " ".join(text.split())


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("questions", nargs="?", default=str(ROOT / "bench" / "questions-dev.jsonl"))
    ap.add_argument("--limit", type=int, default=10)
    ap.add_argument("--misses", action="store_true", help="list questions not hit in the top 3")
    ap.add_argument("--all-games", action="store_true", help="search without the game filter")
    args = ap.parse_args(argv)

    questions = [json.loads(line) for line in open(args.questions, encoding="utf-8") if line.strip()]
    with tempfile.TemporaryDirectory() as tmp:
        indexing.build(tmp)
        _, ix = indexing.open_current(tmp)
        stats: dict[str, list[int | None]] = {}
        unreachable = []
        misses = []
        with ix.searcher(weighting=search.WEIGHTING) as s:
            for item in questions:
                game, q, answer = item["game"], item["q"], norm(item["answer"])
                if not any(answer in norm(p.text) for p in sections.passages_for(game)):
                    unreachable.append(item)
                res = search.search(s, q, None if args.all_games else game, args.limit)
                rank = next(
                    (i for i, h in enumerate(res.hits, 1) if h.game == game and answer in norm(h.text)),
                    None,
                )
                stats.setdefault(game, []).append(rank)
                if rank is None or rank > 3:
                    misses.append((item, rank, res))
        ix.close()

    def line(name, ranks):
        n = len(ranks)
        h1 = sum(1 for r in ranks if r == 1) / n
        h3 = sum(1 for r in ranks if r and r <= 3) / n
        mrr = sum(1 / r for r in ranks if r) / n
        print(f"{name:<18} {n:>4}  {h1:>6.3f}  {h3:>6.3f}  {mrr:>6.3f}")

    print(f"{'game':<18} {'n':>4}  {'hit@1':>6}  {'hit@3':>6}  {'MRR':>6}")
    for game, ranks in stats.items():
        line(game, ranks)
    line("overall", [r for ranks in stats.values() for r in ranks])
    if unreachable:
        print(f"\n{len(unreachable)} answer(s) lie in no single passage (cannot be hit):")
        for item in unreachable:
            print(f"  [{item['game']}] {item['answer'][:90]}")
    if args.misses:
        print("\nmisses (not in top 3):")
        for item, rank, res in misses:
            print(f"- [{item['game']}] {item['q']!r} rank={rank} corrected={res.corrected!r}")
            print(f"    answer: {item['answer'][:100]}")
            for h in res.hits[:3]:
                print(f"    got: {h.section_id} | {norm(h.text)[:90]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
