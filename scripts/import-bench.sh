#!/usr/bin/env bash
# ListServer — scripts
#
# Times the import of one JSON file from process start to the URL line, and reads the resident memory and
# the CPU time (user + system) of the serving process then; runs it N times into fresh data directories and
# prints each run and the medians. The CPU time tells more than the wall time on a machine shared with others.
#
# Usage: scripts/import-bench.sh [--runs N] [--binary PATH] [FILE]
#   FILE          the file to import (default scripts/.load/friends-1m.json)
#   --runs N      how many runs (default 3)
#   --binary PATH the ListServer executable (default .build/release/ListServer; build it first with
#                 `swift build -c release --product ListServer`)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=3
binary=.build/release/ListServer
file=scripts/.load/friends-1m.json
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs="$2"; shift 2 ;;
        --binary) binary="$2"; shift 2 ;;
        -h|--help) sed -n '4,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) file="$1"; shift ;;
    esac
done
[ -x "$binary" ] || { echo "no executable at $binary" >&2; exit 2; }
[ -f "$file" ] || { echo "no file at $file" >&2; exit 2; }

times=()
cpus=()
rss=()
for run in $(seq 1 "$runs"); do
    work=$(mktemp -d)
    # The URL line is read from a FIFO the moment it is written, as scripts/load-test.sh does.
    mkfifo "$work/server.fifo"
    exec 3<>"$work/server.fifo"
    started=$EPOCHREALTIME
    "$binary" --port 0 --data "$work/data" --import "big=$file" --quiet >&3 2>"$work/server.err" &
    pid=$!
    if ! read -t 120 -r _ <&3; then
        echo "the server printed no URL line in 120 s" >&2; cat "$work/server.err" >&2; kill "$pid"; exit 1
    fi
    ready=$EPOCHREALTIME
    kib=$(awk '/^VmRSS/ { print $2 }' "/proc/$pid/status")
    read -r -a stat <"/proc/$pid/stat"
    cpu=$(awk -v u="${stat[13]}" -v s="${stat[14]}" -v t="$(getconf CLK_TCK)" 'BEGIN { printf "%.0f", (u + s) * 1000 / t }')
    kill "$pid"
    wait "$pid" 2>/dev/null || true
    exec 3<&-
    rm -rf "$work"
    ms=$(awk -v a="$started" -v b="$ready" 'BEGIN { printf "%.0f", (b - a) * 1000 }')
    times+=("$ms")
    cpus+=("$cpu")
    rss+=("$((kib / 1024))")
    echo "run $run: import_to_serving ${ms} ms, import_cpu ${cpu} ms, rss_loaded $((kib / 1024)) MB"
done
median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
echo "import_to_serving: $(median "${times[@]}") ms (median of $runs)"
echo "import_cpu: $(median "${cpus[@]}") ms (median of $runs; user + system time of the process)"
echo "rss_loaded: $(median "${rss[@]}") MB (median of $runs)"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
