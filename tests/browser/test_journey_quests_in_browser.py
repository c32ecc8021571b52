"""A Journey Quest on a phone (360×740): Quest 1 chosen on the new-Quest form (its Board Setup
placed by the referee, the Demons in the Villagers' house entered), the table shows each of the
Quest's Conditions as met / not yet / no longer possible, and a rescue turns one part to met.
Screenshots go to tests/artifacts/journey-quest-*.png."""

from .conftest import check_accessibility, screenshot

PROFILES = {"monkey_king": "10", "cho_hakkai": "12", "monk_sha": "9", "tripitaka": "8"}
MV = {"cho_hakkai": "3", "tripitaka": "3"}


def entered(page, count: int) -> None:
    page.wait_for_function(f"document.getElementById('live').dataset.seq === '{count}'")


def test_a_quest_started_on_a_phone_shows_its_conditions(live_server, phone, axe_source):
    page = phone()
    page.goto(f"{live_server}/play/new?game=journey")
    page.fill("#player-1", "Ann")
    page.select_option("#opt-quest", "q1")
    page.locator("summary", has_text="What the Quest Mini-Map shows").click()
    page.fill("input[name='options.quest_setup.house.0']", "berrok-1")
    page.fill("input[name='options.quest_setup.house.1']", "berrok-2")
    for pilgrim, hp in PROFILES.items():
        page.fill(f"input[name='options.pilgrim_profiles.{pilgrim}.max_hp']", hp)
        if pilgrim in MV:
            page.fill(f"input[name='options.pilgrim_profiles.{pilgrim}.mv']", MV[pilgrim])
    screenshot(page, "journey-quest-new")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.click("text=Start the Quest")
    page.wait_for_selector("#jq-h")
    table = page.url.split("?")[0]

    quest = page.locator("section.jq")
    assert "Quest 1 - Meeting" in quest.locator("h2").inner_text()
    conditions = quest.locator(".jq-conditions > li")
    assert conditions.count() == 4
    heroic = quest.locator("li[data-outcome=heroic_victory]")
    assert "not yet" in heroic.locator(".jq-status").inner_text()
    assert "rescue the Villagers: not yet" in heroic.inner_text()
    assert "Tripitaka must Meditate" in heroic.inner_text()
    assert "Heroic Victory: The Pilgrims must (1) rescue the Villagers" in heroic.inner_text()
    fits = page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert fits, "the Quest's conditions overflow the phone's width"
    screenshot(page, "journey-quest-conditions")

    page.locator("button.choice", has_text="Do the Maintenance Phase").first.click()
    entered(page, 1)
    page.locator("button.choice", has_text="Monkey King: rescue villager-1").first.click()
    entered(page, 2)
    heroic = page.locator("section.jq li[data-outcome=heroic_victory]")
    assert "rescue the Villagers: met" in heroic.inner_text()
    screenshot(page, "journey-quest-rescued")

    page.goto(table)
    assert check_accessibility(page, axe_source) == []
