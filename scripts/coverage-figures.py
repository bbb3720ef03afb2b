#!/usr/bin/env python3
# ListServer — scripts
"""Prints how well the page keeps the screen covered while rows travel (issue 51, the README's budgets):
frames under 98 % covered per 100 for a wheel, a touch fling, End/Home and a dragged scroll bar, by rows and by
rows or placeholders, and the time from a scroll bar jump until rows cover the viewport.

Usage: coverage-figures.py [--binary .build/release/ListServer] [--width 768] [--rounds 5]
                           [--datasets one-group,million]

Datasets: `one-group` is one open group of 10,000 friends; `million` is 1,000,000 friends in 10,000 open groups
(scripts/gen-dataset.py), past Chromium's element height cap. Headless Chromium on loopback, as the browser suite
runs it (Tests/Browser/conftest.py); build the release binary first (`swift build -c release`).
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Browser"))
os.environ.setdefault("LISTSERVER_BIN", os.path.join(ROOT, ".build", "release", "ListServer"))

from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

from conftest import at_width, make_driver, open_table, server_with  # noqa: E402
from screen_coverage import COVERAGE as COVERAGE_SOURCE  # noqa: E402
from screen_coverage import count_fetches, record_frames, recorded_frames, scroll_to, settle  # noqa: E402

# Resolves with the ms from a scroll bar jump to `arguments[0]` of the list until rows cover 99 % of the viewport.
JUMP = """
const done = arguments[arguments.length - 1], measure = new Function(arguments[1]);
const scroller = document.querySelector('[data-role=scroller]'), start = performance.now();
scroller.scrollTop = arguments[0] * (scroller.scrollHeight - scroller.clientHeight);
const check = () => {
  if (measure()[0] >= 0.99) done(performance.now() - start);
  else if (performance.now() - start > 5000) done(-1);
  else requestAnimationFrame(check);
};
requestAnimationFrame(check);
"""


def center(driver):
    return driver.execute_script("""
        const b = document.querySelector('[data-role=scroller]').getBoundingClientRect();
        return [Math.round(b.left + b.width / 2), Math.round(b.top + b.height / 2), Math.round(b.height)]""")


def wheel(driver, sign):
    x, y, _ = center(driver)
    for _ in range(8):  # eight notches of a fast wheel, 300 px each, as one gesture
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": x, "y": y, "deltaX": 0,
                                                            "deltaY": 300 * sign})


def fling(driver, sign):
    x, y, height = center(driver)
    distance = sign * height // 2
    send = lambda kind, points: driver.execute_cdp_cmd("Input.dispatchTouchEvent",
                                                       {"type": kind, "touchPoints": points})
    send("touchStart", [{"x": x, "y": y + distance // 2}])
    for n in range(1, 7):
        send("touchMove", [{"x": x, "y": y + distance // 2 - distance * n // 6}])
    send("touchEnd", [])


def key(driver, name):
    ActionChains(driver).send_keys(name).perform()


def measure(driver, rounds, label, act, duration=1500, step=0):
    """Runs `act(round)` `rounds` times while recording each frame's coverage; returns the per-100 figures."""
    frames = []
    for number in range(rounds):
        settle(driver)
        record_frames(driver, duration, step(number) if step else 0)
        if act:
            act(number)
        frames += recorded_frames(driver)
    by_rows = sum(1 for rows, _ in frames if rows < 0.98)
    blank = sum(1 for rows, placeholders in frames if rows + placeholders < 0.98)
    print(f"  {label}: {100 * by_rows / len(frames):.1f} frames per 100 under 98 % covered by rows, "
          f"{100 * blank / len(frames):.1f} by rows or placeholders ({len(frames)} frames)", flush=True)


def figures(driver, server, dataset, width, rounds):
    at_width(driver, width)
    open_table(driver, server, dataset, "?expanded=all")
    count_fetches(driver)
    settle(driver)
    scroller = driver.find_element("css selector", "[data-role=scroller]")
    height = driver.execute_script("return arguments[0].scrollHeight - arguments[0].clientHeight", scroller)
    scroll_to(driver, height // 3)
    settle(driver)
    print(f"{dataset} at {width} px:", flush=True)
    measure(driver, rounds, "wheel (8 × 300 px)", lambda n: wheel(driver, 1 if n % 2 == 0 else -1))
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    measure(driver, rounds, "touch fling (half a screen)", lambda n: fling(driver, 1 if n % 2 == 0 else -1), 2000)
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
    driver.execute_script("arguments[0].focus()", scroller)
    measure(driver, rounds, "End/Home", lambda n: key(driver, Keys.END if n % 2 == 0 else Keys.HOME), 1200)
    scroll_to(driver, height // 10)
    # 30 % of the list in about a second and back, frame by frame, as a scroll bar dragged.
    measure(driver, rounds, "scroll bar drag (30 % in 1 s)", None, 1000,
            lambda n: (height * 0.3 / 60) * (1 if n % 2 == 0 else -1))
    times = []
    for number in range(4 * rounds):
        settle(driver)
        driver.set_script_timeout(10)
        times.append(driver.execute_async_script(JUMP, (number * 0.618) % 1, COVERAGE_SOURCE))
    reached = [t for t in times if t >= 0]
    print(f"  jump: rows cover the viewport {statistics.median(reached):.0f} ms after a scroll bar jump (median of "
          f"{len(reached)}, at most {max(reached):.0f} ms{'' if len(reached) == len(times) else ', some never'})",
          flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=os.environ["LISTSERVER_BIN"])
    parser.add_argument("--width", type=int, action="append")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--datasets", default="one-group,million")
    args = parser.parse_args()
    os.environ["LISTSERVER_BIN"] = os.path.abspath(args.binary)
    wanted = args.datasets.split(",")
    friend = lambda i: {"name": f"Friend {i}", "icon": f"friend-{i % 40 + 1:02d}", "intro": "Hello", "vip": i % 7 == 0}
    datasets = {}
    if "one-group" in wanted:
        datasets["one-group"] = [{"name": "Everyone", "online": 1, "friends": [friend(i) for i in range(10_000)]}]
    with tempfile.TemporaryDirectory() as folder:
        extra = []
        if "million" in wanted:
            path = os.path.join(folder, "million.json")
            subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "gen-dataset.py"), path], check=True)
            extra = ["--import", f"million={path}", "--max-import-bytes", str(2**30)]
        print(f"binary {args.binary}; {args.rounds} rounds of each input", flush=True)
        with server_with(datasets, extra) as server:
            driver = make_driver()
            try:
                for dataset in [d for d in wanted if d in ("one-group", "million")]:
                    for width in args.width or [768]:
                        figures(driver, server, dataset, width, args.rounds)
            finally:
                driver.quit()

if __name__ == "__main__":
    main()
