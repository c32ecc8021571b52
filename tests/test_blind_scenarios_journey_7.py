"""Journey: Wrath of Demons, outsider scenarios round 7: the Pray Action and the Demon Spawn step
turn by turn in several Quests (Quests 1, 3, 4 and 5): a whole turn as a table enters it, the
Mystical Box once per activation and again in the next, the mistakes a table makes (the next
Pilgrim's Prayer, a Prayer in the Demon Phase, another seat's phone, a spawn entered twice or out of
order, a card the Quest's deck does not hold) and undo at the table (the state as if the mistake
never happened). Written from the rulebook and the API's own description only
(docs/games/journey.md, GET /api/games/journey), never the referee's code."""

import pytest

from tests.api_table import ApiTable, as_seen, quotes_from, seat_headers
from tests.test_blind_scenarios_journey_3 import ONE_UPGRADE
from tests.test_blind_scenarios_journey_4 import ORDER, PROFILES

GAME = "journey"
book = quotes_from(GAME)

ONCE_A_BOX = book("Each Pilgrim can only use a Mystical Box once (to Pray or Meditate) each time "
                  "they are Activated, even if the Pilgrim has Action Points left.")
IN_ORDER = book("In the Pilgrim Phase, each Pilgrim is activated in order, as determined by the "
                "Initiative Tokens assigned during the Game Setup.")
EACH_GATE = book("For each Active Gate, draw a Demon Card from the Demon Deck, follow the "
                 "instructions on the card, and discard the card.")
CLOSEST_FIRST = book("Start at the Gate closest to Tripitaka, and work back to the Gate furthest "
                     "from Tripitaka.")
Q1_DECK = book("Create a simple Demon Deck containing just the reinforcement cards for Minion "
               "Demons (Bull Warriors, Bull Archers, Bullserkers, and Bull Generals).")
NO_LORDS = book("Create a simple Demon Deck by removing the special cards that spawn Demon Lords.")
CONTROLLED = book("The Pilgrims are controlled by the Players")
Q5_ORDER = ["monkey_king", "monk_sha", "cho_hakkai", "tripitaka"]
Q3_ORDER = ["monkey_king", "monk_sha", "cho_hakkai", "tripitaka"]


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def guide(client, quest, order=ORDER, position=None, options=None, **quest_setup):
    """A Guide Quest as printed (its Board Setup), Ann p1 and Ben p2, its first Maintenance
    entered."""
    setup = {"game": GAME, "players": ["Ann", "Ben"],
             "options": {"quest": quest, "initiative": list(order), "pilgrim_profiles": PROFILES,
                         **(options or {})}}
    if quest_setup:
        setup["options"]["quest_setup"] = quest_setup
    if position:
        setup["position"] = position
    table = ApiTable(client, setup)
    table.accepted({"type": "maintenance", "player": "p1"})
    return table


def seat_of(table, pilgrim):
    return table.view()["state"]["controllers"][pilgrim]


def act(table, pilgrim, event_type, **facts):
    return table.accepted({"type": event_type, "player": seat_of(table, pilgrim),
                           "pilgrim": pilgrim, **facts})


def end(table, *pilgrims):
    for pilgrim in pilgrims:
        act(table, pilgrim, "end_activation")


def pilgrim(table, name):
    return table.view()["state"]["pilgrims"][name]


# --- Quest 1: a whole turn, the Mystical Box once per activation ------------------------------

def test_quest_1_a_whole_turn_a_prayer_a_rest_a_bull_warrior_then_a_prayer_next_turn(client):
    table = guide(client, "q1")
    act(table, "monkey_king", "pray", box="box-1", card="Wild Herbs")
    table.refused({"type": "pray", "player": "p1", "pilgrim": "monkey_king", "box": "box-1",
                   "card": "Wild Ginseng"}, ONCE_A_BOX)
    table.refused({"type": "meditate", "player": "p1", "pilgrim": "monkey_king", "box": "box-1",
                   "spinner": "white", "seen": ["Wild Ginseng", "Wild Herbs", "Om Mala of Vigor"],
                   "kept": "Wild Ginseng"}, ONCE_A_BOX)
    act(table, "monkey_king", "rest")
    end(table, "monk_sha", "tripitaka", "cho_hakkai")
    # The Demon Phase: one Gate, one Demon Card, a Bull Warrior placed beside it.
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                    "demons": ["berrok"]})
    demons = table.view()["state"]["demons"]
    assert [d["type"] for d in demons.values()].count("berrok") == 3
    new = next(name for name, d in demons.items() if d["active"] and d["type"] == "berrok")
    table.accepted({"type": "measure", "player": "p2", "of": "demons", "distances": {new: 7}})
    table.accepted({"type": "demon_options", "player": "p2", "demon": new, "options": [
        {"actions": ["move", "move"], "ends": "closer", "squares": 2, "targets": []}]})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": new, "option": 1})
    table.accepted({"type": "end_turn", "player": "p1"})
    table.accepted({"type": "maintenance", "player": "p1"})
    # A new activation: the Monkey King may use the Mystical Box again.
    act(table, "monkey_king", "pray", box="box-1", card="Wild Ginseng")
    assert table.view()["state"]["turn"] == 2
    assert pilgrim(table, "monkey_king")["fortune"] == ["Wild Herbs", "Wild Ginseng"]


def test_quest_1_monk_sha_praying_while_the_monkey_king_is_active_is_refused(client):
    table = guide(client, "q1")
    act(table, "monkey_king", "move", steps=2)
    table.refused({"type": "pray", "player": "p2", "pilgrim": "monk_sha", "box": "box-1",
                   "card": "Wild Herbs"}, IN_ORDER)
    assert pilgrim(table, "monk_sha")["fortune"] == []
    end(table, "monkey_king")
    act(table, "monk_sha", "pray", box="box-1", card="Wild Herbs")


def test_quest_1_bens_phone_cannot_pray_for_anns_monkey_king(client):
    table = guide(client, "q1")
    ben = seat_headers(client, table, "p2")
    response = client.post(f"/api/sessions/{table.id}/events", headers=ben, json={
        "event": {"type": "pray", "player": "p1", "pilgrim": "monkey_king", "box": "box-1",
                  "card": "Wild Herbs"}, "expected_seq": table.seq})
    assert response.status_code == 403, response.get_json()
    # Entered as his own seat's event, for a Pilgrim he does not control: the rule.
    response = client.post(f"/api/sessions/{table.id}/events", headers=ben, json={
        "event": {"type": "pray", "player": "p2", "pilgrim": "monkey_king", "box": "box-1",
                  "card": "Wild Herbs"}, "expected_seq": table.seq})
    assert response.status_code == 422, response.get_json()
    assert CONTROLLED in response.get_json()["error"]["rule"]["quote"]
    assert pilgrim(table, "monkey_king")["fortune"] == []
    act(table, "monkey_king", "pray", box="box-1", card="Wild Herbs")


def test_quest_1_a_prayer_in_the_demon_phase_is_refused(client):
    table = guide(client, "q1")
    end(table, "monkey_king", "monk_sha", "tripitaka", "cho_hakkai")
    table.refused({"type": "pray", "player": "p1", "pilgrim": "monkey_king", "box": "box-1",
                   "card": "Wild Herbs"},
                  book("Demon Phase: Spawn new Demons, then each Demon is activated in turn"))
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                    "demons": ["berrok"]})


def test_quest_1_a_prayer_with_no_action_point_left_is_refused(client):
    table = guide(client, "q1")
    act(table, "monkey_king", "move", steps=8, action_points=2)
    # The move spent both Action Points: his activation is over, the Mystical Box too late.
    table.refused({"type": "pray", "player": "p1", "pilgrim": "monkey_king", "box": "box-1",
                   "card": "Wild Herbs"},
                  book("Normally, each Pilgrim has 2 Action Points to spend"))
    assert pilgrim(table, "monkey_king")["fortune"] == []


def test_quest_1_a_spawn_before_the_last_pilgrim_has_acted_is_refused(client):
    table = guide(client, "q1")
    end(table, "monkey_king", "monk_sha", "tripitaka")
    table.refused({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                   "demons": ["berrok"]},
                  book("Pilgrim Phase: Each Pilgrim is activated in the order shown by the "
                       "Initiative Markers and completes all their actions, before the next "
                       "Pilgrim activates."))
    end(table, "cho_hakkai")
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                    "demons": ["berrok"]})


def test_quest_1_the_gates_spawn_entered_twice_is_refused_the_second_time(client):
    table = guide(client, "q1")
    end(table, "monkey_king", "monk_sha", "tripitaka", "cho_hakkai")
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                    "demons": ["berrok"]})
    table.refused({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                   "demons": ["berrok"]}, EACH_GATE)
    assert [d["type"] for d in table.view()["state"]["demons"].values()].count("berrok") == 3


@pytest.mark.parametrize("card", [
    {"card": "special", "name": "Flood Gate"},
    {"card": "unique", "demons": ["kogaiji"]},
], ids=["special-card", "demon-lord"])
def test_quest_1_a_card_its_minion_deck_does_not_hold_is_refused(client, card):
    table = guide(client, "q1")
    end(table, "monkey_king", "monk_sha", "tripitaka", "cho_hakkai")
    table.refused({"type": "spawn", "player": "p2", "gate": "gate-1", **card}, Q1_DECK)
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                    "demons": ["bharhaz"]})


# --- Undo at the table --------------------------------------------------------------------------

def test_a_prayer_entered_with_the_wrong_card_undone_then_the_right_card(client):
    table = guide(client, "q1")
    act(table, "monkey_king", "pray", box="box-1", card="Wild Ginseng")
    table.undo()
    act(table, "monkey_king", "pray", box="box-1", card="Wild Herbs")
    right_first_time = guide(client, "q1")
    act(right_first_time, "monkey_king", "pray", box="box-1", card="Wild Herbs")
    assert as_seen(table.view()) == as_seen(right_first_time.view())


def test_a_spawn_entered_with_the_wrong_demons_undone_then_the_right_ones(client):
    def to_the_spawn():
        table = guide(client, "q1")
        end(table, "monkey_king", "monk_sha", "tripitaka", "cho_hakkai")
        return table
    table = to_the_spawn()
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                    "demons": ["berrok", "berrok"]})
    table.undo()
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                    "demons": ["boof"]})
    right_first_time = to_the_spawn()
    right_first_time.accepted({"type": "spawn", "player": "p2", "gate": "gate-1",
                               "card": "reinforcement", "demons": ["boof"]})
    assert as_seen(table.view()) == as_seen(right_first_time.view())


# --- Quest 3: no spawn from its sleeping Gates, then the central tile ---------------------------

def test_quest_3_a_prayer_then_no_spawn_until_the_band_reaches_the_central_tile(client):
    table = guide(client, "q3", order=Q3_ORDER)
    act(table, "monkey_king", "pray", box="box-1", card="Wild Herbs")
    end(table, "monkey_king", "monk_sha", "cho_hakkai", "tripitaka")
    # Its three Gates are placed inactive: nothing spawns.
    table.refused({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                   "demons": ["berrok"]},
                  book("Inactive Gates: Some Gates are inactive when they are placed on the Game "
                       "Board or become inactive later in the game."))
    assert "spawn" not in {event["type"] for event in table.view()["legal"]}


# --- Quest 4: the deck without its Demon Lords ----------------------------------------------------

def test_quest_4_a_demon_lord_card_at_the_spawn_is_refused_with_its_deck(client):
    table = guide(client, "q4")
    act(table, "monkey_king", "pray", box="box-1", card="Wild Herbs")
    end(table, "monkey_king", "monk_sha", "tripitaka", "cho_hakkai")
    table.refused({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "special",
                   "name": "Spawn Demon Lord", "demons": ["yazuiji"]}, NO_LORDS)


# --- Quest 5: two Gates, Kei Lun, the Mystical Box he tramples ----------------------------------

def q5_pilgrims_done(table):
    end(table, "monkey_king", "monk_sha", "cho_hakkai", "tripitaka")


def test_quest_5_two_gates_spawn_closest_first_after_kei_lun(client):
    table = guide(client, "q5", order=Q5_ORDER)
    q5_pilgrims_done(table)
    table.accepted({"type": "kei_lun", "player": "p1", "in_range": [], "die": 0})
    table.accepted({"type": "measure", "player": "p2", "of": "gates",
                    "distances": {"gate-1": 9, "gate-2": 4}})
    table.refused({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                   "demons": ["berrok"]}, CLOSEST_FIRST)
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-2", "card": "reinforcement",
                    "demons": ["berrok"]})
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                    "demons": ["bharhaz"]})
    table.refused({"type": "spawn", "player": "p2", "gate": "gate-2", "card": "reinforcement",
                   "demons": ["berrok"]}, EACH_GATE)


def test_quest_5_tripitaka_prays_at_his_turn_after_the_other_three(client):
    table = guide(client, "q5", order=Q5_ORDER)
    table.refused({"type": "pray", "player": seat_of(table, "tripitaka"), "pilgrim": "tripitaka",
                   "box": "box-1", "card": "Wild Herbs"}, IN_ORDER)
    end(table, "monkey_king", "monk_sha", "cho_hakkai")
    act(table, "tripitaka", "pray", box="box-1", card="Wild Herbs")
    table.refused({"type": "meditate", "player": seat_of(table, "tripitaka"),
                   "pilgrim": "tripitaka", "box": "box-1", "spinner": "black"}, ONCE_A_BOX)
    assert pilgrim(table, "tripitaka")["fortune"] == ["Wild Herbs"]


def test_quest_5_after_kei_lun_tramples_the_mystical_box_nobody_prays(client):
    table = guide(client, "q5", order=Q5_ORDER)
    q5_pilgrims_done(table)
    table.accepted({"type": "kei_lun", "player": "p1", "in_range": [], "die": 1,
                    "destroys": ["box-1"]})
    assert table.view()["state"]["tokens"]["boxes"] == []
    table.accepted({"type": "measure", "player": "p2", "of": "gates",
                    "distances": {"gate-1": 4, "gate-2": 9}})
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                    "demons": ["berrok"]})
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-2", "card": "reinforcement",
                    "demons": ["berrok"]})
    view = table.view()
    active = sorted(name for name, d in view["state"]["demons"].items() if d["active"])
    table.accepted({"type": "measure", "player": "p2", "of": "demons",
                    "distances": {name: 10 + n for n, name in enumerate(active)}})
    for name in active:
        table.accepted({"type": "demon_options", "player": "p2", "demon": name, "options": [
            {"actions": ["move", "move"], "ends": "closer", "squares": 2, "targets": []}]})
        table.accepted({"type": "demon_plan", "player": "p2", "demon": name, "option": 1})
    table.accepted({"type": "end_turn", "player": "p2"})
    table.accepted({"type": "maintenance", "player": "p1"})
    table.refused({"type": "pray", "player": "p1", "pilgrim": "monkey_king", "box": "box-1",
                   "card": "Wild Herbs"},
                  book("A Pilgrim on the same Map Tile as a Mystical Box may perform the Pray "
                       "Action."))


# --- Quest 9: two Mystical Boxes, a Flood Gate, the Gates after Kogaiji's Defeat ----------------

Q9_ORDER = ["monkey_king", "monk_sha", "tripitaka", "cho_hakkai"]
FLOOD_GATE = book("Flood Gate: Look at the current positions of Demons in play and the Gate "
                  "closest to Tripitaka.")
KOGAIJIS_SPELL = book("He will not move or attack while doing so, and he is immune from attack.")


def quest_9(client):
    return guide(client, "q9", order=Q9_ORDER, upgrades=ONE_UPGRADE)


def quest_9_flood_gate_drawn(client):
    """Quest 9, Turn 1: nobody acts; a Bull Warrior from the closer Gate, then a Flood Gate."""
    table = quest_9(client)
    end(table, *Q9_ORDER)
    table.accepted({"type": "measure", "player": "p2", "of": "gates",
                    "distances": {"gate-1": 5, "gate-2": 9}})
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                    "demons": ["berrok"]})
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-2", "card": "special",
                    "name": "Flood Gate"})
    return table


def test_quest_9_one_prayer_an_activation_even_with_a_second_mystical_box(client):
    table = quest_9(client)
    act(table, "monkey_king", "pray", box="box-1", card="Wild Herbs")
    table.refused({"type": "pray", "player": seat_of(table, "monkey_king"),
                   "pilgrim": "monkey_king", "box": "box-2", "card": "Wild Ginseng"}, ONCE_A_BOX)
    assert pilgrim(table, "monkey_king")["fortune"] == ["Wild Herbs"]


def test_quest_9_the_flood_gate_names_the_gate_closest_to_tripitaka(client):
    table = quest_9_flood_gate_drawn(client)
    table.refused({"type": "flood_gate", "player": "p2", "gate": "gate-2",
                   "closer": {"berrok-1": False, "kogaiji-1": False}}, FLOOD_GATE)
    table.accepted({"type": "flood_gate", "player": "p2", "gate": "gate-1",
                    "closer": {"berrok-1": False, "kogaiji-1": False}})
    assert table.view()["phase"] == "demons_activate"


def test_quest_9_the_flood_gate_does_not_move_kogaiji_under_his_spell(client):
    book("Quest rules override Card rules")
    table = quest_9_flood_gate_drawn(client)
    table.refused({"type": "flood_gate", "player": "p2", "gate": "gate-1",
                   "closer": {"berrok-1": False, "kogaiji-1": True}}, KOGAIJIS_SPELL)


def test_quest_9_after_kogaijis_defeat_the_demon_phase_spawns_nothing(client):
    order = ["tripitaka", "monkey_king", "monk_sha", "cho_hakkai"]
    table = guide(client, "q9", order=order, position={
        "gates": [{"id": "gate-1"}, {"id": "gate-2"}], "boxes": ["box-1", "box-2"],
        "doors": ["door-1", "door-2", "door-3"], "villagers": [],
        "demons": ["kogaiji", "borrack"], "turn": 5, "pilgrims": {"monk_sha": {"villagers": 1}}},
        options={"karma_upgrades": "in_position"})
    # Turn 5: the Elder Monk found (Monk Sha holds him), Kogaiji's spell over.
    act(table, "tripitaka", "attack", targets=["kogaiji-1"], target_hp=9, attack_dice=[3, 3],
        pilgrim_die=3, weapon_damage=3)
    end(table, *order)
    table.refused({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                   "demons": ["berrok"]},
                  book("Kogaiji's Defeat: The Gates stop spawning once Kogaiji is Defeated."))
    assert [name for name, d in table.view()["state"]["demons"].items()] == ["borrack-1"]


# --- Quest 3: Borrack is Unique at the spawn ------------------------------------------------------

def test_quest_3_a_bull_general_card_with_borrack_in_play_is_drawn_again(client):
    table = guide(client, "q3", order=Q3_ORDER)
    act(table, "monkey_king", "central_tile")
    end(table, *Q3_ORDER)
    table.accepted({"type": "measure", "player": "p2", "of": "gates",
                    "distances": {"gate-1": 4, "gate-2": 8, "gate-3": 12}})
    table.refused({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                   "demons": ["borrack"]},
                  book("If a Bull General is in play and another Bull General Demon Card is "
                       "drawn, discard it and draw another."))
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                    "demons": ["berrok", "berrok"]})


# --- Dice outside the die ---------------------------------------------------------------------------

@pytest.mark.parametrize("die", [4, -1])
def test_quest_5_kei_luns_pilgrim_die_showing_a_face_it_does_not_have_is_a_bad_request(
        client, die):
    table = guide(client, "q5", order=Q5_ORDER)
    q5_pilgrims_done(table)
    response = table.send({"type": "kei_lun", "player": "p1", "in_range": [], "die": die})
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"] == "event.die"
    table.accepted({"type": "kei_lun", "player": "p1", "in_range": [], "die": 3})


# --- Quest 2: a whole turn around Cho Hakkai, down, and its Minion deck --------------------------

Q2_ORDER = ["monkey_king", "monk_sha", "tripitaka", "cho_hakkai"]


def test_quest_2_a_whole_turn_no_box_to_pray_at_cho_passed_over_and_a_minion_deck(client):
    table = guide(client, "q2", order=Q2_ORDER)
    # Quest 2 lays no Mystical Box: no Prayer.
    table.refused({"type": "pray", "player": seat_of(table, "monkey_king"),
                   "pilgrim": "monkey_king", "box": "box-1", "card": "Wild Herbs"},
                  book("A Pilgrim on the same Map Tile as a Mystical Box may perform the Pray "
                       "Action."))
    end(table, "monkey_king", "monk_sha", "tripitaka")
    # Cho Hakkai, Unconscious, is passed over: the Demon Phase follows Tripitaka.
    assert table.view()["phase"] == "demons_spawn"
    table.accepted({"type": "measure", "player": "p2", "of": "gates",
                    "distances": {"gate-1": 3, "gate-2": 7}})
    table.refused({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "special",
                   "name": "Flood Gate"},
                  book("Create a simple Demon Deck containing just the reinforcement cards for "
                       "Minion Demons (Bull Warriors, Bull Archers, Bullserkers, and Bull "
                       "Generals)."))
    for gate in ("gate-1", "gate-2"):
        table.accepted({"type": "spawn", "player": "p2", "gate": gate, "card": "reinforcement",
                        "demons": ["bharhaz"]})
    active = sorted(name for name, d in table.view()["state"]["demons"].items() if d["active"])
    table.accepted({"type": "measure", "player": "p2", "of": "demons",
                    "distances": {name: 10 + n for n, name in enumerate(active)}})
    for name in active:
        table.accepted({"type": "demon_options", "player": "p2", "demon": name, "options": [
            {"actions": ["move", "move"], "ends": "closer", "squares": 4, "targets": []}]})
        table.accepted({"type": "demon_plan", "player": "p2", "demon": name, "option": 1})
    table.accepted({"type": "end_turn", "player": "p2"})
    table.accepted({"type": "maintenance", "player": "p1"})
    view = table.view()
    assert view["state"]["turn"] == 2
    assert view["state"]["pilgrims"]["cho_hakkai"]["status"] == "unconscious"
    assert view["over"] is False


# --- Quest 5: what Kei Lun tramples, and what he does not ------------------------------------------

DESTRUCTION = book("Destruction: Kei Lun can move onto the Mystical Box, the Sutra, and the Well. "
                   "If he does, remove them from the board, they are destroyed.")


def test_quest_5_kei_lun_turning_on_the_spot_tramples_nothing(client):
    table = guide(client, "q5", order=Q5_ORDER)
    q5_pilgrims_done(table)
    # A 2 on the Pilgrim Die turns him 90° to his right: he moves onto nothing.
    table.refused({"type": "kei_lun", "player": "p1", "in_range": [], "die": 2,
                   "destroys": ["box-1"]}, DESTRUCTION)
    table.accepted({"type": "kei_lun", "player": "p1", "in_range": [], "die": 2})
    assert table.view()["state"]["tokens"]["boxes"] == ["box-1"]


def test_quest_5_after_kei_lun_tramples_the_well_nobody_recovers_there(client):
    table = guide(client, "q5", order=Q5_ORDER)
    q5_pilgrims_done(table)
    table.accepted({"type": "kei_lun", "player": "p1", "in_range": [], "die": 1,
                    "destroys": ["well-1"]})
    assert table.view()["state"]["tokens"]["wells"] == []
    table.accepted({"type": "measure", "player": "p2", "of": "gates",
                    "distances": {"gate-1": 4, "gate-2": 9}})
    for gate in ("gate-1", "gate-2"):
        table.accepted({"type": "spawn", "player": "p2", "gate": gate, "card": "reinforcement",
                        "demons": ["berrok"]})
    active = sorted(name for name, d in table.view()["state"]["demons"].items() if d["active"])
    table.accepted({"type": "measure", "player": "p2", "of": "demons",
                    "distances": {name: 10 + n for n, name in enumerate(active)}})
    first = True
    for name in active:
        if first:
            # Demons never attack Kei Lun: an option naming him as a Target is refused.
            table.refused({"type": "demon_options", "player": "p2", "demon": name, "options": [
                {"actions": ["move", "attack"], "ends": "closer", "squares": 1,
                 "targets": ["kei_lun"]}]},
                book("The Demons do not attack Kei Lun and move around him as if he were a normal "
                     "obstacle."))
            first = False
        table.accepted({"type": "demon_options", "player": "p2", "demon": name, "options": [
            {"actions": ["move", "move"], "ends": "closer", "squares": 2, "targets": []}]})
        table.accepted({"type": "demon_plan", "player": "p2", "demon": name, "option": 1})
    table.accepted({"type": "end_turn", "player": "p2"})
    table.accepted({"type": "maintenance", "player": "p1"})
    table.refused({"type": "recover", "player": seat_of(table, "monkey_king"),
                   "pilgrim": "monkey_king", "well": "well-1", "adjacent": True},
                  book("A Pilgrim that is adjacent to a Water Well can spend 1 Action Point to "
                       "drink from the well and recover all Health Points"))


def test_quest_1_the_fortune_card_prayed_for_played_twice_is_refused_the_second_time(client):
    table = guide(client, "q1")
    act(table, "monkey_king", "pray", box="box-1", card="Wild Herbs")
    act(table, "monkey_king", "play_card", card="Wild Herbs", kind="fortune")
    assert pilgrim(table, "monkey_king")["fortune"] == []
    table.refused({"type": "play_card", "player": "p1", "pilgrim": "monkey_king",
                   "card": "Wild Herbs", "kind": "fortune"},
                  book("Inactive cards are in the Pilgrim's hand."))
    # Nor can Monk Sha play a card he never drew.
    table.refused({"type": "play_card", "player": seat_of(table, "monk_sha"),
                   "pilgrim": "monk_sha", "card": "Wild Herbs", "kind": "fortune"},
                  book("Inactive cards are in the Pilgrim's hand."))
