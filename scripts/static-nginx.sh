# ListServer — scripts
#
# Sourced by scripts/load-test.sh and scripts/load-scale.sh: a private nginx serving the files of a folder, the
# reference for static serving. It listens on a free loopback port with its own prefix, pid and logs, no daemon.
#
#   start_static_nginx WORK ROOT [GZIP_LEVEL]
#     WORK        a folder for nginx's configuration, logs and temporary files
#     ROOT        the folder it serves
#     GZIP_LEVEL  compress HTML and JSON at this level for requests that accept gzip (none when absent)
#   Sets nginx_pid and nginx_url; needs nginx_bin.

start_static_nginx() {
    local work=$1 www=$2 gzip_level=${3:-} port gzip_block=""
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    mkdir -p "$work/logs" "$work/tmp"
    if [ -n "$gzip_level" ]; then
        # Only for the runs that send Accept-Encoding: gzip (wrk sends none otherwise); Vary as ListServer's.
        gzip_block="gzip on; gzip_types text/html application/json; gzip_comp_level $gzip_level;
    gzip_min_length 1024; gzip_vary on;"
    fi
    cat >"$work/nginx.conf" <<EOF
worker_processes auto;
daemon off;
pid $work/nginx.pid;
error_log $work/logs/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 1000000;
    client_body_temp_path $work/tmp/body;
    proxy_temp_path $work/tmp/proxy;
    fastcgi_temp_path $work/tmp/fastcgi;
    uwsgi_temp_path $work/tmp/uwsgi;
    scgi_temp_path $work/tmp/scgi;
    types { application/json json; text/html html; }
    $gzip_block
    server { listen 127.0.0.1:$port; root $www; }
}
EOF
    [ "$(id -u)" = 0 ] && sed -i '1i user root;' "$work/nginx.conf"
    "$nginx_bin" -p "$work" -c "$work/nginx.conf" 2>"$work/logs/stderr.log" &
    nginx_pid=$!
    nginx_url="http://127.0.0.1:$port"
}
