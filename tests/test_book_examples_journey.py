"""Journey: Wrath of Demons, the rulebook's own worked examples that no earlier test replays
(docs/book-examples.md lists them all), each played through the API as the book tells it, with the
outcome the book states. Written by an outsider from the rulebook, docs/games/journey.md and
GET /api/games/journey only, never the referee's code."""

import pytest

from tests.api_table import ApiTable, as_seen, quotes_from

GAME = "journey"
book = quotes_from(GAME)

PLAY_ANYTIME = book("However, a Player cannot interrupt the game once a random result is revealed "
                    "until its result is applied or when a Pilgrim is Unconscious.")
UNCONSCIOUS_NO_CARDS = book("Pilgrims cannot play cards or take any other actions when they are "
                            "Unconscious.")
LOS_BLOCKED = book("None of the squares directly between the Attacker and the Target can be "
                   "blocked by other Miniatures, tokens or impassable terrain")
RANGE_LOS = book("The Attacker can only attack Targets that are in range and that the Attacker "
                 "can see clearly.")
NOT_A_PILGRIM = book("Pilgrims cannot target other Pilgrims")
BLOCKED = book("A Miniature cannot move into or through a square which is blocked.")
PRIORITY_1 = book("Priority 1: Use the Action Points to attack Tripitaka, possibly more than once.")
PRIORITY_2 = book("Priority 2: Use the Action Points to attack any other Target, so long as the "
                  "Demon ends closer on the board to Tripitaka.")
PRIORITY_4 = book("Priority 4: Use the Action Points to move towards Tripitaka.")
DEMON_TARGETS = book("Targeting: Demons are powerful creatures that will attack all Targets in their "
                     "Attack Range. So \"attack Tripitaka\" really means \"attack Tripitaka and all "
                     "other Pilgrims in range, with LOS\".")
MOST_TARGETS = book("Preference 1: Attack the most Targets possible.")
CAPPED = book("If you cannot use all the points above its maximum, increase the statistic to its "
              "maximum and discard the card normally.")
SAME_TARGET_AGAIN = book("If there is no limitation, you can choose any legal Target for the second "
                         "Attack, including the same Target if you failed to remove it.")
HALVED = book("Reduce to Half: Sometimes you are instructed to halve a statistic. Round all results "
              "down. If you have a MV of 5, that is a MV of 2 if halved.")

PROFILES = {"cho_hakkai": {"max_hp": 12, "mv": 3}, "monk_sha": {"max_hp": 9, "mv": 3},
            "monkey_king": {"max_hp": 10, "mv": 4}, "tripitaka": {"max_hp": 8, "mv": 3}}
SEAT = {"monkey_king": "p1", "cho_hakkai": "p1", "monk_sha": "p2", "tripitaka": "p2"}
ORDER = ["monkey_king", "monk_sha", "tripitaka", "cho_hakkai"]
BOARD = {"boxes": [], "wells": [], "doors": [], "sutras": [], "villagers": [],
         "gates": [{"id": "gate-1", "status": "inactive"}]}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def table_for(client, demons, pilgrims=None, order=ORDER, **position):
    """A table's own Quest (free play): Ann (p1) has the Monkey King and Cho Hakkai, Ben (p2) Monk
    Sha and Tripitaka; the only Gate inactive, so nothing spawns; Turn 1's Maintenance entered."""
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"], "options": {
        "initiative": order, "pilgrim_profiles": PROFILES},
        "position": {**BOARD, "demons": list(demons), "pilgrims": pilgrims or {}, **position}})
    table.accepted({"type": "maintenance", "player": "p1"})
    return table


def by(pilgrim, event_type, **facts):
    return {"type": event_type, "player": SEAT[pilgrim], "pilgrim": pilgrim, **facts}


def pilgrim(table, name):
    return table.view()["state"]["pilgrims"][name]


def to_demon_activations(table, distances):
    """Every Pilgrim ends his activation; nothing spawns; the Demons measured to Tripitaka."""
    for name in ORDER:
        if pilgrim(table, name)["status"] == "active":
            table.accepted(by(name, "end_activation"))
    while table.view()["phase"] == "demons_spawn":
        table.accepted(next(e for e in table.view()["legal"] if "open" not in e))
    if len(distances) > 1:
        table.accepted({"type": "measure", "player": "p2", "of": "demons",
                        "distances": distances})
    assert table.view()["phase"] == "demons_activate"


def options(table, demon, *choices):
    table.accepted({"type": "demon_options", "player": "p2", "demon": demon,
                    "options": list(choices)})


def plan_refused(table, demon, option, quote):
    before = as_seen(table.view())
    table.refused({"type": "demon_plan", "player": "p2", "demon": demon, "option": option}, quote)
    assert as_seen(table.view()) == before


def plan(table, demon, option):
    table.accepted({"type": "demon_plan", "player": "p2", "demon": demon, "option": option})


def rule_quotes(error):
    return [error["rule"]["quote"]] + [rule["quote"] for rule in error.get("rules", [])]


# --- Cards › Timing › Play Anytime ---------------------------------------------------------------

def test_play_anytime_example_wild_herbs_is_too_late_after_the_bull_warriors_roll(client):
    # "Example A Bull Warrior attacks the Monkey King (HP 3), the dice are rolled and the result is
    # 4 damage for Monkey. It is too late for Monkey to play his Wild Herbs and gain 3 Health
    # Points - The results must be applied and he becomes Unconscious."
    table = table_for(client, ["berrok"], {"monkey_king": {"hp": 3, "fortune": ["Wild Herbs"]}})
    to_demon_activations(table, {})
    options(table, "berrok-1", {"actions": ["attack", "attack"], "ends": "not_closer",
                                "squares": 0, "targets": ["monkey_king"]})
    plan(table, "berrok-1", 1)
    roll = {"type": "demon_attack", "player": "p2", "demon": "berrok-1", "target": "monkey_king",
            "attack_dice": [2, 2], "defense_dice": [0, 0]}
    herbs = {"pilgrim": "monkey_king", "card": "Wild Herbs", "kind": "fortune", "hp": 3,
             "timing": "anytime", "played": "after_roll"}
    table.refused({**roll, "cards": [herbs]}, PLAY_ANYTIME)
    table.accepted(roll)
    monkey = pilgrim(table, "monkey_king")
    assert (monkey["hp"], monkey["status"]) == (0, "unconscious")
    assert monkey["fortune"] == ["Wild Herbs"]
    error = table.refused(by("monkey_king", "play_card", card="Wild Herbs", kind="fortune",
                             gain={"hp": 3}), "Unconscious")
    assert {PLAY_ANYTIME, UNCONSCIOUS_NO_CARDS} & set(rule_quotes(error))


# --- Attack › Defeat! ----------------------------------------------------------------------------

def test_two_damage_against_three_defense_fails_three_against_two_takes_one(client):
    # "If the total damage is 0 or less, for example the Attacker scores 2 damage and the Target
    # scores 3 defense, the attack is a complete failure. No damage is applied to the Target."
    # "If the total damage is 1 or more, for example the Attacker scores 3 damage and the Target
    # scores 2 defense, the Target might be affected." — Monk Sha has a Health Track: 1 off.
    table = table_for(client, ["berrok"])
    to_demon_activations(table, {})
    options(table, "berrok-1", {"actions": ["attack", "attack"], "ends": "not_closer",
                                "squares": 0, "targets": ["monk_sha"]})
    plan(table, "berrok-1", 1)
    attack = {"type": "demon_attack", "player": "p2", "demon": "berrok-1", "target": "monk_sha"}
    table.accepted({**attack, "attack_dice": [1, 1], "defense_dice": [2, 1]})
    assert pilgrim(table, "monk_sha")["hp"] == 9
    table.accepted({**attack, "attack_dice": [2, 1], "defense_dice": [1, 1]})
    assert pilgrim(table, "monk_sha")["hp"] == 8


# --- Fortune Cards › increases capped at the maximum ----------------------------------------------

def test_a_healing_card_raises_health_only_to_the_maximum_and_is_discarded(client):
    # "- Gain 2 Health Points ... When you play these cards, the statistic cannot be raised above its
    # maximum." Wild Herbs ("gain 3 Health Points") played at 9 of 10: 10, the card discarded.
    table = table_for(client, ["berrok"], {"monkey_king": {"hp": 9, "fortune": ["Wild Herbs"]}})
    table.accepted(by("monkey_king", "play_card", card="Wild Herbs", kind="fortune",
                      gain={"hp": 3}))
    monkey = pilgrim(table, "monkey_king")
    assert (monkey["hp"], monkey["fortune"]) == (10, [])


# --- Miscellaneous › Attack Twice for 1 Action Point ----------------------------------------------

def test_a_second_attack_on_the_same_target_after_the_first_failed(client):
    # SAME_TARGET_AGAIN: a card giving 2 Attacks for 1 Action Point, no limitation printed; the
    # first Attack leaves the Berrok standing, the second on it again, for the same Action Point.
    table = table_for(client, ["berrok", "berrok"])
    strike = {"pilgrim": "monkey_king", "card": "Double Strike", "attacks": 2,
              "timing": "before_trigger", "played": "before_roll"}
    table.accepted(by("monkey_king", "attack", targets=["berrok-1"], attack_dice=[1, 0],
                      pilgrim_die=0, weapon_damage=0, target_hp=3, cards=[strike]))
    assert "berrok-1" in table.view()["state"]["demons"]
    table.accepted(by("monkey_king", "attack", targets=["berrok-1"], attack_dice=[3, 1],
                      pilgrim_die=1, weapon_damage=1, same_action=True))
    assert any(event["type"] == "resolve_defeat" for event in table.view()["legal"])
    assert table.view()["state"]["activation"]["spent"] == 1


# --- Movement Examples (Figures 5 and 6) ----------------------------------------------------------

def test_figure_5_cho_hakkai_rotates_twice_then_steps_forwards(client):
    table = table_for(client, ["berrok"], order=["cho_hakkai", "monkey_king", "monk_sha",
                                                "tripitaka"])
    table.accepted(by("cho_hakkai", "move", steps=1, turns=2))
    assert table.view()["state"]["activation"]["spent"] == 1


def test_figure_6_the_monkey_king_goes_round_tripitaka_with_a_double_move(client):
    # "Monkey cannot move through an obstruction like Tripitaka. To move ahead, he must use a
    # Double Move including a series of turns and steps to get around Tripitaka."
    table = table_for(client, ["berrok"])
    table.refused(by("monkey_king", "move", steps=2, through_blocked=True,
                     obstruction="miniature"), BLOCKED)
    table.accepted(by("monkey_king", "move", steps=4, turns=4, action_points=2))
    assert table.view()["state"]["activation"]["pilgrim"] == "monk_sha"


# --- Range and Line of Sight (Figures 13, 15 and 16) ----------------------------------------------

def test_figure_13_cho_hakkai_cannot_attack_to_his_rear(client):
    table = table_for(client, ["berrok"], order=["cho_hakkai", "monkey_king", "monk_sha",
                                                "tripitaka"])
    table.refused(by("cho_hakkai", "attack", targets=["berrok-1"], attack_dice=[2, 2],
                     pilgrim_die=2, weapon_damage=2, in_range=False), RANGE_LOS)


def test_figures_15_and_16_monk_shas_one_legal_target_then_the_boof(client):
    # Figure 15: "Tripitaka and the Berrok block Line of Sight to the Boof. Monk Sha cannot attack
    # another Pilgrim, so he only has one legal Target here." Figure 16: once the Bull Warrior is
    # Killed, "he would then be able to target the Boof Bullserker" with his second Attack Action.
    table = table_for(client, ["berrok", "boof"], order=["monk_sha", "monkey_king", "tripitaka",
                                                         "cho_hakkai"])
    blow = {"attack_dice": [3, 3], "pilgrim_die": 3, "weapon_damage": 3}
    table.refused(by("monk_sha", "attack", targets=["boof-1"], los=False, **blow), LOS_BLOCKED)
    table.refused(by("monk_sha", "attack", targets=["tripitaka"], **blow), NOT_A_PILGRIM)
    table.accepted(by("monk_sha", "attack", targets=["berrok-1"], target_hp=3, **blow))
    table.accepted(by("monk_sha", "resolve_defeat", choice="kill", reward=1))
    assert "berrok-1" not in table.view()["state"]["demons"]
    table.accepted(by("monk_sha", "attack", targets=["boof-1"], target_hp=4, **blow))
    assert any(event["type"] == "resolve_defeat" for event in table.view()["legal"])


# --- Demon AI: the Priorities' text examples and Figures 31, 33, 35 and 39 -----------------------

def test_figure_35_the_right_berrok_attacks_monkey_twice_stepping_away_is_not_plan_2(client):
    # "They give up on Plans 1 and 2 and simply attack Monkey. The Berrok on the left must Move then
    # Attack, the one on the right gets 2 Attacks on Monkey." "The Berrok on the right could attack
    # Monkey once, then turn and move one square ... This does not fit Plan 2, because the final
    # position is slightly further from Tripitaka, not closer."
    table = table_for(client, ["berrok", "berrok"])
    to_demon_activations(table, {"berrok-1": 5, "berrok-2": 6})
    options(table, "berrok-1",
            {"actions": ["attack", "move"], "ends": "not_closer", "squares": 2,
             "targets": ["monkey_king"]},
            {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
             "targets": ["monkey_king"]})
    plan(table, "berrok-1", 2)
    attack = {"type": "demon_attack", "player": "p2", "demon": "berrok-1",
              "target": "monkey_king", "defense_dice": [0, 0]}
    table.accepted({**attack, "attack_dice": [1, 0]})
    table.accepted({**attack, "attack_dice": [1, 0]})
    assert pilgrim(table, "monkey_king")["hp"] == 8
    options(table, "berrok-2", {"actions": ["move", "attack"], "ends": "not_closer",
                                "squares": 1, "targets": ["monkey_king"]})
    plan(table, "berrok-2", 1)


def test_figure_33_the_berrok_attacks_tripitaka_twice_the_lazy_archer_moves_one_square(client):
    # "Here, the Berrok at the top starts in position to attack Tripitaka, the highest priority
    # plan. He simply uses both actions to Attack Tripitaka. The Bharhaz Bull Archer on the bottom
    # can also use Plan 1, by moving and then attacking. Being a lazy Demon, he only expends 1
    # Movement Point to get Tripitaka in range and then Attacks once." The archer's other options
    # (rushing in for two Targets, Plan 2; two attacks on Monkey, Plan 3) are not taken.
    table = table_for(client, ["berrok", "bharhaz"])
    to_demon_activations(table, {"berrok-1": 1, "bharhaz-1": 4})
    options(table, "berrok-1", {"actions": ["attack", "attack"], "ends": "not_closer",
                                "squares": 0, "targets": ["tripitaka"]})
    plan(table, "berrok-1", 1)
    attack = {"type": "demon_attack", "player": "p2", "demon": "berrok-1", "target": "tripitaka",
              "attack_dice": [1, 1], "defense_dice": [1, 0]}
    table.accepted(attack)
    table.accepted(attack)
    assert pilgrim(table, "tripitaka")["hp"] == 6
    options(table, "bharhaz-1",
            {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
             "targets": ["monkey_king"]},
            {"actions": ["move", "attack"], "ends": "closer", "squares": 3,
             "targets": ["monkey_king", "monk_sha"]},
            {"actions": ["move", "attack"], "ends": "closer", "squares": 1,
             "targets": ["tripitaka"]})
    plan_refused(table, "bharhaz-1", 1, PRIORITY_1)
    plan_refused(table, "bharhaz-1", 2, PRIORITY_1)
    plan(table, "bharhaz-1", 3)


def test_figure_31_the_first_berrok_moves_and_attacks_the_next_two_double_move(client):
    table = table_for(client, ["berrok", "berrok", "berrok"])
    to_demon_activations(table, {"berrok-1": 2, "berrok-2": 7, "berrok-3": 8})
    options(table, "berrok-1",
            {"actions": ["move", "move"], "ends": "closer", "squares": 4},
            {"actions": ["move", "attack"], "ends": "closer", "squares": 1,
             "targets": ["tripitaka"]})
    plan_refused(table, "berrok-1", 1, PRIORITY_1)
    plan(table, "berrok-1", 2)
    table.accepted({"type": "demon_attack", "player": "p2", "demon": "berrok-1",
                    "target": "tripitaka", "attack_dice": [1, 0], "defense_dice": [1, 0]})
    for demon in ("berrok-2", "berrok-3"):
        options(table, demon, {"actions": ["move", "move"], "ends": "closer", "squares": 4})
        plan(table, demon, 1)
    assert table.view()["phase"] == "end"


def test_priority_4_a_double_move_towards_tripitaka_not_into_position_on_monkey(client):
    # "With a Double Move, he can get into attack position on Monkey but a Double Move towards
    # Tripitaka leaves him just short of attack position. The rules say he must make the move
    # towards Tripitaka, even if he would rather end up in an attack position for the next Turn."
    table = table_for(client, ["berrok"])
    to_demon_activations(table, {})
    options(table, "berrok-1",
            {"actions": ["move", "move"], "ends": "not_closer", "squares": 4},
            {"actions": ["move", "move"], "ends": "closer", "squares": 4})
    plan_refused(table, "berrok-1", 1, PRIORITY_4)
    plan(table, "berrok-1", 2)


def test_preference_1_the_bull_demon_king_takes_the_longer_path_to_two_pilgrims(client):
    # "The Bull Demon King cannot attack Tripitaka, but he can move into attack position on the
    # Monkey King or with a one square longer path, attack Monkey and Monk Sha. He takes the second
    # Move option and attacks 2 Pilgrims."
    table = table_for(client, ["koorogg"])
    to_demon_activations(table, {})
    options(table, "koorogg-1",
            {"actions": ["move", "attack"], "ends": "closer", "squares": 1,
             "targets": ["monkey_king"]},
            {"actions": ["move", "attack"], "ends": "closer", "squares": 2,
             "targets": ["monkey_king", "monk_sha"]})
    plan_refused(table, "koorogg-1", 1, MOST_TARGETS)
    plan(table, "koorogg-1", 2)


def raging(client):
    """A Berrok on the board and the three Bullserker models behind a closed door: the Gate draws
    a Bullserker card, no model and no promotion is left, and the Demons begin to Rage."""
    table = table_for(client, ["berrok"], inactive_demons=["boof"] * 3, doors=["door-1"],
                      gates=[{"id": "gate-1"}])
    for name in ORDER:
        table.accepted(by(name, "end_activation"))
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "rage",
                    "demons": ["boof"]})
    assert table.view()["state"]["rage"] is True
    assert table.view()["phase"] == "demons_activate"
    return table


@pytest.mark.parametrize("example, choices, chosen, quote", [
    # "A Raging Bull Warrior can make a Double Move to get Tripitaka in his Attack Range. He makes a
    # Double Move and Attacks."
    ("double move and attack", [
        {"actions": ["move", "attack", "attack"], "ends": "closer", "squares": 2,
         "targets": ["monkey_king"]},
        {"actions": ["move", "move", "attack"], "ends": "closer", "squares": 4,
         "targets": ["tripitaka"]}], 2, PRIORITY_1),
    # "Tripitaka is already in Attack Range for a Raging Bull Warrior. He makes 3 Attacks on
    # Tripitaka."
    ("three attacks", [
        {"actions": ["move", "move", "move"], "ends": "closer", "squares": 6},
        {"actions": ["attack", "attack", "attack"], "ends": "not_closer", "squares": 0,
         "targets": ["tripitaka"]}], 2, PRIORITY_1),
    # Figure 39: "if he moves forwards 1 square, attacks Monkey, then move to his right, he has
    # satisfied all the requirements for Plan 2".
    ("figure 39", [
        {"actions": ["move", "move", "move"], "ends": "closer", "squares": 6},
        {"actions": ["move", "attack", "attack"], "ends": "not_closer", "squares": 1,
         "targets": ["monkey_king"]},
        {"actions": ["move", "attack", "move"], "ends": "closer", "squares": 2,
         "targets": ["monkey_king"]}], 3, PRIORITY_2),
    # "A Raging Bull Warrior is far back from the battle ... His only option is take 3 Moves
    # towards Tripitaka."
    ("three moves", [
        {"actions": ["move", "move", "move"], "ends": "closer", "squares": 6}], 1, None),
], ids=["double_move_attack", "three_attacks", "figure_39", "three_moves"])
def test_a_raging_bull_warriors_three_actions(client, example, choices, chosen, quote):
    table = raging(client)
    options(table, "berrok-1", *choices)
    for number in range(1, len(choices) + 1):
        if number != chosen:
            plan_refused(table, "berrok-1", number, quote)
    plan(table, "berrok-1", chosen)


@pytest.mark.parametrize("choices, chosen, quote", [
    # "He is already in Attack Range for the Monkey King. He attacks Monkey and then moves closer to
    # Tripitaka."
    ([{"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
       "targets": ["monkey_king"]},
      {"actions": ["attack", "move"], "ends": "closer", "squares": 2,
       "targets": ["monkey_king"]}], 2, PRIORITY_2),
    # "If he moves into attack position on Monkey, he is also closer to Tripitaka. He moves up to,
    # and then attacks, Monkey, ending his turn closer to Tripitaka."
    ([{"actions": ["move", "move"], "ends": "closer", "squares": 4},
      {"actions": ["move", "attack"], "ends": "closer", "squares": 2,
       "targets": ["monkey_king"]}], 2, PRIORITY_2),
    # Priority 3: "However, if he moves further away from Tripitaka he can get into attack position
    # on Monkey. He moves towards, and attacks, Monkey."
    ([{"actions": ["move", "move"], "ends": "closer", "squares": 4},
      {"actions": ["move", "attack"], "ends": "not_closer", "squares": 2,
       "targets": ["monkey_king"]}], 2,
     book("Priority 3: Use the Action Points to attack any other Target.")),
], ids=["priority_2_attack_then_move", "priority_2_move_then_attack", "priority_3"])
def test_the_bull_warriors_of_priorities_2_and_3(client, choices, chosen, quote):
    table = table_for(client, ["berrok"])
    to_demon_activations(table, {})
    options(table, "berrok-1", *choices)
    plan_refused(table, "berrok-1", 3 - chosen, quote)
    plan(table, "berrok-1", chosen)


def test_figure_17_yazuijis_diagonal_attack_reaches_tripitaka_not_monkey(client):
    # "Yazuiji can squeeze her diagonal attack between Cho Hakkai and Monk Sha in this example to
    # hit Tripitaka. However, her LOS to Monkey is blocked. Monkey cannot be attacked in this
    # diagram."
    table = table_for(client, ["yazuiji"])
    to_demon_activations(table, {})
    options(table, "yazuiji-1", {"actions": ["attack", "attack"], "ends": "not_closer",
                                 "squares": 0, "targets": ["tripitaka"]})
    plan(table, "yazuiji-1", 1)
    error = table.refused({"type": "demon_attack", "player": "p2", "demon": "yazuiji-1",
                           "target": "monkey_king", "attack_dice": [1, 1], "demon_die": 0,
                           "defense_dice": [0, 0]}, "LOS")
    assert {RANGE_LOS, DEMON_TARGETS} & set(rule_quotes(error))
    table.accepted({"type": "demon_attack", "player": "p2", "demon": "yazuiji-1",
                    "target": "tripitaka", "attack_dice": [1, 1], "demon_die": 0,
                    "defense_dice": [1, 0]})
    assert pilgrim(table, "tripitaka")["hp"] == 7


def test_figure_20_the_bull_generals_demon_die_1_knocks_monkey_back_1_square(client):
    # "The Bull General rolls 1 on his Demon Die. The Monkey King is Knocked Back 1 square." No
    # extra damage (that is Yazuiji's 2); the Bull General may Follow.
    table = table_for(client, ["borrack"])
    to_demon_activations(table, {})
    options(table, "borrack-1", {"actions": ["attack", "move"], "ends": "not_closer",
                                 "squares": 1, "targets": ["monkey_king"]})
    plan(table, "borrack-1", 1)
    answer = table.accepted({"type": "demon_attack", "player": "p2", "demon": "borrack-1",
                             "target": "monkey_king", "attack_dice": [1, 1], "demon_die": 1,
                             "defense_dice": [1, 0]})
    assert pilgrim(table, "monkey_king")["hp"] == 9
    assert any("Knock" in effect["text"] for effect in answer["effects"])
    assert any(event["type"] == "follow" for event in table.view()["legal"])


def test_figure_27_monk_sha_cannot_rotate_through_a_wall(client):
    table = table_for(client, ["berrok"], order=["monk_sha", "monkey_king", "tripitaka",
                                                "cho_hakkai"])
    table.refused(by("monk_sha", "move", steps=0, turns=1, through_blocked=True,
                     obstruction="wall"),
                  book("No part of a Miniature's base can be moved through a feature marked by a "
                       "yellow line at any point in the Miniature's turn, including when the "
                       "Miniature Changes Facing."))


def test_figure_28_water_costs_two_at_the_end_of_a_move_and_nothing_extra_leaving_it(client):
    # "Here the Monkey King spends 2 Movement Points at the end of his Move Action, when he enters
    # a water square. Similarly, Tripitaka spends 2 Movement Points at the end of his first Move
    # Action, but moves normally when he leaves the water on his second Move Action."
    table = table_for(client, ["berrok"], order=["monkey_king", "tripitaka", "monk_sha",
                                                "cho_hakkai"])
    table.accepted(by("monkey_king", "move", steps=3, blue=1))
    table.accepted(by("monkey_king", "end_activation"))
    table.accepted(by("tripitaka", "move", steps=2, blue=1))
    table.accepted(by("tripitaka", "move", steps=3))
    assert table.view()["state"]["activation"]["pilgrim"] == "monk_sha"


def test_the_bull_warrior_rolls_no_defense_dice(client):
    # "For example, there is no Defense Dice Attribute on the Bull Warrior Profile Sheet, so Bull
    # Warriors do not roll any Defense Dice nor do they get any bonuses to Defense. Their Defense
    # Roll always counts as 0."
    table = table_for(client, ["berrok"])
    table.refused(by("monkey_king", "attack", targets=["berrok-1"], attack_dice=[2, 1],
                     pilgrim_die=1, weapon_damage=1, target_hp=3, defense_dice=[1, 0]),
                  "Defense")
    table.accepted(by("monkey_king", "attack", targets=["berrok-1"], attack_dice=[2, 0],
                      pilgrim_die=1, weapon_damage=1, target_hp=3))
    assert any(event["type"] == "resolve_defeat" for event in table.view()["legal"])


def test_burned_and_poisoned_both_apply_a_second_poisoned_replaces_the_first(client):
    # "If they are different kinds of Condition Cards, for example Burned and Poisoned, both
    # Conditions are applied as normal. If the second card is a duplicate, immediately discard the
    # existing card and its counters. Then apply the new card normally."
    poisoned = {"name": "Poisoned", "duration": 3, "damage_each_turn": 1, "tokens": 2}
    table = table_for(client, ["berrok"], {"monkey_king": {"conditions": [poisoned]}})
    table.accepted(by("monkey_king", "take_condition", condition="Burned", duration=2))
    monkey = pilgrim(table, "monkey_king")
    assert sorted(card["name"] for card in monkey["conditions"]) == ["Burned", "Poisoned"]
    # The Maintenance took 1 for the Poisoned Card (2 Turn Tokens of 3), the Burned Card 2 more.
    assert monkey["hp"] == 7
    table.accepted(by("monkey_king", "take_condition", condition="Poisoned"))
    monkey = pilgrim(table, "monkey_king")
    cards = {card["name"]: card for card in monkey["conditions"]}
    assert sorted(cards) == ["Burned", "Poisoned"]
    # The old card's 2 Turn Tokens gone; the new card applied at once (1 Health Point).
    assert (cards["Poisoned"]["tokens"], monkey["hp"]) == (0, 6)


def test_a_misfortune_card_may_take_the_last_health_point(client):
    # "Losing Health: You do not choose to play Misfortune Cards, so this is one case where a card
    # can reduce your Health Points to 0."
    table = table_for(client, ["berrok"], {"monkey_king": {"hp": 2}}, boxes=["box-1"])
    table.accepted(by("monkey_king", "meditate", box="box-1", spinner="black",
                      misfortune="Ambush"))
    table.accepted(by("monkey_king", "misfortune", card="Ambush", lose={"hp": 2}))
    monkey = pilgrim(table, "monkey_king")
    assert (monkey["hp"], monkey["status"]) == (0, "unconscious")


def test_reduce_to_half_a_mv_of_5_halved_is_2(client):
    # HALVED: "If you have a MV of 5, that is a MV of 2 if halved." A table told by a card to halve
    # a Pilgrim's MV must be able to say so, and his 3-square Move then be refused. The event
    # vocabulary and the setup options name no halving (and the MV is fixed at setup).
    vocabulary = client.get(f"/api/games/{GAME}").get_json()
    described = repr(vocabulary["events"]) + repr(vocabulary["options"])
    assert "halve" in described.lower() or "half" in described.lower()


def test_figure_7_sliding_forwards_while_rotating_is_refused(client):
    # "This shows an illegal move that is a common mistake. Do not slide the Miniature forwards (or
    # backwards) as you rotate. Cho Hakkai cannot get from the starting position to the final
    # position for 1 Movement Point."
    table = table_for(client, ["berrok"], order=["cho_hakkai", "monkey_king", "monk_sha",
                                                "tripitaka"])
    table.refused(by("cho_hakkai", "move", steps=0, turns=1, slide=True),
                  book("Do not slide the Miniature forwards (or backwards) as you rotate."))
    table.accepted(by("cho_hakkai", "move", steps=0, turns=1))


def test_lure_of_demons_cannot_rest_twice(client):
    # "Lure of Demons: The Pilgrim lacks the focus to perform the same Action twice in one turn.
    # For example, the Pilgrim cannot make Double Moves, cannot Rest twice, nor Attack twice."
    table = table_for(client, ["berrok"], {"monkey_king": {"chi": 2,
                                                           "corruption": ["Lure of Demons"]}})
    table.accepted(by("monkey_king", "rest"))
    table.refused(by("monkey_king", "rest"),
                  "Lure of Demons: The Pilgrim lacks the focus to perform the same Action twice "
                  "in one turn.")
    table.accepted(by("monkey_king", "move", steps=1))


def test_the_bull_demon_king_attacks_all_targets_as_a_series_of_attacks_in_the_players_order(
        client):
    # "the Bull Demon King's Profile Sheet says he attacks all Targets. This means all Targets in
    # range and with LOS will be attacked. Resolve this as a series of individual attacks, in any
    # order selected by the Players." Monk Sha first, then Monkey, each with his own roll.
    table = table_for(client, ["koorogg"])
    to_demon_activations(table, {})
    options(table, "koorogg-1", {"actions": ["attack", "move"], "ends": "not_closer",
                                 "squares": 1, "targets": ["monkey_king", "monk_sha"]})
    plan(table, "koorogg-1", 1)
    roll = {"type": "demon_attack", "player": "p2", "demon": "koorogg-1", "demon_die": 0}
    table.accepted({**roll, "target": "monk_sha", "attack_dice": [2, 1], "defense_dice": [1, 0]})
    table.accepted({**roll, "target": "monkey_king", "attack_dice": [1, 1],
                    "defense_dice": [0, 1]})
    assert (pilgrim(table, "monk_sha")["hp"], pilgrim(table, "monkey_king")["hp"]) == (7, 9)


FIGURE_35 = book("The Berrok on the left must Move then Attack, the one on the right gets 2 Attacks "
                 "on Monkey.")
HARDER = book("Where there is a choice between two equally valid options, take the one that makes "
              "the game harder for the Pilgrims.")


def test_figure_35_one_attack_and_a_step_away_is_refused_with_the_sentence_that_decides(client):
    # Both options are Plan 3 on the same Target; the book has the Berrok on the right make 2
    # Attacks. What decides is Figure 35 itself (or the harder option for the Pilgrims), not the
    # priority of attacks on Tripitaka, which neither option makes.
    table = table_for(client, ["berrok"])
    to_demon_activations(table, {})
    options(table, "berrok-1",
            {"actions": ["attack", "move"], "ends": "not_closer", "squares": 2,
             "targets": ["monkey_king"]},
            {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
             "targets": ["monkey_king"]})
    before = as_seen(table.view())
    response = table.send({"type": "demon_plan", "player": "p2", "demon": "berrok-1",
                           "option": 1})
    assert response.status_code == 422
    assert as_seen(table.view()) == before
    assert response.get_json()["error"]["rule"]["quote"] in {FIGURE_35, HARDER}


def test_a_bull_general_blocked_from_following_loses_its_second_attack(client):
    # "So a Demon able to make a second attack will follow the Target, if the Knock Back pushes
    # the Target out of Range" — "Sometimes the Attacker will not be able to \"Follow\", for example
    # when obstructions block the way, or if the move would be along a diagonal or backwards."
    # The Bull General's Demon Die 1 knocks Monkey out of range; a Follow along a diagonal is
    # refused; blocked, it does not Follow, and its second attack on Monkey cannot be made.
    table = table_for(client, ["borrack"])
    to_demon_activations(table, {})
    options(table, "borrack-1", {"actions": ["attack", "attack"], "ends": "not_closer",
                                 "squares": 0, "targets": ["monkey_king"]})
    plan(table, "borrack-1", 1)
    attack = {"type": "demon_attack", "player": "p2", "demon": "borrack-1",
              "target": "monkey_king", "attack_dice": [1, 1], "defense_dice": [1, 0]}
    table.accepted({**attack, "demon_die": 1, "pushed_out_of_range": True})
    table.refused({**attack, "demon_die": 0},
                  book("So a Demon able to make a second attack will follow the Target"))
    table.refused({"type": "follow", "player": "p2", "attacker": "borrack-1", "steps": 1,
                   "diagonal": True},
                  book("Sometimes the Attacker will not be able to \"Follow\", for example when "
                       "obstructions block the way, or if the move would be along a diagonal or "
                       "backwards."))
    table.accepted({"type": "follow", "player": "p2", "attacker": "borrack-1", "steps": 0})
    # Its only other Action was that attack: its activation is over, and the Demon Phase with it.
    assert not any(event["type"] == "demon_attack" for event in table.view()["legal"])
    assert table.view()["phase"] == "end"
    assert pilgrim(table, "monkey_king")["hp"] == 9
