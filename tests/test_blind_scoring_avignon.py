"""Avignon: Pilgrimage, outsider scoring scenarios round 11: the calculator's line-by-line breakdown
(one line per Congregation card, each citing the Scoring sentence, summing to the total) and its
page (filled in as a browser sends it), the live score of a game ended through the API against the
calculator fed the same Congregations (and undo of the winning action), a tally no game can reach,
and malformed tallies. Written from the rulebook and the API's own description only
(docs/games/avignon.md, GET /api/games/avignon), never the referee's code."""

import pytest

from tests.api_table import ApiTable, calculated, quotes_from

GAME = "avignon"
book = quotes_from(GAME)

SCORED = book("If any action causes a card to move past either the Rome or the Avignon card, it is "
              "placed face up in front of the player it was moving towards.")
THREE_CARDS = book("The game ends when one player has three cards in his or her Congregation. That "
                   "player wins the game.")
SCRIBE_WIN = book("At the start of your turn, if Scribe is in GENOA and you have two in your "
                  "Congregation, WIN.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def board(*cards):
    return [{"path": n, "character": character, "location": location}
            for n, (character, location) in enumerate(cards, start=1)]


def tallied(scores):
    """Each seat's total and breakdown (the live score names the player, the calculator the seat)."""
    return [(player["seat"], player["total"], player["breakdown"]) for player in scores["players"]]


def lines_of(scores, seat):
    player = next(player for player in scores["players"] if player["seat"] == seat)
    return player


def test_each_congregation_card_is_one_line_citing_the_scoring_sentence_and_summing(client):
    tally = {"congregations": {"rome": ["Courtesan", "Scribe", "Courtesan"],
                               "avignon": ["Ascetic", "Nuncio"]}}
    scores = calculated(client, GAME, tally)
    for seat, cards in tally["congregations"].items():
        player = lines_of(scores, seat)
        assert sorted(line["label"] for line in player["breakdown"]) == sorted(cards)
        assert all(line["rule"]["quote"] == SCORED for line in player["breakdown"])
        assert sum(line["points"] for line in player["breakdown"]) == player["total"] == len(cards)
    assert scores["winners"] == ["rome"]
    assert scores["decided_by"]["rule"]["quote"] == THREE_CARDS
    # Who took the final action matters only when both hold three: Avignon's last push that gave
    # Rome its third card changes nothing.
    assert calculated(client, GAME, {**tally, "last_actor": "avignon"}) == scores


def test_the_calculator_page_shows_the_same_lines_the_api_gives(client):
    query = ("/score/avignon?count=2&congregations.rome%23Courtesan=2&congregations.rome%23Scribe=1"
             "&congregations.avignon%23Ascetic=1&congregations.avignon%23Nuncio=1&calculate=1")
    page = client.get(query)
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "Rome wins" in html
    assert THREE_CARDS in html
    assert html.count(f'title="{SCORED}"') == 5
    assert 'data-player="Rome">3<' in html and 'data-player="Avignon">2<' in html


def test_the_live_score_of_a_game_won_by_the_api_is_the_calculators(client):
    table = ApiTable(client, {"game": GAME, "players": ["Rosa", "Aldo"], "position": {
        "board": board(("Canonist", "rome"), ("Scribe", "florence"), ("Courtesan", "genoa"),
                       ("Ascetic", "florence"), ("Scribe", "avignon")),
        "congregations": {"rome": ["Vicar", "Nuncio"], "avignon": ["Ascetic"]},
        "turn": "rome", "first_turn": False}})
    before = table.view()
    mid = calculated(client, GAME, {"congregations": before["state"]["congregations"]})
    assert tallied(before["scores"]) == tallied(mid)
    assert before["scores"]["winners"] == mid["winners"] == []

    # Rosa pulls the Canonist past Rome: her third card ends the game.
    table.accepted({"type": "beseech", "player": "rome", "path": 1})
    final = table.view()
    assert final["over"] is True and final["legal"] == []
    assert final["state"]["congregations"]["rome"] == ["Vicar", "Nuncio", "Canonist"]
    end = calculated(client, GAME, {"congregations": final["state"]["congregations"],
                                    "last_actor": "rome"})
    assert tallied(final["scores"]) == tallied(end)
    assert final["scores"]["winners"] == end["winners"] == ["rome"]
    assert final["scores"]["decided_by"]["rule"]["quote"] == THREE_CARDS
    assert [line["rule"]["quote"] for line in lines_of(final["scores"], "rome")["breakdown"]] == (
        [SCORED] * 3)

    undone = client.post(f"/api/sessions/{table.id}/undo", headers=table.headers)
    assert undone.status_code == 200
    table.seq = undone.get_json()["seq"]
    reopened = table.view()
    assert (reopened["state"], reopened["scores"], reopened["legal"]) == (
        before["state"], before["scores"], before["legal"])


def test_the_scribe_win_is_a_decided_by_not_a_line(client):
    scores = calculated(client, GAME, {"congregations": {"rome": ["Vicar", "Canonist"],
                                                         "avignon": ["Ascetic", "Courtesan"]},
                                       "scribe_in_genoa_at_start_of": "avignon"})
    assert scores["winners"] == ["avignon"]
    assert scores["decided_by"]["rule"]["quote"] == SCRIBE_WIN
    assert [player["total"] for player in scores["players"]] == [2, 2]
    for player in scores["players"]:
        assert all(line["rule"]["quote"] == SCORED for line in player["breakdown"])


def test_a_tally_with_every_card_in_the_congregations_is_refused(client):
    # Before the final action neither Congregation held three ("The game ends when one player has
    # three cards..."), so at most four cards were out of play; the map always holds five
    # ("Draw five cards..."; a scored card is replaced "in the same row as the removed card").
    # One action cannot move the other eight past Rome and Avignon.
    everyone = ["Vicar", "Nuncio", "Canonist", "Courtesan", "Ascetic", "Scribe"]
    answer = calculated(client, GAME, {"congregations": {"rome": everyone, "avignon": everyone},
                                       "last_actor": "rome"}, status=400)
    assert answer["error"]["field"].startswith("congregations")


@pytest.mark.parametrize(("tally", "field"), [
    ({"congregations": {"rome": ["Vicar"], "avignon": []}, "colour": "rome"}, "colour"),
    ({"congregations": {"rome": ["Pope"], "avignon": []}}, "congregations.rome"),
    ({"congregations": {"rome": ["Vicar"], "avignon": "Ascetic"}}, "congregations.avignon"),
    ({"congregations": {"rome": ["Vicar"]}}, "congregations"),
    ({"congregations": {"rome": [], "avignon": [], "genoa": []}}, "congregations"),
    ({"congregations": {"rome": ["Vicar"], "avignon": []}, "last_actor": "genoa"}, "last_actor"),
    ({"congregations": {"rome": ["Vicar", "Scribe"], "avignon": []},
      "scribe_in_genoa_at_start_of": "nice"}, "scribe_in_genoa_at_start_of"),
    ({}, "congregations"),
])
def test_a_malformed_tally_is_a_400_naming_its_field(client, tally, field):
    error = calculated(client, GAME, tally, status=400)["error"]
    # A missing property is named in the message (there is no field to point at).
    assert error.get("field", "").startswith(field) or repr(field) in error["message"], error


def test_a_position_opening_rosas_turn_with_the_scribe_in_genoa_is_won_live_as_calculated(client):
    table = ApiTable(client, {"game": GAME, "players": ["Rosa", "Aldo"], "position": {
        "board": board(("Canonist", "rome"), ("Scribe", "genoa"), ("Courtesan", "nice"),
                       ("Ascetic", "florence"), ("Scribe", "avignon")),
        "congregations": {"rome": ["Vicar", "Nuncio"], "avignon": ["Ascetic"]},
        "turn": "rome", "first_turn": False}})
    live = table.view()
    assert live["over"] is True and live["legal"] == []
    by_hand = calculated(client, GAME, {"congregations": live["state"]["congregations"],
                                        "scribe_in_genoa_at_start_of": "rome"})
    assert tallied(live["scores"]) == tallied(by_hand)
    assert live["scores"]["winners"] == by_hand["winners"] == ["rome"]
    assert live["scores"]["decided_by"]["rule"]["quote"] == by_hand["decided_by"]["rule"][
        "quote"] == SCRIBE_WIN
    table.refused({"type": "beseech", "player": "rome", "path": 1}, SCRIBE_WIN)


def calculator_form(rome, avignon, **choices):
    """The calculator page's form as a browser submits it: every character's count for both
    Congregations (0 where none), the two optional choices, and the button."""
    fields = {"count": "2"}
    for seat, cards in (("rome", rome), ("avignon", avignon)):
        for character in ("Vicar", "Nuncio", "Canonist", "Courtesan", "Ascetic", "Scribe"):
            fields[f"congregations.{seat}#{character}"] = str(cards.count(character))
    fields["last_actor"] = choices.get("last_actor", "")
    fields["scribe_in_genoa_at_start_of"] = choices.get("scribe_in_genoa_at_start_of", "")
    fields["calculate"] = "1"
    return fields


def test_the_page_scores_a_full_form_with_cards_on_both_sides(client):
    html = client.get("/score/avignon", query_string=calculator_form(
        ["Vicar", "Scribe", "Nuncio"], ["Ascetic"])).get_data(as_text=True)
    assert "Rome wins" in html and THREE_CARDS in html


@pytest.mark.parametrize(("rome", "avignon", "choices", "shown"), [
    (["Vicar", "Scribe", "Nuncio"], [], {}, "Rome wins"),
    ([], ["Vicar", "Canonist", "Ascetic"], {}, "Avignon wins"),
    (["Vicar", "Nuncio"], [], {"scribe_in_genoa_at_start_of": "rome"}, "Rome wins"),
])
def test_the_page_scores_a_congregation_left_empty(client, rome, avignon, choices, shown):
    # The API scores the same tallies (an empty list for the empty Congregation).
    assert calculated(client, GAME, {"congregations": {"rome": rome, "avignon": avignon},
                                     **choices})["winners"]
    html = client.get("/score/avignon", query_string=calculator_form(
        rome, avignon, **choices)).get_data(as_text=True)
    assert "required property" not in html
    assert shown in html
