"""Avignon: Pilgrimage — every rule, legal and illegal, with the quote it is refereed by.

The model is driven directly through `referee.core.engine`; positions are entered as a table would
enter them (see `Game.position_schema`). Paths are 1–5; locations avignon..rome. Rome PULLs toward
Rome (+1) and PUSHes toward Avignon (-1).
"""

import pytest

from referee import avignon as A
from referee.avignon import Game
from referee.core import BadRequest, RuleViolation, SetupError, engine
from rulebook_index import sections

PLAYERS = [{"name": "Rosa", "seat": "rome"}, {"name": "Aldo", "seat": "avignon"}]


def start(position=None, **options):
    body = {"game": "avignon", "players": PLAYERS, "options": options}
    if position is not None:
        body["position"] = position
    return engine.start(Game, engine.check_setup(Game, body))


def board(*cells):
    """cells: (character, location) for paths 1..5; None for an empty path."""
    return [{"path": i, "character": c[0], "location": c[1]}
            for i, c in enumerate(cells, start=1) if c]


GENOA = [("Vicar", "genoa"), ("Scribe", "genoa"), ("Nuncio", "genoa"), ("Ascetic", "genoa"),
         ("Canonist", "genoa")]


def position(cells=GENOA, turn="rome", **extra):
    return {"board": board(*cells), "turn": turn, "first_turn": False, **extra}


def play(model, *events):
    effects = []
    for event in events:
        effects += engine.apply(model, event)
    return effects


def refused(model, event) -> RuleViolation:
    before = model.snapshot()
    with pytest.raises(RuleViolation) as caught:
        engine.apply(model, event)
    assert model.snapshot() == before, "a refused event leaves the game as it was"
    return caught.value


def at(model, path):
    row = model.G["board"][path - 1]
    return row["character"], row["location"]


def ev(kind, player="rome", **fields):
    return {"type": kind, "player": player, **fields}


def draw(character, player="rome"):
    return ev("draw", player, character=character)


# -- citations ------------------------------------------------------------------------------------


def all_quotes():
    quotes = {value for name, value in vars(A).items() if name.startswith("Q_")}
    quotes |= {Game.phase_rule, Game.turn_rule, Game.end_rule}
    for name in dir(Game):
        quote = getattr(getattr(Game, name), "quote", None)
        if isinstance(quote, str):
            quotes.add(quote)
    for option in Game.options.values():
        quotes |= {c.quote for c in option.citations}
    return quotes


@pytest.mark.parametrize("quote", sorted(all_quotes()))
def test_every_quote_is_found_verbatim_in_the_rulebook(quote):
    assert sections.locate("avignon", quote) is not None, quote


def test_effects_cite_rules_found_in_the_rulebook():
    model = start()
    effects = play(model, *(draw(c) for c in ("Vicar", "Vicar", "Scribe", "Scribe", "Nuncio")))
    model = start(position([("Vicar", "rome")] + GENOA[1:]))
    effects += play(model, ev("beseech", path=1), draw("Ascetic"), ev("excommunicate", path=2),
                    draw("Scribe"))
    assert effects
    for effect in effects:
        if effect.citation:
            assert sections.locate("avignon", effect.citation.quote), effect.text


def test_the_reference_card_is_data_with_six_characters_two_copies_each():
    assert A.CHARACTERS == ("Vicar", "Nuncio", "Canonist", "Courtesan", "Ascetic", "Scribe")
    assert A.FACTION["Vicar"] == "Bishop" and A.FACTION["Ascetic"] == "Peasant"
    assert A.COPIES * len(A.CHARACTERS) == 12


# -- setup ------------------------------------------------------------------------------------------


def test_setup_from_nothing_draws_the_five_face_up_cards_into_genoa():
    model = start()
    assert model.phase == "draw"
    assert {e["character"] for e in model.legal()} == set(A.CHARACTERS)
    play(model, draw("Vicar"), draw("Vicar", "avignon"))
    error = refused(model, draw("Vicar"))
    assert "No Vicar can be in the deck" in error.message
    assert error.citation.quote == A.Q_COPIES
    play(model, draw("Scribe"), draw("Nuncio"), draw("Ascetic"))
    assert model.phase == "actions" and model.G["turn"] == "rome"
    assert [at(model, p) for p in A.PATHS] == [
        ("Vicar", "genoa"), ("Vicar", "genoa"), ("Scribe", "genoa"), ("Nuncio", "genoa"),
        ("Ascetic", "genoa")]
    assert model.G["deck"]["Vicar"] == 0 and sum(model.G["deck"].values()) == 7


def test_setup_with_the_five_face_up_cards_entered():
    model = start({"face_up": ["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"]})
    assert model.phase == "actions" and model.G["first_turn"]
    assert at(model, 4) == ("Ascetic", "genoa")
    assert sum(model.G["deck"].values()) == 7


@pytest.mark.parametrize("bad, field, words", [
    ({"face_up": ["Vicar"] * 3 + ["Scribe", "Nuncio"]}, "position.face_up", "3 Vicar cards"),
    ({"face_up": ["Vicar"]}, "position.face_up", "too short"),
    ({"face_up": ["Pope"] * 5}, "position.face_up.4", "not one of"),
    ({"board": board(*GENOA)[:4] + [{"path": 1, "character": "Canonist", "location": "genoa"}]},
     "position.board[4].path", "path 1 holds two cards"),
    ({"board": board(*GENOA)[:4]}, "position.board", "path 5 has no card"),
    ({"board": board(*GENOA), "discard": ["Vicar", "Vicar"]}, "position", "3 Vicar cards"),
    ({"board": board(*GENOA), "congregations": {"rome": ["Nuncio", "Courtesan", "Courtesan"]}},
     "position.congregations.rome", "already over"),
    ({"board": board(*GENOA), "first_turn": True, "turn": "avignon"}, "position.turn",
     "Rome takes the first turn"),
    ({"board": board(*GENOA), "actions_taken": ["beseech", "chastise"]},
     "position.actions_taken", "that turn is over"),
    ({"board": board(*GENOA), "actions_taken": ["beseech", "beseech"]},
     "position.actions_taken", "non-unique"),
    ({"board": board(*GENOA), "actions_taken": ["beseech"],
      "previous_turn": {"board_before": board(*GENOA)}},
     "position.previous_turn.board_after", "board_after"),
])
def test_a_position_that_cannot_be_on_a_table_is_refused(bad, field, words):
    with pytest.raises(SetupError) as caught:
        start(bad)
    assert caught.value.field == field
    assert words in caught.value.message


def test_a_position_in_progress_fills_the_deck_with_the_rest():
    model = start(position(congregations={"rome": ["Courtesan"], "avignon": []},
                           discard=["Vicar", "Scribe"], turn="avignon"))
    assert model.G["deck"] == {"Vicar": 0, "Nuncio": 1, "Canonist": 1, "Courtesan": 1,
                               "Ascetic": 1, "Scribe": 0}
    assert model.current_players() == ["avignon"]


# -- turns: exactly two actions, the Selfless Rule ------------------------------------------------


def test_the_selfless_rule_gives_the_first_turn_a_single_action():
    model = start({"face_up": [c for c, _ in GENOA]})
    effects = play(model, ev("beseech", path=1))
    assert model.G["turn"] == "avignon" and not model.G["first_turn"]
    assert any(e.citation and e.citation.quote == A.Q_ALTERNATE for e in effects)


def test_rome_goes_first_and_play_alternates():
    model = start({"face_up": [c for c, _ in GENOA]})
    error = refused(model, ev("beseech", "avignon", path=1))
    assert error.message == "It is Rosa's turn, not Aldo's."
    assert error.citation.quote == A.Q_FIRST
    play(model, ev("beseech", path=1))
    error = refused(model, ev("chastise", path=1))
    assert error.message == "It is Aldo's turn, not Rosa's."
    assert error.citation.quote == A.Q_SELFLESS
    play(model, ev("beseech", "avignon", path=2))
    # cutting into a turn and taking a third action both break "exactly two" and "alternates"
    error = refused(model, ev("chastise", path=1))
    assert [error.citation.quote, *(c.quote for c in error.also)] == [A.Q_TWO, A.Q_ALTERNATE]
    play(model, ev("chastise", "avignon", path=3))
    error = refused(model, ev("chastise", "avignon", path=1))
    assert [error.citation.quote, *(c.quote for c in error.also)] == [A.Q_TWO, A.Q_ALTERNATE]


def test_exactly_two_actions_and_never_the_same_one_twice():
    model = start(position())
    play(model, ev("beseech", path=1))
    assert model.G["turn"] == "rome" and model.G["actions_taken"] == ["beseech"]
    error = refused(model, ev("beseech", path=2))
    assert "already taken beseech" in error.message and error.citation.quote == A.Q_TWO
    play(model, ev("chastise", path=2))
    assert model.G["turn"] == "avignon" and model.G["actions_taken"] == []


def test_a_turn_cannot_be_ended_while_an_action_is_possible():
    model = start(position())
    play(model, ev("beseech", path=1))
    error = refused(model, ev("end_turn"))
    assert "can still act" in error.message and error.citation.quote == A.Q_TWO


def test_a_stuck_turn_may_be_ended():
    model = start(position())
    model._legal_actions = lambda: []  # a turn where nothing is possible (not reachable normally)
    assert model.legal() == [ev("end_turn")]
    play(model, ev("end_turn"))
    assert model.G["turn"] == "avignon"


# -- BESEECH, CHASTISE: PULL and PUSH relative to the acting player --------------------------------


@pytest.mark.parametrize("seat, kind, where, quote", [
    ("rome", "beseech", "florence", A.Q_BESEECH),
    ("rome", "chastise", "nice", A.Q_CHASTISE),
    ("avignon", "beseech", "nice", A.Q_BESEECH),
    ("avignon", "chastise", "florence", A.Q_CHASTISE),
])
def test_pull_is_toward_the_actor_and_push_toward_the_opponent(seat, kind, where, quote):
    model = start(position(turn=seat))
    effects = play(model, ev(kind, seat, path=3))
    assert at(model, 3) == ("Nuncio", where)
    assert effects[0].citation.quote == quote


def test_an_empty_path_cannot_be_targeted():
    model = start(position())
    model.G["board"][2].update(character=None, location=None)
    error = refused(model, ev("chastise", path=3))
    assert error.citation.quote == A.Q_CHASTISE  # "Push a character": the path holds none


# -- naming a card by what it is, so that acting on a card out of play can be entered --------------


def in_congregation():
    """Rome's Congregation holds a Vicar; the other Vicar is in path 1."""
    cells = [("Vicar", "genoa"), ("Scribe", "nice"), ("Nuncio", "genoa"), ("Ascetic", "florence"),
             ("Canonist", "genoa")]
    return {**position(cells), "congregations": {"rome": ["Vicar"], "avignon": []},
            "discard": ["Courtesan"]}


@pytest.mark.parametrize("kind", ["beseech", "chastise", "excommunicate", "petition"])
def test_acting_on_a_card_in_a_congregation_is_refused_with_the_rule(kind):
    model = start(in_congregation())
    error = refused(model, ev(kind, card={"character": "Vicar", "congregation": "rome"}))
    assert error.citation.quote == A.Q_OUT and "Congregation" in error.message


def test_a_card_named_by_character_is_the_one_on_the_map():
    model = start(in_congregation())
    play(model, ev("beseech", card={"character": "Scribe"}))
    assert at(model, 2) == ("Scribe", "genoa")
    play(model, ev("chastise", card={"character": "Vicar", "path": 1}))
    assert at(model, 1) == ("Vicar", "nice")


def test_a_card_off_the_map_is_refused_with_the_action_it_was_named_for():
    model = start(in_congregation())
    assert refused(model, ev("beseech", card={"character": "Courtesan"})).citation.quote \
        == A.Q_BESEECH
    assert refused(model, ev("petition", card={"character": "Courtesan"})).citation.quote \
        == A.Q_PETITION


def test_a_choice_naming_a_card_in_a_congregation_is_refused():
    model = start(in_congregation())
    error = refused(model, ev("petition", path=5, switch=[{"character": "Vicar",
                                                            "congregation": "rome"}, 2], push=2))
    assert error.citation.quote == A.Q_OUT
    play(model, ev("petition", card={"character": "Canonist"},
                   switch=[{"character": "Scribe"}, {"character": "Nuncio"}],
                   push={"character": "Scribe"}))
    # the Scribe, switched into path 3, is pushed toward Avignon; the Nuncio, in path 2, pulled
    assert at(model, 3) == ("Scribe", "nice") and at(model, 2) == ("Nuncio", "genoa")


def test_a_card_named_ambiguously_or_wrongly_is_a_bad_request():
    model = start({**position([("Vicar", "genoa"), ("Vicar", "nice"), ("Nuncio", "genoa"),
                               ("Ascetic", "genoa"), ("Canonist", "genoa")])})
    with pytest.raises(BadRequest):
        play(model, ev("beseech", card={"character": "Vicar"}))
    with pytest.raises(BadRequest):
        play(model, ev("beseech", card={"character": "Nuncio", "path": 1}))
    with pytest.raises(BadRequest):
        play(model, ev("beseech"))


# -- scoring ----------------------------------------------------------------------------------------


def test_a_card_moved_past_rome_joins_romes_congregation_and_is_replaced_in_genoa():
    model = start(position([("Vicar", "rome")] + GENOA[1:]))
    effects = play(model, ev("beseech", path=1))
    assert model.G["congregations"]["rome"] == ["Vicar"]
    assert model.phase == "draw" and at(model, 1) == (None, None)
    assert effects[-1].citation.quote == A.Q_SCORE
    assert [e["character"] for e in model.legal()] == [
        "Vicar", "Nuncio", "Canonist", "Courtesan", "Ascetic", "Scribe"]
    error = refused(model, ev("chastise", path=2))
    assert "A card must be drawn first" in error.message and error.citation.quote == A.Q_REPLACE
    effects = play(model, draw("Courtesan"))
    assert at(model, 1) == ("Courtesan", "genoa") and model.phase == "actions"
    assert effects[0].citation.quote == A.Q_REPLACE


def test_a_card_pushed_past_avignon_goes_to_avignon_who_draws_the_replacement():
    model = start(position([("Vicar", "avignon")] + GENOA[1:]))
    play(model, ev("chastise", path=1))
    assert model.G["congregations"]["avignon"] == ["Vicar"]
    assert model.legal()[0]["player"] == "avignon"


def test_a_card_is_drawn_only_when_one_is_due():
    model = start(position())
    error = refused(model, draw("Vicar"))
    assert "No card is to be drawn now" in error.message


def test_when_deck_and_discard_are_both_empty_the_path_stays_empty():
    model = start(position([("Vicar", "rome")] + GENOA[1:]))
    model.G["deck"] = dict.fromkeys(A.CHARACTERS, 0)
    effects = play(model, ev("beseech", path=1))
    assert at(model, 1) == (None, None) and model.phase == "actions"
    assert "both empty" in effects[-1].text


# -- EXCOMMUNICATE ----------------------------------------------------------------------------------


def test_excommunicate_discards_and_draws_into_the_exact_position():
    model = start(position([("Vicar", "florence")] + GENOA[1:]))
    effects = play(model, ev("excommunicate", path=1))
    assert model.G["discard"] == ["Vicar"] and model.phase == "draw"
    assert effects[0].citation.quote == A.Q_EXCOMMUNICATE
    play(model, draw("Courtesan"))
    assert at(model, 1) == ("Courtesan", "florence")


def test_a_third_copy_cannot_be_drawn():
    model = start(position(discard=["Scribe"]))
    play(model, ev("excommunicate", path=1))
    error = refused(model, draw("Scribe"))
    assert error.message == ("No Scribe can be in the deck: the deck still has cards, and "
                             "discarded cards are shuffled back only when it is empty (Scribe: "
                             "path 2, the discard pile).")
    assert error.citation.quote == A.Q_EXCOMMUNICATE_SHUFFLE


def test_an_empty_deck_is_reshuffled_from_the_discards():
    cells = [("Vicar", "genoa"), ("Scribe", "genoa"), ("Nuncio", "genoa"), ("Ascetic", "genoa"),
             ("Canonist", "genoa")]
    discard = ["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist", "Courtesan", "Courtesan"]
    model = start(position(cells, discard=discard))
    assert sum(model.G["deck"].values()) == 0
    effects = play(model, ev("excommunicate", path=1))
    assert any(e.citation and e.citation.quote == A.Q_EXCOMMUNICATE_SHUFFLE for e in effects)
    assert model.G["discard"] == [] and model.G["deck"]["Vicar"] == 2


# -- the Samaritan Rule --------------------------------------------------------------------------------


def reversal_position(**extra):
    before = [("Vicar", "genoa"), ("Scribe", "genoa"), ("Nuncio", "genoa"), ("Ascetic", "nice"),
              ("Canonist", "genoa")]
    after = [("Vicar", "nice"), ("Scribe", "florence"), ("Nuncio", "genoa"), ("Ascetic", "nice"),
             ("Canonist", "genoa")]
    return position(after, previous_turn={"player": "avignon", "actions": ["beseech", "chastise"],
                                          "board_before": board(*before)}, **extra)


def test_a_turn_may_not_completely_reverse_the_previous_one():
    model = start(reversal_position())
    play(model, ev("beseech", path=1))
    assert ev("chastise", path=2) not in model.legal()
    error = refused(model, ev("chastise", path=2))
    assert error.citation.quote == A.Q_SAMARITAN
    assert "completely reverse Aldo's turn" in error.message
    assert "judged on the board positions only" in error.message


def test_a_partial_reversal_is_allowed():
    model = start(reversal_position())
    play(model, ev("beseech", path=1), ev("chastise", path=3))
    assert model.G["turn"] == "avignon"


def test_a_turn_that_changed_nothing_cannot_be_reversed():
    model = start(position(previous_turn={"board_before": board(*GENOA)}))
    play(model, ev("beseech", path=1), ev("chastise", path=1))
    assert model.G["turn"] == "avignon"
    play(model, ev("beseech", "avignon", path=2), ev("chastise", "avignon", path=2))
    assert model.G["turn"] == "rome"


def piles_reversal(**options):
    cells = [("Vicar", "genoa"), ("Courtesan", "rome"), ("Scribe", "avignon"),
             ("Nuncio", "florence"), ("Canonist", "nice")]
    model = start(position(cells, turn="avignon"), **options)
    play(model, ev("excommunicate", "avignon", path=3), draw("Scribe", "avignon"),
         ev("beseech", "avignon", path=1))
    play(model, ev("petition", path=4))  # the Nuncio goes to Genoa and is pulled back
    assert at(model, 4) == ("Nuncio", "florence")
    return model


def test_the_samaritan_rule_compares_the_board_by_default():
    model = piles_reversal()
    assert refused(model, ev("beseech", path=1)).citation.quote == A.Q_SAMARITAN


def test_the_samaritan_rule_can_compare_the_piles_too():
    model = piles_reversal(samaritan_compares="board_and_piles")
    play(model, ev("beseech", path=1))  # the board is back, but the discard pile is not
    assert model.G["turn"] == "avignon"


def test_a_draw_that_completes_a_turn_is_never_refused():
    before = [("Vicar", "genoa"), ("Scribe", "genoa"), ("Nuncio", "genoa"), ("Ascetic", "nice"),
              ("Canonist", "genoa")]
    after = [("Vicar", "nice"), ("Courtesan", "genoa")] + before[2:]
    model = start(position(after, previous_turn={"board_before": board(*before)}))
    play(model, ev("beseech", path=1), ev("excommunicate", path=2))
    play(model, draw("Scribe"))
    assert model.G["turn"] == "avignon"


# -- PETITION: the six abilities ------------------------------------------------------------------------


def test_petition_needs_a_character_in_play_and_its_own_choices():
    model = start(position())
    error = refused(model, ev("petition", path=3, target=2))
    assert error.message == "Nuncio's PETITION takes no target." and error.citation.quote == \
        A.Q_NUNCIO
    error = refused(model, ev("petition", path=1))
    assert "needs a choice: bishops, excommunicate" in error.message


def test_vicar_pushes_bishop_twice_excommunicates_another_and_pulls_the_new_card():
    model = start(position())
    play(model, ev("petition", path=1, bishops=[1, 1], excommunicate=5))
    assert at(model, 1) == ("Vicar", "avignon")
    assert model.phase == "draw" and model.G["discard"] == ["Canonist"]
    play(model, draw("Courtesan"))
    assert at(model, 5) == ("Courtesan", "florence")
    assert model.G["turn"] == "rome" and model.G["actions_taken"] == ["petition"]


def test_vicar_bishop_means_any_bishop_faction_card():
    cells = [("Vicar", "genoa"), ("Vicar", "florence")] + GENOA[2:]
    model = start(position(cells))
    play(model, ev("petition", path=1, bishops=[2, 1], excommunicate=3), draw("Scribe"))
    assert at(model, 1) == ("Vicar", "nice") and at(model, 2) == ("Vicar", "genoa")
    assert at(model, 3) == ("Scribe", "florence")


def test_vicar_refuses_a_non_bishop_and_excommunicating_itself():
    model = start(position())
    error = refused(model, ev("petition", path=1, bishops=[1, 2], excommunicate=5))
    assert "must move a Bishop" in error.message and error.citation.quote == A.Q_VICAR
    error = refused(model, ev("petition", path=1, bishops=[1, 1], excommunicate=1))
    assert "OTHER character" in error.message


def test_vicar_pushed_off_then_second_push_waits_for_the_card_drawn():
    cells = [("Vicar", "avignon")] + GENOA[1:]
    model = start(position(cells))
    play(model, ev("petition", path=1, bishops=[1, 1], excommunicate=1))
    assert model.G["congregations"]["avignon"] == ["Vicar"]
    effects = play(model, draw("Nuncio", "avignon"))
    assert "No Bishop is in play" in " ".join(e.text for e in effects)
    assert model.G["discard"] == ["Nuncio"]  # "any other character": the Vicar has left play
    play(model, draw("Vicar"))
    assert at(model, 1) == ("Vicar", "florence")


def test_vicar_second_push_cannot_name_an_undrawn_card_while_a_bishop_is_in_play():
    cells = [("Vicar", "avignon"), ("Vicar", "florence")] + GENOA[2:]
    model = start(position(cells))
    error = refused(model, ev("petition", path=1, bishops=[1, 1], excommunicate=3))
    assert "not drawn yet" in error.message
    play(model, ev("petition", path=1, bishops=[1, 2], excommunicate=3))


def test_nuncio_pushes_itself_then_pulls_its_location():
    cells = [("Vicar", "nice"), ("Scribe", "genoa"), ("Nuncio", "genoa"), ("Ascetic", "nice"),
             ("Canonist", "rome")]
    model = start(position(cells))
    play(model, ev("petition", path=3))
    assert [at(model, p)[1] for p in A.PATHS] == ["genoa", "genoa", "genoa", "genoa", "rome"]


def test_nuncio_without_itself_in_the_group():
    cells = [("Vicar", "nice"), ("Scribe", "genoa"), ("Nuncio", "genoa"), ("Ascetic", "nice"),
             ("Canonist", "rome")]
    model = start(position(cells), nuncio_pulls_itself=False, ascetic_moves_itself=True)
    play(model, ev("petition", path=3))
    assert [at(model, p)[1] for p in A.PATHS] == ["genoa", "genoa", "nice", "genoa", "rome"]


@pytest.mark.parametrize("ruling, pulled", [("nothing", "avignon"), ("last_position", "nice")])
def test_nuncio_pushed_out_of_play(ruling, pulled):
    cells = [("Vicar", "avignon"), ("Scribe", "genoa"), ("Nuncio", "avignon"),
             ("Ascetic", "nice"), ("Canonist", "rome")]
    model = start(position(cells), after_leaving_play=ruling)
    play(model, ev("petition", path=3), draw("Courtesan", "avignon"))
    assert model.G["congregations"]["avignon"] == ["Nuncio"]
    assert at(model, 1) == ("Vicar", pulled)


def test_canonist_switches_two_others_then_pushes_one_and_pulls_the_other():
    cells = [("Vicar", "nice"), ("Scribe", "florence"), ("Nuncio", "genoa"), ("Ascetic", "genoa"),
             ("Canonist", "genoa")]
    model = start(position(cells))
    play(model, ev("petition", path=5, switch=[1, 2], push=1))
    # the Scribe is now in path 1 (Nice) and pushed to Avignon; the Vicar in path 2 pulled to Rome
    assert at(model, 1) == ("Scribe", "avignon") and at(model, 2) == ("Vicar", "rome")


@pytest.mark.parametrize("choices, words", [
    ({"switch": [1, 5], "push": 1}, "two other characters"),
    ({"switch": [1, 1], "push": 1}, "two different paths"),
    ({"switch": [1, 2], "push": 3}, "push must be one of"),
])
def test_canonist_refuses_bad_choices(choices, words):
    model = start(position())
    error = refused(model, ev("petition", path=5, **choices))
    assert words in error.message and error.citation.quote == A.Q_CANONIST


def test_courtesan_pulls_a_character_closer_to_the_rival():
    cells = [("Vicar", "nice"), ("Courtesan", "genoa"), ("Nuncio", "florence"),
             ("Ascetic", "genoa"), ("Canonist", "genoa")]
    model = start(position(cells))
    error = refused(model, ev("petition", path=2, target=3))
    assert "is not closer to Aldo (your RIVAL)" in error.message
    assert error.citation.quote == A.Q_COURTESAN
    assert refused(model, ev("petition", path=2, target=4)).citation.quote == A.Q_COURTESAN
    assert [e.get("target") for e in model.legal() if e["type"] == "petition"
            and e["path"] == 2] == [1]
    play(model, ev("petition", path=2, target=1))
    assert at(model, 1) == ("Vicar", "genoa")


@pytest.mark.parametrize("ruling, where", [("rival_pushes", "florence"),
                                           ("toward_rival", "nice")])
def test_ascetic_rival_push_moves_every_peasant(ruling, where):
    cells = [("Ascetic", "genoa"), ("Scribe", "genoa"), ("Nuncio", "genoa"),
             ("Ascetic", "genoa"), ("Canonist", "genoa")]
    model = start(position(cells), ascetic_rival_push=ruling)
    effects = play(model, ev("petition", path=1))
    assert at(model, 1) == ("Ascetic", where) and at(model, 4) == ("Ascetic", where)
    assert at(model, 2) == ("Scribe", "genoa")
    assert effects[0].citation.quote == A.Q_ASCETIC


def test_ascetic_without_itself_in_the_group():
    cells = [("Ascetic", "genoa"), ("Scribe", "genoa"), ("Nuncio", "genoa"),
             ("Ascetic", "genoa"), ("Canonist", "genoa")]
    model = start(position(cells), ascetic_moves_itself=False, nuncio_pulls_itself=True)
    play(model, ev("petition", path=1))
    assert at(model, 1) == ("Ascetic", "genoa") and at(model, 4) == ("Ascetic", "florence")
    model = start(position(GENOA), ascetic_moves_itself=False)
    effects = play(model, ev("petition", path=4))
    assert "nothing moves" in effects[0].text and at(model, 4) == ("Ascetic", "genoa")


@pytest.mark.parametrize("ruling, moved", [("either_end", True), ("own_end", False)])
def test_ascetic_at_an_end_moves_toward_genoa_when_a_turn_ends(ruling, moved):
    cells = [("Ascetic", "nice")] + GENOA[1:]
    model = start(position(cells), ascetic_end_move=ruling)
    effects = play(model, ev("chastise", path=1))
    assert at(model, 1) == ("Ascetic", "avignon")
    effects = play(model, ev("beseech", path=3))
    assert at(model, 1) == ("Ascetic", "nice" if moved else "avignon")
    assert any(e.citation and e.citation.quote == A.Q_ASCETIC_END for e in effects) == moved


def test_scribe_pushes_itself_then_moves_an_adjacent_path():
    model = start(position())
    play(model, ev("petition", path=2, target=3, move="pull"))
    assert at(model, 2) == ("Scribe", "nice") and at(model, 3) == ("Nuncio", "florence")
    model = start(position())
    error = refused(model, ev("petition", path=2, target=4, move="push"))
    assert "not adjacent" in error.message and error.citation.quote == A.Q_SCRIBE
    error = refused(model, ev("petition", path=2))
    assert "Name the path adjacent" in error.message


def test_scribe_pushed_out_of_play_leaves_nothing_adjacent():
    cells = [("Vicar", "genoa"), ("Scribe", "avignon")] + GENOA[2:]
    model = start(position(cells))
    error = refused(model, ev("petition", path=2, target=1, move="push"))
    assert error.citation.quote == A.Q_OUT
    play(model, ev("petition", path=2), draw("Canonist", "avignon"))
    assert model.G["congregations"]["avignon"] == ["Scribe"] and at(model, 1)[1] == "genoa"


def test_scribe_target_is_judged_even_when_its_push_ends_the_game():
    """The Scribe's PUSH into Rome is Rome's third card; with the game ending at once the rest of
    the ability never runs, yet a target that is not in a path adjacent to the Scribe is still
    refused with the Scribe's line (found by the legal-exactness property, seed 203)."""
    cells = [("Nuncio", "genoa"), ("Scribe", "rome")] + GENOA[2:]
    congregations = {"rome": ["Canonist", "Scribe"], "avignon": []}
    model = start(position(cells, turn="avignon", congregations=congregations),
                  win_timing="immediately")
    for choice in ({"target": 2, "move": "push"}, {"target": 4, "move": "pull"}, {"target": 3}):
        error = refused(model, ev("petition", "avignon", path=2, **choice))
        assert error.citation.quote == A.Q_SCRIBE
    play(model, ev("petition", "avignon", path=2, target=1, move="push"))
    assert model.game_over and model.G["winner"] == "rome"


# -- the end --------------------------------------------------------------------------------------------


def test_three_cards_in_a_congregation_win():
    cells = [("Vicar", "rome"), ("Scribe", "nice")] + GENOA[2:]  # (no Scribe win in Genoa)
    model = start(position(cells, congregations={"rome": ["Courtesan", "Courtesan"]}))
    effects = play(model, ev("beseech", path=1))  # the game ends: no replacement is drawn
    assert model.game_over and model.G["winner"] == "rome" and at(model, 1) == (None, None)
    assert effects[-1].citation.quote == A.Q_END
    scores = model.scores()
    assert scores["winners"] == ["rome"] and scores["players"][0]["total"] == 3
    assert scores["decided_by"]["rule"]["quote"] == A.Q_END
    error = refused(model, ev("chastise", "avignon", path=2))
    assert error.citation.quote == A.Q_END


def canonist_double(**options):
    cells = [("Vicar", "avignon"), ("Scribe", "rome"), ("Nuncio", "genoa"), ("Ascetic", "genoa"),
             ("Canonist", "genoa")]
    congregations = {"rome": ["Courtesan", "Courtesan"], "avignon": ["Nuncio", "Ascetic"]}
    model = start(position(cells, congregations=congregations), **options)
    # switch the two: the Scribe is in Avignon, pushed past it; the Vicar in Rome, pulled past it
    play(model, ev("petition", path=5, switch=[1, 2], push=1))
    return model


def test_two_simultaneous_wins_go_to_the_player_who_took_the_final_action():
    model = canonist_double()
    assert model.phase == "draw"  # Avignon's third card: the Canonist's PULL is still to come
    play(model, draw("Canonist", "avignon"))  # Rome's third card ends the game
    assert model.G["winner"] == "rome" and model.G["win_rule"] == A.Q_TIE
    assert "took the game's final action" in model.scores()["decided_by"]["text"]


def test_the_game_can_end_at_the_third_card():
    model = canonist_double(win_timing="immediately")
    assert model.game_over and model.G["winner"] == "avignon"


def test_the_scribe_example_win_at_the_start_of_your_turn():
    cells = [("Vicar", "genoa"), ("Scribe", "nice")] + GENOA[2:]
    model = start(position(cells, congregations={"rome": [], "avignon": ["Vicar", "Nuncio"]}))
    play(model, ev("beseech", path=2), ev("chastise", path=3))
    # Rome pulled the Scribe to Genoa: Avignon starts the turn with two in the Congregation
    assert model.game_over and model.G["winner"] == "avignon"
    assert model.G["win_rule"] == A.Q_SCRIBE_WIN
    assert "Scribe is in Genoa" in model.scores()["decided_by"]["text"]


def test_a_position_at_the_start_of_a_scribe_winning_turn_is_over():
    cells = [("Vicar", "genoa"), ("Scribe", "genoa")] + GENOA[2:]
    model = start(position(cells, congregations={"rome": ["Nuncio", "Courtesan"]}))
    assert model.game_over and model.G["winner"] == "rome"


# -- legal() -------------------------------------------------------------------------------------------


def test_legal_lists_complete_events_that_are_all_accepted():
    model = start(position())
    legal = model.legal()
    kinds = {e["type"] for e in legal}
    assert kinds == {"beseech", "chastise", "excommunicate", "petition"}
    assert ev("petition", path=1, bishops=[1, 1], excommunicate=2) in legal
    assert ev("petition", path=5, switch=[1, 2], push=2) in legal
    assert ev("petition", path=2, target=1, move="push") in legal
    for event in legal:
        trial = start(position())
        engine.apply(trial, event)


def test_legal_in_the_draw_phase_names_each_character_that_can_be_drawn():
    model = start(position(discard=["Scribe"]))
    play(model, ev("excommunicate", path=1))
    assert {e["character"] for e in model.legal()} == {"Vicar", "Nuncio", "Canonist",
                                                       "Courtesan", "Ascetic"}


# -- the stateless score calculator ---------------------------------------------------------------------


def test_score_names_the_winner_and_why():
    result = Game.score({"congregations": {"rome": ["Vicar", "Scribe", "Nuncio"],
                                           "avignon": ["Ascetic"]}})
    assert result["winners"] == ["rome"] and result["decided_by"]["rule"]["quote"] == A.Q_END
    result = Game.score({"congregations": {"rome": ["Vicar"] * 2 + ["Scribe"],
                                           "avignon": ["Ascetic"] * 2 + ["Nuncio"]},
                         "last_actor": "avignon"})
    assert result["winners"] == ["avignon"] and result["decided_by"]["rule"]["quote"] == A.Q_TIE
    result = Game.score({"congregations": {"rome": [], "avignon": ["Ascetic"]}})
    assert result["winners"] == [] and result["players"][1]["total"] == 1


def test_score_refuses_impossible_tallies():
    from referee.core import BadRequest

    with pytest.raises(BadRequest):
        Game.score({"congregations": {"rome": ["Vicar"] * 3, "avignon": []}})
    with pytest.raises(BadRequest) as caught:
        Game.score({"congregations": {"rome": ["Vicar"] * 2 + ["Scribe"],
                                      "avignon": ["Ascetic"] * 2 + ["Nuncio"]}})
    assert caught.value.field == "last_actor"


# -- a whole game through the HTTP API ------------------------------------------------------------------


def helpful_choice(legal, state):
    """Both players help Rome: Rome pulls the card nearest Rome, Avignon pushes it."""
    if legal[0]["type"] == "draw":
        return legal[0]

    def location(event):
        return A.LOCATIONS.index(state["board"][event["path"] - 1]["location"])

    toward_rome, away = ("beseech", "chastise") if legal[0]["player"] == "rome" else \
        ("chastise", "beseech")
    ranked = sorted((e for e in legal if e["type"] == toward_rome), key=location, reverse=True)
    ranked += sorted((e for e in legal if e["type"] == away), key=location)
    return (ranked or legal)[0]


def test_a_full_game_through_the_http_api(client):
    created = client.post("/api/sessions", json={"game": "avignon", "players": ["Rosa", "Aldo"]})
    assert created.status_code == 201, created.get_json()
    game = created.get_json()
    headers = {"Authorization": f"Bearer {game['edit_token']}"}
    url = f"/api/sessions/{game['id']}"
    seq = game["seq"]
    # the six characters the deck holds, each drawable by either player (the setup names none)
    assert game["phase"] == "draw" and len(game["legal"]) == 12
    assert game["legal"][:2] == [{"type": "draw", "player": "rome", "character": "Vicar"},
                                 {"type": "draw", "player": "avignon", "character": "Vicar"}]

    def post(event, expected_seq):
        return client.post(url + "/events", json={"event": event, "expected_seq": expected_seq},
                           headers=headers)

    refused_http = post({"type": "beseech", "player": "rome", "path": 1}, seq)
    assert refused_http.status_code == 422
    error = refused_http.get_json()["error"]
    assert error["code"] == "illegal" and error["rule"]["quote"] == A.Q_SETUP
    assert error["rule"]["section_id"] == "setup"

    shown = client.get(url).get_json()
    for _ in range(200):
        if shown["over"]:
            break
        event = helpful_choice(shown["legal"], shown["state"])
        answer = post(event, seq)
        assert answer.status_code == 200, answer.get_json()
        body = answer.get_json()
        assert body["accepted"] and body["seq"] == seq + 1
        seq = body["seq"]
        shown = client.get(url).get_json()
    assert shown["over"] and shown["scores"]["winners"] == ["rome"]
    assert shown["state"]["congregations"]["rome"] == ["Vicar", "Canonist", "Courtesan"]
    assert shown["scores"]["decided_by"]["rule"]["quote"] == A.Q_END and shown["legal"] == []

    after = post({"type": "chastise", "player": "avignon", "path": 1}, seq)
    assert after.status_code == 422 and after.get_json()["error"]["rule"]["quote"] == A.Q_END
    undone = client.post(url + "/undo", json={"expected_seq": seq}, headers=headers)
    assert undone.status_code == 200 and undone.get_json()["seq"] == seq + 1
    assert client.get(undone.get_json()["view_url"]).get_json()["over"] is False

    scored = client.post("/api/score/avignon", json={
        "congregations": shown["state"]["congregations"], "last_actor": "rome"})
    assert scored.status_code == 200 and scored.get_json()["winners"] == ["rome"]


# -- table rulings added by issue 10 ----------------------------------------------------------------


@pytest.mark.parametrize("reading, refused_at_second", [("whole_turn", False),
                                                        ("undoes_previous", True)])
def test_samaritan_reversal_reading_decides_a_turn_that_undoes_and_does_more(reading,
                                                                           refused_at_second):
    # Rome's turn changes path 1 only (the excommunicated Canonist is replaced by the other one)
    model = start(position(), samaritan_reversal=reading)
    play(model, ev("beseech", path=1), ev("excommunicate", path=5), draw("Canonist"))
    play(model, ev("beseech", "avignon", path=1))  # path 1 is back: not yet the end of the turn
    undo_and_more = ev("chastise", "avignon", path=2)
    if refused_at_second:
        error = refused(model, undo_and_more)
        assert error.citation.quote == A.Q_SAMARITAN and "undoes_previous" in error.message
    else:
        play(model, undo_and_more)
        assert model.G["turn"] == "rome"


def test_the_old_self_in_group_ruling_still_rules_both_cards_of_a_stored_session():
    started = start(position())
    stored = {k: v for k, v in started.table_options.items()
              if k not in ("nuncio_pulls_itself", "ascetic_moves_itself")}
    model = type(started)(started.players, {**stored, "self_in_group": False}, started.G,
                          started.phase)
    assert model.option("nuncio_pulls_itself") is False
    assert model.option("ascetic_moves_itself") is False
    assert model.option("samaritan_reversal") == "whole_turn"


def test_after_the_game_ends_the_rule_that_ended_it_is_quoted():
    model = start(position(congregations={"rome": ["Courtesan", "Courtesan"], "avignon": []}))
    assert model.game_over and model.G["win_rule"] == A.Q_SCRIBE_WIN
    assert refused(model, ev("beseech", path=1)).citation.quote == A.Q_SCRIBE_WIN
