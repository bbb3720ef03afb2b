"""Messages: Manage/Done with checkboxes, select-all, "N selected", delete with confirmation, swipe to delete."""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import confirm, open_table, row_by_id, row_count, rows, screenshot, wait


def click(driver, action):
    driver.find_element(By.CSS_SELECTOR, f"[data-action={action}]").click()


def count_text(driver):
    return driver.find_element(By.CSS_SELECTOR, "[data-role=selected-count]").text


def test_rows_show_dates_and_unread_dots(browser, server):
    open_table(browser, server, "messages")
    first = rows(browser)[0]
    assert first.find_element(By.CSS_SELECTOR, "time").text.count("-") == 2
    assert browser.find_elements(By.CSS_SELECTOR, "[data-row-id] .dot")
    screenshot(browser, "messages")


def test_manage_select_three_delete_with_confirmation_and_gone_after_reload(browser, server):
    open_table(browser, server, "messages")
    before = row_count(server, "messages")
    click(browser, "edit")
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "[data-action=select-all]").is_displayed())
    checks = browser.find_elements(By.CSS_SELECTOR, "[data-row-id] .check")
    assert checks and checks[0].is_displayed()
    chosen = rows(browser)[:3]
    ids = [r.get_attribute("data-row-id") for r in chosen]
    for row in chosen:
        row.click()
    assert count_text(browser) == "3 selected"
    assert [r.get_attribute("aria-selected") for r in chosen] == ["true"] * 3
    screenshot(browser, "messages-manage")
    click(browser, "delete-selected")
    confirm(browser)
    wait(browser, lambda d: all(row_by_id(d, i) is None for i in ids), message="the selected rows stayed")
    assert count_text(browser) == "0 selected"
    click(browser, "done")
    browser.refresh()
    wait(browser, lambda d: rows(d))
    assert all(row_by_id(browser, i) is None for i in ids)
    assert row_count(server, "messages") == before - 3


def test_select_all_counts_every_message_and_toggles_back(browser, server):
    open_table(browser, server, "messages")
    click(browser, "edit")
    click(browser, "select-all")
    total = row_count(server, "messages")
    wait(browser, lambda d: count_text(d) == f"{total} selected")
    assert all(r.get_attribute("aria-selected") == "true" for r in rows(browser))
    click(browser, "select-all")
    wait(browser, lambda d: count_text(d) == "0 selected")
    click(browser, "done")
    assert not browser.find_element(By.CSS_SELECTOR, "[data-action=select-all]").is_displayed()


def test_swipe_left_reveals_delete_outside_edit_mode(browser, server):
    open_table(browser, server, "messages")
    row = rows(browser)[1]
    row_id = row.get_attribute("data-row-id")
    delete = row.find_element(By.CSS_SELECTOR, "[data-action=delete]")
    assert not delete.is_displayed()
    content = row.find_element(By.CSS_SELECTOR, ".rc")
    ActionChains(browser).move_to_element(content).click_and_hold().move_by_offset(-40, 0).move_by_offset(-60, 0) \
        .move_by_offset(-50, 0).release().perform()
    wait(browser, lambda d: delete.is_displayed(), message="swiping did not reveal Delete")
    delete.click()
    wait(browser, lambda d: row_by_id(d, row_id) is None, message="the swiped row stayed")
    assert not browser.execute_script("return !!document.querySelector('dialog[open]')"), "a second dialog asked"
    assert not rows(browser)[1].find_element(By.CSS_SELECTOR, "[data-action=delete]").is_displayed()


def test_keyboard_arrows_move_focus_and_survive_recycling(browser, server):
    open_table(browser, server, "messages")
    first = rows(browser)[0]
    first.click()
    assert first.get_attribute("aria-selected") == "true"
    active = lambda d: d.switch_to.active_element
    for expected in range(1, 6):
        active(browser).send_keys(Keys.ARROW_DOWN)
        wait(browser, lambda d: active(d).get_attribute("data-row") == str(expected), message=f"row {expected}")
    active(browser).send_keys(Keys.ARROW_UP)
    wait(browser, lambda d: active(d).get_attribute("data-row") == "4")
    active(browser).send_keys(Keys.ENTER)
    assert active(browser).get_attribute("aria-selected") == "true"
    assert first.get_attribute("aria-selected") == "false"


def test_focus_survives_its_row_scrolling_away_and_back(browser, server):
    open_table(browser, server, "messages")
    row = rows(browser)[2]
    row_id = row.get_attribute("data-row-id")
    row.click()
    scroller = browser.find_element(By.CSS_SELECTOR, "[data-role=scroller]")
    browser.execute_script("arguments[0].scrollTop = arguments[0].scrollHeight", scroller)
    wait(browser, lambda d: d.execute_script(
        "return !document.querySelector(`[data-row-id='${arguments[0]}']:not([hidden])`)", row_id))
    browser.execute_script("arguments[0].scrollTop = 0", scroller)
    wait(browser, lambda d: d.switch_to.active_element.get_attribute("data-row-id") == row_id,
         message="focus did not come back to the row")
    browser.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    wait(browser, lambda d: d.switch_to.active_element.get_attribute("data-row") == "3")


def test_the_delete_key_asks_then_deletes_the_selected_row(browser, server):
    open_table(browser, server, "messages")
    row = rows(browser)[1]
    row_id = row.get_attribute("data-row-id")
    browser.execute_script("arguments[0].focus()", row)  # a tap deselects after a moment; the keyboard selects
    browser.switch_to.active_element.send_keys(Keys.ENTER)
    assert row.get_attribute("aria-selected") == "true"
    browser.switch_to.active_element.send_keys(Keys.DELETE)
    confirm(browser)
    wait(browser, lambda d: row_by_id(d, row_id) is None, message="Delete did not delete the selected row")


def test_a_touch_swipe_reveals_delete_too(browser, server):
    open_table(browser, server, "messages")
    row = rows(browser)[2]
    x, y = browser.execute_script(
        "const b = arguments[0].getBoundingClientRect(); return [b.left + b.width * 0.7, b.top + b.height / 2]", row)

    def touch(kind, x=0, y=0):
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    try:
        touch("touchStart", x, y)
        for step in range(1, 8):
            touch("touchMove", x - 20 * step, y + 1)
        touch("touchEnd")
    finally:
        browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
    delete = row.find_element(By.CSS_SELECTOR, "[data-action=delete]")
    wait(browser, lambda d: delete.is_displayed(), message="a touch swipe did not reveal Delete")
    rows(browser)[0].find_element(By.CSS_SELECTOR, ".tx").click()
    wait(browser, lambda d: not delete.is_displayed(), message="a tap elsewhere did not close the swipe")


def test_dark_mode_follows_the_system_setting(browser, server):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    try:
        open_table(browser, server, "messages")
        cell = rows(browser)[0].find_element(By.CSS_SELECTOR, ".rc")
        background = browser.execute_script("return getComputedStyle(arguments[0]).backgroundColor", cell)
        assert sum(int(v) for v in background[4:-1].split(",")[:3]) < 150, background
        screenshot(browser, "messages-dark")
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
