"""The section index as UITableView shows sectionIndexTitles: the data's own titles in order, all of them while
they fit the bar's height, else as many as fit (the first and last among them) with a dot for each run left out;
none when every title would be the same; none under sectionIndexMinimumDisplayRowCount."""
import json
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from conftest import Server, at_width, open_table, wait


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
    running = Server([arg for name in ("many", "few", "same", "wide") for arg in ("--import", str(folder / f"{name}.json"))])
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


def test_wide_titles_push_the_rows_in_by_the_bars_width(browser, index_server):
    """UIKit narrows the cells by the index's width: a title such as "Omicron" never covers a row's text."""
    for width in (360, 1280):
        at_width(browser, width, 800)
        try:
            open_table(browser, index_server, "wide")
            wait(browser, lambda d: len(bar(d)["titles"]) == 8, message="the bar does not show its eight titles")
            left = browser.execute_script("return document.querySelector('[data-role=index]').getBoundingClientRect().left")
            rights = browser.execute_script(
                "return [...document.querySelectorAll('[data-row-id]:not([hidden]) .rc')].map(e => e.getBoundingClientRect().right)")
            assert rights and max(rights) <= left, f"rows reach under the index at {width} px: {max(rights)} > {left}"
            assert left < width - 40, "the bar is not as wide as its titles"
        finally:
            at_width(browser, 480)

