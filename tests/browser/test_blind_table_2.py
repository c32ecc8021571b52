"""A table's first evening with Tableside, continued (see test_blind_table_1): We Forlorn Few,
Pilgrims and Journey, one phone per player (360×740), learned from the pages and the rulebooks."""

from playwright.sync_api import expect

from .conftest import check_accessibility, take_seat
from .test_blind_table_1 import Table, ask, at, game_id, invite, join, refusal, seq, start_from_home
from .test_pilgrims_in_browser import fill_new_game

TERRAIN = """CF Cedar Falls cost 1 1 0 -> W1 F1
W1 Wetlands cost 1 1 3 gather water food -> F1 D1 M1
F1 Forest cost 0 1 1 gather wood post -> M1
D1 ? -> NH
M1 Mountain cost 2 0 1 gather water -> P1
P1 Prairie cost 1 0 1 gather food water wood -> NH
NH Newhaven"""


def new_we_forlorn_few_table(table: Table, base: str):
    ann = table.phone()
    start_from_home(ann, base, "We Forlorn Few", ["Ann", "Bob"])
    ann.fill("#wff-tiles", TERRAIN)
    ann.click("text=Start the game")
    link = invite(ann)
    take_seat(ann, "Ann")
    return ann, join(table, link, "Bob")


def bob_travels_to_f1(bob) -> str:
    """Bob's phone enters a travel of his own ("Something else happened…"); what the page says."""
    bob.click(".other-event > summary")
    bob.click(".other-type-travel > summary")
    bob.select_option("#other-travel-player", "p2")
    bob.locator("#other-travel input[name='event.to']").fill("F1")
    bob.locator("#other-travel button[type=submit]").click()
    return refusal(bob)


def test_we_forlorn_few_first_evening_and_the_calculator(live_server, phone, axe_source):
    table = Table(phone, live_server)
    ann, bob = new_we_forlorn_few_table(table, live_server)
    assert bob.locator(".status .turn").inner_text().startswith("Ann")
    assert bob.locator("#actions .legal button.choice, #actions form.open-event").count() == 0

    # The Season card: a count of -1 Water tokens is refused; nothing changes on either phone.
    season = ann.locator("form.open-event:has(input[name=type][value=season])")
    season.locator("input[name='event.card']").fill("Spring thaw")
    water = season.locator("input[name='event.add_to_bag.water']")
    water.fill("-1")
    season.locator("button[type=submit]").click()
    assert water.evaluate("input => input.validationMessage") != ""
    # a browser that does not check the field sends it: the server refuses it on the field
    water.evaluate("input => { input.removeAttribute('min'); input.removeAttribute('max'); }")
    season.locator("button[type=submit]").click()
    expect(season.locator(".field-error")).to_contain_text("enter a number from 0")
    assert "water" in season.locator(".field-error").inner_text()
    assert seq(ann) == 0 and seq(bob) == 0
    # 2 Water, the Enter button tapped twice: entered once
    water.fill("2")
    season.locator("button[type=submit]").dblclick()
    at(ann, 1)
    ann.wait_for_timeout(500)
    assert seq(ann) == 1
    assert ann.request.get(f"{live_server}/play/{game_id(ann)}/state.json").json()["seq"] == 1
    at(bob, 1)
    assert "2 Water" in bob.locator(".wff-bag").inner_text()

    # Ann travels by tapping; Bob's phone shows her on W1.
    before = bob.locator(".board").inner_text()
    ann.locator("button.choice", has_text="Travel to W1").click()
    at(ann, 2)
    at(bob, 2)
    assert "AnnBob" not in bob.locator(".wff-tile[data-thing=CF]").inner_text()
    assert "Ann" in bob.locator(".wff-tile[data-thing=W1]").inner_text()

    # The wrong phone: Bob enters a travel of his own while Ann gathers. Refused; nothing changed.
    said = bob_travels_to_f1(bob)
    assert ("“The First Player resolves a Season card. Beginning with the First Player and moving "
            "to the left, the Player turns are resolved.”") in said
    assert "Nothing was changed." in said
    assert seq(bob) == 2 and seq(ann) == 2

    # Undo is the actor's: Bob's phone may not take back Ann's travel (its Undo is off, saying
    # whose phone takes it back); hers may, and Bob's follows.
    expect(bob.locator("button.undo")).to_be_disabled()
    assert "Undone on Ann's phone: Ann" in bob.locator("#undo-what").inner_text()
    assert seq(bob) == 2 and seq(ann) == 2
    ann.click("button.undo")
    at(ann, 3)
    at(bob, 3)
    assert bob.locator(".board").inner_text() == before
    assert ann.locator(".board").inner_text().startswith(before)  # and a hint to tap the board
    assert ann.locator("button.choice", has_text="Travel to W1").is_visible()

    ask(ann, "how many resources can I carry")
    assert "up to six Resource tokens" in ann.locator(".answer-text").inner_text()

    # The calculator on Bob's phone: Ann reached Newhaven, Bob is two tiles short.
    bob.goto(f"{live_server}/score/we-forlorn-few")
    bob.fill("#f-players-0-name", "Ann")
    bob.select_option("#f-players-0-status", "arrived")
    bob.select_option("#f-players-0-arrived", "1")
    bob.fill("#f-players-1-name", "Bob")
    bob.select_option("#f-players-1-status", "traveler")
    bob.fill("#f-players-1-tiles_to_go", "2")
    bob.fill("#f-crossing", "6")
    bob.click("button[name=calculate]")
    result = bob.locator("#calc-result")
    expect(result).to_contain_text("Ann wins")
    assert ("“Once a Traveler reaches Newhaven their journey is over and they have completed the "
            "game. The first Player to reach Newhaven is the winner.”") in result.inner_text()
    assert check_accessibility(bob, axe_source) == []
    table.assert_clean()


def test_we_forlorn_few_a_travel_on_another_players_turn_says_whose_turn_it_is(live_server, phone):
    table = Table(phone, live_server)
    ann, bob = new_we_forlorn_few_table(table, live_server)
    season = ann.locator("form.open-event:has(input[name=type][value=season])")
    season.locator("input[name='event.card']").fill("Spring thaw")
    season.locator("button[type=submit]").click()
    at(ann, 1)
    ann.locator("button.choice", has_text="Travel to W1").click()
    at(ann, 2)
    at(bob, 2)
    said = bob_travels_to_f1(bob)
    assert "It is Ann's turn, not Bob's." in said
    assert "phase:" not in said and "possible now: gather" not in said


def choose_corner(page, corner: str, taken: tuple[str, str], drawn: tuple[str, str]) -> None:
    """The corner form: the corner tapped, the item card on it and the one drawn from the deck."""
    form = page.locator("#pg-corner")
    form.locator(f"label:has-text('{corner}')").first.click()
    for field, (adventure, activation) in (("item", taken), ("drawn", drawn)):
        form.locator(f"label[for='pg-corner-{field}-item-card-adventure-{adventure}']").click()
        form.locator(f"label[for='pg-corner-{field}-item-card-activation-{activation}']").click()
    form.locator("button[type=submit]").click()


def test_pilgrims_first_evening_the_hand_stays_on_its_phone(live_server, phone, axe_source):
    table = Table(phone, live_server)
    ann = table.phone()
    start_from_home(ann, live_server, "Pilgrims: Curious Adventures", ["Ann", "Bob"])
    fill_new_game(ann, live_server, ["Ann", "Bob"])
    ann.check("#leader-p1-sword")
    ann.check("#leader-p2-notes")
    ann.click("text=Start the game")
    link = invite(ann)
    take_seat(ann, "Ann")
    bob = join(table, link, "Bob")
    session = game_id(ann)

    # Bob (the last player) chooses his corner first, on his phone; Ann's phone has nothing to do.
    assert "Bob: choose a corner" in bob.locator("#pg-corner").inner_text()
    assert ann.locator("#pg-corner").count() == 0
    assert ann.locator("#actions .legal button.choice").count() == 0
    choose_corner(bob, "A1", ("fist", "sword"), ("coin", "star"))
    at(bob, 1)
    at(ann, 1)
    his_hand = bob.locator(".pg-board.pg-p2").inner_text()
    assert "coin" in his_hand
    # the card he drew is his alone: Ann's phone shows a hand of two cards it cannot read
    on_her_phone = ann.locator(".pg-board.pg-p2").inner_text()
    assert "Hand 2" in on_her_phone and "coin" not in on_her_phone and "star" not in on_her_phone
    assert "draw unknown card" in ann.locator(".log-list").inner_text()
    assert "coin/star" not in ann.request.get(f"{live_server}/play/{session}/log").text()

    # Ann's corner: A1 is taken, and not offered again.
    corners = ann.locator("#pg-corner").inner_text()
    assert "Ann: choose a corner" in corners and "A1" not in corners
    choose_corner(ann, "E5", ("speech", "sword"), ("leaf", "star"))
    at(ann, 2)
    at(bob, 2)
    assert bob.locator(".pg-map .pg-fig").count() == 2
    assert "leaf" not in bob.locator(".pg-board.pg-p1").inner_text()

    # Ann meant E1: she takes it back on her phone; Bob's shows one figure on the map again.
    assert "Ann" in ann.locator("#undo-what").inner_text()
    ann.click("button.undo")
    at(ann, 3)
    at(bob, 3)
    expect(bob.locator(".pg-map .pg-fig")).to_have_count(1)
    assert "Ann: choose a corner" in ann.locator("#pg-corner").inner_text()

    ask(bob, "how many item cards does each player draw at the start")
    assert "draws 1 item card" in bob.locator(".answer-text").inner_text()
    assert check_accessibility(bob, axe_source) == []  # the ask page
    table.assert_clean()


JOURNEY_PROFILES = {"monkey_king": ("10", "4"), "cho_hakkai": ("12", "3"), "monk_sha": ("9", "3"),
                    "tripitaka": ("8", "3")}


def new_journey_table(table: Table, base: str):
    """Ann and Ben, two Pilgrims each, one Berrok; each phone holding its seat."""
    ann = table.phone()
    start_from_home(ann, base, "Journey: Wrath of Demons", ["Ann", "Ben"])
    for pilgrim, (health, mv) in JOURNEY_PROFILES.items():
        ann.fill(f"input[name='options.pilgrim_profiles.{pilgrim}.max_hp']", health)
        ann.fill(f"input[name='options.pilgrim_profiles.{pilgrim}.mv']", mv)
    ann.fill("input[name='position.demons#berrok']", "1")
    ann.click("text=Start the Quest")
    link = invite(ann)
    take_seat(ann, "Ann")
    return ann, join(table, link, "Ben")


def test_journey_first_evening_to_the_quest_result_and_the_calculator(live_server, phone,
                                                                     axe_source):
    table = Table(phone, live_server)
    ann, ben = new_journey_table(table, live_server)

    ben.locator("button.choice", has_text="Do the Maintenance Phase").click()
    at(ben, 1)
    at(ann, 1)
    assert "Monkey King's activation" in ann.locator(".jn-now").inner_text()
    assert "Monkey King" in ann.locator("#actions").inner_text()

    # The wrong phone: Ben enters a Rest for the Monkey King, Ann's Pilgrim. Refused, quoted.
    ben.click(".other-event > summary")
    ben.click(".other-type-rest > summary")
    ben.select_option("#other-rest-player", label="Ben")
    ben.select_option("#other-rest-f-event-pilgrim", label="monkey king")
    ben.locator("#other-rest button[type=submit]").click()
    said = refusal(ben)
    assert "Monkey King is Ann's Pilgrim, not Ben's." in said
    assert ("“The Pilgrims are controlled by the Players, so if there are less than 4 Players, each "
            "Player may control more than one Pilgrim.”") in said
    assert "Nothing was changed." in said
    assert seq(ben) == 1 and seq(ann) == 1

    # Ann rests the Monkey King with a tap, then takes it back; Ben's phone follows both.
    before = ben.locator(".board").inner_text()
    ann.locator("button.choice", has_text="Monkey King: Rest").click()
    at(ann, 2)
    at(ben, 2)
    assert "1 of 2 Action Points left" in ben.locator(".jn-now").inner_text()
    ann.click("button.undo")
    at(ann, 3)
    at(ben, 3)
    assert ben.locator(".board").inner_text() == before
    assert "2 of 2 Action Points left" in ben.locator(".jn-now").inner_text()

    ask(ann, "how much chi does a pilgrim get back when resting")
    assert ann.locator(".answer-text").inner_text() == (
        "When a Pilgrim rests, they recover 5 Chi Points, up to their current maximum.")

    # The table says the Quest's Victory Condition was met: both phones show the end.
    result = ben.locator("form.open-event:has(input[name=type][value=quest_result])")
    result.locator("select[name='event.outcome']").select_option("victory")
    result.locator("[name='event.condition']").fill("The Pilgrims reached the village")
    result.locator("button[type=submit]").click()
    at(ben, 4)
    ann.goto(ann.url.split("/ask")[0])
    at(ann, 4)
    for page in (ann, ben):
        assert page.locator(".status .turn").inner_text().startswith("Game over")
        assert "Victory — The table reports: The Pilgrims reached the village" in (
            page.locator(".board").inner_text())
        assert page.locator("#actions .legal button.choice").count() == 0
        assert page.locator(".other-event").count() == 0  # nothing more can be entered

    # The calculator, filled in on Ann's phone for the same result.
    ann.goto(f"{live_server}/score/journey")
    ann.fill("#f-players-0", "Ann")
    ann.fill("#f-players-1", "Ben")
    ann.select_option("#f-outcome", "victory")
    ann.click("button[name=calculate]")
    expect(ann.locator("#calc-result")).to_contain_text("Victory")
    assert check_accessibility(ann, axe_source) == []
    table.assert_clean()


def test_journey_a_question_the_book_does_not_answer_asked_at_the_table(live_server, phone):
    table = Table(phone, live_server)
    ann, _ = new_journey_table(table, live_server)
    ask(ann, "can we order pizza during the demon phase")
    assert ann.locator(".answer-text").count() == 0
    assert "The rulebook doesn't seem to cover this." in ann.locator(".not-covered").inner_text()


def test_journey_a_phone_told_it_is_its_turn_is_offered_what_it_may_do(live_server, phone):
    table = Table(phone, live_server)
    ann, ben = new_journey_table(table, live_server)
    assert "Do the Maintenance Phase" in ben.locator("#actions").inner_text()
    assert ann.locator(".status .turn").inner_text().startswith("Your turn")
    assert "Do the Maintenance Phase" in ann.locator("#actions").inner_text()
    # Ann's tap is hers ("each Player can act independently"), and Ben's phone follows
    ann.click("#actions button.choice:has-text('Do the Maintenance Phase')")
    at(ann, 1)
    at(ben, 1)
    assert "Ann" in ann.locator("#result").inner_text()
    assert "Do the Maintenance Phase" not in ben.locator("#actions").inner_text()
    table.assert_clean()
