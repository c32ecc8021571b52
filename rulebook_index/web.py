"""The thin Flask layer of the rulebook index: JSON API, phone pages and the `index` CLI.

Everything else in `rulebook_index` is plain Python. A Whoosh searcher lives on `g` for the
length of a request (like flaskr's `get_db`); the index it reads is built by the CLI or at
start-up, never by a request.
"""

import gc
import threading
import time

import click
from flask import Blueprint, current_app, g, jsonify, render_template, request
from flask.cli import AppGroup
from whoosh import query as whoosh_query

from . import corpus, indexing, search, sections

api = Blueprint("rules_api", __name__, url_prefix="/api")
pages = Blueprint("rules_pages", __name__)

DEFAULT_LIMIT = 5
MAX_LIMIT = 50
POINTER_CHECK_SECONDS = 1.0


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str, field: str | None = None):
        super().__init__(message)
        self.status, self.code, self.message, self.field = status, code, message, field

    def to_response(self):
        body = {"code": self.code, "message": self.message}
        if self.field:
            body["field"] = self.field
        return jsonify({"error": body}), self.status


@api.errorhandler(ApiError)
def _api_error(e: ApiError):
    return e.to_response()


# --- the index, per process and per request -----------------------------------------------


class _IndexHandle:
    """The live Whoosh index of one INDEX_DIR, reopened when CURRENT points elsewhere, and
    one read-only searcher per thread on it, reused across requests until the index changes
    (opening a searcher and warming its caches costs more than a whole query)."""

    def __init__(self, index_dir: str):
        self.index_dir = index_dir
        self.lock = threading.Lock()
        self.path = None
        self.ix = None
        self.checked = 0.0
        self.local = threading.local()

    def searcher(self):
        ix = self.get()
        if ix is None:
            return None
        cached = getattr(self.local, "searcher", None)
        if cached is not None and cached[0] is ix:
            return cached[1]
        if cached is not None:
            cached[1].close()
        s = ix.searcher(weighting=search.WEIGHTING)
        self.local.searcher = (ix, s)
        return s

    def get(self):
        now = time.monotonic()
        if self.ix is not None and now - self.checked < POINTER_CHECK_SECONDS:
            return self.ix
        with self.lock:
            self.checked = now
            path = indexing.current_dir(self.index_dir)
            if self.ix is None or path != self.path:
                new_path, ix = indexing.open_current(self.index_dir)
                if ix is not None:
                    self.path, self.ix = new_path, ix
            return self.ix


def _handle(app) -> _IndexHandle:
    ext = app.extensions.setdefault("rulebook_index", {})
    handle = ext.get("handle")
    if handle is None or handle.index_dir != app.config["INDEX_DIR"]:
        handle = ext["handle"] = _IndexHandle(app.config["INDEX_DIR"])
    return handle


def get_searcher():
    """The request's Whoosh searcher: this thread's shared one, refreshed when a rebuild
    swaps the index in. Kept on `g` for the request; it is never a writer."""
    if "rules_searcher" not in g:
        s = _handle(current_app._get_current_object()).searcher()
        if s is None:
            raise ApiError(
                503,
                "index_unavailable",
                "The rules index is not built yet: run `flask --app app index build`.",
            )
        g.rules_searcher = s
    return g.rules_searcher


def close_searcher(e=None):
    # the searcher belongs to the thread, not the request: only forget it here
    g.pop("rules_searcher", None)


def index_ok(app) -> bool:
    """True when the search index in app.config["INDEX_DIR"] is built from the present
    rulebooks and opens. Cheap enough for a health check."""
    try:
        return indexing.is_current(app.config["INDEX_DIR"]) and _handle(app).get() is not None
    except Exception:  # a health check reports, it does not raise
        return False


def index_health(app) -> dict:
    """{"ok": True}, or the fault: not built, or damaged (it is opened afresh and every stored
    passage read, which finds a garbled file: ~50 ms, so done once per state of the build's files;
    any write to them changes their size, mtime or ctime and the next health reads them again).
    While the files are as they were when last found sound, the index is not opened at all."""
    if not indexing.is_current(app.config["INDEX_DIR"]):
        return {"ok": False, "fault": "index_unavailable",
                "message": "the rules index is not built from the present rulebooks"}
    ext = app.extensions.setdefault("rulebook_index", {})
    try:
        files = _files_state(indexing.current_dir(app.config["INDEX_DIR"]))
        if ext.get("verified") != files:
            path, ix = indexing.open_current(app.config["INDEX_DIR"])
            try:
                files = _files_state(path)
                with ix.searcher() as searcher:
                    if sum(1 for _ in searcher.all_stored_fields()) != searcher.doc_count():
                        raise ValueError("stored passages and document count disagree")
                    searcher.search(whoosh_query.Every(), limit=1)
            finally:
                ix.close()
    except Exception as error:  # health reports a damaged index, it does not raise
        return {"ok": False, "fault": "index_damaged", "message": str(error)[:200]}
    ext["verified"] = files  # an immutable tuple, swapped whole
    return {"ok": True}


def _files_state(path) -> tuple:
    """(name, size, mtime, ctime) of each file of the build, sorted by name."""
    state = []
    for entry in path.iterdir():
        if entry.is_file():
            st = entry.stat()
            state.append((entry.name, st.st_size, st.st_mtime_ns, st.st_ctime_ns))
    return tuple(sorted(state))


# --- input ---------------------------------------------------------------------------------


def _arg_game(required: bool = False) -> str | None:
    game = request.args.get("game", "").strip()
    if not game:
        if required:
            raise ApiError(400, "bad_request", "Choose a game.", "game")
        return None
    if game not in corpus.GAME_IDS:
        raise ApiError(
            404,
            "not_found",
            f"Unknown game {game[:40]!r}; known games: {', '.join(corpus.GAME_IDS)}.",
            "game",
        )
    return game


def _arg_q() -> str:
    q = request.args.get("q", "")
    if not search.clean_query(q):
        raise ApiError(400, "bad_request", "Type a question to search the rules.", "q")
    if len(q) > search.MAX_QUERY_CHARS:
        raise ApiError(
            400,
            "bad_request",
            f"The question is too long: at most {search.MAX_QUERY_CHARS} characters.",
            "q",
        )
    return q


def _arg_limit() -> int:
    raw = request.args.get("limit", "").strip()
    if not raw:
        return DEFAULT_LIMIT
    if not raw.isascii() or not raw.isdigit() or not 1 <= int(raw) <= MAX_LIMIT:
        raise ApiError(
            400, "bad_request", f"limit must be a whole number from 1 to {MAX_LIMIT}.", "limit"
        )
    return int(raw)


def _game_or_404(game: str) -> dict:
    try:
        return corpus.game_meta(game)
    except KeyError:
        raise ApiError(404, "not_found", f"Unknown game {game[:40]!r}.", "game") from None


# --- JSON ----------------------------------------------------------------------------------


def hit_json(h: search.Hit) -> dict:
    return {
        "game": h.game,
        "section_id": h.section_id,
        "passage_id": h.passage_id,
        "title": h.title,
        "section_path": list(h.path),
        "section_path_text": h.path_text,
        "text": h.text,
        "highlight": h.fragment,
        "answer": {"text": h.answer, "start": h.answer_start, "end": h.answer_end},
        "score": h.score,
        "url": h.url,
        "passage_url": h.passage_url,
    }


def section_json(s: sections.Section, with_children: bool = True) -> dict:
    out = {
        "id": s.id,
        "game": s.game,
        "title": s.title,
        "path": list(s.path),
        "path_text": s.path_text,
        "level": s.level,
        "parent_id": s.parent_id,
        "body": s.body,
        "url": sections.section_url(s.game, s.id),
    }
    if with_children:
        out["children"] = [section_json(c) for c in sections.children_of(s.game, s.id)]
    return out


def game_json(game_id: str) -> dict:
    meta = corpus.game_meta(game_id)
    return {**meta, "sections": len(sections.sections_for(game_id)), "url": f"/rules/{game_id}"}


@api.get("/games")
def games():
    return jsonify({"games": [game_json(gid) for gid in corpus.GAME_IDS]})


NOT_COVERED = "The rulebook doesn't seem to cover this."


def run_search(q: str, game: str | None, limit: int) -> search.SearchResult:
    """Search the game's rulebook, or, without a game, the one the question is about. A search
    that fails on a damaged index is a 503 naming it (and the index is opened afresh next time,
    so a rebuild or a repaired copy serves again without a restart)."""
    try:
        return search.search(get_searcher(), q, game, limit, detect=True)
    except ApiError:
        raise
    except Exception:
        app = current_app._get_current_object()
        if index_health(app)["ok"]:
            raise
        app.extensions["rulebook_index"].pop("handle", None)
        raise ApiError(503, "index_damaged", "The rules index is damaged: rebuild it with "
                       "`flask --app app index rebuild`.") from None


@api.get("/rules/search")
def rules_search():
    q = _arg_q()
    game = _arg_game()
    limit = _arg_limit()
    res = run_search(q, game, limit)
    return jsonify(
        {
            "query": res.query,
            "corrected_query": res.corrected,
            "game": res.game,
            "game_detected": res.detected,
            "answered": res.answered,
            "confidence": res.confidence,
            "message": None if res.answered else NOT_COVERED,
            "limit": limit,
            "count": len(res.hits),
            "results": [hit_json(h) for h in res.hits],
        }
    )


@api.get("/rules/<game>/sections/<section_id>")
def rules_section(game, section_id):
    _game_or_404(game)
    try:
        s = sections.get_section(game, section_id)
    except KeyError:
        raise ApiError(
            404, "not_found", f"No section {section_id[:80]!r} in {game}.", "section_id"
        ) from None
    return jsonify({"game": game, "section": section_json(s)})


# --- pages ---------------------------------------------------------------------------------


def _games_for_pages():
    return [game_json(gid) for gid in corpus.GAME_IDS]


@pages.get("/")
def home():
    return render_template("index.html", games=_games_for_pages(), q="", game=None)


@pages.get("/rules")
def rules_page():
    q = request.args.get("q", "")
    game = request.args.get("game", "").strip() or None
    error, res, status = None, None, 200
    try:
        if game is not None:
            _arg_game()
        if q.strip():
            res = run_search(_arg_q(), game, _arg_limit())
    except ApiError as e:
        error, status = e.message, e.status
    return (
        render_template(
            "rules/search.html",
            games=_games_for_pages(),
            q=q,
            game=game,
            result=res,
            error=error,
            titles={gid: corpus.game_meta(gid)["title"] for gid in corpus.GAME_IDS},
            not_covered=NOT_COVERED,
        ),
        status,
    )


@pages.get("/rules/<game>")
def rules_book(game):
    try:
        meta = corpus.game_meta(game)
    except KeyError:
        return (
            render_template(
                "rules/search.html",
                games=_games_for_pages(),
                q="",
                game=None,
                result=None,
                error=f"Unknown game {game[:40]!r}.",
            ),
            404,
        )
    return render_template(
        "rules/book.html",
        meta=meta,
        game=game,
        q="",
        games=_games_for_pages(),
        sections=sections.sections_for(game),
        passages=_passages_by_section(game),
    )


def _passages_by_section(game: str) -> dict[str, list]:
    out: dict[str, list] = {}
    for p in sections.passages_for(game):
        out.setdefault(p.section_id, []).append(p)
    return out


# --- CLI -----------------------------------------------------------------------------------


index_cli = AppGroup("index", help="Build the rules search index.")


def _progress(game, n, done, total, err=False):
    click.echo(f"  {game:<18} {n:>4} passages   [{done}/{total}]", err=err)


@index_cli.command("build", help="Build the index if it is missing or stale.")
def build_command():
    index_dir = current_app.config["INDEX_DIR"]
    if indexing.is_current(index_dir):
        click.echo(f"Index is up to date in {index_dir}.")
        return
    click.echo(f"Building the rules index in {index_dir} ...")
    t = time.perf_counter()
    built = indexing.build(index_dir, progress=_progress)
    verb = "Built" if built else "Another process built"
    click.echo(f"{verb} the index in {time.perf_counter() - t:.1f}s.")


@index_cli.command("rebuild", help="Rebuild the index from scratch, showing progress.")
def rebuild_command():
    index_dir = current_app.config["INDEX_DIR"]
    click.echo(f"Rebuilding the rules index in {index_dir} ...")
    t = time.perf_counter()
    indexing.build(index_dir, progress=_progress, force=True)
    click.echo(f"Rebuilt the index in {time.perf_counter() - t:.1f}s.")


def init_app(app):
    """Register the API, the pages and the `index` CLI; make sure the index is current."""
    app.register_blueprint(api)
    app.register_blueprint(pages)
    app.teardown_appcontext(close_searcher)
    app.cli.add_command(index_cli)
    if app.config.get("INDEX_AUTO_BUILD", True):
        index_dir = app.config["INDEX_DIR"]
        try:
            if not indexing.is_current(index_dir):
                click.echo(f"Rules index missing or stale: building it in {index_dir} ...", err=True)
                indexing.build(index_dir, progress=lambda *a: _progress(*a, err=True))
        except OSError as e:  # a read-only deployment still serves pages; search says 503
            app.logger.warning("rules index not built: %s", e)
    if app.config.get("INDEX_WARM", not app.testing):  # tests make many apps: opt in there
        _warm(app)


def _warm(app) -> None:
    """Load the spelling vocabulary and glossaries, and warm this thread's searcher, so the
    first questions after start-up are not the slow ones."""
    search.warm()
    try:
        s = _handle(app).searcher()
        if s is not None:
            search.warm(s)
        gc.collect()  # collect now what warming allocated, not during the first requests
        gc.freeze()  # and keep the long-lived caches out of later full collections
    except Exception as e:  # warming is an optimisation: never stop the app starting
        app.logger.warning("rules index not warmed: %s", e)
