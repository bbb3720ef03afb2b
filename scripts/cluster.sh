#!/usr/bin/env bash
# ListServer — scripts
#
# Several servers as one, on loopback: a private PostgreSQL cluster (scripts/postgres-test-cluster.sh),
# N ListServer processes sharing it (--database), and nginx balancing them round robin. Prints the URL
# nginx serves, each server's own URL and the cluster's folder, then waits; Ctrl-C (or SIGTERM) stops
# everything and removes the folder. While it runs, a second invocation acts on it:
#
# Usage: scripts/cluster.sh [--servers N] [--port PORT] [--binary PATH] [--no-build] [--drain-timeout S]
#                           [--import PATH]…
#        scripts/cluster.sh --rolling-restart [--cluster DIR]
#        scripts/cluster.sh --kill N [--cluster DIR]
#   --servers N         how many ListServer processes (default 2)
#   --port PORT         nginx's port (default 8080; 0 picks a free one)
#   --binary PATH       run this ListServer executable (default .build/release/ListServer, built first)
#   --no-build          use the existing .build/release/ListServer
#   --drain-timeout S   each server's --drain-timeout (default 10)
#   --import PATH       passed to the first server (repeatable), e.g. scripts/.load/friends-1m.json
#   --rolling-restart   stop each server of a running cluster in turn with SIGTERM (it drains), start it
#                       again on its port and wait for its /healthz before the next; a server that is
#                       not running (after --kill) is started
#   --kill N            SIGKILL server N (1-based) of a running cluster
#   --cluster DIR       the running cluster's folder (default: the only one running)
# Needs: PostgreSQL's server binaries, nginx, curl, python3, and the Swift toolchain.
set -euo pipefail
caller_dir=$(pwd)
cd "$(dirname "$0")/.."
root=$(pwd)
absolute() { case "$1" in /*) echo "$1" ;; *) echo "$caller_dir/$1" ;; esac; }

servers=2
port=8080
build=1
server_bin="$root/.build/release/ListServer"
drain_timeout=10
imports=()
action=start
kill_index=""
cluster=""
while [ $# -gt 0 ]; do
    case "$1" in
        --servers) servers="$2"; shift 2 ;;
        --port) port="$2"; shift 2 ;;
        --binary) server_bin=$(absolute "$2"); build=0; shift 2 ;;
        --no-build) build=0; shift ;;
        --drain-timeout) drain_timeout="$2"; shift 2 ;;
        --import) imports+=(--import "$(absolute "$2")"); shift 2 ;;
        --rolling-restart) action=rolling-restart; shift ;;
        --kill) action=kill; kill_index="$2"; shift 2 ;;
        --cluster) cluster=$(absolute "$2"); shift 2 ;;
        -h|--help) sed -n '4,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown argument: $1 (see --help)" >&2; exit 2 ;;
    esac
done

# A process that still runs: exists and is not a zombie (a server the first invocation started is its
# child, and stays a zombie until that one reaps it).
running() {
    local state
    state=$(sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1) || return 1
    [ -n "$state" ] && [ "$state" != Z ]
}

# Starts server INDEX on its port in its own session (a Ctrl-C meant for the caller does not reach it),
# records its pid, and waits until it answers /healthz (it loads everything before it serves).
start_server() {
    local index=$1 port
    port=$(cat "$work/server-$index.port")
    setsid "$server_bin" "${server_args[@]}" --port "$port" "${@:2}" \
        </dev/null >>"$work/server-$index.out" 2>>"$work/server-$index.err" &
    local pid=$!
    echo "$pid" >"$work/server-$index.pid"
    for _ in $(seq 1 2400); do
        curl -sf -o /dev/null --max-time 2 "http://127.0.0.1:$port/healthz" && return 0
        running "$pid" || { cat "$work/server-$index.err" >&2; return 1; }
        sleep 0.05
    done
    echo "server $index did not answer /healthz in 120 s" >&2
    return 1
}

# Sends SIGTERM to server INDEX and waits until it has drained and exited (its drain timeout and 5 s).
stop_server() {
    local pid
    pid=$(cat "$work/server-$1.pid")
    running "$pid" || return 0
    kill -TERM "$pid" 2>/dev/null || return 0
    local tenths
    tenths=$(awk -v s="$drain_timeout" 'BEGIN { printf "%d", s * 10 + 50 }')
    for _ in $(seq 1 "$tenths"); do running "$pid" || return 0; sleep 0.1; done
    echo "server $1 (pid $pid) did not exit within its drain timeout; killing it" >&2
    kill -KILL "$pid" 2>/dev/null || true
}

# The folder of the running cluster to act on: --cluster, else the only one whose script still runs.
find_cluster() {
    if [ -n "$cluster" ]; then echo "$cluster"; return; fi
    local found=()
    for dir in /tmp/listserver-cluster.*; do
        [ -f "$dir/cluster.env" ] && running "$(cat "$dir/cluster.pid")" && found+=("$dir")
    done
    [ "${#found[@]}" = 1 ] || { echo "found ${#found[@]} running clusters: name one with --cluster DIR" >&2; exit 2; }
    echo "${found[0]}"
}

if [ "$action" != start ]; then
    work=$(find_cluster)
    [ -f "$work/cluster.env" ] || { echo "not a running cluster's folder: $work" >&2; exit 2; }
    # shellcheck source=/dev/null
    source "$work/cluster.env"
    case "$action" in
        kill)
            [ -f "$work/server-$kill_index.pid" ] || { echo "no server $kill_index in $work" >&2; exit 2; }
            pid=$(cat "$work/server-$kill_index.pid")
            kill -KILL "$pid"
            echo "server $kill_index (pid $pid) killed"
            ;;
        rolling-restart)
            for index in $(seq 1 "$servers"); do
                started=$EPOCHREALTIME
                stop_server "$index"
                stopped=$EPOCHREALTIME
                start_server "$index"
                awk -v a="$started" -v b="$stopped" -v c="$EPOCHREALTIME" -v i="$index" \
                    'BEGIN { printf "server %d restarted: drained in %.2f s, answering /healthz %.2f s later\n", i, b - a, c - b }'
            done
            ;;
    esac
    exit 0
fi

nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
[ -x "$nginx_bin" ] || { echo "nginx not found (apt-get install -y nginx-light)" >&2; exit 2; }
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

if [ "$build" = 1 ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
    swift build -c release --product ListServer >&2
fi

work=$(mktemp -d /tmp/listserver-cluster.XXXXXX)
pg_dir=""
nginx_pid=""
cleanup() {
    trap - EXIT INT TERM
    [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null
    local pids=()
    for file in "$work"/server-*.pid; do [ -f "$file" ] && pids+=("$(cat "$file")"); done
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do
        wait "$pid" 2>/dev/null || true  # a child; one a --rolling-restart started is waited for below
        for _ in $(seq 1 200); do running "$pid" || break; sleep 0.1; done
    done
    [ -n "$pg_dir" ] && bash "$root/scripts/postgres-test-cluster.sh" stop "$pg_dir"
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

database=$(bash "$root/scripts/postgres-test-cluster.sh" start 2>"$work/pg-dir")
pg_dir=$(tail -n 1 "$work/pg-dir")
# Every client reaches the servers from nginx's address, so one address holds every event stream.
server_args=(--database "$database" --quiet --max-streams-per-client 4000 --drain-timeout "$drain_timeout")
{
    printf 'server_bin=%q\n' "$server_bin"
    printf 'servers=%q\n' "$servers"
    printf 'drain_timeout=%q\n' "$drain_timeout"
    printf 'server_args=('; printf '%q ' "${server_args[@]}"; printf ')\n'
} >"$work/cluster.env"
echo $$ >"$work/cluster.pid"

# Servers start one after the other: the first stores the samples (and the imports), the others load them.
upstreams=""
for index in $(seq 1 "$servers"); do
    server_port=$(free_port)
    echo "$server_port" >"$work/server-$index.port"
    if [ "$index" = 1 ]; then start_server "$index" "${imports[@]}"; else start_server "$index"; fi
    echo "server $index: http://127.0.0.1:$server_port"
    # Never marked down: a server that refuses or closes is skipped per request (proxy_next_upstream), so
    # one just restarted takes requests at once.
    upstreams+="        server 127.0.0.1:$server_port max_fails=0;"$'\n'
done

[ "$port" = 0 ] && port=$(free_port)
mkdir -p "$work/nginx/logs" "$work/nginx/tmp"
cat >"$work/nginx/nginx.conf" <<EOF
worker_processes 1;
daemon off;
pid $work/nginx/nginx.pid;
error_log $work/nginx/logs/error.log warn;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path $work/nginx/tmp/body;
    proxy_temp_path $work/nginx/tmp/proxy;
    fastcgi_temp_path $work/nginx/tmp/fastcgi;
    uwsgi_temp_path $work/nginx/tmp/uwsgi;
    scgi_temp_path $work/nginx/tmp/scgi;
    upstream listservers {
$upstreams        keepalive 64;
    }
    server {
        listen 127.0.0.1:$port;
        client_max_body_size 0;
        location / {
            proxy_pass http://listservers;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host \$http_host;
            proxy_buffering off;
            proxy_read_timeout 1h;
            # A request a server refused or dropped unanswered (it is stopping, or was killed) goes to the
            # next one. Batches too: each names its baseVersion, so a retry of one that was committed gets
            # 409 instead of applying twice. Bodies are buffered so that they can be sent again.
            proxy_next_upstream error timeout non_idempotent;
            proxy_next_upstream_timeout 15s;
            proxy_connect_timeout 2s;
            add_header X-Upstream \$upstream_addr always;
        }
    }
}
EOF
[ "$(id -u)" = 0 ] && sed -i '1i user root;' "$work/nginx/nginx.conf"
"$nginx_bin" -p "$work/nginx" -c "$work/nginx/nginx.conf" 2>"$work/nginx/logs/stderr.log" &
nginx_pid=$!
for _ in $(seq 1 200); do curl -sf -o /dev/null "http://127.0.0.1:$port/api/datasets" && break; sleep 0.05; done
curl -sf -o /dev/null "http://127.0.0.1:$port/api/datasets" || { cat "$work/nginx/logs/stderr.log" >&2; exit 1; }
echo "database: ${database}"
echo "cluster folder: $work (scripts/cluster.sh --rolling-restart | --kill N [--cluster $work])"
echo "ListServer cluster serving http://127.0.0.1:$port ($servers servers behind nginx; Ctrl-C stops everything)"
wait "$nginx_pid"
