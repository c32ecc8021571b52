"""Avignon: Pilgrimage, outsider scoring scenarios round 13: one Canonist Petition that scores a card
for each player, played through the API under both `win_timing` readings (the tie sentence and
the final action's taker, or the third card ending the game at once), the live score against the
calculator fed the same Congregations, the result picture, undo of the deciding draw; the
calculator page filled in as a phone sends it for the tie (with and without who acted last); the
smallest tally and a Scribe win the cards deny; the Scribe's win played into — Rosa's push into
Genoa handing it to Aldo at the start of his turn (live as calculated, every entry after it refused
quoting it; undone, the Scribe pulled back and nobody wins), and the same push giving Aldo nothing
with one card while Rosa, with two, wins at the start of her next turn. Written from the rulebook
and the API's own description only (docs/games/avignon.md, GET /api/games/avignon), never the
referee's code."""

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


# --- The Scribe's win, played into ----------------------------------------------------------------

SCRIBE_WIN = book("At the start of your turn, if Scribe is in GENOA and you have two in your "
                  "Congregation, WIN.")
ALTERNATE = book("Play then alternates between the players.")


def scribe_one_push_from_genoa(client, rome, avignon):
    """Rosa's turn; the Scribe in path 2 at Florence, one push from Genoa."""
    return ApiTable(client, {"game": GAME, "players": ["Rosa", "Aldo"], "position": {
        "board": board(("Canonist", "nice"), ("Scribe", "florence"), ("Courtesan", "genoa"),
                       ("Ascetic", "florence"), ("Vicar", "genoa")),
        "congregations": {"rome": rome, "avignon": avignon}, "turn": "rome",
        "first_turn": False}})


def test_rosas_push_into_genoa_hands_aldo_the_scribes_win_at_the_start_of_his_turn(client):
    table = scribe_one_push_from_genoa(client, ["Nuncio"], ["Vicar", "Courtesan"])
    table.accepted({"type": "chastise", "player": "rome", "path": 2})
    before_second = table.view()
    assert before_second["over"] is False
    effects = table.accepted({"type": "beseech", "player": "rome", "path": 1})["effects"]
    assert [effect["rule"]["quote"] for effect in effects][-2:] == [ALTERNATE, SCRIBE_WIN]
    live = table.view()
    assert live["over"] is True and live["legal"] == []
    by_hand = calculated(client, GAME, {"congregations": live["state"]["congregations"],
                                        "scribe_in_genoa_at_start_of": "avignon"})
    assert tallied(live["scores"]) == tallied(by_hand)
    assert live["scores"]["winners"] == by_hand["winners"] == ["avignon"]
    assert live["scores"]["decided_by"]["rule"]["quote"] == SCRIBE_WIN
    assert by_hand["decided_by"]["rule"]["quote"] == SCRIBE_WIN
    assert [player["total"] for player in by_hand["players"]] == [1, 2]
    table.refused({"type": "chastise", "player": "avignon", "path": 3}, SCRIBE_WIN)

    # Undone, Rosa pulls the Scribe back out of Genoa instead: Aldo's turn starts, nobody wins.
    table.undo()
    assert (table.view()["state"], table.view()["legal"]) == (
        before_second["state"], before_second["legal"])
    table.accepted({"type": "beseech", "player": "rome", "path": 2})
    reopened = table.view()
    assert reopened["over"] is False and reopened["scores"]["winners"] == []
    assert {event["player"] for event in reopened["legal"]} == {"avignon"}


def test_the_scribe_in_genoa_wins_only_for_the_player_whose_turn_starts(client):
    # Rosa holds two, Aldo one: the Scribe she pushes into Genoa gives Aldo nothing at the start
    # of his turn; he leaves it there, and Rosa wins at the start of hers.
    table = scribe_one_push_from_genoa(client, ["Nuncio", "Ascetic"], ["Vicar"])
    table.accepted({"type": "chastise", "player": "rome", "path": 2})
    table.accepted({"type": "beseech", "player": "rome", "path": 1})
    assert table.view()["over"] is False
    assert calculated(client, GAME, {"congregations": table.view()["state"]["congregations"],
                                     "scribe_in_genoa_at_start_of": "avignon"})["winners"] == []
    table.accepted({"type": "beseech", "player": "avignon", "path": 3})
    effects = table.accepted({"type": "chastise", "player": "avignon", "path": 4})["effects"]
    assert effects[-1]["rule"]["quote"] == SCRIBE_WIN
    live = table.view()
    assert live["over"] is True and live["scores"]["winners"] == ["rome"]
    by_hand = calculated(client, GAME, {"congregations": live["state"]["congregations"],
                                        "scribe_in_genoa_at_start_of": "rome"})
    assert tallied(live["scores"]) == tallied(by_hand)
    assert by_hand["winners"] == ["rome"]
