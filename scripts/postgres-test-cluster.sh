#!/usr/bin/env bash
# ListServer — scripts
#
# A private PostgreSQL cluster for the tests and the cluster script: initdb in a new temporary folder,
# listening on 127.0.0.1 only (and a Unix socket in that folder), on a free port, trust authentication
# for loopback. Never touches a system cluster.
#
# Usage:
#   scripts/postgres-test-cluster.sh start     starts a cluster; prints its URL on stdout (one line) and
#                                              writes the folder to stderr; the URL's database is `listserver`
#   scripts/postgres-test-cluster.sh stop DIR  stops the cluster in DIR and removes DIR
#   scripts/postgres-test-cluster.sh run CMD…  starts a cluster, runs CMD with LISTSERVER_TEST_DATABASE_URL set,
#                                              stops the cluster (also on Ctrl-C or failure); CMD's status
# Run as root, the server runs as the `postgres` user (through runuser); as anyone else, as that user.
# Needs PostgreSQL's server binaries (`apt-get install -y postgresql`); PG_BIN overrides where they are.
set -euo pipefail

find_bin() {
    if [ -n "${PG_BIN:-}" ]; then echo "$PG_BIN"; return; fi
    local newest
    newest=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    if [ -n "$newest" ]; then echo "$newest"; return; fi
    dirname "$(command -v initdb)"
}
bin=$(find_bin)
if [ ! -x "$bin/initdb" ] || [ ! -x "$bin/pg_ctl" ]; then
    echo "initdb and pg_ctl not found (install with: apt-get install -y postgresql)" >&2
    exit 2
fi

# Runs PostgreSQL's tools as the postgres user when we are root (the server refuses to run as root).
as_owner() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

start() {
    local dir port
    dir=$(mktemp -d /tmp/listserver-pg.XXXXXX)
    chmod 755 "$dir"
    if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$dir"; fi
    as_owner "$bin/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 --no-locale >"$dir/initdb.log" 2>&1 || {
        cat "$dir/initdb.log" >&2; exit 1; }
    for attempt in 1 2 3 4 5; do
        port=$(free_port)
        if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
            -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null; then
            echo "$port" >"$dir/port"
            as_owner "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -q -v ON_ERROR_STOP=1 \
                -c "CREATE DATABASE listserver" >/dev/null
            echo "$dir" >&2
            echo "postgresql://postgres@127.0.0.1:$port/listserver"
            return 0
        fi
    done
    cat "$dir/server.log" >&2
    exit 1
}

stop() {
    local dir=$1
    case "$dir" in /tmp/listserver-pg.*) ;; *) echo "not a cluster folder of this script: $dir" >&2; exit 2 ;; esac
    if [ -f "$dir/data/postmaster.pid" ]; then
        as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
    fi
    rm -rf "$dir"
}

case "${1:-}" in
    start) start ;;
    stop) [ $# -eq 2 ] || { echo "usage: $0 stop DIR" >&2; exit 2; }; stop "$2" ;;
    run)
        shift
        [ $# -gt 0 ] || { echo "usage: $0 run COMMAND [ARGS…]" >&2; exit 2; }
        folder_file=$(mktemp)
        url=$(start 2>"$folder_file")
        folder=$(tail -n 1 "$folder_file")
        rm -f "$folder_file"
        trap 'stop "$folder"' EXIT INT TERM
        status=0
        LISTSERVER_TEST_DATABASE_URL="$url" "$@" || status=$?
        exit "$status"
        ;;
    *) sed -n '4,16p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
