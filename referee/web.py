"""The referee's HTTP API: sessions, events, undo/redo, log, export/import, game metadata, scoring.

Views stay thin: they parse the request, call `referee.core.sessions`, and turn its exceptions into
JSON errors with the right status.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import json
import math

import brotli
from flask import Blueprint, current_app, jsonify, render_template, request
from transitions.extensions.diagrams import HierarchicalGraphMachine

from . import referees
from .core import engine, jsontext, openapi
from .core.rules import BadRequest, Citation, RuleViolation, nested_state_names
from .core.sessions import Forbidden, Sessions, Stale
from .core.store import Store
from .core.views import ViewCache

bp = Blueprint("referee_api", __name__, url_prefix="/api")

MAX_JSON_DEPTH = 32
NOT_JSON = "the body is not valid JSON"


def init_app(app) -> None:
    app.extensions["tableside.store"] = Store(
        app.config["DATABASE_URL"], lock_timeout=app.config["DATABASE_LOCK_TIMEOUT"],
        statement_timeout=app.config["DATABASE_STATEMENT_TIMEOUT"],
        sqlite_synchronous=app.config["DATABASE_SQLITE_SYNCHRONOUS"],
        health_interval=app.config["HEALTH_WRITE_INTERVAL"])
    app.extensions["tableside.referees"] = referees()
    app.extensions["tableside.views"] = ViewCache()
    app.extensions["tableside.export_key"] = export_key(app)
    from rulebook_index import corpus

    from . import campaign_api  # its routes join this blueprint

    app.extensions["tableside.campaigns"] = campaign_api.CAMPAIGN_RULES
    app.extensions["tableside.openapi"] = openapi.document(app.extensions["tableside.referees"],
                                                           tuple(corpus.GAME_IDS),
                                                           campaign_api.CAMPAIGN_RULES)
    app.register_blueprint(bp)


def get_sessions() -> Sessions:
    """The app's Sessions: made once per app and settings, not per request (it was ~50,000
    instructions of every write, most of it Flask's context look-ups). It holds nothing that
    changes: the store, the games, the view cache (each shared already) and the settings."""
    app = current_app._get_current_object()
    config, extensions = app.config, app.extensions
    sessions = extensions.get("tableside.sessions")
    if (sessions is None or sessions.max_log_entries != config["MAX_LOG_ENTRIES"]
            or sessions.max_import_replay != config["MAX_IMPORT_REPLAY"]):
        sessions = extensions["tableside.sessions"] = Sessions(
            extensions["tableside.store"], extensions["tableside.referees"],
            extensions["tableside.views"], max_log_entries=config["MAX_LOG_ENTRIES"],
            signing_key=extensions["tableside.export_key"],
            max_import_replay=config["MAX_IMPORT_REPLAY"])
    return sessions


def export_key(app) -> bytes:
    """The key exports are signed with: derived from SECRET_KEY, so every server of a deployment
    (which share it) trusts the others' exports."""
    secret = app.secret_key.encode() if isinstance(app.secret_key, str) else app.secret_key
    return hashlib.sha256(b"tableside export signature\0" + secret).digest()


def db_health(app) -> dict:
    return app.extensions["tableside.store"].health()


def game_field(body) -> None:
    """`game` names a game: a string (a list or an object is a 400, not a failed look-up)."""
    if isinstance(body, dict) and not isinstance(body.get("game"), str):
        raise BadRequest("game is the id of a game, e.g. \"avignon\"", "game")


def json_body():
    """The request's JSON body, checked at the door: sent as application/json, valid UTF-8 JSON
    without NaN or Infinity, nested at most MAX_JSON_DEPTH deep, no lone surrogates or NUL in any
    string, and whole-number floats (1.0) read as integers."""
    if not request.content_length and not request.get_data():
        raise BadRequest("the body is empty: send a JSON object")
    # the header as nearly every client sends it, before werkzeug parses it (~20,000 instructions)
    if (request.environ.get("CONTENT_TYPE") != "application/json"
            and request.mimetype != "application/json"):
        raise UnsupportedMediaType()
    return decode_json(request.get_data())  # not `request.data`, which looks for a form first


def decode_json(data: bytes):
    """`data` read as `json_body` reads a body. The walk through every value (`clean_value`) is
    skipped when the text itself shows it would change nothing, as for nearly every event a phone
    posts: no NUL byte (so UTF-8, where a NUL or a surrogate in a string can only be written as a
    `\\u` escape or, for a surrogate, the byte 0xED), no `\\u` and no 0xED, and no more brackets
    than MAX_JSON_DEPTH (so nothing is nested deeper); whole floats are then made integers as
    they are read."""
    plain = (b"\x00" not in data and b"\\u" not in data and b"\xed" not in data
             and data.count(b"[") + data.count(b"{") <= MAX_JSON_DEPTH)
    try:
        try:
            value = json.loads(data, parse_constant=_refuse_constant,
                               parse_float=_whole_float_as_int if plain else float,
                               object_pairs_hook=each_key_once)
        except _NotFinite:  # the walk says where
            plain = False
            value = json.loads(data, parse_constant=_refuse_constant,
                               object_pairs_hook=each_key_once)
    except RecursionError:
        raise BadRequest(f"the JSON is nested deeper than {MAX_JSON_DEPTH} levels") from None
    except ValueError as error:
        raise BadRequest(f"{NOT_JSON}: {str(error)[:120]}") from None
    return value if plain else clean_value(value)


def decode_json_text(text: str):
    """`text` (a page's form field, an uploaded file) read as `decode_json` reads a body; a lone
    surrogate the text holds is kept as its bytes, so that it is refused, not lost."""
    return decode_json(text.encode("utf-8", "surrogatepass"))


class _NotFinite(Exception):
    pass


def _whole_float_as_int(text: str):
    value = float(text)
    if not math.isfinite(value):
        raise _NotFinite
    return int(value) if value.is_integer() and abs(value) <= 2 ** 53 else value


class UnsupportedMediaType(BadRequest):
    def __init__(self):
        super().__init__("send the body as JSON, with Content-Type: application/json",
                         code="unsupported_media_type")


def each_key_once(pairs: list) -> dict:
    """An object whose keys are each written once. RFC 8259 leaves a key written twice to the
    reader, so a proxy, a phone's library and this app could each read another value (another
    player, another game): it is refused, naming the key. `object_pairs_hook` of every JSON text
    a request carries (the API's bodies, the pages' JSON fields)."""
    value = dict(pairs)
    if len(value) != len(pairs):
        seen: set = set()
        twice = next(key for key, _ in pairs if key in seen or seen.add(key))
        raise BadRequest(f"the key {twice!r} is written twice in one object: send each key once")
    return value


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not a JSON number")


def clean_value(value, field: str = "", depth: int = 0):
    """`value` (JSON data) with whole floats as integers; refused, naming the field, when nested
    deeper than MAX_JSON_DEPTH or holding NaN, Infinity, a NUL or a lone surrogate: what a body
    may not carry, whichever reader built the value (a page's form too)."""
    if depth > MAX_JSON_DEPTH:
        raise BadRequest(f"the JSON is nested deeper than {MAX_JSON_DEPTH} levels", field or None)
    if isinstance(value, str):
        return _clean_string(value, field)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise BadRequest("a number is too large", field or None)
        return int(value) if value.is_integer() and abs(value) <= 2 ** 53 else value
    if isinstance(value, list):
        return [clean_value(item, f"{field}[{index}]", depth + 1) for index, item in enumerate(value)]
    if isinstance(value, dict):
        return {_clean_string(key, field): clean_value(item, f"{field}.{key}".lstrip("."), depth + 1)
                for key, item in value.items()}
    return value


def _clean_string(text: str, field: str) -> str:
    if "\x00" in text:
        raise BadRequest("a string contains a NUL character (\\u0000)", field or None)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise BadRequest("a string contains a lone surrogate (not a character)",
                         field or None) from None
    return text


def bearer_token() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def error(status: int, code: str, message: str, **extra):
    return jsonify({"error": {"code": code, "message": message, **extra}}), status


@bp.errorhandler(BadRequest)
def on_bad_request(exc: BadRequest):
    status = {"not_found": 404, "nothing_to_do": 422, "seat_taken": 409,
              "unsupported_media_type": 415, "log_full": 413, "campaign_moved": 409,
              "import_too_long": 413}.get(exc.code, 400)
    return jsonify({"error": exc.to_json()}), status


@bp.errorhandler(RuleViolation)
def on_violation(exc: RuleViolation):
    return jsonify({"accepted": False, "error": exc.to_json()}), 422


@bp.errorhandler(Stale)
def on_stale(exc: Stale):
    response = jsonify({"accepted": False, "seq": exc.seq, "error": {
        "code": "stale", "message": f"{exc} — refresh and try again", "field": "expected_seq",
    }})
    return response, 409


@bp.errorhandler(Forbidden)
def on_forbidden(exc: Forbidden):
    code = "unauthorized" if exc.status == 401 else "forbidden"
    response, status = error(exc.status, code, exc.message)
    if status == 401:
        response.headers["WWW-Authenticate"] = 'Bearer realm="tableside"'
    return response, status


# -- sessions ------------------------------------------------------------------------------------


@bp.post("/sessions")
def create_session():
    body = json_body()
    game_field(body)
    return jsonify(get_sessions().create(body)), 201


@bp.get("/sessions/<session_id>")
def get_session(session_id):
    """The live view every phone polls: its text is described once per seq and reader, and a
    phone that already has it (If-None-Match) gets a 304."""
    sessions = get_sessions()
    key, text = sessions.view_text(session_id, bearer_token(), request.args.get("seat"))
    tag = hashlib.sha256(repr(key).encode()).hexdigest()[:32]
    encoding = request.accept_encodings.best_match(COMPRESSED_VIEW) if len(text) >= 1024 else None
    if encoding is None:
        response = current_app.response_class(text, mimetype="application/json")
    else:  # compressed once per view, not per phone (Flask-Compress leaves an encoded body alone)
        response = current_app.response_class(
            sessions.views.encoded_text(key, encoding, lambda: compress(text, encoding)),
            mimetype="application/json")
        response.headers["Content-Encoding"] = encoding
        tag += ":" + encoding
    response.vary.add("Accept-Encoding")
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache, private"
    if request.if_none_match:  # werkzeug's conditional answer costs as much as the rest: only then
        return response.make_conditional(request)
    return response


COMPRESSED_VIEW = ("br", "gzip")


def compress(text: str, encoding: str) -> bytes:
    if encoding == "br":
        return brotli.compress(text.encode(), quality=current_app.config["COMPRESS_BR_LEVEL"])
    return gzip.compress(text.encode(), current_app.config["COMPRESS_LEVEL"])


@bp.post("/sessions/<session_id>/seats")
def claim_seat(session_id):
    return jsonify(get_sessions().claim_seat(session_id, bearer_token(), json_body())), 201


@bp.post("/sessions/<session_id>/events")
def post_event(session_id):
    sessions = get_sessions()
    try:
        return written(session_id, sessions.post_event(session_id, bearer_token(), json_body()))
    except BadRequest:
        sessions.seq(session_id)  # 404 before 400: the game's id is checked first
        raise


@bp.post("/sessions/<session_id>/undo")
def undo(session_id):
    return written(session_id, get_sessions().undo(session_id, bearer_token(),
                                                   optional_json_body()))


@bp.post("/sessions/<session_id>/redo")
def redo(session_id):
    return written(session_id, get_sessions().redo(session_id, bearer_token(),
                                                   optional_json_body()))


def written(session_id: str, answer: dict):
    """The answer to a write: the new seq, what it did, and where the game is read (every phone,
    the writer's too, reads the new state there: described once per seq and reader, and cached).
    Its JSON is written as the store's is (orjson; jsonify's sorted keys and json.dumps cost a
    POST ~70,000 instructions)."""
    answer["view_url"] = f"{request.script_root}{bp.url_prefix}/sessions/{session_id}"
    return current_app.response_class(jsontext.dumps(answer), mimetype="application/json")


def optional_json_body():
    return json_body() if request.content_length or request.data else {}


@bp.get("/sessions/<session_id>/log")
def session_log(session_id):
    return jsonify(get_sessions().log(session_id, bearer_token(), request.args.get("seat")))


@bp.get("/sessions/<session_id>/export")
def export_session(session_id):
    response = jsonify(get_sessions().export(session_id, bearer_token()))
    response.headers["Content-Disposition"] = f'attachment; filename="tableside-{session_id}.json"'
    return response


@bp.post("/sessions/import")
def import_session():
    """An export of any game this server accepted is importable: the body may be as large as
    MAX_IMPORT_BYTES (the log is capped at MAX_LOG_ENTRIES entries anyway)."""
    request.max_content_length = current_app.config["MAX_IMPORT_BYTES"]
    document = json_body()
    game_field(document)
    if isinstance(document, dict) and isinstance(document.get("log"), list) \
            and len(document["log"]) > current_app.config["MAX_LOG_ENTRIES"]:
        raise BadRequest(f"an imported log has at most {current_app.config['MAX_LOG_ENTRIES']} "
                         "entries", "log", code="log_full")
    return jsonify(get_sessions().import_(document)), 201


# -- the API's description -----------------------------------------------------------------------


@bp.get("/openapi.json")
def openapi_document():
    return jsonify(current_app.extensions["tableside.openapi"])


@bp.get("/docs")
def api_docs():
    """The OpenAPI document as a page: every operation, its parameters, body and answers."""
    return render_template("api.html", api=current_app.extensions["tableside.openapi"])


# -- games ---------------------------------------------------------------------------------------


@bp.get("/games/<game_id>")
def game_rules(game_id):
    game = get_sessions().game(game_id)
    return jsonify(describe_game(game))


def describe_game(game) -> dict:
    seats = game.seats_for(game.max_players)
    return {
        "game": game.game_id,
        "title": game.title,
        "players": {"min": game.min_players, "max": game.max_players, "seats": seats},
        "events": {
            name: {
                "description": kind.description,
                "chance": kind.chance,
                "schema": kind.schema(name, seats),
                "example": kind.example,
            }
            for name, kind in game.event_types.items()
        },
        "phases": {"states": nested_state_names(game.states), "mermaid": mermaid(game)},
        "table_events": sorted(game.table_events),
        "options": {name: option.to_json() for name, option in game.options.items()},
        "position_schema": game.position_schema,
        "example_setup": game.example_setup,
        "score_schema": game.score_schema,
        "rules": {
            "phase": phase_rules(game),
            "turn": Citation(game.game_id, game.turn_rule).to_json(),
            "end": Citation(game.game_id, game.end_rule).to_json(),
        },
    }


def phase_rules(game):
    if isinstance(game.phase_rule, str):
        return Citation(game.game_id, game.phase_rule).to_json()
    return {phase or "*": Citation(game.game_id, quote).to_json()
            for phase, quote in game.phase_rule.items()}


@functools.cache
def mermaid(game) -> str:
    """The game's machine drawn as a Mermaid state diagram (no graphviz needed), drawn once per
    game on a machine of its own: the cache holds only the finished text."""
    drawing = HierarchicalGraphMachine(
        model=None, states=game.states, transitions=game.transitions, initial=game.initial,
        auto_transitions=False, graph_engine="mermaid", show_conditions=True, title=game.title,
    )

    class Drawn:
        pass

    model = Drawn()
    drawing.add_model(model)
    return model.get_graph().draw(None)


@bp.post("/score/<game_id>")
def score(game_id):
    game = get_sessions().game(game_id)
    return jsonify(engine.score(game, json_body()))

