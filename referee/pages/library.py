"""The card library: a game's card contents (which its rulebook does not print, so they cannot ship),
typed once by a table and named by the number or title printed on the card; offered as a picker
with search in every later form that asks for such a card; exportable and importable as a file so
a group can share it.

A card form says "Number or title on the card" (`library.<field>`): a label the library knows fills
the card in; a new label with the card's fields filled in saves the card under it once the event
is accepted (a refused event saves nothing).
"""

from __future__ import annotations

import json
import re

import jsonschema
from flask import Response, flash, g, redirect, render_template, request, url_for
from werkzeug.datastructures import MultiDict

from ..core.rules import BadRequest
from ..web import decode_json_text, get_sessions
from .base import bp, check_csrf, games, not_yet
from .forms import object_schema

MAX_CARDS = 500  # cards in one game's library
MAX_LABEL = 60
MAX_CARD_TEXT = 2000  # a card's JSON
EXPORT_FORMAT = "tableside-cards/1"
PREFIX = "library."


def library(game_id: str) -> dict[str, dict]:
    """{label: card} of the game's library, read once per request."""
    if "card_library" not in g:
        g.card_library = {}
    if game_id not in g.card_library:
        g.card_library[game_id] = get_sessions().store.cards(game_id)
    return g.card_library[game_id]


def clean_label(text: str, field: str = "label") -> str:
    label = " ".join(str(text).split())
    if "\x00" in label:  # PostgreSQL refuses it in text: a look-up by it was a 500
        raise BadRequest("a card's number or title cannot hold a NUL character", field)
    if len(label) > MAX_LABEL:
        raise BadRequest(f"a card's number or title is at most {MAX_LABEL} characters", field)
    return label


def cards_for(game_id: str, schema: dict) -> list[tuple[str, dict]]:
    """The library's cards that fit a form field's schema (an item card where an item is asked)."""
    validator = jsonschema.Draft202012Validator(schema)
    return [(label, card) for label, card in library(game_id).items() if validator.is_valid(card)]


def names_a_card(name: str, schema: dict) -> bool:
    """Whether a form field holds what is printed on a card, which the rulebook does not print (an
    object the players read off a card: a Pilgrims companion, a Pillars of Fate champion card's
    power and icons), so the card library is offered."""
    shape = object_schema(schema)
    required = [shape.get("properties", {}).get(key, {}) for key in shape.get("required", [])]
    if all("enum" in sub or "const" in sub for sub in required):
        return False  # a card named by what it is (Avignon's characters): nothing to type in
    words = " ".join(name.split(".")[-2:] + [shape.get("description") or "",
                                             schema.get("description") or ""])
    return "card" in words.lower()


def filled(name: str, form) -> bool:
    """Whether any field of the card `name` was filled in (a chip ticked, a number chosen)."""
    for key in form:
        if (key.startswith(name + ".") or key.startswith(name + "#")) and not key.endswith(".present"):
            if any(value.strip() and value != "0" for value in form.getlist(key)):
                return True
    return False


def use_library(game_id: str, form) -> tuple[MultiDict, dict[str, str]]:
    """The form with each card named by a label the library knows filled in (as the card's JSON in
    the card's own field), and {field: label} of the new labels to save once the event is in."""
    out = MultiDict(form)
    to_save = {}
    for key in form:
        if not key.startswith(PREFIX):
            continue
        name, label = key[len(PREFIX):], clean_label(form.get(key, ""), key)
        if not label:
            continue
        known = library(game_id).get(label)
        if known is not None and not filled(name, form):
            out[name] = json.dumps(known)
        elif known is None:
            to_save[name] = label
    return out, to_save


def value_at(posted: dict, name: str):
    """The value posted at a form field's name: "event.falconer_items.0" -> the first item of
    posted["event"]["falconer_items"]."""
    value = posted
    for part in name.split("."):
        if isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        elif isinstance(value, dict) and part in value:
            value = value[part]
        else:
            return None
    return value


def save_entered(game_id: str, posted: dict, to_save: dict[str, str]) -> list[str]:
    """Save the cards of an accepted post ({"event": ...}, or a new game's body) under the labels
    typed for them; the labels saved."""
    labelled = {}
    for name, label in to_save.items():
        card = value_at(posted, name)
        if isinstance(card, dict) and len(json.dumps(card)) <= MAX_CARD_TEXT:
            labelled[label] = card
    if labelled and get_sessions().store.save_cards(game_id, labelled, MAX_CARDS):
        return list(labelled)
    return []


# -- the library's own page ----------------------------------------------------------------------


def game_with_cards(game_id: str):
    return games().get(game_id)


@bp.get("/play/cards/<game_id>")
def cards_page(game_id):
    game = game_with_cards(game_id)
    if game is None:
        return not_yet(game_id, "referee")
    q = request.args.get("q", "").strip()[:MAX_LABEL].lower()
    cards = [(label, card) for label, card in library(game_id).items()
             if not q or q in label.lower() or q in json.dumps(card).lower()]
    return render_template("play/cards.html", game=game, cards=cards, q=q,
                           total=len(library(game_id)), most=MAX_CARDS)


@bp.get("/play/cards/<game_id>.json")
def export_cards(game_id):
    if game_with_cards(game_id) is None:
        return not_yet(game_id, "referee")
    body = json.dumps({"format": EXPORT_FORMAT, "game": game_id, "cards": library(game_id)},
                      indent=1, ensure_ascii=False)
    return Response(body, mimetype="application/json", headers={
        "Content-Disposition": f'attachment; filename="tableside-{game_id}-cards.json"'})


def cards_from_file(game_id: str, text: str) -> dict[str, dict]:
    """The cards of an exported library file, checked: its format and game, at most MAX_CARDS
    cards, each a JSON object of a sensible size under a label."""
    try:  # read as the API reads a body: no NaN, NUL, lone surrogate or key written twice
        document = decode_json_text(text)
    except BadRequest as wrong:
        raise BadRequest(f"this file is not a card library ({wrong.message})", "file") from None
    if not isinstance(document, dict) or document.get("format") != EXPORT_FORMAT:
        raise BadRequest("this file is not a Tableside card library", "file")
    if document.get("game") != game_id:
        raise BadRequest(f"this file is the card library of {document.get('game')!r}, "
                         f"not of {game_id}", "file")
    cards = document.get("cards")
    if not isinstance(cards, dict) or len(cards) > MAX_CARDS:
        raise BadRequest(f"a card library holds at most {MAX_CARDS} cards", "file")
    out = {}
    for label, card in cards.items():
        if not isinstance(card, dict) or len(json.dumps(card)) > MAX_CARD_TEXT:
            raise BadRequest(f"the card {label[:MAX_LABEL]!r} is not a card", "file")
        cleaned = clean_label(label, "file")
        if cleaned:
            out[cleaned] = card
    return out


@bp.post("/play/cards/<game_id>/import")
def import_cards(game_id):
    check_csrf()
    if game_with_cards(game_id) is None:
        return not_yet(game_id, "referee")
    upload = request.files.get("file")
    text = upload.read(64 * 1024).decode("utf-8", "replace") if upload else request.form.get("text", "")
    try:
        cards = cards_from_file(game_id, text)
        saved = get_sessions().store.save_cards(game_id, cards, MAX_CARDS)
        if cards and not saved:
            raise BadRequest(f"the library would hold more than {MAX_CARDS} cards", "file")
    except BadRequest as exc:
        flash({"kind": "error", "text": exc.message}, "error")
    else:
        flash({"kind": "info", "text": f"{saved} cards added to the library."}, "info")
    return redirect(url_for("pages.cards_page", game_id=game_id), 303)


@bp.post("/play/cards/<game_id>/delete")
def delete_card(game_id):
    check_csrf()
    if game_with_cards(game_id) is None:
        return not_yet(game_id, "referee")
    try:
        label = clean_label(request.form.get("label", ""))
    except BadRequest as exc:  # no card has such a label: nothing to delete
        flash({"kind": "error", "text": exc.message}, "error")
    else:
        get_sessions().store.delete_card(game_id, label)
        flash({"kind": "info", "text": f"{label} is no longer in the library."}, "info")
    return redirect(url_for("pages.cards_page", game_id=game_id, q=request.form.get("q", "")), 303)


def card_words(card: dict) -> str:
    """A card's contents in a few words (for the picker and the library page)."""
    parts = []
    for key, value in card.items():
        if isinstance(value, list):
            value = " ".join(str(v) for v in value) if value else "none"
        elif isinstance(value, dict):
            value = card_words(value)
        parts.append(f"{key.replace('_', ' ')} {value}")
    return re.sub(r"\s+", " ", ", ".join(parts))
