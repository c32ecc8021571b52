"""A table's first evening with Tableside, one phone per player (360×740), in each of the five
games, learned from the pages and the rulebooks only: the game started from the home page, the
other phones joining by the join link and claiming their seats, the first turns tapped, the
mistakes a table makes (the wrong phone acting, a move the rules forbid, a number out of range, the
same tap twice) refused with the rule's sentence and nothing changed on any phone, undo followed by
the other phones, the rules asked from the table, hidden cards kept to their seat, the end of a
game and the calculator. Every phone is watched throughout: no console error, no request to
another host."""

from urllib.parse import urlparse

from playwright.sync_api import expect

from .conftest import check_accessibility, take_seat

LIVE_MS = 4000  # an event entered on one phone shows on the others without a reload


class Table:
    """The phones at the table, each watched for console errors and requests to another host."""

    def __init__(self, make_phone, base: str):
        self.make_phone, self.base = make_phone, base
        self.host = urlparse(base).netloc
        self.errors: list[str] = []
        self.foreign: list[str] = []

    def phone(self):
        page = self.make_phone()
        # a refused entry is a 4xx answer, which Chromium logs as "Failed to load resource": those
        # are counted by their responses instead (only a refused event may be a 4xx, never a 5xx)
        page.on("console", lambda m: m.type == "error" and not m.text.startswith(
            "Failed to load resource: the server responded with a status of 4")
            and self.errors.append(m.text))
        page.on("response", lambda r: r.status >= 400 and not (
            r.status < 500 and r.request.method == "POST" and r.url.endswith("/event"))
            and self.errors.append(f"{r.status} {r.request.method} {r.url}"))
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("request", lambda r: urlparse(r.url).scheme in ("http", "https")
                and urlparse(r.url).netloc != self.host and self.foreign.append(r.url))
        return page

    def assert_clean(self) -> None:
        assert self.errors == []
        assert self.foreign == []


def seq(page) -> int:
    return int(page.get_attribute("#live", "data-seq"))


def at(page, count: int) -> None:
    expect(page.locator("#live")).to_have_attribute("data-seq", str(count), timeout=LIVE_MS)


def start_from_home(page, base: str, title: str, names: list[str]) -> str:
    """Home → Play → the game → names → start; returns the join link."""
    page.goto(base + "/")
    page.click("nav a:has-text('Play')")
    page.click(f"main a:has-text('{title}')")
    for number, name in enumerate(names, start=1):
        page.fill(f"#player-{number}", name)
    return page.url


def game_id(page) -> str:
    return page.url.split("/play/")[1].split("?")[0].split("#")[0].split("/")[0]


def invite(page) -> str:
    page.wait_for_selector("#invite-h")
    return page.get_attribute("#join-link", "href")


def join(table: Table, link: str, name: str):
    page = table.phone()
    page.goto(link)
    take_seat(page, name)
    return page


def ask(page, question: str) -> None:
    page.fill("#ask-q", question)
    page.press("#ask-q", "Enter")
    page.wait_for_selector("h1:has-text('Ask the')")


def test_avignon_first_evening_two_phones(live_server, phone, axe_source):
    table = Table(phone, live_server)
    rosa = table.phone()
    start_from_home(rosa, live_server, "Avignon: Pilgrimage", ["Rosa", "Aldo"])
    rosa.click("#quick-start")
    link = invite(rosa)
    take_seat(rosa, "Rosa")
    aldo = table.phone()
    aldo.goto(link)
    assert "token" not in aldo.url
    # Aldo's phone cannot claim Rosa's seat by mistake: it is marked taken and cannot be tapped
    expect(aldo.locator(".seat-picker .seat-choice:has-text('Rosa')")).to_be_disabled()
    assert "(taken)" in aldo.locator(".seat-picker .seat-choice:has-text('Rosa')").inner_text()
    take_seat(aldo, "Aldo")

    # The five face-up cards dealt: tapped as they come off the deck, on Rosa's phone.
    for count in range(1, 6):
        rosa.locator(".choices-draw button.choice").first.click()
        at(rosa, count)
    at(aldo, 5)
    assert rosa.locator(".status .turn").inner_text().startswith("Your turn")
    assert aldo.locator(".status .turn").inner_text().startswith("Rosa")
    assert aldo.locator("#actions .legal button.choice").count() == 0
    assert check_accessibility(rosa, axe_source) == []

    # Rosa (Rome, who goes first) pulls the card on path 1: one tap; both phones follow.
    rosa.locator(".choices-beseech button.choice").first.click()
    at(rosa, 6)
    assert "“BESEECH: Pull a character one space.”" in rosa.locator(".message.done").inner_text()
    at(aldo, 6)
    assert aldo.locator(".status .turn").inner_text().startswith("Your turn")

    # Aldo taps Chastise twice in a hurry (a double tap): entered once, and Chastise is no longer
    # offered ("the same action may not be taken twice").
    before = aldo.locator(".board").inner_text()
    aldo.locator(".choices-chastise button.choice").first.dblclick()
    at(aldo, 7)
    aldo.wait_for_timeout(500)
    assert seq(aldo) == 7
    assert aldo.locator(".choices-chastise button.choice").count() == 0
    assert aldo.locator(".choices-beseech button.choice").count() == 5
    at(rosa, 7)

    # The wrong phone: Rosa enters a Beseech as herself on Aldo's turn, then one for Aldo.
    rosa.click(".other-event > summary")
    rosa.click(".other-type-beseech > summary")
    rosa.select_option("#other-beseech-player", "rome")
    rosa.select_option("#other-beseech [name='event.path']", "3")
    rosa.click("#other-beseech button[type=submit]")
    refusal = rosa.locator("#result .message.violation")
    expect(refusal).to_contain_text("It is Aldo's turn, not Rosa's.")
    assert "“Play then alternates between the players.”" in refusal.inner_text()
    assert "Nothing was changed." in refusal.inner_text()
    rosa.select_option("#other-beseech-player", "avignon")
    rosa.click("#other-beseech button[type=submit]")
    expect(rosa.locator("#result .message.error")).to_contain_text(
        "This phone plays for Rosa: this event is Aldo's to enter.")
    assert seq(rosa) == 7 and seq(aldo) == 7
    assert rosa.request.get(f"{live_server}/api/sessions/{game_id(rosa)}").json()["seq"] == 7

    # Undo from Aldo's phone: Rosa's phone shows the board as it was before the Chastise.
    assert "Aldo" in aldo.locator("#undo-what").inner_text()
    aldo.click("button.undo")
    aldo.wait_for_selector(".message.done >> text=Undone")
    at(rosa, 8)
    assert rosa.locator(".board").inner_text() == before
    assert aldo.locator(".board").inner_text() == before
    assert aldo.locator(".status .turn").inner_text().startswith("Your turn")

    # The rules, asked from the table page: the answer sentence first.
    ask(aldo, "who goes first")
    assert aldo.locator(".answer-text").inner_text() == "The Roman player goes first."
    ask(aldo, "how do I bake sourdough bread")
    assert "The rulebook doesn't seem to cover this." in aldo.locator(".not-covered").inner_text()
    assert aldo.locator(".answer-text").count() == 0
    table.assert_clean()


def open_form(page, kind: str, who: str):
    kind_field = page.locator(f"input[name=type][value={kind}]")
    return page.locator("form.open-event").filter(has=kind_field).filter(has_text=who)


def refusal(page):
    message = page.locator("#result .message.violation, #result .message.error")
    message.wait_for()
    return message.inner_text()


def test_pillars_of_fate_first_evening_the_draft_and_a_face_down_card(live_server, phone):
    table = Table(phone, live_server)
    ana = table.phone()
    start_from_home(ana, live_server, "Pillars of Fate", ["Ana", "Ben"])
    ana.click("text=Start the game")
    link = invite(ana)
    take_seat(ana, "Ana")
    ben = join(table, link, "Ben")
    session = game_id(ana)

    # The draft: the form offers the 2 cards the book passes; Ana passes one by mistake, refused
    # with Setup's step 4, nothing changed.
    draft = open_form(ana, "draft_divine", "Ana")
    assert draft.locator("select[name^='event.passed.']").count() == 2
    draft.locator("select[name='event.kept']").select_option("Prophet")
    draft.locator("select[name='event.passed.0']").select_option("Klar")
    draft.locator("button[type=submit]").click()
    said = refusal(ana)
    assert "“Players simultaneously select 1 card to keep, passing the other 2 to their opponent.”" in said
    assert "Nothing was changed." in said
    assert seq(ana) == 0 and seq(ben) == 0
    draft.locator("select[name='event.passed.1']").select_option("Naka")
    draft.locator("button[type=submit]").click()
    at(ana, 1)
    at(ben, 1)
    # the card Ana kept is hers alone: not on Ben's phone, nor in what his phone reads
    assert "passes ?, ?" in ben.locator("#undo-what").inner_text()
    for read in (ben.locator(".board").inner_text(), ben.locator(".log-list").inner_text(),
                 ben.request.get(f"{live_server}/play/{session}/state.json").text(),
                 ben.request.get(f"{live_server}/play/{session}/log").text()):
        assert "Prophet" not in read
    draft = open_form(ben, "draft_divine", "Ben")
    draft.locator("select[name='event.kept']").select_option("Hadria")
    draft.locator("select[name='event.passed.0']").select_option("Steward")
    draft.locator("select[name='event.passed.1']").select_option("Pentha")
    draft.locator("button[type=submit]").click()
    at(ben, 2)
    at(ana, 2)
    assert "Hadria" not in ana.locator(".board").inner_text() + ana.locator(".log-list").inner_text()
    assert "Prophet" not in ben.locator(".board").inner_text() + ben.locator(".log-list").inner_text()

    # Age I: the three quests as dealt, the modifier, Ana starts.
    age = open_form(ana, "begin_age", "Ana")
    for nth, (feather, scorpion) in enumerate(((3, -1), (2, 4), (-2, 3))):
        age.locator(f"[name='event.quests.{nth}.feather']").fill(str(feather))
        age.locator(f"[name='event.quests.{nth}.scorpion']").fill(str(scorpion))
    age.locator("select[name='event.modifier']").select_option("two_face_down")
    age.locator("select[name='event.first_player']").select_option("sun")
    age.locator("button[type=submit]").click()
    at(ana, 3)
    at(ben, 3)
    assert ana.locator(".status .turn").inner_text().startswith("Your turn")
    assert ben.locator(".status .turn").inner_text().startswith("Ana")

    # Ana plays a 6 with two feathers face down in the left lane: Ben sees a face-down card only.
    card = ana.locator("form.pof-card-form")
    card.locator("input[name='event.lane'][value=left]").check()
    card.locator("input[name='event.face'][value=down]").check()
    card.locator("input[name='event.power']").fill("6")
    card.locator("input[name='event.feathers']").fill("2")
    card.locator("button[type=submit]").click()
    at(ana, 4)
    at(ben, 4)
    hers_on_his_phone = ben.locator(".pof-lane-card[data-thing=left] .pof-col-sun")
    assert " ".join(hers_on_his_phone.locator(".pof-card").inner_text().split()) == "card face down"
    assert "6" not in hers_on_his_phone.inner_html()
    assert "feathers 2" not in ben.locator(".pof-lane-card[data-thing=left] .pof-standing").inner_text()
    assert "feathers 2" in ana.locator(".pof-lane-card[data-thing=left] .pof-standing").inner_text()

    # The wrong phone: Ana plays again on Ben's turn, as herself. Refused; nothing changed.
    ana.click(".other-event > summary")
    ana.click(".other-type-play > summary")
    other = ana.locator("#other-play")
    other.locator("#other-play-player").select_option("sun")
    other.locator("select[name='event.lane']").select_option("center")
    other.locator("input[name='event.power']").fill("3")
    other.locator("button[type=submit]").click()
    said = refusal(ana)
    assert "It is Ben's turn, not Ana's." in said
    assert "“During each Age, players alternate turns, strategically placing cards from their hand " \
           "into 3 quest lanes.”" in said, said
    assert "Nothing was changed." in said
    assert seq(ana) == 4 and seq(ben) == 4

    # Ben plays a 5 face up in the left lane; then takes it back from his phone: Ana's follows.
    before = ana.locator(".board").inner_text()
    card = ben.locator("form.pof-card-form")
    card.locator("input[name='event.lane'][value=left]").check()
    card.locator("input[name='event.power']").fill("5")
    card.locator("input[name='event.scorpions']").fill("1")
    card.locator("button[type=submit]").click()
    at(ben, 5)
    at(ana, 5)
    assert "Pillar: Ben" in ana.locator(".pof-lane-card[data-thing=left]").inner_text()
    ben.click("button.undo")
    at(ben, 6)
    at(ana, 6)
    assert ana.locator(".board").inner_text() == before
    assert ben.locator(".status .turn").inner_text().startswith("Your turn")

    ask(ben, "what does klar do")
    assert ben.locator(".answer-text").inner_text() == (
        "• Klar - If this card is played face down, its power becomes -1.")
    table.assert_clean()


def test_avignon_a_phone_told_it_is_its_turn_is_offered_what_it_may_do(live_server, phone):
    table = Table(phone, live_server)
    rosa = table.phone()
    start_from_home(rosa, live_server, "Avignon: Pilgrimage", ["Rosa", "Aldo"])
    rosa.click("#quick-start")
    link = invite(rosa)
    take_seat(rosa, "Rosa")
    aldo = join(table, link, "Aldo")
    assert aldo.locator(".status .turn").inner_text().startswith("Your turn")
    # the six characters the deck holds, each Aldo's to draw (no "(Rosa)" on them)
    draws = aldo.locator("#actions .choices-draw button.choice")
    assert [text.strip() for text in draws.all_inner_texts()] == [
        "Vicar", "Nuncio", "Canonist", "Courtesan", "Ascetic", "Scribe"]
    aldo.click("#actions .choices-draw button.choice >> text=Nuncio")
    at(aldo, 1)
    at(rosa, 1)
    assert "Aldo: Draw · Nuncio" in aldo.locator("#result").inner_text()
    assert rosa.locator("#actions .choices-draw button.choice").count() == 6
    table.assert_clean()


LAST_TURN = {"board": [
    {"path": 1, "character": "Vicar", "location": "rome"},
    {"path": 2, "character": "Scribe", "location": "nice"},
    {"path": 3, "character": "Nuncio", "location": "genoa"},
    {"path": 4, "character": "Ascetic", "location": "genoa"},
    {"path": 5, "character": "Canonist", "location": "genoa"}],
    "congregations": {"rome": ["Courtesan", "Courtesan"], "avignon": []},
    "turn": "rome", "first_turn": False}


def test_avignon_the_last_pull_ends_the_game_on_both_phones_and_the_calculator_agrees(
        live_server, phone, axe_source):
    """A game the table set up late in the evening (its position entered through the API), both
    phones joining by its link: the winning tap, the end on both phones, undo, the calculator."""
    table = Table(phone, live_server)
    rosa = table.phone()
    rosa.goto(live_server + "/play/")
    created = rosa.request.post(live_server + "/api/sessions", data={
        "game": "avignon", "players": ["Rosa", "Aldo"], "position": LAST_TURN,
        "options": {"win_timing": "immediately"}}).json()
    link = f"{live_server}/play/{created['id']}/join?token={created['edit_token']}"
    rosa.goto(link)
    take_seat(rosa, "Rosa")
    aldo = join(table, link, "Aldo")

    rosa.click(".choices-beseech button.choice >> text=Vicar")
    at(rosa, 1)
    at(aldo, 1)
    for page in (rosa, aldo):
        final = page.locator(".scores.final")
        expect(final).to_contain_text("Rosa wins")
        assert page.locator(".status .turn").inner_text().startswith("Game over")
        assert page.locator("#actions .legal button.choice").count() == 0
    assert rosa.locator(".scores.final").inner_text() == aldo.locator(".scores.final").inner_text()
    assert check_accessibility(aldo, axe_source) == []

    # Rosa meant the Scribe: she takes the pull back; the game is on again on both phones.
    rosa.click("button.undo")
    at(rosa, 2)
    at(aldo, 2)
    for page in (rosa, aldo):
        assert page.locator(".scores.final").count() == 0
    assert rosa.locator(".status .turn").inner_text().startswith("Your turn")
    assert aldo.locator(".status .turn").inner_text().startswith("Rosa")

    # The calculator on Aldo's phone: Rome's Congregation of two Courtesans and the Vicar.
    aldo.goto(f"{live_server}/score/avignon")
    aldo.select_option("#f-congregations-rome-Courtesan", "2")
    aldo.select_option("#f-congregations-rome-Vicar", "1")
    aldo.click("button[name=calculate]")
    result = aldo.locator("#calc-result")
    expect(result).to_contain_text("Rome wins")
    assert ("“The game ends when one player has three cards in his or her Congregation. That player "
            "wins the game.”") in result.inner_text()
    assert check_accessibility(aldo, axe_source) == []
    table.assert_clean()
