"""The guard walk: every refusal of every game, played through the HTTP API, quotes the sentence
that forbids what was attempted.

Each game lists its refusals in tests/guard_cases/<referee module>.py (see that package). For every
case the walk starts a session, enters the case's legal events, then the attempt, and checks the 422
and its quote; and it checks that every guard the game declares with @cites has at least one case.
A cases module that sets `WALKS_VIOLATIONS = True` is held to more: every sentence its game's source
passes to `self.violation(...)` (in callbacks, not only guards) is quoted by a case, or listed in
its `UNWALKED` with the reason it is not walked yet.
"""

import ast
import importlib
import inspect
import sys

import pytest

from referee import referees
from tests.test_citations import game_sources

GAMES = referees()
# Games whose cases are still being written (issue 10): the walk must fail for them until it is done.
PENDING: set[str] = set()


def cases_module(game):
    name = sys.modules[game.__module__].__name__.split(".")[1]
    try:
        return importlib.import_module(f"tests.guard_cases.{name}")
    except ModuleNotFoundError:
        return None


def all_cases():
    for game_id, game in sorted(GAMES.items()):
        module = cases_module(game)
        for index, case in enumerate(module.CASES if module else ()):
            yield pytest.param(game_id, case, id=f"{game_id}-{index}-{case.guard}")


def guards(game) -> set[str]:
    return {name for name, member in inspect.getmembers(game)
            if callable(member) and hasattr(member, "quote")}


@pytest.mark.parametrize("game_id", [
    pytest.param(game_id, marks=pytest.mark.xfail(strict=True, reason="cases being written"))
    if game_id in PENDING else game_id for game_id in sorted(GAMES)])
def test_every_guard_of_every_game_has_a_case(game_id):
    module = cases_module(GAMES[game_id])
    assert module is not None, f"{game_id} has no tests/guard_cases module"
    walked = {case.guard for case in module.CASES}
    assert guards(GAMES[game_id]) <= walked, sorted(guards(GAMES[game_id]) - walked)


def violation_quotes(game) -> set[str]:
    """The sentences passed to `violation(message, quote)` in a game's source (a name bound to a
    string, a literal, or a tuple of them); quotes computed at run time are not seen."""
    quotes = set()
    for path in game_sources(game):
        module = next(m for m in sys.modules.values() if getattr(m, "__file__", None) == str(path))
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "violation"
                    and len(node.args) > 1):
                continue
            argument = node.args[1]
            for part in argument.elts if isinstance(argument, ast.Tuple) else [argument]:
                if isinstance(part, ast.Constant) and isinstance(part.value, str):
                    quotes.add(part.value)
                elif isinstance(part, ast.Name) and isinstance(vars(module).get(part.id), str):
                    quotes.add(vars(module)[part.id])
    return quotes


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_violation_a_game_raises_is_walked(game_id):
    module = cases_module(GAMES[game_id])
    if module is None or not getattr(module, "WALKS_VIOLATIONS", False):
        pytest.skip(f"{game_id}: only its @cites guards are walked")
    walked = set()
    for case in module.CASES:
        walked.update((case.quote,) if isinstance(case.quote, str) else case.quote)
        walked.update(case.also)
    missing = violation_quotes(GAMES[game_id]) - walked - set(module.UNWALKED)
    assert not missing, sorted(missing)
    assert not set(module.UNWALKED) & walked, "a walked sentence is still listed as unwalked"


@pytest.mark.parametrize(("game_id", "case"), list(all_cases()))
def test_the_refusal_quotes_the_sentence_that_forbids_the_attempt(client, game_id, case):
    created = client.post("/api/sessions", json={"game": game_id, **case.setup})
    assert created.status_code == 201, created.get_json()
    session = created.get_json()
    headers = {"Authorization": f"Bearer {session['edit_token']}"}
    seq = session["seq"]
    for event in case.events:
        answer = client.post(f"/api/sessions/{session['id']}/events", headers=headers,
                             json={"event": event, "expected_seq": seq})
        assert answer.status_code == 200, (event, answer.get_json())
        seq = answer.get_json()["seq"]
    refused = client.post(f"/api/sessions/{session['id']}/events", headers=headers,
                          json={"event": case.attempt, "expected_seq": seq})
    assert refused.status_code == 422, refused.get_json()
    rule = refused.get_json()["error"]["rule"]
    expected = case.quote if isinstance(case.quote, tuple) else (case.quote,)
    assert rule["quote"] in expected, f"quoted {rule['quote']!r}; the case says {case.why}"
    assert rule["section_id"], "the quote resolves to no section of the rulebook"
    quoted = [r["quote"] for r in refused.get_json()["error"].get("rules", [rule])]
    assert quoted == [rule["quote"], *case.also], f"quoted {quoted}; the case says {case.why}"
    assert all(r["section_id"] for r in refused.get_json()["error"].get("rules", [])), \
        "a quote resolves to no section of the rulebook"
    after = client.get(f"/api/sessions/{session['id']}").get_json()
    assert after["seq"] == seq, "a refused event changed the session"
