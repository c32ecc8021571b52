"""We Forlorn Few: a sixth independent audit (session 10), written from the rulebook first, then
played through the HTTP API only: the last round's leftovers (the Tool Bonus as the Player's
choice, a Traveler board chosen twice named), whole games from the setup through every Season card
to Winter (and to Newhaven) at every player count against the calculator, and what the five
earlier rounds did not try. Each docstring quotes its rule."""

import pytest

from tests.api_table import ApiTable, quotes_from
from tests.test_we_forlorn_few_audit import TERRAIN

in_book = quotes_from("we-forlorn-few")

Q_SELECTS = in_book("Starting with the First Player and moving to the left, each Player selects "
                    "which Traveler they are going to play.")
NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve")


@pytest.fixture
def client(module_client):
    """One app and database for the whole file (each scenario starts its own session)."""
    return module_client


def new_game(client, players, **options):
    return client.post("/api/sessions", json={
        "game": "we-forlorn-few", "players": list(players),
        "options": {"terrain": TERRAIN, **options}})


# ---------------------------------------------------------------- Travelers at setup


def test_a_traveler_board_chosen_twice_is_named_with_the_seat_that_chose_it_second(client):
    """ "Starting with the First Player and moving to the left, each Player selects which Traveler
    they are going to play." Cleo is the First Player, so she selects first: when Ann (seat p1,
    after Cleo to the left) names Cleo's board too, the 400 names the board, who has it, and Ann's
    field; with three different boards the game starts."""
    woodsman = {"name": "The Exiled Woodsman"}
    r = new_game(client, NAMES[:3], first_player="p3",
                 travelers={"p1": woodsman, "p2": {"name": "The Outpost Matriarch"},
                            "p3": {"name": "the exiled woodsman"}})
    assert r.status_code == 400, r.get_json()
    error = r.get_json()["error"]
    assert error["field"] == "options.travelers.p1.name"
    assert "The Exiled Woodsman is already Cleo's Traveler" in error["message"]
    assert Q_SELECTS in error["message"]
    t = ApiTable(client, {"game": "we-forlorn-few", "players": list(NAMES[:3]), "options": {
        "terrain": TERRAIN, "first_player": "p3",
        "travelers": {"p1": woodsman, "p2": {"name": "The Outpost Matriarch"},
                      "p3": {"name": "A Traveler of our own"}}}})
    boards = t.view()["state"]["players"]
    assert [boards[s]["traveler"] for s in ("p1", "p2", "p3")] == \
        ["The Exiled Woodsman", "The Outpost Matriarch", "A Traveler of our own"]
