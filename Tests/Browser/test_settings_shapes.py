"""Shapes real Settings bundles have, drawn as the Settings app draws them: a value row whose value is empty or not
among its choices keeps its title at the leading edge; a long title leaves its value room, cut with an ellipsis; a
footer keeps its line breaks (licences); an untitled third-party row shows its text, not its type; the first tap
into a right-aligned field puts the caret after its text."""
import plistlib

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import Server, at_width, open_table, rows, wait

LICENCE = "Harbour Charts Licence\n\nCopyright 2025 the Harbour Charts authors\nAll rights reserved."


@pytest.fixture(scope="module")
def shapes_server(tmp_path_factory):
    bundle = tmp_path_factory.mktemp("shapes") / "Charts.bundle"
    bundle.mkdir()
    specifiers = [
        {"Type": "PSGroupSpecifier", "Title": "Position", "FooterText": LICENCE},
        {"Type": "PSTitleValueSpecifier", "Title": "Shares your position with the fleet", "Key": "share", "DefaultValue": ""},
        {"Type": "PSMultiValueSpecifier", "Title": "Interval", "Key": "interval", "DefaultValue": "Half a minute",
         "Titles": ["1 min", "5 min"], "Values": ["60", "300"]},
        {"Type": "PSTitleValueSpecifier", "Title": "A title long enough to fill the whole row by itself", "Key": "long",
         "DefaultValue": "Its value"},
        {"Type": "PSTextFieldSpecifier", "Title": "Home", "Key": "home", "DefaultValue": "Qingdao"},
        {"Type": "IASKTextViewSpecifier", "Key": "notes", "DefaultValue": "Notes about the charts"},
    ]
    with open(bundle / "Root.plist", "wb") as out:
        plistlib.dump({"PreferenceSpecifiers": specifiers}, out)
    running = Server(["--import", f"charts={bundle}"])
    yield running
    running.stop()


def row_titled(driver, text):
    return next(r for r in rows(driver) if r.find_element(By.CSS_SELECTOR, ".t1").text.startswith(text[:12]))


def test_value_rows_keep_their_titles_leading_and_their_values_room(browser, shapes_server):
    at_width(browser, 360)
    try:
        open_table(browser, shapes_server, "charts")
        for text in ("Shares your position", "Interval", "A title long enough"):
            row = row_titled(browser, text)
            title = row.find_element(By.CSS_SELECTOR, ".t1")
            content = row.find_element(By.CSS_SELECTOR, ".rc")
            padding = float(content.value_of_css_property("padding-left").rstrip("px"))
            assert abs(title.rect["x"] - (content.rect["x"] + padding)) <= 1, f"{text!r} is not at the leading edge"
        detail = row_titled(browser, "A title long enough").find_element(By.CSS_SELECTOR, ".dt")
        assert detail.rect["width"] >= 30, f"the value has {detail.rect['width']} px"
        assert browser.execute_script("return arguments[0].scrollWidth > arguments[0].clientWidth", detail)
        assert detail.value_of_css_property("text-overflow") == "ellipsis"
        assert row_titled(browser, "Notes about").find_element(By.CSS_SELECTOR, ".t1").text == "Notes about the charts"
        footer = browser.find_element(By.CSS_SELECTOR, ".ftr")
        assert footer.text == LICENCE, footer.text
    finally:
        at_width(browser, 480)


def test_the_first_tap_into_a_field_puts_the_caret_after_its_text(browser, shapes_server):
    at_width(browser, 360)
    try:
        open_table(browser, shapes_server, "charts")
        field = row_titled(browser, "Home").find_element(By.CSS_SELECTOR, "input[data-action=text]")
        # Left of the right-aligned text, where a browser would put the caret first.
        browser.execute_script("""
            const f = arguments[0], box = f.getBoundingClientRect(), at = {clientX: box.left + 4, clientY: box.top + box.height / 2,
              bubbles: true, cancelable: true, pointerId: 1, button: 0, isPrimary: true};
            if (f.dispatchEvent(new PointerEvent('pointerdown', at))) f.focus();""", field)
        wait(browser, lambda d: d.switch_to.active_element == field, message="the tap did not focus the field")
        assert browser.execute_script("return [arguments[0].selectionStart, arguments[0].value.length]", field) == [7, 7]
        field.send_keys(" Bay")
        assert field.get_attribute("value") == "Qingdao Bay"
        field.send_keys(Keys.ESCAPE)
    finally:
        at_width(browser, 480)
