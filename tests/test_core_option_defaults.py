"""A game set up before one of its table rulings existed plays by that ruling's default: the
stored setup lacks the option, and every page of the game still answers (each game used to look
the default up its own way, and Pillars of Fate not at all: a 500)."""

import json

import pytest
from sqlalchemy import create_engine, update

from app import create_app
from referee.avignon import Game as Avignon
from referee.core import engine, store
from tests.api_table import ApiTable

GAMES = ["avignon", "pillars-of-fate", "pilgrims", "we-forlorn-few", "journey"]


def stored_without_options(tmp_path, index_dir, game_id):
    """An app, and a session of `game_id` whose stored setup names no option at all, read by a
    second app on the same database (so no per-process cache answers for it)."""
    settings = {"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 't.sqlite'}",
                "INDEX_DIR": index_dir}
    first = create_app(settings).test_client()
    example = first.get(f"/api/games/{game_id}").get_json()["example_setup"]
    table = ApiTable(first, {"game": game_id, **example})
    database = create_engine(settings["DATABASE_URL"])
    with database.begin() as conn:
        setup = json.loads(conn.execute(store.sessions.select()).one().setup)
        assert setup["options"], "the example sets the game up with its options"
        conn.execute(update(store.sessions).values(setup=json.dumps({**setup, "options": {}})))
    database.dispose()
    table.client = create_app(settings).test_client()
    return table


@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_stored_without_its_options_plays_by_their_defaults(tmp_path, index_dir, game_id):
    table = stored_without_options(tmp_path, index_dir, game_id)
    state = table.view()
    assert table.client.get(f"/play/{table.id}").status_code == 200
    seat = state["current_players"][0]
    legal = table.view(seat)["legal"]
    assert legal, "the example setup has a move to make"
    complete = [event for event in legal if "open" not in event]
    if complete:  # Pilgrims' first move names a card drawn: the table's to enter
        assert table.send(complete[0]).status_code == 200
    assert table.client.get(f"/api/sessions/{table.id}/log").status_code == 200


def test_the_defaults_fill_only_what_the_table_did_not_choose():
    chosen = Avignon.options_with_defaults({"nuncio_pulls_itself": True})
    assert chosen["nuncio_pulls_itself"] is True
    assert set(chosen) == set(Avignon.options)
    assert all(chosen[name] == option.default
               for name, option in Avignon.options.items() if name != "nuncio_pulls_itself")


def test_avignon_sessions_from_before_the_split_keep_their_self_in_group_choice():
    chosen = Avignon.options_with_defaults({"self_in_group": True})
    assert chosen["nuncio_pulls_itself"] is True and chosen["ascetic_moves_itself"] is True
    assert "self_in_group" not in chosen
    model = engine.start(Avignon, engine.Setup([{"seat": "p1", "name": "A"},
                                                {"seat": "p2", "name": "B"}],
                                               {"self_in_group": True}))
    assert model.option("ascetic_moves_itself") is True
