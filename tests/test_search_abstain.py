"""The abstention's two question-side inputs: the question classifier (`search.kind_score`, since
session 15), what kind of question it is read off its own words, and the nearest fit questions
(`search.neighbours_scores`, since session 16; weighted toward the nearest since session 17), what
the questions most like it were. Questions written for these tests, apart from every bench set."""

import numpy as np
import pytest

from rulebook_index import embedding, search

# a card's printed values or text, a card's picture: what no rulebook of the five prints
NEVER_PRINTED = [
    ("pillars-of-fate", "how much attack does the sun champion card have"),
    ("we-forlorn-few", "what does the lantern equipment card do"),
    ("avignon", "what does the pope card look like"),
]


@pytest.mark.parametrize("game, q", NEVER_PRINTED)
def test_a_question_of_a_kind_the_book_never_prints_is_abstained(searcher, game, q):
    res = search.search(searcher, q, game, 5)
    assert res.features["kind"] < 0  # the classifier reads it as unanswerable-like
    assert res.answered is False and res.hits


# the shapes the classifier leans against (how many X, what kinds of X) where the book prints the
# answer: the game's components list, a sentence that names the kinds
PRINTED = [
    ("avignon", "how many character cards are there", "- 12 Character Cards"),
    ("journey", "what types of dice are there",
     "There are 4 different types of custom dice in the game"),
]


@pytest.mark.parametrize("game, q, sentence", PRINTED)
def test_a_components_count_and_the_kinds_of_a_thing_are_answered(searcher, game, q, sentence):
    res = search.search(searcher, q, game, 5)
    assert res.answered is True
    assert sentence in res.hits[0].answer


def test_the_classifiers_score_is_the_same_for_the_same_question(searcher):
    q = "how much attack does the sun champion card have"
    first = search.search(searcher, q, "pillars-of-fate", 5).features["kind"]
    search.search(searcher, "do demons hit knocked out guys", "journey", 5)
    again = search.search(searcher, q, "pillars-of-fate", 5).features["kind"]
    assert first == again == search.kind_score(q) == search.kind_score(q) != 0.0


def test_the_classifiers_score_raises_the_confidence():
    features = {"specific": 1.0, "off_book": 0.0, "printed": 1.0}
    assert (search.confidence_of({**features, "kind": -5.0})
            < search.confidence_of({**features, "kind": 0.0})
            < search.confidence_of({**features, "kind": 5.0}))


def test_question_grams_are_words_pairs_and_character_grams_of_the_lowered_words():
    grams = search.question_grams("Can I  FLY?")
    assert {"w:can", "w:i", "w:fly", "b:can i", "b:i fly"} <= grams
    assert {"c: ca", "c:can ", "c: fly ", "c:i f"} <= grams
    assert not any(g.startswith("w:") and g != g.lower() for g in grams)
    assert grams == search.question_grams("can i fly")
    assert search.kind_score("") == 0.0


def test_warming_loads_the_classifier_a_first_question_would_read():
    search._question_kind.cache_clear()
    search.warm()
    assert search._question_kind.cache_info().currsize == 1


# The nearest fit questions (since session 16): what the questions most like it were.
def test_nearest_share_is_the_share_answerable_among_the_k_nearest():
    memory = np.eye(4, dtype=np.float32)[[0, 0, 1, 2, 3]]  # two rows on the first axis
    answerable = np.array([1.0, 1.0, 0.0, 0.0, 0.0])
    question = np.array([0.9, 0.1, 0.0, 0.0], dtype=np.float32)
    assert search.nearest_shares(question, memory, answerable, k=2)[0] == 1.0
    assert search.nearest_shares(question, memory, answerable, k=4)[0] == 0.5
    assert search.nearest_shares(-question, memory, answerable, k=3)[0] == 0.0
    assert search.nearest_shares(question, memory[:2], answerable[:2], k=3)[0] == 1.0  # fewer than k
    assert search.nearest_shares(question, memory[:0], answerable[:0]) == (0.0, 0.0)


def test_the_near_share_weighs_the_nearest_twin_above_the_rest():
    # one answerable question at cosine 0.95 with the question, nine unanswerable at 0.80
    twin = np.array([0.95, np.sqrt(1 - 0.95**2), 0.0])
    rest = np.array([0.80, 0.0, 0.6])
    memory = np.array([twin] + [rest] * 9, dtype=np.float32)
    answerable = np.array([1.0] + [0.0] * 9)
    question = np.array([1.0, 0.0, 0.0], dtype=np.float32)
    share, near = search.nearest_shares(question, memory, answerable, k=10, near=10)
    assert share == 0.1
    fall = np.exp(-0.15 / search.NEAR_SCALE)  # each of the nine, against the twin's 1
    assert near == pytest.approx(1 / (1 + 9 * fall), abs=1e-3) and near > 0.5
    assert search.nearest_shares(question, memory, 1 - answerable, k=10, near=10) == (0.9, round(1 - near, 4))


# Questions written for these tests: a thing's printed statistics or card text, which the fit
# writers asked in other words of the same things (the book prints none), against rules it prints.
ASKED_BEFORE_NEVER_PRINTED = [
    ("journey", "whats the movement value of the bull general"),
    ("we-forlorn-few", "the tool box card, what bonus does it give me"),
    ("pilgrims", "what does the minstrel companion let me do when activated"),
]
ASKED_BEFORE_PRINTED = [
    ("journey", "when a pilgrim is unconscious can demons still hit him"),
    ("we-forlorn-few", "what happens when a traveler runs out of food"),
    ("avignon", "how does a petition work"),
]


@pytest.mark.parametrize("game, q", ASKED_BEFORE_NEVER_PRINTED)
def test_a_question_like_the_unanswered_fit_questions_is_abstained(searcher, game, q):
    res = search.search(searcher, q, game, 5)
    assert res.features["neighbours"] < 0.5
    assert res.answered is False and res.hits


@pytest.mark.parametrize("game, q", ASKED_BEFORE_PRINTED)
def test_a_question_like_the_answered_fit_questions_is_answered(searcher, game, q):
    res = search.search(searcher, q, game, 5)
    assert res.features["neighbours"] > 0.5
    assert res.answered is True


def test_the_neighbours_share_is_read_from_the_questions_game_and_raises_the_confidence(searcher):
    q = "whats the movement value of the bull general"
    vector = embedding.question_vector(search.clean_query(q)).embedding
    res = search.search(searcher, q, "journey", 5)
    scores = (res.features["neighbours"], res.features["neighbours_near"])
    assert scores == search.neighbours_scores(vector, "journey")
    vectors, answerable = search._neighbour_memory()["journey"]
    assert len(vectors) < len(search._neighbour_memory()[None][0])
    assert scores == search.nearest_shares(vector, vectors, answerable)
    features = {"specific": 1.0, "off_book": 0.0, "printed": 1.0, "kind": 0.0}
    for name in ("neighbours", "neighbours_near"):
        assert (search.confidence_of({**features, name: 0.0})
                < search.confidence_of({**features, name: 0.5})
                < search.confidence_of({**features, name: 1.0}))


def test_warming_loads_the_nearest_questions_a_first_question_would_read():
    search._neighbour_memory.cache_clear()
    search.warm()
    assert search._neighbour_memory.cache_info().currsize == 1


# A search engine's query syntax, read by this search as plain words (outsider14: "NOT", "AND OR NOT"
# and "title:x" were answered, "NOT" at 0.99 in every game). Left with no content word once the
# syntax is taken away, a question asks nothing the book could answer.
ASKS_NOTHING = ["NOT", "AND OR NOT", "title:x", "NOT title:", "x AND y"]


@pytest.mark.parametrize("q", ASKS_NOTHING)
@pytest.mark.parametrize("game", ["avignon", "journey", None])
def test_a_question_of_query_syntax_alone_is_not_covered(client, game, q):
    args = {"q": q} if game is None else {"q": q, "game": game}
    got = client.get("/api/rules/search", query_string=args)
    assert got.status_code == 200
    data = got.get_json()
    assert data["answered"] is False and data["message"]


@pytest.mark.parametrize("q", ["title:movement", "can I move AND attack", "what is NOT allowed on a river",
                               "do I score 2 AND then draw"])
def test_query_syntax_beside_a_question_leaves_it_asked(searcher, q):
    assert search.search(searcher, q, "journey", 5).features["asks_nothing"] == 0.0


@pytest.mark.parametrize("q", ["not", "2"])
def test_a_lone_word_of_the_question_is_not_query_syntax(searcher, q):
    # lower-case "not" is a rule word (no stop list); a digit is a content word
    assert search.search(searcher, q, "avignon", 5).features["asks_nothing"] == 0.0


# Play time, a size in units and a price asked in words the book never uses (outsider14: "session
# length", "card size in mm", "whats it retail for" were answered in some games).
PRODUCT_AND_TIME = ["session length", "is an hour enough", "how many minutes does it take",
                    "card size in mm", "how big are the cards in inches", "whats it retail for",
                    "is it expensive"]


@pytest.mark.parametrize("q", PRODUCT_AND_TIME)
@pytest.mark.parametrize("game", ["avignon", "pilgrims", "pillars-of-fate"])
def test_play_time_sizes_and_prices_are_off_book_where_the_book_never_says_them(searcher, game, q):
    res = search.search(searcher, q, game, 5)
    assert res.features["off_book"] == res.features["off_book_veto"] == 1.0 and res.answered is False


def test_a_shop_is_not_a_price_question(searcher):
    # We Forlorn Few's players call its Trading Post a shop: a rules question, not the product's
    res = search.search(searcher, "at the shop can i buy more than one thing", "we-forlorn-few", 5)
    assert res.features["off_book"] == 0.0


# The evening around the table asked in the book's own words (finding 142: "can we order pizza
# during the demon phase" was answered with the Maintenance Phase's sentence at 0.92).
TABLE_LIFE = [("journey", "can we order pizza during the demon phase"),
              ("journey", "what music should we play during the demon phase"),
              ("pilgrims", "can the dog sit at the table while we play"),
              ("avignon", "is it ok to check phones between turns")]


@pytest.mark.parametrize("game, q", TABLE_LIFE)
def test_the_evening_around_the_table_is_not_answered(searcher, game, q):
    res = search.search(searcher, q, game, 5)
    assert res.features["off_book"] == res.features["off_book_veto"] == 1.0 and res.answered is False


@pytest.mark.parametrize("game, q", [("we-forlorn-few", "can i use food to heal"),
                                     ("journey", "does smoke block line of sight")])
def test_a_table_word_the_book_uses_stays_a_rules_question(searcher, game, q):
    # We Forlorn Few prints Food, Journey prints smoke: only a book that never uses the word
    # leaves the question off-book
    assert search.search(searcher, q, game, 5).features["off_book"] == 0.0


# Opinion and product words a player also uses of the game's own things (session 19: "sum or best
# one" of two dice, a retreat's "price?"): the model's off-book input, but not a veto.
@pytest.mark.parametrize("game, q", [("we-forlorn-few", "going back one tile the way we came, price?"),
                                     ("avignon", "is there an expansion"),
                                     ("pilgrims", "two dice, do i take the sum or the best one")])
def test_opinion_and_product_words_weigh_in_the_confidence_without_a_veto(searcher, monkeypatch,
                                                                          game, q):
    res = search.search(searcher, q, game, 5)
    assert (res.features["off_book"], res.features["off_book_veto"]) == (1.0, 0.0)
    monkeypatch.setattr(search, "answer_threshold", lambda: 0.0)
    assert search.search(searcher, q, game, 5).answered is True


@pytest.mark.parametrize("game, q", [("avignon", "how many minutes does it take"),
                                     ("journey", "can we order pizza during the demon phase"),
                                     ("pilgrims", "what age is it for")])
def test_a_vetoed_kind_is_not_answered_at_any_confidence(searcher, monkeypatch, game, q):
    monkeypatch.setattr(search, "answer_threshold", lambda: 0.0)
    res = search.search(searcher, q, game, 5)
    assert res.features["off_book_veto"] == 1.0 and res.answered is False
