"""Fine-tune the question side of the search's encoder (the paraphrase gap, session 15).

The passages keep the model's own vectors (rulebook_index/data/embeddings.npz, the int8 graph cut
after its third layer); only the question's encoder learns: low-rank deltas (LoRA) of the three
layers' weight matrices, trained so that a question's pooled third-layer vector lands near its
answer passage's frozen vector against every other passage of its game (a softmax over the
game's passages, its temperature fitted with the deltas). The answer passages are the ones
holding the question's verbatim answer, as the search's tests resolve them. A delta file (~0.3 MB
at rank 8) is added to the model's weights when the int8 graph is built (`embedding.Encoder(...,
delta)`). Measured in session 15 by its rule and not shipped (docs/rules-api.md): the search
encodes questions with the model itself.

Three steps, two virtualenvs (torch never in the project's: bench/requirements-train.txt):

    .venv/bin/python bench/train_encoder.py prepare /tmp/enc/data.npz
        # the fit sets' answerable questions (word-piece ids as the search embeds them), their
        # answer passages, every passage's vector, the model's weights (project venv)
    /work/train-venv/bin/python bench/train_encoder.py train /tmp/enc/data.npz OUT.npz \\
        [--held WRITERS] [--epochs 5] [--rank 8]
        # the deltas, never seeing the --held writer groups' questions (train venv, torch)
    .venv/bin/python bench/train_encoder.py evaluate /tmp/enc/data.npz --lists LISTS \\
        --folds FOLDS.json --deltas DIR
        # leaving each fold out: the re-ranker and adapter fitted on the other folds' questions
        # (bench/train_reranker.py's fit, L2 0.003 / 0.03), once with the model's question
        # vectors and once with the fold's fine-tuned encoder's (DIR/<fold>.npz, built into the
        # int8 graph as the search builds it), each fold ranked by its own fits
"""

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

LAYERS = 3
# the Linear layers of each transformer layer that get a low-rank delta
TARGETS = ("attention.self.query", "attention.self.key", "attention.self.value",
           "attention.output.dense", "intermediate.dense", "output.dense")


def questions_and_passages():
    """The fit sets' answerable questions (with "set", "writer") and the index build's passages."""
    import tempfile

    from search_quality import FIT_SETS, load, passages_holding, set_paths, writer_of

    from rulebook_index import indexing, search

    questions = [{**q, "set": s, "writer": writer_of(s)} for s in FIT_SETS
                 for q in load(set_paths(s)) if q.get("answer")]
    with tempfile.TemporaryDirectory() as tmp:
        indexing.build(tmp)
        _, ix = indexing.open_current(tmp)
        with ix.searcher(weighting=search.WEIGHTING) as s:
            vectors = search._passage_vectors(s)
        ix.close()
    for q in questions:
        q["text"] = search.plan_query(q["q"], q["game"]).text
        q["gold"] = passages_holding(q["game"], q["answer"])
    return questions, vectors


def prepare(out: Path) -> None:
    from safetensors.numpy import load_file

    from rulebook_index import embedding

    questions, vectors = questions_and_passages()
    keys = sorted(vectors.rows, key=lambda k: vectors.rows[k][0])
    at = {k: i for i, k in enumerate(keys)}
    games = sorted({g for g, _ in keys})
    tok = embedding.encoder().tokenizer
    ids = [tok.ids(q["text"], embedding.QUESTION_TOKENS) for q in questions]
    width = max(map(len, ids))
    padded = np.zeros((len(ids), width), dtype=np.int64)
    for i, x in enumerate(ids):
        padded[i, : len(x)] = x
    positives = np.zeros((len(questions), len(keys)), dtype=bool)
    for i, q in enumerate(questions):
        for key in q["gold"]:
            positives[i, at[key]] = True
    weights = {k.removeprefix("bert."): v for k, v in
               load_file(str(embedding.model_dir() / "model.safetensors")).items()}
    keep = {k: v for k, v in weights.items() if k.startswith("embeddings.") or any(
        k.startswith(f"encoder.layer.{i}.") for i in range(LAYERS))}
    np.savez(out, ids=padded, lengths=np.array(list(map(len, ids))),
             positives=positives, passages=vectors.vectors[[vectors.rows[k][0] for k in keys]],
             passage_game=np.array([games.index(g) for g, _ in keys]),
             question_game=np.array([games.index(q["game"]) for q in questions]),
             sets=np.array([q["set"] for q in questions]),
             writers=np.array([q["writer"] for q in questions]),
             texts=np.array([q["text"] for q in questions]),
             **{"w." + k: v for k, v in keep.items()})
    print(f"{len(questions)} answerable questions, {int(positives.any(1).sum())} with an answer "
          f"passage; {len(keys)} passages; written {out}")


REFERENCE_QUESTIONS = 12


def train(data_path: Path, out: Path, held: list[str], epochs: int, rank: int, rate: float,
          seed: int, reference: Path | None = None) -> None:
    import torch

    torch.set_num_threads(1)
    torch.manual_seed(seed)
    data = np.load(data_path)
    w = {k[2:]: torch.tensor(data[k]) for k in data.files if k.startswith("w.")}
    eps, heads, dim = 1e-12, 12, 384
    use = ~np.isin(data["writers"], held) & data["positives"].any(1)
    ids = torch.tensor(data["ids"][use])
    mask = (torch.arange(ids.shape[1])[None, :] < torch.tensor(data["lengths"][use])[:, None])
    positives = torch.tensor(data["positives"][use])
    same_game = torch.tensor(data["question_game"][use][:, None] == data["passage_game"][None, :])
    passages = torch.tensor(data["passages"]).float()
    names = [f"encoder.layer.{i}.{t}" for i in range(LAYERS) for t in TARGETS]
    lora_a = {n: torch.nn.Parameter(torch.randn(rank, w[n + ".weight"].shape[1])
                                    / w[n + ".weight"].shape[1] ** 0.5) for n in names}
    lora_b = {n: torch.nn.Parameter(torch.zeros(w[n + ".weight"].shape[0], rank)) for n in names}
    log_scale = torch.nn.Parameter(torch.tensor(np.log(20.0), dtype=torch.float32))
    ln = torch.nn.functional.layer_norm

    with_delta = [True]

    def linear(x, name):
        y = x @ w[name + ".weight"].T + w[name + ".bias"]
        return y + (x @ lora_a[name].T) @ lora_b[name].T if with_delta[0] else y

    def encode(ids, mask):
        n = ids.shape[1]
        x = w["embeddings.word_embeddings.weight"][ids] + w[
            "embeddings.position_embeddings.weight"][:n] + w[
            "embeddings.token_type_embeddings.weight"][0]
        x = ln(x, (dim,), w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"], eps)
        bias = (~mask)[:, None, None, :] * -1e4
        for i in range(LAYERS):
            p = f"encoder.layer.{i}."

            def split(t):
                return t.view(t.shape[0], n, heads, dim // heads).transpose(1, 2)

            q, k, v = (split(linear(x, p + f"attention.self.{s}")) for s in ("query", "key", "value"))
            att = torch.softmax(q @ k.transpose(-1, -2) / (dim // heads) ** 0.5 + bias, -1)
            ctx = (att @ v).transpose(1, 2).reshape(x.shape[0], n, dim)
            x = ln(linear(ctx, p + "attention.output.dense") + x, (dim,),
                   w[p + "attention.output.LayerNorm.weight"],
                   w[p + "attention.output.LayerNorm.bias"], eps)
            h = torch.nn.functional.gelu(linear(x, p + "intermediate.dense"))
            x = ln(linear(h, p + "output.dense") + x, (dim,), w[p + "output.LayerNorm.weight"],
                   w[p + "output.LayerNorm.bias"], eps)
        pooled = (x * mask[..., None]).sum(1) / mask.sum(1, keepdim=True)
        return torch.nn.functional.normalize(pooled, dim=-1)

    params = [*lora_a.values(), *lora_b.values(), log_scale]
    opt = torch.optim.AdamW(params, lr=rate, weight_decay=0.0)
    batch, n = 32, len(ids)
    steps = epochs * ((n + batch - 1) // batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=rate, total_steps=max(steps, 1),
                                                pct_start=0.1)
    start = time.process_time()
    for epoch in range(epochs):
        order, total = torch.randperm(n), 0.0
        for b in range(0, n, batch):
            idx = order[b : b + batch]
            width = int(mask[idx].sum(1).max())
            q = encode(ids[idx, :width], mask[idx, :width])
            logits = (q @ passages.T) * log_scale.exp()
            logits = logits.masked_fill(~same_game[idx], -1e9)
            loss = (torch.logsumexp(logits, 1)
                    - torch.logsumexp(logits.masked_fill(~positives[idx], -1e9), 1)).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += float(loss) * len(idx)
        print(f"epoch {epoch + 1}: loss {total / n:.4f}, scale {float(log_scale.exp()):.1f}, "
              f"{time.process_time() - start:.0f} s of CPU", flush=True)
    np.savez_compressed(out, rank=np.array(rank), held=np.array(held),
                        scale=np.array(float(log_scale.detach().exp())),
                        **{n + ".a": lora_a[n].detach().numpy().astype(np.float16) for n in names},
                        **{n + ".b": lora_b[n].detach().numpy().astype(np.float16) for n in names})
    print(f"{n} questions (held out: {', '.join(held) or 'none'}); written {out} "
          f"({out.stat().st_size} bytes)")
    if reference:  # the first questions' vectors, by the model and by the fine-tuned one
        texts = data["texts"][:REFERENCE_QUESTIONS].tolist()
        idx = torch.arange(REFERENCE_QUESTIONS)
        all_ids = torch.tensor(data["ids"][:REFERENCE_QUESTIONS])
        all_mask = (torch.arange(all_ids.shape[1])[None, :]
                    < torch.tensor(data["lengths"][:REFERENCE_QUESTIONS])[:, None])
        vectors = {}
        with torch.no_grad():
            for on in (False, True):
                with_delta[0] = on
                vectors[on] = encode(all_ids[idx], all_mask[idx]).numpy().round(6).tolist()
        reference.write_text(json.dumps(
            [{"text": t, "model": m, "fine_tuned": f}
             for t, m, f in zip(texts, vectors[False], vectors[True], strict=True)]))


def question_vectors(texts, delta: Path | None) -> np.ndarray:
    """The int8 question graph's vectors (with `delta`, built as the search builds it)."""
    import tempfile

    from rulebook_index import embedding

    with tempfile.TemporaryDirectory() as tmp:
        import os

        os.environ["ENCODER_DIR"] = tmp
        enc = embedding.Encoder(embedding.QUANTIZED, delta)
        out = np.array([enc.encode_question(t).embedding for t in texts], dtype=np.float32)
        del os.environ["ENCODER_DIR"]
    return out


def evaluate(data_path: Path, lists_path: Path, folds_path: Path, deltas: Path,
             no_adapter: bool, only: str = "", fold_names: str = "") -> None:
    import pickle

    import train_reranker as tr

    from rulebook_index import search

    data = np.load(data_path)
    lists = object.__new__(tr.Lists)
    with open(lists_path, "rb") as f:
        vars(lists).update(pickle.load(f))
    if lists.sets.tolist() != data["sets"].tolist():
        raise SystemExit(f"{lists_path} holds other questions than {data_path}")
    folds = json.loads(folds_path.read_text())
    names = list(search.FEATURES)
    w0 = np.array([search.HAND_WEIGHTS[k] for k in names])
    active = np.ones(len(names), dtype=bool)
    tau = min((tr.nll(lists, w0, t), t) for t in (1, 2, 4, 6, 8, 12, 16, 24))[1]
    writers = lists.writers
    configs = [("model", 0.03), ("fine-tuned", 0.03)] + ([("fine-tuned", 0.0)] if no_adapter else [])
    configs = [c for c in configs if c[0] == only] if only else configs
    if fold_names:
        folds = {f: folds[f] for f in fold_names.split(",")}
    ranked = {c: [None] * len(lists) for c in configs}
    for fold, members in folds.items():
        held = np.flatnonzero(np.isin(writers, members))
        train_idx = np.flatnonzero(~np.isin(writers, members))
        if only != "model":
            tuned = lists.take(np.arange(len(lists)))
            tuned.x = lists.x.copy()
            tuned.q = question_vectors(data["texts"].tolist(), deltas / f"{fold}.npz")
            _, _, tuned.x[:, :, tr._COS], tuned.x[:, :, tr._SENT_COS], _ = tr.Cosines(tuned)(None)
            tuned.x[~tuned.real] = 0.0
        for config in configs:
            d = lists if config[0] == "model" else tuned
            start = time.process_time()
            w, a = tr.fit(d.take(train_idx), w0, active, tau, 0.003, config[1])
            for i, r in zip(held, tr.ranks(tr.with_adapter(d.take(held), a), w), strict=True):
                ranked[config][i] = r
            rs = [ranked[config][i] for i in held]
            print(f"fold {fold} ({', '.join(members)}; {len(held)} q) {config[0]}, adapter L2 "
                  f"{config[1] or '-'}: {tr.figures(rs)} ({sum(r == 1 for r in rs)} / "
                  f"{sum(1 for r in rs if r and r <= 3)}; {time.process_time() - start:.0f} s)",
                  flush=True)
    shown = np.flatnonzero(np.isin(writers, [m for ms in folds.values() for m in ms]))
    for config in configs:
        rs = [ranked[config][i] for i in shown]
        label = f"{config[0]}, adapter L2 {config[1] or '-'}"
        tr.by_set(f"{label}, each fold left out:", lists.take(shown), [rs])
        tr.by_game(f"{label}, by game:", lists.take(shown), rs)
    Path(f"{folds_path}.{only or 'all'}.{'+'.join(folds)}.ranks.json").write_text(json.dumps(
        {f"{c[0]} {c[1]}": {str(i): ranked[c][i] for i in shown.tolist()} for c in configs}))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="step", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("out", type=Path)
    t = sub.add_parser("train")
    t.add_argument("data", type=Path)
    t.add_argument("out", type=Path)
    t.add_argument("--held", default="", help="writer groups never trained on (comma-separated)")
    t.add_argument("--epochs", type=int, default=5)
    t.add_argument("--rank", type=int, default=8)
    t.add_argument("--rate", type=float, default=1e-3)
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--reference", type=Path,
                   help="write the first questions' vectors (model and fine-tuned) to this JSON")
    e = sub.add_parser("evaluate")
    e.add_argument("data", type=Path)
    e.add_argument("--lists", type=Path, required=True)
    e.add_argument("--folds", type=Path, required=True,
                   help="JSON {fold: [writer groups]}; DIR/<fold>.npz trained without them")
    e.add_argument("--deltas", type=Path, required=True)
    e.add_argument("--no-adapter", action="store_true",
                   help="also fit the fine-tuned vectors' re-ranker without the adapter")
    e.add_argument("--only", choices=("model", "fine-tuned"), default="",
                   help="run one side only (the two can run in two processes)")
    e.add_argument("--fold-names", default="", help="these folds only (comma-separated)")
    args = ap.parse_args(argv)
    if args.step == "prepare":
        prepare(args.out)
    elif args.step == "train":
        train(args.data, args.out, [h for h in args.held.split(",") if h], args.epochs,
              args.rank, args.rate, args.seed, args.reference)
    else:
        evaluate(args.data, args.lists, args.folds, args.deltas, args.no_adapter, args.only,
                 args.fold_names)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
