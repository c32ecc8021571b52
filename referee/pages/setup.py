"""Starting a game: the list of games, the new-game form, and a styled page for a game whose
referee is not written yet (its rules can still be looked up)."""

from __future__ import annotations

import functools
import re
from urllib.parse import urlencode

from flask import redirect, render_template, request, url_for
from werkzeug.datastructures import MultiDict

from rulebook_index import corpus

from ..core import engine
from ..core.rules import BadRequest, RuleViolation
from ..web import describe_game, get_sessions
from .base import bp, check_csrf, games, not_yet, remember, remembered_games, rulebook_title
from .forms import new_game_body
from .library import save_entered, use_library


@bp.get("/play/")
def index():
    known = [(session_id, key) for session_id, key in remembered_games()]
    return render_template("play/index.html", games=games(), my_games=my_games(known),
                           rulebook_only=[(gid, rulebook_title(gid)) for gid in corpus.GAME_IDS
                                          if gid not in games()])


def my_games(known: list[tuple[str, dict]]) -> list[dict]:
    """The games this phone knows (its cookie), with their players and where they stand."""
    store = get_sessions().store
    out = []
    for session_id, key in known:
        row = store.session(session_id)
        if row is None or row["game"] not in games():
            continue
        out.append({"id": session_id, "game": games()[row["game"]], "seq": row["seq"],
                    "players": row["setup"]["players"], "seat": key.get("seat"),
                    "created_at": row["created_at"],
                    "rematch": rematch_link(games()[row["game"]], row["setup"])})
    return out


@bp.route("/play/new", methods=["GET", "POST"])
def new():
    game_id = request.values.get("game")
    if not game_id:
        return redirect(url_for("pages.index"))
    if game_id not in games():
        return not_yet(game_id, "referee")
    game = games()[game_id]
    described = describe_game(game)
    errors = {}
    values = MultiDict(request.args)
    if request.method == "POST":
        check_csrf()
        values = request.form
        try:
            form, new_cards = use_library(game_id, request.form)
            body, errors = new_game_body(game, described, form)
            from .campaign import upgrades_on_new_game_form  # it draws on this module's form

            upgrades_on_new_game_form(game_id, form, body)
        except BadRequest as exc:
            errors = {exc.field or "form": exc.message}
        if not errors:
            try:
                created = get_sessions().create(body)
            except BadRequest as exc:
                errors[exc.field or "form"] = exc.message
            except RuleViolation as exc:  # a setup the rules forbid (a Quest's Karma Upgrades)
                errors["form"] = f"{exc.message} “{exc.citation.quote}”" if exc.citation \
                    else exc.message
            else:
                save_entered(game_id, body, new_cards)
                remember(created["id"], token=created["edit_token"], role="table",
                         table=created["edit_token"], join=created["join_token"])
                return redirect(url_for("pages.table", session_id=created["id"], created=1), 303)
    return new_game_page(game, described, values, errors)


def new_game_page(game, described: dict, values, errors: dict):
    """The new-game form, filled with `values`, and the errors by field (400 when there are any).
    Also drawn by the other forms the page posts to (a campaign's start, referee/pages/campaign.py)."""
    rulings = [ruling_words(name, option) for name, option in described["options"].items()
               if is_ruling(option)]
    rulings = [ruling for ruling in rulings if ruling["choices"]]
    drawn = {ruling["name"] for ruling in rulings}
    return render_template([f"play/new_{game.game_id}.html", "play/new.html"], game=game,
                           described=described, errors=errors, values=values, rulings=rulings,
                           setup_options={name: option for name, option
                                          in described["options"].items() if name not in drawn},
                           quick=starts_from_names(game)), 400 if errors else 200


# -- setup in a minute: names first, table rulings in plain words --------------------------------------


@functools.cache
def starts_from_names(game) -> bool:
    """Whether the game can start from its players' names alone (everything else at its default,
    the opening layout entered as it is dealt): then the form offers a quick start under the names."""
    names = [f"Player {index + 1}" for index in range(game.min_players)]
    try:
        engine.start(game, engine.check_setup(game, {"players": names}))
    except (BadRequest, RuleViolation):
        return False
    return True


def is_ruling(option: dict) -> bool:
    """A table ruling (a reading of the rulebook, with the passages on each side quoted), not a
    piece of the setup (a map, a card dealt)."""
    return bool(option.get("rules"))


_NAME = re.compile(r"\b[a-z0-9]+(?:_[a-z0-9]+)+\b")
_CODE = re.compile(r"""(['"])([a-z0-9]+(?:_[a-z0-9]+)+|[a-z]+)\1""")


def plain(text: str) -> str:
    """A description without code values: 'end_of_action' -> “end of action”."""
    text = re.sub(r"^Table ruling(?: \([^)]*\))?:\s*", "", text.strip())
    text = _CODE.sub(lambda m: "“" + m.group(2).replace("_", " ") + "”"
                     if "_" in m.group(2) else m.group(0), text).replace("`", "")
    return _NAME.sub(lambda m: m.group(0).replace("_", " "), text)


def ruling_words(name: str, option: dict) -> dict:
    """A table ruling in plain words: the question, and each reading as a sentence (the default,
    the rulebook's most literal reading, first). Read from the option's description, which says
    `'value' (default): what it means. 'other': what that means.`; where it does not follow that
    shape, the description is the question and the readings are named by their values."""
    schema, description = option["schema"], option.get("description") or ""
    values = schema.get("enum") or ([True, False] if schema.get("type") == "boolean" else [])
    found = []
    for value in values:
        token = "true" if value is True else "false" if value is False else re.escape(str(value))
        quoted = r"\b" + token + r"\b" if isinstance(value, bool) else rf"['\"]{token}['\"]"
        match = re.search(quoted + r"\s*(\([^)]*\))?\s*:", description)
        found.append((match.start(), match.end(), value) if match else None)
    choices = []
    if values and all(found):
        found.sort(key=lambda f: f[0])
        question = description[:found[0][0]]
        ends = [f[0] for f in found[1:]] + [len(description)]
        for (_, end, value), until in zip(found, ends, strict=True):
            words = description[end:until].strip().rstrip(".;,").strip()
            choices.append({"value": value, "words": plain(words[:1].upper() + words[1:])})
    else:
        question = description
        if isinstance(values[0] if values else None, bool):
            question = re.sub(r"\btrue\b", "yes", re.sub(r"\bfalse\b", "no", question))
        for value in values:
            words = ("Yes" if value else "No") if isinstance(value, bool) else \
                str(value).replace("_", " ").capitalize()
            choices.append({"value": value, "words": words})
    for choice in choices:
        choice["default"] = choice["value"] == option.get("default")
        choice["form"] = ("on" if choice["value"] else "off") if isinstance(choice["value"], bool) \
            else str(choice["value"])
    choices.sort(key=lambda c: not c["default"])
    question = plain(question).strip()
    question = question[:1].upper() + question[1:]
    return {"name": name, "question": question or name.replace("_", " ").capitalize() + "?",
            "choices": choices}


def rematch_link(game, setup: dict) -> str:
    """The new-game form filled in for a rematch: the same players in the same seats, and the
    same table rulings (the rest of the setup — a map, cards dealt — is laid out anew)."""
    args = [("game", game.game_id)] + [("player", p["name"]) for p in setup["players"]]
    for name, option in game.options.items():
        value = setup.get("options", {}).get(name)
        if not option.citations or value is None or value == option.default:
            continue
        if isinstance(value, bool):
            args.append((f"options.{name}", "on" if value else "off"))
        elif isinstance(value, str | int):
            args.append((f"options.{name}", str(value)))
    return url_for("pages.new") + "?" + urlencode(args)
