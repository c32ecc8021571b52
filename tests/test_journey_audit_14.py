"""Journey: the fourteenth audit (session 17). A position holding what a rule forbids is a 400
carrying the sentence as `rule`, as every game's now does (it was quoted inside the message only):
a Gate sealed where the Quest allows none or one, more Sutras than the box holds, another Pilgrim's
Skill Card, a Condition held twice, a Quest already lost. The legal position next to each is
accepted. Then outsider findings 121, 123, 124 (red squares), 128 (a one-Target plan), 133 (Quest
9's revealed Bull Generals), 136 (Flaming War Cry) and 137 (Quest 7's deck), and the silent cases
of Greedy and Sutra hand-offs."""

import pytest

from tests import test_blind_scenarios_journey_11 as q11
from tests.api_table import as_seen, quotes_from
from tests.test_blind_scenarios_journey_10 import (
    PLAN,
    PROFILES,
    act,
    berrok_options,
    berrok_roll,
    berrok_to_plan,
    by,
    free_play,
    pilgrim,
)
from tests.test_journey_random import PROFILES as RANDOM_PROFILES

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
        "options": {"pilgrim_profiles": RANDOM_PROFILES, "karma_upgrades": "in_position", **options},
        "position": position})


def refused_unchanged(table, event, quote) -> dict:
    """The event refused with `quote`, the table as every seat sees it unchanged; the error."""
    before = as_seen(table.view())
    error = table.refused(event, quote)
    assert as_seen(table.view()) == before
    return error


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


# --- Findings 121, 123, 124: red squares; 128: a one-Target plan under demon_targets=profile -------

RED_HP = in_book("If you do not have the Movement Points (for Blue Regions) or Health Points (for "
                 "Red Regions), you cannot make the move.")
KEEP_ONE_HP = in_book("Note the Health Point costs are a special case. Other payments can reduce "
                      "the total points left to zero, but when paying Health Point costs, you must "
                      "leave the Pilgrim with at least 1 Health Point.")
RED_LINES = in_book("Pilgrims take one point of damage every time they enter one of these squares "
                    "or if they are stationary in the square for a full turn.")
TARGETING = in_book("Targeting: Demons are powerful creatures that will attack all Targets in their "
                    "Attack Range.")
PROFILE_TARGETS = in_book("Determine the possible number of Targets. This is stated on the "
                          "Miniature's Profile Sheet, below the Range Icon, but can be modified by "
                          "Skill Cards, etc.")


@pytest.mark.parametrize(("hp", "red", "ruling", "quote"), [
    (1, 1, "must_keep_one", KEEP_ONE_HP), (1, 2, "must_keep_one", RED_HP),
    (1, 2, "may_enter", RED_HP)])
def test_finding_121_red_squares_paid_with_the_last_health_point(client, hp, red, ruling, quote):
    table = free_play(client, {"monkey_king": {"hp": hp}}, red_square_last_hp=ruling)
    error = refused_unchanged(table, by("monkey_king", "move", steps=3, red=red), quote)
    assert ("must keep 1" in error["message"]) == (quote == KEEP_ONE_HP)
    table = free_play(client, {"monkey_king": {"hp": red + 1}}, red_square_last_hp=ruling)
    act(table, "monkey_king", "move", steps=3, red=red)
    assert pilgrim(table, "monkey_king")["hp"] == 1


@pytest.mark.parametrize("hp", [1, 2])
def test_finding_123_a_pilgrim_knocked_out_standing_on_red_leaves_the_next_his_activation(client,
                                                                                           hp):
    table = free_play(client, {"monkey_king": {"hp": hp}})
    act(table, "monkey_king", "end_activation", on_red_square=True)
    assert pilgrim(table, "monkey_king")["hp"] == hp - 1
    activation = table.view()["state"]["activation"]
    assert (activation["pilgrim"], activation["ap"], activation["spent"]) == ("monk_sha", 2, 0)


def test_finding_124_a_pilgrim_who_moved_was_not_stationary_on_a_red_square(client):
    table = free_play(client, {"monkey_king": {"hp": 5}})
    act(table, "monkey_king", "move", steps=1)
    refused_unchanged(table, by("monkey_king", "end_activation", on_red_square=True), RED_LINES)
    act(table, "monkey_king", "end_activation")
    act(table, "monk_sha", "end_activation", on_red_square=True)
    assert pilgrim(table, "monk_sha")["hp"] == PROFILES["monk_sha"]["max_hp"] - 1


@pytest.mark.parametrize(("options", "quote"), [
    ({"demon_targets": "profile", "demon_profiles": {"berrok": {"targets": 1}}}, PROFILE_TARGETS),
    ({}, TARGETING)], ids=["profile", "all"])
def test_finding_128_a_roll_on_a_pilgrim_the_plan_left_out_quotes_the_table_s_reading(client,
                                                                                       options,
                                                                                       quote):
    table = berrok_to_plan(client, **options)
    table.accepted(berrok_options(["tripitaka"]))
    table.accepted(PLAN)
    refused_unchanged(table, berrok_roll("monk_sha"), quote)
    table.accepted(berrok_roll("tripitaka"))


# --- The books' silent cases (session 17): Greedy and the one Mystical Box use per Activation -----

BOX_ONCE = in_book("Each Pilgrim can only use a Mystical Box once (to Pray or Meditate) each time "
                   "they are Activated, even if the Pilgrim has Action Points left.")
GREEDY = {"type": "play_card", "player": "p1", "pilgrim": "cho_hakkai", "card": "Greedy",
          "kind": "skill", "draws": "Wild Ginseng"}
PRAY = {"type": "pray", "player": "p1", "pilgrim": "cho_hakkai", "box": "box-1",
        "card": "Wild Herbs"}


def chos_activation(client, ruling):
    table = free_play(client, {"cho_hakkai": {"hand": ["Greedy"]}}, greedy_box=ruling,
                      initiative=["cho_hakkai", "monkey_king", "monk_sha", "tripitaka"])
    assert table.view()["state"]["activation"]["pilgrim"] == "cho_hakkai"
    return table


@pytest.mark.parametrize("first, then", [(GREEDY, PRAY), (PRAY, GREEDY)], ids=["greedy-first",
                                                                              "pray-first"])
def test_greedy_box_counts_refuses_a_second_use_and_separate_allows_it(client, first, then):
    table = chos_activation(client, "counts")
    table.accepted(first)
    error = refused_unchanged(table, then, BOX_ONCE)
    assert "greedy_box: counts" in error["message"]
    table = chos_activation(client, "separate")
    table.accepted(first)
    table.accepted(then)
    assert sorted(table.view()["state"]["pilgrims"]["cho_hakkai"]["fortune"]) == [
        "Wild Ginseng", "Wild Herbs"]


# --- The books' silent cases (session 17): may Pilgrims hand Sutra Tokens to each other? ----------

SUTRA_PLACED = in_book("Remove the Sutra Token from the Map Tile and place it near the Pilgrim's "
                       "Profile Sheet.")
GIVE = by("monkey_king", "give_sutra", to="tripitaka")


def test_sutra_hand_off_none_refuses_it_allowed_moves_one_sutra(client):
    table = free_play(client, {"monkey_king": {"sutras": 2}})
    error = refused_unchanged(table, GIVE, SUTRA_PLACED)
    assert "sutra_hand_off: none" in error["message"]
    assert not any(event["type"] == "give_sutra" for event in table.view()["legal"])
    table = free_play(client, {"monkey_king": {"sutras": 2}}, sutra_hand_off="allowed")
    assert {"type": "give_sutra", "player": GIVE["player"], "pilgrim": "monkey_king",
            "to": "tripitaka"} in table.view()["legal"]
    table.accepted(GIVE)
    assert (pilgrim(table, "monkey_king")["sutras"], pilgrim(table, "tripitaka")["sutras"]) == (1, 1)
    refused_unchanged(table, by("monkey_king", "give_sutra", to="monkey_king"), SUTRA_PLACED)
    # no Action Point spent: his activation goes on
    assert table.view()["state"]["activation"]["spent"] == 0


def test_under_allowed_a_pilgrim_with_no_sutra_or_not_active_hands_none(client):
    table = free_play(client, {}, sutra_hand_off="allowed")
    refused_unchanged(table, GIVE, SUTRA_PLACED)
    table = free_play(client, {"monk_sha": {"sutras": 1}}, sutra_hand_off="allowed")
    error = table.send(by("monk_sha", "give_sutra", to="tripitaka"))
    assert error.status_code == 422  # the Monkey King is the active Pilgrim


# --- Findings 133 (Quest 9's revealed Bull Generals), 136 (Flaming War Cry), 137 (Quest 7's deck) -

Q9_TRAP = in_book("Kogaiji's Trap: Only 1 of the Villager Tokens is the Elder Monk, the other 3 "
                  "are Borrack Bull Generals hidden by the deception spell.")
Q7_DECK = in_book("Demon Deck: All Gates are active from the start of the Quest, but become "
                  "inactive when the entire Demon Spawn Deck has been played once.")
WAR_CRY = in_book("For example, Flaming War Cry makes Monkey the center of attention for all "
                  "Demons on his Map Tile.")


def test_finding_133_a_token_that_broke_the_deception_stays_a_bull_general(client):
    table = q11.quest_9(client, q9_no_model="token_stays")
    q11.act(table, "monkey_king", "rescue_attempt", villager="villager-1", spinner="black")
    q11.act(table, "monkey_king", "rescue_attempt", villager="villager-2", spinner="black")
    q11.act(table, "monk_sha", "rescue_attempt", villager="villager-3", spinner="black")
    for spinner in ("white", "black"):
        refused_unchanged(table, q11.by("monk_sha", "rescue_attempt", villager="villager-3",
                                        spinner=spinner), Q9_TRAP)
    # three Bull Generals shown: villager-4 is the Elder Monk, never a fourth
    refused_unchanged(table, q11.by("monk_sha", "rescue_attempt", villager="villager-4",
                                    spinner="black"), Q9_TRAP)
    q11.act(table, "monk_sha", "rescue_attempt", villager="villager-4", spinner="white")
    assert q11.state(table)["quest_state"]["spell"] is False


@pytest.mark.parametrize("reading, quote", [("replaces_tripitaka", WAR_CRY),
                                            ("preferred_target", None)])
def test_finding_136_a_plan_refused_for_the_monkey_king_quotes_the_war_cry(client, reading,
                                                                           quote):
    table = q11.war_cry_demon_phase(client, reading)
    q11.demons_step(table, "demon_options", demon="berrok-1", on_monkey_kings_tile=True,
                    options=[q11.REACH_TRIPITAKA, q11.ON_THE_MONKEY])
    plan = {"type": "demon_plan", "player": "p2", "demon": "berrok-1", "option": 1}
    if quote:
        error = refused_unchanged(table, plan, quote)
        assert "war_cry_focus: replaces_tripitaka" in error["message"]
        table.accepted({**plan, "option": 2})
    else:  # the Monkey King is only preferred: reaching Tripitaka is Plan 1
        table.accepted(plan)


def test_finding_137_quest_7_a_spawn_after_the_deck_is_played_quotes_the_quest(client):
    table = q11.quest_7(client, deck_cards=3)
    for name in q11.ORDER:
        q11.act(table, name, "end_activation")
    q11.kei_lun_walks(table)
    q11.demons_step(table, "measure", of="gates", distances=q11.GATE_DISTANCES)
    for gate in ("gate-1", "gate-2"):
        q11.demons_step(table, "spawn", gate=gate, card="reinforcement", demons=["berrok"])
    q11.demons_step(table, "spawn", gate="gate-3", card="reinforcement", demons=["berrok"])
    refused_unchanged(table, {"type": "spawn", "player": "p2", "gate": "gate-4",
                              "card": "reinforcement", "demons": ["berrok"]}, Q7_DECK)
