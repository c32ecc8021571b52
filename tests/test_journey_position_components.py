"""Journey positions hold no more than the box and the Conditions allow (findings 72 and 73 of the
outsider's round 5): a Pilgrim never carries two Condition Cards of one kind ("If the second card
is a duplicate, immediately discard the existing card and its counters."), and the Sutras,
Villagers and Door Tokens on the board and held number no more than Game Components prints."""

import json
from pathlib import Path

import pytest

from referee.core import SetupError, engine
from referee.journey import Game
from referee.journey.profiles import TOKENS
from tests.test_journey_random import PROFILES

ROOT = Path(__file__).resolve().parent.parent
LAYOUT = {"gates": [{"id": "g1"}], "demons": ["berrok"]}


def book_text() -> str:
    text = (ROOT / "rulebook_index" / "data" / "journey.txt").read_text("utf-8")
    return " ".join(text.split())


def setup(position: dict):
    body = {"game": "journey", "players": ["Ann", "Ben"],
            "options": {"pilgrim_profiles": PROFILES}, "position": {**LAYOUT, **position}}
    return engine.start(Game, engine.check_setup(Game, body))


def refused(position: dict) -> SetupError:
    with pytest.raises(SetupError) as caught:
        setup(position)
    return caught.value


def test_the_component_counts_are_the_books():
    data = json.loads((ROOT / "referee" / "data" / "journey-cards.json").read_text())
    for kind, entry in data["tokens"].items():
        assert all(words in book_text() for words in entry["printed"])
        assert entry["printed"][0].startswith(f"{TOKENS[kind]} ")


def test_two_conditions_of_one_kind_on_a_pilgrim_are_refused_two_kinds_accepted():
    error = refused({"pilgrims": {"monk_sha": {"conditions": [{"name": "Poisoned"},
                                                              {"name": "Poisoned", "tokens": 1}]}}})
    assert error.field == "position.pilgrims.monk_sha.conditions.1"
    assert "If the second card is a duplicate, immediately discard the existing card and its " \
           "counters." in error.message
    model = setup({"pilgrims": {"monk_sha": {"conditions": [{"name": "Poisoned"},
                                                            {"name": "Burned"}]}}})
    assert [c["name"] for c in model.G["pilgrims"]["monk_sha"]["conditions"]] == \
        ["Poisoned", "Burned"]


@pytest.mark.parametrize("kind, count", [("sutras", 7), ("villagers", 5)])
def test_tokens_on_the_board_and_held_number_no_more_than_the_box(kind, count):
    on_board = [f"{kind[0]}{n}" for n in range(3)]
    model = setup({kind: on_board, "pilgrims": {"tripitaka": {kind: count - 3}}})
    assert len(model.G["tokens"][kind]) == 3 and model.G["pilgrims"]["tripitaka"][kind] == count - 3
    error = refused({kind: on_board, "pilgrims": {"tripitaka": {kind: count - 3},
                                                  "monk_sha": {kind: 1}}})
    assert error.field == f"position.{kind}" and f"the game has {count}" in error.message


def test_closed_and_broken_doors_share_the_eight_double_sided_tokens():
    doors = [f"d{n}" for n in range(5)]
    model = setup({"doors": doors, "broken_doors": ["b1", "b2", "b3"]})
    assert len(model.G["tokens"]["doors"]) + len(model.G["tokens"]["broken_doors"]) == 8
    error = refused({"doors": doors, "broken_doors": ["b1", "b2", "b3", "b4"]})
    assert error.field == "position.broken_doors" and "8 Double-Sided Door Tokens" in error.message


def test_another_pilgrims_skill_card_in_a_hand_or_in_play_is_refused_its_own_accepted():
    for given in ({"hand": ["Healing Fellowship"]},
                  {"in_play": [{"card": "Healing Fellowship", "duration": "continuous"}]}):
        error = refused({"pilgrims": {"monkey_king": given}})
        assert error.field == "position.pilgrims.monkey_king"
        assert "Healing Fellowship is a Monk Sha Skill Card" in error.message
        assert "Each Pilgrim has his own specific card deck." in error.message
    model = setup({"pilgrims": {"monk_sha": {"hand": ["Healing Fellowship"]}}})
    assert model.G["pilgrims"]["monk_sha"]["skills"] == ["Healing Fellowship"]


@pytest.mark.parametrize("quest, printed, sealed, allowed, quote", [
    ("q6", 3, ["g1", "g2"], ["g1"], "A maximum of 1 Gate can be sealed, regardless of the means."),
    ("q9", 2, ["g1"], [], "None of the Gates can be sealed, even with the Prayer of Sealing."),
])
def test_a_quest_position_seals_no_more_gates_than_the_quest_allows(quest, printed, sealed,
                                                                     allowed, quote):
    def body(closed):
        gates = [{"id": f"g{n}", "status": "closed" if f"g{n}" in closed else "inactive"}
                 for n in range(1, printed + 1)]
        return {"game": "journey", "players": ["Ann", "Ben"],
                "options": {"quest": quest, "pilgrim_profiles": PROFILES,
                            "karma_upgrades": "in_position"},
                "position": {"gates": gates}}
    with pytest.raises(SetupError) as caught:
        engine.start(Game, engine.check_setup(Game, body(sealed)))
    assert caught.value.field == "position.gates" and quote in caught.value.message
    model = engine.start(Game, engine.check_setup(Game, body(allowed)))
    assert sorted(g for g, gate in model.G["gates"].items() if gate["status"] == "closed") == allowed


def test_a_free_play_position_already_lost_is_refused_by_the_tables_ruling():
    """Finding 82: Tripitaka at 0 Health Points is a lost free play under tripitaka_defeat:
    defeated; under killed only once he is dead."""
    down = {"pilgrims": {"tripitaka": {"hp": 0, "status": "unconscious", "posture": "side"}}}
    error = refused(down)
    assert error.field == "position.pilgrims" and "Defeat: Tripitaka is defeated." in error.message
    body = {"game": "journey", "players": ["Ann", "Ben"],
            "options": {"pilgrim_profiles": PROFILES, "tripitaka_defeat": "killed"},
            "position": {**LAYOUT, **down}}
    model = engine.start(Game, engine.check_setup(Game, body))
    assert not model.game_over and model.G["pilgrims"]["tripitaka"]["status"] == "unconscious"
    body["position"]["pilgrims"]["tripitaka"] = {"hp": 0, "status": "dead"}
    with pytest.raises(SetupError) as caught:
        engine.start(Game, engine.check_setup(Game, body))
    assert "Defeat: Tripitaka is Killed." in caught.value.message
