"""Fifth independent audit of the Pilgrims: Curious Adventures referee (round 7), written from the
rulebook and the API's own description, on what round 4 left: paying an items cost every way the
book allows (hand and party items, a wild coin, clover conversions, discount improvements, which
companions take part and which retire), and each way the book forbids refused with the sentence that
forbids it; what can be done next in the Adventure phase; and whole games at every player count
chosen among everything `legal` lists, against the calculator.

The table (example setup): campfires at (1,3) (2,2) (2,4) (4,2) (4,4) (5,3); public quest tiles, left
to right: B (mission 2c, notes; cost fist + speech), A (1a, wanderers; leaf + leaf), C (5, level II
adventures; speech + fist + leaf); p1's leader shows a sword, p2's notes. The display (DISPLAY):
1 fist, 2 speech, 3 leaf, 4 fist + leaf, 5 speech + speech, none with a party requirement.
"""

import pytest

from tests.test_pilgrims_audit import DISPLAY, A, I, ev, in_book, me, start, two

DISCOUNT = in_book("Discount the cost to complete an adventure or to sign up for a public quest by "
                   "1 item card of the indicated type.")
UNCONVERTED = in_book("Improvement discount symbols aren't affected.")
CLOVER_ADVENTURE = in_book("Spend 1 clover token in the Adventure phase to convert an item card's "
                           "adventure symbol to match the items cost and complete the adventure.")
PAY = in_book("1. To pay the items cost, discard item cards with matching adventure symbols.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def discount(symbol, points=1):
    """A completed level I adventure card whose improvement discounts one `symbol` item card."""
    return A(1, points, [], ["speech"], improvement=["discount"], discount=symbol)


def adventure_phase(client, p1, display=DISPLAY, quests=None):
    """Ann has moved and gained her clover: the Adventure phase is next."""
    position = {"phase": "activate", "turn": {"activated": True}, "display": display,
                "players": two({"movement": [1], **p1})}
    if quests is not None:
        position["quests"] = quests
    return start(client, position)


# -- clovers and discount improvements ------------------------------------------------------------


def test_a_clover_cannot_convert_a_discount_symbol(client):
    """"Spend 1 clover token in the Adventure phase to convert an item card's adventure symbol to
    match the items cost and complete the adventure. Improvement discount symbols aren't
    affected." Ann holds a fist discount and 1 clover; the leaf adventure cannot be had by
    converting the discount (it could not be entered: a payment named item cards only). The twin:
    the clover converts an item card's symbol instead."""
    table = adventure_phase(client, {"completed": [discount("fist")], "clovers": 1,
                                     "hand": [I("speech", "star")]})
    error = table.refused(ev("complete_adventure", source="display", index=3,
                             pay=[{"improvement": 1, "convert": True}]), UNCONVERTED)
    assert error["rule"]["quote"] == UNCONVERTED
    assert "fist discount" in error["message"]
    table.accepted(ev("complete_adventure", source="display", index=3,
                      pay=[{"hand": 1, "convert": True}]))
    assert me(table)["clovers"] == 0 and me(table)["hand"] == []


def test_a_named_discount_pays_its_own_symbol(client):
    """A discount named in the payment covers one item card of its type: the fist adventure with
    nothing discarded, the hand kept."""
    table = adventure_phase(client, {"completed": [discount("fist")],
                                     "hand": [I("fist", "star")]})
    response = table.accepted(ev("complete_adventure", source="display", index=1,
                                 pay=[{"improvement": 1}]))
    assert ("Discount improvement covers 1 item card of the items cost (fist): no item card is "
            "discarded.") in [e["text"] for e in response["effects"]]
    assert me(table)["hand"] == [I("fist", "star")]


def test_a_named_discount_of_another_type_is_refused_with_the_discount_sentence(client):
    """A fist discount named for a leaf cost: "Discount ... by 1 item card of the indicated type."
    is the sentence that forbids it (not the items-cost one)."""
    table = adventure_phase(client, {"completed": [discount("fist")],
                                     "hand": [I("leaf", "star")]})
    error = table.refused(ev("complete_adventure", source="display", index=3,
                             pay=[{"improvement": 1}]), DISCOUNT)
    assert "covers nothing" in error["message"]
    table.accepted(ev("complete_adventure", source="display", index=3, pay=[{"hand": 1}]))


def test_a_discount_named_beside_the_card_it_would_replace_is_refused(client):
    """A fist card and the fist discount both named for a single fist: the discount covers nothing
    the card leaves. Either alone is accepted (the card alone: the discount is not used)."""
    table = adventure_phase(client, {"completed": [discount("fist")],
                                     "hand": [I("fist", "star")]})
    table.refused(ev("complete_adventure", source="display", index=1,
                     pay=[{"hand": 1}, {"improvement": 1}]), DISCOUNT)
    table.accepted(ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}]))
    assert me(table)["hand"] == []


def test_a_completed_card_without_a_discount_named_in_a_payment_is_refused(client):
    table = adventure_phase(client, {"completed": [A(1, 2)], "hand": []})
    error = table.refused(ev("complete_adventure", source="display", index=1,
                             pay=[{"improvement": 1}]), DISCOUNT)
    assert error["message"] == "Your completed adventure card 1 shows no discount improvement."
    error = table.refused(ev("complete_adventure", source="display", index=1,
                             pay=[{"improvement": 2}]), DISCOUNT)
    assert error["message"] == "You have no completed adventure card at place 2."


def test_one_discount_named_twice_is_bad_input(client):
    table = adventure_phase(client, {"completed": [discount("any")], "hand": []})
    response = table.send(ev("complete_adventure", source="display", index=4,
                             pay=[{"improvement": 1}, {"improvement": 1}]))
    assert response.status_code == 400
    assert response.get_json()["error"]["field"] == "event.pay[1]"
    response = table.send(ev("complete_adventure", source="display", index=4,
                             pay=[{"improvement": 1, "hand": 1}]))
    assert response.status_code == 400


def test_an_any_discount_named_and_a_converted_card_pay_two_symbols(client):
    """"Discount of 1 adventure symbol of any type." with a clover's conversion: the fist + leaf
    adventure paid by the 'any' discount and a speech card converted."""
    table = adventure_phase(client, {"completed": [discount("any")], "clovers": 1,
                                     "hand": [I("speech", "star")]})
    table.accepted(ev("complete_adventure", source="display", index=4,
                      pay=[{"improvement": 1}, {"hand": 1, "convert": True}]))
    assert me(table)["clovers"] == 0 and len(me(table)["completed"]) == 2


def test_a_quest_sign_up_names_a_discount_too(client):
    """"Discount the cost to complete an adventure or to sign up for a public quest ..." — tile B
    (fist + speech) with a named speech discount and a fist card."""
    table = adventure_phase(client, {"completed": [discount("speech")],
                                     "hand": [I("fist", "star")]})
    table.refused(ev("sign_up", tile="A", pay=[{"improvement": 1}, {"hand": 1}]), DISCOUNT)
    table.accepted(ev("sign_up", tile="B", pay=[{"improvement": 1}, {"hand": 1}]))
    assert me(table)["hand"] == []


def test_the_table_page_names_a_discount_in_a_payment(client):
    app = client.application
    with app.test_request_context():
        labels = app.jinja_env.get_template("play/_labels_pilgrims.html").module
        said = " ".join(str(labels.pay_text([{"improvement": 1}, {"hand": 2}])).split())
    assert said == "the discount of completed adventure 1, hand 2"
