"""Journey: Wrath of Demons — the second independent audit of the Quests and the campaign (session
9, `journeyq`). Scenarios written from the Quest Guide and the rulebook first (the whole book read
again), then played through the HTTP API in-process (Flask test client) with the events' JSON
Schema examples: each Quest to its Victory and to its Defeat, what can be done next at points of a
Quest, the sentence each refusal quotes, the campaign, and a whole Quest at each player count with
the calculator on the same result. Each scenario quotes its rule in its docstring. Findings and
rulings are recorded in docs/games/journey.md ("Independent audit of the Quests, second round").
"""

import pytest

from tests.api_table import calculated
from tests.test_journey_quests_audit import (
    PROFILES,
    assert_result,
    condition,
    end_activations,
    ev,
    finish_turn,
    kill,
    maintenance,
    part,
    refused,
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
    is not yet met (it read as met from the tokens on the board alone); rescued, it is met. Its
    Gates are awake, so the band has stepped onto the central Map Tile: the step is no longer
    listed ("Gate Activation: Once any of the band steps onto the central Map Tile, all three Gates
    activate.")."""
    table = start(client, "q3", position={**Q3_LATER, "turn": 4, "villagers": ["villager-3"],
                                          "pilgrims": {"monkey_king": {"villagers": 1},
                                                       "monk_sha": {"villagers": 1}}},
                  initiative=TRIPITAKA_LAST)
    assert part(table, "heroic_victory", "rescue all the Villagers") == "not_yet"
    maintenance(table)
    assert "central_tile" not in [e["type"] for e in legal(table)]  # the Gates are awake
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
        "position": {**Q3_LATER, "turn": 4, "villagers": []}})
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
    table = start(client, "q1", position={**Q1_LATER, "turn": 7, "villagers": []})
    assert part(table, "heroic_victory", "rescue the Villagers") == "no_longer_possible"
    refused_setup = client.post("/api/sessions", json={
        "game": "journey", "players": ["Ann"], "options": {**PROFILES, "quest": "q1"},
        "position": {**Q1_LATER, "turn": 4, "villagers": []}})
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



# == Setup: the Quest's own sentences ================================================================

def setup_refused(client, options, position=None):
    body = {"game": "journey", "players": ["Ann"], "options": {**PROFILES, **options}}
    if position is not None:
        body["position"] = position
    response = client.post("/api/sessions", json=body)
    assert response.status_code == 422, response.get_json()
    return response.get_json()["error"]


@pytest.mark.parametrize("quest, section", [("q3", "Quest 3 - Village Fields"),
                                            ("q5", "Quest 5 - Beasts")])
def test_tripitaka_not_last_is_refused_with_the_quests_sentence(client, quest, section):
    """Quests 3 and 5: "Tripitaka must go last, so give him Initiative Token 4." An initiative with
    Tripitaka first is a mistake at setup, refused (422) with that sentence, linked to the Quest that
    prints it (it was a 400 with no rule)."""
    error = setup_refused(client, {"quest": quest, "initiative": [
        "tripitaka", "monkey_king", "cho_hakkai", "monk_sha"]})
    assert "Tripitaka must go last, so give him Initiative Token 4." in error["rule"]["quote"]
    assert section in error["rule"]["section_path"]


def test_quest_2_another_initiative_is_refused_with_the_quests_order(client):
    """Quest 2: "Assign the initiative as follows (first Pilgrim) Monkey, Monk Sha, Tripitaka, Cho
    Hakkai (last Pilgrim)." Cho Hakkai first is refused with that sentence (a 400 with no rule
    before); the printed order is accepted."""
    error = setup_refused(client, {"quest": "q2", "initiative": [
        "cho_hakkai", "monkey_king", "monk_sha", "tripitaka"]})
    assert error["rule"]["quote"] == ("Assign the initiative as follows (first Pilgrim) Monkey, "
                                      "Monk Sha, Tripitaka, Cho Hakkai (last Pilgrim).")
    table = start(client, "q2", initiative=["monkey_king", "monk_sha", "tripitaka", "cho_hakkai"])
    assert state(table)["initiative"][-1] == "cho_hakkai"


UPGRADED = {"cho_hakkai": [{"bad_karma": 10, "corruption": "Permanent Limp"}],
            "monk_sha": [{"bad_karma": 10, "corruption": "Lure of Demons"}],
            "tripitaka": [{"good_karma": 10, "card": "Ninth Cycle Scripture"}]}


@pytest.mark.parametrize("upgrade, quote", [
    ({"good_karma": 10, "card": "Healing Trance"},
     "When taking Good Karma rewards, draw a Skill Card from your deck"),
    ({"good_karma": 10, "card": "Phase Walk", "discarded": ["Om Chant"]},
     "When taking Good Karma rewards, draw a Skill Card from your deck"),
    ({"good_karma": 10, "card": "Wild Herbs"},
     "When taking Good Karma rewards, draw a Skill Card from your deck"),
    ({"bad_karma": 10, "corruption": "Poisoned"},
     "If you take 10 Bad Karma Points, upgrade to the next level Weapon Card and take 1 Corruption "
     "Card.")])
def test_quest_6_a_karma_upgrade_draws_from_the_pilgrims_own_decks(client, upgrade, quote):
    """Karma Upgrades: "So, if you take 10 Good Karma Points, take 1 Permanent Skill Card. If you take
    10 Bad Karma Points, upgrade to the next level Weapon Card and take 1 Corruption Card.";
    "When taking Good Karma rewards, draw a Skill Card from your deck…" and "Each Pilgrim has his own
    specific card deck." The Monkey King's Upgrade naming Tripitaka's Healing Trance (or Om Chant
    among the wrong-type cards discarded), a Fortune Card, or a Condition Card as his Corruption
    Card, was accepted: refused with the sentence. His own Phase Walk is taken."""
    error = setup_refused(client, {"quest": "q6", "quest_setup": {"upgrades": {
        **UPGRADED, "monkey_king": [upgrade]}}})
    assert error["rule"]["quote"] == quote
    table = start(client, "q6", karma_upgrades="at_setup", quest_setup={"upgrades": {
        **UPGRADED, "monkey_king": [{"good_karma": 10, "card": "Phase Walk"}]}})
    assert "Phase Walk" in state(table)["pilgrims"]["monkey_king"]["skills"]


# == Each Quest to its Victory and to its Defeat, by paths the earlier audits did not take ===========

def test_quest_1_victory_the_house_opened_and_its_last_demon_cleansed_not_killed(client):
    """Quest 1's house is behind its closed Door: "Closed Doors block movement for all
    Miniatures.", "Unless otherwise stated, Tokens block movement and LOS for all models." and "None
    of the squares directly between the Attacker and the Target can be blocked by other Miniatures,
    tokens or impassable terrain…". An Attack on a house Demon before the door is broken is refused
    with that sentence (it was listed and accepted: Quest 1 could be won without opening the
    house). The Monkey King breaks the door down (the Demons behind it wake), Kills one; Cho Hakkai
    Defeats the other and Cleanses it — removed from the board as a Kill is ("…you have
    successfully saved the Target's soul. Remove the Miniature from the board."): "The Quest ends
    immediately when the Demons in the house are removed" — Victory, not Heroic; the Good Karma is
    Cho Hakkai's."""
    table = start(client, "q1")
    maintenance(table)
    hit = {"attack_dice": [3, 3], "pilgrim_die": 2, "weapon_damage": 2, "target_hp": 3}
    error = refused(table, ev("attack", pilgrim="monkey_king", targets=["berrok-1"], **hit),
                    "None of the squares directly between the Attacker and the Target can be "
                    "blocked by other Miniatures, tokens or impassable terrain")
    assert "behind a closed door" in error["message"]
    table.accepted(ev("break_door", pilgrim="monkey_king", door="door-1",
                      opens=["berrok-1", "berrok-2"]))
    assert {e["targets"][0] for e in legal(table, "attack")} == {"berrok-1", "berrok-2"}
    kill(table, "monkey_king", "berrok-1")
    assert result(table) is None
    table.accepted(ev("attack", pilgrim="cho_hakkai", targets=["berrok-2"], **hit))
    table.accepted(ev("resolve_defeat", pilgrim="cho_hakkai", choice="cleanse",
                      cleanse_dice=[3, 3], soul_power=2))
    assert_result(table, "victory",
                  "Victory: The Pilgrims must defeat all Demons in the Villagers' house.")
    assert part(table, "heroic_victory", "rescue the Villagers") == "not_yet"
    assert state(table)["pilgrims"]["cho_hakkai"]["good_karma"] == 1


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


Q5_LATER = {"turn": 5, "gates": [{"id": "gate-1"}, {"id": "gate-2"}], "sutras": ["sutra-1"],
            "boxes": ["box-1"], "wells": ["well-1"], "demons": ["berrok"]}
TRANCE = {"pilgrim": "tripitaka", "card": "Healing Trance", "kind": "skill"}


def test_quest_5_victory_the_healing_trance_used_earlier_is_kept_to_calm_kei_lun(client):
    """Quest 5: "Calming Influence: Tripitaka must calm Kei Lun by using the Healing Trance when all
    the Demons have been removed from play. He must pay the normal costs to activate this skill.
    However, he can use Healing Trance as usual earlier in the Quest, if required." Used while a
    Demon is left, it calms nobody; kept in his hand (a "retained" card: `keep`), he plays it again
    once the last Demon is Killed and the Quest is won — Victory, not Heroic: the Sutra is still on
    the board ("(2) possess the Sutra")."""
    table = start(client, "q5", position={**Q5_LATER, "pilgrims": {"tripitaka": {
        "hand": ["Healing Trance"], "hp": 5}}}, initiative=TRIPITAKA_LAST)
    maintenance(table)
    end_activations(table, until="tripitaka")
    table.accepted(ev("play_card", **TRANCE, keep=True))
    assert result(table) is None
    assert "Healing Trance" in state(table)["pilgrims"]["tripitaka"]["skills"]
    kill(table, "tripitaka", "berrok-1")
    table.accepted(ev("play_card", **TRANCE))
    assert_result(table, "victory", "Victory: (1) Tripitaka must calm Kei Lun.")
    assert part(table, "heroic_victory", "possess the Sutra") == "not_yet"


def test_quest_5_defeat_kei_lun_pushes_tripitaka_onto_a_red_square(client):
    """Quest 5: "If Kei Lun moves forwards when a Demon or Pilgrim is in front of him, move the other
    Miniature one square too…", Red Lines: "Pilgrims take one point of damage every time they enter
    one of these squares…" and "Defeat: Tripitaka is Defeated." Tripitaka at 1 Health Point is
    pushed onto a red square by Kei Lun (Pilgrim Die 1): he falls Unconscious and the Quest is
    lost."""
    table = start(client, "q5", position={**Q5_LATER, "pilgrims": {"tripitaka": {"hp": 1}}},
                  initiative=TRIPITAKA_LAST)
    maintenance(table)
    end_activations(table)
    table.accepted(ev("kei_lun", in_range=[], die=1, pushed=["tripitaka"],
                      pushed_red=["tripitaka"]))
    assert_result(table, "defeat", "Defeat: Tripitaka is Defeated.")


Q6_LATER = {"turn": 4, "gates": [{"id": "gate-1", "status": "inactive"},
                                 {"id": "gate-2", "status": "inactive"},
                                 {"id": "gate-3", "status": "inactive"}],
            "sutras": ["sutra-3"], "boxes": ["box-1"], "broken_doors": ["broken-door-1"],
            "doors": ["door-1", "door-2"], "villagers": ["villager-1"],
            "demons": ["kogaiji", "koorogg"]}


def to_the_demon_activations(table, distances):
    end_activations(table)
    table.accepted(ev("measure", of="demons", distances=distances))


def test_quest_6_victory_kogaiji_defeated_by_his_own_attack_under_the_asura_seal(client):
    """Quest 6: "The Quest ends immediately when Kogaiji or Tripitaka is Defeated." and "Tripitaka -
    Asura Seal: … All effects of the Attack are reflected… Add all this damage up to see if the
    Demon is Defeated…". Kogaiji (6 HP) attacks Tripitaka under the Asura Seal for 6: he is
    Defeated — the Quest ends then, in the Demon Phase, before any Kill or Cleanse: Victory with the
    2 Sutras Tripitaka holds (the Villager still on the board: not Heroic), and no Karma."""
    table = start(client, "q6", position={**Q6_LATER, "pilgrims": {"tripitaka": {
        "sutras": 2, "hand": ["Asura Seal"]}}})
    maintenance(table)
    end_activations(table, until="tripitaka")
    table.accepted(ev("play_card", pilgrim="tripitaka", card="Asura Seal", kind="skill",
                      duration="end_of_turn"))
    to_the_demon_activations(table, {"kogaiji-1": 1, "koorogg-1": 6})
    table.accepted(ev("demon_options", demon="kogaiji-1", options=[
        {"actions": ["attack", "attack"], "targets": ["tripitaka"], "squares": 0,
         "ends": "not_closer"}]))
    table.accepted(ev("demon_plan", demon="kogaiji-1", option=1))
    table.accepted(ev("demon_attack", demon="kogaiji-1", target="tripitaka", attack_dice=[3, 3],
                      demon_die=0))
    assert_result(table, "victory", "Victory: The Pilgrims must (1) possess 2 Sutra Tokens and (2) "
                  "Defeat Kogaiji.")
    assert state(table)["pilgrims"]["tripitaka"]["good_karma"] == 0
    assert state(table)["pilgrims"]["tripitaka"]["bad_karma"] == 0


def test_quest_6_defeat_the_bull_demon_king_knocks_tripitaka_out_without_moving(client):
    """Quest 6: "The Bull Demon King's Actions: The Bull Demon King does not move, but he will
    attack any Pilgrim that is in his attack zone/LOS." and "Defeat: All other conditions, including
    … letting Tripitaka be Defeated." The King, with Tripitaka in his zone, attacks twice where he
    stands (an option moving him is refused with his sentence); the second roll takes Tripitaka's
    last Health Points: Defeat."""
    table = start(client, "q6", position={
        **Q6_LATER, "sutras": ["sutra-1", "sutra-2", "sutra-3"], "demons": ["koorogg"],
        "pilgrims": {"tripitaka": {"hp": 3}}})
    maintenance(table)
    end_activations(table)
    refused(table, ev("demon_options", demon="koorogg-1", options=[
        {"actions": ["move", "attack"], "targets": ["tripitaka"], "squares": 1,
         "ends": "closer"}]),
        "The Bull Demon King's Actions: The Bull Demon King does not move, but he will attack any "
        "Pilgrim that is in his attack zone/LOS.")
    table.accepted(ev("demon_options", demon="koorogg-1", options=[
        {"actions": ["attack", "attack"], "targets": ["tripitaka"], "squares": 0,
         "ends": "not_closer"}]))
    table.accepted(ev("demon_plan", demon="koorogg-1", option=1))
    table.accepted(ev("demon_attack", demon="koorogg-1", target="tripitaka", attack_dice=[1, 1],
                      demon_die=0, defense_dice=[0, 0]))
    assert result(table) is None
    table.accepted(ev("demon_attack", demon="koorogg-1", target="tripitaka", attack_dice=[1, 0],
                      demon_die=0, defense_dice=[0, 0]))
    assert_result(table, "defeat", "Defeat: All other conditions, including Defeating Kogaiji "
                  "without holding 2 Sutra Tokens or letting Tripitaka be Defeated.")


Q7_LATER = {"turn": 9, "gates": [{"id": f"gate-{n}"} for n in range(1, 5)],
            "wells": ["well-1", "well-2"], "boxes": ["box-1"], "sutras": [f"sutra-{n}" for n in range(1, 5)],
            "demons": ["berrok"], "broken_doors": ["broken-door-1", "broken-door-2"]}


def test_quest_7_victory_kei_lun_kills_the_last_demon_after_the_deck_is_played(client):
    """Quest 7: "Demon Deck: All Gates are active from the start of the Quest, but become inactive
    when the entire Demon Spawn Deck has been played once.", "Priority 2: Attack all Demons and
    Pilgrims in range/LOS. … Kei Lun's attacks Kill Demons (no Cleanse Ritual) but there is no need
    to track Bad Karma for Kei Lun." and "The Quest ends immediately when the Gates are inactive and
    all Demons have been removed from play…". Joined with the whole deck drawn, Kei Lun guarding
    the chest Kills the last Demon in his action: Heroic Victory, with no Karma to anyone. Before
    he acts, what can be done next is his Action (and the Golden Peach's facts); a Demon Phase
    event entered then is refused with "Kei Lun has 1 Action Point each turn and plays directly
    after the Pilgrims." (it quoted the Pilgrim Phase's turn structure)."""
    table = start(client, "q7", position=Q7_LATER, initiative=TRIPITAKA_LAST,
                  quest_setup={"kei_lun_hp": 10, "drawn": 49})
    maintenance(table)
    end_activations(table)
    assert [e["type"] for e in legal(table)] == ["golden_peach", "kei_lun_ally"]
    refused(table, ev("measure", of="demons", distances={"berrok-1": 3}),
            "Kei Lun has 1 Action Point each turn and plays directly after the Pilgrims.")
    table.accepted(ev("kei_lun_ally", action="attack", guarding=True, in_range=["berrok-1"],
                      attacks=[{"target": "berrok-1", "attack_dice": [3, 3]}]))
    assert_result(table, "heroic_victory", "Heroic Victory: All the Pilgrims and Kei Lun survive.")
    assert all(p["bad_karma"] == 0 for p in state(table)["pilgrims"].values())


def test_quest_7_defeat_tripitaka_dies_at_the_maintenance(client):
    """Quest 7: "The Quest ends immediately … when either Tripitaka or Kei Lun is Killed." and
    "Defeat: Tripitaka or Kei Lun are Killed." Tripitaka Unconscious on his back when the Turn
    begins is dead at its Maintenance: Defeat (Unconscious alone was not)."""
    table = start(client, "q7", position={**Q7_LATER, "pilgrims": {"tripitaka": {
        "hp": 0, "status": "unconscious", "posture": "back"}}}, initiative=TRIPITAKA_LAST,
        quest_setup={"kei_lun_hp": 10, "drawn": 12})
    assert result(table) is None
    maintenance(table)
    assert_result(table, "defeat", "Defeat: Tripitaka or Kei Lun are Killed.")


Q8_LATER = {"turn": 6, "gates": [{"id": "gate-1"}], "boxes": ["box-1"], "wells": ["well-1"],
            "demons": ["yazuiji"]}


def test_quest_8_victory_the_fourth_defeat_of_a_game_joined_after_three(client):
    """Quest 8: "Game play ends when Iron Fan is defeated the fourth time, or when Tripitaka is
    Killed." and "Victory: Tripitaka survives." Joined after her third Defeat (`quest_setup.defeats`
    3) with Monk Sha dead, her next Defeat ends the Quest: Victory, not Heroic ("All the Pilgrims
    survive"), and no Karma for her ("She is not Killed or Cleansed…")."""
    table = start(client, "q8", position={**Q8_LATER, "pilgrims": {
        "monk_sha": {"hp": 0, "status": "dead"}}}, quest_setup={"defeats": 3})
    maintenance(table)
    table.accepted(ev("attack", pilgrim="monkey_king", targets=["yazuiji-1"], attack_dice=[3, 3],
                      pilgrim_die=3, weapon_damage=3, target_hp=6))
    assert_result(table, "victory", "Victory: Tripitaka survives.")
    assert state(table)["pilgrims"]["monkey_king"]["bad_karma"] == 0


def test_quest_8_defeat_tripitaka_dies_between_two_defeats_of_iron_fan(client):
    """Quest 8: "Defeat: Tripitaka is Killed." Tripitaka on his back when the Turn begins dies at its
    Maintenance, after two of Iron Fan's Defeats: the Quest is lost, and neither Victory can be met
    any more."""
    table = start(client, "q8", position={**Q8_LATER, "pilgrims": {"tripitaka": {
        "hp": 0, "status": "unconscious", "posture": "back"}}}, quest_setup={"defeats": 2})
    maintenance(table)
    assert_result(table, "defeat", "Defeat: Tripitaka is Killed.")
    assert condition(table, "victory")["status"] == "no_longer_possible"


Q9_LATER = {"turn": 4, "gates": [{"id": "gate-1"}, {"id": "gate-2"}], "villagers": [],
            "boxes": ["box-1", "box-2"], "doors": ["door-1", "door-2", "door-3"],
            "demons": ["kogaiji", "borrack"], "pilgrims": {"monk_sha": {"villagers": 1}}}


def test_quest_9_victory_kogaiji_defeated_then_his_last_minion_killed(client):
    """Quest 9: "Defeat Kogaiji: In this Quest, the Pilgrims do not Kill or Cleanse Kogaiji. Once he
    is Defeated, he is out of game play. Pilgrims do not take Karma Rewards for this. The Pilgrims
    can play on to fight any other Demons on the Game Board." and "The Quest ends when all the
    Demons minions are removed from play and Kogaiji is Defeated…". Joined after the Elder Monk
    was found (his token held), Kogaiji Defeated leaves play with no Kill or Cleanse to enter and no
    Karma; the Quest goes on until the Bull General is Killed: Heroic Victory."""
    table = start(client, "q9", position=Q9_LATER)
    maintenance(table)
    table.accepted(ev("attack", pilgrim="monkey_king", targets=["kogaiji-1"], attack_dice=[3, 3],
                      pilgrim_die=3, weapon_damage=3, target_hp=6))
    assert "kogaiji-1" not in state(table)["demons"] and state(table)["pending"] is None
    assert state(table)["pilgrims"]["monkey_king"]["bad_karma"] == 0
    assert result(table) is None
    kill(table, "monkey_king", "borrack-1", hp=5, reward=2)
    assert_result(table, "heroic_victory", "Heroic Victory: All the Pilgrims survive.")


def test_quest_9_defeat_tripitaka_dies_while_kogaiji_still_chants(client):
    """Quest 9: "…or if Tripitaka is Killed." / "Defeat: Tripitaka is Killed." Tripitaka on his back
    at the Maintenance dies: Defeat, though Kogaiji was never reached."""
    table = start(client, "q9", position={**Q9_LATER, "pilgrims": {"tripitaka": {
        "hp": 0, "status": "unconscious", "posture": "back"}}})
    maintenance(table)
    assert_result(table, "defeat", "Defeat: Tripitaka is Killed.")


Q10A_LATER = {"turn": 14, "gates": [{"id": f"gate-{n}"} for n in range(1, 5)],
              "villagers": [f"villager-{n}" for n in range(1, 6)], "sutras": [],
              "boxes": ["box-1", "box-2", "box-3"],
              "broken_doors": ["broken-door-1", "broken-door-2", "broken-door-3"], "demons": []}


def test_quest_10_part_1_heroic_the_four_sutras_between_three_pilgrims(client):
    """Quest 10 Part 1: "Heroic Victory: The Pilgrims must have all 4 Sutra Tokens between them and
    then 1 Pilgrim steps onto the Fiery Bridge." The 4 Sutras held by three Pilgrims (2, 1, 1) are
    "between them": Cho Hakkai steps onto the bridge and the Race ends in the Heroic Victory."""
    table = start(client, "q10a", position={**Q10A_LATER, "pilgrims": {
        "monkey_king": {"sutras": 2}, "monk_sha": {"sutras": 1}, "tripitaka": {"sutras": 1}}})
    maintenance(table)
    end_activations(table, until="cho_hakkai")
    table.accepted(ev("move", pilgrim="cho_hakkai", steps=1))  # onto the Fiery Bridge
    table.accepted(ev("fiery_bridge", pilgrim="cho_hakkai"))
    assert_result(table, "heroic_victory", "Heroic Victory: The Pilgrims must have all 4 Sutra "
                  "Tokens between them and then 1 Pilgrim steps onto the Fiery Bridge.")


def test_quest_10_part_1_defeat_the_bridge_reached_with_a_sutra_left_in_the_village(client):
    """Quest 10 Part 1: "Defeat: Any Pilgrim is Killed or they don't have 4 Sutras when 1 Pilgrim
    reaches the Fiery Bridge." With one Sutra still on a village tile, the Monkey King steps onto
    the bridge: Defeat (the Race is over; the Sutra can no longer be collected)."""
    table = start(client, "q10a", position={**Q10A_LATER, "sutras": ["sutra-4"], "pilgrims": {
        "monkey_king": {"sutras": 3}}})
    maintenance(table)
    table.accepted(ev("move", pilgrim="monkey_king", steps=1))  # onto the Fiery Bridge
    table.accepted(ev("fiery_bridge", pilgrim="monkey_king"))
    assert_result(table, "defeat", "Defeat: Any Pilgrim is Killed or they don't have 4 Sutras "
                  "when 1 Pilgrim reaches the Fiery Bridge.")
    assert table.send(ev("collect_sutra", pilgrim="monk_sha", sutra="sutra-4",
                         adjacent=True)).status_code == 422


Q10B_LATER = {"turn": 3, "gates": [{"id": f"gate-{n}"} for n in range(1, 6)], "wells": ["well-1"],
              "villagers": ["villager-1", "villager-2", "villager-3"], "demons": ["berrok", "bharhaz"],
              "pilgrims": {"tripitaka": {"sutras": 4}}}


def test_quest_10_part_2_victory_minions_do_not_stop_the_sealing_ritual(client):
    """Quest 10 Part 2: "The following conditions must be true for Tripitaka to complete the Sealing
    Ritual: - There are no Demon Lords in the lair. …" — only Demon Lords: with two minions still in
    the lair and every Lord gone, Tripitaka adjacent to the Seal spends 1 Action Point and the 4
    Sutras: Heroic Victory."""
    table = start(client, "q10b", position=Q10B_LATER)
    maintenance(table)
    end_activations(table, until="tripitaka")
    assert legal(table, "sealing_ritual") == [{"type": "sealing_ritual", "player": "p1",
                                               "pilgrim": "tripitaka", "open": ["adjacent"]}]
    table.accepted(ev("sealing_ritual", pilgrim="tripitaka", adjacent=True))
    assert_result(table, "heroic_victory",
                  "Heroic Victory: Tripitaka completes the Sealing Ritual.")
    assert state(table)["pilgrims"]["tripitaka"]["sutras"] == 0


def test_quest_10_part_2_defeat_tripitaka_walks_onto_a_red_square_at_one_health_point(client):
    """Quest 10 Part 2: "This Quest ends when Tripitaka completes the Sealing Ritual or when
    Tripitaka is Defeated." and Red Lines: "Pilgrims take one point of damage every time they enter
    one of these squares…". Tripitaka at 1 Health Point steps onto a red square of the lair: he is
    Defeated and the Quest is lost."""
    table = start(client, "q10b", position={**Q10B_LATER, "pilgrims": {
        "tripitaka": {"sutras": 4, "hp": 1}}})
    maintenance(table)
    end_activations(table, until="tripitaka")
    table.accepted(ev("move", pilgrim="tripitaka", steps=1, red=1))
    assert_result(table, "defeat", "Defeat: Tripitaka is Defeated.")



# == What can be done next, at points of the Quests ==================================================

def undo(table):
    response = table.client.post(f"/api/sessions/{table.id}/undo", headers=table.headers,
                                 json={"expected_seq": table.seq})
    assert response.status_code == 200, response.get_json()
    table.seq = response.get_json()["seq"]


def every_listed_event_is_accepted(table, fill=None):
    """Each event `legal` lists complete (and each open one the test `fill`s, by type) is accepted
    when entered as listed, then undone: the state is back as it was. The types listed."""
    before = table.view()
    for listed in before["legal"]:
        if listed.get("open") and listed["type"] not in (fill or {}):
            continue
        event = {k: v for k, v in listed.items() if k != "open"}
        if listed.get("open"):
            event.update(fill[listed["type"]])
        response = table.send(event)
        assert response.status_code == 200, (event, response.get_json())
        undo(table)
    assert table.view()["state"] == before["state"]
    return [e["type"] for e in before["legal"]]


def test_legal_quest_1_at_the_start_and_in_the_first_activation(client):
    """Quest 1 starts with the Maintenance ("You are ready to begin the first turn, which starts with
    the Maintenance Phase."): listed, with the Quest's own `house`, and no `quest_result` ("The
    Players win when the Quest's Victory Conditions are met…": the referee checks them). In the
    Monkey King's activation every Action he can take is listed and each is accepted as listed
    (Rest, Break Down a Door, Rescue, Move, Pray, Meditate, ending the activation); Close a Gate and
    Revive, Tripitaka's alone, are not listed for him, nor an Attack on the Demons behind the
    house's closed door (no Line of Sight)."""
    table = start(client, "q1")
    assert every_listed_event_is_accepted(table) == ["maintenance", "house"]
    maintenance(table)
    listed = every_listed_event_is_accepted(table, fill={
        "move": {"steps": 2}, "pray": {"card": "Wild Herbs"},
        "meditate": {"spinner": "black", "misfortune": "Ambush"}, "house": {"demons": ["berrok-1"]}})
    assert set(listed) == {"end_activation", "rest", "break_door", "rescue_villager", "move",
                           "pray", "meditate", "house"}
    assert "quest_result" not in listed


def test_legal_quest_3_central_tile_until_stepped_on_and_the_end_of_turn(client):
    """Quest 3: "Gate Activation: Once any of the band steps onto the central Map Tile, all three
    Gates activate." The step is listed until entered, then no longer (the Gates are awake); with
    the Gates asleep the Demon Phase has no spawn to list, and the End of Turn lists `end_turn`,
    accepted."""
    table = start(client, "q3", initiative=TRIPITAKA_LAST)
    maintenance(table)
    assert "central_tile" in every_listed_event_is_accepted(table, fill={
        "central_tile": {"pilgrim": "monkey_king"}, "move": {"steps": 1},
        "village_entered": {"demon": "borrack-1"}, "pray": {"card": "Wild Herbs"},
        "meditate": {"spinner": "black", "misfortune": "Ambush"},
        "attack": {"attack_dice": [1, 0], "pilgrim_die": 0, "weapon_damage": 0}})
    end_activations(table)
    assert "spawn" not in [e["type"] for e in legal(table)]
    for _ in range(4):
        if table.view()["phase"] == "end":
            break
        step_demons_quietly(table)
    assert table.view()["phase"] == "end"
    assert "end_turn" in every_listed_event_is_accepted(table, fill={
        "village_entered": {"demon": "borrack-1"}, "central_tile": {"pilgrim": "monkey_king"}})
    finish_turn(table)
    table.accepted(ev("maintenance"))
    table.accepted(ev("central_tile", pilgrim="monkey_king"))
    assert "central_tile" not in [e["type"] for e in legal(table)]
    assert {g["status"] for g in state(table)["gates"].values()} == {"active"}


def step_demons_quietly(table):
    from tests.test_journey_quests_audit import step
    step(table)


def test_legal_quest_5_only_kei_lun_acts_between_the_pilgrims_and_the_demons(client):
    """Quest 5: "Kei Lun's Actions: Kei Lun will take 1 Action each turn, directly after the Pilgrims
    have been." Once every Pilgrim has acted, the next move listed is Kei Lun's (no spawn, no Demon
    yet); a spawn entered now is refused with that sentence."""
    table = start(client, "q5", initiative=TRIPITAKA_LAST)
    maintenance(table)
    end_activations(table)
    assert [e["type"] for e in legal(table) if e["type"] != "play_card"] == ["kei_lun"]
    refused(table, ev("spawn", gate="gate-1", card="reinforcement", demons=["berrok"]),
            "Kei Lun's Actions: Kei Lun will take 1 Action each turn, directly after the Pilgrims "
            "have been.")


def test_legal_quest_8_the_demon_phase_lists_no_spawn(client):
    """Quest 8: "Respawn Iron Fan: Do not use the Demon Deck to spawn Demons each Demon Phase." After
    the Pilgrims, the Demon Phase lists the Demons' activations (no spawn), and a spawn entered is
    refused with that sentence."""
    table = start(client, "q8")
    maintenance(table)
    end_activations(table)
    types = {e["type"] for e in legal(table)}
    assert "spawn" not in types and types & {"measure", "demon_options"}
    refused(table, ev("spawn", gate="gate-1", card="reinforcement", demons=["berrok"]),
            "Respawn Iron Fan: Do not use the Demon Deck to spawn Demons each Demon Phase.")


def test_legal_quest_9_a_rescue_is_a_spin_and_the_plain_rescue_is_not_listed(client):
    """Quest 9: "When the Pilgrims attempt a Rescue, first spin the Fortune Spinner." The Rescue
    listed is the attempt with its spinner to fill in, for each Villager Token; the core Rescue is
    not listed, and entered it is refused with the spin's sentence."""
    table = start(client, "q9")
    maintenance(table)
    types = [e["type"] for e in legal(table)]
    assert "rescue_attempt" in types and "rescue_villager" not in types
    refused(table, ev("rescue_villager", pilgrim="monkey_king", villager="villager-1"),
            "When the Pilgrims attempt a Rescue, first spin the Fortune Spinner.")


def test_legal_quest_10_part_2_no_sealing_ritual_listed_while_a_lord_is_in_the_lair(client):
    """Quest 10 Part 2: "There are no Demon Lords in the lair." is a condition of the Sealing
    Ritual: in Tripitaka's activation with the Bull Demon King in the lair it is not listed, and
    entered it is refused with that sentence."""
    table = start(client, "q10b", position={**Q10B_LATER, "demons": ["koorogg"]})
    maintenance(table)
    end_activations(table, until="tripitaka")
    assert legal(table, "sealing_ritual") == []
    refused(table, ev("sealing_ritual", pilgrim="tripitaka", adjacent=True),
            "There are no Demon Lords in the lair.")



# == A whole Quest at each player count, and the calculator on its result ===========================

def seat_of(table, pilgrim):
    return state(table)["controllers"][pilgrim]


def by(table, event_type, pilgrim, **fields):
    return {"type": event_type, "player": seat_of(table, pilgrim), "pilgrim": pilgrim, **fields}


def end_activation_of(table, pilgrim):
    table.accepted(by(table, "end_activation", pilgrim))


@pytest.mark.parametrize("players", [("Ann",), ("Ann", "Ben"), ("Ann", "Ben", "Cy"),
                                     ("Ann", "Ben", "Cy", "Di")])
def test_quest_1_played_to_its_heroic_victory_at_each_player_count(client, players):
    """Game Setup: "One Player - all 4 Pilgrims. - Two Players - 2 Pilgrims each. - Three Players - 2
    Players have 1 Pilgrim each and the third Player controls 2 Pilgrims. - Four Players - 1 Pilgrim
    each." and Quest 1's "Heroic Victory: The Pilgrims must (1) rescue the Villagers, (2) Tripitaka
    must Meditate, (3) any one Pilgrim must play a Skill Card, (4) defeat all Demons in the
    Villagers' house." Quest 1 played from its Board Setup over two Turns, each Pilgrim's moves
    entered by the seat controlling him (and refused from another seat), the Demon Phase between:
    the Heroic Victory; every seat wins together, as the calculator says for the same result
    ("The Pilgrims win or lose as a team")."""
    table = start(client, "q1", players=players)
    controllers = state(table)["controllers"]
    dealt = sorted(list(controllers.values()).count(seat) for seat in {*controllers.values()})
    assert dealt == {1: [4], 2: [2, 2], 3: [1, 1, 2], 4: [1, 1, 1, 1]}[len(players)]
    maintenance(table)
    if len(players) > 1:
        other = next(s for s in {*controllers.values()} if s != controllers["monkey_king"])
        refused(table, {**by(table, "rest", "monkey_king"), "player": other},
                "The Pilgrims are controlled by the Players")
    table.accepted(by(table, "rescue_villager", "monkey_king", villager="villager-1"))
    table.accepted(by(table, "play_card", "monkey_king", card="Phase Walk", kind="skill",
                      duration="this_action"))
    end_activation_of(table, "monkey_king")
    for pilgrim in ("cho_hakkai", "monk_sha"):
        end_activation_of(table, pilgrim)
    table.accepted(by(table, "meditate", "tripitaka", box="box-1", spinner="white",
                      seen=["Wild Herbs", "Wild Herbs", "Wild Herbs"], kept="Wild Herbs"))
    end_activation_of(table, "tripitaka")
    finish_turn(table)
    maintenance(table)
    table.accepted(by(table, "break_door", "monkey_king", door="door-1",
                      opens=["berrok-1", "berrok-2"]))
    for pilgrim, demon in (("monkey_king", "berrok-1"), ("cho_hakkai", "berrok-2")):
        table.accepted(by(table, "attack", pilgrim, targets=[demon], attack_dice=[3, 3],
                          pilgrim_die=2, weapon_damage=2, target_hp=3))
        table.accepted(by(table, "resolve_defeat", pilgrim, choice="kill", reward=1))
    assert_result(table, "heroic_victory", "Heroic Victory: The Pilgrims must (1) rescue the "
                  "Villagers, (2) Tripitaka must Meditate, (3) any one Pilgrim must play a Skill "
                  "Card, (4) defeat all Demons in the Villagers' house.")
    scores = table.view()["scores"]
    seats = [f"p{n}" for n in range(1, len(players) + 1)]
    assert scores["winners"] == seats
    answer = calculated(client, "journey", {"players": list(players),
                                            "outcome": "heroic_victory"})
    assert answer["winners"] == scores["winners"]
    assert "The Pilgrims win together." == answer["decided_by"]["text"]
    lost = calculated(client, "journey", {"players": list(players), "outcome": "defeat"})
    assert lost["winners"] == []



def test_nothing_is_hidden_another_seat_and_a_spectator_see_every_hand(client):
    """Cards: "Remember, this is a cooperative game and there is no need to keep secrets." Ben's
    phone (his seat's token) and a spectator see the Monkey King's Skill and Fortune Cards (Ann's),
    in the API and on the table page; Ben's phone may not enter the Monkey King's move ("The
    Pilgrims are controlled by the Players…")."""
    table = start(client, "q2", players=("Ann", "Ben"), position={"pilgrims": {
        "monkey_king": {"hand": ["Phase Walk"], "fortune": ["Wild Herbs"]}}})
    assert state(table)["controllers"]["monkey_king"] == "p1"
    claimed = client.post(f"/api/sessions/{table.id}/seats", json={"seat": "p2"},
                          headers={"Authorization": f"Bearer {table.join_token}"})
    ben = {"Authorization": f"Bearer {claimed.get_json()['seat_token']}"}
    for headers, url in ((ben, f"/api/sessions/{table.id}?seat=p2"),
                         ({}, f"/api/sessions/{table.id}")):
        seen = client.get(url, headers=headers).get_json()["state"]["pilgrims"]["monkey_king"]
        assert (seen["skills"], seen["fortune"]) == (["Phase Walk"], ["Wild Herbs"])
    page = client.get(f"/play/{table.id}").text
    assert "Phase Walk" in page and "Wild Herbs" in page
    maintenance(table)
    response = client.post(f"/api/sessions/{table.id}/events", headers=ben, json={
        "event": {"type": "rest", "player": "p1", "pilgrim": "monkey_king"},
        "expected_seq": table.seq})
    assert response.status_code == 403


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


def test_campaign_cards_drawn_between_quests_come_from_the_pilgrims_own_deck(client):
    """Back to Back Game Play: "Feel free to make random Card draws, or to discard some Cards, to make
    your Pilgrims a similar strength to the Quest setup." and "Each Pilgrim has his own specific card
    deck." Drawn for Tripitaka between Quests 4 and 5, the Monkey King's Phase Walk was accepted into
    Tripitaka's hand: refused with that sentence (nothing is started); his own Om Chant is drawn."""
    campaign, q4 = campaign_quest(client, quest="q4")
    win_quest_4(client, campaign, q4)
    from tests.test_journey_campaign import auth, start_quest
    response = client.post(f"/api/campaigns/{campaign['id']}/quests", headers=auth(
        campaign["edit_token"]), json={"quest": "q5", "adjust": {"tripitaka": {
            "draw": ["Phase Walk"]}}})
    assert response.status_code == 422, response.get_json()
    assert response.get_json()["error"]["rule"]["quote"] == (
        "Each Pilgrim has his own specific card deck.")
    q5 = start_quest(client, campaign, {"quest": "q5", "adjust": {"tripitaka": {
        "draw": ["Om Chant"]}}})
    assert sorted(q5["state"]["pilgrims"]["tripitaka"]["skills"]) == ["Healing Trance", "Om Chant"]



def test_campaign_quest_10_played_again_starts_at_part_1_and_nothing_follows_it(client):
    """"If you replay the Quest, try to get the Heroic Victory." and Quest 10: "…this is not 2
    Quests, it is a single large one." After Quest 10 Part 2 (the Guide's last), the Quest played
    again is Quest 10 from its Part 1 — it was refused ("After Quest 10-2 comes Quest nothing, not
    Quest 10-1."); any other Guide Quest is refused with "The Quests are written as parts of a
    longer story, to be played one at a time, in order." and a message in words."""
    from tests.test_journey_campaign import auth
    campaign, part_2 = campaign_quest(client, quest="q10b", position={
        **Q10B_LATER, "pilgrims": {"tripitaka": {"sutras": 4}}})
    play_events(client, campaign, part_2, ev("maintenance"),
                *(ev("end_activation", pilgrim=p) for p in ("monkey_king", "cho_hakkai",
                                                            "monk_sha")),
                ev("sealing_ritual", pilgrim="tripitaka", adjacent=True))
    listed = client.get(f"/api/campaigns/{campaign['id']}").get_json()["next"]
    assert [n["quest"] for n in listed] == ["free", "q10a"]
    response = client.post(f"/api/campaigns/{campaign['id']}/quests", json={"quest": "q1"},
                           headers=auth(campaign["edit_token"]))
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error["rule"]["quote"] == ("The Quests are written as parts of a longer story, to be "
                                      "played one at a time, in order.")
    assert error["message"].startswith("Quest 10 Part 2 - Seal the Gate ends the Quest Guide")
    # its Karma Upgrades came with the Pilgrims of its first play (audit 3: not given again)
    again = client.post(f"/api/campaigns/{campaign['id']}/quests", json={"quest": "q10a"},
                        headers=auth(campaign["edit_token"]))
    assert again.status_code == 201, again.get_json()
    assert {"text": "Quest 10 Part 1 - The Lair is played again."}.items() <= (
        again.get_json()["carry_over"][0].items())


def test_campaign_a_mandatory_trade_reached_as_a_quest_ends_is_made_first_in_the_next(client):
    """Back to Back: "Keep the same Good and Bad Karma Points." and Adjusting Karma: "The trades
    marked as mandatory must be made when the Karma level is met or exceeded." Quest 1 (a Pilgrim
    walked into the house) ends at the Kill that brings the Monkey King to 10 Bad Karma, before the
    trade is entered ("The game stops immediately."); he starts Quest 2 with his 10 Bad Karma and
    the trade is what he does first: his Action is refused until it is made, then his weapon is
    Level 2."""
    options = {"demon_profiles": {**PROFILES["demon_profiles"], "berrok": {
        **PROFILES["demon_profiles"]["berrok"], "bkr": 5}}}
    campaign, q1 = campaign_quest(client, options=options, quest="q1")
    kill_house = [ev("maintenance"), ev("room", active=True, ids=["berrok-1", "berrok-2"])]
    for demon in ("berrok-1", "berrok-2"):
        kill_house += [ev("attack", pilgrim="monkey_king", targets=[demon], attack_dice=[3, 3],
                          pilgrim_die=2, weapon_damage=2, target_hp=3),
                       ev("resolve_defeat", pilgrim="monkey_king", choice="kill", reward=5)]
    play_events(client, campaign, q1, *kill_house)
    from tests.test_journey_campaign import start_quest
    q2 = start_quest(client, campaign, {"quest": "q2"})
    assert q2["state"]["pilgrims"]["monkey_king"]["bad_karma"] == 10
    from tests.api_table import ApiTable
    table = ApiTable.__new__(ApiTable)
    table.client, table.id, table.seq, table.created = client, q2["id"], q2["seq"], q2
    table.headers = {"Authorization": f"Bearer {campaign['edit_token']}"}
    maintenance(table)
    assert [e["type"] for e in legal(table)][:1] == ["karma_trade"]
    refused(table, ev("rest", pilgrim="monkey_king"),
            "The trades marked as mandatory must be made when the Karma level is met or exceeded.")
    table.accepted(ev("karma_trade", pilgrim="monkey_king", kind="bad",
                      corruption="Permanent Limp"))
    assert state(table)["pilgrims"]["monkey_king"]["weapon_level"] == 2
