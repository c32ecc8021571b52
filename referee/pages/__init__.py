"""The companion web app: HTML pages to start, join, play, referee and score a game from the phones
at a table. The Flask layer of `referee` (like `referee/web.py` for the JSON API).

Nothing here knows a game's rules; the pages are drawn from the metadata the API publishes (event
schemas, legal events, options, position and score schemas), and each game's own page pieces are
found by name (`templates/play/_board_<game>.html`, `_labels_<game>.html`, `_actions_<game>.html`,
`new_<game>.html`, `score/<game>.html`; docs/webapp.md lists them).

- `base`     the blueprint, lookups, the keys a phone holds in its signed cookie, CSRF
- `setup`    the games, the new-game form, my games, a styled page for a game without a referee
- `table`    the table, joining, entering events, undo/redo, the log, the live poll
- `invite`   links and QR codes phones can open, and `flask serve` (the table on the network)
- `score`    the calculator and the shape scores are drawn from
- `library`  the card library: cards typed once, named by their printed number or title
- `ask`      the rules asked from the table
- `campaign` a campaign's page: the Pilgrims' progress over its Quests
- `offline`  the service worker, the manifest, the rulebooks saved for offline use
- `forms`    form fields back to JSON by the schema, bounded before anything is built (no Flask)
- `describe` events in words, and the log told as it happened

Edit rights: the join link carries a token once; /play/<id>/join puts it in the signed session
cookie and redirects to the table, so the token is never written into a page. Every form that
changes a game carries the per-session CSRF token.
"""

from __future__ import annotations

from flask import render_template
from werkzeug.exceptions import HTTPException

from . import ask, campaign, library, offline, score, setup, table  # noqa: F401  (views register on `bp`)
from .base import bp, csrf_token
from .describe import (
    choice_steps,
    event_label,
    humanize,
    names_in_a_sentence,
    phase_words,
    readable,
    seat_name,
)
from .forms import array_length, schema_type
from .invite import serve_command
from .score import normalize_scores, result_words


def init_app(app) -> None:
    app.register_blueprint(bp)
    app.cli.add_command(serve_command)
    app.jinja_env.globals.update(csrf_token=csrf_token, schema_type=schema_type,
                                 array_length=array_length, normalize_scores=normalize_scores,
                                 library_cards=library.cards_for, choice_steps=choice_steps,
                                 names_a_card=library.names_a_card, result_words=result_words)
    app.jinja_env.filters.update(event_label=event_label, humanize=humanize, seat_name=seat_name,
                                 names_in_a_sentence=names_in_a_sentence,
                                 phase_words=phase_words, readable=readable, card_words=library.card_words)


def error_page(exc: HTTPException):
    """A page's error (404, 403, 400…) as a styled page that says what to do, with its status.
    A routing redirect (/play -> /play/) stays a redirect."""
    if exc.code is None or exc.code < 400:
        return exc
    return render_template("error.html", error=exc), exc.code
