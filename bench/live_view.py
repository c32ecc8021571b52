"""The live view and writes over HTTP, against a hello-world route of the same app, in one run.

Starts gunicorn (2 workers x 4 threads, as tests/servers.py; rate limits off) on a free loopback
port, and runs wrk (8 connections, one per wrk thread) against
  - GET /bench/hello            a route that returns a short text (every middleware still runs)
  - GET /api/sessions/<id>      the view every phone polls: one Avignon game 30 events in
  - POST /api/sessions/<id>/events   legal events, each connection entering them in turn into its
                                own games (as a table's phone does: the next event of a game at the
                                seq it is at), from one chain of legal events played in advance
and prints requests/second, p50 and p99 latency, and each one's ratio to hello, and the server's CPU per
answer (user + system time of gunicorn's processes over the run, from /proc, divided by the answers;
and their context switches per answer, voluntary + involuntary):
on a machine shared with other work the throughput swings with the load, the CPU an answer costs
much less. Targets (issue 16):
GET >= 0.5, POST >= 0.3. SQLite syncs every commit (DATABASE_SQLITE_SYNCHRONOUS=FULL) unless
NORMAL is given. Hello-world runs once first, uncounted (since session 7): in the session's first
runs the first hello-world run after the server started went at 0.4-0.7 of the rate of the last
one, which lowered the reference and raised the ratios (later runs did not always show it).

Under the POST figure: each worker's group commits (commits, appends a commit, the leader's mean
wait for the write lock) and the share of the run the write lock was held by a commit, from a line
per commit that the bench's app logs (time.monotonic(), one clock for every process).

What is counted: a Lua response hook counts every answer by status in each wrk thread (wrk keeps
one Lua state per thread) and `done` adds them up. The POST figure is the events acknowledged
(status 200) per second, not wrk's requests/second; every other status is printed with its count.
A game advances only on its 200, and a 409 (the seq moved, e.g. an event committed but its answer
lost) sets the game to the seq it names, so no event is posted twice and none is stale. Any Lua
error fails the bench: wrk prints it on stderr and then runs WITHOUT the script (plain GETs of the
URL, all 200) — that, with stderr thrown away, is how an earlier version of this bench measured the
home page at 1,455 req/s and called it the POST figure.

    .venv/bin/python bench/live_view.py [seconds] [FULL|NORMAL] [--rounds N] [--threads N] [--reuse-port]
                                        [--split] [--profile COMMAND]

Since session 13 a run is `--rounds` rounds (3) of GET, POST and hello-world after a first
hello-world, each ratio taken against the hello-world runs either side of it, and prints each
round's ratios and their medians. Each run also prints how wrk's eight connections were spread
over the two workers (each worker's sockets mid-run beyond those it held idle): one gunicorn
worker is one process, so a run where one worker holds seven of eight connections is bound by one
core whatever the request costs. In session 12 the POST ratio swung 0.19–0.38 from run to run on
a quiet machine, and the runs where the commits showed one worker with ~1 append a commit (one or
two connections) were the low ones. `--reuse-port` starts gunicorn with a listening socket a worker
(SO_REUSEPORT: the kernel spreads new connections over them by a hash), instead of one socket
whose connections go to whichever worker accepts first.

`--profile COMMAND` runs a profiler during the POST run only, with `{pids}` replaced by the
workers' process ids, comma-separated, and stops it by SIGINT when the run ends, e.g.
`--profile 'perf record -g -o /tmp/post.perf -p {pids}'` or `--profile 'strace -c -f -o
/tmp/post.strace -p {pids}'` (strace is given `-p 1 -p 2`). Profiled runs are slower: their figures
are the profile's, not the bench's. `--split` logs a line per request (its thread's CPU in gunicorn's
handling, in the WSGI app, in the store's append and in a commit it led; time.thread_time_ns) and
prints a POST's server CPU split by them, the rest being the workers' other threads (gunicorn's
main loop, the write lock's waiting thread); it costs each request a write and four clock reads.
"""

import argparse
import json
import os
import random
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app import create_app  # noqa: E402
from bench.referee_speed import SETUP_BODY, play_events  # noqa: E402
from tests.servers import free_port  # noqa: E402

ARGUMENTS = argparse.ArgumentParser(description="The live view and event POST against hello-world.")
ARGUMENTS.add_argument("seconds", type=int, nargs="?", default=10)
ARGUMENTS.add_argument("synchronous", nargs="?", default="FULL", choices=("FULL", "NORMAL"))
ARGUMENTS.add_argument("--connections", type=int, default=8, help="wrk's connections (8)")
ARGUMENTS.add_argument("--profile", metavar="COMMAND",
                       help="a profiler run during the POST run only, {pids} = the workers")
ARGUMENTS.add_argument("--rounds", type=int, default=3,
                       help="rounds of hello-world, GET and POST, each ratio's median printed (3)")
ARGUMENTS.add_argument("--threads", type=int, default=4, help="gunicorn's threads a worker (4)")
ARGUMENTS.add_argument("--reuse-port", action="store_true",
                       help="gunicorn's --reuse-port: a listening socket a worker, the kernel "
                            "spreading connections over them")
ARGUMENTS.add_argument("--split", action="store_true",
                       help="a POST's server CPU split by thread and part (a line logged a request)")
OPTIONS = ARGUMENTS.parse_args()
SECONDS, SYNCHRONOUS, PROFILER = OPTIONS.seconds, OPTIONS.synchronous, OPTIONS.profile
CONNECTIONS, ROUNDS = OPTIONS.connections, OPTIONS.rounds
GAMES_PER_CONNECTION = 12 * ROUNDS  # each round posts to its own 12 a connection
CHAIN = 400  # legal events per game: room for 8 × 12 × 400 = 38,400 acknowledged events a round
SETUP = {"game": "avignon", **SETUP_BODY}

# The bench's app: Tableside with a hello-world route, and each SQLite group commit logged (one line
# per commit: pid, when the leader began, when it held the write lock and took its appends, when the
# commit was over — time.monotonic(), one clock for every process — and how many appends it took).
HELLO_APP = """
import os
import threading
import time

from app import create_app as create_tableside


def create():
    app = create_tableside()
    app.add_url_rule("/bench/hello", "bench_hello", lambda: "hello")
    store = app.extensions["tableside.store"]
    if store._commits is not None:
        store._commits.commit = logged(store._commits.commit, os.open(
            os.environ["BENCH_COMMIT_LOG"], os.O_WRONLY | os.O_CREAT | os.O_APPEND))
    if os.environ.get("BENCH_REQUEST_LOG"):
        split_cpu(app, store, os.open(os.environ["BENCH_REQUEST_LOG"],
                                      os.O_WRONLY | os.O_CREAT | os.O_APPEND))
    return app


def logged(commit, log):
    def commit_logged(take):
        began, taken, cpu = time.monotonic(), [], time.thread_time_ns()

        def take_logged():
            taken.append(time.monotonic())
            appends = take()
            taken.append(len(appends))
            return appends

        try:
            commit(take_logged)
        finally:
            spent.commit += time.thread_time_ns() - cpu
            if taken:
                os.write(log, f"{os.getpid()} {began} {taken[0]} {time.monotonic()} {taken[1]}\\n"
                         .encode())
    return commit_logged


class Spent(threading.local):
    \"\"\"This request thread's CPU (ns) in the parts of the request it handles.\"\"\"

    method, wsgi, append, commit = "-", 0, 0, 0


spent = Spent()


def split_cpu(app, store, log):
    \"\"\"A line per request: the request thread's CPU in gunicorn's handle (parsing, environ,
    sending), in the WSGI app, in the store's append (a follower's wait, a leader's commit) and in
    commits it led.\"\"\"
    from gunicorn.workers import gthread

    handle, wsgi_app, append_entry = gthread.ThreadWorker.handle, app.wsgi_app, store.append_entry

    def handle_timed(worker, conn):
        spent.wsgi = spent.append = spent.commit = 0
        spent.method = "-"
        began, cpu = time.monotonic(), time.thread_time_ns()
        try:
            return handle(worker, conn)
        finally:
            os.write(log, f"{threading.get_native_id()} {began} {spent.method} "
                          f"{time.thread_time_ns() - cpu} "
                          f"{spent.wsgi} {spent.append} {spent.commit}\\n".encode())

    def wsgi_timed(environ, start_response):
        spent.method = environ["REQUEST_METHOD"]
        cpu = time.thread_time_ns()
        try:
            return wsgi_app(environ, start_response)
        finally:
            spent.wsgi += time.thread_time_ns() - cpu

    def append_timed(append):
        cpu = time.thread_time_ns()
        try:
            return append_entry(append)
        finally:
            spent.append += time.thread_time_ns() - cpu

    gthread.ThreadWorker.handle = handle_timed
    app.wsgi_app = wsgi_timed
    store.append_entry = append_timed
"""

# Counts every answer by status in each wrk thread; `done` prints the totals, the duration and the
# latency percentiles (of every request) as lines this script parses.
COUNTING = """
local threads = {}
local next_id = 0
function setup(thread)
  thread:set("tid", next_id)
  next_id = next_id + 1
  table.insert(threads, thread)
end
statuses = {}
function count(status)
  statuses[status] = (statuses[status] or 0) + 1
end
function done(summary, latency, requests)
  local totals = {}
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("statuses")) do totals[status] = (totals[status] or 0) + n end
    io.write("exhausted ", thread:get("exhausted") or 0, "\\n")
  end
  for status, n in pairs(totals) do io.write("status ", status, " ", n, "\\n") end
  io.write("duration_us ", summary.duration, "\\n")
  io.write("p50_us ", latency:percentile(50), "\\n", "p99_us ", latency:percentile(99), "\\n")
  io.write("errors ", summary.errors.connect + summary.errors.read + summary.errors.write +
           summary.errors.timeout, "\\n")
end
"""

GET_SCRIPT = COUNTING + """
function response(status, headers, body) count(status) end
"""

POST_SCRIPT = COUNTING + """
function init(args)
  seqs = {}
  for j = 1, #games[tid + 1] do seqs[j] = 0 end
  turn, current, exhausted = 0, nil, 0
end
function request()
  local mine = games[tid + 1]
  for _ = 1, #mine do  -- the next of this connection's games that has events left
    turn = turn % #mine + 1
    if seqs[turn] < #events then break end
  end
  if seqs[turn] >= #events then exhausted = exhausted + 1 end
  current = turn
  local seq = math.min(seqs[turn], #events - 1)
  return wrk.format("POST", "/api/sessions/" .. mine[turn][1] .. "/events",
    {["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. mine[turn][2]},
    '{"event": ' .. events[seq + 1] .. ', "expected_seq": ' .. seq .. '}')
end
function response(status, headers, body)
  count(status)
  if status == 200 then
    seqs[current] = seqs[current] + 1
  elseif status == 409 then
    seqs[current] = tonumber(body:match('"seq":%s*(%d+)')) or #events
  else
    seqs[current] = #events  -- refused or failed: this game is not posted to again
  end
end
"""


def prepare(database: Path) -> tuple[str, list[list[tuple[str, str]]], list[dict]]:
    """The table the GETs read, the games each connection posts to, and the chain of events."""
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
    for _ in range(CONNECTIONS):
        created = [client.post("/api/sessions", json=SETUP).get_json()
                   for _ in range(GAMES_PER_CONNECTION)]
        games.append([(game["id"], game["edit_token"]) for game in created])
    app.extensions["tableside.store"].engine.dispose()
    return table["id"], games, play_events(CHAIN, seed=5, end_allowed=False)


def lua_string(text: str) -> str:
    assert "]==]" not in text
    return f"[==[{text}]==]"


def wrk(url: str, script: Path) -> dict:
    command = ["wrk", "-t", str(CONNECTIONS), "-c", str(CONNECTIONS), "-d", f"{SECONDS}s",
               "--latency", "-s", str(script), url]
    run = subprocess.run(command, capture_output=True, text=True, check=True)
    if run.stderr.strip():  # a Lua error: wrk went on without the script
        raise SystemExit(f"wrk {script.name}: {run.stderr.strip()}")
    figures = {"statuses": {}, "exhausted": 0}
    for line in run.stdout.splitlines():
        words = line.split()
        if words and words[0] == "status":
            figures["statuses"][int(words[1])] = int(words[2])
        elif words and words[0] == "exhausted":
            figures["exhausted"] += int(words[1])
        elif words and words[0] in ("duration_us", "p50_us", "p99_us", "errors"):
            figures[words[0]] = float(words[1])
    requests = sum(figures["statuses"].values())
    seconds = figures["duration_us"] / 1e6
    figures["ok_per_s"] = figures["statuses"].get(200, 0) / seconds
    figures["other"] = {s: n for s, n in sorted(figures["statuses"].items()) if s != 200}
    figures["requests"] = requests
    if figures["exhausted"]:
        raise SystemExit(f"{url}: the games ran out of events ({figures['exhausted']} requests): "
                         "raise CHAIN or GAMES_PER_CONNECTION")
    return figures


def server_usage(master: int) -> dict:
    """gunicorn's master and its workers so far (/proc): user and system CPU seconds, and context
    switches (voluntary: a thread waited, for the disk, a lock or the network; involuntary: it was
    preempted), summed over every thread; and each thread's CPU seconds by thread id (`threads`,
    with its process)."""
    ticks = os.sysconf("SC_CLK_TCK")
    usage = {"user": 0.0, "system": 0.0, "voluntary": 0, "involuntary": 0, "threads": {}}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            pid, parent = int(stat.parent.name), int(fields[1])
            if master not in (pid, parent):
                continue
            usage["user"] += int(fields[11]) / ticks
            usage["system"] += int(fields[12]) / ticks
            for task in (stat.parent / "task").iterdir():
                times = (task / "stat").read_text().rsplit(")", 1)[1].split()[11:13]
                usage["threads"][int(task.name)] = (pid, sum(map(int, times)) / ticks)
                for line in (task / "status").read_text().splitlines():
                    name, _, value = line.partition(":")
                    if name in ("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches"):
                        usage[name.split("_")[0].replace("non", "in")] += int(value)
        except OSError:
            continue  # a process or thread that ended meanwhile
    return usage


def workers(master: int) -> list[int]:
    pids = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if stat.read_text().rsplit(")", 1)[1].split()[1] == str(master):
                pids.append(int(stat.parent.name))
        except OSError:
            continue  # ended meanwhile
    return pids


def profiler(master: int) -> subprocess.Popen:
    pids = workers(master)
    words = shlex.split(PROFILER)
    if words[0] == "strace":  # strace takes one pid per -p
        at = words.index("{pids}")
        words[at - 1:at + 1] = [word for pid in pids for word in ("-p", str(pid))]
    command = [word.replace("{pids}", ",".join(map(str, pids))) for word in words]
    started = subprocess.Popen(command)
    time.sleep(1.0)  # attached before the run starts
    return started


def sockets(pid: int) -> int:
    try:
        return sum(os.readlink(fd).startswith("socket:") for fd in Path(f"/proc/{pid}/fd").iterdir())
    except OSError:
        return 0  # ended meanwhile


def connections_per_worker(master: int, idle: dict[int, int]) -> list[int]:
    """How many of wrk's connections each worker holds now: its sockets beyond those it held idle,
    most first. wrk's connections stay open through a run, so mid-run this is how wrk's load is
    spread over the workers (one gunicorn worker is one Python process: one core at most)."""
    return sorted((sockets(pid) - idle.get(pid, 0) for pid in workers(master)), reverse=True)


def measured(master: int, url: str, script: Path, profiled: bool = False) -> dict:
    profiling = profiler(master) if profiled else None
    idle = {pid: sockets(pid) for pid in workers(master)}
    spread = []
    sampler = threading.Timer(SECONDS / 2, lambda: spread.extend(connections_per_worker(master, idle)))
    before, started = server_usage(master), time.monotonic()
    sampler.start()
    figures = wrk(url, script)
    after, ended = server_usage(master), time.monotonic()
    sampler.join()
    figures["span"], figures["spread"] = (started, ended), spread
    if profiling is not None:
        profiling.send_signal(signal.SIGINT)
        profiling.wait(timeout=120)
    answers = max(figures["requests"], 1)
    figures["thread_ms"] = {tid: (pid, (cpu - before["threads"].get(tid, (pid, 0.0))[1])
                                  * 1000 / answers)
                            for tid, (pid, cpu) in after["threads"].items() if pid != master}
    figures["user_ms"] = (after["user"] - before["user"]) * 1000 / answers
    figures["system_ms"] = (after["system"] - before["system"]) * 1000 / answers
    figures["cpu_ms"] = figures["user_ms"] + figures["system_ms"]
    figures["switches"] = {kind: (after[kind] - before[kind]) / answers
                           for kind in ("voluntary", "involuntary")}
    return figures


def commits_during(log: Path, start: float, end: float) -> dict:
    """What the group commits logged between `start` and `end` (time.monotonic()): per process the
    commits, appends a commit and the leader's mean wait for the write lock; and the share of the
    time the write lock was held by some commit (the union of the commits' held spans)."""
    rows = []
    for text in log.read_text().splitlines() if log.exists() else ():
        pid, began, held, over, appends = text.split()
        if start <= float(began) and float(over) <= end:
            rows.append((int(pid), float(began), float(held), float(over), int(appends)))
    per_process = {}
    for pid, began, held, _, appends in rows:
        mine = per_process.setdefault(pid, {"commits": 0, "appends": 0, "wait": 0.0})
        mine["commits"] += 1
        mine["appends"] += appends
        mine["wait"] += held - began
    busy, reach = 0.0, start
    for _, _, held, over, _ in sorted(rows, key=lambda row: row[2]):
        busy += max(0.0, over - max(held, reach))
        reach = max(reach, over)
    return {"per_process": per_process, "held_share": busy / (end - start) if end > start else 0}


def split_during(log: Path, figures: dict) -> dict:
    """A request's server CPU (ms) by thread and part: the request threads' logged parts (their
    handling of requests begun during the run), the request threads' CPU in all (/proc: between
    requests too), the workers' main threads (gunicorn's loop) and any other thread."""
    start, end = figures["span"]
    totals, requests, request_threads = {"handle": 0, "wsgi": 0, "append": 0, "commit": 0}, 0, set()
    for text in log.read_text().splitlines():
        tid, began, _, handle, wsgi, append, commit = text.split()
        request_threads.add(int(tid))
        if start <= float(began) <= end:
            requests += 1
            for part, value in zip(totals, (handle, wsgi, append, commit), strict=True):
                totals[part] += int(value)
    split = {part: value / 1e6 / max(requests, 1) for part, value in totals.items()}
    threads = figures["thread_ms"]
    split["request_threads"] = sum(ms for tid, (_, ms) in threads.items() if tid in request_threads)
    split["main"] = sum(ms for tid, (pid, ms) in threads.items() if tid == pid)
    split["other"] = sum(ms for tid, (pid, ms) in threads.items()
                         if tid != pid and tid not in request_threads)
    return split


def split_line(figures: dict) -> str:
    split = figures["split"]
    return (f"{'':28} server CPU {figures['cpu_ms']:.2f} ms: request threads "
            f"{split['request_threads']:.2f} (handling one {split['handle']:.2f}: gunicorn "
            f"{split['handle'] - split['wsgi']:.2f}, the app {split['wsgi'] - split['append']:.2f},"
            f" the append {split['append']:.2f}, of it commits led {split['commit']:.2f}), "
            f"gunicorn's loops {split['main']:.2f}, other threads {split['other']:.2f}")


def commit_line(figures: dict) -> str:
    parts = [f"{mine['commits']} commits × {mine['appends'] / mine['commits']:.2f} appends, "
             f"waited {mine['wait'] * 1000 / mine['commits']:.2f} ms for the lock"
             for mine in figures["per_process"].values()]
    return (f"{'':28} group commits: " + "; ".join(parts) +
            f"; the write lock held {figures['held_share']:.0%} of the run")


def line(name: str, figures: dict, reference: float | None = None, target: str = "") -> str:
    return "\n".join([basic_line(name, figures, reference, target)] +
                     ([split_line(figures)] if "split" in figures else []))


def basic_line(name: str, figures: dict, reference: float | None, target: str) -> str:
    text = (f"{name:28} {figures['ok_per_s']:7.0f}/s  p50 {figures['p50_us'] / 1000:6.1f} ms  "
            f"p99 {figures['p99_us'] / 1000:6.1f} ms  server CPU {figures['cpu_ms']:.2f} ms "
            f"(user {figures['user_ms']:.2f}, system {figures['system_ms']:.2f}; context switches "
            f"{figures['switches']['voluntary']:.1f} + {figures['switches']['involuntary']:.1f})")
    if reference:
        text += f"  ratio {figures['ok_per_s'] / reference:.2f} {target}"
    other = ", ".join(f"{n} × {status}" for status, n in figures["other"].items())
    text += f"\n{'':28} {figures['requests']} answers: {figures['statuses'].get(200, 0)} × 200"
    text += f", {other}" if other else ", no other status"
    if figures.get("errors"):
        text += f"; {figures['errors']:.0f} socket errors or timeouts"
    if figures.get("spread"):
        text += f"; wrk's connections by worker {' · '.join(map(str, figures['spread']))}"
    return text


def main() -> None:
    with tempfile.TemporaryDirectory() as work:
        work = Path(work)
        database = work / "bench.sqlite"
        print(f"preparing a table, {CONNECTIONS * GAMES_PER_CONNECTION} games and a chain of "
              f"{CHAIN} legal events…", flush=True)
        table_id, games, chain = prepare(database)
        (work / "live_view_app.py").write_text(HELLO_APP)
        (work / "get.lua").write_text(GET_SCRIPT)
        events = ",\n".join(lua_string(json.dumps(event)) for event in chain)
        for number in range(ROUNDS):
            rows = ",\n".join("{" + ", ".join(f'{{"{sid}", "{token}"}}' for sid, token in
                                             mine[number * 12:(number + 1) * 12]) + "}"
                              for mine in games)
            (work / f"post-{number}.lua").write_text(
                f"games = {{\n{rows}\n}}\nevents = {{\n{events}\n}}\n" + POST_SCRIPT)
        port = free_port()
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{database}",
               "FLASK_RATELIMIT_ENABLED": "false", "PYTHONPATH": f"{work}:{ROOT}",
               "FLASK_DATABASE_SQLITE_SYNCHRONOUS": SYNCHRONOUS,
               "BENCH_COMMIT_LOG": str(work / "commits.log"),
               **({"BENCH_REQUEST_LOG": str(work / "requests.log")} if OPTIONS.split else {})}
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--workers", "2", "--threads", str(OPTIONS.threads),
             "--bind",
             f"127.0.0.1:{port}", *(["--reuse-port"] if OPTIONS.reuse_port else []),
             "live_view_app:create()"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        base = f"http://127.0.0.1:{port}"
        load = os.getloadavg()[0]
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(base + "/bench/hello", timeout=2).read()
                    break
                except OSError:
                    time.sleep(0.2)
            view = f"{base}/api/sessions/{table_id}"
            urllib.request.urlopen(view).read()  # the first reader describes it
            wrk(base + "/bench/hello", work / "get.lua")  # warming up: not counted
            hellos = [measured(server.pid, base + "/bench/hello", work / "get.lua")]
            rounds = []
            for number in range(ROUNDS):
                get = measured(server.pid, view, work / "get.lua")
                post = measured(server.pid, base, work / f"post-{number}.lua",
                                profiled=PROFILER is not None and number == 0)
                post["commits"] = commits_during(work / "commits.log", *post["span"])
                hellos.append(measured(server.pid, base + "/bench/hello", work / "get.lua"))
                rounds.append((get, post))
            for figures in [*hellos, *(f for pair in rounds for f in pair)] if OPTIONS.split else ():
                figures["split"] = split_during(work / "requests.log", figures)
        finally:
            server.terminate()
            server.wait(timeout=20)
    print(f"gunicorn 2×{OPTIONS.threads}{' --reuse-port' if OPTIONS.reuse_port else ''}, wrk {CONNECTIONS} "
          f"connections, {ROUNDS} rounds of {SECONDS} s runs (hello-world, GET, POST, hello-world…), "
          f"SQLite synchronous={SYNCHRONOUS}; load average {load:.1f} at the start, "
          f"{os.getloadavg()[0]:.1f} at the end; each ratio against the hello-world runs either side")
    ratios = {"GET": [], "POST": [], "GET by CPU": [], "POST by CPU": []}
    for number, (get, post) in enumerate(rounds):
        before, after = hellos[number], hellos[number + 1]
        reference = (before["ok_per_s"] + after["ok_per_s"]) / 2
        hello_cpu = (before["cpu_ms"] + after["cpu_ms"]) / 2
        print(f"round {number + 1}")
        print(line("hello-world", before))
        print(line("GET session (live view)", get, reference, "(target ≥ 0.5)"))
        print(line("POST event, acknowledged", post, reference, "(target ≥ 0.3)"))
        print(commit_line(post["commits"]))
        ratios["GET"].append(get["ok_per_s"] / reference)
        ratios["POST"].append(post["ok_per_s"] / reference)
        ratios["GET by CPU"].append(hello_cpu / get["cpu_ms"])
        ratios["POST by CPU"].append(hello_cpu / post["cpu_ms"])
    print(line("hello-world, at the end", hellos[-1]))
    print(f"medians over {ROUNDS} rounds (each round's ratios):")
    for name, target in (("GET", 0.5), ("POST", 0.3), ("GET by CPU", 0.5), ("POST by CPU", 0.3)):
        values = " · ".join(f"{value:.2f}" for value in ratios[name])
        print(f"  {name:12} {statistics.median(ratios[name]):.2f} ({values}); target ≥ {target}"
              + ("" if "CPU" not in name else " (the ratio the throughput would have if only "
                 "the server's CPU limited it)"))


if __name__ == "__main__":
    main()
