"""JSON text of what the store keeps: snapshots, setups, log entries, checkpoints.

Written by orjson: a POST serializes the game's snapshot (~1.5–3 KB of small objects), which cost
~220,000 instructions with json.dumps and costs ~25,000 with orjson (callgrind, docs/deployment.md).
Read by orjson too, except text that orjson would read otherwise than json.loads (`loads`).
"""

from __future__ import annotations

import json

import orjson

# a number orjson might read as a float where json.loads reads an integer: 19 digits or more (an
# integer of 18 digits fits in 64 bits; orjson reads one past 64 bits as a float without a word).
# Found as 19 zeros once every digit is made a zero (bytes.translate: a regular expression cost a
# POST more than orjson saved it)
_DIGITS_AS_ZEROS = bytes.maketrans(b"123456789", b"000000000")
_LONG_NUMBER = b"0" * 19


def dumps(value) -> str:
    """`value` as JSON text. What orjson will not write (a key that is not a string, an integer
    past 64 bits, a lone surrogate) is written by json.dumps, as it always was, so nothing the
    store took before is refused or changed now. (A float NaN or infinity, which json.dumps
    writes as NaN, would be null: nothing can put one into a game, the API refuses them.)"""
    try:
        return orjson.dumps(value).decode()
    except TypeError:
        return json.dumps(value)


def loads(text: str):
    """The value of JSON `text`, as json.loads reads it. By orjson (a POST reads its game's
    snapshot and setup: ~180,000 instructions with json.loads) unless the text holds a run of 19
    digits or more, or orjson refuses it (NaN, Infinity, a number past a float's range, a lone
    surrogate), which json.loads then reads as it always did."""
    try:
        data = text.encode()
        if _LONG_NUMBER not in data.translate(_DIGITS_AS_ZEROS):
            return orjson.loads(data)
    except (UnicodeEncodeError, orjson.JSONDecodeError):
        pass
    return json.loads(text)
