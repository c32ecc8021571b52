"""We Forlorn Few: the thirteenth audit (session 17, `audit-b`).

Finding 119: under `trade_with_ravenous: false` a Trade with a Ravenous Player quoted Turning
Ravenous ("… returns all Ailment tokens, Resource tokens, and Equipment cards to the Stockpile …"),
which says the Ravenous Player has no Supply and forbids no Trade on terms. The ruling reads the
Trade's own sentence ("The Active Player may Trade with other Players …": a Ravenous Player is not
such an other Player), as `attack_ravenous: false` reads the Combat's; both now quote the action's
sentence alone."""

import pytest

from tests.api_table import quotes_from
from tests.test_blind_scenarios_we_forlorn_few_11 import ON_TERMS, ann_beside_ravenous_bob, board

book = quotes_from("we-forlorn-few")
TRADE_WITH_OTHERS = book("The Active Player may Trade with other Players who are on the same "
                         "Terrain tile, or on the Terrain tiles adjacent to them.")
INITIATE_COMBAT = book("To initiate combat, the Active Player selects another Player on their "
                       "current tile, or an adjacent tile, and then makes a Combat roll.")
RAVENOUS_SUPPLY = book("Once this has occurred, the Player then returns all Ailment tokens, "
                       "Resource tokens, and Equipment cards to the Stockpile, and flips their "
                       "Player board to reveal the Ravenous side.")
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
