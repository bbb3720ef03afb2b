"""A Settings bundle's slider images in the browser: MinimumValueImage and MaximumValueImage found in the bundle
folder are drawn on both sides of the slider at their size in points (the @2x/@3x variant for the screen), an
image that is not in the bundle draws nothing, and the whole bundle downloads as one .zip."""
import io
import os
import urllib.request
import zipfile

import pytest
from selenium.webdriver.common.by import By

from conftest import ROOT, Server, animations_done, axe_violations, open_table, wait

BUNDLE = os.path.join(ROOT, "Tests", "ModelsTests", "Fixtures", "SettingsBundles", "Chimes", "Settings.bundle")


@pytest.fixture(scope="module")
def chimes_server():
    running = Server(["--import", f"chimes={BUNDLE}"])
    yield running
    running.stop()


def slider_rows(driver):
    """Each slider row's slider and its end images: their boxes, and whether each image has drawn."""
    return driver.execute_script("""
        const box = e => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right,
            top: r.top, bottom: r.bottom, width: r.width, height: r.height}; };
        return [...document.querySelectorAll('[data-row-id]:not([hidden]) input[type=range]')].map(slider => {
            const row = slider.closest('[data-row-id]');
            const image = end => { const img = row.querySelector(`img.si[data-end=${end}]`);
                return img && {box: box(img), drawn: img.complete && img.naturalWidth > 0}; };
            return {slider: box(slider), min: image('min'), max: image('max'),
                    key: slider.getAttribute('aria-label')};
        });""")


def images_drawn(driver, count):
    found = slider_rows(driver)
    drawn = [end for row in found for end in (row["min"], row["max"]) if end and end["drawn"]]
    return found if len(drawn) == count else None


def beside(image, slider, side):
    """Whether an image sits on one side of the slider, its middle on the slider's line."""
    middle = (image["top"] + image["bottom"]) / 2
    on_line = slider["top"] <= middle <= slider["bottom"]
    return on_line and (image["right"] <= slider["left"] + 1 if side == "min" else image["left"] >= slider["right"] - 1)


def test_slider_images_are_drawn_on_both_sides_at_their_size_in_points(browser, chimes_server):
    open_table(browser, chimes_server, "chimes")
    found = wait(browser, lambda d: images_drawn(d, 3), message="the three slider images did not draw")
    volume, balance = found[0], found[1]
    assert beside(volume["min"]["box"], volume["slider"], "min"), volume
    assert beside(volume["max"]["box"], volume["slider"], "max"), volume
    # quiet.png is 21 px with a 42 px @2x, loud.png 21 px with a 63 px @3x: 21 points either way.
    assert round(volume["min"]["box"]["width"]) == 21 and round(volume["max"]["box"]["width"]) == 21
    # The GIF in the bundle's Images folder draws; right.png is not in the bundle and draws nothing.
    assert balance["min"] and beside(balance["min"]["box"], balance["slider"], "min")
    assert balance["max"] is None
    assert not browser.find_elements(By.CSS_SELECTOR, "img.si:not([srcset])")


def test_a_pane_slider_with_only_its_2x_image_draws_it_at_half_its_pixels(browser, chimes_server):
    open_table(browser, chimes_server, "chimes")
    wait(browser, lambda d: d.find_elements(By.XPATH, "//*[contains(@class,'t1')][normalize-space()='Advanced']"),
         message="no Advanced row")
    browser.find_element(By.XPATH, "//*[contains(@class,'t1')][normalize-space()='Advanced']").click()
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "[data-role=title]").text == "Advanced",
         message="Advanced did not open")
    animations_done(browser)
    found = wait(browser, lambda d: images_drawn(d, 1), message="the tempo slider's image did not draw")
    tempo = found[0]
    assert beside(tempo["min"]["box"], tempo["slider"], "min") and tempo["max"] is None
    assert round(tempo["min"]["box"]["width"]) == 21, "quiet@2x.png is 42 px, so 21 points"


def test_the_page_with_slider_images_is_axe_clean(browser, chimes_server):
    open_table(browser, chimes_server, "chimes")
    wait(browser, lambda d: images_drawn(d, 3), message="the slider images did not draw")
    found = axe_violations(browser)
    assert not found, found


def test_the_whole_bundle_downloads_as_one_zip(chimes_server):
    with urllib.request.urlopen(f"{chimes_server.url}/api/datasets/chimes/export?format=bundle") as response:
        assert response.headers["Content-Type"] == "application/zip"
        assert response.headers["Content-Disposition"] == 'attachment; filename="Settings.bundle.zip"'
        archive = zipfile.ZipFile(io.BytesIO(response.read()))
    assert archive.testzip() is None
    names = set(archive.namelist())
    assert {"Settings.bundle/Root.plist", "Settings.bundle/Advanced.plist", "Settings.bundle/Notes.plist",
            "Settings.bundle/en.lproj/Root.strings", "Settings.bundle/zh-Hans.lproj/Advanced.strings",
            "Settings.bundle/quiet@2x.png"} <= names
    with open(os.path.join(BUNDLE, "loud@3x.png"), "rb") as original:
        assert archive.read("Settings.bundle/loud@3x.png") == original.read()
