"""The end-of-game calculator (a GET form: bookmarkable, writes nothing) and the shape every game's
scores are drawn from."""

from __future__ import annotations

from flask import jsonify, render_template, request

from ..core import engine
from ..core.rules import BadRequest
from .base import bp, games, not_yet
from .describe import names_in_a_sentence
from .forms import calculator_tallies, schema_type

MAX_CALCULATOR_PLAYERS = 8


@bp.get("/score/")
def score_index():
    calculators = {gid: game for gid, game in games().items() if game.score_schema is not None}
    return render_template("score/index.html", games=calculators)


@bp.get("/score/<game_id>")
def calculator(game_id):
    game = games().get(game_id)
    if game is None or game.score_schema is None:
        return not_yet(game_id, "calculator")
    schema = game.score_schema
    players_schema = schema.get("properties", {}).get("players", {})
    per_player = (players_schema.get("type") == "array"
                  and schema_type(players_schema.get("items", {})) == "object")
    least = players_schema.get("minItems", 1)
    most = min(players_schema.get("maxItems", MAX_CALCULATOR_PLAYERS), MAX_CALCULATOR_PLAYERS)
    count = request.args.get("count", type=int) or max(least, 2)
    if "add" in request.args:
        count += 1
    if "remove" in request.args:
        count -= 1
    count = max(least, min(count, most))
    tallies, result, error = None, None, None
    if "calculate" in request.args or "json" in request.args:
        try:
            tallies = calculator_tallies(schema, count if per_player else 0, request.args)
            result = engine.score(game, tallies)
        except BadRequest as exc:
            error = {"text": exc.message, "field": exc.field}
    if "json" in request.args:
        return jsonify({"result": result, "error": error}), 400 if error else 200
    return render_template([f"score/{game.game_id}.html", "score/default.html"], game=game,
                           schema=schema, count=count, values=request.args, result=result,
                           error=error, per_player=per_player,
                           player_schema=players_schema.get("items", {}) if per_player else {})


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


def result_words(game, view: dict, names: dict) -> dict:
    """Who won, in a line, and the whole result as text (what "Share the result" sends)."""
    scores = normalize_scores(view["scores"], game.game_id)
    winners = names_in_a_sentence(names.get(s, s) for s in scores["winners"])
    won = f"{winners} win{'s' if len(scores['winners']) == 1 else ''}" if winners else "No winner"
    totals = ", ".join(f"{names.get(p['seat'], p['name'])} {p['total']}" for p in scores["players"])
    reason = (scores["decided_by"] or {}).get("text", "")
    text = f"{game.title}: {won if winners else 'no winner'}" + (f" ({totals})." if totals else ".")
    if reason:
        text += f" {reason[:1].upper()}{reason[1:]}" + ("" if reason.endswith(".") else ".")
    return {"winner_line": won, "text": text + " Refereed by Tableside."}
