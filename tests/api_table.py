"""A game played through the HTTP API by the table (its edit token), for the tests that play whole
scenarios: the game is created, each accepted event moves `seq` on, and reads may look as a seat."""

from functools import cache
from pathlib import Path

RULEBOOKS = Path(__file__).resolve().parent.parent / "rulebook_index" / "data"


@cache
def rulebook(game: str) -> str:
    return (RULEBOOKS / f"{game}.txt").read_text()


def quotes_from(game: str):
    """`in_book(quote)` for a test file's quotes: the quote, once checked verbatim in the book."""
    def in_book(quote: str) -> str:
        assert quote in rulebook(game), f"not verbatim in the rulebook: {quote!r}"
        return quote
    return in_book


def calculated(client, game: str, body: dict, status: int = 200) -> dict:
    """The end-of-game calculator's answer to `body` (POST /api/score/<game>), of that status."""
    response = client.post(f"/api/score/{game}", json=body)
    assert response.status_code == status, response.get_json()
    return response.get_json()


def seat_headers(client, table, seat: str) -> dict:
    """Another phone claiming `seat` through the table's join link: its Authorization header."""
    response = client.post(f"/api/sessions/{table.id}/seats",
                           headers={"Authorization": "Bearer " + table.join_token},
                           json={"seat": seat})
    assert response.status_code == 201, response.get_json()
    return {"Authorization": "Bearer " + response.get_json()["seat_token"]}


def reads_by_others(client, table, other: str, headers: dict) -> dict:
    """Every read of the game that another seat's phone (`other`, with its `headers`) and a
    spectator can make, in the API and the pages, by name; each answered 200."""
    reads = {
        f"{other} view": client.get(f"/api/sessions/{table.id}", headers=headers),
        f"{other} log": client.get(f"/api/sessions/{table.id}/log", headers=headers),
        "spectator view": client.get(f"/api/sessions/{table.id}"),
        "spectator log": client.get(f"/api/sessions/{table.id}/log"),
        "spectator page": client.get(f"/play/{table.id}"),
        "spectator page log": client.get(f"/play/{table.id}/log"),
        "spectator state.json": client.get(f"/play/{table.id}/state.json"),
    }
    for name, response in reads.items():
        assert response.status_code == 200, name
    return reads


class ApiTable:
    def __init__(self, client, setup: dict):
        self.client = client
        response = client.post("/api/sessions", json=setup)
        assert response.status_code == 201, response.get_json()
        self.created = response.get_json()
        self.id, self.seq = self.created["id"], self.created["seq"]
        self.token, self.join_token = self.created["edit_token"], self.created["join_token"]
        self.headers = {"Authorization": "Bearer " + self.token}

    def send(self, event: dict):
        """Enter an event at the seq the table is looking at; the response, whatever it is."""
        response = self.client.post(f"/api/sessions/{self.id}/events", headers=self.headers,
                                    json={"event": event, "expected_seq": self.seq})
        if response.status_code == 200:
            self.seq = response.get_json()["seq"]
        return response

    def refused(self, event: dict, quote: str) -> dict:
        """The event answered 422 with `quote` in the rule it quotes, the quote verbatim in the
        game's rulebook, and nothing written; the error."""
        before = self.seq
        response = self.send(event)
        assert response.status_code == 422, response.get_json()
        error = response.get_json()["error"]
        assert error["rule"]["quote"] in rulebook(self.created["game"])
        assert quote in error["rule"]["quote"], (quote, error["rule"]["quote"], error["message"])
        assert self.seq == before
        return error

    def accepted(self, event: dict) -> dict:
        response = self.send(event)
        assert response.status_code == 200, response.get_json()
        return response.get_json()

    def undo(self) -> dict:
        """Undo the table's last event; the table looks at the new seq."""
        response = self.client.post(f"/api/sessions/{self.id}/undo", headers=self.headers)
        assert response.status_code == 200, response.get_json()
        self.seq = response.get_json()["seq"]
        return response.get_json()

    def view(self, seat: str | None = None) -> dict:
        url = f"/api/sessions/{self.id}" + (f"?seat={seat}" if seat else "")
        response = self.client.get(url, headers=self.headers)
        assert response.status_code == 200, response.get_json()
        return response.get_json()


def as_seen(view):
    """What a table's view shows of the game: the state, scores, legal entries, phase and end."""
    return view["state"], view["scores"], view["legal"], view["phase"], view["over"]


def assert_replayed_alike(client, table, final_event):
    """The finished table exported and imported is the same table; undoing the final event
    reopens the game with that event offered again, and redoing it ends it as before."""
    final = table.view()
    export = client.get(f"/api/sessions/{table.id}/export", headers=table.headers)
    assert export.status_code == 200
    imported = client.post("/api/sessions/import", json=export.get_json())
    assert imported.status_code == 201, imported.get_json()
    copy = client.get(f"/api/sessions/{imported.get_json()['id']}").get_json()
    assert (copy["state"], copy["scores"], copy["over"]) == (
        final["state"], final["scores"], True)
    undone = client.post(f"/api/sessions/{table.id}/undo", headers=table.headers)
    assert undone.status_code == 200, undone.get_json()
    reopened = table.view(final_event["player"])
    assert reopened["over"] is False
    assert final_event in [{k: v for k, v in event.items() if k in final_event}
                           for event in reopened["legal"]]
    redone = client.post(f"/api/sessions/{table.id}/redo", headers=table.headers)
    assert redone.status_code == 200, redone.get_json()
    assert table.view()["state"] == final["state"]
