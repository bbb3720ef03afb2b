"""Text as UIKit lays it out: a header too long for one line ends in an ellipsis in plain and grouped lists
(the friends' count stays in view), wraps in a table document as titleForHeaderInSection does, and in a value1
row the detail gives way before the label."""
import json

import pytest
from selenium.webdriver.common.by import By

from conftest import Server, at_width, open_table

LONG = "A header that keeps going well past the width of any phone screen " * 6


@pytest.fixture(scope="module")
def text_files_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("text")
    (folder / "doc.json").write_text(json.dumps({"table": {"style": "grouped", "sections": [
        {"header": LONG, "rows": [{"text": "Model Name", "detail": "A detail long enough to fill the row twice over", "style": "value1"}]},
        {"header": "Short", "rows": [{"text": "Row"}]}]}}))
    (folder / "cities.json").write_text(json.dumps([{"name": LONG, "cities": ["One", "Two"]}, {"name": "B", "cities": ["Three"]}]))
    (folder / "groups.json").write_text(json.dumps([{"name": LONG, "online": 1, "friends": [
        {"name": "Friend", "icon": "a.png", "intro": "Hello", "vip": 1}]}]))
    running = Server([arg for name in ("doc", "cities", "groups") for arg in ("--import", str(folder / f"{name}.json"))])
    yield running
    running.stop()


def geometry(driver, selector):
    return driver.execute_script("""
        const e = document.querySelector(arguments[0]), b = e.getBoundingClientRect(), s = getComputedStyle(e);
        const header = e.closest('[data-cell=header]').getBoundingClientRect();
        return {right: b.right, bottom: b.bottom, headerRight: header.right, headerBottom: header.bottom,
                clipped: e.scrollWidth > e.clientWidth, overflow: s.textOverflow, lines: Math.round(b.height / parseFloat(s.lineHeight))}""",
        selector)


@pytest.mark.parametrize("dataset", ("cities", "groups"))
def test_a_long_header_ends_in_an_ellipsis_inside_its_header(browser, text_files_server, dataset):
    at_width(browser, 360)
    try:
        open_table(browser, text_files_server, dataset)
        title = geometry(browser, "[data-cell=header] .ht")
        assert title["clipped"] and title["overflow"] == "ellipsis", title
        assert title["right"] <= title["headerRight"] + 0.5, f"the title runs past its header: {title}"
        if dataset == "groups":
            count = browser.find_element(By.CSS_SELECTOR, "[data-cell=header] .hn")
            right = browser.execute_script("return arguments[0].getBoundingClientRect().right", count)
            assert count.text == "1 / 1" and right <= 360, "the group's count is pushed out of view"
    finally:
        at_width(browser, 480)


def test_a_table_documents_long_header_wraps_within_its_height(browser, text_files_server):
    at_width(browser, 360)
    try:
        open_table(browser, text_files_server, "doc")
        title = geometry(browser, "[data-cell=header] .ht")
        assert title["lines"] >= 5 and not title["clipped"], title
        assert title["bottom"] <= title["headerBottom"] + 0.5, f"the header's text spills out: {title}"
    finally:
        at_width(browser, 480)


def test_a_value1_detail_gives_way_before_its_label(browser, text_files_server):
    at_width(browser, 360)
    try:
        open_table(browser, text_files_server, "doc")
        label, detail = browser.execute_script("""
            const row = document.querySelector('[role=row] .v1');
            return [row.querySelector('.t1'), row.querySelector('.dt')].map(e => e.scrollWidth > e.clientWidth)""")
        assert not label and detail, f"label clipped: {label}, detail clipped: {detail}"
    finally:
        at_width(browser, 480)


def test_a_search_highlight_in_a_vip_name_keeps_the_red(browser, server):
    open_table(browser, server, "friends", "?expanded=all")
    vip = browser.find_element(By.CSS_SELECTOR, "[role=row] .vip")
    word = vip.text.split()[0][:3]
    open_table(browser, server, "friends", f"?q={word}")
    mark = browser.find_element(By.CSS_SELECTOR, ".vip mark")
    colours = browser.execute_script("return [getComputedStyle(arguments[0]).color, getComputedStyle(arguments[0].closest('.vip')).color]", mark)
    assert colours[0] == colours[1], f"the highlighted part of a VIP name is {colours[0]}, the rest {colours[1]}"
