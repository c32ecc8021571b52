"""Pilgrims cards as data: the symbols the rulebook prints, and JSON Schemas for a card as the players
read it off the table.

The rulebook prints the symbols but not the cards, so a card is entered by its symbols (an item by its
adventure and activation symbols, a companion by its type(s) and activation symbol(s), an adventure
by its level, party requirement, crosses, items cost, improvement, clover reward and victory points).
A table may also fill in `referee/data/pilgrims-cards.json` with its copy's cards and name them
instead: `resolve` turns a name into the card it stands for.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import jsonschema

from referee.core import BadRequest

# "red fist ..., blue speech bubble ..., green leaf ..., gold coin (representing wild card)"
ADVENTURE_SYMBOLS = ("fist", "speech", "leaf", "coin")
WILD = "coin"
# "sword (weapon), notes (musical instrument), compass (wayfarer item) or star (magic item)"
ACTIVATION_SYMBOLS = ("sword", "notes", "compass", "star")
# "wanderers, noblehearts, beasts, and scoundrels"
COMPANION_TYPES = ("wanderer", "nobleheart", "beast", "scoundrel")
ANY_COMPANION = "?"
# What an improvement shows, as far as the rules need to tell them apart: a means of movement
# (public quest 4), a discount (public quest 6), an additional companion or reserved card.
IMPROVEMENT_KINDS = ("movement", "discount", "companion", "reserve", "other")
# The Public Quests List: tile letter -> the missions printed for it.
QUEST_MISSIONS = {
    "A": {"1a": "wanderer", "1b": "nobleheart", "1c": "beast", "1d": "scoundrel"},
    "B": {"2a": "star", "2b": "sword", "2c": "notes", "2d": "compass"},
    "C": {
        "3": "adventure cards with a clover token(s) reward",
        "4": "adventure cards with an improvement with any means of movement",
        "5": "level II adventure cards",
        "6": "adventure cards with a discount improvement",
    },
}
MISSION_TILE = {mission: letter for letter, ms in QUEST_MISSIONS.items() for mission in ms}
QUILL_SPACES = ("top", "middle", "bottom")

DATA_FILE = Path(__file__).resolve().parent.parent / "data" / "pilgrims-cards.json"

NAME = {"type": "string", "minLength": 1, "maxLength": 60}

ITEM_SCHEMA = {
    "type": "object",
    "properties": {
        "adventure": {"enum": list(ADVENTURE_SYMBOLS)},
        "activation": {"enum": list(ACTIVATION_SYMBOLS)},
        "name": NAME,
    },
    "required": ["adventure", "activation"],
    "additionalProperties": False,
}

ABILITY_KINDS = (
    "move",  # a movement diagram: move a second time and take that space's card
    "reserve",  # reserve an adventure card
    "draw item",  # draw 1 item card (or draw 2, keep one)
    "take item",  # take an item card of the shown colour from the map (any space, or an adjacent one)
    "another activation",  # play another item card to activate another character this turn
    "gain clover",
    "draw companion",  # draw 2 companion cards, keep one
    "passed-over item",  # take 1 item card from a passed-over space during travel
    "swap items",  # before moving, swap two mutually orthogonally adjacent item cards on the map
    "extra space",  # when moving by the depicted means, move 1 more space (used by the move itself)
)
# Reference: Triggers -- what must happen for an improvement's reward to the arrow's right.
TRIGGERS = {
    "means": "• When moving by the depicted means.",
    "figure": ("• When the player moves their figure over or onto a space with another player's "
               "figure (even solo figures)."),
    "color": "• When the player plays an item card of the shown color to activate a character.",
    "adventure": "• When the player completes an adventure card (excluding this one).",
    "corner": "• When the player moves their figure to a corner space on the map.",
    "activation": ("• When the player plays an item card with the shown activation symbol to "
                   "activate a character."),
}
TRIGGER_SCHEMA = {
    "type": "object",
    "properties": {
        "when": {"enum": list(TRIGGERS)},
        "means": {"type": "integer", "minimum": 1, "maximum": 4,
                  "description": "the movement space (1-4) whose means of travel is depicted"},
        "color": {"enum": list(ADVENTURE_SYMBOLS),
                  "description": "red fist, blue speech, green leaf or gold coin"},
        "activation": {"enum": list(ACTIVATION_SYMBOLS)},
    },
    "required": ["when"],
    "additionalProperties": False,
}

COMPANION_SCHEMA = {
    "type": "object",
    "properties": {
        "types": {"type": "array", "items": {"enum": list(COMPANION_TYPES)}, "minItems": 1,
                  "maxItems": 4, "uniqueItems": True},
        "activation": {"type": "array", "items": {"enum": list(ACTIVATION_SYMBOLS)},
                       "minItems": 1, "maxItems": 4, "uniqueItems": True},
        "abilities": {"type": "array", "items": {"enum": list(ABILITY_KINDS)},
                      "uniqueItems": True},
        "name": NAME,
    },
    "required": ["types", "activation"],
    "additionalProperties": False,
}

LEADER_SCHEMA = {
    "type": "object",
    "properties": {
        "activation": {"type": "array", "items": {"enum": list(ACTIVATION_SYMBOLS)},
                       "minItems": 1, "maxItems": 4, "uniqueItems": True},
        "abilities": {"type": "array", "items": {"enum": list(ABILITY_KINDS)},
                      "uniqueItems": True},
        "name": NAME,
    },
    "required": ["activation"],
    "additionalProperties": False,
}

ADVENTURE_SCHEMA = {
    "type": "object",
    "properties": {
        "level": {"enum": [1, 2]},
        "points": {"type": "integer", "minimum": 0, "maximum": 50},
        "clovers": {"type": "integer", "minimum": 0, "maximum": 10},
        "party": {"type": "array", "items": {"enum": [*COMPANION_TYPES, ANY_COMPANION]},
                  "maxItems": 4},
        "crosses": {"type": "integer", "minimum": 0, "maximum": 4},
        "cost": {"type": "array", "items": {"enum": list(ADVENTURE_SYMBOLS)}, "maxItems": 8},
        "improvement": {"type": "array", "items": {"enum": list(IMPROVEMENT_KINDS)},
                        "uniqueItems": True},
        "discount": {"enum": [*ADVENTURE_SYMBOLS[:3], "any"]},
        "trigger": TRIGGER_SCHEMA,
        "abilities": {"type": "array", "items": {"enum": list(ABILITY_KINDS)},
                      "uniqueItems": True,
                      "description": "the improvement's reward(s) to the arrow's right"},
        "crossed_clover": {"type": "boolean",
                           "description": "the improvement shows a crossed-out clover"},
        "name": NAME,
    },
    "required": ["level", "points"],
    "additionalProperties": False,
}

SPACE_SCHEMA = {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 5},
                "minItems": 2, "maxItems": 2}

JOURNEY_SCHEMA = {
    "type": "object",
    "properties": {
        "spaces": {"type": "array", "minItems": 3, "maxItems": 3, "items": SPACE_SCHEMA},
        "points": {"type": "integer", "minimum": 0, "maximum": 20},
        "clovers": {"type": "integer", "minimum": 0, "maximum": 10},
        "abilities": {"type": "array", "items": {"enum": list(ABILITY_KINDS)},
                      "uniqueItems": True,
                      "description": "an immediate reward other than clovers, as it is shown"},
        "name": NAME,
    },
    "required": ["spaces", "points"],
    "additionalProperties": False,
}


DEFS = {
    "item": ITEM_SCHEMA,
    "companion": COMPANION_SCHEMA,
    "leader": LEADER_SCHEMA,
    "adventure": ADVENTURE_SCHEMA,
    "journey": JOURNEY_SCHEMA,
    "space": SPACE_SCHEMA,
}


def ref(kind: str) -> dict:
    """A schema for a card of `kind`, given by its symbols or by its name in the card table."""
    return {"oneOf": [DEFS[kind], {"type": "string", "minLength": 1}]}


@functools.cache
def card_table() -> dict:
    """The user-filled card table (empty sections when the table has not filled it in)."""
    try:
        data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return {k: v for k, v in data.items() if isinstance(v, dict)}


def resolve(kind: str, card, field: str):
    """The card itself: a dict as entered, or the card a name stands for in the card table."""
    if not isinstance(card, str):
        error = jsonschema.exceptions.best_match(
            jsonschema.Draft202012Validator(DEFS[kind]).iter_errors(card))
        if error is not None:
            raise BadRequest(f"not a{'n' if kind[0] in 'aei' else ''} {kind} card: "
                             f"{error.message}", field)
        return card
    section = card_table().get(kind + "s", {})
    if card not in section:
        raise BadRequest(
            f"no {kind} card named {card!r} in {DATA_FILE.name}; enter it by its symbols instead",
            field,
        )
    found = dict(section[card])
    found.setdefault("name", card)
    return found


def is_item(card) -> bool | None:
    """Whether `card` is an item card rather than a companion: by its symbols, or by the section of
    the card table holding its name (None: no card, or a name in neither section or in both)."""
    if isinstance(card, dict):
        return "adventure" in card
    if not isinstance(card, str):
        return None
    table = card_table()
    item, companion = card in table.get("items", {}), card in table.get("companions", {})
    return item if item != companion else None


def item_matches(item: dict, symbol: str) -> bool:
    """An item pays for `symbol` when it shows it, or when it is wild."""
    return item["adventure"] == symbol or item["adventure"] == WILD


def mission_count(mission: str, companions: list[dict], adventures: list[dict]) -> int:
    """How many of a player's cards a public quest mission counts."""
    letter = MISSION_TILE[mission]
    target = QUEST_MISSIONS[letter][mission]
    if letter == "A":
        return sum(1 for c in companions if target in c["types"])
    if letter == "B":
        return sum(1 for c in companions if target in c["activation"])
    tests = {
        "3": lambda a: a.get("clovers", 0) > 0,
        # an improvement that shows a means of travel: entered as such, or as its trigger
        "4": lambda a: ("movement" in a.get("improvement", ())
                        or a.get("trigger", {}).get("when") == "means"),
        "5": lambda a: a["level"] == 2,
        "6": lambda a: "discount" in a.get("improvement", ()) or "discount" in a,
    }
    return sum(1 for a in adventures if tests[mission](a))


def describe(card) -> str:
    if card is None:
        return "an unknown card"
    if isinstance(card, str):
        return card
    if card.get("name"):
        return card["name"]
    if "adventure" in card:
        return f"a {card['adventure']}/{card['activation']} item card"
    if "types" in card:
        return f"a {'/'.join(card['types'])} companion"
    if "level" in card and "points" in card:
        points = card["points"]
        return f"a level {'I' * card['level']} adventure ({points} point{'s' * (points != 1)})"
    return "a card"

