#!/usr/bin/env python3
# ListServer — scripts
"""Prints how close the server's row height estimates come to the heights Chromium lays the rows out at: a list of
uneven heroes (names with titles of 1 to 6 words, tags on 70 %, descriptions of 3 to 120 words on 90 %, Latin and
Chinese) is scrolled through at each width, and every row's estimate (`data-h`, as the server sent it for the page's
width: the first window, in the page's HTML, is estimated for a phone's 375 px and asked again) is set against its
measured height. The scroll bar's length and a jump's landing rest on these estimates.

Usage: height-estimates.py [--width 360 --width 768 --width 1280] [--rows 600] [--seed 7]

Headless Chromium on loopback, as the browser suite runs it (Tests/Browser/conftest.py); the binary is
LISTSERVER_BIN, else the debug build.
"""
import argparse
import os
import random
import statistics
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Browser"))

from conftest import at_width, make_driver, open_table, server_with, settled  # noqa: E402

WORDS = ("swift blade storm keeper of the northern gate who walks alone through fire and ice wields ancient magic "
         "against the shadow legions 守护 王国 的 骑士 以 剑 与 盾 抵御 黑暗").split()
TAGS = ["Warrior", "Mage", "Tank", "Support", "Assassin", "射手"]
ROWS = """return [...document.querySelectorAll('[data-row-id]:not([hidden])')].map(r =>
  [r.dataset.rowId, +r.dataset.h, r.getBoundingClientRect().height])"""
STEP = """const s = document.querySelector('[data-role=scroller]'); s.scrollTop += 600;
  return s.scrollTop + s.clientHeight >= s.scrollHeight - 2"""


def heroes(count, seed):
    rng = random.Random(seed)

    def hero(i):
        fields = {"name": f"Hero {i}", "title": " ".join(rng.choice(WORDS) for _ in range(rng.choice([1, 2, 3, 6])))}
        if rng.random() < 0.7:
            fields["tags"] = [rng.choice(TAGS) for _ in range(rng.randint(1, 4))]
        if rng.random() < 0.9:
            fields["desc"] = " ".join(rng.choice(WORDS) for _ in range(rng.choice([3, 8, 15, 30, 60, 120])))
        return fields
    return [hero(i) for i in range(count)]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--width", type=int, action="append")
    parser.add_argument("--rows", type=int, default=600)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    driver = make_driver()
    try:
        with server_with({"uneven": heroes(args.rows, args.seed)}) as server:
            for width in args.width or [360, 768, 1280]:
                at_width(driver, width)
                open_table(driver, server, "uneven")
                estimated, measured = {}, {}
                for _ in range(10 * args.rows):
                    settled(driver)
                    for key, estimate, height in driver.execute_script(ROWS):
                        estimated[key], measured[key] = estimate, height
                    if driver.execute_script(STEP):
                        settled(driver)
                        for key, estimate, height in driver.execute_script(ROWS):
                            estimated[key], measured[key] = estimate, height
                        break
                keys = sorted(set(estimated) & set(measured))
                errors = sorted(measured[k] - estimated[k] for k in keys)
                total = sum(estimated[k] for k in keys) / sum(measured[k] for k in keys)
                print(f"{width:5d} px: {len(keys)} rows, estimated/measured {total:.3f}; row error (measured - "
                      f"estimated) median {statistics.median(errors):+.0f} px, p10 {errors[len(errors) // 10]:+.0f}, "
                      f"p90 {errors[len(errors) * 9 // 10]:+.0f}", flush=True)
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
