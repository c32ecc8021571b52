"""The components as data: Pilgrim and Demon profiles, Condition Cards, Weapon Cards.

Only what the rulebook prints ships in referee/data/journey-*.json; the rest is on the Profile
Sheets and cards at the table, entered at setup (options `pilgrim_profiles`, `demon_profiles`) or
with the event that needs it. Nothing here is guessed.
"""

from __future__ import annotations

import json
from pathlib import Path

DATA = Path(__file__).parent.parent / "data"

PILGRIMS = ("monkey_king", "cho_hakkai", "monk_sha", "tripitaka")
PILGRIM_NAMES = {"monkey_king": "Monkey King", "cho_hakkai": "Cho Hakkai", "monk_sha": "Monk Sha",
                 "tripitaka": "Tripitaka"}
DIE_FACES = (0, 1, 2, 3)  # "Each dice is numbered 0-3, with some numbers being duplicated." X = 0
MAX_WEAPON_LEVEL = 3
TRADE_BLOCK = 10          # Karma traded in blocks of 10
MASTER_SKILL_COST = 4


def _load(name: str) -> dict:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


_PILGRIM_DATA = _load("journey-pilgrims.json")
_DEMON_DATA = _load("journey-demons.json")
_CONDITION_DATA = _load("journey-conditions.json")
_CARD_DATA = _load("journey-cards.json")

PILGRIM_PROFILE_KEYS = ("max_hp", "max_chi", "mv", "attack_dice", "defense_dice", "cleanse_dice")
DEMON_PROFILE_KEYS = ("mv", "hp", "sp", "gkr", "bkr", "attack_dice", "demon_die", "targets",
                      "demon_die_results")
DEMON_TYPES = tuple(_DEMON_DATA["demons"])
CONDITION_KEYS = ("duration", "damage_now", "damage_each_turn", "cannot_attack", "paralyzed")


def pilgrim_profile(pilgrim: str, entered: dict | None) -> dict:
    """The printed profile with the table's entered values over it."""
    printed = _PILGRIM_DATA["pilgrims"][pilgrim]
    profile = {key: printed.get(key) for key in PILGRIM_PROFILE_KEYS}
    profile.update({k: v for k, v in (entered or {}).items() if v is not None})
    return profile


def demon_profile(kind: str, entered: dict | None) -> dict:
    printed = _DEMON_DATA["demons"][kind]
    profile = {key: printed.get(key) for key in DEMON_PROFILE_KEYS}
    profile.update({k: v for k, v in (entered or {}).items() if v is not None})
    profile["name"], profile["kind"], profile["lord"] = printed["name"], printed["kind"], printed["lord"]
    return profile


def demon_models(kind: str) -> int:
    return _DEMON_DATA["demons"][kind]["models"]


def demon_name(kind: str) -> str:
    printed = _DEMON_DATA["demons"][kind]
    return f"{printed['name']} ({printed['kind']})"


def weapon_damage(pilgrim: str, level: int, face: int) -> int | None:
    """The damage printed on the Weapon Card for a Pilgrim Die face, if the table filled it in."""
    table = _PILGRIM_DATA["weapons"]["tables"].get(pilgrim, {}).get(str(level))
    return None if table is None else table[face]


def condition_card(name: str) -> dict:
    printed = _CONDITION_DATA["conditions"].get(name, {})
    return {key: printed.get(key) for key in CONDITION_KEYS}


KNOWN_CONDITIONS = tuple(_CONDITION_DATA["conditions"])


def skill_card(name: str) -> dict:
    """What the rulebook prints about a Skill Card: its Pilgrim's deck, duration and the effect the
    referee acts on (None where it prints nothing)."""
    printed = _CARD_DATA["skills"].get(name, {})
    return {key: printed.get(key) for key in ("pilgrim", "duration", "effect")}


def another_pilgrims_skill(pilgrim: str, card: str) -> str | None:
    """Why `card` is not `pilgrim`'s, when the book prints it in another Pilgrim's Skill deck."""
    owner = skill_card(card)["pilgrim"]
    if owner in (None, pilgrim):
        return None
    return f"{card} is a {PILGRIM_NAMES[owner]} Skill Card, not {PILGRIM_NAMES[pilgrim]}'s."


def printed_deck(name: str) -> str | None:
    """The deck a card the rulebook names belongs to ("Skill", "Fortune", "Condition"), None for a
    card it does not name (the table's own decks hold more)."""
    for deck, cards in (("Skill", _CARD_DATA["skills"]), ("Fortune", _CARD_DATA["fortune"]),
                        ("Condition", KNOWN_CONDITIONS)):
        if name in cards:
            return deck
    return None


FORTUNE_CARDS = _CARD_DATA["decks"]["fortune"]["cards"]
CORRUPTION_CARDS = _CARD_DATA["decks"]["corruption"]["cards"]
TOKENS = {kind: entry["count"] for kind, entry in _CARD_DATA["tokens"].items()}
TOKEN_WORDS = {kind: entry["printed"][0] for kind, entry in _CARD_DATA["tokens"].items()}


def fortune_card(name: str) -> dict:
    """What the rulebook prints about a Fortune Card: the gain, whether a new Skill Card is
    selected with it (Om Mala of Knowledge)."""
    printed = _CARD_DATA["fortune"].get(name, {})
    return {"gain": printed.get("gain"), "selects_skill": bool(printed.get("selects_skill"))}
