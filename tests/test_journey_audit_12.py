"""Journey: Wrath of Demons — the twelfth audit (session 15): Quest 8's Demons in a game joined
mid-way are the ones Iron Fan's Board Setup and respawns place (finding 87)."""

from tests.test_blind_scenarios_journey_6 import quest_setup, refused_position


def test_quest_8_iron_fan_never_defeated_is_still_on_the_board(client):
    """Finding 87's family: with no Defeat yet she has not left ("She is not Killed or Cleansed":
    only a Defeat removes her); the Board Setup's Berroks, fewer, with her, are a legal position."""
    error = refused_position(client, "q8", {"turn": 4, "demons": ["berrok"] * 5}, "position.demons")
    assert "before Iron Fan's first Defeat" in error["message"]
    created = client.post("/api/sessions", json=quest_setup(
        "q8", {"turn": 4, "demons": ["berrok"] * 2 + ["yazuiji"]}))
    assert created.status_code == 201, created.get_json()
    error = refused_position(client, "q8", {"turn": 6, "demons": ["bharhaz"]}, "position.demons",
                             defeats=2)
    assert "none until she respawns" in error["message"]
