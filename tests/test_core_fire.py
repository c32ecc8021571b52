"""`engine.fire` calls a trigger's internal transitions itself instead of through `transitions`:
in every game it must do exactly what `model.trigger` does — the same verdict, the same refusal
(message and rule), the same state and effects — for legal events and for events refused in
every way (each event type's example entered by each seat at each step of random games)."""

import copy
import random

import pytest

from referee import referees
from referee.avignon import Game as Avignon
from referee.core import BadRequest, RuleViolation, engine

GAMES = referees()
STEPS = 40


def outcome(model, event, through_transitions, monkeypatch):
    """What `engine.apply` makes of `event` on `model`: (accepted or the refusal, effects, G,
    phase), with `fire` as it is or replaced by `model.trigger`."""
    with monkeypatch.context() as patch:
        if through_transitions:
            patch.setattr(engine, "fire", lambda model, kind, event: model.trigger(kind, event))
        try:
            effects = engine.apply(model, copy.deepcopy(event), disposable=True)
            verdict = ("accepted", [(e.text, e.citation) for e in effects])
        except RuleViolation as refused:
            verdict = ("refused", refused.message, refused.citation, refused.also)
        except BadRequest as bad:
            verdict = ("bad request", bad.message, bad.field)
    return verdict, model.G, model.phase


def twin(game, setup, model):
    return engine.restore(game, setup, copy.deepcopy(model.snapshot()))


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_fire_does_what_the_machine_does(game_id, seed, monkeypatch):
    game = GAMES[game_id]
    rng = random.Random(seed)
    setup = engine.check_setup(game, game.example_setup)
    model = engine.start(game, setup)
    seats = [player["seat"] for player in setup.players]
    for _step in range(STEPS):
        if model.game_over:
            break
        legal = [event for event in model.legal() if "open" not in event]
        if not legal:
            break
        chosen = rng.choice(legal)
        tries = [chosen, *({**kind.example, "player": seat}
                           for kind in game.event_types.values() for seat in seats)]
        for event in tries:
            ours, theirs = twin(game, setup, model), twin(game, setup, model)
            assert (outcome(ours, event, False, monkeypatch)
                    == outcome(theirs, event, True, monkeypatch)), event
        engine.apply(model, chosen)



def test_a_phase_with_an_internal_transition_is_fired_without_transitions(monkeypatch):
    model = engine.start(Avignon, engine.check_setup(Avignon, Avignon.example_setup))
    before, calls = copy.deepcopy(model.G), []
    monkeypatch.setattr(type(model.machine), "trigger_event",
                        lambda *args, **kwargs: calls.append(args[2]) or True)
    engine.apply(model, {"type": "beseech", "player": "rome", "path": 1})
    assert "beseech" not in calls
    assert model.G != before
