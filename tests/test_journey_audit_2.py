"""Journey: Wrath of Demons: a second independent audit, written from the rulebook (scenarios first)
and the public API description alone (GET /api/games/journey, docs/games/journey.md), going where
the first audit (tests/test_journey_audit.py) did not: One Hit Kills, the Cleanse Ritual and its
backfire, Kill vs Cleanse Karma, the weapon's Pilgrim Die, Line of Sight, green-line defense, Knock
Back into an obstacle (Crushing), Condition damage past defense, Meditate's black spinner and
Misfortune, doors and rooms, Demon Lords (unique cards, Spawn Demon Lord), Demon Rage, Wild
Attacks, Revive's limits, red squares, the mandatory Karma trades after a Kill, the end of the game;
and two known bugs (Kei Lun's attacks entered twice in Quests 5 and 7, the double Defeat at a
Maintenance). Every scenario goes through the HTTP API; every refusal quotes a verbatim sentence,
checked to be the one that forbids what was attempted."""

import pytest

from tests.test_journey_audit import RULEBOOK, at, demon_phase, option, refused, refused_one_of
from tests.test_journey_quests_audit import end_activations, ev, maintenance, start


@pytest.fixture
def client(module_client):
    """One app and database for the whole file (each scenario starts its own session)."""
    return module_client


KING = {"koorogg": {"attack_dice": 2}}  # HP 9, SP 3, GKR 5, BKR 5 and the Demon Die are printed
BERROK = {"berrok": {"hp": 2, "sp": 2, "gkr": 2, "bkr": 1, "attack_dice": 2}}
BORRACK = {"borrack": {"hp": 4, "sp": 2, "gkr": 3, "bkr": 3, "attack_dice": 2}}
KOGAIJI = {"kogaiji": {"hp": 6, "sp": 3, "gkr": 4, "bkr": 4}}


def profiles(*tables):
    merged = {}
    for table in tables:
        merged.update(table)
    return {"demon_profiles": merged}


def hit(table, pilgrim, target, attack_dice, weapon=0, die=0, **extra):
    return table.post(
        type="attack",
        pilgrim=pilgrim,
        targets=[target],
        attack_dice=attack_dice,
        pilgrim_die=die,
        weapon_damage=weapon,
        **extra,
    )


def spawn_step(client, **kw):
    """The Demon Phase's spawn step with one active Gate: the Pilgrims end their activations."""
    table = at(client, "monkey_king", **kw)
    for pilgrim in ("monkey_king", "monk_sha", "tripitaka", "cho_hakkai"):
        if table.state["pilgrims"][pilgrim]["status"] == "active":
            table.ok(type="end_activation", pilgrim=pilgrim)
    return table


# == One Hit Kill, Kill and Cleanse =================================================================


def test_one_hit_kill_needs_all_its_health_points_in_one_attack(client):
    """ "For example, the Monkey King attacks the Bull Demon King but only rolls 6 damage. ... But the
    Bull Demon King is a One Hit Kill with 9 Health Points. Monkey has not done enough damage and the
    Bull Demon King lives to fight another day!" A second 6 does not add up either."""
    table = at(client, "monkey_king", demons=["koorogg"], options=profiles(KING))
    assert hit(table, "monkey_king", "koorogg-1", [3, 3]).status_code == 200
    assert table.state["pending"] is None
    assert hit(table, "monkey_king", "koorogg-1", [3, 3]).status_code == 200
    assert "koorogg-1" in table.state["demons"]
    assert table.state["pending"] is None


def test_one_hit_kill_defeated_by_nine_then_kill_for_bad_karma(client):
    """ "You must do at least this much damage in one attack to Defeat the character." Then "If the
    Attacker chooses to Kill a Defeated Target, the Attacker must increase its Bad Karma by the amount
    shown on the Target's Profile Sheet for the Bad Karma Reward Attribute (BKR)." (BKR 5.)"""
    table = at(client, "monkey_king", demons=["koorogg"], options=profiles(KING))
    assert hit(table, "monkey_king", "koorogg-1", [3, 3], weapon=3, die=2).status_code == 200
    assert table.state["pending"]["demon"] == "koorogg-1"
    table.ok(type="resolve_defeat", pilgrim="monkey_king", choice="kill")
    assert "koorogg-1" not in table.state["demons"]
    assert table.pilgrim("monkey_king")["bad_karma"] == 5


def test_nothing_else_until_the_defeated_target_is_killed_or_cleansed(client):
    """ "Defeat is not the final stage of the successful attack and the Attacker must choose one of the
    available options." A Rest before the choice is refused."""
    table = at(client, "monkey_king", demons=["berrok"], options=profiles(BERROK))
    assert hit(table, "monkey_king", "berrok-1", [1, 1]).status_code == 200
    response = table.post(type="rest", pilgrim="monkey_king")
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK
    assert table.state["pending"]["demon"] == "berrok-1"


def test_cleanse_ritual_reaching_soul_power_gives_good_karma(client):
    """ "If the result is equal to or greater than the Soul Power displayed on the Target's Profile
    Sheet, you have successfully saved the Target's soul." Tripitaka's 1 die shows 3 against the Bull
    Demon King's SP 3: Good Karma 5 (GKR), no Bad Karma."""
    table = at(client, "tripitaka", demons=["koorogg"], options=profiles(KING))
    assert hit(table, "tripitaka", "koorogg-1", [3, 3], weapon=3, die=3).status_code == 200
    table.ok(type="resolve_defeat", pilgrim="tripitaka", choice="cleanse", cleanse_dice=[3])
    assert "koorogg-1" not in table.state["demons"]
    assert table.pilgrim("tripitaka")["good_karma"] == 5
    assert table.pilgrim("tripitaka")["bad_karma"] == 0


def test_cleanse_ritual_backfires_and_the_target_recovers(client):
    """ "However, if the Cleanse Ritual roll is less than the Target's Soul Power, the ritual has
    backfired and reinvigorated the Target. The Target fully recovers from the hit." No Karma."""
    table = at(client, "tripitaka", demons=["koorogg"], options=profiles(KING))
    assert hit(table, "tripitaka", "koorogg-1", [3, 3], weapon=3, die=3).status_code == 200
    table.ok(type="resolve_defeat", pilgrim="tripitaka", choice="cleanse", cleanse_dice=[2])
    assert "koorogg-1" in table.state["demons"]
    assert table.state["pending"] is None
    me = table.pilgrim("tripitaka")
    assert me["good_karma"] == 0 and me["bad_karma"] == 0


def test_cleanse_ritual_with_the_wrong_number_of_dice_is_refused(client):
    """ "Roll the dice specified in the Attacker's Cleanse Ritual Attribute" — Tripitaka's "Profile
    Sheet shows he rolls 1 Pilgrim Die during the Ritual"; two dice are refused."""
    table = at(client, "tripitaka", demons=["koorogg"], options=profiles(KING))
    assert hit(table, "tripitaka", "koorogg-1", [3, 3], weapon=3, die=3).status_code == 200
    response = table.post(type="resolve_defeat", pilgrim="tripitaka", choice="cleanse", cleanse_dice=[2, 1])
    refused(response, "Roll the dice specified in the Attacker's Cleanse Ritual Attribute")
    assert table.state["pending"]["demon"] == "koorogg-1"


def test_only_the_attacker_kills_or_cleanses(client):
    """ "Once a Miniature is Defeated, the Attacker may have some options." Cho Hakkai cannot Kill the
    Berrok the Monkey King Defeated."""
    table = at(client, "monkey_king", demons=["berrok"], options=profiles(BERROK))
    assert hit(table, "monkey_king", "berrok-1", [1, 1]).status_code == 200
    response = table.post(type="resolve_defeat", pilgrim="cho_hakkai", choice="kill")
    refused(response, "Once a Miniature is Defeated, the Attacker may have some options.")
    table.ok(type="resolve_defeat", pilgrim="monkey_king", choice="kill")
    assert table.pilgrim("monkey_king")["bad_karma"] == 1


def test_a_kill_reaching_ten_bad_karma_forces_the_trade_first(client):
    """ "The trades marked as mandatory must be made when the Karma level is met or exceeded." A Kill
    takes the Monkey King from 9 to 10 Bad Karma: his next Action waits for the trade, which upgrades
    his weapon (Level 2) and gives a Corruption Card."""
    table = at(
        client,
        "monkey_king",
        demons=["berrok"],
        options=profiles(BERROK),
        pilgrims={"monkey_king": {"bad_karma": 9}},
    )
    assert hit(table, "monkey_king", "berrok-1", [1, 1], weapon=1, die=1).status_code == 200
    table.ok(type="resolve_defeat", pilgrim="monkey_king", choice="kill")
    response = table.post(type="rest", pilgrim="monkey_king")
    assert response.status_code == 422
    table.ok(type="karma_trade", pilgrim="monkey_king", kind="bad", corruption="Permanent Limp")
    me = table.pilgrim("monkey_king")
    assert me["bad_karma"] == 0 and me["weapon_level"] == 2
    assert "Permanent Limp" in me["corruption"]


# == The attack roll ================================================================================


def test_no_pilgrim_die_without_a_weapon(client):
    """ "If the Pilgrim currently has no weapon, do not roll the Pilgrim Die.\""""
    table = at(
        client,
        "monkey_king",
        demons=["berrok"],
        options=profiles(BERROK),
        pilgrims={"monkey_king": {"weapon_level": 0}},
    )
    response = hit(table, "monkey_king", "berrok-1", [1, 0], weapon=1, die=2)
    refused_one_of(
        response,
        "If the Pilgrim currently has no weapon, do not roll the Pilgrim Die.",
        "The Pilgrim Dice shown here is for the Pilgrim's weapon and is only included when "
        "the Pilgrim has a weapon equipped.",
    )
    table.ok(type="attack", pilgrim="monkey_king", targets=["berrok-1"], attack_dice=[1, 0])


def test_three_attack_dice_are_refused(client):
    """ "Roll the number of Attack Dice shown on the Pilgrim Profile Sheet" — "Pilgrims attack by
    rolling 2 red Attack Dice and 1 white Pilgrim Die".\""""
    table = at(client, "monkey_king", demons=["berrok"], options=profiles(BERROK))
    response = hit(table, "monkey_king", "berrok-1", [1, 1, 1])
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK
    assert "Attack Dice" in response.get_json()["error"]["rule"]["quote"]


def test_no_attack_without_line_of_sight(client):
    """ "The Attacker can only attack Targets that are in range and that the Attacker can see
    clearly." A blocked Line of Sight is refused."""
    table = at(client, "monk_sha", demons=["berrok"], options=profiles(BERROK))
    response = hit(table, "monk_sha", "berrok-1", [2, 2], los=False)
    refused_one_of(
        response,
        "The Attacker can only attack Targets that are in range and that the Attacker can see clearly.",
        "None of the squares directly between the Attacker and the Target can be blocked",
    )
    assert table.activation()["spent"] == 0


def test_no_attack_out_of_range(client):
    """ "Look at the Range Icon on the Attacker's Profile Sheet and verify that the Target is in one of
    the colored squares.\""""
    table = at(client, "cho_hakkai", demons=["berrok"], options=profiles(BERROK))
    response = hit(table, "cho_hakkai", "berrok-1", [2, 2], in_range=False)
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK
    assert "berrok-1" in table.state["demons"]


# == Demons attack: defense, green lines, Knock Back, Conditions ====================================


def test_a_green_line_adds_one_to_defense(client):
    """ "When characters that use the Defense Dice stand on a defensive feature, they get a +1 bonus to
    defense." 3 damage against 1 + 1 + 1: no damage."""
    table = demon_phase(client, demons=["berrok"], options=profiles(BERROK))
    table.ok(type="demon_options", demon="berrok-1", options=[option(["attack", "attack"], ["tripitaka"])])
    table.ok(type="demon_plan", demon="berrok-1", option=1)
    before = table.pilgrim("tripitaka")["hp"]
    table.ok(
        type="demon_attack",
        demon="berrok-1",
        target="tripitaka",
        attack_dice=[2, 1],
        defense_dice=[1, 1],
        green_square=True,
    )
    assert table.pilgrim("tripitaka")["hp"] == before


def test_knock_back_into_an_obstacle_is_crushing_damage_past_defense(client):
    """Figure 21: "The General rolls 1 on his Demon Die but cannot knock Monkey back through the
    obstacle. Monkey takes 1 extra point of damage from being Crushed." and "The Target cannot defend
    against Crushing Damage." Dice 2 against defense 2, plus 1 Crushing: 1 HP lost."""
    table = demon_phase(client, demons=["borrack"], options=profiles(BORRACK))
    table.ok(
        type="demon_options",
        demon="borrack-1",
        options=[option(["attack", "attack"], ["monkey_king"], "not_closer")],
    )
    table.ok(type="demon_plan", demon="borrack-1", option=1)
    before = table.pilgrim("monkey_king")["hp"]
    table.ok(
        type="demon_attack",
        demon="borrack-1",
        target="monkey_king",
        attack_dice=[1, 1],
        demon_die=1,
        defense_dice=[1, 1],
        knock_back_blocked=1,
    )
    assert table.pilgrim("monkey_king")["hp"] == before - 1


def test_more_blocked_squares_than_the_knock_back_is_refused(client):
    """ "For each square that the Target cannot be moved, give the Target 1 point of Crushing Damage."
    Borrack's Demon Die 1 knocks back 1 square: 2 blocked squares cannot be."""
    table = demon_phase(client, demons=["borrack"], options=profiles(BORRACK))
    table.ok(
        type="demon_options",
        demon="borrack-1",
        options=[option(["attack", "attack"], ["monkey_king"], "not_closer")],
    )
    table.ok(type="demon_plan", demon="borrack-1", option=1)
    before = table.pilgrim("monkey_king")["hp"]
    response = table.post(
        type="demon_attack",
        demon="borrack-1",
        target="monkey_king",
        attack_dice=[1, 1],
        demon_die=1,
        defense_dice=[1, 1],
        knock_back_blocked=2,
    )
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK
    assert table.pilgrim("monkey_king")["hp"] == before


def test_a_demon_without_a_demon_die_rolls_none(client):
    """ "Consult the Demon's Profile Sheet to check whether the black Demon Die is required in combat"
    — a Berrok has none (not printed on its sheet): a Demon Die entered is refused."""
    table = demon_phase(client, demons=["berrok"], options=profiles(BERROK))
    table.ok(type="demon_options", demon="berrok-1", options=[option(["attack", "attack"], ["tripitaka"])])
    table.ok(type="demon_plan", demon="berrok-1", option=1)
    response = table.post(
        type="demon_attack",
        demon="berrok-1",
        target="tripitaka",
        attack_dice=[1, 1],
        demon_die=2,
        defense_dice=[0, 0],
    )
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK


def test_kogaiji_example_burned_damage_is_not_defended(client):
    """ "Kogaiji attacks the Monkey King and rolls 1 & X on the Attack Dice and 2 on the Demon Die, for a
    total of 3 damage and a Burned Card. Monkey rolls 3 & 2 on his Defense Dice, more than enough to
    cancel the 3 damage. The Burned Condition also causes 2 damage immediately, but this cannot be
    parried, blocked or defended\""""
    table = demon_phase(client, demons=["kogaiji"], options=profiles(KOGAIJI))
    table.ok(
        type="demon_options",
        demon="kogaiji-1",
        options=[option(["attack", "attack"], ["monkey_king"], "not_closer")],
    )
    table.ok(type="demon_plan", demon="kogaiji-1", option=1)
    table.ok(
        type="demon_attack",
        demon="kogaiji-1",
        target="monkey_king",
        attack_dice=[1, 0],
        demon_die=2,
        defense_dice=[3, 2],
        condition_duration=2,
    )  # Burned's duration is not printed
    me = table.pilgrim("monkey_king")
    assert me["hp"] == 10 - 2
    assert [c["name"] for c in me["conditions"]] == ["Burned"]


def test_demons_do_not_roll_attacks_against_an_unconscious_pilgrim(client):
    """ "Demons ignore Unconscious Pilgrims completely. They do not move towards them, select them as
    Targets and do not roll attacks against them even if they end up in the Demon's Attack Range.\""""
    table = demon_phase(
        client,
        demons=["berrok"],
        options=profiles(BERROK),
        pilgrims={"monk_sha": {"hp": 0, "status": "unconscious", "posture": "face_down"}},
    )
    table.ok(type="demon_options", demon="berrok-1", options=[option(["attack", "attack"], ["tripitaka"])])
    table.ok(type="demon_plan", demon="berrok-1", option=1)
    response = table.post(
        type="demon_attack", demon="berrok-1", target="monk_sha", attack_dice=[2, 2], defense_dice=[0, 0]
    )
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK


# == Meditate and Misfortune ========================================================================


def test_meditate_needs_a_full_rotation(client):
    """ "The Player must spin the arrow at least one full rotation. Anything less does not count and the
    Player should spin again.\""""
    table = at(client, "tripitaka")
    response = table.post(
        type="meditate",
        pilgrim="tripitaka",
        box="box-1",
        spinner="black",
        misfortune="Ambush",
        full_rotation=False,
    )
    refused(response, "Anything less does not count and the Player should spin again.")
    assert table.activation()["spent"] == 0


def test_meditate_white_keeps_one_of_the_three_seen(client):
    """ "If the arrow ends pointing at the white area, the Player draws 3 Fortune Cards, keeps 1 of their
    choice, ignoring and discarding the other 2." A card kept that was not among the three is
    refused."""
    table = at(client, "tripitaka")
    seen = ["Wild Herbs", "Wild Ginseng", "Om Mala of Vigor"]
    response = table.post(
        type="meditate",
        pilgrim="tripitaka",
        box="box-1",
        spinner="white",
        seen=seen,
        kept="Om Mala of Knowledge",
    )
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK
    table.ok(
        type="meditate", pilgrim="tripitaka", box="box-1", spinner="white", seen=seen, kept="Wild Ginseng"
    )
    assert table.pilgrim("tripitaka")["fortune"] == ["Wild Ginseng"]


def test_meditate_black_the_misfortune_comes_before_anything_else(client):
    """ "If the arrow ends pointing at the black area, the Player is forced to draw a Misfortune Card."
    and "When you draw the card, apply the effect immediately" — a Rest first is refused."""
    table = at(client, "tripitaka", pilgrims={"tripitaka": {"chi": 0}})
    table.ok(type="meditate", pilgrim="tripitaka", box="box-1", spinner="black", misfortune="Ambush")
    response = table.post(type="rest", pilgrim="tripitaka")
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK
    table.ok(type="misfortune", pilgrim="tripitaka", card="Ambush", lose={"hp": 2})
    assert table.pilgrim("tripitaka")["hp"] == 8 - 2
    table.ok(type="rest", pilgrim="tripitaka")
    assert table.pilgrim("tripitaka")["chi"] == 5


def test_a_misfortune_can_knock_a_pilgrim_unconscious(client):
    """Misfortune Card FAQ: "You do not choose to play Misfortune Cards, so this is one case where a
    card can reduce your Health Points to 0." and "If a Pilgrim is reduced to zero Health Points, the
    Pilgrim is Unconscious.\""""
    table = at(client, "monkey_king", pilgrims={"monkey_king": {"hp": 2}})
    table.ok(type="meditate", pilgrim="monkey_king", box="box-1", spinner="black", misfortune="Rockfall")
    table.ok(type="misfortune", pilgrim="monkey_king", card="Rockfall", lose={"hp": 3})
    me = table.pilgrim("monkey_king")
    assert me["hp"] == 0 and me["status"] == "unconscious"
    assert table.activation()["pilgrim"] == "monk_sha"


def test_a_misfortune_cannot_take_karma_below_zero(client):
    """ "When your Good Karma is 1: Lose 2 Good Karma Points." ... "In these cases, you got lucky! Apply
    the effect as best you can and discard the Misfortune Card.\""""
    table = at(client, "monkey_king", pilgrims={"monkey_king": {"good_karma": 1}})
    table.ok(type="meditate", pilgrim="monkey_king", box="box-1", spinner="black", misfortune="Doubt")
    table.ok(type="misfortune", pilgrim="monkey_king", card="Doubt", lose={"good_karma": 2})
    assert table.pilgrim("monkey_king")["good_karma"] == 0


def test_lose_one_action_point_next_turn(client):
    """ "A few cards have forced Trigger Conditions that happen later. ... - Lose 1 Action Point Next
    Turn". The Monkey King has 1 Action Point in the next turn."""
    table = at(client, "monkey_king", pilgrims={"monkey_king": {"ap_lost_next_turn": 1}}, gates=())
    assert table.activation()["pilgrim"] == "monkey_king"
    assert table.activation()["ap"] == 1


def test_a_misfortune_without_meditating_is_refused(client):
    """ "Misfortune Cards may be gained when you perform the Meditate Action." — a Pray draws a Fortune
    Card, never a Misfortune."""
    table = at(client, "monkey_king")
    table.ok(type="pray", pilgrim="monkey_king", box="box-1", card="Wild Herbs")
    response = table.post(type="misfortune", pilgrim="monkey_king", card="Ambush", lose={"hp": 2})
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK
    assert table.pilgrim("monkey_king")["hp"] == 10


# == Moves: diagonals, purple lines, red squares, doors =============================================


def test_no_diagonal_move(client):
    """ "A Miniature cannot move diagonally.\""""
    table = at(client, "monkey_king")
    refused(
        table.post(type="move", pilgrim="monkey_king", steps=2, turns=0, diagonal=True),
        "A Miniature cannot move diagonally.",
    )


def test_purple_lines_stop_even_phase_walk(client):
    """ "Purple Lines: Completely impassable under all circumstances, even with special Skill Cards or
    when being Knocked Back.\""""
    table = at(client, "monkey_king")
    refused(
        table.post(type="move", pilgrim="monkey_king", steps=2, turns=0, through_purple=True),
        "Completely impassable under all circumstances",
    )


def test_moving_through_a_closed_door_is_refused(client):
    """ "A Miniature cannot move into or through a square which is blocked. This includes squares
    occupied by another Miniature, through walls, closed doors and other structures and Tokens.\""""
    table = at(client, "monkey_king")
    response = table.post(
        type="move", pilgrim="monkey_king", steps=2, turns=0, through_blocked=True, obstruction="closed_door"
    )
    refused_one_of(
        response,
        "A Miniature cannot move into or through a square which is blocked.",
        "Closed Doors block movement for all Miniatures.",
    )


def test_a_red_square_costs_a_health_point(client):
    """ "Pilgrims take one point of damage every time they enter one of these squares\""""
    table = at(client, "monkey_king")
    table.ok(type="move", pilgrim="monkey_king", steps=3, turns=0, red=2)
    assert table.pilgrim("monkey_king")["hp"] == 10 - 2


def test_break_down_a_door_needs_contact_and_facing(client):
    """ "To break down the door, Pilgrims must be in full base contact with the door, facing towards
    it.\""""
    table = at(client, "monkey_king")
    response = table.post(type="break_door", pilgrim="monkey_king", door="door-1", in_contact_facing=False)
    refused(response, "Pilgrims must be in full base contact with the door, facing towards it.")
    assert table.activation()["spent"] == 0


def test_a_broken_door_stays_open_and_cannot_be_broken_again(client):
    """ "When you break down the door, flip the Door Token over, to show the doorway is Open. It will
    stay Open for the remainder of the Quest." A second Break Down on it is refused."""
    table = at(client, "monkey_king")
    table.ok(type="break_door", pilgrim="monkey_king", door="door-1")
    assert table.state["tokens"]["broken_doors"] == ["door-1"]
    response = table.post(type="break_door", pilgrim="monkey_king", door="door-1")
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK


def test_breaking_a_door_wakes_the_demons_behind_it(client):
    """ "Generally, Demons and Gates behind closed doors are inactive until the door is opened and they
    can move towards the Pilgrims." The Berrok behind the door is inactive until it is broken."""
    table = at(client, "monkey_king", demons=["berrok"], inactive_demons=["berrok"], options=profiles(BERROK))
    asleep = [d for d, demon in table.state["demons"].items() if not demon["active"]]
    assert len(asleep) == 1
    table.ok(type="break_door", pilgrim="monkey_king", door="door-1", opens=asleep)
    assert table.state["demons"][asleep[0]]["active"] is True


def test_an_inactive_demon_takes_no_actions(client):
    """ "Remember, Demons inside closed rooms only react to Pilgrims inside the room. If the closed room
    contains no Pilgrims, the Demons take no actions." Its options are not asked for."""
    table = demon_phase(client, demons=["berrok"], inactive_demons=["berrok"], options=profiles(BERROK))
    asleep = next(d for d, demon in table.state["demons"].items() if not demon["active"])
    response = table.post(type="demon_options", demon=asleep, options=[option(["attack"], ["tripitaka"])])
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK


# == Revive =========================================================================================


def test_revive_needs_two_health_points(client):
    """ "To perform the action, Tripitaka must have at least 1 Action and 2 Health Points.\""""
    table = at(
        client,
        "tripitaka",
        pilgrims={
            "tripitaka": {"hp": 1},
            "cho_hakkai": {"hp": 0, "status": "unconscious", "posture": "face_down"},
        },
    )
    response = table.post(type="revive", pilgrim="tripitaka", target="cho_hakkai", hp=1, chi=0)
    refused_one_of(
        response,
        "Tripitaka must have at least 1 Action and 2 Health Points",
        "cannot reduce his own Health Points below 1",
    )
    assert table.pilgrim("cho_hakkai")["status"] == "unconscious"


def test_revive_with_no_health_point_is_refused(client):
    """ "Similarly, the Pilgrim can be Revived with 0 Chi, but must have at least 1 Health Point.\""""
    table = at(
        client, "tripitaka", pilgrims={"cho_hakkai": {"hp": 0, "status": "unconscious", "posture": "side"}}
    )
    response = table.post(type="revive", pilgrim="tripitaka", target="cho_hakkai", hp=0, chi=3)
    assert response.status_code in (400, 422)
    table.ok(type="revive", pilgrim="tripitaka", target="cho_hakkai", hp=2, chi=0)
    cho = table.pilgrim("cho_hakkai")
    assert cho["status"] == "active" and cho["hp"] == 2 and cho["chi"] == 0
    assert table.pilgrim("tripitaka")["hp"] == 8 - 2


def test_recover_heals_to_the_current_maximum(client):
    """ "A Pilgrim that is adjacent to a Water Well can spend 1 Action Point to drink from the well and
    recover all Health Points, up to their current maximum.\""""
    table = at(client, "monkey_king", pilgrims={"monkey_king": {"hp": 3}})
    table.ok(type="recover", pilgrim="monkey_king", well="well-1")
    assert table.pilgrim("monkey_king")["hp"] == 10


# == Demon Lords, Rage, special cards ===============================================================


def test_a_unique_demon_already_in_play_is_discarded_and_redrawn(client):
    """ "If the unique Demon is currently in play, simply discard the card and draw again." Kogaiji's
    card while he is on the board places nobody, and the Gate draws again."""
    table = spawn_step(client, demons=["kogaiji"], options=profiles(KOGAIJI))
    answer = table.ok(type="spawn", gate="gate-1", card="unique", demons=["kogaiji"])
    assert any(
        "draw again" in e["text"] and "simply discard the card and draw again" in e["rule"]["quote"]
        for e in answer["effects"]
    )
    assert sum(1 for d in table.state["demons"].values() if d["type"] == "kogaiji") == 1
    table.ok(type="spawn", gate="gate-1", card="reinforcement", demons=["berrok"])
    assert sum(1 for d in table.state["demons"].values() if d["type"] == "berrok") == 1


def test_spawn_demon_lord_leaves_after_its_first_attack_action_without_karma(client):
    """Spawn Demon Lord: "As soon as the Demon makes one Attack Action (successful or not), remove the
    Demon from play. In this case, no Karma Reward is given when the Demon Lord is removed and this
    does not count towards Quest Objectives.\""""
    table = spawn_step(client, options=profiles(KOGAIJI))
    table.ok(type="spawn", gate="gate-1", card="special", name="Spawn Demon Lord", demons=["kogaiji"])
    lord = next(d for d, demon in table.state["demons"].items() if demon["type"] == "kogaiji")
    table.ok(type="demon_options", demon=lord, options=[option(["attack", "attack"], ["tripitaka"])])
    table.ok(type="demon_plan", demon=lord, option=1)
    table.ok(
        type="demon_attack",
        demon=lord,
        target="tripitaka",
        attack_dice=[0, 0],
        demon_die=0,
        defense_dice=[0, 0],
    )
    assert lord not in table.state["demons"]  # its second Attack Action is never made
    assert all(p["bad_karma"] == 0 and p["good_karma"] == 0 for p in table.state["pilgrims"].values())


def test_demon_rage_only_when_no_model_is_left(client):
    """ "If the Pilgrims have not been removing Demons from the Game Board efficiently, you may run out of
    Demon Miniatures when spawning new Demons." — Rage with Bull Warriors still in the box is
    refused."""
    table = spawn_step(client, options=profiles(BERROK))
    response = table.post(type="spawn", gate="gate-1", card="rage", demons=["berrok"])
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK
    assert table.state.get("rage") in (False, None)


def test_wild_attacks_skips_plans_one_and_two(client):
    """Wild Attacks: "Demons do not have to attack or move towards Tripitaka as their main priority this
    turn. Skip Plan 1 and Plan 2. They will follow Plan 3". An attack on the Monkey King ending closer
    (Plan 2) is no better than one on two Pilgrims that does not (Plan 3, more Targets wins)."""
    table = spawn_step(client, demons=["berrok"], options=profiles(BERROK))
    table.ok(type="spawn", gate="gate-1", card="special", name="Wild Attacks")
    table.ok(
        type="demon_options",
        demon="berrok-1",
        options=[
            option(["move", "attack"], ["monkey_king"], "closer", 1),
            option(["move", "attack"], ["monkey_king", "monk_sha"], "not_closer", 1),
        ],
    )
    best = table.state["demon_phase"]["current"]["best"]
    assert best == [2] or best == 2, best
    response = table.post(type="demon_plan", demon="berrok-1", option=1)
    assert response.status_code == 422
    table.ok(type="demon_plan", demon="berrok-1", option=2)


def test_without_wild_attacks_plan_two_wins(client):
    """ "Priority 2: Use the Action Points to attack any other Target, so long as the Demon ends closer on
    the board to Tripitaka." beats Priority 3 whatever the Targets: "Remember, attacking more Targets
    or attacking the weaker Target is only used to select between plans of the same priority.\""""
    table = demon_phase(client, demons=["berrok"], options=profiles(BERROK))
    table.ok(
        type="demon_options",
        demon="berrok-1",
        options=[
            option(["move", "attack"], ["monkey_king"], "closer", 1),
            option(["move", "attack"], ["monkey_king", "monk_sha"], "not_closer", 1),
        ],
    )
    response = table.post(type="demon_plan", demon="berrok-1", option=2)
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK
    table.ok(type="demon_plan", demon="berrok-1", option=1)


# == The end ========================================================================================


def test_tripitaka_defeated_ends_the_game_and_nothing_more_is_accepted(client):
    """ "The Players fail the Quest when other Conditions are met. For example, Tripitaka being Killed"
    (free play: Tripitaka Defeated by default). After the end, every event is refused."""
    table = demon_phase(
        client, demons=["berrok"], options=profiles(BERROK), pilgrims={"tripitaka": {"hp": 1}}
    )
    table.ok(type="demon_options", demon="berrok-1", options=[option(["attack", "attack"], ["tripitaka"])])
    table.ok(type="demon_plan", demon="berrok-1", option=1)
    table.ok(
        type="demon_attack", demon="berrok-1", target="tripitaka", attack_dice=[2, 2], defense_dice=[0, 0]
    )
    view = table.view()
    assert view["over"] is True
    response = table.post(type="end_turn")
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK


# == Known bugs: Kei Lun's attacks entered twice; two Demons Defeated at one Maintenance ============

Q5_KEI_LUN = "Kei Lun's Actions: Kei Lun will take 1 Action each turn, directly after the Pilgrims have been."
Q7_KEI_LUN = "Kei Lun has 1 Action Point each turn and plays directly after the Pilgrims."


def kei_lun_as_a_creature(client, quest, **position):
    base = {
        "demons": ["berrok"] * 3 + ["bharhaz"] * 2,
        "gates": [{"id": "gate-1"}, {"id": "gate-2"}],
        "sutras": ["sutra-1"],
        "boxes": ["box-1"],
        "wells": ["well-1"],
        "neutral_creatures": ["kei-lun"],
        "turn": 2,
    }
    base.update(position)
    table = start(client, quest, position=base, demon_profiles=BERROK)
    maintenance(table)
    end_activations(table)
    return table


def test_quest_5_kei_lun_listed_as_a_creature_cannot_attack_outside_his_action(client):
    """Quest 5: "Kei Lun's Actions: Kei Lun will take 1 Action each turn, directly after the Pilgrims
    have been." A table that also listed him as a Neutral Creature cannot enter his attack a second
    time as a creature_attack."""
    table = kei_lun_as_a_creature(client, "q5")
    response = table.send(
        ev(
            "creature_attack",
            creature="kei-lun",
            target="monkey_king",
            attack_dice=[3, 3],
            defense_dice=[0, 0],
        )
    )
    assert response.status_code == 422, response.get_json()
    assert Q5_KEI_LUN in response.get_json()["error"]["rule"]["quote"]
    assert table.view()["state"]["pilgrims"]["monkey_king"]["hp"] == 10


def test_quest_7_kei_lun_listed_as_a_creature_cannot_attack_outside_his_action(client):
    """Quest 7: "Kei Lun has 1 Action Point each turn and plays directly after the Pilgrims. He can only
    take 1 of 2 actions" — his attacks are that Action (kei_lun_ally), not a creature_attack too."""
    table = kei_lun_as_a_creature(
        client,
        "q7",
        demons=[],
        gates=[{"id": f"gate-{n}"} for n in range(1, 5)],
        sutras=[f"sutra-{n}" for n in range(1, 5)],
        wells=["well-1", "well-2"],
        broken_doors=["door-1", "door-2"],
    )
    response = table.send(
        ev(
            "creature_attack",
            creature="kei-lun",
            target="monkey_king",
            attack_dice=[3, 3],
            defense_dice=[0, 0],
        )
    )
    assert response.status_code == 422, response.get_json()
    assert Q7_KEI_LUN in response.get_json()["error"]["rule"]["quote"]


def test_two_demons_defeated_by_their_conditions_at_one_maintenance_are_both_resolved(client):
    """Asura Seal: "Add all this damage up to see if the Demon is Defeated, and then Tripitaka has the
    choice to Kill (automatic) or Cleanse" and "If the Demon survives, track Condition Card duration
    normally". Two Berroks (One Hit Kill, 1 HP) each carry a reflected Poisoned (1 a turn): at the next
    Maintenance both are Defeated, and Tripitaka Kills or Cleanses each in turn (the second was told
    "not a One Hit Kill" and kept, before this audit)."""
    hp1 = {"berrok": {**BERROK["berrok"], "hp": 1}}
    table = at(
        client,
        "monkey_king",
        demons=["berrok", "berrok"],
        options=profiles(hp1),
        gates=(),
        pilgrims={"tripitaka": {"hand": ["Asura Seal"]}},
    )
    table.ok(type="play_card", pilgrim="tripitaka", card="Asura Seal", kind="skill", duration="end_of_turn")
    for pilgrim in ("monkey_king", "monk_sha", "tripitaka", "cho_hakkai"):
        table.ok(type="end_activation", pilgrim=pilgrim)
    if table.view()["phase"] != "demons_activate" or table.state["demon_phase"].get("order") is None:
        table.post(type="measure", of="demons", distances={"berrok-1": 2, "berrok-2": 3})
    for demon in ("berrok-1", "berrok-2"):
        table.ok(type="demon_options", demon=demon, options=[option(["attack"], ["tripitaka"])])
        table.ok(type="demon_plan", demon=demon, option=1)
        table.ok(
            type="demon_attack",
            demon=demon,
            target="tripitaka",
            attack_dice=[0, 0],
            condition="Poisoned",
            condition_damage=0,
        )
    assert all(d["conditions"][0]["name"] == "Poisoned" for d in table.state["demons"].values())
    table.ok(type="end_turn")
    answer = table.ok(type="maintenance")
    assert not any("not a One Hit Kill" in e["text"] for e in answer["effects"]), answer["effects"]
    first = table.state["pending"]["demon"]
    table.ok(type="resolve_defeat", pilgrim="tripitaka", choice="kill")
    second = table.state["pending"]["demon"]
    assert {first, second} == {"berrok-1", "berrok-2"}
    table.ok(type="resolve_defeat", pilgrim="tripitaka", choice="kill")
    assert table.state["demons"] == {}
    assert table.pilgrim("tripitaka")["bad_karma"] == 2
    assert table.state["pending"] is None
    assert table.activation()["pilgrim"] == "monkey_king"


# == Demon Rage and promotion =======================================================================


def all_berroks_in_play(client, gates=("gate-1", "gate-2")):
    table = at(
        client,
        "monkey_king",
        demons=["berrok"] * 15,
        gates=gates,
        options=profiles(BERROK, {"bharhaz": {"hp": 2, "sp": 2, "gkr": 2, "bkr": 1, "attack_dice": 2}}),
    )
    for pilgrim in ("monkey_king", "monk_sha", "tripitaka", "cho_hakkai"):
        table.ok(type="end_activation", pilgrim=pilgrim)
    if len(gates) > 1:
        table.ok(type="measure", of="gates", distances={g: n for n, g in enumerate(gates, 1)})
    return table


def test_promotion_when_the_drawn_demon_has_no_model_left(client):
    """ "First, use the promotion scheme below to spawn tougher Demons in place of the Demon(s) initially
    drawn." Fifteen Bull Warriors on the board: a Bull Warrior card places a tougher Demon instead."""
    table = all_berroks_in_play(client, gates=("gate-1",))
    table.ok(type="spawn", gate="gate-1", card="reinforcement", demons=["bharhaz"], promoted_from=["berrok"])
    assert sum(1 for d in table.state["demons"].values() if d["type"] == "bharhaz") == 1
    assert not table.state["rage"]


def test_promotion_is_refused_while_models_are_left(client):
    """ "Find the reinforcement card you drew in the tree below and follow the arrows until you find the
    first result where you have the models to place" — with Bull Warriors in the box there is nothing
    to promote."""
    table = spawn_step(client, options=profiles(BERROK, {"bharhaz": {"hp": 2, "sp": 2, "gkr": 2, "bkr": 1}}))
    response = table.post(
        type="spawn", gate="gate-1", card="reinforcement", demons=["bharhaz"], promoted_from=["berrok"]
    )
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK
    assert table.state["demons"] == {}


def test_rage_stops_the_draws_for_the_rest_of_the_demon_phase(client):
    """ "Demon Rage: Place the Demon Rage Card on the Demon Card Draw Deck to mark the start of Demon
    Rage. Stop drawing Demon Cards for the rest of the Demon Phase of this Turn." The second Gate
    draws nothing."""
    table = all_berroks_in_play(client)
    table.ok(type="spawn", gate="gate-1", card="rage", demons=["berrok"])
    assert table.state["rage"]
    response = table.post(type="spawn", gate="gate-2", card="reinforcement", demons=["bharhaz"])
    refused(response, "Stop drawing Demon Cards for the rest of the Demon Phase of this Turn.")
    assert table.view()["phase"] == "demons_activate"


def test_rage_ends_at_the_next_maintenance(client):
    """ "Demon Rage ends during the next Maintenance Phase (see above), but it may start again if the
    Pilgrims have not cleared the Demons efficiently." A position whose last turn ended with Demon
    Rage: after the Maintenance, two Action Points again."""
    table = Table_with_rage = at(
        client, "monkey_king", demons=["berrok"], gates=(), rage=True, options=profiles(BERROK)
    )
    assert not Table_with_rage.state["rage"]
    for pilgrim in ("monkey_king", "monk_sha", "tripitaka", "cho_hakkai"):
        table.ok(type="end_activation", pilgrim=pilgrim)
    response = table.post(
        type="demon_options",
        demon="berrok-1",
        options=[option(["move", "attack", "attack"], ["tripitaka"], squares=1)],
    )
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK


def test_a_closed_gate_does_not_spawn(client):
    """ "Closed Gates: Pilgrims can Close Gates, as described above. Closed Gates never become active
    again." Tripitaka Closes gate-1: a spawn there is refused; gate-2 spawns."""
    table = at(
        client,
        "tripitaka",
        gates=("gate-1", "gate-2"),
        options=profiles(BERROK),
        pilgrims={"tripitaka": {"sutras": 1}},
    )
    table.ok(type="close_gate", pilgrim="tripitaka", gate="gate-1")
    for pilgrim in ("tripitaka", "monkey_king", "monk_sha", "cho_hakkai"):
        if table.state["pilgrims"][pilgrim]["status"] == "active" and pilgrim not in table.state["activated"]:
            table.ok(type="end_activation", pilgrim=pilgrim)
    response = table.post(type="spawn", gate="gate-1", card="reinforcement", demons=["berrok"])
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK
    table.ok(type="spawn", gate="gate-2", card="reinforcement", demons=["berrok"])


# == Knock Back by a Pilgrim, the Follow, Paralyzed, Unconscious =====================================


def test_a_follow_must_be_forwards(client):
    """ "Note that although the Attacker is not charged any Action Points for the Move, the "Follow"
    Move must be a legal single Move. ... Only forwards movement is a legal "Follow" Move." A Follow
    turning is refused; one step forwards is accepted and costs no Action Point."""
    table = at(client, "monkey_king", demons=["borrack"], options=profiles(BORRACK))
    table.ok(
        type="attack",
        pilgrim="monkey_king",
        targets=["borrack-1"],
        attack_dice=[1, 0],
        pilgrim_die=1,
        weapon_damage=1,
        knock_back=1,
    )
    response = table.post(type="follow", attacker="monkey_king", steps=1, turns=1)
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK
    table.ok(type="follow", attacker="monkey_king", steps=1)
    assert table.activation()["spent"] == 1


def test_no_follow_without_a_knock_back(client):
    """ "Immediately after moving the Target, decide if you want to make a free "Follow" move for the
    Attacker." No Knock Back, no Follow."""
    table = at(client, "monkey_king", demons=["borrack"], options=profiles(BORRACK))
    table.ok(
        type="attack",
        pilgrim="monkey_king",
        targets=["borrack-1"],
        attack_dice=[1, 0],
        pilgrim_die=1,
        weapon_damage=1,
    )
    response = table.post(type="follow", attacker="monkey_king", steps=1)
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK


def test_the_bull_demon_king_paralyzes_and_the_paralyzed_do_not_defend(client):
    """ "For example, a roll of 3 on the Demon Die means +3 Damage and the Target takes a Paralyzed
    Card." and "Paralyzed: While Paralyzed, the Pilgrim cannot make any actions, play cards, or
    defend." The King attacks all Targets: Monkey is Paralyzed by the first roll, and cannot defend
    the second Attack Action's roll."""
    table = demon_phase(client, demons=["koorogg"], options=profiles(KING))
    table.ok(
        type="demon_options",
        demon="koorogg-1",
        options=[option(["attack", "attack"], ["monkey_king"], "not_closer")],
    )
    table.ok(type="demon_plan", demon="koorogg-1", option=1)
    table.ok(
        type="demon_attack",
        demon="koorogg-1",
        target="monkey_king",
        attack_dice=[0, 0],
        demon_die=3,
        defense_dice=[1, 1],
        condition_duration=1,
    )
    assert table.pilgrim("monkey_king")["hp"] == 10 - 1
    assert [c["name"] for c in table.pilgrim("monkey_king")["conditions"]] == ["Paralyzed"]
    response = table.post(
        type="demon_attack",
        demon="koorogg-1",
        target="monkey_king",
        attack_dice=[1, 1],
        demon_die=0,
        defense_dice=[1, 1],
    )
    refused(response, "While Paralyzed, the Pilgrim cannot make any actions, play cards, or defend.")
    table.ok(type="demon_attack", demon="koorogg-1", target="monkey_king", attack_dice=[1, 1], demon_die=0)
    assert table.pilgrim("monkey_king")["hp"] == 10 - 1 - 2


def test_an_unconscious_pilgrim_plays_no_card(client):
    """ "Pilgrims cannot play cards or take any other actions when they are Unconscious.\""""
    table = at(
        client,
        "monk_sha",
        pilgrims={
            "monkey_king": {
                "hp": 0,
                "status": "unconscious",
                "posture": "face_down",
                "fortune": ["Wild Herbs"],
            }
        },
    )
    response = table.post(type="play_card", pilgrim="monkey_king", card="Wild Herbs", kind="fortune")
    refused_one_of(
        response,
        "Pilgrims cannot play cards or take any other actions when they are Unconscious.",
        "a Player cannot interrupt the game once a random result is revealed until its result is "
        "applied or when a Pilgrim is Unconscious.",
    )
    assert table.pilgrim("monkey_king")["hp"] == 0


def test_a_card_costing_an_action_point_only_while_active(client):
    """ "If the cost includes 1 (or more) Action Points, the card can only be activated while the Pilgrim
    is Active in the Pilgrim Phase.\""""
    table = at(client, "monkey_king", pilgrims={"monk_sha": {"hand": ["Healing Fellowship"]}})
    response = table.post(
        type="play_card",
        pilgrim="monk_sha",
        card="Healing Fellowship",
        kind="skill",
        cost={"ap": 1},
        duration="immediate",
    )
    refused(
        response,
        "If the cost includes 1 (or more) Action Points, the card can only be activated while the "
        "Pilgrim is Active in the Pilgrim Phase.",
    )


def test_tripitaka_killed_under_the_killed_ruling_ends_at_the_third_maintenance(client):
    """ "If they are on their back, the time to revive them has run out and they are dead. ... They are
    completely out of the game, which may end the Quest." Ruling tripitaka_defeat = killed: an
    Unconscious Tripitaka on his back dies at the Maintenance, and the game ends."""
    table = Table_on_back = at(
        client,
        "monkey_king",
        options={"tripitaka_defeat": "killed"},
        pilgrims={"tripitaka": {"hp": 0, "status": "unconscious", "posture": "back"}},
    )
    view = Table_on_back.view()
    assert table.state["pilgrims"]["tripitaka"]["status"] == "dead"
    assert view["over"] is True


def test_unconscious_tripitaka_is_not_yet_the_end_under_the_killed_ruling(client):
    """Ruling tripitaka_defeat = killed (Quests 7-9: "Defeat: Tripitaka is Killed."): Tripitaka at 0 HP
    is Unconscious, and the game goes on."""
    table = demon_phase(
        client,
        demons=["berrok"],
        options={**profiles(BERROK), "tripitaka_defeat": "killed"},
        pilgrims={"tripitaka": {"hp": 1}},
    )
    table.ok(type="demon_options", demon="berrok-1", options=[option(["attack", "attack"], ["tripitaka"])])
    table.ok(type="demon_plan", demon="berrok-1", option=1)
    table.ok(
        type="demon_attack", demon="berrok-1", target="tripitaka", attack_dice=[2, 2], defense_dice=[0, 0]
    )
    assert table.pilgrim("tripitaka")["status"] == "unconscious"
    assert table.view()["over"] is False


# == Table ruling box_once: several Mystical Boxes ==================================================


def test_one_mystical_box_use_per_activation_whichever_box_by_default(client):
    """ "Each Pilgrim can only use a Mystical Box once (to Pray or Meditate) each time they are
    Activated, even if the Pilgrim has Action Points left." (ruling box_once, default any_box): a Pray
    at box-1, then a Meditate at box-2, is refused."""
    table = at(client, "tripitaka", boxes=["box-1", "box-2"])
    table.ok(type="pray", pilgrim="tripitaka", box="box-1", card="Wild Herbs")
    response = table.post(
        type="meditate",
        pilgrim="tripitaka",
        box="box-2",
        spinner="white",
        seen=["Wild Ginseng", "Om Mala of Vigor", "Wild Herbs"],
        kept="Wild Ginseng",
    )
    refused(
        response,
        "Each Pilgrim can only use a Mystical Box once (to Pray or Meditate) each time they are Activated",
    )


def test_each_box_once_per_activation_by_ruling(client):
    """Ruling box_once = each_box (Quests 9 and 10 Part 1 put several boxes on the board, "Mystical Box
    x 2"): a Pray at box-1 and a Meditate at box-2 in one Activation; box-1 twice is still refused."""
    table = at(client, "tripitaka", boxes=["box-1", "box-2"], options={"box_once": "each_box"})
    table.ok(type="pray", pilgrim="tripitaka", box="box-1", card="Wild Herbs")
    response = table.post(
        type="meditate", pilgrim="tripitaka", box="box-1", spinner="black", misfortune="Ambush"
    )
    refused(
        response,
        "Each Pilgrim can only use a Mystical Box once (to Pray or Meditate) each time they are Activated",
    )
    table.ok(
        type="meditate",
        pilgrim="tripitaka",
        box="box-2",
        spinner="white",
        seen=["Wild Ginseng", "Om Mala of Vigor", "Wild Herbs"],
        kept="Wild Ginseng",
    )
    assert table.pilgrim("tripitaka")["fortune"] == ["Wild Herbs", "Wild Ginseng"]


# == More edges: red squares at 1 HP, Karma trades, Demon plans =====================================


def test_a_red_square_at_one_health_point_knocks_the_pilgrim_unconscious_by_default(client):
    """ "If you do not have the Movement Points (for Blue Regions) or Health Points (for Red Regions), you
    cannot make the move." (ruling red_square_last_hp, default may_enter: he has the 1 Health Point it
    costs) — the Monkey King falls Unconscious."""
    table = at(client, "monkey_king", pilgrims={"monkey_king": {"hp": 1}})
    table.ok(type="move", pilgrim="monkey_king", steps=1, turns=0, red=1)
    assert table.pilgrim("monkey_king")["status"] == "unconscious"
    assert table.activation()["pilgrim"] == "monk_sha"


def test_a_red_square_at_one_health_point_under_must_keep_one(client):
    """Ruling red_square_last_hp = must_keep_one: "Note the Health Point costs are a special case. ...
    when paying Health Point costs, you must leave the Pilgrim with at least 1 Health Point." Refused."""
    table = at(
        client,
        "monkey_king",
        pilgrims={"monkey_king": {"hp": 1}},
        options={"red_square_last_hp": "must_keep_one"},
    )
    response = table.post(type="move", pilgrim="monkey_king", steps=1, turns=0, red=1)
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK
    assert table.pilgrim("monkey_king")["hp"] == 1


def test_two_red_squares_with_one_health_point_are_refused(client):
    """ "If you do not have the Movement Points (for Blue Regions) or Health Points (for Red Regions), you
    cannot make the move." Two red squares cost 2 Health Points; the Monkey King has 1."""
    table = at(client, "monkey_king", pilgrims={"monkey_king": {"hp": 1}})
    response = table.post(type="move", pilgrim="monkey_king", steps=2, turns=0, red=2)
    refused(response, "Health Points (for Red Regions), you cannot make the move.")


def test_rescuing_a_villager_to_ten_good_karma_forces_the_permanent_skill(client):
    """ "Pilgrims gain 3 Good Karma Points for this heroic deed." and "10 Good Karma | A Permanent Skill
    Card (mandatory trade)." From 7 to 10: the trade comes before the next Action."""
    table = at(client, "monk_sha", pilgrims={"monk_sha": {"good_karma": 7}})
    table.ok(type="rescue_villager", pilgrim="monk_sha", villager="villager-1")
    assert table.pilgrim("monk_sha")["good_karma"] == 10
    response = table.post(type="rest", pilgrim="monk_sha")
    refused(response, "The trades marked as mandatory must be made when the Karma level is met or exceeded.")
    table.ok(type="karma_trade", pilgrim="monk_sha", kind="good", card="Brotherhood of the Skull")
    me = table.pilgrim("monk_sha")
    assert me["good_karma"] == 0
    assert "Brotherhood of the Skull" in me["skills"]
    table.ok(type="rest", pilgrim="monk_sha")


def test_master_skill_costs_four_good_karma_and_an_action_point(client):
    """ "4 Good Karma + 1 Action Point | A One-time-use Skill Card. This is the Master Skill Action." From
    6 Good Karma: 2 left, one Action Point spent."""
    table = at(client, "monk_sha", pilgrims={"monk_sha": {"good_karma": 6}})
    table.ok(type="master_skill", pilgrim="monk_sha", card="Spirit of Fortune")
    me = table.pilgrim("monk_sha")
    assert me["good_karma"] == 2
    assert "Spirit of Fortune" in me["skills"]
    assert table.activation()["spent"] == 1


def test_demons_plan_nothing_against_an_unconscious_tripitaka(client):
    """ "Demons ignore Unconscious Pilgrims completely. They do not move towards them, select them as
    Targets" — under the killed ruling an Unconscious Tripitaka is no Target of a plan."""
    table = demon_phase(
        client,
        demons=["berrok"],
        options={**profiles(BERROK), "tripitaka_defeat": "killed"},
        pilgrims={"tripitaka": {"hp": 0, "status": "unconscious", "posture": "face_down"}},
    )
    response = table.post(
        type="demon_options", demon="berrok-1", options=[option(["attack", "attack"], ["tripitaka"])]
    )
    assert response.status_code == 422
    assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK


def test_plan_one_even_for_one_target_over_plan_two_for_two(client):
    """Figure 38: "However, Plan 1, make an attack on Tripitaka, is a higher priority and must be taken,
    even if it means attacking just 1 Pilgrim.\""""
    table = demon_phase(
        client,
        demons=["boof"],
        options=profiles({"boof": {"hp": 3, "sp": 2, "gkr": 2, "bkr": 2, "attack_dice": 2}}),
    )
    table.ok(
        type="demon_options",
        demon="boof-1",
        options=[
            option(["move", "attack"], ["monkey_king", "monk_sha"], "closer", 1),
            option(["move", "attack"], ["tripitaka"], "closer", 3),
        ],
    )
    refused(
        table.post(type="demon_plan", demon="boof-1", option=1),
        "Priority 1: Use the Action Points to attack Tripitaka, possibly more than once.",
    )
    table.ok(type="demon_plan", demon="boof-1", option=2)


def test_lazy_demons_take_the_shorter_move_for_the_same_targets(client):
    """Move Action 1: "But if the options are 3 squares to attack 1 Target or 1 square to attack 1
    Target, then the Demon takes the shorter path, just 1 square.\""""
    table = demon_phase(
        client,
        demons=["boof"],
        options=profiles({"boof": {"hp": 3, "sp": 2, "gkr": 2, "bkr": 2, "attack_dice": 2}}),
    )
    table.ok(
        type="demon_options",
        demon="boof-1",
        options=[
            option(["move", "attack"], ["tripitaka"], "closer", 3),
            option(["move", "attack"], ["tripitaka"], "closer", 1),
        ],
    )
    response = table.post(type="demon_plan", demon="boof-1", option=1)
    assert response.status_code == 422
    assert (
        "lazy" in response.get_json()["error"]["rule"]["quote"]
        or "shorter" in response.get_json()["error"]["rule"]["quote"]
    )
    table.ok(type="demon_plan", demon="boof-1", option=2)


# == What a player can enter: mistakes enterable, and Quest 7's fifth Target ========================


def test_four_actions_for_a_demon_are_refused_with_the_action_points_rule(client):
    """ "Demons normally get 2 Action Points, but if they are in a Demon Rage, they will get 3." Four
    Actions are entered and refused with that sentence (not a schema error)."""
    table = demon_phase(client, demons=["berrok"], options=profiles(BERROK))
    response = table.post(
        type="demon_options",
        demon="berrok-1",
        options=[option(["move", "attack", "move", "attack"], ["tripitaka"], squares=2)],
    )
    refused(
        response, "Demons normally get 2 Action Points, but if they are in a Demon Rage, they will get 3."
    )


def test_meditate_white_with_four_cards_seen_is_refused(client):
    """ "If the arrow ends pointing at the white area, the Player draws 3 Fortune Cards, keeps 1 of their
    choice" — four cards looked at are entered and refused with that sentence."""
    table = at(client, "tripitaka")
    response = table.post(
        type="meditate",
        pilgrim="tripitaka",
        box="box-1",
        spinner="white",
        seen=["Wild Herbs", "Wild Ginseng", "Om Mala of Vigor", "Om Mala of Knowledge"],
        kept="Wild Herbs",
    )
    refused(response, "the Player draws 3 Fortune Cards, keeps 1 of their choice")


def test_quest_7_a_demon_may_have_all_four_pilgrims_and_kei_lun_in_range(client):
    """Quest 7: "When assigning the Action Points for the Demons, treat Kei Lun as if he were a fifth
    pilgrim." and "Targeting: Demons are powerful creatures that will attack all Targets in their Attack
    Range." — an option with five Targets is entered (it was a schema error at four)."""
    table = start(client, "q7", quest_setup={"kei_lun_hp": 6}, demon_profiles=BERROK)
    maintenance(table)
    end_activations(table)
    table.accepted(ev("kei_lun_ally", action="rotate", guarding=False, towards_chest=True))
    table.accepted(ev("measure", of="gates", distances={"gate-1": 1, "gate-2": 2, "gate-3": 3, "gate-4": 4}))
    for gate in ("gate-1", "gate-2", "gate-3", "gate-4"):
        table.accepted(ev("spawn", gate=gate, card="reinforcement", demons=["berrok"]))
    demons = sorted(table.view()["state"]["demons"])
    table.accepted(ev("measure", of="demons", distances={d: n for n, d in enumerate(demons, 1)}))
    everyone = ["tripitaka", "monkey_king", "monk_sha", "cho_hakkai", "kei_lun"]
    table.accepted(ev("demon_options", demon=demons[0], options=[option(["attack", "attack"], everyone)]))
    table.accepted(ev("demon_plan", demon=demons[0], option=1))


# == Rooms and adjacency ============================================================================


def test_a_pilgrim_in_a_closed_room_wakes_its_demons_until_he_leaves(client):
    """ "However, if a Pilgrim enters the room without opening the door (using the Monkey King's Shadow
    Walk Skill Card, for example), the Demons/Gates will become active until the Pilgrim leaves.\""""
    table = at(client, "monkey_king", demons=["berrok"], inactive_demons=["berrok"], options=profiles(BERROK))
    asleep = next(d for d, demon in table.state["demons"].items() if not demon["active"])
    table.ok(type="room", active=True, ids=[asleep])
    assert table.state["demons"][asleep]["active"] is True
    table.ok(type="room", active=False, ids=[asleep])
    assert table.state["demons"][asleep]["active"] is False


def test_collect_rescue_and_recover_need_adjacency(client):
    """ "A Pilgrim that is adjacent to a Sutra can spend 1 Action Point to pick it up." / "A Pilgrim that
    is adjacent to a Villager can spend 1 Action Point to rescue the Villager." / "A Pilgrim that is
    adjacent to a Water Well can spend 1 Action Point to drink from the well\""""
    table = at(client, "monkey_king", pilgrims={"monkey_king": {"hp": 5}})
    refused(
        table.post(type="collect_sutra", pilgrim="monkey_king", sutra="sutra-1", adjacent=False),
        "A Pilgrim that is adjacent to a Sutra can spend 1 Action Point to pick it up.",
    )
    refused(
        table.post(type="rescue_villager", pilgrim="monkey_king", villager="villager-1", adjacent=False),
        "A Pilgrim that is adjacent to a Villager can spend 1 Action Point to rescue the Villager.",
    )
    refused(
        table.post(type="recover", pilgrim="monkey_king", well="well-1", adjacent=False),
        "A Pilgrim that is adjacent to a Water Well can spend 1 Action Point to drink from the well",
    )
    assert table.activation()["spent"] == 0
    assert table.pilgrim("monkey_king")["hp"] == 5


def test_only_tripitaka_revives(client):
    """ "Only Tripitaka can Revive other Pilgrims.\""""
    table = at(
        client, "monk_sha", pilgrims={"cho_hakkai": {"hp": 0, "status": "unconscious", "posture": "side"}}
    )
    refused(
        table.post(type="revive", pilgrim="monk_sha", target="cho_hakkai", hp=1, chi=0),
        "Only Tripitaka can Revive other Pilgrims.",
    )


def test_twenty_bad_karma_means_two_trades(client):
    """ "The trades marked as mandatory must be made when the Karma level is met or exceeded." and "the
    Pilgrim must still trade 10 Points of Bad Karma for another Corruption Card each time their Bad
    Karma reaches or exceeds 10 Points." A Kill worth 11 (a table's Bull Warrior) takes the Monkey King
    from 9 to 20: two trades (Level 2, then Level 3), then he may act."""
    rich = {"berrok": {**BERROK["berrok"], "bkr": 11}}
    table = at(
        client,
        "monkey_king",
        demons=["berrok"],
        options=profiles(rich),
        pilgrims={"monkey_king": {"bad_karma": 9}},
    )
    assert hit(table, "monkey_king", "berrok-1", [1, 1]).status_code == 200
    table.ok(type="resolve_defeat", pilgrim="monkey_king", choice="kill")
    assert table.pilgrim("monkey_king")["bad_karma"] == 20
    table.ok(type="karma_trade", pilgrim="monkey_king", kind="bad", corruption="Permanent Limp")
    refused(
        table.post(type="rest", pilgrim="monkey_king"),
        "The trades marked as mandatory must be made when the Karma level is met or exceeded.",
    )
    table.ok(type="karma_trade", pilgrim="monkey_king", kind="bad", corruption="Lure of Demons")
    me = table.pilgrim("monkey_king")
    assert me["bad_karma"] == 0 and me["weapon_level"] == 3
    assert me["corruption"] == ["Permanent Limp", "Lure of Demons"]
    table.ok(type="rest", pilgrim="monkey_king")


def test_good_and_bad_karma_trades_together(client):
    """ "Note that Pilgrims can advance in both Good and Bad Karma at the same time and trade in points of
    both types. Simply apply all effects." Both at 10: both trades before the next Action."""
    table = at(client, "monk_sha", pilgrims={"monk_sha": {"good_karma": 10, "bad_karma": 10}})
    refused(
        table.post(type="rest", pilgrim="monk_sha"),
        "The trades marked as mandatory must be made when the Karma level is met or exceeded.",
    )
    table.ok(type="karma_trade", pilgrim="monk_sha", kind="good", card="Brotherhood of the Skull")
    refused(
        table.post(type="rest", pilgrim="monk_sha"),
        "The trades marked as mandatory must be made when the Karma level is met or exceeded.",
    )
    table.ok(type="karma_trade", pilgrim="monk_sha", kind="bad", corruption="Permanent Limp")
    me = table.pilgrim("monk_sha")
    assert me["good_karma"] == 0 and me["bad_karma"] == 0 and me["weapon_level"] == 2
    table.ok(type="rest", pilgrim="monk_sha")


def test_revive_limits_on_what_tripitaka_gives(client):
    """Revive: "- 1-5 Health Points" / "- 0-5 Chi Points" and "Note that Tripitaka can choose to reduce
    his own Chi to 0, but cannot reduce his own Health Points below 1." Six Health Points, his last
    Health Point, or Chi he does not have are refused; 5 Health and all his 3 Chi are accepted."""
    table = at(
        client,
        "tripitaka",
        pilgrims={
            "tripitaka": {"hp": 6, "chi": 3},
            "cho_hakkai": {"hp": 0, "status": "unconscious", "posture": "side"},
        },
    )
    for hp, chi in ((6, 0), (1, 4)):
        response = table.post(type="revive", pilgrim="tripitaka", target="cho_hakkai", hp=hp, chi=chi)
        assert response.status_code == 422, (hp, chi, response.get_json())
        assert response.get_json()["error"]["rule"]["quote"] in RULEBOOK
    table.ok(type="revive", pilgrim="tripitaka", target="cho_hakkai", hp=5, chi=3)
    assert table.pilgrim("tripitaka")["hp"] == 1 and table.pilgrim("tripitaka")["chi"] == 0
    cho = table.pilgrim("cho_hakkai")
    assert cho["hp"] == 5 and cho["chi"] == 3 and cho["status"] == "active"


def test_revive_leaving_tripitaka_at_zero_is_refused(client):
    """ "...but cannot reduce his own Health Points below 1." Tripitaka at 5 cannot give 5."""
    table = at(
        client,
        "tripitaka",
        pilgrims={
            "tripitaka": {"hp": 5},
            "cho_hakkai": {"hp": 0, "status": "unconscious", "posture": "side"},
        },
    )
    refused(
        table.post(type="revive", pilgrim="tripitaka", target="cho_hakkai", hp=5, chi=0),
        "cannot reduce his own Health Points below 1",
    )
