"""Every rule a referee can quote is a verbatim substring of its rulebook and resolves to a section.

The walk covers the guards' @cites quotes, the phase/turn/end rules, the options' citations, and every
quote passed to `cite`, `Citation`, `effect` or `violation` anywhere in a game's source (found by
reading the code, so a quote on a rarely taken branch is checked too).
"""

import ast
import inspect
import sys
from pathlib import Path

import pytest

from referee import referees
from referee.core import Citation
from rulebook_index import corpus, sections

# The position of the quote among each quoting call's arguments.
QUOTE_ARGUMENT = {"cite": 0, "cites": 0, "Citation": 1, "effect": 1, "violation": 1}


def game_sources(game) -> list[Path]:
    module = sys.modules[game.__module__]
    package = module.__name__.rsplit(".", 1)[0] if module.__name__.count(".") > 1 else None
    if package:
        return sorted(Path(sys.modules[package].__file__).parent.rglob("*.py"))
    return [Path(inspect.getsourcefile(module))]


def quoted_in_source(path: Path, namespace: dict) -> list[str]:
    """String constants passed as quotes: literal arguments, or names bound to strings."""
    quotes = []
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        if name not in QUOTE_ARGUMENT:
            continue
        position = QUOTE_ARGUMENT[name]
        arguments = node.args[position:position + 1] + [
            kw.value for kw in node.keywords if kw.arg == "quote"]
        for argument in arguments:
            if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                value = argument.value
            elif isinstance(argument, ast.Name) and isinstance(namespace.get(argument.id), str):
                value = namespace[argument.id]
            else:
                continue
            quotes.append(value)
    return quotes


def all_quotes(game) -> set[str]:
    quotes = {game.turn_rule, game.end_rule}
    phase_rules = game.phase_rule
    quotes.update(phase_rules.values() if isinstance(phase_rules, dict) else [phase_rules])
    for _name, member in inspect.getmembers(game):
        if callable(member) and hasattr(member, "quote"):
            quotes.add(member.quote)
    for option in game.options.values():
        quotes.update(citation.quote for citation in option.citations)
    for path in game_sources(game):
        module_name = next((m for m, mod in sys.modules.items()
                            if getattr(mod, "__file__", None) == str(path)), None)
        namespace = vars(sys.modules[module_name]) if module_name else {}
        quotes.update(quoted_in_source(path, namespace))
    return {quote for quote in quotes if quote}


GAMES = referees()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_quote_is_verbatim_and_resolves_to_a_section(game_id):
    game = GAMES[game_id]
    text = corpus.rulebook_text(game_id)
    quotes = all_quotes(game)
    assert len(quotes) >= 10, f"{game_id} cites suspiciously few rules: {quotes}"
    not_verbatim = [quote for quote in quotes if quote not in text]
    assert not not_verbatim, f"not verbatim in the {game_id} rulebook: {not_verbatim}"
    unresolved = [quote for quote in quotes if sections.locate(game_id, quote) is None]
    assert not unresolved, f"found in no section of {game_id}: {unresolved}"


def test_a_citation_names_its_section_path_and_url():
    rule = Citation("avignon", "The Roman player goes first.").to_json()
    assert rule["section_id"] and rule["section_path"].startswith("Setup")
    assert rule["url"] == f"/rules/avignon#{rule['section_id']}"
    assert Citation("avignon", "not a rule at all").to_json()["section_id"] is None
