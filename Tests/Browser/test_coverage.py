"""Never blank: wherever the list is scrolled, in whichever direction, once the page settles its rows cover the
viewport. One open group of 10,000 friends scrolled down, then up in 100 px steps (the group's header, carried
by every window at the group's top, once counted as covering the rows' range, so nothing was fetched), and 200
small open groups scrolled down and up. And on the way, every frame covered by rows or placeholders: a fast wheel,
a touch fling, End and Home over a search's results, a jump on a throttled connection (2 s, 50 KB/s)."""
from contextlib import contextmanager

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import at_width, open_table, screen_pixels, scroll_top, server_with, settled, wait
from screen_coverage import (count_fetches, coverage, covered_by_rows, record_frames, recorded_frames, scroll_by,
                             scroll_to, settle, touch_fling)

BIG_GROUP = 10_000
SMALL_GROUPS = 200


def friend(name):
    return {"name": name, "icon": f"friend-{len(name) % 40 + 1:02d}", "intro": "Hello, I am " + name, "vip": False}


@pytest.fixture(scope="module")
def groups_server():
    one = [{"name": "Everyone", "online": 1, "friends": [friend(f"Friend {i}") for i in range(BIG_GROUP)]}]
    small = [{"name": f"Group {g}", "online": g % 5, "friends": [friend(f"Friend {g}-{i}") for i in range(5 + g * 7 % 26)]}
             for g in range(SMALL_GROUPS)]
    # Inset grouped cards: 467 sections of 0 to 6 rows, for a search whose results are many short sections.
    cards = {"table": {"style": "insetGrouped", "sections": [
        {"header": f"Section {s}", "rows": [{"text": f"Row {s}.{r}", "detail": "Line\n" * (r % 4) + "end",
                                             "style": "subtitle"} for r in range(s * 5 % 7)]} for s in range(467)]}}
    # Rows whose emoji lines are taller than the server estimates them.
    tall = {"table": {"style": "plain", "sections": [{"rows": [
        {"text": f"Row {r}", "detail": "😀 好\n" * (r % 6) + "end", "style": "subtitle"} for r in range(400)]}]}}
    with server_with({"one": one, "small": small, "cards": cards, "tall": tall}) as running:
        yield running


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


# ---- every frame on the way: a wheel, a touch fling, End after a search, a throttled connection ----

def assert_never_blank(frames, label):
    """No frame shows the background: rows or placeholders cover ≥ 98 % of the viewport in each."""
    blank = [round(rows + placeholders, 2) for rows, placeholders in frames if rows + placeholders < 0.98]
    print(f"\n{label}: {len(frames)} frames, {sum(1 for rows, _ in frames if rows < 0.98)} under 98 % covered by rows, "
          f"{len(blank)} by rows or placeholders")
    assert blank == [], f"{label}: frames with the background showing: {blank} of {frames}"


def center(browser):
    return browser.execute_script("""
        const b = document.querySelector('[data-role=scroller]').getBoundingClientRect();
        return [Math.round(b.left + b.width / 2), Math.round(b.top + b.height / 2), Math.round(b.height)]""")


def test_a_fast_wheel_both_ways_never_shows_the_background(browser, groups_server):
    open_expanded(browser, groups_server, "one", 768)
    try:
        scroll_to(browser, 100_000)
        settle(browser)
        x, y, _ = center(browser)
        for sign in (1, -1):
            record_frames(browser, 1500)
            for _ in range(8):
                browser.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": x, "y": y,
                                                                     "deltaX": 0, "deltaY": 300 * sign})
            assert_never_blank(recorded_frames(browser), f"wheel, 8 × {300 * sign:+} px")
            settle(browser)
            assert coverage(browser)[0] >= 0.99
    finally:
        at_width(browser, 480)


def test_a_touch_fling_both_ways_never_shows_the_background(browser, groups_server):
    open_expanded(browser, groups_server, "one", 360)
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    try:
        scroll_to(browser, 100_000)
        settle(browser)
        x, y, height = center(browser)
        for sign in (1, -1):
            before = scroll_top(browser)
            record_frames(browser, 2000)
            distance = sign * height // 2
            touch_fling(browser, x, y + distance // 2, distance)
            assert_never_blank(recorded_frames(browser), f"touch fling {distance:+} px")
            settle(browser)
            assert (scroll_top(browser) - before) * sign > abs(distance), "the fling did not carry on past the finger"
            assert coverage(browser)[0] >= 0.99
    finally:
        browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        at_width(browser, 480)


def test_end_on_a_search_of_many_short_sections_shows_placeholders_all_the_way(browser, groups_server):
    """The random walk's seed 714901: End's smooth scroll over the results moved 3,000 px a frame, a frame ahead
    of the scroll events that placed the placeholders, and showed 6 frames of background."""
    at_width(browser, 768)
    try:
        open_table(browser, groups_server, "cards", "?q=3")
        count_fetches(browser)
        settle(browser)
        scroller = browser.find_element(By.CSS_SELECTOR, "[data-role=scroller]")
        browser.execute_script("arguments[0].focus()", scroller)
        for key in (Keys.END, Keys.HOME):
            record_frames(browser, 1200)
            ActionChains(browser).send_keys(key).perform()
            assert_never_blank(recorded_frames(browser), "End" if key == Keys.END else "Home")
            settle(browser)
            assert coverage(browser)[0] >= 0.99
    finally:
        at_width(browser, 480)


def test_on_a_throttled_connection_placeholders_stand_in_until_rows_arrive(browser, groups_server):
    """2 s latency and 50 KB/s: every frame after a jump shows rows or placeholders, never the background, and
    the rows arrive."""
    open_expanded(browser, groups_server, "one", 768)
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 2000, "downloadThroughput": 50 * 1024, "uploadThroughput": 50 * 1024})
    try:
        for top in (200_000, 60_000):
            record_frames(browser, 1500)
            scroll_to(browser, top)
            frames = recorded_frames(browser)
            assert_never_blank(frames, f"a jump to {top:,} px on a throttled connection")
            assert any(placeholders > 0.5 for _, placeholders in frames), "no placeholder stood in"
            assert covered_by_rows(browser, timeout=15)[0] >= 0.99, "the rows never arrived"
    finally:
        browser.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        browser.execute_cdp_cmd("Network.disable", {})
        at_width(browser, 480)


@pytest.fixture(scope="module")
def million_server():
    """A flat list of a million rows: 44 million px, past the height cap and past the ±33.5 million px Chromium
    lays out."""
    with server_with({"million": [{"title": f"Row {i}"} for i in range(1_000_000)]},
                     ["--max-import-bytes", str(2**30)]) as running:
        yield running


def test_end_and_home_on_a_million_rows_show_every_frame(browser, million_server):
    """End from a third of the way and Home from the end moved the view ~40 million px from where the elements
    were placed from; their offsets, clamped by Chromium's layout, drew nothing for 1 to 4 frames."""
    at_width(browser, 768)
    try:
        open_table(browser, million_server, "million")
        count_fetches(browser)
        settle(browser)
        scroller = browser.find_element(By.CSS_SELECTOR, "[data-role=scroller]")
        browser.execute_script("arguments[0].scrollTop = (arguments[0].scrollHeight - arguments[0].clientHeight) / 3",
                               scroller)
        settle(browser)
        browser.execute_script("arguments[0].focus()", scroller)
        for key in (Keys.END, Keys.HOME, Keys.END, Keys.HOME):
            record_frames(browser, 1200)
            ActionChains(browser).send_keys(key).perform()
            assert_never_blank(recorded_frames(browser), f"{'End' if key == Keys.END else 'Home'} on a million rows")
            settle(browser)
            assert coverage(browser)[0] >= 0.99
    finally:
        at_width(browser, 480)


def test_a_million_rows_are_covered_after_a_jump_to_the_middle_and_page_up_from_the_end(browser, million_server):
    """Issue 51: on 1M rows a jump to the middle or PageUp from the end left 5 % of the screen covered."""
    at_width(browser, 768)
    try:
        open_table(browser, million_server, "million")
        count_fetches(browser)
        scroller = browser.find_element(By.CSS_SELECTOR, "[data-role=scroller]")
        for fraction in (0.5, 0.25, 0.75):
            browser.execute_script("arguments[0].scrollTop = arguments[1] * (arguments[0].scrollHeight - "
                                   "arguments[0].clientHeight)", scroller, fraction)
            rows, placeholders = covered_by_rows(browser)
            assert rows >= 0.99, f"a jump to {fraction:.0%}: rows cover {rows:.2f}, placeholders {placeholders:.2f}"
        browser.execute_script("arguments[0].focus()", scroller)
        ActionChains(browser).send_keys(Keys.END).perform()
        settle(browser)
        for press in range(4):
            record_frames(browser, 800)
            ActionChains(browser).send_keys(Keys.PAGE_UP).perform()
            assert_never_blank(recorded_frames(browser), f"PageUp {press + 1} from the end")
            settle(browser)
            assert covered_by_rows(browser)[0] >= 0.99
    finally:
        at_width(browser, 480)


# ---- the table's first rows arriving at the top, under rows already shown ----

SLOW = {"offline": False, "latency": 1500, "downloadThroughput": -1, "uploadThroughput": -1}
FAST = {**SLOW, "latency": 0}

SHOWN_AT_TOP = """
const scroller = document.querySelector('[data-role=scroller]'), box = scroller.getBoundingClientRect();
return [...document.querySelectorAll('[data-row-id]')].filter(e => !e.hidden)
  .map(e => [e.dataset.rowId, e.getBoundingClientRect().top - box.top]).filter(([, top]) => top >= 0 && top < box.height)"""
FIRST_ROW = '[data-row-id][data-section="0"][data-row="0"]'
LAST_ROW = '[data-row-id][data-row="399"]'


@contextmanager
def slow_edge(browser, server, at_end):
    """The `tall` table at 768 px, its rows near the top (or the end) drawn, then a connection 1.5 s slow; the
    connection and the width come back afterwards."""
    at_width(browser, 768)
    open_table(browser, server, "tall", "" if at_end else "?top=900")
    settled(browser)
    if at_end:
        height, view = browser.execute_script(
            "const s = document.querySelector('[data-role=scroller]'); return [s.scrollHeight, s.clientHeight]")
        browser.execute_script("document.querySelector('[data-role=scroller]').scrollTop = arguments[0]",
                               height - 2.3 * view)
        settled(browser)
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", SLOW)
    try:
        yield
    finally:
        browser.execute_cdp_cmd("Network.emulateNetworkConditions", FAST)
        at_width(browser, 480)


def arrive(browser, selector, timeout=3):
    """Lets the held rows come, once `selector`'s row is on its way, and waits for the page to settle."""
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, selector), timeout=timeout,
         message=f"{selector} did not arrive")
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", FAST)
    settled(browser)


def moved_since(browser, shown):
    """The rows of `shown` (id, top) that are no longer where they were: (id, before, after or None)."""
    now = dict(browser.execute_script(SHOWN_AT_TOP))
    print(f"\nshown {[(key, round(top)) for key, top in shown]}, scrollTop now {scroll_top(browser)}")
    return [(key, round(top), round(now[key]) if key in now else None) for key, top in shown
            if key not in now or abs(now[key] - top) > 1]


def press(browser, key):
    browser.execute_script("arguments[0].focus()", browser.find_element(By.CSS_SELECTOR, "[data-role=scroller]"))
    ActionChains(browser).send_keys(key).perform()


def test_rows_shown_at_the_top_stay_put_when_the_first_rows_arrive_taller(browser, groups_server):
    """Scrolled up to the very top with the table's first rows still on their way, the rows already shown stay
    where they are when those arrive taller than estimated; the offset takes the difference, as UIKit's
    contentOffset does. (They moved down 336 px.)"""
    with slow_edge(browser, groups_server, at_end=False):
        browser.execute_script("document.querySelector('[data-role=scroller]').scrollTop = 0")
        shown = wait(browser, lambda d: d.execute_script(SHOWN_AT_TOP), message="no row shown at the top")
        assert all(top > 0 for _, top in shown), "the first rows were there already"
        browser.execute_cdp_cmd("Network.emulateNetworkConditions", FAST)
        arrive(browser, FIRST_ROW)
        moved = moved_since(browser, shown)
        assert moved == [], f"rows moved when the first rows arrived (id, before, after): {moved}"


def test_home_on_a_slow_connection_ends_at_the_first_row(browser, groups_server):
    """Home's destination is the table's top: when its rows arrive after the scroll, the first row is at the top."""
    with slow_edge(browser, groups_server, at_end=False):
        press(browser, Keys.HOME)
        arrive(browser, FIRST_ROW, timeout=8)
        first = browser.execute_script("""
            const box = document.querySelector('[data-role=scroller]').getBoundingClientRect();
            return document.querySelector(arguments[0]).getBoundingClientRect().top - box.top""", FIRST_ROW)
        assert scroll_top(browser) == 0 and abs(first) <= 1, (scroll_top(browser), first)


def test_rows_shown_at_the_end_stay_put_when_the_last_rows_arrive_taller(browser, groups_server):
    """The same at the end: scrolled to the end with the table's last rows on their way, the rows shown stay where
    they are when those arrive (they moved up by the difference), and the list can scroll on to the new end."""
    with slow_edge(browser, groups_server, at_end=True):
        browser.execute_script("const s = document.querySelector('[data-role=scroller]'); s.scrollTop = s.scrollHeight")
        shown = wait(browser, lambda d: d.execute_script(SHOWN_AT_TOP), message="no row shown at the end")
        assert not browser.find_elements(By.CSS_SELECTOR, LAST_ROW + ":not([hidden])"), \
            "the last rows were there already"
        browser.execute_cdp_cmd("Network.emulateNetworkConditions", FAST)
        arrive(browser, LAST_ROW)
        moved = moved_since(browser, shown)
        assert moved == [], f"rows moved when the last rows arrived (id, before, after): {moved}"


def test_end_on_a_slow_connection_ends_at_the_last_row(browser, groups_server):
    with slow_edge(browser, groups_server, at_end=True):
        press(browser, Keys.END)
        arrive(browser, LAST_ROW, timeout=8)
        gap = browser.execute_script("""
            const box = document.querySelector('[data-role=scroller]').getBoundingClientRect();
            return box.bottom - document.querySelector(arguments[0]).getBoundingClientRect().bottom""", LAST_ROW)
        assert abs(gap) <= 1, f"the last row's bottom is {gap:.0f} px from the list's bottom after End"


def test_skeleton_separators_end_with_the_readable_column(browser, million_server):
    """At 1,280 px a plain list's rows and their separators stand in a readable column; the skeleton rows that stand
    in for rows not yet arrived drew their separators on to the screen's edge."""
    at_width(browser, 1280)
    open_table(browser, million_server, "million")
    settled(browser)
    column = browser.execute_script(
        "const c = document.querySelector('[data-row-id] .rc'), r = c.getBoundingClientRect(), s = getComputedStyle(c);"
        "return [r.left + parseFloat(s.paddingLeft), r.right - parseFloat(s.paddingRight)]")
    assert column[1] - column[0] < 900, f"no readable column at 1,280 px: {column}"
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", {**SLOW, "latency": 8000})
    try:
        scroll_to(browser, 20_000_000)
        band = wait(browser, lambda d: d.execute_script(
            "const p = [...document.querySelectorAll('[data-role=placeholder]:not([hidden])')]"
            ".map(e => e.getBoundingClientRect()).find(r => r.top < innerHeight / 2 && r.bottom > innerHeight / 2),"
            "s = document.querySelector('[data-role=scroller]').getBoundingClientRect();"
            "return p && [Math.max(s.top, p.top), Math.min(s.bottom, p.bottom)]"), message="no skeleton rows stood in")
        pixels, ratio = screen_pixels(browser), browser.execute_script("return devicePixelRatio")
        visible = browser.execute_script(
            "return [...document.querySelectorAll('[data-role=placeholder]:not([hidden])')].some(e => {"
            "const r = e.getBoundingClientRect(); return r.top <= arguments[0] && r.bottom >= arguments[1] })", *band)
        assert visible, "the rows arrived before the screen was read"
    finally:
        browser.execute_cdp_cmd("Network.emulateNetworkConditions", FAST)
        browser.execute_cdp_cmd("Network.disable", {})
        at_width(browser, 480)

    def lines(x):
        """The pixel rows in the band whose colour at x differs from the band's first."""
        ys = range(int(band[0] * ratio) + 1, int(band[1] * ratio) - 1)
        first = pixels(int(x * ratio), ys[0])
        return sum(1 for y in ys if pixels(int(x * ratio), y) != first)

    assert lines(column[1] - 20) > 0, "no separator drawn inside the column"
    assert lines(column[1] + 24) == 0, "skeleton separators run past the readable column"
    assert lines(column[0] - 24) == 0, "skeletons drawn left of the readable column"


TOP_ITEM = """
const scroller = document.querySelector('[data-role=scroller]'), box = scroller.getBoundingClientRect();
const item = document.elementsFromPoint(box.left + scroller.clientWidth / 2, box.top + 3)
  .find(e => scroller.contains(e))?.closest('.layer > *');
return item && [item.matches('.hdr'), item.matches('[data-role=placeholder]'), item.getBoundingClientRect().top - box.top,
                item.getBoundingClientRect().height];
"""


@contextmanager
def jump_on_a_slow_connection(browser, top):
    """Scrolls to `top` on a connection 1.5 s slow and yields once placeholders stand in; the connection and the
    width come back afterwards."""
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", SLOW)
    try:
        scroll_to(browser, top)
        wait(browser, lambda d: coverage(d)[1] > 0.5, timeout=3, message="no placeholder stood in")
        yield
    finally:
        browser.execute_cdp_cmd("Network.emulateNetworkConditions", FAST)
        browser.execute_cdp_cmd("Network.disable", {})
        at_width(browser, 480)


@pytest.mark.parametrize("width", [360, 1280])
def test_a_jump_into_an_open_group_pins_a_header_over_its_skeletons(browser, groups_server, width):
    """Plain style pins the header of the section under the top. After a jump into another open group, before its
    rows arrive, a skeleton header stands pinned over the skeleton rows, and the real one takes its place."""
    open_expanded(browser, groups_server, "small", width)
    with jump_on_a_slow_connection(browser, 20_000):
        header, placeholder, top, height = browser.execute_script(TOP_ITEM)
        assert header and placeholder and abs(top) < 1, ("no header pinned over the skeletons", header, top)
        browser.execute_cdp_cmd("Network.emulateNetworkConditions", FAST)
        assert covered_by_rows(browser, timeout=15)[0] >= 0.99, "the rows never arrived"
        real, placeholder, real_top, real_height = browser.execute_script(TOP_ITEM)
        assert real and not placeholder and abs(real_top) < 1 and abs(real_height - height) < 1, (real_top, real_height, height)


def test_a_list_without_headers_pins_no_skeleton_header(browser, million_server):
    at_width(browser, 768)
    open_table(browser, million_server, "million")
    settled(browser)
    with jump_on_a_slow_connection(browser, 2_000_000):
        header, placeholder, _, _ = browser.execute_script(TOP_ITEM)
        assert placeholder and not header
