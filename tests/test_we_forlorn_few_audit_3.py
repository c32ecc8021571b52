"""We Forlorn Few: a third look, as a player with the book open, where the first two audits
(tests/test_we_forlorn_few_audit.py, _audit_2.py, whose table helpers are reused) did not go: the
standings a player reads (tiles crossed toward Newhaven, Companions, Ailments against their
limits), the calculator's tallies and who it names the winner, the end conditions meeting each
other (the last Traveler turning Ravenous after an arrival, a Ravenous Player's fourth Hunger, the
First-Player token passing a Player whose journey is over), and a few "only / cannot" sentences.
Every scenario goes through the HTTP API (one app for the module); each docstring quotes its rule.
"""

import pytest

from tests.test_we_forlorn_few_audit import BOOK, Table, board, position, quote_of

Q_FIRST = "The first Player to reach Newhaven is the winner."
Q_OBJECTIVE = ("The objective of the game is to be the first Traveler to successfully cross the "
               "Game Board and reach Newhaven.")


@pytest.fixture
def client(module_client):
    """One app and database for the whole file (each scenario starts its own session)."""
    return module_client


def ravenous(tile, hunger=1):
    return {"tile": tile, "status": "ravenous", "hunger": hunger, "companions": 0}


def calculate(client, crossing, *players):
    return client.post("/api/score/we-forlorn-few", json={"crossing": crossing,
                                                          "players": list(players)})


def line(player, label):
    return next(part for part in player["breakdown"] if part["label"] == label)


# ---------------------------------------------------------------- the calculator


def test_calculator_tiles_crossed_are_the_points(client):
    """Objective: "...the first Traveler to successfully cross the Game Board and reach Newhaven."
    Five tiles from Cedar Falls to Newhaven: Ann arrived (5), Bob has 2 to go (3), Cleo, Ravenous,
    3 to go (2). Ann, who arrived first, wins."""
    r = calculate(client, 5, {"name": "Ann", "status": "arrived", "arrived": 1},
                  {"name": "Bob", "status": "traveler", "tiles_to_go": 2, "companions": 3},
                  {"name": "Cleo", "status": "ravenous", "tiles_to_go": 3})
    assert r.status_code == 200, r.get_json()
    answer = r.get_json()
    assert [p["total"] for p in answer["players"]] == [5, 3, 2]
    assert answer["winners"] == ["p1"] and Q_FIRST in answer["decided_by"]["rule"]["quote"]
    assert line(answer["players"][1], "Companions")["counts"] == "3 of 4"


def test_calculator_the_only_arrival_wins_without_a_rank(client):
    """ "The first Player to reach Newhaven is the winner." One Traveler reached Newhaven: she was
    the first, whether or not the tally says "arrived": 1."""
    r = calculate(client, 4, {"name": "Ann", "status": "arrived"},
                  {"name": "Bob", "status": "traveler", "tiles_to_go": 1})
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["winners"] == ["p1"]


def test_calculator_two_arrivals_need_their_order(client):
    """Two Travelers reached Newhaven (the ruling all_journeys plays on after the first): only the
    first wins, so the tally must say who was first — a 400 naming the field, not "no winner"."""
    r = calculate(client, 4, {"name": "Ann", "status": "arrived"},
                  {"name": "Bob", "status": "arrived"})
    assert r.status_code == 400, r.get_json()
    assert r.get_json()["error"]["field"] == "players[0].arrived"
    ranked = calculate(client, 4, {"name": "Ann", "status": "arrived", "arrived": 2},
                       {"name": "Bob", "status": "arrived", "arrived": 1})
    assert ranked.get_json()["winners"] == ["p2"]


def test_calculator_two_firsts_are_refused(client):
    """Only one Player can be "The first Player to reach Newhaven": two tallies of arrived 1 are a
    400 naming the second (the first listed was winning before)."""
    r = calculate(client, 4, {"name": "Ann", "status": "arrived", "arrived": 1},
                  {"name": "Bob", "status": "arrived", "arrived": 1})
    assert r.status_code == 400, r.get_json()
    assert r.get_json()["error"]["field"] == "players[1].arrived"


def test_calculator_an_arrival_order_for_someone_still_travelling_is_refused(client):
    """ "Once a Traveler reaches Newhaven their journey is over" — an arrival order belongs to a
    Player who arrived; Bob, still 2 tiles out, cannot be first."""
    r = calculate(client, 4, {"name": "Ann", "status": "traveler", "tiles_to_go": 1},
                  {"name": "Bob", "status": "traveler", "tiles_to_go": 2, "arrived": 1})
    assert r.status_code == 400, r.get_json()
    assert r.get_json()["error"]["field"] == "players[1].arrived"


def test_calculator_arrivals_ranked_from_one(client):
    """The first to reach Newhaven is ranked 1: arrivals ranked 2 and 3 with nobody 1 name no first,
    a 400 rather than a game with no winner."""
    r = calculate(client, 4, {"name": "Ann", "status": "arrived", "arrived": 2},
                  {"name": "Bob", "status": "arrived", "arrived": 3})
    assert r.status_code == 400, r.get_json()
    assert r.get_json()["error"]["field"].startswith("players[")


def test_calculator_nobody_arrived_nobody_wins(client):
    """End of Game: all Travelers Ravenous (nobody is still a Traveler), and nobody reached
    Newhaven: no winner, decided by "If all Travelers turn Ravenous, the game is over." """
    r = calculate(client, 4, {"name": "Ann", "status": "out"},
                  {"name": "Bob", "status": "ravenous", "tiles_to_go": 2})
    assert r.status_code == 200, r.get_json()
    answer = r.get_json()
    assert answer["winners"] == []
    assert answer["decided_by"]["rule"]["quote"] == "If all Travelers turn Ravenous, the game is over."
    assert [p["total"] for p in answer["players"]] == [0, 2]


def test_calculator_tiles_to_go_beyond_the_crossing_counts_none_crossed(client):
    """A Traveler may be farther from Newhaven than Cedar Falls is once a Season card removed tiles
    (the way round is longer; session 12 — this was a 400 that read "at most the whole crossing
    away"): 6 to go on a crossing of 4 is 0 tiles crossed, as the live standings count it."""
    r = calculate(client, 4, {"name": "Ann", "status": "traveler", "tiles_to_go": 6})
    assert r.status_code == 200, r.get_json()
    line = r.get_json()["players"][0]["breakdown"][0]
    assert (line["points"], line["counts"]) == (0, "6 tile(s) to go")


# ---------------------------------------------------------------- the standings at the table


def test_standings_count_the_tiles_crossed_companions_and_ailments(client):
    """Ailments and Perishing: "Players can accrue up to three of each Ailment type without
    penalty." and a Skull "will lower the total amount of Ailment tokens the Traveler can accrue".
    The trail CF - A1 - B1 - NH is 3 tiles: Ann on A1 has crossed 1; Bob at CF 0; her 2 Hunger
    read "2 of 3", Bob's Thirst with one Skull "1 of 2 (1 Skull)"."""
    bob = board("CF", thirst=1, companions=3, skulls={"hunger": 0, "thirst": 1, "wagon_damage": 0})
    t = Table(client, position(p1=board("A1", hunger=2), p2=bob, p3=board("A2")))
    players = t.view()["scores"]["players"]
    assert [p["total"] for p in players] == [1, 0, 1]
    assert line(players[0], "Hunger")["counts"] == "2 of 3"
    assert line(players[1], "Thirst")["counts"] == "1 of 2 (1 Skull)"
    assert line(players[1], "Companions")["counts"] == "3 of 4"
    assert t.view()["scores"]["winners"] == []


def test_standings_name_nobody_the_winner_before_anyone_arrives(client):
    """ "The first Player to reach Newhaven is the winner." — before anyone has, nobody is, even
    the Player closest to Newhaven."""
    t = Table(client, position(p1=board("B1"), p2=board(), p3=board()))
    scores = t.view()["scores"]
    assert scores["winners"] == [] and not scores["final"]
    assert scores["players"][0]["total"] == 2


# ---------------------------------------------------------------- end conditions meeting


def test_the_last_traveler_turning_ravenous_after_an_arrival_ends_the_game(client):
    """End of Game: "We Forlorn Few ends when all Travelers' journeys have come to one of the
    following conclusions" (ruling all_journeys). Ann reached Newhaven, Bob is Ravenous; Cleo, the
    last Traveler, explores a Hunger with no Companion left and turns Ravenous: every journey is
    over and Ann, the first to arrive, wins."""
    pos = position("gathering", current="p3", p1=board("NH", status="arrived"),
                   p2=ravenous("A2"), p3=board("A2", hunger=3, companions=0))
    pos["arrivals"] = ["p1"]
    t = Table(client, pos, options={"game_ends_at": "all_journeys"})
    t.ok({"type": "explore", "player": "p3", "draw": "hunger"})
    v = t.view()
    assert v["over"] is True and v["state"]["players"]["p3"]["status"] == "ravenous"
    assert v["scores"]["winners"] == ["p1"]
    assert Q_FIRST in v["scores"]["decided_by"]["rule"]["quote"]


def test_all_travelers_ravenous_ends_the_game_with_no_winner(client):
    """ "If all Travelers turn Ravenous, the game is over." Bob and Cleo are Ravenous; Ann, the last
    Traveler, turns Ravenous while exploring: the game is over, nobody wins, and the rule that
    decided it is that sentence."""
    pos = position("gathering", p1=board("A2", hunger=3, companions=0), p2=ravenous("A1"),
                   p3=ravenous("B2"))
    t = Table(client, pos)
    t.ok({"type": "explore", "player": "p1", "draw": "hunger"})
    v = t.view()
    assert v["over"] is True and v["scores"]["winners"] == []
    assert v["scores"]["decided_by"]["rule"]["quote"] == "If all Travelers turn Ravenous, the game is over."


def test_a_ravenous_players_fourth_hunger_puts_them_out_and_play_goes_on(client):
    """ "If a Ravenous Traveler adds a fourth Hunger token to their Player board ... they have
    perished and they are out of the game." Bob, Ravenous with 3 Hunger, retreats and adds the
    fourth: he is out, the game goes on with Cleo's turn (Ann is still a Traveler)."""
    pos = position("ravenous_retreat", current="p2", p1=board("CF"), p2=ravenous("A2", hunger=3),
                   p3=board("B2"))
    t = Table(client, pos)
    t.ok({"type": "retreat", "player": "p2", "to": "B2"})
    v = t.view()
    assert v["state"]["players"]["p2"]["status"] == "out"
    assert v["over"] is False and v["state"]["current"] == "p3"
    assert [p["total"] for p in v["scores"]["players"]][1] == 0  # out: off the board


def test_the_first_player_token_passes_over_a_player_whose_journey_is_over(client):
    """ "The First-Player token moves to the Player on their left." — under all_journeys Bob (p2)
    reached Newhaven: when Cleo (p3) ends the round Ann (p1) began, the token passes over Bob to
    Cleo, who resolves the next Season card (Bob cannot)."""
    pos = position("event", current="p3", p1=board("A2"), p2=board("NH", status="arrived"),
                   p3=board("B2"))
    pos["arrivals"], pos["first_player"] = ["p2"], "p1"
    t = Table(client, pos, options={"game_ends_at": "all_journeys"})
    t.ok({"type": "event_card", "player": "p3", "card": "Quiet night"})
    v = t.view()
    assert v["state"]["first_player"] == "p3" and v["phase"] == "season"
    r = t.post({"type": "season", "player": "p2", "card": "Thaw"})
    assert r.status_code == 422
    assert all(q in BOOK for q in quote_of(r))
    t.ok({"type": "season", "player": "p3", "card": "Thaw"})


def test_a_second_arrival_does_not_take_the_win(client):
    """ "The first Player to reach Newhaven is the winner." (all_journeys) Ann arrived first; Bob
    arrives next: Ann stays the winner; Bob's journey is over too, and Cleo plays on."""
    pos = position(current="p2", p1=board("NH", status="arrived"), p2=board("B2", water=1, wood=1),
                   p3=board("A2"))
    pos["arrivals"] = ["p1"]
    t = Table(client, pos, options={"game_ends_at": "all_journeys"})
    t.ok({"type": "travel", "player": "p2", "to": "NH"})
    v = t.view()
    assert v["state"]["players"]["p2"]["status"] == "arrived"
    assert v["scores"]["winners"] == ["p1"] and v["over"] is False
    assert v["state"]["current"] == "p3"


# ---------------------------------------------------------------- "only" and "cannot"


def test_no_combat_with_a_traveler_in_cedar_falls(client):
    """FAQ: "Q: Can I initiate Combat with a Traveler on Cedar Falls or Newhaven?" "A: No,
    attacking a Traveler in a city would be unseemly." Ann on A1 cannot attack Bob in Cedar Falls
    (adjacent); nothing is rolled."""
    t = Table(client, position("camp", p1=board("A1"), p2=board("CF"), p3=board("B2")))
    r = t.post({"type": "combat", "player": "p1", "target": "p2", "dice": [2], "target_dice": [0]})
    assert r.status_code == 422, r.get_json()
    assert any("unseemly" in q for q in quote_of(r))
    assert t.p("p2")["resources"] == {"food": 1, "water": 1, "wood": 1}


def test_a_ravenous_traveler_moves_no_more_than_two_tiles(client):
    """Movement Phase: "During the Movement Phase, Ravenous Players may move up to two tiles per
    turn." A path of three tiles is refused; Bob stays where he was."""
    t = Table(client, position("ravenous_movement", current="p2", p1=board("CF"),
                               p2=ravenous("A2"), p3=board("CF")))
    r = t.post({"type": "ravenous_move", "player": "p2", "path": ["B2", "B1", "FD"]})
    assert r.status_code == 422, r.get_json()
    assert any("up to two tiles" in q for q in quote_of(r))
    assert t.p("p2")["tile"] == "A2"


def test_recuperate_only_the_corresponding_ailment(client):
    """Quick Reference, Recuperate: "For every one Resource discarded you may remove one
    corresponding Ailment." Ann says she discards Wood to remove Hunger: refused with that
    sentence (the Resources discarded can be entered); Wood removes Wagon Damage."""
    t = Table(client, position("camp", p1=board("A2", wood=2, hunger=2, wagon=1), p2=board(),
                               p3=board()))
    t.refused({"type": "recuperate", "player": "p1", "remove": {"hunger": 1},
               "discard": {"wood": 1}}, "For every one Resource discarded you may remove one "
                                        "corresponding Ailment.")
    assert t.p("p1")["ailments"]["hunger"] == 2 and t.p("p1")["resources"]["wood"] == 2
    t.ok({"type": "recuperate", "player": "p1", "remove": {"wagon_damage": 1},
          "discard": {"wood": 1}})
    assert t.p("p1")["ailments"]["wagon_damage"] == 0 and t.p("p1")["resources"]["wood"] == 1


# ---------------------------------------------------------------- the rulings' other readings


@pytest.mark.parametrize("allowed", [True, False])
def test_attacking_from_cedar_falls_by_ruling(client, allowed):
    """FAQ: "A: No, attacking a Traveler in a city would be unseemly." names the target's city;
    the ruling attack_from_city says whether a Traveler in Cedar Falls may attack one on an
    adjacent tile (default: yes, only the target's tile is named)."""
    t = Table(client, position("camp", p1=board("CF"), p2=board("A1"), p3=board("B2")),
              options={"attack_from_city": allowed})
    event = {"type": "combat", "player": "p1", "target": "p2", "dice": [1], "target_dice": [0]}
    if allowed:
        t.ok(event)
    else:
        t.refused(event, "A: No, attacking a Traveler in a city would be unseemly.")


@pytest.mark.parametrize("allowed", [True, False])
def test_attacking_a_ravenous_player_by_ruling(client, allowed):
    """Combat: "To initiate combat, the Active Player selects another Player on their current
    tile, or an adjacent tile" — a Ravenous Player is another Player (ruling attack_ravenous,
    default yes; he rolls one die per Hunger); under the other reading Ann cannot pick Bob."""
    t = Table(client, position("camp", p1=board("A2"), p2=ravenous("A2", hunger=1),
                               p3=board("B2")), options={"attack_ravenous": allowed})
    event = {"type": "combat", "player": "p1", "target": "p2", "dice": [2], "target_dice": [0]}
    if allowed:
        t.ok(event)
        assert t.p("p2")["status"] == "ravenous"
    else:
        t.refused(event, "To initiate combat, the Active Player selects another Player")


@pytest.mark.parametrize("allowed", [True, False])
def test_trading_with_a_ravenous_player_by_ruling(client, allowed):
    """Trade: "The Active Player may Trade with other Players who are on the same Terrain tile, or
    on the Terrain tiles adjacent to them." and "Trades may use ... other forms of negotiation"
    (ruling trade_with_ravenous, default yes: a Ravenous Player has no Supply, only other terms;
    the other reading refuses with the Trade's own sentence, as attack_ravenous does with the
    Combat's: finding 119)."""
    t = Table(client, position("camp", p1=board("A2"), p2=ravenous("A2", hunger=1),
                               p3=board("B2")), options={"trade_with_ravenous": allowed})
    event = {"type": "trade", "player": "p1", "with": "p2", "terms": "safe passage",
             "accepted": False}
    if allowed:
        t.ok(event)
    else:
        t.refused(event, "The Active Player may Trade with other Players who are on the same "
                         "Terrain tile")
