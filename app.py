"""Tableside: the Flask application factory, and (hardening.py) what a server on a network needs
around it.

`flask --app app run` finds `create_app` itself; importing this module has no side effects.
Configuration: the environment variables in the README's table, any `FLASK_<NAME>` variable
(Flask's prefixed environment: `FLASK_RATELIMIT_ENABLED=false`), then `test_config`.
"""

import os

from flask import Flask, jsonify, request
from flask.globals import request_ctx
from werkzeug.exceptions import HTTPException
from werkzeug.middleware.proxy_fix import ProxyFix

import hardening

# the largest body a request may carry (an import may carry MAX_IMPORT_BYTES); gunicorn.conf.py
# reads it too
MAX_CONTENT_LENGTH = 64 * 1024


def create_app(test_config=None):
    app = Flask(__name__, instance_relative_config=True)
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.from_mapping(
        DATABASE_URL=os.environ.get("DATABASE_URL")
        or "sqlite:///" + os.path.join(app.instance_path, "tableside.sqlite"),
        INDEX_DIR=os.path.join(app.instance_path, "index"),
        # where phones reach this server, e.g. http://192.168.1.20:5000: links and QR codes use
        # it whatever Host a request names
        PUBLIC_URL=os.environ.get("PUBLIC_URL") or None,
        # Host names accepted (comma-separated) when PUBLIC_URL is unset; unset: loopback names
        # and IP addresses only
        TRUSTED_HOSTS=[h.strip() for h in os.environ["TRUSTED_HOSTS"].split(",")]
        if os.environ.get("TRUSTED_HOSTS") else None,
        PROXY_FIX=int(os.environ.get("PROXY_FIX", "0")),  # proxies in front that set X-Forwarded-*
        MAX_CONTENT_LENGTH=MAX_CONTENT_LENGTH,
        MAX_IMPORT_BYTES=8 * 1024 * 1024,
        MAX_LOG_ENTRIES=20_000,
        # events an import not signed by this deployment may apply to check its log (undos'
        # replays included); a signed export is restored from its own states, not replayed
        MAX_IMPORT_REPLAY=2_000,
        DATABASE_LOCK_TIMEOUT=5.0,  # seconds a write waits for another writer's lock
        DATABASE_STATEMENT_TIMEOUT=15.0,  # seconds one PostgreSQL statement may run
        # FULL: an acknowledged event survives a power cut; NORMAL: only the server being killed
        # (faster writes on a slow disk; docs/deployment.md)
        DATABASE_SQLITE_SYNCHRONOUS="FULL",
        # /api/health tries a write at most once in this many seconds while all is well (a fault a
        # request met is checked at once)
        HEALTH_WRITE_INTERVAL=1.0,
        RATELIMIT_CREATE="30/minute;300/day",  # games created, per client address
        RATELIMIT_IMPORT="10/minute;100/day",
        RATELIMIT_WRITE="240/minute",  # events, undo, redo, per client address
        RATELIMIT_SEARCH="240/minute",
    )
    app.config.from_prefixed_env()
    if test_config is not None:
        app.config.update(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = hardening.secret_key(app.instance_path)
    if app.config["PROXY_FIX"]:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=app.config["PROXY_FIX"],
                                x_proto=app.config["PROXY_FIX"], x_host=app.config["PROXY_FIX"])
    if app.config["PUBLIC_URL"]:
        hardening.serve_at(app, app.config["PUBLIC_URL"])

    from rulebook_index import web as rules_web

    rules_web.init_app(app)

    from referee import web as referee_web

    referee_web.init_app(app)

    from referee import pages

    pages.init_app(app)

    hardening.init_app(app)

    @app.get("/api/health")
    def health():
        """The truth about the two things a request needs: the rules index and the database (a
        write is tried). 503 naming the fault when either is broken."""
        index = rules_web.index_health(app)
        database = referee_web.db_health(app)
        ok = index["ok"] and database["ok"]
        return jsonify({"ok": ok, "index": index, "database": database}), 200 if ok else 503

    @app.errorhandler(HTTPException)
    def http_error_as_json_on_api(exc: HTTPException):
        """Every error under /api/ is JSON: {"error": {"code", "message"}}."""
        if not request.path.startswith("/api/"):
            if request_ctx.url_adapter is None:  # a Host no URL can be built for (a label over
                return exc  # 63 characters): werkzeug's plain page, the styled one needs links
            return pages.error_page(exc)
        code = (exc.name or "error").lower().replace(" ", "_")
        message = exc.description or exc.name
        if exc.code == 413:
            limit = request.max_content_length or app.config["MAX_CONTENT_LENGTH"]
            message = f"the body is larger than {limit // 1024} KiB"
        response = jsonify({"error": {"code": code, "message": message}})
        response.status_code = exc.code
        for name, value in exc.get_headers():
            if name.lower() != "content-type":
                response.headers[name] = value
        return response

    return app
