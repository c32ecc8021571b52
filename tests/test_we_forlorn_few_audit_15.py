"""We Forlorn Few: the fifteenth audit (session 19). Last session's open note: the calculator took
`tiles_to_go` for an out Player and dropped it without a word ("off the board"). An out Player
"perished" and is "out of the game", so the tiles they had to go count for nothing: the entry is
accepted (a table at Winter reads it off the board) and the line now says it counts for nothing;
the total stays 0, as the live standings of a Player taken off the board."""

import pytest

from tests.api_table import calculated


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def test_an_out_players_tiles_to_go_are_answered_as_counting_for_nothing(client):
    answer = calculated(client, "we-forlorn-few", {"crossing": 5, "winter": True, "players": [
        {"name": "Ann", "status": "out", "tiles_to_go": 2},
        {"name": "Bob", "status": "out"}]})
    ann, bob = answer["players"]
    assert ann["total"] == bob["total"] == 0 and answer["winners"] == []
    assert ann["breakdown"][0]["counts"] == ("off the board: the 2 tile(s) to go where they "
                                             "perished count for nothing")
    assert bob["breakdown"][0]["counts"] == "off the board"
    # A Traveler's tiles to go count: 5 - 2 crossed.
    going = calculated(client, "we-forlorn-few", {"crossing": 5, "players": [
        {"name": "Ann", "status": "traveler", "tiles_to_go": 2}]})
    assert going["players"][0]["total"] == 3
