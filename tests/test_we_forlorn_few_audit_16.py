"""We Forlorn Few's new-game page (session 19, `audit21`): outsider finding 180 — a terrain the
referee refuses on a tile's own field (`options.terrain[1].adjacent`, `options.terrain.1.kind`) is
drawn again with that reason under the terrain's JSON box, which holds the whole list; a terrain
the referee accepts starts the game. (Finding 181, the tile lines written back into their box from
the JSON, is a browser test: tests/browser/test_blind_pages_2.py.)"""

import json
import re

import pytest

GAME = "we-forlorn-few"


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def tile(name, adjacent, kind="Wetlands"):
    laid = {"name": name, "adjacent": adjacent, "kind": kind,
            "travel_cost": {"food": 1, "water": 1, "wood": 0}}
    return laid if kind in ("Cedar Falls", "Newhaven") else {**laid, "resources": ["water"]}


def post_form(client, terrain):
    form = client.get(f"/play/new?game={GAME}").get_data(as_text=True)
    data = {"player": ["Ann", "Bob"], "options.terrain": json.dumps(terrain)}
    csrf = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', form)
    if csrf:
        data["csrf_token"] = csrf.group(1)
    return client.post(f"/play/new?game={GAME}", data=data)


def terrain_box(html):
    """The .field block of the terrain's JSON box."""
    start = html.index('name="options.terrain"')
    block_start = html.rindex('<div class="field', 0, start)
    return html[block_start:html.index("</div>", start)]


@pytest.mark.parametrize(("terrain", "words"), [
    ([tile("CF", ["W1"], "Cedar Falls"), tile("W1", ["NH"])], "is not laid out"),
    ([tile("CF", ["W1"], "Cedar Falls"), tile("W1", ["NH"], "Jungle"), tile("NH", [], "Newhaven")],
     "Jungle"),
], ids=["adjacent_not_laid_out", "unknown_kind"])
def test_a_tiles_own_error_is_shown_under_the_terrain_box(client, terrain, words):
    api = client.post("/api/sessions", json={"game": GAME, "players": ["Ann", "Bob"],
                                             "options": {"terrain": terrain}})
    assert api.status_code == 400 and api.get_json()["error"]["field"].startswith(
        "options.terrain")
    assert api.get_json()["error"]["field"] != "options.terrain"
    refused = post_form(client, terrain)
    assert refused.status_code == 400
    box = terrain_box(refused.get_data(as_text=True))
    assert 'class="field-error"' in box and words in box


def test_a_terrain_the_referee_accepts_starts_the_game(client):
    terrain = [tile("CF", ["W1"], "Cedar Falls"), tile("W1", ["NH"]), tile("NH", [], "Newhaven")]
    started = post_form(client, terrain)
    assert started.status_code == 303, started.get_data(as_text=True)[:500]
