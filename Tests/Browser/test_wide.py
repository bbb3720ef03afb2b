"""Wide screens and edit mode as iPadOS lays them out: plain lists full width on white with their content in the
readable width (cellLayoutMarginsFollowReadableWidth), grouped ones edge to edge on grey with square corners,
inset grouped ones centred cards on grey, the section index beside the rows (the cards' trailing margin makes room for it), at least 44 px tall and scrubbed by a drag;
separators that follow the content in edit mode and a background on selected rows."""
import json
import os
import tempfile

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import Server, animations_done, at_width, open_table, rows, screenshot, wait


@pytest.fixture(scope="module")
def wide_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("wide")
    sections = [{"header": f"{letter} section", "indexTitle": letter,
                 "rows": [{"text": f"{letter} row {index}"} for index in range(6)]} for letter in "ABCDEFGH"]
    (folder / "abc.json").write_text(json.dumps({"table": {"style": "insetGrouped", "sections": sections}}))
    (folder / "todo.json").write_text(json.dumps([{"title": f"Task {index}", "subtitle": "Soon"} for index in range(8)]))
    (folder / "edges.json").write_text(json.dumps({"table": {"style": "grouped", "sections": [
        {"header": f"Group {group}", "rows": [{"text": f"Item {group}.{index}"} for index in range(3)]} for group in range(4)]}}))
    running = Server(["--import", str(folder / "abc.json"), "--import", str(folder / "todo.json"),
                      "--import", str(folder / "edges.json")])
    yield running
    running.stop()


def box(driver, element):
    return driver.execute_script("const b = arguments[0].getBoundingClientRect();"
                                 "return {l: b.left, r: b.right, t: b.top, b: b.bottom, h: b.height}", element)


def scroller_box(driver):
    return driver.execute_script("const s = document.querySelector('[data-role=scroller]'), b = s.getBoundingClientRect();"
                                 "return {l: b.left, r: b.left + s.clientWidth, bg: getComputedStyle(s).backgroundColor}")


@pytest.fixture
def wide(browser):
    at_width(browser, 1280)
    yield browser
    at_width(browser, 480)


def test_a_plain_list_is_full_width_on_white_at_1280(wide, wide_server):
    open_table(wide, wide_server, "todo")
    area, row = scroller_box(wide), box(wide, rows(wide)[0])
    assert row["l"] - area["l"] <= 1 and area["r"] - row["r"] <= 1, (row, area)
    assert area["bg"] == "rgb(255, 255, 255)", "a plain list's background is not the cells'"


def content_margins(driver, row):
    """The left and right padding of a row's content, and where its separator starts, from the row's left."""
    return driver.execute_script("""
        const rc = arguments[0].querySelector('.rc'), style = getComputedStyle(rc), line = getComputedStyle(rc, '::after');
        return [parseFloat(style.paddingLeft), parseFloat(style.paddingRight), parseFloat(line.left),
                arguments[0].querySelector('.tx').getBoundingClientRect().left - rc.getBoundingClientRect().left,
                parseFloat(line.right)]""", row)


@pytest.mark.parametrize("width, margin", ((1280, (1280 - 672) / 2), (768, (768 - 672) / 2), (480, 16)))
def test_a_plain_lists_content_keeps_to_the_readable_width_and_its_separators_follow(browser, wide_server, width, margin):
    at_width(browser, width)
    try:
        open_table(browser, wide_server, "todo")
        row = rows(browser)[0]
        left, right, separator, text, separator_end = content_margins(browser, row)
        assert abs(left - margin) <= 1 and abs(right - margin) <= 1, (left, right, margin)
        assert abs(separator - text) <= 1, f"the separator starts at {separator} px, the text at {text} px"
        # It ends with the column, as it starts with it (at the screen's edge on a phone).
        assert abs(separator_end - (margin - 16)) <= 1, f"the separator ends {separator_end} px from the right, the column {margin}"
        header = browser.execute_script("return document.querySelector('.hc') && getComputedStyle(document.querySelector('.hc')).paddingLeft")
        assert header is None or abs(float(header[:-2]) - margin) <= 1
    finally:
        at_width(browser, 480)


@pytest.mark.parametrize("width, margin", ((1280, (1280 - 672) / 2), (480, 16)))
def test_a_focused_rows_ring_keeps_to_the_readable_column(browser, wide_server, width, margin):
    """The ring of a row focused by the keyboard spanned the whole window at 1,280 px, the rows' text a 672 px
    column in its middle; it now stands where the column's separators end (the screen's edges on a phone)."""
    at_width(browser, width)
    try:
        open_table(browser, wide_server, "todo")
        row = rows(browser)[1]
        # A key first: the focus shows as the keyboard's, whatever a test before this one did with the mouse.
        ActionChains(browser).send_keys(Keys.SHIFT).perform()
        browser.execute_script("arguments[0].focus({focusVisible: true})", row)
        wait(browser, lambda d: d.execute_script("return arguments[0].matches(':focus-visible')", row),
             message="the row shows no focus")
        ring = browser.execute_script(
            "const s = getComputedStyle(arguments[0], '::after'); return [parseFloat(s.left), parseFloat(s.right), s.boxShadow]", row)
        assert "inset" in ring[2], ring
        assert abs(ring[0] - (margin - 16)) <= 1 and abs(ring[1] - (margin - 16)) <= 1, ring
    finally:
        at_width(browser, 480)


@pytest.mark.parametrize("width", (360, 768, 1280))
def test_a_grouped_list_runs_edge_to_edge_and_an_inset_grouped_one_is_cards(browser, wide_server, width):
    """UITableView.Style.grouped: cells the full width with square corners, the content in the readable width;
    .insetGrouped: rounded cards with margins on both sides."""
    at_width(browser, width)
    try:
        open_table(browser, wide_server, "edges")
        area, first = scroller_box(browser), rows(browser)[0]
        row = box(browser, first)
        assert row["l"] - area["l"] <= 1 and area["r"] - row["r"] <= 1, f"a grouped row at {row} in {area}"
        radius = browser.execute_script("return getComputedStyle(arguments[0]).borderTopLeftRadius", first)
        assert radius == "0px", f"a grouped section's first row has rounded corners ({radius})"
        left, right, _, _, _ = content_margins(browser, first)
        readable = max(16, (width - 672) / 2)
        assert abs(left - readable) <= 1 and abs(right - readable) <= 1, (left, right, readable)
        open_table(browser, wide_server, "abc")
        card, first = box(browser, rows(browser)[0]), rows(browser)[0]
        assert card["l"] - area["l"] >= 16 and area["r"] - card["r"] >= 16, f"an inset card at {card} in {area}"
        assert browser.execute_script("return getComputedStyle(arguments[0]).borderTopLeftRadius", first) == "10px"
    finally:
        at_width(browser, 480)


def test_an_inset_grouped_list_is_centred_with_its_index_at_the_screens_edge(wide, wide_server):
    open_table(wide, wide_server, "abc")
    area, card = scroller_box(wide), box(wide, rows(wide)[0])
    assert abs((card["l"] - area["l"]) - (area["r"] - card["r"])) <= 2, f"not centred: {card} in {area}"
    assert card["r"] - card["l"] <= 800
    index = wide.find_element(By.CSS_SELECTOR, "[data-role=index]")
    # The index loads with the page's later modules, which place it.
    wait(wide, lambda d: 0 <= area["r"] - box(d, index)["r"] <= 4, message="the index bar is not at the list's edge")
    bar = box(wide, index)
    assert bar["l"] >= card["r"], f"the index bar covers the cards: {bar} beside {card}"
    assert bar["h"] >= 44


@pytest.mark.parametrize("width", (360, 768))
def test_inset_cards_keep_their_leading_margin_and_end_before_the_index(browser, wide_server, width):
    """UIKit makes room for the index on the trailing side only (test_index.py measures it in both directions)."""
    at_width(browser, width)
    try:
        open_table(browser, wide_server, "abc")
        index = browser.find_element(By.CSS_SELECTOR, "[data-role=index]")
        wait(browser, lambda d: box(d, rows(d)[0])["r"] <= box(d, index)["l"] - 8, message="the cards reach the index")
        area, card = scroller_box(browser), box(browser, rows(browser)[0])
        assert abs((card["l"] - area["l"]) - max(16, (area["r"] - area["l"] - 760) / 2 + 16)) <= 1, f"a leading margin of {card['l'] - area['l']}"
    finally:
        at_width(browser, 480)


def test_dragging_along_the_index_scrubs_through_the_sections(browser, wide_server):
    open_table(browser, wide_server, "abc")
    links = browser.find_elements(By.CSS_SELECTOR, "[data-role=index] a")
    first, last = box(browser, links[0]), box(browser, links[-1])
    chain = ActionChains(browser).move_to_element(links[0]).click_and_hold()
    steps = 8
    for _ in range(steps):
        chain = chain.move_by_offset(0, int((last["t"] + last["h"] / 2 - first["t"] - first["h"] / 2) / steps))
    chain.release().perform()
    header = lambda: next((h for h in browser.find_elements(By.CSS_SELECTOR, "[data-section-id][data-cell=header]")
                           if h.is_displayed() and box(browser, h)["b"] > box(browser, browser.find_element(By.CSS_SELECTOR, "[data-role=scroller]"))["t"] + 1), None)
    wait(browser, lambda d: header() is not None and header().text.startswith(("G", "H")),
         message="the drag did not scrub to the last sections")


@pytest.mark.parametrize("width", (480, 1280))
def test_edit_mode_separators_follow_the_content_and_selected_rows_have_a_background(browser, wide_server, server, width):
    at_width(browser, width)
    try:
        edit_mode_separators_and_selection(browser, wide_server, server)
    finally:
        at_width(browser, 480)


def edit_mode_separators_and_selection(browser, wide_server, server):
    open_table(browser, wide_server, "todo")
    row = rows(browser)[0]
    before = browser.execute_script("return parseFloat(getComputedStyle(arguments[0].querySelector('.rc'), '::after').left)", row)
    browser.find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".editing"))
    animations_done(browser)
    after = browser.execute_script("return parseFloat(getComputedStyle(arguments[0].querySelector('.rc'), '::after').left)", row)
    text_left = box(browser, row.find_element(By.CSS_SELECTOR, ".t1"))["l"] - box(browser, row)["l"]
    assert after - before >= 30 and abs(after - text_left) <= 2, f"separator at {before} → {after}, text at {text_left}"
    browser.find_element(By.CSS_SELECTOR, "[data-action=done]").click()
    open_table(browser, server, "messages")
    browser.find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
    target = rows(browser)[2]
    target.click()
    wait(browser, lambda d: target.get_attribute("aria-selected") == "true")
    background = browser.execute_script("return getComputedStyle(arguments[0].querySelector('.rc')).backgroundColor", target)
    assert background not in ("rgb(255, 255, 255)", "rgba(0, 0, 0, 0)"), "a selected row has no background"
    # Manage mode's separators start under the text too, in the readable column of a wide page.
    separator = browser.execute_script("return parseFloat(getComputedStyle(arguments[0].querySelector('.rc'), '::after').left)", target)
    text_left = box(browser, target.find_element(By.CSS_SELECTOR, ".t1"))["l"] - box(browser, target)["l"]
    assert abs(separator - text_left) <= 2, f"Manage mode's separator starts at {separator} px, the text at {text_left} px"
    browser.find_element(By.CSS_SELECTOR, "[data-action=done]").click()


@pytest.fixture(scope="module")
def styles_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("styles")
    sections = [{"header": f"Section {n}", "footer": "A footer under the section." if n == 1 else "",
                 "rows": [{"text": f"Row {n}.{i}", "detail": "Detail", "style": "value1", "accessory": "disclosureIndicator"}
                          for i in range(3)]} for n in range(3)]
    for style in ("plain", "grouped", "insetGrouped"):
        (folder / f"{style.lower()}.json").write_text(json.dumps({"table": {"style": style, "sections": sections}}))
    running = Server([arg for style in ("plain", "grouped", "insetgrouped") for arg in ("--import", str(folder / f"{style}.json"))])
    yield running
    running.stop()


@pytest.mark.parametrize("width", (360, 768, 1280))
@pytest.mark.parametrize("style", ("plain", "grouped", "insetgrouped"))
def test_each_style_at_each_width(browser, styles_server, style, width):
    """The three UITableView styles side by side, for the eye (docs/screenshots/style-*), with the geometry that
    tells them apart: plain and grouped rows the full width, inset grouped rows cards within margins."""
    at_width(browser, width, 700)
    try:
        open_table(browser, styles_server, style)
        area, row = scroller_box(browser), box(browser, rows(browser)[0])
        full = row["l"] - area["l"] <= 1 and area["r"] - row["r"] <= 1
        assert full == (style != "insetgrouped"), f"{style} at {width}: row {row} in {area}"
        screenshot(browser, f"style-{style}-{width}")
    finally:
        at_width(browser, 480)


@pytest.fixture(scope="module")
def actions_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("actions")
    arguments = []
    for style in ("plain", "grouped", "insetGrouped"):
        rows_of = [{"text": f"{style} row {index}", "editingStyle": "delete",
                    "trailingActions": [{"title": "Delete", "style": "destructive", "delete": True},
                                        {"title": "Flag", "update": {"detail": "Flagged"}}],
                    "leadingActions": [{"title": "Pin", "moveTo": "top"}]} for index in range(5)]
        (folder / f"{style.lower()}.json").write_text(json.dumps({"table": {"style": style, "sections": [{"rows": rows_of}]}}))
        arguments += ["--import", str(folder / f"{style.lower()}.json")]
    running = Server(arguments)
    yield running
    running.stop()


def swipe_open(driver, row, side):
    """Swipes a row's content 150 px towards its trailing (`t`) or leading (`l`) buttons, from inside its column,
    and waits until its buttons are open and still."""
    content = row.find_element(By.CSS_SELECTOR, ".rc")
    start, step = (0.25, -30) if side == "t" else (-0.25, 30)
    chain = ActionChains(driver).move_to_element_with_offset(content, int(content.rect["width"] * start), 0).click_and_hold()
    for _ in range(5):
        chain = chain.move_by_offset(step, 0)
    chain.release().perform()
    wait(driver, lambda d: row.get_attribute("data-open") == side, message=f"the swipe did not open the row's {side} side")
    animations_done(driver)


@pytest.mark.parametrize("width", (360, 768, 1280))
@pytest.mark.parametrize("style", ("plain", "grouped", "insetgrouped"))
def test_a_swiped_rows_buttons_stand_at_the_ends_of_its_readable_column(browser, actions_server, style, width):
    """At 1280 a plain or grouped row keeps its content to a readable column in the middle of the screen (as its
    separator does): the buttons a swipe reveals stand at that column's end (its start for the leading ones), next
    to the text they act on, not at the screen's edge; on a phone the column is the screen. The buttons are seen
    whole, the row's text slides clear of them, and beside them the row keeps its cell colour."""
    at_width(browser, width)
    try:
        open_table(browser, actions_server, style)
        for side in ("t", "l"):
            row = rows(browser)[1]
            swipe_open(browser, row, side)
            found = browser.execute_script("""
                const row = arguments[0], side = arguments[1], rc = row.querySelector('.rc');
                const group = row.querySelector(side === 't' ? '.acts.t' : '.acts.l'), r = row.getBoundingClientRect();
                const g = group.getBoundingClientRect(), text = row.querySelector('.tx').getBoundingClientRect();
                const inset = parseFloat(getComputedStyle(rc, '::after').right);  // the column's end, from the row's
                const seen = [...group.querySelectorAll('button')].every(b => {
                  const box = b.getBoundingClientRect();
                  return document.elementFromPoint(box.left + 4, box.top + box.height / 2) === b
                    && document.elementFromPoint(box.right - 4, box.top + box.height / 2) === b;
                });
                const outside = side === 't' ? Math.min(innerWidth - 2, r.right - inset / 2) : Math.max(1, r.left + inset / 2);
                const beside = document.elementFromPoint(outside, g.top + g.height / 2);
                return {row: [r.left, r.right], group: [g.left, g.right], text: [text.left, text.right], inset, seen,
                        beside: beside && getComputedStyle(beside).backgroundColor}""",
                row, side)
            if side == "t":
                column_end = found["row"][1] - found["inset"]
                assert abs(found["group"][1] - column_end) <= 1, f"the trailing buttons end at {found['group'][1]}, the column at {column_end}"
                assert found["text"][1] <= found["group"][0] + 1, f"the text runs under the buttons: {found}"
            else:
                column_start = found["row"][0] + found["inset"]
                assert abs(found["group"][0] - column_start) <= 1, f"the leading buttons start at {found['group'][0]}, the column at {column_start}"
                assert found["text"][0] >= found["group"][1] - 1, f"the text runs under the buttons: {found}"
            assert found["seen"], f"a button is covered: {found}"
            if width == 1280 and style != "insetgrouped":
                assert found["inset"] > 200, "the readable column is the screen at 1280"
                assert found["beside"] == "rgb(255, 255, 255)", f"beside the buttons the row is {found['beside']}, not its cell's white"
            if width == 1280 and side == "t":
                look = os.path.join(tempfile.gettempdir(), f"listserver-swiped-{style}-{width}.png")
                browser.save_screenshot(look)
            rows(browser)[3].find_element(By.CSS_SELECTOR, ".tx").click()  # a touch elsewhere only closes it
            wait(browser, lambda d: row.get_attribute("data-open") is None, message="the row stayed open")
            animations_done(browser)
    finally:
        at_width(browser, 480)
