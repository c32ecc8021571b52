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

import random
from itertools import combinations, permutations, product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core import BadRequest, RuleViolation, engine
from referee.pilgrims import Game
from referee.pilgrims.legal import WAYS_LISTED
from tests.api_table import calculated
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
from tests.test_pilgrims_audit_4 import (
    EngineTable,
    WholeGame,
    check_the_end,
    posted,
    tallies,
)

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


# -- every way to pay: accepted exactly when the book allows it ----------------------------------

SYMBOLS = ("fist", "speech", "leaf")


def fits(entry_symbol, slot) -> bool:
    """An item card's symbol (None: converted by a clover), or a named discount's, paying for one
    symbol of the items cost."""
    return entry_symbol in (None, "coin", "any", slot)


def covers(cost, entries, unnamed, clovers) -> bool:
    """Each entry (an item card's adventure symbol, None when a clover converts it, or a named
    discount's symbol) pays its own symbol of the items cost, and the discounts not named cover the
    rest ("More discount abilities ... can be used"), each its own symbol; a clover a conversion."""
    if entries.count(None) > clovers or len(entries) > len(cost):
        return False
    for slots in permutations(range(len(cost))):
        mine, rest = slots[:len(entries)], [cost[s] for s in slots[len(entries):]]
        if all(fits(symbol, cost[s]) for symbol, s in zip(entries, mine, strict=True)):
            if len(rest) <= len(unnamed) and any(
                    all(fits(d, slot) for d, slot in zip(order, rest, strict=True))
                    for order in permutations(unnamed, len(rest))):
                return True
    return False


def allowed(cost, items, named, unnamed, clovers) -> bool:
    """The book's reading of a payment, by brute force: the item cards (each its printed adventure
    symbol and whether a clover converts it) and the named discounts cover the cost, and each card
    converted needs it ("convert an item card's adventure symbol to match the items cost": a card
    that pays as printed is not converted)."""
    entries = [None if converted else symbol for symbol, converted in items]
    if not covers(cost, entries + named, unnamed, clovers):
        return False
    return not any(converted and covers(cost, entries[:n] + [symbol] + entries[n + 1:] + named,
                                        unnamed, clovers)
                   for n, (symbol, converted) in enumerate(items))


def ways_to_pay(pool_size, discounts):
    """Every payment of up to 3 entries from `pool_size` item cards (each converted or not) and
    the discounts named (none converted: that is refused on its own, tested above)."""
    for size in range(4):
        for chosen in combinations(range(pool_size), size):
            for converted in product((False, True), repeat=size):
                for named in range(len(discounts) + 1):
                    for which in combinations(range(len(discounts)), named):
                        yield list(zip(chosen, converted, strict=True)), list(which)


def payment_table(client, cost, hand, leader_holds, discounts, clovers):
    display = [A(1, 2, [], cost), *DISPLAY[1:]]
    setup = example_setup(client)
    setup["position"] = {
        "phase": "activate", "turn": {"activated": True}, "display": display,
        "players": two({"movement": [1], "hand": hand, "leader_holds": leader_holds,
                        "clovers": clovers, "completed": [discount(d) for d in discounts]})}
    return engine.check_setup(Game, setup)


def accepts(model, event, setup) -> tuple[bool, object]:
    """Whether the referee accepts `event`, and the model to go on with: a refusal leaves the model
    as it was, an acceptance changed it, so a fresh one is started from `setup`."""
    try:
        engine.apply(model, event)
    except (RuleViolation, BadRequest):
        return False, model
    return True, engine.start(Game, setup)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cost=st.lists(st.sampled_from(SYMBOLS), max_size=3),
       hand=st.lists(st.sampled_from((*SYMBOLS, "coin")), max_size=3),
       leader_holds=st.sampled_from((None, *SYMBOLS, "coin")),
       discounts=st.lists(st.sampled_from((*SYMBOLS, "any")), max_size=2),
       clovers=st.integers(0, 2))
def test_every_way_to_pay_is_accepted_exactly_when_the_book_allows_it(
        client, cost, hand, leader_holds, discounts, clovers):
    """Each payment of the first display card (up to 3 item cards from the hand and the leader,
    each converted by a clover or not, and any of the discounts named) is accepted exactly when a
    brute-force reading of the book pays the cost with it; and what can be done next lists the
    card once for each distinct way that is accepted with the fewest clovers (two hand cards of
    the same symbols are one way; the discounts not named cover what the cards leave)."""
    setup = payment_table(client, cost, [I(s, "star") for s in hand],
                          leader_holds and I(leader_holds, "compass"), discounts, clovers)
    every_payment_checked(
        setup, cost, hand, leader_holds, discounts, clovers,
        lambda pay: ev("complete_adventure", source="display", index=1, pay=pay),
        lambda event: event["type"] == "complete_adventure" and event["index"] == 1)


def every_payment_checked(setup, cost, hand, leader_holds, discounts, clovers, event_for, is_it):
    """Each payment (up to 3 item cards from the hand of `hand`'s symbols and the leader's card,
    each converted or not, any of the `discounts` named) of the event `event_for(pay)` is accepted
    exactly when `allowed` pays `cost` with it; the entries of `legal` that `is_it` picks are one
    per distinct accepted way at the fewest clovers, each accepted."""
    model = engine.start(Game, setup)
    pool = [({"hand": n + 1}, s) for n, s in enumerate(hand)]
    if leader_holds:
        pool.append(({"character": "leader"}, leader_holds))
    accepted = []
    for items, named in ways_to_pay(len(pool), discounts):
        pay = [{**pool[i][0], **({"convert": True} if c else {})} for i, c in items]
        pay += [{"improvement": d + 1} for d in named]
        unnamed = [d for n, d in enumerate(discounts) if n not in named]
        ok, model = accepts(model, event_for(pay), setup)
        assert ok == allowed(cost, [(pool[i][1], c) for i, c in items],
                             [discounts[d] for d in named], unnamed, clovers), (pay, ok)
        if ok and not named:
            accepted.append(pay)

    def way(pay):  # two hand cards showing the same symbols are one way to pay
        return tuple(sorted((hand[e["hand"] - 1] if "hand" in e else e["character"],
                             bool(e.get("convert"))) for e in pay))
    fewest = min((sum(bool(e.get("convert")) for e in pay) for pay in accepted), default=0)
    events = [e for e in model.legal() if is_it(e)]
    complete = [e for e in events if "open" not in e]
    for event in complete:
        engine.apply(engine.start(Game, setup), posted(event))
    listed = [e["pay"] for e in complete]
    assert len({way(pay) for pay in listed}) == len(listed)
    fewest_ways = {way(pay) for pay in accepted
                   if sum(bool(e.get("convert")) for e in pay) == fewest}
    if len(complete) < len(events):  # more ways than legal lists: the first ones, the card open
        assert len(listed) == WAYS_LISTED and {way(pay) for pay in listed} < fewest_ways
    else:
        assert {way(pay) for pay in listed} == fewest_ways


# -- what can be done next: each distinct way to pay ----------------------------------------------


def listed_ways(table, index=1, kind="complete_adventure", key="index"):
    return [e for e in table.view("p1")["legal"] if e["type"] == kind and e.get(key) == index]


def each_accepted(client, position_p1, events, display=DISPLAY):
    """Each listed event accepted on its own table (the same position)."""
    for event in events:
        adventure_phase(client, position_p1, display).accepted(posted(event))


def test_a_coin_or_the_matching_card_both_listed(client):
    """"The wild (coin) adventure symbol can replace any other adventure symbol ..." — Ann may pay
    the fist adventure with her fist card or her coin: both ways are listed, the exact card first,
    and each is accepted. Round 4 listed the first only."""
    p1 = {"hand": [I("fist", "star"), I("coin", "notes")]}
    ways = listed_ways(adventure_phase(client, p1))
    assert [e["pay"] for e in ways] == [[{"hand": 1}], [{"hand": 2}]]
    each_accepted(client, p1, ways)


def test_the_hand_or_the_party_both_listed(client):
    """"The player may discard item cards held by their party and/or item cards from their hand."
    A fist in hand and a fist under the leader: two ways (paying the leader's frees it)."""
    p1 = {"hand": [I("fist", "star")], "leader_holds": I("fist", "sword")}
    ways = listed_ways(adventure_phase(client, p1))
    assert [e["pay"] for e in ways] == [[{"hand": 1}], [{"character": "leader"}]]
    each_accepted(client, p1, ways)


def test_two_hand_cards_of_the_same_symbols_are_one_way(client):
    p1 = {"hand": [I("fist", "star"), I("fist", "star"), I("fist", "notes")]}
    ways = listed_ways(adventure_phase(client, p1))
    assert [e["pay"] for e in ways] == [[{"hand": 1}], [{"hand": 3}]]


def test_which_companion_retires_for_the_cross_is_each_listed(client):
    """"2. If there are one or more cross symbols in the party requirement, retire one companion
    card from the party for each cross symbol." Two beasts, one beast and one cross: either may
    retire (the one retired counts for a public quest all the same, but holds its own item)."""
    cross = A(1, 3, ["beast"], ["fist"], crosses=1)
    display = [cross, *DISPLAY[1:]]
    p1 = {"hand": [I("fist", "star")], "party": [M(C(["beast"], ["star"])),
                                                  M(C(["beast", "wanderer"], ["notes"]))]}
    ways = listed_ways(adventure_phase(client, p1, display))
    assert [(e["companions"], e["retire"]) for e in ways] == [([1], [1]), ([2], [2])]
    each_accepted(client, p1, ways, display)


def test_a_discount_or_a_card_both_listed(client):
    """A fist discount covers the fist cost, or Ann pays her fist card: both are ways to pay."""
    p1 = {"completed": [discount("fist")], "hand": [I("fist", "star")]}
    ways = listed_ways(adventure_phase(client, p1))
    assert [e["pay"] for e in ways] == [[], [{"hand": 1}]]
    each_accepted(client, p1, ways)


def test_conversions_are_listed_only_where_the_card_needs_them(client):
    """A fist card and a speech card, 1 clover, a fist cost: the clover-free way is listed; the
    speech card converted instead is not (it spends a clover for nothing the fist cannot pay) but
    is accepted when entered ("Spend 1 clover token ... to convert an item card's adventure
    symbol to match the items cost")."""
    p1 = {"clovers": 1, "hand": [I("fist", "star"), I("speech", "star")]}
    table = adventure_phase(client, p1)
    assert [e["pay"] for e in listed_ways(table)] == [[{"hand": 1}]]
    table.accepted(ev("complete_adventure", source="display", index=1,
                      pay=[{"hand": 2, "convert": True}]))
    assert me(table)["clovers"] == 0 and me(table)["hand"] == [I("fist", "star")]


def test_sign_ups_list_each_way_too(client):
    """Tile B costs fist + speech: a fist card or a coin for the fist, the speech card for the
    speech (or the coin for the speech with the fist card)."""
    p1 = {"hand": [I("fist", "star"), I("speech", "star"), I("coin", "star")]}
    ways = listed_ways(adventure_phase(client, p1), "B", "sign_up", "tile")
    assert sorted(sorted(p["hand"] for p in e["pay"]) for e in ways) == [[1, 2], [1, 3], [2, 3]]


def test_past_twelve_ways_the_card_is_listed_open_as_well(client):
    """Sixteen cards in hand (eight kinds, two of each), none a fist, 2 clovers, a fist + fist
    adventure: 36 ways to convert two cards. Twelve are listed, and the card open for the table's
    own payment; a way not listed is accepted."""
    hand = [I(a, b) for a in ("speech", "leaf") for b in ("sword", "notes", "compass", "star")]
    display = [A(1, 2, [], ["fist", "fist"]), *DISPLAY[1:]]
    p1 = {"clovers": 2, "hand": hand + hand}
    table = adventure_phase(client, p1, display)
    ways = listed_ways(table)
    assert len([e for e in ways if "pay" in e]) == 12
    [open_event] = [e for e in ways if "open" in e]
    assert "pay" in open_event["open"] and "pay" not in open_event
    listed = {tuple(p["hand"] for p in e["pay"]) for e in ways if "pay" in e}
    assert (8, 16) not in listed
    table.accepted(ev("complete_adventure", source="display", index=1,
                      pay=[{"hand": 8, "convert": True}, {"hand": 16, "convert": True}]))


# -- whole games at every player count, each choice drawn from all that `legal` lists --------------


class RandomGame(WholeGame):
    """`WholeGame`, its players choosing at random (seeded) among everything `legal` lists in
    their own turn: any activation (a clover's conversion too), the abilities, every way to pay
    a card or a quest, buying item cards, and an adventure more often than not when one can be
    had; the cards drawn are the table's as before."""

    def __init__(self, table, seed):
        super().__init__(table)
        self.rng = random.Random(seed)
        self.ways_seen = 0

    def step(self, view, seat):
        phase, events = view["phase"], view["legal"]
        if phase not in ("turn_move", "turn_activate") or events[0]["type"] == "choose_journey":
            return super().step(view, seat)
        if phase == "turn_move":
            return super().step(view, seat)
        complete = [e for e in events if "open" not in e]
        adventures = [e for e in complete if e["type"] in ("complete_adventure", "sign_up")]
        self.ways_seen = max(self.ways_seen, len(adventures))
        buys = [e for e in events if e["type"] == "buy_item"]
        if adventures and self.rng.random() < 0.7:
            return self.send(self.rng.choice(adventures))
        if buys and self.rng.random() < 0.2:
            return self.send({**buys[0], "item": self.next_card("item")})
        return self.send(self.rng.choice(complete))


@pytest.mark.parametrize("players,options,seed", [
    (("Kim",), {}, 1), (("Kim",), {"journey_cards": True, "solo_difficulty": "hardcore"}, 2),
    (("Ann", "Bob"), {}, 3), (("Ann", "Bob"), {"convert_for_leader": True}, 4),
    (("Ann", "Bob", "Cleo"), {"journey_cards": True}, 5),
    (("Ann", "Bob", "Cleo", "Dan"), {"first_player": "p2"}, 6),
    (("Ann", "Bob", "Cleo", "Dan"), {"journey_cards": True, "leader_side": "B"}, 7)])
def test_a_random_whole_game_at_each_player_count_agrees_with_the_calculator(
        client, players, options, seed):
    """Four rounds at 1 (the falconer), 2, 3 and 4 players, each event one that `legal` listed,
    chosen at random; the live final scores (totals, lines, winners, tie-break) equal the
    calculator's (POST /api/score/pilgrims) on the tallies read off the final state."""
    table = EngineTable(client, players, **options)
    game = RandomGame(table, seed)
    view = game.play()
    check_the_end(view, calculated(client, "pilgrims", tallies(view)))
    assert game.ways_seen > 1


# -- naming the companions that meet a party requirement -----------------------------------------

TYPE_SYMBOL = in_book("Their party must have companion card(s) with a matching type symbol")
COMPANIONS_NEEDED = in_book("Symbols in this box indicate companions a player needs to have in "
                            "their party to complete the adventure card.")
BEAST_CARD = A(1, 3, ["beast"], ["fist"])


def beast_table(client, clovers=0):
    """Ann's party: a wanderer; retired under her leader: a beast; a beast adventure first in the
    display, a fist card in hand."""
    return adventure_phase(client, {"hand": [I("fist", "star")], "clovers": clovers,
                                    "party": [M(C(["wanderer"], ["star"]))],
                                    "retired": [C(["beast"], ["sword"])]},
                           [BEAST_CARD, *DISPLAY[1:]])


def test_a_companion_converted_must_be_in_the_party(client):
    """"Spend 2 clover tokens during the Adventure phase to convert a companion card's type ..."
    converts a companion of the party: naming place 2 of a party of one, converted, was accepted
    (a converted companion was never looked up). Now refused with the party sentence; the twin
    converts the wanderer at place 1."""
    table = beast_table(client, clovers=2)
    error = table.refused(ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}],
                             companions=[2], convert_types=[2]), TYPE_SYMBOL)
    assert error["message"] == "There is no companion at place 2 in your party."
    table.accepted(ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}],
                      companions=[1], convert_types=[1]))
    assert me(table)["clovers"] == 0


def test_a_missing_companion_quotes_the_party_sentence_not_the_item_one(client):
    """Naming place 3 for the beast quoted "Item cards can only be played under characters in the
    player's party." (the Activate phase's sentence); the party requirement's is the one."""
    table = beast_table(client)
    error = table.refused(ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}],
                             companions=[3]), TYPE_SYMBOL)
    assert "Item cards" not in error["rule"]["quote"]


def test_a_retired_beast_does_not_meet_the_requirement(client):
    """A retired companion is under the leader, not in the party: naming it (it was a 400 of the
    schema) quotes the party sentence."""
    table = beast_table(client)
    error = table.refused(ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}],
                             companions=[{"retired": 1}]), TYPE_SYMBOL)
    assert "retired under the leader" in error["message"]


def test_the_leader_named_for_a_party_requirement_is_refused(client):
    """"Symbols in this box indicate companions a player needs to have in their party ..." — the
    leader is no companion (it was a 400 of the schema)."""
    table = adventure_phase(client, {"hand": [I("fist", "star")],
                                     "party": [M(C(["beast"], ["star"]))]},
                            [A(1, 2, ["?"], ["fist"]), *DISPLAY[1:]])
    error = table.refused(ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}],
                             companions=["leader"]), COMPANIONS_NEEDED)
    assert error["rule"]["quote"] == COMPANIONS_NEEDED
    table.accepted(ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}],
                      companions=[1]))


# -- every way to meet a party requirement -------------------------------------------------------

TYPES = ("wanderer", "nobleheart", "beast", "scoundrel")


def meets(requirement, party, companions, converted, retire, crosses, clovers) -> bool:
    """The book's reading: one companion of the party per symbol ("Symbols in this box indicate
    companions a player needs to have in their party"), each showing the symbol, or any for '?',
    or else converted for 2 clovers ("to match an adventure card's party requirement": one that
    matches is not converted); as many of them retired as there are crosses."""
    return (len(companions) == len(requirement) == len(set(companions))
            and all(1 <= c <= len(party) for c in companions)
            and all((c in converted) != (symbol == "?" or symbol in party[c - 1])
                    for c, symbol in zip(companions, requirement, strict=True))
            and set(converted) <= set(companions) and 2 * len(converted) <= clovers
            and set(retire) <= set(companions) and len(retire) == crosses)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(requirement=st.lists(st.sampled_from((*TYPES[:3], "?")), max_size=2),
       party=st.lists(st.lists(st.sampled_from(TYPES[:3]), min_size=1, max_size=2, unique=True),
                      max_size=3),
       crosses=st.integers(0, 2), clovers=st.integers(0, 2))
def test_every_way_to_meet_a_party_requirement_is_accepted_exactly_when_the_book_allows_it(
        client, requirement, party, crosses, clovers):
    """Each naming of companions (places 1-3 of the party, one per symbol, in every order), with
    any of them converted for 2 clovers each and any of them retired, is accepted exactly when the
    book's reading allows it; what can be done next lists the card once per set of companions that
    can retire, at the fewest conversions."""
    crosses = min(crosses, len(requirement))
    card = A(1, 2, requirement, ["fist"], crosses=crosses)
    setup = example_setup(client)
    setup["position"] = {
        "phase": "activate", "turn": {"activated": True}, "display": [card, *DISPLAY[1:]],
        "players": two({"movement": [1], "hand": [I("fist", "star")], "clovers": clovers,
                        "party": [M(C(types, ["star"])) for types in party]})}
    setup = engine.check_setup(Game, setup)
    model = engine.start(Game, setup)
    retirements = set()
    for companions in permutations(range(1, 4), len(requirement)):
        for converted in (c for n in range(len(companions) + 1)
                          for c in combinations(companions, n)):
            for retire in combinations(companions, crosses):
                event = ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}],
                           companions=list(companions), convert_types=list(converted),
                           retire=list(retire))
                ok, model = accepts(model, event, setup)
                assert ok == meets(requirement, party, companions, converted, retire, crosses,
                                   clovers), (event, ok)
                if ok:
                    retirements.add((len(converted), frozenset(retire)))
    fewest = min((n for n, _ in retirements), default=0)
    listed = [e for e in model.legal() if e["type"] == "complete_adventure" and e["index"] == 1]
    assert len(listed) == len({frozenset(e["retire"]) for e in listed})
    assert {frozenset(e["retire"]) for e in listed} == {
        retire for n, retire in retirements if n == fewest}
    assert all(len(e.get("convert_types", [])) == fewest for e in listed)


def test_each_retirement_is_listed_with_the_first_way_to_pay_before_a_second(client):
    """Three companions, a '?' '?' adventure with two crosses: three pairs can retire; five fist
    cards in hand: five ways to pay. Fifteen ways in all: the twelve listed give each pair with the
    first payment first, and the card is listed open as well."""
    card = A(1, 4, ["?", "?"], ["fist"], crosses=2)
    hand = [I("fist", s) for s in ("sword", "notes", "compass", "star")] + [I("coin", "star")]
    p1 = {"hand": hand, "party": [M(C(["beast"], ["star"])), M(C(["wanderer"], ["notes"])),
                                  M(C(["scoundrel"], ["sword"]))]}
    ways = listed_ways(adventure_phase(client, p1, [card, *DISPLAY[1:]]))
    paid = [e for e in ways if "pay" in e]
    assert len(paid) == 12 and [e for e in ways if "open" in e]
    assert [(e["pay"], e["retire"]) for e in paid[:3]] == [
        ([{"hand": 1}], [1, 2]), ([{"hand": 1}], [1, 3]), ([{"hand": 1}], [2, 3])]
    each_accepted(client, p1, paid[-1:], [card, *DISPLAY[1:]])


# -- what can be done next: each way to activate -------------------------------------------------


def test_a_conversion_to_each_symbol_of_a_two_symbol_companion_is_listed(client):
    """"Spend 1 clover token in the Activate phase to convert an item card's activation symbol to
    match a companion card." A compass card and a companion showing a star and notes: the card may
    be converted to either (table ruling converted_symbol, default: it then shows that symbol to
    an improvement), so both are listed and accepted; under the `printed` reading the symbol
    converted to changes nothing, and one conversion is listed."""
    p1 = {"movement": [1], "clovers": 1, "hand": [I("leaf", "compass")],
          "party": [M(C(["beast"], ["star", "notes"]))]}
    position = {"phase": "activate", "display": DISPLAY, "players": two(p1)}
    listed = [e for e in start(client, position).view("p1")["legal"]
              if e["type"] == "activate" and e["character"] == 1]
    assert [e.get("convert_to") for e in listed] == ["star", "notes"]
    for event in listed:
        response = start(client, position).accepted(posted(event))
        assert any(f"(to {event['convert_to']})" in e["text"] for e in response["effects"])
    printed = [e for e in start(client, position, converted_symbol="printed").view("p1")["legal"]
               if e["type"] == "activate" and e["character"] == 1]
    assert printed == [ev("activate", character=1, hand=1, convert=True)]


def test_paying_with_the_item_of_a_companion_not_in_the_party_quotes_the_payment_sentence(client):
    """"The player may discard item cards held by their party and/or item cards from their hand."
    — the item of companion 2 of a party of one (it quoted the Activate phase's "Item cards can only
    be played under characters in the player's party.")."""
    table = adventure_phase(client, {"hand": [], "party": [M(C(["beast"], ["star"]),
                                                              holds=I("fist", "star"))]})
    error = table.refused(ev("complete_adventure", source="display", index=1,
                             pay=[{"character": 2}]), PAY)
    assert error["message"] == "There is no companion at place 2 in your party."
    table.accepted(ev("complete_adventure", source="display", index=1, pay=[{"character": 1}]))
