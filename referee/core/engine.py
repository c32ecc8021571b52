"""Running a game: checking events, applying them, replaying a log, undo and redo.

Nothing here knows a game's rules; it runs the generic checks in a fixed order (is the game over? is
this event possible in this phase? is this player to act?) and then the game's own guards, and it
rolls the state back when any of them refuses.
"""

from __future__ import annotations

import copy
import functools
import json
import threading
from dataclasses import dataclass

import jsonschema
import jsonschema_rs

from .rules import BadRequest, Effect, Referee, RuleViolation, SetupError, humanize

MAX_NAME_LENGTH = 40
# a player's name in a calculator's tally: what the setup takes (not only spaces); a name that is
# refused is told this description
PLAYER_NAME = {"type": "string", "minLength": 1, "maxLength": MAX_NAME_LENGTH, "pattern": r"\S",
               "description": f"a player's name is 1–{MAX_NAME_LENGTH} characters, not only spaces"}
MAX_MESSAGE_LENGTH = 200


def check_schema(schema: dict, instance, field: str) -> None:
    """Raise BadRequest naming the field that breaks `schema`, and what is wrong with it."""
    check_with(_validator(json.dumps(schema, sort_keys=True)), instance, field)


class Validator:
    """A JSON Schema (draft 2020-12), compiled twice: jsonschema-rs decides (~2 µs an event, where
    jsonschema took 0.1–0.2 ms of every write's CPU), and jsonschema explains a refusal (its
    `best_match`: the field and what is wrong with it, as players are told)."""

    def __init__(self, schema: dict):
        self.deciding = jsonschema_rs.Draft202012Validator(schema)
        self.explaining = jsonschema.Draft202012Validator(schema)

    def is_valid(self, instance) -> bool:
        try:
            return self.deciding.is_valid(instance)
        except (TypeError, ValueError, OverflowError):  # not JSON data: jsonschema says what
            return self.explaining.is_valid(instance)


def check_with(validator: Validator, instance, field: str) -> None:
    if validator.is_valid(instance):
        return
    error = jsonschema.exceptions.best_match(validator.explaining.iter_errors(instance))
    if error is None:  # the two disagree (never seen): refuse with jsonschema-rs's reason
        try:
            validator.deciding.validate(instance)
        except jsonschema_rs.ValidationError as refused:
            raise BadRequest(refused.message[:MAX_MESSAGE_LENGTH], field or None) from None
        return
    path = [str(part) for part in error.absolute_path]
    message = error.message
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        extra = sorted(set(error.instance) - set(error.schema.get("properties", {})))
        if extra:
            path.append(extra[0])
            message = f"unknown field {extra[0][:40]!r}"
    if error.validator == "pattern" and "description" in error.schema:
        message = error.schema["description"]
    if error.validator == "required" and isinstance(error.instance, dict):
        path.append(next(key for key in error.validator_value if key not in error.instance))
    if len(message) > MAX_MESSAGE_LENGTH:
        message = message[:MAX_MESSAGE_LENGTH] + "…"
    raise BadRequest(message, ".".join(part for part in (field, *path) if part) or None)


@functools.lru_cache(maxsize=512)
def _validator(schema_text: str) -> Validator:
    return Validator(json.loads(schema_text))


@functools.lru_cache(maxsize=512)
def _event_validator(game: type[Referee], kind: str, seats: tuple[str, ...]) -> Validator:
    """Built once per game, event type and seating: events are checked on every write."""
    return Validator(game.event_types[kind].schema(kind, list(seats)))


@dataclass(frozen=True)
class Setup:
    """Everything a game starts from: players, table options and, when joining mid-game, a position."""

    players: list[dict]
    options: dict
    position: dict | None = None
    anyone_enters: bool = False  # a seat's phone may enter any seat's events (one shared phone)

    def to_json(self) -> dict:
        return {"players": self.players, "options": self.options, "position": self.position,
                "anyone_enters": self.anyone_enters}


def players_for(game: type[Referee], count: int) -> str:
    return f"{game.title} is for {game.min_players}–{game.max_players} players, not {count}"


def check_options(game: type[Referee], options, field: str = "options") -> dict:
    """Every option of the game: those in `options` (None: none), each checked against its
    schema, and the defaults of the rest. `field` names `options` in an error."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise BadRequest("options must be an object", field)
    unknown = set(options) - set(game.options)
    if unknown:
        raise BadRequest(
            f"unknown option {sorted(unknown)[0]!r}; this game has: "
            f"{', '.join(sorted(game.options)) or 'none'}",
            f"{field}.{sorted(unknown)[0]}",
        )
    chosen = {}
    for name, option in game.options.items():
        value = options.get(name, option.default)
        check_schema(option.schema, value, f"{field}.{name}")
        chosen[name] = value
    return chosen


def check_setup(game: type[Referee], body: dict) -> Setup:
    """Validate the players and options of a new game; fill in the default options."""
    players = body.get("players")
    if not isinstance(players, list) or not players:
        raise BadRequest("players must be a non-empty list of names", "players")
    if not game.min_players <= len(players) <= game.max_players:
        raise BadRequest(players_for(game, len(players)), "players")
    seats = game.seats_for(len(players))
    normalized = []
    for index, player in enumerate(players):
        field = f"players[{index}]"
        if isinstance(player, str):
            player = {"name": player}
        if not isinstance(player, dict) or set(player) - {"name", "seat"}:
            raise BadRequest("a player is a name, or {name, seat}", field)
        name = player.get("name")
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME_LENGTH:
            raise BadRequest(f"a player's name is 1–{MAX_NAME_LENGTH} characters", field + ".name")
        seat = player.get("seat", seats[index])
        if seat not in seats:
            raise BadRequest(f"seat must be one of {', '.join(seats)}", field + ".seat")
        normalized.append({"seat": seat, "name": name.strip()})
    if len({p["seat"] for p in normalized}) != len(normalized):
        raise BadRequest("two players cannot sit in the same seat", "players")
    normalized.sort(key=lambda p: seats.index(p["seat"]))

    chosen = check_options(game, body.get("options"))
    position = body.get("position")
    if position is not None:
        if not isinstance(position, dict):
            raise BadRequest("position must be an object", "position")
        try:
            check_schema(game.position_schema, position, "position")
        except BadRequest as wrong:
            raise SetupError(wrong.message, wrong.field) from None
    anyone_enters = body.get("anyone_enters", False)
    if not isinstance(anyone_enters, bool):
        raise BadRequest("anyone_enters is true or false", "anyone_enters")
    return Setup(normalized, chosen, position, anyone_enters)


def start(game: type[Referee], setup: Setup) -> Referee:
    G, phase = game.setup(setup.players, game.options_with_defaults(setup.options),
                          copy.deepcopy(setup.position))
    return game(setup.players, setup.options, G, phase)


def restore(game: type[Referee], setup: Setup, snapshot: dict) -> Referee:
    """The game in the state of `snapshot`: a model this thread kept (`done_with`), reloaded, or
    a new one."""
    idle = _idle.models.get(game)
    if idle:
        model = idle.pop()
        model.reload(setup.players, setup.options, snapshot["G"], snapshot["phase"])
        return model
    return game(setup.players, setup.options, snapshot["G"], snapshot["phase"])


class _IdleModels(threading.local):
    """Per thread: {game class: models whose request went well}, for `restore` to reload instead
    of building a machine again. A model never leaves the thread that kept it, and one whose
    request failed in any way is never kept, so no failure can reach the next request."""

    def __init__(self):
        self.models: dict[type[Referee], list[Referee]] = {}


_idle = _IdleModels()
IDLE_MODELS_PER_GAME = 2  # per thread: a request restores one model at a time, rarely two


def done_with(model: Referee) -> None:
    """The request that restored `model` went well, and neither it nor anything it answers refers
    to the model or its state any more: this thread may reload the model for its next request
    (call it last; never after a failure, which must take the model and its machine with it)."""
    idle = _idle.models.setdefault(type(model), [])
    if len(idle) < IDLE_MODELS_PER_GAME and model not in idle:
        idle.append(model)


def check_event(model: Referee, event) -> None:
    """Raise BadRequest naming the field when an event is not well formed for its type."""
    check_event_of(type(model), tuple(p["seat"] for p in model.players), event)


def check_event_of(game: type[Referee], seats: tuple[str, ...], event) -> None:
    """`check_event` for a game of `game` seated at `seats`, before any model is built (a
    write checks the shape of what it was sent before whose seat it names)."""
    if not isinstance(event, dict):
        raise BadRequest("event must be an object with a type and a player", "event")
    kind = event.get("type")
    if not isinstance(kind, str) or kind not in game.event_types:
        raise BadRequest(
            f"unknown event type {kind!r}; {game.title} has: {', '.join(game.event_types)}",
            "event.type",
        )
    check_with(_event_validator(game, kind, seats), event, "event")


def apply(model: Referee, event: dict, replaying: bool = False,
          disposable: bool = False) -> list[Effect]:
    """Apply one event to the model, or raise and leave the model exactly as it was.

    `replaying` is for events from a session's own log, accepted before: they are not checked
    against their schema again, and nothing is kept to roll back to. `disposable`: the caller drops
    the model when the event is refused or fails (never hands it back, `done_with`), so nothing is
    kept to roll back to either (a copy of G per write).
    """
    if not replaying:
        check_event(model, event)
    kind, player = event["type"], event["player"]
    model.entering, model.attempted = player, event
    if model.game_over:
        raise model.violation("The game is over: only undo is possible.", model.end_rule)
    acting = model.current_players()
    out_of_turn = player not in acting and kind not in model.any_turn_events
    names = lambda: " or ".join(model.player_name(seat) for seat in acting)  # noqa: E731
    triggers = phase_triggers(model)
    if kind not in triggers:
        in_play = model.event_types_in_play(model.G)
        allowed = [t for t in triggers if t in in_play]
        possible = ', '.join(map(humanize, allowed)) or 'nothing'
        if acting and out_of_turn:
            # another seat's entry: whose turn it is first, and what is possible is theirs
            # (finding 141); the quote is the phase's, which names the turn order where it matters
            message = (f"It is {names()}'s turn, not {model.player_name(player)}'s. "
                       f"{humanize(kind).capitalize()} is not possible now; possible now for "
                       f"{names()}: {possible}.")
        else:
            message = (f"{humanize(kind).capitalize()} is not possible now (phase: "
                       f"{model.phase_in_words(model.phase)}); possible now: {possible}.")
        raise model.violation(message, model.refused_phase_quote(kind))
    if out_of_turn:
        raise model.violation(f"It is {names()}'s turn, not {model.player_name(player)}'s.",
                              model.refused_turn_quote(kind))

    model.effects = []
    if replaying or disposable:
        if not model.trigger(kind, event):
            raise RuleViolation(f"{kind} is not allowed now.", model.phase_citation())
        return model.effects
    saved_G, saved_phase = json.dumps(model.G), model.phase
    try:
        if not model.trigger(kind, event):
            raise RuleViolation(f"{kind} is not allowed now.", model.phase_citation())
    except BaseException:
        model.reset(json.loads(saved_G), saved_phase)
        raise
    return model.effects


_TRIGGERS: dict[tuple[type[Referee], str], tuple[str, ...]] = {}


def phase_triggers(model: Referee) -> tuple[str, ...]:
    """The event types the game's machine can trigger in the model's phase. Every model of a game
    has the same machine (built from its class's table), so they are asked of it once per game and
    phase: `get_triggers` walks the nested states each time (~65,000 instructions, an eighth of
    applying an Avignon event)."""
    key = (type(model), model.phase)
    triggers = _TRIGGERS.get(key)
    if triggers is None:
        triggers = _TRIGGERS[key] = tuple(model.machine.get_triggers(model.phase))
    return triggers


def replay(game: type[Referee], setup: Setup, events: list[dict]) -> Referee:
    """Derive the state from the setup and the accepted events, deterministically."""
    model = start(game, setup)
    for event in events:
        apply(model, event, replaying=True)
    return model


@dataclass
class LogEntry:
    seq: int
    kind: str  # "event", "undo" or "redo"
    event: dict | None = None
    target_seq: int | None = None  # the event an undo or redo acted on


def active_events(entries: list[LogEntry]) -> tuple[list[LogEntry], list[LogEntry]]:
    """The events in force and the redo stack, from an append-only log of events, undos and redos.

    An undo takes the last event in force onto the redo stack; a redo puts it back; a new event
    clears the redo stack (it stays in the log, shown as undone).
    """
    by_seq = {entry.seq: entry for entry in entries}
    in_force, redo = stacks((entry.seq, entry.kind, entry.target_seq) for entry in entries)
    return [by_seq[seq] for seq in in_force], [by_seq[seq] for seq in redo]


def stacks(entries, in_force: tuple[int, ...] = (),
           redo: tuple[int, ...] = ()) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seqs of the events in force and of the redo stack after the log entries `entries`
    ((seq, kind, target_seq), in order), going on from the stacks `in_force` and `redo` of the log
    before them (the log is append-only, so the stacks at a seq never change)."""
    in_force, redo = list(in_force), list(redo)
    for seq, kind, _target_seq in entries:
        if kind == "event":
            in_force.append(seq)
            redo.clear()
        elif kind == "undo":
            redo.append(in_force.pop())
        elif kind == "redo":
            in_force.append(redo.pop())
    return tuple(in_force), tuple(redo)


def score(game: type[Referee], tallies) -> dict:
    """The stateless end-of-game calculator, after checking the tallies against the game's schema."""
    if game.score_schema is None:
        raise BadRequest(f"{game.title} has no scoring calculator", code="not_found")
    # A tally of too many or too few players is told the game's player count, as at setup (the
    # Pilgrims falconer's tally is one more entry than the players, hence the schema's bounds).
    players = tallies.get("players") if isinstance(tallies, dict) else None
    bounds = game.score_schema.get("properties", {}).get("players", {})
    if isinstance(players, list) and bounds.get("type") == "array" and not (
            bounds.get("minItems", 0) <= len(players) <= bounds.get("maxItems", len(players))):
        raise BadRequest(players_for(game, len(players)), "players")
    check_schema(game.score_schema, tallies, "")
    return game.score(tallies)


def view(model: Referee, seat: str | None = None, legal=None) -> dict:
    """What a client needs to show the table now, as `seat` may see it (None: a spectator).

    In a game with hidden information a reader's `legal` holds only its own seat's events: the
    others' would name the cards in their hands. `legal`: the game's legal events, when the caller
    has them already (they are the same for every reader of one seq)."""
    if legal is None:
        legal = [] if model.game_over else model.legal()
    legal = list(legal)
    if model.hidden_information:
        legal = [event for event in legal if event["player"] == seat]
    return {
        "phase": model.phase,
        "over": model.game_over,
        "current_players": [] if model.game_over else model.current_players(),
        "state": model.visible_state(seat),  # a copy: nothing the caller does can alter G
        "scores": model.scores(),
        "legal": legal,
    }


def once_for_the_table(legal: list[dict], game: type[Referee],
                       seat: str | None = None) -> list[dict]:
    """`legal` as one phone that enters for several seats lists it: an event done for the whole
    table (`game.for_the_table`, listed for each seat that may enter it) once, as `seat`'s where
    it is listed for `seat`, else as the first seat's."""
    kept: list[dict] = []
    at: dict[str, int] = {}
    for event in legal:
        if not game.for_the_table(event):
            kept.append(event)
            continue
        key = json.dumps({**event, "player": None}, sort_keys=True)
        if key not in at:
            at[key] = len(kept)
            kept.append(event)
        elif event["player"] == seat:
            kept[at[key]] = event
    return kept


def shown_event(model: Referee, event: dict | None, seat: str | None) -> dict | None:
    """An event from the log (or the last one, or the next redo) as `seat` may see it."""
    if event is None or not model.hidden_information:
        return event
    return model.visible_event(event, seat)
