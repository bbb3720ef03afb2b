"""Never blank: wherever the list is scrolled, in whichever direction, once the page settles its rows cover the
viewport. One open group of 10,000 friends scrolled down, then up in 100 px steps (the group's header, carried
by every window at the group's top, once counted as covering the rows' range, so nothing was fetched), and 200
small open groups scrolled down and up."""
import json
import os
import shutil
import tempfile

import pytest
from selenium.webdriver.common.by import By

from conftest import Server, at_width, open_table
from screen_coverage import count_fetches, coverage, scroll_by, scroll_to, scroll_top, settle

BIG_GROUP = 10_000
SMALL_GROUPS = 200


def friend(name):
    return {"name": name, "icon": f"friend-{len(name) % 40 + 1:02d}", "intro": "Hello, I am " + name, "vip": False}


@pytest.fixture(scope="module")
def groups_server():
    folder = tempfile.mkdtemp(prefix="listserver-coverage-")
    one = [{"name": "Everyone", "online": 1, "friends": [friend(f"Friend {i}") for i in range(BIG_GROUP)]}]
    small = [{"name": f"Group {g}", "online": g % 5, "friends": [friend(f"Friend {g}-{i}") for i in range(5 + g * 7 % 26)]}
             for g in range(SMALL_GROUPS)]
    paths = []
    for name, value in (("one", one), ("small", small)):
        path = os.path.join(folder, f"{name}.json")
        with open(path, "w") as out:
            json.dump(value, out)
        paths += ["--import", f"{name}={path}"]
    running = Server(paths)
    yield running
    running.stop()
    shutil.rmtree(folder, ignore_errors=True)


def open_expanded(browser, server, dataset, width):
    at_width(browser, width)
    open_table(browser, server, dataset, "?expanded=all")
    count_fetches(browser)
    settle(browser)


def walk(browser, steps):
    """Scrolls by each of `steps` px, waits for the page to settle, and returns the rows' coverage after each."""
    seen = []
    for step in steps:
        scroll_by(browser, step)
        settle(browser)
        seen.append((scroll_top(browser), coverage(browser)[0]))
    return seen


def assert_covered(seen, label):
    short = [(round(top), round(rows, 3)) for top, rows in seen if rows < 0.99]
    print(f"\n{label}: rows covered at least {min(rows for _, rows in seen):.2f} of the viewport over {len(seen)} steps")
    assert short == [], f"{label}: the viewport is not covered by rows at (scrollTop, fraction) {short[:12]}"


@pytest.mark.parametrize("width", [360, 768])
def test_scrolling_up_inside_one_open_group_of_10000_keeps_the_screen_covered(browser, groups_server, width):
    open_expanded(browser, groups_server, "one", width)
    try:
        scroll_to(browser, 10_000)
        settle(browser)
        assert coverage(browser)[0] >= 0.99
        assert_covered(walk(browser, [-100] * 100), f"up from 10,000 px at {width} px")
    finally:
        at_width(browser, 480)


@pytest.mark.parametrize("width", [360, 1280])
def test_small_open_groups_stay_covered_scrolling_down_and_up(browser, groups_server, width):
    open_expanded(browser, groups_server, "small", width)
    try:
        seen = walk(browser, [100] * 80)
        seen += walk(browser, [-100] * 80)
        scroll_to(browser, 20_000)
        settle(browser)
        seen += walk(browser, [-250] * 40 + [250] * 20)
        assert_covered(seen, f"200 small groups at {width} px")
    finally:
        at_width(browser, 480)


def test_a_header_pinned_over_a_gap_does_not_count_as_covering_it(browser, groups_server):
    """The group's header pins at the top; the rows under it must still be drawn, below it and under it."""
    open_expanded(browser, groups_server, "one", 768)
    scroll_to(browser, 30_000)
    settle(browser)
    scroll_by(browser, -1_500)
    settle(browser)
    rows, _ = coverage(browser)
    under_header = browser.execute_script("""
        const scroller = document.querySelector('[data-role=scroller]'), box = scroller.getBoundingClientRect();
        return [...document.querySelectorAll('[data-row-id]')].filter(e => !e.hidden).some(e => {
          const r = e.getBoundingClientRect(); return r.top <= box.top + 1 && r.bottom > box.top; })""")
    assert rows >= 0.99 and under_header, (rows, under_header)
    assert browser.find_elements(By.CSS_SELECTOR, ".pinned[data-section-id]")
