"""Avignon: Pilgrimage — the tenth audit (session 16): outsider finding 111, Congregations the game
cannot end with. It ends as soon as one holds three, so before the final action each held two at
most; one action scores at most three cards (the Vicar's two Bishops pushed and the new character
pulled), two of them towards one player (finding 153: the Scribe pushes or pulls the character of
one path next to it, so five in one Congregation, first pinned here as scored, is refused)."""

import pytest

END = ("The game ends when one player has three cards in his or her Congregation. That player "
       "wins the game.")
SIX = ["Vicar", "Nuncio", "Canonist", "Courtesan", "Ascetic", "Scribe"]


def score(client, rome, avignon, **more):
    return client.post("/api/score/avignon", json={
        "congregations": {"rome": rome, "avignon": avignon}, **more})


@pytest.mark.parametrize(("rome", "avignon", "field"), [
    (SIX, SIX, "congregations.rome"), (SIX, [], "congregations.rome"),
    (SIX[:2], SIX, "congregations.avignon"), (SIX[:4], SIX[:4], "congregations"),
    (SIX[:5], SIX[:2], "congregations.rome")],
    ids=["twelve", "six-in-one", "six-against-two", "four-and-four", "five-and-two"])
def test_finding_111_congregations_past_what_one_action_adds_are_refused(client, rome, avignon,
                                                                          field):
    response = score(client, rome, avignon, last_actor="rome")
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["field"] == field and END in error["message"]


@pytest.mark.parametrize(("rome", "avignon", "winner"), [
    (SIX[:4], SIX[:2], "rome"), (SIX[:4], SIX[:3], "avignon"), (SIX[:3], SIX[:4], "avignon")],
    ids=["four-and-two", "four-and-three", "three-and-four"])
def test_finding_111_the_most_one_final_action_can_leave_is_scored(client, rome, avignon, winner):
    response = score(client, rome, avignon, last_actor="avignon")
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["winners"] == [winner]
