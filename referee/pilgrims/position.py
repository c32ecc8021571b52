"""Starting from a game already on the table: the position schema and the state it gives."""

from __future__ import annotations

import copy

from referee.core import Citation, SetupError

from . import cards
from .board import (
    DECKS,
    DISPLAY_RATIO,
    FALCONER,
    FIGURES,
    MOVEMENT_SPACES,
    PARTY_SIZE,
    QUILLS,
    RESERVE_SIZE,
    ROUNDS,
    SIZE,
    TURNS,
    deck_line,
)
from .events import ADVENTURE, COMPANION, ITEM, JOURNEY, SPACE

Q_THREE_TURNS = ("The sun token shows the current round. After each player completes 3 turns, the "
                 "sun token moves 1 space to the right.")
Q_TAKE_FIRST = "Note: Always take the card first, then move the figure onto the space."
Q_NOT_REPLENISHED = ("Replenish the map row by row from top to bottom, and within each row from left "
                     "to right. If a figure is on a map space, that space doesn't replenish.")

# anyOf: a card named (a string) is either kind until the space says which
CARD_OR_NULL = {"anyOf": [{"type": "null"}, ITEM, COMPANION]}
MEMBER = {"type": "object", "properties": {"card": COMPANION,
                                           "holds": {"oneOf": [{"type": "null"}, ITEM]}},
          "required": ["card"], "additionalProperties": False}
PLAYER_POSITION = {
    "type": "object",
    "properties": {
        "figure": SPACE,
        "movement": {"type": "array", "uniqueItems": True, "maxItems": 3,
                     "items": {"type": "integer", "minimum": 1, "maximum": MOVEMENT_SPACES}},
        "hand": {"type": "array", "items": ITEM, "maxItems": 64},
        "leader_holds": {"oneOf": [{"type": "null"}, ITEM]},
        "party": {"type": "array", "items": MEMBER, "maxItems": 8},
        "retired": {"type": "array", "items": COMPANION, "maxItems": 32},
        "reserve": {"type": "array", "items": ADVENTURE, "maxItems": 8},
        "completed": {"type": "array", "items": ADVENTURE, "maxItems": 37},
        "clovers": {"type": "integer", "minimum": 0, "maximum": 200},
        "quills": {"type": "array", "maxItems": 2, "items": {"enum": ["A", "B", "C"]}},
        "journey": {"type": "object", "properties": {
            "card": {"oneOf": [{"type": "null"}, JOURNEY]},
            "removed": {"type": "array", "items": SPACE, "maxItems": 2},
            "completed": {"type": "array", "items": JOURNEY, "maxItems": 18}},
            "additionalProperties": False},
    },
    "additionalProperties": False,
}
PHASES = ["move", "activate", "replenish", "falconer_move", "falconer_adventure",
          "falconer_replenish"]
CHARACTER = {"oneOf": [{"const": "leader"}, {"type": "integer", "minimum": 1, "maximum": 8}]}
TURN_POSITION = {
    "type": "object",
    "description": "the current player's turn so far, in the activate or replenish phase",
    "properties": {
        "activated": {"type": "boolean",
                      "description": "the Activate phase is done (a character activated or a "
                                     "clover gained)"},
        "activations_left": {"type": "integer", "minimum": 0, "maximum": 4},
        "characters": {"type": "array", "items": CHARACTER, "maxItems": 5,
                       "description": "the characters activated this turn"},
        "active": {"type": "object", "properties": {
            "character": CHARACTER,
            "used": {"type": "array", "items": {"enum": list(cards.ABILITY_KINDS)},
                     "uniqueItems": True}},
            "required": ["character"], "additionalProperties": False,
            "description": "the character last activated, whose abilities may still be used"},
        "earlier": {"type": "array", "maxItems": 4, "items": {
            "type": "object", "properties": {
                "character": CHARACTER,
                "used": {"type": "array", "items": {"enum": list(cards.ABILITY_KINDS)},
                         "uniqueItems": True}},
            "required": ["character"], "additionalProperties": False},
            "description": "the characters activated before the last one, in order, whose "
                           "unused abilities may still be used (table ruling "
                           "abilities_after_another_activation: kept)"},
    },
    "additionalProperties": False,
}
POSITION_SCHEMA = {
    "type": "object",
    "description": "A game already on the table, in any phase of a turn (`phase`, the Move phase "
                   "by default; `turn` for what the current player has done so far). Missing "
                   "parts keep their start-of-game value; quills are placed top to bottom in the "
                   "order the seats are listed (the players', then the falconer's), or as "
                   "`quills` gives them tile by tile.",
    "properties": {
        "quills": {"type": "object", "additionalProperties": False,
                   "properties": {tile: {"type": "array", "maxItems": 3,
                                         "items": {"enum": ["p1", "p2", "p3", "p4", FALCONER]}}
                                  for tile in "ABC"},
                   "description": "each public quest tile's quills, top to bottom (instead of "
                                  "the players' and the falconer's `quills`)"},
        "round": {"type": "integer", "minimum": 1, "maximum": ROUNDS},
        "current": {"enum": ["p1", "p2", "p3", "p4", FALCONER]},
        "turns": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0,
                                                             "maximum": TURNS}},
        "map": {"type": "array", "minItems": SIZE, "maxItems": SIZE,
                "items": {"type": "array", "minItems": SIZE, "maxItems": SIZE,
                          "items": {"anyOf": [{"const": "empty"}, CARD_OR_NULL]}},
                "description": "rows top to bottom: a card, null (a card not entered) or "
                               "\"empty\""},
        "players": {"type": "object", "propertyNames": {"enum": ["p1", "p2", "p3", "p4"]},
                    "additionalProperties": PLAYER_POSITION},
        "falconer": {"type": "object", "properties": {
            "falcon": SPACE, "falconer": SPACE,
            "hand": {"type": "array", "items": ITEM},
            "companions": {"type": "array", "items": COMPANION},
            "completed": {"type": "array", "items": ADVENTURE},
            "clovers": {"type": "integer", "minimum": 0, "maximum": 1},
            "quills": {"type": "array", "maxItems": 2, "items": {"enum": ["A", "B", "C"]}},
            "moved": {"type": "array", "maxItems": 2, "items": {"enum": list(FIGURES)},
                      "description": "this turn's figures moved so far (falcon first)"},
            "arrow": {"enum": ["left", "right"],
                      "description": "the arrow of the last solo card flipped"}},
            "additionalProperties": False},
        "display": {"type": "array", "maxItems": 5,
                    "items": {"oneOf": [ADVENTURE, {"type": "object", "properties": {
                        "level": {"enum": [1, 2]}}, "required": ["level"],
                        "additionalProperties": False}]},
                    "description": "left to right; an unknown card as {level}"},
        "phase": {"enum": PHASES,
                  "description": "the phase of the current turn: move (the default), activate "
                                 "(the movement token is placed: activating, abilities, or the "
                                 "Adventure phase next), replenish (the Adventure phase is over); "
                                 "the falconer's move, adventure or replenish"},
        "turn": TURN_POSITION,
        "decks": {"type": "object", "properties": {
            k: {"type": "integer", "minimum": 0, "maximum": n} for k, n in
            {**DECKS, "discard": DECKS["item"]}.items()}, "additionalProperties": False},
    },
    "additionalProperties": False,
}


def named_cards(position: dict, campfires: list) -> dict:
    """The position with every card entered by name replaced by the card it stands for in the card
    table (an unknown name: a 400 naming its field), as an event's cards are."""
    position = copy.deepcopy(position)

    def each(holder, key, kind, where):
        if holder.get(key) is not None:
            holder[key] = [cards.resolve(kind, c, f"{where}.{key}[{n}]")
                           for n, c in enumerate(holder[key])]

    def one(holder, key, kind, where):
        if holder.get(key) is not None:
            holder[key] = cards.resolve(kind, holder[key], f"{where}.{key}")

    for r, row in enumerate(position.get("map", [])):
        for c, cell in enumerate(row):
            if isinstance(cell, str) and cell != "empty":
                kind = "companion" if [r + 1, c + 1] in campfires else "item"
                row[c] = cards.resolve(kind, cell, f"position.map.{r}.{c}")
    for seat, given in position.get("players", {}).items():
        where = f"position.players.{seat}"
        each(given, "hand", "item", where)
        one(given, "leader_holds", "item", where)
        each(given, "retired", "companion", where)
        each(given, "reserve", "adventure", where)
        each(given, "completed", "adventure", where)
        for n, member in enumerate(given.get("party", [])):
            one(member, "card", "companion", f"{where}.party[{n}]")
            one(member, "holds", "item", f"{where}.party[{n}]")
        if "journey" in given:
            one(given["journey"], "card", "journey", f"{where}.journey")
            each(given["journey"], "completed", "journey", f"{where}.journey")
    falconer = position.get("falconer", {})
    each(falconer, "hand", "item", "position.falconer")
    each(falconer, "companions", "companion", "position.falconer")
    each(falconer, "completed", "adventure", "position.falconer")
    if "display" in position:
        position["display"] = [cards.resolve("adventure", c, f"position.display[{n}]")
                               if isinstance(c, str) else c  # {level}: a card not entered
                               for n, c in enumerate(position["display"])]
    return position


def position_from(game, G, position, options):
    """G for a game already on the table, from the setup G and the position entered."""

    G = copy.deepcopy(G)
    position = named_cards(position, G["campfires"])
    seats = [s for s in G["order"] if s != FALCONER]
    G["corners_left"] = []
    G["round"] = position.get("round", 1)
    G["current"] = position.get("current", G["order"][0])
    if G["current"] not in G["order"]:
        raise SetupError("the current player is not at the table", "position.current")
    i = G["order"].index(G["current"])
    human = G["current"] != FALCONER
    phase = position.get("phase", "move" if human else "falconer_move")
    if human == phase.startswith("falconer"):
        raise SetupError(f"the {phase} phase is not {'a player' if human else 'the falconer'}'s",
                         "position.phase")
    placed = human and phase != "move"  # the current player's movement token is on the board
    done = position.get("turns")
    if done is None:
        first = max(0, min(TURNS - 1, len(position.get("players", {}).get(G["current"], {})
                                          .get("movement", [])) - placed))
        done = {s: first + (1 if n < i else 0) for n, s in enumerate(G["order"])}
    for n, seat in enumerate(G["order"]):
        expected = done.get(G["current"], 0) + (1 if n < i else 0)
        if done.get(seat, 0) != expected:
            raise SetupError("turns go clockwise from the first player: the seats before the "
                             "current one have had one more turn this round", "position.turns")
    if done.get(G["current"], 0) >= TURNS:
        raise SetupError(f"{G['current']} has had {done.get(G['current'], 0)} turns this round "
                         "and has no turn left", "position.turns",
                         Citation("pilgrims", Q_THREE_TURNS))
    G["turns"] = {s: done.get(s, 0) for s in G["order"]}
    if "map" in position:
        G["map"] = [[None if c == "empty" else {"card": c} for c in row]
                    for row in position["map"]]
    for seat, given in position.get("players", {}).items():
        if seat not in seats:
            raise SetupError(f"{seat} is not at the table", f"position.players.{seat}")
        player, where = G["players"][seat], f"position.players.{seat}"
        for key in ("movement", "hand", "retired", "reserve", "completed", "clovers"):
            if key in given:
                player[key] = given[key]
        if "party" in given:
            player["party"] = [{"card": m["card"], "holds": m.get("holds")}
                               for m in given["party"]]
        if "leader_holds" in given:
            player["leader"]["holds"] = given["leader_holds"]
        if "figure" in given:
            G["figures"][seat] = list(given["figure"])
        if len(player["movement"]) != G["turns"][seat] + (placed and seat == G["current"]):
            raise SetupError("each turn uses one movement token: movement spaces used must match "
                             "the turns played this round", f"{where}.movement")
        party_limit = PARTY_SIZE + sum("companion" in a.get("improvement", ())
                                       for a in player["completed"])
        if len(player["party"]) > party_limit:
            raise SetupError(f"a party holds at most {party_limit} companions",
                             f"{where}.party")
        reserve_limit = RESERVE_SIZE + sum("reserve" in a.get("improvement", ())
                                           for a in player["completed"])
        if len(player["reserve"]) > reserve_limit:
            raise SetupError(f"at most {reserve_limit} reserved adventure card(s)",
                             f"{where}.reserve")
        if "journey" in given:
            player["journey"].update(given["journey"])
            player["journey"]["pending"] = False
        for tile in given.get("quills", []):
            place_quill(G, seat, tile, f"{where}.quills")
    if G["journey"] and any(G["players"][s]["journey"]["card"] is None
                            and not G["players"][s]["journey"]["completed"] for s in seats):
        raise SetupError("advanced game: give each player's journey card", "position.players")
    if G["falconer"] is not None and "falconer" in position:
        given = position["falconer"]
        for key in ("hand", "companions", "completed", "clovers"):
            if key in given:
                G["falconer"][key] = given[key]
        for figure in FIGURES:
            if figure in given:
                G["figures"][figure] = list(given[figure])
        for tile in given.get("quills", []):
            place_quill(G, FALCONER, tile, "position.falconer.quills")
    elif "falconer" in position:
        raise SetupError("there is no falconer: this is not a solo game", "position.falconer")
    held_cards(G, seats)
    # A figure took the card of the space it stands on, which is not replenished while it stands
    # there: the cards not entered are unknown, the spaces under figures empty (finding 148).
    if "map" not in position:
        G["map"] = [[{"card": None} for _ in range(SIZE)] for _ in range(SIZE)]
    for at in G["figures"].values():
        if at is None:
            continue
        row, col = at[0] - 1, at[1] - 1
        if G["map"][row][col] is not None and G["map"][row][col]["card"] is not None:
            raise SetupError(f"space {list(at)} holds a card under a figure: the figure took it "
                             "(enter \"empty\" there)", f"position.map.{row}.{col}",
                             Citation("pilgrims", Q_TAKE_FIRST),
                             (Citation("pilgrims", Q_NOT_REPLENISHED),))
        G["map"][row][col] = None
    if "quills" in position:
        if any("quills" in given for given in [*position.get("players", {}).values(),
                                               position.get("falconer", {})]):
            raise SetupError("give the quills tile by tile or player by player, not both",
                             "position.quills")
        for tile, seats_on in position["quills"].items():
            for who in seats_on:
                if who not in G["order"]:
                    raise SetupError(f"{who} is not at the table", f"position.quills.{tile}")
                place_quill(G, who, tile, f"position.quills.{tile}")
    for seat in seats:
        if G["figures"][seat] is None:
            raise SetupError("give each player's figure position", f"position.players.{seat}")
    if "display" in position:
        # Each card fills a place of the round's ratio (its `group`), left to right: a card of a
        # level whose places are all filled was drawn from its deck in place of the other level
        # ("If an adventure deck has no cards remaining, instead draw from the remaining deck.").
        G["display"] = []
        room = dict(zip((1, 2), DISPLAY_RATIO[G["round"]], strict=True))
        for card in position["display"]:
            entry = {"level": card["level"], "card": card if "points" in card else None}
            entry["group"] = entry["level"] if room[entry["level"]] else 3 - entry["level"]
            room[entry["group"]] = max(0, room[entry["group"]] - 1)
            G["display"].append(entry)
    elif DISPLAY_RATIO[G["round"]] != DISPLAY_RATIO[1]:
        # Past the end of round 2 a display not entered has the ratio of rounds 3 and 4, its cards
        # unknown: a level I card went to the bottom of its deck and a level II card came out.
        level1, level2 = DISPLAY_RATIO[G["round"]]
        G["display"] = ([{"group": 1, "level": 1, "card": None} for _ in range(level1)]
                        + [{"group": 2, "level": 2, "card": None} for _ in range(level2)])
        G["decks"]["level1"] += DISPLAY_RATIO[1][0] - level1
        G["decks"]["level2"] -= level2 - DISPLAY_RATIO[1][1]
    if G["journey"]:  # 18 journey cards: each one a player holds or has completed left the deck
        held = sum((G["players"][s]["journey"]["card"] is not None)
                   + len(G["players"][s]["journey"]["completed"]) for s in seats)
        G["decks"]["journey"] = position.get("decks", {}).get("journey",
                                                      max(0, DECKS["journey"] - held))
        if G["decks"]["journey"] + held > DECKS["journey"]:
            raise SetupError(f"there are {DECKS['journey']} journey cards: the players hold or "
                             f"have completed {held}", "position.decks.journey")
    if "decks" in position:
        G["decks"].update(position["decks"])
    G["discard_pile"] = [None] * G["decks"]["discard"]  # a count entered: its cards unknown
    for row in range(SIZE):
        for col in range(SIZE):
            cell, space = G["map"][row][col], [row + 1, col + 1]
            if cell is not None and cell["card"] is not None:
                kind = "companion" if space in G["campfires"] else "item"
                if ("adventure" in cell["card"]) != (kind == "item"):
                    raise SetupError(f"space {space} holds {kind} cards",
                                     f"position.map.{row}.{col}")
    if placed and len(G["players"][G["current"]]["movement"]) != G["turns"][G["current"]] + 1:
        raise SetupError("in the activate and replenish phases the current player's movement "
                         "token of this turn is placed", f"position.players.{G['current']}")
    turn_from(G, phase, position.get("turn"), options)
    if G["falconer"] is not None:
        falconer_turn_from(G, phase, position.get("falconer", {}))
    return G, phase if phase.startswith("falconer") else f"turn_{phase}"


def held_cards(G: dict, seats) -> None:
    """The companion and item cards the players (and the falconer) hold cannot outnumber the box's
    ("• 64 item cards", "• 32 companion cards"); the map's cards are not counted."""
    players = [G["players"][s] for s in seats]
    falconer = G["falconer"] or {}
    companions = (sum(len(p["party"]) + len(p["retired"]) for p in players)
                  + len(falconer.get("companions") or []))
    items = (sum(len(p["hand"]) + sum(m.get("holds") is not None for m in p["party"])
                 + (p["leader"].get("holds") is not None) for p in players)
             + len(falconer.get("hand") or []))
    for kind, count in (("companion", companions), ("item", items)):
        if count > DECKS[kind]:
            raise SetupError(f"{count} {kind} cards held (parties, retired, hands and the "
                             f"cards companions hold): the game has {DECKS[kind]}",
                             "position.players", Citation("pilgrims", deck_line(kind)))


def place_quill(G, who: str, tile: str, where: str) -> None:
    """A quill on the tile's top-most empty quill space, as on a real table."""
    quest = next(q for q in G["quests"] if q["tile"] == tile)
    if who in quest["quills"]:
        raise SetupError("A player can't sign up twice on the same tile.", where)
    if None not in quest["quills"]:
        raise SetupError(f"tile {tile} has 3 quill spaces: up to three players sign up", where)
    if sum(who in q["quills"] for q in G["quests"]) >= QUILLS:
        raise SetupError("each player has 2 quill tokens", where)
    quest["quills"][quest["quills"].index(None)] = who


def turn_from(G, phase, given, options) -> None:
    """The current player's turn so far."""
    if given is None:
        given = {}
    elif phase not in ("activate", "replenish"):
        raise SetupError("a turn so far is given in the activate or replenish phase",
                         "position.turn")
    if phase not in ("activate", "replenish"):
        return
    player = G["players"][G["current"]]
    activated = given.get("activated", phase == "replenish")
    if phase == "replenish" and not activated:
        raise SetupError("the Activate phase comes before the Adventure and Replenish phases",
                         "position.turn.activated")
    characters = list(given.get("characters", []))
    for which in characters + ([given["active"]["character"]] if "active" in given else []):
        if which != "leader" and not 1 <= which <= len(player["party"]):
            raise SetupError(f"there is no companion at place {which} in the party",
                             "position.turn")
    def activation(given_one: dict, field: str) -> dict:
        which = given_one["character"]
        if phase != "activate" or which not in characters:
            raise SetupError("the character whose abilities are in use was activated this turn, "
                             "in the activate phase", field)
        abilities = (player["leader"]["abilities"] if which == "leader"
                     else player["party"][which - 1]["card"].get("abilities"))
        return {"character": which, "abilities": abilities, "used": list(given_one.get("used", []))}

    active = activation(given["active"], "position.turn.active") if "active" in given else None
    earlier = [activation(one, f"position.turn.earlier[{n}]")
               for n, one in enumerate(given.get("earlier", []))]
    if earlier and (active is None or options["abilities_after_another_activation"] == "ended"):
        raise SetupError("earlier activations' abilities are kept only after another character "
                         "was activated (\"active\"), under the table ruling "
                         "abilities_after_another_activation: kept", "position.turn.earlier")
    if len({repr(a["character"]) for a in [*earlier, *([active] if active else [])]}) < \
            len(earlier) + (active is not None):
        raise SetupError("a character is activated once a turn", "position.turn.earlier")
    if characters and not activated:
        raise SetupError("a character was activated: the Activate phase has begun",
                         "position.turn.activated")
    G["turn"].update(activated=activated, characters=characters, active=active, earlier=earlier,
                     activations=given.get("activations_left", 0 if activated else 1))


def falconer_turn_from(G, phase, given) -> None:
    """The falconer's turn so far: which figures have moved, and the last arrow."""
    moved = list(given.get("moved", []))
    if moved != list(FIGURES[:len(moved)]):
        raise SetupError("the falcon moves first, then the falconer", "position.falconer.moved")
    if phase in ("falconer_adventure", "falconer_replenish"):
        if len(moved) != 2 or "arrow" not in given:
            raise SetupError("after the falconer's Move phase both figures have moved: give "
                             "moved and the last arrow", "position.falconer")
    elif phase == "falconer_move" and len(moved) == 2:
        raise SetupError("both figures have moved: the falconer's adventure phase is next",
                         "position.phase")
    elif phase != "falconer_move" and moved:
        raise SetupError("the falconer moves in his own turn", "position.falconer.moved")
    G["falconer"].update(moved=moved, arrow=given.get("arrow"),
                         flipped=2 * G["turns"][FALCONER] + len(moved))

