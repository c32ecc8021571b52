"""A campaign's pages: starting one from a game's new-game form, its progress over its Quests (what
each Quest started from, the Karma Upgrades and what carried over, with their rules; where each
stands now), the form that starts its next Quest, and a phone keeping its seat from one Quest to the
next. Every form is a plain POST answered by a redirect (no JavaScript needed), with the CSRF token.
The work is `referee/core/campaigns.py`'s (also behind /api/campaigns, referee/campaign_api.py).

Keys: the phone that starts a campaign keeps its edit token in the signed cookie (`campaigns`), and
the table's key to each Quest it starts. A phone that held a seat in the Quest before presents that
seat's token to take the same seat in the next (`keep_seat`), where it was kept for it.
"""

from __future__ import annotations

from flask import (
    abort,
    current_app,
    flash,
    get_flashed_messages,
    redirect,
    render_template,
    request,
    session,
    url_for,
)

from ..campaign_api import get_campaigns
from ..core.campaigns import CampaignMoved
from ..core.rules import BadRequest, Citation, RuleViolation
from ..core.sessions import Forbidden, NotFound
from ..web import describe_game
from .base import bp, check_csrf, games, phone_key, remember
from .forms import form_value, in_words, new_game_body
from .library import save_entered, use_library
from .setup import new_game_page, ruling_words

SHOWN = (("good_karma", "Good Karma"), ("bad_karma", "Bad Karma"), ("weapon_level", "Weapon"))
MAX_REMEMBERED_CAMPAIGNS = 10  # campaigns one browser's cookie keeps the edit token of
PER_QUEST_OPTIONS = ("quest", "quest_setup", "initiative")  # options each Quest sets on its own


def campaign_rules(game_id: str):
    return current_app.extensions["tableside.campaigns"].get(game_id)


@bp.app_context_processor
def campaign_helpers() -> dict:
    return {"campaign_rulings": campaign_rulings, "campaign_of": campaign_of}


def campaign_rulings(game_id: str) -> list[dict]:
    """A game's campaign rulings in plain words (as the new-game form draws the game's own)."""
    rules = campaign_rules(game_id)
    if rules is None:
        return []
    return [ruling_words(name, option.to_json()) for name, option in rules.options.items()]


def campaign_of(session_id: str) -> dict | None:
    """The campaign a session is a Quest of ({"campaign", "number", "quests"}), or None."""
    return get_campaigns().of_session(session_id)


# -- the phone's key to a campaign ----------------------------------------------------------------


def remember_campaign(campaign_id: str, token: str) -> None:
    kept = {k: v for k, v in session.get("campaigns", {}).items() if k != campaign_id}
    kept[campaign_id] = token
    session["campaigns"] = dict(list(kept.items())[-MAX_REMEMBERED_CAMPAIGNS:])


def campaign_token(campaign_id: str, described: dict) -> str | None:
    """The campaign's edit token if this phone holds it (kept when it started the campaign, or as
    the table's key to one of its Quests: the same token)."""
    if campaign_id in session.get("campaigns", {}):
        return session["campaigns"][campaign_id]
    for quest in reversed(described["quests"]):
        if phone_key(quest["session_id"]).get("table"):
            return phone_key(quest["session_id"])["table"]
    return None


def held_seat(described: dict, before: int) -> dict | None:
    """This phone's seat in the latest Quest before number `before` where it held one:
    {"token", "seat", "number"}."""
    for quest in reversed(described["quests"][:before - 1]):
        key = phone_key(quest["session_id"])
        if key.get("role") == "seat":
            return {"token": key["token"], "seat": key["seat"], "number": quest["number"]}
    return None


# -- starting a campaign ----------------------------------------------------------------------------


@bp.post("/play/campaigns/new")
def new_campaign():
    """The new-game form posted to start a campaign: the players and the options every Quest shares
    make the campaign, the Quest and its board its first Quest; with the campaign's own rulings."""
    check_csrf()
    game_id = request.values.get("game", "")
    rules = campaign_rules(game_id)
    if game_id not in games() or rules is None:
        abort(404, f"There are no campaigns for the game {game_id!r}.")
    game = games()[game_id]
    described = describe_game(game)
    errors = {}
    try:
        form, new_cards = use_library(game_id, request.form)
        body, errors = new_game_body(game, described, form)
    except BadRequest as exc:
        errors = {exc.field or "form": exc.message}
    if not errors:
        options = body["options"]
        first = {"quest": options.pop("quest", "free")}
        own = {name: options.pop(name) for name in PER_QUEST_OPTIONS[1:] if name in options}
        if own:
            first["options"] = own
        if body.get("position"):
            first["position"] = body["position"]
        rulings = {name: request.form[f"campaign.{name}"] for name in rules.options
                   if request.form.get(f"campaign.{name}")}
        try:
            upgrades = rules.start_from_form(request.form).get("upgrades")
            if upgrades:
                first["upgrades"] = upgrades
            created = get_campaigns().create({"game": game_id, "players": body["players"],
                                              "options": options, "rulings": rulings,
                                              "first": first})
        except BadRequest as exc:
            errors[(exc.field or "form").removeprefix("first.")] = exc.message
        except RuleViolation as exc:
            errors["form"] = refusal_words(exc)
        else:
            save_entered(game_id, body, new_cards)
            remember_campaign(created["id"], created["edit_token"])
            started = created["first"]
            remember(started["id"], token=created["edit_token"], role="table",
                     table=created["edit_token"], join=started["join_token"])
            return redirect(url_for("pages.table", session_id=started["id"], created=1), 303)
    return new_game_page(game, described, request.form, errors)


def upgrades_on_new_game_form(game_id: str, form, body: dict) -> None:
    """The Karma Upgrade rows of the new-game form (templates/play/_campaign_start.html) for a
    Quest played on its own: its `quest_setup.upgrades` (the referee checks them at setup)."""
    rules = campaign_rules(game_id)
    upgrades = rules.start_from_form(form).get("upgrades") if rules is not None else None
    if upgrades:
        body["options"]["quest_setup"] = {**(body["options"].get("quest_setup") or {}),
                                          "upgrades": upgrades}


def refusal_words(exc: RuleViolation) -> str:
    return f"{exc.message} The rule: “{exc.citation.quote}”" if exc.citation else exc.message


# -- the campaign page ---------------------------------------------------------------------------


def described_or_404(campaign_id: str) -> dict:
    try:
        return get_campaigns().get(campaign_id)
    except NotFound:
        abort(404, f"There is no campaign {campaign_id!r}. Check the link.")


@bp.get("/play/campaigns/<campaign_id>")
def campaign(campaign_id):
    return campaign_page(described_or_404(campaign_id))


def campaign_page(described: dict, values=None, refused: dict | None = None, status: int = 200):
    """The campaign's progress, and what this phone may do next: start the next Quest (the phone
    holding the campaign's token) or keep its seat in the newest Quest (a phone that held one)."""
    pilgrims = []
    if described["quests"]:
        for name, first in described["quests"][0]["start"].items():
            rows = [{"number": q["number"], "title": q["title"], "start": q["start"][name],
                     "now": q["now"][name]} for q in described["quests"]]
            pilgrims.append({"key": name, "name": first["name"], "rows": rows})
    names = {p["seat"]: p["name"] for p in described["players"]}
    seats = {q["number"]: names.get(phone_key(q["session_id"]).get("seat"))
             for q in described["quests"] if phone_key(q["session_id"]).get("role") == "seat"}
    newest = described["quests"][-1] if described["quests"] else None
    keep = None
    if newest and not phone_key(newest["session_id"]):
        held = held_seat(described, newest["number"])
        if held:
            keep = {"number": newest["number"], "title": newest["title"],
                    "name": names.get(held["seat"])}
    game = games().get(described["game"])
    return render_template(
        "play/campaign.html", campaign=described, pilgrims=pilgrims, shown=SHOWN, seats=seats,
        keep=keep, can_start=campaign_token(described["id"], described) is not None,
        described_game=describe_game(game) if game else None, values=values or {},
        refused=refused, messages=get_flashed_messages(with_categories=True)), status


# -- the next Quest ---------------------------------------------------------------------------------


@bp.post("/play/campaigns/<campaign_id>/quests")
def next_quest(campaign_id):
    """"Start the next Quest": the Quest, the Karma Upgrades it gives, the cards drawn or discarded
    between Quests, the Initiative Tokens, the Quest Mini-Map's fields and the board (a Quest with no
    Quest rules has only what the table enters). The Pilgrims come from the end of the Quest before;
    this phone keeps its seat."""
    check_csrf()
    described = described_or_404(campaign_id)
    rules = campaign_rules(described["game"])
    token = campaign_token(campaign_id, described)
    if token is None:
        abort(403, "Only the phone that started the campaign starts its next Quest.")
    declared = describe_game(games()[described["game"]])
    try:
        body = rules.start_from_form(request.form)
        options = {}
        for name in PER_QUEST_OPTIONS[1:]:  # the Quest Mini-Map's fields, the Initiative Tokens
            value = form_value(declared["options"][name]["schema"], f"options.{name}", request.form)
            if value:
                options[name] = value
        if options:
            body["options"] = options
        position = form_value(declared["position_schema"], "position", request.form)
        if position:  # the board of a Quest with no Quest rules (a Quest of the Guide checks it)
            body["position"] = position
        started = get_campaigns().start(campaign_id, token, body)
    except CampaignMoved as exc:
        return campaign_page(described_or_404(campaign_id), request.form,
                             {"text": exc.message + ": see what changed below."}, 409)
    except BadRequest as exc:
        text, field = in_words(form_schema(declared, exc.field), exc.field, exc.message)
        return campaign_page(described, request.form, {"text": text, "field": field}, 400)
    except RuleViolation as exc:
        return campaign_page(described, request.form, {
            "text": exc.message,
            "rule": exc.citation.to_json() if isinstance(exc.citation, Citation) else None}, 422)
    except Forbidden as exc:
        abort(exc.status, exc.message)
    remember(started["id"], token=token, role="table", table=token, join=started["join_token"])
    held = held_seat(described, started["number"])
    if held:
        keep_own_seat(campaign_id, started["number"], held["token"])
    return redirect(url_for("pages.table", session_id=started["id"], created=1), 303)


def form_schema(declared: dict, field: str | None) -> dict:
    """The schema a refused field of the next-Quest form is named from: its option's, or the
    board's (the position's), so that the refusal is told in a player's words."""
    if field and field.startswith("options."):
        return {"type": "object", "properties": {name: option["schema"] for name, option
                                                 in declared["options"].items()}}
    if field and field.startswith("position"):
        return declared["position_schema"] or {}
    return {}


@bp.post("/play/campaigns/<campaign_id>/seat")
def keep_seat(campaign_id):
    """"Play my seat in the next Quest": a phone that held a seat in the Quest before takes it."""
    check_csrf()
    described = described_or_404(campaign_id)
    if not described["quests"]:
        return redirect(url_for("pages.campaign", campaign_id=campaign_id), 303)
    newest = described["quests"][-1]
    held = held_seat(described, newest["number"])
    if held is None:
        flash({"kind": "error", "text": "This phone held no seat in an earlier Quest of this "
                                        "campaign: open the new Quest's join link to claim one."},
              "error")
        return redirect(url_for("pages.campaign", campaign_id=campaign_id), 303)
    if keep_own_seat(campaign_id, newest["number"], held["token"]):
        return redirect(url_for("pages.table", session_id=newest["session_id"]), 303)
    return redirect(url_for("pages.campaign", campaign_id=campaign_id), 303)


def keep_own_seat(campaign_id: str, number: int, seat_token: str) -> bool:
    """This phone takes, in Quest `number`, the seat its `seat_token` held before; False (with
    the reason flashed) when the seat was given to another phone since."""
    try:
        kept = get_campaigns().keep_seat(campaign_id, number, seat_token)
    except (BadRequest, Forbidden) as exc:
        flash({"kind": "error", "text": "Your seat was not kept for this phone ("
                                        + exc.message + "). Ask for the join link."}, "error")
        return False
    remember(kept["id"], token=kept["seat_token"], role="seat", seat=kept["seat"], shared=None)
    flash({"kind": "info", "text": f"This phone plays {kept['name']} again, as in the Quest "
                                   "before."}, "info")
    return True
