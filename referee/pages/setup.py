"""Starting a game: the list of games, the new-game form, and a styled page for a game whose
referee is not written yet (its rules can still be looked up)."""

from __future__ import annotations

from flask import redirect, render_template, request, url_for
from werkzeug.datastructures import MultiDict

from rulebook_index import corpus

from ..core.rules import BadRequest
from ..web import describe_game, get_sessions
from .base import bp, check_csrf, games, not_yet, remember, remembered_games, rulebook_title
from .forms import new_game_body
from .library import save_entered, use_library


@bp.get("/play/")
def index():
    known = [(session_id, key) for session_id, key in remembered_games()]
    return render_template("play/index.html", games=games(), my_games=my_games(known),
                           rulebook_only=[(gid, rulebook_title(gid)) for gid in corpus.GAME_IDS
                                          if gid not in games()])


def my_games(known: list[tuple[str, dict]]) -> list[dict]:
    """The games this phone knows (its cookie), with their players and where they stand."""
    store = get_sessions().store
    out = []
    for session_id, key in known:
        row = store.session(session_id)
        if row is None or row["game"] not in games():
            continue
        out.append({"id": session_id, "game": games()[row["game"]], "seq": row["seq"],
                    "players": row["setup"]["players"], "seat": key.get("seat"),
                    "created_at": row["created_at"]})
    return out


@bp.route("/play/new", methods=["GET", "POST"])
def new():
    game_id = request.values.get("game")
    if not game_id:
        return redirect(url_for("pages.index"))
    if game_id not in games():
        return not_yet(game_id, "referee")
    game = games()[game_id]
    described = describe_game(game)
    errors = {}
    values = MultiDict(request.args)
    if request.method == "POST":
        check_csrf()
        values = request.form
        try:
            form, new_cards = use_library(game_id, request.form)
            body, errors = new_game_body(game, described, form)
        except BadRequest as exc:
            errors = {exc.field or "form": exc.message}
        if not errors:
            try:
                created = get_sessions().create(body)
            except BadRequest as exc:
                errors[exc.field or "form"] = exc.message
            else:
                save_entered(game_id, body, new_cards)
                remember(created["id"], token=created["edit_token"], role="table",
                         table=created["edit_token"], join=created["join_token"])
                return redirect(url_for("pages.table", session_id=created["id"], created=1), 303)
    return render_template([f"play/new_{game.game_id}.html", "play/new.html"], game=game,
                           described=described, errors=errors, values=values), 400 if errors else 200
