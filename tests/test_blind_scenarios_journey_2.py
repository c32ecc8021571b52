"""Journey: Wrath of Demons, outsider scenarios, round 2: from the rulebook and the API's own
description only (docs/games/journey.md, GET /api/games/journey). Later in a Quest than round 1:
Corruption Cards, third Action Points, card costs, slow and burning squares, the Demon Phase's
order and spawning, Conditions, and the ends of Quests 6, 7, 10."""

import pytest

from tests.api_table import ApiTable, quotes_from
from tests.test_blind_scenarios_journey import INITIATIVE_ORDER, LAYOUT, PROFILES, end, pilgrim, quest

GAME = "journey"
book = quotes_from(GAME)

LURE_OF_DEMONS = book("The Pilgrim lacks the focus to perform the same Action twice in one turn.")
DEMON_DISTRACTION = book("If you have the Demon Distraction Corruption, you cannot take more than 2 "
                         "Actions per turn, under any circumstances.")
REST_TWICE = book("Resting can be performed twice per Activation, if required.")
SLOW_SQUARE = book("If you do not have the Movement Points (for Blue Regions) or Health Points "
                   "(for Red Regions), you cannot make the move.")
HP_COST = book("Note the Health Point costs are a special case. Other payments can reduce the "
               "total points left to zero, but when paying Health Point costs, you must leave the "
               "Pilgrim with at least 1 Health Point.")
ENOUGH_TO_PAY = book("In all cases, the Pilgrim must have enough points to pay the cost in order to "
                     "activate the card and the cost must be paid, regardless of the result.")
AP_COST_ACTIVE = book("If the cost includes 1 (or more) Action Points, the card can only be "
                      "activated while the Pilgrim is Active in the Pilgrim Phase.")
CLOSEST_GATE_FIRST = book("Start at the Gate closest to Tripitaka, and work back to the Gate "
                          "furthest from Tripitaka.")
UNIQUE_IN_PLAY = book("If the unique Demon is currently in play, simply discard the card and draw "
                      "again.")
IGNORE_UNCONSCIOUS = book("Demons ignore Unconscious Pilgrims completely.")
PARALYZED = book("While Paralyzed, the Pilgrim cannot make any actions, play cards, or defend.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def act(table, seat, name, event_type, **facts):
    return table.accepted({"type": event_type, "player": seat, "pilgrim": name, **facts})


def all_pilgrims_done(table):
    """Every Pilgrim still to act ends his activation (those passed over are skipped)."""
    state = table.view()["state"]
    while state["activation"] and state["activation"].get("pilgrim"):
        name = state["activation"]["pilgrim"]
        end(table, state["controllers"][name], name)
        state = table.view()["state"]


# --- Corruption Cards and a third Action Point -------------------------------------------------

def test_lure_of_demons_forbids_a_double_move_and_a_second_move(client):
    table = quest(client, pilgrims={"monkey_king": {"corruption": ["Lure of Demons"]}})
    table.refused({"type": "move", "player": "p1", "pilgrim": "monkey_king", "steps": 6,
                   "action_points": 2}, LURE_OF_DEMONS)
    act(table, "p1", "monkey_king", "move", steps=3)
    table.refused({"type": "move", "player": "p1", "pilgrim": "monkey_king", "steps": 1},
                  LURE_OF_DEMONS)
    act(table, "p1", "monkey_king", "rest")


def test_lure_of_demons_forbids_attacking_twice(client):
    table = quest(client, demons=("berrok", "berrok"),
                  pilgrims={"monkey_king": {"corruption": ["Lure of Demons"]}})
    miss = {"type": "attack", "player": "p1", "pilgrim": "monkey_king", "attack_dice": [0, 0],
            "pilgrim_die": 0, "weapon_damage": 0, "target_hp": 3}
    table.accepted({**miss, "targets": ["berrok-1"]})
    table.refused({**miss, "targets": ["berrok-2"]}, LURE_OF_DEMONS)


def test_om_mala_of_vigor_gives_a_third_action_point_for_a_triple_move(client):
    # MV 4 three times: one long Move of 12 Movement Points.
    table = quest(client, pilgrims={"monkey_king": {"fortune": ["Om Mala of Vigor"]}})
    act(table, "p1", "monkey_king", "play_card", card="Om Mala of Vigor", kind="fortune")
    table.refused({"type": "move", "player": "p1", "pilgrim": "monkey_king", "steps": 13,
                   "action_points": 3},
                  book("Similarly, if you have 3 Action Points available, you can make one triple "
                       "Move."))
    act(table, "p1", "monkey_king", "move", steps=12, action_points=3)
    assert table.view()["state"]["activation"]["pilgrim"] != "monkey_king"


def test_a_third_rest_is_refused_even_with_three_action_points(client):
    table = quest(client, pilgrims={"monkey_king": {"chi": 0, "fortune": ["Om Mala of Vigor"]}})
    act(table, "p1", "monkey_king", "play_card", card="Om Mala of Vigor", kind="fortune")
    act(table, "p1", "monkey_king", "rest")
    act(table, "p1", "monkey_king", "rest")
    assert pilgrim(table, "monkey_king")["chi"] == 10
    table.refused({"type": "rest", "player": "p1", "pilgrim": "monkey_king"}, REST_TWICE)
    act(table, "p1", "monkey_king", "move", steps=2)


def test_curse_of_the_dead_lets_a_third_action_double_up(client):
    # "If the Pilgrim is allowed a third Action ... they can choose any third Action, even if it
    # doubles up."
    table = quest(client, pilgrims={"monkey_king": {"corruption": ["Curse of the Dead"],
                                                    "fortune": ["Om Mala of Vigor"]}})
    act(table, "p1", "monkey_king", "play_card", card="Om Mala of Vigor", kind="fortune")
    act(table, "p1", "monkey_king", "move", steps=2)
    act(table, "p1", "monkey_king", "rest")
    act(table, "p1", "monkey_king", "move", steps=4)
    assert table.view()["state"]["activation"]["pilgrim"] != "monkey_king"


def test_demon_distraction_allows_no_third_action(client):
    table = quest(client, pilgrims={"monkey_king": {"corruption": ["Demon Distraction"],
                                                    "fortune": ["Om Mala of Vigor"]}})
    table.refused({"type": "play_card", "player": "p1", "pilgrim": "monkey_king",
                   "card": "Om Mala of Vigor", "kind": "fortune"}, DEMON_DISTRACTION)


# --- Slow and burning squares ------------------------------------------------------------------

def test_figure_29_a_single_move_cannot_pay_for_the_slow_square_but_a_double_move_can(client):
    # MV 4: three open squares and a blue one are 5 Movement Points.
    table = quest(client)
    table.refused({"type": "move", "player": "p1", "pilgrim": "monkey_king", "steps": 4,
                   "blue": 1}, SLOW_SQUARE)
    act(table, "p1", "monkey_king", "move", steps=7, blue=1, action_points=2)


def test_red_squares_take_a_health_point_each_and_the_last_one_knocks_him_out(client):
    table = quest(client, pilgrims={"monkey_king": {"hp": 3}})
    act(table, "p1", "monkey_king", "move", steps=2, red=2)
    assert pilgrim(table, "monkey_king")["hp"] == 1
    act(table, "p1", "monkey_king", "move", steps=1, red=1)
    state = pilgrim(table, "monkey_king")
    assert (state["hp"], state["status"]) == (0, "unconscious")


# --- Card costs --------------------------------------------------------------------------------

def test_a_health_point_cost_must_leave_one_health_point(client):
    table = quest(client, pilgrims={"monkey_king": {"hp": 3, "hand": ["Phase Walk"]}})
    card = {"type": "play_card", "player": "p1", "pilgrim": "monkey_king", "card": "Phase Walk",
            "kind": "skill", "duration": "this_action"}
    table.refused({**card, "cost": {"hp": 3}}, HP_COST)
    table.accepted({**card, "cost": {"hp": 2}})
    assert pilgrim(table, "monkey_king")["hp"] == 1


def test_a_chi_cost_he_cannot_pay_is_refused_and_chi_may_go_to_zero(client):
    table = quest(client, pilgrims={"monkey_king": {"chi": 2, "hand": ["Phase Walk"]}})
    card = {"type": "play_card", "player": "p1", "pilgrim": "monkey_king", "card": "Phase Walk",
            "kind": "skill", "duration": "this_action"}
    table.refused({**card, "cost": {"chi": 3}}, ENOUGH_TO_PAY)
    table.accepted({**card, "cost": {"chi": 2}})
    assert pilgrim(table, "monkey_king")["chi"] == 0


def test_a_card_costing_an_action_point_waits_for_its_pilgrims_activation(client):
    # The Monkey King is active; Monk Sha is not.
    table = quest(client, pilgrims={"monk_sha": {"hand": ["Healing Fellowship"]}})
    table.refused({"type": "play_card", "player": "p2", "pilgrim": "monk_sha",
                   "card": "Healing Fellowship", "kind": "skill", "cost": {"ap": 1},
                   "duration": "immediate"}, AP_COST_ACTIVE)


# --- Wells, Sutras, Karma ----------------------------------------------------------------------

def test_recover_needs_the_well_adjacent_and_heals_only_to_the_maximum(client):
    table = quest(client, pilgrims={"monkey_king": {"hp": 2}})
    table.refused({"type": "recover", "player": "p1", "pilgrim": "monkey_king", "well": "well-1",
                   "adjacent": False},
                  book("A Pilgrim that is adjacent to a Water Well can spend 1 Action Point to "
                       "drink from the well"))
    act(table, "p1", "monkey_king", "recover", well="well-1")
    assert pilgrim(table, "monkey_king")["hp"] == 10


def test_a_sutra_is_collected_only_from_an_adjacent_square(client):
    table = quest(client)
    table.refused({"type": "collect_sutra", "player": "p1", "pilgrim": "monkey_king",
                   "sutra": "sutra-1", "adjacent": False},
                  book("A Pilgrim that is adjacent to a Sutra can spend 1 Action Point to pick it "
                       "up."))
    act(table, "p1", "monkey_king", "collect_sutra", sutra="sutra-1")
    assert pilgrim(table, "monkey_king")["sutras"] == 1
    assert "sutra-1" not in table.view()["state"].get("sutras", [])


def test_at_weapon_level_3_ten_bad_karma_still_buys_a_corruption_card(client):
    table = quest(client, pilgrims={"monkey_king": {"bad_karma": 8, "weapon_level": 3}})
    act(table, "p1", "monkey_king", "attack", targets=["berrok-1"], attack_dice=[3, 3],
        pilgrim_die=3, weapon_damage=3, target_hp=3)
    act(table, "p1", "monkey_king", "resolve_defeat", choice="kill", reward=3)
    assert pilgrim(table, "monkey_king")["bad_karma"] == 11
    act(table, "p1", "monkey_king", "karma_trade", kind="bad", corruption="Lure of Demons")
    state = pilgrim(table, "monkey_king")
    assert (state["bad_karma"], state["weapon_level"]) == (1, 3)
    assert state["corruption"] == ["Lure of Demons"]


def test_after_the_good_karma_trade_too_little_is_left_to_master_a_skill(client):
    # 8 + 3 for the Villager = 11: the trade for a Permanent Skill leaves 1, short of the 4 a
    # Master Skill costs.
    table = quest(client, pilgrims={"monkey_king": {"good_karma": 8}})
    act(table, "p1", "monkey_king", "rescue_villager", villager="villager-1")
    act(table, "p1", "monkey_king", "karma_trade", kind="good", card="Flying Nimbus")
    assert pilgrim(table, "monkey_king")["good_karma"] == 1
    response = table.send({"type": "master_skill", "player": "p1", "pilgrim": "monkey_king",
                           "card": "Phase Walk"})
    assert response.status_code == 422
    assert "4 Good Karma" in response.get_json()["error"]["rule"]["quote"]


# --- The Demon Phase ---------------------------------------------------------------------------

def demon_phase(client, gates, demons=("berrok",), **position):
    table = quest(client, demons=demons, gates=gates, **position)
    all_pilgrims_done(table)
    return table


def test_gates_spawn_from_the_one_closest_to_tripitaka(client):
    table = demon_phase(client, [{"id": "gate-1"}, {"id": "gate-2"}])
    table.accepted({"type": "measure", "player": "p2", "of": "gates",
                    "distances": {"gate-1": 9, "gate-2": 4}})
    table.refused({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                   "demons": ["berrok"]}, "closest to Tripitaka")
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-2", "card": "reinforcement",
                    "demons": ["berrok"]})
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                    "demons": ["bharhaz"]})
    assert len(table.view()["state"]["demons"]) == 3


def test_a_closed_gate_spawns_nothing(client):
    table = demon_phase(client, [{"id": "gate-1", "status": "closed"}, {"id": "gate-2"}])
    table.refused({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                   "demons": ["berrok"]}, "Closed Gates never become active again.")
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-2", "card": "reinforcement",
                    "demons": ["berrok"]})


def test_a_unique_demon_in_play_is_not_spawned_again(client):
    table = demon_phase(client, [{"id": "gate-1"}], demons=("kogaiji",))
    drawn = table.accepted({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "unique",
                            "demons": ["kogaiji"]})
    assert any(effect["rule"]["quote"] == UNIQUE_IN_PLAY for effect in drawn["effects"])
    assert "kogaiji-2" not in table.view()["state"]["demons"]
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "unique",
                    "demons": ["yazuiji"]})
    assert {"kogaiji-1", "yazuiji-1"} <= set(table.view()["state"]["demons"])


def test_demons_activate_closest_to_tripitaka_first(client):
    table = demon_phase(client, [{"id": "gate-1", "status": "inactive"}],
                        demons=("berrok", "berrok"))
    table.accepted({"type": "measure", "player": "p2", "of": "demons",
                    "distances": {"berrok-1": 7, "berrok-2": 3}})
    move = {"actions": ["move", "move"], "ends": "closer", "squares": 4, "targets": []}
    table.refused({"type": "demon_options", "player": "p2", "demon": "berrok-1",
                   "options": [move]},
                  "starting with the Demon closest to Tripitaka")
    table.accepted({"type": "demon_options", "player": "p2", "demon": "berrok-2",
                    "options": [move]})


def test_demons_do_not_target_an_unconscious_pilgrim(client):
    table = demon_phase(client, [{"id": "gate-1", "status": "inactive"}],
                        pilgrims={"cho_hakkai": {"hp": 0, "status": "unconscious",
                                                 "posture": "face_down"}})
    table.refused({"type": "demon_options", "player": "p2", "demon": "berrok-1",
                   "options": [{"actions": ["attack", "attack"], "ends": "not_closer",
                                "squares": 0, "targets": ["cho_hakkai"]}]}, IGNORE_UNCONSCIOUS)


def test_a_paralyzed_pilgrim_rolls_no_defense(client):
    table = demon_phase(client, [{"id": "gate-1", "status": "inactive"}],
                        pilgrims={"monkey_king": {"conditions": [
                            {"name": "Paralyzed", "duration": 2, "tokens": 0}]}})
    table.accepted({"type": "demon_options", "player": "p2", "demon": "berrok-1",
                    "options": [{"actions": ["attack", "attack"], "ends": "not_closer",
                                 "squares": 0, "targets": ["monkey_king"]}]})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "berrok-1", "option": 1})
    attack = {"type": "demon_attack", "player": "p2", "demon": "berrok-1",
              "target": "monkey_king", "attack_dice": [2, 1]}
    table.refused({**attack, "defense_dice": [3, 3]}, PARALYZED)
    table.accepted(attack)
    assert pilgrim(table, "monkey_king")["hp"] == 7


def test_a_second_poisoned_card_replaces_the_first_and_its_tokens(client):
    table = ApiTable(client, {
        "game": GAME, "players": ["Ann", "Ben"],
        "options": {"initiative": INITIATIVE_ORDER, "pilgrim_profiles": PROFILES},
        "position": {**LAYOUT, "demons": ["berrok"], "pilgrims": {"monkey_king": {
            "conditions": [{"name": "Poisoned", "duration": 3, "tokens": 2,
                            "damage_each_turn": 1}]}}}})
    table.accepted({"type": "maintenance", "player": "p1"})
    assert pilgrim(table, "monkey_king")["hp"] == 9
    act(table, "p1", "monkey_king", "take_condition", condition="Poisoned")
    conditions = pilgrim(table, "monkey_king")["conditions"]
    assert [c["name"] for c in conditions] == ["Poisoned"]
    assert conditions[0]["tokens"] == 0


def test_tripitaka_defeated_by_a_demon_ends_a_free_quest_in_defeat(client):
    table = demon_phase(client, [{"id": "gate-1", "status": "inactive"}],
                        pilgrims={"tripitaka": {"hp": 2}})
    table.accepted({"type": "demon_options", "player": "p2", "demon": "berrok-1",
                    "options": [{"actions": ["attack", "attack"], "ends": "not_closer",
                                 "squares": 0, "targets": ["tripitaka"]}]})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "berrok-1", "option": 1})
    table.accepted({"type": "demon_attack", "player": "p2", "demon": "berrok-1",
                    "target": "tripitaka", "attack_dice": [3, 2], "defense_dice": [1, 0]})
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["winners"] == []
    response = table.send({"type": "end_turn", "player": "p1"})
    assert response.status_code == 422


# --- The ends of later Quests ------------------------------------------------------------------

def later_quest(client, number, pilgrims=None, initiative=None):
    """A later Quest played on its own, the Pilgrims as they come (`karma_upgrades: in_position`);
    the first Maintenance entered."""
    setup = {"game": GAME, "players": ["Ann", "Ben"],
             "options": {"quest": number, "initiative": initiative or INITIATIVE_ORDER,
                         "pilgrim_profiles": PROFILES, "karma_upgrades": "in_position"}}
    if pilgrims:
        setup["position"] = {"pilgrims": pilgrims}
    table = ApiTable(client, setup)
    table.accepted({"type": "maintenance", "player": "p1"})
    return table


STRIKE_KOGAIJI = {"type": "attack", "targets": ["kogaiji-1"], "attack_dice": [3, 3],
                  "pilgrim_die": 3, "weapon_damage": 3, "target_hp": 8}


def test_quest_6_kogaiji_defeated_with_two_sutras_is_a_victory(client):
    table = later_quest(client, "q6")
    act(table, "p1", "monkey_king", "collect_sutra", sutra="sutra-1")
    act(table, "p1", "monkey_king", "collect_sutra", sutra="sutra-2")
    act(table, "p2", "monk_sha", "attack", **{k: v for k, v in STRIKE_KOGAIJI.items()
                                              if k != "type"})
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["decided_by"]["rule"]["quote"] == book(
        "Victory: The Pilgrims must (1) possess 2 Sutra Tokens and (2) Defeat Kogaiji.")
    # The Quest ends at the Defeat: no Kill or Cleanse, no Karma.
    assert pilgrim(table, "monk_sha")["bad_karma"] == 0


def test_quest_6_kogaiji_defeated_with_one_sutra_is_a_defeat(client):
    table = later_quest(client, "q6")
    act(table, "p1", "monkey_king", "collect_sutra", sutra="sutra-1")
    act(table, "p1", "monkey_king", "attack", **{k: v for k, v in STRIKE_KOGAIJI.items()
                                                 if k != "type"})
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["winners"] == []
    assert view["scores"]["decided_by"]["rule"]["quote"] == book(
        "Defeat: All other conditions, including Defeating Kogaiji without holding 2 Sutra "
        "Tokens or letting Tripitaka be Defeated.")


def test_quest_6_only_one_gate_is_sealed(client):
    table = later_quest(client, "q6", pilgrims={"tripitaka": {"sutras": 2}},
                        initiative=["tripitaka", "monkey_king", "monk_sha", "cho_hakkai"])
    act(table, "p2", "tripitaka", "close_gate", gate="gate-1")
    table.refused({"type": "close_gate", "player": "p2", "pilgrim": "tripitaka",
                   "gate": "gate-2"},
                  book("Seal 1 Gate: A maximum of 1 Gate can be sealed, regardless of the means."))
    assert pilgrim(table, "tripitaka")["sutras"] == 1


def test_quest_7_the_treasure_chest_is_no_mystical_box(client):
    table = later_quest(client, "q7")
    chest = table.view()["state"]["quest_state"]["chest"]
    table.refused({"type": "pray", "player": "p1", "pilgrim": "monkey_king", "box": chest,
                   "card": "Wild Herbs"},
                  book("Pilgrims cannot use it to Pray or Meditate."))


def test_quest_10_part_1_the_bridge_reached_with_three_sutras_is_a_defeat(client):
    table = later_quest(client, "q10a")
    for sutra in ("sutra-1", "sutra-2"):
        act(table, "p1", "monkey_king", "collect_sutra", sutra=sutra)
    act(table, "p2", "monk_sha", "collect_sutra", sutra="sutra-3")
    act(table, "p2", "monk_sha", "move", steps=3)
    act(table, "p2", "monk_sha", "fiery_bridge")
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["winners"] == []
    assert view["scores"]["decided_by"]["rule"]["quote"] == book(
        "Defeat: Any Pilgrim is Killed or they don't have 4 Sutras when 1 Pilgrim reaches the "
        "Fiery Bridge.")


def test_quest_10_part_1_the_bridge_reached_with_all_four_sutras_is_heroic(client):
    table = later_quest(client, "q10a", pilgrims={"monkey_king": {"sutras": 3}})
    act(table, "p1", "monkey_king", "collect_sutra", sutra="sutra-4")
    act(table, "p1", "monkey_king", "move", steps=4)
    act(table, "p1", "monkey_king", "fiery_bridge")
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["decided_by"]["rule"]["quote"] == book(
        "Heroic Victory: The Pilgrims must have all 4 Sutra Tokens between them and then 1 "
        "Pilgrim steps onto the Fiery Bridge.")


def test_quest_10_part_2_no_sealing_ritual_while_a_demon_lord_is_in_the_lair(client):
    table = later_quest(client, "q10b",
                        initiative=["monkey_king", "monk_sha", "cho_hakkai", "tripitaka"])
    sealing = {"type": "sealing_ritual", "player": "p2", "pilgrim": "tripitaka"}
    strike = {"attack_dice": [3, 3], "pilgrim_die": 3, "weapon_damage": 3, "target_hp": 9}
    act(table, "p1", "monkey_king", "attack", targets=["koorogg-1"], **strike)
    act(table, "p1", "monkey_king", "resolve_defeat", choice="kill", reward=5)
    act(table, "p1", "monkey_king", "attack", targets=["kogaiji-1"], **strike)
    act(table, "p1", "monkey_king", "resolve_defeat", choice="cleanse", cleanse_dice=[3],
        soul_power=1, reward=1)
    act(table, "p2", "monk_sha", "attack", targets=["yazuiji-1"], **strike)
    act(table, "p2", "monk_sha", "resolve_defeat", choice="kill", reward=1)
    end(table, "p2", "monk_sha")
    end(table, "p1", "cho_hakkai")
    assert table.view()["over"] is False
    table.accepted(sealing)
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["decided_by"]["rule"]["quote"] == book(
        "Heroic Victory: Tripitaka completes the Sealing Ritual.")


def test_quest_10_part_2_the_sealing_ritual_is_refused_with_a_lord_still_there(client):
    table = later_quest(client, "q10b", initiative=["tripitaka", "monkey_king", "monk_sha",
                                                    "cho_hakkai"])
    table.refused({"type": "sealing_ritual", "player": "p2", "pilgrim": "tripitaka"},
                  book("There are no Demon Lords in the lair."))


def test_quest_8_iron_fan_defeated_takes_every_demon_with_her_and_returns_with_archers(client):
    table = later_quest(client, "q8")
    strike = {"attack_dice": [3, 3], "pilgrim_die": 3, "weapon_damage": 3}
    act(table, "p1", "monkey_king", "attack", targets=["berrok-1"], target_hp=3, **strike)
    act(table, "p1", "monkey_king", "resolve_defeat", choice="kill", reward=1)
    assert pilgrim(table, "monkey_king")["bad_karma"] == 1
    act(table, "p1", "monkey_king", "attack", targets=["yazuiji-1"], target_hp=7, **strike)
    state = table.view()["state"]
    assert pilgrim(table, "monkey_king")["bad_karma"] == 1
    assert not [demon for demon, facts in state["demons"].items() if not facts.get("removed")]
    assert table.view()["over"] is False
    all_pilgrims_done(table)
    kinds = sorted(facts.get("kind", demon.rsplit("-", 1)[0])
                   for demon, facts in table.view()["state"]["demons"].items()
                   if not facts.get("removed"))
    assert kinds == ["bharhaz"] * 4 + ["yazuiji"]


def test_quest_9_the_deception_broken_then_the_elder_monk_found(client):
    # Two Bull General models: the first Villager Token broken by the deception takes one, the
    # Elder Monk turns the other two tokens of the room into Bull Generals, one model short.
    table = later_quest(client, "q9")
    attempt = {"type": "rescue_attempt", "player": "p1", "pilgrim": "monkey_king"}
    table.accepted({**attempt, "villager": "villager-1", "spinner": "black"})
    assert pilgrim(table, "monkey_king")["good_karma"] == 0
    table.accepted({**attempt, "villager": "villager-2", "spinner": "white"})
    assert pilgrim(table, "monkey_king")["good_karma"] == 3
    state = table.view()["state"]
    assert state["tokens"]["villagers"] == []
    assert state["rage"] is True or state["quest_state"]["rage"] is True


def test_demon_rage_only_when_no_model_is_left_then_three_action_points(client):
    minions = ["berrok"] * 15 + ["bharhaz"] * 5 + ["boof"] * 3 + ["borrack"] * 2
    spare = demon_phase(client, [{"id": "gate-1"}], demons=("berrok",))
    spare.refused({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "rage",
                   "demons": ["berrok"]},
                  "run out of Demon Miniatures")
    table = demon_phase(client, [{"id": "gate-1"}, {"id": "gate-2"}], demons=minions)
    table.accepted({"type": "measure", "player": "p2", "of": "gates",
                    "distances": {"gate-1": 3, "gate-2": 8}})
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "rage",
                   "demons": ["berrok"]})
    assert table.view()["state"]["rage"] is True
    # "Stop drawing Demon Cards for the rest of the Demon Phase of this Turn."
    table.refused({"type": "spawn", "player": "p2", "gate": "gate-2", "card": "reinforcement",
                   "demons": ["berrok"]}, "Stop drawing Demon Cards")
    distances = {f"berrok-{n}": n for n in range(1, 16)}
    table.accepted({"type": "measure", "player": "p2", "of": "demons",
                    "distances": {**distances, **{demon: 40 for demon in table.view()["state"][
                        "demons"] if demon not in distances}}})
    table.accepted({"type": "demon_options", "player": "p2", "demon": "berrok-1",
                    "options": [{"actions": ["attack", "attack", "attack"], "ends": "not_closer",
                                 "squares": 0, "targets": ["tripitaka"]}]})


def test_figure_38_attacking_tripitaka_comes_before_two_targets_and_ending_closer(client):
    table = demon_phase(client, [{"id": "gate-1", "status": "inactive"}], demons=("boof",))
    table.accepted({"type": "demon_options", "player": "p2", "demon": "boof-1", "options": [
        {"actions": ["move", "attack"], "ends": "closer", "squares": 1,
         "targets": ["monkey_king", "monk_sha"]},
        {"actions": ["move", "attack"], "ends": "closer", "squares": 3,
         "targets": ["tripitaka"]}]})
    table.refused({"type": "demon_plan", "player": "p2", "demon": "boof-1", "option": 1},
                  "Priority 1")
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "boof-1", "option": 2})


def test_figure_35_an_attack_that_ends_further_from_tripitaka_is_plan_3_so_two_attacks(client):
    # The Berrok on the right: attack Monkey then move away is not Plan 2; both are Plan 3, and
    # two attacks on Monkey are what the figure has him do.
    table = demon_phase(client, [{"id": "gate-1", "status": "inactive"}])
    table.accepted({"type": "demon_options", "player": "p2", "demon": "berrok-1", "options": [
        {"actions": ["attack", "move"], "ends": "not_closer", "squares": 1,
         "targets": ["monkey_king"]},
        {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
         "targets": ["monkey_king"]}]})
    best = table.view()["state"]["demon_phase"]["current"]["best"]
    assert best == [2] or best == 2


def test_revive_gives_no_more_than_five_chi(client):
    table = quest(client, initiative=["tripitaka", "monk_sha", "monkey_king", "cho_hakkai"],
                  pilgrims={"cho_hakkai": {"hp": 0, "status": "unconscious",
                                           "posture": "side"}})
    table.refused({"type": "revive", "player": "p2", "pilgrim": "tripitaka",
                   "target": "cho_hakkai", "hp": 1, "chi": 6}, "0-5 Chi Points")
    table.accepted({"type": "revive", "player": "p2", "pilgrim": "tripitaka",
                    "target": "cho_hakkai", "hp": 5, "chi": 5})
    assert pilgrim(table, "tripitaka")["hp"] == 3


# --- More of the turn: cards out of turn, a revived Pilgrim, Maintenance, Plan 2, Quest 3 ------

def test_wild_herbs_played_in_the_demon_phase_heal_only_to_the_maximum(client):
    # "...these cards can even be played during the Demon Phase." Cho Hakkai has 11 of 12.
    table = demon_phase(client, [{"id": "gate-1", "status": "inactive"}],
                        pilgrims={"cho_hakkai": {"hp": 11, "fortune": ["Wild Herbs"]}})
    act(table, "p1", "cho_hakkai", "play_card", card="Wild Herbs", kind="fortune")
    assert pilgrim(table, "cho_hakkai")["hp"] == 12
    assert pilgrim(table, "cho_hakkai")["fortune"] == []


def test_om_mala_of_vigor_is_no_action_point_for_a_pilgrim_who_is_not_active(client):
    table = quest(client, pilgrims={"monk_sha": {"fortune": ["Om Mala of Vigor"]}})
    table.refused({"type": "play_card", "player": "p2", "pilgrim": "monk_sha",
                   "card": "Om Mala of Vigor", "kind": "fortune"},
                  book("The active Pilgrim spends their Action Points to make the actions listed "
                       "below."))


def test_a_pilgrim_revived_before_his_place_in_the_order_takes_his_activation(client):
    table = quest(client, initiative=["tripitaka", "monk_sha", "monkey_king", "cho_hakkai"],
                  pilgrims={"cho_hakkai": {"hp": 0, "status": "unconscious",
                                           "posture": "side"}})
    act(table, "p2", "tripitaka", "revive", target="cho_hakkai", hp=2, chi=0)
    end(table, "p2", "tripitaka")
    end(table, "p2", "monk_sha")
    end(table, "p1", "monkey_king")
    act(table, "p1", "cho_hakkai", "rest")


def test_demon_rage_ends_at_the_next_maintenance(client):
    table = quest(client, rage=True)
    assert table.view()["state"]["rage"] is False


def test_poison_taking_the_last_health_point_at_maintenance_turns_him_on_his_side(client):
    table = ApiTable(client, {
        "game": GAME, "players": ["Ann", "Ben"],
        "options": {"initiative": INITIATIVE_ORDER, "pilgrim_profiles": PROFILES},
        "position": {**LAYOUT, "demons": ["berrok"], "pilgrims": {"monkey_king": {
            "hp": 1, "conditions": [{"name": "Poisoned", "duration": 3, "tokens": 1,
                                     "damage_each_turn": 1}]}}}})
    table.accepted({"type": "maintenance", "player": "p1"})
    state = pilgrim(table, "monkey_king")
    assert (state["hp"], state["status"], state["posture"]) == (0, "unconscious", "side")
    # He is passed over: the first activation is Monk Sha's.
    assert table.view()["state"]["activation"]["pilgrim"] == "monk_sha"


def test_an_attack_ending_closer_to_tripitaka_beats_attacking_the_weaker_pilgrim(client):
    table = demon_phase(client, [{"id": "gate-1", "status": "inactive"}],
                        pilgrims={"monk_sha": {"hp": 3}})
    table.accepted({"type": "demon_options", "player": "p2", "demon": "berrok-1", "options": [
        {"actions": ["attack", "move"], "ends": "not_closer", "squares": 1,
         "targets": ["monk_sha"]},
        {"actions": ["attack", "move"], "ends": "closer", "squares": 1,
         "targets": ["monkey_king"]}]})
    table.refused({"type": "demon_plan", "player": "p2", "demon": "berrok-1", "option": 1},
                  "Priority 2")
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "berrok-1", "option": 2})


def test_a_demon_attacks_every_target_of_its_plan_and_no_other(client):
    table = demon_phase(client, [{"id": "gate-1", "status": "inactive"}])
    table.accepted({"type": "demon_options", "player": "p2", "demon": "berrok-1", "options": [
        {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
         "targets": ["tripitaka", "monkey_king"]}]})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "berrok-1", "option": 1})
    roll = {"type": "demon_attack", "player": "p2", "demon": "berrok-1", "defense_dice": [0, 0]}
    response = table.send({**roll, "target": "monk_sha", "attack_dice": [1, 0]})
    assert response.status_code == 422
    for target, dice in (("tripitaka", [1, 0]), ("monkey_king", [1, 0]), ("tripitaka", [2, 0])):
        table.accepted({**roll, "target": target, "attack_dice": dice})
    assert pilgrim(table, "tripitaka")["hp"] == 8 - 1 - 2
    assert pilgrim(table, "monkey_king")["hp"] == 9


def test_a_cleanse_reaching_ten_good_karma_forces_the_trade_before_the_activation_ends(client):
    table = quest(client, pilgrims={"monkey_king": {"good_karma": 8}})
    act(table, "p1", "monkey_king", "attack", targets=["berrok-1"], attack_dice=[3, 3],
        pilgrim_die=3, weapon_damage=3, target_hp=3)
    act(table, "p1", "monkey_king", "resolve_defeat", choice="cleanse", cleanse_dice=[2],
        soul_power=1, reward=2)
    assert pilgrim(table, "monkey_king")["good_karma"] == 10
    table.refused({"type": "end_activation", "player": "p1", "pilgrim": "monkey_king"},
                  book("The trades marked as mandatory must be made when the Karma level is met "
                       "or exceeded."))


def test_quest_3_the_safe_house_villagers_and_a_demon_in_the_village(client):
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"], "options": {
        "quest": "q3", "initiative": ["monkey_king", "monk_sha", "cho_hakkai", "tripitaka"],
        "pilgrim_profiles": PROFILES, "quest_setup": {"safe_house": ["villager-1"]}}})
    table.accepted({"type": "maintenance", "player": "p1"})
    table.refused({"type": "rescue_villager", "player": "p1", "pilgrim": "monkey_king",
                   "villager": "villager-1"},
                  book("Safe House: You cannot Rescue the Villagers in the house."))
    act(table, "p1", "monkey_king", "rescue_villager", villager="villager-2")
    all_pilgrims_done(table)
    table.accepted({"type": "village_entered", "player": "p1", "demon": "borrack-1"})
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["winners"] == []
    assert view["scores"]["decided_by"]["rule"]["quote"] == book(
        "Defeat: If a Pilgrim was Killed or a Demon enters the village, the Pilgrims fail.")


# --- The Misfortune FAQ, Greedy, Quest 9's Gates, and two more Demon Action figures ---------------

def meditated_into(table, misfortune):
    table.accepted({"type": "meditate", "player": "p1", "pilgrim": "monkey_king", "box": "box-1",
                    "spinner": "black", "misfortune": misfortune})


def test_a_misfortune_taking_more_good_karma_than_he_has_leaves_zero(client):
    # "When your Good Karma is 1: Lose 2 Good Karma Points. ... you got lucky!"
    table = quest(client, pilgrims={"monkey_king": {"good_karma": 1}})
    meditated_into(table, "Bad Omen")
    act(table, "p1", "monkey_king", "misfortune", card="Bad Omen", lose={"good_karma": 2})
    assert pilgrim(table, "monkey_king")["good_karma"] == 0


def test_lose_1_action_point_next_turn_leaves_one_action_next_turn(client):
    table = quest(client, gates=[{"id": "gate-1", "status": "inactive"}])
    meditated_into(table, "Exhaustion")
    act(table, "p1", "monkey_king", "misfortune", card="Exhaustion", lose={"ap_next_turn": 1})
    all_pilgrims_done(table)
    table.accepted({"type": "demon_options", "player": "p2", "demon": "berrok-1", "options": [
        {"actions": ["move", "move"], "ends": "closer", "squares": 4, "targets": []}]})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "berrok-1", "option": 1})
    table.accepted({"type": "end_turn", "player": "p1"})
    table.accepted({"type": "maintenance", "player": "p1"})
    act(table, "p1", "monkey_king", "rest")
    assert table.view()["state"]["activation"]["pilgrim"] == "monk_sha"


def test_greedy_takes_a_fortune_card_with_no_mystical_box_on_the_board(client):
    table = quest(client, initiative=["cho_hakkai", "monkey_king", "monk_sha", "tripitaka"],
                  pilgrims={"cho_hakkai": {"hand": ["Greedy"]}}, boxes=[])
    act(table, "p1", "cho_hakkai", "play_card", card="Greedy", kind="skill", draws="Wild Herbs")
    assert pilgrim(table, "cho_hakkai")["fortune"] == ["Wild Herbs"]


def test_quest_9_no_gate_is_sealed_by_any_means(client):
    table = later_quest(client, "q9",
                        pilgrims={"tripitaka": {"hand": ["Prayer of Sealing"], "sutras": 1}},
                        initiative=["tripitaka", "monkey_king", "monk_sha", "cho_hakkai"])
    quote = book("Cannot Seal Gates: None of the Gates can be sealed, even with the Prayer of "
                 "Sealing.")
    table.refused({"type": "play_card", "player": "p2", "pilgrim": "tripitaka",
                   "card": "Prayer of Sealing", "kind": "skill", "seals": ["gate-1"]}, quote)
    table.refused({"type": "close_gate", "player": "p2", "pilgrim": "tripitaka",
                   "gate": "gate-1"}, quote)


def test_figure_37_the_bullserker_moves_two_squares_to_attack_two_pilgrims(client):
    table = demon_phase(client, [{"id": "gate-1", "status": "inactive"}], demons=("boof",))
    table.accepted({"type": "demon_options", "player": "p2", "demon": "boof-1", "options": [
        {"actions": ["move", "attack"], "ends": "closer", "squares": 1, "targets": ["monk_sha"]},
        {"actions": ["move", "attack"], "ends": "closer", "squares": 4,
         "targets": ["monkey_king"]},
        {"actions": ["move", "attack"], "ends": "closer", "squares": 2,
         "targets": ["monk_sha", "monkey_king"]}]})
    assert table.view()["state"]["demon_phase"]["current"]["best"] == [3]
    table.refused({"type": "demon_plan", "player": "p2", "demon": "boof-1", "option": 1},
                  "Preference 1: Attack the most Targets possible.")
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "boof-1", "option": 3})


def test_figure_33_the_lazy_archer_moves_one_square_not_three(client):
    table = demon_phase(client, [{"id": "gate-1", "status": "inactive"}], demons=("bharhaz",))
    table.accepted({"type": "demon_options", "player": "p2", "demon": "bharhaz-1", "options": [
        {"actions": ["move", "attack"], "ends": "closer", "squares": 3, "targets": ["tripitaka"]},
        {"actions": ["move", "attack"], "ends": "closer", "squares": 1,
         "targets": ["tripitaka"]}]})
    table.refused({"type": "demon_plan", "player": "p2", "demon": "bharhaz-1", "option": 1},
                  "they stop moving as soon as they can attack their Targets")
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "bharhaz-1", "option": 2})


def test_a_demon_not_in_a_rage_has_no_third_action(client):
    table = demon_phase(client, [{"id": "gate-1", "status": "inactive"}])
    table.refused({"type": "demon_options", "player": "p2", "demon": "berrok-1", "options": [
        {"actions": ["move", "attack", "move"], "ends": "closer", "squares": 2,
         "targets": ["monkey_king"]}]},
                  book("Demons normally get 2 Action Points, but if they are in a Demon Rage, "
                       "they will get 3."))


def test_quest_7_kei_lun_moves_to_guard_the_chest_before_he_attacks(client):
    table = later_quest(client, "q7")
    act(table, "p1", "monkey_king", "treasure_chest", action="pick_up")
    assert table.view()["state"]["quest_state"]["chest_holder"] == "monkey_king"
    all_pilgrims_done(table)
    table.refused({"type": "kei_lun_ally", "player": "p1", "action": "attack", "guarding": False,
                   "in_range": []},
                  book("Priority 1: Move 1 square forwards or rotate. He will move towards the "
                       "treasure chest to guard it, i.e. when the box is in 1 of the 2 squares "
                       "directly in front of him."))
    table.accepted({"type": "kei_lun_ally", "player": "p1", "action": "move", "guarding": False,
                    "towards_chest": True, "guarding_after": True})
    assert table.view()["phase"] == "demons_spawn"


def test_quest_5_kei_lun_acts_before_the_demons_and_trampling_the_sutra_ends_the_heroic(client):
    table = later_quest(client, "q5", initiative=["monkey_king", "monk_sha", "cho_hakkai",
                                                  "tripitaka"])
    all_pilgrims_done(table)
    table.refused({"type": "spawn", "player": "p1", "gate": "gate-1", "card": "reinforcement",
                   "demons": ["berrok"]},
                  book("Kei Lun's Actions: Kei Lun will take 1 Action each turn, directly after "
                       "the Pilgrims have been."))
    table.accepted({"type": "kei_lun", "player": "p1", "in_range": [], "die": 1,
                    "destroys": ["sutra-1"]})
    conditions = {entry["outcome"]: entry["status"]
                  for entry in table.view()["state"]["quest_state"]["conditions"]}
    assert conditions["heroic_victory"] == "no_longer_possible"
    assert conditions["victory"] == "not_yet"
