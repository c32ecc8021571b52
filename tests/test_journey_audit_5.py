"""Journey: Wrath of Demons — the fifth independent audit (session 8): last session's three
leftovers, then scenarios written from the rulebook first (the whole book read again), Quest by
Quest and then the general rules the earlier audits touched least, played through the HTTP API
(Flask test client, in-process) with the events' JSON Schema examples. Each scenario quotes its
rule in its docstring. Findings and rulings are recorded in docs/games/journey.md.
"""

import pytest

from referee.journey.quests import QUESTS
from rulebook_index import sections as rulebook_sections
from tests.test_journey_audit_4 import Q9_BOARD, SHA_FIRST, SPIRIT, quest_5_kei_lun_due
from tests.test_journey_quests_audit import (
    PILGRIMS,
    PROFILES,
    Q7_PEACH,
    end_activations,
    ev,
    finish_turn,
    in_book,
    maintenance,
    part,
    refused,
    start,
    state,
    step,
)


@pytest.fixture
def client(module_client):
    return module_client


PROFILES_WITH_MV = {"demon_profiles": {**PROFILES["demon_profiles"], "borrack": {
    **PROFILES["demon_profiles"]["borrack"], "mv": 3}}}


def legal(table, kind):
    return [e for e in table.view()["legal"] if e["type"] == kind]


# == Leftover 1: Quest 9's rescue lists the cards that may affect its spin ===========================

def test_quest_9_legal_lists_the_spirit_of_fortune_for_a_rescue_spin(client):
    """Quest 9: "When the Pilgrims attempt a Rescue, first spin the Fortune Spinner." and "Monk Sha
    - Spirit of Fortune: This can only be used to affect any Fortune Wheel spin." What can be done
    next lists, besides the plain Rescue attempt, the one with Monk Sha's card played before the
    spin; entered as listed (the spinner's colour filled in), it is accepted and the card is
    spent."""
    table = start(client, "q9", position={**Q9_BOARD, "pilgrims": {
        "monk_sha": {"hand": ["Spirit of Fortune"]}}}, initiative=SHA_FIRST)
    maintenance(table)
    rescues = [e for e in legal(table, "rescue_attempt") if e["villager"] == "villager-1"]
    with_card = [e for e in rescues if e.get("cards")]
    assert [e["open"] for e in rescues] == [["spinner"], ["spinner"]]
    assert [c["card"] for c in with_card[0]["cards"]] == ["Spirit of Fortune"]
    listed = {k: v for k, v in with_card[0].items() if k != "open"}
    table.accepted({**listed, "spinner": "white"})
    assert "Spirit of Fortune" not in state(table)["pilgrims"]["monk_sha"]["skills"]


def test_quest_9_legal_no_spin_for_the_final_token(client):
    """Quest 9: "Final Token: If there is only 1 of the 4 Villager Tokens left, there is no need to
    use the Fortune Spinner when you attempt a Rescue. It is the Elder Monk." The Rescue of the last
    token is listed complete (no spinner to fill in, no card to affect a spin), and accepted as
    listed."""
    table = start(client, "q9", position={**Q9_BOARD, "turn": 3, "villagers": ["villager-4"],
                                          "demons": ["kogaiji", "borrack", "borrack"],
                                          "pilgrims": {"monk_sha": {"hand": ["Spirit of Fortune"]}}},
                  initiative=SHA_FIRST)
    maintenance(table)
    rescues = legal(table, "rescue_attempt")
    assert rescues == [{"type": "rescue_attempt", "player": "p1", "pilgrim": "monk_sha",
                        "villager": "villager-4"}]
    table.accepted(rescues[0])
    assert state(table)["pilgrims"]["monk_sha"]["villagers"] == 1


def test_quest_9_after_the_elder_monk_a_card_on_a_rescue_with_no_spin_is_refused(client):
    """Quest 9: "Kogaiji's Trap: Only 1 of the Villager Tokens is the Elder Monk, the other 3 are
    Borrack Bull Generals hidden by the deception spell." Once the Elder Monk is found, a token left
    outside the room is a Bull General: no spin is made, so the Spirit of Fortune played on that
    Rescue has nothing to affect — refused with that sentence (it was accepted and the card kept
    but silently unused); the Rescue is listed complete."""
    table = start(client, "q9", position={**Q9_BOARD, "pilgrims": {
        "monk_sha": {"hand": ["Spirit of Fortune"]}}}, initiative=SHA_FIRST,
        quest_setup={"room": ["villager-1", "villager-2", "villager-3"]})
    maintenance(table)
    table.accepted(ev("rescue_attempt", pilgrim="monk_sha", villager="villager-1",
                      spinner="white"))
    assert state(table)["tokens"]["villagers"] == ["villager-4"]
    assert legal(table, "rescue_attempt") == [
        {"type": "rescue_attempt", "player": "p1", "pilgrim": "monk_sha", "villager": "villager-4"}]
    refused(table, ev("rescue_attempt", pilgrim="monk_sha", villager="villager-4", cards=[SPIRIT]),
            "Kogaiji's Trap: Only 1 of the Villager Tokens is the Elder Monk")
    table.accepted(ev("rescue_attempt", pilgrim="monk_sha", villager="villager-4"))
    assert "Spirit of Fortune" in state(table)["pilgrims"]["monk_sha"]["skills"]


# == Leftover 2: Kei Lun's push against an obstacle ==================================================

def test_quest_5_a_push_into_an_obstacle_is_no_crushing_kei_lun_turns_about(client):
    """Special Attack FAQ: "For each square that the Target cannot be moved, give the Target 1 point
    of Crushing Damage." — for an attack's Knock Back. Quest 5's push is not an attack, and the Quest
    says what happens when the pushed Miniature cannot move: "If obstacles or the edge of the board
    prevent Kei Lun (and/or the Miniatures he pushes) moving, turn Kei Lun through 180° instead."
    (Quest rules override the rule book.) A push entered as crushing a Pilgrim against a wall is
    refused with that sentence; entered as blocked, Kei Lun turns about and nobody is hurt."""
    table = quest_5_kei_lun_due(client)
    before = state(table)["pilgrims"]["monk_sha"]["hp"]
    refused(table, ev("kei_lun", in_range=[], die=1, pushed=["monk_sha"], crushed=["monk_sha"]),
            "If obstacles or the edge of the board prevent Kei Lun (and/or the Miniatures he "
            "pushes) moving, turn Kei Lun through 180° instead.")
    table.accepted(ev("kei_lun", in_range=[], die=1, blocked=True))
    assert state(table)["pilgrims"]["monk_sha"]["hp"] == before


def test_quest_5_a_pilgrim_pushed_onto_a_red_square_takes_a_point(client):
    """Quest 5: "…move the other Miniature one square too, as if the Miniature is pushed back." and
    Red Lines: "Pilgrims take one point of damage every time they enter one of these squares…" A
    Pilgrim Kei Lun pushes onto a red-line square loses 1 Health Point (as a Pilgrim Knocked Back
    onto one); a Demon pushed onto one takes nothing — entered, it is refused ("…damage the
    Pilgrims but do not damage the Demons."), as is a Miniature on a red square he did not push."""
    table = quest_5_kei_lun_due(client)
    before = state(table)["pilgrims"]["monk_sha"]["hp"]
    refused(table, ev("kei_lun", in_range=[], die=1, pushed=["berrok-1"], pushed_red=["berrok-1"]),
            "These lines indicate the squares that damage the Pilgrims but do not damage the "
            "Demons.")
    refused(table, ev("kei_lun", in_range=[], die=1, pushed=["berrok-1"], pushed_red=["monk_sha"]),
            "If Kei Lun moves forwards when a Demon or Pilgrim is in front of him, move the other "
            "Miniature one square too")
    table.accepted(ev("kei_lun", in_range=[], die=1, pushed=["monk_sha"], pushed_red=["monk_sha"]))
    assert state(table)["pilgrims"]["monk_sha"]["hp"] == before - 1


# == Leftover 3: one widening of a sentence printed in several Quests ===============================

def test_a_widened_quote_begins_with_its_sentence_where_the_quest_prints_one_after_it():
    """Quest 7 prints "Setup normally and then give each Pilgrim 1 Karma Upgrade." as Quests 6, 8 and
    9 do; widened by the sentence after it, its quote begins with the sentence that applies (it was
    widened backwards, beginning "- Monkey King"), and links Quest 7."""
    quote = QUESTS["q7"].upgrades_quote
    assert quote.startswith("Setup normally and then give each Pilgrim 1 Karma Upgrade.\n")
    assert "Quest 7 - Demon Army" in rulebook_sections.locate("journey", in_book(quote)).path


def test_quest_2s_deck_quote_holds_the_deck_sentence_whole_and_links_quest_2(client):
    """Quest 2's "Create a simple Demon Deck containing just the reinforcement cards for Minion
    Demons (Bull Warriors, Bull Archers, Bullserkers, and Bull Generals)." is printed alike in
    Quest 1 and is the last line of Quest 2's Board Setup: the shortest passage found in Quest 2
    first is it with the line before (the initiative). A Unique card drawn is refused with that
    passage: the deck sentence, whole, ends it, and its section is Quest 2's."""
    table = start(client, "q2")
    for _ in range(40):
        if any(e["type"] == "spawn" for e in table.view()["legal"]):
            break
        step(table)
    gate = legal(table, "spawn")[0]["gate"]
    error = refused(table, ev("spawn", gate=gate, card="unique", demons=["kogaiji"]),
                    "Create a simple Demon Deck containing just the reinforcement cards for Minion "
                    "Demons (Bull Warriors, Bull Archers, Bullserkers, and Bull Generals).")
    assert error["rule"]["quote"].endswith("and Bull Generals).")
    assert "Quest 2 - Rescue" in error["rule"]["section_path"]


# == The fifth audit =================================================================================

def free_table(client, position=None, initiative=PILGRIMS, **options):
    board = {"gates": [], "demons": [], **(position or {})}
    table = start(client, "free", position=board, initiative=list(initiative), **options)
    maintenance(table)
    return table


# -- Move ---------------------------------------------------------------------------------------------

def test_a_step_backwards_without_turning_is_refused(client):
    """Move: "A Miniature can only move in the direction it is facing, but it can Change Facing
    during a Move Action, see below." A step backwards (or sideways) with no turn paid is entered
    (`backwards`) and refused with that sentence; turning about (2 turns) and stepping is a Move of
    3 Movement Points."""
    table = free_table(client)
    refused(table, ev("move", pilgrim="monkey_king", steps=1, backwards=True),
            "A Miniature can only move in the direction it is facing, but it can Change Facing "
            "during a Move Action, see below.")
    table.accepted(ev("move", pilgrim="monkey_king", steps=1, turns=2))


def test_sliding_while_rotating_is_refused(client):
    """Figure 7: "This shows an illegal move that is a common mistake. Do not slide the Miniature
    forwards (or backwards) as you rotate." A rotation entered as sliding is refused with that
    sentence (for a Flying Nimbus's extra Move too)."""
    table = free_table(client, {"pilgrims": {"monkey_king": {"hand": ["Flying Nimbus"]}}})
    quote = "Do not slide the Miniature forwards (or backwards) as you rotate."
    refused(table, ev("move", pilgrim="monkey_king", steps=0, turns=1, slide=True), quote)
    refused(table, ev("play_card", pilgrim="monkey_king", card="Flying Nimbus", kind="skill",
                      duration="immediate", move={"steps": 1, "turns": 1, "slide": True}), quote)


def test_a_demon_option_with_a_diagonal_step_is_refused(client):
    """Move: "A Miniature cannot move diagonally." — Demons too. A Demon's option whose path takes
    a diagonal step is refused with that sentence; the same option without it is the plan."""
    table = free_table(client, {"demons": ["berrok"]})
    end_activations(table)
    option = {"actions": ["move", "attack"], "targets": ["tripitaka"], "squares": 2}
    refused(table, ev("demon_options", demon="berrok-1", options=[{**option, "diagonal": True}]),
            "A Miniature cannot move diagonally.")
    table.accepted(ev("demon_options", demon="berrok-1", options=[option]))


# -- Cards of the right deck ------------------------------------------------------------------------

def test_a_pray_draws_a_fortune_card_not_a_skill_card(client):
    """Pray: "When a Pilgrim performs a Pray Action, they draw a Fortune Card, described in the card
    section above." Phase Walk, a Skill Card the book names ("Phase Walk allows the Monkey King to
    pass through Obstructions"), entered as the card drawn is refused; a Fortune Card is kept. A
    white spin keeping a Condition Card is refused with the Meditate's sentence."""
    table = free_table(client, {"boxes": ["box-1"]})
    refused(table, ev("pray", pilgrim="monkey_king", box="box-1", card="Phase Walk"),
            "When a Pilgrim performs a Pray Action, they draw a Fortune Card")
    refused(table, ev("meditate", pilgrim="monkey_king", box="box-1", spinner="white",
                      kept="Poisoned"),
            "If the arrow ends pointing at the white area, the Player draws 3 Fortune Cards")
    table.accepted(ev("pray", pilgrim="monkey_king", box="box-1", card="Wild Herbs"))
    assert state(table)["pilgrims"]["monkey_king"]["fortune"] == ["Wild Herbs"]


# -- The Prayer of Sealing seals a Gate --------------------------------------------------------------

Q3_LAST_GATE = {"turn": 3, "gates": [{"id": "gate-1", "status": "closed"},
                                     {"id": "gate-2", "status": "closed"}, {"id": "gate-3"}],
                "sutras": ["sutra-3"], "villagers": ["villager-1"], "wells": ["well-1"],
                "boxes": ["box-1"],
                "broken_doors": ["broken-door-1"], "demons": [],
                "pilgrims": {"tripitaka": {"hand": ["Prayer of Sealing"]},
                             "monk_sha": {"villagers": 2}}}  # the other two rescued


def test_quest_3_the_prayer_of_sealing_seals_the_last_gate_victory(client):
    """Skill Card FAQ: "Tripitaka - Prayer of Sealing: If a Quest says the Gates cannot be sealed,
    this card cannot be used." — the card seals Gates (its text, not printed, names which: entered
    in `seals`). Quest 3: "The Quest ends when all the Gates are sealed…" and "Victory: The Pilgrims
    must (1) seal all the Gates." Sealing the last Gate with the Prayer wins the Quest (it did
    nothing to the Gates, so Quest 3 could not be won that way); a Gate already Closed is refused
    ("Closed Gates never become active again.")."""
    table = start(client, "q3", position=Q3_LAST_GATE,
                  initiative=["monkey_king", "cho_hakkai", "monk_sha", "tripitaka"])
    maintenance(table)
    prayer = ev("play_card", pilgrim="tripitaka", card="Prayer of Sealing", kind="skill")
    refused(table, {**prayer, "seals": ["gate-2"]}, "Closed Gates never become active again.")
    table.accepted({**prayer, "seals": ["gate-3"]})
    assert state(table)["gates"]["gate-3"]["status"] == "closed"
    got = state(table)["result"]
    assert got["outcome"] == "victory" and "seal all the Gates" in got["quote"]


def test_quest_6_the_prayer_of_sealing_seals_one_gate_only(client):
    """Quest 6: "Seal 1 Gate: A maximum of 1 Gate can be sealed, regardless of the means." A Prayer
    of Sealing naming two Gates is refused with that sentence; naming one, that Gate is Closed, and
    Closing another afterwards is refused with the same sentence."""
    table = start(client, "q6", initiative=list(PILGRIMS),
                  position={"pilgrims": {"tripitaka": {"hand": ["Prayer of Sealing"],
                                                       "sutras": 1}}})
    maintenance(table)
    prayer = ev("play_card", pilgrim="tripitaka", card="Prayer of Sealing", kind="skill")
    quote = "Seal 1 Gate: A maximum of 1 Gate can be sealed, regardless of the means."
    refused(table, {**prayer, "seals": ["gate-1", "gate-2"]}, quote)
    table.accepted({**prayer, "seals": ["gate-1"]})
    assert state(table)["gates"]["gate-1"]["status"] == "closed"
    refused(table, ev("close_gate", pilgrim="tripitaka", gate="gate-2"), quote)


# -- Quest 1 ------------------------------------------------------------------------------------------

def test_quest_1_a_skill_card_played_with_an_attack_counts_as_playing_a_skill_card(client):
    """Quest 1, Heroic Victory: "(3) any one Pilgrim must play a Skill Card". Prepare for Battle:
    "…declare any new Skill Cards or other abilities that you want to activate before the Attack."
    A Skill Card played with an Attack (entered in the Attack's cards) is a Skill Card played: the
    part is met (it stayed "not yet": only a card played on its own counted)."""
    table = start(client, "q1", position={
        "turn": 2, "gates": [{"id": "gate-1"}], "villagers": ["villager-1"], "boxes": ["box-1"],
        "doors": ["door-1"], "demons": ["berrok", "berrok", "berrok"],
        "pilgrims": {"monkey_king": {"hand": ["Phase Walk"]}}},
        quest_setup={"house": ["berrok-1", "berrok-2"]}, initiative=list(PILGRIMS))
    maintenance(table)
    table.accepted(ev("attack", pilgrim="monkey_king", targets=["berrok-3"], attack_dice=[1, 1],
                      pilgrim_die=1, weapon_damage=1, cards=[
                          {"pilgrim": "monkey_king", "card": "Phase Walk", "timing": "anytime",
                           "played": "before_roll", "damage": 1}]))
    assert part(table, "heroic_victory", "play a Skill Card") == "met"


def test_a_move_cannot_resume_after_breaking_down_a_door(client):
    """Move: "However, if movement stops, these points are lost. It cannot resume moving later, to
    use the remaining portion." and its GAME TIP: "…you cannot make a partial Move up to a door,
    break down the door, and continue with your unused Movement Points." The Monkey King moves 2 of
    his 4 squares, breaks the door down; carrying on with the 2 points left is refused with that
    sentence (even once his activation has passed on)."""
    table = free_table(client, {"doors": ["door-1"]})
    table.accepted(ev("move", pilgrim="monkey_king", steps=2))
    table.accepted(ev("break_door", pilgrim="monkey_king", door="door-1"))
    refused(table, ev("move", pilgrim="monkey_king", steps=2, continues=True),
            "It cannot resume moving later, to use the remaining portion.")


@pytest.mark.parametrize(("obstruction", "quote"), [
    ("wall", "Yellow Lines: No part of a Miniature's base can be moved through a feature marked by "
             "a yellow line at any point in the Miniature's turn, including when the Miniature "
             "Changes Facing."),
    ("closed_door", "Closed Doors block movement for all Miniatures."),
    ("token", "Unless otherwise stated, Tokens block movement and LOS for all models."),
    ("miniature", "A Miniature cannot move into or through a square which is blocked.")])
def test_a_move_through_an_obstruction_quotes_what_blocks_it(client, obstruction, quote):
    """A Move through a wall, a closed door, a Token or a Miniature is refused with the sentence
    about that obstruction (Figure 27: "Monk Sha cannot rotate his base through an impenetrable
    wall"), not only the general "cannot move into or through a square which is blocked"."""
    table = free_table(client)
    refused(table, ev("move", pilgrim="monkey_king", steps=2, through_blocked=True,
                      obstruction=obstruction), quote)


# -- Quest 8 ------------------------------------------------------------------------------------------

def test_quest_8_iron_fan_defeated_by_the_asura_seal_in_the_demon_phase(client):
    """Quest 8: "Respawn Iron Fan: … When Iron Fan is Defeated, remove any other Demons on the
    board. … and then respawn Iron Fan with new allies at the start of the next Demon Phase" and
    Asura Seal: "All effects of the Attack are reflected… Add all this damage up to see if the Demon
    is Defeated". Iron Fan attacks Tripitaka under the Asura Seal and is Defeated by her own attack:
    she and her Bull Warriors leave, the Demon Phase has nobody left to activate and the turn goes
    to its End (the view failed with a server error: her activation still pointed at her)."""
    table = start(client, "q8", initiative=list(PILGRIMS),
                  position={"pilgrims": {"tripitaka": {"hand": ["Asura Seal"]}}})
    maintenance(table)
    table.accepted(ev("play_card", pilgrim="tripitaka", card="Asura Seal", kind="skill",
                      duration="end_of_turn"))
    end_activations(table)
    demons = sorted(state(table)["demons"], key=lambda demon: demon != "yazuiji-1")
    table.accepted(ev("measure", of="demons", distances={d: n for n, d in enumerate(demons, 1)}))
    table.accepted(ev("demon_options", demon="yazuiji-1",
                      options=[{"actions": ["attack", "attack"], "targets": ["tripitaka"]}]))
    table.accepted(ev("demon_plan", demon="yazuiji-1", option=1))
    table.accepted(ev("demon_attack", demon="yazuiji-1", target="tripitaka", attack_dice=[3, 3],
                      demon_die=0))
    view = table.view()
    assert view["state"]["demons"] == {} and view["state"]["quest_state"]["defeats"] == 1
    assert view["phase"] == "end" and [e["type"] for e in view["legal"]] == ["end_turn"]
    table.accepted(ev("end_turn"))
    maintenance(table)
    end_activations(table)
    assert sorted(d["type"] for d in state(table)["demons"].values()) == ["bharhaz"] * 4 + ["yazuiji"]


# -- Quest 7 ------------------------------------------------------------------------------------------

def test_quest_7_kei_lun_attacking_a_demon_rolls_no_defense_for_it(client):
    """Quest 7: "Priority 2: Attack all Demons and Pilgrims in range/LOS. … Kei Lun's attacks Kill
    Demons" and Defense Dice: "Only certain characters use Defense Dice, for example the Pilgrims
    do and the Bull Demons do not." Defense Dice entered for a Demon Kei Lun attacks are a mistake
    at the table: refused with that sentence (a 422; it was a 400). A Demon on a green line is a
    fact, no bonus: "If a model does not use Defense Dice and stands on a defensive feature, it
    gains no bonus." — accepted, and the Berrok is Killed."""
    table = start(client, "q7", position={**Q7_PEACH, "sutras": ["sutra-1", "sutra-2", "sutra-3", "sutra-4"],
                                          "pilgrims": {}},
                  quest_setup={"kei_lun_hp": 10})
    maintenance(table)
    end_activations(table)
    attack = ev("kei_lun_ally", action="attack", guarding=True, in_range=["berrok-1"])
    refused(table, {**attack, "attacks": [{"target": "berrok-1", "attack_dice": [3, 3],
                                            "defense_dice": [1, 1]}]},
            "Only certain characters use Defense Dice, for example the Pilgrims do and the Bull "
            "Demons do not.")
    table.accepted({**attack, "attacks": [{"target": "berrok-1", "attack_dice": [3, 3],
                                           "green_square": True}]})
    assert "berrok-1" not in state(table)["demons"]


# -- Knock Back: a Demon's Follow ---------------------------------------------------------------------

def test_a_demons_follow_is_not_slowed_by_blue_nor_hurt_by_red_squares(client):
    """Blue Lines: "Demons are too strong to be impeded by these features, but Pilgrims pay 2
    Movement Points for a blue square…"; Red Lines: "…damage the Pilgrims but do not damage the
    Demons." A Bull General following its Knocked Back Target through water, or onto a red square,
    entered with those squares is refused with the sentence for each (it was a 400 naming no rule);
    the plain Follow is accepted."""
    table = free_table(client, {"demons": ["borrack"]},
                       demon_profiles={**PROFILES_WITH_MV["demon_profiles"]})
    end_activations(table)
    table.accepted(ev("demon_options", demon="borrack-1", options=[
        {"actions": ["attack", "attack"], "targets": ["tripitaka"]}]))
    table.accepted(ev("demon_plan", demon="borrack-1", option=1))
    table.accepted(ev("demon_attack", demon="borrack-1", target="tripitaka", attack_dice=[1, 1, 0],
                      demon_die=1, defense_dice=[1, 1], pushed_out_of_range=True))
    follow = ev("follow", attacker="borrack-1", steps=1)
    refused(table, {**follow, "blue": 1}, "Demons are too strong to be impeded by these features")
    refused(table, {**follow, "red": 1}, "These lines indicate the squares that damage the "
                                         "Pilgrims but do not damage the Demons.")
    table.accepted(follow)


def test_a_double_move_past_twice_the_movement_points_quotes_the_double_move(client):
    """Move: "Like many other actions, the Move Action can be made twice. Instead of performing two
    single moves, make one move of double the Movement Points." The Monkey King (MV 4) Double
    Moves 8 squares; 9 is refused with that sentence (it quoted the single Move's MV)."""
    table = free_table(client)
    refused(table, ev("move", pilgrim="monkey_king", steps=9, action_points=2),
            "Instead of performing two single moves, make one move of double the Movement Points.")
    table.accepted(ev("move", pilgrim="monkey_king", steps=8, action_points=2))


# -- The Demon Phase, step by step --------------------------------------------------------------------

def test_a_gate_draws_one_demon_card_a_demon_phase(client):
    """Spawn Demons: "For each Active Gate, draw a Demon Card from the Demon Deck, follow the
    instructions on the card, and discard the card." A second card at the same Gate is refused with
    that sentence — while other Gates are still to draw, and once every Gate has drawn (it quoted
    the Demon Phase's turn structure)."""
    table = free_table(client, {"gates": [{"id": "gate-1"}, {"id": "gate-2"}]})
    end_activations(table)
    table.accepted(ev("measure", of="gates", distances={"gate-1": 1, "gate-2": 2}))
    spawn = ev("spawn", gate="gate-1", card="reinforcement", demons=["berrok"])
    quote = ("For each Active Gate, draw a Demon Card from the Demon Deck, follow the instructions "
             "on the card, and discard the card.")
    table.accepted(spawn)
    refused(table, spawn, quote)
    table.accepted({**spawn, "gate": "gate-2"})
    refused(table, spawn, quote)


def test_gates_at_the_same_distance_spawn_in_the_order_the_table_chooses(client):
    """"Start at the Gate closest to Tripitaka, and work back to the Gate furthest from
    Tripitaka." and Resolving Ambiguities: "Where there is a choice between two equally valid
    options, take the one that makes the game harder for the Pilgrims. If you cannot decide as a
    group, the Player controlling Tripitaka decides." The closest Gate first (a farther one
    refused); two Gates equally far are both offered, and either may draw first."""
    table = free_table(client, {"gates": [{"id": "gate-1"}, {"id": "gate-2"}, {"id": "gate-3"}]})
    end_activations(table)
    table.accepted(ev("measure", of="gates", distances={"gate-1": 3, "gate-2": 3, "gate-3": 1}))
    spawn = ev("spawn", card="reinforcement", demons=["berrok"])
    refused(table, {**spawn, "gate": "gate-1"}, "Start at the Gate closest to Tripitaka")
    table.accepted({**spawn, "gate": "gate-3"})
    assert sorted(e["gate"] for e in legal(table, "spawn")) == ["gate-1", "gate-2"]
    table.accepted({**spawn, "gate": "gate-2"})
    table.accepted({**spawn, "gate": "gate-1"})


def test_demons_at_the_same_distance_activate_in_the_order_the_table_chooses(client):
    """Order: "…starting with the Demon closest to Tripitaka and continuing to the ones further
    away." Two Berroks equally close are both offered; the farther Bull Archer waits for them."""
    table = free_table(client, {"demons": ["berrok", "berrok", "bharhaz"]})
    end_activations(table)
    table.accepted(ev("measure", of="demons",
                      distances={"berrok-1": 2, "berrok-2": 2, "bharhaz-1": 1}))
    for demon, next_ones in (("bharhaz-1", {"berrok-1", "berrok-2"}), ("berrok-2", {"berrok-1"})):
        table.accepted(ev("demon_options", demon=demon, options=[]))
        table.accepted(legal(table, "demon_plan")[0])  # Plan 4: move towards Tripitaka
        assert {e["demon"] for e in legal(table, "demon_options")} == next_ones


def test_two_plans_equal_on_every_preference_are_both_offered(client):
    """Targeting: "Preference 1: Attack the most Targets possible. Preference 2: Attack the weakest
    Target (the lowest number of Health Points)." Two Priority-3 options each attack two Pilgrims
    whose weakest is Monk Sha: equal, so both are offered ("take the one that makes the game harder
    for the Pilgrims"), and an option with one Target only is refused."""
    table = free_table(client, {"demons": ["berrok"]})
    end_activations(table)
    options = [{"actions": ["attack", "attack"], "targets": ["monkey_king", "monk_sha"]},
               {"actions": ["attack", "attack"], "targets": ["cho_hakkai", "monk_sha"]},
               {"actions": ["attack", "attack"], "targets": ["monkey_king"]}]
    table.accepted(ev("demon_options", demon="berrok-1", options=options))
    assert [e["option"] for e in legal(table, "demon_plan")] == [1, 2]
    refused(table, ev("demon_plan", demon="berrok-1", option=3),
            "Preference 1: Attack the most Targets possible.")
    table.accepted(ev("demon_plan", demon="berrok-1", option=2))


# -- Karma Upgrades and cards -------------------------------------------------------------------------

def test_quest_6_karma_upgrades_take_effect_at_once(client):
    """Karma Upgrades: "If you take 10 Bad Karma Points, upgrade to the next level Weapon Card and
    take 1 Corruption Card." Quest 6 on its own: "Setup normally and then give each Pilgrim 1 Karma
    Upgrade." The Monkey King's Bad Karma Upgrade brings Level 2 and Lure of Demons, which forbids
    his Double Move and a second Move in the first turn ("…the Pilgrim cannot make Double Moves,
    cannot Rest twice, nor Attack twice."); Cho Hakkai's Good Karma Upgrade puts Greedy in his
    hand, whose Fortune Card cannot be a Skill Card ("Cho Hakkai can take a Fortune Card…")."""
    upgrades = {"monkey_king": [{"bad_karma": 10, "corruption": "Lure of Demons"}],
                "cho_hakkai": [{"good_karma": 10, "card": "Greedy"}],
                "monk_sha": [{"good_karma": 10, "card": "Spirit of Fortune"}],
                "tripitaka": [{"bad_karma": 10, "corruption": "Permanent Limp"}]}
    table = start(client, "q6", initiative=list(PILGRIMS), karma_upgrades="at_setup",
                  quest_setup={"upgrades": upgrades})
    pilgrims = state(table)["pilgrims"]
    assert (pilgrims["monkey_king"]["weapon_level"], pilgrims["monkey_king"]["corruption"]) == (
        2, ["Lure of Demons"])
    assert pilgrims["cho_hakkai"]["skills"] == ["Greedy"]
    maintenance(table)
    lure = "For example, the Pilgrim cannot make Double Moves, cannot Rest twice, nor Attack twice."
    refused(table, ev("move", pilgrim="monkey_king", steps=6, action_points=2), lure)
    table.accepted(ev("move", pilgrim="monkey_king", steps=2))
    refused(table, ev("move", pilgrim="monkey_king", steps=2), lure)
    refused(table, ev("play_card", pilgrim="cho_hakkai", card="Greedy", kind="skill",
                      draws="Phase Walk"),
            "Cho Hakkai - Greedy: Cho Hakkai can take a Fortune Card regardless of whether a "
            "Mystical Box is on the Map Tile or not.")


# -- Quest 9 ------------------------------------------------------------------------------------------

def test_quest_9_joined_after_the_elder_monk_kogaiji_is_no_longer_under_his_spell(client):
    """Quest 9: "Once the Elder Monk is rescued, Kogaiji ends the spell and is then controlled by the
    normal Demon AI." and "Final Token: … It is the Elder Monk." A game entered at Turn 3 with no
    Villager Token left on the board (the Elder Monk was found: the last token always is him) has
    Kogaiji active — he was held under his spell for ever, immune and never activating. Attacking
    Tripitaka under the Asura Seal in the Demon Phase, he is Defeated by the reflection: out of
    play with no Karma, the Gates stop, and the other Demons go on activating."""
    table = start(client, "q9", initiative=list(PILGRIMS), position={
        **Q9_BOARD, "turn": 3, "villagers": [], "demons": ["kogaiji", "borrack"],
        "pilgrims": {"tripitaka": {"hand": ["Asura Seal"], "villagers": 1}}})
    assert state(table)["quest_state"]["spell"] is False
    maintenance(table)
    table.accepted(ev("play_card", pilgrim="tripitaka", card="Asura Seal", kind="skill",
                      duration="end_of_turn"))
    end_activations(table)
    table.accepted(ev("measure", of="gates", distances={"gate-1": 1, "gate-2": 2}))
    for gate in ("gate-1", "gate-2"):
        table.accepted(ev("spawn", gate=gate, card="reinforcement", demons=["berrok"]))
    table.accepted(ev("measure", of="demons", distances={
        "kogaiji-1": 1, "borrack-1": 2, "berrok-1": 3, "berrok-2": 4}))
    table.accepted(ev("demon_options", demon="kogaiji-1", options=[
        {"actions": ["attack", "attack"], "targets": ["tripitaka"]}]))
    table.accepted(ev("demon_plan", demon="kogaiji-1", option=1))
    table.accepted(ev("demon_attack", demon="kogaiji-1", target="tripitaka", attack_dice=[3, 3],
                      demon_die=0))
    view = table.view()
    assert "kogaiji-1" not in view["state"]["demons"]
    assert {g["status"] for g in view["state"]["gates"].values()} == {"inactive"}
    assert view["state"]["pilgrims"]["tripitaka"]["bad_karma"] == 0
    assert {e["demon"] for e in view["legal"] if e["type"] == "demon_options"} == {"borrack-1"}


def test_quest_1_joined_at_turn_4_the_villager_has_two_turn_tokens_left(client):
    """Quest 1: "Transformation: Stack 5 Turn Tokens on the Villager Token and remove 1 Turn Token
    in the End Phase of each turn. In the Maintenance Phase when there are no Turn Tokens on the
    Villagers, replace the Villager Token with a Bull Warrior." Three End Phases have passed before
    Turn 4: the Villager has 2 Turn Tokens (it got 5 again), and becomes a Bull Warrior at Turn 6's
    Maintenance, as in a game played from Turn 1."""
    table = start(client, "q1", initiative=list(PILGRIMS), position={
        "turn": 4, "gates": [{"id": "gate-1"}], "villagers": ["villager-1"], "boxes": ["box-1"],
        "doors": ["door-1"], "demons": ["berrok", "berrok"]})
    assert state(table)["quest_state"]["villager_tokens"] == {"villager-1": 2}
    for _ in range(2):
        maintenance(table)
        finish_turn(table)
    assert state(table)["tokens"]["villagers"] == ["villager-1"]
    maintenance(table)
    assert state(table)["tokens"]["villagers"] == []
    assert state(table)["quest_state"]["transformed"] == ["villager-1"]


# -- Quest 10 Part 1 ----------------------------------------------------------------------------------

def test_quest_10_part_1_joined_at_turn_3_the_gates_keep_their_turn_tokens_left(client):
    """Quest 10 Part 1: "Place 4 Turn Tokens on the Gate at the lower left side of the Game Board and
    8 Turn Tokens on the Gate at the top right." and "Race to the Bridge: In the End of Turn Phase,
    remove a Turn Token from each Gate, if there are Turn Tokens still in play. Gates with Turn
    Tokens are inactive." Entered at Turn 3, the Gates have 2 and 6 Turn Tokens left (they had none,
    so the Gates the table entered inactive never woke); the first wakes after two End Phases."""
    table = start(client, "q10a", initiative=list(PILGRIMS), position={
        "turn": 3, "gates": [{"id": "gate-1", "status": "inactive"},
                             {"id": "gate-2", "status": "inactive"}, {"id": "gate-3"},
                             {"id": "gate-4"}],
        "villagers": [f"villager-{n}" for n in range(1, 6)],
        "sutras": [f"sutra-{n}" for n in range(1, 5)], "boxes": [], "broken_doors": [], "demons": []})
    assert state(table)["quest_state"]["gate_tokens"] == {"gate-1": 2, "gate-2": 6}
    for _ in range(2):
        maintenance(table)
        finish_turn(table)
    gates = state(table)["gates"]
    assert (gates["gate-1"]["status"], gates["gate-2"]["status"]) == ("active", "inactive")


def test_quest_8_joined_after_two_defeats_iron_fan_respawns_with_the_bullserkers(client):
    """Quest 8: "…respawn Iron Fan with new allies at the start of the next Demon Phase: … Second
    Respawn: Place 3 Bullserkers, then Iron Fan." A game joined with Iron Fan Defeated twice and off
    the board (`quest_setup.defeats`: it could not be entered, so she never came back and the count
    restarted) gets her second respawn at the next Demon Phase."""
    table = start(client, "q8", initiative=list(PILGRIMS), quest_setup={"defeats": 2}, position={
        "turn": 5, "gates": [{"id": "gate-1"}], "boxes": ["box-1"], "wells": ["well-1"],
        "demons": []})
    maintenance(table)
    end_activations(table)
    assert sorted(d["type"] for d in state(table)["demons"].values()) == ["boof"] * 3 + ["yazuiji"]


def test_quest_7_joined_after_the_deck_was_played_once_the_gates_are_inactive(client):
    """Quest 7: "Demon Deck: All Gates are active from the start of the Quest, but become inactive
    when the entire Demon Spawn Deck has been played once." A game joined with the 49 cards drawn
    (`quest_setup.drawn`) has every Gate inactive; more cards drawn than the deck holds is a 400."""
    board = {"turn": 9, "gates": [{"id": f"gate-{n}"} for n in range(1, 5)],
             "wells": ["well-1", "well-2"], "boxes": ["box-1"], "sutras": [f"sutra-{n}" for n in range(1, 5)],
             "demons": ["berrok"],
             "broken_doors": ["broken-door-1", "broken-door-2"]}
    table = start(client, "q7", initiative=list(PILGRIMS), position=board,
                  quest_setup={"kei_lun_hp": 10, "drawn": 49})
    assert {g["status"] for g in state(table)["gates"].values()} == {"inactive"}
    response = client.post("/api/sessions", json={
        "game": "journey", "players": ["Ann"], "position": board,
        "options": {**PROFILES, "quest": "q7", "karma_upgrades": "in_position",
                    "quest_setup": {"kei_lun_hp": 10, "drawn": 50}}})
    assert response.status_code == 400, response.get_json()


def test_quest_2_a_gate_sealed_by_the_prayer_of_sealing_counts_for_the_heroic_victory(client):
    """Quest 2, Heroic Victory: "…(2) seal at least 1 Gate, (3) possess at least 2 Sutra Tokens…".
    Tripitaka's random starting draw is the Prayer of Sealing: the Gate it seals is sealed (the
    part is met) and no Sutra is spent, so 3 Sutras remain within reach."""
    table = start(client, "q2", position={"pilgrims": {
        "tripitaka": {"hand": ["Shining Seal", "Prayer of Sealing"]}}})
    maintenance(table)
    assert part(table, "heroic_victory", "seal at least 1 Gate") == "not_yet"
    table.accepted(ev("play_card", pilgrim="tripitaka", card="Prayer of Sealing", kind="skill",
                      seals=["gate-1"]))
    assert part(table, "heroic_victory", "seal at least 1 Gate") == "met"
    assert part(table, "heroic_victory", "2 Sutra") == "not_yet"
