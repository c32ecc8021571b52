"""Last session's open note: a refusal of an event the current phase does not allow, entered by a
seat that may act, named the machine's phase ("Season is not possible now (phase: turn travel)"). Each
game names its phases as the players say them, the book's name where it has one
(`Referee.phase_names`: "Season card", "Travel Phase", "Demon Phase · spawning"), and the
refusal, the table page's bar and the log say that."""

import pytest

from referee import referees
from referee.core.rules import nested_state_names
from tests.api_table import ApiTable

GAMES = referees()


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_phase_a_table_can_be_in_has_a_name_in_words(game_id):
    game = GAMES[game_id]
    parents = {state["name"] for state in game.states
               if isinstance(state, dict) and state.get("children")}
    leaves = [name for name in nested_state_names(game.states) if name not in parents]
    assert sorted(game.phase_names) == sorted(leaves)
    assert all("_" not in game.phase_in_words(phase) for phase in leaves)


def test_an_out_of_phase_refusal_names_the_phase_in_the_books_words(client):
    table = ApiTable(client, GAMES["we-forlorn-few"].example_setup)
    view = table.view()
    assert view["phase"] == "turn_travel"
    [seat] = view["current_players"]
    response = table.send({"type": "season", "player": seat, "card": "Early Frost"})
    assert response.status_code == 422, response.get_json()
    message = response.get_json()["error"]["message"]
    assert "(phase: Travel Phase)" in message and "turn travel" not in message
