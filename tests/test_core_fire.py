"""A model's `trigger` (`rules.fire`) runs the transitions of flat phases itself instead of through
`transitions`' own trigger: in every game it must do exactly what the machine does — the same
verdict, the same refusal (message and rule), the same state and effects — for legal events and
for events refused in every way (each event type's example entered by each seat at each step of
random games), with the triggers the game's callbacks fire themselves."""

import copy
import functools
import random

import pytest

from referee import referees
from referee.avignon import Game as Avignon
from referee.core import BadRequest, RuleViolation, engine

GAMES = referees()
STEPS = 40


def outcome(model, event):
    """What `engine.apply` makes of `event` on `model`: (accepted or the refusal, effects, G,
    phase)."""
    try:
        effects = engine.apply(model, copy.deepcopy(event), disposable=True)
        verdict = ("accepted", [(e.text, e.citation) for e in effects])
    except RuleViolation as refused:
        verdict = ("refused", refused.message, refused.citation, refused.also)
    except BadRequest as bad:
        verdict = ("bad request", bad.message, bad.field)
    return verdict, model.G, model.phase


def twin(game, setup, model, through_transitions=False):
    """A new model in the state of `model`; `through_transitions`: its `trigger` is the machine's
    own, as `transitions` binds it."""
    copied = game(setup.players, setup.options, copy.deepcopy(model.G), model.phase)
    if through_transitions:
        copied.trigger = functools.partial(copied.machine._get_trigger, copied)
    return copied


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_fire_does_what_the_machine_does(game_id, seed):
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
            ours, theirs = twin(game, setup, model), twin(game, setup, model, True)
            assert outcome(ours, event) == outcome(theirs, event), event
        engine.apply(model, chosen)



def test_an_avignon_action_and_the_draw_it_calls_for_are_fired_without_transitions(monkeypatch):
    model = engine.start(Avignon, engine.check_setup(Avignon, Avignon.example_setup))
    monkeypatch.setattr(type(model.machine), "trigger_event", None)  # called: a TypeError
    engine.apply(model, {"type": "excommunicate", "player": "rome", "path": 1})
    assert model.phase == "draw"  # the machine's `await_draw`, external, fired by the callback
    assert model.G["board"][0]["character"] is None
