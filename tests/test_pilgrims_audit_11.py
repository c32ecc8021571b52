"""Pilgrims: the eleventh audit (session 16): outsider findings 109 (a public quest's own payment
step) and 110 (a face-up card entered from another seat's phone), and finding 114 (the calculator's
one-player tally without the falconer)."""

import pytest

from tests.test_blind_scenarios_pilgrims_8 import anns_turn_with_two_leaves

PAY_ADVENTURE = ("1. To pay the items cost, discard item cards with matching adventure symbols. "
                 "The player may discard item cards held by their party and/or item cards from "
                 "their hand.")
PAY_QUEST = ("1. Discard item cards to pay the items cost. This follows the same process as when "
             "completing an adventure card.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def quotes(response):
    assert response.status_code == 422, response.get_json()
    error = response.get_json()["error"]
    return [rule["quote"] for rule in error.get("rules", [error["rule"]])]


@pytest.mark.parametrize("pay", [[{"hand": 1}], [{"hand": 1}, {"hand": 2}, {"hand": 3}],
                                 [{"hand": 9}, {"hand": 1}]],
                         ids=["too-few", "too-many", "no-such-card"])
def test_finding_109_a_public_quest_paid_wrong_quotes_its_own_step_then_the_process(client, pay):
    table = anns_turn_with_two_leaves(client)
    seq = table.seq
    assert quotes(table.send({"type": "sign_up", "player": "p1", "tile": "A", "pay": pay})) == [
        PAY_QUEST, PAY_ADVENTURE]
    assert table.seq == seq
    assert quotes(table.send({"type": "complete_adventure", "player": "p1", "source": "display",
                              "index": 1, "pay": pay, "companions": [1]})) == [PAY_ADVENTURE]
    answer = table.accepted({"type": "sign_up", "player": "p1", "tile": "A",
                             "pay": [{"hand": 1}, {"hand": 2}]})
    assert PAY_QUEST in [effect["rule"]["quote"] for effect in answer["effects"]
                         if effect.get("rule")]


# --- Finding 114: the calculator's one player is the solo game ------------------------------------

SOLO = "In a solo Pilgrims game, one player competes against the falconer!"
ANN = {"name": "Ann", "items": 3, "clovers": 3, "adventures": [{"level": 1, "points": 4}]}
FALCONER = {"name": "Falconer", "falconer": True, "items": 2, "clovers": 0, "adventures": []}


def test_finding_114_one_player_without_the_falconer_is_refused_with_the_solo_sentence(client):
    response = client.post("/api/score/pilgrims", json={"players": [ANN]})
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["field"] == "players" and SOLO in error["message"]
    response = client.post("/api/score/pilgrims", json={"players": [ANN, FALCONER]})
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["winners"] == ["Ann"]


# --- Finding 110: a face-up card is entered from any seat's phone ---------------------------------

def test_finding_110_bobs_phone_enters_a_face_up_card_in_anns_turn_and_nothing_else(client):
    from tests.test_blind_scenarios_pilgrims_8 import adventure, anns_adventure_phase

    table = anns_adventure_phase(client)
    table.accepted({"type": "reveal", "player": "p2", "index": 1, "card": adventure(["leaf"], 3)})
    assert table.view("p1")["state"]["display"][0]["card"]["points"] == 3
    # a move of Bob's in Ann's turn is still refused with the turn order
    response = table.send({"type": "gain_clover", "player": "p2"})
    assert response.status_code == 422, response.get_json()
    assert "Play proceeds clockwise" in response.get_json()["error"]["rule"]["quote"]
