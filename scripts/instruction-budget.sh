#!/usr/bin/env bash
# ListServer — scripts
#
# Holds a request's cost to its budget: counts the instructions the event loop spends on each path of
# scripts/instruction-budgets.txt (windows and fragments, plain and searched; scripts/request-instructions.sh,
# under callgrind, so the count does not move with the machine's load) and fails when one is over its budget. CI runs it on
# a release build, so that a change that loses the request path's work is seen the day it is made.
#
# Usage: scripts/instruction-budget.sh BINARY [--requests N]   (default 2000 requests a path; the budgets are for
# 2000: the first request's one-time work is shared by fewer with fewer)
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { sed -n '4,10p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
binary=$(realpath "$1"); shift
requests=2000
[ "${1:-}" != "--requests" ] || requests="$2"

over=0
while read -r path budget; do
    case "$path" in ''|'#'*) continue ;; esac
    output=$(bash scripts/request-instructions.sh "$binary" --requests "$requests" --path "$path")
    line=$(echo "$output" | grep 'instructions a request' || true)
    count=$(echo "$line" | grep -o '[0-9,]* instructions a request' | tr -d ',' | grep -o '^[0-9]*')
    [ -n "$count" ] || { echo "no count for $path: $line"; exit 1; }
    if [ "$count" -gt "$budget" ]; then
        verdict="OVER by $(( (count - budget) * 1000 / budget / 10 )).$(( (count - budget) * 1000 / budget % 10 )) %"
        over=1
    else
        verdict="within"
    fi
    printf '%-28s %8d instructions a request, budget %8d: %s\n' "$path" "$count" "$budget" "$verdict"
done < scripts/instruction-budgets.txt
exit $over
