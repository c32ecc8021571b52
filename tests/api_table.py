"""A game played through the HTTP API by the table (its edit token), for the tests that play whole
scenarios: the game is created, each accepted event moves `seq` on, and reads may look as a seat."""

from pathlib import Path

RULEBOOKS = Path(__file__).resolve().parent.parent / "rulebook_index" / "data"


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
        book = (RULEBOOKS / f"{self.created['game']}.txt").read_text()
        assert error["rule"]["quote"] in book
        assert quote in error["rule"]["quote"], (quote, error["rule"]["quote"], error["message"])
        assert self.seq == before
        return error

    def accepted(self, event: dict) -> dict:
        response = self.send(event)
        assert response.status_code == 200, response.get_json()
        return response.get_json()

    def view(self, seat: str | None = None) -> dict:
        url = f"/api/sessions/{self.id}" + (f"?seat={seat}" if seat else "")
        response = self.client.get(url, headers=self.headers)
        assert response.status_code == 200, response.get_json()
        return response.get_json()
