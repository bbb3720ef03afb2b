"""UI text follows Accept-Language: a browser that prefers Chinese gets 编辑, 全选, 获取 and counts in 万, in the
page and in every fragment the script fetches, and the row actions' titles a dataset gives in Chinese; the datasets'
own text stays as it is."""
import os

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

from conftest import open_table, rows, server_with, wait


@pytest.fixture(scope="module")
def chinese_browser():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=480,900", "--hide-scrollbars"):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": "zh-CN,zh"})
    driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")),
                              options=options)
    yield driver
    driver.quit()


def text(driver, selector):
    return driver.find_element(By.CSS_SELECTOR, selector).text


def test_apps_speak_chinese_in_the_page_and_in_fetched_fragments(chinese_browser, server):
    driver = chinese_browser
    open_table(driver, server, "apps")
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "zh-Hans"
    assert driver.find_element(By.CSS_SELECTOR, "[data-role=search]").get_attribute("placeholder") == "搜索"
    first = rows(driver)[0]
    assert first.find_element(By.CSS_SELECTOR, "[data-action=download]").text == "获取"
    assert "次下载" in first.text and "downloads" not in first.text
    # Rows fetched by the script, far from the first window, are Chinese too.
    scroller = driver.find_element(By.CSS_SELECTOR, "[data-role=scroller]")
    driver.execute_script("arguments[0].scrollTop = arguments[0].scrollHeight", scroller)
    wait(driver, lambda d: any("lang=zh-Hans" in e for e in d.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/fragment'))")),
         message="no fragment was fetched in Chinese")
    wait(driver, lambda d: all(b.text == "获取" for b in d.find_elements(By.CSS_SELECTOR, "[data-action=download]")
                               if b.is_displayed()))
    last = rows(driver)[-1]
    name = last.find_element(By.CSS_SELECTOR, ".t1").text
    last.find_element(By.CSS_SELECTOR, "[data-action=download]").click()
    wait(driver, lambda d: text(d, "#toast") == f"正在下载“{name}”…", message="the toast is not in Chinese")


def test_messages_manage_select_all_and_the_count_in_chinese(chinese_browser, server):
    driver = chinese_browser
    open_table(driver, server, "messages")
    edit = driver.find_element(By.CSS_SELECTOR, "[data-action=edit]")
    wait(driver, lambda d: edit.text == "管理")
    edit.click()
    wait(driver, lambda d: edit.text == "完成")
    select_all = driver.find_element(By.CSS_SELECTOR, "[data-action=select-all]")
    assert select_all.text == "全选"
    select_all.click()
    count = driver.find_element(By.CSS_SELECTOR, "[data-role=selected-count]")
    wait(driver, lambda d: count.text.startswith("已选择 ") and count.text.endswith(" 项") and count.text != "已选择 0 项")
    wait(driver, lambda d: select_all.text == "取消全选")
    assert driver.find_element(By.CSS_SELECTOR, "[data-action=delete-selected]").text == "删除"
    select_all.click()
    wait(driver, lambda d: count.text == "已选择 0 项")
    edit.click()
    wait(driver, lambda d: edit.text == "管理")


def test_a_swipe_shows_the_titles_the_dataset_gives_in_chinese(chinese_browser, server):
    driver = chinese_browser
    open_table(driver, server, "messages")
    row = rows(driver)[1]
    titles = [b.get_attribute("textContent") for b in row.find_elements(By.CSS_SELECTOR, ".acts.t button")]
    assert titles == ["删除", "标为已读"], titles
    assert [b.get_attribute("textContent") for b in row.find_elements(By.CSS_SELECTOR, ".acts.l button")] == ["置顶"]


def test_counts_in_wan_round_as_the_browsers_compact_numbers_do(browser):
    """The page says a count in 万 as Intl.NumberFormat('zh-Hans', {notation: 'compact'}) says it (99,999 is 10万,
    not 9.9万; the home page's row counts use the same rule), so numbers the server writes and numbers the
    browser would write never disagree."""
    counts = [15_500, 99_499, 99_999, 125_000, 999_999, 1_284_503, 99_999_999, 123_456_789]
    shop = [{"name": f"App {n}", "icon": "app-01", "size": 1.5, "download": n} for n in counts]
    with server_with({"shop": shop}) as running:
        open_table(browser, running, "shop", "?lang=zh-Hans")
        wait(browser, lambda d: len(rows(d)) == len(counts))
        said = browser.execute_script(
            "return [...document.querySelectorAll('[data-row-id] .t2')].map(e => e.textContent)")
        compact = browser.execute_script(
            "const f = new Intl.NumberFormat('zh-Hans', {notation: 'compact'}); return arguments[0].map(n => f.format(n))",
            counts)
        browser.get("about:blank")  # the page's event stream ends before its server does
        assert said == [f"1.5M · {c}次下载" for c in compact]
