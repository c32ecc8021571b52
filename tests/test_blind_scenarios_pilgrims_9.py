"""Pilgrims: Curious Adventures, outsider scenarios round 12 (file 9): a whole two-player game from
the corners to the end of round 4 — companions from campfires (the Shepherd's two types), the
leader's reserve and second move, the reserved card completed, items bought with clovers, all three
public quests signed up for (the C tile's clover), the end-of-round-2 display change — every entry
undone and redone as it is made, the hands kept from the other seat and a spectator, and the end
scored by hand from "End of the Game" against the live scores and the calculator; the table
rulings no outsider round had played, each both ways on the same entries (`convert_for_leader`,
`abilities_after_another_activation`, `converted_symbol`); and a real player's wrong entries
(numbers out of range, an item card not in the hand, the Activate phase skipped, a step done
twice). Written from the rulebook and the API's own description only (docs/games/pilgrims.md,
GET /api/games/pilgrims), never the referee's code."""

import pytest

from tests.api_table import ApiTable, as_seen, calculated, quotes_from, reads_by_others, seat_headers
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

GAME = "pilgrims"
book = quotes_from(GAME)

ACTIVATE_ONE = book("During the Activate phase, do one of the following:")
ONE_ADVENTURE = book("During this phase, the player may either complete one adventure card or sign "
                     "up for one public quest (see \"Public Quests\").")
RESERVE = book("To reserve a card, either take any one adventure card from the display or draw one "
               "from either adventure deck. Place the reserved adventure card face-up to the right "
               "of the player board.")
C_TILE_CLOVER = book("In addition, if a player signs up for the C tile, they immediately gain a "
                     "clover token.")
TWO_CLOVERS = book("Spend 2 clover tokens to draw an item card from the deck.")
MOST_POINTS = book("The player with the most victory points is the most experienced pilgrim, and "
                   "wins the game!")
CONVERT_ACTIVATION = book("Spend 1 clover token in the Activate phase to convert an item card's "
                          "activation symbol to match a companion card.")
PERFORMS = book("After activating a character, the player performs their ability.")
SHOWN_SYMBOL = book("• When the player plays an item card with the shown activation symbol to "
                    "activate a character.")

FIST_COMPASS = item("fist", "compass")
COIN_STAR = item("coin", "star")
WANDERER_NOTES = {"types": ["wanderer"], "activation": ["notes"]}
SHEPHERD = {"name": "Shepherd", "types": ["wanderer", "beast"], "activation": ["star"]}
SCOUNDREL_NOTES = {"types": ["scoundrel"], "activation": ["notes"]}
WANDERERS_LEVEL_II = {"level": 2, "points": 5, "party": ["wanderer"], "crosses": 0,
                      "cost": ["speech", "leaf"]}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def new_game(client, **options):
    return ApiTable(client, {
        "game": GAME, "players": ["Ann", "Bob"],
        "options": {"campfires": CAMPFIRES, "public_quests": QUESTS,
                    "leaders": {"p1": LEADERS["p1"], "p2": LEADERS["p2"]}, **options}})


def redo(table):
    response = table.client.post(f"/api/sessions/{table.id}/redo", headers=table.headers)
    assert response.status_code == 200, response.get_json()
    table.seq = response.get_json()["seq"]


def entered(table, event):
    """The event accepted; undone, the table exactly as before it (as each seat sees it); redone,
    exactly as after it."""
    seats = [player["seat"] for player in table.created["players"]]
    before = [as_seen(table.view(seat)) for seat in seats]
    effects = table.accepted(event)["effects"]
    after = [as_seen(table.view(seat)) for seat in seats]
    undone = table.undo()
    assert {k: v for k, v in undone["undo"].items() if k in event} == event
    assert [as_seen(table.view(seat)) for seat in seats] == before, event
    redo(table)
    assert [as_seen(table.view(seat)) for seat in seats] == after, event
    return effects


def hand(table, seat):
    return table.view(seat)["state"]["players"][seat]["hand"]


def plain_turn(table, seat, movement, to, card=COMPASS_LEAF):
    entered(table, {"type": "move", "player": seat, "movement": movement, "to": to, "card": card})
    entered(table, {"type": "gain_clover", "player": seat})
    entered(table, {"type": "replenish", "player": seat})


# --- A whole game ---------------------------------------------------------------------------------

def test_a_whole_game_from_the_corners_to_the_end_of_round_4_scored_by_hand(client):
    table = new_game(client)
    entered(table, {"type": "choose_corner", "player": "p2", "space": [5, 5],
                    "drawn": STAR_LEAF, "item": SWORD_FIST})
    entered(table, {"type": "choose_corner", "player": "p1", "space": [1, 1],
                    "drawn": NOTES_SPEECH, "item": SWORD_FIST})
    assert hand(table, "p1") == [SWORD_FIST, NOTES_SPEECH]

    # Round 1, Ann's first turn: a wanderer from the campfire; her leader, activated with the
    # sword, reserves the level II card of display place 4 and moves her on to take an item.
    entered(table, {"type": "move", "player": "p1", "movement": 1, "to": [2, 2],
                    "card": WANDERER_NOTES})
    entered(table, {"type": "activate", "player": "p1", "character": "leader", "hand": 1})
    effects = entered(table, {"type": "ability", "player": "p1", "kind": "reserve",
                              "source": "display", "index": 4, "adventure": WANDERERS_LEVEL_II})
    assert effects[0]["rule"]["quote"] == RESERVE
    entered(table, {"type": "ability", "player": "p1", "kind": "move", "to": [3, 2],
                    "card": COMPASS_LEAF})
    entered(table, {"type": "replenish", "player": "p1"})
    # The reserved card lies face up: Bob sees it.
    assert table.view("p2")["state"]["players"]["p1"]["reserve"] == [WANDERERS_LEVEL_II]
    plain_turn(table, "p2", 1, [5, 4])

    # Ann's second turn: the reserved card completed (the wanderer, a speech and a leaf); a public
    # quest as well is one adventure too many.
    entered(table, {"type": "move", "player": "p1", "movement": 2, "to": [3, 3],
                    "card": STAR_LEAF})
    entered(table, {"type": "gain_clover", "player": "p1"})
    assert hand(table, "p1") == [NOTES_SPEECH, COMPASS_LEAF, STAR_LEAF]
    entered(table, {"type": "complete_adventure", "player": "p1", "source": "reserve",
                    "index": 1, "pay": [{"hand": 1}, {"hand": 2}], "companions": [1],
                    "retire": []})
    table.refused({"type": "sign_up", "player": "p1", "tile": "A",
                   "pay": [{"hand": 1}, {"hand": 1}]}, ONE_ADVENTURE)
    entered(table, {"type": "replenish", "player": "p1"})

    # Bob's second turn: two clovers buy an item card (drawn unseen by Ann), then tile B's top
    # quill with the sword/fist and the notes/speech.
    entered(table, {"type": "move", "player": "p2", "movement": 2, "to": [4, 5],
                    "card": NOTES_SPEECH})
    effects = entered(table, {"type": "buy_item", "player": "p2", "item": FIST_COMPASS})
    assert any(TWO_CLOVERS in effect["rule"]["quote"] for effect in effects)
    entered(table, {"type": "gain_clover", "player": "p2"})
    assert hand(table, "p2") == [SWORD_FIST, STAR_LEAF, COMPASS_LEAF, NOTES_SPEECH, FIST_COMPASS]
    assert hand(table, "p1") and table.view("p1")["state"]["players"]["p2"]["hand"] == [None] * 5
    entered(table, {"type": "sign_up", "player": "p2", "tile": "B",
                    "pay": [{"hand": 1}, {"hand": 4}]})
    entered(table, {"type": "replenish", "player": "p2"})

    # Ann's third turn: the Shepherd (a wanderer and a beast) from a campfire, activated with the
    # star item.
    entered(table, {"type": "move", "player": "p1", "movement": 3, "to": [1, 3],
                    "card": SHEPHERD})
    entered(table, {"type": "activate", "player": "p1", "character": 2, "hand": 1})
    entered(table, {"type": "replenish", "player": "p1"})
    entered(table, {"type": "move", "player": "p2", "movement": 3, "to": [4, 4],
                    "card": SCOUNDREL_NOTES})
    entered(table, {"type": "gain_clover", "player": "p2"})
    entered(table, {"type": "replenish", "player": "p2"})
    state = table.view()["state"]
    assert state["round"] == 2
    assert [len(state["players"][seat]["party"]) for seat in ("p1", "p2")] == [2, 1]

    # Round 2: Ann signs up for tile A (two leaves: a leaf and the wild coin).
    plain_turn(table, "p1", 1, [3, 4], COIN_STAR)
    plain_turn(table, "p2", 1, [3, 5])
    entered(table, {"type": "move", "player": "p1", "movement": 2, "to": [2, 3],
                    "card": COMPASS_LEAF})
    entered(table, {"type": "gain_clover", "player": "p1"})
    entered(table, {"type": "sign_up", "player": "p1", "tile": "A",
                    "pay": [{"hand": 2}, {"hand": 1}]})
    entered(table, {"type": "replenish", "player": "p1"})
    plain_turn(table, "p2", 2, [2, 5])
    plain_turn(table, "p1", 3, [2, 1], NOTES_SPEECH)
    # Bob's last turn of round 2 ends it: the display's ratio changes to 2 level I, 3 level II.
    plain_turn(table, "p2", 3, [1, 5], SWORD_FIST)
    state = table.view()["state"]
    assert state["round"] == 3
    assert sorted(place["level"] for place in state["display"]) == [1, 1, 2, 2, 2]

    # Round 3: Ann signs up for tile C (speech, fist, leaf) and gains its clover at once.
    plain_turn(table, "p1", 1, [3, 1], SWORD_FIST)
    plain_turn(table, "p2", 1, [1, 4])
    entered(table, {"type": "move", "player": "p1", "movement": 2, "to": [4, 1],
                    "card": COMPASS_LEAF})
    entered(table, {"type": "gain_clover", "player": "p1"})
    clovers = table.view("p1")["state"]["players"]["p1"]["clovers"]
    effects = entered(table, {"type": "sign_up", "player": "p1", "tile": "C",
                              "pay": [{"hand": 1}, {"hand": 2}, {"hand": 3}]})
    assert any(effect["rule"]["quote"] == C_TILE_CLOVER for effect in effects)
    assert table.view("p1")["state"]["players"]["p1"]["clovers"] == clovers + 1
    entered(table, {"type": "replenish", "player": "p1"})
    plain_turn(table, "p2", 2, [1, 2])
    plain_turn(table, "p1", 3, [5, 1])
    plain_turn(table, "p2", 3, [2, 3])

    # Round 4: plain turns, Ann's first by the fourth movement space.
    for movement, ann_to, bob_to in [(4, [5, 2], [3, 3]), (2, [4, 3], [3, 4]),
                                     (1, [3, 2], [2, 5])]:
        plain_turn(table, "p1", movement, ann_to)
        plain_turn(table, "p2", min(movement, 3), bob_to)

    view = table.view()
    assert view["over"] is True and view["legal"] == []
    state = view["state"]
    ann, bob = state["players"]["p1"], state["players"]["p2"]
    assert (ann["clovers"], len(ann["hand"])) == (12, 4)
    assert (bob["clovers"], len(bob["hand"])) == (11, 12)
    # Ann: the level II card 5; 12 clovers, 4; tile A's top quill 2 and two wanderers (her
    # wanderer and the Shepherd) 2; tile C's top quill 2 and one level II card 1: 16.
    # Bob: 11 clovers, 3; tile B's top quill 2 and one notes companion 1: 6.
    totals = {p["seat"]: p["total"] for p in view["scores"]["players"]}
    assert totals == {"p1": 16, "p2": 6}
    assert view["scores"]["winners"] == ["p1"]
    assert MOST_POINTS in view["scores"]["decided_by"]["rule"]["quote"]

    scores = calculated(client, GAME, {
        "public_quests": {"A": "1a", "B": "2c", "C": "5"},
        "players": [
            {"name": "Ann", "items": 4, "clovers": 12, "adventures": [{"level": 2, "points": 5}],
             "quills": [{"tile": "A", "space": "top", "collected": 2},
                        {"tile": "C", "space": "top", "collected": 1}]},
            {"name": "Bob", "items": 12, "clovers": 11,
             "quills": [{"tile": "B", "space": "top", "collected": 1}]}]})
    assert [p["total"] for p in scores["players"]] == [16, 6]
    live_winners = [p["name"] for p in view["scores"]["players"]
                    if p["seat"] in view["scores"]["winners"]]
    assert [p["name"] for p in scores["players"] if p["seat"] in scores["winners"]] == live_winners
    assert ([sorted(line["points"] for line in p["breakdown"]) for p in scores["players"]]
            == [sorted(line["points"] for line in p["breakdown"])
                for p in view["scores"]["players"]])

    # Ann's four item cards stay hers: Bob's phone and a spectator read four unknown cards.
    bob_phone = seat_headers(client, table, "p2")
    reads = reads_by_others(client, table, "Bob", bob_phone)
    for name in ("Bob view", "spectator view"):
        assert reads[name].get_json()["state"]["players"]["p1"]["hand"] == [None] * 4, name


# --- Table rulings, each both ways on the same entries --------------------------------------------

def activating(client, ann, **options):
    """Round 2, Ann (p1) in her Activate phase, having moved by movement space 1."""
    return ApiTable(client, {
        "game": GAME, "players": ["Ann", "Bob"],
        "options": {"campfires": CAMPFIRES, "public_quests": QUESTS,
                    "leaders": {"p1": LEADERS["p1"], "p2": LEADERS["p2"]}, **options},
        "position": {"round": 2, "current": "p1", "phase": "activate",
                     "players": {"p1": {"figure": [3, 3], "movement": [1], **ann},
                                 "p2": {"figure": [5, 5], "hand": [SWORD_FIST]}}}})


def ann(table):
    return table.view("p1")["state"]["players"]["p1"]


def test_convert_for_leader_false_or_true_a_notes_item_under_the_sword_leader(client):
    # Ann holds only a speech/notes item; her leader shows the sword.
    convert = {"type": "activate", "player": "p1", "character": "leader", "hand": 1,
               "convert": True}
    literal = activating(client, {"hand": [NOTES_SPEECH], "clovers": 1},
                         convert_for_leader=False)
    assert convert not in literal.view("p1")["legal"]
    before = as_seen(literal.view("p1"))
    literal.refused(convert, CONVERT_ACTIVATION)
    assert as_seen(literal.view("p1")) == before
    assert literal.view("p1")["legal"] == [{"type": "gain_clover", "player": "p1"}]

    leader_too = activating(client, {"hand": [NOTES_SPEECH], "clovers": 1},
                            convert_for_leader=True)
    assert convert in leader_too.view("p1")["legal"]
    leader_too.accepted(convert)
    state = ann(leader_too)
    assert (state["clovers"], state["hand"], state["leader"]["holds"]) == (0, [], NOTES_SPEECH)
    # The leader's two abilities are now Ann's to use.
    assert {e["kind"] for e in leader_too.view("p1")["legal"] if e["type"] == "ability"} == {
        "move", "reserve"}


HELPER = {"types": ["beast"], "activation": ["star"],
          "abilities": ["another activation", "gain clover"]}


@pytest.mark.parametrize("reading", ["kept", "ended"])
def test_abilities_after_another_activation_kept_or_ended(client, reading):
    # Ann's beast (another activation + gain a clover) is activated with the star item; she uses
    # "another activation" to activate her leader with the sword, then asks for the beast's clover.
    table = activating(client, {"hand": [STAR_LEAF, SWORD_FIST], "clovers": 0,
                                "party": [{"card": HELPER}]},
                       abilities_after_another_activation=reading)
    table.accepted({"type": "activate", "player": "p1", "character": 1, "hand": 1})
    table.accepted({"type": "ability", "player": "p1", "kind": "another activation"})
    table.accepted({"type": "activate", "player": "p1", "character": "leader", "hand": 1})
    beasts_clover = {"type": "ability", "player": "p1", "kind": "gain clover", "character": 1}
    abilities = [e for e in table.view("p1")["legal"] if e["type"] == "ability"]
    assert {(e["kind"], e.get("character")) for e in abilities} == (
        {("move", None), ("reserve", None)} | ({("gain clover", 1)} if reading == "kept" else set()))
    if reading == "kept":
        table.accepted(beasts_clover)
        assert ann(table)["clovers"] == 1
        table.refused(beasts_clover, book("Each ability can be used only once per activation."))
    else:
        before = as_seen(table.view("p1"))
        table.refused(beasts_clover, PERFORMS)
        assert as_seen(table.view("p1")) == before and ann(table)["clovers"] == 0
    # Either way the leader's own abilities stay usable.
    table.accepted({"type": "ability", "player": "p1", "kind": "move", "to": [3, 4],
                    "card": COMPASS_LEAF})


STAR_IMPROVEMENT = {"level": 1, "points": 2, "improvement": ["other"],
                    "trigger": {"when": "activation", "activation": "star"},
                    "abilities": ["gain clover"]}


@pytest.mark.parametrize("reading", ["converted", "printed"])
def test_converted_symbol_a_sword_item_converted_to_star_and_the_star_improvement(client, reading):
    # Ann's completed card gives a clover when she plays an item with the star symbol to
    # activate; she plays a sword item under her star beast, converting it with a clover.
    table = activating(client, {"hand": [SWORD_FIST], "clovers": 1,
                                "party": [{"card": {"types": ["beast"], "activation": ["star"]}}],
                                "completed": [STAR_IMPROVEMENT]},
                       converted_symbol=reading)
    table.accepted({"type": "activate", "player": "p1", "character": 1, "hand": 1,
                    "convert": True})
    assert ann(table)["clovers"] == 0
    improvement = {"type": "ability", "player": "p1", "kind": "gain clover", "improvement": 1}
    if reading == "converted":
        assert improvement in table.view("p1")["legal"]
        table.accepted(improvement)
        assert ann(table)["clovers"] == 1
    else:
        assert improvement not in table.view("p1")["legal"]
        table.refused(improvement, SHOWN_SYMBOL)
        assert ann(table)["clovers"] == 0


# --- A real player's wrong entries ----------------------------------------------------------------

def cornered(client):
    table = new_game(client)
    table.accepted({"type": "choose_corner", "player": "p2", "space": [5, 5],
                    "drawn": STAR_LEAF, "item": SWORD_FIST})
    table.accepted({"type": "choose_corner", "player": "p1", "space": [1, 1],
                    "drawn": NOTES_SPEECH, "item": SWORD_FIST})
    return table


@pytest.mark.parametrize(("event", "field"), [
    ({"type": "move", "player": "p1", "movement": 5, "to": [1, 2], "card": COMPASS_LEAF},
     "event.movement"),
    ({"type": "move", "player": "p1", "movement": 0, "to": [1, 2], "card": COMPASS_LEAF},
     "event.movement"),
    ({"type": "move", "player": "p1", "movement": 1, "to": [6, 2], "card": COMPASS_LEAF},
     "event.to.0"),
    ({"type": "move", "player": "p1", "movement": 1, "to": [2, 0], "card": COMPASS_LEAF},
     "event.to.1"),
    ({"type": "move", "player": "p1", "movement": 1, "to": [1, 2, 3], "card": COMPASS_LEAF},
     "event.to"),
    ({"type": "sign_up", "player": "p1", "tile": "D", "pay": [{"hand": 1}]}, "event.tile"),
    ({"type": "activate", "player": "p1", "character": "leader", "hand": 0}, "event.hand"),
])
def test_numbers_off_the_board_or_the_boxes_are_bad_requests_naming_the_field(
        client, event, field):
    table = cornered(client)
    before, seq = as_seen(table.view("p1")), table.seq
    response = table.send(event)
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"] == field
    assert (as_seen(table.view("p1")), table.seq) == (before, seq)


def test_steps_done_twice_in_anns_turn_are_refused_each_with_its_sentence(client):
    table = cornered(client)
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [1, 2],
                    "card": COMPASS_LEAF})
    table.refused({"type": "move", "player": "p1", "movement": 2, "to": [1, 3],
                   "card": SHEPHERD},
                  book("On their turn, each player must use 1 of their movement tokens."))
    table.accepted({"type": "gain_clover", "player": "p1"})
    table.refused({"type": "gain_clover", "player": "p1"},
                  book("If the player is unable (or doesn't want) to activate a character, they "
                       "may instead gain 1 clover token from the supply."))
    table.refused({"type": "activate", "player": "p1", "character": "leader", "hand": 1},
                  ACTIVATE_ONE)
    table.accepted({"type": "buy_item", "player": "p1", "item": STAR_LEAF})
    # The two clovers are spent: a second item card cannot be bought.
    table.refused({"type": "buy_item", "player": "p1", "item": STAR_LEAF}, TWO_CLOVERS)
    table.accepted({"type": "replenish", "player": "p1"})
    turn_over = book("After replenishing cards, the player's turn is over. Play proceeds "
                     "clockwise to the next player.")
    table.refused({"type": "replenish", "player": "p1"}, turn_over)
    table.refused({"type": "gain_clover", "player": "p1"}, turn_over)
    assert table.view()["current_players"] == ["p2"]
    assert ann(table)["hand"] == [SWORD_FIST, NOTES_SPEECH, COMPASS_LEAF, STAR_LEAF]


CORNERS = book("6. Starting with the last player (seated to the right of the first player) and "
               "proceeding counterclockwise, each player chooses one of the corner spaces, takes "
               "that space's item card and adds it to their hand, then places their figure on that "
               "space.")


def test_ann_choosing_a_second_corner_after_the_setup_is_refused_with_the_setup_step(client):
    table = cornered(client)
    table.refused({"type": "choose_corner", "player": "p1", "space": [1, 5],
                   "drawn": STAR_LEAF, "item": SWORD_FIST}, CORNERS)


# --- Journey cards: a card completed, the next one marking the space Ann stands on --------------

JOURNEY_TOKEN = book("When their figure moves onto a marked space, remove the corresponding map "
                     "token.")
JOURNEY_DONE = book("Once a player removes the third map token, the journey card is completed and "
                    "the player gains the reward shown in the top-right corner.")
SAME_SPACE = book("If a figure's position and a new journey card's marked space are the same, do "
                  "not remove that space's map token. The player must move their figure and return "
                  "later to remove it.")


def quotes_of(effects):
    return [effect["rule"]["quote"] for effect in effects if effect.get("rule")]


def test_a_journey_card_completed_then_a_new_one_marking_anns_own_space_each_entry_undone(client):
    table = new_game(client, journey_cards=True)
    entered(table, {"type": "choose_corner", "player": "p2", "space": [5, 5],
                    "drawn": STAR_LEAF, "item": SWORD_FIST})
    entered(table, {"type": "choose_corner", "player": "p1", "space": [1, 1],
                    "drawn": NOTES_SPEECH, "item": SWORD_FIST})
    first = {"points": 3, "clovers": 1, "spaces": [[1, 2], [2, 2], [3, 3]]}
    entered(table, {"type": "choose_journey", "player": "p1", "card": first})
    entered(table, {"type": "choose_journey", "player": "p2",
                    "card": {"points": 4, "spaces": [[2, 3], [4, 4], [5, 1]]}})
    # The kept journey card lies face up: Bob sees Ann's.
    assert table.view("p2")["state"]["players"]["p1"]["journey"]["card"] == first
    # A face-up map card entered by the table is undone like any entry.
    entered(table, {"type": "reveal", "player": "p1", "space": [1, 2], "card": COMPASS_LEAF})

    effects = entered(table, {"type": "move", "player": "p1", "movement": 1, "to": [1, 2]})
    assert JOURNEY_TOKEN in " ".join(quotes_of(effects))
    entered(table, {"type": "activate", "player": "p1", "character": "leader", "hand": 1})
    entered(table, {"type": "ability", "player": "p1", "kind": "move", "to": [2, 2],
                    "card": {"types": ["beast"], "activation": ["star"]}})
    assert ann(table)["journey"]["removed"] == [[1, 2], [2, 2]]
    entered(table, {"type": "replenish", "player": "p1"})
    plain_turn(table, "p2", 1, [5, 4])

    # The third token: the card is completed, its clover gained, and a new card must be kept
    # before anything else.
    clovers = ann(table)["clovers"]
    effects = entered(table, {"type": "move", "player": "p1", "movement": 2, "to": [3, 3],
                              "card": STAR_LEAF})
    assert JOURNEY_DONE in " ".join(quotes_of(effects))
    journey = ann(table)["journey"]
    assert (journey["completed"], journey["pending"], ann(table)["clovers"]) == (
        [first], True, clovers + 1)
    assert [e["type"] for e in table.view("p1")["legal"]] == ["choose_journey"]
    # The new card marks [3, 3], where Ann stands: that token stays.
    second = {"points": 2, "spaces": [[3, 3], [3, 4], [4, 4]]}
    effects = entered(table, {"type": "choose_journey", "player": "p1", "card": second})
    assert SAME_SPACE in quotes_of(effects)
    assert ann(table)["journey"]["removed"] == []
    entered(table, {"type": "gain_clover", "player": "p1"})
    entered(table, {"type": "replenish", "player": "p1"})
    plain_turn(table, "p2", 2, [4, 5])

    # She moves away to [3, 4] (a token), and comes back to [3, 3] (its token now removed).
    plain_turn(table, "p1", 3, [3, 4])
    plain_turn(table, "p2", 3, [5, 3], {"types": ["scoundrel"], "activation": ["notes"]})
    assert ann(table)["journey"]["removed"] == [[3, 4]]
    plain_turn(table, "p1", 1, [3, 3])
    assert ann(table)["journey"]["removed"] == [[3, 4], [3, 3]]
    # Scored so far: the completed card 3, and 1 per token removed from the incomplete card.
    lines = {line["label"]: line["points"]
             for line in next(p for p in table.view()["scores"]["players"]
                              if p["seat"] == "p1")["breakdown"]}
    assert (lines["Completed journey cards"], lines["Incomplete journey card"]) == (3, 2)
