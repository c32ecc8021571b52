"""The question side's fine-tuned encoder (bench/train_encoder.py): the low-rank deltas shipped in
rulebook_index/data/question_encoder_delta.npz, added to the model's weights when the int8
question graph is built; the passages keep the model's own vectors."""

import json
from pathlib import Path

import numpy as np
import pytest

from rulebook_index import embedding

REFERENCE = Path(__file__).with_suffix(".json")


@pytest.fixture
def no_delta(tmp_path, monkeypatch):
    """The process's encoders as they are without a delta file."""
    monkeypatch.setattr(embedding, "QUESTION_DELTA", tmp_path / "absent.npz")
    embedding.question_encoder.cache_clear()
    embedding.question_vector.cache_clear()
    yield
    monkeypatch.undo()
    embedding.question_encoder.cache_clear()
    embedding.question_vector.cache_clear()


def test_without_the_delta_file_a_question_is_encoded_as_a_passage(no_delta):
    assert embedding.question_encoder() is embedding.encoder()
    text = "can my guy walk thru my buddy"
    assert np.array_equal(embedding.question_vector(text).embedding,
                          embedding.encoder().encode([text], embedding.QUESTION_TOKENS)[0])


@pytest.mark.skipif(not embedding.QUESTION_DELTA.exists(), reason="no fine-tuned encoder ships")
def test_the_question_graph_gives_the_fine_tuned_models_vectors():
    """bench/train_encoder.py's torch model, written with the shipped delta (--reference): the
    int8 question graph within int8's tolerance of its fine-tuned vectors (the model's own third
    layer is within 0.99 of the int8 graph's, tests/test_search_embedding.py), and the passage
    graph within it of the model's; the delta moves every one of these questions."""
    question_graph, passage_graph = embedding.question_encoder(), embedding.encoder()
    assert question_graph is not passage_graph
    for case in json.loads(REFERENCE.read_text(encoding="utf-8")):
        tuned, model = np.array(case["fine_tuned"]), np.array(case["model"])
        ours = question_graph.encode_question(case["text"]).embedding
        base = passage_graph.encode([case["text"]], embedding.QUESTION_TOKENS)[0]
        assert float(ours @ tuned) >= 0.985, case["text"]
        assert float(base @ model) >= 0.985, case["text"]
        assert float(tuned @ model) < 0.985, case["text"]  # the delta is applied, not ignored
        assert np.array_equal(embedding.question_vector(case["text"]).embedding, ours)


def test_a_delta_changes_the_question_graph_only(tmp_path, monkeypatch):
    """A zero delta gives the model's vectors; a delta is part of the question graph's name, so a
    new one builds a new graph (the older question graph removed), and the passage graph stays."""
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
