"""The list scrolls as a plain page does, on 50,000 self-sizing rows at 768×1024: End shows the last row, Home
the first (scrollTop 0), PageDown and the wheel move what is seen by exactly the scroller's delta, wherever the
rows' measured heights differ from the server's estimates."""
import json
import os
import shutil
import tempfile

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import Server, at_width, open_table, text_of, wait

SECTIONS, PER_SECTION = 50, 1000


@pytest.fixture(scope="module")
def long_server():
    folder = tempfile.mkdtemp(prefix="listserver-long-")
    path = os.path.join(folder, "long.json")
    groups = [{"title": f"Group {s}", "rows": [
        {"title": f"Row {s * PER_SECTION + r}", "detail": text_of(s * 7 + r)[: 20 + (r * 37) % 300]}
        for r in range(PER_SECTION)]} for s in range(SECTIONS)]
    with open(path, "w") as out:
        json.dump(groups, out, ensure_ascii=False)
    running = Server(["--import", f"long={path}"], startup_timeout=120)
    yield running
    running.stop()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture()
def long_list(browser, long_server):
    at_width(browser, 768, 1024)
    try:
        open_table(browser, long_server, "long")
        scroller = browser.find_element(By.CSS_SELECTOR, "[data-role=scroller]")
        browser.execute_script("arguments[0].focus()", scroller)
        yield scroller
    finally:
        at_width(browser, 480)


POSITION = "return [arguments[0].scrollTop, arguments[0].scrollHeight, arguments[0].clientHeight]"
VISIBLE_ROWS = """
const box = arguments[0].getBoundingClientRect();
return [...document.querySelectorAll('[data-row-id]')].filter(e => !e.hidden)
  .map(e => [e.dataset.section + '.' + e.dataset.row, e.getBoundingClientRect().top - box.top,
    e.getBoundingClientRect().bottom - box.top])
  .filter(([, top, bottom]) => bottom > 0 && top < box.height).sort((a, b) => a[1] - b[1]);
"""


def settle(driver, scroller):
    """Waits until the scroller has stopped (the same position over six polls) and no window is on its way."""
    seen = {"last": None, "still": 0}

    def stopped(d):
        now = d.execute_script(POSITION, scroller)
        busy = d.execute_script(
            "return performance.getEntriesByType('resource').some(e => e.name.includes('/fragment') && !e.responseEnd)")
        seen["still"] = seen["still"] + 1 if now == seen["last"] and not busy else 0
        seen["last"] = now
        return now if seen["still"] >= 6 else None

    return wait(driver, stopped, message="the list did not stop scrolling")


def press(driver, key):
    ActionChains(driver).send_keys(key).perform()


def test_end_shows_the_last_row_and_home_the_first(browser, long_list):
    last_row = f"{SECTIONS - 1}.{PER_SECTION - 1}"
    for _ in range(2):
        press(browser, Keys.END)
        # Rows measured on the way move the end; the page finishes the way there when scrolling ends, which
        # a loaded machine may deliver after the scroller has looked still for a moment.
        at_end = lambda d: (lambda p: p if abs(p[0] - (p[1] - p[2])) <= 1 else None)(settle(d, long_list))
        top, height, client = wait(browser, at_end, timeout=15,
                                   message="End did not stop at the end")
        rows = browser.execute_script(VISIBLE_ROWS, long_list)
        assert rows[-1][0] == last_row, f"the last visible row is {rows[-1]}, not row {last_row}"
        assert rows[-1][2] <= client + 1, "the last row is cut off at the bottom"

        press(browser, Keys.HOME)
        wait(browser, lambda d: settle(d, long_list)[0] == 0, timeout=15, message="Home did not stop at the top")
        rows = browser.execute_script(VISIBLE_ROWS, long_list)
        assert rows[0][0] == "0.0" and rows[0][1] >= 0, f"the first visible row is {rows[0]}"


def moved_by(browser, scroller, before_rows, scrolled):
    """How far each row seen before is now above where it was, for the rows still drawn."""
    now = {row: top for row, top, _ in browser.execute_script(VISIBLE_ROWS, scroller)}
    shared = [(row, top - now[row]) for row, top, _ in before_rows if row in now]
    assert shared, "no row seen before is still in view"
    return [(row, round(delta - scrolled, 1)) for row, delta in shared if abs(delta - scrolled) > 1]


def test_page_down_and_up_move_what_is_seen_by_the_scrollers_delta(browser, long_list):
    browser.execute_script("arguments[0].scrollTop = arguments[0].scrollHeight * 0.4", long_list)
    settle(browser, long_list)
    for key in [Keys.PAGE_DOWN] * 4 + [Keys.PAGE_UP] * 4:
        before, _, client = settle(browser, long_list)
        rows = browser.execute_script(VISIBLE_ROWS, long_list)
        press(browser, key)
        after, _, _ = settle(browser, long_list)
        scrolled = after - before
        assert client * 0.5 < abs(scrolled) < client, f"{key!r} scrolled {scrolled} px of {client}"
        assert moved_by(browser, long_list, rows, scrolled) == []


def test_the_wheel_moves_what_is_seen_by_its_delta(browser, long_list):
    browser.execute_script("arguments[0].scrollTop = arguments[0].scrollHeight * 0.7", long_list)
    settle(browser, long_list)
    for delta in (600, 600, 600, -600, -600, -600):
        before, _, _ = settle(browser, long_list)
        rows = browser.execute_script(VISIBLE_ROWS, long_list)
        ActionChains(browser).scroll_from_origin(ScrollOrigin.from_element(long_list), 0, delta).perform()
        after, _, _ = settle(browser, long_list)
        assert abs((after - before) - delta) <= 1, f"a {delta} px wheel scrolled {after - before} px"
        assert moved_by(browser, long_list, rows, delta) == []
