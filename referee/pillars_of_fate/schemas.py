"""Pillars of Fate: what can be entered — the event types, a position in the middle of an Age, and
the calculator's tallies — as JSON Schemas with examples."""

from __future__ import annotations

from ..core.engine import PLAYER_NAME
from ..core.rules import EventType
from .rules import (
    AGES,
    DIVINE_NAMES,
    LANES,
    MODIFIERS,
    OPTIONS,
    SEATS,
)

# -- events, positions and the calculator's tallies ------------------------------------------------

_SEAT = {"enum": list(SEATS)}
_LANE = {"enum": list(LANES)}
_DIVINE = {"enum": list(DIVINE_NAMES)}
_ICONS = {"type": "integer", "minimum": 0, "maximum": 12}
_POWER = {"type": "integer", "minimum": -20, "maximum": 40}
_POSITION = {"type": "integer", "minimum": 1, "maximum": 4,
             "description": "a card's place in a player's column of a lane: 1 = played first"}
_CARD = {
    "type": "object",
    "description": "a champion card as the player reads it",
    "properties": {"power": _POWER, "feathers": _ICONS, "scorpions": _ICONS},
    "required": ["power", "feathers", "scorpions"],
    "additionalProperties": False,
}
_QUEST = {
    "type": "object",
    "description": "a quest card: renown on the feather path and on the scorpion path (negative "
                   "for sickles); its Age if you want it checked",
    "properties": {"feather": {"type": "integer", "minimum": -30, "maximum": 30},
                   "scorpion": {"type": "integer", "minimum": -30, "maximum": 30},
                   "age": {"enum": list(AGES)}},
    "required": ["feather", "scorpion"],
    "additionalProperties": False,
}
_LANE_CARD = {
    "type": "object",
    "description": "a card in a lane: a champion card, or a Divine card named by `divine` "
                   "(`face_up_icon` if it carries the must-be-played-face-up icon); icons left "
                   "out are 0, the face left out is up",
    "properties": {"power": _POWER, "feathers": _ICONS, "scorpions": _ICONS,
                   "face": {"enum": ["up", "down"]}, "divine": _DIVINE,
                   "face_up_icon": {"type": "boolean"},
                   "opposite": _POSITION, "copies": _POSITION,
                   "exchanged": {"type": "boolean",
                                 "description": "put in by Sorcerer's exchange, not played"}},
    "required": ["power"],
    "additionalProperties": False,
}
_COLUMN = {"type": "array", "items": _LANE_CARD, "maxItems": 4}
_DIVINE_HELD = {
    "type": "object",
    "properties": {"name": _DIVINE, "power": _POWER, "feathers": _ICONS, "scorpions": _ICONS,
                   "face_up_icon": {"type": "boolean"}},
    "required": ["name"],
    "additionalProperties": False,
}
_BY_SEAT = lambda schema: {  # noqa: E731
    "type": "object", "properties": {seat: schema for seat in SEATS},
    "required": list(SEATS), "additionalProperties": False}

PLAY = EventType(
    "Play one card into a lane, face up (the default) or down, then draw back up to 5. A "
    "champion card by its power and icons; a Divine card by `divine` (its power and icons as "
    "printed, unless the table's data file has them; `face_up_icon` if it carries the "
    "must-be-played-face-up icon). `opposite` (Pentha, Isabel) and `copies` (Invictus) name a "
    "card's position when the table rulings ask for it. `draw` is the number of cards drawn "
    "(computed when left out), `drawn` the cards drawn when the player enters them. Icons left "
    "out are 0.",
    {"lane": _LANE, "face": {"enum": ["up", "down"]}, "power": _POWER, "feathers": _ICONS,
     "scorpions": _ICONS, "divine": _DIVINE, "face_up_icon": {"type": "boolean"},
     "opposite": _POSITION, "copies": _POSITION,
     "draw": {"type": "integer", "minimum": 0, "maximum": 5},
     "drawn": {"type": "array", "items": _CARD, "maxItems": 5}},
    ("lane",),
    {"type": "play", "player": "sun", "lane": "left", "face": "up", "power": 5, "feathers": 1,
     "scorpions": 0})

EVENT_TYPES = {
    "draft_divine": EventType(
        "The Divine draft: the card the player kept of the 3 dealt, and the 2 passed to the "
        "opponent. When both have drafted, each has the kept card and the 2 received.",
        # "passing the other 2": up to 3 are taken so that 1 or 3 is refused quoting that
        # sentence (keeps_one_passes_two); a form offers the 2
        {"kept": _DIVINE, "passed": {"type": "array", "items": _DIVINE, "maxItems": 3,
                                     "x-form-items": 2}},
        ("kept", "passed"),
        {"type": "draft_divine", "player": "sun", "kept": "Prophet",
         "passed": ["Klar", "Naka"]}),
    "begin_age": EventType(
        "The Age's three quest cards (left, center, right as the Sun player sees them), the quest "
        "modifier on the center quest, and who holds the 1st player marker (chosen in Age I; "
        "passed after that, so it may be left out).",
        {"quests": {"type": "array", "items": _QUEST, "minItems": 3, "maxItems": 3},
         "modifier": {"enum": list(MODIFIERS)}, "first_player": _SEAT},
        ("quests", "modifier"),
        {"type": "begin_age", "player": "sun", "modifier": "double_power", "first_player": "sun",
         "quests": [{"feather": 3, "scorpion": -1}, {"feather": 2, "scorpion": 4},
                    {"feather": -2, "scorpion": 3}]}),
    "play": PLAY,
    "hand": EventType(
        "The cards in the player's hand, as many as they choose to enter (the rest stay counted "
        "only). Seen only by that player.",
        {"cards": {"type": "array", "items": _CARD, "maxItems": 8}}, ("cards",),
        {"type": "hand", "player": "sun", "cards": [{"power": 5, "feathers": 1, "scorpions": 0}]}),
    "sorcerer_exchange": EventType(
        "Sorcerer's action: the card taken back from one of your lanes (lane, position, and "
        "`side` if you name whose: only your own is accepted) and the card from your hand put in "
        "its place (power and icons; `divine` if the table put in one of the player's set-aside "
        "Divine cards, which is refused: Sorcerer is the Age's Divine card).",
        {"lane": _LANE, "side": _SEAT, "position": _POSITION, "power": _POWER, "feathers": _ICONS,
         "scorpions": _ICONS, "divine": _DIVINE},
        ("lane", "position", "power", "feathers", "scorpions"),
        {"type": "sorcerer_exchange", "player": "sun", "lane": "left", "position": 1, "power": 4,
         "feathers": 0, "scorpions": 1}),
    "namari_look": EventType(
        "Namari's action: the face-down card looked at (lane, whose side, position); leave all "
        "three out to decline. The card's identity is shown to that player only.",
        {"lane": _LANE, "side": _SEAT, "position": _POSITION}, (),
        {"type": "namari_look", "player": "sun", "lane": "left", "side": "moon", "position": 1}),
    "break_tie": EventType(
        "The pillar holder breaks a tie: `tie` power (choose the winner, a seat) or suit (choose "
        "feathers or scorpions).",
        {"lane": _LANE, "tie": {"enum": ["power", "suit"]},
         "choice": {"enum": [*SEATS, "feathers", "scorpions"]}},
        ("lane", "tie", "choice"),
        {"type": "break_tie", "player": "sun", "lane": "left", "tie": "power", "choice": "sun"}),
}

POSITION_SCHEMA = {
    "title": "A Pillars of Fate table in the middle of an Age",
    "description": (
        "The Age, the 1st player marker, whose turn it is, the center modifier and the three lanes "
        "(quest, pillar holder, who played the lane's first card, each player's cards in the order "
        "played), each player's hand (count, and the cards if entered), deck, Divine cards still "
        "unplayed, and renown so far. Modifiers used in earlier Ages may be listed."),
    "type": "object",
    "properties": {
        "age": {"enum": list(AGES)},
        "first_player": {**_SEAT, "description": (
            "who holds the 1st player marker this Age: Age I's starting player, then the other "
            "player each Age (\"Pass the 1st player marker.\")")},
        "turn": {**_SEAT, "description": (
            "whose turn it is: the marker's holder when both have played as many cards this Age, "
            "else the other player (players alternate turns, one card a turn)")},
        "modifier": {"enum": list(MODIFIERS)},
        "modifiers_used": {"type": "array", "items": {"enum": list(MODIFIERS)}, "maxItems": 2},
        "lanes": {"type": "object", "properties": {lane: {
            "type": "object",
            "properties": {"quest": _QUEST, "pillar": {"enum": [*SEATS, None]},
                           "first": {"enum": [*SEATS, None]}, "sun": _COLUMN, "moon": _COLUMN},
            "required": ["quest"], "additionalProperties": False} for lane in LANES},
            "required": list(LANES), "additionalProperties": False},
        "hands": _BY_SEAT({
            "type": "object",
            "description": "a hand holds at most 5 (more is refused quoting \"Then, draw back up "
                           "to 5 cards.\")",
            "properties": {"count": {"type": "integer", "minimum": 0, "maximum": 64},
                           "cards": {"type": "array", "items": _CARD, "maxItems": 64}},
            "additionalProperties": False}),
        "decks": _BY_SEAT({"type": "integer", "minimum": 0, "maximum": 60}),
        "divine": _BY_SEAT({"type": "array", "items": _DIVINE_HELD, "maxItems": 3}),
        "renown": _BY_SEAT({"type": "integer", "minimum": -200, "maximum": 200}),
    },
    "required": ["age", "first_player", "turn", "modifier", "lanes", "divine"],
    "additionalProperties": False,
}

_TALLY_LANE = {
    "type": "object",
    "properties": {
        "quest": _QUEST, "sun": _COLUMN, "moon": _COLUMN,
        "pillar": {"enum": [*SEATS, None]}, "first": {"enum": [*SEATS, None]},
        "ties": {"type": "object", "description": "what the pillar holder picked in a tie",
                 "properties": {"power": _SEAT, "suit": {"enum": ["feathers", "scorpions"]}},
                 "additionalProperties": False},
    },
    "required": ["quest"],
    "additionalProperties": False,
}
_EXAMPLE_AGE = {
    "modifier": "double_power",
    "first_player": "sun",
    "lanes": {
        "left": {"quest": {"feather": 3, "scorpion": -1}, "pillar": "sun",
                 "sun": [{"power": 5, "feathers": 1, "scorpions": 0},
                         {"power": 4, "feathers": 1, "scorpions": 0, "divine": "Prophet"},
                         {"power": 2, "feathers": 0, "scorpions": 1, "face": "down"}],
                 "moon": [{"power": 3, "feathers": 0, "scorpions": 1},
                          {"power": 6, "feathers": 0, "scorpions": 2},
                          {"power": 1, "feathers": 1, "scorpions": 0}]},
        "center": {"quest": {"feather": 2, "scorpion": 4}, "pillar": "moon",
                   "ties": {"suit": "scorpions"},
                   "sun": [{"power": 2, "feathers": 1, "scorpions": 0},
                           {"power": 7, "feathers": 0, "scorpions": 1},
                           {"power": 1, "feathers": 2, "scorpions": 0}],
                   "moon": [{"power": 6, "feathers": 0, "scorpions": 2},
                            {"power": 3, "feathers": 1, "scorpions": 0, "divine": "Hadria",
                             "face": "down"},
                            {"power": 2, "feathers": 0, "scorpions": 1}]},
        "right": {"quest": {"feather": -2, "scorpion": 3}, "pillar": "moon",
                  "sun": [{"power": 1, "feathers": 0, "scorpions": 1},
                          {"power": 3, "feathers": 1, "scorpions": 0},
                          {"power": 4, "feathers": 0, "scorpions": 2}],
                  "moon": [{"power": 5, "feathers": 1, "scorpions": 0},
                           {"power": 2, "feathers": 0, "scorpions": 1, "face": "down"},
                           {"power": 4, "feathers": 1, "scorpions": 1}]},
    },
}
SCORE_SCHEMA = {
    "type": "object",
    "description": "The final lanes of each Age played (up to three), in order.",
    "properties": {
        "names": {"type": "object", "description": "the players' names, by deck",
                  "properties": {seat: PLAYER_NAME for seat in SEATS},
                  "additionalProperties": False},
        "options": {"type": "object", "description": "table rulings (the game's options)",
                    "properties": {name: option.schema for name, option in OPTIONS.items()},
                    "additionalProperties": False},
        "ages": {"type": "array", "minItems": 1, "maxItems": 3, "items": {
            "type": "object",
            "properties": {"modifier": {"enum": list(MODIFIERS)}, "first_player": _SEAT,
                           "lanes": {"type": "object",
                                     "properties": {lane: _TALLY_LANE for lane in LANES},
                                     "required": list(LANES), "additionalProperties": False}},
            "required": ["modifier", "lanes"],
            "additionalProperties": False}},
    },
    "required": ["ages"],
    "additionalProperties": False,
    "examples": [{"names": {"sun": "Ana", "moon": "Ben"},
                  "ages": [_EXAMPLE_AGE,
                           {**_EXAMPLE_AGE, "first_player": "moon", "modifier": "two_face_down"},
                           {**_EXAMPLE_AGE, "modifier": "least_power"}]}],
}
