"""The live view and writes over HTTP, against a hello-world route of the same app, in one run.

Starts gunicorn (2 workers x 4 threads, as tests/servers.py; rate limits off) on a free loopback
port, and runs wrk (8 connections) against
  - GET /bench/hello            a route that returns a short text (every middleware still runs)
  - GET /api/sessions/<id>      the view every phone polls: one Avignon game 30 events in
  - POST /api/sessions/<id>/events   the first move of a fresh game each time (games made before)
and prints requests/second and each one's ratio to hello. Targets (issue 16): GET >= 0.5, POST >= 0.3.
SQLite syncs every commit (DATABASE_SQLITE_SYNCHRONOUS=FULL) unless NORMAL is given.

    .venv/bin/python bench/live_view.py [seconds] [FULL|NORMAL]
"""

import os
import random
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app import create_app  # noqa: E402
from tests.servers import free_port  # noqa: E402

SECONDS = int(sys.argv[1]) if len(sys.argv) > 1 else 10
SYNCHRONOUS = sys.argv[2] if len(sys.argv) > 2 else "FULL"
CONNECTIONS = 8
SETUP = {"game": "avignon", "players": ["Rosa", "Aldo"],
         "position": {"face_up": ["Vicar", "Scribe", "Nuncio", "Ascetic", "Canonist"]}}
FIRST_MOVE = '{"event": {"type": "beseech", "player": "rome", "path": 1}, "expected_seq": 0}'

HELLO_APP = """
from app import create_app as create_tableside

def create():
    app = create_tableside()
    app.add_url_rule("/bench/hello", "bench_hello", lambda: "hello")
    return app
"""


def prepare(database: Path, fresh_games: int) -> tuple[str, list[tuple[str, str]]]:
    app = create_app({"DATABASE_URL": f"sqlite:///{database}", "RATELIMIT_ENABLED": False})
    client = app.test_client()
    table = client.post("/api/sessions", json=SETUP).get_json()
    rng = random.Random(1)
    for seq in range(30):
        view = client.get(f"/api/sessions/{table['id']}").get_json()
        if view["over"] or not view["legal"]:
            break
        client.post(f"/api/sessions/{table['id']}/events", json={
            "event": rng.choice(view["legal"]), "expected_seq": seq},
            headers={"Authorization": f"Bearer {table['edit_token']}"})
    games = []
    for _ in range(fresh_games):
        created = client.post("/api/sessions", json=SETUP).get_json()
        games.append((created["id"], created["edit_token"]))
    app.extensions["tableside.store"].engine.dispose()
    return table["id"], games


def wrk(url: str, script: str | None = None) -> float:
    command = ["wrk", "-t", str(CONNECTIONS), "-c", str(CONNECTIONS), "-d", f"{SECONDS}s", url]
    if script:
        command[1:1] = ["-s", script]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    line = next(line for line in out.splitlines() if line.startswith("Requests/sec"))
    failed = [line for line in out.splitlines() if "Non-2xx" in line or "Socket errors" in line]
    if failed:
        print(f"  {url}: {'; '.join(f.strip() for f in failed)}", file=sys.stderr)
    return float(line.split()[1])


def post_script(path: Path, games: list[tuple[str, str]]) -> None:
    rows = ",\n".join(f'{{"{sid}", "{token}"}}' for sid, token in games)
    per_thread = len(games) // CONNECTIONS
    path.write_text(f"""
local games = {{ {rows} }}
local next_id = 0
function setup(thread) thread:set("tid", next_id); next_id = next_id + 1 end
local i = 0
function request()
  i = i + 1
  local game = games[(tid * {per_thread} + (i % {per_thread})) + 1]
  return wrk.format("POST", "/api/sessions/" .. game[1] .. "/events",
    {{["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. game[2]}},
    '{FIRST_MOVE}')
end
""")


def main() -> None:
    with tempfile.TemporaryDirectory() as work:
        work = Path(work)
        database = work / "bench.sqlite"
        fresh = 3000
        print(f"preparing a table and {fresh} fresh games…", flush=True)
        table_id, games = prepare(database, fresh)
        (work / "live_view_app.py").write_text(HELLO_APP)
        port = free_port()
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{database}",
               "FLASK_RATELIMIT_ENABLED": "false", "PYTHONPATH": f"{work}:{ROOT}",
               "FLASK_DATABASE_SQLITE_SYNCHRONOUS": SYNCHRONOUS}
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--workers", "2", "--threads", "4", "--bind",
             f"127.0.0.1:{port}", "live_view_app:create()"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(base + "/bench/hello", timeout=2).read()
                    break
                except OSError:
                    time.sleep(0.2)
            view = f"{base}/api/sessions/{table_id}"
            urllib.request.urlopen(view).read()  # the first reader describes it
            hello = wrk(base + "/bench/hello")
            get = wrk(view)
            post_script(work / "post.lua", games)
            post = wrk(base, str(work / "post.lua"))
            hello_again = wrk(base + "/bench/hello")
        finally:
            server.terminate()
            server.wait(timeout=20)
    reference = (hello + hello_again) / 2
    print(f"hello-world            {hello:8.0f} req/s (again at the end: {hello_again:.0f})")
    print(f"GET session (live)     {get:8.0f} req/s   ratio {get / reference:.2f}  (target ≥ 0.5)")
    print(f"POST event (SQLite {SYNCHRONOUS:6}) {post:5.0f} req/s   ratio {post / reference:.2f}  "
          "(target ≥ 0.3)")


if __name__ == "__main__":
    main()
