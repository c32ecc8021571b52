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


# Where a field the rulebook does not print may be entered once instead of with every event.
WHERE_ENTERED = ("as read off the card: with the card here, once for the game in the option "
                 "equipment_cards, or in referee/data/we-forlorn-few-equipment.json")


def entered_cards(given: list | None) -> dict:
    """The table's own Equipment cards (option `equipment_cards`), by name."""
    table: dict = {}
    for n, card in enumerate(given or []):
        if card["name"].casefold() in table:
            raise BadRequest(f"{card['name']} is entered twice: one entry per card name",
                             f"options.equipment_cards[{n}].name")
        table[card["name"].casefold()] = card
    return table


def equipment(card, field: str, entered: dict | None = None) -> dict:
    """A card entered by name (a string) or as read (an object), completed from the table's own
    cards (`entered`, the option equipment_cards), then from the data table."""
    if isinstance(card, str):
        card = {"name": card}
    name = card["name"]
    sources = (card, (entered or {}).get(name.casefold(), {}),
               _table("equipment").get(name.casefold(), {}))
    full = {"name": name}
    for key in CARD_FIELDS:
        full[key] = next((source[key] for source in sources if source.get(key) is not None), None)
    if full["type"] is None:
        raise BadRequest(f"the rulebook does not print what type of Equipment card {name} is: "
                         f"enter its type (tool, weapon or storage) {WHERE_ENTERED}",
                         field + ".type")
    if full["type"] == "tool" and full["bonus"] is None:
        raise BadRequest(f"the rulebook does not print which Resource the Tool {name} gives: "
                         f"enter its bonus {WHERE_ENTERED}", field + ".bonus")
    if full["type"] == "storage" and full["holds"] is None:
        raise BadRequest(f"the rulebook does not print how many Tools and Weapons the Storage "
                         f"card {name} carries: enter its holds {WHERE_ENTERED}", field + ".holds")
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
