"""Issue 16: two app servers on one PostgreSQL. Phones on either server see the same game; two
phones entering at the same seq on the two servers get one 200 and one 409; a server that had
described an older seq never serves it as current."""

import threading

import pytest

from tests.databases import database_url
from tests.servers import Server, call

SETUP = {"game": "avignon", "players": ["Rosa", "Aldo"],
         "position": {"face_up": ["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"]}}
ROUNDS = 6


@pytest.fixture(scope="module")
def two_servers(tmp_path_factory):
    url = database_url("postgresql", tmp_path_factory.mktemp("two"))
    servers = [Server(url), Server(url)]
    for server in servers:
        server.env["FLASK_RATELIMIT_ENABLED"] = "false"
        server.start()
    yield servers
    for server in servers:
        server.stop()


def enter(server, path, body, game, statuses):
    statuses.append(call(server.base, "POST", path + "/events", body, game["edit_token"])[0])


def test_races_between_two_servers_give_one_200_and_one_409_and_no_stale_view(two_servers):
    one, two = two_servers
    status, game = call(one.base, "POST", "/api/sessions", SETUP)
    assert status == 201
    path = f"/api/sessions/{game['id']}"
    for _round in range(ROUNDS):
        views = [call(server.base, "GET", path)[1] for server in (one, two)]
        assert views[0] == views[1]  # both servers describe the same seq the same way
        view = views[0]
        if view["over"] or not view["legal"]:
            break
        body = {"event": view["legal"][0], "expected_seq": view["seq"]}
        statuses = []
        racers = [threading.Thread(target=enter, args=(server, path, body, game, statuses))
                  for server in (one, two)]
        for racer in racers:
            racer.start()
        for racer in racers:
            racer.join()
        assert sorted(statuses) == [200, 409]
        for server in (one, two):  # each had cached the old seq; each now shows the new one
            assert call(server.base, "GET", path)[1]["seq"] == view["seq"] + 1
