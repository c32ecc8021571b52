"""What a game module declares, and the vocabulary it rules with.

A game is a subclass of `Referee`: its phases as a `transitions` table, its event types with their
JSON Schemas, its setup options, and guard methods that enforce one printed rule each. The core
(`referee.core.engine`) owns everything else: validation, replay, undo, storage and HTTP.

This package is plain Python: it never imports Flask.

Concurrency, by design: a model (one game in one request) is built from the stored snapshot or by
replay, used by one thread, and dropped with the request; it owns its `transitions` machine, because
a HierarchicalMachine keeps mutable scope state while it triggers events. What the core shares across
threads is immutable or built once and only read: the game classes and their declarations, the event
validators (`engine`, cached per game, type and seating), and resolved citations (tuples). The
writes themselves are serialized by the database (`store`). docs/concurrency.md lists every piece of
process-wide state and why it is safe.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from typing import Any, ClassVar

from transitions.extensions import HierarchicalMachine

from rulebook_index import sections as rulebook_sections

from . import jsontext


@dataclass(frozen=True)
class Citation:
    """A rule quoted verbatim from a game's rulebook."""

    game: str
    quote: str

    def to_json(self) -> dict:
        return dict(_resolved(self.game, self.quote))


def citations(game: str, *quotes: str) -> tuple[Citation, ...]:
    """The passages an Option quotes (options are declared before their Referee class exists)."""
    return tuple(Citation(game, quote) for quote in quotes)


@functools.lru_cache(maxsize=4096)
def _resolved(game: str, quote: str) -> tuple:
    section = rulebook_sections.locate(game, quote)
    return (
        ("game", game),
        ("section_id", section.id if section else None),
        ("section_path", section.path_text if section else None),
        ("quote", quote),
        ("url", rulebook_sections.section_url(game, section.id) if section else None),
    )


class RuleViolation(Exception):
    """An event the rules forbid: a plain-language reason and the rule it breaks.

    Where it is unclear which of several sentences the player broke, `also` carries the others:
    `rule` is the first, `rules` lists them all.
    """

    code = "illegal"

    def __init__(self, message: str, citation: Citation | None = None,
                 also: tuple[Citation, ...] = ()):
        super().__init__(message)
        self.message = message
        self.citation = citation
        self.also = tuple(also)

    def to_json(self) -> dict:
        error = {"code": self.code, "message": self.message}
        if self.citation is not None:
            error["rule"] = self.citation.to_json()
        if self.also:
            error["rules"] = [c.to_json() for c in (self.citation, *self.also) if c is not None]
        return error


class BadRequest(Exception):
    """Input that is malformed rather than illegal: names the field and what is wrong with it.

    Where what is entered as lying on the table (a position, a calculator's tally) holds what a
    rule forbids, `citation` is that sentence: quoted in the message and given as `rule`; where
    several sentences do, `also` carries the others and `rules` lists them all (as a RuleViolation's).
    """

    def __init__(self, message: str, field: str | None = None, code: str = "bad_request",
                 citation: Citation | None = None, also: tuple[Citation, ...] = ()):
        if citation is not None:
            message += " (" + ", ".join(f"“{c.quote}”" for c in (citation, *also)) + ")"
        super().__init__(message)
        self.message = message
        self.field = field
        self.code = code
        self.citation = citation
        self.also = tuple(also)

    def to_json(self) -> dict:
        error = {"code": self.code, "message": self.message}
        if self.field is not None:
            error["field"] = self.field
        if self.citation is not None:
            error["rule"] = self.citation.to_json()
        if self.also:
            error["rules"] = [c.to_json() for c in (self.citation, *self.also) if c is not None]
        return error


class SetupError(BadRequest):
    """A setup or position that cannot be on a real table (e.g. a thirteenth card in a deck)."""

    def __init__(self, message: str, field: str | None = None, citation: Citation | None = None,
                 also: tuple[Citation, ...] = ()):
        super().__init__(message, field, "invalid_setup", citation, also)


@dataclass
class Effect:
    """What an accepted event did, in words, with the rule that caused it where one did."""

    text: str
    citation: Citation | None = None

    def to_json(self) -> dict:
        out: dict[str, Any] = {"text": self.text}
        if self.citation is not None:
            out["rule"] = self.citation.to_json()
        return out


@dataclass(frozen=True)
class EventType:
    """One kind of thing a player can report: its fields as JSON Schema and a valid example.

    `properties` and `required` describe the fields besides `type` and `player`, which every event
    has. `chance` marks an outcome decided at the table (a card drawn, dice rolled).
    """

    description: str
    properties: dict = field(default_factory=dict)
    required: tuple[str, ...] = ()
    example: dict = field(default_factory=dict)
    chance: bool = False
    defs: dict = field(default_factory=dict)  # shared sub-schemas, referenced as "#/$defs/<name>"

    def schema(self, type_name: str, seats: list[str]) -> dict:
        schema = {
            "type": "object",
            "properties": {
                "type": {"const": type_name},
                "player": {"enum": seats},
                **self.properties,
            },
            "required": ["type", "player", *self.required],
            "additionalProperties": False,
        }
        if self.defs:
            schema["$defs"] = self.defs
        return schema


@dataclass(frozen=True)
class Option:
    """A setup option; a table ruling where the rulebook is silent or contradicts itself.

    `citations` quote the passages on each side of a ruling; the default is the most literal reading.
    """

    description: str
    schema: dict
    default: Any
    citations: tuple[Citation, ...] = ()

    def to_json(self) -> dict:
        return {
            "description": self.description,
            "schema": self.schema,
            "default": self.default,
            "rules": [c.to_json() for c in self.citations],
        }


CITATION_SCHEMA = {
    "type": "object",
    "properties": {"game": {"type": "string"}, "section_id": {"type": ["string", "null"]},
                   "section_path": {"type": ["string", "null"]}, "quote": {"type": "string"},
                   "url": {"type": ["string", "null"]}},
    "required": ["game", "section_id", "section_path", "quote", "url"],
}

# What every game's `scores()` and `score()` answer; a game may add keys of its own (a ranking).
SCORES_SCHEMA = {
    "type": "object",
    "properties": {
        "players": {"type": "array", "items": {
            "type": "object",
            "properties": {
                "seat": {"type": "string"}, "name": {"type": "string"},
                "total": {"type": "integer"},
                "breakdown": {"type": "array", "items": {
                    "type": "object",
                    "properties": {"label": {"type": "string"}, "points": {"type": "integer"},
                                   "counts": {"type": "string"},
                                   "rule": {"oneOf": [{"type": "null"}, CITATION_SCHEMA]}},
                    "required": ["label", "points", "rule"],
                }},
            },
            "required": ["seat", "name", "total", "breakdown"],
        }},
        "winners": {"type": "array", "items": {"type": "string"},
                    "description": "seats; empty while nobody has won, several for a shared win"},
        "decided_by": {
            "type": "object",
            "description": "why the winners won, or why nobody has yet: the end condition or the "
                           "tie-break, with its rule",
            "properties": {"text": {"type": "string"},
                           "rule": {"oneOf": [{"type": "null"}, CITATION_SCHEMA]},
                           "tie_break": {"type": "string"}},
            "required": ["text", "rule"],
        },
    },
    "required": ["players", "winners", "decided_by"],
}


def cites(quote: str):
    """Mark a guard with the rule it enforces.

    The guard returns True when the event is allowed, or False / a reason string when it is not; the
    wrapper then raises a RuleViolation citing `quote`. A guard may also raise RuleViolation itself.
    The quote is checked against the rulebook by the tests (tests/test_citations.py).
    """

    def decorate(guard):
        @functools.wraps(guard)
        def checked(self, *args, **kwargs):
            verdict = guard(self, *args, **kwargs)
            if verdict is True or verdict is None:
                return True
            message = verdict if isinstance(verdict, str) else (guard.__doc__ or "").strip()
            raise RuleViolation(message or f"{guard.__name__} failed", self.cite(quote))

        checked.quote = quote
        return checked

    return decorate


def humanize(name) -> str:
    """A machine name as a player reads it: "turn_gathering" → "turn gathering"."""
    return str(name).replace("_", " ").replace("-", " ")


class Referee:
    """The model of one game in progress. Subclass it once per game.

    A subclass declares, as class attributes:
      game_id, title, min_players, max_players, seats (or override `seats_for`),
      states, transitions, initial   -- the phases as a `transitions` table (nested states allowed;
                                        conditions name guard methods decorated with @cites),
      event_types                    -- {type: EventType}; each type is a trigger of the machine,
      options                        -- {name: Option},
      rules_version                  -- bump when the rules code changes, so cached snapshots are
                                        rebuilt by replay.
    and implements `setup`, `current_players`, `choices`, `scores`, and the callbacks its table names.

    `self.G` is the game state as plain JSON data; `self.phase` is the machine state. Never copy a
    model: copy `G` (the core does that to roll back a rejected event).
    """

    game_id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    seats: ClassVar[tuple[str, ...]] = ()
    states: ClassVar[list]
    transitions: ClassVar[list]
    initial: ClassVar[str]
    event_types: ClassVar[dict[str, EventType]]
    options: ClassVar[dict[str, Option]] = {}
    over_states: ClassVar[tuple[str, ...]] = ("over",)
    rules_version: ClassVar[int] = 1
    # Cited when an event type is not possible in the current phase (one quote, or one per phase
    # with "" for the rest), and when the wrong player acts.
    # A game may make turn_rule and end_rule descriptors that answer for the model's state (a tuple
    # when several sentences apply), and override `refused_phase_quote` to answer per event type.
    phase_rule: ClassVar[str | dict[str, str]] = ""
    turn_rule: ClassVar[str] = ""
    end_rule: ClassVar[str] = ""
    # Event types any seat may enter whoever's turn it is, in a phase where they are possible: what
    # a player records of what they hold (a hand), or a move whose own guard checks who may make it
    # (We Forlorn Few's Sacrifice, the Active Player's while another Player answers or steals). A
    # game may make it a property that answers for the phase (Avignon: every entry while a card is
    # to be drawn, which the draw's guards judge).
    any_turn_events: ClassVar[frozenset[str]] = frozenset()
    # Event types done for the whole table, not by one seat (Avignon's setup draws, Journey's
    # Maintenance and Demon Phase): any seat `current_players()` names may enter one, and who enters
    # it changes nothing. `legal` lists each for every one of those seats; a phone shared by the
    # table shows it once (finding 143).
    table_events: ClassVar[frozenset[str]] = frozenset()
    # Each phase as the players say it, the book's name where it has one ("Travel Phase"); a phase
    # not named here reads as its machine name in words (`phase_in_words`).
    phase_names: ClassVar[dict[str, str]] = {}
    position_schema: ClassVar[dict] = {}
    example_setup: ClassVar[dict] = {}

    def __init__(self, players: list[dict], options: dict, G: dict, phase: str):
        self.players = players
        self.table_options = self.options_with_defaults(options)
        self.G = G
        self.effects: list[Effect] = []
        # The seat entering the event being judged, and the event (engine.apply sets them), for a
        # game whose refused_phase_quote or turn_rule depends on who attempted what.
        self.entering: str | None = None
        self.attempted: dict | None = None
        self.machine = self._own_machine(phase)

    @classmethod
    def options_with_defaults(cls, options: dict) -> dict:
        """The table's rulings, with the default of every option the table did not choose: a
        game set up before an option existed plays by its default."""
        return {**{name: option.default for name, option in cls.options.items()}, **options}

    def option(self, name: str):
        """The table's ruling `name`."""
        return self.table_options[name]

    # -- declared by each game -------------------------------------------------------------------

    @classmethod
    def seats_for(cls, player_count: int) -> list[str]:
        return list(cls.seats[:player_count])

    @classmethod
    def decided_by_others(cls, event: dict) -> tuple[str, ...]:
        """The seats, other than the event's player, whose own decision `event` enters (We Forlorn
        Few: a Trade entered with the partner's answer). A seat's phone enters only its own."""
        return ()

    @classmethod
    def phase_in_words(cls, phase: str) -> str:
        """`phase` as a player reads it: its name in `phase_names`, else its machine name in words,
        a phase nested in another (a `transitions` child, "turn_gathering") as "Turn · gathering"."""
        if phase in cls.phase_names:
            return cls.phase_names[phase]
        for state in cls.states:
            if isinstance(state, dict) and phase.startswith(state["name"] + "_"):
                child = phase[len(state["name"]) + 1:]
                if child in state.get("children", ()):
                    return f"{humanize(state['name']).capitalize()} · {humanize(child)}"
        return humanize(phase).capitalize()

    @classmethod
    def for_the_table(cls, event: dict) -> bool:
        """Whether `event` is done for the whole table: an event of `table_events`, or one a game
        tells apart within a type some seat's own events share (Journey: a Demon's Follow, which
        any Player enters, where a Pilgrim's is his Player's)."""
        return event["type"] in cls.table_events

    @classmethod
    def event_types_in_play(cls, G: dict) -> list[str]:
        """The event types a table in state `G` may enter: every one, unless the game declares
        some only for a part of it chosen at setup (Journey: each Quest's own events)."""
        return list(cls.event_types)

    @classmethod
    def setup(cls, players: list[dict], options: dict, position: dict | None) -> tuple[dict, str]:
        """Return (G, phase) for a new game, or for `position` when a table starts mid-game.

        Raise SetupError naming the problem when the position could not be on a real table.
        """
        raise NotImplementedError

    def current_players(self) -> list[str]:
        """The seats that may enter an event now."""
        raise NotImplementedError

    def choices(self) -> list[dict]:
        """Every event that is legal now, each complete and postable as it is, once: for the seat
        that may enter it (an event of `table_events` for one of the seats that may, which `legal`
        lists for the others).

        Where a choice is open-ended (a card to be named from the deck), list one event per possible
        value; where it cannot be enumerated, return {"type": ..., "player": ..., "open": [fields]}.
        """
        raise NotImplementedError

    def legal(self) -> list[dict]:
        """Every event that is legal now, once for each seat that may enter it: the game's
        `choices()`, each event done for the whole table (`for_the_table`) followed by its copies
        for the other seats `current_players()` names (the same but for `player`)."""
        choices = self.choices()
        acting = self.current_players()
        listed = []
        for event in choices:
            listed.append(event)
            if self.for_the_table(event):
                listed.extend({**event, "player": seat} for seat in acting
                              if seat != event["player"])
        return listed

    def scores(self) -> dict:
        """Live scores, in the shape SCORES_SCHEMA declares (the calculator `score` answers in it
        too): each player's total and a cited breakdown, the winners, and what decided them."""
        raise NotImplementedError

    # -- hidden information: what the rulebook keeps secret is shown only to the seat that may see it

    hidden_information: ClassVar[bool] = False

    def visible_state(self, seat: str | None) -> dict:
        """G as `seat` may see it (None: a spectator, or a phone that has claimed no seat).

        A game with hidden information (a hand, a deck's order, a face-down card) overrides this to
        replace what `seat` may not see by what the table can see of it (a count, "face down").
        Return a new structure: never alter `self.G`.
        """
        return json.loads(json.dumps(self.G))  # G is JSON data: faster than copy.deepcopy

    def visible_event(self, event: dict, seat: str | None) -> dict:
        """An event of the log (or the last move, or the next redo) as `seat` may see it: a card
        played face down, or the card drawn, hidden from the other seats. (`legal` needs no such
        hook: in a game with hidden information each reader gets only its own seat's events.)"""
        return event

    @classmethod
    def score(cls, tallies: dict) -> dict:
        """The stateless end-of-game calculator (POST /api/score/<game>)."""
        raise BadRequest(f"{cls.title} has no scoring calculator", code="not_found")

    score_schema: ClassVar[dict | None] = None

    # -- provided by the core --------------------------------------------------------------------

    def _own_machine(self, phase: str) -> HierarchicalMachine:
        """A machine of this model's own, in `phase`: a new one, or the one this model already has
        when it is reloaded (`reload`).

        A `transitions` HierarchicalMachine keeps a scope stack on the machine object while it
        resolves states and triggers events, so a machine shared by the models of concurrent
        requests corrupts itself (issue 9). Each model therefore owns its machine, and a machine
        serves one model only, for as long as that model lives: nothing of a referee is shared
        between threads. Building one costs ~0.2–0.4 ms, which is why a thread may keep a model
        whose request went well and reload it (`engine.restore`, `engine.done_with`).
        """
        machine = self.__dict__.get("machine")
        if machine is not None:  # reloaded; a restored phase is a resolved state (a snapshot's)
            if phase in machine.states:  # a top-level state: what set_state sets, without its walk
                self.phase = phase
            else:
                machine.set_state(phase, model=self)
            return machine
        type(self)._refuse_names_the_machine_needs()
        machine = HierarchicalMachine(
            model=None,
            states=self.states,
            transitions=self.transitions,
            initial=self.initial,
            auto_transitions=False,
            model_attribute="phase",
            name=self.game_id,
        )
        unbound = set(self.__dict__)
        machine.add_model(self, initial=phase)
        # what the machine put on the model (its triggers, `may_*`, `is_*`, `trigger`, `to`): bound
        # to this machine, they go with it (`reset`) or stay with it (`reload`)
        self._machine_names = tuple(name for name in self.__dict__ if name not in unbound)
        self.trigger = functools.partial(fire, self)  # in place of the machine's own `trigger`
        return machine

    def reset(self, G: dict, phase: str) -> None:
        """Put the model back to `G` in `phase`, on a fresh machine: whatever a failed transition
        left on the old machine goes with it, and so does every method that machine bound on the
        model (`transitions` leaves them on a removed model, and does not bind a name a model
        already has: without this the model went on triggering its events on the old machine)."""
        self.machine.remove_model(self)
        for name in (*self._machine_names, "machine"):
            del self.__dict__[name]
        self.G = G
        self.machine = self._own_machine(phase)

    def reload(self, players: list[dict], options: dict, G: dict, phase: str) -> None:
        """Make this model, whose request went well and which nothing refers to any more, the
        model of another game of its kind: everything of its own is dropped and set again by its
        class's `__init__`, except its machine and the methods the machine bound on it (the
        machine is put in `phase`)."""
        kept = {name: self.__dict__[name]
                for name in (*self._machine_names, "machine", "_machine_names")}
        self.__dict__.clear()
        self.__dict__.update(kept)
        type(self).__init__(self, players, options, G, phase)

    @classmethod
    @functools.cache
    def _refuse_names_the_machine_needs(cls) -> None:
        """`transitions` puts a method on each model for every trigger and state (`<trigger>`,
        `may_<trigger>`, `is_<state>`) and silently skips any that the model already has, so a
        game's own attribute of the same name would break it."""
        triggers = {t["trigger"] for t in cls.transitions}
        needed = triggers | {f"may_{t}" for t in triggers}
        needed |= {f"is_{state}" for state in nested_state_names(cls.states)}
        taken = sorted(name for name in needed if hasattr(cls, name))
        if taken:
            raise TypeError(f"{cls.__name__} defines {', '.join(taken)}, which its state machine "
                            "needs for its triggers and states: rename them")

    @classmethod
    def cite(cls, quote: str) -> Citation:
        return Citation(cls.game_id, quote)

    @classmethod
    def phase_quote(cls, phase: str) -> str:
        """The rule that says what can happen in `phase` (or in its nearest parent)."""
        if isinstance(cls.phase_rule, str):
            return cls.phase_rule
        while phase not in cls.phase_rule and "_" in phase:
            phase = phase.rsplit("_", 1)[0]
        return cls.phase_rule.get(phase, cls.phase_rule[""])

    def phase_citation(self) -> Citation:
        return self.cite(self.phase_quote(self.phase))

    def refused_phase_quote(self, kind: str) -> str | tuple[str, ...]:
        """The rule quoted when an event of type `kind` is not possible in the current phase."""
        return self.phase_quote(self.phase)

    def refused_turn_quote(self, kind: str) -> str | tuple[str, ...]:
        """The rule quoted when an event of type `kind` is entered by a player whose turn it is not."""
        return self.turn_rule

    def effect(self, text: str, quote: str | None = None) -> None:
        """Record what the event did, with the rule that made it happen."""
        self.effects.append(Effect(text, self.cite(quote) if quote else None))

    def violation(self, message: str, quote: str | tuple[str, ...]) -> RuleViolation:
        """A refusal quoting `quote`, or quoting every sentence of a tuple (the most specific
        first) where it is unclear which one the player broke."""
        if isinstance(quote, tuple):
            return RuleViolation(message, self.cite(quote[0]), tuple(self.cite(q) for q in quote[1:]))
        return RuleViolation(message, self.cite(quote))

    @property
    def game_over(self) -> bool:
        return self.phase in self.over_states

    def player_name(self, seat: str) -> str:
        for player in self.players:
            if player["seat"] == seat:
                return player["name"]
        return seat

    def snapshot(self) -> dict:
        return json.loads(self.snapshot_text())

    def snapshot_text(self) -> str:
        """The snapshot as stored: JSON text."""
        return jsontext.dumps({"G": self.G, "phase": self.phase})


def fire(model: Referee, kind: str, *args, **kwargs) -> bool:
    """`model.trigger(kind, ...)`: whether one of the machine's transitions for `kind` from the
    model's phase passed its conditions and ran. Where the phase and every such transition's
    destination are states of their own (top-level, no children, not final) and the machine has no
    callbacks of its own, the callbacks are called here in the order `transitions` calls them (a
    transition's `prepare`, its conditions until one fails, `before`, the phase's `on_exit`, the new
    phase, the destination's `on_enter`, `after`): its trigger builds an event, walks the state
    tree and resolves every callback by name per call (~100,000 instructions an Avignon event, as
    much as the game's own rules). Anything else goes through the machine's trigger."""
    plan = _plan(model, kind) if not kwargs else None
    if plan is None:
        return model.machine.trigger_event(model, kind, *args, **kwargs)
    for prepare, conditions, before, exits, dest, enters, after in plan:
        for name in prepare:
            getattr(model, name)(*args)
        if all(getattr(model, name)(*args) == target for name, target in conditions):
            for name in (*before, *exits):
                getattr(model, name)(*args)
            if dest is not None:
                model.phase = dest
            for name in (*enters, *after):
                getattr(model, name)(*args)
            return True
    return False


_PLANS: dict[tuple[type[Referee], str, str], tuple | None] = {}


def _plan(model: Referee, kind: str) -> tuple | None:
    """For `fire`: the transitions of `kind` from the model's phase as (prepare, conditions as
    (name, target), before, the phase's on_exit, dest, the dest's on_enter, after) when `fire` may
    run them itself, else None. The same for every model of a game (its machine is built from its
    class's table), so worked out once per game, phase and trigger."""
    key = (type(model), model.phase, kind)
    if key not in _PLANS:
        _PLANS[key] = _plan_of(type(model), model.machine, model.phase, kind)
    return _PLANS[key]


def _plan_of(game: type[Referee], machine: HierarchicalMachine, phase: str,
             kind: str) -> tuple | None:
    if (machine.has_queue or machine.send_event or machine.prepare_event or machine.finalize_event
            or machine.before_state_change or machine.after_state_change or machine.on_exception
            or machine.on_final):
        return None

    def plain(name) -> bool:  # a state of its own: not nested, no children, not final
        state = machine.states.get(name)
        return state is not None and not state.states and not state.initial and not state.final

    if not plain(phase) or kind not in machine.events:
        return None
    transitions = machine.events[kind].transitions.get(phase)
    if not transitions or not all(t.dest is None or plain(t.dest) for t in transitions):
        return None
    plan = []
    for t in transitions:
        exits = tuple(machine.states[phase].on_exit) if t.dest else ()
        enters = tuple(machine.states[t.dest].on_enter) if t.dest else ()
        plan.append((tuple(t.prepare), tuple((c.func, c.target) for c in t.conditions),
                     tuple(t.before), exits, t.dest or None, enters, tuple(t.after)))
    names = [name for prepare, conditions, before, exits, _dest, enters, after in plan
             for name in (*prepare, *(condition for condition, _target in conditions), *before,
                          *exits, *enters, *after)]
    if not all(isinstance(name, str) and callable(getattr(game, name, None)) for name in names):
        return None  # a callable, a property or a module path: as `transitions` resolves it
    return tuple(plan)


def nested_state_names(states, prefix: str = "") -> list[str]:
    """Every state of a `transitions` states table, nested ones as `parent_child`."""
    names = []
    for state in states:
        name = state if isinstance(state, str) else state["name"]
        names.append(prefix + name)
        if isinstance(state, dict) and state.get("children"):
            names.extend(nested_state_names(state["children"], prefix + name + "_"))
    return names
