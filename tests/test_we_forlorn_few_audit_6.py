"""We Forlorn Few: a sixth independent audit (session 10), written from the rulebook first, then
played through the HTTP API only: the last round's leftovers (the Tool Bonus as the Player's
choice, a Traveler board chosen twice named), whole games from the setup through every Season card
to Winter (and to Newhaven) at every player count against the calculator, and what the five
earlier rounds did not try. Each docstring quotes its rule."""

import pytest

from tests.api_table import ApiTable, calculated, quotes_from
from tests.test_we_forlorn_few_audit import SNARE, TERRAIN, TOOL_BOX, Table, board, position
from tests.test_we_forlorn_few_audit_5 import (
    QUIET,
    SEASONS,
    NewTable,
    chosen,
    final_sheet,
    journey_turn,
    legal,
    listed,
)

in_book = quotes_from("we-forlorn-few")

Q_SELECTS = in_book("Starting with the First Player and moving to the left, each Player selects "
                    "which Traveler they are going to play.")
Q_TOOL_BONUS = in_book("Travelers with Tools in their Supply begin their Gathering Phase by "
                       "adding the Resource tokens specified on their Tool card(s) from the "
                       "Stockpile to their Supply.")
Q_TOOL_MAY = in_book("You may add one token per card.")
Q_WINTER = in_book("If a new round begins but there are no cards left in the Season deck then all "
                   "Travelers remaining on the Game Board perish and the game is over.")
Q_FOURTH_HUNGER = in_book("Note: If a Ravenous Traveler adds a fourth Hunger token to their Player "
                          "board, either by losing Combat, or by gaining a Hunger token at the start "
                          "of their turn, they have perished and they are out of the game.")
NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve")


@pytest.fixture
def client(module_client):
    """One app and database for the whole file (each scenario starts its own session)."""
    return module_client


def new_game(client, players, **options):
    return client.post("/api/sessions", json={
        "game": "we-forlorn-few", "players": list(players),
        "options": {"terrain": TERRAIN, **options}})


# ---------------------------------------------------------------- Travelers at setup


def test_a_traveler_board_chosen_twice_is_named_with_the_seat_that_chose_it_second(client):
    """ "Starting with the First Player and moving to the left, each Player selects which Traveler
    they are going to play." Cleo is the First Player, so she selects first: when Ann (seat p1,
    after Cleo to the left) names Cleo's board too, the 400 names the board, who has it, and Ann's
    field; with three different boards the game starts."""
    woodsman = {"name": "The Exiled Woodsman"}
    r = new_game(client, NAMES[:3], first_player="p3",
                 travelers={"p1": woodsman, "p2": {"name": "The Outpost Matriarch"},
                            "p3": {"name": "the exiled woodsman"}})
    assert r.status_code == 400, r.get_json()
    error = r.get_json()["error"]
    assert error["field"] == "options.travelers.p1.name"
    assert "The Exiled Woodsman is already Cleo's Traveler" in error["message"]
    assert Q_SELECTS in error["message"]
    t = ApiTable(client, {"game": "we-forlorn-few", "players": list(NAMES[:3]), "options": {
        "terrain": TERRAIN, "first_player": "p3",
        "travelers": {"p1": woodsman, "p2": {"name": "The Outpost Matriarch"},
                      "p3": {"name": "A Traveler of our own"}}}})
    boards = t.view()["state"]["players"]
    assert [boards[s]["traveler"] for s in ("p1", "p2", "p3")] == \
        ["The Exiled Woodsman", "The Outpost Matriarch", "A Traveler of our own"]


def effects_of(response) -> list[tuple[str, str | None]]:
    """(text, quote) of each effect an accepted event had."""
    return [(e["text"], (e.get("rule") or {}).get("quote")) for e in response["effects"]]


# ---------------------------------------------------------------- the Tool Bonus, the Player's choice


def gathering(client, *equipment, **options):
    """Ann in her Gathering Phase on the Prairie (A2: Food, Water and Wood listed), one of each
    Resource, holding `equipment`."""
    return Table(client, position("gathering", p1=board("A2", equipment=list(equipment)),
                                  p2=board(), p3=board()), options=options)


def test_the_tool_bonus_left_out_is_added_as_the_book_reads(client):
    """ "Travelers with Tools in their Supply begin their Gathering Phase by adding the Resource
    tokens specified on their Tool card(s) from the Stockpile to their Supply." The Gathering
    example's Snare: entered without `tool_bonus`, the Food is added."""
    t = gathering(client, SNARE)
    done = t.ok({"type": "gather", "player": "p1", "roll": 2, "take": ["water", "wood"]})
    assert t.p("p1")["resources"] == {"food": 2, "water": 2, "wood": 2}
    assert any(quote == Q_TOOL_BONUS for _text, quote in effects_of(done))


def test_a_traveler_may_leave_the_tool_bonus_in_the_stockpile(client):
    """Quick Reference: "Tool Bonus: Add the Resources listed on your Tool cards to your Supply. You
    may add one token per card." Ann, with a Snare and a Tool Box, adds only the Tool Box's Wood
    (`tool_bonus`), then Explores; another time she adds nothing and ends her Gathering Phase. The
    effect says what was not added, quoting the "may"."""
    t = gathering(client, SNARE, TOOL_BOX)
    done = t.ok({"type": "explore", "player": "p1", "draw": "water", "tool_bonus": {"wood": 1}})
    assert t.p("p1")["resources"] == {"food": 1, "water": 2, "wood": 2}
    assert ("Ann does not add 1 Food.", Q_TOOL_MAY) in effects_of(done)
    t = gathering(client, SNARE, TOOL_BOX)
    t.ok({"type": "skip_gathering", "player": "p1", "tool_bonus": {}})
    assert t.p("p1")["resources"] == {"food": 1, "water": 1, "wood": 1}
    assert t.view()["phase"].endswith("camp")


def test_more_than_one_token_per_tool_card_is_refused(client):
    """ "You may add one token per card." (and "Note: Players receive one token for each card in
    their Supply."): one Snare gives one Food; two Food is refused with the one-per-card sentence,
    the one Food accepted."""
    t = gathering(client, SNARE)
    t.refused({"type": "gather", "player": "p1", "roll": 1, "take": ["food"],
               "tool_bonus": {"food": 2}}, Q_TOOL_MAY)
    assert t.p("p1")["resources"]["food"] == 1
    t.ok({"type": "gather", "player": "p1", "roll": 1, "take": ["food"], "tool_bonus": {"food": 1}})
    assert t.p("p1")["resources"]["food"] == 3


def test_a_tool_bonus_of_a_resource_no_tool_names_is_refused(client):
    """ "...by adding the Resource tokens specified on their Tool card(s)": the Snare specifies Food,
    so a Water bonus is refused with that sentence; and a Traveler with no Tool has no bonus at
    all."""
    t = gathering(client, SNARE)
    t.refused({"type": "skip_gathering", "player": "p1", "tool_bonus": {"water": 1}}, Q_TOOL_BONUS)
    t = gathering(client)
    t.refused({"type": "skip_gathering", "player": "p1", "tool_bonus": {"food": 1}}, Q_TOOL_BONUS)
    t.ok({"type": "skip_gathering", "player": "p1", "tool_bonus": {}})


def test_the_tool_bonus_is_not_a_choice_by_ruling(client):
    """Table ruling `tool_bonus_optional` = false: the Tool Bonus text ("begin their Gathering Phase
    by adding the Resource tokens specified on their Tool card(s)") is the rule and the Quick
    Reference's "may" is not: leaving the Snare's Food is refused; taking it is accepted, and
    `legal` offers no smaller bonus."""
    t = gathering(client, SNARE, tool_bonus_optional=False)
    t.refused({"type": "skip_gathering", "player": "p1", "tool_bonus": {}}, Q_TOOL_BONUS)
    assert not [e for e in t.view()["legal"] if "tool_bonus" in e]
    t.ok({"type": "skip_gathering", "player": "p1", "tool_bonus": {"food": 1}})
    assert t.p("p1")["resources"]["food"] == 2


def test_the_tool_bonus_ruling_cites_both_sides(client):
    """A table ruling names both passages: the Quick Reference's "may" and the Tool Bonus text."""
    option = client.get("/api/games/we-forlorn-few").get_json()["options"]["tool_bonus_optional"]
    quotes = [rule["quote"] for rule in option["rules"]]
    assert Q_TOOL_MAY in quotes and Q_TOOL_BONUS in quotes and option["default"] is True


def test_legal_offers_each_tool_bonus_and_each_is_accepted(client):
    """"What can be done next" in the Gathering Phase with a Snare and a Tool Box: each way to end
    the phase with both tokens (the field left out), with one of them, or none; each listed
    choice is accepted."""
    t = gathering(client, SNARE, TOOL_BOX)
    legal = t.view()["legal"]
    skips = [e.get("tool_bonus") for e in legal if e["type"] == "skip_gathering"]
    assert sorted(skips, key=str) == sorted([None, {}, {"food": 1}, {"wood": 1}], key=str)
    explores = [e for e in legal if e["type"] == "explore"]
    assert len(explores) == 4 * 6  # each bonus, each token the bag holds
    for choice in (None, {}, {"food": 1}, {"wood": 1}):
        t = gathering(client, SNARE, TOOL_BOX)
        event = next(e for e in t.view()["legal"]
                     if e["type"] == "gather" and e.get("roll") == 1
                     and e.get("tool_bonus") == choice)
        t.ok(event)
        added = choice if choice is not None else {"food": 1, "wood": 1}
        took = {k: event["take"].count(k) for k in ("food", "water", "wood")}
        assert t.p("p1")["resources"] == {k: 1 + added.get(k, 0) + took[k]
                                          for k in ("food", "water", "wood")}


def test_the_table_page_says_which_tool_bonus_each_choice_adds(client):
    """The table page's choices in the Gathering Phase with a Snare: the choice that leaves the
    Snare's Food says so, the one with the field left out reads as before (Tool Bonus only)."""
    t = gathering(client, SNARE)
    client.get(f"/play/{t.id}/join?token={t.token}")
    page = client.get(f"/play/{t.id}").text
    assert "Neither Gather nor Explore" in page
    assert "(Tool Bonus added: nothing)" in page


# ---------------------------------------------------------------- whole games through every Season
# Under `game_ends_at` = all_journeys the game runs until every journey is over: the Players who
# do not reach Newhaven perish when Winter sets in. Roles by seat (a game of n Players has the
# first n): Ann sits in Cedar Falls all game; Bob takes ROUTE and arrives in round 3; Cleo's first
# Event card turns her Ravenous (she retreats and hungers until her fourth Hunger); Dan stays five
# rounds, then takes ROUTE and arrives second; Eve travels to A1 and sits there until a Fall card
# removes A1 and moves her onto the Bag Draw token a Summer card put on B1.


def season_card(round_, players):
    """The round's Season card as the First Player reads it: Spring adds tokens to the bag, Summer
    puts a Bag Draw token on B1, Fall removes A1 (moving Eve, if she plays, onto B1, where she draws
    for the token), Winter adds two Hunger."""
    card = {"card": f"Card {round_}", "season": SEASONS[round_ - 1]}
    if round_ == 1:
        card["add_to_bag"] = {"food": 2, "water": 2, "thirst": 1}
    if round_ == 4:
        card["place"] = [{"tile": "B1", "bag_draw": 1}]
    if round_ == 7 and players == 5:
        card.update(remove_tiles=["A1"], relocate={"p5": "B1"}, draws={"p5": ["food"]})
    if round_ == 10:
        card["add_to_bag"] = {"hunger": 2}
    return card


def ravenous_turn(t, seat):
    """Stay, attack nobody, retreat to the first tile listed (Hunger after the Retreat)."""
    chosen(t, type="ravenous_move", player=seat, path=[])
    chosen(t, type="end_combat", player=seat)
    t.ok(legal(t)[0])


def planned_turn(t, seat, round_):
    """The seat's role for this round, each event one that `legal` lists."""
    here = t.p(seat)["tile"]
    if t.p(seat)["status"] == "ravenous":
        ravenous_turn(t, seat)
    elif seat == "p3":
        journey_turn(t, seat, travel=False, card={"type": "event_card", "player": seat,
                                                    "card": "Stampede", "perish": 5})
    elif seat == "p2" or (seat == "p4" and round_ > 5):
        journey_turn(t, seat)
    elif seat == "p5" and here == "CF":
        chosen(t, type="travel", player=seat, to="A1")
        quiet_rest_of_turn(t, seat)
    else:
        chosen(t, type="stay", player=seat)
        quiet_rest_of_turn(t, seat)


def quiet_rest_of_turn(t, seat):
    """Neither Gather nor Explore, no Camp action, an Event card that does nothing."""
    chosen(t, type="skip_gathering", player=seat)
    chosen(t, type="end_camp", player=seat)
    event = {"type": "event_card", "player": seat, "card": QUIET}
    assert listed(t, event)
    t.ok(event)


def left_of(seat, still_playing, seats):
    """The next seat to the left still in the game (the First-Player token's next holder)."""
    at = seats.index(seat)
    return next(s for s in seats[at + 1:] + seats[:at + 1] if s in still_playing)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_a_whole_game_through_every_season_card_to_winter(client, players):
    """From the setup to the end at each player count: twelve rounds, each opened by "At the
    beginning of each round the First Player will draw the top Season card, read it aloud and
    resolve it." (three Spring, then Summer, Fall, Winter: only that season is accepted); the token
    passes "to the Player to the left" (over Players whose journey is over or who are out); then
    "If a new round begins but there are no cards left in the Season deck then all Travelers
    remaining on the Game Board perish and the game is over." — "The first Player to reach
    Newhaven is the winner.". The live standings and the calculator on the final table agree (totals,
    winner, rule)."""
    seats = [f"p{n}" for n in range(1, players + 1)]
    t = NewTable(client, NAMES[:players], options={"game_ends_at": "all_journeys"})
    first_players = []
    for round_ in range(1, 13):
        state = t.state
        first = state["first_player"]
        if first_players:
            playing = [s for s in seats if state["players"][s]["status"] in ("traveler", "ravenous")]
            assert first == left_of(first_players[-1], playing, seats)
        first_players.append(first)
        wrong = SEASONS[round_] if round_ < 12 else "spring"
        if wrong != SEASONS[round_ - 1]:
            t.refused({"type": "season", "player": first, "season": wrong},
                      "Spring on top followed by Summer, Fall and then Winter")
        t.ok({"type": "season", "player": first, **season_card(round_, players)})
        while t.view()["phase"] != "season" and not t.view()["over"]:
            planned_turn(t, t.state["current"], round_)
    view = t.view()
    state = view["state"]
    assert view["over"] is True and view["legal"] == [] and state["season_deck"] == 0
    arrivals = [s for s in ("p2", "p4") if s in seats]
    assert state["arrivals"] == arrivals
    assert all(state["players"][s]["status"] == ("arrived" if s in arrivals else "out")
               for s in seats)
    if players >= 5:
        assert state["tiles"]["A1"]["removed"] and state["bag"]["food"] == 1
    live = view["scores"]
    sheet = calculated(client, "we-forlorn-few", final_sheet(t, winter=True))
    assert live["winners"] == sheet["winners"] == arrivals[:1]
    assert live["decided_by"]["rule"]["quote"] == sheet["decided_by"]["rule"]["quote"] == \
        (Q_WINTER if not arrivals else in_book(
            "Once a Traveler reaches Newhaven their journey is over and they have completed the "
            "game. The first Player to reach Newhaven is the winner."))
    assert [p["total"] for p in live["players"]] == [p["total"] for p in sheet["players"]]
    perished = {p["seat"]: {line["rule"]["quote"] for line in p["breakdown"]}
                for p in live["players"] if p["seat"] not in arrivals}
    for seat, quotes in perished.items():
        assert (Q_FOURTH_HUNGER if seat == "p3" else Q_WINTER) in quotes


# ---------------------------------------------------------------- face-down tiles flipped


def test_a_tile_flipped_without_its_travel_cost_or_resources_is_a_400(client):
    """Every Terrain tile prints "Travel Costs: This section indicates Resources required to move off
    the Terrain tile" and its "Available Resources": a face-down tile entered as flipped with only
    its terrain was accepted as a tile free to leave with nothing to gather. It is a 400 naming the
    reveal; entered whole (a tile printing no Resource is entered with []), it is flipped."""
    t = Table(client, position(p1=board("A1", food=2, water=1, wood=1), p2=board(), p3=board()))
    r = t.post({"type": "travel", "player": "p1", "to": "FD", "reveal": {"kind": "Desert"}})
    assert r.status_code == 400, r.get_json()
    assert r.get_json()["error"]["field"] == "event.reveal.travel_cost"
    assert "travel_cost" in r.get_json()["error"]["message"]
    assert t.state["tiles"]["FD"]["face_up"] is False and t.p("p1")["tile"] == "A1"
    t.ok({"type": "travel", "player": "p1", "to": "FD",
          "reveal": {"kind": "Desert", "travel_cost": {"water": 2}, "resources": []}})
    assert t.state["tiles"]["FD"]["travel_cost"] == {"food": 0, "water": 2, "wood": 0}


# CF - W1 (Wetlands, Trading Post) - D1 (face down) - NH: from D1 every other tile is closed to a
# Ravenous Traveler (a Trading Post, Newhaven).
CORNER = [
    {"name": "CF", "kind": "Cedar Falls", "travel_cost": {"food": 1, "water": 1},
     "adjacent": ["W1"]},
    {"name": "W1", "kind": "Wetlands", "travel_cost": {"food": 1}, "resources": ["water"],
     "trading_post": True, "adjacent": ["D1"]},
    {"name": "D1", "face_up": False, "adjacent": ["NH"]},
    {"name": "NH", "kind": "Newhaven", "adjacent": []},
]
Q_REVEAL = in_book("NOTE: If a Ravenous Traveler is on a face-down tile and another Traveler flips "
                   "it to reveal a Trading Post tile, the Ravenous Traveler immediately moves to an "
                   "adjacent tile and adds one Hunger to their Player board.")


def test_a_trading_post_flipped_under_a_ravenous_player_with_nowhere_to_go(client):
    """The NOTE: "...the Ravenous Traveler immediately moves to an adjacent tile and adds one Hunger"
    — and "Ravenous Travelers cannot move onto Trading Post tiles, Cedar Falls or Newhaven.". Bob
    (Ravenous) is on D1, whose only other neighbours are a Trading Post and Newhaven. Ann's travel
    onto D1, flipped as a Trading Post, could not be entered at all (every move for Bob refused). As
    in a Retreat with no tile to enter, Bob stays (left out, or his own tile) and adds one Hunger;
    a move onto the Trading Post is still refused."""
    def table():
        return ApiTable(client, {"game": "we-forlorn-few", "players": ["Ann", "Bob"],
                                 "options": {"terrain": CORNER}, "position": position(
                                     p1=board("W1"), p2={"status": "ravenous", "tile": "D1",
                                                         "hunger": 1})})
    post = {"kind": "Desert", "travel_cost": {"water": 1}, "resources": [], "trading_post": True}
    t = table()
    t.refused({"type": "travel", "player": "p1", "to": "D1", "reveal": post,
               "ravenous_moves": {"p2": "W1"}},
              "Ravenous Travelers cannot move onto Trading Post tiles, Cedar Falls or Newhaven.")
    done = t.accepted({"type": "travel", "player": "p1", "to": "D1", "reveal": post})
    bob = t.view()["state"]["players"]["p2"]
    assert (bob["tile"], bob["hunger"]) == ("D1", 2)
    assert ("No tile adjacent to D1 can be entered: Bob (Ravenous) stays.", Q_REVEAL) in \
        effects_of(done)
    t = table()
    t.accepted({"type": "travel", "player": "p1", "to": "D1", "reveal": post,
                "ravenous_moves": {"p2": "D1"}})
    assert t.view()["state"]["players"]["p2"]["hunger"] == 2


def test_a_ravenous_player_with_a_tile_to_go_to_must_leave_the_flipped_trading_post(client):
    """The same NOTE where a tile can be entered (A1, next to FD): staying is refused with it."""
    t = Table(client, position(p1=board("A1", food=2, water=1, wood=3),
                               p2={"status": "ravenous", "tile": "FD", "hunger": 1}, p3=board()))
    post = {"kind": "Desert", "travel_cost": {"water": 1}, "resources": [], "trading_post": True}
    t.refused({"type": "travel", "player": "p1", "to": "FD", "reveal": post,
               "ravenous_moves": {"p2": "FD"}}, Q_REVEAL)
    t.ok({"type": "travel", "player": "p1", "to": "FD", "reveal": post,
          "ravenous_moves": {"p2": "A1"}})
    assert t.p("p2")["tile"] == "A1" and t.p("p2")["hunger"] == 2


# ---------------------------------------------------------------- Season cards


def test_a_season_card_cannot_place_items_on_a_removed_tile(client):
    """ "Season Effect: Each Season card also includes an effect that will alter the state of the
    board by removing tiles or placing tokens or Equipment cards on specific tiles." — a removed
    tile is no longer on the board: items placed on it (the same card removing it first) were
    accepted and lost to everyone. A 400 naming the placement; placed on a tile on the board, fine."""
    t = Table(client, {**position("season", current=None), "players": {}})
    r = t.post({"type": "season", "player": "p1", "remove_tiles": ["B2"],
                "place": [{"tile": "B2", "food": 2}]})
    assert r.status_code == 400, r.get_json()
    assert r.get_json()["error"]["field"] == "event.place[0].tile"
    assert t.state["tiles"]["B2"]["removed"] is False
    t.ok({"type": "season", "player": "p1", "remove_tiles": ["B2"],
          "place": [{"tile": "A2", "food": 2}]})
    assert t.state["tiles"]["A2"]["placed"]["food"] == 2 and t.state["tiles"]["B2"]["removed"]


def test_a_season_card_cannot_bring_a_player_in_newhaven_or_out_of_the_game_back(client):
    """ "Once a Traveler reaches Newhaven their journey is over and they have completed the game."
    and "...they have perished and they are out of the game.": a Season card's relocation moved Bob
    out of Newhaven (still "arrived") and put Cleo, out, back on a tile. Both are refused with
    their sentence; Ann, on the removed tile, is moved."""
    t = Table(client, {**position("season", current=None), "arrivals": ["p2"], "players": {
        "p1": board("A1"), "p2": {"status": "arrived", "tile": "NH"}, "p3": {"status": "out"}}},
        options={"game_ends_at": "all_journeys"})
    card = {"type": "season", "player": "p1", "remove_tiles": ["A1"]}
    t.refused({**card, "relocate": {"p1": "A2", "p2": "B2"}},
              "Once a Traveler reaches Newhaven their journey is over")
    t.refused({**card, "relocate": {"p1": "A2", "p3": "B2"}}, "they are out of the game.")
    t.ok({**card, "relocate": {"p1": "A2"}})
    players = t.state["players"]
    assert (players["p1"]["tile"], players["p2"]["tile"], players["p3"]["tile"]) == \
        ("A2", "NH", None)


def test_a_season_card_moving_a_traveler_onto_a_face_down_or_removed_tile_is_a_400(client):
    """A Traveler stands on face-up tiles (Ravenous Travelers "may travel to face-down tiles, but
    when they do, they DO NOT flip them"): moved onto face-down FD, Ann stood on a tile with no
    Travel Cost (her next travel a 400 for ever); moved onto a tile the same card removes, she
    stood off the board. Both are 400s naming the relocation."""
    t = Table(client, {**position("season", current=None), "players": {"p1": board("A1")}})
    for to, removed in (("FD", ["A1"]), ("B1", ["A1", "B1"])):
        r = t.post({"type": "season", "player": "p1", "remove_tiles": removed,
                    "relocate": {"p1": to}})
        assert r.status_code == 400, r.get_json()
        assert r.get_json()["error"]["field"] == "event.relocate.p1"
    assert t.p("p1")["tile"] == "A1" and not t.state["tiles"]["A1"]["removed"]


# ---------------------------------------------------------------- a position entered by the players


def test_a_position_with_an_arrival_under_first_arrival_is_a_game_already_over(client):
    """Table ruling `game_ends_at`, default first_arrival: the Ravenous Goal's "until a Player reaches
    Newhaven and ends the game" — a position with Bob already in Newhaven started a game that went
    on, the standings saying "Bob reached Newhaven first." with no winner. It is a 400 naming the
    arrivals; under all_journeys the same position plays on, Bob the winner so far."""
    pos = {**position(p1=board("A1"), p2={"status": "arrived", "tile": "NH"}, p3=board()),
           "arrivals": ["p2"]}
    r = client.post("/api/sessions", json={"game": "we-forlorn-few", "players": list(NAMES[:3]),
                                           "options": {"terrain": TERRAIN}, "position": pos})
    assert r.status_code == 400, r.get_json()
    error = r.get_json()["error"]
    assert error["field"] == "position.arrivals" and "Bob reached Newhaven" in error["message"]
    t = Table(client, pos, options={"game_ends_at": "all_journeys"})
    assert t.view()["over"] is False and t.view()["scores"]["winners"] == ["p2"]


# ---------------------------------------------------------------- what can be done next


PISTOL = {"name": "Pistol", "type": "weapon", "value": 2, "dice": 1}


def test_travel_onto_a_bag_draw_token_lists_each_token_the_bag_may_give(client):
    """ "If a Player picks up one of these tokens, they must immediately draw from the Exploration
    Bag." — `legal` listed the travel onto A2 (a Bag Draw token on it) with the first token the bag
    could give only (Food), not the Thirst it also holds. Each listed travel is accepted and draws
    its token."""
    terrain = [dict(tile, placed={"bag_draw": 1}) if tile["name"] == "A2" else tile
               for tile in TERRAIN]
    pos = {**position(p1=board("CF"), p2=board(), p3=board()), "bag": {"food": 1, "thirst": 2}}

    def table():
        return Table(client, pos, options={"terrain": terrain})
    travels = [e for e in table().view()["legal"] if e["type"] == "travel" and e["to"] == "A2"]
    assert sorted(e["draws"] for e in travels) == [["food"], ["thirst"]]
    for event in travels:
        t = table()
        t.ok(event)
        drawn = event["draws"][0]
        assert t.state["bag"] == {**pos["bag"], drawn: pos["bag"][drawn] - 1} | {
            k: 0 for k in ("water", "wood", "hunger", "wagon_damage")}
        ann = t.p("p1")
        assert (ann["resources"]["food"], ann["ailments"]["thirst"]) == \
            ((1, 0) if drawn == "food" else (0, 1))


def test_the_steal_lists_a_card_and_resources_together(client):
    """ "The winner may steal any Resources and Equipment up to the Value of their total roll result
    from the losing Player's Supply." Ann (a Pistol: two dice) beats Bob 3 to 0: a Pistol (Value 2)
    and a Food is a take of 3 — `legal` listed cards alone and Resources alone, never both. Now it
    lists every take worth up to 3 (and nothing worth more), and the Pistol-and-Food take is
    accepted."""
    pos = position("camp", p1=board("A1", equipment=[PISTOL]),
                   p2=board("A1", food=2, water=1, wood=0, equipment=[PISTOL]), p3=board())
    t = Table(client, pos)
    t.ok({"type": "combat", "player": "p1", "target": "p2", "dice": [2, 1], "target_dice": [0, 0]})
    takes = [e["take"] for e in t.view()["legal"] if e["type"] == "steal"]
    assert {"food": 1, "equipment": ["Pistol"]} in takes and {"water": 1, "equipment": ["Pistol"]} \
        in takes
    assert {"food": 2, "equipment": ["Pistol"]} not in takes and {"food": 2, "water": 1} in takes
    value = {"food": 1, "water": 1, "wood": 1}
    assert all(sum(value.get(k, 0) * n for k, n in take.items() if k != "equipment")
               + 2 * len(take.get("equipment", [])) <= 3 for take in takes)
    assert len(takes) == len({str(take) for take in takes})
    t.ok({"type": "steal", "player": "p1", "take": {"food": 1, "equipment": ["Pistol"]}})
    assert [c["name"] for c in t.p("p1")["equipment"]] == ["Pistol", "Pistol"]
    assert t.p("p2")["equipment"] == [] and t.p("p1")["resources"]["food"] == 2


# ---------------------------------------------------------------- undo across the end of a round


def test_undo_of_the_card_that_brought_winter_puts_everyone_back(client):
    """The last Event card of the round, with no Season card left: "If a new round begins but there
    are no cards left in the Season deck then all Travelers remaining on the Game Board perish and
    the game is over." Undone, the game is not over: Cleo is back in her Event Phase, every Traveler
    back on their tile with their Companions, the First-Player token where it was; redone, Winter
    again."""
    pos = {**position("event", current="p3", p1=board("A1"), p2=board("B1", companions=2),
                      p3=board("A2")), "round": 12, "season_deck": 0}
    t = Table(client, pos)
    before = t.view()
    t.ok({"type": "event_card", "player": "p3", "card": QUIET})
    over = t.view()
    assert over["over"] is True and {p["status"] for p in over["state"]["players"].values()} == \
        {"out"}
    undone = client.post(f"/api/sessions/{t.id}/undo", headers=t.headers)
    assert undone.status_code == 200, undone.get_json()
    back = t.view()
    assert back["over"] is False and back["phase"] == before["phase"]
    assert back["state"] == before["state"] and back["legal"] == before["legal"]
    assert client.post(f"/api/sessions/{t.id}/redo", headers=t.headers).status_code == 200
    assert t.view()["state"] == over["state"]


def test_the_season_card_form_asks_for_every_field_a_card_may_need(client):
    """A Season card that moves a Traveler onto a Bag Draw token needs the tokens drawn ("If a
    Player picks up one of these tokens, they must immediately draw from the Exploration Bag."):
    `legal` left `draws` (and `season`) out of the Season card's open fields, so the table page's
    form had no field for them and such a card could not be entered there (the API asked for
    `draws`). Both are open now and the page asks for them."""
    t = Table(client, {**position("season", current=None), "players": {"p1": board("A1")}})
    entry = t.view()["legal"][0]
    assert {"season", "draws", "relocate", "place", "remove_tiles"} <= set(entry["open"])
    client.get(f"/play/{t.id}/join?token={t.token}")
    page = client.get(f"/play/{t.id}").text
    assert 'name="event.draws' in page and 'name="event.season' in page


# ---------------------------------------------------------------- turned Ravenous in Cedar Falls


def test_a_traveler_turned_ravenous_in_cedar_falls_cannot_attack_travelers_there(client):
    """A Traveler who turns Ravenous keeps their tile ("...flips their Player board to reveal the
    Ravenous side."): Ann, with no Companion, turns Ravenous in Cedar Falls in round one. In her
    Ravenous turn Bob is still in Cedar Falls: "Q: Can I initiate Combat with a Traveler on Cedar
    Falls or Newhaven? A: No, attacking a Traveler in a city would be unseemly." — her attack was
    accepted, and listed. It is refused with the FAQ, not listed; she must move on (Retreat)."""
    t = Table(client, position("event", p1=board("CF", companions=0), p2=board("CF"),
                               p3=board("A1")))
    t.ok({"type": "event_card", "player": "p1", "card": "Snakebite", "perish": 1})
    assert (t.p("p1")["status"], t.p("p1")["tile"]) == ("ravenous", "CF")
    for seat in ("p2", "p3"):
        t.ok({"type": "event_card", "player": seat, "card": QUIET})
    t.ok({"type": "season", "player": "p2"})
    for seat in ("p2", "p3"):
        t.ok({"type": "event_card", "player": seat, "card": QUIET})
    assert t.state["current"] == "p1" and t.p("p2")["tile"] == "CF"
    t.ok({"type": "ravenous_move", "player": "p1", "path": []})
    assert [e["type"] for e in t.view()["legal"]] == ["end_combat"]
    t.refused({"type": "ravenous_attack", "player": "p1", "target": "p2", "dice": [2],
               "target_dice": [0]}, "A: No, attacking a Traveler in a city would be unseemly.")
    assert t.p("p2")["companions"] == 4


def test_a_position_may_hold_a_ravenous_player_where_they_turned(client):
    """The same Ann, entered as a position at the start of her Ravenous turn in Cedar Falls (or on a
    Trading Post tile where a Traveler turned Ravenous), was refused ("a Ravenous Traveler cannot be
    on a Trading Post tile, Cedar Falls or Newhaven"), though the game itself leads there: "Ravenous
    Travelers cannot move onto Trading Post tiles, Cedar Falls or Newhaven." forbids moving onto
    them, not being there. Accepted now; her moves leave the city and never go back; Newhaven is
    still refused."""
    for tile in ("CF", "B1"):
        t = Table(client, position("ravenous_movement", p1={"status": "ravenous", "tile": tile,
                                                            "hunger": 1},
                                   p2=board("A1"), p3=board()))
        paths = [e["path"] for e in t.view()["legal"] if e["type"] == "ravenous_move"]
        assert [] in paths and all("CF" not in p and "B1" not in p for p in paths)
    r = client.post("/api/sessions", json={
        "game": "we-forlorn-few", "players": list(NAMES[:3]), "options": {"terrain": TERRAIN},
        "position": position("travel", current="p2", p1={"status": "ravenous", "tile": "NH",
                                                         "hunger": 1}, p2=board(), p3=board())})
    assert r.status_code == 400 and r.get_json()["error"]["field"] == "position.players.p1.tile"


# ---------------------------------------------------------------- the calculator


def test_the_calculator_refuses_a_player_still_on_the_board_after_winter(client):
    """ "If a new round begins but there are no cards left in the Season deck then all Travelers
    remaining on the Game Board perish and the game is over." The calculator, told Winter came, scored
    Ann as a Traveler two tiles from Newhaven (1 point) and Bob as Ravenous (2), where the live
    standings of that table show both out with 0. Each is a 400 naming the status, quoting Winter;
    entered as out, they score 0 and nobody wins."""
    for status in ("traveler", "ravenous"):
        player = {"name": "Ann", "status": status, "tiles_to_go": 2}
        error = calculated(client, "we-forlorn-few", {"crossing": 3, "winter": True,
                                                      "players": [player]}, 400)["error"]
        assert error["field"] == "players[0].status" and Q_WINTER in error["message"]
    sheet = calculated(client, "we-forlorn-few", {"crossing": 3, "winter": True, "players": [
        {"name": "Ann", "status": "out"}, {"name": "Bob", "status": "out"}]})
    assert sheet["winners"] == [] and [p["total"] for p in sheet["players"]] == [0, 0]


# ---------------------------------------------------------------- what each seat sees and enters


def test_each_phone_reads_the_open_table_and_enters_only_its_own_moves(client):
    """Nothing on this table is one Player's secret (boards, Supplies and tiles are open; "At no time
    may a Player look into the Exploration Bag." binds everyone alike): Ann's phone, Bob's phone and
    a watcher read the same state. Bob's phone cannot enter Ann's travel (403), nor can a watcher
    (401); Ann's phone can, and Bob's then reads it too."""
    t = Table(client, position(p1=board("A1", food=2), p2=board(), p3=board()))
    url = f"/api/sessions/{t.id}"
    tokens = {}
    for seat in ("p1", "p2"):
        claimed = client.post(f"{url}/seats", json={"seat": seat},
                              headers={"Authorization": "Bearer " + t.join_token})
        assert claimed.status_code == 201, claimed.get_json()
        tokens[seat] = {"Authorization": "Bearer " + claimed.get_json()["seat_token"]}
    views = [client.get(url, headers=tokens[s]).get_json() for s in ("p1", "p2")]
    views.append(client.get(url).get_json())
    assert views[0]["state"] == views[1]["state"] == views[2]["state"]
    travel = {"event": {"type": "travel", "player": "p1", "to": "A2"}, "expected_seq": t.seq}
    assert client.post(f"{url}/events", json=travel, headers=tokens["p2"]).status_code == 403
    assert client.post(f"{url}/events", json=travel).status_code == 401
    assert client.post(f"{url}/events", json=travel, headers=tokens["p1"]).status_code == 200
    assert client.get(url, headers=tokens["p2"]).get_json()["state"]["players"]["p1"]["tile"] == \
        "A2"


def test_a_sacrifice_with_no_ailment_on_the_board_is_listed_as_it_is_accepted(client):
    """ "At any time during their turn, Players may Sacrifice a Companion in order to remove four
    Ailment tokens currently on their Player board." — with none on the board the Sacrifice removes
    none and is accepted (audit 4), but `legal` did not list it. It lists it now, a Skull on each
    track with a free slot, and the listed one is accepted."""
    t = Table(client, position("camp", p1=board("A1", skulls={"thirst": 3}, companions=1),
                               p2=board(), p3=board()))
    listed_sacrifices = [e for e in t.view()["legal"] if e["type"] == "sacrifice"]
    assert listed_sacrifices == [
        {"type": "sacrifice", "player": "p1", "remove": {}, "skull": skull}
        for skull in ("hunger", "wagon_damage")]
    t.ok(listed_sacrifices[0])
    assert t.p("p1")["companions"] == 0 and t.p("p1")["skulls"]["hunger"] == 1
