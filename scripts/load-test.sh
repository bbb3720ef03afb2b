#!/usr/bin/env bash
# ListServer — scripts
#
# Load test of the server budgets on this machine, in one run:
#   - import of a 1,000,000-row friends JSON (10,000 groups × 100): time from start to the URL line, and the
#     resident memory of the serving process;
#   - wrk against the window and fragment endpoints (one fixed URL, and random offsets), and, with the same
#     settings (and the same wrk script for the random runs), against nginx serving the very bytes of those
#     two responses as static files;
#   - the ratios ListServer / nginx (SPEC §8: ≥ 1.0 with one fixed URL, ≥ 0.9 with random windows);
#   - the fragment runs again with `Accept-Encoding: gzip`, against nginx compressing the same bytes
#     (`gzip on` for text/html and application/json, at the server's level, 6), fixed and random.
# Everything listens on 127.0.0.1 only and is stopped on exit. Prints `name: value unit` lines.
#
# Usage: scripts/load-test.sh [--file PATH] [--rounds N] [--duration SECONDS] [--threads N] [--connections N]
#                             [--no-build] [--binary PATH] [--no-gzip] [--keep] [--rows N]
#   --file PATH     import this JSON instead of the generated one (kept in scripts/.load/)
#   --rounds N      wrk rounds per target, alternating targets; medians are reported (default 3)
#   --duration S    seconds per wrk round (default 6; 12 targets a round, 8 with --no-gzip)
#   --no-build      use the existing .build/release/ListServer
#   --binary PATH   measure this ListServer executable instead (e.g. a build of an older commit); implies --no-build
#   --no-gzip       leave out the compressed fragment runs
#   --keep          keep the temporary directory (data, nginx root, logs) and print where it is
#   --rows N        one size up: N rows measured beside 1M and nginx, tail latency, memory, PUT
#                   (scripts/load-scale.sh; takes --rounds, --duration, --no-build, --binary, --keep)
# Needs: wrk, nginx, curl, python3 (`apt-get install -y wrk nginx-light curl python3`), and the Swift toolchain.
set -euo pipefail
caller_dir=$(pwd)
cd "$(dirname "$0")/.."
root=$(pwd)
# Paths given on the command line are relative to where the script was called from.
absolute() { case "$1" in /*) echo "$1" ;; *) echo "$caller_dir/$1" ;; esac; }

file=""
rounds=3
duration=6
threads=2
connections=64
build=1
keep=0
gzip=1
# The level ListServer compresses windows at (ResponseCompression.level); nginx is given the same.
gzip_level=6
server_bin="$root/.build/release/ListServer"
arguments=("$@")
while [ $# -gt 0 ]; do
    case "$1" in
        --file) file=$(absolute "$2"); shift 2 ;;
        --rounds) rounds="$2"; shift 2 ;;
        --duration) duration="$2"; shift 2 ;;
        --threads) threads="$2"; shift 2 ;;
        --connections) connections="$2"; shift 2 ;;
        --no-build) build=0; shift ;;
        --binary) server_bin=$(absolute "$2"); build=0; shift 2 ;;
        --keep) keep=1; shift ;;
        --no-gzip) gzip=0; shift ;;
        --rows) [ "$2" = 1000000 ] || exec "$root/scripts/load-scale.sh" "${arguments[@]}"; shift 2 ;;
        -h|--help) sed -n '4,26p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown argument: $1 (see --help)" >&2; exit 2 ;;
    esac
done

missing=()
for tool in wrk nginx curl python3; do
    command -v "$tool" >/dev/null 2>&1 || [ -x "/usr/sbin/$tool" ] || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "missing: ${missing[*]}. Install with: apt-get update && apt-get install -y wrk nginx-light curl python3" >&2
    exit 2
fi
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
. "$root/scripts/static-nginx.sh"

work=$(mktemp -d /tmp/listserver-load.XXXXXX)
chmod 755 "$work"
server_pid=""
nginx_pid=""
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
    [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null
    if [ "$keep" = 1 ]; then echo "kept: $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

say() { echo "$*" >&2; }
figure() { printf '%s: %s\n' "$1" "$2"; }

if [ "$build" = 1 ]; then
    say "building ListServer (release)…"
    swift build -c release --product ListServer 2>&1 | tail -1 >&2
fi
[ -x "$server_bin" ] || { say "no $server_bin: run without --no-build"; exit 2; }

if [ -z "$file" ]; then
    mkdir -p scripts/.load
    file="scripts/.load/friends-1m.json"
    if [ ! -s "$file" ]; then
        say "generating $file (1,000,000 rows in 10,000 groups)…"
        python3 scripts/gen-dataset.py "$file.tmp" --groups 10000 --per-group 100
        mv "$file.tmp" "$file"
    fi
fi
say "dataset: $file ($(du -h "$file" | cut -f1))"

# Import on a fresh data directory; the clock runs from the start of the process to its URL line, which
# is read from a FIFO the moment it is written (no polling loop competing for the CPU).
mkfifo "$work/server.fifo"
exec 3<>"$work/server.fifo"
started=$EPOCHREALTIME
"$server_bin" --port 0 --data "$work/data" --import "big=$file" --quiet >&3 2>"$work/server.err" &
server_pid=$!
if ! read -t 120 -r line <&3; then
    say "the server printed no URL line in 120 s"; cat "$work/server.err" >&2; exit 1
fi
ready=$EPOCHREALTIME
url=$(echo "$line" | grep -o 'http://[^ ]*')
base="${url%/}"
read -r -a stat <"/proc/$server_pid/stat"
ticks=$(getconf CLK_TCK)
rss_kb=$(awk '/^VmRSS/ {print $2}' "/proc/$server_pid/status")
figure "import_to_serving" "$(awk -v a="$started" -v b="$ready" 'BEGIN {printf "%.2f s (budget 1.5 s)", b - a}')"
figure "import_cpu" "$(awk -v u="${stat[13]}" -v s="${stat[14]}" -v t="$ticks" 'BEGIN {printf "%.2f s (user %.2f, system %.2f)", (u + s) / t, u / t, s / t}')"
figure "rss_loaded" "$(awk -v kb="$rss_kb" 'BEGIN {printf "%.0f MB (budget 200 MB)", kb / 1024}')"

# The bytes of one window and one fragment from the middle of the list, every section expanded.
query_for() { echo "top=$1&height=800&overscan=200&expanded=all"; }
content_height=$(curl -sf "$base/api/datasets/big/window?$(query_for 0)" |
    python3 -c 'import json, sys; print(int(json.load(sys.stdin)["contentHeight"]))')
middle=$(( content_height / 2 ))
window_path="/api/datasets/big/window?$(query_for "$middle")"
fragment_path="/d/big/fragment?$(query_for "$middle")"
mkdir -p "$work/www"
curl -sf -o "$work/www/window.json" "$base$window_path"
curl -sf -o "$work/www/fragment.html" "$base$fragment_path"
chmod 644 "$work/www"/*
figure "window_bytes" "$(wc -c <"$work/www/window.json") B"
figure "fragment_bytes" "$(wc -c <"$work/www/fragment.html") B"

# A private nginx on a free loopback port serving the same bytes, compressing as the server does.
start_static_nginx "$work/nginx" "$work/www" "$gzip_level"
nginx_base=$nginx_url
for _ in $(seq 1 200); do curl -sf -o /dev/null "$nginx_base/window.json" && break; sleep 0.05; done
cmp -s <(curl -sf "$nginx_base/window.json") "$work/www/window.json" || { say "nginx does not serve the bytes"; exit 1; }
if [ "$gzip" = 1 ]; then
    # Both compress the fragment, and both inflate to the very bytes of it.
    for side in "$base$fragment_path" "$nginx_base/fragment.html"; do
        encoding=$(curl -sf -o /dev/null -H 'Accept-Encoding: gzip' -w '%header{content-encoding}' "$side")
        [ "$encoding" = gzip ] || { say "$side is not sent in gzip"; exit 1; }
        cmp -s <(curl -sf --compressed "$side") "$work/www/fragment.html" || { say "$side in gzip is not the fragment"; exit 1; }
    done
    figure "fragment_gzip_bytes" "$(curl -sf -H 'Accept-Encoding: gzip' "$base$fragment_path" | wc -c) B"
    figure "nginx_fragment_gzip_bytes" "$(curl -sf -H 'Accept-Encoding: gzip' "$nginx_base/fragment.html" | wc -c) B"
fi

# Random offsets (scripts/random-windows.lua): each wrk thread draws `top` uniformly over the content. nginx
# gets the same script (it ignores the query), so both sides pay the same for it.

# One wrk round; prints requests/s and notes errors. Usage: run_wrk [--gzip] NAME URL [LUA ARGS…]
# (--gzip: every request sends Accept-Encoding: gzip, the random ones too).
run_wrk() {
    local options=(-t"$threads" -c"$connections" -d"${duration}s" --timeout 5s)
    if [ "$1" = --gzip ]; then options+=(-H 'Accept-Encoding: gzip'); shift; fi
    local name="$1" target="$2"; shift 2
    local out
    if [ $# -gt 0 ]; then
        out=$(wrk "${options[@]}" -s "$root/scripts/random-windows.lua" "$target" -- "$@")
    else
        out=$(wrk "${options[@]}" "$target")
    fi
    local rps errors
    rps=$(echo "$out" | awk '/^Requests\/sec:/ {print $2}')
    errors=$(echo "$out" | grep -E 'Non-2xx|Socket errors' || true)
    [ -n "$errors" ] && say "  $name: $errors"
    echo "$rps" >>"$work/rounds-$name"
    say "  round $name: $rps req/s"
}
median() { sort -g "$work/rounds-$1" | awk '{v[NR] = $1} END {m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.0f", m}'; }

say "wrk -t$threads -c$connections -d${duration}s, $rounds rounds per target, alternating…"
for round in $(seq 1 "$rounds"); do
    run_wrk window "$base$window_path"
    run_wrk nginx_window "$nginx_base/window.json"
    run_wrk fragment "$base$fragment_path"
    run_wrk nginx_fragment "$nginx_base/fragment.html"
    run_wrk window_random "$base/api/datasets/big/window" /api/datasets/big/window $((content_height - 800))
    run_wrk nginx_window_random "$nginx_base/window.json" /window.json $((content_height - 800))
    run_wrk fragment_random "$base/d/big/fragment" /d/big/fragment $((content_height - 800))
    run_wrk nginx_fragment_random "$nginx_base/fragment.html" /fragment.html $((content_height - 800))
    if [ "$gzip" = 1 ]; then
        run_wrk --gzip fragment_gzip "$base$fragment_path"
        run_wrk --gzip nginx_fragment_gzip "$nginx_base/fragment.html"
        run_wrk --gzip fragment_random_gzip "$base/d/big/fragment" /d/big/fragment $((content_height - 800))
        run_wrk --gzip nginx_fragment_random_gzip "$nginx_base/fragment.html" /fragment.html $((content_height - 800))
    fi
done

names=(window nginx_window fragment nginx_fragment window_random nginx_window_random fragment_random
    nginx_fragment_random)
[ "$gzip" = 1 ] && names+=(fragment_gzip nginx_fragment_gzip fragment_random_gzip nginx_fragment_random_gzip)
for name in "${names[@]}"; do
    figure "$name" "$(median "$name") req/s"
done
# The ratio of two medians, with its budget when there is one. Usage: ratio NAME OTHER [BUDGET]
ratio() {
    awk -v a="$(median "$1")" -v b="$(median "$2")" -v m="${3:-}" \
        'BEGIN {printf "%.2f", a / b; if (m != "") printf " (budget %s)", m}'
}
figure "window_vs_nginx" "$(ratio window nginx_window 1.0)"
figure "fragment_vs_nginx" "$(ratio fragment nginx_fragment 1.0)"
figure "window_random_vs_nginx" "$(ratio window_random nginx_window_random 0.9)"
figure "fragment_random_vs_nginx" "$(ratio fragment_random nginx_fragment_random 0.9)"
if [ "$gzip" = 1 ]; then
    # No budget: what compressing costs each side, shown next to the identity ratios.
    figure "fragment_gzip_vs_nginx" "$(ratio fragment_gzip nginx_fragment_gzip)"
    figure "fragment_random_gzip_vs_nginx" "$(ratio fragment_random_gzip nginx_fragment_random_gzip)"
fi
rss_end_kb=$(awk '/^VmRSS/ {print $2}' "/proc/$server_pid/status")
figure "rss_after_load" "$(awk -v kb="$rss_end_kb" 'BEGIN {printf "%.0f MB", kb / 1024}')"
