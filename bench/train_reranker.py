"""Fit the second-stage re-ranker on the dev questions, with cross-validation.

    .venv/bin/python bench/train_reranker.py [--l2 0.01] [--features a,b,...] [--folds 5] [--write]

Each answerable dev question's first-stage candidates (`search.candidates`: the best
`search.CANDIDATES` passages by BM25F, with the re-ranker's features) are one list; the
passages holding the expected phrase are its right answers. The model is linear, like the
hand-tuned blend it replaces (`search.HAND_WEIGHTS`), and fitted listwise: a softmax over each
question's candidates, maximizing the probability of its right passages, with an L2 pull toward
the hand-tuned weights (a new feature's prior weight is 0), so that a few dozen questions cannot
drag the ranking far from what was tuned by hand. The softmax temperature is fitted first on the
hand weights and then held.

Cross-validation: the dev questions are split in `--folds` folds (by position, the same every
run); each fold is ranked by a model fitted on the others, and hit@1/hit@3/MRR of those rankings
are printed beside the hand blend's, for each L2 of the grid. With --write the model fitted on all
dev questions at `--l2` goes to rulebook_index/data/reranker.json, which the search reads.
Holdout and test are never read here (bench/search_quality.py reports them).
"""

import argparse
import json
import math
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from search_quality import load, norm, set_paths  # noqa: E402

from rulebook_index import corpus, indexing, search  # noqa: E402

L2_GRID = [0.01, 0.03, 0.1, 0.3]
STEPS = 200
RATE = 0.08


def lists(searcher, questions) -> list[tuple[list[list[float]], list[int]]]:
    """(feature rows, right-answer flags) of each question's candidates."""
    names = list(search.HAND_WEIGHTS)
    out = []
    for item in questions:
        answer = norm(item["answer"])
        cands = search.candidates(searcher, item["q"], item["game"])
        rows = [[f[k] for k in names] for _, f in cands]
        flags = [1 if answer in norm(d["text"]) else 0 for d, _ in cands]
        out.append((rows, flags))
    return out


def nll(data, w, tau) -> float:
    loss = 0.0
    for rows, flags in data:
        if not any(flags):
            continue
        s = [tau * sum(a * b for a, b in zip(w, r, strict=True)) for r in rows]
        m = max(s)
        z = sum(math.exp(x - m) for x in s)
        zr = sum(math.exp(x - m) for x, y in zip(s, flags, strict=True) if y)
        loss -= math.log(zr / z)
    return loss / len(data)


def fit(data, w0: list[float], active: list[bool], tau: float, l2: float) -> list[float]:
    """Listwise softmax regression by gradient descent (Adam), pulled toward w0."""
    w = list(w0)
    k = len(w)
    m1, m2 = [0.0] * k, [0.0] * k
    usable = [(rows, flags) for rows, flags in data if any(flags)]
    n = len(usable) or 1
    for step in range(1, STEPS + 1):
        g = [l2 * (w[j] - w0[j]) for j in range(k)]
        for rows, flags in usable:
            s = [tau * sum(a * b for a, b in zip(w, r, strict=True)) for r in rows]
            mx = max(s)
            e = [math.exp(x - mx) for x in s]
            z = sum(e)
            zr = sum(x for x, y in zip(e, flags, strict=True) if y)
            for r, ei, y in zip(rows, e, flags, strict=True):
                coef = tau * (ei / z - (ei / zr if y else 0.0)) / n
                if coef:
                    for j in range(k):
                        g[j] += coef * r[j]
        for j in range(k):
            if not active[j]:
                continue
            m1[j] = 0.9 * m1[j] + 0.1 * g[j]
            m2[j] = 0.999 * m2[j] + 0.001 * g[j] ** 2
            mh, vh = m1[j] / (1 - 0.9**step), m2[j] / (1 - 0.999**step)
            w[j] -= RATE * mh / (math.sqrt(vh) + 1e-8)
    return w


def ranks(data, w) -> list[int | None]:
    out = []
    for rows, flags in data:
        s = [sum(a * b for a, b in zip(w, r, strict=True)) for r in rows]
        order = sorted(range(len(rows)), key=lambda i: -s[i])
        out.append(next((p for p, i in enumerate(order, 1) if flags[i]), None))
    return out


def figures(rs) -> str:
    n = len(rs) or 1
    h1 = sum(1 for r in rs if r == 1) / n
    h3 = sum(1 for r in rs if r and r <= 3) / n
    mrr = sum(1 / r for r in rs if r) / n
    return f"hit@1 {h1:.3f} · hit@3 {h3:.3f} · MRR {mrr:.3f}"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--features", default=",".join(search.HAND_WEIGHTS),
                    help="features the fit may move (the others keep their hand weight)")
    ap.add_argument("--l2", type=float, default=0.01, help="the pull toward the hand weights")
    ap.add_argument("--folds", type=int, default=5, help="0: no cross-validation")
    ap.add_argument("--write", action="store_true", help="write rulebook_index/data/reranker.json")
    args = ap.parse_args(argv)
    names = list(search.HAND_WEIGHTS)
    active = [k in args.features.split(",") for k in names]
    w0 = [search.HAND_WEIGHTS[k] for k in names]
    questions = [q for q in load(set_paths("dev")) if q.get("answer")]
    with tempfile.TemporaryDirectory() as tmp:
        indexing.build(tmp)
        _, ix = indexing.open_current(tmp)
        with ix.searcher(weighting=search.WEIGHTING) as s:
            data = lists(s, questions)
        ix.close()
    tau = min((nll(data, w0, t), t) for t in (1, 2, 4, 6, 8, 12, 16, 24))[1]
    print(f"{len(data)} dev questions, {sum(1 for _, f in data if any(f))} with a right "
          f"passage among the candidates; softmax temperature {tau}")
    print(f"hand blend:         {figures(ranks(data, w0))}")
    folds = [list(range(i, len(data), args.folds)) for i in range(args.folds)]
    for l2 in L2_GRID if args.folds > 1 else []:
        cv: list[int | None] = [None] * len(data)
        for held in folds:
            train = [data[i] for i in range(len(data)) if i not in set(held)]
            w = fit(train, w0, active, tau, l2)
            for i, r in zip(held, ranks([data[i] for i in held], w), strict=True):
                cv[i] = r
        print(f"learned, L2 {l2:<5}  {figures(cv)}  (cross-validated)")
    w = fit(data, w0, active, tau, args.l2)
    print(f"fitted on all dev at L2 {args.l2}: {figures(ranks(data, w))} (on its own data)")
    weights = {k: round(v, 4) for k, v in zip(names, w, strict=True)}
    print(json.dumps(weights))
    if args.write:
        model = {"weights": weights, "l2": args.l2, "temperature": tau,
                 "fitted_on": f"{len(data)} answerable dev questions"}
        corpus.write_fitted_model("reranker", model)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
