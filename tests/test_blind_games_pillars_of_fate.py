"""Pillars of Fate, one whole game as a table enters it, written as an outsider (the rulebook,
docs/games/pillars-of-fate.md and the API's description only, never the referee's code): the Divine
draft, three Ages of eighteen (Age III: sixteen) plays in turn, each Age resolved by the book's
steps (face-down cards revealed, dominant suit, power, the pillar holder's tie picks, the rewards),
the 1st player marker passed, the game's end on a tie in renown broken by the last round's pillars;
the slips a table makes refused with the sentence that forbids them and nothing written, each seat's
view never showing the other's secrets, and the final sheet against the calculator."""

import re

import pytest

from tests.api_table import (
    ApiTable,
    assert_replayed_alike,
    calculated,
    quotes_from,
    reads_by_others,
    seat_headers,
)

GAME = "pillars-of-fate"
book = quotes_from(GAME)
SUN, MOON = "sun", "moon"

ALTERNATE = book("During each Age, players alternate turns, strategically placing cards from their "
                 "hand into 3 quest lanes.")
THREE_PER_PLAYER = book("Each lane can hold up to 3 cards per player.")
ONE_FACE_DOWN = book("1 card per lane may be played face down.")
UNPLAYED_DIVINE = book("You may select from any of your 3 unplayed Divine cards.")
ONE_DIVINE_AN_AGE = book("You cannot use more than 1 of your Divine cards each Age.")
MUST_PLAY_DIVINE = book("Once per Age, you must play a Divine card.")
TIES_BY_PILLAR = book("Ties in either suit or power are decided by the player that holds the pillar "
                      "for that lane.")
ONLY_TWO = book("Play only 2 cards in this lane.")
MARKER_PASSES = book("Pass the 1st player marker.")
AFTER_THREE_AGES = book("After 3 Ages, players count their victory point tokens.")
PILLAR_TIE_BREAK = book("Tie breaker: Whoever has more pillars in the last round wins.")
FROM_THEIR_HAND = book("placing cards from their hand into 3 quest lanes")
# A card Sun enters as held, marked so that any read showing it to another seat is caught.
MARKED = {"power": -13, "feathers": 11, "scorpions": 0}
MARKED_TEXT = re.compile(r"(?<![\w-])-13(?![\w-])")

# The table reads the Divine cards' printed power and icons off the cards (the book prints none).
DIVINE = {"Prophet": (4, 1, 0), "Klar": (5, 0, 1), "Eradan": (1, 0, 1),
          "Saghari": (2, 1, 0), "Hadria": (3, 1, 0), "Arbiter": (2, 1, 0)}

QUESTS = {1: [{"feather": 2, "scorpion": -1}, {"feather": 3, "scorpion": 1},
              {"feather": -2, "scorpion": 2}],
          2: [{"feather": 4, "scorpion": -2}, {"feather": 3, "scorpion": 5},
              {"feather": -3, "scorpion": 4}],
          3: [{"feather": 5, "scorpion": -2}, {"feather": 3, "scorpion": 7},
              {"feather": -3, "scorpion": 4}]}
MODIFIERS = {1: "double_power", 2: "least_power", 3: "two_cards"}
MARKER = {1: SUN, 2: MOON, 3: SUN}

# Each Age's plays in turn order: (seat, lane, card); a card is (power, feathers, scorpions),
# "down" for face down, or a Divine card's name.
AGE_I = [(SUN, "left", (5, 1, 0)), (MOON, "left", (6, 0, 1)),
         (SUN, "center", (6, 0, 1)), (MOON, "center", (5, 2, 0)),
         (SUN, "right", (4, 0, 1)), (MOON, "right", (8, 1, 0)),
         (SUN, "left", (3, 1, 0)), (MOON, "left", (4, 0, 1)),
         (SUN, "center", (2, 1, 0)), (MOON, "center", (3, 0, 1)),
         (SUN, "right", (2, 0, 2)), (MOON, "right", (3, 0, 1)),
         (SUN, "center", (1, 0, 0, "down")), (MOON, "center", "Saghari"),
         (SUN, "right", (7, 1, 0)), (MOON, "right", (1, 1, 0, "down")),
         (SUN, "left", "Prophet"), (MOON, "left", (2, 1, 0))]
AGE_II = [(MOON, "left", (7, 1, 0)), (SUN, "left", (6, 0, 1)),
          (MOON, "center", (1, 0, 2)), (SUN, "center", (3, 1, 0)),
          (MOON, "right", (6, 0, 1)), (SUN, "right", (5, 0, 2)),
          (MOON, "left", (5, 1, 0)), (SUN, "left", (4, 1, 0)),
          (MOON, "center", (2, 0, 1)), (SUN, "center", (1, 1, 0)),
          (MOON, "right", (4, 0, 1)), (SUN, "right", (3, 0, 1)),
          (MOON, "center", (3, 1, 0, "down")), (SUN, "left", ("Klar", "down")),
          (MOON, "right", "Hadria"), (SUN, "center", (4, 1, 0)),
          (MOON, "left", (2, 0, 1)), (SUN, "right", (8, 1, 0))]
AGE_III = [(SUN, "left", (6, 1, 0)), (MOON, "center", (8, 0, 2)),
           (SUN, "right", (7, 0, 1)), (MOON, "left", (4, 0, 1)),
           (SUN, "center", (2, 0, 0)), (MOON, "right", (5, 1, 0)),
           (SUN, "left", (5, 1, 0)), (MOON, "center", ("Arbiter", "down")),
           (SUN, "center", (3, 1, 0)), (MOON, "left", (3, 0, 1, "down")),
           (SUN, "right", "Eradan"), (MOON, "right", (4, 1, 0)),
           (SUN, "left", (4, 1, 0)), (MOON, "left", (2, 1, 0)),
           (SUN, "right", (4, 0, 1)), (MOON, "right", (2, 0, 1))]


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def card_event(seat, lane, card):
    if isinstance(card, str):
        card = (card, "up")
    if isinstance(card[0], str):
        name, face = card
        power, feathers, scorpions = DIVINE[name]
        return {"type": "play", "player": seat, "lane": lane, "face": face, "divine": name,
                "power": power, "feathers": feathers, "scorpions": scorpions}
    power, feathers, scorpions, *face = card
    return {"type": "play", "player": seat, "lane": lane, "face": face[0] if face else "up",
            "power": power, "feathers": feathers, "scorpions": scorpions}


def lane_card(card):
    """The card as the calculator takes it (what lies in the lane once revealed)."""
    event = card_event(SUN, "left", card)
    return {k: v for k, v in event.items() if k in ("power", "feathers", "scorpions", "face",
                                                    "divine")}


def refused(table, event, quote):
    """The slip refused with `quote`, and every seat's view exactly as before it."""
    before = {seat: table.view(seat) for seat in (SUN, MOON, None)}
    table.refused(event, quote)
    for seat, view in before.items():
        after = table.view(seat)
        assert (after["state"], after["seq"], after["legal"]) == (
            view["state"], view["seq"], view["legal"])


def lane(view, name):
    return next(lane for lane in view["state"]["lanes"] if lane["name"] == name)


def on_turn(table):
    return table.view()["current_players"]


def assert_secrets_kept(table):
    """Neither seat (nor a spectator) sees the other's face-down cards during an Age."""
    full = {seat: table.view(seat) for seat in (SUN, MOON)}
    for seat, other in ((SUN, MOON), (MOON, SUN)):
        for name in ("left", "center", "right"):
            seen = lane(full[seat], name)["cards"][other]
            truth = lane(full[other], name)["cards"][other]
            for card, actual in zip(seen, truth, strict=True):
                if card["face"] == "down":
                    assert "power" not in card and "feathers" not in card, card
                    assert "scorpions" not in card, card
                    # A Divine card's back is its own: the opponent knows it is one, not which.
                    assert card.get("divine") == ("?" if actual.get("divine") else None), card
        # the other seat's own view shows its own face-down cards
        for name in ("left", "center", "right"):
            for card in lane(full[other], name)["cards"][other]:
                assert "power" in card
        assert full[seat]["state"]["hands"][other]["cards"] == []
    spectator = table.view()
    for name in ("left", "center", "right"):
        for seat in (SUN, MOON):
            for card in lane(spectator, name)["cards"][seat]:
                if card["face"] == "down":
                    assert "power" not in card


def assert_hand_not_shown(client, table):
    """Sun's marked hand card is in no read of Moon's phone, a spectator or the pages."""
    if not hasattr(table, "moon_headers"):
        table.moon_headers = seat_headers(client, table, MOON)
    for name, response in reads_by_others(client, table, "moon", table.moon_headers).items():
        assert not MARKED_TEXT.search(response.get_data(as_text=True)), name
    assert MARKED in table.view(SUN)["state"]["hands"][SUN]["cards"]


def play_age(table, plays, slips=None):
    """The Age's plays in turn; before play k, each slip listed for k is entered and refused."""
    slips = slips or {}
    for k, (seat, lane_name, card) in enumerate(plays, start=1):
        for event, quote in slips.get(k, []):
            refused(table, event, quote)
        assert on_turn(table) == [seat], (k, seat)
        offered = table.view(seat)["legal"]
        event = card_event(seat, lane_name, card)
        assert any(o["type"] == "play" and o["lane"] == lane_name and o["face"] == event["face"]
                   and o.get("divine") == event.get("divine") for o in offered), (k, event)
        assert all(o["player"] == seat for o in offered)
        deck_before = table.view()["state"]["decks"][seat]
        table.accepted(event)
        state = table.view()["state"]
        # Then, draw back up to 5 cards: a champion card is replaced from the deck.
        champion = "divine" not in event
        assert state["decks"][seat] == deck_before - (1 if champion else 0)
        assert state["hands"][seat]["count"] == 5
        if k in (len(plays) // 2, len(plays) - 2) or "divine" in event and event["face"] == "down":
            assert_secrets_kept(table)


def test_a_whole_game_of_three_ages_tied_in_renown_won_on_pillars(client):
    table = ApiTable(client, {"game": GAME, "players": ["Ana", "Ben"]})

    # Setup 3-5: three Divine cards dealt to each, one kept, two passed.
    table.accepted({"type": "draft_divine", "player": SUN, "kept": "Prophet",
                    "passed": ["Hadria", "Arbiter"]})
    table.accepted({"type": "draft_divine", "player": MOON, "kept": "Saghari",
                    "passed": ["Klar", "Eradan"]})
    sun_sees = table.view(SUN)["state"]["divine"]
    assert [c["name"] for c in sun_sees[SUN]["unplayed"]] == ["Prophet", "Klar", "Eradan"]
    # Sun knows the two it passed to Moon, not the one Moon kept.
    assert sorted(c["name"] for c in sun_sees[MOON]["unplayed"]) == ["?", "Arbiter", "Hadria"]
    moon_sees = table.view(MOON)["state"]["divine"]
    assert sorted(c["name"] for c in moon_sees[SUN]["unplayed"]) == ["?", "Eradan", "Klar"]
    assert table.view()["state"]["decks"] == {SUN: 23, MOON: 23}  # 32, 4 aside, 5 drawn

    # Sun enters one card of its hand (the rest stay counted only).
    table.accepted({"type": "hand", "player": SUN, "cards": [MARKED]})
    assert_hand_not_shown(client, table)

    # Age I: the quests, the modifier on the center quest, Sun takes the 1st player marker.
    table.accepted({"type": "begin_age", "player": SUN, "first_player": SUN,
                    "modifier": MODIFIERS[1], "quests": QUESTS[1]})
    play_age(table, AGE_I, slips={
        1: [(card_event(MOON, "left", (6, 0, 1)), ALTERNATE)],
        2: [(card_event(SUN, "center", (2, 1, 0)), ALTERNATE)],
        14: [(card_event(MOON, "center", ("Saghari", "down")), ONE_FACE_DOWN),
             (card_event(MOON, "center", ("Klar", "up")), UNPLAYED_DIVINE)],
        15: [(card_event(SUN, "center", (7, 1, 0)), THREE_PER_PLAYER)],
        16: [(card_event(MOON, "right", "Hadria"), ONE_DIVINE_AN_AGE)],
        17: [(card_event(SUN, "left", (7, 1, 0)), MUST_PLAY_DIVINE)],
    })
    view = table.view()
    assert {lane["name"]: lane["pillar"] for lane in view["state"]["lanes"]} == {
        "left": SUN, "center": SUN, "right": SUN}
    # The left lane is tied in power (12 to 12): Sun, who holds its pillar, picks the winner.
    assert on_turn(table) == [SUN]
    refused(table, {"type": "break_tie", "player": MOON, "lane": "left", "tie": "power",
                    "choice": MOON}, TIES_BY_PILLAR)
    table.accepted({"type": "break_tie", "player": SUN, "lane": "left", "tie": "power",
                    "choice": SUN})
    # Left: feathers 4 to 2, Sun wins: 2, and the Prophet's 5. Center (first cards doubled):
    # Sun 12+2+1 = 15, Moon 10+7 (Saghari's 3 become 7)+2 = 19, feathers 4 to 2: Moon 3.
    # Right: Sun 13, Moon 12, scorpions 4 to 3: Sun 2.
    assert table.view()["state"]["renown"] == {SUN: 9, MOON: 3}
    refused(table, card_event(SUN, "left", (5, 1, 0)),
            book("Place 3 new quest cards that match the current Age."))

    # Age II: the marker passes to Moon.
    refused(table, {"type": "begin_age", "player": SUN, "first_player": SUN,
                    "modifier": MODIFIERS[2], "quests": QUESTS[2]}, MARKER_PASSES)
    table.accepted({"type": "begin_age", "player": MOON, "first_player": MOON,
                    "modifier": MODIFIERS[2], "quests": QUESTS[2]})
    assert on_turn(table) == [MOON]
    assert all(lane["pillar"] is None and lane["cards"] == {SUN: [], MOON: []}
               for lane in table.view()["state"]["lanes"])
    play_age(table, AGE_II, slips={
        14: [(card_event(SUN, "left", ("Prophet", "down")), UNPLAYED_DIVINE)],
    })
    # Left: Moon 14, Sun 9 (Klar face down: -1); feathers 3, scorpions 3: a suit tie, Moon's pick.
    assert on_turn(table) == [MOON]
    refused(table, {"type": "break_tie", "player": SUN, "lane": "left", "tie": "suit",
                    "choice": "scorpions"}, TIES_BY_PILLAR)
    table.accepted({"type": "break_tie", "player": MOON, "lane": "left", "tie": "suit",
                    "choice": "feathers"})
    # Left: Moon 4. Center (least power wins): Moon 6, Sun 8, feathers 4 to 3: Moon 3.
    # Right: Sun 16 to 13, scorpions 5 to 2: Sun 4, less Hadria's 5.
    assert table.view()["state"]["renown"] == {SUN: 8, MOON: 10}

    # Age III: the marker back to Sun; two cards a player in the center.
    table.accepted({"type": "begin_age", "player": SUN, "first_player": SUN,
                    "modifier": MODIFIERS[3], "quests": QUESTS[3]})
    play_age(table, AGE_III[:12], slips={
        11: [(card_event(SUN, "center", "Eradan"), ONLY_TWO)],
    })
    # Sun enters its whole hand; a card not in it is refused.
    held = [MARKED, {"power": 4, "feathers": 1, "scorpions": 0},
            {"power": 4, "feathers": 0, "scorpions": 1},
            {"power": 1, "feathers": 1, "scorpions": 1}, {"power": 2, "feathers": 2, "scorpions": 2}]
    table.accepted({"type": "hand", "player": SUN, "cards": held})
    assert_hand_not_shown(client, table)
    refused(table, card_event(SUN, "left", (9, 0, 0)), FROM_THEIR_HAND)
    play_age(table, AGE_III[12:])
    # Left: Sun 15+2 (Eradan) to Moon 9, feathers 4 to 2: Sun 5. Center: Moon 10 to Sun 5+2,
    # scorpions 6 (the face-down Arbiter: 4) to 1: Moon 7. Right: Sun 12 to 11, scorpions 4 to 2:
    # Sun 4. Renown 17 each; pillars of the last round: Sun 2 (left, right), Moon 1 (center).
    view = table.view()
    assert view["over"] is True and view["legal"] == [] and view["current_players"] == []
    assert view["state"]["renown"] == {SUN: 17, MOON: 17}
    assert {lane["name"]: lane["pillar"] for lane in view["state"]["lanes"]} == {
        "left": SUN, "center": MOON, "right": SUN}
    scores = view["scores"]
    assert scores["winners"] == [SUN]
    assert PILLAR_TIE_BREAK in scores["decided_by"]["rule"]["quote"]
    totals = {p["seat"]: p["total"] for p in scores["players"]}
    assert totals == {SUN: 17, MOON: 17}
    lines = {p["seat"]: sorted(line["points"] for line in p["breakdown"])
             for p in scores["players"]}
    assert lines == {SUN: sorted([2, 5, 2, -5, 4, 5, 4]), MOON: sorted([3, 4, 3, 7])}
    refused(table, card_event(MOON, "left", (5, 1, 0)), AFTER_THREE_AGES)
    refused(table, {"type": "begin_age", "player": MOON, "first_player": MOON,
                    "modifier": "no_suit", "quests": QUESTS[3]}, AFTER_THREE_AGES)

    assert_replayed_alike(client, table, {"type": "play", "player": MOON, "lane": "right"})
    # The same table entered by hand into the calculator.
    ages = []
    pillars = {1: {"left": SUN, "center": SUN, "right": SUN},
               2: {"left": MOON, "center": MOON, "right": MOON},
               3: {"left": SUN, "center": MOON, "right": SUN}}
    ties = {1: {"left": {"power": SUN}}, 2: {"left": {"suit": "feathers"}}, 3: {}}
    for age, plays in ((1, AGE_I), (2, AGE_II), (3, AGE_III)):
        lanes = {}
        for n, name in enumerate(("left", "center", "right")):
            lanes[name] = {"quest": QUESTS[age][n], "pillar": pillars[age][name],
                           SUN: [lane_card(c) for s, ln, c in plays if s == SUN and ln == name],
                           MOON: [lane_card(c) for s, ln, c in plays if s == MOON and ln == name]}
            if name in ties[age]:
                lanes[name]["ties"] = ties[age][name]
        ages.append({"first_player": MARKER[age], "modifier": MODIFIERS[age], "lanes": lanes})
    by_hand = calculated(client, GAME, {"ages": ages, "names": {SUN: "Ana", MOON: "Ben"}})
    assert by_hand["winners"] == [SUN]
    assert {p["seat"]: p["total"] for p in by_hand["players"]} == {SUN: 17, MOON: 17}
    assert by_hand["decided_by"]["rule"] == scores["decided_by"]["rule"]
    assert_hand_not_shown(client, table)
