"""Avignon: Pilgrimage — the eleventh audit (session 17): a 400 that a rule forbids carries the
sentence as `rule`, one way in every game. The calculator's Congregations past what the game can
end with (finding 111's check) quoted its sentence inside the message only, while Pillars of Fate's
impossible tallies carry it as `rule`; so did a third copy of a character and an Ascetic left at an
end at the start of a turn. Each now carries it as `rule` (a second sentence in `rules`), still
quoted in the message, and the legal tally or position next to it is accepted. Then the book's
silent cases of the Vicar pushing himself (table ruling vicar_pushes_itself) and of the Courtesan
with no character closer to the RIVAL (courtesan_no_target)."""

import pytest

from tests.api_table import quotes_from
from tests.test_avignon_scenarios import (
    ALL_GENOA,
    at,
    begin,
    draw,
    ev,
    play,
    refused,
    row,
    table,
)

in_book = quotes_from("avignon")
END = in_book("The game ends when one player has three cards in his or her Congregation. That "
              "player wins the game.")
BOX = in_book("- 12 Character Cards")
COPIES = in_book("Use both copies of the chosen characters to form a 12 card deck.")
ASCETIC_END = in_book("If you end your turn with Ascetic in AVIGNON or ROME, move him one space "
                      "closer to GENOA.")
SIX = ["Vicar", "Nuncio", "Canonist", "Courtesan", "Ascetic", "Scribe"]


def score(client, rome, avignon):
    return client.post("/api/score/avignon", json={
        "congregations": {"rome": rome, "avignon": avignon}, "last_actor": "rome"})


def refused_with(response, field: str, *quotes: str) -> dict:
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["field"] == field
    assert error["rule"]["quote"] == quotes[0] and error["rule"]["section_id"]
    assert [rule["quote"] for rule in error.get("rules", [error["rule"]])] == list(quotes)
    assert all(f"“{quote}”" in error["message"] for quote in quotes)
    return error


@pytest.mark.parametrize(("rome", "avignon", "field"), [
    (SIX, SIX, "congregations.rome"), (SIX[:4], SIX[:4], "congregations")],
    ids=["six-and-six", "four-and-four"])
def test_congregations_the_game_cannot_end_with_carry_the_end_sentence_as_rule(client, rome,
                                                                              avignon, field):
    refused_with(score(client, rome, avignon), field, END)
    response = score(client, SIX[:4], SIX[:2])  # five in one: finding 153
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["decided_by"]["rule"]["quote"] == END


def test_a_third_copy_in_the_congregations_carries_the_box_and_the_deck_sentences(client):
    refused_with(score(client, ["Vicar", "Vicar"], ["Vicar"]), "congregations", BOX, COPIES)
    response = score(client, ["Vicar", "Vicar"], ["Nuncio"])
    assert response.status_code == 200, response.get_json()


def create(client, ascetic_at, first_turn=False):
    cells = [("Ascetic", ascetic_at), ("Vicar", "genoa"), ("Scribe", "nice"),
             ("Nuncio", "genoa"), ("Canonist", "florence")]
    board = [{"path": p, "character": c, "location": loc}
             for p, (c, loc) in enumerate(cells, start=1)]
    return client.post("/api/sessions", json={
        "game": "avignon", "players": ["Rosa", "Aldo"],
        "position": {"board": board, "turn": "rome", "first_turn": first_turn}})


def test_a_position_with_the_ascetic_left_at_an_end_carries_the_end_of_turn_step(client):
    error = refused_with(create(client, "avignon"), "position.board", ASCETIC_END)
    assert error["code"] == "invalid_setup"
    response = create(client, "nice")
    assert response.status_code == 201, response.get_json()


def test_a_third_copy_on_the_map_carries_the_box_and_the_deck_sentences(client):
    board = [{"path": p, "character": "Vicar" if p < 4 else "Scribe", "location": "genoa"}
             for p in range(1, 6)]
    response = client.post("/api/sessions", json={
        "game": "avignon", "players": ["Rosa", "Aldo"],
        "position": {"board": board, "turn": "rome", "first_turn": False}})
    error = refused_with(response, "position", BOX, COPIES)
    assert error["code"] == "invalid_setup"


# --- The book's silent case (session 17): may the Vicar pick himself for "PUSH Bishop twice"? ----

VICAR = in_book("PUSH Bishop twice, then EXCOMMUNICATE any other character, then PULL the new "
                "character.")
TWO_VICARS = {**ALL_GENOA, 5: ("Vicar", "florence")}


@pytest.mark.parametrize("pushes_itself", [True, False])
def test_vicar_pushes_itself_decides_whether_he_is_a_bishop_he_pushes(pushes_itself):
    model = begin(table(TWO_VICARS), vicar_pushes_itself=pushes_itself)
    petition = ev("petition", path=1, bishops=[1, 5], excommunicate=3)
    if pushes_itself:
        play(model, petition, draw("Courtesan"))
        assert at(model, 1) == ("Vicar", "nice") and at(model, 5) == ("Vicar", "genoa")
        return
    refused(model, petition, VICAR)
    play(model, ev("petition", path=1, bishops=[5, 5], excommunicate=3), draw("Courtesan"))
    assert at(model, 1) == ("Vicar", "genoa") and at(model, 5) == ("Vicar", "nice")


def test_with_no_other_bishop_the_vicar_who_may_not_push_himself_pushes_nothing():
    model = begin(table(ALL_GENOA), vicar_pushes_itself=False)
    effects = play(model, ev("petition", path=1, bishops=[1, 1], excommunicate=3),
                   draw("Courtesan"))
    assert at(model, 1) == ("Vicar", "genoa")
    assert sum("cannot be made" in effect.text for effect in effects) == 2


# --- The book's silent case (session 17): the Courtesan with no character closer to the RIVAL ----

COURTESAN = in_book("PULL a character that is closer to your RIVAL than Courtesan.")
# Rome's turn: the RIVAL is Avignon; the Courtesan in Nice is the closest to Avignon but one.
COURTESAN_FIRST = row(("Courtesan", "nice"), ("Scribe", "genoa"), ("Nuncio", "florence"),
                      ("Ascetic", "florence"), ("Canonist", "genoa"))


@pytest.mark.parametrize("ruling", ["refused", "nothing_moves"])
def test_courtesan_no_target_decides_a_petition_with_no_character_closer(ruling):
    model = begin(table(COURTESAN_FIRST), courtesan_no_target=ruling)
    refused(model, ev("petition", path=1, target=3), COURTESAN)  # Florence is not closer
    bare = ev("petition", path=1)
    if ruling == "refused":
        refused(model, bare, COURTESAN)
        assert bare not in model.legal()
        return
    assert bare in model.legal()
    effects = play(model, bare)
    assert any("nothing moves" in effect.text for effect in effects)
    assert at(model, 1) == ("Courtesan", "nice") and at(model, 3) == ("Nuncio", "florence")


def test_under_nothing_moves_a_courtesan_with_a_character_closer_still_names_it():
    cells = {**COURTESAN_FIRST, 2: ("Scribe", "avignon")}
    model = begin(table(cells), courtesan_no_target="nothing_moves")
    refused(model, ev("petition", path=1), COURTESAN)
    play(model, ev("petition", path=1, target=2))
    assert at(model, 2) == ("Scribe", "nice")
