"""Apps: Download disables its button and shows a centered toast that fades away."""
from selenium.webdriver.common.by import By

from conftest import open_table, rows, screenshot, wait


def test_download_disables_the_button_and_shows_a_fading_toast(browser, server):
    open_table(browser, server, "apps")
    row = rows(browser)[1]
    name = row.find_element(By.CSS_SELECTOR, ".t1").text
    assert " · " in row.find_element(By.CSS_SELECTOR, ".t2").text
    button = row.find_element(By.CSS_SELECTOR, "[data-action=download]")
    assert button.is_enabled()
    button.click()
    assert not button.is_enabled()
    toast = browser.find_element(By.CSS_SELECTOR, "#toast")
    wait(browser, lambda d: toast.is_displayed() and toast.text == f"{name} is downloading…")
    box = browser.execute_script("const r = arguments[0].getBoundingClientRect();"
                                 "return [r.left + r.width / 2, r.top + r.height / 2, innerWidth, innerHeight]", toast)
    assert abs(box[0] - box[2] / 2) < 2 and abs(box[1] - box[3] / 2) < 2, box
    screenshot(browser, "apps")
    wait(browser, lambda d: not toast.is_displayed(), timeout=6, message="the toast did not fade away")
    assert not rows(browser)[1].find_element(By.CSS_SELECTOR, "[data-action=download]").is_enabled()
    assert rows(browser)[0].find_element(By.CSS_SELECTOR, "[data-action=download]").is_enabled()
