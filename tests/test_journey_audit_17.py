"""Journey: the seventeenth audit (session 19, `audit22`), a sweep of the ten Quests' own rules.

Quest 7's "Demon Deck: All Gates are active from the start of the Quest, but become inactive when
the entire Demon Spawn Deck has been played once." counted every Demon Card drawn but the one that
began a Demon Rage (`spawn` with `card: rage`: a reinforcement card drawn whose Demons have no
model left and no promotion) — though that card was drawn from the deck like the others, as a
Unique Card discarded and drawn again is (and counted) — finding 183.

Quest 3's `central_tile` was accepted for an Unconscious Pilgrim; a Special Card drawn for Quest 10
Part 2's Summoning Mantra was only recorded (finding 184); Quest 4's Kogaiji and Quest 6's Bull
Demon King, who never move, were moved by a Flood Gate or a Follow (finding 185). Each below."""

import pytest

from tests import test_blind_scenarios_journey_3 as q3
from tests import test_blind_scenarios_journey_11 as q11
from tests.api_table import as_seen, quotes_from
from tests.test_journey_quests_audit import activate_until, end_activations, maintenance, start

book = quotes_from("journey")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


Q7_DECK = book("Demon Deck: All Gates are active from the start of the Quest, but become inactive "
               "when the entire Demon Spawn Deck has been played once.")


def quest_7_to_the_third_gate(client, deck_cards):
    """Quest 7, Turn 1's Demon Phase: the two Bull Generals (the box's 2 models) spawned at the
    first two Gates; the third Gate is next."""
    table = q11.quest_7(client, deck_cards=deck_cards)
    for name in q11.ORDER:
        q11.act(table, name, "end_activation")
    q11.kei_lun_walks(table)
    q11.demons_step(table, "measure", of="gates", distances=q11.GATE_DISTANCES)
    for gate in ("gate-1", "gate-2"):
        q11.demons_step(table, "spawn", gate=gate, card="reinforcement", demons=["borrack"])
    return table


def test_quest_7_the_card_that_begins_a_demon_rage_is_drawn_from_the_deck(client):
    table = quest_7_to_the_third_gate(client, deck_cards=3)
    before = as_seen(table.view())
    answer = q11.demons_step(table, "spawn", gate="gate-3", card="rage", demons=["borrack"])
    gates = q11.state(table)["gates"]
    assert {gate["status"] for gate in gates.values()} == {"inactive"}
    assert Q7_DECK in [effect["rule"]["quote"] for effect in answer["effects"]]
    table.undo()
    assert as_seen(table.view()) == before


def test_quest_7_a_rage_with_cards_left_keeps_the_gates_active(client):
    table = quest_7_to_the_third_gate(client, deck_cards=4)
    q11.demons_step(table, "spawn", gate="gate-3", card="rage", demons=["borrack"])
    assert {gate["status"] for gate in q11.state(table)["gates"].values()} == {"active"}


# --- Quest 3: "Once any of the band steps onto the central Map Tile, all three Gates activate." --
#
# `central_tile` was accepted for a Pilgrim lying Unconscious, who steps nowhere; Quest 6's
# `gate_tile` already refused it. Refused now with the Unconscious Pilgrim's sentence, nothing
# changed; a standing Pilgrim wakes the Gates as before. (A dead Pilgrim has ended the Quest.)

UNCONSCIOUS = book("Pilgrims cannot play cards or take any other actions when they are "
                   "Unconscious.")


def quest_3_turn_2(client, monk_sha):
    """Quest 3 joined at Turn 2's Pilgrim Phase, the Gates still asleep, Monk Sha as given."""
    position = {"turn": 2, "gates": [{"id": f"gate-{n}", "status": "inactive"} for n in (1, 2, 3)],
                "sutras": ["sutra-1", "sutra-2", "sutra-3"],
                "villagers": ["villager-1", "villager-2", "villager-3"], "wells": ["well-1"],
                "boxes": ["box-1"], "demons": ["borrack"], "pilgrims": {"monk_sha": monk_sha}}
    table = start(client, "q3", position=position)
    maintenance(table)
    return table


def test_quest_3_an_unconscious_pilgrim_does_not_step_onto_the_central_tile(client):
    table = quest_3_turn_2(client, {"hp": 0, "status": "unconscious", "posture": "face_down"})
    before = as_seen(table.view())
    refused = {"type": "central_tile", "player": "p1", "pilgrim": "monk_sha"}
    error = table.refused(refused, UNCONSCIOUS)
    assert "Monk Sha is" in error["message"]
    assert as_seen(table.view()) == before
    table.accepted({**refused, "pilgrim": "monkey_king"})
    assert {g["status"] for g in q11.state(table)["gates"].values()} == {"active"}


# --- Quest 10 Part 2: a Special Card drawn for the Summoning Mantra --------------------------------
#
# "Summoning Mantra: For each Demon Lord chanting the Summoning Mantra, draw 2 Spawn Cards and
# alternately spawn the Demons from the two single Gates on the back tile." A Special Card drawn so
# was only recorded as a lasting card: a Flood Gate was never carried out (the next card was drawn
# at once, the card lay beside the deck), a Spawn Demon Lord placed nothing. They are followed as
# at a Gate's draw now ("For each Active Gate, draw a Demon Card from the Demon Deck, follow the
# instructions on the card, and discard the card.").

DRAW_FOLLOW = book("For each Active Gate, draw a Demon Card from the Demon Deck, follow the "
                   "instructions on the card, and discard the card.")
FLOOD_DISCARD = book("Discard the card once you have repositioned the Demons currently in play.")
SPAWN_LORD = book("Spawn Demon Lord: The Demon is placed and takes Actions as normal.")
IN_PLAY = book("If the unique Demon is currently in play, simply discard the card and draw again.")


def chanting(client, position=None):
    """Quest 10 Part 2, Turn 1's Demon Phase: a Pilgrim on the Bull Demon King's Map Tile, the
    other Lords chanting — 2 Spawn Cards each."""
    table = q3.start(client, "q10b", position=position, karma_upgrades="in_position")
    for pilgrim in q3.ORDER:
        q3.end(table, pilgrim)
    lords = sorted(d for d in q11.state(table)["demons"] if d != "koorogg-1")
    table.accepted({"type": "lords_tiles", "player": "p2", "with_pilgrims": ["koorogg-1"]})
    return table, lords


def mantra(gate, card, **fields):
    return {"type": "mantra_spawn", "player": "p2", "gate": gate, "card": card, **fields}


def test_a_flood_gate_drawn_for_the_mantra_is_carried_out_before_the_next_card(client):
    table, lords = chanting(client)
    table.accepted(mantra("gate-1", "special", name="Flood Gate"))
    assert q11.state(table)["special_cards"] == []
    legal = table.view()["legal"]
    assert {e["type"] for e in legal if e["player"] == "p2"} >= {"flood_gate"}
    assert not any(e["type"] == "mantra_spawn" for e in legal)
    before = as_seen(table.view())
    table.refused(mantra("gate-2", "reinforcement", demons=["berrok"]), DRAW_FOLLOW)
    assert as_seen(table.view()) == before
    answer = table.accepted({"type": "flood_gate", "player": "p2", "gate": "gate-1",
                             "closer": {d: False for d in ["koorogg-1", *lords]}})
    assert FLOOD_DISCARD in " ".join(e["rule"]["quote"] for e in answer["effects"])
    table.accepted(mantra("gate-2", "reinforcement", demons=["berrok"]))


def test_a_spawn_demon_lord_for_the_mantra_is_discarded_while_he_is_in_play(client):
    table, _lords = chanting(client)
    draws = q11.state(table)["quest_state"]["mantra_draws"]
    answer = table.accepted(mantra("gate-1", "special", name="Spawn Demon Lord",
                                   demons=["yazuiji"]))
    assert IN_PLAY in [e["rule"]["quote"] for e in answer["effects"]]
    assert q11.state(table)["quest_state"]["mantra_draws"] == draws
    assert q11.state(table)["special_cards"] == []


def test_a_spawn_demon_lord_for_the_mantra_places_a_lord_not_in_play(client):
    # Iron Fan Cleansed in an earlier Turn ("Demon Lords that are Cleansed are removed
    # permanently."): the card places her, to leave after her first Attack Action.
    position = {"turn": 3, "gates": [{"id": f"gate-{n}"} for n in range(1, 6)],
                "villagers": ["villager-1", "villager-2", "villager-3"], "wells": ["well-1"],
                "demons": ["kogaiji", "koorogg"]}
    table, _lords = chanting(client, position)
    answer = table.accepted(mantra("gate-1", "special", name="Spawn Demon Lord",
                                   demons=["yazuiji"]))
    assert SPAWN_LORD in " ".join(e["rule"]["quote"] for e in answer["effects"])
    demons = q11.state(table)["demons"]
    assert demons["yazuiji-1"]["leaves_after_attack"] is True
    table.refused(mantra("gate-2", "special", name="Spawn Demon Lord", demons=["berrok"]),
                  SPAWN_LORD)


# --- Quests 4 and 6: a Demon Lord who never moves, moved by a Flood Gate or a Follow ---------------
#
# Quest 4: "Kogaiji's Actions: Kogaiji rants and will attack anyone in his attack range, but he will
# not move from behind his desk under any circumstances."; Quest 6: "The Bull Demon King's Actions:
# The Bull Demon King does not move, …". Only their plans' Moves were refused: a Flood Gate moving
# them (Quest 9 refuses it for Kogaiji under his spell: "Quest rules override Card rules") and a
# Follow after a Knock Back were accepted. Both are refused now with the Quest's sentence; a Flood
# Gate leaving them where they stand and a Follow of 0 steps are accepted, and `legal` offers that
# Follow only.

KOGAIJI_STAYS = book("Kogaiji's Actions: Kogaiji rants and will attack anyone in his attack range, "
                     "but he will not move from behind his desk under any circumstances.")
KNOCKING_KOGAIJI = {"kogaiji": {"demon_die_results": {"1": {"damage": 1, "knock_back": 1,
                                                             "condition": None}}}}


def test_quest_4_a_flood_gate_does_not_move_kogaiji(client):
    table = start(client, "q4")
    maintenance(table)
    end_activations(table)
    table.accepted({"type": "spawn", "player": "p1", "gate": "gate-1", "card": "special",
                    "name": "Flood Gate"})
    in_play = sorted(q11.state(table)["demons"])
    before = as_seen(table.view())
    flood = {"type": "flood_gate", "player": "p1", "gate": "gate-1",
             "closer": {demon: demon == "kogaiji-1" for demon in in_play}}
    error = table.refused(flood, KOGAIJI_STAYS)
    assert "Flood Gate" in error["message"]
    assert as_seen(table.view()) == before
    table.accepted({**flood, "closer": {demon: demon == "berrok-1" for demon in in_play}})


def test_quest_4_kogaiji_does_not_follow_a_knock_back(client):
    table = start(client, "q4", demon_profiles=KNOCKING_KOGAIJI)
    maintenance(table)
    end_activations(table)
    activate_until(table, "kogaiji-1")
    table.accepted({"type": "demon_options", "player": "p1", "demon": "kogaiji-1", "options": [
        {"actions": ["attack", "attack"], "ends": "not_closer", "squares": 0,
         "targets": ["monkey_king"]}]})
    table.accepted({"type": "demon_plan", "player": "p1", "demon": "kogaiji-1", "option": 1})
    table.accepted({"type": "demon_attack", "player": "p1", "demon": "kogaiji-1",
                    "target": "monkey_king", "attack_dice": [1, 0], "demon_die": 1,
                    "defense_dice": [0, 0], "pushed_out_of_range": True})
    follows = [e for e in table.view()["legal"] if e["type"] == "follow"]
    assert follows and all(e.get("steps") == 0 and "open" not in e for e in follows)
    before = as_seen(table.view())
    follow = {"type": "follow", "player": "p1", "attacker": "kogaiji-1", "steps": 1}
    table.refused(follow, KOGAIJI_STAYS)
    assert as_seen(table.view()) == before
    table.accepted({**follow, "steps": 0})


KING_STAYS = book("The Bull Demon King's Actions: The Bull Demon King does not move, but he will "
                  "attack any Pilgrim that is in his attack zone/LOS.")


def test_quest_6_a_flood_gate_does_not_move_the_bull_demon_king(client):
    table = start(client, "q6")
    maintenance(table)
    first = next(e["pilgrim"] for e in table.view()["legal"] if e["type"] == "end_activation")
    table.accepted({"type": "gate_tile", "player": "p1", "pilgrim": first, "gates": ["gate-1"]})
    end_activations(table)
    table.accepted({"type": "spawn", "player": "p1", "gate": "gate-1", "card": "special",
                    "name": "Flood Gate"})
    in_play = sorted(q11.state(table)["demons"])
    flood = {"type": "flood_gate", "player": "p1", "gate": "gate-1",
             "closer": {demon: demon.startswith("koorogg") for demon in in_play}}
    before = as_seen(table.view())
    table.refused(flood, KING_STAYS)
    assert as_seen(table.view()) == before
    table.accepted({**flood, "closer": {demon: demon == "berrok-1" for demon in in_play}})


# "Demon Lords that are Cleansed are removed permanently." (Quest 10 Part 2): a Unique Card or a
# Spawn Demon Lord drawn for the Mantra for a Lord Cleansed earlier placed him again; it is
# discarded and another drawn, as for a Lord in play (finding 184).

CLEANSED_GONE = book("Demon Lords that are Cleansed are removed permanently.")


@pytest.mark.parametrize("card", [{"card": "unique", "demons": ["yazuiji"]},
                                  {"card": "special", "name": "Spawn Demon Lord",
                                   "demons": ["yazuiji"]}], ids=["unique", "spawn_demon_lord"])
def test_a_lord_cleansed_is_not_spawned_again_by_the_mantra(client, card):
    table = q3.start(client, "q10b", karma_upgrades="in_position")
    table.accepted({"type": "attack", "player": "p1", "pilgrim": "monkey_king",
                    "targets": ["yazuiji-1"], "attack_dice": [3, 3], "pilgrim_die": 3,
                    "weapon_damage": 3, "target_hp": 6})
    table.accepted({"type": "resolve_defeat", "player": "p1", "pilgrim": "monkey_king",
                    "choice": "cleanse", "cleanse_dice": [3, 3, 3], "soul_power": 3, "reward": 5})
    for pilgrim in q3.ORDER:
        q3.end(table, pilgrim)
    table.accepted({"type": "lords_tiles", "player": "p2", "with_pilgrims": ["koorogg-1"]})
    draws = q11.state(table)["quest_state"]["mantra_draws"]
    answer = table.accepted(mantra("gate-1", **card))
    assert CLEANSED_GONE in " ".join(e["rule"]["quote"] for e in answer["effects"])
    assert "yazuiji" not in {d["type"] for d in q11.state(table)["demons"].values()}
    assert q11.state(table)["quest_state"]["mantra_draws"] == draws
    table.accepted(mantra("gate-1", "reinforcement", demons=["berrok"]))


CHANT = book("If there are no Pilgrims on the Map Tile with a Demon Lord, then the Demon will chant "
             "the Summoning Mantra.")


def test_a_chanting_lord_the_flood_gate_moves_still_chants(client):
    # The Flood Gate makes the Demons it moves active ("as if they spawned there this turn"); a Lord
    # chanting the Mantra stayed active too, and as the closest Demon his activation — refused,
    # he chants — blocked the Demon Phase.
    table, lords = chanting(client)
    table.accepted(mantra("gate-1", "special", name="Flood Gate"))
    answer = table.accepted({"type": "flood_gate", "player": "p2", "gate": "gate-1",
                             "closer": {d: d == "kogaiji-1" for d in ["koorogg-1", *lords]}})
    assert CHANT in [e["rule"]["quote"] for e in answer["effects"]]
    for gate in ("gate-2", "gate-1", "gate-2"):
        table.accepted(mantra(gate, "reinforcement", demons=["berrok"]))
    demons = q11.state(table)["demons"]
    assert demons["kogaiji-1"]["active"] is False
    active = [d for d, demon in demons.items() if demon["active"]]
    table.accepted({"type": "measure", "player": "p2", "of": "demons",
                    "distances": {d: n for n, d in enumerate(active, 1)}})
    offered = {e["demon"] for e in table.view()["legal"] if e["type"] == "demon_options"}
    assert offered and "kogaiji-1" not in offered
