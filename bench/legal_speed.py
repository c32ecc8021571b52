"""`legal()` in every game, in-process: the CPU time of each game's `legal()` at every position of
random games (issue 16's target: p50 <= 2 ms in every game).

Each game is played from what its `legal()` lists, the fields a table types in (dice, cards
drawn, distances) filled by the same functions its random-play tests use, so the positions are the
ones those tests reach: usually right, sometimes wrong (a refused event is retried with another
choice; refusals are not timed). `legal()` is timed once at each position, by CPU time (it moves
far less with the machine's load than wall time). Avignon's games are bench/referee_speed.py's.

    .venv/bin/python bench/legal_speed.py [games per game, default 20]
"""

import random
import statistics
import sys
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.referee_speed import percentile  # noqa: E402
from referee import referees  # noqa: E402
from referee.core import BadRequest, RuleViolation, engine  # noqa: E402
from tests import test_journey_random as journey  # noqa: E402
from tests import test_pilgrims as pilgrims  # noqa: E402
from tests import test_pillars_of_fate_random as pillars  # noqa: E402
from tests import test_we_forlorn_few_random as forlorn  # noqa: E402

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 20
STEPS = 400  # events a game at most
TRIES = 20  # filled events tried at a position before the game is left there


def pillars_setup(rng):
    options = {name: rng.choice(values) for name, values in pillars.RULINGS.items()}
    return {"players": ["Ana", "Ben"], "options": options}


# per game: the setup body of a random game, and how a listed event gets its open fields filled
# (None: leave it out and choose again)
PLAYS = {
    "avignon": (lambda rng: referees()["avignon"].example_setup, lambda event, model, rng: event),
    "journey": (lambda rng: journey.SETUP, journey.fill),
    "pillars-of-fate": (pillars_setup, lambda event, model, rng: pillars.fill(event, rng, model)),
    "we-forlorn-few": (forlorn.setup_for, lambda event, model, rng:
                       forlorn.fill(rng, model, event) if "open" in event else event),
}


def play(model, fill, rng, timings: list[float]) -> int:
    """A random game on from `model`; `legal()`'s CPU ms at each position appended to `timings`.
    Returns the events played."""
    played = 0
    for _step in range(STEPS):
        if model.game_over:
            break
        started = time.process_time()
        listed = model.legal()
        timings.append((time.process_time() - started) * 1000)
        if not listed:
            break
        for _try in range(TRIES):
            event = fill(rng.choice(listed), model, rng)
            if event is None:
                continue
            try:
                engine.apply(model, event)
                played += 1
                break
            except (RuleViolation, BadRequest):
                continue
        else:
            break
    return played


def setup_of(game, body):
    return body if isinstance(body, engine.Setup) else engine.check_setup(game, body)


def measured(game_id: str) -> tuple[list[float], int]:
    game, timings, played = referees()[game_id], [], 0
    if game_id == "pilgrims":  # its fill draws from hypothesis strategies
        @settings(max_examples=GAMES, database=None, derandomize=True, deadline=None,
                  suppress_health_check=list(HealthCheck))
        @given(st.data(), st.sampled_from([("Ann",), ("Ann", "Bob"), ("Ann", "Bob", "Cat", "Dan")]))
        def pilgrims_game(data, players):
            nonlocal played
            rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
            played += play(pilgrims.start(players),
                           lambda event, model, rng: pilgrims.fill(data.draw, model, event),
                           rng, timings)

        pilgrims_game()
        return timings, played
    body_of, fill = PLAYS[game_id]
    for seed in range(GAMES):
        rng = random.Random(seed)
        played += play(engine.start(game, setup_of(game, body_of(rng))), fill, rng, timings)
    return timings, played


def main() -> None:
    print(f"legal() CPU time at every position of {GAMES} random games a game (at most {STEPS} "
          "events each); target p50 <= 2 ms in every game")
    for game_id in referees():
        timings, played = measured(game_id)
        print(f"{game_id:16} {len(timings):6} positions ({played} events): p50 "
              f"{statistics.median(timings):.2f} ms, p90 {percentile(timings, 0.9):.2f}, p99 "
              f"{percentile(timings, 0.99):.2f}, max {max(timings):.2f}")


if __name__ == "__main__":
    main()
