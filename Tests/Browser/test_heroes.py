"""Heroes: add a random hero at the top, edit name and title in a dialog, delete in edit mode."""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from conftest import open_table, row_by_id, rows, screenshot, wait


def test_hero_cells_show_icon_name_title_tags_and_description(browser, server):
    open_table(browser, server, "heroes")
    first = rows(browser)[0]
    assert first.find_element(By.CSS_SELECTOR, "img.icon").get_attribute("src").endswith(".svg")
    for part in (".nm", ".ti", ".tag", ".desc"):
        assert first.find_element(By.CSS_SELECTOR, part).text
    assert browser.execute_script("return arguments[0].naturalWidth", first.find_element(By.CSS_SELECTOR, "img.icon")) > 0
    screenshot(browser, "heroes")


def test_plus_adds_a_hero_at_the_top(browser, server):
    open_table(browser, server, "heroes")
    first_id = rows(browser)[0].get_attribute("data-row-id")
    browser.find_element(By.CSS_SELECTOR, "[data-action=add]").click()
    wait(browser, lambda d: rows(d)[0].get_attribute("data-row-id") != first_id, message="no hero added at the top")
    top = rows(browser)[0]
    assert top.get_attribute("data-row") == "0"
    assert top.find_element(By.CSS_SELECTOR, ".nm").text
    assert rows(browser)[1].get_attribute("data-row-id") == first_id


def test_tapping_a_hero_edits_name_and_title_in_a_dialog(browser, server):
    open_table(browser, server, "heroes")
    row = rows(browser)[2]
    row_id = row.get_attribute("data-row-id")
    row.find_element(By.CSS_SELECTOR, ".tx").click()
    dialog = wait(browser, lambda d: [x for x in d.find_elements(By.CSS_SELECTOR, "dialog[open]")])[0]
    name = dialog.find_element(By.CSS_SELECTOR, "[name=name]")
    title = dialog.find_element(By.CSS_SELECTOR, "[name=title]")
    assert name.get_attribute("value")
    name.clear()
    name.send_keys("Renamed <Hero> & Co")
    title.clear()
    title.send_keys("Keeper of Tests")
    dialog.find_element(By.CSS_SELECTOR, "[data-action=save]").click()
    wait(browser, lambda d: d.execute_script(
        "return document.querySelector(`[data-row-id='${arguments[0]}'] .nm`)?.textContent", row_id)
         == "Renamed <Hero> & Co", message="the new name is not shown")
    browser.refresh()
    wait(browser, lambda d: row_by_id(d, row_id))
    row = row_by_id(browser, row_id)
    assert row.find_element(By.CSS_SELECTOR, ".nm").text == "Renamed <Hero> & Co"
    assert row.find_element(By.CSS_SELECTOR, ".ti").text == "Keeper of Tests"
    assert row.find_element(By.CSS_SELECTOR, ".desc").text


def test_edit_mode_deletes_a_hero_with_the_red_delete_and_asks_nothing_more(browser, server):
    open_table(browser, server, "heroes")
    browser.find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
    row = rows(browser)[1]
    row_id = row.get_attribute("data-row-id")
    minus = row.find_element(By.CSS_SELECTOR, "[data-action=minus]")
    wait(browser, lambda d: minus.is_displayed(), message="edit mode shows no delete control")
    assert row.find_element(By.CSS_SELECTOR, "[data-action=move]").is_displayed()
    minus.click()
    delete = row.find_element(By.CSS_SELECTOR, "[data-action=delete]")
    wait(browser, lambda d: delete.is_displayed())
    delete.click()
    wait(browser, lambda d: row_by_id(d, row_id) is None, message="the hero stayed")
    assert not browser.execute_script("return !!document.querySelector('dialog[open]')"), "a second dialog asked"

    browser.find_element(By.CSS_SELECTOR, "[data-action=done]").click()
    assert not rows(browser)[0].find_element(By.CSS_SELECTOR, "[data-action=minus]").is_displayed()


def test_the_drag_handle_reorders_in_edit_mode(browser, server):
    open_table(browser, server, "heroes")
    browser.find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
    order = [r.get_attribute("data-row-id") for r in rows(browser)]
    moving = rows(browser)[0]
    grip = moving.find_element(By.CSS_SELECTOR, "[data-action=move]")
    wait(browser, lambda d: grip.is_displayed())
    distance = int(float(rows(browser)[2].get_attribute("data-y")) - float(moving.get_attribute("data-y")))
    ActionChains(browser).click_and_hold(grip).move_by_offset(0, distance // 2).move_by_offset(0, distance // 2) \
        .release().perform()
    expected = order[1:3] + order[:1] + order[3:]
    wait(browser, lambda d: [r.get_attribute("data-row-id") for r in rows(d)][:6] == expected[:6],
         message="the row did not move to the third place")
    browser.find_element(By.CSS_SELECTOR, "[data-action=done]").click()
