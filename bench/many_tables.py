"""Many tables on two app servers sharing one PostgreSQL (issue 16, section 7), in one run.

    .venv/bin/python bench/many_tables.py --database-url postgresql+psycopg://user:pw@host/db
                                          [--tables 16] [--readers 2] [--seconds 20]

Starts two gunicorn servers (2 workers x 4 threads each, rate limits off) on one database, opens
`--tables` Avignon games, and for `--seconds` drives every table at once: one writer per table
enters a legal event, then the next, each time on the other server (phones on either), and
`--readers` phones per table poll its live view as phones do (If-None-Match: a 304 while the game
has not moved), each phone on one server. A game that ends is replaced by a new one. Prints events
accepted per second, reads per second, 409s and 5xx (599: no answer), and p50/p99 latencies; exits
1 on any 5xx. A phone whose kept-alive connection the server closed (gunicorn keeps one 2 s) opens
a new one and sends again, as a browser does.
The load generator runs on the same machine, so it takes CPU from the servers: the figures are a
floor for the servers, not a ceiling.
"""

import argparse
import http.client
import json
import random
import statistics
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.servers import Server  # noqa: E402

SETUP = {"game": "avignon", "players": ["Rosa", "Aldo"],
         "position": {"face_up": ["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"]}}


class Phone:
    """One keep-alive connection to a server, as a phone's browser holds."""

    def __init__(self, base: str):
        host, port = base.removeprefix("http://").split(":")
        self.connection = http.client.HTTPConnection(host, int(port), timeout=30)

    def request(self, method, path, body=None, headers=None):
        headers = dict(headers or {})
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        started = time.perf_counter()
        for attempt in (1, 2):  # a kept-alive connection the server has closed is opened again
            try:
                self.connection.request(method, path, data, headers)
                response = self.connection.getresponse()
                raw = response.read()
                break
            except (OSError, http.client.HTTPException):
                self.connection.close()
                if attempt == 2:
                    return 599, {}, None, time.perf_counter() - started
        latency = time.perf_counter() - started
        parsed = json.loads(raw) if raw and response.status != 304 else None
        return response.status, parsed, response.getheader("ETag"), latency


def new_table(phone: Phone) -> tuple[str, dict]:
    status, created, _etag, _latency = phone.request("POST", "/api/sessions", SETUP)
    assert status == 201, (status, created)
    return f"/api/sessions/{created['id']}", {"Authorization": f"Bearer {created['edit_token']}"}


def writer(bases, table, stop, samples, tables_played, seed):
    rng = random.Random(seed)
    phones = [Phone(base) for base in bases]
    path, auth = table
    turn = 0
    while not stop.is_set():
        phone = phones[turn % 2]
        turn += 1
        status, view, _etag, latency = phone.request("GET", path, headers=auth)
        samples["GET view (writer)"].append((status, latency))
        if status != 200:
            continue
        legal = [event for event in view["legal"] if "open" not in event]
        if view["over"] or not legal:
            path, auth = new_table(phone)
            tables_played.append(1)
            continue
        body = {"event": rng.choice(legal), "expected_seq": view["seq"]}
        status, _answer, _etag, latency = phones[turn % 2].request(
            "POST", path + "/events", body, auth)
        samples["POST event"].append((status, latency))


def reader(base, table, stop, samples):
    phone = Phone(base)
    path, _auth = table
    etag = None
    while not stop.is_set():
        status, _view, tag, latency = phone.request(
            "GET", path, headers={"If-None-Match": etag} if etag else {})
        samples["GET view (poll)"].append((status, latency))
        etag = tag or etag
        time.sleep(0.05)  # a phone polls; it does not spin


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--readers", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=20)
    args = parser.parse_args()

    servers = [Server(args.database_url), Server(args.database_url)]
    for server in servers:
        server.env["FLASK_RATELIMIT_ENABLED"] = "false"
        server.start()
    bases = [server.base for server in servers]
    try:
        opener = Phone(bases[0])
        tables = [new_table(opener) for _ in range(args.tables)]
        samples, tables_played, stop = defaultdict(list), [], threading.Event()
        threads = [threading.Thread(target=writer, args=(bases, table, stop, samples,
                                                         tables_played, index))
                   for index, table in enumerate(tables)]
        threads += [threading.Thread(target=reader, args=(bases[index % 2], table, stop, samples))
                    for table in tables for index in range(args.readers)]
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        time.sleep(args.seconds)
        stop.set()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - started
    finally:
        for server in servers:
            server.stop()

    errors = 0
    print(f"two gunicorn servers (2x4 each) on one PostgreSQL; {args.tables} tables at once, "
          f"1 writer + {args.readers} polling phones each, {elapsed:.0f} s")
    print(f"{'request':<20}{'count':>8}{'per s':>8}{'409':>6}{'5xx':>6}{'p50 ms':>9}{'p99 ms':>9}")
    for kind, results in sorted(samples.items()):
        latencies = [latency * 1000 for _status, latency in results]
        stale = sum(1 for status, _latency in results if status == 409)
        failed = sum(1 for status, _latency in results if status >= 500)
        errors += failed
        print(f"{kind:<20}{len(results):>8}{len(results) / elapsed:>8.0f}{stale:>6}{failed:>6}"
              f"{statistics.median(latencies):>9.1f}{percentile(latencies, 0.99):>9.1f}")
    accepted = sum(1 for status, _latency in samples["POST event"] if status == 200)
    print(f"events accepted: {accepted / elapsed:.0f}/s over {args.tables} tables "
          f"({accepted / elapsed / args.tables:.1f}/s a table); games finished and replaced: "
          f"{len(tables_played)}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
