"""Pilgrims: Curious Adventures, outsider scenarios round 12 (file 11): the triggers of "Reference:
Triggers" no outsider round had played, each with a turn that triggers it and one that does not
(refused with the trigger's own line, nothing changed): a figure moved onto or over another
player's figure — "(even solo figures)" — and not past it; a move to a corner space; an item card
of the shown color played to activate; an adventure completed "(excluding this one)". Each undone
after its reward. Then abilities of "Reference: Abilities" at their edges (an item of the shown
color from the map or an adjacent space, a swap before moving, a companion drawn into a full party)
and the Bonfire Bonding example step by step. Written from the rulebook and the API's own description only
(docs/games/pilgrims.md, GET /api/games/pilgrims), never the referee's code."""

import pytest

from tests.api_table import ApiTable, as_seen, quotes_from
from tests.test_blind_scenarios_pilgrims import (
    CAMPFIRES,
    COMPASS_LEAF,
    LEADERS,
    NOTES_SPEECH,
    QUESTS,
    SWORD_FIST,
)

GAME = "pilgrims"
book = quotes_from(GAME)

TRIGGERED = book("Some abilities must be triggered. If the player does one of the following, they "
                 "get the reward to the arrow's right.")
FIGURE = book("• When the player moves their figure over or onto a space with another player's "
              "figure (even solo figures).")
CORNER = book("• When the player moves their figure to a corner space on the map.")
COLOR = book("• When the player plays an item card of the shown color to activate a character.")
ADVENTURE = book("• When the player completes an adventure card (excluding this one).")
GAIN_CLOVER = {"type": "ability", "player": "p1", "kind": "gain clover", "improvement": 1}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def improvement(when, **trigger):
    """A completed level I card whose improvement gives a clover when `when` happens."""
    return {"level": 1, "points": 1, "improvement": ["other"],
            "trigger": {"when": when, **trigger}, "abilities": ["gain clover"]}


def anns_turn(client, ann, phase="move", bob=(5, 5), solo_falcon=None):
    """Round 2, Ann (p1) at [1, 1] to play from `phase`; Bob's figure at `bob` (or, solo, the
    falconer's two figures at `solo_falcon`)."""
    players = {"p1": {"figure": [1, 1], **ann}}
    position = {"round": 2, "current": "p1", "phase": phase, "players": players}
    if solo_falcon:
        position["falconer"] = {"falcon": solo_falcon, "falconer": [5, 5], "hand": [SWORD_FIST]}
        names, leaders = ["Ann"], {"p1": LEADERS["p1"]}
    else:
        players["p2"] = {"figure": list(bob), "hand": [SWORD_FIST]}
        names, leaders = ["Ann", "Bob"], {"p1": LEADERS["p1"], "p2": LEADERS["p2"]}
    return ApiTable(client, {"game": GAME, "players": names,
                             "options": {"campfires": CAMPFIRES, "public_quests": QUESTS,
                                         "leaders": leaders},
                             "position": position})


def clovers(table):
    return table.view("p1")["state"]["players"]["p1"]["clovers"]


def rewarded_then_undone(table):
    """The improvement is offered and gives its clover; undone, the table is as before."""
    assert GAIN_CLOVER in table.view("p1")["legal"]
    before, count = as_seen(table.view("p1")), clovers(table)
    effects = table.accepted(GAIN_CLOVER)["effects"]
    assert clovers(table) == count + 1
    assert any(TRIGGERED in effect["rule"]["quote"] or "Gain 1 clover" in effect["rule"]["quote"]
               for effect in effects)
    table.undo()
    assert as_seen(table.view("p1")) == before


def not_rewarded(table, quote):
    assert GAIN_CLOVER not in table.view("p1")["legal"]
    before = as_seen(table.view("p1"))
    table.refused(GAIN_CLOVER, quote)
    assert as_seen(table.view("p1")) == before


@pytest.mark.parametrize(("to", "triggers"), [
    ([2, 1], True),   # onto Bob's space (an item drawn: the space is occupied)
    ([3, 1], True),   # over it, two spaces down the column
    ([3, 3], False),  # diagonally, past nobody
    ([1, 2], False),  # beside it
], ids=["onto", "over", "diagonal", "beside"])
def test_the_figure_trigger_onto_or_over_bobs_figure_only(client, to, triggers):
    table = anns_turn(client, {"hand": [SWORD_FIST], "completed": [improvement("figure")]},
                      bob=(2, 1))
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": to,
                    "card": COMPASS_LEAF})
    if triggers:
        rewarded_then_undone(table)
    else:
        not_rewarded(table, FIGURE)


def test_the_figure_trigger_counts_the_falcon_in_a_solo_game(client):
    table = anns_turn(client, {"hand": [SWORD_FIST], "completed": [improvement("figure")]},
                      solo_falcon=[2, 1])
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": [3, 1],
                    "card": COMPASS_LEAF})
    rewarded_then_undone(table)


@pytest.mark.parametrize(("to", "triggers"), [([1, 5], True), ([5, 1], True), ([2, 5], False)])
def test_the_corner_trigger_on_a_corner_space_only(client, to, triggers):
    table = anns_turn(client, {"hand": [SWORD_FIST], "completed": [improvement("corner")]})
    table.accepted({"type": "move", "player": "p1", "movement": 1, "to": to,
                    "card": COMPASS_LEAF})
    if triggers:
        rewarded_then_undone(table)
    else:
        not_rewarded(table, CORNER)


def test_the_color_trigger_a_red_fist_item_under_the_leader_not_a_green_leaf_one(client):
    fist = anns_turn(client, {"hand": [SWORD_FIST], "movement": [1],
                              "completed": [improvement("color", color="fist")]},
                     phase="activate")
    fist.accepted({"type": "activate", "player": "p1", "character": "leader", "hand": 1})
    rewarded_then_undone(fist)

    leaf = anns_turn(client, {"hand": [COMPASS_LEAF], "movement": [1],
                              "party": [{"card": {"types": ["beast"], "activation": ["compass"]}}],
                              "completed": [improvement("color", color="fist")]},
                     phase="activate")
    leaf.accepted({"type": "activate", "player": "p1", "character": 1, "hand": 1})
    not_rewarded(leaf, COLOR)


def test_the_adventure_trigger_by_another_card_not_by_the_card_just_completed(client):
    # Ann already has a card triggered by completing an adventure; she completes a second card
    # with the same improvement: the first is triggered, the new one is not ("excluding this
    # one").
    table = anns_turn(client, {"hand": [SWORD_FIST, NOTES_SPEECH], "movement": [1],
                               "completed": [improvement("adventure")]}, phase="activate")
    table.accepted({"type": "gain_clover", "player": "p1"})
    assert GAIN_CLOVER not in table.view("p1")["legal"]
    table.accepted({"type": "complete_adventure", "player": "p1", "source": "display",
                    "index": 1, "pay": [{"hand": 1}],
                    "adventure": {**improvement("adventure"), "level": 1, "points": 2,
                                  "party": [], "crosses": 0, "cost": ["fist"]}})
    second = {**GAIN_CLOVER, "improvement": 2}
    assert second not in table.view("p1")["legal"]
    before = as_seen(table.view("p1"))
    table.refused(second, ADVENTURE)
    assert as_seen(table.view("p1")) == before
    rewarded_then_undone(table)


# --- Reference: Abilities, at their edges -------------------------------------------------------

TAKE_FROM_MAP = book("• Take any item card of the shown color from the map.")
TAKE_ADJACENT = book("• Take any item card of the shown color from an orthogonally adjacent "
                     "space.")
SWAP = book("• Before moving, you may swap two mutually orthogonally adjacent item cards on the "
            "map.")
MEANS = book("• When moving by the depicted means.")
FULL_PARTY = book("A player may have up to 3 companion cards in their party, in addition to their "
                  "leader. If they would gain another companion card, the player must retire an "
                  "old one to free up space.")


def activated(client, abilities, party_more=(), bob=(2, 3)):
    """Ann at [3, 3] in her Activate phase plays her star item under a beast whose abilities are
    `abilities`; Bob stands on `bob`."""
    party = [{"card": {"types": ["beast"], "activation": ["star"], "abilities": abilities}},
             *party_more]
    table = ApiTable(client, {
        "game": GAME, "players": ["Ann", "Bob"],
        "options": {"campfires": CAMPFIRES, "public_quests": QUESTS,
                    "leaders": {"p1": LEADERS["p1"], "p2": LEADERS["p2"]}},
        "position": {"round": 2, "current": "p1", "phase": "activate",
                     "players": {"p1": {"figure": [3, 3], "movement": [1], "party": party,
                                        "hand": [{"adventure": "leaf", "activation": "star"}]},
                                 "p2": {"figure": list(bob), "hand": [SWORD_FIST]}}}})
    table.accepted({"type": "activate", "player": "p1", "character": 1, "hand": 1})
    return table


def take(space, card, **more):
    return {"type": "ability", "player": "p1", "kind": "take item", "color": "leaf",
            "space": space, "card": card, **more}


def test_take_an_item_of_the_shown_color_from_the_map_not_a_companion_bobs_space_or_another_color(
        client):
    table = activated(client, ["take item"])
    table.refused(take([2, 2], COMPASS_LEAF), TAKE_FROM_MAP)   # a campfire: a companion card
    table.refused(take([2, 3], COMPASS_LEAF), TAKE_FROM_MAP)   # Bob stands there: no card
    table.refused(take([3, 3], COMPASS_LEAF), TAKE_FROM_MAP)   # Ann stands there
    table.refused(take([5, 5], SWORD_FIST), TAKE_FROM_MAP)     # a red card for a green ability
    hand = table.view("p1")["state"]["players"]["p1"]["hand"]
    table.accepted(take([5, 5], COMPASS_LEAF))                 # anywhere on the map
    state = table.view("p1")["state"]
    assert state["players"]["p1"]["hand"] == hand + [COMPASS_LEAF]
    assert state["map"][4][4] is None and state["figures"]["p1"] == [3, 3]  # the space emptied


def test_take_an_item_from_an_orthogonally_adjacent_space_only(client):
    table = activated(client, ["take item"])
    table.refused(take([4, 4], COMPASS_LEAF, adjacent=True), TAKE_ADJACENT)  # diagonal
    table.refused(take([5, 3], COMPASS_LEAF, adjacent=True), TAKE_ADJACENT)  # two away
    table.accepted(take([3, 4], COMPASS_LEAF, adjacent=True))


def test_a_swap_before_the_abilitys_own_move_not_after_it(client):
    before_move = activated(client, ["swap items", "move"])
    before_move.refused({"type": "ability", "player": "p1", "kind": "swap items",
                         "swap": [[3, 4], [2, 4]]}, SWAP)  # [2, 4] is a campfire
    before_move.accepted({"type": "ability", "player": "p1", "kind": "swap items",
                          "swap": [[3, 4], [3, 5]]})
    after_move = activated(client, ["swap items", "move"])
    after_move.accepted({"type": "ability", "player": "p1", "kind": "move", "to": [4, 3],
                         "card": COMPASS_LEAF})
    after_move.refused({"type": "ability", "player": "p1", "kind": "swap items",
                        "swap": [[3, 4], [3, 5]]}, SWAP)


def test_a_companion_drawn_into_a_full_party_retires_one(client):
    full = [{"card": {"types": ["wanderer"], "activation": ["notes"]}},
            {"card": {"types": ["scoundrel"], "activation": ["notes"]}}]
    table = activated(client, ["draw companion"], party_more=full)
    drawn = {"types": ["nobleheart"], "activation": ["sword"]}
    draw = {"type": "ability", "player": "p1", "kind": "draw companion", "card": drawn}
    table.refused(draw, FULL_PARTY)
    table.accepted({**draw, "retire": 2})
    ann = table.view("p1")["state"]["players"]["p1"]
    assert [companion["card"]["types"] for companion in ann["party"]] == [
        ["beast"], ["scoundrel"], ["nobleheart"]]
    assert ann["retired"] == [full[0]["card"]]


BONFIRE = {"name": "Bonfire Bonding", "level": 1, "points": 1, "improvement": ["other"],
           "trigger": {"when": "means", "means": 2}, "abilities": ["gain clover", "swap items"]}


def moving_with_bonfire_bonding(client):
    """Ann's Move phase; she completed Bonfire Bonding, triggered by movement space 2 (the
    horse, as the table reads its board)."""
    return ApiTable(client, {
        "game": GAME, "players": ["Ann", "Bob"],
        "options": {"campfires": CAMPFIRES, "public_quests": QUESTS,
                    "leaders": {"p1": LEADERS["p1"], "p2": LEADERS["p2"]}},
        "position": {"round": 2, "current": "p1",
                     "players": {"p1": {"figure": [3, 3], "hand": [SWORD_FIST],
                                        "completed": [BONFIRE]},
                                 "p2": {"figure": [5, 5], "hand": [SWORD_FIST]}}}})


def test_the_bonfire_bonding_example_step_by_step(client):
    # "Example: When the player moves by horse, the Bonfire Bonding adventure card allows them to
    # gain 1 clover token and swap two item cards."
    swap = {"type": "ability", "player": "p1", "kind": "swap items", "improvement": 1,
            "swap": [[3, 4], [3, 5]]}
    by_horse = {"type": "move", "player": "p1", "movement": 2, "to": [4, 3],
                "card": COMPASS_LEAF}
    table = moving_with_bonfire_bonding(client)
    # Before moving: the swap is offered; the clover comes with the move.
    assert [e["kind"] for e in table.view("p1")["legal"] if e["type"] == "ability"] == [
        "swap items"]
    table.accepted(swap)
    table.accepted(by_horse)
    assert [e["kind"] for e in table.view("p1")["legal"] if e["type"] == "ability"] == [
        "gain clover"]
    clovers = table.view("p1")["state"]["players"]["p1"]["clovers"]
    table.accepted({"type": "ability", "player": "p1", "kind": "gain clover", "improvement": 1})
    assert table.view("p1")["state"]["players"]["p1"]["clovers"] == clovers + 1

    # The swap made, the move must be by the horse; after the move, no swap any more.
    other_means = moving_with_bonfire_bonding(client)
    other_means.accepted(swap)
    other_means.refused({**by_horse, "movement": 1}, MEANS)
    late = moving_with_bonfire_bonding(client)
    late.accepted(by_horse)
    late.refused({**swap, "swap": [[1, 4], [1, 5]]}, SWAP)
