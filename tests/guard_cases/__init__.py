"""Refusals, one case each, that the guard walk (tests/test_guard_walk.py) plays through the API.

Each game has a module here named like its referee module (`avignon.py`, `pilgrims.py`,
`pillars_of_fate.py`, ...) with `CASES`: a list of `Case`. The walk starts the session, enters the
legal `events` first, then `attempt`, and asserts a 422 whose `error.rule.quote` is `quote`
(or one of `quote` when several sentences apply and the refusal quotes them all), and, when the
refusal quotes several sentences because it is unclear which one the player broke, `also`: the
others, which `error.rules` must list after it. `why` says why that
sentence, and not a nearby one, is the one the player broke: it is the audit trail of the citation.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Case:
    guard: str            # the @cites guard method, or a name for a refusal raised in a callback
    setup: dict           # the body of POST /api/sessions without "game": players, options, position
    attempt: dict         # the event the rules forbid
    quote: str | tuple    # the exact sentence the refusal must quote (a tuple: any of them)
    why: str              # why this sentence is the most specific one for what was attempted
    events: list = field(default_factory=list)  # legal events entered before the attempt
    also: tuple = ()      # the other sentences quoted with it (error.rules), most specific first
