#!/usr/bin/env bash
# HTTP throughput of the search endpoint against /api/health, in the same run.
#
#   bench/http_throughput.sh [seconds] [connections]
#
# Starts gunicorn (one worker per CPU) on a free local port, then runs wrk against
# /api/health and against /api/rules/search (rotating through the dev questions, each with
# its game), and prints requests/second of each and their ratio. Target: search >= 0.5x health.
# The rate limiter is switched off for the server under test (FLASK_RATELIMIT_ENABLED=false): one
# client address asking thousands of questions a minute is what it exists to refuse, and a 429 is
# not a search.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION="${1:-10}"
CONNECTIONS="${2:-16}"
PY=.venv/bin/python
GUNICORN=.venv/bin/gunicorn
WORKERS="$(nproc 2>/dev/null || echo 2)"
THREADS=2

if ! command -v wrk >/dev/null 2>&1; then
  echo "wrk is missing: installing Debian's package" >&2
  apt-get install -y -qq wrk >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq wrk; }
fi

WORK="$(mktemp -d)"
cleanup() {
  if [[ -n "${GPID:-}" ]]; then kill "$GPID" 2>/dev/null || true; wait "$GPID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

PORT="$($PY -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
BASE="http://127.0.0.1:$PORT"

# The index is built before the server starts (as `make run` does), never by a request.
.venv/bin/flask --app app index build >/dev/null

# One request path per dev question, for wrk's Lua script to rotate through.
$PY - "$WORK/search.lua" <<'PY'
import json, sys, urllib.parse
paths = []
for line in open("bench/questions-dev.jsonl", encoding="utf-8"):
    if line.strip():
        q = json.loads(line)
        paths.append("/api/rules/search?" + urllib.parse.urlencode({"q": q["q"], "game": q["game"]}))
with open(sys.argv[1], "w") as f:
    f.write("local paths = {\n")
    for p in paths:
        f.write("  %s,\n" % json.dumps(p))
    f.write("}\nlocal i = 0\n")
    f.write("request = function()\n  i = i % #paths + 1\n  return wrk.format(\"GET\", paths[i])\nend\n")
PY

FLASK_RATELIMIT_ENABLED=false $GUNICORN --workers "$WORKERS" --threads "$THREADS" --bind "127.0.0.1:$PORT" \
  --log-level warning 'app:create_app()' &
GPID=$!
for _ in $(seq 1 100); do
  if curl -fsS "$BASE/api/health" >/dev/null 2>&1; then break; fi
  sleep 0.1
done
curl -fsS "$BASE/api/health" >/dev/null || { echo "server did not become healthy" >&2; exit 1; }

rps() { awk '/Requests\/sec/ {print $2}'; }
run_wrk() { wrk -t2 -c"$CONNECTIONS" -d"${DURATION}s" --latency "$@"; }

# warm up both endpoints (worker caches, searchers)
wrk -t1 -c2 -d2s "$BASE/api/health" >/dev/null
wrk -t1 -c2 -d2s -s "$WORK/search.lua" "$BASE" >/dev/null

echo "gunicorn: $WORKERS workers x $THREADS threads; wrk: 2 threads, $CONNECTIONS connections, ${DURATION}s each"
HEALTH_OUT="$(run_wrk "$BASE/api/health")"
SEARCH_OUT="$(run_wrk -s "$WORK/search.lua" "$BASE")"
H="$(echo "$HEALTH_OUT" | rps)"
S="$(echo "$SEARCH_OUT" | rps)"
for name in health search; do
  out="$HEALTH_OUT"; [[ $name == search ]] && out="$SEARCH_OUT"
  errs="$(echo "$out" | awk '/Non-2xx|Socket errors/ {print}')"
  p50="$(echo "$out" | awk '$1=="50%" {print $2}')"
  p99="$(echo "$out" | awk '$1=="99%" {print $2}')"
  printf "%-7s %10s req/s   p50 %8s   p99 %8s   %s\n" "$name" "$(echo "$out" | rps)" "$p50" "$p99" "$errs"
done
awk -v s="$S" -v h="$H" 'BEGIN { printf "ratio   search/health = %.2f (target >= 0.50)\n", s / h }'
