"""We Forlorn Few: a second independent audit, written from the rulebook (the scenarios first) and the
public API description (GET /api/games/we-forlorn-few, docs/games/we-forlorn-few.md) alone, going
where the first audit (tests/test_we_forlorn_few_audit.py) did not: each Camp action once, the
defender winning a Combat, steals and trades against what is really there, the Trading Post's three
cards, the Event card's Worth 0, Gather and Explore as exclusive choices, Sacrifice limits, a Companion
perishing while paying, the Ravenous after a loss or a tie, the Season deck's order, removed tiles,
the end under each ruling. Every scenario goes through the HTTP API; every refusal must quote a
verbatim sentence of the rulebook, and the sentence that forbids what was attempted."""

import pytest

from tests.test_we_forlorn_few_audit import (
    BOOK,
    HOLSTER,
    PISTOL,
    SNARE,
    TERRAIN,
    TOOL_BOX,
    Table,
    board,
    position,
    quote_of,
)


@pytest.fixture
def client(module_client):
    """One app and database for the whole file (each scenario starts its own session)."""
    return module_client


RIFLE = {"name": "Rifle", "type": "weapon", "value": 3, "dice": 1}
SADDLEBAG = {"name": "Saddlebag", "type": "storage", "value": 2, "holds": {"tool": 1, "weapon": 0}}
OFFER = [SNARE, RIFLE, SADDLEBAG]


def ravenous(tile, hunger=1):
    return {"tile": tile, "status": "ravenous", "hunger": hunger, "companions": 0}


def phase(t):
    return t.view()["phase"]


def refused_any(t, event):
    """A 422 whose quotes are all verbatim; the quotes."""
    r = t.post(event)
    assert r.status_code == 422, r.get_json()
    quotes = quote_of(r)
    assert quotes and all(q in BOOK for q in quotes), quotes
    return quotes


# ---------------------------------------------------------------- Travel


def test_backwards_with_two_different_resources(client):
    """ "Players may travel backwards to an adjacent tile by paying two Resource tokens of any type."
    One Food and one Water pay it as well as two of a kind."""
    t = Table(client, position(p1=board("B2", food=1, water=1, wood=0), p2=board(), p3=board()))
    t.ok({"type": "travel", "player": "p1", "to": "A2", "backward": True, "pay": {"food": 1, "water": 1}})
    assert t.p("p1")["tile"] == "A2"
    assert t.p("p1")["resources"] == {"food": 0, "water": 0, "wood": 0}


def test_backwards_paying_three_resources_is_refused(client):
    """ "...by paying two Resource tokens of any type." Three is not two."""
    t = Table(client, position(p1=board("B2", food=2, water=1, wood=0), p2=board(), p3=board()))
    t.refused(
        {"type": "travel", "player": "p1", "to": "A2", "backward": True, "pay": {"food": 2, "water": 1}},
        "paying two Resource tokens of any type",
    )
    assert t.p("p1")["resources"]["food"] == 2 and t.p("p1")["tile"] == "B2"


def test_travel_into_the_same_tile_is_not_travel(client):
    """ "Players can Travel to an adjacent tile" — one's own tile is not adjacent (stay instead)."""
    t = Table(client, position(p1=board("A2"), p2=board(), p3=board()))
    refused_any(t, {"type": "travel", "player": "p1", "to": "A2"})
    assert t.p("p1")["tile"] == "A2"


def test_travel_onto_a_removed_tile_is_refused(client):
    """Season Effect: "...alter the state of the board by removing tiles". A removed tile is no longer
    part of the trail to travel to."""
    terrain = [dict(x, removed=True) if x["name"] == "A2" else x for x in TERRAIN]
    t = Table(
        client,
        position(p1=board("CF", food=2, water=2), p2=board(), p3=board()),
        options={"terrain": terrain},
    )
    refused_any(t, {"type": "travel", "player": "p1", "to": "A2"})
    assert t.p("p1")["tile"] == "CF"


def test_travel_cost_ailment_over_the_limit_costs_a_companion_and_the_traveler_still_moves(client):
    """ "If Players do not have all of the resources required to pay the Travel Costs, they can still
    travel by taking the corresponding Ailments instead." and "for each token that exceeds that limit, a
    Companion perishes". The Traveler keeps Companions, so they move."""
    t = Table(
        client,
        position(p1=board("A2", food=0, water=0, wood=1, hunger=3, companions=2), p2=board(), p3=board()),
    )
    t.ok({"type": "travel", "player": "p1", "to": "B2"})
    me = t.p("p1")
    assert me["tile"] == "B2"
    assert me["companions"] == 1
    assert me["status"] == "traveler"
    assert me["ailments"]["hunger"] == 3  # the token over the limit is not placed (default ruling)
    assert phase(t).endswith("gathering")


def test_placed_items_are_not_picked_up_by_a_ravenous_traveler(client):
    """ "They do not pick up any tokens or cards on any tiles they move onto.\""""
    terrain = [dict(x, placed={"food": 2}) if x["name"] == "A1" else x for x in TERRAIN]
    t = Table(
        client,
        position("ravenous_movement", current="p2", p1=board("CF"), p2=ravenous("A2"), p3=board()),
        options={"terrain": terrain},
    )
    t.ok({"type": "ravenous_move", "player": "p2", "path": ["A1"]})
    assert t.state["tiles"]["A1"]["placed"]["food"] == 2
    assert t.p("p2")["tile"] == "A1"


def test_a_ravenous_traveler_cannot_pass_through_a_trading_post(client):
    """ "Ravenous Travelers cannot move onto Trading Post tiles, Cedar Falls or Newhaven." Moving two
    tiles by way of one is moving onto it."""
    t = Table(
        client, position("ravenous_movement", current="p2", p1=board("CF"), p2=ravenous("B2"), p3=board())
    )
    t.refused(
        {"type": "ravenous_move", "player": "p2", "path": ["B1", "FD"]}, "cannot move onto Trading Post tiles"
    )
    assert t.p("p2")["tile"] == "B2"


def test_a_ravenous_traveler_does_not_travel_or_pay(client):
    """ "A Ravenous Player's turn consists of three Phases that are to be resolved in the following order:
    Movement Phase, Combat Phase, Retreat Phase." — no Travel Phase, no Travel Cost."""
    t = Table(
        client, position("ravenous_movement", current="p2", p1=board("CF"), p2=ravenous("A2"), p3=board())
    )
    refused_any(t, {"type": "travel", "player": "p2", "to": "B2"})
    assert t.p("p2")["tile"] == "A2"


def test_a_traveler_cannot_make_a_ravenous_move(client):
    """ "Players can Travel to an adjacent tile by paying Travel Cost before moving their Player piece" —
    a free two-tile move is the Ravenous' only."""
    t = Table(client, position(p1=board("CF", food=2, water=2), p2=board(), p3=board()))
    refused_any(t, {"type": "ravenous_move", "player": "p1", "path": ["A2", "B2"]})
    assert t.p("p1")["tile"] == "CF"


# ---------------------------------------------------------------- Gathering


def test_gather_worth_two_of_the_same_resource(client):
    """ "Worth 2: Two Resources" — two Food from a Prairie (table ruling gather_same_kind, default
    true: the roll says how many tokens)."""
    t = Table(client, position("gathering", p1=board("A2", food=0, water=0, wood=0), p2=board(), p3=board()))
    t.ok({"type": "gather", "player": "p1", "roll": 2, "take": ["food", "food"]})
    assert t.p("p1")["resources"] == {"food": 2, "water": 0, "wood": 0}


def test_gather_worth_two_taking_three_is_refused(client):
    """ "What they roll determines how many Resource tokens they can take from the Stockpile.\""""
    t = Table(client, position("gathering", p1=board("A2", food=0, water=0, wood=0), p2=board(), p3=board()))
    refused_any(t, {"type": "gather", "player": "p1", "roll": 2, "take": ["food", "water", "wood"]})
    assert t.p("p1")["resources"] == {"food": 0, "water": 0, "wood": 0}


def test_gather_worth_two_into_a_nearly_full_supply_returns_the_excess(client):
    """ "Anytime a Traveler receives a token or card that exceeds their Supply capacity, they must
    immediately discard either something from their Supply to make space, or return the newly acquired
    item to the Stockpile." Five held, two gathered: six kept."""
    t = Table(client, position("gathering", p1=board("A2", food=2, water=2, wood=1), p2=board(), p3=board()))
    t.ok({"type": "gather", "player": "p1", "roll": 2, "take": ["wood", "wood"]})
    assert sum(t.p("p1")["resources"].values()) == 6
    assert t.p("p1")["resources"]["wood"] == 2


def test_two_tools_give_two_tokens(client):
    """ "Note: Players receive one token for each card in their Supply." A Snare (Food) and a Tool Box
    (Wood) give one Food and one Wood before the roll."""
    t = Table(
        client,
        position(
            "gathering",
            p1=board("B2", food=0, water=0, wood=0, equipment=[SNARE, TOOL_BOX]),
            p2=board(),
            p3=board(),
        ),
    )
    t.ok({"type": "gather", "player": "p1", "roll": 1, "take": ["wood"]})
    assert t.p("p1")["resources"] == {"food": 1, "water": 0, "wood": 2}


def test_worth_zero_does_not_also_take_resources(client):
    """ "If a Player rolls Worth 0 they must immediately draw one random token from the Exploration Bag
    and then end their Gathering Phase.\""""
    t = Table(client, position("gathering", p1=board("A2", food=0, water=0, wood=0), p2=board(), p3=board()))
    refused_any(t, {"type": "gather", "player": "p1", "roll": 0, "draw": "wood", "take": ["food"]})
    assert t.p("p1")["resources"] == {"food": 0, "water": 0, "wood": 0}


def test_gather_then_explore_is_refused(client):
    """ "During the Gathering Phase, Players can take the following actions: receive Tool Bonuses, then
    Gather Resources OR Explore.\""""
    t = Table(client, position("gathering", p1=board("A2", food=0, water=0, wood=0), p2=board(), p3=board()))
    t.ok({"type": "gather", "player": "p1", "roll": 1, "take": ["food"]})
    quotes = refused_any(t, {"type": "explore", "player": "p1", "draw": "food"})
    assert "Gather Resources OR Explore" in quotes[0]
    assert t.p("p1")["resources"] == {"food": 1, "water": 0, "wood": 0}
    assert t.state["bag"]["food"] == 3


def test_explore_drawing_an_ailment_over_the_limit_costs_a_companion(client):
    """Quick Reference: "Explore: To explore, draw one token from the Exploration Bag and immediately
    add it to your Player board." and "for each token that exceeds that limit, a Companion perishes\""""
    t = Table(client, position("gathering", p1=board("A2", thirst=3), p2=board(), p3=board()))
    t.ok({"type": "explore", "player": "p1", "draw": "thirst"})
    assert t.p("p1")["companions"] == 3
    assert t.state["bag"]["thirst"] == 2


def test_explore_drawing_a_token_the_bag_does_not_hold_is_refused(client):
    """ "If a Player chooses to Explore, they draw one token at random from the Exploration Bag" — a
    token can only come out of the bag if it is in it."""
    pos = position("gathering", p1=board("A2"), p2=board(), p3=board())
    pos["bag"] = {"food": 0, "water": 2, "wood": 0, "hunger": 0, "thirst": 0, "wagon_damage": 0}
    t = Table(client, pos)
    quotes = refused_any(t, {"type": "explore", "player": "p1", "draw": "food"})
    assert "draw random tokens from the Exploration Bag" in quotes[0]
    t.ok({"type": "explore", "player": "p1", "draw": "water"})
    assert t.state["bag"]["water"] == 1


# ---------------------------------------------------------------- Camp


def test_recuperate_more_than_the_ailments_there_is_refused(client):
    """ "The Active Player may discard any number of Resource tokens from their Supply to remove the
    corresponding Ailment tokens from their Player board." One Hunger cannot be removed twice."""
    t = Table(client, position("camp", p1=board("A2", food=3, hunger=1), p2=board(), p3=board()))
    refused_any(t, {"type": "recuperate", "player": "p1", "remove": {"hunger": 2}})
    assert t.p("p1")["resources"]["food"] == 3 and t.p("p1")["ailments"]["hunger"] == 1


def test_trade_twice_in_one_camp_is_refused(client):
    """ "During the Camp Phase the Active Player may perform each of the following actions once in any
    order\""""
    t = Table(client, position("camp", p1=board("A2", food=3), p2=board("A2", water=3), p3=board()))
    trade = {
        "type": "trade",
        "player": "p1",
        "with": "p2",
        "accepted": True,
        "give": {"food": 1},
        "get": {"water": 1},
    }
    t.ok(trade)
    t.refused(trade, "each of the following actions once")
    assert t.p("p1")["resources"]["food"] == 2


def test_combat_twice_in_one_camp_is_refused(client):
    """ "During the Camp Phase the Active Player may perform each of the following actions once in any
    order: Recuperate, Trade with another Player, Initiate Combat with another Player, or Trade at a
    Trading Post." A tie leaves nothing to steal; a second Combat, even on another Player, is refused."""
    t = Table(client, position("camp", p1=board("A2"), p2=board("A2"), p3=board("A2")))
    t.ok({"type": "combat", "player": "p1", "target": "p2", "dice": [1], "target_dice": [1]})
    t.refused(
        {"type": "combat", "player": "p1", "target": "p3", "dice": [2], "target_dice": [0]},
        "each of the following actions once",
    )


def test_all_four_camp_actions_in_any_order(client):
    """ "During the Camp Phase the Active Player may perform each of the following actions once in any
    order" — a Trading Post first, then Combat, then Recuperate, then a Trade."""
    t = Table(
        client,
        position(
            "camp", p1=board("B1", food=3, water=2, wood=1, hunger=1), p2=board("B1", water=2), p3=board()
        ),
    )
    t.ok(
        {
            "type": "trading_post",
            "player": "p1",
            "offered": OFFER,
            "buy": ["Snare"],
            "pay": {"food": 1, "wood": 1},
        }
    )
    t.ok({"type": "combat", "player": "p1", "target": "p2", "dice": [1], "target_dice": [1]})
    t.ok({"type": "recuperate", "player": "p1", "remove": {"hunger": 1}})
    t.ok(
        {
            "type": "trade",
            "player": "p1",
            "with": "p2",
            "accepted": True,
            "give": {"water": 1},
            "get": {"water": 1},
        }
    )
    me = t.p("p1")
    assert [e["name"] for e in me["equipment"]] == ["Snare"]
    assert me["ailments"]["hunger"] == 0 and me["resources"]["food"] == 1
    assert phase(t).endswith("camp")


def test_trade_with_oneself_is_refused(client):
    """ "The Active Player may Trade with other Players who are on the same Terrain tile, or on the
    Terrain tiles adjacent to them.\""""
    t = Table(client, position("camp", p1=board("A2", food=2), p2=board(), p3=board()))
    refused_any(
        t,
        {
            "type": "trade",
            "player": "p1",
            "with": "p1",
            "accepted": True,
            "give": {"food": 1},
            "get": {"food": 1},
        },
    )


def test_trade_giving_what_one_does_not_have_is_refused(client):
    """ "The Player they are proposing the Trade with may then accept or reject the terms of the Trade
    and any tokens and cards are exchanged immediately." — only what is there can change hands."""
    t = Table(client, position("camp", p1=board("A2", food=0), p2=board("A2", water=2), p3=board()))
    refused_any(
        t,
        {
            "type": "trade",
            "player": "p1",
            "with": "p2",
            "accepted": True,
            "give": {"food": 1},
            "get": {"water": 1},
        },
    )
    assert t.p("p2")["resources"]["water"] == 2


def test_trade_of_equipment_for_resources(client):
    """ "Trades may use Resource tokens, Equipment cards, or other forms of negotiation" — a Pistol for
    two Water."""
    t = Table(
        client, position("camp", p1=board("A2", equipment=[PISTOL]), p2=board("B2", water=3), p3=board())
    )
    t.ok(
        {
            "type": "trade",
            "player": "p1",
            "with": "p2",
            "accepted": True,
            "give": {"equipment": ["Pistol"]},
            "get": {"water": 2},
        }
    )
    assert t.p("p1")["equipment"] == [] and t.p("p1")["resources"]["water"] == 3
    assert [e["name"] for e in t.p("p2")["equipment"]] == ["Pistol"] and t.p("p2")["resources"]["water"] == 1


def test_combat_with_oneself_is_refused(client):
    """ "To initiate combat, the Active Player selects another Player on their current tile, or an
    adjacent tile, and then makes a Combat roll.\""""
    t = Table(client, position("camp", p1=board("A2"), p2=board(), p3=board()))
    refused_any(t, {"type": "combat", "player": "p1", "target": "p1", "dice": [2], "target_dice": [0]})


def test_the_defender_who_wins_steals_from_the_attacker(client):
    """ "The Player with the highest result wins the Combat." and "The winner may steal any Resources and
    Equipment up to the Value of their total roll result from the losing Player's Supply." The winner
    may be the one attacked."""
    t = Table(
        client,
        position(
            "camp",
            p1=board("A2", food=2, water=1, wood=1),
            p2=board("B2", food=0, water=0, wood=0),
            p3=board(),
        ),
    )
    t.ok({"type": "combat", "player": "p1", "target": "p2", "dice": [0], "target_dice": [2]})
    t.refused(
        {"type": "steal", "player": "p2", "take": {"food": 2, "water": 1}},
        "up to the Value of their total roll result",
    )
    t.ok({"type": "steal", "player": "p2", "take": {"food": 2}})
    assert t.p("p2")["resources"]["food"] == 2
    assert t.p("p1")["resources"] == {"food": 0, "water": 1, "wood": 1}
    assert t.state["current"] == "p1" and phase(t).endswith("camp")


def test_the_loser_cannot_steal(client):
    """ "The winner may steal any Resources and Equipment up to the Value of their total roll result from
    the losing Player's Supply.\""""
    t = Table(client, position("camp", p1=board("A2", food=2), p2=board("B2", food=2), p3=board()))
    t.ok({"type": "combat", "player": "p1", "target": "p2", "dice": [2], "target_dice": [0]})
    refused_any(t, {"type": "steal", "player": "p2", "take": {"food": 1}})
    assert t.p("p1")["resources"]["food"] == 2


def test_steal_an_equipment_card_by_its_value(client):
    """ "Reminder: Each Resource token has a Value of one, while the Value of an Equipment card is listed
    on the card." A result of three takes a Pistol (Value 2) and one Food."""
    t = Table(
        client,
        position(
            "camp",
            p1=board("A2", food=0, water=0, wood=0, equipment=[PISTOL]),
            p2=board("A2", food=2, equipment=[PISTOL]),
            p3=board(),
        ),
    )
    t.ok({"type": "combat", "player": "p1", "target": "p2", "dice": [2, 1], "target_dice": [0, 0]})
    t.ok({"type": "steal", "player": "p1", "take": {"food": 1, "equipment": ["Pistol"]}})
    assert t.p("p1")["resources"]["food"] == 1
    assert [e["name"] for e in t.p("p1")["equipment"]] == ["Pistol", "Pistol"]
    assert t.p("p2")["equipment"] == []


def test_steal_more_than_the_loser_has_is_refused(client):
    """ "...from the losing Player's Supply." — only what is there can be stolen."""
    t = Table(
        client, position("camp", p1=board("A2", food=0), p2=board("A2", food=1, water=0, wood=0), p3=board())
    )
    t.ok({"type": "combat", "player": "p1", "target": "p2", "dice": [2], "target_dice": [0]})
    refused_any(t, {"type": "steal", "player": "p1", "take": {"food": 2}})
    assert t.p("p2")["resources"]["food"] == 1


def test_highest_die_ruling_for_combat(client):
    """Table ruling combat_result = highest — Quick Reference: "Highest roll result wins." Worth 2 + 0
    against Worth 1 + 1: the highest die (2 against 1) wins, though both sums are 2."""
    t = Table(
        client,
        position(
            "camp",
            p1=board("A2", equipment=[PISTOL]),
            p2=board("A2", food=0, water=0, wood=0, equipment=[PISTOL]),
            p3=board(),
        ),
        options={"combat_result": "highest"},
    )
    t.ok({"type": "combat", "player": "p1", "target": "p2", "dice": [2, 0], "target_dice": [1, 1]})
    t.ok({"type": "steal", "player": "p1", "take": {"equipment": ["Pistol"]}})
    assert len(t.p("p1")["equipment"]) == 2


def test_combat_against_a_traveler_in_newhaven_is_refused(client):
    """FAQ: "Q: Can I initiate Combat with a Traveler on Cedar Falls or Newhaven?" "A: No, attacking a
    Traveler in a city would be unseemly." (Under all_journeys an arrived Traveler is still there.)"""
    pos = position("camp", p1=board("B2"), p2=board("NH", status="arrived"), p3=board())
    pos["arrivals"] = ["p2"]
    t = Table(client, pos, options={"game_ends_at": "all_journeys"})
    refused_any(t, {"type": "combat", "player": "p1", "target": "p2", "dice": [2], "target_dice": [0]})


def test_trading_post_more_than_three_cards_is_refused(client):
    """ "Flip the top three cards of the Equipment deck to see what is available to Trade.\""""
    t = Table(client, position("camp", p1=board("B1", food=3, water=3, wood=0), p2=board(), p3=board()))
    t.refused(
        {
            "type": "trading_post",
            "player": "p1",
            "offered": OFFER + [PISTOL],
            "buy": ["Pistol"],
            "pay": {"food": 2},
        },
        "Flip the top three cards",
    )


def test_trading_post_buying_a_card_not_flipped_is_refused(client):
    """ "Flip the top three cards of the Equipment deck to see what is available to Trade.\""""
    t = Table(client, position("camp", p1=board("B1", food=3, water=3, wood=0), p2=board(), p3=board()))
    refused_any(
        t, {"type": "trading_post", "player": "p1", "offered": OFFER, "buy": ["Pistol"], "pay": {"food": 2}}
    )
    assert t.p("p1")["equipment"] == []


def test_trading_post_buying_two_cards(client):
    """ "You can Trade as much or as little as you wish provided you have enough Value to afford each
    item." A Snare (2) and a Rifle (3) for five Resources."""
    t = Table(client, position("camp", p1=board("B1", food=3, water=2, wood=0), p2=board(), p3=board()))
    t.ok(
        {
            "type": "trading_post",
            "player": "p1",
            "offered": OFFER,
            "buy": ["Snare", "Rifle"],
            "pay": {"food": 3, "water": 2},
        }
    )
    me = t.p("p1")
    assert sorted(e["name"] for e in me["equipment"]) == ["Rifle", "Snare"]
    assert sum(me["resources"].values()) == 0


def test_trading_post_paying_with_equipment(client):
    """ "Each Resource token is worth a Value of one, and Equipment cards are worth the Value listed on
    the card." A Pistol (2) and one Wood buy a Rifle (3)."""
    t = Table(
        client,
        position("camp", p1=board("B1", food=0, water=0, wood=1, equipment=[PISTOL]), p2=board(), p3=board()),
    )
    t.ok(
        {
            "type": "trading_post",
            "player": "p1",
            "offered": OFFER,
            "buy": ["Rifle"],
            "pay": {"wood": 1, "equipment": ["Pistol"]},
        }
    )
    assert [e["name"] for e in t.p("p1")["equipment"]] == ["Rifle"]
    assert t.p("p1")["resources"]["wood"] == 0


def test_trading_post_twice_is_refused(client):
    """ "During the Camp Phase the Active Player may perform each of the following actions once in any
    order\""""
    t = Table(client, position("camp", p1=board("B1", food=3, water=3, wood=0), p2=board(), p3=board()))
    t.ok({"type": "trading_post", "player": "p1", "offered": OFFER, "buy": ["Snare"], "pay": {"food": 2}})
    t.refused(
        {
            "type": "trading_post",
            "player": "p1",
            "offered": OFFER,
            "buy": ["Rifle"],
            "pay": {"food": 1, "water": 2},
        },
        "each of the following actions once",
    )


# ---------------------------------------------------------------- Event Phase


def test_event_example_card_worth_zero_a_companion_perishes(client):
    """The Event Phase example card: "Worth 0: a Companion perishes. Then draw one token from the
    Exploration Bag." — both dice show Worth 0."""
    t = Table(client, position("event", p1=board("A2", equipment=[PISTOL]), p2=board(), p3=board()))
    t.ok(
        {
            "type": "event_card",
            "player": "p1",
            "card": "A herd like that would fetch enough money to kill for.",
            "dice": [0, 0],
            "draws": ["water"],
        }
    )
    me = t.p("p1")
    assert me["companions"] == 3
    assert me["resources"]["water"] == 2 and me["resources"]["food"] == 1
    assert t.state["current"] == "p2"


def test_event_example_card_with_the_wrong_number_of_dice_is_refused(client):
    """Event Phase Example: "They have one pistol in their Supply so they roll two dice for the Combat
    roll." One die entered for a Traveler with a Pistol is refused."""
    t = Table(client, position("event", p1=board("A2", equipment=[PISTOL]), p2=board(), p3=board()))
    refused_any(
        t,
        {
            "type": "event_card",
            "player": "p1",
            "card": "A herd like that would fetch enough money to kill for.",
            "dice": [2],
            "draws": ["water"],
        },
    )
    assert t.state["current"] == "p1"


def test_the_next_player_cannot_start_before_the_event_card(client):
    """ "The Active Player must draw and resolve an Event card before ending their turn.\""""
    t = Table(client, position("camp", p1=board("A2"), p2=board(), p3=board()))
    t.ok({"type": "end_camp", "player": "p1"})
    assert refused_any(t, {"type": "stay", "player": "p2"}) == [
        "The Active Player must draw and resolve an Event card before ending their turn."
    ]
    assert t.state["current"] == "p1" and phase(t).endswith("event")


def test_event_card_ailments_on_another_player(client):
    """Event cards are resolved as printed; a card that also strikes another Traveler is entered with
    `others`. "When a Player is required to accrue an Ailment, they must take that Ailment token from
    the Stockpile and place it on the corresponding spot on their Player Board.\""""
    t = Table(client, position("event", p1=board("A2"), p2=board("B2", wagon=3), p3=board()))
    t.ok(
        {
            "type": "event_card",
            "player": "p1",
            "card": "Stampede",
            "others": {"p2": {"ailments": {"wagon_damage": 1}}},
        }
    )
    assert t.p("p2")["companions"] == 3


# ---------------------------------------------------------------- Ailments, Perishing, Sacrifice


def test_two_over_with_one_companion_turns_the_traveler_ravenous(client):
    """ "for each token that exceeds that limit, a Companion perishes" and "If a Player is required to
    have a Companion perish, but they have no remaining Companion tokens on their Player Board, their
    Traveler turns Ravenous". Two Thirst over with one Companion: the Companion, then the Traveler."""
    t = Table(client, position("event", p1=board("A2", thirst=3, companions=1), p2=board(), p3=board()))
    t.ok({"type": "event_card", "player": "p1", "card": "Dry wells", "ailments": {"thirst": 2}})
    me = t.p("p1")
    assert me["status"] == "ravenous" and me["hunger"] == 1 and me["companions"] == 0
    assert t.state["current"] == "p2"


def test_companions_perishing_do_not_clear_ailments(client):
    """ "Note: Ailments are NOT removed from your Player Board when a Companion perishes.\""""
    t = Table(client, position("event", p1=board("A2", hunger=3, thirst=2), p2=board(), p3=board()))
    t.ok({"type": "event_card", "player": "p1", "card": "Famine", "ailments": {"hunger": 1}})
    me = t.p("p1")
    assert me["companions"] == 3
    assert me["ailments"]["hunger"] == 3 and me["ailments"]["thirst"] == 2


def test_sacrifice_with_no_companion_is_refused(client):
    """ "To Sacrifice a Companion, the Player must flip a Companion token on their Player board to reveal
    the Skull side" — with none left there is nothing to flip."""
    t = Table(client, position(p1=board("A2", hunger=3, thirst=1, companions=0), p2=board(), p3=board()))
    refused_any(
        t, {"type": "sacrifice", "player": "p1", "remove": {"hunger": 3, "thirst": 1}, "skull": "hunger"}
    )
    assert t.p("p1")["ailments"]["hunger"] == 3


def test_sacrifice_skull_on_a_full_track_is_refused(client):
    """ "They can place the Skull tokens on any Ailment type they wish as long as there is a slot
    available." Three Skulls fill the Hunger track."""
    t = Table(
        client,
        position(
            p1=board(
                "A2", thirst=3, wagon=1, companions=1, skulls={"hunger": 3, "thirst": 0, "wagon_damage": 0}
            ),
            p2=board(),
            p3=board(),
        ),
    )
    t.refused(
        {"type": "sacrifice", "player": "p1", "remove": {"thirst": 3, "wagon_damage": 1}, "skull": "hunger"},
        "as long as there is a slot available",
    )
    assert t.p("p1")["companions"] == 1


def test_sacrifice_in_the_camp_phase(client):
    """ "At any time during their turn, Players may Sacrifice a Companion in order to remove four Ailment
    tokens currently on their Player board.\""""
    t = Table(client, position("camp", p1=board("A2", hunger=2, thirst=2), p2=board(), p3=board()))
    t.ok({"type": "sacrifice", "player": "p1", "remove": {"hunger": 2, "thirst": 2}, "skull": "thirst"})
    me = t.p("p1")
    assert me["companions"] == 3 and me["ailments"] == {"hunger": 0, "thirst": 0, "wagon_damage": 0}
    assert me["skulls"]["thirst"] == 1
    assert phase(t).endswith("camp")


def test_sacrifice_removing_ailments_not_there_is_refused(client):
    """ "...remove four Ailment tokens currently on their Player board.\""""
    t = Table(client, position(p1=board("A2", hunger=2, thirst=2), p2=board(), p3=board()))
    refused_any(
        t,
        {"type": "sacrifice", "player": "p1", "remove": {"hunger": 2, "wagon_damage": 2}, "skull": "thirst"},
    )
    assert t.p("p1")["companions"] == 4


def test_sacrifice_with_fewer_than_four_ailments_removes_them_all(client):
    """ "...Sacrifice a Companion in order to remove four Ailment tokens currently on their Player board."
    With two there, both go (default reading `four`: as many as there are, up to four)."""
    t = Table(client, position(p1=board("A2", hunger=1, wagon=1), p2=board(), p3=board()))
    t.ok(
        {
            "type": "sacrifice",
            "player": "p1",
            "remove": {"hunger": 1, "wagon_damage": 1},
            "skull": "wagon_damage",
        }
    )
    assert t.p("p1")["ailments"] == {"hunger": 0, "thirst": 0, "wagon_damage": 0}
    assert t.p("p1")["companions"] == 3


# ---------------------------------------------------------------- The Ravenous


def test_ravenous_loss_ends_the_combat_phase(client):
    """ "If the Ravenous Traveler loses a Combat: They must immediately begin the Retreat Phase." — no
    second attack on another Traveler on the tile."""
    t = Table(
        client,
        position(
            "ravenous_combat", current="p2", p1=board("A2"), p2=ravenous("A2", hunger=2), p3=board("A2")
        ),
    )
    t.ok({"type": "ravenous_attack", "player": "p2", "target": "p1", "dice": [0, 0], "target_dice": [1]})
    assert phase(t).endswith("retreat")
    refused_any(
        t, {"type": "ravenous_attack", "player": "p2", "target": "p3", "dice": [2, 2], "target_dice": [0]}
    )
    assert t.p("p3")["companions"] == 4


def test_ravenous_tie_changes_nothing_and_combat_goes_on(client):
    """ "If a Combat is a tie: Nothing happens. The Ravenous Traveler may initiate Combat with another
    Player on the tile, or begin the Retreat Phase.\""""
    t = Table(
        client,
        position(
            "ravenous_combat", current="p2", p1=board("A2"), p2=ravenous("A2", hunger=1), p3=board("A2")
        ),
    )
    t.ok({"type": "ravenous_attack", "player": "p2", "target": "p1", "dice": [1], "target_dice": [1]})
    assert t.p("p1")["companions"] == 4 and t.p("p2")["hunger"] == 1
    assert phase(t).endswith("combat")
    t.ok({"type": "ravenous_attack", "player": "p2", "target": "p3", "dice": [2], "target_dice": [1]})
    assert t.p("p3")["companions"] == 3 and t.p("p2")["hunger"] == 0


def test_ravenous_defender_with_a_pistol_rolls_two_dice(client):
    """Table ruling defense_against_ravenous, default `equipment`: the defender rolls "one die as
    standard and add additional dice if they have Equipment cards that allow them to do so." One die
    entered for a defender with a Pistol is refused."""
    t = Table(
        client,
        position(
            "ravenous_combat", current="p2", p1=board("A2", equipment=[PISTOL]), p2=ravenous("A2"), p3=board()
        ),
    )
    refused_any(
        t, {"type": "ravenous_attack", "player": "p2", "target": "p1", "dice": [2], "target_dice": [1]}
    )
    t.ok({"type": "ravenous_attack", "player": "p2", "target": "p1", "dice": [2], "target_dice": [1, 0]})
    assert t.p("p1")["companions"] == 3


def test_ravenous_win_on_a_traveler_without_companions_turns_them_ravenous(client):
    """ "...the losing Traveler discards a Companion from their Player board." and "If a Player is
    required to have a Companion perish, but they have no remaining Companion tokens on their Player
    Board, their Traveler turns Ravenous" (ruling ravenous_beats_no_companion, default)."""
    t = Table(
        client,
        position(
            "ravenous_combat",
            current="p2",
            p1=board("A2", companions=0),
            p2=ravenous("A2", hunger=2),
            p3=board(),
        ),
    )
    t.ok({"type": "ravenous_attack", "player": "p2", "target": "p1", "dice": [2, 0], "target_dice": [1]})
    assert t.p("p1")["status"] == "ravenous" and t.p("p1")["hunger"] == 1
    assert t.p("p2")["hunger"] == 1


def test_ravenous_retreat_onto_a_trading_post_is_refused(client):
    """ "After the Combat Phase, Ravenous Travelers must move to an adjacent tile, following their
    movement rules and restrictions." and "Ravenous Travelers cannot move onto Trading Post tiles,
    Cedar Falls or Newhaven.\""""
    t = Table(
        client, position("ravenous_retreat", current="p2", p1=board("CF"), p2=ravenous("A1"), p3=board())
    )
    for to in ("B1", "CF"):
        t.refused({"type": "retreat", "player": "p2", "to": to}, "cannot move onto Trading Post tiles")
    t.ok({"type": "retreat", "player": "p2", "to": "FD"})
    assert t.p("p2")["tile"] == "FD" and t.p("p2")["hunger"] == 2


def test_a_player_out_of_the_game_is_skipped(client):
    """ "...they have perished and they are out of the game." Ann (p1) is out: after Cleo's turn the
    round ends and the next round's turns skip her."""
    t = Table(
        client,
        position(
            "event",
            current="p3",
            p1={"tile": "A1", "status": "out", "companions": 0},
            p2=board(),
            p3=board("A2"),
        ),
    )
    t.ok({"type": "event_card", "player": "p3", "card": "Quiet night"})
    assert t.state["first_player"] == "p2"
    t.ok({"type": "season", "player": "p2", "card": "Summer heat", "season": "spring"})
    assert t.state["current"] == "p2"


# ---------------------------------------------------------------- Seasons and the end


def test_season_cards_come_in_order(client):
    """ "Draw the top three cards from each Season and combine them into a single deck making sure they
    are grouped in the following order: Spring on top followed by Summer, Fall and then Winter on the
    bottom of the deck." With 11 cards left (one Spring drawn), a Summer card is not on top."""
    t = Table(client, position("season", current=None, p1=board(), p2=board(), p3=board()))
    t.refused(
        {"type": "season", "player": "p1", "card": "Heat wave", "season": "summer"},
        "Spring on top followed by Summer",
    )


def test_season_card_removing_a_tile(client):
    """ "Season Effect: Each Season card also includes an effect that will alter the state of the board by
    removing tiles" — a removed tile can no longer be travelled to."""
    t = Table(
        client, position("season", current=None, p1=board("CF", food=2, water=2), p2=board(), p3=board())
    )
    t.ok({"type": "season", "player": "p1", "card": "Rockslide", "season": "spring", "remove_tiles": ["A2"]})
    refused_any(t, {"type": "travel", "player": "p1", "to": "A2"})
    t.ok({"type": "travel", "player": "p1", "to": "A1"})


def test_winter_with_the_last_card_drawn_ends_at_the_next_round(client):
    """ "Remember: If, at the beginning of a new round, there are no cards left to draw from the Season
    deck, all Players who are still in the wilderness perish and the game is over." The last Winter card
    still starts a round; the game ends when the next round begins."""
    pos = position("season", current=None, p1=board("A2"), p2=board("B2"), p3=board("A1"))
    pos["season_deck"] = 1
    del pos["round"]  # the round follows from the cards left
    t = Table(client, pos)
    t.ok({"type": "season", "player": "p1", "card": "First snow", "season": "winter"})
    assert t.view()["over"] is False
    assert t.state["season_deck"] == 0


def test_first_arrival_wins_under_all_journeys_and_the_game_goes_on(client):
    """ "Once a Traveler reaches Newhaven their journey is over and they have completed the game. The
    first Player to reach Newhaven is the winner." Under the all_journeys ruling ("We Forlorn Few ends
    when all Travelers' journeys have come to one of the following conclusions") the game goes on."""
    t = Table(
        client,
        position(p1=board("B2", water=1, wood=1), p2=board("B2"), p3=board()),
        options={"game_ends_at": "all_journeys"},
    )
    t.ok({"type": "travel", "player": "p1", "to": "NH"})
    v = t.view()
    assert v["over"] is False
    assert v["state"]["current"] == "p2"
    assert "Ann" in v["scores"]["decided_by"]["text"] or v["scores"]["winners"]


# ---------------------------------------------------------------- more edges


def test_turning_ravenous_while_exploring_ends_the_turn_at_once(client):
    """ "They then add one Hunger token to their Player board. If it is currently their turn, they must
    end their turn immediately." No Camp, no Event card: the next Player's turn."""
    t = Table(client, position("gathering", p1=board("A2", hunger=3, companions=0), p2=board(), p3=board()))
    t.ok({"type": "explore", "player": "p1", "draw": "hunger"})
    assert t.p("p1")["status"] == "ravenous" and t.p("p1")["hunger"] == 1
    assert t.state["current"] == "p2"
    assert phase(t).endswith("travel")


def test_tool_bonus_does_not_depend_on_the_tile(client):
    """ "Travelers with Tools in their Supply begin their Gathering Phase by adding the Resource tokens
    specified on their Tool card(s)" — a Snare gives Food on a Forest, which lists only Wood."""
    t = Table(
        client,
        position(
            "gathering", p1=board("B2", food=0, water=0, wood=0, equipment=[SNARE]), p2=board(), p3=board()
        ),
    )
    t.ok({"type": "explore", "player": "p1", "draw": "water"})
    assert t.p("p1")["resources"] == {"food": 1, "water": 1, "wood": 0}


def test_a_trade_into_a_full_supply_returns_the_excess(client):
    """ "Anytime a Traveler receives a token or card that exceeds their Supply capacity, they must
    immediately discard either something from their Supply to make space, or return the newly acquired
    item to the Stockpile." Bob holds six and receives two Food for one Water: one Food returns."""
    t = Table(
        client, position("camp", p1=board("A2", food=3), p2=board("A2", food=2, water=2, wood=2), p3=board())
    )
    t.ok(
        {
            "type": "trade",
            "player": "p1",
            "with": "p2",
            "accepted": True,
            "give": {"food": 2},
            "get": {"water": 1},
        }
    )
    assert t.p("p2")["resources"] == {"food": 3, "water": 1, "wood": 2}
    assert t.p("p1")["resources"]["food"] == 1


def test_discarding_a_storage_card_discards_what_it_holds(client):
    """FAQ: "Q: What if I am required to discard a Storage card that currently has another Equipment card
    on it?" "A: In this instance, both cards would be discarded." Paying a Holster carrying a Pistol at a
    Trading Post."""
    holster = dict(HOLSTER, stored=[PISTOL])
    t = Table(
        client,
        position(
            "camp",
            p1=board("B1", food=1, water=0, wood=0, equipment=[PISTOL, holster]),
            p2=board(),
            p3=board(),
        ),
    )
    t.ok(
        {
            "type": "trading_post",
            "player": "p1",
            "offered": OFFER,
            "buy": ["Snare"],
            "pay": {"food": 1, "equipment": ["Holster"]},
        }
    )
    names = [e["name"] for e in t.p("p1")["equipment"]]
    assert sorted(names) == ["Pistol", "Snare"]


def test_a_ravenous_traveler_may_attack_without_moving(client):
    """ "During the Movement Phase, Ravenous Players may move up to two tiles per turn." — zero is up to
    two: an attack on the own tile straight away."""
    t = Table(
        client, position("ravenous_movement", current="p2", p1=board("A2"), p2=ravenous("A2"), p3=board())
    )
    t.ok({"type": "ravenous_attack", "player": "p2", "target": "p1", "dice": [2], "target_dice": [0]})
    assert t.p("p1")["companions"] == 3 and t.p("p2")["tile"] == "A2"


def test_a_ravenous_traveler_must_retreat_even_without_combat(client):
    """ "After the Combat Phase, Ravenous Travelers must move to an adjacent tile, following their
    movement rules and restrictions." The turn does not end without the Retreat."""
    t = Table(
        client, position("ravenous_movement", current="p2", p1=board("CF"), p2=ravenous("A2"), p3=board())
    )
    t.ok({"type": "ravenous_move", "player": "p2", "path": ["B2"]})
    t.ok({"type": "end_combat", "player": "p2"})
    refused_any(t, {"type": "stay", "player": "p3"})
    t.ok({"type": "retreat", "player": "p2", "to": "A2"})
    assert t.p("p2")["hunger"] == 2 and t.state["current"] == "p3"


def test_hunger_at_the_start_of_the_turn_by_ruling(client):
    """Table ruling ravenous_hunger = start_of_turn: "Note: If a Ravenous Traveler adds a fourth Hunger
    token to their Player board, either by losing Combat, or by gaining a Hunger token at the start of
    their turn, they have perished and they are out of the game." — none after the Retreat."""
    t = Table(
        client,
        position("ravenous_retreat", current="p2", p1=board("CF"), p2=ravenous("B2", hunger=2), p3=board()),
        options={"ravenous_hunger": "start_of_turn"},
    )
    t.ok({"type": "retreat", "player": "p2", "to": "A2"})
    assert t.p("p2")["hunger"] == 2


def test_winter_ends_the_game_with_no_winner(client):
    """ "If a new round begins but there are no cards left in the Season deck then all Travelers
    remaining on the Game Board perish and the game is over." Nobody reached Newhaven: no winner."""
    pos = position("event", current="p3", p1=board("A1"), p2=ravenous("A2"), p3=board("B2"))
    pos["season_deck"] = 0
    del pos["round"]  # the round follows from the cards left
    t = Table(client, pos)
    t.ok({"type": "event_card", "player": "p3", "card": "Quiet night"})
    v = t.view()
    assert v["over"] is True
    assert not v["scores"]["winners"]


# ---------------------------------------------------------------- zero, last, simultaneous


def test_travel_with_nothing_pays_it_all_in_ailments(client):
    """ "If Players do not have all of the resources required to pay the Travel Costs, they can still
    travel by taking the corresponding Ailments instead." An empty Supply leaving the Prairie (one Food,
    one Wood): one Hunger and one Wagon Damage."""
    t = Table(client, position(p1=board("A2", food=0, water=0, wood=0), p2=board(), p3=board()))
    t.ok({"type": "travel", "player": "p1", "to": "B2"})
    me = t.p("p1")
    assert me["tile"] == "B2"
    assert me["ailments"] == {"hunger": 1, "thirst": 0, "wagon_damage": 1}


def test_sacrificing_the_last_companion_then_one_over_turns_ravenous(client):
    """Sacrificing Companions Example: "Instead, they decide to Sacrifice their last remaining
    Companion" — the Traveler goes on with none, the Skull lowering the Hunger limit to two; then "If a
    Player is required to have a Companion perish, but they have no remaining Companion tokens on their
    Player Board, their Traveler turns Ravenous.\""""
    t = Table(
        client,
        position(
            p1=board("A2", food=0, water=0, wood=0, hunger=3, thirst=1, companions=1), p2=board(), p3=board()
        ),
    )
    t.ok({"type": "sacrifice", "player": "p1", "remove": {"hunger": 3, "thirst": 1}, "skull": "hunger"})
    assert t.p("p1")["companions"] == 0 and t.p("p1")["status"] == "traveler"
    t.ok({"type": "travel", "player": "p1", "to": "B2"})  # one Hunger, one Wagon Damage
    t.ok({"type": "explore", "player": "p1", "draw": "hunger"})  # two Hunger: at the lowered limit
    assert t.p("p1")["status"] == "traveler" and t.p("p1")["ailments"]["hunger"] == 2
    t.ok({"type": "end_camp", "player": "p1"})
    t.ok({"type": "event_card", "player": "p1", "card": "Famine", "ailments": {"hunger": 1}})
    assert t.p("p1")["status"] == "ravenous" and t.state["current"] == "p2"


def test_a_skull_needs_a_free_slot_after_the_removal(client):
    """ "They can place the Skull tokens on any Ailment type they wish as long as there is a slot
    available." Three Hunger stay on their track (the four removed are Thirst and Wagon Damage): no slot
    for the Skull there; on the Thirst track, emptied, there is."""
    t = Table(client, position(p1=board("A2", hunger=3, thirst=3, wagon=3), p2=board(), p3=board()))
    t.refused(
        {"type": "sacrifice", "player": "p1", "remove": {"thirst": 3, "wagon_damage": 1}, "skull": "hunger"},
        "as long as there is a slot available",
    )
    t.ok({"type": "sacrifice", "player": "p1", "remove": {"thirst": 3, "wagon_damage": 1}, "skull": "thirst"})
    assert t.p("p1")["skulls"]["thirst"] == 1 and t.p("p1")["companions"] == 3


def test_the_first_player_ravenous_still_draws_the_season_card(client):
    """ "At the beginning of each round the First Player will draw the top Season card, read it aloud and
    resolve it." The First Player is Ravenous: still the one to draw."""
    t = Table(client, position("season", current=None, p1=ravenous("A1"), p2=board(), p3=board()))
    t.ok(
        {
            "type": "season",
            "player": "p1",
            "card": "Spring rain",
            "season": "spring",
            "add_to_bag": {"water": 1},
        }
    )
    assert t.state["bag"]["water"] == 4
    assert phase(t).startswith("ravenous")


def test_winter_after_an_arrival_under_all_journeys(client):
    """ "Once a Traveler reaches Newhaven their journey is over and they have completed the game. The
    first Player to reach Newhaven is the winner." and "If a new round begins but there are no cards left
    in the Season deck then all Travelers remaining on the Game Board perish and the game is over." Ann
    arrived; Winter takes the others: Ann wins."""
    pos = position("event", current="p3", p1=board("NH", status="arrived"), p2=board("A2"), p3=board("B2"))
    pos["arrivals"] = ["p1"]
    pos["season_deck"] = 0
    del pos["round"]  # the round follows from the cards left
    t = Table(client, pos, options={"game_ends_at": "all_journeys"})
    t.ok({"type": "event_card", "player": "p3", "card": "Quiet night"})
    v = t.view()
    assert v["over"] is True
    assert "Ann" in v["scores"]["decided_by"]["text"]


def test_the_first_arrival_ends_the_game_at_once_by_default(client):
    """ "To survive until all Players have perished OR until a Player reaches Newhaven and ends the game."
    (game_ends_at, default first_arrival): the game is over as Ann arrives; Bob does not play."""
    t = Table(client, position(p1=board("B2", water=1, wood=1), p2=board("B2"), p3=board()))
    t.ok({"type": "travel", "player": "p1", "to": "NH"})
    assert t.view()["over"] is True
    r = t.post({"type": "stay", "player": "p2"})
    assert r.status_code == 422


def test_a_season_card_removing_a_travelers_tile_moves_the_traveler(client):
    """ "Season Effect: Each Season card also includes an effect that will alter the state of the board
    by removing tiles or placing tokens or Equipment cards on specific tiles." A Traveler on a removed
    tile is moved as the card says (`relocate`), and picks up what is placed there."""
    terrain = [dict(x, placed={"food": 1}) if x["name"] == "A1" else x for x in TERRAIN]
    t = Table(
        client,
        position("season", current=None, p1=board("A2", food=0), p2=board(), p3=board()),
        options={"terrain": terrain},
    )
    r = t.post(
        {"type": "season", "player": "p1", "card": "Flood", "season": "spring", "remove_tiles": ["A2"]}
    )
    assert r.status_code in (400, 422)
    t.ok(
        {
            "type": "season",
            "player": "p1",
            "card": "Flood",
            "season": "spring",
            "remove_tiles": ["A2"],
            "relocate": {"p1": "A1"},
        }
    )
    assert t.p("p1")["tile"] == "A1"
    assert t.p("p1")["resources"]["food"] == 1


def test_buying_four_cards_at_a_trading_post_is_refused_with_the_three_flipped(client):
    """ "Flip the top three cards of the Equipment deck to see what is available to Trade." Four cards
    bought are entered and refused with that sentence (not a schema error)."""
    t = Table(client, position("camp", p1=board("B1", food=3, water=3, wood=0), p2=board(), p3=board()))
    t.refused(
        {
            "type": "trading_post",
            "player": "p1",
            "offered": OFFER,
            "buy": ["Snare", "Rifle", "Saddlebag", "Pistol"],
            "pay": {"food": 3, "water": 3},
        },
        "Flip the top three cards",
    )
    assert t.p("p1")["equipment"] == []


# ---------------------------------------------------------------- Equipment slots and Storage


def slots(weapon=1, tool=1, storage=1):
    return {
        "p1": {
            "name": "The Sheriff's Daughter",
            "equipment": [PISTOL, HOLSTER],
            "slots": {"weapon": weapon, "tool": tool, "storage": storage},
        }
    }


def test_a_second_weapon_rides_on_the_holster(client):
    """ "Storage cards can allow a Traveler to carry extra Tools and Weapons." The Weapon slot holds the
    Pistol; a Rifle bought goes on the Holster."""
    t = Table(
        client,
        position(
            "camp",
            p1=board("B1", food=3, water=0, wood=0, equipment=[PISTOL, HOLSTER]),
            p2=board(),
            p3=board(),
        ),
        options={"travelers": slots()},
    )
    t.ok({"type": "trading_post", "player": "p1", "offered": OFFER, "buy": ["Rifle"], "pay": {"food": 3}})
    holster = next(e for e in t.p("p1")["equipment"] if e["name"] == "Holster")
    assert [e["name"] for e in holster["stored"]] == ["Rifle"]


def test_a_third_weapon_with_no_room_is_returned(client):
    """ "Equipment cards must be stored in the slots which share the same type as the Equipment card" and
    "Anytime a Traveler receives a token or card that exceeds their Supply capacity, they must
    immediately discard either something from their Supply to make space, or return the newly acquired
    item to the Stockpile." The Weapon slot and the Holster are full: the stolen Pistol returns."""
    holster = dict(HOLSTER, stored=[RIFLE])
    t = Table(
        client,
        position(
            "camp",
            p1=board("A2", equipment=[PISTOL, holster]),
            p2=board("A2", food=0, water=0, wood=0, equipment=[PISTOL]),
            p3=board(),
        ),
        options={"travelers": slots()},
    )
    t.ok({"type": "combat", "player": "p1", "target": "p2", "dice": [2, 2, 0], "target_dice": [0, 0]})
    t.ok({"type": "steal", "player": "p1", "take": {"equipment": ["Pistol"]}})
    names = sorted(e["name"] for e in t.p("p1")["equipment"])
    assert names == ["Holster", "Pistol"]
    assert t.p("p2")["equipment"] == []
