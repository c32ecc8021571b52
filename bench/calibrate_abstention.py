"""Fit the confidence that the book answers a question, on the calibration, dev and train questions.

    .venv/bin/python bench/calibrate_abstention.py [--l2 0.3] [--jobs 3] [--write]

Training questions: bench/questions-calibration.jsonl and -calibration-2.jsonl (written for this
fit alone, by two writers, apart from the blind sets), the dev set, answerable and unanswerable
("answer": null), and the answerable questions of bench/questions-train.jsonl (written by another
writer for the re-ranker), and since the ninth session calibration-3 (a third calibration writer)
and train-2's answerable questions: the six sets the re-ranker is fitted on (docs/rules-api.md).
The blind set (search_quality.BLIND_SETS) is never read here. Each is searched
with its game; the inputs are the search's confidence features (`SearchResult.features`, those
named by --features) and the question's third-layer vector
(`embedding.question_vector`'s `layer3`: what *kind* of question it is — a card's printed contents, play
time, an opinion — which the ranking's features cannot see). The model is a logistic regression
(L2 on standardized inputs, classes weighted equally, fitted by Newton's method) whose target is
"the book answers this".

The threshold is taken from out-of-fold confidences (5 folds, 3 shuffles): the highest confidence
that abstains on at most p of the answerable questions when each is judged by a model fitted
without it (a model is kinder to its own training questions, so a threshold read off them
abstains on more new answerable ones). p is chosen by a rule stated before the fit was run
(session 8): the largest of 3%, 4%, 5% such that, when each writer's set is judged by a model
fitted on all the other sets, at the threshold that fit's own out-of-fold confidences give at p,
the pooled share of the left-out answerable questions wrongly abstained is at most 4% (a new
writer's answerable questions fall under a threshold more often than the fit's own). Printed: the
out-of-fold AUC and abstentions per set, and that leave-one-writer-out table for each p. With
--write the model goes to rulebook_index/data/abstention.json, which `search.confidence_of` reads,
and, with "kind" among the features (the default since session 15), the question classifier's
table to rulebook_index/data/question_kind.json, which `search.kind_score` reads (KindClassifier:
its score is stacked, each fit question's read from a classifier fitted without its writer),
and, with "neighbours" (the default since session 16; "neighbours_near" since session 17),
every fit question's sentence vector, game and label to rulebook_index/data/question_neighbours.npz,
which `search.neighbours_scores` reads (NeighbourMemory, stacked the same way). Refit after the
embedding, the ranking or the fit sets change.
"""

import argparse
import math
import multiprocessing
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from search_quality import BLIND_SETS, FIT_SETS, load, set_paths, writer_of  # noqa: E402

from rulebook_index import corpus, embedding, indexing, search  # noqa: E402

# every set whose labels stand, the ranking's fit sets (since the sixteenth session read from
# search_quality.FIT_SETS, the one list: blind-8, train-7, train-8 and calibration-6 joined the
# twenty-one there): the measured sets' unanswerable questions are the kinds a new writer asks
SETS = FIT_SETS
# The threshold rule (stated before any run of session 8): abstain on p of the fit sets' answerable
# questions out of fold, p the largest of these whose leave-one-writer-out pooled share of
# answerable questions wrongly abstained is at most POOLED_LIMIT.
SHARES = (0.03, 0.04, 0.05)
POOLED_LIMIT = 0.04
# what ships (session 17)
FEATURES = ["specific", "off_book", "printed", "kind", "neighbours", "neighbours_near"]
KIND = "kind"  # the question classifier's score (search.kind_score), stacked out of writer
# the nearest fit questions' shares answerable (search.neighbours_scores, in its order), too
NEIGHBOURS = ("neighbours", "neighbours_near")
KIND_ALPHA = 1.0
L2 = 0.3
FREE_L2 = 0.001
FOLDS, SHUFFLES = 5, 3
NEWTON_STEPS = 25


def fit(x: np.ndarray, y: np.ndarray, l2: float, free: int) -> tuple[float, np.ndarray]:
    """(bias, weights) on raw inputs of a logistic regression fitted on standardized ones; the
    first `free` inputs (the few named features, whose sign is known) are barely pulled toward
    0, the embedding's many are pulled by `l2`."""
    mean, sd = x.mean(0), x.std(0)
    sd[sd == 0] = 1.0
    # the embedding's dimensions share one scale: a few of them hardly vary at all, and dividing
    # by their own spread would blow their weights up
    sd[free:] = math.sqrt(float((sd[free:] ** 2).mean()))
    z = np.hstack([(x - mean) / sd, np.ones((len(x), 1))])
    balance = np.where(y == 1, len(y) / (2 * y.sum()), len(y) / (2 * (len(y) - y.sum())))
    penalty = np.full(z.shape[1], l2)
    penalty[:free] = FREE_L2
    penalty[-1] = 0.0  # the bias is not pulled toward 0
    w = np.zeros(z.shape[1])
    for _ in range(NEWTON_STEPS):
        p = 1 / (1 + np.exp(-np.clip(z @ w, -50, 50)))
        grad = z.T @ ((p - y) * balance) / len(y) + penalty * w
        hess = (z.T * (p * (1 - p) * balance)) @ z / len(y) + np.diag(penalty + 1e-9)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    raw = w[:-1] / sd
    return float(w[-1] - (raw * mean).sum()), raw


def confidences(model: tuple[float, np.ndarray], x: np.ndarray) -> np.ndarray:
    bias, w = model
    return np.round(1 / (1 + np.exp(-np.clip(x @ w + bias, -50, 50))), 3)  # as search reports


def out_of_fold(x: np.ndarray, y: np.ndarray, l2: float, free: int) -> np.ndarray:
    """Each question's confidence from models fitted without it (mean over the shuffles)."""
    out = np.zeros(len(y))
    for seed in range(SHUFFLES):
        order = np.random.default_rng(seed).permutation(len(y))
        for k in range(FOLDS):
            held = order[k::FOLDS]
            train = np.setdiff1d(order, held)
            out[held] += confidences(fit(x[train], y[train], l2, free), x[held])
    return out / SHUFFLES


def threshold_for(conf: np.ndarray, max_abstain: float) -> float:
    """The highest confidence (to three places) below which at most `max_abstain` of the
    answerable questions whose confidences are `conf` fall."""
    answerable = np.sort(conf)
    allowed = int(max_abstain * len(answerable))
    return math.floor(float(answerable[min(allowed, len(answerable) - 1)]) * 1000) / 1000


def auc(conf: np.ndarray, y: np.ndarray) -> float:
    """The chance that an answerable question scores above an unanswerable one (ties half); nan
    for a set of one kind."""
    pos, neg = conf[y == 1][:, None], conf[y == 0][None, :]
    if not pos.size or not neg.size:
        return float("nan")
    return float((pos > neg).mean() + 0.5 * (pos == neg).mean())


def abstains(conf: np.ndarray, y: np.ndarray, threshold: float, vetoed: np.ndarray) -> str:
    """Abstentions by the confidence alone, and with the search's vetoes (`search.VETOES`:
    off-book, unheard, asks nothing), which abstain whatever the confidence: what ships."""
    un = y == 0
    low = conf < threshold
    out = low | vetoed
    return (f"abstains on {int(out[un].sum())}/{int(un.sum())} unanswerable, "
            f"{int(out[~un].sum())}/{int((~un).sum())} answerable "
            f"(by the confidence alone {int(low[un].sum())}, {int(low[~un].sum())})")


class KindClassifier:
    """The question classifier `search.kind_score` reads: a naive Bayes over each question's
    grams (`search.question_grams`), binary, its log-count ratios of answerable against
    unanswerable smoothed by KIND_ALPHA. Its score enters the confidence *stacked*: every fit
    here reads each question's score from a classifier fitted without that question's writer
    (and without the writer the table leaves out), so the logistic model learns how far a new
    writer's score can be trusted; the search reads the classifier fitted on every writer."""

    def __init__(self, texts: list[str], y: np.ndarray, writers: np.ndarray):
        grams = [search.question_grams(t) for t in texts]
        self.keys = sorted(set().union(*grams))
        at = {k: i for i, k in enumerate(self.keys)}
        self.idx = [np.array(sorted(at[g] for g in gs), dtype=np.int64) for gs in grams]
        self.y, self.writers = y, writers

    def ratios(self, mask: np.ndarray) -> np.ndarray:
        """Each gram's log-count ratio over the questions in `mask` (a gram none of them holds:
        the ratio of the smoothed zero counts, as `search.kind_score` reads an unseen gram)."""
        pos, neg = np.zeros(len(self.keys)), np.zeros(len(self.keys))
        for i in np.flatnonzero(mask):
            (pos if self.y[i] else neg)[self.idx[i]] += 1
        n_pos, n_neg = int(self.y[mask].sum()), int((1 - self.y[mask]).sum())
        return (np.log((pos + KIND_ALPHA) / (n_pos + 2 * KIND_ALPHA))
                - np.log((neg + KIND_ALPHA) / (n_neg + 2 * KIND_ALPHA)))

    def scores(self, ratios: np.ndarray, rows: np.ndarray) -> np.ndarray:
        return np.array([round(float(ratios[self.idx[i]].sum() / math.sqrt(len(self.idx[i]) or 1)), 4)
                         for i in rows])

    def out_of_writer(self, without: str | None = None) -> np.ndarray:
        """Each question's score from a classifier fitted without its writer and `without`;
        `without`'s own questions from one fitted on every other writer."""
        out = np.zeros(len(self.y))
        for w in dict.fromkeys(self.writers.tolist()):
            mask = (self.writers != w) & (self.writers != without)
            if w == without:
                mask = self.writers != w
            rows = np.flatnonzero(self.writers == w)
            out[rows] = self.scores(self.ratios(mask), rows)
        return out

    def model(self, fitted_on: str) -> dict:
        ratios = self.ratios(np.ones(len(self.y), dtype=bool))
        n_pos, n_neg = int(self.y.sum()), int((1 - self.y).sum())
        unseen = math.log((n_neg + 2 * KIND_ALPHA) / (n_pos + 2 * KIND_ALPHA))
        return {"alpha": KIND_ALPHA, "unseen": round(unseen, 6), "fitted_on": fitted_on,
                "weights": {k: round(float(r), 4) for k, r in zip(self.keys, ratios, strict=True)}}


class NeighbourMemory:
    """The memory `search.neighbours_scores` reads: every fit question's sentence vector (float16,
    as shipped), its game and whether the book answers it. Stacked as KindClassifier is: a fit
    question's scores are read from the memory without its writer (and without the writer the
    table leaves out)."""

    def __init__(self, vectors: np.ndarray, games: np.ndarray, y: np.ndarray, writers: np.ndarray):
        self.shipped = vectors.astype(np.float16)
        self.queries, self.memory = vectors.astype(np.float32), self.shipped.astype(np.float32)
        self.games, self.y, self.writers = games, y.astype(np.float64), writers
        self._scores = {}

    def out_of_writer(self, without: str | None = None) -> np.ndarray:
        """Each question's scores (a row of `search.nearest_shares`) from the memory of its game
        without its writer and `without`; `without`'s own questions from every other writer's."""
        if without in self._scores:
            return self._scores[without]
        out = np.zeros((len(self.y), len(NEIGHBOURS)))
        for g in dict.fromkeys(self.games.tolist()):
            for w in dict.fromkeys(self.writers[self.games == g].tolist()):
                rows = np.flatnonzero((self.games == g) & (self.writers == w))
                keep = (self.games == g) & (self.writers != w)
                if w != without:
                    keep &= self.writers != without
                memory, answerable = self.memory[keep], self.y[keep]
                out[rows] = [search.nearest_shares(self.queries[i], memory, answerable) for i in rows]
        self._scores[without] = out
        return out

    def write(self) -> None:
        np.savez_compressed(search.QUESTION_NEIGHBOURS, vectors=self.shipped,
                            answerable=self.y.astype(np.int8), games=self.games.astype(str))


def inputs(searcher, questions, names) -> tuple[np.ndarray, list[str], np.ndarray, np.ndarray]:
    """Each question's named features and third-layer vector, its text as searched, its sentence
    vector, and which of the search's vetoes (`search.VETOES`) hold for it."""
    rows, texts, vectors, vetoes = [], [], [], []
    for q in questions:
        res = search.search(searcher, q["q"], q["game"], 5)
        question = embedding.question_vector(res.query)
        rows.append(np.concatenate([[res.features[n] for n in names], question.layer3]))
        texts.append(res.query)
        vectors.append(question.embedding)
        vetoes.append([res.features[v] == 1.0 for v in search.VETOES])
    return np.array(rows), texts, np.array(vectors), np.array(vetoes, dtype=bool)


class FitData:
    """Every fit set's questions as the fits read them: `x` (the named features, stacked ones
    read out of writer, then the third-layer vector), `y` (1: the book answers it), `writers`,
    `vetoes` (a column per `search.VETOES`), each set's rows, and each stacked input's scores
    without a given writer (`stacked[name](writer)`)."""

    def __init__(self, fit_sets: list[str], names: list[str]):
        self.fit_sets, self.names = fit_sets, names
        self.sets = {name: load(set_paths(name)) for name in fit_sets}
        with tempfile.TemporaryDirectory() as tmp:
            indexing.build(tmp)
            _, ix = indexing.open_current(tmp)
            with ix.searcher(weighting=search.WEIGHTING) as s:
                got = {name: inputs(s, qs, names) for name, qs in self.sets.items()}
            ix.close()
        self.texts = [t for name in fit_sets for t in got[name][1]]
        self.ys = {name: np.array([1 if q.get("answer") else 0 for q in qs])
                   for name, qs in self.sets.items()}
        self.x = np.vstack([got[name][0] for name in fit_sets])
        self.y = np.concatenate([self.ys[name] for name in fit_sets])
        self.vetoes = np.vstack([got[name][3] for name in fit_sets])
        self.rows_of, start = {}, 0
        for name in fit_sets:
            self.rows_of[name] = np.arange(start, start + len(self.ys[name]))
            start += len(self.ys[name])
        # the search's own scores are in sample: every fit reads each question's out of writer
        self.writers = np.concatenate([[writer_of(name)] * len(self.ys[name]) for name in fit_sets])
        # each stacked input: its scores without a writer (None: each question's own writer only)
        self.stacked, self.kind, self.memory = {}, None, None
        if KIND in names:
            self.kind = KindClassifier(self.texts, self.y, self.writers)
            self.stacked[KIND] = self.kind.out_of_writer
        if any(n in names for n in NEIGHBOURS):
            memory = self.memory = NeighbourMemory(
                np.vstack([got[name][2] for name in fit_sets]),
                np.array([q["game"] for name in fit_sets for q in self.sets[name]]), self.y,
                self.writers)
            for i, n in enumerate(NEIGHBOURS):
                if n in names:
                    self.stacked[n] = lambda without=None, i=i: memory.out_of_writer(without)[:, i]
        for n, scores in self.stacked.items():
            self.x[:, names.index(n)] = scores()

    @property
    def vetoed(self) -> np.ndarray:
        """Whether any veto holds for each question: the search never answers it."""
        return self.vetoes.any(axis=1)


def _left_out(data: FitData, l2: float, group: str):
    """One row of `leave_one_writer_out`: the group's sets judged by a fit on all the others."""
    held = [n for n in data.fit_sets if writer_of(n) == group]
    others = np.concatenate([data.rows_of[n] for n in data.fit_sets if writer_of(n) != group])
    rows = np.concatenate([data.rows_of[n] for n in held])
    xg = data.x.copy()
    for n, scores in data.stacked.items():  # no score of this fit's may come from one that saw `group`
        xg[:, data.names.index(n)] = scores(group)
    xo, yo = xg[others], data.y[others]
    oof_others = out_of_fold(xo, yo, l2, len(data.names))[yo == 1]
    conf = confidences(fit(xo, yo, l2, len(data.names)), xg[rows])
    return group, held, rows, conf, {p: threshold_for(oof_others, p) for p in SHARES}


_FORKED: tuple[FitData, float] | None = None  # what a forked worker of leave_one_writer_out reads


def _left_out_forked(group: str):
    return _left_out(*_FORKED, group)


def leave_one_writer_out(data: FitData, l2: float, jobs: int = 1) -> list[tuple[
        str, list[str], np.ndarray, np.ndarray, dict[float, float]]]:
    """Each writer group's sets judged by a fit on all the others: (group, its sets, its rows,
    their confidences, the fit's own out-of-fold threshold at each of SHARES), in `jobs` forked
    processes (each group's row is computed alike in any of them)."""
    global _FORKED
    groups = list(dict.fromkeys(writer_of(n) for n in data.fit_sets))
    if jobs <= 1:
        return [_left_out(data, l2, g) for g in groups]
    _FORKED = (data, l2)
    try:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            return pool.map(_left_out_forked, groups, chunksize=1)
    finally:
        _FORKED = None


def share_by_rule(table, data: FitData, vetoed: np.ndarray) -> tuple[float, dict[float, int], int]:
    """Session 8's rule over a leave-one-writer-out table: the largest of SHARES whose pooled
    share of left-out answerable questions wrongly abstained (by the confidence at the fit's
    threshold, or by a veto in `vetoed`: what the search does) is at most POOLED_LIMIT, else the
    smallest; with each share's count of answerable abstained, and the answerable."""
    wrong = {p: 0 for p in SHARES}
    answerable = 0
    for _, _, rows, conf, thresholds in table:
        yes = data.y[rows] == 1
        answerable += int(yes.sum())
        for p, t in thresholds.items():
            wrong[p] += int(((conf < t) | vetoed[rows])[yes].sum())
    passing = [p for p in SHARES if wrong[p] / answerable <= POOLED_LIMIT]
    return (max(passing) if passing else min(SHARES)), wrong, answerable


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--features", default=",".join(FEATURES),
                    help="comma-separated features of SearchResult.features, beside the embedding")
    ap.add_argument("--l2", type=float, default=L2, help="the pull of every weight toward 0")
    ap.add_argument("--sets", default=",".join(SETS),
                    help="the fit sets (left out by writer: search_quality.WRITERS)")
    ap.add_argument("--write", action="store_true", help="write rulebook_index/data/abstention.json")
    ap.add_argument("--jobs", type=int, default=1,
                    help="processes for the leave-one-writer-out table (the same figures; at most 4)")
    args = ap.parse_args(argv)
    names = [n for n in args.features.split(",") if n]
    fit_sets = args.sets.split(",")
    if set(BLIND_SETS) & set(fit_sets):
        ap.error(f"{', '.join(BLIND_SETS)} are blind: never fitted on")
    data = FitData(fit_sets, names)
    x, y, vetoed = data.x, data.y, data.vetoed
    free = len(names)
    print(f"{len(y)} questions ({int((y == 0).sum())} unanswerable), inputs: {names} + the "
          f"question's embedding ({x.shape[1] - len(names)}), L2 {args.l2}; vetoed "
          + ", ".join(f"{v} {int(data.vetoes[y == 0, i].sum())} unanswerable · "
                      f"{int(data.vetoes[y == 1, i].sum())} answerable"
                      for i, v in enumerate(search.VETOES)))
    # each writer's set judged by a fit on all the others, at that fit's own OOF threshold at p,
    # and abstained as the search abstains: below the threshold or vetoed
    print("leave one writer out (fit on the others; their own out-of-fold threshold at p; "
          "the vetoes counted):")
    table = leave_one_writer_out(data, args.l2, args.jobs)
    for _, held, rows, conf, thresholds in table:
        yh = y[rows]
        cells = [f"{p:.0%}: {abstains(conf, yh, t, vetoed[rows])} (threshold {t})"
                 for p, t in thresholds.items()]
        print(f"  {'+'.join(held):<14} AUC {auc(conf, yh):.3f}  " + "; ".join(cells), flush=True)
    share, wrong, answerable = share_by_rule(table, data, vetoed)
    _, by_confidence, _ = share_by_rule(table, data, np.zeros_like(vetoed))
    print("  pooled answerable wrongly abstained: " + ", ".join(
        f"{p:.0%}: {wrong[p]}/{answerable} ({wrong[p] / answerable:.1%}; by the confidence alone "
        f"{by_confidence[p]})" for p in SHARES))
    print(f"  p = {share:.0%}: the largest share whose pooled rate is at most {POOLED_LIMIT:.0%}"
          if wrong[share] / answerable <= POOLED_LIMIT
          else f"  no share holds {POOLED_LIMIT:.0%}: p = {share:.0%}, the smallest")
    print(f"  at p = {share:.0%}, unanswerable abstained · answerable wrongly abstained:")
    for _, held, rows, conf, thresholds in table:
        out, yes = (conf < thresholds[share]) | vetoed[rows], y[rows] == 1
        rate = out[yes].sum() / max(yes.sum(), 1)
        print(f"    {'+'.join(held):<14} {int(out[~yes].sum())}/{int((~yes).sum())} · "
              f"{int(out[yes].sum())}/{int(yes.sum())} ({rate:.1%}){'  above 5 %' if rate > 0.05 else ''}")
    total_un = sum(int(((conf < t[share]) | vetoed[rows])[y[rows] == 0].sum())
                   for _, _, rows, conf, t in table)
    print(f"    pooled {total_un}/{int((y == 0).sum())} · {wrong[share]}/{answerable}")

    oof = out_of_fold(x, y, args.l2, free)
    threshold = threshold_for(oof[y == 1], share)
    print(f"out of fold: AUC {auc(oof, y):.3f}; threshold {threshold} (p {share:.0%}) "
          f"{abstains(oof, y, threshold, vetoed)}")
    for name in fit_sets:
        part = data.rows_of[name]
        print(f"  {name:<14} AUC {auc(oof[part], y[part]):.3f}  "
              f"{abstains(oof[part], y[part], threshold, vetoed[part])}")

    bias, weights = fit(x, y, args.l2, free)
    model = {
        "bias": round(bias, 6),
        "weights": {n: round(float(w), 6) for n, w in zip(names, weights, strict=False)},
        "question_weights": [round(float(w), 5) for w in weights[len(names):]],
        "threshold": threshold,
        "l2": args.l2,
        "max_abstain": share,
        "fitted_on": ", ".join(f"{name}: {int(data.ys[name].sum())} answerable, "
                               f"{int((data.ys[name] == 0).sum())} unanswerable" for name in fit_sets),
    }
    print(f"fitted on all: bias {model['bias']}, weights {model['weights']}; "
          f"in sample {abstains(confidences((bias, weights), x), y, threshold, vetoed)}")
    if args.write:
        corpus.write_fitted_model("abstention", model)
        if data.kind is not None:
            corpus.write_fitted_model("question_kind", data.kind.model(model["fitted_on"]))
        if data.memory is not None:
            data.memory.write()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
