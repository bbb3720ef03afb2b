#!/usr/bin/env bash
# Runs schemathesis against a running ListServer and its /api/openapi.json, for a bounded time.
#
#   scripts/schemathesis.sh BINARY
#
# Starts BINARY on a free loopback port with an empty --data directory, waits for its start-up line,
# runs every schemathesis check (phases: examples, coverage, fuzzing, stateful) for at most
# ST_MAX_TIME seconds (default 150), then stops the server with SIGTERM. Exits non-zero when
# schemathesis reports a failure, or the server crashed or did not stop cleanly. One worker: with
# several, hypothesis on CPython 3.11 can fail inside ast.parse ("AST constructor recursion depth
# mismatch"), an error of the tool, not of the server.
# Needs the PyPI package `schemathesis` (4.x): python3 -m pip install schemathesis
set -euo pipefail

binary=${1:?usage: scripts/schemathesis.sh BINARY}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
max_time=${ST_MAX_TIME:-150}
max_examples=${ST_MAX_EXAMPLES:-50}

if ! command -v st >/dev/null 2>&1; then
    echo "schemathesis is not installed: python3 -m pip install schemathesis" >&2
    exit 1
fi

data=$(mktemp -d)
out="$data/stdout"
err="$data/stderr"
server=""
cleanup() {
    if [ -n "$server" ] && kill -0 "$server" 2>/dev/null; then
        kill -KILL "$server" 2>/dev/null || true
    fi
    rm -rf "$data"
}
trap cleanup EXIT

cd "$root"
"$binary" --port 0 --data "$data/store" --quiet >"$out" 2>"$err" &
server=$!

url=""
for _ in $(seq 1 600); do
    url=$(grep -o 'http://[^ ]*' "$out" 2>/dev/null | head -n 1 || true)
    [ -n "$url" ] && break
    if ! kill -0 "$server" 2>/dev/null; then
        echo "the server exited before serving:" >&2
        cat "$err" >&2
        exit 1
    fi
    sleep 0.1
done
if [ -z "$url" ]; then
    echo "the server printed no URL within 60 s" >&2
    exit 1
fi
echo "schemathesis against $url/api/openapi.json (at most ${max_time}s, ${max_examples} examples per operation)"

status=0
(cd "$data" && st --config-file "$here/schemathesis.toml" --no-color run "$url/api/openapi.json" \
    --checks all --workers 1 --max-examples "$max_examples" --max-time "$max_time" \
    --request-timeout 5 --seed "${ST_SEED:-20260101}") || status=$?

if ! kill -0 "$server" 2>/dev/null; then
    echo "the server died during the run:" >&2
    tail -n 20 "$err" >&2
    exit 1
fi
kill -TERM "$server"
server_status=0
wait "$server" || server_status=$?
server=""
if [ "$server_status" -ne 0 ]; then
    echo "the server exited with status $server_status after SIGTERM" >&2
    tail -n 20 "$err" >&2
    exit 1
fi
if [ "$status" -ne 0 ]; then
    echo "schemathesis found failures (exit status $status)" >&2
    exit "$status"
fi
echo "schemathesis: no failures; the server stopped cleanly"
