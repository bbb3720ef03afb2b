"""Layout as UIKit lays it out, by geometry: the navigation bar (title centred when it fits, items that never
wrap, a bar that never changes height), headers and footers that size themselves, value1 cells that keep
their label, and header styles that are the same with and without the script."""
import json
import os
import shutil
import tempfile

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

from conftest import Server, at_width, open_table, server_with, settled, wait

LONG_FOOTER = ("Your device keeps a history of the networks it joined, so that it can join them again without "
               "asking. Forgetting a network removes its password from every device signed in to the same "
               "account, and the next time it is in range you are asked to join it again.")


LONG_HEADER = " ".join(["Harbour lantern archive"] * 22)[:500]


@pytest.fixture(scope="module")
def layout_server():
    folder = tempfile.mkdtemp(prefix="listserver-layout-")
    document = {"table": {"style": "grouped", "header": "Networks this device knows", "footer": LONG_FOOTER,
                          "sections": [
        {"header": "Device", "footer": LONG_FOOTER, "rows": [
            {"text": "Model Name", "style": "value1",
             "detail": "MacBook Pro (16-inch, 2023) with an unusually long configuration name"},
            {"text": "Wi-Fi", "style": "value1", "detail": "Harbor-5G", "accessory": "disclosureIndicator"},
            {"text": "Serial Number", "style": "value1", "detail": "C02XL0GTJGH5"}]},
        {"header": "Storage", "rows": [{"text": f"Item {i}", "style": "value1", "detail": f"{i} GB"}
                                       for i in range(12)]}]}}
    path = os.path.join(folder, "about.json")
    with open(path, "w") as out:
        json.dump(document, out)
    plain = {"table": {"style": "plain", "sections": [
        {"header": f"Section {s}", "rows": [{"text": f"Row {s}.{r}"} for r in range(5)]} for s in range(4)]}}
    plain["table"]["sections"][1]["header"] = LONG_HEADER
    plain["table"]["sections"][1]["rows"] = [{"text": f"Row 1.{r}"} for r in range(30)]
    plain_path = os.path.join(folder, "plain.json")
    with open(plain_path, "w") as out:
        json.dump(plain, out)
    running = Server(["--import", f"about={path}", "--import", f"plain={plain_path}"])
    yield running
    running.stop()
    shutil.rmtree(folder, ignore_errors=True)


BAR = """
const box = e => { if (!e || e.hidden) return null; const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top, height: r.height}; };
const title = document.querySelector('[data-role=title]');
return {bar: box(document.querySelector('[data-role=navbar]')), title: box(title), clipped: title.scrollWidth > title.clientWidth + 1,
  back: box(document.querySelector('.back')), tools: box(document.querySelector('.tools')),
  buttons: [...document.querySelectorAll('.tools button')].filter(b => !b.hidden).map(box), width: innerWidth};
"""


@pytest.mark.parametrize("width", [320, 360, 768, 1280])
def test_the_title_is_centred_when_it_fits_and_whole_at_every_width(browser, server, width):
    at_width(browser, width)
    try:
        for dataset in ("friends", "heroes", "settings"):
            open_table(browser, server, dataset)
            bar = browser.execute_script(BAR)
            assert bar["bar"]["height"] == 52, f"{dataset}: the bar is {bar['bar']['height']} px tall"
            assert not bar["clipped"], f"{dataset} at {width}: the title is truncated though it fits"
            centre, half = (bar["title"]["left"] + bar["title"]["right"]) / 2, (bar["title"]["right"] - bar["title"]["left"]) / 2
            side = max(bar["back"]["right"] - bar["back"]["left"], bar["tools"]["right"] - bar["tools"]["left"])
            if half + 8 + side + 12 <= width / 2:  # it fits centred between equal sides (gaps 8, padding 12)
                assert abs(centre - width / 2) <= 1, f"{dataset} at {width}: the title's centre is {centre}"
            else:
                assert centre < width / 2, f"{dataset} at {width}: the title moves away from the wider side"
            assert bar["back"]["right"] <= bar["title"]["left"] <= bar["title"]["right"] <= bar["tools"]["left"] + 1
    finally:
        at_width(browser, 480)


@pytest.mark.parametrize("width", [320, 360])
def test_edit_and_done_swap_in_place_and_the_bar_keeps_its_height(browser, server, width):
    at_width(browser, width)
    try:
        open_table(browser, server, "heroes")
        before = browser.execute_script(BAR)
        browser.find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
        wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-action=done]"))
        after = browser.execute_script(BAR)
        assert after["bar"]["height"] == before["bar"]["height"] == 52
        assert len(after["buttons"]) == 2, "+ and Done are both shown"
        first = after["buttons"][0]
        assert all(abs(button["top"] - first["top"]) < 4 for button in after["buttons"]), \
            f"the bar's buttons wrapped onto two lines: {after['buttons']}"
        assert after["buttons"][-1]["right"] <= width, "Done runs off the screen"
    finally:
        at_width(browser, 480)


def test_a_long_title_takes_the_room_the_items_leave(browser, server):
    at_width(browser, 320)
    try:
        open_table(browser, server, "settings")
        browser.execute_script("document.querySelector('[data-role=title]').textContent = 'A title far too long "
                               "to fit between the back control and the tools'")
        bar = browser.execute_script(BAR)
        assert bar["bar"]["height"] == 52
        assert bar["clipped"], "the long title is truncated, on one line"
        assert bar["title"]["left"] >= bar["back"]["right"] and bar["title"]["right"] <= bar["tools"]["left"] + 1
        assert bar["title"]["right"] - bar["title"]["left"] > width_left(bar) - 20, "the title takes the room left"
    finally:
        at_width(browser, 480)


def width_left(bar):
    return bar["tools"]["left"] - bar["back"]["right"]


UNCLIPPED = """
return [...document.querySelectorAll('[data-role=table-header], [data-role=table-footer], [data-role=section-footer], [data-cell=header]')]
  .filter(e => !e.hidden).map(e => [e.dataset.role || e.dataset.cell, e.scrollHeight - e.clientHeight]).filter(([, over]) => over > 1);
"""


@pytest.mark.parametrize("width", [320, 360, 768])
def test_headers_and_footers_grow_with_their_text_and_the_last_line_is_reachable(browser, layout_server, width):
    at_width(browser, width, 700)
    try:
        open_table(browser, layout_server, "about")
        scroller = browser.find_element(By.CSS_SELECTOR, "[data-role=scroller]")
        for _ in range(4):  # headers and footers measured on the way down
            assert browser.execute_script(UNCLIPPED) == []
            browser.execute_script("arguments[0].scrollTop = arguments[0].scrollHeight", scroller)
            wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-role=table-footer]"))
        footer = browser.find_element(By.CSS_SELECTOR, "[data-role=table-footer]")
        wait(browser, lambda d: d.execute_script(
            "const s = arguments[0].getBoundingClientRect(), f = arguments[1].querySelector('p').getBoundingClientRect();"
            "return f.bottom <= s.bottom + 1 && arguments[2].scrollTop >= arguments[2].scrollHeight - arguments[2].clientHeight - 1",
            scroller, footer, scroller), message="the table footer's last line is below the end of the scroll")
        assert browser.execute_script(UNCLIPPED) == []
    finally:
        at_width(browser, 480)


@pytest.mark.parametrize("width", [320, 360, 768])
def test_value1_truncates_the_detail_first_and_keeps_the_label(browser, layout_server, width):
    at_width(browser, width)
    try:
        open_table(browser, layout_server, "about")
        # The label's width against its text's own (a clone laid out alone): a label a fraction of a pixel
        # narrower already ends in an ellipsis ("Model Na…").
        cells = browser.execute_script("""
          return [...document.querySelectorAll('[data-cell-style=value1]')].slice(0, 3).map(row => {
            const label = row.querySelector('.t1'), detail = row.querySelector('.dt');
            const alone = Object.assign(label.cloneNode(true), {style: 'position:absolute;width:max-content'});
            row.querySelector('.rc').append(alone);
            const cut = alone.getBoundingClientRect().width - label.getBoundingClientRect().width;
            alone.remove();
            return [label.textContent, cut, detail.clientWidth, detail.scrollWidth];
          });""")
        for label, label_cut, detail_width, detail_needs in cells:
            assert label_cut <= 0.01, f"{label!r} at {width} px is truncated by its detail ({label_cut} px)"
        model = cells[0]
        assert model[2] < model[3], "the long detail is the one truncated"
        assert model[2] > 40, "the detail keeps what room is left"
    finally:
        at_width(browser, 480)


PINNED = """
const header = [...document.querySelectorAll('[data-cell=header]')].find(h => h.textContent.length > 400);
const title = header.querySelector('.ht'), box = header.getBoundingClientRect();
const scroller = document.querySelector('[data-role=scroller]').getBoundingClientRect();
const under = [...document.querySelectorAll('[data-row-id]')].filter(r => r.dataset.section === header.dataset.section)
  .map(r => r.getBoundingClientRect()).filter(r => r.bottom > box.bottom && r.top < scroller.bottom);
return {pinned: header.classList.contains('pinned'), top: box.top - scroller.top, height: box.height,
  lines: Math.round(title.getBoundingClientRect().height / parseFloat(getComputedStyle(title).lineHeight)),
  cut: title.scrollHeight > title.clientHeight + 1, rowsUnder: under.length};
"""


def test_a_long_plain_header_pins_as_three_lines_ending_in_an_ellipsis(browser, layout_server):
    """UIKit's plain header is a bar that stays at the top while its section passes: a 500-character title would
    take 15 lines at 360 px and hide the rows it heads, so the bar shows three lines and an ellipsis, pinned
    or not (its height never changes as it pins, so nothing under it moves)."""
    at_width(browser, 360, 700)
    try:
        open_table(browser, layout_server, "plain")
        header = browser.find_element(By.XPATH, "//*[@data-cell='header'][string-length(.) > 400]")
        browser.execute_script("arguments[0].scrollTop = +arguments[1] + 200",
                               browser.find_element(By.CSS_SELECTOR, "[data-role=scroller]"), header.get_attribute("data-y"))
        wait(browser, lambda d: d.execute_script(PINNED)["pinned"], message="the long header did not pin")
        pinned = browser.execute_script(PINNED)
        assert abs(pinned["top"]) <= 1 and pinned["lines"] == 3 and pinned["cut"], pinned
        assert pinned["height"] <= 3 * 16 + 24, pinned
        assert pinned["rowsUnder"] >= 8, f"the pinned header hides its section's rows: {pinned}"
    finally:
        at_width(browser, 480)


@pytest.mark.parametrize("window", [1280, 768])
def test_at_200_percent_zoom_the_bar_headers_footers_and_value1_labels_stay_whole(browser, layout_server, window):
    """Zooming to 200% halves the CSS pixels across and doubles the device pixels per CSS pixel."""
    width = window // 2
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": 450, "deviceScaleFactor": 2, "mobile": False})
    try:
        open_table(browser, layout_server, "about")
        assert browser.execute_script("return [innerWidth, devicePixelRatio]") == [width, 2]
        assert browser.execute_script(BAR)["bar"]["height"] == 52
        labels = browser.execute_script("""
          return [...document.querySelectorAll('[data-cell-style=value1] .t1')].slice(0, 3)
            .map(label => [label.textContent, label.scrollWidth - label.clientWidth]);""")
        assert labels and all(cut <= 1 for _, cut in labels), labels
        scroller = browser.find_element(By.CSS_SELECTOR, "[data-role=scroller]")
        for _ in range(6):
            assert browser.execute_script(UNCLIPPED) == []
            browser.execute_script("arguments[0].scrollTop = arguments[0].scrollHeight", scroller)
            wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-role=table-footer]"))
        wait(browser, lambda d: d.execute_script(
            "const s = arguments[0], f = document.querySelector('[data-role=table-footer] p').getBoundingClientRect();"
            "return f.bottom <= s.getBoundingClientRect().bottom + 1 && s.scrollTop >= s.scrollHeight - s.clientHeight - 1",
            scroller), message="the table footer's last line is below the end of the scroll at 200%")
        assert browser.execute_script(UNCLIPPED) == []
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


HEADER_STYLE = """
const title = document.querySelector('[data-cell=header] .ht'); const style = getComputedStyle(title);
return [style.fontSize, style.fontWeight, style.textTransform];
"""


@pytest.mark.parametrize("dataset", ["about", "plain"])
def test_table_headers_look_the_same_with_and_without_the_script(browser, layout_server, dataset):
    open_table(browser, layout_server, dataset)
    with_script = browser.execute_script(HEADER_STYLE)
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=480,900", "--blink-settings=scriptEnabled=false"):
        options.add_argument(argument)
    plain = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")),
                             options=options)
    try:
        plain.get(f"{layout_server.url}/d/{dataset}")
        without_script = plain.execute_script(HEADER_STYLE)
    finally:
        plain.quit()
    assert with_script == without_script
    assert with_script[2] == "uppercase" and with_script[0] == "13px"


PLACEHOLDERS = """
return [...document.querySelectorAll('.ph')].map(p => {
  const range = document.createRange(); range.selectNodeContents(p);
  const box = p.getBoundingClientRect(), text = range.getBoundingClientRect();
  return [p.textContent, Math.round(box.width), text.left >= box.left && text.right <= box.right
    && text.top >= box.top && text.bottom <= box.bottom, range.getClientRects().length];
});
"""


def test_two_initials_fit_their_placeholder_at_every_icon_size(browser):
    """Two CJK initials are two em wide: in a table document's 29 px icon and a list's 32 px one they wrapped
    and were cut; the type scales with the icon, on one line."""
    names = ["张 伟", "好友 列表", "Ada Lovelace", "WW MM"]
    datasets = {
        "doc": {"table": {"style": "insetGrouped", "sections": [{"rows": [
            {"text": name, "image": f"nowhere-{i}"} for i, name in enumerate(names)]}]}},
        "people": [{"title": name, "image": "nowhere"} for name in names],
        "crew": [{"name": name, "icon": "nowhere", "title": "Crew", "desc": "On board"} for name in names],
    }
    with server_with(datasets) as server:
        at_width(browser, 360)
        try:
            for dataset in datasets:
                open_table(browser, server, dataset)
                settled(browser)
                found = browser.execute_script(PLACEHOLDERS)
                assert len(found) == len(names), found
                for initials, size, inside, lines in found:
                    assert inside and lines == 1, f"{dataset}: {initials!r} in {size} px runs outside it ({lines} lines)"
        finally:
            browser.get("about:blank")
            at_width(browser, 480)
