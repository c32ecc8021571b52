"""Journey: the fifteenth audit (session 18). Finding 144: a setup option whose description quotes
the rulebook lists that passage in its `rules`, so the setup page and the API can show where the
setting comes from — `gates_sealable` quoted "You can fine tune the challenge ... by letting
Pilgrims Close the Gates." and cited nothing. Checked for every option of every game: a quoted
stretch of the description that is in the book is in one of the option's citations."""

import re

import pytest

from tests.api_table import quotes_from

GAMES = ("avignon", "pillars-of-fate", "pilgrims", "we-forlorn-few", "journey")
QUOTED = re.compile(r'["“]([^"”]{25,}?)\.?["”]')

FINE_TUNE = quotes_from("journey")("You can fine tune the challenge by making Gates inactive at the "
                                   "start of the game or by letting Pilgrims Close the Gates.")
SEALING = quotes_from("journey")("Tripitaka - Prayer of Sealing: If a Quest says the Gates cannot "
                                 "be sealed, this card cannot be used.")


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def test_gates_sealable_cites_the_fine_tune_sentence_and_the_prayer_of_sealing(client):
    option = client.get("/api/games/journey").get_json()["options"]["gates_sealable"]
    quotes = [rule["quote"] for rule in option["rules"]]
    assert quotes == [FINE_TUNE, SEALING]
    assert all(rule["game"] == "journey" and rule["section_id"] for rule in option["rules"])


@pytest.mark.parametrize("game", GAMES)
def test_an_option_quoting_the_book_cites_what_it_quotes(client, game):
    book = quotes_from(game)
    options = client.get(f"/api/games/{game}").get_json()["options"]
    uncited = []
    for name, option in options.items():
        cited = [rule["quote"] for rule in option["rules"]]
        for quoted in QUOTED.findall(option["description"]):
            try:
                book(quoted)
            except AssertionError:
                continue  # not the book's words (a value, a field, an ellipsis between two parts)
            if not any(quoted in quote for quote in cited):
                uncited.append((name, quoted))
    assert uncited == []
