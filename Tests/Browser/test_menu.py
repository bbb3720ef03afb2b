"""The row menu, as UITableView's (shouldShowMenuForRowAtIndexPath, canPerformAction: copy:): a right click, a long
press on touch and the context-menu keys open a menu anchored to the row with Copy and the row's own actions;
Escape or a tap outside closes it and the tap does nothing more; the words follow the page's language."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import api_window, open_table, rows, wait


def message_ids(server):
    window = api_window(server, "messages", height=4000)
    return [str(row["id"]) for row in window["rows"]]


def menu_items(driver):
    return [item.text for item in driver.find_elements(By.CSS_SELECTOR, ".menu [role=menuitem]")]


def record_copies(driver):
    driver.execute_script("window.copied = []; navigator.clipboard.writeText = text => (window.copied.push(text), Promise.resolve())")


def test_a_right_click_opens_copy_and_the_rows_actions_and_copy_copies_its_text(browser, own_server):
    open_table(browser, own_server, "messages")
    record_copies(browser)
    row = rows(browser)[1]
    ActionChains(browser).context_click(row).perform()
    wait(browser, lambda d: menu_items(d), message="no menu on a right click")
    items = menu_items(browser)
    assert items[0] == "Copy" and {"Delete", "Mark as Read", "Pin"} <= set(items), items
    assert items[-1] == "Delete", f"a destructive action is not last: {items}"
    menu = browser.find_element(By.CSS_SELECTOR, ".menu")
    assert browser.switch_to.active_element == menu.find_elements(By.CSS_SELECTOR, "[role=menuitem]")[0]
    top = browser.execute_script("return [arguments[0].getBoundingClientRect().top, arguments[1].getBoundingClientRect()]", menu, row)
    assert top[1]["top"] <= top[0] <= top[1]["bottom"] + 8, f"the menu is not anchored to its row: {top}"
    menu.find_element(By.XPATH, ".//*[@role='menuitem'][1]").click()
    wait(browser, lambda d: d.execute_script("return window.copied.length") == 1)
    copied = browser.execute_script("return window.copied[0]")
    title = row.find_element(By.CSS_SELECTOR, ".tt").text
    assert title in copied and "Delete" not in copied, copied
    assert not browser.find_elements(By.CSS_SELECTOR, ".menu")


def test_an_action_from_the_menu_runs_as_its_swipe_button_does(browser, own_server):
    open_table(browser, own_server, "messages")
    before = message_ids(own_server)
    row = rows(browser)[2]
    row_id = row.get_attribute("data-row-id")
    ActionChains(browser).context_click(row).perform()
    wait(browser, lambda d: "Delete" in menu_items(d))
    next(i for i in browser.find_elements(By.CSS_SELECTOR, ".menu [role=menuitem]") if i.text == "Delete").click()
    wait(browser, lambda d: row_id not in message_ids(own_server), message="Delete from the menu deleted nothing")
    assert len(message_ids(own_server)) == len(before) - 1


def test_a_read_message_offers_mark_as_unread_and_an_unread_one_mark_as_read(browser, own_server):
    """As Mail's: an action that would change nothing on the row (Mark as Read on a read message) is not offered."""
    open_table(browser, own_server, "messages")
    window = api_window(own_server, "messages", height=4000)
    read = lambda row_id: next(r for r in api_window(own_server, "messages", height=4000)["rows"]
                               if str(r["id"]) == row_id)["fields"].get("read") is True
    drawn = {r.get_attribute("data-row-id"): r for r in rows(browser)}
    read_id = next(str(r["id"]) for r in window["rows"] if r["fields"].get("read") is True and str(r["id"]) in drawn)
    unread_id = next(str(r["id"]) for r in window["rows"] if not r["fields"].get("read") and str(r["id"]) in drawn)
    for row_id, offered, left_out in ((read_id, "Mark as Unread", "Mark as Read"), (unread_id, "Mark as Read", "Mark as Unread")):
        ActionChains(browser).context_click(drawn[row_id]).perform()
        wait(browser, lambda d: "Copy" in menu_items(d), message="no menu on a right click")
        assert offered in menu_items(browser) and left_out not in menu_items(browser), menu_items(browser)
        browser.switch_to.active_element.send_keys(Keys.ESCAPE)
        wait(browser, lambda d: not menu_items(d), message="Escape left the menu open")
    ActionChains(browser).context_click(drawn[read_id]).perform()
    wait(browser, lambda d: "Mark as Unread" in menu_items(d))
    next(i for i in browser.find_elements(By.CSS_SELECTOR, ".menu [role=menuitem]") if i.text == "Mark as Unread").click()
    wait(browser, lambda d: not read(read_id), message="Mark as Unread did not save")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, f'[data-row-id="{read_id}"] .dot'),
         message="the row shows no unread dot")
    ActionChains(browser).context_click(browser.find_element(By.CSS_SELECTOR, f'[data-row-id="{read_id}"]')).perform()
    wait(browser, lambda d: "Mark as Read" in menu_items(d) and "Mark as Unread" not in menu_items(d),
         message="the redrawn row does not offer Mark as Read")


def test_the_keyboard_opens_moves_through_and_closes_the_menu(browser, own_server):
    open_table(browser, own_server, "messages")
    row = rows(browser)[0]
    row.click()
    browser.switch_to.active_element.send_keys(Keys.SHIFT, Keys.F10)
    wait(browser, lambda d: menu_items(d), message="Shift+F10 opened no menu")
    items = browser.find_elements(By.CSS_SELECTOR, ".menu [role=menuitem]")
    browser.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    assert browser.switch_to.active_element == items[1]
    browser.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, ".menu"))
    assert browser.switch_to.active_element.get_attribute("data-row-id") == row.get_attribute("data-row-id"), "the focus did not go back to the row"


def test_a_long_press_opens_the_menu_and_the_tap_it_ends_in_does_nothing_more(browser, own_server):
    open_table(browser, own_server, "messages", "?lang=zh-Hans")
    row = rows(browser)[3]
    x, y = browser.execute_script("const b = arguments[0].getBoundingClientRect(); return [b.left + b.width / 2, b.top + b.height / 2]", row)
    touch = lambda kind, points: browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    try:
        touch("touchStart", [{"x": x, "y": y}])
        wait(browser, lambda d: menu_items(d), timeout=3, message="holding a touch opened no menu")
        touch("touchEnd", [])
    finally:
        browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
    assert menu_items(browser)[0] == "拷贝", menu_items(browser)
    # Under the row, not under the finger over it: the row the menu is for stays in sight.
    menu_top, row_bottom = browser.execute_script(
        "return [document.querySelector('.menu').getBoundingClientRect().top, arguments[0].getBoundingClientRect().bottom]", row)
    assert row_bottom <= menu_top <= row_bottom + 8, (menu_top, row_bottom)
    assert row.get_attribute("aria-selected") != "true", "the long press also selected the row"
    outside = browser.find_element(By.CSS_SELECTOR, "h1")
    ActionChains(browser).move_to_element(outside).click().perform()
    wait(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, ".menu"), message="a tap outside did not close the menu")


def accessible_name(driver, selector):
    """The name Chromium's accessibility tree gives the first element `selector` finds."""
    root = driver.execute_cdp_cmd("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    node = driver.execute_cdp_cmd("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    tree = driver.execute_cdp_cmd("Accessibility.getPartialAXTree", {"nodeId": node, "fetchRelatives": False})
    return tree["nodes"][0].get("name", {}).get("value", "")


def test_a_rows_accessible_name_is_what_it_shows_not_its_hidden_buttons(browser, own_server):
    open_table(browser, own_server, "messages")
    for row in rows(browser)[:4]:
        name = accessible_name(browser, f"[data-row-id='{row.get_attribute('data-row-id')}']")
        title = row.find_element(By.CSS_SELECTOR, ".tt").text
        # Its content (an unread message's dot says "Unread"), and none of the swipe's buttons.
        assert title in name and name.index(title) <= len("Unread "), f"the row is read as {name!r}"
        assert not any(word in name for word in ("Delete", "Mark as", "Pin")), f"the row is read as {name!r}"


def test_rows_are_named_by_their_text_not_their_controls(browser, own_server):
    """Edit mode's minus and grip, an app's Download and a choice's checkmark are controls or states of their own:
    a row is read by its text ("Aurelian Vex The Sunforged Blade …", not "Delete Aurelian Vex … Reorder")."""
    for dataset in ("heroes", "apps"):
        open_table(browser, own_server, dataset)
        if dataset == "heroes":
            browser.find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
            wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".editing .minus"))
        for row in rows(browser)[:3]:
            name = accessible_name(browser, f"[data-row-id='{row.get_attribute('data-row-id')}']")
            title = (row.find_elements(By.CSS_SELECTOR, ".nm") or row.find_elements(By.CSS_SELECTOR, ".t1"))[0].text
            assert name.startswith(title), f"{dataset}: the row is read as {name!r}"
            assert not any(word in name for word in ("Delete", "Reorder", "Download")), f"read as {name!r}"
    open_table(browser, own_server, "settings", "?child=" + wifi_choice(own_server))
    checked = wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-accessory=checkmark][data-row-id]"))[0]
    name = accessible_name(browser, f"[data-row-id='{checked.get_attribute('data-row-id')}']")
    assert checked.get_attribute("aria-selected") == "true" and "Checked" not in name, name


def wifi_choice(server):
    """The child address of Wi-Fi › Ask to Join Networks, a choice list."""
    from conftest import api_window
    wifi = next(r for r in api_window(server, "settings")["rows"] if r["fields"].get("text") == "Wi-Fi")
    ask = next(r for r in api_window(server, "settings", child=wifi["child"])["rows"]
               if r["fields"].get("text") == "Ask to Join Networks")
    return ask["child"]
