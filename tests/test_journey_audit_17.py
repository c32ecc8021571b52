"""Journey: the seventeenth audit (session 19, `audit22`), a sweep of the ten Quests' own rules.

Quest 7's "Demon Deck: All Gates are active from the start of the Quest, but become inactive when
the entire Demon Spawn Deck has been played once." counted every Demon Card drawn but the one that
began a Demon Rage (`spawn` with `card: rage`: a reinforcement card drawn whose Demons have no
model left and no promotion) — though that card was drawn from the deck like the others, as a
Unique Card discarded and drawn again is (and counted)."""

from tests import test_blind_scenarios_journey_11 as q11
from tests.api_table import as_seen, quotes_from

book = quotes_from("journey")
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
