"""The companion app in a real browser: phones at 360×740 playing Avignon, the Pilgrims calculator,
and an axe-core accessibility check. Screenshots go to tests/artifacts/."""

import re

from .conftest import check_accessibility, open_setup, screenshot, take_seat

FACE_UP = ["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"]
LIVE_MS = 2000  # an event entered on one phone shows on the others within two seconds


def new_avignon_game(page, base, seat="Rosa"):
    page.goto(f"{base}/play/new?game=avignon")
    page.fill("#player-1", "Rosa")
    page.fill("#player-2", "Aldo <b>")
    open_setup(page)
    for index, name in enumerate(FACE_UP):
        page.select_option(f"#face-up-{index}", name)
    screenshot(page, "new-game-avignon")
    page.click("text=Start the game")
    page.wait_for_selector("#invite-h")
    join = page.get_attribute("#join-link", "href")
    if seat:
        take_seat(page, seat)
    return join


def seq(page) -> int:
    return int(page.get_attribute("#live", "data-seq"))


def test_two_phones_play_avignon_live_with_an_illegal_move_and_undo(live_server, phone):
    rosa = phone()
    join = new_avignon_game(rosa, live_server)
    assert "/join?token=" in join
    assert rosa.locator(".status .turn").inner_text().startswith("Your turn")
    screenshot(rosa, "table-created", tablet=True)  # 1: the invite box

    # A second phone joins by the join link (the QR code's content) and gets edit rights;
    # the token leaves the address bar at once.
    aldo = phone()
    aldo.goto(join)
    assert "token" not in aldo.url
    assert aldo.locator(".actions").count() == 0  # first: who holds this phone?
    take_seat(aldo, "Aldo")
    assert aldo.locator(".actions").count() == 1
    assert "Aldo &lt;b&gt;" in aldo.content()  # names are escaped

    # A spectator with the view-only link sees the game but no controls, and never the token.
    spectator = phone()
    spectator.goto(rosa.get_attribute("#view-link", "href"))
    assert spectator.locator(".actions").count() == 0
    assert "token=" not in spectator.content()

    # Rosa (Rome) takes the first turn's single action; it appears on Aldo's phone, no reload.
    rosa.click(".choices-beseech button.choice >> text=Vicar")
    rosa.wait_for_selector(".message.done")
    assert "Vicar" in rosa.locator(".message.done").inner_text()
    assert "“" in rosa.locator(".message.done .rule-quote").first.inner_text()
    aldo.wait_for_function("document.getElementById('live').dataset.seq === '1'", timeout=LIVE_MS + 500)
    assert aldo.locator(".status .turn").inner_text().startswith("Your turn")
    spectator.wait_for_function("document.getElementById('live').dataset.seq === '1'",
                                timeout=LIVE_MS + 500)
    screenshot(aldo, "table-after-first-move")

    # Aldo takes BESEECH, then tries it again: the rules forbid the same action twice.
    aldo.click(".choices-beseech button.choice >> text=Scribe")
    aldo.wait_for_selector(".message.done")
    aldo.click(".other-event > summary")
    aldo.click(".other-type-beseech > summary")  # its form is fetched when opened
    aldo.select_option("#other-beseech-player", "avignon")
    aldo.select_option("#other-beseech [name='event.path']", "3")
    aldo.click("#other-beseech button[type=submit]")
    aldo.wait_for_selector(".message.violation")
    violation = aldo.locator(".message.violation")
    assert "Not allowed" in violation.inner_text()
    assert "same action may not be taken twice" in violation.inner_text()
    assert re.match(r"/rules/avignon#", violation.locator(".rule-quote a").get_attribute("href"))
    assert seq(aldo) == 2  # nothing changed
    screenshot(aldo, "table-illegal-move")

    # Undo, one tap, names what it undoes; Rosa's phone follows.
    undo = aldo.locator("button.undo")
    assert "Beseech" in aldo.locator("#undo-what").inner_text()
    assert "Aldo" in aldo.locator("#undo-what").inner_text()
    undo.click()
    aldo.wait_for_selector(".message.done >> text=Undone")
    rosa.wait_for_function("document.getElementById('live').dataset.seq === '3'", timeout=LIVE_MS + 500)
    rosa.goto(rosa.url.split("?")[0].split("#")[0] + "/log")
    assert rosa.locator(".log-list li.undone").count() == 1
    assert "Undo" in rosa.locator(".log-list").inner_text()
    screenshot(rosa, "log")


def test_a_phone_without_javascript_plays_and_a_stale_tap_says_what_changed(live_server, browser,
                                                                            phone):
    rosa = phone()
    join = new_avignon_game(rosa, live_server, seat=None)  # the table's phone enters for anyone
    context = browser.new_context(viewport={"width": 360, "height": 740}, java_script_enabled=False)
    try:
        old_phone = context.new_page()
        old_phone.goto(join)
        old_phone.click(".seat-choice:has-text('Aldo')")  # a form post: no script needed
        assert old_phone.locator(".seat-cue").inner_text() == "you are Aldo <b>"
        rosa.click(".choices-chastise button.choice >> text=Nuncio")  # Rome's single action
        rosa.wait_for_selector(".message.done")
        old_phone.reload()
        assert old_phone.locator(".choices-beseech button.choice").count() == 5
        rosa.click(".choices-beseech button.choice >> text=Vicar")  # the table enters for Aldo
        rosa.wait_for_selector(".message.done >> text=Beseech")
        old_phone.click(".choices-chastise button.choice >> nth=0")  # a page from before
        stale = old_phone.locator(".message.stale")
        assert "Nothing was entered" in stale.inner_text()
        assert "Beseech" in stale.inner_text()  # what changed meanwhile
        screenshot(old_phone, "table-stale-no-js")
        # The refreshed page (post/redirect/get, no script) plays on.
        assert seq(old_phone) == 2
        old_phone.click(".choices-chastise button.choice >> nth=0")
        assert "Entered:" in old_phone.locator(".message.done").inner_text()
        # "Something else happened…": a type's link opens a page with its form; a refusal comes
        # back on the table with that form drawn in place, as it was filled in
        old_phone.click(".other-event > summary")
        old_phone.click(".other-type-beseech > summary")
        old_phone.click(".other-type-beseech a.other-link")
        assert old_phone.locator("h1").inner_text() == "Beseech"
        old_phone.select_option("#other-beseech-player", "avignon")
        old_phone.select_option("#other-beseech [name='event.path']", "2")
        old_phone.click("#other-beseech button[type=submit]")
        assert "Not allowed" in old_phone.locator(".message.violation").inner_text()
        assert old_phone.input_value("#other-beseech [name='event.path']") == "2"
        assert seq(old_phone) == 3
    finally:
        context.close()


def test_finishing_a_game_shows_the_winner_the_breakdown_and_a_chart(live_server, phone):
    page = phone()
    page.goto(live_server + "/play/")
    created = page.request.post(live_server + "/api/sessions", data={
        "game": "avignon", "players": ["Rosa", "Aldo"],
        "position": {"board": [
            {"path": 1, "character": "Vicar", "location": "rome"},
            {"path": 2, "character": "Scribe", "location": "nice"},
            {"path": 3, "character": "Nuncio", "location": "genoa"},
            {"path": 4, "character": "Ascetic", "location": "genoa"},
            {"path": 5, "character": "Canonist", "location": "genoa"}],
            "congregations": {"rome": ["Courtesan", "Courtesan"], "avignon": []},
            "turn": "rome", "first_turn": False}}).json()
    page.goto(f"{live_server}/play/{created['id']}/join?token={created['edit_token']}")
    page.click(".choices-beseech button.choice >> text=Vicar")
    page.wait_for_selector(".scores.final")  # the third card ends the game: no replacement draw
    final = page.locator(".scores.final")
    assert "Rosa wins" in final.inner_text()
    assert "three cards" in final.inner_text()  # the rule that decided it, quoted
    assert final.locator("svg[role=img] rect").count() >= 2  # the chart
    assert page.locator(".actions h2").inner_text() == "The game is over"
    screenshot(page, "end-of-game")


def test_the_pilgrims_calculator_adds_up_as_you_type(live_server, phone):
    page = phone()
    page.goto(live_server + "/score/pilgrims")
    page.fill("[name='players.0.name']", "Ann")
    page.fill("[name='players.0.adventures*points;level=1']", "3 4")
    page.fill("[name='players.0.adventures*points;level=2']", "8")
    page.fill("[name='players.0.clovers']", "7")
    page.fill("[name='players.1.name']", "Bob")
    page.fill("[name='players.1.adventures*points;level=1']", "5 5 5")
    page.click("text=+ Add a player")  # works as a plain GET form too
    page.fill("[name='players.2.name']", "Cy")
    page.fill("[name='players.2.items']", "3")
    page.fill("[name='players.2.adventures*points;level=2']", "9 6")
    # the live result comes 350 ms after the last keystroke and one request later, on CI's two
    # loaded cores; Cy's fields may be typed before the reloaded page's calculator.js has run (the
    # test below)
    page.wait_for_selector("[data-player=Cy]", timeout=15000)
    totals = {cell.get_attribute("data-player"): cell.inner_text()
              for cell in page.locator("td[data-player]").all()}
    assert totals == {"Ann": "17", "Bob": "15", "Cy": "15"}
    assert "Ann wins" in page.locator(".winner").inner_text()
    screenshot(page, "score-pilgrims")


def test_the_calculator_counts_what_was_typed_before_its_script_loaded(live_server, phone):
    # a slow phone, or the page "+ Add a player" just reloaded: the fields take typing before the
    # deferred calculator.js runs, and no input event it could hear was fired
    page = phone()
    held = []
    page.route("**/static/js/calculator.js", lambda route: held.append(route))
    page.goto(live_server + "/score/pilgrims", wait_until="commit")
    page.fill("[name='players.0.name']", "Ann")
    page.fill("[name='players.0.clovers']", "7")
    page.fill("[name='players.1.name']", "Bob")
    page.wait_for_function("() => true")  # let the held request reach the handler
    assert len(held) == 1 and not page.locator("td[data-player]").count()
    held[0].continue_()
    page.wait_for_selector("[data-player=Ann]", timeout=15000)
    assert page.locator("td[data-player=Ann]").inner_text() == "2"  # 7 clovers: 2 points, as Ann's above


def test_no_serious_accessibility_violations(live_server, phone, axe_source):
    page = phone()
    rosa_join = new_avignon_game(page, live_server)
    table = page.url.split("?")[0]
    pages = {"home": "/", "rules": "/rules/avignon", "play": "/play/",
             "new game": "/play/new?game=avignon", "score": "/score/pilgrims?count=2&calculate=1"
             "&players.0.name=Ann&players.0.items=1&players.1.name=Bob&players.1.items=0"}
    found = {}
    for name, path in pages.items():
        page.goto(live_server + path)
        found[name] = check_accessibility(page, axe_source)
    page.goto(rosa_join)
    page.click(".other-event > summary")
    page.click(".other-type-beseech > summary")
    page.wait_for_selector("#other-beseech")
    found["table"] = check_accessibility(page, axe_source)
    page.goto(table + "/log")
    found["log"] = check_accessibility(page, axe_source)
    assert {name: v for name, v in found.items() if v} == {}


def test_a_walk_through_avignon_on_two_phones(live_server, phone):
    """A few turns the way a table plays them: an excommunication and the card drawn for it, a
    petition with its choice, an illegal move, undo, the log and the end: each step screenshotted
    (walk-*.png) for a person to look at."""
    rosa = phone()
    join = new_avignon_game(rosa, live_server)
    aldo = phone()
    aldo.goto(join)
    take_seat(aldo, "Aldo")

    def after(page, count):
        page.wait_for_function(f"document.getElementById('live').dataset.seq === '{count}'",
                               timeout=LIVE_MS + 500)

    rosa.click(".choices-excommunicate button.choice >> text=Vicar")
    after(rosa, 1)
    assert "Draw" in rosa.locator(".status .phase").inner_text()
    assert "Draw a card from the deck for path 1" in rosa.locator(".draw-note").inner_text()
    screenshot(rosa, "walk-draw")
    rosa.click(".choices-draw button.choice >> text=Courtesan")
    after(rosa, 2)
    assert rosa.locator(".message.done .told").inner_text() == "Rosa: Draw · Courtesan (path 1)"
    after(aldo, 2)
    assert aldo.locator(".log-list .told").first.inner_text() == "Rosa: Draw · Courtesan (path 1)"
    assert "Rosa: Excommunicate · Vicar (path 1)" in aldo.locator(".log-list").inner_text()

    # Aldo petitions the Scribe (path 2) to pull the Courtesan next to it: a long list, picked in
    # two steps (the character, then what it does).
    aldo.click(".choices-petition > summary")
    aldo.click(".choices-petition .step > summary >> text=Scribe")
    screenshot(aldo, "walk-petition-two-steps", tablet=True)  # 5: two steps
    aldo.click(".choices-petition button.choice >> text=Scribe: pull Courtesan")
    after(aldo, 3)
    assert aldo.locator(".message.done .told").inner_text() == "Aldo <b>: Petition · Scribe: pull Courtesan"
    screenshot(aldo, "walk-petition")

    # An illegal move: the same action twice; the phone says what was entered and why not.
    aldo.click(".other-event > summary")
    aldo.click(".other-type-petition > summary")
    aldo.select_option("#other-petition-player", "avignon")
    aldo.select_option("#other-petition [name='event.path']", "3")
    aldo.click("#other-petition button[type=submit]")
    aldo.wait_for_selector(".message.violation")
    refused = aldo.locator(".message.violation").inner_text()
    assert "You entered: Aldo <b>: Petition · Nuncio (path 3)" in refused
    screenshot(aldo, "walk-illegal")

    # Undo names it; the redo button offers it back.
    aldo.click("button.undo")
    aldo.wait_for_selector(".message.done >> text=Undone")
    assert "Aldo <b>: Petition · Scribe: pull Courtesan" in aldo.locator("button.redo").inner_text()
    screenshot(aldo, "walk-undone")
    aldo.click("button.redo")
    after(aldo, 5)

    aldo.goto(aldo.url.split("?")[0].split("#")[0] + "/log")
    told = aldo.locator(".log-list .told").all_inner_texts()
    assert "Rosa: Excommunicate · Vicar (path 1)" in told and not any("{" in t or "[" in t for t in told)
    screenshot(aldo, "walk-log")
