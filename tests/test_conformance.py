"""One conformance test for every registered game (OpenSpiel style): random play from `legal()`.

Every event `legal()` offers is accepted; `legal()` and `scores()` change nothing and the scores
have the shape every game shares; a game restored
from its JSON snapshot is the same game as one played on; replaying the events reproduces the state.
"""

import copy
import json
import random

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import referees
from referee.core import engine
from referee.core.rules import SCORES_SCHEMA

GAMES = referees()
STEPS = 120


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_legal_play_is_accepted_deterministic_and_restorable(game_id, seed):
    game = GAMES[game_id]
    rng = random.Random(seed)
    setup = engine.check_setup(game, game.example_setup)
    model = engine.start(game, setup)
    played = []
    for _step in range(STEPS):
        if model.game_over:
            break
        before = copy.deepcopy(model.G)
        choices = [event for event in model.legal() if "open" not in event]
        jsonschema.validate(model.scores(), SCORES_SCHEMA)
        assert model.G == before, "legal() or scores() changed the state"
        if not choices:
            break
        event = rng.choice(choices)
        engine.apply(model, event)
        played.append(event)

        restored = engine.restore(game, setup, json.loads(json.dumps(model.snapshot())))
        assert restored.G == model.G and restored.phase == model.phase
        assert restored.legal() == model.legal()

    replayed = engine.replay(game, setup, played)
    assert replayed.G == model.G and replayed.phase == model.phase
