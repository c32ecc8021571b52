"""Journey: Wrath of Demons — the fifth independent audit (session 8): last session's three
leftovers, then scenarios written from the rulebook first (the whole book read again), Quest by
Quest and then the general rules the earlier audits touched least, played through the HTTP API
(Flask test client, in-process) with the events' JSON Schema examples. Each scenario quotes its
rule in its docstring. Findings and rulings are recorded in docs/games/journey.md.
"""

import pytest

from referee.journey.quests import QUESTS
from rulebook_index import sections as rulebook_sections
from tests.test_journey_audit_4 import Q9_BOARD, SHA_FIRST, SPIRIT, quest_5_kei_lun_due, quiet_turn
from tests.test_journey_quests_audit import (
    PILGRIMS,
    end_activations,
    ev,
    in_book,
    maintenance,
    refused,
    start,
    state,
)


@pytest.fixture
def client(module_client):
    return module_client


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
        from tests.test_journey_quests_audit import step
        step(table)
    gate = legal(table, "spawn")[0]["gate"]
    error = refused(table, ev("spawn", gate=gate, card="unique", demons=["kogaiji"]),
                    "Create a simple Demon Deck containing just the reinforcement cards for Minion "
                    "Demons (Bull Warriors, Bull Archers, Bullserkers, and Bull Generals).")
    assert error["rule"]["quote"].endswith("and Bull Generals).")
    assert "Quest 2 - Rescue" in error["rule"]["section_path"]
