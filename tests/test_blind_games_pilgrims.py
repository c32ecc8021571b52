"""Pilgrims: Curious Adventures, whole games as a table enters them, written as an outsider (the
rulebook, docs/games/pilgrims.md and the API's description only, never the referee's code): the
corners chosen from the last player counterclockwise, four rounds of three turns a player, each turn's
phases in the book's fixed order (Move, Activate, Adventure, Replenish), cards entered as the table
reads them, through the end of round 4 and the scoring (adventures, clovers, public quests, the tie
broken by item cards left in hand); the slips a table makes refused with the sentence that forbids
them and nothing written; hands never shown to another seat; the sheet against the calculator."""

import pytest

from tests.api_table import (
    ApiTable,
    assert_replayed_alike,
    calculated,
    quotes_from,
    reads_by_others,
    seat_headers,
)

GAME = "pilgrims"
book = quotes_from(GAME)

CORNERS_COUNTERCLOCKWISE = book("Starting with the last player (seated to the right of the first "
                                "player) and proceeding counterclockwise, each player chooses one "
                                "of the corner spaces")
DIFFERENT_CORNER = book("Each player must choose a different corner.")
CLOCKWISE = book("Each round begins with the first player's turn (the player with the rooster "
                 "reference tile). Play then continues clockwise.")
CAMPFIRE_COMPANIONS = book("Campfire map spaces give companion cards.")
ONE_TOKEN = book("On their turn, each player must use 1 of their movement tokens.")
EMPTY_SPACE = book("During the Move phase, place a movement token on any empty movement space.")
FIXED_ORDER = book("A player's turn consists of the following phases in a fixed order:")
TWICE_ON_A_TILE = book("A player can't sign up twice on the same tile.")
AFTER_ROUND_FOUR = book("After round 4, the game ends.")
TIE_ITEMS = book("In case of a tie, the player with more item cards left in their hand wins.")

CAMPFIRES = [[1, 3], [2, 2], [2, 4], [4, 2], [4, 4], [5, 3]]
QUESTS = [{"tile": "B", "mission": "2c", "cost": ["fist", "speech"]},
          {"tile": "A", "mission": "1a", "cost": ["leaf", "leaf"]},
          {"tile": "C", "mission": "5", "cost": ["speech", "fist", "leaf"]}]
LEVEL_ONE = {"level": 1, "party": ["?"], "cost": ["fist"], "points": 3, "clovers": 1}


def item(adventure, activation):
    return {"adventure": adventure, "activation": activation}


def companion(kind, activation):
    return {"types": [kind], "activation": [activation]}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def send(table, event_type, player, **fields):
    return table.accepted({"type": event_type, "player": player, **fields})


def refused(table, event, quote):
    """The slip refused with `quote`, and every seat's view exactly as before it."""
    before = {seat["seat"]: table.view(seat["seat"]) for seat in table.created["players"]}
    table.refused(event, quote)
    for seat, view in before.items():
        after = table.view(seat)
        assert (after["state"], after["seq"], after["legal"]) == (
            view["state"], view["seq"], view["legal"])


def player(table, seat):
    return table.view(seat)["state"]["players"][seat]


def simple_turn(table, seat, movement, to, card):
    """Move (the card taken), a clover instead of an activation, no adventure, replenish."""
    assert table.view()["current_players"] == [seat]
    offered = table.view(seat)["legal"]
    assert {e["type"] for e in offered} >= {"move"}
    assert all(e["player"] == seat for e in offered)
    assert movement in {e["movement"] for e in offered if e["type"] == "move"}
    clovers = player(table, seat)["clovers"]
    send(table, "move", seat, movement=movement, to=to, card=card)
    assert table.view()["state"]["figures"][seat] == to
    send(table, "gain_clover", seat)
    assert player(table, seat)["clovers"] == clovers + 1
    send(table, "replenish", seat)


# Ann's starting card, drawn from the deck (the corner's card lay face up on the map), named so
# that any read showing it to another seat before she plays it face up is caught.
LUTE = {"adventure": "fist", "activation": "sword", "name": "Silver Lute"}
HAND_SECRET = book("A player's hand may hold any number of item cards. Don't show them to other "
                   "players!")


def assert_ann_hand_kept(client, table):
    assert LUTE in player(table, "p1")["hand"]
    if not hasattr(table, "bob_headers"):
        table.bob_headers = seat_headers(client, table, "p2")
    for name, response in reads_by_others(client, table, "bob", table.bob_headers).items():
        assert "Silver Lute" not in response.get_data(as_text=True), (name, HAND_SECRET)


MATCHING_SYMBOL = book("To activate a leader tile or a companion card, an item card must be played "
                       "face-up under a character with a matching activation symbol.")


def leader_turn(table, round_number, movement, to, card):
    """Ann moves, then plays a sword item under her leader (sword) and reserves an adventure card
    from the display with its ability; in round 3 the card reserved in round 2 goes to the bottom
    of its deck first, and the item under the leader is replaced."""
    send(table, "move", "p1", movement=movement, to=to, card=card)
    hand = player(table, "p1")["hand"]
    swords = [n for n, held in enumerate(hand, start=1) if held["activation"] == "sword"]
    others = [n for n, held in enumerate(hand, start=1) if held["activation"] != "sword"]
    refused(table, {"type": "activate", "player": "p1", "character": "leader",
                    "hand": others[0]}, MATCHING_SYMBOL)
    # A card she does not hold (one place past her hand).
    refused(table, {"type": "activate", "player": "p1", "character": "leader",
                    "hand": len(hand) + 1}, MATCHING_SYMBOL)
    send(table, "activate", "p1", character="leader", hand=swords[0])
    assert player(table, "p1")["leader"]["holds"] == hand[swords[0] - 1]
    before = table.view()["state"]
    reserved = {"level": 2, "party": ["beast"], "cost": ["fist", "fist", "leaf"],
                "points": 5 + round_number}
    send(table, "ability", "p1", kind="reserve", source="display", index=4, adventure=reserved)
    after = table.view()["state"]
    reserve = player(table, "p1")["reserve"]
    assert len(reserve) == 1 and reserve[0]["points"] == reserved["points"]
    if round_number == 3:
        # One reserved card at a time: the earlier one went to the bottom of its deck.
        assert len(after["deck_bottoms"]) == len(before["deck_bottoms"]) + 1
    send(table, "replenish", "p1")


def test_a_two_player_game_tied_on_points_won_on_item_cards_left(client):
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Bob"], "options": {
        "campfires": CAMPFIRES, "public_quests": QUESTS, "first_player": "p1",
        "leaders": {"p1": {"activation": ["sword"]}, "p2": {"activation": ["notes"]}}}})
    assert [player(table, s)["clovers"] for s in ("p1", "p2")] == [1, 1]  # Player Setup 5

    # Player Setup 6: Bob, the last player, chooses first; then Ann, a different corner.
    refused(table, {"type": "choose_corner", "player": "p1", "space": [1, 1],
                    "item": item("speech", "notes"), "drawn": item("fist", "sword")},
            CORNERS_COUNTERCLOCKWISE)
    send(table, "choose_corner", "p2", space=[5, 5], item=item("fist", "sword"),
         drawn=item("leaf", "star"))
    refused(table, {"type": "choose_corner", "player": "p1", "space": [5, 5],
                    "item": item("speech", "notes"), "drawn": item("fist", "sword")},
            DIFFERENT_CORNER)
    send(table, "choose_corner", "p1", space=[1, 1], item=item("speech", "notes"),
         drawn=LUTE)
    assert len(player(table, "p1")["hand"]) == 2
    assert_ann_hand_kept(client, table)
    # A hand is its player's only: Bob's phone reads Ann's as unknown cards.
    assert table.view("p2")["state"]["players"]["p1"]["hand"] == [None, None]
    assert table.view()["state"]["players"]["p2"]["hand"] == [None, None]

    # Round 1: Ann (the rooster) first, then clockwise.
    assert table.view()["state"]["round"] == 1
    refused(table, {"type": "move", "player": "p2", "movement": 1, "to": [4, 4],
                    "card": companion("wanderer", "notes")}, CLOCKWISE)
    refused(table, {"type": "gain_clover", "player": "p1"}, FIXED_ORDER)
    refused(table, {"type": "move", "player": "p1", "movement": 1, "to": [2, 2],
                    "card": item("leaf", "star")}, CAMPFIRE_COMPANIONS)
    send(table, "move", "p1", movement=1, to=[2, 2], card=companion("wanderer", "star"))
    assert [c["card"] for c in player(table, "p1")["party"]] == [companion("wanderer", "star")]
    refused(table, {"type": "move", "player": "p1", "movement": 2, "to": [1, 2],
                    "card": item("leaf", "star")}, ONE_TOKEN)
    send(table, "gain_clover", "p1")
    send(table, "replenish", "p1")
    simple_turn(table, "p2", 1, [4, 4], companion("wanderer", "notes"))

    # Ann's second turn: a fist item, then a level I adventure from the display — any companion
    # ("?") and one fist: 3 points and a clover.
    send(table, "move", "p1", movement=2, to=[1, 2], card=item("fist", "compass"))
    send(table, "gain_clover", "p1")
    hand = player(table, "p1")["hand"]
    assert hand == [item("speech", "notes"), LUTE, item("fist", "compass")]
    wrong = table.send({"type": "complete_adventure", "player": "p1", "source": "display",
                        "index": 1, "adventure": LEVEL_ONE, "companions": [1],
                        "pay": [{"hand": 1}], "retire": []})
    assert wrong.status_code == 422
    send(table, "complete_adventure", "p1", source="display", index=1, adventure=LEVEL_ONE,
         companions=[1], pay=[{"hand": 3}], retire=[])
    ann = player(table, "p1")
    assert ann["clovers"] == 4 and len(ann["completed"]) == 1
    assert ann["hand"] == [item("speech", "notes"), LUTE]
    send(table, "replenish", "p1")

    # Bob's second turn: a leaf item, then he signs up for tile A (two leaves) on its top quill.
    send(table, "move", "p2", movement=2, to=[4, 5], card=item("leaf", "compass"))
    send(table, "gain_clover", "p2")
    send(table, "sign_up", "p2", tile="A", pay=[{"hand": 2}, {"hand": 3}])
    quest_a = next(q for q in table.view()["state"]["quests"] if q["tile"] == "A")
    assert quest_a["quills"][0] == "p2"
    assert player(table, "p2")["hand"] == [item("fist", "sword")]
    send(table, "replenish", "p2")

    simple_turn(table, "p1", 3, [1, 3], companion("nobleheart", "sword"))
    # Bob's third turn: movement space 1 already holds his token this round.
    refused(table, {"type": "move", "player": "p2", "movement": 1, "to": [3, 5],
                    "card": item("speech", "notes")}, EMPTY_SPACE)
    send(table, "move", "p2", movement=3, to=[3, 5], card=item("speech", "notes"))
    send(table, "gain_clover", "p2")
    refused(table, {"type": "sign_up", "player": "p2", "tile": "A",
                    "pay": [{"hand": 1}, {"hand": 2}]}, TWICE_ON_A_TILE)
    send(table, "replenish", "p2")

    assert_ann_hand_kept(client, table)
    # End of round 1: the sun moves, the movement tokens come off the boards.
    state = table.view()["state"]
    assert state["round"] == 2
    assert player(table, "p1")["movement"] == [] and player(table, "p2")["movement"] == []

    rounds = {
        2: {"p1": [(1, [2, 3], item("speech", "star")), (2, [3, 3], item("leaf", "notes")),
                   (3, [3, 2], item("fist", "compass"))],
            "p2": [(1, [3, 4], item("coin", "star")), (2, [2, 5], item("fist", "notes")),
                   (3, [1, 5], item("speech", "sword"))]},
        3: {"p1": [(1, [3, 1], item("leaf", "sword")), (2, [2, 1], item("coin", "notes")),
                   (3, [1, 1], item("speech", "compass"))],
            "p2": [(1, [1, 4], item("leaf", "star")), (2, [2, 5], item("fist", "star")),
                   (3, [3, 4], item("speech", "star"))]},
        4: {"p1": [(1, [1, 2], item("fist", "notes")), (2, [2, 3], item("leaf", "compass")),
                   (3, [2, 2], companion("beast", "notes"))],
            "p2": [(1, [3, 5], item("coin", "compass")), (2, [4, 5], item("leaf", "sword")),
                   (3, [5, 5], item("fist", "compass"))]}}
    for round_number, turns in rounds.items():
        assert table.view()["state"]["round"] == round_number
        for n in range(3):
            for seat in ("p1", "p2"):
                if seat == "p1" and n == 0 and round_number in (2, 3):
                    leader_turn(table, round_number, *turns[seat][n])
                else:
                    simple_turn(table, seat, *turns[seat][n])
        if round_number == 2:
            # Rounds 3 and 4: the display holds 2 level I and 3 level II adventure cards.
            assert [place["level"] for place in table.view()["state"]["display"]] == [
                1, 1, 2, 2, 2]

    view = table.view()
    assert view["over"] is True and view["legal"] == [] and view["current_players"] == []
    ann, bob = player(table, "p1"), player(table, "p2")
    assert (ann["clovers"], bob["clovers"]) == (12, 13)
    assert (len(ann["hand"]), len(bob["hand"])) == (8, 11)
    assert len(ann["reserve"]) == 1  # a reserved card scores nothing
    # Ann: the adventure's 3, 12 clovers: 4. Bob: the top quill of A, 2; one wanderer for its
    # mission, 1; 13 clovers: 4. Seven each: Bob has more item cards left in his hand.
    scores = view["scores"]
    assert {p["seat"]: p["total"] for p in scores["players"]} == {"p1": 7, "p2": 7}
    assert scores["winners"] == ["p2"]
    assert TIE_ITEMS in scores["decided_by"]["rule"]["quote"]
    after = table.send({"type": "move", "player": "p1", "movement": 1, "to": [1, 1],
                        "card": item("fist", "star")})
    assert after.status_code == 422, after.get_json()
    assert after.get_json()["error"]["rule"]["quote"] == AFTER_ROUND_FOUR

    assert_replayed_alike(client, table, {"type": "replenish", "player": "p2"})
    by_hand = calculated(client, GAME, {"public_quests": {"A": "1a", "B": "2c", "C": "5"},
                                        "players": [
        {"name": "Ann", "adventures": [LEVEL_ONE], "clovers": 12, "items": 8,
         "companions": [companion("wanderer", "star"), companion("nobleheart", "sword"),
                        companion("beast", "notes")]},
        {"name": "Bob", "adventures": [], "clovers": 13, "items": 11,
         "companions": [companion("wanderer", "notes")],
         "quills": [{"tile": "A", "space": "top"}]}]})
    assert [p["total"] for p in by_hand["players"]] == [7, 7]
    assert by_hand["winners"] == ["Bob"]
    assert by_hand["decided_by"]["rule"] == scores["decided_by"]["rule"]


# --- A solo game against the falconer ------------------------------------------------------------

SOLO_QUESTS = [{"tile": "B", "mission": "2b", "cost": ["fist", "fist", "fist"]},
               {"tile": "A", "mission": "1c", "cost": ["leaf", "leaf", "leaf"]},
               {"tile": "C", "mission": "5", "cost": ["speech", "speech", "speech"]}]
# The display as dealt, then the cards that refill a place, by the level of the place.
DISPLAY = [{"level": 1, "party": ["wanderer"], "cost": ["speech", "speech", "speech"], "points": 2},
           {"level": 1, "party": ["beast"], "cost": ["fist", "fist"], "points": 3},
           {"level": 1, "party": ["?"], "cost": ["leaf", "leaf", "leaf", "leaf"], "points": 4},
           {"level": 2, "party": ["nobleheart"],
            "cost": ["fist", "speech", "leaf", "leaf", "speech"], "points": 6},
           {"level": 2, "party": ["scoundrel"], "cost": ["fist"] * 5, "points": 7}]
REFILLS = {1: [{"level": 1, "party": ["?"], "cost": ["fist"] * 3, "points": 3},
               {"level": 1, "party": ["?"], "cost": ["leaf"] * 5, "points": 5},
               {"level": 1, "party": ["?"], "cost": ["speech"] * 5, "points": 5}],
           2: [{"level": 2, "party": ["?"], "cost": [symbol] * 5, "points": 8}
               for symbol in ("speech", "leaf", "fist", "leaf")]}
FALCONER_FIRST = book("The player goes first, and then the falconer.")
FIRST_POSSIBLE = book("The falconer always completes the first possible adventure card.")
SPENDS_CLOVERS = book("Any time the falconer has 2 clover tokens, he spends them immediately to "
                      "draw an item card.")
SOLO_END = book("The game ends after round 4.")
SOLO_WINS = book("The player with more victory points wins.")

# Each falconer turn: the falcon's and the falconer's destination and the card each takes; from the
# second turn on both take companions (a clover each), so he spends the two at once on an item.
FALCON = [([3, 4], item("leaf", "star"))] + [
    (([2, 4], [4, 4])[n % 2], companion(kind, "sword")) for n, kind in enumerate(
        ["beast", "beast", "wanderer", "beast", "scoundrel", "beast", "beast", "wanderer",
         "beast", "nobleheart", "beast"], start=1)]
FALCONER = [([4, 3], item("speech", "star"))] + [
    (([4, 2], [2, 2])[n % 2 - 1], companion(kind, "notes")) for n, kind in enumerate(
        ["wanderer", "nobleheart", "beast", "beast", "wanderer", "scoundrel", "beast", "wanderer",
         "nobleheart", "beast", "wanderer"], start=1)]
CLOVER_ITEMS = [None, item("fist", "notes"), item("fist", "star"), item("speech", "sword"),
                item("leaf", "notes"), item("speech", "compass"), item("fist", "compass"),
                item("leaf", "sword"), item("speech", "star"), item("fist", "notes"),
                item("leaf", "star"), item("speech", "notes")]
# What the book makes the falconer do after each turn's moves, checked by hand: the first display
# card (left to right: the arrow points right) whose items cost his hand meets, else the first
# public quest tile, else nothing.
FALCONER_ADVENTURE = {1: {"completes": 2, "pay": [1, 5]},           # F L L S F: two fists
                      3: {"completes": 4, "pay": [1, 2, 3, 4, 5]},  # L L S F S
                      10: {"signs_up": "A", "pay": [1, 4, 7]},      # three leaves, no card payable
                      11: {"completes": 1, "pay": [1, 3, 5]}}       # three speech
PLAYER_SPACES = [[1, 2], [2, 1], [3, 1], [2, 1], [1, 2], [1, 1]] * 2
PLAYER_ITEMS = ["fist", "leaf", "speech", "coin"] * 3


def falconer_move(figure, destination, card, clover_items=None):
    event = {"type": "falconer_move", "player": "p1", "figure": figure, "reward": "none",
             "arrow": "right", "to": destination, "card": card}
    if clover_items:
        event["clover_items"] = clover_items
    return event


def reveal_display(table, dealt, refills):
    for event in table.view("p1")["legal"]:
        if event["type"] == "reveal":
            index = event["index"]
            level = table.view()["state"]["display"][index - 1]["level"]
            card = dealt.pop(0) if dealt else refills[level].pop(0)
            send(table, "reveal", "p1", index=index, card=card)


def test_a_solo_game_won_by_the_falconer(client):
    table = ApiTable(client, {"game": GAME, "players": ["Ann"], "options": {
        "campfires": CAMPFIRES, "public_quests": SOLO_QUESTS,
        "leaders": {"p1": {"activation": ["sword"]}}}})
    # Solo Setup 3: both falconer figures on the middle space.
    assert table.view()["state"]["figures"] == {"p1": None, "falcon": [3, 3], "falconer": [3, 3]}
    send(table, "choose_corner", "p1", space=[1, 1], item=item("speech", "notes"),
         drawn=item("fist", "sword"), falconer_items=[item("fist", "star"), item("leaf", "compass")])
    assert len(table.view()["state"]["falconer"]["hand"]) == 2
    dealt = list(DISPLAY)
    refills = {level: list(cards) for level, cards in REFILLS.items()}
    for turn in range(12):
        round_number = turn // 3 + 1
        assert table.view()["state"]["round"] == round_number
        simple_turn(table, "p1", turn % 3 + 1, PLAYER_SPACES[turn],
                    item(PLAYER_ITEMS[turn], "compass"))
        if turn == 0:
            # The falconer's turn: the player may not act in it.
            refused(table, {"type": "gain_clover", "player": "p1"}, FALCONER_FIRST)
        for figure, moves in (("falcon", FALCON), ("falconer", FALCONER)):
            items = [CLOVER_ITEMS[turn]] if figure == "falconer" and turn else None
            if items and turn == 1:
                # His second companion makes two clovers: he spends them at once on an item.
                refused(table, falconer_move(figure, *moves[turn]), SPENDS_CLOVERS)
            table.accepted(falconer_move(figure, *moves[turn], items))
        assert table.view()["state"]["figures"]["falcon"] == FALCON[turn][0]
        reveal_display(table, dealt, refills)
        expected = FALCONER_ADVENTURE.get(turn, {"nothing": True})
        offered = [e for e in table.view("p1")["legal"] if e["type"] == "falconer_adventure"]
        assert [{k: v for k, v in e.items() if k not in ("type", "player")}
                for e in offered] == [expected], turn
        if turn == 1:
            refused(table, {"type": "falconer_adventure", "player": "p1", "nothing": True},
                    FIRST_POSSIBLE)
            refused(table, {"type": "falconer_adventure", "player": "p1", "completes": 5,
                            "pay": [1, 5]}, FIRST_POSSIBLE)
        table.accepted({"type": "falconer_adventure", "player": "p1", **expected})
        send(table, "replenish", "p1")

    view = table.view()
    assert view["over"] is True and view["legal"] == []
    falconer = view["state"]["falconer"]
    assert [item_card["adventure"] for item_card in falconer["hand"]] == ["fist", "fist"]
    assert len(falconer["companions"]) == 22
    # The player: 13 clovers, 4. The falconer: adventures 3 + 6 + 2, two item cards 2, the top
    # quill of A 2 and its mission (beasts: eleven, at most 6).
    scores = view["scores"]
    assert {p["seat"]: p["total"] for p in scores["players"]} == {"p1": 4, "falconer": 21}
    assert scores["winners"] == ["falconer"]
    assert SOLO_WINS in scores["decided_by"]["rule"]["quote"]
    after = table.send({"type": "gain_clover", "player": "p1"})
    assert after.status_code == 422 and SOLO_END in after.get_json()["error"]["rule"]["quote"]

    by_hand = calculated(client, GAME, {"public_quests": {"A": "1c", "B": "2b", "C": "5"},
                                        "players": [
        {"name": "Ann", "adventures": [], "clovers": 13, "items": 14},
        {"name": "Falconer", "falconer": True, "items": 2,
         "adventures": [DISPLAY[1], DISPLAY[3], DISPLAY[0]],
         "companions": [card for _, card in FALCON[1:]] + [card for _, card in FALCONER[1:]],
         "quills": [{"tile": "A", "space": "top"}]}]})
    assert [p["total"] for p in by_hand["players"]] == [4, 21]
    assert by_hand["winners"] == ["Falconer"]
