"""Random Avignon games played only from `legal()`: no listed event is ever refused, the twelve
cards are always all accounted for, and every game that ends has exactly one winner."""

import copy
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import avignon as A
from referee.avignon import Game
from referee.core import RuleViolation, engine

MAX_EVENTS = 300

rulings = st.fixed_dictionaries(
    {name: st.sampled_from(option.schema["enum"]) if "enum" in option.schema else st.booleans()
     for name, option in Game.options.items()}
)


def cards_accounted_for(G):
    seen = [row["character"] for row in G["board"] if row["character"]]
    seen += G["discard"] + G["congregations"]["rome"] + G["congregations"]["avignon"]
    for name in A.CHARACTERS:
        assert seen.count(name) + G["deck"][name] == A.COPIES, name


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=rulings, data=st.data())
def test_random_legal_play_never_errs_and_ends_with_one_winner(options, data):
    body = {"game": "avignon", "players": ["Rosa", "Aldo"], "options": options}
    model = engine.start(Game, engine.check_setup(Game, body))
    for _ in range(MAX_EVENTS):
        if model.game_over:
            break
        legal = model.legal()
        assert legal, "a game in progress always has something to do"
        event = data.draw(st.sampled_from(legal))
        engine.apply(model, event)
        cards_accounted_for(model.G)
    if model.game_over:
        scores = model.scores()
        assert model.G["winner"] in A.SEATS
        assert scores["winners"] == [model.G["winner"]] and scores["decided_by"]["text"]
        assert model.legal() == []


def accepted_by_the_engine(model, event) -> bool:
    trial = engine.restore(Game, engine.Setup(model.players, model.table_options),
                           copy.deepcopy(model.snapshot()))
    try:
        engine.apply(trial, event)
        return True
    except RuleViolation:
        return False


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=rulings, data=st.data())
def test_legal_lists_exactly_the_candidates_the_engine_accepts(options, data):
    """legal() prunes and dry-runs instead of applying each candidate: it must still agree with
    applying every candidate for real, at every position of a random game."""
    body = {"game": "avignon", "players": ["Rosa", "Aldo"], "options": options}
    model = engine.start(Game, engine.check_setup(Game, body))
    for _ in range(60):
        if model.game_over:
            break
        legal = model.legal()
        if model.phase == "actions" and legal[0]["type"] != "end_turn":
            candidates = list(model._candidates())
            expected = [e for e in candidates if accepted_by_the_engine(model, e)]
            key = lambda e: json.dumps(e, sort_keys=True)  # noqa: E731
            assert sorted(map(key, legal)) == sorted(map(key, expected))
        engine.apply(model, data.draw(st.sampled_from(legal)))
