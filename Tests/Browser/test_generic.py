"""A generic grouped list: edit mode ends every group with an insertion row whose green plus adds a row
(UITableViewCellEditingStyleInsert), by pointer and by keyboard, and the rows stay after a reload."""
import json
import os
import shutil
import tempfile

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import Server, api_window, open_table, rows, screenshot, wait


@pytest.fixture(scope="module")
def list_server():
    folder = tempfile.mkdtemp(prefix="listserver-generic-")
    path = os.path.join(folder, "todo.json")
    with open(path, "w") as out:
        json.dump([
            {"title": "Groceries <b>&amp;</b>", "rows": [{"name": "Milk", "note": "2 litres"}, {"name": "Bread"},
                                                         {"name": "Olive oil", "note": "the good one"}]},
            {"title": "Errands", "rows": []},
            {"title": "Work", "rows": [{"name": "Write the report"}]},
        ], out)
    running = Server(["--import", f"todo={path}"])
    yield running
    running.stop()
    shutil.rmtree(folder, ignore_errors=True)


def section_rows(server, section):
    """The rows of one section as the JSON API has them, as (row, fields) pairs."""
    window = api_window(server, "todo", height=5000)
    return [(r["row"], r["fields"]) for r in window["rows"] if r["section"] == section]


def insertion_rows(driver):
    return [e for e in driver.find_elements(By.CSS_SELECTOR, "[data-cell=footer][role=row]") if e.is_displayed()]


def test_edit_mode_ends_each_group_with_a_plus_that_adds_a_row(browser, list_server):
    open_table(browser, list_server, "todo")
    assert insertion_rows(browser) == []
    first_row_top = rows(browser)[0].rect["y"]
    browser.find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
    inserts = wait(browser, lambda d: len(insertion_rows(d)) == 3 and insertion_rows(d),
                   message="edit mode shows no insertion row per group")
    assert abs(rows(browser)[0].rect["y"] - first_row_top) < 1, "entering edit mode moved the first row"
    assert [e.get_attribute("data-section") for e in inserts] == ["0", "1", "2"]
    plus = inserts[0].find_element(By.CSS_SELECTOR, "[data-action=insert]")
    assert plus.is_displayed() and "Add Row" in inserts[0].text
    assert "plus-circle" in plus.value_of_css_property("background-image")
    screenshot(browser, "generic-edit")

    plus.click()
    wait(browser, lambda d: len(section_rows(list_server, 0)) == 4, message="the plus did not insert a row")
    assert section_rows(list_server, 0)[3] == (3, {"name": "New Row"})
    new = wait(browser, lambda d: [r for r in rows(d) if r.get_attribute("data-section") == "0"
                                   and r.get_attribute("data-row") == "3"], message="the new row is not shown")[0]
    assert new.text.strip().startswith("New Row")
    below = insertion_rows(browser)[0]
    assert float(below.get_attribute("data-y")) >= float(new.get_attribute("data-y")) + float(new.get_attribute("data-h"))

    browser.find_element(By.CSS_SELECTOR, "[data-action=done]").click()
    wait(browser, lambda d: insertion_rows(d) == [], message="Done left the insertion rows")
    browser.refresh()
    open_table(browser, list_server, "todo")
    assert any(r.text.strip().startswith("New Row") for r in rows(browser))


def test_enter_on_an_empty_groups_insertion_row_adds_its_first_row(browser, list_server):
    open_table(browser, list_server, "todo")
    browser.find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
    wait(browser, lambda d: len(insertion_rows(d)) == 3)
    browser.execute_script("arguments[0].focus()", browser.find_element(By.CSS_SELECTOR, "[data-role=scroller]"))
    target = None
    for _ in range(20):
        browser.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
        focused = browser.switch_to.active_element
        if focused.get_attribute("data-cell") == "footer" and focused.get_attribute("data-section") == "1":
            target = focused
            break
    assert target is not None, "arrow keys never reached the empty group's insertion row"
    target.send_keys(Keys.ENTER)
    wait(browser, lambda d: section_rows(list_server, 1) == [(0, {"title": "New Row"})],
         message="Enter on the insertion row did not add the group's first row")
    browser.find_element(By.CSS_SELECTOR, "[data-action=done]").click()
