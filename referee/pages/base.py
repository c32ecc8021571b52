"""What every page module shares: the blueprint, lookups that end in a styled 404, the keys a phone
holds in its signed cookie, and the CSRF token every form that changes a game carries."""

from __future__ import annotations

import hmac
import secrets

from flask import Blueprint, abort, current_app, render_template, request, session

from rulebook_index import corpus

from ..core.sessions import NotFound
from ..web import get_sessions

bp = Blueprint("pages", __name__)

MAX_REMEMBERED_GAMES = 20  # games one browser's cookie remembers (its keys to each)


def games() -> dict:
    """{game_id: Referee class} of the games with a referee."""
    return current_app.extensions["tableside.referees"]


def game_or_404(game_id: str):
    try:
        return get_sessions().game(game_id)
    except NotFound:
        abort(404, f"There is no referee for the game {game_id!r}.")


def session_row(session_id: str) -> dict:
    """The stored session (setup, seq), cheaply: no replay, no legal moves."""
    row = get_sessions().store.session(session_id)
    if row is None:
        abort(404, f"There is no game {session_id!r}. Check the link, or start a new game.")
    return row


def rulebook_title(game_id: str) -> str | None:
    """The title of a game the rules lookup knows (with or without a referee), or None."""
    if game_id not in corpus.GAME_IDS:
        return None
    return corpus.game_meta(game_id)["title"]


def not_yet(game_id: str, what: str):
    """A game with a rulebook but no referee (or calculator) yet: say what there is for it."""
    title = rulebook_title(game_id)
    if title is None:
        return render_template("play/unknown.html", game_id=game_id, what=what,
                               games=games()), 404
    return render_template("play/not_yet.html", game_id=game_id, title=title, what=what,
                           has_referee=game_id in games())


# -- the phone's keys ----------------------------------------------------------------------------


def csrf_token() -> str:
    if "csrf" not in session:
        session["csrf"] = secrets.token_urlsafe(24)
    return session["csrf"]


def check_csrf() -> None:
    sent = request.form.get("csrf_token", "")
    if not sent or not hmac.compare_digest(sent, session.get("csrf", "")):
        abort(400, "This form has expired or did not come from this site: reload the page and try again.")


def phone_key(session_id: str) -> dict:
    """What this phone holds for a game: {"token": the token it reads and writes with, "role":
    "table" (the edit token: enters for anyone), "seat" (a seat's token) or "join" (may claim a
    seat), "seat": the seat it plays, "table": the edit token kept by the phone that started the
    game, "join": the join token it may hand out, "shared": one phone for the whole table}."""
    return dict(session.get("games", {}).get(session_id, {}))


def remember(session_id: str, **key) -> None:
    """Keep (or update) this phone's key to a game; the most recent games last."""
    kept = {k: v for k, v in session.get("games", {}).items() if k != session_id}
    kept[session_id] = {k: v for k, v in {**phone_key(session_id), **key}.items() if v is not None}
    session["games"] = dict(list(kept.items())[-MAX_REMEMBERED_GAMES:])


def forget(session_id: str) -> None:
    """Drop this phone's key to a game (its seat was handed to another phone)."""
    session["games"] = {k: v for k, v in session.get("games", {}).items() if k != session_id}


def reader(session_id: str) -> tuple[str | None, str | None]:
    """The token this phone reads a game with, and the seat it looks as (only the table's token
    names a seat; a seat's token is its seat)."""
    key = phone_key(session_id)
    return key.get("token"), key.get("seat") if key.get("role") == "table" else None


def remembered_games() -> list[tuple[str, dict]]:
    """(session id, key) of the games this phone knows, the most recent first."""
    return list(reversed(list(session.get("games", {}).items())))
