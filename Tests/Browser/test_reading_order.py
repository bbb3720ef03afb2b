"""What assistive technology reads: the DOM order of the drawn rows and headers equals their order on screen
after any sequence of expand, collapse and scroll; the grid says how many rows it has and each row its place
("row 5 of 1,000,000"), level and place in its group; a hidden control takes no Tab stop; an input method's
composition searches only for the text it commits."""
import json
import random
import urllib.parse
import urllib.request

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import animations_done, api_window, at_width, open_table, wait
from screen_coverage import count_fetches, scroll_by, scroll_to, settle
from test_coverage import groups_server  # noqa: F401 (the fixture)

# The drawn rows and headers that assistive technology reads, in DOM order, with their places.
READ_ROWS = """
return [...document.querySelectorAll('.layer > [role=row]')].filter(e => !e.hidden && !e.inert).map(e => ({
  key: e.dataset.rowId ? 'r' + e.dataset.rowId : 'h' + e.dataset.sectionId, y: +e.dataset.y,
  rowId: e.dataset.rowId == null ? null : +e.dataset.rowId, sectionId: +e.dataset.sectionId,
  top: e.getBoundingClientRect().top, pinned: e.classList.contains('pinned'),
  section: +e.dataset.section, row: e.dataset.row == null ? null : +e.dataset.row,
  index: e.getAttribute('aria-rowindex'), level: e.getAttribute('aria-level'),
  posinset: e.getAttribute('aria-posinset'), setsize: e.getAttribute('aria-setsize'),
  text: e.textContent.trim().slice(0, 30)}));
"""
ROW_COUNT = "return document.querySelector('[role=treegrid], [role=grid]').getAttribute('aria-rowcount')"


def meta(server, dataset):
    return json.load(urllib.request.urlopen(f"{server.url}/api/datasets/{dataset}"))


def expected_places(sections, expanded):
    """Each header's and row's aria-rowindex for `expanded` section ids, and the row count, counted naively."""
    places, index = {}, 0
    for position, section in enumerate(sections):
        index += 1
        places[("h", position)] = index
        if section["id"] in expanded:
            for row in range(section["rowCount"]):
                index += 1
                places[("r", position, row)] = index
    return places, index


def assert_read_in_order(browser, label):
    items = browser.execute_script(READ_ROWS)
    assert items, label
    by_table = sorted(items, key=lambda item: item["y"])
    assert [i["key"] for i in items] == [i["key"] for i in by_table], \
        f"{label}: DOM order {[i['text'] for i in items][:12]} is not the table's"
    on_screen = [i for i in items if not i["pinned"]]
    assert on_screen == sorted(on_screen, key=lambda item: item["top"]), f"{label}: DOM order is not screen order"
    return items


def assert_places(browser, sections, expanded, label):
    places, total = expected_places(sections, expanded)
    wait(browser, lambda d: d.execute_script(ROW_COUNT) == str(total), message=f"{label}: aria-rowcount")
    for item in browser.execute_script(READ_ROWS):
        key = ("h", item["section"]) if item["row"] is None else ("r", item["section"], item["row"])
        assert item["index"] == str(places[key]), f"{label}: {item['text']} is row {item['index']}, not {places[key]}"
        assert item["level"] == ("1" if item["row"] is None else "2")
        in_group = (None, None) if item["row"] is None else (str(item["row"] + 1),
                                                             str(sections[item["section"]]["rowCount"]))
        assert (item["posinset"], item["setsize"]) == in_group, f"{label}: {item['text']} is not {in_group}"


def toggle(browser, section):
    """Scrolls down from the top until the section's header is drawn, then taps it."""
    selector = f"[data-section-id][data-section='{section}']:not([hidden])"
    scroll_to(browser, 0)
    settle(browser)
    for _ in range(40):
        if browser.find_elements(By.CSS_SELECTOR, selector):
            break
        scroll_by(browser, 500)
        settle(browser)
    header = browser.find_element(By.CSS_SELECTOR, selector)
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", header)
    settle(browser)
    header.click()
    settle(browser)
    animations_done(browser)


def test_dom_order_is_screen_order_and_rows_say_their_place_after_expand_collapse_and_scroll(browser, server):
    sections = meta(server, "friends")["sections"]
    at_width(browser, 768)
    try:
        open_table(browser, server, "friends")
        count_fetches(browser)
        settle(browser)
        expanded = set()
        steps = random.Random(51)
        for step in range(14):
            section = steps.randrange(len(sections)) if step > 2 else [0, 0, 0][step]
            toggle(browser, section)
            expanded ^= {sections[section]["id"]}
            if step % 4 == 3:
                scroll_by(browser, steps.choice([-400, 300, 900]))
                settle(browser)
            assert_read_in_order(browser, f"step {step}: section {section}")
            assert_places(browser, sections, expanded, f"step {step}")
    finally:
        at_width(browser, 480)


def test_a_row_deep_in_one_group_of_10000_says_its_place_in_the_grid_and_the_group(browser, groups_server):  # noqa: F811
    open_table(browser, groups_server, "one", "?expanded=all")
    count_fetches(browser)
    wait(browser, lambda d: d.execute_script(ROW_COUNT) == "10001", message="aria-rowcount")
    scroll_to(browser, 300_000)
    settle(browser)
    scroll_by(browser, -2_000)
    settle(browser)
    items = assert_read_in_order(browser, "deep in the group")
    rows = [i for i in items if i["row"] is not None]
    assert rows and all(i["index"] == str(i["row"] + 2) for i in rows), rows[:3]
    assert all((i["posinset"], i["setsize"]) == (str(i["row"] + 1), "10000") for i in rows), rows[:3]
    header = items[0]
    assert header["row"] is None and header["index"] == "1" and header["pinned"], "the pinned header reads first"


def search_places(server, dataset, query):
    """Each result header's and row's place among the rows a search's grid reads, counted naively from the JSON
    windows of the whole results, and their number."""
    seen, top = {}, 0
    while True:
        window = api_window(server, dataset, top=top, q=query, width=768)
        for header in window["headers"]:
            seen[("h", header["sectionId"])] = header["y"]
        for row in window["rows"]:
            seen[("r", row["id"])] = row["y"]
        top += 20_000
        if top >= window["contentHeight"]:
            break
    order = sorted(seen, key=lambda key: (seen[key], key[0] == "r"))
    return {key: str(index + 1) for index, key in enumerate(order)}, len(order)


def test_search_results_say_their_place_among_the_results_and_their_number(browser, groups_server):  # noqa: F811
    """A search's grid reads "row 5 of 17" among its results: aria-rowcount the matches and their headers, each
    row and header its place, also deep in the results and for a header carried above them."""
    query = "Friend 1"
    places, total = search_places(groups_server, "small", query)
    assert total > 300, total
    open_table(browser, groups_server, "small", "?q=" + urllib.parse.quote(query))
    count_fetches(browser)
    wait(browser, lambda d: d.execute_script(ROW_COUNT) == str(total), message="aria-rowcount of the results")
    height = browser.execute_script("return document.querySelector('[data-role=scroller]').scrollHeight")
    for top in [0, height // 3, height // 2 + 517, height]:
        scroll_to(browser, top)
        settle(browser)
        items = assert_read_in_order(browser, f"results at {top}")
        for item in items:
            key = ("h", item["sectionId"]) if item["row"] is None else ("r", item["rowId"])
            assert item["index"] == places[key], f"at {top}: {item['text']} reads as row {item['index']}, not {places[key]}"
    # Out of the search, the table's places again.
    browser.execute_script("""const field = document.querySelector('[data-role=search]');
      field.value = ''; field.dispatchEvent(new Event('input'));""")
    wait(browser, lambda d: d.execute_script(ROW_COUNT) not in (None, str(total)), message="the table's row count")


def test_the_hidden_cancel_takes_no_tab_stop(browser, server):
    open_table(browser, server, "friends")
    search = browser.find_element(By.CSS_SELECTOR, "[data-role=search]")
    cancel = browser.find_element(By.CSS_SELECTOR, "[data-action=cancel-search]")
    wait(browser, lambda d: d.execute_script("return document.styleSheets.length >= 3"))
    search.click()
    assert not cancel.is_displayed(), "Cancel shows with nothing to cancel"
    ActionChains(browser).send_keys(Keys.TAB).perform()
    focused = browser.switch_to.active_element
    assert focused.get_attribute("data-role") == "scroller", "Tab from the empty field stops on the hidden Cancel"
    search.click()
    search.send_keys("zz")
    wait(browser, lambda d: cancel.is_displayed(), message="no Cancel while searching")
    ActionChains(browser).send_keys(Keys.TAB).perform()
    assert browser.switch_to.active_element == cancel, "Tab from a search reaches Cancel"


def test_no_cancel_beside_an_empty_search_in_a_child_table_opened_by_its_address(browser, server):
    """The child table's form carries its address in a hidden field, which is no search to cancel."""
    child = next(row["child"] for row in api_window(server, "settings")["rows"] if row.get("child"))
    open_table(browser, server, "settings", f"?child={child}&lang=zh-Hans")
    wait(browser, lambda d: d.execute_script("return document.styleSheets.length >= 3"))
    cancel = browser.find_element(By.CSS_SELECTOR, "[data-action=cancel-search]")
    assert not cancel.is_displayed(), "Cancel shows beside an empty search field"
    browser.find_element(By.CSS_SELECTOR, "[data-role=search]").send_keys("Wi")
    wait(browser, lambda d: cancel.is_displayed(), message="no Cancel while searching the child table")


def test_an_input_method_searches_only_for_the_text_it_commits(browser, server):
    open_table(browser, server, "friends")
    wait(browser, lambda d: d.execute_script("return document.styleSheets.length >= 3"))
    browser.execute_script("""
        window.searched = [];
        const real = window.fetch;
        window.fetch = (url, options) => {
          const q = new URL(String(url), location.href).searchParams.get('q');
          if (q != null) window.searched.push(q);
          return real(url, options);
        };""")
    browser.find_element(By.CSS_SELECTOR, "[data-role=search]").click()
    for text in ("n", "ni", "nih", "niha", "nihao"):  # pinyin being composed, as an IME shows it
        browser.execute_cdp_cmd("Input.imeSetComposition", {"text": text, "selectionStart": len(text),
                                                            "selectionEnd": len(text)})
        browser.execute_script("return new Promise(r => setTimeout(r, 200))")  # longer than typing's pause
    assert browser.execute_script("return window.searched") == [], "searched while composing"
    browser.execute_cdp_cmd("Input.insertText", {"text": "你好"})  # committed
    wait(browser, lambda d: urllib.parse.parse_qs(urllib.parse.urlparse(d.current_url).query).get("q") == ["你好"],
         message="the committed text was not searched")
    assert set(browser.execute_script("return window.searched")) == {"你好"}
