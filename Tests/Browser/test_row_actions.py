"""Row actions as UITableViewRowAction and UISwipeActionsConfiguration: the messages sample's Delete and Mark as
Read from the right, Pin from the left (删除, 标为已读 and 置顶 in Chinese), each button running its action as a
batch; a full swipe runs the side's first action; edit mode's minus reveals only the delete button."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from conftest import animations_done, api_window, open_table, rows, screenshot, wait


def messages(server):
    """The message rows as the API lists them, in order."""
    window = api_window(server, "messages", height=4000)
    return window["rows"]


def drag(driver, row, distance, release=True):
    """Drags a row's content by `distance` px (negative: to the left) in five steps."""
    content = row.find_element(By.CSS_SELECTOR, ".rc")
    start = int(content.rect["width"] * (0.4 if distance < 0 else -0.4))
    chain = ActionChains(driver).move_to_element_with_offset(content, start, 0).click_and_hold()
    for _ in range(5):
        chain = chain.move_by_offset(distance // 5, 0)
    (chain.release() if release else chain).perform()


def rect(driver, element):
    return driver.execute_script("const b = arguments[0].getBoundingClientRect(); return [b.left, b.right]", element)


def test_a_swipe_to_the_left_shows_the_trailing_actions_from_the_edge_in_order(browser, own_server):
    open_table(browser, own_server, "messages")
    row = rows(browser)[1]
    drag(browser, row, -150)
    wait(browser, lambda d: row.get_attribute("data-open") == "t", message="the swipe did not open the row")
    animations_done(browser)
    wait(browser, lambda d: d.execute_script(
        "return getComputedStyle(arguments[0].querySelector('.rc')).transform !== 'none'", row))
    buttons = [b for b in row.find_elements(By.CSS_SELECTOR, ".acts.t button") if b.is_displayed()]
    assert [b.text for b in buttons] == ["Delete", "Mark as Read"]
    row_left, row_right = rect(browser, row)
    delete_left, delete_right = rect(browser, buttons[0])
    read_left, read_right = rect(browser, buttons[1])
    assert abs(delete_right - row_right) < 1, "the first action is not at the right edge"
    assert abs(read_right - delete_left) < 1, "the second action is not beside the first"
    wait(browser, lambda d: abs(d.execute_script(
        "return arguments[0].querySelector('.rc').getBoundingClientRect().right", row) - read_left) < 1.5,
        message="the content did not slide aside by the buttons' width")
    assert buttons[0].value_of_css_property("background-color") in ("rgba(215, 0, 21, 1)", "rgb(215, 0, 21)")
    assert buttons[1].value_of_css_property("background-color") in ("rgba(0, 98, 204, 1)", "rgb(0, 98, 204)")
    assert not row.find_element(By.CSS_SELECTOR, ".acts.l").is_displayed()
    screenshot(browser, "messages-actions")


def test_mark_as_read_updates_the_row_here_and_on_the_server(browser, own_server):
    open_table(browser, own_server, "messages")
    unread = next(m for m in messages(own_server)[1:] if m["fields"].get("read") is False)
    row = next(r for r in rows(browser) if r.get_attribute("data-row-id") == str(unread["id"]))
    assert row.find_elements(By.CSS_SELECTOR, ".dot"), "an unread message shows its dot"
    drag(browser, row, -150)
    wait(browser, lambda d: row.get_attribute("data-open") == "t")
    animations_done(browser)
    row.find_element(By.XPATH, ".//button[text()='Mark as Read']").click()
    wait(browser, lambda d: next(m for m in messages(own_server) if m["id"] == unread["id"])["fields"]["read"] is True,
         message="the server did not store read")
    wait(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, f'[data-row-id="{unread["id"]}"] .dot'),
         message="the row still shows its unread dot")
    assert not browser.find_elements(By.CSS_SELECTOR, "[data-open]"), "the row stayed open after its action"


def test_a_swipe_to_the_right_pins_a_message_to_the_top(browser, own_server):
    open_table(browser, own_server, "messages")
    row = rows(browser)[4]
    row_id = row.get_attribute("data-row-id")
    drag(browser, row, 120)
    wait(browser, lambda d: row.get_attribute("data-open") == "l", message="the swipe right did not open the row")
    animations_done(browser)
    pin = row.find_element(By.CSS_SELECTOR, ".acts.l button")
    assert pin.text == "Pin" and pin.is_displayed()
    assert abs(rect(browser, pin)[0] - rect(browser, row)[0]) < 1, "the leading action is not at the left edge"
    pin.click()
    wait(browser, lambda d: str(messages(own_server)[0]["id"]) == row_id, message="the server did not move it")
    wait(browser, lambda d: rows(d)[0].get_attribute("data-row-id") == row_id, message="the page did not move it")


def test_a_full_swipe_to_the_right_runs_the_first_leading_action(browser, own_server):
    open_table(browser, own_server, "messages")
    row = rows(browser)[6]
    row_id = row.get_attribute("data-row-id")
    drag(browser, row, int(row.rect["width"] * 0.8))
    wait(browser, lambda d: str(messages(own_server)[0]["id"]) == row_id, message="a full swipe did not pin it")


def test_in_manage_mode_no_swipe_opens_and_the_buttons_stay_hidden(browser, own_server):
    open_table(browser, own_server, "messages")
    browser.find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
    row = rows(browser)[2]
    drag(browser, row, -150)
    assert row.get_attribute("data-open") is None
    assert not [b for b in row.find_elements(By.CSS_SELECTOR, ".acts button") if b.is_displayed()]
    browser.find_element(By.CSS_SELECTOR, "[data-action=done]").click()


def test_heroes_keep_one_delete_and_edit_mode_shows_only_it(browser, own_server):
    open_table(browser, own_server, "heroes")
    browser.find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
    row = rows(browser)[1]
    row.find_element(By.CSS_SELECTOR, "[data-action=minus]").click()
    wait(browser, lambda d: row.get_attribute("data-open") == "t")
    shown = [b.text for b in row.find_elements(By.CSS_SELECTOR, ".acts button") if b.is_displayed()]
    assert shown == ["Delete"]
    browser.find_element(By.CSS_SELECTOR, "[data-action=done]").click()
