"""Installable, and usable offline: a rulebook page visited once opens again with no network."""

import json


def test_the_app_is_installable(live_server, phone):
    page = phone()
    page.goto(live_server + "/")
    manifest_url = page.get_attribute("link[rel=manifest]", "href")
    manifest = json.loads(page.request.get(live_server + manifest_url).text())
    assert manifest["name"] and manifest["start_url"] and manifest["display"] == "standalone"
    assert any(icon["sizes"] == "192x192" for icon in manifest["icons"])


def test_a_rules_page_visited_once_opens_offline(live_server, phone):
    page = phone()
    page.goto(live_server + "/rules/avignon")
    assert page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now controlled by the worker, which keeps what it fetches
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.reload()
    online_text = page.inner_text("main")

    page.context.set_offline(True)
    page.reload()
    assert page.inner_text("main") == online_text
    assert "The Roman player goes first." in online_text

    page.goto(live_server + "/rules/journey")  # never visited: an honest offline page
    assert "offline" in page.inner_text("body").lower()
    page.context.set_offline(False)
