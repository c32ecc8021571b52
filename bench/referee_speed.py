"""Referee speed, in-process: events/second over whole Avignon games, the time `legal()` takes at
every position of those games, POST …/events latency at a 300-entry history, and the time to replay a
1,000-event log.

Games are played from `legal()` with a seeded random choice, so runs are comparable. Where an event
would end the game before the wanted length, another legal event is chosen instead.

    .venv/bin/python bench/referee_speed.py          # everything
    .venv/bin/python bench/referee_speed.py legal    # only the legal() timing
"""

import copy
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app import create_app  # noqa: E402
from referee import referees  # noqa: E402
from referee.core import RuleViolation, engine  # noqa: E402

GAME = referees()["avignon"]
SETUP_BODY = GAME.example_setup


def play_events(count: int, seed: int, end_allowed: bool) -> list[dict]:
    """A log of `count` legal events, played at random from `legal()`.

    With `end_allowed`, the log stops where the game ends. Without it, a choice that would end the
    game early is taken back and another tried (depth-first), so that long logs can be had.
    """
    rng = random.Random(seed)
    setup = engine.check_setup(GAME, SETUP_BODY)
    model = engine.start(GAME, setup)
    events: list[dict] = []
    untried = [shuffled(model.legal(), rng)]  # per depth: the choices not yet tried there
    snapshots = [model.snapshot()]
    while len(events) < count and untried:
        if not untried[-1]:
            untried.pop()
            snapshots.pop()
            if events:
                events.pop()
            continue
        event = untried[-1].pop()
        restore_into(model, snapshots[-1])
        engine.apply(model, event)
        if model.game_over and not (end_allowed or len(events) + 1 == count):
            continue
        events.append(event)
        if model.game_over:
            break
        snapshots.append(model.snapshot())
        untried.append(shuffled(model.legal(), rng))
    return events


def shuffled(choices: list[dict], rng: random.Random) -> list[dict]:
    rng.shuffle(choices)
    return choices


def restore_into(model, snapshot: dict) -> None:
    model.reset(copy.deepcopy(snapshot["G"]), snapshot["phase"])


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def full_games(games: int = 30) -> None:
    logs = [play_events(10_000, seed, end_allowed=True) for seed in range(games)]
    setup = engine.check_setup(GAME, SETUP_BODY)
    started = time.perf_counter()
    for log in logs:
        engine.replay(GAME, setup, log)
    elapsed = time.perf_counter() - started
    total = sum(map(len, logs))
    print(f"full games: {games} games, {total} events, median {statistics.median(map(len, logs))} "
          f"events/game, {total / elapsed:,.0f} events/s in-process (engine.apply, no storage)")


def legal_timing(games: int = 30) -> None:
    """legal() at every position of `games` random games where an action is to be chosen (the
    draw positions list the cards left and cost nothing), each timed once: wall and CPU time."""
    logs = [play_events(10_000, seed, end_allowed=True) for seed in range(games)]
    setup = engine.check_setup(GAME, SETUP_BODY)
    wall, cpu = [], []
    for log in logs:
        model = engine.start(GAME, setup)
        for event in log:
            if model.phase == "actions":
                started, started_cpu = time.perf_counter(), time.process_time()
                model.legal()
                cpu.append((time.process_time() - started_cpu) * 1000)
                wall.append((time.perf_counter() - started) * 1000)
            engine.apply(model, event)
    for name, timings in (("wall", wall), ("CPU", cpu)):
        print(f"legal() at {len(timings)} action positions of {games} games, {name}: p50 "
              f"{statistics.median(timings):.2f} ms, p90 {percentile(timings, 0.9):.2f} ms, "
              f"p99 {percentile(timings, 0.99):.2f} ms, max {max(timings):.2f} ms "
              "(target p50 <= 2 ms)")


def replay_1000() -> None:
    log = play_events(1000, seed=7, end_allowed=False)
    setup = engine.check_setup(GAME, SETUP_BODY)
    timings = []
    for _ in range(10):
        started = time.perf_counter()
        engine.replay(GAME, setup, log)
        timings.append((time.perf_counter() - started) * 1000)
    print(f"replay of a {len(log)}-event log: median {statistics.median(timings):.1f} ms, "
          f"max {max(timings):.1f} ms (target < 200 ms)")


def post_latency(history: int = 300, samples: int = 200) -> None:
    """Wall time of POST …/events through the Flask test client after a `history`-event log, and
    the CPU time of each against that of a hello-world route of the same app (every middleware
    runs): CPU is what the HTTP ratio of bench/live_view.py is made of, and it moves far less
    with the machine's load than wall time does."""
    log = play_events(history + samples, seed=11, end_allowed=False)
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite",
                          "INDEX_DIR": f"{tmp}/index", "RATELIMIT_ENABLED": False})
        app.add_url_rule("/bench/hello", "bench_hello", lambda: "hello")
        client = app.test_client()
        game = client.post("/api/sessions", json=SETUP_BODY).get_json()
        auth = {"Authorization": f"Bearer {game['edit_token']}"}
        timings, cpu = [], []
        for seq, event in enumerate(log):
            started, started_cpu = time.perf_counter(), time.process_time()
            response = client.post(f"/api/sessions/{game['id']}/events", headers=auth,
                                   json={"event": event, "expected_seq": seq})
            elapsed = (time.perf_counter() - started) * 1000
            if response.status_code != 200:
                raise RuleViolation(f"event {seq} refused: {response.get_json()}")
            if seq >= history:
                timings.append(elapsed)
                cpu.append((time.process_time() - started_cpu) * 1000)
        hello = []
        for _ in range(1000):
            started_cpu = time.process_time()
            client.get("/bench/hello")
            hello.append((time.process_time() - started_cpu) * 1000)
    print(f"POST /events after a {history}-event history (SQLite, synchronous=FULL), "
          f"{len(timings)} samples: p50 {statistics.median(timings):.2f} ms, "
          f"p99 {percentile(timings, 0.99):.2f} ms (target p50 < 10 ms)")
    print(f"CPU per request in process: POST /events mean {statistics.mean(cpu):.2f} ms "
          f"(p50 {statistics.median(cpu):.2f}), hello-world mean {statistics.mean(hello):.2f} ms: "
          f"hello/POST {statistics.mean(hello) / statistics.mean(cpu):.2f}")


if __name__ == "__main__":
    if sys.argv[1:] == ["legal"]:
        legal_timing()
    else:
        full_games()
        legal_timing()
        replay_1000()
        post_latency()
