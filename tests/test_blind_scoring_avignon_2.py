"""Avignon: Pilgrimage, outsider scoring scenarios round 13: one Canonist Petition that scores a card
for each player, played through the API under both `win_timing` readings (the tie sentence and
the final action's taker, or the third card ending the game at once), the live score against the
calculator fed the same Congregations, the result picture, undo of the deciding draw; the
calculator page filled in as a phone sends it for the tie (with and without who acted last); the
smallest tally and a Scribe win the cards deny. Written from the rulebook and the API's own
description only (docs/games/avignon.md, GET /api/games/avignon), never the referee's code."""

import pytest

from tests.api_table import ApiTable, calculated, quotes_from

GAME = "avignon"
book = quotes_from(GAME)

SCORED = book("If any action causes a card to move past either the Rome or the Avignon card, it is "
              "placed face up in front of the player it was moving towards.")
THREE_CARDS = book("The game ends when one player has three cards in his or her Congregation. That "
                   "player wins the game.")
TIE = book("If two players would win the game at the same time, the player who took the game's "
           "final action wins.")
REPLACED = book("That player then draws a new character and places it in the same row as the "
                "removed card, equal to Genoa.")
CANONIST = book("Canonist (Faction: Inquisitor). PETITION: Switch the positions of two other "
                "characters. PUSH one of them, then PULL the other.")
book("Use both copies of the chosen characters to form a 12 card deck.")
CHARACTERS = ("Vicar", "Nuncio", "Canonist", "Courtesan", "Ascetic", "Scribe")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def board(*cards):
    return [{"path": n, "character": character, "location": location}
            for n, (character, location) in enumerate(cards, start=1)]


def tallied(scores):
    return [(player["seat"], player["total"],
             sorted((line["label"], line["points"], line["rule"]["quote"])
                    for line in player["breakdown"]))
            for player in scores["players"]]


def both_at_two(client, win_timing):
    """Rosa (Rome) holds two, Aldo (Avignon) two; the Vicar stands at Avignon in path 2 and the
    Nuncio at Rome in path 4; Rosa's turn, the Canonist in path 1."""
    return ApiTable(client, {"game": GAME, "players": ["Rosa", "Aldo"],
                             "options": {"win_timing": win_timing}, "position": {
        "board": board(("Canonist", "florence"), ("Vicar", "avignon"), ("Courtesan", "genoa"),
                       ("Nuncio", "rome"), ("Scribe", "nice")),
        "congregations": {"rome": ["Ascetic", "Scribe"], "avignon": ["Ascetic", "Courtesan"]},
        "turn": "rome", "first_turn": False}})


# The Canonist switches the Vicar (path 2, at Avignon) and the Nuncio (path 4, at Rome); Rosa
# pushes the Nuncio, now at Avignon, past Avignon (Aldo's third card), then pulls the Vicar, now
# at Rome, past Rome (her own third card).
CANONIST_BOTH_SCORE = {"type": "petition", "player": "rome", "path": 1, "switch": [2, 4],
                       "push": 2}


def test_one_petition_scoring_for_both_is_won_by_the_final_actions_taker(client):
    table = both_at_two(client, "end_of_action")
    table.accepted(CANONIST_BOTH_SCORE)
    # Aldo's card is replaced before the pull: he draws, Rosa may not.
    assert {event["player"] for event in table.view()["legal"]} == {"avignon"}
    assert table.view()["over"] is False
    assert table.view()["scores"]["winners"] == []
    before_draw = table.view()
    replacement = before_draw["legal"][0]
    table.refused({**replacement, "player": "rome"}, REPLACED)
    effects = table.accepted(replacement)["effects"]
    # The pull follows: Rosa's third card arrives, the action ends, and the game with it.
    assert any(effect["rule"]["quote"] == SCORED and "Rosa" in effect["text"]
               for effect in effects), effects
    view = table.view()
    assert view["over"] is True and view["legal"] == []
    assert view["state"]["congregations"] == {"rome": ["Ascetic", "Scribe", "Vicar"],
                                              "avignon": ["Ascetic", "Courtesan", "Nuncio"]}
    assert view["scores"]["winners"] == ["rome"]
    assert view["scores"]["decided_by"]["rule"]["quote"] == TIE
    by_hand = calculated(client, GAME, {"congregations": view["state"]["congregations"],
                                        "last_actor": "rome"})
    assert tallied(view["scores"]) == tallied(by_hand)
    assert by_hand["winners"] == ["rome"] and by_hand["decided_by"]["rule"]["quote"] == TIE
    for player in by_hand["players"]:
        assert sum(line["points"] for line in player["breakdown"]) == player["total"] == 3

    picture = client.get(f"/play/{table.id}/result.svg")
    assert picture.status_code == 200
    svg = picture.get_data(as_text=True)
    assert "Rosa" in svg and "Aldo" in svg and "<svg" in svg
    assert "final action" in svg

    table.undo()
    reopened = table.view()
    assert (reopened["state"], reopened["scores"], reopened["legal"], reopened["over"]) == (
        before_draw["state"], before_draw["scores"], before_draw["legal"], False)
    assert client.get(f"/play/{table.id}/result.svg").status_code == 404


def test_under_immediately_the_first_third_card_ends_the_game_before_the_pull(client):
    table = both_at_two(client, "immediately")
    effects = table.accepted(CANONIST_BOTH_SCORE)["effects"]
    assert [effect["rule"]["quote"] for effect in effects] == [CANONIST, SCORED, THREE_CARDS]
    view = table.view()
    assert view["over"] is True and view["legal"] == []
    assert view["state"]["congregations"] == {"rome": ["Ascetic", "Scribe"],
                                              "avignon": ["Ascetic", "Courtesan", "Nuncio"]}
    assert view["scores"]["winners"] == ["avignon"]
    assert view["scores"]["decided_by"]["rule"]["quote"] == THREE_CARDS
    by_hand = calculated(client, GAME, {"congregations": view["state"]["congregations"]})
    assert tallied(view["scores"]) == tallied(by_hand)
    assert by_hand["winners"] == ["avignon"]
    # Rosa's own action gave Aldo his third card: who acted last does not matter to one winner.
    assert calculated(client, GAME, {"congregations": view["state"]["congregations"],
                                     "last_actor": "rome"})["winners"] == ["avignon"]
    svg = client.get(f"/play/{table.id}/result.svg").get_data(as_text=True)
    assert "Aldo" in svg


def calculator_form(rome, avignon, **choices):
    """The calculator page's form as a phone submits it (every count, both optional choices)."""
    fields = {"count": "2"}
    for seat, cards in (("rome", rome), ("avignon", avignon)):
        for character in CHARACTERS:
            fields[f"congregations.{seat}#{character}"] = str(cards.count(character))
    fields["last_actor"] = choices.get("last_actor", "")
    fields["scribe_in_genoa_at_start_of"] = choices.get("scribe_in_genoa_at_start_of", "")
    fields["calculate"] = "1"
    return fields


def result_of(html):
    return html[html.index('id="calc-result"'):]


@pytest.mark.parametrize("last_actor", ["rome", "avignon"])
def test_the_page_breaks_a_three_three_tie_by_who_acted_last(client, last_actor):
    html = client.get("/score/avignon", query_string=calculator_form(
        ["Vicar", "Nuncio", "Canonist"], ["Ascetic", "Courtesan", "Nuncio"],
        last_actor=last_actor)).get_data(as_text=True)
    result = result_of(html)
    winner = {"rome": "Rome", "avignon": "Avignon"}[last_actor]
    assert f'class="winner">{winner} wins<' in result
    assert TIE.replace("'", "&#39;") in result
    assert 'data-player="Rome">3<' in result and 'data-player="Avignon">3<' in result
    assert result.count(f'title="{SCORED}"') == 6
    assert f'<tr class="winner-row"><th scope="row">{winner}</th>' in result


def test_the_page_asks_who_acted_last_when_both_hold_three(client):
    html = client.get("/score/avignon", query_string=calculator_form(
        ["Vicar", "Nuncio", "Canonist"], ["Ascetic", "Courtesan", "Nuncio"])).get_data(
        as_text=True)
    result = result_of(html)
    assert "class=\"winner\"" not in result
    assert "(last_actor)" in result
    field = html[:html.index('<label for="f-last_actor">')]
    assert field[field.rindex("<div"):].startswith('<div class="field has-error">')
    # What was typed stays.
    assert '<option>0</option><option selected>1</option>' in html


def test_the_smallest_tally_has_no_winner_and_no_lines(client):
    scores = calculated(client, GAME, {"congregations": {"rome": [], "avignon": []}})
    assert scores["winners"] == []
    assert [(player["total"], player["breakdown"]) for player in scores["players"]] == [
        (0, []), (0, [])]
    assert scores["decided_by"]["rule"]["quote"] == THREE_CARDS
    html = client.get("/score/avignon", query_string=calculator_form([], [])).get_data(
        as_text=True)
    assert "class=\"winner\">No winner<" in result_of(html)
    assert "No one has three cards" in result_of(html)
    assert 'data-player="Rome">0<' in html and 'data-player="Avignon">0<' in html


def test_a_scribe_win_with_both_scribes_out_of_play_is_refused(client):
    # Both copies of the Scribe are in Congregations, out of play: no Scribe stands in Genoa.
    answer = calculated(client, GAME, {"congregations": {"rome": ["Scribe", "Scribe"],
                                                         "avignon": ["Ascetic"]},
                                       "scribe_in_genoa_at_start_of": "rome"}, status=400)
    assert answer["error"]["field"] == "scribe_in_genoa_at_start_of"
    # One Scribe still in play: Rome's two cards win at the start of Rome's turn.
    won = calculated(client, GAME, {"congregations": {"rome": ["Scribe", "Vicar"],
                                                      "avignon": ["Ascetic"]},
                                    "scribe_in_genoa_at_start_of": "rome"})
    assert won["winners"] == ["rome"]
