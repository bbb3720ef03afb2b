#!/usr/bin/env bash
# ListServer — scripts
#
# The load test one size up (scripts/load-test.sh --rows N runs it): a friends JSON of N rows beside the
# 1,000,000-row one, measured in one run on a release build, with nginx serving the very bytes of a
# fragment as the reference:
#   - import from the start of the process to its URL line, resident and peak memory, for both sizes;
#   - random fragments (wrk -t1 -c32 --latency, a random window per request) against the 1M server, the
#     N server and nginx, alternating, with p50, p99 and p99.9 latency (medians over the rounds);
#   - the ratios the budgets name: requests/s at N against 1M (≥ 0.85), p99 at N against 1M (≤ 1.25),
#     p99 at 1M against nginx (≤ 1.5);
#   - a jump to the end: the fragment at the bottom of the N list, first asked and then the median;
#   - a PUT of the N file into a server with nothing loaded: its time, its peak memory against the
#     resident memory after (≤ 1.5);
#   - start-up: random fragments in the first 6 s after the N server prints its URL (while the loaded data
#     moves into huge pages), against the settled rounds: rate ≥ 0.8×, p99 ≤ 2× (--startup measures only
#     this: the N server alone, then --rounds settled rounds).
# Files are generated once and kept in scripts/.load/. Everything listens on 127.0.0.1 and stops on exit.
# Prints `name: value unit` lines.
#
# Usage: scripts/load-scale.sh --rows N [--rounds N] [--duration SECONDS] [--binary PATH] [--no-build] [--keep]
#                              [--startup]
# Needs: wrk, nginx, curl, python3, and the Swift toolchain.
set -euo pipefail
caller_dir=$(pwd)
cd "$(dirname "$0")/.."
root=$(pwd)
absolute() { case "$1" in /*) echo "$1" ;; *) echo "$caller_dir/$1" ;; esac; }

rows=10000000
rounds=3
duration=8
build=1
keep=0
startup_only=0
server_bin="$root/.build/release/ListServer"
while [ $# -gt 0 ]; do
    case "$1" in
        --rows) rows="$2"; shift 2 ;;
        --rounds) rounds="$2"; shift 2 ;;
        --duration) duration="$2"; shift 2 ;;
        --no-build) build=0; shift ;;
        --binary) server_bin=$(absolute "$2"); build=0; shift 2 ;;
        --keep) keep=1; shift ;;
        --startup) startup_only=1; shift ;;
        -h|--help) sed -n '4,23p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown argument: $1 (see --help)" >&2; exit 2 ;;
    esac
done
if ! [[ "$rows" =~ ^[0-9]+$ ]] || [ $((rows % 100)) != 0 ] || [ "$rows" -lt 100 ]; then
    echo "--rows takes a multiple of 100 (groups of 100 friends), not $rows" >&2
    exit 2
fi
for tool in wrk nginx curl python3; do
    command -v "$tool" >/dev/null 2>&1 || [ -x "/usr/sbin/$tool" ] || {
        echo "missing: $tool. Install with: apt-get update && apt-get install -y wrk nginx-light curl python3" >&2
        exit 2
    }
done
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
. "$root/scripts/static-nginx.sh"

work=$(mktemp -d /tmp/listserver-scale.XXXXXX)
chmod 755 "$work"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; done
    if [ "$keep" = 1 ]; then echo "kept: $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM
say() { echo "$*" >&2; }
figure() { printf '%s: %s\n' "$1" "$2"; }
megabytes() { awk -v kb="$1" 'BEGIN {printf "%.0f", kb / 1024}'; }
status_kb() { awk -v key="$2:" '$1 == key {print $2}' "/proc/$1/status"; }

if [ "$build" = 1 ]; then
    say "building ListServer (release)…"
    swift build -c release --product ListServer 2>&1 | tail -1 >&2
fi
[ -x "$server_bin" ] || { say "no $server_bin: run without --no-build"; exit 2; }

# The file of `count` rows, generated once: scripts/.load/friends-1m.json for a million, as load-test.sh.
dataset() {
    local count=$1 name
    if [ $((count % 1000000)) = 0 ]; then name="friends-$((count / 1000000))m.json"; else name="friends-$count.json"; fi
    local file="scripts/.load/$name"
    if [ ! -s "$file" ]; then
        mkdir -p scripts/.load
        say "generating $file ($count rows in $((count / 100)) groups)…"
        python3 scripts/gen-dataset.py "$file.tmp" --groups $((count / 100)) --per-group 100
        mv "$file.tmp" "$file"
    fi
    echo "$file"
}

# Starts a server importing FILE as `big` and prints its figures. Sets server_url and server_pid.
# Usage: start_server LABEL FILE
start_server() {
    local label=$1 file=$2
    mkfifo "$work/$label.fifo"
    exec {fd}<>"$work/$label.fifo"
    local started=$EPOCHREALTIME
    "$server_bin" --port 0 --data "$work/data-$label" --import "big=$file" --quiet >&$fd 2>"$work/$label.err" &
    server_pid=$!
    pids+=("$server_pid")
    local line
    if ! read -t 300 -r line <&$fd; then
        say "the $label server printed no URL line in 300 s"; cat "$work/$label.err" >&2; exit 1
    fi
    local ready=$EPOCHREALTIME
    server_url=$(echo "$line" | grep -o 'http://[^ ]*' | sed 's#/$##')
    figure "import_to_serving_$label" "$(awk -v a="$started" -v b="$ready" 'BEGIN {printf "%.2f s", b - a}')"
    figure "rss_loaded_$label" "$(megabytes "$(status_kb "$server_pid" VmRSS)") MB"
    figure "rss_peak_$label" "$(megabytes "$(status_kb "$server_pid" VmHWM)") MB"
}

# Waits until the process's memory stops moving (the loaded data is backed by huge pages on a thread of
# its own after loading), at most 60 s, and prints how long that took after the URL line.
settle() {
    local pid=$1 label=$2 last="" same=0 started=$EPOCHREALTIME
    for _ in $(seq 1 240); do
        local now
        now="$(status_kb "$pid" VmRSS) $(awk '/^AnonHugePages/ {print $2}' "/proc/$pid/smaps_rollup")"
        if [ "$now" = "$last" ]; then same=$((same + 1)); else same=0; last=$now; fi
        [ "$same" -ge 4 ] && break
        sleep 0.25
    done
    figure "settled_$label" "$(awk -v a="$started" -v b="$EPOCHREALTIME" 'BEGIN {printf "%.1f s", b - a - 1}') after serving"
    figure "rss_settled_$label" "$(megabytes "$(status_kb "$pid" VmRSS)") MB"
}

content_height() {
    curl -sf "$1/api/datasets/big/window?top=0&height=800&overscan=200&expanded=all" |
        python3 -c 'import json, sys; print(int(json.load(sys.stdin)["contentHeight"]))'
}

large_file=$(dataset "$rows")
label="$((rows / 1000000))m"
[ $((rows % 1000000)) = 0 ] || label="$rows"
if [ "$startup_only" = 0 ]; then
    small_file=$(dataset 1000000)
    say "datasets: $small_file ($(du -h "$small_file" | cut -f1)), $large_file ($(du -h "$large_file" | cut -f1))"
    start_server 1m "$small_file"
    small_url=$server_url small_pid=$server_pid
    settle "$small_pid" 1m
fi
start_server "$label" "$large_file"
large_url=$server_url large_pid=$server_pid
# The first 6 s after the URL line, while the loaded data moves into huge pages: random fragments, as the
# rounds below ask them once the memory has settled.
large_height=$(content_height "$large_url")
startup=$(wrk -t1 -c32 -d6s --timeout 5s --latency -s "$root/scripts/random-windows.lua" "$large_url/d/big/fragment" -- \
    /d/big/fragment $((large_height - 800)))
startup_rps=$(echo "$startup" | awk '/^Requests\/sec:/ {printf "%.0f", $2}')
startup_p99=$(echo "$startup" | awk '/^latency_us/ {print $5}')
say "  first 6 s: $startup_rps req/s, p99 $startup_p99 µs"
settle "$large_pid" "$label"
# Start-up against the settled rate and p99 (the median of the rounds of random fragments).
startup_figures() {
    figure "startup_first_6s_$label" "$startup_rps req/s, p99 $startup_p99 µs; $(awk -v a="$startup_rps" -v b="$(median "rps-$label")" \
        'BEGIN {printf "%.2f", a / b}')× the settled rate (budget ≥ 0.8), $(awk -v a="$startup_p99" -v b="$(median "p99-$label")" \
        'BEGIN {printf "%.2f", a / b}')× its p99 (budget ≤ 2)"
}

# A jump to the end of the large list: the first fragment asked at the bottom, then the median of 21.
end_path="/d/big/fragment?top=$((large_height - 800))&height=800&overscan=200&expanded=all"
first_end=$(curl -sf -o /dev/null -w '%{time_total}' "$large_url$end_path")
for _ in $(seq 1 21); do curl -sf -o /dev/null -w '%{time_total}\n' "$large_url$end_path&r=$RANDOM"; done >"$work/end-times"
figure "jump_to_the_end_$label" "$(awk -v f="$first_end" 'BEGIN {printf "%.1f ms first", f * 1000}'), $(sort -g "$work/end-times" |
    awk '{v[NR] = $1} END {printf "%.1f ms median", v[int((NR + 1) / 2)] * 1000}') (budget 50 ms)"

# nginx serves the bytes of the large list's middle fragment.
mkdir -p "$work/www"
curl -sf -o "$work/www/fragment.html" "$large_url/d/big/fragment?top=$((large_height / 2))&height=800&overscan=200&expanded=all"
chmod 644 "$work/www/fragment.html"
start_static_nginx "$work/nginx" "$work/www"
pids+=("$nginx_pid")
for _ in $(seq 1 200); do curl -sf -o /dev/null "$nginx_url/fragment.html" && break; sleep 0.05; done

# One wrk round of random fragments; appends requests/s and the latency percentiles (µs) to the round files.
run_wrk() {
    local name=$1 target=$2 path=$3 maximum=$4 out
    out=$(wrk -t1 -c32 -d"${duration}s" --timeout 5s --latency -s "$root/scripts/random-windows.lua" "$target" -- "$path" "$maximum")
    local errors
    errors=$(echo "$out" | grep -E 'Non-2xx|Socket errors' || true)
    [ -n "$errors" ] && say "  $name: $errors"
    echo "$out" | awk '/^Requests\/sec:/ {print $2}' >>"$work/rps-$name"
    echo "$out" | awk '/^latency_us/ {print $3}' >>"$work/p50-$name"
    echo "$out" | awk '/^latency_us/ {print $5}' >>"$work/p99-$name"
    echo "$out" | awk '/^latency_us/ {print $7}' >>"$work/p999-$name"
    say "  round $name: $(tail -1 "$work/rps-$name") req/s, p99 $(tail -1 "$work/p99-$name") µs"
}
median() { sort -g "$work/$1" | awk '{v[NR] = $1} END {m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.0f", m}'; }

if [ "$startup_only" = 1 ]; then
    say "wrk -t1 -c32 -d${duration}s --latency, random fragments, $rounds settled rounds…"
    for _ in $(seq 1 "$rounds"); do
        run_wrk "$label" "$large_url/d/big/fragment" /d/big/fragment $((large_height - 800))
    done
    figure "fragment_random_$label" "$(median "rps-$label") req/s, p50 $(median "p50-$label") µs, p99 $(median "p99-$label") µs"
    startup_figures
    exit 0
fi
small_height=$(content_height "$small_url")
say "wrk -t1 -c32 -d${duration}s --latency, random fragments, $rounds rounds, alternating…"
for _ in $(seq 1 "$rounds"); do
    run_wrk 1m "$small_url/d/big/fragment" /d/big/fragment $((small_height - 800))
    run_wrk "$label" "$large_url/d/big/fragment" /d/big/fragment $((large_height - 800))
    run_wrk nginx "$nginx_url/fragment.html" /fragment.html $((large_height - 800))
done
for name in 1m "$label" nginx; do
    figure "fragment_random_$name" "$(median "rps-$name") req/s, p50 $(median "p50-$name") µs, p99 $(median "p99-$name") µs, p99.9 $(median "p999-$name") µs"
done
ratio() { awk -v a="$(median "$1")" -v b="$(median "$2")" -v m="$3" 'BEGIN {printf "%.2f (budget %s)", a / b, m}'; }
figure "fragment_random_${label}_vs_1m" "$(ratio "rps-$label" rps-1m '≥ 0.85')"
figure "p99_${label}_vs_1m" "$(ratio "p99-$label" p99-1m '≤ 1.25')"
figure "p99_1m_vs_nginx" "$(ratio p99-1m p99-nginx '≤ 1.5')"
startup_figures
figure "rss_after_load_$label" "$(megabytes "$(status_kb "$large_pid" VmRSS)") MB"

# A PUT of the large file into a server with nothing loaded but the samples: time, peak and resident after.
for pid in "$small_pid" "$large_pid"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true; done
mkfifo "$work/put.fifo"
exec {put_fd}<>"$work/put.fifo"
"$server_bin" --port 0 --data "$work/data-put" --quiet --max-import-bytes $(( $(stat -c %s "$large_file") + 1024 )) >&$put_fd 2>"$work/put.err" &
put_pid=$!
pids+=("$put_pid")
read -t 60 -r line <&$put_fd
put_url=$(echo "$line" | grep -o 'http://[^ ]*' | sed 's#/$##')
before_kb=$(status_kb "$put_pid" VmRSS)
put_status=$(curl -s -o "$work/put.out" -w '%{http_code} %{time_total}' -X PUT -H 'Content-Type: application/json' \
    --data-binary "@$large_file" "$put_url/api/datasets/big")
[ "${put_status%% *}" = 201 ] || { say "the PUT answered ${put_status%% *}: $(head -c 300 "$work/put.out")"; exit 1; }
settle "$put_pid" put
after_kb=$(status_kb "$put_pid" VmRSS)
peak_kb=$(status_kb "$put_pid" VmHWM)
figure "put_$label" "$(awk -v t="${put_status#* }" 'BEGIN {printf "%.2f s", t}'), resident $(megabytes "$before_kb") MB before, $(megabytes "$after_kb") MB after, peak $(megabytes "$peak_kb") MB"
figure "put_peak_vs_resident_$label" "$(awk -v p="$peak_kb" -v a="$after_kb" 'BEGIN {printf "%.2f (budget ≤ 1.5)", p / a}')"
