#!/usr/bin/env python3
# ListServer — scripts
"""Figures of several servers on one PostgreSQL database, printed as `name: value unit` lines.

Usage: scripts/cluster-bench.py [--binary PATH] [--batches 200] [--seconds 5] [--writers 6] [--file PATH]

Starts a private PostgreSQL cluster (scripts/postgres-test-cluster.sh) and up to three ListServer
processes on loopback, and measures:
  - batch-to-event: a batch posted to process 1 until its `change` event arrives on a stream of
    process 2 (median, p99);
  - write throughput with 1, 2 and 3 processes: `--writers` clients, each inserting rows into a
    dataset of its own through the processes in turn, for `--seconds`; accepted batches per second;
  - import: a PUT of the million-row friends JSON (scripts/gen-dataset.py; `--file` for another)
    until its 201, and until process 2 lists it;
  - batch-to-event again on that million-row dataset (20 batches).
Everything stops at the end. Build first: swift build -c release --product ListServer.
"""
import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def request(port, method, path, body=None, timeout=600):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    headers = {"Content-Type": "application/json"} if body is not None else {}
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, data


def version(port, dataset):
    status, data = request(port, "GET", f"/api/datasets/{dataset}")
    return json.loads(data)["version"] if status == 200 else None


def insert(port, dataset, base, title, key="title"):
    body = json.dumps({"baseVersion": base, "insertRows": [{"section": 0, "row": 0, "fields": {key: title}}]})
    return request(port, "POST", f"/api/datasets/{dataset}/batch", body)


class Server:
    def __init__(self, binary, database):
        self.process = subprocess.Popen(
            [binary, "--database", database, "--port", "0", "--quiet"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline()
        if "serving http://" not in line:
            raise SystemExit(f"a server did not start: {line!r}")
        self.port = int(line.split("http://127.0.0.1:")[1].split()[0])

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()


class EventStream:
    """Reads `id:` lines of a server's event stream on a thread, noting when each arrived."""

    def __init__(self, port, dataset):
        self.arrived = {}
        self.condition = threading.Condition()
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.connection.request("GET", f"/api/datasets/{dataset}/events", headers={"Accept": "text/event-stream"})
        self.response = self.connection.getresponse()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        try:
            while True:
                line = self.response.fp.readline()
                if not line:
                    return
                if line.startswith(b"id: "):
                    with self.condition:
                        self.arrived[int(line[4:])] = time.perf_counter()
                        self.condition.notify_all()
        except OSError:
            return

    def wait(self, event_id, timeout=5):
        with self.condition:
            self.condition.wait_for(lambda: event_id in self.arrived, timeout)
            return self.arrived.get(event_id)


def figure(name, value, unit):
    print(f"{name}: {value} {unit}", flush=True)


def batch_to_event(servers, batches, dataset="latency", name="batch_to_event", key="title"):
    one, two = servers[0].port, servers[1].port
    if dataset == "latency":
        request(one, "PUT", "/api/datasets/latency", json.dumps([{"title": "a"}]))
    deadline = time.time() + 10
    while version(two, dataset) is None and time.time() < deadline:
        time.sleep(0.01)
    stream = EventStream(two, dataset)
    time.sleep(0.2)
    current = version(one, dataset)
    latencies = []
    for step in range(batches):
        started = time.perf_counter()
        status, _ = insert(one, dataset, current, f"n{step}", key)
        if status != 200:
            raise SystemExit(f"batch refused: {status}")
        current += 1
        arrived = stream.wait(current)
        if arrived is None:
            raise SystemExit(f"event {current} never reached process 2")
        latencies.append((arrived - started) * 1000)
    latencies.sort()
    figure(f"{name}_median", f"{statistics.median(latencies):.1f}", "ms")
    figure(f"{name}_p99", f"{latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]:.1f}", "ms")


def throughput(servers, writers, seconds):
    ports = [server.port for server in servers]
    for writer in range(writers):
        request(ports[0], "PUT", f"/api/datasets/w{writer}", json.dumps([{"title": "start"}]))
    for writer in range(writers):
        deadline = time.time() + 10
        while any(version(port, f"w{writer}") is None for port in ports) and time.time() < deadline:
            time.sleep(0.01)
    accepted = [0] * writers
    stop = time.time() + seconds

    def write(writer):
        dataset = f"w{writer}"
        port = ports[writer % len(ports)]
        current = version(port, dataset)
        while time.time() < stop:
            status, data = insert(port, dataset, current, "x")
            if status == 200:
                accepted[writer] += 1
                current = json.loads(data)["version"]
            else:
                current = version(port, dataset)

    threads = [threading.Thread(target=write, args=(writer,)) for writer in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    figure(f"write_throughput_{len(servers)}_processes", f"{sum(accepted) / seconds:.0f}", "batches/s")
    for writer in range(writers):
        request(ports[0], "DELETE", f"/api/datasets/w{writer}")


def import_time(servers, path):
    with open(path, "rb") as file:
        body = file.read()
    started = time.perf_counter()
    status, _ = request(servers[0].port, "PUT", "/api/datasets/big", body)
    stored = time.perf_counter()
    if status != 201:
        raise SystemExit(f"the import was refused: {status}")
    figure("import_put_1m_rows", f"{stored - started:.2f}", "s")
    while version(servers[1].port, "big") is None:
        time.sleep(0.02)
    figure("import_visible_on_process_2", f"{time.perf_counter() - started:.2f}", "s")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/ListServer"))
    parser.add_argument("--batches", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--writers", type=int, default=6)
    parser.add_argument("--file", default=os.path.join(ROOT, "scripts/.load/friends-1m.json"))
    arguments = parser.parse_args()
    if not os.path.exists(arguments.file):
        os.makedirs(os.path.dirname(arguments.file), exist_ok=True)
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts/gen-dataset.py"), arguments.file,
                        "--groups", "10000", "--per-group", "100"], check=True)

    cluster_script = os.path.join(ROOT, "scripts/postgres-test-cluster.sh")
    started = subprocess.run(["bash", cluster_script, "start"], capture_output=True, text=True, check=True)
    database = started.stdout.strip()
    folder = started.stderr.strip().splitlines()[-1]
    servers = []
    try:
        servers = [Server(arguments.binary, database) for _ in range(3)]
        batch_to_event(servers, arguments.batches)
        for count in (1, 2, 3):
            throughput(servers[:count], arguments.writers, arguments.seconds)
        import_time(servers, arguments.file)
        # Process 2 follows the million rows by applying each logged change, not by reading them back.
        batch_to_event(servers, 20, dataset="big", name="batch_to_event_1m_rows", key="name")
    finally:
        for server in servers:
            server.stop()
        subprocess.run(["bash", cluster_script, "stop", folder], check=False)


if __name__ == "__main__":
    main()
