"""Search internals: the analyzer, query planning, spelling, and ranking on a real index."""

import time
from types import SimpleNamespace

import pytest
from whoosh.filedb.filestore import RamStorage

from rulebook_index import corpus, indexing, search, sections


def test_analyzer_keeps_rule_words_and_numbers():
    assert search.stems("If 2 players may not, you can") == [
        "if", "2", "player", "may", "not", "you", "can",
    ]
    assert search.stems("player's can't") == ["player", "cant"]


def test_analyzer_joins_a_verb_and_its_inflections():
    # Porter2: "-ed" / "-ing" forms meet their verb (Whoosh's Porter split them)
    for forms in ("activate activated activating", "flip flipped flipping",
                  "win winning", "meditate meditating", "tie ties tied"):
        assert len(set(search.stems(forms))) == 1, forms


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
    """No wildcard or fuzzy expansion, and a question's embedding stays short (a blow-up costs
    seconds). This thread's CPU time, which a busy machine does not inflate."""
    for q in ["*a*", " OR ".join(f"{c}*" for c in "abcdefgh"), "a " * 250, "x" * 500,
              " ".join(["zzqxv"] * 100), "the " * 125]:
        t = time.thread_time()
        search.search(searcher, q[:500], None, 50)
        assert time.thread_time() - t < 0.2, q[:40]


def test_in_memory_index_round_trip():
    ix = RamStorage().create_index(indexing.PassageSchema())
    docs = [("a", "Ending", "If two players would win at the same time, nobody wins."),
            ("b", "Setup", "Shuffle the deck.")]
    vectors = indexing.passage_vectors([SimpleNamespace(path_text=title, text=text)
                                        for _, title, text in docs])
    with ix.writer() as w:
        for order, ((sid, title, text), (vector, sentence_vectors)) in enumerate(
                zip(docs, vectors, strict=True)):
            w.add_document(id=f"{sid}~1", game="avignon", section_id=sid, title=title,
                           path=title, text=text, order=order, vector=vector,
                           sentence_vectors=sentence_vectors)
    with ix.searcher(weighting=search.WEIGHTING) as s:
        res = search.search(s, "what if 2 people win at once", "avignon", 5)
    assert [h.section_id for h in res.hits][:1] == ["a"]


# --- the index: CLI, staleness, atomic swap ------------------------------------------------


def test_cli_build_is_a_no_op_when_current(runner):
    result = runner.invoke(args=["index", "build"])
    assert result.exit_code == 0, result.output
    assert "up to date" in result.output


def test_cli_rebuild_shows_progress(app, tmp_path):
    app.config["INDEX_DIR"] = str(tmp_path / "ix")
    result = app.test_cli_runner().invoke(args=["index", "rebuild"])
    assert result.exit_code == 0, result.output
    for game in ("avignon", "journey"):
        assert game in result.output
    assert "Rebuilt" in result.output
    assert indexing.is_current(tmp_path / "ix")


def test_index_goes_stale_when_its_inputs_change(tmp_path, monkeypatch):
    ix_dir = tmp_path / "ix"
    assert indexing.build(ix_dir) is True
    first = indexing.current_dir(ix_dir)
    assert indexing.build(ix_dir) is False  # current: nothing to do
    monkeypatch.setattr(indexing, "_compute_hash", lambda: "a-rulebook-changed")
    indexing._hash_memo.clear()
    assert not indexing.is_current(ix_dir)
    assert indexing.build(ix_dir) is True
    assert indexing.current_dir(ix_dir) != first
    assert indexing.build_hash(indexing.current_dir(ix_dir)) == "a-rulebook-changed"


def test_concurrent_builds_leave_one_complete_index(tmp_path):
    import threading

    ix_dir = tmp_path / "ix"
    errors = []

    def work():
        try:
            indexing.build(ix_dir, force=True)
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=work) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert indexing.is_current(ix_dir)
    path, ix = indexing.open_current(ix_dir)
    with ix.searcher() as s:
        assert s.doc_count() == sum(len(sections.passages_for(g)) for g in corpus.GAME_IDS)
    ix.close()
    leftovers = [p.name for p in ix_dir.iterdir() if p.name.startswith(".build-")]
    assert leftovers == []


def test_app_reopens_the_index_after_a_rebuild(app, client, tmp_path):
    ix_dir = tmp_path / "ix"
    indexing.build(ix_dir)
    app.config["INDEX_DIR"] = str(ix_dir)
    assert client.get("/api/rules/search?q=dice").status_code == 200
    before = indexing.current_dir(ix_dir)
    indexing.build(ix_dir, force=True)
    from rulebook_index import web

    web._handle(app).checked = 0  # skip the once-a-second pointer check
    assert client.get("/api/rules/search?q=dice").status_code == 200
    assert web._handle(app).path == indexing.current_dir(ix_dir) != before


def test_search_without_an_index_is_503(app, tmp_path):
    app.config["INDEX_DIR"] = str(tmp_path / "none")
    r = app.test_client().get("/api/rules/search?q=dice")
    assert r.status_code == 503
    assert r.get_json()["error"]["code"] == "index_unavailable"


def test_dev_question_set_quality_floor(searcher):
    """A guard, not the target: the dev set's hit@3 must not fall below 0.9 (0.925 with the
    embedding re-ranker, 0.898 before it; bench/search_quality.py reports the real figures)."""
    import json
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "bench" / "questions-dev.jsonl"
    if not path.exists():
        pytest.skip("no dev question set")
    items = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
    norm = " ".join
    hits = 0
    for it in items:
        res = search.search(searcher, it["q"], it["game"], 3)
        answer = norm(it["answer"].split())
        hits += any(answer in norm(h.text.split()) for h in res.hits)
    assert hits / len(items) >= 0.9


def test_concepts_group_a_word_with_its_glossary_terms():
    plan = search.plan_query("how many friends can be in my group", "pilgrims")
    by_word = {s: c for c in plan.concepts for s in c}
    assert {"friend", "companion"} <= by_word["friend"]
    assert "parti" in by_word["group"] and "friend" not in by_word["group"]
    # question filler stays a concept of its own, with no rulebook terms attached
    assert by_word["my"] == frozenset({"my"})


def test_warming_fills_caches_without_changing_rankings(index_dir):
    _, ix = indexing.open_current(index_dir)
    q = "how many friends can be in my group"
    with ix.searcher(weighting=search.WEIGHTING) as cold:
        before = [(h.passage_id, h.score) for h in search.search(cold, q, "pilgrims", 5).hits]
    with ix.searcher(weighting=search.WEIGHTING) as s:
        search.warm(s)
        memo = search._reader_cache(s.reader())
        assert len(memo["stored"]) == s.doc_count_all()
        after = [(h.passage_id, h.score) for h in search.search(s, q, "pilgrims", 5).hits]
    ix.close()
    assert after == before


def test_app_warms_its_searcher_at_start_up(tmp_path, index_dir, monkeypatch):
    import gc

    from app import create_app

    monkeypatch.setattr(gc, "freeze", lambda: None)  # keep the test process's GC as it is
    app = create_app({"TESTING": True, "INDEX_WARM": True, "INDEX_DIR": index_dir,
                      "DATABASE_URL": "sqlite:///" + str(tmp_path / "t.sqlite")})
    client = app.test_client()
    r = client.get("/api/rules/search", query_string={"q": "who starts", "game": "avignon"})
    assert r.status_code == 200 and r.get_json()["count"] > 0


def test_a_question_plans_the_same_whatever_the_hash_seed():
    # the confidence reads the question's most specific concept: its order must not come from
    # a set's iteration order, or refits and answers change from one process to the next
    import os
    import subprocess
    import sys

    code = ("from rulebook_index import search; "
            "p = search.plan_query('do demons hit knocked out guys with my sack', 'journey'); "
            "print([sorted(c) for c in p.concepts])")
    outs = {
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                       env={**os.environ, "PYTHONHASHSEED": seed}).stdout
        for seed in ("1", "2", "3")
    }
    assert len(outs) == 1 and outs.pop().startswith("[[")


@pytest.mark.parametrize("game", [None, "journey", "avignon"])
def test_the_first_stage_sums_each_passage_as_whoosh_scores_it(searcher, game):
    """run_query adds memoized clause arrays; Whoosh's own search over the same Or query gives
    every passage the same score, and the order is by score, then the higher docnum."""
    query = search.build_query(search.plan_query("can my guy walk thru a demon", game))
    ours = search.run_query(searcher, query, game, searcher.doc_count_all())
    games = search._doc_games(searcher)
    theirs = {hit.docnum: hit.score for hit in searcher.search(query, limit=None)
              if game is None or games[hit.docnum] == game}
    assert {d: pytest.approx(sc, rel=1e-9) for sc, d in ours} == theirs
    assert ours == sorted(ours, reverse=True)


def test_word_scores_and_pair_scores_are_whooshs_own(searcher):
    """The stems' scores computed once per build and the two-word phrases' read off them are
    exactly what Whoosh's matchers give: every 20th stem of each field, every 7th word pair the
    rulebooks print, the same pairs reversed (mostly printed nowhere), and words printed apart."""
    from whoosh.query import Phrase, Term

    terms = search._term_scores(searcher)
    words = sorted({(f, w) for f, w, g in terms if g is None})
    for f, w in words[::20]:
        assert terms[(f, w, None)] == search._whoosh_scores(searcher, Term(f, w))
    printed = sorted(set().union(*(search._bigrams(d["text"])
                                   for d in searcher.all_stored_fields())))
    pairs = printed[::7] + [(b, a) for a, b in printed[::7]] + [("demon", "pilgrim"), ("may", "2")]
    matched = 0
    for a, b in pairs:
        expected = search._whoosh_scores(searcher, Phrase("text", [a, b]))
        assert search._pair_scores(searcher, a, b) == expected, (a, b)
        matched += bool(expected)
    assert matched >= len(printed[::7])


def test_cosines_of_a_few_passages_are_those_of_the_whole_matrices(searcher):
    """Up to float32 rounding: BLAS may sum a gathered matrix's last rows in another order."""
    vectors = search._passage_vectors(searcher)
    question = search.embedding.question_vector("what happens when my guy is knocked out").embedding
    keys = list(vectors.rows)[::37]
    whole, by_sentence = vectors.vectors @ question, vectors.sentences @ question
    expected = []
    for key in keys:
        row, first, end = vectors.rows[key]
        best = by_sentence[first:end].max() if end > first else whole[row]
        expected.append((float(whole[row]), float(best)))
    got = vectors.cosines(keys, question)
    assert got == [(pytest.approx(w, abs=1e-6), pytest.approx(b, abs=1e-6)) for w, b in expected]


@pytest.mark.parametrize("game", ["journey", "avignon"])
def test_the_nearest_passages_are_the_games_best_by_passage_or_sentence_cosine(searcher, game):
    """`nearest` ranks the game's passages by the best of the passage's cosine and its closest
    sentence's, as the whole matrices give them, and skips the excluded ones."""
    vectors = search._passage_vectors(searcher)
    fields = search._stored_fields(searcher)
    question = search.embedding.question_vector("who goes first").embedding
    whole, by_sentence = vectors.vectors @ question, vectors.sentences @ question
    near = {}
    for docnum in range(searcher.doc_count_all()):
        d = fields(docnum)
        if d["game"] == game:
            row, first, end = vectors.rows[(d["game"], d["id"])]
            near[docnum] = max(whole[row], by_sentence[first:end].max() if end > first else -1)
    best = sorted(near.values(), reverse=True)
    got = vectors.nearest(question, game, 8, exclude=set())
    assert [near[d] for d in got] == [pytest.approx(v, abs=1e-6) for v in best[:8]]
    skipped = vectors.nearest(question, game, 5, exclude=set(got[:3]))
    assert skipped == got[3:8]


def test_finding_the_game_reads_bm25fs_candidates_alone(searcher):
    """Without a game the first stage adds no passage found by the question's vector alone; in
    the game it adds them after BM25F's."""
    q = "what does the vicar's petiton do"
    for game in (None, "avignon"):
        plan = search.plan_query(q, game)
        docs, _, lexical = search._first_stage(searcher, search.build_query(plan), game,
                                               search.CANDIDATES, search.Question(plan.text))
        unmatched = len(sections.passages_for("avignon")) - lexical
        assert 0 < lexical
        assert len(docs) - lexical == (0 if game is None else min(search.VECTOR_CANDIDATES, unmatched))


@pytest.mark.parametrize("q, game, answer", [
    ("which side takes the opening turn", "avignon", "The Roman player goes first."),
    ("we keep arguing how the bull moves, who makes the call", "journey",
     "the Player controlling Tripitaka makes the decision"),
])
def test_a_paraphrase_bm25f_misses_reaches_the_reranker_through_the_questions_vector(
        searcher, q, game, answer):
    """A question sharing no word BM25F can use with the sentence that answers it: that passage
    is not among BM25F's candidates, but it is among the first stage's, after them, flagged as
    found by the question's vector alone."""
    plan = search.plan_query(q, game)
    fields = search._stored_fields(searcher)
    in_game = [fields(d) for d in range(searcher.doc_count_all()) if fields(d)["game"] == game]
    right = {d["id"] for d in in_game if answer in " ".join(d["text"].split())}
    lexical = [fields(d)["id"] for _, d in
               search.run_query(searcher, search.build_query(plan), game, search.CANDIDATES)]
    assert right and not right & set(lexical)
    cands = search.candidates(searcher, q, game)
    found = min(search.VECTOR_CANDIDATES, len(in_game) - len(lexical))
    assert [d["id"] for d, _ in cands[:len(lexical)]] == lexical
    assert [f["vector_only"] for _, f in cands] == [0.0] * len(lexical) + [1.0] * found
    assert right & {d["id"] for d, _ in cands[len(lexical):]}


def test_the_first_stage_reads_the_adapted_question_vector(searcher, monkeypatch):
    """A player's wording whose rule neither BM25F's candidates nor the model vector's nearest
    passages hold: the adapter's map of the question reaches it, and the search returns it; with
    no adapter shipped, the first stage reads the model vector and it is not a candidate."""
    q, game = "my guy wants to step past our friend standing in the way", "journey"
    right = "detailed-rules-move~1"  # "A Miniature cannot move into or through a square which is blocked."
    plan = search.plan_query(q, game)
    fields = search._stored_fields(searcher)
    lexical = {d for _, d in search.run_query(searcher, search.build_query(plan), game,
                                              search.CANDIDATES)}
    assert right not in {fields(d)["id"] for d in lexical}
    question = search.Question(plan.text)
    vectors = search._passage_vectors(searcher)

    def nearest(vector):
        return {fields(d)["id"] for d in vectors.nearest(vector, game, search.VECTOR_CANDIDATES,
                                                          exclude=lexical)}

    assert right not in nearest(question.vectors.embedding)
    assert right in nearest(question.adapted)
    assert right in {d["id"] for d, _ in search.candidates(searcher, q, game)}
    assert right in [h.passage_id for h in search.search(searcher, q, game, 10).hits]
    monkeypatch.setattr(search, "_adapter", lambda: None)
    assert right not in {d["id"] for d, _ in search.candidates(searcher, q, game)}
