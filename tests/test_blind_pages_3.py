"""The We Forlorn Few new-game page refusing a terrain, as an outsider (round 19): the refused form
is drawn again with what was typed — and must say why (README: "a refused form keeps what was typed
and points at the field"), the reason the API gives for the same terrain. Three terrains the
referee refuses: no Newhaven, a tile next to one that is not laid out, a terrain kind the book does
not print. Written from README.md, the pages and GET /api/games/we-forlorn-few, through Flask's
test client, never the referee's code."""

import json
import re

import pytest
from markupsafe import escape

GAME = "we-forlorn-few"


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def tile(name, adjacent, kind="Wetlands"):
    laid = {"name": name, "adjacent": adjacent, "kind": kind,
            "travel_cost": {"food": 1, "water": 1, "wood": 0}}
    return laid if kind in ("Cedar Falls", "Newhaven") else {**laid, "resources": ["water"]}


TERRAINS = {
    "no_newhaven": [tile("CF", ["W1"], "Cedar Falls"), tile("W1", ["CF"])],
    "adjacent_not_laid_out": [tile("CF", ["W1"], "Cedar Falls"), tile("W1", ["NH"])],
    "unknown_kind": [tile("CF", ["W1"], "Cedar Falls"), tile("W1", ["NH"], "Jungle"),
                     tile("NH", [], "Newhaven")],
}


def page_text(html):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize("case", [
    "no_newhaven",
    "adjacent_not_laid_out",
    "unknown_kind",
])
def test_a_refused_terrain_is_drawn_again_with_the_reason_the_api_gives(client, case):
    terrain = TERRAINS[case]
    api = client.post("/api/sessions", json={"game": GAME, "players": ["Ann", "Bob"],
                                             "options": {"terrain": terrain}})
    assert api.status_code == 400
    reason = api.get_json()["error"]["message"]

    form = client.get(f"/play/new?game={GAME}").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', form)
    data = {"player": ["Ann", "Bob"], "options.terrain": json.dumps(terrain)}
    if csrf:
        data["csrf_token"] = csrf.group(1)
    refused = client.post(f"/play/new?game={GAME}", data=data)
    assert refused.status_code == 400
    html = refused.get_data(as_text=True)
    assert str(escape(json.dumps(terrain))) in html or json.dumps(terrain) in page_text(html)
    assert page_text(str(escape(reason))) in page_text(html), reason
