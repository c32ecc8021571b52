"""We Forlorn Few: a fifth independent audit (session 9), written from the rulebook first (the
scenarios listed before the referee was read), then played through the HTTP API only, where the
four earlier rounds were thin: the one printed Event card's own text, an Event card that turns the
active Traveler Ravenous part-way (table ruling `card_after_ravenous`), Season cards placing
Equipment and Bag Draw tokens, Travelers chosen at setup, a Traveler turned Ravenous in another
Player's turn, "what can be done next" (`legal`) at each kind of point in a game, the quote of each
refusal, what each seat sees, and whole games from the setup to the end at one to five Players,
checked against the calculator on the same final table. Each docstring quotes its rule."""

import pytest

from tests.api_table import ApiTable, calculated
from tests.test_we_forlorn_few_audit import (
    BOOK,
    HOLSTER,
    PISTOL,
    SNARE,
    TERRAIN,
    Table,
    board,
    position,
    quote_of,
)
from tests.test_we_forlorn_few_audit_2 import OFFER, RIFLE, phase, ravenous

HERD = "A herd like that would fetch enough money to kill for."
Q_HERD = ("Its instructions read: Make a Combat roll. Worth 2: add two Food tokens. Worth 1: add one "
          "Food token. Worth 0: a Companion perishes. Then draw one token from the Exploration Bag.")
Q_TURN_ENDS = "If it is currently their turn, they must end their turn immediately."
Q_EVENT_BEFORE_END = "The Active Player must draw and resolve an Event card before ending their turn."
Q_SACRIFICE = ("At any time during their turn, Players may Sacrifice a Companion in order to remove "
               "four Ailment tokens currently on their Player board.")
Q_WINTER = ("If a new round begins but there are no cards left in the Season deck then all "
            "Travelers remaining on the Game Board perish and the game is over.")
Q_FIRST = "The first Player to reach Newhaven is the winner."
Q_ALL_RAVENOUS = "If all Travelers turn Ravenous, the game is over."
Q_SELECTS = ("Starting with the First Player and moving to the left, each Player selects which "
             "Traveler they are going to play.")
SEASONS = ["spring"] * 3 + ["summer"] * 3 + ["fall"] * 3 + ["winter"] * 3
NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve")


@pytest.fixture
def client(module_client):
    """One app and database for the whole file (each scenario starts its own session)."""
    return module_client


def test_the_quotes_are_the_books():
    for quote in (Q_HERD, Q_TURN_ENDS, Q_EVENT_BEFORE_END, Q_SACRIFICE, Q_WINTER, Q_FIRST,
                  Q_ALL_RAVENOUS, Q_SELECTS):
        assert quote in BOOK


class NewTable(Table):
    """A game from its setup (no position): every Traveler at Cedar Falls, the Season card first."""

    def __init__(self, client, players, options=None):
        opts = {"terrain": TERRAIN, **(options or {})}
        ApiTable.__init__(self, client, {"game": "we-forlorn-few", "players": list(players),
                                         "options": opts})
        self.body = self.created


def legal(t):
    return t.view()["legal"]


def listed(t, event):
    """The legal entry `event` is: every field the entry fills equals the event's (zero counts
    ignored), and the event's other fields are among those the entry leaves open."""
    def same(a, b):
        if isinstance(a, dict) and isinstance(b, dict):
            return {k: v for k, v in a.items() if v} == {k: v for k, v in b.items() if v}
        return a == b
    for entry in legal(t):
        filled = {k: v for k, v in entry.items() if k != "open"}
        if all(same(v, event.get(k)) for k, v in filled.items()) and \
                set(event) - set(filled) <= set(entry.get("open", ())):
            return entry
    return None


def types_listed(t):
    return {entry["type"] for entry in legal(t)}


# ---------------------------------------------------------------- the printed Event card


def test_the_printed_card_worth_zero_kills_the_last_companion_and_nothing_is_drawn(client):
    """The card: "Worth 0: a Companion perishes. Then draw one token from the Exploration Bag." and
    "If a Player is required to have a Companion perish, but they have no remaining Companion tokens
    on their Player Board, their Traveler turns Ravenous" — "If it is currently their turn, they must
    end their turn immediately.": Ann, with no Companion left, rolls Worth 0 and 0 (Pistol: two
    dice): she turns Ravenous with one Hunger, the bag is not drawn from, and Bob's turn begins."""
    t = Table(client, position("event", p1=board("A1", companions=0, equipment=[PISTOL]),
                               p2=board(), p3=board()))
    bag = dict(t.state["bag"])
    t.ok({"type": "event_card", "player": "p1", "card": HERD, "dice": [0, 0]})
    ann = t.p("p1")
    assert ann["status"] == "ravenous" and ann["hunger"] == 1
    assert t.state["bag"] == bag
    assert t.state["current"] == "p2" and phase(t).endswith("travel")


def test_the_printed_card_worth_one_cannot_be_entered_as_two_food(client):
    """ "Worth 1: add one Food token." Ann rolls Worth 1 and Worth 0 (the highest counts: Worth 1)
    and claims two Food: refused; one Food is the card."""
    t = Table(client, position("event", p1=board("A1", food=0, equipment=[PISTOL]), p2=board(),
                               p3=board()))
    t.refused({"type": "event_card", "player": "p1", "card": HERD, "dice": [1, 0],
               "gain": {"food": 2}, "draws": ["water"]}, "Worth 1: add one Food token.")
    t.ok({"type": "event_card", "player": "p1", "card": HERD, "dice": [1, 0], "draws": ["water"]})
    assert t.p("p1")["resources"] == {"food": 1, "water": 2, "wood": 1}


def test_the_printed_card_without_its_bag_draw_is_refused(client):
    """ "Then draw one token from the Exploration Bag." (and "When an Event card contains this icon
    ..., the Player is to draw tokens from the Exploration Bag equal to the number on the icon."):
    the draw left out of a bag that holds tokens is refused; entered, it is made."""
    t = Table(client, position("event", p1=board("A1"), p2=board(), p3=board()))
    r = t.post({"type": "event_card", "player": "p1", "card": HERD, "dice": [2]})
    assert r.status_code == 422, r.get_json()
    assert quote_of(r)[0] == "Then draw one token from the Exploration Bag."
    assert all(q in BOOK for q in quote_of(r))
    assert t.p("p1")["resources"]["food"] == 1 and t.p("p1")["status"] == "traveler"
    t.ok({"type": "event_card", "player": "p1", "card": HERD, "dice": [2], "draws": ["hunger"]})
    assert t.p("p1")["resources"]["food"] == 3 and t.p("p1")["ailments"]["hunger"] == 1


def test_the_printed_card_into_a_full_supply_returns_the_food(client):
    """ "Anytime a Traveler receives a token or card that exceeds their Supply capacity, they must
    immediately discard either something from their Supply to make space, or return the newly
    acquired item to the Stockpile." Ann holds six Resources; Worth 2 adds two Food: both return
    (nothing named to discard), and the Wood drawn returns too."""
    t = Table(client, position("event", p1=board("A1", food=2, water=2, wood=2), p2=board(),
                               p3=board()))
    t.ok({"type": "event_card", "player": "p1", "card": HERD, "dice": [2], "draws": ["wood"]})
    assert t.p("p1")["resources"] == {"food": 2, "water": 2, "wood": 2}


def test_the_printed_card_counts_two_pistols(client):
    """ "Make a Combat roll." — "They roll one die as standard and add additional dice if they
    have Equipment cards that allow them to do so." With two Pistols (the Combat example: three
    dice), the card is rolled with three dice; two are refused."""
    t = Table(client, position("event", p1=board("A1", equipment=[PISTOL, PISTOL]), p2=board(),
                               p3=board()))
    t.refused({"type": "event_card", "player": "p1", "card": HERD, "dice": [2, 1],
               "draws": ["food"]}, "add additional dice if they have Equipment cards")
    t.ok({"type": "event_card", "player": "p1", "card": HERD, "dice": [0, 1, 0],
          "draws": ["food"]})
    assert t.p("p1")["resources"]["food"] == 3


# ---------------------------------------------------------------- an Event card part-way


CARD_HITS_ALL = {"type": "event_card", "player": "p1", "card": "Fever in the camp",
                 "ailments": {"hunger": 2}, "others": {"p2": {"ailments": {"thirst": 1}}}}


def test_an_event_card_stops_when_the_active_traveler_turns_ravenous_by_default(client):
    """Table ruling `card_after_ravenous`, default "stops": "If it is currently their turn, they
    must end their turn immediately." Ann (3 Hunger, no Companion) takes two more from a card that
    then gives Bob one Thirst: Ann turns Ravenous on the first token over the limit and her turn
    ends there; the rest of the card (Bob's Thirst) is not resolved."""
    t = Table(client, position("event", p1=board("A1", companions=0, hunger=3), p2=board(),
                               p3=board()))
    t.ok(CARD_HITS_ALL)
    assert t.p("p1")["status"] == "ravenous"
    assert t.p("p2")["ailments"]["thirst"] == 0
    assert t.state["current"] == "p2"


def test_an_event_card_still_hits_the_others_by_ruling(client):
    """Table ruling `card_after_ravenous` = "completes": "The Active Player must draw and resolve an
    Event card before ending their turn." — the card is completed for the other Players (its
    effects on Ann end: "Event cards do not affect you"). Bob takes the Thirst."""
    t = Table(client, position("event", p1=board("A1", companions=0, hunger=3), p2=board(),
                               p3=board()), options={"card_after_ravenous": "completes"})
    t.ok(CARD_HITS_ALL)
    assert t.p("p1")["status"] == "ravenous"
    assert t.p("p2")["ailments"]["thirst"] == 1


def test_an_event_card_that_hits_the_others_first_is_resolved_for_them(client):
    """A card whose text acts on the other Players before the active one (`others_first`): what it
    did to them came before Ann turned Ravenous, so it stands under either reading."""
    t = Table(client, position("event", p1=board("A1", companions=0, hunger=3), p2=board(),
                               p3=board()))
    t.ok({**CARD_HITS_ALL, "others_first": True})
    assert t.p("p1")["status"] == "ravenous"
    assert t.p("p2")["ailments"]["thirst"] == 1


def test_the_card_after_ravenous_ruling_cites_both_sides(client):
    """A table ruling names both passages: the turn ending at once, and the card resolved."""
    option = client.get("/api/games/we-forlorn-few").get_json()["options"]["card_after_ravenous"]
    quotes = [rule["quote"] for rule in option["rules"]]
    assert option["default"] == "stops"
    assert any(Q_TURN_ENDS in q for q in quotes) and any(Q_EVENT_BEFORE_END in q for q in quotes)


def test_a_traveler_turned_ravenous_in_anothers_turn_plays_a_ravenous_turn(client):
    """Turning Ravenous: "They then add one Hunger token to their Player board. If it is currently
    their turn, they must end their turn immediately." — it is not Bob's turn: Ann's Event card
    turns Bob (no Companion, 3 Thirst) Ravenous; Ann's turn ends as usual, and Bob's turn this
    round is a Ravenous one (Movement Phase), with one Hunger."""
    t = Table(client, position("event", p1=board("A1"), p2=board("A2", companions=0, thirst=3),
                               p3=board()))
    t.ok({"type": "event_card", "player": "p1", "card": "Bad water",
          "others": {"p2": {"ailments": {"thirst": 1}}}})
    assert t.p("p2")["status"] == "ravenous" and t.p("p2")["hunger"] == 1
    assert t.state["current"] == "p2" and phase(t) == "ravenous_movement"
    assert types_listed(t) == {"ravenous_move"}


def test_an_event_card_cannot_touch_a_player_in_newhaven(client):
    """ "Once a Traveler reaches Newhaven their journey is over and they have completed the game."
    (game_ends_at all_journeys): an Event card's effect on Bob, who arrived, is refused."""
    pos = position("event", p1=board("A1"), p2=board("NH", status="arrived"), p3=board())
    pos["arrivals"] = ["p2"]
    t = Table(client, pos, options={"game_ends_at": "all_journeys"})
    t.refused({"type": "event_card", "player": "p1", "card": "Bad water",
               "others": {"p2": {"ailments": {"thirst": 1}}}}, "their journey is over")


# ---------------------------------------------------------------- Season cards on the board


def test_a_season_card_places_equipment_that_the_next_traveler_there_picks_up(client):
    """Season Effect: "...placing tokens or Equipment cards on specific tiles." and Placed Items:
    "When a Player travels to, or is moved to, a Terrain tile that has any tokens and/or cards
    placed on it, they immediately add everything currently on the tile to their Player board."
    A Snare placed on A2 by the Season card goes to Ann when she travels there, and gives its Food
    at her Gathering Phase."""
    t = Table(client, position("season", current=None, p1=board(food=1, water=1, wood=0),
                               p2=board(), p3=board()))
    t.ok({"type": "season", "player": "p1", "card": "Abandoned wagon", "season": "spring",
          "place": [{"tile": "A2", "equipment": [SNARE]}]})
    t.ok({"type": "travel", "player": "p1", "to": "A2"})
    assert [c["name"] for c in t.p("p1")["equipment"]] == ["Snare"]
    assert t.state["tiles"]["A2"]["placed"]["equipment"] == []
    t.ok({"type": "skip_gathering", "player": "p1"})
    assert t.p("p1")["resources"]["food"] == 1


def test_a_season_card_adds_to_the_bag_before_anyone_draws(client):
    """ "When resolving a Season card, all the tokens that are listed on the card are to be
    immediately added to the Exploration Bag from the Stockpile." An empty bag gets two Thirst;
    Ann's Explore the same round draws one of them."""
    pos = position("season", current=None, p1=board(), p2=board(), p3=board())
    pos["bag"] = {"food": 0, "water": 0, "wood": 0, "hunger": 0, "thirst": 0, "wagon_damage": 0}
    t = Table(client, pos)
    t.ok({"type": "season", "player": "p1", "card": "Dry spell", "season": "spring",
          "add_to_bag": {"thirst": 2}})
    assert t.state["bag"]["thirst"] == 2
    assert listed(t, {"type": "explore", "player": "p1", "draw": "thirst"}) is None  # travel first
    t.ok({"type": "stay", "player": "p1"})
    assert listed(t, {"type": "explore", "player": "p1", "draw": "thirst"})
    assert listed(t, {"type": "explore", "player": "p1", "draw": "food"}) is None
    t.ok({"type": "explore", "player": "p1", "draw": "thirst"})
    assert t.p("p1")["ailments"]["thirst"] == 1 and t.state["bag"]["thirst"] == 1


def test_a_summer_card_in_the_third_round_is_refused(client):
    """ "Spring on top followed by Summer, Fall and then Winter on the bottom of the deck." — three
    of each: the third round's card is still a Spring card."""
    pos = position("season", current=None, p1=board(), p2=board(), p3=board())
    pos.update(round=3, season_deck=10)
    t = Table(client, pos)
    t.refused({"type": "season", "player": "p1", "card": "Heat", "season": "summer"},
              "Spring on top followed by Summer")
    t.ok({"type": "season", "player": "p1", "card": "Late frost", "season": "spring"})


# ---------------------------------------------------------------- Travelers at setup


def test_two_players_cannot_play_the_same_traveler(client):
    """ "Starting with the First Player and moving to the left, each Player selects which Traveler
    they are going to play." — one Player board per Traveler (5 double-sided Player boards): Bob
    cannot also be The Sheriff's Daughter."""
    sheriff = {"name": "The Sheriff's Daughter", "equipment": [PISTOL, {
        "name": "Holster", "type": "storage", "value": 1, "holds": {"tool": 0, "weapon": 1}}]}
    r = client.post("/api/sessions", json={
        "game": "we-forlorn-few", "players": ["Ann", "Bob"],
        "options": {"terrain": TERRAIN, "travelers": {"p1": sheriff, "p2": sheriff}}})
    assert r.status_code == 400, r.get_json()
    assert "different Traveler" in r.get_json()["error"]["message"]


def test_the_setup_gives_each_traveler_four_companions_and_one_of_each_resource(client):
    """Traveler Setup: "place their Traveler's corresponding piece on the Cedar Falls tile", "four
    Companion tokens", "one Food, one Water and one Wood"; the First Player resolves the first
    Season card."""
    t = NewTable(client, NAMES[:4], options={"first_player": "p3"})
    for seat in ("p1", "p2", "p3", "p4"):
        me = t.p(seat)
        assert (me["tile"], me["companions"], me["resources"]) == \
            ("CF", 4, {"food": 1, "water": 1, "wood": 1})
        assert not any(me["ailments"].values())
    assert phase(t) == "season" and legal(t)[0]["player"] == "p3"
    assert t.state["season_deck"] == 12


# ---------------------------------------------------------------- what can be done next


def test_the_steal_lists_a_sacrifice_for_the_active_winner(client):
    """ "At any time during their turn, Players may Sacrifice a Companion..." — Ann won her Combat
    and steals: a Sacrifice is hers to make now (it is accepted), so it is listed with the steals."""
    t = Table(client, position("camp", p1=board("A1", hunger=2, thirst=2), p2=board("A1"),
                               p3=board()))
    t.ok({"type": "combat", "player": "p1", "target": "p2", "dice": [2], "target_dice": [0]})
    assert phase(t) == "turn_steal"
    sacrifice = {"type": "sacrifice", "player": "p1", "remove": {"hunger": 2, "thirst": 2},
                 "skull": "wagon_damage"}
    assert listed(t, sacrifice), legal(t)
    assert listed(t, {"type": "steal", "player": "p1", "take": {"food": 1, "wood": 1}})
    assert listed(t, {"type": "steal", "player": "p1", "take": {"food": 1, "wood": 2}}) is None
    t.ok(sacrifice)
    t.ok({"type": "steal", "player": "p1", "take": {"water": 1}})


def test_the_event_phase_lists_the_printed_card_and_an_open_card(client):
    """Event Phase: "The Active Player must draw and resolve an Event card before ending their
    turn." Listed: the printed card with each roll of Ann's dice (one: no Pistol) and each token the
    bag holds, and any other card with what it did left open — including Resources lost, Ailments
    removed and what it did to other Players, which cards may do ("The ONLY way to remove Ailments
    is by Recuperating, Sacrificing a Companion, or by an Event card effect.")."""
    pos = position("event", p1=board("A1", hunger=1), p2=board(), p3=board())
    pos["bag"] = {"food": 1, "water": 0, "wood": 0, "hunger": 1, "thirst": 0, "wagon_damage": 0}
    t = Table(client, pos)
    herd = [e for e in legal(t) if e.get("card") == HERD]
    assert sorted((e["dice"][0], e["draws"][0]) for e in herd) == \
        [(d, k) for d in (0, 1, 2) for k in ("food", "hunger")]
    other = next(e for e in legal(t) if e["type"] == "event_card" and "card" not in e)
    assert {"card", "lose", "remove_ailments", "others"} <= set(other["open"])
    removed = {"type": "event_card", "player": "p1", "card": "A kind stranger",
               "remove_ailments": {"hunger": 1}}
    assert listed(t, removed)
    t.ok(removed)
    assert t.p("p1")["ailments"]["hunger"] == 0


def test_the_camp_lists_each_action_left_and_whom_it_may_reach(client):
    """Camp Phase: "the Active Player may perform each of the following actions once in any order"
    — Trade with "other Players who are on the same Terrain tile, or on the Terrain tiles adjacent
    to them", Combat likewise, a Trading Post only on one. Ann on B1 (a Trading Post) next to Bob
    (A1) and far from Cleo (A2): trade and fight Bob, not Cleo; after her Trade, no second Trade
    is listed and one is refused."""
    t = Table(client, position("camp", p1=board("B1", hunger=1), p2=board("A1"), p3=board("A2")))
    assert types_listed(t) >= {"end_camp", "recuperate", "trade", "combat", "trading_post",
                               "sacrifice"}
    assert {e.get("with") or e.get("target") for e in legal(t)
            if e["type"] in ("trade", "combat")} == {"p2"}
    t.ok({"type": "trade", "player": "p1", "with": "p2", "give": {"food": 1}, "get": {"wood": 1},
          "accepted": True})
    assert "trade" not in types_listed(t)
    t.refused({"type": "trade", "player": "p1", "with": "p2", "accepted": False},
              "may perform each of the following actions once in any order")
    t.ok({"type": "end_camp", "player": "p1"})
    assert types_listed(t) <= {"event_card", "sacrifice"}


def test_the_travel_phase_lists_forward_backward_and_stay(client):
    """Travel Phase: "travel to an adjacent tile, travel backwards, or stay on current tile." Ann on
    B2 (Forest: one Water, one Wood to leave) with one Food only: each neighbour for Water + Wood
    taken as Thirst + Wagon Damage, backwards toward Cedar Falls refused (she has one Resource, not
    two) and not listed; staying is listed. What is listed is accepted."""
    t = Table(client, position(p1=board("B2", food=1, water=0, wood=0), p2=board(), p3=board()))
    entries = legal(t)
    assert {"type": "stay", "player": "p1"} in entries
    forward = [e for e in entries if e["type"] == "travel"]
    assert {e["to"] for e in forward} == {"A2", "B1", "NH"}
    assert all(not e.get("backward") for e in forward)
    assert all(e["ailments"] == {"thirst": 1, "wagon_damage": 1, "hunger": 0} or
               {k: v for k, v in e["ailments"].items() if v} == {"thirst": 1, "wagon_damage": 1}
               for e in forward)
    t.refused({"type": "travel", "player": "p1", "to": "A2", "backward": True, "pay": {"food": 1}},
              "by paying two Resource tokens of any type")
    t.ok(next(e for e in forward if e["to"] == "B1"))
    assert t.p("p1")["tile"] == "B1" and t.p("p1")["ailments"]["thirst"] == 1


def test_the_ravenous_phases_list_what_the_book_allows(client):
    """Movement: "up to two tiles", never "onto Trading Post tiles, Cedar Falls or Newhaven";
    Combat: "against each opponent on their current tile", "only attack each Player once per turn";
    Retreat: "must move to an adjacent tile". Bob (Ravenous, 2 Hunger) on A2: no path through CF or
    onto B1 (a Trading Post) or NH; on A1 with Ann he may attack her (two dice each roll for him),
    then only end the Combat; the Retreat lists A2 and FD, not B1 or CF."""
    t = Table(client, position("ravenous_movement", current="p2", p1=board("A1"),
                               p2=ravenous("A2", 2), p3=board("B2")))
    paths = [tuple(e["path"]) for e in legal(t)]
    assert () in paths and ("A1",) in paths and ("B2",) in paths and ("A1", "FD") in paths
    assert not any(set(p) & {"CF", "B1", "NH"} for p in paths)
    assert all(len(p) <= 2 for p in paths)
    t.ok({"type": "ravenous_move", "player": "p2", "path": ["A1"]})
    attacks = [e for e in legal(t) if e["type"] == "ravenous_attack"]
    assert {e["target"] for e in attacks} == {"p1"} and all(len(e["dice"]) == 2 for e in attacks)
    t.ok({"type": "ravenous_attack", "player": "p2", "target": "p1", "dice": [1, 1],
          "target_dice": [1]})
    assert types_listed(t) == {"end_combat"}
    t.ok({"type": "end_combat", "player": "p2"})
    assert {e["to"] for e in legal(t)} == {"A2", "FD"}


def test_nothing_is_listed_once_the_game_is_over(client):
    """ "The first Player to reach Newhaven is the winner." — the game is over: nothing to do."""
    t = Table(client, position(p1=board("B2", water=1, wood=1), p2=board(), p3=board()))
    t.ok({"type": "travel", "player": "p1", "to": "NH"})
    view = t.view()
    assert view["over"] is True and view["legal"] == []


# ---------------------------------------------------------------- what each seat sees


def test_every_seat_and_a_spectator_see_the_same_open_table(client):
    """Nothing on a We Forlorn Few table is one Player's secret: the boards, Supplies and tiles are
    open, the decks are face down for everyone (the referee keeps no deck order), and "At no time may
    a Player look into the Exploration Bag." holds for all alike: every tile token put in was read
    aloud from a Season card and every draw goes onto an open board. Each seat, a spectator and the
    table read the same state."""
    t = Table(client, position(p1=board("A1"), p2=board(), p3=board()))
    table = t.view()["state"]
    for seat in ("p1", "p2", "p3"):
        assert t.view(seat)["state"] == table
    spectator = client.get(f"/api/sessions/{t.id}").get_json()
    assert spectator["state"] == table
    assert not {"event_deck", "equipment_deck", "season_cards"} & set(table)


# ---------------------------------------------------------------- whole games, one to five Players
# The trail: CF - A2 (Prairie) - B2 (Forest) - NH, three tiles to cross. Each Traveler starts with
# one Food, Water and Wood: CF's cost (Food + Water), a Worth 2 Gather of Food + Water on A2, A2's
# cost (Food + Wood), a Worth 2 Gather of two Wood on B2, B2's cost (Water + Wood): no Ailment.
ROUTE = {"CF": ("A2", ["food", "water"]), "A2": ("B2", ["wood", "wood"]), "B2": ("NH", None)}
QUIET = "A quiet road"  # an Event card entered as printed: it does nothing


def chosen(t, **fields):
    """Enter the listed event that has these fields (the first listed): what is listed is
    accepted."""
    entry = next((e for e in legal(t) if all(e.get(k) == v for k, v in fields.items())), None)
    assert entry is not None and "open" not in entry, (fields, legal(t))
    return t.ok(entry)


def season(t, seat, n):
    """The First Player resolves the round's Season card (`n`-th of the deck): only they may."""
    assert legal(t) == [{"type": "season", "player": seat,
                         "open": ["card", "season", "add_to_bag", "place", "remove_tiles",
                                  "relocate", "draws"]}]
    t.ok({"type": "season", "player": seat, "card": f"Card {n}", "season": SEASONS[n - 1]})


def journey_turn(t, seat, travel=True, card=None):
    """One Traveler's turn along ROUTE: travel (or stay), Gather as planned (or skip), Camp done,
    the Event card. Each event is one of those listed."""
    here = t.p(seat)["tile"]
    to, take = ROUTE[here]
    if travel:
        chosen(t, type="travel", player=seat, to=to)
        if to == "NH":
            return
        take = ROUTE[to][1]
    else:
        chosen(t, type="stay", player=seat)
    if take and travel:
        chosen(t, type="gather", player=seat, roll=2, take=take)
    else:
        chosen(t, type="skip_gathering", player=seat)
    chosen(t, type="end_camp", player=seat)
    event = card or {"type": "event_card", "player": seat, "card": QUIET}
    assert listed(t, event), legal(t)
    t.ok(event)


def final_sheet(t, **extra):
    """The calculator's tallies read off the final table."""
    players = []
    for entry in t.view()["players"]:
        me = t.p(entry["seat"])
        tally = {"name": entry["name"], "status": me["status"]}
        if me["status"] == "traveler":
            tally.update(companions=me["companions"], tiles_to_go=3 - t.state["tiles"][me["tile"]]["ring"])
        if me["status"] == "arrived" and len(t.state["arrivals"]) > 1:
            tally["arrived"] = t.state["arrivals"].index(entry["seat"]) + 1
        players.append(tally)
    return {"crossing": 3, "players": players, **extra}


def test_a_solo_game_to_winter(client):
    """A solo Traveler (one Player board) stays out in the wilderness: twelve rounds, each with its
    Season card in the deck's order (three Spring, Summer, Fall, Winter), then "If a new round
    begins but there are no cards left in the Season deck then all Travelers remaining on the Game
    Board perish and the game is over." Nobody reached Newhaven: no winner, the live standings and
    the calculator (told Winter came) agree."""
    t = NewTable(client, NAMES[:1])
    for n in range(1, 13):
        season(t, "p1", n)
        journey_turn(t, "p1", travel=n == 1)
    view = t.view()
    assert view["over"] is True and view["legal"] == []
    assert t.p("p1")["status"] != "traveler" and t.state["season_deck"] == 0
    live = view["scores"]
    assert live["winners"] == [] and Q_WINTER in live["decided_by"]["rule"]["quote"]
    sheet = calculated(client, "we-forlorn-few",
                       {"crossing": 3, "winter": True,
                        "players": [{"name": "Ann", "status": "out"}]})
    assert sheet["winners"] == [] and sheet["decided_by"]["rule"]["quote"] == \
        live["decided_by"]["rule"]["quote"]


def test_a_two_player_game_the_token_passes_and_the_first_to_arrive_wins(client):
    """Two Players. "At the end of each round, it will pass to the Player to the left.": Bob
    resolves the second round's Season card and plays first (Ann's Season card is refused);
    in round three Ann, first again, reaches Newhaven first: "The first Player to reach Newhaven is
    the winner." (the game ends at once by default). The calculator on the same table agrees."""
    t = NewTable(client, NAMES[:2])
    season(t, "p1", 1)
    journey_turn(t, "p1")
    journey_turn(t, "p2")
    t.refused({"type": "season", "player": "p1", "card": "Card 2", "season": "spring"},
              "At the beginning of each round the First Player will draw the top Season card")
    season(t, "p2", 2)
    journey_turn(t, "p2")
    journey_turn(t, "p1")
    season(t, "p1", 3)
    journey_turn(t, "p1")
    view = t.view()
    assert view["over"] is True and view["scores"]["winners"] == ["p1"]
    sheet = calculated(client, "we-forlorn-few", final_sheet(t))
    assert sheet["winners"] == ["p1"]
    assert [p["total"] for p in sheet["players"]] == [p["total"] for p in view["scores"]["players"]]


def test_a_three_player_game_won_by_the_third_round_first_player(client):
    """Three Players: the First-Player token goes Ann, Bob, Cleo; in round three Cleo plays first
    and reaches Newhaven first, so Cleo wins though Ann started."""
    t = NewTable(client, NAMES[:3])
    for n, order in enumerate((("p1", "p2", "p3"), ("p2", "p3", "p1"), ("p3",)), start=1):
        season(t, order[0], n)
        for seat in order:
            journey_turn(t, seat)
    view = t.view()
    assert view["over"] is True and view["scores"]["winners"] == ["p3"]
    assert t.p("p1")["tile"] == "B2" and t.p("p3")["status"] == "arrived"
    sheet = calculated(client, "we-forlorn-few", final_sheet(t))
    assert sheet["winners"] == ["p3"] and sheet["decided_by"]["rule"]["quote"] == \
        view["scores"]["decided_by"]["rule"]["quote"]


def test_a_four_player_game_played_until_every_journey_is_over(client):
    """Four Players under `game_ends_at` = all_journeys: "We Forlorn Few ends when all Travelers'
    journeys have come to one of the following conclusions" — in round three Cleo arrives first,
    then Dan, Ann and Bob; the game ends with Bob's arrival and Cleo, the first, wins. The
    calculator, given the order of arrival, names her too."""
    t = NewTable(client, NAMES[:4], options={"game_ends_at": "all_journeys"})
    orders = (("p1", "p2", "p3", "p4"), ("p2", "p3", "p4", "p1"), ("p3", "p4", "p1", "p2"))
    for n, order in enumerate(orders, start=1):
        season(t, order[0], n)
        for seat in order:
            assert t.view()["over"] is False
            journey_turn(t, seat)
    view = t.view()
    assert view["over"] is True and t.state["arrivals"] == ["p3", "p4", "p1", "p2"]
    assert view["scores"]["winners"] == ["p3"]
    sheet = calculated(client, "we-forlorn-few", final_sheet(t))
    assert sheet["winners"] == ["p3"]


def test_a_five_player_game_where_every_traveler_turns_ravenous(client):
    """Five Players; an Event card takes five Companions from each (four perish, and then "If a
    Player is required to have a Companion perish, but they have no remaining Companion tokens on
    their Player Board, their Traveler turns Ravenous"). After Eve's card: "If all Travelers turn
    Ravenous, the game is over." — no winner, live and in the calculator."""
    t = NewTable(client, NAMES)
    season(t, "p1", 1)
    for seat in ("p1", "p2", "p3", "p4", "p5"):
        journey_turn(t, seat, card={"type": "event_card", "player": seat, "card": "Stampede",
                                    "perish": 5})
        assert t.p(seat)["status"] == "ravenous"
    view = t.view()
    assert view["over"] is True and view["scores"]["winners"] == []
    assert Q_ALL_RAVENOUS in view["scores"]["decided_by"]["rule"]["quote"]
    sheet = calculated(client, "we-forlorn-few", final_sheet(t))
    assert sheet["winners"] == [] and Q_ALL_RAVENOUS in sheet["decided_by"]["rule"]["quote"]


# ---------------------------------------------------------------- a Ravenous Player wins a Camp Combat


def test_a_ravenous_player_who_wins_a_camp_combat_feeds_by_default(client):
    """Table ruling `ravenous_wins_camp_combat`, default "feeds": "If the Ravenous Traveler wins a
    Combat: The Ravenous Traveler immediately removes one Hunger from their Player board, and the
    losing Traveler discards a Companion from their Player board." Ann attacks Bob (Ravenous, 2
    Hunger) and loses 0 to 2: Bob has 1 Hunger, Ann 3 Companions; there is nothing to steal, and
    Ann's Camp goes on (no second Combat)."""
    t = Table(client, position("camp", p1=board("A1"), p2=ravenous("A1", 2), p3=board()))
    t.ok({"type": "combat", "player": "p1", "target": "p2", "dice": [0], "target_dice": [1, 1]})
    assert t.p("p2")["hunger"] == 1 and t.p("p1")["companions"] == 3
    assert phase(t) == "turn_camp" and "combat" not in types_listed(t)


def test_a_ravenous_player_who_wins_a_camp_combat_takes_nothing_by_ruling(client):
    """`ravenous_wins_camp_combat` = "nothing": the outcomes belong to the Ravenous Combat Phase;
    a Camp Combat's winner "may steal ... from the losing Player's Supply" — a Ravenous Player
    keeps nothing. Nothing changes."""
    t = Table(client, position("camp", p1=board("A1"), p2=ravenous("A1", 2), p3=board()),
              options={"ravenous_wins_camp_combat": "nothing"})
    t.ok({"type": "combat", "player": "p1", "target": "p2", "dice": [0], "target_dice": [1, 1]})
    assert t.p("p2")["hunger"] == 2 and t.p("p1")["companions"] == 4


def test_losing_a_camp_combat_to_a_ravenous_player_with_no_companion_ends_the_turn(client):
    """Default rulings: Ann, with no Companion left, attacks the Ravenous Bob and loses: a Companion
    must perish and there is none, so she turns Ravenous — "If it is currently their turn, they
    must end their turn immediately." — no Event card; Bob's turn begins."""
    t = Table(client, position("camp", p1=board("A1", companions=0), p2=ravenous("A1", 2),
                               p3=board()))
    t.ok({"type": "combat", "player": "p1", "target": "p2", "dice": [0], "target_dice": [1, 0]})
    assert t.p("p1")["status"] == "ravenous" and t.p("p1")["hunger"] == 1
    assert t.state["current"] == "p2" and phase(t) == "ravenous_movement"


# ---------------------------------------------------------------- placed items and Season cards


def test_a_season_card_moving_a_traveler_onto_a_bag_draw_token_draws(client):
    """ "When a Player travels to, or is moved to, a Terrain tile that has any tokens and/or cards
    placed on it, they immediately add everything currently on the tile to their Player board." and
    "If a Player picks up one of these tokens, they must immediately draw from the Exploration
    Bag." A Season card removes A1 (Ann's tile) and places a Bag Draw token on A2, where it moves
    her: she draws (a Wood), and the token is gone."""
    t = Table(client, position("season", current=None, p1=board("A1", wood=0), p2=board(),
                               p3=board()))
    event = {"type": "season", "player": "p1", "card": "Flood", "season": "spring",
             "remove_tiles": ["A1"], "place": [{"tile": "A2", "bag_draw": 1}],
             "relocate": {"p1": "A2"}}
    r = t.post(event)
    assert r.status_code == 400 and r.get_json()["error"]["field"].startswith("event.draws")
    t.ok({**event, "draws": {"p1": ["wood"]}})
    assert t.p("p1")["tile"] == "A2" and t.p("p1")["resources"]["wood"] == 1
    assert t.state["tiles"]["A2"]["placed"]["bag_draw"] == 0 and t.state["bag"]["wood"] == 2


def test_items_placed_where_a_traveler_stands_wait_until_they_arrive_there(client):
    """Placed Items are picked up by a Player who "travels to, or is moved to" the tile: Food a
    Season card places on A1, where Ann already stands, stays on the tile when she stays; Bob, who
    travels there, picks it up."""
    t = Table(client, position("season", current=None, p1=board("A1"), p2=board("CF"),
                               p3=board()))
    t.ok({"type": "season", "player": "p1", "card": "Cache", "season": "spring",
          "place": [{"tile": "A1", "food": 2}]})
    assert t.p("p1")["resources"]["food"] == 1
    t.ok({"type": "stay", "player": "p1"})
    assert t.p("p1")["resources"]["food"] == 1 and t.state["tiles"]["A1"]["placed"]["food"] == 2
    t.ok({"type": "skip_gathering", "player": "p1"})
    t.ok({"type": "end_camp", "player": "p1"})
    t.ok({"type": "event_card", "player": "p1", "card": QUIET})
    t.ok({"type": "travel", "player": "p2", "to": "A1"})
    assert t.p("p2")["resources"]["food"] == 2  # paid one, picked up two


# ---------------------------------------------------------------- steals, player counts


def test_a_steal_into_a_full_supply_returns_what_does_not_fit(client):
    """ "...or return the newly acquired item to the Stockpile." Ann holds six Resources, wins 2
    to 0 and steals two Food: without a discard named, both go back to the Stockpile (Bob loses
    them all the same)."""
    t = Table(client, position("camp", p1=board("A1", food=2, water=2, wood=2),
                               p2=board("A1", food=2), p3=board()))
    t.ok({"type": "combat", "player": "p1", "target": "p2", "dice": [2], "target_dice": [0]})
    t.ok({"type": "steal", "player": "p1", "take": {"food": 2}})
    assert t.p("p1")["resources"] == {"food": 2, "water": 2, "wood": 2}
    assert t.p("p2")["resources"]["food"] == 0


def test_six_players_are_refused(client):
    """Components: "5 double-sided Player boards" — a sixth Player has no board."""
    r = client.post("/api/sessions", json={"game": "we-forlorn-few", "players": [*NAMES, "Fay"],
                                           "options": {"terrain": TERRAIN}})
    assert r.status_code == 400, r.get_json()


# ---------------------------------------------------------------- a Ravenous Player attacks another


def test_a_ravenous_player_may_attack_another_ravenous_player_by_default(client):
    """Table ruling `ravenous_attacks_ravenous`, default true: "During the Combat Phase a Ravenous
    Traveler may initiate Combat against each opponent on their current tile." Bob (Ravenous, 1
    Hunger) attacks Cleo (Ravenous, 2 Hunger: two dice) on A2 and wins 2 to 1: Bob's Hunger goes
    to 0; Cleo has no Companion to discard and keeps her 2 Hunger. It is listed before."""
    t = Table(client, position("ravenous_combat", current="p2", p1=board("A1"),
                               p2=ravenous("A2", 1), p3=ravenous("A2", 2)))
    attack = {"type": "ravenous_attack", "player": "p2", "target": "p3", "dice": [2],
              "target_dice": [1, 0]}
    assert listed(t, attack)
    t.ok(attack)
    assert t.p("p2")["hunger"] == 0 and t.p("p3")["hunger"] == 2
    assert t.p("p3")["status"] == "ravenous"


def test_ravenous_players_do_not_fight_each_other_by_ruling(client):
    """`ravenous_attacks_ravenous` = false: the Combat Outcomes are that "the losing Traveler
    discards a Companion" — only a Traveler is attacked. Refused with that sentence; not listed."""
    t = Table(client, position("ravenous_combat", current="p2", p1=board("A1"),
                               p2=ravenous("A2", 1), p3=ravenous("A2", 2)),
              options={"ravenous_attacks_ravenous": False})
    attack = {"type": "ravenous_attack", "player": "p2", "target": "p3", "dice": [2],
              "target_dice": [1, 0]}
    assert listed(t, attack) is None
    t.refused(attack, "the losing Traveler discards a Companion from their Player board.")


def test_paying_a_trading_post_with_a_card_one_lacks_quotes_affording(client):
    """ "You can Trade as much or as little as you wish provided you have enough Value to afford
    each item." Ann pays for the Snare with a Pistol she does not have: refused with that sentence
    (not the one saying what a card is worth)."""
    t = Table(client, position("camp", p1=board("B1"), p2=board(), p3=board()))
    error = t.refused({"type": "trading_post", "player": "p1", "offered": OFFER, "buy": ["Snare"],
                       "pay": {"equipment": ["Pistol"]}}, "provided you have enough Value")
    assert "Pistol" in error["error"]["message"]


# ---------------------------------------------------------------- Equipment bought together


def test_a_weapon_bought_with_a_holster_rides_on_it(client):
    """ "Storage cards can allow a Traveler to carry extra Tools and Weapons." and "Equipment cards
    must be stored in the slots which share the same type as the Equipment card". The Outpost
    Matriarch (her board entered with one slot of each type) has a Pistol and buys a Rifle and a
    Holster at once: the Rifle rides on the new Holster instead of going back to the deck she paid
    for it."""
    slots = {"tool": 1, "weapon": 1, "storage": 1}
    t = Table(client, position("camp", p1=board("B1", food=2, water=2, wood=2, equipment=[PISTOL]),
                               p2=board(), p3=board()),
              options={"travelers": {"p1": {"name": "The Outpost Matriarch",
                                            "equipment": [PISTOL], "slots": slots}}})
    t.ok({"type": "trading_post", "player": "p1", "offered": [RIFLE, HOLSTER, SNARE],
          "buy": ["Rifle", "Holster"], "pay": {"food": 2, "water": 2}})
    gear = t.p("p1")["equipment"]
    assert [c["name"] for c in gear] == ["Pistol", "Holster"]
    assert [c["name"] for c in gear[1]["stored"]] == ["Rifle"]


# ---------------------------------------------------------------- the table page


def test_the_table_page_lists_armed_combats_and_many_sacrifices(client):
    """The table page groups a long list of choices in steps (which target or roll first, then
    the rest). Every Traveler in the box starts armed (a Pistol), so a Camp next to another armed
    Traveler lists Combats of several dice a side, and a board with Ailments of each kind many
    Sacrifices: the page showed a 500 for both (a step's label compared a roll with the other
    side's missing one; a Sacrifice's step had no Skull track yet). A Ravenous attack on a Ravenous
    Player with two dice is listed too. A spectator sees the board without the moves."""
    positions = [
        position("camp", p1=board("A1", food=0, water=0, wood=0, hunger=2, thirst=2, wagon=1,
                                  equipment=[PISTOL]),
                 p2=board("A1", equipment=[PISTOL]), p3=board()),
        position("ravenous_combat", current="p2", p1=board("A1"), p2=ravenous("A2", 1),
                 p3=ravenous("A2", 2)),
    ]
    for pos in positions:
        t = Table(client, pos)
        assert client.get(f"/play/{t.id}").status_code == 200  # a spectator
        client.get(f"/play/{t.id}/join?token={t.token}")
        page = client.get(f"/play/{t.id}")
        assert page.status_code == 200
        assert "Attack " in page.text
    assert "Attack Cleo" in page.text


def test_travel_onto_a_face_down_tile_under_a_ravenous_player_leaves_the_move_open(client):
    """ "NOTE: If a Ravenous Traveler is on a face-down tile and another Traveler flips it to reveal
    a Trading Post tile, the Ravenous Traveler immediately moves to an adjacent tile and adds one
    Hunger to their Player board." Ann may travel onto FD, where Bob lies Ravenous: what the tile
    shows and, should it be a Trading Post, where Bob goes are left open in the listed travel;
    entered, it is accepted."""
    t = Table(client, position(p1=board("A1", food=1, water=1, wood=3), p2=ravenous("FD", 1),
                               p3=board()))
    entry = next(e for e in legal(t) if e.get("to") == "FD")
    assert set(entry["open"]) == {"reveal", "ravenous_moves"}
    t.ok({**{k: v for k, v in entry.items() if k != "open"},
          "reveal": {"kind": "Desert", "resources": ["water"], "travel_cost": {"water": 1},
                     "trading_post": True}, "ravenous_moves": {"p2": "A1"}})
    assert t.p("p2")["tile"] == "A1" and t.p("p2")["hunger"] == 2


def test_winter_standings_say_who_perished_to_winter_and_match_the_calculator(client):
    """ "If a new round begins but there are no cards left in the Season deck then all Travelers
    remaining on the Game Board perish and the game is over." Ann (a Traveler on A2) and Bob
    (Ravenous on B2) perish when Winter sets in, after Cleo's last turn; Dan went out earlier with
    his fourth Hunger. The standings say so, each with its own sentence, and the calculator given
    the same table (everyone out, Winter) gives the same totals and no winner."""
    pos = position("event", current="p3", p1=board("A2"), p2=ravenous("B2", 2), p3=board("B1"),
                   p4={"status": "out", "tile": None, "companions": 0})
    pos.update(season_deck=0, round=12, to_play=[])
    t = Table(client, pos, players=NAMES[:4])
    t.ok({"type": "event_card", "player": "p3", "card": QUIET})
    live = t.view()["scores"]
    assert live["winners"] == [] and Q_WINTER in live["decided_by"]["rule"]["quote"]
    out = {p["seat"]: next(b for b in p["breakdown"] if b["label"] == "Out of the game")
           for p in live["players"]}
    assert {seat for seat, line in out.items() if line["rule"]["quote"] == Q_WINTER} == \
        {"p1", "p2", "p3"}
    assert "fourth Hunger" in out["p4"]["rule"]["quote"]
    sheet = calculated(client, "we-forlorn-few", {
        "crossing": 3, "winter": True,
        "players": [{"name": name, "status": "out"} for name in NAMES[:4]]})
    assert [p["total"] for p in sheet["players"]] == [p["total"] for p in live["players"]]
    assert sheet["winners"] == []


def test_the_entrepreneur_starts_with_a_pistol_and_a_tool_box(client):
    """ "The Self-Made Entrepreneur: Pistol, Tool Box" and "Players then search the Equipment deck
    for the Starting Equipment listed on their Player board." Without the Tool Box the setup is
    refused; with it (a Tool giving Wood, as the table reads its card), Bob's first Gathering Phase
    begins with one Wood."""
    tool_box = {"name": "Tool Box", "type": "tool", "value": 2, "bonus": "wood"}
    body = {"game": "we-forlorn-few", "players": ["Ann", "Bob"],
            "options": {"terrain": TERRAIN, "travelers": {
                "p2": {"name": "The Self-Made Entrepreneur", "equipment": [PISTOL]}}}}
    refused = client.post("/api/sessions", json=body)
    assert refused.status_code == 400 and "Tool Box" in refused.get_json()["error"]["message"]
    body["options"]["travelers"]["p2"]["equipment"] = [PISTOL, tool_box]
    t = NewTable(client, ["Ann", "Bob"], options={"travelers": body["options"]["travelers"]})
    season(t, "p1", 1)
    journey_turn(t, "p1")
    chosen(t, type="stay", player="p2")
    chosen(t, type="skip_gathering", player="p2")
    assert t.p("p2")["resources"] == {"food": 1, "water": 1, "wood": 2}


def test_a_trade_of_terms_alone_is_listed_with_a_ravenous_player_too(client):
    """ "Trades may use Resource tokens, Equipment cards, or other forms of negotiation such as
    intimidating with a Weapon or by repaying a debt on a future turn." (table ruling
    `trade_with_ravenous`, default true: a Ravenous Player has no Supply, only terms). Ann may
    propose terms to Bob (Ravenous): listed with the terms left open, and accepted."""
    t = Table(client, position("camp", p1=board("A2"), p2=ravenous("A2", 2), p3=board("B1")))
    trade = {"type": "trade", "player": "p1", "with": "p2", "accepted": True,
             "terms": "Ann's Pistol stays holstered"}
    assert listed(t, trade)
    t.ok(trade)
    assert "trade" not in types_listed(t)
