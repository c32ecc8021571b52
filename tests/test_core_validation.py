"""Events and setups are checked against their JSON Schemas by jsonschema-rs, and a refusal is
explained by jsonschema (engine.Validator): the two must agree on what is valid, for every schema a
game declares."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import referees
from referee.core import engine
from referee.core.rules import BadRequest

GAMES = referees()

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False,
                                                                      allow_infinity=False)
    | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.sampled_from(["type", "player", "path", "card", "seat", "x"])
                      | st.text(max_size=4), children, max_size=5),
    max_leaves=10,
)


def schemas():
    for game in GAMES.values():
        seats = game.seats_for(game.max_players)
        for kind, event_type in game.event_types.items():
            yield f"{game.game_id}:{kind}", event_type.schema(kind, seats), event_type.example


def mutations(example: dict):
    """The example, and what a phone could get wrong in it: a field missing, one unknown, each
    value replaced by a value of each other JSON type or an out-of-range number."""
    yield example
    yield {**example, "unknown": 1}
    for name, value in example.items():
        yield {key: item for key, item in example.items() if key != name}
        for wrong in (None, True, 1.5, 10**6, -1, "x", [], {}, [value], {"value": value}):
            yield {**example, name: wrong}


CASES = list(schemas())


@pytest.mark.parametrize(("name", "schema", "example"), CASES, ids=[case[0] for case in CASES])
def test_jsonschema_rs_and_jsonschema_agree_on_every_event_type(name, schema, example):
    validator = engine.Validator(schema)
    assert validator.deciding.is_valid(example) and validator.explaining.is_valid(example)
    for instance in mutations(example):
        assert validator.deciding.is_valid(instance) == validator.explaining.is_valid(instance), \
            instance


@settings(max_examples=300, deadline=None)
@given(case=st.sampled_from(CASES), instance=JSON)
def test_they_agree_on_any_json_value(case, instance):
    validator = engine.Validator(case[1])
    assert validator.deciding.is_valid(instance) == validator.explaining.is_valid(instance)


def test_a_refusal_names_the_field_and_what_is_wrong():
    game = GAMES["avignon"]
    model = engine.start(game, engine.check_setup(game, game.example_setup))
    with pytest.raises(BadRequest) as refused:
        engine.check_event(model, {"type": "beseech", "player": "rome", "path": 9})
    assert refused.value.field == "event.path" and "9 is greater than" in refused.value.message
    with pytest.raises(BadRequest) as refused:
        engine.check_event(model, {"type": "beseech", "player": "rome", "path": 1, "extra": 2})
    assert refused.value.field == "event.extra" and refused.value.message == "unknown field 'extra'"


def test_a_missing_field_is_named_where_it_is_missing():
    with pytest.raises(BadRequest) as refused:
        engine.score(GAMES["avignon"], {"congregations": {"rome": []}})
    assert refused.value.field == "congregations.avignon"
    assert refused.value.message == "'avignon' is a required property"
