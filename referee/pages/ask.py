"""Asking the rules from the table: the game's rulebook searched; the answer is the search's own,
and among the other passages the current phase's rules come first."""

from __future__ import annotations

from flask import current_app, render_template, request

from rulebook_index import sections as rulebook_sections

from .base import bp, game_or_404
from .table import load

ASK_LIMIT = 8


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
    """Search the game's rulebook; the search's best hit stays first (its answer is the one read
    aloud), and among the others sections about the current phase rank first."""
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
    result.hits = table_order(result.hits, phase, phase_section)[:ASK_LIMIT]
    return result


def table_order(hits: list, phase: str, phase_section=None) -> list:
    """The best-scored hit first, whose answer is read aloud wherever the phase is; then the
    others, the current phase's first."""
    best = max(hits, key=lambda hit: hit.score, default=None)
    others = [hit for hit in hits if hit is not best]
    return ([best] if best else []) + rank_by_phase(others, phase, phase_section)


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
