"""Journey: Wrath of Demons, outsider scenarios round 12 (file 10): table rulings no outsider round
had played, each both ways and over a stretch of play — Quest 2 played from its setup to its end
under both readings of `q2_sutras` (the band's Sutras split between two Pilgrims, or two held by
one: Victory, or Defeat by "cleared all the Demons before meeting either set of Victory
Conditions"), and its two Turns with every event undone and entered again; a red square entered
with the last Health Point under `red_square_last_hp`; a free-play Quest in which Tripitaka falls
Unconscious on a red square, under `tripitaka_defeat` — the Defeat at once, or three more Turns
of Maintenance (side, back, dead) with nobody able to Revive him and the Demons ignoring him,
ending in Defeat when he is Killed, and undone; a third Rest with Om Mala of Vigor's third Action
Point (`third_rest`); Figure 20's Yazuiji rolling 2 on her Demon Die (`knock_back_damage`); a
Pilgrim standing on a red square the whole turn (`red_square_stationary`; his last Health Point;
a Pilgrim who moved); a Berrok's Targets under `demon_targets`; and Quest 6 ended by Kogaiji's
Defeat with three Sutras, two, or two and the Villager (`q6_sutras`); the Demons' order measured
once or again (`activation_order`); and Om Mala of Vigor played out of turn
(`extra_ap_not_active`). Written from the rulebook and the API's own description only
(docs/games/journey.md, GET /api/games/journey), never the referee's code."""

import pytest

from tests.api_table import ApiTable, as_seen, quotes_from
from tests.test_blind_scenarios_journey_4 import LAYOUT, ORDER, PROFILES, SEAT, STRIKE

GAME = "journey"
book = quotes_from(GAME)

Q2_VICTORY = book("Victory: The Pilgrims must (1) Revive Cho Hakkai, (2) possess at least 2 Sutra "
                  "Tokens.")
Q2_DEFEAT = book("Defeat: A Pilgrim was Killed or the Pilgrims cleared all the Demons before "
                 "meeting either set of Victory Conditions.")
NO_HP_NO_MOVE = book("If you do not have the Movement Points (for Blue Regions) or Health Points "
                     "(for Red Regions), you cannot make the move.")
KEEP_ONE_HP = book("Note the Health Point costs are a special case. Other payments can reduce the "
                   "total points left to zero, but when paying Health Point costs, you must leave "
                   "the Pilgrim with at least 1 Health Point.")
TRIPITAKA_DEFEATED = book("Defeat: Tripitaka is defeated.")
TRIPITAKA_KILLED = book("Defeat: Tripitaka is Killed.")
UNCONSCIOUS = book("Pilgrims cannot play cards or take any other actions when they are "
                   "Unconscious.")
ONLY_TRIPITAKA = book("Only Tripitaka can Revive other Pilgrims.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def by(pilgrim, event_type, **facts):
    return {"type": event_type, "player": SEAT[pilgrim], "pilgrim": pilgrim, **facts}


def act(table, pilgrim, event_type, **facts):
    return table.accepted(by(pilgrim, event_type, **facts))


def pilgrim(table, name):
    return table.view()["state"]["pilgrims"][name]


def free_play(client, pilgrims, **options):
    """A free-play Quest (round 4's layout, one Berrok) under `options`, its first Maintenance
    entered: the Monkey King is active."""
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"],
                              "options": {"initiative": ORDER, "pilgrim_profiles": PROFILES,
                                          **options},
                              "position": {**LAYOUT, "demons": ["berrok"], "pilgrims": pilgrims}})
    table.accepted({"type": "maintenance", "player": "p1"})
    return table


def refused_unchanged(table, event, quote):
    before = as_seen(table.view())
    table.refused(event, quote)
    assert as_seen(table.view()) == before


# --- Quest 2 to its end under both readings of q2_sutras -----------------------------------------

TWO_MOVES = [{"actions": ["move", "move"], "ends": "closer", "squares": 2, "targets": []}]


def quest_2_played(client, q2_sutras, monk_sha_sutras, enter=None):
    """Quest 2 as printed, two Turns: Turn 1 the Monkey King takes sutra-1 and kills a Berrok,
    Monk Sha takes `monk_sha_sutras`, Tripitaka walks to Cho Hakkai; a Berrok and a Bharhaz spawn,
    a Berrok hits Tripitaka for 2. Turn 2 (Cho Hakkai on his back) the Monkey King and Monk Sha
    kill the three Berroks, Tripitaka Revives Cho Hakkai, who kills the Bharhaz, the last Demon.
    The table as it stands before that Kill. `enter` enters each event (accepted by default)."""
    enter = enter or ApiTable.accepted
    options = {"quest": "q2", "initiative": ORDER, "pilgrim_profiles": PROFILES}
    if q2_sutras != "combined":
        options["q2_sutras"] = q2_sutras
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"], "options": options})
    enter(table, {"type": "maintenance", "player": "p1"})
    enter(table, by("monkey_king", "collect_sutra", sutra="sutra-1", adjacent=True))
    enter(table, by("monkey_king", "attack", targets=["berrok-1"], target_hp=3, **STRIKE))
    enter(table, by("monkey_king", "resolve_defeat", choice="kill", reward=1))
    for sutra in monk_sha_sutras:
        enter(table, by("monk_sha", "collect_sutra", sutra=sutra, adjacent=True))
    if len(monk_sha_sutras) < 2:
        enter(table, by("monk_sha", "end_activation"))
    enter(table, by("tripitaka", "move", steps=3))
    enter(table, by("tripitaka", "end_activation"))
    enter(table, {"type": "measure", "player": "p2", "of": "gates",
                  "distances": {"gate-1": 5, "gate-2": 9}})
    enter(table, {"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                  "demons": ["berrok"]})
    enter(table, {"type": "spawn", "player": "p2", "gate": "gate-2", "card": "reinforcement",
                  "demons": ["bharhaz"]})
    demons = sorted(table.view()["state"]["demons"])
    spawned_berrok = next(name for name in demons
                          if name.startswith("berrok") and name not in ("berrok-2", "berrok-3"))
    bharhaz = next(name for name in demons if name.startswith("bharhaz"))
    enter(table, {"type": "measure", "player": "p2", "of": "demons",
                  "distances": {"berrok-2": 3, "berrok-3": 6, spawned_berrok: 8, bharhaz: 10}})
    enter(table, {"type": "demon_options", "player": "p2", "demon": "berrok-2", "options": [
        {"actions": ["move", "attack"], "ends": "closer", "squares": 1,
         "targets": ["tripitaka"]}]})
    enter(table, {"type": "demon_plan", "player": "p2", "demon": "berrok-2", "option": 1})
    enter(table, {"type": "demon_attack", "player": "p2", "demon": "berrok-2",
                  "target": "tripitaka", "attack_dice": [2, 1], "defense_dice": [1, 0]})
    for demon in ("berrok-3", spawned_berrok, bharhaz):
        enter(table, {"type": "demon_options", "player": "p2", "demon": demon,
                      "options": TWO_MOVES})
        enter(table, {"type": "demon_plan", "player": "p2", "demon": demon, "option": 1})
    enter(table, {"type": "end_turn", "player": "p1"})
    enter(table, {"type": "maintenance", "player": "p1"})
    assert pilgrim(table, "cho_hakkai")["posture"] == "back"
    for target in ("berrok-2", "berrok-3"):
        enter(table, by("monkey_king", "attack", targets=[target], target_hp=3, **STRIKE))
        enter(table, by("monkey_king", "resolve_defeat", choice="kill"))
    enter(table, by("monk_sha", "attack", targets=[spawned_berrok], target_hp=3, **STRIKE))
    enter(table, by("monk_sha", "resolve_defeat", choice="kill"))
    enter(table, by("monk_sha", "end_activation"))
    enter(table, by("tripitaka", "revive", target="cho_hakkai", hp=2, chi=0, adjacent=True))
    enter(table, by("tripitaka", "end_activation"))
    enter(table, by("cho_hakkai", "attack", targets=[bharhaz], target_hp=4, **STRIKE))
    assert table.view()["over"] is False
    return table, bharhaz


# (q2_sutras, the Sutras Monk Sha collects in Turn 1, the Quest's end). The Monkey King holds
# sutra-1 in each game.
SUTRA_GAMES = [
    ("combined", ["sutra-2"], Q2_VICTORY),
    ("one_pilgrim", ["sutra-2"], Q2_DEFEAT),
    ("one_pilgrim", ["sutra-2", "sutra-3"], Q2_VICTORY),
    ("combined", ["sutra-2", "sutra-3"], Q2_VICTORY),
]


@pytest.mark.parametrize("q2_sutras, monk_sha_sutras, ending", SUTRA_GAMES,
                         ids=["combined-split", "one-pilgrim-split", "one-pilgrim-two-held",
                              "combined-three"])
def test_quest_2_to_its_end_under_each_reading_of_two_sutra_tokens(
        client, q2_sutras, monk_sha_sutras, ending):
    table, bharhaz = quest_2_played(client, q2_sutras, monk_sha_sutras)
    assert (pilgrim(table, "monkey_king")["sutras"], pilgrim(table, "monk_sha")["sutras"]) == (
        1, len(monk_sha_sutras))
    act(table, "cho_hakkai", "resolve_defeat", choice="kill", reward=1)
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["decided_by"]["rule"]["quote"] == ending
    conditions = {c["outcome"]: c for c in view["scores"]["quest"]["conditions"]}
    assert (conditions["victory"]["status"] == "met") is (ending == Q2_VICTORY)
    assert view["scores"]["winners"] == (["p1", "p2"] if ending == Q2_VICTORY else [])
    # Undone, the last Kill is owed again and nothing is decided.
    table.undo()
    view = table.view()
    assert view["over"] is False and bharhaz in view["state"]["demons"]


def entered_undone_and_entered_again(table, event):
    """The event accepted; undone, the table is exactly as before it; entered again, exactly as
    after it the first time."""
    before = as_seen(table.view())
    table.accepted(event)
    after = as_seen(table.view())
    table.undo()
    assert as_seen(table.view()) == before, event
    table.accepted(event)
    assert as_seen(table.view()) == after, event


def test_every_kind_of_event_of_two_turns_of_quest_2_undone_restores_exactly(client):
    # Maintenance, Sutras, Attacks and Kills, Moves, the end of activations, the Gates' and the
    # Demons' measures, spawns, a Demon's options, plan and attack, the End of Turn, a Revive.
    table, bharhaz = quest_2_played(client, "combined", ["sutra-2"],
                                    enter=entered_undone_and_entered_again)
    entered_undone_and_entered_again(table, by("cho_hakkai", "resolve_defeat", choice="kill",
                                               reward=1))
    assert table.view()["over"] is True and bharhaz not in table.view()["state"]["demons"]


# --- A red square with the last Health Point ------------------------------------------------------

def test_a_red_square_with_the_last_health_point_as_printed_knocks_the_pilgrim_out(client):
    table = free_play(client, {"monkey_king": {"hp": 1}})
    # Two red squares cost 2 Health Points: he has 1, so he cannot make the move.
    refused_unchanged(table, by("monkey_king", "move", steps=3, red=2), NO_HP_NO_MOVE)
    before = as_seen(table.view())
    act(table, "monkey_king", "move", steps=3, red=1)
    monkey = pilgrim(table, "monkey_king")
    assert (monkey["hp"], monkey["status"], monkey["posture"]) == (0, "unconscious", "face_down")
    # Unconscious, his activation is over: Monk Sha's begins, and the Monkey King does nothing.
    assert table.view()["state"]["activation"]["pilgrim"] == "monk_sha"
    refused_unchanged(table, by("monkey_king", "rest"), UNCONSCIOUS)
    table.undo()
    assert as_seen(table.view()) == before


def test_a_red_square_with_the_last_health_point_under_must_keep_one_quotes_the_note(client):
    table = free_play(client, {"monkey_king": {"hp": 1}},
                      red_square_last_hp="must_keep_one")
    refused_unchanged(table, by("monkey_king", "move", steps=3, red=1), KEEP_ONE_HP)


def test_a_red_square_with_the_last_health_point_under_must_keep_one_is_refused(client):
    table = free_play(client, {"monkey_king": {"hp": 1}, "monk_sha": {"hp": 2}},
                      red_square_last_hp="must_keep_one")
    refused_unchanged(table, by("monkey_king", "move", steps=3, red=1), "")
    # The same Move without the red square, and Monk Sha with 2 Health Points through one.
    act(table, "monkey_king", "move", steps=3)
    act(table, "monkey_king", "end_activation")
    act(table, "monk_sha", "move", steps=2, red=1)
    assert pilgrim(table, "monk_sha")["hp"] == 1
    assert pilgrim(table, "monkey_king")["hp"] == 1


# --- Tripitaka Unconscious on a red square, under tripitaka_defeat --------------------------------

def tripitaka_falls(client, **options):
    """Free play: the Monkey King and Monk Sha pass; Tripitaka, with 1 Health Point, steps onto a
    red square."""
    table = free_play(client, {"tripitaka": {"hp": 1}}, **options)
    act(table, "monkey_king", "end_activation")
    act(table, "monk_sha", "end_activation")
    act(table, "tripitaka", "move", steps=2, red=1)
    return table


def quiet_turn(table, berrok="berrok-1"):
    """Cho Hakkai's activation to the next Turn's Maintenance: the Berrok, with Tripitaka
    Unconscious, has no plan to enter (the table lists none) and stays."""
    act(table, "cho_hakkai", "end_activation")
    table.accepted({"type": "demon_options", "player": "p2", "demon": berrok, "options": []})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": berrok, "option": 1})
    table.accepted({"type": "end_turn", "player": "p1"})
    table.accepted({"type": "maintenance", "player": "p1"})


def test_tripitaka_knocked_out_ends_free_play_at_once_as_printed(client):
    table = tripitaka_falls(client)
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["decided_by"]["rule"]["quote"] == TRIPITAKA_DEFEATED
    assert view["scores"]["winners"] == []


def test_tripitaka_knocked_out_under_killed_lasts_three_maintenances_then_defeat(client):
    table = tripitaka_falls(client, tripitaka_defeat="killed")
    assert table.view()["over"] is False
    assert pilgrim(table, "tripitaka")["status"] == "unconscious"
    # Cho Hakkai, active now, may not Revive him, and he can do nothing himself.
    refused_unchanged(table, by("cho_hakkai", "revive", target="tripitaka", hp=1, chi=0,
                                adjacent=True), ONLY_TRIPITAKA)
    refused_unchanged(table, by("tripitaka", "rest"), UNCONSCIOUS)
    postures = []
    for _ in range(2):
        quiet_turn(table)
        postures.append(pilgrim(table, "tripitaka")["posture"])
        view = table.view()
        assert view["over"] is False
        # His place in the order is passed over: the Monkey King, Monk Sha, then Cho Hakkai.
        act(table, "monkey_king", "end_activation")
        act(table, "monk_sha", "end_activation")
        assert table.view()["state"]["activation"]["pilgrim"] == "cho_hakkai"
    assert postures == ["side", "back"]
    quiet_turn(table)
    view = table.view()
    assert pilgrim(table, "tripitaka")["status"] == "dead"
    assert view["over"] is True and view["state"]["turn"] == 4
    assert view["scores"]["decided_by"]["rule"]["quote"] == TRIPITAKA_KILLED
    assert view["scores"]["winners"] == []
    # The Maintenance that killed him undone: he lies on his back, the Quest still on.
    table.undo()
    view = table.view()
    assert view["over"] is False and pilgrim(table, "tripitaka")["posture"] == "back"
    assert view["phase"] == "maintenance"


# --- A third Rest with Om Mala of Vigor's third Action Point --------------------------------------

TWICE_A_REST = book("Resting can be performed twice per Activation, if required.")
THIRD_DOUBLES = book("If the Pilgrim is allowed a third Action, for example by using the Fortune "
                     "Card \"Om Mala of Vigor\", then they can choose any third Action, even if it "
                     "doubles up.")
VIGOR_MONKEY = {"monkey_king": {"chi": 0, "fortune": ["Om Mala of Vigor"]}}
BIG_CHI = {**PROFILES, "monkey_king": {**PROFILES["monkey_king"], "max_chi": 20}}


def vigorous_monkey_king(client, **options):
    """Free play, the Monkey King (Chi 0 of 20) plays Om Mala of Vigor and rests twice."""
    table = free_play(client, VIGOR_MONKEY, pilgrim_profiles=BIG_CHI, **options)
    act(table, "monkey_king", "play_card", card="Om Mala of Vigor", kind="fortune")
    assert table.view()["state"]["activation"]["ap"] == 3
    act(table, "monkey_king", "rest")
    act(table, "monkey_king", "rest")
    assert pilgrim(table, "monkey_king")["chi"] == 10
    return table


def test_a_third_rest_with_a_third_action_point_is_refused_as_printed(client):
    table = vigorous_monkey_king(client)
    refused_unchanged(table, by("monkey_king", "rest"), TWICE_A_REST)
    # The third point is his for another Action: a Move, and his activation is over.
    act(table, "monkey_king", "move", steps=2)
    assert table.view()["state"]["activation"]["pilgrim"] == "monk_sha"


def test_a_third_rest_is_allowed_when_the_table_reads_the_faq_on_a_third_action(client):
    table = vigorous_monkey_king(client, third_rest="allowed")
    act(table, "monkey_king", "rest")
    assert pilgrim(table, "monkey_king")["chi"] == 15
    assert table.view()["state"]["activation"]["pilgrim"] == "monk_sha"
    # A fourth is not: the Action Points are spent and the activation has passed to Monk Sha.
    refused_unchanged(table, by("monkey_king", "rest"), book(
        "Normally, each Pilgrim has 2 Action Points to spend, although this can be altered by the "
        "effects of certain cards in play."))


# --- Figure 20: Yazuiji's Demon Die 2 ---------------------------------------------------------------

DEMON_DIE_DEFENDED = book("Defense is not applied to all damage, only to numerical damage generated "
                          "from the Attack Dice (and other special dice like the Demon Die).")


def yazuiji_attacks_tripitaka(client, **options):
    """Free play with Yazuiji (two Attack Dice, as the table reads her Profile Sheet): the
    Pilgrims pass, she plans two attacks on Tripitaka and rolls 1 + 0 with a 2 on the Demon Die
    against his 2 + 1."""
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"], "options": {
        "initiative": ORDER, "pilgrim_profiles": PROFILES,
        "demon_profiles": {"yazuiji": {"attack_dice": 2}}, **options},
        "position": {**LAYOUT, "demons": ["yazuiji"]}})
    table.accepted({"type": "maintenance", "player": "p1"})
    for name in ORDER:
        act(table, name, "end_activation")
    table.accepted({"type": "demon_options", "player": "p2", "demon": "yazuiji-1", "options": [
        {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
         "targets": ["tripitaka"]}]})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "yazuiji-1", "option": 1})
    effects = table.accepted({"type": "demon_attack", "player": "p2", "demon": "yazuiji-1",
                              "target": "tripitaka", "attack_dice": [1, 0], "demon_die": 2,
                              "defense_dice": [2, 1]})["effects"]
    return table, [effect["text"] for effect in effects]


@pytest.mark.parametrize("reading, hp", [("defended", 8), ("undefended", 7)])
def test_yazuijis_knock_back_and_its_extra_point_under_each_reading(client, reading, hp):
    options = {} if reading == "defended" else {"knock_back_damage": reading}
    table, effects = yazuiji_attacks_tripitaka(client, **options)
    # "Tripitaka is Knocked Back 2 squares and takes an additional point of Damage": defended,
    # 1 + 1 against 3 does nothing; undefended, the extra point comes through his Defense.
    assert pilgrim(table, "tripitaka")["hp"] == hp
    assert any("Knocked Back 2 squares" in text for text in effects)
    # Either way she may Follow him (a free single Move), then roll her second attack.
    follow = [event for event in table.view()["legal"] if event["type"] == "follow"]
    assert follow and all(event["attacker"] == "yazuiji-1" for event in follow)


# --- Standing on a red square the whole turn --------------------------------------------------------

RED_LINES = book("Pilgrims take one point of damage every time they enter one of these squares or "
                 "if they are stationary in the square for a full turn.")


def through_to_the_end_of_turn(table, after="monkey_king"):
    for name in ORDER[ORDER.index(after) + 1:]:
        act(table, name, "end_activation")
    table.accepted({"type": "demon_options", "player": "p2", "demon": "berrok-1", "options": []})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "berrok-1", "option": 1})


@pytest.mark.parametrize("reading", ["end_of_activation", "end_of_turn_phase"])
def test_a_pilgrim_resting_on_a_red_square_takes_its_point_when_the_ruling_says(client, reading):
    options = {} if reading == "end_of_activation" else {"red_square_stationary": reading}
    table = free_play(client, {"monkey_king": {"hp": 5}}, **options)
    act(table, "monkey_king", "rest")
    act(table, "monkey_king", "end_activation", on_red_square=True)
    assert pilgrim(table, "monkey_king")["hp"] == (4 if reading == "end_of_activation" else 5)
    through_to_the_end_of_turn(table)
    assert pilgrim(table, "monkey_king")["hp"] == (4 if reading == "end_of_activation" else 5)
    table.accepted({"type": "end_turn", "player": "p1"})
    # One point for the turn, under either reading.
    assert pilgrim(table, "monkey_king")["hp"] == 4


def test_the_last_health_point_lost_standing_on_a_red_square_leaves_the_next_pilgrim_his_turn(
        client):
    table = free_play(client, {"monkey_king": {"hp": 1}})
    act(table, "monkey_king", "end_activation", on_red_square=True)
    assert pilgrim(table, "monkey_king")["status"] == "unconscious"
    # "each Pilgrim is activated in order": Monk Sha is next, with his 2 Action Points.
    activation = table.view()["state"]["activation"]
    assert (activation["pilgrim"], activation["ap"], activation["spent"]) == ("monk_sha", 2, 0)
    act(table, "monk_sha", "rest")


def test_a_pilgrim_who_moved_cannot_have_stood_on_a_red_square_the_whole_turn(client):
    table = free_play(client, {"monkey_king": {"hp": 5}})
    act(table, "monkey_king", "move", steps=1)
    refused_unchanged(table, by("monkey_king", "end_activation", on_red_square=True), RED_LINES)


# --- How many Targets a Minion attacks --------------------------------------------------------------

PROFILE_TARGETS = book("Determine the possible number of Targets. This is stated on the Miniature's "
                       "Profile Sheet, below the Range Icon, but can be modified by Skill Cards, "
                       "etc.")
END_OF_TURN = book("End of Turn Phase: Perform End of Turn Phase actions, such as using Turn Tokens "
                   "to track passing time.")


def berrok_to_plan(client, **options):
    """Free play: the Pilgrims pass; the Berrok is to enter what it can do."""
    table = free_play(client, {}, **options)
    for name in ORDER:
        act(table, name, "end_activation")
    return table


def berrok_options(targets):
    return {"type": "demon_options", "player": "p2", "demon": "berrok-1", "options": [
        {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
         "targets": targets}]}


def berrok_roll(target):
    return {"type": "demon_attack", "player": "p2", "demon": "berrok-1", "target": target,
            "attack_dice": [1, 0], "defense_dice": [0, 0]}


PLAN = {"type": "demon_plan", "player": "p2", "demon": "berrok-1", "option": 1}
ONE_TARGET = {"demon_targets": "profile", "demon_profiles": {"berrok": {"targets": 1}}}


def test_a_berrok_attacks_every_pilgrim_in_range_twice_as_printed(client):
    table = berrok_to_plan(client)
    table.accepted(berrok_options(["tripitaka", "monk_sha"]))
    table.accepted(PLAN)
    # Two Attack Actions, one roll for each Target in each: four rolls, 1 damage each.
    for target in ("monk_sha", "tripitaka", "tripitaka", "monk_sha"):
        table.accepted(berrok_roll(target))
    assert (pilgrim(table, "tripitaka")["hp"], pilgrim(table, "monk_sha")["hp"]) == (6, 7)
    assert table.view()["phase"] == "end"
    refused_unchanged(table, berrok_roll("monk_sha"), END_OF_TURN)


def test_a_berrok_with_one_target_on_its_profile_sheet_attacks_one(client):
    table = berrok_to_plan(client, **ONE_TARGET)
    refused_unchanged(table, berrok_options(["tripitaka", "monk_sha"]), PROFILE_TARGETS)
    table.accepted(berrok_options(["tripitaka"]))
    table.accepted(PLAN)
    table.accepted(berrok_roll("tripitaka"))
    table.accepted(berrok_roll("tripitaka"))
    assert (pilgrim(table, "tripitaka")["hp"], pilgrim(table, "monk_sha")["hp"]) == (6, 9)
    assert table.view()["phase"] == "end"


def test_a_one_target_berrok_rolling_on_another_pilgrim_quotes_its_profile_sheet(client):
    table = berrok_to_plan(client, **ONE_TARGET)
    table.accepted(berrok_options(["tripitaka"]))
    table.accepted(PLAN)
    refused_unchanged(table, berrok_roll("monk_sha"), PROFILE_TARGETS)


# --- Quest 6: "possess 2 Sutra Tokens" when Kogaiji falls --------------------------------------------

Q6_HEROIC = book("Heroic Victory: The Pilgrims must (1) Rescue the Villagers, (2) possess 2 Sutra "
                 "Tokens and (3) Defeat Kogaiji.")
Q6_VICTORY = book("Victory: The Pilgrims must (1) possess 2 Sutra Tokens and (2) Defeat Kogaiji.")
Q6_DEFEAT = book("Defeat: All other conditions, including Defeating Kogaiji without holding 2 Sutra "
                 "Tokens or letting Tripitaka be Defeated.")
ONE_KARMA_UPGRADE = {"monkey_king": [{"good_karma": 10, "card": "Phase Walk"}],
                     "cho_hakkai": [{"good_karma": 10, "card": "Greedy"}],
                     "monk_sha": [{"good_karma": 10, "card": "Brotherhood of the Skull"}],
                     "tripitaka": [{"good_karma": 10, "card": "Ninth Cycle Scripture"}]}

# (q6_sutras, what Monk Sha does after the Monkey King took two Sutras, the Quest's end).
KOGAIJI_FALLS = [
    ("exactly", [("collect_sutra", {"sutra": "sutra-3", "adjacent": True})], Q6_DEFEAT),
    ("at_least", [("collect_sutra", {"sutra": "sutra-3", "adjacent": True})], Q6_VICTORY),
    ("exactly", [], Q6_VICTORY),
    ("exactly", [("rescue_villager", {"villager": "villager-1", "adjacent": True})], Q6_HEROIC),
]


@pytest.mark.parametrize("q6_sutras, monk_sha_does, ending", KOGAIJI_FALLS,
                         ids=["three-exactly", "three-at-least", "two", "two-and-the-villager"])
def test_quest_6_ends_when_kogaiji_is_defeated_by_the_sutras_held(
        client, q6_sutras, monk_sha_does, ending):
    options = {"quest": "q6", "initiative": ORDER, "pilgrim_profiles": PROFILES,
               "quest_setup": {"upgrades": ONE_KARMA_UPGRADE}}
    if q6_sutras != "exactly":
        options["q6_sutras"] = q6_sutras
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"], "options": options})
    table.accepted({"type": "maintenance", "player": "p1"})
    act(table, "monkey_king", "collect_sutra", sutra="sutra-1", adjacent=True)
    act(table, "monkey_king", "collect_sutra", sutra="sutra-2", adjacent=True)
    for event_type, facts in monk_sha_does:
        act(table, "monk_sha", event_type, **facts)
    act(table, "monk_sha", "end_activation")
    act(table, "tripitaka", "end_activation")
    assert table.view()["over"] is False
    # "The Quest ends immediately when Kogaiji or Tripitaka is Defeated."
    act(table, "cho_hakkai", "attack", targets=["kogaiji-1"], target_hp=6, **STRIKE)
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["decided_by"]["rule"]["quote"] == ending
    assert view["scores"]["winners"] == ([] if ending == Q6_DEFEAT else ["p1", "p2"])


# --- The Demons' activation order, measured once or again after each Demon ------------------------

DEMON_ORDER = book("Order: Like Pilgrims, Demons are activated in order, this time starting with the "
                   "Demon closest to Tripitaka and continuing to the ones further away.")
BERROKS = ("berrok", "berrok", "berrok")


def three_berroks_measured(client, **options):
    """Free play with three Berroks at 3, 6 and 9 squares from Tripitaka; the Pilgrims pass and
    the closest, berrok-1, makes its two Moves."""
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"], "options": {
        "initiative": ORDER, "pilgrim_profiles": PROFILES, **options},
        "position": {**LAYOUT, "demons": list(BERROKS)}})
    table.accepted({"type": "maintenance", "player": "p1"})
    for name in ORDER:
        act(table, name, "end_activation")
    table.accepted({"type": "measure", "player": "p2", "of": "demons",
                    "distances": {"berrok-1": 3, "berrok-2": 6, "berrok-3": 9}})
    table.accepted({"type": "demon_options", "player": "p2", "demon": "berrok-1",
                    "options": TWO_MOVES})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": "berrok-1", "option": 1})
    return table


# berrok-1's Moves left berrok-3 closer to Tripitaka than berrok-2.
REMEASURED = {"type": "measure", "player": "p2", "of": "demons",
              "distances": {"berrok-2": 8, "berrok-3": 5}}


def options_for(demon):
    return {"type": "demon_options", "player": "p2", "demon": demon, "options": TWO_MOVES}


def test_the_demons_order_is_measured_once_as_the_default_reads(client):
    table = three_berroks_measured(client)
    refused_unchanged(table, REMEASURED, DEMON_ORDER)
    refused_unchanged(table, options_for("berrok-3"), DEMON_ORDER)
    table.accepted(options_for("berrok-2"))


def test_the_demons_order_measured_again_after_each_demon_under_remeasured(client):
    table = three_berroks_measured(client, activation_order="remeasured")
    assert [event["type"] for event in table.view()["legal"]
            if event["type"] != "quest_result" and event["player"] == "p2"] == ["measure"]
    table.accepted(REMEASURED)
    refused_unchanged(table, options_for("berrok-2"), DEMON_ORDER)
    table.accepted(options_for("berrok-3"))


# --- Om Mala of Vigor played by a Pilgrim who is not active ------------------------------------------

ACTIVE_SPENDS = book("The active Pilgrim spends their Action Points to make the actions listed "
                     "below.")
SHA_VIGOR = by("monk_sha", "play_card", card="Om Mala of Vigor", kind="fortune")


@pytest.mark.parametrize("reading", ["refused", "next_activation"])
def test_om_mala_of_vigor_in_the_monkey_kings_activation_played_by_monk_sha(client, reading):
    options = {} if reading == "refused" else {"extra_ap_not_active": reading}
    table = free_play(client, {"monk_sha": {"fortune": ["Om Mala of Vigor"]}}, **options)
    if reading == "refused":
        refused_unchanged(table, SHA_VIGOR, ACTIVE_SPENDS)
    else:
        table.accepted(SHA_VIGOR)
    # The Monkey King's own activation keeps its 2 points either way.
    assert table.view()["state"]["activation"]["ap"] == 2
    act(table, "monkey_king", "end_activation")
    activation = table.view()["state"]["activation"]
    assert (activation["pilgrim"], activation["ap"]) == (
        "monk_sha", 2 if reading == "refused" else 3)
    assert pilgrim(table, "monk_sha")["fortune"] == (
        ["Om Mala of Vigor"] if reading == "refused" else [])
