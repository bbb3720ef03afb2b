#!/usr/bin/env python3
# ListServer — scripts
"""Faults across servers behind nginx (SPEC §10): a rolling restart and a killed server under load.

Starts scripts/cluster.sh (a private PostgreSQL, two ListServers, nginx round robin on loopback), then,
all through nginx:
  - wrk reads a fragment on keep-alive connections;
  - writers POST batches, each on its own dataset, each insert a row named after the writer and a count;
  - event-stream clients follow those datasets and, when a stream ends or breaks, reconnect after the
    `retry` the server gave them with `Last-Event-ID`, as EventSource does.
Meanwhile `scripts/cluster.sh --rolling-restart` restarts each server in turn (SIGTERM: it drains), then
`scripts/cluster.sh --kill 2` SIGKILLs one. Then it checks:
  - no request failed during the rolling restart (wrk: no socket error, no non-2xx; writers: all 200);
  - every batch acknowledged with 200 is in the final rows;
  - every stream saw every version, in order with no gap and no `reload`, across its reconnections, and
    each stream that was on the killed server resumed on the other.
Prints the figures, one `name: value` a line; exits 1 if a check fails, 2 if the cluster did not start.

    python3 scripts/failover-test.py --binary .build/debug/ListServer

Needs what scripts/cluster.sh needs, and wrk. Everything has a deadline; only 127.0.0.1 is contacted.
"""

import argparse
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
CLUSTER = os.path.join(ROOT, "scripts/cluster.sh")
WRK_PATH = "/d/friends/fragment?top=0&height=900&expanded=all"


class Cluster:
    """scripts/cluster.sh running in its own process group; its URLs and folder, read from what it prints."""

    def __init__(self, binary, drain_timeout):
        self.process = subprocess.Popen(
            ["bash", CLUSTER, "--servers", "2", "--port", "0", "--binary", binary,
             "--drain-timeout", str(drain_timeout)],
            stdout=subprocess.PIPE, stderr=sys.stderr, text=True, start_new_session=True)
        self.servers, self.folder, self.port = [], None, None
        try:
            for line in self.process.stdout:
                if match := re.match(r"server \d+: http://127\.0\.0\.1:(\d+)", line):
                    self.servers.append(int(match.group(1)))
                elif match := re.match(r"cluster folder: (\S+)", line):
                    self.folder = match.group(1)
                elif match := re.match(r"ListServer cluster serving http://127\.0\.0\.1:(\d+)", line):
                    self.port = int(match.group(1))
                    break
        finally:
            if self.port is None:
                self.stop()
        if self.port is None:
            raise RuntimeError("scripts/cluster.sh did not start")

    def control(self, *arguments):
        """Runs scripts/cluster.sh on this cluster (`--rolling-restart`, `--kill N`); returns what it printed."""
        done = subprocess.run(["bash", CLUSTER, *arguments, "--cluster", self.folder],
                              capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"cluster.sh {' '.join(arguments)}: {done.stderr.strip()}")
        return done.stdout

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)


def request(port, method, path, body=None, timeout=10):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def titles(port, dataset):
    """Every row's title in a dataset, read window by window."""
    found, seen, top = [], set(), 0
    while True:
        status, body = request(port, "GET", f"/api/datasets/{dataset}/window?top={top}&height=20000&expanded=all")
        if status != 200:
            raise RuntimeError(f"window of {dataset}: {status}")
        window = json.loads(body)
        for row in window.get("rows", []):
            if row["id"] not in seen:
                seen.add(row["id"])
                found.append(row.get("fields", {}).get("title", ""))
        top += 20000
        if top >= window.get("contentHeight", 0):
            return found


class Run:
    """What every thread shares: the phase now, when to stop, and what each one records."""

    def __init__(self):
        self.moments = set()  # the seconds, as nginx's error log writes them, at which a request failed
        self.phase = "warm-up"
        self.stop_writing = threading.Event()
        self.stop_following = threading.Event()
        self.lock = threading.Lock()


class Writer(threading.Thread):
    """POSTs batches to one dataset on one keep-alive connection through nginx, paced; notes each reply."""

    def __init__(self, run, port, dataset, version):
        super().__init__(daemon=True)
        self.run_state, self.port, self.dataset, self.version = run, port, dataset, version
        self.acknowledged = []  # (title, version)
        self.failures = []  # (phase, status or error)
        self.failure_details = []  # (phase, title, baseVersion, answering upstream, body) of each failure
        self.latencies = {}  # phase -> [seconds]
        self.sent = {}  # phase -> count
        self.in_flight = None  # the phase of the batch on its way, None between batches

    def run(self):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=20)
        count = 0
        while not self.run_state.stop_writing.is_set():
            count += 1
            title = f"{self.dataset}-{count}"
            batch = json.dumps({"baseVersion": self.version,
                                "insertRows": [{"section": 0, "row": 0, "fields": {"title": title}}]})
            phase = self.run_state.phase
            self.in_flight = phase
            self.sent[phase] = self.sent.get(phase, 0) + 1
            started = time.monotonic()
            try:
                connection.request("POST", f"/api/datasets/{self.dataset}/batch", body=batch,
                                   headers={"Content-Type": "application/json"})
                response = connection.getresponse()
                body = response.read()
                status = response.status
                upstream = response.getheader("X-Upstream")
            except (OSError, http.client.HTTPException) as error:
                connection.close()
                status, body, upstream = type(error).__name__, b"", None
            self.in_flight = None
            self.latencies.setdefault(phase, []).append(time.monotonic() - started)
            if status == 200:
                self.version = json.loads(body)["version"]
                self.acknowledged.append((title, self.version))
            else:
                self.failures.append((phase, status))
                self.failure_details.append((phase, title, json.loads(batch)["baseVersion"], upstream,
                                             body[:300].decode(errors="replace")))
                self.run_state.moments.update(moments_around(time.time()))
                try:
                    reply = request(self.port, "GET", f"/api/datasets/{self.dataset}")
                    if reply[0] == 200:
                        self.version = json.loads(reply[1])["version"]
                except (OSError, http.client.HTTPException):
                    pass
            time.sleep(0.02)
        connection.close()


class Follower(threading.Thread):
    """Follows one dataset's event stream through nginx; reconnects with Last-Event-ID after `retry`."""

    def __init__(self, run, port, dataset):
        super().__init__(daemon=True)
        self.run_state, self.port, self.dataset = run, port, dataset
        self.ids = []  # every change event's id, in arrival order
        self.connections = []  # (upstream, Last-Event-ID sent or None, the ready event's id) per connection
        self.refusals = []  # (phase, status) of each stream request not answered 200
        self.reloads = []  # (upstream, Last-Event-ID sent, the ready id if no change came before, reload id)
        self.last_id = None
        self.upstream = None
        self.target = None  # the version to reach before stopping

    def run(self):
        retry = 2.0
        while not self.done():
            try:
                retry = self.follow(retry)
            except (OSError, http.client.HTTPException, ValueError):
                pass
            if self.done():
                break
            self.upstream = None
            time.sleep(retry)

    def done(self):
        return self.run_state.stop_following.is_set() and (
            self.target is None or (self.last_id is not None and self.last_id >= self.target))

    def follow(self, retry):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        headers = {"Accept": "text/event-stream"}
        if self.last_id is not None:
            headers["Last-Event-ID"] = str(self.last_id)
        try:
            connection.request("GET", f"/api/datasets/{self.dataset}/events", headers=headers)
            response = connection.getresponse()
            if response.status != 200:
                self.refusals.append((self.run_state.phase, response.status))
                self.run_state.moments.update(moments_around(time.time()))
                response.read()
                return retry
            upstream = (response.getheader("X-Upstream") or "").split(",")[-1].strip()
            event, data_id, changes_here = None, None, 0
            while not self.done():
                line = response.readline()
                if not line:
                    return retry
                line = line.rstrip(b"\r\n").decode()
                if line.startswith("retry:"):
                    retry = int(line[6:].strip()) / 1000
                elif line.startswith("event:"):
                    event = line[6:].strip()
                elif line.startswith("id:"):
                    data_id = int(line[3:].strip())
                elif line == "":
                    if event == "ready":
                        self.upstream = upstream
                        self.connections.append((upstream, headers.get("Last-Event-ID"), data_id))
                        self.last_id = data_id
                    elif event == "change":
                        changes_here += 1
                        self.ids.append(data_id)
                        self.last_id = data_id
                    elif event == "reload":
                        after_ready = self.connections[-1][2] if changes_here == 0 else None
                        self.reloads.append((upstream, headers.get("Last-Event-ID"), after_ready, data_id))
                        self.last_id = data_id
                    event, data_id = None, None
            return retry
        finally:
            connection.close()


def run_wrk(port, connections, until):
    """Runs wrk on a fragment through nginx until `until()` returns, then stops it with SIGINT (it then
    prints its summary); returns requests, failures (socket errors and non-2xx) and p99 in ms."""
    wrk = subprocess.Popen(
        ["wrk", "-t", "2", "-c", str(connections), "-d", "600s", "--latency", "--timeout", "10s",
         f"http://127.0.0.1:{port}{WRK_PATH}"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    time.sleep(1)
    try:
        until()
    finally:
        time.sleep(1)
        wrk.send_signal(signal.SIGINT)
        output, _ = wrk.communicate(timeout=30)
    requests = int(re.search(r"(\d+) requests in", output).group(1))
    failures = sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)", output))
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    failures += int(non_2xx.group(1)) if non_2xx else 0
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)\b", output)
    scale = {"us": 0.001, "ms": 1, "s": 1000}
    return requests, failures, float(p99.group(1)) * scale[p99.group(2)] if p99 else None, output


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))] if ordered else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/debug/ListServer"))
    parser.add_argument("--writers", type=int, default=4)
    parser.add_argument("--followers", type=int, default=8, help="event-stream clients per dataset")
    parser.add_argument("--connections", type=int, default=64, help="wrk's connections")
    parser.add_argument("--drain-timeout", type=float, default=10)
    parser.add_argument("--rounds", type=int, default=20, help="rolling restarts, one after the other")
    options = parser.parse_args()
    # A `timeout` around this script stops it with SIGTERM: still stop the cluster on the way out.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(124))
    try:
        cluster = Cluster(os.path.abspath(options.binary), options.drain_timeout)
    except RuntimeError as error:
        print(error, file=sys.stderr)
        return 2
    problems = []
    try:
        run_checks(cluster, options, problems)
    finally:
        cluster.stop()
    for problem in problems:
        print(f"FAILED: {problem}")
    print("failover: " + ("passed" if not problems else f"{len(problems)} checks failed"))
    return 1 if problems else 0


def moments_around(when):
    """The second `when` falls in and the one before, as nginx's error log writes times."""
    return {time.strftime("%Y/%m/%d %H:%M:%S", time.localtime(when - back)) for back in (0, 1)}


def print_cluster_errors(cluster, moments):
    """What nginx and the servers said when requests failed: why nginx passed one on, or answered 502."""
    log = os.path.join(cluster.folder or "", "nginx/logs/error.log")
    if os.path.exists(log):
        with open(log, errors="replace") as file:
            lines = [line for line in file if line[:19] in moments and "connect() failed (111" not in line]
        for kind in ("/batch", "/events"):
            for line in [line for line in lines if kind in line][:20]:
                print(f"nginx: {line.rstrip()[:400]}")
    for index in range(1, len(cluster.servers) + 1):
        errors = os.path.join(cluster.folder or "", f"server-{index}.err")
        if os.path.exists(errors):
            with open(errors, errors="replace") as file:
                for line in file.readlines()[-15:]:
                    print(f"server {index}: {line.rstrip()[:400]}")


def run_checks(cluster, options, problems):
    port = cluster.port
    run = Run()
    datasets = [f"failover-{index}" for index in range(options.writers)]
    for dataset in datasets:
        status, _ = request(port, "PUT", f"/api/datasets/{dataset}", json.dumps([{"title": "start"}]))
        assert status == 201, f"PUT {dataset}: {status}"
    deadline = time.time() + 20
    while time.time() < deadline and not all(
            request(server, "GET", f"/api/datasets/{dataset}")[0] == 200
            for server in cluster.servers for dataset in datasets):
        time.sleep(0.1)
    versions = {dataset: json.loads(request(port, "GET", f"/api/datasets/{dataset}")[1])["version"]
                for dataset in datasets}

    followers = [Follower(run, port, dataset) for dataset in datasets for _ in range(options.followers)]
    for follower in followers:
        follower.start()
    deadline = time.time() + 20
    while time.time() < deadline and not all(follower.connections for follower in followers):
        time.sleep(0.05)
    writers = [Writer(run, port, dataset, versions[dataset]) for dataset in datasets]
    for writer in writers:
        writer.start()

    restart_log = []

    def rolling_restart():
        run.phase = "rolling restart"
        started = time.monotonic()
        for _ in range(options.rounds):
            restart_log.append(cluster.control("--rolling-restart"))
        restart_log.append(f"{options.rounds} rounds took {time.monotonic() - started:.2f} s")

    rolling = run_wrk(port, options.connections, rolling_restart)
    killed = []  # the address of the server killed
    on_killed = []

    def kill():
        run.phase = "kill"
        # A batch sent during the rolling restart is answered before the kill: one still on its way
        # when the server dies would be counted against the restart.
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(w.in_flight == "rolling restart" for w in writers):
            time.sleep(0.01)
        # The server that follows more streams: the last one restarted may follow none (they moved on).
        addresses = [f"127.0.0.1:{server}" for server in cluster.servers]
        index = max(range(len(addresses)), key=lambda i: sum(f.upstream == addresses[i] for f in followers))
        killed.append(addresses[index])
        on_killed.extend(f for f in followers if f.upstream == killed[0])
        cluster.control("--kill", str(index + 1))
        time.sleep(4)

    killing = run_wrk(port, options.connections, kill)
    run.phase = "after"
    time.sleep(1)
    run.stop_writing.set()
    for writer in writers:
        writer.join(timeout=30)

    final = {dataset: json.loads(request(port, "GET", f"/api/datasets/{dataset}")[1])["version"]
             for dataset in datasets}
    for follower in followers:
        follower.target = final[follower.dataset]
    run.stop_following.set()
    for follower in followers:
        follower.join(timeout=20)

    # Requests during the rolling restart.
    requests, failures, p99, output = rolling
    written = sum(writer.sent.get("rolling restart", 0) for writer in writers)
    write_failures = [f for writer in writers for f in writer.failures if f[0] == "rolling restart"]
    write_latencies = [s for writer in writers for s in writer.latencies.get("rolling restart", [])]
    drains = [float(x) for x in re.findall(r"drained in ([\d.]+) s", "".join(restart_log))]
    healthy = [float(x) for x in re.findall(r"/healthz ([\d.]+) s later", "".join(restart_log))]
    print(f"rolling_restart: {restart_log[-1]}; {len(drains)} restarts, drain max {max(drains):.2f} s, "
          f"/healthz after start max {max(healthy):.2f} s")
    print(f"rolling_restart_reads: {requests} requests, {failures} failed, p99 {p99} ms")
    print(f"rolling_restart_batches: {written} sent, {len(write_failures)} failed, "
          f"p99 {percentile(write_latencies, 0.99) * 1000:.1f} ms")
    if failures:
        problems.append(f"{failures} reads failed during the rolling restart:\n{output}")
    stream_failures = [f for follower in followers for f in follower.refusals if f[0] == "rolling restart"]
    if stream_failures:
        problems.append(f"event-stream requests failed during the rolling restart: {stream_failures}")
    if write_failures:
        problems.append(f"batches failed during the rolling restart: {write_failures}")

    requests, failures, p99, _ = killing
    kill_failures = [f for writer in writers for f in writer.failures if f[0] == "kill"]
    print(f"kill_reads: {requests} requests, {failures} failed, p99 {p99} ms")
    print(f"kill_batches: {sum(w.sent.get('kill', 0) for w in writers)} sent, {len(kill_failures)} failed "
          f"({', '.join(str(f[1]) for f in kill_failures) or 'none'})")

    # No acknowledged write lost.
    acknowledged = sum(len(writer.acknowledged) for writer in writers)
    lost = []
    for writer in writers:
        present = set(titles(port, writer.dataset))
        lost += [title for title, _ in writer.acknowledged if title not in present]
        # A failed batch whose row is in the data was applied although its client was told otherwise.
        for phase, title, base, upstream, body in writer.failure_details:
            print(f"failed batch ({phase}): {title} on baseVersion {base}, answered by {upstream}, "
                  f"{'in' if title in present else 'not in'} the final rows: {body}")
    print(f"acknowledged_batches: {acknowledged}, missing from the final rows: {len(lost)}")
    if lost:
        problems.append(f"acknowledged inserts missing: {lost}")

    # Every stream saw every version, in order, across its reconnections.
    reconnections = resumed = 0
    for follower in followers:
        first = follower.connections[0][2] if follower.connections else None
        expected = list(range(first + 1, final[follower.dataset] + 1)) if first is not None else []
        acknowledged_versions = {v for w in writers if w.dataset == follower.dataset for _, v in w.acknowledged}
        reconnections += len(follower.connections) - 1
        resumed += sum(1 for _, asked, ready in follower.connections[1:] if asked == str(ready))
        if len(follower.connections) < 2:
            problems.append(f"a stream on {follower.dataset} never reconnected")
        if follower.ids != expected:
            problems.append(f"stream on {follower.dataset} saw {len(follower.ids)} changes, expected "
                            f"{first}+1…{final[follower.dataset]}; missing "
                            f"{sorted(set(expected) - set(follower.ids))[:10]}")
        if not acknowledged_versions <= set(follower.ids):
            problems.append(f"stream on {follower.dataset} missed acknowledged versions "
                            f"{sorted(acknowledged_versions - set(follower.ids))[:10]}")
        if follower.reloads:
            problems.append(f"stream on {follower.dataset} was told to reload: {follower.reloads}")
    events = sum(len(follower.ids) for follower in followers)
    moved = [f for f in on_killed if any(up != killed[0] for up, _, _ in f.connections[-1:])]
    print(f"streams: {len(followers)}, change events received: {events}, reconnections: {reconnections}, "
          f"each resumed with Last-Event-ID: {resumed}")
    print(f"streams on the killed server: {len(on_killed)}, resumed on the other: {len(moved)}")
    if len(moved) != len(on_killed):
        problems.append("a stream on the killed server did not resume on the other")
    if not on_killed:
        problems.append("no stream was on the killed server")
    if resumed != reconnections:
        problems.append(f"{reconnections - resumed} reconnections did not resume where the stream was")
    if problems:
        print_cluster_errors(cluster, run.moments)


if __name__ == "__main__":
    sys.exit(main())
