"""Journey: Wrath of Demons, outsider scenarios (round 2b): the Quests' own setups, special rules,
Victory and Defeat, and the campaign between Quests, written from the rulebook and the API's own
description only (docs/games/journey.md, GET /api/games/journey), never the referee's code. They
go where tests/test_blind_scenarios_journey.py did not: Quests 6 to 10, late in a Quest."""

import pytest

from tests.api_table import ApiTable, quotes_from

GAME = "journey"
book = quotes_from(GAME)

PROFILES = {"cho_hakkai": {"max_hp": 12, "mv": 3}, "monk_sha": {"max_hp": 9},
            "monkey_king": {"max_hp": 10}, "tripitaka": {"max_hp": 8, "mv": 3}}
ORDER = ["monkey_king", "monk_sha", "tripitaka", "cho_hakkai"]
SEAT = {"monkey_king": "p1", "cho_hakkai": "p1", "monk_sha": "p2", "tripitaka": "p2"}
# One Karma Upgrade each, as Quests 6 to 9 give at setup: 10 Good Karma for a Permanent Skill
# Card of the Pilgrim's own deck.
ONE_UPGRADE = {"monkey_king": [{"good_karma": 10, "card": "Phase Walk"}],
               "cho_hakkai": [{"good_karma": 10, "card": "Greedy"}],
               "monk_sha": [{"good_karma": 10, "card": "Brotherhood of the Skull"}],
               "tripitaka": [{"good_karma": 10, "card": "Ninth Cycle Scripture"}]}
STRIKE = {"attack_dice": [3, 3], "pilgrim_die": 3, "weapon_damage": 3}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def start(client, quest, order=ORDER, position=None, **options):
    """A Guide Quest set up as printed, its first Maintenance Phase entered."""
    setup = {"game": GAME, "players": ["Ann", "Ben"],
             "options": {"quest": quest, "initiative": list(order), "pilgrim_profiles": PROFILES,
                         **options}}
    if position is not None:
        setup["position"] = position
    table = ApiTable(client, setup)
    table.accepted({"type": "maintenance", "player": "p1"})
    return table


def state(table):
    return table.view()["state"]


def act(table, pilgrim, kind, **event):
    return table.accepted({"type": kind, "player": SEAT[pilgrim], "pilgrim": pilgrim, **event})


def end(table, pilgrim):
    act(table, pilgrim, "end_activation")


def result(table):
    view = table.view()
    return view["over"], view["scores"].get("decided_by", {}).get("rule", {}).get("quote")


# Quest 6 - Kogaiji

Q6_VICTORY = book("Victory: The Pilgrims must (1) possess 2 Sutra Tokens and (2) Defeat Kogaiji.")
Q6_HEROIC = book("Heroic Victory: The Pilgrims must (1) Rescue the Villagers, (2) possess 2 Sutra "
                 "Tokens and (3) Defeat Kogaiji.")
Q6_DEFEAT = book("Defeat: All other conditions, including Defeating Kogaiji without holding 2 "
                 "Sutra Tokens or letting Tripitaka be Defeated.")


def quest_6(client, **position):
    return start(client, "q6", quest_setup={"upgrades": ONE_UPGRADE},
                 **({"position": position} if position else {}))


def defeat_kogaiji(table, pilgrim="monkey_king"):
    act(table, pilgrim, "attack", targets=["kogaiji-1"], target_hp=9, **STRIKE)


@pytest.mark.parametrize("sutras, rescued, quote", [
    (2, False, Q6_VICTORY), (2, True, Q6_HEROIC), (1, True, Q6_DEFEAT)])
def test_quest_6_ends_when_kogaiji_is_defeated_and_the_sutras_decide(client, sutras, rescued,
                                                                    quote):
    table = quest_6(client)
    for sutra in range(1, sutras + 1):
        act(table, "monkey_king", "collect_sutra", sutra=f"sutra-{sutra}")
    if sutras < 2:
        end(table, "monkey_king")
    if rescued:
        act(table, "monk_sha", "rescue_villager", villager="villager-1")
    else:
        act(table, "monk_sha", "rest")
    defeat_kogaiji(table, "monk_sha")
    over, decided_by = result(table)
    assert over is True
    assert decided_by == quote
    # The Quest stops at the Defeat, before any Kill or Cleanse: no Karma for Kogaiji.
    sha = state(table)["pilgrims"]["monk_sha"]
    assert sha["bad_karma"] == 0
    assert sha["good_karma"] == (3 if rescued else 0)
    assert table.view()["scores"]["winners"] == ([] if quote == Q6_DEFEAT else ["p1", "p2"])


def test_quest_6_only_one_gate_may_be_sealed(client):
    table = quest_6(client, pilgrims={"tripitaka": {"sutras": 2}})
    end(table, "monkey_king")
    end(table, "monk_sha")
    act(table, "tripitaka", "close_gate", gate="gate-1")
    table.refused({"type": "close_gate", "player": "p2", "pilgrim": "tripitaka",
                   "gate": "gate-2"},
                  book("Seal 1 Gate: A maximum of 1 Gate can be sealed, regardless of the means."))
    gates = state(table)["gates"]
    assert (gates["gate-1"]["status"], gates["gate-2"]["status"]) == ("closed", "inactive")
    assert state(table)["pilgrims"]["tripitaka"]["sutras"] == 1


def test_quest_6_the_gates_sleep_until_a_pilgrim_steps_on_their_map_tile(client):
    table = quest_6(client)
    gates = state(table)["gates"]
    assert {gate["status"] for gate in gates.values()} == {"inactive"}
    act(table, "monkey_king", "move", steps=4)
    act(table, "monkey_king", "gate_tile", gates=["gate-2"])
    gates = state(table)["gates"]
    assert gates["gate-2"]["status"] == "active"
    assert gates["gate-1"]["status"] == gates["gate-3"]["status"] == "inactive"


def test_quest_6_the_bull_demon_king_never_moves(client):
    table = quest_6(client, gates=[{"id": f"gate-{n}", "status": "inactive"} for n in (1, 2, 3)],
                    demons=["koorogg", "kogaiji"], sutras=["sutra-1", "sutra-2", "sutra-3"],
                    villagers=["villager-1"], boxes=["box-1"], doors=["door-1", "door-2"],
                    broken_doors=["door-3"], turn=3)
    for pilgrim in ORDER:
        end(table, pilgrim)
    table.accepted({"type": "measure", "player": "p2", "of": "demons",
                    "distances": {"koorogg-1": 3, "kogaiji-1": 6}})
    table.refused({"type": "demon_options", "player": "p2", "demon": "koorogg-1", "options": [
        {"actions": ["move", "attack"], "ends": "closer", "squares": 2,
         "targets": ["tripitaka"]}]},
        book("The Bull Demon King's Actions: The Bull Demon King does not move, but he will "
             "attack any Pilgrim that is in his attack zone/LOS."))
    table.accepted({"type": "demon_options", "player": "p2", "demon": "koorogg-1", "options": [
        {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
         "targets": ["tripitaka"]}]})


# Quest 7 - Demon Army

Q7_BOARD = {"gates": [{"id": f"gate-{n}", "status": "inactive"} for n in (1, 2, 3, 4)],
            "wells": ["well-1", "well-2"], "boxes": ["box-1"],
            "sutras": ["sutra-1", "sutra-2", "sutra-3", "sutra-4"],
            "broken_doors": ["door-1", "door-2"]}


def quest_7_late(client, demons=("berrok",), pilgrims=None):
    """Quest 7 joined at Turn 9: the whole Demon Spawn Deck has been played once (the Gates are
    inactive), Kei Lun (12 Health Points on his sheet) guards the chest."""
    held = sum(pilgrim.get("sutras", 0) for pilgrim in (pilgrims or {}).values())
    position = {**Q7_BOARD, "sutras": Q7_BOARD["sutras"][held:], "demons": list(demons), "turn": 9}
    if pilgrims:
        position["pilgrims"] = pilgrims
    return start(client, "q7", position=position, karma_upgrades="in_position",
                 quest_setup={"kei_lun_hp": 12, "drawn": 49})


def test_quest_7_the_treasure_chest_is_not_a_mystical_box(client):
    table = start(client, "q7", quest_setup={"upgrades": ONE_UPGRADE, "kei_lun_hp": 12})
    # Its only Mystical Box Token is the chest: no Pray, no Meditate is offered.
    assert not [event for event in table.view()["legal"]
                if event["type"] in ("pray", "meditate")]
    table.refused({"type": "pray", "player": "p1", "pilgrim": "monkey_king", "box": "box-1",
                   "card": "Wild Herbs"},
                  book("It is not a Mystical Box. Pilgrims cannot use it to Pray or Meditate."))
    act(table, "monkey_king", "treasure_chest", action="pick_up")
    assert state(table)["quest_state"]["chest_holder"] == "monkey_king"


def test_quest_7_kei_lun_guarding_must_attack_what_is_in_his_range(client):
    table = quest_7_late(client)
    for pilgrim in ORDER:
        end(table, pilgrim)
    table.refused({"type": "kei_lun_ally", "player": "p2", "action": "none", "guarding": True,
                   "in_range": ["berrok-1"]},
                  book("Priority 2: Attack all Demons and Pilgrims in range/LOS."))
    # Not yet guarding the chest: he moves towards it before anything else.
    table.refused({"type": "kei_lun_ally", "player": "p2", "action": "attack", "guarding": False,
                   "in_range": ["berrok-1"],
                   "attacks": [{"target": "berrok-1", "attack_dice": [3, 3, 3]}]},
                  book("Priority 1: Move 1 square forwards or rotate. He will move towards the "
                       "treasure chest to guard it"))


def test_quest_7_kei_lun_killed_by_a_demon_is_a_defeat(client):
    table = quest_7_late(client)
    for pilgrim in ORDER:
        end(table, pilgrim)
    table.accepted({"type": "kei_lun_ally", "player": "p2", "action": "none", "guarding": True,
                    "in_range": []})
    table.accepted({"type": "demon_options", "player": "p2", "demon": "berrok-1", "options": [
        {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
         "targets": ["kei_lun"]}]})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "berrok-1", "option": 1})
    table.accepted({"type": "kei_lun_attacked", "player": "p2", "demon": "berrok-1",
                    "attack_dice": [3, 3]})
    assert table.view()["over"] is False
    assert state(table)["quest_state"]["kei_lun"]["hp"] == 6
    table.accepted({"type": "kei_lun_attacked", "player": "p2", "demon": "berrok-1",
                    "attack_dice": [3, 3]})
    over, decided_by = result(table)
    assert (over, decided_by) == (True, book("Defeat: Tripitaka or Kei Lun are Killed."))
    assert table.view()["scores"]["winners"] == []


def test_quest_7_the_golden_peach_adds_one_to_every_cleanse_ritual(client):
    table = quest_7_late(client, pilgrims={"monkey_king": {"sutras": 4}})
    table.accepted({"type": "golden_peach", "player": "p2", "guarding": True, "same_tile": True})
    act(table, "monkey_king", "attack", targets=["berrok-1"], target_hp=3, **STRIKE)
    table.refused({"type": "resolve_defeat", "player": "p1", "pilgrim": "monkey_king",
                   "choice": "cleanse", "cleanse_dice": [1], "soul_power": 2},
                  book("Bathed in its radiant glow, Pilgrims gain +1 on all Cleanse Ritual rolls "
                       "automatically when these 3 conditions are satisfied:"))
    act(table, "monkey_king", "resolve_defeat", choice="cleanse", cleanse_dice=[1], soul_power=2,
        cleanse_bonus=1, reward=2)
    assert state(table)["pilgrims"]["monkey_king"]["good_karma"] == 2
    # The last Demon gone with the Gates inactive: the Quest ends, everybody alive.
    over, decided_by = result(table)
    assert (over, decided_by) == (True, book("Heroic Victory: All the Pilgrims and Kei Lun "
                                             "survive."))


# Quest 8 - Iron Fan's Interruption

Q8_BOARD = {"gates": [{"id": "gate-1", "status": "inactive"}], "boxes": ["box-1"],
            "wells": ["well-1"]}


def test_quest_8_iron_fan_defeated_takes_her_minions_and_returns_with_four_bull_archers(client):
    table = start(client, "q8", quest_setup={"upgrades": ONE_UPGRADE})
    assert sorted(state(table)["demons"]) == [
        "berrok-1", "berrok-2", "berrok-3", "berrok-4", "berrok-5", "yazuiji-1"]
    act(table, "monkey_king", "attack", targets=["yazuiji-1"], target_hp=9, **STRIKE)
    after = state(table)
    # Not Killed, not Cleansed: every Demon leaves at once, with no Karma for anyone.
    assert after["demons"] == {}
    assert (after["pilgrims"]["monkey_king"]["bad_karma"],
            after["pilgrims"]["monkey_king"]["good_karma"]) == (0, 0)
    assert table.view()["over"] is False
    # "Complete the Pilgrims' turn": the Monkey King still has his second Action Point.
    act(table, "monkey_king", "rest")
    for pilgrim in ORDER[1:]:
        end(table, pilgrim)
    table.refused({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                   "demons": ["berrok"]},
                  book("Respawn Iron Fan: Do not use the Demon Deck to spawn Demons each Demon "
                       "Phase."))
    assert sorted(state(table)["demons"]) == [
        "bharhaz-1", "bharhaz-2", "bharhaz-3", "bharhaz-4", "yazuiji-1"]


@pytest.mark.parametrize("cho_hakkai, quote", [
    ({"status": "dead", "hp": 0}, "Victory: Tripitaka survives."),
    ({"hp": 3}, "Heroic Victory: All the Pilgrims survive.")])
def test_quest_8_the_fourth_defeat_of_iron_fan_ends_it(client, cho_hakkai, quote):
    table = start(client, "q8", karma_upgrades="in_position", quest_setup={"defeats": 3},
                  position={**Q8_BOARD, "demons": ["yazuiji", "borrack", "borrack"], "turn": 12,
                            "pilgrims": {"cho_hakkai": cho_hakkai}})
    act(table, "monkey_king", "attack", targets=["yazuiji-1"], target_hp=9, **STRIKE)
    assert result(table) == (True, book(quote))


def test_quest_8_tripitaka_unconscious_is_not_yet_a_defeat_but_his_death_is(client):
    table = start(client, "q8", karma_upgrades="in_position", quest_setup={"defeats": 1},
                  position={**Q8_BOARD, "demons": ["yazuiji", "bharhaz"], "turn": 6,
                            "pilgrims": {"tripitaka": {"hp": 2}}})
    for pilgrim in ORDER:
        end(table, pilgrim)
    table.accepted({"type": "measure", "player": "p2", "of": "demons",
                    "distances": {"bharhaz-1": 1, "yazuiji-1": 7}})
    table.accepted({"type": "demon_options", "player": "p2", "demon": "bharhaz-1", "options": [
        {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
         "targets": ["tripitaka"]}]})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "bharhaz-1", "option": 1})
    table.accepted({"type": "demon_attack", "player": "p2", "demon": "bharhaz-1",
                    "target": "tripitaka", "attack_dice": [3, 3], "defense_dice": [1, 0]})
    tripitaka = state(table)["pilgrims"]["tripitaka"]
    assert (tripitaka["hp"], tripitaka["status"]) == (0, "unconscious")
    assert table.view()["over"] is False
    # Nobody revives him: face down, on his side, on his back, then dead at the third Maintenance.
    table = start(client, "q8", karma_upgrades="in_position", quest_setup={"defeats": 1},
                  position={**Q8_BOARD, "demons": ["yazuiji", "bharhaz"], "turn": 9,
                            "pilgrims": {"tripitaka": {"hp": 0, "status": "unconscious",
                                                       "posture": "back"}}})
    assert state(table)["pilgrims"]["tripitaka"]["status"] == "dead"
    assert result(table) == (True, book("Defeat: Tripitaka is Killed."))


# Quest 9 - Kogaiji's Trap

def test_quest_9_kogaiji_is_immune_under_his_spell_and_no_gate_can_be_sealed(client):
    table = start(client, "q9", quest_setup={"upgrades": ONE_UPGRADE},
                  order=["tripitaka", "monkey_king", "monk_sha", "cho_hakkai"])
    table.refused({"type": "close_gate", "player": "p2", "pilgrim": "tripitaka", "gate": "gate-1"},
                  book("Cannot Seal Gates: None of the Gates can be sealed, even with the Prayer "
                       "of Sealing."))
    table.refused({"type": "attack", "player": "p2", "pilgrim": "tripitaka",
                   "targets": ["kogaiji-1"], "target_hp": 9, **STRIKE},
                  book("He will not move or attack while doing so, and he is immune from attack."))
    assert not [event for event in table.view()["legal"]
                if event["type"] == "attack" and "kogaiji-1" in event["targets"]]


def test_quest_9_the_spinner_breaks_the_deception_then_finds_the_elder_monk(client):
    table = start(client, "q9", quest_setup={"upgrades": ONE_UPGRADE})
    act(table, "monkey_king", "rescue_attempt", villager="villager-1", spinner="black")
    after = state(table)
    assert sorted(after["demons"]) == ["borrack-1", "kogaiji-1"]
    assert "villager-1" not in after["tokens"]["villagers"]
    assert after["pilgrims"]["monkey_king"]["good_karma"] == 0
    act(table, "monkey_king", "rescue_attempt", villager="villager-2", spinner="white")
    after = state(table)
    assert after["pilgrims"]["monkey_king"]["good_karma"] == 3
    assert after["pilgrims"]["monkey_king"]["villagers"] == 1
    # The two other tokens in the room become Bull Generals; the box holds two: one is left to
    # place, so Demon Rage begins.
    assert after["tokens"]["villagers"] == []
    assert sorted(after["demons"]) == ["borrack-1", "borrack-2", "kogaiji-1"]
    assert after["rage"] is True
    # The spell is over: Kogaiji can be attacked.
    assert any(event["type"] == "attack" and event["targets"] == ["kogaiji-1"]
               for event in table.view()["legal"])
    act(table, "monk_sha", "attack", targets=["kogaiji-1"], target_hp=9,
        **{**STRIKE, "attack_dice": [1, 0]})


def test_quest_9_the_last_token_needs_no_spin_it_is_the_elder_monk(client):
    table = start(client, "q9", karma_upgrades="in_position", position={
        "gates": [{"id": "gate-1"}, {"id": "gate-2"}], "boxes": ["box-1", "box-2"],
        "doors": ["door-1", "door-2", "door-3"], "villagers": ["villager-4"],
        "demons": ["kogaiji", "borrack", "borrack"], "turn": 4,
        "pilgrims": {"monk_sha": {"villagers": 0}}})
    table.refused({"type": "rescue_attempt", "player": "p1", "pilgrim": "monkey_king",
                   "villager": "villager-4", "spinner": "black"},
                  book("Final Token: If there is only 1 of the 4 Villager Tokens left, there is no "
                       "need to use the Fortune Spinner when you attempt a Rescue. It is the Elder "
                       "Monk."))
    act(table, "monkey_king", "rescue_attempt", villager="villager-4")
    after = state(table)
    assert after["pilgrims"]["monkey_king"]["good_karma"] == 3
    assert sorted(after["demons"]) == ["borrack-1", "borrack-2", "kogaiji-1"]


def test_quest_9_kogaiji_defeated_stops_the_gates_and_the_last_minion_ends_it(client):
    table = start(client, "q9", karma_upgrades="in_position",
                  order=["tripitaka", "monkey_king", "monk_sha", "cho_hakkai"], position={
                      "gates": [{"id": "gate-1"}, {"id": "gate-2"}], "boxes": ["box-1", "box-2"],
                      "doors": ["door-1", "door-2", "door-3"], "villagers": [],
                      "demons": ["kogaiji", "borrack"], "turn": 5,
                      "pilgrims": {"monk_sha": {"villagers": 1}}})
    act(table, "tripitaka", "attack", targets=["kogaiji-1"], target_hp=9, **STRIKE)
    after = state(table)
    assert sorted(after["demons"]) == ["borrack-1"]
    assert {gate["status"] for gate in after["gates"].values()} == {"inactive"}
    assert (after["pilgrims"]["tripitaka"]["bad_karma"],
            after["pilgrims"]["tripitaka"]["good_karma"]) == (0, 0)
    assert after["pending"] is None
    assert table.view()["over"] is False
    act(table, "tripitaka", "attack", targets=["borrack-1"], target_hp=9, **STRIKE)
    act(table, "tripitaka", "resolve_defeat", choice="kill", reward=4)
    assert state(table)["pilgrims"]["tripitaka"]["bad_karma"] == 4
    over, decided_by = result(table)
    # Quests 8 and 9 print the same Victory lines: the quote runs on from Quest 9's end sentence.
    assert over is True
    assert decided_by.endswith(book("Heroic Victory: All the Pilgrims survive."))


# Quest 10 Part 1 - The Lair

TWO_UPGRADES = {
    "monkey_king": [{"good_karma": 10, "card": "Phase Walk"},
                    {"bad_karma": 10, "corruption": "Permanent Limp"}],
    "cho_hakkai": [{"good_karma": 10, "card": "Greedy"}, {"good_karma": 10, "card": "Iron Skin"}],
    "monk_sha": [{"good_karma": 10, "card": "Brotherhood of the Skull"},
                 {"good_karma": 10, "card": "Spirit of Fortune"}],
    "tripitaka": [{"good_karma": 10, "card": "Ninth Cycle Scripture"},
                  {"good_karma": 10, "card": "Om Chant"}]}


def test_quest_10_part_1_two_karma_upgrades_and_the_gates_racing_their_turn_tokens(client):
    table = start(client, "q10a", quest_setup={"upgrades": TWO_UPGRADES})
    monkey = state(table)["pilgrims"]["monkey_king"]
    assert (monkey["weapon_level"], monkey["corruption"]) == (2, ["Permanent Limp"])
    assert {"Phase Walk"} <= set(monkey["skills"])
    for _turn in range(1, 5):
        gates = state(table)["gates"]
        # 4 Turn Tokens on gate-1, 8 on gate-2: both inactive while they hold any.
        assert (gates["gate-1"]["status"], gates["gate-2"]["status"]) == ("inactive", "inactive")
        assert (gates["gate-3"]["status"], gates["gate-4"]["status"]) == ("active", "active")
        for pilgrim in ORDER:
            end(table, pilgrim)
        table.accepted({"type": "measure", "player": "p2", "of": "gates",
                        "distances": {"gate-3": 5, "gate-4": 9}})
        for gate in ("gate-3", "gate-4"):
            table.accepted({"type": "spawn", "player": "p2", "gate": gate, "card": "special",
                            "name": "Wild Attacks"})
        table.accepted({"type": "end_turn", "player": "p2"})
        table.accepted({"type": "maintenance", "player": "p2"})
    gates = state(table)["gates"]
    assert (gates["gate-1"]["status"], gates["gate-2"]["status"]) == ("active", "inactive")


Q10A_LATE = {"gates": [{"id": "gate-1"}, {"id": "gate-2", "status": "inactive"},
                       {"id": "gate-3"}, {"id": "gate-4"}],
             "boxes": ["box-1", "box-2", "box-3"], "broken_doors": ["bd-1", "bd-2", "bd-3"],
             "villagers": [f"villager-{n}" for n in range(1, 6)],
             "sutras": [f"sutra-{n}" for n in range(1, 5)], "demons": ["berrok"], "turn": 6}


@pytest.mark.parametrize("sha_sutras, quote", [
    (1, "Heroic Victory: The Pilgrims must have all 4 Sutra Tokens between them and then 1 "
        "Pilgrim steps onto the Fiery Bridge."),
    (0, "Defeat: Any Pilgrim is Killed or they don't have 4 Sutras when 1 Pilgrim reaches the "
        "Fiery Bridge.")])
def test_quest_10_part_1_the_fiery_bridge_with_the_sutras_between_them(client, sha_sutras, quote):
    table = start(client, "q10a", karma_upgrades="in_position", position={
        **Q10A_LATE, "sutras": ["sutra-4"] * (1 - sha_sutras),
        "pilgrims": {"monkey_king": {"sutras": 2}, "cho_hakkai": {"sutras": 1},
                     "monk_sha": {"sutras": sha_sutras}}})
    act(table, "monkey_king", "move", steps=3)
    act(table, "monkey_king", "fiery_bridge")
    assert result(table) == (True, book(quote))


def test_quest_10_part_1_any_pilgrim_killed_is_a_defeat(client):
    table = start(client, "q10a", karma_upgrades="in_position", position={
        **Q10A_LATE, "pilgrims": {"monk_sha": {"hp": 0, "status": "unconscious",
                                               "posture": "back"}}})
    assert state(table)["pilgrims"]["monk_sha"]["status"] == "dead"
    assert result(table) == (True, book(
        "Defeat: Any Pilgrim is Killed or they don't have 4 Sutras when 1 Pilgrim reaches the "
        "Fiery Bridge."))


# Quest 10 Part 2 - Seal the Gate

MANTRA = book("Summoning Mantra: For each Demon Lord chanting the Summoning Mantra, draw 2 Spawn "
              "Cards and alternately spawn the Demons from the two single Gates on the back tile.")


def quest_10_lair(client, demons=("koorogg",), order=ORDER, **pilgrims):
    """Quest 10 Part 2 joined at Turn 3: the Villagers rescued, the Lords named still in the
    lair, Tripitaka holding the 4 Sutras of the village."""
    return start(client, "q10b", order=order, karma_upgrades="in_position", position={
        "gates": [{"id": f"gate-{n}", "status": "inactive"} for n in range(1, 6)],
        "wells": ["well-1"], "demons": list(demons), "turn": 3,
        "villagers": [f"villager-{n}" for n in range(
            1, 4 - sum(pilgrim.get("villagers", 0) for pilgrim in pilgrims.values()))],
        "pilgrims": {"tripitaka": {"sutras": 4}, **pilgrims}})


def test_quest_10_part_2_setup_gives_tripitaka_the_sutras_and_the_lords_chant(client):
    table = start(client, "q10b", karma_upgrades="in_position")
    setup = state(table)
    assert setup["pilgrims"]["tripitaka"]["sutras"] == 4
    assert sorted(setup["demons"]) == ["kogaiji-1", "koorogg-1", "yazuiji-1"]
    for pilgrim in ORDER:
        end(table, pilgrim)
    # A Pilgrim on the Bull Demon King's tile: the two other Lords chant, 2 cards each, alternately.
    table.accepted({"type": "lords_tiles", "player": "p2", "with_pilgrims": ["koorogg-1"]})
    table.accepted({"type": "mantra_spawn", "player": "p2", "gate": "gate-2",
                    "card": "reinforcement", "demons": ["berrok"]})
    table.refused({"type": "mantra_spawn", "player": "p2", "gate": "gate-2",
                   "card": "reinforcement", "demons": ["berrok"]}, MANTRA)
    for gate in ("gate-1", "gate-2", "gate-1"):
        table.accepted({"type": "mantra_spawn", "player": "p2", "gate": gate,
                        "card": "reinforcement", "demons": ["berrok"]})
    assert len([demon for demon in state(table)["demons"] if demon.startswith("berrok")]) == 4
    # Two Lords chanting draw 4 cards, not 5.
    table.refused({"type": "mantra_spawn", "player": "p2", "gate": "gate-2",
                   "card": "reinforcement", "demons": ["berrok"]}, MANTRA)


def test_quest_10_part_2_the_villagers_tokens_add_attack_dice_against_the_bull_demon_king(client):
    table = quest_10_lair(client, monkey_king={"villagers": 1})
    table.refused({"type": "attack", "player": "p1", "pilgrim": "monkey_king",
                   "targets": ["koorogg-1"], **STRIKE},
                  book("A Pilgrim gets +1 ATT against the Bull Demon King for each Villager Token "
                       "in their possession."))
    act(table, "monkey_king", "attack", targets=["koorogg-1"], attack_dice=[3, 3, 3],
        pilgrim_die=0, weapon_damage=0)
    assert state(table)["pending"] is not None


def test_quest_10_part_2_the_bull_demon_king_killed_returns_after_two_turns(client):
    table = quest_10_lair(client, monkey_king={"villagers": 1})
    act(table, "monkey_king", "attack", targets=["koorogg-1"], attack_dice=[3, 3, 3],
        pilgrim_die=0, weapon_damage=0)
    act(table, "monkey_king", "resolve_defeat", choice="kill")
    after = state(table)
    assert after["demons"] == {}
    assert after["pilgrims"]["monkey_king"]["bad_karma"] == 5
    for _turn in (3, 4):
        for pilgrim in ORDER:
            end(table, pilgrim)
        # No Lord in the lair: no Mantra, nothing activates.
        table.accepted({"type": "end_turn", "player": "p2"})
        assert state(table)["demons"] == {}
        table.accepted({"type": "maintenance", "player": "p2"})
    # Two Turn Tokens, one off at each End of Turn: back at the Maintenance of Turn 5.
    assert list(state(table)["demons"]) == ["koorogg-1"]


def test_quest_10_part_2_a_lord_cleansed_is_gone_for_good_then_the_sealing_ritual(client):
    table = quest_10_lair(client, demons=("kogaiji",),
                          order=["tripitaka", "monkey_king", "monk_sha", "cho_hakkai"])
    table.refused({"type": "sealing_ritual", "player": "p2", "pilgrim": "tripitaka"},
                  book("There are no Demon Lords in the lair."))
    act(table, "tripitaka", "attack", targets=["kogaiji-1"], target_hp=9, **STRIKE)
    act(table, "tripitaka", "resolve_defeat", choice="cleanse", cleanse_dice=[3], soul_power=2,
        reward=4)
    after = state(table)
    assert after["demons"] == {} and after["quest_state"]["respawn"] == {}
    assert after["pilgrims"]["tripitaka"]["good_karma"] == 4
    act(table, "tripitaka", "sealing_ritual")
    assert result(table) == (True, book("Heroic Victory: Tripitaka completes the Sealing Ritual."))


def test_quest_10_part_2_a_sutra_spent_on_a_gate_makes_the_sealing_ritual_impossible(client):
    table = quest_10_lair(client, demons=(),
                          order=["tripitaka", "monkey_king", "monk_sha", "cho_hakkai"])
    act(table, "tripitaka", "close_gate", gate="gate-1")
    table.refused({"type": "sealing_ritual", "player": "p2", "pilgrim": "tripitaka"},
                  book("Tripitaka must spend 1 Action Point to throw the 4 Sutra Tokens collected "
                       "in the Village into the broken Seal of the Underworld and utter the Sealing "
                       "Mantra."))
    heroic = next(condition for condition in table.view()["scores"]["quest"]["conditions"]
                  if condition["outcome"] == "heroic_victory")
    assert heroic["status"] == "no_longer_possible"


# The campaign between Quests

def campaign(client, first):
    """A campaign of two players whose first Quest is `first`; its id, edit token and the first
    Quest as a table (entered with the campaign's edit token), its Maintenance entered."""
    response = client.post("/api/campaigns", json={
        "game": GAME, "players": ["Ann", "Ben"],
        "options": {"pilgrim_profiles": PROFILES, "initiative": ORDER}, "first": first})
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    table = ApiTable.__new__(ApiTable)
    table.client, table.created = client, body["first"]
    table.id, table.seq, table.token = body["first"]["id"], body["first"]["seq"], body["edit_token"]
    table.headers = {"Authorization": "Bearer " + table.token}
    table.accepted({"type": "maintenance", "player": "p1"})
    return body["id"], table


def next_quest(client, table, campaign_id, body):
    return client.post(f"/api/campaigns/{campaign_id}/quests", headers=table.headers,
                       json={"expected_quests": 1, **body})


def hurt_and_poisoned(table):
    """The Monkey King takes Poisoned (1 Health Point now) and a black spin's Misfortune (3)."""
    table.accepted({"type": "take_condition", "player": "p1", "pilgrim": "monkey_king",
                    "condition": "Poisoned"})
    act(table, "monkey_king", "meditate", box="box-1", spinner="black", misfortune="Ambush")
    act(table, "monkey_king", "misfortune", card="Ambush", lose={"hp": 3, "chi": 4})


def test_campaign_quest_6_then_7_resets_health_keeps_karma_and_takes_its_upgrades(client):
    campaign_id, table = campaign(client, {"quest": "q6", "upgrades": ONE_UPGRADE})
    hurt_and_poisoned(table)
    act(table, "monkey_king", "collect_sutra", sutra="sutra-1")
    act(table, "monk_sha", "collect_sutra", sutra="sutra-2")
    act(table, "monk_sha", "rescue_villager", villager="villager-1")
    act(table, "tripitaka", "attack", targets=["kogaiji-1"], target_hp=9, **STRIKE)
    assert result(table) == (True, Q6_HEROIC)
    seventh = {"monkey_king": [{"bad_karma": 10, "corruption": "Permanent Limp"}],
               "cho_hakkai": [{"good_karma": 10, "card": "Iron Skin"}],
               "monk_sha": [{"good_karma": 10, "card": "Spirit of Fortune"}],
               "tripitaka": [{"good_karma": 10, "card": "Om Chant"}]}
    q7_options = {"quest_setup": {"kei_lun_hp": 12}}
    # Quest 8 does not come after Quest 6.
    response = next_quest(client, table, campaign_id, {"quest": "q8", "upgrades": ONE_UPGRADE})
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] == book(
        "The Quests are written as parts of a longer story, to be played one at a time, in order.")
    response = next_quest(client, table, campaign_id, {
        "quest": "q7", "options": q7_options,
        "upgrades": {**seventh, "monkey_king": [{"good_karma": 5, "bad_karma": 5}]}})
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] == book(
        "However, you must take the Upgrades in 10 point blocks.")
    response = next_quest(client, table, campaign_id,
                          {"quest": "q7", "options": q7_options, "upgrades": seventh})
    assert response.status_code == 201, response.get_json()
    pilgrims = response.get_json()["state"]["pilgrims"]
    monkey = pilgrims["monkey_king"]
    assert (monkey["hp"], monkey["chi"], monkey["conditions"]) == (10, 10, [])
    assert (monkey["weapon_level"], monkey["corruption"]) == (2, ["Permanent Limp"])
    assert pilgrims["monk_sha"]["good_karma"] == 3
    assert set(pilgrims["monk_sha"]["skills"]) >= {"Brotherhood of the Skull", "Spirit of Fortune"}
    # Sutras and Villagers stay with the Quest they were found in.
    assert {pilgrim["sutras"] for pilgrim in pilgrims.values()} == {0}
    assert {pilgrim["villagers"] for pilgrim in pilgrims.values()} == {0}


def test_campaign_quest_10_part_2_carries_part_1_unchanged(client):
    campaign_id, table = campaign(client, {"quest": "q10a", "upgrades": TWO_UPGRADES})
    hurt_and_poisoned(table)
    act(table, "monkey_king", "collect_sutra", sutra="sutra-1")
    act(table, "monk_sha", "collect_sutra", sutra="sutra-2")
    act(table, "monk_sha", "rescue_villager", villager="villager-1")
    act(table, "tripitaka", "collect_sutra", sutra="sutra-3")
    act(table, "tripitaka", "collect_sutra", sutra="sutra-4")
    act(table, "cho_hakkai", "move", steps=3)
    act(table, "cho_hakkai", "fiery_bridge")
    assert table.view()["over"] is True
    response = next_quest(client, table, campaign_id, {"quest": "q10b", "options": {
        "initiative": ["tripitaka", "monkey_king", "monk_sha", "cho_hakkai"]}})
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] == book(
        "Keeping the same initiative order as Part 1, decide how you want to place the Pilgrims "
        "on the Fiery Bridge, highlighted on the Map.")
    response = next_quest(client, table, campaign_id, {"quest": "q10b"})
    assert response.status_code == 201, response.get_json()
    pilgrims = response.get_json()["state"]["pilgrims"]
    monkey = pilgrims["monkey_king"]
    # "Make no changes to the Pilgrims' Statistics, Cards or Initiative Markers": still hurt and
    # Poisoned, his Chi not restored.
    assert (monkey["hp"], monkey["chi"]) == (6, 6)
    assert [condition["name"] for condition in monkey["conditions"]] == ["Poisoned"]
    assert pilgrims["tripitaka"]["sutras"] == 4
    assert pilgrims["monk_sha"]["villagers"] == 0 and pilgrims["monk_sha"]["good_karma"] == 3


# Quests 1, 3 and 5 late in the Quest

def test_quest_1_the_villager_turns_into_a_bull_warrior_in_the_house_at_turn_6(client):
    table = start(client, "q1", position={
        "gates": [{"id": "gate-1"}], "villagers": ["villager-1"], "boxes": ["box-1"],
        "doors": ["door-1"], "inactive_demons": ["berrok", "berrok"], "turn": 5})
    for pilgrim in ORDER:
        end(table, pilgrim)
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                    "demons": ["bharhaz"]})
    table.accepted({"type": "demon_options", "player": "p2", "demon": "bharhaz-1",
                    "options": []})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "bharhaz-1", "option": 1})
    # The fifth End of Turn takes the last Turn Token off the Villager.
    table.accepted({"type": "end_turn", "player": "p2"})
    assert state(table)["tokens"]["villagers"] == ["villager-1"]
    table.accepted({"type": "maintenance", "player": "p2"})
    after = state(table)
    assert after["tokens"]["villagers"] == []
    assert sorted(after["demons"]) == ["berrok-1", "berrok-2", "berrok-3", "bharhaz-1"]
    assert after["demons"]["berrok-3"]["active"] is False
    parts = {part["text"]: part["status"]
             for condition in table.view()["scores"]["quest"]["conditions"]
             if condition["outcome"] == "heroic_victory" for part in condition["parts"]}
    assert parts["rescue the Villagers"] == "no_longer_possible"


def test_quest_3_the_last_gate_sealed_with_a_villager_in_the_safe_house_is_a_victory(client):
    table = start(client, "q3", order=["monkey_king", "monk_sha", "cho_hakkai", "tripitaka"],
                  quest_setup={"safe_house": ["villager-3"]}, position={
                      "gates": [{"id": "gate-1", "status": "closed"},
                                {"id": "gate-2", "status": "closed"}, {"id": "gate-3"}],
                      "villagers": ["villager-3"], "sutras": [], "wells": ["well-1"],
                      "boxes": ["box-1"], "broken_doors": ["bd-1"], "demons": ["borrack"],
                      "turn": 6, "pilgrims": {"tripitaka": {"sutras": 1},
                                              "monk_sha": {"villagers": 2}}})
    table.refused({"type": "rescue_villager", "player": "p1", "pilgrim": "monkey_king",
                   "villager": "villager-3"},
                  book("Safe House: You cannot Rescue the Villagers in the house."))
    for pilgrim in ("monkey_king", "monk_sha", "cho_hakkai"):
        end(table, pilgrim)
    act(table, "tripitaka", "close_gate", gate="gate-3")
    assert result(table) == (True, book("Victory: The Pilgrims must (1) seal all the Gates."))


def test_quest_5_kei_lun_trampling_the_sutra_leaves_only_the_plain_victory(client):
    table = start(client, "q5", order=["monkey_king", "monk_sha", "cho_hakkai", "tripitaka"])
    for pilgrim in ("monkey_king", "monk_sha", "cho_hakkai", "tripitaka"):
        end(table, pilgrim)
    # Nobody in his range: the Pilgrim Die's 1 moves him forwards, onto the Sutra.
    table.accepted({"type": "kei_lun", "player": "p2", "in_range": [], "die": 1,
                    "destroys": ["sutra-1"]})
    assert state(table)["tokens"]["sutras"] == []
    heroic = next(condition for condition in table.view()["scores"]["quest"]["conditions"]
                  if condition["outcome"] == "heroic_victory")
    assert heroic["status"] == "no_longer_possible"


def test_quest_10_part_2_chanting_lords_do_not_activate_the_lord_with_a_pilgrim_does(client):
    table = start(client, "q10b", karma_upgrades="in_position")
    for pilgrim in ORDER:
        end(table, pilgrim)
    table.accepted({"type": "lords_tiles", "player": "p2", "with_pilgrims": ["koorogg-1"]})
    for gate in ("gate-1", "gate-2", "gate-1", "gate-2"):
        table.accepted({"type": "mantra_spawn", "player": "p2", "gate": gate, "card": "special",
                        "name": "Wild Attacks"})
    table.refused({"type": "demon_options", "player": "p2", "demon": "kogaiji-1", "options": [
        {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
         "targets": ["tripitaka"]}]},
        book("If there are no Pilgrims on the Map Tile with a Demon Lord, then the Demon will "
             "chant the Summoning Mantra."))
    table.accepted({"type": "demon_options", "player": "p2", "demon": "koorogg-1", "options": [
        {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
         "targets": ["monkey_king"]}]})


def test_campaign_moves_on_after_a_lost_quest_with_the_books_advice(client):
    campaign_id, table = campaign(client, {"quest": "q6", "upgrades": ONE_UPGRADE})
    # Kogaiji Defeated with no Sutra held: the Quest is lost.
    act(table, "monkey_king", "attack", targets=["kogaiji-1"], target_hp=9, **STRIKE)
    assert result(table) == (True, Q6_DEFEAT)
    response = next_quest(client, table, campaign_id, {
        "quest": "q7", "upgrades": ONE_UPGRADE, "options": {"quest_setup": {"kei_lun_hp": 12}}})
    assert response.status_code == 201, response.get_json()
    quotes = [step["rule"]["quote"] for step in response.get_json()["carry_over"]]
    assert book("We recommend that you do not move on to the next Quest until you win the "
                "current one.") in quotes
    # A phone still showing one Quest cannot start another.
    stale = next_quest(client, table, campaign_id, {"quest": "q8", "upgrades": ONE_UPGRADE})
    assert stale.status_code == 409


CLOSED_FOR_GOOD = book("Closed Gates never become active again.")


def test_quest_3_a_gate_closed_before_the_central_tile_does_not_wake_with_the_others(client):
    table = start(client, "q3", order=["monkey_king", "monk_sha", "cho_hakkai", "tripitaka"])
    for pilgrim in ("monkey_king", "monk_sha", "cho_hakkai"):
        end(table, pilgrim)
    act(table, "tripitaka", "collect_sutra", sutra="sutra-1")
    act(table, "tripitaka", "close_gate", gate="gate-1")
    table.accepted({"type": "demon_options", "player": "p2", "demon": "borrack-1",
                    "options": []})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "borrack-1", "option": 1})
    table.accepted({"type": "end_turn", "player": "p2"})
    table.accepted({"type": "maintenance", "player": "p2"})
    act(table, "monkey_king", "central_tile")
    gates = state(table)["gates"]
    assert gates == {"gate-1": {"status": "closed"}, "gate-2": {"status": "active"},
                     "gate-3": {"status": "active"}}, CLOSED_FOR_GOOD


def test_quest_10_part_1_a_gate_closed_under_its_turn_tokens_stays_closed(client):
    order = ["tripitaka", "monkey_king", "monk_sha", "cho_hakkai"]
    table = start(client, "q10a", order=order, quest_setup={"upgrades": TWO_UPGRADES})
    act(table, "tripitaka", "collect_sutra", sutra="sutra-1")
    act(table, "tripitaka", "close_gate", gate="gate-1")
    for _turn in range(4):
        for pilgrim in order:
            if state(table)["activation"]["pilgrim"] == pilgrim:
                end(table, pilgrim)
        table.accepted({"type": "measure", "player": "p2", "of": "gates",
                        "distances": {"gate-3": 5, "gate-4": 9}})
        for gate in ("gate-3", "gate-4"):
            table.accepted({"type": "spawn", "player": "p2", "gate": gate, "card": "special",
                            "name": "Wild Attacks"})
        table.accepted({"type": "end_turn", "player": "p2"})
        table.accepted({"type": "maintenance", "player": "p2"})
    # Its 4 Turn Tokens are gone, but a Closed Gate never wakes; and with a Sutra spent the
    # Heroic Victory (the only one) is out of reach.
    assert state(table)["gates"]["gate-1"]["status"] == "closed", CLOSED_FOR_GOOD
    heroic = next(condition for condition in table.view()["scores"]["quest"]["conditions"]
                  if condition["outcome"] == "heroic_victory")
    assert heroic["status"] == "no_longer_possible"


def test_quest_9_the_rage_of_the_broken_deception_ends_when_kogaiji_is_defeated(client):
    table = start(client, "q9", quest_setup={"upgrades": ONE_UPGRADE})
    act(table, "monkey_king", "rescue_attempt", villager="villager-1", spinner="black")
    # The Elder Monk: two tokens left in the room, one Bull General model left: Demon Rage.
    act(table, "monkey_king", "rescue_attempt", villager="villager-2", spinner="white")
    assert state(table)["rage"] is True
    end(table, "monk_sha")
    act(table, "tripitaka", "attack", targets=["kogaiji-1"], target_hp=9, **STRIKE)
    act(table, "tripitaka", "attack", targets=["borrack-1"], target_hp=9, **STRIKE)
    act(table, "tripitaka", "resolve_defeat", choice="kill", reward=4)
    end(table, "cho_hakkai")
    # "Demon Rage begins and lasts until Kogaiji is Defeated": borrack-2 has 2 Action Points.
    table.refused({"type": "demon_options", "player": "p2", "demon": "borrack-2", "options": [
        {"actions": ["attack", "attack", "attack"], "ends": "not_closer", "squares": 0,
         "targets": ["monkey_king"]}]},
        book("Demons normally get 2 Action Points, but if they are in a Demon Rage, they will "
             "get 3."))
    table.accepted({"type": "demon_options", "player": "p2", "demon": "borrack-2", "options": [
        {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
         "targets": ["monkey_king"]}]})


def test_quest_7_a_demon_picks_kei_lun_as_the_weakest_fifth_pilgrim(client):
    table = start(client, "q7", position={**Q7_BOARD, "demons": ["berrok"], "turn": 9},
                  karma_upgrades="in_position", quest_setup={"kei_lun_hp": 3, "drawn": 49})
    for pilgrim in ORDER:
        end(table, pilgrim)
    table.accepted({"type": "kei_lun_ally", "player": "p2", "action": "none", "guarding": True,
                    "in_range": []})
    # Two Plan 3 options: the Monkey King (10 Health Points) or Kei Lun (3).
    table.accepted({"type": "demon_options", "player": "p2", "demon": "berrok-1", "options": [
        {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
         "targets": ["monkey_king"]},
        {"actions": ["move", "attack"], "ends": "not_closer", "squares": 1,
         "targets": ["kei_lun"]}]})
    table.refused({"type": "demon_plan", "player": "p2", "demon": "berrok-1", "option": 1},
                  book("Preference 2: Attack the weakest Target (the lowest number of Health "
                       "Points)."))
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "berrok-1", "option": 2})


def test_quest_10_part_2_tripitaka_unconscious_is_already_the_defeat(client):
    table = quest_10_lair(client, demons=("kogaiji",),
                          order=["tripitaka", "monkey_king", "monk_sha", "cho_hakkai"],
                          tripitaka={"sutras": 4, "hp": 1})
    # A red-line square takes his last Health Point: Defeated (not yet Killed) ends Part 2.
    act(table, "tripitaka", "move", steps=1, red=1)
    assert state(table)["pilgrims"]["tripitaka"]["status"] == "unconscious"
    over, decided_by = result(table)
    assert over is True
    assert decided_by.endswith(book("Defeat: Tripitaka is Defeated."))
    assert table.view()["scores"]["winners"] == []


def test_quest_8_iron_fan_defeated_by_the_asura_seal_returns_the_next_demon_phase(client):
    order = ["tripitaka", "monkey_king", "monk_sha", "cho_hakkai"]
    table = start(client, "q8", order=order, karma_upgrades="in_position",
                  quest_setup={"defeats": 1},
                  position={**Q8_BOARD, "demons": ["yazuiji", "bharhaz"], "turn": 5,
                            "pilgrims": {"tripitaka": {"hand": ["Asura Seal"]}}})
    table.accepted({"type": "play_card", "player": "p2", "pilgrim": "tripitaka",
                    "card": "Asura Seal", "kind": "skill", "duration": "end_of_turn"})
    for pilgrim in order:
        end(table, pilgrim)
    table.accepted({"type": "measure", "player": "p2", "of": "demons",
                    "distances": {"yazuiji-1": 1, "bharhaz-1": 5}})
    table.accepted({"type": "demon_options", "player": "p2", "demon": "yazuiji-1", "options": [
        {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
         "targets": ["tripitaka"]}]})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "yazuiji-1", "option": 1})
    # Reflected: 6 on the dice, 1 for her Demon Die's 2, 2 of Crushing for the blocked Knock
    # Back: 9, Iron Fan's Health Points. Her second Defeat: she and the Bull Archer leave.
    table.accepted({"type": "demon_attack", "player": "p2", "demon": "yazuiji-1",
                    "target": "tripitaka", "attack_dice": [3, 3], "demon_die": 2,
                    "knock_back_blocked": 2, "demon_hp": 9})
    after = state(table)
    assert after["demons"] == {} and after["pending"] is None
    assert after["pilgrims"]["tripitaka"]["bad_karma"] == 0
    assert table.view()["phase"] == "end"
    table.accepted({"type": "end_turn", "player": "p2"})
    table.accepted({"type": "maintenance", "player": "p2"})
    for pilgrim in order:
        end(table, pilgrim)
    # Second Respawn: 3 Bullserkers, then Iron Fan.
    assert sorted(state(table)["demons"]) == ["boof-1", "boof-2", "boof-3", "yazuiji-1"]


def test_quest_2_ten_good_karma_counts_for_the_heroic_victory_though_traded_at_once(client):
    table = start(client, "q2", position={
        "gates": [{"id": "gate-1"}, {"id": "gate-2"}], "sutras": ["sutra-1", "sutra-2", "sutra-3"],
        "villagers": ["villager-1"], "wells": ["well-1"], "demons": ["berrok"], "turn": 2,
        "pilgrims": {"monk_sha": {"good_karma": 7},
                     "cho_hakkai": {"hp": 0, "status": "unconscious", "posture": "face_down"}}})
    end(table, "monkey_king")
    act(table, "monk_sha", "rescue_villager", villager="villager-1")
    assert state(table)["pilgrims"]["monk_sha"]["good_karma"] == 10
    table.accepted({"type": "karma_trade", "player": "p2", "pilgrim": "monk_sha", "kind": "good",
                    "card": "Spirit of Fortune"})
    assert state(table)["pilgrims"]["monk_sha"]["good_karma"] == 0
    heroic = next(condition for condition in table.view()["scores"]["quest"]["conditions"]
                  if condition["outcome"] == "heroic_victory")
    parts = {part["text"]: part["status"] for part in heroic["parts"]}
    assert parts["a Pilgrim must advance to 10 Good Karma"] == "met"
    assert parts["a Pilgrim must advance to 10 Bad Karma"] == "not_yet"


def test_quest_9_kogaiji_under_his_spell_takes_no_action_in_the_demon_phase(client):
    table = start(client, "q9", quest_setup={"upgrades": ONE_UPGRADE})
    for pilgrim in ORDER:
        end(table, pilgrim)
    table.accepted({"type": "measure", "player": "p2", "of": "gates",
                    "distances": {"gate-1": 3, "gate-2": 6}})
    for gate in ("gate-1", "gate-2"):
        table.accepted({"type": "spawn", "player": "p2", "gate": gate, "card": "reinforcement",
                        "demons": ["berrok"]})
    table.accepted({"type": "measure", "player": "p2", "of": "demons",
                    "distances": {"berrok-1": 2, "berrok-2": 5, "kogaiji-1": 4}})
    table.refused({"type": "demon_options", "player": "p2", "demon": "kogaiji-1", "options": [
        {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
         "targets": ["tripitaka"]}]},
        book("He will not move or attack while doing so, and he is immune from attack."))
    assert all(event.get("demon") != "kogaiji-1" for event in table.view()["legal"])


def test_quest_10_part_2_a_lord_killed_waits_behind_the_seal_so_the_ritual_may_go_on(client):
    table = quest_10_lair(client, order=["tripitaka", "monkey_king", "monk_sha", "cho_hakkai"])
    act(table, "tripitaka", "attack", targets=["koorogg-1"], **STRIKE)
    act(table, "tripitaka", "resolve_defeat", choice="kill")
    assert state(table)["quest_state"]["respawn"] == {"koorogg": 2}
    assert state(table)["pilgrims"]["tripitaka"]["bad_karma"] == 5
    # Killed, he stands off the board behind the Seal: no Demon Lord is in the lair.
    act(table, "tripitaka", "sealing_ritual")
    assert result(table) == (True, book("Heroic Victory: Tripitaka completes the Sealing Ritual."))


def test_quest_8_no_defeat_of_iron_fan_before_turn_1(client):
    response = client.post("/api/sessions", json={
        "game": GAME, "players": ["Ann", "Ben"],
        "options": {"quest": "q8", "initiative": ORDER, "pilgrim_profiles": PROFILES,
                    "quest_setup": {"upgrades": ONE_UPGRADE, "defeats": 3}}})
    assert response.status_code == 400
    assert response.get_json()["error"]["field"].startswith("options.quest_setup")
