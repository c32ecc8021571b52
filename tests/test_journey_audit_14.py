"""Journey: the fourteenth audit (session 17). A position holding what a rule forbids is a 400
carrying the sentence as `rule`, as every game's now does (it was quoted inside the message only):
a Gate sealed where the Quest allows none or one, more Sutras than the box holds, another Pilgrim's
Skill Card, a Condition held twice, a Quest already lost. The legal position next to each is
accepted."""

import pytest

from tests.api_table import quotes_from
from tests.test_journey_random import PROFILES

in_book = quotes_from("journey")
SEAL_ONE = in_book("Seal 1 Gate: A maximum of 1 Gate can be sealed, regardless of the means.")
NO_SEAL = in_book("Cannot Seal Gates: None of the Gates can be sealed, even with the Prayer of "
                  "Sealing.")
OWN_DECK = in_book("Each Pilgrim has his own specific card deck.")
DUPLICATE = in_book("If the second card is a duplicate, immediately discard the existing card and "
                    "its counters. Then apply the new card normally.")
TRIPITAKA_DEFEATED = in_book("Defeat: Tripitaka is defeated.")
LAYOUT = {"gates": [{"id": "g1"}], "demons": ["berrok"]}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def create(client, position: dict, **options):
    return client.post("/api/sessions", json={
        "game": "journey", "players": ["Ann", "Ben"],
        "options": {"pilgrim_profiles": PROFILES, "karma_upgrades": "in_position", **options},
        "position": position})


def refused_with(response, field: str, quote: str) -> None:
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["code"] == "invalid_setup" and error["field"] == field
    assert error["rule"]["quote"] == quote and error["rule"]["section_id"]
    assert f"“{quote}”" in error["message"]


def gates(printed: int, closed: list[str]) -> list[dict]:
    return [{"id": f"g{n}", "status": "closed" if f"g{n}" in closed else "inactive"}
            for n in range(1, printed + 1)]


@pytest.mark.parametrize(("quest", "printed", "sealed", "allowed", "quote"), [
    ("q6", 3, ["g1", "g2"], ["g1"], SEAL_ONE), ("q9", 2, ["g1"], [], NO_SEAL)])
def test_a_gate_sealed_beyond_the_quest_carries_the_quest_s_sentence(client, quest, printed,
                                                                      sealed, allowed, quote):
    refused_with(create(client, {"gates": gates(printed, sealed)}, quest=quest),
                 "position.gates", quote)
    response = create(client, {"gates": gates(printed, allowed)}, quest=quest)
    assert response.status_code == 201, response.get_json()


def test_another_pilgrims_skill_card_carries_the_own_deck_sentence(client):
    refused_with(create(client, {**LAYOUT, "pilgrims": {"monkey_king": {
        "hand": ["Healing Fellowship"]}}}), "position.pilgrims.monkey_king", OWN_DECK)
    response = create(client, {**LAYOUT, "pilgrims": {"monk_sha": {
        "hand": ["Healing Fellowship"]}}})
    assert response.status_code == 201, response.get_json()


def test_a_condition_held_twice_carries_the_duplicate_sentence(client):
    burned = {"name": "Burned", "tokens": 1}
    refused_with(create(client, {**LAYOUT, "pilgrims": {"monkey_king": {
        "conditions": [burned, burned]}}}), "position.pilgrims.monkey_king.conditions.1",
        DUPLICATE)
    response = create(client, {**LAYOUT, "pilgrims": {"monkey_king": {"conditions": [burned]}}})
    assert response.status_code == 201, response.get_json()


def test_a_free_play_already_lost_carries_the_defeat_sentence(client):
    down = {"tripitaka": {"hp": 0, "status": "unconscious", "posture": "side"}}
    refused_with(create(client, {**LAYOUT, "pilgrims": down}), "position.pilgrims",
                 TRIPITAKA_DEFEATED)
    response = create(client, {**LAYOUT, "pilgrims": down}, tripitaka_defeat="killed")
    assert response.status_code == 201, response.get_json()
