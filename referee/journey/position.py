"""Setup, and a game that starts from a position already on the table.

A Quest's opening layout (its Gates, Demons and tokens) and a game joined mid-way are entered the
same way, as a `position`; the game starts with the Maintenance Phase of `turn`. Everything the
position leaves out starts as the setup says: full Health, Chi 10, Karma 0, weapon Level 1.
"""

from __future__ import annotations

from referee.core import Citation, SetupError

from .profiles import (
    CORRUPTION_CARDS,
    DEMON_TYPES,
    FORTUNE_CARDS,
    MAX_WEAPON_LEVEL,
    PILGRIMS,
    TOKEN_WORDS,
    TOKENS,
    another_pilgrims_skill,
    condition_card,
    demon_models,
    demon_profile,
    pilgrim_profile,
)
from .quests import MET, QUESTS
from .rules import Q_DUPLICATE, Q_OWN_DECK, Q_TRIPITAKA_DEFEATED, Q_TRIPITAKA_KILLED

SUTRA_TOKENS, VILLAGER_TOKENS, DOOR_TOKENS = TOKENS["sutras"], TOKENS["villagers"], TOKENS["doors"]


def ids(components: int) -> dict:
    """Names for tokens, at most as many as the game has (Game Components)."""
    return {"type": "array", "items": {"type": "string", "minLength": 1, "maxLength": 40},
            "maxItems": components, "uniqueItems": True}


DEMON_LIST = {"type": "array", "items": {"enum": list(DEMON_TYPES)}, "maxItems": 33,
              "description": "one entry per miniature; the referee names them berrok-1, ..."}
NAMES = {"type": "array", "items": {"type": "string", "minLength": 1, "maxLength": 60},
         "maxItems": 30}
PILGRIM_STATE = {
    "type": "object",
    "properties": {
        "hp": {"type": "integer", "minimum": 0, "maximum": 30},
        "chi": {"type": "integer", "minimum": 0, "maximum": 30},
        "good_karma": {"type": "integer", "minimum": 0, "maximum": 60},
        "bad_karma": {"type": "integer", "minimum": 0, "maximum": 60},
        "weapon_level": {"type": "integer", "minimum": 0, "maximum": MAX_WEAPON_LEVEL},
        "corruption": NAMES, "hand": NAMES, "fortune": NAMES,
        "conditions": {"type": "array", "maxItems": 8, "items": {
            "type": "object",
            "properties": {"name": {"type": "string", "minLength": 1, "maxLength": 40},
                           "tokens": {"type": "integer", "minimum": 0, "maximum": 20},
                           "duration": {"type": ["integer", "null"], "minimum": 1, "maximum": 20},
                           "damage_each_turn": {"type": "integer", "minimum": 0, "maximum": 9}},
            "required": ["name"], "additionalProperties": False}},
        "status": {"enum": ["active", "unconscious", "dead"]},
        "posture": {"enum": ["face_down", "side", "back"]},
        "sutras": {"type": "integer", "minimum": 0, "maximum": SUTRA_TOKENS},
        "villagers": {"type": "integer", "minimum": 0, "maximum": VILLAGER_TOKENS},
        "wells_used": ids(3),
        "skills_unknown": {"type": "integer", "minimum": 0, "maximum": 2,
                           "description": "starting Skill Cards not named (default: 2 when no "
                                          "hand is given, else 0)"},
        "in_play": {"type": "array", "maxItems": 10, "description": "cards in his playing area "
                    "(played, lasting): continuous, or for N Turns with the Turn Tokens on them",
                    "items": {
                        "type": "object",
                        "properties": {"card": NAMES["items"],
                                       "kind": {"enum": ["skill", "fortune"]},
                                       "duration": {"enum": ["end_of_turn", "continuous",
                                                             "turns"]},
                                       "turns": {"type": "integer", "minimum": 1, "maximum": 20},
                                       "tokens": {"type": "integer", "minimum": 0,
                                                  "maximum": 20}},
                        "required": ["card", "duration"], "additionalProperties": False}},
        "ap_lost_next_turn": {"type": "integer", "minimum": 0, "maximum": 2,
                              "description": "a Misfortune Card waiting: Action Points lost next "
                                             "turn"},
    },
    "additionalProperties": False,
}
POSITION_SCHEMA = {
    "type": "object",
    "description": "The table as it stands at the start of a Turn's Maintenance Phase: a Quest's "
                   "opening layout, or a game joined mid-way. Tokens are named by the table "
                   "(\"gate-1\", \"well-north\"); Demons are listed by kind.",
    "properties": {
        "turn": {"type": "integer", "minimum": 1, "maximum": 99},
        "pilgrims": {"type": "object", "propertyNames": {"enum": list(PILGRIMS)},
                     "additionalProperties": PILGRIM_STATE},
        "demons": DEMON_LIST,
        "inactive_demons": {**DEMON_LIST, "description": "Demons behind a closed door"},
        "gates": {"type": "array", "maxItems": 5, "items": {
            "type": "object",
            "properties": {"id": {"type": "string", "minLength": 1, "maxLength": 40},
                           "status": {"enum": ["active", "inactive", "closed"]}},
            "required": ["id"], "additionalProperties": False}},
        "boxes": ids(5), "wells": ids(3), "doors": ids(DOOR_TOKENS),
        "broken_doors": ids(DOOR_TOKENS), "villagers": ids(VILLAGER_TOKENS),
        "sutras": ids(SUTRA_TOKENS),
        "rage": {"type": "boolean", "description": "the last turn ended with Demon Rage"},
        "special_cards": NAMES,
        "neutral_creatures": {**ids(4), "description": "Neutral Creatures on the board, named "
                                                      "by the table (a Quest's rules say what "
                                                      "they do)"},
    },
    "additionalProperties": False,
}


def setup(game, players, options, position):
    seats = [p["seat"] for p in players]
    position = position or {}
    controllers = options.get("controllers") or default_controllers(seats)
    if set(controllers) != set(PILGRIMS):
        raise SetupError("every Pilgrim needs a controlling seat: all 4 Pilgrims are always in "
                         "play", "options.controllers")
    if not set(controllers.values()) <= set(seats):
        raise SetupError("a Pilgrim is given to a seat nobody sits in", "options.controllers")
    counts = sorted(list(controllers.values()).count(s) for s in seats)
    expected = {1: [4], 2: [2, 2], 3: [1, 1, 2], 4: [1, 1, 1, 1]}[len(seats)]
    if counts != expected:
        raise SetupError(f"with {len(seats)} players the Pilgrims are dealt "
                         f"{' + '.join(map(str, expected))} (Game Setup)", "options.controllers")
    initiative = options.get("initiative") or list(PILGRIMS)
    if sorted(initiative) != sorted(PILGRIMS):
        raise SetupError("each Pilgrim takes one Initiative Token", "options.initiative")

    entered = options.get("pilgrim_profiles") or {}
    pilgrims = {}
    for name in PILGRIMS:
        profile = pilgrim_profile(name, entered.get(name))
        for key in ("max_hp", "mv"):
            if profile[key] is None:
                raise SetupError(f"enter {name}'s {key} from the Pilgrim Profile Sheet (the "
                                 "rulebook does not print it)", f"options.pilgrim_profiles.{name}")
        given = (position.get("pilgrims") or {}).get(name, {})
        pilgrims[name] = fresh_pilgrim(name, profile, given, f"position.pilgrims.{name}")
    for deck, size in (("fortune", FORTUNE_CARDS), ("corruption", CORRUPTION_CARDS)):
        held = sum(len(p[deck]) + sum(c["kind"] == deck for c in p["in_play"])
                   for p in pilgrims.values())
        if held > size:
            raise SetupError(f"the game has {size} {deck.title()} Cards, not the {held} the "
                             "Pilgrims hold", "position.pilgrims")

    demon_entries = options.get("demon_profiles") or {}
    demons = {}
    for key, active in (("demons", True), ("inactive_demons", False)):
        for kind in position.get(key) or []:
            demons[next_demon_id(kind, demons)] = placed_demon(kind, demon_entries.get(kind),
                                                               active)
    for kind in DEMON_TYPES:
        count = sum(1 for d in demons.values() if d["type"] == kind)
        if count > demon_models(kind):
            raise SetupError(f"the game has {demon_models(kind)} {kind} miniatures, not {count}",
                             "position.demons")

    tokens = {key: list(position.get(key) or []) for key in
              ("boxes", "wells", "doors", "broken_doors", "villagers", "sutras")}
    for key in ("sutras", "villagers"):
        held = sum(p[key] for p in pilgrims.values())
        if held + len(tokens[key]) > TOKENS[key]:
            raise SetupError(f"the game has {TOKENS[key]} {key.title()}, not the "
                             f"{len(tokens[key])} on the board and the {held} the Pilgrims hold",
                             f"position.{key}", Citation("journey", f"- {TOKEN_WORDS[key]}"))
    if len(tokens["doors"]) + len(tokens["broken_doors"]) > DOOR_TOKENS:
        raise SetupError(f"the game has {DOOR_TOKENS} Door Tokens, each showing a closed or a "
                         f"broken door, not {len(tokens['doors']) + len(tokens['broken_doors'])}",
                         "position.broken_doors", Citation("journey", f"- {TOKEN_WORDS['doors']}"))
    gates = {}
    for n, gate in enumerate(position.get("gates") or []):
        if gate["id"] in gates:
            raise SetupError(f"two Gates are named {gate['id']}", f"position.gates[{n}]")
        gates[gate["id"]] = {"status": gate.get("status", "active")}
    names = [*gates, *demons, *(i for ids in tokens.values() for i in ids),
             *(position.get("neutral_creatures") or []), *PILGRIMS]
    if len(set(names)) != len(names):
        raise SetupError("every Gate, Demon and token needs its own name", "position")

    G = {
        "turn": position.get("turn", 1),
        "quest": options.get("quest", "free"),
        "controllers": controllers,
        "initiative": initiative,
        "pilgrims": pilgrims,
        "activation": None,
        "activated": [],
        "pending": None,
        "follow": None,
        "demons": demons,
        "gates": gates,
        "tokens": tokens,
        "wells_used": {well: [] for well in tokens["wells"]},
        "rage": bool(position.get("rage")),
        "special_cards": [{"name": name, "duration": None}
                          for name in position.get("special_cards") or []],
        "demon_phase": None,
        "maintained": False,
        "turn_ended": False,
        "red_at_end_of_turn": [],
        "removed": [],
        "neutral_creatures": list(position.get("neutral_creatures") or []),
        "entered_profiles": {},
        "result": None,
    }
    for name in PILGRIMS:
        for well in pilgrims[name].pop("wells_used"):
            if well not in G["wells_used"]:
                raise SetupError(f"there is no Well named {well}",
                                 f"position.pilgrims.{name}.wells_used")
            G["wells_used"][well].append(name)
    QUESTS[G["quest"]].check_entered(G, position)
    QUESTS[G["quest"]].tokens_accounted(G, position, options)
    QUESTS[G["quest"]].setup(G, options)
    refuse_a_lost_quest(G, options)
    return G, "maintenance"


def refuse_a_lost_quest(G: dict, options: dict) -> None:
    """A position whose Quest is already lost leaves no game to go on with (finding 82): in free
    play Tripitaka Defeated or Killed as the table ruled; in a Quest, one of its Defeat Conditions
    met before the first event, or its end (finding 83: "The Quest ends immediately when ...")."""
    tripitaka = G["pilgrims"]["tripitaka"]
    field = ("position.pilgrims" if any(p["hp"] == 0 for p in G["pilgrims"].values())
             else "position")
    if G["quest"] == "free":
        ruling = options["tripitaka_defeat"]
        if (ruling == "defeated" and tripitaka["hp"] == 0) or tripitaka["status"] == "dead":
            quote = Q_TRIPITAKA_DEFEATED if ruling == "defeated" else Q_TRIPITAKA_KILLED
            raise SetupError(f"this Quest is already lost (the table ruling tripitaka_defeat: "
                             f"{ruling}); enter the table before it", field,
                             Citation("journey", quote))
        return
    already = {"defeat": "is already lost", "end": "has already ended"}  # a Defeat named first
    for outcome, over in already.items():  # "end": won, or ended short of its Victory
        for condition in G["quest_state"]["conditions"]:
            if condition["outcome"] == outcome and condition["status"] == MET:
                raise SetupError(f"this Quest {over}; enter the table before it", field,
                                 Citation("journey", condition["quote"]))


def default_controllers(seats):
    deal = {1: [0, 0, 0, 0], 2: [0, 0, 1, 1], 3: [0, 1, 2, 2], 4: [0, 1, 2, 3]}[len(seats)]
    return {pilgrim: seats[n] for pilgrim, n in zip(PILGRIMS, deal, strict=True)}


def fresh_pilgrim(name: str, profile: dict, given: dict, field: str) -> dict:
    hp = given.get("hp", profile["max_hp"])
    chi = given.get("chi", profile["max_chi"])
    if hp > profile["max_hp"]:
        raise SetupError(f"{hp} Health Points is above the maximum {profile['max_hp']}", field)
    if chi > profile["max_chi"]:
        raise SetupError(f"{chi} Chi is above the maximum {profile['max_chi']}", field)
    status = given.get("status", "active" if hp > 0 else "unconscious")
    if (status == "active") != (hp > 0):
        raise SetupError("a Pilgrim at 0 Health Points is Unconscious (or dead), and only then",
                         field)
    skills = [*(given.get("hand") or []),
              *(c["card"] for c in given.get("in_play") or [] if c.get("kind", "skill") == "skill")]
    for card in skills:
        wrong = another_pilgrims_skill(name, card)
        if wrong:
            raise SetupError(wrong.rstrip("."), field, Citation("journey", Q_OWN_DECK))
    conditions = []
    for n, entry in enumerate(given.get("conditions") or []):
        if any(held["name"] == entry["name"] for held in conditions):
            raise SetupError(f"a Pilgrim never holds two {entry['name']} cards",
                             f"{field}.conditions.{n}", Citation("journey", Q_DUPLICATE))
        card = condition_card(entry["name"])
        conditions.append({
            "name": entry["name"], "tokens": entry.get("tokens", 0),
            "duration": entry.get("duration", card["duration"]),
            "damage_each_turn": entry.get("damage_each_turn", card["damage_each_turn"] or 0),
            "cannot_attack": bool(card["cannot_attack"]), "paralyzed": bool(card["paralyzed"])})
    return {
        "profile": profile,
        "hp": hp, "chi": chi,
        "good_karma": given.get("good_karma", 0), "bad_karma": given.get("bad_karma", 0),
        "weapon_level": given.get("weapon_level", 1),
        "corruption": list(given.get("corruption") or []),
        "skills": list(given.get("hand") or []),
        "skills_unknown": given.get("skills_unknown", 0 if "hand" in given else 2),
        "fortune": list(given.get("fortune") or []),
        "misfortunes_due": [],
        "in_play": in_play(given.get("in_play") or [], f"{field}.in_play"),
        "conditions": conditions,
        "status": status,
        "posture": (given.get("posture", "face_down") if status == "unconscious" else None),
        "sutras": given.get("sutras", 0), "villagers": given.get("villagers", 0),
        "wells_used": list(given.get("wells_used") or []),
        "actions_this_turn": [], "moved_this_turn": False,
        "ap_lost_next_turn": given.get("ap_lost_next_turn", 0),
        "this_action": [],
    }


def in_play(entries: list[dict], field: str) -> list[dict]:
    """Cards in a Pilgrim's playing area, as `play_card` leaves them (a card for N Turns with its
    Turn Tokens)."""
    out = []
    for n, entry in enumerate(entries):
        card = {"card": entry["card"], "kind": entry.get("kind", "skill"),
                "duration": entry["duration"]}
        if entry["duration"] == "turns":
            if "turns" not in entry or entry.get("tokens", 0) > entry["turns"]:
                raise SetupError("a card in play for N Turns needs its turns (and no more Turn "
                                 "Tokens than that)", f"{field}.{n}")
            card.update(turns=entry["turns"], tokens=entry.get("tokens", 0))
        out.append(card)
    return out


def next_demon_id(kind: str, demons: dict) -> str:
    n = 1
    while f"{kind}-{n}" in demons:
        n += 1
    return f"{kind}-{n}"


def placed_demon(kind: str, entered: dict | None, active: bool = True) -> dict:
    profile = demon_profile(kind, entered)
    return {"type": kind, "name": profile["name"], "profile": profile, "active": active}
