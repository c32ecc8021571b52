"""Tenth audit of the Pillars of Fate referee (session 15, `audit2`), through the HTTP API.

Finding 90 under the lead's ruling, "refuse what is entered wrong; do not demand what is not
entered": "Once per Age, you must play a Divine card." (Gameplay › Divine Cards) in the calculator.
A tally that names Divine cards must name one for each player in each Age it scores (under
`divine_required: refuse`, the default; an Age without one is a 400 naming `ages[n].lanes` with
that sentence; scored under `not_enforced`). A tally that names no Divine card anywhere is scored,
and each player's breakdown ends with a line of 0 points saying the rule was not checked, quoting it
— on the calculator page too.

A mistake the event vocabulary could not express: the Sorcerer's exchange putting in one of the
player's set-aside Divine cards ("Sorcerer - When played, take another card from any of your lanes
and exchange it with one from your hand."; "5. Each player sets their 3 Divine cards aside."). The
exchange takes `divine` now, refused with "You cannot use more than 1 of your Divine cards each
Age." (Sorcerer is the Age's Divine card) and Sorcerer's text; the exchange with a hand card is
accepted.
"""

import copy

import pytest

from referee.pillars_of_fate import Game
from tests.api_table import calculated, quotes_from
from tests.test_pillars_of_fate_audit import C, D, Q, Table, position
from tests.test_pillars_of_fate_audit_6 import submit

GAME = "pillars-of-fate"
book = quotes_from(GAME)
MUST_PLAY_DIVINE = book("Once per Age, you must play a Divine card.")
NOT_ENFORCED = " (the table ruling divine_required: not_enforced)"


def unchecked(name: str, ages: str, ruling: str = "") -> str:
    """The 0-point line of a player whose tally names no Divine card in `ages` (session 16: it
    names the player and the Ages; before, one line said only that the rule was not checked)."""
    return (f"No Divine card entered for {name} in {ages}, so “{MUST_PLAY_DIVINE}” was not "
            f"checked{ruling}")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


@pytest.fixture(scope="module")
def example(client):
    """The API's own example tally: three Ages, Sun's Prophet and Moon's Hadria in each."""
    return client.get(f"/api/games/{GAME}").get_json()["score_schema"]["examples"][0]


def without_divine(tally: dict, seat: str, ages=(0, 1, 2)) -> dict:
    """`tally` with `seat`'s Divine card of each of `ages` entered as a plain card (same values)."""
    tally = copy.deepcopy(tally)
    for index in ages:
        for lane in tally["ages"][index]["lanes"].values():
            for card in lane.get(seat, []):
                card.pop("divine", None)
    return tally


def unchecked_lines(answer: dict) -> dict:
    return {player["seat"]: [line["label"] for line in player["breakdown"]
                             if line["label"].startswith("No Divine card entered")]
            for player in answer["players"]}


@pytest.mark.parametrize(("seat", "age"), [("sun", 0), ("moon", 1), ("sun", 2)])
def test_a_tally_naming_divine_cards_needs_one_for_each_player_in_each_age(client, example, seat,
                                                                            age):
    tally = without_divine(example, seat, ages=(age,))
    error = calculated(client, GAME, tally, status=400)["error"]
    assert error["field"] == f"ages[{age}].lanes"
    assert error["rule"]["quote"] == MUST_PLAY_DIVINE
    assert error["message"].startswith(f"{seat.title()} played no Divine card in Age "
                                       f"{('I', 'II', 'III')[age]}")
    # Scored under not_enforced, with a line naming who named none, and in which Age.
    tally["options"] = {"divine_required": "not_enforced"}
    other = "moon" if seat == "sun" else "sun"
    assert unchecked_lines(calculated(client, GAME, tally)) == {
        seat: [unchecked(example["names"][seat], f"Age {('I', 'II', 'III')[age]}",
                         NOT_ENFORCED)],
        other: []}


def test_one_player_s_divine_cards_named_and_not_the_other_s_is_refused(client, example):
    """Naming the Divine cards of one player only is entering them: the other's are missing."""
    error = calculated(client, GAME, without_divine(example, "moon"), status=400)["error"]
    assert error["field"] == "ages[0].lanes" and error["rule"]["quote"] == MUST_PLAY_DIVINE


def test_a_tally_with_each_ages_divine_cards_is_scored_without_the_line(client, example):
    answer = calculated(client, GAME, example)
    assert unchecked_lines(answer) == {"sun": [], "moon": []}
    assert answer["winners"]


def test_a_tally_naming_no_divine_card_is_scored_and_says_the_rule_was_not_checked(client,
                                                                                   example):
    tally = without_divine(without_divine(example, "sun"), "moon")
    answer = calculated(client, GAME, tally)
    for player in answer["players"]:
        last = player["breakdown"][-1]
        assert (last["label"], last["points"], last["rule"]["quote"]) == \
            (unchecked(player["name"], "Ages I, II and III"), 0, MUST_PLAY_DIVINE)
        assert player["total"] == sum(line["points"] for line in player["breakdown"])
    tally["options"] = {"divine_required": "not_enforced"}  # the table keeps the rule itself
    assert unchecked_lines(calculated(client, GAME, tally)) == {
        seat: [unchecked(example["names"][seat], "Ages I, II and III", NOT_ENFORCED)]
        for seat in ("sun", "moon")}


def test_under_not_enforced_the_line_names_each_player_s_ages_without_a_divine_card(client,
                                                                                    example):
    """Sweep (a): which player named no Divine card, in which Age — each in their own breakdown,
    the names as entered."""
    tally = without_divine(without_divine(example, "sun", ages=(0, 2)), "moon", ages=(1,))
    tally["options"] = {"divine_required": "not_enforced"}
    tally["names"] = {"sun": "Ana", "moon": "Ben"}
    answer = calculated(client, GAME, tally)
    assert unchecked_lines(answer) == {"sun": [unchecked("Ana", "Ages I and III", NOT_ENFORCED)],
                                       "moon": [unchecked("Ben", "Age II", NOT_ENFORCED)]}
    for player in answer["players"]:
        assert player["total"] == sum(line["points"] for line in player["breakdown"])
    # Each player's one line is the last of their breakdown and scores nothing.
    assert all(player["breakdown"][-1]["points"] == 0 for player in answer["players"])


def test_the_calculator_page_shows_the_line(client, example):
    plain = without_divine(without_divine(example, "sun"), "moon")
    assert unchecked("Sun", "Ages I, II and III") in submit(client, plain).text
    assert "No Divine card entered" not in submit(client, example).text


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


# -- The lead's 12:42 note: a position with more than 5 cards in a hand ------------------------------

DRAW = book("Then, draw back up to 5 cards.")


@pytest.mark.parametrize(("hand", "field"), [
    ({"count": 6}, "count"),
    ({"count": 5, "cards": [{"power": 1, "feathers": 0, "scorpions": 0}] * 6}, "cards"),
    ({"cards": [{"power": 2, "feathers": 1, "scorpions": 0}] * 7}, "cards"),
], ids=["count-6", "six-cards-entered", "seven-cards-no-count"])
def test_a_position_with_more_than_five_cards_in_a_hand_quotes_the_draw(client, hand, field):
    setup = copy.deepcopy(Game.example_setup)
    setup["position"]["hands"]["moon"] = hand
    response = client.post("/api/sessions", json=setup)
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["field"] == f"position.hands.moon.{field}"
    assert error["rule"]["quote"] == DRAW
    setup["position"]["hands"]["moon"] = {"count": 5}
    assert client.post("/api/sessions", json=setup).status_code == 201


# -- Outsider finding 99: the other player's card while a Divine action is pending --------------------

DIVINE_ACTION = book("The Divine cards that must be played face up usually possess an action that "
                     "you will perform immediately upon playing.")
ALTERNATE = book("During each Age, players alternate turns, strategically placing cards from their "
                 "hand into 3 quest lanes.")


def test_the_other_players_card_during_the_sorcerers_action_quotes_the_turn_order_too(client):
    table = sorcerer_played(client)
    error = table.refused({"type": "play", "player": "moon", "lane": "right", "face": "up",
                           "power": 6, "feathers": 1, "scorpions": 0}, DIVINE_ACTION)
    assert [rule["quote"] for rule in error["rules"]] == [DIVINE_ACTION, ALTERNATE]
    # Sun playing on before her exchange is told the action only.
    error = table.refused({"type": "play", "player": "sun", "lane": "right", "face": "up",
                           "power": 6, "feathers": 1, "scorpions": 0}, DIVINE_ACTION)
    assert [rule["quote"] for rule in error.get("rules", [error["rule"]])] == [DIVINE_ACTION]
    assert table.view()["phase"] == "action"
