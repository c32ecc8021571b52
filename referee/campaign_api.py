"""The campaigns' HTTP API (a campaign: sessions of one game played back to back, each starting from
the end of the one before — Journey's Quests). Routes on the referee API's blueprint, so its JSON
errors and statuses are the sessions' own; `referee/core/campaigns.py` does the work."""

from __future__ import annotations

from flask import current_app, g, jsonify

from .core.campaigns import Campaigns
from .core.rules import BadRequest
from .journey.campaign import Campaign as JourneyCampaign
from .web import bearer_token, bp, get_sessions, json_body

CAMPAIGN_RULES = {JourneyCampaign.game_id: JourneyCampaign}


def get_campaigns() -> Campaigns:
    if "campaigns" not in g:
        g.campaigns = Campaigns(get_sessions(), current_app.extensions["tableside.campaigns"])
    return g.campaigns


@bp.post("/campaigns")
def create_campaign():
    """A new campaign: its players, the options every session shares, its table rulings, and
    optionally its first Quest (`first`, as the body of POST .../quests; both are checked before
    either is written). The answer carries the campaign's edit token (the edit token of each of
    its sessions) and, with `first`, the first session with its join token."""
    return jsonify(get_campaigns().create(json_body())), 201


@bp.get("/campaigns/<campaign_id>")
def get_campaign(campaign_id):
    """The campaign and its progress: each session, what it started from, where it stands."""
    return jsonify(get_campaigns().get(campaign_id))


@bp.post("/campaigns/<campaign_id>/quests")
def start_quest(campaign_id):
    """The next session of the campaign, set up from the end of the one before."""
    return jsonify(get_campaigns().start(campaign_id, bearer_token(), json_body())), 201


@bp.post("/campaigns/<campaign_id>/quests/<number>/seats")
def keep_seat(campaign_id, number):
    """A phone that held a seat in an earlier Quest of the campaign (Bearer: its seat token there)
    takes the same seat in Quest `number`, where it was kept for it: the answer carries that
    session's seat token."""
    if not (number.isascii() and number.isdigit() and len(number) <= 9):
        raise BadRequest(f"a Quest is named by its number (1 to the campaign's last), not "
                         f"{number[:40]!r}", "number")
    return jsonify(get_campaigns().keep_seat(campaign_id, int(number), bearer_token())), 201
