"""A Settings text field whose title is longer than half its row, at 360 px: the Settings app lets the whole title
be read, so the title wraps onto as many lines as it needs and the field keeps the rest of the row beside it;
a short title stays on one line in a 44-point row, its field taking the rest as before; in a right-to-left page
too."""
import plistlib

import pytest
from selenium.webdriver.common.by import By

from conftest import Server, animations_done, at_width, open_table, rows, wait

LONG = "Name of the harbour master on duty through the night"
VERY_LONG = "Telephone number of the pilot station that answers calls from ships waiting at the outer anchorage"
PAGE = {"PreferenceSpecifiers": [
    {"Type": "PSGroupSpecifier", "Title": "Harbour"},
    {"Type": "PSTextFieldSpecifier", "Title": "Name", "Key": "name", "DefaultValue": "Qingdao"},
    {"Type": "PSTextFieldSpecifier", "Title": LONG, "Key": "master", "DefaultValue": "Li Wei"},
    {"Type": "PSTextFieldSpecifier", "Title": VERY_LONG, "Key": "pilot", "KeyboardType": "PhonePad"},
    {"Type": "PSToggleSwitchSpecifier", "Title": "Live", "Key": "live", "DefaultValue": True},
]}


@pytest.fixture(scope="module")
def fields_server():
    import urllib.request
    running = Server()
    request = urllib.request.Request(f"{running.url}/api/datasets/harbour", data=plistlib.dumps(PAGE), method="PUT")
    assert urllib.request.urlopen(request).status == 201
    yield running
    running.stop()


MEASURE = """return [...document.querySelectorAll('[data-row-id]')].filter(r => !r.hidden)
  .sort((a, b) => a.dataset.y - b.dataset.y).map(r => {
    const t = r.querySelector('.t1'), f = r.querySelector('input'), box = e => e.getBoundingClientRect(),
          row = box(r), title = box(t), s = getComputedStyle(t);
    const lines = Math.round(title.height / parseFloat(s.lineHeight === 'normal' ? 20.5 : s.lineHeight));
    return {text: t.textContent, cut: t.scrollWidth > t.clientWidth + 1 || t.scrollHeight > t.clientHeight + 1,
            ellipsis: s.textOverflow === 'ellipsis' && s.whiteSpace !== 'normal' && t.scrollWidth > t.clientWidth,
            rowTop: row.top, rowBottom: row.bottom, rowHeight: row.height, rowLeft: row.left, rowRight: row.right,
            titleTop: title.top, titleBottom: title.bottom, titleLeft: title.left, titleRight: title.right, lines,
            field: f && {left: box(f).left, right: box(f).right, width: box(f).width, top: box(f).top, bottom: box(f).bottom}};
  })"""


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_long_text_field_title_wraps_whole_at_360_and_its_field_keeps_the_rest(browser, fields_server, lang):
    at_width(browser, 360)
    open_table(browser, fields_server, "harbour", f"?lang={lang}")
    animations_done(browser)
    wait(browser, lambda d: len(d.execute_script(MEASURE)) == 4, message="the four rows are not drawn")
    found = {row["text"]: row for row in browser.execute_script(MEASURE)}
    for title in ["Name", LONG, VERY_LONG]:
        row = found[title]
        assert not row["cut"] and not row["ellipsis"], f"the title is cut: {row}"
        assert row["titleTop"] >= row["rowTop"] - 0.5 and row["titleBottom"] <= row["rowBottom"] + 0.5, \
            f"the title spills out of its row: {row}"
        field = row["field"]
        assert field["width"] >= 80, f"the field has no room: {row}"
        assert field["left"] >= row["rowLeft"] and field["right"] <= row["rowRight"], f"the field leaves the row: {row}"
        overlap = min(field["right"], row["titleRight"]) - max(field["left"], row["titleLeft"])
        assert overlap <= 0 or field["top"] >= row["titleBottom"] - 0.5, f"the field covers the title: {row}"
    assert found["Name"]["lines"] == 1 and round(found["Name"]["rowHeight"]) == 44, found["Name"]
    assert found[LONG]["lines"] >= 2 and found[VERY_LONG]["lines"] >= 3, (found[LONG], found[VERY_LONG])
    assert round(found["Live"]["rowHeight"]) == 44
    ordered = sorted(found.values(), key=lambda row: row["rowTop"])
    for above, below in zip(ordered, ordered[1:]):
        assert below["rowTop"] >= above["rowBottom"] - 0.5, f"rows overlap: {above['text']} and {below['text']}"


def test_a_long_titled_field_still_takes_typing_and_saves(browser, fields_server):
    at_width(browser, 360)
    open_table(browser, fields_server, "harbour")
    animations_done(browser)
    row = next(r for r in rows(browser) if r.find_element(By.CSS_SELECTOR, ".t1").text == LONG)
    row.find_element(By.CSS_SELECTOR, ".t1").click()
    wait(browser, lambda d: d.switch_to.active_element.get_attribute("data-action") == "text")
    active = browser.switch_to.active_element
    active.send_keys(" Jr\n")
    import urllib.request
    wait(browser, lambda d: "Li Wei Jr" in urllib.request.urlopen(
        f"{fields_server.url}/api/datasets/harbour/export?format=defaults").read().decode(), message="not saved")
