"""Pilgrims on a phone (360×740): the new-game form (campfires tapped on the map, quest tiles with
their cost counts, leaders' symbols), setup and a few turns by tapping legal choices and filling
the open forms, an illegal entry refused with its rule quoted, undo, and axe-core on the table.
Screenshots go to tests/artifacts/pilgrims-*.png."""

import re

from .conftest import check_accessibility, screenshot

CAMPFIRES = ["1 3", "2 2", "2 4", "4 2", "4 4", "5 3"]


def fill_new_game(page, base, players):
    """The new-game form: players, the campfires tapped on the map, three quest tiles (the mission
    picks the tile's letter with JavaScript; the cost is a count per symbol)."""
    page.goto(f"{base}/play/new?game=pilgrims")
    for number, name in enumerate(players, start=1):
        page.fill(f"#player-{number}", name)
    for space in CAMPFIRES:
        page.check(f"#camp-{space.replace(' ', '-')}")
    for place, (mission, cost) in enumerate([("2c", {"fist": "1", "speech": "1"}),
                                             ("1a", {"leaf": "2"}),
                                             ("5", {"speech": "1", "fist": "1", "leaf": "1"})]):
        page.select_option(f"#quest-{place}-mission", mission)
        for symbol, n in cost.items():
            page.select_option(f"#quest-{place}-cost-{symbol}", n)


def new_pilgrims_game(page, base):
    fill_new_game(page, base, ["Ann", "Bob"])
    assert page.is_checked("#quest-0-tile-B") and page.is_checked("#quest-1-tile-A")
    page.check("#leader-p1-sword")
    page.check("#leader-p2-notes")
    screenshot(page, "pilgrims-new-game")
    page.click("text=Start the game")
    page.wait_for_selector("#invite-h")
    return page.url.split("?")[0]


def seq(page) -> int:
    return int(page.get_attribute("#live", "data-seq"))


def entered(page, count: int) -> None:
    page.wait_for_function(f"document.getElementById('live').dataset.seq === '{count}'")


def test_pilgrims_from_the_new_game_form_through_setup_and_turns(live_server, phone, axe_source):
    page = phone()
    table = new_pilgrims_game(page, live_server)
    board = page.locator(".board")
    assert board.locator(".pg-map .pg-cell").count() == 25
    assert board.locator(".pg-map .pg-camp").count() == 6
    assert "Round 1 of 4" in board.inner_text()
    assert page.locator(".pg-quests li").count() == 3

    # Setup: Bob (the last player) chooses a corner first, entering the two item cards.
    form = page.locator("#pg-corner")
    assert "Bob: choose a corner" in form.inner_text()
    form.locator("label[for=corner-1]").click()  # A1
    form.locator("label[for='pg-corner-item-item-card-adventure-fist']").click()
    form.locator("label[for='pg-corner-item-item-card-activation-sword']").click()
    form.locator("label[for='pg-corner-drawn-item-card-adventure-leaf']").click()
    form.locator("label[for='pg-corner-drawn-item-card-activation-notes']").click()
    screenshot(page, "pilgrims-corner")
    form.locator("button[type=submit]").click()
    entered(page, 1)
    assert "Ann: choose a corner" in page.locator("#pg-corner").inner_text()
    page.click("#pg-corner label[for=corner-3]")  # E5 (A1 is taken)
    page.click("label[for='pg-corner-item-item-card-adventure-speech']")
    page.click("label[for='pg-corner-item-item-card-activation-sword']")
    page.click("label[for='pg-corner-drawn-item-card-adventure-coin']")
    page.click("label[for='pg-corner-drawn-item-card-activation-star']")
    page.click("#pg-corner button[type=submit]")
    entered(page, 2)
    assert page.locator(".pg-map .pg-fig").count() == 2

    # Ann's first turn: movement space 1, tap D4 (a campfire), enter the companion taken.
    move = page.locator("#pg-move")
    assert "Ann: move" in move.inner_text()
    move.locator("label[for=token-1]").click()
    move.locator("label[for=to-4-4]").click()
    assert move.locator(".pg-alt-item-card").is_hidden()  # a campfire gives a companion
    move.locator("label[for='pg-move-card-companion-card-types-beast']").click()
    move.locator("label[for='pg-move-card-companion-card-activation-notes']").click()
    screenshot(page, "pilgrims-move")
    move.locator("button[type=submit]").click()
    entered(page, 3)
    assert "beast" in page.locator(".pg-board.pg-p1").inner_text()

    # Activate: the buttons read like the table.
    play = page.locator(".choices-activate button.choice >> text=Play speech/sword under the leader")
    assert play.count() == 1
    play.click()
    entered(page, 4)
    assert "holds" in page.locator(".pg-board.pg-p1").inner_text()

    # An illegal entry through "Something else happened": a second activation this turn.
    page.click(".other-event > summary")
    page.click(".other-type-activate > summary")
    page.fill("#other-activate-f-event-hand", "1")
    page.fill("#other-activate-f-event-character", '"leader"')
    page.click("#other-activate button[type=submit]")
    page.wait_for_selector(".message.violation")
    violation = page.locator(".message.violation")
    assert "Not allowed" in violation.inner_text()
    assert "“" in violation.locator(".rule-quote").inner_text()
    assert re.match(r"/rules/pilgrims#", violation.locator(".rule-quote a").get_attribute("href"))
    assert seq(page) == 4
    screenshot(page, "pilgrims-illegal")

    # Undo names what it undoes; then end the turn with Replenish, Bob is next.
    undo = page.locator("button.undo")
    assert "Ann: Play speech/sword under the leader" in page.locator("#undo-what").inner_text()
    undo.click()
    page.wait_for_selector(".message.done >> text=Undone")
    assert "holds" not in page.locator(".pg-board.pg-p1 .pg-party").inner_text()
    page.click(".choices-gain_clover button.choice")
    entered(page, 6)
    page.click(".choices-replenish button.choice >> text=Replenish and end the turn")
    entered(page, 7)
    assert page.locator(".status .turn").inner_text().startswith("Bob")
    assert page.locator(".pg-board.pg-p2.acting").count() == 1
    screenshot(page, "pilgrims-table")

    page.goto(table)
    assert check_accessibility(page, axe_source) == []


def test_the_pilgrims_table_works_without_javascript(live_server, browser, phone):
    page = phone()
    table = new_pilgrims_game(page, live_server)
    join = page.get_attribute("#join-link", "href")
    context = browser.new_context(viewport={"width": 360, "height": 740}, java_script_enabled=False)
    try:
        old = context.new_page()
        old.goto(join)
        old.click(".seat-choice:has-text('Bob')")  # Bob chooses a corner first
        old.click("#pg-corner label[for=corner-2]")  # E1
        for field in ("item-item-card-adventure-leaf", "item-item-card-activation-star",
                      "drawn-item-card-adventure-fist", "drawn-item-card-activation-sword"):
            old.click(f"label[for='pg-corner-{field}']")
        old.click("#pg-corner button[type=submit]")
        assert "Entered:" in old.locator(".message.done").inner_text()
        assert old.url.startswith(table)
    finally:
        context.close()
