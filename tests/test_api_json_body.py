"""The door's JSON reading (`referee.web.decode_json`): its shortcut, which skips the walk through
every value when the text shows the walk would change nothing, reads every body exactly as the walk
does, and refuses what the walk refuses with the same message and field."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.rules import BadRequest
from referee.web import MAX_JSON_DEPTH, _refuse_constant, clean_value, decode_json


def walked(data: bytes):
    """What the door read before the shortcut: parse, then walk every value."""
    try:
        value = json.loads(data, parse_constant=_refuse_constant)
    except RecursionError:
        return ("refused", f"the JSON is nested deeper than {MAX_JSON_DEPTH} levels", None)
    except ValueError as error:
        return ("refused", f"the body is not valid JSON: {str(error)[:120]}", None)
    try:
        return ("read", clean_value(value))
    except BadRequest as refused:
        return ("refused", refused.message, refused.field)


def read(data: bytes):
    try:
        return ("read", decode_json(data))
    except BadRequest as refused:
        return ("refused", refused.message, refused.field)


def same(left, right) -> bool:
    """Equal, and of the same types throughout (1 is not 1.0 here)."""
    if type(left) is not type(right):
        return False
    if isinstance(left, dict):
        return left.keys() == right.keys() and all(same(left[k], right[k]) for k in left)
    if isinstance(left, (list, tuple)):
        return len(left) == len(right) and all(map(same, left, right))
    return left == right


TEXT = st.text(st.characters(codec="utf-8") | st.sampled_from(["\x00", "\ud800", "\udfff", "é"]))
SCALARS = (st.none() | st.booleans() | st.integers() | TEXT
           | st.floats(allow_nan=False, allow_infinity=False)
           | st.sampled_from([1.0, -0.0, 2.0 ** 53, 2.0 ** 60, 1e300]))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(TEXT, inner, max_size=4), max_leaves=30)


def encoded(value, ensure_ascii: bool) -> bytes:
    return json.dumps(value, ensure_ascii=ensure_ascii).encode("utf-8", "surrogatepass")


@settings(max_examples=60, deadline=None)
@given(VALUES, st.booleans())
def test_the_shortcut_reads_every_body_as_the_walk_does(value, ensure_ascii):
    data = encoded(value, ensure_ascii)
    assert same(read(data), walked(data))


@settings(max_examples=50, deadline=None)
@given(st.sampled_from(["NaN", "Infinity", "-Infinity", "1e999", "-1e999", "1" * 400 + ".5",
                        "1.0", "12", "\"\\u0000\"", "\"\\ud800\"", "[1.5, 2.0]"]),
       st.integers(0, MAX_JSON_DEPTH + 3), st.sampled_from(["[", "{\"a\": "]))
def test_numbers_escapes_and_nesting_at_the_edges(scalar, depth, opener):
    closer = "]" if opener == "[" else "}"
    data = (opener * depth + scalar + closer * depth).encode()
    assert same(read(data), walked(data))


def test_bodies_that_are_not_utf8_json_are_read_as_the_walk_reads_them():
    for data in [b"\xed\xa0\x80", b'"\xed\xa0\x80"', '{"a": "\\u0000"}'.encode("utf-16"),
                 '"\ud800"'.encode("utf-16-le", "surrogatepass"), b"\xef\xbb\xbf{\"a\": 1.0}",
                 b"", b"{", b"\xff"]:
        assert same(read(data), walked(data)), data
