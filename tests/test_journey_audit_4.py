"""Journey: Wrath of Demons — the fourth independent audit (session 7), and last session's two
leftovers. Scenarios written from the rulebook first (the whole book read), then played through the
HTTP API (Flask test client, in-process) with the events' JSON Schema examples only; each quotes
its rule in its docstring. Findings and rulings are recorded in docs/games/journey.md.
"""

import pytest

from referee.journey.quests import QUESTS
from rulebook_index import sections as rulebook_sections
from tests.test_journey_quests_audit import (
    PILGRIMS,
    PROFILES,
    Campaign,
    assert_result,
    end_activations,
    ev,
    finish_turn,
    in_book,
    kill,
    maintenance,
    refused,
    result,
    start,
    state,
)


@pytest.fixture
def client(module_client):
    return module_client


# == Leftover 1: a sentence printed in several Quests links the Quest that applies ===================

def quest_quotes(quest) -> set[str]:
    """Every sentence a Quest may quote: its rules, Conditions, Karma Upgrades, the core events it
    takes away and its rulings' passages."""
    quotes = {rule.quote for rule in (*quest.shared_rules, *quest.rules)}
    for condition in (*quest.ends, quest.heroic, quest.victory, *quest.defeats):
        if condition is not None:
            quotes.add(condition.quote)
    quotes |= {quest.defeat_at_end, quest.upgrades_quote, *quest.forbidden_events.values()}
    for option in quest.options.values():
        quotes |= {citation.quote for citation in option.citations}
    return {quote for quote in quotes if quote}


@pytest.mark.parametrize("key", [key for key, quest in QUESTS.items() if quest.title])
def test_every_sentence_a_quest_prints_links_that_quest(key):
    """"Setup normally and then give each Pilgrim 1 Karma Upgrade." is printed alike in Quests 6 to
    9, "Borrack is Unique: …" in Quests 1 to 3, the simple Demon Decks in Quests 1-2 and 3-4, and a
    citation links the first section holding its quote: every sentence a Quest quotes that its own
    text prints is found in that Quest first (widened by the sentences around it where needed)."""
    quest = QUESTS[key]
    for quote in quest_quotes(quest):
        assert in_book(quote)
        printed_here = [s for s in rulebook_sections.sections_for("journey")
                        if quest.title in s.path and quote in s.body]
        if printed_here:
            located = rulebook_sections.locate("journey", quote)
            assert quest.title in located.path, (quote, located.path_text)


def test_quest_8_without_its_karma_upgrades_links_quest_8(client):
    """Quest 8 - Iron Fan's Interruption, Board Setup: "Setup normally and then give each Pilgrim 1
    Karma Upgrade." A Quest 8 started on its own without them is refused with that sentence, and
    the citation's section is Quest 8's Board Setup (it was Quest 6's)."""
    response = client.post("/api/sessions", json={
        "game": "journey", "players": ["Ann"], "options": {**PROFILES, "quest": "q8"}})
    assert response.status_code == 422, response.get_json()
    rule = response.get_json()["error"]["rule"]
    assert "Setup normally and then give each Pilgrim 1 Karma Upgrade." in rule["quote"]
    assert rule["section_path"] == "Quest Guide › Quest 8 - Iron Fan's Interruption › Board Setup"


# == Leftover 2: a Pilgrim knocked out by a Condition at the Maintenance ==============================

POISONED_AT_ONE = {"hp": 1, "conditions": [{"name": "Poisoned", "duration": 3, "tokens": 1,
                                            "damage_each_turn": 1}]}


def quiet_turn(table):
    """The rest of a Turn with nobody on the board to fight: every conscious Pilgrim ends his
    activation, the Demon Phase has nothing to do, the End of Turn Phase places Turn Tokens."""
    for _ in range(6):
        view = table.view()
        if view["phase"] != "pilgrims":
            break
        pilgrim = state(table)["activation"]["pilgrim"]
        table.accepted(ev("end_activation", pilgrim=pilgrim))
    if table.view()["phase"] == "end":
        table.accepted(ev("end_turn"))


def knocked_out_table(client, ruling=None):
    options = {"knocked_out_at_maintenance": ruling} if ruling else {}
    return start(client, "free", players=("Ann",), position={
        "gates": [], "demons": [], "pilgrims": {"monk_sha": POISONED_AT_ONE}},
        initiative=["monkey_king", "monk_sha", "tripitaka", "cho_hakkai"], **options)


def test_a_pilgrim_poisoned_to_zero_at_the_maintenance_is_turned_at_once_by_default(client):
    """"Active Cards and Ongoing Effects: Some Condition Cards have effects that apply damage to the
    Pilgrim. Apply the damage now." then "Unconscious Pilgrim: If an Unconscious Pilgrim is face
    down, turn them on their side. If they are on their side, place them on their back. If they are
    on their back, the time to revive them has run out and they are dead." Monk Sha, Poisoned at 1
    HP, falls at the Maintenance and (the steps in their printed order, the default reading) is
    turned on his side in that same Maintenance; on his back at the next; dead at the third."""
    table = knocked_out_table(client)
    maintenance(table)
    sha = state(table)["pilgrims"]["monk_sha"]
    assert (sha["hp"], sha["status"], sha["posture"]) == (0, "unconscious", "side")
    quiet_turn(table)
    maintenance(table)
    assert state(table)["pilgrims"]["monk_sha"]["posture"] == "back"
    quiet_turn(table)
    maintenance(table)
    assert state(table)["pilgrims"]["monk_sha"]["status"] == "dead"


def test_knocked_out_at_the_maintenance_under_next_maintenance_stays_face_down(client):
    """Table ruling `knocked_out_at_maintenance` "next_maintenance": "Generally, each Player can act
    independently and simultaneously during this Phase…" — only the Pilgrims Unconscious as the
    Maintenance began are turned: Monk Sha stays face down, on his side next Maintenance, on his
    back the one after, dead at the fourth."""
    table = knocked_out_table(client, "next_maintenance")
    response = table.accepted(ev("maintenance"))
    sha = state(table)["pilgrims"]["monk_sha"]
    assert (sha["hp"], sha["status"], sha["posture"]) == (0, "unconscious", "face_down")
    assert any("stays face down" in e["text"] and e["rule"]["quote"].startswith(
        "Generally, each Player can act independently and simultaneously during this Phase")
        for e in response["effects"]), response["effects"]
    for posture in ("side", "back"):
        quiet_turn(table)
        maintenance(table)
        assert state(table)["pilgrims"]["monk_sha"]["posture"] == posture
    quiet_turn(table)
    maintenance(table)
    assert state(table)["pilgrims"]["monk_sha"]["status"] == "dead"


def test_knocked_out_at_the_maintenance_takes_no_action_and_may_be_revived_that_turn(client):
    """"Pilgrims cannot play cards or take any other actions when they are Unconscious." Monk Sha,
    knocked out at the Maintenance, is passed over in the Pilgrim Phase (his Rest is refused);
    Tripitaka, adjacent, revives him that same turn ("Tripitaka can revive an adjacent Unconscious
    Pilgrim…"): he is back with what Tripitaka gave, his Poisoned card still on him ("Only Health
    Points and Chi are changed when Pilgrims are revived")."""
    table = start(client, "free", players=("Ann",), position={
        "gates": [], "demons": [], "pilgrims": {"monk_sha": POISONED_AT_ONE}},
        initiative=["tripitaka", "monk_sha", "monkey_king", "cho_hakkai"])
    maintenance(table)
    assert state(table)["activation"]["pilgrim"] == "tripitaka"
    refused(table, ev("rest", pilgrim="monk_sha"),
            "Pilgrims cannot play cards or take any other actions when they are Unconscious.")
    table.accepted(ev("revive", pilgrim="tripitaka", target="monk_sha", hp=2, chi=0))
    sha = state(table)["pilgrims"]["monk_sha"]
    assert (sha["hp"], sha["status"]) == (2, "active")
    assert [c["name"] for c in sha["conditions"]] == ["Poisoned"]
    table.accepted(ev("end_activation", pilgrim="tripitaka"))
    assert state(table)["activation"]["pilgrim"] == "monk_sha"  # his activation comes after
    table.accepted(ev("rest", pilgrim="monk_sha"))


def test_quest_5_tripitaka_poisoned_to_zero_at_the_maintenance_loses_the_quest(client):
    """Quest 5 - Beasts: "The Quest ends immediately when Tripitaka calms Kei Lun or when Tripitaka
    is Defeated." / "Defeat: Tripitaka is Defeated." Poisoned at 1 HP, he is Defeated by the
    Condition at the Maintenance: the Quest is lost there, before any Pilgrim acts."""
    table = start(client, "q5", position={
        "gates": [{"id": "gate-1"}, {"id": "gate-2"}], "sutras": ["sutra-1"],
        "boxes": ["box-1"], "wells": ["well-1"], "demons": ["berrok"] * 3 + ["bharhaz"] * 2,
        "pilgrims": {"tripitaka": {**POISONED_AT_ONE, "hand": ["Healing Trance"]}}},
        initiative=["monkey_king", "monk_sha", "cho_hakkai", "tripitaka"])
    maintenance(table)
    assert_result(table, "defeat", "Defeat: Tripitaka is Defeated.")
    refused(table, ev("rest", pilgrim="monkey_king"), "Defeat: Tripitaka is Defeated.")


def test_quest_8_tripitaka_knocked_out_at_the_maintenance_is_not_yet_killed(client):
    """Quest 8: "Game play ends when Iron Fan is defeated the fourth time, or when Tripitaka is
    Killed." Knocked out by Poisoned at the Maintenance he is Unconscious, not Killed: the Quest
    goes on (the others act; he may still be revived)."""
    table = start(client, "q8", position={
        "gates": [{"id": "gate-1"}], "boxes": ["box-1"], "wells": ["well-1"],
        "demons": ["berrok"] * 5 + ["yazuiji"], "pilgrims": {"tripitaka": POISONED_AT_ONE}},
        initiative=["monkey_king", "monk_sha", "tripitaka", "cho_hakkai"])
    maintenance(table)
    assert state(table)["pilgrims"]["tripitaka"]["status"] == "unconscious"
    assert result(table) is None
    table.accepted(ev("rest", pilgrim="monkey_king"))


# == The fourth audit ================================================================================

Q9_BOARD = {"gates": [{"id": "gate-1"}, {"id": "gate-2"}],
            "villagers": ["villager-1", "villager-2", "villager-3", "villager-4"],
            "boxes": ["box-1", "box-2"], "doors": ["door-1", "door-2", "door-3"],
            "demons": ["kogaiji"]}
SHA_FIRST = ["monk_sha", "monkey_king", "tripitaka", "cho_hakkai"]
SPIRIT = {"pilgrim": "monk_sha", "card": "Spirit of Fortune", "timing": "anytime",
          "played": "before_roll"}


def test_quest_9_spirit_of_fortune_affects_the_rescue_spin(client):
    """"Monk Sha - Spirit of Fortune: This can only be used to affect any Fortune Wheel spin." and
    Quest 9: "When the Pilgrims attempt a Rescue, first spin the Fortune Spinner." The rescue's spin
    is a Fortune Wheel spin: Monk Sha plays the card on it (it leaves his hand); another Pilgrim's
    card deck is refused ("Each Pilgrim has his own specific card deck.")."""
    table = start(client, "q9", position={**Q9_BOARD, "pilgrims": {
        "monk_sha": {"hand": ["Spirit of Fortune"]}, "monkey_king": {"hand": []}}},
        initiative=SHA_FIRST)
    maintenance(table)
    refused(table, ev("rescue_attempt", pilgrim="monk_sha", villager="villager-1",
                      spinner="white", cards=[{**SPIRIT, "pilgrim": "monkey_king"}]),
            "Each Pilgrim has his own specific card deck.")
    table.accepted(ev("rescue_attempt", pilgrim="monk_sha", villager="villager-1",
                      spinner="white", cards=[SPIRIT]))
    sha = state(table)["pilgrims"]["monk_sha"]
    assert "Spirit of Fortune" not in sha["skills"] and sha["villagers"] == 1


Q7_BOARD = {"broken_doors": ["broken-door-1", "broken-door-2"],
            "gates": [{"id": f"gate-{n}"} for n in range(1, 5)], "wells": ["well-1", "well-2"],
            "sutras": [f"sutra-{n}" for n in range(1, 5)], "boxes": ["box-1"], "demons": []}


def test_quest_7_the_treasure_chest_is_picked_up_by_one_pilgrim_and_set_down_by_him(client):
    """Quest 7: "Treasure Chest: Pilgrims can spend 1 AP to pick up or set down the treasure
    chest." Setting it down when one does not carry it, or picking it up while another Pilgrim
    carries it, is refused with that sentence; picking it up and setting it down cost 1 AP each."""
    table = start(client, "q7", position=Q7_BOARD, quest_setup={"kei_lun_hp": 10},
                  initiative=SHA_FIRST)
    maintenance(table)
    chest = "Treasure Chest: Pilgrims can spend 1 AP to pick up or set down the treasure chest."
    refused(table, ev("treasure_chest", pilgrim="monk_sha", action="set_down"), chest)
    table.accepted(ev("treasure_chest", pilgrim="monk_sha", action="pick_up"))
    assert state(table)["activation"]["spent"] == 1
    table.accepted(ev("end_activation", pilgrim="monk_sha"))
    refused(table, ev("treasure_chest", pilgrim="monkey_king", action="pick_up"), chest)


def test_quest_5_calming_kei_lun_needs_the_healing_trances_cost(client):
    """Quest 5: "He must pay the normal costs to activate this skill." and "In all cases, the
    Pilgrim must have enough points to pay the cost in order to activate the card…" With every
    Demon gone, Tripitaka (2 Chi) cannot play a Healing Trance costing 3 Chi: refused, Kei Lun is
    not calmed; with the Chi it calms him (Victory)."""
    position = {"turn": 4, "gates": [{"id": "gate-1"}, {"id": "gate-2"}], "sutras": [],
                "boxes": [], "wells": ["well-1"], "demons": [],
                "pilgrims": {"tripitaka": {"chi": 2, "hand": ["Healing Trance"]}}}
    table = start(client, "q5", position=position,
                  initiative=["monkey_king", "monk_sha", "cho_hakkai", "tripitaka"])
    maintenance(table)
    trance = ev("play_card", pilgrim="tripitaka", card="Healing Trance", kind="skill",
                cost={"chi": 3})
    response = table.send(trance)
    assert response.status_code == 422, response.get_json()
    assert any(quote in response.get_json()["error"]["rule"]["quote"] for quote in (
        "He must pay the normal costs to activate this skill.",
        "In all cases, the Pilgrim must have enough points to pay the cost in order to activate "
        "the card"))
    assert result(table) is None
    table.accepted({**trance, "cost": {"chi": 2}})
    assert result(table)["outcome"] in ("victory", "heroic_victory")


Q3_BOARD = {"gates": [{"id": f"gate-{n}", "status": "inactive"} for n in (1, 2, 3)],
            "sutras": ["sutra-1", "sutra-2", "sutra-3"],
            "villagers": ["villager-1", "villager-2", "villager-3"], "wells": ["well-1"],
            "boxes": ["box-1"], "broken_doors": ["broken-door-1"], "demons": ["borrack"]}


def test_quest_3_a_gate_closed_before_the_central_tile_never_becomes_active(client):
    """"Closed Gates: Pilgrims can Close Gates, as described above. Closed Gates never become
    active again." and Quest 3: "Gate Activation: Once any of the band steps onto the central Map
    Tile, all three Gates activate." Tripitaka closes an inactive Gate with a Sutra; when the band
    steps onto the central tile the two others activate, the Closed one stays closed (and spawns
    nothing)."""
    table = start(client, "q3", position=Q3_BOARD,
                  initiative=["monkey_king", "monk_sha", "cho_hakkai", "tripitaka"])
    maintenance(table)
    end_activations(table, until="tripitaka")
    table.accepted(ev("collect_sutra", pilgrim="tripitaka", sutra="sutra-1"))
    table.accepted(ev("close_gate", pilgrim="tripitaka", gate="gate-1"))
    finish_turn(table)
    maintenance(table)
    table.accepted(ev("central_tile", pilgrim="monkey_king"))
    gates = state(table)["gates"]
    assert {g: gates[g]["status"] for g in gates} == {
        "gate-1": "closed", "gate-2": "active", "gate-3": "active"}
    end_activations(table)
    if any(e["type"] == "measure" for e in table.view()["legal"]):
        table.accepted(ev("measure", of="gates", distances={"gate-2": 5, "gate-3": 6}))
    refused(table, ev("spawn", gate="gate-1", card="reinforcement", demons=["berrok"]),
            "Closed Gates never become active again.")


def test_a_sutra_another_pilgrim_holds_does_not_let_tripitaka_close_a_gate(client):
    """"Only Tripitaka can Close a Demon Gate. He must have a Sutra Token in his possession and be
    adjacent to the Gate." The Monkey King picks the Sutra up; Tripitaka, adjacent to the Gate
    with none of his own, is refused."""
    table = start(client, "free", position={"gates": [{"id": "gate-1"}], "sutras": ["sutra-1"],
                                            "demons": []},
                  initiative=["monkey_king", "tripitaka", "monk_sha", "cho_hakkai"])
    maintenance(table)
    table.accepted(ev("collect_sutra", pilgrim="monkey_king", sutra="sutra-1"))
    table.accepted(ev("end_activation", pilgrim="monkey_king"))
    refused(table, ev("close_gate", pilgrim="tripitaka", gate="gate-1"),
            "He must have a Sutra Token in his possession")


def test_campaign_a_dead_pilgrim_starts_the_next_quest_and_a_waiting_misfortune_follows(client):
    """"The game follows the trials of the 4 Pilgrims, so all 4 Pilgrims are always in play." and
    Back to Back Game Play: "Regain full Health and Chi." / "Retain all Skill, Weapon, Corruption,
    Fortune and Misfortune Cards in your hand at the end of the Quest." Monk Sha dies in Quest 1
    (on his back at the first Maintenance), the Monkey King's Meditate draws "Lose 1 Action Point
    Next Turn" and the Quest is won that turn: in Quest 2 Monk Sha is back at full Health, and the
    Monkey King's first activation has 1 Action Point."""
    c = Campaign(client)
    q1 = c.start("q1", options={"initiative": ["monkey_king", "monk_sha", "tripitaka",
                                               "cho_hakkai"]},
                 position={"gates": [{"id": "gate-1"}], "villagers": ["villager-1"],
                           "boxes": ["box-1"], "doors": ["door-1"], "demons": ["berrok"] * 2,
                           "pilgrims": {"monk_sha": {"hp": 0, "status": "unconscious",
                                                     "posture": "back"}}})
    maintenance(q1)
    assert state(q1)["pilgrims"]["monk_sha"]["status"] == "dead"
    q1.accepted(ev("meditate", pilgrim="monkey_king", box="box-1", spinner="black",
                   misfortune="Lose 1 Action Point Next Turn"))
    q1.accepted(ev("misfortune", pilgrim="monkey_king", card="Lose 1 Action Point Next Turn",
                   lose={"ap_next_turn": 1}))
    kill(q1, "monkey_king", "berrok-1")
    end_activations(q1, until="cho_hakkai")
    kill(q1, "cho_hakkai", "berrok-2")
    assert result(q1)["outcome"] == "victory"
    q2 = c.start("q2")
    sha = state(q2)["pilgrims"]["monk_sha"]
    assert (sha["status"], sha["hp"]) == ("active", 9)
    maintenance(q2)
    activation = state(q2)["activation"]
    assert (activation["pilgrim"], activation["ap"]) == ("monkey_king", 1)


def test_quest_2_cho_hakkai_revived_acts_in_his_own_activation_that_turn(client):
    """Quest 2: initiative "Monkey, Monk Sha, Tripitaka, Cho Hakkai (last Pilgrim)". Revived by
    Tripitaka ("The Pilgrim is revived with as many Health and Chi Points as Tripitaka
    sacrifices."), Cho Hakkai is no longer Unconscious: his activation comes after Tripitaka's."""
    table = start(client, "q2")
    maintenance(table)
    end_activations(table, until="tripitaka")
    table.accepted(ev("revive", pilgrim="tripitaka", target="cho_hakkai", hp=2, chi=1))
    table.accepted(ev("end_activation", pilgrim="tripitaka"))
    activation = state(table)["activation"]
    assert (activation["pilgrim"], activation["ap"]) == ("cho_hakkai", 2)
    table.accepted(ev("rest", pilgrim="cho_hakkai"))
    assert state(table)["pilgrims"]["cho_hakkai"]["chi"] == 6


def spawn_special(client, name, demons=("berrok",)):
    table = start(client, "free", position={"gates": [{"id": "gate-1"}], "demons": list(demons)},
                  initiative=["monkey_king", "monk_sha", "tripitaka", "cho_hakkai"])
    maintenance(table)
    end_activations(table)
    table.accepted(ev("spawn", gate="gate-1", card="special", name=name))
    return table


def test_phase_march_demons_go_through_obstacles_but_never_end_on_one(client):
    """Phase March: "Demons can move through these obstacles, but cannot end their turn on an
    obstacle." A Demon's way through a wall is accepted; one ending on an obstacle is refused."""
    table = spawn_special(client, "Phase March")
    ends_on = ev("demon_options", demon="berrok-1", options=[
        {"actions": ["move", "attack"], "targets": ["tripitaka"], "ends": "closer", "squares": 2,
         "obstacle": "ends_on"}])
    refused(table, ends_on, "but cannot end their turn on an obstacle.")
    table.accepted({**ends_on, "options": [{**ends_on["options"][0], "obstacle": "through"}]})


def test_wild_attacks_a_demon_with_no_attack_double_moves_towards_the_closest_pilgrim(client):
    """Wild Attacks: "Skip Plan 1 and Plan 2. They will follow Plan 3 or Double Move towards the
    closest Pilgrim." A Demon that can attack nobody double moves towards the closest Pilgrim,
    not towards Tripitaka (Plan 4)."""
    table = spawn_special(client, "Wild Attacks")
    table.accepted(ev("demon_options", demon="berrok-1", options=[]))
    current = state(table)["demon_phase"]["current"]
    best = current["options"][current["best"][0] - 1] if isinstance(current["best"], list) \
        else current["options"][current["best"] - 1]
    assert "closest Pilgrim" in str(best), current


def test_an_unconscious_pilgrims_condition_keeps_its_turn_tokens_and_expires(client):
    """"If the Unconscious Pilgrim has Condition Cards, etc, follow the instructions normally,
    placing counters to mark the turn, applying effects, etc." Monk Sha, Unconscious face down with
    a Poisoned card (3 turns, 1 Turn Token): a Turn Token each End of Turn (2, then 3) and it
    expires at the Maintenance where the tokens match — the one he dies at."""
    table = start(client, "free", position={"gates": [], "demons": [], "pilgrims": {"monk_sha": {
        "hp": 0, "status": "unconscious", "posture": "face_down",
        "conditions": [{"name": "Poisoned", "duration": 3, "tokens": 1, "damage_each_turn": 1}]}}},
        initiative=["monkey_king", "monk_sha", "tripitaka", "cho_hakkai"])
    maintenance(table)
    quiet_turn(table)
    assert state(table)["pilgrims"]["monk_sha"]["conditions"][0]["tokens"] == 2
    maintenance(table)
    quiet_turn(table)
    assert state(table)["pilgrims"]["monk_sha"]["conditions"][0]["tokens"] == 3
    maintenance(table)
    sha = state(table)["pilgrims"]["monk_sha"]
    assert sha["status"] == "dead" and sha["conditions"] == []


def test_greedy_takes_a_fortune_card_without_a_mystical_box(client):
    """"Cho Hakkai - Greedy: Cho Hakkai can take a Fortune Card regardless of whether a Mystical
    Box is on the Map Tile or not." With no Mystical Box on the board, Cho Hakkai takes Wild Herbs;
    the Monkey King cannot play Cho Hakkai's card ("Each Pilgrim has his own specific card
    deck.")."""
    table = start(client, "free", position={"gates": [], "demons": [], "boxes": [], "pilgrims": {
        "cho_hakkai": {"hand": ["Greedy"]}}},
        initiative=["cho_hakkai", "monkey_king", "monk_sha", "tripitaka"])
    maintenance(table)
    refused(table, ev("play_card", pilgrim="monkey_king", card="Greedy", kind="skill",
                      draws="Wild Herbs"), "Each Pilgrim has his own specific card deck.")
    table.accepted(ev("play_card", pilgrim="cho_hakkai", card="Greedy", kind="skill",
                      draws="Wild Herbs"))
    assert "Wild Herbs" in state(table)["pilgrims"]["cho_hakkai"]["fortune"]


def test_resting_restores_chi_and_does_not_heal(client):
    """"When a Pilgrim rests, they recover 5 Chi Points, up to their current maximum." / "Resting
    does not heal Pilgrims." The Monkey King at 4 HP and 3 Chi rests: 8 Chi, still 4 HP."""
    table = start(client, "free", position={"gates": [], "demons": [], "pilgrims": {
        "monkey_king": {"hp": 4, "chi": 3}}}, initiative=list(PILGRIMS))
    maintenance(table)
    table.accepted(ev("rest", pilgrim="monkey_king"))
    mk = state(table)["pilgrims"]["monkey_king"]
    assert (mk["hp"], mk["chi"]) == (4, 8)


def test_knock_back_into_an_obstacle_crushes_a_demon_too(client):
    """"For each square that the Target cannot be moved, give the Target 1 point of Crushing
    Damage. The Target cannot defend against Crushing Damage." and for a One Hit Kill "You must do
    at least this much damage in one attack to Defeat the character." A Pilgrim's weapon Knocks
    Back a Berrok (HP 3) against a wall: 2 damage + 1 Crushing = 3 in that attack: Defeated."""
    table = start(client, "free", position={"gates": [], "demons": ["berrok"]},
                  initiative=list(PILGRIMS))
    maintenance(table)
    table.accepted(ev("attack", pilgrim="monkey_king", targets=["berrok-1"], attack_dice=[1, 1],
                      pilgrim_die=0, weapon_damage=0, target_hp=3, knock_back=1,
                      knock_back_blocked=1))
    assert state(table)["pending"], "the Berrok should be Defeated (waiting for Kill or Cleanse)"


def test_quest_9_the_gates_stop_spawning_once_kogaiji_is_defeated(client):
    """Quest 9: "Kogaiji's Defeat: The Gates stop spawning once Kogaiji is Defeated." The Elder
    Monk found (the spell ends), Kogaiji Defeated: at the next Demon Phase a spawn at a Gate is
    refused with that sentence."""
    table = start(client, "q9", position=Q9_BOARD, initiative=SHA_FIRST)
    maintenance(table)
    table.accepted(ev("rescue_attempt", pilgrim="monk_sha", villager="villager-1",
                      spinner="white"))
    table.accepted(ev("attack", pilgrim="monk_sha", targets=["kogaiji-1"], attack_dice=[3, 3],
                      pilgrim_die=0, weapon_damage=0))
    assert state(table)["quest_state"]["kogaiji_defeated"]
    end_activations(table)
    refused(table, ev("spawn", gate="gate-1", card="reinforcement", demons=["berrok"]),
            "Kogaiji's Defeat: The Gates stop spawning once Kogaiji is Defeated.")


def test_a_gate_behind_a_closed_door_spawns_only_once_the_door_is_broken(client):
    """"Generally, Demons and Gates behind closed doors are inactive until the door is opened and
    they can move towards the Pilgrims." A Gate in a closed room does not spawn: the Demon Phase
    has no spawn step, and a spawn entered there is refused with "Inactive Gates: Some Gates are
    inactive when they are placed on the Game Board or become inactive later in the game." (it
    quoted the End of Turn Phase); the Monkey King breaks the door down, naming it: it spawns at
    the next Demon Phase."""
    table = start(client, "free", position={"gates": [{"id": "gate-1", "status": "inactive"}],
                                            "doors": ["door-1"], "demons": []},
                  initiative=list(PILGRIMS))
    maintenance(table)
    end_activations(table)
    refused(table, ev("spawn", gate="gate-1", card="reinforcement", demons=["berrok"]),
            "Inactive Gates: Some Gates are inactive when they are placed on the Game Board")
    finish_turn(table)
    maintenance(table)
    table.accepted(ev("break_door", pilgrim="monkey_king", door="door-1", opens=["gate-1"]))
    end_activations(table)
    table.accepted(ev("spawn", gate="gate-1", card="reinforcement", demons=["berrok"]))


def test_quest_1_a_rescued_villager_does_not_turn_into_a_bull_warrior(client):
    """Quest 1: "Transformation: Stack 5 Turn Tokens on the Villager Token and remove 1 Turn Token
    in the End Phase of each turn. In the Maintenance Phase when there are no Turn Tokens on the
    Villagers, replace the Villager Token with a Bull Warrior." Rescued at once ("Place the Villager
    Token by the Pilgrim's Profile Sheet."), the Villager is no longer on the board to transform: no
    Bull Warrior appears at the sixth Maintenance."""
    table = start(client, "q1", initiative=list(PILGRIMS), position={
        "gates": [{"id": "gate-1", "status": "closed"}], "villagers": ["villager-1"],
        "boxes": ["box-1"], "doors": ["door-1"], "demons": ["berrok", "berrok"]})
    maintenance(table)
    table.accepted(ev("rescue_villager", pilgrim="monkey_king", villager="villager-1"))
    for _turn in range(5):
        quiet_turn(table)
        maintenance(table)
    demons = state(table)["demons"]
    assert [d for d in demons if d.startswith("berrok")] == ["berrok-1", "berrok-2"], demons


def test_wild_attacks_in_a_demon_rage_is_still_a_double_move(client):
    """Wild Attacks: "…or Double Move towards the closest Pilgrim." and Demon Rage: "When Demon
    Rage is in effect, each Demon gets 3 Action Points, not 2." The card prints a Double Move
    ("Card rules override this rule book"): a raging Demon with no attack makes 2 Moves, not 3.
    Every Berrok model is on the board: the second Gate's Berrok card starts the Rage."""
    table = start(client, "free", position={"gates": [{"id": "gate-1"}, {"id": "gate-2"}],
                                            "demons": ["berrok"] * 15},
                  initiative=["monkey_king", "monk_sha", "tripitaka", "cho_hakkai"])
    maintenance(table)
    end_activations(table)
    table.accepted(ev("measure", of="gates", distances={"gate-1": 3, "gate-2": 5}))
    table.accepted(ev("spawn", gate="gate-1", card="special", name="Wild Attacks"))
    table.accepted(ev("spawn", gate="gate-2", card="rage", demons=["berrok"]))
    table.accepted(ev("measure", of="demons",
                      distances={f"berrok-{n}": n for n in range(1, 16)}))
    table.accepted(ev("demon_options", demon="berrok-1", options=[]))
    current = state(table)["demon_phase"]["current"]
    move = current["options"][current["best"][0] - 1]
    assert current["ap"] == 3
    assert move["actions"] == ["move", "move"] and move["towards"] == "the closest Pilgrim"


def test_a_misfortune_that_discards_a_skill_card_takes_one_he_holds(client):
    """Misfortune Cards: "When you have no Skill Cards in your hand: Discard 1 Skill Card of your
    choice." / "In these cases, you got lucky! Apply the effect as best you can and discard the
    Misfortune Card." The discarded Skill Card is entered: one the Monkey King does not hold is
    refused ("Inactive cards are in the Pilgrim's hand…"); Phase Walk, which he holds, goes; with
    no Skill Card left, the next such Misfortune discards nothing."""
    table = start(client, "free", position={"gates": [], "demons": [], "boxes": ["box-1"],
                                            "pilgrims": {"monkey_king": {"hand": ["Phase Walk"]}}},
                  initiative=list(PILGRIMS))
    maintenance(table)
    table.accepted(ev("meditate", pilgrim="monkey_king", box="box-1", spinner="black",
                      misfortune="Forgetful"))
    refused(table, ev("misfortune", pilgrim="monkey_king", card="Forgetful",
                      discard=["Flying Nimbus"]), "Inactive cards are in the Pilgrim's hand.")
    table.accepted(ev("misfortune", pilgrim="monkey_king", card="Forgetful",
                      discard=["Phase Walk"]))
    mk = state(table)["pilgrims"]["monkey_king"]
    assert mk["skills"] == [] and mk["skills_unknown"] == 0


@pytest.mark.parametrize(("card", "deck", "quote"), [
    ("Prayer of Mercy", "tripitaka", "Tripitaka - Prayer of Mercy: All effects of the Attack are "
                                     "ignored, including Knock Back and Condition Cards."),
    ("Spirit of Fortune", "monk_sha", "Monk Sha - Spirit of Fortune: This can only be used to "
                                      "affect any Fortune Wheel spin.")])
def test_a_card_for_a_demons_attack_or_a_spin_is_refused_in_a_pilgrims_attack(client, card, deck,
                                                                              quote):
    """A card the book describes for another event, entered among a Pilgrim's Attack's cards, is
    refused with its own sentence (the Prayer of Mercy is about a Demon's Attack on Tripitaka, the
    Spirit of Fortune about a spin)."""
    table = start(client, "free", position={"gates": [], "demons": ["berrok"], "pilgrims": {
        deck: {"hand": [card]}}}, initiative=[deck] + [p for p in PILGRIMS if p != deck])
    maintenance(table)
    refused(table, ev("attack", pilgrim=deck, targets=["berrok-1"], attack_dice=[1, 1],
                      pilgrim_die=1, weapon_damage=1, target_hp=3,
                      cards=[{"pilgrim": deck, "card": card, "timing": "anytime",
                              "played": "before_roll"}]), quote)


def test_quest_9_no_spin_for_the_last_token_so_no_card_on_it(client):
    """Quest 9: "Final Token: If there is only 1 of the 4 Villager Tokens left, there is no need to
    use the Fortune Spinner when you attempt a Rescue. It is the Elder Monk." No spin, nothing for
    Spirit of Fortune to affect: entered with it, the Rescue is refused with that sentence."""
    table = start(client, "q9", position={**Q9_BOARD, "turn": 3, "villagers": ["villager-4"],
                                          "demons": ["kogaiji"] + ["borrack"] * 2, "pilgrims": {
                                              "monk_sha": {"hand": ["Spirit of Fortune"]}}},
                  initiative=SHA_FIRST)
    maintenance(table)
    refused(table, ev("rescue_attempt", pilgrim="monk_sha", villager="villager-4", cards=[SPIRIT]),
            "Final Token: If there is only 1 of the 4 Villager Tokens left, there is no need to use "
            "the Fortune Spinner when you attempt a Rescue.")
    table.accepted(ev("rescue_attempt", pilgrim="monk_sha", villager="villager-4"))
    assert "Spirit of Fortune" in state(table)["pilgrims"]["monk_sha"]["skills"]


def test_a_dead_pilgrim_takes_no_action_quoting_that_he_is_out_of_the_game(client):
    """"If they are on their back, the time to revive them has run out and they are dead. Remove
    the Miniature from the game board. They are completely out of the game, which may end the
    Quest." A Rest entered for the dead Monk Sha is refused with that sentence (not with whose
    activation it is: he has none)."""
    table = start(client, "free", position={"gates": [], "demons": [], "pilgrims": {"monk_sha": {
        "hp": 0, "status": "unconscious", "posture": "back"}}}, initiative=list(PILGRIMS))
    maintenance(table)
    refused(table, ev("rest", pilgrim="monk_sha"),
            "They are completely out of the game, which may end the Quest.")


def test_greedy_is_not_a_use_of_the_mystical_box(client):
    """"Each Pilgrim can only use a Mystical Box once (to Pray or Meditate) each time they are
    Activated…" and "Cho Hakkai - Greedy: Cho Hakkai can take a Fortune Card regardless of whether
    a Mystical Box is on the Map Tile or not." Greedy is a card, not a use of the box: after his
    Pray, Cho Hakkai still takes a Fortune Card with it; a Meditate is refused."""
    table = start(client, "free", position={"gates": [], "demons": [], "boxes": ["box-1"],
                                            "pilgrims": {"cho_hakkai": {"hand": ["Greedy"]}}},
                  initiative=["cho_hakkai", "monkey_king", "monk_sha", "tripitaka"])
    maintenance(table)
    table.accepted(ev("pray", pilgrim="cho_hakkai", box="box-1", card="Wild Herbs"))
    refused(table, ev("meditate", pilgrim="cho_hakkai", box="box-1", spinner="white",
                      kept="Wild Ginseng"),
            "Each Pilgrim can only use a Mystical Box once (to Pray or Meditate) each time they "
            "are Activated")
    table.accepted(ev("play_card", pilgrim="cho_hakkai", card="Greedy", kind="skill",
                      draws="Wild Ginseng"))
    assert state(table)["pilgrims"]["cho_hakkai"]["fortune"] == ["Wild Herbs", "Wild Ginseng"]


def quest_5_kei_lun_due(client):
    table = start(client, "q5", initiative=["monkey_king", "monk_sha", "cho_hakkai", "tripitaka"])
    maintenance(table)
    end_activations(table)
    return table


def test_quest_5_kei_lun_blocked_turns_about_and_tramples_nothing(client):
    """Quest 5: "If obstacles or the edge of the board prevent Kei Lun (and/or the Miniatures he
    pushes) moving, turn Kei Lun through 180° instead." A blocked forwards move is no step: he
    cannot trample the Mystical Box with it ("Kei Lun can move onto the Mystical Box, the Sutra,
    and the Well.") — refused; blocked with nothing trampled, accepted (the box stays)."""
    table = quest_5_kei_lun_due(client)
    refused(table, ev("kei_lun", in_range=[], die=1, blocked=True, destroys=["box-1"]),
            "turn Kei Lun through 180° instead.")
    table.accepted(ev("kei_lun", in_range=[], die=1, blocked=True))
    assert state(table)["tokens"]["boxes"] == ["box-1"]


def test_quest_5_kei_lun_pushes_only_when_he_moves_forwards(client):
    """Quest 5: "If Kei Lun moves forwards when a Demon or Pilgrim is in front of him, move the
    other Miniature one square too, as if the Miniature is pushed back." A turn to his right (Pilgrim
    Die 2) pushes nobody: a push entered with it is refused."""
    table = quest_5_kei_lun_due(client)
    refused(table, ev("kei_lun", in_range=[], die=2, pushed=["berrok-1"]),
            "If Kei Lun moves forwards when a Demon or Pilgrim is in front of him, move the other "
            "Miniature one square too")


def test_om_mala_of_knowledge_selects_a_new_skill_card_even_with_none_to_discard(client):
    """Fortune Card FAQ: "Om Mala of Knowledge: You can still select a new Skill Card, even if you
    do not have one to discard (you are very fortunate!)." The Monkey King, with no Skill Card,
    plays it and selects Phase Walk (now in his hand); the Skill Card of another Pilgrim's deck is
    refused ("Each Pilgrim has his own specific card deck."). Holding one, he discards it for the
    new one, and one he does not hold is refused ("Inactive cards are in the Pilgrim's hand…")."""
    table = start(client, "free", position={"gates": [], "demons": [], "pilgrims": {
        "monkey_king": {"hand": [], "fortune": ["Om Mala of Knowledge", "Om Mala of Knowledge"]}}},
        initiative=list(PILGRIMS))
    maintenance(table)
    knowledge = ev("play_card", pilgrim="monkey_king", card="Om Mala of Knowledge",
                   kind="fortune")
    refused(table, {**knowledge, "selects": "Asura Seal"},
            "Each Pilgrim has his own specific card deck.")
    table.accepted({**knowledge, "selects": "Phase Walk"})
    assert state(table)["pilgrims"]["monkey_king"]["skills"] == ["Phase Walk"]
    refused(table, {**knowledge, "selects": "Flying Nimbus", "discards": "Shadow Walk"},
            "Inactive cards are in the Pilgrim's hand.")
    table.accepted({**knowledge, "selects": "Flying Nimbus", "discards": "Phase Walk"})
    mk = state(table)["pilgrims"]["monkey_king"]
    assert mk["skills"] == ["Flying Nimbus"] and mk["fortune"] == []


def test_permanent_limp_takes_its_point_from_the_double_move_only(client):
    """Corruption Card FAQ: "Permanent Limp: 1 Movement Point is lost from the Double Move total.
    The Monkey King, MV 4, would have a Double Move of 7." A single Move keeps its 4 Movement
    Points; the Double Move has 7 (8 refused)."""
    table = start(client, "free", position={"gates": [], "demons": [], "pilgrims": {
        "monkey_king": {"corruption": ["Permanent Limp"]}}}, initiative=list(PILGRIMS))
    maintenance(table)
    table.accepted(ev("move", pilgrim="monkey_king", steps=4))
    table.accepted(ev("end_activation", pilgrim="monkey_king"))
    quiet_turn(table)
    maintenance(table)
    refused(table, ev("move", pilgrim="monkey_king", steps=8, action_points=2),
            "Permanent Limp: 1 Movement Point is lost from the Double Move total.")
    table.accepted(ev("move", pilgrim="monkey_king", steps=7, action_points=2))
