"""The phone pages: home, search results and the browsable rulebook."""

import re

from rulebook_index import corpus, sections


def test_home_lists_games_and_search_box(client):
    html = client.get("/").get_data(as_text=True)
    assert 'name="viewport"' in html
    for g in corpus.GAME_IDS:
        assert f'href="/rules/{g}"' in html
    assert 'action="/rules"' in html and 'name="q"' in html
    assert "http://" not in html and "https://" not in html  # nothing external


def test_search_page_links_every_hit_to_its_section(client):
    r = client.get("/rules?q=discard+pile&game=pilgrims")
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    links = re.findall(r'class="hit-path" href="([^"]+)"', html)
    assert links
    book = client.get("/rules/pilgrims").get_data(as_text=True)
    passage_ids = {p.id for p in sections.passages_for("pilgrims")}
    for link in links:
        path, anchor = link.split("#")
        assert path == "/rules/pilgrims" and anchor in passage_ids
        assert f'id="{anchor}"' in book
    assert "<mark" in html


def test_search_page_bad_input(client):
    assert client.get("/rules?q=" + "x" * 501).status_code == 400
    assert client.get("/rules?q=dice&game=chess").status_code == 404
    assert client.get("/rules").status_code == 200
    assert client.get("/rules?q=%3Cscript%3E").status_code == 200
    assert "<script>" not in client.get("/rules?q=%3Cscript%3E").get_data(as_text=True)


def test_search_page_shows_correction(client):
    html = client.get("/rules?q=oponent").get_data(as_text=True)
    assert "Showing results for" in html


def test_rulebook_page_has_contents_and_an_anchor_per_section(client):
    html = client.get("/rules/journey").get_data(as_text=True)
    for s in sections.sections_for("journey"):
        assert f'id="{s.id}"' in html
        assert f'href="#{s.id}"' in html
    assert client.get("/rules/chess").status_code == 404


def test_static_css_is_served(client):
    r = client.get("/static/style.css")
    assert r.status_code == 200 and b"@import" not in r.data
    r.close()
