"""Events in words: the generic label of an event, a game's own `describe` macro (found by name in
`templates/play/_labels_<game>.html`), and the whole log told as it happened (each event described
in the table as it was when it was entered).
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict

from flask import current_app
from jinja2 import TemplateNotFound
from markupsafe import Markup

from ..core import engine
from ..core.rules import humanize

HISTORY_CACHE = 64  # (game, seat) walks whose log in words is kept between requests


def phase_words(phase: str, game) -> str:
    """A phase as a player reads it (`Referee.phase_in_words`): "Travel Phase"."""
    return game.phase_in_words(phase)


def readable(value) -> str:
    """A value of an event in words, never as JSON: {"adventure": "fist", "activation": "sword"}
    -> "adventure fist, activation sword"; [4, 4] -> "4, 4"; [[1, 2], [3, 3]] -> "(1, 2), (3, 3)"."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        if isinstance(value.get("name"), str):
            return value["name"]
        return ", ".join(f"{humanize(k)} {readable(v)}" for k, v in value.items())
    if isinstance(value, list):
        if not value:
            return "none"
        if all(isinstance(item, dict) for item in value):
            return "; ".join(readable(item) for item in value)
        return ", ".join(f"({readable(item)})" if isinstance(item, (list, dict)) else readable(item)
                         for item in value)
    return str(value)


def event_label(event: dict, names: dict | None = None, with_player: bool = False) -> str:
    """An event in a few words, the generic way: "Chastise · path 3", "Move · to 4, 4 · card:
    adventure fist, activation sword". A game says it better with its own `describe` macro."""
    if not event:
        return ""
    parts = [humanize(event.get("type", "?")).capitalize()]
    for key, value in event.items():
        if key in ("type", "player", "open"):
            continue
        if isinstance(value, dict) or isinstance(value, list) and any(
                isinstance(item, (dict, list)) for item in value):
            parts.append(f"{humanize(key)}: {readable(value)}")
        else:
            parts.append(f"{humanize(key)} {readable(value)}")
    label = " · ".join(parts)
    if with_player and event.get("player"):
        label = f"{(names or {}).get(event['player'], event['player'])}: {label}"
    return label


def seat_name(seat: str, names: dict) -> str:
    return names.get(seat, seat)


def names_in_a_sentence(items) -> str:
    """Names as a sentence says them: "Ann", "Ann and Ben", "Ann, Ben and Cy"."""
    items = list(items)
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 2 else " and ".join(items)


def entry_at(entries: list[dict], seq: int) -> dict | None:
    for entry in entries:
        if entry["seq"] == seq:
            return entry
    return None


def describer(game_id: str):
    """The `describe(event, view, names)` macro of templates/play/_labels_<game>.html, or the
    generic one of _labels.html (the most specific template that has one wins)."""
    for name in (f"play/_labels_{game_id}.html", "play/_labels.html"):
        try:
            module = current_app.jinja_env.get_template(name).module
        except TemplateNotFound:
            continue
        if hasattr(module, "describe"):
            return module.describe
    return lambda event, view, names: Markup.escape(event_label(event, names, with_player=True))


def describe_event(event: dict, view: dict, names: dict) -> Markup:
    """An event in the game's words, as entered in the table `view` (Markup: it may hold a span)."""
    if not isinstance(event, dict):
        return Markup.escape(str(event))
    return Markup(str(describer(view["game"])(event, view, names)).strip())


_history_lock = threading.Lock()


def history(sessions, game, setup: engine.Setup, session_id: str, view: dict, names: dict,
            seat: str | None, first: int = 1, targets=()) -> dict:
    """The events of the log from seq `first` on, and the events `targets`, in words, each
    described in the table as it was when it was entered (the character named by a path, the card
    a hand position held, may since have moved), as the reader at `seat` may see it:
    {"texts": {seq: Markup}, "undo": seq of the event undo would take back, "redo": seq}.

    The walk is kept per game and seat (a few, LRU), going on from where it stopped: a new entry
    costs one event applied. A walk starts at `first` from the state before it, restored from the
    nearest checkpoint (`sessions.state_after`), so the table page of a long game describes its last
    entries without replaying the log; only the whole log (its own page) walks from the start.
    """
    key = (session_id, seat)
    cache = current_app.extensions.setdefault("tableside.history", OrderedDict())
    with _history_lock:
        walk = cache.pop(key, None)
    if walk is None or walk["first"] > first:
        walk = start_walk(sessions, game, setup, session_id, first)
    if walk["seq"] < view["seq"]:
        new = sessions.store.entries_from(session_id, walk["seq"] + 1, upto=view["seq"])
        walk = continue_walk(walk, sessions, game, setup, session_id, view, new, names, seat)
    with _history_lock:
        cache[key] = walk
        while len(cache) > HISTORY_CACHE:
            cache.popitem(last=False)
    in_force, redo = sessions.stacks(session_id, view["seq"])
    texts = walk["texts"]
    missing = {seq for seq in (*targets, *in_force[-1:], *redo[-1:])
               if seq is not None and seq not in texts}
    if missing:
        events = sessions.store.events_at(session_id, missing)  # event entries only
        texts = {**texts, **{seq: told_alone(sessions, game, setup, session_id, view, names, seat,
                                             seq, event) for seq, event in sorted(events.items())}}
    return {"texts": texts, "undo": in_force[-1] if in_force else None,
            "redo": redo[-1] if redo else None}


def history_between(sessions, game, setup: engine.Setup, session_id: str, view: dict,
                    names: dict, seat: str | None, first: int, upto: int, targets=()) -> dict:
    """`history` of the log entries `first` to `upto` only (an older page of the log page): walked
    from the state before `first` (from the nearest checkpoint) to `upto`, and kept nowhere, so
    that a page costs at most a checkpoint's replay and its own entries, and the walk kept for the
    table page is left as it is."""
    walk = start_walk(sessions, game, setup, session_id, first)
    new = sessions.store.entries_from(session_id, first, upto=upto)
    texts = continue_walk(walk, sessions, game, setup, session_id, view, new, names, seat)["texts"]
    missing = {seq for seq in targets if seq is not None and seq not in texts}
    events = sessions.store.events_at(session_id, missing) if missing else {}
    texts.update({seq: told_alone(sessions, game, setup, session_id, view, names, seat, seq, event)
                  for seq, event in sorted(events.items())})
    return {"texts": texts, "undo": None, "redo": None}


def shown(model, event, seat):
    """The event as the reader at `seat` may see it (the game hides what the seat may not see)."""
    if model is None or not model.hidden_information:
        return event
    return model.visible_event(event, seat)


def start_walk(sessions, game, setup, session_id: str, first: int) -> dict:
    """A walk that will describe the log from seq `first` on: the state before that entry."""
    in_force, redo = sessions.stacks(session_id, first - 1)
    walk = {"first": first, "seq": first - 1, "texts": {}, "snapshot": None,
            "applied": list(in_force), "redo": list(redo), "broken": False}
    try:
        walk["snapshot"] = sessions.state_after(session_id, in_force).snapshot() if in_force \
            else None
    except Exception:  # words are best effort; the table itself comes from the core
        current_app.logger.exception("restoring the state before entry %s of %s", first, session_id)
        walk["broken"] = True
    return walk


def told(model, event: dict, view: dict, names: dict, seat: str | None, hidden: bool) -> Markup:
    """An event in words, in the table `model` as it was before it (None: the table now, and in a
    game with hidden information only its type and player)."""
    if model is not None:
        before = {**view, "state": model.visible_state(seat) if model.hidden_information
                  else model.G, "phase": model.phase}
        return describe_event(shown(model, event, seat), before, names)
    if hidden:
        event = {k: event[k] for k in ("type", "player") if k in event}
    return describe_event(event, view, names)


def told_alone(sessions, game, setup, session_id: str, view: dict, names: dict,
               seat: str | None, seq: int, event: dict) -> Markup:
    """The `event` of entry `seq` in words, in the table as it was before it (from the nearest
    checkpoint): an undo's or redo's target older than the entries the page shows."""
    try:
        in_force, _redo = sessions.stacks(session_id, seq - 1)
        model = sessions.state_after(session_id, in_force) if in_force \
            else engine.start(game, setup)
    except Exception:  # words are best effort
        current_app.logger.exception("restoring the state before entry %s of %s", seq, session_id)
        model = None
    return told(model, event, view, names, seat, game.hidden_information)


def continue_walk(walk: dict, sessions, game, setup, session_id: str, view: dict,
                  new: list[dict], names: dict, seat: str | None) -> dict:
    """Go on from the walk's last state through the new log entries, describing each event before
    it is applied, as the core does: an undo restores the state from the nearest checkpoint (once
    the state is needed again: undo and redo back and forth restore it once), a redo applies its
    event again. Should the replay fail (a game whose rules changed since), the events from there on
    are described in the current table, and a game with hidden information no longer tells their
    details."""
    walk = {**walk, "texts": dict(walk["texts"]), "applied": list(walk["applied"]),
            "redo": list(walk["redo"])}
    model, stale = None, False  # stale: undone past, to be restored from a checkpoint

    def broken(what: str) -> None:
        nonlocal model
        current_app.logger.exception("%s the log of %s for its words", what, session_id)
        walk["broken"], model = True, None

    def current():
        nonlocal model, stale
        if stale and model is not None:
            try:
                model = (sessions.state_after(session_id, tuple(walk["applied"]))
                         if walk["applied"] else engine.start(game, setup))
            except Exception:  # words are best effort; the table itself comes from the core
                broken("restoring")
        stale = False
        return model

    if not walk["broken"]:
        model = (engine.restore(game, setup, copy.deepcopy(walk["snapshot"]))
                 if walk["snapshot"] else engine.start(game, setup))
    for entry in new:
        walk["seq"] = entry["seq"]
        if entry["kind"] == "event":
            walk["texts"][entry["seq"]] = told(current(), entry["event"], view, names, seat,
                                               game.hidden_information)
            walk["applied"].append(entry["seq"])
            walk["redo"].clear()
            applied = entry["event"]
        elif entry["kind"] == "undo" and walk["applied"]:
            walk["redo"].append(walk["applied"].pop())
            stale, applied = True, None
        elif entry["kind"] == "redo" and walk["redo"]:
            walk["applied"].append(walk["redo"].pop())
            applied = None if stale else walk["applied"][-1]
        else:
            continue
        if model is None or applied is None:
            continue
        try:
            if isinstance(applied, int):  # a redo: its event again
                applied = sessions.store.events_at(session_id, [applied])[applied]
            engine.apply(model, applied, replaying=True)
        except Exception:  # words are best effort; the table itself comes from the core
            broken("replaying")
    model = current()
    walk["snapshot"] = model.snapshot() if model is not None else None
    return walk


def describe_entry(entry: dict, names: dict, told: dict) -> str:
    """A log entry in plain words (for the "meanwhile" list and the live announcement)."""
    if entry["kind"] == "event":
        text = told["texts"].get(entry["seq"]) or event_label(entry["event"], names, True)
        text = Markup(text).striptags()
        effects = " ".join(e["text"] if e["text"].endswith((".", "!", "?")) else e["text"] + "."
                           for e in entry.get("effects", []))
        return f"{text} — {effects}" if effects else text
    what = told["texts"].get(entry["target_seq"])
    what = Markup(what).striptags() if what else f"#{entry['target_seq']}"
    return f"{'Undone' if entry['kind'] == 'undo' else 'Redone'}: {what}"


STEP_AFTER = 10  # a list of more choices than this is picked in two steps


def choice_steps(buttons: list) -> list[tuple[dict, list]] | None:
    """A long list of legal choices of one type as a two-step picker: grouped by the first field
    that tells them apart (Avignon's Petition: by the character petitioned, then what it does; a
    step still long is picked in steps again). `buttons` are (key, event) pairs; returns (the
    step's event: the fields all of them share and that field, its buttons) in the order they
    come, or None when the list is short or has no such field."""
    if len(buttons) <= STEP_AFTER:
        return None
    events = [event for _, event in buttons]
    for field in events[0]:
        if field in ("type", "player"):
            continue
        values = []
        for event in events:
            value = event.get(field)
            if value not in values:
                values.append(value)
        if 1 < len(values) < len(events):
            shared = {k: v for k, v in events[0].items() if all(e.get(k) == v for e in events)}
            return [(shared | {field: value},
                     [(key, event) for key, event in buttons if event.get(field) == value])
                    for value in values]
    return None
