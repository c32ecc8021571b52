"""The referees: one module per game, standing on `referee.core`.

A game module defines `Game`, a `referee.core.Referee` subclass; every such module in this package
is registered. Plain Python: only `web.py` (the JSON API) and `pages.py` (the HTML pages) touch
Flask.
"""

import pkgutil
from importlib import import_module

NOT_GAMES = {"core", "web", "pages", "data", "campaign_api"}


def referees() -> dict:
    """{game_id: Referee subclass} for every game that has a referee."""
    found = {}
    for module_info in pkgutil.iter_modules(__path__):
        if module_info.name in NOT_GAMES:
            continue
        game = import_module(f"{__name__}.{module_info.name}").Game
        found[game.game_id] = game
    return dict(sorted(found.items()))
