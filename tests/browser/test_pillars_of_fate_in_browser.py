"""Pillars of Fate on two phones (360×740): the new-game form, the Divine draft and Age I's quests
entered in the forms, cards played with the short form and by tapping a lane, a refused play with
its rule, undo, the last card of an Age and its summary, the calculator page, and axe-core on the
table. Screenshots go to tests/artifacts/pillars-of-fate-*.png."""

import json

from playwright.sync_api import expect

from tests.guard_cases.pillars_of_fate import last_card

from .conftest import check_accessibility, open_setup, screenshot, take_seat

LIVE_MS = 4000


def entered(page, seq: int) -> None:
    """Wait until the page shows the game at `seq` (no page-side eval: the pages' CSP forbids it)."""
    expect(page.locator("#live")).to_have_attribute("data-seq", str(seq), timeout=LIVE_MS)


def new_game(page, base, position=None) -> str:
    page.goto(f"{base}/play/new?game=pillars-of-fate")
    page.fill("#player-1", "Ana")
    page.fill("#player-2", "Ben")
    if position:
        open_setup(page)
        page.check("input[name=start][value=position]")
        page.fill("#position-json", json.dumps(position))
    screenshot(page, "pillars-of-fate-new-game")
    page.click("text=Start the game")
    page.wait_for_selector("#invite-h")
    return page.get_attribute("#join-link", "href")


def open_form(page, kind: str, who: str):
    kind_field = page.locator(f"input[name=type][value={kind}]")
    return page.locator("form.open-event").filter(has=kind_field).filter(has_text=who)


def test_two_phones_draft_begin_age_one_and_play(live_server, phone, axe_source):
    """Each phone holds one seat: it drafts, sees and plays its own cards."""
    ana = phone()
    join = new_game(ana, live_server)
    take_seat(ana, "Ana")
    assert "The Divine draft" in ana.locator(".board").inner_text()
    ben = phone()
    ben.goto(join)
    take_seat(ben, "Ben")

    # The draft: each player keeps one card and passes two, on their own phone.
    for page, who, kept, passed, seq in ((ana, "Ana", "Prophet", ("Klar", "Naka"), 1),
                                         (ben, "Ben", "Hadria", ("Steward", "Pentha"), 2)):
        entered(page, seq - 1)
        assert open_form(page, "draft_divine", "Ana" if who == "Ben" else "Ben").count() == 0
        form = open_form(page, "draft_divine", who)
        form.locator("select[name='event.kept']").select_option(kept)
        form.locator("select[name='event.passed.0']").select_option(passed[0])
        form.locator("select[name='event.passed.1']").select_option(passed[1])
        form.locator("button[type=submit]").click()
        entered(page, seq)
    entered(ana, 2)
    screenshot(ana, "pillars-of-fate-draft-done")

    # Age I: three quests, the modifier, Ana starts.
    form = open_form(ana, "begin_age", "Ana")
    for i, (feather, scorpion) in enumerate(((3, -1), (2, 4), (-2, 3))):
        form.locator(f"[name='event.quests.{i}.feather']").fill(str(feather))
        form.locator(f"[name='event.quests.{i}.scorpion']").fill(str(scorpion))
    form.locator("select[name='event.modifier']").select_option("double_power")
    form.locator("select[name='event.first_player']").select_option("sun")
    form.locator("button[type=submit]").click()
    entered(ana, 3)
    board = ana.locator(".board")
    assert board.locator(".pof-lane-card").count() == 3
    assert "Each first card played will have its power doubled." in board.inner_text()

    # Ana plays a card she did not enter, with the short form: she taps the center lane on the
    # board, which narrows the choices to it and picks it in the form.
    card = ana.locator("form.pof-card-form")
    ana.locator(".pof-lane-card.thing-tap[data-thing=center]").click()
    assert "Moves about" in ana.locator("#narrowed").inner_text()
    assert card.locator("input[name='event.lane'][value=center]").is_checked()
    card.locator("input[name='event.power']").fill("6")
    card.locator("input[name='event.feathers']").fill("1")
    card.locator("button[type=submit]").click()
    entered(ana, 4)
    assert "Pillar: Ana" in ana.locator(".pof-center").inner_text()
    assert "Power Ana 12" in ana.locator(".pof-center").inner_text()  # doubled, first card
    entered(ben, 4)
    screenshot(ana, "pillars-of-fate-first-card", tablet=True)  # 3: a seat per phone

    # Ben plays face down in the center; then Ana tries a second face-down card there: refused.
    card = ben.locator("form.pof-card-form")
    card.locator("input[name='event.lane'][value=center]").check()
    card.locator("input[name='event.face'][value=down]").check()
    card.locator("input[name='event.power']").fill("7")
    card.locator("button[type=submit]").click()
    entered(ben, 5)
    entered(ana, 5)
    assert "face down" in ana.locator(".pof-center .pof-col-moon").inner_text()
    card = ana.locator("form.pof-card-form")
    card.locator("input[name='event.lane'][value=center]").check()
    card.locator("input[name='event.face'][value=down]").check()
    card.locator("input[name='event.power']").fill("3")
    card.locator("button[type=submit]").click()
    ana.wait_for_selector(".message.violation")
    assert "1 card per lane may be played face down." in ana.locator(".message.violation").inner_text()
    screenshot(ana, "pillars-of-fate-refused")

    # Ana plays her Prophet (its power and icons as printed on it).
    divine = ana.locator("form.pof-divine-form")
    divine.locator("select[name='event.divine']").select_option("Prophet")
    divine.locator("input[name='event.lane'][value=left]").check()
    divine.locator("input[name='event.power']").fill("4")
    divine.locator("input[name='event.feathers']").fill("1")
    divine.locator("button[type=submit]").click()
    entered(ana, 6)
    assert "Prophet" in ana.locator(".pof-lane-card").first.inner_text()

    # Undo names the play and takes it back.
    assert "Prophet" in ana.locator("#undo-what").inner_text()
    ana.locator("button.undo").click()
    entered(ana, 7)
    assert "Prophet" not in ana.locator(".pof-lane-card").first.inner_text()
    assert check_accessibility(ana, axe_source) == []


def test_the_last_card_of_an_age_and_its_summary(live_server, phone):
    ana = phone()
    new_game(ana, live_server, last_card())
    row = ana.locator(".pof-play-row").filter(has_text="5 · 1 scorpion")
    screenshot(ana, "pillars-of-fate-last-card")
    ana.locator(".pof-lane-card[data-thing=center]").click()  # the board: only the center's plays
    plays = ana.locator(".pof-plays button.choice")
    shown = [plays.nth(i).inner_text() for i in range(plays.count()) if plays.nth(i).is_visible()]
    assert shown and all(text.startswith("Center") for text in shown), shown
    assert f"Moves about Center: {len(shown)}" in ana.locator("#narrowed").inner_text()
    screenshot(ana, "pillars-of-fate-tapped-lane", tablet=True)  # 5: the board
    ana.locator("#narrowed .show-all").click()
    assert plays.nth(0).is_visible() and not ana.locator("#narrowed").count()
    row.locator("button", has_text="Center").first.click()
    entered(ana, 1)
    summary = ana.locator(".pof-summary")
    assert "Age I is over" in summary.inner_text()
    assert "Prophet: won the left lane" in summary.inner_text()
    screenshot(ana, "pillars-of-fate-age-end")


def test_the_calculator_on_a_phone(live_server, phone):
    page = phone()
    page.goto(f"{live_server}/score/pillars-of-fate")
    lane = "ages.0.lanes.left"
    page.fill(f"[name='{lane}.quest.feather']", "3")
    page.fill(f"[name='{lane}.quest.scorpion']", "-1")
    page.fill(f"[name='{lane}.sun.0.power']", "5")
    page.fill(f"[name='{lane}.sun.0.feathers']", "2")
    page.fill(f"[name='{lane}.moon.0.power']", "2")
    page.fill(f"[name='{lane}.moon.0.scorpions']", "1")
    page.select_option(f"[name='{lane}.pillar']", "sun")
    page.select_option("[name='ages.0.modifier']", "no_suit")
    for other in ("center", "right"):
        page.fill(f"[name='ages.0.lanes.{other}.quest.feather']", "1")
        page.fill(f"[name='ages.0.lanes.{other}.quest.scorpion']", "1")
        page.select_option(f"[name='ages.0.lanes.{other}.pillar']", "sun")
    # an Age is scored once every lane is full: the rest of each column (Sun's with a feather,
    # so that no lane is tied on suit)
    for name in ("left", "center", "right"):
        for seat, power in (("sun", "3"), ("moon", "1")):
            for nth in range(3):
                field = f"[name='ages.0.lanes.{name}.{seat}.{nth}.power']"
                if not page.input_value(field):
                    page.fill(field, power)
                    if seat == "sun":
                        page.fill(field.replace(".power", ".feathers"), "1")
    page.click("button[name=calculate]")
    page.wait_for_selector("#calc-result .scores")
    assert "Lane by lane" in page.content()
    screenshot(page, "pillars-of-fate-calculator")
