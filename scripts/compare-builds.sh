#!/usr/bin/env bash
# ListServer — scripts
#
# Compares two builds of ListServer on one kind of request, in alternation, so that the machine's moods
# fall on both alike: both servers import the same file on fresh data directories, then wrk runs against
# each in turn (A B, B A, A B, …) with a different random window on every request. Prints, per build, the
# median requests/s (and the range), the server's CPU time a request (user + system, from /proc) and its
# context switches a request, then B/A for each pair. Everything listens on 127.0.0.1 and is stopped on exit.
#
# Usage: scripts/compare-builds.sh A_BINARY B_BINARY [--pairs N] [--duration SECONDS] [--file PATH]
#                                  [--path /d/big/fragment|/api/datasets/big/window]
#   --pairs N       alternating pairs of wrk runs (default 8)
#   --duration S    seconds per wrk run (default 3)
#   --file PATH     the JSON to import as `big` (default: the load test's 1M-row file, generated if missing)
#   --path PATH     the endpoint (default /d/big/fragment)
# Needs wrk, curl and python3 (`apt-get install -y wrk curl`).
set -euo pipefail
caller_dir=$(pwd)
cd "$(dirname "$0")/.."
root=$(pwd)
absolute() { case "$1" in /*) echo "$1" ;; *) echo "$caller_dir/$1" ;; esac; }

[ $# -ge 2 ] || { sed -n '4,16p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
binaries=("$(absolute "$1")" "$(absolute "$2")")
shift 2
pairs=8
duration=3
file=""
path=/d/big/fragment
while [ $# -gt 0 ]; do
    case "$1" in
        --pairs) pairs="$2"; shift 2 ;;
        --duration) duration="$2"; shift 2 ;;
        --file) file=$(absolute "$2"); shift 2 ;;
        --path) path="$2"; shift 2 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done
for tool in wrk curl python3; do
    command -v "$tool" >/dev/null || { echo "missing: $tool (apt-get install -y wrk curl)" >&2; exit 2; }
done
if [ -z "$file" ]; then
    file="scripts/.load/friends-1m.json"
    if [ ! -s "$file" ]; then
        mkdir -p scripts/.load
        python3 scripts/gen-dataset.py "$file.tmp" --groups 10000 --per-group 100
        mv "$file.tmp" "$file"
    fi
fi

work=$(mktemp -d /tmp/listserver-compare.XXXXXX)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; done
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Both servers, each printing its URL line into a FIFO of its own.
bases=()
for index in 0 1; do
    mkfifo "$work/url$index"
    exec {fd}<>"$work/url$index"
    "${binaries[$index]}" --port 0 --data "$work/data$index" --import "big=$file" --public "$root/Public" --quiet \
        >&$fd 2>"$work/server$index.err" &
    pids+=($!)
    read -t 120 -r line <&$fd || { echo "build $index printed no URL line"; cat "$work/server$index.err"; exit 1; }
    url=$(echo "$line" | grep -o 'http://[^ ]*')
    bases+=("${url%/}")
done
content_height=$(curl -sf "${bases[0]}/api/datasets/big/window?top=0&height=800&expanded=all" |
    python3 -c 'import json, sys; print(int(json.load(sys.stdin)["contentHeight"]))')


# CPU ticks (user + system) and context switches of all of a process's threads.
cpu_ticks() { local total=0 fields; for stat in /proc/"$1"/task/*/stat; do read -r -a fields <"$stat"; total=$((total + fields[13] + fields[14])); done; echo "$total"; }
switches() { cat /proc/"$1"/task/*/status | awk '/ctxt_switches/ {total += $2} END {print total}'; }
ticks_per_second=$(getconf CLK_TCK)

run() {
    local index=$1 pid=${pids[$1]} base=${bases[$1]}
    local cpu_before switches_before out requests rate
    cpu_before=$(cpu_ticks "$pid")
    switches_before=$(switches "$pid")
    out=$(wrk -t2 -c64 -d"${duration}s" --timeout 5s -s "$root/scripts/random-windows.lua" "$base$path" -- "$path" $((content_height - 800)))
    requests=$(echo "$out" | awk '/requests in/ {print $1}')
    rate=$(echo "$out" | awk '/^Requests\/sec:/ {print $2}')
    awk -v i="$index" -v r="$rate" -v n="$requests" -v c=$(( $(cpu_ticks "$pid") - cpu_before )) \
        -v x=$(( $(switches "$pid") - switches_before )) -v t="$ticks_per_second" \
        'BEGIN {printf "%s %s %.2f %.4f\n", i, r, c * 1e6 / t / n, x / n}' >>"$work/runs"
}

for index in 0 1; do
    wrk -t2 -c64 -d1s -s "$root/scripts/random-windows.lua" "${bases[$index]}$path" -- "$path" $((content_height - 800)) >/dev/null
done
echo "comparing on $path, $pairs pairs of ${duration} s runs…" >&2
for pair in $(seq 1 "$pairs"); do
    if [ $((pair % 2)) = 1 ]; then run 0; run 1; else run 1; run 0; fi
done

python3 - "$work/runs" "${binaries[0]}" "${binaries[1]}" <<'EOF'
import statistics, sys
runs = [line.split() for line in open(sys.argv[1])]
for index, name in ((0, "A"), (1, "B")):
    rows = [row for row in runs if row[0] == str(index)]
    rates = [float(row[1]) for row in rows]
    print(f"{name}: {sys.argv[2 + index]}")
    print(f"  requests/s: median {statistics.median(rates):.0f} (from {min(rates):.0f} to {max(rates):.0f})")
    print(f"  server CPU a request: median {statistics.median(float(row[2]) for row in rows):.1f} us")
    print(f"  context switches a request: median {statistics.median(float(row[3]) for row in rows):.3f}")
a = [float(row[1]) for row in runs if row[0] == "0"]
b = [float(row[1]) for row in runs if row[0] == "1"]
ratios = [y / x for x, y in zip(a, b)]
print("B/A by pair: " + " ".join(f"{ratio:.2f}" for ratio in ratios) + f" (median {statistics.median(ratios):.2f})")
EOF
