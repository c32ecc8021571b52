"""The store's JSON text (referee/core/jsontext.py) reads back as json.dumps's did, whatever JSON
data it is given, including what orjson will not write itself."""

import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.core import jsontext

SCALARS = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
           | st.text())
JSON_DATA = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                         | st.dictionaries(st.text() | st.integers(), inner, max_size=4),
                         max_leaves=20)


@given(JSON_DATA)
def test_reads_back_as_json_dumps_did(value):
    assert json.loads(jsontext.dumps(value)) == json.loads(json.dumps(value))


def test_what_orjson_refuses_is_written_by_json():
    for value in ({"count": 2 ** 70}, {1: "a key that is a number"}, {"name": "\ud800"}):
        assert jsontext.dumps(value) == json.dumps(value)


def test_what_json_refuses_is_still_refused():
    with pytest.raises(TypeError):
        jsontext.dumps({"seats": {"a", "b"}})


def same(read, expected) -> bool:
    """Equal and of the same types all the way down (1 == 1.0 == True for ==)."""
    if type(read) is not type(expected):
        return False
    if isinstance(expected, dict):
        return (list(read) == list(expected)
                and all(same(read[key], expected[key]) for key in expected))
    if isinstance(expected, list):
        return len(read) == len(expected) and all(map(same, read, expected))
    if isinstance(expected, float) and math.isnan(expected):
        return math.isnan(read)
    return read == expected


@given(JSON_DATA)
def test_reads_as_json_loads_does(value):
    for text in (jsontext.dumps(value), json.dumps(value), json.dumps(value, indent=1)):
        assert same(jsontext.loads(text), json.loads(text))


@pytest.mark.parametrize("text", [
    "18446744073709551616", "-9223372036854775809", "[1234567890123456789012345, 1]",
    '{"count": 99999999999999999999}', "9223372036854775807", "-9223372036854775808",
    "NaN", "[Infinity, -Infinity]", "1e400", "-1e400", "1e-400", "0.1234567890123456789",
    '"\\ud800"', '{"name": "\\udc00x"}', '"\\u0000"', '{"a": 1, "a": 2}', "-0", "-0.0", "1E2",
])
def test_what_orjson_reads_otherwise_is_read_by_json(text):
    assert same(jsontext.loads(text), json.loads(text))


def test_text_json_refuses_is_still_refused():
    for text in ("", "{", "[1,]", "{'a': 1}"):
        with pytest.raises(ValueError):
            jsontext.loads(text)
