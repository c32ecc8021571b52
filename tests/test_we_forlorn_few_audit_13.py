"""We Forlorn Few: the thirteenth audit (session 17, `audit-b`).

Finding 119: under `trade_with_ravenous: false` a Trade with a Ravenous Player quoted Turning
Ravenous ("… returns all Ailment tokens, Resource tokens, and Equipment cards to the Stockpile …"),
which says the Ravenous Player has no Supply and forbids no Trade on terms. The ruling reads the
Trade's own sentence ("The Active Player may Trade with other Players …": a Ravenous Player is not
such an other Player), as `attack_ravenous: false` reads the Combat's; both now quote the action's
sentence alone.

Another Player's entry before the First Player's Season card quoted the Season card's sentence alone
(left for the lead last round); under the standing ruling (another seat acting while a step waits:
the turn order first, the waiting step's after it, as findings 101 and 105) it quotes "The First
Player resolves a Season card. Beginning with the First Player and moving to the left, …" first.

Finding 129: an explored Ailment token was also told as "added to the Player board" after its own
effects said it was not placed (over the limit, or the Traveler turned Ravenous); only a Resource
token drawn gets that line now, an Ailment's accrual saying where it went.

The question writers' silences (session 17): what the Exploration Bag holds at the start was decided
silently (nothing); it is now the table ruling `starting_bag`."""

import pytest

from tests.api_table import ApiTable, quotes_from
from tests.test_blind_scenarios_we_forlorn_few_8 import bobs_round
from tests.test_blind_scenarios_we_forlorn_few_11 import (
    GAME,
    ON_TERMS,
    TRAIL,
    ann_beside_ravenous_bob,
    board,
)

book = quotes_from("we-forlorn-few")
TRADE_WITH_OTHERS = book("The Active Player may Trade with other Players who are on the same "
                         "Terrain tile, or on the Terrain tiles adjacent to them.")
INITIATE_COMBAT = book("To initiate combat, the Active Player selects another Player on their "
                       "current tile, or an adjacent tile, and then makes a Combat roll.")
RAVENOUS_SUPPLY = book("Once this has occurred, the Player then returns all Ailment tokens, "
                       "Resource tokens, and Equipment cards to the Stockpile, and flips their "
                       "Player board to reveal the Ravenous side.")
ROUND = book("The First Player resolves a Season card. Beginning with the First Player and moving "
             "to the left, the Player turns are resolved.")
SEASON_DRAW = book("At the beginning of each round the First Player will draw the top Season card, "
                   "read it aloud and resolve it.")
BAG_RANDOM = book("Over the course of the game, Players may be directed to draw random tokens from "
                  "the Exploration Bag.")
NO_PLACEMENT = book("Note: The printed setup does not give a placement step for the Exploration "
                    "Bag.")
THAW = {"type": "season", "player": "p1", "season": "spring", "card": "Thaw",
        "add_to_bag": {"food": 1}}
ATTACK = {"type": "combat", "player": "p1", "target": "p2", "dice": [2], "target_dice": [0, 0]}


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def quoted(error):
    return [rule["quote"] for rule in error.get("rules") or [error["rule"]]]


@pytest.mark.parametrize("event, sentence, option", [
    (ON_TERMS, TRADE_WITH_OTHERS, "trade_with_ravenous"),
    (ATTACK, INITIATE_COMBAT, "attack_ravenous")])
def test_a_ruling_that_keeps_ravenous_players_out_quotes_the_action_s_own_sentence(
        client, event, sentence, option):
    ruled = ann_beside_ravenous_bob(client, **{option: False})
    error = ruled.refused(event, sentence)
    assert quoted(error) == [sentence]
    assert "Ravenous" in error["message"] and option in error["message"]
    # Under the default the same entry is accepted.
    ann_beside_ravenous_bob(client).accepted(event)


def test_goods_offered_to_a_ravenous_player_still_quote_the_supply_he_gave_up(client):
    """Under the default a Trade on terms is accepted, but Food given to a Ravenous Player has no
    Supply to go into: that refusal keeps Turning Ravenous."""
    table = ann_beside_ravenous_bob(client)
    table.refused({**ON_TERMS, "give": {"food": 1}}, RAVENOUS_SUPPLY)
    assert board(table, "p1")["resources"]["food"] == 2


@pytest.mark.parametrize("ruling", ["empty", "not_tracked"])
def test_what_the_exploration_bag_holds_at_the_start_is_the_table_s_ruling(client, ruling):
    """No placement step for the bag is printed, and only Season cards add tokens. Under `empty`
    (default) round 1's bag is what its Season card added: a Hunger drawn is refused, the Food
    accepted; under `not_tracked` the table's own start is not counted and the Hunger is drawn."""
    table = ApiTable(client, {"game": GAME, "players": ["Ann", "Bob"],
                              "options": {"terrain": TRAIL, "starting_bag": ruling}})
    table.accepted(THAW)
    explore = {"type": "explore", "player": "p1", "draw": "hunger"}
    if ruling == "empty":
        assert table.view()["state"]["bag"]["food"] == 1
        table.refused(explore, BAG_RANDOM)
        table.accepted({**explore, "draw": "food"})
        assert table.view()["state"]["bag"]["food"] == 0
    else:
        assert table.view()["state"]["bag"] is None
        table.accepted(explore)
        assert board(table, "p1")["ailments"]["hunger"] == 1
    option = client.get(f"/api/games/{GAME}").get_json()["options"]["starting_bag"]
    assert option["default"] == "empty"
    assert NO_PLACEMENT in [c["quote"] for c in option["rules"]]


def test_before_the_first_player_s_season_card_another_player_is_told_the_turn_order_first(client):
    """Bob (p2) holds the First-Player token. Ann's Travel is told the turn order, then the Season
    card's sentence; Bob's own Travel, and Ann's Season card (who draws it is that sentence's), the
    Season card's alone; Bob's Season card is accepted and Bob plays first."""
    table = bobs_round(client)
    assert quoted(table.refused({"type": "stay", "player": "p1"}, ROUND)) == [ROUND, SEASON_DRAW]
    assert quoted(table.refused({"type": "stay", "player": "p2"}, SEASON_DRAW)) == [SEASON_DRAW]
    heat = {"type": "season", "player": "p1", "season": "summer", "card": "Heat"}
    assert quoted(table.refused(heat, SEASON_DRAW)) == [SEASON_DRAW]
    table.accepted({**heat, "player": "p2"})
    assert table.view()["current_players"] == ["p2"]


@pytest.mark.parametrize("token, companions, added", [
    ("food", 4, True), ("hunger", 2, False), ("hunger", 0, False)])
def test_an_explored_token_is_told_added_only_when_it_is(client, token, companions, added):
    """Ann (three Hunger) Explores: a Food goes into her Supply; a Hunger is over the limit, a
    Companion perishes and the token is not placed (with none left she turns Ravenous)."""
    table = ApiTable(client, {
        "game": GAME, "players": ["Ann", "Bob"], "options": {"terrain": TRAIL},
        "position": {"round": 2, "season_deck": 10, "first_player": "p1", "phase": "gathering",
                     "current": "p1", "bag": {"food": 1, "hunger": 1}, "players": {
                         "p1": {"tile": "A", "companions": companions, "ailments": {"hunger": 3},
                                "resources": {"food": 0, "water": 0, "wood": 0}},
                         "p2": {"tile": "B"}}}})
    effects = [effect["text"] for effect in table.accepted(
        {"type": "explore", "player": "p1", "draw": token})["effects"]]
    assert any("added to the Player board" in text for text in effects) is added, effects
    ann = board(table, "p1")
    if token == "food":
        assert ann["resources"]["food"] == 1
    else:
        assert any("not placed" in text for text in effects), effects
        assert ann["status"] == ("ravenous" if companions == 0 else "traveler")
