"""Journey: Wrath of Demons, outsider scenarios round 6: positions swept per Quest (Quests 2, 5, 7,
8 and 10 Part 2): a position each Quest's own text makes impossible — its Board Setup, its limits,
its end already reached — and a legal one accepted and played on; Kei Lun's Action entered out of
its place. Written from the rulebook and the API's own description only (docs/games/journey.md,
GET /api/games/journey), never the referee's code."""

import pytest

from tests.api_table import ApiTable, quotes_from
from tests.test_blind_scenarios_journey_4 import ORDER, PROFILES

GAME = "journey"
book = quotes_from(GAME)

Q5_ORDER = ["monkey_king", "monk_sha", "cho_hakkai", "tripitaka"]
IN_POSITION = {"karma_upgrades": "in_position"}

Q2_BOARD = {"gates": [{"id": "gate-1"}, {"id": "gate-2"}],
            "sutras": ["sutra-1", "sutra-2", "sutra-3"], "villagers": ["villager-1"],
            "wells": ["well-1"], "demons": ["berrok"] * 3}
Q5_BOARD = {"gates": [{"id": "gate-1"}, {"id": "gate-2"}], "sutras": ["sutra-1"],
            "boxes": ["box-1"], "wells": ["well-1"], "demons": ["berrok"] * 3 + ["bharhaz"] * 2}
Q7_BOARD = {"gates": [{"id": f"gate-{n}"} for n in range(1, 5)],
            "sutras": [f"sutra-{n}" for n in range(1, 5)], "boxes": ["chest"],
            "wells": ["well-1", "well-2"], "broken_doors": ["broken-1", "broken-2"]}
Q8_BOARD = {"gates": [{"id": "gate-1"}], "boxes": ["box-1"], "wells": ["well-1"],
            "demons": ["berrok"] * 5 + ["yazuiji"]}
Q10B_BOARD = {"gates": [{"id": f"gate-{n}"} for n in range(1, 6)],
              "villagers": ["villager-1", "villager-2", "villager-3"], "wells": ["well-1"],
              "demons": ["kogaiji", "yazuiji", "koorogg"]}
QUESTS = {"q2": (Q2_BOARD, ORDER, {}), "q5": (Q5_BOARD, Q5_ORDER, {}),
          "q7": (Q7_BOARD, ORDER, IN_POSITION), "q8": (Q8_BOARD, ORDER, IN_POSITION),
          "q10b": (Q10B_BOARD, ORDER, IN_POSITION)}
CHO_REVIVED = {"cho_hakkai": {"hp": 6, "status": "active"}}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def quest_setup(quest, position=None, **quest_options):
    board, order, options = QUESTS[quest]
    setup = {"game": GAME, "players": ["Ann", "Ben"],
             "options": {"quest": quest, "initiative": order, "pilgrim_profiles": PROFILES,
                         **options}, "position": {**board, **(position or {})}}
    if quest_options:
        setup["options"]["quest_setup"] = quest_options
    return setup


def refused_position(client, quest, position, field, **quest_options):
    response = client.post("/api/sessions", json=quest_setup(quest, position, **quest_options))
    assert 400 <= response.status_code < 500, response.get_json()
    error = response.get_json()["error"]
    assert error.get("field", "").startswith(field) or field in error.get("message", ""), error
    return error


def played_on(client, quest, position, **quest_options):
    """A legal position: created, not over, its Maintenance and the first Pilgrim's Rest accepted."""
    table = ApiTable(client, quest_setup(quest, position, **quest_options))
    assert table.created["over"] is False
    table.accepted({"type": "maintenance", "player": "p1"})
    view = table.view()
    first = QUESTS[quest][1][0]
    table.accepted({"type": "rest", "player": view["state"]["controllers"][first],
                    "pilgrim": first})
    assert table.view()["over"] is False
    return table


def conditions(view):
    return {c["outcome"]: c["status"] for c in view["state"]["quest_state"]["conditions"]}


# --- Quest 2 - Rescue ------------------------------------------------------------------------------

def test_quest_2_joined_at_turn_3_with_cho_hakkai_revived_is_played_on(client):
    table = played_on(client, "q2", {"turn": 3, "sutras": ["sutra-1", "sutra-2"], "pilgrims": {
        **CHO_REVIVED, "tripitaka": {"sutras": 1}}})
    assert conditions(table.view())["victory"] == "not_yet"


def test_quest_2_at_turn_1_with_cho_hakkai_standing_is_refused(client):
    book("Cho Hakkai is unconscious, face down, with his base in the location shown")
    refused_position(client, "q2", {"pilgrims": CHO_REVIVED}, "position.pilgrims")


def test_quest_2_joined_with_the_demons_cleared_before_cho_hakkai_was_revived_is_refused(client):
    quote = book("Defeat: A Pilgrim was Killed or the Pilgrims cleared all the Demons before "
                 "meeting either set of Victory Conditions.")
    error = refused_position(client, "q2", {"turn": 3, "demons": []}, "position")
    assert quote in error["message"]


@pytest.mark.parametrize("position", [
    {"turn": 3, "pilgrims": {**CHO_REVIVED, "tripitaka": {"sutras": 1}}},
    {"turn": 3, "sutras": ["sutra-1", "sutra-2", "sutra-3", "sutra-4"], "pilgrims": CHO_REVIVED},
], ids=["three-on-the-board-and-one-held", "four-on-the-board"])
def test_quest_2_joined_with_four_sutras_is_refused(client, position):
    book("- Sutra x 3")
    refused_position(client, "q2", position, "position")


def test_quest_2_joined_with_the_victory_already_won_is_refused(client):
    # No Demon left, Cho Hakkai revived and 2 Sutras held: the Quest has ended in Victory.
    book("The Quest ends immediately when both Map Tiles are free of Demons or when one of the "
         "Pilgrims, including Cho Hakkai, dies.")
    book("Victory: The Pilgrims must (1) Revive Cho Hakkai, (2) possess at least 2 Sutra Tokens.")
    refused_position(client, "q2", {"turn": 4, "demons": [], "sutras": ["sutra-1"], "pilgrims": {
        **CHO_REVIVED, "tripitaka": {"sutras": 2}}}, "position")


# --- Quest 5 - Beasts ------------------------------------------------------------------------------

def test_quest_5_joined_at_turn_4_with_monk_sha_down_is_played_on(client):
    table = played_on(client, "q5", {"turn": 4, "pilgrims": {
        "monk_sha": {"hp": 0, "status": "unconscious", "posture": "side"}}})
    assert table.view()["state"]["pilgrims"]["monk_sha"]["status"] == "unconscious"


@pytest.mark.parametrize("tripitaka", [
    {"hp": 0, "status": "unconscious", "posture": "face_down"},
    {"hp": 0, "status": "dead"},
], ids=["unconscious", "dead"])
def test_quest_5_joined_with_tripitaka_defeated_is_refused(client, tripitaka):
    quote = book("Defeat: Tripitaka is Defeated.")
    error = refused_position(client, "q5", {"turn": 4, "pilgrims": {"tripitaka": tripitaka}},
                             "position.pilgrims")
    assert quote in error["message"]


def test_quest_5_with_tripitaka_not_last_is_refused_with_the_quests_sentence(client):
    quote = book("Tripitaka must go last, so give him Initiative Token 4.")
    setup = quest_setup("q5")
    setup["options"]["initiative"] = ORDER
    response = client.post("/api/sessions", json=setup)
    assert response.status_code == 422, response.get_json()
    assert quote in response.get_json()["error"]["rule"]["quote"]


@pytest.mark.parametrize("position", [
    {"turn": 4, "pilgrims": {"monk_sha": {"sutras": 1}}},
    {"turn": 4, "villagers": ["villager-1"]},
    {"turn": 4, "boxes": ["box-1", "box-2"]},
], ids=["a-second-sutra", "a-villager", "a-second-mystical-box"])
def test_quest_5_joined_with_tokens_its_board_setup_never_placed_is_refused(client, position):
    book("- Sutra x 1\n- Mystical Box x 1")
    refused_position(client, "q5", position, "position")


def quest_5_at_kei_luns_action(client):
    table = ApiTable(client, quest_setup("q5", {"turn": 2}))
    table.accepted({"type": "maintenance", "player": "p1"})
    return table


def test_quest_5_kei_lun_entered_before_the_pilgrims_have_been_is_refused(client):
    quote = book("Kei Lun will take 1 Action each turn, directly after the Pilgrims have been.")
    table = quest_5_at_kei_luns_action(client)
    table.refused({"type": "kei_lun", "player": "p1", "in_range": [], "die": 0}, quote)
    controllers = table.view()["state"]["controllers"]
    for pilgrim in Q5_ORDER:
        table.accepted({"type": "end_activation", "player": controllers[pilgrim],
                        "pilgrim": pilgrim})
    table.accepted({"type": "kei_lun", "player": "p1", "in_range": [], "die": 0})


def test_quest_5_kei_luns_one_action_tapped_twice_is_refused_the_second_time(client):
    quote = book("Kei Lun will take 1 Action each turn, directly after the Pilgrims have been.")
    table = quest_5_at_kei_luns_action(client)
    controllers = table.view()["state"]["controllers"]
    for pilgrim in Q5_ORDER:
        table.accepted({"type": "end_activation", "player": controllers[pilgrim],
                        "pilgrim": pilgrim})
    table.accepted({"type": "kei_lun", "player": "p1", "in_range": [], "die": 0})
    table.refused({"type": "kei_lun", "player": "p1", "in_range": [], "die": 0}, quote)


# --- Quest 7 - Demon Army --------------------------------------------------------------------------

def test_quest_7_joined_with_monk_sha_killed_is_played_on_for_a_victory(client):
    table = played_on(client, "q7", {"turn": 5, "demons": ["berrok"], "pilgrims": {
        "monk_sha": {"hp": 0, "status": "dead"}}})
    # "Heroic Victory: All the Pilgrims and Kei Lun survive." is out of reach; a Victory is not.
    book("Heroic Victory: All the Pilgrims and Kei Lun survive.")
    assert conditions(table.view())["heroic_victory"] == "no_longer_possible"
    assert conditions(table.view())["defeat"] == "not_yet"


def test_quest_7_joined_with_tripitaka_killed_is_refused(client):
    quote = book("Defeat: Tripitaka or Kei Lun are Killed.")
    error = refused_position(client, "q7", {"turn": 5, "demons": ["berrok"], "pilgrims": {
        "tripitaka": {"hp": 0, "status": "dead"}}}, "position.pilgrims")
    assert quote in error["message"]


def test_quest_7_joined_with_the_deck_spent_the_gates_inactive_and_no_demon_is_refused(client):
    book("The Quest ends immediately when the Gates are inactive and all Demons have been removed "
         "from play or when either Tripitaka or Kei Lun is Killed.")
    refused_position(client, "q7", {"turn": 9, "gates": [
        {"id": f"gate-{n}", "status": "inactive"} for n in range(1, 5)]}, "position",
        drawn=49)


def test_quest_7_gates_inactive_before_the_deck_is_played_are_refused(client):
    book("All Gates are active from the start of the Quest, but become inactive when the entire "
         "Demon Spawn Deck has been played once.")
    refused_position(client, "q7", {"turn": 3, "demons": ["berrok"], "gates": [
        {"id": f"gate-{n}", "status": "inactive"} for n in range(1, 5)]}, "position.gates",
        drawn=6)


def test_quest_7_more_demon_cards_drawn_than_the_deck_holds_is_refused(client):
    refused_position(client, "q7", {"turn": 5, "demons": ["berrok"]},
                     "options.quest_setup.drawn", drawn=55)


# --- Quest 8 - Iron Fan's Interruption -------------------------------------------------------------

def test_quest_8_joined_with_tripitaka_unconscious_is_played_on(client):
    # Only Tripitaka Killed is the Defeat; Unconscious he can still be revived.
    book("Defeat: Tripitaka is Killed.")
    table = played_on(client, "q8", {"turn": 4, "pilgrims": {
        "tripitaka": {"hp": 0, "status": "unconscious", "posture": "side"}}})
    assert conditions(table.view())["defeat"] == "not_yet"


def test_quest_8_a_fourth_defeat_of_iron_fan_already_is_refused(client):
    book("Game play ends when Iron Fan is defeated the fourth time, or when Tripitaka is Killed.")
    refused_position(client, "q8", {"turn": 6}, "options.quest_setup.defeats", defeats=4)


@pytest.mark.parametrize("defeats, demons", [
    (3, ["berrok"] * 5 + ["yazuiji"]),
    (0, ["boof"] * 3 + ["yazuiji"]),
    (1, ["bharhaz"] * 5 + ["yazuiji"]),
], ids=["bull-warriors-after-the-third-defeat", "bullserkers-before-any-defeat",
        "five-bull-archers-after-the-first"])
def test_quest_8_demons_that_iron_fans_respawns_never_placed_are_refused(client, defeats, demons):
    book("When Iron Fan is Defeated, remove any other Demons on the board.")
    book("- First Respawn: Place 4 Bull Archers, then Iron Fan.")
    book("Do not use the Demon Deck to spawn Demons each Demon Phase.")
    refused_position(client, "q8", {"turn": 6, "demons": demons}, "position.demons",
                     defeats=defeats)


def test_quest_8_joined_with_a_sutra_on_the_board_is_refused(client):
    # Quest 8's Board Setup places no Sutra.
    book("- Gate x 1\n- Mystical Box x 1\n- Well x 1\n- Berrok x 5")
    refused_position(client, "q8", {"turn": 4, "sutras": ["sutra-1"]}, "position")


# --- Quest 10 Part 2 - Seal the Gate ---------------------------------------------------------------

def test_quest_10_part_2_starts_with_tripitaka_holding_the_four_sutras(client):
    book("Give all 4 Sutra Tokens to Tripitaka and remove any Villager Tokens collected in Part 1.")
    table = ApiTable(client, quest_setup("q10b"))
    pilgrims = table.view()["state"]["pilgrims"]
    assert pilgrims["tripitaka"]["sutras"] == 4
    assert all(pilgrim["villagers"] == 0 for pilgrim in pilgrims.values())


def test_quest_10_part_2_joined_at_turn_3_with_monkey_king_wounded_is_played_on(client):
    table = played_on(client, "q10b", {"turn": 3, "pilgrims": {
        "monkey_king": {"hp": 4}, "tripitaka": {"sutras": 4}}})
    assert table.view()["state"]["pilgrims"]["monkey_king"]["hp"] == 4


def test_quest_10_part_2_joined_with_tripitaka_unconscious_is_refused(client):
    quote = book("Defeat: Tripitaka is Defeated.")
    error = refused_position(client, "q10b", {"turn": 3, "pilgrims": {
        "tripitaka": {"hp": 0, "status": "unconscious", "posture": "side"}}}, "position.pilgrims")
    assert quote in error["message"]


@pytest.mark.parametrize("position", [
    {"turn": 3, "pilgrims": {"tripitaka": {"sutras": 4}, "monk_sha": {"sutras": 1}}},
    {"turn": 3, "pilgrims": {"tripitaka": {"sutras": 4}, "monk_sha": {"villagers": 1}}},
], ids=["a-fifth-sutra", "a-fourth-villager"])
def test_quest_10_part_2_joined_with_more_tokens_than_it_has_is_refused(client, position):
    book("Give all 4 Sutra Tokens to Tripitaka")
    book("- Villagers x 3")
    refused_position(client, "q10b", position, "position")


# --- Tokens that do not add up to the Board Setup, mid-way -----------------------------------------

def test_quest_5_joined_with_the_sutra_trampled_by_kei_lun_has_no_heroic_victory_left(client):
    # "Destruction: Kei Lun can move onto the Mystical Box, the Sutra, and the Well. If he does,
    # remove them from the board, they are destroyed." — and the Heroic Victory needs the Sutra.
    book("Heroic Victory: The Pilgrims must (1) not be Killed, (2) possess the Sutra and (3) "
         "Tripitaka must calm Kei Lun.")
    table = played_on(client, "q5", {"turn": 4, "sutras": []})
    assert conditions(table.view())["heroic_victory"] == "no_longer_possible"
    assert conditions(table.view())["victory"] == "not_yet"


@pytest.mark.parametrize("quest, position, printed", [
    ("q2", {"turn": 3, "sutras": ["sutra-1"], "pilgrims": CHO_REVIVED}, "- Sutra x 3"),
    ("q2", {"turn": 3, "villagers": [], "pilgrims": CHO_REVIVED}, "- Villagers x 1"),
    ("q7", {"turn": 4, "demons": ["berrok"],
            "gates": [{"id": f"gate-{n}"} for n in range(1, 4)]}, "- Gate x 4"),
    ("q7", {"turn": 4, "demons": ["berrok"],
            "gates": [{"id": f"gate-{n}"} for n in range(1, 6)]}, "- Gate x 4"),
    ("q8", {"turn": 4, "gates": [{"id": "gate-1"}, {"id": "gate-2"}]}, "- Gate x 1"),
], ids=["quest-2-two-sutras-gone", "quest-2-villager-gone", "quest-7-three-gates",
        "quest-7-five-gates", "quest-8-two-gates"])
def test_a_quest_joined_with_tokens_that_do_not_add_up_to_its_board_setup_is_refused(
        client, quest, position, printed):
    # A Sutra leaves the board only picked up ("place it near the Pilgrim's Profile Sheet") or
    # sacrificed closing a Gate; a rescued Villager is placed "by the Pilgrim's Profile Sheet";
    # Gates are never removed (a closed Gate stays closed).
    book(printed)
    book("Remove the Sutra Token from the Map Tile and place it near the Pilgrim's Profile Sheet.")
    refused_position(client, quest, position, "position")


# --- Steps a table enters out of place in a Quest ------------------------------------------------

def pilgrims_done(table):
    controllers = table.view()["state"]["controllers"]
    for pilgrim in ORDER:
        table.accepted({"type": "end_activation", "player": controllers[pilgrim],
                        "pilgrim": pilgrim})


def test_quest_8_a_spawn_card_entered_in_the_demon_phase_is_refused(client):
    table = ApiTable(client, quest_setup("q8", {"turn": 2}))
    table.accepted({"type": "maintenance", "player": "p1"})
    pilgrims_done(table)
    assert not any(event["type"] == "spawn" for event in table.view()["legal"])
    table.refused({"type": "spawn", "player": "p1", "card": "reinforcement",
                   "demons": ["berrok", "berrok"], "gate": "gate-1"},
                  book("Respawn Iron Fan: Do not use the Demon Deck to spawn Demons each Demon "
                       "Phase."))


def test_a_quest_result_entered_by_the_table_in_a_chosen_quest_is_refused(client):
    table = ApiTable(client, quest_setup("q8", {"turn": 2}))
    table.refused({"type": "quest_result", "player": "p1", "outcome": "victory",
                   "condition": "Tripitaka survives."},
                  book("The Players win when the Quest's Victory Conditions are met, typically "
                       "during the Pilgrim Phase."))
    assert table.view()["over"] is False


def test_quest_10_part_2_the_sealing_ritual_by_monk_sha_is_refused(client):
    table = ApiTable(client, quest_setup("q10b", {"turn": 2}))
    table.accepted({"type": "maintenance", "player": "p1"})
    controllers = table.view()["state"]["controllers"]
    table.refused({"type": "sealing_ritual", "player": controllers["monk_sha"],
                   "pilgrim": "monk_sha"},
                  book("Tripitaka must spend 1 Action Point to throw the 4 Sutra Tokens collected "
                       "in the Village into the broken Seal of the Underworld and utter the Sealing "
                       "Mantra."))


def test_quest_10_part_2_the_demon_lords_checked_twice_and_a_mantra_before_the_check(client):
    quote = book("Demon Lord Actions: At the start of the Demon Phase, check the location of the "
                 "Demon Lords and the Pilgrims.")
    table = ApiTable(client, quest_setup("q10b", {"turn": 2}))
    table.accepted({"type": "maintenance", "player": "p1"})
    pilgrims_done(table)
    assert {event["type"] for event in table.view()["legal"]} & {"lords_tiles", "mantra_spawn"} \
        == {"lords_tiles"}
    # Before the check no Lord is known to chant.
    table.refused({"type": "mantra_spawn", "player": "p2", "card": "reinforcement",
                   "demons": ["berrok"], "gate": "gate-1"},
                  book("Summoning Mantra: For each Demon Lord chanting the Summoning Mantra, draw 2 "
                       "Spawn Cards"))
    table.accepted({"type": "lords_tiles", "player": "p2", "with_pilgrims": []})
    table.refused({"type": "lords_tiles", "player": "p2", "with_pilgrims": []}, quote)


# --- A whole Quest 5 turn as the table enters it --------------------------------------------------

def test_quest_5_a_whole_turn_pilgrims_then_kei_lun_then_the_demons_then_the_next_turn(client):
    table = ApiTable(client, quest_setup("q5", {"turn": 3, "demons": ["berrok"]}))
    table.accepted({"type": "maintenance", "player": "p1"})
    seat = table.view()["state"]["controllers"]
    table.accepted({"type": "move", "player": seat["monkey_king"], "pilgrim": "monkey_king",
                    "steps": 2})
    table.accepted({"type": "rest", "player": seat["monkey_king"], "pilgrim": "monkey_king"})
    table.accepted({"type": "end_activation", "player": seat["monk_sha"], "pilgrim": "monk_sha"})
    table.accepted({"type": "rest", "player": seat["cho_hakkai"], "pilgrim": "cho_hakkai"})
    table.accepted({"type": "end_activation", "player": seat["cho_hakkai"],
                    "pilgrim": "cho_hakkai"})
    table.accepted({"type": "rest", "player": seat["tripitaka"], "pilgrim": "tripitaka"})
    table.accepted({"type": "end_activation", "player": seat["tripitaka"], "pilgrim": "tripitaka"})
    offered = {event["type"] for event in table.view()["legal"]}
    assert "kei_lun" in offered and not offered & {"measure", "spawn", "demon_options"}
    # Kei Lun's Action comes before any Demon: a spawn now is refused with his sentence.
    table.refused({"type": "measure", "player": "p2", "of": "gates",
                   "distances": {"gate-1": 5, "gate-2": 8}},
                  book("Kei Lun will take 1 Action each turn, directly after the Pilgrims have "
                       "been."))
    table.accepted({"type": "kei_lun", "player": "p1", "in_range": [], "die": 2})
    table.accepted({"type": "measure", "player": "p2", "of": "gates",
                    "distances": {"gate-1": 5, "gate-2": 8}})
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-1", "card": "reinforcement",
                    "demons": ["berrok"]})
    table.accepted({"type": "spawn", "player": "p2", "gate": "gate-2", "card": "reinforcement",
                    "demons": ["bharhaz"]})
    table.accepted({"type": "measure", "player": "p2", "of": "demons",
                    "distances": {"berrok-1": 6, "berrok-2": 5, "bharhaz-1": 8}})
    for demon in ("berrok-2", "berrok-1", "bharhaz-1"):
        table.accepted({"type": "demon_options", "player": "p2", "demon": demon, "options": [
            {"actions": ["move", "move"], "ends": "closer", "squares": 2, "targets": []}]})
        table.accepted({"type": "demon_plan", "player": "p2", "demon": demon, "option": 1})
    # The next Maintenance before the End of Turn is entered is refused; then the turn goes on.
    response = table.send({"type": "maintenance", "player": "p1"})
    assert response.status_code == 422, response.get_json()
    table.accepted({"type": "end_turn", "player": "p2"})
    table.accepted({"type": "maintenance", "player": "p1"})
    view = table.view()
    assert (view["state"]["turn"], view["phase"], view["over"]) == (4, "pilgrims", False)
    assert view["state"]["quest_state"]["kei_lun"]["acted"] >= 1


def test_quest_7_the_last_two_demon_cards_spawn_then_every_gate_goes_inactive(client):
    book("All Gates are active from the start of the Quest, but become inactive when the entire "
         "Demon Spawn Deck has been played once.")
    table = ApiTable(client, quest_setup("q7", {"turn": 6, "demons": ["berrok"]}, drawn=47,
                                         kei_lun_hp=10))
    table.accepted({"type": "maintenance", "player": "p1"})
    pilgrims_done(table)
    table.accepted({"type": "kei_lun_ally", "player": "p1", "action": "rotate",
                    "guarding": False, "towards_chest": True})
    table.accepted({"type": "measure", "player": "p2", "of": "gates",
                    "distances": {"gate-1": 5, "gate-2": 8, "gate-3": 9, "gate-4": 12}})
    for gate in ("gate-1", "gate-2"):
        table.accepted({"type": "spawn", "player": "p2", "gate": gate, "card": "reinforcement",
                        "demons": ["berrok"]})
    table.refused({"type": "spawn", "player": "p2", "gate": "gate-3", "card": "reinforcement",
                   "demons": ["berrok"]},
                  book("Demon Deck: All Gates are active from the start of the Quest, but become "
                       "inactive when the entire Demon Spawn Deck has been played once."))
    # the Quest's own sentence since finding 137 (it quoted the general "Inactive Gates" one)
    state = table.view()["state"]
    assert {gate["status"] for gate in state["gates"].values()} == {"inactive"}
    assert len(state["demons"]) == 3
