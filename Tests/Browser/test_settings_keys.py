"""One Key, one stored preference, as a device keeps it: specifiers sharing a Key show one value from the start
(the first default in document order) and a change to one shows in every other, the chosen title of a multi-value
in the page's language (its bundle's translated strings), in the page that made the change and in another one."""
import os
import plistlib
import tempfile

import pytest
from selenium.webdriver.common.by import By

from conftest import Server, animations_done, make_driver, open_table, rows, wait

# A bundle of our own: two multi-values and a text field share the key `unit`, each giving its own default; the
# first in document order says metres, so every row starts at metres.
ROOT = {"PreferenceSpecifiers": [
    {"Type": "PSGroupSpecifier", "Title": "Soundings"},
    {"Type": "PSMultiValueSpecifier", "Title": "Depth unit", "Key": "unit", "DefaultValue": "m",
     "Titles": ["Metres", "Fathoms"], "Values": ["m", "fm"]},
    {"Type": "PSMultiValueSpecifier", "Title": "Chart unit", "Key": "unit", "DefaultValue": "fm",
     "Titles": ["Metres", "Fathoms"], "Values": ["m", "fm"]},
    {"Type": "PSTextFieldSpecifier", "Title": "Unit code", "Key": "unit", "DefaultValue": "ft"},
]}
STRINGS = {
    "zh-Hans": {"Soundings": "测深", "Depth unit": "水深单位", "Chart unit": "海图单位", "Unit code": "单位代码",
                "Metres": "米", "Fathoms": "英寻"},
    "ar": {"Soundings": "السبر", "Depth unit": "وحدة العمق", "Chart unit": "وحدة الخريطة", "Unit code": "رمز الوحدة",
           "Metres": "أمتار", "Fathoms": "قامات"},
}


@pytest.fixture(scope="module")
def keys_server():
    folder = tempfile.mkdtemp(prefix="settings-keys-")
    bundle = os.path.join(folder, "Soundings.bundle")
    os.makedirs(bundle)
    with open(os.path.join(bundle, "Root.plist"), "wb") as f:
        plistlib.dump(ROOT, f)
    for language, words in STRINGS.items():
        os.makedirs(os.path.join(bundle, f"{language}.lproj"))
        with open(os.path.join(bundle, f"{language}.lproj", "Root.strings"), "w", encoding="utf-8") as f:
            f.writelines(f'"{key}" = "{value}";\n' for key, value in words.items())
    running = Server(["--import", f"soundings={bundle}"])
    yield running
    running.stop()


def row_named(driver, text):
    found = [r for r in rows(driver) if r.find_elements(By.CSS_SELECTOR, ".t1")
             and r.find_element(By.CSS_SELECTOR, ".t1").text == text]
    return found[0] if found else None


def detail(driver, text):
    row = row_named(driver, text)
    found = row.find_elements(By.CSS_SELECTOR, ".dt") if row else []
    return found[0].text if found else None


def field(driver, text):
    row = row_named(driver, text)
    return row.find_element(By.CSS_SELECTOR, "input").get_attribute("value") if row else None


def test_specifiers_sharing_a_key_start_at_its_first_default(browser, keys_server):
    open_table(browser, keys_server, "soundings", "?lang=en")
    wait(browser, lambda d: detail(d, "Chart unit") is not None, message="no Chart unit row")
    assert [detail(browser, "Depth unit"), detail(browser, "Chart unit"), field(browser, "Unit code")] == \
        ["Metres", "Metres", "m"]


@pytest.mark.parametrize("language,depth,chart,fathoms", [("zh-Hans", "水深单位", "海图单位", "英寻"),
                                                          ("ar", "وحدة العمق", "وحدة الخريطة", "قامات")])
def test_a_choice_shows_translated_in_every_row_of_its_key_here_and_in_another_page(
        browser, keys_server, language, depth, chart, fathoms):
    other = make_driver()
    try:
        open_table(other, keys_server, "soundings", f"?lang={language}")
        open_table(browser, keys_server, "soundings", f"?lang={language}")
        wait(browser, lambda d: detail(d, chart) is not None, message=f"no {chart} row")
        metres = STRINGS[language]["Metres"]
        assert detail(browser, depth) == metres and detail(browser, chart) == metres and detail(other, chart) == metres
        row_named(browser, depth).find_element(By.CSS_SELECTOR, ".t1").click()
        wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "[data-role=title]").text == depth)
        animations_done(browser)
        row_named(browser, fathoms).click()
        wait(browser, lambda d: row_named(d, fathoms).get_attribute("data-accessory") == "checkmark")
        browser.find_element(By.CSS_SELECTOR, "[data-action=back]").click()
        wait(browser, lambda d: detail(d, depth) == fathoms, message="the changed row does not show its choice")
        wait(browser, lambda d: detail(d, chart) == fathoms,
             message=f"the other row of the key shows {detail(browser, chart)!r}, not {fathoms}")
        assert field(browser, STRINGS[language]["Unit code"]) == "fm"
        wait(other, lambda d: detail(d, chart) == fathoms and detail(d, depth) == fathoms,
             message=f"another page shows {detail(other, depth)!r} and {detail(other, chart)!r}, not {fathoms}")
    finally:
        other.quit()
        # Back to metres for the next language, as the page would put it back.
        open_table(browser, keys_server, "soundings", "?lang=en")
        wait(browser, lambda d: detail(d, "Depth unit") is not None)
        if detail(browser, "Depth unit") != "Metres":
            row_named(browser, "Depth unit").find_element(By.CSS_SELECTOR, ".t1").click()
            wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "[data-role=title]").text == "Depth unit")
            animations_done(browser)
            row_named(browser, "Metres").click()
            wait(browser, lambda d: row_named(d, "Metres").get_attribute("data-accessory") == "checkmark")
