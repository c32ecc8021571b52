"""Outsider browser scenarios round 19 (pages 2): the pages on a phone when the deferred scripts
have not run yet — the same race CI found in the calculator this morning (fe04f8b): a player picks
or types before the page's script is there, and nothing the script listens for ever fires. Pilgrims'
new-game form (pilgrims.js ticks a quest tile's letter from its mission), and the Avignon, We
Forlorn Few and Journey calculators typed before calculator.js ran (each fails on the script before
fe04f8b, served in its place), the table page opened before table.js ran, and We Forlorn Few's
terrain typed as tile lines (wff-new.js) in a form that is refused. Written from the pages and the
rulebook only, never the referee's code."""

import json

import pytest

from .conftest import screenshot
from .test_pilgrims_in_browser import CAMPFIRES


def hold(page, script):
    """The page's request for `script` is held; the list the held route lands in."""
    held = []
    page.route(f"**/static/js/{script}", lambda route: held.append(route))
    return held


def release(page, held):
    page.wait_for_function("() => true")  # let the held request reach the handler
    assert len(held) == 1
    held[0].continue_()
    page.wait_for_load_state("load")


def test_pilgrims_missions_picked_as_the_script_runs_tick_their_letters(live_server, phone):
    # The control: pilgrims.js already there, the mission picks the letter (2c: tile B, 1a: A).
    page = phone()
    page.goto(f"{live_server}/play/new?game=pilgrims")
    page.select_option("#quest-0-mission", "2c")
    page.select_option("#quest-1-mission", "1a")
    assert page.is_checked("#quest-0-tile-B") and page.is_checked("#quest-1-tile-A")


def test_pilgrims_missions_picked_before_the_script_ran_tick_their_letters(live_server, phone):
    # A slow phone: the form is there, pilgrims.js is not. The table picks the left tile's mission
    # (2c, a B tile: its default letter is A) and the middle's (1a, an A tile: its default B).
    page = phone()
    held = hold(page, "pilgrims.js")
    page.goto(f"{live_server}/play/new?game=pilgrims", wait_until="commit")
    page.select_option("#quest-0-mission", "2c")
    page.select_option("#quest-1-mission", "1a")
    release(page, held)
    page.wait_for_function("document.querySelector('#quest-0-tile-B').checked", timeout=3000)
    assert page.is_checked("#quest-0-tile-B") and page.is_checked("#quest-1-tile-A")


def test_pilgrims_a_letter_that_does_not_match_its_mission_is_refused_and_kept_to_correct(
        live_server, browser):
    # What a table meets when the letter stays as it was (the page without its script): the form
    # sent with the mission 2c on a tile lettered A is refused naming it (a 4xx, not a 500, no
    # game), and the form comes back with what was typed.
    context = browser.new_context(viewport={"width": 360, "height": 740}, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"{live_server}/play/new?game=pilgrims")
        page.fill("#player-1", "Ann")
        page.fill("#player-2", "Bob")
        for space in CAMPFIRES:
            page.check(f"#camp-{space.replace(' ', '-')}")
        for place, (mission, cost) in enumerate([("2c", {"fist": "1", "speech": "1"}),
                                                 ("1b", {"leaf": "2"}),
                                                 ("5", {"speech": "1", "fist": "1", "leaf": "1"})]):
            page.select_option(f"#quest-{place}-mission", mission)
            for symbol, n in cost.items():
                page.select_option(f"#quest-{place}-cost-{symbol}", n)
        page.check("#leader-p1-sword")
        page.check("#leader-p2-notes")
        assert page.is_checked("#quest-0-tile-A") and page.is_checked("#quest-1-tile-B")
        with page.expect_response(lambda r: r.request.method == "POST") as posted:
            page.click("text=Start the game")
        assert 400 <= posted.value.status < 500, posted.value.status
        assert "/play/new" in page.url
        errors = page.locator("[role=alert]").all_inner_texts()
        assert any("2c" in error and "A tile" in error for error in errors), errors
        assert page.input_value("#player-1") == "Ann"
        assert page.locator("#quest-0-mission").input_value() == "2c"
        screenshot(page, "blind-pilgrims-letter-refused")
    finally:
        context.close()


# --- The calculators typed before calculator.js ran (fe04f8b's test was the Pilgrims page) -------

CALCULATORS = {
    # Rome's Congregation: the Vicar, the Scribe and the Nuncio: three cards, Rome wins.
    "avignon": ([("select", "congregations.rome#Vicar", "1"),
                 ("select", "congregations.rome#Scribe", "1"),
                 ("select", "congregations.rome#Nuncio", "1"),
                 ("select", "congregations.avignon#Ascetic", "1")],
                "Rome", "3", "Rome wins"),
    # Ann reached Newhaven, Bob still two tiles out: the first to reach Newhaven wins.
    "we-forlorn-few": ([("fill", "crossing", "5"), ("fill", "players.0.name", "Ann"),
                        ("select", "players.0.status", "arrived"),
                        ("fill", "players.1.name", "Bob"),
                        ("select", "players.1.status", "traveler"),
                        ("fill", "players.1.tiles_to_go", "2")],
                       "Ann", None, "Ann wins"),
    # The Quest won: the Pilgrims win together.
    "journey": ([("fill", "players.0", "Ann"), ("fill", "players.1", "Bob"),
                 ("select", "outcome", "victory")],
                "Bob", None, "win"),
}


@pytest.mark.parametrize("game", sorted(CALCULATORS))
def test_each_calculator_counts_what_was_typed_before_its_script_ran(live_server, phone, game):
    fields, player, total, winner = CALCULATORS[game]
    page = phone()
    held = hold(page, "calculator.js")
    page.goto(f"{live_server}/score/{game}", wait_until="commit")
    for kind, name, value in fields:
        field = f"[name='{name}']"
        page.fill(field, value) if kind == "fill" else page.select_option(field, value)
    assert not page.locator("td[data-player]").count()
    release(page, held)
    cell = page.locator(f"td[data-player='{player}']")
    cell.wait_for(timeout=15000)
    if total is not None:
        assert cell.inner_text() == total
    assert winner in page.locator("#calc-result .winner").inner_text()


# --- The table page opened before table.js ran ----------------------------------------------------

def test_something_else_opened_before_table_js_ran_still_gets_its_form(live_server, browser):
    # A slow phone: the table page is there, table.js is not (no service worker to serve it from
    # its cache). The player opens "Something else happened" and its Draw type before the script
    # runs: once it has run, the type holds its form, or its link opens the form's page.
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True,
                                  has_touch=True, bypass_csp=True, service_workers="block")
    try:
        page = context.new_page()
        page.goto(f"{live_server}/play/new?game=avignon")
        page.fill("#player-1", "Rosa")
        page.fill("#player-2", "Aldo")
        page.click("#quick-start")
        page.wait_for_selector("#invite-h")
        held = hold(page, "table.js")
        page.goto(page.url, wait_until="commit")
        page.click(".other-event > summary")
        page.click(".other-type-draw > summary")
        release(page, held)
        page.wait_for_timeout(1000)
        if page.locator(".other-type-draw form").count() == 0:
            page.click(".other-type-draw a.other-link")
            page.wait_for_load_state("load")
        page.wait_for_selector("form [name='event.character']")
        screenshot(page, "blind-other-form-before-script")
    finally:
        context.close()


# --- We Forlorn Few's terrain typed as lines, then refused -----------------------------------------

TILE_LINES = ["CF Cedar Falls cost 1 1 0 -> W1 F1",
              "W1 Wetlands cost 1 1 3 gather water food -> F1 D1",
              "F1 Forest cost 0 1 1 gather wood post -> D1",
              "D1 ? -> NH"]


def test_wff_tile_lines_typed_before_a_refusal_are_kept_to_finish(live_server, phone):
    # The table types its terrain one tile per line and forgets Newhaven: refused. The form comes
    # back; the table adds the missing line and starts the game with all five tiles.
    page = phone()
    page.goto(f"{live_server}/play/new?game=we-forlorn-few")
    page.fill("#player-1", "Ann")
    page.fill("#player-2", "Bob")
    page.fill("#wff-tiles", "\n".join(TILE_LINES))
    with page.expect_response(lambda r: r.request.method == "POST") as posted:
        page.click("form button[type=submit].primary")
    assert posted.value.status == 400
    page.wait_for_selector("#wff-tiles")
    assert page.input_value("#wff-tiles").split("\n") == TILE_LINES
    page.fill("#wff-tiles", page.input_value("#wff-tiles") + "\nNH Newhaven")
    terrain = json.loads(page.input_value("textarea[name='options.terrain']"))
    assert [tile["name"] for tile in terrain] == ["CF", "W1", "F1", "D1", "NH"]
