"""Installable, and usable offline: a rulebook page visited once opens again with no network."""

import json

from .conftest import check_accessibility, screenshot


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

    page.goto(live_server + "/rules?q=push")  # a search never made: an honest offline page
    assert "You are offline" in page.inner_text("h1")
    assert "needs the network" in page.inner_text("body")
    page.context.set_offline(False)


def test_every_rulebook_opens_offline_after_the_app_was_opened_once(live_server, phone, axe_source):
    page = phone()
    page.goto(live_server + "/")  # the first visit: the worker saves every rulebook
    assert page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    books = page.request.get(live_server + "/offline/rulebooks.json").json()["rulebooks"]
    online = {}
    for book in books:
        page.goto(live_server + book["url"])
        online[book["url"]] = page.inner_text("main")
    page.goto(live_server + "/")

    page.context.set_offline(True)
    for book in books:  # none of them was opened after the worker started, yet each opens
        page.goto(live_server + book["url"])
        assert page.inner_text("main") == online[book["url"]], book["url"]
    page.goto(live_server + "/play/")  # a live page: the offline page, listing what is saved
    assert "You are offline" in page.inner_text("h1")
    page.wait_for_selector("#saved-rulebooks a")
    saved = page.locator("#saved-rulebooks a")
    assert sorted(saved.all_inner_texts()) == sorted(book["title"] for book in books)
    assert "not opened" not in page.inner_text("body")
    screenshot(page, "offline-page", tablet=True)  # 8
    assert check_accessibility(page, axe_source) == []
    saved.first.click()
    assert page.inner_text("main") == online[books[0]["url"]]
    page.context.set_offline(False)
