#!/usr/bin/env bash
# ListServer — scripts
#
# Counts the instructions the event loop spends on one request, under valgrind's callgrind: the count does
# not move with the machine's load, so two builds can be compared to a few hundred instructions where
# wrk's figures move by percents. Each build imports the same file (generated: 1,000 groups × 100 rows), then
# one keep-alive client sends the same random windows to it (the same seed) with wrk's head (`Host` only);
# only what runs under `Connection.readable` is counted. Each server runs with Swift's hash seed fixed
# (`SWIFT_DETERMINISTIC_HASHING=1`): a random seed moves the count by about 200. Prints, per build,
# instructions a request and the share of the five functions that spend most.
#
# Usage: scripts/request-instructions.sh BINARY... [--requests N] [--path /api/datasets/big/window]
#   --requests N   requests a build (default 3000)
#   --path PATH    /api/datasets/big/window (default), /d/big/fragment, or either with a query of its own
#                  (/d/big/fragment?q=Kim: a search's windows)
# Needs valgrind and python3 (`apt-get install -y valgrind`). Everything listens on 127.0.0.1.
set -euo pipefail
caller_dir=$(pwd)
cd "$(dirname "$0")/.."
root=$(pwd)
absolute() { case "$1" in /*) echo "$1" ;; *) echo "$caller_dir/$1" ;; esac; }

binaries=()
requests=3000
path=/api/datasets/big/window
while [ $# -gt 0 ]; do
    case "$1" in
        --requests) requests="$2"; shift 2 ;;
        --path) path="$2"; shift 2 ;;
        -*) echo "unknown argument: $1" >&2; exit 2 ;;
        *) binaries+=("$(absolute "$1")"); shift ;;
    esac
done
[ "${#binaries[@]}" -gt 0 ] || { sed -n '4,15p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
command -v valgrind >/dev/null || { echo "missing: valgrind (apt-get install -y valgrind)" >&2; exit 2; }

work=$(mktemp -d /tmp/listserver-instructions.XXXXXX)
server=""
cleanup() {
    [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
python3 scripts/gen-dataset.py "$work/rows.json" --groups 1000 --per-group 100 >/dev/null

for binary in "${binaries[@]}"; do
    rm -rf "$work/data" "$work/out"
    mkfifo "$work/out"
    exec {fd}<>"$work/out"
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" \
        --collect-atstart=no --toggle-collect='*Connection*readable*' \
        "$binary" --port 0 --data "$work/data" --import "big=$work/rows.json" --public "$root/Public" --quiet \
        >&$fd 2>"$work/valgrind.err" &
    server=$!
    read -t 600 -r line <&$fd || { echo "$binary printed no URL line"; cat "$work/valgrind.err"; exit 1; }
    exec {fd}<&-
    port=$(echo "$line" | grep -o 'http://127.0.0.1:[0-9]*' | grep -o '[0-9]*$')
    python3 - "$port" "$requests" "$path" <<'EOF'
import http.client, json, random, sys
port, count, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
query = path.partition("?")[2]  # the windows' own query (a search's): their height is the results'
connection.request("GET", "/api/datasets/big/window?" + (query + "&" if query else "") + "top=0&height=800&expanded=all")
height = int(json.loads(connection.getresponse().read())["contentHeight"])
generator = random.Random(7)
for _ in range(count):
    # As wrk sends it: no Accept-Encoding, only Host.
    # A path may bring its own query (a search: ?q=…); the window's place and height follow it.
    joiner = "&" if "?" in path else "?"
    connection.putrequest("GET", f"{path}{joiner}top={generator.randrange(0, height - 800)}&height=800&expanded=all",
                          skip_accept_encoding=True)
    connection.endheaders()
    response = connection.getresponse()
    response.read()
    assert response.status == 200, response.status
EOF
    kill "$server"
    wait "$server" 2>/dev/null || true
    server=""
    python3 - "$work/callgrind.out" "$requests" "$binary" <<'EOF'
import re, subprocess, sys
out, count, binary = sys.argv[1], int(sys.argv[2]) + 1, sys.argv[3]
text = subprocess.run(["callgrind_annotate", "--inclusive=no", out], capture_output=True, text=True).stdout
total = int(re.search(r"([\d,]+) \([^)]*\)\s+PROGRAM TOTALS", text).group(1).replace(",", ""))
print(f"{binary}: {total / count:,.0f} instructions a request")
for line in [l for l in text.splitlines() if re.match(r"^\s*[\d,]+ \(", l) and "PROGRAM TOTALS" not in l][:5]:
    share, name = re.match(r"^\s*[\d,]+ \(\s*([\d.]+)%\)\s+(.*)$", line).groups()
    print(f"  {share:>5}%  {name[:110]}")
EOF
done
