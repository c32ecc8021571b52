"""The Quests of the Quest Guide (issue 14): the base class, the registry, the shared condition machinery.

A Quest is a class declaring, as data:

  key, number, title      its `quest` option value ("q1"...), its number and the Guide's title
  board                   the printed Board Setup: token counts and Demons by kind; a position at
                          Turn 1 must match it, an empty one is filled with these (named gate-1...)
  setup_schema            the JSON Schema of `quest_setup`: what its setup needs that the text does
                          not give (which Demons stand in a house, which Villagers are in a Safe House)
  options                 its table rulings, {name: Option} (names start with its key: "q1_...")
  rules                   guards: functions `rule(game, event)` decorated with @cites, run before
                          every event (return True, or the reason the event is refused)
  event_types             events only this Quest has, {type: QuestEvent(EventType, phases)}; the
                          Quest handles each in `event_<type>(game, event)`
  ends                    Conditions that end the Quest ("The Quest ends immediately when ...")
  heroic, victory         the Conditions checked when the Quest ends (Heroic first)
  defeats                 Conditions that end the Quest in Defeat as soon as they are met
  defeat_at_end           the sentence quoted when it ends with neither Victory met

A Condition is a quote (verbatim from the Guide) and its parts; each part is a predicate of the game
answering MET, NOT_YET or GONE ("no longer possible"). All parts (`all_of`) or any (`any_of`) make
the Condition. Parts may be latched (`latched`: once met, it stays met — "Revive Cho Hakkai"), timed
(`by_end_of_turn(n, part)`: gone if not met when Turn n ends) or read from facts the base records
from accepted events (`G["quest_state"]`: villagers rescued, Pilgrims revived, Karma reached...).

`check(game)` runs after every accepted event and at every phase boundary: it stores each
Condition's status in `G["quest_state"]["conditions"]` (the table's view) and ends the game, quoting
the Condition met: a Defeat first, then an end with Heroic Victory, Victory, or Defeat.

The hooks the core calls (game.py) are class methods: setup, on_maintenance, on_end_of_turn,
on_phase, after_event(game, event), on_pilgrim_down/dead, on_demon_removed, can_seal_gates,
ends_on_tripitaka, holds_phase, legal(game, core_events) (a Quest adds `own_legal`). `FreePlay` is
the core game with no Quest rules (the table reports the result with `quest_result`).
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from referee.core import (
    BadRequest,
    Citation,
    EventType,
    Option,
    RuleViolation,
    citations,
    cites,
)
from referee.core.engine import check_schema
from rulebook_index import sections as rulebook_sections

from ..profiles import DEMON_TYPES, PILGRIM_NAMES, PILGRIMS, demon_name, demon_profile

MET, NOT_YET, GONE = "met", "not_yet", "no_longer_possible"
# a token kind in a player's words (one, several) and as the Board Setup prints it
BOARD_WORDS = {"gates": ("Gate", "Gates", "Gate"), "sutras": ("Sutra", "Sutras", "Sutra"),
               "villagers": ("Villager Token", "Villager Tokens", "Villagers"),
               "wells": ("Water Well", "Water Wells", "Well"),
               "boxes": ("Mystical Box", "Mystical Boxes", "Mystical Box"),
               "doors": ("Door", "Doors", "Door"),
               "broken_doors": ("Broken Door", "Broken Doors", "Broken Door")}
TOKEN_NAMES = {"gates": "gate", "boxes": "box", "wells": "well", "doors": "door",
               "broken_doors": "broken-door", "villagers": "villager", "sutras": "sutra"}
Q_CHECKED = ("The Players win when the Quest's Victory Conditions are met, typically during the "
             "Pilgrim Phase. The game stops immediately.")
Q_ONE_UPGRADE = "Setup normally and then give each Pilgrim 1 Karma Upgrade."
Q_TWO_UPGRADES = "Setup normally and then give each Pilgrim 2 Karma Upgrades."
Q_EARNED = ("The Pilgrims are given Karma Upgrades during the setup of the later Quests, "
            "representing Skills they have earned in the early Quests.")
Q_VILLAGER_HELD = "Place the Villager Token by the Pilgrim's Profile Sheet."
Q_SUTRA_COLLECTED = ("Remove the Sutra Token from the Map Tile and place it near the Pilgrim's "
                     "Profile Sheet.")
Q_SUTRA_SACRIFICED = "The Sutra Token is sacrificed in the Gate and removed from play."
Q_GATE_TURNED = "Turn the Gate Token over to indicate a Closed Gate."
# the table ruling on a game joined mid-way whose Sutras, Villager Tokens or Gates fall short of the
# Board Setup (finding 93)
TOKENS_ACCOUNTED = "setup_tokens_accounted"
Q_TRIPITAKA_LAST = "Tripitaka must go last, so give him Initiative Token 4."
Q_STARTS_WITH = ("Tripitaka starts the game with the Healing Trance Skill Card and one random "
                 "draw.")
Q_COMPARE = ("Then compare your Pilgrims to the setup for the next Quest. If your setup is "
             "similar, you are ready to play.")
Q_CARRY_RESULTS = ("However, you can play many Quests at once, and carry the results (Skill Cards, "
                   "Weapon Upgrades, Corruption Cards) from one Quest to the next.")

# A Quest's Karma Upgrades (Quests 6-10 Part 1), as `quest_setup.upgrades` of a Quest played on its
# own and as a campaign's `upgrades` between Quests: one entry per Upgrade, each Pilgrim's own.
CARD = {"type": "string", "minLength": 1, "maxLength": 60}
UPGRADE_SCHEMA = {
    "type": "object",
    "description": "one Karma Upgrade: 10 Good Karma (the Permanent Skill Card \"retained\" kept, "
                   "and the wrong-type cards drawn before it) or 10 Bad Karma (the Corruption "
                   "Card drawn; the referee upgrades the weapon)",
    "properties": {"good_karma": {"type": "integer", "minimum": 0, "maximum": 20},
                   "bad_karma": {"type": "integer", "minimum": 0, "maximum": 20},
                   "card": CARD,
                   "discarded": {"type": "array", "items": CARD, "maxItems": 20},
                   "corruption": CARD},
    "additionalProperties": False,
}
# What the Pilgrims did before the Turn a position is entered at, that a Condition reads and the
# position cannot show (a Meditation, a Skill Card played, 10 Karma reached and traded): `quest_setup
# .happened` of a Quest joined at a later Turn, for the facts its `past_facts` names.
PAST_FACTS = ("meditated", "skills_played", "good_karma_10", "bad_karma_10")
HAPPENED_SCHEMA = {
    "type": "object",
    "description": "joined at a later Turn: what happened before it that the board does not "
                   "show, each with the Pilgrims who did it, e.g. {\"meditated\": "
                   "[\"tripitaka\"]} (meditated, skills_played: played a Skill Card, "
                   "good_karma_10 / bad_karma_10: advanced to 10 Karma)",
    "propertyNames": {"enum": list(PAST_FACTS)},
    "additionalProperties": {"type": "array", "items": {"enum": list(PILGRIMS)},
                             "uniqueItems": True, "maxItems": 4},
}

UPGRADES_SCHEMA = {
    "type": "object", "propertyNames": {"enum": list(PILGRIMS)},
    "additionalProperties": {"type": "array", "items": UPGRADE_SCHEMA, "maxItems": 4},
    "description": "each Pilgrim's Karma Upgrades, one entry per Upgrade the Quest gives",
}


# -- sentences several Quests print alike ----------------------------------------------------------------

SENTENCE_BREAK = re.compile(r"(?<=[.!?]) +|\n")


def widened(section, begin: int, end: int, limit: int | None = None) -> str:
    """The passage `section.body[begin:end]`, widened by whole sentences (a list's lines are
    sentences, and `limit` ends the text it may take: a list) until `locate` finds it in `section`
    first. A sentence printed alike in several
    Quests ("Setup normally and then give each Pilgrim 1 Karma Upgrade." in Quests 6 to 9, "- Gate
    x 2" in Quests 2, 5 and 9) is quoted through this, so the citation links the Quest that applies:
    the fewest sentences added, those after it first (the quote then begins with the sentence
    itself), then those before it."""
    body = section.body[:limit]
    breaks = [(m.start(), m.end()) for m in SENTENCE_BREAK.finditer(body)]
    starts = [begin] + [after for _, after in reversed(breaks) if after < begin] + [0]
    ends = [end] + [before for before, _ in breaks if before > end] + [len(body)]
    for width in range(len(starts) + len(ends) - 1):
        for back in range(max(0, width - len(ends) + 1), min(width, len(starts) - 1) + 1):
            quote = body[starts[back]:ends[width - back]]
            if rulebook_sections.locate("journey", quote) is section:
                return quote
    return section.body[begin:end]


def printed_in(title: str, sentence: str) -> str:
    """`sentence` as the Quest `title` prints it (`widened` where other Quests print it too)."""
    for section in rulebook_sections.sections_for("journey"):
        if title in section.path and sentence in section.body:
            begin = section.body.index(sentence)
            return widened(section, begin, begin + len(sentence))
    return sentence


# -- conditions --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Part:
    """One numbered part of a Condition: its words and a predicate answering MET/NOT_YET/GONE."""

    text: str
    test: Callable[[Any], str]
    latched: bool = False  # once met, stays met (kept in G["quest_state"]["latched"])


def holds(text: str, met: Callable[[Any], bool], gone: Callable[[Any], bool] | None = None,
          latched: bool = False) -> Part:
    """A part met while `met(game)`; no longer possible when `gone(game)` (and not met)."""

    def test(game):
        if met(game):
            return MET
        return GONE if gone is not None and gone(game) else NOT_YET

    return Part(text, test, latched)


def by_end_of_turn(turn: int, part: Part) -> Part:
    """A timed part: met if `part` was met by the end of Turn `turn`, gone once that turn ended."""

    def test(game):
        when = latched_turn(game, part)
        if when is not None and when <= turn:
            return MET
        status = evaluate(game, part)
        if status == MET and game.G["turn"] <= turn:
            return MET
        ended = game.G["turn"] > turn or (game.G["turn"] == turn and game.G["turn_ended"])
        return GONE if ended or status == GONE else NOT_YET

    return Part(f"{part.text} (by the end of Turn {turn})", test, latched=True)


def latched_turn(game, part: Part) -> int | None:
    return game.G["quest_state"]["latched"].get(part.text)


def evaluate(game, part: Part) -> str:
    if part.latched and latched_turn(game, part) is not None:
        return MET
    status = part.test(game)
    if part.latched and status == MET:
        game.G["quest_state"]["latched"][part.text] = game.G["turn"]
    return status


@dataclass(frozen=True)
class Condition:
    """A Victory, Heroic Victory, Defeat or end condition: the Guide's sentence and its parts."""

    outcome: str  # "heroic_victory", "victory", "defeat" or "end"
    quote: str
    parts: tuple[Part, ...]
    any: bool = False  # one part is enough ("when ..., or when ...")

    def status(self, game) -> tuple[str, list[dict]]:
        shown = [{"text": part.text, "status": evaluate(game, part)} for part in self.parts]
        statuses = [p["status"] for p in shown]
        if self.any:
            status = (MET if MET in statuses else GONE if statuses and all(
                s == GONE for s in statuses) else NOT_YET)
        else:
            status = MET if all(s == MET for s in statuses) else (
                GONE if GONE in statuses else NOT_YET)
        return status, shown


def out_of_reach(text: str, condition: Condition) -> Part:
    """A part met once `condition` can no longer be met: a Defeat "when the Victory set cannot be
    met any more" is `all_of("defeat", quote, out_of_reach(words, victory))`."""
    return holds(text, lambda game: condition.status(game)[0] == GONE)


def all_of(outcome: str, quote: str, *parts: Part) -> Condition:
    return Condition(outcome, quote, tuple(parts))


def any_of(outcome: str, quote: str, *parts: Part) -> Condition:
    return Condition(outcome, quote, tuple(parts), any=True)


# -- parts many Quests share --------------------------------------------------------------------------

def dead(name: str):
    """Killed (dead), not only Defeated."""
    return lambda game: game.G["pilgrims"][name]["status"] == "dead"


def all_alive(game) -> bool:
    return all(p["status"] != "dead" for p in game.G["pilgrims"].values())


TRIPITAKA_KILLED = holds("Tripitaka is Killed", dead("tripitaka"))
TRIPITAKA_SURVIVES = holds("Tripitaka survives", lambda game: not dead("tripitaka")(game),
                           dead("tripitaka"))
ALL_SURVIVE = holds("All the Pilgrims survive", all_alive, lambda game: not all_alive(game))


def pilgrim_killed(text: str = "a Pilgrim is Killed") -> Part:
    return holds(text, lambda game: not all_alive(game))


def pilgrim_down(name: str, text: str) -> Part:
    """Defeated: reduced to 0 Health Points (Unconscious) or dead."""
    return holds(text, lambda game: game.G["pilgrims"][name]["status"] != "active")


def no_demons(text: str) -> Part:
    return holds(text, lambda game: not game.G["demons"])


def tokens_held(G: dict, kind: str) -> int:
    """The Sutras or Villager Tokens the Pilgrims hold, all together."""
    return sum(p[kind] for p in G["pilgrims"].values())


def possessors(game) -> list[dict]:
    """The Pilgrims whose Sutra Tokens the Pilgrims possess: a dead Pilgrim's are out of the game
    with him, unless the table rules otherwise (dead_pilgrim_sutras)."""
    still_held = game.option("dead_pilgrim_sutras") == "still_held"
    return [p for p in game.G["pilgrims"].values() if still_held or p["status"] != "dead"]


def sutras_held(game) -> int:
    """The Sutra Tokens the Pilgrims possess, all together."""
    return sum(pilgrim["sutras"] for pilgrim in possessors(game))


def sutras_available(game) -> int:
    """Sutra Tokens the Pilgrims hold or can still collect."""
    return sutras_held(game) + len(game.G["tokens"]["sutras"])


def gates_in(G: dict, status: str) -> list[str]:
    """The Gates of that status ("closed": sealed; "inactive"; "active"), by name."""
    return [name for name, gate in G["gates"].items() if gate["status"] == status]


def gates_closed(game) -> int:
    return len(gates_in(game.G, "closed"))


PRAYER_OF_SEALING = "Prayer of Sealing"


def prayer_of_sealing_held(game) -> bool:
    """Tripitaka holds the Prayer of Sealing, which seals Gates without a Sutra Token (its text is
    not printed: how many it seals is not known), so Sutras too few do not make sealing impossible."""
    return PRAYER_OF_SEALING in game.G["pilgrims"]["tripitaka"]["skills"]


def facts(game) -> dict:
    return game.G["quest_state"]["facts"]


class AtSetup:
    """The game as the Conditions read it before the first event (its G and the Quest rulings)."""

    def __init__(self, G: dict, options: dict):
        self.G = G
        self.table_options = options

    def option(self, name: str):
        return self.table_options[name]


# -- Quest events --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class QuestEvent:
    """An event only some Quests have: its schema and the phases it may be entered in."""

    event_type: EventType
    phases: tuple[str, ...]


@cites(Q_CHECKED)
def referee_checks_the_quest(game, event):
    """With a Quest chosen, its Conditions are checked by the referee, not reported by the table."""
    return (event["type"] != "quest_result"
            or f"{game.quest().title}: the referee checks its Victory and Defeat Conditions "
               "after every event; the Quest ends by itself when one is met.")


# -- the base class -------------------------------------------------------------------------------------

class Quest:
    key: ClassVar[str] = ""
    number: ClassVar[int | None] = None
    title: ClassVar[str] = ""
    board: ClassVar[dict] = {}
    setup_schema: ClassVar[dict] = {"type": "object", "additionalProperties": False}
    options: ClassVar[dict[str, Option]] = {}
    rules: ClassVar[tuple] = ()
    shared_rules: ClassVar[tuple] = (referee_checks_the_quest,)
    event_types: ClassVar[dict[str, QuestEvent]] = {}
    # core events the Quest takes away, each with its sentence (quoted when one is entered)
    forbidden_events: ClassVar[dict[str, str]] = {}
    ends: ClassVar[tuple[Condition, ...]] = ()
    heroic: ClassVar[Condition | None] = None
    victory: ClassVar[Condition | None] = None
    defeats: ClassVar[tuple[Condition, ...]] = ()
    defeat_at_end: ClassVar[str | None] = None
    upgrades: ClassVar[int] = 0  # Karma Upgrades its setup gives each Pilgrim ...
    upgrades_quote: ClassVar[str | None] = None  # ... and the sentence that gives them
    past_facts: ClassVar[tuple[str, ...]] = ()  # facts its Conditions read: quest_setup.happened
    # tokens its setup gives the Pilgrims besides the Board Setup: {kind: (count, its sentence)}
    granted: ClassVar[dict[str, tuple[int, str]]] = {}
    # Sutras or Villager Tokens its own rule takes off the board besides collecting, rescuing and
    # closing a Gate (Quest 5's Kei Lun destroys the Sutra; Quest 9's tokens become Bull Generals)
    taken_off: ClassVar[frozenset[str]] = frozenset()
    # its rules read which Villager Tokens were rescued or are left (a Condition, Quest 1's
    # Transformation, Quest 9's Elder Monk, Quest 10 Part 2's Attack Dice), so a position at a later
    # Turn must enter them (Quests 1, 3, 4, 6, 9 and 10 Part 2)
    tracks_villagers: ClassVar[bool] = False

    # -- setup --------------------------------------------------------------------------------------

    @classmethod
    def setup(cls, G: dict, options: dict) -> None:
        entered = dict(options.get("quest_setup") or {})
        upgrades = entered.pop("upgrades", None)
        happened = entered.pop("happened", None)
        check_schema(cls.setup_schema, entered, "options.quest_setup")
        G["quest_state"] = {"facts": {"rescued": [], "revived": [], "meditated": [],
                                      "skills_played": [], "attacked": [],
                                      "good_karma_10": [], "bad_karma_10": []},
                            "latched": {}, "conditions": [], "title": cls.title}
        cls.record_happened(G, happened)
        if cls.board:
            cls.place_board(G, options)
        cls.give_upgrades(G, options, upgrades)
        cls.prepare(G, options, entered)
        cls.statuses(AtSetup(G, options))

    @classmethod
    def check_entered(cls, G: dict, position: dict) -> None:
        """What the position entered that the Quest's setup would otherwise put right silently
        (refused with the Quest's sentence)."""
        return None

    @classmethod
    def record_happened(cls, G: dict, happened: dict | None) -> None:
        """`quest_setup.happened` (a game joined at a later Turn) into the facts the Conditions
        read."""
        if not happened:
            return
        field = "options.quest_setup.happened"
        if G["turn"] == 1:
            raise BadRequest("nothing has happened before Turn 1: enter what the Pilgrims did "
                             "with a position at a later Turn", field)
        for fact, pilgrims in happened.items():
            if fact not in cls.past_facts:
                raise BadRequest(f"{cls.title or 'free play'} has no Condition that reads "
                                 f"{fact}" + (f" (it reads {', '.join(cls.past_facts)})"
                                              if cls.past_facts else ""), f"{field}.{fact}")
            G["quest_state"]["facts"][fact].extend(pilgrims)

    @classmethod
    def place_board(cls, G: dict, options: dict) -> None:
        """The printed Board Setup: an empty position at Turn 1 gets it (named gate-1,
        villager-1...); a position entered at Turn 1 must have exactly these components. A game
        joined mid-way (a later Turn) is taken as entered: a Sutra collected, a Demon removed."""
        from ..position import next_demon_id, placed_demon

        fresh = G["turn"] == 1
        for kind, count in cls.board.items():
            if kind == "demons":
                continue
            have = len(G["gates"]) if kind == "gates" else len(G["tokens"][kind])
            if have == 0 and count and fresh:
                names = [f"{TOKEN_NAMES[kind]}-{n}" for n in range(1, count + 1)]
                if kind == "gates":
                    G["gates"] = {name: {"status": "active"} for name in names}
                else:
                    G["tokens"][kind] = names
                    if kind == "wells":
                        G["wells_used"] = {name: [] for name in names}
            elif fresh and have != count:
                raise cls.board_differs(kind, count, have)
        printed = cls.board.get("demons", {})
        placed = {kind: sum(1 for d in G["demons"].values() if d["type"] == kind)
                  for kind in DEMON_TYPES}
        if not G["demons"] and fresh:
            entries = options.get("demon_profiles") or {}
            for kind, count in printed.items():
                for _ in range(count):
                    G["demons"][next_demon_id(kind, G["demons"])] = placed_demon(
                        kind, entries.get(kind))
        elif fresh:
            for kind in DEMON_TYPES:
                if placed[kind] != printed.get(kind, 0):
                    raise cls.board_differs(kind, printed.get(kind, 0), placed[kind])
        if not fresh:
            cls.no_tokens_beyond_the_board(G)

    @classmethod
    def no_tokens_beyond_the_board(cls, G: dict) -> None:
        """A game joined at a later Turn holds no more Sutras, Villagers, Wells, Mystical Boxes or
        Door Tokens, on the board and by the Pilgrims, than the Board Setup placed and the Quest's
        setup gave them (finding 84): no rule adds them during a Quest. A Door broken down is the
        same token turned over. (Gates, more or fewer, are finding 93's.)"""
        held = {kind: tokens_held(G, kind) for kind in ("sutras", "villagers")}
        for kind in ("sutras", "villagers", "wells", "boxes", "doors"):
            on_board = len(G["tokens"][kind]) + (len(G["tokens"]["broken_doors"])
                                                 if kind == "doors" else 0)
            given, given_quote = cls.granted.get(kind, (0, None))
            printed = (cls.board.get(kind, 0)
                       + (cls.board.get("broken_doors", 0) if kind == "doors" else 0))
            if on_board + held.get(kind, 0) <= printed + given:
                continue
            one, several, _ = BOARD_WORDS[kind]
            words = "Door Tokens (closed or broken)" if kind == "doors" else several
            where = (f"{on_board} on the board and the Pilgrims hold {held[kind]}" if kind in held
                     else f"{on_board}")
            gives = f" and its setup gives the Pilgrims {given}" if given else ""
            also = (Citation("journey", given_quote),) if given_quote else ()
            raise RuleViolation(
                f"The Board Setup of {cls.title} places {printed or 'no'} "
                f"{one if printed == 1 and kind != 'doors' else words}{gives}; at Turn {G['turn']} "
                f"the position has {where}. No rule adds them during a Quest.",
                Citation("journey", cls.board_quote(None if kind == "doors" else kind)), also)

    @classmethod
    def taken_off_by_the_quest(cls, G: dict, kind: str) -> bool:
        """Whether the Quest's own rule can have taken Sutras or Villager Tokens off the board by
        the Turn the position is entered at (`taken_off`)."""
        return kind in cls.taken_off

    @classmethod
    def tokens_accounted(cls, G: dict, position: dict, options: dict) -> None:
        """A game joined at a later Turn (finding 93): the Gates, Sutras and Villager Tokens the
        position enters add up to the Board Setup's. A Gate is never taken away (a Closed one is
        turned over); a Sutra leaves the board only collected (held) or sacrificed closing a Gate;
        a Villager Token only rescued (held), unless the Quest's own rule takes them
        (`taken_off_by_the_quest`). What the position does not enter (no `gates`, no `sutras` on
        the board nor held) is not checked; a Sutra missing while the Gates are not entered may have
        closed any of them. A Quest that `tracks_villagers` cannot go on without its Villager
        Tokens: a position entering none is a 400 naming the missing entry. With the ruling
        `setup_tokens_accounted: allow` (a Fortune or Misfortune card, whose text the book does not
        print, may have moved one) fewer is accepted; more Gates than printed are refused either
        way, as more of the other tokens are (`no_tokens_beyond_the_board`)."""
        if G["turn"] == 1 or not cls.board:
            return
        pilgrims = (position.get("pilgrims") or {}).values()
        entered = {kind: kind in position or any(kind in p for p in pilgrims)
                   for kind in ("sutras", "villagers")}
        if cls.tracks_villagers and not entered["villagers"]:
            raise BadRequest(f"Quest {cls.number} tracks its Villager Tokens: enter those on the "
                             "board and those the Pilgrims hold; [] and 0 are entries",
                             "position.villagers")
        fewer_refused = options.get(TOKENS_ACCOUNTED, "refuse") == "refuse"
        printed_gates, gates = cls.board.get("gates", 0), len(G["gates"])
        if "gates" in position and (gates > printed_gates or (gates < printed_gates
                                                              and fewer_refused)):
            raise RuleViolation(
                f"The Board Setup of {cls.title} places {cls.counted('gates', printed_gates)}; at "
                f"Turn {G['turn']} the position has {gates}. A Gate stays on the board: a Closed "
                "Gate is turned over.",
                Citation("journey", cls.board_quote("gates" if printed_gates else None)),
                (Citation("journey", Q_GATE_TURNED),))
        if not fewer_refused:
            return
        held = {kind: tokens_held(G, kind) for kind in entered}
        closable = len(gates_in(G, "closed")) if "gates" in position else printed_gates
        printed = cls.board.get("sutras", 0) + cls.granted.get("sutras", (0, None))[0]
        on_board = len(G["tokens"]["sutras"])
        if (entered["sutras"] and not cls.taken_off_by_the_quest(G, "sutras")
                and printed - on_board - held["sutras"] > closable):
            closed = (f" and {closable} Gate{'s' * (closable != 1)} closed" if "gates" in position
                      else "")
            given = (f" and its setup gives the Pilgrims {cls.granted['sutras'][0]}"
                     if "sutras" in cls.granted else "")
            also = ((Citation("journey", cls.granted["sutras"][1]),) if "sutras" in cls.granted
                    else ())
            raise RuleViolation(
                f"The Board Setup of {cls.title} places {cls.counted('sutras', cls.board.get('sutras', 0))}"
                f"{given}; at Turn {G['turn']} the position has {on_board} on the board, the "
                f"Pilgrims hold {held['sutras']}{closed}. A Sutra leaves the board only collected "
                "(held) or sacrificed closing a Gate.",
                Citation("journey", cls.board_quote("sutras" if cls.board.get("sutras") else None)),
                (*also, Citation("journey", Q_SUTRA_COLLECTED),
                 Citation("journey", Q_SUTRA_SACRIFICED)))
        printed, on_board = cls.board.get("villagers", 0), len(G["tokens"]["villagers"])
        if (entered["villagers"] and not cls.taken_off_by_the_quest(G, "villagers")
                and on_board + held["villagers"] < printed):
            raise RuleViolation(
                f"The Board Setup of {cls.title} places {printed} Villager Token"
                f"{'s' * (printed != 1)}; at Turn {G['turn']} the position has {on_board} on the "
                f"board and the Pilgrims hold {held['villagers']}. A rescued Villager Token is held "
                "by the Pilgrim who rescued it.",
                Citation("journey", Q_VILLAGER_HELD),
                (Citation("journey", cls.board_quote("villagers")),))

    @classmethod
    def counted(cls, kind: str, n: int) -> str:
        one, several, _ = BOARD_WORDS[kind]
        return f"{n} {one if n == 1 else several}" if n else f"no {several}"

    @classmethod
    def villagers_off_board(cls, G: dict) -> list[str]:
        """A game joined at a later Turn (its Villager Tokens entered and accounted for by
        `tokens_accounted`): the Board Setup's Villager Tokens no longer on the board. A Rescue
        places the token "by the Pilgrim's Profile Sheet", so those the Pilgrims hold were rescued:
        named `rescued-1`... and recorded as rescued facts; the others (`gone-1`..., Quest 1's
        Transformation or the ruling `setup_tokens_accounted: allow`) follow them."""
        if G["turn"] == 1:
            return []
        off = cls.board.get("villagers", 0) - len(G["tokens"]["villagers"])
        held = tokens_held(G, "villagers")
        rescued = [f"rescued-{n}" for n in range(1, held + 1)]
        G["quest_state"]["facts"]["rescued"].extend(rescued)
        return rescued + [f"gone-{n}" for n in range(1, off - held + 1)]

    @classmethod
    def board_differs(cls, kind: str, printed: int, have: int) -> RuleViolation:
        """A position at Turn 1 that does not match the Board Setup: a player's mistake at setup,
        refused with the Quest's own Board Setup line (`board_quote`)."""
        one, several = BOARD_WORDS[kind][:2] if kind in BOARD_WORDS else (demon_name(kind),) * 2
        printed_words, have_words = (f"{n} {one if n == 1 else several}" if n else f"no {several}"
                                     for n in (printed, have))
        return RuleViolation(
            f"The Board Setup of {cls.title} places {printed_words}; the position has {have_words}. "
            "A Quest starts from its printed Board Setup.",
            Citation("journey", cls.board_quote(kind if printed else None)))

    @classmethod
    def board_quote(cls, kind: str | None) -> str:
        """The Quest's Board Setup line for a token or Demon kind ("- Gate x 2"), `widened` until
        it is found in this Quest's Board Setup first (several Quests print "- Gate x 2" alike);
        None, or a kind the Quest does not print: its whole list."""
        section = next(s for s in rulebook_sections.sections_for("journey")
                       if s.path[-1] == "Board Setup" and cls.title in s.path)
        lines = [line for line in section.body.split("\n") if line.startswith("- ")]
        count = cls.board.get(kind) if kind in TOKEN_NAMES else cls.board.get("demons", {}).get(kind)
        if not count:
            return "\n".join(lines)
        name = BOARD_WORDS[kind][2] if kind in BOARD_WORDS else demon_profile(kind, None)["name"]
        line = f"- {name} x {count}" if count > 1 or kind in BOARD_WORDS else f"- {name}"
        begin = section.body.index(f"{line}\n")
        listed = section.body.index(lines[-1]) + len(lines[-1])
        return widened(section, begin, begin + len(line), limit=listed)

    @classmethod
    def give_upgrades(cls, G: dict, options: dict, entered: dict | None) -> None:
        """"Setup normally and then give each Pilgrim 1 Karma Upgrade": a Quest played on its own
        takes them as entered in `quest_setup.upgrades` (the count, the 10-point blocks and what each
        gives checked as between a campaign's Quests); with the ruling `karma_upgrades`
        "in_position" the Pilgrims come as the position enters them (a campaign's Quests: the
        campaign gives the Upgrades between them)."""
        from ..campaign import Campaign  # the campaign's rules import the Quests

        in_position = options.get("karma_upgrades", "at_setup") == "in_position"
        if entered and (in_position or not cls.upgrades):
            why = ("the Pilgrims come with their Upgrades (ruling karma_upgrades: in_position)"
                   if in_position else f"{cls.title or 'free play'} gives no Karma Upgrade")
            raise BadRequest(why, "options.quest_setup.upgrades")
        if in_position or not cls.upgrades:
            return
        entered = entered or {}
        for name in PILGRIMS:
            chosen = entered.get(name) or []
            if len(chosen) != cls.upgrades:
                raise RuleViolation(
                    f"{cls.title} gives each Pilgrim {cls.upgrades} Karma Upgrade"
                    f"{'s' * (cls.upgrades > 1)}; {PILGRIM_NAMES[name]} took {len(chosen)}: enter "
                    "them in quest_setup.upgrades.", Citation("journey", cls.upgrades_quote))
            pilgrim = G["pilgrims"][name]
            state = {"hand": pilgrim["skills"], "weapon_level": pilgrim["weapon_level"],
                     "corruption": pilgrim["corruption"]}
            for index, upgrade in enumerate(chosen):
                held = sum(len(other["corruption"]) for other in G["pilgrims"].values())
                Campaign.apply_upgrade(name, state, upgrade,
                                       f"options.quest_setup.upgrades.{name}[{index}]", [],
                                       corruption_held=held)
            pilgrim["weapon_level"] = state["weapon_level"]

    @classmethod
    def forbidden_quote(cls, game, kind: str) -> str | None:
        """The Quest's sentence that takes a core event away, now (`forbidden_events`)."""
        return cls.forbidden_events.get(kind)

    @classmethod
    def prepare(cls, G: dict, options: dict, entered: dict) -> None:
        """The Quest's own setup (initiative, starting cards and Conditions, Turn Tokens...)."""
        return None

    @classmethod
    def fix_initiative(cls, G: dict, options: dict, order: list[str], why: str,
                       quote: str) -> None:
        """The Quest's printed initiative: another order entered is refused with its sentence."""
        given = options.get("initiative")
        if given and list(given) != order:
            raise RuleViolation(f"{cls.title}: {why}.",
                                Citation("journey", printed_in(cls.title, quote)))
        G["initiative"] = list(order)

    @classmethod
    def tripitaka_last(cls, G: dict, options: dict) -> None:
        if G["initiative"][-1] != "tripitaka":
            raise RuleViolation(f"{cls.title}: Tripitaka must go last (Initiative Token 4).",
                                Citation("journey", printed_in(cls.title, Q_TRIPITAKA_LAST)))

    @classmethod
    def starting_skill(cls, G: dict, options: dict, pilgrim: str, card: str) -> None:
        """A named starting Skill Card "and one random draw" (the draw stays unknown). A hand the
        position gives is kept (Pilgrims carried over from the last Quest keep their cards); at
        Turn 1 the named card joins it unless he holds it (ruling `starting_skill_cards`)."""
        state = G["pilgrims"][pilgrim]
        if state["skills_unknown"] == 2 and not state["skills"]:
            state["skills"], state["skills_unknown"] = [card], 1
        elif (G["turn"] == 1 and card not in state["skills"]
              and options.get("starting_skill_cards", "added") == "added"):
            state["skills"].append(card)

    # -- the hooks the core calls ------------------------------------------------------------------

    @classmethod
    def on_maintenance(cls, game) -> None:
        return None

    @classmethod
    def on_end_of_turn(cls, game) -> None:
        return None

    @classmethod
    def on_phase(cls, game, phase: str) -> None:
        cls.check(game)

    @classmethod
    def after_event(cls, game, event: dict | None = None) -> None:
        if event is not None:
            cls.record(game, event)
        cls.check(game)

    @classmethod
    def on_pilgrim_down(cls, game, pilgrim: str) -> None:
        return None

    @classmethod
    def on_pilgrim_dead(cls, game, pilgrim: str) -> None:
        return None

    @classmethod
    def on_demon_removed(cls, game, demon: str, how: str) -> None:
        return None

    @classmethod
    def cleanse_bonus(cls, game) -> dict[str, int]:
        """What the Quest itself adds to every Cleanse Ritual roll now, by what gives it (no card
        to name)."""
        return {}

    @classmethod
    def held_in_the_open(cls, game, demon: str) -> bool:
        """True for a Demon the Quest keeps inactive where it stands (not in a closed room)."""
        return False

    @classmethod
    def can_seal_gates(cls, game) -> bool:
        return True

    @classmethod
    def ends_on_tripitaka(cls, game) -> str | None:
        """A Quest ends by its own Conditions: the core's free-play ending is off."""
        return None

    @classmethod
    def holds_phase(cls, game) -> bool:
        """True keeps the referee in this phase (something of the Quest is still to be entered)."""
        return False

    @classmethod
    def legal(cls, game, core: list[dict]) -> list[dict]:
        """The core game's legal events that the Quest's rules do not refuse (without the
        table's `quest_result`: the referee checks the Conditions), with the Quest's own events
        that can be entered now."""
        return [e for e in core if cls.rules_allow(game, e)] + cls.own_legal(game)

    @classmethod
    def rules_allow(cls, game, event: dict) -> bool:
        """False when a Quest rule refuses the event as listed (its open fields still to fill)."""
        probe = {key: value for key, value in event.items() if key != "open"}
        for rule in (*cls.shared_rules, *cls.rules):
            try:
                rule(game, probe)
            except RuleViolation:
                return False
            except (BadRequest, KeyError):  # it needs a field the table fills in
                continue
        return True

    @classmethod
    def own_legal(cls, game) -> list[dict]:
        return []

    @classmethod
    def check_rules(cls, game, event: dict) -> None:
        for rule in (*cls.shared_rules, *cls.rules):
            rule(game, event)

    @classmethod
    def handle(cls, game, event: dict) -> None:
        if event["type"] not in cls.event_types:
            raise BadRequest(f"{event['type']} is not an event of {cls.title or 'free play'}",
                             "event.type")
        getattr(cls, f"event_{event['type']}")(game, event)

    # -- facts and conditions ------------------------------------------------------------------------

    @classmethod
    def record(cls, game, event: dict) -> None:
        """Facts from an accepted event that Conditions read later."""
        known = facts(game)
        kind = event["type"]
        if kind == "rescue_villager":
            known["rescued"].append(event["villager"])
        elif kind == "revive":
            known["revived"].append(event["target"])
        elif kind == "meditate":
            known["meditated"].append(event["pilgrim"])
        elif kind == "play_card" and event["kind"] == "skill":
            known["skills_played"].append(event["pilgrim"])
        elif kind == "attack":
            known["attacked"].extend(event["targets"])
        # a Skill Card used with an Attack, a Demon's attack, a Cleanse or a spin is played too
        known["skills_played"].extend(card["pilgrim"] for card in event.get("cards") or []
                                      if card.get("kind", "skill") == "skill")
        for name in PILGRIMS:
            for karma in ("good", "bad"):
                if (game.G["pilgrims"][name][f"{karma}_karma"] >= 10
                        and name not in known[f"{karma}_karma_10"]):
                    known[f"{karma}_karma_10"].append(name)

    @classmethod
    def conditions(cls) -> list[Condition]:
        return [*cls.ends, *([cls.heroic] if cls.heroic else []),
                *([cls.victory] if cls.victory else []), *cls.defeats]

    @classmethod
    def statuses(cls, game) -> tuple[list[dict], dict]:
        """Every Condition's status, as the view shows it, and by Condition."""
        shown, met = [], {}
        for condition in cls.conditions():
            status, parts = condition.status(game)
            met[condition] = status
            shown.append({"outcome": condition.outcome, "quote": condition.quote,
                          "status": status, "parts": parts})
        game.G["quest_state"]["conditions"] = shown
        return shown, met

    @classmethod
    def check(cls, game) -> None:
        """Every Condition's status into the view; the end of the Quest when one is met."""
        G = game.G
        shown, met = cls.statuses(game)
        if G["result"] is not None:
            return
        for condition in cls.defeats:
            if met[condition] == MET:
                game.end_game("defeat", cls.met_text(condition, shown), condition.quote)
                return
        for condition in cls.ends:
            if met[condition] != MET:
                continue
            if cls.heroic and met[cls.heroic] == MET:
                game.end_game("heroic_victory", cls.met_text(cls.heroic, shown),
                              cls.heroic.quote)
            elif cls.victory and met[cls.victory] == MET:
                game.end_game("victory", cls.met_text(cls.victory, shown), cls.victory.quote)
            else:
                game.end_game("defeat", f"The Quest ended ({cls.met_text(condition, shown)}) "
                              "before its Victory Conditions were met.",
                              cls.defeat_at_end or condition.quote)
            return

    @classmethod
    def met_text(cls, condition: Condition, shown: list[dict]) -> str:
        entry = next(e for e in shown if e["quote"] == condition.quote
                     and e["outcome"] == condition.outcome)
        parts = [p["text"] for p in entry["parts"] if p["status"] == MET]
        return f"{cls.title}: " + "; ".join(parts or [condition.quote])

    @classmethod
    def view(cls, game) -> dict | None:
        state = game.G.get("quest_state")
        if not state:
            return None
        return {"key": cls.key, "title": cls.title, "conditions": state["conditions"]}


class FreePlay(Quest):
    """The core game with no Quest rules: the table reports the Quest's result (`quest_result`)."""

    key = "free"
    title = "No Quest rules (the table checks the Quest's conditions)"
    shared_rules = ()

    @classmethod
    def setup(cls, G: dict, options: dict) -> None:
        return None

    @classmethod
    def on_phase(cls, game, phase: str) -> None:
        return None

    @classmethod
    def after_event(cls, game, event: dict | None = None) -> None:
        return None

    @classmethod
    def legal(cls, game, core: list[dict]) -> list[dict]:
        return core

    @classmethod
    def ends_on_tripitaka(cls, game) -> str:
        """"defeated" (0 Health Points) or "killed" (dead): the free-play table ruling."""
        return game.option("tripitaka_defeat")


# -- the registry -------------------------------------------------------------------------------------

def _registry() -> dict[str, type[Quest]]:
    """FreePlay, then every module of this package named q<NN>_<name>.py, in order: each names its
    Quest class `QUEST`."""
    quests: list[type[Quest]] = [FreePlay]
    for module in sorted(m.name for m in pkgutil.iter_modules(__path__)
                         if re.fullmatch(r"q\d\d_\w+", m.name)):
        quests.append(importlib.import_module(f"{__name__}.{module}").QUEST)
    return {quest.key: quest for quest in quests}


QUESTS: dict[str, type[Quest]] = _registry()

QUEST_EVENTS: dict[str, QuestEvent] = {}
for _quest in QUESTS.values():
    for _name, _event in _quest.event_types.items():
        if QUEST_EVENTS.setdefault(_name, _event) is not _event:
            raise TypeError(f"two Quests declare different events named {_name}")

QUEST_SETUP_FIELDS: dict[str, dict] = {}
for _quest in QUESTS.values():
    for _name, _schema in _quest.setup_schema.get("properties", {}).items():
        if QUEST_SETUP_FIELDS.setdefault(_name, _schema) != _schema:
            raise TypeError(f"two Quests declare different setup fields named {_name}")

if any(quest.upgrades for quest in QUESTS.values()):
    QUEST_SETUP_FIELDS["upgrades"] = UPGRADES_SCHEMA
if any(quest.past_facts for quest in QUESTS.values()):
    QUEST_SETUP_FIELDS["happened"] = HAPPENED_SCHEMA

QUEST_OPTIONS: dict[str, Option] = {
    "karma_upgrades": Option(
        "Table ruling: the Karma Upgrades of Quests 6 to 10 Part 1 when a Quest is played on its "
        "own. \"at_setup\": the Quest's setup gives them, entered in quest_setup.upgrades; "
        "\"in_position\": the Pilgrims come as the position enters them, with the results carried "
        "from Quests played before (a campaign gives its Upgrades between Quests).",
        {"enum": ["at_setup", "in_position"]}, "at_setup",
        citations("journey", Q_ONE_UPGRADE, Q_CARRY_RESULTS)),
    "starting_skill_cards": Option(
        "Table ruling: a Quest's named starting Skill Card (Quest 2: Shining Seal, Healing "
        "Fellowship; Quest 5: Healing Trance) when the Pilgrim comes with a hand (carried from "
        "the Quest before, or entered). \"added\": he starts the Quest with it, added to the "
        "hand he holds (Quest 5's Calming Influence needs it); \"as_carried\": the hand he "
        "holds, compared with the Quest's setup by the table (it may draw or discard cards).",
        {"enum": ["added", "as_carried"]}, "added",
        citations("journey", Q_STARTS_WITH, Q_COMPARE)),
    "quest_setup": Option(
        "What the chosen Quest's setup needs that its text does not give (the Quest Mini-Maps "
        "are figures), e.g. Quest 1 {\"house\": [the Demons in the Villagers' house]}, Quest 3 "
        "{\"safe_house\": [the Villagers in the house]}; each Quest checks its own fields.",
        {"type": ["object", "null"], "properties": QUEST_SETUP_FIELDS,
         "additionalProperties": False}, None),
}
for _quest in QUESTS.values():
    for _name, _option in _quest.options.items():
        if QUEST_OPTIONS.setdefault(_name, _option) is not _option:
            raise TypeError(f"two Quests declare different options named {_name}")


class QuestMixin:
    """What the Game model gets from the Quests: the guard running the Quest's rules before every
    event, the Quest's own events, and the Quest's part of `legal` and of the view."""

    quest_titles: ClassVar[dict[str, str]] = {key: quest.title for key, quest in QUESTS.items()}

    def quest_rules(self, event):
        """The chosen Quest's special rules (each raises its own sentence)."""
        self.quest().check_rules(self, event)
        return True

    def do_quest_event(self, event):
        self.quest().handle(self, event)

    def quest_view(self) -> dict | None:
        return self.quest().view(self)


def quest_transitions(rules_guard: str = "quest_rules") -> list[dict]:
    return [{"trigger": name, "source": list(event.phases), "dest": None,
             "conditions": [rules_guard], "before": "do_quest_event", "after": "proceed"}
            for name, event in QUEST_EVENTS.items()]

