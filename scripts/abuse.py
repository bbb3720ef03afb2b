#!/usr/bin/env python3
# ListServer — scripts
"""What a hostile client costs the others (issue 53): runs each attack against a release build and prints
another client's window latency (p50, p99, max, failures) before and during it.

    swift build -c release --product ListServer
    python3 scripts/abuse.py [--rows 1000000] [--seconds 6] [--only searches,exports]

It writes a flat list of --rows rows, starts .build/release/ListServer on a free port with a scratch data
directory, and runs, one after another:

  flood-one      connections from one address (127.0.0.1), each sending one GET /healthz and then idling
  flood-many     connections from 40 loopback addresses (127.0.0.2, …) up to the connection cap, idling
  upload-heads   PUT heads announcing 256 MiB bodies, trickling a few bytes a second
  replace        a crafted replace (a list of 3K rows replaced by the triples r_j, X_j, r_2K+j)
  exports2       2 clients exporting the big list as plist and json at once
  exports        4 clients exporting the big list as json, plist and binary-plist at once
  searches       4 clients rotating one-letter searches over the big list
  widths         2 clients asking windows of a heroes list as big at each of its 33 width buckets in turn

The other client (127.0.0.250) asks a window of another dataset on a new connection every 10 ms; the server's
resident memory is sampled every 50 ms (before → peak → after each attack). Nothing but loopback is contacted;
the server is stopped (SIGTERM) at the end.
"""

import argparse
import json
import multiprocessing
import os
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def request(port, method, path, body=None, source="127.0.0.1", timeout=60):
    """One request on a new connection; returns (status, body bytes)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind((source, 0))
    sock.settimeout(timeout)
    try:
        sock.connect(("127.0.0.1", port))
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        if body is not None:
            head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
        sock.sendall(head.encode() + b"\r\n" + (body or b""))
        first, total = b"", 0
        while True:
            chunk = sock.recv(1 << 20)
            if not chunk:
                break
            # Only the first megabyte is kept: a 193 MB export is counted, not gathered (which would hold
            # this process's lock from the probe while it copies).
            if len(first) < (1 << 20):
                first += chunk
            total += len(chunk)
        status = int(first.split(b" ", 2)[1]) if first.startswith(b"HTTP/1.1 ") else 0
        return status, first[first.find(b"\r\n\r\n") + 4:]
    finally:
        sock.close()


def probe_process(port, stop, results):
    """Another client (127.0.0.250), in its own process so the attackers' threads cannot delay it: a window
    of another dataset on a new connection every 10 ms, until `stop` is set; its latencies go to `results`."""
    samples, failures, top = [], 0, 0
    while not stop.is_set():
        begun = time.monotonic()
        try:
            status, _ = request(port, "GET", f"/api/datasets/friends/window?top={top}&height=800",
                                source="127.0.0.250", timeout=30)
            if status == 200:
                samples.append(time.monotonic() - begun)
            else:
                failures += 1
        except OSError:
            failures += 1
        top = (top + 997) % 5000
        time.sleep(0.01)
    results.put((samples, failures))


class Probe:
    """Runs `probe_process` for the length of a `with` block."""

    def __init__(self, port):
        self.stop, self.results = multiprocessing.Event(), multiprocessing.Queue()
        self.process = multiprocessing.Process(target=probe_process, args=(port, self.stop, self.results))
        self.samples, self.failures = [], 0

    def __enter__(self):
        self.process.start()
        return self

    def __exit__(self, *_):
        self.stop.set()
        self.samples, self.failures = self.results.get()
        self.process.join()

    def summary(self):
        if not self.samples:
            return f"no answer ({self.failures} failures)"
        ordered = sorted(self.samples)
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
        return (f"p50 {statistics.median(ordered) * 1e3:6.2f} ms  p99 {p99 * 1e3:6.2f} ms  "
                f"max {ordered[-1] * 1e3:7.1f} ms  n {len(ordered):5d}  failed {self.failures}")


class ResidentMemory:
    """Samples the server's resident memory every 50 ms for the length of a `with` block."""

    def __init__(self, pid):
        self.pid, self.stop, self.samples = pid, threading.Event(), []
        self.thread = threading.Thread(target=self.sample, daemon=True)

    def read(self):
        try:
            with open(f"/proc/{self.pid}/status") as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1]) // 1024
        except OSError:
            pass
        return None

    def sample(self):
        while not self.stop.is_set():
            megabytes = self.read()
            if megabytes is not None:
                self.samples.append(megabytes)
            time.sleep(0.05)

    def __enter__(self):
        self.before = self.read()
        self.thread.start()
        return self

    def __exit__(self, *_):
        self.stop.set()
        self.thread.join()
        self.after = self.read()

    def summary(self):
        return f"RSS {self.before} → peak {max(self.samples, default=0)} → {self.after} MB"


def hold_connections(port, sources, count, sent=b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"):
    """Opens up to `count` connections round-robin over `sources`, each sending `sent` once."""
    held = []
    for index in range(count):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            sock.bind((sources[index % len(sources)], 0))
            sock.settimeout(2)
            sock.connect(("127.0.0.1", port))
            sock.sendall(sent)
            held.append(sock)
        except OSError:
            sock.close()
    return held


def attack_flood(port, sources, count, seconds):
    held = hold_connections(port, sources, count)
    time.sleep(seconds)
    for sock in held:
        sock.close()
    return f"{len(held)} connections opened from {len(sources)} address(es)"


def attack_upload_heads(port, seconds):
    head = (b"PUT /api/datasets/trickle HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 268435456\r\n\r\n")
    held = hold_connections(port, [f"127.0.0.{50 + i}" for i in range(8)], 64, head)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for sock in held:
            try:
                sock.send(b" " * 64)
            except OSError:
                pass
        time.sleep(0.5)
    for sock in held:
        sock.close()
    # A small edit from someone else must still go through.
    _, detail = request(port, "GET", "/api/datasets/friends")
    body = json.dumps({"baseVersion": json.loads(detail)["version"]}).encode()
    status, _ = request(port, "POST", "/api/datasets/friends/batch", body)
    return f"64 heads of 256 MiB trickling; a batch meanwhile answered {status}"


def attack_replace(port, rows):
    k = max(1000, rows // 10)
    original = json.dumps([{"title": f"r{i}"} for i in range(3 * k)]).encode()
    status, _ = request(port, "PUT", "/api/datasets/victim", original)
    triples = []
    for j in range(k):
        triples += [{"title": f"r{j}"}, {"title": f"X{j}"}, {"title": f"r{2 * k + j}"}]
    begun = time.monotonic()
    replaced, _ = request(port, "PUT", "/api/datasets/victim", json.dumps(triples).encode(), timeout=600)
    return f"replace of {3 * k} rows by triples: {status} then {replaced} in {time.monotonic() - begun:.2f} s"


def run_clients(port, paths_by_client, seconds):
    """Each client (its own address) asks its paths in turn until `seconds` pass; returns the statuses."""
    statuses, stop = [], time.monotonic() + seconds

    def client(index, paths):
        turn = 0
        while time.monotonic() < stop:
            try:
                status, _ = request(port, "GET", paths[turn % len(paths)], source=f"127.0.0.{100 + index}",
                                    timeout=120)
            except OSError:
                status = 0
            statuses.append(status)
            turn += 1

    threads = [threading.Thread(target=client, args=(i, p)) for i, p in enumerate(paths_by_client)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    counts = {s: statuses.count(s) for s in sorted(set(statuses))}
    return counts


def exports_built(port):
    """`listserver_exports_built_total` from /metrics, or "?" when the server does not count it."""
    _, text = request(port, "GET", "/metrics")
    for line in text.decode().splitlines():
        if line.startswith("listserver_exports_built_total "):
            return line.split()[1]
    return "?"


def attack_exports(port, seconds, clients):
    formats = ["plist", "json", "binary-plist", "plist"][:clients]
    counts = run_clients(port, [[f"/api/datasets/big/export?format={f}"] for f in formats], seconds)
    return f"{clients} clients exporting {', '.join(formats)} (statuses {counts}; built {exports_built(port)})"


def attack_searches(port, seconds):
    letters = "aeioustrnlcdmhgpbfykwvxzjq"
    clients = [[f"/api/datasets/big/window?top=0&height=800&q={letters[(i + 7 * c) % 26]}" for i in range(26)]
               for c in range(4)]
    counts = run_clients(port, clients, seconds)
    return f"4 clients rotating one-letter searches (statuses {counts})"


def attack_widths(port, seconds):
    """Two clients asking windows of a big heroes list (whose row heights depend on the width) at every width
    bucket in turn: each new bucket is a layout of every row."""
    widths = list(range(320, 1640, 40))
    clients = [[f"/api/datasets/wide/window?top={500 * i}&height=800&width={w}" for i, w in enumerate(widths[c::2])]
               for c in range(2)]
    counts = run_clients(port, clients, seconds)
    return f"2 clients rotating {len(widths)} widths over the heroes (statuses {counts})"


def start_server(binary, data, dataset, heroes=None):
    imports = ["--import", f"big={dataset}"] + (["--import", f"wide={heroes}"] if heroes else [])
    process = subprocess.Popen(
        [binary, "--port", "0", "--data", data, "--quiet"] + imports,
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = process.stdout.readline()
    if "serving http://" not in line:
        process.kill()
        sys.exit(f"the server did not start: {line!r}")
    port = int(line.split("serving http://")[1].split()[0].rsplit(":", 1)[1])
    return process, port


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--seconds", type=float, default=6, help="how long each attack runs")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/ListServer"))
    parser.add_argument("--only", help="a comma-separated list of attacks to run")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    scratch = tempfile.mkdtemp(prefix="listserver-abuse-")
    dataset = os.path.join(scratch, "big.json")
    words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet"]
    with open(dataset, "w") as f:
        json.dump([{"title": f"{words[i % 10]} {words[i // 10 % 10]} {i}", "detail": f"row {i}"}
                   for i in range(args.rows)], f)
    chosen = args.only.split(",") if args.only else None
    heroes = None
    if chosen is None or "widths" in chosen:
        heroes = os.path.join(scratch, "heroes.json")
        with open(heroes, "w") as f:
            json.dump([{"name": f"Hero {i}", "title": f"{words[i % 10]} the {words[i // 10 % 10]}",
                        "desc": " ".join(words[(i + k) % 10] for k in range(3 + i % 40)), "tags": ["Warrior"]}
                       for i in range(args.rows)], f)
    process, port = start_server(args.binary, os.path.join(scratch, "data"), dataset, heroes)
    # The first search of a version builds its search index (the rotating searches then scan it); it is
    # done before the figures, as a server that has served a while has done it.
    begun = time.monotonic()
    request(port, "GET", "/api/datasets/big/window?top=0&height=800&q=warm", timeout=600)
    print(f"ListServer on port {port}, {args.rows:,} rows (search index built in {time.monotonic() - begun:.1f} s); "
          "another client's window latency:")
    attacks = {
        "idle": lambda: (time.sleep(args.seconds), "nothing else")[1],
        "flood-one": lambda: attack_flood(port, ["127.0.0.1"], 2000, args.seconds),
        "flood-many": lambda: attack_flood(port, [f"127.0.0.{2 + i}" for i in range(40)], min(hard - 500, 12_000),
                                           args.seconds),
        "upload-heads": lambda: attack_upload_heads(port, args.seconds),
        "replace": lambda: attack_replace(port, args.rows),
        "exports2": lambda: attack_exports(port, args.seconds, 2),
        "exports": lambda: attack_exports(port, args.seconds, 4),
        "searches": lambda: attack_searches(port, args.seconds),
        "widths": lambda: attack_widths(port, args.seconds),
    }
    chosen = chosen or list(attacks)
    try:
        for name in ["idle"] + [n for n in chosen if n != "idle"]:
            with Probe(port) as probe, ResidentMemory(process.pid) as memory:
                time.sleep(0.2)
                what = attacks[name]()
            print(f"  {name:13s} {probe.summary()}  {memory.summary()}  — {what}", flush=True)
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
