#!/usr/bin/env bash
# ListServer — scripts
# The page's random walk (Tests/Browser/test_random_walk.py) beyond CI's seeds: random datasets and inputs in
# headless Chromium, the invariants checked after every step; a failure prints its seed.
#
# Usage: scripts/random-walk.sh [--minutes N] [--seed S] [--steps K] [--binary PATH]
#   --minutes N   walk new seeds for N minutes (default 10)
#   --seed S      replay one seed (what a failure printed)
#   --steps K     steps per walk (default 14; a replay must use the failing walk's)
#   --binary PATH the server (default .build/debug/ListServer, built if missing)
# Rows must cover the viewport within RANDOM_WALK_COVER_MS (default 300) of the scrolling stopping.
set -euo pipefail
cd "$(dirname "$0")/.."

minutes=10 seed="" steps="" binary="$PWD/.build/debug/ListServer"
while [ $# -gt 0 ]; do
    case "$1" in
        --minutes) minutes="$2"; shift 2 ;;
        --seed) seed="$2"; shift 2 ;;
        --steps) steps="$2"; shift 2 ;;
        --binary) binary="$(realpath "$2")"; shift 2 ;;
        -h|--help) sed -n '3,11p' "$0"; exit 0 ;;
        *) echo "unknown option: $1 (see --help)" >&2; exit 2 ;;
    esac
done

[ -x "$binary" ] || swift build
export RANDOM_WALK_COVER_MS="${RANDOM_WALK_COVER_MS:-300}"
if [ -n "$seed" ]; then export RANDOM_WALK_SEED="$seed"; else export RANDOM_WALK_MINUTES="$minutes"; fi
[ -z "$steps" ] || export RANDOM_WALK_STEPS="$steps"
LISTSERVER_BIN="$binary" exec python3 -m pytest -q -s -p no:cacheprovider Tests/Browser/test_random_walk.py
