#!/usr/bin/env bash
# ListServer — scripts
#
# Several servers as one, on loopback: a private PostgreSQL cluster (scripts/postgres-test-cluster.sh),
# N ListServer processes sharing it (--database), and nginx balancing them round robin. Prints the URL
# nginx serves and each server's own URL, then waits; Ctrl-C (or SIGTERM) stops everything and removes
# the cluster's folder.
#
# Usage: scripts/cluster.sh [--servers N] [--port PORT] [--binary PATH] [--no-build] [--import PATH]…
#   --servers N    how many ListServer processes (default 2)
#   --port PORT    nginx's port (default 8080; 0 picks a free one)
#   --binary PATH  run this ListServer executable (default .build/release/ListServer, built first)
#   --no-build     use the existing .build/release/ListServer
#   --import PATH  passed to the first server (repeatable), e.g. scripts/.load/friends-1m.json
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
imports=()
while [ $# -gt 0 ]; do
    case "$1" in
        --servers) servers="$2"; shift 2 ;;
        --port) port="$2"; shift 2 ;;
        --binary) server_bin=$(absolute "$2"); build=0; shift 2 ;;
        --no-build) build=0; shift ;;
        --import) imports+=(--import "$(absolute "$2")"); shift 2 ;;
        -h|--help) sed -n '4,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown argument: $1 (see --help)" >&2; exit 2 ;;
    esac
done
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
pids=()
pg_dir=""
nginx_pid=""
cleanup() {
    trap - EXIT INT TERM
    [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    [ -n "$pg_dir" ] && bash "$root/scripts/postgres-test-cluster.sh" stop "$pg_dir"
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

database=$(bash "$root/scripts/postgres-test-cluster.sh" start 2>"$work/pg-dir")
pg_dir=$(tail -n 1 "$work/pg-dir")

# Servers start one after the other: the first stores the samples (and the imports), the others load them.
upstreams=""
for index in $(seq 1 "$servers"); do
    server_port=$(free_port)
    extra=()
    [ "$index" = 1 ] && extra=("${imports[@]}")
    # Every client reaches the servers from nginx's address, so one address holds every event stream.
    "$server_bin" --database "$database" --port "$server_port" --quiet --max-streams-per-client 4000 "${extra[@]}" \
        >"$work/server-$index.out" 2>"$work/server-$index.err" &
    pids+=($!)
    for _ in $(seq 1 1200); do
        grep -q "serving" "$work/server-$index.out" && break
        kill -0 "${pids[-1]}" 2>/dev/null || { cat "$work/server-$index.err" >&2; exit 1; }
        sleep 0.05
    done
    echo "server $index: http://127.0.0.1:$server_port"
    upstreams+="        server 127.0.0.1:$server_port;"$'\n'
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
            proxy_request_buffering off;
            proxy_read_timeout 1h;
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
echo "ListServer cluster serving http://127.0.0.1:$port ($servers servers behind nginx; Ctrl-C stops everything)"
wait "$nginx_pid"
