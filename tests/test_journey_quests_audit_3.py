"""Journey: Wrath of Demons — the third independent audit of the Quests and the campaign (round 7,
`journey-q`). Scenarios written from the Quest Guide and the rulebook first, then played through the
HTTP API in-process (Flask test client): the Quests' own Actions under Lure of Demons, a replayed
Quest's Karma Upgrades, Quests 1 and 2 joined at a later Turn, and each Quest played to its win and
to its loss at 1 and at 4 players. Each scenario quotes its rule in its docstring. Findings and
rulings are recorded in docs/games/journey.md ("Independent audit of the Quests, third round").
"""

import pytest

from tests.test_journey_campaign import PROFILES as CAMPAIGN_PROFILES
from tests.test_journey_campaign import (
    auth,
    new_campaign,
    one_each,
    quest_table,
    refused_quote,
    start_quest,
)
from tests.test_journey_quests_6_10 import LORDS, NINE
from tests.test_journey_quests_audit import (
    PROFILES,
    assert_result,
    end_activations,
    ev,
    kill,
    maintenance,
    part,
    refused,
    start,
    state,
)
from tests.test_journey_quests_audit_2 import Q1_LATER, Q7_LATER, Q9_LATER, Q10B_LATER, legal

LURE = "Lure of Demons: The Pilgrim lacks the focus to perform the same Action twice in one turn."
CHEST = ("Treasure Chest: Pilgrims can spend 1 AP to pick up or set down the treasure chest.")


@pytest.fixture
def client(module_client):
    return module_client


def lured(pilgrim, **more):
    return {pilgrim: {"corruption": ["Lure of Demons"], **more}}


# == The Quests' own Actions and Lure of Demons ======================================================

def chest_table(client, ruling=None, pilgrims=None):
    options = {"q7_chest_action": ruling} if ruling else {}
    table = start(client, "q7", position={**Q7_LATER, "pilgrims": pilgrims or lured("monkey_king")},
                  quest_setup={"kei_lun_hp": 10}, initiative=["monkey_king", "cho_hakkai",
                                                              "monk_sha", "tripitaka"], **options)
    maintenance(table)
    return table


def test_quest_7_lure_of_demons_picks_the_chest_up_or_sets_it_down_once_a_turn(client):
    """Corruption Card FAQ: "Lure of Demons: The Pilgrim lacks the focus to perform the same Action
    twice in one turn." Quest 7: "Treasure Chest: Pilgrims can spend 1 AP to pick up or set down the
    treasure chest." — one Action (ruling `q7_chest_action`, default `one_action`): the Monkey King
    under Lure picks the chest up, and setting it down in the same turn is refused with Lure's
    sentence (it was accepted: the Quest's Action ran no Lure check); `legal` no longer lists it.
    Cho Hakkai, with no Corruption, picks it up and sets it down in his activation."""
    table = chest_table(client)
    assert legal(table, "treasure_chest") == [{"type": "treasure_chest", "player": "p1",
                                               "pilgrim": "monkey_king", "action": "pick_up"}]
    table.accepted(ev("treasure_chest", pilgrim="monkey_king", action="pick_up"))
    assert legal(table, "treasure_chest") == []
    error = refused(table, ev("treasure_chest", pilgrim="monkey_king", action="set_down"), LURE)
    assert "second time" in error["message"]
    table.accepted(ev("end_activation", pilgrim="monkey_king"))
    table = chest_table(client, pilgrims={"monkey_king": {}})
    table.accepted(ev("treasure_chest", pilgrim="monkey_king", action="pick_up"))
    table.accepted(ev("treasure_chest", pilgrim="monkey_king", action="set_down"))
    assert state(table)["quest_state"]["chest_holder"] is None


def test_quest_7_ruling_two_actions_lets_lure_pick_up_and_set_down(client):
    """Ruling `q7_chest_action` `two_actions`: picking up and setting down are two Actions ("…to
    pick up or set down the treasure chest."), so the Monkey King under Lure picks it up and sets
    it down in one turn."""
    table = chest_table(client, "two_actions")
    table.accepted(ev("treasure_chest", pilgrim="monkey_king", action="pick_up"))
    assert [e["action"] for e in legal(table, "treasure_chest")] == ["set_down"]
    table.accepted(ev("treasure_chest", pilgrim="monkey_king", action="set_down"))
    assert state(table)["quest_state"]["chest_holder"] is None


def test_quest_9_lure_of_demons_one_rescue_attempt_a_turn(client):
    """Quest 9: "When the Pilgrims attempt a Rescue, first spin the Fortune Spinner. … Regardless of
    the outcome, the rescue attempt costs the Pilgrim 1 Action Point." — a Rescue, the core's
    Rescue Villagers Action: under Lure of Demons a second attempt in one turn is refused with
    Lure's sentence (it was accepted) and no longer listed; the first is accepted."""
    table = start(client, "q9", position={**Q9_LATER, "villagers": ["villager-2", "villager-3",
                                                                    "villager-4"],
                                          "pilgrims": lured("monkey_king")},
                  initiative=["monkey_king", "cho_hakkai", "monk_sha", "tripitaka"])
    maintenance(table)
    assert legal(table, "rescue_attempt")
    table.accepted(ev("rescue_attempt", pilgrim="monkey_king", villager="villager-2",
                      spinner="black"))
    assert legal(table, "rescue_attempt") == []
    refused(table, ev("rescue_attempt", pilgrim="monkey_king", villager="villager-3",
                      spinner="white"), LURE)


def test_quest_10_part_2_no_sealing_ritual_listed_for_a_paralyzed_tripitaka(client):
    """Condition Cards FAQ: "Paralyzed: While Paralyzed, the Pilgrim cannot make any actions, play
    cards, or defend." Quest 10 Part 2's Sealing Ritual costs Tripitaka 1 Action Point: Paralyzed,
    it is refused with that sentence and not listed in `legal` (it was listed: only a trade due
    was checked). Under Lure of Demons, his Rest does not stop the Ritual (another Action)."""
    paralyzed = {"sutras": 4, "conditions": [{"name": "Paralyzed", "duration": 1}]}
    table = start(client, "q10b", position={**Q10B_LATER, "pilgrims": {"tripitaka": paralyzed}})
    maintenance(table)
    end_activations(table, until="tripitaka")
    assert legal(table, "sealing_ritual") == []
    refused(table, ev("sealing_ritual", pilgrim="tripitaka", adjacent=True),
            "While Paralyzed, the Pilgrim cannot make any actions, play cards, or defend.")
    table = start(client, "q10b", position={**Q10B_LATER, "pilgrims": lured("tripitaka",
                                                                              sutras=4)})
    maintenance(table)
    end_activations(table, until="tripitaka")
    table.accepted(ev("rest", pilgrim="tripitaka"))
    table.accepted(ev("sealing_ritual", pilgrim="tripitaka", adjacent=True))
    assert state(table)["result"]["outcome"] == "heroic_victory"


# == A replayed Quest's Karma Upgrades ===============================================================

def lost_quest_6(client, rulings=None):
    """A campaign whose Quest 6 (Monkey King's Upgrade: 10 Bad Karma) is lost at once: Kogaiji
    Defeated with no Sutra held."""
    campaign = new_campaign(client, ("Solo",), options={"pilgrim_profiles": CAMPAIGN_PROFILES,
                                                        "demon_profiles": LORDS},
                            **({"rulings": rulings} if rulings else {}))
    bad = {"bad_karma": 10, "corruption": "Permanent Limp"}
    q6 = quest_table(client, campaign, start_quest(client, campaign, {
        "quest": "q6", "upgrades": one_each(monkey_king=bad)}))
    q6.do("maintenance")
    q6.do("attack", pilgrim="monkey_king", targets=["kogaiji-1"], **NINE)
    assert q6.result()["outcome"] == "defeat"
    return campaign, one_each(monkey_king=bad)


def test_campaign_a_quest_played_again_gives_no_karma_upgrade_again(client):
    """"The Pilgrims are given Karma Upgrades during the setup of the later Quests, representing
    Skills they have earned in the early Quests." and Back to Back: "Retain all Skill, Weapon,
    Corruption, Fortune and Misfortune Cards in your hand at the end of the Quest." Quest 6 lost and
    played again (ruling `replay_upgrades`, default `not_again`): the Pilgrims come from its first
    play with its Upgrade already taken, so a second one entered is refused with the first
    sentence (it was given again: the Monkey King's weapon went up a second level and a second
    Corruption Card came); with none entered the Quest starts, the Monkey King as he ended, and
    the campaign lists Quest 6 with 0 Upgrades."""
    campaign, upgrades = lost_quest_6(client)
    listed = client.get(f"/api/campaigns/{campaign['id']}").get_json()["next"]
    assert {n["quest"]: n["upgrades"] for n in listed}["q6"] == 0
    again = client.post(f"/api/campaigns/{campaign['id']}/quests",
                        json={"quest": "q6", "upgrades": upgrades},
                        headers=auth(campaign["edit_token"]))
    earned = ("The Pilgrims are given Karma Upgrades during the setup of the later Quests, "
              "representing Skills they have earned in the early Quests.")
    assert refused_quote(again) == earned
    assert "played again" in again.get_json()["error"]["message"]
    started = start_quest(client, campaign, {"quest": "q6"})
    monkey = started["state"]["pilgrims"]["monkey_king"]
    assert (monkey["weapon_level"], monkey["corruption"]) == (2, ["Permanent Limp"])
    assert earned in [effect["rule"]["quote"] for effect in started["carry_over"]]


def test_campaign_ruling_again_gives_a_replayed_quests_upgrades_each_setup(client):
    """Ruling `replay_upgrades` `again`: "Setup normally and then give each Pilgrim 1 Karma
    Upgrade." at each setup of the Quest: Quest 6 played again without its Upgrade is refused with
    that sentence; with it, the Monkey King's weapon goes up to Level 3 and he takes a second
    Corruption Card."""
    campaign, upgrades = lost_quest_6(client, {"replay_upgrades": "again"})
    missing = client.post(f"/api/campaigns/{campaign['id']}/quests", json={"quest": "q6"},
                          headers=auth(campaign["edit_token"]))
    assert refused_quote(missing).startswith(
        "Setup normally and then give each Pilgrim 1 Karma Upgrade.")
    started = start_quest(client, campaign, {"quest": "q6", "upgrades": upgrades})
    monkey = started["state"]["pilgrims"]["monkey_king"]
    assert (monkey["weapon_level"], monkey["corruption"]) == (3, ["Permanent Limp"] * 2)


# == Quests 1 and 2 joined at a later Turn: what the board does not show ============================

Q1_HEROIC = ("Heroic Victory: The Pilgrims must (1) rescue the Villagers, (2) Tripitaka must "
             "Meditate, (3) any one Pilgrim must play a Skill Card, (4) defeat all Demons in the "
             "Villagers' house.")


def setup_answer(client, quest, position, quest_setup):
    return client.post("/api/sessions", json={
        "game": "journey", "players": ["Ann"],
        "options": {**PROFILES, "quest": quest, "quest_setup": quest_setup},
        "position": position})


def test_quest_1_joined_at_turn_4_after_tripitakas_meditation_and_a_skill_card(client):
    """Quest 1's Heroic Victory: "(2) Tripitaka must Meditate, (3) any one Pilgrim must play a Skill
    Card" — neither leaves a trace on the board, so a Quest joined at Turn 4 could never meet them
    (both stayed "not yet" and the house cleared gave only the Victory). They are entered with the
    position (`quest_setup.happened`): met, and clearing the house is the Heroic Victory. Without
    them the same play is the Victory."""
    position = {**Q1_LATER, "turn": 4, "pilgrims": {"monk_sha": {"villagers": 1}}}
    table = start(client, "q1", position=position, quest_setup={"happened": {
        "meditated": ["tripitaka"], "skills_played": ["monk_sha"]}})
    assert part(table, "heroic_victory", "Tripitaka must Meditate") == "met"
    assert part(table, "heroic_victory", "play a Skill Card") == "met"
    maintenance(table)
    kill(table, "monkey_king", "berrok-1")
    kill(table, "monkey_king", "berrok-2")
    assert_result(table, "heroic_victory", Q1_HEROIC)
    table = start(client, "q1", position=position)
    assert part(table, "heroic_victory", "Tripitaka must Meditate") == "not_yet"
    maintenance(table)
    kill(table, "monkey_king", "berrok-1")
    kill(table, "monkey_king", "berrok-2")
    assert_result(table, "victory", "Victory: The Pilgrims must defeat all Demons in the "
                                    "Villagers' house.")


def test_quest_2_joined_at_turn_3_after_a_pilgrim_advanced_to_10_karma(client):
    """Quest 2's Heroic Victory: "(4) a Pilgrim must advance to 10 Good Karma and (5) a Pilgrim must
    advance to 10 Bad Karma" — reached and traded at once ("The trades marked as mandatory must be
    made when the Karma level is met or exceeded."), so the wheels no longer show it at a later
    Turn: entered with the position (`quest_setup.happened`), each is met."""
    table = start(client, "q2", position={
        "turn": 3, "gates": [{"id": "gate-1"}, {"id": "gate-2"}], "sutras": ["sutra-3"],
        "wells": ["well-1"], "villagers": ["villager-1"], "demons": ["berrok"],
        "pilgrims": {"monkey_king": {"sutras": 2}}},
        quest_setup={"happened": {"good_karma_10": ["monk_sha"], "bad_karma_10": ["monkey_king"]}})
    assert part(table, "heroic_victory", "10 Good Karma") == "met"
    assert part(table, "heroic_victory", "10 Bad Karma") == "met"


@pytest.mark.parametrize("quest, position, happened, field", [
    ("q1", {}, {"meditated": ["tripitaka"]}, "options.quest_setup.happened"),
    ("q2", {"turn": 3, "gates": [{"id": "gate-1"}, {"id": "gate-2"}], "sutras": [],
            "wells": ["well-1"], "villagers": ["villager-1"], "demons": [],
            "pilgrims": {"tripitaka": {"sutras": 3}}},
     {"meditated": ["tripitaka"]}, "options.quest_setup.happened.meditated"),
    ("q1", {**Q1_LATER, "turn": 4, "pilgrims": {"monk_sha": {"villagers": 1}}},
     {"meditated": ["nobody"]}, None),
])
def test_what_happened_is_refused_where_nothing_reads_it(client, quest, position, happened, field):
    """Bad input is a 400 naming the field: nothing has happened before Turn 1, Quest 2 reads no
    Meditation, and a fact names Pilgrims."""
    answer = setup_answer(client, quest, position, {"happened": happened})
    assert answer.status_code == 400, answer.get_json()
    if field:
        assert answer.get_json()["error"]["field"] == field
