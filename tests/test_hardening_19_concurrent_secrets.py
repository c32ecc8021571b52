"""Hardening, session 19: hidden information while the table plays at once.

In Pillars of Fate and Pilgrims (the two games with hands), each seat's phone enters its own
events (legal ones, offered ones with their open fields filled in, and about one in five
malformed: a player that is not a seat, an unknown type), and sometimes an undo, while other
phones poll the game at the same moment: each seat with its own token, the table's token looking
as each seat, and a spectator, the live view (half of the polls with the ETag they last got) and
the log. Nothing mutable may be shared between these requests: every view a reader gets shows no
other seat's hand, and no entry of the log a reader gets names a card drawn into another hand;
no answer is a 5xx; and the game exported and imported (replayed from its log) is the game every
phone reads. (The same ran on gunicorn 2x4 in the session's exploratory run, 808 reads: no leak.)
"""

import json
import random
import threading
from collections import Counter

import pytest

from tests.test_hardening_19_generated import complete_legal, new_game

HIDDEN_GAMES = ("pillars-of-fate", "pilgrims")
WRITES_PER_SEAT = 25


@pytest.fixture(scope="module")
def app(module_client):
    return module_client.application


def hands_shown(game: str, state: dict) -> set[str]:
    """The seats whose hand the state shows (cards named, not only counted)."""
    if game == "pillars-of-fate":
        return {side for side, hand in state["hands"].items() if hand["cards"]}
    return {seat for seat, board in state.get("players", {}).items()
            if isinstance(board, dict) and any(board.get("hand") or [])}


def drawn_cards_shown(game: str, entries: list[dict]) -> set[str]:
    """The seats whose drawn cards an entry of the log names."""
    shown = set()
    for entry in entries:
        event = entry.get("event") or {}
        if game == "pillars-of-fate" and event.get("type") == "hand" and any(
                "power" in card for card in event.get("cards", [])):
            shown.add(event["player"])
        secret = {"choose_corner": "drawn", "buy_item": "item"}.get(event.get("type"))
        if game == "pilgrims" and secret and event.get(secret):  # the corner's item was seen
            shown.add(event["player"])
    return shown


@pytest.mark.parametrize("game", HIDDEN_GAMES)
def test_phones_reading_while_seats_write_never_see_another_seats_hand(app, game):
    client = app.test_client()
    rules = client.get(f"/api/games/{game}").get_json()
    created = new_game(client, game)
    session_id = created["id"]
    table = {"Authorization": "Bearer " + created["edit_token"]}
    seats = [p["seat"] for p in client.get(f"/api/sessions/{session_id}").get_json()["players"]]
    tokens = {}
    for seat in seats:
        claimed = client.post(f"/api/sessions/{session_id}/seats", json={"seat": seat},
                              headers={"Authorization": "Bearer " + created["join_token"]})
        tokens[seat] = {"Authorization": "Bearer " + claimed.get_json()["seat_token"]}
    problems, answers = [], Counter()
    writing = threading.Event()
    writing.set()

    def read(name, headers, query, own_seat):
        phone, rnd, etag = app.test_client(), random.Random(name), None
        while writing.is_set():
            sent = {**headers, **({"If-None-Match": etag} if etag and rnd.random() < 0.5 else {})}
            view = phone.get(f"/api/sessions/{session_id}", headers=sent, query_string=query)
            log = phone.get(f"/api/sessions/{session_id}/log", headers=headers,
                            query_string=query)
            answers[view.status_code] += 1
            answers[log.status_code] += 1
            if view.status_code >= 500 or log.status_code >= 500:
                problems.append((name, view.status_code, log.status_code))
            if view.status_code == 200:
                etag = view.headers.get("ETag")
                shown = hands_shown(game, json.loads(view.data)["state"]) - {own_seat}
                if shown:
                    problems.append((name, "hand of", shown))
            if log.status_code == 200:
                shown = drawn_cards_shown(game, log.get_json()["entries"]) - {own_seat}
                if shown:
                    problems.append((name, "drawn card of", shown))

    def write(seat):
        phone, rnd = app.test_client(), random.Random(seat)
        for index in range(WRITES_PER_SEAT):
            view = phone.get(f"/api/sessions/{session_id}", headers=tokens[seat]).get_json()
            offered = [e for e in view["legal"] if e.get("player") == seat]
            filled = [{**(rules["events"][e["type"]]["example"] or {}),
                       **{k: v for k, v in e.items() if k != "open"}}
                      for e in offered if "open" in e]
            examples = [{**kind["example"], "player": seat}
                        for kind in rules["events"].values() if kind["example"]]
            choices = complete_legal({"legal": offered}) + filled + examples
            draw = rnd.random()
            if draw < 0.1:
                answer = phone.post(f"/api/sessions/{session_id}/undo", headers=tokens[seat],
                                    json={"expected_seq": view["seq"]})
            else:
                event = rnd.choice(choices[:6]) if draw >= 0.3 else {
                    "type": rnd.choice([*rules["events"], "nope"]),
                    "player": rnd.choice([seat, [seat], 5, None])}
                answer = phone.post(f"/api/sessions/{session_id}/events", headers=tokens[seat],
                                    json={"event": event, "expected_seq": view["seq"],
                                          "client_id": f"{seat}-{index}"})
            answers[answer.status_code] += 1
            if answer.status_code >= 500:
                problems.append((seat, "write", answer.status_code, answer.data[:200]))

    readers = [threading.Thread(target=read, args=(f"seat {seat}", tokens[seat], {}, seat))
               for seat in seats]
    readers += [threading.Thread(target=read, args=(f"table as {seat}", table, {"seat": seat},
                                                     seat)) for seat in seats]
    readers.append(threading.Thread(target=read, args=("spectator", {}, {}, None)))
    writers = [threading.Thread(target=write, args=(seat,)) for seat in seats]
    for thread in readers + writers:
        thread.start()
    for thread in writers:
        thread.join()
    writing.clear()
    for thread in readers:
        thread.join()

    assert problems == [], problems[:10]
    assert answers[200] > 0
    live = client.get(f"/api/sessions/{session_id}", headers=table).get_json()
    assert live["seq"] > 0, answers
    exported = client.get(f"/api/sessions/{session_id}/export", headers=table).get_json()
    exported.pop("signature")  # replayed from its log, not restored from its states
    imported = client.post("/api/sessions/import", json=exported)
    assert imported.status_code == 201, imported.get_json()
    copy = client.get(f"/api/sessions/{imported.get_json()['id']}",
                      headers={"Authorization": "Bearer " + imported.get_json()["edit_token"]})
    assert copy.get_json()["state"] == live["state"]
