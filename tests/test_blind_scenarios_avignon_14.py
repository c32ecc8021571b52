"""Avignon: Pilgrimage, outsider scenarios round 19 (file 14): undo after every Petition the
Reference Card allows at two tables — each Petition the acting phone is offered (the Vicar's,
Nuncio's, Canonist's and Scribe's with every choice, the Ascetics' under each reading of
`ascetic_rival_push`), played with the cards it calls to be drawn, then undone step by step: the
table exactly as before each step (state, scores, legal entries, phase), and redone to exactly where
it was. Written from the rulebook and the API's own description only (docs/games/avignon.md, GET
/api/games/avignon), never the referee's code."""

import pytest

from tests.api_table import ApiTable, as_seen

GAME = "avignon"


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


def redo(table):
    response = table.client.post(f"/api/sessions/{table.id}/redo", headers=table.headers)
    assert response.status_code == 200, response.get_json()
    table.seq = response.get_json()["seq"]


def avignons_turn(client, face_up, options=None):
    """The five cards dealt in paths 1-5; Rosa's single first action pulls path 4 to Florence."""
    table = ApiTable(client, {"game": GAME, "players": ["Rosa", "Aldo"],
                              "options": options or {}})
    for character in face_up:
        table.accepted({"type": "draw", "player": "rome", "character": character})
    table.accepted({"type": "beseech", "player": "rome", "path": 4})
    return table


def petitions(table):
    return [event for event in table.view()["legal"] if event["type"] == "petition"]


def played_undone_and_redone(table, petition):
    """The Petition and every draw it calls for, then each undone and each redone."""
    seen = [as_seen(table.view())]
    table.accepted(petition)
    seen.append(as_seen(table.view()))
    while table.view()["state"]["pending"]:
        draws = [event for event in table.view()["legal"] if event["type"] == "draw"]
        assert draws, "a card is to be drawn and no draw is offered"
        table.accepted(draws[0])
        seen.append(as_seen(table.view()))
    for before in reversed(seen[:-1]):
        table.undo()
        assert as_seen(table.view()) == before, petition
    for after in seen[1:]:
        redo(table)
        assert as_seen(table.view()) == after, petition
    for _ in seen[1:]:
        table.undo()


@pytest.mark.parametrize("face_up", [["Vicar", "Nuncio", "Canonist", "Courtesan", "Scribe"],
                                     ["Scribe", "Vicar", "Nuncio", "Courtesan", "Canonist"]],
                         ids=["vicar_first", "scribe_first"])
def test_every_petition_offered_is_undone_and_redone_exactly(client, face_up):
    table = avignons_turn(client, face_up)
    offered = petitions(table)
    kinds = {table.view()["state"]["board"][event["path"] - 1]["character"] for event in offered}
    assert kinds == {"Vicar", "Nuncio", "Canonist", "Scribe"}  # the Courtesan has no target
    start = as_seen(table.view())
    for petition in offered:
        played_undone_and_redone(table, petition)
        assert as_seen(table.view()) == start


@pytest.mark.parametrize("reading", ["rival_pushes", "toward_rival"])
def test_the_ascetics_petition_is_undone_and_redone_exactly_under_each_reading(client, reading):
    table = avignons_turn(client, ["Ascetic", "Nuncio", "Ascetic", "Canonist", "Scribe"],
                          {"ascetic_rival_push": reading})
    offered = [event for event in petitions(table) if event["path"] in (1, 3)]
    assert offered
    start = as_seen(table.view())
    for petition in offered:
        played_undone_and_redone(table, petition)
        assert as_seen(table.view()) == start
