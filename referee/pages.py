"""The companion web app: HTML pages to start, play, referee and score a game from phones at a table.

Views stay thin, like the JSON API's: they read a form, call `referee.core.sessions` and redirect
(post/redirect/get) with what happened. Nothing here knows a game's rules; the pages are drawn from
the metadata the API publishes (event schemas, legal events, options, position and score schemas),
and a game draws its own board in `templates/play/_board_<game>.html`.

Edit rights: the join link carries the edit token once; /play/<id>/join puts it in the signed
session cookie and redirects to the table, so the token is never written into a page. Every form
that changes a game carries the per-session CSRF token.
"""

from __future__ import annotations

import copy
import hmac
import json
import secrets
import threading
from collections import OrderedDict

import segno
from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    get_flashed_messages,
    jsonify,
    redirect,
    render_template,
    request,
    send_from_directory,
    session,
    url_for,
)
from jinja2 import TemplateNotFound
from markupsafe import Markup
from werkzeug.datastructures import MultiDict

from rulebook_index import sections as rulebook_sections

from .core import engine
from .core.rules import BadRequest, RuleViolation
from .core.sessions import Forbidden, NotFound, Stale
from .web import describe_game, get_sessions

bp = Blueprint("pages", __name__)

MAX_REMEMBERED_GAMES = 20  # edit tokens kept in one browser's session cookie
MAX_FORM_ITEMS = 8  # an array longer than this is entered as JSON text
MAX_CALCULATOR_PLAYERS = 8
ASK_LIMIT = 8
HISTORY_CACHE = 64  # games whose log in words is kept between requests


def init_app(app) -> None:
    app.register_blueprint(bp)
    app.jinja_env.globals.update(csrf_token=csrf_token, schema_type=schema_type,
                                 array_length=array_length, normalize_scores=normalize_scores)
    app.jinja_env.filters.update(event_label=event_label, humanize=humanize, seat_name=seat_name,
                                 readable=readable)


# -- tokens --------------------------------------------------------------------------------------


def csrf_token() -> str:
    if "csrf" not in session:
        session["csrf"] = secrets.token_urlsafe(24)
    return session["csrf"]


def check_csrf() -> None:
    sent = request.form.get("csrf_token", "")
    if not sent or not hmac.compare_digest(sent, session.get("csrf", "")):
        abort(400, "This form has expired or did not come from this site: reload the page and try again.")


def edit_token(session_id: str) -> str | None:
    return session.get("edit", {}).get(session_id)


def remember_edit_token(session_id: str, token: str) -> None:
    tokens = {k: v for k, v in session.get("edit", {}).items() if k != session_id}
    tokens[session_id] = token
    session["edit"] = dict(list(tokens.items())[-MAX_REMEMBERED_GAMES:])


# -- pages: games and new game -------------------------------------------------------------------


def games() -> dict:
    return current_app.extensions["tableside.referees"]


def game_or_404(game_id: str):
    try:
        return get_sessions().game(game_id)
    except NotFound:
        abort(404, f"There is no referee for the game {game_id!r}.")


@bp.get("/play/")
def index():
    return render_template("play/index.html", games=games())


@bp.route("/play/new", methods=["GET", "POST"])
def new():
    game_id = request.values.get("game")
    if not game_id:
        return render_template("play/index.html", games=games())
    game = game_or_404(game_id)
    described = describe_game(game)
    errors = {}
    values = MultiDict()
    if request.method == "POST":
        check_csrf()
        body, errors = new_game_body(game, described)
        values = request.form
        if not errors:
            try:
                created = get_sessions().create(body)
            except BadRequest as exc:
                errors[exc.field or "form"] = exc.message
            else:
                remember_edit_token(created["id"], created["edit_token"])
                return redirect(url_for("pages.table", session_id=created["id"], created=1), 303)
    return render_template([f"play/new_{game.game_id}.html", "play/new.html"], game=game,
                           described=described, errors=errors, values=values), 400 if errors else 200


def new_game_body(game, described) -> tuple[dict, dict]:
    """The JSON body of POST /api/sessions, from the new-game form; and errors by field."""
    errors = {}
    players = [name.strip() for name in request.form.getlist("player") if name.strip()]
    body = {"game": game.game_id, "players": players, "options": {}}
    for name, option in described["options"].items():
        try:
            value = form_value(option["schema"], f"options.{name}", request.form)
        except BadRequest as exc:
            errors[exc.field] = exc.message
            continue
        if value is not None:
            body["options"][name] = value
    if described["position_schema"] and request.form.get("start") == "position":
        try:
            position = form_value(described["position_schema"], "position", request.form)
        except BadRequest as exc:
            errors[exc.field] = exc.message
        else:
            if position:
                body["position"] = position
    return body, errors


# -- pages: the table ----------------------------------------------------------------------------


def load(session_id: str) -> dict:
    try:
        return get_sessions().get(session_id)
    except NotFound:
        abort(404, f"There is no game {session_id!r}. Check the link, or start a new game.")


@bp.get("/play/<session_id>")
def table(session_id):
    view = load(session_id)
    game = game_or_404(view["game"])
    log = get_sessions().log(session_id)
    token = edit_token(session_id)
    done = request.args.get("done", type=int)
    names = {p["seat"]: p["name"] for p in view["players"]}
    context = dict(
        view=view,
        game=game,
        described=describe_game(game),
        names=names,
        log=log["entries"],
        told=history(session_id, view, log["entries"], names),
        can_edit=token is not None,
        created=bool(request.args.get("created")) and token is not None,
        done=entry_at(log["entries"], done) if done else None,
        messages=get_flashed_messages(with_categories=True),
        open_events=open_events(game, view),
        labels_template=current_app.jinja_env.select_template(
            [f"play/_labels_{game.game_id}.html", "play/_labels.html"]).name,
        view_url=url_for("pages.table", session_id=session_id, _external=True),
    )
    if token is not None:
        context["join_url"] = url_for("pages.join", session_id=session_id, token=token, _external=True)
        context["join_qr"] = qr_svg(context["join_url"], "QR code of the join link (edit rights)")
    context["view_qr"] = qr_svg(context["view_url"], "QR code of the view-only link")
    templates = [f"play/{game.game_id}.html", "play/default.html"]
    if request.args.get("fragment") == "live":
        templates = ["play/_live.html"]
    response = current_app.make_response(render_template(templates, **context))
    response.headers["Cache-Control"] = "no-store"
    response.headers["ETag"] = etag(view["seq"])
    return response


@bp.get("/play/<session_id>/join")
def join(session_id):
    load(session_id)
    token = request.args.get("token", "")
    try:
        get_sessions().authorize(get_sessions().store.session(session_id), token)
    except Forbidden:
        abort(403, "This join link does not open this game. Ask for a fresh one at the table.")
    remember_edit_token(session_id, token)
    flash({"kind": "info", "text": "You joined this game: you can enter events on this phone."}, "info")
    return redirect(url_for("pages.table", session_id=session_id), 303)


@bp.get("/play/<session_id>/qr.svg")
def view_qr(session_id):
    """The QR code of the view-only link (the join link's QR is only drawn into its holder's page)."""
    load(session_id)
    url = url_for("pages.table", session_id=session_id, _external=True)
    response = current_app.make_response(qr_svg(url, "QR code of the view-only link"))
    response.mimetype = "image/svg+xml"
    return response


def qr_svg(url: str, title: str) -> str:
    return segno.make(url, error="m").svg_inline(scale=4, border=2, title=title, svgclass="qr",
                                                  lineclass=None, omitsize=True)


@bp.get("/play/<session_id>/state.json")
def state(session_id):
    """The seq of the game, for phones that poll; 304 while it has not moved.

    With ?since=<seq>, also what changed since that seq, in words.
    """
    try:
        seq = get_sessions().seq(session_id)
    except NotFound:
        abort(404)
    tag = etag(seq)
    if request.if_none_match.contains_weak(tag.strip('"')):
        response = current_app.response_class(status=304)
    else:
        since = request.args.get("since", type=int)
        changes = []
        if since is not None and since < seq:
            changes = describe_changes(session_id, since)
        response = jsonify({"seq": seq, "changes": changes})
    response.headers["ETag"] = tag
    response.headers["Cache-Control"] = "no-cache"
    return response


def etag(seq: int) -> str:
    return f'"{seq}"'


@bp.post("/play/<session_id>/event")
def post_event(session_id):
    check_csrf()
    view = load(session_id)
    game = game_or_404(view["game"])
    expected_seq = request.form.get("expected_seq", type=int)
    try:
        event = event_from_form(game, view, request.form)
        result = get_sessions().post_event(session_id, edit_token(session_id),
                                           {"event": event, "expected_seq": expected_seq})
    except RuleViolation as exc:
        flash(violation_message(exc, event, view), "violation")
    except BadRequest as exc:
        flash({"kind": "error", "text": exc.message, "field": exc.field}, "error")
    except Stale as exc:
        flash_stale(session_id, expected_seq, exc.seq)
    except Forbidden as exc:
        flash({"kind": "error", "text": exc.message + ": open the join link to enter events."}, "error")
    else:
        return back_to_table(session_id, done=result["seq"])
    return back_to_table(session_id)


@bp.post("/play/<session_id>/<any(undo, redo):kind>")
def undo_redo(session_id, kind):
    check_csrf()
    load(session_id)
    expected_seq = request.form.get("expected_seq", type=int)
    step = get_sessions().undo if kind == "undo" else get_sessions().redo
    try:
        result = step(session_id, edit_token(session_id), {"expected_seq": expected_seq})
    except Stale as exc:
        flash_stale(session_id, expected_seq, exc.seq)
    except BadRequest as exc:
        flash({"kind": "error", "text": exc.message}, "error")
    except Forbidden as exc:
        flash({"kind": "error", "text": exc.message + ": open the join link to enter events."}, "error")
    else:
        return back_to_table(session_id, done=result["seq"])
    return back_to_table(session_id)


def back_to_table(session_id: str, **done) -> Response:
    """Post/redirect/get: the table page, at the result of what was (or was not) entered."""
    return redirect(url_for("pages.table", session_id=session_id, **done) + "#result", 303)


def violation_message(exc: RuleViolation, event, view: dict) -> dict:
    names = {p["seat"]: p["name"] for p in view["players"]}
    message = {"kind": "violation", "text": exc.message,
               "tried": describe_event(event, view, names).striptags()}
    if exc.citation is not None:
        message["rule"] = exc.citation.to_json()
    return message


def flash_stale(session_id: str, expected_seq: int | None, seq: int) -> None:
    flash({"kind": "stale",
           "text": "Nothing was entered: the game moved on while you were choosing. Look again.",
           "changes": describe_changes(session_id, expected_seq or 0)[-6:]}, "stale")


@bp.get("/play/<session_id>/log")
def log_page(session_id):
    view = load(session_id)
    game = game_or_404(view["game"])
    names = {p["seat"]: p["name"] for p in view["players"]}
    entries = get_sessions().log(session_id)["entries"]
    return render_template("play/log.html", view=view, game=game, names=names, log=entries,
                           told=history(session_id, view, entries, names))


# -- events from forms ---------------------------------------------------------------------------


def event_from_form(game, view, form) -> dict:
    """An event from a tapped legal choice (its JSON in `event`) or from a schema-generated form."""
    if form.get("event"):
        try:
            event = json.loads(form["event"])
        except ValueError:
            raise BadRequest("the event is not valid JSON", "event") from None
        if not isinstance(event, dict):
            raise BadRequest("the event is an object with a type and a player", "event")
        return event
    kind = form.get("type")
    if kind not in game.event_types:
        raise BadRequest(f"choose what happened: one of {', '.join(game.event_types)}", "type")
    seats = [p["seat"] for p in view["players"]]
    schema = game.event_types[kind].schema(kind, seats)
    event = form_value(schema, "event", form) or {}
    if form.get("fixed"):  # the fields a legal choice fixed, the form asking for the rest
        try:
            fixed = json.loads(form["fixed"])
        except ValueError:
            raise BadRequest("the fixed fields are not valid JSON", "fixed") from None
        if isinstance(fixed, dict):
            event.update(fixed)
    event["type"] = kind
    return event


def open_events(game, view) -> list[dict]:
    """Legal choices the game cannot enumerate ({"open": [fields]}), each with its form's schema."""
    seats = [p["seat"] for p in view["players"]]
    out = []
    for item in view["legal"]:
        if "open" in item:
            schema = game.event_types[item["type"]].schema(item["type"], seats)
            fixed = {k: v for k, v in item.items() if k != "open"}
            out.append({"fixed": fixed, "fields": item["open"], "schema": schema})
    return out


def form_value(schema: dict, name: str, form):
    """Read a value shaped by a JSON Schema back from the form fields drawn for it (by
    `templates/play/_form.html`, or by hand in a game's template): None when left empty.

    The referee checks the result against the schema itself; this only gives it the right types.
    A template may also enter an array of objects as a list of numbers, one field per kind of item:
    `<name>*points;level=2` = "5 3" gives [{"points": 5, "level": 2}, {"points": 3, "level": 2}].
    """
    kind = schema_type(schema)
    listed = listed_items(name, form) or counted_items(schema, name, form)
    if listed:
        return listed
    packed = packed_numbers(schema, name, form)
    if packed is not None:
        return packed
    if kind == "json" or kind == "object" and form.get(name, "").strip():  # an object as JSON too
        text = form.get(name, "").strip()
        if not text:
            return fields_value(schema, name, form)
        try:
            return json.loads(text)
        except ValueError:
            raise BadRequest("this field takes JSON", name) from None
    if kind == "object":
        out = {}
        for key, sub in object_schema(schema).get("properties", {}).items():
            if "const" in sub:
                continue
            value = form_value(sub, f"{name}.{key}", form)
            if value is not None:
                out[key] = value
        return out or None
    if kind == "array":
        items = []
        for index in range(array_length(schema)):
            value = form_value(schema.get("items", {}), f"{name}.{index}", form)
            if value is not None:
                items.append(value)
        return items or None
    if kind == "checkboxes":
        chosen = form.getlist(name)
        return [value for value in schema["items"]["enum"] if str(value) in chosen] or None
    if kind == "numbers":
        return numbers(form.get(name, ""), name) or None
    raw = form.get(name)
    if kind == "boolean":
        if name + ".present" in form:
            return raw is not None
        return None
    if raw is None or raw.strip() == "":
        return None
    raw = raw.strip()
    if kind == "const":
        return schema["const"]
    if kind == "enum":
        for value in schema["enum"]:
            if str(value) == raw:
                return value
        raise BadRequest(f"choose one of {', '.join(map(str, schema['enum']))}", name)
    if kind in ("integer", "number"):
        try:
            return int(raw) if kind == "integer" else float(raw)
        except ValueError:
            raise BadRequest(f"{raw!r} is not a {'whole ' if kind == 'integer' else ''}number",
                             name) from None
    return raw


def counted_items(schema: dict, name: str, form) -> list:
    """An array of enum values (repeats allowed, e.g. an items cost) entered as a count per value:
    fields `<name>#<value>` = "2" gives [value, value]."""
    if schema_type(schema) not in ("array", "json") or "enum" not in schema.get("items", {}):
        return []
    items = []
    for value in schema["items"]["enum"]:
        raw = form.get(f"{name}#{value}", "").strip()
        if raw:
            count = numbers(raw, f"{name}#{value}")
            items.extend([value] * (sum(count) if count else 0))
    return items


def packed_numbers(schema: dict, name: str, form):
    """An array of integers entered in one field ("3 2", e.g. a radio button for a map space), or
    an array of such arrays as several fields of one name (checkboxes valued "1 3", "2 2"...).
    None when the form has no such field."""
    kinds = schema.get("type") if isinstance(schema.get("type"), list) else [schema.get("type")]
    if "array" not in kinds or name not in form:
        return None
    items = schema.get("items", {})
    if items.get("type") == "integer" and array_length(schema):
        raw = " ".join(form.getlist(name)).strip()
        return numbers(raw, name) if raw else None
    if items.get("type") == "array" and items.get("items", {}).get("type") == "integer":
        return [numbers(raw, name) for raw in form.getlist(name) if raw.strip()] or None
    return None


def fields_value(schema: dict, name: str, form):
    """A value the form drew as fields although its schema has no single form field: the first
    object alternative of a oneOf/anyOf whose required keys are all filled in (`<name>.<key>`),
    an object keyed by an enum (`propertyNames`), key by key (`<name>.<key>.<...>`), or a small
    array of such values, item by item (`<name>.0`, `<name>.1`...)."""
    alternatives = schema.get("oneOf", schema.get("anyOf"))
    if alternatives:
        for alternative in alternatives:
            if "oneOf" in alternative or "anyOf" in alternative:
                value = fields_value(alternative, name, form)
            elif schema_type(alternative) == "object":
                value = form_value(alternative, name, form)
                if value and not all(k in value for k in alternative.get("required", [])):
                    value = None
            else:
                continue
            if value:
                return value
        return None
    keys = schema.get("propertyNames", {}).get("enum")
    if keys and isinstance(schema.get("additionalProperties"), dict):
        out = {}
        for key in keys:
            value = form_value(schema["additionalProperties"], f"{name}.{key}", form)
            if value is not None:
                out[key] = value
        return out or None
    kinds = schema.get("type") if isinstance(schema.get("type"), list) else [schema.get("type")]
    if "array" in kinds and array_length(schema):
        items = [form_value(schema.get("items", {}), f"{name}.{index}", form)
                 for index in range(array_length(schema))]
        return [item for item in items if item is not None] or None
    return None


def numbers(text: str, name: str) -> list[int]:
    words = text.replace(",", " ").replace("+", " ").split()
    try:
        return [int(word) for word in words]
    except ValueError:
        raise BadRequest("enter whole numbers separated by spaces, e.g. 5 3 8", name) from None


def listed_items(name: str, form) -> list[dict]:
    """Items entered as lists of numbers: fields `<name>*<key>[;<fixed>=<value>...]`."""
    items = []
    for field in form:
        head, star, spec = field.partition("*")
        if not star or head != name:
            continue
        key, *fixed = spec.split(";")
        extra = {}
        for pair in fixed:
            k, _, v = pair.partition("=")
            try:
                extra[k] = json.loads(v)
            except ValueError:
                extra[k] = v
        items.extend({key: n, **extra} for n in numbers(" ".join(form.getlist(field)), field))
    return items


def object_schema(schema: dict) -> dict:
    """The object alternative of a oneOf/anyOf (a card given by its fields or by its name)."""
    for alternative in schema.get("oneOf", schema.get("anyOf", [])):
        if alternative.get("type") == "object":
            return alternative
    return schema


def schema_type(schema: dict) -> str:
    """How a schema is drawn as form fields (and read back)."""
    if "const" in schema:
        return "const"
    if "enum" in schema:
        return "enum"
    kind = schema.get("type")
    if isinstance(kind, list):
        kinds = [k for k in kind if k != "null"]
        kind = kinds[0] if len(kinds) == 1 else None
    if kind == "object" and schema.get("properties") and not any(
        k in schema for k in ("oneOf", "anyOf", "patternProperties")
    ):
        return "object"
    if kind == "array":
        items = schema.get("items", {})
        if "enum" in items and schema.get("uniqueItems"):
            return "checkboxes"
        if items.get("type") == "integer" and not array_length(schema):
            return "numbers"
        if array_length(schema) and schema_type(items) not in ("json", "array"):
            return "array"
        return "json"
    if kind in ("string", "integer", "number", "boolean"):
        return kind
    return "json"


def array_length(schema: dict) -> int:
    """How many item fields to draw for an array: its maxItems when small, else 0 (JSON text)."""
    most = schema.get("maxItems")
    return most if most is not None and most <= MAX_FORM_ITEMS else 0


# -- words ---------------------------------------------------------------------------------------


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


def history(session_id: str, view: dict, entries: list[dict], names: dict) -> dict:
    """Every event of the log in words, each described in the table as it was when it was entered
    (the character named by a path, the card a hand position held, may since have moved):
    {"texts": {seq: Markup}, "undo": seq of the event undo would take back, "redo": seq}.

    The log is append-only, so the walk is kept per game (a few games, LRU) and goes on from where
    it stopped: a new entry costs one event applied, not a replay.
    """
    cache = current_app.extensions.setdefault("tableside.history", OrderedDict())
    with _history_lock:
        walk = cache.pop(session_id, None)
    if walk is None:
        walk = {"seq": 0, "texts": {}, "snapshot": None, "applied": [], "redo": [], "broken": False}
    new = [entry for entry in entries if entry["seq"] > walk["seq"]]
    if new:
        walk = continue_walk(walk, session_id, view, new, names)
    with _history_lock:
        cache[session_id] = walk
        while len(cache) > HISTORY_CACHE:
            cache.popitem(last=False)
    return {"texts": walk["texts"], "undo": walk["applied"][-1][0] if walk["applied"] else None,
            "redo": walk["redo"][-1][0] if walk["redo"] else None}


def continue_walk(walk: dict, session_id: str, view: dict, new: list[dict], names: dict) -> dict:
    """Replay the new log entries from the walk's last state, describing each event before it is
    applied; undo and redo move along as the core's do. Should the replay fail (a game whose rules
    changed since), the events from there on are described in the current table."""
    walk = {**walk, "texts": dict(walk["texts"]), "applied": list(walk["applied"]),
            "redo": list(walk["redo"])}
    game = game_or_404(view["game"])
    setup = engine.Setup(**get_sessions().store.session(session_id)["setup"])
    model = None
    if not walk["broken"]:
        model = (engine.restore(game, setup, copy.deepcopy(walk["snapshot"]))
                 if walk["snapshot"] else engine.start(game, setup))
    for entry in new:
        walk["seq"] = entry["seq"]
        if entry["kind"] == "event":
            before = view if model is None else {**view, "state": model.G, "phase": model.phase}
            walk["texts"][entry["seq"]] = describe_event(entry["event"], before, names)
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


def describe_changes(session_id: str, since: int) -> list[str]:
    view = get_sessions().get(session_id)
    names = {p["seat"]: p["name"] for p in view["players"]}
    entries = get_sessions().log(session_id)["entries"]
    told = history(session_id, view, entries, names)
    return [describe_entry(e, entries, names, told) for e in entries if e["seq"] > since]


# -- asking the rules in context ------------------------------------------------------------------


@bp.get("/play/<session_id>/ask")
def ask(session_id):
    view = load(session_id)
    game = game_or_404(view["game"])
    q = request.args.get("q", "").strip()[:500]
    result = search_in_context(game.game_id, q, view["phase"]) if q else None
    return render_template("play/ask.html", view=view, game=game, q=q, result=result)


def phase_words(phase: str) -> list[str]:
    """The words of a phase name ("round_draw" -> ["round", "draw"])."""
    return [w for w in phase.replace("-", "_").split("_") if w and not w.isdigit()]


def search_in_context(game_id: str, q: str, phase: str):
    """Search the game's rulebook; among the hits, sections about the current phase rank first."""
    from rulebook_index import web as rules_web

    searcher_for = getattr(rules_web, "get_searcher", None)
    if searcher_for is None:
        return None
    try:
        searcher = searcher_for()
    except Exception:  # no index built yet: the page says search is unavailable
        current_app.logger.exception("rule search unavailable")
        return None
    from rulebook_index.search import search

    result = search(searcher, q, game=game_id, limit=ASK_LIMIT * 3)
    phase_section = rulebook_sections.locate(game_id, game_or_404(game_id).phase_quote(phase))
    result.hits = rank_by_phase(result.hits, phase, phase_section)[:ASK_LIMIT]
    return result


def rank_by_phase(hits: list, phase: str, phase_section=None) -> list:
    """Hits about the current phase first: those in the section of the rule that governs the phase,
    then those whose title or section path names the phase; the order is kept otherwise."""
    words = [w.lower() for w in phase_words(phase)]

    def distance_from_phase(hit) -> int:
        if phase_section is not None and hit.section_id == phase_section.id:
            return 0
        where = " ".join((hit.title, *hit.path)).lower()
        return 1 if any(word in where for word in words) else 2

    return sorted(hits, key=distance_from_phase)


# -- scores --------------------------------------------------------------------------------------


@bp.get("/score/")
def score_index():
    calculators = {gid: game for gid, game in games().items() if game.score_schema is not None}
    return render_template("score/index.html", games=calculators)


@bp.get("/score/<game_id>")
def calculator(game_id):
    """The stateless calculator: a GET form, so a result can be bookmarked and nothing is written."""
    game = game_or_404(game_id)
    if game.score_schema is None:
        abort(404, f"{game.title} has no scoring calculator.")
    schema = game.score_schema
    players_schema = schema.get("properties", {}).get("players", {})
    count = request.args.get("count", type=int) or max(players_schema.get("minItems", 1), 2)
    if "add" in request.args:
        count += 1
    if "remove" in request.args:
        count -= 1
    count = max(players_schema.get("minItems", 1),
                min(count, players_schema.get("maxItems", MAX_CALCULATOR_PLAYERS), MAX_CALCULATOR_PLAYERS))
    tallies, result, error = None, None, None
    if "calculate" in request.args or "json" in request.args:
        try:
            tallies = calculator_tallies(schema, count, request.args)
            result = engine.score(game, tallies)
        except BadRequest as exc:
            error = {"text": exc.message, "field": exc.field}
    if "json" in request.args:
        return jsonify({"result": result, "error": error}), 400 if error else 200
    return render_template([f"score/{game.game_id}.html", "score/default.html"], game=game,
                           schema=schema, count=count, values=request.args, result=result,
                           error=error, player_schema=players_schema.get("items", {}))


def calculator_tallies(schema: dict, count: int, form) -> dict:
    tallies = {}
    for key, sub in schema.get("properties", {}).items():
        if key == "players":
            players = []
            for index in range(count):
                value = form_value(sub.get("items", {}), f"players.{index}", form) or {}
                players.append(value)
            tallies["players"] = players
        else:
            value = form_value(sub, key, form)
            if value is not None:
                tallies[key] = value
    return tallies


def normalize_scores(scores: dict | None, game_id: str) -> dict:
    """A game's scores (SCORES_SCHEMA: players with a cited breakdown, winners, decided_by) laid
    out for the templates: each player's `points` by category and the chart's `bar`, the ordered
    `categories`, and `tie_break` when the winners were decided by one."""
    scores = scores or {}
    players, categories = [], []
    for player in scores.get("players") or []:
        points: dict[str, int] = {}
        for part in player["breakdown"]:  # a label may repeat (a card per line): its points add up
            points[part["label"]] = points.get(part["label"], 0) + part["points"]
            if part["label"] not in categories:
                categories.append(part["label"])
        players.append({"seat": player["seat"], "name": player["name"], "total": player["total"],
                        "parts": player["breakdown"], "points": points})
    for player in players:
        player["bar"] = ([(c, player["points"].get(c, 0)) for c in categories] if categories
                         else [("total", player["total"])])
        player["bar_total"] = sum(max(p, 0) for _, p in player["bar"])
    decided_by = scores.get("decided_by")
    broken_tie = decided_by if decided_by and decided_by.get("tie_break") not in (None, "none") \
        else None
    return {"players": players, "categories": categories, "winners": scores.get("winners", []),
            "decided_by": decided_by, "tie_break": broken_tie}


def seat_name(seat: str, names: dict) -> str:
    return names.get(seat, seat)


# -- installable and offline ----------------------------------------------------------------------


@bp.get("/sw.js")
def service_worker():
    """The service worker, served from the root so that its scope is the whole site."""
    response = send_from_directory(current_app.static_folder, "sw.js", max_age=0)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/manifest.webmanifest")
def manifest():
    return send_from_directory(current_app.static_folder, "manifest.webmanifest",
                               mimetype="application/manifest+json", max_age=3600)
