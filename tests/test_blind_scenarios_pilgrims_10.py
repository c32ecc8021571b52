"""Pilgrims: Curious Adventures, outsider scenarios round 12 (file 10): every public quest tile's
mission (1a-1d, 2a-2d, 3-6) counted by the game at its end, with the book's exceptions (a companion
of two types, a retired companion, the leader's symbols, a reserved card); the end-of-round-2 display
change when the level I deck ran out, under both readings of its parenthesis ("the rightmost level
I adventure card (the middle one in the display)", table ruling `round_two_card`), changing only
the card it names; and the solo game's whole last round against the falconer, every entry undone
and redone — his two figures, the rewards on top of the solo cards, a companion's clover and the
two clovers spent at once, his Adventure phase worked out by hand (two fists before the wild coin,
the arrow's direction, a public quest when no card can be paid) — to the end, scored by hand from
"Solo: End of the Game" against the live scores and the calculator; three players' quills on one
tile (top, middle, bottom); the falconer's 5 points in a journey game; the solo game's first round
from its setup (the falconer's figures and items from the middle space, six solo cards of two sets
of 3, his two quills, the C tile's clover, a new solo deck for round 2). Written from the rulebook and
the API's own description only (docs/games/pilgrims.md, GET /api/games/pilgrims), never the
referee's code."""

import pytest

from tests.api_table import ApiTable, as_seen, calculated, quotes_from
from tests.test_blind_scenarios_pilgrims import (
    CAMPFIRES,
    COMPASS_LEAF,
    LEADERS,
    NOTES_SPEECH,
    QUESTS,
    STAR_LEAF,
    SWORD_FIST,
    item,
)
from tests.test_blind_scenarios_pilgrims_9 import entered

GAME = "pilgrims"
book = quotes_from(GAME)

ROUND_TWO = book("At the end of round 2, the display's adventure card ratio changes. Put the "
                 "rightmost level I adventure card (the middle one in the display) on the bottom "
                 "of its deck. Draw a new level II adventure card, and replenish the display with "
                 "it face-up.")
FIRST_POSSIBLE = book("The falconer always completes the first possible adventure card. He only "
                      "needs to meet the items cost.")
WILD_LAST = book("He only uses wild cards if absolutely necessary.")
ARROW = book("The arrow on the last flipped solo card shows the direction in which the falconer "
             "checks the display. For example, with a right arrow he checks the display from left "
             "to right.")
QUESTS_NEXT = book("If the falconer is unable to complete an adventure card, he checks the public "
                   "quest tiles. Follow the arrow's direction as before.")
COMPANION_CLOVER = book("When the falconer takes a companion card, they also gain 1 clover token.")
SPENDS_TWO = book("Any time the falconer has 2 clover tokens, he spends them immediately to draw "
                  "an item card.")
FALCONER_ITEMS = book("1 victory point per remaining item card")
SOLO_WIN = book("The player with more victory points wins.")

COIN_STAR = item("coin", "star")
WANDERER = {"types": ["wanderer"], "activation": ["notes"]}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def adventure(cost, points, level, clovers=0):
    card = {"level": level, "points": points, "party": ["?"], "crosses": 0, "cost": cost}
    return {**card, "clovers": clovers} if clovers else card


# --- The end of round 2 with the level I deck run out ---------------------------------------------

# Round 2's places: three level I, two level II. The level I deck ran out, so place 3 holds a
# level II card ("If an adventure deck has no cards remaining, instead draw from the remaining
# deck.").
ROUND_TWO_DISPLAY = [adventure(["fist"], 1, 1), adventure(["leaf"], 2, 1),
                     adventure(["speech", "speech"], 6, 2), adventure(["fist", "fist"], 5, 2),
                     adventure(["leaf", "leaf", "leaf"], 7, 2)]


def bobs_last_replenish_of_round_2(client, reading):
    return ApiTable(client, {
        "game": GAME, "players": ["Ann", "Bob"],
        "options": {"campfires": CAMPFIRES, "public_quests": QUESTS,
                    "leaders": {"p1": LEADERS["p1"], "p2": LEADERS["p2"]},
                    "round_two_card": reading},
        "position": {"round": 2, "current": "p2", "phase": "replenish",
                     "turns": {"p1": 3, "p2": 2}, "decks": {"level1": 0, "level2": 6},
                     "display": ROUND_TWO_DISPLAY,
                     "players": {"p1": {"figure": [1, 1], "hand": [SWORD_FIST],
                                        "movement": [1, 2, 3]},
                                 "p2": {"figure": [5, 5], "hand": [STAR_LEAF],
                                        "movement": [1, 2, 3]}}}})


def test_round_two_card_rightmost_level_i_or_the_middle_card_when_a_level_ii_card_is_in_the_middle(
        client):
    ends = {}
    for reading, named, other in [("rightmost_level1", 2, 3), ("middle", 3, 2)]:
        table = bobs_last_replenish_of_round_2(client, reading)
        assert table.view("p2")["legal"] == [{"type": "replenish", "player": "p2",
                                              "to_bottom": named}]
        before = as_seen(table.view("p2"))
        table.refused({"type": "replenish", "player": "p2", "to_bottom": other}, ROUND_TWO)
        assert as_seen(table.view("p2")) == before
        effects = table.accepted({"type": "replenish", "player": "p2",
                                  "to_bottom": named})["effects"]
        assert ROUND_TWO in [effect["rule"]["quote"] for effect in effects]
        ends[reading] = table.view("p1")
    literal, middle = ends["rightmost_level1"]["state"], ends["middle"]["state"]
    # The literal reading: the leaf card (level I, place 2) goes under the level I deck; a new
    # level II card is drawn. The other: the level II card of place 3 goes under its own deck.
    cards = [place["card"] for place in literal["display"]]
    assert cards[:4] == [ROUND_TWO_DISPLAY[i] for i in (0, 2, 3, 4)] and cards[4] is None
    assert (literal["decks"]["level1"], literal["decks"]["level2"]) == (1, 5)
    cards = [place["card"] for place in middle["display"]]
    assert cards[:4] == [ROUND_TWO_DISPLAY[i] for i in (0, 1, 3, 4)] and cards[4] is None
    assert (middle["decks"]["level1"], middle["decks"]["level2"]) == (0, 6)
    # Nothing else differs: round 3 begins with Ann, the same map, hands and figures.
    for key in ("round", "current", "turns", "map", "figures", "players", "quests",
                "discard_pile"):
        assert literal[key] == middle[key], key
    assert literal["round"] == 3 and literal["current"] == "p1"
    assert ends["rightmost_level1"]["legal"] == ends["middle"]["legal"]


# --- The solo game's last round --------------------------------------------------------------------

# Round 4's places: two level I, three level II.
LAST_ROUND_DISPLAY = [adventure(["fist", "fist"], 2, 1),
                      adventure(["speech", "speech", "speech"], 3, 1, clovers=1),
                      adventure(["leaf", "leaf", "leaf", "leaf"], 6, 2),
                      adventure(["fist", "fist", "fist"], 5, 2),
                      adventure(["speech", "leaf"], 7, 2)]
NEW_LEVEL_I = adventure(["fist", "fist", "fist"], 4, 1)
NEW_LEVEL_II = adventure(["fist", "fist", "speech", "speech"], 9, 2)


def falconer_move(figure, arrow, to, card, reward="none", **more):
    return {"type": "falconer_move", "player": "p1", "figure": figure, "reward": reward,
            "arrow": arrow, "to": to, "card": card, **more}


def anns_plain_turn(table, movement, to):
    entered(table, {"type": "move", "player": "p1", "movement": movement, "to": to,
                    "card": COMPASS_LEAF})
    entered(table, {"type": "gain_clover", "player": "p1"})
    entered(table, {"type": "replenish", "player": "p1"})


def falconer(table):
    return table.view("p1")["state"]["falconer"]


def test_the_solo_games_last_round_the_falconer_worked_out_by_hand_to_the_end(client):
    table = ApiTable(client, {
        "game": GAME, "players": ["Ann"],
        "options": {"campfires": CAMPFIRES, "public_quests": QUESTS,
                    "leaders": {"p1": LEADERS["p1"]}},
        "position": {"round": 4, "current": "p1", "turns": {"p1": 0, "falconer": 0},
                     "display": LAST_ROUND_DISPLAY,
                     "players": {"p1": {"figure": [1, 1], "hand": [NOTES_SPEECH], "clovers": 2,
                                        "completed": [adventure(["leaf"], 13, 2)]}},
                     "falconer": {"falcon": [3, 3], "falconer": [3, 3], "clovers": 0,
                                  "hand": [SWORD_FIST, COIN_STAR]}}})

    # Turn 1. Ann, then the falconer: each figure takes an item; with the right arrow he checks
    # the display from the left: place 1 (two fists) is paid with his two fists, not the coin.
    anns_plain_turn(table, 1, [1, 2])
    entered(table, falconer_move("falcon", "right", [2, 3], NOTES_SPEECH, set="A"))
    entered(table, falconer_move("falconer", "right", [4, 3], SWORD_FIST, set="B"))
    assert falconer(table)["hand"] == [SWORD_FIST, COIN_STAR, NOTES_SPEECH, SWORD_FIST]
    assert table.view("p1")["legal"] == [{"type": "falconer_adventure", "player": "p1",
                                          "completes": 1, "pay": [1, 4]}]
    table.refused({"type": "falconer_adventure", "player": "p1", "completes": 1, "pay": [1, 2]},
                  WILD_LAST)
    entered(table, {"type": "falconer_adventure", "player": "p1", "completes": 1,
                    "pay": [1, 4]})
    assert falconer(table)["hand"] == [COIN_STAR, NOTES_SPEECH]
    entered(table, {"type": "replenish", "player": "p1", "display": [NEW_LEVEL_I]})

    # Turn 2. The falcon's card shows a clover; it lands on a campfire and takes a wanderer (a
    # second clover): the two are spent at once on an item card. The left arrow: he checks from
    # the right, and place 5 (speech, leaf) comes before place 2 (speech x3, which he cannot pay).
    anns_plain_turn(table, 2, [1, 5])
    effects = entered(table, falconer_move("falcon", "left", [2, 2], WANDERER, reward="clover",
                                           set="A", clover_items=[COMPASS_LEAF]))
    quotes = " ".join(effect["rule"]["quote"] for effect in effects if effect.get("rule"))
    assert COMPANION_CLOVER in quotes and SPENDS_TWO in quotes
    state = falconer(table)
    assert (state["clovers"], state["companions"]) == (0, [WANDERER])
    entered(table, falconer_move("falconer", "left", [3, 4], STAR_LEAF, set="B"))
    assert falconer(table)["hand"] == [COIN_STAR, NOTES_SPEECH, COMPASS_LEAF, STAR_LEAF]
    assert table.view("p1")["legal"] == [{"type": "falconer_adventure", "player": "p1",
                                          "completes": 5, "pay": [2, 3]}]
    table.refused({"type": "falconer_adventure", "player": "p1", "completes": 2, "pay": [1, 2]},
                  FIRST_POSSIBLE)
    entered(table, {"type": "falconer_adventure", "player": "p1", "completes": 5,
                    "pay": [2, 3]})
    entered(table, {"type": "replenish", "player": "p1", "display": [NEW_LEVEL_II]})

    # Turn 3 (the game's last). The falcon's card rewards an item card. No display card can be
    # paid (a fist, a speech, two leaves and the coin): he checks the quests with the right arrow,
    # and tile A (leaf, leaf) is the first he can pay.
    anns_plain_turn(table, 3, [2, 1])
    entered(table, falconer_move("falcon", "right", [1, 4], COMPASS_LEAF, reward="item",
                                 reward_item=SWORD_FIST, set="A"))
    entered(table, falconer_move("falconer", "right", [4, 5], NOTES_SPEECH, set="B"))
    assert falconer(table)["hand"] == [COIN_STAR, STAR_LEAF, SWORD_FIST, COMPASS_LEAF,
                                       NOTES_SPEECH]
    legal = table.view("p1")["legal"]
    assert [(e.get("signs_up"), e.get("completes")) for e in legal] == [("A", None)]
    table.refused({"type": "falconer_adventure", "player": "p1", "nothing": True}, QUESTS_NEXT)
    entered(table, legal[0])
    assert falconer(table)["hand"] == [COIN_STAR, SWORD_FIST, NOTES_SPEECH]
    last = {"type": "replenish", "player": "p1"}
    entered(table, last)

    view = table.view("p1")
    assert view["over"] is True and view["legal"] == []
    # Ann: 13 + 5 clovers (2 + 3) = 1: 14. The falconer: adventures 2 + 7, tile A's top quill 2
    # and one wanderer 1, three item cards 3: 15; he wins.
    assert {p["seat"]: p["total"] for p in view["scores"]["players"]} == {
        "p1": 14, "falconer": 15}
    assert view["scores"]["winners"] == ["falconer"]
    assert SOLO_WIN in view["scores"]["decided_by"]["rule"]["quote"]
    lines = {line["rule"]["quote"]: line["points"]
             for line in next(p for p in view["scores"]["players"]
                              if p["seat"] == "falconer")["breakdown"]}
    assert lines[FALCONER_ITEMS] == 3

    calc = calculated(client, GAME, {
        "public_quests": {"A": "1a", "B": "2c", "C": "5"},
        "players": [
            {"name": "Ann", "items": 4, "clovers": 5,
             "adventures": [{"level": 2, "points": 13}]},
            {"name": "Falconer", "falconer": True, "items": 3, "clovers": 0,
             "adventures": [{"level": 1, "points": 2}, {"level": 2, "points": 7}],
             "quills": [{"tile": "A", "space": "top", "collected": 1}]}]})
    assert [p["total"] for p in calc["players"]] == [14, 15]
    assert [p["name"] for p in calc["players"] if p["seat"] in calc["winners"]] == ["Falconer"]


# --- Every public quest tile's mission, counted by the game at its end -----------------------------

TYPES = ["wanderer", "nobleheart", "beast", "scoundrel"]
SYMBOLS = ["star", "sword", "notes", "compass"]
MISSION_TABLE = {0: 0, 1: 1, 2: 2, 3: 4, 4: 6}


def one_point(level, **card):
    return {"level": level, "points": 1, **card}


# Bob's completed cards, and a reserved card that counts for nothing ("Reserved adventure cards
# don't count."): clover rewards 3 (mission 3), movement improvements 2 (4), level II 4 (5),
# discount improvements 2 (6).
BOBS_COMPLETED = [one_point(2, clovers=1, improvement=["movement"]),
                  one_point(2, improvement=["discount"], discount="fist"),
                  one_point(2, clovers=1, improvement=["discount"], discount="any"),
                  one_point(1, improvement=["movement"]),
                  one_point(1, clovers=2),
                  one_point(2)]
BOBS_RESERVE = [one_point(2, clovers=1, improvement=["movement", "discount"], discount="leaf")]
C_COUNTS = {"3": 3, "4": 2, "5": 4, "6": 2}


@pytest.mark.parametrize("i", range(4), ids=["1a-2a-3", "1b-2b-4", "1c-2c-5", "1d-2d-6"])
def test_each_public_quest_tiles_mission_counted_when_bobs_last_turn_ends_the_game(client, i):
    kind, other_kind = TYPES[i], TYPES[(i + 1) % 4]
    symbol, other_symbol = SYMBOLS[i], SYMBOLS[(i + 1) % 4]
    quests = [{"tile": "A", "mission": "1" + "abcd"[i], "cost": ["leaf", "leaf"]},
              {"tile": "B", "mission": "2" + "abcd"[i], "cost": ["fist", "speech"]},
              {"tile": "C", "mission": "3456"[i], "cost": ["speech", "fist", "leaf"]}]
    # Ann (tiles A and B): the shown type on two companions (one of them with two types) and one
    # retired ("Public quest tiles count companion cards in the player's party and retired under
    # their leader"); the shown symbol on two companions, not on the retired one, and on her
    # leader ("Note: The leader tile's activation symbols don't count.").
    party = [{"card": {"types": [kind], "activation": [symbol]}},
             {"card": {"types": [kind, other_kind], "activation": [other_symbol]}},
             {"card": {"types": [other_kind], "activation": [symbol, other_symbol]}}]
    table = ApiTable(client, {
        "game": GAME, "players": ["Ann", "Bob"],
        "options": {"campfires": CAMPFIRES, "public_quests": quests,
                    "leaders": {"p1": {"activation": [symbol]},
                                "p2": {"activation": ["notes"]}}},
        "position": {"round": 4, "current": "p2", "turns": {"p1": 3, "p2": 2},
                     "quills": {"A": ["p1"], "B": ["p1"], "C": ["p2"]},
                     "players": {
                         "p1": {"figure": [1, 1], "hand": [SWORD_FIST], "movement": [1, 2, 3],
                                "party": party,
                                "retired": [{"types": [kind], "activation": [other_symbol]}]},
                         "p2": {"figure": [5, 5], "hand": [STAR_LEAF], "movement": [1, 2],
                                "completed": BOBS_COMPLETED, "reserve": BOBS_RESERVE}}}})
    table.accepted({"type": "move", "player": "p2", "movement": 3, "to": [5, 4],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "gain_clover", "player": "p2"})
    table.accepted({"type": "replenish", "player": "p2"})
    view = table.view("p1")
    assert view["over"] is True
    missions = {(p["seat"], line["label"].split(":")[0]): line["points"]
                for p in view["scores"]["players"] for line in p["breakdown"]
                if line["label"].endswith("mission")}
    c_mission = "3456"[i]
    assert missions == {
        ("p1", f"Public quest A (1{'abcd'[i]})"): MISSION_TABLE[3],
        ("p1", f"Public quest B (2{'abcd'[i]})"): MISSION_TABLE[2],
        ("p2", f"Public quest C ({c_mission})"): MISSION_TABLE[C_COUNTS[c_mission]]}
    # Each quill on a top space (2) and the six one-point cards: the totals, and the calculator
    # given the same counts.
    ann_total = 2 + MISSION_TABLE[3] + 2 + MISSION_TABLE[2]
    bob_total = 6 + 2 + MISSION_TABLE[C_COUNTS[c_mission]]
    assert {p["seat"]: p["total"] for p in view["scores"]["players"]} == {
        "p1": ann_total, "p2": bob_total}
    calc = calculated(client, GAME, {
        "public_quests": {quest["tile"]: quest["mission"] for quest in quests},
        "players": [
            {"name": "Ann", "items": 1, "clovers": 1,
             "quills": [{"tile": "A", "space": "top", "collected": 3},
                        {"tile": "B", "space": "top", "collected": 2}]},
            {"name": "Bob", "items": 2, "clovers": 2,
             "adventures": [{"level": card["level"], "points": 1} for card in BOBS_COMPLETED],
             "quills": [{"tile": "C", "space": "top",
                         "collected": C_COUNTS[c_mission]}]}]})
    assert [p["total"] for p in calc["players"]] == [ann_total, bob_total]


# --- Three quills on one tile; the falconer's journey points --------------------------------------

QUILL_SPACES = book("The top quill space scores 2 victory points, and the middle space scores 1 "
                    "victory point.")
FALCONER_JOURNEY = book("When playing a solo game with journey cards, the falconer does not "
                        "complete them like the player. Instead, he gains an additional 5 victory "
                        "points at the end of the game.")


def test_three_players_on_one_tile_score_its_quill_spaces_top_middle_and_bottom(client):
    notes_beast = [{"card": {"types": ["beast"], "activation": ["notes"]}}]
    table = ApiTable(client, {
        "game": GAME, "players": ["Ann", "Bob", "Cleo"],
        "options": {"campfires": CAMPFIRES, "public_quests": QUESTS,
                    "leaders": {seat: LEADERS[seat] for seat in ("p1", "p2", "p3")}},
        "position": {"round": 4, "current": "p3", "turns": {"p1": 3, "p2": 3, "p3": 2},
                     "quills": {"B": ["p1", "p2", "p3"]},
                     "players": {
                         "p1": {"figure": [1, 1], "hand": [SWORD_FIST], "movement": [1, 2, 3],
                                "party": notes_beast},
                         "p2": {"figure": [5, 5], "hand": [SWORD_FIST], "movement": [1, 2, 3],
                                "party": notes_beast},
                         "p3": {"figure": [1, 5], "hand": [SWORD_FIST], "movement": [1, 2],
                                "party": notes_beast}}}})
    table.accepted({"type": "move", "player": "p3", "movement": 3, "to": [2, 5],
                    "card": COMPASS_LEAF})
    table.accepted({"type": "gain_clover", "player": "p3"})
    table.accepted({"type": "replenish", "player": "p3"})
    view = table.view("p1")
    assert view["over"] is True
    # Tile B (2c, notes companions): each has one, 1 point; the quills 2, 1 and 0 by sign-up order.
    quills = {p["seat"]: [line["points"] for line in p["breakdown"]
                          if line["label"] == "Public quest B (2c): quill space"]
              for p in view["scores"]["players"]}
    assert quills == {"p1": [2], "p2": [1], "p3": [0]}
    assert all(QUILL_SPACES in line["rule"]["quote"] for p in view["scores"]["players"]
               for line in p["breakdown"] if line["label"].endswith("quill space"))
    assert {p["seat"]: p["total"] for p in view["scores"]["players"]} == {
        "p1": 3, "p2": 2, "p3": 1}
    assert view["scores"]["winners"] == ["p1"]


def test_the_falconer_in_a_journey_game_scores_5_and_his_figures_remove_no_tokens(client):
    unpayable = ([adventure(["fist"] * 4, 1, 1)] * 2 + [adventure(["fist"] * 5, 1, 2)] * 3)
    anns_journey = {"card": {"points": 3, "spaces": [[2, 2], [4, 3], [1, 4]]},
                    "removed": [[2, 2]],
                    "completed": [{"points": 4, "spaces": [[1, 2], [2, 3], [3, 3]]}]}
    table = ApiTable(client, {
        "game": GAME, "players": ["Ann"],
        "options": {"campfires": CAMPFIRES, "public_quests": QUESTS,
                    "leaders": {"p1": LEADERS["p1"]}, "journey_cards": True},
        "position": {"round": 4, "current": "falconer", "phase": "falconer_move",
                     "turns": {"p1": 3, "falconer": 2}, "display": unpayable,
                     "players": {"p1": {"figure": [1, 1], "hand": [SWORD_FIST],
                                        "movement": [1, 2, 3], "journey": anns_journey}},
                     "falconer": {"falcon": [3, 3], "falconer": [3, 3], "clovers": 0,
                                  "hand": []}}})
    # His figures land on two of Ann's marked spaces: her tokens stay.
    table.accepted(falconer_move("falcon", "right", [4, 3], COMPASS_LEAF))
    table.accepted(falconer_move("falconer", "right", [1, 4], STAR_LEAF))
    assert table.view("p1")["state"]["players"]["p1"]["journey"]["removed"] == [[2, 2]]
    # No card payable: tile A (leaf, leaf) with the two leaves he took.
    assert table.view("p1")["legal"] == [{"type": "falconer_adventure", "player": "p1",
                                          "signs_up": "A", "pay": [1, 2]}]
    table.accepted({"type": "falconer_adventure", "player": "p1", "signs_up": "A", "pay": [1, 2]})
    table.accepted({"type": "replenish", "player": "p1"})
    view = table.view("p1")
    assert view["over"] is True
    lines = {p["seat"]: {line["label"]: line["points"] for line in p["breakdown"]}
             for p in view["scores"]["players"]}
    # Ann: the completed journey card 4 and one token removed from the other 1: 5. The
    # falconer: tile A's top quill 2 and the journey game's 5: 7.
    assert (lines["p1"]["Completed journey cards"], lines["p1"]["Incomplete journey card"]) == (4, 1)
    assert lines["falconer"]["Journey cards"] == 5
    falconer_lines = next(p for p in view["scores"]["players"]
                          if p["seat"] == "falconer")["breakdown"]
    assert any(FALCONER_JOURNEY in line["rule"]["quote"] for line in falconer_lines
               if line["label"] == "Journey cards")
    assert {p["seat"]: p["total"] for p in view["scores"]["players"]} == {"p1": 5, "falconer": 7}
    assert view["scores"]["winners"] == ["falconer"]


# --- The solo game's first round from its setup ---------------------------------------------------

MIDDLE_SPACE = book("3. Place both of the falconer's figures on the middle space of the map. Take "
                    "the item card from that space and place it above the solo board.")
SOLO_SETS = book("Pilgrims includes four sets of 3 solo cards, marked A, B, C, and D.")
C_TILE_CLOVER = book("In addition, if a player signs up for the C tile, they immediately gain a "
                     "clover token.")
ROUND_ONE_DISPLAY = [adventure(["fist"] * 4, 1, 1)] * 3 + [adventure(["fist"] * 5, 1, 2)] * 2


def test_the_solo_games_first_round_from_its_setup_six_solo_cards_then_a_new_deck(client):
    table = ApiTable(client, {"game": GAME, "players": ["Ann"],
                              "options": {"campfires": CAMPFIRES, "public_quests": QUESTS,
                                          "leaders": {"p1": LEADERS["p1"]}}})
    effects = entered(table, {"type": "choose_corner", "player": "p1", "space": [1, 1],
                              "drawn": NOTES_SPEECH, "item": SWORD_FIST,
                              "falconer_items": [COMPASS_LEAF, STAR_LEAF]})
    assert MIDDLE_SPACE in [effect["rule"]["quote"] for effect in effects]
    state = table.view("p1")["state"]
    assert state["figures"] == {"p1": [1, 1], "falcon": [3, 3], "falconer": [3, 3]}
    assert (state["falconer"]["hand"], state["falconer"]["clovers"]) == (
        [COMPASS_LEAF, STAR_LEAF], 0)
    for index, card in enumerate(ROUND_ONE_DISPLAY, start=1):
        entered(table, {"type": "reveal", "player": "p1", "index": index, "card": card})

    # Turn 1: no display card can be paid; with the right arrow, tile A (two leaves) comes first.
    anns_plain_turn(table, 1, [1, 2])
    entered(table, falconer_move("falcon", "right", [2, 3], SWORD_FIST, set="A"))
    entered(table, falconer_move("falconer", "right", [4, 3], NOTES_SPEECH, set="B"))
    assert table.view("p1")["legal"] == [{"type": "falconer_adventure", "player": "p1",
                                          "signs_up": "A", "pay": [1, 2]}]
    entered(table, {"type": "falconer_adventure", "player": "p1", "signs_up": "A",
                    "pay": [1, 2]})
    entered(table, {"type": "replenish", "player": "p1"})

    # Turn 2: two more set A cards; with the left arrow he checks tile C first and pays speech,
    # fist and leaf; the C tile's clover is his at once.
    anns_plain_turn(table, 2, [2, 1])
    entered(table, falconer_move("falcon", "left", [3, 2], COMPASS_LEAF, set="A"))
    entered(table, falconer_move("falconer", "left", [3, 4], STAR_LEAF, set="A"))
    legal = table.view("p1")["legal"]
    assert [event.get("signs_up") for event in legal] == ["C"]
    effects = entered(table, legal[0])
    assert C_TILE_CLOVER in [effect["rule"]["quote"] for effect in effects]
    state = table.view("p1")["state"]
    assert (len(state["falconer"]["hand"]), state["falconer"]["clovers"]) == (1, 1)
    assert [quest["quills"][0] for quest in state["quests"]] == ["falconer", None, "falconer"]
    entered(table, {"type": "replenish", "player": "p1"})

    # Turn 3: three set A cards are flipped: a fourth is not among the six; the card's clover
    # gives him two, spent at once on an item card. Both quills placed, nothing to pay: nothing.
    anns_plain_turn(table, 3, [3, 1])
    fourth_a = falconer_move("falcon", "right", [4, 1], COMPASS_LEAF, reward="clover", set="A",
                             clover_items=[SWORD_FIST])
    table.refused(fourth_a, SOLO_SETS)
    entered(table, {**fourth_a, "set": "B"})
    entered(table, falconer_move("falconer", "right", [5, 2], NOTES_SPEECH, set="B"))
    state = table.view("p1")["state"]
    assert state["falconer"]["clovers"] == 0 and len(state["falconer"]["hand"]) == 4
    assert table.view("p1")["legal"] == [{"type": "falconer_adventure", "player": "p1",
                                          "nothing": True}]
    entered(table, {"type": "falconer_adventure", "player": "p1", "nothing": True})
    entered(table, {"type": "replenish", "player": "p1"})

    # Round 2: the six solo cards are shuffled into a new deck; a set A card is flipped again.
    assert table.view("p1")["state"]["round"] == 2
    anns_plain_turn(table, 1, [2, 5])
    entered(table, falconer_move("falcon", "right", [2, 3], COMPASS_LEAF, set="A"))
