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

HISTORY_CACHE = 64  # (game, seat) walks whose log in words is kept between requests


def humanize(name) -> str:
    return str(name).replace("_", " ").replace("-", " ")


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


def history(game, setup: engine.Setup, session_id: str, view: dict, entries: list[dict],
            names: dict, seat: str | None) -> dict:
    """Every event of the log in words, each described in the table as it was when it was entered
    (the character named by a path, the card a hand position held, may since have moved), as the
    reader at `seat` may see it: {"texts": {seq: Markup}, "undo": seq of the event undo would take
    back, "redo": seq}.

    `entries` are the stored log entries (whole events: the walk replays them); each event is told
    through the game's `visible_event` for `seat`, and the walk is kept per game and seat (a few,
    LRU), going on from where it stopped: a new entry costs one event applied, not a replay.
    """
    key = (session_id, seat)
    cache = current_app.extensions.setdefault("tableside.history", OrderedDict())
    with _history_lock:
        walk = cache.pop(key, None)
    if walk is None:
        walk = {"seq": 0, "texts": {}, "snapshot": None, "applied": [], "redo": [], "broken": False}
    new = [entry for entry in entries if entry["seq"] > walk["seq"]]
    if new:
        walk = continue_walk(walk, game, setup, session_id, view, new, names, seat)
    with _history_lock:
        cache[key] = walk
        while len(cache) > HISTORY_CACHE:
            cache.popitem(last=False)
    return {"texts": walk["texts"], "undo": walk["applied"][-1][0] if walk["applied"] else None,
            "redo": walk["redo"][-1][0] if walk["redo"] else None}


def shown(model, event, seat):
    """The event as the reader at `seat` may see it (the game hides what the seat may not see)."""
    if model is None or not model.hidden_information:
        return event
    return model.visible_event(event, seat)


def continue_walk(walk: dict, game, setup, session_id: str, view: dict, new: list[dict],
                  names: dict, seat: str | None) -> dict:
    """Replay the new log entries from the walk's last state, describing each event before it is
    applied; undo and redo move along as the core's do. Should the replay fail (a game whose rules
    changed since), the events from there on are described in the current table, and a game with
    hidden information no longer tells their details."""
    walk = {**walk, "texts": dict(walk["texts"]), "applied": list(walk["applied"]),
            "redo": list(walk["redo"])}
    model = None
    if not walk["broken"]:
        model = (engine.restore(game, setup, copy.deepcopy(walk["snapshot"]))
                 if walk["snapshot"] else engine.start(game, setup))
    for entry in new:
        walk["seq"] = entry["seq"]
        if entry["kind"] == "event":
            if model is not None:
                before = {**view, "state": model.visible_state(seat) if model.hidden_information
                          else model.G, "phase": model.phase}
                told = shown(model, entry["event"], seat)
            else:
                before = view
                told = {k: entry["event"][k] for k in ("type", "player") if k in entry["event"]} \
                    if game.hidden_information else entry["event"]
            walk["texts"][entry["seq"]] = describe_event(told, before, names)
            walk["applied"].append((entry["seq"], entry["event"]))
            walk["redo"].clear()
        elif entry["kind"] == "undo" and walk["applied"]:
            walk["redo"].append(walk["applied"].pop())
        elif entry["kind"] == "redo" and walk["redo"]:
            walk["applied"].append(walk["redo"].pop())
        else:
            continue
        if model is None:
            continue
        try:
            if entry["kind"] == "undo":
                model = engine.replay(game, setup, [event for _, event in walk["applied"]])
            else:
                engine.apply(model, walk["applied"][-1][1], replaying=True)
        except Exception:  # words are best effort; the table itself comes from the core
            current_app.logger.exception("replaying the log of %s for its words", session_id)
            walk["broken"] = True
            model = None
    if model is not None:
        walk["snapshot"] = model.snapshot()
    return walk


def describe_entry(entry: dict, entries: list[dict], names: dict, told: dict) -> str:
    """A log entry in plain words (for the "meanwhile" list and the live announcement)."""
    if entry["kind"] == "event":
        text = told["texts"].get(entry["seq"]) or event_label(entry["event"], names, True)
        text = Markup(text).striptags()
        effects = " ".join(e["text"] if e["text"].endswith((".", "!", "?")) else e["text"] + "."
                           for e in entry.get("effects", []))
        return f"{text} — {effects}" if effects else text
    target = entry_at(entries, entry["target_seq"])
    what = told["texts"].get(entry["target_seq"]) if target else None
    what = Markup(what).striptags() if what else f"#{entry['target_seq']}"
    return f"{'Undone' if entry['kind'] == 'undo' else 'Redone'}: {what}"
