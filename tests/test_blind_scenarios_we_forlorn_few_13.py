"""We Forlorn Few, outsider scenarios round 19 (file 13): whole games from the setup to their end —
a solo game to Newhaven in five rounds with a way back from the Mountain under `backwards_when`
both ways (a step back while holding the Travel Cost: refused only under `stuck`; a step back when
stuck: taken under both), and a solo game to Winter (the Season deck's order, the round that
begins with no card left, nobody wins); a game of five Players, the First-Player token going round
all five seats, a Combat, a Trade and a Traveler turning Ravenous on the way, to the first arrival
in Newhaven — each scored again by the calculator with the same standings. Wrong entries on the
way (the wrong seat, a card of the wrong Season, a step back away from Cedar Falls, a phase
skipped) are refused with the sentence that forbids them and nothing changes; undo after each
kind of event (a Season card, a backward travel, an Event card turning a Traveler Ravenous, a
Combat, a steal, a Ravenous move, attack and retreat, a Trade and its answer, the arrival)
restores the table exactly. Written from the rulebook and the API's own description only
(docs/games/we-forlorn-few.md, GET /api/games/we-forlorn-few), never the referee's code."""

import pytest

from tests.api_table import ApiTable, as_seen, calculated, quotes_from

GAME = "we-forlorn-few"
book = quotes_from(GAME)

BACKWARDS = book("Players may travel backwards to an adjacent tile by paying two Resource tokens "
                 "of any type.")
STUCK = book("Travel Backwards: If you're stuck, you can travel backwards toward Cedar Falls for a "
             "Travel Cost of any two Resources.")
TURN_ORDER = book("Beginning with the First Player and moving to the left, the Player turns are "
                  "resolved.")
SEASON_ORDER = book("Draw the top three cards from each Season and combine them into a single deck "
                    "making sure they are grouped in the following order: Spring on top followed "
                    "by Summer, Fall and then Winter on the bottom of the deck.")
WINTER = book("If a new round begins but there are no cards left in the Season deck then all "
              "Travelers remaining on the Game Board perish and the game is over.")
FIRST_TO_NEWHAVEN = book("The first Player to reach Newhaven is the winner.")
QUIET = "Quiet Night"

# Cedar Falls, the Prairie A (leaving it costs a Food and a Wood), the Mountain B (two Wood),
# Newhaven: three tiles to cross.
TRAIL = [
    {"name": "CF", "kind": "Cedar Falls", "travel_cost": {"food": 1}, "adjacent": ["A"]},
    {"name": "A", "kind": "Prairie", "travel_cost": {"food": 1, "wood": 1},
     "resources": ["food", "water", "wood"], "adjacent": ["B"]},
    {"name": "B", "kind": "Mountain", "travel_cost": {"wood": 2}, "resources": ["water", "wood"],
     "adjacent": ["NH"]},
    {"name": "NH", "kind": "Newhaven", "adjacent": []},
]
SEASONS = [("spring", "Thaw", {"hunger": 1}), ("spring", "Rain", {"water": 1}),
           ("spring", "Bloom", {"food": 1}), ("summer", "Heat", {"thirst": 1}),
           ("summer", "Drought", {"thirst": 1}), ("summer", "Storm", {"wagon_damage": 1}),
           ("fall", "Harvest", {"food": 1}), ("fall", "Frost", {"hunger": 1}),
           ("fall", "Wind", {"wood": 1}), ("winter", "Snow", {"hunger": 1}),
           ("winter", "Blizzard", {"thirst": 1}), ("winter", "Ice", {"wagon_damage": 1})]


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def season(number, seat="p1"):
    kind, card, tokens = SEASONS[number - 1]
    return {"type": "season", "player": seat, "card": card, "season": kind, "add_to_bag": tokens}


def board(table, seat="p1"):
    return table.view()["state"]["players"][seat]


def resources(table, seat="p1"):
    return board(table, seat)["resources"]


def refused_unchanged(table, event, quote, status=422):
    """Refused with `quote` as its rule (or among its rules), nothing in the game changed."""
    before, seq = as_seen(table.view()), table.seq
    response = table.send(event)
    assert response.status_code == status, response.get_json()
    error = response.get_json()["error"]
    quotes = [error["rule"]["quote"]] + [rule["quote"] for rule in error.get("rules", [])]
    assert any(quote in entry for entry in quotes), (quote, quotes, error["message"])
    assert table.seq == seq and as_seen(table.view()) == before
    return error


def undone_and_entered_again(table, event):
    """The event accepted, undone (the table exactly as before), and entered again (exactly as
    the first time)."""
    before = as_seen(table.view())
    table.accepted(event)
    after = as_seen(table.view())
    table.undo()
    assert as_seen(table.view()) == before, event
    table.accepted(event)
    assert as_seen(table.view()) == after, event


def standings(scores):
    """Each player's total and breakdown (label, points, counts, quote), by name."""
    return {player["name"]: (player["total"], [
        (line["label"], line["points"], line.get("counts"), line["rule"]["quote"])
        for line in player["breakdown"]]) for player in scores["players"]}


# --- A solo game to Newhaven, with a way back from the Mountain (backwards_when) -----------------

def step_back(pay):
    return {"type": "travel", "player": "p1", "to": "A", "backward": True, "pay": pay}


@pytest.mark.parametrize("ruling", [None, "any_turn", "stuck"])
def test_a_solo_game_to_newhaven_with_a_way_back_from_the_mountain(client, ruling):
    solo_game_to_newhaven(client, ruling)


def test_backwards_when_changes_nothing_but_the_step_back_it_names(client):
    # The same solo game under each reading (the step back while not stuck undone under
    # any_turn, refused under stuck) ends with the same board, bag, rounds and standings.
    any_turn, stuck = (solo_game_to_newhaven(client, ruling) for ruling in ("any_turn", "stuck"))
    assert any_turn["state"] == stuck["state"] and any_turn["scores"] == stuck["scores"]


def solo_game_to_newhaven(client, ruling):
    """Ann alone from Cedar Falls to Newhaven in five rounds under `backwards_when` = `ruling`;
    the finished table's view."""
    options = {"terrain": TRAIL, **({"backwards_when": ruling} if ruling else {})}
    table = ApiTable(client, {"game": GAME, "players": ["Ann"], "options": options})
    # Round 1 (Spring): the solo Traveler is the First Player every round.
    table.accepted(season(1))
    table.accepted({"type": "travel", "player": "p1", "to": "A"})
    assert resources(table) == {"food": 0, "water": 1, "wood": 1}
    table.accepted({"type": "gather", "player": "p1", "roll": 2, "take": ["food", "wood"]})
    table.accepted({"type": "event_card", "player": "p1", "card": QUIET})
    # Round 2: on the Prairie A, holding its Food and Wood. A step back to Cedar Falls is one of
    # the Travel Phase's three choices — unless the table reads the Quick Reference's "stuck".
    table.accepted(season(2))
    back_to_town = {"type": "travel", "player": "p1", "to": "CF", "backward": True,
                    "pay": {"water": 1, "wood": 1}}
    if ruling == "stuck":
        refused_unchanged(table, back_to_town, STUCK)
    else:
        before = as_seen(table.view())
        table.accepted(back_to_town)
        assert board(table)["tile"] == "CF"
        assert resources(table) == {"food": 1, "water": 0, "wood": 1}
        table.undo()
        assert as_seen(table.view()) == before
    table.accepted({"type": "travel", "player": "p1", "to": "B"})
    assert resources(table) == {"food": 0, "water": 1, "wood": 1}
    # Worth 0: a draw from the bag, which holds what Thaw, Rain put in: she draws the Hunger.
    table.accepted({"type": "gather", "player": "p1", "roll": 0, "draw": "hunger"})
    assert board(table)["ailments"]["hunger"] == 1
    table.accepted({"type": "event_card", "player": "p1", "card": QUIET})
    # Round 3: on the Mountain with one Wood of the two it asks: stuck. Backwards is toward Cedar
    # Falls only (Newhaven is forwards), and costs two Resources: taken under either reading.
    table.accepted(season(3))
    refused_unchanged(table, {"type": "travel", "player": "p1", "to": "NH", "backward": True,
                              "pay": {"water": 1, "wood": 1}}, STUCK)
    table.accepted(step_back({"water": 1, "wood": 1}))
    assert (board(table)["tile"], resources(table)) == ("A", {"food": 0, "water": 0, "wood": 0})
    table.accepted({"type": "gather", "player": "p1", "roll": 2, "take": ["food", "wood"]})
    table.accepted({"type": "event_card", "player": "p1", "card": QUIET})
    # Round 4 (Summer): forward to the Mountain again, then two Wood gathered.
    refused_unchanged(table, season(7), SEASON_ORDER)
    table.accepted(season(4))
    table.accepted({"type": "travel", "player": "p1", "to": "B"})
    table.accepted({"type": "gather", "player": "p1", "roll": 2, "take": ["wood", "wood"]})
    table.accepted({"type": "event_card", "player": "p1", "card": QUIET})
    assert table.view()["over"] is False
    # Round 5: the Mountain's two Wood paid, Newhaven reached: the journey is over, she wins.
    table.accepted(season(5))
    table.accepted({"type": "travel", "player": "p1", "to": "NH"})
    view = table.view()
    assert view["over"] is True
    assert view["scores"]["winners"] == ["p1"]
    assert FIRST_TO_NEWHAVEN in view["scores"]["decided_by"]["rule"]["quote"]
    assert board(table)["ailments"]["hunger"] == 1
    answer = calculated(client, GAME, {"crossing": 3, "players": [
        {"name": "Ann", "status": "arrived"}]})
    assert answer["winners"] == view["scores"]["winners"]
    assert standings(answer) == standings(view["scores"])
    return view


# --- A solo game to Winter ------------------------------------------------------------------------

def test_a_solo_game_stuck_on_the_prairie_until_winter_sets_in(client):
    table = ApiTable(client, {"game": GAME, "players": ["Ann"], "options": {"terrain": TRAIL}})
    table.accepted(season(1))
    table.accepted({"type": "travel", "player": "p1", "to": "A"})
    table.accepted({"type": "skip_gathering", "player": "p1"})
    table.accepted({"type": "event_card", "player": "p1", "card": QUIET})
    for number in range(2, 13):
        if number == 4:
            # The fourth card is the first Summer card, not the last Spring one again.
            refused_unchanged(table, {**season(3), "card": "Mud"}, SEASON_ORDER)
        table.accepted(season(number))
        table.accepted({"type": "stay", "player": "p1"})
        table.accepted({"type": "skip_gathering", "player": "p1"})
        if number == 12:
            before = as_seen(table.view())
        table.accepted({"type": "event_card", "player": "p1", "card": QUIET})
    # The last Winter card was resolved in round 12; round 13 begins with none left.
    view = table.view()
    assert view["over"] is True and view["state"]["season_deck"] == 0
    assert view["scores"]["winners"] == []
    assert view["scores"]["decided_by"]["rule"]["quote"] == WINTER
    assert "perished when Winter set in" in [
        line[2] for line in standings(view["scores"])["Ann"][1]]
    refused_unchanged(table, {"type": "stay", "player": "p1"}, WINTER)
    # The calculator, told Winter set in with Ann one tile out of Cedar Falls: the same.
    answer = calculated(client, GAME, {"crossing": 3, "winter": True, "players": [
        {"name": "Ann", "status": "out"}]})
    assert answer["winners"] == []
    assert answer["decided_by"]["rule"]["quote"] == WINTER
    # The tally cannot say when an "out" Player went out (Winter, or a fourth Hunger before), so
    # its breakdown names the tiles only: the same 0 points as the table's lines.
    (total, lines), (live_total, live_lines) = standings(answer)["Ann"], standings(
        view["scores"])["Ann"]
    assert total == live_total == 0 and set(lines) <= set(live_lines)
    # Round 12's last Event card undone: the round is open again, her turn's last step owed.
    table.undo()
    assert as_seen(table.view()) == before
    assert table.view()["over"] is False


# --- Five Players from the setup to the first arrival in Newhaven --------------------------------

SEASON_BY_FIRST = book("At the beginning of each round the First Player will draw the top Season "
                       "card, read it aloud and resolve it.")
NOT_ONTO = book("Ravenous Travelers cannot move onto Trading Post tiles, Cedar Falls or Newhaven.")
TOKEN_PASSES = book("At the end of each round, it will pass to the Player to the left.")
FIVE = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def turn(table, seat, travel, gathering, *camp, card=QUIET):
    """A Traveler's whole turn: the travel (or stay), the gathering, the Camp actions, the Event
    card."""
    table.accepted({"player": seat, **travel})
    table.accepted({"player": seat, **gathering})
    for action in camp:
        table.accepted(action)
    table.accepted({"type": "event_card", "player": seat, "card": card})


STAY = {"type": "stay"}
TO_A, TO_B = {"type": "travel", "to": "A"}, {"type": "travel", "to": "B"}


def five_players_to_round_3(client, **options):
    """Rounds 1 and 2 of five Players from the setup, with the table's mistakes refused; round 3's
    Season card resolved by Cat, who is on turn on the Mountain."""
    table = ApiTable(client, {"game": GAME, "players": FIVE,
                              "options": {"terrain": TRAIL, **options}})
    # Round 1, Ann's token. Dan stays in Cedar Falls, where a stampede kills all four of his
    # Companions and a fifth must perish: his Traveler turns Ravenous, his turn ends.
    table.accepted(season(1))
    turn(table, "p1", TO_A, {"type": "gather", "roll": 2, "take": ["food", "wood"]})
    turn(table, "p2", TO_A, {"type": "gather", "roll": 2, "take": ["food", "wood"]})
    # Eve's turn entered before Cat's: out of turn.
    refused_unchanged(table, {"type": "travel", "player": "p5", "to": "A"}, TURN_ORDER)
    turn(table, "p3", TO_A, {"type": "gather", "roll": 2, "take": ["food", "wood"]})
    table.accepted({"type": "stay", "player": "p4"})
    table.accepted({"type": "skip_gathering", "player": "p4"})
    undone_and_entered_again(table, {"type": "event_card", "player": "p4", "card": "Stampede",
                                     "perish": 5})
    dan = board(table, "p4")
    assert (dan["status"], dan["hunger"], dan["companions"]) == ("ravenous", 1, 0)
    assert table.view()["current_players"] == ["p5"]
    turn(table, "p5", TO_A, {"type": "gather", "roll": 1, "take": ["water"]})
    # The token passes to Bob: round 2's Season card is his.
    state = table.view()["state"]
    assert (state["first_player"], state["round"]) == ("p2", 2)
    refused_unchanged(table, season(2), SEASON_BY_FIRST)
    undone_and_entered_again(table, season(2, "p2"))
    # Round 2, from Bob to the left: Bob and Cat climb to the Mountain; Cat beats Bob there and
    # takes a Water and a Wood.
    turn(table, "p2", TO_B, {"type": "gather", "roll": 2, "take": ["wood", "wood"]})
    assert resources(table, "p2") == {"food": 0, "water": 1, "wood": 3}
    table.accepted({"type": "travel", "player": "p3", "to": "B"})
    table.accepted({"type": "gather", "player": "p3", "roll": 2, "take": ["wood", "wood"]})
    undone_and_entered_again(table, {"type": "combat", "player": "p3", "target": "p2",
                                     "dice": [2], "target_dice": [1]})
    undone_and_entered_again(table, {"type": "steal", "player": "p3",
                                     "take": {"water": 1, "wood": 1}})
    table.accepted({"type": "event_card", "player": "p3", "card": QUIET})
    assert resources(table, "p2") == {"food": 0, "water": 0, "wood": 2}
    assert resources(table, "p3") == {"food": 0, "water": 2, "wood": 4}
    # Dan, Ravenous, moves onto the Prairie, feeds on Ann (his Hunger gone), then, rolling no die
    # for no Hunger, loses to Eve and must retreat — not back into Cedar Falls — to the Mountain,
    # adding a Hunger.
    undone_and_entered_again(table, {"type": "ravenous_move", "player": "p4", "path": ["A"]})
    undone_and_entered_again(table, {"type": "ravenous_attack", "player": "p4", "target": "p1",
                                     "dice": [2], "target_dice": [1]})
    assert board(table, "p1")["companions"] == 3 and board(table, "p4")["hunger"] == 0
    table.accepted({"type": "ravenous_attack", "player": "p4", "target": "p5", "dice": [],
                    "target_dice": [1]})
    refused_unchanged(table, {"type": "retreat", "player": "p4", "to": "CF"}, NOT_ONTO)
    undone_and_entered_again(table, {"type": "retreat", "player": "p4", "to": "B"})
    assert (board(table, "p4")["tile"], board(table, "p4")["hunger"]) == ("B", 1)
    # Eve stays, gathers a Wood and trades a Water for Ann's Food; Ann accepts.
    table.accepted({"type": "stay", "player": "p5"})
    table.accepted({"type": "gather", "player": "p5", "roll": 1, "take": ["wood"]})
    undone_and_entered_again(table, {"type": "trade", "player": "p5", "with": "p1",
                                     "give": {"water": 1}, "get": {"food": 1}})
    refused_unchanged(table, {"type": "event_card", "player": "p5", "card": QUIET},
                      book("The Player they are proposing the Trade with may then accept or reject "
                           "the terms of the Trade"))
    undone_and_entered_again(table, {"type": "trade_answer", "player": "p1", "accepted": True})
    table.accepted({"type": "event_card", "player": "p5", "card": QUIET})
    assert resources(table, "p5") == {"food": 1, "water": 1, "wood": 2}
    # Ann, with no Food left for the Prairie's cost, takes a Hunger for it and climbs too.
    assert resources(table, "p1") == {"food": 0, "water": 2, "wood": 2}
    turn(table, "p1", TO_B, {"type": "gather", "roll": 1, "take": ["water"]})
    assert board(table, "p1")["ailments"]["hunger"] == 1
    assert resources(table, "p1") == {"food": 0, "water": 3, "wood": 1}
    # Round 3, Cat's token: she pays the Mountain's two Wood and reaches Newhaven first.
    state = table.view()["state"]
    assert (state["first_player"], state["round"]) == ("p3", 3)
    table.accepted(season(3, "p3"))
    return table


def test_five_players_from_the_setup_to_the_first_arrival_in_newhaven(client):
    table = five_players_to_round_3(client)
    before = as_seen(table.view())
    table.accepted({"type": "travel", "player": "p3", "to": "NH"})
    view = table.view()
    assert view["over"] is True and view["scores"]["winners"] == ["p3"]
    assert FIRST_TO_NEWHAVEN in view["scores"]["decided_by"]["rule"]["quote"]
    # The others' journeys stop where they stand: tiles crossed of the three.
    totals = {player["name"]: player["total"] for player in view["scores"]["players"]}
    assert totals == {"Ann": 2, "Bob": 2, "Cat": 3, "Dan": 2, "Eve": 1}
    # Nothing more is played: the first arrival ends the game (`game_ends_at`, as printed).
    refused_unchanged(table, {"type": "stay", "player": "p4"},
                      book("until a Player reaches Newhaven and ends the game."))
    # The calculator, given where each one ended: the same standings and winner.
    answer = calculated(client, GAME, {"crossing": 3, "players": [
        {"name": "Ann", "status": "traveler", "tiles_to_go": 1, "companions": 3},
        {"name": "Bob", "status": "traveler", "tiles_to_go": 1, "companions": 4},
        {"name": "Cat", "status": "arrived"},
        {"name": "Dan", "status": "ravenous", "tiles_to_go": 1},
        {"name": "Eve", "status": "traveler", "tiles_to_go": 2, "companions": 4}]})
    assert answer["winners"] == ["p3"]
    assert {player["name"]: player["total"] for player in answer["players"]} == totals
    # The arrival undone: round 3 is open again, Cat still on the Mountain.
    table.undo()
    assert as_seen(table.view()) == before
    assert board(table, "p3")["tile"] == "B"


def test_five_players_under_all_journeys_until_every_journey_has_ended(client):
    table = five_players_to_round_3(client, game_ends_at="all_journeys")
    # Round 3: Cat arrives first — the winner — and play goes on.
    table.accepted({"type": "travel", "player": "p3", "to": "NH"})
    assert table.view()["over"] is False and table.view()["scores"]["winners"] == ["p3"]
    # Dan, Ravenous on the Mountain, walks down to the Prairie, attacks nobody, retreats up again.
    table.accepted({"type": "ravenous_move", "player": "p4", "path": ["A"]})
    table.accepted({"type": "end_combat", "player": "p4"})
    table.accepted({"type": "retreat", "player": "p4", "to": "B"})
    assert board(table, "p4")["hunger"] == 2
    # Eve climbs to the Mountain; Ann, one Wood short, pays it in Wagon Damage and arrives; Bob
    # pays his two Wood and arrives.
    turn(table, "p5", TO_B, {"type": "gather", "roll": 2, "take": ["wood", "wood"]})
    assert resources(table, "p5") == {"food": 0, "water": 1, "wood": 3}
    table.accepted({"type": "travel", "player": "p1", "to": "NH"})
    assert board(table, "p1")["ailments"]["wagon_damage"] == 1
    table.accepted({"type": "travel", "player": "p2", "to": "NH"})
    # Round 4: the token passes to Dan, Ravenous; he resolves the Season card. The three who
    # arrived take no turns: Dan, then Eve.
    state = table.view()["state"]
    assert (state["first_player"], state["round"]) == ("p4", 4)
    table.accepted(season(4, "p4"))
    # Dan attacks Eve where he stands (two dice for two Hunger), wins, retreats to the Prairie.
    table.accepted({"type": "ravenous_attack", "player": "p4", "target": "p5", "dice": [2, 2],
                    "target_dice": [1]})
    assert board(table, "p5")["companions"] == 3 and board(table, "p4")["hunger"] == 1
    refused_unchanged(table, {"type": "retreat", "player": "p4", "to": "NH"}, NOT_ONTO)
    table.accepted({"type": "retreat", "player": "p4", "to": "A"})
    assert table.view()["current_players"] == ["p5"]
    before = as_seen(table.view())
    # Eve arrives: every Traveler's journey is over (four in Newhaven, Dan Ravenous).
    table.accepted({"type": "travel", "player": "p5", "to": "NH"})
    view = table.view()
    assert view["over"] is True and view["scores"]["winners"] == ["p3"]
    totals = {player["name"]: player["total"] for player in view["scores"]["players"]}
    assert totals == {"Ann": 3, "Bob": 3, "Cat": 3, "Dan": 1, "Eve": 3}
    answer = calculated(client, GAME, {"crossing": 3, "players": [
        {"name": "Ann", "status": "arrived", "arrived": 2},
        {"name": "Bob", "status": "arrived", "arrived": 3},
        {"name": "Cat", "status": "arrived", "arrived": 1},
        {"name": "Dan", "status": "ravenous", "tiles_to_go": 2},
        {"name": "Eve", "status": "arrived", "arrived": 4}]})
    assert answer["winners"] == ["p3"]
    assert {player["name"]: player["total"] for player in answer["players"]} == totals
    table.undo()
    assert as_seen(table.view()) == before
