"""The dataset list, the asset budget, console hygiene, failures, conflicts and live updates."""
import gzip
import json
import os
import re
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from conftest import ROOT, open_table, row_by_id, rows, screenshot, wait


def post_batch(server, dataset, body):
    version = json.load(urllib.request.urlopen(f"{server.url}/api/datasets/{dataset}"))["version"]
    request = urllib.request.Request(
        f"{server.url}/api/datasets/{dataset}/batch", data=json.dumps({"baseVersion": version, **body}).encode(),
        headers={"Content-Type": "application/json", "Origin": server.url}, method="POST")
    return json.load(urllib.request.urlopen(request))


def test_home_lists_every_sample_with_counts_and_links(browser, server):
    browser.get(server.url + "/")
    cards = wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "a.card"))
    links = {c.get_attribute("href").rsplit("/", 1)[-1] for c in cards}
    assert {"friends", "heroes", "apps", "messages"} <= links
    assert all("rows" in c.text for c in cards)
    screenshot(browser, "home")
    next(c for c in cards if c.get_attribute("href").endswith("/apps")).click()
    wait(browser, lambda d: d.current_url.endswith("/d/apps"))
    open_table(browser, server, "apps")


def first_paint_files():
    """The table page's stylesheets and the modules app.js imports statically, transitively (what loads before
    the first window is interactive; dynamic import() loads the rest later)."""
    public = os.path.join(ROOT, "Public")
    page = open(os.path.join(public, "table.html"), encoding="utf-8").read()
    files = [p.lstrip("/") for p in re.findall(r'<link rel="stylesheet" href="([^"]+)"', page)]
    pending = [p.lstrip("/") for p in re.findall(r'<script type="module" src="([^"]+)"', page)]
    while pending:
        path = pending.pop()
        if path in files:
            continue
        files.append(path)
        source = open(os.path.join(public, path), encoding="utf-8").read()
        for imported in re.findall(r"^import [^;]*? from '([^']+)';", source, re.M | re.S):
            pending.append(os.path.normpath(os.path.join(os.path.dirname(path), imported)))
    return files


def test_what_the_first_paint_needs_fits_in_14_kb_gzipped(server):
    files = first_paint_files()
    assert "page/viewport.js" in files and "page/windows.js" in files and "page/actions.js" not in files
    def served(f):
        """The file as the server sends it, fetched from the server by its plain path."""
        return urllib.request.urlopen(f"{server.url}/{f}").read()
    sizes = {f: len(gzip.compress(served(f), compresslevel=9)) for f in files}
    print(f"\nfirst paint: {sum(sizes.values())} bytes gzipped (-9, each file) {sizes}")
    assert sum(sizes.values()) <= 14_000


def test_pages_load_nothing_from_elsewhere(browser, server):
    for path in ("/", "/d/friends", "/d/messages"):
        browser.get(server.url + path)
        wait(browser, lambda d: d.execute_script("return document.readyState") == "complete")
        urls = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
        assert all(u.startswith(server.url) for u in urls), urls


def test_a_failed_first_load_shows_an_inline_error_and_retry_loads_the_list(browser, server):
    failing_once = """
        const real = window.fetch;
        let failures = 1;
        window.fetch = (url, opts) => String(url).startsWith('/api/datasets/') && failures-- > 0
            ? Promise.resolve(new Response(JSON.stringify({detail: 'the store is busy'}),
                {status: 503, headers: {'content-type': 'application/problem+json'}}))
            : real(url, opts);"""
    script = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": failing_once})
    try:
        browser.get(server.url + "/d/apps")
        box = wait(browser, lambda d: [e for e in d.find_elements(By.CSS_SELECTOR, "[role=alert]") if e.is_displayed()])[0]
        assert "the store is busy" in box.text
        box.find_element(By.CSS_SELECTOR, "[data-action=retry]").click()
        wait(browser, lambda d: rows(d), message="retry did not load the list")
        assert not box.is_displayed()
    finally:
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})


@pytest.mark.console_errors_expected
def test_a_failed_window_keeps_the_rows_and_retry_recovers(browser, server):
    open_table(browser, server, "friends")
    browser.execute_script("""
        const real = window.fetch;
        window.fetch = (url, opts) => String(url).includes('/fragment') && !window.allowFragments
            ? Promise.resolve(new Response('down for a moment', {status: 503})) : real(url, opts);""")
    header = browser.find_elements(By.CSS_SELECTOR, "[data-section-id][role=row]")[1]
    header.click()
    box = wait(browser, lambda d: [e for e in d.find_elements(By.CSS_SELECTOR, "[role=alert]") if e.is_displayed()])[0]
    assert "503" in box.text
    assert len(browser.find_elements(By.CSS_SELECTOR, "[data-section-id][role=row]")) >= 5
    browser.execute_script("window.allowFragments = true")
    box.find_element(By.CSS_SELECTOR, "[data-action=retry]").click()
    wait(browser, lambda d: rows(d), message="retry did not load the group")
    assert not box.is_displayed()


def test_a_row_deleted_elsewhere_leaves_at_once_without_moving_the_first_visible_row(browser, server):
    open_table(browser, server, "messages")
    scroller = browser.find_element(By.CSS_SELECTOR, "[data-role=scroller]")
    browser.execute_script("arguments[0].scrollTop = 400", scroller)
    wait(browser, lambda d: d.execute_script("return arguments[0].scrollTop", scroller) == 400)
    first_visible = lambda d: d.execute_script("""
        const s = arguments[0].getBoundingClientRect();
        const r = [...document.querySelectorAll('[data-row-id]')].filter(e => !e.hidden)
          .map(e => [e, e.getBoundingClientRect()]).filter(([, b]) => b.bottom > s.top + 1)
          .sort((a, b) => a[1].top - b[1].top)[0];
        return [r[0].dataset.rowId, Math.round(r[1].top)];""", scroller)
    anchor_id, anchor_top = first_visible(browser)
    above = rows(browser)[0].get_attribute("data-row-id")
    below = rows(browser)[-1].get_attribute("data-row-id")
    assert above != anchor_id
    post_batch(server, "messages", {"deleteRows": [int(above)]})
    wait(browser, lambda d: row_by_id(d, above) is None, message="the deleted row stayed on the page")
    assert first_visible(browser) == [anchor_id, anchor_top]
    post_batch(server, "messages", {"deleteRows": [int(below)]})
    wait(browser, lambda d: row_by_id(d, below) is None)
