"""Pillars of Fate: the referee's turn, the Divine draft, each Age's start and end, the Divine
actions, positions, legal moves and hidden information. (Refusals and their quotes are walked in
tests/guard_cases/pillars_of_fate.py; lane arithmetic in test_pillars_of_fate_scoring.py.)"""

import copy

import pytest

from referee.core import engine
from referee.core.rules import BadRequest, RuleViolation, SetupError
from referee.pillars_of_fate import Game
from referee.pillars_of_fate.rules import (
    MODIFIERS,
    Q_DIVINE_MUST,
    Q_FACE_DOWN,
    Q_PASS_MARKER,
    Q_PILLAR,
    Q_REMOVE,
    Q_RETURN_PILLARS,
    Q_REVEAL,
    TableRefused,
)
from tests.guard_cases.pillars_of_fate import (
    DRAFTS,
    EMPTY_DECKS,
    ENDS_AGE,
    MOON_AGE_I,
    ONE_LEFT,
    QUESTS,
    SUN_SPARE,
    TIES_CENTER,
    card,
    divine_owed_last_card,
    empty_decks,
    last_card,
    opening,
    play,
)


def start(position=None, **options):
    setup = engine.check_setup(Game, {"players": ["Ana", "Ben"], "options": options,
                                      "position": position})
    return engine.start(Game, setup)


def enter(model, *events):
    effects = []
    for event in events:
        effects += engine.apply(model, event)
    return effects


def refused(model, event, quote):
    before = copy.deepcopy(model.G), model.phase
    with pytest.raises(RuleViolation) as caught:
        engine.apply(model, event)
    assert caught.value.citation.quote == quote
    assert (model.G, model.phase) == before
    return caught.value.message


def quotes(effects):
    return [effect.citation.quote for effect in effects if effect.citation]


BEGIN = {"type": "begin_age", "player": "moon", "quests": QUESTS, "modifier": "double_power",
         "first_player": "moon"}


# -- the Divine draft and an Age's start ----------------------------------------------------------


def test_the_draft_gives_each_player_the_card_kept_and_the_two_received():
    model = start()
    assert model.phase == "draft" and model.current_players() == ["sun", "moon"]
    enter(model, DRAFTS[0])
    assert model.current_players() == ["moon"]
    enter(model, DRAFTS[1])
    assert model.phase == "quests"
    held = {seat: [c["name"] for c in model.G["divine"][seat]["unplayed"]] for seat in model.seats}
    assert held == {"sun": ["Prophet", "Steward", "Pentha"], "moon": ["Hadria", "Klar", "Naka"]}


def test_age_one_begins_with_the_chosen_first_player_five_cards_each_and_the_decks_counted():
    model = start()
    enter(model, *DRAFTS, BEGIN)
    assert model.phase == "turns" and model.current_players() == ["moon"]
    assert model.G["first_player"] == "moon" and model.G["modifier"] == "double_power"
    assert [lane["quest"] for lane in model.G["lanes"]] == QUESTS
    assert all(lane["pillar"] is None for lane in model.G["lanes"])
    assert model.G["hands"]["sun"]["count"] == 5 and model.G["decks"] == {"sun": 23, "moon": 23}


def test_the_deck_size_is_a_table_setting():
    model = start(champion_deck_size=30)
    assert model.G["decks"]["sun"] == 30 - 4 - 5


# -- a turn ----------------------------------------------------------------------------------------


def test_a_play_then_a_draw_back_up_to_five_and_the_turn_passes():
    model = start(opening())
    effects = enter(model, play("sun", "left", **card(5, 1), drawn=[card(2, 2)]))
    assert model.G["lanes"][0]["cards"]["sun"][0] | {"n": 0} == card(5, 1, face="up", n=0)
    assert model.G["hands"]["sun"]["count"] == 5 and card(2, 2) in model.G["hands"]["sun"]["cards"]
    assert card(5, 1) not in model.G["hands"]["sun"]["cards"]
    assert model.G["decks"]["sun"] == 32 - 9 - 1
    assert model.current_players() == ["moon"]
    assert Q_PILLAR in quotes(effects) and model.G["lanes"][0]["pillar"] == "sun"


def test_the_pillar_goes_to_the_first_face_up_card_not_a_face_down_one():
    model = start(opening())
    enter(model, play("sun", "left", "down", **card(5, 1)))
    assert model.G["lanes"][0]["pillar"] is None
    enter(model, play("moon", "left", **card(6, 0, 1)), play("sun", "left", **card(3, 0, 1)))
    assert model.G["lanes"][0]["pillar"] == "moon"


def test_a_divine_card_comes_from_the_three_set_aside_and_draws_nothing():
    model = start(opening())
    enter(model, play("sun", "left", divine="Prophet"))
    assert model.G["hands"]["sun"]["count"] == 5 and model.G["decks"]["sun"] == 23
    assert [c["name"] for c in model.G["divine"]["sun"]["unplayed"]] == ["Klar", "Steward"]
    assert model.G["lanes"][0]["cards"]["sun"][0]["power"] == 4


def test_an_empty_deck_leaves_the_hand_short():
    model = start(empty_decks(), **EMPTY_DECKS)
    assert model.G["decks"] == {"sun": 0, "moon": 0}
    enter(model, play("sun", "left", **card(5, 1)))
    assert model.G["hands"]["sun"]["count"] == 4
    with pytest.raises(RuleViolation):
        engine.apply(model, play("moon", "left", draw=1, **card(6, 0, 1)))


def test_a_divine_card_without_its_values_asks_for_them():
    model = start(opening(divine={"sun": [{"name": "Naka"}, *SUN_SPARE], "moon": MOON_AGE_I}))
    with pytest.raises(engine.BadRequest) as missing:
        engine.apply(model, play("sun", "left", divine="Naka"))
    assert missing.value.field == "event.power"
    enter(model, play("sun", "left", divine="Naka", power=2, feathers=0, scorpions=1))


def test_face_down_limits_by_ruling_and_by_modifier_and_naka():
    down = {**ONE_LEFT, "left": {"quest": QUESTS[0], "pillar": "sun", "sun": [card(5, 1)],
                                 "moon": [card(6, 0, 1, face="down")]}}
    refused(start(opening(lanes=down)), play("sun", "left", "down", **card(5, 1)), Q_FACE_DOWN)
    enter(start(opening(lanes=down), face_down_limit="per_player"),
          play("sun", "left", "down", **card(5, 1)))
    enter(start(opening(lanes=down, modifier="two_face_down")),
          play("sun", "center", "down", **card(5, 1)), play("moon", "center", "down", **card(2, 1)))
    naka = {**down, "right": {"quest": QUESTS[2], "sun": [card(1, divine="Naka", face="down")],
                              "moon": [card(1)]}}
    enter(start(opening(lanes=naka, divine={"sun": SUN_SPARE, "moon": MOON_AGE_I})),
          play("sun", "left", "down", **card(5, 1)))


def test_a_face_down_divine_card_uses_the_face_down_place_unless_ruled_otherwise():
    down = {**ONE_LEFT, "left": {"quest": QUESTS[0], "pillar": "sun", "sun": [card(5, 1)],
                                 "moon": [card(6, 0, 1, face="down")]}}
    refused(start(opening(lanes=down)), play("sun", "left", "down", divine="Prophet"), Q_FACE_DOWN)
    enter(start(opening(lanes=down), face_down_divine_counts=False),
          play("sun", "left", "down", divine="Prophet"))


def test_a_fourth_card_fits_the_center_under_play_4_cards():
    lanes = {**ONE_LEFT, "center": {"quest": QUESTS[1], "pillar": "sun",
                                    "sun": [card(2, 1), card(3), card(2)],
                                    "moon": [card(2), card(2), card(1)]}}
    model = start(opening(modifier="four_cards", lanes=lanes))
    enter(model, play("sun", "center", **card(5, 1)))
    assert len(model.G["lanes"][1]["cards"]["sun"]) == 4


def test_the_divine_card_owed_this_age_can_be_left_to_the_table():
    refused(start(divine_owed_last_card()), ENDS_AGE, Q_DIVINE_MUST)
    model = start(divine_owed_last_card(), divine_required="not_enforced")
    enter(model, ENDS_AGE)
    assert model.phase == "quests"


def test_a_divine_card_may_still_fill_the_last_place():
    model = start(divine_owed_last_card())
    enter(model, play("sun", "center", divine="Klar"))
    assert model.phase == "quests"


# -- the Divine actions ----------------------------------------------------------------------------


def test_sorcerer_exchanges_one_of_your_played_cards_with_one_from_your_hand():
    model = start(opening(divine={"sun": [{"name": "Sorcerer", "power": 1, "feathers": 0,
                                           "scorpions": 0}, *SUN_SPARE], "moon": MOON_AGE_I}, lanes=ONE_LEFT))
    enter(model, play("sun", "right", divine="Sorcerer"))
    assert model.phase == "action" and model.current_players() == ["sun"]
    exchanges = [e for e in model.legal() if e["type"] == "sorcerer_exchange"]
    assert {(e["lane"], e["position"]) for e in exchanges} == {("left", 1), ("center", 1),
                                                                ("center", 2)}
    enter(model, {"type": "sorcerer_exchange", "player": "sun", "lane": "center",
                  "position": 2, **card(8, 0, 2)})
    assert model.G["lanes"][1]["cards"]["sun"][1] | {"n": 0} == card(8, 0, 2, face="up", n=0,
                                                                   exchanged=True)
    assert card(3) in model.G["hands"]["sun"]["cards"]
    assert card(8, 0, 2) not in model.G["hands"]["sun"]["cards"]
    assert model.phase == "turns" and model.current_players() == ["moon"]


def test_namari_looks_at_a_face_down_card_that_only_its_player_then_sees():
    lanes = {**ONE_LEFT, "left": {"quest": QUESTS[0], "pillar": "sun", "sun": [card(5, 1), card(4)],
                                  "moon": [card(6, 0, 1), card(2, 1, face="down")]}}
    model = start(opening(divine={"sun": [{"name": "Namari", "power": 1, "feathers": 0,
                                           "scorpions": 0}, *SUN_SPARE], "moon": MOON_AGE_I}, lanes=lanes))
    enter(model, play("sun", "right", divine="Namari"))
    assert {"type": "namari_look", "player": "sun"} in model.legal()
    assert model.visible_state("sun")["lanes"][0]["cards"]["moon"][1].get("hidden")
    enter(model, {"type": "namari_look", "player": "sun", "lane": "left", "side": "moon",
                  "position": 2})
    assert model.visible_state("sun")["lanes"][0]["cards"]["moon"][1]["power"] == 2
    assert model.visible_state(None)["lanes"][0]["cards"]["moon"][1].get("hidden")
    assert model.current_players() == ["moon"]


def test_namari_may_decline_and_acts_on_nothing_when_nothing_is_face_down():
    model = start(opening(divine={"sun": [{"name": "Namari", "power": 1, "feathers": 0,
                                           "scorpions": 0}, *SUN_SPARE], "moon": MOON_AGE_I}))
    effects = enter(model, play("sun", "right", divine="Namari"))
    assert model.phase == "turns" and "Namari has nothing to act on." in [e.text for e in effects]


# -- resolving an Age and starting the next --------------------------------------------------------


def test_the_last_card_ends_the_age_reveals_scores_and_waits_for_the_next_quests():
    model = start(last_card())
    effects = enter(model, ENDS_AGE)
    assert Q_REVEAL in quotes(effects)
    assert model.phase == "quests" and model.G["age_over"]
    summary = model.G["ages"][0]
    assert [lane["winner"] for lane in summary["lanes"]] == ["sun", "sun", "moon"]
    # left: Sun 12-10, feathers 3-1 -> +3 and Prophet +5; center: Sun 14-11, scorpions 2-3
    # -> +4, Hadria -5; right: Moon 11-8, scorpions 3-4 -> +3.
    assert model.G["renown"] == {"sun": 3 + 5 + 4 - 5, "moon": 3}
    assert model.scores()["players"][0]["total"] == 7
    hand = copy.deepcopy(model.G["hands"]["sun"])
    effects = enter(model, {"type": "begin_age", "player": "sun", "quests": QUESTS,
                            "modifier": "no_suit"})
    assert {Q_REMOVE, Q_RETURN_PILLARS, Q_PASS_MARKER} <= set(quotes(effects))
    assert model.G["age"] == 2 and model.G["first_player"] == "sun"
    assert model.current_players() == ["sun"]
    assert all(not lane["cards"]["sun"] and lane["pillar"] is None for lane in model.G["lanes"])
    assert model.G["hands"]["sun"] == hand
    assert model.G["divine"]["sun"]["played_in_age"] == 1


def test_a_power_tie_waits_for_the_pillar_holder():
    model = start(last_card())
    enter(model, TIES_CENTER)
    assert model.phase == "ties" and model.current_players() == ["moon"]
    assert model.legal() == [
        {"type": "break_tie", "player": "moon", "lane": "center", "tie": "power", "choice": s}
        for s in ("sun", "moon")]
    enter(model, {"type": "break_tie", "player": "moon", "lane": "center", "tie": "power",
                  "choice": "moon"})
    assert model.phase == "quests" and model.G["ages"][0]["lanes"][1]["winner"] == "moon"


def test_the_game_ends_after_age_three_with_the_winner():
    model = start(last_card(age=3, renown={"sun": 10, "moon": 20}))
    enter(model, ENDS_AGE)
    assert model.game_over
    scores = model.scores()
    assert scores["winners"] == ["moon"] and scores["players"][1]["total"] == 23
    assert scores["players"][0]["breakdown"][0]["label"] == "renown before this position"


def test_whole_game_from_the_draft():
    """Three Ages played card by card; each Age's Divine card played; hands never entered."""
    model = start()
    enter(model, *DRAFTS)
    modifiers = ["double_power", "no_suit", "least_power"]
    for age in range(3):
        enter(model, {"type": "begin_age", "player": "sun", "quests": QUESTS,
                      "modifier": modifiers[age], **({"first_player": "sun"} if age == 0 else {})})
        plays = 0
        while model.phase in ("turns", "ties"):
            seat = model.current_players()[0]
            if model.phase == "ties":
                enter(model, next(e for e in model.legal() if "open" not in e))
                continue
            choices = model.legal()
            divine = [e for e in choices if e.get("divine")]
            event = dict(divine[0] if divine and plays % 3 == 2 else choices[0])
            for field in event.pop("open", []):
                event[field] = (plays * 7 + age) % 9 if field == "power" else plays % 2
            enter(model, event)
            plays += seat == "sun"
    assert model.game_over and len(model.G["ages"]) == 3
    assert sum(model.G["renown"].values()) == sum(
        line["points"] for age in model.G["ages"] for line in age["lines"])


# -- positions -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("change", "field"), [
    ({"lanes": {**ONE_LEFT, "left": {"quest": QUESTS[0], "sun": [card(1)] * 4}}},
     "position.lanes.left.sun"),
    ({"lanes": {**ONE_LEFT, "left": {"quest": QUESTS[0], "sun": [card(1, face="down")],
                                     "pillar": "sun"}}}, "position.lanes.left.pillar"),
    ({"lanes": {**ONE_LEFT, "left": {"quest": QUESTS[0], "pillar": "sun", "sun": [card(1)],
                                     "moon": [card(1)]}}}, None),
    ({"modifiers_used": ["double_power"]}, "position.modifiers_used"),
    ({"lanes": {**ONE_LEFT, "left": {"quest": QUESTS[0], "sun": [card(1)]},
                "right": {"quest": QUESTS[2], "sun": [card(1, divine="Klar")]},
                "center": {"quest": QUESTS[1], "sun": [card(1, divine="Naka")]}}},
     "position.lanes"),
])
def test_impossible_positions_are_refused_naming_the_field(change, field):
    if field is None:
        start(opening(**change))
        return
    with pytest.raises(BadRequest) as wrong:  # a SetupError, or a TableRefused with its sentence
        start(opening(**change))
    assert wrong.value.field == field and wrong.value.code == "invalid_setup"


def test_a_full_table_is_not_a_position_to_start_from():
    full = last_card()
    full["lanes"]["center"]["sun"].append(card(5, 0, 1))
    with pytest.raises(SetupError):
        start(full)


# -- legal moves -----------------------------------------------------------------------------------


def test_legal_offers_each_hand_card_and_divine_card_in_each_lane_and_face():
    model = start(opening())
    legal = model.legal()
    champions = [e for e in legal if not e.get("divine")]
    assert len(champions) == 5 * 3 * 2
    assert {"type": "play", "player": "sun", "lane": "center", "face": "down",
            **card(8, 0, 2)} in legal
    assert {e["divine"] for e in legal if e.get("divine")} == {"Prophet", "Klar", "Steward"}
    for event in legal:
        probe = start(opening())
        engine.apply(probe, event)


def test_legal_leaves_the_card_open_where_the_hand_is_not_entered():
    model = start(opening(hands={"sun": {"count": 5}, "moon": {"count": 5}}))
    opens = [e for e in model.legal() if "open" in e and not e.get("divine")]
    assert {(e["lane"], e["face"]) for e in opens} == {(lane, face) for lane in
                                                       ("left", "center", "right")
                                                       for face in ("up", "down")}
    assert opens[0]["open"] == ["power", "feathers", "scorpions"]


def test_legal_leaves_out_what_the_rules_refuse():
    legal = start(divine_owed_last_card()).legal()
    assert legal and all(e.get("divine") and e["lane"] == "center" for e in legal)


# -- hidden information ----------------------------------------------------------------------------


def test_the_opponent_and_spectators_never_see_a_hand_a_face_down_card_or_a_kept_divine():
    model = start()
    enter(model, *DRAFTS, BEGIN, {"type": "hand", "player": "moon", "cards": [card(7, 0, 2)]},
          play("moon", "left", "down", **card(7, 0, 2)))
    for viewer in ("sun", None):
        state = model.visible_state(viewer)
        assert state["hands"]["moon"] == {"count": 5, "cards": []}
        assert state["lanes"][0]["cards"]["moon"] == [
            {"face": "down", "n": 1, "divine": None, "hidden": True}]
        assert state["draft"]["moon"]["kept"] == "?"
        assert "Hadria" not in str(state["divine"]["moon"])
        assert "7" not in str(state["live"][0]["power"])
    assert model.visible_state("sun")["divine"]["moon"]["unplayed"][:2] == [
        {"name": "Klar"}, {"name": "Naka"}]
    mine = model.visible_state("moon")
    assert mine["lanes"][0]["cards"]["moon"][0]["power"] == 7
    assert mine["live"][0]["power"]["moon"] == 7 and mine["live"][0]["winner"] == "moon"
    assert model.scores()["lanes"][0]["power"]["moon"] == 0
    assert model.scores()["lanes"][0]["hidden"]["moon"] == 1
    assert model.G["lanes"][0]["cards"]["moon"][0]["power"] == 7  # G itself untouched


def test_events_hide_what_the_other_seat_may_not_see():
    hidden = play("moon", "left", "down", divine="Klar", power=5, feathers=0, scorpions=1,
                  drawn=[card(1)])
    for viewer in ("sun", None):
        shown = start(opening()).visible_event(hidden, viewer)
        assert shown == {"type": "play", "player": "moon", "lane": "left", "face": "down",
                         "divine": "?", "drawn": [{"hidden": True}]}
    assert start(opening()).visible_event(hidden, "moon") == hidden
    face_up = play("moon", "left", **card(5, 1))
    assert start(opening()).visible_event(face_up, "sun") == face_up
    hand = {"type": "hand", "player": "sun", "cards": [card(1), card(2)]}
    assert start(opening()).visible_event(hand, "moon")["cards"] == [{"hidden": True}] * 2


def test_a_hand_is_entered_whoever_s_turn_it_is_but_a_card_is_played_in_one_s_own():
    model = start(opening())
    turn = model.G["turn"]
    other = next(seat for seat in ("sun", "moon") if seat != turn)
    enter(model, {"type": "hand", "player": other, "cards": [card(1), card(2)]})
    assert model.G["hands"][other]["cards"] == [card(1), card(2)]
    refused(model, play(other, "left", **card(1)), model.turn_rule)


def test_effects_never_name_a_face_down_card():
    model = start(opening())
    effects = enter(model, play("sun", "left", "down", divine="Klar"))
    assert "Klar" not in " ".join(e.text for e in effects)
    assert "5" not in " ".join(e.text for e in effects)


def test_after_the_age_ends_every_card_is_revealed_to_everyone():
    model = start(last_card())
    enter(model, ENDS_AGE)
    assert model.visible_state(None)["lanes"][2]["cards"]["moon"][1]["power"] == 2


def test_a_play_without_a_face_is_face_up():
    model = start(opening())
    enter(model, {"type": "play", "player": "sun", "lane": "right", **card(3, 0, 1)})
    assert model.G["lanes"][2]["cards"]["sun"][0]["face"] == "up"
    assert model.G["lanes"][2]["pillar"] == "sun"


def test_a_position_with_a_divine_card_in_the_center_under_no_divine_is_refused():
    lanes = {**ONE_LEFT, "center": {"quest": QUESTS[1], "pillar": "sun",
                                    "sun": [card(2, 1, divine="Prophet")]}}
    with pytest.raises(TableRefused) as wrong:
        start(opening(modifier="no_divine", lanes=lanes))
    assert wrong.value.field == "position.lanes.center"
    assert wrong.value.citation.quote == MODIFIERS["no_divine"]


def test_a_position_where_the_player_on_turn_has_no_place_is_refused():
    with pytest.raises(SetupError) as wrong:
        start(last_card(turn="moon"))
    assert wrong.value.field == "position.turn"
