"""The JSON API: games, search, sections, and bad input that must never be a 500."""


import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebook_index import corpus, sections
from rulebook_index.web import index_ok


def error_of(resp, status, code, field=None):
    assert resp.status_code == status, resp.get_data(as_text=True)
    err = resp.get_json()["error"]
    assert err["code"] == code and err["message"]
    if field:
        assert err["field"] == field
    return err


def test_games(client):
    data = client.get("/api/games").get_json()
    assert [g["id"] for g in data["games"]] == list(corpus.GAME_IDS)
    pilgrims = next(g for g in data["games"] if g["id"] == "pilgrims")
    assert pilgrims["title"] == "Pilgrims: Curious Adventures"
    assert pilgrims["players"] == "1-4"
    assert pilgrims["sections"] == len(sections.sections_for("pilgrims"))
    assert pilgrims["rulebook"] == "pilgrims.txt"


def test_search_result_shape(client):
    r = client.get("/api/rules/search?q=can i look at the discard pile&game=avignon&limit=3")
    assert r.status_code == 200
    data = r.get_json()
    assert data["game"] == "avignon" and data["limit"] == 3 and data["corrected_query"] is None
    assert 1 <= len(data["results"]) <= 3
    hit = data["results"][0]
    assert set(hit) >= {"game", "section_id", "section_path", "text", "highlight", "score", "url"}
    assert hit["url"] == f"/rules/avignon#{hit['section_id']}"
    assert hit["section_path"] == list(sections.get_section("avignon", hit["section_id"]).path)
    assert "<mark" in hit["highlight"]
    scores = [h["score"] for h in data["results"]]
    assert scores == sorted(scores, reverse=True)


def test_search_without_a_game_detects_it_and_corrects_spelling(client):
    data = client.get("/api/rules/search?q=what does the vicar's petiton do").get_json()
    assert data["game"] == "avignon" and data["game_detected"] is True
    assert data["corrected_query"] == "what does the vicar's petition do"
    assert data["results"] and {h["game"] for h in data["results"]} == {"avignon"}


@pytest.mark.parametrize("q, game", [
    ("how many chi points does resting give back", "journey"),
    ("can the falconer take a reward token", "pilgrims"),
    ("what does the scribe do", "avignon"),
])
def test_game_detected_from_distinctive_words(client, q, game):
    data = client.get("/api/rules/search", query_string={"q": q}).get_json()
    assert (data["game"], data["game_detected"]) == (game, True)


def test_a_chosen_game_is_not_detected(client):
    data = client.get("/api/rules/search?q=what does the scribe do&game=journey").get_json()
    assert (data["game"], data["game_detected"]) == ("journey", False)


def test_each_result_carries_its_answer_verbatim(client):
    data = client.get("/api/rules/search?q=can i chastise twice in the same turn&game=avignon").get_json()
    assert data["answered"] is True and data["message"] is None
    assert 0 < data["confidence"] <= 1
    for hit in data["results"]:
        a = hit["answer"]
        assert a["text"] and hit["text"][a["start"]:a["end"]] == a["text"]
        assert a["text"] == a["text"].strip()
    assert "the same action may not be taken twice" in data["results"][0]["answer"]["text"]


@pytest.mark.parametrize(
    "query, status, code, field",
    [
        ("", 400, "bad_request", "q"),
        ("q=", 400, "bad_request", "q"),
        ("q=%20%20%09", 400, "bad_request", "q"),
        ("q=" + "a" * 501, 400, "bad_request", "q"),
        ("q=dice&game=chess", 404, "not_found", "game"),
        ("q=dice&limit=0", 400, "bad_request", "limit"),
        ("q=dice&limit=51", 400, "bad_request", "limit"),
        ("q=dice&limit=ten", 400, "bad_request", "limit"),
        ("q=dice&limit=-1", 400, "bad_request", "limit"),
        ("q=dice&limit=1.5", 400, "bad_request", "limit"),
        ("q=dice&limit=%D9%A3", 400, "bad_request", "limit"),
    ],
)
def test_search_bad_input(client, query, status, code, field):
    error_of(client.get("/api/rules/search?" + query), status, code, field)


def test_search_limit_bounds_ok(client):
    assert len(client.get("/api/rules/search?q=card&limit=1").get_json()["results"]) == 1
    assert len(client.get("/api/rules/search?q=card&game=journey&limit=50").get_json()["results"]) == 50
    assert client.get("/api/rules/search?q=" + "a" * 500).status_code == 200


@pytest.mark.parametrize(
    "q",
    ['"', "(", ")", "*", "?", ":", "AND", "OR NOT", "a*", "*a*", "title:x", "game:journey",
     "text:[a TO z]", "~2", "^3", "\\", "é ü 漢字 🎲", "\x00\x01\x1f", "\ufeff", "'''",
     " OR ".join(f"{c}*" for c in "abcdefgh")],
)
def test_query_syntax_never_errors(client, q):
    # no wildcard or fuzzy expansion can reach the index; its speed is bench/search_speed.py's
    r = client.get("/api/rules/search", query_string={"q": q})
    assert r.status_code in (200, 400)
    assert r.is_json


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(q=st.text(max_size=520), game=st.sampled_from(["", "journey", "avignon", "nope"]),
       limit=st.one_of(st.none(), st.text(max_size=4), st.integers(-5, 60).map(str)))
def test_random_queries_never_500(client, q, game, limit):
    params = {"q": q, "game": game}
    if limit is not None:
        params["limit"] = limit
    r = client.get("/api/rules/search", query_string=params)
    assert r.status_code in (200, 400, 404), r.get_data(as_text=True)
    assert r.is_json


def test_section_with_children(client):
    r = client.get("/api/rules/journey/sections/detailed-rules-attack")
    assert r.status_code == 200
    sec = r.get_json()["section"]
    assert sec["path"] == ["Detailed Rules", "Attack"]
    assert sec["body"].startswith(sections.get_section("journey", "detailed-rules-attack").body[:40])
    child_ids = [c["id"] for c in sec["children"]]
    assert "detailed-rules-attack-defeat" in child_ids
    assert sec["url"] == "/rules/journey#detailed-rules-attack"


def test_section_not_found(client):
    error_of(client.get("/api/rules/chess/sections/setup"), 404, "not_found", "game")
    error_of(client.get("/api/rules/journey/sections/nope"), 404, "not_found", "section_id")


def test_index_ok(app, tmp_path):
    assert index_ok(app) is True
    app.config["INDEX_DIR"] = str(tmp_path / "missing")
    assert index_ok(app) is False
