"""Back and Forward between a table and its child table, as a navigation stack keeps each table's place: the
table that comes back is where it was left, even when it was left at once after a scroll (before the URL had it)."""
import json
import os
import shutil
import tempfile

import pytest
from selenium.webdriver.common.by import By

from conftest import Server, animations_done, open_table, rows, scroll_top, wait


@pytest.fixture(scope="module")
def deep_server():
    """A table of 80 rows whose row 30 opens a child table of 200."""
    folder = tempfile.mkdtemp(prefix="listserver-history-")
    child = {"sections": [{"rows": [{"text": f"Child {j}"} for j in range(200)]}]}
    document = {"table": {"style": "plain", "sections": [{"rows": [
        {"text": f"Parent {i}", **({"table": child, "accessory": "disclosureIndicator"} if i == 30 else {})}
        for i in range(80)]}]}}
    path = os.path.join(folder, "deep.json")
    with open(path, "w") as out:
        json.dump(document, out)
    running = Server(["--import", path])
    yield running
    running.stop()
    shutil.rmtree(folder, ignore_errors=True)


def named(driver, text):
    found = [r for r in rows(driver) if r.text.split("\n")[0] == text]
    return found[0] if found else None


def first_visible(driver):
    """The text of the row at the scroller's top edge."""
    return driver.execute_script("""
        const box = document.querySelector('[data-role=scroller]').getBoundingClientRect();
        const row = document.elementFromPoint(box.left + box.width / 2, box.top + 2).closest('[data-row-id]');
        return row.textContent.trim()""")


def test_forward_into_a_child_table_left_at_once_after_a_scroll_brings_back_its_place(browser, deep_server):
    open_table(browser, deep_server, "deep")
    scroller = browser.find_element(By.CSS_SELECTOR, "[data-role=scroller]")
    browser.execute_script("arguments[0].scrollTop = 1000", scroller)
    wait(browser, lambda d: "anchor=" in d.current_url and named(d, "Parent 30") is not None)
    parent_top = scroll_top(browser)
    named(browser, "Parent 30").click()
    wait(browser, lambda d: "child=" in d.current_url and named(d, "Child 0") is not None,
         message="the child table did not open")
    animations_done(browser)
    # A scroll and Back at once, before the URL is written (it is once scrolling pauses).
    browser.execute_script("arguments[0].scrollTop = 2000; history.back()", scroller)
    wait(browser, lambda d: "child=" not in d.current_url and named(d, "Parent 30") is not None,
         message="Back did not return to the parent")
    animations_done(browser)
    wait(browser, lambda d: abs(scroll_top(d) - parent_top) <= 4, message="Back did not restore the parent's place")
    assert "Parent" in first_visible(browser)

    browser.forward()
    wait(browser, lambda d: "child=" in d.current_url and named(d, "Parent 30") is None,
         message="Forward did not reopen the child table")
    animations_done(browser)
    wait(browser, lambda d: abs(scroll_top(d) - 2000) <= 4,
         message=f"Forward did not bring back the child's place ({scroll_top(browser)})")
    assert first_visible(browser) == "Child 45"  # 2000 px of 44 px rows

    # And Back and Forward again once the place is in the URL.
    browser.back()
    wait(browser, lambda d: "child=" not in d.current_url and abs(scroll_top(d) - parent_top) <= 4)
    browser.forward()
    wait(browser, lambda d: "child=" in d.current_url and abs(scroll_top(d) - 2000) <= 4,
         message="the second Forward lost the child's place")
