"""The answer on the phone pages: the rules search page and the table's ask page show the answer
sentence first, say plainly when the book does not seem to cover a question, and name the game
a question without one was answered for."""

import html as htmlmod
import re

from rulebook_index import corpus

NOT_COVERED = "The rulebook doesn't seem to cover this."


def answer_block(page: str) -> str:
    m = re.search(r'<section class="answer".*?</section>', page, re.S)
    return m.group(0) if m else ""


def test_rules_page_shows_the_answer_sentence_first(client):
    page = client.get("/rules", query_string={
        "q": "can i chastise twice in the same turn", "game": "avignon"}).get_data(as_text=True)
    block = answer_block(page)
    assert "the same action may not be taken twice" in htmlmod.unescape(block)
    assert 'class="hit-path" href="/rules/avignon#' in block  # its section, below it
    assert page.index('class="answer"') < page.find('class="hit"') or 'class="hit"' not in page
    assert NOT_COVERED not in htmlmod.unescape(page)


def test_rules_page_says_plainly_when_the_book_does_not_cover_it(client):
    page = client.get("/rules", query_string={
        "q": "how long does a game usually take", "game": "avignon"}).get_data(as_text=True)
    text = htmlmod.unescape(page)
    assert NOT_COVERED in text and "Related" in text
    assert not answer_block(page)
    assert 'class="hit"' in page  # the nearest passages, offered as related


def test_rules_page_names_the_game_it_detected(client):
    page = client.get("/rules", query_string={"q": "what does the scribe do"}).get_data(
        as_text=True)
    title = corpus.game_meta("avignon")["title"]
    assert f"Answered from the <strong>{title}</strong> rulebook" in page
    for other in corpus.GAME_IDS:
        if other != "avignon":  # one tap asks the same question of another game
            assert f"game={other}" in page


def test_api_abstains_with_a_message(client):
    data = client.get("/api/rules/search", query_string={
        "q": "how long does a game usually take", "game": "avignon"}).get_json()
    assert data["answered"] is False and data["message"] == NOT_COVERED
    assert data["results"]


def test_ask_page_at_the_table_shows_the_answer_and_the_abstention(app):
    from referee.web import describe_game, get_sessions

    client = app.test_client()
    with app.app_context():
        game = get_sessions().game("avignon")
        created = get_sessions().create(describe_game(game)["example_setup"])
    client.get(f"/play/{created['id']}/join?token={created['edit_token']}")
    ask = f"/play/{created['id']}/ask"
    page = client.get(ask, query_string={"q": "can i chastise twice in the same turn"}).text
    block = answer_block(page)
    assert "the same action may not be taken twice" in htmlmod.unescape(block)
    assert "/rules/avignon#" in block
    page = client.get(ask, query_string={"q": "how long does a game usually take"}).text
    assert NOT_COVERED in htmlmod.unescape(page) and not answer_block(page)


def test_the_answer_is_the_best_hit_wherever_a_page_moved_it(app):
    from flask import render_template_string

    from rulebook_index.search import Hit, SearchResult

    def hit(pid, score):
        return Hit(game="avignon", section_id=pid, passage_id=pid + "~1", title=pid, path=(pid,),
                   text=f"Rule {pid}.", fragment=f"Rule {pid}.", score=score, answer_start=0,
                   answer_end=len(f"Rule {pid}."))

    res = SearchResult(query="q", corrected=None, hits=[hit("phase", 1.0), hit("best", 2.0)],
                       answered=True, confidence=0.9)
    assert res.best.section_id == "best"
    with app.test_request_context():
        page = render_template_string(
            '{% from "rules/_answer.html" import answer_and_related %}'
            "{{ answer_and_related(result) }}", result=res)
    assert "Rule best." in answer_block(page) and "Rule phase." not in answer_block(page)
    assert page.count("Rule best.") == 1  # not repeated among the other hits
