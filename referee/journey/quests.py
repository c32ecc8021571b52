"""The Quest hooks: what a Quest may add to the core game (issue 14 fills them in).

A Quest is a class with class methods the core calls at fixed points: `setup` (its opening layout
and special decks, applied to G), `on_maintenance` / `on_end_of_turn` (its timers), `on_phase` (each
phase the referee enters), `after_event` (after every accepted event: the Victory and Defeat checks,
which call `game.end_game(outcome, text, quote)`), `on_pilgrim_down` / `on_pilgrim_dead` /
`on_demon_removed`, `can_seal_gates` (raise the Quest's RuleViolation to forbid), and
`ends_on_tripitaka` (when Tripitaka's fall ends it). `FreePlay` is the core game with no Quest
rules: the table reports the Quest's own result with `quest_result`.
"""

from __future__ import annotations


class FreePlay:
    title = "No Quest rules (the table checks the Quest's conditions)"

    @classmethod
    def setup(cls, G: dict, options: dict) -> None:
        return None

    @classmethod
    def on_maintenance(cls, game) -> None:
        return None

    @classmethod
    def on_end_of_turn(cls, game) -> None:
        return None

    @classmethod
    def on_phase(cls, game, phase: str) -> None:
        return None

    @classmethod
    def after_event(cls, game) -> None:
        return None

    @classmethod
    def on_pilgrim_down(cls, game, pilgrim: str) -> None:
        return None

    @classmethod
    def on_pilgrim_dead(cls, game, pilgrim: str) -> None:
        return None

    @classmethod
    def on_demon_removed(cls, game, demon: str, how: str) -> None:
        return None

    @classmethod
    def can_seal_gates(cls, game) -> bool:
        return True

    @classmethod
    def ends_on_tripitaka(cls, game) -> str:
        """"defeated" (0 Health Points) or "killed" (dead): the free-play table ruling."""
        return game.option("tripitaka_defeat")


QUESTS = {"free": FreePlay}
