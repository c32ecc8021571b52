"""Check the question sets before any search runs on them, and show which passages they cover.

    .venv/bin/python bench/check_questions.py FILE ...
    .venv/bin/python bench/check_questions.py --coverage GAME

For every line of the files named (a new set, before it is used): the game is known, an
answer phrase lies verbatim (whitespace normalized) inside one passage of its game, and the
question is neither the same as nor a near duplicate of (the same words, Jaccard >= 0.75) a
question of any bench/questions-*.jsonl set or of its own. Prints each problem and exits 1 if
there is any. (The sets of sessions 1-7 hold ~100 such pairs among themselves; they are kept
as they were measured.) --close J also lists, without failing and without showing the other
question, each question whose words overlap another set's question by Jaccard >= J: a writer
asked to keep away from the earlier sets' wording rewrites those a player would not put so.

--coverage GAME lists the game's passages no fit set's answer lies in (the fit sets: dev, train,
train-*, calibration*), with their ids and first words: where new training questions are needed.
It never reads the blind sets' answers.
"""

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulebook_index import corpus, sections  # noqa: E402

NEAR_DUPLICATE = 0.75
BLIND = ("holdout", "test", "blind")


def norm(text: str) -> str:
    return " ".join(text.split())


def words(question: str) -> frozenset[str]:
    return frozenset(re.findall(r"[a-z0-9']+", question.lower()))


def jaccard(a: frozenset, b: frozenset) -> float:
    return len(a & b) / len(a | b) if a | b else 1.0


def is_blind(path: Path) -> bool:
    return any(name in path.stem for name in BLIND)


def load(path: Path) -> list[dict]:
    return [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]


def passages_holding(game: str, answer: str) -> list[str]:
    phrase = norm(answer)
    return [p.id for p in sections.passages_for(game) if phrase in norm(p.text)]


def close_pairs(paths: list[Path], every: list[Path], threshold: float) -> list[str]:
    others = [(path, n, words(item["q"])) for path in every if path not in paths
              for n, item in enumerate(load(path), start=1)]
    notes = []
    for path in paths:
        for n, item in enumerate(load(path), start=1):
            q_words = words(item["q"])
            nearest = max(others, key=lambda other: jaccard(q_words, other[2]))
            overlap = jaccard(q_words, nearest[2])
            if overlap >= threshold:
                notes.append(f"{path.name}:{n}: close to {nearest[0].name}:{nearest[1]} "
                             f"(Jaccard {overlap:.2f}): {item['q']!r}")
    return notes


def check(paths: list[Path], every: list[Path]) -> list[str]:
    games = set(corpus._games())
    problems = []
    seen: list[tuple[Path, int, str, frozenset]] = []
    for path in every:
        for n, item in enumerate(load(path), start=1):
            seen.append((path, n, item["q"].strip().lower(), words(item["q"])))
    for path in paths:
        for n, item in enumerate(load(path), start=1):
            where = f"{path.name}:{n}"
            if item.get("game") not in games:
                problems.append(f"{where}: unknown game {item.get('game')!r}")
                continue
            if item.get("answer") is not None and not passages_holding(item["game"], item["answer"]):
                problems.append(f"{where}: answer not inside one passage: {item['answer']!r}")
            q, q_words = item["q"].strip().lower(), words(item["q"])
            for other, m, other_q, other_words in seen:
                if other == path and m >= n:
                    continue
                if q == other_q or jaccard(q_words, other_words) >= NEAR_DUPLICATE:
                    problems.append(f"{where}: duplicate of {other.name}:{m} ({item['q']!r})")
    return problems


def coverage(game: str, every: list[Path]) -> None:
    covered = set()
    for path in every:
        if is_blind(path):
            continue
        for item in load(path):
            if item["game"] == game and item.get("answer"):
                covered.update(passages_holding(game, item["answer"]))
    passages = sections.passages_for(game)
    missing = [p for p in passages if p.id not in covered]
    print(f"{game}: {len(passages) - len(missing)} of {len(passages)} passages hold a fit answer")
    for p in missing:
        print(f"  {p.id}  [{' > '.join(p.path)}]  {norm(p.text)[:100]}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--coverage", metavar="GAME")
    parser.add_argument("--close", type=float, metavar="J",
                        help="also list questions this close (word Jaccard) to another set's")
    args = parser.parse_args()
    every = sorted((ROOT / "bench").glob("questions-*.jsonl"))
    if args.coverage:
        coverage(args.coverage, every)
        return 0
    if not args.files:
        parser.error("name the question files to check")
    paths = [f.resolve() for f in args.files]
    if args.close is not None:
        notes = close_pairs(paths, every, args.close)
        print("\n".join(notes) or f"no question within Jaccard {args.close} of another set's")
    problems = check(paths, every)
    print("\n".join(problems) or "no problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
