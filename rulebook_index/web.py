"""The thin Flask layer of the rulebook index (work in progress: routes land next)."""


def index_ok(app) -> bool:
    """True when the search index in app.config["INDEX_DIR"] is built and current."""
    return False


def init_app(app):
    pass
