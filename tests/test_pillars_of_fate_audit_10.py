"""Tenth audit of the Pillars of Fate referee (session 15, `audit2`), through the HTTP API.

A mistake the event vocabulary could not express: the Sorcerer's exchange putting in one of the
player's set-aside Divine cards ("Sorcerer - When played, take another card from any of your lanes
and exchange it with one from your hand."; "5. Each player sets their 3 Divine cards aside."). The
exchange takes `divine` now, refused with "You cannot use more than 1 of your Divine cards each
Age." (Sorcerer is the Age's Divine card) and Sorcerer's text; the exchange with a hand card is
accepted.
"""

import pytest

from tests.api_table import quotes_from
from tests.test_pillars_of_fate_audit import C, D, Q, Table, position

GAME = "pillars-of-fate"
book = quotes_from(GAME)


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


SORCERER = book("Sorcerer - When played, take another card from any of your lanes and exchange it "
                "with one from your hand.")
ONE_DIVINE = book("You cannot use more than 1 of your Divine cards each Age.")


def sorcerer_played(client):
    lanes = {"left": {"quest": Q(1, 1), "pillar": "sun", "sun": [C(2, f=1)], "moon": [C(3)]},
             "right": {"quest": Q(1, 1), "pillar": "moon", "moon": [D("Naka", 1)], "sun": [C(1)]}}
    table = Table(client, position(lanes, turn="sun",
                                   divine={"sun": [{"name": "Sorcerer", "power": 1},
                                                   {"name": "Klar", "power": 5},
                                                   {"name": "Steward"}],
                                           "moon": [{"name": "Hadria"}, {"name": "Pentha"}]}))
    table.ok(type="play", player="sun", lane="center", face="up", **D("Sorcerer", 1))
    return table


def test_the_sorcerer_cannot_put_in_a_set_aside_divine_card(client):
    table = sorcerer_played(client)
    error = table.refused({"type": "sorcerer_exchange", "player": "sun", "lane": "left",
                           "position": 1, "divine": "Klar", "power": 5, "feathers": 0,
                           "scorpions": 0}, ONE_DIVINE)
    assert SORCERER in [rule["quote"] for rule in error["rules"]]
    assert table.view()["phase"] == "action"
    assert [d["name"] for d in table.view("sun")["state"]["divine"]["sun"]["unplayed"]] == \
        ["Klar", "Steward"]
    table.ok(type="sorcerer_exchange", player="sun", lane="left", position=1, power=5,
             feathers=0, scorpions=0)
    assert table.lane("left")["cards"]["sun"][0]["power"] == 5
    assert "divine" not in table.lane("left")["cards"]["sun"][0]
