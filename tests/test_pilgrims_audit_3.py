"""Third independent audit of the Pilgrims: Curious Adventures referee (session 8), written from the
rulebook and the API's own description (GET /api/games/pilgrims) only, for the situations the first
two audits and the scoring audit did not play: a clover-converted activation symbol against the
improvements its symbol triggers, a phase skipped rather than taken out of order, an ability after the
Adventure phase, journey map tokens removed by an ability's movement and a journey deck running out,
"draw 2, keep one" from a deck of one, what an ability's movement does and does not trigger, a quest
without companions, clovers spent late in the turn, the falcon as "another player's figure", the
display refilled after a reservation, and what the table page shows.

The table (example setup): campfires at (1,3) (2,2) (2,4) (4,2) (4,4) (5,3); public quest tiles, left
to right: B (mission 2c, notes; cost fist + speech), A (1a, wanderers; leaf + leaf), C (5, level II
adventures; speech + fist + leaf); p1's leader shows a sword, p2's notes.
"""

import html
import re

import pytest

from tests.test_pilgrims_audit import DISPLAY, A, C, I, M, ev, in_book, me, start, two

CONVERT = in_book("Spend 1 clover token in the Activate phase to convert an item card's activation "
                  "symbol to match a companion card.")
SYMBOL_TRIGGER = in_book("• When the player plays an item card with the shown activation symbol to "
                         "activate a character.")
MEANS_TRIGGER = in_book("• When moving by the depicted means.")
ACTIVATE_ONE = in_book("During the Activate phase, do one of the following:")
PHASES = in_book("A player's turn consists of the following phases in a fixed order:")
COMPANIONS = in_book("• 32 companion cards")
SHOWN_COLOR = in_book("• Take any item card of the shown color from the map.")
JOURNEY_TOKEN = in_book("When their figure moves onto a marked space, remove the corresponding map "
                        "token.")

STAR_TRIGGER = A(2, 5, improvement=["other"], trigger={"when": "activation", "activation": "star"},
                 abilities=["gain clover"])
J1 = {"spaces": [[1, 2], [3, 3], [5, 1]], "points": 4}
J2 = {"spaces": [[4, 4], [2, 3], [3, 1]], "points": 3}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def activate_phase(client, p1, p2=None, position=None, **options):
    """Ann has moved (movement space 1): her Activate phase."""
    return start(client, {"phase": "activate", "display": DISPLAY,
                          "players": two({"movement": [1], **p1}, p2), **(position or {})},
                 **options)


def rules(error: dict) -> list:
    return [rule["quote"] for rule in error.get("rules", [error["rule"]])]


# -- a clover-converted activation symbol (table ruling converted_symbol) --------------------------


def test_a_converted_item_shows_the_converted_symbol_to_an_improvement_by_default(client):
    """A notes item, converted by a clover to activate a star beast: "convert an item card's
    activation symbol to match a companion card" — the card is played showing a star, so the
    improvement triggered "When the player plays an item card with the shown activation symbol"
    (star) gives its reward (default `converted_symbol: converted`)."""
    table = activate_phase(client, {"clovers": 1, "hand": [I("fist", "notes")],
                                    "party": [M(C(["beast"], ["star"]))],
                                    "completed": [STAR_TRIGGER]})
    effects = table.accepted(ev("activate", character=1, hand=1, convert=True))["effects"]
    assert "convert the item's activation symbol (to star)" in effects[0]["text"]
    table.accepted(ev("ability", kind="gain clover", improvement=1))
    assert me(table)["clovers"] == 1


def test_the_printed_ruling_reads_the_symbol_printed_on_the_card(client):
    table = activate_phase(client, {"clovers": 1, "hand": [I("fist", "notes")],
                                    "party": [M(C(["beast"], ["star"]))],
                                    "completed": [STAR_TRIGGER]},
                           converted_symbol="printed")
    table.accepted(ev("activate", character=1, hand=1, convert=True))
    table.refused(ev("ability", kind="gain clover", improvement=1), SYMBOL_TRIGGER)


def test_the_ruling_cites_both_passages(client):
    option = client.get("/api/games/pilgrims").get_json()["options"]["converted_symbol"]
    assert option["default"] == "converted"
    assert [rule["quote"] for rule in option["rules"]] == [CONVERT, SYMBOL_TRIGGER]


def test_a_two_symbol_companion_converts_to_the_symbol_named(client):
    """A companion showing star and compass: the clover converts the item "to match" it — to one of
    its symbols, named in `convert_to`; a symbol the companion does not show is refused."""
    compass = A(2, 5, improvement=["other"],
                trigger={"when": "activation", "activation": "compass"}, abilities=["gain clover"])
    table = activate_phase(client, {"clovers": 1, "hand": [I("fist", "notes")],
                                    "party": [M(C(["beast"], ["star", "compass"]))],
                                    "completed": [STAR_TRIGGER, compass]})
    table.refused(ev("activate", character=1, hand=1, convert=True, convert_to="sword"), CONVERT)
    table.accepted(ev("activate", character=1, hand=1, convert=True, convert_to="compass"))
    table.refused(ev("ability", kind="gain clover", improvement=1), SYMBOL_TRIGGER)
    table.accepted(ev("ability", kind="gain clover", improvement=2))


def test_convert_to_without_a_clover_spent_is_bad_input(client):
    table = activate_phase(client, {"clovers": 1, "hand": [I("fist", "star")],
                                    "party": [M(C(["beast"], ["star"]))]})
    response = table.send(ev("activate", character=1, hand=1, convert_to="star"))
    assert response.status_code == 400
    assert response.get_json()["error"]["field"] == "event.convert_to"


# -- phases skipped, phases over ---------------------------------------------------------------------


def test_replenishing_with_the_activate_phase_skipped_quotes_both_sentences(client):
    """After the move Ann replenishes at once: "During the Activate phase, do one of the
    following:" (activate or take a clover — not nothing) and the phases' fixed order."""
    table = start(client, {"display": DISPLAY, "players": two()})
    table.accepted(ev("move", movement=1, to=[1, 2], card=I("leaf", "star")))
    error = table.refused(ev("replenish"), ACTIVATE_ONE)
    assert rules(error) == [ACTIVATE_ONE, PHASES]
    table.accepted(ev("gain_clover"))
    table.accepted(ev("replenish"))


def test_a_quest_with_the_activate_phase_skipped_is_refused_too(client):
    table = start(client, {"display": DISPLAY,
                           "players": two({"hand": [I("leaf", "star"), I("leaf", "notes")]})})
    table.accepted(ev("move", movement=1, to=[1, 2], card=I("fist", "star")))
    error = table.refused(ev("sign_up", tile="A", pay=[{"hand": 1}, {"hand": 2}]), ACTIVATE_ONE)
    assert PHASES in rules(error)


def test_an_ability_after_the_adventure_phase_is_out_of_order(client):
    """Ann activated her leader, then completed an adventure: the leader's movement now would go
    back to the Activate phase — "in a fixed order", not "After activating a character" (she
    did)."""
    table = activate_phase(client, {"hand": [I("fist", "sword"), I("fist", "notes")]})
    table.accepted(ev("activate", character="leader", hand=1))
    table.accepted(ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}]))
    error = table.refused(ev("ability", kind="move", to=[1, 2], card=I("leaf", "star")), PHASES)
    assert "Adventure phase is over" in error["message"]


def test_an_improvement_triggered_by_the_adventure_is_still_taken_after_it(client):
    """"• When the player completes an adventure card (excluding this one)." — its reward comes
    after the Adventure phase's adventure, so it is not refused as out of order."""
    on_adventure = A(1, 2, improvement=["other"], trigger={"when": "adventure"},
                     abilities=["gain clover"])
    table = activate_phase(client, {"hand": [I("fist", "sword"), I("fist", "notes")],
                                    "completed": [on_adventure]})
    table.accepted(ev("activate", character="leader", hand=1))
    table.accepted(ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}]))
    table.accepted(ev("ability", kind="gain clover", improvement=1))


# -- what an ability's movement triggers --------------------------------------------------------------


def test_an_abilitys_movement_removes_a_journey_map_token(client):
    """"When their figure moves onto a marked space, remove the corresponding map token." — the
    leader's movement diagram moves the figure too."""
    table = activate_phase(client, {"hand": [I("fist", "sword")],
                                    "journey": {"card": J1, "removed": []}},
                           {"journey": {"card": J2}}, journey_cards=True)
    table.accepted(ev("activate", character="leader", hand=1))
    effects = table.accepted(ev("ability", kind="move", to=[1, 2], card=I("leaf", "star")))
    assert any(JOURNEY_TOKEN in (e["rule"] or {}).get("quote", "") for e in effects["effects"])
    assert me(table)["journey"]["removed"] == [[1, 2]]


def test_an_abilitys_movement_to_a_corner_triggers_the_corner_improvement(client):
    """"• When the player moves their figure to a corner space on the map." — by any movement."""
    corner = A(2, 5, improvement=["other"], trigger={"when": "corner"}, abilities=["gain clover"])
    table = activate_phase(client, {"figure": [1, 2], "hand": [I("fist", "sword")],
                                    "completed": [corner]})
    table.refused(ev("ability", kind="gain clover", improvement=1), "corner space")
    table.accepted(ev("activate", character="leader", hand=1))
    table.accepted(ev("ability", kind="move", to=[1, 1], card=I("leaf", "star")))
    table.accepted(ev("ability", kind="gain clover", improvement=1))


def test_an_abilitys_movement_is_no_depicted_means_of_travel(client):
    """"• When moving by the depicted means." — the means of travel are the player board's movement
    spaces ("Each space shows a type of travel and a movement diagram."); a character's movement
    diagram shows none, so a means-1 improvement is not triggered by it."""
    means = A(2, 5, improvement=["movement"], trigger={"when": "means", "means": 1},
              abilities=["gain clover"])
    table = activate_phase(client, {"movement": [2], "hand": [I("fist", "sword")],
                                    "completed": [means]})
    table.accepted(ev("activate", character="leader", hand=1))
    table.accepted(ev("ability", kind="move", to=[1, 2], card=I("leaf", "star")))
    table.refused(ev("ability", kind="gain clover", improvement=1), MEANS_TRIGGER)


# -- decks running short -----------------------------------------------------------------------------


def test_a_journey_completed_with_one_card_left_in_the_journey_deck(client):
    """"Then, draw 2 journey cards from the deck. Choose one and return the other" — with one card
    left Ann draws and keeps it: nothing goes to the bottom, and the deck is empty."""
    table = start(client, {"decks": {"journey": 1}, "display": DISPLAY, "players": two(
        {"journey": {"card": J1, "removed": [[3, 3], [5, 1]]}}, {"journey": {"card": J2}})},
        journey_cards=True)
    effects = table.accepted(ev("move", movement=1, to=[1, 2], card=I("leaf", "star")))["effects"]
    assert "Only 1 journey card is left" in effects[-1]["text"]
    kept = table.accepted(ev("choose_journey", card={"points": 3,
                                                     "spaces": [[2, 2], [4, 3], [1, 4]]}))
    assert "bottom" not in kept["effects"][-1]["text"]
    assert table.view()["state"]["decks"]["journey"] == 0
    assert me(table)["journey"]["completed"] == [J1]


def test_an_empty_journey_deck_lets_play_go_on(client):
    """"If the journey deck runs out of cards, players can only complete the cards they already
    have." — Ann completes hers, draws none, and goes on with her Activate phase."""
    table = start(client, {"decks": {"journey": 0}, "display": DISPLAY, "players": two(
        {"journey": {"card": J1, "removed": [[3, 3], [5, 1]]}}, {"journey": {"card": J2}})},
        journey_cards=True)
    table.accepted(ev("move", movement=1, to=[1, 2], card=I("leaf", "star")))
    table.accepted(ev("gain_clover"))
    assert me(table)["journey"]["card"] is None and me(table)["journey"]["pending"] is False


def test_draw_two_companions_keep_one_from_a_deck_of_one(client):
    """"• Draw 2 companion cards from the deck. Keep one, then put the other face-down on the
    bottom of the companion deck." — one card left: it is kept; a second card entered for the
    bottom cannot exist (all 32 are out of the deck)."""
    companion = M(C(["beast"], ["star"], abilities=["draw companion"]))
    table = activate_phase(client, {"hand": [I("fist", "star")], "party": [companion]},
                           position={"decks": {"companion": 1}})
    table.accepted(ev("activate", character=1, hand=1))
    table.refused(ev("ability", kind="draw companion", card=C(["wanderer"], ["notes"]),
                     bottom=C(["scoundrel"], ["sword"])), COMPANIONS)
    effects = table.accepted(ev("ability", kind="draw companion",
                                card=C(["wanderer"], ["notes"])))["effects"]
    assert effects[-1]["text"] == "Only 1 companion card was left in the deck: it is kept."
    assert table.view()["state"]["decks"]["companion"] == 0
    assert len(me(table)["party"]) == 2


# -- quests, clovers, colours, figures ------------------------------------------------------------------


def test_a_quest_needs_no_companion(client):
    """"Public quest tiles do not have a party requirement." — Ann, with no companion, signs up."""
    table = start(client, {"phase": "activate", "turn": {"activated": True}, "display": DISPLAY,
                           "players": two({"movement": [1],
                                           "hand": [I("leaf", "star"), I("leaf", "notes")]})})
    table.accepted(ev("sign_up", tile="A", pay=[{"hand": 1}, {"hand": 2}]))
    tile_a = next(q for q in table.view()["state"]["quests"] if q["tile"] == "A")
    assert tile_a["quills"] == ["p1", None, None]


def test_two_clovers_buy_an_item_after_the_adventure_phase(client):
    """"They may do this any time during their turn." — after the Adventure phase, before the
    replenish that ends the turn."""
    table = start(client, {"phase": "replenish", "turn": {"activated": True}, "display": DISPLAY,
                           "players": two({"movement": [1], "clovers": 2})})
    table.accepted(ev("buy_item", item=I("leaf", "star")))
    assert me(table)["clovers"] == 0 and me(table)["hand"][-1] == I("leaf", "star")


def test_a_gold_coin_item_is_not_of_a_shown_green_colour(client):
    """The wild coin "can replace any other adventure symbol when completing an adventure card" —
    not when an ability takes "any item card of the shown color from the map"."""
    table = activate_phase(client, {"hand": [I("fist", "star")],
                                    "party": [M(C(["beast"], ["star"], abilities=["take item"]))]})
    table.accepted(ev("activate", character=1, hand=1))
    table.refused(ev("ability", kind="take item", color="leaf", space=[3, 3],
                     card=I("coin", "notes")), SHOWN_COLOR)
    table.accepted(ev("ability", kind="take item", color="leaf", space=[3, 3],
                      card=I("leaf", "notes")))


def test_moving_onto_the_falcon_triggers_the_another_figure_improvement(client):
    """"• When the player moves their figure over or onto a space with another player's figure
    (even solo figures)." — Kim moves onto the middle space, where the falcon and falconer start:
    she draws a card (the space is occupied) and the improvement gives its reward."""
    figure = A(2, 5, improvement=["other"], trigger={"when": "figure"}, abilities=["gain clover"])
    table = start(client, {"display": DISPLAY, "players": {"p1": {"figure": [2, 2],
                                                                  "completed": [figure]}}},
                  players=("Kim",), solo_difficulty="easy")
    table.accepted(ev("move", movement=1, to=[3, 3], card=I("fist", "notes")))
    table.accepted(ev("ability", kind="gain clover", improvement=1))


def test_five_players_is_bad_input(client):
    """"Pilgrims is a competitive family game for 1-4 players." """
    response = client.post("/api/sessions", json={"game": "pilgrims", "players": list("ABCDE")})
    assert response.status_code == 400
    assert "1–4 players" in response.get_json()["error"]["message"]


# -- the page ---------------------------------------------------------------------------------------------


def test_the_table_page_shows_both_sentences_of_a_skipped_activate_phase(client):
    """What the players see after replenishing with the Activate phase skipped: the refusal in
    words, both sentences, each linked to its section."""
    table = start(client, {"display": DISPLAY, "players": two()})
    table.accepted(ev("move", movement=1, to=[1, 2], card=I("leaf", "star")))
    client.get(f"/play/{table.id}/join?token={table.token}")
    page = client.get(f"/play/{table.id}").text
    form = {"csrf_token": re.search(r'name="csrf_token" value="([^"]+)"', page).group(1),
            "expected_seq": str(table.seq), "type": "replenish", "event.player": "p1"}
    response = client.post(f"/play/{table.id}/event", data=form)
    assert response.status_code == 422
    text = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", response.text)))
    assert "First the Activate phase" in text
    assert ACTIVATE_ONE in text and PHASES in text
    assert 'href="/rules/pilgrims#2-activate"' in response.text


# -- the falconer, a full party, the map under a figure ------------------------------------------------

IGNORE_IMPROVEMENTS = in_book("Ignore the improvements on the falconer's completed adventure cards.")
NOTHING = in_book("If falconer cannot complete an adventure card or sign up for a public quest tile, "
                  "he does nothing during this phase.")
PARTY_LIMIT = in_book("If they would gain another companion card, the player must retire an old one "
                      "to free up space.")


def test_the_falconers_discount_improvement_is_ignored(client):
    """"Ignore the improvements on the falconer's completed adventure cards." — a leaf discount on
    his completed card does not pay the leaf adventure: with no item card he does nothing, and the
    table entering that he completed it is refused."""
    speech3 = ["speech", "speech", "speech"]
    display = [A(1, 1, [], ["leaf"])] + [A(1, n, [], speech3) for n in (2, 3)] + \
        [A(2, n, [], speech3) for n in (4, 5)]
    discount = A(1, 2, [], ["fist"], improvement=["discount"], discount="leaf")
    table = start(client, {"current": "falconer", "phase": "falconer_adventure",
                           "turns": {"p1": 1, "falconer": 0}, "display": display,
                           "players": {"p1": {"figure": [1, 1], "movement": [1]}},
                           "falconer": {"falcon": [2, 2], "falconer": [3, 3], "arrow": "right",
                                        "moved": ["falcon", "falconer"], "hand": [],
                                        "completed": [discount]}},
                  players=("Kim",), solo_difficulty="easy")
    table.refused(ev("falconer_adventure", completes=1, pay=[]), NOTHING)
    effects = table.accepted(ev("falconer_adventure"))["effects"]
    assert "does nothing" in effects[-1]["text"]
    assert IGNORE_IMPROVEMENTS  # the sentence the scenario rests on is printed


def test_a_companion_from_an_ability_into_a_full_party_needs_a_retirement(client):
    """"If they would gain another companion card, the player must retire an old one to free up
    space." — also for the companion an ability draws."""
    drawer = M(C(["beast"], ["star"], abilities=["draw companion"]))
    party = [drawer, M(C(["wanderer"], ["notes"])), M(C(["scoundrel"], ["sword"]))]
    table = activate_phase(client, {"hand": [I("fist", "star")], "party": party})
    table.accepted(ev("activate", character=1, hand=1))
    table.refused(ev("ability", kind="draw companion", card=C(["nobleheart"], ["compass"])),
                  PARTY_LIMIT)
    table.accepted(ev("ability", kind="draw companion", card=C(["nobleheart"], ["compass"]),
                      retire=2))
    assert me(table)["retired"] == [C(["wanderer"], ["notes"])]
    assert len(me(table)["party"]) == 3


def test_no_item_card_lies_under_another_figure(client):
    """"• Take any item card of the shown color from the map." — Bob's figure stands on (5,5): its
    card was taken when he moved there, so there is none to take."""
    table = activate_phase(client, {"hand": [I("fist", "star")],
                                    "party": [M(C(["beast"], ["star"], abilities=["take item"]))]})
    table.accepted(ev("activate", character=1, hand=1))
    error = table.refused(ev("ability", kind="take item", color="leaf", space=[5, 5],
                             card=I("leaf", "notes")), SHOWN_COLOR)
    assert "no item card" in error["message"]


# -- the display in rounds 3 and 4 after the level II deck ran out ------------------------------------

RATIO_34 = in_book("During rounds 3 and 4, replenish the display to contain 2 level I and 3 level "
                   "II adventure cards.")


def test_a_full_display_with_a_level_one_card_in_a_level_two_place_takes_no_sixth_card(client):
    """Round 3, the level II deck ran out earlier, so the display (entered left to right) holds 3
    level I and 2 level II cards: "If an adventure deck has no cards remaining, instead draw from the
    remaining deck." Ann reserves from the level I deck; her old reserved level II card goes to the
    bottom of the level II deck. The display is full: the replenish adds nothing (it added a sixth
    card before this audit)."""
    table = start(client, {"round": 3, "phase": "activate", "decks": {"level2": 0},
                           "display": DISPLAY, "players": two(
                               {"movement": [1], "hand": [I("fist", "sword")],
                                "reserve": [A(2, 6, [], ["fist", "fist"])]})})
    table.accepted(ev("activate", character="leader", hand=1))
    table.accepted(ev("ability", kind="reserve", source="level1",
                      adventure=A(1, 2, [], ["leaf"])))
    assert table.view()["state"]["decks"]["level2"] == 1
    table.refused(ev("replenish", display=[A(2, 7, [], ["fist", "leaf"])]), RATIO_34)
    table.accepted(ev("replenish"))
    assert [card["level"] for card in table.view()["state"]["display"]] == [1, 1, 1, 2, 2]


def test_the_level_one_card_in_a_level_two_place_is_replaced_by_a_level_two_card(client):
    """The same display; the level II deck holds a card again. Ann completes the third card (the
    level I card drawn in place of a level II): the place is a level II place of the 2 : 3 ratio, so
    a level II card replaces it."""
    table = start(client, {"round": 3, "phase": "activate", "turn": {"activated": True},
                           "decks": {"level2": 1}, "display": DISPLAY,
                           "players": two({"movement": [1], "hand": [I("leaf", "star")]})})
    table.accepted(ev("complete_adventure", source="display", index=3, pay=[{"hand": 1}]))
    table.refused(ev("replenish", display=[A(1, 2, [], ["speech"])]), RATIO_34)
    table.accepted(ev("replenish", display=[A(2, 7, [], ["fist", "leaf"])]))
    assert [card["level"] for card in table.view()["state"]["display"]] == [1, 1, 2, 2, 2]


# -- a trigger that happens twice, a cost the discounts cover --------------------------------------------

COLOR_TRIGGER = in_book("• When the player plays an item card of the shown color to activate a "
                        "character.")
PAY = in_book("1. To pay the items cost, discard item cards with matching adventure symbols.")


def test_a_trigger_that_happens_twice_in_a_turn_rewards_twice(client):
    """"If the player does one of the following, they get the reward to the arrow's right." — two
    fist items played to activate two characters (the beast's "another activation") give the fist
    improvement's clover twice, and no third time."""
    fist = A(2, 5, improvement=["other"], trigger={"when": "color", "color": "fist"},
             abilities=["gain clover"])
    table = activate_phase(client, {"clovers": 0, "hand": [I("fist", "star"), I("fist", "sword")],
                                    "party": [M(C(["beast"], ["star"],
                                                  abilities=["another activation"]))],
                                    "completed": [fist]})
    table.accepted(ev("activate", character=1, hand=1))
    table.accepted(ev("ability", kind="gain clover", improvement=1))
    table.accepted(ev("ability", kind="another activation"))
    table.accepted(ev("activate", character="leader", hand=1))
    table.accepted(ev("ability", kind="gain clover", improvement=1))
    table.refused(ev("ability", kind="gain clover", improvement=1), COLOR_TRIGGER)
    assert me(table)["clovers"] == 2


def test_a_cost_the_discount_covers_is_paid_with_no_card_and_not_overpaid(client):
    """"Discount the cost to complete an adventure or to sign up for a public quest by 1 item card of
    the indicated type." — a fist discount pays the fist adventure alone; a leaf card offered as well
    pays for nothing and is refused."""
    discount = A(1, 2, [], ["speech"], improvement=["discount"], discount="fist")
    table = start(client, {"phase": "activate", "turn": {"activated": True}, "display": DISPLAY,
                           "players": two({"movement": [1], "hand": [I("leaf", "star")],
                                           "completed": [discount]})})
    table.refused(ev("complete_adventure", source="display", index=1, pay=[{"hand": 1}]), PAY)
    table.accepted(ev("complete_adventure", source="display", index=1, pay=[]))
    assert me(table)["hand"] == [I("leaf", "star")] and len(me(table)["completed"]) == 2
