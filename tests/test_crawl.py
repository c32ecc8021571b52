"""Every page answers: a crawl of every page reachable from /, /play/ and /score/, every
/score/<game> and /play/new?game=<game> of every game the rules lookup knows, and the table, log and
ask pages of a game of each refereed game (as its creator and as a spectator). No 5xx, no broken
link; a game without a referee or calculator gets a styled page saying what there is for it."""

import re
from html.parser import HTMLParser
from urllib.parse import urldefrag, urljoin, urlsplit

from rulebook_index import corpus

MAX_PAGES = 600


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.found = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name in ("href", "src", "action") if tag != "form" else ():
            if attrs.get(name):
                self.found.append(attrs[name])
        if tag == "form" and (attrs.get("method") or "get").lower() == "get" and attrs.get("action"):
            self.found.append(attrs["action"])


def links_of(url: str, html: str) -> list[str]:
    parser = Links()
    parser.feed(html)
    out = []
    for link in parser.found:
        absolute, _fragment = urldefrag(urljoin("http://localhost" + url, link))
        parts = urlsplit(absolute)
        if parts.scheme in ("http", "https") and parts.netloc == "localhost":
            out.append(parts.path + (f"?{parts.query}" if parts.query else ""))
    return out


INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>")


def crawl(client, starts: list[str]) -> dict[str, int]:
    """{url: status} of every page and file reachable from `starts` (redirects followed). A page
    with an inline script (which the CSP, script-src 'self', refuses) counts as broken: 599."""
    seen: dict[str, int] = {}
    queue = list(starts)
    while queue and len(seen) < MAX_PAGES:
        url = queue.pop(0)
        if url in seen:
            continue
        with client.get(url, follow_redirects=True) as response:
            seen[url] = response.status_code
            if response.mimetype == "text/html" and INLINE_SCRIPT.search(response.text):
                seen[url] = 599
            if response.mimetype == "text/html" and not url.startswith("/api/"):
                queue.extend(link for link in links_of(url, response.text) if link not in seen)
    return seen


def game_of_each_referee(app, client) -> list[str]:
    from referee.web import describe_game

    ids = []
    for game_id, game in app.extensions["tableside.referees"].items():
        body = {"game": game_id, **describe_game(game)["example_setup"]}
        created = client.post("/api/sessions", json=body)
        assert created.status_code == 201, (game_id, created.text)
        ids.append(created.get_json()["id"])
    return ids


def test_every_page_answers_and_no_link_is_broken(app):
    client = app.test_client()
    starts = ["/", "/play/", "/score/", "/offline"]
    for game_id in corpus.GAME_IDS:
        starts += [f"/score/{game_id}", f"/play/new?game={game_id}", f"/rules/{game_id}"]
    for session_id in game_of_each_referee(app, client):
        starts += [f"/play/{session_id}", f"/play/{session_id}/log", f"/play/{session_id}/ask?q=turn"]
    statuses = crawl(client, starts)
    assert len(statuses) < MAX_PAGES, "the crawl did not finish"
    broken = {url: status for url, status in statuses.items() if status >= 400}
    assert not broken, broken
    for game_id in corpus.GAME_IDS:
        assert f"/score/{game_id}" in statuses and f"/play/new?game={game_id}" in statuses


def test_a_game_without_a_referee_or_calculator_says_what_there_is_for_it(app):
    client = app.test_client()
    refereed = app.extensions["tableside.referees"]
    for game_id in corpus.GAME_IDS:
        title = corpus.game_meta(game_id)["title"]
        for url in (f"/score/{game_id}", f"/play/new?game={game_id}"):
            page = client.get(url)
            assert page.status_code == 200, (url, page.status_code)
            assert '<link rel="stylesheet"' in page.text  # a styled page, never a raw error
            without = (game_id not in refereed if url.startswith("/play")
                       else getattr(refereed.get(game_id), "score_schema", None) is None)
            if without:
                assert "can be looked up" in page.text and f"/rules/{game_id}" in page.text, url
                assert title in page.text


def test_an_unknown_game_or_session_is_a_styled_404(client):
    for url in ("/play/new?game=chess", "/score/chess", "/play/nosuchgame", "/play/nosuchgame/log"):
        page = client.get(url)
        assert page.status_code == 404, url
        assert '<link rel="stylesheet"' in page.text and "Look a rule up" in page.text or \
            "Tableside does not know" in page.text, url


def test_the_crawl_reads_links_forms_and_files():
    found = links_of("/play/", '<a href="/rules/avignon#x">r</a><img src="/static/i.png">'
                               '<form method="get" action="/rules"></form>'
                               '<form method="post" action="/play/x/event"></form>'
                               '<a href="https://example.com/">away</a>')
    assert found == ["/rules/avignon", "/static/i.png", "/rules"]
    assert re.match(r"^/", found[0])
