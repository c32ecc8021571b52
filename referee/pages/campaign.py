"""A campaign's page: the Pilgrims' progress over its Quests (what each Quest started from, the
Karma Upgrades and what carried over, with their rules; where each stands now), and a link to each
Quest's table. Read-only: a campaign is started and continued through the API
(/api/campaigns, referee/campaign_api.py)."""

from __future__ import annotations

from flask import abort, render_template

from ..campaign_api import get_campaigns
from ..core.sessions import NotFound
from .base import bp

SHOWN = (("good_karma", "Good Karma"), ("bad_karma", "Bad Karma"), ("weapon_level", "Weapon"))


@bp.get("/play/campaigns/<campaign_id>")
def campaign(campaign_id):
    try:
        described = get_campaigns().get(campaign_id)
    except NotFound:
        abort(404, f"There is no campaign {campaign_id!r}. Check the link.")
    pilgrims = []
    if described["quests"]:
        for name, first in described["quests"][0]["start"].items():
            rows = [{"number": q["number"], "title": q["title"], "start": q["start"][name],
                     "now": q["now"][name]} for q in described["quests"]]
            pilgrims.append({"key": name, "name": first["name"], "rows": rows})
    return render_template("play/campaign.html", campaign=described, pilgrims=pilgrims,
                           shown=SHOWN)
