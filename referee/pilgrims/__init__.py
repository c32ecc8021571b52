"""Pilgrims: Curious Adventures — the referee (`game`), its scoring (`scoring`) and its cards as data."""

from .game import Game

__all__ = ["Game"]
