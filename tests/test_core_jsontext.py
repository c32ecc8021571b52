"""The store's JSON text (referee/core/jsontext.py) reads back as json.dumps's did, whatever JSON
data it is given, including what orjson will not write itself."""

import json

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
