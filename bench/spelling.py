"""Spelling correctors compared on misspelled questions: the hand-written one against SymSpell.

    .venv/bin/python bench/spelling.py [--make] [--seed 15]

--make writes bench/spelling-dev.jsonl: every answerable dev question with one or two of its
words (four letters or more) misspelt by a typing slip (a letter dropped, doubled, swapped with
its neighbour, or replaced by a key next to it), seeded, so the set is the same every time. Each
line keeps the original question and the typos.

Then each corrector is measured on that set:
  fixed       share of misspelt words corrected to the word the player meant
  untouched   share of correctly spelt words left alone (a wrong "correction" costs a hit)
  questions   share of questions whose every typo was fixed
  hit@1/hit@3 the search's figures on the misspelt questions with that corrector (and, as the
              ceiling, on the original questions)
  µs/word     time per word, warm

Correctors:
  hand        rulebook_index.search.correct_word: rulebook and glossary words within two edits
              (shared one-deletion variants), English words within one edit; closest, then
              rulebook over English, then most frequent
  symspell    symspellpy 6.10.1 (SymSpell, Damerau-OSA, max distance 2) over its own English
              frequency dictionary plus the rulebook and glossary vocabulary (rulebook words
              counted as very frequent, so they win ties); the same rule as `hand` decides which
              words are misspelt at all (the rulebooks, glossaries and the English word list)
  symspell-own the same, but symspell's dictionary alone decides what is misspelt
"""

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from search_quality import load, norm, set_paths  # noqa: E402

from rulebook_index import corpus, indexing, search  # noqa: E402

OUT = ROOT / "bench" / "spelling-dev.jsonl"
KEYS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]


def neighbours(c: str) -> str:
    for r, row in enumerate(KEYS):
        if c in row:
            i = row.index(c)
            near = row[max(0, i - 1) : i] + row[i + 1 : i + 2]
            for other in (r - 1, r + 1):
                if 0 <= other < len(KEYS):
                    near += KEYS[other][max(0, i - 1) : i + 1]
            return near
    return c


def typo(word: str, rng: random.Random) -> str:
    i = rng.randrange(1, len(word))  # players rarely slip on the first letter
    kind = rng.choice(["drop", "double", "swap", "key"])
    if kind == "drop":
        return word[:i] + word[i + 1 :]
    if kind == "double":
        return word[:i] + word[i] + word[i:]
    if kind == "swap" and i < len(word) - 1:
        return word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    return word[:i] + rng.choice(neighbours(word[i])) + word[i + 1 :]


def make(seed: int) -> list[dict]:
    rng = random.Random(seed)
    known = known_words()
    out = []
    for item in load(set_paths("dev")):
        if not item.get("answer"):
            continue
        words = item["q"].split()
        slots = [i for i, w in enumerate(words) if w.isalpha() and len(w) >= 4]
        if not slots:
            continue
        typos = []
        for i in rng.sample(slots, min(len(slots), rng.choice([1, 2]))):
            for _ in range(10):  # a slip that makes another real word is no misspelling
                wrong = typo(words[i].lower(), rng)
                if wrong not in known:
                    typos.append([wrong, words[i].lower()])
                    words[i] = wrong
                    break
        if typos:
            out.append({"game": item["game"], "q": " ".join(words), "original": item["q"],
                        "answer": item["answer"], "typos": typos})
    return out


def known_words() -> set[str]:
    return set(search.vocabulary().words) | set(corpus.english_words()) | {
        w.lower() for w in corpus.common_glossary().get("known_words", [])}


class SymSpellCorrector:
    def __init__(self, gate: bool):
        from importlib.resources import files

        from symspellpy import SymSpell, Verbosity

        self.verbosity = Verbosity.CLOSEST
        self.sym = SymSpell(max_dictionary_edit_distance=2, prefix_length=7)
        self.sym.load_dictionary(
            str(files("symspellpy") / "frequency_dictionary_en_82_765.txt"), 0, 1)
        top = max(self.sym.words.values())
        for w, n in search.vocabulary().words.items():
            if w.isalpha():
                self.sym.create_dictionary_entry(w, top + n)
        self.gate = gate

    def __call__(self, word: str) -> str | None:
        if not 3 <= len(word) <= search.MAX_CORRECTED_CHARS or not word.isalpha():
            return None
        if self.gate:
            vocab = search.vocabulary()
            if (word in vocab.words or word in corpus.english_words()
                    or search.stem(word) in vocab.stems):
                return None
        elif word in self.sym.words:
            return None
        found = self.sym.lookup(word, self.verbosity, max_edit_distance=1 if len(word) <= 4 else 2)
        return found[0].term if found and found[0].term != word else None


class HandWithFrequencies:
    """`hand`'s candidates, ranked by whole edits (a swap costs one), then by rulebook count x 10
    plus the word's English frequency (per million) from symspellpy's dictionary."""

    def __init__(self):
        from importlib.resources import files

        self.english = {}
        with open(files("symspellpy") / "frequency_dictionary_en_82_765.txt", encoding="utf-8") as f:
            for line in f:
                w, n = line.split()
                self.english[w] = int(n) / 1e6

    def __call__(self, word: str) -> str | None:
        vocab = search.vocabulary()
        if not 3 <= len(word) <= search.MAX_CORRECTED_CHARS or not word.isalpha():
            return None
        english = corpus.english_words()
        if word in vocab.words or word in english or search.stem(word) in vocab.stems:
            return None
        maxdist = 1 if len(word) <= 4 else 2
        candidates = set()
        for v in search._deletes1(word) | {word}:
            candidates.update(vocab.deletes.get(v, ()))
        candidates.update(e for e in search._edits1(word) if e in english)
        best = None
        for c in candidates:
            d = -(-search._damerau(word, c) // 1)
            if abs(len(c) - len(word)) > maxdist or d > maxdist:
                continue
            key = (d, -(vocab.words.get(c, 0) * 10 + self.english.get(c, 0.0)), c)
            if best is None or key < best:
                best = key
        return best[2] if best else None


def measure(name, corrector, items, searcher) -> dict:
    fixed = typos = untouched = correct = whole = 0
    ranks = []
    t_total, n_words = 0.0, 0
    original = search.correct_word
    search.correct_word = corrector
    try:
        for item in items:
            wrong = {w: r for w, r in item["typos"]}
            ok = True
            for w in (x.lower() for x in item["q"].split()):
                w = "".join(c for c in w if c.isalnum() or c == "'")
                t = time.perf_counter()
                c = corrector(w)
                t_total += time.perf_counter() - t
                n_words += 1
                if w in wrong:
                    typos += 1
                    if c == wrong[w]:
                        fixed += 1
                    else:
                        ok = False
                else:
                    correct += 1
                    untouched += c is None
            whole += ok
            res = search.search(searcher, item["q"], item["game"], 10)
            answer = norm(item["answer"])
            ranks.append(next((i for i, h in enumerate(res.hits, 1) if answer in norm(h.text)),
                              None))
    finally:
        search.correct_word = original
    n = len(items)
    return {"name": name, "fixed": fixed / typos, "untouched": untouched / correct,
            "questions": whole / n, "hit@1": sum(r == 1 for r in ranks) / n,
            "hit@3": sum(1 for r in ranks if r and r <= 3) / n,
            "us_per_word": 1e6 * t_total / max(n_words, 1)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--make", action="store_true", help="(re)write bench/spelling-dev.jsonl")
    ap.add_argument("--seed", type=int, default=15)
    args = ap.parse_args(argv)
    if args.make or not OUT.exists():
        items = make(args.seed)
        with open(OUT, "w", encoding="utf-8") as f:
            for item in items:
                f.write(json.dumps(item) + "\n")
    items = load([OUT])
    correctors = [("hand", search.correct_word),
                  ("symspell", SymSpellCorrector(gate=True)),
                  ("symspell-own", SymSpellCorrector(gate=False)),
                  ("hand+freq", HandWithFrequencies())]
    with tempfile.TemporaryDirectory() as tmp:
        indexing.build(tmp)
        _, ix = indexing.open_current(tmp)
        with ix.searcher(weighting=search.WEIGHTING) as s:
            for _, c in correctors:  # warm: first lookups build caches
                for item in items[:5]:
                    for w in item["q"].lower().split():
                        c(w)
            rows = [measure(n, c, items, s) for n, c in correctors]
            ceiling = []
            for item in items:
                res = search.search(s, item["original"], item["game"], 10)
                answer = norm(item["answer"])
                ceiling.append(next((i for i, h in enumerate(res.hits, 1)
                                     if answer in norm(h.text)), None))
        ix.close()
    typos = sum(len(i["typos"]) for i in items)
    print(f"{len(items)} misspelt dev questions, {typos} typos (bench/spelling-dev.jsonl)")
    print(f"{'corrector':<14} {'fixed':>6} {'untouched':>9} {'questions':>9} {'hit@1':>6} "
          f"{'hit@3':>6} {'µs/word':>8}")
    for r in rows:
        print(f"{r['name']:<14} {r['fixed']:>6.3f} {r['untouched']:>9.3f} {r['questions']:>9.3f} "
              f"{r['hit@1']:>6.3f} {r['hit@3']:>6.3f} {r['us_per_word']:>8.1f}")
    n = len(items)
    print(f"{'(no typos)':<14} {'':>6} {'':>9} {'':>9} {sum(r == 1 for r in ceiling) / n:>6.3f} "
          f"{sum(1 for r in ceiling if r and r <= 3) / n:>6.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
