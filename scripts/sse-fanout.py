#!/usr/bin/env python3
# ListServer — scripts
"""What one large event costs a server whose event streams never read (issue 53, point 5).

Opens N event streams to /api/datasets/{id}/events from several loopback addresses (127.0.0.2, …, so the
per-address limit is not what stops them), reads each stream's head and first bytes, then never reads again.
It then posts one batch that deletes `--deletes` rows (a change event of about 40 bytes a row) and, for a few
seconds, samples the server's resident memory and another client's window latency.

    swift build -c release --product ListServer
    python3 scripts/sse-fanout.py --write-dataset /tmp/fanout.json --rows 20000
    .build/release/ListServer --port 8080 --data /tmp/fanout-data --quiet --import fanout=/tmp/fanout.json &
    python3 scripts/sse-fanout.py --port 8080 --streams 2000 --deletes 9500 [--gzip]

Nothing but loopback is contacted. The server's pid is found from the listening port, or given with --pid.
"""

import argparse
import json
import os
import resource
import socket
import statistics
import sys
import threading
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from importlib import import_module

subscribers = import_module("sse-subscribers")


def write_dataset(path, rows):
    with open(path, "w") as f:
        json.dump([{"title": f"Row {i}", "detail": f"detail {i}"} for i in range(rows)], f)


def open_stream(port, path, source, gzip):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind((source, 0))
    sock.settimeout(10)
    sock.connect(("127.0.0.1", port))
    coding = "Accept-Encoding: gzip\r\n" if gzip else ""
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n{coding}\r\n".encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(4096)
        if not chunk:
            raise RuntimeError("stream closed before its head")
        head += chunk
    status = head.split(b" ", 2)[1]
    if status != b"200":
        raise RuntimeError(f"stream answered {status.decode()}")
    return sock


def metric(port, name):
    text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10).read().decode()
    for line in text.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write-dataset", metavar="PATH", help="write a list of --rows rows to PATH and exit")
    parser.add_argument("--rows", type=int, default=20000)
    parser.add_argument("--port", type=int)
    parser.add_argument("--pid", type=int)
    parser.add_argument("--dataset", default="fanout")
    parser.add_argument("--streams", type=int, default=2000)
    parser.add_argument("--addresses", type=int, default=34)
    parser.add_argument("--deletes", type=int, default=9500)
    parser.add_argument("--gzip", action="store_true", help="streams accept gzip")
    parser.add_argument("--seconds", type=float, default=8, help="how long to sample after the batch")
    args = parser.parse_args()
    if args.write_dataset:
        write_dataset(args.write_dataset, args.rows)
        return
    if not args.port:
        sys.exit("--port is required")
    pid = args.pid or subscribers.server_pid(args.port)
    if pid is None:
        sys.exit(f"no process of this user listens on port {args.port}; pass --pid")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < args.streams + 64:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, args.streams + 64), hard))
    detail = subscribers.request("127.0.0.1", args.port, "GET", f"/api/datasets/{args.dataset}")
    version = detail["version"]
    ids, top = [], 0
    while len(ids) < args.deletes:
        window = json.load(urllib.request.urlopen(
            f"http://127.0.0.1:{args.port}/api/datasets/{args.dataset}/window?top={top}&height=20000&overscan=0"))
        ids += [row["id"] for row in window["rows"] if row["y"] >= top]
        top += 20000
        if top >= window["contentHeight"]:
            break
    if len(ids) < args.deletes:
        sys.exit(f"the dataset has {len(ids)} rows; {args.deletes} deletes asked")

    rss0 = subscribers.proc_status(pid)[0]
    socks = []
    started = time.monotonic()
    for index in range(args.streams):
        source = f"127.0.0.{2 + index % args.addresses}"
        socks.append(open_stream(args.port, f"/api/datasets/{args.dataset}/events", source, args.gzip))
    open_now = metric(args.port, "http_open_streams")
    rss1 = subscribers.proc_status(pid)[0]
    print(f"{len(socks)} streams ({'gzip' if args.gzip else 'identity'}) open in {time.monotonic() - started:.1f} s, "
          f"server says {open_now:.0f}; RSS {rss0 / 1024:.0f} → {rss1 / 1024:.0f} MiB")

    latencies, peak, stop = [], [rss1], threading.Event()

    def probe():
        path = f"/api/datasets/{args.dataset}/window?top=0&height=800"
        while not stop.is_set():
            begun = time.monotonic()
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{args.port}{path}", timeout=30).read()
            except OSError:
                pass
            latencies.append(time.monotonic() - begun)
            peak.append(subscribers.proc_status(pid)[0])
            time.sleep(0.02)

    prober = threading.Thread(target=probe)
    prober.start()
    time.sleep(0.5)
    body = {"baseVersion": version, "deleteRows": ids[: args.deletes]}
    reply, sent, replied = subscribers.post_batch("127.0.0.1", args.port, f"/api/datasets/{args.dataset}/batch", body)
    deadline = time.monotonic() + args.seconds
    while time.monotonic() < deadline:
        peak.append(subscribers.proc_status(pid)[0])
        time.sleep(0.05)
    stop.set()
    prober.join()
    rss2 = subscribers.proc_status(pid)[0]
    still = metric(args.port, "http_open_streams")
    ordered = sorted(latencies)
    print(f"batch v{reply['version']} ({args.deletes} deletes) answered in {(replied - sent) * 1e3:.0f} ms; "
          f"RSS peak {max(peak) / 1024:.0f} MiB, {rss2 / 1024:.0f} MiB {args.seconds:.0f} s later; "
          f"streams still open {still:.0f}")
    print(f"another client's window meanwhile: {len(ordered)} requests, median "
          f"{statistics.median(ordered) * 1e3:.1f} ms, max {ordered[-1] * 1e3:.1f} ms")
    print(f"summary: RSS {rss1 / 1024:.0f} → {max(peak) / 1024:.0f} MiB with {len(socks)} streams that never read")
    for sock in socks:
        sock.close()


if __name__ == "__main__":
    main()
