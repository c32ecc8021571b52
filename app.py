"""Tableside: the Flask application factory.

`flask --app app run` finds `create_app` itself; importing this module has no side effects.
"""

import os

from flask import Flask, jsonify, request
from werkzeug.exceptions import HTTPException


def create_app(test_config=None):
    app = Flask(__name__, instance_relative_config=True)
    app.config.from_mapping(
        SECRET_KEY=os.environ.get("SECRET_KEY", "dev"),
        DATABASE_URL=os.environ.get("DATABASE_URL")
        or "sqlite:///" + os.path.join(app.instance_path, "tableside.sqlite"),
        INDEX_DIR=os.path.join(app.instance_path, "index"),
        MAX_CONTENT_LENGTH=64 * 1024,
    )
    if test_config is not None:
        app.config.update(test_config)
    os.makedirs(app.instance_path, exist_ok=True)

    from rulebook_index import web as rules_web

    rules_web.init_app(app)

    from referee import web as referee_web

    referee_web.init_app(app)

    from referee import pages

    pages.init_app(app)

    @app.get("/api/health")
    def health():
        checks = {"index": rules_web.index_ok(app), "database": referee_web.db_ok(app)}
        return jsonify({"ok": all(checks.values()), **checks}), 200 if all(checks.values()) else 503

    @app.errorhandler(HTTPException)
    def http_error_as_json_on_api(exc: HTTPException):
        """Every error under /api/ is JSON: {"error": {"code", "message"}}."""
        if not request.path.startswith("/api/"):
            return pages.error_page(exc)
        code = (exc.name or "error").lower().replace(" ", "_")
        message = exc.description or exc.name
        if exc.code == 413:
            message = f"the body is larger than {app.config['MAX_CONTENT_LENGTH'] // 1024} KiB"
        return jsonify({"error": {"code": code, "message": message}}), exc.code

    return app
