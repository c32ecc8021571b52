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
from ..core.sessions import Forbidden, NotFound, SeatTaken, Stale, may_enter
from ..core.store import CHECKPOINT_EVERY
from ..web import describe_game, get_sessions
from . import invite
from .base import bp, check_csrf, forget, game_or_404, phone_key, reader, remember, session_row
from .describe import describe_entry, describe_event, entry_at, history, history_between
from .forms import event_from_form, in_words, open_events
from .library import save_entered, use_library
from .refill import refill
from .score import normalize_scores, result_words
from .setup import rematch_link


def load(session_id: str) -> dict:
    """The game now, as this phone may see it (its seat's hand, nobody else's)."""
    token, seat = reader(session_id)
    try:
        view = get_sessions().get(session_id, token, seat)
        if view["viewer"]["role"] == "table" and seat is None and view["current_players"] \
                and get_sessions().game(view["game"]).hidden_information:
            # one phone for the whole table shows the hand of the player to act (it is passed round)
            view = get_sessions().get(session_id, token, view["current_players"][0])
        return view
    except NotFound:
        abort(404, f"There is no game {session_id!r}. Check the link, or start a new game.")
    except Forbidden:  # the key no longer opens the game (its seat went to another phone)
        forget(session_id)
        flash({"kind": "error", "text": "This phone's seat was given to another phone: you are "
                                        "watching now. Ask for the join link to play again."}, "error")
        return get_sessions().get(session_id)


def told_log(session_id: str, view: dict, game, last: int | None = None,
             between: tuple[int, int] | None = None) -> tuple[list[dict], dict]:
    """The log entries as this phone may see them (all, the `last` few, or those `between` two
    seqs: an older page of the log page), and their events and the events their undos and redos
    name, told in words."""
    token, seat = reader(session_id)
    names = {p["seat"]: p["name"] for p in view["players"]}
    sessions = get_sessions()
    try:
        entries = sessions.log(session_id, token, seat, last=last, between=between)["entries"]
    except Forbidden:
        entries = sessions.log(session_id, last=last, between=between)["entries"]
    setup = engine.Setup(**sessions.store.session_head(session_id)["setup"])
    targets = [entry["target_seq"] for entry in entries if entry["kind"] != "event"]
    if between is not None:
        return entries, history_between(sessions, game, setup, session_id, view, names,
                                         view["viewer"]["seat"], *between, targets)
    first = entries[0]["seq"] if entries and last is not None else 1
    told = history(sessions, game, setup, session_id, view, names, view["viewer"]["seat"],
                   first, targets)
    return entries, told


# The log entries the table page shows (the whole log has its own page): the page of a game of
# thousands of entries reads and describes these few.
TABLE_LOG = 8


def entering(view: dict, game) -> list[dict]:
    """The legal choices this phone may enter: a seat's phone enters its own seat's, unless the
    table lets anyone enter for anyone; a phone that enters for several seats lists what is done
    for the whole table once."""
    seat = view["viewer"]["seat"]
    if view["viewer"]["role"] != "seat" or view.get("anyone_enters"):
        return engine.once_for_the_table(view["legal"], game, seat)
    return [event for event in view["legal"] if event.get("player") in (seat, None)]


def may_step(view: dict, event: dict | None) -> bool:
    """Whether this phone may undo (or redo) `event`, as the API checks it."""
    viewer = view["viewer"]
    return may_enter(viewer["role"], viewer["seat"], view.get("anyone_enters"),
                     (event or {}).get("player"))


@bp.get("/play/<session_id>")
def table(session_id):
    return table_page(session_id, request.args.get("done", type=int),
                      get_flashed_messages(with_categories=True))


def table_page(session_id: str, done: int | None, messages: list, status: int = 200,
               refused: tuple[str, str | None] | None = None) -> Response:
    """The table as this phone sees it; after a refused form (`refused`: the message and the field
    it names), with that form filled in again as it was sent (a "Something else happened…" form
    is drawn in place for it)."""
    view = load(session_id)
    game = game_or_404(view["game"])
    sent = request.form.get("form", "") if refused is not None else ""
    other_open = sent.removeprefix("other-") if sent.startswith("other-") else None
    key = phone_key(session_id)
    log, told = told_log(session_id, view, game, last=TABLE_LOG)
    role = view["viewer"]["role"]
    seat = view["viewer"]["seat"] if role == "seat" else None
    names = {p["seat"]: p["name"] for p in view["players"]}
    view["legal"] = entering(view, game)
    context = dict(
        view=view,
        game=game,
        described=describe_game(game),
        names=names,
        log=log,
        told=told,
        role=role,
        seat=seat,
        my_turn=seat is not None and seat in view["current_players"],
        may_undo=view["can_undo"] and may_step(view, view["last_event"]),
        may_redo=view["can_redo"] and may_step(view, view["next_redo"]),
        can_edit=role in ("table", "seat"),
        choose_seat=role == "join" or role == "table" and not key.get("shared"),
        looking_as=view["viewer"]["seat"] if role == "table" else None,
        seats=seat_choices(session_id, view) if role in ("join", "table") else [],
        created=bool(request.args.get("created")) and "join" in key,
        done=entry_at(log, done) if done else None,
        messages=messages,
        open_events=open_events(game, view),
        other_open=other_open if other_open in game.event_types else None,
        labels_template=labels_template(game),
        other_form_template=other_form_template(game),
        rematch=rematch_link(game, session_row(session_id)["setup"]) if view["over"] else None,
        **invite.links(session_id, key.get("join")),
    )
    templates = [f"play/{game.game_id}.html", "play/default.html"]
    if request.args.get("fragment") == "live":
        templates = ["play/_live.html"]
    html = render_template(templates, **context)
    if refused is not None:
        html = refill(html, request.form, refused[1], refused[0])
    response = current_app.make_response((html, status))
    response.headers["Cache-Control"] = "no-store"
    response.headers["ETag"] = etag(view["seq"])
    return response


@bp.get("/play/<session_id>/other/<type_name>")
def other_event(session_id, type_name):
    """One event type's "Something else happened…" form. The table page lists the types only (it
    is fetched again on every change); table.js fetches the form (`?fragment=1`) when a player
    opens the type, and without JavaScript the type's link opens this page with the form."""
    view = load(session_id)
    game = game_or_404(view["game"])
    if type_name not in game.event_types:
        abort(404, f"{game.title} has no event called {type_name!r}.")
    context = dict(view=view, game=game, type_name=type_name,
                   names={p["seat"]: p["name"] for p in view["players"]},
                   can_edit=view["viewer"]["role"] in ("table", "seat"),
                   other_form_template=other_form_template(game))
    page = (context["other_form_template"] if request.args.get("fragment")
            else "play/other_event.html")
    response = current_app.make_response(render_template(page, **context))
    # the form changes only with the game's players: table.js and the service worker keep a
    # fetched one (the phone's seq and CSRF token are put in when it is shown)
    response.headers["Cache-Control"] = "private, no-cache"
    return response


def labels_template(game) -> str:
    """The template of the game's words for events and phases (play/_labels_<game>.html)."""
    return current_app.jinja_env.select_template(
        [f"play/_labels_{game.game_id}.html", "play/_labels.html"]).name


def other_form_template(game) -> str:
    """The template of one "Something else happened…" form: the game's own
    (play/_other_form_<game>.html, which extends the generic one) or the generic one."""
    return current_app.jinja_env.select_template(
        [f"play/_other_form_{game.game_id}.html", "play/_other_form.html"]).name


def seat_choices(session_id: str, view: dict) -> list[dict]:
    """Each seat with its player's name and whether a phone has claimed it."""
    store = get_sessions().store
    with store.read() as conn:
        claimed = store.seat_claims(conn, session_id)
    return [{"seat": p["seat"], "name": p["name"], "taken": p["seat"] in claimed}
            for p in view["players"]]


@bp.get("/play/<session_id>/join")
def join(session_id):
    """The join link (what the players' QR code holds): keeps its token in the signed cookie and
    shows the table, where the phone says who holds it."""
    row = session_row(session_id)
    token = request.args.get("token", "")
    try:
        viewer = get_sessions().viewer(row, token)
    except Forbidden:
        viewer = None
    if viewer is None or viewer.role == "spectator":
        abort(403, "This join link does not open this game. Ask for a fresh one at the table.")
    if viewer.role == "seat":
        remember(session_id, token=token, role="seat", seat=viewer.seat)
    elif viewer.role == "table":
        remember(session_id, token=token, role="table", table=token)
    elif phone_key(session_id).get("role") != "seat":  # a seat's phone that scans again keeps it
        remember(session_id, token=token, role="join", join=token)
    else:
        remember(session_id, join=token)
    return redirect(url_for("pages.table", session_id=session_id), 303)


@bp.post("/play/<session_id>/seat")
def claim_seat(session_id):
    """"I'm Ben": this phone claims a seat (with the join link's token, or the table's), and from
    now on sees that seat's hand and enters that seat's moves. The table's phone may also stay a
    shared phone, or take over a seat whose phone died."""
    check_csrf()
    session_row(session_id)
    key = phone_key(session_id)
    choice = request.form.get("seat", "")
    if choice == "shared" and key.get("role") == "table":
        remember(session_id, shared=True)
        return back_to_table(session_id)
    claimer = key.get("table") or key.get("join")
    try:
        claimed = get_sessions().claim_seat(session_id, claimer, {
            "seat": choice, "replace": bool(request.values.get("replace")) and "table" in key})
    except SeatTaken:
        flash({"kind": "error", "text": "Another phone already plays that seat. If that phone is "
                                        "gone, the phone that started the game can take it over."},
              "error")
    except (BadRequest, Forbidden) as exc:
        flash({"kind": "error", "text": str(getattr(exc, "message", exc)).capitalize() + "."}, "error")
    else:
        remember(session_id, token=claimed["seat_token"], role="seat", seat=claimed["seat"],
                 shared=None)
        flash({"kind": "info", "text": f"This phone plays {claimed['name']}: you see your own "
                                       "hand and enter your own moves."}, "info")
    return back_to_table(session_id)


@bp.get("/play/<session_id>/export")
def export(session_id):
    """The whole game as one file (a game with hidden information: only for the table's phone)."""
    session_row(session_id)
    key = phone_key(session_id)
    try:
        document = get_sessions().export(session_id, key.get("table") or key.get("token"))
    except Forbidden:
        abort(403, "This game has hidden information: only the phone that started it can "
                   "download the whole game.")
    response = jsonify(document)
    response.headers["Content-Disposition"] = f'attachment; filename="tableside-{session_id}.json"'
    return response


@bp.get("/play/<session_id>/qr.svg")
def view_qr(session_id):
    """The QR code of the view-only link (the join link's QR is only drawn into its holder's page)."""
    session_row(session_id)
    response = current_app.make_response(invite.links(session_id, None)["view_qr"])
    response.mimetype = "image/svg+xml"
    return response


@bp.get("/play/<session_id>/result.svg")
def result_image(session_id):
    """The result of a finished game as a picture to share (the end screen's "The result as an
    image"): server-drawn SVG, nothing fetched; table.js makes a PNG of it for the share sheet."""
    view = load(session_id)
    game = game_or_404(view["game"])
    if not view["over"]:
        abort(404, "This game is not over yet: its result is drawn when it ends.")
    names = {p["seat"]: p["name"] for p in view["players"]}
    response = current_app.make_response(render_template(
        "play/result.svg", view=view, game=game, names=names,
        scores=normalize_scores(view["scores"], game.game_id), **result_words(game, view, names)))
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


# The changes a phone is told at most ("meanwhile"): the last few, not a long game's whole log.
MAX_CHANGES = 20


def describe_changes(session_id: str, since: int) -> list[str]:
    view = load(session_id)
    last = max(0, min(view["seq"] - since, MAX_CHANGES))
    if not last:
        return []
    entries, told = told_log(session_id, view, game_or_404(view["game"]), last=last)
    names = {p["seat"]: p["name"] for p in view["players"]}
    return [describe_entry(e, names, told) for e in entries if e["seq"] > since]


@bp.post("/play/<session_id>/event")
def post_event(session_id):
    check_csrf()
    row = session_row(session_id)
    token, role = phone_key(session_id).get("token"), phone_key(session_id).get("role")
    if role not in ("table", "seat"):  # before reading the form: a watching phone's post costs nothing
        flash(NOT_YOURS, "error")
        return back_to_table(session_id)
    game = game_or_404(row["game"])
    expected_seq = form_seq()
    event = None
    try:
        form, new_cards = use_library(game.game_id, request.form)
        event = event_from_form(game, [p["seat"] for p in row["setup"]["players"]], form)
        body = {"event": event, "expected_seq": expected_seq}
        if request.form.get("client_id"):  # table.js sends one: its retry after a lost answer is
            body["client_id"] = request.form["client_id"]  # the same event, entered once
        result = get_sessions().post_event(session_id, token, body)
    except RuleViolation as exc:  # the page again, with the form as it was sent (no redirect)
        message = violation_message(exc, event, load(session_id))
        return table_page(session_id, None, [("violation", message)], 422, (None, None))
    except BadRequest as exc:
        text, field = refusal_in_words(game, row, event, exc)
        return table_page(session_id, None, [("error", {"kind": "error", "text": text,
                                                        "field": field})], 400, (text, field))
    except Stale as exc:
        flash_stale(session_id, expected_seq, exc.seq)
    except Forbidden as exc:
        flash({"kind": "error", "text": exc.message[:1].upper() + exc.message[1:] + "."}, "error")
    else:
        saved = save_entered(game.game_id, {"event": event}, new_cards)
        if saved:
            flash({"kind": "info", "text": "Saved in the card library: " + ", ".join(saved)
                   + ". Next time, type its number or title instead."}, "info")
        return back_to_table(session_id, done=result["seq"])
    return back_to_table(session_id)


def refusal_in_words(game, row: dict, event, exc: BadRequest) -> tuple[str, str | None]:
    """A form that could not be entered (a field missing or out of range), in a player's words,
    and the field to point at."""
    kind = (event or {}).get("type") if isinstance(event, dict) else None
    kind = kind or request.form.get("type")
    if kind not in game.event_types:
        return in_words({}, exc.field, exc.message)
    seats = [p["seat"] for p in row["setup"]["players"]]
    return in_words(game.event_types[kind].schema(kind, seats), exc.field, exc.message)


NOT_YOURS = {"kind": "error", "text": "This phone is watching: open the join link (or scan the "
                                     "players' QR code) and say who you are to enter moves."}


@bp.post("/play/<session_id>/<any(undo, redo):kind>")
def undo_redo(session_id, kind):
    check_csrf()
    session_row(session_id)
    token = phone_key(session_id).get("token")
    if phone_key(session_id).get("role") not in ("table", "seat"):
        flash(NOT_YOURS, "error")
        return back_to_table(session_id)
    expected_seq = form_seq()
    step = get_sessions().undo if kind == "undo" else get_sessions().redo
    body = {"expected_seq": expected_seq}
    if request.form.get("client_id"):  # as for events: a retried undo is the same undo, once
        body["client_id"] = request.form["client_id"]
    try:
        result = step(session_id, token, body)
    except Stale as exc:
        flash_stale(session_id, expected_seq, exc.seq)
    except BadRequest as exc:
        flash({"kind": "error", "text": exc.message}, "error")
    except Forbidden as exc:
        flash({"kind": "error", "text": exc.message[:1].upper() + exc.message[1:] + "."}, "error")
    else:
        return back_to_table(session_id, done=result["seq"])
    return back_to_table(session_id)


def form_seq() -> int | str | None:
    """The form's expected_seq: a whole number, or left out (None). Anything else is handed on as
    sent, for the API to refuse with its message: a garbled seq is not a seq left out, which the
    undo and redo read as "whatever is last" (finding 131)."""
    sent = request.form.get("expected_seq")
    return int(sent) if sent is not None and sent.isascii() and sent.isdigit() else sent


def back_to_table(session_id: str, **done) -> Response:
    """Post/redirect/get: the table page, at the result of what was (or was not) entered."""
    return redirect(url_for("pages.table", session_id=session_id, **done) + "#result", 303)


def violation_message(exc: RuleViolation, event, view: dict) -> dict:
    names = {p["seat"]: p["name"] for p in view["players"]}
    message = {"kind": "violation", "text": exc.message,
               "tried": Markup(describe_event(event, view, names)).striptags()}
    if exc.citation is not None:
        message["rule"] = exc.citation.to_json()
    # where it is unclear which sentence the player broke, every one is quoted (as the API's "rules")
    message["rules"] = [c.to_json() for c in (exc.citation, *exc.also) if c is not None]
    return message


def flash_stale(session_id: str, expected_seq: int | None, seq: int) -> None:
    flash({"kind": "stale",
           "text": "Nothing was entered: the game moved on while you were choosing. Look again.",
           "changes": describe_changes(session_id, expected_seq or 0)[-6:]}, "stale")


# Entries on a page of the log page: the latest page by default (described as the table page
# describes its last entries, by the walk kept per game and seat), older ones by `?from=<seq>`,
# which start right after a checkpoint (the state after every CHECKPOINT_EVERY-th entry) and are
# walked from it and kept nowhere, so that no page of a long game replays or describes the whole
# log.
LOG_PAGE = CHECKPOINT_EVERY


@bp.get("/play/<session_id>/log")
def log_page(session_id):
    view = load(session_id)
    game = game_or_404(view["game"])
    latest = max(1, view["seq"] - LOG_PAGE + 1)
    first = request.args.get("from", type=int)
    if first is None or first >= latest:
        first = latest
        entries, told = told_log(session_id, view, game, last=view["seq"] - latest + 1)
    else:
        first = max(0, first - 1) // LOG_PAGE * LOG_PAGE + 1
        entries, told = told_log(session_id, view, game, between=(first, first + LOG_PAGE - 1))
    earlier = max(0, first - 2) // LOG_PAGE * LOG_PAGE + 1
    key = phone_key(session_id)
    return render_template("play/log.html", view=view, game=game, log=entries, told=told,
                           names={p["seat"]: p["name"] for p in view["players"]},
                           can_export=not game.hidden_information or "table" in key,
                           earlier=url_for("pages.log_page", session_id=session_id,
                                           **{"from": earlier}) if first > 1 else None,
                           later=None if first == latest else
                           url_for("pages.log_page", session_id=session_id,
                                   **({"from": first + LOG_PAGE} if first + LOG_PAGE < latest
                                      else {})))
