"""JSON text of what the store keeps: snapshots, setups, log entries, checkpoints.

Written by orjson: a POST serializes the game's snapshot (~1.5–3 KB of small objects), which cost
~220,000 instructions with json.dumps and costs ~25,000 with orjson (callgrind, docs/deployment.md).
Read back with json.loads, as before: orjson's reader turns an integer past 64 bits into a float.
"""

from __future__ import annotations

import json

import orjson


def dumps(value) -> str:
    """`value` as JSON text. What orjson will not write (a key that is not a string, an integer
    past 64 bits, a lone surrogate) is written by json.dumps, as it always was, so nothing the
    store took before is refused or changed now. (A float NaN or infinity, which json.dumps
    writes as NaN, would be null: nothing can put one into a game, the API refuses them.)"""
    try:
        return orjson.dumps(value).decode()
    except TypeError:
        return json.dumps(value)
