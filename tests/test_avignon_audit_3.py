"""Third independent audit of the Avignon: Pilgrimage referee (session 8), written from the rulebook
and the API's own description (GET /api/games/avignon) only, for the situations the first two
audits and the scoring audit did not play: actions inside a Petition against the turn's own actions,
the two copies of one character against "other", locations after a push, the Courtesan's "closer",
the Canonist's switch of positions, both Ascetics at the ends, a Vicar giving both players their
third card, the Samaritan Rule after a turn that changed nothing, and what the pages show.

Map order (Setup): Avignon, Nice, Genoa, Florence, Rome. A PULL moves a card toward the actor, a
PUSH toward the opponent; a card moved past Rome or Avignon joins the Congregation of the player it
was moving towards.
"""

import pytest

from tests.test_avignon_audit import (
    COURTESAN,
    GENOA,
    OUT_OF_PLAY,
    SIMULTANEOUS,
    THREE_WINS,
    TWO_ACTIONS,
    board,
    ev,
    in_book,
    refused,
    start,
    state,
)

VICAR = in_book("Vicar (Faction: Bishop). PETITION: PUSH Bishop twice, then EXCOMMUNICATE any other "
                "character, then PULL the new character.")
CANONIST = in_book("Canonist (Faction: Inquisitor). PETITION: Switch the positions of two other "
                   "characters. PUSH one of them, then PULL the other.")
NUNCIO = in_book("Nuncio (Faction: Cardinal). PETITION: PUSH Nuncio, then PULL all characters in the "
                 "same location as Nuncio.")
ASCETIC_END = in_book("If you end your turn with Ascetic in AVIGNON or ROME, move him one space "
                      "closer to GENOA.")
SELFLESS = in_book("The player who has the first turn of the game takes only a single action.")
PETITION_IN_PLAY = in_book("PETITION: Use the unique PETITION ability of one character in play.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def draw(table, *characters):
    """Enter the replacement draws the table is waiting for, each by the seat that must draw it."""
    for character in characters:
        pending = state(table)["pending"]["draw"]
        table.accepted(ev("draw", pending["by"], character=character))


# -- the turn's actions against what a Petition does -----------------------------------------------


def test_a_vicar_petition_then_the_excommunicate_action_is_not_the_same_action_twice(client):
    """"each player takes exactly two of the actions listed below, and the same action may not be
    taken twice" — the actions are BESEECH, CHASTISE, EXCOMMUNICATE, PETITION; the Vicar's Petition
    excommunicates as part of its ability, which is not the EXCOMMUNICATE action."""
    cells = [("Vicar", "genoa"), ("Scribe", "genoa"), ("Nuncio", "genoa"), ("Ascetic", "genoa"),
             ("Canonist", "genoa")]
    table = start(client, cells)
    table.accepted(ev("petition", path=1, bishops=[1, 1], excommunicate=3))
    draw(table, "Courtesan")
    assert board(table)[2] == ("Courtesan", "florence")      # the new character, pulled by Rome
    table.accepted(ev("excommunicate", path=4))
    draw(table, "Courtesan")
    assert board(table)[3] == ("Courtesan", "genoa")
    assert table.view()["current_players"] == ["avignon"]


def test_a_scribe_petition_then_chastise_is_allowed(client):
    """The Scribe's Petition PUSHes (the Scribe, then a card of an adjacent path): a CHASTISE
    afterwards is another action of the list, accepted."""
    table = start(client, GENOA)
    table.accepted(ev("petition", path=2, target=3, move="push"))
    assert board(table)[1:3] == [("Scribe", "nice"), ("Nuncio", "nice")]
    table.accepted(ev("chastise", path=4))
    assert board(table)[3] == ("Ascetic", "nice")
    assert table.view()["current_players"] == ["avignon"]


def test_a_second_petition_of_the_same_character_is_the_same_action_twice(client):
    table = start(client, GENOA, turn="avignon")
    table.accepted(ev("petition", "avignon", path=3))
    refused(table, ev("petition", "avignon", path=3), TWO_ACTIONS)


# -- the two copies of one character ----------------------------------------------------------------


def test_the_canonist_may_switch_the_other_canonist(client):
    """"Switch the positions of two other characters." — the other copy of the Canonist is another
    card: it can be switched."""
    cells = [("Canonist", "nice"), ("Scribe", "genoa"), ("Nuncio", "genoa"), ("Ascetic", "genoa"),
             ("Canonist", "florence")]
    table = start(client, cells)
    table.accepted(ev("petition", path=1, switch=[5, 2], push=5))
    # after the switch path 5 holds the Scribe in Florence and path 2 the Canonist in Genoa; Rome
    # pushes the Scribe (path 5) toward Avignon and pulls the Canonist toward Rome
    assert board(table) == [("Canonist", "nice"), ("Canonist", "florence"), ("Nuncio", "genoa"),
                            ("Ascetic", "genoa"), ("Scribe", "genoa")]


def test_the_vicar_pushes_the_other_vicar_twice(client):
    """"PUSH Bishop twice" — "When a card references any of those names (for a Petition ability
    or Alternate Win), it is referring to any card in that faction.": the other Vicar is a Bishop and
    may take both pushes."""
    cells = [("Vicar", "genoa"), ("Vicar", "florence"), ("Nuncio", "genoa"), ("Ascetic", "genoa"),
             ("Canonist", "genoa")]
    table = start(client, cells)
    table.accepted(ev("petition", path=1, bishops=[2, 2], excommunicate=4))
    draw(table, "Scribe")
    assert board(table)[:4] == [("Vicar", "genoa"), ("Vicar", "nice"), ("Nuncio", "genoa"),
                                ("Scribe", "florence")]


def test_the_vicar_cannot_push_a_vicar_in_a_congregation(client):
    """The other Vicar lies in Avignon's Congregation: "Cards in a player's Congregation are
    considered to be out of play and cannot be affected by actions." """
    cells = [("Vicar", "nice"), ("Scribe", "genoa"), ("Nuncio", "genoa"), ("Ascetic", "genoa"),
             ("Canonist", "genoa")]
    table = start(client, cells, congregations={"rome": [], "avignon": ["Vicar"]})
    refused(table, ev("petition", path=1, bishops=[1, {"character": "Vicar", "congregation":
                                                       "avignon"}], excommunicate=3), OUT_OF_PLAY)


def test_the_vicar_may_excommunicate_the_other_vicar(client):
    """"EXCOMMUNICATE any other character" — the other copy is another card on the map."""
    cells = [("Vicar", "genoa"), ("Vicar", "nice"), ("Nuncio", "genoa"), ("Ascetic", "genoa"),
             ("Canonist", "genoa")]
    table = start(client, cells)
    table.accepted(ev("petition", path=1, bishops=[1, 1], excommunicate=2))
    draw(table, "Scribe")
    assert board(table)[:2] == [("Vicar", "avignon"), ("Scribe", "genoa")]
    assert state(table)["discard"] == ["Vicar"]


def test_an_excommunicated_card_may_be_replaced_by_its_other_copy(client):
    """"Draw a new character and place it in the exact position the removed card occupied." — the
    new character may be the other copy of the one removed (one is still in the deck)."""
    cells = [("Courtesan", "florence"), ("Scribe", "genoa"), ("Nuncio", "genoa"),
             ("Ascetic", "genoa"), ("Canonist", "genoa")]
    table = start(client, cells)
    table.accepted(ev("excommunicate", path=1))
    draw(table, "Courtesan")
    assert board(table)[0] == ("Courtesan", "florence")


# -- locations, paths and "closer" --------------------------------------------------------------------


def test_the_nuncio_pulls_the_location_it_was_pushed_to(client):
    """"PUSH Nuncio, then PULL all characters in the same location as Nuncio." — Rome pushes the
    Nuncio from Genoa to Nice, then pulls every card in Nice (the Nuncio too, by default); the card
    left in Genoa does not move."""
    cells = [("Vicar", "nice"), ("Scribe", "genoa"), ("Nuncio", "genoa"), ("Ascetic", "nice"),
             ("Canonist", "florence")]
    table = start(client, cells)
    table.accepted(ev("petition", path=3))
    assert board(table) == [("Vicar", "genoa"), ("Scribe", "genoa"), ("Nuncio", "genoa"),
                            ("Ascetic", "genoa"), ("Canonist", "florence")]


def test_a_card_in_the_courtesans_own_location_is_not_closer(client):
    """"PULL a character that is closer to your RIVAL than Courtesan." — for Rome the rival is
    Avignon; a card level with the Courtesan (both in Nice) is not closer."""
    cells = [("Courtesan", "nice"), ("Scribe", "nice"), ("Nuncio", "avignon"), ("Ascetic", "genoa"),
             ("Canonist", "genoa")]
    table = start(client, cells)
    refused(table, ev("petition", path=1, target=2), COURTESAN)
    table.accepted(ev("petition", path=1, target=3))
    assert board(table)[2] == ("Nuncio", "nice")


def test_a_courtesan_at_the_rivals_end_has_nothing_to_pull(client):
    """The Courtesan in Avignon: nothing is closer to Avignon than it, so Rome cannot petition it
    (every target quotes the Courtesan), and `legal()` offers no such Petition."""
    cells = [("Courtesan", "avignon"), ("Scribe", "avignon"), ("Nuncio", "genoa"),
             ("Ascetic", "genoa"), ("Canonist", "genoa")]
    table = start(client, cells)
    for target in (2, 3):
        refused(table, ev("petition", path=1, target=target), COURTESAN)
    assert not [e for e in table.view()["legal"] if e["type"] == "petition" and e.get("path") == 1]


def test_the_canonist_switches_two_cards_of_one_location_and_their_paths(client):
    """"Switch the positions of two other characters." — two cards both in Genoa on paths 2 and 4
    change paths; then Avignon pushes one (toward Rome) and pulls the other (toward Avignon)."""
    cells = [("Canonist", "florence"), ("Scribe", "genoa"), ("Nuncio", "nice"),
             ("Ascetic", "genoa"), ("Vicar", "rome")]
    table = start(client, cells, turn="avignon")
    table.accepted(ev("petition", "avignon", path=1, switch=[2, 4], push=2))
    assert board(table)[1] == ("Ascetic", "florence")
    assert board(table)[3] == ("Scribe", "nice")


def test_a_scribe_pushing_an_adjacent_card_past_the_end_scores_it_for_the_opponent(client):
    """The Scribe's "PUSH or PULL any in a path adjacent to Scribe": Rome pushes the path-3 card
    that stands in Avignon past Avignon — it joins Avignon's Congregation ("placed face up in front
    of the player it was moving towards"), and Avignon draws its replacement."""
    cells = [("Vicar", "genoa"), ("Scribe", "genoa"), ("Nuncio", "avignon"), ("Ascetic", "genoa"),
             ("Canonist", "genoa")]
    table = start(client, cells)
    table.accepted(ev("petition", path=2, target=3, move="push"))
    assert state(table)["congregations"]["avignon"] == ["Nuncio"]
    assert state(table)["pending"]["draw"]["by"] == "avignon"
    draw(table, "Courtesan")
    assert board(table)[1:3] == [("Scribe", "nice"), ("Courtesan", "genoa")]


# -- the Ascetic ------------------------------------------------------------------------------------


def test_both_ascetics_at_the_two_ends_both_move_toward_genoa(client):
    """"If you end your turn with Ascetic in AVIGNON or ROME, move him one space closer to GENOA."
    — one Ascetic in Avignon, the other in Rome: at the end of Rome's turn both step in (default
    `ascetic_end_move: either_end`). Rome's turn brings them there: a CHASTISE to Avignon, a
    BESEECH to Rome."""
    cells = [("Ascetic", "nice"), ("Ascetic", "florence"), ("Nuncio", "genoa"), ("Vicar", "genoa"),
             ("Canonist", "genoa")]
    table = start(client, cells)
    table.accepted(ev("chastise", path=1))
    assert board(table)[:2] == [("Ascetic", "avignon"), ("Ascetic", "florence")]
    table.accepted(ev("beseech", path=2))
    assert board(table)[:2] == [("Ascetic", "nice"), ("Ascetic", "florence")]


def test_the_ascetic_petition_moves_only_the_copy_in_play(client):
    """"RIVAL PUSH any and all characters that share a faction with it" — the other Ascetic is in
    Rome's Congregation, out of play: only the Ascetic on the map moves (toward Rome, its user, by
    default `ascetic_rival_push: rival_pushes`)."""
    cells = [("Ascetic", "genoa"), ("Scribe", "genoa"), ("Nuncio", "genoa"), ("Vicar", "genoa"),
             ("Canonist", "genoa")]
    table = start(client, cells, congregations={"rome": ["Ascetic"], "avignon": []})
    table.accepted(ev("petition", path=1))
    assert board(table)[0] == ("Ascetic", "florence")
    assert state(table)["congregations"]["rome"] == ["Ascetic"]


def test_the_ascetic_petition_giving_its_user_two_cards_at_once_wins(client):
    """Both Ascetics in Rome, Rome holding one card: the Ascetic's Petition (the rival pushes them
    toward Rome) moves both past Rome (Rome draws the first one's replacement between the two
    pushes) — three cards, no replacement asked for the third, "The game ends when one player has three cards
    in his or her Congregation. That player wins the game." (Under `ascetic_end_move: own_end`
    both can lie in Rome at the start of Rome's turn: Avignon's end of turn moved neither.)"""
    cells = [("Ascetic", "rome"), ("Ascetic", "rome"), ("Nuncio", "genoa"), ("Vicar", "genoa"),
             ("Canonist", "genoa")]
    table = start(client, cells, congregations={"rome": ["Scribe"], "avignon": []},
                  options={"ascetic_end_move": "own_end"})
    table.accepted(ev("petition", path=1))
    assert state(table)["congregations"]["rome"] == ["Scribe", "Ascetic"]
    draw(table, "Courtesan")    # the first Ascetic's replacement comes before the second push
    view = table.view()
    assert view["state"]["congregations"]["rome"] == ["Scribe", "Ascetic", "Ascetic"]
    assert view["state"]["winner"] == "rome"
    refused(table, ev("draw", "rome", character="Courtesan"), THREE_WINS)


# -- wins at the same time ----------------------------------------------------------------------------


def test_a_vicar_petition_giving_both_players_their_third_card_wins_for_the_petitioner(client):
    """Rome's Vicar pushes itself past Avignon (Avignon's third card), pushes the other Vicar, then
    excommunicates the card in Rome and pulls the new character past Rome (Rome's third): "If two
    players would win the game at the same time, the player who took the game's final action wins."
    — Rome (default `win_timing: end_of_action`)."""
    cells = [("Vicar", "avignon"), ("Vicar", "genoa"), ("Nuncio", "rome"), ("Ascetic", "genoa"),
             ("Canonist", "genoa")]
    table = start(client, cells, congregations={"rome": ["Scribe", "Scribe"],
                                                "avignon": ["Courtesan", "Courtesan"]})
    table.accepted(ev("petition", path=1, bishops=[1, 2], excommunicate=3))
    assert state(table)["congregations"]["avignon"][-1] == "Vicar"
    draw(table, "Ascetic", "Canonist")   # Avignon's replacement in Genoa, then Rome's new character
    final = state(table)
    assert final["congregations"]["rome"] == ["Scribe", "Scribe", "Canonist"]
    assert final["winner"] == "rome"
    error = refused(table, ev("beseech", "avignon", path=2), SIMULTANEOUS)
    assert error


# -- the Samaritan Rule --------------------------------------------------------------------------------


def test_a_turn_that_changes_nothing_after_a_turn_that_changed_nothing_reverses_nothing(client):
    """"Players may not take actions that, at the end of their turn, have completely reversed the
    previous player's turn. Partial reversals are allowed." — Rome pulled a card and pushed it
    back (her turn changed nothing); Avignon does the same with another card. Nothing of Rome's turn
    was reversed, so the turn is allowed."""
    table = start(client, GENOA)
    table.accepted(ev("beseech", path=1))
    table.accepted(ev("chastise", path=1))
    assert board(table) == GENOA
    table.accepted(ev("beseech", "avignon", path=2))
    table.accepted(ev("chastise", "avignon", path=2))
    assert board(table) == GENOA


# -- the deck and the discard pile ----------------------------------------------------------------------

EXCOMMUNICATE_SHUFFLE = in_book("If the deck is empty, shuffle all discarded cards to form a new "
                                "deck.")
SCORE_SHUFFLE = in_book("If the deck is empty, shuffle the discard pile to form a new deck.")
COPIES = in_book("Use both copies of the chosen characters to form a 12 card deck.")


def test_a_discarded_card_cannot_be_drawn_while_the_deck_has_cards(client):
    """Both Courtesans are in the discard pile and the deck still holds five cards: the new
    character cannot be a Courtesan — discards come back only "If the deck is empty" (the specific
    sentence, not the two-copies one)."""
    table = start(client, GENOA, discard=["Courtesan", "Courtesan"])
    table.accepted(ev("excommunicate", path=1))
    error = refused(table, ev("draw", character="Courtesan"), EXCOMMUNICATE_SHUFFLE)
    assert "discard pile" in error["message"]
    assert [rule["quote"] for rule in error["rules"]] == [EXCOMMUNICATE_SHUFFLE, COPIES]
    draw(table, "Canonist")
    assert board(table)[0] == ("Canonist", "genoa")


def test_a_scored_cards_replacement_cannot_come_from_the_discard_pile_either(client):
    cells = [("Vicar", "rome")] + GENOA[1:]
    table = start(client, cells, turn="avignon", discard=["Courtesan", "Courtesan"])
    table.accepted(ev("chastise", "avignon", path=1))
    refused(table, ev("draw", character="Courtesan"), SCORE_SHUFFLE)


def test_a_third_copy_on_the_map_is_still_the_two_copies_sentence(client):
    cells = [("Vicar", "genoa"), ("Vicar", "nice")] + GENOA[2:]
    table = start(client, cells)
    table.accepted(ev("excommunicate", path=3))
    refused(table, ev("draw", character="Vicar"), COPIES)


def test_the_refusal_on_the_table_page_quotes_the_courtesan_and_links_the_reference_card(client):
    """What the players see: the table page after a refused Courtesan Petition says why, quotes
    the card's sentence, links it in the rulebook, and says nothing was changed."""
    import html
    import re
    cells = [("Courtesan", "nice"), ("Scribe", "nice"), ("Nuncio", "avignon"),
             ("Ascetic", "genoa"), ("Canonist", "genoa")]
    table = start(client, cells)
    client.get(f"/play/{table.id}/join?token={table.token}")
    page = client.get(f"/play/{table.id}").get_data(as_text=True)
    form = {"csrf_token": re.search(r'name="csrf_token" value="([^"]+)"', page).group(1),
            "expected_seq": str(table.seq), "type": "petition", "event.player": "rome",
            "event.path": "1", "event.target": "2"}
    response = client.post(f"/play/{table.id}/event", data=form)
    assert response.status_code == 422
    text = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", response.text)))
    assert "not closer to Aldo (your RIVAL) than the Courtesan" in text
    assert COURTESAN in text and "Nothing was changed" in text
    assert 'href="/rules/avignon#reference-card"' in response.text


# -- more from the Turn Sequence and the cards ----------------------------------------------------------


def test_romes_single_first_action_may_be_a_petition(client):
    """"The player who has the first turn of the game takes only a single action." — any one of the
    four: a Petition of the Nuncio (pushed to Nice, then every card in Nice pulled back to Genoa,
    the Nuncio too). Then Avignon takes two."""
    table = start(client)
    table.accepted(ev("petition", path=3))
    assert board(table)[2] == ("Nuncio", "genoa")
    assert table.view()["current_players"] == ["avignon"]
    refused(table, ev("beseech", path=1), SELFLESS)  # Rome again: her turn was the one action


def test_an_ascetic_a_player_pulled_to_their_own_end_steps_back_at_the_end_of_their_turn(client):
    """Avignon pulls the Ascetic from Nice into Avignon: "If you end your turn with Ascetic in
    AVIGNON or ROME, move him one space closer to GENOA." — back to Nice when Avignon's turn
    ends."""
    cells = [("Ascetic", "nice"), ("Scribe", "genoa"), ("Nuncio", "genoa"), ("Vicar", "genoa"),
             ("Canonist", "genoa")]
    table = start(client, cells, turn="avignon")
    table.accepted(ev("beseech", "avignon", path=1))
    assert board(table)[0] == ("Ascetic", "avignon")
    table.accepted(ev("chastise", "avignon", path=2))
    assert board(table)[0] == ("Ascetic", "nice")
    assert table.view()["current_players"] == ["rome"]


def test_the_courtesan_may_pull_the_other_courtesan(client):
    """"PULL a character that is closer to your RIVAL than Courtesan." — the other copy, in Nice, is
    closer to Avignon than the Courtesan in Florence."""
    cells = [("Courtesan", "florence"), ("Courtesan", "nice"), ("Nuncio", "genoa"),
             ("Ascetic", "genoa"), ("Canonist", "genoa")]
    table = start(client, cells)
    table.accepted(ev("petition", path=1, target=2))
    assert board(table)[:2] == [("Courtesan", "florence"), ("Courtesan", "genoa")]


def test_the_vicar_with_an_empty_deck_pulls_the_card_it_excommunicated_back(client):
    """The deck is empty: the Vicar's EXCOMMUNICATE sends the Nuncio to the discard pile, "If the
    deck is empty, shuffle all discarded cards to form a new deck." — the new character may be that
    Nuncio, placed where it was and then pulled ("then PULL the new character")."""
    cells = [("Vicar", "genoa"), ("Scribe", "nice"), ("Nuncio", "nice"), ("Ascetic", "genoa"),
             ("Canonist", "genoa")]
    table = start(client, cells, congregations={"rome": ["Courtesan", "Courtesan"],
                                                "avignon": ["Scribe"]},
                  discard=["Vicar", "Nuncio", "Ascetic", "Canonist"])
    assert sum(state(table)["deck"].values()) == 0
    table.accepted(ev("petition", path=1, bishops=[1, 1], excommunicate=3))
    draw(table, "Nuncio")
    assert board(table)[2] == ("Nuncio", "genoa")   # replaced in Nice, then pulled toward Rome
    assert state(table)["discard"] == []


def test_a_petition_that_scores_for_the_rival_does_not_stop_the_turn(client):
    """Rome's Scribe pushes the path-1 card that stands in Avignon past Avignon: it joins Avignon's
    Congregation (two cards now, no win) and Avignon draws its replacement in the middle of Rome's
    turn; Rome then takes her second action."""
    cells = [("Vicar", "avignon"), ("Scribe", "genoa"), ("Nuncio", "genoa"), ("Ascetic", "genoa"),
             ("Canonist", "genoa")]
    table = start(client, cells, congregations={"rome": [], "avignon": ["Courtesan"]})
    table.accepted(ev("petition", path=2, target=1, move="push"))
    assert state(table)["pending"]["draw"]["by"] == "avignon"
    draw(table, "Ascetic")
    assert state(table)["congregations"]["avignon"] == ["Courtesan", "Vicar"]
    assert table.view()["current_players"] == ["rome"]
    table.accepted(ev("beseech", path=3))
    assert table.view()["current_players"] == ["avignon"]


def test_a_vicar_pushed_out_by_its_first_push_leaves_no_bishop_for_the_second(client):
    """Rome's Vicar in Avignon: the first PUSH takes it past Avignon (Avignon's Congregation; Avignon
    draws a Scribe into its row). The second PUSH named path 1 again, but a Scribe is no Bishop and
    no Bishop is in play: "PUSH Bishop twice" cannot be done a second time, and the Petition goes
    on — the Nuncio is excommunicated and its new character pulled."""
    table = start(client, [("Vicar", "avignon")] + GENOA[1:])
    table.accepted(ev("petition", path=1, bishops=[1, 1], excommunicate=3))
    effects = table.accepted(ev("draw", "avignon", character="Scribe"))["effects"]
    assert any("No Bishop is in play" in effect["text"] for effect in effects)
    assert board(table)[0] == ("Scribe", "genoa")       # not pushed
    draw(table, "Courtesan")
    assert board(table)[2] == ("Courtesan", "florence")
    assert state(table)["congregations"]["avignon"] == ["Vicar"]
