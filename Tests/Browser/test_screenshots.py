"""Screenshots for the README at 360 and 1280 px, light and dark, English and Chinese, each also checked for the
geometry every page keeps: a 52 px navigation bar with its title whole, and nothing wider than the window."""
import pytest
from selenium.webdriver.common.by import By

from conftest import at_width, open_table, screenshot, wait

SHOTS = [
    ("settings", 360, "light", "en"), ("settings", 360, "dark", "zh-Hans"),
    ("settings", 1280, "light", "zh-Hans"), ("settings", 1280, "dark", "en"),
    ("messages", 360, "light", "zh-Hans"), ("messages", 360, "dark", "en"),
    ("friends", 1280, "light", "en"), ("heroes", 1280, "dark", "zh-Hans"),
    ("regions", 360, "light", "zh-Hans"), ("regions", 1280, "dark", "en"),
]
# What each shot opens besides its language: the regions outline with East China and Zhejiang expanded (nodes in
# preorder).
OPENED = {"regions": "&expanded=29,36"}


@pytest.mark.parametrize("dataset,width,scheme,language", SHOTS)
def test_screenshot(browser, server, dataset, width, scheme, language):
    at_width(browser, width, 800)
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    try:
        open_table(browser, server, dataset, f"?lang={language}{OPENED.get(dataset, '')}")
        wait(browser, lambda d: d.execute_script("return document.documentElement.classList.contains('js')"))
        assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == language
        bar = browser.find_element(By.CSS_SELECTOR, "[data-role=navbar]")
        assert abs(bar.rect["height"] - 52) <= 1, f"the bar is {bar.rect['height']} px tall"
        title = browser.find_element(By.CSS_SELECTOR, "[data-role=title]")
        assert browser.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth", title), "the title is cut"
        assert browser.execute_script("return document.documentElement.scrollWidth <= innerWidth"), "the page is wider than the window"
        assert browser.find_elements(By.CSS_SELECTOR, "[data-row-id], [data-section-id]")
        if language != "en":
            edit = browser.find_elements(By.CSS_SELECTOR, "[data-action=edit]")
            assert not edit or not edit[0].is_displayed() or edit[0].text in ("编辑", "管理")
        screenshot(browser, f"{dataset}-{width}-{scheme}-{language.split('-')[0]}")
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        at_width(browser, 480)
