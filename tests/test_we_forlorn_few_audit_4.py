"""We Forlorn Few: a fourth independent audit, written from the rulebook first (the scenarios listed
before the referee was read), then played through the HTTP API only, where the three earlier audits
(tests/test_we_forlorn_few_audit.py, _audit_2.py, _audit_3.py, whose table helpers are reused) did not
go: a Ravenous Player whose Hunger a win brought to zero, Skulls stacked on one track, Equipment
carried on a Storage card, the Companions and Skulls that make up the four tokens, one-sided Trades,
the solo and five-player tables, the last Hunger from a revealed Trading Post, travelling backwards
onto placed items or from Cedar Falls. Each docstring quotes its rule."""

import json

import pytest

from tests.test_pillars_of_fate_pages import csrf_of, seq_of
from tests.test_we_forlorn_few_audit import (
    HOLSTER,
    PISTOL,
    SNARE,
    TERRAIN,
    Table,
    board,
    position,
)
from tests.test_we_forlorn_few_audit_2 import SADDLEBAG, phase, ravenous, refused_any


@pytest.fixture
def client(module_client):
    """One app and database for the whole file (each scenario starts its own session)."""
    return module_client


# ---------------------------------------------------------------- the Ravenous and their Hunger


def test_a_ravenous_win_at_one_hunger_leaves_no_die_for_the_next_attack(client):
    """Combat Phase: "The number of dice a Ravenous Traveler rolls during Combat is one die for each
    Hunger token currently on their Player board." and a win: "The Ravenous Traveler immediately
    removes one Hunger from their Player board". Bob, Ravenous with one Hunger, beats Ann (0 Hunger
    now), then attacks Cleo on the same tile with no die at all: a die entered is refused; none is
    a result of 0, and Cleo's 1 wins, so Bob must retreat."""
    t = Table(client, position("ravenous_combat", current="p2", p1=board("A2"), p2=ravenous("A2", 1),
                               p3=board("A2")))
    t.ok({"type": "ravenous_attack", "player": "p2", "target": "p1", "dice": [2], "target_dice": [1]})
    assert t.p("p2")["hunger"] == 0 and t.p("p1")["companions"] == 3
    t.refused({"type": "ravenous_attack", "player": "p2", "target": "p3", "dice": [1], "target_dice": [1]},
              "one die for each Hunger token currently on their Player board")
    t.ok({"type": "ravenous_attack", "player": "p2", "target": "p3", "dice": [], "target_dice": [1]})
    assert t.p("p3")["companions"] == 4 and t.p("p2")["hunger"] == 0
    assert phase(t).endswith("retreat")
    t.ok({"type": "retreat", "player": "p2", "to": "B2"})
    assert t.p("p2")["hunger"] == 1 and t.p("p2")["tile"] == "B2"


def test_a_trading_post_revealed_under_a_ravenous_player_with_three_hunger_puts_them_out(client):
    """ "...the Ravenous Traveler immediately moves to an adjacent tile and adds one Hunger to their
    Player board." and "Note: If a Ravenous Traveler adds a fourth Hunger token to their Player board
    ... they have perished and they are out of the game." Bob (3 Hunger) lies on the face-down tile
    Ann flips as a Trading Post: his fourth Hunger puts him out."""
    t = Table(client, position(p1=board("A1", food=1, water=1, wood=3), p2=ravenous("FD", 3), p3=board()))
    t.ok({"type": "travel", "player": "p1", "to": "FD",
          "reveal": {"kind": "Desert", "resources": ["water"], "travel_cost": {"water": 1},
                     "trading_post": True}, "ravenous_moves": {"p2": "A1"}})
    assert t.p("p1")["tile"] == "FD"
    assert t.p("p2")["status"] == "out"


def test_a_ravenous_player_cannot_move_through_cedar_falls(client):
    """ "Ravenous Travelers cannot move onto Trading Post tiles, Cedar Falls or Newhaven." From A1 to
    A2 by way of Cedar Falls is moving onto it (A1 - A2 directly is fine)."""
    t = Table(client, position("ravenous_movement", current="p2", p1=board("B2"), p2=ravenous("A1"),
                               p3=board("B2")))
    t.refused({"type": "ravenous_move", "player": "p2", "path": ["CF", "A2"]},
              "Ravenous Travelers cannot move onto Trading Post tiles, Cedar Falls or Newhaven.")
    t.ok({"type": "ravenous_move", "player": "p2", "path": ["A2"]})
    assert t.p("p2")["tile"] == "A2"


def test_a_ravenous_player_draws_no_event_card(client):
    """ "A Ravenous Player's turn consists of three Phases that are to be resolved in the following
    order: Movement Phase, Combat Phase, Retreat Phase." — no Event Phase: an Event card entered for
    Bob in his Retreat Phase is refused."""
    t = Table(client, position("ravenous_retreat", current="p2", p1=board("B2"), p2=ravenous("A2"),
                               p3=board("B2")))
    refused_any(t, {"type": "event_card", "player": "p2", "card": "A storm", "gain": {"food": 1}})
    assert t.p("p2")["tile"] == "A2"


def test_a_ravenous_defender_at_zero_hunger_rolls_no_die(client):
    """Table ruling attack_ravenous (default true) and the reading "a Ravenous defender rolls one die
    per Hunger": Cleo, Ravenous with no Hunger left, is attacked by Ann; she rolls nothing (a result
    of 0) and Ann's Worth 1 wins — with nothing to steal."""
    t = Table(client, position("camp", p1=board("A2"), p2=board("B2"), p3=ravenous("A2", 0)))
    refused_any(t, {"type": "combat", "player": "p1", "target": "p3", "dice": [1], "target_dice": [0]})
    t.ok({"type": "combat", "player": "p1", "target": "p3", "dice": [1], "target_dice": []})
    assert t.p("p3")["hunger"] == 0 and t.p("p3")["status"] == "ravenous"


# ---------------------------------------------------------------- Skulls and Companions


def test_two_skulls_on_a_track_leave_room_for_one_token(client):
    """ "This will lower the total amount of Ailment tokens the Traveler can accrue before another
    Companion perishes." Two Skulls on Hunger leave one slot: an Event card giving two Hunger places
    one, and one Companion perishes."""
    t = Table(client, position("event", p1=board("A2", companions=2, skulls={"hunger": 2}),
                               p2=board(), p3=board()))
    t.ok({"type": "event_card", "player": "p1", "card": "Lean days", "ailments": {"hunger": 2}})
    me = t.p("p1")
    assert me["companions"] == 1 and me["ailments"]["hunger"] == 1


def test_three_skulls_on_a_track_leave_no_slot_for_a_fourth(client):
    """ "They can place the Skull tokens on any Ailment type they wish as long as there is a slot
    available." Three Skulls fill the Hunger track: the last Companion's Skull cannot go there, but it
    can go on Thirst."""
    t = Table(client, position(p1=board("A2", companions=1, thirst=2, skulls={"hunger": 3}),
                               p2=board(), p3=board()))
    t.refused({"type": "sacrifice", "player": "p1", "remove": {"thirst": 2}, "skull": "hunger"},
              "as long as there is a slot available")
    t.ok({"type": "sacrifice", "player": "p1", "remove": {"thirst": 2}, "skull": "thirst"})
    me = t.p("p1")
    assert me["companions"] == 0 and me["skulls"]["thirst"] == 1 and me["ailments"]["thirst"] == 0


def test_with_three_skulls_on_a_track_any_token_costs_a_companion(client):
    """ "However for each token that exceeds that limit, a Companion perishes" — three Skulls on
    Wagon Damage leave a limit of none: paying the Wetlands' three Wood with three Wagon Damage costs
    three Companions; Ann has one, so the second turns her Ravenous and, paying before moving (FAQ:
    "Paying Travel Cost happens before your Traveler moves, so you'd remain on the same tile."),
    she stays on the Wetlands."""
    t = Table(client, position(p1=board("A1", food=1, water=1, wood=0, companions=1,
                                        skulls={"wagon_damage": 3}), p2=board(), p3=board()))
    t.ok({"type": "travel", "player": "p1", "to": "B1"})
    me = t.p("p1")
    assert me["status"] == "ravenous" and me["tile"] == "A1" and me["hunger"] == 1


def test_companions_and_skulls_are_the_same_four_tokens(client):
    """ "Travelers can have up to a total of four Companions on their Player board at any time." and a
    Sacrifice "must flip a Companion token on their Player board to reveal the Skull side": a Skull is
    one of the four Companion tokens, so four living Companions and a Skull cannot lie on one board
    (a 400 naming the field)."""
    r = client.post("/api/sessions", json={
        "game": "we-forlorn-few", "players": ["Ann", "Bob"], "options": {"terrain": TERRAIN},
        "position": position(p1=board("A2", companions=4, skulls={"thirst": 1}), p2=board())})
    assert r.status_code == 400, r.get_json()
    assert r.get_json()["error"]["field"] == "position.players.p1.companions"


def test_sacrifice_in_the_gathering_and_the_event_phase(client):
    """ "At any time during their turn, Players may Sacrifice a Companion in order to remove four
    Ailment tokens currently on their Player board." — before the Gathering and before the Event card
    alike."""
    t = Table(client, position("gathering", p1=board("A2", hunger=2, thirst=2, wagon=2), p2=board(),
                               p3=board()))
    t.ok({"type": "sacrifice", "player": "p1", "remove": {"hunger": 2, "thirst": 2}, "skull": "hunger"})
    t.ok({"type": "gather", "player": "p1", "roll": 1, "take": ["food"]})
    t.ok({"type": "end_camp", "player": "p1"})
    assert phase(t).endswith("event")
    t.ok({"type": "sacrifice", "player": "p1", "remove": {"wagon_damage": 2}, "skull": "thirst"})
    me = t.p("p1")
    assert me["companions"] == 2 and me["ailments"] == {"hunger": 0, "thirst": 0, "wagon_damage": 0}


def test_travel_ailments_over_a_lowered_limit(client):
    """ "If Players do not have all of the resources required to pay the Travel Costs, they can still
    travel by taking the corresponding Ailments instead." With two Skulls on Wagon Damage (limit one),
    three Wagon Damage for the Wetlands' Wood place one token and cost two Companions; Ann keeps one
    and moves."""
    t = Table(client, position(p1=board("A1", food=1, water=1, wood=0, companions=2,
                                        skulls={"wagon_damage": 2}), p2=board(), p3=board()))
    t.ok({"type": "travel", "player": "p1", "to": "B1"})
    me = t.p("p1")
    assert me["tile"] == "B1" and me["companions"] == 0 and me["status"] == "traveler"
    assert me["ailments"]["wagon_damage"] == 1


# ---------------------------------------------------------------- Equipment and Storage


def test_a_tool_carried_on_a_storage_card_still_gives_its_bonus(client):
    """ "Storage cards can allow a Traveler to carry extra Tools and Weapons." and "Travelers with Tools
    in their Supply begin their Gathering Phase by adding the Resource tokens specified on their Tool
    card(s)": a Snare on a Saddlebag gives its Food."""
    bag = dict(SADDLEBAG, stored=[SNARE])
    t = Table(client, position("gathering", p1=board("B2", food=0, water=0, wood=0, equipment=[bag]),
                               p2=board(), p3=board()))
    t.ok({"type": "gather", "player": "p1", "roll": 1, "take": ["wood"]})
    assert t.p("p1")["resources"] == {"food": 1, "water": 0, "wood": 1}


def test_a_pistol_carried_on_a_holster_adds_its_die(client):
    """ "They roll one die as standard and add additional dice if they have Equipment cards that allow
    them to do so." The Sheriff's Daughter's Pistol rides on her Holster: two dice, not one."""
    holster = dict(HOLSTER, stored=[PISTOL])
    t = Table(client, position("camp", p1=board("A2", equipment=[holster]), p2=board("A2"), p3=board()))
    t.refused({"type": "combat", "player": "p1", "target": "p2", "dice": [2], "target_dice": [1]},
              "add additional dice if they have Equipment cards that allow them to do so")
    t.ok({"type": "combat", "player": "p1", "target": "p2", "dice": [2, 0], "target_dice": [1]})


def test_stealing_a_pistol_off_a_holster(client):
    """ "The winner may steal any Resources and Equipment up to the Value of their total roll result
    from the losing Player's Supply." Ann wins with 2 and takes Bob's Pistol (Value 2) carried on his
    Holster; the Holster stays with Bob, empty."""
    holster = dict(HOLSTER, stored=[PISTOL])
    t = Table(client, position("camp", p1=board("A2"), p2=board("A2", equipment=[holster]), p3=board()))
    t.ok({"type": "combat", "player": "p1", "target": "p2", "dice": [2], "target_dice": [0, 0]})
    t.ok({"type": "steal", "player": "p1", "take": {"equipment": ["Pistol"]}})
    names = lambda seat: [e["name"] for e in t.p(seat)["equipment"]]  # noqa: E731
    assert "Pistol" in names("p1") and "Holster" in names("p2") and "Pistol" not in str(t.p("p2"))


# ---------------------------------------------------------------- Trades, Travel, Gathering


def test_a_one_sided_trade_for_a_promise(client):
    """ "Trades may use Resource tokens, Equipment cards, or other forms of negotiation such as
    intimidating with a Weapon or by repaying a debt on a future turn." Ann gives a Food for Bob's
    promise; it is exchanged at once and nothing holds Bob to it."""
    t = Table(client, position("camp", p1=board("A2", food=2), p2=board("A1", food=0), p3=board()))
    t.ok({"type": "trade", "player": "p1", "with": "p2", "accepted": True, "give": {"food": 1},
          "terms": "Bob repays two Water next round"})
    assert t.p("p1")["resources"]["food"] == 1 and t.p("p2")["resources"]["food"] == 1


def test_travelling_backwards_from_cedar_falls_is_refused(client):
    """Quick Reference: "Travel Backwards: If you're stuck, you can travel backwards toward Cedar Falls
    for a Travel Cost of any two Resources." From Cedar Falls no tile is toward it."""
    t = Table(client, position(p1=board("CF", food=2, water=2), p2=board(), p3=board()))
    refused_any(t, {"type": "travel", "player": "p1", "to": "A2", "backward": True,
                    "pay": {"food": 1, "water": 1}})
    assert t.p("p1")["tile"] == "CF" and t.p("p1")["resources"]["food"] == 2


def test_travelling_backwards_onto_placed_items_picks_them_up(client):
    """ "When a Player travels to, or is moved to, a Terrain tile that has any tokens and/or cards
    placed on it, they immediately add everything currently on the tile to their Player board." —
    backwards too: Ann pays two Resources for the Prairie and takes its Water."""
    terrain = [dict(x, placed={"water": 1}) if x["name"] == "A2" else x for x in TERRAIN]
    t = Table(client, position(p1=board("B2", food=1, water=0, wood=1), p2=board(), p3=board()),
              options={"terrain": terrain})
    t.ok({"type": "travel", "player": "p1", "to": "A2", "backward": True, "pay": {"food": 1, "wood": 1}})
    assert t.p("p1")["resources"] == {"food": 0, "water": 1, "wood": 0}
    assert not any(t.state["tiles"]["A2"].get("placed", {}).values())


def test_gather_of_two_different_kinds_on_a_one_resource_tile(client):
    """Table ruling gather_same_kind=false ("choose two of the tokens listed on the Terrain tile", two
    different kinds as in the example): on a Forest listing only Wood, Worth 2 cannot take two Wood;
    one Wood is what the tile offers."""
    t = Table(client, position("gathering", p1=board("B2", food=0, water=0, wood=0), p2=board(), p3=board()),
              options={"gather_same_kind": False})
    refused_any(t, {"type": "gather", "player": "p1", "roll": 2, "take": ["wood", "wood"]})
    assert {"type": "gather", "player": "p1", "roll": 2, "take": ["wood"]} in t.view()["legal"]
    t.ok({"type": "gather", "player": "p1", "roll": 2, "take": ["wood"]})
    assert t.p("p1")["resources"]["wood"] == 1


def test_a_worth_two_on_a_tile_listing_no_resources_takes_nothing(client):
    """ "Note: Travelers can only gather the Resources that are listed on their current tile." Cedar
    Falls lists none here (the book prints no Resources for it): a Worth 2 takes nothing, and the
    Gathering Phase is over — the roll cannot leave the Traveler stuck."""
    t = Table(client, position("gathering", p1=board("CF", food=0, water=0, wood=0), p2=board(), p3=board()))
    refused_any(t, {"type": "gather", "player": "p1", "roll": 2, "take": ["food", "food"]})
    assert {"type": "gather", "player": "p1", "roll": 2, "take": []} in t.view()["legal"]
    t.ok({"type": "gather", "player": "p1", "roll": 2, "take": []})
    assert t.p("p1")["resources"] == {"food": 0, "water": 0, "wood": 0}
    assert phase(t).endswith("camp")


# ---------------------------------------------------------------- player counts and the end


def test_a_solo_traveler_turning_ravenous_ends_the_game(client):
    """ "If all Travelers turn Ravenous, the game is over." — alone at the table, Ann's last Companion
    perishing on an Event card (none left: "their Traveler turns Ravenous") ends it, nobody wins."""
    t = Table(client, position("event", p1=board("A2", companions=0)), players=("Ann",))
    t.ok({"type": "event_card", "player": "p1", "card": "Fever", "perish": 1})
    view = t.view()
    assert view["phase"] == "over" and view["scores"]["winners"] == []
    assert t.p("p1")["status"] == "ravenous"


def test_five_players_the_token_passes_from_the_fifth_to_the_first(client):
    """ "The First-Player token moves to the Player on their left." With five at the table and Eve (p5)
    First Player, the round ends after Dan (p4); the token goes to Ann (p1), who draws the Season
    card."""
    pos = position("event", current="p4", p1=board(), p2=board(), p3=board(), p4=board("A2"), p5=board())
    pos["first_player"] = "p5"
    t = Table(client, pos, players=("Ann", "Bob", "Cleo", "Dan", "Eve"))
    t.ok({"type": "event_card", "player": "p4", "card": "Quiet night"})
    view = t.view()
    assert view["phase"] == "season" and t.state["first_player"] == "p1"
    refused_any(t, {"type": "season", "player": "p5", "card": "Thaw", "season": "spring"})
    t.ok({"type": "season", "player": "p1", "card": "Thaw", "season": "spring"})


# ---------------------------------------------------------------- a fourth batch: limits and rulings


def test_trading_post_paying_more_than_the_value_under_at_least(client):
    """Table ruling trading_post_payment: "You can Trade as much or as little as you wish provided you
    have enough Value to afford each item." (at_least) against the Quick Reference's "of equal Value"
    (equal, the default). Three Resources for a Snare (Value 2): refused by default, accepted under
    at_least, with no change given."""
    offer = [SNARE, PISTOL, HOLSTER]
    buy = {"type": "trading_post", "player": "p1", "offered": offer, "buy": ["Snare"],
           "pay": {"food": 1, "water": 1, "wood": 1}}
    t = Table(client, position("camp", p1=board("B1"), p2=board(), p3=board()))
    t.refused(buy, "of equal Value")
    t = Table(client, position("camp", p1=board("B1"), p2=board(), p3=board()),
              options={"trading_post_payment": "at_least"})
    t.ok(buy)
    me = t.p("p1")
    assert [e["name"] for e in me["equipment"]] == ["Snare"]
    assert me["resources"] == {"food": 0, "water": 0, "wood": 0}
    t = Table(client, position("camp", p1=board("B1"), p2=board(), p3=board()),
              options={"trading_post_payment": "at_least"})
    t.refused(dict(buy, pay={"food": 1}), "provided you have enough Value to afford each item")


def test_trading_with_a_traveler_in_cedar_falls_is_fine(client):
    """FAQ: "A: No, attacking a Traveler in a city would be unseemly." — attacking, not trading: "The
    Active Player may Trade with other Players who are on the same Terrain tile, or on the Terrain
    tiles adjacent to them." Ann on the Prairie trades with Bob in Cedar Falls, but cannot attack
    him."""
    t = Table(client, position("camp", p1=board("A2", food=2, water=0), p2=board("CF", water=2, food=0),
                               p3=board()))
    t.refused({"type": "combat", "player": "p1", "target": "p2", "dice": [2], "target_dice": [0]},
              "attacking a Traveler in a city would be unseemly")
    t.ok({"type": "trade", "player": "p1", "with": "p2", "accepted": True, "give": {"food": 1},
          "get": {"water": 1}})
    assert t.p("p1")["resources"]["water"] == 1 and t.p("p2")["resources"]["food"] == 1


def test_a_trade_for_what_the_other_player_does_not_have_is_refused(client):
    """ "...any tokens and cards are exchanged immediately." — only what is there: Bob holds no Wood,
    so a Trade getting two Wood from him cannot be exchanged."""
    t = Table(client, position("camp", p1=board("A2", food=2), p2=board("A2", wood=0), p3=board()))
    refused_any(t, {"type": "trade", "player": "p1", "with": "p2", "accepted": True, "give": {"food": 1},
                    "get": {"wood": 2}})
    assert t.p("p1")["resources"]["food"] == 2 and "trade" not in str(t.state.get("camp_done", []))


def test_a_ravenous_player_at_three_hunger_who_wins_survives_the_retreat(client):
    """A win: "The Ravenous Traveler immediately removes one Hunger from their Player board"; the
    Retreat: "...the Ravenous Player adds one Hunger token to their Player board and ends their
    turn." Bob at 3 Hunger wins (2), retreats (3): not a fourth, he stays in the game."""
    t = Table(client, position("ravenous_combat", current="p2", p1=board("A2"), p2=ravenous("A2", 3),
                               p3=board("B2")))
    t.ok({"type": "ravenous_attack", "player": "p2", "target": "p1", "dice": [2, 2, 0], "target_dice": [1]})
    assert t.p("p2")["hunger"] == 2
    t.ok({"type": "retreat", "player": "p2", "to": "B2"})
    assert t.p("p2")["hunger"] == 3 and t.p("p2")["status"] == "ravenous"


def test_a_ravenous_move_onto_a_face_down_tile_leaves_it_face_down(client):
    """ "They may travel to face-down tiles, but when they do, they DO NOT flip them." Bob moves A2 -
    A1 - FD: the face-down tile stays face down, and no reveal is asked for."""
    t = Table(client, position("ravenous_movement", current="p2", p1=board("B2"), p2=ravenous("A2"),
                               p3=board("B2")))
    t.ok({"type": "ravenous_move", "player": "p2", "path": ["A1", "FD"]})
    assert t.p("p2")["tile"] == "FD" and t.state["tiles"]["FD"]["face_up"] is False


def test_a_retreat_must_leave_the_tile(client):
    """ "After the Combat Phase, Ravenous Travelers must move to an adjacent tile, following their
    movement rules and restrictions." Bob, with A1 and B2 open around the Prairie, cannot stay."""
    t = Table(client, position("ravenous_retreat", current="p2", p1=board("B2"), p2=ravenous("A2"),
                               p3=board("B2")))
    t.refused({"type": "retreat", "player": "p2", "to": "A2"}, "must move to an adjacent tile")
    assert t.p("p2")["tile"] == "A2" and t.p("p2")["hunger"] == 1


def test_a_sacrifice_with_no_ailment_on_the_board(client):
    """ "At any time during their turn, Players may Sacrifice a Companion in order to remove four
    Ailment tokens currently on their Player board." With none on the board, nothing is removed (the
    default sacrifice_removes=four: as many as there are, up to four) and the Skull still lowers a
    track."""
    t = Table(client, position(p1=board("A2"), p2=board(), p3=board()))
    t.ok({"type": "sacrifice", "player": "p1", "remove": {}, "skull": "hunger"})
    me = t.p("p1")
    assert me["companions"] == 3 and me["skulls"]["hunger"] == 1


def test_an_event_drawing_two_tokens_stops_when_the_traveler_turns_ravenous(client):
    """ "If it is currently their turn, they must end their turn immediately." Ann (no Companion,
    3 Hunger) draws two tokens for an Event card: the first, a Hunger, turns her Ravenous and ends
    her turn, so the second is never drawn — the bag keeps it."""
    t = Table(client, position("event", p1=board("A2", companions=0, hunger=3), p2=board(), p3=board()))
    before = dict(t.state["bag"])
    t.ok({"type": "event_card", "player": "p1", "card": "Dust storm", "draws": ["hunger", "water"]})
    assert t.p("p1")["status"] == "ravenous"
    assert t.state["bag"] == dict(before, hunger=before["hunger"] - 1)


def test_bag_draw_tokens_stop_when_the_traveler_turns_ravenous_on_arrival(client):
    """ "If a Player picks up one of these tokens, they must immediately draw from the Exploration
    Bag." and "If it is currently their turn, they must end their turn immediately." Ann (no
    Companion, 3 Thirst) arrives on the Prairie's two Bag Draw tokens: the first draw, a Thirst,
    turns her Ravenous; the second is not drawn."""
    terrain = [dict(x, placed={"bag_draw": 2}) if x["name"] == "A2" else x for x in TERRAIN]
    t = Table(client, position(p1=board("CF", companions=0, thirst=3), p2=board(), p3=board()),
              options={"terrain": terrain})
    before = dict(t.state["bag"])
    t.ok({"type": "travel", "player": "p1", "to": "A2", "draws": ["thirst", "food"]})
    assert t.p("p1")["status"] == "ravenous" and t.p("p1")["tile"] == "A2"
    assert t.state["bag"] == dict(before, thirst=before["thirst"] - 1)
    assert t.view()["current_players"] == ["p2"]


def test_discarding_equipment_makes_no_room_for_a_resource(client):
    """ "Anytime a Traveler receives a token or card that exceeds their Supply capacity, they must
    immediately discard either something from their Supply to make space, or return the newly
    acquired item to the Stockpile." Resources: "Players can carry any combination of up to six
    Resource tokens." A Pistol discarded does not make space for a seventh Resource."""
    t = Table(client, position("event", p1=board("A2", food=2, water=2, wood=2, equipment=[PISTOL]),
                               p2=board(), p3=board()))
    r = t.post({"type": "event_card", "player": "p1", "card": "A full larder", "gain": {"food": 1},
                "discard": {"equipment": ["Pistol"]}})
    assert r.status_code in (400, 422), r.get_json()
    assert [e["name"] for e in t.p("p1")["equipment"]] == ["Pistol"]


# ---------------------------------------------------------------- what the table page shows


def test_the_table_page_offers_the_camp_and_teaches_a_refusal(client):
    """What the players see, for the Cedar Falls scenario above: the table page names the Camp Phase
    and what can be done next (a Trade with Bob, whom it may reach), and an attack on Bob in Cedar
    Falls tapped on the page is refused there with the FAQ's sentence ("A: No, attacking a Traveler
    in a city would be unseemly.") and a link to it in the rulebook."""
    t = Table(client, position("camp", p1=board("A2", food=2, water=0), p2=board("CF", water=2, food=0),
                               p3=board()))
    client.get(f"/play/{t.id}/join?token={t.token}")
    page = client.get(f"/play/{t.id}").text
    assert '<p class="phase">Camp Phase</p>' in page
    assert "Propose a Trade to Bob" in page
    assert not [e for e in t.view()["legal"] if e["type"] == "combat" and e.get("target") == "p2"]
    answer = client.post(f"/play/{t.id}/event", data={
        "csrf_token": csrf_of(page), "expected_seq": seq_of(page),
        "event": json.dumps({"type": "combat", "player": "p1", "target": "p2", "dice": [2],
                             "target_dice": [0]})}, follow_redirects=True)
    assert "A: No, attacking a Traveler in a city would be unseemly." in answer.text
    assert "/rules/we-forlorn-few#" in answer.text
    assert t.view()["seq"] == 0


def test_a_sacrifice_while_stealing_is_in_the_turn(client):
    """ "Note: Players may Sacrifice a Travel Companion at any time during their turn." — between
    winning a Combat and taking the spoils too."""
    t = Table(client, position("camp", p1=board("A2", hunger=2), p2=board("A2", food=2), p3=board()))
    t.ok({"type": "combat", "player": "p1", "target": "p2", "dice": [2], "target_dice": [0]})
    t.ok({"type": "sacrifice", "player": "p1", "remove": {"hunger": 2}, "skull": "thirst"})
    t.ok({"type": "steal", "player": "p1", "take": {"food": 2}})
    me = t.p("p1")
    assert me["companions"] == 3 and me["ailments"]["hunger"] == 0 and me["resources"]["food"] == 3


def test_a_defender_who_wins_steals_but_cannot_sacrifice(client):
    """ "At any time during their turn, Players may Sacrifice a Companion..." Bob wins Ann's Combat
    and steals (the winner steals, either side), but it is Ann's turn, not his: his Sacrifice is
    refused; his steal is not."""
    t = Table(client, position("camp", p1=board("A2", food=2), p2=board("A2", hunger=2), p3=board()))
    t.ok({"type": "combat", "player": "p1", "target": "p2", "dice": [0], "target_dice": [2]})
    t.refused({"type": "sacrifice", "player": "p2", "remove": {"hunger": 2}, "skull": "thirst"},
              "At any time during their turn")
    assert t.p("p2")["companions"] == 4
    t.ok({"type": "steal", "player": "p2", "take": {"food": 2}})


def test_no_sacrifice_while_the_season_card_is_resolved(client):
    """ "The First Player resolves a Season card. Beginning with the First Player and moving to the
    left, the Player turns are resolved." — the Season card comes before anyone's turn, and a
    Sacrifice is "At any time during their turn": Ann, the First Player, cannot Sacrifice before
    resolving it; once it is resolved her turn begins and she can."""
    pos = position("season", current=None, p1=board("A2", hunger=2), p2=board(), p3=board())
    pos["first_player"] = "p1"
    t = Table(client, pos)
    t.refused({"type": "sacrifice", "player": "p1", "remove": {"hunger": 2}, "skull": "thirst"},
              "At any time during their turn")
    t.ok({"type": "season", "player": "p1", "card": "Thaw", "season": "spring"})
    t.ok({"type": "sacrifice", "player": "p1", "remove": {"hunger": 2}, "skull": "thirst"})
    assert t.p("p1")["companions"] == 3
