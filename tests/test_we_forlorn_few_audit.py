"""We Forlorn Few: an independent audit of the referee, written from the rulebook alone (and the
public API description, GET /api/games/we-forlorn-few) before reading the referee. Every scenario
goes through the HTTP API: a position, events, then what a player checks at the table. Each
docstring quotes the rule it checks; a refusal must quote a verbatim sentence of the rulebook."""

from pathlib import Path

from tests.api_table import ApiTable

BOOK = (Path(__file__).resolve().parents[1] / "rulebook_index" / "data" / "we-forlorn-few.txt").read_text(
    encoding="utf-8"
)

PISTOL = {"name": "Pistol", "type": "weapon", "value": 2, "dice": 1}
SNARE = {"name": "Snare", "type": "tool", "value": 2, "bonus": "food"}
TOOL_BOX = {"name": "Tool Box", "type": "tool", "value": 2, "bonus": "wood"}
HOLSTER = {"name": "Holster", "type": "storage", "value": 1, "holds": {"tool": 0, "weapon": 1}}

# CF - A1 (Wetlands) - B1 (Mountain, Trading Post) - NH
#    \ A2 (Prairie)  - B2 (Forest)                  /
# FD: a face-down tile next to A1 and B1.
TERRAIN = [
    {"name": "CF", "kind": "Cedar Falls", "adjacent": ["A1", "A2"], "travel_cost": {"food": 1, "water": 1}},
    {
        "name": "A1",
        "kind": "Wetlands",
        "adjacent": ["CF", "A2", "B1", "FD"],
        "resources": ["water", "food"],
        "travel_cost": {"food": 1, "water": 1, "wood": 3},
    },
    {
        "name": "A2",
        "kind": "Prairie",
        "adjacent": ["CF", "A1", "B2"],
        "resources": ["food", "water", "wood"],
        "travel_cost": {"food": 1, "wood": 1},
    },
    {
        "name": "B1",
        "kind": "Mountain",
        "adjacent": ["A1", "B2", "NH", "FD"],
        "trading_post": True,
        "resources": ["water"],
        "travel_cost": {"food": 2, "wood": 1},
    },
    {
        "name": "B2",
        "kind": "Forest",
        "adjacent": ["A2", "B1", "NH"],
        "resources": ["wood"],
        "travel_cost": {"water": 1, "wood": 1},
    },
    {"name": "FD", "adjacent": ["A1", "B1"], "face_up": False},
    {"name": "NH", "kind": "Newhaven", "adjacent": ["B1", "B2"]},
]


def quote_of(response):
    body = response.get_json()
    rules = body["error"].get("rules") or [body["error"]["rule"]]
    return [r["quote"] for r in rules]


class Table(ApiTable):
    def __init__(self, client, position, options=None, players=("Ann", "Bob", "Cleo")):
        opts = {"terrain": TERRAIN}
        opts.update(options or {})
        super().__init__(client, {"game": "we-forlorn-few", "players": list(players),
                                  "options": opts, "position": position})
        self.body = self.created

    def post(self, event):
        return self.send(event)

    def ok(self, event):
        return self.accepted(event)

    def refused(self, event, sentence):
        r = self.post(event)
        assert r.status_code == 422, r.get_json()
        quotes = quote_of(r)
        for q in quotes:
            assert q in BOOK, q
        assert any(sentence in q for q in quotes), quotes
        return r.get_json()

    @property
    def state(self):
        return self.view()["state"]

    def p(self, seat):
        return self.state["players"][seat]


def board(
    tile="CF", food=1, water=1, wood=1, equipment=(), companions=4, hunger=0, thirst=0, wagon=0, **extra
):
    out = {
        "tile": tile,
        "resources": {"food": food, "water": water, "wood": wood},
        "ailments": {"hunger": hunger, "thirst": thirst, "wagon_damage": wagon},
        "companions": companions,
        "equipment": list(equipment),
    }
    out.update(extra)
    return out


def position(phase="travel", current="p1", **players):
    pos = {
        "phase": phase,
        "round": 2 if phase == "season" else 1,  # 11 Season cards left either way
        "season_deck": 11,
        "bag": {"food": 3, "water": 3, "wood": 3, "hunger": 3, "thirst": 3, "wagon_damage": 3},
    }
    if current:
        pos["current"] = current
    pos["players"] = players
    return pos


# ---------------------------------------------------------------- Travel


def test_travel_example_pays_what_it_has_and_takes_wagon_damage_for_the_rest(client):
    """Travel Example: "In order to travel, the Player discards one Food, one Water, one Wood, and adds
    two Wagon Damage to their Player board." (Wetlands cost: one Food, one Water and three Wood.)"""
    t = Table(client, position(p1=board("A1", food=2, water=1, wood=1), p2=board(), p3=board()))
    t.ok({"type": "travel", "player": "p1", "to": "B1"})
    me = t.p("p1")
    assert me["tile"] == "B1"
    assert me["resources"] == {"food": 1, "water": 0, "wood": 0}
    assert me["ailments"]["wagon_damage"] == 2
    assert t.view()["phase"].endswith("gathering")


def test_travel_to_face_down_tile_reveals_it(client):
    """ "The Sheriff's Daughter is on a Wetlands tile and declares that they will travel to an adjacent
    face-down tile." The tile is entered as it shows when flipped."""
    t = Table(client, position(p1=board("A1", food=2, water=1, wood=1), p2=board(), p3=board()))
    t.ok(
        {
            "type": "travel",
            "player": "p1",
            "to": "FD",
            "reveal": {"kind": "Desert", "resources": ["water"], "travel_cost": {"water": 2}},
        }
    )
    assert t.p("p1")["tile"] == "FD"
    assert t.state["tiles"]["FD"]["face_up"] is True
    assert t.state["tiles"]["FD"]["kind"] == "Desert"


def test_travel_to_a_tile_not_adjacent_is_refused(client):
    """ "Players can Travel to an adjacent tile by paying Travel Cost before moving their Player piece
    to the adjacent tile of their choosing.\""""
    t = Table(client, position(p1=board("CF"), p2=board(), p3=board()))
    t.refused({"type": "travel", "player": "p1", "to": "B1"}, "adjacent tile")
    assert t.p("p1")["tile"] == "CF"


def test_ailment_for_a_held_resource_is_refused_by_default(client):
    """ "NOTE: Players may pay the Travel Costs by a combination of discarding required Resources that
    they have in their Supply, and taking Ailments for those they do not have.\""""
    t = Table(client, position(p1=board("CF", food=1, water=1), p2=board(), p3=board()))
    t.refused(
        {"type": "travel", "player": "p1", "to": "A1", "pay": {"water": 1}, "ailments": {"hunger": 1}},
        "taking Ailments for those they do not have",
    )
    assert t.p("p1")["ailments"]["hunger"] == 0


def test_ailment_for_a_held_resource_allowed_by_the_quick_reference_ruling(client):
    """Quick Reference: "Travel cost is paid by discarding Resources, by adding the corresponding
    Ailments to your Player board, or by a combination of both.\""""
    t = Table(
        client,
        position(p1=board("CF", food=1, water=1), p2=board(), p3=board()),
        options={"ailment_for_held_resource": True},
    )
    t.ok({"type": "travel", "player": "p1", "to": "A1", "pay": {"water": 1}, "ailments": {"hunger": 1}})
    me = t.p("p1")
    assert me["resources"]["food"] == 1 and me["resources"]["water"] == 0
    assert me["ailments"]["hunger"] == 1


def test_a_payment_that_does_not_cover_the_cost_is_refused(client):
    """ "Discarding Resource tokens from a Player's Supply into the Stockpile to match the listed cost.\""""
    t = Table(client, position(p1=board("CF", food=1, water=1), p2=board(), p3=board()))
    r = t.post({"type": "travel", "player": "p1", "to": "A1", "pay": {"food": 1}})
    assert r.status_code == 422
    assert all(q in BOOK for q in quote_of(r))
    assert t.p("p1")["tile"] == "CF"


def test_travel_pays_the_cost_of_the_tile_being_left(client):
    """Terrain tiles: "Travel Costs: This section indicates Resources required to move off the Terrain
    tile." Leaving the Prairie (one Food, one Wood) for the Forest, not the Forest's cost."""
    t = Table(client, position(p1=board("A2", food=1, water=1, wood=1), p2=board(), p3=board()))
    t.ok({"type": "travel", "player": "p1", "to": "B2"})
    assert t.p("p1")["resources"] == {"food": 0, "water": 1, "wood": 0}
    assert t.p("p1")["ailments"] == {"hunger": 0, "thirst": 0, "wagon_damage": 0}


def test_travel_backwards_costs_two_resources_of_any_type(client):
    """ "Players may travel backwards to an adjacent tile by paying two Resource tokens of any type.\""""
    t = Table(client, position(p1=board("B1", food=0, water=0, wood=2), p2=board(), p3=board()))
    t.ok({"type": "travel", "player": "p1", "to": "A1", "backward": True, "pay": {"wood": 2}})
    me = t.p("p1")
    assert me["tile"] == "A1"
    assert me["resources"] == {"food": 0, "water": 0, "wood": 0}
    assert me["ailments"] == {"hunger": 0, "thirst": 0, "wagon_damage": 0}


def test_travel_backwards_without_two_resources_is_refused_by_default(client):
    """ "Players may travel backwards to an adjacent tile by paying two Resource tokens of any type.\""""
    t = Table(client, position(p1=board("B1", food=0, water=0, wood=1), p2=board(), p3=board()))
    t.refused(
        {"type": "travel", "player": "p1", "to": "A1", "backward": True},
        "paying two Resource tokens of any type",
    )
    assert t.p("p1")["tile"] == "B1"


def test_travel_backwards_must_go_toward_cedar_falls(client):
    """Travel Phase: "Travel backward toward Cedar Falls". From A1, B1 is farther from Cedar Falls."""
    t = Table(client, position(p1=board("A1", food=2, water=2, wood=2), p2=board(), p3=board()))
    r = t.post({"type": "travel", "player": "p1", "to": "B1", "backward": True, "pay": {"wood": 2}})
    assert r.status_code == 422
    assert all(q in BOOK for q in quote_of(r))
    assert any("backward" in q.lower() for q in quote_of(r))


def test_stay_goes_straight_to_gathering(client):
    """ "A Player may choose to stay on their current tile and go straight to the Gathering Phase.\""""
    t = Table(client, position(p1=board("A1"), p2=board(), p3=board()))
    t.ok({"type": "stay", "player": "p1"})
    assert t.view()["phase"].endswith("gathering")
    assert t.p("p1")["tile"] == "A1"
    assert t.p("p1")["resources"] == {"food": 1, "water": 1, "wood": 1}


def test_placed_items_are_picked_up_on_arrival(client):
    """ "When a Player travels to, or is moved to, a Terrain tile that has any tokens and/or cards placed
    on it, they immediately add everything currently on the tile to their Player board.\""""
    terrain = [dict(t) for t in TERRAIN]
    terrain[2] = dict(terrain[2], placed={"water": 1, "equipment": [SNARE]})
    t = Table(
        client,
        position(p1=board("CF", food=1, water=1), p2=board(), p3=board()),
        options={"terrain": terrain},
    )
    t.ok({"type": "travel", "player": "p1", "to": "A2"})
    me = t.p("p1")
    assert me["resources"] == {"food": 0, "water": 1, "wood": 1}
    assert [e["name"] for e in me["equipment"]] == ["Snare"]
    assert t.state["tiles"]["A2"]["placed"]["water"] == 0
    assert t.state["tiles"]["A2"]["placed"]["equipment"] == []


def test_placed_items_over_capacity_are_returned(client):
    """ "Note: Any excess cards and tokens that exceed Supply capacity are returned to the Stockpile."
    and "Players can carry any combination of up to six Resource tokens.\""""
    terrain = [dict(t) for t in TERRAIN]
    terrain[2] = dict(terrain[2], placed={"water": 3})
    t = Table(
        client,
        position(p1=board("CF", food=3, water=3, wood=0), p2=board(), p3=board()),
        options={"terrain": terrain},
    )
    t.ok({"type": "travel", "player": "p1", "to": "A2"})
    me = t.p("p1")
    assert sum(me["resources"].values()) == 6
    assert me["resources"] == {"food": 2, "water": 4, "wood": 0}


def test_bag_draw_token_draws_from_the_bag_on_arrival(client):
    """ "If a Player picks up one of these tokens, they must immediately draw from the Exploration Bag."
    An Ailment drawn goes on the Player board."""
    terrain = [dict(t) for t in TERRAIN]
    terrain[2] = dict(terrain[2], placed={"bag_draw": 1})
    t = Table(
        client,
        position(p1=board("CF", food=1, water=1), p2=board(), p3=board()),
        options={"terrain": terrain},
    )
    bag_before = t.state["bag"]["thirst"]
    t.ok({"type": "travel", "player": "p1", "to": "A2", "draws": ["thirst"]})
    assert t.p("p1")["ailments"]["thirst"] == 1
    assert t.state["bag"]["thirst"] == bag_before - 1
    assert t.state["tiles"]["A2"]["placed"]["bag_draw"] == 0


def test_perishing_while_paying_travel_cost_stays_on_the_tile(client):
    """FAQ: "A: Paying Travel Cost happens before your Traveler moves, so you'd remain on the same
    tile." and "Flip your Player board and add one Hunger token to the Ravenous Side then end your
    turn.\""""
    t = Table(
        client,
        position(p1=board("A2", food=0, water=0, wood=1, hunger=3, companions=0), p2=board(), p3=board()),
    )
    t.ok({"type": "travel", "player": "p1", "to": "B2"})
    me = t.p("p1")
    assert me["status"] == "ravenous"
    assert me["tile"] == "A2"
    assert me["hunger"] == 1
    assert me["resources"] == {"food": 0, "water": 0, "wood": 0}
    assert me["equipment"] == []
    assert t.state["current"] == "p2"


def test_moves_out_of_phase_order_are_refused(client):
    """ "Each Player's turn consists of four phases that MUST be resolved in the following order:\""""
    t = Table(client, position("camp", p1=board("A2"), p2=board(), p3=board()))
    r = t.post({"type": "travel", "player": "p1", "to": "B2"})
    assert r.status_code == 422
    assert all(q in BOOK for q in quote_of(r))
    assert t.p("p1")["tile"] == "A2"
    assert t.view()["phase"].endswith("camp")


def test_another_players_move_is_refused_on_my_turn(client):
    """ "Beginning with the First Player and moving to the left, the Player turns are resolved.\""""
    t = Table(client, position(p1=board("A2"), p2=board(), p3=board()))
    r = t.post({"type": "stay", "player": "p2"})
    assert r.status_code == 422
    assert all(q in BOOK for q in quote_of(r))


# ---------------------------------------------------------------- Gathering


def test_gathering_example_tool_bonus_then_worth_two(client):
    """Gathering Phase Example: "They have the Snare Equipment card in their possession meaning they
    immediately add one Food token from the Stockpile to their Supply." then "They roll a "Worth 2"
    result ... The Self-Made Entrepreneur chooses one Water and one Wood token.\""""
    t = Table(
        client,
        position(
            "gathering", p1=board("A2", food=0, water=0, wood=0, equipment=[SNARE]), p2=board(), p3=board()
        ),
    )
    t.ok({"type": "gather", "player": "p1", "roll": 2, "take": ["water", "wood"]})
    assert t.p("p1")["resources"] == {"food": 1, "water": 1, "wood": 1}
    assert t.view()["phase"].endswith("camp")


def test_gather_only_resources_listed_on_the_tile(client):
    """ "Note: Travelers can only gather the Resources that are listed on their current tile.\""""
    t = Table(client, position("gathering", p1=board("B2", food=0, water=0, wood=0), p2=board(), p3=board()))
    t.refused(
        {"type": "gather", "player": "p1", "roll": 1, "take": ["food"]},
        "only gather the Resources that are listed on their current tile",
    )
    assert t.p("p1")["resources"]["food"] == 0


def test_gather_worth_one_takes_only_one(client):
    """ "Worth 1: One Resource" / "What they roll determines how many Resource tokens they can take
    from the Stockpile.\""""
    t = Table(client, position("gathering", p1=board("A2", food=0, water=0, wood=0), p2=board(), p3=board()))
    r = t.post({"type": "gather", "player": "p1", "roll": 1, "take": ["food", "water"]})
    assert r.status_code == 422
    assert all(q in BOOK for q in quote_of(r))
    assert t.p("p1")["resources"] == {"food": 0, "water": 0, "wood": 0}


def test_gather_worth_zero_draws_from_the_bag_and_ends_the_phase(client):
    """ "If a Player rolls Worth 0 they must immediately draw one random token from the Exploration Bag
    and then end their Gathering Phase.\""""
    t = Table(client, position("gathering", p1=board("A2", food=0, water=0, wood=0), p2=board(), p3=board()))
    t.ok({"type": "gather", "player": "p1", "roll": 0, "draw": "wood"})
    assert t.p("p1")["resources"] == {"food": 0, "water": 0, "wood": 1}
    assert t.state["bag"]["wood"] == 2
    assert t.view()["phase"].endswith("camp")


def test_explore_draws_one_token_onto_the_board_and_ends_the_phase(client):
    """Quick Reference: "Explore: To explore, draw one token from the Exploration Bag and immediately
    add it to your Player board.\""""
    t = Table(client, position("gathering", p1=board("A2"), p2=board(), p3=board()))
    t.ok({"type": "explore", "player": "p1", "draw": "hunger"})
    assert t.p("p1")["ailments"]["hunger"] == 1
    assert t.state["bag"]["hunger"] == 2
    assert t.view()["phase"].endswith("camp")


def test_tool_bonus_over_capacity_is_returned(client):
    """ "Anytime a Traveler receives a token or card that exceeds their Supply capacity, they must
    immediately discard either something from their Supply to make space, or return the newly acquired
    item to the Stockpile.\""""
    t = Table(
        client,
        position(
            "gathering", p1=board("B2", food=2, water=2, wood=2, equipment=[SNARE]), p2=board(), p3=board()
        ),
    )
    t.ok({"type": "skip_gathering", "player": "p1"})
    assert t.p("p1")["resources"] == {"food": 2, "water": 2, "wood": 2}


def test_tool_bonus_with_a_discard_to_make_space(client):
    """ "...they must immediately discard either something from their Supply to make space...\""""
    t = Table(
        client,
        position(
            "gathering", p1=board("B2", food=2, water=2, wood=2, equipment=[SNARE]), p2=board(), p3=board()
        ),
    )
    t.ok({"type": "skip_gathering", "player": "p1", "discard": {"wood": 1}})
    assert t.p("p1")["resources"] == {"food": 3, "water": 2, "wood": 1}


# ---------------------------------------------------------------- Camp


def test_recuperate_example(client):
    """Recuperate Example: "The Outpost Matriarch chooses to discard one Food token to remove one Hunger
    token, they discard one Water token to remove one Thirst token, and they discard all three Wood
    tokens to remove all three Wagon Damage tokens.\""""
    t = Table(
        client,
        position(
            "camp",
            p1=board("A2", food=1, water=2, wood=3, hunger=2, thirst=1, wagon=3),
            p2=board(),
            p3=board(),
        ),
    )
    t.ok({"type": "recuperate", "player": "p1", "remove": {"hunger": 1, "thirst": 1, "wagon_damage": 3}})
    me = t.p("p1")
    assert me["ailments"] == {"hunger": 1, "thirst": 0, "wagon_damage": 0}
    assert me["resources"] == {"food": 0, "water": 1, "wood": 0}


def test_recuperate_without_the_resource_is_refused(client):
    """ "The Active Player may discard any number of Resource tokens from their Supply to remove the
    corresponding Ailment tokens from their Player board.\""""
    t = Table(
        client, position("camp", p1=board("A2", food=0, water=1, wood=0, hunger=2), p2=board(), p3=board())
    )
    r = t.post({"type": "recuperate", "player": "p1", "remove": {"hunger": 1}})
    assert r.status_code == 422
    assert all(q in BOOK for q in quote_of(r))
    assert t.p("p1")["ailments"]["hunger"] == 2


def test_recuperate_twice_in_one_camp_is_refused(client):
    """ "During the Camp Phase the Active Player may perform each of the following actions once in any
    order: Recuperate, Trade with another Player, Initiate Combat with another Player, or Trade at a
    Trading Post.\""""
    t = Table(client, position("camp", p1=board("A2", food=2, hunger=2), p2=board(), p3=board()))
    t.ok({"type": "recuperate", "player": "p1", "remove": {"hunger": 1}})
    t.refused(
        {"type": "recuperate", "player": "p1", "remove": {"hunger": 1}}, "each of the following actions once"
    )
    assert t.p("p1")["ailments"]["hunger"] == 1


def test_trade_with_a_player_on_an_adjacent_tile(client):
    """ "The Active Player may Trade with other Players who are on the same Terrain tile, or on the
    Terrain tiles adjacent to them." ... "any tokens and cards are exchanged immediately.\""""
    t = Table(
        client, position("camp", p1=board("A2", food=2, water=0), p2=board("B2", food=0, water=2), p3=board())
    )
    t.ok(
        {
            "type": "trade",
            "player": "p1",
            "with": "p2",
            "accepted": True,
            "give": {"food": 1},
            "get": {"water": 1},
        }
    )
    assert t.p("p1")["resources"] == {"food": 1, "water": 1, "wood": 1}
    assert t.p("p2")["resources"] == {"food": 1, "water": 1, "wood": 1}


def test_trade_with_a_player_two_tiles_away_is_refused(client):
    """ "The Active Player may Trade with other Players who are on the same Terrain tile, or on the
    Terrain tiles adjacent to them.\""""
    t = Table(client, position("camp", p1=board("A2"), p2=board("B1"), p3=board()))
    t.refused(
        {
            "type": "trade",
            "player": "p1",
            "with": "p2",
            "accepted": True,
            "give": {"food": 1},
            "get": {"water": 1},
        },
        "same Terrain tile, or on the Terrain tiles adjacent",
    )
    assert t.p("p1")["resources"] == {"food": 1, "water": 1, "wood": 1}


def test_rejected_trade_exchanges_nothing(client):
    """ "The Player they are proposing the Trade with may then accept or reject the terms of the Trade\""""
    t = Table(client, position("camp", p1=board("A2", food=2), p2=board("A2"), p3=board()))
    t.ok(
        {
            "type": "trade",
            "player": "p1",
            "with": "p2",
            "accepted": False,
            "give": {"food": 1},
            "get": {"water": 1},
        }
    )
    assert t.p("p1")["resources"] == {"food": 2, "water": 1, "wood": 1}
    assert t.p("p2")["resources"] == {"food": 1, "water": 1, "wood": 1}


def test_combat_example_sum_of_dice_and_steal_up_to_the_result(client):
    """Combat Example: the Matriarch's "Worth 2 and Worth 1 and Worth 0, giving them a total result of
    three", the Sheriff's Daughter's "Worth 2 and Worth 2, giving them a total result of four" and "The
    Sheriff's Daughter wins the Combat and now may steal up to four Value from The Outpost Matriarch's
    Supply.\""""
    t = Table(
        client,
        position(
            "camp",
            p1=board("A2", food=2, water=2, wood=0, equipment=[PISTOL, PISTOL]),
            p2=board("B2", food=0, water=0, wood=0, equipment=[PISTOL]),
            p3=board(),
        ),
    )
    t.ok({"type": "combat", "player": "p1", "target": "p2", "dice": [2, 1, 0], "target_dice": [2, 2]})
    t.refused(
        {"type": "steal", "player": "p2", "take": {"food": 2, "water": 2, "equipment": ["Pistol"]}},
        "up to the Value of their total roll result",
    )
    t.ok({"type": "steal", "player": "p2", "take": {"food": 2, "water": 2}})
    assert t.p("p2")["resources"] == {"food": 2, "water": 2, "wood": 0}
    assert t.p("p1")["resources"] == {"food": 0, "water": 0, "wood": 0}
    assert len(t.p("p1")["equipment"]) == 2


def test_combat_with_the_wrong_number_of_dice_is_refused(client):
    """ "They roll one die as standard and add additional dice if they have Equipment cards that allow
    them to do so." No weapon: one die, not two."""
    t = Table(client, position("camp", p1=board("A2"), p2=board("A2"), p3=board()))
    r = t.post({"type": "combat", "player": "p1", "target": "p2", "dice": [2, 2], "target_dice": [1]})
    assert r.status_code == 422
    assert all(q in BOOK for q in quote_of(r))
    assert any("one die" in q for q in quote_of(r))


def test_combat_tie_changes_nothing(client):
    """ "If both Players roll the same result then it is a tie and nothing happens to either Player.\""""
    t = Table(client, position("camp", p1=board("A2"), p2=board("A2"), p3=board()))
    t.ok({"type": "combat", "player": "p1", "target": "p2", "dice": [1], "target_dice": [1]})
    assert t.view()["phase"].endswith("camp")
    assert t.p("p1")["resources"] == t.p("p2")["resources"] == {"food": 1, "water": 1, "wood": 1}
    t.refused(
        {"type": "combat", "player": "p1", "target": "p2", "dice": [2], "target_dice": [0]},
        "each of the following actions once",
    )


def test_combat_against_a_traveler_in_cedar_falls_is_refused(client):
    """FAQ: "A: No, attacking a Traveler in a city would be unseemly.\""""
    t = Table(client, position("camp", p1=board("A1"), p2=board("CF"), p3=board()))
    t.refused({"type": "combat", "player": "p1", "target": "p2", "dice": [2], "target_dice": [0]}, "unseemly")


def test_combat_with_a_player_two_tiles_away_is_refused(client):
    """ "To initiate combat, the Active Player selects another Player on their current tile, or an
    adjacent tile, and then makes a Combat roll.\""""
    t = Table(client, position("camp", p1=board("A2"), p2=board("B1"), p3=board()))
    t.refused(
        {"type": "combat", "player": "p1", "target": "p2", "dice": [2], "target_dice": [0]},
        "selects another Player on their current tile, or an adjacent tile",
    )


def test_stealing_a_storage_card_discards_what_it_holds(client):
    """FAQ: "A: The other Traveler would steal the Storage card and the other Equipment card would be
    discarded.\""""
    holster = dict(HOLSTER, stored=[PISTOL])
    t = Table(client, position("camp", p1=board("A2"), p2=board("A2", equipment=[holster]), p3=board()))
    t.ok({"type": "combat", "player": "p1", "target": "p2", "dice": [2], "target_dice": [0, 0]})
    t.ok({"type": "steal", "player": "p1", "take": {"equipment": ["Holster"]}})
    names = [e["name"] for e in t.p("p1")["equipment"]]
    assert names == ["Holster"]
    assert t.p("p1")["equipment"][0].get("stored", []) == []
    assert t.p("p2")["equipment"] == []


def test_trading_post_purchase_at_equal_value(client):
    """ "Then, you may purchase from those cards by discarding Resources and/or Equipment of equal
    Value." / "Any traded or unwanted cards are then shuffled back into the Equipment deck.\""""
    t = Table(client, position("camp", p1=board("B1", food=1, water=1, wood=1), p2=board(), p3=board()))
    t.ok(
        {
            "type": "trading_post",
            "player": "p1",
            "offered": [SNARE, PISTOL, HOLSTER],
            "buy": ["Snare"],
            "pay": {"food": 1, "wood": 1},
        }
    )
    me = t.p("p1")
    assert [e["name"] for e in me["equipment"]] == ["Snare"]
    assert me["resources"] == {"food": 0, "water": 1, "wood": 0}


def test_trading_post_without_enough_value_is_refused(client):
    """ "You can Trade as much or as little as you wish provided you have enough Value to afford each
    item.\""""
    t = Table(client, position("camp", p1=board("B1", food=1, water=0, wood=0), p2=board(), p3=board()))
    r = t.post(
        {
            "type": "trading_post",
            "player": "p1",
            "offered": [SNARE, PISTOL, HOLSTER],
            "buy": ["Snare"],
            "pay": {"food": 1},
        }
    )
    assert r.status_code == 422
    assert all(q in BOOK for q in quote_of(r))
    assert t.p("p1")["equipment"] == []


def test_trading_post_away_from_a_trading_post_is_refused(client):
    """ "If a Player is at a Trading Post they may Trade.\""""
    t = Table(client, position("camp", p1=board("A2"), p2=board(), p3=board()))
    t.refused(
        {
            "type": "trading_post",
            "player": "p1",
            "offered": [SNARE, PISTOL, HOLSTER],
            "buy": ["Snare"],
            "pay": {"food": 1, "wood": 1},
        },
        "Trading Post",
    )


# ---------------------------------------------------------------- Event, Ailments, Sacrifice


def test_event_phase_example_highest_die_then_a_bag_draw(client):
    """Event Phase Example: "They get results of Worth 2 and Worth 1 so they take the highest scoring
    roll, the Worth 2." and "they add two Food tokens from the Stockpile to their Supply and then must
    draw one token from the Exploration Bag and immediately add it to their Player board.\""""
    t = Table(
        client,
        position(
            "event", p1=board("A2", food=0, water=0, wood=0, equipment=[PISTOL]), p2=board(), p3=board()
        ),
    )
    t.ok(
        {
            "type": "event_card",
            "player": "p1",
            "card": "A herd like that would fetch enough money to kill for.",
            "dice": [2, 1],
            "draws": ["water"],
        }
    )
    assert t.p("p1")["resources"] == {"food": 2, "water": 1, "wood": 0}
    assert t.state["current"] == "p2"
    assert t.view()["phase"].endswith("travel")


def test_ailments_example_three_companions_perish(client):
    """Ailments and Perishing Example: "Therefore, they must discard three Companion tokens total to
    complete the Event card." (two Hunger and three Thirst, then two Hunger and two Thirst.)"""
    t = Table(client, position("event", p1=board("A2", hunger=2, thirst=3), p2=board(), p3=board()))
    t.ok(
        {"type": "event_card", "player": "p1", "card": "A hard road", "ailments": {"hunger": 2, "thirst": 2}}
    )
    me = t.p("p1")
    assert me["companions"] == 1
    assert me["status"] == "traveler"
    assert me["ailments"]["hunger"] == 3 and me["ailments"]["thirst"] == 3


def test_excess_ailments_kept_on_the_track_by_ruling(client):
    """ "Note: Ailments are NOT removed from your Player Board when a Companion perishes.\""""
    t = Table(
        client,
        position("event", p1=board("A2", hunger=3), p2=board(), p3=board()),
        options={"excess_ailments": "kept"},
    )
    t.ok({"type": "event_card", "player": "p1", "card": "A hard road", "ailments": {"hunger": 1}})
    me = t.p("p1")
    assert me["companions"] == 3
    assert me["ailments"]["hunger"] == 4


def test_up_to_three_of_each_ailment_without_penalty(client):
    """ "Players can accrue up to three of each Ailment type without penalty.\""""
    t = Table(client, position("event", p1=board("A2", hunger=2, thirst=2, wagon=2), p2=board(), p3=board()))
    t.ok(
        {
            "type": "event_card",
            "player": "p1",
            "card": "A hard road",
            "ailments": {"hunger": 1, "thirst": 1, "wagon_damage": 1},
        }
    )
    assert t.p("p1")["companions"] == 4


def test_no_companion_left_to_perish_turns_the_traveler_ravenous(client):
    """ "If a Player is required to have a Companion perish, but they have no remaining Companion tokens
    on their Player Board, their Traveler turns Ravenous" and "They then add one Hunger token to their
    Player board.\""""
    t = Table(
        client,
        position("event", p1=board("A2", thirst=3, companions=0, equipment=[PISTOL]), p2=board(), p3=board()),
    )
    t.ok({"type": "event_card", "player": "p1", "card": "A hard road", "ailments": {"thirst": 1}})
    me = t.p("p1")
    assert me["status"] == "ravenous"
    assert me["hunger"] == 1
    assert me["equipment"] == [] and sum(me["resources"].values()) == 0
    assert t.state["current"] == "p2"


def test_sacrifice_example(client):
    """Sacrificing Companions Example: "They select to remove two of the Hunger tokens, one of their
    Thirst tokens and their one Wagon Damage token." ... "place their Companion token Skull-side up on
    the bottom most space on the Wagon Damage track." then "They then must pay the Travel Cost\""""
    t = Table(
        client,
        position(
            p1=board("B2", food=0, water=0, wood=0, hunger=3, thirst=2, wagon=1, companions=1),
            p2=board(),
            p3=board(),
        ),
    )
    t.ok(
        {
            "type": "sacrifice",
            "player": "p1",
            "remove": {"hunger": 2, "thirst": 1, "wagon_damage": 1},
            "skull": "wagon_damage",
        }
    )
    me = t.p("p1")
    assert me["companions"] == 0
    assert me["ailments"] == {"hunger": 1, "thirst": 1, "wagon_damage": 0}
    assert me["skulls"]["wagon_damage"] == 1
    assert me["status"] == "traveler"
    assert t.view()["phase"].endswith("travel")


def test_sacrifice_must_remove_four_when_four_are_there(client):
    """ "At any time during their turn, Players may Sacrifice a Companion in order to remove four Ailment
    tokens currently on their Player board.\""""
    t = Table(client, position(p1=board("B2", hunger=3, thirst=2), p2=board(), p3=board()))
    t.refused(
        {"type": "sacrifice", "player": "p1", "remove": {"hunger": 1}, "skull": "thirst"},
        "remove four Ailment tokens",
    )
    assert t.p("p1")["companions"] == 4


def test_sacrifice_up_to_four_by_quick_reference_ruling(client):
    """Quick Reference: "Sacrificing a Companion allows you to remove up to four Ailment tokens from your
    board.\""""
    t = Table(
        client,
        position(p1=board("B2", hunger=3, thirst=2), p2=board(), p3=board()),
        options={"sacrifice_removes": "up_to_four"},
    )
    t.ok({"type": "sacrifice", "player": "p1", "remove": {"hunger": 1}, "skull": "thirst"})
    assert t.p("p1")["ailments"]["hunger"] == 2
    assert t.p("p1")["companions"] == 3


def test_sacrifice_out_of_turn_is_refused(client):
    """ "You can Sacrifice a Companion at any time during your turn.\""""
    t = Table(client, position(p1=board("B2"), p2=board("B2", hunger=3, thirst=1), p3=board()))
    r = t.post({"type": "sacrifice", "player": "p2", "remove": {"hunger": 3, "thirst": 1}, "skull": "hunger"})
    assert r.status_code == 422
    assert all(q in BOOK for q in quote_of(r))
    assert any("during their turn" in q or "during your turn" in q for q in quote_of(r))
    assert t.p("p2")["companions"] == 4


def test_a_skull_lowers_the_threshold(client):
    """ "For example in the below picture the Player now cannot gain more than two Wagon Damage tokens
    before another Companion perishes.\""""
    t = Table(
        client,
        position(
            "event",
            p1=board("A2", companions=3, skulls={"hunger": 0, "thirst": 0, "wagon_damage": 1}),
            p2=board(),
            p3=board(),
        ),
    )
    t.ok({"type": "event_card", "player": "p1", "card": "A hard road", "ailments": {"wagon_damage": 3}})
    assert t.p("p1")["companions"] == 2


# ---------------------------------------------------------------- The Ravenous


def ravenous(tile, hunger=1):
    return {"tile": tile, "status": "ravenous", "hunger": hunger, "companions": 0}


def test_ravenous_turn_example(client):
    """Ravenous Turn Example: moving two spaces across a face-down tile which they do not flip, "They
    roll a Worth 1 giving them a Combat Result of one.", losing to a Worth 2, retreating to "the
    face-down tile they crossed during their Movement Phase", and "They add one Hunger token to their
    Player board and end their turn.\""""
    terrain = [dict(t, trading_post=False) if t["name"] == "B1" else t for t in TERRAIN]
    t = Table(
        client,
        position("ravenous_movement", current="p2", p1=board("A1"), p2=ravenous("B1"), p3=board()),
        options={"terrain": terrain},
    )
    t.ok({"type": "ravenous_move", "player": "p2", "path": ["FD", "A1"]})
    assert t.state["tiles"]["FD"]["face_up"] is False
    t.ok({"type": "ravenous_attack", "player": "p2", "target": "p1", "dice": [1], "target_dice": [2]})
    assert t.view()["phase"].endswith("retreat")
    assert t.p("p1")["companions"] == 4
    t.ok({"type": "retreat", "player": "p2", "to": "FD"})
    me = t.p("p2")
    assert me["tile"] == "FD" and me["hunger"] == 2
    assert t.state["tiles"]["FD"]["face_up"] is False
    assert t.state["current"] == "p3"


def test_ravenous_moves_at_most_two_tiles(client):
    """ "During the Movement Phase, Ravenous Players may move up to two tiles per turn.\""""
    t = Table(
        client, position("ravenous_movement", current="p2", p1=board("A1"), p2=ravenous("A2"), p3=board())
    )
    t.refused({"type": "ravenous_move", "player": "p2", "path": ["B2", "B1", "FD"]}, "up to two tiles")


def test_ravenous_cannot_move_onto_a_trading_post_or_a_city(client):
    """ "Ravenous Travelers cannot move onto Trading Post tiles, Cedar Falls or Newhaven.\""""
    t = Table(
        client, position("ravenous_movement", current="p2", p1=board("A1"), p2=ravenous("B2"), p3=board())
    )
    for path in (["B1"], ["NH"], ["A2", "CF"]):
        t.refused(
            {"type": "ravenous_move", "player": "p2", "path": path}, "cannot move onto Trading Post tiles"
        )
    assert t.p("p2")["tile"] == "B2"


def test_ravenous_rolls_one_die_per_hunger(client):
    """ "The number of dice a Ravenous Traveler rolls during Combat is one die for each Hunger token
    currently on their Player board.\""""
    t = Table(
        client,
        position("ravenous_combat", current="p2", p1=board("A2"), p2=ravenous("A2", hunger=2), p3=board()),
    )
    t.refused(
        {"type": "ravenous_attack", "player": "p2", "target": "p1", "dice": [2], "target_dice": [0]},
        "one die for each Hunger token",
    )


def test_ravenous_win_heals_a_hunger_and_kills_a_companion_and_attacks_each_once(client):
    """ "The Ravenous Traveler immediately removes one Hunger from their Player board, and the losing
    Traveler discards a Companion from their Player board." and "They may only attack each Player once
    per turn.\""""
    t = Table(
        client,
        position(
            "ravenous_combat", current="p2", p1=board("A2"), p2=ravenous("A2", hunger=2), p3=board("A2")
        ),
    )
    t.ok({"type": "ravenous_attack", "player": "p2", "target": "p1", "dice": [2, 1], "target_dice": [1]})
    assert t.p("p2")["hunger"] == 1
    assert t.p("p1")["companions"] == 3
    assert t.view()["phase"].endswith("combat")
    t.refused(
        {"type": "ravenous_attack", "player": "p2", "target": "p1", "dice": [2], "target_dice": [0]},
        "only attack each Player once per turn",
    )
    t.ok({"type": "ravenous_attack", "player": "p2", "target": "p3", "dice": [1], "target_dice": [1]})
    assert t.p("p3")["companions"] == 4 and t.p("p2")["hunger"] == 1


def test_ravenous_only_attacks_on_its_own_tile(client):
    """ "During the Combat Phase a Ravenous Traveler may initiate Combat against each opponent on their
    current tile.\""""
    t = Table(
        client, position("ravenous_combat", current="p2", p1=board("A1"), p2=ravenous("A2"), p3=board())
    )
    t.refused(
        {"type": "ravenous_attack", "player": "p2", "target": "p1", "dice": [2], "target_dice": [0]},
        "on their current tile",
    )


def test_ravenous_retreat_must_move_to_an_adjacent_allowed_tile(client):
    """ "After the Combat Phase, Ravenous Travelers must move to an adjacent tile, following their
    movement rules and restrictions.\""""
    t = Table(
        client, position("ravenous_retreat", current="p2", p1=board("A1"), p2=ravenous("B2"), p3=board())
    )
    r = t.post({"type": "retreat", "player": "p2", "to": "B1"})
    assert r.status_code == 422 and all(q in BOOK for q in quote_of(r))
    r = t.post({"type": "retreat", "player": "p2", "to": "A1"})
    assert r.status_code == 422 and all(q in BOOK for q in quote_of(r))
    t.ok({"type": "retreat", "player": "p2", "to": "A2"})
    assert t.p("p2")["tile"] == "A2"


def test_fourth_hunger_takes_the_ravenous_out(client):
    """ "Note: If a Ravenous Traveler adds a fourth Hunger token to their Player board, either by losing
    Combat, or by gaining a Hunger token at the start of their turn, they have perished and they are
    out of the game.\""""
    t = Table(
        client,
        position("ravenous_retreat", current="p2", p1=board("A1"), p2=ravenous("B2", hunger=3), p3=board()),
    )
    t.ok({"type": "retreat", "player": "p2", "to": "A2"})
    assert t.p("p2")["status"] == "out"
    assert t.state["current"] == "p3"


def test_revealing_a_trading_post_under_a_ravenous_moves_it_and_adds_hunger(client):
    """ "NOTE: If a Ravenous Traveler is on a face-down tile and another Traveler flips it to reveal a
    Trading Post tile, the Ravenous Traveler immediately moves to an adjacent tile and adds one Hunger
    to their Player board.\""""
    t = Table(client, position(p1=board("A1", food=2, water=1, wood=3), p2=ravenous("FD"), p3=board()))
    t.ok(
        {
            "type": "travel",
            "player": "p1",
            "to": "FD",
            "reveal": {
                "kind": "Desert",
                "resources": ["water"],
                "travel_cost": {"water": 1},
                "trading_post": True,
            },
            "ravenous_moves": {"p2": "A1"},
        }
    )
    assert t.p("p2")["tile"] == "A1"
    assert t.p("p2")["hunger"] == 2


def test_event_cards_do_not_affect_the_ravenous(client):
    """FAQ: "A: No, Event cards do not affect you.\""""
    t = Table(client, position("event", p1=board("A2"), p2=ravenous("A2"), p3=board()))
    r = t.post(
        {
            "type": "event_card",
            "player": "p1",
            "card": "Wolves",
            "others": {"p2": {"ailments": {"hunger": 1}}},
        }
    )
    assert r.status_code == 422
    assert any("Event cards do not affect you" in q for q in quote_of(r))
    assert t.p("p2")["hunger"] == 1


# ---------------------------------------------------------------- Rounds, Seasons, end of game


def test_first_player_resolves_the_season_card(client):
    """ "At the beginning of each round the First Player will draw the top Season card, read it aloud and
    resolve it." and "all the tokens that are listed on the card are to be immediately added to the
    Exploration Bag from the Stockpile.\""""
    pos = position("season", current=None, p1=board(), p2=board(), p3=board())
    t = Table(client, pos)
    r = t.post({"type": "season", "player": "p2", "card": "Spring thaw", "season": "spring"})
    assert r.status_code == 422 and all(q in BOOK for q in quote_of(r))
    t.ok(
        {
            "type": "season",
            "player": "p1",
            "card": "Spring thaw",
            "season": "spring",
            "add_to_bag": {"water": 2},
            "place": [{"tile": "A2", "food": 1}],
        }
    )
    assert t.state["bag"]["water"] == 5
    assert t.state["season_deck"] == 10
    assert t.state["tiles"]["A2"]["placed"]["food"] == 1
    assert t.state["current"] == "p1"
    assert t.view()["phase"].endswith("travel")


def test_the_first_player_token_passes_left_at_the_end_of_the_round(client):
    """ "The First-Player token moves to the Player on their left.\""""
    pos = position("event", current="p3", p1=board(), p2=board(), p3=board("A2"))
    t = Table(client, pos)
    t.ok({"type": "event_card", "player": "p3", "card": "Quiet night"})
    assert t.state["first_player"] == "p2"
    assert t.view()["phase"] == "season"


def test_winter_sets_in_when_the_season_deck_is_empty(client):
    """ "If a new round begins but there are no cards left in the Season deck then all Travelers
    remaining on the Game Board perish and the game is over.\""""
    pos = position("event", current="p3", p1=board("A1"), p2=board("A2"), p3=board("A2"))
    pos["season_deck"] = 0
    del pos["round"]  # the round follows from the cards left
    t = Table(client, pos)
    t.ok({"type": "event_card", "player": "p3", "card": "Quiet night"})
    v = t.view()
    assert v["over"] is True
    assert v["scores"]["final"] is True
    assert "Season deck" in v["scores"]["decided_by"]["rule"]["quote"]


def test_reaching_newhaven_wins(client):
    """ "The first Player to reach Newhaven is the winner.\""""
    t = Table(client, position(p1=board("B2", water=1, wood=1), p2=board(), p3=board()))
    t.ok({"type": "travel", "player": "p1", "to": "NH"})
    v = t.view()
    assert v["state"]["players"]["p1"]["status"] == "arrived"
    assert v["over"] is True
    assert "first Player to reach Newhaven is the winner" in v["scores"]["decided_by"]["rule"]["quote"]
    assert "Ann" in v["scores"]["decided_by"]["text"]


def test_all_travelers_ravenous_ends_the_game(client):
    """ "If all Travelers turn Ravenous, the game is over.\""""
    pos = position(
        "event", current="p1", p1=board("A2", thirst=3, companions=0), p2=ravenous("B2"), p3=ravenous("A1")
    )
    t = Table(client, pos)
    t.ok({"type": "event_card", "player": "p1", "card": "A hard road", "ailments": {"thirst": 1}})
    v = t.view()
    assert v["over"] is True
    assert "all Travelers turn Ravenous" in v["scores"]["decided_by"]["rule"]["quote"]
