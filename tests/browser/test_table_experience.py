"""The table at a real table (issue 17), on a phone (360×740) and a tablet (768×1024): the
connection is honest (a tap while offline waits and is entered once when the connection is back; a
lost answer is retried with the same client id and entered once), a refused or incomplete form keeps
what was typed and points at the field in a player's words. Screenshots: tests/artifacts/table-*.png.
"""

import re

import pytest

from .conftest import ARTIFACTS, check_accessibility, screenshot, take_seat
from .test_pilgrims_in_browser import new_pilgrims_game
from .test_play_in_browser import new_avignon_game, seq

VIEWPORTS = {"phone": {"width": 360, "height": 740}, "tablet": {"width": 768, "height": 1024}}


@pytest.fixture(params=sorted(VIEWPORTS))
def device(request, browser):
    """A phone or a tablet: its own context (cookies), touch."""
    context = browser.new_context(viewport=VIEWPORTS[request.param], device_scale_factor=1,
                                  is_mobile=True, has_touch=True, bypass_csp=True)
    context.set_default_timeout(8000)
    page = context.new_page()
    page.device_name = request.param
    yield page
    context.close()


def shot(page, name: str) -> None:
    screenshot(page, f"table-{name}-{page.device_name}")


def test_a_tap_while_offline_waits_says_so_and_is_entered_once_when_back(live_server, device,
                                                                       axe_source):
    page = device
    new_avignon_game(page, live_server)
    table = page.url
    assert page.locator("#conn .conn-text").inner_text() == "live"
    # a "Something else happened…" form opened while online (fetched once, then kept)
    page.click(".other-event > summary")
    page.click(".other-type-chastise > summary")
    page.wait_for_selector("#other-chastise")

    page.context.set_offline(True)
    page.wait_for_selector("body[data-conn=offline]")
    assert page.locator("#conn .conn-text").inner_text() == "offline"
    page.click(".choices-beseech button.choice >> text=Vicar")
    outbox = page.locator("#outbox")
    outbox.wait_for(state="visible")
    assert "Not sent yet: Vicar" in outbox.inner_text()
    assert "when the connection is back" in outbox.inner_text()
    assert page.url == table and seq(page) == 0  # the page stays: never the browser's error page
    # a second tap while the first waits is not lost silently: it says why it was not sent
    page.select_option("#other-chastise [name='event.path']", "2")
    page.click("#other-chastise button[type=submit]")
    assert "still waiting for the connection" in page.locator("#announce").inner_text()
    shot(page, "offline-outbox")
    assert check_accessibility(page, axe_source) == []

    page.context.set_offline(False)
    page.wait_for_selector(".message.done")
    assert "Vicar" in page.locator(".message.done").inner_text()
    assert seq(page) == 1 and outbox.is_hidden()
    # the form opened before the update is drawn again, kept (not fetched), at the new seq
    assert page.input_value("#other-chastise input[name=expected_seq]") == "1"
    page.wait_for_selector("body[data-conn=online]")
    assert page.locator("#conn .conn-text").inner_text() == "live"
    log = page.request.get(f"{live_server}/play/{table.rsplit('/', 1)[1].split('?')[0]}/state.json")
    assert log.json()["seq"] == 1


def test_a_lost_answer_is_retried_with_the_same_client_id_and_entered_once(live_server, phone):
    page = phone()
    page.clock.install()  # the page's timers (poll, retry) run only when the test moves the clock
    new_avignon_game(page, live_server)
    table = page.url.split("?")[0]
    posts, held = [], []

    def lose_the_first_answer_and_hold_the_retry(route):
        posts.append(route.request.post_data)
        if len(posts) == 1:
            route.fetch()  # the server enters the event…
            route.abort()  # …and its answer never reaches the phone
        else:
            held.append(route)

    page.route(re.compile(r".*/event$"), lose_the_first_answer_and_hold_the_retry)
    page.route(lambda url: url == table, lambda route: (
        held.append(route) if route.request.resource_type == "fetch" else route.continue_()))
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    page.click(".choices-beseech button.choice >> text=Vicar")
    page.wait_for_selector("#outbox:has-text('Not sent yet')")
    # a poll sees the entered event while the tap still waits (its retry is due in a second)
    with page.expect_response(lambda r: "/state.json" in r.url and r.status == 200):
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.clock.run_for(1)
    while not any(route.request.method == "POST" for route in held):
        page.wait_for_timeout(50)
    [retry] = [route for route in held if route.request.method == "POST"]
    retry.continue_()
    page.wait_for_selector(".message.done")
    # a refresh the poll started (if any) answers after the tap's answer: it must not hide it
    for refresh in [route for route in held if route.request.method == "GET"]:
        with page.expect_response(table):
            refresh.continue_()
        page.wait_for_timeout(300)
    assert page.locator(".message.done").count() == 1
    assert len(posts) == 2
    ids = [re.search(r'name="client_id"\r\n\r\n(\w+)', body).group(1) for body in posts]
    assert ids[0] == ids[1]
    assert seq(page) == 1  # entered once: the retry was recognised, not refused as stale
    assert page.locator(".message.stale").count() == 0


def test_a_refused_form_keeps_what_was_typed_and_points_at_the_field(live_server, device):
    page = device
    new_pilgrims_game(page, live_server)
    for corner, item, drawn in ((1, ("fist", "sword"), ("leaf", "notes")),
                                (3, ("speech", "sword"), ("coin", "star"))):
        page.click(f"#pg-corner label[for=corner-{corner}]")
        page.click(f"label[for='pg-corner-item-item-card-adventure-{item[0]}']")
        page.click(f"label[for='pg-corner-item-item-card-activation-{item[1]}']")
        page.click(f"label[for='pg-corner-drawn-item-card-adventure-{drawn[0]}']")
        page.click(f"label[for='pg-corner-drawn-item-card-activation-{drawn[1]}']")
        before = seq(page)
        page.click("#pg-corner button[type=submit]")
        page.wait_for_function(f"document.getElementById('live').dataset.seq === '{before + 1}'")

    # Ann moves to a campfire but forgets the companion she took: refused, nothing lost.
    move = page.locator("#pg-move")
    move.locator("label[for=token-1]").click()
    page.locator(".pg-map .thing-tap[data-thing='4 4']").click()  # the board's space: picked in the form
    assert page.is_checked("#to-4-4")
    move.locator("button[type=submit]").click()
    page.wait_for_selector("#result .message.error")
    message = page.locator("#result .message.error").inner_text()
    assert "card" in message
    for internal in ("event.", "`", "level1", "_"):
        assert internal not in message
    assert page.is_checked("#token-1") and page.is_checked("#to-4-4")  # what was tapped stays
    pointed = page.locator("#pg-move [aria-invalid=true]")
    assert pointed.count() == 1
    assert pointed.evaluate("el => el === document.activeElement")
    assert page.locator("#pg-move .field-error").inner_text() == message.strip()
    shot(page, "refused-keeps-values")

    # the missing card added, the same form goes through
    move.locator("label[for='pg-move-card-companion-card-types-beast']").click()
    move.locator("label[for='pg-move-card-companion-card-activation-notes']").click()
    move.locator("button[type=submit]").click()
    page.wait_for_selector(".message.done")
    assert seq(page) == 3


def test_a_rule_refusal_keeps_the_form_as_it_was_filled(live_server, phone):
    page = phone()
    new_avignon_game(page, live_server, seat=None)
    take_seat(page, "Rosa")
    page.click(".choices-beseech button.choice >> text=Vicar")
    page.wait_for_selector(".message.done")
    page.click(".other-event > summary")
    page.click(".other-type-beseech > summary")
    page.select_option("#other-beseech-player", "rome")
    page.select_option("#other-beseech [name='event.path']", "3")
    page.click("#other-beseech button[type=submit]")
    page.wait_for_selector(".message.violation")
    assert page.locator(".other-event").evaluate("d => d.open")
    assert page.input_value("#other-beseech-player") == "rome"
    assert page.input_value("#other-beseech [name='event.path']") == "3"
    assert seq(page) == 1
    assert ARTIFACTS.exists()


class Taps:
    """Counts the taps a person makes (names typed are not taps)."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def __call__(self, selector: str) -> None:
        self.page.locator(selector).first.click()
        self.count += 1


def test_setup_in_a_minute_names_then_a_quick_start_and_the_layout_dealt_on_the_table(
        live_server, device, axe_source):
    page = device
    page.goto(f"{live_server}/play/new?game=avignon")
    # the names and the quick start are on the first screen
    assert page.locator("#quick-start").bounding_box()["y"] < VIEWPORTS[page.device_name]["height"]
    rulings = page.locator("details.rulings")
    summary = " ".join(rulings.locator("> summary").text_content().split())
    assert summary == "Table rulings (defaults follow the rulebook)"
    assert not rulings.evaluate("d => d.open")
    words = rulings.inner_text() + rulings.evaluate("d => d.textContent")
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", words), re.findall(r"\b[a-z]+_[a-z_]+\b", words)
    shot(page, "new-game")
    rulings.locator("> summary").click()
    shot(page, "new-game-rulings")
    assert check_accessibility(page, axe_source) == []
    # 2: every page answers, a game with no referee too (a styled page, not a raw 404)
    page.goto(f"{live_server}/play/new?game=chess")
    assert "chess" in page.inner_text("main")
    shot(page, "unknown-game")
    page.goto(f"{live_server}/play/new?game=avignon")

    taps = Taps(page)
    page.fill("#player-1", "Rosa")
    page.fill("#player-2", "Aldo")
    taps("#quick-start")
    page.wait_for_selector("#invite-h")
    taps(".seat-picker .seat-choice >> text=I'm Rosa")
    page.wait_for_selector(".seat-cue >> text=you are Rosa")
    shot(page, "quick-start-table")
    # the five face-up cards, entered as they are dealt
    for _ in range(5):
        before = seq(page)
        taps(".choices button.choice")
        page.wait_for_function(f"document.getElementById('live').dataset.seq !== '{before}'")
    shot(page, "quick-start-dealt")
    print(f"\nAvignon setup taps besides names ({page.device_name}): {taps.count}")
    assert taps.count <= 10


FINAL_TURN = {"board": [
    {"path": 1, "character": "Vicar", "location": "rome"},
    {"path": 2, "character": "Scribe", "location": "nice"},
    {"path": 3, "character": "Nuncio", "location": "genoa"},
    {"path": 4, "character": "Ascetic", "location": "genoa"},
    {"path": 5, "character": "Canonist", "location": "genoa"}],
    "congregations": {"rome": ["Courtesan", "Courtesan"], "avignon": []},
    "turn": "rome", "first_turn": False}


def test_my_games_a_rematch_with_the_same_players_and_the_result_shared(live_server, device,
                                                                       axe_source):
    page = device
    # the share sheet: the phone's takes files (the picture is shared), the tablet's does not
    # (the picture is downloaded)
    page.add_init_script("navigator.share = (data) => { if (data.files) window.sharedImage = "
                         "data.files.map(f => [f.name, f.type, f.size]); else window.sharedResult = "
                         "data; return Promise.resolve(); }; navigator.canShare = (data) => "
                         f"{'true' if page.device_name == 'phone' else 'false'} && !!data.files;")
    page.goto(live_server + "/play/")
    created = page.request.post(live_server + "/api/sessions", data={
        "game": "avignon", "players": ["Rosa", "Aldo"], "position": FINAL_TURN,
        "options": {"win_timing": "immediately"}}).json()
    page.goto(f"{live_server}/play/{created['id']}/join?token={created['edit_token']}")
    page.click(".choices-beseech button.choice >> text=Vicar")
    page.wait_for_selector(".scores.final")
    share = page.locator(".share-result")
    assert share.is_visible()
    share.click()
    page.wait_for_function("() => window.sharedResult")
    shared = page.evaluate("() => window.sharedResult")
    assert shared["title"] == "Avignon: Pilgrimage"
    assert shared["text"].startswith("Avignon: Pilgrimage: Rosa wins (Rosa ")
    assert "Refereed by Tableside." in shared["text"]
    shot(page, "game-over-share")
    assert check_accessibility(page, axe_source) == []
    picture = f"tableside-{created['id']}.png"
    if page.device_name == "phone":
        page.click("a.share-image")
        page.wait_for_function("() => window.sharedImage")
        [(name, kind, size)] = page.evaluate("() => window.sharedImage")
        assert (name, kind) == (picture, "image/png") and size > 5000
        svg = page.request.get(f"{live_server}/play/{created['id']}/result.svg").body()
        (ARTIFACTS / "table-result-image.svg").write_bytes(svg)  # the picture, to look at
    else:
        with page.expect_download() as saved:
            page.click("a.share-image")
        assert saved.value.suggested_filename == picture

    # my games lists it, with a rematch
    page.goto(live_server + "/play/")
    mine = page.locator(".my-games li").filter(has_text=created["id"])
    assert "Rosa, Aldo" in mine.inner_text()
    mine.locator("a.rematch").click()
    assert page.input_value("#player-1") == "Rosa" and page.input_value("#player-2") == "Aldo"
    page.click("details.rulings > summary")
    assert page.is_checked("input[name='options.win_timing'][value=immediately]")  # same rulings
    page.click("#quick-start")
    page.wait_for_selector("#invite-h")
    rematch = page.url.split("/play/")[1].split("?")[0]
    assert rematch != created["id"]
    options = page.request.get(f"{live_server}/api/sessions/{rematch}").json()
    assert [p["name"] for p in options["players"]] == ["Rosa", "Aldo"]


def test_the_board_is_tappable_a_card_then_what_to_do_with_it(live_server, device, axe_source):
    page = device
    new_avignon_game(page, live_server)
    panel = page.locator("#card-1")
    assert panel.is_hidden()
    page.click(".card-tap[href='#card-1']")  # the Vicar on the map
    assert panel.is_visible()
    assert "Vicar" in panel.locator("h3").inner_text()
    assert panel.locator("button.choice").all_inner_texts() == ["Beseech", "Chastise",
                                                                 "Excommunicate"]
    assert panel.locator("a[href='#actions-h']").count() == 1  # the Vicar's petition has choices
    shot(page, "board-tap")
    assert check_accessibility(page, axe_source) == []
    # two columns on a tablet (the board left, what to do right); one column on a phone
    board, actions = page.locator("#live > .board").bounding_box(), page.locator("#actions").bounding_box()
    if page.device_name == "tablet":
        assert actions["x"] >= board["x"] + board["width"] and actions["y"] < board["y"] + board["height"]
    else:
        assert actions["y"] >= board["y"] + board["height"] and abs(actions["x"] - board["x"]) < 2
    panel.locator("button.choice >> text=Beseech").click()
    page.wait_for_selector(".message.done")
    assert "Beseech · Vicar" in page.locator(".message.done").inner_text()
    assert page.locator("#card-1").is_hidden()  # the panel closes once the move is in
