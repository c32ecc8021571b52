"""Journey: Wrath of Demons — the third independent audit of the Quests and the campaign (round 7,
`journey-q`). Scenarios written from the Quest Guide and the rulebook first, then played through the
HTTP API in-process (Flask test client): the Quests' own Actions under Lure of Demons, a replayed
Quest's Karma Upgrades, Quests 1 and 2 joined at a later Turn, and each Quest played to its win and
to its loss at 1 and at 4 players. Each scenario quotes its rule in its docstring. Findings and
rulings are recorded in docs/games/journey.md ("Independent audit of the Quests, third round").
"""

import pytest

from tests.api_table import calculated
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
    maintenance(table)  # Paralyzed, he is passed over (audit 7): tried while the phase goes on
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


# == Each Quest played to its win and to its loss, at 1 and at 4 players ===========================
#
# From its Board Setup: the Pilgrims' events entered by the seat controlling each ("One Player - all
# 4 Pilgrims." / "Four Players - 1 Pilgrim each."), the Demon Phase played between the Turns as
# `legal` offers it (a Berrok drawn at each Gate, the Demons doing nothing or attacking Tripitaka),
# and the result read against the calculator ("The Pilgrims win or lose as a team").

WHOLE_PROFILES = {**PROFILES["demon_profiles"],
                  "koorogg": {"hp": 9, "sp": 3, "gkr": 5, "bkr": 5, "attack_dice": 2}}
LIMP = {"bad_karma": 10, "corruption": "Permanent Limp"}
TRIPITAKA_LAST = ["monkey_king", "cho_hakkai", "monk_sha", "tripitaka"]
PLAYER_COUNTS = [("Ann",), ("Ann", "Ben", "Cy", "Di")]


def whole(client, quest, players, upgrades=0, quest_setup=None, **options):
    """A Quest from its Board Setup (Quests 6-10 Part 1 with their Karma Upgrades at setup)."""
    setup = dict(quest_setup or {})
    if upgrades:
        setup["upgrades"] = {name: [LIMP] * upgrades for name in TRIPITAKA_LAST}
    return start(client, quest, players=players, karma_upgrades="at_setup",
                 demon_profiles=WHOLE_PROFILES, **({"quest_setup": setup} if setup else {}),
                 **options)


def act(table, event_type, pilgrim, **fields):
    """The event entered by the seat that controls the Pilgrim (the Pilgrims before him in the
    initiative end their activations first)."""
    end_activations_of(table, pilgrim)
    table.accepted({"type": event_type, "player": state(table)["controllers"][pilgrim],
                    "pilgrim": pilgrim, **fields})


def strike(table, pilgrim, demon):
    """A 9-damage attack on the Demon (its room entered first if it stands behind a closed door),
    and the Kill if it is Defeated and waits for one."""
    if not state(table)["demons"][demon].get("active", True):
        table.accepted(ev("room", active=True, ids=[demon]))
    hp = state(table)["demons"][demon]["profile"]["hp"]
    act(table, "attack", pilgrim, targets=[demon], target_hp=hp, **NINE)
    if table.view()["over"] is False and state(table)["pending"]:
        act(table, "resolve_defeat", pilgrim, choice="kill")


def listed(table, event_type):
    return [e for e in table.view()["legal"] if e["type"] == event_type]


def next_turn(table, attack=None):
    """Play on to the next Turn's Pilgrim Phase as `legal` offers it: every Pilgrim still to act
    ends his activation, Kei Lun acts quietly, a Berrok is drawn at each Gate (and for each Summoning
    Mantra), every Demon does nothing — or, with `attack`, attacks that Pilgrim twice while he stands
    (6 damage a roll, no defense)."""
    turn = state(table)["turn"]
    for _ in range(200):
        view = table.view()
        if view["over"] or (view["state"]["turn"] > turn and view["phase"] == "pilgrims"):
            return
        offered = {}
        for entry in view["legal"]:
            offered.setdefault(entry["type"], entry)
        fill = {}
        if "maintenance" in offered or "end_turn" in offered or "end_activation" in offered:
            kind = next(k for k in ("maintenance", "end_activation", "end_turn") if k in offered)
        elif "kei_lun" in offered:
            kind, fill = "kei_lun", {"in_range": [], "die": 0}
        elif "kei_lun_ally" in offered:
            kind, fill = "kei_lun_ally", {"action": "rotate", "guarding": False,
                                          "towards_chest": True}
        elif "measure" in offered:
            of = offered["measure"]["of"]
            names = view["state"]["demons" if of == "demons" else "gates"]
            kind, fill = "measure", {"distances": {n: i + 1 for i, n in enumerate(names)}}
        elif "lords_tiles" in offered:
            kind, fill = "lords_tiles", {"with_pilgrims": []}
        elif "spawn" in offered or "mantra_spawn" in offered:
            kind = "spawn" if "spawn" in offered else "mantra_spawn"
            fill = {"card": "reinforcement", "demons": ["berrok"]}
        elif "demon_plan" in offered:
            kind = "demon_plan"
        elif "demon_attack" in offered:
            kind, fill = "demon_attack", {"attack_dice": [3, 3], "defense_dice": [0, 0],
                                          "demon_die": 0}
            fill = {k: v for k, v in fill.items() if k in offered[kind].get("open", [])}
        else:
            kind = "demon_options"
            standing = attack and view["state"]["pilgrims"][attack]["status"] == "active"
            fill = {"options": [{"actions": ["attack", "attack"], "targets": [attack],
                                 "squares": 0}] if standing else []}
        event = {k: v for k, v in offered[kind].items() if k != "open"}
        table.accepted({**event, **fill})
    raise AssertionError("the Turn did not end")


def knocked_out_then_killed(table, turns_to_die=3):
    """Tripitaka knocked out by the Demons, then turned at each Maintenance until he is dead."""
    next_turn(table, attack="tripitaka")
    for _ in range(turns_to_die):
        if table.view()["over"]:
            return
        next_turn(table)


def win_q1(table):
    next_turn(table)
    act(table, "break_door", "monkey_king", door="door-1", opens=["berrok-1", "berrok-2"])
    strike(table, "monkey_king", "berrok-1")
    strike(table, "cho_hakkai", "berrok-2")


def win_q2(table):
    maintenance(table)
    act(table, "collect_sutra", "monkey_king", sutra="sutra-1")
    act(table, "collect_sutra", "monk_sha", sutra="sutra-2")
    act(table, "revive", "tripitaka", target="cho_hakkai", hp=2, chi=0)
    next_turn(table)
    for pilgrim, count in (("monkey_king", 2), ("monk_sha", 2), ("tripitaka", 2)):
        for _ in range(count):
            if state(table)["demons"]:
                strike(table, pilgrim, next(iter(state(table)["demons"])))


def win_q3(table):
    maintenance(table)
    for n in (1, 2, 3):
        if n > 1:
            next_turn(table)
        act(table, "collect_sutra", "tripitaka", sutra=f"sutra-{n}")
        act(table, "close_gate", "tripitaka", gate=f"gate-{n}")


def end_activations_of(table, until):
    while (entry := listed(table, "end_activation")) and entry[0]["pilgrim"] != until:
        table.accepted(entry[0])


def win_q4(table):
    next_turn(table)
    act(table, "attack", "monkey_king", targets=["kogaiji-1"], attack_dice=[0, 0], pilgrim_die=0,
        weapon_damage=0)


def win_q5(table):
    next_turn(table)
    for pilgrim in ("monkey_king", "cho_hakkai", "monk_sha"):
        for _ in range(2):
            strike(table, pilgrim, next(iter(state(table)["demons"])))
    strike(table, "tripitaka", next(iter(state(table)["demons"])))
    act(table, "play_card", "tripitaka", card="Healing Trance", kind="skill", keep=True)


def win_q6(table):
    next_turn(table)
    act(table, "collect_sutra", "monkey_king", sutra="sutra-1")
    act(table, "collect_sutra", "monkey_king", sutra="sutra-2")
    strike(table, "cho_hakkai", "kogaiji-1")


def win_q7(table):
    next_turn(table)  # the 4 Gates draw the whole (4-card) deck: inactive
    for pilgrim in TRIPITAKA_LAST:
        for _ in range(2):
            if state(table)["demons"]:
                strike(table, pilgrim, next(iter(state(table)["demons"])))


def win_q8(table):
    maintenance(table)
    for defeat in range(4):  # she respawns at the start of each next Demon Phase
        if defeat:
            next_turn(table)
        iron_fan = next(d for d, demon in state(table)["demons"].items()
                        if demon["type"] == "yazuiji")
        strike(table, "monkey_king", iron_fan)


def win_q9(table):
    next_turn(table)
    act(table, "rescue_attempt", "monkey_king", villager="villager-1", spinner="white")
    strike(table, "monkey_king", "kogaiji-1")
    for pilgrim in ("cho_hakkai", "cho_hakkai", "monk_sha", "monk_sha", "tripitaka", "tripitaka"):
        if state(table)["demons"]:
            strike(table, pilgrim, next(iter(state(table)["demons"])))


def win_q10a(table):
    maintenance(table)
    for pilgrim, sutra in (("monkey_king", 1), ("monkey_king", 2), ("cho_hakkai", 3),
                           ("cho_hakkai", 4)):
        act(table, "collect_sutra", pilgrim, sutra=f"sutra-{sutra}")
    next_turn(table)
    act(table, "move", "monkey_king", steps=1)
    act(table, "fiery_bridge", "monkey_king")


def win_q10b(table):
    next_turn(table)
    for pilgrim, lord in (("monkey_king", "kogaiji-1"), ("cho_hakkai", "yazuiji-1"),
                          ("monk_sha", "koorogg-1")):
        strike(table, pilgrim, lord)
    act(table, "sealing_ritual", "tripitaka", adjacent=True)


def lose_q2(table):
    for _ in range(4):  # Cho Hakkai never revived: dead at the third Maintenance
        if not table.view()["over"]:
            next_turn(table)


def lose_q3(table):
    next_turn(table)
    table.accepted(ev("village_entered", demon="borrack-1"))


def lose_q6(table):
    next_turn(table)
    strike(table, "cho_hakkai", "kogaiji-1")  # with no Sutra held


def lose_q10a(table):
    next_turn(table)  # the 4 Sutras left in the village: Tripitaka, the last, Double Moves onto
    act(table, "move", "tripitaka", steps=5, action_points=2)  # the Bridge, ending the phase
    table.accepted(listed(table, "fiery_bridge")[0])


WHOLE = {  # quest: (its setup, the win and its outcome, the loss, the Defeat's sentence)
    "q1": ({}, win_q1, "victory", knocked_out_then_killed, "Defeat: Tripitaka is defeated."),
    "q2": ({}, win_q2, "victory", lose_q2, "Defeat: A Pilgrim was Killed"),
    "q3": ({"initiative": TRIPITAKA_LAST}, win_q3, "victory",
           lose_q3, "Defeat: If a Pilgrim was Killed or a Demon enters the village, the Pilgrims "
                    "fail."),
    "q4": ({}, win_q4, "victory", knocked_out_then_killed,
           "Defeat: A Pilgrim was Defeated before they attack Kogaiji."),
    "q5": ({"initiative": TRIPITAKA_LAST}, win_q5, "victory", knocked_out_then_killed,
           "Defeat: Tripitaka is Defeated."),
    "q6": ({"upgrades": 1}, win_q6, "victory", lose_q6,
           "Defeat: All other conditions, including Defeating Kogaiji without holding 2 Sutra "
           "Tokens"),
    "q7": ({"upgrades": 1, "quest_setup": {"kei_lun_hp": 10, "deck_cards": 4}}, win_q7,
           "heroic_victory", knocked_out_then_killed, "Defeat: Tripitaka or Kei Lun are Killed."),
    "q8": ({"upgrades": 1}, win_q8, "heroic_victory", knocked_out_then_killed,
           "Defeat: Tripitaka is Killed."),
    "q9": ({"upgrades": 1}, win_q9, "heroic_victory", knocked_out_then_killed,
           "Defeat: Tripitaka is Killed."),
    "q10a": ({"upgrades": 2, "initiative": TRIPITAKA_LAST}, win_q10a, "heroic_victory", lose_q10a,
             "Defeat: Any Pilgrim is Killed or they don't have 4 Sutras when 1 Pilgrim reaches "
             "the Fiery Bridge."),
    "q10b": ({}, win_q10b, "heroic_victory", knocked_out_then_killed,
             "Defeat: Tripitaka is Defeated."),
}


@pytest.mark.parametrize("players", PLAYER_COUNTS, ids=["1_player", "4_players"])
@pytest.mark.parametrize("quest", list(WHOLE))
@pytest.mark.parametrize("ending", ["win", "loss"])
def test_each_quest_played_from_its_setup_to_its_win_and_to_its_loss(client, quest, players,
                                                                      ending):
    """Each Quest of the Guide from its Board Setup, over at least one Demon Phase, to its Victory
    (the Quest's own Victory Conditions, quoted in the result) and to its Defeat, the Pilgrims'
    events entered by the seat controlling each; every seat wins or loses together, as the
    calculator says for the same outcome ("The Pilgrims win or lose as a team…")."""
    setup, win, won, lose, defeat = WHOLE[quest]
    table = whole(client, quest, players, **setup)
    (win if ending == "win" else lose)(table)
    outcome = won if ending == "win" else "defeat"
    got = state(table)["result"]
    assert got is not None and got["outcome"] == outcome, got
    if ending == "loss":
        assert defeat in got["quote"], got
    seats = [f"p{n}" for n in range(1, len(players) + 1)]
    scores = table.view()["scores"]
    assert scores["winners"] == (seats if ending == "win" else [])
    answer = calculated(client, "journey", {"players": list(players), "outcome": outcome})
    assert answer["winners"] == scores["winners"]


# == Quest 10 Part 1: the Fiery Bridge reached with the last Action Point =========================

Q10A_SUTRAS = {"turn": 14, "gates": [{"id": f"gate-{n}"} for n in range(1, 5)],
               "villagers": [f"villager-{n}" for n in range(1, 6)], "sutras": [],
               "boxes": ["box-1", "box-2", "box-3"],
               "broken_doors": ["broken-door-1", "broken-door-2", "broken-door-3"],
               "demons": [], "pilgrims": {"monkey_king": {"sutras": 4}}}
LAIR_ENDS = ("The Race to the Bridge ends immediately when one Pilgrim steps on the Fiery Bridge "
             "or when a Pilgrim is Killed.")


def test_quest_10_part_1_the_bridge_reached_with_a_double_move(client):
    """Quest 10 Part 1: "The Race to the Bridge ends immediately when one Pilgrim steps on the Fiery
    Bridge…" and Move: "Like many other actions, the Move Action can be made twice. Instead of
    performing two single moves, make one move of double the Movement Points." The Monkey King,
    holding the 4 Sutras, reaches the bridge with a Double Move — his last Action Points, so his
    activation is over: the step is listed for him and accepted (it was refused: "Monkey King has
    already been activated this turn.", quoting the rule on unused Action Points), and the Race
    ends in the Heroic Victory. A Pilgrim who has not just moved does not step onto it: Cho
    Hakkai's step, with no Move, is refused with the Race's sentence."""
    table = start(client, "q10a", position=Q10A_SUTRAS)
    maintenance(table)
    assert legal(table, "fiery_bridge") == []
    table.accepted(ev("move", pilgrim="monkey_king", steps=8, action_points=2))
    assert state(table)["activation"]["pilgrim"] == "cho_hakkai"
    refused(table, ev("fiery_bridge", pilgrim="cho_hakkai"), LAIR_ENDS)
    assert legal(table, "fiery_bridge") == [{"type": "fiery_bridge", "player": "p1",
                                             "pilgrim": "monkey_king"}]
    table.accepted(ev("fiery_bridge", pilgrim="monkey_king"))
    assert_result(table, "heroic_victory", "Heroic Victory: The Pilgrims must have all 4 Sutra "
                  "Tokens between them and then 1 Pilgrim steps onto the Fiery Bridge.")


def test_quest_10_part_1_the_bridge_is_stepped_on_with_the_move_just_made(client):
    """The step onto the Fiery Bridge is part of a Move: after the Monkey King's Rest (no Move) it
    is refused with the Race's sentence and not listed; after his Move it is listed and accepted.
    A Move followed by another Action (a Rest) no longer takes him onto it."""
    table = start(client, "q10a", position=Q10A_SUTRAS)
    maintenance(table)
    table.accepted(ev("rest", pilgrim="monkey_king"))
    refused(table, ev("fiery_bridge", pilgrim="monkey_king"), LAIR_ENDS)
    table.accepted(ev("end_activation", pilgrim="monkey_king"))
    table.accepted(ev("move", pilgrim="cho_hakkai", steps=3))
    table.accepted(ev("rest", pilgrim="cho_hakkai"))
    assert legal(table, "fiery_bridge") == []
    table.accepted(ev("move", pilgrim="monk_sha", steps=3))
    assert [e["pilgrim"] for e in legal(table, "fiery_bridge")] == ["monk_sha"]
    table.accepted(ev("fiery_bridge", pilgrim="monk_sha"))
    assert state(table)["result"]["outcome"] == "heroic_victory"


# == Sealing with too few Sutras while the Prayer of Sealing is held ===============================

def test_quest_3_sealing_all_the_gates_stays_possible_with_the_prayer_of_sealing_held(client):
    """Pilgrim Skill Card FAQ: "Tripitaka - Prayer of Sealing: If a Quest says the Gates cannot be
    sealed, this card cannot be used." — the card seals Gates, without a Sutra Token. Quest 3
    joined at Turn 4 with 3 Gates open and 2 Sutras left: "seal all the Gates" is no longer
    possible by Close a Gate alone; with the Prayer of Sealing in Tripitaka's hand it is still
    "not yet" (it read "no longer possible"). Quest 2 likewise: no Sutra left, "seal at least 1
    Gate" is not yet while he holds the card."""
    board = {"turn": 4, "gates": [{"id": "gate-1"}, {"id": "gate-2"}, {"id": "gate-3"}],
             "sutras": ["sutra-1", "sutra-2"], "wells": ["well-1"], "boxes": ["box-1"],
             "broken_doors": ["broken-door-1"], "demons": ["borrack"],
             "villagers": ["villager-1", "villager-2", "villager-3"]}
    # a Sutra gone with no Gate closed: only a card (its text unprinted) could have taken it
    for hand, status in (([], "no_longer_possible"), (["Prayer of Sealing"], "not_yet")):
        table = start(client, "q3", position={**board, "pilgrims": {"tripitaka": {"hand": hand}}},
                      initiative=TRIPITAKA_LAST, setup_tokens_accounted="allow")
        assert part(table, "victory", "seal all the Gates") == status
    q2 = {"turn": 2, "gates": [{"id": "gate-1"}, {"id": "gate-2"}], "sutras": [],
          "wells": ["well-1"], "villagers": ["villager-1"], "demons": ["berrok"]}
    for hand, status in (([], "no_longer_possible"), (["Prayer of Sealing"], "not_yet")):
        table = start(client, "q2", position={**q2, "pilgrims": {"tripitaka": {"hand": hand}}},
                      setup_tokens_accounted="allow")
        assert part(table, "heroic_victory", "seal at least 1 Gate") == status
