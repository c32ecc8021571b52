"""Taps a table makes, counted in a real browser on a phone (360×740): a whole game of Avignon from
the new-game form to the end, and a Pilgrims turn whose card the card library knows. Names and a
card's number typed are not taps; tapping into a field to type is. The counts are printed and
written to tests/artifacts/tap-counts.json (the README reports them).

Avignon is played by a simple, legal policy (no strategy): each turn the player to act pulls
(Beseech) the character nearest their own end, then Excommunicates the character nearest the
rival's end, and ends the turn; every card drawn is tapped as it is dealt."""

import fcntl
import gzip
import json

from .conftest import ARTIFACTS, screenshot
from .test_pilgrims_in_browser import fill_new_game

LOCATIONS = ["avignon", "nice", "genoa", "florence", "rome"]
MOST_TAPS = 600


class Taps:
    def __init__(self, page):
        self.page, self.count = page, 0

    def __call__(self, locator) -> None:
        locator.click()
        self.count += 1


def seq(page) -> int:
    return int(page.get_attribute("#live", "data-seq"))


def record(name: str, value) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / "tap-counts.json"
    with open(ARTIFACTS / ".tap-counts.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # pytest-xdist's workers record at the same moment
        counts = json.loads(path.read_text()) if path.exists() else {}
        counts[name] = value
        path.write_text(json.dumps(counts, indent=1))
    print(f"\n{name}: {value}")


def nearest(board, player: str, buttons) -> object:
    """The button whose path holds the character nearest `player`'s end of the map."""
    def distance(button):
        row = board[json.loads(button.get_attribute("value"))["path"] - 1]
        where = LOCATIONS.index(row["location"])
        return where if player == "avignon" else len(LOCATIONS) - 1 - where
    return min(buttons, key=distance)


def test_a_whole_game_of_avignon_in_taps(live_server, phone):
    page = phone()
    taps = Taps(page)
    page.goto(f"{live_server}/play/new?game=avignon")
    page.fill("#player-1", "Rosa")
    page.fill("#player-2", "Aldo")
    taps(page.locator("#quick-start"))
    page.wait_for_selector("#invite-h")
    taps(page.locator(".seat-choice.shared"))  # one phone passed round the table
    page.wait_for_selector(".seat-picker", state="detached")
    session_id = page.url.split("/play/")[1].split("?")[0].split("#")[0]
    setup = None
    refused = set()
    while taps.count < MOST_TAPS:
        view = page.request.get(f"{live_server}/api/sessions/{session_id}").json()
        if view["over"]:
            break
        if setup is None and view["state"]["board"] and all(r["character"] for r in view["state"]["board"]):
            setup = taps.count
        before, player = seq(page), view["current_players"][0]
        board = view["state"]["board"]
        draws = page.locator(".choices-draw button.choice").all()
        beseech = [b for b in page.locator(".choices-beseech button.choice").all()
                   if b.get_attribute("value") not in refused]
        excommunicate = [b for b in page.locator(".choices-excommunicate button.choice").all()
                         if b.get_attribute("value") not in refused]
        end = page.locator(".choices-end_turn button.choice").all()
        rival = "rome" if player == "avignon" else "avignon"
        if draws:
            choice = draws[0]
        elif beseech:
            choice = nearest(board, player, beseech)
        elif excommunicate:
            choice = nearest(board, rival, excommunicate)
        elif end:
            choice = end[0]
        else:
            choice = page.locator(".actions button.choice:visible").first
        value = choice.get_attribute("value")
        page.evaluate("() => { document.getElementById('result').innerHTML = ''; }")
        taps(choice)
        page.wait_for_selector("#result .message")
        if seq(page) == before:
            refused.add(value)  # a move the rules refuse (the Samaritan Rule): choose another
        else:
            refused.clear()
    final = page.request.get(f"{live_server}/api/sessions/{session_id}").json()
    assert final["over"], f"not over after {taps.count} taps"
    screenshot(page, "tap-count-avignon-end")
    record("avignon_setup_taps_besides_names", setup)
    record("avignon_whole_game_taps", taps.count)
    record("avignon_whole_game_entries", final["seq"])
    assert setup <= 10


def test_a_pilgrims_turn_with_a_known_card_in_taps(live_server, phone):
    page = phone()
    page.goto(f"{live_server}/play/cards/pilgrims")
    page.set_input_files("#cards-file", files=[{
        "name": "cards.json", "mimeType": "application/json",
        "buffer": json.dumps({"format": "tableside-cards/1", "game": "pilgrims", "cards": {
            "12": {"types": ["beast"], "activation": ["notes"]}}}).encode()}])
    page.click("#cards-file >> xpath=ancestor::form//button[@type='submit']")
    page.wait_for_selector(".message >> text=cards added")
    fill_new_game(page, live_server, ["Ann", "Bob"])
    page.check("#leader-p1-sword")
    page.check("#leader-p2-notes")
    page.click("text=Start the game")
    page.wait_for_selector("#invite-h")
    page.click(".seat-choice.shared")
    page.wait_for_selector(".seat-picker", state="detached")
    for corner, item, drawn in ((1, ("fist", "sword"), ("leaf", "notes")),
                                (3, ("speech", "sword"), ("coin", "star"))):
        before = seq(page)
        page.click(f"#pg-corner label[for=corner-{corner}]")
        page.click(f"label[for='pg-corner-item-item-card-adventure-{item[0]}']")
        page.click(f"label[for='pg-corner-item-item-card-activation-{item[1]}']")
        page.click(f"label[for='pg-corner-drawn-item-card-adventure-{drawn[0]}']")
        page.click(f"label[for='pg-corner-drawn-item-card-activation-{drawn[1]}']")
        page.click("#pg-corner button[type=submit]")
        page.wait_for_function(f"document.getElementById('live').dataset.seq === '{before + 1}'")

    # Ann's turn: move to the campfire D4 and take companion no. 12 (known to the library),
    # play a card under the leader, replenish and end the turn.
    taps = Taps(page)
    move = page.locator("#pg-move")
    taps(move.locator("label[for=token-1]"))
    taps(move.locator("label[for=to-4-4]"))
    taps(move.locator("input[name='library.event.card']"))
    page.keyboard.type("12")
    taps(move.locator("button[type=submit]"))
    page.wait_for_function("document.getElementById('live').dataset.seq === '3'")
    assert "beast" in page.locator(".pg-board.pg-p1").inner_text()
    taps(page.locator(".choices-activate button.choice").first)
    page.wait_for_function("document.getElementById('live').dataset.seq === '4'")
    taps(page.locator(".choices-replenish button.choice >> text=Replenish and end the turn"))
    page.wait_for_function("document.getElementById('live').dataset.seq === '5'")
    assert page.locator(".status .turn").inner_text().startswith("Bob")
    screenshot(page, "tap-count-pilgrims-turn", tablet=True)  # 4: cards entered once
    record("pilgrims_turn_with_a_known_card_taps", taps.count)
    assert taps.count <= 6


def test_the_table_page_weighs_under_30_kb_compressed(live_server, phone):
    """The page each phone fetches again on every change, gzip-compressed as served."""
    page = phone()
    weights = {}
    for game in ("avignon", "pilgrims", "pillars-of-fate", "we-forlorn-few", "journey"):
        example = page.request.get(f"{live_server}/api/games/{game}").json()["example_setup"]
        created = page.request.post(live_server + "/api/sessions",
                                    data={"game": game, **example}).json()
        page.goto(f"{live_server}/play/{created['id']}/join?token={created['edit_token']}")
        raw = page.request.get(f"{live_server}/play/{created['id']}",
                               headers={"Accept-Encoding": "gzip"})
        weights[game] = {"bytes": len(raw.body()), "gzip": len(gzip.compress(raw.body())),
                         "served": raw.headers.get("content-encoding")}
    record("table_page_weight", weights)
    assert all(w["gzip"] < 30_000 and w["served"] == "gzip" for w in weights.values()), weights
