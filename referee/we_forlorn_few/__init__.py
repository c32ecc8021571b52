"""We Forlorn Few — the referee (`game`), its standings (`scoring`) and its cards as data."""

from .game import Game

__all__ = ["Game"]
