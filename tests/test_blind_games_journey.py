"""Journey: Wrath of Demons, Quest 1 (Meeting) played out whole as a table enters it, written as an
outsider (the rulebook, docs/games/journey.md and the API's description only, never the referee's
code): the Board Setup, three Turns of Maintenance, the Pilgrims in Initiative order, the Demon
Phase (spawning from the simple Minion deck, the activation order by distance to Tripitaka, the
Demon AI's plans from the book's Figures 34, 36 and 38, the Demons' attacks), the End Phase, to the
Heroic Victory; the slips a table makes refused with the sentence that forbids them and nothing
written."""

import pytest

from tests.api_table import ApiTable, assert_replayed_alike, calculated, quotes_from

GAME = "journey"
book = quotes_from(GAME)

PROFILES = {"cho_hakkai": {"max_hp": 12, "mv": 3}, "monk_sha": {"max_hp": 9},
            "monkey_king": {"max_hp": 10}, "tripitaka": {"max_hp": 8, "mv": 3}}
ORDER = ["monkey_king", "monk_sha", "tripitaka", "cho_hakkai"]
SEAT = {"monkey_king": "p1", "cho_hakkai": "p1", "monk_sha": "p2", "tripitaka": "p2"}
STRIKE = {"attack_dice": [3, 3], "pilgrim_die": 3, "weapon_damage": 3}

INITIATIVE = book("In the Pilgrim Phase, each Pilgrim is activated in order, as determined by the "
                  "Initiative Tokens assigned during the Game Setup.")
MINION_DECK = book("Create a simple Demon Deck containing just the reinforcement cards for Minion "
                   "Demons (Bull Warriors, Bull Archers, Bullserkers, and Bull Generals).")
PRIORITY_1 = book("Priority 1: Use the Action Points to attack Tripitaka, possibly more than once.")
PRIORITY_2 = book("Priority 2: Use the Action Points to attack any other Target, so long as the "
                  "Demon ends closer on the board to Tripitaka.")
CLOSEST_FIRST = book("Order: Like Pilgrims, Demons are activated in order, this time starting with "
                     "the Demon closest to Tripitaka and continuing to the ones further away.")
HEROIC = book("Heroic Victory: The Pilgrims must (1) rescue the Villagers, (2) Tripitaka must "
              "Meditate, (3) any one Pilgrim must play a Skill Card, (4) defeat all Demons in the "
              "Villagers' house.")
NOT_HELD = book("Inactive cards are in the Pilgrim's hand.")
CONTROLLED = book("The Pilgrims are controlled by the Players")
WEAKEST = book("Preference 2: Attack the weakest Target (the lowest number of Health Points).")
MOST_TARGETS = book("Preference 1: Attack the most Targets possible.")
ONE_HIT_KILL = book("Their Health Points remain unchanged by any attacks that do not Defeat them.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def act(table, pilgrim, event_type, **fields):
    return table.accepted({"type": event_type, "player": SEAT[pilgrim], "pilgrim": pilgrim,
                           **fields})


def table_event(table, event_type, **fields):
    return table.accepted({"type": event_type, "player": "p2", **fields})


def refused(table, event, quote):
    """The slip refused with `quote`, and the game exactly as before it."""
    before = table.view()
    table.refused(event, quote)
    after = table.view()
    assert (after["state"], after["seq"], after["legal"]) == (
        before["state"], before["seq"], before["legal"])


def state(table):
    return table.view()["state"]


def pilgrim(table, name):
    return state(table)["pilgrims"][name]


def offered(table, seat="p2"):
    return [{k: v for k, v in e.items() if k != "player"} for e in table.view(seat)["legal"]]


def conditions(table):
    return {c["outcome"]: c["status"] for c in state(table)["quest_state"]["conditions"]}


def assert_calculator_agrees(client, scores, outcome):
    """The cooperative end entered by hand: both players win together, with the same outcome line
    (the live sheet lists each Pilgrim's tracks besides, which the total does not count)."""
    by_hand = calculated(client, GAME, {"outcome": outcome, "players": ["Ann", "Ben"]})
    assert scores["winners"] == by_hand["winners"] == ["p1", "p2"]
    label = outcome.replace("_", " ")
    for live, entered in zip(scores["players"], by_hand["players"], strict=True):
        assert (live["seat"], live["total"]) == (entered["seat"], entered["total"])
        assert [line["label"] for line in entered["breakdown"]] == [label]
        assert live["breakdown"][0] == entered["breakdown"][0]
        assert live["total"] == 1


def test_quest_1_meeting_played_out_to_the_heroic_victory(client):
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"], "options": {
        "quest": "q1", "initiative": ORDER, "pilgrim_profiles": PROFILES}})
    # The Board Setup: a Gate, the Villagers, a Mystical Box, a Door and two Berroks behind it.
    setup = state(table)
    assert setup["gates"] == {"gate-1": {"status": "active"}}
    assert setup["tokens"]["villagers"] == ["villager-1"]
    assert setup["tokens"]["boxes"] == ["box-1"] and setup["tokens"]["doors"] == ["door-1"]
    assert {d: v["active"] for d, v in setup["demons"].items()} == {
        "berrok-1": False, "berrok-2": False}
    assert all(p["hp"] == PROFILES[name]["max_hp"] and p["chi"] == 10
               for name, p in setup["pilgrims"].items())

    # --- Turn 1 ---
    table_event(table, "maintenance")
    refused(table, {"type": "rest", "player": "p2", "pilgrim": "monk_sha"}, INITIATIVE)
    act(table, "monkey_king", "move", steps=4, action_points=1)
    act(table, "monkey_king", "move", steps=4, action_points=1)
    # Two Action Points spent: the next Pilgrim is Monk Sha, who rescues the Villagers.
    act(table, "monk_sha", "rescue_villager", villager="villager-1")
    assert pilgrim(table, "monk_sha")["good_karma"] == 3
    assert state(table)["tokens"]["villagers"] == []
    act(table, "monk_sha", "end_activation")
    act(table, "tripitaka", "meditate", box="box-1", spinner="white", full_rotation=True,
        seen=["Wild Herbs", "Wild Ginseng", "Om Mala of Vigor"], kept="Wild Herbs")
    # Slips: a Fortune Card seen but not kept, Tripitaka's card played from Ann's phone, a die
    # face the Attack Dice do not have.
    refused(table, {"type": "play_card", "player": "p2", "pilgrim": "tripitaka",
                    "card": "Wild Ginseng", "kind": "fortune"}, NOT_HELD)
    refused(table, {"type": "play_card", "player": "p1", "pilgrim": "tripitaka",
                    "card": "Wild Herbs", "kind": "fortune"}, CONTROLLED)
    before = table.seq
    response = table.send({"type": "attack", "player": "p2", "pilgrim": "tripitaka",
                           "targets": ["berrok-1"], "attack_dice": [7, 1], "pilgrim_die": 1,
                           "weapon_damage": 1})
    assert response.status_code == 400 and table.seq == before
    assert response.get_json()["error"]["field"] == "event.attack_dice.0"
    act(table, "tripitaka", "end_activation")
    act(table, "cho_hakkai", "rest")
    act(table, "cho_hakkai", "end_activation")
    assert table.view()["phase"] == "demons_spawn"
    # The Demon Phase: the Gate spawns from the Minion deck; a Demon Lord is not in it.
    refused(table, {"type": "spawn", "player": "p2", "gate": "gate-1", "card": "unique",
                    "name": "Kogaiji"}, MINION_DECK)
    table_event(table, "spawn", gate="gate-1", card="reinforcement", demons=["boof"])
    assert state(table)["demons"]["boof-1"]["active"] is True
    # Figure 38: the Bullserker could move 1 square and attack Monkey and Monk Sha (Plan 2), but
    # rushing 3 squares to attack Tripitaka is Plan 1 and must be taken.
    table_event(table, "demon_options", demon="boof-1", options=[
        {"actions": ["move", "attack"], "ends": "closer", "squares": 1,
         "targets": ["monkey_king", "monk_sha"]},
        {"actions": ["move", "attack"], "ends": "closer", "squares": 3, "targets": ["tripitaka"]}])
    assert {"type": "demon_plan", "demon": "boof-1", "option": 2} in offered(table)
    refused(table, {"type": "demon_plan", "player": "p2", "demon": "boof-1", "option": 1},
            PRIORITY_1)
    table_event(table, "demon_plan", demon="boof-1", option=2)
    # Attack Dice 2 + 1 against Tripitaka's Defense 1 + 0: 2 damage.
    table_event(table, "demon_attack", demon="boof-1", target="tripitaka", attack_dice=[2, 1],
                defense_dice=[1, 0])
    assert pilgrim(table, "tripitaka")["hp"] == 6
    # The two Berroks behind the closed door take no actions: the End Phase is next.
    assert table.view()["phase"] == "end"
    table_event(table, "end_turn")
    assert state(table)["turn"] == 2
    assert conditions(table)["heroic_victory"] == "not_yet"

    # --- Turn 2 ---
    table_event(table, "maintenance")
    # The Monkey King plays one of his Skill Cards, breaks the door (the Berroks become active)
    # and defeats one Berrok, killing it.
    act(table, "monkey_king", "play_card", card="Phase Walk", kind="skill",
        duration="this_action")
    act(table, "monkey_king", "break_door", door="door-1", opens=["berrok-1", "berrok-2"])
    act(table, "monkey_king", "attack", targets=["berrok-1"], target_hp=3, **STRIKE)
    act(table, "monkey_king", "resolve_defeat", choice="kill", reward=1)
    assert "berrok-1" not in state(table)["demons"]
    assert pilgrim(table, "monkey_king")["bad_karma"] == 1
    # Monk Sha's weak blow leaves the other Berrok as it was (One Hit Kill).
    act(table, "monk_sha", "attack", targets=["berrok-2"], attack_dice=[1, 0], pilgrim_die=0,
        weapon_damage=1)
    assert "berrok-2" in state(table)["demons"]
    act(table, "monk_sha", "end_activation")
    act(table, "tripitaka", "rest")
    act(table, "tripitaka", "end_activation")
    act(table, "cho_hakkai", "move", steps=3, action_points=1)
    act(table, "cho_hakkai", "end_activation")
    before_spawn = set(state(table)["demons"])
    table_event(table, "spawn", gate="gate-1", card="reinforcement", demons=["berrok"])
    (spawned,) = set(state(table)["demons"]) - before_spawn
    # The killed Berrok's model is back in the box: the new Berrok may take its name.
    assert spawned.startswith("berrok-") and spawned != "berrok-2"
    # The activation order: the Demon closest to Tripitaka first.
    assert {"type": "measure", "of": "demons", "open": ["distances"]} in offered(table)
    table_event(table, "measure", of="demons", distances={"boof-1": 1, "berrok-2": 5, spawned: 8})
    refused(table, {"type": "demon_options", "player": "p2", "demon": "berrok-2", "options": [
        {"actions": ["move", "move"], "ends": "closer", "squares": 4}]}, CLOSEST_FIRST)
    # The Bullserker next to Tripitaka: both Action Points on him.
    table_event(table, "demon_options", demon="boof-1", options=[
        {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
         "targets": ["tripitaka"]}])
    table_event(table, "demon_plan", demon="boof-1", option=1)
    table_event(table, "demon_attack", demon="boof-1", target="tripitaka", attack_dice=[1, 1],
                defense_dice=[1, 0])
    table_event(table, "demon_attack", demon="boof-1", target="tripitaka", attack_dice=[2, 0],
                defense_dice=[0, 0])
    assert pilgrim(table, "tripitaka")["hp"] == 3
    # Figure 36: the Berrok can neither attack Tripitaka nor anyone else: Plan 4, a Double Move.
    table_event(table, "demon_options", demon="berrok-2", options=[
        {"actions": ["move", "move"], "ends": "closer", "squares": 4}])
    table_event(table, "demon_plan", demon="berrok-2", option=1)
    # Figure 34: the new Berrok moves 1 square and attacks, ending closer to Tripitaka (Plan 2),
    # rather than attacking and stepping away (Plan 3). Two such moves: one brings the Monkey King
    # (10 Health Points) into range, the other Monk Sha (9): Preference 2, the weakest Target.
    table_event(table, "demon_options", demon=spawned, options=[
        {"actions": ["attack", "move"], "ends": "not_closer", "squares": 1,
         "targets": ["monkey_king"]},
        {"actions": ["move", "attack"], "ends": "closer", "squares": 1,
         "targets": ["monkey_king"]},
        {"actions": ["move", "attack"], "ends": "closer", "squares": 1,
         "targets": ["monk_sha"]}])
    refused(table, {"type": "demon_plan", "player": "p2", "demon": spawned, "option": 1},
            PRIORITY_2)
    refused(table, {"type": "demon_plan", "player": "p2", "demon": spawned, "option": 2},
            WEAKEST)
    table_event(table, "demon_plan", demon=spawned, option=3)
    table_event(table, "demon_attack", demon=spawned, target="monk_sha",
                attack_dice=[2, 2], defense_dice=[1, 1])
    assert pilgrim(table, "monk_sha")["hp"] == 7
    assert pilgrim(table, "monkey_king")["hp"] == 10
    table_event(table, "end_turn")
    assert state(table)["turn"] == 3
    quest_conditions = conditions(table)
    assert quest_conditions["heroic_victory"] == "not_yet"

    # --- Turn 3: the last Demon of the house falls ---
    table_event(table, "maintenance")
    act(table, "monkey_king", "attack", targets=["berrok-2"], target_hp=3, **STRIKE)
    act(table, "monkey_king", "resolve_defeat", choice="kill", reward=1)
    view = table.view()
    assert view["over"] is True and view["legal"] == []
    assert view["scores"]["decided_by"]["rule"]["quote"] == HEROIC
    assert conditions(table)["heroic_victory"] == "met"
    after = table.send({"type": "rest", "player": "p2", "pilgrim": "monk_sha"})
    assert after.status_code == 422
    assert after.get_json()["error"]["rule"]["quote"] == HEROIC
    assert_calculator_agrees(client, view["scores"], "heroic_victory")
    assert_replayed_alike(client, table, {"type": "resolve_defeat", "player": "p1",
                                          "pilgrim": "monkey_king", "choice": "kill"})


TRANSFORMATION = book("In the Maintenance Phase when there are no Turn Tokens on the Villagers, "
                      "replace the Villager Token with a Bull Warrior.")
VICTORY = book("Victory: The Pilgrims must defeat all Demons in the Villagers' house.")


def demon_phase_one_berrok(table):
    """The Gate spawns one Berrok, far from everyone: Figure 36, Plan 4, a Double Move."""
    before = set(state(table)["demons"])
    table_event(table, "spawn", gate="gate-1", card="reinforcement", demons=["berrok"])
    (spawned,) = set(state(table)["demons"]) - before
    table_event(table, "demon_options", demon=spawned, options=[
        {"actions": ["move", "move"], "ends": "closer", "squares": 4}])
    table_event(table, "demon_plan", demon=spawned, option=1)
    table_event(table, "end_turn")
    return spawned


def demon_phase_figure_37(table):
    """A Bullserker spawns. Figure 37: it cannot attack Tripitaka, but can attack and end closer
    (Plan 2): 1 square to attack Monk Sha, 4 to attack the Monkey King, or 2 to attack both — it
    takes the 2 squares (Preference 1: the most Targets) and attacks each of them."""
    before = set(state(table)["demons"])
    table_event(table, "spawn", gate="gate-1", card="reinforcement", demons=["boof"])
    (spawned,) = set(state(table)["demons"]) - before
    # The only active Demon: no distances to measure.
    assert not any(e["type"] == "measure" for e in offered(table))
    table_event(table, "demon_options", demon=spawned, options=[
        {"actions": ["move", "attack"], "ends": "closer", "squares": 1, "targets": ["monk_sha"]},
        {"actions": ["move", "attack"], "ends": "closer", "squares": 4,
         "targets": ["monkey_king"]},
        {"actions": ["move", "attack"], "ends": "closer", "squares": 2,
         "targets": ["monk_sha", "monkey_king"]}])
    refused(table, {"type": "demon_plan", "player": "p2", "demon": spawned, "option": 1},
            MOST_TARGETS)
    table_event(table, "demon_plan", demon=spawned, option=3)
    table_event(table, "demon_attack", demon=spawned, target="monk_sha", attack_dice=[1, 1],
                defense_dice=[1, 0])
    table_event(table, "demon_attack", demon=spawned, target="monkey_king", attack_dice=[2, 1],
                defense_dice=[0, 0])
    assert (pilgrim(table, "monk_sha")["hp"], pilgrim(table, "monkey_king")["hp"]) == (8, 7)
    table_event(table, "end_turn")
    return spawned


def test_quest_1_with_the_villager_never_rescued_it_turns_and_the_victory_is_plain(client):
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"], "options": {
        "quest": "q1", "initiative": ORDER, "pilgrim_profiles": PROFILES}})
    roaming = None
    for turn in range(1, 6):
        assert state(table)["turn"] == turn
        table_event(table, "maintenance")
        if roaming:
            # Last turn's Berrok, come close: the Monkey King kills it.
            act(table, "monkey_king", "attack", targets=[roaming],
                target_hp=4 if roaming.startswith("boof") else 3, **STRIKE)
            act(table, "monkey_king", "resolve_defeat", choice="kill", reward=1)
            assert roaming not in state(table)["demons"]
        for name in ORDER:
            act(table, name, "end_activation")
        if turn == 3:
            roaming = demon_phase_figure_37(table)
        else:
            roaming = demon_phase_one_berrok(table)
        # One Turn Token comes off the Villagers in each End Phase: 5, then 4 ... 0.
        assert state(table)["tokens"]["villagers"] == ["villager-1"]
    assert state(table)["turn"] == 6
    house_before = {d for d, v in state(table)["demons"].items() if not v["active"]}
    table_event(table, "maintenance")
    # No Turn Token left: a Bull Warrior replaces the Villager Token.
    after = state(table)
    assert after["tokens"]["villagers"] == []
    transformed = {d for d, v in after["demons"].items() if v["type"] == "berrok"} - (
        house_before | {roaming})
    assert len(transformed) == 1
    assert conditions(table)["heroic_victory"] == "no_longer_possible"
    refused(table, {"type": "rescue_villager", "player": "p1", "pilgrim": "monkey_king",
                    "villager": "villager-1"}, TRANSFORMATION)
    # The Bull Warrior stands where the Villagers were: one of the Demons in the house (the
    # default reading), inactive behind the closed door like the other two. The Monkey King breaks
    # in and kills the two Berroks; Monk Sha the third.
    (last,) = transformed
    assert after["demons"][last]["active"] is False
    act(table, "monkey_king", "break_door", door="door-1", opens=["berrok-1", "berrok-2", last])
    act(table, "monkey_king", "attack", targets=["berrok-1"], target_hp=3, **STRIKE)
    act(table, "monkey_king", "resolve_defeat", choice="kill", reward=1)
    act(table, "monk_sha", "attack", targets=["berrok-2"], **STRIKE)
    act(table, "monk_sha", "resolve_defeat", choice="kill", reward=1)
    assert table.view()["over"] is False
    # (The Berrok's Health Points, entered for its kind, are asked again for this one: see the
    # note "Journey: the transformed Villager's Bull Warrior" in blind-findings.md.)
    act(table, "monk_sha", "attack", targets=[last], target_hp=3, **STRIKE)
    act(table, "monk_sha", "resolve_defeat", choice="kill", reward=1)
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["decided_by"]["rule"]["quote"] == VICTORY
    assert_calculator_agrees(client, view["scores"], "victory")


DEFEAT = book("Defeat: Tripitaka is defeated.")


def test_quest_1_lost_when_the_bullserker_defeats_tripitaka(client):
    """Two Turns in which the Pilgrims leave Tripitaka exposed: the Bullserker spawned in Turn 1
    rushes him (Plan 1) and hits for 6; in Turn 2 it stands and attacks twice: Tripitaka falls to
    0 Health Points and the Quest ends at once in Defeat."""
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"], "options": {
        "quest": "q1", "initiative": ORDER, "pilgrim_profiles": PROFILES}})
    table_event(table, "maintenance")
    for name in ORDER:
        act(table, name, "end_activation")
    table_event(table, "spawn", gate="gate-1", card="reinforcement", demons=["boof"])
    table_event(table, "demon_options", demon="boof-1", options=[
        {"actions": ["move", "attack"], "ends": "closer", "squares": 3, "targets": ["tripitaka"]}])
    table_event(table, "demon_plan", demon="boof-1", option=1)
    table_event(table, "demon_attack", demon="boof-1", target="tripitaka", attack_dice=[3, 3],
                defense_dice=[0, 0])
    assert pilgrim(table, "tripitaka")["hp"] == 2
    table_event(table, "end_turn")
    table_event(table, "maintenance")
    for name in ORDER:
        act(table, name, "end_activation")
    before = set(state(table)["demons"])
    table_event(table, "spawn", gate="gate-1", card="reinforcement", demons=["berrok"])
    (spawned,) = set(state(table)["demons"]) - before
    table_event(table, "measure", of="demons", distances={"boof-1": 1, spawned: 9})
    table_event(table, "demon_options", demon="boof-1", options=[
        {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
         "targets": ["tripitaka"]}])
    table_event(table, "demon_plan", demon="boof-1", option=1)
    table_event(table, "demon_attack", demon="boof-1", target="tripitaka", attack_dice=[2, 1],
                defense_dice=[1, 0])
    view = table.view()
    assert pilgrim(table, "tripitaka")["hp"] == 0
    assert view["over"] is True and view["legal"] == []
    assert view["scores"]["decided_by"]["rule"]["quote"] == DEFEAT
    assert view["scores"]["winners"] == []
    after = table.send({"type": "demon_attack", "player": "p2", "demon": "boof-1",
                        "target": "tripitaka", "attack_dice": [1, 1], "defense_dice": [0, 0]})
    assert after.status_code == 422
    assert after.get_json()["error"]["rule"]["quote"] == DEFEAT
    by_hand = calculated(client, GAME, {"outcome": "defeat", "players": ["Ann", "Ben"]})
    assert by_hand["winners"] == []
