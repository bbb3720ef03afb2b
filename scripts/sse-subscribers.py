#!/usr/bin/env python3
# ListServer — scripts
"""Measures what idle event-stream subscribers cost a running ListServer, and how fast events reach them.

Opens N subscribers to /api/datasets/{id}/events on a loopback server, waits until every one has its
`ready` event, then reads the server's resident memory, thread count and CPU time from /proc while they
sit idle. Then it fires a few batches (each inserts a probe row and deletes it again, so the data ends as
it began) and reports, per batch, when each subscriber received the `change` event relative to the
batch's reply. Everything has a deadline; nothing but 127.0.0.1/::1/localhost is contacted.

    swift build -c release --product ListServer
    .build/release/ListServer --port 8080 --data /tmp/sse-data --quiet --max-streams-per-client 600 &
    python3 scripts/sse-subscribers.py --port 8080 --subscribers 500 --idle 30

All subscribers share one client address, so start the server with --max-streams-per-client at least N
(it allows 64 by default and answers 429 past that).

The server's pid is found from the listening port (same user), or given with --pid.
"""

import argparse
import http.client
import json
import os
import resource
import selectors
import socket
import statistics
import struct
import sys
import threading
import time

LOOPBACK = {"127.0.0.1", "::1", "localhost"}
# Linux: the kernel stamps each read with the time its data reached the socket (struct timespec, CLOCK_REALTIME),
# so the figures do not include the time this single-threaded script takes to get round to each socket.
SO_TIMESTAMPNS = 35


class Subscriber:
    """One event-stream connection: decodes the chunked body and notes when each event id arrives (wall-clock
    seconds, from the kernel's receive timestamp when there is one)."""

    def __init__(self, host, port, path):
        self.sock = socket.create_connection((host, port), timeout=5)
        self.sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n".encode())
        self.sock.setblocking(False)
        try:
            self.sock.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
            self.stamped = True
        except OSError:
            self.stamped = False
        self.raw = b""
        self.head_done = False
        self.text = b""
        self.ready = False
        self.closed = False
        self.pings = 0
        self.received = {}  # event id -> (event type, wall-clock arrival, data)

    def on_readable(self):
        now = time.time()
        try:
            data, ancillary, _, _ = self.sock.recvmsg(65536, 64)
        except BlockingIOError:
            return
        except OSError:
            data, ancillary = b"", []
        for level, kind, value in ancillary:
            if level == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS and len(value) >= 16:
                seconds, nanoseconds = struct.unpack("qq", value[:16])
                now = seconds + nanoseconds / 1e9
        if not data:
            self.closed = True
            return
        self.raw += data
        if not self.head_done:
            end = self.raw.find(b"\r\n\r\n")
            if end < 0:
                return
            status = self.raw.split(b" ", 2)[1]
            if status != b"200":
                raise RuntimeError(f"events request answered {status.decode()}")
            self.raw = self.raw[end + 4:]
            self.head_done = True
        while True:  # chunked framing
            line_end = self.raw.find(b"\r\n")
            if line_end < 0:
                break
            size = int(self.raw[:line_end], 16)
            if size == 0:
                self.closed = True
                break
            if len(self.raw) < line_end + 2 + size + 2:
                break
            self.text += self.raw[line_end + 2:line_end + 2 + size]
            self.raw = self.raw[line_end + 2 + size + 2:]
        while b"\n\n" in self.text:
            block, self.text = self.text.split(b"\n\n", 1)
            fields = {}
            for line in block.split(b"\n"):
                if line.startswith(b":"):
                    self.pings += 1
                    continue
                name, _, value = line.partition(b":")
                fields[name.decode()] = value[1:].decode() if value.startswith(b" ") else value.decode()
            event = fields.get("event")
            if event == "ready":
                self.ready = True
            elif event and "id" in fields:
                self.received[fields["id"]] = (event, now, fields.get("data", ""))


def server_pid(port):
    """The pid of the process listening on `port`, from /proc/net/tcp{,6} and /proc/*/fd."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table) as f:
                next(f)
                for line in f:
                    parts = line.split()
                    if parts[3] == "0A" and int(parts[1].rsplit(":", 1)[1], 16) == port:
                        inodes.add(parts[9])
        except OSError:
            pass
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            for fd in os.listdir(f"/proc/{pid}/fd"):
                link = os.readlink(f"/proc/{pid}/fd/{fd}")
                if link.startswith("socket:[") and link[8:-1] in inodes:
                    return int(pid)
        except OSError:
            continue
    return None


def proc_status(pid):
    """(resident KiB, threads, CPU seconds user+system) of a process."""
    rss = threads = 0
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
            elif line.startswith("Threads:"):
                threads = int(line.split()[1])
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    cpu = (int(fields[11]) + int(fields[12])) / ticks
    return rss, threads, cpu


def request(host, port, method, path, timeout=10):
    connection = http.client.HTTPConnection(host, port, timeout=timeout)
    connection.request(method, path)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    if response.status != 200:
        raise RuntimeError(f"{method} {path}: {response.status} {data[:300].decode(errors='replace')}")
    return json.loads(data)


def post_batch(host, port, path, body, token=None, timeout=10):
    """POSTs a batch on a fresh connection. Returns (reply JSON, wall-clock time just before sending, arrival
    time of the reply's first bytes by the kernel's timestamp)."""
    data = json.dumps(body).encode()
    head = f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {len(data)}\r\n"
    if token:
        head += f"Authorization: Bearer {token}\r\n"
    sock = socket.create_connection((host, port), timeout=timeout)
    try:
        sock.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
        sent = time.time()
        sock.sendall(head.encode() + b"Connection: close\r\n\r\n" + data)
        response, arrived = b"", None
        while True:
            chunk, ancillary, _, _ = sock.recvmsg(65536, 64)
            if arrived is None:
                arrived = time.time()
                for level, kind, value in ancillary:
                    if level == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS and len(value) >= 16:
                        seconds, nanoseconds = struct.unpack("qq", value[:16])
                        arrived = seconds + nanoseconds / 1e9
            if not chunk:
                break
            response += chunk
            end = response.find(b"\r\n\r\n")
            if end >= 0:
                length = next((int(line.split(b":")[1]) for line in response[:end].split(b"\r\n")
                               if line.lower().startswith(b"content-length:")), None)
                if length is not None and len(response) >= end + 4 + length:
                    break
    finally:
        sock.close()
    status = response.split(b" ", 2)[1] if response else b"none"
    payload = response.split(b"\r\n\r\n", 1)[1] if b"\r\n\r\n" in response else b""
    if status != b"200":
        raise RuntimeError(f"POST {path}: {status.decode()} {payload[:300].decode(errors='replace')}")
    return json.loads(payload), sent, arrived


def probe_fields(kind):
    if kind == "messages":
        return {"send_time": int(time.time()), "title": "SSE probe", "content": "inserted and deleted again"}
    if kind == "generic":
        return {"title": "SSE probe"}
    return {"name": "SSE probe"}


def pump(selector, until, deadline, step=0.05):
    """Reads every readable subscriber until `until()` holds or the deadline passes."""
    while not until():
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return False
        for key, _ in selector.select(timeout=min(step, remaining)):
            key.data.on_readable()
    return True


def summary(values):
    values = sorted(values)
    if not values:
        return "none"
    p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
    return (f"min {values[0] * 1e3:.2f} ms, median {statistics.median(values) * 1e3:.2f} ms, "
            f"p99 {p99 * 1e3:.2f} ms, max {values[-1] * 1e3:.2f} ms")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--pid", type=int, help="the server's pid (default: found from the port)")
    parser.add_argument("--dataset", default="friends")
    parser.add_argument("--subscribers", type=int, default=500)
    parser.add_argument("--idle", type=float, default=30, help="seconds to measure idle CPU")
    parser.add_argument("--batches", type=int, default=5, help="insert+delete pairs to fire")
    parser.add_argument("--token", help="sent as Authorization: Bearer on batches")
    parser.add_argument("--timeout", type=float, default=180, help="overall deadline in seconds")
    args = parser.parse_args()
    if args.host not in LOOPBACK:
        sys.exit("this script only talks to a server on loopback (127.0.0.1, ::1, localhost)")
    if not 1 <= args.subscribers <= 20000 or args.batches < 1 or args.idle < 0:
        sys.exit("--subscribers must be 1…20000, --batches at least 1, --idle not negative")
    deadline = time.monotonic() + args.timeout
    pid = args.pid or server_pid(args.port)
    if pid is None:
        sys.exit(f"no process of this user listens on port {args.port}; pass --pid")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = args.subscribers + 64
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(wanted, soft)), hard))

    detail = request(args.host, args.port, "GET", f"/api/datasets/{args.dataset}")
    if not detail.get("version"):
        sys.exit(f"unexpected answer for dataset {args.dataset}")
    kind, version = detail["kind"], detail["version"]
    if not detail.get("sections"):
        sys.exit(f"dataset {args.dataset} has no section to insert a probe row into")
    print(f"server pid {pid}, dataset {args.dataset} ({kind}) at version {version}")

    rss0, threads0, cpu0 = proc_status(pid)
    print(f"before: RSS {rss0 / 1024:.1f} MiB, {threads0} threads")

    selector = selectors.DefaultSelector()
    subscribers = []
    started = time.monotonic()
    for _ in range(args.subscribers):
        subscriber = Subscriber(args.host, args.port, f"/api/datasets/{args.dataset}/events")
        selector.register(subscriber.sock, selectors.EVENT_READ, subscriber)
        subscribers.append(subscriber)
    if not pump(selector, lambda: all(s.ready for s in subscribers), deadline):
        sys.exit(f"only {sum(s.ready for s in subscribers)} of {len(subscribers)} subscribers got `ready` in time")
    clock = "kernel receive timestamps" if all(s.stamped for s in subscribers) else "the time this script read them"
    print(f"{len(subscribers)} subscribers ready in {time.monotonic() - started:.2f} s; event times are {clock}")
    time.sleep(1)
    rss1, threads1, cpu1 = proc_status(pid)
    print(f"subscribed: RSS {rss1 / 1024:.1f} MiB (+{(rss1 - rss0) / 1024:.1f} MiB, "
          f"{(rss1 - rss0) * 1024 / len(subscribers) / 1024:.1f} KiB each), {threads1} threads")

    idle = min(args.idle, max(0, deadline - time.monotonic() - 30))
    pump(selector, lambda: False, time.monotonic() + idle)
    rss2, threads2, cpu2 = proc_status(pid)
    share = (cpu2 - cpu1) / max(idle, 1e-9) * 100
    print(f"idle {idle:.0f} s: server CPU {cpu2 - cpu1:.3f} s ({share:.2f} % of a core), "
          f"RSS {rss2 / 1024:.1f} MiB, heartbeats seen per subscriber {min(s.pings for s in subscribers)}"
          f"…{max(s.pings for s in subscribers)}")

    fields = probe_fields(kind)
    to_last = []
    probe = None
    for index in range(args.batches * 2):
        if probe is None:
            body = {"baseVersion": version, "insertRows": [{"section": 0, "row": 0, "fields": fields}]}
            label = "insert"
        else:
            body = {"baseVersion": version, "deleteRows": [probe]}
            label = f"delete {probe}"
        outcome = {}

        def post():
            try:
                outcome["reply"], outcome["sent"], outcome["replied"] = post_batch(
                    args.host, args.port, f"/api/datasets/{args.dataset}/batch", body, args.token)
            except Exception as error:  # reported below
                outcome["error"] = error
            outcome["done"] = True

        thread = threading.Thread(target=post)
        thread.start()
        pump(selector, lambda: "done" in outcome, deadline)
        thread.join(max(0, deadline - time.monotonic()))
        if "error" in outcome or "reply" not in outcome:
            sys.exit(f"batch failed: {outcome.get('error', 'no reply in time')}")
        version = outcome["reply"]["version"]
        key = str(version)
        pump(selector, lambda: all(key in s.received or s.closed for s in subscribers),
             min(deadline, time.monotonic() + 5))
        times = [s.received[key][1] for s in subscribers if key in s.received]
        missing = len(subscribers) - len(times)
        dropped = sum(1 for s in subscribers if s.closed)
        named = sum(1 for s in subscribers
                    if key in s.received and any(d["id"] == probe for d in json.loads(s.received[key][2])["deletes"]))
        from_sent = [t - outcome["sent"] for t in times]
        last = max(times) - outcome["replied"] if times else float("nan")
        to_last.append(last)
        if probe is None and times:
            event = next(s.received[key][2] for s in subscribers if key in s.received)
            probe = json.loads(event)["inserts"][0]["id"]
        else:
            probe = None
        print(f"batch v{version} ({label}): reply in {(outcome['replied'] - outcome['sent']) * 1e3:.2f} ms; "
              f"event after send: {summary(from_sent)}; last subscriber {last * 1e3:+.2f} ms after the reply"
              + (f"; {missing} subscribers MISSED it ({dropped} connections closed)" if missing else "")
              + (f"; {named} events name row {body['deleteRows'][0]}" if "deleteRows" in body else ""))

    rss3, threads3, cpu3 = proc_status(pid)
    for subscriber in subscribers:
        selector.unregister(subscriber.sock)
        subscriber.sock.close()
    time.sleep(1)
    rss4, threads4, _ = proc_status(pid)
    print(f"after batches: RSS {rss3 / 1024:.1f} MiB; after closing the subscribers: RSS {rss4 / 1024:.1f} MiB, "
          f"{threads4} threads")
    print(f"summary: {len(subscribers)} idle subscribers cost {(rss1 - rss0) / 1024:.1f} MiB RSS and "
          f"{(cpu2 - cpu1) / max(idle, 1e-9) * 100:.2f} % CPU; batch reply → last subscriber: "
          f"max {max(to_last) * 1e3:.2f} ms, median {statistics.median(to_last) * 1e3:.2f} ms")


if __name__ == "__main__":
    main()
