"""First paint in one request, and the page without JavaScript: rows, paging links, groups that open by link."""
import os
import re
import urllib.request

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from conftest import WIDTHS, at_width, open_table, rows, screenshot, wait


def test_the_table_page_arrives_with_its_title_and_first_window(text_server):
    html = urllib.request.urlopen(f"{text_server.url}/d/texts").read().decode()
    assert '<h1 id="title" data-role="title">Texts</h1>' in html
    assert len(re.findall(r'data-row-id="\d+"', html)) >= 5
    assert "Hero 1<" in html
    assert "<!--" not in html


@pytest.mark.parametrize("width", WIDTHS)
def test_rows_paint_from_the_html_with_no_second_window_and_no_duplicates(browser, text_server, width):
    at_width(browser, width)
    try:
        open_table(browser, text_server, "texts")
        wait(browser, lambda d: d.execute_script("return document.readyState") == "complete")
        ids = [r.get_attribute("data-row-id") for r in rows(browser)]
        assert ids and len(ids) == len(set(ids))
        assert rows(browser)[0].get_attribute("data-row") == "0"
        assert browser.find_elements(By.CSS_SELECTOR, ".pager") == [], "the paging links stay in the page with script"
        first = browser.execute_script(
            "return performance.getEntriesByType('resource').filter(e => e.name.includes('/fragment'))"
            ".map(e => e.startTime).sort((a, b) => a - b)[0] ?? null")
        painted = browser.execute_script(
            "return performance.getEntriesByType('paint').find(e => e.name === 'first-contentful-paint')?.startTime")
        assert painted is not None and (first is None or painted < first), (painted, first)
    finally:
        at_width(browser, 480)


@pytest.fixture(scope="module")
def no_script():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=768,900", "--force-color-profile=srgb", "--hide-scrollbars",
                     "--blink-settings=scriptEnabled=false"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")),
                              options=options)
    yield driver
    driver.quit()


def test_without_javascript_a_grouped_list_pages_forward_and_a_group_opens_by_link(no_script, text_server):
    driver = no_script
    driver.get(f"{text_server.url}/d/clubs")
    assert "js" not in (driver.find_element(By.TAG_NAME, "html").get_attribute("class") or "")
    headers = driver.find_elements(By.CSS_SELECTOR, "[data-section-id][role=row]")
    assert len(headers) >= 20 and all(h.get_attribute("aria-expanded") == "false" for h in headers)
    assert driver.find_elements(By.CSS_SELECTOR, "[data-row-id]") == []
    last = int(headers[-1].get_attribute("data-section"))
    screenshot(driver, "nojs-clubs")
    driver.find_element(By.CSS_SELECTOR, "a[data-role=next]").click()
    wait(driver, lambda d: "top=" in d.current_url)
    later = driver.find_elements(By.CSS_SELECTOR, "[data-section-id][role=row]")
    assert int(later[0].get_attribute("data-section")) > last - 2
    assert int(later[-1].get_attribute("data-section")) == 39
    assert driver.find_elements(By.CSS_SELECTOR, "a[data-role=previous]")
    group = later[1]
    section = group.get_attribute("data-section")
    group.find_element(By.CSS_SELECTOR, "a.ht").click()
    wait(driver, lambda d: "expanded=" in d.current_url)
    opened = driver.find_element(By.CSS_SELECTOR, f'[data-section-id][data-section="{section}"]')
    assert opened.get_attribute("aria-expanded") == "true"
    members = driver.find_elements(By.CSS_SELECTOR, f'[data-row-id][data-section="{section}"]')
    assert len(members) == 8 and all(m.is_displayed() for m in members)
    assert members[0].text.startswith("Member")
    driver.find_element(By.CSS_SELECTOR, "a[data-role=previous]").click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, '[data-section-id][data-section="2"]'),
         message="the previous rows are not shown")
    driver.find_element(By.CSS_SELECTOR, "a.back").click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "a.card[href='/d/clubs']"))


def test_with_javascript_the_header_links_toggle_in_place(browser, text_server):
    open_table(browser, text_server, "clubs")
    header = browser.find_elements(By.CSS_SELECTOR, "[data-section-id][role=row]")[2]
    url = browser.current_url
    header.find_element(By.CSS_SELECTOR, "a.ht").click()
    wait(browser, lambda d: len(rows(d)) == 8, message="the group did not open in place")
    assert browser.current_url.split("?")[0] == url.split("?")[0]
    assert browser.execute_script("return performance.getEntriesByType('navigation').length") == 1


def test_without_javascript_a_row_with_a_child_table_is_a_link_and_inset_cards_keep_their_margins(no_script, server):
    driver = no_script
    driver.get(f"{server.url}/d/settings")
    wifi = next(r for r in driver.find_elements(By.CSS_SELECTOR, "[data-row-id]") if r.text.startswith("Wi-Fi"))
    left, right, width = driver.execute_script(
        "const b = arguments[0].getBoundingClientRect(); return [b.left, b.right, document.documentElement.clientWidth]", wifi)
    assert left >= 16 and abs(left - (width - right)) <= 1, f"inset card at {left}..{right} of {width}"
    ActionChains(driver).move_to_element_with_offset(wifi, -wifi.rect["width"] // 2 + 30, 0).click().perform()  # on its icon
    wait(driver, lambda d: "child=" in d.current_url, message="the row did not open its child table")
    assert driver.find_element(By.CSS_SELECTOR, "[data-role=title]").text == "Wi-Fi"
    assert "Ask to Join Networks" in driver.find_element(By.CSS_SELECTOR, "[data-role=scroller]").text


def test_with_javascript_a_child_link_pushes_the_child_in_place(browser, server):
    open_table(browser, server, "settings")
    browser.execute_script("window.__noReload = true")
    wifi = next(r for r in rows(browser) if r.text.startswith("Wi-Fi"))
    link = wifi.find_element(By.CSS_SELECTOR, "a.cl")
    assert link.get_attribute("href").endswith("?child=" + wifi.get_attribute("data-child"))
    link.click()
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "[data-role=title]").text == "Wi-Fi")
    assert browser.execute_script("return window.__noReload") is True, "the link loaded a new page"
    browser.find_element(By.CSS_SELECTOR, "[data-action=back]").click()
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "[data-role=title]").text.startswith("Settings"))
