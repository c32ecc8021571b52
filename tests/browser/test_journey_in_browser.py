"""Journey on a phone (360×740): the new-Quest form, a Pilgrim's activation tapped through, then a
Demon Phase: the Demon AI's choice shown with its rule and confirmed in one tap; axe-core on the
table. Screenshots go to tests/artifacts/journey-*.png."""

from .conftest import check_accessibility, screenshot

PROFILES = {"monkey_king": ("10", "4"), "cho_hakkai": ("12", "3"), "monk_sha": ("9", "3"),
            "tripitaka": ("8", "3")}


def entered(page, count: int) -> None:
    page.wait_for_function(f"document.getElementById('live').dataset.seq === '{count}'")


def tap(page, text: str, count: int) -> None:
    page.locator("button.choice", has_text=text).first.click()
    entered(page, count)


def test_an_activation_and_a_demon_phase_on_a_phone(live_server, phone, axe_source):
    page = phone()
    page.goto(f"{live_server}/play/new?game=journey")
    page.fill("#player-1", "Ann")
    page.fill("#player-2", "Ben")
    for pilgrim, (hp, mv) in PROFILES.items():
        page.fill(f"input[name='options.pilgrim_profiles.{pilgrim}.max_hp']", hp)
        page.fill(f"input[name='options.pilgrim_profiles.{pilgrim}.mv']", mv)
    page.fill("input[name='position.demons#berrok']", "1")
    screenshot(page, "journey-new-quest")
    page.click("text=Start the Quest")
    page.wait_for_selector("#invite-h")
    table = page.url.split("?")[0]

    tap(page, "Do the Maintenance Phase", 1)
    now = page.locator(".jn-now")
    assert "Monkey King's activation" in now.inner_text()
    assert "2 of 2 Action Points left" in now.inner_text()
    page.locator(".jn-card.thing-tap[data-thing=monkey_king]").click()  # the board: his moves only
    assert "Moves about 1. Monkey King" in page.locator("#narrowed").inner_text()
    choices = page.locator("#actions .legal button.choice")
    shown = [choices.nth(i).inner_text() for i in range(choices.count()) if choices.nth(i).is_visible()]
    assert shown and all("Monkey King" in text for text in shown), shown
    tap(page, "Monkey King: Rest", 2)
    assert "1 of 2 Action Points left" in page.locator(".jn-now").inner_text()
    screenshot(page, "journey-activation")
    tap(page, "Monkey King: end the activation", 3)
    assert "Cho Hakkai's activation" in page.locator(".jn-now").inner_text()
    tap(page, "Cho Hakkai: end the activation", 4)
    tap(page, "Monk Sha: end the activation", 5)
    tap(page, "Tripitaka: end the activation", 6)

    # The Demon Phase: no Gate; the Berrok can move 1 square and attack Tripitaka.
    form = page.locator("form.open-event:has(input[name=type][value=demon_options])")
    form.locator("select[name='event.options.0.actions.0']").select_option("move")
    form.locator("select[name='event.options.0.actions.1']").select_option("attack")
    form.locator("input[name='event.options.0.targets.0']").fill("tripitaka")
    form.locator("input[name='event.options.0.squares']").fill("1")
    form.locator("select[name='event.options.0.ends']").select_option("closer")
    form.locator("button[type=submit]").click()
    entered(page, 7)
    ai = page.locator(".jn-ai")
    assert "What the rules make berrok-1 do" in ai.inner_text()
    assert "Priority 1: Use the Action Points to attack Tripitaka" in ai.inner_text()
    screenshot(page, "journey-demon-ai")
    tap(page, "berrok-1: move then attack (1 square), attacking Tripitaka", 8)
    roll = page.locator("form.open-event:has(input[name=type][value=demon_attack])")
    roll.locator("select[name='event.attack_dice.0']").select_option("3")
    roll.locator("select[name='event.attack_dice.1']").select_option("2")
    roll.locator("select[name='event.defense_dice.0']").select_option("1")
    roll.locator("select[name='event.defense_dice.1']").select_option("0")
    roll.locator("button[type=submit]").click()
    entered(page, 9)
    assert "4/8" in page.locator(".jn-card[data-thing=tripitaka]").inner_text()
    assert "End of Turn" in page.locator(".jn-now").inner_text()
    tap(page, "End of Turn: place Turn Tokens", 10)
    assert "Turn 2" in page.locator(".jn-now").inner_text()

    page.goto(table)
    assert check_accessibility(page, axe_source) == []
