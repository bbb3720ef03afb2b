"""Undo and Redo of every edit the page makes: Ctrl+Z undoes a delete (the row comes back with its id, between its
neighbours), an insert, a move, a switch, a choice and a row action; Shift+Ctrl+Z redoes each; a delete offers Undo
in a toast, in the page's language, that axe-core finds accessible; a page keeps at least 100 steps."""

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import api_window, open_table, row_by_id, rows, server_with, wait
from conftest import axe_violations

PREFS = {"table": {"style": "insetGrouped", "sections": [
    {"header": "General", "rows": [{"text": "Airplane Mode", "accessoryView": "switch", "on": False,
                                    "selectionStyle": "none"}]},
    {"header": "Size", "choice": "single", "rows": [{"text": "Small", "accessory": "checkmark"}, {"text": "Large"}]},
]}}


@pytest.fixture(scope="module")
def undo_server():
    files = {"chores": [{"title": "Home", "rows": [{"title": f"Chore {i}"} for i in range(6)]},
                        {"title": "Work", "rows": [{"title": "Report"}]}],
             "prefs": PREFS}
    with server_with(files) as running:
        yield running


def server_rows(server, dataset, section=0):
    """(id, fields) of a section's rows, as the server has them."""
    window = api_window(server, dataset, expanded="all")
    return [(row["id"], row["fields"]) for row in window["rows"] if row["section"] == section]


def ids(server, dataset, section=0):
    return [row_id for row_id, _ in server_rows(server, dataset, section)]


def press(driver, redo=False):
    """Ctrl+Z, or Shift+Ctrl+Z, with the focus on the list."""
    chain = ActionChains(driver).key_down(Keys.CONTROL)
    if redo:
        chain = chain.key_down(Keys.SHIFT)
    chain = chain.send_keys("z")
    if redo:
        chain = chain.key_up(Keys.SHIFT)
    chain.key_up(Keys.CONTROL).perform()


def steps(driver):
    return driver.execute_async_script(
        "const done = arguments[0]; import('/page/undo.js').then(m => done(m.steps()))")


def still(driver, row):
    wait(driver, lambda d: d.execute_script("return arguments[0].getAnimations({subtree: true}).length === 0", row))
    return row


def full_swipe(driver, row):
    content = still(driver, row).find_element(By.CSS_SELECTOR, ".rc")
    chain = ActionChains(driver).move_to_element_with_offset(content, int(content.rect["width"] * 0.4), 0).click_and_hold()
    for _ in range(5):
        chain = chain.move_by_offset(-int(row.rect["width"] * 0.16), 0)
    chain.release().perform()


def test_a_delete_is_undone_with_its_id_between_its_neighbours_and_redone(browser, undo_server):
    open_table(browser, undo_server, "chores")
    before = ids(undo_server, "chores")
    victim = before[2]
    full_swipe(browser, row_by_id(browser, victim))
    wait(browser, lambda d: victim not in ids(undo_server, "chores"), message="the swipe did not delete")
    wait(browser, lambda d: steps(d)["undo"] == 1)
    press(browser)
    wait(browser, lambda d: ids(undo_server, "chores") == before, message="Ctrl+Z did not bring the row back in place")
    wait(browser, lambda d: row_by_id(d, victim) is not None, message="the restored row is not drawn")
    press(browser, redo=True)
    wait(browser, lambda d: victim not in ids(undo_server, "chores"), message="Shift+Ctrl+Z did not delete again")
    press(browser)
    wait(browser, lambda d: ids(undo_server, "chores") == before)


def test_the_toast_after_a_delete_undoes_it_in_the_pages_language(browser, undo_server):
    open_table(browser, undo_server, "chores", "?lang=zh-Hans")
    before = ids(undo_server, "chores")
    full_swipe(browser, row_by_id(browser, before[0]))
    toast = wait(browser, lambda d: next((t for t in d.find_elements(By.CSS_SELECTOR, ".undo-toast") if t.is_displayed()), None),
                 message="no toast after the delete")
    button = toast.find_element(By.CSS_SELECTOR, "[data-action=undo]")
    assert toast.text.startswith("已删除 1 项") and button.text == "撤销", toast.text
    assert axe_violations(browser) == [], "axe finds the toast inaccessible"
    button.click()
    wait(browser, lambda d: ids(undo_server, "chores") == before, message="the toast's Undo did not restore the row")
    wait(browser, lambda d: not toast.is_displayed(), message="the toast stayed after its Undo")


def test_an_insert_is_undone_and_redone_with_the_same_id(browser, undo_server):
    open_table(browser, undo_server, "chores")
    browser.find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
    before = ids(undo_server, "chores", 1)
    plus = wait(browser, lambda d: [e for e in d.find_elements(By.CSS_SELECTOR, ".ins [data-action=insert]")
                                    if e.is_displayed()], message="no insertion row")[-1]
    still(browser, plus.find_element(By.XPATH, "./ancestor::*[@data-section][1]")).click()
    wait(browser, lambda d: len(ids(undo_server, "chores", 1)) == len(before) + 1, message="the plus did not insert")
    added = ids(undo_server, "chores", 1)
    press(browser)
    wait(browser, lambda d: ids(undo_server, "chores", 1) == before, message="Ctrl+Z did not take the new row away")
    press(browser, redo=True)
    wait(browser, lambda d: ids(undo_server, "chores", 1) == added, message="the redone row has another id or place")


def test_a_move_is_undone_and_redone(browser, undo_server):
    open_table(browser, undo_server, "chores")
    browser.find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".editing"))
    before = ids(undo_server, "chores")
    first, third = (still(browser, row_by_id(browser, before[i])) for i in (0, 2))
    grip = first.find_element(By.CSS_SELECTOR, "[data-action=move]")
    distance = third.rect["y"] + third.rect["height"] / 2 - first.rect["y"] - first.rect["height"] / 2 + 4
    ActionChains(browser).move_to_element(grip).click_and_hold().move_by_offset(0, 8) \
        .move_by_offset(0, int(distance) - 8).release().perform()
    moved = before[1:3] + before[:1] + before[3:]
    wait(browser, lambda d: ids(undo_server, "chores") == moved, message="the drag did not move the row")
    press(browser)
    wait(browser, lambda d: ids(undo_server, "chores") == before, message="Ctrl+Z did not move it back")
    press(browser, redo=True)
    wait(browser, lambda d: ids(undo_server, "chores") == moved, message="Shift+Ctrl+Z did not move it again")


def test_a_switch_and_a_choice_are_undone_and_redone(browser, undo_server):
    open_table(browser, undo_server, "prefs")
    on = lambda: server_rows(undo_server, "prefs")[0][1].get("on")
    checked = lambda: [fields.get("accessory") for _, fields in server_rows(undo_server, "prefs", 1)]
    browser.find_element(By.CSS_SELECTOR, "[role=switch]").click()
    wait(browser, lambda d: on() is True, message="the switch did not save")
    large = next(r for r in rows(browser) if r.text.startswith("Large"))
    still(browser, large).click()
    wait(browser, lambda d: checked() == [None, "checkmark"], message="the choice did not save")
    press(browser)
    wait(browser, lambda d: checked() == ["checkmark", None], message="Ctrl+Z did not give the checkmark back")
    assert on() is True
    press(browser)
    wait(browser, lambda d: on() is False, message="a second Ctrl+Z did not turn the switch back")
    press(browser, redo=True)
    press(browser, redo=True)
    wait(browser, lambda d: on() is True and checked() == [None, "checkmark"], message="redo did not do both again")


def test_ctrl_z_before_the_server_answers_undoes_that_edit(browser, undo_server):
    open_table(browser, undo_server, "prefs")
    on = lambda: server_rows(undo_server, "prefs")[0][1].get("on")
    start = on()
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 600, "downloadThroughput": -1, "uploadThroughput": -1})
    try:
        browser.find_element(By.CSS_SELECTOR, "[role=switch]").click()
        assert steps(browser)["undo"] == 0, "the flip's answer came before the key: nothing is tested"
        press(browser)
        wait(browser, lambda d: steps(d)["redo"] == 1, message=f"the Ctrl+Z was lost: {steps(browser)}")
    finally:
        browser.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        browser.execute_cdp_cmd("Network.disable", {})
    assert on() is start, "the Ctrl+Z pressed while the flip was on its way did not undo it"
    assert steps(browser)["undo"] == 0


def test_a_row_action_is_undone(browser, server):
    open_table(browser, server, "messages")
    unread = next(row_id for row_id, fields in server_rows(server, "messages") if not fields.get("read"))
    row = still(browser, row_by_id(browser, unread))
    content = row.find_element(By.CSS_SELECTOR, ".rc")
    ActionChains(browser).move_to_element_with_offset(content, int(content.rect["width"] * 0.4), 0).click_and_hold() \
        .move_by_offset(-60, 0).move_by_offset(-90, 0).release().perform()
    wait(browser, lambda d: row.get_attribute("data-open") == "t", message="the swipe did not open the row")
    next(b for b in row.find_elements(By.CSS_SELECTOR, ".act") if b.text == "Mark as Read").click()
    read = lambda: dict(server_rows(server, "messages"))[unread].get("read")
    wait(browser, lambda d: read() is True, message="Mark as Read did not save")
    press(browser)
    wait(browser, lambda d: not read(), message="Ctrl+Z did not make it unread again")


def test_a_page_keeps_a_hundred_steps(browser, undo_server):
    open_table(browser, undo_server, "prefs")
    on = lambda: server_rows(undo_server, "prefs")[0][1].get("on")
    start = on()
    # 101 flips as fast as a script clicks: each is a batch, sent in order.
    browser.execute_script("const s = document.querySelector('[role=switch]'); for (let i = 0; i < 101; i++) s.click()")
    wait(browser, lambda d: steps(d)["undo"] >= 101, timeout=60, message=f"not every flip was kept: {steps(browser)}")
    assert on() is (not start)
    for _ in range(100):
        press(browser)
    wait(browser, lambda d: steps(d)["redo"] == 100, timeout=60, message=f"not every undo was sent: {steps(browser)}")
    assert on() is (not start), "100 undos of 101 flips leave the first flip"
    assert browser.find_element(By.CSS_SELECTOR, "#note").get_attribute("hidden") is not None, "an undo was refused"
