"""Journey: Wrath of Demons, outsider scenarios round 8: the wrong Pilgrim (and the wrong step) in
every step of a turn — a later Pilgrim in an earlier one's activation, a Pilgrim who ended his
activation coming back, a Pilgrim's Move in each step of the Demon Phase and in the End of Turn —
each refused with the sentence saying who acts now; undo across a turn (a whole Demon Phase, Quest
10 Part 2's Summoning Mantra spawn) leaving the table as if the mistake never happened; an ending
reached by play (Quest 10 Part 1's Fiery Bridge) and every entry after it refused. Written from the
rulebook and the API's own description only (docs/games/journey.md, GET /api/games/journey), never
the referee's code."""

import pytest

from tests.api_table import ApiTable, as_seen, quotes_from
from tests.test_blind_scenarios_journey_2 import later_quest
from tests.test_blind_scenarios_journey_4 import ORDER, PROFILES
from tests.test_blind_scenarios_journey_6 import quest_setup

GAME = "journey"
book = quotes_from(GAME)

IN_ORDER = book("In the Pilgrim Phase, each Pilgrim is activated in order, as determined by the "
                "Initiative Tokens assigned during the Game Setup.")
NOT_AGAIN = book("However, if they choose to end their Activation without using all their Action "
                 "Points, they cannot come back and use the remaining Action Points later in the "
                 "turn.")
PILGRIM_PHASE = book("Pilgrim Phase: Each Pilgrim is activated in the order shown by the Initiative "
                     "Markers and completes all their actions, before the next Pilgrim activates.")
DEMON_PHASE = book("Demon Phase: Spawn new Demons, then each Demon is activated in turn and "
                   "completes their actions, before the next Demon activates.")
END_OF_TURN = book("End of Turn Phase: Perform End of Turn Phase actions, such as using Turn "
                   "Tokens to track passing time.")
MANTRA = book("Summoning Mantra: For each Demon Lord chanting the Summoning Mantra, draw 2 Spawn "
              "Cards and alternately spawn the Demons from the two single Gates on the back tile.")
BRIDGE_HEROIC = book("Heroic Victory: The Pilgrims must have all 4 Sutra Tokens between them and "
                     "then 1 Pilgrim steps onto the Fiery Bridge.")
BRIDGE_DEFEAT = book("Defeat: Any Pilgrim is Killed or they don't have 4 Sutras when 1 Pilgrim "
                     "reaches the Fiery Bridge.")
LATER = ["monk_sha", "tripitaka", "cho_hakkai"]


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def guide_quest_1(client):
    """Quest 1 as printed, Ann p1 (Monkey King, Cho Hakkai) and Ben p2 (Monk Sha, Tripitaka), the
    initiative Monkey King, Monk Sha, Tripitaka, Cho Hakkai; its first Maintenance entered."""
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"],
                              "options": {"quest": "q1", "initiative": list(ORDER),
                                          "pilgrim_profiles": PROFILES}})
    table.accepted({"type": "maintenance", "player": "p1"})
    return table


def by(table, pilgrim, event_type, **facts):
    seat = table.view()["state"]["controllers"][pilgrim]
    return {"type": event_type, "player": seat, "pilgrim": pilgrim, **facts}


def pilgrims_ended(table, *pilgrims):
    for name in pilgrims:
        table.accepted(by(table, name, "end_activation"))


def to_the_demon_phase(table):
    pilgrims_ended(table, *ORDER)
    assert table.view()["phase"] == "demons_spawn"


def a_bull_warrior_spawned_and_moved(table):
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                    "demons": ["berrok"]})
    demons = table.view()["state"]["demons"]
    new = next(name for name, demon in demons.items()
               if demon["active"] and demon["type"] == "berrok")
    table.accepted({"type": "measure", "player": "p2", "of": "demons", "distances": {new: 7}})
    table.accepted({"type": "demon_options", "player": "p2", "demon": new, "options": [
        {"actions": ["move", "move"], "ends": "closer", "squares": 2, "targets": []}]})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": new, "option": 1})
    return new


# --- The wrong Pilgrim in the Pilgrim Phase ------------------------------------------------------

@pytest.mark.parametrize("later", LATER)
@pytest.mark.parametrize("event", [{"type": "move", "steps": 1}, {"type": "rest"},
                                   {"type": "end_activation"},
                                   {"type": "pray", "box": "box-1", "card": "Wild Herbs"}],
                         ids=["move", "rest", "end_activation", "pray"])
def test_quest_1_a_later_pilgrim_entered_in_the_monkey_kings_activation_is_refused(
        client, later, event):
    table = guide_quest_1(client)
    table.accepted(by(table, "monkey_king", "move", steps=1))
    before = as_seen(table.view())
    table.refused(by(table, later, event["type"],
                     **{k: v for k, v in event.items() if k != "type"}), IN_ORDER)
    assert as_seen(table.view()) == before
    # The Monkey King's activation goes on as if nothing was entered.
    table.accepted(by(table, "monkey_king", "rest"))


def test_quest_1_each_step_of_the_pilgrim_phase_refuses_the_pilgrims_not_on_turn(client):
    """Monk Sha's, then Tripitaka's activation: the one still to come is refused with the
    initiative order, the one who ended his activation with the sentence that he cannot come
    back; the Pilgrim on turn is accepted."""
    table = guide_quest_1(client)
    table.accepted(by(table, "monkey_king", "move", steps=2))
    table.accepted(by(table, "monkey_king", "end_activation"))
    table.refused(by(table, "cho_hakkai", "rest"), IN_ORDER)
    table.refused(by(table, "tripitaka", "move", steps=1), IN_ORDER)
    table.refused(by(table, "monkey_king", "move", steps=1), NOT_AGAIN)
    table.accepted(by(table, "monk_sha", "rest"))
    table.accepted(by(table, "monk_sha", "end_activation"))
    table.refused(by(table, "cho_hakkai", "move", steps=1), IN_ORDER)
    table.refused(by(table, "monk_sha", "rest"), NOT_AGAIN)
    table.refused(by(table, "monkey_king", "rest"), NOT_AGAIN)
    table.accepted(by(table, "tripitaka", "move", steps=1))
    assert table.view()["state"]["activation"]["pilgrim"] == "tripitaka"


def test_quest_1_the_maintenance_entered_twice_is_refused_in_the_pilgrim_phase(client):
    table = guide_quest_1(client)
    before = as_seen(table.view())
    table.refused({"type": "maintenance", "player": "p2"}, PILGRIM_PHASE)
    assert as_seen(table.view()) == before
    assert table.view()["state"]["turn"] == 1


# --- The wrong step in the Demon Phase and the End of Turn ---------------------------------------

def test_quest_1_a_pilgrims_move_in_each_step_of_the_demon_phase_is_refused(client):
    table = guide_quest_1(client)
    to_the_demon_phase(table)
    for pilgrim in ORDER:
        table.refused(by(table, pilgrim, "move", steps=1), DEMON_PHASE)
    table.refused({"type": "end_turn", "player": "p1"}, DEMON_PHASE)
    table.refused({"type": "maintenance", "player": "p1"}, DEMON_PHASE)
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                    "demons": ["berrok"]})
    # The Demons activate: still no Pilgrim, and the turn does not end before they have acted.
    table.refused(by(table, "monkey_king", "move", steps=1), DEMON_PHASE)
    table.refused({"type": "end_turn", "player": "p1"}, DEMON_PHASE)


def test_quest_1_after_the_demons_a_move_a_spawn_or_the_next_maintenance_is_refused(client):
    table = guide_quest_1(client)
    to_the_demon_phase(table)
    a_bull_warrior_spawned_and_moved(table)
    assert table.view()["phase"] == "end"
    assert "end_turn" in {event["type"] for event in table.view()["legal"]}
    table.refused(by(table, "monk_sha", "move", steps=1), END_OF_TURN)
    table.refused({"type": "maintenance", "player": "p1"}, END_OF_TURN)
    table.refused({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                   "demons": ["berrok"]}, book("For each Active Gate, draw a Demon Card"))
    table.accepted({"type": "end_turn", "player": "p2"})
    table.accepted({"type": "maintenance", "player": "p1"})
    assert table.view()["state"]["turn"] == 2
    table.accepted(by(table, "monkey_king", "rest"))


# --- Undo across a turn ------------------------------------------------------------------------

def test_quest_1_a_whole_demon_phase_undone_is_as_if_it_never_happened(client):
    table = guide_quest_1(client)
    to_the_demon_phase(table)
    before = as_seen(table.view())
    a_bull_warrior_spawned_and_moved(table)
    for _ in range(4):
        table.undo()
    assert as_seen(table.view()) == before
    # Entered again, the same Demon Phase gives the same table.
    first = a_bull_warrior_spawned_and_moved(table)
    again = table.view()
    assert again["phase"] == "end"
    assert again["state"]["demons"][first]["active"] is True


def test_quest_1_the_end_of_turn_undone_reopens_the_turn_and_the_next_maintenance(client):
    table = guide_quest_1(client)
    to_the_demon_phase(table)
    a_bull_warrior_spawned_and_moved(table)
    before = as_seen(table.view())
    table.accepted({"type": "end_turn", "player": "p1"})
    table.accepted({"type": "maintenance", "player": "p1"})
    table.undo()
    table.undo()
    assert as_seen(table.view()) == before
    table.accepted({"type": "end_turn", "player": "p1"})
    table.accepted({"type": "maintenance", "player": "p1"})
    assert table.view()["state"]["turn"] == 2


def mantra_table(client):
    table = ApiTable(client, quest_setup("q10b", {"turn": 2}))
    table.accepted({"type": "maintenance", "player": "p1"})
    pilgrims_ended(table, *ORDER)
    table.accepted({"type": "lords_tiles", "player": "p2", "with_pilgrims": []})
    return table


def test_quest_10_part_2_a_mantra_spawn_entered_undone_and_entered_again(client):
    table = mantra_table(client)
    before = as_seen(table.view())
    spawn = {"type": "mantra_spawn", "player": "p2", "card": "reinforcement",
             "demons": ["berrok"], "gate": "gate-1"}
    table.accepted(spawn)
    placed = table.view()["state"]["demons"]
    assert [d["type"] for d in placed.values()].count("berrok") == 1
    table.undo()
    assert as_seen(table.view()) == before
    table.accepted(spawn)
    assert table.view()["state"]["demons"] == placed
    # Alternately: the next card at gate-1 again is refused, at gate-2 accepted.
    table.refused({**spawn, "demons": ["bharhaz"]}, MANTRA)
    table.accepted({**spawn, "gate": "gate-2", "demons": ["bharhaz"]})


def test_quest_10_part_2_a_mantra_spawn_at_the_wrong_gate_undone_then_the_right_gate(client):
    table = mantra_table(client)
    table.accepted({"type": "mantra_spawn", "player": "p2", "card": "reinforcement",
                    "demons": ["berrok"], "gate": "gate-1"})
    after_first = as_seen(table.view())
    table.accepted({"type": "mantra_spawn", "player": "p2", "card": "reinforcement",
                    "demons": ["berrok"], "gate": "gate-2"})
    table.undo()
    assert as_seen(table.view()) == after_first
    # The table meant a Bull Archer: the alternation still says gate-2.
    table.refused({"type": "mantra_spawn", "player": "p2", "card": "reinforcement",
                   "demons": ["bharhaz"], "gate": "gate-1"}, MANTRA)
    table.accepted({"type": "mantra_spawn", "player": "p2", "card": "reinforcement",
                    "demons": ["bharhaz"], "gate": "gate-2"})


# --- An ending reached by play --------------------------------------------------------------

AFTER_THE_END = [
    {"type": "end_activation", "player": "p1", "pilgrim": "monkey_king"},
    {"type": "rest", "player": "p2", "pilgrim": "monk_sha"},
    {"type": "fiery_bridge", "player": "p2", "pilgrim": "monk_sha"},
    {"type": "end_turn", "player": "p1"},
    {"type": "maintenance", "player": "p1"},
    {"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
     "demons": ["berrok"]},
]


@pytest.mark.parametrize("entry", AFTER_THE_END, ids=lambda e: e["type"])
def test_quest_10_part_1_after_the_heroic_bridge_every_entry_is_refused(client, entry):
    table = later_quest(client, "q10a", pilgrims={"monkey_king": {"sutras": 3}})
    table.accepted({"type": "collect_sutra", "player": "p1", "pilgrim": "monkey_king",
                    "sutra": "sutra-4"})
    table.accepted({"type": "move", "player": "p1", "pilgrim": "monkey_king", "steps": 4})
    table.accepted({"type": "fiery_bridge", "player": "p1", "pilgrim": "monkey_king"})
    view = table.view()
    assert view["over"] is True and view["legal"] == []
    table.refused(entry, BRIDGE_HEROIC)
    assert as_seen(table.view()) == as_seen(view)


def test_quest_10_part_1_the_defeat_at_the_bridge_undone_and_the_fourth_sutra_taken_first(client):
    table = later_quest(client, "q10a", pilgrims={"monkey_king": {"sutras": 3}})
    table.accepted({"type": "move", "player": "p1", "pilgrim": "monkey_king", "steps": 4})
    table.accepted({"type": "fiery_bridge", "player": "p1", "pilgrim": "monkey_king"})
    defeat = table.view()
    assert defeat["over"] is True and defeat["scores"]["winners"] == []
    assert defeat["scores"]["decided_by"]["rule"]["quote"] == BRIDGE_DEFEAT
    table.refused({"type": "collect_sutra", "player": "p1", "pilgrim": "monkey_king",
                   "sutra": "sutra-4"}, BRIDGE_DEFEAT)
    table.undo()
    table.undo()
    table.accepted({"type": "collect_sutra", "player": "p1", "pilgrim": "monkey_king",
                    "sutra": "sutra-4"})
    table.accepted({"type": "move", "player": "p1", "pilgrim": "monkey_king", "steps": 4})
    table.accepted({"type": "fiery_bridge", "player": "p1", "pilgrim": "monkey_king"})
    assert table.view()["scores"]["decided_by"]["rule"]["quote"] == BRIDGE_HEROIC


# --- Quest 5: Kei Lun's Action between the Pilgrims and the Demons -------------------------------

KEI_LUN = book("Kei Lun will take 1 Action each turn, directly after the Pilgrims have been.")
Q5_ORDER = ["monkey_king", "monk_sha", "cho_hakkai", "tripitaka"]


def test_quest_5_each_step_of_the_turn_refuses_the_pilgrim_or_the_demons_out_of_place(client):
    table = ApiTable(client, quest_setup("q5", {"turn": 3, "demons": ["berrok"]}))
    table.accepted({"type": "maintenance", "player": "p1"})
    # Tripitaka goes last in Quest 5: his Move first is refused with the initiative order.
    table.refused(by(table, "tripitaka", "move", steps=1), IN_ORDER)
    table.refused(by(table, "cho_hakkai", "rest"), IN_ORDER)
    pilgrims_ended(table, *Q5_ORDER)
    # Kei Lun's step: a Pilgrim who has been cannot come back; the Demons wait for Kei Lun.
    table.refused(by(table, "tripitaka", "move", steps=1), NOT_AGAIN)
    table.refused({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                   "demons": ["berrok"]}, KEI_LUN)
    table.refused({"type": "end_turn", "player": "p1"}, KEI_LUN)
    before = as_seen(table.view())
    table.accepted({"type": "kei_lun", "player": "p1", "in_range": [], "die": 2})
    # His one Action entered twice: the second is in the Demon Phase.
    table.refused({"type": "kei_lun", "player": "p1", "in_range": [], "die": 2}, KEI_LUN)
    table.refused(by(table, "monkey_king", "move", steps=1), DEMON_PHASE)
    # Kei Lun's Action undone: the step is as it was.
    table.undo()
    assert as_seen(table.view()) == before


# --- Quest 10 Part 2: the Sealing Ritual ends the Quest ---------------------------------------

SEALED = book("Heroic Victory: Tripitaka completes the Sealing Ritual.")
STRIKE = {"attack_dice": [3, 3], "pilgrim_die": 3, "weapon_damage": 3, "target_hp": 9}


@pytest.fixture(scope="module")
def sealed(module_client):
    """Quest 10 Part 2 played to the Sealing Ritual: the three Lords Killed or Cleansed by the
    Monkey King and Monk Sha, Cho Hakkai's activation ended, Tripitaka seals."""
    table = later_quest(module_client, "q10b", initiative=Q5_ORDER)
    for pilgrim, target, defeat in (
            ("monkey_king", "koorogg-1", {"choice": "kill", "reward": 5}),
            ("monkey_king", "kogaiji-1", {"choice": "cleanse", "cleanse_dice": [3],
                                          "soul_power": 1, "reward": 1}),
            ("monk_sha", "yazuiji-1", {"choice": "kill", "reward": 1})):
        table.accepted(by(table, pilgrim, "attack", targets=[target], **STRIKE))
        table.accepted(by(table, pilgrim, "resolve_defeat", **defeat))
    pilgrims_ended(table, "monk_sha", "cho_hakkai")
    table.accepted(by(table, "tripitaka", "sealing_ritual"))
    view = table.view()
    assert view["over"] is True and view["legal"] == []
    assert view["scores"]["decided_by"]["rule"]["quote"] == SEALED
    return table


AFTER_THE_SEAL = [
    {"type": "sealing_ritual", "player": "p2", "pilgrim": "tripitaka"},
    {"type": "end_activation", "player": "p2", "pilgrim": "tripitaka"},
    {"type": "rest", "player": "p1", "pilgrim": "monkey_king"},
    {"type": "lords_tiles", "player": "p2", "with_pilgrims": []},
    {"type": "mantra_spawn", "player": "p2", "card": "reinforcement", "demons": ["berrok"],
     "gate": "gate-1"},
    {"type": "end_turn", "player": "p1"},
    {"type": "maintenance", "player": "p1"},
]


@pytest.mark.parametrize("entry", AFTER_THE_SEAL, ids=lambda e: e["type"])
def test_quest_10_part_2_after_the_sealing_ritual_every_entry_is_refused(sealed, entry):
    before = as_seen(sealed.view())
    sealed.refused(entry, SEALED)
    assert as_seen(sealed.view()) == before


# --- Quest 5: the wrong Gate and the wrong Demon at each step of the Demon Phase -----------------

GATES_ORDER = book("Start at the Gate closest to Tripitaka, and work back to the Gate furthest "
                   "from Tripitaka.")
DEMONS_ORDER = book("Order: Like Pilgrims, Demons are activated in order, this time starting with "
                    "the Demon closest to Tripitaka and continuing to the ones further away.")
ONE_DEMON = book("Complete all actions for one Demon before activating the next Demon.")
TWO_MOVES = [{"actions": ["move", "move"], "ends": "closer", "squares": 2, "targets": []}]


def test_quest_5_the_demon_phase_refuses_the_gate_and_the_demon_out_of_order(client):
    table = ApiTable(client, quest_setup("q5", {"turn": 3, "demons": ["berrok"]}))
    table.accepted({"type": "maintenance", "player": "p1"})
    pilgrims_ended(table, *Q5_ORDER)
    table.accepted({"type": "kei_lun", "player": "p1", "in_range": [], "die": 2})
    far = {"type": "spawn", "player": "p2", "gate": "gate-2", "card": "reinforcement",
           "demons": ["bharhaz"]}
    table.refused(far, GATES_ORDER)  # not measured yet
    table.accepted({"type": "measure", "player": "p2", "of": "gates",
                    "distances": {"gate-1": 5, "gate-2": 8}})
    table.refused(far, GATES_ORDER)  # gate-1 is closer
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                    "demons": ["berrok"]})
    table.accepted(far)
    table.accepted({"type": "measure", "player": "p2", "of": "demons",
                    "distances": {"berrok-1": 6, "berrok-2": 5, "bharhaz-1": 8}})
    for demon in ("bharhaz-1", "berrok-1"):
        table.refused({"type": "demon_options", "player": "p2", "demon": demon,
                       "options": TWO_MOVES}, DEMONS_ORDER)
    table.accepted({"type": "demon_options", "player": "p2", "demon": "berrok-2",
                    "options": TWO_MOVES})
    table.refused({"type": "demon_options", "player": "p2", "demon": "berrok-1",
                   "options": TWO_MOVES}, ONE_DEMON)
    table.refused({"type": "demon_plan", "player": "p2", "demon": "berrok-1", "option": 1},
                  ONE_DEMON)
    table.refused(by(table, "monkey_king", "rest"), DEMON_PHASE)
    for demon in ("berrok-2", "berrok-1", "bharhaz-1"):
        if demon != "berrok-2":
            table.accepted({"type": "demon_options", "player": "p2", "demon": demon,
                            "options": TWO_MOVES})
        table.accepted({"type": "demon_plan", "player": "p2", "demon": demon, "option": 1})
    assert table.view()["phase"] == "end"


def test_a_pilgrims_move_before_the_maintenance_and_in_quest_10_part_2s_mantra_step(client):
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Ben"],
                              "options": {"quest": "q1", "initiative": list(ORDER),
                                          "pilgrim_profiles": PROFILES}})
    # The turn starts with the Maintenance Phase: the Monkey King's Move first is refused.
    table.refused({"type": "move", "player": "p1", "pilgrim": "monkey_king", "steps": 1},
                  book("At the start of each Turn, each Player should examine the active cards "
                       "to see if anything needs to be updated."))
    table.accepted({"type": "maintenance", "player": "p2"})
    table.accepted(by(table, "monkey_king", "move", steps=1))
    # Quest 10 Part 2: the Lords checked, the Mantra's cards to spawn: no Pilgrim acts.
    mantra = mantra_table(client)
    for pilgrim in ORDER:
        mantra.refused(by(mantra, pilgrim, "move", steps=1), DEMON_PHASE)


def test_quest_1_the_demon_phases_steps_entered_twice_are_refused_the_second_time(client):
    table = guide_quest_1(client)
    to_the_demon_phase(table)
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                    "demons": ["berrok"]})
    demons = table.view()["state"]["demons"]
    new = next(name for name, demon in demons.items()
               if demon["active"] and demon["type"] == "berrok")
    table.accepted({"type": "measure", "player": "p2", "of": "demons", "distances": {new: 7}})
    # Measured once for the Demon Phase (the default table ruling).
    table.refused({"type": "measure", "player": "p2", "of": "demons", "distances": {new: 6}},
                  DEMONS_ORDER)
    table.accepted({"type": "demon_options", "player": "p2", "demon": new, "options": TWO_MOVES})
    table.accepted({"type": "demon_plan", "player": "p2", "demon": new, "option": 1})
    table.refused({"type": "demon_plan", "player": "p2", "demon": new, "option": 1},
                  END_OF_TURN)
    table.accepted({"type": "end_turn", "player": "p1"})
    table.refused({"type": "end_turn", "player": "p2"},
                  book("At the start of each Turn, each Player should examine the active cards "
                       "to see if anything needs to be updated."))
    table.accepted({"type": "maintenance", "player": "p1"})
    assert table.view()["state"]["turn"] == 2


# --- Another Pilgrim while the active Pilgrim's Defeated Demon waits for Kill or Cleanse ---------

DEFEAT_CHOICE = book("Defeat is not the final stage of the successful attack and the Attacker must "
                     "choose one of")
ATTACKER_CHOOSES = book("Once a Miniature is Defeated, the Attacker may have some options.")


def koorogg_defeated_by_the_monkey_king(client):
    table = later_quest(client, "q10b", initiative=Q5_ORDER)
    table.accepted(by(table, "monkey_king", "attack", targets=["koorogg-1"], **STRIKE))
    assert {e["type"] for e in table.view()["legal"]} == {"resolve_defeat"}
    return table


@pytest.mark.parametrize("event", [{"pilgrim": "monk_sha", "type": "move", "steps": 1},
                                   {"pilgrim": "cho_hakkai", "type": "rest"},
                                   {"pilgrim": "tripitaka", "type": "end_activation"}],
                         ids=["monk_sha-move", "cho_hakkai-rest", "tripitaka-end"])
def test_another_pilgrim_while_the_monkey_kings_defeat_is_pending_quotes_the_initiative_order(
        client, event):
    table = koorogg_defeated_by_the_monkey_king(client)
    before = as_seen(table.view())
    response = table.send(by(table, event["pilgrim"], event["type"],
                             **{k: v for k, v in event.items() if k not in ("pilgrim", "type")}))
    assert response.status_code == 422, response.get_json()
    error = response.get_json()["error"]
    quotes = [error["rule"]["quote"]] + [rule["quote"] for rule in error.get("rules") or []]
    assert IN_ORDER in quotes, (quotes, error["message"])
    assert as_seen(table.view()) == before


def test_the_monkey_king_kills_or_cleanses_before_his_next_action(client):
    table = koorogg_defeated_by_the_monkey_king(client)
    table.refused(by(table, "monkey_king", "move", steps=1), DEFEAT_CHOICE)
    table.refused(by(table, "monkey_king", "end_activation"), DEFEAT_CHOICE)
    # Monk Sha did not make the attack: the choice is not his.
    table.refused(by(table, "monk_sha", "resolve_defeat", choice="kill", reward=5),
                  ATTACKER_CHOOSES)
    table.accepted(by(table, "monkey_king", "resolve_defeat", choice="kill", reward=5))
    assert "koorogg-1" not in {name for name, demon in table.view()["state"]["demons"].items()
                               if demon.get("active")}
