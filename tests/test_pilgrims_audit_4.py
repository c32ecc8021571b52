"""Fourth independent audit of the Pilgrims: Curious Adventures referee (session 9), written from the
rulebook and the API's own description (GET /api/games/pilgrims, each event's schema and example)
for what the earlier rounds played thinly: the end of round 2 when an adventure deck ran out, the
journey (advanced) game, the solo game, improvements and each ability's exceptions, payment edge
cases, "what can be done next" (`legal`) at each point of a turn, hidden information, and whole games
at every player count with their winners and tie-breakers checked against the calculator.

The table (example setup): campfires at (1,3) (2,2) (2,4) (4,2) (4,4) (5,3); public quest tiles, left
to right: B (mission 2c, notes; cost fist + speech), A (1a, wanderers; leaf + leaf), C (5, level II
adventures; speech + fist + leaf); p1's leader shows a sword, p2's notes.
"""

import pytest

from tests.test_pilgrims_audit import DISPLAY, A, C, I, M, ev, in_book, me, start, two

RATIO_CHANGE = in_book("At the end of round 2, the display's adventure card ratio changes. Put the "
                       "rightmost level I adventure card (the middle one in the display) on the "
                       "bottom of its deck. Draw a new level II adventure card, and replenish the "
                       "display with it face-up.")
ROUND_TWO_CARD = in_book("Put the rightmost level I adventure card (the middle one in the display) "
                         "on the bottom of its deck.")
DRAW_INSTEAD = in_book("If an adventure deck has no cards remaining, instead draw from the "
                       "remaining deck.")
PAY = in_book("1. To pay the items cost, discard item cards with matching adventure symbols. The "
              "player may discard item cards held by their party and/or item cards from their hand.")
DISCOUNT = in_book("Discount the cost to complete an adventure or to sign up for a public quest by "
                   "1 item card of the indicated type.")
J1 = {"spaces": [[1, 2], [3, 3], [5, 1]], "points": 4}
J2 = {"spaces": [[4, 4], [2, 3], [3, 1]], "points": 3}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def legal(table, seat="p1", kind=None) -> list[dict]:
    return [e for e in table.view(seat)["legal"] if kind is None or e["type"] == kind]


def posted(event: dict) -> dict:
    """A legal event as the table posts it (its "open" list is what the table would fill in)."""
    return {k: v for k, v in event.items() if k != "open"}


# -- the end of round 2 when an adventure deck ran out (table ruling round_two_card) -----------------

# Round 2, Bob's third turn, his Adventure phase over. The level I deck ran out in round 2, so a level
# II card fills the display's third level I place: "If an adventure deck has no cards remaining,
# instead draw from the remaining deck." The rightmost level I card is place 2; the middle one is
# that level II card.
LEVEL_ONE_GONE = [A(1, 1, [], ["fist"]), A(1, 2, [], ["speech"]), A(2, 6, [], ["leaf", "leaf"]),
                  A(2, 4, [], ["fist", "leaf"]), A(2, 5, [], ["speech", "speech"])]


def end_of_round_two(client, **options):
    return start(client, {"round": 2, "current": "p2", "phase": "replenish",
                          "display": LEVEL_ONE_GONE, "decks": {"level1": 0, "level2": 6},
                          "players": two({"movement": [1, 2, 3]}, {"movement": [1, 2, 3]})},
                 **options)


def test_the_round_two_ruling_cites_both_readings(client):
    option = client.get("/api/games/pilgrims").get_json()["options"]["round_two_card"]
    assert option["default"] == "rightmost_level1"
    assert option["schema"]["enum"] == ["rightmost_level1", "middle"]
    assert [rule["quote"] for rule in option["rules"]][:2] == [ROUND_TWO_CARD, DRAW_INSTEAD]


def test_by_default_the_rightmost_level_one_card_goes_to_the_bottom(client):
    """The literal reading: "Put the rightmost level I adventure card ... on the bottom of its
    deck." — place 2, to the level I deck (which then holds it); a new level II card takes its
    place. What can be done next shows it, the middle place is refused with the sentence."""
    table = end_of_round_two(client)
    assert legal(table, "p2") == [{"type": "replenish", "player": "p2", "to_bottom": 2}]
    error = table.refused(ev("replenish", "p2", to_bottom=3), RATIO_CHANGE)
    assert "rightmost level I adventure card, display place 2" in error["message"]
    new = A(2, 7, [], ["fist", "fist"])
    effects = table.accepted(ev("replenish", "p2", to_bottom=2, new_level2=new))["effects"]
    assert any("(display place 2) goes to the bottom of the level I deck" in e["text"]
               for e in effects)
    state = table.view()["state"]
    assert [e["card"] for e in state["display"]] == [LEVEL_ONE_GONE[0], *LEVEL_ONE_GONE[2:], new]
    assert [e["group"] for e in state["display"]] == [1, 1, 2, 2, 2]
    assert state["decks"]["level1"] == 1 and state["decks"]["level2"] == 5
    assert state["deck_bottoms"][-1]["deck"] == "level1"
    assert state["deck_bottoms"][-1]["card"] == LEVEL_ONE_GONE[1]
    assert state["round"] == 3


def test_the_middle_reading_puts_the_middle_card_on_the_bottom_of_its_own_deck(client):
    table = end_of_round_two(client, round_two_card="middle")
    assert legal(table, "p2") == [{"type": "replenish", "player": "p2", "to_bottom": 3}]
    table.refused(ev("replenish", "p2", to_bottom=2), RATIO_CHANGE)
    new = A(2, 7, [], ["fist", "fist"])
    table.accepted(ev("replenish", "p2", to_bottom=3, new_level2=new))
    state = table.view()["state"]
    assert [e["card"] for e in state["display"]] == [*LEVEL_ONE_GONE[:2], *LEVEL_ONE_GONE[3:], new]
    assert state["decks"]["level1"] == 0 and state["decks"]["level2"] == 6
    assert state["deck_bottoms"][-1] == {"deck": "level2", "card": LEVEL_ONE_GONE[2],
                                         "why": "end of round 2: the middle card of the display "
                                                "(the last level I place)"}


def test_a_full_display_reads_the_same_both_ways(client):
    """The usual display (3 level I, 2 level II): the rightmost level I card is the middle one."""
    for ruling in ("rightmost_level1", "middle"):
        table = start(client, {"round": 2, "current": "p2", "phase": "replenish",
                               "display": DISPLAY, "players": two({"movement": [1, 2, 3]},
                                                                  {"movement": [1, 2, 3]})},
                      round_two_card=ruling)
        table.accepted(ev("replenish", "p2", to_bottom=3))
        assert [e["card"] for e in table.view()["state"]["display"]][:4] == [
            DISPLAY[0], DISPLAY[1], DISPLAY[3], DISPLAY[4]]


# -- a position's journey deck -------------------------------------------------------------------------


def test_a_positions_journey_deck_leaves_out_every_card_held_or_completed(client):
    """18 journey cards: each player keeps one at setup and one more after each card completed
    ("Then, draw 2 journey cards from the deck. Choose one and return the other face-down to the
    bottom of the deck."). Ann has completed two and holds a third, Bob holds one: 14 are left."""
    table = start(client, {"display": DISPLAY,
                           "players": two({"journey": {"card": J1, "completed": [J2, J2]}},
                                          {"journey": {"card": J2}})}, journey_cards=True)
    assert table.view()["state"]["decks"]["journey"] == 14


def test_a_position_with_more_journey_cards_than_the_box_is_bad_input(client):
    response = client.post("/api/sessions", json={
        **client.get("/api/games/pilgrims").get_json()["example_setup"],
        "options": {**client.get("/api/games/pilgrims").get_json()["example_setup"]["options"],
                    "journey_cards": True},
        "position": {"display": DISPLAY, "decks": {"journey": 10},
                     "players": two({"journey": {"card": J1, "completed": [J2] * 8}},
                                    {"journey": {"card": J2}})}})
    assert response.status_code == 400
    assert response.get_json()["error"]["field"] == "position.decks.journey"


# -- a discount pays the whole cost -----------------------------------------------------------------


def test_a_cost_the_discount_covers_says_no_card_is_discarded(client):
    """A fist discount and a fist cost: the improvement pays it all. The effect says so in words
    (it read "0 item card(s) discarded"), quoting the discount's sentence."""
    discount = A(1, 1, [], ["leaf"], improvement=["discount"], discount="fist")
    table = start(client, {"phase": "activate", "turn": {"activated": True}, "display": DISPLAY,
                           "players": two({"movement": [1], "completed": [discount],
                                           "hand": [I("fist", "star")]})})
    response = table.accepted(ev("complete_adventure", source="display", index=1, pay=[]))
    [paid] = [e for e in response["effects"] if "discard" in e["text"]]
    assert paid["text"] == ("Discount improvement covers 1 item card of the items cost (fist): "
                            "no item card is discarded.")
    assert paid["rule"]["quote"].startswith(DISCOUNT)
    assert me(table)["hand"] == [I("fist", "star")]


def test_a_part_paid_cost_says_how_many_cards_and_the_discount(client):
    discount = A(1, 1, [], ["leaf"], improvement=["discount"], discount="any")
    table = start(client, {"phase": "activate", "turn": {"activated": True}, "display": DISPLAY,
                           "players": two({"movement": [1], "completed": [discount],
                                           "hand": [I("fist", "star")]})})
    texts = [e["text"] for e in table.accepted(
        ev("complete_adventure", source="display", index=4, pay=[{"hand": 1}]))["effects"]]
    assert "1 item card discarded to pay the items cost (fist, leaf)." in texts
    assert "Discount improvement covers 1 item card of the items cost (fist, leaf)." in texts


# -- what can be done next: the Adventure phase ---------------------------------------------------


def test_an_item_the_leader_holds_pays_and_is_listed(client):
    """"The player may discard item cards held by their party and/or item cards from their hand."
    Ann's only fist card is under her leader: completing the fist adventure is listed (it was not:
    the list paid from the hand only) and accepted as listed."""
    table = start(client, {"phase": "activate", "turn": {"activated": True}, "display": DISPLAY,
                           "players": two({"movement": [1], "clovers": 0, "hand": [],
                                           "leader_holds": I("fist", "sword")})})
    [listed] = legal(table, kind="complete_adventure")
    assert listed["index"] == 1 and listed["pay"] == [{"character": "leader"}]
    table.accepted(posted(listed))
    assert table.view()["state"]["players"]["p1"]["leader"]["holds"] is None
    assert table.view()["state"]["discard_pile"][-1] == I("fist", "sword")


def test_conversions_with_clovers_are_listed_and_accepted(client):
    """With 3 clovers and a beast, a wanderer adventure costing a leaf can be completed: 2 clovers
    convert the beast's type, 1 converts a speech card's symbol. Both conversions are listed."""
    wanderers = A(1, 3, ["wanderer"], ["leaf"])
    table = start(client, {"phase": "activate", "turn": {"activated": True},
                           "display": [wanderers, *DISPLAY[1:]],
                           "players": two({"movement": [1], "clovers": 3,
                                           "hand": [I("speech", "star")],
                                           "party": [M(C(["beast"], ["star"]))]})})
    [listed] = [e for e in legal(table, kind="complete_adventure") if e["index"] == 1]
    assert listed["convert_types"] == [1]
    assert listed["pay"] == [{"hand": 1, "convert": True}]
    table.accepted(posted(listed))
    assert me(table)["clovers"] == 0 and me(table)["completed"] == [wanderers]


def test_a_conversion_the_clovers_cannot_pay_is_not_listed(client):
    wanderers = A(1, 3, ["wanderer"], ["leaf"])
    table = start(client, {"phase": "activate", "turn": {"activated": True},
                           "display": [wanderers, *DISPLAY[1:]],
                           "players": two({"movement": [1], "clovers": 2,
                                           "hand": [I("speech", "star")],
                                           "party": [M(C(["beast"], ["star"]))]})})
    assert [e for e in legal(table, kind="complete_adventure") if e["index"] == 1] == []
    table.refused(ev("complete_adventure", source="display", index=1, companions=[1],
                     convert_types=[1], pay=[{"hand": 1, "convert": True}]),
                  "Spend 1 clover token in the Adventure phase")
