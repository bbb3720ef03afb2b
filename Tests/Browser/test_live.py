"""Live updates between two pages: a delete in one browser leaves the other at once."""
from selenium.webdriver.common.by import By

from conftest import confirm, make_driver, open_table, row_by_id, rows, wait


def test_a_delete_in_one_browser_leaves_the_other_without_a_reload(browser, server):
    other = make_driver()
    try:
        open_table(browser, server, "messages")
        open_table(other, server, "messages")
        target = rows(browser)[1].get_attribute("data-row-id")
        assert row_by_id(other, target) is not None
        other.execute_script("window.__noReload = true")
        browser.find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
        row_by_id(browser, target).click()
        browser.find_element(By.CSS_SELECTOR, "[data-action=delete-selected]").click()
        confirm(browser)
        wait(browser, lambda d: row_by_id(d, target) is None, message="the row stayed in the deleting page")
        wait(other, lambda d: row_by_id(d, target) is None, timeout=5, message="the row stayed in the other page")
        assert other.execute_script("return window.__noReload") is True
        browser.find_element(By.CSS_SELECTOR, "[data-action=done]").click()
    finally:
        other.quit()
