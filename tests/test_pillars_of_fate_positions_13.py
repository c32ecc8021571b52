"""Pillars of Fate positions that no table can reach (findings 76 and 77 of the outsider's round 5,
fixed by the lead in session 13): renown before any Age is resolved ("3. Award renown according to
the conditional rewards for each quest." comes only at an Age's end), and more (or, since
rules_version 7, fewer) unplayed Divine cards than the Ages leave ("Once per Age, you must play a
Divine card." of the three each player keeps; under the ruling divine_required: not_enforced the
table keeps that rule, so only the three are counted)."""

import copy

import pytest

from referee.core import RuleViolation, SetupError, engine
from referee.pillars_of_fate import Game
from referee.pillars_of_fate.rules import Q_AWARD, Q_DIVINE_MUST, Q_DIVINE_SELECT


def start(options=None, **position):
    body = copy.deepcopy(Game.example_setup)
    body["position"].update(position)
    body["options"] = options or {}
    return engine.start(Game, engine.check_setup(Game, body))


def refused(options=None, **position) -> SetupError:
    with pytest.raises(SetupError) as caught:
        start(options, **position)
    return caught.value


def test_renown_in_age_one_is_refused_and_later_ages_carry_it():
    error = refused(renown={"sun": 5, "moon": 0})
    assert error.field == "position.renown.sun" and Q_AWARD in error.message
    assert start(renown={"sun": 0, "moon": 0}).G["renown"] == {"sun": 0, "moon": 0}
    model = start(age=2, modifier="two_cards", modifiers_used=["double_power"],
                  renown={"sun": 5, "moon": 3},
                  divine={"sun": [{"name": "Klar"}, {"name": "Steward"}],
                          "moon": [{"name": "Pentha"}, {"name": "Eradan"}]})
    assert model.G["renown"] == {"sun": 5, "moon": 3}


def test_more_unplayed_divine_cards_than_the_ages_leave_are_refused():
    age_three = {"age": 3, "modifier": "two_cards", "modifiers_used": ["double_power",
                                                                       "least_power"]}
    error = refused(**age_three)  # three each, with two Ages played
    assert error.field == "position.divine.sun" and Q_DIVINE_MUST in error.message
    model = start(**age_three, divine={"sun": [{"name": "Klar"}], "moon": [{"name": "Pentha"}]})
    assert [card["name"] for card in model.G["divine"]["sun"]["unplayed"]] == ["Klar"]
    model = start({"divine_required": "not_enforced"}, **age_three)
    assert len(model.G["divine"]["moon"]["unplayed"]) == 3


def test_a_divine_card_is_played_with_the_values_entered_for_it():
    """Finding 80: Sun's Klar was entered as power 5, one scorpion; a 7-power Klar is not one of
    "your 3 unplayed Divine cards"."""
    model = start()
    play = {"type": "play", "player": "sun", "lane": "left", "divine": "Klar", "face": "up",
            "feathers": 0, "scorpions": 1}
    before = model.snapshot()
    with pytest.raises(RuleViolation) as caught:
        engine.apply(model, {**play, "power": 7})
    assert caught.value.citation.quote == Q_DIVINE_SELECT and "power 5" in caught.value.message
    assert model.snapshot() == before
    engine.apply(model, {**play, "power": 5})
    assert model.G["lanes"][0]["cards"]["sun"][0]["power"] == 5


def test_fewer_unplayed_divine_cards_than_the_ages_leave_are_refused():
    """Finding 77, its first half: each player keeps 3 Divine cards ("You may select from any of
    your 3 unplayed Divine cards.") and plays one each Age, so fewer unplayed than the Ages leave
    is no more reachable than more. Exactly what is left is accepted, counting the Divine card in
    the lanes; under divine_required: not_enforced only the three are counted."""
    example = Game.example_setup["position"]["divine"]
    error = refused(divine={"sun": example["sun"][1:], "moon": example["moon"]})  # 2 in Age I
    assert error.field == "position.divine.sun" and Q_DIVINE_MUST in error.message
    assert "has 2 unplayed" in error.message and "3 are left" in error.message
    age_two = {"age": 2, "modifier": "two_cards", "modifiers_used": ["double_power"]}
    error = refused(**age_two, divine={"sun": example["sun"][1:], "moon": example["moon"][2:]})
    assert error.field == "position.divine.moon" and "2 are left" in error.message
    model = start(**age_two, divine={"sun": example["sun"][1:], "moon": example["moon"][1:]})
    assert len(model.G["divine"]["moon"]["unplayed"]) == 2
    lanes = copy.deepcopy(Game.example_setup["position"]["lanes"])
    lanes["left"]["sun"] = [{"power": 4, "feathers": 1, "scorpions": 0, "divine": "Prophet"}]
    prophet_played = {"turn": "moon", "lanes": lanes}
    error = refused(**prophet_played, divine={"sun": example["sun"][1:2], "moon": example["moon"]})
    assert error.field == "position.divine.sun" and "2 are left" in error.message
    model = start(**prophet_played, divine={"sun": example["sun"][1:], "moon": example["moon"]})
    assert model.G["divine"]["sun"]["played_in_age"] == 1
    model = start({"divine_required": "not_enforced"},
                  divine={"sun": example["sun"][1:], "moon": example["moon"]})
    assert len(model.G["divine"]["sun"]["unplayed"]) == 2
