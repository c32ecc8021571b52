"""Pillars of Fate through the HTTP API, as a table uses it: an Age from the Divine draft to its
scoring with the table's token, what each seat's token sees of the lanes while the Age is open, and
refusals answered 422 with their sentence."""

from referee.pillars_of_fate.rules import Q_DIVINE_ONE, Q_FACE_DOWN, Q_KEEP
from tests.guard_cases.pillars_of_fate import DRAFTS, QUESTS, card, play


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def post(client, game, event, token=None):
    answer = client.post(f"/api/sessions/{game['id']}/events",
                         headers=bearer(token or game["edit_token"]),
                         json={"event": event, "expected_seq": game["seq"]})
    if answer.status_code == 200:
        game["seq"] = answer.get_json()["seq"]
    return answer


def test_an_age_from_the_draft_to_its_scoring_over_http(client):
    created = client.post("/api/sessions", json={"game": "pillars-of-fate",
                                                 "players": ["Ana", "Ben"]})
    assert created.status_code == 201
    game = created.get_json()
    refused = post(client, game, {**DRAFTS[0], "passed": ["Klar"]})
    assert refused.status_code == 422
    assert refused.get_json()["error"]["rule"]["quote"] == Q_KEEP
    for event in DRAFTS:
        assert post(client, game, event).status_code == 200
    assert post(client, game, {"type": "begin_age", "player": "sun", "quests": QUESTS,
                               "modifier": "no_suit", "first_player": "sun"}).status_code == 200
    # Nine places each: the Divine card third, one face-down card per player in its own lane.
    turns = []
    for i in range(9):
        lane = ("left", "center", "right")[i // 3]
        for seat, power in (("sun", 5 - i % 3), ("moon", 3 + i % 2)):
            face = "down" if i % 3 == 1 and (seat == "sun") == (lane != "center") else "up"
            if i == 2:
                turns.append(play(seat, lane, face, divine=("Prophet" if seat == "sun"
                                                            else "Hadria"), power=1))
            else:
                turns.append(play(seat, lane, face, **card(power, i % 2, (i + 1) % 2)))
    for n, event in enumerate(turns[:-1]):
        answer = post(client, game, event)
        assert answer.status_code == 200, (n, event, answer.get_json())
    url = f"/api/sessions/{game['id']}"
    sun = client.post(f"{url}/seats", headers=bearer(game["join_token"]),
                      json={"seat": "sun"}).get_json()["seat_token"]
    seen_by_sun = client.get(url, headers=bearer(sun)).get_json()
    public = client.get(url).get_json()
    assert public["scores"]["lanes"][1]["hidden"] == {"sun": 0, "moon": 1}
    assert seen_by_sun["state"]["live"][0]["hidden"] == {"sun": 0, "moon": 0}
    assert seen_by_sun["state"]["live"][1]["hidden"] == {"sun": 0, "moon": 1}
    assert seen_by_sun["scores"] == public["scores"]  # scores are public, never a seat's secret
    assert public["scores"]["table"]["places_left"] == {"sun": 0, "moon": 1}

    second_divine = post(client, game, play("moon", "right", divine="Pentha", power=1))
    assert second_divine.status_code == 422
    assert second_divine.get_json()["error"]["rule"]["quote"] == Q_DIVINE_ONE
    second_down = post(client, game, play("moon", "right", "down", **card(2)))
    assert second_down.get_json()["error"]["rule"]["quote"] == Q_FACE_DOWN

    last = post(client, game, turns[-1])
    assert last.status_code == 200, last.get_json()
    ended = client.get(url).get_json()
    assert ended["phase"] in ("quests", "ties")
    if ended["phase"] == "quests":
        scores = ended["scores"]
        assert len(scores["ages"]) == 1
        assert sum(p["total"] for p in scores["players"]) == sum(
            line["points"] for p in scores["players"] for line in p["breakdown"])
        assert all(lane["hidden"] == {"sun": 0, "moon": 0} for lane in scores["lanes"])
