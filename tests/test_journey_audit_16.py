"""Journey: the sixteenth audit (session 19), the notes left open last session.

A Demon's "Follow" was listed only on the phone of the Player controlling Tripitaka, though any
Player enters it ("The Demons are automatically controlled by the game AI. Any of the Players can
perform the required actions."): it is now listed for every seat, and a phone entering for the
whole table lists it once; a Pilgrim's own Follow stays his Player's.

After the Demon Phase, an attack entered for any Demon quoted the Condition a reflected attack had
put on one of them (finding 151's fix): only that Demon's attack quotes it now.

Finding 168: a Kill (or Cleanse) entered for a Demon a Quest takes out of play at its Defeat (Quest
8's Iron Fan, Quest 9's Kogaiji) quoted the general "Once a Miniature is Defeated, the Attacker may
have some options."; it quotes the Quest's own sentence first ("She is not Killed or Cleansed").

Finding 171: a Demon's move-only option entered as not ending closer to Tripitaka counted as Plan 4
("Use the Action Points to move towards Tripitaka."), so the table could pick it over the move
towards him; it is no plan, refused with Priority 4's sentence (an option that does not say where
it ends is Plan 4 as before). Finding 172: "Reduce to Half" could not be entered; a Move (or a
Follow) says `mv_halved` and is held to the MV halved, rounded down. Finding 173: under
dead_pilgrim_sutras: still_held, Quest 7's Golden Peach was released while a dead Pilgrim (his
Miniature off the board) carried one of the 4 Sutras; his Map Tile entered as the chest's is
refused, and no Peach while he carries one."""

import pytest

from referee import referees
from referee.core import engine
from tests import test_blind_scenarios_journey_12 as q12
from tests import test_blind_scenarios_journey_13 as q13
from tests import test_book_examples_journey as bx
from tests.api_table import ApiTable, quotes_from, seat_headers
from tests.test_blind_scenarios_journey_4 import act, free_play
from tests.test_journey_audit_13 import borracks_turn

book = quotes_from("journey")
FOLLOW = book("Immediately after moving the Target, decide if you want to make a free \"Follow\" "
              "move for the Attacker.")
CONTROL = book("The Pilgrims are controlled by the Players, so if there are less than 4 Players, "
               "each Player may control more than one Pilgrim.")
END_PHASE = book("End of Turn Phase: Perform End of Turn Phase actions, such as using Turn Tokens "
                 "to track passing time.")
JOURNEY = referees()["journey"]


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def own_legal(client, table, seat, headers):
    """What `legal` lists for the seat on its own phone (`headers`), and its view."""
    view = client.get(f"/api/sessions/{table.id}", headers=headers).get_json()
    return [event for event in view["legal"] if event["player"] == seat], view


def test_a_demons_follow_is_offered_on_every_players_phone_and_entered_from_any(client):
    table = borracks_turn(client, ["attack", "attack"])
    phones = {seat: seat_headers(client, table, seat) for seat in ("p1", "p2")}
    follows = {}
    for seat in ("p1", "p2"):
        own, _view = own_legal(client, table, seat, phones[seat])
        follows[seat] = [event for event in own if event["type"] == "follow"]
    assert follows["p1"] == [{**event, "player": "p1"} for event in follows["p2"]]
    assert {"type": "follow", "player": "p1", "attacker": "borrack-1", "steps": 0} in follows["p1"]
    # One phone for the whole table lists it once.
    legal = table.view()["legal"]
    shared = [e for e in engine.once_for_the_table(legal, JOURNEY) if e["type"] == "follow"]
    assert len(shared) == len(follows["p2"])
    # Ann (who controls no Tripitaka) enters it from her own phone.
    _own, view = own_legal(client, table, "p1", phones["p1"])
    answer = client.post(f"/api/sessions/{table.id}/events", headers=phones["p1"], json={
        "event": {"type": "follow", "player": "p1", "attacker": "borrack-1", "steps": 1},
        "expected_seq": view["seq"]})
    assert answer.status_code == 200, answer.get_json()
    after = client.get(f"/api/sessions/{table.id}", headers=phones["p1"]).get_json()
    assert after["state"]["follow"] is None and after["seq"] == view["seq"] + 1


def test_a_pilgrims_follow_is_only_his_players_and_refused_from_another_phone(client):
    table = free_play(client, demons=("boof",))
    act(table, "monkey_king", "attack", targets=["boof-1"], attack_dice=[1, 1], pilgrim_die=1,
        weapon_damage=1, knock_back=2, target_hp=9)
    legal = table.view()["legal"]
    follows = [event for event in legal if event["type"] == "follow"]
    assert follows and {event["player"] for event in follows} == {"p1"}
    assert not JOURNEY.for_the_table(follows[0])
    # Ben's phone may not Follow with Ann's Monkey King; Ann's may.
    headers = seat_headers(client, table, "p2")
    _own, view = own_legal(client, table, "p2", headers)
    refused = client.post(f"/api/sessions/{table.id}/events", headers=headers, json={
        "event": {"type": "follow", "player": "p2", "attacker": "monkey_king", "steps": 1},
        "expected_seq": view["seq"]})
    assert refused.status_code in (403, 422), refused.get_json()
    table.accepted({"type": "follow", "player": "p1", "attacker": "monkey_king", "steps": 1})


# --- after the Demon Phase, only the stopped Demon's attack quotes its Condition -----------------

def koorogg_stopped_then_the_berrok_idle(client):
    """Koorogg Paralyzed by his own reflected attack (table ruling applied); the Berrok plans
    nothing: the Demon Phase is over."""
    table = q12.koorogg_against_the_asura_seal(client, "applied", others=("berrok",))
    table.accepted(q12.PARALYZING_BLOW)
    table.accepted(q12.demons("demon_options", demon="berrok-1", options=[]))
    table.accepted(q12.demons("demon_plan", demon="berrok-1", option=1))
    assert table.view()["phase"] == "end"
    return table


def test_after_the_demon_phase_another_demons_attack_quotes_the_phase_not_the_condition(client):
    table = koorogg_stopped_then_the_berrok_idle(client)
    berrok_blow = {**q12.PLAIN_BLOW, "demon": "berrok-1"}
    error = q12.refused_unchanged(table, berrok_blow, END_PHASE)
    quotes = [rule["quote"] for rule in (error.get("rules") or [error["rule"]])]
    assert q12.PARALYZED not in quotes and "Koorogg" not in error["message"]
    # Koorogg's own attack still quotes his Condition first.
    error = q12.refused_unchanged(table, q12.PLAIN_BLOW, q12.PARALYZED)
    assert (error.get("rules") or [error["rule"]])[0]["quote"] == q12.PARALYZED
    table.accepted(q12.demons("end_turn"))


# --- Finding 168: a Kill or Cleanse of a Demon the Quest took out at its Defeat ------------------

Q8_NOT_KILLED = book("Iron Fan and her minions are removed as soon as she is Defeated. She is not "
                     "Killed or Cleansed, so do not take Karma Points for her or the minions "
                     "removed when she is removed.")
DEFEAT_OPTIONS = book("Once a Miniature is Defeated, the Attacker may have some options.")


@pytest.mark.parametrize("choice", ["kill", "cleanse"])
def test_quest_8_iron_fan_defeated_is_not_killed_or_cleansed_by_the_quests_sentence(client,
                                                                                    choice):
    table = q13.quest_8(client)
    table.accepted({"type": "maintenance", "player": "p1"})
    q13.act(table, "monkey_king", "attack", targets=["yazuiji-1"], target_hp=q13.IRON_FAN_HP,
            **q13.STRIKE)
    resolve = {"type": "resolve_defeat", "player": "p1", "pilgrim": "monkey_king",
               "choice": choice, **({"reward": 5} if choice == "kill" else
                                    {"cleanse_dice": [3], "soul_power": 1})}
    error = q12.refused_unchanged(table, resolve, Q8_NOT_KILLED)
    assert [rule["quote"] for rule in error["rules"]] == [Q8_NOT_KILLED, DEFEAT_OPTIONS]
    assert "Yazuiji" in error["message"]


def test_quest_8_a_berrok_defeated_is_killed_as_ever(client):
    table = q13.quest_8(client)
    table.accepted({"type": "maintenance", "player": "p1"})
    berrok = next(name for name in q13.demons_in_play(table) if name.startswith("berrok"))
    q13.act(table, "monkey_king", "attack", targets=[berrok], target_hp=3, **q13.STRIKE)
    table.accepted({"type": "resolve_defeat", "player": "p1", "pilgrim": "monkey_king",
                    "choice": "kill", "reward": 1})
    assert berrok not in q13.demons_in_play(table)
    # A second Kill with nothing Defeated: the general sentence.
    error = table.refused({"type": "resolve_defeat", "player": "p1", "pilgrim": "monkey_king",
                           "choice": "kill", "reward": 1}, DEFEAT_OPTIONS)
    assert "No Defeated Target is waiting" in error["message"]


# --- Finding 171: a move that does not end closer to Tripitaka is no plan ----------------------

PRIORITY_4 = book("Priority 4: Use the Action Points to move towards Tripitaka.")


def berrok_moving(client, *choices):
    table = bx.table_for(client, ["berrok"])
    bx.to_demon_activations(table, {})
    bx.options(table, "berrok-1", *choices)
    return table


def test_a_double_move_entered_as_not_ending_closer_is_refused_with_priority_4(client):
    table = berrok_moving(client, {"actions": ["move", "move"], "ends": "not_closer",
                                   "squares": 4})
    current = table.view()["state"]["demon_phase"]["current"]
    assert current["best"] == [2]  # the referee's own "2 Moves towards Tripitaka"
    before = q12.as_seen(table.view())
    error = table.refused({"type": "demon_plan", "player": "p2", "demon": "berrok-1",
                           "option": 1}, PRIORITY_4)
    assert "does not end closer to Tripitaka: that is no plan" in error["message"]
    assert q12.as_seen(table.view()) == before
    bx.plan(table, "berrok-1", 2)


def test_a_double_move_entered_without_where_it_ends_is_still_plan_4(client):
    table = berrok_moving(client, {"actions": ["move", "move"], "squares": 4})
    assert table.view()["state"]["demon_phase"]["current"]["best"] == [1, 2]
    bx.plan(table, "berrok-1", 1)


# --- Finding 172: Reduce to Half (a halved MV) -----------------------------------------------------

HALF = book("Reduce to Half: Sometimes you are instructed to halve a statistic. Round all results "
            "down. If you have a MV of 5, that is a MV of 2 if halved.")
MV = book("When a Miniature moves, it can move any number of squares up to the number of Movement "
          "Points (MV) printed on its Profile Sheet.")


def test_a_move_with_the_mv_halved_is_refused_past_half_and_accepted_within(client):
    """The Monkey King, MV 5 (entered): halved, 2 squares; 3 is refused with the halving sentence,
    2 accepted; not halved, 3 as ever."""
    table = ApiTable(client, {"game": "journey", "players": ["Ann", "Ben"], "options": {
        "initiative": bx.ORDER, "pilgrim_profiles": {**bx.PROFILES, "monkey_king": {
            "max_hp": 10, "mv": 5}}}, "position": {**bx.BOARD, "demons": ["berrok"]}})
    table.accepted({"type": "maintenance", "player": "p1"})
    move = {"type": "move", "player": "p1", "pilgrim": "monkey_king", "mv_halved": True}
    error = table.refused({**move, "steps": 3}, HALF)
    assert [rule["quote"] for rule in error["rules"]] == [HALF, MV]
    assert "has 2 (his MV halved)" in error["message"]
    table.accepted({**move, "steps": 2})
    table.undo()
    table.accepted({"type": "move", "player": "p1", "pilgrim": "monkey_king", "steps": 5})


# --- Finding 173: Quest 7's Golden Peach with a dead carrier under still_held ------------------

SAME_TILE = book("The Pilgrims carrying the Sutras must be on the same Map Tile as the treasure "
                 "chest.")
REMOVED = book("Remove the Miniature from the game board. They are completely out of the game, "
               "which may end the Quest.")


def test_quest_7_a_dead_carriers_map_tile_is_refused_and_no_peach_under_still_held(client):
    table = q13.quest_7_at_turn_3(client, "still_held", q13.DEAD)
    peach = {"type": "golden_peach", "player": "p1", "guarding": True, "same_tile": True}
    error = q12.refused_unchanged(table, peach, SAME_TILE)
    assert [rule["quote"] for rule in error["rules"]] == [SAME_TILE, REMOVED]
    assert "Monk Sha carries a Sutra and is dead" in error["message"]
    effects = table.accepted({**peach, "same_tile": False})["effects"]
    assert SAME_TILE in [effect.get("rule", {}).get("quote") for effect in effects]
    table.accepted(q13.CLEANSE)  # no +1 owed



# --- Finding 177: more attacks preferred — Plan 1's sentence only in Plan 1 ---------------------

PRIORITY_1 = book("Priority 1: Use the Action Points to attack Tripitaka, possibly more than once.")
HARDER = book("Where there is a choice between two equally valid options, take the one that makes "
              "the game harder for the Pilgrims.")


@pytest.mark.parametrize("target, quote", [("tripitaka", PRIORITY_1), ("monkey_king", HARDER)],
                         ids=["plan-1", "plan-3"])
def test_a_plan_with_fewer_attacks_is_refused_with_the_sentence_of_its_plan(client, target,
                                                                             quote):
    table = bx.table_for(client, ["berrok"])
    bx.to_demon_activations(table, {})
    bx.options(table, "berrok-1",
               {"actions": ["attack", "move"], "ends": "not_closer", "squares": 1,
                "targets": [target]},
               {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
                "targets": [target]})
    error = table.refused({"type": "demon_plan", "player": "p2", "demon": "berrok-1",
                           "option": 1}, quote)
    assert error["rule"]["quote"] == quote
    bx.plan(table, "berrok-1", 2)


# --- Finding 176: Quests 3 and 4's simple Demon Deck and the Unique cards (a table ruling) -------

Q4_DECK = book("Create a simple Demon Deck by removing the special cards that spawn Demon Lords.")
UNIQUE = book("Unique Cards: Unique Demon Cards spawn unique Demon Characters, like the Demon "
              "Lords.")


@pytest.mark.parametrize("ruling", [None, "removed", "kept"])
def test_quest_4_iron_fans_unique_card_by_the_simple_deck_ruling(client, ruling):
    options = {"quest": "q4", "initiative": q13.ORDER, "pilgrim_profiles": q13.PROFILES}
    if ruling:
        options["simple_deck_unique_cards"] = ruling
    table = ApiTable(client, {"game": "journey", "players": ["Ann", "Ben"], "options": options,
                              "position": q13.Q4_BOARD})
    table.accepted({"type": "maintenance", "player": "p1"})
    for name in q13.ORDER:
        q13.act(table, name, "end_activation")
    table.accepted({"type": "measure", "player": "p2", "of": "gates", "distances": {"gate-1": 9}})
    # The Special card that spawns a Demon Lord is removed under either reading.
    q12.refused_unchanged(table, {"type": "spawn", "player": "p2", "gate": "gate-1",
                                  "card": "special", "name": "Spawn Demon Lord"}, Q4_DECK)
    iron_fan = {"type": "spawn", "player": "p2", "gate": "gate-1", "card": "unique",
                "demons": ["yazuiji"]}
    if ruling == "kept":
        table.accepted(iron_fan)
        assert "yazuiji-1" in table.view()["state"]["demons"]
    else:
        q12.refused_unchanged(table, iron_fan, Q4_DECK)


def test_the_simple_deck_ruling_cites_the_deck_and_the_unique_cards(client):
    option = client.get("/api/games/journey").get_json()["options"]["simple_deck_unique_cards"]
    quotes = [rule["quote"] for rule in option["rules"]]
    assert Q4_DECK in quotes and UNIQUE in quotes and option["default"] == "removed"
