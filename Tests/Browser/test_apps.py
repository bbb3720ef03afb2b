"""Apps as the App Store cell: Download turns into progress with a centered toast that fades away, and then into
Open, which the row keeps (stored) across reloads."""

from selenium.webdriver.common.by import By

from conftest import api_window, open_table, rows, screenshot, wait


def test_download_disables_the_button_and_shows_a_fading_toast(browser, own_server):
    server = own_server
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
    assert "busy" in button.get_attribute("class").split(), "no progress while downloading"
    opened = lambda d: rows(d)[1].find_elements(By.CSS_SELECTOR, "[data-action=open]")
    wait(browser, opened, message="the download did not end in Open")
    assert opened(browser)[0].text == "Open" and opened(browser)[0].is_enabled()
    wait(browser, lambda d: not toast.is_displayed(), timeout=6, message="the toast did not fade away")
    assert rows(browser)[0].find_element(By.CSS_SELECTOR, "[data-action=download]").is_enabled()
    row_id = rows(browser)[1].get_attribute("data-row-id")
    window = api_window(server, "apps", height=400)
    assert next(r for r in window["rows"] if str(r["id"]) == row_id)["fields"]["installed"] is True
    browser.refresh()
    wait(browser, lambda d: opened(d), message="Open did not survive a reload")
    opened(browser)[0].click()
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "#toast").text == f"Opening {name}…")
