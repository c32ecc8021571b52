"""Journey: Wrath of Demons — the tenth audit (session 13): a Demon's `extra_damage` is tied to
what the book says adds to a Demon's attack.

"The base rolls for both the Attacker and the Target are modified by any cards in play." and, for
the Demon Die, "Consult the Demon's Profile Sheet to check whether the black Demon Die is required
in combat and for the exact meaning of the roll, but a good roll may increase the Demon's attack
roll result." Nothing else in the book adds to a Demon's attack. So `extra_damage` on a
`demon_attack` names the cards in effect that give it (`bonus_from`, as a Pilgrim's Attack has
since session 12), except where it is the Demon Die's result the referee cannot read: the Demon
rolled the die and the face is not among its Profile Sheet results the book prints or the table
entered. Unnamed otherwise, or naming a card not in effect: refused with the cards-in-play
sentence. `bonus_from` on a Demon's attack names the cards for the damage and the Target's
`extra_defense` alike.
"""

import pytest

from tests.test_journey_audit_6 import free_table
from tests.test_journey_audit_9 import (
    CARD,
    IN_PLAY,
    MK,
    Q_CARDS_IN_PLAY,
    berrok_attacks_the_monkey_king,
    demon_attack,
)
from tests.test_journey_quests_audit import ev, refused, state

Q_DEMON_DIE = ("Consult the Demon's Profile Sheet to check whether the black Demon Die is required "
               "in combat and for the exact meaning of the roll, but a good roll may increase the "
               "Demon's attack roll result.")


@pytest.fixture
def client(module_client):
    return module_client


def texts(answer):
    return [e["text"] for e in answer["effects"]]


def test_a_demons_extra_damage_with_no_card_named_is_refused(client):
    """The Berrok rolls no Demon Die: 2 extra damage with no card named is refused with the
    cards-in-play sentence, and so is a card not in effect; nothing is written."""
    table = berrok_attacks_the_monkey_king(client, {MK: IN_PLAY})
    error = refused(table, demon_attack(extra_damage=2, defense_dice=[0, 0]), Q_CARDS_IN_PLAY)
    assert "bonus_from" in error["message"]
    refused(table, demon_attack(extra_damage=2, defense_dice=[0, 0], bonus_from=["Elsewhere"]),
            Q_CARDS_IN_PLAY)
    assert state(table)["pilgrims"][MK]["hp"] == 10


def test_a_demons_extra_damage_from_a_card_in_play_is_added_and_named(client):
    """Named to a card in the Target's playing area: 3 + 2 rolled and 2 from the card against
    0 + 0 defended — 7 damage, 10 Health Points down to 3; the effect names the card."""
    table = berrok_attacks_the_monkey_king(client, {MK: IN_PLAY})
    answer = table.accepted(demon_attack(extra_damage=2, defense_dice=[0, 0], bonus_from=[CARD]))
    assert f"+2 damage from {CARD}." in texts(answer)
    assert state(table)["pilgrims"][MK]["hp"] == 3


def test_one_card_named_for_both_the_damage_and_the_defense(client):
    """`bonus_from` serves both fields of a Demon's attack: named with `extra_damage` alone it is
    not a 400 asking for `extra_defense`, and both together are added."""
    table = berrok_attacks_the_monkey_king(client, {MK: IN_PLAY})
    answer = table.accepted(demon_attack(extra_damage=1, extra_defense=2, defense_dice=[0, 0],
                                         bonus_from=[CARD]))
    assert f"+1 damage from {CARD}." in texts(answer)
    assert f"+2 defense from {CARD}." in texts(answer)
    assert state(table)["pilgrims"][MK]["hp"] == 6  # 6 damage - 2 defense


def borrack_attacks_the_monkey_king(client):
    """The Bull General rolls the Demon Die; the book prints what a 1 does (Figure 20: Knock Back
    1, no damage), not a 2 or a 3."""
    table = free_table(client, {"demons": ["borrack"], "pilgrims": {MK: IN_PLAY}})
    while table.view()["phase"] == "pilgrims":
        table.accepted(next(e for e in table.view()["legal"] if e["type"] == "end_activation"))
    table.accepted(ev("demon_options", demon="borrack-1", options=[
        {"actions": ["attack", "attack"], "targets": [MK], "squares": 0}]))
    table.accepted(ev("demon_plan", demon="borrack-1", option=1))
    return table


def borrack_attack(**fields):
    return ev("demon_attack", demon="borrack-1", target=MK, attack_dice=[1, 1, 1],
              defense_dice=[0, 0], **fields)


def test_the_demon_dies_unread_result_needs_no_card(client):
    """A 3 on the Bull General's Demon Die: what it does is on his Profile Sheet, not in the book,
    so the table enters its damage unnamed — accepted, the effect citing the Demon Die's
    sentence: 3 rolled and 2 against 0 defended, 10 Health Points down to 5."""
    table = borrack_attacks_the_monkey_king(client)
    answer = table.accepted(borrack_attack(demon_die=3, extra_damage=2))
    assert "+2 damage from the Demon Die's result on the Profile Sheet." in texts(answer)
    quotes = [e.get("rule", {}).get("quote") for e in answer["effects"]]
    assert Q_DEMON_DIE in quotes
    assert state(table)["pilgrims"][MK]["hp"] == 5


def test_a_read_demon_die_face_leaves_no_room_for_unnamed_damage(client):
    """A 1 on the Bull General's Demon Die is printed (Knock Back 1, no damage): extra damage on
    top of it names its card, like any other."""
    table = borrack_attacks_the_monkey_king(client)
    refused(table, borrack_attack(demon_die=1, extra_damage=2, knock_back_blocked=1),
            Q_CARDS_IN_PLAY)
    refused(table, borrack_attack(extra_damage=2), Q_DEMON_DIE)  # the die must be entered
