"""The search field: results as one types, `q` in the URL, reload, clearing back to the view before, CJK
substrings, live changes over results, no stale results after fast typing, and the form without script."""
import json
import re
import os
import plistlib
import shutil
import tempfile
import urllib.parse
import urllib.request

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import HANZI, WIDTHS, Server, at_width, open_table, rows, screenshot, text_of, wait
from test_page import post_batch


def shelves():
    """A grouped list as an app bundle has it (an XML plist): 30 shelves of 8 books, Latin and CJK texts."""
    return [{"title": f"Shelf {s:02d}", "rows": [
        {"title": f"Book {s}-{r} " + text_of(s * 8 + r)[:40], "detail": text_of(s * 8 + r + 3)[:90]}
        for r in range(8)]} for s in range(30)]


@pytest.fixture(scope="module")
def search_server():
    folder = tempfile.mkdtemp(prefix="listserver-search-")
    path = os.path.join(folder, "shelves.plist")
    with open(path, "wb") as out:
        plistlib.dump(shelves(), out)
    running = Server(["--import", path])
    yield running
    running.stop()
    shutil.rmtree(folder, ignore_errors=True)


def matches(server, text):
    query = urllib.parse.quote(text)
    return json.load(urllib.request.urlopen(f"{server.url}/api/datasets/shelves/window?top=0&height=1&q={query}"))["matches"]


def field(driver):
    return driver.find_element(By.CSS_SELECTOR, "[data-role=search]")


def query_in_url(driver):
    return urllib.parse.parse_qs(urllib.parse.urlparse(driver.current_url).query).get("q", [None])[0]


def texts(driver):
    return [r.text for r in rows(driver)]


def shows_results_for(driver, text, count=None):
    """Every drawn row holds the text (marked), and as many rows are drawn as match (all fit in the window)."""
    drawn = rows(driver)
    if not drawn or any(text.lower() not in r.text.lower() or not r.find_elements(By.TAG_NAME, "mark") for r in drawn):
        return False
    return count is None or len(drawn) == count


def scroller_top(driver):
    return driver.execute_script("return document.querySelector('[data-role=scroller]').scrollTop")


def first_in_view(driver):
    """The first row in view and its offset from the scroller's top: what a restored view must show again."""
    return driver.execute_script("""
const box = document.querySelector('[data-role=scroller]').getBoundingClientRect();
const row = [...document.querySelectorAll('[data-row-id]')].filter(e => !e.hidden)
  .map(e => [e.dataset.rowId, e.getBoundingClientRect().top - box.top]).filter(([, top]) => top > -40)
  .sort((a, b) => a[1] - b[1])[0];
return row && [row[0], Math.round(row[1])];""")


def same_view(seen, now):
    return now is not None and seen[0] == now[0] and abs(seen[1] - now[1]) <= 4


def type_into(driver, text):
    box = field(driver)
    box.click()
    box.send_keys(text)


def clear(driver):
    box = field(driver)
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.BACKSPACE)


def test_the_field_is_in_the_first_paint_labelled_under_the_navigation_bar(browser, search_server):
    html = urllib.request.urlopen(f"{search_server.url}/d/shelves?q=lantern").read().decode()
    assert 'type="search"' in html and 'value="lantern"' in html and "<mark>" in html
    open_table(browser, search_server, "shelves")
    box = field(browser)
    assert box.tag_name == "input" and box.get_attribute("type") == "search"
    label = browser.find_element(By.CSS_SELECTOR, f"label[for={box.get_attribute('id')}]")
    assert label.get_attribute("textContent") == "Search"
    bar = browser.find_element(By.CSS_SELECTOR, ".bar").rect
    assert bar["y"] + bar["height"] <= box.rect["y"] < browser.find_element(By.CSS_SELECTOR, "[data-role=scroller]").rect["y"]


def test_typing_shows_results_and_names_them_in_the_url_which_reload_keeps(browser, search_server):
    open_table(browser, search_server, "shelves")
    type_into(browser, "BOOK 12-")
    count = matches(search_server, "book 12-")
    assert count == 8
    wait(browser, lambda d: shows_results_for(d, "book 12-", count), message="no results for BOOK 12-")
    wait(browser, lambda d: query_in_url(d) == "BOOK 12-")
    headers = browser.find_elements(By.CSS_SELECTOR, "[data-section-id][role=row]")
    assert headers and all(h.text.lower().startswith("shelf") for h in headers if h.is_displayed())
    before = texts(browser)
    browser.refresh()
    wait(browser, lambda d: shows_results_for(d, "book 12-", count), message="reload lost the results")
    assert field(browser).get_attribute("value") == "BOOK 12-" and texts(browser) == before


def test_clearing_the_field_brings_back_the_view_and_scroll_from_before(browser, search_server):
    open_table(browser, search_server, "shelves")
    browser.execute_script("document.querySelector('[data-role=scroller]').scrollTop = 3000")
    wait(browser, lambda d: "anchor=" in d.current_url)
    url, view = browser.current_url, first_in_view(browser)
    type_into(browser, "harbour")
    wait(browser, lambda d: shows_results_for(d, "harbour"), message="no results")
    assert scroller_top(browser) < 5, "results start at the top"
    browser.execute_script("document.querySelector('[data-role=scroller]').scrollTop = 200")
    clear(browser)
    wait(browser, lambda d: d.current_url == url, message="clearing did not restore the URL")
    wait(browser, lambda d: same_view(view, first_in_view(d)),
         message=f"clearing did not restore the view ({view})")
    assert not [m for r in rows(browser) for m in r.find_elements(By.TAG_NAME, "mark")]

    type_into(browser, "harbour")
    wait(browser, lambda d: query_in_url(d) == "harbour" and shows_results_for(d, "harbour"))
    browser.refresh()
    wait(browser, lambda d: shows_results_for(d, "harbour"))
    clear(browser)
    wait(browser, lambda d: d.current_url == url and same_view(view, first_in_view(d)),
         message="after a reload, clearing did not restore the view from before")


def test_a_cjk_substring_finds_the_rows_that_hold_it(browser, search_server):
    open_table(browser, search_server, "shelves")
    text = HANZI[3:5]
    count = matches(search_server, text)
    assert count > 0
    type_into(browser, text)
    wait(browser, lambda d: query_in_url(d) == text, message="the URL does not name the CJK query")
    wait(browser, lambda d: all(text in t for t in texts(d)) and len(rows(d)) == min(count, len(rows(d))) and rows(d),
         message="the CJK results are not shown")
    assert all(m.text in text or text in m.text for m in browser.find_elements(By.TAG_NAME, "mark"))


def test_a_live_change_applies_to_the_results(browser, search_server):
    open_table(browser, search_server, "shelves")
    type_into(browser, "Book 7-")
    wait(browser, lambda d: shows_results_for(d, "book 7-", 8))
    count = len(rows(browser))
    browser.execute_script("window.__same = true")
    inserted = post_batch(search_server, "shelves", {"insertRows": [
        {"section": 0, "row": 0, "fields": {"title": "Book 7-new", "detail": "A compass for the quiet morning"}}]})
    new_id = str(inserted["insertedRowIds"][0])
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, f'[data-row-id="{new_id}"]'), timeout=5,
         message="the inserted match did not appear")
    assert len(rows(browser)) == count + 1 and shows_results_for(browser, "book 7-")
    post_batch(search_server, "shelves", {"updateRows": [{"id": int(new_id), "fields": {"title": "A Map"}}]})
    wait(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, f'[data-row-id="{new_id}"]'), timeout=5,
         message="the row that no longer matches stayed")
    assert browser.execute_script("return window.__same") is True


def test_fast_typing_leaves_no_stale_results(browser, search_server):
    open_table(browser, search_server, "shelves")
    # The answers for shorter queries come late: a page that showed them over newer ones would be caught.
    browser.execute_script("""
        const real = window.fetch;
        window.fetch = (url, opts) => /[?&]q=(b|bo|boo|book)(&|$)/i.test(String(url))
            ? new Promise(r => setTimeout(r, 700)).then(() => real(url))
            : real(url, opts);""")
    box = field(browser)
    box.click()
    for index, key in enumerate("Book 21-"):
        box.send_keys(key)
        if index < 4:
            browser.execute_script("return new Promise(r => setTimeout(r, 200))")
    wait(browser, lambda d: shows_results_for(d, "book 21-", 8), message="no results for Book 21-")
    browser.execute_script("return new Promise(r => setTimeout(r, 1500))")
    assert shows_results_for(browser, "book 21-", 8), "a stale answer replaced the results"
    assert query_in_url(browser) == "Book 21-"
    browser.refresh()


def test_without_javascript_the_field_submits_as_a_get_form(search_server):
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=768,900", "--blink-settings=scriptEnabled=false"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")),
                              options=options)
    try:
        driver.get(f"{search_server.url}/d/shelves")
        field(driver).send_keys("glacier", Keys.ENTER)
        wait(driver, lambda d: query_in_url(d) == "glacier")
        assert shows_results_for(driver, "glacier")
    finally:
        driver.quit()


def test_screenshots_of_search_results(browser, server):
    try:
        for width in WIDTHS:
            at_width(browser, width)
            open_table(browser, server, "friends")
            type_into(browser, "li")
            wait(browser, lambda d: query_in_url(d) == "li" and rows(d) and shows_results_for(d, "li"))
            screenshot(browser, f"search-{width}")
    finally:
        browser.set_window_size(480, 900)


def test_clearing_brings_back_the_groups_that_were_open(browser, text_server):
    open_table(browser, text_server, "clubs")
    header = browser.find_elements(By.CSS_SELECTOR, "[data-section-id][role=row]")[3]
    section = header.get_attribute("data-section-id")
    header.click()
    wait(browser, lambda d: "expanded=" in d.current_url and
         d.find_element(By.CSS_SELECTOR, f'[data-section-id="{section}"][role=row]').get_attribute("aria-expanded") == "true")
    opened_url = browser.execute_script("return new Promise(r => setTimeout(() => r(location.href), 300))")
    browser.execute_script("document.querySelector('[data-role=scroller]').scrollTop = 150")
    wait(browser, lambda d: d.current_url != opened_url)
    url, top = browser.current_url, scroller_top(browser)
    type_into(browser, "Member 12-")
    wait(browser, lambda d: shows_results_for(d, "member 12-", 8), message="no results")
    clear(browser)
    wait(browser, lambda d: d.current_url == url and abs(scroller_top(d) - top) <= 4,
         message=f"not restored: {url} {top}")
    opened = browser.find_element(By.CSS_SELECTOR, f'[data-section-id="{section}"][role=row]')
    assert opened.get_attribute("aria-expanded") == "true"
    assert browser.find_elements(By.CSS_SELECTOR, f'[data-row-id][data-section="{opened.get_attribute("data-section")}"]')


def test_cancel_shows_while_searching_and_leaves_the_search_and_no_results_names_the_query(browser, search_server):
    open_table(browser, search_server, "shelves")
    cancel = browser.find_element(By.CSS_SELECTOR, "[data-action=cancel-search]")
    assert not cancel.is_displayed(), "Cancel shows before a search"
    type_into(browser, "zzqx")
    wait(browser, lambda d: cancel.is_displayed(), message="no Cancel while searching")
    assert cancel.text == "Cancel"
    box, bar = field(browser).rect, browser.find_element(By.CSS_SELECTOR, ".search").rect
    assert box["x"] + box["width"] <= cancel.rect["x"] <= bar["x"] + bar["width"], "Cancel is not beside the field"
    empty = wait(browser, lambda d: [e for e in d.find_elements(By.ID, "empty") if e.is_displayed()],
                 message="no empty state")[0]
    assert empty.text == "No Results for “zzqx”"
    cancel.click()
    wait(browser, lambda d: query_in_url(d) is None, message="Cancel did not leave the search")
    wait(browser, lambda d: rows(d), message="the list did not come back")
    assert field(browser).get_attribute("value") == ""
    wait(browser, lambda d: not cancel.is_displayed(), message="Cancel stayed after the search")


def test_a_match_is_highlighted_in_a_colour_that_reads_in_dark_mode(browser, search_server):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    try:
        open_table(browser, search_server, "shelves", "?q=lantern")
        mark = wait(browser, lambda d: d.find_elements(By.TAG_NAME, "mark"), message="no highlight")[0]
        red, green, blue = (int(part) for part in re.findall(r"\d+", mark.value_of_css_property("color"))[:3])
        assert min(red, green, blue) > 200, "the highlighted text is not light on the dark page"
        assert mark.value_of_css_property("background-color") != "rgba(255, 255, 0, 1)", "the highlight is opaque yellow"
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_a_settings_search_finds_rows_of_child_tables_and_opens_their_table(browser, server):
    open_table(browser, server, "settings")
    type_into(browser, "Model Name")
    result = wait(browser, lambda d: [r for r in rows(d) if "Model Name" in r.text],
                  message="the row of About's table was not found")[0]
    headers = [h.text for h in browser.find_elements(By.CSS_SELECTOR, "[data-section-id]") if h.is_displayed()]
    assert any("›" in h and "ABOUT" in h.upper() for h in headers), headers
    address = result.get_attribute("data-child")
    assert address and not result.find_elements(By.CSS_SELECTOR, "[role=switch]")
    result.click()
    wait(browser, lambda d: "child=" in d.current_url, message="the result did not open its table")
    # The search's own result shows "Model Name" too: the child table is there once its title is.
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "[data-role=title]").text == "About",
         message="the result's table did not open")
    wait(browser, lambda d: [r for r in rows(d) if "Model Name" in r.text], message="its table does not show it")
