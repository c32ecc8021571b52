"""Journey: Wrath of Demons — the thirteenth audit (session 16).

Quests 1, 3, 4, 6, 9 and 10 Part 2 joined at a later Turn: their own rules read which Villager
Tokens were rescued or are left (Quest 9's Elder Monk, Quest 10 Part 2's Attack Dice), so a
position entering no Villager Token at all (none on the board, none held) is a 400 naming the
missing entry; a position that enters them is checked by one check with one error."""

import pytest

from tests.test_blind_scenarios_journey_4 import ORDER, PROFILES, act, free_play

VILLAGER_HELD = "Place the Villager Token by the Pilgrim's Profile Sheet."
TRIPITAKA_LAST = ["monkey_king", "monk_sha", "cho_hakkai", "tripitaka"]

# each Quest's Board Setup at a later Turn, its Villager Tokens left out
LATER = {
    1: ({"turn": 4, "gates": [{"id": "gate-1"}], "boxes": ["box-1"], "doors": ["door-1"],
         "demons": ["berrok", "berrok"]}, {}),
    3: ({"turn": 4, "gates": [{"id": f"gate-{n}"} for n in range(1, 4)],
         "sutras": ["sutra-1", "sutra-2", "sutra-3"], "wells": ["well-1"], "boxes": ["box-1"],
         "broken_doors": ["bd-1"], "demons": ["borrack"]}, {"initiative": TRIPITAKA_LAST}),
    4: ({"turn": 3, "gates": [{"id": "gate-1"}], "wells": ["well-1"], "boxes": ["box-1"],
         "doors": [f"door-{n}" for n in range(1, 7)], "broken_doors": ["bd-1"],
         "demons": ["kogaiji", "berrok", "bharhaz"]}, {}),
    6: ({"turn": 3, "gates": [{"id": f"gate-{n}"} for n in range(1, 4)],
         "sutras": ["sutra-1", "sutra-2", "sutra-3"], "boxes": ["box-1"], "broken_doors": ["bd-1"],
         "doors": ["door-1", "door-2"], "demons": ["kogaiji", "koorogg"]}, {}),
}
PRINTED = {1: 1, 3: 3, 4: 4, 6: 1}  # "- Villagers x N" of each Board Setup


def post(client, number, position, **options):
    base, quest_options = LATER[number]
    return client.post("/api/sessions", json={
        "game": "journey", "players": ["Ann", "Ben"], "position": {**base, **position},
        "options": {"quest": f"q{number}", "initiative": ORDER, "pilgrim_profiles": PROFILES,
                    "karma_upgrades": "in_position", **quest_options, **options}})


def facts(response):
    assert response.status_code == 201, response.get_json()
    return response.get_json()["state"]["quest_state"]["facts"]


@pytest.mark.parametrize("number", [1, 3, 4, 6])
@pytest.mark.parametrize("ruling", ["refuse", "allow"])
def test_a_position_entering_no_villager_token_is_a_400_naming_the_entry(client, number, ruling):
    response = post(client, number, {}, setup_tokens_accounted=ruling)
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"] == {
        "code": "bad_request", "field": "position.villagers",
        "message": f"Quest {number} tracks its Villager Tokens: enter those on the board and those "
                   "the Pilgrims hold; [] and 0 are entries"}


@pytest.mark.parametrize("number", [1, 3, 4, 6])
def test_villager_tokens_entered_short_are_one_refusal_with_the_rescue_sentence(client, number):
    """[] on the board is an entry, and so is a Pilgrim's 0: either one, short of the Board Setup,
    is the one rule refusal (422) quoting the Rescue's sentence, then the Board Setup's line."""
    printed = f"{PRINTED[number]} Villager Token{'s' * (PRINTED[number] != 1)}"
    for entry in ({"villagers": []}, {"pilgrims": {"monk_sha": {"villagers": 0}}}):
        response = post(client, number, entry)
        assert response.status_code == 422, response.get_json()
        error = response.get_json()["error"]
        assert [rule["quote"] for rule in error["rules"]][0] == VILLAGER_HELD
        assert error["rules"][1]["quote"].startswith(f"- Villagers x {PRINTED[number]}")
        assert f"places {printed}" in error["message"] and "hold 0" in error["message"]


@pytest.mark.parametrize("number", [1, 3, 4, 6])
def test_villager_tokens_entered_in_full_are_accepted_and_those_held_were_rescued(client, number):
    printed = PRINTED[number]
    on_board = [f"villager-{n}" for n in range(1, printed)]  # all but one on the board
    assert facts(post(client, number, {"villagers": on_board,
                                       "pilgrims": {"monk_sha": {"villagers": 1}}}))["rescued"] \
        == ["rescued-1"]
    held = {"monk_sha": {"villagers": printed}}  # all rescued, none on the board: [] left out
    assert facts(post(client, number, {"pilgrims": held}))["rescued"] == [
        f"rescued-{n}" for n in range(1, printed + 1)]


def test_quest_1_from_turn_7_its_villager_entered_as_none_has_transformed(client):
    """Transformation takes the token off the board at the Maintenance of Turn 6: [] is accepted
    (the Villager turned); nothing entered is still the 400 (rescued or turned, the Heroic Victory
    reads which)."""
    response = post(client, 1, {"turn": 7, "villagers": []})
    assert response.status_code == 201, response.get_json()
    state = response.get_json()["state"]["quest_state"]
    assert state["transformed"] == ["gone-1"] and state["facts"]["rescued"] == []
    assert post(client, 1, {"turn": 7}).status_code == 400


def test_the_ruling_allow_takes_villager_tokens_entered_short_as_gone(client):
    response = post(client, 3, {"villagers": ["villager-1"]}, setup_tokens_accounted="allow")
    assert facts(response)["rescued"] == []
    assert response.get_json()["state"]["quest_state"]["villagers"] == [
        "villager-1", "gone-1", "gone-2"]


def test_a_quest_not_tracking_its_villagers_does_not_demand_them(client):
    """Quest 2 and Quest 10 Part 1 print Villager Tokens their Conditions do not read: a position
    that leaves them out is not checked (the lead's ruling, finding 93)."""
    response = client.post("/api/sessions", json={
        "game": "journey", "players": ["Ann", "Ben"],
        "position": {"turn": 3, "gates": [{"id": "gate-1"}, {"id": "gate-2"}],
                     "sutras": ["sutra-1", "sutra-2", "sutra-3"], "demons": ["berrok"],
                     "pilgrims": {"cho_hakkai": {"hp": 6, "status": "active"}}},
        "options": {"quest": "q2", "initiative": ORDER, "pilgrim_profiles": PROFILES}})
    assert response.status_code == 201, response.get_json()


def test_at_turn_1_the_board_setup_places_them(client):
    response = post(client, 3, {"turn": 1, "gates": [], "sutras": [], "wells": [], "boxes": [],
                                "broken_doors": [], "demons": []})
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["state"]["tokens"]["villagers"] == [
        "villager-1", "villager-2", "villager-3"]


# --- Findings 106-108: a Demon's Actions after its Knock Back and after its activation ---------

DEMON_AP = "Demons normally get 2 Action Points, but if they are in a Demon Rage, they will get 3."
ONE_DEMON = "Complete all actions for one Demon before activating the next Demon."
IN_RANGE = ("The Attacker can only attack Targets that are in range and that the Attacker can see "
            "clearly.")
WILL_FOLLOW = ("So a Demon able to make a second attack will follow the Target, if the Knock Back "
               "pushes the Target out of Range")


def borracks_turn(client, plan, rage=False, unused_demon_action=None):
    """Free play, the Pilgrims done: Borrack (closest) plans `plan` on the Monkey King and his
    first roll knocks him back out of range (a 1 on the Demon Die)."""
    if unused_demon_action:
        from tests.api_table import ApiTable
        from tests.test_blind_scenarios_journey_4 import LAYOUT

        table = ApiTable(client, {"game": "journey", "players": ["Ann", "Ben"], "options": {
            "initiative": ORDER, "pilgrim_profiles": PROFILES,
            "unused_demon_action": unused_demon_action},
            "position": {**LAYOUT, "demons": ["borrack", "berrok"]}})
        table.accepted({"type": "maintenance", "player": "p1"})
    else:
        table = free_play(client, demons=("borrack", "berrok"),
                          gates=[{"id": "gate-1", "status": "active" if rage else "inactive"}])
    for name in ORDER:
        act(table, name, "end_activation")
    if rage:
        table.accepted({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "rage",
                        "demons": ["boof"] * 4})
    table.accepted({"type": "measure", "player": "p2", "of": "demons",
                    "distances": {"borrack-1": 2, "berrok-1": 5}})
    table.accepted({"type": "demon_options", "player": "p2", "demon": "borrack-1", "options": [
        {"actions": plan, "ends": "not_closer", "squares": plan.count("move"),
         "targets": ["monkey_king"]}]})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "borrack-1", "option": 1})
    table.accepted({**BORRACK_ROLL, "demon_die": 1, "pushed_out_of_range": True})
    return table


BORRACK_ROLL = {"type": "demon_attack", "player": "p2", "demon": "borrack-1",
                "target": "monkey_king", "attack_dice": [1, 1], "demon_die": 0,
                "defense_dice": [1, 0]}
BERROK_MOVES = {"type": "demon_options", "player": "p2", "demon": "berrok-1",
                "options": [{"actions": ["move", "move"], "ends": "closer", "squares": 2,
                             "targets": []}]}


def legal_types(table):
    return {event["type"] for event in table.view()["legal"]}


def test_finding_107_while_the_follow_is_owed_legal_offers_it_and_not_the_attack(client):
    table = borracks_turn(client, ["attack", "attack"])
    assert "follow" in legal_types(table) and "demon_attack" not in legal_types(table)
    table.refused(BORRACK_ROLL, WILL_FOLLOW)
    table.accepted({"type": "follow", "player": "p2", "attacker": "borrack-1", "steps": 1})
    assert "demon_attack" in legal_types(table) and "follow" not in legal_types(table)
    table.accepted(BORRACK_ROLL)


def test_finding_108_no_follow_leaves_the_target_out_of_range_and_ends_the_activation(client):
    """The way blocked (0 steps), the Monkey King stays out of Borrack's range: his second attack
    on him is refused with the range sentence; nothing prints a new plan for the Action Point, so
    Borrack's activation is over and the Berrok is next."""
    table = borracks_turn(client, ["attack", "attack"])
    hp = table.view()["state"]["pilgrims"]["monkey_king"]["hp"]
    table.accepted({"type": "follow", "player": "p2", "attacker": "borrack-1", "steps": 0})
    error = table.refused(BORRACK_ROLL, IN_RANGE)
    assert "did not Follow" in error["message"]
    assert table.view()["state"]["pilgrims"]["monkey_king"]["hp"] == hp
    assert "demon_attack" not in legal_types(table)
    table.accepted(BERROK_MOVES)


def test_finding_108_a_plan_moving_after_its_attack_keeps_the_attack_for_the_table(client):
    """Raging, Attack, Move, Attack: its own Move may bring the Monkey King back in range, which the
    referee cannot see, so with no Follow the second attack is still the table's to enter."""
    table = borracks_turn(client, ["attack", "move", "attack"], rage=True)
    table.accepted({"type": "follow", "player": "p2", "attacker": "borrack-1", "steps": 0})
    table.accepted(BORRACK_ROLL)
    table.accepted(BERROK_MOVES)


def test_finding_106_a_demon_done_with_its_actions_attacking_again_quotes_its_action_points(
        client):
    table = borracks_turn(client, ["attack", "attack"])
    table.accepted({"type": "follow", "player": "p2", "attacker": "borrack-1", "steps": 1})
    table.accepted(BORRACK_ROLL)
    error = table.refused(BORRACK_ROLL, DEMON_AP)
    assert "has completed its Actions this Demon Phase (2 Action Points)" in error["message"]
    table.refused({"type": "demon_plan", "player": "p2", "demon": "borrack-1", "option": 1},
                  DEMON_AP)
    # a Demon not yet activated keeps the one-at-a-time sentence; its options come first
    table.refused({**BORRACK_ROLL, "demon": "berrok-1"}, ONE_DEMON)
    table.accepted(BERROK_MOVES)


# --- Finding 116: a Pilgrim's statistics are his state, not points -----------------------------

def test_finding_116_the_standings_show_statistics_as_counts_and_sum_to_the_total(client):
    table = free_play(client, pilgrims={"monkey_king": {"hp": 6, "chi": 4, "good_karma": 3}})
    lines = {line["label"]: line for line in table.view()["scores"]["players"][0]["breakdown"]}
    assert [lines[f"Monkey King: {s}"]["counts"] for s in ("Health Points", "Chi", "Good Karma")
            ] == ["6/10 (standing)", "4/10", "3"]
    assert lines["Monkey King: Bad Karma"]["counts"] == "0 (weapon Level 1)"
    table.accepted({"type": "quest_result", "player": "p1", "outcome": "victory",
                    "condition": "Tripitaka survives."})
    for player in table.view()["scores"]["players"]:
        assert player["total"] == 1
        assert sum(line["points"] for line in player["breakdown"]) == 1
        assert [line["label"] for line in player["breakdown"] if line["points"]] == ["victory"]


# --- Sweep (c): Flood Gate's "the Gate closest to Tripitaka", a table ruling ----------------------

FLOOD = "Flood Gate: Look at the current positions of Demons in play and the Gate closest to Tripitaka."


def flood_gate_drawn(client, ruling):
    """Free play: gate-1 and gate-2 active (7 and 4 squares from Tripitaka), gate-3 inactive; the
    Pilgrims done, gate-2 draws Flood Gate."""
    from tests.api_table import ApiTable
    from tests.test_blind_scenarios_journey_4 import LAYOUT

    table = ApiTable(client, {"game": "journey", "players": ["Ann", "Ben"], "options": {
        "initiative": ORDER, "pilgrim_profiles": PROFILES, "flood_gate_gates": ruling},
        "position": {**LAYOUT, "demons": ["berrok"], "gates": [
            {"id": "gate-1"}, {"id": "gate-2"}, {"id": "gate-3", "status": "inactive"}]}})
    table.accepted({"type": "maintenance", "player": "p1"})
    for name in ORDER:
        act(table, name, "end_activation")
    table.accepted({"type": "measure", "player": "p2", "of": "gates",
                    "distances": {"gate-1": 7, "gate-2": 4}})
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-2", "card": "special",
                    "name": "Flood Gate"})
    return table


def flood(gate):
    return {"type": "flood_gate", "player": "p2", "gate": gate, "closer": {"berrok-1": True}}


def test_flood_gate_any_gate_by_default_the_inactive_one_too(client):
    table = flood_gate_drawn(client, "any")
    offered = {e["gate"] for e in table.view()["legal"] if e["type"] == "flood_gate"}
    assert offered == {"gate-2", "gate-3"}
    table.refused(flood("gate-1"), FLOOD)
    table.accepted(flood("gate-3"))


def test_flood_gate_active_gates_under_the_ruling_active(client):
    table = flood_gate_drawn(client, "active")
    assert {e["gate"] for e in table.view()["legal"] if e["type"] == "flood_gate"} == {"gate-2"}
    error = table.refused(flood("gate-3"), FLOOD)
    assert "is the active Gate closest to Tripitaka" in error["message"]
    table.accepted(flood("gate-2"))


def test_finding_108_ruling_replan_the_demon_plans_again_with_its_unused_action_point(client):
    """unused_demon_action: replan — Borrack's second Attack Action, on the Monkey King out of
    range, becomes 1 Action Point to plan again: his options first (the Berrok waits), within 1
    Action Point, then his new plan (Monk Sha in range) is carried out."""
    table = borracks_turn(client, ["attack", "attack"], unused_demon_action="replan")
    table.accepted({"type": "follow", "player": "p2", "attacker": "borrack-1", "steps": 0})
    assert [(e["type"], e["demon"]) for e in table.view()["legal"]
            if e["type"].startswith("demon") and e["player"] == "p2"] == [("demon_options",
                                                                         "borrack-1")]
    table.refused(BERROK_MOVES, ONE_DEMON)
    table.refused({"type": "demon_options", "player": "p2", "demon": "borrack-1", "options": [
        {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
         "targets": ["monk_sha"]}]}, DEMON_AP)
    table.accepted({"type": "demon_options", "player": "p2", "demon": "borrack-1", "options": [
        {"actions": ["attack"], "ends": "not_closer", "squares": 0, "targets": ["monk_sha"]}]})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "borrack-1", "option": 1})
    table.accepted({**BORRACK_ROLL, "target": "monk_sha"})
    table.accepted(BERROK_MOVES)


# Quest 9 (which tokens are left decides whether the Elder Monk was found) and Quest 10 Part 2 (each
# token a Pilgrim holds is an Attack Die against the Bull Demon King): their Board Setups at a later
# Turn, Villager Tokens left out, and the entry that completes each
LATER_TRACKING = {
    "q9": ({"turn": 3, "gates": [{"id": "gate-1"}, {"id": "gate-2"}], "boxes": ["box-1", "box-2"],
            "doors": ["door-1", "door-2", "door-3"], "demons": ["kogaiji"]},
           {"villagers": ["villager-4"], "pilgrims": {"monk_sha": {"villagers": 0}}}),
    "q10b": ({"turn": 3, "gates": [{"id": f"gate-{n}"} for n in range(1, 6)], "wells": ["well-1"],
              "demons": ["kogaiji", "yazuiji", "koorogg"]},
             {"villagers": ["villager-1", "villager-2"], "pilgrims": {"monk_sha": {"villagers": 1}}}),
}


def post_tracking(client, quest, position):
    return client.post("/api/sessions", json={
        "game": "journey", "players": ["Ann", "Ben"], "position": position,
        "options": {"quest": quest, "initiative": ORDER, "pilgrim_profiles": PROFILES,
                    "karma_upgrades": "in_position"}})


@pytest.mark.parametrize(("quest", "number"), [("q9", 9), ("q10b", 10)])
def test_quests_9_and_10_part_2_also_need_their_villager_tokens_entered(client, quest, number):
    """Before, a Quest 9 position without them read as every token gone (the Elder Monk found) and a
    Quest 10 Part 2 one as no Pilgrim holding any (no extra Attack Die)."""
    board, entry = LATER_TRACKING[quest]
    response = post_tracking(client, quest, board)
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"] == "position.villagers"
    assert response.get_json()["error"]["message"].startswith(f"Quest {number} tracks its Villager")
    created = post_tracking(client, quest, {**board, **entry})
    assert created.status_code == 201, created.get_json()
    state = created.get_json()["state"]
    assert state["tokens"]["villagers"] == entry["villagers"]
    assert state["pilgrims"]["monk_sha"]["villagers"] == entry["pilgrims"]["monk_sha"]["villagers"]
