"""Journey: Wrath of Demons — the referee of a cooperative game (see game.py)."""

from .game import Game

__all__ = ["Game"]
