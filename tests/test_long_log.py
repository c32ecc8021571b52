"""The log page of a long game is paged (issue 16: the whole log of a 5,000-event game took seconds
the first time): the latest page by default, older ones by `?from=<seq>`, each entry told exactly
as the whole log tells it. In process, on the toy game, with pages of 5 entries."""

import re

import pytest

from referee.pages import table
from tests.toy_game import Lanes


@pytest.fixture
def client(app):
    app.extensions["tableside.referees"][Lanes.game_id] = Lanes
    return app.test_client()


@pytest.fixture
def game(client):
    """15 entries: 12 events, an undo and a redo of the 12th, and one more event."""
    created = client.post("/api/sessions", json={"game": Lanes.game_id,
                                                 "players": ["Ann", "Bob"]}).get_json()
    auth = {"Authorization": f"Bearer {created['edit_token']}"}
    path = f"/api/sessions/{created['id']}"

    def play(seq, lane):
        event = {"type": "play", "player": "sun" if seq % 2 == 0 else "moon", "lane": lane,
                 "power": seq % 7}
        answer = client.post(path + "/events", headers=auth,
                             json={"event": event, "expected_seq": seq})
        assert answer.status_code == 200, answer.get_json()

    for seq in range(12):
        play(seq, seq // 4 + 1)
    assert client.post(path + "/undo", headers=auth, json={}).status_code == 200
    assert client.post(path + "/redo", headers=auth, json={}).status_code == 200
    play(14, 3)
    return created["id"]


def entries(html: str) -> dict[int, str]:
    return {int(seq): text for seq, text in
            re.findall(r'<li class="log-\w+[^"]*" id="log-(\d+)">(.*?)</li>', html, re.S)}


def links(html: str) -> dict[str, str]:
    return {rel: href.replace("&amp;", "&")
            for href, rel in re.findall(r'<a href="([^"]+)" rel="(prev|next)"', html)}


def test_each_page_tells_its_entries_as_the_whole_log_does(client, game, monkeypatch):
    whole = client.get(f"/play/{game}/log").text  # 15 entries: one page
    told = entries(whole)
    assert sorted(told) == list(range(1, 16)) and not links(whole)
    assert "Every entry" in whole
    monkeypatch.setattr(table, "LOG_PAGE", 5)

    latest = client.get(f"/play/{game}/log").text
    assert entries(latest) == {seq: told[seq] for seq in range(11, 16)}
    assert "Entries #11–#15 of 15" in latest
    assert links(latest) == {"prev": f"/play/{game}/log?from=6"}

    middle = client.get(f"/play/{game}/log?from=6").text
    assert entries(middle) == {seq: told[seq] for seq in range(6, 11)}
    assert links(middle) == {"prev": f"/play/{game}/log?from=1", "next": f"/play/{game}/log"}

    first = client.get(f"/play/{game}/log?from=1").text
    assert entries(first) == {seq: told[seq] for seq in range(1, 6)}
    assert links(first) == {"next": f"/play/{game}/log?from=6"}


def test_an_older_page_describes_the_event_an_undo_on_it_names(client, game, monkeypatch):
    """The undo (#13) and redo (#14) of event #12, on a page that does not show #12."""
    whole = entries(client.get(f"/play/{game}/log").text)
    monkeypatch.setattr(table, "LOG_PAGE", 2)
    assert entries(client.get(f"/play/{game}/log").text) == {14: whole[14], 15: whole[15]}
    older = entries(client.get(f"/play/{game}/log?from=13").text)  # 13-14: an older page
    assert older == {13: whole[13], 14: whole[14]}
    assert re.search(r'class="told"', older[13])  # the undo names #12 in words


def test_an_older_page_starts_at_a_page_boundary(client, game, monkeypatch):
    monkeypatch.setattr(table, "LOG_PAGE", 5)
    page = client.get(f"/play/{game}/log?from=8").text
    assert sorted(entries(page)) == list(range(6, 11))


def test_an_older_page_leaves_the_walk_the_table_page_keeps(client, game, monkeypatch, app):
    monkeypatch.setattr(table, "LOG_PAGE", 5)
    client.get(f"/play/{game}")
    kept = dict(app.extensions["tableside.history"])
    client.get(f"/play/{game}/log?from=1")
    assert app.extensions["tableside.history"] == kept


@pytest.mark.parametrize("query", ["?from=0", "?from=-4", "?from=99", "?from=x"])
def test_a_page_out_of_range_shows_the_nearest(client, game, monkeypatch, query):
    monkeypatch.setattr(table, "LOG_PAGE", 5)
    page = client.get(f"/play/{game}/log{query}")
    assert page.status_code == 200
    assert sorted(entries(page.text)) in (list(range(1, 6)), list(range(11, 16)))
