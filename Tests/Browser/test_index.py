"""The section index as UITableView shows sectionIndexTitles: the data's own titles in order, all of them while
they fit the bar's height, else as many as fit (the first and last among them) with a dot for each run left out;
none when every title would be the same; none under sectionIndexMinimumDisplayRowCount."""
import json
import urllib.request

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from conftest import Server, animations_done, at_width, open_table, wait


@pytest.fixture(scope="module")
def index_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("index")
    many = [{"header": f"Part {n}", "indexTitle": f"{n}", "rows": [{"text": f"Row {n}"}]} for n in range(1, 201)]
    (folder / "many.json").write_text(json.dumps({"table": {"style": "plain", "sections": many}}))
    few = [{"header": letter, "indexTitle": letter, "rows": [{"text": letter}]} for letter in "ABC"]
    (folder / "few.json").write_text(json.dumps({"table": {"sectionIndexMinimumDisplayRowCount": 4, "sections": few}}))
    greek = ["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Omicron", "Upsilon", "Zeta"]
    wide = [{"header": title, "indexTitle": title, "rows": [{"text": f"{title} row {n} " + "long text " * 8} for n in range(3)]}
            for title in greek]
    (folder / "wide.json").write_text(json.dumps({"table": {"style": "plain", "sections": wide}}))
    (folder / "same.json").write_text(json.dumps([{"name": f"Group {n}", "items": [f"Item {n}"]} for n in range(40)]))
    for style in ("plain", "grouped", "insetGrouped"):
        lettered = [{"header": f"Section {letter}", "indexTitle": letter, "footer": f"Footer {letter}",
                     "rows": [{"text": f"Item {letter}{n}", "accessory": "disclosureIndicator", "editingStyle": "delete",
                               "canMove": True, "trailingActions": [{"title": "Delete", "style": "destructive", "delete": True}]}
                              for n in range(6)]} for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"]
        (folder / f"{style.lower()}.json").write_text(json.dumps({"table": {"style": style, "sections": lettered}}))
    long = [{"header": f"Section {letter}{n}", "indexTitle": letter, "rows": [{"text": f"Item {letter}{n}.{r}"} for r in range(6)]}
            for n in range(60) for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"]
    (folder / "long.json").write_text(json.dumps({"table": {"style": "plain", "sections": long}}))
    names = ("many", "few", "same", "wide", "plain", "grouped", "insetgrouped", "long")
    running = Server([arg for name in names for arg in ("--import", str(folder / f"{name}.json"))])
    yield running
    running.stop()


def bar(driver):
    return driver.execute_script("""
        const index = document.querySelector('[data-role=index]'), b = index.getBoundingClientRect();
        const shown = [...index.querySelectorAll('a')].filter(a => a.offsetHeight > 0);
        const scroller = document.querySelector('[data-role=scroller]').getBoundingClientRect();
        return {top: b.top, bottom: b.bottom, scrollerTop: scroller.top, scrollerBottom: scroller.bottom,
                titles: shown.map(a => a.classList.contains('elided') ? '•' : a.textContent),
                dots: shown.filter(a => a.classList.contains('elided')).map(a => getComputedStyle(a, '::after').content)}""")


def test_titles_that_do_not_fit_give_way_to_dots_and_all_show_when_they_fit(browser, index_server):
    at_width(browser, 480, 700)
    try:
        open_table(browser, index_server, "many")
        wait(browser, lambda d: "•" in bar(d)["titles"], message="no dots on a bar of 200 titles in 700 px")
        shown = bar(browser)
        assert shown["top"] >= shown["scrollerTop"] and shown["bottom"] <= shown["scrollerBottom"], shown
        titles = shown["titles"]
        assert titles[0] == "1" and titles[-1] == "200", titles
        assert all((title == "•") == (at % 2 == 1) for at, title in enumerate(titles)), f"titles and dots do not alternate: {titles}"
        numbers = [int(title) for title in titles if title != "•"]
        assert numbers == sorted(numbers) and len(numbers) >= 10, numbers
        assert set(shown["dots"]) == {'"•"'}
        dots = browser.find_elements(By.CSS_SELECTOR, "[data-role=index] a.elided")
        dot = dots[len(dots) // 2]
        target = int(dot.get_attribute("data-section"))
        dot.click()
        wait(browser, lambda d: any(h.text.lower().startswith(f"part {target + 1}") for h in d.find_elements(By.CSS_SELECTOR, "[data-cell=header]")),
             message="a dot does not jump to the sections it stands for")
        at_width(browser, 480, 4000)
        wait(browser, lambda d: len(bar(d)["titles"]) == 200, message="with room for every title, some stay hidden")
    finally:
        at_width(browser, 480)


def test_no_index_under_the_minimum_row_count_or_when_every_title_is_the_same(index_server):
    for dataset in ("few", "same"):
        meta = json.load(urllib.request.urlopen(f"{index_server.url}/api/datasets/{dataset}"))
        assert meta["indexTitles"] == [], (dataset, meta["indexTitles"])


def test_wide_titles_push_the_rows_content_in_by_the_bars_width(browser, index_server):
    """UIKit insets the cells' content by the index's width: a title such as "Omicron" never covers a row's text."""
    for width in (360, 1280):
        at_width(browser, width, 800)
        try:
            open_table(browser, index_server, "wide")
            wait(browser, lambda d: len(bar(d)["titles"]) == 8, message="the bar does not show its eight titles")
            left = browser.execute_script("return document.querySelector('[data-role=index]').getBoundingClientRect().left")
            rights = browser.execute_script(
                "return [...document.querySelectorAll('[data-row-id]:not([hidden]) .tx')].map(e => e.getBoundingClientRect().right)")
            assert rights and max(rights) <= left, f"rows reach under the index at {width} px: {max(rights)} > {left}"
            assert left < width - 40, "the bar is not as wide as its titles"
        finally:
            at_width(browser, 480)



GEOMETRY = """
const scroller = document.querySelector('[data-role=scroller]'), s = scroller.getBoundingClientRect();
const index = document.querySelector('[data-role=index]').getBoundingClientRect(), rtl = document.dir === 'rtl';
const seen = e => { const b = e.getBoundingClientRect(); return b.bottom > s.top && b.top < s.bottom && b.height > 0; };
const box = e => { const b = e.getBoundingClientRect(); return [b.left, b.right]; };
const rows = [...document.querySelectorAll('[data-row-id]:not([hidden])')].filter(seen);
const headers = [...document.querySelectorAll('[data-cell=header]:not([hidden])')].filter(seen);
return {rtl, width: innerWidth, scroller: [s.left, s.left + scroller.clientWidth], index: [index.left, index.right],
        cells: rows.map(r => box(r.querySelector('.rc'))),
        contents: rows.map(r => [...r.querySelectorAll('.tx, .acc, .grip, .minus')].filter(e => e.offsetWidth).map(box)).flat(),
        headers: headers.map(box), titles: headers.map(h => box(h.querySelector('.ht') || h))};
"""


def geometry(driver, server, dataset, width, query=""):
    """Where the visible cells, their content, the headers and the index are, at `width` px."""
    at_width(driver, width, 800)
    open_table(driver, server, dataset, query)
    wait(driver, lambda d: len(d.execute_script(GEOMETRY)["cells"]) > 3, message=f"{dataset} shows no rows")
    # The bar is placed and measured by the page's later modules.
    wait(driver, lambda d: d.execute_script("return getComputedStyle(document.querySelector('[data-role=scroller]'))"
                                            ".getPropertyValue('--index-inset')") != "", message="the index was not measured")
    return driver.execute_script(GEOMETRY)


def clear_of_the_index(found):
    """Whether every box in `contents` ends before the index (starts after it, right to left)."""
    left, right = found["index"]
    return all(r <= left + 0.5 for _, r in found["contents"]) if not found["rtl"] else all(l >= right - 0.5 for l, _ in found["contents"])


@pytest.mark.parametrize("query", ["", "?lang=ar"])
@pytest.mark.parametrize("width", [360, 768, 1280])
@pytest.mark.parametrize("style", ["plain", "grouped"])
def test_plain_and_grouped_cells_run_behind_the_index_and_their_content_ends_before_it(browser, index_server, style, width, query):
    """UITableView with a section index: the cells (and plain style's header bands) run to the screen's edge behind
    the index; only their content, accessories and edit controls are inset on the trailing side to make room."""
    try:
        for editing in (False, True):
            found = geometry(browser, index_server, style, width, query)
            if editing:
                browser.find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
                wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".editing .grip"), message="no edit mode")
                found = browser.execute_script(GEOMETRY)
            left, right = found["scroller"]
            assert all(abs(l - left) <= 0.5 and abs(r - right) <= 0.5 for l, r in found["cells"]), \
                f"cells do not reach the list's edges {found['scroller']} at {width} px: {found['cells'][:3]}"
            if style == "plain":
                assert found["headers"] and all(abs(l - left) <= 0.5 and abs(r - right) <= 0.5 for l, r in found["headers"]), \
                    f"header bands do not reach the list's edges {found['scroller']}: {found['headers'][:3]}"
            assert clear_of_the_index(found), f"content under the index {found['index']}: {found['contents'][:6]}"
            assert clear_of_the_index({**found, "contents": found["titles"]}), f"a header's title under the index: {found['titles'][:3]}"
    finally:
        at_width(browser, 480)


@pytest.mark.parametrize("query", ["", "?lang=ar"])
@pytest.mark.parametrize("width", [360, 768, 1280])
def test_inset_grouped_cards_keep_their_leading_margin_and_end_before_the_index(browser, index_server, width, query):
    """UIKit makes room for the index on the trailing side only: the cards keep the leading margin they have
    without one (16 px on a phone, centred in the readable width on a wide screen) and end before the index."""
    try:
        found = geometry(browser, index_server, "insetgrouped", width, query)
        left, right = found["scroller"]
        leading = [l - left for l, _ in found["cells"]] if not found["rtl"] else [right - r for _, r in found["cells"]]
        expected = max(16, (right - left - 760) / 2 + 16)
        assert all(abs(margin - expected) <= 1 for margin in leading), f"leading margins {set(leading)}, not {expected}, at {width} px"
        assert clear_of_the_index({**found, "contents": found["cells"]}), f"cards under the index {found['index']}: {found['cells'][:3]}"
        gap = found["index"][0] - max(r for _, r in found["cells"]) if not found["rtl"] else min(l for l, _ in found["cells"]) - found["index"][1]
        if right - left < 760 + 2 * 44:  # the index stands beside the cards' readable column: they give it room
            assert 8 <= gap <= 24, f"the cards end {gap} px before the index"
        else:  # the index stands in the margin: the cards stay centred
            trailing = right - max(r for _, r in found["cells"]) if not found["rtl"] else min(l for l, _ in found["cells"]) - left
            assert abs(trailing - expected) <= 1, f"the cards are not centred: margins {expected} and {trailing}"
    finally:
        at_width(browser, 480)


@pytest.mark.parametrize("query", ["", "?lang=ar"])
def test_a_swiped_rows_delete_runs_behind_the_index_with_its_title_clear_of_it(browser, index_server, query):
    """The trailing buttons run to the row's end, as the row does, behind the index, in the colour of the one at the
    end, whose title stays clear of the index's titles."""
    at_width(browser, 360, 800)
    try:
        open_table(browser, index_server, "plain", query)
        row = wait(browser, lambda d: [r for r in d.find_elements(By.CSS_SELECTOR, "[data-row-id]:not([hidden])")
                                       if r.rect["y"] > 200], message="no row to swipe")[0]
        content = row.find_element(By.CSS_SELECTOR, ".rc")
        step = 30 if query else -30  # towards the trailing buttons: to the right, right to left
        chain = ActionChains(browser).move_to_element_with_offset(content, -step * 3, 0).click_and_hold()
        for _ in range(5):
            chain = chain.move_by_offset(step, 0)
        chain.release().perform()
        wait(browser, lambda d: row.get_attribute("data-open") == "t", message="the swipe did not open the trailing buttons")
        animations_done(browser)
        found = browser.execute_script("""
            const group = arguments[0].querySelector('.acts.t'), button = group.querySelector('button'), text = document.createRange();
            text.selectNodeContents(button);
            const b = group.getBoundingClientRect(), t = text.getBoundingClientRect();
            const i = document.querySelector('[data-role=index]').getBoundingClientRect();
            return {rtl: document.dir === 'rtl', button: [b.left, b.right], title: [t.left, t.right], index: [i.left, i.right],
                    colours: [getComputedStyle(group).backgroundColor, getComputedStyle(button).backgroundColor]}""", row)
        assert found["colours"][0] == found["colours"][1], f"behind the index the buttons' end is {found['colours'][0]}"
        if found["rtl"]:
            assert found["button"][0] <= 0.5 and found["title"][0] >= found["index"][1] + 4, found
        else:
            assert found["button"][1] >= 359.5 and found["title"][1] <= found["index"][0] - 4, found
    finally:
        at_width(browser, 480)


SKELETON = """
const found = () => {
  const p = [...document.querySelectorAll('[data-role=placeholder]:not(.sk-hdr)')].find(e => !e.hidden && e.offsetHeight > 100);
  if (!p) return null;
  const s = getComputedStyle(p), line = getComputedStyle(p, '::after'), rtl = document.dir === 'rtl';
  // Mirrored right to left: its left padding is the leading one, its separator's right the trailing inset.
  const rc = [...document.querySelectorAll('[data-row-id]:not([hidden]) .rc')][0], row = getComputedStyle(rc), rowLine = getComputedStyle(rc, '::after');
  return {leading: parseFloat(s.paddingLeft), trailing: parseFloat(s.paddingRight), separatorEnd: parseFloat(line.right),
          rowLeading: parseFloat(rtl ? row.paddingRight : row.paddingLeft), rowTrailing: parseFloat(rtl ? row.paddingLeft : row.paddingRight),
          rowSeparatorEnd: parseFloat(rtl ? rowLine.left : rowLine.right)};
};
window.skeleton = null;
new MutationObserver(() => (window.skeleton ??= found())).observe(document.querySelector('.layer'), {subtree: true, childList: true, attributes: true});
const scroller = document.querySelector('[data-role=scroller]');
scroller.scrollTop = scroller.scrollHeight / 3;
"""


@pytest.mark.parametrize("query", ["", "?lang=ar"])
@pytest.mark.parametrize("width", [360, 1280])
def test_skeleton_rows_line_up_with_the_rows_beside_the_index(browser, index_server, width, query):
    """The placeholder rows a jump shows keep the rows' margins and end their separators where the rows' end."""
    at_width(browser, width, 800)
    try:
        open_table(browser, index_server, "long", query)
        wait(browser, lambda d: d.execute_script("return getComputedStyle(document.querySelector('[data-role=scroller]'))"
                                                ".getPropertyValue('--index-inset')") != "", message="the index was not measured")
        browser.execute_script(SKELETON)
        skeleton = wait(browser, lambda d: d.execute_script("return window.skeleton"), message="a jump showed no skeleton rows")
        assert skeleton["leading"] == skeleton["rowLeading"] and skeleton["trailing"] == skeleton["rowTrailing"], skeleton
        assert abs(skeleton["separatorEnd"] - skeleton["rowSeparatorEnd"]) <= 0.5, skeleton
    finally:
        at_width(browser, 480)
