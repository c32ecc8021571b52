"""Fit the second-stage re-ranker on the fit sets' answerable questions, with cross-validation.

    .venv/bin/python bench/train_reranker.py [--sets dev,train,...] [--fit-on dev,...]
        [--l2 0.01] [--adapter-l2 0.1] [--l2-grid 0.003,0.01] [--adapter-l2-grid 0.03,0.1]
        [--features a,b,...] [--folds 5] [--shuffles 3] [--lowo [--held SETS] [--writer-folds F]]
        [--lists FILE]
        [--write]

The fit sets (search_quality.FIT_SETS) are, since the fourteenth session, all fifteen written so
far (blind-6 joined them after its one measurement; D, fitted on the fourteen before it, was
decided by leaving one writer out against C, the twelfth session's thirteen, itself so decided
against B6, the ninth session's six: dev, train, train-2 and the three calibration sets'
answerable questions; docs/rules-api.md); --sets and
--fit-on choose others. A blind set (search_quality.BLIND_SETS) is never read here
(bench/search_quality.py reports it).

Each answerable question's first-stage candidates (`search.candidates`: the best
`search.CANDIDATES` passages by BM25F, with the re-ranker's features) are one list; the passages
holding the expected phrase are its right answers. The model is linear, like the hand-tuned blend
it replaces (`search.HAND_WEIGHTS`), and fitted listwise: a softmax over each question's
candidates, maximizing the probability of its right passages (NumPy, Adam), with an L2 pull toward
the hand-tuned weights (a new feature's prior weight is 0). The softmax temperature is fitted
first on the hand weights and then held. With --adapter-l2, a question adapter A (384 x 384,
pulled toward 0 by that L2) is fitted in the same softmax: the two cosine features are computed
from the question's embedding mapped to q + A q and renormalized (`search.adapted_question`), and
A moves with the weights (the cosines are always recomputed here from the raw question vector,
whatever adapter ships).

Cross-validation: the fit sets' questions are split in `--folds` folds (each set alike, so every
fold holds questions of every set: by position, then `--shuffles` - 1 seeded random orders; the
same every run); each fold is ranked by a model fitted on the others, and hit@1/hit@3/MRR of those
rankings, averaged over the shuffles, are printed per set and overall, beside the hand blend's, for
each L2 of the grid and each adapter L2 of --adapter-l2-grid (one assignment moves them by a point
or two). With --fit-on, every model (each fold's and the final one) is fitted only on the
questions of those sets, while all of --sets are ranked out of fold: the ninth session's
comparison of the three-set fit (A) and the six-set fit (B) on the same pooled questions.
With --lowo (the decision figure since the eleventh session) the folds are the writers: each
writer's sets (search_quality.WRITERS: dev, holdout and test are one writer's, train-3 and
blind-3 another's) are ranked by a fit on the other writers' sets of --fit-on, so no writer's
phrasing is in the fit that ranks it (folds within a set leak it); --held runs only the writers
of some sets, to split the fits over processes.
With --asked K the re-ranker reads one more feature, asked_before (`asked_votes`; measured in the
twelfth session, not shipped: +1 / -1 questions against its base by its rule): each candidate's
highest cosine between the question and one of its K nearest memory questions of the game whose
answer lies in it. The memory is the fitted questions, never the question's own writer's, nor,
leaving one writer out, the held writer's.
--lists keeps the candidates' features in a file (searching ~1,000 questions is ~1 min of CPU),
valid while the search's code and the index are unchanged. With --write the model fitted on
all of them goes to rulebook_index/data/reranker.json and the adapter to
rulebook_index/data/adapter.npz (removed when fitted without one), which the search reads.
"""

import argparse
import json
import pickle
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import search_quality  # noqa: E402
from search_quality import BLIND_SETS, load, norm, passages_holding, set_paths, writer_of  # noqa: E402

from rulebook_index import corpus, embedding, indexing, search  # noqa: E402

FIT_SETS = search_quality.FIT_SETS  # every set written so far but a blind one
L2_GRID = [0.003, 0.01, 0.03, 0.1]
STEPS = 200
RATE = 0.08
ADAPTER_RATE = 0.001


class Lists:
    """Every question's candidates as padded arrays: features (n, k, f), right answers (n, k),
    real candidates (n, k); `sets` names each question's set. For the adapter: the question's
    embedding (n, d), each candidate's passage vector (n, k, d), and its sentences' vectors (rows
    of `sentences`, the index build's sentence matrix: `sentence_rows[i][j]`)."""

    def __init__(self, rows, flags, sets, questions, passages, sentence_rows, sentences,
                 keys=None, gold=None, games=None):
        n, k = len(rows), max((len(r) for r in rows), default=1)
        f = len(search.FEATURES)
        self.x = np.zeros((n, k, f))
        self.right = np.zeros((n, k), dtype=bool)
        self.real = np.zeros((n, k), dtype=bool)
        self.pv = np.zeros((n, k, embedding.DIM), dtype=np.float32)
        for i, (r, fl) in enumerate(zip(rows, flags, strict=True)):
            self.x[i, : len(r)] = r
            self.right[i, : len(fl)] = np.array(fl, dtype=bool)
            self.real[i, : len(r)] = True
            self.pv[i, : len(r)] = passages[i]
        self.sets = np.array(sets)
        self.q = np.array(questions, dtype=np.float32).reshape(n, embedding.DIM)
        self.sentence_rows = sentence_rows
        self.sentences = sentences
        self.keys = keys  # each candidate's (game, passage id)
        self.gold = gold  # each question's right passages, (game, passage id), among all
        self.games = np.array(games)

    def take(self, idx) -> "Lists":
        out = object.__new__(Lists)
        out.x, out.right, out.real, out.sets = (self.x[idx], self.right[idx], self.real[idx],
                                                self.sets[idx])
        out.pv, out.q, out.sentences = self.pv[idx], self.q[idx], self.sentences
        out.sentence_rows = [self.sentence_rows[i] for i in idx]
        out.keys = [self.keys[i] for i in idx]
        out.gold = [self.gold[i] for i in idx]
        out.games = self.games[idx]
        return out

    @property
    def writers(self) -> np.ndarray:
        return np.array([writer_of(s) for s in self.sets.tolist()])

    def __len__(self) -> int:
        return len(self.x)


def lists(searcher, questions) -> Lists:
    names = list(search.FEATURES)
    vectors = search._passage_vectors(searcher)
    rows, flags, sets, qs, passages, sentence_rows = [], [], [], [], [], []
    keys, gold = [], []
    for item in questions:
        answer = norm(item["answer"])
        cands = search.candidates(searcher, item["q"], item["game"])
        rows.append(np.array([[f[k] for k in names] for _, f in cands]).reshape(-1, len(names)))
        flags.append([1 if answer in norm(d["text"]) else 0 for d, _ in cands])
        sets.append(item["set"])
        keys.append([(d["game"], d["id"]) for d, _ in cands])
        gold.append(passages_holding(item["game"], item["answer"]))
        qs.append(embedding.question_vector(search.plan_query(item["q"], item["game"]).text).embedding)
        at = [vectors.rows[(d["game"], d["id"])] for d, _ in cands]
        passages.append(vectors.vectors[[row for row, _, _ in at]].reshape(-1, embedding.DIM))
        # a passage without sentences stands for its own sentence, as in the search
        sentence_rows.append([np.arange(a, b) if b > a else np.array([len(vectors.sentences) + row])
                              for row, a, b in at])
    data = Lists(rows, flags, sets, qs, passages, sentence_rows,
                 np.vstack([vectors.sentences, vectors.vectors]), keys, gold,
                 [item["game"] for item in questions])
    # the cosines as the raw question vector gives them, whatever adapter ships
    _, _, data.x[:, :, _COS], data.x[:, :, _SENT_COS], _ = Cosines(data)(None)
    data.x[~data.real] = 0.0
    return data


class Cosines:
    """The two cosine features of every candidate for a question adapter A: the question's
    vector mapped to q + A q and renormalized (`search.adapted_question`), against the passage's
    vector and its closest sentence's. Every question is multiplied with every distinct passage
    and sentence vector in one matrix product each (a few thousand rows), and the candidates'
    cosines are read out of those products."""

    def __init__(self, data: Lists):
        n, k = data.real.shape
        pair_q, rows, starts, slots = [], [], [], []
        for i, per_question in enumerate(data.sentence_rows):
            for j, r in enumerate(per_question):
                starts.append(len(rows))
                slots.append(i * k + j)
                rows.extend(r.tolist())
                pair_q.extend([i] * len(r))
        self.shape = (n, k)
        self.pair_q = np.array(pair_q, dtype=int)
        self.rows = np.array(rows, dtype=int)  # rows of `sentences`
        self.sentences = data.sentences
        self.starts = np.array(starts, dtype=int)
        self.slots = np.array(slots, dtype=int)
        self.lengths = np.diff(np.append(self.starts, len(rows)))
        self.passages, at = np.unique(data.pv.reshape(n * k, -1), axis=0, return_inverse=True)
        self.passage_at = at.reshape(n * k)
        self.question_at = np.repeat(np.arange(n), k)
        self.pv, self.q = data.pv, data.q

    def __call__(self, a: np.ndarray | None):
        """(mapped questions, their norms before renormalizing, passage cosines (n, k), sentence
        cosines (n, k), the closest sentences' vectors (n, k, d))."""
        u = self.q if a is None else self.q + self.q @ a.T
        norms = np.linalg.norm(u, axis=1, keepdims=True)
        qa = u / norms
        n, k = self.shape
        passage = (self.passages @ qa.T)[self.passage_at, self.question_at].reshape(n, k)
        vals = (self.sentences @ qa.T)[self.rows, self.pair_q]
        best = np.maximum.reduceat(vals, self.starts)
        hit = vals == np.repeat(best, self.lengths)
        first = np.minimum.reduceat(np.where(hit, np.arange(len(vals)), len(vals)), self.starts)
        sentence = np.zeros(n * k)
        sentence[self.slots] = best
        closest = np.zeros((n * k, self.sentences.shape[1]), dtype=np.float32)
        closest[self.slots] = self.sentences[self.rows[first]]
        return qa, norms, passage, sentence.reshape(n, k), closest.reshape(n, k, -1)


_COS, _SENT_COS = search.FEATURES.index("cosine"), search.FEATURES.index("sentence_cosine")


def asked_votes(data: Lists, memory: np.ndarray, k: int) -> np.ndarray:
    """asked_before for every candidate (n, k): the highest cosine between the question and one
    of its `k` nearest questions of `memory` (by the question vectors, of the same game, never of
    its own writer, so never itself) whose right passages include the candidate; 0 when none
    does. Its own writer left out, a fit question sees the memory as a new writer's would."""
    # the memory's vectors as a search would hold them: float16, as in the vector cache
    sims = data.q @ data.q.astype(np.float16).astype(np.float32).T
    writers = data.writers
    out = np.zeros(data.real.shape)
    for i in range(len(data)):
        near = np.flatnonzero(memory & (data.games == data.games[i]) & (writers != writers[i]))
        near = near[np.argsort(-sims[i, near], kind="stable")[:k]]
        best: dict = {}
        for j in near:
            for key in data.gold[j]:
                best[key] = max(best.get(key, 0.0), float(sims[i, j]))
        out[i, : len(data.keys[i])] = [best.get(key, 0.0) for key in data.keys[i]]
    return out * data.real


def _log_softmax(scores: np.ndarray, real: np.ndarray) -> np.ndarray:
    s = np.where(real, scores, -np.inf)
    m = s.max(1, keepdims=True)
    return s - m - np.log(np.exp(s - m).sum(1, keepdims=True))


def nll(data: Lists, w: np.ndarray, tau: float) -> float:
    usable = data.right.any(1)
    ls = _log_softmax(tau * data.x[usable] @ w, data.real[usable])
    right = np.where(data.right[usable], ls, -np.inf)
    m = right.max(1, keepdims=True)
    per = m[:, 0] + np.log(np.exp(right - m).sum(1))
    return float(-per.sum() / len(data))


def _adam(param, grad, state, step, rate):
    m1, m2 = state
    m1 *= 0.9
    m1 += 0.1 * grad
    m2 *= 0.999
    m2 += 0.001 * grad**2
    param -= rate * (m1 / (1 - 0.9**step)) / (np.sqrt(m2 / (1 - 0.999**step)) + 1e-8)


def fit(data: Lists, w0: np.ndarray, active: np.ndarray, tau: float, l2: float,
        adapter_l2: float = 0.0) -> tuple[np.ndarray, np.ndarray | None]:
    """Listwise softmax regression by gradient descent (Adam), pulled toward w0; with
    `adapter_l2`, the question adapter A (pulled toward 0) is fitted jointly with the weights."""
    usable = np.flatnonzero(data.right.any(1))
    data = data.take(usable)
    x, right, real = data.x.copy(), data.right, data.real
    n = max(len(x), 1)
    w = w0.copy()
    state_w = (np.zeros_like(w), np.zeros_like(w))
    a = np.zeros((embedding.DIM, embedding.DIM), dtype=np.float32) if adapter_l2 else None
    state_a = (np.zeros_like(a), np.zeros_like(a)) if adapter_l2 else None
    cosines = Cosines(data) if adapter_l2 else None
    for step in range(1, STEPS + 1):
        if cosines:
            qa, norms, x[:, :, _COS], x[:, :, _SENT_COS], closest = cosines(a)
        p = np.exp(_log_softmax(tau * x @ w, real))  # each candidate's probability
        pr = np.where(right, p, 0.0)
        pr /= pr.sum(1, keepdims=True)  # ... among the right ones
        d = tau * (p - pr) / n
        g = l2 * (w - w0) + np.einsum("nk,nkf->f", d, x)
        g[~active] = 0.0
        if cosines:
            g_qa = np.einsum("nk,nkd->nd", d * w[_COS], cosines.pv) + np.einsum(
                "nk,nkd->nd", d * w[_SENT_COS], closest)
            g_u = (g_qa - qa * (qa * g_qa).sum(1, keepdims=True)) / norms
            _adam(a, (g_u.T @ cosines.q + adapter_l2 * a).astype(np.float32), state_a, step,
                  ADAPTER_RATE)
        _adam(w, g, state_w, step, RATE)
    return w, a


def with_adapter(data: Lists, a: np.ndarray | None) -> Lists:
    """The lists with their cosine features computed through the adapter `a`."""
    if a is None:
        return data
    out = data.take(np.arange(len(data)))
    out.x = data.x.copy()
    _, _, out.x[:, :, _COS], out.x[:, :, _SENT_COS], _ = Cosines(data)(a)
    return out


def ranks(data: Lists, w: np.ndarray) -> list[int | None]:
    """The rank of each question's first right candidate (None: none among them). Ties keep the
    first-stage order, as the search's stable sort does."""
    scores = np.where(data.real, data.x @ w, -np.inf)
    out = []
    for s, right in zip(scores, data.right, strict=True):
        order = sorted(range(len(s)), key=lambda i: -s[i])
        out.append(next((p for p, i in enumerate(order, 1) if right[i]), None))
    return out


def top_passages(data: Lists, w: np.ndarray, k: int = 3) -> list[list[str]]:
    """Each question's `k` best candidates' passage ids, best first, in `ranks`' order."""
    scores = np.where(data.real, data.x @ w, -np.inf)
    return [[data.keys[i][j][1] for j in sorted(range(len(s)), key=lambda j: -s[j])[:k]]
            for i, s in enumerate(scores)]


def figures(rs) -> str:
    n = len(rs) or 1
    h1 = sum(1 for r in rs if r == 1) / n
    h3 = sum(1 for r in rs if r and r <= 3) / n
    mrr = sum(1 / r for r in rs if r) / n
    return f"hit@1 {h1:.3f} · hit@3 {h3:.3f} · MRR {mrr:.3f}"


def folds_of(sets: np.ndarray, k: int, shuffle: int = 0) -> list[np.ndarray]:
    """k folds, each set split alike: question i of a set (in file order for shuffle 0, else in a
    seeded random order) goes to fold i mod k."""
    fold = np.zeros(len(sets), dtype=int)
    rng = np.random.default_rng(shuffle)
    for name in dict.fromkeys(sets.tolist()):
        idx = np.flatnonzero(sets == name)
        if shuffle:
            idx = rng.permutation(idx)
        fold[idx] = np.arange(len(idx)) % k
    return [np.flatnonzero(fold == i) for i in range(k)]


def by_set(label: str, data: Lists, runs: list[list[int | None]]) -> None:
    """Figures per set and overall, averaged over `runs` (one ranking per shuffle), each share
    with its count of questions."""
    print(label)
    groups = [*dict.fromkeys(data.sets.tolist()), "all"]
    for name in groups:
        keep = [i for i, s in enumerate(data.sets) if name in (s, "all")]
        rs = [[run[i] for i in keep] for run in runs]
        n = len(keep) or 1
        top1 = np.mean([sum(1 for r in x if r == 1) for x in rs])
        top3 = np.mean([sum(1 for r in x if r and r <= 3) for x in rs])
        mrr = np.mean([sum(1 / r for r in x if r) / n for x in rs])
        print(f"    {name:<14} {len(keep):>4} q  hit@1 {top1 / n:.3f} ({top1:g}) · hit@3 "
              f"{top3 / n:.3f} ({top3:g}) · MRR {mrr:.3f}", flush=True)


def by_game(label: str, data: Lists, ranked: list[int | None]) -> None:
    """One ranking's figures per game, each share with its count of questions."""
    print(label)
    for game in dict.fromkeys(data.games.tolist()):
        rs = [r for r, g in zip(ranked, data.games.tolist(), strict=True) if g == game]
        top1, top3 = sum(1 for r in rs if r == 1), sum(1 for r in rs if r and r <= 3)
        print(f"    {game:<16} {len(rs):>4} q  hit@1 {top1 / len(rs):.3f} ({top1}) · hit@3 "
              f"{top3 / len(rs):.3f} ({top3}) · MRR {sum(1 / r for r in rs if r) / len(rs):.3f}")


def cross_validated(data: Lists, folds: int, shuffles: int, fit_one) -> list[list[int | None]]:
    """Each question's rank by a model fitted without its fold (`fit_one(train) -> rank(held)`),
    once per shuffle of the folds."""
    runs = []
    for shuffle in range(shuffles):
        cv: list[int | None] = [None] * len(data)
        for held in folds_of(data.sets, folds, shuffle):
            rank = fit_one(np.setdiff1d(np.arange(len(data)), held))
            for i, r in zip(held, rank(held), strict=True):
                cv[i] = r
        runs.append(cv)
    return runs


def left_out(data: Lists, fitted: np.ndarray, fit_one, held_sets,
             folds: dict[str, list[str]] | None = None) -> list[list[int | None]]:
    """Leave one writer out: each writer's questions (of the groups holding a set of
    `held_sets`; `search_quality.WRITERS`) ranked by a model fitted on the fitted questions of
    every other writer (`fit_one(train, memory) -> rank(held)`, the memory of asked_before the
    same questions), each group's figures printed as it is ranked; the others' ranks stay None.
    Groups that are not fitted on share one model, the fit on all the fitted sets. With `folds`
    ({fold: [writer groups]}), the writers of a fold are left out together, one fit a fold."""
    ranked: list[int | None] = [None] * len(data)
    models = {}
    fold_of = {w: f for f, ws in (folds or {}).items() for w in ws}
    writers = np.array([fold_of.get(w, w) for w in data.writers.tolist()])
    held_groups = {fold_of.get(writer_of(s), writer_of(s)) for s in held_sets}
    for group in dict.fromkeys(writers.tolist()):
        if group not in held_groups:
            continue
        held = np.flatnonzero(writers == group)
        others = (writers != group) & fitted
        train = np.flatnonzero(others)
        key = tuple(sorted(set(data.sets[train].tolist())))
        if key not in models:
            models[key] = fit_one(train, others)
        for i, r in zip(held, models[key](held), strict=True):
            ranked[i] = r
        by_set(f"  {group} (writer: {', '.join(dict.fromkeys(data.sets[held].tolist()))}) "
               f"left out:", data.take(held), [[ranked[i] for i in held]])
    return [ranked]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", default=",".join(FIT_SETS), help="the fit sets")
    ap.add_argument("--features", default=",".join(search.HAND_WEIGHTS),
                    help="features the fit may move (the others keep their hand weight)")
    ap.add_argument("--l2", type=float, default=0.01, help="the pull toward the hand weights")
    ap.add_argument("--l2-grid", default=",".join(map(str, L2_GRID)),
                    help="the L2s cross-validated")
    ap.add_argument("--adapter-l2", type=float, default=0.0,
                    help="fit the question adapter too, pulled toward 0 by this L2 (0: none)")
    ap.add_argument("--adapter-l2-grid", default="",
                    help="adapter L2s cross-validated, each with every L2 of --l2-grid "
                         "(default: --adapter-l2 alone)")
    ap.add_argument("--fit-on", default="",
                    help="fit only on these of --sets (default: all of them); the "
                         "cross-validation still ranks every question of --sets out of fold")
    ap.add_argument("--lists", type=Path,
                    help="a file keeping the candidates' features: read when it exists (for "
                         "the same --sets), else written (the search's code must not change)")
    ap.add_argument("--folds", type=int, default=5, help="0: no cross-validation")
    ap.add_argument("--lowo", action="store_true",
                    help="cross-validate leaving one writer out instead of by folds: each set "
                         "ranked by a fit on the other sets of --fit-on (the decision figure "
                         "since the eleventh session)")
    ap.add_argument("--writer-folds", type=Path,
                    help="with --lowo, a JSON {fold: [writer groups]} (bench/encoder-folds.json): "
                         "the writers of a fold are left out together, one fit a fold")
    ap.add_argument("--held", default="",
                    help="with --lowo, leave out only these sets (default: each of --sets), to "
                         "split the runs; the pooled figure is then over these sets alone")
    ap.add_argument("--ranks", type=Path,
                    help="with --lowo, write each left-out question's set, game, question, "
                         "rank (null: not among the candidates) and its three best passages' ids "
                         "to this JSON file")
    ap.add_argument("--candidates", type=int, default=search.CANDIDATES,
                    help="first-stage candidates a question's list holds (default: the search's; "
                         "--lists keeps one count's lists: give each its own file)")
    ap.add_argument("--vector-candidates", type=int, default=search.VECTOR_CANDIDATES,
                    help="passages nearest the question's vector added to the first stage's "
                         "(default: the search's; --lists keeps one count's lists)")
    ap.add_argument("--shuffles", type=int, default=3,
                    help="cross-validation repeated over this many fold assignments (averaged)")
    ap.add_argument("--asked", type=int, default=0,
                    help="add the asked_before feature over this many nearest fit questions "
                         "(0: none; a new feature unless the search already has it)")
    ap.add_argument("--write", action="store_true", help="write rulebook_index/data/reranker.json")
    args = ap.parse_args(argv)
    if args.write and args.asked:
        ap.error("asked_before is measured only: it missed its rule (docs/rules-api.md)")
    names = list(search.FEATURES)
    active = np.array([k in args.features.split(",") for k in names])
    w0 = np.array([search.HAND_WEIGHTS[k] for k in names])
    fit_sets = args.sets.split(",")
    if set(BLIND_SETS) & set(fit_sets):
        ap.error(f"{', '.join(BLIND_SETS)} are blind: never fitted on")
    fit_on = args.fit_on.split(",") if args.fit_on else fit_sets
    if set(fit_on) - set(fit_sets):
        ap.error("--fit-on names sets that --sets does not")
    search.CANDIDATES = args.candidates
    search.VECTOR_CANDIDATES = args.vector_candidates
    folds = json.loads(args.writer_folds.read_text()) if args.writer_folds else None
    questions = [{**q, "set": name} for name in fit_sets
                 for q in load(set_paths(name)) if q.get("answer")]
    if args.lists and args.lists.exists():
        data = object.__new__(Lists)
        with open(args.lists, "rb") as f:
            vars(data).update(pickle.load(f))
        if data.sets.tolist() != [q["set"] for q in questions]:
            ap.error(f"{args.lists} holds other questions than --sets")
    else:
        with tempfile.TemporaryDirectory() as tmp:
            indexing.build(tmp)
            _, ix = indexing.open_current(tmp)
            with ix.searcher(weighting=search.WEIGHTING) as s:
                data = lists(s, questions)
            ix.close()
        if args.lists:
            with open(args.lists, "wb") as f:
                pickle.dump(vars(data), f)
    if args.asked:  # one more feature, which the search does not have
        names.append("asked_before")
        data.x = np.concatenate([data.x, np.zeros((*data.x.shape[:2], 1))], axis=2)
        w0, active = np.append(w0, 0.0), np.append(active, True)
    fitted = np.isin(data.sets, fit_on)

    def with_asked(memory):
        """The lists with asked_before computed from `memory` (with --asked)."""
        if not args.asked:
            return data
        out = data.take(np.arange(len(data)))
        out.x = data.x.copy()
        out.x[:, :, -1] = asked_votes(data, memory, args.asked)
        return out

    if args.folds == 0 and not args.write:
        return 0  # the lists alone (--lists)
    on = data.take(np.flatnonzero(fitted))
    tau = min((nll(on, w0, t), t) for t in (1, 2, 4, 6, 8, 12, 16, 24))[1]
    print(f"{len(data)} answerable questions ({', '.join(fit_sets)}), "
          f"{int(data.right.any(1).sum())} with a right passage among the candidates; "
          f"softmax temperature {tau}; fitted on {', '.join(fit_on)}", flush=True)
    by_set("hand blend:", data, [ranks(data, w0)])
    adapter_grid = ([float(x) for x in args.adapter_l2_grid.split(",")] if args.adapter_l2_grid
                    else [args.adapter_l2])
    tops: dict[int, list[str]] = {}  # with --lowo --ranks: each left-out question's best three
    for adapter_l2 in adapter_grid if args.lowo or args.folds > 1 else []:
        for l2 in [float(x) for x in args.l2_grid.split(",")]:
            def fit_one(train, memory=fitted, l2=l2, adapter_l2=adapter_l2):
                d = with_asked(memory)
                w, a = fit(d.take(train[fitted[train]]), w0, active, tau, l2, adapter_l2)

                def rank(held):
                    ranked = with_adapter(d.take(held), a)
                    tops.update(zip(held.tolist(), top_passages(ranked, w), strict=True))
                    return ranks(ranked, w)
                return rank
            if args.lowo:
                held_sets = args.held.split(",") if args.held else fit_sets
                ranked = left_out(data, fitted, fit_one, held_sets, folds)[0]
                held_writers = {writer_of(s) for s in held_sets}
                if folds:  # every writer of a fold holding one of them
                    held_writers |= {w for ws in folds.values() if held_writers & set(ws)
                                     for w in ws}
                shown = np.flatnonzero(np.isin(data.writers, sorted(held_writers)))
                ranked_data, runs = data.take(shown), [[ranked[i] for i in shown]]
                how = "leave one writer out"
                by_game(f"by game, L2 {l2}, adapter L2 {adapter_l2 or '-'}, left out:",
                        ranked_data, runs[0])
                if args.ranks:
                    args.ranks.write_text(json.dumps(
                        [{"set": questions[i]["set"], "game": questions[i]["game"],
                          "q": questions[i]["q"], "rank": ranked[i], "top": tops.get(i)}
                         for i in shown.tolist()]))
            else:
                ranked_data = data
                runs = cross_validated(data, args.folds, args.shuffles, fit_one)
                how = f"cross-validated, {args.shuffles} shuffles"
            by_set(f"learned, L2 {l2}, adapter L2 {adapter_l2 or '-'} ({how}, fitted on "
                   f"{', '.join(fit_on)}):", ranked_data, runs)
    if args.lowo and not args.write:
        return 0  # the fit on all, in sample, says nothing the left-out figures need
    data = with_asked(fitted)
    on = data.take(np.flatnonzero(fitted))
    w, a = fit(on, w0, active, tau, args.l2, args.adapter_l2)
    by_set(f"fitted on all at L2 {args.l2} (on its own data):", data,
           [ranks(with_adapter(data, a), w)])
    weights = {k: round(float(v), 4) for k, v in zip(names, w, strict=True)}
    print(weights)
    if args.write:
        counts = {s: int((data.sets == s).sum()) for s in fit_on}
        model = {"weights": weights, "l2": args.l2, "temperature": tau,
                 "adapter_l2": args.adapter_l2 or None,
                 "fitted_on": ", ".join(f"{n} answerable {s}" for s, n in counts.items())
                 + " questions"}
        corpus.write_fitted_model("reranker", model)
        if a is None:
            search.ADAPTER.unlink(missing_ok=True)
        else:
            np.savez_compressed(search.ADAPTER, matrix=a.astype(np.float16),
                                l2=np.array(args.adapter_l2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
