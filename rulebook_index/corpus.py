"""The corpus: the five rulebooks Tableside ships, and a metadata table per game.

Everything here is read from `rulebook_index/data/`; nothing reads `../shared` at run time.
"""

import functools
import gzip
import hashlib
import json
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent / "data"
GLOSSARY_DIR = DATA_DIR / "glossary"


@functools.cache
def _games() -> dict:
    with open(DATA_DIR / "games.json", encoding="utf-8") as f:
        return json.load(f)


GAME_IDS: tuple[str, ...] = tuple(_games())


def _entry(game_id: str) -> dict:
    try:
        return _games()[game_id]
    except (KeyError, TypeError):
        raise KeyError(game_id) from None


def game_meta(game_id: str) -> dict:
    """id, title, players (as the rulebook states them, or None) and rulebook file name."""
    entry = _entry(game_id)
    meta = {
        "id": game_id,
        "title": entry["title"],
        "players": entry.get("players"),
        "rulebook": entry["rulebook"],
    }
    if entry.get("players_note"):
        meta["players_note"] = entry["players_note"]
    return meta


def outline(game_id: str) -> dict[str, list[str]]:
    """Nesting the plain-text contents list lost (parent title -> child titles), if any."""
    return dict(_entry(game_id).get("outline", {}))


def lore_sections(game_id: str) -> list[str]:
    """Section titles the book uses for story rather than rules (besides Prologue & co.)."""
    return list(_entry(game_id).get("lore_sections", []))


def rulebook_path(game_id: str) -> Path:
    return DATA_DIR / _entry(game_id)["rulebook"]


@functools.cache
def rulebook_text(game_id: str) -> str:
    """The exact text of the game's rulebook file."""
    with open(rulebook_path(game_id), encoding="utf-8", newline="") as f:
        return f.read()


def glossary(game_id: str) -> dict[str, list[str]]:
    """The game's synonym table: a player's phrase -> rulebook terms (lower case)."""
    _entry(game_id)
    path = GLOSSARY_DIR / f"{game_id}.json"
    if not path.exists():
        return {}
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    return {k.lower(): [v.lower() for v in vs] for k, vs in data.get("synonyms", {}).items()}


def content_hash() -> str:
    """A hash of every input the index is built from: rulebooks, metadata and glossaries."""
    h = hashlib.sha256()
    files = [DATA_DIR / "games.json"]
    files += [rulebook_path(g) for g in GAME_IDS]
    files += sorted(GLOSSARY_DIR.glob("*.json"))
    for path in files:
        h.update(path.name.encode())
        h.update(b"\0")
        h.update(path.read_bytes())
        h.update(b"\0")
    return h.hexdigest()


@functools.cache
def english_words() -> frozenset[str]:
    """Lower-case English words (SCOWL via Debian's wamerican; see english-words.COPYRIGHT):
    a word a player spells right must not be "corrected" into a rulebook word."""
    with gzip.open(DATA_DIR / "english-words.txt.gz", "rt", encoding="utf-8") as f:
        return frozenset(line.strip() for line in f if line.strip())


@functools.cache
def common_glossary() -> dict:
    """Shared query data: synonyms for every game, question filler words, and everyday words
    that are spelt right even though no rulebook uses them."""
    path = GLOSSARY_DIR / "common.json"
    if not path.exists():
        return {}
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def fitted_model(name: str) -> dict:
    """A model fitted on the dev questions by a bench script and shipped as data: "abstention"
    ({"bias", "weights": {feature: w}, "threshold"}, bench/calibrate_abstention.py) or "reranker"
    ({"weights": {feature: w}, ...}, bench/train_reranker.py); empty when none is shipped."""
    path = DATA_DIR / f"{name}.json"
    if not path.exists():
        return {}
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def write_fitted_model(name: str, model: dict) -> None:
    with open(DATA_DIR / f"{name}.json", "w", encoding="utf-8") as f:
        json.dump(model, f, indent=1)
        f.write("\n")
