"""Avignon: Pilgrimage — scenarios written from the rulebook alone, as an outside tester would.

Each test sets up a table through the documented position schema (`Game.position_schema`), plays
events through `referee.core.engine`, and checks the board, the Congregations, whose turn it is and
the winner; every refusal is checked for a verbatim rulebook quote that supports it. The expected
quotes are spelled out here from the rulebook text, not taken from the module.

Orientation (rulebook, Setup): the Map Cards run Avignon, Nice, Genoa, Florence, Rome. Rome's player
sits beyond the Rome card, Avignon's beyond the Avignon card; a PUSH moves a card toward the
opponent, a PULL toward oneself.
"""

import itertools
import json

import pytest

from referee import avignon as A
from referee.avignon import Game
from referee.core import BadRequest, RuleViolation, engine
from rulebook_index import corpus

BOOK = corpus.rulebook_text("avignon")
PLAYERS = [{"name": "Rosa", "seat": "rome"}, {"name": "Aldo", "seat": "avignon"}]
MAP = ["avignon", "nice", "genoa", "florence", "rome"]
CHARACTERS = ["Vicar", "Nuncio", "Canonist", "Courtesan", "Ascetic", "Scribe"]

# The rulebook's sentences these scenarios expect to see quoted.
TWO_ACTIONS = ("On his or her turn, each player takes exactly two of the actions listed below, and "
               "the same action may not be taken twice.")
SELFLESS = "The player who has the first turn of the game takes only a single action."
ROME_FIRST = "The Roman player goes first."
SAMARITAN = ("Players may not take actions that, at the end of their turn, have completely "
             "reversed the previous player's turn.")
THREE_WINS = ("The game ends when one player has three cards in his or her Congregation. That "
              "player wins the game.")
SIMULTANEOUS = ("If two players would win the game at the same time, the player who took the "
                "game's final action wins.")
SCORE = ("If any action causes a card to move past either the Rome or the Avignon card, it is "
         "placed face up in front of the player it was moving towards.")
REPLACE = ("That player then draws a new character and places it in the same row as the removed "
           "card, equal to Genoa.")
EXCOMMUNICATE = ("EXCOMMUNICATE: Choose a character and place it in the discard pile. Draw a new "
                 "character and place it in the exact position the removed card occupied.")
RESHUFFLE_EXCOMMUNICATE = "If the deck is empty, shuffle all discarded cards to form a new deck."
RESHUFFLE_SCORE = "If the deck is empty, shuffle the discard pile to form a new deck."
TWO_COPIES = "Use both copies of the chosen characters to form a 12 card deck."
SCRIBE_WIN = ("At the start of your turn, if Scribe is in GENOA and you have two in your "
              "Congregation, WIN.")
ASCETIC_END = ("If you end your turn with Ascetic in AVIGNON or ROME, move him one space closer to "
               "GENOA.")
VICAR = ("PUSH Bishop twice, then EXCOMMUNICATE any other character, then PULL the new "
         "character.")
NUNCIO = "PUSH Nuncio, then PULL all characters in the same location as Nuncio."
CANONIST = "Switch the positions of two other characters. PUSH one of them, then PULL the other."
COURTESAN = "PULL a character that is closer to your RIVAL than Courtesan."
ASCETIC = "RIVAL PUSH any and all characters that share a faction with it."
SCRIBE = "PUSH Scribe, then PUSH or PULL any in a path adjacent to Scribe."


def test_the_quotes_these_scenarios_expect_are_verbatim_in_the_rulebook():
    for quote in (TWO_ACTIONS, SELFLESS, ROME_FIRST, SAMARITAN, THREE_WINS, SIMULTANEOUS, SCORE,
                  REPLACE, EXCOMMUNICATE, RESHUFFLE_EXCOMMUNICATE, RESHUFFLE_SCORE, TWO_COPIES,
                  SCRIBE_WIN, ASCETIC_END, VICAR, NUNCIO, CANONIST, COURTESAN, ASCETIC, SCRIBE):
        assert quote in BOOK, quote


# -- helpers ------------------------------------------------------------------------------------------


def begin(position=None, **options):
    body = {"game": "avignon", "players": PLAYERS, "options": options}
    if position is not None:
        body["position"] = position
    return engine.start(Game, engine.check_setup(Game, body))


def table(cells, turn="rome", **extra):
    """cells: {path: (character, location)}; a game in progress (not its first turn)."""
    board = [{"path": p, "character": c, "location": loc} for p, (c, loc) in sorted(cells.items())]
    return {"board": board, "turn": turn, "first_turn": False, **extra}


def row(*cards):
    return {p: card for p, card in enumerate(cards, start=1)}


ALL_GENOA = row(("Vicar", "genoa"), ("Scribe", "genoa"), ("Nuncio", "genoa"),
                ("Ascetic", "genoa"), ("Canonist", "genoa"))


def ev(kind, player="rome", **fields):
    return {"type": kind, "player": player, **fields}


def draw(character, player="rome"):
    return ev("draw", player, character=character)


def play(model, *events):
    effects = []
    for event in events:
        effects += engine.apply(model, event)
    return effects


def refused(model, event, *quotes):
    """The event is refused, the game is untouched, and the refusal quotes one of `quotes`."""
    before = json.dumps(model.snapshot(), sort_keys=True)
    legal = model.legal()
    with pytest.raises(RuleViolation) as caught:
        engine.apply(model, event)
    error = caught.value
    assert json.dumps(model.snapshot(), sort_keys=True) == before
    assert event not in legal, "legal() offered an event the referee refuses"
    assert error.citation is not None and error.citation.quote in BOOK
    if quotes:
        assert any(quote in error.citation.quote for quote in quotes), (error.message,
                                                                         error.citation.quote)
    return error


def at(model, path):
    cell = model.G["board"][path - 1]
    return cell["character"], cell["location"]


def locations(model):
    return [model.G["board"][p - 1]["location"] for p in range(1, 6)]


def cited(effects):
    return [e.citation.quote for e in effects if e.citation]


# -- setup -------------------------------------------------------------------------------------------


def test_the_example_setup_is_valid_and_starts_with_rome_and_five_cards_in_genoa():
    model = engine.start(Game, engine.check_setup(Game, Game.example_setup))
    assert model.phase == "actions" and model.current_players() == ["rome"]
    assert locations(model) == ["genoa"] * 5
    assert sum(model.G["deck"].values()) == 7


def test_drawing_the_face_up_cards_refuses_a_third_copy():
    model = begin()
    play(model, draw("Scribe"), draw("Scribe"))
    refused(model, draw("Scribe"), TWO_COPIES)
    play(model, draw("Vicar"), draw("Nuncio"), draw("Courtesan"))
    assert [at(model, p) for p in (1, 2, 5)] == [("Scribe", "genoa"), ("Scribe", "genoa"),
                                                  ("Courtesan", "genoa")]
    assert model.current_players() == ["rome"] and model.G["first_turn"]


def test_avignon_may_not_act_on_the_first_turn():
    model = begin({"face_up": ["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"]})
    refused(model, ev("beseech", "avignon", path=1), ROME_FIRST)


# -- PUSH and PULL, for each player, at the edges ------------------------------------------------


@pytest.mark.parametrize("seat, kind, start, end", [
    ("rome", "beseech", "genoa", "florence"),
    ("rome", "chastise", "genoa", "nice"),
    ("avignon", "beseech", "genoa", "nice"),
    ("avignon", "chastise", "genoa", "florence"),
    ("rome", "beseech", "florence", "rome"),
    ("rome", "chastise", "nice", "avignon"),
    ("avignon", "beseech", "nice", "avignon"),
    ("avignon", "chastise", "florence", "rome"),
])
def test_pull_moves_toward_the_actor_and_push_toward_the_opponent(seat, kind, start, end):
    cells = dict(ALL_GENOA)
    cells[2] = ("Scribe", start)
    model = begin(table(cells, turn=seat))
    play(model, ev(kind, seat, path=2))
    assert at(model, 2) == ("Scribe", end)
    assert model.G["congregations"] == {"rome": [], "avignon": []}


@pytest.mark.parametrize("seat, kind, edge, scorer", [
    ("rome", "beseech", "rome", "rome"),        # Rome pulls a card past Rome: Rome's
    ("rome", "chastise", "avignon", "avignon"),  # Rome pushes a card past Avignon: Avignon's
    ("avignon", "beseech", "avignon", "avignon"),
    ("avignon", "chastise", "rome", "rome"),
])
def test_a_card_moved_past_an_end_scores_for_the_player_it_moved_toward(seat, kind, edge, scorer):
    cells = dict(ALL_GENOA)
    cells[4] = ("Courtesan", edge)
    model = begin(table(cells, turn=seat))
    effects = play(model, ev(kind, seat, path=4))
    assert model.G["congregations"][scorer] == ["Courtesan"]
    assert model.G["congregations"][("avignon" if scorer == "rome" else "rome")] == []
    assert SCORE in cited(effects)
    # the replacement is drawn into Genoa, in the same path, before anything else happens
    assert model.phase == "draw" and at(model, 4) == (None, None)
    refused(model, ev("excommunicate" if kind != "excommunicate" else "beseech", seat, path=1))
    assert {e["character"] for e in model.legal()} == set(CHARACTERS)
    effects = play(model, draw("Nuncio", scorer))
    assert at(model, 4) == ("Nuncio", "genoa")
    assert REPLACE in cited(effects)
    assert model.phase == "actions" and model.G["turn"] == seat
    assert model.G["actions_taken"] == [kind]


def test_congregation_cards_are_out_of_play_and_count_against_the_two_copies():
    cells = dict(ALL_GENOA)
    cells[1] = ("Vicar", "rome")
    model = begin(table(cells, congregations={"rome": ["Courtesan"], "avignon": ["Courtesan"]}))
    play(model, ev("beseech", path=1))
    refused(model, draw("Courtesan"), TWO_COPIES)
    play(model, draw("Vicar"))
    assert model.G["congregations"]["rome"] == ["Courtesan", "Vicar"]


# -- EXCOMMUNICATE, the deck and the discard pile -------------------------------------------------


@pytest.mark.parametrize("seat", ["rome", "avignon"])
def test_excommunicate_discards_and_draws_into_the_exact_position(seat):
    cells = dict(ALL_GENOA)
    cells[4] = ("Ascetic", "nice")
    model = begin(table(cells, turn=seat))
    effects = play(model, ev("excommunicate", seat, path=4))
    assert model.G["discard"] == ["Ascetic"] and at(model, 4) == (None, None)
    assert EXCOMMUNICATE in cited(effects) and model.phase == "draw"
    play(model, draw("Courtesan", seat))
    assert at(model, 4) == ("Courtesan", "nice")
    assert model.G["discard"] == ["Ascetic"] and model.G["congregations"] == {"rome": [],
                                                                             "avignon": []}


def test_a_third_copy_cannot_be_drawn_after_an_excommunication():
    model = begin(table(ALL_GENOA, discard=["Nuncio"]))
    play(model, ev("excommunicate", path=1))
    # Nuncio: one in path 3, one in the discard pile. Vicar: one was just discarded, one is left.
    error = refused(model, draw("Nuncio"), A.Q_EXCOMMUNICATE_SHUFFLE)
    assert [c.quote for c in error.also] == [TWO_COPIES]  # both sentences: the deck holds two
    assert {e["character"] for e in model.legal()} == {"Vicar", "Canonist", "Courtesan",
                                                       "Ascetic", "Scribe"}
    play(model, draw("Vicar"))
    assert at(model, 1) == ("Vicar", "genoa")
    play(model, ev("beseech", path=2))
    # no Vicar is left in the deck now (one on the board, one discarded)
    play(model, ev("excommunicate", "avignon", path=2))
    refused(model, draw("Vicar", "avignon"), A.Q_EXCOMMUNICATE_SHUFFLE)


def test_an_empty_deck_is_reshuffled_from_all_discards_for_an_excommunication():
    # 5 on the board + 5 discarded + 2 in Congregations = 12: the deck is empty
    model = begin(table(ALL_GENOA, discard=["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"],
                        congregations={"rome": ["Courtesan"], "avignon": ["Courtesan"]}))
    assert sum(model.G["deck"].values()) == 0
    effects = play(model, ev("excommunicate", path=3))
    assert RESHUFFLE_EXCOMMUNICATE in cited(effects)
    assert model.G["discard"] == []
    # the excommunicated Nuncio was discarded first, so it was shuffled in too
    assert sorted(e["character"] for e in model.legal()) == sorted(
        ["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"])
    refused(model, draw("Courtesan"), TWO_COPIES)
    play(model, draw("Nuncio"))
    assert at(model, 3) == ("Nuncio", "genoa")


def test_an_empty_deck_is_reshuffled_from_the_discard_pile_for_a_replacement():
    cells = dict(ALL_GENOA)
    cells[5] = ("Canonist", "rome")
    model = begin(table(cells, discard=["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"],
                        congregations={"rome": ["Courtesan"], "avignon": ["Courtesan"]}))
    effects = play(model, ev("beseech", path=5))
    assert model.G["congregations"]["rome"] == ["Courtesan", "Canonist"]
    assert RESHUFFLE_SCORE in cited(effects)
    assert model.G["discard"] == []
    assert {e["character"] for e in model.legal()} == {"Vicar", "Scribe", "Nuncio", "Ascetic",
                                                       "Canonist"}
    play(model, draw("Ascetic"))
    assert at(model, 5) == ("Ascetic", "genoa")


# -- turns ----------------------------------------------------------------------------------------


def test_exactly_two_different_actions_then_the_turn_passes():
    model = begin(table(ALL_GENOA))
    play(model, ev("chastise", path=1))
    assert model.G["turn"] == "rome"
    refused(model, ev("chastise", path=2), TWO_ACTIONS)
    refused(model, ev("end_turn"), TWO_ACTIONS)
    play(model, ev("beseech", path=2))
    assert model.G["turn"] == "avignon" and model.current_players() == ["avignon"]
    refused(model, ev("excommunicate", "rome", path=3))  # a third action: not Rome's turn
    play(model, ev("petition", "avignon", path=3))  # the Nuncio: one action each kind
    refused(model, ev("petition", "avignon", path=2, target=1, move="push"), TWO_ACTIONS)
    play(model, ev("beseech", "avignon", path=5))
    assert model.G["turn"] == "rome"


def test_the_selfless_rule_rome_takes_a_single_action_on_the_first_turn():
    model = begin({"face_up": ["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"]})
    play(model, ev("beseech", path=2))
    assert model.G["turn"] == "avignon" and not model.G["first_turn"]
    refused(model, ev("chastise", path=3), SELFLESS)
    play(model, ev("beseech", "avignon", path=1))
    assert model.G["turn"] == "avignon"  # Avignon's first turn has two actions
    play(model, ev("chastise", "avignon", path=3))
    assert model.G["turn"] == "rome"
    assert locations(model) == ["nice", "florence", "florence", "genoa", "genoa"]


def test_a_player_who_just_took_two_actions_is_refused_with_the_two_action_rule():
    model = begin(table(ALL_GENOA))
    play(model, ev("beseech", path=1), ev("chastise", path=2))
    refused(model, ev("excommunicate", path=3), TWO_ACTIONS)


# -- the Samaritan Rule ---------------------------------------------------------------------------


def test_a_complete_reversal_of_the_previous_turn_is_refused_and_a_partial_one_allowed():
    model = begin(table(ALL_GENOA))
    play(model, ev("beseech", path=1), ev("chastise", path=2))  # Vicar Florence, Scribe Nice
    assert locations(model)[:2] == ["florence", "nice"]
    play(model, ev("beseech", "avignon", path=1))  # Avignon pulls the Vicar back to Genoa
    error = refused(model, ev("chastise", "avignon", path=2), SAMARITAN)
    assert "revers" in error.message
    assert ev("chastise", "avignon", path=2) not in model.legal()
    play(model, ev("chastise", "avignon", path=3))  # a partial reversal
    assert model.G["turn"] == "rome"
    assert locations(model) == ["genoa", "nice", "florence", "genoa", "genoa"]


def test_the_samaritan_rule_judges_the_end_of_the_turn_not_each_action():
    model = begin({"face_up": ["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"]})
    play(model, ev("beseech", path=1))  # Rome's single action: Vicar to Florence
    # Avignon pulls the Vicar back, then the Nuncio pushed to Florence and pulled back with it
    # (all characters in its location) would leave the board as before Rome's turn.
    play(model, ev("beseech", "avignon", path=1))
    refused(model, ev("petition", "avignon", path=3), SAMARITAN)
    play(model, ev("chastise", "avignon", path=3))
    assert model.G["turn"] == "rome"


def test_reversing_the_previous_turn_in_reverse_order_is_still_a_complete_reversal():
    model = begin(table(ALL_GENOA, turn="avignon"))
    play(model, ev("beseech", "avignon", path=4), ev("chastise", "avignon", path=5))
    assert locations(model)[3:] == ["nice", "florence"]
    play(model, ev("beseech", path=5))  # Rome pulls the Canonist to Rome
    play(model, ev("chastise", path=5))  # and pushes it back: a partial reversal at most
    assert model.G["turn"] == "avignon"


# -- PETITION: the Reference Card ---------------------------------------------------------------------


@pytest.mark.parametrize("seat, first, second, pulled_to", [
    ("rome", "nice", "genoa", "rome"),
    ("avignon", "rome", "rome", "avignon"),
])
def test_vicar_pushes_bishops_twice_excommunicates_another_and_pulls_the_new_one(
        seat, first, second, pulled_to):
    # Rome: the two Vicars are pushed toward Avignon; the new card is pulled toward Rome.
    cells = row(("Vicar", "genoa"), ("Vicar", "florence"), ("Nuncio", "genoa"),
                ("Courtesan", "florence" if seat == "rome" else "nice"), ("Canonist", "genoa"))
    model = begin(table(cells, turn=seat))
    bishops = [1, 2] if seat == "rome" else [1, 1]
    play(model, ev("petition", seat, path=1, bishops=bishops, excommunicate=4))
    assert model.G["discard"] == ["Courtesan"] and model.phase == "draw"
    play(model, draw("Scribe", seat))
    assert at(model, 1) == ("Vicar", first)
    if seat == "rome":
        assert at(model, 2) == ("Vicar", second)
    assert at(model, 4) == ("Scribe", pulled_to)
    assert model.G["actions_taken"] == ["petition"] and model.G["turn"] == seat


def test_vicar_may_push_only_bishops_and_excommunicates_another_character():
    model = begin(table(ALL_GENOA))
    refused(model, ev("petition", path=1, bishops=[1, 3], excommunicate=5), VICAR)
    refused(model, ev("petition", path=1, bishops=[1, 1], excommunicate=1), VICAR)
    # the other Vicar is another character: it may be excommunicated
    cells = dict(ALL_GENOA)
    cells[5] = ("Vicar", "nice")
    model = begin(table(cells))
    play(model, ev("petition", path=1, bishops=[1, 1], excommunicate=5), draw("Nuncio"))
    assert at(model, 1) == ("Vicar", "avignon") and at(model, 5) == ("Nuncio", "genoa")
    assert model.G["discard"] == ["Vicar"]


def test_vicar_pushed_past_avignon_scores_for_avignon_then_the_petition_goes_on():
    cells = dict(ALL_GENOA)
    cells[1] = ("Vicar", "nice")
    cells[3] = ("Nuncio", "florence")
    model = begin(table(cells))
    play(model, ev("petition", path=1, bishops=[1, 1], excommunicate=3))
    assert model.G["congregations"]["avignon"] == ["Vicar"]
    assert model.phase == "draw" and model.legal()[0]["player"] == "avignon"
    play(model, draw("Ascetic", "avignon"))  # the replacement, in Genoa: not a Bishop
    assert at(model, 1) == ("Ascetic", "genoa")
    play(model, draw("Courtesan"))  # replaces the excommunicated Nuncio, in Florence
    assert model.G["discard"] == ["Nuncio"]
    assert at(model, 3) == ("Courtesan", "rome")


def test_vicar_naming_a_non_bishop_is_refused_even_when_its_first_push_ends_the_game():
    cells = row(("Nuncio", "nice"), ("Vicar", "rome"), ("Scribe", "nice"), ("Canonist", "rome"),
                ("Nuncio", "nice"))
    position = table(cells, turn="avignon", congregations={"rome": ["Ascetic", "Ascetic"]})
    model = begin(position, win_timing="immediately")
    refused(model, ev("petition", "avignon", path=2, bishops=[2, 1], excommunicate=3), VICAR)
    same_events(model)
    play(model, ev("petition", "avignon", path=2, bishops=[2, 2], excommunicate=3))
    assert model.game_over and model.G["winner"] == "rome"


@pytest.mark.parametrize("seat, pushed_to", [("rome", "nice"), ("avignon", "florence")])
@pytest.mark.parametrize("itself", [True, False])
def test_nuncio_pushes_itself_then_pulls_every_character_in_its_new_location(
        seat, pushed_to, itself):
    far_end = "rome" if seat == "rome" else "avignon"
    cells = row(("Vicar", pushed_to), ("Scribe", "genoa"), ("Nuncio", "genoa"),
                ("Ascetic", pushed_to), ("Canonist", far_end))
    model = begin(table(cells, turn=seat), nuncio_pulls_itself=itself)
    effects = play(model, ev("petition", seat, path=3))
    assert NUNCIO in " ".join(cited(effects))
    # everything in the Nuncio's new location is pulled one space toward the actor, to Genoa;
    # the Nuncio itself too by default (table ruling `nuncio_pulls_itself`)
    assert at(model, 1) == ("Vicar", "genoa") and at(model, 4) == ("Ascetic", "genoa")
    assert at(model, 2) == ("Scribe", "genoa") and at(model, 5) == ("Canonist", far_end)
    assert at(model, 3) == ("Nuncio", "genoa" if itself else pushed_to)


@pytest.mark.parametrize("seat", ["rome", "avignon"])
def test_canonist_switches_two_others_then_pushes_one_and_pulls_the_other(seat):
    cells = row(("Vicar", "nice"), ("Scribe", "florence"), ("Nuncio", "genoa"),
                ("Canonist", "genoa"), ("Ascetic", "genoa"))
    model = begin(table(cells, turn=seat))
    play(model, ev("petition", seat, path=4, switch=[1, 2], push=2))
    # after the switch: Scribe in path 1 (Nice), Vicar in path 2 (Florence); path 2 is pushed
    if seat == "rome":
        assert at(model, 2) == ("Vicar", "genoa") and at(model, 1) == ("Scribe", "genoa")
    else:
        assert at(model, 2) == ("Vicar", "rome") and at(model, 1) == ("Scribe", "avignon")
    assert at(model, 4) == ("Canonist", "genoa")


def test_canonist_switch_in_either_order_is_the_same_action_and_both_are_listed():
    cells = row(("Vicar", "nice"), ("Scribe", "florence"), ("Nuncio", "genoa"),
                ("Canonist", "genoa"), ("Ascetic", "genoa"))
    results = []
    for pair in ([1, 2], [2, 1]):
        model = begin(table(cells))
        assert ev("petition", path=4, switch=pair, push=1) in model.legal()
        play(model, ev("petition", path=4, switch=pair, push=1))
        results.append(model.G["board"])
    assert results[0] == results[1]


def test_canonist_needs_two_other_characters_and_pushes_one_of_them():
    model = begin(table(ALL_GENOA))
    refused(model, ev("petition", path=5, switch=[5, 1], push=1), CANONIST)
    refused(model, ev("petition", path=5, switch=[2, 2], push=2), CANONIST)
    refused(model, ev("petition", path=5, switch=[1, 2], push=3), CANONIST)


@pytest.mark.parametrize("seat, closer, not_closer", [
    ("rome", "nice", "florence"),       # Rome's RIVAL is Avignon
    ("avignon", "florence", "nice"),    # Avignon's RIVAL is Rome
])
def test_courtesan_pulls_only_a_character_closer_to_the_rival(seat, closer, not_closer):
    cells = row(("Vicar", closer), ("Courtesan", "genoa"), ("Nuncio", not_closer),
                ("Ascetic", "genoa"), ("Canonist", "avignon" if seat == "rome" else "rome"))
    model = begin(table(cells, turn=seat))
    refused(model, ev("petition", seat, path=2, target=3), COURTESAN)
    refused(model, ev("petition", seat, path=2, target=4), COURTESAN)  # equally close
    refused(model, ev("petition", seat, path=2, target=2), COURTESAN)  # itself
    targets = sorted(e["target"] for e in model.legal()
                     if e["type"] == "petition" and e["path"] == 2)
    assert targets == [1, 5]
    play(model, ev("petition", seat, path=2, target=1))
    assert at(model, 1) == ("Vicar", "genoa")
    rival = "avignon" if seat == "rome" else "rome"
    play(model, ev("chastise", seat, path=5))  # pushed past the rival's end: the rival's card
    assert model.G["congregations"] == {seat: [], rival: ["Canonist"]}


@pytest.mark.parametrize("seat", ["rome", "avignon"])
def test_ascetic_rival_push_moves_every_peasant_toward_the_petitioner(seat):
    """RIVAL PUSH: the RIVAL icon over PUSH — the rival's push, toward the acting player (the
    module's default ruling, `ascetic_rival_push`). Mid-turn: the acting player's BESEECH has
    brought the first Ascetic to their end."""
    end = seat  # the acting player's end of the table
    cells = row(("Ascetic", end), ("Scribe", "genoa"), ("Nuncio", "genoa"),
                ("Ascetic", "genoa"), ("Canonist", "genoa"))
    model = begin(table(cells, turn=seat, actions_taken=["beseech"]))
    effects = play(model, ev("petition", seat, path=4))
    assert model.G["congregations"][seat] == ["Ascetic"]  # moved past the actor's end
    effects += play(model, draw("Vicar", seat))
    assert ASCETIC in " ".join(cited(effects))
    assert at(model, 1) == ("Vicar", "genoa")
    assert at(model, 4) == ("Ascetic", "florence" if seat == "rome" else "nice")
    assert at(model, 2) == ("Scribe", "genoa") and at(model, 3) == ("Nuncio", "genoa")


@pytest.mark.parametrize("seat", ["rome", "avignon"])
@pytest.mark.parametrize("edge, back", [("avignon", "nice"), ("rome", "florence")])
def test_an_ascetic_at_either_end_moves_toward_genoa_when_a_turn_ends(seat, edge, back):
    cells = dict(ALL_GENOA)
    cells[4] = ("Ascetic", back)
    model = begin(table(cells, turn=seat))
    to_edge, other_action = ("beseech", "chastise") if edge == seat else ("chastise", "beseech")
    play(model, ev(to_edge, seat, path=4))
    assert at(model, 4) == ("Ascetic", edge)  # not before the turn ends
    effects = play(model, ev(other_action, seat, path=2))
    assert at(model, 4) == ("Ascetic", back)
    assert ASCETIC_END in cited(effects)


def test_an_ascetic_moved_to_an_end_during_the_turn_comes_back_at_its_end():
    cells = dict(ALL_GENOA)
    cells[4] = ("Ascetic", "nice")
    model = begin(table(cells))
    play(model, ev("chastise", path=4))  # Rome pushes it to Avignon
    assert at(model, 4) == ("Ascetic", "avignon")
    play(model, ev("beseech", path=1))
    assert at(model, 4) == ("Ascetic", "nice") and model.G["turn"] == "avignon"


@pytest.mark.parametrize("seat", ["rome", "avignon"])
def test_scribe_pushes_itself_then_pushes_or_pulls_an_adjacent_path(seat):
    push_to, pull_to = ("nice", "florence") if seat == "rome" else ("florence", "nice")
    model = begin(table(ALL_GENOA, turn=seat))
    play(model, ev("petition", seat, path=2, target=1, move="push"))
    assert at(model, 2) == ("Scribe", push_to) and at(model, 1) == ("Vicar", push_to)
    model = begin(table(ALL_GENOA, turn=seat))
    play(model, ev("petition", seat, path=2, target=3, move="pull"))
    assert at(model, 2) == ("Scribe", push_to) and at(model, 3) == ("Nuncio", pull_to)
    model = begin(table(ALL_GENOA, turn=seat))
    refused(model, ev("petition", seat, path=2, target=4, move="pull"), SCRIBE)
    refused(model, ev("petition", seat, path=2, target=2, move="pull"), SCRIBE)


def test_scribe_win_at_the_start_of_your_turn():
    cells = dict(ALL_GENOA)
    cells[2] = ("Scribe", "nice")
    model = begin(table(cells, congregations={"rome": [], "avignon": ["Courtesan", "Vicar"]}))
    play(model, ev("beseech", path=2))  # Rome pulls the Scribe into Genoa
    assert not model.game_over
    effects = play(model, ev("chastise", path=3))
    assert model.game_over and model.G["winner"] == "avignon"
    assert SCRIBE_WIN in cited(effects)
    assert model.scores()["winners"] == ["avignon"]
    refused(model, ev("beseech", "avignon", path=1))
    assert model.legal() == []


def test_scribe_win_is_only_for_the_player_whose_turn_starts():
    cells = dict(ALL_GENOA)
    cells[2] = ("Scribe", "nice")
    model = begin(table(cells, congregations={"rome": ["Courtesan", "Vicar"], "avignon": []}))
    play(model, ev("beseech", path=2), ev("chastise", path=3))  # Scribe in Genoa, Rome has 2
    assert not model.game_over and model.G["turn"] == "avignon"
    play(model, ev("beseech", "avignon", path=1), ev("chastise", "avignon", path=4))
    assert model.game_over and model.G["winner"] == "rome"  # at the start of Rome's turn


def test_no_scribe_win_with_one_card_in_the_congregation():
    model = begin(table(ALL_GENOA, congregations={"rome": ["Courtesan"], "avignon": []}))
    play(model, ev("beseech", path=1), ev("chastise", path=3))
    assert not model.game_over


# -- the end of the game ------------------------------------------------------------------------------


@pytest.mark.parametrize("seat, kind, edge, winner", [
    ("rome", "beseech", "rome", "rome"),
    ("rome", "chastise", "avignon", "avignon"),
    ("avignon", "beseech", "avignon", "avignon"),
    ("avignon", "chastise", "rome", "rome"),
])
def test_a_third_card_in_a_congregation_ends_the_game(seat, kind, edge, winner):
    cells = dict(ALL_GENOA)
    cells[2] = ("Scribe", "nice")  # (not in Genoa: no Scribe win at the start of a turn)
    cells[3] = ("Nuncio", edge)
    model = begin(table(cells, turn=seat, congregations={winner: ["Courtesan", "Courtesan"]}))
    play(model, ev(kind, seat, path=3))
    assert model.game_over and model.G["winner"] == winner
    assert model.G["congregations"][winner] == ["Courtesan", "Courtesan", "Nuncio"]
    scores = model.scores()
    assert scores["winners"] == [winner]
    assert scores["decided_by"]["rule"]["quote"] in THREE_WINS + SIMULTANEOUS
    # nothing but undo after the end: no draw, no action, by either player
    for event in (draw("Vicar", winner), ev("chastise", seat, path=1),
                  ev("beseech", "avignon" if seat == "rome" else "rome", path=1)):
        refused(model, event, THREE_WINS)
    assert model.legal() == []


def test_undo_after_the_end_gives_the_game_back():
    cells = dict(ALL_GENOA)
    cells[2] = ("Scribe", "nice")
    cells[3] = ("Nuncio", "rome")
    setup = engine.check_setup(Game, {"players": PLAYERS, "position": table(
        cells, congregations={"rome": ["Courtesan", "Courtesan"]})})
    events = [ev("chastise", path=1), ev("beseech", path=5), ev("beseech", "avignon", path=2),
              ev("excommunicate", "avignon", path=4), draw("Vicar", "avignon"),
              ev("beseech", path=3)]
    model = engine.replay(Game, setup, events)
    assert model.game_over and model.G["winner"] == "rome"
    undone = engine.replay(Game, setup, events[:-1])
    assert not undone.game_over and undone.G["turn"] == "rome"
    assert undone.legal()


def canonist_double_score(seat):
    """Both players have two; the Canonist pushes one card past the opponent's end, then pulls
    the other past the actor's own end."""
    rival = "avignon" if seat == "rome" else "rome"
    cells = row(("Vicar", rival), ("Scribe", seat), ("Nuncio", "genoa"), ("Ascetic", "genoa"),
                ("Canonist", "genoa"))
    congregations = {"rome": ["Courtesan", "Nuncio"], "avignon": ["Courtesan", "Ascetic"]}
    model = begin(table(cells, turn=seat, congregations=congregations))
    # switch: the Scribe goes to the rival's end (path 1), the Vicar to the actor's end (path 2)
    play(model, ev("petition", seat, path=5, switch=[1, 2], push=1))
    return model, rival


@pytest.mark.parametrize("seat", ["rome", "avignon"])
def test_simultaneous_wins_go_to_the_player_who_took_the_final_action(seat):
    model, rival = canonist_double_score(seat)
    assert model.G["congregations"][rival][-1] == "Scribe"
    while not model.game_over:
        assert model.phase == "draw"
        play(model, model.legal()[0])
    assert model.G["congregations"][seat][-1] == "Vicar"
    assert len(model.G["congregations"][seat]) == len(model.G["congregations"][rival]) == 3
    assert model.G["winner"] == seat
    assert model.scores()["decided_by"]["rule"]["quote"] == SIMULTANEOUS


# -- legal(): nothing refused, nothing missing ----------------------------------------------------


def every_event(player):
    """Every well-formed action event a player could type in."""
    paths = range(1, 6)
    for kind in ("beseech", "chastise", "excommunicate"):
        for p in paths:
            yield ev(kind, player, path=p)
    for p in paths:
        yield ev("petition", player, path=p)
        for a, b, c in itertools.product(paths, paths, paths):
            yield ev("petition", player, path=p, bishops=[a, b], excommunicate=c)
            yield ev("petition", player, path=p, switch=[a, b], push=c)
        for t in paths:
            yield ev("petition", player, path=p, target=t)
            for move in ("push", "pull"):
                yield ev("petition", player, path=p, target=t, move=move)
    yield ev("end_turn", player)
    for name in CHARACTERS:
        yield draw(name, player)


def accepted(model, event):
    saved = json.dumps(model.snapshot())
    try:
        engine.apply(model, event)
    except (RuleViolation, BadRequest):
        return False
    finally:
        snapshot = json.loads(saved)
        model.reset(snapshot["G"], snapshot["phase"])
    return True


def same_events(model):
    key = json.dumps
    legal = {key(e, sort_keys=True) for e in model.legal()}
    seats = model.current_players()
    by_hand = {key(e, sort_keys=True) for seat in seats for e in every_event(seat)
               if accepted(model, e)}
    assert legal - by_hand == set(), "legal() offers events that are refused"
    if model.phase == "draw":  # either player may report the card drawn
        by_hand = {e for e in by_hand if json.loads(e)["player"] == model.legal()[0]["player"]}
    assert by_hand - legal == set(), "legal() misses events that are accepted"


LEGAL_TABLES = [
    table(ALL_GENOA),
    table(row(("Vicar", "nice"), ("Vicar", "avignon"), ("Courtesan", "florence"),
              ("Canonist", "rome"), ("Scribe", "genoa")), turn="avignon"),
    table(row(("Courtesan", "genoa"), ("Scribe", "avignon"), ("Nuncio", "nice"),
              ("Ascetic", "rome"), ("Ascetic", "nice")), actions_taken=["beseech"]),
    table(row(("Vicar", "avignon"), ("Scribe", "rome"), ("Nuncio", "genoa"), ("Ascetic", "genoa"),
              ("Canonist", "genoa")),
          congregations={"rome": ["Courtesan", "Nuncio"], "avignon": ["Courtesan", "Ascetic"]}),
]


@pytest.mark.parametrize("position", LEGAL_TABLES)
def test_legal_lists_exactly_the_events_the_referee_accepts(position):
    same_events(begin(position))


def test_legal_is_exact_mid_game_and_while_a_card_is_drawn():
    model = begin({"face_up": ["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"]})
    same_events(model)
    play(model, ev("beseech", path=1))
    play(model, ev("beseech", "avignon", path=1))
    same_events(model)  # the Samaritan Rule bites on some second actions
    play(model, ev("excommunicate", "avignon", path=2))
    same_events(model)  # a draw


# -- the stateless calculator -------------------------------------------------------------------------


def test_score_calculator():
    result = engine.score(Game, {"congregations": {"rome": ["Vicar", "Nuncio"],
                                                   "avignon": ["Scribe", "Scribe", "Ascetic"]}})
    assert result["winners"] == ["avignon"] and result["decided_by"]["rule"]["quote"] == THREE_WINS
    totals = {p["seat"]: p["total"] for p in result["players"]}
    assert totals == {"rome": 2, "avignon": 3}
    result = engine.score(Game, {"congregations": {"rome": ["Vicar"], "avignon": []}})
    assert result["winners"] == []
    both = {"rome": ["Vicar", "Nuncio", "Canonist"], "avignon": ["Scribe", "Ascetic", "Courtesan"]}
    for actor in ("rome", "avignon"):
        result = engine.score(Game, {"congregations": both, "last_actor": actor})
        assert result["winners"] == [actor] and result["decided_by"]["rule"]["quote"] == SIMULTANEOUS
    with pytest.raises(BadRequest):
        engine.score(Game, {"congregations": both})
    with pytest.raises(BadRequest):
        engine.score(Game, {"congregations": {"rome": ["Vicar"] * 3, "avignon": []}})
    with pytest.raises(BadRequest):
        engine.score(Game, {"congregations": {"rome": ["Pope"], "avignon": []}})
