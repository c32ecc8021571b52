"""The Whoosh index of every game's passages: schema, analyzer, and an atomic build.

Layout of an index directory::

    INDEX_DIR/
      CURRENT            name of the live build (replaced atomically)
      .lock              flock'd while building, so two processes never build at once
      ix-<hash>-<n>/     one complete Whoosh index plus build.json (its content hash)

A build writes into a temporary directory, renames it into place and then swaps CURRENT, so
a reader always sees either the old complete index or the new one. Readers never write.
"""

import contextlib
import fcntl
import functools
import hashlib
import json
import os
import shutil
import tempfile
import time
from pathlib import Path

from whoosh import index as whoosh_index
from whoosh.analysis import Filter, LowercaseFilter, RegexTokenizer, StemFilter
from whoosh.fields import ID, NUMERIC, STORED, TEXT, SchemaClass
from whoosh.lang.porter2 import stem as snowball_stem

from . import corpus, embedding, sections

# Bump when the schema, the analyzer or the passage splitting changes: it forces a rebuild.
INDEX_VERSION = "5"
POINTER = "CURRENT"
BUILD_INFO = "build.json"

WORD_PATTERN = r"[^\W_]+(?:['’][^\W_]+)*"


class ApostropheFilter(Filter):
    """player's -> player, can't -> cant: possessives and contractions as one plain word."""

    def __call__(self, tokens):
        for t in tokens:
            text = t.text.replace("’", "'")
            if text.endswith("'s"):
                text = text[:-2]
            t.text = text.replace("'", "")
            yield t


def make_analyzer():
    """Lower case, stemmed, and no stop list or minimum size: rules live in "may", "not",
    "can", "if" and "2".

    The stemmer is Porter2 (Snowball English). Whoosh's default Porter stemmer leaves "-ed"
    and "-ing" forms apart from their verb ("activated" -> activat, "activate" -> activ;
    "flipped" -> flipp; "winning" -> winn), so a question's verb missed the rulebook's."""
    return (
        RegexTokenizer(WORD_PATTERN)
        | LowercaseFilter()
        | ApostropheFilter()
        | StemFilter(stemfn=snowball_stem, cachesize=-1)
    )


ANALYZER = make_analyzer()


class PassageSchema(SchemaClass):
    id = ID(stored=True, unique=True)
    game = ID(stored=True)
    section_id = ID(stored=True)
    title = TEXT(analyzer=ANALYZER, stored=True, field_boost=2.0)
    path = TEXT(analyzer=ANALYZER, stored=True, field_boost=1.5)
    text = TEXT(analyzer=ANALYZER, stored=True)
    order = NUMERIC(stored=True)
    # all-MiniLM-L6-v2 unit vectors, float16 bytes: of "section path: passage text", and of
    # each of its sentences (sections.sentence_spans) one after another
    vector = STORED()
    sentence_vectors = STORED()


def _made_with() -> list[Path]:
    """Besides the corpus, what an index's content depends on: the code that turns the corpus into
    documents and their vectors, and the vectors' cache."""
    files = [Path(sections.__file__), Path(__file__), Path(embedding.__file__)]
    return files + ([embedding.CACHE] if embedding.CACHE.exists() else [])


def _inputs() -> list[Path]:
    files = [corpus.DATA_DIR / "games.json", *_made_with()]
    files += [corpus.rulebook_path(g) for g in corpus.GAME_IDS]
    files += sorted(corpus.GLOSSARY_DIR.glob("*.json"))
    return files


_hash_memo: dict[tuple, str] = {}


def expected_hash() -> str:
    """The content hash an index built now would carry (memoized on the inputs' stat, so a
    health check can ask often)."""
    key = tuple((str(p), st.st_mtime_ns, st.st_size) for p in _inputs() for st in [p.stat()])
    if key not in _hash_memo:
        _hash_memo.clear()
        _hash_memo[key] = _compute_hash()
    return _hash_memo[key]


def _compute_hash() -> str:
    h = hashlib.sha256()
    h.update(corpus.content_hash().encode())
    h.update(f"|v{INDEX_VERSION}|p{sections.PASSAGE_CHARS}|".encode())
    for path in _made_with():
        h.update(path.read_bytes())
    return h.hexdigest()


def current_dir(index_dir) -> Path | None:
    """The live build's directory, or None when there is none."""
    index_dir = Path(index_dir)
    try:
        name = (index_dir / POINTER).read_text(encoding="utf-8").strip()
    except OSError:
        return None
    path = index_dir / name
    if not name or "/" in name or not path.is_dir():
        return None
    return path


@functools.lru_cache(maxsize=64)
def _build_hash(path: Path, mtime_ns: int) -> str | None:
    try:
        with open(path / BUILD_INFO, encoding="utf-8") as f:
            return json.load(f).get("hash")
    except (OSError, ValueError):
        return None


def build_hash(path: Path) -> str | None:
    """The content hash a finished build recorded (builds never change once renamed in)."""
    try:
        return _build_hash(path, (path / BUILD_INFO).stat().st_mtime_ns)
    except OSError:
        return None


def is_current(index_dir) -> bool:
    """True when a complete index built from the present corpus is live in index_dir."""
    path = current_dir(index_dir)
    # build.json is written only after the Whoosh commit, so its presence means complete
    return path is not None and build_hash(path) == expected_hash()


@contextlib.contextmanager
def _lock(index_dir: Path):
    with open(index_dir / ".lock", "a+") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def _write_pointer(index_dir: Path, name: str) -> None:
    fd, tmp = tempfile.mkstemp(prefix=".CURRENT-", dir=index_dir)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(name + "\n")
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, index_dir / POINTER)


def _cleanup(index_dir: Path, keep: set[str]) -> None:
    """Remove stale builds, keeping the live one and the one before it (a reader that has
    just resolved CURRENT may still be opening it)."""
    builds = sorted(
        (p for p in index_dir.iterdir() if p.is_dir() and p.name.startswith("ix-")),
        key=lambda p: p.stat().st_mtime,
    )
    for p in builds[:-2]:
        if p.name not in keep:
            shutil.rmtree(p, ignore_errors=True)
    for p in index_dir.iterdir():
        if p.name.startswith(".build-") and p.is_dir():
            # a crashed build; live builds hold the lock, so none is running now
            shutil.rmtree(p, ignore_errors=True)


def embedded_texts(passage) -> list[str]:
    """What is embedded of a passage: its section path with its text, then each sentence."""
    text = passage.text
    return [f"{passage.path_text}: {text}",
            *(text[a:b] for a, b in sections.sentence_spans(text))]


def passage_vectors(passages) -> list[tuple[bytes, bytes]]:
    """(its vector, its sentences' vectors) of each passage, as float16 bytes."""
    texts = [embedded_texts(p) for p in passages]
    flat = embedding.vectors_for([t for ts in texts for t in ts])
    out, row = [], 0
    for ts in texts:
        out.append((flat[row].tobytes(), flat[row + 1 : row + len(ts)].tobytes()))
        row += len(ts)
    return out


def _build_locked(index_dir: Path, progress=None) -> Path:
    digest = expected_hash()
    tmp = Path(tempfile.mkdtemp(prefix=".build-", dir=index_dir))
    try:
        ix = whoosh_index.create_in(str(tmp), PassageSchema())
        writer = ix.writer()
        todo = [(g, sections.passages_for(g)) for g in corpus.GAME_IDS]
        total = sum(len(ps) for _, ps in todo)
        vectors = iter(passage_vectors([p for _, ps in todo for p in ps]))
        done = 0
        for game, passages in todo:
            for p in passages:
                vector, sentence_vectors = next(vectors)
                writer.add_document(
                    id=p.id,
                    game=game,
                    section_id=p.section_id,
                    title=p.title,
                    path=p.path_text,
                    text=p.text,
                    order=p.order,
                    vector=vector,
                    sentence_vectors=sentence_vectors,
                )
                done += 1
            if progress:
                progress(game, len(passages), done, total)
        writer.commit(optimize=True)
        ix.close()
        with open(tmp / BUILD_INFO, "w", encoding="utf-8") as f:
            json.dump(
                {"hash": digest, "passages": total, "built_at": time.time()}, f, indent=1
            )
        name = f"ix-{digest[:12]}-{time.time_ns()}"
        os.rename(tmp, index_dir / name)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    _write_pointer(index_dir, name)
    _cleanup(index_dir, keep={name})
    return index_dir / name


def build(index_dir, progress=None, force=False) -> bool:
    """Build the index unless it is current (or always, with force). Returns True if built.

    Safe when several processes call it at once: they take turns on a lock, and whoever comes
    second finds the index current and does nothing (unless forced).
    """
    index_dir = Path(index_dir)
    if not force and is_current(index_dir):
        return False
    index_dir.mkdir(parents=True, exist_ok=True)
    with _lock(index_dir):
        if not force and is_current(index_dir):
            return False
        _build_locked(index_dir, progress)
    return True


def open_current(index_dir):
    """(path, whoosh Index) of the live build, or (None, None)."""
    path = current_dir(index_dir)
    if path is None or not whoosh_index.exists_in(str(path)):
        return None, None
    return path, whoosh_index.open_dir(str(path))
