"""We Forlorn Few on a phone (360×740): a new game from the form (the terrain as laid out), the
Season card, a Traveler's turn by tapping choices that show their cost (travel, gather, camp, an
Event card), an illegal travel refused with its rule, the warning on a journey that would kill
Companions, and axe-core on the table. Screenshots go to tests/artifacts/we-forlorn-few-*.png."""

import json

from tests.guard_cases.we_forlorn_few import TERRAIN, at, table, traveler

from .conftest import check_accessibility, screenshot

LAID_OUT = """CF Cedar Falls cost 1 1 0 -> W1 F1
W1 Wetlands cost 1 1 3 gather water food -> F1 D1 M1
F1 Forest cost 0 1 1 gather wood post -> M1
D1 ? -> NH
M1 Mountain cost 2 0 1 gather water -> P1
P1 Prairie cost 1 0 1 gather food water wood -> NH
NH Newhaven"""


def entered(page, count: int) -> None:
    page.wait_for_function(f"document.getElementById('live').dataset.seq === '{count}'")


def test_a_turn_of_we_forlorn_few_on_a_phone(live_server, phone, axe_source):
    page = phone()
    page.goto(f"{live_server}/play/new?game=we-forlorn-few")
    page.fill("#player-1", "Ann")
    page.fill("#player-2", "Bob")
    page.fill("#wff-tiles", LAID_OUT)  # one tile per line; the page writes the terrain JSON
    assert json.loads(page.input_value("#f-options-terrain"))[3] == {
        "name": "D1", "face_up": False, "adjacent": ["NH"]}
    screenshot(page, "we-forlorn-few-new-game")
    page.click("text=Start the game")
    page.wait_for_selector("#invite-h")
    assert page.locator(".wff-phase-name").inner_text() == "Season card"
    assert page.locator(".wff-tile").count() == len(TERRAIN)
    assert "face down" in page.locator(".wff-tile[data-thing=D1]").inner_text()

    # The First Player resolves a Season card: its name and what it adds to the bag.
    season = page.locator("form.open-event:has(input[name=type][value=season])")
    season.locator("input[name='event.card']").fill("Spring thaw")
    season.locator("input[name='event.add_to_bag.water']").fill("2")
    season.locator("button[type=submit]").click()
    entered(page, 1)
    assert page.locator(".wff-phase-name").inner_text() == "Travel Phase"
    assert "2 Water" in page.locator(".wff-bag").inner_text()

    # Travel: the choice says what leaving Cedar Falls costs before the tap.
    travel = page.locator("button.choice", has_text="Travel to W1")
    assert "leaving CF costs 1 Food, 1 Water: you pay 1 Food, 1 Water" in travel.inner_text()
    screenshot(page, "we-forlorn-few-travel")
    page.locator(".wff-tile.thing-tap[data-thing=W1]").click()  # the board: moves about W1 only
    assert travel.is_visible() and not page.locator("button.choice", has_text="Stay").is_visible()
    assert "Moves about W1" in page.locator("#narrowed").inner_text()
    travel.click()
    entered(page, 2)
    assert page.locator(".wff-phase-name").inner_text() == "Gathering Phase"
    assert "W1" in page.locator(".wff-acting header").inner_text()

    page.locator("button.choice", has_text="Gather: Worth 1 → Water").click()
    entered(page, 3)
    assert page.locator(".wff-phase-name").inner_text() == "Camp Phase"
    page.locator("button.choice", has_text="Done camping").click()
    entered(page, 4)

    # The Event card the rulebook prints: one die (no Pistol), the bag icon draws a Water.
    card = page.locator("button.choice", has_text="(dice 2: highest 2)")
    assert "then draw water" in card.inner_text()
    card.click()
    entered(page, 5)
    assert page.locator(".status .turn").inner_text().startswith("Bob")
    ann = page.locator(".wff-board", has_text="Ann")
    assert "2 Food" not in ann.inner_text() and "Supply" in ann.inner_text()
    assert page.locator(".wff-board.wff-acting h3").inner_text().startswith("Bob")

    # An illegal journey, entered anyway: refused with the sentence it breaks; nothing changes.
    page.click(".other-event > summary")
    page.click(".other-type-travel > summary")
    other = page.locator("#other-travel")
    other.locator("input[name='event.to']").fill("P1")
    other.locator("button[type=submit]").click()
    page.wait_for_selector(".message.violation")
    assert "adjacent tile by paying Travel Cost" in page.locator(".message.violation").inner_text()
    assert page.get_attribute("#live", "data-seq") == "5"
    screenshot(page, "we-forlorn-few-refused")
    assert check_accessibility(page, axe_source) == []


def test_a_journey_that_would_kill_companions_is_marked_before_the_tap(live_server, phone):
    page = phone()
    body = table(at(p1=traveler("W1", resources={"food": 1, "water": 1},
                                ailments={"wagon_damage": 2}, companions=1)))
    created = page.request.post(f"{live_server}/api/sessions",
                                data=json.dumps({"game": "we-forlorn-few", **body}),
                                headers={"Content-Type": "application/json"}).json()
    page.goto(f"{live_server}/play/{created['id']}/join?token={created['edit_token']}")
    travel = page.locator("button.choice", has_text="Travel to M1")
    assert "take 3 Wagon Damage" in travel.inner_text()
    assert "Ann perishes and turns Ravenous" in travel.locator(".wff-warn").inner_text()
    back = page.locator("button.choice", has_text="Back toward Cedar Falls")
    assert back.locator(".wff-warn").count() == 0
    screenshot(page, "we-forlorn-few-warning")
