"""Journey: Wrath of Demons, outsider scenarios round 4: undo in the middle of an activation, the
end of a Quest (what ends it, what is refused after, the calculator against the finished game)
and the ends of Quests 1, 2, 3, 5 and 7 that earlier rounds did not play. Written from the
rulebook and the API's own description only (docs/games/journey.md, GET /api/games/journey),
never the referee's code."""

import pytest

from tests.api_table import ApiTable, calculated, quotes_from
from tests.test_blind_scenarios_journey_3 import ONE_UPGRADE, TWO_UPGRADES, campaign

GAME = "journey"
book = quotes_from(GAME)

PROFILES = {"cho_hakkai": {"max_hp": 12, "mv": 3}, "monk_sha": {"max_hp": 9},
            "monkey_king": {"max_hp": 10}, "tripitaka": {"max_hp": 8, "mv": 3}}
ORDER = ["monkey_king", "monk_sha", "tripitaka", "cho_hakkai"]
SEAT = {"monkey_king": "p1", "cho_hakkai": "p1", "monk_sha": "p2", "tripitaka": "p2"}
LAYOUT = {"boxes": ["box-1"], "wells": ["well-1"], "doors": ["door-1"],
          "gates": [{"id": "gate-1", "status": "inactive"}], "sutras": ["sutra-1"],
          "villagers": ["villager-1"]}
STRIKE = {"attack_dice": [3, 3], "pilgrim_die": 3, "weapon_damage": 3}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def free_play(client, demons=("berrok",), pilgrims=None, **layout):
    """A free-play Quest as laid out, its first Maintenance entered."""
    position = {**LAYOUT, "demons": list(demons), **layout}
    if pilgrims:
        position["pilgrims"] = pilgrims
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"],
                              "options": {"initiative": ORDER, "pilgrim_profiles": PROFILES},
                              "position": position})
    table.accepted({"type": "maintenance", "player": "p1"})
    return table


def guide_quest(client, quest, position=None, order=ORDER, **options):
    setup = {"game": GAME, "players": ["Ann", "Ben"],
             "options": {"quest": quest, "initiative": list(order),
                         "pilgrim_profiles": PROFILES, **options}}
    if position is not None:
        setup["position"] = position
    table = ApiTable(client, setup)
    table.accepted({"type": "maintenance", "player": "p1"})
    return table


def act(table, pilgrim, event_type, **event):
    return table.accepted({"type": event_type, "player": SEAT[pilgrim], "pilgrim": pilgrim, **event})


def end(table, pilgrim):
    act(table, pilgrim, "end_activation")


def state(table):
    return table.view()["state"]


def undo(table):
    response = table.client.post(f"/api/sessions/{table.id}/undo", headers=table.headers)
    assert response.status_code == 200, response.get_json()
    table.seq = response.get_json()["seq"]
    return response.get_json()


def result(table):
    view = table.view()
    return view["over"], view["scores"].get("decided_by", {}).get("rule", {}).get("quote")


# --- Undo in the middle of an activation -------------------------------------------------------

def test_undo_of_a_rest_after_a_move_gives_back_the_action_point_and_nothing_else(client):
    table = free_play(client, pilgrims={"monkey_king": {"chi": 3}})
    act(table, "monkey_king", "move", steps=3)
    before = table.view()
    act(table, "monkey_king", "rest")
    assert state(table)["pilgrims"]["monkey_king"]["chi"] == 8
    undo(table)
    after = table.view()
    assert after["state"] == before["state"]
    assert after["legal"] == before["legal"]
    # The point given back is spent again the same way.
    act(table, "monkey_king", "rest")
    assert state(table)["pilgrims"]["monkey_king"]["chi"] == 8


def test_undo_of_a_defeating_attack_before_the_kill_or_cleanse_choice(client):
    table = free_play(client)
    before = table.view()
    act(table, "monkey_king", "attack", targets=["berrok-1"], target_hp=3, **STRIKE)
    assert table.view()["state"]["pending"] is not None
    undo(table)
    after = table.view()
    assert after["state"] == before["state"]
    assert after["legal"] == before["legal"]


def test_undo_of_a_kill_that_crossed_ten_bad_karma_takes_back_the_mandatory_trade(client):
    # "The trades marked as mandatory must be made when the Karma level is met or exceeded."
    table = free_play(client, pilgrims={"monkey_king": {"bad_karma": 9}})
    act(table, "monkey_king", "attack", targets=["berrok-1"], target_hp=3, **STRIKE)
    before_kill = table.view()
    act(table, "monkey_king", "resolve_defeat", choice="kill", reward=1)
    table.refused({"type": "rest", "player": "p1", "pilgrim": "monkey_king"},
                  book("The trades marked as mandatory must be made when the Karma level is met "
                       "or exceeded."))
    undo(table)
    assert table.view()["state"] == before_kill["state"]
    # Cleansed instead (the roll reaching the Soul Power), no trade is due.
    act(table, "monkey_king", "resolve_defeat", choice="cleanse", cleanse_dice=[3], soul_power=1,
        reward=1)
    monkey = state(table)["pilgrims"]["monkey_king"]
    assert (monkey["bad_karma"], monkey["good_karma"]) == (9, 1)
    act(table, "monkey_king", "rest")


# --- The end of a Quest ------------------------------------------------------------------------

Q4_END = book("The game play ends when the Pilgrims attack Kogaiji for the first time or when a "
              "Pilgrim is Defeated.")
Q4_VICTORY = book("Victory: The Pilgrims must (1) attack Kogaiji.")


def test_undo_of_the_attack_that_ended_quest_4_opens_the_quest_again(client):
    table = guide_quest(client, "q4")
    before = table.view()
    act(table, "monkey_king", "attack", targets=["kogaiji-1"], target_hp=9,
        attack_dice=[1, 0], pilgrim_die=0, weapon_damage=0)
    over, quote = result(table)
    assert (over, quote) == (True, Q4_VICTORY)
    undo(table)
    after = table.view()
    assert after["over"] is False
    assert after["state"] == before["state"]
    assert after["legal"] == before["legal"]
    act(table, "monkey_king", "rest")


def test_after_quest_4_ends_nothing_more_is_entered(client):
    table = guide_quest(client, "q4")
    act(table, "monkey_king", "attack", targets=["kogaiji-1"], target_hp=9,
        attack_dice=[1, 0], pilgrim_die=0, weapon_damage=0)
    assert table.view()["legal"] == []
    table.refused({"type": "rest", "player": "p1", "pilgrim": "monkey_king"}, Q4_VICTORY)
    table.refused({"type": "end_activation", "player": "p2", "pilgrim": "monk_sha"}, Q4_VICTORY)


@pytest.mark.parametrize("outcome", ["victory", "heroic_victory", "defeat"])
def test_the_calculator_gives_the_whole_band_the_result_together(client, outcome):
    # "The Pilgrims win or lose as a team" - every player wins or nobody does.
    scores = calculated(client, GAME, {"players": ["Ann", "Ben", "Cai"], "outcome": outcome})
    assert [player["name"] for player in scores["players"]] == ["Ann", "Ben", "Cai"]
    assert scores["winners"] == ([] if outcome == "defeat" else ["p1", "p2", "p3"])
    assert len({player["total"] for player in scores["players"]}) == 1


def test_the_calculator_refuses_a_fifth_player_with_a_400(client):
    # "...a cooperative game for 1 to 4 Players."
    response = client.post(f"/api/score/{GAME}", json={
        "players": ["Ann", "Ben", "Cai", "Dee", "Eve"], "outcome": "victory"})
    assert response.status_code == 400
    assert response.get_json()["error"]["field"].startswith("players")


def test_a_finished_quest_4_and_the_calculator_agree(client):
    table = guide_quest(client, "q4")
    act(table, "monkey_king", "attack", targets=["kogaiji-1"], target_hp=9,
        attack_dice=[1, 0], pilgrim_die=0, weapon_damage=0)
    live = table.view()["scores"]
    calc = calculated(client, GAME, {"players": ["Ann", "Ben"], "outcome": "victory"})
    assert live["winners"] == calc["winners"] == ["p1", "p2"]
    assert ([player["total"] for player in live["players"]]
            == [player["total"] for player in calc["players"]])


# --- Quest 1: Tripitaka defeated ---------------------------------------------------------------

def test_quest_1_tripitaka_defeated_by_a_spawned_berrok_is_the_defeat(client):
    table = guide_quest(client, "q1", position={
        "gates": [{"id": "gate-1"}], "villagers": ["villager-1"], "boxes": ["box-1"],
        "doors": ["door-1"], "demons": [], "inactive_demons": ["berrok", "berrok"],
        "turn": 2, "pilgrims": {"tripitaka": {"hp": 1}}})
    for pilgrim in ORDER:
        end(table, pilgrim)
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                    "demons": ["berrok"]})
    table.accepted({"type": "demon_options", "player": "p2", "demon": "berrok-3", "options": [
        {"actions": ["move", "attack"], "ends": "closer", "squares": 1,
         "targets": ["tripitaka"]}]})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "berrok-3", "option": 1})
    table.accepted({"type": "demon_attack", "player": "p2", "demon": "berrok-3",
                    "target": "tripitaka", "attack_dice": [2, 1], "defense_dice": [1, 0]})
    over, quote = result(table)
    assert over is True
    assert quote == book("Defeat: Tripitaka is defeated.")
    assert table.view()["scores"]["winners"] == []


# --- Quest 3: a Demon in the village, a Pilgrim killed -----------------------------------------

Q3_DEFEAT = book("Defeat: If a Pilgrim was Killed or a Demon enters the village, the Pilgrims "
                 "fail.")


def test_quest_3_a_demon_crossing_into_the_village_is_the_defeat(client):
    table = guide_quest(client, "q3", order=["monkey_king", "monk_sha", "cho_hakkai",
                                             "tripitaka"])
    table.accepted({"type": "village_entered", "player": "p2", "demon": "borrack-1"})
    over, quote = result(table)
    assert over is True
    assert quote == Q3_DEFEAT
    assert table.view()["scores"]["winners"] == []


def test_quest_3_a_pilgrim_left_on_his_back_dies_at_the_maintenance_and_it_is_lost(client):
    board = {"gates": [{"id": f"gate-{n}", "status": "inactive"} for n in (1, 2, 3)],
             "sutras": ["sutra-1", "sutra-2", "sutra-3"],
             "villagers": ["villager-1", "villager-2", "villager-3"], "wells": ["well-1"],
             "boxes": ["box-1"], "broken_doors": ["door-1"], "demons": ["borrack"], "turn": 4,
             "pilgrims": {"monk_sha": {"hp": 0, "status": "unconscious", "posture": "back"}}}
    setup = {"game": GAME, "players": ["Ann", "Ben"], "position": board,
             "options": {"quest": "q3", "pilgrim_profiles": PROFILES,
                         "initiative": ["monkey_king", "monk_sha", "cho_hakkai", "tripitaka"]}}
    table = ApiTable(client, setup)
    table.accepted({"type": "maintenance", "player": "p1"})
    assert state(table)["pilgrims"]["monk_sha"]["status"] == "dead"
    over, quote = result(table)
    assert over is True
    assert quote == Q3_DEFEAT


# --- Quest 5: the Healing Trance before the Demons are gone -------------------------------------

def test_quest_5_healing_trance_with_demons_left_heals_but_does_not_calm_kei_lun(client):
    table = ApiTable(client, {
        "game": GAME, "players": ["Ann", "Ben"],
        "options": {"quest": "q5", "pilgrim_profiles": PROFILES,
                    "initiative": ["monkey_king", "monk_sha", "cho_hakkai", "tripitaka"]}})
    table.accepted({"type": "maintenance", "player": "p1"})
    for pilgrim in ["monkey_king", "monk_sha", "cho_hakkai"]:
        end(table, pilgrim)
    act(table, "tripitaka", "play_card", card="Healing Trance", kind="skill",
        cost={"chi": 2}, duration="immediate")
    over, _ = result(table)
    assert over is False
    assert state(table)["demons"]


# --- Quest 7: the end when the deck is spent ---------------------------------------------------

Q7_HEROIC = book("Heroic Victory: All the Pilgrims and Kei Lun survive.")
Q7_VICTORY = book("Victory: Tripitaka and Kei Lun survive.")
Q7_BOARD = {"gates": [{"id": f"gate-{n}", "status": "inactive"} for n in (1, 2, 3, 4)],
            "wells": ["well-1", "well-2"], "boxes": ["box-1"],
            "sutras": ["sutra-1", "sutra-2", "sutra-3", "sutra-4"],
            "broken_doors": ["door-1", "door-2"]}


def quest_7_last_demon(client, pilgrims=None):
    position = {**Q7_BOARD, "demons": ["berrok"], "turn": 9}
    if pilgrims:
        position["pilgrims"] = pilgrims
    return guide_quest(client, "q7", position=position, karma_upgrades="in_position",
                       quest_setup={"kei_lun_hp": 12, "drawn": 49})


@pytest.mark.parametrize("dead, quote", [(None, Q7_HEROIC), ("cho_hakkai", Q7_VICTORY)])
def test_quest_7_the_last_demon_killed_with_the_deck_spent_ends_it(client, dead, quote):
    pilgrims = {dead: {"hp": 0, "status": "dead"}} if dead else None
    table = quest_7_last_demon(client, pilgrims)
    act(table, "monkey_king", "attack", targets=["berrok-1"], target_hp=3, **STRIKE)
    act(table, "monkey_king", "resolve_defeat", choice="kill", reward=1)
    over, decided = result(table)
    assert over is True
    assert decided == quote
    assert len(table.view()["scores"]["winners"]) == 2


# --- Quest 2: Cho Hakkai never revived ---------------------------------------------------------

Q2_DEFEAT = book("Defeat: A Pilgrim was Killed or the Pilgrims cleared all the Demons before "
                 "meeting either set of Victory Conditions.")


def test_quest_2_cho_hakkai_left_unrevived_dies_at_the_third_maintenance(client):
    # Face down at setup, on his side at Turn 1, on his back at Turn 2, dead at Turn 3.
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"], "options": {
        "quest": "q2", "initiative": ORDER, "pilgrim_profiles": PROFILES}, "position": {
        "gates": [{"id": "gate-1", "status": "closed"}, {"id": "gate-2", "status": "closed"}],
        "sutras": ["sutra-1", "sutra-2", "sutra-3"], "villagers": ["villager-1"],
        "wells": ["well-1"], "demons": ["berrok"], "turn": 2,
        "pilgrims": {"cho_hakkai": {"hp": 0, "status": "unconscious", "posture": "side"}}}})
    table.accepted({"type": "maintenance", "player": "p1"})
    assert state(table)["pilgrims"]["cho_hakkai"]["posture"] == "back"
    for pilgrim in ["monkey_king", "monk_sha", "tripitaka"]:
        end(table, pilgrim)
    table.accepted({"type": "demon_options", "player": "p2", "demon": "berrok-1", "options": [
        {"actions": ["move", "move"], "ends": "closer", "squares": 4, "targets": []}]})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "berrok-1", "option": 1})
    table.accepted({"type": "end_turn", "player": "p1"})
    assert result(table)[0] is False
    table.accepted({"type": "maintenance", "player": "p1"})
    assert state(table)["pilgrims"]["cho_hakkai"]["status"] == "dead"
    over, quote = result(table)
    assert over is True
    assert quote == Q2_DEFEAT


def test_undo_of_the_maintenance_that_killed_cho_hakkai_brings_him_back_on_his_back(client):
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"], "options": {
        "quest": "q2", "initiative": ORDER, "pilgrim_profiles": PROFILES}, "position": {
        "gates": [{"id": "gate-1", "status": "closed"}, {"id": "gate-2", "status": "closed"}],
        "sutras": ["sutra-1", "sutra-2", "sutra-3"], "villagers": ["villager-1"],
        "wells": ["well-1"], "demons": ["berrok"], "turn": 3,
        "pilgrims": {"cho_hakkai": {"hp": 0, "status": "unconscious", "posture": "back"}}}})
    before = table.view()
    table.accepted({"type": "maintenance", "player": "p1"})
    assert table.view()["over"] is True
    undo(table)
    after = table.view()
    assert after["over"] is False
    assert after["state"] == before["state"]


# --- Quest 5: Kei Lun's attack on Tripitaka ----------------------------------------------------

def test_quest_5_kei_lun_defeating_tripitaka_is_the_defeat(client):
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"], "options": {
        "quest": "q5", "pilgrim_profiles": PROFILES,
        "initiative": ["monkey_king", "monk_sha", "cho_hakkai", "tripitaka"]}, "position": {
        "gates": [{"id": "gate-1", "status": "inactive"}, {"id": "gate-2", "status": "inactive"}],
        "sutras": ["sutra-1"], "boxes": ["box-1"], "wells": ["well-1"], "demons": ["berrok"],
        "turn": 3, "pilgrims": {"tripitaka": {"hp": 1}}}})
    table.accepted({"type": "maintenance", "player": "p1"})
    for pilgrim in ["monkey_king", "monk_sha", "cho_hakkai", "tripitaka"]:
        end(table, pilgrim)
    table.accepted({"type": "kei_lun", "player": "p2", "in_range": ["tripitaka"], "attacks": [
        {"target": "tripitaka", "attack_dice": [3, 2], "defense_dice": [1, 0]}]})
    assert state(table)["pilgrims"]["tripitaka"]["hp"] == 0
    over, quote = result(table)
    assert over is True
    assert quote == book("Defeat: Tripitaka is Defeated.")


# --- An empty Fortune Deck ---------------------------------------------------------------------

def test_pray_with_all_twenty_fortune_cards_held_draws_nothing(client):
    # "20 Fortune Cards": with every one in the Pilgrims' hands the Draw Deck and the Discard
    # Pile are both empty.
    held = {name: {"fortune": ["Wild Herbs"] * 5} for name in ORDER}
    table = free_play(client, pilgrims=held)
    empty = book("It is extremely unlikely that both the Draw Deck and Discard Pile will be "
                 "empty, but if this ever happens, you cannot draw new cards of that type until "
                 "some are discarded.")
    table.refused({"type": "pray", "player": "p1", "pilgrim": "monkey_king", "box": "box-1",
                   "card": "Om Mala of Vigor"}, empty)
    act(table, "monkey_king", "pray", box="box-1")
    assert len(state(table)["pilgrims"]["monkey_king"]["fortune"]) == 5
    # One played goes to the Discard Pile: the next Pilgrim's Prayer may draw again.
    act(table, "monkey_king", "play_card", card="Wild Herbs", kind="fortune")
    end(table, "monkey_king")
    act(table, "monk_sha", "pray", box="box-1", card="Wild Herbs")
    assert len(state(table)["pilgrims"]["monk_sha"]["fortune"]) == 6


# --- Quest 1's Heroic Victory, part by part -----------------------------------------------------

Q1_HEROIC = book("Heroic Victory: The Pilgrims must (1) rescue the Villagers, (2) Tripitaka must "
                 "Meditate, (3) any one Pilgrim must play a Skill Card, (4) defeat all Demons in "
                 "the Villagers' house.")
Q1_VICTORY = book("Victory: The Pilgrims must defeat all Demons in the Villagers' house.")


@pytest.mark.parametrize("meditating, card, kind, quote", [
    ("tripitaka", "Phase Walk", "skill", Q1_HEROIC),
    ("monk_sha", "Phase Walk", "skill", Q1_VICTORY),
    ("tripitaka", "Wild Herbs", "fortune", Q1_VICTORY)])
def test_quest_1_heroic_needs_tripitaka_to_meditate_and_a_skill_card(client, meditating, card,
                                                                     kind, quote):
    order = [meditating] + [p for p in ORDER if p != meditating]
    table = guide_quest(client, "q1", order=order)
    act(table, meditating, "meditate", box="box-1", spinner="white", full_rotation=True,
        seen=["Wild Herbs", "Wild Ginseng", "Om Mala of Vigor"], kept="Wild Herbs")
    act(table, meditating, "rescue_villager", villager="villager-1")
    # A card is played at any time; a Skill Card from the Monkey King's unknown starting two.
    if kind == "skill":
        act(table, "monkey_king", "play_card", card=card, kind="skill", duration="this_action")
    else:
        act(table, meditating, "play_card", card=card, kind="fortune")
    second, third = order[1], order[2]
    act(table, second, "break_door", door="door-1", opens=["berrok-1", "berrok-2"])
    act(table, second, "attack", targets=["berrok-1"], target_hp=3, **STRIKE)
    act(table, second, "resolve_defeat", choice="kill", reward=1)
    act(table, third, "attack", targets=["berrok-2"], target_hp=3, **STRIKE)
    act(table, third, "resolve_defeat", choice="kill", reward=1)
    over, decided = result(table)
    assert over is True
    assert decided == quote


# --- Quest 7: every Demon gone while the deck still spawns -------------------------------------

def test_quest_7_the_last_demon_gone_with_the_gates_still_active_does_not_end_it(client):
    position = {**Q7_BOARD, "gates": [{"id": f"gate-{n}", "status": "active"} for n in (1, 2, 3, 4)],
                "demons": ["berrok"], "turn": 5}
    table = guide_quest(client, "q7", position=position, karma_upgrades="in_position",
                        quest_setup={"kei_lun_hp": 12, "drawn": 30})
    act(table, "monkey_king", "attack", targets=["berrok-1"], target_hp=3, **STRIKE)
    act(table, "monkey_king", "resolve_defeat", choice="kill", reward=1)
    assert "berrok-1" not in state(table)["demons"]
    assert result(table)[0] is False


# --- Karma: more than one trade due ------------------------------------------------------------

MANDATORY = book("The trades marked as mandatory must be made when the Karma level is met or "
                 "exceeded.")


def test_twenty_good_karma_is_two_permanent_skill_cards_one_after_the_other(client):
    table = free_play(client, pilgrims={"monkey_king": {"good_karma": 20}})
    act(table, "monkey_king", "karma_trade", kind="good", card="Flying Nimbus")
    assert state(table)["pilgrims"]["monkey_king"]["good_karma"] == 10
    table.refused({"type": "rest", "player": "p1", "pilgrim": "monkey_king"}, MANDATORY)
    act(table, "monkey_king", "karma_trade", kind="good", card="Phase Walk")
    monkey = state(table)["pilgrims"]["monkey_king"]
    assert monkey["good_karma"] == 0
    assert {"Flying Nimbus", "Phase Walk"} <= set(monkey["skills"])
    act(table, "monkey_king", "rest")


def test_good_and_bad_karma_both_at_ten_are_both_traded_in_either_order(client):
    # "Note that Pilgrims can advance in both Good and Bad Karma at the same time and trade in
    # points of both types. Simply apply all effects."
    table = free_play(client, pilgrims={"monkey_king": {"good_karma": 10, "bad_karma": 10}})
    trades = {event["kind"] for event in table.view()["legal"]
              if event["type"] == "karma_trade" and event["pilgrim"] == "monkey_king"}
    assert trades == {"good", "bad"}
    act(table, "monkey_king", "karma_trade", kind="bad", corruption="Permanent Limp")
    table.refused({"type": "rest", "player": "p1", "pilgrim": "monkey_king"}, MANDATORY)
    act(table, "monkey_king", "karma_trade", kind="good", card="Flying Nimbus")
    monkey = state(table)["pilgrims"]["monkey_king"]
    assert (monkey["good_karma"], monkey["bad_karma"], monkey["weapon_level"]) == (0, 0, 2)
    assert monkey["corruption"] == ["Permanent Limp"]


# --- Meditating with two Fortune Cards left ----------------------------------------------------

def test_meditating_with_two_fortune_cards_left_sees_two(client):
    held = {"monkey_king": {"fortune": ["Wild Herbs"] * 5},
            "monk_sha": {"fortune": ["Wild Herbs"] * 5},
            "tripitaka": {"fortune": ["Wild Herbs"] * 5},
            "cho_hakkai": {"fortune": ["Wild Herbs"] * 3}}
    table = free_play(client, pilgrims=held)
    table.refused({"type": "meditate", "player": "p1", "pilgrim": "monkey_king", "box": "box-1",
                   "spinner": "white", "full_rotation": True,
                   "seen": ["Wild Herbs", "Wild Ginseng", "Om Mala of Vigor"],
                   "kept": "Wild Ginseng"},
                  book("you cannot draw new cards of that type until some are discarded."))
    act(table, "monkey_king", "meditate", box="box-1", spinner="white", full_rotation=True,
        seen=["Wild Ginseng", "Om Mala of Vigor"], kept="Wild Ginseng")
    assert state(table)["pilgrims"]["monkey_king"]["fortune"][-1] == "Wild Ginseng"


# --- Quest 4: a Pilgrim knocked out before the attack on Kogaiji --------------------------------

def test_quest_4_a_pilgrim_knocked_out_by_a_red_square_is_the_defeat(client):
    table = guide_quest(client, "q4", position={
        "gates": [{"id": "gate-1"}], "villagers": ["villager-1", "villager-2", "villager-3",
                                                   "villager-4"],
        "wells": ["well-1"], "boxes": ["box-1"],
        "doors": [f"door-{n}" for n in range(1, 7)], "broken_doors": ["door-7"],
        "demons": ["kogaiji", "berrok", "berrok", "bharhaz", "bharhaz", "bharhaz", "borrack",
                   "borrack", "boof", "boof", "boof"],
        "turn": 2, "pilgrims": {"monkey_king": {"hp": 1}}})
    act(table, "monkey_king", "move", steps=2, red=1)
    assert state(table)["pilgrims"]["monkey_king"]["hp"] == 0
    over, quote = result(table)
    assert over is True
    assert quote == book("Defeat: A Pilgrim was Defeated before they attack Kogaiji.")


# --- A Misfortune with nothing to take ---------------------------------------------------------

def test_a_misfortune_discarding_a_skill_card_from_an_empty_hand_discards_nothing(client):
    # "Depending on the situation, some Misfortune Cards may have no or partial effect" - "In
    # these cases, you got lucky!"
    table = free_play(client, pilgrims={"monkey_king": {"hand": [], "skills_unknown": 0}})
    act(table, "monkey_king", "meditate", box="box-1", spinner="black", full_rotation=True,
        misfortune="Lost Scroll")
    table.refused({"type": "misfortune", "player": "p1", "pilgrim": "monkey_king",
                   "card": "Lost Scroll", "discard": ["Phase Walk"]},
                  book("When you have no Skill Cards in your hand: Discard 1 Skill Card of your "
                       "choice."))
    act(table, "monkey_king", "misfortune", card="Lost Scroll", discard=[])
    monkey = state(table)["pilgrims"]["monkey_king"]
    assert monkey["skills"] == []
    act(table, "monkey_king", "rest")


def test_undo_of_a_black_spin_takes_back_the_misfortune_owed(client):
    table = free_play(client)
    before = table.view()
    act(table, "monkey_king", "meditate", box="box-1", spinner="black", full_rotation=True,
        misfortune="Lost Scroll")
    owed = table.view()
    assert owed["state"] != before["state"]
    undo(table)
    assert table.view()["state"] == before["state"]
    act(table, "monkey_king", "pray", box="box-1", card="Wild Herbs")


# --- Quest 8: surviving means not Killed -------------------------------------------------------

def test_quest_8_an_unconscious_pilgrim_at_the_fourth_defeat_has_survived(client):
    # "Heroic Victory: All the Pilgrims survive." The Quest ends at once; Cho Hakkai is down but
    # was never Killed.
    table = guide_quest(client, "q8", karma_upgrades="in_position", quest_setup={"defeats": 3},
                        position={"gates": [{"id": "gate-1", "status": "inactive"}],
                                  "boxes": ["box-1"], "wells": ["well-1"],
                                  "demons": ["yazuiji", "borrack", "borrack"], "turn": 12,
                                  "pilgrims": {"cho_hakkai": {"hp": 0, "status": "unconscious",
                                                              "posture": "side"}}})
    act(table, "monkey_king", "attack", targets=["yazuiji-1"], target_hp=9, **STRIKE)
    assert result(table) == (True, book("Heroic Victory: All the Pilgrims survive."))


# --- Quest 1: a Villager rescued never turns into a Bull Warrior --------------------------------

def test_quest_1_a_rescued_villager_does_not_transform_at_turn_6(client):
    table = guide_quest(client, "q1", position={
        "gates": [{"id": "gate-1", "status": "closed"}], "villagers": [], "boxes": ["box-1"],
        "doors": ["door-1"], "demons": [], "inactive_demons": ["berrok", "berrok"], "turn": 6,
        "pilgrims": {"monk_sha": {"villagers": 1}}})
    assert sorted(state(table)["demons"]) == ["berrok-1", "berrok-2"]
    assert result(table)[0] is False


# --- The campaign: a Pilgrim killed comes back for the next Quest ------------------------------

def test_campaign_a_pilgrim_killed_in_quest_7_starts_quest_8_whole(client):
    # "...all 4 Pilgrims are always in play." and, between Quests, "Regain full Health and Chi."
    campaign_id, table = campaign(client, {
        "quest": "q7", "upgrades": ONE_UPGRADE,
        "options": {"quest_setup": {"kei_lun_hp": 12, "drawn": 49}},
        "position": {**Q7_BOARD, "demons": ["berrok"], "turn": 9,
                     "pilgrims": {"cho_hakkai": {"hp": 0, "status": "dead"}}}})
    act(table, "monkey_king", "attack", targets=["berrok-1"], target_hp=3, **STRIKE)
    act(table, "monkey_king", "resolve_defeat", choice="kill", reward=1)
    assert result(table) == (True, Q7_VICTORY)
    response = client.post(f"/api/campaigns/{campaign_id}/quests", headers=table.headers,
                           json={"expected_quests": 1, "quest": "q8", "upgrades": ONE_UPGRADE})
    assert response.status_code == 201, response.get_json()
    cho = response.get_json()["state"]["pilgrims"]["cho_hakkai"]
    assert (cho["status"], cho["hp"], cho["chi"]) == ("active", 12, 10)


@pytest.mark.parametrize("dead, outcome", [(None, "heroic_victory"), ("cho_hakkai", "victory")])
def test_a_finished_quest_7_and_the_calculator_agree(client, dead, outcome):
    table = quest_7_last_demon(client, {dead: {"hp": 0, "status": "dead"}} if dead else None)
    act(table, "monkey_king", "attack", targets=["berrok-1"], target_hp=3, **STRIKE)
    act(table, "monkey_king", "resolve_defeat", choice="kill", reward=1)
    live = table.view()["scores"]
    calc = calculated(client, GAME, {"players": ["Ann", "Ben"], "outcome": outcome})
    assert live["winners"] == calc["winners"] == ["p1", "p2"]
    assert ([player["total"] for player in live["players"]]
            == [player["total"] for player in calc["players"]])


def test_a_lost_quest_and_the_calculator_agree(client):
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"], "options": {
        "quest": "q2", "initiative": ORDER, "pilgrim_profiles": PROFILES}, "position": {
        "gates": [{"id": "gate-1", "status": "closed"}, {"id": "gate-2", "status": "closed"}],
        "sutras": ["sutra-1", "sutra-2", "sutra-3"], "villagers": ["villager-1"],
        "wells": ["well-1"], "demons": ["berrok"], "turn": 3,
        "pilgrims": {"cho_hakkai": {"hp": 0, "status": "unconscious", "posture": "back"}}}})
    table.accepted({"type": "maintenance", "player": "p1"})
    live = table.view()["scores"]
    calc = calculated(client, GAME, {"players": ["Ann", "Ben"], "outcome": "defeat"})
    assert live["winners"] == calc["winners"] == []
    assert ([player["total"] for player in live["players"]]
            == [player["total"] for player in calc["players"]])


# --- Undo across a phase boundary --------------------------------------------------------------

def test_quest_10_part_1_undo_of_the_end_of_turn_puts_the_turn_tokens_back(client):
    table = guide_quest(client, "q10a", quest_setup={"upgrades": TWO_UPGRADES})
    for pilgrim in ORDER:
        end(table, pilgrim)
    table.accepted({"type": "measure", "player": "p2", "of": "gates",
                    "distances": {"gate-3": 5, "gate-4": 9}})
    for gate in ("gate-3", "gate-4"):
        table.accepted({"type": "spawn", "player": "p2", "gate": gate, "card": "special",
                        "name": "Wild Attacks"})
    before = table.view()
    table.accepted({"type": "end_turn", "player": "p2"})
    assert table.view()["state"] != before["state"]
    undo(table)
    after = table.view()
    assert after["state"] == before["state"]
    assert after["legal"] == before["legal"]


# --- Quest 6: Kogaiji Defeated by his own attack ------------------------------------------------

def test_quest_6_kogaiji_defeated_by_the_asura_seal_ends_it_before_any_kill(client):
    # "Hence, the Demon may take regular damage ... Add all this damage up to see if the Demon is
    # Defeated" - and Quest 6 "ends immediately when Kogaiji or Tripitaka is Defeated", before
    # Tripitaka may Kill or Cleanse him.
    gates = [{"id": f"gate-{n}", "status": "inactive"} for n in (1, 2, 3)]
    table = guide_quest(client, "q6", karma_upgrades="in_position", position={
        "gates": gates, "demons": ["koorogg", "kogaiji"], "sutras": ["sutra-3"],
        "villagers": ["villager-1"], "boxes": ["box-1"], "doors": ["door-1", "door-2"],
        "broken_doors": ["door-3"], "turn": 3,
        "pilgrims": {"tripitaka": {"hand": ["Asura Seal"], "sutras": 2}}})
    for pilgrim in ["monkey_king", "monk_sha"]:
        end(table, pilgrim)
    act(table, "tripitaka", "play_card", card="Asura Seal", kind="skill", duration="end_of_turn")
    end(table, "tripitaka")
    end(table, "cho_hakkai")
    table.accepted({"type": "measure", "player": "p2", "of": "demons",
                    "distances": {"kogaiji-1": 2, "koorogg-1": 8}})
    table.accepted({"type": "demon_options", "player": "p2", "demon": "kogaiji-1", "options": [
        {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
         "targets": ["tripitaka"]}]})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "kogaiji-1", "option": 1})
    table.accepted({"type": "demon_attack", "player": "p2", "demon": "kogaiji-1",
                    "target": "tripitaka", "attack_dice": [3, 3], "demon_die": 2,
                    "condition_damage": 2, "demon_hp": 9})
    assert result(table) == (True, book("Victory: The Pilgrims must (1) possess 2 Sutra Tokens "
                                        "and (2) Defeat Kogaiji."))
    tripitaka = state(table)["pilgrims"]["tripitaka"]
    assert (tripitaka["hp"], tripitaka["good_karma"], tripitaka["bad_karma"]) == (8, 0, 0)


# --- Every model on the board: Demon Rage, and its undo ----------------------------------------

def test_undo_of_the_spawn_that_began_a_demon_rage(client):
    # 15 Bull Warriors, 5 Bull Archers, 3 Bullserkers and 2 Bull Generals: every Minion model is
    # on the board, so a Berrok drawn can be neither placed nor promoted to a Minion.
    minions = ["berrok"] * 15 + ["bharhaz"] * 5 + ["boof"] * 3 + ["borrack"] * 2
    table = free_play(client, demons=minions, gates=[{"id": "gate-1"}])
    for pilgrim in ORDER:
        end(table, pilgrim)
    table.refused({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                   "demons": ["berrok"]},
                  book("Demon Rage: Players might run out of Demon Miniatures to place on the "
                       "Game Board when required to spawn new Demons."))
    before = table.view()
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "rage",
                    "demons": ["berrok"]})
    assert table.view()["state"]["rage"] is True
    undo(table)
    assert table.view()["state"] == before["state"]
    assert table.view()["state"]["rage"] is False


# --- Nobody able to act in the Pilgrim Phase ---------------------------------------------------

def test_with_every_pilgrim_down_or_paralyzed_the_pilgrim_phase_passes_to_the_demons(client):
    down = {"hp": 0, "status": "unconscious", "posture": "face_down"}
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"], "options": {
        "initiative": ORDER, "pilgrim_profiles": PROFILES}, "position": {
        **LAYOUT, "gates": [{"id": "gate-1"}], "demons": ["berrok"], "turn": 2,
        "pilgrims": {"monkey_king": down, "monk_sha": down, "cho_hakkai": down,
                     "tripitaka": {"conditions": [{"name": "Paralyzed", "duration": 2}]}}}})
    table.accepted({"type": "maintenance", "player": "p1"})
    view = table.view()
    assert view["phase"].startswith("demons")
    assert not [event for event in view["legal"]
                if event["type"] in ("move", "attack", "rest", "end_activation")]
    table.refused({"type": "rest", "player": "p2", "pilgrim": "tripitaka"},
                  book("Demon Phase: Spawn new Demons, then each Demon is activated in turn and "
                       "completes their actions, before the next Demon activates."))


# --- Quest 2's Heroic Victory, every part -------------------------------------------------------

def test_quest_2_heroic_victory_with_a_gate_sealed_and_both_karmas_reached(client):
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"], "options": {
        "quest": "q2", "initiative": ORDER, "pilgrim_profiles": PROFILES,
        "quest_setup": {"happened": {"good_karma_10": ["monk_sha"],
                                     "bad_karma_10": ["monkey_king"]}}},
        "position": {
            "gates": [{"id": "gate-1"}, {"id": "gate-2"}], "sutras": [],
            "villagers": ["villager-1"], "wells": ["well-1"], "demons": ["berrok"], "turn": 2,
            "pilgrims": {"cho_hakkai": {"hp": 0, "status": "unconscious", "posture": "side"},
                         "monkey_king": {"sutras": 2}, "tripitaka": {"sutras": 1}}}})
    table.accepted({"type": "maintenance", "player": "p1"})
    end(table, "monkey_king")
    end(table, "monk_sha")
    act(table, "tripitaka", "revive", target="cho_hakkai", hp=2, chi=2)
    act(table, "tripitaka", "close_gate", gate="gate-1")
    assert result(table)[0] is False
    act(table, "cho_hakkai", "attack", targets=["berrok-1"], target_hp=3, **STRIKE)
    act(table, "cho_hakkai", "resolve_defeat", choice="kill", reward=1)
    assert result(table) == (True, book(
        "Heroic Victory: The Pilgrims must (1) Revive Cho Hakkai, (2) seal at least 1 Gate, (3) "
        "possess at least 2 Sutra Tokens, (4) a Pilgrim must advance to 10 Good Karma and (5) a "
        "Pilgrim must advance to 10 Bad Karma."))


# --- Quest 10 Part 1: a Sutra held by a Pilgrim who is down ------------------------------------

def test_quest_10_part_1_a_sutra_held_by_an_unconscious_pilgrim_still_counts(client):
    # "The Pilgrims must have all 4 Sutra Tokens between them" - Monk Sha is down, not Killed.
    table = guide_quest(client, "q10a", karma_upgrades="in_position", position={
        "gates": [{"id": "gate-1"}, {"id": "gate-2", "status": "inactive"}, {"id": "gate-3"},
                  {"id": "gate-4"}],
        "boxes": ["box-1", "box-2", "box-3"], "broken_doors": ["bd-1", "bd-2", "bd-3"],
        "villagers": [f"villager-{n}" for n in range(1, 6)], "sutras": [], "demons": ["berrok"],
        "turn": 6, "pilgrims": {"monkey_king": {"sutras": 2}, "cho_hakkai": {"sutras": 1},
                     "monk_sha": {"sutras": 1, "hp": 0, "status": "unconscious",
                                  "posture": "face_down"}}})
    act(table, "monkey_king", "move", steps=3)
    act(table, "monkey_king", "fiery_bridge")
    assert result(table) == (True, book(
        "Heroic Victory: The Pilgrims must have all 4 Sutra Tokens between them and then 1 "
        "Pilgrim steps onto the Fiery Bridge."))
