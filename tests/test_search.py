"""Search internals: the analyzer, query planning, spelling, and ranking on a real index."""

import time

import pytest
from whoosh.filedb.filestore import RamStorage

from rulebook_index import indexing, search


def test_analyzer_keeps_rule_words_and_numbers():
    assert search.stems("If 2 players may not, you can") == [
        "if", "2", "player", "mai", "not", "you", "can",
    ]
    assert search.stems("player's can't") == ["player", "cant"]


def test_query_syntax_is_just_words():
    plan = search.plan_query('title:pile a* AND (b OR "c") ?:')
    assert set(plan.terms) >= {"titl", "pile", "a", "and", "b", "or", "c"}
    q = search.build_query(plan)
    fields = {t[0] for t in q.iter_all_terms()}
    assert fields <= {"text", "title", "path"}


def test_spelling_correction():
    assert search.correct_word("oponent") == "opponent"
    assert search.correct_word("twcie") == "twice"
    assert search.correct_word("opponent") is None
    assert search.correct_word("ab") is None
    plan = search.plan_query("my oponent moved")
    assert plan.corrected == "my opponent moved"
    assert search.plan_query("my opponent moved").corrected is None


def test_glossary_expands_player_words():
    plan = search.plan_query("do demons hit knocked out guys", "journey")
    assert "unconscious" in plan.expansions
    assert "unconsci" in plan.terms


def test_empty_and_punctuation_queries_plan_nothing():
    assert search.build_query(search.plan_query("?!*()")) is None


@pytest.fixture(scope="module")
def searcher(index_dir):
    _, ix = indexing.open_current(index_dir)
    with ix.searcher(weighting=search.WEIGHTING) as s:
        yield s
    ix.close()


@pytest.mark.parametrize(
    "game, q, expect",
    [
        ("avignon", "can i look at the discard pile", "may be looked at by either player"),
        ("avignon", "what happens if 2 people win at the same time", "took the game's final action"),
        ("journey", "do demons hit knocked out guys", "Unconscious"),
    ],
)
def test_issue_examples_answer_in_top_3(searcher, game, q, expect):
    res = search.search(searcher, q, game, 3)
    assert any(expect in h.text for h in res.hits), [h.section_id for h in res.hits]


def test_results_filter_by_game_and_highlight_escapes(searcher):
    res = search.search(searcher, "<script>alert(1)</script> discard pile", "pilgrims", 5)
    assert res.hits and all(h.game == "pilgrims" for h in res.hits)
    for h in res.hits:
        assert "<script" not in h.fragment
        stripped = h.fragment.replace('<mark class="match ', "").replace("</mark>", "")
        assert "<" not in stripped.replace('term0">', "").replace('term1">', "").replace(
            'term2">', ""
        ).replace('term3">', "").replace('term4">', "") or "&lt;" in h.fragment


def test_all_games_search(searcher):
    res = search.search(searcher, "discard pile", None, 20)
    assert len({h.game for h in res.hits}) > 1


def test_worst_case_queries_are_fast(searcher):
    for q in ["*a*", " OR ".join(f"{c}*" for c in "abcdefgh"), "a " * 250, "x" * 500,
              " ".join(["zzqxv"] * 100), "the " * 125]:
        t = time.perf_counter()
        search.search(searcher, q[:500], None, 50)
        assert time.perf_counter() - t < 0.2, q[:40]


def test_in_memory_index_round_trip():
    ix = RamStorage().create_index(indexing.PassageSchema())
    with ix.writer() as w:
        w.add_document(id="a~1", game="avignon", section_id="a", title="Ending", path="Ending",
                       text="If two players would win at the same time, nobody wins.", order=0)
        w.add_document(id="b~1", game="avignon", section_id="b", title="Setup", path="Setup",
                       text="Shuffle the deck.", order=1)
    with ix.searcher(weighting=search.WEIGHTING) as s:
        res = search.search(s, "what if 2 people win at once", "avignon", 5)
    assert [h.section_id for h in res.hits][:1] == ["a"]
