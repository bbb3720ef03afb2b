"""A Settings bundle in the browser as the Settings app shows it (the settings-bundle sample, and a bundle folder
given with --import): each control changes its value through a batch, child panes open two levels deep and go
back, the page speaks the bundle's languages, and axe finds nothing serious."""
import json
import os
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import ROOT, Server, animations_done, axe_violations, at_width, open_table, rows, screen_pixels, screenshot, wait

BUNDLE = os.path.join(ROOT, "Tests", "ModelsTests", "Fixtures", "SettingsBundles", "Settings.bundle")


@pytest.fixture(scope="module")
def bundle_server():
    running = Server(["--import", f"tides={BUNDLE}"])
    yield running
    running.stop()


def defaults(server):
    """The bundle's values as `format=defaults` gives them (an XML plist), read by the JSON export's twin."""
    import plistlib
    return plistlib.loads(urllib.request.urlopen(f"{server.url}/api/datasets/tides/export?format=defaults").read())


def row_named(driver, text):
    found = [r for r in rows(driver) if r.find_elements(By.CSS_SELECTOR, ".t1")
             and r.find_element(By.CSS_SELECTOR, ".t1").text == text]
    return found[0] if found else None


def open_row(driver, text):
    wait(driver, lambda d: row_named(d, text) is not None, message=f"no row {text}")
    row_named(driver, text).find_element(By.CSS_SELECTOR, ".t1").click()
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "[data-role=title]").text == text,
         message=f"{text} did not open")
    animations_done(driver)


def back(driver, title):
    driver.find_element(By.CSS_SELECTOR, "[data-action=back]").click()
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "[data-role=title]").text == title,
         message=f"back did not reach {title}")
    animations_done(driver)


def test_an_imported_bundle_shows_its_groups_footers_and_controls(browser, bundle_server):
    open_table(browser, bundle_server, "tides")
    assert browser.find_elements(By.CSS_SELECTOR, "[data-style=insetGrouped]"), "not inset grouped"
    headers = [h.text for h in browser.find_elements(By.CSS_SELECTOR, "[data-section-id] .ht") if h.text]
    assert headers[:2] == ["ACCOUNT", "ALERTS"] or headers[:2] == ["Account", "Alerts"]
    footers = [f.text for f in browser.find_elements(By.CSS_SELECTOR, "[data-role=section-footer]")]
    assert "Alerts come before each high water." in footers
    kinds = {r.find_element(By.CSS_SELECTOR, ".t1").text: r.get_attribute("data-accessory") for r in rows(browser)
             if r.find_elements(By.CSS_SELECTOR, ".t1")}
    assert kinds["Name"] == "textField" and kinds["High Water Alerts"] == "switch"
    assert kinds["Alert Time"] == "disclosureIndicator" and kinds["Harbours"] == "disclosureIndicator"


def test_a_switch_stores_its_true_value(browser, bundle_server):
    open_table(browser, bundle_server, "tides")
    switch = row_named(browser, "Sound").find_element(By.CSS_SELECTOR, "[role=switch]")
    assert switch.get_attribute("aria-checked") == "false"
    switch.click()
    wait(browser, lambda d: defaults(bundle_server)["alert_sound"] == "YES", message="Sound was not stored as YES")
    assert row_named(browser, "Sound").find_element(By.CSS_SELECTOR, "[role=switch]").get_attribute("aria-checked") == "true"


def test_a_text_field_saves_on_enter_and_a_secure_one_shows_dots(browser, bundle_server):
    open_table(browser, bundle_server, "tides")
    field = row_named(browser, "Name").find_element(By.CSS_SELECTOR, "input")
    assert field.get_attribute("value") == "Ada Lovelace" and field.get_attribute("autocapitalize") == "words"
    field.click()
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("Grace Hopper", Keys.ENTER)
    wait(browser, lambda d: defaults(bundle_server)["user_name"] == "Grace Hopper", message="the name was not saved")
    password = row_named(browser, "Password").find_element(By.CSS_SELECTOR, "input")
    assert password.get_attribute("type") == "password"
    password.click()
    password.send_keys("s3cret")
    row_named(browser, "Server").find_element(By.CSS_SELECTOR, "input").click()  # the blur saves it
    wait(browser, lambda d: defaults(bundle_server)["password"] == "s3cret", message="the password was not saved on blur")
    assert row_named(browser, "Server").find_element(By.CSS_SELECTOR, "input").get_attribute("inputmode") == "url"


def test_enter_on_a_field_row_goes_into_the_field_and_escape_comes_back(browser, bundle_server):
    open_table(browser, bundle_server, "tides")
    row = row_named(browser, "Server")
    browser.execute_script("arguments[0].focus()", row)
    row.send_keys(Keys.ENTER)
    active = browser.switch_to.active_element
    assert active.get_attribute("data-action") == "text" and active.get_attribute("value") == "https://tides.example.com"
    assert browser.execute_script("return arguments[0].selectionStart", active) == len("https://tides.example.com"), \
        "the caret goes after the text, as a tap into a text field puts it"
    active.send_keys("/x", Keys.ESCAPE)
    wait(browser, lambda d: d.switch_to.active_element.get_attribute("role") == "row", message="Escape kept the focus")
    assert row_named(browser, "Server").find_element(By.CSS_SELECTOR, "input").get_attribute("value") == "https://tides.example.com"
    assert defaults(bundle_server)["server_url"] == "https://tides.example.com"


def test_a_slider_saves_when_let_go(browser, bundle_server):
    open_table(browser, bundle_server, "tides")
    slider = browser.find_element(By.CSS_SELECTOR, "input[type=range]")
    assert (slider.get_attribute("min"), slider.get_attribute("max"), slider.get_attribute("value")) == ("0.8", "1.6", "1")
    slider.click()  # a click in the middle of the track moves the thumb there and lets go
    wait(browser, lambda d: abs(defaults(bundle_server)["text_scale"] - 1.2) < 0.1,
         message="the slider's value was not saved")


def test_a_slider_is_drawn_as_uislider_its_track_tinted_up_to_a_large_white_thumb(browser, bundle_server):
    open_table(browser, bundle_server, "tides")
    slider = browser.find_element(By.CSS_SELECTOR, "input[type=range]")
    animations_done(browser)
    box = browser.execute_script("const b = arguments[0].getBoundingClientRect(); return [b.left, b.top, b.width, b.height]",
                                 slider)
    fraction = (float(slider.get_attribute("value")) - 0.8) / 0.8
    fill = lambda: browser.execute_script("return getComputedStyle(arguments[0]).getPropertyValue('--fill').trim()", slider)
    assert fill() == f"{fraction * 100:g}%"
    pixel, y = screen_pixels(browser), box[1] + box[3] / 2
    tint, track = pixel(box[0] + 3, y), pixel(box[0] + box[2] - 3, y)
    thumb = pixel(box[0] + 14 + (box[2] - 28) * fraction, y)
    assert tint[2] > 150 and tint[0] < 80, f"the track left of the thumb is not tinted: {tint}"
    assert abs(track[0] - track[2]) < 12 and track[0] < 235, f"the track right of the thumb is not grey: {track}"
    assert min(thumb) > 240, f"the thumb is not white: {thumb}"
    slider.send_keys(Keys.END)
    wait(browser, lambda d: fill() == "100%",
         message="the track's tint did not follow the thumb")


def test_a_multi_value_opens_its_choices_and_shows_the_choice_as_its_detail(browser, bundle_server):
    open_table(browser, bundle_server, "tides")
    assert row_named(browser, "Alert Time").find_element(By.CSS_SELECTOR, ".dt").text == "1 h"
    open_row(browser, "Alert Time")
    choice = row_named(browser, "2 Hours Before")
    assert choice.get_attribute("data-choice") == "single"
    choice.click()
    wait(browser, lambda d: row_named(d, "2 Hours Before").get_attribute("data-accessory") == "checkmark")
    back(browser, "SettingsBundles")
    wait(browser, lambda d: row_named(d, "Alert Time").find_element(By.CSS_SELECTOR, ".dt").text == "2 h",
         message="the short title of the choice is not the detail")
    assert defaults(bundle_server)["alert_lead"] == 120


def test_a_radio_group_is_a_choice_section_with_its_footer(browser, bundle_server):
    open_table(browser, bundle_server, "tides")
    dark = row_named(browser, "Dark")
    assert dark.get_attribute("data-choice") == "single"
    dark.click()
    wait(browser, lambda d: row_named(d, "Dark").get_attribute("data-accessory") == "checkmark")
    assert row_named(browser, "Automatic").get_attribute("data-accessory") == "none"
    assert defaults(bundle_server)["theme"] == "dark"


def test_child_panes_open_two_levels_deep_and_go_back(browser, bundle_server):
    open_table(browser, bundle_server, "tides")
    open_row(browser, "Harbours")
    assert row_named(browser, "Harbour").find_element(By.CSS_SELECTOR, ".dt").text == "Qingdao"
    open_row(browser, "Advanced")
    assert row_named(browser, "Station ID").find_element(By.CSS_SELECTOR, "input").get_attribute("inputmode") == "numeric"
    back(browser, "Harbours")
    back(browser, "SettingsBundles")


def test_the_page_speaks_chinese_where_the_bundle_does(browser, bundle_server):
    open_table(browser, bundle_server, "tides", "?lang=zh-Hans")
    wait(browser, lambda d: row_named(d, "高潮提醒") is not None, message="no Chinese row")
    assert row_named(browser, "提醒时间").find_element(By.CSS_SELECTOR, ".dt").text in ("1 小时", "2 小时")
    assert row_named(browser, "Reset Tips") is None and row_named(browser, "重置提示") is not None


def test_a_language_the_url_names_goes_along_into_a_pane(browser, bundle_server):
    open_table(browser, bundle_server, "tides", "?lang=zh-Hans")
    wait(browser, lambda d: row_named(d, "高潮提醒") is not None, message="no Chinese row")
    pane = [r for r in rows(browser) if r.get_attribute("data-child")][0]
    pane.find_element(By.CSS_SELECTOR, ".t1").click()
    wait(browser, lambda d: "child=" in d.current_url, message="the pane did not open")
    assert "lang=zh-Hans" in browser.current_url
    wait(browser, lambda d: d.execute_script("return document.documentElement.lang") == "zh-Hans",
         message="the pane lost the URL's language")


def test_a_panes_back_control_says_its_parent_in_the_page_language(browser, bundle_server):
    open_table(browser, bundle_server, "tides", "?lang=zh-Hans")
    open_row(browser, "港口")  # Harbours, in the root page's strings
    open_row(browser, "高级")  # Advanced, in the Harbours pane's strings
    back_control = browser.find_element(By.CSS_SELECTOR, "[data-action=back]")
    assert (back_control.get_attribute("aria-label") or back_control.text) == "港口"


def test_the_page_speaks_any_language_the_bundle_has_and_keeps_it_in_a_pane(browser, bundle_server):
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {"Accept-Language": "de-DE,de;q=0.9"}})
    try:
        open_table(browser, bundle_server, "tides")
        wait(browser, lambda d: row_named(d, "Hochwasser-Hinweise") is not None, message="no German row")
        assert browser.execute_script("return document.documentElement.lang") == "de"
        assert row_named(browser, "Server") is not None, "an untranslated title shows the development language"
        open_row(browser, "Häfen")
        assert row_named(browser, "Harbour") is not None, "the pane's own table has no German: English"
    finally:
        browser.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {}})


@pytest.mark.parametrize("width", [360, 1280])
def test_screenshots_of_the_sample_bundle(browser, server, width):
    at_width(browser, width, 1100 if width == 360 else 900)
    try:
        open_table(browser, server, "settings-bundle")
        animations_done(browser)
        screenshot(browser, f"settings-bundle-{width}")
        open_table(browser, server, "settings-bundle", "?lang=zh-Hans")
        animations_done(browser)
        screenshot(browser, f"settings-bundle-zh-{width}")
    finally:
        at_width(browser, 480)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious_on_the_bundle_and_its_panes(browser, bundle_server, scheme):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                            {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    try:
        open_table(browser, bundle_server, "tides")
        pages = [("root", None), ("choices", "Alert Time"), ("pane", "Harbours")]
        for name, row in pages:
            if row:
                open_table(browser, bundle_server, "tides")
                open_row(browser, row)
            found = axe_violations(browser)
            assert not found, f"{name}: {json.dumps(found)}"
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


TRIAL_PAGE = {"PreferenceSpecifiers": [
    {"Type": "PSGroupSpecifier", "Title": "Gauges",
     "FooterText": "Tides are read from the harbour's own gauge every hour."},
    {"Type": "PSToggleSwitchSpecifier", "Title": "Live", "Key": "live", "DefaultValue": True},
    {"Type": "PSGroupSpecifier", "Title": "More"},
    {"Type": "PSChildPaneSpecifier", "Title": "Western Approaches", "File": "HarboursOfTheWesternApproaches"},
    {"Type": "PSSliderSpecifier", "Key": "scale", "DefaultValue": 0.5, "MinimumValue": 0, "MaximumValue": 1},
    {"Type": "PSGroupSpecifier", "Title": "Gauges of the harbours along the western approaches"},
    {"Type": "PSToggleSwitchSpecifier", "Title": "Chart datum", "Key": "datum", "DefaultValue": False},
]}


# text fields whose titles are longer than their values, as a translated bundle has them
FIELDS_PAGE = {"PreferenceSpecifiers": [
    {"Type": "PSGroupSpecifier", "Title": "Compte"},
    {"Type": "PSTextFieldSpecifier", "Title": "Nom d'utilisateur", "Key": "user"},
    {"Type": "PSTextFieldSpecifier", "Title": "Mot de passe du compte", "Key": "pass", "DefaultValue": "ab"},
]}


@pytest.fixture(scope="module")
def trial_server():
    """A server with the sample bundle as `tides`, a page PUT alone (its pane missing) as `trial`, and a page of
    text fields with long titles as `fields`, and a page with no specifiers as `blank`."""
    import plistlib
    running = Server(["--import", f"tides={BUNDLE}"])
    for name, page in [("trial", TRIAL_PAGE), ("fields", FIELDS_PAGE), ("blank", {"PreferenceSpecifiers": []})]:
        request = urllib.request.Request(f"{running.url}/api/datasets/{name}", data=plistlib.dumps(page), method="PUT")
        assert urllib.request.urlopen(request).status == 201
    yield running
    running.stop()


def boxes(driver, selector):
    return driver.execute_script("""return [...document.querySelectorAll(arguments[0])].map(e => {
        const b = e.getBoundingClientRect(), t = e.querySelector('span, .t2') ?? e, s = t.getBoundingClientRect();
        return {top: b.top, bottom: b.bottom, height: b.height, textHeight: s.height, text: e.textContent.trim()};
    })""", selector)


@pytest.mark.parametrize("width,lines", [(1280, 1), (360, 2)])
def test_a_footer_is_as_tall_as_the_lines_it_shows_at_any_width(browser, trial_server, width, lines):
    """Footer heights are estimated for a 320 px table: at 1280 a footer of two estimated lines shows one, and
    must not keep the second as a 16 px gap; the next section's header follows at once."""
    at_width(browser, width)
    open_table(browser, trial_server, "trial")
    animations_done(browser)
    footer = [f for f in boxes(browser, "[data-role=section-footer]") if f["text"].startswith("Tides")][0]
    assert round(footer["textHeight"] / 16) == lines, footer
    assert abs(footer["height"] - (22 + 16 * lines)) < 1, f"the footer is {footer['height']} px for {lines} line(s)"
    header = [h for h in boxes(browser, "[data-cell=header]") if h["text"] == "More"][0]
    assert abs(header["top"] - footer["bottom"]) < 1, (footer, header)


@pytest.mark.parametrize("width,lines", [(1280, 1), (360, 2)])
def test_a_header_is_as_tall_as_the_lines_it_shows_at_any_width(browser, trial_server, width, lines):
    """The same for a header: estimated at two lines of a 320 px table, at 1280 it shows one, and the second was
    a 16 px gap above its title; its first row follows it at once."""
    at_width(browser, width)
    open_table(browser, trial_server, "trial")
    animations_done(browser)
    header = [h for h in boxes(browser, "[data-cell=header]") if h["text"].lower().startswith("gauges of")][0]
    assert round(header["textHeight"] / 16) == lines, header
    assert abs(header["height"] - (22 + 16 * lines)) < 1, f"the header is {header['height']} px for {lines} line(s)"
    row = [r for r in boxes(browser, "[data-row-id]") if r["text"].startswith("Chart datum")][0]
    assert abs(row["top"] - header["bottom"]) < 1, (header, row)


def test_a_slider_without_a_title_or_images_is_named_slider(browser, trial_server):
    open_table(browser, trial_server, "trial")
    slider = browser.find_element(By.CSS_SELECTOR, "input[type=range]")
    assert slider.get_attribute("aria-label") == "Slider"
    assert browser.execute_script("return arguments[0].computedName ?? arguments[0].ariaLabel", slider) == "Slider"


def test_a_missing_pane_note_wraps_at_360_rather_than_being_cut(browser, trial_server):
    at_width(browser, 360)
    open_table(browser, trial_server, "trial")
    animations_done(browser)
    note = browser.execute_script("""const t = [...document.querySelectorAll('.t2')].find(e => e.textContent.includes('missing'));
        const r = t.closest('[role=row]').getBoundingClientRect(), b = t.getBoundingClientRect();
        return {scroll: t.scrollWidth, client: t.clientWidth, height: b.height, bottom: b.bottom, row: r.bottom};""")
    assert note["scroll"] <= note["client"], f"the note is cut: {note}"
    assert note["height"] > 20 and note["bottom"] <= note["row"] + 0.5, f"the note does not wrap inside its row: {note}"


def test_space_on_a_focused_switch_row_flips_it(browser, trial_server):
    open_table(browser, trial_server, "tides")
    row = row_named(browser, "High Water Alerts")
    browser.execute_script("arguments[0].focus()", row)
    top = browser.execute_script("return document.querySelector('[data-role=scroller]').scrollTop")
    row.send_keys(Keys.SPACE)
    wait(browser, lambda d: defaults(trial_server)["alerts_enabled"] is False, message="Space did not flip the switch")
    assert row_named(browser, "High Water Alerts").find_element(By.CSS_SELECTOR, "[role=switch]").get_attribute("aria-checked") == "false"
    assert browser.execute_script("return document.querySelector('[data-role=scroller]').scrollTop") == top, "Space scrolled"
    browser.switch_to.active_element.send_keys(Keys.SPACE)
    wait(browser, lambda d: defaults(trial_server)["alerts_enabled"] is True, message="Space did not flip it back")


def test_enter_takes_the_keyboard_into_a_slider_whose_arrows_move_its_value(browser, trial_server):
    open_table(browser, trial_server, "tides")
    slider = browser.find_element(By.CSS_SELECTOR, "input[type=range]")
    row = browser.execute_script("return arguments[0].closest('[role=row]')", slider)
    assert slider.get_attribute("aria-label") == "text small – text large", "named by its images, not by its key"
    browser.execute_script("arguments[0].focus()", row)
    row.send_keys(Keys.ENTER)
    assert browser.switch_to.active_element == slider
    before = float(slider.get_attribute("value"))
    for key in (Keys.ARROW_RIGHT, Keys.ARROW_UP, Keys.ARROW_RIGHT, Keys.ARROW_DOWN, Keys.ARROW_RIGHT):
        browser.switch_to.active_element.send_keys(key)
        assert browser.switch_to.active_element == slider, f"{key!r} moved the focus off the slider"
    value = float(slider.get_attribute("value"))
    assert value > before, "the arrows did not move the value"
    low, high = float(slider.get_attribute("min")), float(slider.get_attribute("max"))
    # A tenth of the range a press, as VoiceOver moves a UISlider; with Shift a hundredth.
    assert abs(value - min(high, before + 3 * 0.1 * (high - low))) < 1e-9, (before, value, low, high)  # three up, one down
    browser.switch_to.active_element.send_keys(Keys.HOME)
    home = float(slider.get_attribute("value"))
    browser.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    assert abs(float(slider.get_attribute("value")) - (home + 0.1 * (high - low))) < 1e-9
    browser.switch_to.active_element.send_keys(Keys.SHIFT + Keys.ARROW_LEFT)
    value = float(slider.get_attribute("value"))
    assert abs(value - (home + 0.09 * (high - low))) < 1e-9, value
    slider.send_keys(Keys.ENTER)  # the keys let it go
    wait(browser, lambda d: abs(defaults(trial_server)["text_scale"] - value) < 1e-9,
         message="the value the arrows set was not saved")
    assert browser.switch_to.active_element.get_attribute("role") == "row"


def test_the_arrows_stop_on_a_slider_row_with_no_title(browser, trial_server):
    """A slider's row has no text (the Settings app draws no title), but it is a row the keyboard reaches: Down
    from the row above it lands on it, and Enter goes into the slider."""
    open_table(browser, trial_server, "trial")
    slider = browser.find_element(By.CSS_SELECTOR, "input[type=range]")
    row = browser.execute_script("return arguments[0].closest('[role=row]')", slider)
    above = browser.execute_script("""const rows = [...document.querySelectorAll('.layer > [role=row]')].filter(e => !e.hidden)
        .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
      return rows[rows.indexOf(arguments[0]) - 1]""", row)
    browser.execute_script("arguments[0].focus()", above)
    browser.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    assert browser.switch_to.active_element == row, "Down skipped the slider's row"
    row.send_keys(Keys.ENTER)
    assert browser.switch_to.active_element == slider


def test_a_text_fields_title_keeps_its_width_at_360_and_the_field_takes_the_rest(browser, trial_server):
    """As the Settings app lays a text field's row out: an empty or short field does not cut its title."""
    at_width(browser, 360)
    open_table(browser, trial_server, "fields")
    animations_done(browser)
    found = browser.execute_script("""return [...document.querySelectorAll('[data-accessory=textField]')].map(r => {
        const t = r.querySelector('.t1'), f = r.querySelector('input').getBoundingClientRect(),
              c = r.querySelector('.rc').getBoundingClientRect();
        return {text: t.textContent, scroll: t.scrollWidth, client: t.clientWidth, field: f.width,
                right: c.right - f.right, after: f.left - t.getBoundingClientRect().right};
    })""")
    assert len(found) == 2, found
    for row in found:
        assert row["scroll"] <= row["client"], f"the title is cut: {row}"
        assert row["field"] > 40 and row["right"] <= 16.5 and row["after"] >= 0, f"the field does not take the rest: {row}"


def test_a_click_anywhere_on_a_text_field_row_edits_its_field(browser, trial_server):
    """As a tap on a Settings text field's row, its title or the space beside it, starts editing its field."""
    at_width(browser, 360)
    open_table(browser, trial_server, "fields")
    animations_done(browser)
    for text in ["Nom d'utilisateur", "Mot de passe du compte"]:
        row_named(browser, text).find_element(By.CSS_SELECTOR, ".t1").click()
        wait(browser, lambda d: d.switch_to.active_element.get_attribute("data-action") == "text",
             message=f"a click on {text}'s title did not edit its field")
        active = browser.switch_to.active_element
        assert active.find_element(By.XPATH, "ancestor::*[@role='row']").get_attribute("data-row-id") == \
            row_named(browser, text).get_attribute("data-row-id")
        assert browser.execute_script("return arguments[0].selectionStart", active) == len(active.get_attribute("value"))


@pytest.mark.parametrize("lang,text", [("en", "No Settings"), ("zh-Hans", "无设置")])
def test_a_bundle_without_settings_says_so_as_an_empty_list_does(browser, trial_server, lang, text):
    browser.get(f"{trial_server.url}/d/blank?lang={lang}")
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "#empty").is_displayed(), message="the empty page says nothing")
    assert browser.find_element(By.CSS_SELECTOR, "#empty").text == text


FOCUS_LOOK = """const f = document.activeElement, s = getComputedStyle(f), row = f.closest('[role=row]'),
    ring = getComputedStyle(row, '::after').boxShadow, tint = getComputedStyle(row).getPropertyValue('--tint').trim();
    return {field: f.dataset.action, outline: s.outlineStyle === 'none' || parseFloat(s.outlineWidth) === 0,
            shadow: s.boxShadow, caret: s.caretColor, ring: ring !== 'none' && ring.includes('inset'), tint};"""


def test_a_focused_text_field_has_no_box_but_a_tinted_caret_and_the_keyboard_sees_its_row(browser, trial_server):
    """As a UITextField being edited: no box around it, the caret in the tint; reached by the keyboard (Enter on
    its row), the row keeps its focus ring, so that the focus stays visible."""
    open_table(browser, trial_server, "fields")
    animations_done(browser)
    row_named(browser, "Nom d'utilisateur").find_element(By.CSS_SELECTOR, "input").click()
    clicked = browser.execute_script(FOCUS_LOOK)
    assert clicked["field"] == "text" and clicked["outline"] and clicked["shadow"] == "none", f"a box: {clicked}"
    assert not clicked["ring"], f"a clicked field's row is ringed: {clicked}"
    browser.find_element(By.CSS_SELECTOR, "[role=row] input").send_keys(Keys.ESCAPE)
    row = row_named(browser, "Mot de passe du compte")
    browser.execute_script("arguments[0].focus()", row)
    row.send_keys(Keys.ENTER)
    keyed = browser.execute_script(FOCUS_LOOK)
    assert keyed["field"] == "text" and keyed["outline"] and keyed["ring"], f"no visible keyboard focus: {keyed}"
    rgb = browser.execute_script("const e = document.createElement('i'); e.style.color = arguments[0]; "
                                 "document.body.append(e); const c = getComputedStyle(e).color; e.remove(); return c",
                                 keyed["tint"])
    assert keyed["caret"] == rgb, f"the caret is not in the tint: {keyed}"
