"""We Forlorn Few: the thirteenth audit (session 17, `audit-b`).

Finding 119: under `trade_with_ravenous: false` a Trade with a Ravenous Player quoted Turning
Ravenous ("… returns all Ailment tokens, Resource tokens, and Equipment cards to the Stockpile …"),
which says the Ravenous Player has no Supply and forbids no Trade on terms. The ruling reads the
Trade's own sentence ("The Active Player may Trade with other Players …": a Ravenous Player is not
such an other Player), as `attack_ravenous: false` reads the Combat's; both now quote the action's
sentence alone.

The question writers' silences (session 17): what the Exploration Bag holds at the start was decided
silently (nothing); it is now the table ruling `starting_bag`."""

import pytest

from tests.api_table import ApiTable, quotes_from
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
