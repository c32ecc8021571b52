"""Ninth audit of the Pillars of Fate referee (session 14, `audit2`), through the HTTP API.

Finding 91: a new Age begun while the Age's cards are still being played is refused with the
sentence that says when an Age ends ("An Age ends when each of the 3 lanes are full."), not the
turn's play — whoever's turn it is and while a Divine action is owed; before the Age's first card
(its quests just placed) the play is what comes next; the last card played, the new Age is
accepted. A draft entered after setup's (between Ages, in a turn, during a Divine action) quotes the
draft's sentence, as a second draft entry in the draft does.
"""

import pytest

from tests.guard_cases.pillars_of_fate import ENDS_AGE, QUESTS, last_card
from tests.test_pillars_of_fate_audit import C, D, Q, Table, position, refused

AGE_ENDS = "An Age ends when each of the 3 lanes are full."
NEW_AGE = {"type": "begin_age", "quests": QUESTS, "modifier": "no_suit"}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


@pytest.mark.parametrize("player", ["sun", "moon"])
def test_a_new_age_begun_with_one_place_left_is_refused_with_the_ages_end(client, player):
    table = Table(client, last_card())
    refused(table.post(player=player, **NEW_AGE), AGE_ENDS)
    assert table.state["age"] == 1
    table.ok(**ENDS_AGE)
    table.ok(player="moon", **NEW_AGE)
    assert table.state["age"] == 2


def test_a_new_age_begun_while_the_sorcerers_exchange_is_owed_is_refused_with_the_ages_end(client):
    lanes = {"left": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(2, f=1)], "moon": [C(3)]},
             "right": {"quest": Q(1, 1), "pillar": "moon", "moon": [D("Naka", 1)], "sun": [C(1)]}}
    table = Table(client, position(lanes, turn="sun",
                                   divine={"sun": [{"name": "Sorcerer", "power": 1},
                                                   {"name": "Klar"}, {"name": "Steward"}],
                                           "moon": [{"name": "Hadria"}, {"name": "Pentha"}]}))
    table.ok(type="play", player="sun", lane="center", face="up", **D("Sorcerer", 1))
    assert table.view()["phase"] == "action"
    refused(table.post(player="sun", **NEW_AGE), AGE_ENDS)


KEEP = "Players simultaneously select 1 card to keep, passing the other 2 to their opponent."
DRAFT = {"type": "draft_divine", "kept": "Klar", "passed": ["Naka", "Steward"]}


@pytest.mark.parametrize("at", ["quests", "turn", "action", "new_age"])
def test_a_draft_entered_after_setups_is_refused_with_the_drafts_sentence(client, at):
    """The draft is setup step 4, once ("Players simultaneously select 1 card to keep, passing the
    other 2 to their opponent."): entered again between Ages, in a turn or while a Divine action
    is owed, it quotes that sentence (as a second draft entry in the draft does), not the play or
    the quests."""
    if at == "action":
        lanes = {"left": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(2, f=1)], "moon": [C(3)]},
                 "right": {"quest": Q(1, 1), "pillar": "moon", "moon": [D("Naka", 1)],
                           "sun": [C(1)]}}
        table = Table(client, position(lanes, turn="sun",
                                       divine={"sun": [{"name": "Sorcerer", "power": 1},
                                                       {"name": "Klar"}, {"name": "Steward"}],
                                               "moon": [{"name": "Hadria"}, {"name": "Pentha"}]}))
        table.ok(type="play", player="sun", lane="center", face="up", **D("Sorcerer", 1))
    else:
        table = Table(client, last_card())
        if at in ("quests", "new_age"):
            table.ok(**ENDS_AGE)
        if at == "new_age":
            table.ok(player="moon", **NEW_AGE)
    seq = table.seq
    for player in ("sun", "moon"):
        refused(table.post(player=player, **DRAFT), KEEP)
    assert table.seq == seq
