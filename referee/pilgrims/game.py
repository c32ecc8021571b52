"""Pilgrims: Curious Adventures — the referee."""

from __future__ import annotations

from typing import ClassVar

from referee.core import Referee

from . import scoring


class Game(Referee):
    game_id = "pilgrims"
    title = "Pilgrims: Curious Adventures"
    min_players = 1
    max_players = 4
    seats = ("p1", "p2", "p3", "p4")
    score_schema: ClassVar[dict] = scoring.score_schema

    @classmethod
    def score(cls, tallies: dict) -> dict:
        return scoring.score(tallies)
