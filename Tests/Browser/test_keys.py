"""Keys as a WAI-ARIA treegrid and an iOS keyboard: Left/Right collapse, expand and go to the parent header,
Escape steps back (Manage, edit mode, a child table, a search), Ctrl+A and Shift select in Manage mode, Tab reaches
the focused row's controls, and Home/End give the focus to the rows they scroll to."""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import open_table, row_count, rows, wait

active = lambda d: d.switch_to.active_element


def press(driver, *keys):
    ActionChains(driver).send_keys(*keys).perform()


def headers(driver):
    return driver.find_elements(By.CSS_SELECTOR, "[data-role=scroller] [data-section-id][aria-expanded]")


def test_left_and_right_collapse_expand_and_go_to_the_parent_header(browser, server):
    open_table(browser, server, "friends")
    header = headers(browser)[1]
    section = header.get_attribute("data-section")
    browser.execute_script("arguments[0].focus()", header)
    assert header.get_attribute("aria-expanded") == "false"
    press(browser, Keys.ARROW_RIGHT)
    wait(browser, lambda d: active(d).get_attribute("aria-expanded") == "true", message="Right did not expand")
    wait(browser, lambda d: rows(d))
    press(browser, Keys.ARROW_RIGHT)
    wait(browser, lambda d: active(d).get_attribute("data-row") == "0", message="Right did not go to the first row")
    assert active(browser).get_attribute("data-section") == section
    press(browser, Keys.ARROW_LEFT)
    wait(browser, lambda d: active(d).get_attribute("data-section-id") is not None, message="Left did not go up")
    assert active(browser).get_attribute("data-section") == section
    press(browser, Keys.ARROW_LEFT)
    wait(browser, lambda d: active(d).get_attribute("aria-expanded") == "false", message="Left did not collapse")
    press(browser, Keys.ARROW_LEFT)
    assert active(browser).get_attribute("aria-expanded") == "false", "Left on a collapsed header does nothing"


def test_escape_leaves_manage_mode_and_ctrl_a_and_shift_select(browser, server):
    open_table(browser, server, "messages")
    browser.find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".editing"))
    first = rows(browser)[0]
    first.click()
    ActionChains(browser).key_down(Keys.SHIFT).send_keys(Keys.ARROW_DOWN, Keys.ARROW_DOWN).key_up(Keys.SHIFT).perform()
    selected = lambda d: [r.get_attribute("data-row") for r in rows(d) if r.get_attribute("aria-selected") == "true"]
    wait(browser, lambda d: selected(d) == ["0", "1", "2"], message="Shift+Down did not extend the selection")
    count = lambda d: d.find_element(By.CSS_SELECTOR, "[data-role=selected-count]").text
    third, sixth = rows(browser)[2], rows(browser)[5]
    sixth_row = sixth.get_attribute("data-row")
    ActionChains(browser).key_down(Keys.SHIFT).click(sixth).key_up(Keys.SHIFT).perform()
    wait(browser, lambda d: selected(d)[:6] == ["0", "1", "2", "3", "4", sixth_row],
         message="Shift-click did not select the range")
    assert third.get_attribute("aria-selected") == "true"
    ActionChains(browser).key_down(Keys.CONTROL).send_keys("a").key_up(Keys.CONTROL).perform()
    total = row_count(server, "messages")
    wait(browser, lambda d: count(d) == f"{total} selected", message="Ctrl+A did not select every row")
    press(browser, Keys.ESCAPE)
    wait(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, ".editing"), message="Escape did not leave Manage")
    assert browser.find_element(By.CSS_SELECTOR, "[data-action=done], [data-action=edit]").text == "Manage"


def test_escape_leaves_a_child_table(browser, server):
    open_table(browser, server, "settings")
    row = next(r for r in rows(browser) if r.get_attribute("data-child"))
    row.click()
    wait(browser, lambda d: "child=" in d.current_url)
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-action=back]"))
    press(browser, Keys.ESCAPE)
    wait(browser, lambda d: "child=" not in d.current_url, message="Escape did not go back to the parent")


def test_escape_leaves_a_search_and_brings_back_every_row(browser, server):
    open_table(browser, server, "heroes")
    before = len(rows(browser))
    box = browser.find_element(By.CSS_SELECTOR, "[data-role=search]")
    box.click()
    box.send_keys("Nyx")
    wait(browser, lambda d: "q=" in d.current_url and len(rows(d)) < before, message="the search did not narrow the rows")
    browser.execute_script("arguments[0].focus()", rows(browser)[0])
    press(browser, Keys.ESCAPE)
    wait(browser, lambda d: "q=" not in d.current_url and len(rows(d)) == before, message="Escape did not leave the search")
    assert box.get_attribute("value") == ""


def test_tab_reaches_the_controls_of_the_focused_row(browser, server):
    open_table(browser, server, "apps")
    row = rows(browser)[1]
    browser.execute_script("arguments[0].focus()", row)
    press(browser, Keys.TAB)
    control = active(browser)
    assert control.get_attribute("data-action") == "download", control.get_attribute("outerHTML")[:120]
    assert row.find_element(By.CSS_SELECTOR, "[data-action=download]") == control
    other = rows(browser)[2].find_element(By.CSS_SELECTOR, "[data-action=download]")
    assert other.get_attribute("tabindex") == "-1", "only the focused row's controls are stops"


def test_end_and_home_give_the_focus_to_the_rows_they_scroll_to(browser, server):
    open_table(browser, server, "messages")
    row = rows(browser)[0]
    browser.execute_script("arguments[0].focus()", row)
    press(browser, Keys.END)
    last = lambda d: d.execute_script("return document.activeElement.dataset.row")
    wait(browser, lambda d: last(d) not in (None, "0"), message="End did not move the focus")
    scroller = browser.find_element(By.CSS_SELECTOR, "[data-role=scroller]")
    wait(browser, lambda d: d.execute_script(
        "return arguments[0].scrollTop >= arguments[0].scrollHeight - arguments[0].clientHeight - 1", scroller))
    press(browser, Keys.HOME)
    wait(browser, lambda d: last(d) == "0", message="Home did not bring the focus back to the first row")
    assert browser.execute_script("return arguments[0].scrollTop", scroller) == 0


def test_tab_reaches_a_rows_actions_and_opens_the_row_on_their_side(browser, server):
    open_table(browser, server, "messages")
    row = rows(browser)[1]
    browser.execute_script("arguments[0].focus()", row)
    reached = []
    for _ in range(6):
        press(browser, Keys.TAB)
        control = active(browser)
        if not browser.execute_script("return arguments[0].contains(arguments[1])", row, control):
            break
        wait(browser, lambda d: control.is_displayed(), message=f"{control.text} got the focus unseen")
        reached.append((control.text, row.get_attribute("data-open")))
    assert ("Delete", "t") in reached and ("Mark as Read", "t") in reached and ("Pin", "l") in reached, reached
    assert row.get_attribute("data-open") is None, "the row stayed open after the focus left its buttons"
    browser.execute_script("arguments[0].focus()", row)
    press(browser, Keys.TAB)
    assert active(browser).text == reached[0][0] and row.get_attribute("data-open") == reached[0][1]
    ActionChains(browser).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
    assert active(browser) == row
    wait(browser, lambda d: row.get_attribute("data-open") is None, message="Shift+Tab back to the row left it open")
