"""Fit the confidence that the book answers a question, on the dev questions only.

    .venv/bin/python bench/calibrate_abstention.py [--max-abstain 0.05] [--write]

Each dev question (answerable, and unanswerable with "answer": null) is searched with its game;
the search's confidence features (`SearchResult.features`) are the inputs of a logistic
regression (L2, classes weighted equally, features standardized) whose target is "the book
answers this". The threshold is the highest confidence that still answers all but
`--max-abstain` of the answerable dev questions. With --write the model goes to
rulebook_index/data/abstention.json, which `search.confidence_of` reads; holdout and test are
never read here (bench/search_quality.py reports them).
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

from search_quality import load, set_paths  # noqa: E402

from rulebook_index import corpus, indexing, search  # noqa: E402

# Only signals whose sign is certain before any fit (more of the question covered, its most
# specific word in the answer, a question of a kind books answer); with a dozen unanswerable
# dev questions, a free fit of every feature gave coverage a negative weight.
FEATURES = ["specific", "off_book"]
L2 = 0.1
STEPS = 4000
RATE = 0.1


def fit(xs: list[list[float]], ys: list[int]) -> tuple[float, list[float]]:
    """Logistic regression by gradient descent; returns (bias, weights) on raw features."""
    k = len(xs[0])
    mean = [sum(x[j] for x in xs) / len(xs) for j in range(k)]
    sd = [math.sqrt(sum((x[j] - mean[j]) ** 2 for x in xs) / len(xs)) or 1.0 for j in range(k)]
    zs = [[(x[j] - mean[j]) / sd[j] for j in range(k)] for x in xs]
    pos = sum(ys)
    weight = {1: len(ys) / (2 * pos), 0: len(ys) / (2 * (len(ys) - pos))}
    b, w = 0.0, [0.0] * k
    for _ in range(STEPS):
        gb, gw = 0.0, [L2 * wj for wj in w]
        for z, y in zip(zs, ys, strict=True):
            p = 1 / (1 + math.exp(-(b + sum(wj * zj for wj, zj in zip(w, z, strict=True)))))
            e = (p - y) * weight[y] / len(ys)
            gb += e
            for j in range(k):
                gw[j] += e * z[j]
        b -= RATE * gb * 10
        w = [wj - RATE * g * 10 for wj, g in zip(w, gw, strict=True)]
    raw_w = [w[j] / sd[j] for j in range(k)]
    raw_b = b - sum(w[j] * mean[j] / sd[j] for j in range(k))
    return raw_b, raw_w


def threshold_for(conf: list[float], max_abstain: float) -> float:
    """The highest confidence (to three places) that abstains on at most `max_abstain` of the
    answerable questions whose confidences are `conf`."""
    answerable = sorted(conf)
    allowed = int(max_abstain * len(answerable))
    threshold = answerable[allowed] if allowed < len(answerable) else answerable[-1]
    return math.floor(threshold * 1000) / 1000


def confidence(bias: float, weights: list[float], x: list[float]) -> float:
    z = bias + sum(w * v for w, v in zip(weights, x, strict=True))
    return 1 / (1 + math.exp(-z))


def cross_validate(xs, ys, folds: int, max_abstain: float) -> tuple[int, int]:
    """(unanswerable abstained on, answerable abstained on) when each fold (by position) is
    judged by a model and threshold fitted on the other folds."""
    right = wrong = 0
    for k in range(folds):
        held = set(range(k, len(xs), folds))
        train = [i for i in range(len(xs)) if i not in held]
        bias, weights = fit([xs[i] for i in train], [ys[i] for i in train])
        t = threshold_for([confidence(bias, weights, xs[i]) for i in train if ys[i]], max_abstain)
        for i in held:
            if round(confidence(bias, weights, xs[i]), 3) < t:
                right += 1 - ys[i]
                wrong += ys[i]
    return right, wrong


def auc(values: list[float], ys: list[int]) -> float:
    """The chance that an answerable question scores above an unanswerable one (ties half)."""
    pos = [v for v, y in zip(values, ys, strict=True) if y]
    neg = [v for v, y in zip(values, ys, strict=True) if not y]
    won = sum((p > n) + 0.5 * (p == n) for p in pos for n in neg)
    return won / ((len(pos) * len(neg)) or 1)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-abstain", type=float, default=0.05,
                    help="share of answerable dev questions the threshold may abstain on")
    ap.add_argument("--features", default=",".join(FEATURES),
                    help="comma-separated features of SearchResult.features to fit on")
    ap.add_argument("--folds", type=int, default=5, help="cross-validate on dev first (0: no)")
    ap.add_argument("--write", action="store_true", help="write rulebook_index/data/abstention.json")
    args = ap.parse_args(argv)
    questions = load(set_paths("dev"))
    with tempfile.TemporaryDirectory() as tmp:
        indexing.build(tmp)
        _, ix = indexing.open_current(tmp)
        with ix.searcher(weighting=search.WEIGHTING) as s:
            feats = [search.search(s, q["q"], q["game"], 5).features for q in questions]
        ix.close()
    names = args.features.split(",")
    xs = [[f[n] for n in names] for f in feats]
    ys = [1 if q.get("answer") else 0 for q in questions]
    if args.folds > 1:
        print("single features' AUC on dev: " + ", ".join(
            f"{k} {auc([f[k] for f in feats], ys):.2f}" for k in feats[0]))
        recall, wrong = cross_validate(xs, ys, args.folds, args.max_abstain)
        print(f"cross-validated on dev ({args.folds} folds): abstains on {recall}/{len(ys) - sum(ys)} "
              f"unanswerable, {wrong}/{sum(ys)} answerable")
    bias, weights = fit(xs, ys)
    model = {"bias": bias, "weights": dict(zip(names, weights, strict=True))}

    def conf(x):
        z = bias + sum(w * v for w, v in zip(weights, x, strict=True))
        return 1 / (1 + math.exp(-z))

    answerable = sorted(conf(x) for x, y in zip(xs, ys, strict=True) if y)
    allowed = int(args.max_abstain * len(answerable))
    threshold = answerable[allowed] if allowed < len(answerable) else answerable[-1]
    model["threshold"] = math.floor(threshold * 1000) / 1000  # confidences are reported to 3 places
    model["fitted_on"] = f"{len(answerable)} answerable, {len(ys) - sum(ys)} unanswerable dev questions"
    answerable = [round(c, 3) for c in answerable]
    unans = [round(conf(x), 3) for x, y in zip(xs, ys, strict=True) if not y]
    print(json.dumps(model, indent=1))
    print(f"dev: abstains on {sum(c < model['threshold'] for c in unans)}/{len(unans)} "
          f"unanswerable, {sum(c < model['threshold'] for c in answerable)}/{len(answerable)} "
          "answerable")
    if args.write:
        model["weights"] = {k: round(v, 6) for k, v in model["weights"].items()}
        model["bias"] = round(model["bias"], 6)
        corpus.write_fitted_model("abstention", model)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
