#!/usr/bin/env python3
"""Times a stale batch rebased over a long change log: starts a server (a release build by default) with one
section of --rows rows, posts --behind batches that each insert one row somewhere in it, then posts --runs
batches that each insert a row made on the version --behind versions back (so its place is carried through
--behind changes of a section of --rows rows). Prints the median time to the reply of the stale inserts, and
of the same insert made on the current version, in milliseconds.

    swift build -c release --product ListServer
    python3 scripts/rebase-bench.py --rows 100000 --behind 999
"""
import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


def start(binary, data, path):
    process = subprocess.Popen([binary, "--port", "0", "--data", data, "--quiet", "--import", f"long={path}",
                                "--max-import-bytes", str(2**31)], stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    return process, re.search(r"https?://[0-9A-Za-z.\[\]:-]+:\d+", line).group(0)


def post(url, body):
    """The reply's JSON and the seconds it took."""
    request = urllib.request.Request(url + "/api/datasets/long/batch", json.dumps(body).encode(),
                                     {"Content-Type": "application/json", "Origin": url})
    started = time.perf_counter()
    try:
        reply = json.load(urllib.request.urlopen(request, timeout=600))
    except urllib.error.HTTPError as error:
        raise SystemExit(f"{error.code}: {error.read().decode()}")
    return reply, time.perf_counter() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/ListServer"))
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--behind", type=int, default=999)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    random.seed(arguments.seed)
    data = tempfile.mkdtemp(prefix="rebase-bench-")
    try:
        path = os.path.join(data, "long.json")
        with open(path, "w") as file:
            json.dump([{"title": f"Row {index}", "detail": "d"} for index in range(arguments.rows)], file)
        process, url = start(arguments.binary, os.path.join(data, "store"), path)
        try:
            version = json.load(urllib.request.urlopen(url + "/api/datasets/long"))["version"]
            rows = arguments.rows

            def insert(base, title, behind=0):
                nonlocal rows
                at = random.randrange(rows - behind + 1)  # a place in the section as it was at `base`
                reply, seconds = post(url, {"baseVersion": base,
                                            "insertRows": [{"section": 0, "row": at, "fields": {"title": title}}]})
                rows += 1
                return reply["version"], seconds

            started = time.perf_counter()
            for step in range(arguments.behind):
                version, _ = insert(version, f"Theirs {step}")
            print(f"setup: {arguments.behind} inserts into {arguments.rows} rows in {time.perf_counter() - started:.1f} s")
            stale, fresh = [], []
            for run in range(arguments.runs):
                version, seconds = insert(version - arguments.behind, f"Stale {run}", arguments.behind)
                stale.append(seconds * 1000)
                version, seconds = insert(version, f"Fresh {run}")
                fresh.append(seconds * 1000)
            print(f"rebase-insert-{arguments.rows}-rows-{arguments.behind}-behind: "
                  f"{statistics.median(stale):.1f} ms (median of {arguments.runs}; {', '.join(f'{t:.0f}' for t in stale)})")
            print(f"insert-{arguments.rows}-rows-current: {statistics.median(fresh):.1f} ms (median of {arguments.runs})")
        finally:
            process.terminate()
            process.wait(timeout=30)
    finally:
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    main()
