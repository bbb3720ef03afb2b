"""A Settings bundle read in a language written from right to left (Arabic, Hebrew) mirrors as iOS mirrors it:
titles at the right, switches, values and chevrons at the left, the back control pointing right."""
import os
import plistlib
import tempfile

import pytest
from selenium.webdriver.common.by import By

from conftest import Server, animations_done, at_width, open_table, rows, screen_pixels, screenshot, wait

ROOT_PAGE = {"PreferenceSpecifiers": [
    {"Type": "PSGroupSpecifier", "Title": "General"},
    {"Type": "PSToggleSwitchSpecifier", "Title": "Sound", "Key": "sound", "DefaultValue": True},
    {"Type": "PSMultiValueSpecifier", "Title": "Units", "Key": "units", "DefaultValue": "m",
     "Titles": ["Metres", "Feet"], "Values": ["m", "ft"]},
    {"Type": "PSChildPaneSpecifier", "Title": "Harbours", "File": "Harbours"},
    {"Type": "PSGroupSpecifier", "Title": "Volume"},
    {"Type": "PSSliderSpecifier", "Key": "volume", "DefaultValue": 0.2, "MinimumValue": 0, "MaximumValue": 1},
]}
HARBOURS = {"PreferenceSpecifiers": [{"Type": "PSGroupSpecifier", "Title": "Nearby"},
                                     {"Type": "PSToggleSwitchSpecifier", "Title": "Tides", "Key": "tides",
                                      "DefaultValue": False}]}
STRINGS = {
    "ar": {"Volume": "مستوى الصوت", "General": "عام", "Sound": "الصوت", "Units": "الوحدات", "Metres": "أمتار", "Feet": "أقدام",
           "Harbours": "الموانئ", "Nearby": "قريب", "Tides": "المد والجزر"},
    "he": {"Volume": "עוצמה", "General": "כללי", "Sound": "צליל", "Units": "יחידות", "Metres": "מטרים", "Feet": "רגל",
           "Harbours": "נמלים", "Nearby": "בקרבת מקום", "Tides": "גאות ושפל"},
}


@pytest.fixture(scope="module")
def rtl_server():
    folder = tempfile.mkdtemp(prefix="rtl-bundle-")
    bundle = os.path.join(folder, "Tides", "Settings.bundle")
    os.makedirs(bundle)
    for name, page in [("Root", ROOT_PAGE), ("Harbours", HARBOURS)]:
        with open(os.path.join(bundle, f"{name}.plist"), "wb") as f:
            plistlib.dump(page, f)
    for language, words in STRINGS.items():
        os.makedirs(os.path.join(bundle, f"{language}.lproj"))
        for table in ["Root", "Harbours"]:
            with open(os.path.join(bundle, f"{language}.lproj", f"{table}.strings"), "w", encoding="utf-8") as f:
                f.write("".join(f'"{key}" = "{value}";\n' for key, value in words.items()))
    running = Server(["--import", f"tides={bundle}"])
    yield running
    running.stop()


def row_titled(driver, text):
    found = [r for r in rows(driver) if r.find_elements(By.CSS_SELECTOR, ".t1")
             and r.find_element(By.CSS_SELECTOR, ".t1").text == text]
    return found[0] if found else None


def box(element):
    return element.rect["x"], element.rect["x"] + element.rect["width"]


@pytest.mark.parametrize("language", ["ar", "he"])
@pytest.mark.parametrize("width", [360, 1280])
def test_a_right_to_left_bundle_mirrors(browser, rtl_server, language, width):
    at_width(browser, width)
    open_table(browser, rtl_server, "tides", f"?lang={language}")
    words = STRINGS[language]
    assert browser.execute_script("return [document.documentElement.lang, document.documentElement.dir]") == [language, "rtl"]
    wait(browser, lambda d: row_titled(d, words["Sound"]) is not None, message="no translated switch row")
    animations_done(browser)
    sound = row_titled(browser, words["Sound"])
    title_left, title_right = box(sound.find_element(By.CSS_SELECTOR, ".t1"))
    switch_left, switch_right = box(sound.find_element(By.CSS_SELECTOR, "[role=switch]"))
    row_left, row_right = box(sound.find_element(By.CSS_SELECTOR, ".rc"))
    assert switch_right < title_left, f"the switch ({switch_left}-{switch_right}) is not left of the title ({title_left}-{title_right})"
    assert row_right - title_right < 24 and switch_left - row_left < 24, "title and switch are not at the row's ends"
    # On, its knob is at the left end, as a mirrored UISwitch's is.
    knob = browser.execute_script(
        "const s = arguments[0], r = s.getBoundingClientRect(), k = getComputedStyle(s, ':after');"
        "return new DOMMatrix(k.transform).m41", sound.find_element(By.CSS_SELECTOR, "[role=switch]"))
    assert knob < 0, f"the knob of a switch that is on moved {knob} px"
    units = row_titled(browser, words["Units"])
    value_left, value_right = box(units.find_element(By.CSS_SELECTOR, ".dt"))
    chevron_left, chevron_right = box(units.find_element(By.CSS_SELECTOR, ".chev"))
    assert chevron_right <= value_left + 1 and value_right < box(units.find_element(By.CSS_SELECTOR, ".t1"))[0]
    # Separators start under the text, at the right.
    separator = browser.execute_script(
        "const s = getComputedStyle(arguments[0], ':after'); return [parseFloat(s.left), parseFloat(s.right)]",
        sound.find_element(By.CSS_SELECTOR, ".rc"))
    assert separator[1] > separator[0], f"the separator's inset (left, right) is not on the right: {separator}"
    screenshot(browser, f"settings-rtl-{language}-{width}")
    row_titled(browser, words["Harbours"]).find_element(By.CSS_SELECTOR, ".t1").click()
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "[data-role=title]").text == words["Harbours"],
         message="the child pane did not open")
    animations_done(browser)
    back = browser.find_element(By.CSS_SELECTOR, "[data-action=back]")
    assert browser.execute_script("return getComputedStyle(arguments[0], ':before').content", back) == '"› "'
    assert box(back)[0] > width / 2, "the back control is not at the right"


def test_a_left_to_right_reader_of_the_same_bundle_is_not_mirrored(browser, rtl_server):
    at_width(browser, 360)
    open_table(browser, rtl_server, "tides", "?lang=en")
    assert browser.execute_script("return document.documentElement.dir") == ""
    sound = row_titled(browser, "Sound")
    assert box(sound.find_element(By.CSS_SELECTOR, ".t1"))[1] < box(sound.find_element(By.CSS_SELECTOR, "[role=switch]"))[0]


@pytest.mark.parametrize("language,filled_side", [("ar", "right"), ("en", "left")])
def test_a_sliders_fill_runs_from_its_leading_end(browser, rtl_server, language, filled_side):
    """A slider at a fifth of its range: its knob and its blue fill at the leading end, the right in Arabic (the fill
    ran from the left while the knob was mirrored)."""
    at_width(browser, 360)
    open_table(browser, rtl_server, "tides", f"?lang={language}")
    slider = wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "input[type=range]"), message="no slider")[0]
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", slider)
    animations_done(browser)
    left, right, middle = slider.rect["x"], slider.rect["x"] + slider.rect["width"], slider.rect["y"] + slider.rect["height"] / 2
    pixels, ratio = screen_pixels(browser), browser.execute_script("return devicePixelRatio")
    # The tint is blue; the track's rest is grey and the knob white: blue pixels along the track are the fill.
    blue = [x for x in range(int(left), int(right)) if (lambda p: p[2] > 180 and p[0] < 80)(pixels(int(x * ratio), int(middle * ratio)))]
    assert blue, "no fill drawn"
    centre = (left + right) / 2
    side = "right" if sum(blue) / len(blue) > centre else "left"
    assert side == filled_side, f"the fill is on the {side}: x {min(blue)}-{max(blue)} of {left:.0f}-{right:.0f}"
