"""The table: the page every phone looks at, joining it, entering what happened, undo and redo, the
log, and the poll that keeps a phone live. Views stay thin: they read the phone's key and the form,
call `referee.core.sessions` and redirect (post/redirect/get) with what happened.
"""

from __future__ import annotations

from flask import (
    Response,
    abort,
    current_app,
    flash,
    get_flashed_messages,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from markupsafe import Markup

from ..core import engine
from ..core.rules import BadRequest, RuleViolation
from ..core.sessions import Forbidden, NotFound, Stale
from ..web import describe_game, get_sessions
from . import invite
from .base import bp, check_csrf, game_or_404, phone_key, remember, session_row
from .describe import describe_entry, describe_event, entry_at, history
from .forms import event_from_form, open_events
from .library import save_entered, use_library


def load(session_id: str) -> dict:
    """The game now, as this phone may see it."""
    try:
        return get_sessions().get(session_id)
    except NotFound:
        abort(404, f"There is no game {session_id!r}. Check the link, or start a new game.")


def told_log(session_id: str, view: dict, game) -> tuple[list[dict], dict]:
    """The log entries as this phone may see them, and every event told in words."""
    names = {p["seat"]: p["name"] for p in view["players"]}
    entries = get_sessions().log(session_id)["entries"]
    store = get_sessions().store
    setup = engine.Setup(**store.session(session_id)["setup"])
    told = history(game, setup, session_id, view, store.entries(session_id), names, None)
    return entries, told


@bp.get("/play/<session_id>")
def table(session_id):
    view = load(session_id)
    game = game_or_404(view["game"])
    key = phone_key(session_id)
    log, told = told_log(session_id, view, game)
    done = request.args.get("done", type=int)
    can_edit = key.get("token") is not None
    context = dict(
        view=view,
        game=game,
        described=describe_game(game),
        names={p["seat"]: p["name"] for p in view["players"]},
        log=log,
        told=told,
        can_edit=can_edit,
        created=bool(request.args.get("created")) and can_edit,
        done=entry_at(log, done) if done else None,
        messages=get_flashed_messages(with_categories=True),
        open_events=open_events(game, view),
        labels_template=current_app.jinja_env.select_template(
            [f"play/_labels_{game.game_id}.html", "play/_labels.html"]).name,
        **invite.links(session_id, key.get("token") if can_edit else None),
    )
    templates = [f"play/{game.game_id}.html", "play/default.html"]
    if request.args.get("fragment") == "live":
        templates = ["play/_live.html"]
    response = current_app.make_response(render_template(templates, **context))
    response.headers["Cache-Control"] = "no-store"
    response.headers["ETag"] = etag(view["seq"])
    return response


@bp.get("/play/<session_id>/join")
def join(session_id):
    row = session_row(session_id)
    token = request.args.get("token", "")
    try:
        get_sessions().authorize(None, row, token)
    except Forbidden:
        abort(403, "This join link does not open this game. Ask for a fresh one at the table.")
    remember(session_id, token=token)
    flash({"kind": "info", "text": "You joined this game: you can enter events on this phone."}, "info")
    return redirect(url_for("pages.table", session_id=session_id), 303)


@bp.get("/play/<session_id>/qr.svg")
def view_qr(session_id):
    """The QR code of the view-only link (the join link's QR is only drawn into its holder's page)."""
    session_row(session_id)
    response = current_app.make_response(invite.links(session_id, None)["view_qr"])
    response.mimetype = "image/svg+xml"
    return response


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


def describe_changes(session_id: str, since: int) -> list[str]:
    view = load(session_id)
    entries, told = told_log(session_id, view, game_or_404(view["game"]))
    names = {p["seat"]: p["name"] for p in view["players"]}
    return [describe_entry(e, entries, names, told) for e in entries if e["seq"] > since]


@bp.post("/play/<session_id>/event")
def post_event(session_id):
    check_csrf()
    row = session_row(session_id)
    token = phone_key(session_id).get("token")
    if token is None:  # before reading the form: a watching phone's post costs nothing
        flash(NOT_YOURS, "error")
        return back_to_table(session_id)
    game = game_or_404(row["game"])
    expected_seq = request.form.get("expected_seq", type=int)
    event = None
    try:
        form, new_cards = use_library(game.game_id, request.form)
        event = event_from_form(game, [p["seat"] for p in row["setup"]["players"]], form)
        result = get_sessions().post_event(session_id, token,
                                           {"event": event, "expected_seq": expected_seq})
    except RuleViolation as exc:
        flash(violation_message(exc, event, load(session_id)), "violation")
    except BadRequest as exc:
        flash({"kind": "error", "text": exc.message, "field": exc.field}, "error")
    except Stale as exc:
        flash_stale(session_id, expected_seq, exc.seq)
    except Forbidden as exc:
        flash({"kind": "error", "text": exc.message + "."}, "error")
    else:
        saved = save_entered(game.game_id, {"event": event}, new_cards)
        if saved:
            flash({"kind": "info", "text": "Saved in the card library: " + ", ".join(saved)
                   + ". Next time, type its number or title instead."}, "info")
        return back_to_table(session_id, done=result["seq"])
    return back_to_table(session_id)


NOT_YOURS = {"kind": "error", "text": "This phone is watching: open the join link (or scan the "
                                     "players' QR code) to enter moves."}


@bp.post("/play/<session_id>/<any(undo, redo):kind>")
def undo_redo(session_id, kind):
    check_csrf()
    session_row(session_id)
    token = phone_key(session_id).get("token")
    expected_seq = request.form.get("expected_seq", type=int)
    step = get_sessions().undo if kind == "undo" else get_sessions().redo
    try:
        result = step(session_id, token, {"expected_seq": expected_seq})
    except Stale as exc:
        flash_stale(session_id, expected_seq, exc.seq)
    except BadRequest as exc:
        flash({"kind": "error", "text": exc.message}, "error")
    except Forbidden:
        flash(NOT_YOURS, "error")
    else:
        return back_to_table(session_id, done=result["seq"])
    return back_to_table(session_id)


def back_to_table(session_id: str, **done) -> Response:
    """Post/redirect/get: the table page, at the result of what was (or was not) entered."""
    return redirect(url_for("pages.table", session_id=session_id, **done) + "#result", 303)


def violation_message(exc: RuleViolation, event, view: dict) -> dict:
    names = {p["seat"]: p["name"] for p in view["players"]}
    message = {"kind": "violation", "text": exc.message,
               "tried": Markup(describe_event(event, view, names)).striptags()}
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
    entries, told = told_log(session_id, view, game)
    return render_template("play/log.html", view=view, game=game, log=entries, told=told,
                           names={p["seat"]: p["name"] for p in view["players"]})
