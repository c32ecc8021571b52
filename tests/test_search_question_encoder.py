"""The encoder with a question-side delta (bench/train_encoder.py's fine-tuned question encoder,
measured in session 15 and not shipped): low-rank weight changes added to the model's before the
int8 graph is built, in a graph of its own name."""

import numpy as np

from rulebook_index import embedding


def test_a_delta_builds_its_own_graph_and_moves_the_vectors(tmp_path, monkeypatch):
    """A zero delta gives the model's vectors; a delta is part of the graph's name, so a new one
    builds a new graph (the older delta's graph removed), and the model's own graph stays."""
    monkeypatch.setenv("ENCODER_DIR", str(tmp_path / "encoder"))
    name = "encoder.layer.0.attention.self.query"
    zero = tmp_path / "zero.npz"
    np.savez(zero, **{name + ".a": np.zeros((2, 384), np.float16),
                      name + ".b": np.zeros((384, 2), np.float16)})
    moved = tmp_path / "moved.npz"
    rng = np.random.default_rng(0)
    np.savez(moved, **{name + ".a": rng.normal(0, 0.3, (2, 384)).astype(np.float16),
                       name + ".b": rng.normal(0, 0.3, (384, 2)).astype(np.float16)})
    assert len({embedding.graph_path(True, d) for d in (None, zero, moved)}) == 3
    text = "who goes first"
    model = embedding.Encoder(True).encode([text], embedding.QUESTION_TOKENS)[0]
    assert np.array_equal(embedding.Encoder(True, zero).encode_question(text).embedding, model)
    changed = embedding.Encoder(True, moved).encode_question(text).embedding
    assert float(changed @ model) < 0.999
    built = sorted(p.name for p in (tmp_path / "encoder").glob("*.onnx"))
    assert built == sorted([embedding.graph_path(True).name, embedding.graph_path(True, moved).name])


def test_the_delta_is_the_low_rank_product(tmp_path):
    name = "encoder.layer.2.output.dense"
    a = np.arange(6, dtype=np.float16).reshape(2, 3)
    b = np.ones((4, 2), np.float16)
    np.savez(tmp_path / "d.npz", **{name + ".a": a, name + ".b": b})
    delta = embedding.read_delta(tmp_path / "d.npz")
    assert list(delta) == [name + ".weight"]
    assert np.array_equal(delta[name + ".weight"], np.tile([[3.0, 5.0, 7.0]], (4, 1)))
