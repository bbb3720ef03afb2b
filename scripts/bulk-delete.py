#!/usr/bin/env python3
"""Times a selection of any size deleted in one batch: starts a server (a release build by default) with a
messages list of --rows rows, listens to its event stream, and posts one batch deleting every row but one as
a run ({"section": id, "except": [id]}). Prints the batch's time to its reply, the time until the change event
arrived and the event's size.

    swift build -c release --product ListServer
    python3 scripts/bulk-delete.py --rows 1000000
"""
import argparse
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


def start(binary, data, path):
    process = subprocess.Popen([binary, "--port", "0", "--data", data, "--quiet", "--import", f"inbox={path}",
                                "--max-import-bytes", str(2**31)], stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    return process, re.search(r"https?://[0-9A-Za-z.\[\]:-]+:\d+", line).group(0)


def events(url, arrived):
    """Reads the stream; notes when each change event's data line ends, and its size."""
    host = url.split("//")[1]
    connection = http.client.HTTPConnection(host)
    connection.request("GET", "/api/datasets/inbox/events")
    response = connection.getresponse()
    size, kind = 0, None
    while True:
        line = response.readline()
        if not line:
            return
        if line.startswith(b"event:"):
            kind = line[6:].strip()
        elif line.startswith(b"data:"):
            size += len(line)
        elif line == b"\n":
            if kind == b"change":
                arrived.append((time.perf_counter(), size))
            size, kind = 0, None


def post(url, body):
    request = urllib.request.Request(url + "/api/datasets/inbox/batch", json.dumps(body).encode(),
                                     {"Content-Type": "application/json", "Origin": url})
    started = time.perf_counter()
    reply = json.load(urllib.request.urlopen(request, timeout=600))
    return started, time.perf_counter() - started, reply


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "ListServer"))
    options = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="listserver-bulk-")
    try:
        path = os.path.join(folder, "inbox.json")
        with open(path, "w") as out:
            json.dump([{"send_time": 1_576_139_886 + i, "title": f"Message {i}", "content": f"Body {i}"}
                       for i in range(options.rows)], out)
        process, url = start(options.binary, os.path.join(folder, "data"), path)
        try:
            meta = json.load(urllib.request.urlopen(url + "/api/datasets/inbox"))
            section = meta["sections"][0]["id"]
            first = json.load(urllib.request.urlopen(url + "/api/datasets/inbox/window?top=0&height=200&overscan=0"))
            kept = first["rows"][1]["id"]
            arrived = []
            threading.Thread(target=events, args=(url, arrived), daemon=True).start()
            time.sleep(3)  # the work after a load (huge pages, the WAL checkpoint) settles
            started, took, reply = post(url, {"baseVersion": meta["version"],
                                              "deleteRows": [{"section": section, "except": [kept]}]})
            while not arrived:
                time.sleep(0.01)
            at, size = arrived[0]
            after = json.load(urllib.request.urlopen(url + "/api/datasets/inbox"))["rowCount"]
            print(f"delete {options.rows - 1:,} of {options.rows:,} rows as one run: {took * 1000:.0f} ms to the reply, "
                  f"{(at - started) * 1000:.0f} ms to the change event ({size:,} bytes); {after} row left")
        finally:
            process.terminate()
            process.wait()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
