"""Pillars of Fate: whole random games from the Divine draft to the end of Age III, every value the
table enters drawn at random (cards, quests, modifiers, tie choices, table rulings): legal play
never raises, every game ends, renown is the sum of its cited lines, replay is deterministic and
undo restores the exact state."""

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core import engine
from referee.core.rules import RuleViolation
from referee.pillars_of_fate import Game
from referee.pillars_of_fate.rules import DIVINE_NAMES, MODIFIERS, OPTIONS

RULINGS = {name: option.schema["enum"] for name, option in OPTIONS.items()
           if "enum" in option.schema}


def fill(event, rng, model):
    """A legal event with its open fields filled as a table would."""
    event = dict(event)
    for field in event.pop("open", []):
        if field == "power":
            event[field] = rng.randint(-1, 9)
        elif field in ("feathers", "scorpions"):
            event[field] = rng.randint(0, 2)
        elif field == "kept":  # the 3 cards dealt: distinct names (ruling divine_duplicates)
            event["kept"], *event["passed"] = rng.sample(DIVINE_NAMES, 3)
        elif field == "passed":
            continue
        elif field == "quests":
            event[field] = [{"feather": rng.randint(-3, 6), "scorpion": rng.randint(-3, 6)}
                            for _ in range(3)]
        elif field == "modifier":
            used = model.G["modifiers_used"] + ([model.G["modifier"]]
                                                if model.G["age_over"] else [])
            event[field] = rng.choice([m for m in MODIFIERS if m not in used])
        elif field == "first_player":
            event[field] = rng.choice(["sun", "moon"])
    if event["type"] == "play" and not event.get("divine") and rng.random() < 0.3:
        hand = model.G["hands"][event["player"]]
        due = min(5 - hand["count"] + 1, model.G["decks"][event["player"]])
        event["drawn"] = [{"power": rng.randint(0, 9), "feathers": rng.randint(0, 2),
                           "scorpions": rng.randint(0, 2)} for _ in range(max(0, due))]
    return event


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_whole_games_end_replay_and_undo_exactly(seed):
    rng = random.Random(seed)
    options = {name: rng.choice(values) for name, values in RULINGS.items()}
    setup = engine.check_setup(Game, {"players": ["Ana", "Ben"], "options": options})
    model = engine.start(Game, setup)
    played = []
    for _step in range(200):
        if model.game_over:
            break
        legal = model.legal()
        assert legal, (model.phase, model.G)
        event = fill(rng.choice(legal), rng, model)
        before = copy.deepcopy(model.G), model.phase
        engine.apply(model, event)
        played.append(event)
        if rng.random() < 0.05:  # undo = replay of the events before it
            undone = engine.replay(Game, setup, played[:-1])
            assert (undone.G, undone.phase) == before
    assert model.game_over and len(model.G["ages"]) == 3
    assert model.G["renown"] == {
        seat: sum(line["points"] for age in model.G["ages"] for line in age["lines"]
                  if line["seat"] == seat) for seat in ("sun", "moon")}
    # Nobody wins only where the book names nobody: renown and pillars tied under no_winner.
    assert model.scores()["winners"] or (options["tie_past_pillars"] == "no_winner"
                                         and len(set(model.G["renown"].values())) == 1)
    replayed = engine.replay(Game, setup, played)
    assert replayed.G == model.G and replayed.phase == model.phase


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_legal_play_is_accepted_and_a_refused_one_changes_nothing(seed):
    rng = random.Random(seed)
    setup = engine.check_setup(Game, Game.example_setup)
    model = engine.start(Game, setup)
    for _step in range(30):
        if model.phase != "turns":
            break
        legal = [e for e in model.legal() if "open" not in e]
        if not legal:
            break
        wrong = {**rng.choice(legal), "lane": rng.choice(["left", "center", "right"]),
                 "face": rng.choice(["up", "down"])}
        if wrong not in legal:
            before = copy.deepcopy(model.G)
            try:
                engine.apply(model, wrong)
            except RuleViolation:
                assert model.G == before
            else:
                raise AssertionError(f"accepted but not offered: {wrong}")
            continue
        engine.apply(model, rng.choice(legal))
