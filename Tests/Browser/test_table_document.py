"""Table documents in the page: UIKit's cell styles and accessories, switches that store `on`, the detail
dialog, and drill-down into child tables with their own URL, reload and back."""
import json
import os
import plistlib
import shutil
import tempfile

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import WIDTHS, Server, animations_done, api_window, at_width, open_table, row_by_id, rows, screenshot, scroll_top, wait

LANGUAGES = ["English", "中文（简体）", "日本語", "Deutsch", "Français", "Español", "Português"]


def prefs_document():
    """A settings-like document as an app bundle has it: long enough to scroll, a switch, details, and a row far
    down that opens a child table (a checkmark choice, a switch of its own and a row with details)."""
    sections = [{"header": f"Group {s}", "footer": f"What the options of group {s} change.", "rows": [
        {"text": f"Option {s}.{r}", "detail": "Off" if r % 2 else "On", "style": "value1",
         "accessory": "disclosureIndicator"} for r in range(4)]} for s in range(12)]
    sections[0]["rows"][0] = {"text": "Airplane Mode", "accessoryView": "switch", "on": False, "selectionStyle": "none"}
    sections[0]["rows"][1] = {"text": "Harbor-5G", "detail": "Connected", "style": "subtitle",
                              "accessory": "detailButton", "security": "WPA3 Personal", "channel": 36}
    sections[9]["rows"][1] = {"text": "Language", "detail": "English", "style": "value1", "table": {
        "style": "insetGrouped",
        "header": "Apps and websites use the first language they support.",
        "sections": [
            {"header": "Preferred Language", "footer": "Changes apply after a restart.", "rows": [
                {"text": name, **({"accessory": "checkmark"} if name == "English" else {})} for name in LANGUAGES]},
            {"rows": [{"text": "Live Text", "accessoryView": "switch", "on": True, "selectionStyle": "none"},
                      {"text": "Region", "detail": "Singapore", "style": "value1", "accessory": "detailButton",
                       "currency": "SGD"}]},
            {"header": "Other Languages", "rows": [{"text": "Italiano", "editingStyle": "delete"},
                                                   {"text": "Svenska", "editingStyle": "delete"}]},
        ]}}
    return {"table": {"style": "insetGrouped", "header": "Preferences of this device",
                      "footer": "Version 2.4 (118)", "sections": sections}}


def cells_document():
    """Every cell style and every accessory, in a plain table with footers."""
    styles = [{"text": "Default", "style": "default"},
              {"text": "Value 1", "detail": "Detail", "style": "value1"},
              {"text": "Label", "detail": "Value 2 detail that is longer", "style": "value2"},
              {"text": "Subtitle", "detail": "The detail under it", "style": "subtitle"}]
    accessories = [{"text": accessory, "accessory": accessory} for accessory in
                   ("none", "disclosureIndicator", "detailDisclosureButton", "checkmark", "detailButton")]
    return {"table": {"style": "grouped", "sections": [
        {"header": "Styles", "footer": "The four UITableViewCell styles.", "rows": styles},
        {"header": "Accessories", "rows": accessories + [{"text": "Switch", "accessoryView": "switch", "on": True}]},
    ]}}


@pytest.fixture(scope="module")
def table_server():
    folder = tempfile.mkdtemp(prefix="listserver-tables-")
    with open(os.path.join(folder, "prefs.plist"), "wb") as out:
        plistlib.dump(prefs_document(), out)
    with open(os.path.join(folder, "cells.json"), "w") as out:
        json.dump(cells_document(), out, ensure_ascii=False)
    running = Server(["--import", os.path.join(folder, "prefs.plist"), "--import", os.path.join(folder, "cells.json")])
    yield running
    running.stop()
    shutil.rmtree(folder, ignore_errors=True)


def window(server, dataset, child=""):
    return api_window(server, dataset, **({"child": child} if child else {}))


def row_named(driver, text):
    found = [r for r in rows(driver) if r.find_elements(By.CSS_SELECTOR, ".t1, .lb")
             and r.find_element(By.CSS_SELECTOR, ".t1, .lb").text == text]
    return found[0] if found else None


def rect(driver, element):
    return driver.execute_script("const r = arguments[0].getBoundingClientRect();"
                                 "return {l: r.left, r: r.right, t: r.top, b: r.bottom, cy: (r.top + r.bottom) / 2}",
                                 element)


def test_each_cell_style_is_laid_out_as_uikit_lays_it_out(browser, table_server):
    open_table(browser, table_server, "cells")
    by_style = {r.get_attribute("data-cell-style"): r for r in rows(browser)[:4]}
    assert set(by_style) == {"default", "value1", "value2", "subtitle"}
    cell = lambda style, selector: by_style[style].find_element(By.CSS_SELECTOR, selector)

    row = rect(browser, by_style["default"])
    text = rect(browser, cell("default", ".t1"))
    assert abs(text["cy"] - row["cy"]) <= 2 and by_style["default"].find_elements(By.CSS_SELECTOR, ".dt, .t2") == []

    text, detail, content = (rect(browser, cell("value1", s)) for s in (".t1", ".dt", ".rc"))
    assert abs(detail["cy"] - text["cy"]) <= 2, "value1: the detail is on the text's line"
    assert detail["l"] > text["l"] + 40 and content["r"] - detail["r"] <= 20, "value1: the detail is right-aligned"
    assert cell("value1", ".dt").value_of_css_property("text-align") in ("right", "end")

    label, detail, content = (rect(browser, cell("value2", s)) for s in (".lb", ".dt", ".rc"))
    assert label["r"] <= detail["l"] and abs(label["cy"] - detail["cy"]) <= 4, "value2: the label, then the detail"
    assert label["r"] - content["l"] < (content["r"] - content["l"]) * 0.45, "value2: the label is short"
    red, green, blue = (int(x) for x in cell("value2", ".lb").value_of_css_property("color")
                        .split("(")[1].split(")")[0].split(",")[:3])
    assert blue > 150 and blue > red + 80, "value2: the label is in the tint colour"

    text, detail = rect(browser, cell("subtitle", ".t1")), rect(browser, cell("subtitle", ".t2"))
    assert detail["t"] >= text["b"] - 1 and abs(detail["l"] - text["l"]) <= 1, "subtitle: the detail under the text"
    assert float(cell("subtitle", ".t2").value_of_css_property("font-size")[:-2]) < \
        float(cell("subtitle", ".t1").value_of_css_property("font-size")[:-2])
    footer = browser.find_element(By.CSS_SELECTOR, "[data-role=section-footer]")
    assert "four UITableViewCell styles" in footer.text


def test_each_accessory_is_drawn_as_ios_draws_it(browser, table_server):
    open_table(browser, table_server, "cells")
    drawn = {r.get_attribute("data-accessory"): r for r in rows(browser)[4:]}
    assert set(drawn) == {"none", "disclosureIndicator", "detailDisclosureButton", "checkmark", "detailButton", "switch"}
    shown = lambda accessory, selector: [e for e in drawn[accessory].find_elements(By.CSS_SELECTOR, selector)
                                         if e.is_displayed()]
    assert not shown("none", ".acc, [role=switch]")
    assert len(shown("disclosureIndicator", ".chev")) == 1 and not shown("disclosureIndicator", "[data-action=detail]")
    assert len(shown("detailDisclosureButton", ".chev")) == 1 and len(shown("detailDisclosureButton", "[data-action=detail]")) == 1
    assert len(shown("checkmark", ".chk")) == 1
    assert len(shown("detailButton", "[data-action=detail]")) == 1 and not shown("detailButton", ".chev")
    switch = shown("switch", "[role=switch]")
    assert len(switch) == 1 and switch[0].get_attribute("aria-checked") == "true"
    row, accessory = rect(browser, drawn["checkmark"]), rect(browser, shown("checkmark", ".chk")[0])
    assert row["r"] - accessory["r"] <= 24 and abs(row["cy"] - accessory["cy"]) <= 2, "accessories sit at the row's end"


def test_a_switch_stores_on_and_turns_back_when_the_batch_is_refused(browser, table_server):
    open_table(browser, table_server, "prefs")
    switch = lambda: row_named(browser, "Airplane Mode").find_element(By.CSS_SELECTOR, "[role=switch]")
    stored = lambda: next(r for r in window(table_server, "prefs")["rows"] if r["fields"]["text"] == "Airplane Mode")["fields"]["on"]
    assert switch().get_attribute("aria-checked") == "false" and stored() is False
    switch().click()
    # At once once the page's modules are in (they load right after the first window).
    wait(browser, lambda d: switch().get_attribute("aria-checked") == "true", message="the switch did not flip")
    wait(browser, lambda d: stored() is True, message="the switch was not stored")
    row = row_named(browser, "Airplane Mode")
    batches = browser.execute_script("""
        window.__batches = 0; const real = window.fetch;
        window.fetch = (url, options) => (String(url).endsWith('/batch') && window.__batches++, real(url, options));
        return window.__batches""")
    row.find_element(By.CSS_SELECTOR, ".t1").click()
    # A flip sends its batch from the click's handler: two frames later, any would have gone.
    browser.execute_async_script("requestAnimationFrame(() => requestAnimationFrame(arguments[0]))")
    assert browser.execute_script("return window.__batches") == batches, "tapping the label sent a batch"
    assert stored() is True and switch().get_attribute("aria-checked") == "true", "tapping the label flipped the switch"
    browser.execute_script("arguments[0].focus()", row)
    row.send_keys(Keys.ENTER)
    wait(browser, lambda d: stored() is False, message="Enter on the row did not toggle its switch")
    wait(browser, lambda d: switch().get_attribute("aria-checked") == "false")
    browser.execute_script("""
        const real = window.fetch;
        window.fetch = (url, opts) => String(url).endsWith('/batch')
            ? Promise.resolve(new Response(JSON.stringify({detail: 'the store is read-only'}),
                {status: 503, headers: {'content-type': 'application/problem+json'}}))
            : real(url, opts);""")
    switch().click()
    wait(browser, lambda d: switch().get_attribute("aria-checked") == "false", message="the switch did not turn back")
    note = browser.find_element(By.ID, "note")  # it fades in and out: its text, whatever its opacity
    # Said in the person's words, not the server's.
    assert note.get_attribute("textContent") == "Not saved: the server could not save it now. Try again."
    assert stored() is False
    browser.refresh()


def test_the_detail_button_opens_the_rows_details_in_a_dialog(browser, table_server):
    open_table(browser, table_server, "prefs")
    row_named(browser, "Harbor-5G").find_element(By.CSS_SELECTOR, "[data-action=detail]").click()
    dialog = wait(browser, lambda d: [e for e in d.find_elements(By.CSS_SELECTOR, "dialog[open]") if e.is_displayed()])[0]
    title = browser.find_element(By.ID, dialog.get_attribute("aria-labelledby"))
    assert title.text == "Harbor-5G"
    assert "WPA3 Personal" in dialog.text and "Connected" in dialog.text and "36" in dialog.text
    assert "detailButton" not in dialog.text, "the row's presentation keys are not details"
    assert "security" not in dialog.text and "Security" in dialog.text, "raw field names in the sheet"
    assert dialog.find_element(By.TAG_NAME, "p").text == "Connected", "the detail is not under the title"
    browser.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, "dialog[open]"), message="Escape did not close it")
    row_named(browser, "Harbor-5G").find_element(By.CSS_SELECTOR, "[data-action=detail]").click()
    dialog = wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "dialog[open]"))[0]
    dialog.find_element(By.TAG_NAME, "button").click()
    wait(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, "dialog[open]"), message="Done did not close it")
    assert row_named(browser, "Harbor-5G").get_attribute("aria-selected") == "false"


def test_a_row_opens_its_child_table_which_reload_keeps_and_back_returns_from(browser, table_server):
    open_table(browser, table_server, "prefs")
    parent_title = browser.find_element(By.ID, "title").text
    parent = window(table_server, "prefs")
    language = next(r for r in parent["rows"] if r["fields"]["text"] == "Language")
    assert language["accessory"] == "disclosureIndicator"
    scroller = browser.find_element(By.CSS_SELECTOR, "[data-role=scroller]")
    target = language["y"] - 300
    browser.execute_script("arguments[0].scrollTop = arguments[1]", scroller, target)
    wait(browser, lambda d: row_named(d, "Language") is not None and "anchor=" in d.current_url)
    before = scroll_top(browser)
    row_named(browser, "Language").click()

    wait(browser, lambda d: f"child={language['child']}" in d.current_url, message="the URL does not name the child")
    wait(browser, lambda d: row_named(d, "English") is not None, message="the child table is not shown")
    animations_done(browser)  # it pushes in from the right
    assert browser.find_element(By.ID, "title").text == "Language"
    back = browser.find_element(By.CSS_SELECTOR, "[data-action=back]")
    assert back.text == parent_title
    english = row_named(browser, "English")
    assert english.get_attribute("data-accessory") == "checkmark"
    assert english.find_element(By.CSS_SELECTOR, ".chk").is_displayed()
    assert scroll_top(browser) < 5, "the child table opens at its top"
    assert browser.find_element(By.CSS_SELECTOR, "[data-role=table-header]").text.startswith("Apps and websites")

    # the child is edited like any table: its switch is stored in the child
    row_named(browser, "Live Text").find_element(By.CSS_SELECTOR, "[role=switch]").click()
    live = lambda: next(r for r in window(table_server, "prefs", language["child"])["rows"]
                        if r["fields"]["text"] == "Live Text")["fields"]["on"]
    wait(browser, lambda d: live() is False, message="the child's switch was not stored")

    browser.refresh()
    wait(browser, lambda d: row_named(d, "English") is not None, message="reload left the child table")
    assert f"child={language['child']}" in browser.current_url
    assert browser.find_element(By.ID, "title").text == "Language"
    assert row_named(browser, "Live Text").find_element(By.CSS_SELECTOR, "[role=switch]").get_attribute("aria-checked") == "false"
    browser.find_element(By.CSS_SELECTOR, "[data-action=back]").click()
    wait(browser, lambda d: "child=" not in d.current_url and row_named(d, "Language") is not None,
         message="back did not return to the parent")
    animations_done(browser)
    wait(browser, lambda d: abs(scroll_top(d) - before) <= 4, message=f"the parent's scroll was not restored ({before})")
    assert browser.find_element(By.ID, "title").text == parent_title

    # in the page, without a reload: the back control and the browser's Back and Forward
    row_named(browser, "Language").click()
    wait(browser, lambda d: row_named(d, "English") is not None)
    animations_done(browser)
    browser.execute_script("window.__same = true")
    browser.find_element(By.CSS_SELECTOR, "[data-action=back]").click()
    wait(browser, lambda d: row_named(d, "Language") is not None and "child=" not in d.current_url)
    wait(browser, lambda d: abs(scroll_top(d) - before) <= 4, message="back in the page lost the scroll")
    browser.forward()
    wait(browser, lambda d: row_named(d, "English") is not None, message="Forward did not reopen the child")
    browser.back()
    wait(browser, lambda d: row_named(d, "Language") is not None and abs(scroll_top(d) - before) <= 4,
         message="the browser's Back did not restore the parent")
    assert browser.execute_script("return window.__same") is True, "the page reloaded"


def test_a_child_link_opened_directly_goes_back_to_the_parent(browser, table_server):
    child = next(r for r in window(table_server, "prefs")["rows"] if r["fields"]["text"] == "Language")["child"]
    open_table(browser, table_server, "prefs", f"?child={child}")
    back = browser.find_element(By.CSS_SELECTOR, "[data-action=back]")
    assert back.get_attribute("href").endswith("/d/prefs")
    back.click()
    wait(browser, lambda d: d.current_url.endswith("/d/prefs") or "child=" not in d.current_url)
    wait(browser, lambda d: row_named(d, "Airplane Mode") is not None)
    assert browser.find_element(By.CSS_SELECTOR, ".back").get_attribute("href").endswith("/")


def test_screenshots_of_the_settings_sample_and_a_child_table(browser, server):
    try:
        for width in WIDTHS:
            at_width(browser, width)
            open_table(browser, server, "settings")
            screenshot(browser, f"settings-{width}")
            wifi = next(r for r in window(server, "settings")["rows"] if r["fields"]["text"] == "Wi-Fi")
            row_by_id(browser, wifi["id"]).click()
            wait(browser, lambda d: "child=" in d.current_url and row_named(d, "Harbor-5G") is not None)
            animations_done(browser)
            screenshot(browser, f"settings-wifi-{width}")
    finally:
        browser.set_window_size(480, 900)


def test_a_child_table_is_edited_like_any_table(browser, table_server):
    child = next(r for r in window(table_server, "prefs")["rows"] if r["fields"]["text"] == "Language")["child"]
    open_table(browser, table_server, "prefs", f"?child={child}")
    edit = browser.find_element(By.CSS_SELECTOR, "[data-action=edit]")
    assert edit.is_displayed()
    edit.click()
    row = row_named(browser, "Italiano")
    minus = row.find_element(By.CSS_SELECTOR, "[data-action=minus]")
    wait(browser, lambda d: minus.is_displayed(), message="edit mode shows no delete control")
    assert not row_named(browser, "English").find_element(By.CSS_SELECTOR, ".rc").find_elements(By.CSS_SELECTOR, "[data-action=minus]")
    minus.click()
    delete = row.find_element(By.CSS_SELECTOR, "[data-action=delete]")
    wait(browser, lambda d: delete.is_displayed())
    delete.click()  # the red Delete is the confirmation
    wait(browser, lambda d: row_named(d, "Italiano") is None, message="the row stayed")
    texts = [r["fields"]["text"] for r in window(table_server, "prefs", child)["rows"]]
    assert "Italiano" not in texts and "Svenska" in texts
    assert f"child={child}" in browser.current_url
    browser.find_element(By.CSS_SELECTOR, "[data-action=done]").click()


def open_language(driver, server):
    """Scrolls the prefs table to its Language row and opens that child table."""
    language = next(r for r in window(server, "prefs")["rows"] if r["fields"]["text"] == "Language")
    scroller = driver.find_element(By.CSS_SELECTOR, "[data-role=scroller]")
    driver.execute_script("arguments[0].scrollTop = arguments[1]", scroller, language["y"] - 100)
    wait(driver, lambda d: row_named(d, "Language") is not None)
    animations_done(driver)
    row_named(driver, "Language").click()
    wait(driver, lambda d: row_named(d, "English") is not None)


SAMPLE_SLIDES = """
window.__slides = [];
const sample = () => {
  for (const a of document.getAnimations()) {
    const frames = a.effect.getKeyframes().map(k => k.translate || '');
    if (frames.some(t => t.includes('%')) && !window.__slides.some(s => s.join() === frames.join())) window.__slides.push(frames);
  }
  requestAnimationFrame(sample);
};
sample();
"""


def slides(driver, expected=2):
    """The sliding animations seen since SAMPLE_SLIDES ran, as their translate keyframes, once `expected` were
    seen (a push or a pop slides two tables) and every animation has ended."""
    wait(driver, lambda d: d.execute_script("return window.__slides.length") >= expected,
         message=f"fewer than {expected} slides")
    animations_done(driver)
    return driver.execute_script("return window.__slides")


def test_a_child_table_pushes_in_from_the_right_and_pops_back_with_a_back_title_that_fits(browser, table_server):
    at_width(browser, 320)
    try:
        open_table(browser, table_server, "prefs")
        parent_title = browser.find_element(By.ID, "title").text
        browser.execute_script(SAMPLE_SLIDES)
        open_language(browser, table_server)
        frames = slides(browser)
        assert any(f[0].startswith("100%") for f in frames), f"the child does not come in from the right: {frames}"
        assert any(f[-1].startswith("-30%") for f in frames), f"the parent does not slide partly under: {frames}"
        animations_done(browser)
        back = browser.find_element(By.CSS_SELECTOR, "[data-action=back]")
        assert browser.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth + 1", back), \
            "the back title is cut off"
        assert back.text in (parent_title, "Back")
        browser.execute_script(SAMPLE_SLIDES)
        back.click()
        wait(browser, lambda d: row_named(d, "Language") is not None and "child=" not in d.current_url)
        frames = slides(browser)
        assert any(f[0].startswith("-30%") for f in frames), f"the parent does not come back from the left: {frames}"
        assert any(f[-1].startswith("100%") for f in frames), f"the child does not leave to the right: {frames}"
        animations_done(browser)
    finally:
        at_width(browser, 480)


def test_reduced_motion_opens_a_child_table_without_sliding(browser, table_server):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                            {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    try:
        open_table(browser, table_server, "prefs")
        browser.execute_script(SAMPLE_SLIDES)
        open_language(browser, table_server)
        assert slides(browser, expected=0) == []
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_a_long_parent_title_gives_way_to_back_so_the_title_stays_centred(browser, tmp_path):
    """As a navigation bar: a back title that would push the child's title off the bar's centre becomes "Back"."""
    path = tmp_path / "appliances.json"
    path.write_text(json.dumps({"table": {"style": "insetGrouped", "sections": [{"rows": [
        {"text": "Oven Temperature", "accessory": "disclosureIndicator",
         "table": {"sections": [{"rows": [{"text": "Temperature"}]}]}}]}]}}))
    running = Server(["--import", str(path)])
    try:
        for width in (360, 1280):
            at_width(browser, width)
            open_table(browser, running, "appliances")
            parent_title = browser.find_element(By.ID, "title").text
            row_named(browser, "Oven Temperature").click()
            wait(browser, lambda d: row_named(d, "Temperature") is not None, message="the child table did not open")
            animations_done(browser)
            back = browser.find_element(By.CSS_SELECTOR, "[data-action=back]")
            title = browser.find_element(By.ID, "title")
            bar = browser.execute_script("return arguments[0].parentElement.getBoundingClientRect()", title)
            centre = (title.rect["x"] + title.rect["width"] / 2) - (bar["left"] + bar["width"] / 2)
            assert abs(centre) <= 2, f"the title is {centre:.0f} px off the bar's centre at {width} px (back: {back.text})"
            expected = "Back" if width == 360 else parent_title
            assert back.text == expected, f"{back.text!r} at {width} px"
            assert back.get_attribute("aria-label") in (None, parent_title)
    finally:
        at_width(browser, 480)
        running.stop()

