"""Sixth independent audit of the Pilgrims: Curious Adventures referee (round 8), written from the
rulebook and the API's own description: what round 7 left (a clover converting a symbol that
already matches, two alike hand cards listed as two activations, sign-ups against a brute-force
reading of the book with discounts), then setup at each player count, the first round, each
"cannot", the end of the game with its ties, and the book's own examples.

The table (example setup): campfires at (1,3) (2,2) (2,4) (4,2) (4,4) (5,3); public quest tiles, left
to right: B (mission 2c, notes; cost fist + speech), A (1a, wanderers; leaf + leaf), C (5, level II
adventures; speech + fist + leaf); p1's leader shows a sword, p2's notes.
"""

from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core import engine
from referee.pilgrims import Game
from tests.api_table import ApiTable, calculated
from tests.test_pilgrims_audit import DISPLAY, A, C, I, M, ev, example_setup, in_book, me, start, two
from tests.test_pilgrims_audit_4 import posted, summary, tallies
from tests.test_pilgrims_audit_5 import (
    SYMBOLS,
    accepts,
    adventure_phase,
    allowed,
    discount,
    every_payment_checked,
)

CLOVER_TO_MATCH = in_book("Spend 1 clover token in the Adventure phase to convert an item card's "
                          "adventure symbol to match the items cost and complete the adventure.")
CLOVER_ACTIVATION = in_book("Spend 1 clover token in the Activate phase to convert an item card's "
                            "activation symbol to match a companion card.")
CLOVER_TYPE = in_book("Spend 2 clover tokens during the Adventure phase to convert a companion "
                      "card's type to match an adventure card's party requirement.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def activate_phase(client, p1, **options):
    """Ann has moved (movement space 1): the Activate phase."""
    return start(client, {"phase": "activate", "display": DISPLAY,
                          "players": two({"movement": [1], **p1})}, **options)


# -- a clover spent on a symbol that already matches ---------------------------------------------
#
# "Players can spend clover tokens—returning them to the supply—for the following options:" and each
# option is a conversion "to match": the items cost, a companion card, a party requirement. A card
# that matches as printed is not converted to match anything, so the spend is none of the options;
# the sentence of the option the player tried is quoted.


def test_a_clover_converting_an_item_card_that_pays_as_printed_is_refused(client):
    """A fist card paying the fist adventure, converted with Ann's clover: refused with the
    sentence that makes a conversion "to match the items cost". The twin: the same card without the
    clover (Ann keeps it)."""
    table = adventure_phase(client, {"clovers": 1, "hand": [I("fist", "star")]})
    error = table.refused(ev("complete_adventure", source="display", index=1,
                             pay=[{"hand": 1, "convert": True}]), CLOVER_TO_MATCH)
    assert error["rule"]["quote"] == CLOVER_TO_MATCH
    assert error["message"] == ("The fist item card pays the items cost (fist) as it is: no clover "
                                "converts it.")
    table.accepted(ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}]))
    assert me(table)["clovers"] == 1


def test_a_clover_converting_a_coin_is_refused(client):
    """"A wild item card substitutes for any adventure symbol." — a coin needs no conversion."""
    table = adventure_phase(client, {"clovers": 1, "hand": [I("coin", "star")]})
    table.refused(ev("complete_adventure", source="display", index=1,
                     pay=[{"hand": 1, "convert": True}]), CLOVER_TO_MATCH)
    table.accepted(ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}]))


def test_two_conversions_where_one_does_are_refused_and_either_one_alone_accepted(client):
    """The fist + leaf adventure paid by a fist card and a speech card, both converted: the fist
    card pays the fist as printed, so its clover converts nothing. The speech card alone converted
    is accepted, for one clover."""
    p1 = {"clovers": 2, "hand": [I("fist", "star"), I("speech", "star")]}
    table = adventure_phase(client, p1)
    table.refused(ev("complete_adventure", source="display", index=4,
                     pay=[{"hand": 1, "convert": True}, {"hand": 2, "convert": True}]),
                  CLOVER_TO_MATCH)
    table.accepted(ev("complete_adventure", source="display", index=4,
                      pay=[{"hand": 1}, {"hand": 2, "convert": True}]))
    assert me(table)["clovers"] == 1


def test_a_conversion_a_named_discount_makes_needless_is_refused(client):
    """A leaf discount named for the fist + leaf adventure with a fist card converted: the discount
    pays the leaf, so the fist card pays the fist as printed."""
    p1 = {"clovers": 1, "completed": [discount("leaf")], "hand": [I("fist", "star")]}
    table = adventure_phase(client, p1)
    table.refused(ev("complete_adventure", source="display", index=4,
                     pay=[{"improvement": 1}, {"hand": 1, "convert": True}]), CLOVER_TO_MATCH)
    table.accepted(ev("complete_adventure", source="display", index=4,
                      pay=[{"improvement": 1}, {"hand": 1}]))


def test_converting_a_speech_card_instead_of_paying_the_fist_card_is_still_accepted(client):
    """Which cards to discard is the player's choice: the speech card converted pays the fist cost
    (it needs its clover), and the fist card stays in hand."""
    table = adventure_phase(client, {"clovers": 1, "hand": [I("fist", "star"),
                                                            I("speech", "star")]})
    table.accepted(ev("complete_adventure", source="display", index=1,
                      pay=[{"hand": 2, "convert": True}]))
    assert me(table)["hand"] == [I("fist", "star")] and me(table)["clovers"] == 0


def test_a_clover_converting_an_item_that_matches_the_companion_is_refused(client):
    """A star item under a star companion with a clover's conversion: refused with the Activate
    phase's clover sentence ("to match a companion card"); without the clover, accepted."""
    table = activate_phase(client, {"clovers": 1, "hand": [I("fist", "star")],
                                    "party": [M(C(["beast"], ["star"]))]})
    error = table.refused(ev("activate", character=1, hand=1, convert=True), CLOVER_ACTIVATION)
    assert error["rule"]["quote"] == CLOVER_ACTIVATION
    assert "already matches" in error["message"]
    table.accepted(ev("activate", character=1, hand=1))
    assert me(table)["clovers"] == 1


def test_a_clover_converting_a_matching_item_to_another_symbol_of_the_companion_is_refused(client):
    """A companion showing a star and notes, a star item: the item matches already, so a clover
    converting it to notes (to show notes to an improvement) is no conversion "to match a companion
    card"; a compass item converted to notes is accepted."""
    p1 = {"clovers": 1, "hand": [I("fist", "star"), I("fist", "compass")],
          "party": [M(C(["beast"], ["star", "notes"]))]}
    table = activate_phase(client, p1)
    table.refused(ev("activate", character=1, hand=1, convert=True, convert_to="notes"),
                  CLOVER_ACTIVATION)
    table.accepted(ev("activate", character=1, hand=2, convert=True, convert_to="notes"))


def test_two_clovers_converting_a_companion_of_the_required_type_are_refused(client):
    """A beast named for a beast requirement with its type converted for 2 clovers: refused with
    the type conversion's sentence; a wanderer converted for the same card is accepted."""
    card = A(1, 3, ["beast"], ["fist"])
    p1 = {"clovers": 2, "hand": [I("fist", "star")],
          "party": [M(C(["beast"], ["star"])), M(C(["wanderer"], ["notes"]))]}
    table = adventure_phase(client, p1, [card, *DISPLAY[1:]])
    error = table.refused(ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}],
                             companions=[1], convert_types=[1]), CLOVER_TYPE)
    assert error["rule"]["quote"] == CLOVER_TYPE
    table.accepted(ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}],
                      companions=[2], convert_types=[2]))
    assert me(table)["clovers"] == 0


def test_a_type_converted_for_a_question_mark_is_refused(client):
    """"Note: The question mark means the party requirement is satisfied by any companion,
    regardless of the type." — no type needs converting for it."""
    card = A(1, 3, ["?"], ["fist"])
    p1 = {"clovers": 2, "hand": [I("fist", "star")], "party": [M(C(["beast"], ["star"]))]}
    table = adventure_phase(client, p1, [card, *DISPLAY[1:]])
    table.refused(ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}],
                     companions=[1], convert_types=[1]), CLOVER_TYPE)
    table.accepted(ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}],
                      companions=[1]))


# -- two alike cards in hand: one activation --------------------------------------------------------


def test_two_alike_hand_cards_are_listed_as_one_activation(client):
    """Two fist/sword cards and a leaf/sword card in hand, the leader showing a sword: the Activate
    phase lists the leader with hand 1 and hand 3 (hand 2 is the same move as hand 1), and the
    clover; each listed move is accepted."""
    p1 = {"hand": [I("fist", "sword"), I("fist", "sword"), I("leaf", "sword")]}
    listed = activate_phase(client, p1).view("p1")["legal"]
    assert listed == [ev("activate", character="leader", hand=1),
                      ev("activate", character="leader", hand=3), ev("gain_clover")]
    for event in listed:
        activate_phase(client, p1).accepted(posted(event))


def test_alike_cards_converted_are_listed_once_per_symbol(client):
    """Two alike compass cards, a star + notes companion and a clover: one conversion to each of
    its symbols, for hand 1 only."""
    p1 = {"clovers": 1, "hand": [I("fist", "compass"), I("fist", "compass")],
          "party": [M(C(["beast"], ["star", "notes"]))]}
    listed = [e for e in activate_phase(client, p1).view("p1")["legal"] if e["type"] == "activate"]
    assert listed == [ev("activate", character=1, hand=1, convert=True, convert_to="star"),
                      ev("activate", character=1, hand=1, convert=True, convert_to="notes")]


# -- every way to sign up for a public quest: accepted exactly when the book allows it ------------


def sign_up_setup(client, cost, hand, leader_holds, discounts, clovers):
    """Ann's Adventure phase, tile B's items cost `cost`."""
    setup = example_setup(client)
    setup["options"]["public_quests"][0]["cost"] = cost
    setup["position"] = {
        "phase": "activate", "turn": {"activated": True}, "display": DISPLAY,
        "players": two({"movement": [1], "hand": hand, "leader_holds": leader_holds,
                        "clovers": clovers, "completed": [discount(d) for d in discounts]})}
    return engine.check_setup(Game, setup)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cost=st.lists(st.sampled_from(SYMBOLS), max_size=3),
       hand=st.lists(st.sampled_from((*SYMBOLS, "coin")), max_size=3),
       leader_holds=st.sampled_from((None, *SYMBOLS, "coin")),
       discounts=st.lists(st.sampled_from((*SYMBOLS, "any")), min_size=1, max_size=2),
       clovers=st.integers(0, 2))
def test_every_way_to_sign_up_with_discounts_is_accepted_exactly_when_the_book_allows_it(
        client, cost, hand, leader_holds, discounts, clovers):
    """"1. Discard item cards to pay the items cost. This follows the same process as when
    completing an adventure card." and "Discount the cost to complete an adventure or to sign up for
    a public quest by 1 item card of the indicated type." — each payment for tile B (up to 3 item
    cards from the hand and the leader, each converted or not, any of Ann's discounts named) is
    accepted exactly when the brute-force reading of the book allows it (the discounts not named
    covering what the cards leave; a clover only on a card that needs it); and what can be done
    next lists tile B once for each distinct accepted way at the fewest clovers."""
    setup = sign_up_setup(client, cost, [I(s, "star") for s in hand],
                          leader_holds and I(leader_holds, "compass"), discounts, clovers)
    every_payment_checked(setup, cost, hand, leader_holds, discounts, clovers,
                          lambda pay: ev("sign_up", tile="B", pay=pay),
                          lambda event: event["type"] == "sign_up" and event["tile"] == "B")


def test_the_brute_force_reading_refuses_a_needless_conversion():
    """The property tests' reading itself: a fist card converted for a fist cost is refused, a
    speech card converted for it allowed, and with a fist discount neither card is needed."""
    assert not allowed(["fist"], [("fist", True)], [], [], 1)
    assert allowed(["fist"], [("speech", True)], [], [], 1)
    assert allowed(["fist"], [], [], ["fist"], 0)
    assert [allowed(["fist", "leaf"], [("fist", a), ("speech", b)], [], [], 2)
            for a, b in product((False, True), repeat=2)] == [False, True, False, False]


def test_under_the_accept_ruling_a_needless_conversion_spends_its_clover(client):
    """Table ruling `needless_conversion` = accept ("Spend clover tokens wisely…"): the fist card
    converted for the fist cost, the star item for the star companion and the beast's type for the
    beast requirement are each accepted, and the clovers are spent."""
    table = start(client, {"phase": "activate", "turn": {"activated": True},
                           "display": [A(1, 3, ["beast"], ["fist"]), *DISPLAY[1:]],
                           "players": two({"movement": [1], "clovers": 3,
                                           "hand": [I("fist", "star")],
                                           "party": [M(C(["beast"], ["star"]))]})},
                  needless_conversion="accept")
    table.accepted(ev("complete_adventure", source="display", index=1,
                      pay=[{"hand": 1, "convert": True}], companions=[1], convert_types=[1]))
    assert me(table)["clovers"] == 0
    table = activate_phase(client, {"clovers": 1, "hand": [I("fist", "star")],
                                    "party": [M(C(["beast"], ["star"]))]},
                           needless_conversion="accept")
    table.accepted(ev("activate", character=1, hand=1, convert=True))
    assert me(table)["clovers"] == 0


def test_the_needless_conversion_ruling_cites_both_readings(client):
    option = client.get("/api/games/pilgrims").get_json()["options"]["needless_conversion"]
    assert option["default"] == "refuse"
    quotes = [c["quote"] for c in option["rules"]]
    assert CLOVER_TO_MATCH in quotes and CLOVER_ACTIVATION in quotes and CLOVER_TYPE in quotes
    assert in_book("Spend clover tokens wisely…") in " ".join(quotes)


# -- hidden information -----------------------------------------------------------------------------


def test_an_item_card_drawn_for_a_passed_over_space_is_the_drawers_only(client):
    """"• Take 1 item card from a passed-over space during travel. If a figure is on that space,
    draw an item card as usual." with "Don't show them to other players!" — Bob stands on [2, 1],
    Ann travels from [1, 1] to [3, 1] and draws for the passed-over space: Bob and a spectator read
    that a card was drawn, not which (the log showed it)."""
    companion = C(["beast"], ["star"], abilities=["passed-over item"])
    table = start(client, {"display": DISPLAY, "players": two(
        {"hand": [I("leaf", "star")], "party": [M(companion)]}, {"figure": [2, 1]})})
    table.accepted(ev("move", movement=1, to=[3, 1], card=I("fist", "notes")))
    table.accepted(ev("activate", character=1, hand=1))
    drawn = I("coin", "compass")
    table.accepted(ev("ability", kind="passed-over item", space=[2, 1], card=drawn))
    assert me(table)["hand"][-1] == drawn
    assert table.view("p1")["last_event"]["card"] == drawn
    assert table.view("p2")["last_event"]["card"] is None
    spectator = client.get(f"/api/sessions/{table.id}").get_json()
    assert spectator["last_event"]["card"] is None
    assert drawn not in spectator["state"]["players"]["p1"]["hand"]


# -- the falconer ---------------------------------------------------------------------------------

FALCONER_WILD_ONLY = in_book("He only uses wild cards if absolutely necessary.")


def falconer_adventure(client, hand, display=DISPLAY):
    """Kim's solo game: the falconer's Adventure phase, his arrow pointing right."""
    return start(client, {"current": "falconer", "phase": "falconer_adventure", "display": display,
                          "players": {"p1": {"figure": [1, 1], "movement": [1]}},
                          "falconer": {"hand": hand, "moved": ["falcon", "falconer"],
                                       "arrow": "right"}}, players=("Kim",))


def test_the_falconer_may_discard_either_of_two_alike_fist_cards(client):
    """"When the falconer completes an adventure card or signs up for a public quest tile, he
    discards the used item cards." The book does not say which of two fist cards he uses (he has no
    Activate phase, so their activation symbols never matter to him): the table's entry of the
    second is accepted and that card discarded (it was refused quoting the wild-card sentence). His
    coin for the fist is still refused with that sentence."""
    hand = [I("fist", "star"), I("fist", "notes"), I("coin", "sword")]
    table = falconer_adventure(client, hand)
    error = table.refused(ev("falconer_adventure", completes=1, pay=[3]), FALCONER_WILD_ONLY)
    assert error["rule"]["quote"] == FALCONER_WILD_ONLY
    table.accepted(ev("falconer_adventure", completes=1, pay=[2]))
    state = table.view()["state"]
    assert state["falconer"]["hand"] == [I("fist", "star"), I("coin", "sword")]
    assert state["discard_pile"][-1] == I("fist", "notes")


def test_the_falconer_paying_with_a_card_he_does_not_hold_is_refused(client):
    table = falconer_adventure(client, [I("fist", "star")])
    table.refused(ev("falconer_adventure", completes=1, pay=[2]), FALCONER_WILD_ONLY)
    table.accepted(ev("falconer_adventure", completes=1, pay=[1]))


# -- each "cannot" --------------------------------------------------------------------------------

NO_PARTY_REQUIREMENT = in_book("Public quest tiles do not have a party requirement.")


def test_a_companion_retired_to_sign_up_for_a_quest_is_refused(client):
    """Tile B (fist + speech) signed up for with Ann's beast retired, as for an adventure card's
    cross: refused quoting "Public quest tiles do not have a party requirement." (it could not be
    entered); without the retirement, accepted and the beast stays."""
    table = adventure_phase(client, {"hand": [I("fist", "star"), I("speech", "star")],
                                     "party": [M(C(["beast"], ["star"]))]})
    error = table.refused(ev("sign_up", tile="B", pay=[{"hand": 1}, {"hand": 2}], retire=[1]),
                          NO_PARTY_REQUIREMENT)
    assert error["rule"]["quote"] == NO_PARTY_REQUIREMENT
    table.accepted(ev("sign_up", tile="B", pay=[{"hand": 1}, {"hand": 2}]))
    assert len(me(table)["party"]) == 1 and me(table)["retired"] == []


def test_an_item_card_bought_during_setup_quotes_the_turn_sentence(client):
    """"They may do this any time during their turn." — Bob, choosing his corner, buys an item card
    before any turn has begun: refused with that sentence (it quoted the corner step); in Ann's
    first turn, with 2 clovers, she buys one."""
    table = start(client)
    error = table.refused(ev("buy_item", player="p2", item=I("fist", "star")),
                          in_book("They may do this any time during their turn."))
    assert error["rule"]["quote"] == "They may do this any time during their turn."
    bought = start(client, {"display": DISPLAY, "players": two({"clovers": 2})})
    bought.accepted(ev("buy_item", item=I("fist", "star")))
    assert me(bought)["clovers"] == 0 and me(bought)["hand"][-1] == I("fist", "star")


# -- setup at each player count, and the first round ------------------------------------------------

CORNERS = ([1, 1], [1, 5], [5, 1], [5, 5])
CAMPFIRES = ([1, 3], [2, 2], [2, 4], [4, 2], [4, 4], [5, 3])


@pytest.mark.parametrize("players,first", [
    (("Ann",), "p1"), (("Ann", "Bob"), "p2"), (("Ann", "Bob", "Cat"), "p3"),
    (("Ann", "Bob", "Cat", "Dan"), "p2")])
def test_setup_and_the_first_round_at_each_player_count(client, players, first):
    """Setup: the corners from the last player counterclockwise ("Starting with the last player
    (seated to the right of the first player) and proceeding counterclockwise"), each player with 2
    item cards and 1 clover, the falconer (solo) in the middle with 2 item cards; the item deck
    short of the 19 map cards, one card a player and (solo) the falconer's draw. The first round:
    "Each round begins with the first player's turn ... Play then continues clockwise." — each
    player's 3 turns (solo: the player, then the falconer), then round 2 begins with the first
    player, the movement tokens removed ("Remove all movement tokens from the player boards.")."""
    solo = len(players) == 1
    table = start(client, players=players, first_player=first)
    seats = [f"p{n + 1}" for n in range(len(players))]
    clockwise = seats[seats.index(first):] + seats[:seats.index(first)]
    chose = []
    for corner in CORNERS[:len(players)]:
        [seat] = table.view()["current_players"]
        chose.append(seat)
        table.accepted(ev("choose_corner", seat, space=corner, item=I("fist", "sword"),
                          drawn=I("leaf", "star"),
                          **({"falconer_items": [I("speech", "notes"), I("coin", "star")]}
                             if solo else {})))
    assert chose == list(reversed(clockwise))
    state = table.view()["state"]
    assert all(len(me(table, s)["hand"]) == 2 and me(table, s)["clovers"] == 1 for s in seats)
    assert state["decks"]["item"] == 64 - 19 - len(players) - solo
    assert [e["level"] for e in state["display"]] == [1, 1, 1, 2, 2]
    if solo:
        assert state["figures"]["falcon"] == state["figures"]["falconer"] == [3, 3]
        assert len(state["falconer"]["hand"]) == 2
    turns = []
    for _ in range(3 * len(players)):
        [seat] = table.view()["current_players"]
        turns.append(seat)
        move = next(e for e in table.view(seat)["legal"]
                    if e["type"] == "move" and e["to"] not in CAMPFIRES)
        table.accepted(posted({**move, "card": I("leaf", "notes")} if "open" in move else move))
        table.accepted(ev("gain_clover", seat))
        table.accepted(ev("replenish", seat))
        if solo:
            play_the_falconers_turn(table)
    assert turns == clockwise * 3
    state = table.view()["state"]
    assert state["round"] == 2 and table.view()["current_players"] == [first]
    assert all(me(table, s)["movement"] == [] for s in seats)


def play_the_falconers_turn(table):
    """Both figures to a non-campfire space with a card drawn, no reward, then his Adventure phase
    and his replenish, each as `legal` shows it."""
    for figure in ("falcon", "falconer"):
        [event] = table.view("p1")["legal"]
        assert event["figure"] == figure
        here = table.view()["state"]["figures"][figure]
        to = [here[0] % 5 + 1, here[1]]
        while to in CAMPFIRES:
            to = [to[0] % 5 + 1, to[1]]
        table.accepted(ev("falconer_move", figure=figure, reward="none", arrow="right", to=to,
                          card=I("fist", "compass")))
    while table.view()["phase"].startswith("falconer"):
        event = table.view("p1")["legal"][0]
        if event["type"] == "reveal":  # a display card replenished unseen, entered when he checks
            level = table.view()["state"]["display"][event["index"] - 1]["level"]
            event = {**event, "card": A(level, 2, [], ["leaf", "leaf"])}
        table.accepted(posted(event))


# -- a position with cards entered by name (outsider finding 5) -----------------------------------


def named_position(client, p1=None, **position) -> dict:
    """The outsider's table: round 2, Ann to move from the middle, with `p1` and `position`."""
    setup = example_setup(client)
    setup["position"] = {"round": 2, "current": "p1", **position, "players": {
        "p1": {"figure": [3, 3], "hand": [I("fist", "sword")], **(p1 or {})},
        "p2": {"figure": [5, 5], "hand": [I("fist", "sword")]}}}
    return setup


@pytest.mark.parametrize("p1, position, field", [
    ({"completed": ["Lost Sheep"]}, {}, "position.players.p1.completed[0]"),
    ({}, {"display": ["Lost Sheep", {"level": 1}, {"level": 1}, {"level": 2}, {"level": 2}]},
     "position.display[0]"),
    ({"retired": ["Shepherd"]}, {"quills": {"B": ["p1"]}}, "position.players.p1.retired[0]"),
    ({"party": [{"card": "Shepherd"}]}, {"quills": {"B": ["p1"]}},
     "position.players.p1.party[0].card"),
    ({"hand": ["Sword"]}, {}, "position.players.p1.hand[0]"),
    ({"reserve": ["Lost Sheep"]}, {"quills": {"C": ["p1"]}}, "position.players.p1.reserve[0]"),
    ({}, {"map": [["empty"] * 5, ["empty"] * 5, ["empty", "empty", "Sword", "empty", "empty"],
                  ["empty"] * 5, ["empty"] * 5]}, "position.map.2.2"),
])
def test_a_card_of_a_position_named_but_not_in_the_card_table_is_a_400_naming_it(
        client, p1, position, field):
    """Bad input, never a 500: each card slot of a position may name a card (the schema allows a
    string); a name the card table (shipped empty) does not hold is a 400 naming the field (four of
    these answered 500, two were stored as strings)."""
    response = client.post("/api/sessions", json=named_position(client, p1, **position))
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"] == field


def test_a_card_of_a_position_named_in_the_card_table_is_that_card(client, monkeypatch):
    """With the table's card table filled in, a named card in a position is the card it names: the
    Shepherd (beast + wanderer) in Ann's party counts for her quest A (wanderers), the named item
    card in her hand activates her leader (sword)."""
    from referee.pilgrims import cards
    monkeypatch.setattr(cards, "card_table", lambda: {
        "companions": {"Shepherd": {"types": ["beast", "wanderer"], "activation": ["notes"]}},
        "items": {"Sword": {"adventure": "fist", "activation": "sword"}},
        "adventures": {}, "leaders": {}, "journeys": {}})
    table = ApiTable(client, named_position(client, {"party": [{"card": "Shepherd"}],
                                                     "hand": ["Sword"]}, quills={"A": ["p1"]}))
    ann = me(table)
    assert ann["party"][0]["card"]["types"] == ["beast", "wanderer"]
    assert ann["hand"] == [{"adventure": "fist", "activation": "sword", "name": "Sword"}]
    [ann_score] = [p for p in table.view()["scores"]["players"] if p["seat"] == "p1"]
    assert [line["points"] for line in ann_score["breakdown"] if "mission" in line["label"]] == [1]
    table.accepted(ev("move", movement=1, to=[3, 2], card=I("leaf", "notes")))
    table.accepted(ev("activate", character="leader", hand=1))


def test_cards_named_in_events_are_read_from_the_card_table(client, monkeypatch):
    """"A card is entered by its symbols as read off the table, or by its name in the card table":
    a move's card and a replenish's map cards named (a name fits an item and a companion alike, so
    the schema refused every name with a 400; the space says which kind it is): a companion named
    for an item space is refused with the sentence, a name the card table lacks is a 400."""
    from referee.pilgrims import cards
    monkeypatch.setattr(cards, "card_table", lambda: {
        "companions": {"Shepherd": {"types": ["beast", "wanderer"], "activation": ["notes"]}},
        "items": {"Sword": {"adventure": "fist", "activation": "sword"}},
        "adventures": {}, "leaders": {}, "journeys": {}})
    table = start(client, {"display": DISPLAY, "players": two()})
    table.accepted(ev("move", movement=1, to=[2, 2], card="Shepherd"))
    assert me(table)["party"][0]["card"] == {"types": ["beast", "wanderer"],
                                             "activation": ["notes"], "name": "Shepherd"}
    table.accepted(ev("gain_clover"))
    table.accepted(ev("replenish", map=["Sword"]))  # [1, 1]: Ann stands on the campfire
    assert table.view()["state"]["map"][0][0]["card"]["name"] == "Sword"
    table.refused(ev("move", "p2", movement=1, to=[5, 4], card="Shepherd"),
                  in_book("Other map spaces give item cards."))
    wrong = table.send(ev("move", "p2", movement=1, to=[5, 4], card="Dagger"))
    assert wrong.status_code == 400 and wrong.get_json()["error"]["field"] == "event.card"
    table.accepted(ev("move", "p2", movement=1, to=[5, 4], card="Sword"))


# -- every way to activate a companion: accepted exactly when the book allows it -------------------

ACTIVATION = ("sword", "notes", "compass", "star")


def activation_allowed(item, symbols, clovers, convert, convert_to) -> bool:
    """The book's reading: the item's activation symbol matches the companion ("an item card must
    be played face-up under a character with a matching activation symbol"), or else 1 clover
    converts it "to match a companion card" — to one of the companion's symbols, and only an item
    that does not match already."""
    if not convert:
        return convert_to is None and item in symbols
    return clovers >= 1 and item not in symbols and convert_to in (None, *symbols)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(item=st.sampled_from(ACTIVATION),
       symbols=st.lists(st.sampled_from(ACTIVATION), min_size=1, max_size=2, unique=True),
       clovers=st.integers(0, 1))
def test_every_activation_of_a_companion_is_accepted_exactly_when_the_book_allows_it(
        client, item, symbols, clovers):
    """Each activation of Ann's companion with her one item card — converted or not, to each
    symbol or none — is accepted exactly when the brute-force reading allows it, and `legal` lists
    exactly the accepted ones (a conversion to each symbol of a two-symbol companion its own
    way)."""
    setup = example_setup(client)
    setup["position"] = {"phase": "activate", "display": DISPLAY, "players": two(
        {"movement": [1], "clovers": clovers, "hand": [I("fist", item)],
         "party": [M(C(["beast"], symbols))]})}
    setup = engine.check_setup(Game, setup)
    model = engine.start(Game, setup)
    accepted = []
    for convert, convert_to in product((False, True), (None, *ACTIVATION)):
        event = ev("activate", character=1, hand=1, **({"convert": True} if convert else {}),
                   **({"convert_to": convert_to} if convert_to else {}))
        ok, model = accepts(model, event, setup)
        assert ok == activation_allowed(item, symbols, clovers, convert, convert_to), (event, ok)
        if ok:
            accepted.append(event)
    listed = [e for e in model.legal() if e["type"] == "activate" and e["character"] == 1]
    if len(symbols) == 1:  # one symbol: converted to it, with or without naming it, is one way
        accepted = [e for e in accepted if "convert_to" not in e]
    else:  # several: the way names the symbol
        accepted = [e for e in accepted if "convert_to" in e or "convert" not in e]
    assert sorted(map(str, listed)) == sorted(map(str, accepted))


# -- the end of the game ----------------------------------------------------------------------------


def test_the_game_ends_at_the_last_players_replenish_and_a_tie_past_the_items_is_shared(client):
    """Three players, Bob first: Ann (seated to his right) is the last player, so her replenish of
    round 4 ends the game ("When all players have completed round 4, the game ends."). Ann and Bob
    score 1 point each (3 clovers: "1 victory point per 3 remaining clover tokens") and hold 1 item
    card each: "If there is still a tie, the players share the victory." Cat, 2 clovers and no
    card, scores 0. The calculator says the same on the same tallies; an event after the end
    quotes "After round 4, the game ends." (Found on the way: a position of round 3 or 4 that does
    not enter the display kept the 3 + 2 places of rounds 1 and 2.)"""
    position = {"round": 4, "current": "p1", "phase": "replenish", "players": {
        "p1": {"figure": [1, 1], "movement": [1, 2, 3], "clovers": 3, "hand": [I("fist", "star")]},
        "p2": {"figure": [5, 5], "movement": [1, 2, 3], "clovers": 3, "hand": [I("leaf", "star")]},
        "p3": {"figure": [5, 1], "movement": [1, 2, 3], "clovers": 2, "hand": []}}}
    table = start(client, position, players=("Ann", "Bob", "Cat"), first_player="p2")
    assert table.view()["state"]["turns"] == {"p2": 3, "p3": 3, "p1": 2}
    table.accepted(ev("replenish"))
    view = table.view()
    scores = view["scores"]
    assert view["over"] and scores["final"]
    assert sorted(scores["winners"]) == ["p1", "p2"]
    assert scores["decided_by"]["tie_break"] == "shared"
    assert scores["decided_by"]["rule"]["quote"] == in_book(
        "In case of a tie, the player with more item cards left in their hand wins. If there is "
        "still a tie, the players share the victory.")
    assert {p["seat"]: p["total"] for p in scores["players"]} == {"p1": 1, "p2": 1, "p3": 0}
    assert summary(scores) == summary(calculated(client, "pilgrims", tallies(view)))
    # a round-4 position without its display has the ratio of rounds 3 and 4: Ann's replenish
    # fills it to 2 level I and 3 level II cards (it added a sixth card to a 3 + 2 display)
    assert [e["group"] for e in view["state"]["display"]] == [1, 1, 2, 2, 2]
    table.refused(ev("gain_clover", "p2"), in_book("After round 4, the game ends."))
