"""Tableside: the Flask application factory.

`flask --app app run` finds `create_app` itself; importing this module has no side effects.
"""

import os

from flask import Flask


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

    return app
