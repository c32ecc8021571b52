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

from referee.core import engine
from referee.pilgrims import Game
from tests.api_table import ApiTable, calculated
from tests.test_pilgrims_audit import (
    DISPLAY,
    A,
    C,
    I,
    M,
    ev,
    example_setup,
    in_book,
    me,
    start,
    two,
)

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
    # (an any-symbol discount is named and cited as its own line: finding 174)
    assert "Discount of any adventure symbol covers 1 item card of the items cost (fist, leaf)." \
        in texts


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


WANDERERS = A(1, 3, ["wanderer"], ["leaf"])


def wanderer_table(client, clovers: int, **p1) -> ApiTable:
    """p1 in the Activate phase, a wanderer adventure costing a leaf first in the display, with
    `clovers`, a speech card showing a star and a beast companion: the leaf and the wanderer can
    each be had only by converting with clovers."""
    return start(client, {"phase": "activate", "turn": {"activated": True},
                          "display": [WANDERERS, *DISPLAY[1:]],
                          "players": two({"movement": [1], "clovers": clovers,
                                          "hand": [I("speech", "star")],
                                          "party": [M(C(["beast"], ["star"]))], **p1})})


def test_conversions_with_clovers_are_listed_and_accepted(client):
    """With 3 clovers and a beast, a wanderer adventure costing a leaf can be completed: 2 clovers
    convert the beast's type, 1 converts a speech card's symbol. Both conversions are listed."""
    table = wanderer_table(client, clovers=3)
    [listed] = [e for e in legal(table, kind="complete_adventure") if e["index"] == 1]
    assert listed["convert_types"] == [1]
    assert listed["pay"] == [{"hand": 1, "convert": True}]
    table.accepted(posted(listed))
    assert me(table)["clovers"] == 0 and me(table)["completed"] == [WANDERERS]


def test_the_table_page_names_each_listed_payment(client):
    """The next-move buttons of the table page read each listed completion's payment as the table
    makes it: the leader's item, a card converted by a clover, a companion's type converted."""
    table = wanderer_table(client, clovers=3, leader_holds=I("fist", "sword"))
    view = table.view("p1")
    app = client.application
    with app.test_request_context():
        labels = app.jinja_env.get_template("play/_labels_pilgrims.html").module
        said = {}
        for e in view["legal"]:
            said.setdefault((e["type"], e.get("index", e.get("tile"))), []).append(
                " ".join(str(labels.choice(e, view, {"p1": "Ann", "p2": "Bob"})).split()))
    assert any("pay hand 1 (converted); party 1; 2 clovers convert companion 1's type" in label
               for label in said[("complete_adventure", 1)])
    assert any("pay the leader's item, hand 1 (converted)" in label
               for label in said[("complete_adventure", 4)])
    assert any("(pay the leader's item, hand 1)" in label for label in said[("sign_up", "B")])


def test_a_conversion_the_clovers_cannot_pay_is_not_listed(client):
    table = wanderer_table(client, clovers=2)
    assert [e for e in legal(table, kind="complete_adventure") if e["index"] == 1] == []
    table.refused(ev("complete_adventure", source="display", index=1, companions=[1],
                     convert_types=[1], pay=[{"hand": 1, "convert": True}]),
                  "Spend 1 clover token in the Adventure phase")


# -- what can be done next, the quote that forbids -------------------------------------------------


def test_the_activate_phase_lists_exactly_its_two_choices(client):
    """After the move: activate a character with a matching card (a companion also with a clover's
    conversion), or gain a clover — and buying an item card, "any time during their turn". No
    adventure yet (the phases' fixed order), no ability (nothing activated)."""
    table = start(client, {"phase": "activate", "display": DISPLAY,
                           "players": two({"movement": [1], "clovers": 2,
                                           "hand": [I("fist", "sword"), I("leaf", "star")],
                                           "party": [M(C(["beast"], ["notes"]))]})})
    listed = legal(table)
    assert {(e["type"], e.get("character"), e.get("hand"), e.get("convert")) for e in listed} == {
        ("activate", "leader", 1, None), ("activate", 1, 1, True), ("activate", 1, 2, True),
        ("gain_clover", None, None, None), ("buy_item", None, None, None)}
    for event in listed:
        if event["type"] == "activate":
            table.accepted(posted(event))
            table.client.post(f"/api/sessions/{table.id}/undo", headers=table.headers)
            table.seq = table.view()["seq"]
    table.refused(ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}]),
                  "During the Activate phase, do one of the following:")


def test_after_the_clover_the_adventure_phase_or_the_replenish_is_next(client):
    table = start(client, {"phase": "activate", "display": DISPLAY,
                           "players": two({"movement": [1], "clovers": 0,
                                           "hand": [I("fist", "sword")]})})
    table.accepted(ev("gain_clover"))
    kinds = {(e["type"], e.get("index"), e.get("tile")) for e in legal(table)}
    assert kinds == {("complete_adventure", 1, None), ("complete_adventure", 2, None),
                     ("complete_adventure", 3, None), ("replenish", None, None)}
    assert ("complete_adventure", 2, None) in kinds  # the speech card converted by the clover
    table.refused(ev("gain_clover"), "they may instead gain 1 clover token from the supply")
    table.accepted(posted(next(e for e in legal(table) if e.get("index") == 1)))
    assert [e["type"] for e in legal(table)] == ["replenish"]


def test_a_fifth_companion_limit_quotes_the_improvement_too(client):
    """Two "additional companion card" improvements: a party of 5. A sixth companion without
    retiring one breaks "... If they would gain another companion card, the player must retire an
    old one to free up space. ..." at the limit the improvements set: both sentences quoted."""
    more = A(1, 2, [], ["fist"], improvement=["companion"])
    party = [M(C(["beast"], ["star"])) for _ in range(5)]
    table = start(client, {"display": DISPLAY, "players": two({"party": party,
                                                               "completed": [more, more]})})
    moves = [e for e in legal(table, kind="move") if e["to"] == [2, 2]]
    assert {e["retire"] for e in moves if e["movement"] == 1} == {1, 2, 3, 4, 5}
    error = table.refused(ev("move", movement=1, to=[2, 2], card=C(["wanderer"], ["notes"])),
                          "If they would gain another companion card")
    assert [rule["quote"] for rule in error["rules"]] == [
        in_book("A player may have up to 3 companion cards in their party, in addition to their "
                "leader. If they would gain another companion card, the player must retire an old "
                "one to free up space. To retire a companion card, slide it under the leader tile. "
                "Discard all item cards played under a retired companion card."),
        in_book("The player may have an additional companion card in their party. More of these "
                "abilities can be active at the same time.")]
    table.accepted(ev("move", movement=1, to=[2, 2], card=C(["wanderer"], ["notes"]), retire=5))
    assert len(me(table)["party"]) == 5 and len(me(table)["retired"]) == 1


def test_moving_before_every_journey_card_is_chosen_quotes_the_journey_setup(client):
    table = start(client, journey_cards=True)
    table.accepted(ev("choose_corner", "p2", space=[5, 5], item=I("fist", "star"),
                      drawn=I("leaf", "notes")))
    table.accepted(ev("choose_corner", "p1", space=[1, 1], item=I("fist", "star"),
                      drawn=I("leaf", "notes")))
    assert legal(table) == [{"type": "choose_journey", "player": "p1", "open": ["card"]}]
    assert legal(table, "p2") == [{"type": "choose_journey", "player": "p2", "open": ["card"]}]
    effects = table.accepted(ev("choose_journey", card={"spaces": [[1, 1], [2, 3], [4, 4]],
                                                        "points": 3}))["effects"]
    assert "Your figure already stands on A1" in effects[-1]["text"]
    table.refused(ev("move", movement=1, to=[1, 2], card=I("fist", "star")),
                  "2. Each player draws 2 journey cards. They choose one")
    table.accepted(ev("choose_journey", "p2", card=J2))
    table.accepted(ev("move", movement=1, to=[1, 2], card=I("fist", "star")))


def test_a_side_b_leaders_missing_ability_quotes_side_b(client):
    """Side B leaders have "different abilities": the side A sentence ("Each leader has two
    abilities: a movement diagram and reserve an adventure card.") is not the one broken."""
    table = start(client, {"phase": "activate", "display": DISPLAY,
                           "players": two({"movement": [1], "hand": [I("fist", "sword")]})},
                  leader_side="B",
                  leaders={"p1": {"activation": ["sword"], "abilities": ["draw item"]},
                           "p2": {"activation": ["notes"], "abilities": ["gain clover"]}})
    table.accepted(ev("activate", character="leader", hand=1))
    assert [e["kind"] for e in legal(table, kind="ability")] == ["draw item"]
    table.refused(ev("ability", kind="reserve", source="level1", adventure=A(1, 2, [], ["leaf"])),
                  "In advanced games, try using side B for different abilities.")


# -- abilities and improvements: their exceptions ---------------------------------------------------


def test_completing_the_reserved_card_frees_the_reserve(client):
    """"... doing so allows the player to reserve a new adventure card without discarding the old
    the next time they activate their leader." — after completing it, the next reservation puts
    nothing on the bottom of a deck."""
    table = start(client, {"phase": "activate", "turn": {"activated": True}, "display": DISPLAY,
                           "players": two({"movement": [1], "hand": [I("leaf", "sword")],
                                           "reserve": [A(1, 3, [], ["leaf"])]})})
    assert any(e["source"] == "reserve" for e in legal(table, kind="complete_adventure"))
    table.accepted(ev("complete_adventure", source="reserve", index=1, pay=[{"hand": 1}]))
    assert me(table)["reserve"] == []
    bottoms = len(table.view()["state"]["deck_bottoms"])
    table.accepted(ev("replenish"))
    table.accepted(ev("move", "p2", movement=1, to=[4, 5], card=I("fist", "star")))
    table.accepted(ev("gain_clover", "p2"))
    table.accepted(ev("replenish", "p2"))
    table.accepted(ev("move", movement=2, to=[1, 2], card=I("fist", "sword")))
    table.accepted(ev("activate", character="leader", hand=1))
    effects = table.accepted(ev("ability", kind="reserve", source="level2",
                                adventure=A(2, 6, [], ["leaf"])))["effects"]
    assert [e["text"] for e in effects] == ["A level II adventure (6 points) is reserved."]
    assert len(table.view()["state"]["deck_bottoms"]) == bottoms


def test_a_full_reserve_sends_the_old_card_to_the_bottom_of_its_own_deck(client):
    table = start(client, {"phase": "activate", "display": DISPLAY,
                           "players": two({"movement": [1], "hand": [I("fist", "sword")],
                                           "reserve": [A(1, 3, [], ["leaf"])]})})
    table.accepted(ev("activate", character="leader", hand=1))
    effects = table.accepted(ev("ability", kind="reserve", source="level2",
                                adventure=A(2, 6, [], ["leaf"])))["effects"]
    assert effects[0]["text"] == ("The reserved card, a level I adventure (3 points), goes to "
                                  "the bottom of its deck.")
    assert effects[0]["rule"]["quote"].startswith("To reserve a new adventure card, first put")
    state = table.view()["state"]
    assert state["decks"]["level1"] == 18 and state["decks"]["level2"] == 14


def test_an_additional_reserve_keeps_both_cards(client):
    more = A(1, 2, [], ["fist"], improvement=["reserve"])
    table = start(client, {"phase": "activate", "display": DISPLAY,
                           "players": two({"movement": [1], "hand": [I("fist", "sword")],
                                           "reserve": [A(1, 3, [], ["leaf"])],
                                           "completed": [more]})})
    table.accepted(ev("activate", character="leader", hand=1))
    table.accepted(ev("ability", kind="reserve", source="display", index=2))
    assert me(table)["reserve"] == [A(1, 3, [], ["leaf"]), DISPLAY[1]]
    assert table.view()["state"]["deck_bottoms"] == []


def test_an_adventure_trigger_is_not_its_own_card_but_the_next_one(client):
    """"When the player completes an adventure card (excluding this one)." — completing the card
    gives it no reward; completing another one in a later turn does."""
    trigger = A(1, 2, [], ["fist"], improvement=["other"], trigger={"when": "adventure"},
                abilities=["gain clover"])
    table = start(client, {"phase": "activate", "turn": {"activated": True},
                           "display": [trigger, *DISPLAY[1:]],
                           "players": two({"movement": [1], "clovers": 0,
                                           "hand": [I("fist", "sword"), I("speech", "star")]})})
    table.accepted(ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}]))
    assert legal(table, kind="ability") == []
    table.refused(ev("ability", kind="gain clover", improvement=1),
                  "When the player completes an adventure card (excluding this one).")
    table.accepted(ev("replenish", display=[A(1, 1, [], ["leaf"])]))
    table.accepted(ev("move", "p2", movement=1, to=[4, 5], card=I("fist", "star")))
    table.accepted(ev("gain_clover", "p2"))
    table.accepted(ev("replenish", "p2"))
    table.accepted(ev("move", movement=2, to=[1, 2], card=I("leaf", "sword")))
    table.accepted(ev("gain_clover"))
    assert table.view()["state"]["display"][0]["card"] == DISPLAY[1]  # the speech card, first
    table.accepted(ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}]))
    assert legal(table, kind="ability") == [{"type": "ability", "player": "p1",
                                             "improvement": 1, "kind": "gain clover"}]
    table.accepted(ev("ability", kind="gain clover", improvement=1))
    assert me(table)["clovers"] == 2


def test_move_one_more_space_stacks_and_only_the_last_space_gives_a_card(client):
    """Two "move 1 more space" improvements for walking (movement space 1): 2 spaces beyond the
    diagram, not 3; only the card where the figure ends is gained."""
    extra = A(1, 2, [], ["fist"], improvement=["movement"], trigger={"when": "means", "means": 1},
              abilities=["extra space"])
    table = start(client, {"display": DISPLAY, "map": [[None] * 5 for _ in range(5)],
                           "players": two({"completed": [extra, extra]})})
    table.refused(ev("move", movement=1, diagram_to=[1, 2], to=[1, 5], card=I("fist", "star")),
                  "Multiple instances of this ability stack.")
    table.accepted(ev("move", movement=1, diagram_to=[1, 2], to=[3, 2], card=I("fist", "star")))
    state = table.view()["state"]
    assert state["figures"]["p1"] == [3, 2] and me(table)["hand"] == [I("fist", "star")]
    assert state["map"][0][1] == {"card": None}  # the diagram's end keeps its card


def test_the_falconer_with_a_left_arrow_checks_the_display_from_the_right(client):
    """"For example, with a right arrow he checks the display from left to right." — a left arrow:
    the first card he can pay for from the right is place 4 (fist), not place 1 (fist)."""
    display = [A(1, 1, [], ["fist"]), A(1, 2, [], ["speech"]), A(1, 3, [], ["leaf"]),
               A(2, 4, [], ["fist"]), A(2, 5, [], ["speech", "speech"])]
    table = start(client, {"current": "falconer", "phase": "falconer_adventure",
                           "display": display,
                           "players": {"p1": {"figure": [1, 1], "movement": [1]}},
                           "falconer": {"hand": [I("fist", "star"), I("leaf", "star")],
                                        "moved": ["falcon", "falconer"], "arrow": "left"}},
                  players=("Kim",))
    assert legal(table) == [{"type": "falconer_adventure", "player": "p1", "completes": 4,
                             "pay": [1]}]
    table.refused(ev("falconer_adventure", completes=1, pay=[1]),
                  "The falconer always completes the first possible adventure card.")
    table.accepted(ev("falconer_adventure", completes=4, pay=[1]))
    assert table.view()["state"]["falconer"]["completed"] == [display[3]]


def test_the_falconers_second_figure_on_the_falcons_space_draws_and_a_companion_pays_a_clover(
        client):
    """"If either figure lands on the same space as another figure, the falconer draws a card as
    usual." and "When the falconer takes a companion card, they also gain 1 clover token." — at 2
    clovers he spends them at once for an item card."""
    table = start(client, {"current": "falconer", "phase": "falconer_move", "display": DISPLAY,
                           "players": {"p1": {"figure": [1, 1], "movement": [1]}},
                           "falconer": {"clovers": 0}}, players=("Kim",))
    table.accepted(ev("falconer_move", figure="falcon", reward="none", arrow="left", to=[2, 2],
                      card=C(["beast"], ["star"])))
    error = table.refused(ev("falconer_move", figure="falconer", reward="none", arrow="left",
                             to=[2, 2], card=C(["wanderer"], ["notes"])),
                          "Any time the falconer has 2 clover tokens, he spends them immediately")
    assert "1 item card is drawn now, not 0" in error["message"]
    effects = table.accepted(ev("falconer_move", figure="falconer", reward="none", arrow="left",
                                to=[2, 2], card=C(["wanderer"], ["notes"]),
                                clover_items=[I("leaf", "star")]))["effects"]
    assert "The falconer draws a companion card (space B2 is occupied)." in [
        e["text"] for e in effects]
    falconer = table.view()["state"]["falconer"]
    assert len(falconer["companions"]) == 2 and falconer["clovers"] == 0
    assert falconer["hand"] == [I("leaf", "star")]


def test_the_falconer_signing_up_for_the_c_tile_gains_its_clover(client):
    """"The falconer receives clover tokens from adventure cards and public quest tiles as usual."
    — the C tile's clover ("if a player signs up for the C tile, they immediately gain a clover
    token"); with the one he had, he spends both at once."""
    unpayable = [A(1, 1, [], ["coin"])] * 3 + [A(2, 1, [], ["coin"])] * 2
    table = start(client, {"current": "falconer", "phase": "falconer_adventure",
                           "display": unpayable,
                           "players": {"p1": {"figure": [1, 1], "movement": [1]}},
                           "falconer": {"hand": [I("speech", "star"), I("fist", "star"),
                                                 I("leaf", "star")], "clovers": 1,
                                        "quills": ["B"], "moved": ["falcon", "falconer"],
                                        "arrow": "right"}}, players=("Kim",))
    assert legal(table) == [{"type": "falconer_adventure", "player": "p1", "signs_up": "C",
                             "pay": [1, 2, 3], "open": ["clover_items"]}]
    table.accepted(ev("falconer_adventure", signs_up="C", clover_items=[I("fist", "sword")]))
    falconer = table.view()["state"]["falconer"]
    assert falconer["clovers"] == 0 and falconer["hand"] == [I("fist", "sword")]


def test_a_fourth_solo_card_of_one_set_in_a_round_is_refused(client):
    """"Pilgrims includes four sets of 3 solo cards ..." and "After 3 turns, all 6 of the solo cards
    have been used." — an easy game (sets A and B): a fourth set A card in one round is refused;
    what can be done next is the falconer figure's move, and a set B card is accepted."""
    table = start(client, {"display": DISPLAY, "players": {"p1": {"figure": [1, 1]}}},
                  players=("Kim",))

    def kims_turn(movement, to):
        table.accepted(ev("move", movement=movement, to=to, card=I("fist", "star")))
        table.accepted(ev("gain_clover"))
        table.accepted(ev("replenish"))
    kims_turn(1, [1, 2])
    for figure, to in (("falcon", [2, 3]), ("falconer", [3, 2])):
        table.accepted(ev("falconer_move", figure=figure, reward="none", arrow="right", to=to,
                          card=I("leaf", "star"), set="A"))
    table.accepted(ev("falconer_adventure"))
    table.accepted(ev("replenish"))
    kims_turn(2, [2, 1])
    table.accepted(ev("falconer_move", figure="falcon", reward="none", arrow="right", to=[2, 4],
                      card=C(["beast"], ["star"]), set="A"))
    assert legal(table) == [{"type": "falconer_move", "player": "p1", "figure": "falconer",
                             "open": ["reward", "arrow", "to", "card", "clover_items"]}]
    error = table.refused(ev("falconer_move", figure="falconer", reward="none", arrow="right",
                             to=[4, 3], card=I("leaf", "star"), set="A"),
                          "Pilgrims includes four sets of 3 solo cards")
    assert error["message"] == "All 3 solo cards of set A have been flipped this round."
    table.accepted(ev("falconer_move", figure="falconer", reward="none", arrow="right", to=[4, 3],
                      card=I("leaf", "star"), set="B"))


# -- paying: the party's items and the crosses --------------------------------------------------------


def test_an_item_under_a_companion_that_retires_for_the_cross_pays_first(client):
    """"Then, follow these steps in order: 1. To pay the items cost ... 2. ... retire one companion
    card" — the beast's fist pays, then the beast retires (one card discarded, not two)."""
    cross = A(1, 3, ["beast"], ["fist"], crosses=1)
    table = start(client, {"phase": "activate", "turn": {"activated": True},
                           "display": [cross, *DISPLAY[1:]],
                           "players": two({"movement": [1], "hand": [],
                                           "party": [M(C(["beast"], ["star"]),
                                                       holds=I("fist", "star"))]})})
    [listed] = [e for e in legal(table, kind="complete_adventure") if e["index"] == 1]
    assert listed["pay"] == [{"character": 1}] and listed["retire"] == [1]
    table.accepted(posted(listed))
    state = table.view()["state"]
    assert state["discard_pile"] == [I("fist", "star")]
    assert me(table)["retired"] == [C(["beast"], ["star"])] and me(table)["party"] == []


def test_a_retiring_companions_unpaid_item_is_discarded_too(client):
    cross = A(1, 3, ["beast"], ["fist"], crosses=1)
    table = start(client, {"phase": "activate", "turn": {"activated": True},
                           "display": [cross, *DISPLAY[1:]],
                           "players": two({"movement": [1], "hand": [I("fist", "notes")],
                                           "party": [M(C(["beast"], ["star"]),
                                                       holds=I("leaf", "star"))]})})
    effects = table.accepted(ev("complete_adventure", source="display", index=1,
                                pay=[{"hand": 1}], companions=[1], retire=[1]))["effects"]
    retired = next(e for e in effects if "retires" in e["text"])
    assert retired["rule"]["quote"] == in_book("Discard all item cards played under a retired "
                                               "companion card.")
    assert table.view()["state"]["discard_pile"] == [I("fist", "notes"), I("leaf", "star")]


# -- hidden information -------------------------------------------------------------------------------


def test_a_bought_card_and_a_card_put_back_are_the_buyers_only(client):
    """"Don't show them to other players!" — the card 2 clovers drew, and the one "put the other
    face-down on the bottom of the item deck", are shown to Ann's phone only: Bob and a spectator
    read null, in the state, the last event and the log."""
    table = start(client, {"phase": "activate", "display": DISPLAY,
                           "players": two({"movement": [1], "clovers": 2,
                                           "hand": [I("fist", "notes")],
                                           "party": [M(C(["beast"], ["notes"],
                                                         abilities=["draw item"]))]})})
    table.accepted(ev("buy_item", item=I("leaf", "compass")))
    table.accepted(ev("activate", character=1, hand=1))
    table.accepted(ev("ability", kind="draw item", card=I("coin", "star"),
                      bottom=I("speech", "sword")))
    mine = table.view("p1")
    assert mine["state"]["players"]["p1"]["hand"] == [I("leaf", "compass"), I("coin", "star")]
    assert mine["state"]["deck_bottoms"][-1]["card"] == I("speech", "sword")
    for seat in ("p2", None):
        view = table.view(seat)
        assert view["state"]["players"]["p1"]["hand"] == [None, None]
        assert view["state"]["deck_bottoms"][-1]["card"] is None
        assert view["last_event"]["card"] is None and view["last_event"]["bottom"] is None
        log = table.client.get(f"/api/sessions/{table.id}/log"
                               + (f"?seat={seat}" if seat else ""), headers=table.headers)
        assert "compass" not in log.text and "sword" not in log.text


# -- the journey (advanced) game ---------------------------------------------------------------------

BOB_JOURNEY = {"spaces": [[5, 5], [2, 3], [4, 5]], "points": 3}


def journey_table(client, card, removed=()):
    return start(client, {"display": DISPLAY, "players": two({"journey": {"card": card,
                                                                          "removed": list(removed)}},
                                                             {"journey": {"card": BOB_JOURNEY}})},
                 journey_cards=True)


def bobs_turn(table):
    table.accepted(ev("replenish"))
    table.accepted(ev("move", "p2", movement=1, to=[4, 4], card=C(["beast"], ["star"])))
    table.accepted(ev("gain_clover", "p2"))
    table.accepted(ev("replenish", "p2"))


def test_a_token_on_the_figures_own_space_is_removed_on_returning(client):
    """"If a figure's position and a new journey card's marked space are the same, do not remove
    that space's map token. The player must move their figure and return later to remove it." —
    Ann stands on A1, a marked space: she moves away, then back: the token is removed then."""
    table = journey_table(client, {"spaces": [[1, 1], [2, 3], [4, 5]], "points": 3})
    table.accepted(ev("move", movement=1, to=[3, 3], card=I("fist", "star")))
    assert me(table)["journey"]["removed"] == []
    table.accepted(ev("gain_clover"))
    bobs_turn(table)
    effects = table.accepted(ev("move", movement=2, to=[1, 1], card=I("leaf", "star")))["effects"]
    assert me(table)["journey"]["removed"] == [[1, 1]]
    assert effects[-1]["text"] == "Map token removed from space A1."


def test_passing_over_a_marked_space_removes_no_token(client):
    """"When their figure moves onto a marked space, remove the corresponding map token." — a
    diagonal move from A1 to C3 passes over B2 (marked): its token stays; C3 is not marked."""
    table = journey_table(client, {"spaces": [[2, 2], [2, 3], [4, 4]], "points": 3})
    table.accepted(ev("move", movement=1, to=[3, 3], card=I("fist", "star")))
    assert me(table)["journey"]["removed"] == []


def test_the_falconers_figures_remove_none_of_the_players_tokens(client):
    """"When their figure moves onto a marked space" — the player's figure; the falcon landing on
    Kim's marked space leaves her token (he "does not complete them like the player")."""
    table = start(client, {"current": "falconer", "phase": "falconer_move", "display": DISPLAY,
                           "players": {"p1": {"figure": [1, 1], "movement": [1], "journey": {
                               "card": {"spaces": [[2, 3], [3, 4], [4, 4]], "points": 3}}}}},
                  players=("Kim",), journey_cards=True)
    table.accepted(ev("falconer_move", figure="falcon", reward="none", arrow="left", to=[2, 3],
                      card=I("fist", "star")))
    assert me(table)["journey"]["removed"] == []


def test_a_completed_journey_cards_reward_is_listed_that_turn_only(client):
    """"Once a player removes the third map token, the journey card is completed and the player
    gains the reward shown in the top-right corner." — first the new journey card (only that is
    listed), then the reward (an item card drawn) is listed and taken."""
    card = {"spaces": [[1, 2], [3, 3], [5, 1]], "points": 4, "abilities": ["draw item"]}
    table = journey_table(client, card, removed=[[1, 2], [3, 3]])
    table.accepted(ev("move", movement=1, to=[5, 1], card=I("fist", "star")))
    assert legal(table) == [{"type": "choose_journey", "player": "p1", "open": ["card"]}]
    table.refused(ev("ability", kind="draw item", journey=1, card=I("leaf", "star")),
                  "Choose one and return the other face-down to the bottom of the deck.")
    table.accepted(ev("choose_journey", card={"spaces": [[2, 2], [4, 3], [1, 4]], "points": 3}))
    rewards = [e for e in legal(table, kind="ability") if "journey" in e]
    assert rewards == [{"type": "ability", "player": "p1", "journey": 1, "kind": "draw item",
                        "open": ["card"]}]
    table.accepted(ev("ability", kind="draw item", journey=1, card=I("leaf", "star")))
    assert [e for e in legal(table, kind="ability") if "journey" in e] == []
    table.accepted(ev("gain_clover"))
    bobs_turn(table)
    assert table.view()["state"]["decks"]["journey"] == 15


# -- the end of the game: tie-breakers -------------------------------------------------------------


def test_three_players_tied_on_points_the_most_item_cards_wins(client):
    """Ann and Bob 5 points each, Cleo 3: "In case of a tie, the player with more item cards left
    in their hand wins." — Bob's 2 cards beat Ann's 1; the calculator agrees."""
    position = {"round": 4, "current": "p3", "phase": "replenish", "turn": {"activated": True},
                "turns": {"p1": 3, "p2": 3, "p3": 2}, "display": DISPLAY,
                "players": {"p1": {"figure": [1, 1], "movement": [1, 2, 3], "clovers": 0,
                                   "completed": [A(1, 5)], "hand": [I("fist", "star")]},
                            "p2": {"figure": [5, 5], "movement": [1, 2, 3], "clovers": 0,
                                   "completed": [A(2, 5)],
                                   "hand": [I("fist", "star"), I("leaf", "notes")]},
                            "p3": {"figure": [1, 5], "movement": [1, 2, 3], "clovers": 0,
                                   "completed": [A(1, 3)],
                                   "hand": [I("fist", "star")] * 3}}}
    table = start(client, position, players=("Ann", "Bob", "Cleo"))
    table.accepted(ev("replenish", "p3"))
    view = table.view()
    assert view["scores"]["winners"] == ["p2"]
    decided = view["scores"]["decided_by"]
    assert decided["tie_break"] == "items" and decided["rule"]["quote"] == in_book(
        "In case of a tie, the player with more item cards left in their hand wins. If there is "
        "still a tie, the players share the victory.")
    assert summary(view["scores"]) == summary(calculated(client, "pilgrims", tallies(view)))


def test_solo_tied_on_points_the_player_with_more_item_cards_wins(client):
    """Kim: adventure 4, 3 item cards (they score her nothing). The falconer: adventure 2 + 2 item
    cards, 1 point each = 4. "In case of tie, the player with more item cards left in their hand
    wins." — Kim's 3 beat his 2."""
    table = start(client, {"round": 4, "current": "falconer", "phase": "falconer_replenish",
                           "turns": {"p1": 3, "falconer": 2}, "display": DISPLAY,
                           "players": {"p1": {"figure": [1, 1], "movement": [1, 2, 3],
                                              "clovers": 0, "completed": [A(1, 4)],
                                              "hand": [I("fist", "star")] * 3}},
                           "falconer": {"falcon": [3, 4], "falconer": [2, 3], "clovers": 1,
                                        "moved": ["falcon", "falconer"], "arrow": "left",
                                        "completed": [A(1, 2)],
                                        "hand": [I("fist", "star")] * 2}},
                  players=("Kim",))
    table.accepted(ev("replenish"))
    view = table.view()
    assert {p["seat"]: p["total"] for p in view["scores"]["players"]} == {"p1": 4, "falconer": 4}
    assert view["scores"]["winners"] == ["p1"]
    assert view["scores"]["decided_by"]["rule"]["quote"] == in_book(
        "The player with more victory points wins. In case of tie, the player with more item cards "
        "left in their hand wins.")
    assert summary(view["scores"]) == summary(calculated(client, "pilgrims", tallies(view)))


# -- whole games at every player count, against the calculator ------------------------------------

CAMPFIRES = [[1, 3], [2, 2], [2, 4], [4, 2], [4, 4], [5, 3]]
ITEM_CARDS = [I(a, b) for a, b in (("fist", "sword"), ("speech", "notes"), ("leaf", "compass"),
                                   ("coin", "star"), ("fist", "star"), ("leaf", "sword"),
                                   ("speech", "compass"))]
COMPANIONS = [C(["wanderer"], ["star"]), C(["beast"], ["sword"], abilities=["gain clover"]),
              C(["nobleheart"], ["notes"]), C(["scoundrel", "wanderer"], ["compass"])]
ADVENTURES = {1: [A(1, 2, [], ["fist"]), A(1, 3, ["?"], ["speech", "leaf"], clovers=1),
                  A(1, 2, ["wanderer"], ["leaf"], crosses=1)],
              2: [A(2, 5, [], ["fist", "leaf", "speech"]),
                  A(2, 4, ["beast"], ["coin"], improvement=["discount"], discount="leaf"),
                  A(2, 6, ["?", "?"], ["fist", "fist"], clovers=2)]}
JOURNEYS = [{"spaces": [[1, 2], [3, 3], [5, 1]], "points": 4, "clovers": 1},
            {"spaces": [[2, 3], [4, 4], [1, 5]], "points": 3}]


class EngineTable:
    """The table of `ApiTable`, played on the referee in-process (engine.apply, engine.view): a
    whole game in a fraction of the HTTP API's time. Its events and views are the API's."""

    def __init__(self, client, players, **options):
        setup = example_setup(client, players, **options)
        self.model = engine.start(Game, engine.check_setup(Game, setup))
        self.players = [{"seat": f"p{n + 1}", "name": name} for n, name in enumerate(players)]

    def accepted(self, event: dict) -> dict:
        engine.check_event(self.model, event)
        return engine.apply(self.model, event)

    def view(self, seat=None) -> dict:
        """The API's view once the game is over; before, only what the players read off the table
        (the state as it is, and the seat's legal events), without copying the state each time."""
        model = self.model
        if model.game_over:
            return {**engine.view(model, seat), "players": self.players}
        return {"phase": model.phase, "over": False, "current_players": model.current_players(),
                "state": model.G, "legal": [e for e in model.legal() if e["player"] == seat]}


class WholeGame:
    """A table playing a whole game, each event taken from what can be done next (`legal`, the
    current seat's view) with its open fields filled with the cards the table reads; the
    falconer's turns entered for him. Every accepted event is one that `legal` listed."""

    def __init__(self, table):
        self.table = table
        self.n = 0

    def next_card(self, kind, level=None):
        self.n += 1
        if kind == "item":
            return ITEM_CARDS[self.n % len(ITEM_CARDS)]
        if kind == "companion":
            return COMPANIONS[self.n % len(COMPANIONS)]
        if kind == "journey":
            return JOURNEYS[self.n % len(JOURNEYS)]
        return ADVENTURES[level][self.n % len(ADVENTURES[level])]

    def kind(self, space):
        return "companion" if space in CAMPFIRES else "item"

    def send(self, event):
        return self.table.accepted(posted(event))

    def play(self) -> dict:
        seat = "p1"
        while True:
            view = self.table.view(seat)
            if view["over"]:
                return self.table.view()
            if seat not in view["current_players"]:
                seat = view["current_players"][0]
                view = self.table.view(seat)
            unknown = [n for n, e in enumerate(view["state"]["display"], start=1)
                       if e["card"] is None]
            if unknown:
                level = view["state"]["display"][unknown[0] - 1]["level"]
                self.send(ev("reveal", seat, index=unknown[0],
                             card=self.next_card("adventure", level)))
            else:
                self.step(view, seat)

    def step(self, view, seat):
        phase, state, events = view["phase"], view["state"], view["legal"]
        if phase == "start_corners":
            event = events[0]
            self.send({**event, "item": self.next_card("item"), "drawn": self.next_card("item"),
                       **({"falconer_items": [self.next_card("item"), self.next_card("item")]}
                          if "falconer_items" in event["open"] else {})})
        elif events[0]["type"] == "choose_journey":
            self.send({**events[0], "card": self.next_card("journey")})
        elif phase.startswith("falconer"):
            self.falconer_step(state, phase, events[0])
        elif phase == "turn_move":
            moves = [e for e in events if e["type"] == "move"]
            move = moves[(7 * self.n + 3) % len(moves)]
            self.n += 1
            self.send({**move, "card": self.next_card(self.kind(move["to"]))}
                      if "open" in move else move)
        elif phase == "turn_activate" and not state["turn"]["activated"]:
            plain = [e for e in events if e["type"] == "activate" and "convert" not in e]
            self.send(plain[0] if plain else ev("gain_clover", seat))
        elif phase == "turn_activate":
            done = [e for e in events if e["type"] in ("complete_adventure", "sign_up")
                    and "open" not in e]
            clover = [e for e in events if e["type"] == "ability" and e["kind"] == "gain clover"]
            self.send((clover or done or [e for e in events if e["type"] == "replenish"])[0])
        else:
            self.send(next(e for e in events if e["type"] == "replenish"))

    def falconer_step(self, state, phase, event):
        falconer = state["falconer"]
        if phase == "falconer_move":
            here = state["figures"][event["figure"]]
            to = [(here[0] + self.n) % 5 + 1, (here[1] + 2 * self.n) % 5 + 1]
            if to == here:
                to = [to[0] % 5 + 1, to[1]]
            reward = ("clover", "item", "none")[self.n % 3]
            cell = state["map"][to[0] - 1][to[1] - 1]
            occupied = any(at == to for at in state["figures"].values())
            companion = to in CAMPFIRES and (cell is not None and not occupied
                                             or state["decks"]["companion"] > 0)
            clovers = falconer["clovers"] + (reward == "clover") + companion
            entry = {**event, "reward": reward, "arrow": ("left", "right")[self.n % 2], "to": to,
                     "clover_items": [self.next_card("item") for _ in range(clovers // 2)]}
            if reward == "item":
                entry["reward_item"] = self.next_card("item")
            if cell is None or cell["card"] is None or occupied:
                entry["card"] = self.next_card(self.kind(to))
            self.send(entry)
        elif phase == "falconer_adventure":
            gain = 0
            if "completes" in event:
                gain = state["display"][event["completes"] - 1]["card"].get("clovers", 0)
            elif event.get("signs_up") == "C":
                gain = 1
            self.send({**event, "clover_items": [self.next_card("item") for _ in range(
                (falconer["clovers"] + gain) // 2)]})
        else:
            self.send(event)


def tallies(view) -> dict:
    """The calculator's body from the final state, as the table reads it off its boards."""
    state = view["state"]
    quests = state["quests"]
    spaces = ("top", "middle", "bottom")

    def quills(who):
        return [{"tile": q["tile"], "space": spaces[q["quills"].index(who)]}
                for q in quests if who in q["quills"]]
    players = []
    for seat in state["order"]:
        if seat == "falconer":
            falconer = state["falconer"]
            players.append({"name": "Falconer", "falconer": True, "items": len(falconer["hand"]),
                            "adventures": falconer["completed"], "clovers": falconer["clovers"],
                            "companions": falconer["companions"], "quills": quills(seat)})
            continue
        mine = state["players"][seat]
        name = next(p["name"] for p in view["players"] if p["seat"] == seat)
        tally = {"name": name, "items": len(mine["hand"]), "adventures": mine["completed"],
                 "clovers": mine["clovers"], "quills": quills(seat),
                 "companions": [m["card"] for m in mine["party"]] + mine["retired"]}
        if state["journey"]:
            tally["journey"] = {"completed": [c["points"] for c in mine["journey"]["completed"]],
                                "removed": len(mine["journey"]["removed"])}
        players.append(tally)
    return {"players": players, "journey_cards": state["journey"],
            "public_quests": {q["tile"]: q["mission"] for q in quests}}


def summary(scores) -> tuple:
    names = {p["seat"]: p["name"] for p in scores["players"]}
    return ({p["name"]: (p["total"], [(x["label"], x["points"]) for x in p["breakdown"]])
             for p in scores["players"]},
            sorted(names[w] for w in scores["winners"]), scores["decided_by"]["tie_break"])


def check_the_end(view, sheet) -> None:
    """The game is over after round 4 with no event left, the display changed at the end of round
    2 (2 level I places, then 3 level II), and the live scores — totals, lines, winners and the
    tie-break — are the calculator's on the same final position."""
    state = view["state"]
    assert state["round"] == 4 and view["over"] and view["current_players"] == []
    assert view["legal"] == []
    assert [e["group"] for e in state["display"]] == [1, 1, 2, 2, 2]
    assert all(not p["movement"] for p in state["players"].values())
    assert view["scores"]["final"] is True
    assert summary(view["scores"]) == summary(sheet)
    assert sum(len(p["completed"]) for p in state["players"].values()) > 0


@pytest.mark.parametrize("players,options", [
    (("Kim",), {}), (("Ann", "Bob"), {}), (("Ann", "Bob", "Cleo"), {"journey_cards": True}),
    (("Ann", "Bob", "Cleo", "Dan"), {"first_player": "p3"})])
def test_a_whole_game_at_each_player_count_agrees_with_the_calculator(client, players, options):
    """Four rounds of three turns at each player count (solo: the falconer after the player), on
    the referee in-process, each event one that `legal` listed."""
    table = EngineTable(client, players, **options)
    view = WholeGame(table).play()
    check_the_end(view, engine.score(Game, tallies(view)))


def test_a_whole_solo_advanced_game_through_the_http_api(client):
    """The solo game with journey cards, hard (sets A and D), through the HTTP API: the falconer
    scores his 5 instead of journey cards; the calculator agrees."""
    table = start(client, players=("Kim",), journey_cards=True, solo_difficulty="hard")
    view = WholeGame(table).play()
    check_the_end(view, calculated(client, "pilgrims", tallies(view)))
    falconer = next(p for p in view["scores"]["players"] if p["seat"] == "falconer")
    assert ("Journey cards", 5) in [(x["label"], x["points"]) for x in falconer["breakdown"]]
