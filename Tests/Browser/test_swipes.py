"""Swipes and reordering as a UITableView's: one row open at a time, closed by a touch elsewhere or by scrolling,
a full swipe performs the first trailing action (Delete), the button fills the swipe with no gap, no highlight
while swiping, a touch highlights only after a moment and not once it scrolls; a dragged row lifts and the rows
it passes move aside while it moves."""
import json
import os
import shutil
import tempfile

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from conftest import Server, animations_done, open_table, row_by_id, row_count, rows, wait


@pytest.fixture(scope="module")
def todo_server():
    folder = tempfile.mkdtemp(prefix="listserver-todo-")
    path = os.path.join(folder, "todo.json")
    with open(path, "w") as out:
        json.dump([{"title": "Today", "rows": [{"name": f"Task {i}"} for i in range(6)]}], out)
    running = Server(["--import", f"todo={path}"])
    yield running
    running.stop()
    shutil.rmtree(folder, ignore_errors=True)


def is_open(row):
    return row.get_attribute("data-open") is not None


def swipe(driver, row, distance, release=True):
    """Drags a row's content `distance` px to the left, from near its right edge."""
    content = row.find_element(By.CSS_SELECTOR, ".rc")
    chain = ActionChains(driver).move_to_element_with_offset(content, int(content.rect["width"] * 0.4), 0).click_and_hold()
    for _ in range(5):
        chain = chain.move_by_offset(-distance // 5, 0)
    (chain.release() if release else chain).perform()


def test_one_row_is_open_at_a_time_and_a_touch_elsewhere_only_closes_it(browser, server):
    open_table(browser, server, "messages")
    first, third = rows(browser)[1], rows(browser)[3]
    swipe(browser, first, 150)
    wait(browser, lambda d: is_open(first), message="the swipe did not open the row")
    swipe(browser, third, 150)
    wait(browser, lambda d: not is_open(first), message="the first row stayed open")
    assert not is_open(third), "a touch while a row is open closes it and does nothing else"
    swipe(browser, third, 150)
    wait(browser, lambda d: is_open(third))
    assert len(browser.find_elements(By.CSS_SELECTOR, "[data-open]")) == 1


def test_scrolling_closes_the_open_row(browser, server):
    open_table(browser, server, "messages")
    row = rows(browser)[1]
    swipe(browser, row, 150)
    wait(browser, lambda d: is_open(row))
    browser.execute_script("document.querySelector('[data-role=scroller]').scrollTop += 60")
    wait(browser, lambda d: not browser.find_elements(By.CSS_SELECTOR, "[data-open]"), message="scrolling left it open")


def test_a_full_swipe_deletes_the_row(browser, server):
    open_table(browser, server, "messages")
    before = row_count(server, "messages")
    row = rows(browser)[2]
    row_id = row.get_attribute("data-row-id")
    width = row.rect["width"]
    swipe(browser, row, int(width * 0.8))
    wait(browser, lambda d: row_by_id(d, row_id) is None, message="a full swipe did not delete the row")
    wait(browser, lambda d: row_count(server, "messages") == before - 1)


def test_the_button_fills_the_swipe_with_no_gap_and_the_row_is_not_highlighted(browser, server):
    open_table(browser, server, "messages")
    row = rows(browser)[1]
    swipe(browser, row, 200, release=False)
    try:
        gap = browser.execute_script(
            "const r = arguments[0], c = r.querySelector('.rc').getBoundingClientRect(),"
            " b = r.querySelector('.acts.t').getBoundingClientRect(); return b.left - c.right", row)
        assert gap <= 0.5, f"a {gap} px gap between the content and the button"
        assert "down" not in row.get_attribute("class").split(), "the swiped row is highlighted"
    finally:
        ActionChains(browser).release().perform()


def touch(driver, kind, x=0, y=0):
    points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def test_a_touch_highlights_after_a_moment_and_not_once_it_scrolls(browser, server):
    open_table(browser, server, "messages")
    row = rows(browser)[3]
    x, y = browser.execute_script(
        "const b = arguments[0].getBoundingClientRect(); return [b.left + b.width / 2, b.top + b.height / 2]", row)
    pressed = lambda: "down" in row.get_attribute("class").split()
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    try:
        touch(browser, "touchStart", x, y)
        assert not pressed(), "the row highlighted at once"
        wait(browser, lambda d: pressed(), message="the row did not highlight while held")
        for step in range(1, 6):
            touch(browser, "touchMove", x, y - 15 * step)
        wait(browser, lambda d: not pressed(), message="the highlight stayed once the touch scrolled")
        touch(browser, "touchEnd")
    finally:
        browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def test_a_dragged_row_lifts_and_the_rows_it_passes_move_aside(browser, todo_server):
    open_table(browser, todo_server, "todo")
    browser.find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".editing"))
    animations_done(browser)
    first, second, third = rows(browser)[:3]
    grip = first.find_element(By.CSS_SELECTOR, "[data-action=move]")
    step = second.rect["height"]
    ActionChains(browser).move_to_element(grip).click_and_hold().move_by_offset(0, 10) \
        .move_by_offset(0, int(step * 1.2)).perform()
    try:
        translate = lambda row: browser.execute_script("return getComputedStyle(arguments[0]).translate", row)
        wait(browser, lambda d: translate(second).startswith("0px -"), message="the passed row did not move aside")
        assert "drag" in first.get_attribute("class").split()
        assert browser.execute_script("return getComputedStyle(arguments[0]).boxShadow", first) != "none"
        assert translate(third) in ("none", "0px"), "a row not passed moved"
    finally:
        ActionChains(browser).release().perform()


def test_a_touch_swipe_from_the_left_edge_of_a_child_table_goes_back(browser, server):
    open_table(browser, server, "settings")
    wifi = next(r for r in rows(browser) if r.text.startswith("Wi-Fi"))
    wifi.find_element(By.CSS_SELECTOR, "a.cl").click()
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "[data-role=title]").text == "Wi-Fi")
    animations_done(browser)
    box = browser.execute_script("const b = document.querySelector('[data-role=scroller]').getBoundingClientRect();"
                                 "return [b.left, b.top + 200, b.width]")
    left, y, width = box
    # A short pull springs back and stays in the child.
    touch(browser, "touchStart", left + 5, y)
    for step in range(1, 5):
        touch(browser, "touchMove", left + 5 + step * 15, y)
    moved = lambda: browser.execute_script("return parseFloat(getComputedStyle(document.querySelector('[data-role=scroller]')).translate) || 0")
    wait(browser, lambda d: moved() >= 30, message="the table did not follow the finger")
    touch(browser, "touchEnd")
    wait(browser, lambda d: moved() == 0, message="the short pull did not spring back")
    animations_done(browser)
    assert browser.find_element(By.CSS_SELECTOR, "[data-role=title]").text == "Wi-Fi"
    # Past a third of the width it goes back.
    touch(browser, "touchStart", left + 5, y)
    for step in range(1, 9):
        touch(browser, "touchMove", left + 5 + step * width / 12, y)
    touch(browser, "touchEnd")
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "[data-role=title]").text.startswith("Settings"),
         message="the edge swipe did not go back")
    assert "child=" not in browser.current_url
