"""We Forlorn Few, whole games as a table enters them, written as an outsider (the rulebook,
docs/games/we-forlorn-few.md and the API's description only, never the referee's code): the trail
laid face down, each round's Season card by the First Player, every Player's four phases in the
book's order (Travel, Gathering with the Tool Bonus, Camp, the Event card), the dice and bag draws as
the table reads them, the book's worked examples where a step has one, through the end; each
Player's board checked against the book after each turn, what `legal` offers, the slips a table makes
refused with the sentence that forbids them and nothing written, and the final standings against the
calculator (POST /api/score/we-forlorn-few)."""

import pytest

from tests.api_table import ApiTable, assert_replayed_alike, calculated, quotes_from

GAME = "we-forlorn-few"
book = quotes_from(GAME)

TURN_ORDER = book("Beginning with the First Player and moving to the left, the Player turns are "
                  "resolved.")
SEASON_BY_FIRST = book("At the beginning of each round the First Player will draw the top Season "
                       "card, read it aloud and resolve it.")
SEASON_ORDER = book("Spring on top followed by Summer, Fall and then Winter on the bottom of the "
                    "deck.")
PHASE_ORDER = book("Each Player's turn consists of four phases that MUST be resolved in the "
                   "following order:")
ONLY_LISTED = book("Travelers can only gather the Resources that are listed on their current tile.")
CAMP_ONCE = book("During the Camp Phase the Active Player may perform each of the following actions "
                 "once in any order")
PARTNER_ANSWERS = book("The Player they are proposing the Trade with may then accept or reject the "
                       "terms of the Trade")
EQUAL_VALUE = book("you may purchase from those cards by discarding Resources and/or Equipment of "
                   "equal Value.")
FIRST_TO_NEWHAVEN = book("The first Player to reach Newhaven is the winner.")
NEWHAVEN_ENDS = book("To survive until all Players have perished OR until a Player reaches Newhaven "
                     "and ends the game.")
CITY = book("No, attacking a Traveler in a city would be unseemly.")
WINTER = book("If a new round begins but there are no cards left in the Season deck then all "
              "Travelers remaining on the Game Board perish and the game is over.")

QUIET = {"card": "Quiet night"}
HERD = "A herd like that would fetch enough money to kill for."
PRAIRIE = {"kind": "Prairie", "travel_cost": {"food": 1, "wood": 1},
           "resources": ["food", "water", "wood"], "trading_post": True}
# The Travel Example's tile: "The Travel Cost is one Food, one Water and three Wood."
WETLANDS = {"kind": "Wetlands", "travel_cost": {"food": 1, "water": 1, "wood": 3},
            "resources": ["water", "food"]}
DESERT = {"kind": "Desert", "travel_cost": {"water": 2}, "resources": []}

# The trail as laid out: Cedar Falls and Newhaven face up, the Terrain tiles face down.
TRAIL = [{"name": "CF", "kind": "Cedar Falls", "travel_cost": {"food": 1, "water": 1},
          "adjacent": ["P1"]},
         {"name": "P1", "face_up": False, "adjacent": ["W1", "X1"]},
         {"name": "X1", "face_up": False, "adjacent": ["W1", "NH"]},
         {"name": "W1", "face_up": False, "adjacent": ["NH"]},
         {"name": "NH", "kind": "Newhaven", "adjacent": []}]
SHERIFFS_DAUGHTER = {"name": "The Sheriff's Daughter", "equipment": [
    {"name": "Pistol", "type": "weapon", "value": 2},
    {"name": "Holster", "type": "storage", "value": 1, "holds": {"tool": 0, "weapon": 1}}]}
ENTREPRENEUR = {"name": "The Self-Made Entrepreneur", "equipment": [
    {"name": "Pistol", "type": "weapon", "value": 2},
    {"name": "Tool Box", "type": "tool", "value": 2, "bonus": "wood"}]}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def send(table, kind, player, **fields):
    return table.accepted({"type": kind, "player": player, **fields})


def refused(table, event, quote):
    """The slip refused with `quote`, and the game exactly as before it."""
    before = table.view()
    table.refused(event, quote)
    after = table.view()
    assert (after["state"], after["seq"], after["legal"]) == (
        before["state"], before["seq"], before["legal"])


def board(table, player):
    return table.view()["state"]["players"][player]


def supply(table, player):
    resources = board(table, player)["resources"]
    return resources["food"], resources["water"], resources["wood"]


def ailments(table, player):
    found = board(table, player)["ailments"]
    return found["hunger"], found["thirst"], found["wagon_damage"]


def on_turn(table):
    return table.view()["current_players"]


def offered(table):
    return table.view()["legal"]


def quiet_turn(table, player, tool_bonus=None):
    """Stay, neither Gather nor Explore, nothing in camp, an Event card that does nothing."""
    send(table, "stay", player)
    send(table, "skip_gathering", player, **({"tool_bonus": tool_bonus} if tool_bonus else {}))
    send(table, "end_camp", player)
    send(table, "event_card", player, **QUIET)


def test_a_two_player_game_won_by_the_sheriffs_daughter_reaching_newhaven(client):
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Bob"], "options": {
        "terrain": TRAIL, "travelers": {"p1": SHERIFFS_DAUGHTER, "p2": ENTREPRENEUR},
        "first_player": "p1"}})
    # Traveler Setup f): one Food, one Water and one Wood each, four Companions, on Cedar Falls.
    for player in ("p1", "p2"):
        assert supply(table, player) == (1, 1, 1)
        assert board(table, player)["companions"] == 4 and board(table, player)["tile"] == "CF"
    assert on_turn(table) == ["p1"]
    assert [(e["type"], e["player"]) for e in offered(table)] == [("season", "p1")]

    # Round 1, the First Player Ann resolves a Season card.
    send(table, "season", "p1", card="Spring 1", season="spring",
         add_to_bag={"food": 2, "water": 1, "thirst": 1})
    assert table.view()["state"]["bag"] == {"food": 2, "water": 1, "wood": 0, "hunger": 0,
                                           "thirst": 1, "wagon_damage": 0}
    refused(table, {"type": "travel", "player": "p2", "to": "P1"}, TURN_ORDER)
    # Ann leaves Cedar Falls (its cost: one Food, one Water) and flips the Prairie.
    travel = [e for e in offered(table) if e["type"] == "travel"]
    assert [(e["to"], e["pay"], e["ailments"]) for e in travel] == [
        ("P1", {"food": 1, "water": 1, "wood": 0}, {"hunger": 0, "thirst": 0, "wagon_damage": 0})]
    send(table, "travel", "p1", to="P1", reveal=PRAIRIE)
    assert supply(table, "p1") == (0, 0, 1)
    # A die shows Worth 2, 1 or 0: a 3 is not a die's face.
    response = table.send({"type": "gather", "player": "p1", "roll": 3, "take": ["food"]})
    assert response.status_code == 400 and "roll" in response.get_json()["error"]["field"]
    send(table, "gather", "p1", roll=2, take=["food", "food"])
    assert supply(table, "p1") == (2, 0, 1)
    refused(table, {"type": "travel", "player": "p1", "to": "X1"}, PHASE_ORDER)
    send(table, "end_camp", "p1")
    send(table, "event_card", "p1", card="Spring rain", gain={"water": 1})
    assert supply(table, "p1") == (2, 1, 1)
    assert on_turn(table) == ["p2"]

    # Bob: to the Prairie; the Tool Box's Wood, then a Gather roll of Worth 0 draws from the bag.
    send(table, "travel", "p2", to="P1")
    assert supply(table, "p2") == (0, 0, 1)
    send(table, "gather", "p2", roll=0, draw="food")
    assert supply(table, "p2") == (1, 0, 2)
    # Bob offers Ann a Wood for a Food (same tile); only Ann may answer.
    send(table, "trade", "p2", **{"with": "p1", "give": {"wood": 1}, "get": {"food": 1}})
    refused(table, {"type": "trade_answer", "player": "p2", "accepted": True}, PARTNER_ANSWERS)
    send(table, "trade_answer", "p1", accepted=True)
    assert (supply(table, "p1"), supply(table, "p2")) == ((1, 1, 2), (2, 0, 1))
    refused(table, {"type": "trade", "player": "p2", "with": "p1", "give": {"wood": 1},
                    "get": {"food": 1}}, CAMP_ONCE)
    # The Prairie's Trading Post: three Equipment cards flipped, one bought for equal Value.
    offered_cards = [{"name": "Saddlebag", "type": "storage", "value": 1,
                      "holds": {"tool": 1, "weapon": 0}},
                     {"name": "Rifle", "type": "weapon", "value": 3, "dice": 1},
                     {"name": "Snare", "type": "tool", "value": 2, "bonus": "food"}]
    refused(table, {"type": "trading_post", "player": "p2", "offered": offered_cards,
                    "buy": ["Rifle"], "pay": {"wood": 1}}, EQUAL_VALUE)
    send(table, "trading_post", "p2", offered=offered_cards, buy=["Saddlebag"], pay={"wood": 1})
    assert supply(table, "p2") == (2, 0, 0)
    assert [card["name"] for card in board(table, "p2")["equipment"]] == [
        "Pistol", "Tool Box", "Saddlebag"]
    send(table, "end_camp", "p2")
    # The Event Phase Example's card: a Combat roll with the Pistol's die, the highest counts
    # (Worth 2: two Food), then one token drawn from the bag.
    send(table, "event_card", "p2", card=HERD, dice=[2, 1], draws=["water"])
    assert supply(table, "p2") == (4, 1, 0)
    assert table.view()["state"]["bag"]["water"] == 0

    # Round 2: the First-Player token has passed left, to Bob.
    assert on_turn(table) == ["p2"]
    refused(table, {"type": "season", "player": "p1", "card": "Spring 2", "season": "spring",
                    "add_to_bag": {"water": 2}}, SEASON_BY_FIRST)
    send(table, "season", "p2", card="Spring 2", season="spring",
         add_to_bag={"water": 2, "wagon_damage": 1})
    # Bob leaves the Prairie (one Food, one Wood): no Wood, so one Wagon Damage instead.
    send(table, "travel", "p2", to="X1", reveal=DESERT)
    assert (supply(table, "p2"), ailments(table, "p2")) == ((3, 1, 0), (0, 0, 1))
    send(table, "explore", "p2", draw="thirst")  # the Tool Box's Wood first
    assert (supply(table, "p2"), ailments(table, "p2")) == ((3, 1, 1), (0, 1, 1))
    # Bob attacks Ann on the adjacent Prairie and loses (1 against 4): Ann steals two Food.
    send(table, "combat", "p2", target="p1", dice=[1, 0], target_dice=[2, 2])
    assert on_turn(table) == ["p1"]
    send(table, "steal", "p1", take={"food": 2})
    assert (supply(table, "p1"), supply(table, "p2")) == ((3, 1, 2), (1, 1, 1))
    send(table, "recuperate", "p2", remove={"thirst": 1})
    assert (supply(table, "p2"), ailments(table, "p2")) == ((1, 0, 1), (0, 0, 1))
    refused(table, {"type": "recuperate", "player": "p2", "remove": {"wagon_damage": 1}},
            CAMP_ONCE)
    send(table, "end_camp", "p2")
    send(table, "event_card", "p2", card="Scorching sun", ailments={"hunger": 1})
    # Ann to the Wetlands (the Prairie's cost paid in full).
    send(table, "travel", "p1", to="W1", reveal=WETLANDS)
    assert supply(table, "p1") == (2, 1, 1)
    refused(table, {"type": "gather", "player": "p1", "roll": 2, "take": ["wood", "wood"]},
            ONLY_LISTED)
    send(table, "skip_gathering", "p1")
    send(table, "end_camp", "p1")
    send(table, "event_card", "p1", **QUIET)

    # Round 3: Ann is First Player again.
    send(table, "season", "p1", card="Spring 3", season="spring", add_to_bag={"food": 1})
    quiet_turn(table, "p1")
    send(table, "stay", "p2")
    send(table, "explore", "p2", draw="wagon_damage")
    assert ailments(table, "p2") == (1, 0, 2)
    send(table, "end_camp", "p2")
    # Three Hunger more: one over the limit of three, so a Companion perishes.
    send(table, "event_card", "p2", card="Blizzard", ailments={"hunger": 3})
    assert board(table, "p2")["companions"] == 3
    assert ailments(table, "p2") == (3, 0, 2)

    # Round 4: after three Spring cards, a Summer card.
    refused(table, {"type": "season", "player": "p2", "card": "Spring 4", "season": "spring",
                    "add_to_bag": {"food": 1}}, SEASON_ORDER)
    send(table, "season", "p2", card="Summer 1", season="summer", add_to_bag={"hunger": 1})
    # Bob Sacrifices a Companion: four Ailments off, the Skull on the Wagon Damage track.
    send(table, "sacrifice", "p2", remove={"hunger": 3, "wagon_damage": 1}, skull="wagon_damage")
    assert board(table, "p2")["companions"] == 2
    assert ailments(table, "p2") == (0, 0, 1)
    assert board(table, "p2")["skulls"] == {"hunger": 0, "thirst": 0, "wagon_damage": 1}
    quiet_turn(table, "p2")
    # Ann: the Travel Example — two Food, one Water, one Wood against one Food, one Water and three
    # Wood: she discards one of each and adds two Wagon Damage, and reaches Newhaven.
    assert supply(table, "p1") == (2, 1, 1)
    to_newhaven = [e for e in offered(table) if e["type"] == "travel" and e["to"] == "NH"]
    assert [(e["pay"], e["ailments"]) for e in to_newhaven] == [
        ({"food": 1, "water": 1, "wood": 1}, {"hunger": 0, "thirst": 0, "wagon_damage": 2})]
    # Backwards toward Cedar Falls (the Prairie) costs any two Resources instead.
    assert {tuple(sorted(e["pay"].items())) for e in offered(table) if e.get("backward")} == {
        (("food", 2), ("water", 0), ("wood", 0)), (("food", 1), ("water", 1), ("wood", 0)),
        (("food", 1), ("water", 0), ("wood", 1)), (("food", 0), ("water", 1), ("wood", 1))}
    send(table, "travel", "p1", to="NH")
    assert (supply(table, "p1"), ailments(table, "p1")) == ((1, 0, 0), (0, 0, 2))

    view = table.view()
    assert view["over"] is True and view["legal"] == [] and view["current_players"] == []
    scores = view["scores"]
    assert scores["winners"] == ["p1"]
    assert FIRST_TO_NEWHAVEN in scores["decided_by"]["rule"]["quote"]
    lines = {p["seat"]: {line["label"]: (line["points"], line.get("counts"))
                         for line in p["breakdown"]} for p in scores["players"]}
    assert lines["p1"] == {"Reached Newhaven": (3, "journey over")}
    assert lines["p2"]["Tiles crossed toward Newhaven"] == (2, "1 tile(s) to go")
    assert lines["p2"]["Companions"][1] == "2 of 4"
    # The Skull lowers the Wagon Damage track's limit to two.
    assert lines["p2"]["Wagon Damage"][1] == "1 of 2 (1 Skull)"
    after = table.send({"type": "stay", "player": "p2"})
    assert after.status_code == 422
    quote = after.get_json()["error"]["rule"]["quote"]
    assert FIRST_TO_NEWHAVEN in quote or NEWHAVEN_ENDS in quote, quote

    assert_replayed_alike(client, table, {"type": "travel", "player": "p1", "to": "NH"})
    by_hand = calculated(client, GAME, {"crossing": 3, "players": [
        {"name": "Ann", "status": "arrived", "arrived": 1},
        {"name": "Bob", "status": "traveler", "tiles_to_go": 1, "companions": 2}]})
    assert by_hand["winners"] == ["p1"]
    assert by_hand["decided_by"]["rule"] == scores["decided_by"]["rule"]
    assert [p["total"] for p in by_hand["players"]] == [
        p["total"] for p in scores["players"]]


# --- Five Players, the most the box allows ("5 double-sided Player boards") ---------------------

FIVE_TRAIL = [{"name": "CF", "kind": "Cedar Falls", "travel_cost": {"food": 1, "water": 1},
               "adjacent": ["A1", "A2"]},
              {"name": "A1", "face_up": False, "adjacent": ["B1"]},
              {"name": "A2", "face_up": False, "adjacent": ["B1"]},
              {"name": "B1", "face_up": False, "adjacent": ["C1"]},
              {"name": "C1", "face_up": False, "adjacent": ["NH"]},
              {"name": "NH", "kind": "Newhaven", "adjacent": []}]
# The Heiress' Water Keg and the two Travelers whose equipment the book does not print are entered
# as the table reads their boards.
FIVE_TRAVELERS = {
    # The Daughter's board as the table reads it: one slot of each type.
    "p1": ENTREPRENEUR, "p2": SHERIFFS_DAUGHTER | {"slots": {"tool": 1, "weapon": 1,
                                                             "storage": 1}},
    "p3": {"name": "The Widowed Heiress", "equipment": [
        {"name": "Water Keg", "type": "tool", "value": 2, "bonus": "water"}]},
    # The Combat Example's Matriarch "has two pistols in their Supply".
    "p4": {"name": "The Outpost Matriarch", "equipment": [
        {"name": "Pistol", "type": "weapon", "value": 2},
        {"name": "Pistol", "type": "weapon", "value": 2}]},
    "p5": {"name": "The Exiled Woodsman", "equipment": []}}
SNARE = {"name": "Snare", "type": "tool", "value": 2, "bonus": "food"}
SEASONS = ["spring"] * 3 + ["summer"] * 3 + ["fall"] * 3 + ["winter"] * 3
RAVENOUS_NOT_ONTO = book("Ravenous Travelers cannot move onto Trading Post tiles, Cedar Falls or "
                         "Newhaven.")
TURNS_RAVENOUS = book("If a Player is required to have a Companion perish, but they have no "
                      "remaining Companion tokens on their Player Board, their Traveler turns "
                      "Ravenous")


def season(table, round_number, first):
    assert on_turn(table) == [first], (round_number, first)
    send(table, "season", first, card=f"{SEASONS[round_number - 1].title()} {round_number}",
         season=SEASONS[round_number - 1], add_to_bag={"food": 1})


def test_a_five_player_game_that_winter_ends_with_a_ravenous_woodsman_out(client):
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Bob", "Cleo", "Dora", "Eli"],
                              "options": {"terrain": FIVE_TRAIL, "travelers": FIVE_TRAVELERS,
                                          "first_player": "p1"}})
    assert sum(1 for p in table.view()["state"]["players"].values() if p["tile"] == "CF") == 5

    def quiet(player):
        # Ann takes only her Tool Box's Wood from here on ("You may add one token per card.").
        quiet_turn(table, player, {"wood": 1} if player == "p1" else None)

    # Round 1 (Ann first): the Season card places a Snare on the Prairie; Ann and Bob leave for
    # it; the others stay in Cedar Falls.
    send(table, "season", "p1", card="Spring 1", season="spring", add_to_bag={"food": 1},
         place=[{"tile": "A1", "equipment": [SNARE]}])
    send(table, "travel", "p1", to="A1", reveal=PRAIRIE | {"trading_post": False})
    assert [card["name"] for card in board(table, "p1")["equipment"]] == [
        "Pistol", "Tool Box", "Snare"]
    # The Gathering Phase Example: the Entrepreneur on a Prairie with the Snare adds one Food
    # (and his Tool Box's Wood), then rolls Worth 2 and takes one Water and one Wood.
    assert supply(table, "p1") == (0, 0, 1)
    send(table, "gather", "p1", roll=2, take=["water", "wood"])
    assert supply(table, "p1") == (1, 1, 3)
    send(table, "end_camp", "p1")
    send(table, "event_card", "p1", **QUIET)
    send(table, "travel", "p2", to="A1")
    send(table, "skip_gathering", "p2")
    send(table, "end_camp", "p2")
    send(table, "event_card", "p2", **QUIET)
    # Cleo (the Heiress): her Water Keg's Water; no Combat against a Traveler in Cedar Falls
    # (Ann and Bob, on the adjacent Prairie, may be attacked).
    send(table, "stay", "p3")
    send(table, "skip_gathering", "p3")
    assert supply(table, "p3") == (1, 2, 1)
    assert {e["target"] for e in offered(table) if e["type"] == "combat"} == {"p1", "p2"}
    refused(table, {"type": "combat", "player": "p3", "target": "p4", "dice": [2],
                    "target_dice": [0]}, CITY)
    send(table, "end_camp", "p3")
    send(table, "event_card", "p3", **QUIET)
    # Dora (the Matriarch) ends with the Recuperate Example's board: two Hunger, one Thirst, three
    # Wagon Damage; one Food, two Water, three Wood.
    send(table, "stay", "p4")
    send(table, "skip_gathering", "p4")
    send(table, "end_camp", "p4")
    send(table, "event_card", "p4", card="Hard road",
         ailments={"hunger": 2, "thirst": 1, "wagon_damage": 3}, gain={"water": 1, "wood": 2})
    assert (supply(table, "p4"), ailments(table, "p4")) == ((1, 2, 3), (2, 1, 3))
    # Eli (the Woodsman) ends with the Perishing Example's board: two Hunger, three Thirst.
    send(table, "stay", "p5")
    send(table, "skip_gathering", "p5")
    send(table, "end_camp", "p5")
    send(table, "event_card", "p5", card="Fever", ailments={"hunger": 2, "thirst": 3})
    assert ailments(table, "p5") == (2, 3, 0) and board(table, "p5")["companions"] == 4

    # Round 2 (Bob first).
    season(table, 2, "p2")
    for player in ("p2", "p3"):
        quiet(player)
    # The Recuperate Example: one Food for one Hunger, one Water for one Thirst, all three Wood
    # for the three Wagon Damage.
    send(table, "stay", "p4")
    send(table, "skip_gathering", "p4")
    send(table, "recuperate", "p4", remove={"hunger": 1, "thirst": 1, "wagon_damage": 3})
    assert (supply(table, "p4"), ailments(table, "p4")) == ((0, 1, 0), (1, 0, 0))
    # The Combat Example: the Matriarch (two pistols: three dice, 2 + 1 + 0) attacks the Sheriff's
    # Daughter on the adjacent Prairie (one pistol: two dice, 2 + 2). Four beats three: the
    # Daughter may steal up to four Value — a Pistol (2) and a Water (1); the Pistol goes on her
    # Holster.
    assert {(e["target"], len(e["dice"]), len(e["target_dice"])) for e in offered(table)
            if e["type"] == "combat" and e["target"] == "p2" and "dice" in e} <= {("p2", 3, 2)}
    send(table, "combat", "p4", target="p2", dice=[2, 1, 0], target_dice=[2, 2])
    assert on_turn(table) == ["p2"]
    refused(table, {"type": "steal", "player": "p2", "take": {"equipment": ["Pistol"],
                                                              "water": 1, "food": 1}},
            book("The winner may steal any Resources and Equipment up to the Value of their total "
                 "roll result from the losing Player's Supply."))
    send(table, "steal", "p2", take={"equipment": ["Pistol"], "water": 1})
    assert [card["name"] for card in board(table, "p4")["equipment"]] == ["Pistol"]
    assert supply(table, "p4") == (0, 0, 0) and supply(table, "p2") == (0, 1, 1)
    daughter = board(table, "p2")["equipment"]
    assert [card["name"] for card in daughter] == ["Pistol", "Holster"]
    assert [card["name"] for card in daughter[1]["stored"]] == ["Pistol"]
    send(table, "end_camp", "p4")
    send(table, "event_card", "p4", **QUIET)
    # The Ailments and Perishing Example: two Hunger and two Thirst more — one Hunger placed and
    # one Companion perishes; two Thirst over: two more. Three Companions in all.
    send(table, "stay", "p5")
    send(table, "skip_gathering", "p5")
    send(table, "end_camp", "p5")
    send(table, "event_card", "p5", card="Bad water", ailments={"hunger": 2, "thirst": 2})
    assert board(table, "p5")["companions"] == 1
    assert ailments(table, "p5") == (3, 3, 0)
    # Ann on to the Wetlands, paying the Prairie's cost (one Food, one Wood) in full.
    send(table, "travel", "p1", to="B1", reveal=WETLANDS)
    assert (supply(table, "p1"), ailments(table, "p1")) == ((0, 1, 2), (0, 0, 0))
    send(table, "skip_gathering", "p1", tool_bonus={"wood": 1})
    send(table, "end_camp", "p1")
    send(table, "event_card", "p1", **QUIET)

    # Round 3 (Cleo first). Eli Sacrifices his last Companion, then an Event card takes a
    # Companion he no longer has: he turns Ravenous, returns everything, one Hunger, turn over.
    season(table, 3, "p3")
    quiet("p3")
    quiet("p4")
    send(table, "sacrifice", "p5", remove={"hunger": 2, "thirst": 2}, skull="thirst")
    assert board(table, "p5")["companions"] == 0
    assert ailments(table, "p5") == (1, 1, 0)
    send(table, "stay", "p5")
    send(table, "skip_gathering", "p5")
    send(table, "end_camp", "p5")
    send(table, "event_card", "p5", card="Wolves", perish=1)
    eli = board(table, "p5")
    assert eli["status"] == "ravenous" and eli["hunger"] == 1
    assert eli["resources"] == {"food": 0, "water": 0, "wood": 0} and eli["equipment"] == []
    assert on_turn(table) == ["p1"]
    quiet("p1")
    quiet_turn(table, "p2")

    # Round 4 (Dora first). The Ravenous Turn Example: Eli moves two tiles to the Wetlands where
    # the Entrepreneur is, crossing a face-down tile he does not flip; one Hunger, one die (Worth
    # 1); the Entrepreneur defends with his die and his Pistol's (Worth 2 and 0): Eli loses,
    # retreats to the face-down tile he crossed and adds one Hunger.
    season(table, 4, "p4")
    quiet("p4")
    assert on_turn(table) == ["p5"]
    assert {e["type"] for e in offered(table)} <= {"ravenous_move", "end_combat", "retreat",
                                                    "ravenous_attack"}
    refused(table, {"type": "ravenous_move", "player": "p5", "path": ["A1", "CF"]},
            RAVENOUS_NOT_ONTO)
    send(table, "ravenous_move", "p5", path=["A2", "B1"])
    assert board(table, "p5")["tile"] == "B1"
    assert table.view()["state"]["tiles"]["A2"]["face_up"] is False
    send(table, "ravenous_attack", "p5", target="p1", dice=[1], target_dice=[2, 0])
    send(table, "retreat", "p5", to="A2")
    assert (board(table, "p5")["tile"], board(table, "p5")["hunger"]) == ("A2", 2)
    assert board(table, "p1")["companions"] == 4
    for player in ("p1", "p2", "p3"):
        quiet(player)

    # Round 5: the token has passed to Eli, who resolves the Season card. He wins a Combat with
    # two dice: one Hunger off, and the Entrepreneur discards a Companion.
    season(table, 5, "p5")
    send(table, "ravenous_move", "p5", path=["B1"])
    send(table, "ravenous_attack", "p5", target="p1", dice=[2, 2], target_dice=[0, 0])
    assert board(table, "p5")["hunger"] == 1 and board(table, "p1")["companions"] == 3
    send(table, "retreat", "p5", to="A2")
    assert board(table, "p5")["hunger"] == 2
    for player in ("p1", "p2", "p3", "p4"):
        quiet(player)

    # Rounds 6 and 7: Eli neither moves nor attacks; each Retreat adds a Hunger: the fourth takes
    # him out of the game.
    season(table, 6, "p1")
    for player in ("p1", "p2", "p3", "p4"):
        quiet(player)
    send(table, "ravenous_move", "p5", path=[])
    send(table, "end_combat", "p5")
    send(table, "retreat", "p5", to="B1")
    assert board(table, "p5")["hunger"] == 3
    season(table, 7, "p2")
    for player in ("p2", "p3", "p4"):
        quiet(player)
    send(table, "ravenous_move", "p5", path=[])
    send(table, "end_combat", "p5")
    send(table, "retreat", "p5", to="A2")
    assert board(table, "p5")["status"] == "out"
    quiet("p1")

    # Rounds 8 to 12: the token skips Eli, who is out of the game.
    # Round 8's Season Effect places two Food and a Bag Draw token on the face-down tile C1; in
    # round 9 Ann (a Tool Box's Wood every turn: one Water and five Wood, the sixth Wood returned
    # as over six Resources) travels there: the Wetlands' cost is paid with the Water and three
    # Wood, one Hunger for the Food she lacks; she picks up the Food and draws from the bag for
    # the Bag Draw token.
    for round_number, first in ((8, "p3"), (9, "p4"), (10, "p1"), (11, "p2"), (12, "p3")):
        if round_number == 8:
            send(table, "season", first, card="Fall 8", season="fall", add_to_bag={"food": 1},
                 place=[{"tile": "C1", "food": 2, "bag_draw": 1}])
        else:
            season(table, round_number, first)
        order = ["p1", "p2", "p3", "p4"]
        start = order.index(first)
        for player in order[start:] + order[:start]:
            if round_number == 9 and player == "p1":
                assert (supply(table, "p1"), ailments(table, "p1")) == ((0, 1, 5), (0, 0, 0))
                send(table, "travel", "p1", to="C1", draws=["food"],
                     reveal={"kind": "Forest", "travel_cost": {"wood": 2}, "resources": ["wood"]})
                assert (supply(table, "p1"), ailments(table, "p1")) == ((3, 0, 2), (1, 0, 0))
                assert board(table, "p1")["tile"] == "C1"
                send(table, "skip_gathering", "p1", tool_bonus={"wood": 1})
                assert supply(table, "p1") == (3, 0, 3)
                send(table, "end_camp", "p1")
                send(table, "event_card", "p1", **QUIET)
            else:
                quiet(player)
    # A thirteenth round begins with no Season card: Winter. Every Traveler still in the
    # wilderness perishes, nobody reached Newhaven.
    view = table.view()
    assert view["over"] is True and view["legal"] == [] and view["current_players"] == []
    assert view["state"]["season_deck"] == 0
    scores = view["scores"]
    assert scores["winners"] == []
    assert WINTER in scores["decided_by"]["rule"]["quote"]
    after = table.send({"type": "season", "player": "p4", "card": "Winter 13",
                        "season": "winter", "add_to_bag": {"food": 1}})
    assert after.status_code == 422
    assert WINTER in after.get_json()["error"]["rule"]["quote"]

    by_hand = calculated(client, GAME, {"crossing": 4, "winter": True, "players": [
        {"name": name, "status": "out"} for name in ("Ann", "Bob", "Cleo", "Dora", "Eli")]})
    assert by_hand["winners"] == []
    assert by_hand["decided_by"]["rule"] == scores["decided_by"]["rule"]
    assert [p["total"] for p in by_hand["players"]] == [p["total"] for p in scores["players"]]
