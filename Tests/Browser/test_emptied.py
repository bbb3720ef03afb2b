"""A list emptied in edit mode leaves edit mode and says it is empty, as Mail's Edit ends with its last message:
Manage, Select All, Delete on a small inbox."""
import json

import pytest
from selenium.webdriver.common.by import By

from conftest import Server, confirm, open_table, wait


@pytest.fixture(scope="module")
def inbox_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("inbox")
    (folder / "inbox.json").write_text(json.dumps(
        [{"send_time": 1_780_000_000 + n, "title": f"Note {n}", "content": "Short", "read": n % 2 == 0} for n in range(3)]))
    for copy in ("kept", "emptied"):
        (folder / f"{copy}.json").write_text((folder / "inbox.json").read_text())
    (folder / "chores.json").write_text(json.dumps([{"name": "Sweep"}, {"name": "Dust", "note": "shelves"}]))
    (folder / "plans.json").write_text(json.dumps([{"title": "Someday", "rows": []}, {"title": "Soon", "rows": []}]))
    running = Server([arg for name in ("inbox", "kept", "emptied", "chores", "plans") for arg in ("--import", str(folder / f"{name}.json"))])
    yield running
    running.stop()


def test_deleting_every_row_in_manage_mode_leaves_it_and_shows_the_empty_list(browser, inbox_server):
    open_table(browser, inbox_server, "inbox")
    browser.find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".editing"))
    browser.find_element(By.CSS_SELECTOR, "[data-action=select-all]").click()
    wait(browser, lambda d: "3" in d.find_element(By.CSS_SELECTOR, "[data-role=selected-count]").text)
    browser.find_element(By.CSS_SELECTOR, "[data-action=delete-selected]").click()
    confirm(browser)
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "#empty").is_displayed(), message="the emptied list does not say so")
    wait(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, ".editing"), message="the emptied list stayed in edit mode")
    assert not browser.find_element(By.CSS_SELECTOR, "#editbar").is_displayed(), "Select All and Delete are still offered"


def test_manage_is_disabled_on_the_emptied_list_until_rows_come_again(browser, inbox_server):
    """Nothing is left to select or delete: Manage is disabled, as Mail's Edit is on an empty mailbox, until Undo
    brings the rows back."""
    open_table(browser, inbox_server, "emptied")
    manage = browser.find_element(By.CSS_SELECTOR, "[data-action=edit]")
    assert manage.is_enabled()
    manage.click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".editing"))
    browser.find_element(By.CSS_SELECTOR, "[data-action=select-all]").click()
    wait(browser, lambda d: "3" in d.find_element(By.CSS_SELECTOR, "[data-role=selected-count]").text)
    browser.find_element(By.CSS_SELECTOR, "[data-action=delete-selected]").click()
    confirm(browser)
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "#empty").is_displayed(), message="the emptied list does not say so")
    button = lambda d: d.find_element(By.CSS_SELECTOR, "[data-action=edit]")
    wait(browser, lambda d: button(d).is_displayed() and not button(d).is_enabled(), message="Manage stays enabled on the empty list")
    assert button(browser).text == "Manage"
    browser.find_element(By.CSS_SELECTOR, "[data-action=undo]").click()
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-row-id]:not([hidden])")) == 3, message="Undo did not bring the rows back")
    wait(browser, lambda d: button(d).is_enabled(), message="Manage stays disabled once rows came again")


def test_a_search_that_finds_nothing_keeps_manage_mode_and_the_selection(browser, inbox_server):
    """The random walk's seed 13421: Manage, a search that found nothing, and Manage had ended (Select All gone)."""
    open_table(browser, inbox_server, "kept")
    browser.find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".editing"))
    browser.execute_script("document.querySelector('[data-row-id] .rc').click()")
    count = lambda d: d.find_element(By.CSS_SELECTOR, "[data-role=selected-count]").text
    wait(browser, lambda d: count(d) == "1 selected")
    browser.find_element(By.CSS_SELECTOR, "[data-role=search]").send_keys("nothing like it")
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "#empty").is_displayed(), message="no empty results said")
    assert browser.find_elements(By.CSS_SELECTOR, ".editing"), "a search that found nothing ended Manage"
    assert browser.find_element(By.CSS_SELECTOR, "[data-action=done]").is_displayed()
    browser.find_element(By.CSS_SELECTOR, "[data-action=cancel-search]").click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-row-id]:not([hidden])"), message="the list did not return")
    assert browser.find_elements(By.CSS_SELECTOR, ".editing") and count(browser) == "1 selected"


def test_a_generic_list_emptied_in_edit_mode_leaves_it_though_it_has_an_insertion_row(browser, inbox_server):
    """Edit mode's insertion row ("Add Row") keeps the content from being empty; the last row's delete still ends
    edit mode and the page says the list has no rows."""
    open_table(browser, inbox_server, "chores")
    browser.find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".editing"))
    for left in (1, 0):
        minus = wait(browser, lambda d: [m for m in d.find_elements(By.CSS_SELECTOR, "[data-row-id] [data-action=minus]")
                                         if m.is_displayed()], message="no red minus")[0]
        minus.click()
        delete = wait(browser, lambda d: [b for b in d.find_elements(By.CSS_SELECTOR, "[data-open] .acts.t button")
                                          if b.is_displayed()], message="the minus revealed no Delete")[0]
        delete.click()
        wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-row-id]:not([hidden])")) == left,
             message=f"{left} rows should be left")
    wait(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, ".editing"), message="the emptied list stayed in edit mode")
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "#empty").is_displayed(), message="the emptied list does not say so")
    edit = browser.find_element(By.CSS_SELECTOR, "[data-action=edit]")
    assert edit.is_displayed() and edit.is_enabled(), "Edit, which adds a first row again, is not offered"


def test_a_list_entered_empty_stays_in_edit_mode_to_take_its_first_row(browser, inbox_server):
    open_table(browser, inbox_server, "plans")
    browser.find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
    plus = wait(browser, lambda d: [p for p in d.find_elements(By.CSS_SELECTOR, "[data-action=insert]") if p.is_displayed()],
                message="no insertion row in edit mode")
    assert len(plus) == 2 and browser.find_elements(By.CSS_SELECTOR, ".editing")
    plus[0].click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-row-id]:not([hidden])"), message="no row was added")
    assert browser.find_elements(By.CSS_SELECTOR, ".editing"), "adding the first row ended edit mode"

