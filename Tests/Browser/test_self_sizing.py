"""Rows size themselves (UITableView.automaticDimension): at 360, 768 and 1280 px, on texts from one word to
several paragraphs in Latin and CJK, no row clips its text or keeps a blank band under it, the first visible row
stays put while heights are corrected, and the last row stays reachable, in and out of edit mode."""
import json
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from conftest import WIDTHS, at_width, open_table, settled, wait

DATASETS = {"texts": (0, 59), "notes": (5, 8)}  # the last row's section and row

CHECK_VISIBLE_ROWS = """
const sc = document.querySelector('[data-role=scroller]'), box = sc.getBoundingClientRect(), out = [];
const rows = [...document.querySelectorAll('[data-row-id]')].filter(e => !e.hidden).map(e => [e, e.getBoundingClientRect()])
  .filter(([, r]) => r.bottom > box.top && r.top < box.bottom).sort((a, b) => a[1].top - b[1].top);
for (const [e, r] of rows) {
  for (const t of e.querySelectorAll('.t1, .t2, .desc, .nm, .ti, .tt, .tag'))
    if (t.scrollHeight > t.clientHeight + 1) out.push(['clipped', e.dataset.rowId, t.className, t.scrollHeight, t.clientHeight]);
  const leaves = [...e.querySelector('.rc').querySelectorAll('*')]
    .filter(c => c.offsetParent !== null && (!c.children.length || c.tagName === 'IMG'));
  const content = Math.max(...leaves.map(c => c.getBoundingClientRect().bottom));
  if (r.bottom - content > 28) out.push(['blank', e.dataset.rowId, Math.round(r.bottom - content)]);
}
for (let i = 1; i < rows.length; i++) {
  const [a, ra] = rows[i - 1], [b, rb] = rows[i];
  if (a.dataset.section === b.dataset.section && Math.abs(rb.top - ra.bottom) > 1)
    out.push(['gap or overlap', a.dataset.rowId, b.dataset.rowId, Math.round(rb.top - ra.bottom)]);
}
return [out, rows.length];
"""

FIRST_VISIBLE = """
const sc = document.querySelector('[data-role=scroller]'), box = sc.getBoundingClientRect();
const r = [...document.querySelectorAll('[data-row-id]')].filter(e => !e.hidden)
  .map(e => [e.dataset.rowId, e.getBoundingClientRect()]).filter(([, b]) => b.bottom > box.top + 1)
  .sort((a, b) => a[1].top - b[1].top)[0];
return r && [r[0], r[1].top - box.top];
"""

SAMPLE_FROM_THE_START = """
window.__samples = [];
addEventListener('DOMContentLoaded', () => {
  const t0 = performance.now(), tick = () => {
    const f = (() => { arguments_first })();
    if (f) window.__samples.push(f);
    if (performance.now() - t0 < 1500) requestAnimationFrame(tick);
    else window.__sampled = true;
  };
  requestAnimationFrame(tick);
});
"""


def scroller(driver):
    return driver.find_element(By.CSS_SELECTOR, "[data-role=scroller]")


def check_every_row(driver):
    """Scrolls from the top to the end, checking the rows in view at every step."""
    sc = scroller(driver)
    driver.execute_script("arguments[0].scrollTop = 0", sc)
    settled(driver)
    seen = 0
    for _ in range(200):
        problems, count = driver.execute_script(CHECK_VISIBLE_ROWS)
        assert problems == [], problems[:5]
        seen += count
        before = driver.execute_script("return arguments[0].scrollTop", sc)
        driver.execute_script("arguments[0].scrollTop += arguments[0].clientHeight * 0.8", sc)
        settled(driver)
        if driver.execute_script("return arguments[0].scrollTop", sc) == before:
            break
    assert seen > 10


def check_last_row_reachable(driver, dataset):
    section, row = DATASETS[dataset]
    sc = scroller(driver)
    for _ in range(5):
        driver.execute_script("arguments[0].scrollTop = arguments[0].scrollHeight", sc)
        settled(driver)
    last = f'[data-row-id][data-section="{section}"][data-row="{row}"]'
    bottom = driver.execute_script(
        "const e = document.querySelector(arguments[0]), s = arguments[1].getBoundingClientRect();"
        "return e && !e.hidden && e.getBoundingClientRect().bottom - s.bottom", last, sc)
    assert bottom is not None and bottom <= 1, f"the last row is not reachable ({bottom})"


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("dataset", DATASETS)
def test_no_row_clips_its_text_or_keeps_a_blank_band_and_the_last_row_is_reachable(browser, text_server, dataset, width):
    at_width(browser, width)
    try:
        open_table(browser, text_server, dataset)
        check_every_row(browser)
        check_last_row_reachable(browser, dataset)
        browser.find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
        wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".editing"))
        check_every_row(browser)
        check_last_row_reachable(browser, dataset)
        browser.find_element(By.CSS_SELECTOR, "[data-action=done]").click()
    finally:
        at_width(browser, 480)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_first_visible_row_stays_put_while_heights_settle(browser, text_server, width):
    at_width(browser, width)
    # The sampler is written into the script itself: the page's policy allows no string evaluated as code.
    source = SAMPLE_FROM_THE_START.replace("arguments_first", FIRST_VISIBLE)
    script = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": source})
    try:
        meta = json.load(urllib.request.urlopen(f"{text_server.url}/api/datasets/texts"))
        open_table(browser, text_server, "texts", f"?top={int(meta['contentHeight'] * 0.45)}")
        wait(browser, lambda d: d.execute_script("return window.__sampled === true"), message="the sampler did not finish")
        samples = browser.execute_script("return window.__samples")
    finally:
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})
    assert len(samples) > 10
    first_id, first_top = samples[0]
    moved = [s for s in samples if s[0] != first_id or abs(s[1] - first_top) > 2]
    assert moved == [], f"the first visible row {samples[0]} moved: {moved[:5]}"

    # Scrolling up brings rows whose heights were only estimated; the row in view moves by the scroll alone.
    sc = scroller(browser)
    for _ in range(6):
        anchor_id, top = browser.execute_script(FIRST_VISIBLE)
        browser.execute_script("arguments[0].scrollTop -= 230", sc)
        settled(browser)
        now = browser.execute_script(
            "const e = document.querySelector(`[data-row-id='${arguments[0]}']`);"
            "return e && e.getBoundingClientRect().top - arguments[1].getBoundingClientRect().top", anchor_id, sc)
        scrolled = browser.execute_script("return arguments[0].scrollTop", sc)
        if now is None or scrolled == 0:
            break
        assert abs(now - (top + 230)) <= 2, f"row {anchor_id} moved from {top} to {now} on a 230 px scroll"
    at_width(browser, 480)


def test_the_server_estimates_hero_heights_for_the_width_the_page_sends(browser, text_server):
    at_width(browser, 1280)
    try:
        open_table(browser, text_server, "texts", "?top=3000")
        # past the first window, whatever the viewport's height (the search field takes some of it)
        browser.execute_script("document.querySelector('[data-role=scroller]').scrollTop += 2000")
        wait(browser, lambda d: d.execute_script(
            "return performance.getEntriesByType('resource').some(e => e.name.includes('/fragment?'))"))
        asked = browser.execute_script(
            "return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/fragment?'))")
        assert all("width=" in u for u in asked), asked
        narrow = json.load(urllib.request.urlopen(f"{text_server.url}/api/datasets/texts/window?height=0&width=360"))
        wide = json.load(urllib.request.urlopen(f"{text_server.url}/api/datasets/texts/window?height=0&width=1280"))
        assert narrow["contentHeight"] > wide["contentHeight"] * 1.3
    finally:
        at_width(browser, 480)


def test_explicit_line_breaks_show_in_every_cell_kind(browser, text_server):
    """A generic row's detail, a hero's description: a newline in the data is a new line on screen."""
    for dataset, selector in (("notes", ".t2"), ("texts", ".desc")):
        open_table(browser, text_server, dataset)
        rows_with_breaks = browser.execute_script(
            "return [...document.querySelectorAll(arguments[0])].filter(e => !e.closest('[hidden]'))"
            ".map(e => e.innerText).filter(t => t.includes('\\n'))", selector)
        assert rows_with_breaks, f"no {dataset} row shows its line breaks"
