"""The winner line a result page reads aloud and "Share the result" sends names winners as a
sentence: two joined by "and", three or more by commas and a last "and"."""

import pytest


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def winner_line(client, names):
    fields = {"count": str(len(names)), "outcome": "heroic_victory", "calculate": "1"}
    fields.update({f"players.{n}": name for n, name in enumerate(names)})
    html = client.get("/score/journey", query_string=fields).get_data(as_text=True)
    return html[html.index('<p class="winner">') + len('<p class="winner">'):].split("</p>")[0]


@pytest.mark.parametrize("names, line", [
    (["Ann"], "Ann wins"),
    (["Ann", "Ben"], "Ann and Ben win"),
    (["Ann", "Ben", "Cy"], "Ann, Ben and Cy win"),
    (["Ann", "Ben", "Cy", "Di"], "Ann, Ben, Cy and Di win"),
])
def test_the_winners_are_named_as_a_sentence(client, names, line):
    assert winner_line(client, names) == line
