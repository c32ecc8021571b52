"""Journey: Wrath of Demons scenarios written as an outsider: from the rulebook and the API's own
description only (docs/games/journey.md, GET /api/games/journey), never the referee's code. The
book's worked examples are played as printed."""

import pytest

from tests.api_table import ApiTable, quotes_from

GAME = "journey"
book = quotes_from(GAME)

MAINTENANCE_FIRST = book("At the start of each Turn, each Player should examine the active cards "
                         "to see if anything needs to be updated.")
INITIATIVE = book("In the Pilgrim Phase, each Pilgrim is activated in order, as determined by the "
                  "Initiative Tokens assigned during the Game Setup.")
NO_DIAGONAL = book("A Miniature cannot move diagonally.")
BOX_ONCE = book("Each Pilgrim can only use a Mystical Box once (to Pray or Meditate) each time they "
                "are Activated, even if the Pilgrim has Action Points left.")
CLOSE_GATE_TRIPITAKA = book("Only Tripitaka can Close a Demon Gate.")
WELL_ONCE = book("each Pilgrim can only use each Water Well once per Quest.")
ONE_HIT_KILL = book("Their Health Points remain unchanged by any attacks that do not Defeat them.")
REVIVE_ONE_HP = book("Note that Tripitaka can choose to reduce his own Chi to 0, but cannot reduce "
                     "his own Health Points below 1.")
NOT_COME_BACK = book("However, if they choose to end their Activation without using all their "
                     "Action Points, they cannot come back and use the remaining Action Points "
                     "later in the turn.")

PROFILES = {"cho_hakkai": {"max_hp": 12, "mv": 3}, "monk_sha": {"max_hp": 9},
            "monkey_king": {"max_hp": 10}, "tripitaka": {"max_hp": 8, "mv": 3}}
INITIATIVE_ORDER = ["monkey_king", "monk_sha", "tripitaka", "cho_hakkai"]
LAYOUT = {"boxes": ["box-1"], "wells": ["well-1"], "doors": ["door-1"],
          "gates": [{"id": "gate-1"}], "sutras": ["sutra-1"], "villagers": ["villager-1"]}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def quest(client, players=("Ann", "Ben"), initiative=None, demons=("berrok",), pilgrims=None,
          **layout):
    """A free-play Quest from the table as laid out; the first Maintenance Phase entered. With two
    players Ann (p1) controls the Monkey King and Cho Hakkai, Ben (p2) Monk Sha and Tripitaka."""
    position = {**LAYOUT, "demons": list(demons), **layout}
    if pilgrims:
        position["pilgrims"] = pilgrims
    table = ApiTable(client, {
        "game": GAME, "players": list(players),
        "options": {"initiative": initiative or INITIATIVE_ORDER, "pilgrim_profiles": PROFILES},
        "position": position})
    table.accepted({"type": "maintenance", "player": "p1"})
    return table


def pilgrim(table, name):
    return table.view()["state"]["pilgrims"][name]


def end(table, seat, name):
    table.accepted({"type": "end_activation", "player": seat, "pilgrim": name})


def test_five_players_cannot_sit_down(client):
    response = client.post("/api/sessions", json={
        "game": GAME, "players": ["A", "B", "C", "D", "E"],
        "options": {"initiative": INITIATIVE_ORDER, "pilgrim_profiles": PROFILES}})
    assert 400 <= response.status_code < 500


@pytest.mark.parametrize("players, counts", [
    (["Ann"], [4]), (["Ann", "Ben"], [2, 2]), (["Ann", "Ben", "Cy"], [1, 1, 2]),
    (["Ann", "Ben", "Cy", "Di"], [1, 1, 1, 1])])
def test_all_four_pilgrims_are_dealt_to_the_players_as_the_setup_says(client, players, counts):
    table = ApiTable(client, {"game": GAME, "players": players,
                              "options": {"initiative": INITIATIVE_ORDER,
                                          "pilgrim_profiles": PROFILES}})
    controllers = table.view()["state"]["controllers"]
    assert set(controllers) == {"monkey_king", "cho_hakkai", "monk_sha", "tripitaka"}
    per_seat = [list(controllers.values()).count(f"p{n}") for n in range(1, len(players) + 1)]
    assert sorted(per_seat) == sorted(counts)


def test_pilgrims_start_with_10_chi_and_no_karma(client):
    table = quest(client)
    for state in table.view()["state"]["pilgrims"].values():
        assert (state["chi"], state["good_karma"], state["bad_karma"]) == (10, 0, 0)


def test_the_turn_starts_with_the_maintenance_phase(client):
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"],
                              "options": {"initiative": INITIATIVE_ORDER,
                                          "pilgrim_profiles": PROFILES},
                              "position": {**LAYOUT, "demons": ["berrok"]}})
    table.refused({"type": "move", "player": "p1", "pilgrim": "monkey_king", "steps": 2},
                  MAINTENANCE_FIRST)


def test_pilgrims_act_in_initiative_order(client):
    table = quest(client)
    table.refused({"type": "move", "player": "p2", "pilgrim": "monk_sha", "steps": 2}, INITIATIVE)
    table.accepted({"type": "move", "player": "p1", "pilgrim": "monkey_king", "steps": 2})


def test_a_player_enters_only_the_pilgrims_they_control(client):
    table = quest(client, initiative=["monk_sha", "monkey_king", "tripitaka", "cho_hakkai"])
    seat_token = table.client.post(
        f"/api/sessions/{table.id}/seats", headers={"Authorization": "Bearer " + table.join_token},
        json={"seat": "p1"}).get_json()["seat_token"]
    response = table.client.post(
        f"/api/sessions/{table.id}/events", headers={"Authorization": "Bearer " + seat_token},
        json={"event": {"type": "rest", "player": "p1", "pilgrim": "monk_sha"},
              "expected_seq": table.seq})
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] == book(
        "The Pilgrims are controlled by the Players, so if there are less than 4 Players, "
        "each Player may control more than one Pilgrim.")


def test_two_action_points_then_the_next_pilgrim(client):
    table = quest(client, pilgrims={"monkey_king": {"chi": 0}})
    table.accepted({"type": "rest", "player": "p1", "pilgrim": "monkey_king"})
    table.accepted({"type": "rest", "player": "p1", "pilgrim": "monkey_king"})
    assert pilgrim(table, "monkey_king")["chi"] == 10
    # Both points spent: the activation passes to the next Pilgrim in initiative order.
    assert table.view()["state"]["activation"]["pilgrim"] == "monk_sha"
    response = table.send({"type": "rest", "player": "p1", "pilgrim": "monkey_king"})
    assert response.status_code == 422


def test_rest_restores_five_chi_up_to_the_maximum(client):
    table = quest(client, pilgrims={"monkey_king": {"chi": 7}})
    table.accepted({"type": "rest", "player": "p1", "pilgrim": "monkey_king"})
    assert pilgrim(table, "monkey_king")["chi"] == 10


def test_moves_are_never_diagonal_and_never_past_the_movement_points(client):
    table = quest(client)
    table.refused({"type": "move", "player": "p1", "pilgrim": "monkey_king", "steps": 1,
                   "diagonal": True}, NO_DIAGONAL)
    # The Monkey King has MV 4: five squares are more than one Move.
    table.refused({"type": "move", "player": "p1", "pilgrim": "monkey_king", "steps": 5},
                  book("When a Miniature moves, it can move any number of squares up to the number "
                       "of Movement Points (MV) printed on its Profile Sheet."))
    table.accepted({"type": "move", "player": "p1", "pilgrim": "monkey_king", "steps": 3,
                    "turns": 1})


def test_a_double_move_is_one_long_move(client):
    # MV 4 twice: 8 Movement Points, here 6 steps and 2 turns in one Double Move.
    table = quest(client)
    # 7 steps and 2 turns are 9 Movement Points: the turns are what goes past the 8.
    table.refused({"type": "move", "player": "p1", "pilgrim": "monkey_king", "steps": 7,
                   "turns": 2, "action_points": 2},
                  book("While performing a Move Action, a Miniature can turn by 90° for a cost of "
                       "one Movement Point."))
    table.refused({"type": "move", "player": "p1", "pilgrim": "monkey_king", "steps": 9,
                   "action_points": 2},
                  book("Instead of performing two single moves, make one move of double the "
                       "Movement Points."))
    table.accepted({"type": "move", "player": "p1", "pilgrim": "monkey_king", "steps": 6,
                    "turns": 2, "action_points": 2})
    assert table.view()["state"]["activation"]["pilgrim"] != "monkey_king" or \
        table.view()["state"]["activation"]["spent"] == 2


def test_a_mystical_box_once_per_activation(client):
    table = quest(client)
    table.accepted({"type": "pray", "player": "p1", "pilgrim": "monkey_king", "box": "box-1",
                    "card": "Wild Herbs"})
    table.refused({"type": "meditate", "player": "p1", "pilgrim": "monkey_king", "box": "box-1",
                   "spinner": "black", "misfortune": "Ambush"}, BOX_ONCE)
    assert pilgrim(table, "monkey_king")["fortune"] == ["Wild Herbs"]


def test_rescuing_a_villager_gives_three_good_karma(client):
    table = quest(client)
    table.accepted({"type": "rescue_villager", "player": "p1", "pilgrim": "monkey_king",
                    "villager": "villager-1"})
    state = pilgrim(table, "monkey_king")
    assert state["good_karma"] == 3
    assert state["villagers"] == 1


def test_only_tripitaka_closes_a_gate_and_it_costs_a_sutra(client):
    table = quest(client, initiative=["monk_sha", "tripitaka", "monkey_king", "cho_hakkai"],
                  pilgrims={"monk_sha": {"sutras": 1}, "tripitaka": {"sutras": 1}})
    table.refused({"type": "close_gate", "player": "p2", "pilgrim": "monk_sha",
                   "gate": "gate-1"}, CLOSE_GATE_TRIPITAKA)
    end(table, "p2", "monk_sha")
    table.accepted({"type": "close_gate", "player": "p2", "pilgrim": "tripitaka",
                    "gate": "gate-1"})
    state = table.view()["state"]
    assert state["gates"]["gate-1"]["status"] == "closed"
    assert state["pilgrims"]["tripitaka"]["sutras"] == 0


def test_tripitaka_without_a_sutra_cannot_close_a_gate(client):
    table = quest(client, initiative=["tripitaka", "monk_sha", "monkey_king", "cho_hakkai"])
    table.refused({"type": "close_gate", "player": "p2", "pilgrim": "tripitaka",
                   "gate": "gate-1"}, "He must have a Sutra Token in his possession")


def test_a_water_well_once_per_pilgrim_per_quest(client):
    table = quest(client, pilgrims={"monkey_king": {"hp": 3, "wells_used": ["well-1"]},
                                    "monk_sha": {"hp": 2}},
                  initiative=["monkey_king", "monk_sha", "tripitaka", "cho_hakkai"])
    table.refused({"type": "recover", "player": "p1", "pilgrim": "monkey_king",
                   "well": "well-1"}, WELL_ONCE)
    end(table, "p1", "monkey_king")
    table.accepted({"type": "recover", "player": "p2", "pilgrim": "monk_sha", "well": "well-1"})
    assert pilgrim(table, "monk_sha")["hp"] == 9


def test_the_one_hit_kill_example_6_damage_leaves_the_bull_demon_king_unharmed(client):
    table = quest(client, demons=("koorogg",))
    answer = table.accepted({"type": "attack", "player": "p1", "pilgrim": "monkey_king",
                             "targets": ["koorogg-1"], "attack_dice": [3, 2], "pilgrim_die": 1,
                             "weapon_damage": 1})
    assert any(ONE_HIT_KILL in effect["rule"]["quote"] for effect in answer["effects"])
    view = table.view()
    assert "koorogg-1" in view["state"]["demons"]
    assert not any(event["type"] == "resolve_defeat" for event in view["legal"])


TRIPITAKA_FIRST = ["tripitaka", "monk_sha", "monkey_king", "cho_hakkai"]


def bull_demon_king_defeated(client, player="p1", pilgrim="monkey_king", initiative=None):
    """The Bull Demon King (a One Hit Kill with 9 Health Points) dealt 9 damage by `pilgrim`."""
    table = quest(client, demons=("koorogg",), initiative=initiative)
    table.accepted({"type": "attack", "player": player, "pilgrim": pilgrim,
                    "targets": ["koorogg-1"], "attack_dice": [3, 3], "pilgrim_die": 3,
                    "weapon_damage": 3})
    return table


def test_the_bull_demon_king_defeated_by_9_and_killed_gives_5_bad_karma(client):
    table = bull_demon_king_defeated(client)
    table.accepted({"type": "resolve_defeat", "player": "p1", "pilgrim": "monkey_king",
                    "choice": "kill"})
    state = table.view()["state"]
    assert "koorogg-1" not in state["demons"] or state["demons"]["koorogg-1"].get("removed")
    assert state["pilgrims"]["monkey_king"]["bad_karma"] == 5


def test_a_cleanse_ritual_short_of_the_soul_power_backfires(client):
    table = bull_demon_king_defeated(client, "p2", "tripitaka", TRIPITAKA_FIRST)
    table.accepted({"type": "resolve_defeat", "player": "p2", "pilgrim": "tripitaka",
                    "choice": "cleanse", "cleanse_dice": [2]})
    state = table.view()["state"]
    assert "koorogg-1" in state["demons"]
    assert state["pilgrims"]["tripitaka"]["good_karma"] == 0
    assert state["pilgrims"]["tripitaka"]["bad_karma"] == 0


def test_a_cleanse_ritual_reaching_the_soul_power_gives_5_good_karma(client):
    table = bull_demon_king_defeated(client, "p2", "tripitaka", TRIPITAKA_FIRST)
    table.accepted({"type": "resolve_defeat", "player": "p2", "pilgrim": "tripitaka",
                    "choice": "cleanse", "cleanse_dice": [3]})
    state = table.view()["state"]
    assert state["pilgrims"]["tripitaka"]["good_karma"] == 5


def test_ten_bad_karma_must_be_traded_before_anything_else(client):
    table = quest(client, pilgrims={"monkey_king": {"bad_karma": 8}})
    table.accepted({"type": "attack", "player": "p1", "pilgrim": "monkey_king",
                    "targets": ["berrok-1"], "attack_dice": [3, 3], "pilgrim_die": 3,
                    "weapon_damage": 3, "target_hp": 3})
    table.accepted({"type": "resolve_defeat", "player": "p1", "pilgrim": "monkey_king",
                    "choice": "kill", "reward": 2})
    assert pilgrim(table, "monkey_king")["bad_karma"] == 10
    table.refused({"type": "rest", "player": "p1", "pilgrim": "monkey_king"},
                  book("The trades marked as mandatory must be made when the Karma level is met "
                       "or exceeded."))
    table.accepted({"type": "karma_trade", "player": "p1", "pilgrim": "monkey_king",
                    "kind": "bad", "corruption": "Permanent Limp"})
    state = pilgrim(table, "monkey_king")
    assert (state["bad_karma"], state["weapon_level"]) == (0, 2)
    assert state["corruption"] == ["Permanent Limp"]


def test_unused_action_points_are_lost_and_the_pilgrim_cannot_come_back(client):
    table = quest(client)
    table.accepted({"type": "move", "player": "p1", "pilgrim": "monkey_king", "steps": 2})
    end(table, "p1", "monkey_king")
    table.refused({"type": "rest", "player": "p1", "pilgrim": "monkey_king"}, NOT_COME_BACK)


def test_the_demon_attack_example_5_damage_against_3_defense(client):
    # The Bull Demon King rolls 5 damage, the Monkey King (4 HP left) rolls 3 defense: 2 HP left.
    # The only Gate is inactive, so nothing spawns; the Bull Demon King is the only Demon.
    table = quest(client, demons=("koorogg",), pilgrims={"monkey_king": {"hp": 4}},
                  gates=[{"id": "gate-1", "status": "inactive"}])
    for name, seat in (("monkey_king", "p1"), ("monk_sha", "p2"), ("tripitaka", "p2"),
                       ("cho_hakkai", "p1")):
        end(table, seat, name)
    assert table.view()["phase"] == "demons_activate"
    table.accepted({"type": "demon_options", "player": "p2", "demon": "koorogg-1",
                    "options": [{"actions": ["attack", "attack"], "ends": "not_closer",
                                 "squares": 0, "targets": ["monkey_king"]}]})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "koorogg-1", "option": 1})
    table.accepted({"type": "demon_attack", "player": "p2", "demon": "koorogg-1",
                    "target": "monkey_king", "attack_dice": [3, 2], "demon_die": 0,
                    "defense_dice": [2, 1]})
    assert pilgrim(table, "monkey_king")["hp"] == 2


def test_revive_cannot_leave_tripitaka_below_one_health_point(client):
    table = quest(client, initiative=["tripitaka", "monk_sha", "monkey_king", "cho_hakkai"],
                  pilgrims={"tripitaka": {"hp": 3},
                            "cho_hakkai": {"hp": 0, "status": "unconscious",
                                           "posture": "face_down"}})
    table.refused({"type": "revive", "player": "p2", "pilgrim": "tripitaka",
                   "target": "cho_hakkai", "hp": 3, "chi": 0}, REVIVE_ONE_HP)
    table.accepted({"type": "revive", "player": "p2", "pilgrim": "tripitaka",
                    "target": "cho_hakkai", "hp": 2, "chi": 5})
    state = table.view()["state"]["pilgrims"]
    assert (state["tripitaka"]["hp"], state["tripitaka"]["chi"]) == (1, 5)
    assert (state["cho_hakkai"]["hp"], state["cho_hakkai"]["chi"]) == (2, 5)
    assert state["cho_hakkai"]["status"] == "active"


def test_the_poisoned_card_example(client):
    # Figure 2: two Turn Tokens on a 3-turn Poisoned Card: the Monkey King loses 1 Health Point.
    # Figure 1: three Turn Tokens: the card is discarded without applying more damage.
    def poisoned(tokens):
        return ApiTable(client, {
            "game": GAME, "players": ["Ann", "Ben"],
            "options": {"initiative": INITIATIVE_ORDER, "pilgrim_profiles": PROFILES},
            "position": {**LAYOUT, "demons": ["berrok"], "pilgrims": {"monkey_king": {
                "hp": 6, "conditions": [{"name": "Poisoned", "tokens": tokens}]}}}})
    still_on = poisoned(2)
    still_on.accepted({"type": "maintenance", "player": "p1"})
    state = pilgrim(still_on, "monkey_king")
    assert state["hp"] == 5
    assert [c["name"] for c in state["conditions"]] == ["Poisoned"]
    expired = poisoned(3)
    expired.accepted({"type": "maintenance", "player": "p1"})
    state = pilgrim(expired, "monkey_king")
    assert state["hp"] == 6
    assert state["conditions"] == []


@pytest.mark.parametrize("posture, after", [("face_down", "side"), ("side", "back"),
                                            ("back", None)])
def test_an_unconscious_pilgrim_is_turned_each_maintenance_then_dies(client, posture, after):
    table = ApiTable(client, {
        "game": GAME, "players": ["Ann", "Ben"],
        "options": {"initiative": INITIATIVE_ORDER, "pilgrim_profiles": PROFILES},
        "position": {**LAYOUT, "demons": ["berrok"], "pilgrims": {"cho_hakkai": {
            "hp": 0, "status": "unconscious", "posture": posture}}}})
    table.accepted({"type": "maintenance", "player": "p1"})
    state = pilgrim(table, "cho_hakkai")
    if after:
        assert (state["status"], state["posture"]) == ("unconscious", after)
    else:
        assert state["status"] == "dead"


def demon_phase(table):
    for name, seat in (("monkey_king", "p1"), ("monk_sha", "p2"), ("tripitaka", "p2"),
                       ("cho_hakkai", "p1")):
        end(table, seat, name)


def test_a_pilgrim_never_targets_another_pilgrim(client):
    table = quest(client)
    table.refused({"type": "attack", "player": "p1", "pilgrim": "monkey_king",
                   "targets": ["tripitaka"], "attack_dice": [1, 1]},
                  book("Pilgrims cannot target other Pilgrims"))


def test_a_pilgrim_attacks_one_target_an_attack(client):
    table = quest(client, demons=("berrok", "berrok"))
    table.refused({"type": "attack", "player": "p1", "pilgrim": "monkey_king",
                   "targets": ["berrok-1", "berrok-2"], "attack_dice": [1, 1]},
                  book("he can only select 1 Target to attack each Attack Action."))


def test_master_skill_costs_four_good_karma_once_an_activation(client):
    table = quest(client, pilgrims={"monkey_king": {"good_karma": 8}})
    table.accepted({"type": "master_skill", "player": "p1", "pilgrim": "monkey_king",
                    "card": "Phase Walk"})
    assert pilgrim(table, "monkey_king")["good_karma"] == 4
    table.refused({"type": "master_skill", "player": "p1", "pilgrim": "monkey_king",
                   "card": "Flying Nimbus"},
                  book("Each Pilgrim can only Master a new skill once per Activation."))


def test_revive_needs_two_health_points_and_gives_at_least_one(client):
    down = {"cho_hakkai": {"hp": 0, "status": "unconscious", "posture": "face_down"}}
    order = ["tripitaka", "monk_sha", "monkey_king", "cho_hakkai"]
    weak = quest(client, initiative=order, pilgrims={**down, "tripitaka": {"hp": 1}})
    weak.refused({"type": "revive", "player": "p2", "pilgrim": "tripitaka",
                  "target": "cho_hakkai", "hp": 1, "chi": 0},
                 book("To perform the action, Tripitaka must have at least 1 Action and 2 "
                      "Health Points."))
    table = quest(client, initiative=order, pilgrims={**down, "tripitaka": {"hp": 5}})
    table.refused({"type": "revive", "player": "p2", "pilgrim": "tripitaka",
                   "target": "cho_hakkai", "hp": 0, "chi": 3},
                  book("Similarly, the Pilgrim can be Revived with 0 Chi, but must have at least "
                       "1 Health Point."))


def test_ten_good_karma_must_be_traded_for_a_permanent_skill_card(client):
    table = quest(client, pilgrims={"monkey_king": {"good_karma": 7}})
    table.accepted({"type": "rescue_villager", "player": "p1", "pilgrim": "monkey_king",
                    "villager": "villager-1"})
    table.refused({"type": "rest", "player": "p1", "pilgrim": "monkey_king"},
                  book("The trades marked as mandatory must be made when the Karma level is met "
                       "or exceeded."))
    table.accepted({"type": "karma_trade", "player": "p1", "pilgrim": "monkey_king",
                    "kind": "good", "card": "Flying Nimbus"})
    state = pilgrim(table, "monkey_king")
    assert (state["good_karma"], state["skills"]) == (0, ["Flying Nimbus"])


def test_disabled_cannot_attack_but_may_rest_and_paralyzed_does_nothing(client):
    disabled = quest(client, pilgrims={"monkey_king": {"conditions": [
        {"name": "Disabled", "duration": 2, "tokens": 0}]}})
    disabled.refused({"type": "attack", "player": "p1", "pilgrim": "monkey_king",
                      "targets": ["berrok-1"], "attack_dice": [1, 1]},
                     book("While Disabled, the Pilgrim cannot attack"))
    disabled.accepted({"type": "rest", "player": "p1", "pilgrim": "monkey_king"})
    paralyzed = quest(client, pilgrims={"monkey_king": {
        "fortune": ["Wild Herbs"],
        "conditions": [{"name": "Paralyzed", "duration": 2, "tokens": 0}]}})
    quote = book("While Paralyzed, the Pilgrim cannot make any actions, play cards, or defend.")
    paralyzed.refused({"type": "rest", "player": "p1", "pilgrim": "monkey_king"}, quote)
    paralyzed.refused({"type": "play_card", "player": "p1", "pilgrim": "monkey_king",
                       "card": "Wild Herbs", "kind": "fortune"}, quote)


def test_an_unconscious_pilgrim_plays_no_card(client):
    table = quest(client, pilgrims={"cho_hakkai": {"hp": 0, "status": "unconscious",
                                                   "posture": "face_down",
                                                   "fortune": ["Wild Herbs"]}})
    table.refused({"type": "play_card", "player": "p1", "pilgrim": "cho_hakkai",
                   "card": "Wild Herbs", "kind": "fortune"},
                  book("Pilgrims cannot play cards or take any other actions when they are "
                       "Unconscious."))


def test_meditating_needs_a_full_spin_and_keeps_one_of_the_three_seen(client):
    table = quest(client)
    seen = ["Wild Herbs", "Wild Ginseng", "Om Mala of Vigor"]
    meditate = {"type": "meditate", "player": "p1", "pilgrim": "monkey_king", "box": "box-1",
                "spinner": "white", "seen": seen}
    table.refused({**meditate, "kept": "Wild Ginseng", "full_rotation": False},
                  book("The Player must spin the arrow at least one full rotation."))
    table.refused({**meditate, "kept": "Greedy"},
                  book("If the arrow ends pointing at the white area, the Player draws 3 Fortune "
                       "Cards, keeps 1 of their choice, ignoring and discarding the other 2."))
    table.accepted({**meditate, "kept": "Wild Ginseng"})
    assert pilgrim(table, "monkey_king")["fortune"] == ["Wild Ginseng"]


def test_praying_needs_the_mystical_boxs_map_tile(client):
    table = quest(client)
    table.refused({"type": "pray", "player": "p1", "pilgrim": "monkey_king", "box": "box-1",
                   "card": "Wild Herbs", "same_tile": False},
                  book("A Pilgrim on the same Map Tile as a Mystical Box may perform the Pray "
                       "Action."))


def test_breaking_a_door_needs_full_base_contact_facing_it(client):
    table = quest(client)
    table.refused({"type": "break_door", "player": "p1", "pilgrim": "monkey_king",
                   "door": "door-1", "in_contact_facing": False},
                  book("To break down the door, Pilgrims must be in full base contact with the "
                       "door, facing towards it."))
    table.accepted({"type": "break_door", "player": "p1", "pilgrim": "monkey_king",
                    "door": "door-1"})
    assert table.view()["state"]["tokens"]["broken_doors"] == ["door-1"]


def test_the_demon_ai_attacks_tripitaka_before_anything_else(client):
    table = quest(client, gates=[{"id": "gate-1", "status": "inactive"}])
    demon_phase(table)
    table.accepted({"type": "demon_options", "player": "p2", "demon": "berrok-1", "options": [
        {"actions": ["move", "attack"], "ends": "closer", "squares": 1,
         "targets": ["monkey_king"]},
        {"actions": ["move", "attack"], "ends": "not_closer", "squares": 2,
         "targets": ["tripitaka"]}]})
    assert [e["option"] for e in table.view()["legal"]
            if e["type"] == "demon_plan" and e["player"] == "p2"] == [2]
    table.refused({"type": "demon_plan", "player": "p2", "demon": "berrok-1", "option": 1},
                  book("Priority 1: Use the Action Points to attack Tripitaka, possibly more "
                       "than once."))
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "berrok-1", "option": 2})


def test_the_demon_ai_prefers_the_weaker_target_between_plans_of_one_priority(client):
    # The book's example: Monkey (10 HP) or Monk Sha (3 HP), both moves closer to Tripitaka.
    table = quest(client, gates=[{"id": "gate-1", "status": "inactive"}],
                  pilgrims={"monk_sha": {"hp": 3}})
    demon_phase(table)
    table.accepted({"type": "demon_options", "player": "p2", "demon": "berrok-1", "options": [
        {"actions": ["move", "attack"], "ends": "closer", "squares": 1,
         "targets": ["monkey_king"]},
        {"actions": ["move", "attack"], "ends": "closer", "squares": 1,
         "targets": ["monk_sha"]}]})
    assert [e["option"] for e in table.view()["legal"]
            if e["type"] == "demon_plan" and e["player"] == "p2"] == [2]


def test_a_lazy_demon_stops_as_soon_as_it_can_attack(client):
    table = quest(client, demons=("boof",), gates=[{"id": "gate-1", "status": "inactive"}])
    demon_phase(table)
    table.accepted({"type": "demon_options", "player": "p2", "demon": "boof-1", "options": [
        {"actions": ["move", "attack"], "ends": "closer", "squares": 3, "targets": ["tripitaka"]},
        {"actions": ["move", "attack"], "ends": "closer", "squares": 1,
         "targets": ["tripitaka"]}]})
    assert [e["option"] for e in table.view()["legal"]
            if e["type"] == "demon_plan" and e["player"] == "p2"] == [2]


def test_the_kogaiji_burned_example(client):
    # Kogaiji rolls 1 and X and 2 on the Demon Die: 3 damage and a Burned Card; Monkey defends
    # 3 and 2, more than enough, but the Burned Condition's 2 damage cannot be defended.
    table = quest(client, demons=("kogaiji",), gates=[{"id": "gate-1", "status": "inactive"}])
    demon_phase(table)
    table.accepted({"type": "demon_options", "player": "p2", "demon": "kogaiji-1", "options": [
        {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
         "targets": ["monkey_king"]}]})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "kogaiji-1", "option": 1})
    table.accepted({"type": "demon_attack", "player": "p2", "demon": "kogaiji-1",
                    "target": "monkey_king", "attack_dice": [1, 0], "demon_die": 2,
                    "defense_dice": [3, 2], "condition_duration": 3})
    state = pilgrim(table, "monkey_king")
    assert state["hp"] == 10 - 2
    assert [c["name"] for c in state["conditions"]] == ["Burned"]


def test_quest_1_victory_when_the_demons_in_the_house_are_removed(client):
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"],
                              "options": {"quest": "q1", "initiative": INITIATIVE_ORDER,
                                          "pilgrim_profiles": PROFILES}})
    table.accepted({"type": "maintenance", "player": "p1"})
    strike = {"attack_dice": [3, 3], "pilgrim_die": 3, "weapon_damage": 3}
    # Behind the closed door the house's Demons cannot be seen, let alone attacked.
    response = table.send({"type": "attack", "player": "p1", "pilgrim": "monkey_king",
                           "targets": ["berrok-1"], **strike, "target_hp": 3})
    assert response.status_code == 422
    table.accepted({"type": "break_door", "player": "p1", "pilgrim": "monkey_king",
                    "door": "door-1", "opens": ["berrok-1", "berrok-2"]})
    table.accepted({"type": "attack", "player": "p1", "pilgrim": "monkey_king",
                    "targets": ["berrok-1"], **strike, "target_hp": 3})
    table.accepted({"type": "resolve_defeat", "player": "p1", "pilgrim": "monkey_king",
                    "choice": "kill", "reward": 1})
    assert table.view()["over"] is False
    table.accepted({"type": "attack", "player": "p2", "pilgrim": "monk_sha",
                    "targets": ["berrok-2"], **strike})
    table.accepted({"type": "resolve_defeat", "player": "p2", "pilgrim": "monk_sha",
                    "choice": "kill"})
    view = table.view()
    assert view["over"] is True
    victory = book("Victory: The Pilgrims must defeat all Demons in the Villagers' house.")
    assert view["scores"]["decided_by"]["rule"]["quote"] == victory
    table.refused({"type": "rest", "player": "p2", "pilgrim": "monk_sha"}, victory)


def demon_attacks(table, demon, target):
    """The only Demon's plan: stand and attack `target` twice."""
    table.accepted({"type": "demon_options", "player": "p2", "demon": demon, "options": [
        {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
         "targets": [target]}]})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": demon, "option": 1})


def test_permanent_limp_takes_one_movement_point_off_the_double_move(client):
    # The FAQ: the Monkey King, MV 4, would have a Double Move of 7.
    table = quest(client, pilgrims={"monkey_king": {"corruption": ["Permanent Limp"]}})
    table.refused({"type": "move", "player": "p1", "pilgrim": "monkey_king", "steps": 8,
                   "action_points": 2},
                  book("Permanent Limp: 1 Movement Point is lost from the Double Move total."))
    table.accepted({"type": "move", "player": "p1", "pilgrim": "monkey_king", "steps": 7,
                    "action_points": 2})


def test_the_wild_herbs_example_too_late_once_the_dice_are_applied(client):
    # A Bull Warrior's 4 damage on the Monkey King (3 HP): he is Unconscious, and his Wild Herbs
    # cannot be played any more.
    table = quest(client, gates=[{"id": "gate-1", "status": "inactive"}],
                  pilgrims={"monkey_king": {"hp": 3, "fortune": ["Wild Herbs"]}})
    demon_phase(table)
    demon_attacks(table, "berrok-1", "monkey_king")
    table.accepted({"type": "demon_attack", "player": "p2", "demon": "berrok-1",
                    "target": "monkey_king", "attack_dice": [2, 2], "defense_dice": [0, 0]})
    state = pilgrim(table, "monkey_king")
    assert (state["hp"], state["status"]) == (0, "unconscious")
    table.refused({"type": "play_card", "player": "p1", "pilgrim": "monkey_king",
                   "card": "Wild Herbs", "kind": "fortune"},
                  book("Pilgrims cannot play cards or take any other actions when they are "
                       "Unconscious."))


def test_figure_21_a_knock_back_into_an_obstacle_is_crushing_damage(client):
    # The Bull General rolls 1 on his Demon Die but cannot knock the Monkey King back: 1 point of
    # Crushing Damage, which the Target cannot defend against.
    table = quest(client, demons=("borrack",), gates=[{"id": "gate-1", "status": "inactive"}])
    demon_phase(table)
    demon_attacks(table, "borrack-1", "monkey_king")
    table.accepted({"type": "demon_attack", "player": "p2", "demon": "borrack-1",
                    "target": "monkey_king", "attack_dice": [1, 1], "demon_die": 1,
                    "defense_dice": [1, 1], "knock_back_blocked": 1})
    assert pilgrim(table, "monkey_king")["hp"] == 10 - 1


def test_figure_20_yazuiji_knocks_back_two_squares_with_a_point_of_damage(client):
    table = quest(client, demons=("yazuiji",), gates=[{"id": "gate-1", "status": "inactive"}])
    demon_phase(table)
    demon_attacks(table, "yazuiji-1", "tripitaka")
    table.accepted({"type": "demon_attack", "player": "p2", "demon": "yazuiji-1",
                    "target": "tripitaka", "attack_dice": [1, 1], "demon_die": 2,
                    "defense_dice": [1, 1]})
    # 2 from the Attack Dice + 1 from the Demon Die, against 2 defense; then the Knock Back lets
    # Yazuiji Follow.
    assert pilgrim(table, "tripitaka")["hp"] == 8 - 1
    assert any(event["type"] == "follow" for event in table.view()["legal"])


def test_a_green_line_square_adds_one_to_the_pilgrims_defense(client):
    table = quest(client, gates=[{"id": "gate-1", "status": "inactive"}])
    demon_phase(table)
    demon_attacks(table, "berrok-1", "tripitaka")
    table.accepted({"type": "demon_attack", "player": "p2", "demon": "berrok-1",
                    "target": "tripitaka", "attack_dice": [2, 2], "defense_dice": [1, 1],
                    "green_square": True})
    assert pilgrim(table, "tripitaka")["hp"] == 8 - (4 - 3)


def quest_4(client, **position):
    setup = {"game": GAME, "players": ["Ann", "Ben"],
             "options": {"quest": "q4", "initiative": INITIATIVE_ORDER,
                         "pilgrim_profiles": PROFILES}}
    if position:
        setup["position"] = position
    table = ApiTable(client, setup)
    table.accepted({"type": "maintenance", "player": "p1"})
    return table


ATTACK_KOGAIJI = {"type": "attack", "targets": ["kogaiji-1"], "attack_dice": [0, 0],
                  "pilgrim_die": 0, "weapon_damage": 0, "target_hp": 8}


def test_quest_4_the_first_attack_on_kogaiji_ends_it_in_victory(client):
    table = quest_4(client)
    table.accepted({"type": "rescue_villager", "player": "p1", "pilgrim": "monkey_king",
                    "villager": "villager-1"})
    # Even a complete failure is an attack on Kogaiji.
    table.accepted({**ATTACK_KOGAIJI, "player": "p1", "pilgrim": "monkey_king"})
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["decided_by"]["rule"]["quote"] == book(
        "Victory: The Pilgrims must (1) attack Kogaiji.")


def test_quest_4_heroic_when_every_villager_is_rescued_before_the_attack(client):
    table = quest_4(client)
    for seat, pilgrim_name, villagers in (("p1", "monkey_king", ("villager-1", "villager-2")),
                                          ("p2", "monk_sha", ("villager-3", "villager-4"))):
        for villager in villagers:
            table.accepted({"type": "rescue_villager", "player": seat, "pilgrim": pilgrim_name,
                            "villager": villager})
    table.accepted({**ATTACK_KOGAIJI, "player": "p2", "pilgrim": "tripitaka"})
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["decided_by"]["rule"]["quote"] == book(
        "Heroic Victory: The Pilgrims must (1) rescue all the Villagers and then (2) attack "
        "Kogaiji.")


def test_quest_4_a_pilgrim_defeated_before_the_attack_is_a_defeat(client):
    # A Misfortune Card can take the last Health Point ("this is one case where a card can reduce
    # your Health Points to 0").
    table = quest_4(client, pilgrims={"monkey_king": {"hp": 1}})
    table.accepted({"type": "meditate", "player": "p1", "pilgrim": "monkey_king", "box": "box-1",
                    "spinner": "black", "misfortune": "Ambush"})
    table.accepted({"type": "misfortune", "player": "p1", "pilgrim": "monkey_king",
                    "card": "Ambush", "lose": {"hp": 2}})
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["winners"] == []
    assert view["scores"]["decided_by"]["rule"]["quote"] == book(
        "Defeat: A Pilgrim was Defeated before they attack Kogaiji.")


def quest_2(client, initiative=None):
    return ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"],
                             "options": {"quest": "q2",
                                         "initiative": initiative or INITIATIVE_ORDER,
                                         "pilgrim_profiles": PROFILES}})


STRIKE = {"attack_dice": [3, 3], "pilgrim_die": 3, "weapon_damage": 3}


def kill(table, seat, pilgrim_name, demon, **extra):
    table.accepted({"type": "attack", "player": seat, "pilgrim": pilgrim_name,
                    "targets": [demon], **STRIKE, **extra})
    table.accepted({"type": "resolve_defeat", "player": seat, "pilgrim": pilgrim_name,
                    "choice": "kill", **({"reward": 1} if extra else {})})


def test_quest_2_sets_up_as_printed(client):
    response = client.post("/api/sessions", json={
        "game": GAME, "players": ["Ann", "Ben"],
        "options": {"quest": "q2", "pilgrim_profiles": PROFILES,
                    "initiative": ["tripitaka", "monkey_king", "monk_sha", "cho_hakkai"]}})
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] == book(
        "Assign the initiative as follows (first Pilgrim) Monkey, Monk Sha, Tripitaka, Cho Hakkai "
        "(last Pilgrim).")
    table = quest_2(client)
    state = table.view()["state"]
    cho = state["pilgrims"]["cho_hakkai"]
    assert (cho["status"], cho["posture"]) == ("unconscious", "face_down")
    assert "Shining Seal" in state["pilgrims"]["tripitaka"]["skills"]
    assert "Healing Fellowship" in state["pilgrims"]["monk_sha"]["skills"]
    assert sorted(state["demons"]) == ["berrok-1", "berrok-2", "berrok-3"]
    table.accepted({"type": "maintenance", "player": "p1"})
    assert pilgrim(table, "cho_hakkai")["posture"] == "side"


def test_quest_2_clearing_the_demons_before_reviving_cho_hakkai_is_a_defeat(client):
    table = quest_2(client)
    table.accepted({"type": "maintenance", "player": "p1"})
    kill(table, "p1", "monkey_king", "berrok-1", target_hp=3)
    kill(table, "p1", "monkey_king", "berrok-2")
    kill(table, "p2", "monk_sha", "berrok-3")
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["winners"] == []
    assert view["scores"]["decided_by"]["rule"]["quote"] == book(
        "Defeat: A Pilgrim was Killed or the Pilgrims cleared all the Demons before meeting either "
        "set of Victory Conditions.")


def test_quest_2_victory_cho_hakkai_revived_and_two_sutras_when_the_demons_are_gone(client):
    table = quest_2(client)
    table.accepted({"type": "maintenance", "player": "p1"})
    for sutra in ("sutra-1", "sutra-2"):
        table.accepted({"type": "collect_sutra", "player": "p1", "pilgrim": "monkey_king",
                        "sutra": sutra})
    kill(table, "p2", "monk_sha", "berrok-1", target_hp=3)
    kill(table, "p2", "monk_sha", "berrok-2")
    table.accepted({"type": "revive", "player": "p2", "pilgrim": "tripitaka",
                    "target": "cho_hakkai", "hp": 2, "chi": 0})
    assert table.view()["over"] is False
    kill(table, "p2", "tripitaka", "berrok-3")
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["decided_by"]["rule"]["quote"] == book(
        "Victory: The Pilgrims must (1) Revive Cho Hakkai, (2) possess at least 2 Sutra Tokens.")


def test_quest_3_tripitaka_goes_last_and_the_gates_wake_on_the_central_tile(client):
    options = {"quest": "q3", "pilgrim_profiles": PROFILES}
    response = client.post("/api/sessions", json={
        "game": GAME, "players": ["Ann", "Ben"],
        "options": {**options, "initiative": ["tripitaka", "monkey_king", "monk_sha",
                                              "cho_hakkai"]}})
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] == book(
        "Tripitaka must go last, so give him Initiative Token 4.")
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"], "options": {
        **options, "initiative": ["monkey_king", "monk_sha", "cho_hakkai", "tripitaka"]}})
    assert {gate["status"] for gate in table.view()["state"]["gates"].values()} == {"inactive"}
    table.accepted({"type": "maintenance", "player": "p1"})
    table.accepted({"type": "central_tile", "player": "p1", "pilgrim": "monkey_king"})
    gates = table.view()["state"]["gates"]
    assert len(gates) == 3 and {gate["status"] for gate in gates.values()} == {"active"}
    table.accepted({"type": "village_entered", "player": "p1", "demon": "borrack-1"})
    view = table.view()
    assert view["over"] is True and view["scores"]["winners"] == []
    assert view["scores"]["decided_by"]["rule"]["quote"] == book(
        "Defeat: If a Pilgrim was Killed or a Demon enters the village, the Pilgrims fail.")


def test_quest_5_tripitaka_calms_kei_lun_with_healing_trance_once_the_demons_are_gone(client):
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"], "options": {
        "quest": "q5", "pilgrim_profiles": PROFILES,
        "initiative": ["monkey_king", "monk_sha", "cho_hakkai", "tripitaka"]}})
    state = table.view()["state"]
    assert sorted(state["demons"]) == ["berrok-1", "berrok-2", "berrok-3", "bharhaz-1",
                                       "bharhaz-2"]
    assert "Healing Trance" in state["pilgrims"]["tripitaka"]["skills"]
    table.accepted({"type": "maintenance", "player": "p1"})
    for seat, pilgrim_name, demon in (("p1", "monkey_king", "berrok-1"),
                                      ("p1", "monkey_king", "berrok-2"),
                                      ("p2", "monk_sha", "berrok-3"),
                                      ("p2", "monk_sha", "bharhaz-1"),
                                      ("p1", "cho_hakkai", "bharhaz-2")):
        first_of_kind = demon in ("berrok-1", "bharhaz-1")
        kill(table, seat, pilgrim_name, demon, **({"target_hp": 3} if first_of_kind else {}))
    assert table.view()["over"] is False
    table.accepted({"type": "play_card", "player": "p2", "pilgrim": "tripitaka",
                    "card": "Healing Trance", "kind": "skill"})
    view = table.view()
    assert view["over"] is True
    # The Sutra was never collected: a Victory, not the Heroic one.
    assert view["scores"]["decided_by"]["rule"]["quote"] == book(
        "Victory: (1) Tripitaka must calm Kei Lun.")


def test_legal_drops_the_mystical_box_once_used_this_activation(client):
    table = quest(client)
    assert {"pray", "meditate"} <= {event["type"] for event in table.view()["legal"]}
    table.accepted({"type": "pray", "player": "p1", "pilgrim": "monkey_king", "box": "box-1",
                    "card": "Wild Herbs"})
    kinds = {event["type"] for event in table.view()["legal"]}
    assert "rest" in kinds
    assert not {"pray", "meditate"} & kinds
