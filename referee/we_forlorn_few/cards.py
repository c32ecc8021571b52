"""Cards as data. The rulebook prints few of them (a Pistol adds a Combat die; a Snare is a Tool that
gives one Food; one Event card; three Travelers' starting equipment): the rest is entered by the
table, or filled in once in referee/data/we-forlorn-few-*.json and then named."""

from __future__ import annotations

import functools
import json
from pathlib import Path

from referee.core import BadRequest

from .board import EQUIPMENT_TYPES, RESOURCES, STORABLE

DATA = Path(__file__).resolve().parent.parent / "data"
NAME = {"type": "string", "minLength": 1, "maxLength": 80}

EQUIPMENT_SCHEMA = {
    "type": "object",
    "description": "an Equipment card as read off the table; fields left out come from "
                   "referee/data/we-forlorn-few-equipment.json when the card is named there",
    "properties": {
        "name": NAME,
        "type": {"enum": [*EQUIPMENT_TYPES, None]},
        "value": {"type": ["integer", "null"], "minimum": 0, "maximum": 20},
        "bonus": {"enum": [*RESOURCES, None], "description": "a Tool's Resource (Tool Bonus)"},
        "dice": {"type": ["integer", "null"], "minimum": 0, "maximum": 4,
                 "description": "Combat dice the card adds"},
        "holds": {"type": ["object", "null"],
                  "properties": {kind: {"type": "integer", "minimum": 0, "maximum": 4}
                                 for kind in STORABLE},
                  "additionalProperties": False,
                  "description": "a Storage card: how many Tools and Weapons it carries"},
    },
    "required": ["name"],
    "additionalProperties": False,
}
CARD_FIELDS = ("type", "value", "bonus", "dice", "holds")


@functools.cache
def _table(kind: str) -> dict:
    path = DATA / f"we-forlorn-few-{kind}.json"
    if not path.exists():
        return {}
    data = json.loads(path.read_text())
    key = "travelers" if kind == "travelers" else "cards"
    return {entry["name"].casefold(): entry for entry in data.get(key, [])}


def equipment(card, field: str) -> dict:
    """A card entered by name (a string) or as read (an object), completed from the data table."""
    if isinstance(card, str):
        card = {"name": card}
    known = _table("equipment").get(card["name"].casefold(), {})
    full = {"name": card["name"]}
    for key in CARD_FIELDS:
        value = card.get(key)
        full[key] = value if value is not None else known.get(key)
    if full["type"] is None:
        raise BadRequest(f"say what type of Equipment card {card['name']} is (tool, weapon or "
                         "storage)", field + ".type")
    if full["type"] == "tool" and full["bonus"] is None:
        raise BadRequest(f"say which Resource the Tool {card['name']} gives (bonus)",
                         field + ".bonus")
    if full["type"] == "storage" and full["holds"] is None:
        raise BadRequest(f"say how many Tools and Weapons the Storage card {card['name']} carries "
                         "(holds)", field + ".holds")
    full["dice"] = full["dice"] or 0
    if full["type"] == "storage":
        full["holds"] = {kind: int(full["holds"].get(kind, 0)) for kind in STORABLE}
        full["stored"] = []
    return full


def event_card(name: str) -> dict | None:
    return _table("events").get(name.casefold())


def traveler(name: str) -> dict | None:
    return _table("travelers").get(name.casefold())


def traveler_names() -> list[str]:
    return [entry["name"] for entry in _table("travelers").values()]


def event_card_names() -> list[str]:
    return [entry["name"] for entry in _table("events").values()]
