"""A million rows in 10,000 sections: bounded DOM, every row reachable past Chromium's element height cap,
fast jumps, the section index. LISTSERVER_LARGE_SECTIONS=100000 runs the same tests on ten million rows (use a
release build: LISTSERVER_BIN=.build/release/ListServer)."""
import json
import os
import shutil
import tempfile
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from conftest import Server, open_table, screenshot, wait

SECTIONS = int(os.environ.get("LISTSERVER_LARGE_SECTIONS", "10000"))
PER_SECTION = 100
ROW_COUNT = SECTIONS * PER_SECTION
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def letter(section):
    return LETTERS[section * len(LETTERS) // SECTIONS]


@pytest.fixture(scope="module")
def big_server():
    folder = tempfile.mkdtemp(prefix="listserver-big-")
    path = os.path.join(folder, "big.json")
    with open(path, "w") as out:
        out.write("[")
        for section in range(SECTIONS):
            first = section * PER_SECTION
            rows = ",".join(f'{{"title":"Row {i}","detail":"Item {i:,} of group {section}"}}'
                            for i in range(first, first + PER_SECTION))
            out.write(f'{"," if section else ""}{{"title":"{letter(section)} · Group {section}","rows":[{rows}]}}')
        out.write("]")
    crowd = os.path.join(folder, "crowd.json")
    with open(crowd, "w") as out:
        json.dump([{"name": "Everyone", "online": 12, "friends": [
            {"name": f"Friend {i}", "icon": f"friend-{i % 40 + 1:02d}", "vip": i % 7 == 0} for i in range(300)]},
            {"name": "Nobody", "online": 0, "friends": []}], out)
    running = Server(["--import", f"big={path}", "--import", f"crowd={crowd}", "--max-import-bytes", str(2**31)],
                     startup_timeout=300)
    yield running
    running.stop()
    shutil.rmtree(folder, ignore_errors=True)


ELEMENT_COUNT = "return document.querySelector('[data-role=scroller] .layer').children.length"
JUMP_TO_END = """
const done = arguments[arguments.length - 1], [section, row] = arguments;
const sc = document.querySelector('[data-role=scroller]'), box = sc.getBoundingClientRect();
const t0 = performance.now();
sc.scrollTop = sc.scrollHeight;
const check = () => {
  const el = document.querySelector(`[data-row-id][data-section="${section}"][data-row="${row}"]`);
  const r = el && !el.hidden && el.getBoundingClientRect();
  if (r && r.top >= box.top - 1 && r.bottom <= box.bottom + 1) {
    requestAnimationFrame(() => done(performance.now() - t0));
  } else if (performance.now() - t0 > 5000) done(-1);
  else requestAnimationFrame(check);
};
requestAnimationFrame(check);
"""


def test_the_last_row_is_painted_within_100_ms_of_a_jump_to_the_end(browser, big_server):
    """The budget: the median of three jumps from the top, measured in the page from the scroll to the frame after
    the last row is in the viewport."""
    open_table(browser, big_server, "big")
    scroller = browser.find_element(By.CSS_SELECTOR, "[data-role=scroller]")
    height = browser.execute_script("return arguments[0].scrollHeight", scroller)
    assert height <= 16_000_000, "the spacer must stay under Chromium's element height cap"
    browser.set_script_timeout(10)
    times = []
    for _ in range(3):
        browser.execute_script("arguments[0].scrollTop = 0", scroller)
        wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, '[data-row-id][data-section="0"][data-row="0"]'))
        times.append(browser.execute_async_script(JUMP_TO_END, SECTIONS - 1, PER_SECTION - 1))
    elapsed = sorted(times)[1]
    print(f"\njump to the end of {ROW_COUNT:,} rows: last row painted after {elapsed:.1f} ms"
          f" (median of {', '.join(f'{t:.1f}' for t in times)} ms)")
    assert min(times) >= 0 and elapsed <= 100
    last = browser.find_element(By.CSS_SELECTOR, f'[data-row-id][data-section="{SECTIONS - 1}"][data-row="{PER_SECTION - 1}"]')
    assert last.text.startswith(f"Row {ROW_COUNT - 1}")
    assert last.get_attribute("data-row") == str(PER_SECTION - 1) and last.get_attribute("aria-level") == "2"
    assert browser.execute_script(ELEMENT_COUNT) <= 200
    screenshot(browser, "generic")


def test_row_elements_stay_bounded_while_scrolling_anywhere(browser, big_server):
    open_table(browser, big_server, "big")
    scroller = browser.find_element(By.CSS_SELECTOR, "[data-role=scroller]")
    height = browser.execute_script("return arguments[0].scrollHeight - arguments[0].clientHeight", scroller)
    most = 0
    for step in range(0, 41):
        offset = int(height * step / 40) if step % 2 == 0 else int(height * (40 - step) / 40)
        browser.execute_script("arguments[0].scrollTop = arguments[1]", scroller, offset)
        wait(browser, lambda d: d.execute_script(
            "const s = arguments[0].getBoundingClientRect();"
            "return [...document.querySelectorAll('[data-row-id]')].some(e => !e.hidden &&"
            " e.getBoundingClientRect().top < s.bottom && e.getBoundingClientRect().bottom > s.top)", scroller))
        most = max(most, browser.execute_script(ELEMENT_COUNT))
    for _ in range(60):
        browser.execute_script("arguments[0].scrollTop += 137", scroller)
    most = max(most, browser.execute_script(ELEMENT_COUNT))
    print(f"\nmost row elements in the DOM: {most}")
    assert most <= 200


def test_a_shared_link_to_the_middle_shows_the_middle_rows(browser, big_server):
    meta = json.load(urllib.request.urlopen(f"{big_server.url}/api/datasets/big"))
    open_table(browser, big_server, "big", f"?top={int(meta['contentHeight'] / 2)}")
    visible = lambda d: d.execute_script(
        "const s = document.querySelector('[data-role=scroller]').getBoundingClientRect();"
        "return [...document.querySelectorAll('[data-row-id]')].filter(e => !e.hidden)"
        ".filter(e => { const r = e.getBoundingClientRect(); return r.bottom > s.top && r.top < s.bottom; })"
        ".map(e => +e.dataset.section * 100 + +e.dataset.row).sort((a, b) => a - b)")
    wait(browser, visible)
    shown = visible(browser)
    assert shown[0] - 200 <= ROW_COUNT // 2 <= shown[-1] + 200, shown[:3]


def test_the_section_index_jumps_to_the_first_section_of_a_letter(browser, big_server):
    meta = json.load(urllib.request.urlopen(f"{big_server.url}/api/datasets/big"))
    assert meta["indexTitles"], "a list of titled sections offers a section index"
    open_table(browser, big_server, "big")
    target = meta["indexTitles"].index("M") if "M" in meta["indexTitles"] else len(meta["indexTitles"]) // 2
    section = meta.get("indexSections", range(len(meta["indexTitles"])))[target]
    buttons = browser.find_elements(By.CSS_SELECTOR, "#index a")
    assert [b.text for b in buttons] == meta["indexTitles"]
    buttons[target].click()
    header = f'[data-section-id][data-section="{section}"]'
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, header), message="the index did not jump")
    offset = browser.execute_script(
        "return Math.round(document.querySelector(arguments[0]).getBoundingClientRect().top"
        " - document.querySelector('[data-role=scroller]').getBoundingClientRect().top)", header)
    assert abs(offset) <= 1, offset


def test_a_long_groups_header_stays_pinned_deep_inside_it(browser, big_server):
    open_table(browser, big_server, "crowd")
    header = browser.find_elements(By.CSS_SELECTOR, "[data-section-id][data-section='0']")[0]
    header.click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-row-id][data-section='0']"))
    scroller = browser.find_element(By.CSS_SELECTOR, "[data-role=scroller]")
    browser.execute_script("arguments[0].scrollTop = 8000", scroller)
    at_top = lambda d: d.execute_script(
        "const s = arguments[0].getBoundingClientRect(), e = document.elementFromPoint(s.left + 150, s.top + 5);"
        "return e && e.closest('[data-section-id]')?.dataset.section", scroller)
    wait(browser, lambda d: at_top(d) == "0", message="the group's header is not pinned 8,000 px into the group")


def test_end_and_home_reach_the_ends_of_a_million_rows_past_the_height_cap(browser, big_server):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    from test_native_scrolling import VISIBLE_ROWS, settle
    open_table(browser, big_server, "big")
    scroller = browser.find_element(By.CSS_SELECTOR, "[data-role=scroller]")
    scroller.click()
    last = f"{SECTIONS - 1}.{PER_SECTION - 1}"
    ActionChains(browser).send_keys(Keys.END).perform()
    wait(browser, lambda d: (rows := d.execute_script(VISIBLE_ROWS, scroller)) and rows[-1][0] == last, timeout=15,
         message="End did not show the last row")
    top, height, client = settle(browser, scroller)
    assert abs(top - (height - client)) <= 1, f"End stopped at {top} of {height - client}"
    rows = browser.execute_script(VISIBLE_ROWS, scroller)
    assert rows[-1][0] == last and rows[-1][2] <= client + 1, f"the last row is not whole at the bottom: {rows[-1]}"
    ActionChains(browser).send_keys(Keys.HOME).perform()
    wait(browser, lambda d: d.execute_script("return arguments[0].scrollTop", scroller) == 0 and
         (rows := d.execute_script(VISIBLE_ROWS, scroller)) and rows[0][0] == "0.0", timeout=15,
         message="Home did not show the first row at the top")


def test_the_wheel_moves_a_million_rows_by_its_delta_past_the_height_cap(browser, big_server):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
    from test_native_scrolling import VISIBLE_ROWS, moved_by, settle
    open_table(browser, big_server, "big")
    scroller = browser.find_element(By.CSS_SELECTOR, "[data-role=scroller]")
    assert browser.execute_script("return arguments[0].scrollHeight", scroller) < SECTIONS * PER_SECTION * 20, \
        "the list is not past the height cap"
    for fraction in (0.3, 0.7):
        browser.execute_script(f"arguments[0].scrollTop = arguments[0].scrollHeight * {fraction}", scroller)
        settle(browser, scroller)
        for delta in (600, 600, -600, -600):
            settle(browser, scroller)
            seen = browser.execute_script(VISIBLE_ROWS, scroller)
            ActionChains(browser).scroll_from_origin(ScrollOrigin.from_element(scroller), 0, delta).perform()
            settle(browser, scroller)
            assert moved_by(browser, scroller, seen, delta) == [], f"a {delta} px wheel at {fraction} of the list"
