"""Pilgrims solo on a phone (360×740): one player against the falconer, from the new-game form
through the corner, one full player turn and one full falconer turn (both figures, the display
entered, his adventure phase, the replenish), all by tapping the pages; axe-core on the solo table.
Screenshots go to tests/artifacts/solo-*.png."""

from .conftest import check_accessibility, screenshot
from .test_pilgrims_in_browser import entered, fill_new_game

# The five display cards as the table shows them: level, VP, items cost (a count per symbol).
DISPLAY = [(1, 3, {"fist": "1"}), (1, 4, {"leaf": "2"}), (1, 5, {"speech": "1", "fist": "1"}),
           (2, 8, {"leaf": "2", "coin": "1"}), (2, 9, {"fist": "3"})]


def new_solo_game(page, base):
    fill_new_game(page, base, ["Ann"])
    page.check("#leader-p1-sword")
    page.locator("label[for=solo-medium]").click()
    screenshot(page, "solo-new-game")
    page.click("text=Start the game")
    page.wait_for_selector("#invite-h")
    return page.url.split("?")[0]


def card(form, prefix: str, kind: str, **fields) -> None:
    """Tap a card's symbol chips: card(form, "pg-corner-item", "item-card", adventure="fist")."""
    for key, value in fields.items():
        form.locator(f"label[for='{prefix}-{kind}-{key}-{value}']").click()


def test_a_solo_game_plays_a_player_turn_and_a_falconer_turn(live_server, phone, axe_source):
    page = phone()
    table = new_solo_game(page, live_server)
    assert page.locator(".status .turn").inner_text().startswith("Ann")
    legend = page.locator(".pg-legend").inner_text()
    assert "falcon" in legend and "falconer" in legend
    assert "medium" in page.locator(".pg-board.pg-falconer").inner_text()
    assert page.locator(".pg-map .pg-fig").count() == 2  # both falconer figures on C3
    screenshot(page, "solo-table")

    # Setup: Ann's corner (E5), its item card, her drawn card and the falconer's two item cards.
    corner = page.locator("#pg-corner")
    corner.locator("label[for=corner-4]").click()  # E5
    card(corner, "pg-corner-item", "item-card", adventure="speech", activation="sword")
    card(corner, "pg-corner-drawn", "item-card", adventure="coin", activation="star")
    card(corner, "pg-corner-f0", "item-card", adventure="fist", activation="notes")
    card(corner, "pg-corner-f1", "item-card", adventure="leaf", activation="compass")
    screenshot(page, "solo-corner")
    corner.locator("button[type=submit]").click()
    entered(page, 1)
    assert "Hand 2" in page.locator(".pg-board.pg-falconer").inner_text()

    # Ann's turn: move to D4 (a campfire: a companion), play her item under the leader, replenish.
    move = page.locator("#pg-move")
    move.locator("label[for=token-1]").click()
    move.locator("label[for=to-4-4]").click()
    card(move, "pg-move-card", "companion-card", types="beast", activation="notes")
    screenshot(page, "solo-move")
    move.locator("button[type=submit]").click()
    entered(page, 2)
    page.click(".choices-activate button.choice >> text=Play speech/sword under the leader")
    entered(page, 3)
    assert "Ann: Play speech/sword under the leader" in page.locator(".message.done").inner_text()
    screenshot(page, "solo-activated")
    page.click(".choices-replenish button.choice")
    entered(page, 4)

    # The falconer's turn, entered by Ann from the solo cards she flips: the falcon, then him.
    assert "falconer" in page.locator(".status .phase").inner_text().lower()
    falcon = page.locator("details.pg-open-falconer_move")
    assert "falcon" in falcon.locator("> summary").inner_text()
    falcon.locator("> summary").click()
    fill_falconer_move(falcon, reward="clover", arrow="right", to="2 3",
                       item={"adventure": "fist", "activation": "star"})
    screenshot(page, "solo-falcon")
    falcon.locator("button[type=submit]").click()
    entered(page, 5)
    assert "Falconer: the falcon moves to C2" in page.locator(".message.done").inner_text()
    falconer = page.locator("details.pg-open-falconer_move")
    assert "falconer" in falconer.locator("> summary").inner_text()
    assert falconer.get_attribute("open") is not None  # kept open across the live update
    fill_falconer_move(falconer, reward="none", arrow="left", to="3 2",
                       item={"adventure": "leaf", "activation": "sword"})
    falconer.locator("button[type=submit]").click()
    entered(page, 6)
    screenshot(page, "solo-falconer-moved")

    # His adventure phase looks at the display: its five cards are entered first.
    for n, (level, points, cost) in enumerate(DISPLAY, start=1):
        reveal = page.locator("details.pg-open-reveal").first
        if reveal.get_attribute("open") is None:
            reveal.locator("> summary").click()
        prefix = reveal.locator("fieldset.pg-cardfields").get_attribute("data-prefix")
        assert reveal.locator(f"[id='{prefix}-adventure-card-level-{level}']").is_checked()
        reveal.locator(f"[id='{prefix}-adventure-card-points']").select_option(str(points))
        for symbol, count in cost.items():
            reveal.locator(f"[id='{prefix}-adventure-card-cost-{symbol}']").select_option(count)
        if n == 1:
            screenshot(page, "solo-reveal")
        reveal.locator("button[type=submit]").click()
        entered(page, 6 + n)
    assert page.locator(".pg-display .pg-unknown").count() == 0
    page.click(".choices-falconer_adventure button.choice")
    entered(page, 12)
    page.click(".choices-replenish button.choice")
    entered(page, 13)
    assert page.locator(".status .turn").inner_text().startswith("Ann")
    assert "Round 1 of 4" in page.locator(".pg-round").inner_text()
    screenshot(page, "solo-next-turn")

    page.goto(table + "/log")
    log = page.locator(".log-list").inner_text()
    assert "Falconer: the falconer moves to B3" in log and "{" not in log
    screenshot(page, "solo-log")

    page.goto(table)
    assert check_accessibility(page, axe_source) == []


def fill_falconer_move(form, reward, arrow, to, item):
    form.locator(f"label:has(input[name='event.reward'][value='{reward}'])").click()  # chips
    form.locator(f"label:has(input[name='event.arrow'][value='{arrow}'])").click()
    form.locator(f".pg-grid label[for$='-{to.replace(' ', '-')}']").click()  # tapped on the grid
    prefix = form.locator("fieldset.pg-cardfields").first.get_attribute("data-prefix")
    for key, value in item.items():
        form.locator(f"label[for='{prefix}-item-card-{key}-{value}']").click()
