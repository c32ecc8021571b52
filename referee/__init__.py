"""The referees: one module per game, standing on `referee.core`.

Plain Python: nothing in this package but `web.py` touches Flask.
"""

from importlib import import_module

GAME_MODULES = ("avignon", "pilgrims")


def referees() -> dict:
    """{game_id: Referee subclass} for every game that has a referee."""
    found = {}
    for name in GAME_MODULES:
        module = import_module(f"referee.{name}")
        found[module.Game.game_id] = module.Game
    return found
