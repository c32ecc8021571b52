"""Journey: Wrath of Demons — the second independent audit of the Quests and the campaign (session
9, `journeyq`). Scenarios written from the Quest Guide and the rulebook first (the whole book read
again), then played through the HTTP API in-process (Flask test client) with the events' JSON
Schema examples: each Quest to its Victory and to its Defeat, what can be done next at points of a
Quest, the sentence each refusal quotes, the campaign, and a whole Quest at each player count with
the calculator on the same result. Each scenario quotes its rule in its docstring. Findings and
rulings are recorded in docs/games/journey.md ("Independent audit of the Quests, second round").
"""

import pytest

from tests.test_journey_quests_audit import (
    PROFILES,
    assert_result,
    end_activations,
    ev,
    kill,
    maintenance,
    part,
    result,
    start,
    state,
)


@pytest.fixture
def client(module_client):
    return module_client


def legal(table, kind=None):
    return [e for e in table.view()["legal"] if kind is None or e["type"] == kind]


TRIPITAKA_LAST = ["monkey_king", "cho_hakkai", "monk_sha", "tripitaka"]
Q3_LATER = {"gates": [{"id": "gate-1"}, {"id": "gate-2"}, {"id": "gate-3"}],
            "sutras": ["sutra-1", "sutra-2", "sutra-3"], "wells": ["well-1"], "boxes": ["box-1"],
            "broken_doors": ["broken-door-1"], "demons": ["borrack"]}
VILLAGER_HELD = "Place the Villager Token by the Pilgrim's Profile Sheet."


# == Leftover: a Quest joined at a later Turn with Villager Tokens off the board =====================

def test_quest_3_at_a_later_turn_villagers_off_the_board_are_those_the_pilgrims_hold(client):
    """Rescue Villager: "Place the Villager Token by the Pilgrim's Profile Sheet." and Quest 3's
    Board Setup "- Villagers x 3". A Quest 3 joined at Turn 4 with one Villager Token on the board
    and two held by Pilgrims: two were rescued, one is still to rescue — "rescue all the Villagers"
    is not yet met (it read as met from the tokens on the board alone); rescued, it is met."""
    table = start(client, "q3", position={**Q3_LATER, "turn": 4, "villagers": ["villager-3"],
                                          "pilgrims": {"monkey_king": {"villagers": 1},
                                                       "monk_sha": {"villagers": 1}}},
                  initiative=TRIPITAKA_LAST)
    assert part(table, "heroic_victory", "rescue all the Villagers") == "not_yet"
    maintenance(table)
    table.accepted(ev("rescue_villager", pilgrim="monkey_king", villager="villager-3",
                      adjacent=True))
    assert part(table, "heroic_victory", "rescue all the Villagers") == "met"


def test_quest_3_at_a_later_turn_with_no_villager_token_anywhere_is_refused(client):
    """Quest 3 has no way for a Villager to leave the board but a Rescue ("Place the Villager Token
    by the Pilgrim's Profile Sheet."): joined at Turn 4 with no Villager Token on the board and
    none held, the position is a mistake at setup, refused (422) with that sentence and the Board
    Setup's line — it was accepted with "rescue all the Villagers" already met. With all three
    held, the part is met."""
    response = client.post("/api/sessions", json={
        "game": "journey", "players": ["Ann"],
        "options": {**PROFILES, "quest": "q3",
                    "initiative": TRIPITAKA_LAST},
        "position": {**Q3_LATER, "turn": 4}})
    assert response.status_code == 422, response.get_json()
    error = response.get_json()["error"]
    assert error["rule"]["quote"] == VILLAGER_HELD
    assert "- Villagers x 3" in error["rules"][1]["quote"]
    assert "3 Villager Tokens" in error["message"] and "hold 0" in error["message"]
    table = start(client, "q3", position={**Q3_LATER, "turn": 4, "pilgrims": {
        "monkey_king": {"villagers": 2}, "tripitaka": {"villagers": 1}}},
        initiative=TRIPITAKA_LAST)
    assert part(table, "heroic_victory", "rescue all the Villagers") == "met"


Q1_LATER = {"gates": [{"id": "gate-1"}], "boxes": ["box-1"], "doors": ["door-1"],
            "demons": ["berrok", "berrok"]}


def test_quest_1_at_turn_7_a_villager_neither_on_the_board_nor_held_has_transformed(client):
    """Quest 1: "Transformation: Stack 5 Turn Tokens on the Villager Token and remove 1 Turn Token
    in the End Phase of each turn. In the Maintenance Phase when there are no Turn Tokens on the
    Villagers, replace the Villager Token with a Bull Warrior." Joined at Turn 7 (the Maintenance of
    Turn 6 is past) with no Villager Token on the board and none held, the Villager has turned:
    the Heroic Victory's "rescue the Villagers" is no longer possible (it read as met). At Turn 4
    it cannot have turned yet: refused with the Rescue's sentence; held by Monk Sha, it is met."""
    table = start(client, "q1", position={**Q1_LATER, "turn": 7})
    assert part(table, "heroic_victory", "rescue the Villagers") == "no_longer_possible"
    refused_setup = client.post("/api/sessions", json={
        "game": "journey", "players": ["Ann"], "options": {**PROFILES, "quest": "q1"},
        "position": {**Q1_LATER, "turn": 4}})
    assert refused_setup.status_code == 422
    assert refused_setup.get_json()["error"]["rule"]["quote"] == VILLAGER_HELD
    table = start(client, "q1", position={**Q1_LATER, "turn": 4,
                                          "pilgrims": {"monk_sha": {"villagers": 1}}})
    assert part(table, "heroic_victory", "rescue the Villagers") == "met"


def test_quest_2_at_a_later_turn_cho_hakkai_standing_was_revived(client):
    """Quest 2: "Cho Hakkai is unconscious, face down…" and "Revive: Tripitaka only. Tripitaka can
    revive an adjacent Unconscious Pilgrim…" — only a Revive brings him back. Joined at Turn 3 with
    Cho Hakkai standing, he was revived: "Revive Cho Hakkai" is met (it was "not yet", and could
    never be met, so the Victory was out of reach). With 2 Sutras held and the last Demon killed,
    the Quest is won."""
    table = start(client, "q2", position={
        "turn": 3, "gates": [{"id": "gate-1"}, {"id": "gate-2"}], "sutras": ["sutra-3"],
        "wells": ["well-1"], "villagers": ["villager-1"], "demons": ["berrok"],
        "pilgrims": {"tripitaka": {"sutras": 2}}})
    assert part(table, "victory", "Revive Cho Hakkai") == "met"
    maintenance(table)
    kill(table, "monkey_king", "berrok-1")
    assert_result(table, "victory",
                  "Victory: The Pilgrims must (1) Revive Cho Hakkai, (2) possess at least 2 Sutra "
                  "Tokens.")


def test_quest_4_at_a_later_turn_all_four_villagers_held_then_kogaiji_is_a_heroic_victory(client):
    """Quest 4: "Heroic Victory: The Pilgrims must (1) rescue all the Villagers and then (2) attack
    Kogaiji." Joined at Turn 5 with the four Villager Tokens held by the Pilgrims (none on the
    board), the first attack on Kogaiji — a miss is an attack — is the Heroic Victory. Joined with
    one held and none on the board, three are unaccounted for: refused with the Rescue's sentence
    (it read "rescue all the Villagers" as met)."""
    board = {"turn": 5, "gates": [{"id": "gate-1"}], "wells": ["well-1"], "boxes": ["box-1"],
             "doors": ["door-1"], "broken_doors": ["broken-door-1"], "demons": ["kogaiji"]}
    response = client.post("/api/sessions", json={
        "game": "journey", "players": ["Ann"], "options": {**PROFILES, "quest": "q4"},
        "position": {**board, "pilgrims": {"monk_sha": {"villagers": 1}}}})
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] == VILLAGER_HELD
    table = start(client, "q4", position={**board, "pilgrims": {
        "monkey_king": {"villagers": 2}, "monk_sha": {"villagers": 2}}})
    maintenance(table)
    table.accepted(ev("attack", pilgrim="monkey_king", targets=["kogaiji-1"], attack_dice=[0, 1],
                      pilgrim_die=0, weapon_damage=0, target_hp=6))
    assert_result(table, "heroic_victory", "Heroic Victory: The Pilgrims must (1) rescue all the "
                  "Villagers and then (2) attack Kogaiji.")


def test_quest_6_at_a_later_turn_the_villager_held_counts_for_the_heroic_victory(client):
    """Quest 6: "Heroic Victory: The Pilgrims must (1) Rescue the Villagers, (2) possess 2 Sutra
    Tokens and (3) Defeat Kogaiji." Joined at Turn 3 with its one Villager Token held by Cho
    Hakkai, the Villagers were rescued (the part read "not yet" and could never be met: no token
    left to rescue)."""
    table = start(client, "q6", position={
        "turn": 3, "gates": [{"id": "gate-1"}, {"id": "gate-2"}, {"id": "gate-3"}],
        "sutras": ["sutra-3"], "boxes": ["box-1"], "broken_doors": ["broken-door-1"],
        "doors": ["door-1", "door-2"], "demons": ["kogaiji", "koorogg"],
        "pilgrims": {"cho_hakkai": {"villagers": 1}, "tripitaka": {"sutras": 2}}})
    assert part(table, "heroic_victory", "Rescue the Villagers") == "met"


# == Each Quest to its Victory and to its Defeat, by paths the earlier audits did not take ===========

def test_quest_1_victory_the_last_house_demon_cleansed_not_killed(client):
    """Quest 1: "The Quest ends immediately when the Demons in the house are removed" — a Demon
    Cleansed is removed from the board as a Killed one is ("…you have successfully saved the
    Target's soul. Remove the Miniature from the board."). The second house Demon Cleansed ends the
    Quest: Victory, not Heroic (nobody rescued the Villagers nor did Tripitaka Meditate), and the
    Cleanse's Good Karma is the Attacker's."""
    table = start(client, "q1")
    maintenance(table)
    kill(table, "monkey_king", "berrok-1")
    assert result(table) is None
    table.accepted(ev("attack", pilgrim="monkey_king", targets=["berrok-2"], attack_dice=[3, 3],
                      pilgrim_die=2, weapon_damage=2, target_hp=3))
    table.accepted(ev("resolve_defeat", pilgrim="monkey_king", choice="cleanse",
                      cleanse_dice=[3, 3], soul_power=2))
    assert_result(table, "victory",
                  "Victory: The Pilgrims must defeat all Demons in the Villagers' house.")
    assert part(table, "heroic_victory", "rescue the Villagers") == "not_yet"
    assert state(table)["pilgrims"]["monkey_king"]["good_karma"] == 1


def test_quest_1_defeat_tripitakas_own_meditation_knocks_him_out(client):
    """Quest 1: "Defeat: Tripitaka is defeated." and the Misfortune Card FAQ: "You do not choose to
    play Misfortune Cards, so this is one case where a card can reduce your Health Points to 0."
    Tripitaka (2 HP) Meditates for the Heroic Victory, the spinner lands on black and the Misfortune
    takes 2 Health Points: he is Unconscious and the Quest is lost at once — his Meditation counted
    ("Tripitaka must Meditate" met) but the Quest is over: the next event is refused."""
    table = start(client, "q1", position={"pilgrims": {"tripitaka": {"hp": 2}}})
    maintenance(table)
    end_activations(table, until="tripitaka")
    table.accepted(ev("meditate", pilgrim="tripitaka", box="box-1", spinner="black",
                      misfortune="Ambush"))
    assert result(table) is None
    table.accepted(ev("misfortune", pilgrim="tripitaka", card="Ambush", lose={"hp": 2}))
    assert_result(table, "defeat", "Defeat: Tripitaka is defeated.")
    assert part(table, "heroic_victory", "Tripitaka must Meditate") == "met"
    assert legal(table) == []
    response = table.send(ev("maintenance"))
    assert response.status_code == 422


def test_quest_2_defeat_the_monkey_king_dies_unrevived(client):
    """Quest 2: "The Quest ends immediately when both Map Tiles are free of Demons or when one of
    the Pilgrims, including Cho Hakkai, dies." and the Maintenance: "If they are on their back, the
    time to revive them has run out and they are dead." The Monkey King, knocked out on his back
    at a later Turn and not revived, dies at the Maintenance: Defeat ("A Pilgrim was Killed"),
    though Cho Hakkai was revived long ago."""
    table = start(client, "q2", position={
        "turn": 4, "gates": [{"id": "gate-1"}, {"id": "gate-2"}], "sutras": ["sutra-1"],
        "wells": ["well-1"], "villagers": ["villager-1"], "demons": ["berrok"],
        "pilgrims": {"monkey_king": {"hp": 0, "status": "unconscious", "posture": "back"},
                     "tripitaka": {"sutras": 2}}})
    assert part(table, "victory", "Revive Cho Hakkai") == "met"
    maintenance(table)
    assert state(table)["pilgrims"]["monkey_king"]["status"] == "dead"
    assert_result(table, "defeat", "Defeat: A Pilgrim was Killed or the Pilgrims cleared all the "
                  "Demons before meeting either set of Victory Conditions.")


Q3_LAST = {**Q3_LATER, "turn": 6, "sutras": [], "villagers": ["villager-1"],
           "gates": [{"id": "gate-1", "status": "closed"}, {"id": "gate-2", "status": "closed"},
                     {"id": "gate-3"}],
           "pilgrims": {"tripitaka": {"sutras": 1}, "cho_hakkai": {"villagers": 2}}}


def test_quest_3_victory_tripitaka_closes_the_last_gate_with_a_villager_left(client):
    """Quest 3: "Close a Gate: … At a cost of 1 Action Point and a Sutra Token, Tripitaka can Close
    the Gate." and "The Quest ends when all the Gates are sealed…": with two Gates Closed and a
    Sutra in hand, Tripitaka (last, "Tripitaka must go last") closes the third — the Quest ends in
    a Victory, not Heroic, since one Villager is still on the board ("(2) rescue all the
    Villagers")."""
    table = start(client, "q3", position=Q3_LAST, initiative=TRIPITAKA_LAST)
    maintenance(table)
    end_activations(table, until="tripitaka")
    table.accepted(ev("close_gate", pilgrim="tripitaka", gate="gate-3", adjacent=True))
    assert_result(table, "victory", "Victory: The Pilgrims must (1) seal all the Gates.")
    assert state(table)["pilgrims"]["tripitaka"]["sutras"] == 0


def test_quest_3_defeat_a_pilgrim_dies_at_the_maintenance(client):
    """Quest 3: "Defeat: If a Pilgrim was Killed or a Demon enters the village, the Pilgrims
    fail." Monk Sha, on his back when the Turn begins, dies at its Maintenance: Defeat."""
    table = start(client, "q3", position={**Q3_LAST, "pilgrims": {
        **Q3_LAST["pilgrims"], "monk_sha": {"hp": 0, "status": "unconscious", "posture": "back"}}},
        initiative=TRIPITAKA_LAST)
    maintenance(table)
    assert_result(table, "defeat", "Defeat: If a Pilgrim was Killed or a Demon enters the "
                  "village, the Pilgrims fail.")


def test_quest_4_defeat_a_red_square_takes_a_pilgrims_last_health_point(client):
    """Quest 4: "The game play ends when the Pilgrims attack Kogaiji for the first time or when a
    Pilgrim is Defeated." and Red Lines: "Pilgrims take one point of damage every time they enter
    one of these squares…". The Monkey King at 1 Health Point steps onto a red square (the default
    ruling lets him, and he falls Unconscious): the Quest is lost before anyone attacks Kogaiji."""
    table = start(client, "q4", position={"pilgrims": {"monkey_king": {"hp": 1}}})
    maintenance(table)
    table.accepted(ev("move", pilgrim="monkey_king", steps=2, red=1))
    assert state(table)["pilgrims"]["monkey_king"]["status"] == "unconscious"
    assert_result(table, "defeat", "Defeat: A Pilgrim was Defeated before they attack Kogaiji.")


# == The campaign ====================================================================================

def campaign_quest(client, players=("Ann",), options=None, **first):
    from tests.test_journey_campaign import new_campaign, start_quest
    campaign = new_campaign(client, players=players, options={**PROFILES, **(options or {})})
    return campaign, start_quest(client, campaign, first)


def play_events(client, campaign, session, *events):
    from tests.test_journey_campaign import play
    return play(client, campaign["edit_token"], session, *events)


def win_quest_4(client, campaign, session):
    play_events(client, campaign, session, ev("maintenance"), ev(
        "attack", pilgrim="monkey_king", targets=["kogaiji-1"], attack_dice=[0, 0], pilgrim_die=0,
        weapon_damage=0, target_hp=6))


@pytest.mark.parametrize("ruling", ["added", "as_carried"])
def test_campaign_quest_5_tripitaka_carrying_his_hand_starts_with_the_healing_trance(client, ruling):
    """Quest 5: "Tripitaka starts the game with the Healing Trance Skill Card and one random draw."
    and "Calming Influence: Tripitaka must calm Kei Lun by using the Healing Trance…"; Back to Back
    Game Play: "Retain all Skill, Weapon, Corruption, Fortune and Misfortune Cards in your hand…",
    "Then compare your Pilgrims to the setup for the next Quest. If your setup is similar, you are
    ready to play." A campaign's Tripitaka carries Om Chant and Asura Seal out of Quest 4: he
    started Quest 5 without the Healing Trance, so the Quest could not be won. Ruling
    `starting_skill_cards`: "added" (default: the Quest's setup, "Quest rules override") adds it to
    his carried hand; "as_carried" keeps the hand as carried (the table may draw it between
    Quests)."""
    campaign, q4 = campaign_quest(client, options={"starting_skill_cards": ruling}, quest="q4",
                                  position={"pilgrims": {"tripitaka": {
                                      "hand": ["Om Chant", "Asura Seal"]}}})
    win_quest_4(client, campaign, q4)
    from tests.test_journey_campaign import start_quest
    q5 = start_quest(client, campaign, {"quest": "q5"})
    hand = q5["state"]["pilgrims"]["tripitaka"]["skills"]
    expected = ["Om Chant", "Asura Seal"] + (["Healing Trance"] if ruling == "added" else [])
    assert hand == expected
