"""Nothing grey while rows travel: End, Home and a dragged scroll bar. End and Home fetch the window where the
smooth scroll is headed first and placeholder rows stand in on the way; every frame is covered by rows or
placeholders, and the destination by rows once it is reached. The figures (frames under 98 % covered by rows,
and by rows or placeholders) are printed."""
import random

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import at_width, open_table, server_with, wait
from screen_coverage import count_fetches, coverage, record_frames, recorded_frames, scroll_to, settle
from test_coverage import groups_server  # noqa: F401 (the fixture)


def figures(frames, label):
    """Prints and returns the frames under 98 % covered by rows, and by rows or placeholders."""
    by_rows = sum(1 for rows, _ in frames if rows < 0.98)
    blank = [round(rows + placeholders, 2) for rows, placeholders in frames if rows + placeholders < 0.98]
    print(f"\n{label}: {len(frames)} frames, {by_rows} under 98 % covered by rows, {len(blank)} by rows or placeholders")
    return by_rows, blank


@pytest.fixture()
def big_group(browser, groups_server):  # noqa: F811
    at_width(browser, 768)
    try:
        open_table(browser, groups_server, "one", "?expanded=all")
        count_fetches(browser)
        settle(browser)
        scroller = browser.find_element(By.CSS_SELECTOR, "[data-role=scroller]")
        browser.execute_script("arguments[0].focus()", scroller)
        yield scroller
    finally:
        at_width(browser, 480)


def test_end_and_home_show_placeholders_on_the_way_and_rows_where_they_arrive(browser, big_group):
    for key in (Keys.END, Keys.HOME, Keys.END):
        record_frames(browser, 1200)
        ActionChains(browser).send_keys(key).perform()
        frames = recorded_frames(browser)
        _, blank = figures(frames, "End" if key == Keys.END else "Home")
        settle(browser)
        assert blank == [], f"frames with the background showing: {blank}"
        assert coverage(browser)[0] >= 0.99, "the destination is not covered by rows"


def test_a_dragged_scroll_bar_never_shows_the_background(browser, big_group):
    height = browser.execute_script("return arguments[0].scrollHeight - arguments[0].clientHeight", big_group)
    scroll_to(browser, height // 10)
    settle(browser)
    # 30 % of the list in about a second, frame by frame, as a scroll bar dragged; then back half as fast.
    for step, duration in ((height * 0.3 / 60, 1000), (-height * 0.15 / 60, 2000)):
        record_frames(browser, duration, step)
        frames = recorded_frames(browser)
        _, blank = figures(frames, f"scroll bar, {step:+.0f} px a frame")
        assert blank == [], f"frames with the background showing: {blank}"
        settle(browser)
        assert coverage(browser)[0] >= 0.99


SKELETON_ROWS = """
const scroller = document.querySelector('[data-role=scroller]'), box = scroller.getBoundingClientRect();
return [...document.querySelectorAll('[data-role=placeholder]')].filter(e => !e.hidden).map(e => {
  const r = e.getBoundingClientRect(), style = getComputedStyle(e);
  return [r.top - box.top, r.bottom - box.top, parseFloat(style.getPropertyValue('--row')),
    parseFloat(style.getPropertyValue('--phase'))];
});
"""
FIRST_ROW = """
const box = document.querySelector('[data-role=scroller]').getBoundingClientRect();
const rows = [...document.querySelectorAll('[data-row-id]')].filter(e => !e.hidden && e.getBoundingClientRect().bottom > box.top);
return Math.min(...rows.map(e => +e.dataset.row));
"""
ROW_TOPS = """
const box = document.querySelector('[data-role=scroller]').getBoundingClientRect();
return [...document.querySelectorAll('[data-row-id]')].filter(e => !e.hidden).map(e => e.getBoundingClientRect())
  .filter(r => r.bottom > box.top && r.top < box.bottom).map(r => r.top - box.top);
"""


def test_rows_arrive_where_their_placeholders_stood(browser, big_group):
    """On a slow connection the rows above are placeholders first; they arrive in the skeleton rows' places and
    the rows already drawn do not move."""
    scroll_to(browser, 12_000)
    settle(browser)
    browser.execute_script("const real = window.fetch; window.fetch = (...a) => new Promise(r => setTimeout(r, 600))"
                           ".then(() => real(...a));")
    browser.execute_script("arguments[0].scrollTop -= 1000", big_group)
    browser.execute_script("return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    skeletons, drawn = browser.execute_script(SKELETON_ROWS), browser.execute_script(ROW_TOPS)
    rows, placeholders = coverage(browser)
    assert skeletons and placeholders > 0.3 and rows + placeholders >= 0.99, (skeletons, rows, placeholders)
    wait(browser, lambda d: coverage(d)[0] >= 0.99, timeout=5, message="the rows did not arrive")
    arrived = browser.execute_script(ROW_TOPS)
    assert set(round(top) for top in drawn) <= set(round(top) for top in arrived), "rows drawn before moved"
    top, bottom, height, phase = skeletons[0]
    boundaries = {round(top + phase + k * height) for k in range(-1, int((bottom - top) / height) + 2)}
    inside = [round(t) for t in arrived if top - 1 <= t < bottom - 1]
    assert inside and all(t in boundaries or t - 1 in boundaries or t + 1 in boundaries for t in inside), \
        (inside, sorted(boundaries))


def test_a_tall_row_stands_as_skeleton_rows_of_a_few_lines_that_end_where_it_ends(browser):
    """Rows of twenty lines: their placeholders are skeleton rows of at most three lines each, a whole number of
    them to a row, not one skeleton as tall as the screen."""
    story = " ".join(f"The {i}th verse of a long saga told by the fire." for i in range(30))
    tall = [{"name": f"Hero {r}", "title": "The Teller", "icon": "hero-01", "desc": story, "tags": ["Bard"]}
            for r in range(3000)]
    with server_with({"tall": tall}) as running:
        open_table(browser, running, "tall")
        count_fetches(browser)
        estimated = browser.execute_script("return +document.querySelector('[data-row-id]').dataset.h")
        assert estimated > 300, estimated
        scroller = browser.find_element(By.CSS_SELECTOR, "[data-role=scroller]")
        scroll_to(browser, 200_000)
        settle(browser)
        browser.execute_script("const real = window.fetch; window.fetch = (...a) => new Promise(r => setTimeout(r, 600))"
                               ".then(() => real(...a));")
        browser.execute_script("arguments[0].scrollTop -= 3000", scroller)
        skeletons = wait(browser, lambda d: d.execute_script(SKELETON_ROWS), message="no placeholder on the way")
        # The server's estimate at the page's width (the first page's was at another).
        estimated = browser.execute_script("return +[...document.querySelectorAll('[data-row-id]')].find(e => !e.hidden).dataset.h")
        for _, _, height, _ in skeletons:
            assert 44 <= height <= 132, f"a skeleton row {height} px tall"
            parts = estimated / height
            assert abs(parts - round(parts)) < 0.01, f"{parts} skeleton rows to a row of {estimated} px"


def test_the_scroll_bar_lands_where_its_place_in_the_list_says_on_rows_of_uneven_heights(browser):
    """Heroes of one to twenty lines, a fresh page at each width: the scroll bar dragged to a quarter, a half and three
    quarters of its way shows the rows at that place in the list, as UIKit's estimates do once they are close. The
    server estimates heights for the width the rows' text has (the readable column on a wide page), and a page of
    another width than its first window's asks again for its own before a jump reads the table's height."""
    words = "sun moon blade oath river stone fire wind light shadow crown".split()
    rng = random.Random(7)
    heroes = [{"name": f"Hero {i}", "title": "The Teller", "icon": "hero-01", "tags": ["Bard"],
               "desc": " ".join(rng.choice(words) for _ in range(rng.randint(1, 20) * 12))} for i in range(20_000)]
    with server_with({"uneven": heroes}) as running:
        for width in (1280, 768, 480):
            at_width(browser, width)
            open_table(browser, running, "uneven")
            count_fetches(browser)
            # The window for this width, asked for as the page starts (before fetches are counted), has landed.
            wait(browser, lambda d: d.execute_script(
                "return performance.getEntriesByType('resource').some(e => e.name.includes('/fragment?') && e.responseEnd > 0)"),
                message="the page did not ask for its width's heights")
            settle(browser)
            for fraction in (0.25, 0.5, 0.75):
                browser.execute_script("const s = document.querySelector('[data-role=scroller]');"
                                       "s.scrollTop = (s.scrollHeight - s.clientHeight) * arguments[0]", fraction)
                settle(browser)
                row = browser.execute_script(FIRST_ROW)
                assert abs(row / len(heroes) - fraction) < 0.03, f"at {width} px, {fraction:.0%} shows row {row}"
    at_width(browser, 480)


# Presses the scroller (as its scroll bar) and moves it by a 1/frames of its height each frame until it reaches its
# end; resolves then.
DRAG_TO_THE_END = """
const frames = arguments[0], done = arguments[arguments.length - 1], s = document.querySelector('[data-role=scroller]');
s.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}));
const step = (s.scrollHeight - s.clientHeight) / frames;
const frame = () => {
  if (s.scrollTop >= s.scrollHeight - s.clientHeight - 1) return done();
  s.scrollTop += step;
  requestAnimationFrame(frame);
};
requestAnimationFrame(frame);
"""
LAST_ROW_GAP = """
const scroller = document.querySelector('[data-role=scroller]'), box = scroller.getBoundingClientRect();
const last = [...document.querySelectorAll('[data-row-id]')].find(e => !e.hidden && +e.dataset.row === arguments[0]);
return [last ? box.bottom - last.getBoundingClientRect().bottom : null,
        scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop];
"""


@pytest.mark.parametrize("width", [360, 1280])
def test_a_scroll_bar_dragged_to_its_end_shows_the_last_row_on_rows_taller_than_estimated(browser, width):
    """Rows of emoji, long words and right-to-left text, taller than the server estimates them: the list grows as
    the rows on the way are measured. A scroll bar dragged to its end is End: the last row ends at the bottom and
    the bar stays at its end (the list once stopped about half way, the bar no longer under the pointer)."""
    rng = random.Random(3)
    pieces = ["😀🎉🧭", "好久不见", "مرحبا بالعالم", "Pneumonoultramicroscopicsilicovolcanoconiosis" * 3, "ok"]
    rows = [{"text": f"Row {i}", "style": "subtitle",
             "detail": "\n".join(" ".join(rng.choice(pieces) for _ in range(rng.randint(1, 6)))
                                 for _ in range(rng.randint(1, 5)))} for i in range(3_000)]
    with server_with({"odd": {"table": {"style": "plain", "sections": [{"rows": rows}]}}}) as running:
        at_width(browser, width)
        try:
            open_table(browser, running, "odd")
            count_fetches(browser)
            settle(browser)
            # A press on the scroll bar, then the thumb dragged to the end of its track in 150 frames, held there.
            browser.set_script_timeout(20)
            browser.execute_async_script(DRAG_TO_THE_END, 150)
            settle(browser)
            wait(browser, lambda d: d.execute_script(LAST_ROW_GAP, len(rows) - 1)[0] is not None, timeout=5,
                 message="the last row is not drawn")
            gap, below = browser.execute_script(LAST_ROW_GAP, len(rows) - 1)
            print(f"\nat {width} px: the last row ends {gap:.0f} px above the bottom, the bar {below:.0f} px from its end")
            assert abs(gap) <= 2 and below <= 1, (gap, below)
        finally:
            at_width(browser, 480)
